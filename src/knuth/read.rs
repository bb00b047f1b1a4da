//! Reading Knuth's format: a problem, with where each option came from.

use std::io::BufRead;

use super::{KnuthError, KnuthErrorKind, MAX_LINE, MAX_NAME, ReadError};
use crate::problem::{Problem, ProblemError};
use crate::util::lines::{Bounded, read_bounded};

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

impl KnuthProblem {
    /// The warnings about the text read: each its line (from 1) and what
    /// is odd there; first the options that can never be chosen, then the
    /// comments that look like options.
    ///
    /// ```
    /// let read = exactcover::knuth::parse("a | b\na\n| a\nb\n")?;
    /// let warnings = read.warnings();
    /// assert_eq!(warnings.len(), 2);
    /// assert_eq!((warnings[0].0, warnings[1].0), (4, 3));
    /// assert!(warnings[0].1.contains("only secondary items"));
    /// assert!(warnings[1].1.starts_with("this line starts with '|'"));
    /// # Ok::<(), exactcover::knuth::KnuthError>(())
    /// ```
    #[must_use]
    pub fn warnings(&self) -> Vec<(usize, &'static str)> {
        const SECONDARY: &str = "this option has only secondary items, so it can never be chosen";
        const COMMENTED: &str = "this line starts with '|', so it is a comment, though without the '|' it would be an option";
        let secondary = self.secondary_only.iter().map(|l| (l + 1, SECONDARY));
        let commented = self.commented_options.iter().map(|l| (l + 1, COMMENTED));
        secondary.chain(commented).collect()
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
            Err(e) => return Err(error(0, KnuthErrorKind::Io(ReadError::new(e)))),
        }
        let text = std::str::from_utf8(&bytes).map_err(|_| error(0, KnuthErrorKind::NotUtf8))?;
        // A byte-order mark (some editors write one) is not part of a name.
        let text = if line == 1 {
            text.strip_prefix('\u{feff}').unwrap_or(text)
        } else {
            text
        };
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

/// An item's bounds `(a, b)` and its name, as `split_bounds` reads them.
type NamedBounds<'a> = ((u32, u32), &'a str);

/// DLX3's bounds before an item's name, `a:b|name` or `b|name`: `None`
/// when `word` has none (no `|` after a run of digits and colons: a word
/// such as `x|y` is a name, which cannot hold `|`), else the bounds
/// `(a, b)` (`a = b` when only `b` is written) and the name, or what is
/// wrong with them.
fn split_bounds(word: &str) -> Option<Result<NamedBounds<'_>, KnuthErrorKind>> {
    let (prefix, name) = word.split_once('|')?;
    if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_digit() || b == b':') {
        return None;
    }
    let number = |digits: &str| {
        let ok = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        ok.then(|| digits.parse::<u32>().ok()).flatten()
    };
    let (lower, upper) = match prefix.split_once(':') {
        Some((a, b)) => (number(a), number(b)),
        None => (number(prefix), number(prefix)),
    };
    let (Some(lower), Some(upper)) = (lower, upper) else {
        return Some(Err(KnuthErrorKind::BadBound(word.into())));
    };
    if upper == 0 {
        return Some(Err(KnuthErrorKind::ZeroUpperBound(word.into())));
    }
    if lower > upper {
        return Some(Err(KnuthErrorKind::LowerAboveUpper(word.into())));
    }
    Some(Ok(((lower, upper), name)))
}

impl Reader {
    /// Reads the item line `text`: primary items (each perhaps with DLX3's
    /// bounds), then perhaps `|` and secondary items.
    fn item_line(
        &mut self,
        text: &str,
        fail: &dyn Fn(usize, KnuthErrorKind) -> KnuthError,
        bad_name: &dyn Fn(&str) -> bool,
    ) -> Result<(), KnuthError> {
        let mut secondary = false;
        for (column, word) in words(text) {
            if word == "|" {
                if secondary {
                    return Err(fail(column, KnuthErrorKind::SecondBar));
                }
                secondary = true;
                continue;
            }
            let (bounds, name) = match split_bounds(word) {
                None => (None, word),
                Some(Err(kind)) => return Err(fail(column, kind)),
                Some(Ok(_)) if secondary => {
                    return Err(fail(column, KnuthErrorKind::BoundsOnSecondary(word.into())));
                }
                Some(Ok((bounds, name))) => (Some(bounds), name),
            };
            if bad_name(name) || name.is_empty() {
                return Err(fail(column, KnuthErrorKind::BadName(word.into())));
            }
            let problem = &mut self.read.problem;
            let added = if secondary {
                problem.add_secondary(name)
            } else {
                problem.add_primary(name)
            };
            let item = match added {
                Ok(item) => item,
                Err(ProblemError::Memory { bytes }) => {
                    return Err(fail(column, KnuthErrorKind::Memory { bytes }));
                }
                Err(_) => return Err(fail(column, KnuthErrorKind::DuplicateItem(word.into()))),
            };
            if let Some((lower, upper)) = bounds {
                // Checked above: a primary item, 1 <= upper, lower <= upper.
                // Only memory can fail now.
                if let Err(ProblemError::Memory { bytes }) = problem.set_bounds(item, lower, upper)
                {
                    return Err(fail(column, KnuthErrorKind::Memory { bytes }));
                }
            }
        }
        Ok(())
    }

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
                    push(&mut self.read.commented_options, line - 1).map_err(|bytes| {
                        KnuthError {
                            line: Some(line - 1),
                            column: None,
                            kind: KnuthErrorKind::Memory { bytes },
                            comment_line: None,
                        }
                    })?;
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
        // Knuth's names are printable: a control character in one (ESC, NUL,
        // ...) would reach a terminal or a picture later.
        let bad_name = |name: &str| {
            name.contains(['|', ':'])
                || name.chars().nth(MAX_NAME).is_some()
                || name.chars().any(char::is_control)
        };
        if !self.have_items {
            self.have_items = true;
            return self.item_line(text, &fail, &bad_name);
        }
        // Every word of the option: `item`, or (DLX2) `item:colour` for a
        // secondary item.
        let mut names = Vec::new();
        let mut entries = Vec::new();
        let mut cost = 0u64;
        for (column, word) in words(text) {
            if word == "|" {
                return Err(fail(column, KnuthErrorKind::BarInOption));
            }
            // DLX5's cost, `|n` after any item; several add up.
            if let Some(digits) = word.strip_prefix('|') {
                cost = add_cost(cost, digits, word).map_err(|kind| fail(column, kind))?;
                continue;
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
                    let bad = |e| match e {
                        ProblemError::Memory { bytes } => {
                            fail(column, KnuthErrorKind::Memory { bytes })
                        }
                        _ => fail(column, KnuthErrorKind::BadColour(word.into())),
                    };
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
                // The option exists, so only memory can fail its cost.
                let memory = |bytes| fail(0, KnuthErrorKind::Memory { bytes });
                if let Err(ProblemError::Memory { bytes }) = problem.set_option_cost(option, cost) {
                    return Err(memory(bytes));
                }
                push(&mut self.read.option_lines, line - 1).map_err(memory)?;
                if problem.is_secondary_only(option) {
                    push(&mut self.read.secondary_only, line - 1).map_err(memory)?;
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
                    ProblemError::Memory { bytes } => fail(0, KnuthErrorKind::Memory { bytes }),
                    _ => fail(0, KnuthErrorKind::TooLarge),
                })
            }
        }
    }
}

/// `cost` plus the cost `digits` (a word `|digits` of an option line, DLX5's
/// cost): the sum, or what is wrong with the word.
fn add_cost(cost: u64, digits: &str, word: &str) -> Result<u64, KnuthErrorKind> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(KnuthErrorKind::BadCost(word.into()));
    }
    digits
        .parse::<u64>()
        .ok()
        .and_then(|d| cost.checked_add(d))
        .ok_or_else(|| KnuthErrorKind::CostTooLarge(word.into()))
}

/// Pushes `value` onto `v`, or says how many bytes the room for it would have
/// taken: a file's lines are as many as the file says.
fn push(v: &mut Vec<usize>, value: usize) -> Result<(), usize> {
    crate::problem::grow(v, 1).map_err(|e| match e {
        ProblemError::Memory { bytes } => bytes,
        _ => 0,
    })?;
    v.push(value);
    Ok(())
}
