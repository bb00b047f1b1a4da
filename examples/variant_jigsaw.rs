//! Jigsaw Sudoku: nine irregular regions replace the boxes. Otto Janko's
//! Chaos Sudoku 108 (janko.at), read from the jigsaw line format
//! `<givens> <region map>` that `exactcover solve --jigsaw` reads.
//!
//! ```sh
//! cargo run --example variant_jigsaw
//! ```

use std::error::Error;
use std::sync::Arc;

use exactcover::problem::Labels;
use exactcover::sudoku::{Grid, RuledGrid, Rules, SudokuSolver, Uniqueness};

fn main() -> Result<(), Box<dyn Error>> {
    let line = include_str!("../data/variants/jigsaw-janko108.txt");
    let (givens, map) = line.trim().split_once(' ').ok_or("two fields")?;
    let grid: Grid = givens.parse()?;
    let regions = Rules::region_map(map, grid.size())?;
    let rules = Arc::new(Rules::classic(grid.shape()).with_regions(&regions)?);
    println!("Regions (each symbol one region of 9 cells):");
    for row in map.as_bytes().chunks(9) {
        println!("  {}", String::from_utf8_lossy(row));
    }
    println!("The unit after the columns: {}", rules.unit(18));
    println!(
        "Its item for digit 5: {}",
        rules.item(rules.unit_item(18, 5))
    );
    let puzzle = RuledGrid::new(&rules, &grid)?;
    match SudokuSolver::new().uniqueness(puzzle)? {
        Uniqueness::Unique(solution) => print!("The one solution:\n{solution:#}"),
        other => println!("not unique: {other}"),
    }
    // A map that is not nine regions of nine cells is refused, with the region.
    let bad = Rules::region_map(&map.replacen("98", "99", 1), 9)?;
    println!(
        "A broken map: {}",
        Rules::classic(grid.shape()).with_regions(&bad).unwrap_err()
    );
    Ok(())
}
