//! Windoku (hyper Sudoku): four more 3x3 windows, at r2c2, r2c6, r6c2 and
//! r6c6, hold every digit once. 9x9 only: other sizes are an error.
//!
//! ```sh
//! cargo run --example variant_windoku
//! ```

use std::error::Error;
use std::sync::Arc;

use exactcover::sudoku::{Grid, RuledGrid, Rules, Shape, SudokuSolver};

fn main() -> Result<(), Box<dyn Error>> {
    let line = include_str!("../data/variants/windoku-hyper.txt");
    let (givens, _published) = line.trim().split_once(' ').ok_or("two fields")?;
    let grid: Grid = givens.parse()?;
    let rules = Arc::new(Rules::classic(grid.shape()).with_windows()?);
    for w in 27..31 {
        let cells: Vec<String> = rules
            .unit_cells(w)
            .map(|k| format!("r{}c{}", k / 9 + 1, k % 9 + 1))
            .collect();
        println!("{}: {}", rules.unit(w), cells.join(" "));
    }
    let puzzle = RuledGrid::new(&rules, &grid)?;
    let mut solver = SudokuSolver::new();
    let solution = solver.solution(puzzle)?.ok_or("no solution")?;
    print!("{solution:#}");
    println!("unique: {}", solver.count(puzzle, Some(2))?.solutions == 1);
    let six = Rules::classic(Shape::for_size(6)?).with_windows();
    println!("on 6x6: {}", six.unwrap_err());
    Ok(())
}
