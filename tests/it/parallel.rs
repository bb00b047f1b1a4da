//! Counting on many threads, and in parts: the same counts as one thread,
//! and limits, budgets and cancellation that hold for the whole count.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use exactcover::scale::Counter;
use exactcover::scale::Part;
use exactcover::{Budget, Interruption, SearchEnd, Solver, problem::classic};

#[test]
fn threads_count_what_one_thread_counts() {
    // OEIS A000170 and A014552 (times 2), and the 2,339 pentomino tilings
    // of 6x10 up to symmetry.
    let cases = [
        (classic::queens(10), 724),
        (classic::langford(8), 300),
        (classic::pentominoes(6, 10, true), 2_339),
    ];
    for (problem, expected) in &cases {
        for threads in [1, 2, 3] {
            let counted = Counter::new(problem).with_threads(threads).count();
            assert_eq!(counted.count.solutions, *expected, "{threads} threads");
            assert_eq!(counted.count.end, SearchEnd::Exhausted);
            assert_eq!(counted.stats.solutions, *expected);
            assert!(counted.stats.nodes > 0);
        }
    }
}

#[test]
fn parts_on_threads_add_up() {
    let problem = classic::queens(9);
    for n in [1, 3, 16] {
        let total: u64 = (0..n)
            .map(|k| {
                let part = Part::new(k, n).unwrap();
                let counted = Counter::new(&problem)
                    .with_threads(2)
                    .with_part(part)
                    .count();
                assert_eq!(counted.part, part);
                assert!(counted.split >= 16 * n || n == 1);
                counted.count.solutions
            })
            .sum();
        assert_eq!(total, 352, "{n} parts");
    }
}

#[test]
fn a_limit_holds_across_threads() {
    let problem = classic::queens(10);
    for limit in [1, 5, 100, 724, 725] {
        let counted = Counter::new(&problem)
            .with_threads(2)
            .with_limit(Some(limit))
            .count();
        let expected = limit.min(724);
        assert_eq!(counted.count.solutions, expected, "limit {limit}");
        let end = if limit <= 724 {
            SearchEnd::Limit
        } else {
            SearchEnd::Exhausted
        };
        assert_eq!(counted.count.end, end, "limit {limit}");
    }
}

#[test]
fn cancellation_and_node_budgets_hold_across_threads() {
    let problem = classic::pentominoes(6, 10, true);
    let flag = Arc::new(AtomicBool::new(true));
    let counted = Counter::new(&problem)
        .with_threads(2)
        .with_budget(Budget::new().with_cancel_flag(flag))
        .count();
    assert_eq!(
        counted.count.end,
        SearchEnd::Interrupted(Interruption::Cancelled)
    );

    let full = Solver::new(&problem).count(None).unwrap();
    assert_eq!(full.solutions, 2_339);
    let max = 20_000;
    let counted = Counter::new(&problem)
        .with_threads(2)
        .with_budget(Budget::new().with_max_nodes(max))
        .count();
    assert_eq!(
        counted.count.end,
        SearchEnd::Interrupted(Interruption::NodeLimit)
    );
    assert!(counted.count.solutions < 2_339);
    // A node limit bounds the whole count, on every thread together.
    assert!(counted.stats.nodes <= max, "{} nodes", counted.stats.nodes);
    for threads in [1, 2, 3] {
        for max in [0, 1, 500, 5_000] {
            let counted = Counter::new(&problem)
                .with_threads(threads)
                .with_part(Part::new(0, 2).unwrap())
                .with_budget(Budget::new().with_max_nodes(max))
                .count();
            assert!(
                counted.stats.nodes <= max,
                "{threads} threads, {max}: {} nodes",
                counted.stats.nodes
            );
        }
    }
}

#[test]
fn the_statistics_count_the_split() {
    // Split or not, the same tree is walked: as many nodes in all.
    for problem in [classic::queens(8), classic::langford(7)] {
        let mut solver = Solver::new(&problem);
        solver.count(None).unwrap();
        let one = solver.stats().nodes;
        for threads in [2, 3] {
            let counted = Counter::new(&problem).with_threads(threads).count();
            assert!(counted.split > 1);
            assert_eq!(counted.stats.nodes, one, "{threads} threads");
        }
    }
}

#[test]
fn parts_merge_through_their_reports() {
    use exactcover::scale::{Merge, MergeError, PartReport, Position};
    let problem = classic::queens(8);
    let reports: Vec<String> = (0..4)
        .map(|k| {
            let counter = Counter::new(&problem).with_part(Part::new(k, 4).unwrap());
            counter.report(&counter.count()).to_json()
        })
        .collect();
    let mut merge = Merge::new();
    for (line, text) in reports.iter().enumerate() {
        let report: PartReport = text.parse().unwrap();
        merge.add(report, Position::new("parts", line + 1)).unwrap();
    }
    let merged = merge.finish().unwrap();
    assert_eq!((merged.solutions, merged.parts), (92, 4));
    assert!(merged.is_exact());

    let mut merge = Merge::new();
    merge.read("parts", reports[1].as_bytes()).unwrap();
    let again = merge.read("again", reports[1].as_bytes()).unwrap_err();
    assert!(matches!(again, MergeError::Repeated { .. }), "{again}");
    let missing = merge.finish().unwrap_err();
    assert!(
        matches!(&missing, MergeError::Missing { n: 4, missing: 3, first } if first == &[0, 2, 3]),
        "{missing}"
    );
    // Another problem's part.
    let other = classic::queens(9);
    let counter = Counter::new(&other).with_part(Part::new(0, 4).unwrap());
    let foreign = counter.report(&counter.count()).to_json();
    let mut merge = Merge::new();
    merge.read("parts", reports[1].as_bytes()).unwrap();
    let err = merge.read("other", foreign.as_bytes()).unwrap_err();
    assert!(matches!(err, MergeError::Different { .. }), "{err}");
}

#[test]
fn visiting_on_threads_sees_every_solution_once() {
    let problem = classic::queens(8);
    let mut solver = Solver::new(&problem);
    let mut expected = BTreeSet::new();
    for mut s in solver.solutions() {
        s.sort_unstable();
        expected.insert(s);
    }
    let seen = Mutex::new(Vec::new());
    let counted = Counter::new(&problem)
        .with_threads(2)
        .visit(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            seen.lock().unwrap().push(s);
            ControlFlow::Continue(())
        })
        .unwrap();
    let seen = seen.into_inner().unwrap();
    assert_eq!(counted.count.solutions, 92);
    assert_eq!(seen.len(), 92);
    assert_eq!(seen.into_iter().collect::<BTreeSet<_>>(), expected);
}

#[test]
fn a_selection_narrows_the_count_and_a_conflict_is_an_error() {
    // Queen 0 is at r0 c0: the 8-queens solutions with a queen in a corner.
    let problem = classic::queens(8);
    let mut solver = Solver::new(&problem);
    solver.select(0).unwrap();
    let expected = solver.count(None).unwrap().solutions;
    let counted = Counter::new(&problem)
        .with_selection(&[0])
        .with_threads(2)
        .count();
    assert_eq!(counted.count.solutions, expected);
    // Queens 0 (r0 c0) and 1 (r0 c1) share rank r0.
    assert!(
        Counter::new(&problem)
            .with_selection(&[0, 1])
            .try_count()
            .is_err()
    );
}
