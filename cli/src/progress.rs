//! The progress of a long batch on a terminal: a bar for a large file, a
//! spinner for standard input, on standard error; nothing otherwise. What
//! it says and when is `exactcover_cli::util::text::InputStatus`.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::time::Instant;

use exactcover_cli::util::text::InputStatus;
use indicatif::{ProgressBar, ProgressStyle};

/// The progress bar of a large file, or the spinner of standard input, on
/// standard error when it is a terminal; nothing otherwise.
pub struct Progress {
    bar: Option<ProgressBar>,
    status: InputStatus,
    /// Whether a spinner may start (standard input, not a terminal).
    spinner: bool,
    started: Instant,
}

impl Progress {
    /// The progress of reading `path` (standard input for `None`), of
    /// `size` bytes (0: unknown).
    pub fn new(path: Option<&Path>, size: u64) -> Progress {
        let stderr = io::stderr().is_terminal();
        let mut progress = Progress {
            bar: None,
            status: InputStatus::new(path, size),
            spinner: stderr && path.is_none() && !io::stdin().is_terminal(),
            started: Instant::now(),
        };
        if stderr && progress.status.shown_at_start() {
            progress.bar = Some(progress.start("{wide_msg}", size));
        }
        progress
    }

    fn start(&self, template: &str, size: u64) -> ProgressBar {
        let bar = if size > 0 {
            ProgressBar::new(size)
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
        if self.bar.is_none() && self.spinner && self.status.shown_after(puzzles) {
            self.bar = Some(self.start("{spinner} {wide_msg}", 0));
        }
        let Some(bar) = &self.bar else {
            return;
        };
        bar.set_message(self.status.line(consumed, puzzles, self.started.elapsed()));
        if self.status.sized() {
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
