//! Counts on many threads or machines: `cover --count --jobs N`,
//! `cover --count --part K/N [--json]`, `split` and `merge`. The protocol
//! (the split, the reports, the merge) is the library's `scale` module;
//! this file reads arguments and inputs and prints.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

use exactcover::engine::{Memo, MemoCount, describe_estimate};
use exactcover::scale::{
    CountError, Counter, Fingerprint, Manifest, Merge, MergeError, Part, PartCount, threads,
    write_whole,
};
use exactcover::{Problem, SearchEnd, Solver, Stats, knuth};

use crate::input;
use crate::output::{Out, warn};
use crate::signals;
use crate::watch::Watch;
use clap::Args;

use crate::cover::CoverArgs;

/// A part's count: plain, or by Algorithm Z (`--memo`).
enum Counted {
    Plain(PartCount),
    Memo(PartCount<MemoCount>, Memo),
}

impl Counted {
    /// The solutions and how the count ended.
    fn count(&self) -> (u128, SearchEnd) {
        match self {
            Counted::Plain(c) => (u128::from(c.count.solutions), c.count.end),
            Counted::Memo(c, _) => (c.count.solutions, c.count.end),
        }
    }

    /// The statistics, the count's figures (its subproblems, split, part,
    /// threads and seconds) and, for a memo count, its cache's.
    fn figures(&self) -> (Stats, String, Option<String>) {
        match self {
            Counted::Plain(c) => (c.stats, c.figures(), None),
            Counted::Memo(c, memo) => (c.stats, c.figures(), Some(c.count.memo.describe(memo))),
        }
    }

    fn split_interrupted(&self) -> bool {
        match self {
            Counted::Plain(c) => c.split_interrupted(),
            Counted::Memo(c, _) => c.split_interrupted(),
        }
    }

    /// The part's report, for `merge`.
    fn json(&self, counter: &Counter<'_>) -> String {
        match self {
            Counted::Plain(c) => counter.report(c).to_json(),
            Counted::Memo(c, _) => counter.report_memo(c).to_json(),
        }
    }
}

/// `cover --count` with `--jobs`, `--part`, `--split` or `--json` (and
/// `--memo`: each thread keeps one memo for the subproblems it counts).
pub fn count(args: &CoverArgs, name: &str, problem: &Problem) -> io::Result<ExitCode> {
    let part = args.part.unwrap_or_else(Part::whole);
    let (watch, budget) = Watch::start(name.to_string(), &args.budget.budget());
    let mut counter = Counter::new(problem)
        .with_threads(threads(args.jobs))
        .with_part(part)
        .with_limit(args.limit)
        .with_budget(budget);
    if let Some(n) = args.split {
        counter = counter.with_min_subproblems(usize::try_from(n).unwrap_or(usize::MAX));
    }
    if let Some(bytes) = args.max_memory {
        counter = counter.max_memory(bytes);
    }
    if let Some(note) = counter.memory_cap_note(threads(args.jobs), args.max_memory.is_some()) {
        warn(format_args!("{name}: {note}"));
    }
    let counted = match args.memo.memo() {
        None => counter.try_count().map(Counted::Plain),
        Some(memo) => counter
            .try_count_memo(&memo)
            .map(|c| Counted::Memo(c, memo)),
    };
    let estimate = watch.estimate();
    drop(watch);
    let counted = match counted {
        Ok(counted) => counted,
        Err(e @ CountError::Overflow) => {
            warn(format_args!("{name}: {e}"));
            return Ok(ExitCode::from(1));
        }
        Err(e) => {
            warn(format_args!("{name}: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let (found, end) = counted.count();
    let (suffix, status) = ending(name, &counted, end, part, estimate);
    let mut out = Out::new(false);
    if args.json {
        out.write(&format!("{}\n", counted.json(&counter)))?;
    } else {
        out.write(&format!("{found}{suffix}\n"))?;
    }
    out.flush()?;
    if args.stats {
        print_stats(&counted, found, suffix);
    }
    Ok(ExitCode::from(status))
}

/// What the end of the count adds to it (`?` when interrupted, `+` at the
/// limit) and its exit status, its message written. `estimate` is Knuth's
/// estimate of the part of the tree walked.
fn ending(
    name: &str,
    counted: &Counted,
    end: SearchEnd,
    part: Part,
    estimate: f64,
) -> (&'static str, u8) {
    let found = counted.count().0;
    match end {
        SearchEnd::Interrupted(why) => {
            let when = if counted.split_interrupted() {
                " while splitting"
            } else {
                ""
            };
            let shown = match signals::caught() {
                Some(_) if part.n() > 1 => format!(
                    ", {}",
                    describe_estimate(estimate, "the whole problem's search tree")
                ),
                Some(_) => format!(", {}", describe_estimate(estimate, "the search tree")),
                None => String::new(),
            };
            warn(format_args!(
                "{name}: count stopped ({}){when} after {} nodes and {found} solutions{shown}",
                signals::reason(why),
                counted.figures().0.nodes
            ));
            ("?", 1)
        }
        SearchEnd::Limit => ("+", 0),
        _ if found == 0 && part.n() == 1 => {
            warn(format_args!("{name}: no solution"));
            ("", 0)
        }
        _ => ("", 0),
    }
}

/// `--stats` of a count on threads or in parts.
fn print_stats(counted: &Counted, found: u128, suffix: &str) {
    let (s, figures, memo) = counted.figures();
    let memo = memo.map(|m| format!("\n{m}")).unwrap_or_default();
    warn(format_args!(
        "solutions: {found}{suffix}\n{s}\n{figures}{memo}"
    ));
}

/// The file of subproblem `i` of `subs`, as Knuth's format.
fn sub_file(
    args: &SplitArgs,
    name: &str,
    problem: &Problem,
    subs: &[exactcover::scale::Subproblem],
    i: usize,
) -> (PathBuf, io::Result<Vec<u8>>) {
    let comments = subs[i].file_comments(i, subs.len(), name, args.depth);
    let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
    let mut text = Vec::new();
    let rest = subs[i].residual(problem, &[]);
    let written = knuth::write(&rest, &comments, &mut text).map(|()| text);
    (args.dir.join(Manifest::sub_file(i)), written)
}

/// `exactcover split`.
pub fn split(args: &SplitArgs) -> io::Result<ExitCode> {
    let (name, read) = match input::load(args.file.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let problem = &read.problem;
    let subs = match Solver::new(problem).subproblems(args.depth, args.max) {
        Ok(subs) => subs,
        Err(e) => {
            warn(format_args!(
                "{name}: {e}: ask for a smaller --depth or a larger --max"
            ));
            return Ok(ExitCode::from(2));
        }
    };
    let manifest = Manifest::new(Fingerprint::of(problem), args.depth, subs.len());
    if let Err(e) = manifest.claim(&args.dir) {
        warn(format_args!("{e}"));
        return Ok(ExitCode::from(2));
    }
    // The files are the product: all are written even when standard
    // output goes away; its error is reported once they are.
    let mut out = Out::new(false);
    let mut printing: io::Result<()> = Ok(());
    for i in 0..subs.len() {
        let (path, text) = sub_file(args, &name, problem, &subs, i);
        if let Err(e) = text.and_then(|text| write_whole(&path, &text)) {
            warn(format_args!("{}: cannot write: {e}", path.display()));
            return Ok(ExitCode::from(2));
        }
        if printing.is_ok() {
            printing = out.write(&format!("{}\n", path.display()));
        }
    }
    if printing.is_ok() {
        printing = out.flush();
    }
    warn(format_args!(
        "{name}: {} subproblems at depth {} written to {}",
        subs.len(),
        args.depth,
        args.dir.display()
    ));
    printing.map(|()| ExitCode::SUCCESS)
}

/// `exactcover merge`.
pub fn merge(args: &MergeArgs) -> io::Result<ExitCode> {
    let mut merge = Merge::new();
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    for path in files {
        let read = if path.as_os_str() == "-" {
            merge.read("-", io::stdin().lock())
        } else {
            match File::open(path) {
                Ok(f) => merge.read(&path.display().to_string(), BufReader::new(f)),
                Err(e) => {
                    warn(format_args!("{}: cannot read: {e}", path.display()));
                    return Ok(ExitCode::from(2));
                }
            }
        };
        if let Err(e) = read {
            return Ok(refuse(&e));
        }
    }
    let merged = match merge.finish() {
        Ok(merged) => merged,
        Err(e) => return Ok(refuse(&e)),
    };
    let mut out = Out::new(false);
    if merged.is_exact() {
        out.write(&format!("{}\n", merged.solutions))?;
    } else {
        warn(format_args!(
            "merge: {} parts did not finish (a limit, a budget or a signal): the total is a lower bound",
            merged.unfinished
        ));
        out.write(&format!("{}?\n", merged.solutions))?;
    }
    out.flush()?;
    warn(format_args!(
        "merge: {} parts, {} nodes, {:.3} s in all, the longest part {:.3} s",
        merged.parts, merged.nodes, merged.seconds, merged.longest
    ));
    Ok(ExitCode::from(u8::from(!merged.is_exact())))
}

/// Says why the parts do not merge; status 2.
fn refuse(e: &MergeError) -> ExitCode {
    match e {
        MergeError::NoParts | MergeError::Overflow | MergeError::Missing { .. } => {
            warn(format_args!("merge: {e}"));
        }
        _ => warn(format_args!("{e}")),
    }
    ExitCode::from(2)
}

#[derive(Args, Debug)]
pub struct SplitArgs {
    /// The depth of the subproblems (the options chosen in each).
    #[arg(long, value_name = "D")]
    pub depth: usize,
    /// The folder the files go to (made if missing).
    #[arg(long, value_name = "DIR", default_value = "split")]
    pub dir: PathBuf,
    /// The most subproblems to write.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max: usize,
    pub file: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Files of JSON lines from `cover --count --part K/N --json` (standard
    /// input when there are none, or for `-`).
    pub files: Vec<PathBuf>,
}
