//! The options of the commands that read puzzles (`solve`, `count`,
//! `grade`, `minimize`, `hint`, `explain`: one set, [`InputArgs`]) and of those that bound
//! the work per puzzle ([`PuzzleBudgetArgs`]), and the parsers that say
//! what is wrong with a number in the words of the command line.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use exactcover::Budget;
use exactcover::engine::{Branching, Memo};
use exactcover::sudoku::{Alphabet, Layout, Reader, Shape};
use exactcover_cli::sudoku_reply::{Check, Task};
use exactcover_cli::util::units::{
    parse_bytes, parse_positive, parse_seconds, parse_threads, parse_whole,
};

use crate::signals;
use crate::sudoku;
use crate::teach::TeachArgs;

/// How puzzles are read: the same options for every command that reads
/// them, so that any of them reads a file as the others do.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Each puzzle is a block of rows; blank lines separate puzzles.
    #[arg(long)]
    pub block: bool,
    /// Each line is a jigsaw puzzle, `<givens> <region map>`: N*N symbols
    /// each; the regions (one symbol each, any N symbols) replace the boxes.
    #[arg(long)]
    pub jigsaw: bool,
    /// The N symbols, in order (e.g. 0123456789ABCDEF; by default 1-9 then
    /// A-Z, or 0-9 then A-Z for grids above 9x9 whose text shows it).
    #[arg(long, value_name = "SYMBOLS")]
    pub alphabet: Option<Alphabet>,
    /// The box shape, rows x columns (e.g. 3x2 for boxes 3 rows high; by
    /// default RxC with R the largest divisor of N at most sqrt(N)).
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,
    /// Answer each puzzle as soon as it is read, and flush each answer (the
    /// default when standard input or output is a terminal). Without it,
    /// answers still flow whenever reading would wait for more input.
    #[arg(long)]
    pub line_buffered: bool,
    /// Files of puzzles: one per line (or per block, or jigsaw lines), or
    /// one f-puzzles JSON file each (a name ending in .json, or text
    /// starting with `{`). Standard input when none, or for "-".
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

impl InputArgs {
    /// Checks that the options agree: `--jigsaw` without `--block`,
    /// `--box` and `--alphabet` of one size, a box larger than the default
    /// alphabet with an alphabet.
    pub fn check(&self) -> Result<(), String> {
        if self.jigsaw && self.block {
            return Err("--jigsaw reads one puzzle per line: it cannot go with --block".into());
        }
        check_symbols(self.shape, self.alphabet.as_ref())
    }

    /// The reader of the puzzles.
    pub fn reader(&self) -> Reader {
        let mut reader = Reader::new();
        if let Some(alphabet) = &self.alphabet {
            reader = reader.with_alphabet(alphabet.clone());
        }
        if let Some(shape) = self.shape {
            reader = reader.with_shape(shape);
        }
        reader
    }

    /// The layout the options ask for (an f-puzzles input is told by its
    /// name or its text).
    pub fn layout(&self) -> Layout {
        if self.jigsaw {
            Layout::Jigsaw
        } else if self.block {
            Layout::Block
        } else {
            Layout::Line
        }
    }
}

/// Checks that `--box` and `--alphabet` agree, and that a box larger than
/// the default alphabet comes with an alphabet.
pub fn check_symbols(shape: Option<Shape>, alphabet: Option<&Alphabet>) -> Result<(), String> {
    let Some(shape) = shape else {
        return Ok(());
    };
    let n = shape.size();
    match alphabet {
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

/// `--json`, for every command that answers puzzles.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct JsonArgs {
    /// One JSON object per puzzle, a line each (JSON Lines): the input,
    /// the line, the verdict in the words of the text, the answer and the
    /// message (docs/json.md has the schema of each command's objects).
    #[arg(long)]
    pub json: bool,
}

/// `--quiet`, for every command that answers puzzles, and `cover`.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct QuietArgs {
    /// Only the answers on standard output and the errors on standard
    /// error: no notes (a puzzle with several solutions, an f-puzzles key
    /// ignored), no progress on a terminal, no "wrote FILE".
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Bounds on the work for each puzzle (none by default).
#[derive(Args, Debug, Clone, Default)]
pub struct PuzzleBudgetArgs {
    /// Stop a search after trying N options (nodes): each puzzle's search
    /// (solve, count: a count on threads included), or each of the many
    /// searches of a puzzle (grade, minimize, generate).
    #[arg(long, value_name = "N", value_parser = parse_whole)]
    pub max_nodes: Option<u64>,
    /// Stop each puzzle after SECONDS (decimals allowed): its search
    /// (solve, count), or all its searches (grade, minimize, generate).
    /// Not the whole command: each puzzle has its own time.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

impl PuzzleBudgetArgs {
    /// The budget of one search.
    pub fn budget(&self) -> Budget {
        BudgetArgs {
            max_nodes: self.max_nodes,
            timeout: self.timeout,
        }
        .budget()
    }
}

/// Bounds on each search.
#[derive(Args, Debug, Clone)]
pub struct BudgetArgs {
    /// Stop a search after trying N options (nodes).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop a search after SECONDS (decimals allowed).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

impl BudgetArgs {
    pub fn budget(&self) -> Budget {
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

/// Counting by Algorithm Z.
#[derive(Args, Debug, Clone)]
pub struct MemoArgs {
    /// With --count: count by Algorithm Z (Knuth's DLX6): every subproblem
    /// counted once and remembered, so that a count need not visit every
    /// solution; exact past 2^64. Where the memo does not pay, the count
    /// goes on without it by itself.
    #[arg(long)]
    pub memo: bool,
    /// With --memo: the branching rule, mrv (the item of fewest options,
    /// the default) or leftmost (the first item left: far more repeats on
    /// grids, far larger trees elsewhere).
    #[arg(long, value_name = "RULE", requires = "memo")]
    pub branch: Option<Branching>,
    /// With --memo: the most memory its cache (and ZDD) may take, as bytes
    /// or with K, M, G or T (powers of 1024), e.g. 512M; default 1G. A full
    /// cache stores no more subproblems: the count stays exact, and may
    /// slow down.
    #[arg(long, value_name = "SIZE", requires = "memo", value_parser = parse_bytes)]
    pub memory: Option<u64>,
}

impl MemoArgs {
    /// The memo the arguments ask for, if they ask for one.
    pub fn memo(&self) -> Option<Memo> {
        self.memo.then(|| {
            Memo::new()
                .with_branching(self.branch.unwrap_or_default())
                .with_memory(self.memory.map_or(Memo::DEFAULT_MEMORY, |m| {
                    usize::try_from(m).unwrap_or(usize::MAX)
                }))
        })
    }
}

#[derive(Args, Debug)]
pub struct MinimizeArgs {
    /// The seed of the order clues are tried in.
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = parse_whole)]
    pub seed: u64,
    /// Minimize on N threads, at most 1024 (default, or 0: all cores);
    /// output stays in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads)]
    pub jobs: Option<u64>,
    #[command(flatten)]
    pub json: JsonArgs,
    #[command(flatten)]
    pub quiet: QuietArgs,
    #[command(flatten)]
    pub budget: PuzzleBudgetArgs,
    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Args, Debug)]
pub struct GradeArgs {
    /// Also print the hardest technique, how many steps are that hard, the
    /// steps and the chain lengths (with --search: the singles and nodes
    /// per search).
    #[arg(long)]
    pub explain: bool,
    /// Print the search statistic (mean guesses and its level) instead of
    /// the grade from logic.
    #[arg(long)]
    pub search: bool,
    /// Grade on N threads, at most 1024 (default, or 0: all cores); output
    /// stays in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads)]
    pub jobs: Option<u64>,
    #[command(flatten)]
    pub json: JsonArgs,
    #[command(flatten)]
    pub quiet: QuietArgs,
    #[command(flatten)]
    pub budget: PuzzleBudgetArgs,
    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Args, Debug)]
pub struct LogicArgs {
    /// One JSON object per puzzle, a line each (JSON Lines): the input,
    /// the line, the verdict, then the step {"rule", "k", "place",
    /// "eliminate"} (rows, columns and digits from 1) or the end
    /// {"solved", ...}; `explain`: every step and the end (docs/json.md).
    #[arg(long)]
    pub json: bool,
    /// Work on N threads, at most 1024 (default, or 0: all cores); output
    /// stays in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads)]
    pub jobs: Option<u64>,
    #[command(flatten)]
    pub quiet: QuietArgs,
    #[command(flatten)]
    pub input: InputArgs,
}

impl LogicArgs {
    /// Reads puzzles as `solve` does and answers each by `task`.
    pub fn run(&self, task: Task) -> io::Result<ExitCode> {
        // No search: nothing to bound.
        let budget = PuzzleBudgetArgs::default();
        let mut options = sudoku::Options::plain(&self.input, &budget, self.jobs, self.quiet);
        options.json = self.json;
        sudoku::run(&options, task)
    }
}

/// `explain`: the options of `hint`, and the teaching ones.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Print each puzzle's steps as a trace: each step's number, technique
    /// and sentence, then its base and cover items, the candidates it
    /// removes and the digits it places, in the matrix's names (r2c1=7,
    /// box 3 has 7); then how it ended.
    #[arg(long, conflicts_with = "json")]
    trace: bool,
    /// Write an interactive page of the first puzzle that steps through its
    /// logic (Next, Back): the base and cover units of each step
    /// highlighted, the candidates removed struck through, the step in
    /// words; a button switches to the replay of the search (one
    /// self-contained HTML file).
    #[arg(long, value_name = "OUT.html")]
    html: Option<PathBuf>,
    /// The most steps of the search the page records (as solve --html
    /// --max-steps).
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = exactcover_cli::files::parse_max_steps, requires = "html")]
    max_steps: usize,
    #[command(flatten)]
    pub logic: LogicArgs,
}

impl ExplainArgs {
    /// Reads puzzles as `solve` does and explains each; draws the page of
    /// the first.
    pub fn run(&self) -> io::Result<ExitCode> {
        let task = Task::Logic {
            json: self.logic.json,
            all: true,
            trace: self.trace,
        };
        if self.html.is_none() {
            return self.logic.run(task);
        }
        let teach = TeachArgs {
            html: self.html.clone(),
            max_steps: self.max_steps,
            logic: true,
            ..TeachArgs::default()
        };
        let budget = PuzzleBudgetArgs::default();
        let mut options = sudoku::Options::plain(
            &self.logic.input,
            &budget,
            self.logic.jobs,
            self.logic.quiet,
        );
        options.teach = Some(&teach);
        options.json = self.logic.json;
        sudoku::run(&options, task)
    }
}

#[derive(Args, Debug)]
pub struct SudokuArgs {
    /// After each answer line, the grid as a block, for people (with the
    /// regions of a jigsaw).
    #[arg(long)]
    pub pretty: bool,
    /// Write totals (puzzles, nodes, updates, time) to standard error.
    #[arg(long)]
    pub stats: bool,
    /// Answer on N threads, at most 1024 (default, or 0: all cores); output
    /// stays in input order. A count of a lone puzzle is spread over them.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads)]
    pub jobs: Option<u64>,
    /// The most memory the threads' matrices may take together (each
    /// thread answers on a matrix of its own, of the largest shape being
    /// answered); fewer threads answer when they would take more (default
    /// 2G). SIZE is bytes, or a whole number with K, M, G or T.
    #[arg(long, value_name = "SIZE", value_parser = parse_bytes)]
    pub max_memory: Option<u64>,
    #[command(flatten)]
    pub json: JsonArgs,
    #[command(flatten)]
    pub quiet: QuietArgs,
    #[command(flatten)]
    pub budget: PuzzleBudgetArgs,
    #[command(flatten)]
    pub input: InputArgs,
}

impl SudokuArgs {
    /// Refuses `--pretty` with `--json`: the grid as a block is for people.
    pub fn check_json(&self) -> Result<(), String> {
        if self.json.json && self.pretty {
            return Err("--pretty draws grids for people: it cannot go with --json".into());
        }
        Ok(())
    }

    /// What `sudoku::run` needs, with the pictures of `teach`.
    pub fn options<'a>(&'a self, teach: Option<&'a TeachArgs>) -> sudoku::Options<'a> {
        sudoku::Options {
            input: &self.input,
            budget: &self.budget,
            jobs: self.jobs,
            max_memory: self.max_memory,
            pretty: self.pretty,
            stats: self.stats,
            quiet: self.quiet.quiet,
            json: self.json.json,
            teach,
        }
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Print only a unique solution: `not-unique` for a puzzle with
    /// several (status 1).
    #[arg(long, conflicts_with = "first")]
    pub unique: bool,
    /// Print the first solution found without looking for a second
    /// (faster: for puzzles known to be unique). By default solve looks,
    /// and notes on standard error a puzzle with several solutions.
    #[arg(long)]
    pub first: bool,
    #[command(flatten)]
    pub teach: TeachArgs,
    #[command(flatten)]
    pub common: SudokuArgs,
}

impl SolveArgs {
    /// What solve does about other solutions.
    pub fn check(&self) -> Check {
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
pub struct CountArgs {
    /// Stop counting a puzzle at N solutions (N >= 1), printed "N+".
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub memo: MemoArgs,
    #[command(flatten)]
    pub common: SudokuArgs,
}
