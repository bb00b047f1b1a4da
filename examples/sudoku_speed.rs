//! How fast one reused `SudokuSolver` answers a file of puzzles: the probe
//! behind the step-by-step table of docs/performance.md.
//!
//! ```sh
//! cargo run --release --example sudoku_speed -- FILE [first|count] [STRIDE] [PASSES]
//! ```
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
use std::time::Instant;

use exactcover::sudoku::{Grid, SudokuSolver};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        return Err("usage: sudoku_speed FILE [first|count] [STRIDE] [PASSES]".into());
    };
    let count = match args.get(1).map(String::as_str) {
        None | Some("first") => false,
        Some("count") => true,
        Some(other) => return Err(format!("mode must be first or count, not {other:?}").into()),
    };
    let stride: usize = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let passes: usize = args.get(3).map_or(Ok(3), |s| s.parse())?;
    if stride == 0 || passes == 0 {
        return Err("STRIDE and PASSES must be at least 1".into());
    }

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
