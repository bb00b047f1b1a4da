//! The reports of the parts of a count, and their merge.
//!
//! * [`PartReport`]: what one part of a count found, written and read as
//!   one line of JSON (the line `exactcover cover --count --part K/N
//!   --json` prints). Its fields are listed once, in [`PartReport::FIELDS`]
//!   order; reading refuses a field missing, repeated or unknown, and
//!   fields that disagree.
//! * [`Fingerprint`]: a fingerprint of a problem (and a selection), so that
//!   parts of different problems do not merge.
//! * [`Merge`] adds parts up, refusing a missing, repeated or overlapping
//!   part and parts of another count ([`MergeError`]); parts that did not
//!   finish make the total a lower bound ([`Merged`]).
//!
//! ```
//! use exactcover::scale::{Counter, Merge, Part, Position};
//! let problem = exactcover::problem::classic::queens(8);
//! let mut merge = Merge::new();
//! for k in 0..3 {
//!     let counter = Counter::new(&problem).with_part(Part::new(k, 3)?);
//!     let line = counter.report(&counter.count()).to_json();
//!     merge.add(line.parse()?, Position::new("parts", k + 1))?;
//! }
//! let merged = merge.finish()?;
//! assert_eq!((merged.solutions, merged.is_exact()), (92, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::io::{self, BufRead, Read};
use std::str::FromStr;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::{Map, Value};

use crate::engine::{Interruption, MemoCount, SearchEnd};
use crate::problem::{Labels, Problem};
use crate::scale::counter::PartCount;
use crate::scale::split::{Part, Subproblem};

/// The longest line [`Merge::read`] accepts, in bytes (128 MiB: a part of
/// a split of a million subproblems lists them all in its line).
pub const MAX_REPORT_LINE: usize = 1 << 27;

/// The most seconds a report may say a part took (about 317 years).
const MAX_SECONDS: f64 = 1e10;

/// How many missing parts [`MergeError::Missing`] names.
const MISSING_SHOWN: usize = 10;

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

/// What one part of a count found, as `cover --count --part K/N --json`
/// writes it: one line of JSON with the fields of [`PartReport::FIELDS`].
///
/// ```
/// use exactcover::scale::{Counter, Part, PartReport};
/// let problem = exactcover::problem::classic::queens(6);
/// let counter = Counter::new(&problem).with_part(Part::new(0, 2)?);
/// let report = counter.report(&counter.count());
/// let line = report.to_json();
/// assert_eq!(line.parse::<PartReport>()?, report);
/// assert!("{\"k\": 0}".parse::<PartReport>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PartReport {
    /// The part (`part`, `k` and `n` in the JSON).
    pub part: Part,
    /// The fingerprint of the problem (`problem`).
    pub problem: Fingerprint,
    /// The number of subproblems the split was asked for (`at_least`).
    pub at_least: usize,
    /// The number of subproblems of the whole split (`split`; 0 when the
    /// budget ran out while splitting).
    pub split: usize,
    /// The solutions of the part (`solutions`): exact past 2^64 (a memo
    /// count's may be), written as a JSON number up to `u64::MAX` and as a
    /// string of decimal digits past it (JSON readers commonly keep only 53
    /// or 64 bits of a number).
    pub solutions: u128,
    /// How its count ended (`end`: `exhausted`, `limit`, `stopped` or
    /// `interrupted: ` and the reason).
    pub end: SearchEnd,
    /// The options tried, the split's included (`nodes`).
    pub nodes: u64,
    /// The link updates (`updates`).
    pub updates: u64,
    /// The deepest level (`max_depth`).
    pub max_depth: usize,
    /// Wall-clock seconds (`seconds`).
    pub seconds: f64,
    /// The part's subproblems, in split order (`paths`).
    pub paths: Vec<Subproblem>,
}

/// One field of the JSON line: its name, how it is written, and how it is
/// read into a [`Draft`].
struct Field {
    name: &'static str,
    write: fn(&PartReport) -> Value,
    read: fn(&mut Draft, &Value) -> Option<()>,
    /// What a value must be, for the message when `read` refuses it.
    expected: &'static str,
}

/// A report being read: `k`, `n` and `part` come apart.
struct Draft {
    report: PartReport,
    k: usize,
    n: usize,
    part: String,
}

fn whole(v: &Value) -> Option<u64> {
    v.as_u64()
}

/// A count: a whole number, or a string of decimal digits (past
/// `u64::MAX`).
fn count(v: &Value) -> Option<u128> {
    match v {
        Value::String(digits) if digits.bytes().all(|b| b.is_ascii_digit()) => digits.parse().ok(),
        _ => v.as_u64().map(u128::from),
    }
}

/// A count as the report writes it (see [`PartReport::solutions`]).
fn count_value(n: u128) -> Value {
    match u64::try_from(n) {
        Ok(small) => small.into(),
        Err(_) => n.to_string().into(),
    }
}

fn size(v: &Value) -> Option<usize> {
    v.as_u64().and_then(|n| usize::try_from(n).ok())
}

const WHOLE: &str = "a whole number";

impl PartReport {
    /// The fields of the JSON line, in the order written (alphabetical):
    /// `at_least`, `end`, `k`, `max_depth`, `n`, `nodes`, `part`, `paths`,
    /// `problem`, `seconds`, `solutions`, `split`, `updates`.
    pub const FIELDS: [&'static str; 13] = [
        "at_least",
        "end",
        "k",
        "max_depth",
        "n",
        "nodes",
        "part",
        "paths",
        "problem",
        "seconds",
        "solutions",
        "split",
        "updates",
    ];

    /// Every field, written once: [`PartReport::FIELDS`] is their names.
    const TABLE: [Field; 13] = [
        Field {
            name: "at_least",
            write: |r| r.at_least.into(),
            read: |d, v| {
                d.report.at_least = size(v).filter(|&n| n >= 1)?;
                Some(())
            },
            expected: "a whole number from 1",
        },
        Field {
            name: "end",
            write: |r| end_text(r.end).into(),
            read: |d, v| {
                d.report.end = end_of(v.as_str()?)?;
                Some(())
            },
            expected: "exhausted, limit, stopped or interrupted: WHY",
        },
        Field {
            name: "k",
            write: |r| r.part.k().into(),
            read: |d, v| {
                d.k = size(v)?;
                Some(())
            },
            expected: WHOLE,
        },
        Field {
            name: "max_depth",
            write: |r| r.max_depth.into(),
            read: |d, v| {
                d.report.max_depth = size(v)?;
                Some(())
            },
            expected: WHOLE,
        },
        Field {
            name: "n",
            write: |r| r.part.n().into(),
            read: |d, v| {
                d.n = size(v)?;
                Some(())
            },
            expected: WHOLE,
        },
        Field {
            name: "nodes",
            write: |r| r.nodes.into(),
            read: |d, v| {
                d.report.nodes = whole(v)?;
                Some(())
            },
            expected: WHOLE,
        },
        Field {
            name: "part",
            write: |r| r.part.to_string().into(),
            read: |d, v| {
                d.part = v.as_str()?.chars().take(40).collect();
                Some(())
            },
            expected: "a text",
        },
        Field {
            name: "paths",
            write: |r| r.paths.iter().map(ToString::to_string).collect(),
            read: |d, v| {
                let paths = v.as_array()?.iter().map(|p| p.as_str()?.parse().ok());
                d.report.paths = paths.collect::<Option<_>>()?;
                Some(())
            },
            expected: "a list of subproblems (k/d,...=options)",
        },
        Field {
            name: "problem",
            write: |r| r.problem.to_string().into(),
            read: |d, v| {
                d.report.problem = v.as_str()?.parse().ok()?;
                Some(())
            },
            expected: "a fingerprint of 16 hexadecimal digits",
        },
        Field {
            name: "seconds",
            write: |r| r.seconds.into(),
            read: |d, v| {
                d.report.seconds = v.as_f64().filter(|s| (0.0..=MAX_SECONDS).contains(s))?;
                Some(())
            },
            expected: "a number of seconds from 0 to 1e10",
        },
        Field {
            name: "solutions",
            write: |r| count_value(r.solutions),
            read: |d, v| {
                d.report.solutions = count(v)?;
                Some(())
            },
            expected: "a whole number (past 2^64 - 1, a string of its digits)",
        },
        Field {
            name: "split",
            write: |r| r.split.into(),
            read: |d, v| {
                d.report.split = size(v)?;
                Some(())
            },
            expected: WHOLE,
        },
        Field {
            name: "updates",
            write: |r| r.updates.into(),
            read: |d, v| {
                d.report.updates = whole(v)?;
                Some(())
            },
            expected: WHOLE,
        },
    ];

    /// The report of `counted`, a count of a problem with fingerprint
    /// `problem` (see also [`Counter::report`](crate::scale::Counter::report)).
    #[must_use]
    pub fn of(counted: &PartCount, problem: Fingerprint) -> PartReport {
        let count = counted.count;
        PartReport::of_parts(counted, u128::from(count.solutions), count.end, problem)
    }

    /// The report of `counted`, a memo count of a problem with fingerprint
    /// `problem` (see also
    /// [`Counter::report_memo`](crate::scale::Counter::report_memo)).
    #[must_use]
    pub fn of_memo(counted: &PartCount<MemoCount>, problem: Fingerprint) -> PartReport {
        let count = counted.count;
        PartReport::of_parts(counted, count.solutions, count.end, problem)
    }

    /// The report of `counted`, whose count is `solutions`, ended by `end`.
    fn of_parts<C>(
        counted: &PartCount<C>,
        solutions: u128,
        end: SearchEnd,
        problem: Fingerprint,
    ) -> PartReport {
        PartReport {
            part: counted.part,
            problem,
            at_least: counted.at_least,
            split: counted.split,
            solutions,
            end,
            nodes: counted.stats.nodes,
            updates: counted.stats.updates,
            max_depth: counted.stats.max_depth,
            seconds: counted.seconds,
            paths: counted.subproblems.clone(),
        }
    }

    /// The report as one line of JSON (without a line end), its fields in
    /// [`PartReport::FIELDS`] order.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut map = Map::new();
        for field in &PartReport::TABLE {
            map.insert(field.name.to_string(), (field.write)(self));
        }
        Value::Object(map).to_string()
    }

    /// Whether the part made its split (every part does, unless the budget
    /// ran out first).
    #[must_use]
    pub fn made_split(&self) -> bool {
        self.split > 0 || !matches!(self.end, SearchEnd::Interrupted(_))
    }

    /// How many subproblems part `k` of `n` of a split of `split` holds:
    /// those at places `k`, `k + n`, ...
    fn share_of(split: usize, part: Part) -> usize {
        split / part.n() + usize::from(part.k() < split % part.n())
    }
}

/// `end` as the JSON writes it.
fn end_text(end: SearchEnd) -> String {
    match end {
        SearchEnd::Exhausted => "exhausted".to_string(),
        SearchEnd::Limit => "limit".to_string(),
        SearchEnd::Interrupted(why) => format!("interrupted: {why}"),
        _ => "stopped".to_string(),
    }
}

/// The end that [`end_text`] writes as `text`.
fn end_of(text: &str) -> Option<SearchEnd> {
    let ends = [
        SearchEnd::Exhausted,
        SearchEnd::Limit,
        SearchEnd::Stopped,
        SearchEnd::Interrupted(Interruption::NodeLimit),
        SearchEnd::Interrupted(Interruption::Deadline),
        SearchEnd::Interrupted(Interruption::Cancelled),
    ];
    ends.into_iter().find(|&e| end_text(e) == text)
}

/// The report as one line of JSON, [`PartReport::to_json`]: what
/// [`FromStr`] reads back.
///
/// ```
/// use exactcover::scale::{Counter, PartReport};
/// let problem = exactcover::problem::classic::queens(5);
/// let counter = Counter::new(&problem);
/// let report = counter.report(&counter.count());
/// let line = report.to_string();
/// assert_eq!(line, report.to_json());
/// assert_eq!(line.parse::<PartReport>()?.solutions, 10);
/// # Ok::<(), exactcover::scale::ReportError>(())
/// ```
impl fmt::Display for PartReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}

impl FromStr for PartReport {
    type Err = ReportError;

    /// Reads one line of JSON: an object with every field of
    /// [`PartReport::FIELDS`] once and no other, whose `part`, `k`, `n`,
    /// `split` and `paths` agree.
    fn from_str(line: &str) -> Result<PartReport, ReportError> {
        let Entries(entries) =
            serde_json::from_str(line).map_err(|e| ReportError::Json(e.to_string()))?;
        let mut draft = Draft {
            report: PartReport {
                part: Part::whole(),
                problem: Fingerprint::default(),
                at_least: 1,
                split: 0,
                solutions: 0,
                end: SearchEnd::Exhausted,
                nodes: 0,
                updates: 0,
                max_depth: 0,
                seconds: 0.0,
                paths: Vec::new(),
            },
            k: 0,
            n: 0,
            part: String::new(),
        };
        let mut seen = [false; 13];
        for (key, value) in &entries {
            let Some(at) = PartReport::FIELDS.iter().position(|f| f == key) else {
                return Err(ReportError::Unknown(key.chars().take(40).collect()));
            };
            let field = &PartReport::TABLE[at];
            if std::mem::replace(&mut seen[at], true) {
                return Err(ReportError::Repeated(field.name));
            }
            if (field.read)(&mut draft, value).is_none() {
                return Err(ReportError::Value {
                    field: field.name,
                    expected: field.expected,
                });
            }
        }
        if let Some(at) = seen.iter().position(|s| !s) {
            return Err(ReportError::Missing(PartReport::FIELDS[at]));
        }
        draft.finish()
    }
}

impl Draft {
    /// The report, once its fields are checked against each other.
    fn finish(mut self) -> Result<PartReport, ReportError> {
        let (k, n) = (self.k, self.n);
        let bad = |what: String| Err(ReportError::Inconsistent(what));
        let part = match Part::new(k, n) {
            Ok(part) => part,
            Err(_) if n == 0 => return bad("n is 0: there is no part of 0 parts".into()),
            Err(_) => return bad(format!("k is {k}, not below n ({n})")),
        };
        if self.part != part.to_string() {
            return bad(format!(
                "part \"{}\" disagrees with k and n ({part})",
                self.part
            ));
        }
        let report = &mut self.report;
        report.part = part;
        if !report.made_split() && !report.paths.is_empty() {
            return bad("paths listed for a split that was not made".into());
        }
        let listed = report.paths.len();
        let share = PartReport::share_of(report.split, part);
        if report.made_split() && listed != share {
            return bad(format!(
                "part {part} of a split of {} holds {share} subproblems, but {listed} paths are listed",
                report.split
            ));
        }
        if report.solutions > 0 && share == 0 {
            return bad("solutions in a part without subproblems".into());
        }
        Ok(self.report)
    }
}

/// The entries of a JSON object, in order, repeated keys kept (serde_json's
/// `Value` keeps only the last).
struct Entries(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Entries, D::Error> {
        deserializer.deserialize_map(EntriesVisitor)
    }
}

struct EntriesVisitor;

impl<'de> Visitor<'de> for EntriesVisitor {
    type Value = Entries;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry::<String, Value>()? {
            entries.push(entry);
        }
        Ok(Entries(entries))
    }
}

/// Why a line is not a [`PartReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReportError {
    /// Not a JSON object (serde_json's message).
    Json(String),
    /// A field that reports do not have (its first 40 characters).
    Unknown(String),
    /// A field given twice.
    Repeated(&'static str),
    /// A field missing.
    Missing(&'static str),
    /// A field whose value is not what it must be.
    Value {
        /// The field.
        field: &'static str,
        /// What it must be.
        expected: &'static str,
    },
    /// Fields that disagree (`part` with `k` and `n`, `paths` with
    /// `split`, ...).
    Inconsistent(String),
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::Json(e) => write!(f, "not a part report (a JSON object): {e}"),
            ReportError::Unknown(name) => write!(f, "\"{name}\" is not a field of a part report"),
            ReportError::Repeated(name) => write!(f, "the field \"{name}\" twice"),
            ReportError::Missing(name) => write!(f, "no field \"{name}\""),
            ReportError::Value { field, expected } => {
                write!(f, "\"{field}\" is not {expected}")
            }
            ReportError::Inconsistent(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for ReportError {}

/// A line of an input: its name and line number (from 1), written
/// `name:line`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Position {
    /// The name of the input (a file, or `-`).
    pub file: String,
    /// The line, from 1.
    pub line: usize,
}

impl Position {
    /// Line `line` of `file`.
    ///
    /// ```
    /// assert_eq!(exactcover::scale::Position::new("parts.jsonl", 3).to_string(), "parts.jsonl:3");
    /// ```
    #[must_use]
    pub fn new(file: impl Into<String>, line: usize) -> Position {
        Position {
            file: file.into(),
            line,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Why parts do not merge.
#[derive(Debug)]
#[non_exhaustive]
pub enum MergeError {
    /// An input could not be read.
    Read {
        /// The input.
        file: String,
        /// Why.
        error: io::Error,
    },
    /// A line longer than [`MAX_REPORT_LINE`].
    LineTooLong(Position),
    /// A line that is not UTF-8.
    NotUtf8(Position),
    /// A line that is not a part report.
    Report(Position, ReportError),
    /// A part of another count than the first part's: another problem,
    /// number of parts or split.
    Different {
        /// The line of the part.
        at: Position,
        /// The part.
        part: Part,
        /// The first part that says otherwise.
        first: Position,
        /// What differs, and how the first part has it.
        what: String,
    },
    /// A part given twice.
    Repeated {
        /// The second line.
        at: Position,
        /// The part.
        part: Part,
        /// The first line.
        first: Position,
    },
    /// Two parts (or one part twice) hold the same subproblem, or one
    /// holds a subproblem below one of the other's.
    Overlap {
        /// The line of the part holding the deeper (or the same) one.
        at: Position,
        /// Its subproblem, as [`Subproblem`] writes it.
        path: String,
        /// The line of the other.
        other: Position,
        /// The other's subproblem.
        other_path: String,
    },
    /// No part at all.
    NoParts,
    /// The parts' solutions add up past `u128::MAX` (3.4e38).
    Overflow,
    /// Parts missing.
    Missing {
        /// The number of parts.
        n: usize,
        /// How many are missing.
        missing: usize,
        /// The first of them (at most 10).
        first: Vec<usize>,
    },
}

impl MergeError {
    /// The line the error is about, if one is.
    #[must_use]
    pub fn position(&self) -> Option<&Position> {
        match self {
            MergeError::LineTooLong(at)
            | MergeError::NotUtf8(at)
            | MergeError::Report(at, _)
            | MergeError::Different { at, .. }
            | MergeError::Repeated { at, .. }
            | MergeError::Overlap { at, .. } => Some(at),
            MergeError::Read { .. }
            | MergeError::NoParts
            | MergeError::Overflow
            | MergeError::Missing { .. } => None,
        }
    }
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Read { file, error } => write!(f, "{file}: cannot read: {error}"),
            MergeError::LineTooLong(at) => {
                write!(f, "{at}: a line longer than {MAX_REPORT_LINE} bytes")
            }
            MergeError::NotUtf8(at) => write!(f, "{at}: the line is not UTF-8 text"),
            MergeError::Report(at, e) => write!(f, "{at}: {e}"),
            MergeError::Different {
                at,
                part,
                first,
                what,
            } => write!(
                f,
                "{at}: part {part} of a different count ({what}, at {first})"
            ),
            MergeError::Repeated { at, part, first } => {
                write!(f, "{at}: part {part} again (first at {first})")
            }
            MergeError::Overlap {
                at,
                path,
                other,
                other_path,
            } => write!(
                f,
                "{at}: subproblem {path} overlaps subproblem {other_path} (at {other}): parts of one split never share a subtree"
            ),
            MergeError::NoParts => write!(f, "no parts"),
            MergeError::Overflow => write!(
                f,
                "the parts add up past 2^128 - 1, the largest count this merges exactly"
            ),
            MergeError::Missing { n, missing, first } => {
                write!(f, "{missing} of {n} parts missing:")?;
                for k in first {
                    write!(f, " {k}/{n}")?;
                }
                if *missing > first.len() {
                    write!(f, " and {} more", missing - first.len())?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for MergeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MergeError::Read { error, .. } => Some(error),
            MergeError::Report(_, e) => Some(e),
            _ => None,
        }
    }
}

/// The sum of every part of a count.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Merged {
    /// The number of parts.
    pub parts: usize,
    /// The solutions of every part (exact: past `u128::MAX` the merge is
    /// refused, [`MergeError::Overflow`]).
    pub solutions: u128,
    /// The options tried by every part (each part makes the split).
    pub nodes: u128,
    /// How many parts did not finish (a limit or a budget): then
    /// `solutions` is a lower bound.
    pub unfinished: usize,
    /// The seconds of every part, summed.
    pub seconds: f64,
    /// The seconds of the longest part.
    pub longest: f64,
}

impl Merged {
    /// Whether every part finished, so that `solutions` is the count.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.unfinished == 0
    }
}

/// What is known of one part once added.
#[derive(Debug)]
struct Added {
    at: Position,
    solutions: u128,
    nodes: u64,
    seconds: f64,
    finished: bool,
}

/// The count every part must share: the first part's.
#[derive(Debug)]
struct Count {
    n: usize,
    problem: Fingerprint,
    at_least: usize,
    at: Position,
    /// The split's size, from the first part that made it.
    split: Option<(usize, Position)>,
}

/// Parts being added up: [`Merge::add`] or [`Merge::read`] each part, then
/// [`Merge::finish`].
///
/// The parts must come from one count: the same problem (its
/// [`Fingerprint`]), number of parts, `at_least` and split size (a part
/// interrupted before its split was made has none). Each part comes once;
/// their subproblems never overlap. Memory grows with the parts and paths
/// read, not with the number of parts they claim.
#[derive(Debug, Default)]
pub struct Merge {
    count: Option<Count>,
    parts: BTreeMap<usize, Added>,
    /// Every path read: its options, and the part holding it.
    paths: Vec<(Subproblem, usize)>,
}

impl Merge {
    /// No parts yet.
    #[must_use]
    pub fn new() -> Merge {
        Merge::default()
    }

    /// Adds `report`, read at `at`.
    ///
    /// # Errors
    ///
    /// [`MergeError::Different`] for a part of another count than the
    /// first part's, [`MergeError::Repeated`] for a part given before.
    pub fn add(&mut self, report: PartReport, at: Position) -> Result<(), MergeError> {
        let part = report.part;
        let count = self.count.get_or_insert_with(|| Count {
            n: part.n(),
            problem: report.problem,
            at_least: report.at_least,
            at: at.clone(),
            split: None,
        });
        let differs = |what: String, first: &Position| MergeError::Different {
            at: at.clone(),
            part,
            first: first.clone(),
            what,
        };
        if part.n() != count.n
            || report.problem != count.problem
            || report.at_least != count.at_least
        {
            let what = format!(
                "parts, problem or split differ: {} parts, problem {}, split into at least {}",
                count.n, count.problem, count.at_least
            );
            return Err(differs(what, &count.at));
        }
        if report.made_split() {
            match &count.split {
                Some((split, first)) if *split != report.split => {
                    let what = format!("a split of {split} subproblems, not {}", report.split);
                    return Err(differs(what, first));
                }
                Some(_) => {}
                None => count.split = Some((report.split, at.clone())),
            }
        }
        if let Some(first) = self.parts.get(&part.k()) {
            return Err(MergeError::Repeated {
                at,
                part,
                first: first.at.clone(),
            });
        }
        let k = part.k();
        self.paths.extend(report.paths.into_iter().map(|p| (p, k)));
        self.parts.insert(
            k,
            Added {
                at,
                solutions: report.solutions,
                nodes: report.nodes,
                seconds: report.seconds,
                finished: matches!(report.end, SearchEnd::Exhausted),
            },
        );
        Ok(())
    }

    /// Reads and adds every line of `input` (named `file` in errors);
    /// blank lines are skipped.
    ///
    /// # Errors
    ///
    /// [`MergeError::Read`] when reading fails, [`MergeError::LineTooLong`],
    /// [`MergeError::NotUtf8`], [`MergeError::Report`] for a line that is
    /// not a report, and the errors of [`Merge::add`].
    ///
    /// ```
    /// use exactcover::scale::{Merge, MergeError};
    /// let mut merge = Merge::new();
    /// let err = merge.read("parts", &b"\n{\"k\": 1}\n"[..]).unwrap_err();
    /// assert_eq!(err.to_string(), "parts:2: no field \"at_least\"");
    /// ```
    pub fn read<R: BufRead>(&mut self, file: &str, mut input: R) -> Result<(), MergeError> {
        let mut line = Vec::new();
        for number in 1.. {
            let at = || Position::new(file, number);
            let read = read_line(&mut input, &mut line).map_err(|error| MergeError::Read {
                file: file.to_string(),
                error,
            })?;
            match read {
                Line::End => break,
                Line::TooLong => return Err(MergeError::LineTooLong(at())),
                Line::Whole => {}
            }
            let text = std::str::from_utf8(&line).map_err(|_| MergeError::NotUtf8(at()))?;
            if text.trim().is_empty() {
                continue;
            }
            let report = text.parse().map_err(|e| MergeError::Report(at(), e))?;
            self.add(report, at())?;
        }
        Ok(())
    }

    /// The sum of the parts added.
    ///
    /// # Errors
    ///
    /// [`MergeError::NoParts`], [`MergeError::Missing`] when a part from
    /// `0/N` to `N-1/N` is missing, [`MergeError::Overlap`] when two
    /// subproblems share a subtree.
    pub fn finish(mut self) -> Result<Merged, MergeError> {
        let Some(count) = &self.count else {
            return Err(MergeError::NoParts);
        };
        let n = count.n;
        if self.parts.len() < n {
            let mut first = Vec::new();
            let mut k = 0;
            while first.len() < MISSING_SHOWN && k < n {
                if !self.parts.contains_key(&k) {
                    first.push(k);
                }
                k += 1;
            }
            return Err(MergeError::Missing {
                n,
                missing: n - self.parts.len(),
                first,
            });
        }
        self.check_overlaps()?;
        let mut merged = Merged {
            parts: n,
            solutions: 0,
            nodes: 0,
            unfinished: 0,
            seconds: 0.0,
            longest: 0.0,
        };
        for part in self.parts.values() {
            merged.solutions = merged
                .solutions
                .checked_add(part.solutions)
                .ok_or(MergeError::Overflow)?;
            merged.nodes += u128::from(part.nodes);
            merged.unfinished += usize::from(!part.finished);
            merged.seconds += part.seconds;
            merged.longest = merged.longest.max(part.seconds);
        }
        Ok(merged)
    }

    /// Refuses two subproblems of which one is the other, or lies below
    /// it: in path order, such a pair is next to each other. With bounds
    /// (paths that rule out options) a subproblem lies below another when
    /// its options begin with the other's and it rules out every option
    /// the other rules out: siblings differ by an option that one chooses
    /// and the other rules out, or by two options that cover one item.
    fn check_overlaps(&mut self) -> Result<(), MergeError> {
        self.paths.sort_by(|a, b| a.0.options.cmp(&b.0.options));
        let overlap = |(upper, j): &(Subproblem, usize), (lower, k): &(Subproblem, usize)| {
            let at = |k: &usize| self.parts[k].at.clone();
            MergeError::Overlap {
                at: at(k),
                path: lower.to_string(),
                other: at(j),
                other_path: upper.to_string(),
            }
        };
        if self.paths.iter().all(|(p, _)| p.excluded.is_empty()) {
            for pair in self.paths.windows(2) {
                if pair[1].0.options.starts_with(&pair[0].0.options) {
                    return Err(overlap(&pair[0], &pair[1]));
                }
            }
            return Ok(());
        }
        let mut by_options: HashMap<&[usize], Vec<usize>> = HashMap::new();
        for (at, (path, _)) in self.paths.iter().enumerate() {
            by_options.entry(&path.options[..]).or_default().push(at);
        }
        for (at, lower) in self.paths.iter().enumerate() {
            let ruled_out: HashSet<usize> = lower.0.excluded.iter().copied().collect();
            for len in 0..=lower.0.options.len() {
                let Some(uppers) = by_options.get(&lower.0.options[..len]) else {
                    continue;
                };
                for &other in uppers.iter().filter(|&&other| other != at) {
                    let upper = &self.paths[other];
                    if upper.0.excluded.iter().all(|o| ruled_out.contains(o)) {
                        return Err(overlap(upper, lower));
                    }
                }
            }
        }
        Ok(())
    }
}

/// How [`read_line`] ended.
enum Line {
    End,
    Whole,
    TooLong,
}

/// Reads the next line of `input` into `line` (without its line end),
/// keeping at most [`MAX_REPORT_LINE`] bytes.
fn read_line<R: BufRead>(input: &mut R, line: &mut Vec<u8>) -> io::Result<Line> {
    line.clear();
    let limit = MAX_REPORT_LINE as u64 + 1;
    let read = input.by_ref().take(limit).read_until(b'\n', line)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        return Ok(Line::Whole);
    }
    Ok(if line.len() > MAX_REPORT_LINE {
        Line::TooLong
    } else {
        Line::Whole
    })
}
