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
//! use exactcover_cli::sudoku_reply::{Answerer, Outcome, Question};
//! use exactcover::sudoku::Grid;
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

use exactcover::engine::{
    ArenaError, Budget, Count, Interrupted, Memo, MemoCount, MemoError, Observer, SearchEnd,
    SelectError, Stats,
};
use exactcover::scale::CountError;
use exactcover::sudoku::{Grid, RuledGrid, Second, SudokuSolver, Unsolvable};

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
/// use exactcover_cli::sudoku_reply::{Answerer, Outcome, Question};
/// use exactcover::sudoku::Grid;
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
/// use exactcover_cli::sudoku_reply::Answerer;
/// use exactcover::sudoku::Grid;
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

/// Answers puzzle after puzzle, under any rules: their first solution or
/// their number of solutions, within a budget, with why there is none.
///
/// It keeps its solver's matrix and its solution grid between puzzles:
/// answering puzzles under the same rules, one after another, allocates
/// nothing (but for the reasons of puzzles without a solution).
///
/// ```
/// use std::sync::Arc;
/// use exactcover_cli::sudoku_reply::{Answerer, Outcome, Question};
/// use exactcover::sudoku::{Grid, RuledGrid, Rules};
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
    /// use exactcover_cli::sudoku_reply::{Answerer, Question};
    /// use exactcover::sudoku::Grid;
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
    /// use exactcover_cli::sudoku_reply::{Answer, Answerer, Question};
    /// use exactcover::sudoku::Grid;
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
    /// use exactcover_cli::sudoku_reply::{Answerer, Outcome, Question};
    /// use exactcover::sudoku::Grid;
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
                        Outcome::Interrupted(Interrupted::new(reason, self.solver.stats())),
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
    /// use exactcover_cli::sudoku_reply::Answerer;
    /// use exactcover::sudoku::Grid;
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
    /// [`count_on_threads`]): for one puzzle
    /// with many solutions. The budget holds for the whole count. A
    /// solution is searched for on this thread.
    ///
    /// ```
    /// use exactcover_cli::sudoku_reply::{Answerer, Question};
    /// use exactcover::sudoku::Grid;
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
    /// use exactcover_cli::sudoku_reply::{Answerer, Question};
    /// use exactcover::sudoku::Grid;
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
    /// puzzle's [`Rules`](exactcover::sudoku::Rules), which also name them).
    ///
    /// ```
    /// use exactcover_cli::sudoku_reply::Answerer;
    /// use exactcover::sudoku::{Grid, Rules};
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
    /// rules the solver holds, its own (the classic rules are then not made
    /// again).
    fn why_unsolvable(solver: &SudokuSolver, puzzle: RuledGrid<'_>) -> Unsolvable {
        match solver
            .rules()
            .map(|rules| RuledGrid::new(rules, puzzle.grid()))
        {
            Some(Ok(ruled)) => ruled.why_unsolvable(),
            _ => puzzle.why_unsolvable(),
        }
    }
}

/// Whether `count` says that there is no solution.
fn is_none(count: Count) -> bool {
    count.solutions == 0 && count.end == SearchEnd::Exhausted
}

/// Counts the solutions of one puzzle on `threads` threads (a
/// [`Counter`](exactcover::scale::Counter) over its rules' exact cover with
/// the givens selected), stopping at `limit` and within `budget`, which
/// holds for the whole count; returns the count and the statistics summed
/// over the threads.
///
/// For many puzzles, one thread per puzzle is better: this is for one
/// puzzle with many solutions (a grid count).
///
/// Only conflicting givens count 0 without a search. A split that would be
/// too large is made shallower by the counter (see
/// [`Solver::split_within`](exactcover::Solver::split_within)); should
/// the counter refuse the puzzle for any other reason, it is counted on
/// this thread instead, never reported as "no solution".
///
/// The counter runs on fewer threads than asked when their matrices would
/// pass [`DEFAULT_MAX_MEMORY`](exactcover::scale::DEFAULT_MAX_MEMORY) together.
///
/// ```
/// use exactcover::Budget;
/// use exactcover::sudoku::Grid;
/// use exactcover_cli::sudoku_reply::count_on_threads;
/// let empty: Grid = "................".parse()?;
/// let (count, _) = count_on_threads(&empty, None, &Budget::new(), 2)?;
/// assert_eq!(count.solutions, 288); // all 4x4 Sudoku grids
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`ArenaError`] when not even one matrix of the puzzle's rules can be
/// allocated: there is no count, which is not a count of 0.
pub fn count_on_threads<'p>(
    puzzle: impl Into<RuledGrid<'p>>,
    limit: Option<u64>,
    budget: &Budget,
    threads: usize,
) -> Result<(Count, Stats), ArenaError> {
    let puzzle = puzzle.into();
    let rules = puzzle.rules();
    let problem = rules.try_problem()?;
    let givens: Vec<usize> = match rules.given_options(puzzle.grid()) {
        Ok(options) => options.collect(),
        // A `RuledGrid` fits its rules: this cannot be.
        Err(_) => Vec::new(),
    };
    let counted = exactcover::scale::Counter::new(&problem)
        .with_selection(&givens)
        .with_limit(limit)
        .with_budget(budget.clone())
        .with_threads(threads)
        .try_count();
    match counted {
        Ok(counted) => Ok((counted.count, counted.stats)),
        // Conflicting givens: no solution.
        Err(CountError::Select(SelectError::Conflict { .. })) => {
            Ok((Count::new(0, SearchEnd::Exhausted), Stats::default()))
        }
        // No memory for a matrix: no count at all.
        Err(CountError::Arena(e)) => Err(e),
        // Anything else is no answer: count here, on one thread.
        Err(_) => {
            let mut solver = SudokuSolver::new();
            solver.set_budget(budget.clone());
            solver.build_for(puzzle)?;
            let count = solver.count(puzzle, limit).unwrap_or_else(Count::from);
            Ok((count, solver.stats()))
        }
    }
}

#[cfg(test)]
mod tests {
    //! Answers as the command line gets them (moved from the library's
    //! tests with the answerer).

    use std::sync::Arc;

    use super::*;
    use exactcover::sudoku::{Entry, Layout, Puzzles, Reader, Rules, Shape};
    use exactcover::{Budget, Interruption};

    fn entries(text: &str, layout: Layout) -> Vec<Entry> {
        Puzzles::new(text.as_bytes(), Reader::new(), layout)
            .collect::<Result<_, _>>()
            .expect("reading a string cannot fail")
    }

    /// Why there is no solution, in every way there can be none, for solving
    /// and for counting.
    #[test]
    fn unsolvable_puzzles_say_why() {
        let mut answerer = Answerer::new();
        let conflict = Reader::new().read_line("1...1...........").unwrap();
        let answer = answerer.answer(&conflict, Question::Solve);
        assert!(matches!(
            answer.outcome,
            Outcome::Unsolvable(Unsolvable::Conflict(_))
        ));
        assert_eq!(answer.stats.nodes, 0);
        let answer = answerer.answer(&conflict, Question::Count { limit: None });
        assert!(matches!(
            answer.outcome,
            Outcome::Count {
                why_none: Some(Unsolvable::Conflict(_)),
                ..
            }
        ));
        // No two givens meet, yet no solution: only the search shows it.
        let hidden = Reader::new().read_line("12....3.........").unwrap();
        assert_eq!(
            answerer.answer(&hidden, Question::Solve).to_string(),
            "unsolvable: the puzzle has no solution"
        );
        let answer = answerer
            .answer_on_threads(&hidden, Question::Count { limit: None }, 2)
            .unwrap();
        assert!(matches!(
            answer.outcome,
            Outcome::Count { count, why_none: Some(Unsolvable::NoSolution) } if count.solutions == 0
        ));

        // A killer cage whose givens break its sum.
        let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{"value":2,"given":true},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"4"}]}"#;
        let entry = entries(json, Layout::FPuzzles).remove(0);
        let answer = answerer.answer(entry.puzzle().unwrap(), Question::Solve);
        assert_eq!(
            answer.to_string(),
            "unsolvable: the givens of cage 1 (at r1c1) add up to 3: its sum 4 is out of reach"
        );
    }

    /// A budget that runs out: a solve says so, a count says how far it got.
    #[test]
    fn budgets_interrupt_answers() {
        let mut answerer = Answerer::new();
        answerer.set_budget(Budget::new().with_max_nodes(10));
        let empty = Reader::new().read_line(&".".repeat(81)).unwrap();
        let hard = Reader::new()
            .read_line(
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            )
            .unwrap();
        let answer = answerer.answer(&hard, Question::Solve);
        match answer.outcome {
            Outcome::Interrupted(stop) => assert_eq!(stop.reason, Interruption::NodeLimit),
            other => panic!("{other:?}"),
        }
        assert!(answer.to_string().starts_with("timeout: search stopped ("));
        for threads in [1, 2] {
            let answer = answerer
                .answer_on_threads(&empty, Question::Count { limit: None }, threads)
                .unwrap();
            match answer.outcome {
                Outcome::Count { count, why_none } => {
                    assert_eq!(count.end, SearchEnd::Interrupted(Interruption::NodeLimit));
                    assert_eq!(why_none, None);
                }
                other => panic!("{other:?}"),
            }
        }
    }

    /// Counting on threads gives the count of one thread, under any rules.
    #[test]
    fn counts_on_threads_agree_under_any_rules() {
        let line = "1...............  1112122233343444\n";
        let entry = entries(line, Layout::Jigsaw).remove(0);
        let puzzle = entry.puzzle().unwrap();
        let mut answerer = Answerer::new();
        let count = Question::Count { limit: None };
        let one = answerer.answer(puzzle, count).to_string();
        let two = answerer
            .answer_on_threads(puzzle, count, 2)
            .unwrap()
            .to_string();
        assert_eq!(one, two);
        assert!(one.parse::<u64>().unwrap() > 0);
    }

    /// Trust issue, point 8: a count on threads is 0 only for conflicting
    /// givens; a split too large for the threads is made shallower.
    #[test]
    fn counts_on_threads_are_zero_only_for_conflicts() {
        let empty = Grid::empty(Shape::new(1, 35).unwrap());
        let (count, _) = count_on_threads(&empty, Some(3), &Budget::new(), 700).unwrap();
        assert_eq!(count.solutions, 3);
        let conflict: Grid = "1...1...........".parse().unwrap();
        let (count, stats) = count_on_threads(&conflict, None, &Budget::new(), 4).unwrap();
        assert_eq!((count.solutions, stats.nodes), (0, 0));
    }

    /// Trust issue, point 20: the answer to `SolveUnique` says whether the
    /// solution is the only one, or that the budget stopped the search before
    /// it could tell.
    #[test]
    fn solve_unique_tells_a_second_solution() {
        let mut answerer = Answerer::new();
        let open: Grid = "12..............".parse().unwrap();
        let answer = answerer.answer(&open, Question::SolveUnique);
        assert_eq!(answer.second, Some(Second::Found));
        let first = answerer.answer(&open, Question::Solve).outcome.to_string();
        let answer = answerer.answer(&open, Question::SolveUnique);
        assert_eq!(answer.outcome.to_string(), first, "the same first solution");
        let x = Arc::new(Rules::classic(open.shape()).with_diagonals());
        let ruled = RuledGrid::new(&x, &open).unwrap();
        let unique = answerer.answer(ruled, Question::SolveUnique);
        assert!(unique.second.is_some());
        // A budget that reaches the first solution and no further.
        let empty = Grid::empty(Shape::for_size(9).unwrap());
        let nodes = answerer.answer(&empty, Question::Solve).stats.nodes;
        answerer.set_budget(Budget::new().with_max_nodes(nodes));
        let answer = answerer.answer(&empty, Question::SolveUnique);
        assert!(matches!(answer.outcome, Outcome::Solution(_)));
        assert!(
            matches!(answer.second, Some(Second::Unknown(_))),
            "{:?}",
            answer.second
        );
    }
}
