//! Tiles a 6x10 rectangle with the twelve pentominoes: counts all 9,356
//! tilings, then the 2,339 left when the X pentomino is kept in the upper
//! left quarter (Knuth's trick to count each tiling once, not once per
//! symmetry of the rectangle), and draws one tiling with the pieces' letters.
//!
//! ```sh
//! cargo run --release --example pentominoes
//! ```
//!
//! This is the slowest example: some 5 to 10 seconds in release mode (the
//! full count does four times the work of the reduced one; each count's time
//! is printed on standard error), and longer in the dev profile, so use
//! `--release`.

use std::time::Instant;

use exactcover::Solver;
use exactcover::problem::classic::{PENTOMINOES, pentominoes};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (rows, cols) = (6, 10);
    for (break_symmetry, expected) in [(false, 9_356), (true, 2_339)] {
        let start = Instant::now();
        let problem = pentominoes(rows, cols, break_symmetry);
        let mut solver = Solver::new(&problem);
        let count = solver.count(None)?;
        let stats = solver.stats();
        println!(
            "{rows}x{cols}, {} ({} items, {} options): {} tilings, {} nodes, {} updates",
            if break_symmetry {
                "X in the upper left quarter"
            } else {
                "all placements"
            },
            problem.item_count(),
            problem.option_count(),
            count.solutions,
            stats.nodes,
            stats.updates
        );
        eprintln!("({:.2?})", start.elapsed());
        assert_eq!(count.solutions, expected);
    }

    // One tiling: each option is a piece (items 0 to 11) and its five cells
    // (item 12 + row * cols + col).
    let problem = pentominoes(rows, cols, true);
    let options = Solver::new(&problem)
        .solution()
        .ok()
        .flatten()
        .unwrap_or_default();
    let mut board = vec!['.'; rows * cols];
    for option in options {
        let items = problem.option(option).unwrap_or_default();
        let letter = PENTOMINOES[items[0]].0;
        for &cell in &items[1..] {
            board[cell - PENTOMINOES.len()] = letter;
        }
    }
    println!();
    for row in board.chunks(cols) {
        println!("{}", row.iter().collect::<String>());
    }
    Ok(())
}
