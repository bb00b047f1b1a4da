//! Escaping text for XML and HTML.

/// Appends `text` to `out`, escaped for XML and HTML text and for attribute
/// values in either quotes: `&`, `<`, `>`, `"` and `'` become entities. A
/// control character other than tab, line feed and carriage return, which
/// XML 1.0 allows nowhere (not even as a character reference), is written
/// as the visible text `\u{..}` (its code in hexadecimal).
pub(crate) fn escape_into(text: &str, out: &mut String) {
    for ch in text.chars() {
        match ch {
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
}

/// `text` escaped as [`escape_into`] does.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(text, &mut out);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            super::escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
        assert_eq!(super::escape("r1c2=7 · ü"), "r1c2=7 · ü");
        // Control characters, which XML cannot hold, become visible text.
        assert_eq!(
            super::escape("a\u{1}b\u{1b}]0;x\u{7}\0"),
            "a\\u{1}b\\u{1b}]0;x\\u{7}\\u{0}"
        );
        assert_eq!(super::escape("tab\there"), "tab\there");
    }
}
