//! The inputs of a command: the files named on the command line, or
//! standard input when none is named and wherever `-` is.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

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
