//! exactcover against the `sudoku` crate on one file of puzzles, in pairs:
//! the probe behind the Sudoku targets of issue 33 (docs/performance.md).
//!
//! ```sh
//! cargo run -p exactcover-bench --release --example sudoku_peer -- FILE [first|count] [STRIDE] [ROUNDS]
//! ```
//!
//! Reads every `STRIDE`-th line of `FILE` (default 1; lines that are not a
//! puzzle are skipped), checks once that both solvers give the same answers
//! (the same count up to 2, and on a unique puzzle the same grid), then runs
//! `ROUNDS` rounds (default 15): in each, one pass of exactcover (one reused
//! `SudokuSolver`, `solution_into` or `count(_, Some(2))`, as
//! `examples/sudoku_speed.rs` times it) and one pass of the `sudoku` crate
//! (`some_solution` or `solutions_count_up_to(2)`), one right after the
//! other, the first alternating from round to round. Prints the median pass
//! of each in microseconds per puzzle, and the median and quartiles of the
//! ratio exactcover / sudoku within a round: the two passes of a round are
//! milliseconds apart, so their ratio varies least with the changes of
//! speed of a shared machine. Puzzles are parsed before any timing.
//!
//! With `ROUNDS` 0 it times nothing, and with `only-exactcover` or
//! `only-sudoku` as a fifth argument it runs one side alone, 20 passes, for a
//! profiler (`valgrind --tool=callgrind`).

use std::error::Error;
use std::hint::black_box;
use std::time::Instant;

use exactcover::sudoku::{Grid, SudokuSolver};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: sudoku_peer FILE [first|count] [STRIDE] [ROUNDS] [only-exactcover|only-sudoku]";
    let Some(file) = args.first() else {
        return Err(usage.into());
    };
    let count = match args.get(1).map(String::as_str) {
        None | Some("first") => false,
        Some("count") => true,
        Some(other) => return Err(format!("mode must be first or count, not {other:?}").into()),
    };
    let stride: usize = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let rounds: usize = args.get(3).map_or(Ok(15), |s| s.parse())?;
    let only = args.get(4).map(String::as_str);
    if stride == 0 {
        return Err("STRIDE must be at least 1".into());
    }

    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut puzzles = Vec::new();
    for line in text.lines().step_by(stride) {
        let (Ok(grid), Ok(peer)) = (
            line.trim().parse::<Grid>(),
            sudoku::Sudoku::from_str_line(line.trim()),
        ) else {
            continue;
        };
        puzzles.push((grid, peer));
    }
    let Some((first, _)) = puzzles.first() else {
        return Err(format!("{file}: no puzzle read").into());
    };
    let mut solver = SudokuSolver::new();
    let mut out = first.clone();

    // The same answers, or no timing.
    for (grid, peer) in &puzzles {
        let ours = solver.count(grid, Some(2))?.solutions;
        let theirs = peer.solutions_count_up_to(2) as u64;
        if ours != theirs {
            return Err(format!("{grid}: exactcover counts {ours}, sudoku {theirs}").into());
        }
        if ours == 1 {
            solver.solution_into(grid, &mut out)?;
            let peer_solution = peer.some_solution().map(|s| s.to_bytes());
            if peer_solution.as_ref().map(|s| &s[..]) != Some(out.cells()) {
                return Err(format!("{grid}: the two solutions differ").into());
            }
        }
    }

    let ours = |solver: &mut SudokuSolver, out: &mut Grid| -> Result<f64, Box<dyn Error>> {
        let start = Instant::now();
        let mut checksum = 0u64;
        for (grid, _) in &puzzles {
            checksum += if count {
                solver.count(black_box(grid), Some(2))?.solutions
            } else {
                u64::from(solver.solution_into(black_box(grid), out)?)
            };
        }
        black_box(checksum);
        Ok(start.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64)
    };
    let theirs = || -> f64 {
        let start = Instant::now();
        let mut checksum = 0u64;
        for (_, peer) in &puzzles {
            checksum += if count {
                black_box(peer).solutions_count_up_to(2) as u64
            } else {
                u64::from(black_box(peer).some_solution().is_some())
            };
        }
        black_box(checksum);
        start.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64
    };

    match only {
        Some("only-exactcover") => {
            for _ in 0..20 {
                ours(&mut solver, &mut out)?;
            }
            return Ok(());
        }
        Some("only-sudoku") => {
            for _ in 0..20 {
                theirs();
            }
            return Ok(());
        }
        Some(other) => return Err(format!("{other:?}: {usage}").into()),
        None => {}
    }
    if rounds == 0 {
        return Ok(());
    }

    let (mut a, mut b, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (x, y) = if round % 2 == 0 {
            let x = ours(&mut solver, &mut out)?;
            (x, theirs())
        } else {
            let y = theirs();
            (ours(&mut solver, &mut out)?, y)
        };
        a.push(x);
        b.push(y);
        ratios.push(x / y);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (ma, mb) = (median(&mut a), median(&mut b));
    ratios.sort_by(f64::total_cmp);
    let n = ratios.len();
    println!(
        "{} puzzles, {} rounds: exactcover {ma:.2} us, sudoku {mb:.2} us per puzzle (medians); \
         exactcover / sudoku {:.3} ({:.3}-{:.3})",
        puzzles.len(),
        rounds,
        ratios[n / 2],
        ratios[n / 4],
        ratios[n * 3 / 4],
    );
    Ok(())
}
