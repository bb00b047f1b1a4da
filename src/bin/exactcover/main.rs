//! The `exactcover` command: `cover` for Knuth's format, `solve` and `count`
//! for Sudoku. This file only parses arguments; `cover.rs` and `sudoku.rs`
//! print.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use exactcover::Budget;

mod cover;
mod output;
mod sudoku;
mod teach;

/// Exact cover by Dancing Links, and Sudoku of every box shape.
#[derive(Parser, Debug)]
#[command(name = "exactcover", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one exact-cover problem in Knuth's DLX1 format.
    Cover(CoverArgs),
    /// Solve Sudoku puzzles: one line of output per puzzle.
    Solve(SolveArgs),
    /// Count the solutions of Sudoku puzzles: one line per puzzle.
    Count(CountArgs),
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
    Duration::try_from_secs_f64(secs).map_err(|e| format!("'{s}': {e}"))
}

/// Pictures and traces, for people learning the algorithm.
#[derive(Args, Debug, Clone)]
struct TeachArgs {
    /// Print the search as an indented tree (items chosen, options tried).
    #[arg(long)]
    trace: bool,
    /// Stop printing the trace after N lines (the search goes on).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    trace_lines: u64,
    /// Draw the exact-cover matrix, the first solution highlighted, as SVG.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
    /// Draw the search tree as SVG (small problems).
    #[arg(long, value_name = "OUT.svg")]
    svg_tree: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct CoverArgs {
    /// Print only the number of solutions.
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
    /// The problem (standard input when absent or "-").
    file: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct SudokuArgs {
    /// Each puzzle is a block of rows; blank lines separate puzzles.
    #[arg(long)]
    block: bool,
    /// The N symbols, in order (e.g. 0123456789ABCDEF).
    #[arg(long, value_name = "SYMBOLS")]
    alphabet: Option<String>,
    /// The box shape, rows x columns (e.g. 2x3).
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<String>,
    /// After each answer line, the grid as a block, for people.
    #[arg(long)]
    pretty: bool,
    /// Write totals (puzzles, nodes, updates, time) to standard error.
    #[arg(long)]
    stats: bool,
    /// Solve on N threads (default: all cores); output stays in input order.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
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
    common: SudokuArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Cover(args) => cover::run(&args),
        Command::Solve(args) => sudoku::run(&args.common, sudoku::Mode::Solve, Some(&args.teach)),
        Command::Count(args) => sudoku::run(&args.common, sudoku::Mode::Count(args.limit), None),
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
