//! How fast one reused `SudokuSolver` answers a file of puzzles: the probe
//! behind the step-by-step table of docs/performance.md.
//!
//! ```sh
//! cargo run --release --example sudoku_speed -- FILE [first|count] [STRIDE] [PASSES]
//! ```
//!
//! Without arguments (or with arguments not of that form) it prints that
//! usage on standard error and exits with status 2.
//!
//! Reads every `STRIDE`-th line of `FILE` (default 1: every line; lines that
//! are not a puzzle are skipped), then times `PASSES` passes (default 3) over
//! the puzzles, parsing done before the timing, and prints the best pass in
//! microseconds per puzzle. `first` (the default) finds one solution of each
//! puzzle with `solution_into`, which allocates nothing; `count` counts the
//! solutions up to 2. The last number, a checksum (puzzles solved, or
//! solutions counted), lets two builds be compared for the same answers.
//!
//! For example, on the shared puzzle sets (not shipped with the crate):
//!
//! ```sh
//! cargo run --release --example sudoku_speed -- ../shared/data/puzzles/puzzles2_17_clue first 16 5
//! ```

use std::error::Error;
use std::process::ExitCode;
use std::time::Instant;

use exactcover::sudoku::{Grid, SudokuSolver};

const USAGE: &str = "usage: sudoku_speed FILE [first|count] [STRIDE] [PASSES]";

/// What the arguments ask for: the file, whether to count, the stride and
/// the passes; `None` when they are not of the usage's form.
fn parse(args: &[String]) -> Option<(&str, bool, usize, usize)> {
    let file = args.first()?;
    let count = match args.get(1).map(String::as_str) {
        None | Some("first") => false,
        Some("count") => true,
        Some(_) => return None,
    };
    let number = |k: usize, default: usize| match args.get(k) {
        None => Some(default),
        Some(s) => s.parse().ok().filter(|&n| n > 0),
    };
    if args.len() > 4 {
        return None;
    }
    Some((file, count, number(2, 1)?, number(3, 3)?))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // A usage error: the usage, one plain line, and status 2.
    let Some((file, count, stride, passes)) = parse(&args) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match run(file, count, stride, passes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudoku_speed: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(file: &str, count: bool, stride: usize, passes: usize) -> Result<(), Box<dyn Error>> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let puzzles: Vec<Grid> = text
        .lines()
        .step_by(stride)
        .filter_map(|line| line.trim().parse().ok())
        .collect();
    let Some(first) = puzzles.first() else {
        return Err(format!("{file}: no puzzle read").into());
    };

    let mut solver = SudokuSolver::new();
    let mut out = first.clone();
    let (mut best, mut checksum) = (f64::INFINITY, 0);
    for _ in 0..passes {
        checksum = 0;
        let start = Instant::now();
        for puzzle in &puzzles {
            checksum += if count {
                solver.count(puzzle, Some(2))?.solutions
            } else {
                u64::from(solver.solution_into(puzzle, &mut out)?)
            };
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{} puzzles, {:.2} us per puzzle (best of {passes}), checksum {checksum}",
        puzzles.len(),
        best * 1e6 / puzzles.len() as f64,
    );
    Ok(())
}
