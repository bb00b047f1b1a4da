//! Bad input, at the library's edges: every case here once gave a panic, a
//! silent wrong answer, or unbounded memory.

use exactcover::{Problem, Solver};

/// `Problem::default()` is the empty problem `Problem::new()` makes: an
/// option added to it is kept and solved.
#[test]
fn default_problem_is_the_new_problem() {
    let mut problem = Problem::default();
    assert_eq!(problem.option_count(), 0);
    assert_eq!(problem.node_count(), Problem::new().node_count());
    problem.add_primary("a").unwrap();
    assert_eq!(problem.add_named_option(["a"]), Ok(0));
    assert_eq!(problem.option_count(), 1);
    assert_eq!(problem.option(0), Some(&[0][..]));
    assert_eq!(Solver::new(&problem).count_solutions(None).solutions, 1);
}

/// `Grid::set(r, c, Some(0))` is refused: 0 is no value (a blank is `None`);
/// it used to write a blank silently.
#[test]
fn set_refuses_value_zero() {
    use exactcover::sudoku::{Grid, GridError};
    let mut grid: Grid = "1...............".parse().unwrap();
    assert_eq!(
        grid.set(0, 0, Some(0)),
        Err(GridError::BadValue {
            value: 0,
            row: 1,
            column: 1
        })
    );
    assert_eq!(grid.get(0, 0), Some(1), "the grid is unchanged");
    assert_eq!(grid.set(0, 0, None), Ok(()));
    assert_eq!(grid.get(0, 0), None);
}
