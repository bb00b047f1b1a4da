//! Sudoku of every box shape, as exact cover.
//!
//! * [`Grid`], [`Shape`], [`Alphabet`] and [`Reader`] hold and read grids of
//!   size `N = R x C` (4, 6, 8, 9, 10, 12, 16, 25, ... up to [`MAX_SIZE`]):
//!   one-line and block forms, LeetCode boards, arrays; every reading error is
//!   a [`GridError`] that says where.
//! * [`Rules`] holds the units of a Sudoku (rows, columns and boxes, each a
//!   [`Unit`]) and derives from them, in one place, the items and options of
//!   its exact-cover problem ([`Rules::problem`]: `4 N^2` items and `N^3`
//!   options for the classic rules), what they mean ([`ItemMeaning`],
//!   [`OptionMeaning`]) and their names for traces and pictures (the rules
//!   are [`Labels`](crate::problem::Labels)). Variants are rules too: jigsaw
//!   regions, diagonals, windoku's windows, extra regions, killer [`Cage`]s,
//!   anti-knight and anti-king ([`Rules::with_regions`] and the other
//!   builders; a [`RulesError`] says why one cannot be added); [`FPuzzle`]
//!   reads them from f-puzzles JSON.
//! * [`RuledGrid`] pairs a grid with its rules; [`Conflict`] names givens
//!   that break them, [`Unsolvable`] says why a puzzle has no solution.
//! * [`Grid::solution`], [`Grid::count`] and [`Grid::is_unique`] answer one
//!   question about one puzzle; [`SudokuSolver`] keeps the matrix of a set
//!   of rules and solves, counts and checks the [`Uniqueness`] of puzzle
//!   after puzzle, within a budget.
//! * [`Generator`] makes puzzles ([`Generated`], [`GenerateError`], with a
//!   [`Symmetry`]), [`minimize`] takes clues away, [`grade`] measures how
//!   hard a puzzle is ([`Grade`], [`Level`]); [`PuzzleError`] says why a
//!   puzzle is not valid and unique.
//! * [`Puzzles`] reads a stream of puzzles, line by line, block by block,
//!   jigsaw lines with their region maps, or an f-puzzles file (its
//!   [`Layout`]), keeping every line number and every unreadable puzzle in
//!   its place; header lines (`# exactcover: --box 3x2`, a [`HeaderError`]
//!   when they cannot be used) say how to read the puzzles after them.
//!   [`PuzzleWriter`] writes puzzles so that they read back as the same
//!   puzzles ([`WriteError`] when a layout cannot say a puzzle's rules).
//! * [`matrix_svg`], [`search_tree_svg`] and [`record_solution`] draw and
//!   record a puzzle's search in the rules' names; [`logic_page`] steps
//!   through its solve by logic.
//! * [`remaining_problem`] is what is left once the givens are chosen, small
//!   enough to draw; [`teaching_board`] is a puzzle for the interactive page.
//! * [`reference`](mod@reference) is a plain backtracking solver to check
//!   against.
//!
//! ```
//! use exactcover::sudoku::Grid;
//!
//! let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! let solution = puzzle.solution().expect("solvable");
//! assert!(solution.is_solved());
//! assert!(puzzle.is_unique());
//! # Ok::<(), exactcover::sudoku::GridError>(())
//! ```

mod alphabet;
mod batch;
mod board;
mod convert;
mod error;
mod fpuzzles;
mod generate;
mod grade;
mod grid;
mod header;
mod hint;
mod pictures;
mod reader;
pub mod reference;
mod residual;
mod ruled;
mod rules;
mod shape;
mod solver;
mod swaps;
mod unique;
mod write;

pub use alphabet::Alphabet;
pub use batch::{Entry, EntryError, Layout, Puzzles};
pub use board::teaching_board;
pub use error::GridError;
pub use fpuzzles::{FPuzzle, FPuzzlesError, MAX_FPUZZLES_BYTES, is_fpuzzles};
pub use generate::{GenerateError, Generated, Generator, Symmetry, minimize};
pub use grade::{GRADE_SEEDS, Grade, Level, grade};
pub use grid::Grid;
pub use header::HeaderError;
pub use hint::{
    Advice, Difficulty, Ending, Hint, Place, Rating, SudokuLogic, Technique, Walkthrough, explain,
    hint, rate,
};
pub use pictures::{LogicPageError, logic_page, matrix_svg, record_solution, search_tree_svg};
pub use reader::{Reader, is_skipped_block_line};
pub use residual::{remaining_items, remaining_problem};
pub use ruled::{Conflict, RuledGrid, Unsolvable};
pub use rules::{Cage, ItemMeaning, MAX_COMBINATIONS, OptionMeaning, Rules, RulesError, Unit};
pub use shape::{MAX_SIZE, Shape};
pub use solver::{GridSolutions, Second, SudokuSolver, Uniqueness};
pub use unique::PuzzleError;
pub use write::{PuzzleWriter, WriteError};
