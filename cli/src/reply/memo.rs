//! `cover --count --memo`: a count by Algorithm Z on one thread, and the
//! ZDD of every solution written when `--zdd` asks for it.

use std::fs::File;
use std::io;
use std::path::Path;

use super::{Host, Request, Status, ending};
use exactcover::engine::{Memo, MemoCount, MemoError};
use exactcover::{Problem, Solver};

/// Counts `problem` by Algorithm Z with `memo`, as `request` asks: the
/// count on a line, its messages, its statistics.
pub(super) fn count(
    request: &Request,
    name: &str,
    problem: &Problem,
    memo: &Memo,
    host: &mut impl Host,
) -> io::Result<Status> {
    let Some(mut solver) = super::cover::new_solver(problem, name, host) else {
        return Ok(Status::Failed);
    };
    let (counted, _) = host.watch(name, &request.budget, |budget| {
        solver.set_budget(budget);
        match &request.zdd {
            Some(path) => zdd(&mut solver, memo, path),
            None => solver
                .count_memo(request.limit.map(u128::from), memo)
                .map_err(Unanswered::Memo),
        }
    });
    let counted = match counted {
        Ok(counted) => counted,
        Err(why) => return Ok(why.say(name, host)),
    };
    let nodes = solver.stats().nodes;
    let said = ending::describe(
        counted.end,
        counted.solutions,
        nodes,
        |why| host.reason(why),
        None,
    );
    if let Some(message) = said.message {
        host.warn(&format!("{name}: {message}"));
    }
    if let Some(warning) = counted.memo.warning(memo) {
        host.warn(&format!("{name}: {warning}"));
    }
    host.write(&format!("{counted}\n"))?;
    host.flush()?;
    if request.stats {
        let (s, sizes) = (solver.stats(), problem.describe_sizes());
        let memo = counted.memo.describe(memo);
        host.warn(&format!("solutions: {counted}\n{s}\n{memo}\n{sizes}"));
    }
    Ok(Status::failed_if(said.interrupted))
}

/// Why a count by Algorithm Z has no answer.
enum Unanswered {
    /// The memo's error.
    Memo(MemoError),
    /// The ZDD could not be written to the file.
    Unwritten(String, io::Error),
}

impl Unanswered {
    /// Says why, and the status.
    fn say(self, name: &str, host: &mut impl Host) -> Status {
        match self {
            Unanswered::Memo(MemoError::Interrupted(stop)) => {
                host.warn(&format!(
                    "{name}: search stopped ({}) after {} nodes: no ZDD written",
                    stop.reason, stop.stats.nodes
                ));
                Status::Failed
            }
            Unanswered::Memo(e @ MemoError::ZddTooLarge { .. }) => {
                host.warn(&format!("{name}: {e}: give it more with --memory"));
                Status::Failed
            }
            // A problem the memo does not count: refused, as on threads.
            Unanswered::Memo(e @ MemoError::WithBounds) => {
                host.warn(&format!("{name}: {e}"));
                Status::Refused
            }
            Unanswered::Memo(e) => {
                host.warn(&format!("{name}: {e}"));
                Status::Failed
            }
            Unanswered::Unwritten(path, e) => {
                host.warn(&format!("{path}: cannot write: {e}"));
                Status::Failed
            }
        }
    }
}

/// Builds the ZDD of every solution and writes it to `path`, in the text
/// format of Knuth's DLX6; its count.
fn zdd(solver: &mut Solver, memo: &Memo, path: &Path) -> Result<MemoCount, Unanswered> {
    let zdd = solver.zdd(memo).map_err(Unanswered::Memo)?;
    File::create(path)
        .and_then(|file| zdd.write_knuth(file))
        .map_err(|e| Unanswered::Unwritten(path.display().to_string(), e))?;
    Ok(MemoCount::from(&zdd))
}
