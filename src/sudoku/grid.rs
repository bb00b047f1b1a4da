//! Grids, their shapes and symbols, and reading and writing them.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

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
    pub fn size(&self) -> usize {
        self.box_rows * self.box_cols
    }

    /// The rows of a box.
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// The columns of a box.
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// The number of cells, `N * N`.
    pub fn cell_count(&self) -> usize {
        self.size() * self.size()
    }

    /// The box (from 0, row by row) that holds cell `(row, col)`.
    ///
    /// ```
    /// let six = exactcover::sudoku::Shape::for_size(6)?; // 2x3 boxes
    /// assert_eq!(six.box_of(0, 0), 0);
    /// assert_eq!(six.box_of(1, 3), 1);
    /// assert_eq!(six.box_of(2, 0), 2);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn box_of(&self, row: usize, col: usize) -> usize {
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

/// The symbols of a grid: by default `1`-`9` then `A`-`Z` (letters in either
/// case), or `0`-`9` then `A`-`Z` for grids written from 0 (see
/// [`Alphabet::from_zero`]), or the symbols the caller names, in order.
///
/// Blanks are `.` always, and `0`, `-` and `_` when they are not symbols.
///
/// [`Display`](fmt::Display) writes the symbols in order;
/// [`FromStr`] is [`Alphabet::new`].
///
/// ```
/// use exactcover::sudoku::Alphabet;
///
/// let hex = Alphabet::new("0123456789ABCDEF")?;
/// assert_eq!(hex.len(), 16);
/// assert_eq!(hex.symbol(1), Some('0'));
/// assert_eq!(Alphabet::default().symbol(10), Some('A'));
/// assert_eq!("abc".parse::<Alphabet>()?.to_string(), "abc");
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alphabet {
    kind: Kind,
}

/// The kinds of alphabets.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
enum Kind {
    /// `1`-`9` then `A`-`Z`, either case: grids of any size up to 35.
    #[default]
    FromOne,
    /// `0`-`9` then `A`-`Z`, either case: grids of any size up to 36.
    FromZero,
    /// The symbols named, matched exactly: grids of exactly their number.
    Custom(Arc<[char]>),
}

/// What one character of a grid is, under an alphabet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Blank,
    Symbol(usize),
    Illegal,
}

const DEFAULT_SYMBOLS: usize = 35;

/// The value (from 0) of a digit or letter: `0`-`9` then `A`-`Z`, either case.
fn digit_or_letter(ch: char) -> Option<usize> {
    match ch {
        '0'..='9' => Some(ch as usize - '0' as usize),
        'A'..='Z' => Some(ch as usize - 'A' as usize + 10),
        'a'..='z' => Some(ch as usize - 'a' as usize + 10),
        _ => None,
    }
}

/// The digit or letter of value `k` (from 0, below 36), in upper case.
fn nth_digit_or_letter(k: usize) -> char {
    if k < 10 {
        (b'0' + k as u8) as char
    } else {
        (b'A' + (k - 10) as u8) as char
    }
}

impl Alphabet {
    /// The alphabet of the given symbols, in order: the first stands for 1.
    ///
    /// # Errors
    ///
    /// [`GridError::BadAlphabet`] when a symbol is repeated, is white space
    /// or one of `. | # - + =` (the blank, and the syntax of comments and of
    /// the block form's separators: a row of the block form written with them
    /// would read back as a comment or a separator), or there are none or more
    /// than [`MAX_SIZE`].
    ///
    /// ```
    /// use exactcover::sudoku::Alphabet;
    /// assert!(Alphabet::new("1234").is_ok());
    /// assert!(Alphabet::new("1231").is_err());
    /// assert!(Alphabet::new("#123").is_err());
    /// ```
    pub fn new(symbols: &str) -> Result<Alphabet, GridError> {
        let chars: Vec<char> = symbols.chars().collect();
        let bad = |why: String| Err(GridError::BadAlphabet(why));
        if chars.is_empty() || chars.len() > MAX_SIZE {
            return bad(format!(
                "{} symbols (between 1 and {MAX_SIZE} are allowed)",
                chars.len()
            ));
        }
        for (k, &ch) in chars.iter().enumerate() {
            if ch.is_whitespace() || matches!(ch, '.' | '|' | '#' | '-' | '+' | '=') {
                return bad(format!("{ch:?} cannot be a symbol"));
            }
            if chars[..k].contains(&ch) {
                return bad(format!("symbol {ch:?} is repeated"));
            }
        }
        Ok(Alphabet {
            kind: Kind::Custom(chars.into()),
        })
    }

    /// The digits from `0`, then `A`-`Z` (either case; printed in upper
    /// case): `0` stands for 1, so a grid of size `N` uses the first `N`
    /// (`0`-`F` for 16x16, `0`-`9` for 10x10). `-` and `_` are blanks, with
    /// `.`. A [`Reader`] with the default alphabet picks this one by itself
    /// when the text shows that `0` is a symbol (see [`Reader`]).
    ///
    /// ```
    /// use exactcover::sudoku::{Alphabet, Reader};
    ///
    /// let from_zero = Alphabet::from_zero();
    /// assert_eq!((from_zero.symbol(1), from_zero.symbol(16)), (Some('0'), Some('F')));
    /// let grid = Reader::new().with_alphabet(from_zero).read_line("0123230110323210")?;
    /// assert!(grid.is_solved());
    /// assert_eq!(grid.get(0, 0), Some(1));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn from_zero() -> Alphabet {
        Alphabet {
            kind: Kind::FromZero,
        }
    }

    /// Whether this is the default alphabet (`1`-`9`, `A`-`Z`).
    ///
    /// ```
    /// use exactcover::sudoku::Alphabet;
    /// assert!(Alphabet::default().is_default());
    /// assert!(!Alphabet::from_zero().is_default());
    /// ```
    pub fn is_default(&self) -> bool {
        self.kind == Kind::FromOne
    }

    /// The number of symbols (35 for the default alphabet, 36 for
    /// [`Alphabet::from_zero`]).
    ///
    /// ```
    /// assert_eq!(exactcover::sudoku::Alphabet::new("abcd")?.len(), 4);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[allow(clippy::len_without_is_empty)] // an alphabet is never empty
    pub fn len(&self) -> usize {
        match &self.kind {
            Kind::FromOne => DEFAULT_SYMBOLS,
            Kind::FromZero => DEFAULT_SYMBOLS + 1,
            Kind::Custom(chars) => chars.len(),
        }
    }

    /// The number of symbols when a grid must have exactly that many (the
    /// alphabets of digits and letters serve every size up to theirs).
    fn fixed_len(&self) -> Option<usize> {
        match &self.kind {
            Kind::Custom(chars) => Some(chars.len()),
            _ => None,
        }
    }

    /// Whether a grid of size `n` can be written in this alphabet.
    fn fits(&self, n: usize) -> bool {
        match self.fixed_len() {
            Some(len) => n == len,
            None => n <= self.len(),
        }
    }

    /// The character for value `value` (from 1), in upper case.
    ///
    /// ```
    /// let abc = exactcover::sudoku::Alphabet::default();
    /// assert_eq!(abc.symbol(9), Some('9'));
    /// assert_eq!(abc.symbol(0), None);
    /// ```
    pub fn symbol(&self, value: usize) -> Option<char> {
        if value == 0 || value > self.len() {
            return None;
        }
        Some(match &self.kind {
            Kind::Custom(chars) => chars[value - 1],
            Kind::FromOne => nth_digit_or_letter(value),
            Kind::FromZero => nth_digit_or_letter(value - 1),
        })
    }

    fn classify(&self, ch: char) -> Class {
        if ch == '.' {
            return Class::Blank;
        }
        let digit = digit_or_letter(ch);
        match &self.kind {
            Kind::Custom(chars) => match chars.iter().position(|&c| c == ch) {
                Some(k) => Class::Symbol(k + 1),
                None if matches!(ch, '0' | '-' | '_') => Class::Blank,
                None => Class::Illegal,
            },
            Kind::FromOne => match digit {
                Some(0) => Class::Blank,
                Some(v) => Class::Symbol(v),
                None if matches!(ch, '-' | '_') => Class::Blank,
                None => Class::Illegal,
            },
            Kind::FromZero => match digit {
                Some(v) => Class::Symbol(v + 1),
                None if matches!(ch, '-' | '_') => Class::Blank,
                None => Class::Illegal,
            },
        }
    }
}

impl fmt::Display for Alphabet {
    /// The symbols in order (`123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ` for the
    /// default alphabet).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for value in 1..=self.len() {
            f.write_char(self.symbol(value).unwrap_or('?'))?;
        }
        Ok(())
    }
}

impl FromStr for Alphabet {
    type Err = GridError;

    /// The alphabet of these symbols, as [`Alphabet::new`].
    fn from_str(symbols: &str) -> Result<Alphabet, GridError> {
        Alphabet::new(symbols)
    }
}

/// What is wrong with a grid being read, and where.
///
/// Rows and columns are counted from 1.
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
        /// The row.
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
        /// Its row.
        row: usize,
        /// Its column.
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
        /// Its row.
        row: usize,
        /// Its column.
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
    /// more `0`s than a row count, beside other blanks. See [`Reader`].
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
    /// A value out of range given to [`Grid::set`] or a `TryFrom` array.
    BadValue {
        /// The value.
        value: usize,
        /// The cell's row.
        row: usize,
        /// The cell's column.
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
            } => write!(f, "row {row} has {found} cells, expected {expected}"),
            GridError::IllegalCharacter { ch, row, column } => {
                write!(f, "illegal character {ch:?} at row {row}, column {column}")
            }
            GridError::SymbolOutOfRange {
                ch,
                value,
                size,
                row,
                column,
            } => write!(
                f,
                "illegal character {ch:?} at row {row}, column {column} (a {size}x{size} grid has \
                 {size} symbol{}; {ch:?} would be {value})",
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
                    "value {value} at row {row}, column {column} is out of range (values go from 1 to the size)"
                )
            }
        }
    }
}

impl std::error::Error for GridError {}

/// How to read grids: the alphabet and the box shape.
///
/// # Is `0` a symbol or a blank?
///
/// With the default alphabet, a grid of size `N` may be written from 1
/// (`1`-`9`, then `A`-`Z`: `1`-`G` for 16x16), where `0` is a blank, or from
/// 0 (`0`-`9`, then `A`-`Z`: `0`-`F` for 16x16, `0`-`9` for 10x10, see
/// [`Alphabet::from_zero`]). The reader decides from the grid's text:
///
/// * the `N`-th symbol from 1 (`G` for 16x16, `9` for 9x9, either case)
///   appears, or no `0` does: written from 1;
/// * `0` appears at most `N` times (a symbol appears once per row):
///   written from 0. With other blanks (`.`, `-`, `_`) the `0`s are givens;
///   with none, the grid is complete, and both readings are the same grid;
/// * `0` appears more than `N` times, and no other blank: `0` is the blank;
/// * `0` appears more than `N` times beside other blanks: as a symbol it
///   would repeat in a row, as a blank it would be one of two blanks. The
///   reader refuses to guess: [`GridError::AmbiguousZero`], whose message
///   names both alphabets (`--alphabet 0123456789ABCDEF` or `--alphabet
///   123456789ABCDEFG` on the command line).
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
/// // Written from 0: `0` is a given here (value 1), `.` the blank.
/// let four = Reader::new().read_line("0.........2.....")?;
/// assert_eq!((four.get(0, 0), four.get(2, 2)), (Some(1), Some(3)));
/// assert_eq!(four.to_string(), "0.........2.....");
/// // Written from 1, `0` the blank: the `4` says so.
/// let four = Reader::new().read_line("4000000000200000")?;
/// assert_eq!((four.get(0, 0), four.get(0, 1)), (Some(4), None));
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reader {
    alphabet: Alphabet,
    shape: Option<Shape>,
}

impl Reader {
    /// Reads with the default alphabet and the default box shape.
    pub fn new() -> Reader {
        Reader::default()
    }

    /// Reads with this alphabet (grids must have as many symbols).
    pub fn with_alphabet(mut self, alphabet: Alphabet) -> Reader {
        self.alphabet = alphabet;
        self
    }

    /// Reads with this box shape (grids must have its size).
    pub fn with_shape(mut self, shape: Shape) -> Reader {
        self.shape = Some(shape);
        self
    }

    /// The alphabet.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
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

    /// The size the options fix, if they do.
    pub(crate) fn fixed_size(&self) -> Option<usize> {
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
    /// assert_eq!(err, GridError::SymbolOutOfRange { ch: '3', value: 3, size: 2, row: 2, column: 1 });
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
            grid.cells[k] = cell(&grid.alphabet, ch, k / n, k % n, n)?;
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
                    row: k + 1,
                    found: row.len(),
                    expected: fixed,
                });
            }
        }
        if let Some((k, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(GridError::RowLength {
                row: k + 1,
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
                grid.cells[r * n + c] = cell(&grid.alphabet, ch, r, c, n)?;
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
            row: row + 1,
            column: col + 1,
        }),
        Class::Illegal => Err(GridError::IllegalCharacter {
            ch,
            row: row + 1,
            column: col + 1,
        }),
    }
}

/// Whether a line of the block form is not a row: blank, a `#` comment, or a
/// separator made only of `-`, `+`, `=`, `|` and spaces.
pub fn is_skipped_block_line(line: &str) -> bool {
    let t = line.trim();
    t.is_empty()
        || t.starts_with('#')
        || t.chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' ' | '\t'))
}

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

    fn empty_with(shape: Shape, alphabet: Alphabet) -> Grid {
        Grid {
            shape,
            alphabet,
            cells: vec![0; shape.cell_count()],
        }
    }

    /// The grid's box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The size `N`.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The alphabet the grid is written in.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The cells row by row: 0 for blank, else the value from 1.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value in `(row, col)` (from 0), or `None` if it is blank or outside.
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
                row: row + 1,
                column: col + 1,
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
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
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
                row: k + 1,
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
