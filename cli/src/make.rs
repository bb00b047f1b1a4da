//! `exactcover generate`: making puzzles. (`minimize` and `grade` read
//! puzzles, as `solve` does: see `sudoku.rs` and the library's `sudoku::reply`.)

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use exactcover::sudoku::{Alphabet, Generator, Shape};
use exactcover_cli::maker::Maker;
use exactcover_cli::sudoku_reply::Host;
use indicatif::{ProgressBar, ProgressStyle};

use clap::Args;
use exactcover_cli::util::units::{
    parse_count, parse_positive, parse_positive_count, parse_range, parse_threads, parse_whole,
};

use crate::args::{PuzzleBudgetArgs, QuietArgs};
use crate::output::{Out, warn};

/// The largest grids `generate` makes without a time budget: 16x16 takes a
/// fraction of a second, 25x25 can take hours.
pub const UNBOUNDED_SIZE: usize = 16;

impl GenerateArgs {
    /// The box shape: `--box`, else 3x3.
    pub fn box_shape(&self) -> Shape {
        self.shape
            .unwrap_or_else(|| Shape::new(3, 3).unwrap_or_else(|_| unreachable!("3x3 exists")))
    }

    /// Checks what no puzzle can be made or written for: symbols, and
    /// sizes that need a time budget.
    pub fn check(&self) -> Result<(), String> {
        let shape = self.box_shape();
        crate::args::check_symbols(Some(shape), self.alphabet.as_ref())?;
        let n = shape.size();
        if n > UNBOUNDED_SIZE && self.budget.timeout.is_none() {
            return Err(format!(
                "--box {shape} makes {n}x{n} grids, which can take hours each: give \
                 --timeout SECONDS (each puzzle then stops there, unique but perhaps \
                 not minimal)"
            ));
        }
        Ok(())
    }
}

/// `exactcover generate`.
pub fn generate(args: &GenerateArgs) -> io::Result<ExitCode> {
    let generator = Generator::for_shape(args.box_shape())
        .with_seed(args.seed)
        .with_symmetry(args.symmetry)
        .with_clues(args.clues)
        .with_ratings(args.grade)
        .with_grades(args.search_grade)
        .with_attempts(args.attempts)
        .with_budget(args.budget.budget());
    let jobs = crate::jobs(args.jobs);
    let maker = match Maker::new(generator, args.puzzles, jobs) {
        Ok(maker) => maker
            .with_timeout(args.budget.timeout)
            .with_alphabet(args.alphabet.clone())
            .with_pretty(args.pretty)
            .with_json(args.json)
            .with_advice(" (raise --max-nodes or --timeout)"),
        Err(e) => {
            warn(format_args!("exactcover: cannot start {jobs} threads: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let bar = if io::stderr().is_terminal() && args.puzzles > 1 && !args.quiet.quiet {
        let bar = ProgressBar::new(args.puzzles);
        if let Ok(style) = ProgressStyle::with_template("{pos}/{len} puzzles {wide_bar} {eta}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut printer = Printer {
        out: Out::new(false),
        bar: &bar,
    };
    let all_made = maker.make_all(&mut printer, || bar.inc(1))?;
    bar.finish_and_clear();
    Ok(ExitCode::from(u8::from(!all_made)))
}

/// Standard output and error, the progress bar hidden while a message is
/// said.
struct Printer<'a> {
    out: Out,
    bar: &'a ProgressBar,
}

impl Host for Printer<'_> {
    fn write(&mut self, text: &str) -> io::Result<()> {
        self.out.write(text)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn warn(&mut self, message: &str) {
        self.bar.suspend(|| warn(format_args!("{message}")));
    }
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// The box shape, R rows by C columns (3x3 by default: a 9x9 grid;
    /// grids above 16x16 need --timeout).
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,
    /// The N symbols to write the puzzles in, in order (by default 1-9
    /// then A-Z: 35 at most). A header line names them for the readers.
    #[arg(long, value_name = "SYMBOLS")]
    pub alphabet: Option<Alphabet>,
    /// How many puzzles to make (`--count N`, the spelling of earlier
    /// versions, still works; `cover --count` and `count` count solutions).
    #[arg(long, alias = "count", value_name = "N", default_value_t = 1, value_parser = parse_positive)]
    pub puzzles: u64,
    /// The seed: the same seed gives the same puzzles, on any machine and
    /// with any --jobs.
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = parse_whole)]
    pub seed: u64,
    /// The symmetry of the clues: none, rot180, rot90, mirror, diagonal.
    #[arg(long, value_name = "NAME", default_value = "none")]
    pub symmetry: exactcover::sudoku::Symmetry,
    /// Every puzzle is minimal already (no clue, or group of clues with a
    /// symmetry, can go); accepted for scripts written for other generators.
    #[arg(long)]
    pub minimal: bool,
    /// Only puzzles with exactly N clues (bounded by --attempts).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub clues: Option<usize>,
    /// Only puzzles whose logic grade (as `grade` prints it, Sudoku
    /// Explainer's scale) is in LO..HI, e.g. 1..4.5 (a single X: X..X).
    #[arg(long, value_name = "LO..HI", value_parser = parse_range)]
    pub grade: Option<(f64, f64)>,
    /// Only puzzles whose search statistic (mean guesses, as `grade
    /// --search` prints it) is in LO..HI (a single X: X..X).
    #[arg(long, value_name = "LO..HI", value_parser = parse_range)]
    pub search_grade: Option<(f64, f64)>,
    /// Solved grids to try per puzzle for --clues, --grade and --search-grade.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = parse_positive_count)]
    pub attempts: usize,
    /// Make puzzles on N threads, at most 1024 (default, or 0: all cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_threads)]
    pub jobs: Option<u64>,
    /// Also print each puzzle as a grid.
    #[arg(long, conflicts_with = "json")]
    pub pretty: bool,
    /// One JSON object per puzzle, a line each (JSON Lines): its number,
    /// the verdict, the puzzle, its clues, whether it is known minimal, its
    /// box and symbols (docs/json.md).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub quiet: QuietArgs,
    #[command(flatten)]
    pub budget: PuzzleBudgetArgs,
}
