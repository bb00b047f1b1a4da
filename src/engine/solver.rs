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
//! The types of this module are the answers: [`Count`], [`SearchEnd`],
//! [`Interrupted`], [`SelectError`] and the iterator [`Solutions`]. A search
//! is bounded by a [`Budget`], reports its steps to an [`Observer`] and its
//! work as [`Stats`]. Behind the façade (crate-private, see
//! docs/design.md): `layout` plans the arena, `matrix` holds the links and
//! `search` runs Algorithm X on them.

use std::fmt;
use std::ops::ControlFlow;
use std::time::Instant;

use bumpalo::Bump;

use crate::engine::budget::{Budget, Interruption, Limits};
use crate::engine::layout::Layout;
use crate::engine::observe::Observer;
use crate::engine::search::frontier::Choice;
use crate::engine::search::{Search, Step};
use crate::engine::stats::Stats;
use crate::engine::tree::{Tree, TreeError};
use crate::problem::Problem;

mod cheapest;

pub use cheapest::{Cheapest, CostError, Costed};

self_cell::self_cell!(
    /// The arena and the matrix and search laid out in it.
    struct Arena {
        owner: Bump,
        #[covariant]
        dependent: Search,
    }
);

/// Whether the box that `self_cell` allocates for an [`Arena`] (the bump
/// and the search side by side) can be had: `self_cell` unwraps its
/// allocation, so that a process out of memory panicked there and lost
/// every answer (issue 39: `cover --count --jobs 4` under `ulimit -v`).
/// The same bytes are asked for here, fallibly, and given back at once:
/// the allocator keeps a freed block of this size for its thread, so the
/// cell that follows gets it back.
fn cell_room() -> Result<(), ArenaError> {
    let bytes = std::mem::size_of::<(Bump, Search<'static>)>();
    let mut probe: Vec<u64> = Vec::new();
    probe
        .try_reserve_exact(bytes.div_ceil(8))
        .map_err(|_| ArenaError { bytes })
}

/// The arena of a [`Solver`] could not be allocated
/// ([`Solver::try_new`]): the memory is not there.
///
/// Its `Display` says how many bytes: "cannot allocate the 1099511627776
/// bytes of a dancing-links matrix".
///
/// ```
/// use exactcover::Solver;
/// let problem = exactcover::problem::classic::queens(8);
/// match Solver::try_new(&problem) {
///     Ok(mut solver) => assert_eq!(solver.count(None)?.solutions, 92),
///     Err(e) => panic!("{e} (asked for {} bytes)", e.bytes),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ArenaError {
    /// The bytes asked for.
    pub bytes: usize,
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot allocate the {} bytes of a dancing-links matrix",
            self.bytes
        )
    }
}

impl std::error::Error for ArenaError {}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

/// The answer of [`Solver::count`]: the solutions found, and whether that
/// is all of them.
///
/// A count that ran out of budget is an [`Interrupted`] error from
/// [`Solver::count`]; [`Count::from`] makes it a `Count` that ends
/// [`SearchEnd::Interrupted`], for reports that show a partial count
/// (`N?`), as the command line and the counts on threads do.
///
/// ```
/// use exactcover::{Problem, SearchEnd, Solver};
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(1);
/// problem.add_option([0])?;
/// problem.add_option([0])?;
/// let mut solver = Solver::new(&problem);
/// let all = solver.count(None)?;
/// assert_eq!((all.solutions, all.end), (2, SearchEnd::Exhausted));
/// assert!(all.is_exact());
/// let one = solver.count(Some(1))?;
/// assert_eq!((one.solutions, one.end), (1, SearchEnd::Limit));
/// assert!(!one.is_exact());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Count {
    /// The solutions found.
    pub solutions: u64,
    /// Why the count stopped: [`SearchEnd::Exhausted`] means `solutions` is the
    /// exact number; [`SearchEnd::Limit`] that there are at least that many;
    /// [`SearchEnd::Interrupted`] that the budget ran out first.
    pub end: SearchEnd,
}

impl Count {
    /// A count of `solutions` that stopped as `end` says (for a caller that
    /// reports counts made otherwise, such as 0 for givens that conflict).
    ///
    /// ```
    /// use exactcover::{Count, SearchEnd};
    /// let none = Count::new(0, SearchEnd::Exhausted);
    /// assert!(none.is_exact());
    /// assert_eq!(none.to_string(), "0");
    /// ```
    #[must_use]
    pub fn new(solutions: u64, end: SearchEnd) -> Count {
        Count { solutions, end }
    }

    /// Whether `solutions` is the exact number of solutions.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// assert!(solver.count(None)?.is_exact());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.end == SearchEnd::Exhausted
    }
}

/// The partial count of an interrupted search: the solutions it found
/// before the budget ran out ([`Stats::solutions`]), ending
/// [`SearchEnd::Interrupted`] with its reason.
///
/// ```
/// use exactcover::{Budget, Count, Interruption, Problem, SearchEnd, Solver};
///
/// let problem = Problem::from_options([["a"], ["a"], ["a"]])?;
/// let mut solver = Solver::new(&problem);
/// solver.set_budget(Budget::new().with_max_nodes(2));
/// let count = solver.count(None).unwrap_or_else(Count::from);
/// assert_eq!(count.solutions, 2);
/// assert_eq!(count.end, SearchEnd::Interrupted(Interruption::NodeLimit));
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
impl From<Interrupted> for Count {
    fn from(stopped: Interrupted) -> Count {
        Count {
            solutions: stopped.stats.solutions,
            end: SearchEnd::Interrupted(stopped.reason),
        }
    }
}

/// A search stopped by its [`Budget`] before it could answer: the error of
/// every question a budget can cut short.
///
/// The convention of the crate's solvers ([`Solver`], and the Sudoku
/// layer's `SudokuSolver`): a question whose answer a budget may cut short
/// returns `Result<answer, Interrupted>`, so that `?` works and an `Ok` is
/// always a complete answer. What the search did until it stopped is in
/// [`Interrupted::stats`] (the solutions found so far among them:
/// [`Count::from`] makes the partial count).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Interrupted {
    /// What ran out.
    pub reason: Interruption,
    /// The statistics of the search up to that point, the solutions it had
    /// found among them.
    pub stats: Stats,
}

/// `N` for an exact count, `N+` when the search stopped at the limit (or
/// the visitor stopped it), `N?` when the budget ran out: as the command line
/// prints counts.
///
/// ```
/// use exactcover::{Budget, Count, Problem, Solver};
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(1);
/// for _ in 0..3 {
///     problem.add_option([0])?;
/// }
/// let mut solver = Solver::new(&problem);
/// assert_eq!(solver.count(None)?.to_string(), "3");
/// assert_eq!(solver.count(Some(2))?.to_string(), "2+");
/// solver.set_budget(Budget::new().with_max_nodes(1));
/// assert_eq!(solver.count(None).unwrap_or_else(Count::from).to_string(), "1?");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.end {
            SearchEnd::Exhausted => "",
            SearchEnd::Limit | SearchEnd::Stopped => "+",
            SearchEnd::Interrupted(_) => "?",
        };
        write!(f, "{}{suffix}", self.solutions)
    }
}

/// Says how the search ended, in words.
///
/// ```
/// use exactcover::{Interruption, SearchEnd};
///
/// assert_eq!(SearchEnd::Exhausted.to_string(), "every solution found");
/// assert_eq!(
///     SearchEnd::Interrupted(Interruption::Deadline).to_string(),
///     "interrupted: time limit reached"
/// );
/// ```
impl fmt::Display for SearchEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchEnd::Exhausted => f.write_str("every solution found"),
            SearchEnd::Limit => f.write_str("stopped at the limit"),
            SearchEnd::Stopped => f.write_str("stopped by the visitor"),
            SearchEnd::Interrupted(why) => write!(f, "interrupted: {why}"),
        }
    }
}

impl Interrupted {
    /// A search stopped by `reason` after the work that `stats` counts.
    ///
    /// ```
    /// use exactcover::{Interrupted, Interruption, Stats};
    /// let stop = Interrupted::new(Interruption::NodeLimit, Stats::default());
    /// assert_eq!(stop.reason, Interruption::NodeLimit);
    /// ```
    #[must_use]
    pub fn new(reason: Interruption, stats: Stats) -> Interrupted {
        Interrupted { reason, stats }
    }
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

/// An exact-cover solver: one problem laid out as dancing links, searched by
/// Algorithm X with the minimum-remaining-values rule.
///
/// See the [engine](crate::engine) for the design.
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
/// assert_eq!(solver.count(None)?.solutions, 2);
///
/// let mut found = Vec::new();
/// let end = solver.visit(|options| {
///     found.push(options.to_vec());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(end, SearchEnd::Exhausted);
/// assert_eq!(found.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    arena: Arena,
    /// A number no other build of a matrix in this process has, so that a
    /// memo cache knows the matrix it was filled from (`engine::memo`).
    build: u64,
    budget: Budget,
    /// The current solution, as option numbers.
    solution: Vec<usize>,
    /// When the next search's time started counting, if before the search
    /// (see `start_clock`).
    started: Option<Instant>,
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
    ///
    /// # Panics
    ///
    /// When the arena cannot be allocated ([`Solver::try_new`] says so
    /// instead).
    #[must_use]
    pub fn new(problem: &Problem) -> Solver {
        match Solver::try_new(problem) {
            Ok(solver) => solver,
            Err(e) => panic!("{e}"),
        }
    }

    /// As [`Solver::new`], but a matrix whose arena cannot be allocated is
    /// an [`ArenaError`] rather than a panic: a count on many threads, each
    /// with a matrix of its own, goes on without the threads that cannot
    /// have one.
    ///
    /// ```
    /// let problem = exactcover::problem::classic::queens(8);
    /// let solver = exactcover::Solver::try_new(&problem)?;
    /// assert_eq!(solver.option_count(), problem.option_count());
    /// # Ok::<(), exactcover::engine::ArenaError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ArenaError`] when the memory of the arena
    /// ([`Solver::arena_bytes`]) cannot be had.
    pub fn try_new(problem: &Problem) -> Result<Solver, ArenaError> {
        let layout = Layout::of(problem);
        let bytes = layout.bytes();
        let bump = Bump::try_with_capacity(bytes).map_err(|_| ArenaError { bytes })?;
        let mut solution = Vec::new();
        solution
            .try_reserve_exact(problem.item_count() + 1)
            .map_err(|_| ArenaError { bytes })?;
        cell_room()?;
        Ok(Solver {
            // The arena holds every array `Search::build` allocates: it
            // allocates nothing more.
            arena: Arena::new(bump, |bump| Search::build(bump, problem, &layout)),
            build: next_build(),
            budget: Budget::default(),
            started: None,
            solution,
        })
    }

    /// The bytes of the arena a solver of `problem` allocates: its
    /// dancing-links matrix and search, every array at once. A count on `t`
    /// threads holds `t` of them.
    ///
    /// ```
    /// let small = exactcover::problem::classic::queens(4);
    /// let large = exactcover::problem::classic::queens(16);
    /// assert!(exactcover::Solver::arena_bytes(&small) < exactcover::Solver::arena_bytes(&large));
    /// ```
    #[must_use]
    pub fn arena_bytes(problem: &Problem) -> usize {
        Layout::of(problem).bytes()
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
    /// assert_eq!(solver.count(None)?.solutions, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When a larger arena cannot be allocated ([`Solver::try_rebuild`]
    /// says so instead).
    pub fn rebuild(&mut self, problem: &Problem) {
        if let Err(e) = self.try_rebuild(problem) {
            panic!("{e}");
        }
    }

    /// As [`Solver::rebuild`], but an arena that cannot be allocated is an
    /// [`ArenaError`] rather than a panic; the solver then holds an empty
    /// problem.
    ///
    /// ```
    /// let problem = exactcover::problem::classic::queens(6);
    /// let mut solver = exactcover::Solver::new(&exactcover::Problem::new());
    /// solver.try_rebuild(&problem)?;
    /// assert_eq!(solver.count(None)?.solutions, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ArenaError`] when the memory of the arena
    /// ([`Solver::arena_bytes`]) cannot be had.
    pub fn try_rebuild(&mut self, problem: &Problem) -> Result<(), ArenaError> {
        let layout = Layout::of(problem);
        let bytes = layout.bytes();
        cell_room()?;
        let old = std::mem::replace(&mut self.arena, Arena::new(Bump::new(), empty));
        self.build = next_build(); // the old matrix is gone, whatever comes
        let mut bump = old.into_owner();
        bump.reset();
        if bump.chunk_capacity() < bytes {
            drop(bump); // give its memory back before asking for more
            bump = Bump::try_with_capacity(bytes).map_err(|_| ArenaError { bytes })?;
        }
        self.solution.clear();
        let items = problem.item_count() + 1;
        self.solution
            .try_reserve(items)
            .map_err(|_| ArenaError { bytes })?;
        cell_room()?;
        self.arena = Arena::new(bump, |bump| Search::build(bump, problem, &layout));
        self.build = next_build();
        Ok(())
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
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.arena.borrow_dependent().option_count()
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
    #[must_use]
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
    /// assert_eq!(solver.count(None)?.solutions, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn select(&mut self, option: usize) -> Result<(), SelectError> {
        let options = self.option_count();
        if option >= options {
            return Err(SelectError::UnknownOption { option, options });
        }
        self.arena
            .with_dependent_mut(|_, links| links.select(option))
            .map_err(|item| SelectError::Conflict { option, item })
    }

    /// Rules out option `option` until the selection is cleared: the
    /// solutions found from now on are those without it. Returns `true`
    /// when it took effect, `false` when the selection rules the option out
    /// already (nothing is then recorded: [`Solver::unselect_last`] would
    /// undo an earlier entry).
    ///
    /// With a puzzle's solution known, "is there another?" is "is there a
    /// solution without one of its options?": a first-solution search, not
    /// a count to 2.
    ///
    /// # Errors
    ///
    /// [`SelectError::UnknownOption`] for a number past the options.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// problem.add_option([0])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// assert_eq!(solver.exclude(0), Ok(true));
    /// assert_eq!(solver.solution()?, Some(vec![1]));
    /// solver.clear_selection();
    /// assert_eq!(solver.count(None)?.solutions, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn exclude(&mut self, option: usize) -> Result<bool, SelectError> {
        let options = self.option_count();
        if option >= options {
            return Err(SelectError::UnknownOption { option, options });
        }
        Ok(self
            .arena
            .with_dependent_mut(|_, links| links.exclude(option)))
    }

    /// Undoes the latest [`Solver::select`] or [`Solver::exclude`] that
    /// took effect (nothing when there is none), keeping the ones before:
    /// a selection is a stack.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0])?;
    /// problem.add_option([1])?;
    /// problem.add_option([1])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// solver.select(0).unwrap();
    /// solver.exclude(1).unwrap();
    /// assert_eq!(solver.count(None)?.solutions, 1);
    /// solver.unselect_last(); // option 1 is back
    /// assert_eq!(solver.count(None)?.solutions, 2);
    /// assert_eq!(solver.selection_len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unselect_last(&mut self) {
        self.arena
            .with_dependent_mut(|_, links| links.unselect_last());
    }

    /// Breaks ties of the branching rule at random, from `seed`, in every
    /// search from now on; `None` goes back to the first item of fewest
    /// options, as Knuth's DLX1 does. Each search starts again from the
    /// seed, so a question asked twice gets the same answer; the sequence
    /// is the same on every platform (SplitMix64).
    ///
    /// Knuth's DLX1 does the same with its option `s`. A search's work
    /// depends on its luck with ties: averaged over seeds it measures how
    /// hard a problem is for the search rather than for one order. Ties of
    /// items with one option left (forced moves) are taken in order, with
    /// no number drawn: in any order they lead to the same state before the
    /// next real choice.
    ///
    /// ```
    /// use exactcover::Solver;
    /// use exactcover::problem::classic::queens;
    /// let mut solver = Solver::new(&queens(8));
    /// solver.set_tiebreak(Some(7));
    /// assert_eq!(solver.count(None)?.solutions, 92);
    /// let first = solver.solution()?;
    /// assert_eq!(solver.solution()?, first); // the same seed, the same search
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_tiebreak(&mut self, seed: Option<u64>) {
        self.arena
            .with_dependent_mut(|_, links| links.set_tiebreak(seed));
    }

    /// Chooses the search tree of every search from now on until the next
    /// [`Solver::rebuild`], which goes back to [`Tree::Dlx1`]: DLX1's, the
    /// default, or [`Tree::Abort`], DLX1's without its dead ends (an
    /// option aborted as soon as it would leave a primary item with no
    /// option). The solutions and their order are the same; the time and
    /// the [`Stats`] are not (see [`Tree`]). The selection is kept.
    ///
    /// ```
    /// use exactcover::{Solver, Tree, problem::classic};
    /// let mut solver = Solver::new(&classic::queens(8));
    /// solver.set_tree(Tree::Abort)?;
    /// assert_eq!(solver.count(None)?.solutions, 92);
    /// assert!(solver.aborts() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TreeError`] when the tree is [`Tree::Abort`] and the problem has
    /// colours, multiplicities or the sharp preference: the solver then
    /// keeps DLX1's tree.
    pub fn set_tree(&mut self, tree: Tree) -> Result<(), TreeError> {
        let abort = tree == Tree::Abort;
        let aborts = self
            .arena
            .with_dependent_mut(|_, links| links.set_abort(abort));
        if aborts == abort {
            Ok(())
        } else {
            Err(TreeError { tree })
        }
    }

    /// The search tree the solver walks: [`Tree::Dlx1`] unless
    /// [`Solver::set_tree`] chose another (and a rebuild has not gone back).
    ///
    /// ```
    /// use exactcover::{Solver, Tree, problem::classic};
    /// let mut solver = Solver::new(&classic::queens(6));
    /// assert_eq!(solver.tree(), Tree::Dlx1);
    /// solver.set_tree(Tree::Abort)?;
    /// assert_eq!(solver.tree(), Tree::Abort);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn tree(&self) -> Tree {
        if self.arena.borrow_dependent().is_abort() {
            Tree::Abort
        } else {
            Tree::Dlx1
        }
    }

    /// The options the latest search aborted (so far, if it is still
    /// going): with [`Tree::Abort`], those whose choice would have left a
    /// primary item with no option, each begun, undone and left without a
    /// node of the tree ([`Stats::nodes`] does not count them); with
    /// DLX1's tree, always 0.
    ///
    /// ```
    /// let solver = exactcover::Solver::new(&exactcover::Problem::new());
    /// assert_eq!(solver.aborts(), 0);
    /// ```
    #[must_use]
    pub fn aborts(&self) -> u64 {
        self.arena.borrow_dependent().aborts()
    }

    /// Undoes every [`Solver::select`] and [`Solver::exclude`], restoring
    /// the links.
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
        self.arena
            .with_dependent_mut(|_, links| links.clear_selection());
    }

    /// The number of options selected with [`Solver::select`] (a conflicting
    /// one not included).
    ///
    /// ```
    /// let solver = exactcover::Solver::new(&exactcover::Problem::new());
    /// assert_eq!(solver.selection_len(), 0);
    /// ```
    #[must_use]
    pub fn selection_len(&self) -> usize {
        self.arena.borrow_dependent().selection_len()
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
    #[must_use]
    pub fn is_contradictory(&self) -> bool {
        self.arena.borrow_dependent().has_conflict()
    }

    /// Calls `visit` with the path to every node of the search tree at
    /// `depth` below the current selection, and to every solution above
    /// it, in the order the search meets them (dead ends left out), with
    /// the options the path rules out (with bounds, Algorithm M's; else
    /// none); the selection is as before when it returns. The subtrees
    /// below those nodes are disjoint and hold every solution: the split of
    /// a count into subproblems (`scale`). `stop` is asked before each
    /// child is entered; the walk returns `false` when it says to stop.
    pub(crate) fn frontier(
        &mut self,
        depth: usize,
        stop: impl FnMut() -> bool,
        visit: impl FnMut(&[Choice], &[usize]),
    ) -> bool {
        self.arena
            .with_dependent_mut(|_, search| search.frontier(depth, stop, visit))
    }

    /// Starts the clock of the next search now, so that a timeout also
    /// covers what its caller does before it (building, clearing, selecting
    /// the givens of a puzzle). Reads the clock only when the budget has a
    /// timeout.
    pub(crate) fn start_clock(&mut self) {
        if self.budget.timeout().is_some() {
            self.started = Some(Instant::now());
        }
    }

    /// Runs `search` on a fresh search (the previous one undone, the
    /// selection kept, new statistics) with the budget's limits, and the
    /// number of this solver's matrix build: for the memo driver
    /// (`engine::memo`), which is not `Search::run`.
    pub(in crate::engine) fn with_fresh_search<R>(
        &mut self,
        search: impl FnOnce(&mut Search<'_>, &Limits<'_>, u64) -> R,
    ) -> R {
        let limits = self.budget.start(self.started.take());
        let build = self.build;
        self.arena.with_dependent_mut(|_, links| {
            links.restart();
            search(links, &limits, build)
        })
    }

    /// The statistics of the latest search (so far, if it is still going).
    ///
    /// ```
    /// let solver = exactcover::Solver::new(&exactcover::Problem::new());
    /// assert_eq!(solver.stats().nodes, 0);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.arena.borrow_dependent().stats()
    }

    /// The core of every question but a count: a fresh search,
    /// `on_solution` called at each solution (with the solution in
    /// `self.solution`) until it breaks. (A count, `count_solutions`, reads
    /// no option numbers and lets the search pass over its solutions.)
    fn search<O, F>(&mut self, obs: &mut O, mut on_solution: F) -> SearchEnd
    where
        O: Observer,
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let limits = self.budget.start(self.started.take());
        let buffer = &mut self.solution;
        self.arena.with_dependent_mut(|_, links| {
            links.restart();
            if O::ENABLED {
                links.report_selection(obs);
            }
            loop {
                match links.run(&limits, obs) {
                    Step::Solution => {
                        links.solution_into(buffer);
                        if on_solution(buffer).is_break() {
                            return SearchEnd::Stopped;
                        }
                    }
                    Step::Exhausted => return SearchEnd::Exhausted,
                    Step::Interrupted(why) => return SearchEnd::Interrupted(why),
                }
            }
        })
    }

    /// Whether the problem has multiplicities (the search is Algorithm
    /// M's), which the memo and the cheapest solutions do not cover.
    pub(crate) fn is_bounded(&self) -> bool {
        self.arena.borrow_dependent().is_bounded()
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
    /// count them all; `Some(0)` is the same as `Some(1)`). The count ends
    /// [`SearchEnd::Exhausted`] (it is the exact number) or
    /// [`SearchEnd::Limit`] (there are at least that many).
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget ran out first; its
    /// [`stats`](Interrupted::stats) hold the solutions found until then,
    /// and [`Count::from`] turns it into that partial count (ending
    /// [`SearchEnd::Interrupted`]) for whoever wants one whatever happens.
    ///
    /// ```
    /// use exactcover::{Budget, Count, Problem, SearchEnd, Solver};
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(1);
    /// for _ in 0..5 {
    ///     problem.add_option([0])?;
    /// }
    /// let mut solver = Solver::new(&problem);
    /// assert_eq!(solver.count(None)?.solutions, 5);
    /// let at_least = solver.count(Some(2))?;
    /// assert_eq!((at_least.solutions, at_least.end), (2, SearchEnd::Limit));
    ///
    /// solver.set_budget(Budget::new().with_max_nodes(3));
    /// let stopped = solver.count(None).unwrap_err();
    /// assert_eq!(stopped.stats.solutions, 3);
    /// assert_eq!(solver.count(None).unwrap_or_else(Count::from).to_string(), "3?");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&mut self, limit: Option<u64>) -> Result<Count, Interrupted> {
        let limit = limit.unwrap_or(u64::MAX).max(1);
        let limits = self.budget.start(self.started.take());
        let end = self.arena.with_dependent_mut(|_, search| {
            search.restart();
            // The search counts the solutions before the limit itself,
            // without returning at each (see `Search::report_at`).
            search.report_at(limit);
            loop {
                match search.run(&limits, &mut ()) {
                    Step::Solution if search.stats().solutions >= limit => {
                        return SearchEnd::Limit;
                    }
                    Step::Solution => {}
                    Step::Exhausted => return SearchEnd::Exhausted,
                    Step::Interrupted(why) => return SearchEnd::Interrupted(why),
                }
            }
        });
        let end = match end {
            SearchEnd::Interrupted(reason) => {
                return Err(Interrupted {
                    reason,
                    stats: self.stats(),
                });
            }
            SearchEnd::Stopped => SearchEnd::Limit,
            end => end,
        };
        let solutions = self.stats().solutions;
        Ok(Count { solutions, end })
    }

    /// The solution if there is exactly one: `None` when there is none or
    /// when there are several (a search stops at the second).
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget ran out first.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    /// let one = Problem::from_options([["a", "b"]])?;
    /// assert_eq!(Solver::new(&one).unique_solution()?, Some(vec![0]));
    /// let two = Problem::from_options([["a"], ["a"]])?;
    /// assert_eq!(Solver::new(&two).unique_solution()?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unique_solution(&mut self) -> Result<Option<Vec<usize>>, Interrupted> {
        let mut first = None;
        let mut several = false;
        let end = self.search(&mut (), |options| {
            if first.is_some() {
                several = true;
                return ControlFlow::Break(());
            }
            first = Some(options.to_vec());
            ControlFlow::Continue(())
        });
        if let SearchEnd::Interrupted(reason) = end {
            return Err(Interrupted {
                reason,
                stats: self.stats(),
            });
        }
        Ok(first.filter(|_| !several))
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
    #[must_use = "the iterator does nothing until it is advanced"]
    pub fn solutions(&mut self) -> Solutions<'_> {
        let deadline = self.budget.start(self.started.take()).deadline;
        self.arena.with_dependent_mut(|_, links| links.restart());
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
    #[must_use]
    pub fn end(&self) -> Option<SearchEnd> {
        self.end
    }

    /// The statistics of the search so far (the nodes tried by every
    /// slice of [`Solutions::next_within`]), as [`Solver::stats`] would
    /// give them if the iterator did not borrow the solver.
    ///
    /// ```
    /// let queens = exactcover::problem::classic::queens(6);
    /// let mut solver = exactcover::Solver::new(&queens);
    /// let mut solutions = solver.solutions();
    /// let _ = solutions.next_within(10);
    /// assert!((1..=10).contains(&solutions.stats().nodes));
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.solver.stats()
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
        self.next_in(u64::MAX)
    }

    /// The next solution, if the search finds it within `nodes` more
    /// nodes: a slice of the search, for a host with one thread that must
    /// do other work between slices (a browser's worker reading its
    /// messages, an event loop). `None` when the slice ran out first (then
    /// [`Solutions::end`] is still `None` and the next call goes on where
    /// this one stopped) or when the search ended (then `end` says how).
    /// The slices of a search try the nodes that one search would, and
    /// the budget's node limit counts them all.
    ///
    /// ```
    /// use exactcover::{SearchEnd, Solver};
    /// let queens = exactcover::problem::classic::queens(6);
    /// let mut solver = Solver::new(&queens);
    /// let mut solutions = solver.solutions();
    /// let (mut found, mut slices) = (0, 0);
    /// while solutions.end().is_none() {
    ///     slices += 1;
    ///     if solutions.next_within(10).is_some() {
    ///         found += 1;
    ///     }
    /// }
    /// assert_eq!((found, solutions.end()), (4, Some(SearchEnd::Exhausted)));
    /// assert!(slices > 4);
    /// ```
    pub fn next_within(&mut self, nodes: u64) -> Option<&[usize]> {
        self.next_in(nodes)
    }

    /// The next solution within `nodes` more nodes (`u64::MAX`: no slice).
    fn next_in(&mut self, nodes: u64) -> Option<&[usize]> {
        if self.end.is_some() {
            return None;
        }
        let solver = &mut *self.solver;
        let mut limits = solver.budget.start(None);
        limits.deadline = self.deadline;
        let slice = nodes != u64::MAX && {
            let tried = solver.arena.borrow_dependent().stats().nodes;
            limits.cap_nodes(tried.saturating_add(nodes))
        };
        let buffer = &mut solver.solution;
        let step = solver.arena.with_dependent_mut(|_, links| {
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
            // The slice's own limit: the search goes on at the next call.
            Step::Interrupted(Interruption::NodeLimit) if slice => None,
            Step::Interrupted(why) => {
                self.end = Some(SearchEnd::Interrupted(why));
                None
            }
        }
    }
}

/// Once the search has ended, `next` returns `None` for ever.
impl std::iter::FusedIterator for Solutions<'_> {}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}

/// A number no earlier call returned in this process.
fn next_build() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    BUILDS.fetch_add(1, Ordering::Relaxed)
}

/// The search of the empty problem, a placeholder while an arena is rebuilt.
fn empty(bump: &Bump) -> Search<'_> {
    let problem = Problem::new();
    Search::build(bump, &problem, &Layout::of(&problem))
}
