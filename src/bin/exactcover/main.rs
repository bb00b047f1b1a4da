//! The `exactcover` command: `cover` for Knuth's format, `solve` and `count`
//! for Sudoku. This file only parses arguments; `cover.rs` and `sudoku.rs`
//! print.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};
use exactcover::Budget;
use exactcover::engine::{Branching, Memo};
use exactcover::sudoku::{Alphabet, Question, Shape};

mod cover;
mod distribute;
mod input;
mod make;
mod output;
mod progress;
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
    /// Solve Sudoku puzzles: one line of output per puzzle.
    Solve(SolveArgs),
    /// Count the solutions of Sudoku puzzles: one line per puzzle (no
    /// --trace or --svg: those are for solve and cover). Counts can be
    /// huge (an empty 9x9 grid has 6.67e21 solutions): use --limit or a
    /// budget; on a terminal a long count shows how far it is.
    Count(CountArgs),
    /// Write the subproblems of a problem at a depth as self-contained
    /// files in Knuth's format, for any solver to count.
    Split(SplitArgs),
    /// Add up the `cover --count --part K/N --json` lines of every part;
    /// refuses a missing or repeated part.
    Merge(MergeArgs),
    /// Make unique Sudoku puzzles, one per line (minimal: no clue, or no
    /// group of clues with a symmetry, can be taken away).
    Generate(GenerateArgs),
    /// Take clues away from puzzles while they stay unique: one minimal
    /// puzzle per line.
    Minimize(MinimizeArgs),
    /// Grade puzzles by the guesses the search needs: one line per puzzle,
    /// the mean guesses, then the level.
    Grade(GradeArgs),
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
    memory: Option<usize>,
}

impl MemoArgs {
    /// The memo the arguments ask for, if they ask for one.
    fn memo(&self) -> Option<Memo> {
        self.memo.then(|| {
            Memo::new()
                .with_branching(self.branch.unwrap_or_default())
                .with_memory(self.memory.unwrap_or(Memo::DEFAULT_MEMORY))
        })
    }
}

/// A size in bytes: a whole number, with K, M, G or T (powers of 1024)
/// after it if wanted.
fn parse_size(s: &str) -> Result<usize, String> {
    let text = s.trim();
    let (digits, shift) = match text.char_indices().last() {
        Some((at, unit)) if unit.is_ascii_alphabetic() => {
            let shift = match unit.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(format!("'{s}': the unit is K, M, G or T")),
            };
            (&text[..at], shift)
        }
        _ => (text, 0),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("'{s}' is not a size such as 512M or 4G"))?;
    n.checked_mul(1 << shift)
        .and_then(|bytes| usize::try_from(bytes).ok())
        .filter(|&bytes| bytes > 0)
        .ok_or_else(|| format!("'{s}' is not a size this machine can hold (1 to 2^64 - 1 bytes)"))
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
    /// The most steps --html and --steps record; a longer search is refused
    /// with advice.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max_steps: usize,
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
    /// With --count: split into at least N subproblems (by default 16 per
    /// part with --part, else 64 per thread).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    split: Option<u64>,
    /// With --count: print the result as one line of JSON (part, count,
    /// statistics, seconds, the part's subproblems) for `merge`; without
    /// --part, as part 0/1.
    #[arg(long)]
    json: bool,
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
    /// The box shape (9x9 by default).
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,
    /// The seed: the same seed gives the same puzzles, on any machine and
    /// with any --jobs.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// The symmetry of the clues: none, rot180, rot90, mirror, diagonal.
    #[arg(long, value_name = "NAME", default_value = "none")]
    symmetry: exactcover::sudoku::Symmetry,
    /// Every puzzle is minimal already (no clue, or group of clues with a
    /// symmetry, can go); accepted for scripts written for other generators.
    #[arg(long)]
    minimal: bool,
    /// Only puzzles with exactly N clues (bounded by --attempts).
    #[arg(long, value_name = "N")]
    clues: Option<usize>,
    /// Only puzzles whose grade (mean guesses) is in LO..HI, e.g. 1..5.
    #[arg(long, value_name = "LO..HI", value_parser = parse_range)]
    grade: Option<(f64, f64)>,
    /// Solved grids to try per puzzle for --clues and --grade.
    #[arg(long, value_name = "N", default_value_t = 100)]
    attempts: usize,
    /// Threads (default, or 0: all cores).
    #[arg(long, short = 'j', value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=MAX_JOBS))]
    jobs: Option<u64>,
    /// Also print each puzzle as a grid.
    #[arg(long)]
    pretty: bool,
    #[command(flatten)]
    budget: BudgetArgs,
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
            .ok_or_else(|| format!("'{t}' in '{s}' is not a number of guesses"))
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
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Files of puzzles, one per line (standard input when none, or "-").
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct GradeArgs {
    /// Also print the singles (naked, hidden) and nodes per search.
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Files of puzzles, one per line (standard input when none, or "-").
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct MergeArgs {
    /// Files of JSON lines from `cover --count --part K/N --json` (standard
    /// input when there are none, or for `-`).
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct SudokuArgs {
    /// Each puzzle is a block of rows; blank lines separate puzzles.
    #[arg(long)]
    block: bool,
    /// The N symbols, in order (e.g. 0123456789ABCDEF).
    #[arg(long, value_name = "SYMBOLS")]
    alphabet: Option<Alphabet>,
    /// The box shape, rows x columns (e.g. 2x3).
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
    /// Each line is a jigsaw puzzle, `<givens> <region map>`: N*N symbols
    /// each; the regions (one symbol each, any N symbols) replace the boxes.
    #[arg(long)]
    jigsaw: bool,
    /// After each answer line, the grid as a block, for people.
    #[arg(long)]
    pretty: bool,
    /// Write totals (puzzles, nodes, updates, time) to standard error.
    #[arg(long)]
    stats: bool,
    /// Solve on N threads, at most 1024 (default, or 0: all cores); output
    /// stays in input order.
    #[arg(long, short = 'j', value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=MAX_JOBS))]
    jobs: Option<u64>,
    /// Answer each puzzle as soon as it is read (the default when standard
    /// input or output is a terminal), for programs that write one puzzle
    /// and wait for its answer.
    #[arg(long)]
    line_buffered: bool,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Puzzle files (standard input when none, or for "-").
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    teach: TeachArgs,
    #[command(flatten)]
    common: SudokuArgs,
}

#[derive(Args, Debug)]
struct CountArgs {
    /// Stop counting a puzzle at N solutions (N >= 1), printed "N+".
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
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
            (self.json, "--json"),
        ];
        for (given, flag) in counting {
            if given && !self.count {
                return Err(format!("{flag} goes with --count"));
            }
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

impl SudokuArgs {
    /// Checks that `--box` and `--alphabet` agree, and that a box larger than
    /// the default alphabet comes with an alphabet.
    fn check(&self) -> Result<(), String> {
        if self.jigsaw && self.block {
            return Err("--jigsaw reads one puzzle per line: it cannot go with --block".into());
        }
        let Some(shape) = self.shape else {
            return Ok(());
        };
        let n = shape.size();
        match &self.alphabet {
            Some(alphabet) if alphabet.len() != n => Err(format!(
                "--box {shape} needs {n} symbols, but --alphabet has {}",
                alphabet.len()
            )),
            None if n > Alphabet::default().len() => Err(format!(
                "--box {shape} needs {n} symbols, more than the {} of the default alphabet: name them with --alphabet",
                Alphabet::default().len()
            )),
            _ => Ok(()),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let checked = match &cli.command {
        Command::Cover(args) => args.check(),
        Command::Split(_)
        | Command::Merge(_)
        | Command::Generate(_)
        | Command::Minimize(_)
        | Command::Grade(_) => Ok(()),
        Command::Solve(args) => args.common.check(),
        Command::Count(args) => args.common.check(),
    };
    if let Err(message) = checked {
        Cli::command()
            .error(ErrorKind::ArgumentConflict, message)
            .exit();
    }
    if let Err(e) = output::check_stdout_open() {
        let _ = writeln!(io::stderr(), "exactcover: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Cover(args) => cover::run(&args),
        Command::Split(args) => distribute::split(&args),
        Command::Merge(args) => distribute::merge(&args),
        Command::Generate(args) => make::generate(&args),
        Command::Minimize(args) => make::minimize_all(&args),
        Command::Grade(args) => make::grade_all(&args),
        Command::Solve(args) => sudoku::run(&args.common, Question::Solve, Some(&args.teach)),
        Command::Count(args) => {
            let question = Question::Count { limit: args.limit };
            match args.memo.memo() {
                Some(memo) => sudoku::run_memo(&args.common, args.limit, memo),
                None => sudoku::run(&args.common, question, None),
            }
        }
    };
    match result {
        Ok(code) => code,
        // A closed standard output (`exactcover solve big.txt | head -1`)
        // is the reader saying it has seen enough: end quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "exactcover: {e}");
            ExitCode::from(2)
        }
    }
}
