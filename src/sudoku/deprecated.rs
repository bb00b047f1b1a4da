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

#![allow(deprecated)]

use crate::engine::{Budget, SelectError, Solver};
use crate::problem::{Labels, Problem};
use crate::sudoku::rules::{Rules, option_number, option_placement};
use crate::sudoku::unique::PuzzleError;
use crate::sudoku::{Grade, Grid, Shape, grade, minimize};

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
