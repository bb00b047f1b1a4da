//! `exactcover split` and `merge`; `cover --count` on threads or in parts
//! is `cover`'s. The library's `reply` writes the split's files and adds
//! the parts up; this file reads the arguments and opens the inputs.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use exactcover_cli::reply;

use crate::cover::Shell;
use crate::input;

/// `exactcover split`.
pub fn split(args: &SplitArgs) -> io::Result<ExitCode> {
    let (name, read) = match input::load(args.file.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let mut shell = Shell::new(false, None);
    let (depth, max) = (args.depth, args.max_subproblems);
    let status = reply::split(
        &name,
        &read.problem,
        depth,
        max,
        &args.dir,
        args.json,
        &mut shell,
    )?;
    Ok(ExitCode::from(status.code()))
}

/// `exactcover merge`: the files named (standard input when none is, and
/// for `-`), each opened once the one before it is read.
pub fn merge(args: &MergeArgs) -> io::Result<ExitCode> {
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    let inputs = files.iter().map(|path| {
        if path.as_os_str() == "-" {
            let name = exactcover_cli::util::input::STDIN.to_string();
            let stdin =
                exactcover_cli::util::input::open(None).map_err(|e| (name.clone(), e.error))?;
            return Ok((name, stdin.reader as Box<dyn BufRead>));
        }
        let name = path.display().to_string();
        match File::open(path) {
            Ok(file) => Ok((name, Box::new(BufReader::new(file)) as Box<dyn BufRead>)),
            Err(e) => Err((name, e)),
        }
    });
    let status = reply::merge(inputs, args.json, &mut Shell::new(false, None))?;
    Ok(ExitCode::from(status.code()))
}

#[derive(Args, Debug)]
pub struct SplitArgs {
    /// The depth of the subproblems (the options chosen in each).
    #[arg(long, value_name = "D")]
    pub depth: usize,
    /// The folder the files go to (made if missing).
    #[arg(long, value_name = "DIR", default_value = "split")]
    pub dir: PathBuf,
    /// The most subproblems to write (`--max N`, the spelling of earlier
    /// versions, still works).
    #[arg(
        long = "max-subproblems",
        alias = "max",
        value_name = "N",
        default_value_t = 100_000
    )]
    pub max_subproblems: usize,
    /// One JSON object per file written, a line each: `{"file",
    /// "subproblem", "of", "depth", "path"}` (docs/json.md).
    #[arg(long)]
    pub json: bool,
    pub file: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Files of JSON lines from `cover --count --part K/N --json` (standard
    /// input when there are none, or for `-`).
    pub files: Vec<PathBuf>,
    /// The total as one JSON object: `{"solutions", "complete", "parts",
    /// "unfinished", "nodes", "seconds", "longest"}` (docs/json.md).
    #[arg(long)]
    pub json: bool,
}
