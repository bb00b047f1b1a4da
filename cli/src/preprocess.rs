//! `exactcover preprocess`: a problem in Knuth's format reduced as Knuth's
//! DLX-PRE reduces it, written in the same format (the library's
//! `reply::preprocess`).

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use exactcover_cli::reply;

use crate::cover::Shell;
use crate::input;

/// Writes the reduced problem of `args.file`: a comment saying what went,
/// the item line, then every option left, each followed by the comment
/// `| from N`, `N` its line in the input (from 1).
pub fn run(args: &PreprocessArgs) -> io::Result<ExitCode> {
    let (name, read) = match input::load(args.file.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let status = reply::preprocess(&name, &read, &mut Shell::new(false, None))?;
    Ok(ExitCode::from(status.code()))
}

#[derive(Args, Debug)]
pub struct PreprocessArgs {
    /// The problem (standard input when absent or "-").
    pub file: Option<PathBuf>,
}
