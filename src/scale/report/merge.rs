//! Adding the parts of a count up: [`Merge`], refusing a missing, repeated
//! or overlapping part and the parts of another count ([`MergeError`]).

#[allow(clippy::wildcard_imports)]
use super::*;

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
