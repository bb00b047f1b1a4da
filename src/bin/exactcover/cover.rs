//! `exactcover cover`: one problem in Knuth's format: its solutions, their
//! number, or (`--best K`) its cheapest solutions; preprocessed first with
//! `--preprocess`.

use std::fs::File;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use exactcover::Problem;
use exactcover::engine::{Memo, MemoCount, MemoError};
use exactcover::problem::{Labels, Reduction};
use exactcover::teach::recording::record_search;
use exactcover::{Count, SearchEnd, Solver, Stats};

use clap::Args;
use exactcover::util::units::parse_bytes;

use crate::args::{BudgetArgs, MemoArgs};
use crate::distribute;
use crate::output::{Out, warn};
use crate::preprocess;
use crate::signals;
use crate::teach;
use crate::teach::TeachArgs;
use crate::watch::Watch;

/// The problem searched, and how its options are written: as the input's
/// own, through the reduction when `--preprocess` reduced it.
struct Shown<'a> {
    input: &'a Problem,
    reduction: Option<&'a Reduction>,
}

impl Shown<'_> {
    /// The problem the search runs on.
    fn searched(&self) -> &Problem {
        self.reduction.map_or(self.input, |r| &r.problem)
    }

    /// Option `option` of the searched problem, as the input writes it.
    fn option(&self, option: usize) -> String {
        let original = self.reduction.map_or(option, |r| r.options[option]);
        Labels::option(self.input, original)
    }
}

pub fn run(args: &CoverArgs) -> io::Result<ExitCode> {
    let (name, read) = match crate::input::load(args.file.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    if let Some(code) = refuse_teaching(args, &name, &read.problem) {
        return Ok(code);
    }
    let reduction = args
        .preprocess
        .then(|| preprocess::reduce(&name, &read.problem, args.stats));
    let shown = Shown {
        input: &read.problem,
        reduction: reduction.as_ref(),
    };
    let problem = shown.searched();
    if args.distributed() {
        return distribute::count(args, &name, problem);
    }
    if let Some(memo) = args.memo.memo() {
        return count_memo(args, &name, problem, &memo);
    }
    if let Some(k) = args.best {
        return best(
            args,
            &name,
            &shown,
            usize::try_from(k).unwrap_or(usize::MAX),
        );
    }
    let mut solver = Solver::new(problem);
    solver.set_budget(args.budget.budget());
    // The teaching outputs never go with --preprocess (`CoverArgs::check`):
    // the problem searched is the input.
    let mut status = u8::from(!draw(args, &name, problem, &mut solver));
    // With a trace, which goes straight to standard output, the solutions
    // are flushed line by line to keep in step with it.
    let mut out = Out::new(args.teach.trace);
    let (found, end, estimate) = solve(args, &name, &shown, &mut solver, &mut out)?;
    let (suffix, ended) = ending(&name, end, found, solver.stats(), estimate);
    status = status.max(ended);
    if args.count {
        out.write(&format!("{found}{suffix}\n"))?;
    }
    out.flush()?;
    if args.stats {
        stats(problem, &solver, &format!("{found}{suffix}"));
    }
    Ok(ExitCode::from(status))
}

/// Refuses the options that show a search (`--trace`, `--svg`, ...) for a
/// problem with multiplicities: they draw Algorithms X and C, step by step,
/// and Algorithm M's steps (bounds lowered, options tweaked) are not theirs.
/// The message and exit code 2 when refused.
fn refuse_teaching(args: &CoverArgs, name: &str, problem: &Problem) -> Option<ExitCode> {
    let flag = args.teach.first_given()?;
    let item =
        (0..problem.item_count()).find(|&i| problem.bounds(i).is_some_and(|b| b != (1, 1)))?;
    warn(format_args!(
        "{name}: {flag} shows searches by Algorithms X and C; this problem has multiplicities \
         (item '{}' has bounds), which Algorithm M searches: list or count its solutions instead",
        problem.item_label(item)
    ));
    Some(ExitCode::from(2))
}

/// Writes the pictures and recordings `--svg`, `--svg-tree`, `--html` and
/// `--steps` ask for; `false` when one was not written.
fn draw(args: &CoverArgs, name: &str, problem: &Problem, solver: &mut Solver) -> bool {
    let mut ok = true;
    if let Some(path) = &args.teach.svg {
        let chosen = solver.solution().ok().flatten().unwrap_or_default();
        ok &= teach::matrix(problem, problem, &chosen, path);
    }
    if let Some(path) = &args.teach.svg_tree {
        // `cover` lists every solution: the whole tree.
        ok &= teach::tree(problem, path);
    }
    if args.teach.wants_recording() {
        // The search `cover` runs: every solution, or up to --limit.
        let limit = args.limit.unwrap_or(u64::MAX);
        let recording = record_search(problem, limit, args.teach.max_steps);
        ok &= args.teach.write_recording(recording, problem, name, None);
    }
    ok
}

/// The search `cover` runs: every solution written (or traced), or only
/// counted; the solutions found and how the search ended.
fn solve(
    args: &CoverArgs,
    name: &str,
    shown: &Shown<'_>,
    solver: &mut Solver,
    out: &mut Out,
) -> io::Result<(u64, SearchEnd, Option<f64>)> {
    let problem = shown.searched();
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    let mut failed = Ok(());
    let mut text = String::new();
    let mut estimate = None;
    let mut on_solution = |options: &[usize]| {
        found += 1;
        // A trace writes each solution itself, in the same form.
        if !args.count && !args.teach.trace {
            text.clear();
            for &option in options {
                text.push_str(&shown.option(option));
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
        let (watch, budget) = Watch::start(name.to_string(), solver.budget());
        solver.set_budget(budget);
        let count = solver.count(args.limit).unwrap_or_else(Count::from);
        found = count.solutions;
        estimate = Some(watch.estimate());
        count.end
    } else {
        solver.visit(&mut on_solution)
    };
    failed?;
    Ok((found, end, estimate))
}

/// What the end of a search adds to its count (`?` when interrupted, `+`
/// at the limit) and its exit status, its message written. `estimate` is
/// Knuth's estimate of the part of the tree walked, when known (shown when
/// a signal stopped the search).
fn ending(
    name: &str,
    end: SearchEnd,
    found: u64,
    stats: Stats,
    estimate: Option<f64>,
) -> (&'static str, u8) {
    let estimate = estimate.filter(|_| signals::caught().is_some());
    let said = end.describe(found.into(), stats.nodes, signals::reason, estimate);
    if let Some(message) = said.message {
        warn(format_args!("{name}: {message}"));
    }
    (said.suffix, u8::from(said.interrupted))
}

/// `cover --best K`: the `k` cheapest solutions, cheapest first, each as
/// its options, then `cost N`, then an empty line.
fn best(args: &CoverArgs, name: &str, shown: &Shown<'_>, k: usize) -> io::Result<ExitCode> {
    let problem = shown.searched();
    let mut solver = Solver::new(problem);
    let (_watch, budget) = Watch::start(name.to_string(), &args.budget.budget());
    solver.set_budget(budget);
    let cheapest = match solver.cheapest(k) {
        Ok(cheapest) => cheapest,
        Err(e) => {
            warn(format_args!("{name}: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let mut out = Out::new(false);
    let mut text = String::new();
    for solution in &cheapest.solutions {
        text.clear();
        for &option in &solution.options {
            text.push_str(&shown.option(option));
            text.push('\n');
        }
        text.push_str(&format!("cost {}\n\n", solution.cost));
        out.write(&text)?;
    }
    out.flush()?;
    let found = cheapest.solutions.len();
    let (status, suffix) = match cheapest.end {
        SearchEnd::Interrupted(why) => {
            warn(format_args!(
                "{name}: search stopped ({}) after {} nodes: the {found} cheapest solutions found by then",
                signals::reason(why),
                solver.stats().nodes
            ));
            (1, "?")
        }
        _ if found == 0 => {
            warn(format_args!("{name}: no solution"));
            (0, "")
        }
        _ => (0, ""),
    };
    if args.stats {
        stats(problem, &solver, &format!("{found}{suffix}"));
    }
    Ok(ExitCode::from(status))
}

/// `--stats`: the statistics of the search, on standard error.
fn stats(problem: &Problem, solver: &Solver, solutions: &str) {
    let (s, sizes) = (solver.stats(), problem.describe_sizes());
    warn(format_args!("solutions: {solutions}\n{s}\n{sizes}"));
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
    let nodes = solver.stats().nodes;
    let said = counted
        .end
        .describe(counted.solutions, nodes, signals::reason, None);
    if let Some(message) = said.message {
        warn(format_args!("{name}: {message}"));
    }
    let status = u8::from(said.interrupted);
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
        let (s, sizes) = (solver.stats(), problem.describe_sizes());
        let memo = counted.memo.describe(memo);
        warn(format_args!("solutions: {counted}\n{s}\n{memo}\n{sizes}"));
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
        // A problem the memo does not count: refused, as with --jobs.
        MemoError::WithBounds => {
            warn(format_args!("{name}: {e}"));
            return ExitCode::from(2);
        }
        _ => warn(format_args!("{name}: {e}")),
    }
    ExitCode::from(1)
}

/// `--part K/N`, with errors in the words of the command line.
pub fn parse_part(s: &str) -> Result<exactcover::scale::Part, String> {
    use exactcover::scale::{Part, PartError};
    s.parse::<Part>().map_err(|e| match e {
        PartError::OutOfRange { n: 0, .. } => {
            format!("'{s}': N is the number of parts, at least 1")
        }
        PartError::OutOfRange { k, n } => format!(
            "'{s}': there is no part {k} of {n} (parts are numbered from 0 to {})",
            n - 1
        ),
        _ => format!("'{s}' is not K/N, two whole numbers such as 3/16"),
    })
}

#[derive(Args, Debug)]
pub struct CoverArgs {
    /// Print only the number of solutions. Counts can be huge: use --limit
    /// or a budget; on a terminal a long count shows how far it is.
    #[arg(long)]
    pub count: bool,
    /// Stop after N solutions (N >= 1); with --count, N prints as "N+".
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Write the search statistics to standard error.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub teach: TeachArgs,
    /// With --count: count on N threads (1 to 1024; 0: all cores; default
    /// 1), the search tree split into subproblems that idle threads take in
    /// turn.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(0..=crate::MAX_JOBS))]
    pub jobs: u64,
    /// With --count: count only part K of N (0 <= K < N) of the split,
    /// the same on every machine; `exactcover merge` adds the parts.
    #[arg(long, value_name = "K/N", value_parser = parse_part)]
    pub part: Option<exactcover::scale::Part>,
    /// With --count on threads: the most memory the threads' matrices may
    /// take together (each thread searches a matrix of its own); fewer
    /// threads count when they would take more (default 2G). SIZE is
    /// bytes, or a whole number with K, M, G or T (powers of 1024).
    #[arg(long, value_name = "SIZE", value_parser = parse_bytes)]
    pub max_memory: Option<u64>,
    /// With --count: split into at least N subproblems (by default 16 per
    /// part with --part, else 64 per thread).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub split: Option<u64>,
    /// With --count: print the result as one line of JSON (part, count,
    /// statistics, seconds, the part's subproblems) for `merge`; without
    /// --part, as part 0/1.
    #[arg(long)]
    pub json: bool,
    /// Print the K cheapest solutions, cheapest first, each as its options,
    /// then `cost N`, then an empty line (an option's cost is DLX5's `|n`
    /// at the end of its line; 0 without). Solutions of equal cost come in
    /// the order the search finds them.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub best: Option<u64>,
    /// Solve the problem reduced as `exactcover preprocess` reduces it; the
    /// solutions are written in the input's options.
    #[arg(long)]
    pub preprocess: bool,
    #[command(flatten)]
    pub memo: MemoArgs,
    /// With --memo: also write the ZDD of every solution to OUT, in the
    /// text format of Knuth's DLX6 (m1), which his zddread programs read.
    #[arg(long, value_name = "OUT", requires = "memo")]
    pub zdd: Option<PathBuf>,
    /// The problem (standard input when absent or "-").
    pub file: Option<PathBuf>,
}

impl CoverArgs {
    /// The options that only a count can use.
    pub fn check(&self) -> Result<(), String> {
        let counting = [
            (self.jobs != 1, "--jobs"),
            (self.part.is_some(), "--part"),
            (self.split.is_some(), "--split"),
            (self.max_memory.is_some(), "--max-memory"),
            (self.json, "--json"),
        ];
        for (given, flag) in counting {
            if given && !self.count {
                return Err(format!("{flag} goes with --count"));
            }
        }
        if self.max_memory.is_some() && !self.distributed() {
            // One thread has one matrix: the cap is on threads.
            return Err("--max-memory caps the threads of --jobs, --part or --split".into());
        }
        self.check_memo()?;
        // The options that show one search: --trace, --svg, ...
        let shown = self.teach.first_given();
        if let (true, Some(flag)) = (self.distributed(), shown) {
            return Err(format!(
                "{flag} follows one search: it cannot go with --jobs, --part, --split or --json"
            ));
        }
        if self.best.is_some() {
            let listing = [(self.count, "--count"), (self.limit.is_some(), "--limit")];
            let listed = listing
                .iter()
                .find(|(given, _)| *given)
                .map(|&(_, flag)| flag);
            if let Some(flag) = listed.or(shown) {
                return Err(format!(
                    "--best runs a search of its own for the cheapest solutions: it cannot go with {flag}"
                ));
            }
        }
        if let (true, Some(flag)) = (self.preprocess, shown) {
            return Err(format!(
                "{flag} shows the search of the problem as given: it cannot go with --preprocess"
            ));
        }
        Ok(())
    }

    /// The options that go with `--memo` or against it.
    pub fn check_memo(&self) -> Result<(), String> {
        if !self.memo.memo {
            return Ok(());
        }
        if !self.count {
            return Err("--memo goes with --count".into());
        }
        if let Some(flag) = self.teach.first_given() {
            return Err(format!(
                "{flag} follows a plain search: it cannot go with --memo"
            ));
        }
        if self.zdd.is_some() {
            let whole = [
                (self.limit.is_some(), "--limit"),
                (self.distributed(), "--jobs, --part, --split or --json"),
                // The diagram would name the reduced problem's options.
                (self.preprocess, "--preprocess"),
            ];
            if let Some((_, flag)) = whole.iter().find(|(given, _)| *given) {
                return Err(format!(
                    "--zdd holds every solution of one search: it cannot go with {flag}"
                ));
            }
        }
        Ok(())
    }

    /// Whether the count goes through the split: on threads, in parts, or
    /// as a part's JSON.
    pub fn distributed(&self) -> bool {
        self.count && (self.jobs != 1 || self.part.is_some() || self.split.is_some() || self.json)
    }
}
