//! Counts on many threads or machines: `cover --count --jobs N`,
//! `cover --count --part K/N [--json]`, `split` and `merge`. The protocol
//! (the split, the reports, the merge) is the library's `scale` module;
//! this file reads arguments and inputs and prints.

use std::fs::{self, File};
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use exactcover::engine::{Memo, MemoCount, describe_estimate};
use exactcover::scale::{
    CountError, Counter, Fingerprint, Merge, MergeError, Part, PartCount, Subproblem,
};
use exactcover::{Problem, SearchEnd, Solver, Stats, knuth};

use crate::cover;
use crate::output::{Out, warn};
use crate::signals;
use crate::watch::Watch;
use crate::{CoverArgs, MergeArgs, SplitArgs};

/// The threads `--jobs N` asks for: `N`, or every core for 0.
pub fn threads(jobs: u64) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => usize::try_from(n).unwrap_or(usize::MAX),
    }
}

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
        fn of<C>(c: &PartCount<C>) -> (Stats, String) {
            let text = format!(
                "subproblems: {} of {} (part {})\nthreads: {}\nseconds: {:.3}",
                c.subproblems.len(),
                c.split,
                c.part,
                c.threads,
                c.seconds
            );
            (c.stats, text)
        }
        match self {
            Counted::Plain(c) => {
                let (stats, text) = of(c);
                (stats, text, None)
            }
            Counted::Memo(c, memo) => {
                let (stats, text) = of(c);
                (stats, text, Some(cover::memo_stats(&c.count.memo, memo)))
            }
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
    say_memory_cap(
        &counter,
        name,
        threads(args.jobs),
        args.max_memory.is_some(),
    );
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
    let mut status = 0;
    let suffix = match end {
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
            status = 1;
            "?"
        }
        SearchEnd::Limit => "+",
        _ if found == 0 && part.n() == 1 => {
            warn(format_args!("{name}: no solution"));
            ""
        }
        _ => "",
    };
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

/// Says so when the memory of the threads' matrices caps the `asked`
/// threads, and by how much.
fn say_memory_cap(counter: &Counter, name: &str, asked: usize, given: bool) {
    let fit = counter.memory_threads();
    if asked <= fit {
        return;
    }
    let mb = |bytes: f64| match bytes {
        b if b < 1e6 => format!("{:.1} kB", b / 1e3),
        b if b < 1e9 => format!("{:.1} MB", b / 1e6),
        b => format!("{:.1} GB", b / 1e9),
    };
    let each = counter.thread_bytes() as f64;
    let flag = if given {
        "--max-memory"
    } else {
        "--max-memory (default 2G)"
    };
    warn(format_args!(
        "{name}: counting on {fit} thread{} instead of {asked}: each thread's matrix takes {}, and {asked} would take {}, more than {flag} allows",
        if fit == 1 { "" } else { "s" },
        mb(each),
        mb(each * asked as f64),
    ));
}

/// `--stats` of a count on threads or in parts.
fn print_stats(counted: &Counted, found: u128, suffix: &str) {
    let (s, figures, memo) = counted.figures();
    let memo = memo.map(|m| format!("\n{m}")).unwrap_or_default();
    warn(format_args!(
        "solutions: {found}{suffix}\nnodes: {}\nupdates: {}\nmax depth: {}\n{figures}{memo}",
        s.nodes, s.updates, s.max_depth,
    ));
}

/// The file naming the split a folder of `split` holds.
const MANIFEST: &str = "manifest.json";

/// The split a folder holds, as its manifest says.
struct Manifest {
    problem: Fingerprint,
    depth: usize,
    subproblems: usize,
}

impl Manifest {
    fn to_json(&self) -> String {
        serde_json::json!({
            "problem": self.problem.to_string(),
            "depth": self.depth,
            "subproblems": self.subproblems,
            "files": format!("sub-000000.dlx to sub-{:06}.dlx", self.subproblems.saturating_sub(1)),
        })
        .to_string()
    }

    /// Whether the manifest text `text` names this split (the same problem
    /// at the same depth: the same files).
    fn matches(&self, text: &str) -> bool {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
            return false;
        };
        value["problem"].as_str() == Some(&self.problem.to_string())
            && value["depth"].as_u64() == u64::try_from(self.depth).ok()
            && value["subproblems"].as_u64() == u64::try_from(self.subproblems).ok()
    }
}

/// Makes `dir` for the files of `manifest`'s split, refusing a folder that
/// holds the files of another split (a folder with the same split's files
/// is written again: the same files). Returns the message of a refusal.
fn claim(dir: &Path, manifest: &Manifest) -> Result<(), String> {
    let shown = dir.display();
    fs::create_dir_all(dir).map_err(|e| format!("{shown}: cannot make the folder: {e}"))?;
    let entries = fs::read_dir(dir).map_err(|e| format!("{shown}: cannot read: {e}"))?;
    let mut foreign = None;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{shown}: cannot read: {e}"))?;
        let file = entry.file_name().to_string_lossy().into_owned();
        if file == MANIFEST {
            let text = fs::read_to_string(entry.path()).unwrap_or_default();
            if manifest.matches(&text) {
                return write_whole(&dir.join(MANIFEST), manifest.to_json().as_bytes())
                    .map_err(|e| format!("{}: cannot write: {e}", dir.join(MANIFEST).display()));
            }
            foreign = Some(format!("{MANIFEST} names another split"));
            break;
        }
        if file.starts_with("sub-") && file.ends_with(".dlx") {
            foreign = Some(format!("{file} is from an earlier split"));
        }
    }
    if let Some(why) = foreign {
        return Err(format!(
            "{shown}: the folder holds the files of another split ({why}): remove them or choose another --dir"
        ));
    }
    write_whole(&dir.join(MANIFEST), manifest.to_json().as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", dir.join(MANIFEST).display()))
}

/// Writes `bytes` to `path` whole or not at all: under a temporary name
/// first, renamed once complete (removed on error).
fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = path.with_file_name(format!(".{file}.tmp"));
    let written = File::create(&temporary).and_then(|mut f| {
        f.write_all(bytes)?;
        f.flush()
    });
    let renamed = written.and_then(|()| fs::rename(&temporary, path));
    if renamed.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    renamed
}

/// The file of subproblem `i` of `subs`.
fn sub_file(
    args: &SplitArgs,
    name: &str,
    problem: &Problem,
    subs: &[Subproblem],
    i: usize,
) -> (PathBuf, io::Result<Vec<u8>>) {
    let sub = &subs[i];
    let rest = sub.residual(problem, &[]);
    let comments = [
        format!(
            "subproblem {} of {} of {name}, depth {}",
            i + 1,
            subs.len(),
            args.depth
        ),
        format!("path (k/d per level = options): {sub}"),
    ];
    let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
    let mut text = Vec::new();
    let written = knuth::write(&rest, &comments, &mut text).map(|()| text);
    (args.dir.join(format!("sub-{i:06}.dlx")), written)
}

/// `exactcover split`.
pub fn split(args: &SplitArgs) -> io::Result<ExitCode> {
    let (name, read) = match cover::load(args.file.as_deref()) {
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
    let manifest = Manifest {
        problem: Fingerprint::of(problem),
        depth: args.depth,
        subproblems: subs.len(),
    };
    if let Err(message) = claim(&args.dir, &manifest) {
        warn(format_args!("{message}"));
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
