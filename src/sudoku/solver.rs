//! Solving puzzles: [`SudokuSolver`] keeps the exact-cover matrix of a set
//! of rules between puzzles.
//!
//! * [`SudokuSolver`] solves, counts and checks the uniqueness of puzzle
//!   after puzzle, each a `&Grid` (the classic rules of its shape), a
//!   [`RuledGrid`] or an [`&FPuzzle`](crate::sudoku::FPuzzle);
//!   [`Uniqueness`] is its answer to "how many solutions", [`GridSolutions`]
//!   its iterator over them. As the engine's [`Solver`], every question a
//!   budget can cut short returns `Result<_, Interrupted>`.
//! * [`Grid::solution`], [`Grid::count`] and [`Grid::is_unique`] ask one
//!   question of one classic puzzle, with no budget (so no `Result`).
//!
//! The items and options come from the puzzle's [`Rules`] (see the
//! [numbering](crate::sudoku::Rules#numbering)); the givens of a puzzle are
//! selected options ([`Rules::given_options`]) and the search fills in the
//! rest, whose options [`Rules::fill`] writes into a grid. Nothing here
//! knows how the engine works.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::engine::{ArenaError, Memo, MemoCount, MemoError, MemoStats};
use crate::engine::{
    Budget, Count, Interrupted, Interruption, Observer, SearchEnd, Solutions, Solver, Stats,
};
use crate::problem::Problem;
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::Rules;
use crate::sudoku::{Grid, Shape};

/// Whether a puzzle has no solution, exactly one, or more.
///
/// Its `Display` says which in words: `unsolvable`, `unique`, `multiple`.
///
/// ```
/// use exactcover::sudoku::{Grid, SudokuSolver, Uniqueness};
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// assert_eq!(SudokuSolver::new().uniqueness(&puzzle)?.to_string(), "unique");
/// assert_eq!(Uniqueness::Unsolvable.to_string(), "unsolvable");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    Unsolvable,
    /// Exactly one solution: this one.
    Unique(Grid),
    /// Two solutions or more: the first two found.
    Multiple(Grid, Grid),
}

impl std::fmt::Display for Uniqueness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Uniqueness::Unsolvable => "unsolvable",
            Uniqueness::Unique(_) => "unique",
            Uniqueness::Multiple(..) => "multiple",
        })
    }
}

/// Whether a puzzle whose first solution was found has a second one (see
/// [`SudokuSolver::solution_and_second_into`]).
///
/// ```
/// use exactcover::Budget;
/// use exactcover::sudoku::{Grid, Second, SudokuSolver};
/// let mut solver = SudokuSolver::new();
/// let open: Grid = "1...............".parse()?;
/// let mut out = open.clone();
/// assert_eq!(solver.solution_and_second_into(&open, &mut out), (true, Second::Found));
/// solver.set_budget(Budget::new().with_max_nodes(1));
/// let (_, second) = solver.solution_and_second_into(&open, &mut out);
/// assert!(matches!(second, Second::Unknown(_))); // the budget ran out
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Second {
    /// The search ended without a second solution: the solution found is
    /// the only one (or there was none).
    Absent,
    /// There is a second solution (at least).
    Found,
    /// The budget ran out before the search could tell.
    Unknown(Interruption),
}

/// A Sudoku solver that keeps its exact-cover matrix between puzzles.
///
/// The matrix for a set of rules is built once; each puzzle only clears the
/// previous selection, selects its givens and searches, so solving puzzle
/// after puzzle under the same rules allocates nothing (use
/// [`SudokuSolver::solution_into`] to reuse the output grid too). A puzzle
/// under other rules, or of another shape, rebuilds the matrix in the same
/// arena.
///
/// Every method takes a puzzle as a `&Grid` (the classic rules of its shape)
/// or as a [`RuledGrid`] (a grid under the rules it comes with).
///
/// ```
/// use exactcover::sudoku::{Grid, SudokuSolver, Uniqueness};
///
/// let mut solver = SudokuSolver::new();
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let solution = solver.solution(&puzzle)?.expect("solvable");
/// assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
/// assert_eq!(solver.count(&puzzle, Some(2))?.solutions, 1);
/// assert!(matches!(solver.uniqueness(&puzzle)?, Uniqueness::Unique(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SudokuSolver {
    /// The rules the matrix is built for, if any yet.
    rules: Option<Arc<Rules>>,
    solver: Solver,
}

impl Default for SudokuSolver {
    fn default() -> SudokuSolver {
        SudokuSolver::new()
    }
}

impl SudokuSolver {
    /// A solver; the matrix is built for the first puzzle's shape.
    ///
    /// ```
    /// let solver = exactcover::sudoku::SudokuSolver::new();
    /// assert_eq!(solver.shape(), None);
    /// ```
    #[must_use]
    pub fn new() -> SudokuSolver {
        SudokuSolver {
            rules: None,
            solver: Solver::new(&Problem::new()),
        }
    }

    /// A solver with the matrix for `shape` built already.
    ///
    /// ```
    /// let shape = exactcover::sudoku::Shape::for_size(16)?;
    /// let solver = exactcover::sudoku::SudokuSolver::for_shape(shape);
    /// assert_eq!(solver.shape(), Some(shape));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn for_shape(shape: Shape) -> SudokuSolver {
        let rules = Rules::classic(shape);
        SudokuSolver {
            solver: Solver::new(&rules.problem()),
            rules: Some(Arc::new(rules)),
        }
    }

    /// The shape the matrix is built for, if any yet.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let mut solver = SudokuSolver::new();
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// solver.count(&puzzle, None)?;
    /// assert_eq!(solver.shape(), Some(puzzle.shape()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn shape(&self) -> Option<Shape> {
        self.rules.as_ref().map(|rules| rules.shape())
    }

    /// The rules the matrix is built for, if any yet: those of the latest
    /// puzzle. They name the items and options of a trace.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, Rules, SudokuSolver};
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let mut solver = SudokuSolver::new();
    /// assert!(solver.rules().is_none());
    /// solver.count(&puzzle, None)?;
    /// assert_eq!(solver.rules().map(|r| &**r), Some(&Rules::classic(puzzle.shape())));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> Option<&Arc<Rules>> {
        self.rules.as_ref()
    }

    /// Sets the budget of every search (see [`Budget`]).
    ///
    /// ```
    /// use exactcover::{Budget, Interruption};
    /// use exactcover::sudoku::{Grid, Shape, SudokuSolver};
    /// let mut solver = SudokuSolver::new();
    /// solver.set_budget(Budget::new().with_max_nodes(1000));
    /// let empty = Grid::empty(Shape::for_size(9)?);
    /// let stopped = solver.count(&empty, None).unwrap_err();
    /// assert_eq!(stopped.reason, Interruption::NodeLimit);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.solver.set_budget(budget);
    }

    /// The statistics of the latest search.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let mut solver = SudokuSolver::new();
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// solver.count(&puzzle, None)?;
    /// assert!(solver.stats().nodes > 0);
    /// assert_eq!(solver.stats().solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// Whether the matrix is built for the rules of `puzzle`: for a grid
    /// alone, classic rules of its shape; for rules given with it, the same
    /// rules (the same `Arc`, or equal).
    fn is_built_for(&self, puzzle: RuledGrid<'_>) -> bool {
        match (&self.rules, puzzle.shared_rules()) {
            (None, _) => false,
            (Some(built), None) => built.is_classic() && built.shape() == puzzle.grid().shape(),
            (Some(built), Some(wanted)) => Arc::ptr_eq(built, wanted) || **built == **wanted,
        }
    }

    /// Builds the matrix for `puzzle`'s rules now, unless it is built
    /// already, so that a matrix too large for the memory there is is an
    /// error rather than a panic of the search that would build it.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let mut solver = SudokuSolver::new();
    /// solver.build_for(&puzzle)?;
    /// assert_eq!(solver.shape(), Some(puzzle.shape()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ArenaError`] when the matrix cannot be allocated (the solver then
    /// holds no matrix, and builds one for its next puzzle).
    pub fn build_for<'p>(&mut self, puzzle: impl Into<RuledGrid<'p>>) -> Result<(), ArenaError> {
        let puzzle = puzzle.into();
        if self.is_built_for(puzzle) {
            return Ok(());
        }
        let rules = match puzzle.shared_rules() {
            Some(rules) => Arc::clone(rules),
            None => Arc::new(Rules::classic(puzzle.grid().shape())),
        };
        self.rules = None;
        self.solver.try_rebuild(&rules.try_problem()?)?;
        self.rules = Some(rules);
        Ok(())
    }

    /// Readies the matrix for `puzzle`: its rules, its givens selected.
    /// Returns the rules and the search, or `None` when the givens conflict
    /// (no search needed).
    fn prepare(&mut self, puzzle: RuledGrid<'_>) -> Option<(&Rules, &mut Solver)> {
        // A timeout covers the whole puzzle, building and clearing included.
        self.solver.start_clock();
        if self.is_built_for(puzzle) {
            self.solver.clear_selection();
        } else {
            let rules = match puzzle.shared_rules() {
                Some(rules) => Arc::clone(rules),
                None => Arc::new(Rules::classic(puzzle.grid().shape())),
            };
            self.solver.rebuild(&rules.problem());
            self.rules = Some(rules);
        }
        let SudokuSolver { rules, solver } = self;
        let rules = rules.as_deref()?; // set just above
        if !select_givens(solver, rules, puzzle.grid()) {
            // The search of a contradictory selection ends at once; run it
            // so that `stats()` reports no work, not the last puzzle's.
            let _ = solver.count(Some(1));
            return None;
        }
        Some((rules, solver))
    }

    /// The first solution found, or `None` when there is none.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget runs out first.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let mut solver = SudokuSolver::new();
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let solution = solver.solution(&puzzle)?.expect("solvable");
    /// assert_eq!(solution.to_string(), "1234341221434321");
    /// let impossible: Grid = "11..............".parse()?;
    /// assert_eq!(solver.solution(&impossible)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
    ) -> Result<Option<Grid>, Interrupted> {
        let puzzle = puzzle.into();
        let mut out = puzzle.grid().clone();
        Ok(self.solution_into(puzzle, &mut out)?.then_some(out))
    }

    /// Writes the first solution into `out` (reusing its memory when it has
    /// the puzzle's shape) and returns `true`, or returns `false` when there
    /// is none (`out` then holds the puzzle).
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget runs out first.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let mut solver = SudokuSolver::new();
    /// let mut out = Grid::empty(exactcover::sudoku::Shape::for_size(4)?);
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// assert!(solver.solution_into(&puzzle, &mut out)?);
    /// assert_eq!(out.to_string(), "1234341221434321");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution_into<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        out: &mut Grid,
    ) -> Result<bool, Interrupted> {
        self.first_unobserved(puzzle.into(), out)
    }

    /// [`SudokuSolver::solution_into`] once the puzzle is a [`RuledGrid`].
    /// Not generic, so that the search is compiled once, here, whatever the
    /// type the caller passed: a caller's crate does not get its own copy,
    /// optimised differently.
    fn first_unobserved(
        &mut self,
        puzzle: RuledGrid<'_>,
        out: &mut Grid,
    ) -> Result<bool, Interrupted> {
        self.first_into(puzzle, out, &mut ())
    }

    /// The first solution into `out`, the search observed by `observer`.
    fn first_into<O: Observer>(
        &mut self,
        puzzle: RuledGrid<'_>,
        out: &mut Grid,
        observer: &mut O,
    ) -> Result<bool, Interrupted> {
        let grid = puzzle.grid();
        if out.shape() != grid.shape() || out.alphabet() != grid.alphabet() {
            *out = grid.clone();
        } else {
            out.cells_mut().copy_from_slice(grid.cells());
        }
        let Some((rules, solver)) = self.prepare(puzzle) else {
            return Ok(false);
        };
        let mut found = false;
        let end = solver.visit_observed(observer, |options| {
            // `out` has the puzzle's shape, the rules': this cannot fail.
            found = rules.fill(out, options).is_ok();
            ControlFlow::Break(())
        });
        self.check(end)?;
        Ok(found)
    }

    /// The first solution into `out` (as [`SudokuSolver::solution_into`]),
    /// the search going on for a second: whether one was found, and
    /// whether there is a second ([`Second::Unknown`] when the budget ran
    /// out first, the first solution found or not, which `true` says).
    /// Where [`SudokuSolver::uniqueness`] loses the first solution to a
    /// budget that runs out before the second is ruled out, this keeps it.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, Second, SudokuSolver};
    /// let mut solver = SudokuSolver::new();
    /// let mut out = Grid::empty(exactcover::sudoku::Shape::for_size(4)?);
    /// let unique: Grid = "1.3..4..2......1".parse()?;
    /// assert_eq!(solver.solution_and_second_into(&unique, &mut out), (true, Second::Absent));
    /// assert_eq!(out.to_string(), "1234341221434321");
    /// let open: Grid = "1...............".parse()?;
    /// assert_eq!(solver.solution_and_second_into(&open, &mut out), (true, Second::Found));
    /// let none: Grid = "11..............".parse()?;
    /// assert_eq!(solver.solution_and_second_into(&none, &mut out), (false, Second::Absent));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution_and_second_into<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        out: &mut Grid,
    ) -> (bool, Second) {
        self.first_of_two_into(puzzle.into(), out)
    }

    /// [`SudokuSolver::solution_and_second_into`] once the puzzle is a
    /// [`RuledGrid`] (not generic: see [`SudokuSolver::first_unobserved`]).
    fn first_of_two_into(&mut self, puzzle: RuledGrid<'_>, out: &mut Grid) -> (bool, Second) {
        let grid = puzzle.grid();
        if out.shape() != grid.shape() || out.alphabet() != grid.alphabet() {
            *out = grid.clone();
        } else {
            out.cells_mut().copy_from_slice(grid.cells());
        }
        let Some((rules, solver)) = self.prepare(puzzle) else {
            return (false, Second::Absent);
        };
        let mut found = 0;
        let end = solver.visit(|options| {
            found += 1;
            if found == 1 {
                // `out` has the puzzle's shape, the rules': this cannot fail.
                let _ = rules.fill(out, options);
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        let second = match end {
            SearchEnd::Interrupted(why) => Second::Unknown(why),
            _ if found > 1 => Second::Found,
            _ => Second::Absent,
        };
        (found > 0, second)
    }

    /// `Err` when the search ended because its budget ran out.
    fn check(&self, end: SearchEnd) -> Result<(), Interrupted> {
        match end {
            SearchEnd::Interrupted(reason) => Err(Interrupted {
                reason,
                stats: self.stats(),
            }),
            _ => Ok(()),
        }
    }

    /// As [`SudokuSolver::solution`], reporting every step of the search to
    /// `observer` (items and options numbered by the puzzle's [`Rules`],
    /// which also name them).
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget runs out first.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, Rules, SudokuSolver};
    /// use exactcover::teach::trace::Tracer;
    ///
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let rules = Rules::classic(puzzle.shape());
    /// let mut tracer = Tracer::new(&rules.problem(), &rules, String::new());
    /// let solution = SudokuSolver::new().solution_observed(&puzzle, &mut tracer)?;
    /// assert!(solution.is_some());
    /// let trace = tracer.finish()?;
    /// assert!(trace.starts_with("Level 0: "), "{trace}");
    /// assert!(trace.contains("=")); // options read like r1c2=2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution_observed<'p, O: Observer>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        observer: &mut O,
    ) -> Result<Option<Grid>, Interrupted> {
        let puzzle = puzzle.into();
        let mut out = puzzle.grid().clone();
        Ok(self.first_into(puzzle, &mut out, observer)?.then_some(out))
    }

    /// Counts the solutions, stopping at `limit` (`None`: all of them).
    /// Conflicting givens count 0.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget runs out first (with the solutions
    /// found until then: [`Count::from`] makes the partial count).
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let empty: Grid = "................".parse()?;
    /// let count = SudokuSolver::new().count(&empty, None)?;
    /// assert_eq!(count.solutions, 288); // all 4x4 Sudoku grids
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        limit: Option<u64>,
    ) -> Result<Count, Interrupted> {
        self.count_of(puzzle.into(), limit)
    }

    /// [`SudokuSolver::count`] once the puzzle is a [`RuledGrid`] (not
    /// generic: see [`SudokuSolver::first_unobserved`]).
    fn count_of(
        &mut self,
        puzzle: RuledGrid<'_>,
        limit: Option<u64>,
    ) -> Result<Count, Interrupted> {
        match self.prepare(puzzle) {
            Some((_, solver)) => solver.count(limit),
            None => Ok(Count {
                solutions: 0,
                end: SearchEnd::Exhausted,
            }),
        }
    }

    /// Counts the solutions of `puzzle` by Algorithm Z (see
    /// [`Solver::count_memo`]): exact past 2^64, each state of the grid
    /// counted once, within `memo`'s memory and this solver's budget; stops
    /// at `limit` if given. Conflicting givens count 0.
    ///
    /// # Errors
    ///
    /// [`MemoError::Overflow`] past `u128::MAX` solutions.
    ///
    /// ```
    /// use exactcover::engine::Memo;
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let empty: Grid = "................".parse()?;
    /// let count = SudokuSolver::new().count_memo(&empty, None, &Memo::new())?;
    /// assert_eq!(count.solutions, 288); // all 4x4 Sudoku grids
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_memo<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        limit: Option<u128>,
        memo: &Memo,
    ) -> Result<MemoCount, MemoError> {
        match self.prepare(puzzle.into()) {
            Some((_, solver)) => solver.count_memo(limit, memo),
            None => Ok(MemoCount::new(
                0,
                SearchEnd::Exhausted,
                MemoStats::default(),
            )),
        }
    }

    /// No solution, exactly one, or several (with two of them).
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget runs out first.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver, Uniqueness};
    /// let puzzle: Grid = "1...............".parse()?;
    /// match SudokuSolver::new().uniqueness(&puzzle)? {
    ///     Uniqueness::Multiple(a, b) => assert_ne!(a, b),
    ///     other => panic!("expected several solutions, got {other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn uniqueness<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
    ) -> Result<Uniqueness, Interrupted> {
        self.uniqueness_of(puzzle.into())
    }

    /// [`SudokuSolver::uniqueness`] once the puzzle is a [`RuledGrid`] (not
    /// generic: see [`SudokuSolver::first_unobserved`]).
    fn uniqueness_of(&mut self, puzzle: RuledGrid<'_>) -> Result<Uniqueness, Interrupted> {
        let mut found: Vec<Grid> = Vec::with_capacity(2);
        let end = match self.prepare(puzzle) {
            Some((rules, solver)) => solver.visit(|options| {
                let mut grid = puzzle.grid().clone();
                if rules.fill(&mut grid, options).is_ok() {
                    found.push(grid);
                }
                if found.len() == 2 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }),
            None => SearchEnd::Exhausted,
        };
        self.check(end)?;
        let mut found = found.into_iter();
        Ok(match (found.next(), found.next()) {
            (None, _) => Uniqueness::Unsolvable,
            (Some(a), None) => Uniqueness::Unique(a),
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
        })
    }

    /// A lazy iterator over the solutions.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let puzzle: Grid = "12..............".parse()?;
    /// let mut solver = SudokuSolver::new();
    /// let solutions: Vec<Grid> = solver.solutions(&puzzle).take(3).collect();
    /// assert_eq!(solutions.len(), 3);
    /// assert!(solutions.iter().all(|s| s.is_solved() && puzzle.is_completed_by(s)));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn solutions<'s, 'p>(&'s mut self, puzzle: impl Into<RuledGrid<'p>>) -> GridSolutions<'s> {
        let puzzle = puzzle.into();
        GridSolutions {
            inner: self
                .prepare(puzzle)
                .map(|(rules, solver)| (rules, solver.solutions())),
            template: puzzle.grid().clone(),
        }
    }
}

/// The iterator of [`SudokuSolver::solutions`].
#[derive(Debug)]
pub struct GridSolutions<'s> {
    /// The rules and the search; `None` when the givens conflict.
    inner: Option<(&'s Rules, Solutions<'s>)>,
    template: Grid,
}

impl GridSolutions<'_> {
    /// How the search ended, once the iterator is done (see
    /// [`Solutions::end`]).
    ///
    /// ```
    /// use exactcover::SearchEnd;
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let mut solver = SudokuSolver::new();
    /// let mut solutions = solver.solutions(&puzzle);
    /// assert!(solutions.next().is_some());
    /// assert!(solutions.next().is_none());
    /// assert_eq!(solutions.end(), Some(SearchEnd::Exhausted));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn end(&self) -> Option<SearchEnd> {
        match &self.inner {
            Some((_, inner)) => inner.end(),
            None => Some(SearchEnd::Exhausted),
        }
    }
}

/// Once the search has ended, `next` returns `None` for ever.
impl std::iter::FusedIterator for GridSolutions<'_> {}

impl Iterator for GridSolutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let (rules, inner) = self.inner.as_mut()?;
        let options = inner.next_solution()?;
        let mut grid = self.template.clone();
        rules.fill(&mut grid, options).ok()?;
        Some(grid)
    }
}

impl Grid {
    /// The first solution found (see [`SudokuSolver`] to solve many puzzles
    /// quickly, or with a budget).
    ///
    /// ```
    /// let puzzle: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert_eq!(puzzle.solution().unwrap().to_string(), "1234341221434321");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn solution(&self) -> Option<Grid> {
        // Without a budget a search is never interrupted.
        SudokuSolver::for_shape(self.shape())
            .solution(self)
            .ok()
            .flatten()
    }

    /// The number of solutions, up to `limit` (`None`: all; beware of empty
    /// large grids, or use a [`SudokuSolver`] with a [`Budget`]). With no
    /// budget the count is never interrupted, so this returns the [`Count`]
    /// itself, where [`SudokuSolver::count`] returns a `Result`.
    ///
    /// ```
    /// let puzzle: exactcover::sudoku::Grid = "1...............".parse()?;
    /// assert_eq!(puzzle.count(None).solutions, 288 / 4);
    /// assert_eq!(puzzle.count(Some(2)).to_string(), "2+");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn count(&self, limit: Option<u64>) -> Count {
        SudokuSolver::for_shape(self.shape())
            .count(self, limit)
            .unwrap_or_else(Count::from)
    }

    /// Whether the puzzle has exactly one solution.
    ///
    /// ```
    /// let puzzle: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert!(puzzle.is_unique());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_unique(&self) -> bool {
        self.count(Some(2)).solutions == 1
    }
}

/// Selects in `solver`, a solver of `rules`' problem, the options of the
/// givens of `grid` ([`Rules::given_options`]), in reading order; `false`
/// when two givens break a rule (the solver then knows that it has no
/// solution, until its selection is cleared) or when the grid does not fit
/// the rules (nothing selected; a [`RuledGrid`] always fits).
pub(crate) fn select_givens(solver: &mut Solver, rules: &Rules, grid: &Grid) -> bool {
    match rules.given_options(grid) {
        Ok(mut options) => options.all(|option| solver.select(option).is_ok()),
        Err(_) => false,
    }
}
