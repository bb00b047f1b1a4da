//! `exactcover cover`: one problem in Knuth's format: its solutions, their
//! number, or (`--best K`) its cheapest solutions; preprocessed first with
//! `--preprocess`. The library's `reply` answers; this file reads the
//! arguments and the problem, and lends it the command line's hooks
//! ([`Shell`]).

use std::io;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use exactcover::{Budget, Interruption, Problem, SearchEnd, Solver};
use exactcover_cli::reply::{self, Host, Request};
use exactcover_cli::util::units::parse_bytes;

use crate::args::{BudgetArgs, MemoArgs, QuietArgs};
use crate::output::{Out, named, warn};
use crate::signals;
use crate::teach::TeachArgs;
use crate::watch::Watch;

pub fn run(args: &CoverArgs) -> io::Result<ExitCode> {
    let (name, read) = match crate::input::load(args.file.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    // With a trace, which goes straight to standard output, the solutions
    // are flushed line by line to keep in step with it.
    let mut shell = Shell::new(args.teach.trace, Some((args, &name)));
    shell.quiet = args.quiet.quiet;
    let status = reply::cover(&args.request(), &name, &read.problem, &mut shell)?;
    Ok(ExitCode::from(status.code()))
}

/// The command line's hooks for the library's replies: standard output in
/// whole lines, messages on standard error, signals, the watch on a long
/// count and, for `cover`, its trace and pictures.
pub struct Shell<'a> {
    out: Out,
    /// `cover`'s arguments and its input's name.
    cover: Option<(&'a CoverArgs, &'a str)>,
    /// `--quiet`: no line showing a long count, no `wrote FILE`.
    quiet: bool,
}

impl<'a> Shell<'a> {
    /// Standard output, flushed at every line with `flush_lines`.
    pub fn new(flush_lines: bool, cover: Option<(&'a CoverArgs, &'a str)>) -> Shell<'a> {
        let out = Out::new(flush_lines);
        Shell {
            out,
            cover,
            quiet: false,
        }
    }
}

impl Host for Shell<'_> {
    fn write(&mut self, text: &str) -> io::Result<()> {
        self.out.write(text)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn warn(&mut self, message: &str) {
        warn(format_args!("{message}"));
    }

    fn reason(&self, why: Interruption) -> String {
        signals::reason(why)
    }

    fn signalled(&self) -> bool {
        signals::caught().is_some()
    }

    fn watch<T>(
        &mut self,
        name: &str,
        budget: &Budget,
        count: impl FnOnce(Budget) -> T,
    ) -> (T, f64) {
        let (watch, budget) = Watch::start_shown(name.to_string(), budget, !self.quiet);
        let counted = count(budget);
        (counted, watch.estimate())
    }

    fn trace(
        &mut self,
        problem: &Problem,
        solver: &mut Solver,
        on_solution: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Option<io::Result<SearchEnd>> {
        let trace = self.cover.and_then(|(args, _)| args.teach.trace())?;
        let mut tracer = trace.tracer(problem, problem);
        let end = solver.visit_observed(&mut tracer, on_solution);
        Some(tracer.finish().map_err(named).map(|_| end))
    }

    /// Writes the pictures and recordings `--svg`, `--svg-tree`, `--html`
    /// and `--steps` ask for; `false` when one was not written.
    fn draw(&mut self, problem: &Problem, solver: &mut Solver) -> bool {
        let Some((args, name)) = self.cover else {
            return true;
        };
        // The matrix highlights the first solution; the recording is of the
        // search `cover` runs: every solution, or up to --limit.
        let chosen = match args.teach.svg {
            Some(_) => solver.solution().ok().flatten().unwrap_or_default(),
            None => Vec::new(),
        };
        let limit = args.limit.unwrap_or(u64::MAX);
        let mut ok = true;
        let quiet = self.quiet;
        let mut write = |file, made| ok &= args.teach.write_one(file, made, 1, quiet);
        let request = args.teach.request();
        request.of_search(problem, &chosen, limit, name, &mut write);
        ok
    }
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
    /// One JSON object a line (docs/json.md): each solution as
    /// {"solution": [its options]} (with --best, and "cost"); with --count,
    /// the count as a part's report (part, count, statistics, seconds, the
    /// part's subproblems) for `merge`, without --part as part 0/1.
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
    /// The search tree: dlx1 (Knuth's DLX1, the default) or abort (DLX1's
    /// without its dead ends: an option stops as soon as it would leave a
    /// primary item with no option, as Knuth's SSXC1 does; faster where
    /// there are dead ends, for problems without colours or bounds).
    /// --stats then also counts the options aborted.
    #[arg(long, value_name = "TREE", default_value = "dlx1")]
    pub tree: exactcover::Tree,
    #[command(flatten)]
    pub quiet: QuietArgs,
    /// The problem (standard input when absent or "-").
    pub file: Option<PathBuf>,
}

impl CoverArgs {
    /// What is asked of the problem, for the library.
    pub fn request(&self) -> Request {
        Request {
            count: self.count,
            limit: self.limit,
            stats: self.stats,
            budget: self.budget.budget(),
            teaching: self.teach.first_given(),
            trace: self.teach.trace,
            jobs: self.jobs,
            part: self.part,
            split: self.split,
            max_memory: self.max_memory,
            json: self.json,
            best: self.best,
            preprocess: self.preprocess,
            memo: self.memo.memo(),
            zdd: self.zdd.clone(),
            tree: self.tree,
        }
    }

    /// The options that do not go together (`Request::check`).
    pub fn check(&self) -> Result<(), String> {
        self.request().check().map_err(|e| e.to_string())
    }
}
