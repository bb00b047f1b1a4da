//! Answering puzzles, whatever their rules: the first solution or the number
//! of solutions, and why there is none.
//!
//! An [`Answerer`] keeps one [`SudokuSolver`] and one solution grid from
//! puzzle to puzzle, so that answering puzzle after puzzle under the same
//! rules allocates nothing. Its [`Answer`]s say everything a caller reports:
//! the solution, the count, why a puzzle has no solution ([`Unsolvable`]),
//! or that the budget ran out ([`Outcome`]), and the search's statistics.
//!
//! ```
//! use exactcover::sudoku::{Answerer, Grid, Outcome, Question};
//!
//! let mut answerer = Answerer::new();
//! let puzzle: Grid = "1.3..4..2......1".parse()?;
//! let answer = answerer.answer(&puzzle, Question::Solve);
//! match answer.outcome {
//!     Outcome::Solution(solution) => assert_eq!(solution.to_string(), "1234341221434321"),
//!     other => panic!("{other:?}"),
//! }
//! assert!(answer.stats.nodes > 0);
//! let conflict: Grid = "1..1............".parse()?;
//! let answer = answerer.answer(&conflict, Question::Solve);
//! assert_eq!(
//!     answer.to_string(),
//!     "unsolvable: conflicting givens: '1' twice in row 1, at r1c1 and r1c4"
//! );
//! # Ok::<(), exactcover::sudoku::GridError>(())
//! ```

use std::fmt;

use crate::engine::{
    ArenaError, Budget, Count, Interrupted, Memo, MemoCount, MemoError, Observer, SearchEnd, Stats,
};
use crate::sudoku::grid::Grid;
use crate::sudoku::ruled::{Conflict, RuledGrid, conflict};
use crate::sudoku::rules::Rules;
use crate::sudoku::solver::{Second, SudokuSolver, count_on_threads};

/// What to find out about a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Question {
    /// Its first solution.
    Solve,
    /// Its first solution, and whether it has a second
    /// ([`Answer::second`]): the search goes on after the first solution,
    /// which costs the rest of the search tree.
    SolveUnique,
    /// The number of its solutions, up to `limit` (`None`: all of them).
    Count {
        /// The most solutions to count.
        limit: Option<u64>,
    },
}

/// The answer to a [`Question`] about a puzzle: what the search found, and
/// what it took.
///
/// Its [`Display`](fmt::Display) is its outcome's.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Answer<'a> {
    /// What the search found.
    pub outcome: Outcome<'a>,
    /// The statistics of the search (summed over the threads of
    /// [`Answerer::answer_on_threads`]; zero when the givens conflict).
    pub stats: Stats,
    /// For [`Question::SolveUnique`] with a solution found: whether the
    /// puzzle has a second one. `None` for the other questions, and when
    /// there is no solution.
    pub second: Option<Second>,
}

impl fmt::Display for Answer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.outcome.fmt(f)
    }
}

/// What the search for a [`Question`] found.
///
/// Its [`Display`](fmt::Display) is a sentence for people: the solution or
/// the count, or what went wrong.
///
/// ```
/// use exactcover::sudoku::{Answerer, Grid, Outcome, Question};
/// let puzzle: Grid = "1..1............".parse()?;
/// let mut answerer = Answerer::new();
/// let answer = answerer.answer(&puzzle, Question::Count { limit: None }).outcome;
/// assert!(matches!(answer, Outcome::Count { count, why_none: Some(_) } if count.solutions == 0));
/// assert_eq!(
///     answer.to_string(),
///     "0: conflicting givens: '1' twice in row 1, at r1c1 and r1c4"
/// );
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<'a> {
    /// The first solution found ([`Question::Solve`]); the grid is the
    /// answerer's, reused for the next puzzle.
    Solution(&'a Grid),
    /// No solution ([`Question::Solve`]), and why.
    Unsolvable(Unsolvable),
    /// The budget ran out before a solution was found, or shown not to
    /// exist ([`Question::Solve`]).
    Interrupted(Interrupted),
    /// The number of solutions ([`Question::Count`]): exact, at least that
    /// many (the limit), or as many as found before the budget ran out, as
    /// [`Count::end`] says.
    Count {
        /// The count.
        count: Count,
        /// When the count is exactly 0: why.
        why_none: Option<Unsolvable>,
    },
}

impl fmt::Display for Outcome<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Solution(solution) => write!(f, "{solution}"),
            Outcome::Unsolvable(why) => write!(f, "unsolvable: {why}"),
            Outcome::Interrupted(stop) => write!(
                f,
                "timeout: search stopped ({}) after {} nodes",
                stop.reason, stop.stats.nodes
            ),
            Outcome::Count {
                count,
                why_none: Some(why),
            } => write!(f, "{count}: {why}"),
            Outcome::Count { count, .. } => write!(f, "{count}"),
        }
    }
}

/// The answer of [`Answerer::count_memo`]: the count by Algorithm Z (exact
/// past 2^64), why there is no solution, and what the search took.
///
/// Its [`Display`](fmt::Display) is as an [`Outcome::Count`]'s: the count,
/// and why when it is 0 (or why there is no count).
///
/// ```
/// use exactcover::engine::Memo;
/// use exactcover::sudoku::{Answerer, Grid};
/// let mut answerer = Answerer::new();
/// let empty: Grid = "................".parse()?;
/// assert_eq!(answerer.count_memo(&empty, None, &Memo::new()).to_string(), "288");
/// let conflict: Grid = "11..............".parse()?;
/// let answer = answerer.count_memo(&conflict, None, &Memo::new());
/// assert_eq!(answer.to_string(), "0: conflicting givens: '1' twice in row 1, at r1c1 and r1c2");
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoAnswer {
    /// The count, or why there is none (past `u128::MAX`).
    pub count: Result<MemoCount, MemoError>,
    /// When the count is exactly 0: why.
    pub why_none: Option<Unsolvable>,
    /// The statistics of the search (zero when the givens conflict).
    pub stats: Stats,
}

impl fmt::Display for MemoAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.count, &self.why_none) {
            (Ok(count), Some(why)) => write!(f, "{count}: {why}"),
            (Ok(count), None) => write!(f, "{count}"),
            (Err(e), _) => write!(f, "no count: {e}"),
        }
    }
}

/// Why a puzzle has no solution: its givens break a rule, or only the
/// search shows it.
///
/// ```
/// use std::sync::Arc;
/// use exactcover::sudoku::{Grid, RuledGrid, Rules, Unsolvable};
///
/// let grid: Grid = "12..............".parse()?;
/// let rules = Arc::new(Rules::classic(grid.shape()).with_cage(&[0, 1], Some(4))?);
/// let why = RuledGrid::new(&rules, &grid)?.why_unsolvable();
/// assert!(matches!(why, Unsolvable::CageSum { cage: 0, total: 3, sum: 4, .. }));
/// assert_eq!(
///     why.to_string(),
///     "the givens of cage 1 (at r1c1) add up to 3: its sum 4 is out of reach"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unsolvable {
    /// Two givens break a rule.
    Conflict(Conflict),
    /// The givens of a killer cage put its sum out of reach (see
    /// [`RuledGrid::broken_cage`]).
    CageSum {
        /// The cage, numbered as in [`Rules::cages`].
        cage: usize,
        /// Its first cell, `(row, column)` from 0.
        first: (usize, usize),
        /// What its givens add up to.
        total: usize,
        /// The sum it must have.
        sum: usize,
    },
    /// The givens break no rule by themselves: the search found that no
    /// solution exists.
    NoSolution,
}

impl Unsolvable {
    /// Whether the givens alone show that there is no solution (every
    /// reason but [`Unsolvable::NoSolution`]).
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, RuledGrid, Unsolvable};
    /// let grid: Grid = "11..............".parse()?;
    /// assert!(RuledGrid::from(&grid).why_unsolvable().is_in_givens());
    /// assert!(!Unsolvable::NoSolution.is_in_givens());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_in_givens(&self) -> bool {
        !matches!(self, Unsolvable::NoSolution)
    }
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsolvable::Conflict(conflict) => write!(f, "{conflict}"),
            Unsolvable::CageSum {
                cage,
                first,
                total,
                sum,
            } => write!(
                f,
                "the givens of cage {} (at r{}c{}) add up to {total}: its sum {sum} is out of reach",
                cage + 1,
                first.0 + 1,
                first.1 + 1
            ),
            Unsolvable::NoSolution => f.write_str("the puzzle has no solution"),
        }
    }
}

impl RuledGrid<'_> {
    /// Why the puzzle has no solution, for a puzzle known to have none: the
    /// first [`Conflict`] of its givens, else the first cage whose givens
    /// put its sum out of reach, else [`Unsolvable::NoSolution`] (the
    /// answer too for a puzzle that has solutions).
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, RuledGrid, Unsolvable};
    /// let grid: Grid = "1..1............".parse()?;
    /// assert!(matches!(RuledGrid::from(&grid).why_unsolvable(), Unsolvable::Conflict(_)));
    /// let open: Grid = "1...............".parse()?;
    /// assert_eq!(RuledGrid::from(&open).why_unsolvable(), Unsolvable::NoSolution);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn why_unsolvable(&self) -> Unsolvable {
        why_unsolvable(*self, &self.rules())
    }
}

/// [`RuledGrid::why_unsolvable`], with the puzzle's rules at hand (a solver
/// has them: the classic rules are then not made again).
fn why_unsolvable(puzzle: RuledGrid<'_>, rules: &Rules) -> Unsolvable {
    let grid = puzzle.grid();
    if let Some(conflict) = conflict(rules, grid) {
        return Unsolvable::Conflict(conflict);
    }
    if rules.cages().is_empty() {
        return Unsolvable::NoSolution;
    }
    let Some(k) = puzzle.broken_cage() else {
        return Unsolvable::NoSolution;
    };
    let cage = &rules.cages()[k];
    let n = rules.size();
    let first = cage
        .cells
        .first()
        .map_or((0, 0), |&cell| (cell / n, cell % n));
    Unsolvable::CageSum {
        cage: k,
        first,
        total: cage.cells.iter().map(|&k| grid.cells()[k] as usize).sum(),
        sum: cage.sum.unwrap_or(0),
    }
}

/// Answers puzzle after puzzle, under any rules: their first solution or
/// their number of solutions, within a budget, with why there is none.
///
/// It keeps its solver's matrix and its solution grid between puzzles:
/// answering puzzles under the same rules, one after another, allocates
/// nothing (but for the reasons of puzzles without a solution).
///
/// ```
/// use std::sync::Arc;
/// use exactcover::sudoku::{Answerer, Grid, Outcome, Question, RuledGrid, Rules};
///
/// let mut answerer = Answerer::new();
/// let grid: Grid = "1...............".parse()?;
/// // Under the classic rules, then with a diagonal.
/// let count = Question::Count { limit: None };
/// assert_eq!(answerer.answer(&grid, count).to_string(), "72");
/// let x = Arc::new(Rules::classic(grid.shape()).with_diagonals());
/// let answer = answerer.answer(RuledGrid::new(&x, &grid)?, count);
/// assert!(matches!(answer.outcome, Outcome::Count { count, .. } if count.solutions < 72));
/// assert!(answer.stats.nodes > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Answerer {
    solver: SudokuSolver,
    /// The latest solution; `None` before the first.
    solution: Option<Grid>,
    budget: Budget,
}

impl Answerer {
    /// An answerer, with no budget.
    ///
    /// ```
    /// use exactcover::sudoku::{Answerer, Grid, Question};
    /// let empty: Grid = "................".parse()?;
    /// let mut answerer = Answerer::new();
    /// let answer = answerer.answer(&empty, Question::Count { limit: None });
    /// assert_eq!(answer.to_string(), "288");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn new() -> Answerer {
        Answerer::default()
    }

    /// Sets the budget of each answer (see [`Budget`]).
    ///
    /// ```
    /// use exactcover::Budget;
    /// use exactcover::sudoku::{Answer, Answerer, Grid, Question};
    ///
    /// let mut answerer = Answerer::new();
    /// answerer.set_budget(Budget::new().with_max_nodes(5));
    /// let empty: Grid = ".".repeat(81).parse()?;
    /// let answer = answerer.answer(&empty, Question::Count { limit: None });
    /// assert_eq!(answer.to_string(), "0?"); // no solution within 5 nodes
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.solver.set_budget(budget.clone());
        self.budget = budget;
    }

    /// Answers `question` about `puzzle` (a `&Grid` for the classic rules
    /// of its shape, or a [`RuledGrid`]).
    ///
    /// ```
    /// use exactcover::sudoku::{Answerer, Grid, Outcome, Question};
    /// let mut answerer = Answerer::new();
    /// let puzzle: Grid = "................".parse()?;
    /// let answer = answerer.answer(&puzzle, Question::Count { limit: Some(10) });
    /// assert!(matches!(answer.outcome, Outcome::Count { count, why_none: None } if count.solutions == 10));
    /// assert_eq!(answer.to_string(), "10+");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn answer<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        question: Question,
    ) -> Answer<'_> {
        let puzzle = puzzle.into();
        match question {
            Question::Solve => {
                let out = self.solution.get_or_insert_with(|| puzzle.grid().clone());
                let found = self.solver.solution_into(puzzle, out);
                let outcome = match found {
                    Ok(true) => Outcome::Solution(out),
                    Ok(false) => {
                        Outcome::Unsolvable(Answerer::why_unsolvable(&self.solver, puzzle))
                    }
                    Err(stop) => Outcome::Interrupted(stop),
                };
                Answer {
                    outcome,
                    stats: self.solver.stats(),
                    second: None,
                }
            }
            Question::SolveUnique => {
                let out = self.solution.get_or_insert_with(|| puzzle.grid().clone());
                let (outcome, second) = match self.solver.solution_and_second_into(puzzle, out) {
                    (true, second) => (Outcome::Solution(out), Some(second)),
                    (false, Second::Unknown(reason)) => (
                        Outcome::Interrupted(Interrupted {
                            reason,
                            stats: self.solver.stats(),
                        }),
                        None,
                    ),
                    (false, _) => (
                        Outcome::Unsolvable(Answerer::why_unsolvable(&self.solver, puzzle)),
                        None,
                    ),
                };
                Answer {
                    outcome,
                    stats: self.solver.stats(),
                    second,
                }
            }
            Question::Count { limit } => {
                let count = self.solver.count(puzzle, limit).unwrap_or_else(Count::from);
                let why_none =
                    is_none(count).then(|| Answerer::why_unsolvable(&self.solver, puzzle));
                Answer {
                    outcome: Outcome::Count { count, why_none },
                    stats: self.solver.stats(),
                    second: None,
                }
            }
        }
    }

    /// Counts the solutions of `puzzle` by Algorithm Z (see
    /// [`SudokuSolver::count_memo`]), within this answerer's budget and
    /// `memo`'s memory, up to `limit` if given: for puzzles with many
    /// solutions (an empty grid), where a plain count takes a step per
    /// solution. On one thread.
    ///
    /// ```
    /// use exactcover::engine::Memo;
    /// use exactcover::sudoku::{Answerer, Grid};
    /// let empty: Grid = "....................................".parse()?; // 6x6
    /// let mut answerer = Answerer::new();
    /// let answer = answerer.count_memo(&empty, Some(1000), &Memo::new());
    /// assert_eq!(answer.to_string(), "1000+");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn count_memo<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        limit: Option<u128>,
        memo: &Memo,
    ) -> MemoAnswer {
        let puzzle = puzzle.into();
        let count = self.solver.count_memo(puzzle, limit, memo);
        let none = matches!(count, Ok(c) if c.solutions == 0 && c.end == SearchEnd::Exhausted);
        MemoAnswer {
            count,
            why_none: none.then(|| Answerer::why_unsolvable(&self.solver, puzzle)),
            stats: self.solver.stats(),
        }
    }

    /// As [`Answerer::answer`], a count spread over `threads` threads that
    /// share the puzzle's search tree (see
    /// [`count_on_threads`](crate::sudoku::count_on_threads)): for one puzzle
    /// with many solutions. The budget holds for the whole count. A
    /// solution is searched for on this thread.
    ///
    /// ```
    /// use exactcover::sudoku::{Answerer, Grid, Question};
    /// let mut answerer = Answerer::new();
    /// let empty: Grid = "................".parse()?;
    /// let answer = answerer.answer_on_threads(&empty, Question::Count { limit: None }, 2)?;
    /// assert_eq!(answer.to_string(), "288");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ArenaError`] when not even one matrix for the puzzle can be
    /// allocated (see [`Answerer::build_for`]).
    pub fn answer_on_threads<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        question: Question,
        threads: usize,
    ) -> Result<Answer<'_>, ArenaError> {
        let puzzle = puzzle.into();
        let Question::Count { limit } = question else {
            self.build_for(puzzle)?;
            return Ok(self.answer(puzzle, question));
        };
        let (count, stats) = count_on_threads(puzzle, limit, &self.budget, threads)?;
        let why_none = is_none(count).then(|| puzzle.why_unsolvable());
        Ok(Answer {
            outcome: Outcome::Count { count, why_none },
            stats,
            second: None,
        })
    }

    /// Builds the matrix for `puzzle`'s rules now, unless it is built
    /// already ([`SudokuSolver::build_for`]): call it before
    /// [`Answerer::answer`] where a matrix may be too large for the memory
    /// there is (a thread that cannot have its matrix then answers with an
    /// error, never a panic).
    ///
    /// ```
    /// use exactcover::sudoku::{Answerer, Grid, Question};
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let mut answerer = Answerer::new();
    /// answerer.build_for(&puzzle)?;
    /// assert_eq!(answerer.answer(&puzzle, Question::Solve).to_string(), "1234341221434321");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ArenaError`] when the matrix cannot be allocated.
    pub fn build_for<'p>(&mut self, puzzle: impl Into<RuledGrid<'p>>) -> Result<(), ArenaError> {
        self.solver.build_for(puzzle)
    }

    /// As [`Answerer::answer`] for [`Question::Solve`], reporting every step
    /// of the search to `observer` (items and options numbered by the
    /// puzzle's [`Rules`], which also name them).
    ///
    /// ```
    /// use exactcover::sudoku::{Answerer, Grid, Rules};
    /// use exactcover::teach::trace::Tracer;
    ///
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let rules = Rules::classic(puzzle.shape());
    /// let mut tracer = Tracer::new(&rules.problem(), &rules, String::new());
    /// let mut answerer = Answerer::new();
    /// let answer = answerer.solve_observed(&puzzle, &mut tracer);
    /// assert_eq!(answer.to_string(), "1234341221434321");
    /// assert!(tracer.finish()?.starts_with("Level 0: "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_observed<'p, O: Observer>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        observer: &mut O,
    ) -> Answer<'_> {
        let puzzle = puzzle.into();
        let found = self.solver.solution_observed(puzzle, observer);
        let outcome = match found {
            Ok(Some(solution)) => Outcome::Solution(self.solution.insert(solution)),
            Ok(None) => Outcome::Unsolvable(Answerer::why_unsolvable(&self.solver, puzzle)),
            Err(stop) => Outcome::Interrupted(stop),
        };
        Answer {
            outcome,
            stats: self.solver.stats(),
            second: None,
        }
    }

    /// Why `puzzle`, just searched by `solver`, has no solution: under the
    /// rules the solver holds, its own.
    fn why_unsolvable(solver: &SudokuSolver, puzzle: RuledGrid<'_>) -> Unsolvable {
        match solver.rules() {
            Some(rules) => why_unsolvable(puzzle, rules),
            None => puzzle.why_unsolvable(),
        }
    }
}

/// Whether `count` says that there is no solution.
fn is_none(count: Count) -> bool {
    count.solutions == 0 && count.end == SearchEnd::Exhausted
}
