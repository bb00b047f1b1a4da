//! What can be wrong with a grid being read or built, and where.

use std::fmt;

use crate::sudoku::alphabet::Alphabet;
use crate::sudoku::shape::{MAX_SIZE, Shape};

/// What is wrong with a grid being read, and where.
///
/// Rows and columns are counted from 0 in the data, as everywhere in this
/// crate, and from 1 in the messages, for people.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// The number of cells is not `N * N` for a usable `N`.
    CellCount {
        /// Cells found.
        found: usize,
        /// Cells expected, when the size is known (from the alphabet or the
        /// box shape); `None` when `found` is not a square.
        expected: Option<usize>,
    },
    /// A block has the wrong number of rows.
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows expected (the length of the first row).
        expected: usize,
    },
    /// A row of a block has the wrong number of cells.
    RowLength {
        /// The row (from 0).
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A character that is neither a symbol nor a blank.
    IllegalCharacter {
        /// The character.
        ch: char,
        /// Its row (from 0).
        row: usize,
        /// Its column (from 0).
        column: usize,
    },
    /// A symbol of the alphabet whose value is more than the size of the
    /// grid; its message says "illegal character", as for characters outside
    /// the alphabet.
    SymbolOutOfRange {
        /// The character.
        ch: char,
        /// Its value.
        value: usize,
        /// The size of the grid.
        size: usize,
        /// Its row (from 0).
        row: usize,
        /// Its column (from 0).
        column: usize,
    },
    /// A box shape of no use (0 rows or columns, or too large).
    InvalidShape {
        /// Box rows.
        box_rows: usize,
        /// Box columns.
        box_cols: usize,
    },
    /// A box shape that is not `RxC`.
    BadShape(String),
    /// The grid's size does not match the box shape asked for.
    ShapeMismatch {
        /// The grid's size.
        size: usize,
        /// The shape asked for.
        shape: Shape,
    },
    /// The grid's size does not match the alphabet.
    AlphabetMismatch {
        /// The grid's size.
        size: usize,
        /// The number of symbols.
        symbols: usize,
    },
    /// An alphabet that cannot be used.
    BadAlphabet(String),
    /// A grid in the default alphabet where `0` could be a symbol (the grid
    /// written from 0) or a blank (written from 1), and the readings differ:
    /// `0`s beside other blanks (in a grid larger than 9x9, more `0`s than a
    /// row holds; in a smaller one, with no `N` among the givens). See
    /// [`Reader`](crate::sudoku::Reader).
    AmbiguousZero {
        /// The grid's size.
        size: usize,
        /// The number of `0`s.
        zeros: usize,
    },
    /// A line longer than a stream of puzzles allows (see
    /// [`Puzzles::MAX_LINE`](crate::sudoku::Puzzles::MAX_LINE)).
    LineTooLong {
        /// The most bytes a line may hold.
        limit: usize,
    },
    /// A block with more rows than any grid has ([`MAX_SIZE`]).
    TooManyRows {
        /// The most rows a block may have.
        limit: usize,
    },
    /// A value out of range given to [`Grid::set`](crate::sudoku::Grid::set) or a `TryFrom` array.
    BadValue {
        /// The value.
        value: usize,
        /// The cell's row (from 0).
        row: usize,
        /// The cell's column (from 0).
        column: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::CellCount {
                found,
                expected: Some(e),
            } => write!(f, "{found} cells, expected {e}"),
            GridError::CellCount {
                found,
                expected: None,
            } => write!(
                f,
                "{found} cells, expected a square number such as 16, 36, 81 or 256"
            ),
            GridError::RowCount { found, expected } => {
                write!(f, "{found} rows, expected {expected}")
            }
            GridError::RowLength {
                row,
                found,
                expected,
            } => write!(f, "row {} has {found} cells, expected {expected}", row + 1),
            GridError::IllegalCharacter { ch, row, column } => write!(
                f,
                "illegal character {ch:?} at row {}, column {}",
                row + 1,
                column + 1
            ),
            GridError::SymbolOutOfRange {
                ch,
                value,
                size,
                row,
                column,
            } => write!(
                f,
                "illegal character {ch:?} at row {}, column {} (a {size}x{size} grid has \
                 {size} symbol{}; {ch:?} would be {value})",
                row + 1,
                column + 1,
                if *size == 1 { "" } else { "s" }
            ),
            GridError::InvalidShape { box_rows, box_cols } => write!(
                f,
                "box shape {box_rows}x{box_cols} is not usable (sizes 1 to {MAX_SIZE})"
            ),
            GridError::BadShape(s) => write!(f, "box shape {s:?} is not of the form RxC"),
            GridError::ShapeMismatch { size, shape } => write!(
                f,
                "a grid of size {size} does not fit boxes of {shape} (size {})",
                shape.size()
            ),
            GridError::AlphabetMismatch { size, symbols } => write!(
                f,
                "a grid of size {size} needs {size} symbols, the alphabet has {symbols}"
            ),
            GridError::BadAlphabet(why) => write!(f, "bad alphabet: {why}"),
            GridError::LineTooLong { limit } => write!(
                f,
                "the line is longer than {limit} bytes (a puzzle has at most {} cells)",
                MAX_SIZE * MAX_SIZE
            ),
            GridError::TooManyRows { limit } => write!(
                f,
                "more than {limit} rows in a block: a blank line missing between two puzzles, \
                 or one puzzle per line (then leave out --block)?"
            ),
            GridError::AmbiguousZero { size, zeros } => {
                let from_zero: String = (1..=*size)
                    .filter_map(|v| Alphabet::from_zero().symbol(v))
                    .collect();
                let from_one: String = (1..=*size)
                    .filter_map(|v| Alphabet::default().symbol(v))
                    .collect();
                write!(
                    f,
                    "is '0' a symbol or a blank? {zeros} '0's beside other blanks in a grid of size {size}: \
                     name the alphabet, --alphabet {from_zero} ('0' a symbol) or --alphabet {from_one} ('0' a blank)"
                )
            }
            GridError::BadValue { value, row, column } => {
                write!(
                    f,
                    "value {value} at row {}, column {} is out of range (values go from 1 to the size)",
                    row + 1,
                    column + 1
                )
            }
        }
    }
}

impl std::error::Error for GridError {}
