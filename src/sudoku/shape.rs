//! Box shapes: how a grid of size `N = R x C` is cut into boxes.

use std::fmt;
use std::str::FromStr;

use crate::sudoku::error::GridError;

/// The largest grid size `N` this crate accepts (an `N x N` grid has `N^3`
/// options: a million at `N = 100`).
pub const MAX_SIZE: usize = 100;

/// The box shape of a Sudoku: boxes of `box_rows` rows and `box_cols`
/// columns, in a grid of size `N = box_rows * box_cols`.
///
/// ```
/// use exactcover::sudoku::Shape;
///
/// let six = Shape::for_size(6)?;
/// assert_eq!((six.box_rows(), six.box_cols()), (2, 3));
/// assert_eq!(Shape::for_size(12)?.to_string(), "3x4");
/// assert_eq!(Shape::for_size(7)?.to_string(), "1x7");
/// assert_eq!("4x2".parse::<Shape>()?.size(), 8);
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: usize,
    box_cols: usize,
}

impl Shape {
    /// The shape with boxes of `box_rows` by `box_cols`.
    ///
    /// # Errors
    ///
    /// [`GridError::InvalidShape`] when either is 0 or the size exceeds
    /// [`MAX_SIZE`].
    ///
    /// ```
    /// use exactcover::sudoku::Shape;
    /// assert_eq!(Shape::new(3, 3)?.size(), 9);
    /// assert!(Shape::new(0, 3).is_err());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, GridError> {
        let size = box_rows.checked_mul(box_cols);
        match size {
            Some(n) if box_rows > 0 && box_cols > 0 && n <= MAX_SIZE => {
                Ok(Shape { box_rows, box_cols })
            }
            _ => Err(GridError::InvalidShape { box_rows, box_cols }),
        }
    }

    /// The default shape for size `n`: `R x C` with `R` the largest divisor of
    /// `n` that is at most `sqrt(n)` (so a prime `n` gives `1 x n`).
    ///
    /// # Errors
    ///
    /// [`GridError::InvalidShape`] for 0 or more than [`MAX_SIZE`].
    ///
    /// ```
    /// use exactcover::sudoku::Shape;
    /// assert_eq!(Shape::for_size(9)?, Shape::new(3, 3)?);
    /// assert_eq!(Shape::for_size(10)?, Shape::new(2, 5)?);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn for_size(n: usize) -> Result<Shape, GridError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GridError::InvalidShape {
                box_rows: 0,
                box_cols: n,
            });
        }
        let r = (1..=n)
            .take_while(|r| r * r <= n)
            .filter(|r| n % r == 0)
            .max();
        let r = r.unwrap_or(1);
        Shape::new(r, n / r)
    }

    /// The size `N`: the number of rows, columns, boxes and symbols.
    ///
    /// ```
    /// let shape: exactcover::sudoku::Shape = "2x3".parse()?;
    /// assert_eq!(shape.size(), 6);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn size(&self) -> usize {
        self.box_rows * self.box_cols
    }

    /// The rows of a box.
    ///
    /// ```
    /// let shape: exactcover::sudoku::Shape = "2x3".parse()?;
    /// assert_eq!(shape.box_rows(), 2);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// The columns of a box.
    ///
    /// ```
    /// let shape: exactcover::sudoku::Shape = "2x3".parse()?;
    /// assert_eq!(shape.box_cols(), 3);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// The number of cells, `N * N`.
    ///
    /// ```
    /// let shape: exactcover::sudoku::Shape = "2x3".parse()?;
    /// assert_eq!(shape.cell_count(), 36);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.size() * self.size()
    }

    /// The box (from 0, row by row) that holds cell `(row, col)`.
    ///
    /// # Panics
    ///
    /// When `row` or `col` is not below the grid's size.
    ///
    /// ```
    /// let six = exactcover::sudoku::Shape::for_size(6)?; // 2x3 boxes
    /// assert_eq!(six.box_of(0, 0), 0);
    /// assert_eq!(six.box_of(1, 3), 1);
    /// assert_eq!(six.box_of(2, 0), 2);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        let size = self.size();
        assert!(
            row < size && col < size,
            "cell ({row}, {col}) of a {size}x{size} grid"
        );
        (row / self.box_rows) * self.box_rows + col / self.box_cols
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = GridError;

    /// Reads `RxC` (also `R*C` or `RXC`).
    fn from_str(s: &str) -> Result<Shape, GridError> {
        let bad = || GridError::BadShape(s.to_string());
        let (r, c) = s.split_once(['x', 'X', '*']).ok_or_else(bad)?;
        let r = r.trim().parse().map_err(|_| bad())?;
        let c = c.trim().parse().map_err(|_| bad())?;
        Shape::new(r, c)
    }
}
