//! `exactcover split` ([`split`]): a problem's subproblems at one depth,
//! each written to a folder as a problem of its own in Knuth's format.

use std::io;
use std::path::Path;

use super::{Host, Status};
use crate::manifest::{Manifest, file_comments, write_whole};
use exactcover::Problem;
use exactcover::knuth;
use exactcover::scale::{Fingerprint, Subproblem};

/// Writes the subproblems of `problem` (read from the input `name`) at
/// `depth`, at most `max` of them, as files in `dir` (made if missing),
/// claimed by a manifest for this split only ([`Manifest::claim`]): each
/// file's path written on a line (with `json`, an object:
/// `{"file", "subproblem", "of", "depth", "path"}`), then a summary said. Every file is
/// written whole, and all of them even when the host cannot write the
/// paths (its error is returned once they are). More than `max`
/// subproblems, a folder of another split or a file that cannot be
/// written are said so, and refused.
///
/// # Errors
/// The host's, writing the paths.
///
/// ```
/// use exactcover::problem::classic::queens;
/// use exactcover_cli::reply::{self, Status, Transcript};
///
/// let dir = std::env::temp_dir().join(format!("exactcover-doc-split-{}", std::process::id()));
/// let mut host = Transcript::default();
/// let status = reply::split("queens4", &queens(4), 1, 100, &dir, false, &mut host)?;
/// assert_eq!(status, Status::Answered);
/// assert_eq!(host.output.lines().count(), 4);
/// assert!(host.messages[0].starts_with("queens4: 4 subproblems at depth 1 written to"));
/// let first = std::fs::read_to_string(dir.join("sub-000000.dlx"))?;
/// assert!(first.starts_with("| subproblem 1 of 4 of queens4, depth 1\n"));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn split(
    name: &str,
    problem: &Problem,
    depth: usize,
    max: usize,
    dir: &Path,
    json: bool,
    host: &mut impl Host,
) -> io::Result<Status> {
    // The arena comes from the problem's size: a failure to allocate it
    // is an error said, never an abort.
    let Some(mut solver) = super::cover::new_solver(problem, name, host) else {
        return Ok(Status::Refused);
    };
    let subs = match solver.subproblems(depth, max) {
        Ok(subs) => subs,
        Err(e) => {
            host.warn(&format!(
                "{name}: {e}: ask for a smaller --depth or a larger --max-subproblems"
            ));
            return Ok(Status::Refused);
        }
    };
    let manifest = Manifest::new(Fingerprint::of(problem), depth, subs.len());
    if let Err(e) = manifest.claim(dir) {
        host.warn(&e.to_string());
        return Ok(Status::Refused);
    }
    // The files are the product: all are written even when the paths
    // cannot be; that error is returned once they are.
    let mut printing: io::Result<()> = Ok(());
    for (i, sub) in subs.iter().enumerate() {
        let path = dir.join(Manifest::sub_file(i));
        let text = sub_file(problem, sub, (i, subs.len()), name, depth);
        if let Err(e) = text.and_then(|text| write_whole(&path, &text)) {
            host.warn(&format!("{}: cannot write: {e}", path.display()));
            return Ok(Status::Refused);
        }
        if printing.is_ok() {
            let line = if json {
                crate::util::json::line(&[
                    ("file", path.display().to_string().into()),
                    ("subproblem", (i + 1).into()),
                    ("of", subs.len().into()),
                    ("depth", depth.into()),
                    ("path", sub.to_string().into()),
                ])
            } else {
                format!("{}\n", path.display())
            };
            printing = host.write(&line);
        }
    }
    if printing.is_ok() {
        printing = host.flush();
    }
    host.warn(&format!(
        "{name}: {} subproblems at depth {depth} written to {}",
        subs.len(),
        dir.display()
    ));
    printing.map(|()| Status::Answered)
}

/// Subproblem `sub`, number `i` of `of` (from 0) of the split at `depth`
/// of the problem `name`, as a file in Knuth's format: two comments that
/// say which it is, then the problem left once its path is chosen.
fn sub_file(
    problem: &Problem,
    sub: &Subproblem,
    (i, of): (usize, usize),
    name: &str,
    depth: usize,
) -> io::Result<Vec<u8>> {
    let comments = file_comments(sub, i, of, name, depth);
    let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
    let mut text = Vec::new();
    knuth::write(&sub.residual(problem, &[]), &comments, &mut text)?;
    Ok(text)
}
