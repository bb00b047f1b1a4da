//! Grids: the cells of a Sudoku of any box shape, and writing them.

use std::fmt;

use crate::sudoku::alphabet::Alphabet;
use crate::sudoku::error::GridError;
use crate::sudoku::shape::Shape;

/// A Sudoku grid of any box shape: each cell blank or a value from 1 to `N`.
///
/// Read it with [`FromStr`](std::str::FromStr) (the one-line form, or the
/// block form when the text has several lines), a
/// [`Reader`](crate::sudoku::Reader) for other alphabets and shapes, or
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
    #[must_use]
    pub fn empty(shape: Shape) -> Grid {
        Grid::empty_with(shape, Alphabet::default())
    }

    pub(crate) fn empty_with(shape: Shape, alphabet: Alphabet) -> Grid {
        Grid {
            shape,
            alphabet: alphabet.for_size(shape.size()),
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
    #[must_use]
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
    #[must_use]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The alphabet the grid is written in: its own `N` symbols.
    ///
    /// ```
    /// use exactcover::sudoku::Grid;
    /// let grid: Grid = "1.3..4..2......1".parse()?;
    /// assert!(grid.alphabet().is_default());
    /// assert_eq!(grid.alphabet().to_string(), "1234");
    /// // A 16x16 grid written from 0 (its first row filled).
    /// let hex: Grid = format!("0123456789ABCDEF{}", ".".repeat(240)).parse()?;
    /// assert_eq!(hex.alphabet().to_string(), "0123456789ABCDEF");
    /// assert_eq!(hex.alphabet().len(), 16);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
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
    #[must_use]
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
    #[must_use]
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
    #[must_use]
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
    #[must_use]
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
    #[must_use]
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
        self.alphabet = alphabet.for_size(n);
        Ok(self)
    }

    /// The symbol of value `v`, `.` for blank.
    pub(crate) fn symbol(&self, v: u8) -> char {
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
