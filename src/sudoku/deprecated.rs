//! The paths of earlier releases that said again what another path says,
//! kept for one release, hidden from the documentation; each names the one
//! to use.
//!
//! * [`exact_cover`], now `Rules::classic(shape).problem()`.
//! * [`option_of`] and [`placement`], now [`Rules::option_of`] and
//!   [`Rules::placement`], by cell number.
//! * [`SudokuLabels`], [`item_label`] and [`option_label`], now the
//!   [`Rules`], which are the labels.
//! * `Grid::grade` and `Grid::minimize`, now [`grade`] and [`minimize`],
//!   which take a `&Grid` or a [`RuledGrid`](crate::sudoku::RuledGrid).
//! * `Rules::select_givens`, now [`Rules::given_options`], each selected
//!   with [`Solver::select`].
//!
//! And the names that broke a rule the rest of the crate keeps, deprecated
//! but shown in the documentation, where they point at the new name:
//!
//! * `SudokuSolver::count_solutions`, now [`SudokuSolver::count`], which
//!   returns a `Result` as every question a budget can cut short does.
//! * `Generator::seed`, `symmetry`, `clues`, `grades`, `attempts` and
//!   `budget`, now `Generator::with_seed` and so on: a builder's step is
//!   `with_*`, a plain name is a getter.
//! * `Rules::anti_knight` and `anti_king`, now `Rules::is_anti_knight` and
//!   `is_anti_king`: a predicate reads as one.

#![allow(deprecated)]

use crate::engine::{Budget, Count, SelectError, Solver};
use crate::problem::{Labels, Problem};
use crate::sudoku::rules::{Rules, option_number, option_placement};
use crate::sudoku::unique::PuzzleError;
use crate::sudoku::{
    Generator, Grade, Grid, RuledGrid, Shape, SudokuSolver, Symmetry, grade, minimize,
};

/// The exact-cover problem of an empty grid of `shape` under the classic
/// rules.
#[deprecated(note = "use Rules::classic(shape).problem()")]
#[doc(hidden)]
#[must_use]
pub fn exact_cover(shape: Shape) -> Problem {
    Rules::classic(shape).problem()
}

/// The option that puts value `value` (from 1) in cell `(row, col)`.
#[deprecated(note = "use Rules::option_of(row * N + col, value)")]
#[doc(hidden)]
#[must_use]
pub fn option_of(shape: Shape, row: usize, col: usize, value: usize) -> usize {
    let n = shape.size();
    option_number(n, row * n + col, value)
}

/// The cell `(row, col)` and value (from 1) of option `option`.
#[deprecated(note = "use Rules::placement(option), which gives the cell by number")]
#[doc(hidden)]
#[must_use]
pub fn placement(shape: Shape, option: usize) -> (usize, usize, usize) {
    let n = shape.size();
    let (cell, value) = option_placement(n, option);
    (cell / n, cell % n, value)
}

/// The labels of the classic rules of a shape.
#[deprecated(note = "use Rules::classic(shape), which is Labels")]
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SudokuLabels(pub Shape);

impl Labels for SudokuLabels {
    fn item(&self, item: usize) -> String {
        item_label(self.0, item)
    }

    fn option(&self, option: usize) -> String {
        option_label(self.0, option)
    }
}

/// A name for item `item` of the classic rules of `shape`.
#[deprecated(note = "use Labels::item of Rules::classic(shape)")]
#[doc(hidden)]
#[must_use]
pub fn item_label(shape: Shape, item: usize) -> String {
    Rules::classic(shape).item(item)
}

/// A name for option `option` of the classic rules of `shape`.
#[deprecated(note = "use Labels::option of Rules::classic(shape)")]
#[doc(hidden)]
#[must_use]
pub fn option_label(shape: Shape, option: usize) -> String {
    Rules::classic(shape).option(option)
}

impl Grid {
    /// The grade under the classic rules of the grid's shape.
    ///
    /// # Errors
    ///
    /// As [`grade`].
    #[deprecated(note = "use sudoku::grade(&grid, budget)")]
    #[doc(hidden)]
    pub fn grade(&self, budget: &Budget) -> Result<Grade, PuzzleError> {
        grade(self, budget)
    }

    /// A minimal unique subset of the clues under the classic rules of the
    /// grid's shape.
    ///
    /// # Errors
    ///
    /// As [`minimize`].
    #[deprecated(note = "use sudoku::minimize(&grid, seed, budget)")]
    #[doc(hidden)]
    pub fn minimize(&self, seed: u64, budget: &Budget) -> Result<Grid, PuzzleError> {
        minimize(self, seed, budget)
    }
}

impl Rules {
    /// Selects in `solver` the option of every given of `grid`.
    ///
    /// # Errors
    ///
    /// The [`SelectError`] of the first given whose option cannot be
    /// selected.
    #[deprecated(note = "use Rules::given_options and Solver::select")]
    #[doc(hidden)]
    pub fn select_givens(&self, grid: &Grid, solver: &mut Solver) -> Result<(), SelectError> {
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                solver.select(self.option_of(cell, v as usize))?;
            }
        }
        Ok(())
    }
}

impl SudokuSolver {
    /// Counts the solutions, the count of an interrupted search included.
    ///
    /// Deprecated: [`SudokuSolver::count`] returns `Result<Count,
    /// Interrupted>`, as every other question a budget can cut short does;
    /// `count(puzzle, limit).unwrap_or_else(Count::from)` is this method.
    #[deprecated(note = "use `count`, which returns `Result<Count, Interrupted>`; \
                `count(puzzle, limit).unwrap_or_else(Count::from)` keeps a partial count")]
    pub fn count_solutions<'p>(
        &mut self,
        puzzle: impl Into<RuledGrid<'p>>,
        limit: Option<u64>,
    ) -> Count {
        self.count(puzzle, limit).unwrap_or_else(Count::from)
    }
}

impl Generator {
    /// Deprecated name of [`Generator::with_seed`].
    #[deprecated(note = "use `with_seed`")]
    #[must_use]
    pub fn seed(self, seed: u64) -> Generator {
        self.with_seed(seed)
    }

    /// Deprecated name of [`Generator::with_symmetry`].
    #[deprecated(note = "use `with_symmetry`")]
    #[must_use]
    pub fn symmetry(self, symmetry: Symmetry) -> Generator {
        self.with_symmetry(symmetry)
    }

    /// Deprecated name of [`Generator::with_clues`].
    #[deprecated(note = "use `with_clues`")]
    #[must_use]
    pub fn clues(self, clues: Option<usize>) -> Generator {
        self.with_clues(clues)
    }

    /// Deprecated name of [`Generator::with_grades`].
    #[deprecated(note = "use `with_grades`")]
    #[must_use]
    pub fn grades(self, range: Option<(f64, f64)>) -> Generator {
        self.with_grades(range)
    }

    /// Deprecated name of [`Generator::with_attempts`].
    #[deprecated(note = "use `with_attempts`")]
    #[must_use]
    pub fn attempts(self, attempts: usize) -> Generator {
        self.with_attempts(attempts)
    }

    /// Deprecated name of [`Generator::with_budget`].
    #[deprecated(note = "use `with_budget`")]
    #[must_use]
    pub fn budget(self, budget: Budget) -> Generator {
        self.with_budget(budget)
    }
}

impl Rules {
    /// Deprecated name of [`Rules::is_anti_knight`].
    #[deprecated(note = "use `is_anti_knight`")]
    #[must_use]
    pub fn anti_knight(&self) -> bool {
        self.is_anti_knight()
    }

    /// Deprecated name of [`Rules::is_anti_king`].
    #[deprecated(note = "use `is_anti_king`")]
    #[must_use]
    pub fn anti_king(&self) -> bool {
        self.is_anti_king()
    }
}
