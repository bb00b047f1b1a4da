//! Numbers as people type them on a command line: sizes in bytes with K,
//! M, G or T ([`parse_bytes`]), seconds with decimals ([`parse_seconds`]),
//! ranges `LO..HI` ([`parse_range`]), whole numbers ([`parse_whole`]),
//! counts of at least 1 ([`parse_positive`], [`parse_positive_count`]),
//! counts of things in memory ([`parse_count`]) and numbers of threads
//! ([`parse_threads`]).
//! Each error ([`UnitError`]) repeats the text and says what was expected,
//! in words fit for a command's usage message.

use std::fmt;
use std::time::Duration;

/// Why a number could not be read. The messages quote the text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnitError {
    /// Not a size such as `512M`.
    Size(String),
    /// A size past `u64::MAX` bytes.
    SizeTooLarge(String),
    /// Not a number of seconds.
    Seconds(String),
    /// Seconds that are not above 0 (or not a number at all: NaN).
    NotPositive(String),
    /// More seconds than a [`Duration`] holds.
    TooLong(String),
    /// Not `LO..HI`.
    Range(String),
    /// A bound of a range (the first string) that is not a number at
    /// least 0, in the range (the second).
    Bound(String, String),
    /// A range whose LO is above its HI.
    Reversed(String),
    /// Not a whole number.
    Whole(String),
    /// 0 where at least 1 is needed.
    Zero,
    /// A count larger than this machine's memory can index.
    CountTooLarge(String),
    /// More threads than [`MAX_THREADS`].
    Threads,
}

impl fmt::Display for UnitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnitError::Size(s) => write!(f, "'{s}' is not a size such as 512M or 4G"),
            UnitError::SizeTooLarge(s) => write!(f, "'{s}' is more memory than can be counted"),
            UnitError::Seconds(s) => write!(f, "'{s}' is not a number of seconds"),
            UnitError::NotPositive(s) => write!(f, "the timeout must be positive, not {s}"),
            UnitError::TooLong(s) => write!(f, "'{s}' seconds is longer than a timeout can be"),
            UnitError::Range(s) => write!(f, "'{s}' is not a range LO..HI"),
            UnitError::Bound(t, s) => write!(f, "'{t}' in '{s}' is not a number at least 0"),
            UnitError::Reversed(s) => write!(f, "'{s}': LO is above HI"),
            UnitError::Whole(s) => write!(f, "'{s}' is not a whole number (0, 1, 2, ...)"),
            UnitError::Zero => f.write_str("it must be at least 1"),
            UnitError::CountTooLarge(s) => write!(f, "'{s}' is too large"),
            UnitError::Threads => write!(f, "at most {MAX_THREADS} threads (0: all cores)"),
        }
    }
}

impl std::error::Error for UnitError {}

/// A size in bytes: a whole number, optionally followed by K, M, G or T
/// (powers of 1024, either case) and an optional `i` and `B`: `512M`,
/// `4GiB`, `1000`.
///
/// # Errors
///
/// [`UnitError::Size`] for other text, [`UnitError::SizeTooLarge`] past
/// `u64::MAX`.
///
/// ```
/// use exactcover_cli::util::units::parse_bytes;
///
/// assert_eq!(parse_bytes("512M"), Ok(512 << 20));
/// assert_eq!(parse_bytes("4GiB"), Ok(4 << 30));
/// assert!(parse_bytes("4X").is_err());
/// ```
pub fn parse_bytes(s: &str) -> Result<u64, UnitError> {
    let bad = || UnitError::Size(s.to_string());
    let t = s.trim();
    let t = t.strip_suffix(['B', 'b']).unwrap_or(t);
    let t = t.strip_suffix(['i']).unwrap_or(t);
    let (digits, shift) = match t.char_indices().last() {
        Some((at, unit)) if unit.is_ascii_alphabetic() => {
            let shift = match unit.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(bad()),
            };
            (&t[..at], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = digits.parse().map_err(|_| bad())?;
    n.checked_mul(1 << shift)
        .ok_or_else(|| UnitError::SizeTooLarge(s.to_string()))
}

/// A time of `s` seconds, decimals allowed, above 0 (a timeout).
///
/// # Errors
///
/// [`UnitError::Seconds`] for text that is not a number,
/// [`UnitError::NotPositive`] for 0 or less, [`UnitError::TooLong`] past
/// what a [`Duration`] holds.
///
/// ```
/// use std::time::Duration;
/// use exactcover_cli::util::units::parse_seconds;
///
/// assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
/// assert!(parse_seconds("0").is_err());
/// ```
pub fn parse_seconds(s: &str) -> Result<Duration, UnitError> {
    let secs: f64 = s.parse().map_err(|_| UnitError::Seconds(s.to_string()))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err(UnitError::NotPositive(s.to_string()));
    }
    Duration::try_from_secs_f64(secs).map_err(|_| UnitError::TooLong(s.to_string()))
}

/// A range `LO..HI` of numbers at least 0, LO at most HI; a single
/// number `X` is the range `X..X`.
///
/// # Errors
///
/// [`UnitError::Range`] for text that is neither a range nor a number,
/// [`UnitError::Bound`] for a bound
/// that is not a finite number at least 0, [`UnitError::Reversed`] when LO
/// is above HI.
///
/// ```
/// use exactcover_cli::util::units::parse_range;
///
/// assert_eq!(parse_range("1..4.5"), Ok((1.0, 4.5)));
/// assert_eq!(parse_range("5"), Ok((5.0, 5.0)));
/// assert!(parse_range("4..1").is_err());
/// assert!(parse_range("easy").is_err());
/// ```
pub fn parse_range(s: &str) -> Result<(f64, f64), UnitError> {
    let (lo, hi) = match s.split_once("..") {
        Some(bounds) => bounds,
        // One number X: the range X..X.
        None if s.trim().parse::<f64>().is_ok() => (s, s),
        None => return Err(UnitError::Range(s.to_string())),
    };
    let number = |t: &str| {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| UnitError::Bound(t.to_string(), s.to_string()))
    };
    let (lo, hi) = (number(lo)?, number(hi)?);
    if lo > hi {
        return Err(UnitError::Reversed(s.to_string()));
    }
    Ok((lo, hi))
}

/// A whole number (0, 1, 2, ...), spaces around it allowed.
///
/// # Errors
///
/// [`UnitError::Whole`] for anything else.
///
/// ```
/// assert_eq!(exactcover_cli::util::units::parse_whole(" 42 "), Ok(42));
/// ```
pub fn parse_whole(s: &str) -> Result<u64, UnitError> {
    s.trim()
        .parse()
        .map_err(|_| UnitError::Whole(s.to_string()))
}

/// A whole number of at least 1 (a limit, a count of puzzles).
///
/// # Errors
///
/// [`UnitError::Whole`] for text that is not a whole number,
/// [`UnitError::Zero`] for 0.
///
/// ```
/// use exactcover_cli::util::units::{UnitError, parse_positive};
/// assert_eq!(parse_positive("3"), Ok(3));
/// assert_eq!(parse_positive("0"), Err(UnitError::Zero));
/// ```
pub fn parse_positive(s: &str) -> Result<u64, UnitError> {
    match parse_whole(s)? {
        0 => Err(UnitError::Zero),
        n => Ok(n),
    }
}

/// A count of things held in memory (clues, attempts), as a `usize`.
///
/// # Errors
///
/// [`UnitError::Whole`] for text that is not a whole number,
/// [`UnitError::CountTooLarge`] past `usize::MAX`.
///
/// ```
/// assert_eq!(exactcover_cli::util::units::parse_count("17"), Ok(17));
/// ```
pub fn parse_count(s: &str) -> Result<usize, UnitError> {
    usize::try_from(parse_whole(s)?).map_err(|_| UnitError::CountTooLarge(s.to_string()))
}

/// [`parse_count`], at least 1.
///
/// # Errors
///
/// Those of [`parse_count`], and [`UnitError::Zero`] for 0.
///
/// ```
/// use exactcover_cli::util::units::{UnitError, parse_positive_count};
/// assert_eq!(parse_positive_count("100"), Ok(100));
/// assert_eq!(parse_positive_count("0"), Err(UnitError::Zero));
/// ```
pub fn parse_positive_count(s: &str) -> Result<usize, UnitError> {
    usize::try_from(parse_positive(s)?).map_err(|_| UnitError::CountTooLarge(s.to_string()))
}

/// The most threads a number of threads may ask for.
pub const MAX_THREADS: u64 = 1024;

/// A number of threads: 0 (all cores) to [`MAX_THREADS`].
///
/// # Errors
///
/// [`UnitError::Whole`] for text that is not a whole number,
/// [`UnitError::Threads`] past [`MAX_THREADS`].
///
/// ```
/// use exactcover_cli::util::units::{UnitError, parse_threads};
/// assert_eq!(parse_threads("0"), Ok(0));
/// assert_eq!(parse_threads("2000").unwrap_err().to_string(), "at most 1024 threads (0: all cores)");
/// ```
pub fn parse_threads(s: &str) -> Result<u64, UnitError> {
    match parse_whole(s)? {
        n if n > MAX_THREADS => Err(UnitError::Threads),
        n => Ok(n),
    }
}

/// The threads a command's `--jobs N` asks for: `N`, or every core for 0
/// (1 when the cores cannot be told).
///
/// ```
/// assert_eq!(exactcover_cli::util::units::threads(3), 3);
/// assert!(exactcover_cli::util::units::threads(0) >= 1);
/// ```
#[must_use]
pub fn threads(jobs: u64) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => usize::try_from(n).unwrap_or(usize::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_units_of_1024() {
        for (text, bytes) in [
            ("0", 0),
            ("1000", 1000),
            ("1K", 1 << 10),
            ("1k", 1 << 10),
            ("3KB", 3 << 10),
            ("2Mi", 2 << 20),
            ("2MiB", 2 << 20),
            (" 5G ", 5 << 30),
            ("1T", 1 << 40),
        ] {
            assert_eq!(parse_bytes(text), Ok(bytes), "{text}");
        }
        for bad in ["", "M", "1X", "-1", "1.5G", "G1"] {
            assert_eq!(parse_bytes(bad), Err(UnitError::Size(bad.into())), "{bad}");
        }
        let huge = "99999999999T";
        assert_eq!(
            parse_bytes(huge).map_err(|e| e.to_string()),
            Err(format!("'{huge}' is more memory than can be counted"))
        );
    }

    #[test]
    fn seconds_are_positive_and_finite() {
        assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_seconds("x"), Err(UnitError::Seconds("x".into())));
        for bad in ["0", "-1", "NaN"] {
            assert_eq!(parse_seconds(bad), Err(UnitError::NotPositive(bad.into())));
        }
        assert_eq!(
            parse_seconds("1e300"),
            Err(UnitError::TooLong("1e300".into()))
        );
        assert_eq!(
            parse_seconds("-1").map_err(|e| e.to_string()),
            Err("the timeout must be positive, not -1".into())
        );
    }

    #[test]
    fn ranges_are_ordered_and_not_negative() {
        assert_eq!(parse_range(" 0 .. 7 "), Ok((0.0, 7.0)));
        assert_eq!(parse_range("3"), Ok((3.0, 3.0)));
        assert_eq!(parse_range("x"), Err(UnitError::Range("x".into())));
        assert_eq!(
            parse_range("-1..2").map_err(|e| e.to_string()),
            Err("'-1' in '-1..2' is not a number at least 0".into())
        );
        assert_eq!(
            parse_range("1..inf"),
            Err(UnitError::Bound("inf".into(), "1..inf".into()))
        );
        assert_eq!(parse_range("2..1"), Err(UnitError::Reversed("2..1".into())));
    }

    #[test]
    fn counts_and_threads_are_bounded() {
        assert_eq!(parse_positive("x"), Err(UnitError::Whole("x".into())));
        assert_eq!(parse_positive(" 1 "), Ok(1));
        assert_eq!(parse_count("0"), Ok(0));
        assert_eq!(parse_positive_count("0"), Err(UnitError::Zero));
        let past = "18446744073709551616"; // 2^64: not even a u64
        assert_eq!(parse_count(past), Err(UnitError::Whole(past.into())));
        assert_eq!(parse_threads("1024"), Ok(1024));
        assert_eq!(parse_threads("1025"), Err(UnitError::Threads));
        assert_eq!(
            parse_positive("0").map_err(|e| e.to_string()),
            Err("it must be at least 1".into())
        );
    }

    #[test]
    fn whole_numbers_only() {
        assert_eq!(parse_whole("7"), Ok(7));
        assert_eq!(
            parse_whole("-7").map_err(|e| e.to_string()),
            Err("'-7' is not a whole number (0, 1, 2, ...)".into())
        );
    }
}
