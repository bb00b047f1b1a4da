//! Knuth's text format for exact-cover problems, as read by his DLX1.
//!
//! ```text
//! | A comment: a line whose first non-blank character is '|'.
//! A B C D E F G | x y
//! C E F
//! A D G x
//! ```
//!
//! * Blank lines and comment lines are skipped anywhere.
//! * The first other line names the items, separated by white space: the
//!   primary items, then optionally a `|` and the secondary items.
//! * Every following line is an option: the names of its items.
//!
//! Names are any run of characters other than white space, `|` and `:`
//! (Knuth limits them to eight characters; this reader does not). A `:` would
//! be one of DLX2's colour controls, which this crate does not implement, so
//! it is reported rather than misread.
//!
//! Errors carry the line and column (both from 1) of what is wrong.

use std::fmt;
use std::io::BufRead;

use crate::problem::{Problem, ProblemError};

/// A problem read from Knuth's format, with where each option came from.
///
/// ```
/// let text = "| the toy matrix\nA B | x\nA B\nA x\nB\n";
/// let read = exactcover::knuth::parse(text)?;
/// assert_eq!(read.problem.item_count(), 3);
/// assert_eq!(read.problem.option_count(), 3);
/// assert_eq!(read.option_lines, [3, 4, 5]);
/// # Ok::<(), exactcover::knuth::KnuthError>(())
/// ```
#[derive(Clone, Debug)]
pub struct KnuthProblem {
    /// The problem, every item named.
    pub problem: Problem,
    /// The line (from 1) of every option.
    pub option_lines: Vec<usize>,
    /// The lines (from 1) of options made only of secondary items: accepted,
    /// but the search can never choose them.
    pub secondary_only: Vec<usize>,
}

/// What is wrong with a text in Knuth's format, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnuthError {
    /// The line, from 1 (0 when the error is about the text as a whole).
    pub line: usize,
    /// The column, in characters from 1 (0 when not about one place).
    pub column: usize,
    /// What is wrong.
    pub kind: KnuthErrorKind,
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
    /// A name containing `|` or `:`.
    BadName(String),
    /// The line is not UTF-8 text.
    NotUtf8,
    /// Reading failed.
    Io(String),
    /// The problem is larger than the solver can index.
    TooLarge,
}

impl fmt::Display for KnuthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}: ", self.line)?;
        }
        match &self.kind {
            KnuthErrorKind::NoItems => write!(f, "no items: the text has no item line"),
            KnuthErrorKind::DuplicateItem(name) => {
                write!(f, "duplicate item name '{name}' (column {})", self.column)
            }
            KnuthErrorKind::SecondBar => {
                write!(f, "a second '|' in the item line (column {})", self.column)
            }
            KnuthErrorKind::UnknownItem(name) => {
                write!(f, "unknown item '{name}' (column {})", self.column)
            }
            KnuthErrorKind::RepeatedItem(name) => write!(
                f,
                "item '{name}' repeated in this option (column {})",
                self.column
            ),
            KnuthErrorKind::BarInOption => {
                write!(f, "'|' in an option (column {})", self.column)
            }
            KnuthErrorKind::BadName(name) => {
                if name.contains(':') {
                    write!(
                        f,
                        "'{name}' (column {}): colour controls (DLX2's 'item:colour') are not supported",
                        self.column
                    )
                } else {
                    write!(
                        f,
                        "'{name}' (column {}): names cannot contain '|'",
                        self.column
                    )
                }
            }
            KnuthErrorKind::NotUtf8 => write!(f, "the line is not UTF-8 text"),
            KnuthErrorKind::Io(why) => write!(f, "cannot read: {why}"),
            KnuthErrorKind::TooLarge => write!(f, "the problem is too large"),
        }
    }
}

impl std::error::Error for KnuthError {}

/// Reads a problem from a string in Knuth's format.
///
/// # Errors
///
/// A [`KnuthError`] with the line and column of the first thing wrong.
///
/// ```
/// use exactcover::knuth::{parse, KnuthErrorKind};
/// let err = parse("a b\na c\n").unwrap_err();
/// assert_eq!((err.line, err.column), (2, 3));
/// assert_eq!(err.kind, KnuthErrorKind::UnknownItem("c".into()));
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
        },
        have_items: false,
    };
    let mut bytes = Vec::new();
    let mut line = 0;
    loop {
        bytes.clear();
        line += 1;
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                return Err(KnuthError {
                    line,
                    column: 0,
                    kind: KnuthErrorKind::Io(e.to_string()),
                });
            }
        }
        let text = std::str::from_utf8(&bytes).map_err(|_| KnuthError {
            line,
            column: 0,
            kind: KnuthErrorKind::NotUtf8,
        })?;
        reader.line(line, text)?;
    }
    if !reader.have_items {
        return Err(KnuthError {
            line: 0,
            column: 0,
            kind: KnuthErrorKind::NoItems,
        });
    }
    Ok(reader.read)
}

struct Reader {
    read: KnuthProblem,
    have_items: bool,
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
    fn line(&mut self, line: usize, text: &str) -> Result<(), KnuthError> {
        let trimmed = text.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('|') {
            return Ok(());
        }
        let fail = |column, kind| KnuthError { line, column, kind };
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
                if name.contains(['|', ':']) {
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
        let mut names = Vec::new();
        for (column, name) in words(text) {
            if name == "|" {
                return Err(fail(column, KnuthErrorKind::BarInOption));
            }
            if name.contains(['|', ':']) {
                return Err(fail(column, KnuthErrorKind::BadName(name.into())));
            }
            names.push((column, name));
        }
        let problem = &mut self.read.problem;
        match problem.add_named_option(names.iter().map(|&(_, n)| n)) {
            Ok(option) => {
                self.read.option_lines.push(line);
                if problem.is_secondary_only(option) {
                    self.read.secondary_only.push(line);
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
                    ProblemError::UnknownName { name, .. } => {
                        fail(column_of(&name, 0), KnuthErrorKind::UnknownItem(name))
                    }
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
