//! A fingerprint of a problem (and a selection): FNV-1a of its text, so
//! that the parts of different problems do not merge.

#[allow(clippy::wildcard_imports)]
use super::*;

/// A fingerprint of a problem: FNV-1a (64 bits) of its item line and
/// option lines in Knuth's format (DLX2's with colours), then of the
/// selection if there is one. Written as 16 hexadecimal digits.
///
/// ```
/// use exactcover::scale::Fingerprint;
/// use exactcover::problem::classic::queens;
/// let a = Fingerprint::of(&queens(8));
/// assert_eq!(a, Fingerprint::of(&queens(8)));
/// assert_ne!(a, Fingerprint::of(&queens(9)));
/// assert_eq!(a.to_string().parse::<Fingerprint>(), Ok(a));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fingerprint(u64);

impl Fingerprint {
    /// The fingerprint of `problem`.
    #[must_use]
    pub fn of(problem: &Problem) -> Fingerprint {
        Fingerprint::of_selection(problem, &[])
    }

    /// The fingerprint of `problem` with the options of `selection`
    /// selected first (the same as [`Fingerprint::of`] when there are none).
    #[must_use]
    pub fn of_selection(problem: &Problem, selection: &[usize]) -> Fingerprint {
        let mut hash = Fnv(0xcbf2_9ce4_8422_2325);
        // Items as Knuth's format names them, primary ones after their
        // bounds when they have some (as DLX3 writes them).
        let names = |primary: bool| {
            (0..problem.item_count())
                .filter(move |&i| problem.is_primary(i) == primary)
                .map(|i| match problem.bounds(i) {
                    Some((a, b)) if a == b && b != 1 => format!("{b}|{}", problem.item_label(i)),
                    Some((a, b)) if a != b => format!("{a}:{b}|{}", problem.item_label(i)),
                    _ => problem.item_label(i),
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        hash.add(names(true).as_bytes());
        let secondary = names(false);
        if !secondary.is_empty() {
            hash.add(b" | ");
            hash.add(secondary.as_bytes());
        }
        hash.add(b"\n");
        for option in 0..problem.option_count() {
            hash.add(Labels::option(problem, option).as_bytes());
            hash.add(b"\n");
        }
        if !selection.is_empty() {
            hash.add(b"| selection");
            for option in selection {
                hash.add(format!(" {option}").as_bytes());
            }
            hash.add(b"\n");
        }
        Fingerprint(hash.0)
    }
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl FromStr for Fingerprint {
    type Err = ReportError;

    /// Exactly 16 hexadecimal digits, lower case.
    fn from_str(text: &str) -> Result<Fingerprint, ReportError> {
        let digits =
            text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        match u64::from_str_radix(text, 16) {
            Ok(hash) if digits => Ok(Fingerprint(hash)),
            _ => Err(ReportError::Value {
                field: "problem",
                expected: "a fingerprint of 16 hexadecimal digits",
            }),
        }
    }
}
