//! Text written for people: names that came from someone else's input,
//! numbers with thousands separators, percentages.

use std::fmt;

/// `text`, shown safely on a terminal: every control character (ESC, BEL,
/// NUL, ... anything that could move the cursor, retitle the window or clear
/// the screen) as the visible `\u{..}`, and past `max` characters cut with
/// `…` (`usize::MAX`: never).
pub(crate) struct Printable<'a> {
    text: &'a str,
    max: usize,
}

impl<'a> Printable<'a> {
    /// All of `text`, its control characters made visible.
    pub(crate) fn new(text: &'a str) -> Printable<'a> {
        Printable {
            text,
            max: usize::MAX,
        }
    }

    /// At most `max` characters of `text`, then `…`.
    pub(crate) fn cut(text: &'a str, max: usize) -> Printable<'a> {
        Printable { text, max }
    }
}

impl fmt::Display for Printable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, c) in self.text.chars().enumerate() {
            if k == self.max {
                return f.write_str("…");
            }
            if c.is_control() {
                write!(f, "\\u{{{:x}}}", u32::from(c))?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// `n` with a comma between each group of three digits: `1,234,567`
/// (tested below).
#[must_use]
pub(crate) fn thousands(n: u64) -> String {
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

/// A fraction from 0 to 1 as a percentage: `3.21%`, or below 0.01% like
/// `2.5e-9%` (tested below).
#[must_use]
pub(crate) fn percent(fraction: f64) -> String {
    let percent = 100.0 * fraction;
    if percent == 0.0 || percent >= 0.01 {
        format!("{percent:.2}%")
    } else {
        format!("{percent:.1e}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn small_fractions_are_written_with_an_exponent() {
        assert_eq!(percent(0.0321), "3.21%");
        assert_eq!(percent(2.5e-11), "2.5e-9%");
        assert_eq!(percent(1.0), "100.00%");
        assert_eq!(percent(0.0), "0.00%");
    }

    #[test]
    fn control_characters_are_shown_and_long_text_is_cut() {
        let hostile = "\u{1b}]0;PWNED\u{7}\u{1b}[2J";
        assert_eq!(
            Printable::new(hostile).to_string(),
            "\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J"
        );
        assert_eq!(Printable::new("r1c2 · ü").to_string(), "r1c2 · ü");
        assert_eq!(Printable::cut("abcdef", 3).to_string(), "abc…");
        assert_eq!(Printable::cut("abc", 3).to_string(), "abc");
    }
}
