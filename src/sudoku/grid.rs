//! Grids: the cells of a Sudoku of any box shape, and writing them.

use std::fmt;
use std::str::FromStr;

use crate::sudoku::alphabet::Alphabet;
use crate::sudoku::error::GridError;
use crate::sudoku::reader::Reader;
use crate::sudoku::shape::Shape;

/// A Sudoku grid of any box shape: each cell blank or a value from 1 to `N`.
///
/// Read it with [`FromStr`] (the one-line form, or the block form when the
/// text has several lines), a [`Reader`] for other alphabets and shapes, or
/// `TryFrom` arrays. [`Display`](fmt::Display) writes the one-line form;
/// `{:#}` writes the block form with box separators.
///
/// ```
/// use exactcover::sudoku::Grid;
///
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// assert_eq!(puzzle.size(), 4);
/// assert_eq!(puzzle.get(0, 2), Some(3));
/// let solution = puzzle.solution().expect("solvable");
/// assert!(solution.is_solved());
/// assert_eq!(format!("{solution:#}"), "\
/// 1 2 | 3 4
/// 3 4 | 1 2
/// ----+----
/// 2 1 | 4 3
/// 4 3 | 2 1
/// ");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    alphabet: Alphabet,
    /// Row by row: 0 for blank, else the value.
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid of the given shape.
    ///
    /// ```
    /// let grid = exactcover::sudoku::Grid::empty(exactcover::sudoku::Shape::for_size(4)?);
    /// assert_eq!(grid.to_string(), "................");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn empty(shape: Shape) -> Grid {
        Grid::empty_with(shape, Alphabet::default())
    }

    pub(crate) fn empty_with(shape: Shape, alphabet: Alphabet) -> Grid {
        Grid {
            shape,
            alphabet,
            cells: vec![0; shape.cell_count()],
        }
    }

    /// The grid's box shape.
    ///
    /// ```
    /// let grid: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert_eq!(grid.shape().to_string(), "2x2");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The size `N`.
    ///
    /// ```
    /// let grid: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert_eq!(grid.size(), 4);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The alphabet the grid is written in.
    ///
    /// ```
    /// let grid: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert!(grid.alphabet().is_default());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The cells row by row: 0 for blank, else the value from 1.
    ///
    /// ```
    /// let grid: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert_eq!(&grid.cells()[..4], &[1, 0, 3, 0]);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value in `(row, col)` (from 0), or `None` if it is blank or outside.
    ///
    /// ```
    /// let grid: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert_eq!(grid.get(0, 2), Some(3));
    /// assert_eq!(grid.get(0, 1), None);
    /// assert_eq!(grid.get(9, 9), None);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn get(&self, row: usize, col: usize) -> Option<usize> {
        let n = self.size();
        if row >= n || col >= n {
            return None;
        }
        match self.cells[row * n + col] {
            0 => None,
            v => Some(v as usize),
        }
    }

    /// Writes `value` (from 1, or `None` for blank) into `(row, col)`.
    ///
    /// # Errors
    ///
    /// [`GridError::BadValue`] for a cell outside the grid, or a value of 0
    /// (a blank is `None`) or above `N`; the grid is then unchanged.
    ///
    /// ```
    /// let mut grid: exactcover::sudoku::Grid = "................".parse()?;
    /// grid.set(0, 0, Some(4))?;
    /// assert!(grid.set(0, 0, Some(5)).is_err());
    /// assert!(grid.set(0, 0, Some(0)).is_err());
    /// assert_eq!(grid.to_string(), "4...............");
    /// grid.set(0, 0, None)?;
    /// assert_eq!(grid.given_count(), 0);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn set(&mut self, row: usize, col: usize, value: Option<usize>) -> Result<(), GridError> {
        let n = self.size();
        let v = value.unwrap_or(0);
        if row >= n || col >= n || v > n || value == Some(0) {
            return Err(GridError::BadValue {
                value: v,
                row,
                column: col,
            });
        }
        self.cells[row * n + col] = v as u8;
        Ok(())
    }

    /// The cells to write in place (row by row, 0 for blank), for reusing a
    /// grid without allocating. The caller keeps values in range.
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The number of filled cells.
    ///
    /// ```
    /// let grid: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert_eq!(grid.given_count(), 5);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    ///
    /// ```
    /// let grid: exactcover::sudoku::Grid = "1.3..4..2......1".parse()?;
    /// assert!(!grid.is_complete());
    /// assert!(grid.solution().unwrap().is_complete());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Whether `other` agrees with every filled cell of `self` (same shape).
    ///
    /// ```
    /// let puzzle: exactcover::sudoku::Grid = "1...............".parse()?;
    /// let grid: exactcover::sudoku::Grid = "1234341221434321".parse()?;
    /// assert!(puzzle.is_completed_by(&grid));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn is_completed_by(&self, other: &Grid) -> bool {
        self.shape == other.shape
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(&a, &b)| a == 0 || a == b)
    }

    /// The grid written in another alphabet (of `N` symbols).
    ///
    /// # Errors
    ///
    /// [`GridError::AlphabetMismatch`] when it has too few symbols.
    ///
    /// ```
    /// use exactcover::sudoku::{Alphabet, Grid};
    /// let grid: Grid = "1.3..4..2......1".parse()?;
    /// let letters = grid.with_alphabet(Alphabet::new("ABCD")?)?;
    /// assert_eq!(letters.to_string(), "A.C..D..B......A");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn with_alphabet(mut self, alphabet: Alphabet) -> Result<Grid, GridError> {
        let n = self.size();
        if !alphabet.fits(n) {
            return Err(GridError::AlphabetMismatch {
                size: n,
                symbols: alphabet.len(),
            });
        }
        self.alphabet = alphabet;
        Ok(self)
    }

    fn symbol(&self, v: u8) -> char {
        if v == 0 {
            '.'
        } else {
            self.alphabet.symbol(v as usize).unwrap_or('?')
        }
    }
}

impl fmt::Display for Grid {
    /// The one-line form; with `{:#}` the block form with box separators.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        if !f.alternate() {
            for &v in &self.cells {
                f.write_char(self.symbol(v))?;
            }
            return Ok(());
        }
        let n = self.size();
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let group = "-".repeat(2 * bc - 1);
        let separator = vec![group; n / bc].join("-+-");
        for r in 0..n {
            if r > 0 && r % br == 0 {
                writeln!(f, "{separator}")?;
            }
            for c in 0..n {
                if c > 0 {
                    f.write_str(if c % bc == 0 { " | " } else { " " })?;
                }
                f.write_char(self.symbol(self.cells[r * n + c]))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

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

impl Grid {
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

    fn from_chars<I>(n: usize, chars: I) -> Result<Grid, GridError>
    where
        I: IntoIterator<Item = char>,
    {
        let line: String = chars.into_iter().collect();
        Reader::new()
            .with_shape(Shape::for_size(n)?)
            .read_line(&line)
    }
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
        Grid::from_values(9, rows.iter().flatten().map(|&v| v as usize))
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
        Grid::from_values(9, cells.iter().map(|&v| v as usize))
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
        Grid::from_chars(9, board.iter().flatten().copied())
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
        Grid::from_chars(n, board.iter().flatten().copied())
    }
}

impl From<&Grid> for Vec<Vec<char>> {
    /// The LeetCode board: one `Vec<char>` per row, `.` for blank.
    fn from(grid: &Grid) -> Vec<Vec<char>> {
        let n = grid.size();
        grid.cells
            .chunks(n)
            .map(|row| row.iter().map(|&v| grid.symbol(v)).collect())
            .collect()
    }
}
