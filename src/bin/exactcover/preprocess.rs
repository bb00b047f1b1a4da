//! `exactcover preprocess`: a problem in Knuth's format reduced as Knuth's
//! DLX-PRE reduces it, written in the same format; and the reduction that
//! `cover --preprocess` searches.

use std::io;
use std::process::ExitCode;

use exactcover::Problem;
use exactcover::knuth;
use exactcover::problem::Reduction;

use std::path::PathBuf;

use crate::input;
use crate::output::{named, warn};
use clap::Args;

/// Writes the reduced problem of `args.file`: a comment saying what went,
/// the item line, then every option left, each followed by the comment
/// `| from N`, `N` its line in the input (from 1).
pub fn run(args: &PreprocessArgs) -> io::Result<ExitCode> {
    let (name, read) = match input::load(args.file.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let reduction = reduce(&name, &read.problem, false);
    let summary = format!("{name}, preprocessed: {}", reduction.summary(&read.problem));
    let note = |k: usize| {
        let line = read.option_lines[reduction.options[k]] + 1;
        Some(format!("from {line}"))
    };
    let out = io::BufWriter::new(io::stdout().lock());
    match knuth::write_noted(&reduction.problem, &[&summary], note, out) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => {
            warn(format_args!("{name}: {e}"));
            Ok(ExitCode::from(2))
        }
        Err(e) => Err(named(e)),
    }
}

/// `problem` reduced; with `verbose`, what went is said on standard error.
/// A problem found to have no solution is said so either way.
pub fn reduce(name: &str, problem: &Problem, verbose: bool) -> Reduction {
    let reduction = problem.preprocess();
    if problem.has_bounds() {
        warn(format_args!(
            "{name}: not preprocessed: DLX-PRE covers each item once, and this problem has \
             multiplicities (items with bounds)"
        ));
    } else if verbose {
        warn(format_args!(
            "{name}: preprocessing {}",
            reduction.summary(problem)
        ));
    }
    if let Some(item) = reduction.infeasible {
        warn(format_args!(
            "{name}: primary item '{}' is in no option that can be in a solution: no solution",
            problem.item_label(item)
        ));
    }
    reduction
}

#[derive(Args, Debug)]
pub struct PreprocessArgs {
    /// The problem (standard input when absent or "-").
    pub file: Option<PathBuf>,
}
