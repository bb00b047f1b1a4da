//! Text written for people: names that came from someone else's input.

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

#[cfg(test)]
mod tests {
    use super::Printable;

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
