//! The inputs of a command: the files named on the command line, or
//! standard input when none is named and wherever `-` is.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// One input, open.
pub struct Input {
    /// Its name in messages: the path as given, `-` for standard input.
    pub name: String,
    /// Its path; `None` for standard input.
    pub path: Option<PathBuf>,
    /// Its bytes.
    pub reader: Box<dyn BufRead>,
    /// Its size in bytes when known (a file's), else 0.
    pub size: u64,
}

/// Opens `path`, or standard input for `None` or `-`; on failure, the name
/// for the message and the error.
pub fn open(path: Option<&Path>) -> Result<Input, (String, io::Error)> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        // Not locked: a command may hold several inputs at once, and `-`
        // may be named twice.
        return Ok(Input {
            name: "-".into(),
            path: None,
            reader: Box::new(BufReader::new(io::stdin())),
            size: 0,
        });
    };
    let name = path.display().to_string();
    match File::open(path) {
        Ok(file) => Ok(Input {
            size: file.metadata().map_or(0, |m| m.len()),
            name,
            path: Some(path.to_path_buf()),
            reader: Box::new(BufReader::new(file)),
        }),
        Err(e) => Err((name, e)),
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
