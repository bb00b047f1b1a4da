//! Writing Knuth's format.

use std::io;

use super::MAX_NAME;
use crate::problem::Problem;

/// The primary items of `problem` as the item line names them: each by its
/// label ([`Problem::item_label`]), after DLX3's bounds when it has bounds
/// other than `[1, 1]` (`b|name` when both are `b`, else `a:b|name`).
///
/// ```
/// let read = exactcover::knuth::parse("2|A 0:3|B C\nA B C\n")?;
/// assert_eq!(exactcover::knuth::item_line_primaries(&read.problem), "2|A 0:3|B C");
/// # Ok::<(), exactcover::knuth::KnuthError>(())
/// ```
#[must_use]
pub fn item_line_primaries(problem: &Problem) -> String {
    let mut line = String::new();
    for i in (0..problem.item_count()).filter(|&i| problem.is_primary(i)) {
        if !line.is_empty() {
            line.push(' ');
        }
        match problem.bounds(i) {
            Some((a, b)) if a == b && b != 1 => line.push_str(&format!("{b}|")),
            Some((a, b)) if a != b => line.push_str(&format!("{a}:{b}|")),
            _ => {}
        }
        line.push_str(&problem.item_label(i));
    }
    line
}

/// Writes `problem` in Knuth's format (DLX2's when it has colours, DLX3's
/// when it has bounds, DLX5's when it has costs): a comment line for each
/// of `comments`, the item line, then one line per option, items as the
/// problem names them ([`Problem::item_label`]), and the option's cost as
/// `|n` when it is not 0.
/// [`read`](super::read()) reads it back as the same problem, up to the order of items.
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
pub fn write<W: io::Write>(problem: &Problem, comments: &[&str], out: W) -> io::Result<()> {
    write_noted(problem, comments, |_| None, out)
}

/// [`write()`], with a comment line after option `k` for every `note(k)`
/// that is `Some` (each line of the note a comment of its own). An option
/// that costs more than 0 ends with its cost, DLX5's `|n`.
///
/// # Errors
///
/// As [`write()`].
///
/// ```
/// let read = exactcover::knuth::parse("a b\na |3\nb\n")?;
/// let mut text = Vec::new();
/// let note = |k: usize| (k == 1).then(|| "the second".to_string());
/// exactcover::knuth::write_noted(&read.problem, &[], note, &mut text)?;
/// assert_eq!(String::from_utf8(text)?, "a b\na |3\nb\n| the second\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_noted<W, F>(
    problem: &Problem,
    comments: &[&str],
    mut note: F,
    mut out: W,
) -> io::Result<()>
where
    W: io::Write,
    F: FnMut(usize) -> Option<String>,
{
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
    text.push_str(&item_line_primaries(problem));
    let names = |primary: bool| {
        (0..problem.item_count())
            .filter(move |&i| problem.is_primary(i) == primary)
            .map(|i| problem.item_label(i))
            .collect::<Vec<_>>()
            .join(" ")
    };
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
        match problem.option_cost(option) {
            Some(cost) if cost > 0 => {
                text.push_str(" |");
                text.push_str(&cost.to_string());
            }
            _ => {}
        }
        text.push('\n');
        for line in note(option).iter().flat_map(|n| n.lines()) {
            text.push_str("| ");
            text.push_str(line);
            text.push('\n');
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}
