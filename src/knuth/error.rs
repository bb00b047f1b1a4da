//! What is wrong with a text in Knuth's format, and where.

use std::fmt;
use std::io;
use std::sync::Arc;

use crate::util::text::Printable;

use super::MAX_NAME;

/// How much of a name messages show, in characters.
const SHOWN_NAME: usize = 40;

/// What is wrong with a text in Knuth's format, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct KnuthError {
    /// The line, from 0 (`None` when the error is about the text as a
    /// whole). Messages say `line + 1`.
    pub line: Option<usize>,
    /// The column, in characters from 0 (`None` when not about one place).
    /// Messages say `column + 1`.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: KnuthErrorKind,
    /// For an unknown item: the line (from 0) of a comment before the item
    /// line that names it. That comment was probably meant as the item line;
    /// but a line whose first non-blank character is `|` is a comment.
    pub comment_line: Option<usize>,
}

/// The kinds of [`KnuthError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KnuthErrorKind {
    /// The text has no line naming the items.
    NoItems,
    /// An item is named twice in the item line.
    DuplicateItem(String),
    /// The item line has a second `|`.
    SecondBar,
    /// An option names an item that the item line does not.
    UnknownItem(String),
    /// An option names the same item twice.
    RepeatedItem(String),
    /// A `|` in an option line.
    BarInOption,
    /// A name that cannot be used: it is empty, contains `|`, `:` or a
    /// control character, or has more than [`MAX_NAME`] characters.
    BadName(String),
    /// DLX2's `item:colour` with an empty or unusable colour (the column is
    /// the colour's): the word is kept whole.
    BadColour(String),
    /// DLX2's `item:colour` on a primary item: only secondary items have
    /// colours. The word is kept whole.
    ColourOnPrimary(String),
    /// A line of more than [`MAX_LINE`](super::MAX_LINE) bytes; the column is the first
    /// character past the limit.
    LineTooLong {
        /// The limit, [`MAX_LINE`](super::MAX_LINE).
        limit: usize,
    },
    /// The line is not UTF-8 text.
    NotUtf8,
    /// Reading failed: the error is kept, as the [`source`](std::error::Error::source)
    /// of the [`KnuthError`].
    Io(ReadError),
    /// The problem is larger than the solver can index.
    TooLarge,
    /// The memory to hold the problem read so far and this line could not
    /// be had (a file larger than the machine, or its memory cap, allows).
    Memory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// DLX3's bounds `a:b|name` or `b|name` in the item line (digits and
    /// colons before a `|`), where `a` or `b` is not a whole number below
    /// 2^32, or there are two colons (the word is kept whole).
    BadBound(String),
    /// DLX3's bounds with an upper bound of 0 (the word is kept whole).
    ZeroUpperBound(String),
    /// DLX3's bounds `a:b|name` with `a > b` (the word is kept whole).
    LowerAboveUpper(String),
    /// DLX3's bounds on a secondary item (after the `|` of the item line):
    /// only primary items have bounds. The word is kept whole.
    BoundsOnSecondary(String),
    /// A word of an option that starts with `|` but is not DLX5's cost,
    /// `|` and decimal digits (`|12`). The word is kept whole.
    BadCost(String),
    /// The costs of an option add up to more than `u64::MAX`; the column is
    /// the word that went past it, kept whole.
    CostTooLarge(String),
}

impl fmt::Display for KnuthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "{}: ", line + 1)?;
        }
        // Columns for people, from 1.
        let column = self.column.map_or(0, |c| c + 1);
        match &self.kind {
            KnuthErrorKind::NoItems => write!(f, "no items: the text has no item line"),
            KnuthErrorKind::DuplicateItem(name) => write!(
                f,
                "duplicate item name '{}' (column {})",
                Shown(name),
                column
            ),
            KnuthErrorKind::SecondBar => {
                write!(f, "a second '|' in the item line (column {})", column)
            }
            KnuthErrorKind::UnknownItem(name) => {
                write!(f, "unknown item '{}' (column {})", Shown(name), column)?;
                if let Some(line) = self.comment_line.map(|l| l + 1) {
                    write!(
                        f,
                        "; line {line} names it, but that line starts with '|', so it is a \
                         comment: the item line must begin with a primary item"
                    )?;
                }
                Ok(())
            }
            KnuthErrorKind::RepeatedItem(name) => write!(
                f,
                "item '{}' repeated in this option (column {})",
                Shown(name),
                column
            ),
            KnuthErrorKind::BarInOption => {
                write!(f, "'|' in an option (column {})", column)
            }
            KnuthErrorKind::BadColour(word) => write!(
                f,
                "'{}' (column {}): a colour must be a non-empty name without '|' or ':', of at most {MAX_NAME} characters",
                Shown(word),
                column
            ),
            KnuthErrorKind::ColourOnPrimary(word) => write!(
                f,
                "'{}' (column {}): only secondary items (after '|' in the item line) have colours",
                Shown(word),
                column
            ),
            KnuthErrorKind::BadName(name) => {
                let shown = Shown(name);
                if name.starts_with(':') {
                    write!(f, "an empty item name before ':' (column {})", column)
                } else if name.contains(':') {
                    write!(
                        f,
                        "'{shown}' (column {}): item names cannot contain ':' (DLX2 writes a colour as 'item:colour' in options only)",
                        column
                    )
                } else if name.contains('|') {
                    write!(f, "'{shown}' (column {}): names cannot contain '|'", column)
                } else if name.chars().any(char::is_control) {
                    write!(
                        f,
                        "'{shown}' (column {}): names cannot hold control characters",
                        column
                    )
                } else {
                    write!(
                        f,
                        "'{shown}' (column {}): a name of {} characters (at most {MAX_NAME})",
                        column,
                        name.chars().count()
                    )
                }
            }
            KnuthErrorKind::LineTooLong { limit } => write!(
                f,
                "the line is longer than {limit} bytes (column {})",
                column
            ),
            KnuthErrorKind::NotUtf8 => write!(f, "the line is not UTF-8 text"),
            KnuthErrorKind::Io(why) => write!(f, "cannot read: {why}"),
            KnuthErrorKind::TooLarge => write!(f, "the problem is too large"),
            KnuthErrorKind::Memory { bytes } => {
                write!(f, "cannot allocate the {bytes} bytes to hold the problem")
            }
            KnuthErrorKind::BadBound(word) => write!(
                f,
                "'{}' (column {}): bounds are written 'a:b|name' or 'b|name', a and b whole numbers below 2^32",
                Shown(word),
                column
            ),
            KnuthErrorKind::ZeroUpperBound(word) => write!(
                f,
                "'{}' (column {}): the upper bound must be at least 1",
                Shown(word),
                column
            ),
            KnuthErrorKind::LowerAboveUpper(word) => write!(
                f,
                "'{}' (column {}): the lower bound exceeds the upper bound",
                Shown(word),
                column
            ),
            KnuthErrorKind::BoundsOnSecondary(word) => write!(
                f,
                "'{}' (column {}): only primary items (before '|' in the item line) have bounds",
                Shown(word),
                column
            ),
            KnuthErrorKind::BadCost(word) => write!(
                f,
                "'{}' (column {}): a cost is '|' and decimal digits, such as '|12'",
                Shown(word),
                column
            ),
            KnuthErrorKind::CostTooLarge(word) => write!(
                f,
                "'{}' (column {}): the option's costs add up to more than {}",
                Shown(word),
                column,
                u64::MAX
            ),
        }
    }
}

/// Reading failed with this error ([`KnuthErrorKind::Io`]).
///
/// The [`io::Error`] is shared, so that errors stay `Clone`; two compare
/// equal when their kinds do.
///
/// ```
/// use std::error::Error;
/// use std::io::{self, Read};
///
/// struct Broken;
/// impl Read for Broken {
///     fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
///         Err(io::Error::new(io::ErrorKind::PermissionDenied, "no"))
///     }
/// }
/// let err = exactcover::knuth::read(io::BufReader::new(Broken)).unwrap_err();
/// let source = err.source().expect("the io::Error");
/// assert_eq!(source.to_string(), "no");
/// ```
#[derive(Clone, Debug)]
pub struct ReadError(Arc<io::Error>);

impl ReadError {
    /// The error of a failed read.
    pub(super) fn new(e: io::Error) -> ReadError {
        ReadError(Arc::new(e))
    }
}

impl ReadError {
    /// The error reading returned.
    ///
    /// ```
    /// use std::io::{self, Read};
    /// use exactcover::knuth::KnuthErrorKind;
    ///
    /// struct Broken;
    /// impl Read for Broken {
    ///     fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
    ///         Err(io::ErrorKind::PermissionDenied.into())
    ///     }
    /// }
    /// let err = exactcover::knuth::read(io::BufReader::new(Broken)).unwrap_err();
    /// match err.kind {
    ///     KnuthErrorKind::Io(e) => assert_eq!(e.io_error().kind(), io::ErrorKind::PermissionDenied),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    #[must_use]
    pub fn io_error(&self) -> &io::Error {
        &self.0
    }
}

/// Two read errors are equal when they are the same error, or errors of the
/// same kind that say the same (an `io::Error` has no equality of its own).
///
/// ```
/// use exactcover::knuth::{self, KnuthErrorKind};
/// use std::io::{self, Read};
///
/// struct Broken(&'static str);
/// impl Read for Broken {
///     fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
///         Err(io::Error::other(self.0))
///     }
/// }
/// let error = |why| match knuth::read(io::BufReader::new(Broken(why))).unwrap_err().kind {
///     KnuthErrorKind::Io(e) => e,
///     other => panic!("{other:?}"),
/// };
/// assert_eq!(error("disk on fire"), error("disk on fire"));
/// assert_ne!(error("disk on fire"), error("cable cut"));
/// ```
impl PartialEq for ReadError {
    fn eq(&self, other: &ReadError) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string())
    }
}

impl Eq for ReadError {}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A read error is the reader's `io::Error`, shown as it: its source is that
/// error's source.
///
/// ```
/// use std::error::Error;
/// use std::io::{self, Read};
/// use exactcover::knuth::{self, KnuthErrorKind};
///
/// struct Broken;
/// impl Read for Broken {
///     fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
///         Err(io::ErrorKind::PermissionDenied.into())
///     }
/// }
/// let KnuthErrorKind::Io(e) = knuth::read(io::BufReader::new(Broken)).unwrap_err().kind else {
///     panic!("a read error");
/// };
/// let as_error: &dyn Error = &e;
/// assert_eq!(as_error.to_string(), io::Error::from(io::ErrorKind::PermissionDenied).to_string());
/// ```
impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl std::error::Error for KnuthError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            KnuthErrorKind::Io(e) => Some(&*e.0),
            _ => None,
        }
    }
}

/// A name as messages show it: its first [`SHOWN_NAME`] characters, then `…`
/// if there are more.
struct Shown<'a>(&'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Printable::cut(self.0, SHOWN_NAME).fmt(f)
    }
}
