//! How fast the engine counts the classic problems: the probe behind the
//! generic rows of docs/performance.md.
//!
//! ```sh
//! cargo run --release --example generic_speed -- [PASSES] [NAME]
//! ```
//!
//! Counts every solution of queens 12, Langford pairs 11, the 6x10
//! pentomino rectangle (symmetry broken), the double word squares of
//! `classic::synthetic_words(4, "abcd", 5)` (colours) and the domino
//! tilings of a 7x8 board (options of two items), `PASSES` times each
//! (default 5), and prints the best pass of each in milliseconds with the
//! count, so two builds can be compared for the same answers. With `NAME`,
//! only the problems whose name contains it (for a profiler).
//!
//! The probe names only what every revision since the seam of the kinds
//! has (the domino problem is written out here, as
//! `classic::dominoes` has it), so that `bench/compare.sh` runs this very
//! file on both builds it compares.

use std::time::Instant;

use exactcover::{Problem, Solver, problem::classic};

/// `classic::dominoes(rows, cols)`: the cells row by row, all primary;
/// cell by cell, the horizontal domino from it, then the vertical one.
fn dominoes(rows: usize, cols: usize) -> Problem {
    let mut p = Problem::new();
    p.add_primary_items(rows * cols);
    for cell in 0..rows * cols {
        if cell % cols + 1 < cols {
            p.add_option([cell, cell + 1]).expect("two cells");
        }
        if cell / cols + 1 < rows {
            p.add_option([cell, cell + cols]).expect("two cells");
        }
    }
    p
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let passes: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let only = std::env::args().nth(2).unwrap_or_default();
    let words = classic::synthetic_words(4, "abcd", 5);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let cases: [(&str, Problem); 5] = [
        ("queens 12", classic::queens(12)),
        ("langford 11", classic::langford(11)),
        ("pentominoes 6x10", classic::pentominoes(6, 10, true)),
        (
            "word squares 4x4",
            classic::word_squares(&words).expect("words of one length"),
        ),
        ("dominoes 7x8", dominoes(7, 8)),
    ];
    for (name, problem) in cases.iter().filter(|(name, _)| name.contains(&only)) {
        let mut solver = Solver::new(problem);
        let mut best = f64::INFINITY;
        let mut solutions = 0;
        for _ in 0..passes {
            let start = Instant::now();
            solutions = solver.count(None)?.solutions;
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!("{name:<18} {:>9.2} ms  {solutions}", best * 1e3);
    }
    Ok(())
}
