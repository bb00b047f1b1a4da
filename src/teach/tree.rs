//! Recording the search tree.
//!
//! A [`SearchTree`] is the tree that Algorithm X walks, recorded by an
//! [`Observer`] as the search goes: the root (nothing chosen), then one
//! [`TreeNode`] per option tried, each with its [`Outcome`] (the item it
//! branched on next, a solution, or a dead end). The teaching pictures
//! ([`svg`](crate::teach::svg)) draw it; anything else may read it.
//!
//! ```
//! let langford = exactcover::problem::classic::langford(3);
//! let tree = exactcover::teach::tree::SearchTree::record(&langford, 50)?;
//! assert_eq!(tree.solutions(), 2);
//! # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use crate::engine::{Budget, Observer, SearchEnd, Solver};
use crate::problem::Labels;
use crate::problem::Problem;

/// The search tried more options than a [`SearchTree`] was allowed to record.
///
/// ```
/// let queens = exactcover::problem::classic::queens(6);
/// let err = exactcover::teach::tree::SearchTree::record(&queens, 10).unwrap_err();
/// assert_eq!(err.max_nodes, 10);
/// assert_eq!(err.to_string(), "the search tree has more than 10 nodes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TooManyNodes {
    /// The most nodes allowed (the root not counted).
    pub max_nodes: usize,
}

impl fmt::Display for TooManyNodes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the search tree has more than {} nodes", self.max_nodes)
    }
}

impl std::error::Error for TooManyNodes {}

/// What became of one node of the search tree.
///
/// ```
/// use exactcover::teach::tree::{Outcome, SearchTree};
///
/// // Items A and B; options {A}, {A B}, {B}. A is chosen first (the first
/// // of the shortest); after {A}, B has one option left, {B}: a solution;
/// // {A B} is a solution by itself.
/// let toy = exactcover::Problem::from_options([&["A"][..], &["A", "B"], &["B"]]).unwrap();
/// let tree = SearchTree::record(&toy, 10)?;
/// let outcomes: Vec<Outcome> = tree.nodes().iter().map(|n| n.outcome).collect();
/// assert_eq!(
///     outcomes,
///     [
///         Outcome::Branch { item: 0, options: 2 },
///         Outcome::Branch { item: 1, options: 1 },
///         Outcome::Solution(1),
///         Outcome::Solution(2),
///     ]
/// );
/// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The search branched here on an item with this many options.
    Branch {
        /// The item chosen.
        item: usize,
        /// Its number of options.
        options: usize,
    },
    /// Every primary item is covered: solution number `n` (from 1).
    Solution(u64),
    /// The item chosen here has no options left.
    DeadEnd {
        /// The item that cannot be covered.
        item: usize,
    },
}

/// One node of a [`SearchTree`].
///
/// ```
/// let toy = exactcover::Problem::from_options([["A"], ["A"]]).unwrap();
/// let tree = exactcover::teach::tree::SearchTree::record(&toy, 10)?;
/// let root = &tree.nodes()[0];
/// assert_eq!((root.option, root.depth, root.children.len()), (None, 0, 2));
/// assert_eq!(tree.nodes()[2].option, Some(1));
/// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TreeNode {
    /// The option tried (`None` for the root).
    pub option: Option<usize>,
    /// The number of options chosen on the path to this node: 0 for the
    /// root, 1 for the options tried first.
    pub depth: usize,
    /// What happened after the option was tried.
    pub outcome: Outcome,
    /// The nodes below, in the order they were tried.
    pub children: Vec<usize>,
}

/// The search tree of a problem, recorded by an [`Observer`].
///
/// Node 0 is the root (nothing chosen yet); every other node is an option
/// tried, so there are [`Stats::nodes`](crate::Stats::nodes) + 1 nodes.
///
/// ```
/// use exactcover::teach::tree::{Outcome, SearchTree};
///
/// let queens = exactcover::problem::classic::queens(4);
/// let tree = SearchTree::record(&queens, 100)?;
/// let mut solver = exactcover::Solver::new(&queens);
/// solver.count(None)?;
/// assert_eq!(tree.node_count() as u64, solver.stats().nodes);
/// assert_eq!(tree.solutions(), 2);
/// assert!(matches!(tree.nodes()[0].outcome, Outcome::Branch { options: 4, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SearchTree {
    nodes: Vec<TreeNode>,
    item_names: Vec<String>,
    option_names: Vec<String>,
}

/// The observer that records the tree.
struct Recorder {
    nodes: Vec<TreeNode>,
    /// `path[l]` is the node whose choice is made at level `l`.
    path: Vec<usize>,
    solutions: u64,
}

impl Observer for Recorder {
    fn choose(&mut self, level: usize, item: usize, options: usize) {
        self.path.truncate(level + 1);
        if let Some(&node) = self.path.get(level) {
            self.nodes[node].outcome = if options == 0 {
                Outcome::DeadEnd { item }
            } else {
                Outcome::Branch { item, options }
            };
        }
    }

    fn try_option(&mut self, level: usize, option: usize) {
        self.path.truncate(level + 1);
        let Some(&parent) = self.path.get(level) else {
            return;
        };
        let node = self.nodes.len();
        self.nodes.push(TreeNode {
            option: Some(option),
            depth: level + 1,
            outcome: Outcome::Solution(0),
            children: Vec::new(),
        });
        self.nodes[parent].children.push(node);
        self.path.push(node);
    }

    fn abort(&mut self, level: usize, _option: usize) {
        // An aborted option is no node of the tree: take back the node
        // `try_option` made for it.
        self.path.truncate(level + 1);
        let (Some(&parent), Some(node)) = (self.path.get(level), self.nodes.len().checked_sub(1))
        else {
            return;
        };
        if self.nodes[parent].children.last() == Some(&node) {
            self.nodes[parent].children.pop();
            self.nodes.pop();
        }
    }

    fn solution(&mut self, level: usize) {
        self.solutions += 1;
        self.path.truncate(level + 1);
        if let Some(&node) = self.path.get(level) {
            self.nodes[node].outcome = Outcome::Solution(self.solutions);
        }
    }
}

/// Runs `solver`'s search until `solutions` solutions are found (at least
/// 1), within `max_nodes` nodes, and returns the tree it walked.
fn walk(
    solver: &mut Solver,
    max_nodes: usize,
    solutions: u64,
) -> Result<Vec<TreeNode>, TooManyNodes> {
    solver.set_budget(Budget::new().with_max_nodes(max_nodes as u64));
    let mut recorder = Recorder {
        nodes: vec![TreeNode {
            option: None,
            depth: 0,
            outcome: Outcome::Solution(0),
            children: Vec::new(),
        }],
        path: vec![0],
        solutions: 0,
    };
    let mut found = 0u64;
    let end = solver.visit_observed(&mut recorder, |_| {
        found += 1;
        if found >= solutions.max(1) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let SearchEnd::Interrupted(_) = end {
        return Err(TooManyNodes { max_nodes });
    }
    Ok(recorder.nodes)
}

impl SearchTree {
    /// Searches `problem` for all its solutions, recording the tree.
    ///
    /// # Errors
    ///
    /// [`TooManyNodes`] when the search tries more than `max_nodes`
    /// options (the search stops there).
    ///
    /// ```
    /// use exactcover::teach::tree::SearchTree;
    /// let queens = exactcover::problem::classic::queens(6);
    /// let err = SearchTree::record(&queens, 10).unwrap_err();
    /// assert_eq!(err.max_nodes, 10);
    /// ```
    pub fn record(problem: &Problem, max_nodes: usize) -> Result<SearchTree, TooManyNodes> {
        SearchTree::record_up_to(problem, max_nodes, u64::MAX)
    }

    /// Searches `problem` until `solutions` solutions are found (at least
    /// 1), recording the tree the search walked: with 1, the search that
    /// finds the first solution and stops, as `exactcover solve` runs it.
    ///
    /// # Errors
    ///
    /// [`TooManyNodes`] when the search tries more than `max_nodes`
    /// options (the search stops there).
    ///
    /// ```
    /// use exactcover::teach::tree::SearchTree;
    /// let queens = exactcover::problem::classic::queens(6);
    /// let all = SearchTree::record(&queens, 1_000)?;
    /// let first = SearchTree::record_up_to(&queens, 1_000, 1)?;
    /// assert_eq!((all.solutions(), first.solutions()), (4, 1));
    /// assert!(first.node_count() < all.node_count());
    /// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
    /// ```
    pub fn record_up_to(
        problem: &Problem,
        max_nodes: usize,
        solutions: u64,
    ) -> Result<SearchTree, TooManyNodes> {
        let nodes = walk(&mut Solver::new(problem), max_nodes, solutions)?;
        // Every item and option named, not only those the search met.
        Ok(SearchTree {
            nodes,
            item_names: (0..problem.item_count())
                .map(|i| problem.item_label(i))
                .collect(),
            option_names: (0..problem.option_count())
                .map(|o| Labels::option(problem, o))
                .collect(),
        })
    }

    /// Runs `solver`'s search (with whatever it has selected) until
    /// `solutions` solutions are found (at least 1), recording the tree,
    /// items and options named by `labels` (those the search met: the items
    /// chosen and the options tried). The solver's budget is replaced by one
    /// of `max_nodes` nodes.
    ///
    /// # Errors
    ///
    /// [`TooManyNodes`] when the search tries more than `max_nodes`
    /// options (the search stops there).
    ///
    /// ```
    /// use exactcover::problem::{FnLabels, classic::queens};
    /// use exactcover::teach::tree::SearchTree;
    ///
    /// // Six queens with a queen on rank 0, file 1 chosen first; options
    /// // named as squares.
    /// let problem = queens(6);
    /// let mut solver = exactcover::Solver::new(&problem);
    /// solver.select(1)?;
    /// let squares = FnLabels::new(|i| format!("item {i}"), |o| format!("queen at {}{}", o / 6, o % 6));
    /// let tree = SearchTree::record_search(&mut solver, &squares, 100, 1)?;
    /// assert_eq!(tree.solutions(), 1);
    /// assert!(tree.nodes()[1..].iter().all(|n| n.option != Some(1)));
    /// assert_eq!(tree.option_name(tree.nodes()[1].option.unwrap()), Some("queen at 13"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record_search(
        solver: &mut Solver,
        labels: &impl Labels,
        max_nodes: usize,
        solutions: u64,
    ) -> Result<SearchTree, TooManyNodes> {
        let nodes = walk(solver, max_nodes, solutions)?;
        // The highest item chosen and option tried bound the names needed.
        let (mut items, mut options) = (0, 0);
        for node in &nodes {
            if let Some(o) = node.option {
                options = options.max(o + 1);
            }
            if let Outcome::Branch { item, .. } | Outcome::DeadEnd { item } = node.outcome {
                items = items.max(item + 1);
            }
        }
        Ok(SearchTree {
            nodes,
            item_names: (0..items).map(|i| labels.item(i)).collect(),
            option_names: (0..options).map(|o| labels.option(o)).collect(),
        })
    }

    /// The nodes, the root first, then in the order they were tried.
    ///
    /// ```
    /// let toy = exactcover::Problem::from_options([&["A"][..], &["B"], &["A", "B"]]).unwrap();
    /// let tree = exactcover::teach::tree::SearchTree::record(&toy, 10)?;
    /// assert_eq!(tree.nodes()[0].children, [1, 3]);
    /// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
    /// ```
    #[must_use]
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// The number of options tried: the nodes, the root not counted, as
    /// [`Stats::nodes`](crate::Stats::nodes) counts them.
    ///
    /// ```
    /// let toy = exactcover::Problem::from_options([&["A"][..], &["B"], &["A", "B"]]).unwrap();
    /// assert_eq!(exactcover::teach::tree::SearchTree::record(&toy, 10)?.node_count(), 3);
    /// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
    /// ```
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 1
    }

    /// The number of solutions (leaves marked as solutions).
    ///
    /// ```
    /// let toy = exactcover::Problem::from_options([&["A"][..], &["B"], &["A", "B"]]).unwrap();
    /// assert_eq!(exactcover::teach::tree::SearchTree::record(&toy, 10)?.solutions(), 2);
    /// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
    /// ```
    #[must_use]
    pub fn solutions(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n.outcome, Outcome::Solution(k) if k > 0))
            .count()
    }

    /// The number of dead ends (an item with no options left).
    ///
    /// ```
    /// // Whichever of {A B} and {A C} is tried first leaves nothing for the third item.
    /// let toy = exactcover::Problem::from_options([["A", "B"], ["A", "C"], ["B", "C"]]).unwrap();
    /// assert_eq!(exactcover::teach::tree::SearchTree::record(&toy, 10)?.dead_ends(), 2);
    /// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
    /// ```
    #[must_use]
    pub fn dead_ends(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n.outcome, Outcome::DeadEnd { .. }))
            .count()
    }

    /// The name of item `item`, as the problem's labels gave it.
    ///
    /// ```
    /// let toy = exactcover::Problem::from_options([["A", "B"]]).unwrap();
    /// let tree = exactcover::teach::tree::SearchTree::record(&toy, 10)?;
    /// assert_eq!(tree.item_name(1), Some("B"));
    /// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
    /// ```
    pub fn item_name(&self, item: usize) -> Option<&str> {
        self.item_names.get(item).map(String::as_str)
    }

    /// The name of option `option`: the names of its items.
    ///
    /// ```
    /// let toy = exactcover::Problem::from_options([["A", "B"]]).unwrap();
    /// let tree = exactcover::teach::tree::SearchTree::record(&toy, 10)?;
    /// assert_eq!(tree.option_name(0), Some("A B"));
    /// # Ok::<(), exactcover::teach::tree::TooManyNodes>(())
    /// ```
    pub fn option_name(&self, option: usize) -> Option<&str> {
        self.option_names.get(option).map(String::as_str)
    }
}
