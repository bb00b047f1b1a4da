//! A budget's time covers the whole question, not only the search.

use std::time::Duration;

use exactcover::sudoku::{Grid, Shape, SudokuSolver};
use exactcover::{Budget, Interruption, SearchEnd};

/// Building the matrix of an empty 100x100 grid (a million options) takes
/// far longer than 5 ms; with the clock started before it, the search finds
/// its time spent and stops before trying a single option.
#[test]
fn a_timeout_counts_the_building_of_the_matrix() {
    let shape = Shape::new(10, 10).expect("10x10 boxes");
    let empty = Grid::empty(shape);
    let mut solver = SudokuSolver::new();
    solver.set_budget(Budget::new().with_timeout(Duration::from_millis(5)));
    let count = solver.count_solutions(&empty, None);
    assert_eq!(count.end, SearchEnd::Interrupted(Interruption::Deadline));
    assert_eq!(solver.stats().nodes, 0, "the search ran after the deadline");
}
