//! Killer Sudoku: cages whose distinct digits add up to their sums. Each
//! cage is one option per digit *combination*, not per arrangement: the
//! combination covers the cage's item and the cage's items of the digits it
//! lacks; the cells cover the cage's items of the digits they hold. The UK
//! Puzzle Association's killer (no givens, 25 cages).
//!
//! ```sh
//! cargo run --example variant_killer
//! ```

use std::error::Error;

use exactcover::problem::Labels;
use exactcover::sudoku::{FPuzzle, OptionMeaning, Rules, Shape, SudokuSolver};

fn main() -> Result<(), Box<dyn Error>> {
    let puzzle = FPuzzle::parse(include_str!("../data/variants/killer-ukpuzzles.json"))?;
    let rules = puzzle.rules();
    for (k, cage) in rules.cages().iter().enumerate().take(3) {
        let options: Vec<String> = (729..rules.option_count())
            .filter(|&o| matches!(rules.option_meaning(o), Some(OptionMeaning::Combination { cage, .. }) if cage == k))
            .map(|o| rules.option(o))
            .collect();
        println!(
            "cage {} ({} cells, sum {:?}): {}",
            k + 1,
            cage.cells.len(),
            cage.sum,
            options.join(", ")
        );
    }
    println!(
        "{} items ({} primary), {} options ({} of them combinations)",
        rules.item_count(),
        rules.primary_count(),
        rules.option_count(),
        rules.option_count() - 729
    );
    let mut solver = SudokuSolver::new();
    let solution = solver.solution(puzzle.puzzle())?.ok_or("no solution")?;
    print!("{solution:#}");
    println!(
        "unique: {}",
        solver.count(puzzle.puzzle(), Some(2))?.solutions == 1
    );
    let unreachable = Rules::classic(Shape::for_size(9)?).with_cage(&[0, 1, 2], Some(25));
    println!(
        "a cage of 3 cells adding up to 25: {}",
        unreachable.unwrap_err()
    );
    Ok(())
}
