//! Sudoku X: both main diagonals hold every digit once. The Sudoku-X
//! example of Sudopedia: its 18 givens leave many classic grids, one X grid.
//!
//! ```sh
//! cargo run --example variant_x
//! ```

use std::error::Error;

use exactcover::problem::Labels;
use exactcover::sudoku::{FPuzzle, SudokuSolver};

fn main() -> Result<(), Box<dyn Error>> {
    let puzzle = FPuzzle::parse(include_str!("../data/variants/x-sudopedia.json"))?;
    let rules = puzzle.rules();
    print!("{:#}", puzzle.grid());
    println!(
        "{} units ({} and {} added), {} items, {} options",
        rules.unit_count(),
        rules.unit(27),
        rules.unit(28),
        rules.item_count(),
        rules.option_count()
    );
    println!(
        "e.g. item {}: {}",
        rules.unit_item(27, 1),
        rules.item(rules.unit_item(27, 1))
    );
    let mut solver = SudokuSolver::new();
    let solution = solver.solution(puzzle.puzzle())?.ok_or("no solution")?;
    print!("Solution:\n{solution:#}");
    println!(
        "solutions (up to 2): X {}, classic {}",
        solver.count(puzzle.puzzle(), Some(2))?,
        solver.count(puzzle.grid(), Some(2))?
    );
    Ok(())
}
