//! Standard output in whole lines: buffered for speed, flushed at every line
//! when a person is watching, so an interrupted run leaves whole lines only.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

pub struct Out {
    inner: BufWriter<StdoutLock<'static>>,
    flush_lines: bool,
}

impl Out {
    pub fn new() -> Out {
        let stdout = io::stdout();
        let flush_lines = stdout.is_terminal();
        Out {
            inner: BufWriter::with_capacity(1 << 16, stdout.lock()),
            flush_lines,
        }
    }

    /// Writes `text`, which must end with a line end, in one piece: the
    /// buffer only ever holds whole lines, so it is flushed at line ends.
    pub fn write(&mut self, text: &str) -> io::Result<()> {
        self.inner.write_all(text.as_bytes())?;
        if self.flush_lines {
            self.inner.flush()?;
        }
        Ok(())
    }

    /// Flushes at every line from now on.
    pub fn set_flush_lines(&mut self, flush: bool) {
        self.flush_lines |= flush;
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes a message to standard error (errors writing it are ignored: there
/// is nowhere left to report them).
pub fn warn(message: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}
