//! The inputs of a program that reads files, or standard input when none is
//! named and wherever `-` is: each opened as it comes ([`inputs`]), a
//! UTF-8 byte-order mark skipped, with what a reader needs to know of it
//! (its size for a progress bar, whether reading may wait for a writer).

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The UTF-8 byte-order mark some editors write at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One input, open.
pub struct Input {
    /// Its name in messages: the path as given, [`STDIN`] for standard input.
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

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Input")
            .field("name", &self.name)
            .field("size", &self.size)
            .field("may_wait", &self.may_wait)
            .finish_non_exhaustive()
    }
}

/// An input that could not be opened: its name, and why.
///
/// ```
/// use exactcover_cli::util::input::open;
/// let e = open(Some("no/such/file".as_ref())).unwrap_err();
/// assert_eq!(e.name, "no/such/file");
/// assert!(e.to_string().starts_with("no/such/file: cannot read: "));
/// ```
#[derive(Debug)]
pub struct OpenError {
    /// The input's name in messages, as [`Input::name`].
    pub name: String,
    /// Why it could not be opened.
    pub error: io::Error,
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: cannot read: {}", self.name, self.error)
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// The name of standard input in messages (`<stdin>:3: ...`): not `-`,
/// which could be a file's name, and is no name to a reader.
pub const STDIN: &str = "<stdin>";

/// Opens `path`, or standard input for `None` or `-`. A folder is refused
/// at once (reading one fails only later, and not on every system).
///
/// # Errors
/// [`OpenError`] when the file cannot be opened, is a folder, or its first
/// bytes cannot be read.
///
/// ```
/// use std::io::Read;
/// use exactcover_cli::util::input::open;
///
/// let path = std::env::temp_dir().join(format!("bom-{}.txt", std::process::id()));
/// std::fs::write(&path, b"\xEF\xBB\xBFhello\n")?;
/// let mut input = open(Some(&path))?;
/// let mut text = String::new();
/// input.reader.read_to_string(&mut text)?;
/// assert_eq!(text, "hello\n"); // the byte-order mark skipped
/// assert_eq!((input.size, input.may_wait), (9, false));
/// std::fs::remove_file(&path)?;
/// assert!(open(Some(&std::env::temp_dir())).unwrap_err().to_string().ends_with("it is a folder, not a file"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open(path: Option<&Path>) -> Result<Input, OpenError> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        let error = |error| OpenError {
            name: STDIN.to_string(),
            error,
        };
        let (mut reader, may_wait) = stdin().map_err(error)?;
        skip_bom(&mut reader).map_err(error)?;
        return Ok(Input {
            name: STDIN.into(),
            path: None,
            reader,
            size: 0,
            may_wait,
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
        Err(error) => Err(OpenError { name, error }),
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

/// Standard input, and whether reading it may wait for a writer. On Unix
/// a copy of its descriptor is read: `io::Stdin` takes a descriptor that
/// is not open for reading (`EBADF`) for an empty input, and when a program
/// starts with standard input closed, Rust's runtime opens `/dev/null` in
/// its place (read and write, where a shell's `< /dev/null` opens it for
/// reading only), which would read as empty too. Both are refused here: a
/// closed input is not an empty one. (Not locked: a program may hold
/// several inputs at once, and `-` may be named twice.)
#[cfg(unix)]
fn stdin() -> io::Result<(Box<dyn BufRead + Send>, bool)> {
    use std::io::Write;
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let closed = || io::Error::other("standard input is closed");
    let file = io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .map(File::from)
        // EBADF (9 on every Unix): no descriptor 0 at all.
        .map_err(|e| {
            if e.raw_os_error() == Some(9) {
                closed()
            } else {
                e
            }
        })?;
    let metadata = file.metadata()?;
    let put_for_closed = metadata.file_type().is_char_device()
        && std::fs::metadata("/dev/null").is_ok_and(|null| null.rdev() == metadata.rdev())
        && (&file).write(&[]).is_ok();
    if put_for_closed {
        return Err(closed());
    }
    Ok((Box::new(BufReader::new(file)), !metadata.is_file()))
}

/// Standard input, and whether reading it may wait for a writer.
#[cfg(not(unix))]
fn stdin() -> io::Result<(Box<dyn BufRead + Send>, bool)> {
    Ok((Box::new(BufReader::new(io::stdin())), true))
}

/// The inputs of `files` (standard input when there are none), each opened
/// when the iterator comes to it, so that one that cannot be opened is
/// said in its turn.
///
/// ```
/// use std::path::PathBuf;
/// use exactcover_cli::util::input::inputs;
///
/// let files = [PathBuf::from("no/such/file"), PathBuf::from("Cargo.toml")];
/// let names: Vec<String> = inputs(&files)
///     .map(|input| input.map_or_else(|e| e.name, |input| input.name))
///     .collect();
/// assert_eq!(names, ["no/such/file", "Cargo.toml"]);
/// ```
pub fn inputs(files: &[PathBuf]) -> impl Iterator<Item = Result<Input, OpenError>> + '_ {
    let stdin = files.is_empty().then_some(None);
    stdin
        .into_iter()
        .chain(files.iter().map(|path| Some(path.as_path())))
        .map(open)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bom_is_skipped_only_at_the_start() {
        let mut reader = io::Cursor::new(b"\xEF\xBB\xBFa\xEF\xBB\xBF".to_vec());
        skip_bom(&mut reader).expect("in memory");
        let mut rest = Vec::new();
        io::Read::read_to_end(&mut reader, &mut rest).expect("in memory");
        assert_eq!(rest, b"a\xEF\xBB\xBF");
        let mut plain = io::Cursor::new(b"abc".to_vec());
        skip_bom(&mut plain).expect("in memory");
        assert_eq!(plain.position(), 0);
    }

    #[test]
    fn a_missing_file_is_named_in_its_error() {
        let e = open(Some(Path::new("surely/not/here.txt"))).expect_err("missing");
        assert_eq!(e.name, "surely/not/here.txt");
        assert_eq!(e.error.kind(), io::ErrorKind::NotFound);
    }
}
