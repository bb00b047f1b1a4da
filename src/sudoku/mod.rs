//! Sudoku of every box shape, as exact cover.
//!
//! * [`Grid`], [`Shape`], [`Alphabet`] and [`Reader`] hold and read grids of
//!   size `N = R x C` (4, 6, 8, 9, 10, 12, 16, 25, ... up to [`MAX_SIZE`]):
//!   one-line and block forms, LeetCode boards, arrays; every reading error is
//!   a [`GridError`] that says where.
//! * [`Rules`] holds the units of a Sudoku (rows, columns and boxes, each a
//!   [`Unit`]) and derives from them, in one place, the items and options of
//!   its exact-cover problem: `4 N^2` items and `N^3` options for the classic
//!   rules. [`RuledGrid`] pairs a grid with its rules; [`Conflict`] names
//!   givens that break them. Variants are rules too: jigsaw regions,
//!   diagonals, windoku's windows, extra regions, killer [`Cage`]s,
//!   anti-knight and anti-king ([`Rules::with_regions`] and the other
//!   builders); [`FPuzzle`] reads them from f-puzzles JSON.
//! * [`exact_cover`] is the problem of an empty grid; [`SudokuSolver`] keeps
//!   that matrix and solves, counts and checks the uniqueness of puzzle after
//!   puzzle.
//! * [`Answerer`] answers puzzle after puzzle under any rules (solve, or
//!   count to a limit), reusing one solver, and says why a puzzle has no
//!   solution ([`Unsolvable`]).
//! * [`Puzzles`] reads a stream of puzzles, line by line, block by block,
//!   jigsaw lines with their region maps, or an f-puzzles file (its
//!   [`Layout`]), keeping every line number and every unreadable puzzle in
//!   its place.
//! * [`SudokuLabels`] and [`Rules`] name the items and options for traces and
//!   pictures; [`matrix_svg`], [`search_tree_svg`] and [`record_solution`]
//!   draw and record a puzzle's search in those names.
//! * [`reference`](mod@reference) is a plain backtracking solver to check against.
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
mod answer;
mod batch;
mod board;
mod cover;
mod error;
mod fpuzzles;
mod generate;
mod grade;
mod grid;
mod labels;
mod pictures;
mod reader;
pub mod reference;
mod ruled;
mod rules;
mod shape;
mod swaps;

pub use alphabet::Alphabet;
pub use answer::{Answer, Answerer, Outcome, Question, Unsolvable};
pub use batch::{Entry, EntryError, Layout, Puzzles};
pub use board::teaching_board;
pub use cover::{
    GridSolutions, SudokuSolver, Uniqueness, count_on_threads, exact_cover, option_of, placement,
    remaining_items, remaining_problem,
};
pub use error::GridError;
pub use fpuzzles::{FPuzzle, FPuzzlesError, MAX_FPUZZLES_BYTES, is_fpuzzles};
pub use generate::{GenerateError, Generated, Generator, Symmetry, minimize};
pub use grade::{GRADE_SEEDS, Grade, Level, grade};
pub use grid::Grid;
pub use labels::{SudokuLabels, item_label, option_label};
pub use pictures::{matrix_svg, record_solution, search_tree_svg};
pub use reader::{Reader, is_skipped_block_line};
pub use ruled::{Conflict, RuledGrid};
pub use rules::{Cage, ItemMeaning, MAX_COMBINATIONS, OptionMeaning, Rules, RulesError, Unit};
pub use shape::{MAX_SIZE, Shape};
