//! Text written for people at a terminal: numbers with thousands
//! separators, names cut to a terminal's columns, and the status line of a
//! batch's input ([`InputStatus`]).

use std::time::Duration;

/// The columns a character may take on a terminal: one for ASCII and `…`,
/// two for others (some are that wide).
#[must_use]
pub fn width(c: char) -> usize {
    if c.is_ascii() || c == '…' { 1 } else { 2 }
}

/// `text` cut to at most `columns` columns (see [`width`]), ending with `…`
/// when cut.
///
/// ```
/// use exactcover_cli::util::text::cut;
///
/// assert_eq!(cut("top95.txt", 20), "top95.txt");
/// assert_eq!(cut("abcdefgh", 5), "abcd…");
/// ```
#[must_use]
pub fn cut(text: &str, columns: usize) -> String {
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

/// `n` with a comma between each group of three digits: `1,234,567`.
///
/// ```
/// assert_eq!(exactcover_cli::util::text::thousands(1_234_567), "1,234,567");
/// ```
#[must_use]
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            text.push(',');
        }
        text.push(c);
    }
    text
}

/// The line of a progress bar: `NAME [===>    ]  42% 12,345 puzzles
/// 3,456/s eta 5m02s` for `done` things called `noun`, without the bar,
/// percentage and time left when `fraction` (of the input read) is unknown.
/// It fits in 79 columns for up to a billion things at a million a second
/// when `label` is cut to 20 columns.
///
/// ```
/// use std::time::Duration;
/// use exactcover_cli::util::text::status_line;
///
/// let line = status_line("a.txt", Some(0.5), 3000, "puzzles", Duration::from_secs(2));
/// assert_eq!(line, "a.txt [====>   ]  50% 3,000 puzzles 1,500/s eta 2s");
/// ```
#[must_use]
pub fn status_line(
    label: &str,
    fraction: Option<f64>,
    done: u64,
    noun: &str,
    elapsed: Duration,
) -> String {
    const BAR: usize = 8;
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        (done as f64 / secs) as u64
    } else {
        0
    };
    let mut line = label.to_string();
    if let Some(fraction) = fraction {
        let fraction = fraction.clamp(0.0, 1.0);
        let filled = (fraction * BAR as f64) as usize;
        let arrow = if filled < BAR { ">" } else { "" };
        line.push_str(&format!(
            " [{}{arrow}{}] {:>3}%",
            "=".repeat(filled),
            " ".repeat(BAR - filled - arrow.len()),
            (fraction * 100.0) as u32
        ));
    }
    line.push_str(&format!(
        " {} {noun} {}/s",
        thousands(done),
        thousands(rate)
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

/// Inputs of at least this many bytes (about 3,000 puzzles) show their
/// progress from the start ([`InputStatus::shown_at_start`]).
pub const PROGRESS_BYTES: u64 = 250_000;

/// Standard input shows its progress once this many items are done
/// ([`InputStatus::shown_after`]).
pub const PROGRESS_ITEMS: u64 = 3_000;

/// The most columns an input's name takes in its status line.
pub const LABEL_COLUMNS: usize = 20;

/// What the status line of one input being read says ([`status_line`]),
/// and when a long batch shows it: a large file from the start, standard
/// input once many items are done (its size is unknown). Drawing it (on
/// a terminal) is the caller's.
///
/// ```
/// use std::path::Path;
/// use std::time::Duration;
/// use exactcover_cli::util::text::InputStatus;
///
/// let file = InputStatus::new(Some(Path::new("sets/hardest-puzzles-of-2024.txt")), 1_000_000);
/// assert!(file.shown_at_start());
/// let second = Duration::from_secs(1);
/// assert_eq!(file.line(250_000, 3000, second), "hardest-puzzles-of-… [==>     ]  25% 3,000 puzzles 3,000/s eta 3s");
/// let stdin = InputStatus::new(None, 0);
/// assert!(!stdin.shown_at_start() && !stdin.shown_after(2999) && stdin.shown_after(3000));
/// assert_eq!(stdin.line(0, 3000, second), "standard input 3,000 puzzles 3,000/s");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputStatus {
    /// The input's name, cut to fit.
    label: String,
    /// Its size in bytes; 0 when unknown.
    size: u64,
    /// Whether it is standard input.
    stdin: bool,
}

impl InputStatus {
    /// The status of reading `path` (standard input for `None`), of `size`
    /// bytes (0: unknown), named by its file name cut to
    /// [`LABEL_COLUMNS`].
    #[must_use]
    pub fn new(path: Option<&std::path::Path>, size: u64) -> InputStatus {
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
        InputStatus {
            label,
            size,
            stdin: path.is_none(),
        }
    }

    /// Whether the input's size is known (a file's), so that a bar can
    /// show the fraction read.
    #[must_use]
    pub fn sized(&self) -> bool {
        self.size > 0
    }

    /// Whether the status shows from the start: a file of at least
    /// [`PROGRESS_BYTES`].
    #[must_use]
    pub fn shown_at_start(&self) -> bool {
        !self.stdin && self.size >= PROGRESS_BYTES
    }

    /// Whether the status of standard input shows once `done` items are
    /// done: from [`PROGRESS_ITEMS`].
    #[must_use]
    pub fn shown_after(&self, done: u64) -> bool {
        self.stdin && done >= PROGRESS_ITEMS
    }

    /// The line once `consumed` bytes are read and `done` puzzles
    /// answered, `elapsed` after the start.
    #[must_use]
    pub fn line(&self, consumed: u64, done: u64, elapsed: Duration) -> String {
        let fraction = self.sized().then(|| consumed as f64 / self.size as f64);
        status_line(&self.label, fraction, done, "puzzles", elapsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(text: &str) -> usize {
        text.chars().map(width).sum()
    }

    #[test]
    fn names_are_cut_to_their_columns() {
        assert_eq!(cut("top95.txt", 20), "top95.txt");
        let long = cut(&"a".repeat(200), 20);
        assert!(long.ends_with('…') && columns(&long) <= 20, "{long}");
        let wide = cut(&"数独".repeat(20), 20);
        assert!(columns(&wide) <= 20, "{wide}");
    }

    #[test]
    fn thousands_are_separated_as_indicatif_does() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (123_456, "123,456"),
            (1_234_567, "1,234,567"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ] {
            assert_eq!(thousands(n), text);
        }
    }

    /// The progress line counts things, not bytes, and fits in 79 columns
    /// (an 80-column terminal) at its widest.
    #[test]
    fn the_progress_line_counts_and_fits() {
        let line = status_line("a.txt", Some(0.5), 3000, "puzzles", Duration::from_secs(2));
        assert_eq!(line, "a.txt [====>   ]  50% 3,000 puzzles 1,500/s eta 2s");
        let widest = status_line(
            &cut(&"n".repeat(300), 20),
            Some(0.0001),
            999_999_999,
            "puzzles",
            Duration::from_secs(999),
        );
        assert!(
            columns(&widest) <= 79,
            "{} columns: {widest}",
            columns(&widest)
        );
        let spinner = status_line(
            "standard input",
            None,
            12_345,
            "puzzles",
            Duration::from_secs(1),
        );
        assert_eq!(spinner, "standard input 12,345 puzzles 12,345/s");
        let done = status_line("a.txt", Some(1.0), 10, "puzzles", Duration::from_secs(1));
        assert_eq!(done, "a.txt [========] 100% 10 puzzles 10/s");
    }
}
