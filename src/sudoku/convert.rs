//! Grids from text and arrays, and back: [`Grid`]'s `FromStr` (through
//! a [`Reader`]), its `TryFrom` rows of values, cells and LeetCode boards,
//! and the LeetCode board of a grid.
//!
//! ```
//! use exactcover::sudoku::Grid;
//! let grid: Grid = "1.3..4..2......1".parse()?;
//! let board: Vec<Vec<char>> = (&grid).into();
//! assert_eq!(board[0], ['1', '.', '3', '.']);
//! assert_eq!(Grid::try_from(board)?, grid);
//! # Ok::<(), exactcover::sudoku::GridError>(())
//! ```

use std::str::FromStr;

use crate::sudoku::error::GridError;
use crate::sudoku::grid::Grid;
use crate::sudoku::reader::Reader;
use crate::sudoku::shape::Shape;

impl FromStr for Grid {
    type Err = GridError;

    /// The one-line form, or the block form when the text has more than one
    /// non-blank line; default alphabet and box shape.
    fn from_str(s: &str) -> Result<Grid, GridError> {
        let lines = s.lines().filter(|l| !l.trim().is_empty()).count();
        if lines > 1 {
            Reader::new().read_block(s)
        } else {
            Reader::new().read_line(s)
        }
    }
}

/// The grid of size `n` with these values, row by row (0 for blank).
fn from_values<I>(n: usize, values: I) -> Result<Grid, GridError>
where
    I: IntoIterator<Item = usize>,
{
    let mut grid = Grid::empty(Shape::for_size(n)?);
    for (k, v) in values.into_iter().enumerate() {
        grid.set(k / n, k % n, (v != 0).then_some(v))?;
    }
    Ok(grid)
}

/// The grid of size `n` with these symbols, row by row.
fn from_chars<I>(n: usize, chars: I) -> Result<Grid, GridError>
where
    I: IntoIterator<Item = char>,
{
    let line: String = chars.into_iter().collect();
    Reader::new()
        .with_shape(Shape::for_size(n)?)
        .read_line(&line)
}

impl TryFrom<[[u8; 9]; 9]> for Grid {
    type Error = GridError;

    /// Rows of values, 0 for blank.
    ///
    /// ```
    /// let mut rows = [[0u8; 9]; 9];
    /// rows[0][0] = 5;
    /// let grid = exactcover::sudoku::Grid::try_from(rows)?;
    /// assert_eq!(grid.get(0, 0), Some(5));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    fn try_from(rows: [[u8; 9]; 9]) -> Result<Grid, GridError> {
        from_values(9, rows.iter().flatten().map(|&v| v as usize))
    }
}

impl TryFrom<[u8; 81]> for Grid {
    type Error = GridError;

    /// Cells row by row, 0 for blank.
    ///
    /// ```
    /// let grid = exactcover::sudoku::Grid::try_from([0u8; 81])?;
    /// assert_eq!(grid.given_count(), 0);
    /// assert!(exactcover::sudoku::Grid::try_from([10u8; 81]).is_err());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    fn try_from(cells: [u8; 81]) -> Result<Grid, GridError> {
        from_values(9, cells.iter().map(|&v| v as usize))
    }
}

impl TryFrom<[[char; 9]; 9]> for Grid {
    type Error = GridError;

    /// The LeetCode board: digits, `.` for blank.
    ///
    /// ```
    /// let mut board = [['.'; 9]; 9];
    /// board[8][8] = '9';
    /// let grid = exactcover::sudoku::Grid::try_from(board)?;
    /// assert_eq!(grid.get(8, 8), Some(9));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    fn try_from(board: [[char; 9]; 9]) -> Result<Grid, GridError> {
        from_chars(9, board.iter().flatten().copied())
    }
}

impl TryFrom<Vec<Vec<char>>> for Grid {
    type Error = GridError;

    /// The LeetCode board (`Vec<Vec<char>>`) of any size `N`.
    ///
    /// ```
    /// let board = vec![vec!['.'; 9]; 9];
    /// assert!(exactcover::sudoku::Grid::try_from(board).is_ok());
    /// let ragged = vec![vec!['.'; 9], vec!['.'; 8]];
    /// assert!(exactcover::sudoku::Grid::try_from(ragged).is_err());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    fn try_from(board: Vec<Vec<char>>) -> Result<Grid, GridError> {
        Grid::try_from(&board[..])
    }
}

impl TryFrom<&[Vec<char>]> for Grid {
    type Error = GridError;

    /// The LeetCode board as a slice of rows.
    fn try_from(board: &[Vec<char>]) -> Result<Grid, GridError> {
        let n = board.len();
        if let Some((k, row)) = board.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(GridError::RowLength {
                row: k,
                found: row.len(),
                expected: n,
            });
        }
        if n == 0 {
            return Err(GridError::CellCount {
                found: 0,
                expected: None,
            });
        }
        from_chars(n, board.iter().flatten().copied())
    }
}

impl From<&Grid> for Vec<Vec<char>> {
    /// The LeetCode board: one `Vec<char>` per row, `.` for blank.
    fn from(grid: &Grid) -> Vec<Vec<char>> {
        let n = grid.size();
        grid.cells()
            .chunks(n)
            .map(|row| row.iter().map(|&v| grid.symbol(v)).collect())
            .collect()
    }
}
