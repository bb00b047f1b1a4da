//! `exactcover preprocess` ([`preprocess`]): a problem reduced as Knuth's
//! DLX-PRE reduces it, written in his format; and the reduction that
//! `cover --preprocess` searches ([`reduce`]).

use std::io;

use super::{Host, Status};
use exactcover::Problem;
use exactcover::knuth::{self, KnuthProblem};
use exactcover::problem::Reduction;

/// `problem` reduced; with `verbose`, what went is said. A problem with
/// multiplicities (which DLX-PRE does not reduce) and one found to have no
/// solution are said so either way.
/// `None` when the memory to reduce it cannot be had, said too.
///
/// ```
/// use exactcover::knuth;
/// use exactcover_cli::reply::{self, Transcript};
///
/// // No option covers both 'a' and 'c' without also covering 'b' twice.
/// let problem = knuth::parse("a b c\na b\nb c\n")?.problem;
/// let mut host = Transcript::default();
/// let reduction = reply::reduce("p", &problem, false, &mut host).expect("memory");
/// assert_eq!(reduction.infeasible, Some(0));
/// assert_eq!(
///     host.messages,
///     ["p: primary item 'a' is in no option that can be in a solution: no solution"]
/// );
/// # Ok::<(), exactcover::knuth::KnuthError>(())
/// ```
pub fn reduce(
    name: &str,
    problem: &Problem,
    verbose: bool,
    host: &mut impl Host,
) -> Option<Reduction> {
    let reduction = match problem.preprocess() {
        Ok(reduction) => reduction,
        Err(e) => {
            // Only memory fails: said, and the caller answers `failed`.
            host.warn(&format!("{name}: cannot preprocess: {e}"));
            return None;
        }
    };
    if problem.has_bounds() {
        host.warn(&format!(
            "{name}: not preprocessed: DLX-PRE covers each item once, and this problem has \
             multiplicities (items with bounds)"
        ));
    } else if verbose {
        host.warn(&format!(
            "{name}: preprocessing {}",
            reduction.summary(problem)
        ));
    }
    if let Some(item) = reduction.infeasible {
        host.warn(&format!(
            "{name}: primary item '{}' is in no option that can be in a solution: no solution",
            problem.item_label(item)
        ));
    }
    Some(reduction)
}

/// Writes the problem `read` from the input `name` reduced: a comment
/// saying what went, the item line, then every option left, each followed
/// by the comment line `| from N`, `N` its line in the input (from 1). A
/// reduced problem that Knuth's format cannot hold (no primary item left,
/// a name it cannot write) is said so, and refused.
///
/// # Errors
/// The host's, writing the problem.
///
/// ```
/// use exactcover::knuth;
/// use exactcover_cli::reply::{self, Status, Transcript};
///
/// let read = knuth::parse("a b c\na b\nb c\na\n")?;
/// let mut host = Transcript::default();
/// assert_eq!(reply::preprocess("p", &read, &mut host)?, Status::Answered);
/// let lines: Vec<&str> = host.output.lines().collect();
/// // Item b goes too: it is left in the options of c only.
/// assert_eq!(lines[1..], ["a c", "c", "| from 3", "a", "| from 4"]);
/// assert!(lines[0].starts_with("| p, preprocessed: 1 of 3 options"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn preprocess(name: &str, read: &KnuthProblem, host: &mut impl Host) -> io::Result<Status> {
    let Some(reduction) = reduce(name, &read.problem, false, host) else {
        return Ok(Status::Failed);
    };
    let summary = format!("{name}, preprocessed: {}", reduction.summary(&read.problem));
    // The input's lines of its options (none for a problem built without
    // its text).
    let note = |k: usize| {
        let line = read.option_lines.get(reduction.options[k])?;
        Some(format!("from {}", line + 1))
    };
    let mut text = Vec::new();
    match knuth::write_noted(&reduction.problem, &[&summary], note, &mut text) {
        Ok(()) => {
            // Knuth's format is text: the names written are the problem's.
            host.write(&String::from_utf8_lossy(&text))?;
            host.flush()?;
            Ok(Status::Answered)
        }
        Err(e) => {
            // Writing to memory fails only on what the format cannot hold.
            host.warn(&format!("{name}: {e}"));
            Ok(Status::Refused)
        }
    }
}
