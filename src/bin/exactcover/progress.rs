//! The progress of a long batch on a terminal: a bar for a large file, a
//! spinner for standard input, on standard error; nothing otherwise.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::time::Instant;

use exactcover::util::text::{cut, status_line};
use indicatif::{ProgressBar, ProgressStyle};

/// Inputs of at least this many bytes (about 3,000 puzzles) get a progress
/// bar when standard error is a terminal.
const PROGRESS_BYTES: u64 = 250_000;

/// Standard input gets a spinner once this many puzzles are answered.
const PROGRESS_PUZZLES: u64 = 3_000;

/// The progress bar of a large file, or the spinner of standard input, on
/// standard error when it is a terminal; nothing otherwise.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// The file's name, cut to fit.
    label: String,
    /// The file's size in bytes; 0 for standard input.
    size: u64,
    /// Whether a spinner may start (standard input, not a terminal).
    spinner: bool,
    started: Instant,
}

impl Progress {
    /// The progress of reading `path` (standard input for `None`), of
    /// `size` bytes (0: unknown).
    pub fn new(path: Option<&Path>, size: u64) -> Progress {
        let from_stdin = path.is_none();
        let stderr = io::stderr().is_terminal();
        let label = match path {
            None => "standard input".to_string(),
            Some(path) => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                cut(&name, LABEL_COLUMNS)
            }
        };
        let mut progress = Progress {
            bar: None,
            label,
            size,
            spinner: stderr && from_stdin && !io::stdin().is_terminal(),
            started: Instant::now(),
        };
        if stderr && !from_stdin && size >= PROGRESS_BYTES {
            progress.bar = Some(progress.start("{wide_msg}"));
        }
        progress
    }

    fn start(&self, template: &str) -> ProgressBar {
        let bar = if self.size > 0 {
            ProgressBar::new(self.size)
        } else {
            ProgressBar::new_spinner()
        };
        bar.set_style(
            ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    }

    /// Shows `consumed` bytes read and `puzzles` answered.
    pub fn update(&mut self, consumed: u64, puzzles: u64) {
        if self.bar.is_none() && self.spinner && puzzles >= PROGRESS_PUZZLES {
            self.bar = Some(self.start("{spinner} {wide_msg}"));
        }
        let Some(bar) = &self.bar else {
            return;
        };
        let fraction = (self.size > 0).then(|| consumed as f64 / self.size as f64);
        let elapsed = self.started.elapsed();
        bar.set_message(status_line(
            &self.label,
            fraction,
            puzzles,
            "puzzles",
            elapsed,
        ));
        if self.size > 0 {
            bar.set_position(consumed);
        } else {
            bar.tick();
        }
    }

    /// Runs `f`, which writes answers or messages, with the bar cleared
    /// first and drawn again after: no frame stays among the lines.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Clears the bar.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The most columns a file's name takes in the progress line.
const LABEL_COLUMNS: usize = 20;
