//! The inputs of a command: the files named on the command line, or
//! standard input when none is named and wherever `-` is; and the problem
//! in Knuth's format of `cover`, `split` and `preprocess` ([`load`]).

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use exactcover::knuth::{self, KnuthError, KnuthErrorKind, KnuthProblem};

use crate::output::warn;
use crate::signals;

/// The UTF-8 byte-order mark some editors write at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One input, open.
pub struct Input {
    /// Its name in messages: the path as given, `-` for standard input.
    pub name: String,
    /// Its path; `None` for standard input.
    pub path: Option<PathBuf>,
    /// Its bytes, a byte-order mark at the start skipped.
    pub reader: Box<dyn BufRead + Send>,
    /// Its size in bytes when known (a file's), else 0.
    pub size: u64,
    /// Whether reading it may wait for a writer (a pipe, a terminal, a
    /// socket: anything but a regular file).
    pub may_wait: bool,
}

/// Opens `path`, or standard input for `None` or `-`; on failure, the name
/// for the message and the error. A folder is refused at once (reading one
/// fails only later, and not on every system).
pub fn open(path: Option<&Path>) -> Result<Input, (String, io::Error)> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        // Not locked: a command may hold several inputs at once, and `-`
        // may be named twice.
        let mut reader = BufReader::new(io::stdin());
        skip_bom(&mut reader).map_err(|e| ("-".to_string(), e))?;
        return Ok(Input {
            name: "-".into(),
            path: None,
            reader: Box::new(reader),
            size: 0,
            may_wait: !stdin_is_file(),
        });
    };
    let name = path.display().to_string();
    let opened = File::open(path).and_then(|file| {
        let metadata = file.metadata()?;
        if metadata.is_dir() {
            return Err(io::Error::other("it is a folder, not a file"));
        }
        let mut reader = BufReader::new(file);
        skip_bom(&mut reader)?;
        Ok((reader, metadata))
    });
    match opened {
        Ok((reader, metadata)) => Ok(Input {
            size: if metadata.is_file() {
                metadata.len()
            } else {
                0
            },
            may_wait: !metadata.is_file(),
            name,
            path: Some(path.to_path_buf()),
            reader: Box::new(reader),
        }),
        Err(e) => Err((name, e)),
    }
}

/// Skips a byte-order mark at the start of `reader`.
fn skip_bom(reader: &mut impl BufRead) -> io::Result<()> {
    loop {
        match reader.fill_buf() {
            Ok(bytes) => {
                if bytes.starts_with(BOM) {
                    reader.consume(BOM.len());
                }
                return Ok(());
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Whether standard input is a regular file (`< file`), which never makes
/// a reader wait.
fn stdin_is_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|file| file.metadata())
            .is_ok_and(|m| m.is_file())
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// The inputs of `files` (standard input when there are none), each opened
/// when the iterator comes to it.
pub fn inputs(files: &[PathBuf]) -> impl Iterator<Item = Result<Input, (String, io::Error)>> + '_ {
    let stdin = files.is_empty().then_some(None);
    stdin
        .into_iter()
        .chain(files.iter().map(|path| Some(path.as_path())))
        .map(open)
}

/// Reads the problem of `file` (standard input for `None` or `-`), with its
/// warnings written; on bad input, the message written and the exit code.
pub fn load(file: Option<&Path>) -> Result<(String, KnuthProblem), ExitCode> {
    let name = match file {
        Some(path) if path.as_os_str() != "-" => path.display().to_string(),
        _ => "-".to_string(),
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
            knuth::read(io::stdin().lock())
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
