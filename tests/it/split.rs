//! Subproblems and parts add up to the whole count, against known counts.

use exactcover::scale::{Part, Subproblem};
use exactcover::{Problem, Solver, problem::classic};

/// The count of every part of `n` of the split of `problem` into at least
/// `4 n` subproblems (as the command line splits), one solver reused for
/// every subproblem; the split is made once, as each machine would make it.
fn count_parts(problem: &Problem, n: usize) -> Vec<u64> {
    let mut solver = Solver::new(problem);
    let subs: Vec<Subproblem> = solver.split(4 * n, 1 << 20);
    let mut counts = vec![0; n];
    for (k, count) in counts.iter_mut().enumerate() {
        let part = Part::new(k, n).unwrap();
        for (i, sub) in subs.iter().enumerate() {
            if !part.holds(i) {
                continue;
            }
            solver.clear_selection();
            solver.select_path(sub).unwrap();
            *count += solver.count(None).unwrap().solutions;
        }
    }
    counts
}

#[test]
fn parts_add_up_to_the_known_counts() {
    // OEIS A000170 (queens), A014552 (Langford pairs, times 2 for the two
    // orientations), and the 2,339 tilings of a 6x10 box by the twelve
    // pentominoes up to symmetry (X kept in one quarter).
    let cases: Vec<(&str, Problem, u64)> = vec![
        ("queens 8", classic::queens(8), 92),
        ("queens 9", classic::queens(9), 352),
        ("langford 7", classic::langford(7), 52),
        ("langford 8", classic::langford(8), 300),
        ("pentominoes 6x10", classic::pentominoes(6, 10, true), 2_339),
    ];
    for (name, problem, expected) in &cases {
        for n in [1, 3, 16, 1024] {
            let total: u64 = count_parts(problem, n).iter().sum();
            assert_eq!(total, *expected, "{name}, {n} parts");
        }
    }
}

#[test]
fn subproblems_of_a_depth_cover_every_solution_once() {
    // Every solution of queens 6 (4 of them) lies below exactly one
    // subproblem of each depth: the subproblem's options are in it.
    let problem = classic::queens(6);
    let mut solver = Solver::new(&problem);
    let all: Vec<Vec<usize>> = solver.solutions().collect();
    assert_eq!(all.len(), 4);
    for depth in 0..6 {
        let subs = solver.subproblems(depth, 10_000).unwrap();
        for solution in &all {
            let holding = subs
                .iter()
                .filter(|s| s.options.iter().all(|o| solution.contains(o)))
                .count();
            assert_eq!(holding, 1, "depth {depth}");
        }
        for s in &subs {
            assert!(s.depth() <= depth);
            let back: Subproblem = s.to_string().parse().unwrap();
            assert_eq!(&back, s);
        }
        assert_eq!(solver.selection_len(), 0, "the selection is as before");
    }
}

#[test]
fn splits_respect_the_selection_and_colours() {
    // Word squares have colours; a selection first narrows the tree.
    let words = ["ab", "cd", "ac", "bd", "ad", "cb", "bc", "da"];
    let problem = classic::word_squares(&words).unwrap();
    let mut solver = Solver::new(&problem);
    let total = solver.count(None).unwrap().solutions;
    assert!(total > 0);
    let mut sum = 0;
    for sub in solver.split(8, 10_000) {
        solver.clear_selection();
        solver.select_path(&sub).unwrap();
        sum += solver.count(None).unwrap().solutions;
    }
    assert_eq!(sum, total);

    // With option 0 selected first, the split counts what remains.
    solver.clear_selection();
    solver.select(0).unwrap();
    let below = solver.count(None).unwrap().solutions;
    let subs = solver.split(4, 10_000);
    let mut sum = 0;
    for sub in &subs {
        solver.clear_selection();
        solver.select(0).unwrap();
        solver.select_path(sub).unwrap();
        sum += solver.count(None).unwrap().solutions;
    }
    assert_eq!(sum, below);
}

#[test]
fn too_many_subproblems_is_an_error_not_a_flood() {
    let mut solver = Solver::new(&classic::queens(8));
    let err = solver.subproblems(4, 10).unwrap_err();
    assert_eq!((err.max, err.depth), (10, 4));
    assert!(err.to_string().contains("more than 10 subproblems"));
    assert_eq!(solver.selection_len(), 0);
    assert_eq!(solver.count(None).unwrap().solutions, 92);
}

#[test]
fn a_wide_level_is_made_in_part() {
    // 300 options on B (chosen first), then 4,000 on A: level 2 has
    // 1,200,000 nodes. A split into 8,192 expands two nodes of level 1.
    let mut problem = Problem::new();
    problem.add_primary_items(2);
    for _ in 0..4_000 {
        problem.add_option([0]).unwrap();
    }
    for _ in 0..300 {
        problem.add_option([1]).unwrap();
    }
    let mut solver = Solver::new(&problem);
    let split = solver.split_within(8_192, 1 << 20, &exactcover::Budget::new());
    assert_eq!(split.subproblems.len(), 298 + 2 * 4_000);
    assert_eq!(split.stats.nodes, 300 + 2 * 4_000);
    assert_eq!(solver.split(8_192, 1 << 20), split.subproblems);
    let mut total = 0;
    for sub in &split.subproblems {
        solver.clear_selection();
        solver.select_path(sub).unwrap();
        total += solver.count(None).unwrap().solutions;
    }
    assert_eq!(total, 1_200_000);
    // Never more than the maximum, even below what was asked.
    let small = solver.split(8_192, 1_000);
    assert!(small.len() <= 1_000 && !small.is_empty(), "{}", small.len());
}

#[test]
fn a_split_stops_with_its_budget() {
    use exactcover::{Budget, Interruption};
    let problem = classic::queens(10);
    let mut solver = Solver::new(&problem);
    let whole = solver.split_within(1_000, 1 << 20, &Budget::new());
    assert!(whole.interrupted.is_none());
    for max in [0, 5, whole.stats.nodes - 1] {
        let cut = solver.split_within(1_000, 1 << 20, &Budget::new().with_max_nodes(max));
        assert_eq!(cut.interrupted, Some(Interruption::NodeLimit));
        assert!(cut.subproblems.is_empty() && cut.stats.nodes <= max);
    }
    let exact = solver.split_within(
        1_000,
        1 << 20,
        &Budget::new().with_max_nodes(whole.stats.nodes),
    );
    assert_eq!(exact.subproblems, whole.subproblems);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = solver.split_within(1_000, 1 << 20, &Budget::new().with_cancel_flag(flag));
    assert_eq!(cancelled.interrupted, Some(Interruption::Cancelled));
    assert_eq!(solver.selection_len(), 0);
    assert_eq!(solver.count(None).unwrap().solutions, 724);
}

/// `items` primary items and `options` options of `width` distinct items
/// each, drawn by a fixed generator (the same problem on every run).
fn random_problem(items: usize, options: usize, width: usize, seed: u64) -> Problem {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    let mut problem = Problem::new();
    problem.add_primary_items(items);
    for _ in 0..options {
        let mut option: Vec<usize> = Vec::new();
        while option.len() < width {
            let item = next() % items;
            if !option.contains(&item) {
                option.push(item);
            }
        }
        problem.add_option(option).unwrap();
    }
    problem
}

/// The sum of the counts of `subs`, each selected on `solver`.
fn sum_of(solver: &mut Solver, subs: &[Subproblem]) -> u64 {
    let mut total = 0;
    for sub in subs {
        solver.clear_selection();
        solver.select_path(sub).unwrap();
        total += solver.count(None).unwrap().solutions;
    }
    solver.clear_selection();
    total
}

#[test]
fn a_wide_root_is_made_in_part() {
    // Issue 39: 20 items and 50,000 options of 5 (about 12,500 on the
    // item the search branches on first); 128 subproblems asked for. The
    // root's level was made whole, some 12,000 subproblems: now its first
    // 127 branches, and the root with their options ruled out.
    let problem = random_problem(20, 50_000, 5, 39);
    let mut solver = Solver::new(&problem);
    let split = solver.split_within(128, 1 << 20, &exactcover::Budget::new());
    assert!(split.interrupted.is_none());
    let subs = &split.subproblems;
    assert!(subs.len() <= 128 && subs.len() >= 100, "{}", subs.len());
    assert!(split.stats.nodes <= 127, "{}", split.stats.nodes);
    let rest = subs.last().unwrap();
    assert_eq!(rest.depth(), 0);
    assert_eq!(rest.excluded.len(), subs.len() - 1);
    for (sub, &ruled) in subs.iter().zip(&rest.excluded) {
        assert_eq!(sub.options, [ruled]);
    }
    let back: Subproblem = rest.to_string().parse().unwrap();
    assert_eq!(&back, rest);
    // Every machine makes the same split.
    assert_eq!(&Solver::new(&problem).split(128, 1 << 20), subs);

    // A smaller one, counted: 300 options of 3 items among 9 (about 90
    // on the first item branched on).
    let problem = random_problem(9, 300, 3, 7);
    let mut solver = Solver::new(&problem);
    let whole = solver.count(None).unwrap().solutions;
    assert!(whole > 0);
    for (at_least, max) in [(2, 1 << 20), (4, 1 << 20), (20, 30), (5, 5)] {
        let subs = solver.split(at_least, max);
        assert!(
            subs.len() <= at_least.min(max),
            "{at_least}: {}",
            subs.len()
        );
        assert!(subs.iter().any(|s| !s.excluded.is_empty()));
        assert_eq!(sum_of(&mut solver, &subs), whole, "{at_least} {max}");
        assert_eq!(Solver::new(&problem).split(at_least, max), subs);
    }
}

#[test]
fn a_node_made_in_part_below_the_root() {
    // Queens and Langford pairs with the node's cap tight (a maximum below
    // the children of one node): the sums stay their OEIS counts.
    let cases: Vec<(Problem, u64)> = vec![
        (classic::queens(8), 92),
        (classic::queens(9), 352),
        (classic::langford(7), 52),
        (classic::langford(8), 300),
    ];
    for (problem, expected) in &cases {
        let mut solver = Solver::new(problem);
        for (at_least, max) in [(2, 3), (3, 3), (5, 6), (10, 12), (40, 41), (100, 100)] {
            let subs = solver.split(at_least, max);
            assert!(subs.len() <= max, "{}", subs.len());
            assert_eq!(sum_of(&mut solver, &subs), *expected, "{at_least} {max}");
            assert_eq!(Solver::new(problem).split(at_least, max), subs);
        }
    }
}

/// A random small problem, with bounds on some items or none, and a split
/// asked of it.
#[derive(Clone, Debug)]
struct Asked {
    problem: Problem,
    at_least: usize,
    max: usize,
}

impl quickcheck::Arbitrary for Asked {
    fn arbitrary(g: &mut quickcheck::Gen) -> Asked {
        let items = 1 + usize::arbitrary(g) % 6;
        let options = usize::arbitrary(g) % 80;
        let mut problem = Problem::new();
        problem.add_primary_items(items);
        for _ in 0..options {
            let width = 1 + usize::arbitrary(g) % 3.min(items);
            let mut option: Vec<usize> = Vec::new();
            while option.len() < width {
                let item = usize::arbitrary(g) % items;
                if !option.contains(&item) {
                    option.push(item);
                }
            }
            problem.add_option(option).unwrap();
        }
        if bool::arbitrary(g) {
            for item in 0..items {
                if bool::arbitrary(g) {
                    let lower = u32::arbitrary(g) % 2;
                    let upper = lower.max(1) + u32::arbitrary(g) % 2;
                    problem.set_bounds(item, lower, upper).unwrap();
                }
            }
        }
        let at_least = 1 + usize::arbitrary(g) % 8;
        let max = at_least + usize::arbitrary(g) % 60;
        Asked {
            problem,
            at_least,
            max,
        }
    }
}

#[test]
fn splits_add_up_on_random_problems() {
    use exactcover::scale::{Counter, Merge, Position};
    fn prop(asked: Asked) -> bool {
        let Asked {
            problem,
            at_least,
            max,
        } = asked;
        let mut solver = Solver::new(&problem);
        let whole = solver.count(None).unwrap().solutions;
        let subs = solver.split(at_least, max);
        if subs.len() > max || Solver::new(&problem).split(at_least, max) != subs {
            return false;
        }
        if sum_of(&mut solver, &subs) != whole {
            return false;
        }
        // And in parts, through their reports and `merge`.
        let n = 3;
        let mut merge = Merge::new();
        for k in 0..n {
            let counter = Counter::new(&problem)
                .with_part(Part::new(k, n).unwrap())
                .with_min_subproblems(at_least)
                .with_max_subproblems(max);
            let line = counter.report(&counter.count()).to_json();
            if merge.read("parts", line.as_bytes()).is_err() {
                return false;
            }
        }
        let _ = Position::new("parts", 1);
        merge
            .finish()
            .is_ok_and(|merged| u128::from(whole) == merged.solutions)
    }
    quickcheck::QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(Asked) -> bool);
}
