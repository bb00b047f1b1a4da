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
