//! Which keys of an f-puzzles text are read, which are comments or
//! drawings (ignored, with a note), and which are refused: a constraint this
//! crate does not solve, or a key f-puzzles does not write (with the nearest
//! key read, for a typo).

use serde_json::{Map, Value};

use super::{FPuzzlesError, invalid, is_empty};

/// Keys read as comments.
const COMMENTS: [&str; 6] = [
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
];

/// Keys of an f-puzzles export that draw on the grid or set up the editor
/// but constrain nothing in f-puzzles itself: ignored, each with a note
/// ([`FPuzzle::ignored`](super::FPuzzle::ignored)). A `cage` showing a value is not among them: its
/// value may be a killer sum.
const COSMETIC: [&str; 6] = [
    "text",
    "line",
    "circle",
    "rectangle",
    "cage",
    "highlightConflicts",
];

/// The keys read as constraints.
const CONSTRAINTS: [&str; 8] = [
    "size",
    "grid",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "killercage",
    "extraregion",
];

/// Constraints of f-puzzles that this crate does not solve: refused as
/// [`FPuzzlesError::Unsupported`]. Any other key is unknown to f-puzzles
/// too ([`FPuzzlesError::Unknown`], with the nearest name read when it is
/// a likely typo).
const UNSUPPORTED: [&str; 21] = [
    "arrow",
    "betweenline",
    "clock",
    "clone",
    "difference",
    "disjointgroups",
    "even",
    "littlekillersum",
    "maximum",
    "minimum",
    "negative",
    "nonconsecutive",
    "odd",
    "palindrome",
    "quadruple",
    "ratio",
    "renban",
    "sandwichsum",
    "thermometer",
    "whispers",
    "xv",
];

/// Checks the keys of the top object; returns the cosmetic ones, ignored.
pub(super) fn check_keys(top: &Map<String, Value>) -> Result<Vec<String>, FPuzzlesError> {
    let mut ignored = Vec::new();
    for (key, value) in top {
        let key = key.as_str();
        if CONSTRAINTS.contains(&key) || COMMENTS.contains(&key) || is_empty(value) {
            continue;
        }
        if key == "cage" {
            check_cosmetic_cages(value)?;
        }
        if COSMETIC.contains(&key) {
            ignored.push(key.to_string());
        } else if UNSUPPORTED.contains(&key) {
            return Err(FPuzzlesError::Unsupported { key: key.into() });
        } else {
            return Err(FPuzzlesError::Unknown {
                key: key.into(),
                suggestion: nearest(key),
            });
        }
    }
    Ok(ignored)
}

/// Refuses a cosmetic `cage` that shows a value: it may be a killer sum.
fn check_cosmetic_cages(cages: &Value) -> Result<(), FPuzzlesError> {
    for (k, cage) in cages
        .as_array()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .enumerate()
    {
        if let Some(value) = cage.get("value").filter(|v| !is_empty(v)) {
            return Err(invalid(
                format!("cage[{k}].value"),
                format!(
                    "a cage that shows {value} may be a killer cage: write it as \"killercage\" \
                     (or take the value away)"
                ),
            ));
        }
    }
    Ok(())
}

/// The key read that `key` most resembles, when it is a likely typo: the
/// same but for case, or at most two edits away (one for short keys).
fn nearest(key: &str) -> Option<&'static str> {
    let lower = key.to_lowercase();
    let names = CONSTRAINTS.iter().chain(&COMMENTS).chain(&COSMETIC);
    names
        .map(|&name| (edits(&lower, &name.to_lowercase()), name))
        .filter(|&(d, name)| d <= if name.len() < 6 { 1 } else { 2 })
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// The edit distance of `a` and `b` (insertions, deletions, replacements),
/// for short names.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_are_near_the_keys_read() {
        assert_eq!(nearest("killercages"), Some("killercage"));
        assert_eq!(nearest("KillerCage"), Some("killercage"));
        assert_eq!(nearest("antiknigt"), Some("antiknight"));
        assert_eq!(nearest("sizes"), Some("size"));
        assert_eq!(nearest("fog"), None);
        assert_eq!(nearest("thermo"), None);
        assert_eq!(edits("kitten", "sitting"), 3);
    }
}
