//! Reading grids: the one-line and block forms, in any alphabet and shape.

use crate::sudoku::alphabet::{Alphabet, Class, DEFAULT_SYMBOLS, nth_digit_or_letter};
use crate::sudoku::error::GridError;
use crate::sudoku::grid::Grid;
use crate::sudoku::shape::{MAX_SIZE, Shape};

/// The largest grids that are always written from 1 (`1`-`9`, `0` or `.`
/// for blanks): 9x9.
const SMALL: usize = 9;

/// How to read grids: the alphabet and the box shape.
///
/// # Is `0` a symbol or a blank?
///
/// With the default alphabet, a grid of size `N` may be written from 1
/// (`1`-`9`, then `A`-`Z`: `1`-`G` for 16x16), where `0` is a blank, or from
/// 0 (`0`-`9`, then `A`-`Z`: `0`-`F` for 16x16, `0`-`9` for 10x10, see
/// [`Alphabet::from_zero`]). Grids of 9x9 and smaller are written from 1 the
/// world over, with `0` or `.` for blanks, so for them `0` is a blank:
///
/// * `N` at most 9: written from 1, `0` a blank, unless `0` appears beside
///   other blanks (`.`, `-`, `_`) with no `N` among the givens. Two kinds of
///   blank in one grid suggest that `0` is a symbol after all, so the reader
///   refuses to guess: [`GridError::AmbiguousZero`], whose message names both
///   alphabets (`--alphabet 012345678` or `--alphabet 123456789` on the
///   command line).
///
/// For larger grids (10x10 is written `0`-`9`, 16x16 often `0`-`F`) the
/// reader decides from the grid's text:
///
/// * the `N`-th symbol from 1 (`G` for 16x16, either case) appears, or no
///   `0` does: written from 1;
/// * `0` appears at most `N` times (a symbol appears once per row):
///   written from 0. With other blanks (`.`, `-`, `_`) the `0`s are givens;
///   with none, the grid is complete, and both readings are the same grid;
/// * `0` appears more than `N` times, and no other blank: `0` is the blank;
/// * `0` appears more than `N` times beside other blanks: as a symbol it
///   would repeat in a row, as a blank it would be one of two blanks. The
///   reader refuses to guess: [`GridError::AmbiguousZero`] (`--alphabet
///   0123456789ABCDEF` or `--alphabet 123456789ABCDEFG`).
///
/// An alphabet given with [`Reader::with_alphabet`] is used as it is.
///
/// ```
/// use exactcover::sudoku::{Alphabet, Reader, Shape};
///
/// let reader = Reader::new().with_shape(Shape::new(2, 3)?);
/// let grid = reader.read_line("1.....2.....3.....4.....5.....6.....")?;
/// assert_eq!(grid.shape(), Shape::new(2, 3)?);
///
/// let hex = Reader::new().with_alphabet(Alphabet::new("0123456789ABCDEF")?);
/// let grid = hex.read_line(&"0".repeat(256))?;
/// assert_eq!(grid.given_count(), 256);
///
/// // 9x9 and smaller: written from 1, `0` a blank, even with no `9`.
/// let four = Reader::new().read_line("1000000000200000")?;
/// assert_eq!((four.get(0, 0), four.get(0, 1), four.get(2, 2)), (Some(1), None, Some(2)));
/// // `0` beside `.`, no `4`: is `0` a symbol or a blank? Refused.
/// assert!(Reader::new().read_line("0.........2.....").is_err());
/// // 10x10 and larger: written from 0 when the text says so.
/// let ten = Reader::new().read_line(&format!("0{}", ".".repeat(99)))?;
/// assert_eq!(ten.get(0, 0), Some(1));
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reader {
    alphabet: Alphabet,
    shape: Option<Shape>,
}

impl Reader {
    /// Reads with the default alphabet and the default box shape.
    ///
    /// ```
    /// let grid = exactcover::sudoku::Reader::new().read_line("1.3..4..2......1")?;
    /// assert_eq!(grid.size(), 4);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn new() -> Reader {
        Reader::default()
    }

    /// Reads with this alphabet (grids must have as many symbols).
    ///
    /// ```
    /// use exactcover::sudoku::{Alphabet, Reader};
    /// let reader = Reader::new().with_alphabet(Alphabet::new("ABCD")?);
    /// let grid = reader.read_line("A.C..D..B......A")?;
    /// assert_eq!(grid.get(0, 0), Some(1));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn with_alphabet(mut self, alphabet: Alphabet) -> Reader {
        self.alphabet = alphabet;
        self
    }

    /// Reads with this box shape (grids must have its size).
    ///
    /// ```
    /// use exactcover::sudoku::{Reader, Shape};
    /// let reader = Reader::new().with_shape(Shape::new(3, 2)?);
    /// let grid = reader.read_line(&".".repeat(36))?;
    /// assert_eq!(grid.shape(), Shape::new(3, 2)?);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn with_shape(mut self, shape: Shape) -> Reader {
        self.shape = Some(shape);
        self
    }

    /// The alphabet.
    ///
    /// ```
    /// assert!(exactcover::sudoku::Reader::new().alphabet().is_default());
    /// ```
    #[must_use]
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The box shape asked for, if any (without one, each grid's size
    /// gives its shape: [`Shape::for_size`]).
    ///
    /// ```
    /// use exactcover::sudoku::{Reader, Shape};
    /// assert_eq!(Reader::new().shape(), None);
    /// let shape = Shape::new(3, 2)?;
    /// assert_eq!(Reader::new().with_shape(shape).shape(), Some(shape));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn shape(&self) -> Option<Shape> {
        self.shape
    }

    /// The shape for a grid of size `n`, checked against the alphabet.
    fn shape_for(&self, n: usize) -> Result<Shape, GridError> {
        if !self.alphabet.fits(n) {
            return Err(GridError::AlphabetMismatch {
                size: n,
                symbols: self.alphabet.len(),
            });
        }
        match self.shape {
            Some(shape) if shape.size() == n => Ok(shape),
            Some(shape) => Err(GridError::ShapeMismatch { size: n, shape }),
            None => Shape::for_size(n),
        }
    }

    /// The size of the grids this reader reads, when its shape or its
    /// alphabet fixes it; `None` when each grid's text says.
    ///
    /// ```
    /// use exactcover::sudoku::{Alphabet, Reader, Shape};
    /// assert_eq!(Reader::new().fixed_size(), None);
    /// assert_eq!(Reader::new().with_shape(Shape::new(2, 3)?).fixed_size(), Some(6));
    /// assert_eq!(Reader::new().with_alphabet(Alphabet::new("ABCD")?).fixed_size(), Some(4));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn fixed_size(&self) -> Option<usize> {
        match &self.shape {
            Some(shape) => Some(shape.size()),
            None => self.alphabet.fixed_len(),
        }
    }

    /// The alphabet a grid of size `n` with these cells is written in: the
    /// reader's own, except that the default alphabet also stands for the
    /// alphabet from 0 when the text says so (see [`Reader`]).
    fn alphabet_for(
        &self,
        n: usize,
        cells: impl Iterator<Item = char>,
    ) -> Result<Alphabet, GridError> {
        if !self.alphabet.is_default() || n > DEFAULT_SYMBOLS {
            return Ok(self.alphabet.clone());
        }
        // The symbol that only the alphabet from 1 has, for this size.
        let top = nth_digit_or_letter(n);
        let (mut zeros, mut top_seen, mut blanks) = (0, false, false);
        for ch in cells {
            match ch {
                '0' => zeros += 1,
                '.' | '-' | '_' => blanks = true,
                _ if ch.to_ascii_uppercase() == top => top_seen = true,
                _ => {}
            }
        }
        if top_seen || zeros == 0 {
            Ok(Alphabet::default())
        } else if n <= SMALL {
            // Written from 1 the world over: `0` is a blank, but beside
            // another blank it may be a symbol.
            if blanks {
                Err(GridError::AmbiguousZero { size: n, zeros })
            } else {
                Ok(Alphabet::default())
            }
        } else if zeros <= n {
            Ok(Alphabet::from_zero())
        } else if blanks {
            Err(GridError::AmbiguousZero { size: n, zeros })
        } else {
            Ok(Alphabet::default())
        }
    }

    /// Reads the one-line form: `N * N` cells, row by row, with no other
    /// characters (surrounding white space is ignored).
    ///
    /// # Errors
    ///
    /// A [`GridError`] saying what is wrong and where.
    ///
    /// ```
    /// use exactcover::sudoku::{GridError, Reader};
    /// let err = Reader::new().read_line("1234").unwrap_err();
    /// assert_eq!(err, GridError::SymbolOutOfRange { ch: '3', value: 3, size: 2, row: 1, column: 0 });
    /// ```
    pub fn read_line(&self, line: &str) -> Result<Grid, GridError> {
        let line = line.trim();
        let found = line.chars().count();
        let n = match self.fixed_size() {
            Some(n) if n * n == found => n,
            Some(n) => {
                return Err(GridError::CellCount {
                    found,
                    expected: Some(n * n),
                });
            }
            None => match (1..=MAX_SIZE).find(|n| n * n >= found) {
                Some(n) if n * n == found => n,
                _ => {
                    return Err(GridError::CellCount {
                        found,
                        expected: None,
                    });
                }
            },
        };
        let shape = self.shape_for(n)?;
        let alphabet = self.alphabet_for(n, line.chars())?;
        let mut grid = Grid::empty_with(shape, alphabet);
        for (k, ch) in line.chars().enumerate() {
            let value = cell(grid.alphabet(), ch, k / n, k % n, n)?;
            grid.cells_mut()[k] = value;
        }
        Ok(grid)
    }

    /// Reads the block form: `N` rows of `N` cells. In a row, spaces, tabs and
    /// `|` are ignored and every other character is a cell; rows made only of
    /// `-`, `+`, `=`, `|` and spaces are separators; blank lines and lines
    /// starting with `#` are skipped; `\r\n` line ends are accepted.
    ///
    /// (A row of blanks written as `-` looks like a separator: write blanks
    /// as `.` in this form.)
    ///
    /// # Errors
    ///
    /// A [`GridError`] saying what is wrong and where;
    /// [`GridError::TooManyRows`] first when there are more than [`MAX_SIZE`]
    /// rows.
    ///
    /// ```
    /// let block = "1 . | . .\n. . | 1 .\n----+----\n. 1 | . .\n. . | . 1\n";
    /// let grid = exactcover::sudoku::Reader::new().read_block(block)?;
    /// assert_eq!(grid.to_string(), "1.....1..1.....1");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn read_block(&self, text: &str) -> Result<Grid, GridError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .filter(|line| !is_skipped_block_line(line))
            .map(|line| {
                line.chars()
                    .filter(|&c| !matches!(c, ' ' | '\t' | '|' | '\r'))
                    .collect()
            })
            .collect();
        if rows.len() > MAX_SIZE {
            return Err(GridError::TooManyRows { limit: MAX_SIZE });
        }
        let n = rows.first().map_or(0, Vec::len);
        if n == 0 {
            return Err(GridError::CellCount {
                found: 0,
                expected: self.fixed_size().map(|n| n * n),
            });
        }
        if let Some(fixed) = self.fixed_size() {
            if let Some((k, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != fixed) {
                return Err(GridError::RowLength {
                    row: k,
                    found: row.len(),
                    expected: fixed,
                });
            }
        }
        if let Some((k, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(GridError::RowLength {
                row: k,
                found: row.len(),
                expected: n,
            });
        }
        if rows.len() != n {
            return Err(GridError::RowCount {
                found: rows.len(),
                expected: n,
            });
        }
        let shape = self.shape_for(n)?;
        let alphabet = self.alphabet_for(n, rows.iter().flatten().copied())?;
        let mut grid = Grid::empty_with(shape, alphabet);
        for (r, row) in rows.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                let value = cell(grid.alphabet(), ch, r, c, n)?;
                grid.cells_mut()[r * n + c] = value;
            }
        }
        Ok(grid)
    }
}

/// The value of character `ch` at `(row, col)` (from 0) of a grid of size
/// `n` written in `alphabet`: 0 for a blank.
fn cell(alphabet: &Alphabet, ch: char, row: usize, col: usize, n: usize) -> Result<u8, GridError> {
    match alphabet.classify(ch) {
        Class::Blank => Ok(0),
        Class::Symbol(v) if v <= n => Ok(v as u8),
        Class::Symbol(value) => Err(GridError::SymbolOutOfRange {
            ch,
            value,
            size: n,
            row,
            column: col,
        }),
        Class::Illegal => Err(GridError::IllegalCharacter {
            ch,
            row,
            column: col,
        }),
    }
}

/// Whether a line of the block form is not a row: blank, a `#` comment, or a
/// separator made only of `-`, `+`, `=`, `|` and spaces.
///
/// ```
/// use exactcover::sudoku::is_skipped_block_line;
/// assert!(is_skipped_block_line("------+------+------"));
/// assert!(is_skipped_block_line("# a comment"));
/// assert!(!is_skipped_block_line("1 2 | 3 4"));
/// ```
#[must_use]
pub fn is_skipped_block_line(line: &str) -> bool {
    let t = line.trim();
    t.is_empty()
        || t.starts_with('#')
        || t.chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' ' | '\t'))
}
