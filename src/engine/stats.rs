//! Statistics of a search.
//!
//! [`Stats`] counts what a search did: the options it tried (the nodes of
//! the search tree), the link updates as Knuth counts them, the solutions and
//! the deepest level. Counters are `u64`: at one solution per nanosecond a
//! `u64` lasts 584 years, so none can overflow in a search that ends; they
//! saturate rather than wrap all the same.

/// Statistics of one search.
///
/// `nodes` counts the options tried (the nodes of the search tree below its
/// root); `updates` counts link changes as Knuth's DLX1 does (one per item
/// removed from the item list by `cover`, one per node removed from an item's
/// list by `hide`, and one for an item chosen with no option left, which DLX1
/// and DLX6 cover before they back up; the cheapest-first search counts as
/// DLX5, which backs up without covering); `max_depth` is the deepest level reached (the most options
/// chosen at once by the search, not counting pre-selected ones).
///
/// ```
/// use exactcover::{Problem, Solver};
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(2);
/// problem.add_option([0])?;
/// problem.add_option([1])?;
/// problem.add_option([0, 1])?;
/// let mut solver = Solver::new(&problem);
/// let count = solver.count(None)?;
/// assert_eq!(count.solutions, 2);
/// let stats = solver.stats();
/// assert_eq!(stats.solutions, 2);
/// assert_eq!(stats.nodes, 3); // {0}, then {1} under it, and {0, 1}
/// assert_eq!(stats.max_depth, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// Options tried: the nodes of the search tree, its root excluded.
    pub nodes: u64,
    /// Link updates, counted as Knuth counts them.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The greatest number of options chosen at once by the search.
    pub max_depth: usize,
}

/// The figures a command's `--stats` shows first, one a line: `nodes: N`,
/// `updates: N`, `max depth: N` (the solutions are said apart, since a
/// count may be more than a `u64` or marked `+` or `?`).
///
/// ```
/// let stats = exactcover::Stats::default();
/// assert_eq!(stats.to_string(), "nodes: 0\nupdates: 0\nmax depth: 0");
/// ```
impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "nodes: {}\nupdates: {}\nmax depth: {}",
            self.nodes, self.updates, self.max_depth
        )
    }
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.updates = self.updates.saturating_add(other.updates);
        self.solutions = self.solutions.saturating_add(other.solutions);
        self.max_depth = self.max_depth.max(other.max_depth);
    }
}
