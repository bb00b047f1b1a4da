//! A budget's time covers the whole question, not only the search.

use std::time::Duration;

use exactcover::sudoku::{Grid, Shape, SudokuSolver};
use exactcover::{Budget, Interruption};

/// Building the matrix of an empty 100x100 grid (a million options) takes
/// far longer than 5 ms; with the clock started before it, the search finds
/// its time spent and stops before trying a single option.
#[test]
fn a_timeout_counts_the_building_of_the_matrix() {
    let shape = Shape::new(10, 10).expect("10x10 boxes");
    let empty = Grid::empty(shape);
    let mut solver = SudokuSolver::new();
    solver.set_budget(Budget::new().with_timeout(Duration::from_millis(5)));
    let stop = solver.count(&empty, None).unwrap_err();
    assert_eq!(stop.reason, Interruption::Deadline);
    assert_eq!(solver.stats().nodes, 0, "the search ran after the deadline");
}

/// Knuth's estimate at the `k`-th node of a search stopped there.
fn estimate_at(problem: &exactcover::Problem, k: u64) -> f64 {
    use std::sync::Arc;
    let progress = Arc::new(exactcover::Progress::every(1));
    let mut solver = exactcover::Solver::new(problem);
    solver.set_budget(
        Budget::new()
            .with_max_nodes(k)
            .with_progress(progress.clone()),
    );
    let _ = solver.count(None);
    assert_eq!(progress.nodes(), k - 1, "the last report precedes node {k}");
    progress.estimate()
}

/// Two items with three options each, independent: the search tree is
/// three options of `a`, each with three of `b` below it, alike, so
/// Knuth's estimate is exact: "k of d" at every level.
#[test]
fn knuths_estimate_on_a_uniform_tree() {
    let mut problem = exactcover::Problem::new();
    problem.add_primary_items(2);
    for item in [0, 0, 0, 1, 1, 1] {
        problem.add_option([item]).expect("valid option");
    }
    // Nodes in the order tried: a1, a1 b1, a1 b2, a1 b3, a2, a2 b1, ...
    let cases = [
        (1, 1.0 / 6.0),                           // a1: the middle of the first third
        (2, 1.0 / 18.0),                          // a1 b1
        (4, 2.0 / 9.0 + 1.0 / 18.0),              // a1 b3
        (5, 1.0 / 3.0 + 1.0 / 6.0),               // a2
        (12, 2.0 / 3.0 + 2.0 / 9.0 + 1.0 / 18.0), // a3 b3, the last node
    ];
    for (k, expected) in cases {
        let got = estimate_at(&problem, k);
        assert!(
            (got - expected).abs() < 1e-12,
            "node {k}: {got} != {expected}"
        );
    }
}

/// On a real, uneven tree the estimate stays a fraction, and the part of
/// the tree it counts as walked (its value at the top level) grows.
#[test]
fn knuths_estimate_through_a_whole_search() {
    let queens = exactcover::problem::classic::queens(6);
    let mut total = exactcover::Solver::new(&queens);
    total.count(None).unwrap();
    let nodes = total.stats().nodes;
    let estimates: Vec<f64> = (1..=nodes).map(|k| estimate_at(&queens, k)).collect();
    assert!(
        estimates.iter().all(|e| (0.0..1.0).contains(e)),
        "{estimates:?}"
    );
    // Queens 6 branches first on a row with 6 options: the k-th of them
    // stands at (k - 1/2)/6 when it is tried, and they are tried in turn.
    let first_at = |k: usize| {
        let value = (k as f64 - 0.5) / 6.0;
        estimates.iter().position(|e| (e - value).abs() < 1e-12)
    };
    let tops: Vec<Option<usize>> = (1..=6).map(first_at).collect();
    assert!(tops.iter().all(Option::is_some), "{tops:?}");
    assert!(tops.windows(2).all(|w| w[0] < w[1]), "{tops:?}");
    assert_eq!(
        tops[0],
        Some(0),
        "the first node is the first option at the top"
    );
}

/// A search run in slices (`Solutions::next_within`) finds the solutions of
/// one search, in its order, trying the same nodes: 92 for 8 queens (OEIS
/// A000170), whatever the slice; a budget's node limit counts every slice's
/// nodes and still ends the search.
#[test]
fn a_search_in_slices_is_the_search() {
    use exactcover::{SearchEnd, Solver};
    let queens = exactcover::problem::classic::queens(8);
    let mut whole = Solver::new(&queens);
    let expected: Vec<Vec<usize>> = whole.solutions().collect();
    let nodes = whole.stats().nodes;
    assert_eq!(expected.len(), 92);
    for slice in [1, 7, 1000, u64::MAX - 1] {
        let mut solver = Solver::new(&queens);
        let mut found = Vec::new();
        let mut slices = 0u64;
        let mut solutions = solver.solutions();
        while solutions.end().is_none() {
            slices += 1;
            let before = solutions.stats().nodes;
            if let Some(s) = solutions.next_within(slice) {
                found.push(s.to_vec());
            } else if solutions.end().is_none() {
                // A slice that found nothing tried all its nodes.
                assert_eq!(solutions.stats().nodes, before + slice, "slice {slice}");
            }
        }
        assert_eq!(solutions.end(), Some(SearchEnd::Exhausted), "slice {slice}");
        assert_eq!(found, expected, "slice {slice}");
        assert_eq!(solver.stats().nodes, nodes, "slice {slice}");
        if slice == 1 {
            assert!(
                slices >= nodes,
                "{slices} slices of one node for {nodes} nodes"
            );
        }
    }
    let mut limited = Solver::new(&queens);
    limited.set_budget(Budget::new().with_max_nodes(100));
    let mut solutions = limited.solutions();
    while solutions.end().is_none() {
        let _ = solutions.next_within(7);
    }
    assert_eq!(
        solutions.end(),
        Some(SearchEnd::Interrupted(Interruption::NodeLimit))
    );
    assert_eq!(limited.stats().nodes, 100);
}
