//! Standard output in whole lines: buffered for speed, flushed at every line
//! when a person is watching or on request, so an interrupted run leaves
//! whole lines only. Every error writing it names standard output.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::sync::atomic::{AtomicBool, Ordering};

pub struct Out {
    inner: BufWriter<StdoutLock<'static>>,
    flush_lines: bool,
}

impl Out {
    /// Standard output, flushed at every line when it is a terminal or
    /// `flush_lines` asks for it.
    pub fn new(flush_lines: bool) -> Out {
        let stdout = io::stdout();
        let flush_lines = flush_lines || stdout.is_terminal();
        Out {
            inner: BufWriter::with_capacity(1 << 16, stdout.lock()),
            flush_lines,
        }
    }

    /// Writes `text`, which must end with a line end, in one piece: the
    /// buffer only ever holds whole lines, so it is flushed at line ends.
    pub fn write(&mut self, text: &str) -> io::Result<()> {
        self.inner.write_all(text.as_bytes()).map_err(named)?;
        if self.flush_lines {
            self.flush()?;
        }
        Ok(())
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(named)
    }
}

/// The error `e`, said to be about standard output (its kind kept, so that
/// a closed pipe is still recognised).
pub fn named(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("standard output: {e}"))
}

/// Writes a message to standard error (errors writing it are ignored: there
/// is nowhere left to report them).
pub fn warn(message: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}

/// Set before `main` when standard output was closed at start.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// An error when standard output was closed when the command started
/// (`exactcover solve file >&-`). The Rust runtime opens `/dev/null` in the
/// place of a closed standard descriptor before `main`, so writes would
/// vanish with no error; the check runs earlier, among the program's
/// initialisers (on Linux; elsewhere this never fails).
pub fn check_stdout_open() -> io::Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(named(io::Error::from_raw_os_error(9))); // EBADF
    }
    Ok(())
}

/// Runs before the Rust runtime's initialisation: notes whether descriptor
/// 1 is open (duplicating it fails with EBADF when it is closed).
#[cfg(target_os = "linux")]
extern "C" fn note_closed_stdout() {
    use std::os::fd::AsFd;
    if io::stdout().as_fd().try_clone_to_owned().is_err() {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

// The C runtime calls the functions of `.init_array` before `main`, and so
// before the Rust runtime replaces closed descriptors with /dev/null.
// `note_closed_stdout` only duplicates a descriptor and stores a flag.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;
