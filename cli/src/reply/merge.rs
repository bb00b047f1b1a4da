//! `exactcover merge` ([`merge`]): the reports of a count's parts added up.

use std::io::{self, BufRead};

use super::{Host, Status};
use exactcover::scale::{Merge, MergeError};

/// Reads every report of the `inputs` (each a name and its lines, or the
/// name and the error opening it) and adds the parts up: the total on a
/// line (`N?` when a part did not finish: a lower bound; with `json`, the
/// object `{"solutions", "complete", "parts", "unfinished", "nodes",
/// "seconds", "longest"}`), then a summary said. An input that cannot be opened and parts that do not merge (a
/// line that is no report, a part missing, repeated or of another count)
/// are said so, and refused; each input is opened only once the one
/// before it is read.
///
/// # Errors
/// The host's, writing the total.
///
/// ```
/// use exactcover::problem::classic::queens;
/// use exactcover_cli::reply::{self, Status, Transcript};
/// use exactcover::scale::{Counter, Part};
///
/// let problem = queens(6);
/// let report = |k| {
///     let counter = Counter::new(&problem).with_part(Part::new(k, 2).unwrap());
///     counter.report(&counter.count()).to_json() + "\n"
/// };
/// let (a, b) = (report(0), report(1));
/// let inputs = [("a", a.as_bytes()), ("b", b.as_bytes())].map(|(n, r)| Ok((n.to_string(), r)));
/// let mut host = Transcript::default();
/// assert_eq!(reply::merge(inputs, false, &mut host)?, Status::Answered);
/// assert_eq!(host.output, "4\n");
/// assert!(host.messages[0].starts_with("merge: 2 parts, "));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn merge<R, I>(inputs: I, json: bool, host: &mut impl Host) -> io::Result<Status>
where
    R: BufRead,
    I: IntoIterator<Item = Result<(String, R), (String, io::Error)>>,
{
    let mut merge = Merge::new();
    for input in inputs {
        let read = match input {
            Ok((name, reader)) => merge.read(&name, reader),
            Err((name, e)) => {
                host.warn(&format!("{name}: cannot read: {e}"));
                return Ok(Status::Refused);
            }
        };
        if let Err(e) = read {
            return Ok(refuse(&e, host));
        }
    }
    let merged = match merge.finish() {
        Ok(merged) => merged,
        Err(e) => return Ok(refuse(&e, host)),
    };
    if !merged.is_exact() {
        host.warn(&format!(
            "merge: {} parts did not finish (a limit, a budget or a signal): the total is a lower bound",
            merged.unfinished
        ));
    }
    if json {
        host.write(&crate::util::json::line(&[
            ("solutions", crate::util::json::count(merged.solutions)),
            ("complete", merged.is_exact().into()),
            ("parts", merged.parts.into()),
            ("unfinished", merged.unfinished.into()),
            ("nodes", crate::util::json::count(merged.nodes)),
            ("seconds", merged.seconds.into()),
            ("longest", merged.longest.into()),
        ]))?;
    } else if merged.is_exact() {
        host.write(&format!("{}\n", merged.solutions))?;
    } else {
        host.write(&format!("{}?\n", merged.solutions))?;
    }
    host.flush()?;
    host.warn(&format!(
        "merge: {} parts, {} nodes, {:.3} s in all, the longest part {:.3} s",
        merged.parts, merged.nodes, merged.seconds, merged.longest
    ));
    Ok(Status::failed_if(!merged.is_exact()))
}

/// Says why the parts do not merge (the errors of no input named as the
/// merge's); refused.
fn refuse(e: &MergeError, host: &mut impl Host) -> Status {
    match e {
        MergeError::NoParts | MergeError::Overflow | MergeError::Missing { .. } => {
            host.warn(&format!("merge: {e}"));
        }
        _ => host.warn(&e.to_string()),
    }
    Status::Refused
}
