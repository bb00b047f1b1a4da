//! The `exactcover` command: `cover` for Knuth's format, `solve`, `count`,
//! `grade`, `minimize` and `generate` for Sudoku. This file only parses
//! arguments; `cover.rs`, `sudoku.rs` and `make.rs` print. The options of
//! the commands that read puzzles are in `args.rs`: one set for all.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};
use exactcover::Budget;
use exactcover::engine::{Branching, Memo};
use exactcover::sudoku::{Alphabet, Shape};

use crate::args::{InputArgs, PuzzleBudgetArgs};
use crate::reply::{Check, Task};

mod args;
mod cover;
mod distribute;
mod feed;
mod input;
mod logic;
mod make;
mod output;
mod preprocess;
mod progress;
mod reply;
mod signals;
mod sudoku;
mod teach;
mod watch;

/// Exact cover by Dancing Links, and Sudoku of every box shape.
#[derive(Parser, Debug)]
#[command(name = "exactcover", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one exact-cover problem in Knuth's DLX1 format (DLX2's with
    /// colours).
    Cover(CoverArgs),
    /// Solve Sudoku puzzles (lines, blocks, jigsaw lines, f-puzzles JSON
    /// variants): one line of output per puzzle; a note on standard error
    /// when a puzzle has several solutions.
    Solve(SolveArgs),
    /// Count the solutions of Sudoku puzzles (lines, blocks, jigsaw lines,
    /// f-puzzles JSON variants): one line per puzzle (no --trace or --svg:
    /// those are for solve and cover). Counts can be huge (an empty 9x9
    /// grid has 6.67e21 solutions): use --limit or a budget; on a terminal a
    /// long count shows how far it is.
    Count(CountArgs),
    /// Write the subproblems of a problem at a depth as self-contained
    /// files in Knuth's format, for any solver to count.
    Split(SplitArgs),
    /// Write a problem in Knuth's format without the options that can be in
    /// no solution (and the items they leave), as Knuth's DLX-PRE reduces
    /// it: the same solutions, each option followed by the comment
    /// `| from N`, its line in the input.
    Preprocess(PreprocessArgs),
    /// Add up the `cover --count --part K/N --json` lines of every part;
    /// refuses a missing or repeated part.
    Merge(MergeArgs),
    /// Make unique Sudoku puzzles, one per line (minimal: no clue, or no
    /// group of clues with a symmetry, can be taken away), after a header
    /// line (`# exactcover: --box 3x2`) when the other commands would not
    /// guess their box shape or symbols.
    Generate(GenerateArgs),
    /// Take clues away from puzzles (read as solve reads them: lines,
    /// blocks, jigsaw lines, f-puzzles JSON) while they stay unique: one
    /// minimal puzzle each, written as it was read (with its region map,
    /// as f-puzzles JSON, ...).
    Minimize(MinimizeArgs),
    /// Grade puzzles (read as solve reads them: lines, blocks, jigsaw
    /// lines, f-puzzles JSON) by the steps of logic they need: one line per
    /// puzzle, the score on Sudoku Explainer's scale, then the level
    /// (--search: the guesses the search needs instead).
    Grade(GradeArgs),
    /// The next step of logic for each puzzle (read as solve reads them),
    /// in words (naked single, pointing, X-wing...): one line per puzzle.
    Hint(LogicArgs),
    /// Every step of logic for each puzzle (read as solve reads them), one
    /// a line, then how it ended (solved, stuck, or no solution).
    Explain(logic::ExplainArgs),
}

/// The most threads `--jobs` may ask for.
const MAX_JOBS: u64 = 1024;

/// The threads `--jobs` asks for: all cores for 0 or none.
fn jobs(jobs: Option<u64>) -> usize {
    match jobs {
        Some(0) | None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(n) => n as usize,
    }
}

/// A pool of `jobs` threads; `None` (with a message) when they cannot
/// start.
fn thread_pool(jobs: usize) -> Option<rayon::ThreadPool> {
    match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => Some(pool),
        Err(e) => {
            output::warn(format_args!("exactcover: cannot start {jobs} threads: {e}"));
            None
        }
    }
}

/// Bounds on each search.
#[derive(Args, Debug, Clone)]
struct BudgetArgs {
    /// Stop a search after trying N options (nodes).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Stop a search after SECONDS (decimals allowed).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
}

impl BudgetArgs {
    fn budget(&self) -> Budget {
        let mut budget = Budget::new();
        if let Some(n) = self.max_nodes {
            budget = budget.with_max_nodes(n);
        }
        if let Some(t) = self.timeout {
            budget = budget.with_timeout(t);
        }
        // A signal stops the search cleanly (commands that handle them).
        if let Some(flag) = signals::cancel_flag() {
            budget = budget.with_cancel_flag(flag);
        }
        budget
    }
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!("the timeout must be positive, not {s}"));
    }
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("'{s}' seconds is longer than a timeout can be"))
}

/// Counting by Algorithm Z.
#[derive(Args, Debug, Clone)]
struct MemoArgs {
    /// With --count: count by Algorithm Z (Knuth's DLX6): every subproblem
    /// counted once and remembered, so that a count need not visit every
    /// solution; exact past 2^64. Where the memo does not pay, the count
    /// goes on without it by itself.
    #[arg(long)]
    memo: bool,
    /// With --memo: the branching rule, mrv (the item of fewest options,
    /// the default) or leftmost (the first item left: far more repeats on
    /// grids, far larger trees elsewhere).
    #[arg(long, value_name = "RULE", requires = "memo")]
    branch: Option<Branching>,
    /// With --memo: the most memory its cache (and ZDD) may take, as bytes
    /// or with K, M, G or T (powers of 1024), e.g. 512M; default 1G. A full
    /// cache stores no more subproblems: the count stays exact, and may
    /// slow down.
    #[arg(long, value_name = "SIZE", requires = "memo", value_parser = parse_size)]
    memory: Option<u64>,
}

impl MemoArgs {
    /// The memo the arguments ask for, if they ask for one.
    fn memo(&self) -> Option<Memo> {
        self.memo.then(|| {
            Memo::new()
                .with_branching(self.branch.unwrap_or_default())
                .with_memory(self.memory.map_or(Memo::DEFAULT_MEMORY, |m| {
                    usize::try_from(m).unwrap_or(usize::MAX)
                }))
        })
    }
}

/// `--max-memory SIZE`: bytes, or a whole number with K, M, G or T (powers
/// of 1024), such as `512M`.
fn parse_size(s: &str) -> Result<u64, String> {
    let bad = || format!("'{s}' is not a size such as 512M or 4G");
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
        .ok_or_else(|| format!("'{s}' is more memory than can be counted"))
}

/// `--part K/N`, with errors in the words of the command line.
fn parse_part(s: &str) -> Result<exactcover::scale::Part, String> {
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

/// Pictures and traces, for people learning the algorithm.
#[derive(Args, Debug, Clone)]
pub struct TeachArgs {
    /// Print the search as an indented tree (items chosen, options tried).
    #[arg(long)]
    trace: bool,
    /// Stop printing the trace after N lines (the search goes on).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    trace_lines: u64,
    /// With --trace, also print every cover and uncover, with the number of
    /// nodes each hides or puts back.
    #[arg(long, requires = "trace")]
    trace_covers: bool,
    /// Draw the exact-cover matrix, the first solution highlighted, as SVG.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
    /// Draw the search tree as SVG (small problems).
    #[arg(long, value_name = "OUT.svg")]
    svg_tree: Option<PathBuf>,
    /// Write an interactive page that replays the search, step by step (one
    /// self-contained HTML file; small problems).
    #[arg(long, value_name = "OUT.html")]
    html: Option<PathBuf>,
    /// Write the recording of the search (every step, with the nodes each
    /// cover hides) as JSON.
    #[arg(long, value_name = "OUT.json")]
    steps: Option<PathBuf>,
    /// The most steps --html and --steps record (at most 1,000,000); a
    /// longer search is refused with advice.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = parse_max_steps)]
    max_steps: usize,
    /// Pictures of the steps of logic instead of the search (`explain
    /// --html`).
    #[arg(skip)]
    logic: bool,
}

/// The most steps `--max-steps` may ask for: a page of more cannot be
/// stepped through by a person, and its recording would take gigabytes.
const MAX_STEPS: usize = 1_000_000;

/// `--max-steps N`, at most [`MAX_STEPS`].
fn parse_max_steps(s: &str) -> Result<usize, String> {
    let n: usize = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number of steps"))?;
    if n > MAX_STEPS {
        return Err(format!(
            "{n} steps are more than a page can show: at most {MAX_STEPS} (record a smaller search: a smaller problem, or --limit)"
        ));
    }
    Ok(n)
}

#[derive(Args, Debug)]
struct CoverArgs {
    /// Print only the number of solutions. Counts can be huge: use --limit
    /// or a budget; on a terminal a long count shows how far it is.
    #[arg(long)]
    count: bool,
    /// Stop after N solutions (N >= 1); with --count, N prints as "N+".
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Write the search statistics to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    teach: TeachArgs,
    /// With --count: count on N threads (1 to 1024; 0: all cores; default
    /// 1), the search tree split into subproblems that idle threads take in
    /// turn.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(0..=MAX_JOBS))]
    jobs: u64,
    /// With --count: count only part K of N (0 <= K < N) of the split,
    /// the same on every machine; `exactcover merge` adds the parts.
    #[arg(long, value_name = "K/N", value_parser = parse_part)]
    part: Option<exactcover::scale::Part>,
    /// With --count on threads: the most memory the threads' matrices may
    /// take together (each thread searches a matrix of its own); fewer
    /// threads count when they would take more (default 2G). SIZE is
    /// bytes, or a whole number with K, M, G or T (powers of 1024).
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
    /// With --count: split into at least N subproblems (by default 16 per
    /// part with --part, else 64 per thread).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    split: Option<u64>,
    /// With --count: print the result as one line of JSON (part, count,
    /// statistics, seconds, the part's subproblems) for `merge`; without
    /// --part, as part 0/1.
    #[arg(long)]
    json: bool,
    /// Print the K cheapest solutions, cheapest first, each as its options,
    /// then `cost N`, then an empty line (an option's cost is DLX5's `|n`
    /// at the end of its line; 0 without). Solutions of equal cost come in
    /// the order the search finds them.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    best: Option<u64>,
    /// Solve the problem reduced as `exactcover preprocess` reduces it; the
    /// solutions are written in the input's options.
    #[arg(long)]
    preprocess: bool,
    #[command(flatten)]
    memo: MemoArgs,
    /// With --memo: also write the ZDD of every solution to OUT, in the
    /// text format of Knuth's DLX6 (m1), which his zddread programs read.
    #[arg(long, value_name = "OUT", requires = "memo")]
    zdd: Option<PathBuf>,
    /// The problem (standard input when absent or "-").
    file: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct PreprocessArgs {
    /// The problem (standard input when absent or "-").
    file: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct SplitArgs {
    /// The depth of the subproblems (the options chosen in each).
    #[arg(long, value_name = "D")]
    depth: usize,
    /// The folder the files go to (made if missing).
    #[arg(long, value_name = "DIR", default_value = "split")]
    dir: PathBuf,
    /// The most subproblems to write.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max: usize,
    file: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// The box shape, R rows by C columns (3x3 by default: a 9x9 grid;
    /// grids above 16x16 need --timeout).
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
    /// The N symbols to write the puzzles in, in order (by default 1-9
    /// then A-Z: 35 at most). A header line names them for the readers.
    #[arg(long, value_name = "SYMBOLS")]
    alphabet: Option<Alphabet>,
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = args::positive)]
    count: u64,
    /// The seed: the same seed gives the same puzzles, on any machine and
    /// with any --jobs.
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = args::whole)]
    seed: u64,
    /// The symmetry of the clues: none, rot180, rot90, mirror, diagonal.
    #[arg(long, value_name = "NAME", default_value = "none")]
    symmetry: exactcover::sudoku::Symmetry,
    /// Every puzzle is minimal already (no clue, or group of clues with a
    /// symmetry, can go); accepted for scripts written for other generators.
    #[arg(long)]
    minimal: bool,
    /// Only puzzles with exactly N clues (bounded by --attempts).
    #[arg(long, value_name = "N", value_parser = args::size)]
    clues: Option<usize>,
    /// Only puzzles whose logic grade (as `grade` prints it, Sudoku
    /// Explainer's scale) is in LO..HI, e.g. 1..4.5.
    #[arg(long, value_name = "LO..HI", value_parser = parse_range)]
    grade: Option<(f64, f64)>,
    /// Only puzzles whose search statistic (mean guesses, as `grade
    /// --search` prints it) is in LO..HI.
    #[arg(long, value_name = "LO..HI", value_parser = parse_range)]
    search_grade: Option<(f64, f64)>,
    /// Solved grids to try per puzzle for --clues, --grade and --search-grade.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = args::positive_size)]
    attempts: usize,
    /// Make puzzles on N threads, at most 1024 (default, or 0: all cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = args::jobs)]
    jobs: Option<u64>,
    /// Also print each puzzle as a grid.
    #[arg(long)]
    pretty: bool,
    #[command(flatten)]
    budget: PuzzleBudgetArgs,
}

fn parse_range(s: &str) -> Result<(f64, f64), String> {
    let (lo, hi) = s
        .split_once("..")
        .ok_or_else(|| format!("'{s}' is not a range LO..HI"))?;
    let number = |t: &str| {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| format!("'{t}' in '{s}' is not a number at least 0"))
    };
    let (lo, hi) = (number(lo)?, number(hi)?);
    if lo > hi {
        return Err(format!("'{s}': LO is above HI"));
    }
    Ok((lo, hi))
}

#[derive(Args, Debug)]
struct MinimizeArgs {
    /// The seed of the order clues are tried in.
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = args::whole)]
    seed: u64,
    /// Minimize on N threads, at most 1024 (default, or 0: all cores);
    /// output stays in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = args::jobs)]
    jobs: Option<u64>,
    #[command(flatten)]
    budget: PuzzleBudgetArgs,
    #[command(flatten)]
    input: InputArgs,
}

#[derive(Args, Debug)]
struct GradeArgs {
    /// Also print the hardest technique, how many steps are that hard, the
    /// steps and the chain lengths (with --search: the singles and nodes
    /// per search).
    #[arg(long)]
    explain: bool,
    /// Print the search statistic (mean guesses and its level) instead of
    /// the grade from logic.
    #[arg(long)]
    search: bool,
    /// Grade on N threads, at most 1024 (default, or 0: all cores); output
    /// stays in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = args::jobs)]
    jobs: Option<u64>,
    #[command(flatten)]
    budget: PuzzleBudgetArgs,
    #[command(flatten)]
    input: InputArgs,
}

#[derive(Args, Debug)]
struct LogicArgs {
    /// One JSON object a line: {"rule", "k", "place", "eliminate"} for a
    /// step (rows, columns and digits from 1), {"solved": ...} for the end.
    #[arg(long)]
    json: bool,
    /// Work on N threads, at most 1024 (default, or 0: all cores); output
    /// stays in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = args::jobs)]
    jobs: Option<u64>,
    #[command(flatten)]
    input: InputArgs,
}

impl LogicArgs {
    /// Reads puzzles as `solve` does and answers each by `task`.
    fn run(&self, task: Task) -> io::Result<ExitCode> {
        // No search: nothing to bound.
        let budget = PuzzleBudgetArgs {
            max_nodes: None,
            timeout: None,
        };
        let options = sudoku::Options::plain(&self.input, &budget, self.jobs);
        sudoku::run(&options, task)
    }
}

#[derive(Args, Debug)]
struct MergeArgs {
    /// Files of JSON lines from `cover --count --part K/N --json` (standard
    /// input when there are none, or for `-`).
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct SudokuArgs {
    /// After each answer line, the grid as a block, for people (with the
    /// regions of a jigsaw).
    #[arg(long)]
    pretty: bool,
    /// Write totals (puzzles, nodes, updates, time) to standard error.
    #[arg(long)]
    stats: bool,
    /// Answer on N threads, at most 1024 (default, or 0: all cores); output
    /// stays in input order. A count of a lone puzzle is spread over them.
    #[arg(long, short = 'j', value_name = "N", value_parser = args::jobs)]
    jobs: Option<u64>,
    /// The most memory the threads' matrices may take together (each
    /// thread answers on a matrix of its own, of the largest shape being
    /// answered); fewer threads answer when they would take more (default
    /// 2G). SIZE is bytes, or a whole number with K, M, G or T.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
    #[command(flatten)]
    budget: PuzzleBudgetArgs,
    #[command(flatten)]
    input: InputArgs,
}

impl SudokuArgs {
    /// What `sudoku::run` needs, with the pictures of `teach`.
    fn options<'a>(&'a self, teach: Option<&'a TeachArgs>) -> sudoku::Options<'a> {
        sudoku::Options {
            input: &self.input,
            budget: &self.budget,
            jobs: self.jobs,
            max_memory: self.max_memory,
            pretty: self.pretty,
            stats: self.stats,
            teach,
        }
    }
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// Print only a unique solution: `not-unique` for a puzzle with
    /// several (status 1).
    #[arg(long, conflicts_with = "first")]
    unique: bool,
    /// Print the first solution found without looking for a second
    /// (faster: for puzzles known to be unique). By default solve looks,
    /// and notes on standard error a puzzle with several solutions.
    #[arg(long)]
    first: bool,
    #[command(flatten)]
    teach: TeachArgs,
    #[command(flatten)]
    common: SudokuArgs,
}

impl SolveArgs {
    /// What solve does about other solutions.
    fn check(&self) -> Check {
        if self.unique {
            Check::Unique
        } else if self.first {
            Check::None
        } else {
            Check::Note
        }
    }
}

#[derive(Args, Debug)]
struct CountArgs {
    /// Stop counting a puzzle at N solutions (N >= 1), printed "N+".
    #[arg(long, value_name = "N", value_parser = args::positive)]
    limit: Option<u64>,
    #[command(flatten)]
    memo: MemoArgs,
    #[command(flatten)]
    common: SudokuArgs,
}

impl CoverArgs {
    /// The options that only a count can use.
    fn check(&self) -> Result<(), String> {
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
        let teach = &self.teach;
        let one_search = [
            (teach.trace, "--trace"),
            (teach.svg.is_some(), "--svg"),
            (teach.svg_tree.is_some(), "--svg-tree"),
            (teach.html.is_some(), "--html"),
            (teach.steps.is_some(), "--steps"),
        ];
        if self.distributed() {
            if let Some((_, flag)) = one_search.iter().find(|(given, _)| *given) {
                return Err(format!(
                    "{flag} follows one search: it cannot go with --jobs, --part, --split or --json"
                ));
            }
        }
        if self.best.is_some() {
            let listing = [(self.count, "--count"), (self.limit.is_some(), "--limit")];
            if let Some((_, flag)) = listing.iter().chain(&one_search).find(|(given, _)| *given) {
                return Err(format!(
                    "--best runs a search of its own for the cheapest solutions: it cannot go with {flag}"
                ));
            }
        }
        if self.preprocess {
            if let Some((_, flag)) = one_search.iter().find(|(given, _)| *given) {
                return Err(format!(
                    "{flag} shows the search of the problem as given: it cannot go with --preprocess"
                ));
            }
        }
        Ok(())
    }

    /// The options that go with `--memo` or against it.
    fn check_memo(&self) -> Result<(), String> {
        if !self.memo.memo {
            return Ok(());
        }
        if !self.count {
            return Err("--memo goes with --count".into());
        }
        let teach = &self.teach;
        let plain = [
            (teach.trace, "--trace"),
            (teach.svg.is_some(), "--svg"),
            (teach.svg_tree.is_some(), "--svg-tree"),
            (teach.html.is_some(), "--html"),
            (teach.steps.is_some(), "--steps"),
        ];
        if let Some((_, flag)) = plain.iter().find(|(given, _)| *given) {
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
    fn distributed(&self) -> bool {
        self.count && (self.jobs != 1 || self.part.is_some() || self.split.is_some() || self.json)
    }
}

impl Command {
    /// The command's name, as typed.
    fn name(&self) -> &'static str {
        match self {
            Command::Cover(_) => "cover",
            Command::Solve(_) => "solve",
            Command::Count(_) => "count",
            Command::Split(_) => "split",
            Command::Preprocess(_) => "preprocess",
            Command::Merge(_) => "merge",
            Command::Generate(_) => "generate",
            Command::Minimize(_) => "minimize",
            Command::Grade(_) => "grade",
            Command::Hint(_) => "hint",
            Command::Explain(_) => "explain",
        }
    }

    /// Checks the options that clap cannot check alone.
    fn check(&self) -> Result<(), String> {
        match self {
            Command::Cover(args) => args.check(),
            Command::Split(_) | Command::Preprocess(_) | Command::Merge(_) => Ok(()),
            Command::Generate(args) => args.check(),
            Command::Minimize(args) => args.input.check(),
            Command::Grade(args) => args.input.check(),
            Command::Hint(args) => args.input.check(),
            Command::Explain(args) => args.logic.input.check(),
            Command::Solve(args) => args.common.input.check(),
            Command::Count(args) => args.common.input.check(),
        }
    }
}

/// Ends the command with a usage error, `message` shown with the usage of
/// `command` (not of `exactcover` as a whole).
fn usage_error(command: &Command, message: String) -> ! {
    let mut cli = Cli::command();
    let name = command.name();
    let mut sub = cli
        .find_subcommand_mut(name)
        .map(|sub| sub.clone().bin_name(format!("exactcover {name}")))
        .unwrap_or_default();
    sub.error(ErrorKind::ArgumentConflict, message).exit()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(message) = cli.command.check() {
        usage_error(&cli.command, message);
    }
    if let Err(e) = output::check_stdout_open() {
        let _ = writeln!(io::stderr(), "exactcover: {e}");
        return ExitCode::from(2);
    }
    // The commands that search long stop cleanly on SIGINT and SIGTERM.
    if matches!(
        cli.command,
        Command::Cover(_) | Command::Solve(_) | Command::Count(_)
    ) {
        if let Err(e) = signals::install() {
            let _ = writeln!(io::stderr(), "exactcover: cannot handle signals: {e}");
        }
    }
    let result = match cli.command {
        Command::Cover(args) => cover::run(&args),
        Command::Split(args) => distribute::split(&args),
        Command::Preprocess(args) => preprocess::run(&args),
        Command::Merge(args) => distribute::merge(&args),
        Command::Generate(args) => make::generate(&args),
        Command::Minimize(args) => {
            let options = sudoku::Options::plain(&args.input, &args.budget, args.jobs);
            sudoku::run(&options, Task::Minimize { seed: args.seed })
        }
        Command::Grade(args) => {
            let options = sudoku::Options::plain(&args.input, &args.budget, args.jobs);
            sudoku::run(
                &options,
                Task::Grade {
                    explain: args.explain,
                    search: args.search,
                },
            )
        }
        Command::Hint(args) => args.run(Task::Logic {
            json: args.json,
            all: false,
            trace: false,
        }),
        Command::Explain(args) => args.run(),
        Command::Solve(args) => {
            let options = args.common.options(Some(&args.teach));
            sudoku::run(&options, Task::Solve(args.check()))
        }
        Command::Count(args) => {
            let options = args.common.options(None);
            match args.memo.memo() {
                Some(memo) => sudoku::run_memo(&options, args.limit, memo),
                None => sudoku::run(&options, Task::Count { limit: args.limit }),
            }
        }
    };
    let code = match result {
        Ok(code) => code,
        // A closed standard output (`exactcover solve big.txt | head -1`)
        // is the reader saying it has seen enough: end quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "exactcover: {e}");
            ExitCode::from(2)
        }
    };
    // Interrupted by a signal: what is known is printed; end as the signal
    // would have ended the command.
    signals::finish();
    code
}
