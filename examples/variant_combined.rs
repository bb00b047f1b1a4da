//! Variants combine: an empty 9x9 grid under X, windoku and one killer
//! cage at once, solved, checked by the reference solver, and a pair
//! of conflicting givens named with its rule.
//!
//! ```sh
//! cargo run --example variant_combined
//! ```

use std::error::Error;
use std::sync::Arc;

use exactcover::sudoku::{Grid, RuledGrid, Rules, Shape, SudokuSolver, reference};

fn main() -> Result<(), Box<dyn Error>> {
    let shape = Shape::for_size(9)?;
    let rules = Arc::new(
        Rules::classic(shape)
            .with_diagonals()
            .with_windows()?
            .with_cage(&[0, 1, 2], Some(6))?,
    );
    let empty = Grid::empty(shape);
    let puzzle = RuledGrid::new(&rules, &empty)?;
    let solution = SudokuSolver::new().solution(puzzle)?.ok_or("no solution")?;
    print!("{solution:#}");
    println!(
        "obeys the rules: {}",
        RuledGrid::new(&rules, &solution)?.is_solved()
    );
    println!(
        "the reference solver's first grid: {}",
        reference::search(puzzle, 1, None)?
            .1
            .map_or("none".into(), |g| g.to_string())
    );
    let mut clash = Grid::empty(shape);
    clash.set(0, 0, Some(3))?;
    clash.set(4, 4, Some(3))?;
    if let Some(conflict) = RuledGrid::new(&rules, &clash)?.conflict() {
        println!("{conflict}");
    }
    // Some combinations leave no grid at all: X, windoku and anti-knight.
    let strict = Arc::new(
        Rules::classic(shape)
            .with_diagonals()
            .with_windows()?
            .with_anti_knight(),
    );
    let count = SudokuSolver::new().count(RuledGrid::new(&strict, &empty)?, Some(1))?;
    println!("X + windoku + anti-knight grids: {count}");
    Ok(())
}
