//! The solver: searching a [`Problem`] with Algorithm X over dancing links.
//!
//! A [`Solver`] copies a problem once into an arena (a [`bumpalo::Bump`])
//! laid out as Knuth's DLX1 matrix, and then answers any number of questions
//! about it: the first solution, the number of solutions (up to a limit),
//! every solution through a visitor that can stop the search, or a lazy
//! iterator. Each question starts a fresh search; the links are restored by
//! uncovering (never rebuilt), so a solver can be reused for as long as the
//! problem stays the same, and [`Solver::rebuild`] reuses the arena's memory
//! for a new problem.
//!
//! Options may be chosen before the search with [`Solver::select`] (the givens
//! of a puzzle); they stay chosen, through any number of searches, until
//! [`Solver::clear_selection`].
//!
//! # Budgets
//!
//! A [`Budget`] bounds a search by the number of nodes (options tried), by a
//! time limit, or by a cancellation flag that another thread can raise. A
//! search that runs out says so ([`SearchEnd::Interrupted`]), which is never
//! confused with "no solution" or "stopped at the limit".
//!
//! # Observers
//!
//! Every search can report its steps to an [`Observer`] (a trace for
//! learners, a profiler). All its methods do nothing by default, and the
//! searches without one use `()`, whose calls compile to nothing.
//!
//! # Counting
//!
//! Solutions, nodes and updates are counted in `u64`. At one solution per
//! nanosecond a `u64` lasts 584 years, so it cannot overflow in any search that
//! ends; the counters saturate rather than wrap all the same.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bumpalo::Bump;

use crate::links::{Links, Step};
use crate::problem::Problem;

self_cell::self_cell!(
    /// The arena and the matrix laid out in it.
    struct Matrix {
        owner: Bump,
        #[covariant]
        dependent: Links,
    }
);

/// Statistics of one search.
///
/// `nodes` counts the options tried (the nodes of the search tree below its
/// root); `updates` counts link changes as Knuth's DLX1 does (one per item
/// removed from the item list by `cover`, one per node removed from an item's
/// list by `hide`); `max_depth` is the deepest level reached (the most options
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
/// let count = solver.count_solutions(None);
/// assert_eq!(count.solutions, 2);
/// let stats = solver.stats();
/// assert_eq!(stats.solutions, 2);
/// assert_eq!(stats.nodes, 3); // {0}, then {1} under it, and {0, 1}
/// assert_eq!(stats.max_depth, 2);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.updates = self.updates.saturating_add(other.updates);
        self.solutions = self.solutions.saturating_add(other.solutions);
        self.max_depth = self.max_depth.max(other.max_depth);
    }
}

/// Why a search stopped before its end although it was not asked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interruption {
    /// The budget's maximum number of nodes was reached.
    NodeLimit,
    /// The budget's time ran out.
    Deadline,
    /// The budget's cancellation flag was raised.
    Cancelled,
}

impl fmt::Display for Interruption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Interruption::NodeLimit => "node limit reached",
            Interruption::Deadline => "time limit reached",
            Interruption::Cancelled => "cancelled",
        })
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchEnd {
    /// The whole search tree was walked: every solution was found.
    Exhausted,
    /// The search stopped at the caller's limit of solutions.
    Limit,
    /// The caller's visitor asked to stop.
    Stopped,
    /// The budget ran out; more solutions may exist.
    Interrupted(Interruption),
}

/// The answer of [`Solver::count_solutions`].
///
/// ```
/// use exactcover::{Problem, SearchEnd, Solver};
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(1);
/// problem.add_option([0])?;
/// problem.add_option([0])?;
/// let mut solver = Solver::new(&problem);
/// let all = solver.count_solutions(None);
/// assert_eq!((all.solutions, all.end), (2, SearchEnd::Exhausted));
/// assert!(all.is_exact());
/// let one = solver.count_solutions(Some(1));
/// assert_eq!((one.solutions, one.end), (1, SearchEnd::Limit));
/// assert!(!one.is_exact());
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The solutions found.
    pub solutions: u64,
    /// Why the count stopped: [`SearchEnd::Exhausted`] means `solutions` is the
    /// exact number; [`SearchEnd::Limit`] that there are at least that many;
    /// [`SearchEnd::Interrupted`] that the budget ran out first.
    pub end: SearchEnd,
}

impl Count {
    /// Whether `solutions` is the exact number of solutions.
    pub fn is_exact(&self) -> bool {
        self.end == SearchEnd::Exhausted
    }
}

/// A search stopped by its [`Budget`] before it could answer.
///
/// ```
/// use exactcover::{Budget, Interruption, Problem, Solver};
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(1);
/// problem.add_option([0])?;
/// let mut solver = Solver::new(&problem);
/// solver.set_budget(Budget::new().with_max_nodes(0));
/// let err = solver.solution().unwrap_err();
/// assert_eq!(err.reason, Interruption::NodeLimit);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// What ran out.
    pub reason: Interruption,
    /// The statistics of the search up to that point.
    pub stats: Stats,
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "search interrupted ({}) after {} nodes",
            self.reason, self.stats.nodes
        )
    }
}

impl std::error::Error for Interrupted {}

/// What an option given to [`Solver::select`] is wrong with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectError {
    /// There is no option with that number.
    UnknownOption {
        /// The number given.
        option: usize,
        /// How many options there are.
        options: usize,
    },
    /// The option shares an item with an option already selected, so the
    /// problem now has no solution (until [`Solver::clear_selection`]).
    Conflict {
        /// The option given.
        option: usize,
        /// An item it shares with an earlier selection.
        item: usize,
    },
}

impl fmt::Display for SelectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelectError::UnknownOption { option, options } => {
                write!(f, "no option {option} (there are {options})")
            }
            SelectError::Conflict { option, item } => write!(
                f,
                "option {option} conflicts with an earlier selection at item {item}"
            ),
        }
    }
}

impl std::error::Error for SelectError {}

/// Bounds on a search: nodes, time, and a cancellation flag.
///
/// The default budget is unlimited. Node limits are exact; the clock and the
/// flag are looked at every 1,024 nodes, so a search overruns its time by at
/// most that much work.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
/// use exactcover::Budget;
///
/// let cancel = Arc::new(AtomicBool::new(false));
/// let budget = Budget::new()
///     .with_max_nodes(1_000_000)
///     .with_timeout(Duration::from_secs(2))
///     .with_cancel_flag(cancel.clone());
/// assert_eq!(budget.max_nodes(), Some(1_000_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// An unlimited budget.
    ///
    /// ```
    /// assert_eq!(exactcover::Budget::new().max_nodes(), None);
    /// ```
    pub fn new() -> Budget {
        Budget::default()
    }

    /// Stops a search after it has tried `nodes` options.
    ///
    /// ```
    /// let budget = exactcover::Budget::new().with_max_nodes(10);
    /// assert_eq!(budget.max_nodes(), Some(10));
    /// ```
    pub fn with_max_nodes(mut self, nodes: u64) -> Budget {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops every search once it has run for `timeout` (measured from the
    /// start of each search).
    ///
    /// ```
    /// use std::time::Duration;
    /// let budget = exactcover::Budget::new().with_timeout(Duration::from_millis(5));
    /// assert_eq!(budget.timeout(), Some(Duration::from_millis(5)));
    /// ```
    pub fn with_timeout(mut self, timeout: Duration) -> Budget {
        self.timeout = Some(timeout);
        self
    }

    /// Stops every search at the instant `deadline`.
    ///
    /// ```
    /// use std::time::Instant;
    /// let now = Instant::now();
    /// let budget = exactcover::Budget::new().with_deadline(now);
    /// assert_eq!(budget.deadline(), Some(now));
    /// ```
    pub fn with_deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// Stops a search once `flag` is `true` (set it from any thread).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use exactcover::{Budget, Interruption, Problem, Solver};
    ///
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// let mut solver = Solver::new(&problem);
    /// solver.set_budget(Budget::new().with_cancel_flag(flag.clone()));
    /// flag.store(true, Ordering::Relaxed);
    /// assert_eq!(solver.solution().unwrap_err().reason, Interruption::Cancelled);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(flag);
        self
    }

    /// The node limit, if any.
    ///
    /// ```
    /// assert_eq!(exactcover::Budget::new().with_max_nodes(3).max_nodes(), Some(3));
    /// ```
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The time limit per search, if any.
    ///
    /// ```
    /// assert_eq!(exactcover::Budget::new().timeout(), None);
    /// ```
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// The fixed deadline, if any.
    ///
    /// ```
    /// assert_eq!(exactcover::Budget::new().deadline(), None);
    /// ```
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The limits of one search starting now.
    pub(crate) fn start(&self) -> Limits<'_> {
        let deadline = match (self.deadline, self.timeout) {
            (d, None) => d,
            (None, Some(t)) => Instant::now().checked_add(t),
            (Some(d), Some(t)) => Some(Instant::now().checked_add(t).map_or(d, |e| e.min(d))),
        };
        Limits {
            max_nodes: self.max_nodes.unwrap_or(u64::MAX),
            deadline,
            cancel: self.cancel.as_deref(),
            watch: deadline.is_some() || self.cancel.is_some(),
        }
    }
}

/// A [`Budget`] as one search applies it.
pub(crate) struct Limits<'b> {
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<&'b AtomicBool>,
    watch: bool,
}

impl Limits<'_> {
    /// Whether the search may try one more node, having tried `nodes`.
    #[inline]
    pub(crate) fn exhausted(&self, nodes: u64) -> Option<Interruption> {
        if nodes >= self.max_nodes {
            return Some(Interruption::NodeLimit);
        }
        if self.watch && nodes & 1023 == 0 {
            return self.look_at_clock();
        }
        None
    }

    #[cold]
    fn look_at_clock(&self) -> Option<Interruption> {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Some(Interruption::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Interruption::Deadline);
        }
        None
    }
}

/// Receives the steps of a search as they happen.
///
/// Every method does nothing unless overridden. Levels count from 0 (the
/// first choice); items and options are numbered as in the [`Problem`].
///
/// ```
/// use exactcover::{Observer, Problem, Solver};
///
/// #[derive(Default)]
/// struct Depths(Vec<usize>);
/// impl Observer for Depths {
///     fn try_option(&mut self, level: usize, _option: usize) {
///         self.0.push(level);
///     }
/// }
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(2);
/// problem.add_option([0])?;
/// problem.add_option([1])?;
/// let mut solver = Solver::new(&problem);
/// let mut depths = Depths::default();
/// solver.visit_observed(&mut depths, |_| std::ops::ControlFlow::Continue(()));
/// assert_eq!(depths.0, [0, 1]);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
pub trait Observer {
    /// `false` only for observers that ignore everything, so that the search
    /// can skip work done only to report (such as finding an option's
    /// number) and end as soon as nothing is left to try, without backing up
    /// through the levels above (an enabled observer sees every `uncover`
    /// and `backtrack` up to the top).
    const ENABLED: bool = true;

    /// At `level`, the search branches on `item`, which has `options` options
    /// left (0 means a dead end: the search backs up at once).
    fn choose(&mut self, level: usize, item: usize, options: usize) {
        let _ = (level, item, options);
    }
    /// At `level`, the search tries `option`.
    fn try_option(&mut self, level: usize, option: usize) {
        let _ = (level, option);
    }
    /// `item` is covered: removed, with every option that contains it.
    fn cover(&mut self, item: usize) {
        let _ = item;
    }
    /// `item` is uncovered: put back, with its options.
    fn uncover(&mut self, item: usize) {
        let _ = item;
    }
    /// Every option at `level` has been tried: the search goes back up.
    fn backtrack(&mut self, level: usize) {
        let _ = level;
    }
    /// A solution has been found with `level` options chosen by the search.
    fn solution(&mut self, level: usize) {
        let _ = level;
    }
}

/// The observer that observes nothing.
impl Observer for () {
    const ENABLED: bool = false;
}

/// An exact-cover solver: one problem laid out as dancing links, searched by
/// Algorithm X with the minimum-remaining-values rule.
///
/// See the [module documentation](crate::solver) for the design.
///
/// ```
/// use std::ops::ControlFlow;
/// use exactcover::{Problem, SearchEnd, Solver};
///
/// // Items a, b, c; options {a}, {b, c}, {a, b}, {c}.
/// let mut problem = Problem::new();
/// problem.add_primary_items(3);
/// for option in [&[0][..], &[1, 2], &[0, 1], &[2]] {
///     problem.add_option(option.iter().copied())?;
/// }
/// let mut solver = Solver::new(&problem);
/// assert_eq!(solver.count_solutions(None).solutions, 2);
///
/// let mut found = Vec::new();
/// let end = solver.visit(|options| {
///     found.push(options.to_vec());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(end, SearchEnd::Exhausted);
/// assert_eq!(found.len(), 2);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
pub struct Solver {
    matrix: Matrix,
    budget: Budget,
    /// The current solution, as option numbers.
    solution: Vec<usize>,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("options", &self.option_count())
            .field("budget", &self.budget)
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// Lays `problem` out as a dancing-links matrix in a new arena.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// assert_eq!(solver.solution()?, Some(vec![0]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(problem: &Problem) -> Solver {
        let bump = Bump::with_capacity(Solver::arena_size(problem));
        Solver {
            matrix: Matrix::new(bump, |bump| Links::build(bump, problem)),
            budget: Budget::default(),
            solution: Vec::with_capacity(problem.item_count() + 1),
        }
    }

    /// The bytes the arena needs for `problem` (a little over).
    fn arena_size(problem: &Problem) -> usize {
        // Nodes are 3 words (`top` and the two links); small matrices keep a
        // pristine copy of the links too. Items are 3 words and a key byte.
        let nodes = problem.node_count();
        let copy = if nodes <= crate::links::PRISTINE_NODES {
            2 * nodes + 3 * (problem.item_count() + 2)
        } else {
            0
        };
        let words = 3 * nodes
            + 3 * (problem.item_count() + 2)
            + copy
            + problem.option_count()
            + problem.primary_count()
            + problem.item_count()
            + 2
            + 2 * (problem.item_count() + 2).div_ceil(4);
        4 * words + 128
    }

    /// Replaces the problem, reusing the arena's memory (the selection is
    /// cleared; the budget is kept).
    ///
    /// ```
    /// let mut one = exactcover::Problem::new();
    /// one.add_primary_items(1);
    /// one.add_option([0])?;
    /// let mut two = one.clone();
    /// two.add_option([0])?;
    /// let mut solver = exactcover::Solver::new(&one);
    /// solver.rebuild(&two);
    /// assert_eq!(solver.count_solutions(None).solutions, 2);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn rebuild(&mut self, problem: &Problem) {
        let old = std::mem::replace(
            &mut self.matrix,
            Matrix::new(Bump::new(), |bump| Links::build(bump, &Problem::new())),
        );
        let mut bump = old.into_owner();
        bump.reset();
        self.matrix = Matrix::new(bump, |bump| Links::build(bump, problem));
        self.solution.clear();
        self.solution.reserve(problem.item_count() + 1);
    }

    /// The number of options of the problem.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// assert_eq!(exactcover::Solver::new(&problem).option_count(), 1);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn option_count(&self) -> usize {
        self.matrix.borrow_dependent().option_count()
    }

    /// Sets the budget of every search from now on.
    ///
    /// ```
    /// use exactcover::{Budget, Problem, Solver};
    /// let mut solver = Solver::new(&Problem::new());
    /// solver.set_budget(Budget::new().with_max_nodes(100));
    /// assert_eq!(solver.budget().max_nodes(), Some(100));
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The budget of every search.
    ///
    /// ```
    /// let solver = exactcover::Solver::new(&exactcover::Problem::new());
    /// assert_eq!(solver.budget().max_nodes(), None);
    /// ```
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Chooses option `option` before any search, as the givens of a puzzle
    /// are chosen. Selected options are part of every solution (listed first,
    /// in selection order) until [`Solver::clear_selection`].
    ///
    /// # Errors
    ///
    /// [`SelectError::UnknownOption`] for a number out of range (nothing
    /// changes), [`SelectError::Conflict`] when the option shares an item with
    /// an earlier selection: the selection is then contradictory and every
    /// search finds no solution.
    ///
    /// ```
    /// use exactcover::{Problem, SelectError, Solver};
    ///
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0])?;
    /// problem.add_option([0, 1])?;
    /// problem.add_option([1])?;
    /// let mut solver = Solver::new(&problem);
    /// solver.select(0).unwrap();
    /// assert_eq!(solver.solution()?, Some(vec![0, 2]));
    /// assert_eq!(solver.select(1), Err(SelectError::Conflict { option: 1, item: 0 }));
    /// assert_eq!(solver.solution()?, None);
    /// solver.clear_selection();
    /// assert_eq!(solver.count_solutions(None).solutions, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn select(&mut self, option: usize) -> Result<(), SelectError> {
        let options = self.option_count();
        if option >= options {
            return Err(SelectError::UnknownOption { option, options });
        }
        self.matrix
            .with_dependent_mut(|_, links| links.select(option))
            .map_err(|item| SelectError::Conflict { option, item })
    }

    /// Undoes every [`Solver::select`], restoring the links.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// solver.select(0).unwrap();
    /// assert_eq!(solver.selection_len(), 1);
    /// solver.clear_selection();
    /// assert_eq!(solver.selection_len(), 0);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn clear_selection(&mut self) {
        self.matrix
            .with_dependent_mut(|_, links| links.clear_selection());
    }

    /// The number of options selected with [`Solver::select`] (a conflicting
    /// one not included).
    ///
    /// ```
    /// let solver = exactcover::Solver::new(&exactcover::Problem::new());
    /// assert_eq!(solver.selection_len(), 0);
    /// ```
    pub fn selection_len(&self) -> usize {
        self.matrix.borrow_dependent().selection_len()
    }

    /// Whether a selection conflicted, so that there is no solution.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// solver.select(0).unwrap();
    /// assert!(!solver.is_contradictory());
    /// assert!(solver.select(0).is_err());
    /// assert!(solver.is_contradictory());
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn is_contradictory(&self) -> bool {
        self.matrix.borrow_dependent().has_conflict()
    }

    /// The statistics of the latest search (so far, if it is still going).
    ///
    /// ```
    /// let solver = exactcover::Solver::new(&exactcover::Problem::new());
    /// assert_eq!(solver.stats().nodes, 0);
    /// ```
    pub fn stats(&self) -> Stats {
        self.matrix.borrow_dependent().stats
    }

    /// The core of every question: a fresh search, `on_solution` called at
    /// each solution (with the solution in `self.solution`) until it breaks.
    fn search<O, F>(&mut self, obs: &mut O, on_solution: F) -> SearchEnd
    where
        O: Observer,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.search_with(obs, true, on_solution)
    }

    /// `search`, where `on_solution` gets an empty slice unless `options`:
    /// a count needs no option numbers, and reading them back from the
    /// links costs about as much as a few levels of search.
    fn search_with<O, F>(&mut self, obs: &mut O, options: bool, mut on_solution: F) -> SearchEnd
    where
        O: Observer,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let limits = self.budget.start();
        let buffer = &mut self.solution;
        self.matrix.with_dependent_mut(|_, links| {
            links.restart();
            loop {
                match links.run(&limits, obs) {
                    Step::Solution => {
                        let found: &[usize] = if options {
                            links.solution_into(buffer);
                            buffer
                        } else {
                            &[]
                        };
                        if on_solution(found).is_break() {
                            return SearchEnd::Stopped;
                        }
                    }
                    Step::Exhausted => return SearchEnd::Exhausted,
                    Step::Interrupted(why) => return SearchEnd::Interrupted(why),
                }
            }
        })
    }

    /// The first solution, as the numbers of its options (pre-selected ones
    /// first, then in the order the search chose them); `None` if there is
    /// none.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget ran out first.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0, 1])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// assert_eq!(solver.solution()?, Some(vec![0]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution(&mut self) -> Result<Option<Vec<usize>>, Interrupted> {
        let mut found = None;
        let end = self.search(&mut (), |options| {
            found = Some(options.to_vec());
            ControlFlow::Break(())
        });
        match end {
            SearchEnd::Interrupted(reason) => Err(Interrupted {
                reason,
                stats: self.stats(),
            }),
            _ => Ok(found),
        }
    }

    /// Counts the solutions, stopping once `limit` have been found (`None`:
    /// count them all; `Some(0)` is the same as `Some(1)`).
    ///
    /// ```
    /// use exactcover::{Problem, SearchEnd, Solver};
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(1);
    /// for _ in 0..5 {
    ///     problem.add_option([0])?;
    /// }
    /// let mut solver = Solver::new(&problem);
    /// assert_eq!(solver.count_solutions(None).solutions, 5);
    /// let at_least = solver.count_solutions(Some(2));
    /// assert_eq!((at_least.solutions, at_least.end), (2, SearchEnd::Limit));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn count_solutions(&mut self, limit: Option<u64>) -> Count {
        let limit = limit.unwrap_or(u64::MAX).max(1);
        let mut solutions = 0u64;
        let end = self.search_with(&mut (), false, |_| {
            solutions += 1;
            if solutions >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let end = if end == SearchEnd::Stopped {
            SearchEnd::Limit
        } else {
            end
        };
        Count { solutions, end }
    }

    /// Calls `visit` with every solution (its option numbers) until it
    /// returns [`ControlFlow::Break`]; says how the search ended.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use exactcover::{Problem, SearchEnd, Solver};
    ///
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// problem.add_option([0])?;
    /// let mut solver = Solver::new(&problem);
    /// let end = solver.visit(|options| {
    ///     assert_eq!(options, [0]);
    ///     ControlFlow::Break(())
    /// });
    /// assert_eq!(end, SearchEnd::Stopped);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn visit<F>(&mut self, visit: F) -> SearchEnd
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.search(&mut (), visit)
    }

    /// As [`Solver::visit`], reporting every step of the search to `observer`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use exactcover::{Observer, Problem, Solver};
    ///
    /// struct Covers(usize);
    /// impl Observer for Covers {
    ///     fn cover(&mut self, _item: usize) {
    ///         self.0 += 1;
    ///     }
    /// }
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0, 1])?;
    /// let mut solver = Solver::new(&problem);
    /// let mut covers = Covers(0);
    /// solver.visit_observed(&mut covers, |_| ControlFlow::Continue(()));
    /// assert_eq!(covers.0, 2);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn visit_observed<O, F>(&mut self, observer: &mut O, visit: F) -> SearchEnd
    where
        O: Observer,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.search(observer, visit)
    }

    /// A lazy iterator over the solutions: each `next` resumes the search
    /// where the previous one stopped.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0])?;
    /// problem.add_option([1])?;
    /// problem.add_option([0, 1])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// let all: Vec<Vec<usize>> = solver.solutions().collect();
    /// assert_eq!(all, [vec![0, 1], vec![2]]);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_> {
        let deadline = self.budget.start().deadline;
        self.matrix.with_dependent_mut(|_, links| links.restart());
        Solutions {
            solver: self,
            deadline,
            end: None,
        }
    }
}

/// The iterator of [`Solver::solutions`].
///
/// It ends when the search does; [`Solutions::end`] then tells whether it
/// found every solution or ran out of budget.
#[derive(Debug)]
pub struct Solutions<'s> {
    solver: &'s mut Solver,
    deadline: Option<Instant>,
    end: Option<SearchEnd>,
}

impl Solutions<'_> {
    /// How the search ended, once the iterator has returned `None`.
    ///
    /// ```
    /// use exactcover::{Budget, Interruption, Problem, SearchEnd, Solver};
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// problem.add_option([0])?;
    /// let mut solver = Solver::new(&problem);
    /// solver.set_budget(Budget::new().with_max_nodes(1));
    /// let mut solutions = solver.solutions();
    /// assert!(solutions.next().is_some());
    /// assert!(solutions.next().is_none());
    /// assert_eq!(solutions.end(), Some(SearchEnd::Interrupted(Interruption::NodeLimit)));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn end(&self) -> Option<SearchEnd> {
        self.end
    }

    /// The next solution, borrowed from the solver: no allocation.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// let mut solutions = solver.solutions();
    /// assert_eq!(solutions.next_solution(), Some(&[0][..]));
    /// assert_eq!(solutions.next_solution(), None);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if self.end.is_some() {
            return None;
        }
        let solver = &mut *self.solver;
        let mut limits = solver.budget.start();
        limits.deadline = self.deadline;
        let buffer = &mut solver.solution;
        let step = solver.matrix.with_dependent_mut(|_, links| {
            let step = links.run(&limits, &mut ());
            if step == Step::Solution {
                links.solution_into(buffer);
            }
            step
        });
        match step {
            Step::Solution => Some(&solver.solution),
            Step::Exhausted => {
                self.end = Some(SearchEnd::Exhausted);
                None
            }
            Step::Interrupted(why) => {
                self.end = Some(SearchEnd::Interrupted(why));
                None
            }
        }
    }
}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}
