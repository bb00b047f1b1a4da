//! Progress of a long search, readable from another thread.
//!
//! A [`Progress`] given to a [`Budget`](crate::Budget) with
//! [`with_progress`](crate::Budget::with_progress) is written by the search
//! every so many nodes: the nodes tried, the solutions found, and Knuth's
//! estimate of the fraction of the search tree already walked. A progress
//! bar reads it from another thread while the search runs.

use std::sync::atomic::{AtomicU64, Ordering};

use std::time::Duration;

use crate::util::text::{percent, thousands};

/// How often a search writes its progress by default: every 16,384 nodes.
const EVERY: u64 = 1 << 14;

/// The progress of a search, shared between the search and its readers.
///
/// # Knuth's estimate
///
/// DLX1's progress report shows, for each level `l`, the option being tried
/// as "`k_l` of `d_l`": it is the `k_l`-th of the `d_l` options of the item
/// chosen at that level. If every subtree at a level were the same size, the
/// part of the tree walked so far would be
///
/// ```text
/// (k_0 - 1)/d_0 + (k_1 - 1)/(d_0 d_1) + ... + (k_l - 1)/(d_0 ... d_l) + 1/(2 d_0 ... d_l)
/// ```
///
/// (the last term puts the current node halfway through its own subtree,
/// so the estimate drops a little each time the search goes down a level;
/// the part before it only grows). It is exact for trees whose subtrees at
/// each level are alike; for others it is a guide, not a promise.
///
/// ```
/// use std::sync::Arc;
/// use exactcover::problem::classic as problems;
/// use exactcover::{Budget, Progress, Solver};
///
/// let progress = Arc::new(Progress::new());
/// let mut solver = Solver::new(&problems::queens(10));
/// solver.set_budget(Budget::new().with_progress(progress.clone()));
/// let count = solver.count(None)?;
/// assert_eq!(count.solutions, 724);
/// // The last report came before the search ended.
/// assert!(progress.nodes() <= solver.stats().nodes);
/// assert!((0.0..=1.0).contains(&progress.estimate()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Progress {
    every: u64,
    nodes: AtomicU64,
    solutions: AtomicU64,
    /// The estimate, as the bits of an `f64`.
    estimate: AtomicU64,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress::new()
    }
}

impl Progress {
    /// A progress written every 16,384 nodes.
    ///
    /// ```
    /// let progress = exactcover::Progress::new();
    /// assert_eq!((progress.nodes(), progress.estimate()), (0, 0.0));
    /// ```
    #[must_use]
    pub fn new() -> Progress {
        Progress::every(EVERY)
    }

    /// A progress written every `nodes` nodes, rounded up to a power of two
    /// (at least 1). Each report walks the lists of the items on the search's
    /// path, so reporting every node is for tests and tiny problems.
    ///
    /// ```
    /// let progress = exactcover::Progress::every(1000);
    /// assert_eq!(progress.interval(), 1024);
    /// ```
    #[must_use]
    pub fn every(nodes: u64) -> Progress {
        Progress {
            every: nodes.max(1).checked_next_power_of_two().unwrap_or(1 << 63),
            nodes: AtomicU64::new(0),
            solutions: AtomicU64::new(0),
            estimate: AtomicU64::new(0f64.to_bits()),
        }
    }

    /// How many nodes apart the reports are (a power of two).
    ///
    /// ```
    /// assert_eq!(exactcover::Progress::new().interval(), 16_384);
    /// ```
    #[must_use]
    pub fn interval(&self) -> u64 {
        self.every
    }

    /// The nodes the search had tried at its latest report.
    ///
    /// ```
    /// assert_eq!(exactcover::Progress::new().nodes(), 0);
    /// ```
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The solutions the search had found at its latest report.
    ///
    /// ```
    /// assert_eq!(exactcover::Progress::new().solutions(), 0);
    /// ```
    #[must_use]
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// Knuth's estimate of the fraction of the search tree walked at the
    /// latest report, from 0 to 1 (see [`Progress`]).
    ///
    /// ```
    /// assert_eq!(exactcover::Progress::new().estimate(), 0.0);
    /// ```
    #[must_use]
    pub fn estimate(&self) -> f64 {
        f64::from_bits(self.estimate.load(Ordering::Relaxed))
    }

    /// The line that shows a long count's progress: `WHAT: 12,345
    /// solutions, 6,789,012 nodes, 3.21% of the tree, 42s` (the fraction is
    /// Knuth's estimate; below 0.01% it is written like `2.5e-9%`), after
    /// `elapsed`.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// let progress = exactcover::Progress::new();
    /// let line = progress.status("-:1", Duration::from_secs(3));
    /// assert_eq!(line, "-:1: 0 solutions, 0 nodes, 0.00% of the tree, 3s");
    /// ```
    #[must_use]
    pub fn status(&self, what: &str, elapsed: Duration) -> String {
        format!(
            "{what}: {} solutions, {} nodes, {} of the tree, {}s",
            thousands(self.solutions()),
            thousands(self.nodes()),
            percent(self.estimate()),
            elapsed.as_secs()
        )
    }

    /// Whether a search that has tried `nodes` should report.
    #[inline]
    pub(crate) fn is_due(&self, nodes: u64) -> bool {
        nodes & (self.every - 1) == 0
    }

    /// Writes a report.
    pub(crate) fn record(&self, nodes: u64, solutions: u64, estimate: f64) {
        self.nodes.store(nodes, Ordering::Relaxed);
        self.solutions.store(solutions, Ordering::Relaxed);
        self.estimate.store(estimate.to_bits(), Ordering::Relaxed);
    }
}

/// Knuth's estimate `fraction` of the part of a search tree walked, in
/// words: `about 3.21% of the search tree (Knuth's estimate)`, where `tree`
/// names the tree; below 0.01% the percentage has an exponent (`2.5e-9%`).
///
/// ```
/// use exactcover::engine::describe_estimate;
///
/// assert_eq!(
///     describe_estimate(0.0321, "the search tree"),
///     "about 3.21% of the search tree (Knuth's estimate)"
/// );
/// ```
#[must_use]
pub fn describe_estimate(fraction: f64, tree: &str) -> String {
    format!("about {} of {tree} (Knuth's estimate)", percent(fraction))
}
