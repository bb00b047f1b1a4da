//! The problem in Knuth's format of `cover`, `split` and `preprocess`
//! ([`load`]). (The puzzle commands open their inputs with the library's
//! `util::input`.)

use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::process::ExitCode;

use exactcover::knuth::{self, KnuthError, KnuthErrorKind, KnuthProblem};

use crate::output::warn;
use crate::signals;

/// Reads the problem of `file` (standard input for `None` or `-`), with its
/// warnings written; on bad input, the message written and the exit code.
pub fn load(file: Option<&Path>) -> Result<(String, KnuthProblem), ExitCode> {
    let name = match file {
        Some(path) if path.as_os_str() != "-" => path.display().to_string(),
        _ => exactcover_cli::util::input::STDIN.to_string(),
    };
    let read = match file {
        Some(path) if path.as_os_str() != "-" => match File::open(path) {
            Ok(file) => knuth::read(BufReader::new(file)),
            Err(e) => {
                warn(format_args!("{name}: cannot read: {e}"));
                return Err(ExitCode::from(2));
            }
        },
        _ => {
            // A signal while waiting for the problem ends the command.
            let _reading = signals::Reading::start();
            match exactcover_cli::util::input::open(None) {
                Ok(input) => knuth::read(input.reader),
                Err(e) => {
                    warn(format_args!("{e}"));
                    return Err(ExitCode::from(2));
                }
            }
        }
    };
    let read: KnuthProblem = match read {
        Ok(read) => read,
        // An input that cannot be read (a folder, a device error) has no
        // line to blame.
        Err(KnuthError {
            kind: KnuthErrorKind::Io(why),
            ..
        }) => {
            warn(format_args!("{name}: cannot read: {why}"));
            return Err(ExitCode::from(2));
        }
        Err(e) if e.line.is_some() => {
            warn(format_args!("{name}:{e}"));
            return Err(ExitCode::from(2));
        }
        Err(e) => {
            warn(format_args!("{name}: {e}"));
            return Err(ExitCode::from(2));
        }
    };
    for (line, warning) in read.warnings() {
        warn(format_args!("{name}:{line}: warning: {warning}"));
    }
    Ok((name, read))
}
