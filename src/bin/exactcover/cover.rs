//! `exactcover cover`: one problem in Knuth's format.

use std::fs::File;
use std::io::{self, BufReader};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;

use exactcover::engine::{Memo, MemoCount, MemoError, MemoStats};
use exactcover::knuth::{self, KnuthError, KnuthErrorKind, KnuthProblem};
use exactcover::problem::Labels;
use exactcover::{Problem, SearchEnd, Solver};

use crate::CoverArgs;
use crate::distribute;
use crate::output::{Out, warn};
use crate::teach;
use crate::watch::Watch;

/// Reads the problem of `file` (standard input for `None` or `-`), with its
/// warnings written; on bad input, the message written and the exit code.
pub fn load(file: Option<&Path>) -> Result<(String, KnuthProblem), ExitCode> {
    let name = match file {
        Some(path) if path.as_os_str() != "-" => path.display().to_string(),
        _ => "-".to_string(),
    };
    let read = match file {
        Some(path) if path.as_os_str() != "-" => match File::open(path) {
            Ok(file) => knuth::read(BufReader::new(file)),
            Err(e) => {
                warn(format_args!("{name}: cannot read: {e}"));
                return Err(ExitCode::from(2));
            }
        },
        _ => knuth::read(io::stdin().lock()),
    };
    let read: KnuthProblem = match read {
        Ok(read) => read,
        // An input that cannot be read (a folder, a device error) has no
        // line to blame.
        Err(KnuthError {
            kind: KnuthErrorKind::Io(why),
            ..
        }) => {
            warn(format_args!("{name}: cannot read: {why}"));
            return Err(ExitCode::from(2));
        }
        Err(e) if e.line.is_some() => {
            warn(format_args!("{name}:{e}"));
            return Err(ExitCode::from(2));
        }
        Err(e) => {
            warn(format_args!("{name}: {e}"));
            return Err(ExitCode::from(2));
        }
    };
    for line in read.secondary_only.iter().map(|l| l + 1) {
        warn(format_args!(
            "{name}:{line}: warning: this option has only secondary items, so it can never be chosen"
        ));
    }
    for line in read.commented_options.iter().map(|l| l + 1) {
        warn(format_args!(
            "{name}:{line}: warning: this line starts with '|', so it is a comment, though without the '|' it would be an option"
        ));
    }
    Ok((name, read))
}

pub fn run(args: &CoverArgs) -> io::Result<ExitCode> {
    let (name, read) = match load(args.file.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let problem = &read.problem;
    if args.distributed() {
        return distribute::count(args, &name, problem);
    }
    if let Some(memo) = args.memo.memo() {
        return count_memo(args, &name, problem, &memo);
    }
    let mut status = pictures(args, problem);
    let limit = args.limit.unwrap_or(u64::MAX);
    if args.teach.wants_recording() && !record(args, problem, &name, limit) {
        status = 1;
    }
    let mut solver = Solver::new(problem);
    solver.set_budget(args.budget.budget());
    // With a trace, which goes straight to standard output, the solutions
    // are flushed line by line to keep in step with it.
    let mut out = Out::new(args.teach.trace);
    let (found, end) = search(args, &name, problem, &mut solver, &mut out)?;
    let suffix = match end {
        SearchEnd::Exhausted if found == 0 => {
            warn(format_args!("{name}: no solution"));
            ""
        }
        SearchEnd::Exhausted => "",
        SearchEnd::Interrupted(why) => {
            warn(format_args!(
                "{name}: search stopped ({why}) after {} nodes and {found} solutions",
                solver.stats().nodes
            ));
            status = 1;
            "?"
        }
        _ => "+",
    };
    if args.count {
        out.write(&format!("{found}{suffix}\n"))?;
    }
    out.flush()?;
    if args.stats {
        let s = solver.stats();
        warn(format_args!(
            "solutions: {found}{suffix}\nnodes: {}\nupdates: {}\nmax depth: {}\n{}",
            s.nodes,
            s.updates,
            s.max_depth,
            sizes(problem)
        ));
    }
    Ok(ExitCode::from(status))
}

/// The sizes of `problem`, as `--stats` ends: items and options.
fn sizes(problem: &Problem) -> String {
    format!(
        "items: {} ({} primary)\noptions: {}",
        problem.item_count(),
        problem.primary_count(),
        problem.option_count()
    )
}

/// Draws the pictures `--svg` and `--svg-tree` ask for; the exit status
/// so far (1 when one could not be written).
fn pictures(args: &CoverArgs, problem: &Problem) -> u8 {
    let mut status = 0;
    if let Some(path) = &args.teach.svg {
        let mut solver = Solver::new(problem);
        solver.set_budget(args.budget.budget());
        let chosen = solver.solution().ok().flatten().unwrap_or_default();
        if !teach::matrix(problem, problem, &chosen, path) {
            status = 1;
        }
    }
    if let Some(path) = &args.teach.svg_tree {
        // `cover` lists every solution: the whole tree.
        if !teach::tree(problem, path) {
            status = 1;
        }
    }
    status
}

/// Records the search `cover` runs (every solution, or up to `limit`) for
/// `--html` and `--steps`; whether the recording was written.
fn record(args: &CoverArgs, problem: &Problem, name: &str, limit: u64) -> bool {
    let (mut recorder, budget) = args.teach.recorder(problem);
    let mut recorded = Solver::new(problem);
    recorded.set_budget(budget);
    let mut found = 0u64;
    recorded.visit_observed(&mut recorder, |_| {
        found += 1;
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    args.teach
        .write_recording(recorder.finish(), problem, name, None)
}

/// The search itself: the solutions printed (or traced), or counted; the
/// solutions found and how it ended.
fn search(
    args: &CoverArgs,
    name: &str,
    problem: &Problem,
    solver: &mut Solver,
    out: &mut Out,
) -> io::Result<(u64, SearchEnd)> {
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    let mut failed = Ok(());
    let mut text = String::new();
    let mut on_solution = |options: &[usize]| {
        found += 1;
        // A trace writes each solution itself, in the same form.
        if !args.count && !args.teach.trace {
            text.clear();
            for &option in options {
                text.push_str(&Labels::option(problem, option));
                text.push('\n');
            }
            text.push('\n');
            if let Err(e) = out.write(&text) {
                failed = Err(e);
                return ControlFlow::Break(());
            }
        }
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let end = if args.teach.trace {
        let trace = args.teach.trace().unwrap_or_default();
        let mut tracer = trace.tracer(problem, problem);
        let end = solver.visit_observed(&mut tracer, &mut on_solution);
        tracer.finish().map_err(crate::output::named)?;
        end
    } else if args.count {
        // A count never copies solutions out of the links; on a terminal a
        // long one shows how far it is.
        let (_watch, budget) = Watch::start(name.to_string(), solver.budget());
        solver.set_budget(budget);
        let count = solver.count_solutions(args.limit);
        found = count.solutions;
        count.end
    } else {
        solver.visit(&mut on_solution)
    };
    failed?;
    Ok((found, end))
}

/// `cover --count --memo`: a count by Algorithm Z on one thread, with the
/// ZDD of every solution written when `--zdd` asks for it.
fn count_memo(
    args: &CoverArgs,
    name: &str,
    problem: &Problem,
    memo: &Memo,
) -> io::Result<ExitCode> {
    let mut solver = Solver::new(problem);
    let (watch, budget) = Watch::start(name.to_string(), &args.budget.budget());
    solver.set_budget(budget);
    let counted = match &args.zdd {
        Some(path) => memo_zdd(&mut solver, memo, path, name),
        None => solver
            .count_memo(args.limit.map(u128::from), memo)
            .map_err(|e| memo_failed(name, &e)),
    };
    drop(watch);
    let counted = match counted {
        Ok(counted) => counted,
        Err(code) => return Ok(code),
    };
    let mut status = 0;
    match counted.end {
        SearchEnd::Exhausted if counted.solutions == 0 => {
            warn(format_args!("{name}: no solution"));
        }
        SearchEnd::Interrupted(why) => {
            warn(format_args!(
                "{name}: search stopped ({why}) after {} nodes and {} solutions",
                solver.stats().nodes,
                counted.solutions
            ));
            status = 1;
        }
        _ => {}
    }
    if counted.memo.full {
        warn(format_args!(
            "{name}: the memo filled its {} bytes and stored no more subproblems (the count is exact; --memory gives it more)",
            memo.memory()
        ));
    }
    let mut out = Out::new(false);
    out.write(&format!("{counted}\n"))?;
    out.flush()?;
    if args.stats {
        let s = solver.stats();
        warn(format_args!(
            "solutions: {counted}\nnodes: {}\nupdates: {}\nmax depth: {}\n{}\n{}",
            s.nodes,
            s.updates,
            s.max_depth,
            memo_stats(&counted.memo, memo),
            sizes(problem)
        ));
    }
    Ok(ExitCode::from(status))
}

/// Builds the ZDD of every solution and writes it to `path`; its count, or
/// the exit code of a failure (said).
fn memo_zdd(
    solver: &mut Solver,
    memo: &Memo,
    path: &Path,
    name: &str,
) -> Result<MemoCount, ExitCode> {
    let zdd = match solver.zdd(memo) {
        Ok(zdd) => zdd,
        Err(MemoError::Interrupted(stop)) => {
            warn(format_args!(
                "{name}: search stopped ({}) after {} nodes: no ZDD written",
                stop.reason, stop.stats.nodes
            ));
            return Err(ExitCode::from(1));
        }
        Err(e) => return Err(memo_failed(name, &e)),
    };
    let written = File::create(path).and_then(|file| zdd.write_knuth(file));
    if let Err(e) = written {
        warn(format_args!("{}: cannot write: {e}", path.display()));
        return Err(ExitCode::from(1));
    }
    Ok(MemoCount::from(&zdd))
}

/// Says why a memo count has no answer; the exit code.
fn memo_failed(name: &str, e: &MemoError) -> ExitCode {
    match e {
        MemoError::ZddTooLarge { .. } => {
            warn(format_args!("{name}: {e}: give it more with --memory"));
        }
        _ => warn(format_args!("{name}: {e}")),
    }
    ExitCode::from(1)
}

/// The cache's figures, as `--stats` shows them.
pub fn memo_stats(stats: &MemoStats, memo: &Memo) -> String {
    let rate = if stats.lookups == 0 {
        0.0
    } else {
        100.0 * stats.hits as f64 / stats.lookups as f64
    };
    let gave_up = match stats.gave_up {
        Some(nodes) => format!("after {nodes} nodes (then counted without it)"),
        None => "no".to_string(),
    };
    let mut text = format!(
        "branching: {}\nlookups: {}\nhits: {} ({rate:.1}%)\nsignatures: {}\ncache bytes: {} (of {})\ncache full: {}\nmemo gave up: {gave_up}",
        memo.branching(),
        stats.lookups,
        stats.hits,
        stats.signatures,
        stats.bytes,
        memo.memory(),
        if stats.full { "yes" } else { "no" },
    );
    if stats.zdd_nodes > 0 {
        text.push_str(&format!("\nzdd nodes: {}", stats.zdd_nodes));
    }
    text
}
