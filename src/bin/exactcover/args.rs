//! The options of the commands that read puzzles (`solve`, `count`,
//! `grade`, `minimize`, `hint`, `explain`: one set, [`InputArgs`]) and of those that bound
//! the work per puzzle ([`PuzzleBudgetArgs`]), and the parsers that say
//! what is wrong with a number in the words of the command line.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use exactcover::Budget;
use exactcover::sudoku::{Alphabet, Layout, Reader, Shape};
use exactcover::util::units::{parse_seconds, parse_whole};

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

/// Bounds on the work for each puzzle.
#[derive(Args, Debug, Clone)]
pub struct PuzzleBudgetArgs {
    /// Stop a search after trying N options (nodes): each puzzle's search
    /// (solve, count: a count on threads included), or each of the many
    /// searches of a puzzle (grade, minimize, generate).
    #[arg(long, value_name = "N", value_parser = whole)]
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
        crate::BudgetArgs {
            max_nodes: self.max_nodes,
            timeout: self.timeout,
        }
        .budget()
    }

    /// `budget` for one puzzle that starts now, when the puzzle makes many
    /// searches: the timeout bounds them all.
    pub fn for_puzzle(&self, budget: &Budget) -> Budget {
        match self.timeout.and_then(|t| Instant::now().checked_add(t)) {
            Some(deadline) => budget.clone().with_deadline(deadline),
            None => budget.clone(),
        }
    }
}

/// A whole number, in the words of the command line.
pub fn whole(s: &str) -> Result<u64, String> {
    parse_whole(s).map_err(|e| e.to_string())
}

/// A whole number of at least 1 (a limit, a count).
pub fn positive(s: &str) -> Result<u64, String> {
    match whole(s)? {
        0 => Err("it must be at least 1".into()),
        n => Ok(n),
    }
}

/// A number of threads: 0 (all cores) to [`crate::MAX_JOBS`].
pub fn jobs(s: &str) -> Result<u64, String> {
    match whole(s)? {
        n if n > crate::MAX_JOBS => Err(format!(
            "at most {} threads (0: all cores)",
            crate::MAX_JOBS
        )),
        n => Ok(n),
    }
}

/// A count of things that must be at least 1, as a `usize`.
pub fn positive_size(s: &str) -> Result<usize, String> {
    usize::try_from(positive(s)?).map_err(|_| format!("'{s}' is too large"))
}

/// A count of things, as a `usize`.
pub fn size(s: &str) -> Result<usize, String> {
    usize::try_from(whole(s)?).map_err(|_| format!("'{s}' is too large"))
}
