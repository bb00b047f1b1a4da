//! Minimum-cost covers: the cheapest solutions against a brute force over
//! every solution (random problems with colours and costs), against Knuth's
//! DLX5 (the same costs, the same search tree), and through Knuth's format
//! and the command line.

use std::io::Write;
use std::ops::ControlFlow;
use std::process::{Command, Stdio};

use exactcover::knuth::{self, KnuthErrorKind};
use exactcover::problem::classic;
use exactcover::{Budget, Interruption, Problem, SearchEnd, Solver};
use quickcheck::{Arbitrary, Gen, QuickCheck};

use crate::common;

/// A small random problem with named items (`p0`.., `s0`..), colours `A`
/// and `B` on secondary items, and costs 0 to 9 (or, with `big`, costs near
/// `u64::MAX / 16`, which only fit summed because a solution has few
/// options): what Knuth's programs read too.
#[derive(Clone, Debug)]
pub struct Priced(pub Problem);

impl Arbitrary for Priced {
    fn arbitrary(g: &mut Gen) -> Priced {
        let mut p = Problem::new();
        let primaries = 1 + usize::arbitrary(g) % 5;
        let secondaries = usize::arbitrary(g) % 4;
        for i in 0..primaries {
            p.add_primary(&format!("p{i}")).unwrap();
        }
        for i in 0..secondaries {
            p.add_secondary(&format!("s{i}")).unwrap();
        }
        let colours = [p.colour("A").unwrap(), p.colour("B").unwrap()];
        let big = u8::arbitrary(g) % 8 == 0;
        for _ in 0..usize::arbitrary(g) % 14 {
            let mut entries = Vec::new();
            for i in 0..primaries + secondaries {
                if u8::arbitrary(g) % 3 != 0 {
                    continue;
                }
                let colour = match u8::arbitrary(g) % 3 {
                    _ if i < primaries => None,
                    0 => None,
                    k => Some(colours[k as usize - 1]),
                };
                entries.push((i, colour));
            }
            if entries.iter().all(|&(i, _)| i >= primaries) {
                entries.push((usize::arbitrary(g) % primaries, None));
            }
            let option = p.add_coloured_option(entries).unwrap();
            let cost = if big {
                u64::MAX / 16 - u64::arbitrary(g) % 1000
            } else {
                u64::arbitrary(g) % 10
            };
            p.set_option_cost(option, cost).unwrap();
        }
        Priced(p)
    }
}

/// Whether `options` is an exact cover of `problem` (colours agreeing).
pub fn is_cover(problem: &Problem, options: &[usize]) -> bool {
    let mut used = vec![0u32; problem.item_count()];
    let mut colour: Vec<Option<Option<usize>>> = vec![None; problem.item_count()];
    let mut agree = true;
    for &o in options {
        let colours = problem.option_colours(o).unwrap();
        for (&i, c) in problem.option(o).unwrap().iter().zip(colours) {
            used[i] += 1;
            match colour[i] {
                None => colour[i] = Some(c),
                Some(earlier) => agree &= c.is_some() && earlier == c,
            }
        }
    }
    agree
        && (0..problem.item_count()).all(|i| {
            if problem.is_primary(i) {
                used[i] == 1
            } else {
                used[i] <= 1 || colour[i].is_some_and(|c| c.is_some())
            }
        })
}

/// Every solution of `problem` (sets of options with a primary item, in
/// increasing order), by trying every subset: for problems of a dozen
/// options.
pub fn all_solutions(problem: &Problem) -> Vec<Vec<usize>> {
    let free: Vec<usize> = (0..problem.option_count())
        .filter(|&o| !problem.is_secondary_only(o))
        .collect();
    (0u32..1 << free.len())
        .map(|set| {
            (0..free.len())
                .filter(|&k| set >> k & 1 == 1)
                .map(|k| free[k])
                .collect::<Vec<usize>>()
        })
        .filter(|chosen| is_cover(problem, chosen))
        .collect()
}

/// The `k` cheapest of `problem`'s solutions, checked against the brute
/// force: the costs are the `k` least (exact, in `u128`), each solution is
/// one, its cost is its options' sum, and they come cheapest first.
fn cheapest_agrees(problem: &Problem, k: usize) -> bool {
    let mut costs: Vec<u128> = all_solutions(problem)
        .iter()
        .map(|s| {
            s.iter()
                .map(|&o| u128::from(problem.option_cost(o).unwrap()))
                .sum()
        })
        .collect();
    costs.sort_unstable();
    costs.truncate(k);
    let best = Solver::new(problem).cheapest(k).expect("costs that fit");
    let found: Vec<u128> = best.solutions.iter().map(|s| u128::from(s.cost)).collect();
    best.end == SearchEnd::Exhausted
        && found == costs
        && best.solutions.iter().all(|s| {
            is_cover(problem, &s.options) && problem.solution_cost(&s.options) == Some(s.cost)
        })
}

#[test]
fn the_cheapest_solutions_are_those_of_a_brute_force() {
    fn prop(p: Priced, k: u8) -> bool {
        cheapest_agrees(&p.0, 1 + usize::from(k % 5))
    }
    QuickCheck::new()
        .tests(1500)
        .quickcheck(prop as fn(Priced, u8) -> bool);
}

#[test]
fn visit_cheaper_hands_over_each_solution_cheaper_than_the_kth_before_it() {
    fn prop(p: Priced, k: u8) -> bool {
        let k = 1 + usize::from(k % 4);
        let mut seen: Vec<u64> = Vec::new();
        let mut ok = true;
        let end = Solver::new(&p.0)
            .visit_cheaper(k, |options, cost| {
                let mut best = seen.clone();
                best.sort_unstable();
                ok &= best.len() < k || cost < best[k - 1];
                ok &= p.0.solution_cost(options) == Some(cost);
                seen.push(cost);
                ControlFlow::Continue(())
            })
            .unwrap();
        seen.sort_unstable();
        seen.truncate(k);
        let best: Vec<u64> = Solver::new(&p.0)
            .cheapest(k)
            .unwrap()
            .solutions
            .iter()
            .map(|s| s.cost)
            .collect();
        ok && end == SearchEnd::Exhausted && seen == best
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(Priced, u8) -> bool);
}

#[test]
fn the_cheapest_with_options_selected_are_the_cheapest_that_hold_them() {
    fn prop(p: Priced, pick: u8) -> bool {
        let problem = &p.0;
        if problem.option_count() == 0 {
            return true;
        }
        let chosen = usize::from(pick) % problem.option_count();
        let mut solver = Solver::new(problem);
        if solver.select(chosen).is_err() {
            return true;
        }
        let mut costs: Vec<u64> = all_solutions(problem)
            .into_iter()
            .filter(|s| s.contains(&chosen))
            .map(|s| problem.solution_cost(&s).unwrap())
            .collect();
        costs.sort_unstable();
        costs.truncate(2);
        let best = solver.cheapest(2).unwrap();
        let found: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
        // A secondary-only option selected is in no solution the brute
        // force lists; the search still counts it.
        problem.is_secondary_only(chosen)
            || (found == costs && best.solutions.iter().all(|s| s.options[0] == chosen))
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(Priced, u8) -> bool);
}

#[test]
fn the_search_for_the_cheapest_leaves_the_solver_as_it_found_it() {
    // Counts, first solutions and cheapest searches in turn, with a budget
    // that stops some of them half way, all agree with fresh solvers.
    fn prop(p: Priced, budget: u8) -> bool {
        let problem = &p.0;
        let count = Solver::new(problem)
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions;
        let cheapest = Solver::new(problem).cheapest(3).unwrap();
        let mut solver = Solver::new(problem);
        let mut ok = true;
        for round in 0..3 {
            solver.set_budget(Budget::new().with_max_nodes(u64::from(budget % 4)));
            let _ = solver.cheapest(1 + round);
            solver.set_budget(Budget::new());
            ok &= solver
                .count(None)
                .unwrap_or_else(exactcover::Count::from)
                .solutions
                == count;
            ok &= solver.cheapest(3).unwrap() == cheapest;
        }
        ok
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(Priced, u8) -> bool);
}

#[test]
fn a_budget_stops_the_search_with_the_cheapest_found_by_then() {
    let problem = cheap_pentominoes(7);
    let mut solver = Solver::new(&problem);
    solver.set_budget(Budget::new().with_max_nodes(3000));
    let some = solver.cheapest(2).unwrap();
    assert_eq!(some.end, SearchEnd::Interrupted(Interruption::NodeLimit));
    assert!(solver.stats().nodes <= 3000);
    solver.set_budget(Budget::new());
    let all = solver.cheapest(2).unwrap();
    assert_eq!(all.end, SearchEnd::Exhausted);
    assert!(some.solutions.len() <= 2);
    for (found, best) in some.solutions.iter().zip(&all.solutions) {
        assert!(found.cost >= best.cost);
    }
}

#[test]
fn costs_that_could_overflow_are_refused_and_those_that_fit_are_exact() {
    let mut problem = Problem::new();
    problem.add_primary_items(2);
    for items in [&[0][..], &[1], &[0, 1]] {
        problem.add_option(items.iter().copied()).unwrap();
    }
    problem.set_option_cost(0, u64::MAX / 2).unwrap();
    problem.set_option_cost(1, u64::MAX / 2).unwrap();
    problem.set_option_cost(2, u64::MAX - 1).unwrap();
    // The dearest solution costs u64::MAX - 1: it fits.
    let best = Solver::new(&problem).cheapest(2).unwrap();
    let costs: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
    assert_eq!(costs, [u64::MAX - 1, u64::MAX - 1]);
    // One more and the two halves could reach u64::MAX.
    problem.set_option_cost(1, u64::MAX / 2 + 1).unwrap();
    let err = Solver::new(&problem).cheapest(1).unwrap_err();
    assert!(err.to_string().contains(&u64::MAX.to_string()));
    let err = Solver::new(&problem)
        .visit_cheaper(1, |_, _| ControlFlow::Continue(()))
        .unwrap_err();
    assert!(matches!(err, exactcover::CostError::Overflow));
    // That solution costs u64::MAX exactly, which the search keeps for "no
    // cost found yet".
    assert_eq!(problem.solution_cost(&[0, 1]), Some(u64::MAX));
}

#[test]
fn without_costs_the_first_solutions_are_the_cheapest() {
    let problem = classic::queens(6);
    let mut solver = Solver::new(&problem);
    let first: Vec<Vec<usize>> = solver.solutions().take(3).collect();
    let best = solver.cheapest(3).unwrap();
    assert_eq!(best.end, SearchEnd::Exhausted);
    let found: Vec<Vec<usize>> = best.solutions.iter().map(|s| s.options.clone()).collect();
    assert_eq!(found, first);
    assert!(best.solutions.iter().all(|s| s.cost == 0));
    // Fewer solutions than asked for: all of them.
    assert_eq!(solver.cheapest(10).unwrap().solutions.len(), 4);
}

#[test]
fn a_problem_without_costs_searches_as_it_did() {
    // A problem given costs of 0 has no costs: the same matrix and tree.
    let plain = classic::pentominoes(3, 20, false);
    let mut zeroes = plain.clone();
    for option in 0..zeroes.option_count() {
        zeroes.set_option_cost(option, 0).unwrap();
    }
    assert!(!zeroes.has_costs());
    let (mut a, mut b) = (Solver::new(&plain), Solver::new(&zeroes));
    let (x, y): (Vec<Vec<usize>>, Vec<Vec<usize>>) =
        (a.solutions().collect(), b.solutions().collect());
    assert_eq!(x, y);
    assert_eq!(a.stats(), b.stats());
}

/// The 6x10 pentominoes with costs 0 to 99 from SplitMix64 seeded with
/// `seed`, as `examples/cheapest_tiling.rs` makes them.
fn cheap_pentominoes(seed: u64) -> Problem {
    let mut problem = classic::pentominoes(6, 10, true);
    let mut state = seed;
    for option in 0..problem.option_count() {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        problem
            .set_option_cost(option, (z ^ (z >> 31)) % 100)
            .unwrap();
    }
    problem
}

/// What DLX5 prints with `k` for `problem`: the `k` cheapest costs, the
/// solutions it found on the way, and the nodes of its search tree.
fn dlx5(problem: &Problem, k: usize) -> Option<(Vec<u64>, u64, u64)> {
    let path = common::knuth_program("dlx5")?;
    let mut text = Vec::new();
    knuth::write(problem, &[], &mut text).unwrap();
    let mut child = Command::new(path)
        .arg(format!("k{k}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let err = String::from_utf8(child.wait_with_output().unwrap().stderr).unwrap();
    let total = err.lines().find(|l| l.starts_with("Altogether ")).unwrap();
    let words: Vec<&str> = total.split_whitespace().collect();
    let solutions = words[1].parse().unwrap();
    let nodes = words[words.len() - 2].parse().unwrap();
    // "The optimum cost is $264", or "The optimum costs are:" then lines
    // " $264" or " $275 (repeated 2 times)".
    let mut costs = Vec::new();
    let after = err.split("The optimum cost").nth(1).unwrap_or("");
    for line in after.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| w.starts_with('$')) else {
            continue;
        };
        let cost: u64 = words[at][1..].parse().unwrap();
        let times = match words.get(at + 1) {
            Some(&"(repeated") => words[at + 2].parse().unwrap(),
            _ => 1,
        };
        costs.extend(std::iter::repeat_n(cost, times));
    }
    Some((costs, solutions, nodes))
}

/// The search is DLX5's: the same cheapest costs, the same solutions found
/// on the way, and one node fewer (DLX5 counts the root).
fn agrees_with_dlx5(problem: &Problem, k: usize) -> Option<bool> {
    let (costs, solutions, nodes) = dlx5(problem, k)?;
    let mut solver = Solver::new(problem);
    let best = solver.cheapest(k).unwrap();
    let ours: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
    let stats = solver.stats();
    Some(ours == costs && stats.solutions == solutions && stats.nodes + 1 == nodes)
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn the_cheapest_tilings_and_the_search_tree_are_dlx5s() {
    for (seed, k) in [(1, 1), (1, 3), (2, 5), (3, 2)] {
        let Some(agree) = agrees_with_dlx5(&cheap_pentominoes(seed), k) else {
            return;
        };
        assert!(agree, "seed {seed}, k {k}");
    }
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn random_problems_with_colours_are_searched_as_dlx5_searches_them() {
    let mut g = Gen::new(10);
    for round in 0..150 {
        let Priced(problem) = Priced::arbitrary(&mut g);
        // DLX5 sums costs in 64 bits and needs a solution to print costs.
        if !problem.has_costs() || has_big_costs(&problem) || all_solutions(&problem).is_empty() {
            continue;
        }
        let k = 1 + round % 3;
        let Some(agree) = agrees_with_dlx5(&problem, k) else {
            return;
        };
        assert!(agree, "{problem:?}, k {k}");
    }
}

/// Whether some option's cost is one of the big ones (DLX5's sums wrap).
fn has_big_costs(problem: &Problem) -> bool {
    (0..problem.option_count()).any(|o| problem.option_cost(o).unwrap() > 1000)
}

#[test]
fn knuths_format_reads_and_writes_dlx5_costs() {
    let read = knuth::parse("a b | x\na |3 x:A |4\nb |0\na b |12\n").unwrap();
    let p = &read.problem;
    let costs: Vec<u64> = (0..3).map(|o| p.option_cost(o).unwrap()).collect();
    assert_eq!(costs, [7, 0, 12]);
    let mut text = Vec::new();
    knuth::write(p, &[], &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(text, "a b | x\na x:A |7\nb\na b |12\n");
    let again = knuth::parse(&text).unwrap().problem;
    let costs: Vec<u64> = (0..3).map(|o| again.option_cost(o).unwrap()).collect();
    assert_eq!(costs, [7, 0, 12]);
    // The largest cost there is, given whole.
    let max = knuth::parse(&format!("a\na |{}\n", u64::MAX)).unwrap();
    assert_eq!(max.problem.option_cost(0), Some(u64::MAX));
}

#[test]
fn bad_costs_are_refused_where_they_are() {
    let cases = [
        ("a\na |x\n", KnuthErrorKind::BadCost("|x".into()), 2),
        ("a\na |+3\n", KnuthErrorKind::BadCost("|+3".into()), 2),
        ("a\na |3x\n", KnuthErrorKind::BadCost("|3x".into()), 2),
        ("a\na | 3\n", KnuthErrorKind::BarInOption, 2),
        (
            "a\na |18446744073709551615 |1\n",
            KnuthErrorKind::CostTooLarge("|1".into()),
            24,
        ),
        (
            "a\na |18446744073709551616\n",
            KnuthErrorKind::CostTooLarge("|18446744073709551616".into()),
            2,
        ),
    ];
    for (text, kind, column) in cases {
        let err = knuth::parse(text).unwrap_err();
        assert_eq!((err.line, err.column), (Some(1), Some(column)), "{text:?}");
        assert_eq!(err.kind, kind, "{text:?}");
        assert!(!err.to_string().is_empty());
    }
    // A line that starts with a cost is a comment, as in DLX5.
    let read = knuth::parse("a\n|3 a\na\n").unwrap();
    assert_eq!(read.problem.option_count(), 1);
}
