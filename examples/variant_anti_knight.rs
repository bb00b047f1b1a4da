//! Anti-knight: no two cells a knight's move apart hold the same digit.
//! Each such pair of cells that share no unit gets a secondary item per
//! digit, covered by both cells' options for it. Cracking the Cryptic's
//! anti-knight puzzle.
//!
//! ```sh
//! cargo run --example variant_anti_knight
//! ```

use std::error::Error;

use exactcover::problem::Labels;
use exactcover::sudoku::{FPuzzle, SudokuSolver};

fn main() -> Result<(), Box<dyn Error>> {
    let puzzle = FPuzzle::parse(include_str!("../data/variants/antiknight-ctc.json"))?;
    let rules = puzzle.rules();
    println!(
        "{} primary items, {} secondary (knight pairs x digits)",
        rules.primary_count(),
        rules.item_count() - rules.primary_count()
    );
    println!(
        "the first secondary item: {}",
        rules.item(rules.primary_count())
    );
    let items: Vec<String> = rules.option_items(0).map(|i| rules.item(i)).collect();
    println!("{} covers: {}", rules.option(0), items.join(", "));
    let mut solver = SudokuSolver::new();
    print!(
        "{:#}",
        solver.solution(puzzle.puzzle())?.ok_or("no solution")?
    );
    println!(
        "solutions up to 2: anti-knight {}, classic {}",
        solver.count(puzzle.puzzle(), Some(2))?,
        solver.count(puzzle.grid(), Some(2))?
    );
    Ok(())
}
