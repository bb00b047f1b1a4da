//! Knuth's text format for exact-cover problems, as read by his DLX1 and,
//! with colours, DLX2.
//!
//! ```text
//! | A comment: a line whose first non-blank character is '|'.
//! A B C D E F G | x y
//! C E F
//! A D G x:red
//! B y x:red
//! ```
//!
//! * Blank lines and comment lines are skipped anywhere. As in DLX1, a
//!   comment is a line whose first non-blank character is `|`.
//! * The first other line names the items, separated by white space: the
//!   primary items, then optionally a `|` and the secondary items. So the
//!   item line starts with a primary item: written after a `|`, it would be a
//!   comment (DLX1 reads it so too).
//! * Every following line is an option: the names of its items. A secondary
//!   item may be written `item:colour`, as in DLX2: options may then share
//!   the item if they all give it the same colour (TAOCP 7.2.2.1, Algorithm
//!   C); an option that names it without a colour still excludes every
//!   other.
//!
//! Names and colours are any run of characters other than white space, `|`
//! and `:`, of at most [`MAX_NAME`] characters (Knuth's limit is eight). A line holds at most [`MAX_LINE`] bytes:
//! the reader never buffers more than that, whatever the input.
//!
//! Comments that look like data are not dropped silently: an option line
//! commented out (a comment whose words are all item names, after the item
//! line) is listed in [`KnuthProblem::commented_options`], and an unknown
//! item that a comment before the item line names is reported with that
//! comment's line ([`KnuthError::comment_line`]).
//!
//! Errors carry the line and column of what is wrong, from 0 like every
//! position in this crate's data (their messages count from 1, for people).

use std::fmt;
use std::io::{self, BufRead};
use std::sync::Arc;

/// The most bytes a line may hold, its line end not counted (1 MiB).
pub const MAX_LINE: usize = 1 << 20;

/// The most characters a name may have.
pub const MAX_NAME: usize = 256;

/// How much of a name messages show, in characters.
const SHOWN_NAME: usize = 40;

use crate::problem::{Problem, ProblemError};

/// A problem read from Knuth's format, with where each option came from.
///
/// ```
/// let text = "| the toy matrix\nA B | x\nA B\nA x\n| B x\nB\n";
/// let read = exactcover::knuth::parse(text)?;
/// assert_eq!(read.problem.item_count(), 3);
/// assert_eq!(read.problem.option_count(), 3);
/// assert_eq!(read.option_lines, [2, 3, 5]); // from 0
/// assert_eq!(read.commented_options, [4]);
/// # Ok::<(), exactcover::knuth::KnuthError>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct KnuthProblem {
    /// The problem, every item named.
    pub problem: Problem,
    /// The line (from 0) of every option.
    pub option_lines: Vec<usize>,
    /// The lines (from 0) of options made only of secondary items: accepted,
    /// but the search can never choose them.
    pub secondary_only: Vec<usize>,
    /// The lines (from 0) of comments after the item line that would be
    /// options without their `|`: every word after it names an item, none
    /// twice. They are comments, as in DLX1, but probably not meant as such.
    pub commented_options: Vec<usize>,
}

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
    /// A name that cannot be used: it is empty, contains `|` or `:`, or has
    /// more than [`MAX_NAME`] characters.
    BadName(String),
    /// DLX2's `item:colour` with an empty or unusable colour (the column is
    /// the colour's): the word is kept whole.
    BadColour(String),
    /// DLX2's `item:colour` on a primary item: only secondary items have
    /// colours. The word is kept whole.
    ColourOnPrimary(String),
    /// A line of more than [`MAX_LINE`] bytes; the column is the first
    /// character past the limit.
    LineTooLong {
        /// The limit, [`MAX_LINE`].
        limit: usize,
    },
    /// The line is not UTF-8 text.
    NotUtf8,
    /// Reading failed: the error is kept, as the [`source`](std::error::Error::source)
    /// of the [`KnuthError`].
    Io(ReadError),
    /// The problem is larger than the solver can index.
    TooLarge,
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

impl PartialEq for ReadError {
    fn eq(&self, other: &ReadError) -> bool {
        self.0.kind() == other.0.kind()
    }
}

impl Eq for ReadError {}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
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
        match self.0.char_indices().nth(SHOWN_NAME) {
            Some((at, _)) => write!(f, "{}…", &self.0[..at]),
            None => f.write_str(self.0),
        }
    }
}

/// How [`read_bounded`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bounded {
    /// The input had no more bytes.
    End,
    /// A whole line was read.
    Line,
    /// The line has more than the bound: its first bytes were read, the rest
    /// is still to come.
    TooLong,
}

/// Reads the next line of `input` into `line` (cleared first), without its
/// `\n`, keeping at most `max` bytes: [`Bounded::TooLong`] when the line is
/// longer, with its first `max` bytes in `line` and the rest left unread
/// (see [`skip_line`]). Shared with the Sudoku reader.
pub(crate) fn read_bounded<R: BufRead + ?Sized>(
    input: &mut R,
    line: &mut Vec<u8>,
    max: usize,
) -> io::Result<Bounded> {
    line.clear();
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if any { Bounded::Line } else { Bounded::End });
        }
        any = true;
        let room = max - line.len();
        // A line end within room, or just past it, ends a line that fits.
        let look = available.len().min(room + 1);
        if let Some(at) = available[..look].iter().position(|&b| b == b'\n') {
            line.extend_from_slice(&available[..at]);
            input.consume(at + 1);
            return Ok(Bounded::Line);
        }
        if available.len() > room {
            line.extend_from_slice(&available[..room]);
            input.consume(room);
            return Ok(Bounded::TooLong);
        }
        let n = available.len();
        line.extend_from_slice(available);
        input.consume(n);
    }
}

/// Reads and drops the rest of the current line of `input`, through its
/// `\n`, in constant memory.
pub(crate) fn skip_line<R: BufRead + ?Sized>(input: &mut R) -> io::Result<()> {
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(());
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = available.len();
                input.consume(n);
            }
        }
    }
}

/// Reads a problem from a string in Knuth's format.
///
/// # Errors
///
/// A [`KnuthError`] with the line and column of the first thing wrong.
///
/// ```
/// use exactcover::knuth::{parse, KnuthErrorKind};
/// let err = parse("a b\na c\n").unwrap_err();
/// assert_eq!((err.line, err.column), (Some(1), Some(2))); // from 0
/// assert_eq!(err.kind, KnuthErrorKind::UnknownItem("c".into()));
/// assert_eq!(err.to_string(), "2: unknown item 'c' (column 3)"); // from 1
/// ```
pub fn parse(text: &str) -> Result<KnuthProblem, KnuthError> {
    read(text.as_bytes())
}

/// Reads a problem in Knuth's format from `input`, line by line.
///
/// # Errors
///
/// As [`parse`], and [`KnuthErrorKind::Io`] when reading fails.
///
/// ```
/// let read = exactcover::knuth::read(&b"a\na\n"[..])?;
/// assert_eq!(read.problem.option_count(), 1);
/// # Ok::<(), exactcover::knuth::KnuthError>(())
/// ```
pub fn read<R: BufRead>(mut input: R) -> Result<KnuthProblem, KnuthError> {
    let mut reader = Reader {
        read: KnuthProblem {
            problem: Problem::new(),
            option_lines: Vec::new(),
            secondary_only: Vec::new(),
            commented_options: Vec::new(),
        },
        have_items: false,
        last_comment: None,
    };
    let mut bytes = Vec::new();
    let mut line = 0;
    loop {
        line += 1;
        let error = |column: usize, kind| KnuthError {
            line: Some(line - 1),
            column: column.checked_sub(1),
            kind,
            comment_line: None,
        };
        match read_bounded(&mut input, &mut bytes, MAX_LINE) {
            Ok(Bounded::End) => break,
            Ok(Bounded::Line) => {}
            Ok(Bounded::TooLong) => {
                // The characters that fit, counted as UTF-8 would (a cut
                // character counts as one).
                let chars = bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
                return Err(error(
                    chars + 1,
                    KnuthErrorKind::LineTooLong { limit: MAX_LINE },
                ));
            }
            Err(e) => return Err(error(0, KnuthErrorKind::Io(ReadError(Arc::new(e))))),
        }
        let text = std::str::from_utf8(&bytes).map_err(|_| error(0, KnuthErrorKind::NotUtf8))?;
        reader.line(line, text)?;
    }
    if !reader.have_items {
        return Err(KnuthError {
            line: None,
            column: None,
            kind: KnuthErrorKind::NoItems,
            comment_line: None,
        });
    }
    Ok(reader.read)
}

struct Reader {
    read: KnuthProblem,
    have_items: bool,
    /// The last comment before the item line: its line and text.
    last_comment: Option<(usize, String)>,
}

/// The white-space-separated words of `text`, each with its column (from 1).
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start = None;
    let mut chars = text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')));
    std::iter::from_fn(move || {
        for (at, ch) in chars.by_ref() {
            column += 1;
            match (ch.is_whitespace(), start) {
                (false, None) => start = Some((at, column)),
                (true, Some((from, col))) => {
                    start = None;
                    return Some((col, &text[from..at]));
                }
                _ => {}
            }
        }
        None
    })
}

impl Reader {
    /// Whether `text` would be an option: at least one word, every word an
    /// item's name, none twice.
    fn is_option(&self, text: &str) -> bool {
        let problem = &self.read.problem;
        let items: Option<Vec<usize>> = text
            .split_whitespace()
            .map(|word| problem.item_by_name(word))
            .collect();
        let Some(mut items) = items else {
            return false;
        };
        items.sort_unstable();
        !items.is_empty() && items.windows(2).all(|w| w[0] != w[1])
    }

    fn line(&mut self, line: usize, text: &str) -> Result<(), KnuthError> {
        let trimmed = text.trim_start();
        if trimmed.is_empty() {
            return Ok(());
        }
        if let Some(comment) = trimmed.strip_prefix('|') {
            if self.have_items {
                if self.is_option(comment) {
                    self.read.commented_options.push(line - 1);
                }
            } else {
                self.last_comment = Some((line, comment.to_string()));
            }
            return Ok(());
        }
        let fail = |column: usize, kind| KnuthError {
            line: Some(line - 1),
            column: column.checked_sub(1),
            kind,
            comment_line: None,
        };
        let bad_name =
            |name: &str| name.contains(['|', ':']) || name.chars().nth(MAX_NAME).is_some();
        if !self.have_items {
            self.have_items = true;
            let mut secondary = false;
            for (column, name) in words(text) {
                if name == "|" {
                    if secondary {
                        return Err(fail(column, KnuthErrorKind::SecondBar));
                    }
                    secondary = true;
                    continue;
                }
                if bad_name(name) {
                    return Err(fail(column, KnuthErrorKind::BadName(name.into())));
                }
                let problem = &mut self.read.problem;
                let added = if secondary {
                    problem.add_secondary(name)
                } else {
                    problem.add_primary(name)
                };
                if added.is_err() {
                    return Err(fail(column, KnuthErrorKind::DuplicateItem(name.into())));
                }
            }
            return Ok(());
        }
        // Every word of the option: `item`, or (DLX2) `item:colour` for a
        // secondary item.
        let mut names = Vec::new();
        let mut entries = Vec::new();
        for (column, word) in words(text) {
            if word == "|" {
                return Err(fail(column, KnuthErrorKind::BarInOption));
            }
            let (name, colour) = match word.split_once(':') {
                Some((name, colour)) => (name, Some(colour)),
                None => (word, None),
            };
            if name.is_empty() || bad_name(name) {
                return Err(fail(column, KnuthErrorKind::BadName(word.into())));
            }
            let problem = &mut self.read.problem;
            let colour = match colour {
                None => None,
                Some(c) if c.is_empty() || bad_name(c) => {
                    let at = column + name.chars().count() + 1;
                    return Err(fail(at, KnuthErrorKind::BadColour(word.into())));
                }
                Some(c) => {
                    if problem.is_primary(problem.item_by_name(name).unwrap_or(usize::MAX)) {
                        return Err(fail(column, KnuthErrorKind::ColourOnPrimary(word.into())));
                    }
                    let bad = |_| fail(column, KnuthErrorKind::BadColour(word.into()));
                    Some(problem.colour(c).map_err(bad)?)
                }
            };
            names.push((column, name));
            match problem.item_by_name(name) {
                Some(item) => entries.push((item, colour)),
                None => {
                    let comment_line = self
                        .last_comment
                        .as_ref()
                        .filter(|(_, text)| text.split_whitespace().any(|w| w == name))
                        .map(|&(line, _)| line - 1);
                    return Err(KnuthError {
                        comment_line,
                        ..fail(column, KnuthErrorKind::UnknownItem(name.into()))
                    });
                }
            }
        }
        let problem = &mut self.read.problem;
        match problem.add_coloured_option(entries) {
            Ok(option) => {
                self.read.option_lines.push(line - 1);
                if problem.is_secondary_only(option) {
                    self.read.secondary_only.push(line - 1);
                }
                Ok(())
            }
            Err(e) => {
                // The column of the `nth` occurrence (from 0) of `wanted`.
                let column_of = |wanted: &str, nth: usize| {
                    names
                        .iter()
                        .filter(|&&(_, n)| n == wanted)
                        .nth(nth)
                        .map_or(0, |&(c, _)| c)
                };
                Err(match e {
                    ProblemError::RepeatedItem { item, .. } => {
                        let name = problem.item_label(item);
                        // The second occurrence is the one at fault.
                        let column = column_of(&name, 1);
                        fail(column, KnuthErrorKind::RepeatedItem(name))
                    }
                    _ => fail(0, KnuthErrorKind::TooLarge),
                })
            }
        }
    }
}

/// Writes `problem` in Knuth's format (DLX2's when it has colours): a
/// comment line for each of `comments`, the item line, then one line per
/// option, items as the problem names them ([`Problem::item_label`]).
/// [`read`] reads it back as the same problem, up to the order of items.
///
/// # Errors
///
/// Those of `out`, and [`io::ErrorKind::InvalidInput`] when the problem
/// has no primary item (an item line cannot start with `|`), or a name or
/// colour that the format cannot hold (white space, `|`, `:`, empty, or
/// longer than [`MAX_NAME`] characters); nothing is written then.
///
/// ```
/// let read = exactcover::knuth::parse("a b | x\na x:red\nb x:red\n")?;
/// let mut text = Vec::new();
/// exactcover::knuth::write(&read.problem, &["from a test"], &mut text)?;
/// assert_eq!(String::from_utf8(text)?, "| from a test\na b | x\na x:red\nb x:red\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write<W: io::Write>(problem: &Problem, comments: &[&str], mut out: W) -> io::Result<()> {
    let invalid = |what: String| io::Error::new(io::ErrorKind::InvalidInput, what);
    let writable = |name: &str| {
        !name.is_empty()
            && !name.contains(|c: char| c.is_whitespace() || c == '|' || c == ':')
            && name.chars().nth(MAX_NAME).is_none()
    };
    if problem.primary_count() == 0 {
        return Err(invalid(
            "a problem without primary items cannot be written in Knuth's format".into(),
        ));
    }
    for i in 0..problem.item_count() {
        let name = problem.item_label(i);
        if !writable(&name) {
            return Err(invalid(format!(
                "item {i} '{name}' cannot be written in Knuth's format"
            )));
        }
    }
    for c in 0..problem.colour_count() {
        let name = problem.colour_name(c).unwrap_or("");
        if !writable(name) {
            return Err(invalid(format!(
                "colour '{name}' cannot be written in Knuth's format"
            )));
        }
    }
    let mut text = String::new();
    for comment in comments {
        for line in comment.lines() {
            text.push_str("| ");
            text.push_str(line);
            text.push('\n');
        }
    }
    let names = |primary: bool| {
        (0..problem.item_count())
            .filter(move |&i| problem.is_primary(i) == primary)
            .map(|i| problem.item_label(i))
            .collect::<Vec<_>>()
            .join(" ")
    };
    text.push_str(&names(true));
    let secondary = names(false);
    if !secondary.is_empty() {
        text.push_str(" | ");
        text.push_str(&secondary);
    }
    text.push('\n');
    out.write_all(text.as_bytes())?;
    for option in 0..problem.option_count() {
        text.clear();
        text.push_str(&crate::problem::Labels::option(problem, option));
        text.push('\n');
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}
