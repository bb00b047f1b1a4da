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
//!
//! The fingerprint is in `fingerprint.rs`, the merge in `merge.rs`; this
//! file holds the report, its fields and its reading.

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

mod fingerprint;
mod merge;

pub use fingerprint::Fingerprint;
pub use merge::{Merge, MergeError, Merged};

/// The longest line [`Merge::read`] accepts, in bytes (128 MiB: a part of
/// a split of a million subproblems lists them all in its line).
pub const MAX_REPORT_LINE: usize = 1 << 27;

/// The most seconds a report may say a part took (about 317 years).
const MAX_SECONDS: f64 = 1e10;

/// How many missing parts [`MergeError::Missing`] names.
const MISSING_SHOWN: usize = 10;

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
