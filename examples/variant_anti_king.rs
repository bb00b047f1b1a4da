//! Anti-king: no two cells a king's move apart hold the same digit. Two
//! cells are a king's move apart exactly when they share a 2x2 square, so
//! each square (not inside one unit) gets a secondary item per digit. A 6x6
//! anti-king puzzle, with boxes of 2x3.
//!
//! ```sh
//! cargo run --example variant_anti_king
//! ```

use std::error::Error;

use exactcover::problem::Labels;
use exactcover::sudoku::{FPuzzle, SudokuSolver};

fn main() -> Result<(), Box<dyn Error>> {
    let puzzle = FPuzzle::parse(include_str!("../data/variants/antiking-6x6.json"))?;
    let rules = puzzle.rules();
    print!("{:#}", puzzle.grid());
    let squares = (rules.item_count() - rules.primary_count()) / rules.size();
    println!(
        "{squares} 2x2 squares cross a box edge, e.g. {}",
        rules.item(rules.primary_count())
    );
    let mut solver = SudokuSolver::new();
    print!(
        "{:#}",
        solver.solution(puzzle.puzzle())?.ok_or("no solution")?
    );
    println!(
        "unique: {}",
        solver.count(puzzle.puzzle(), Some(2))?.solutions == 1
    );
    Ok(())
}
