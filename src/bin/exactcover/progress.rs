//! The progress of a long batch on a terminal: a bar for a large file, a
//! spinner for standard input, on standard error; nothing otherwise.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressStyle};

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
        bar.set_message(status_line(
            &self.label,
            fraction,
            puzzles,
            self.started.elapsed(),
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

/// The columns a character may take on a terminal: one for ASCII and `…`,
/// two for others (some are that wide).
fn width(c: char) -> usize {
    if c.is_ascii() || c == '…' { 1 } else { 2 }
}

/// `text` cut to at most `columns` columns (see [`width`]), ending with `…`
/// when cut.
fn cut(text: &str, columns: usize) -> String {
    if text.chars().map(width).sum::<usize>() <= columns {
        return text.to_string();
    }
    let mut used = 1; // the ellipsis
    let mut kept: String = text
        .chars()
        .take_while(|&c| {
            used += width(c);
            used <= columns
        })
        .collect();
    kept.push('…');
    kept
}

/// The progress line: `NAME [===>    ]  42% 12,345 puzzles 3,456/s eta 5m02s`,
/// without the bar, percentage and time left when the size is unknown. It
/// fits in 79 columns for up to a billion puzzles at a million a second;
/// indicatif also cuts it to the terminal's width.
fn status_line(label: &str, fraction: Option<f64>, puzzles: u64, elapsed: Duration) -> String {
    const BAR: usize = 8;
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        (puzzles as f64 / secs) as u64
    } else {
        0
    };
    let mut line = label.to_string();
    if let Some(fraction) = fraction {
        let fraction = fraction.clamp(0.0, 1.0);
        let done = (fraction * BAR as f64) as usize;
        let arrow = if done < BAR { ">" } else { "" };
        line.push_str(&format!(
            " [{}{arrow}{}] {:>3}%",
            "=".repeat(done),
            " ".repeat(BAR - done - arrow.len()),
            (fraction * 100.0) as u32
        ));
    }
    line.push_str(&format!(
        " {} puzzles {}/s",
        HumanCount(puzzles),
        HumanCount(rate)
    ));
    if let Some(fraction) = fraction.filter(|&f| f > 0.0 && f < 1.0) {
        let left = (secs * (1.0 - fraction) / fraction) as u64;
        line.push_str(&match left {
            0..60 => format!(" eta {left}s"),
            60..3600 => format!(" eta {}m{:02}s", left / 60, left % 60),
            3600..360_000 => format!(" eta {}h{:02}m", left / 3600, left % 3600 / 60),
            _ => " eta >99h".to_string(),
        });
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(text: &str) -> usize {
        text.chars().map(width).sum()
    }

    #[test]
    fn names_are_cut_to_their_columns() {
        assert_eq!(cut("top95.txt", LABEL_COLUMNS), "top95.txt");
        let long = cut(&"a".repeat(200), LABEL_COLUMNS);
        assert!(
            long.ends_with('…') && columns(&long) <= LABEL_COLUMNS,
            "{long}"
        );
        let wide = cut(&"数独".repeat(20), LABEL_COLUMNS);
        assert!(columns(&wide) <= LABEL_COLUMNS, "{wide}");
    }

    /// The progress line counts puzzles, not bytes, and fits in 79 columns
    /// (an 80-column terminal) at its widest.
    #[test]
    fn the_progress_line_counts_puzzles_and_fits() {
        let line = status_line("a.txt", Some(0.5), 3000, Duration::from_secs(2));
        assert_eq!(line, "a.txt [====>   ]  50% 3,000 puzzles 1,500/s eta 2s");
        let widest = status_line(
            &cut(&"n".repeat(300), LABEL_COLUMNS),
            Some(0.0001),
            999_999_999,
            Duration::from_secs(999),
        );
        assert!(
            columns(&widest) <= 79,
            "{} columns: {widest}",
            columns(&widest)
        );
        let spinner = status_line("standard input", None, 12_345, Duration::from_secs(1));
        assert_eq!(spinner, "standard input 12,345 puzzles 12,345/s");
        let done = status_line("a.txt", Some(1.0), 10, Duration::from_secs(1));
        assert_eq!(done, "a.txt [========] 100% 10 puzzles 10/s");
    }
}
