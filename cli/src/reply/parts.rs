//! `cover --count` with `--jobs`, `--part`, `--split` or `--json`: a count
//! on threads, or of one part of the split (with `--memo`, each thread
//! keeps one memo for the subproblems it counts).

use std::io;

use super::{Host, Request, Status};
use crate::util::units::threads;
use exactcover::engine::{Memo, MemoCount, describe_estimate};
use exactcover::scale::{CountError, Counter, Part, PartCount};
use exactcover::{Problem, SearchEnd, Stats};

/// A part's count: plain, or by Algorithm Z.
enum Counted {
    Plain(PartCount),
    Memo(PartCount<MemoCount>, Memo),
}

impl Counted {
    /// The solutions and how the count ended.
    fn count(&self) -> (u128, SearchEnd) {
        match self {
            Counted::Plain(c) => (u128::from(c.count.solutions), c.count.end),
            Counted::Memo(c, _) => (c.count.solutions, c.count.end),
        }
    }

    /// The statistics, the count's figures (its subproblems, split, part,
    /// threads and seconds) and, for a memo count, its cache's.
    fn figures(&self) -> (Stats, String, Option<String>) {
        match self {
            Counted::Plain(c) => (c.stats, c.figures(), None),
            Counted::Memo(c, memo) => (c.stats, c.figures(), Some(c.count.memo.describe(memo))),
        }
    }

    /// Whether the count stopped while it split the problem.
    fn split_interrupted(&self) -> bool {
        match self {
            Counted::Plain(c) => c.split_interrupted(),
            Counted::Memo(c, _) => c.split_interrupted(),
        }
    }

    /// The part's report, for `merge`.
    fn json(&self, counter: &Counter<'_>) -> String {
        match self {
            Counted::Plain(c) => counter.report(c).to_json(),
            Counted::Memo(c, _) => counter.report_memo(c).to_json(),
        }
    }
}

/// Counts `problem` on threads or in parts as `request` asks: the count
/// (or the part's report) on a line, its messages, its statistics.
pub(super) fn count(
    request: &Request,
    name: &str,
    problem: &Problem,
    host: &mut impl Host,
) -> io::Result<Status> {
    let part = request.part.unwrap_or_else(Part::whole);
    let mut counter = Counter::new(problem)
        .with_threads(threads(request.jobs))
        .with_part(part)
        .with_limit(request.limit);
    if let Some(n) = request.split {
        counter = counter.with_min_subproblems(usize::try_from(n).unwrap_or(usize::MAX));
    }
    if let Some(bytes) = request.max_memory {
        counter = counter.max_memory(bytes);
    }
    let given = request.max_memory.is_some();
    if let Some(note) = counter.memory_cap_note(threads(request.jobs), given) {
        host.warn(&format!("{name}: {note}"));
    }
    let (counted, estimate) = host.watch(name, &request.budget, |budget| {
        let counter = counter.with_budget(budget);
        let counted = match request.memo {
            None => counter.try_count().map(Counted::Plain),
            Some(memo) => counter
                .try_count_memo(&memo)
                .map(|c| Counted::Memo(c, memo)),
        };
        (counted, counter)
    });
    let (counted, counter) = match counted {
        (Ok(counted), counter) => (counted, counter),
        (Err(e), _) => {
            host.warn(&format!("{name}: {e}"));
            let overflow = matches!(e, CountError::Overflow);
            return Ok(if overflow {
                Status::Failed
            } else {
                Status::Refused
            });
        }
    };
    if let Counted::Memo(c, memo) = &counted {
        if let Some(warning) = c.count.memo.warning(memo) {
            host.warn(&format!("{name}: {warning}"));
        }
    }
    let (found, end) = counted.count();
    let (suffix, status) = ending(name, &counted, end, part, estimate, host);
    if request.json {
        host.write(&format!("{}\n", counted.json(&counter)))?;
    } else {
        host.write(&format!("{found}{suffix}\n"))?;
    }
    host.flush()?;
    if request.stats {
        let (s, figures, memo) = counted.figures();
        let memo = memo.map(|m| format!("\n{m}")).unwrap_or_default();
        host.warn(&format!("solutions: {found}{suffix}\n{s}\n{figures}{memo}"));
    }
    Ok(status)
}

/// What the end of the count adds to it (`?` when interrupted, `+` at the
/// limit) and its status, its message said. `estimate` is Knuth's
/// estimate of the part of the tree walked, said when a signal stopped the
/// count.
fn ending(
    name: &str,
    counted: &Counted,
    end: SearchEnd,
    part: Part,
    estimate: f64,
    host: &mut impl Host,
) -> (&'static str, Status) {
    let found = counted.count().0;
    match end {
        SearchEnd::Interrupted(why) => {
            let when = if counted.split_interrupted() {
                " while splitting"
            } else {
                ""
            };
            let tree = if part.n() > 1 {
                "the whole problem's search tree"
            } else {
                "the search tree"
            };
            let shown = if host.signalled() {
                format!(", {}", describe_estimate(estimate, tree))
            } else {
                String::new()
            };
            host.warn(&format!(
                "{name}: count stopped ({}){when} after {} nodes and {found} solutions{shown}",
                host.reason(why),
                counted.figures().0.nodes
            ));
            ("?", Status::Failed)
        }
        SearchEnd::Limit => ("+", Status::Answered),
        _ if found == 0 && part.n() == 1 => {
            host.warn(&format!("{name}: no solution"));
            ("", Status::Answered)
        }
        _ => ("", Status::Answered),
    }
}
