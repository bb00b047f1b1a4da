//! Alphabets: the symbols a grid is written in.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::sudoku::error::GridError;
use crate::sudoku::shape::MAX_SIZE;

/// The symbols of a grid: by default `1`-`9` then `A`-`Z` (letters in either
/// case), or `0`-`9` then `A`-`Z` for grids written from 0 (see
/// [`Alphabet::from_zero`]), or the symbols the caller names, in order.
///
/// Blanks are `.` always, and `0`, `-` and `_` when they are not symbols.
///
/// A grid's own alphabet ([`Grid::alphabet`](crate::sudoku::Grid::alphabet))
/// has exactly its `N` symbols: `1`-`9` for 9x9, `0`-`F` for a 16x16 grid
/// written from 0.
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Alphabet {
    kind: Kind,
    /// The number of symbols: all of the kind's (35 or 36 for digits and
    /// letters, the named ones), or the first `N` of a grid of size `N`.
    len: usize,
}

impl Default for Alphabet {
    /// `1`-`9` then `A`-`Z`, either case.
    fn default() -> Alphabet {
        Alphabet {
            kind: Kind::FromOne,
            len: DEFAULT_SYMBOLS,
        }
    }
}

/// The kinds of alphabets.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// `1`-`9` then `A`-`Z`, either case: grids of any size up to 35.
    FromOne,
    /// `0`-`9` then `A`-`Z`, either case: grids of any size up to 36.
    FromZero,
    /// The symbols named, matched exactly: grids of exactly their number.
    Custom(Arc<[char]>),
}

/// What one character of a grid is, under an alphabet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Blank,
    Symbol(usize),
    Illegal,
}

pub(crate) const DEFAULT_SYMBOLS: usize = 35;

/// The value (from 0) of a digit or letter: `0`-`9` then `A`-`Z`, either case.
pub(crate) fn digit_or_letter(ch: char) -> Option<usize> {
    match ch {
        '0'..='9' => Some(ch as usize - '0' as usize),
        'A'..='Z' => Some(ch as usize - 'A' as usize + 10),
        'a'..='z' => Some(ch as usize - 'a' as usize + 10),
        _ => None,
    }
}

/// The digit or letter of value `k` (from 0, below 36), in upper case.
pub(crate) fn nth_digit_or_letter(k: usize) -> char {
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
            len: chars.len(),
            kind: Kind::Custom(chars.into()),
        })
    }

    /// The digits from `0`, then `A`-`Z` (either case; printed in upper
    /// case): `0` stands for 1, so a grid of size `N` uses the first `N`
    /// (`0`-`F` for 16x16, `0`-`9` for 10x10). `-` and `_` are blanks, with
    /// `.`. A [`Reader`](crate::sudoku::Reader) with the default alphabet picks this one by itself
    /// for a grid larger than 9x9 when the text shows that `0` is a symbol
    /// (see [`Reader`](crate::sudoku::Reader)); 9x9 and smaller grids are
    /// read from 1 unless this alphabet is given.
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
    #[must_use]
    pub fn from_zero() -> Alphabet {
        Alphabet {
            kind: Kind::FromZero,
            len: DEFAULT_SYMBOLS + 1,
        }
    }

    /// Whether this is the default alphabet (`1`-`9`, `A`-`Z`), or the first
    /// `N` symbols of it, as a grid of size `N` written in it has.
    ///
    /// ```
    /// use exactcover::sudoku::{Alphabet, Grid};
    /// assert!(Alphabet::default().is_default());
    /// assert!(!Alphabet::from_zero().is_default());
    /// let grid: Grid = "1.3..4..2......1".parse()?;
    /// assert!(grid.alphabet().is_default());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_default(&self) -> bool {
        self.kind == Kind::FromOne
    }

    /// The number of symbols (35 for the default alphabet, 36 for
    /// [`Alphabet::from_zero`], `N` for the alphabet of a grid of size `N`).
    ///
    /// ```
    /// use exactcover::sudoku::{Alphabet, Grid};
    /// assert_eq!(Alphabet::new("abcd")?.len(), 4);
    /// assert_eq!(Alphabet::default().len(), 35);
    /// let grid: Grid = "1.3..4..2......1".parse()?;
    /// assert_eq!(grid.alphabet().len(), 4);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[allow(clippy::len_without_is_empty)] // an alphabet is never empty
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The alphabet of a grid of size `n` written in this one: its first `n`
    /// symbols (all of them when it has no more, or names exactly its own).
    pub(crate) fn for_size(&self, n: usize) -> Alphabet {
        match self.kind {
            Kind::Custom(_) => self.clone(),
            _ => Alphabet {
                kind: self.kind.clone(),
                len: n.min(self.len),
            },
        }
    }

    /// The number of symbols when a grid must have exactly that many (the
    /// alphabets of digits and letters serve every size up to theirs).
    pub(crate) fn fixed_len(&self) -> Option<usize> {
        match &self.kind {
            Kind::Custom(chars) => Some(chars.len()),
            _ => None,
        }
    }

    /// Whether a grid of size `n` can be written in this alphabet.
    pub(crate) fn fits(&self, n: usize) -> bool {
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
    #[must_use]
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

    pub(crate) fn classify(&self, ch: char) -> Class {
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
