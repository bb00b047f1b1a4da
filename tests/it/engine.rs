//! The engine against brute force, and against counts published by others.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use exactcover::{Budget, Count, Interruption, Problem, SearchEnd, SelectError, Solver};
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// A small random problem: up to 6 primary and 3 secondary items, up to 12
/// options.
#[derive(Clone, Debug)]
struct Small {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
}

impl Arbitrary for Small {
    fn arbitrary(g: &mut Gen) -> Small {
        let primary = usize::arbitrary(g) % 7;
        let secondary = usize::arbitrary(g) % 4;
        let items = primary + secondary;
        let mut options = Vec::new();
        if items > 0 {
            for _ in 0..usize::arbitrary(g) % 13 {
                let mut option: Vec<usize> =
                    (0..items).filter(|_| u8::arbitrary(g) % 3 == 0).collect();
                if option.is_empty() {
                    option.push(usize::arbitrary(g) % items);
                }
                // Shuffle so that item order inside an option varies.
                for k in (1..option.len()).rev() {
                    option.swap(k, usize::arbitrary(g) % (k + 1));
                }
                options.push(option);
            }
        }
        Small {
            primary,
            secondary,
            options,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Small>> {
        let me = self.clone();
        Box::new((0..self.options.len()).map(move |k| {
            let mut s = me.clone();
            s.options.remove(k);
            s
        }))
    }
}

impl Small {
    fn problem(&self) -> Problem {
        let mut p = Problem::new();
        p.add_primary_items(self.primary);
        p.add_secondary_items(self.secondary);
        for o in &self.options {
            p.add_option(o.iter().copied()).unwrap();
        }
        p
    }

    /// Every subset of options that is an exact cover, each sorted. As in
    /// Knuth's definition, an option with no primary item is never part of a
    /// solution (unless it is `forced`, as a pre-selection is).
    fn brute_force_with(&self, forced: Option<usize>) -> BTreeSet<Vec<usize>> {
        let m = self.options.len();
        let mut found = BTreeSet::new();
        for mask in 0u32..(1 << m) {
            let usable = (0..m).all(|k| {
                mask & (1 << k) == 0
                    || Some(k) == forced
                    || self.options[k].iter().any(|&i| i < self.primary)
            });
            let has_forced = forced.is_none_or(|k| mask & (1 << k) != 0);
            if !usable || !has_forced {
                continue;
            }
            let mut covered = vec![0; self.primary + self.secondary];
            for k in 0..m {
                if mask & (1 << k) != 0 {
                    for &i in &self.options[k] {
                        covered[i] += 1;
                    }
                }
            }
            let ok = covered[..self.primary].iter().all(|&c| c == 1)
                && covered[self.primary..].iter().all(|&c| c <= 1);
            if ok {
                found.insert((0..m).filter(|k| mask & (1 << k) != 0).collect());
            }
        }
        found
    }

    fn brute_force(&self) -> BTreeSet<Vec<usize>> {
        self.brute_force_with(None)
    }
}

/// How many random cases a property test tries: `n`, or 10 under Miri
/// (`bash .ci/miri`), whose interpreter is about a thousand times slower.
fn cases(n: u64) -> u64 {
    if cfg!(miri) { 10 } else { n }
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort();
    v
}

#[test]
fn engine_matches_brute_force() {
    fn prop(s: Small) -> bool {
        let expected = s.brute_force();
        let mut solver = Solver::new(&s.problem());
        let iterated: Vec<Vec<usize>> = solver.solutions().map(sorted).collect();
        let as_set: BTreeSet<Vec<usize>> = iterated.iter().cloned().collect();
        // No solution twice, and exactly the brute-force ones.
        iterated.len() == as_set.len() && as_set == expected
    }
    QuickCheck::new()
        .tests(cases(2000))
        .quickcheck(prop as fn(Small) -> bool);
}

#[test]
fn every_way_of_asking_agrees() {
    fn prop(s: Small, limit: u8) -> bool {
        let mut solver = Solver::new(&s.problem());
        let count = solver.count(None).unwrap();
        let first = solver.solution().unwrap();
        let mut visited = Vec::new();
        let end = solver.visit(|o| {
            visited.push(o.to_vec());
            ControlFlow::Continue(())
        });
        let iterated: Vec<Vec<usize>> = solver.solutions().collect();
        let limit = u64::from(limit % 5) + 1;
        let limited = solver.count(Some(limit)).unwrap();
        count.end == SearchEnd::Exhausted
            && end == SearchEnd::Exhausted
            && count.solutions == visited.len() as u64
            && visited == iterated
            && first == visited.first().cloned()
            && limited.solutions == count.solutions.min(limit)
            && (limited.end == SearchEnd::Limit) == (count.solutions >= limit)
            && solver.stats().solutions == limited.solutions
    }
    QuickCheck::new()
        .tests(cases(1000))
        .quickcheck(prop as fn(Small, u8) -> bool);
}

#[test]
fn selection_equals_brute_force_restricted() {
    // Pre-selecting option k gives exactly the solutions containing k.
    fn prop(s: Small, pick: usize) -> bool {
        if s.options.is_empty() {
            return true;
        }
        let k = pick % s.options.len();
        let expected = s.brute_force_with(Some(k));
        let mut solver = Solver::new(&s.problem());
        solver.select(k).unwrap();
        let got: BTreeSet<Vec<usize>> = solver.solutions().map(sorted).collect();
        let with = got == expected;
        // Clearing restores the whole problem, after a search left midway.
        let _ = solver.solution();
        solver.clear_selection();
        let all: BTreeSet<Vec<usize>> = solver.solutions().map(sorted).collect();
        with && all == s.brute_force()
    }
    QuickCheck::new()
        .tests(cases(1000))
        .quickcheck(prop as fn(Small, usize) -> bool);
}

/// Algorithm X the slow, obvious way, with the branching rule the engine
/// promises (the first primary item, in the problem's order, with the fewest
/// options left; an item with none is a dead end, tried no further): returns
/// (solutions, nodes), where a node is an option tried.
fn naive_x(s: &Small) -> (u64, u64) {
    fn go(s: &Small, live: &mut Vec<bool>, covered: &mut Vec<bool>, counts: &mut (u64, u64)) {
        let mut best: Option<(usize, usize)> = None;
        for (i, _) in covered[..s.primary]
            .iter()
            .enumerate()
            .filter(|(_, c)| !**c)
        {
            let len = (0..s.options.len())
                .filter(|&k| live[k] && s.options[k].contains(&i))
                .count();
            if best.is_none_or(|(_, l)| len < l) {
                best = Some((i, len));
            }
        }
        let Some((i, len)) = best else {
            counts.0 += 1;
            return;
        };
        if len == 0 {
            return;
        }
        for k in 0..s.options.len() {
            if !(live[k] && s.options[k].contains(&i)) {
                continue;
            }
            counts.1 += 1;
            let items = &s.options[k];
            let killed: Vec<usize> = (0..s.options.len())
                .filter(|&o| live[o] && s.options[o].iter().any(|j| items.contains(j)))
                .collect();
            for &o in &killed {
                live[o] = false;
            }
            for &j in items {
                covered[j] = true;
            }
            go(s, live, covered, counts);
            for &j in items {
                covered[j] = false;
            }
            for &o in &killed {
                live[o] = true;
            }
        }
    }
    let mut counts = (0, 0);
    let mut live = vec![true; s.options.len()];
    let mut covered = vec![false; s.primary + s.secondary];
    go(s, &mut live, &mut covered, &mut counts);
    counts
}

#[test]
fn the_choice_is_the_first_item_of_minimum_length() {
    // Same solutions and the same number of nodes as the naive search:
    // the search tree is exactly the one the rule defines.
    fn prop(s: Small) -> bool {
        let mut solver = Solver::new(&s.problem());
        let count = solver.count(None).unwrap();
        (count.solutions, solver.stats().nodes) == naive_x(&s)
    }
    QuickCheck::new()
        .tests(cases(1000))
        .quickcheck(prop as fn(Small) -> bool);
}

/// Whether the solver of `p`, which is `s` with options added that the
/// search never chooses, finds the solutions of `s` in the tree of a plain
/// Algorithm X (`naive_x`); and with option 0 pre-selected, the solutions
/// that contain it, and after the selection is cleared, all of them again.
fn searches_as_naive_x(s: &Small, p: &Problem) -> bool {
    let mut solver = Solver::new(p);
    let got: BTreeSet<Vec<usize>> = solver.solutions().map(sorted).collect();
    let count = solver.count(None).unwrap();
    let same = got == s.brute_force() && (count.solutions, solver.stats().nodes) == naive_x(s);
    if s.options.is_empty() {
        return same;
    }
    solver.select(0).unwrap();
    let with: BTreeSet<Vec<usize>> = solver.solutions().map(sorted).collect();
    solver.clear_selection();
    let again: BTreeSet<Vec<usize>> = solver.solutions().map(sorted).collect();
    same && with == s.brute_force_with(Some(0)) && again == got
}

#[test]
fn options_of_one_length_search_the_same_tree() {
    // When every option has the same number of items and some item stands
    // at two places in its options, the engine walks an option by the
    // places of its nodes instead of from spacer to spacer: another code
    // path, which must give the same solutions and the same tree, with
    // byte keys and (with 128 more options on new secondary items) with
    // exact lengths, and with a pre-selection.
    fn prop(s: Small, width: u8, long: bool) -> bool {
        let items = s.primary + s.secondary;
        if items == 0 {
            return true;
        }
        let width = 1 + usize::from(width) % items.min(4);
        let mut s = s;
        for (k, option) in s.options.iter_mut().enumerate() {
            let mut all: Vec<usize> = (0..items).collect();
            all.rotate_left((k * 7 + option.len()) % items);
            if k % 2 == 1 {
                all.reverse();
            }
            all.truncate(width);
            *option = all;
        }
        let mut p = s.problem();
        if long {
            let extra = p.add_secondary_items(width);
            for _ in 0..128 {
                p.add_option(extra.clone()).unwrap();
            }
        }
        searches_as_naive_x(&s, &p)
    }
    QuickCheck::new()
        .tests(cases(1000))
        .quickcheck(prop as fn(Small, u8, bool) -> bool);
}

#[test]
fn long_lists_search_the_same_tree() {
    // With an item of 128 options or more the engine keeps its lengths in
    // 32 bits instead of one byte each: another code path, which must give
    // the same solutions and the same tree. The extra options use only a
    // new secondary item, so the search never chooses them.
    fn prop(s: Small) -> bool {
        let mut p = s.problem();
        let extra = p.add_secondary_items(1).start;
        for _ in 0..128 {
            p.add_option([extra]).unwrap();
        }
        searches_as_naive_x(&s, &p)
    }
    QuickCheck::new()
        .tests(cases(500))
        .quickcheck(prop as fn(Small) -> bool);
}

#[test]
#[cfg_attr(miri, ignore = "too slow for the interpreter: 120,000 nodes")]
fn the_choice_is_exact_beyond_254_options() {
    // Item 0 has 405 options and item 1 has 305, so item 1 is chosen (the
    // engine's one-byte lengths cannot tell 305 from 405 and must look at
    // the exact ones). Each of its 300 options {1} leaves item 0 with its
    // 400 options {0}; each of the 5 options {0, 1} is a solution at once.
    let mut p = Problem::new();
    p.add_primary_items(2);
    for _ in 0..400 {
        p.add_option([0]).unwrap();
    }
    for _ in 0..5 {
        p.add_option([0, 1]).unwrap();
    }
    for _ in 0..300 {
        p.add_option([1]).unwrap();
    }
    let mut solver = Solver::new(&p);
    assert_eq!(solver.count(None).unwrap().solutions, 300 * 400 + 5);
    assert_eq!(solver.stats().nodes, 300 * (1 + 400) + 5);
    // Choosing item 0 first would have tried 405 + 400 * 300 options.
    let mut first = Vec::new();
    let _ = solver.visit(|options| {
        first = options.to_vec();
        ControlFlow::Break(())
    });
    assert_eq!(first, vec![400]);
}

/// N-queens: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut p = Problem::new();
    let rows = p.add_primary_items(n);
    let cols = p.add_primary_items(n);
    let diag = p.add_secondary_items(2 * n - 1);
    let anti = p.add_secondary_items(2 * n - 1);
    for r in 0..n {
        for c in 0..n {
            p.add_option([
                rows.start + r,
                cols.start + c,
                diag.start + r + c,
                anti.start + n - 1 + r - c,
            ])
            .unwrap();
        }
    }
    p
}

#[test]
#[cfg_attr(miri, ignore = "too slow for the interpreter: N-queens up to 10")]
fn n_queens_counts_match_oeis_a000170() {
    // OEIS A000170, n = 1..10.
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (k, &expected) in known.iter().enumerate() {
        let mut solver = Solver::new(&queens(k + 1));
        let count = solver.count(None).unwrap();
        assert_eq!(count.solutions, expected, "n = {}", k + 1);
        assert!(count.is_exact());
    }
}

#[test]
fn knuths_toy_matrix_has_one_solution() {
    // Dancing Links (2000), the matrix of equation (3); TAOCP 7.2.2.1 (6).
    let mut p = Problem::new();
    for name in ["A", "B", "C", "D", "E", "F", "G"] {
        p.add_primary(name).unwrap();
    }
    for o in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
        p.add_named_option(o.split(' ')).unwrap();
    }
    let mut solver = Solver::new(&p);
    let count = solver.count(None).unwrap();
    assert_eq!((count.solutions, count.end), (1, SearchEnd::Exhausted));
    assert_eq!(sorted(solver.solution().unwrap().unwrap()), [0, 3, 4]);
}

#[test]
fn searches_restore_the_matrix() {
    let mut solver = Solver::new(&queens(8));
    for _ in 0..3 {
        assert_eq!(solver.count(None).unwrap().solutions, 92);
        let first = solver.solution().unwrap().unwrap();
        assert_eq!(first.len(), 8);
        let mut it = solver.solutions();
        it.next();
        it.next();
    }
    let stats_a = {
        solver.count(None).unwrap();
        solver.stats()
    };
    solver.rebuild(&queens(8));
    solver.count(None).unwrap();
    assert_eq!(
        stats_a,
        solver.stats(),
        "a restored matrix searches exactly as a new one"
    );
}

#[test]
#[cfg_attr(miri, ignore = "too slow for the interpreter: it counts queens 10")]
fn budgets_interrupt_and_say_so() {
    let mut solver = Solver::new(&queens(10));
    solver.set_budget(Budget::new().with_max_nodes(100));
    let stop = solver.count(None).unwrap_err();
    assert_eq!(stop.reason, Interruption::NodeLimit);
    assert_eq!(solver.stats().nodes, 100);
    assert!(stop.stats.solutions < 724);

    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    solver.set_budget(Budget::new().with_cancel_flag(flag));
    assert_eq!(
        solver.count(None).unwrap_or_else(Count::from).end,
        SearchEnd::Interrupted(Interruption::Cancelled)
    );

    solver.set_budget(Budget::new().with_deadline(std::time::Instant::now()));
    let err = solver.solution().unwrap_err();
    assert_eq!(err.reason, Interruption::Deadline);

    solver.set_budget(Budget::new());
    assert_eq!(solver.count(None).unwrap().solutions, 724);
}

#[test]
fn select_errors() {
    let mut solver = Solver::new(&queens(4));
    assert_eq!(
        solver.select(16),
        Err(SelectError::UnknownOption {
            option: 16,
            options: 16
        })
    );
    solver.select(0).unwrap(); // queen at (0, 0)
    assert!(matches!(
        solver.select(5),
        Err(SelectError::Conflict { option: 5, .. })
    )); // (1,1): diagonal
    assert_eq!(solver.count(None).unwrap().solutions, 0);
    solver.clear_selection();
    assert_eq!(solver.count(None).unwrap().solutions, 2);
}

/// A search that ends with forced levels still covered (nothing above them
/// has an option left, so it stops without backing up through them) leaves
/// their uncovering to whatever comes next: another search, a selection, or
/// clearing the selection. Tried on a matrix too large for a pristine copy,
/// so every one of those really uncovers, and on a small one, which copies.
#[test]
fn a_search_that_ends_deep_restores_on_the_next_call() {
    // Items 0..n, each with its own option, and one option {0, 1}: two
    // solutions, and after the second nothing is left to try, n levels down.
    fn chain(n: usize) -> Problem {
        let mut p = Problem::new();
        p.add_primary_items(n);
        p.add_option([0, 1]).unwrap();
        for i in 0..n {
            p.add_option([i]).unwrap();
        }
        p
    }
    // Every level scans the lengths of all the items to choose one (as
    // DLX1 walks the list of active items), so a chain costs the square of
    // its length: 100,000 levels in release builds, 20,000 in debug builds
    // (still more than 2^18 nodes, so no pristine copy, and deeper than a
    // recursive search could go on a test thread's 2 MiB stack), only the
    // small one under Miri.
    let deep = if cfg!(debug_assertions) {
        20_000
    } else {
        100_000
    };
    let sizes: &[usize] = if cfg!(miri) { &[50] } else { &[deep, 50] };
    for &n in sizes {
        let mut solver = Solver::new(&chain(n));
        let fresh = {
            let count = solver.count(None).unwrap();
            assert_eq!((count.solutions, count.end), (2, SearchEnd::Exhausted));
            solver.stats()
        };
        // Again on the same solver: the same count and the same tree.
        assert_eq!(solver.count(None).unwrap().solutions, 2);
        assert_eq!(solver.stats(), fresh);
        // A selection after the deep end: option 1 is {0}, so {0, 1} is out.
        solver.select(1).unwrap();
        assert_eq!(solver.count(None).unwrap().solutions, 1);
        assert!(matches!(
            solver.select(0),
            Err(SelectError::Conflict { option: 0, .. })
        ));
        solver.clear_selection();
        assert_eq!(solver.count(None).unwrap().solutions, 2);
        // Clearing right after a deep end, then selecting {0, 1}.
        solver.clear_selection();
        solver.select(0).unwrap();
        let only = solver.solution().unwrap().unwrap();
        assert_eq!(only.len(), n - 1);
        assert_eq!(solver.count(None).unwrap().solutions, 1);
        solver.clear_selection();
        let count = solver.count(None).unwrap();
        assert_eq!(count.solutions, 2);
        assert_eq!(solver.stats(), fresh);
    }
}

#[test]
#[cfg_attr(miri, ignore = "too slow for the interpreter: 100,000 levels")]
fn deep_search_needs_no_stack() {
    // A chain of items, each covered by its own option: as many levels,
    // 100,000 in release builds, 20,000 in debug builds (each level scans
    // every item's length, so the time grows with the square of the depth).
    let n = if cfg!(debug_assertions) {
        20_000
    } else {
        100_000
    };
    let mut p = Problem::new();
    p.add_primary_items(n);
    for i in 0..n {
        p.add_option([i]).unwrap();
    }
    let mut solver = Solver::new(&p);
    assert_eq!(solver.count(None).unwrap().solutions, 1);
    assert_eq!(solver.stats().max_depth, n);
}

#[test]
fn problem_errors() {
    use exactcover::ProblemError;
    let mut p = Problem::new();
    p.add_primary("a").unwrap();
    assert_eq!(
        p.add_secondary("a"),
        Err(ProblemError::DuplicateName {
            name: "a".into(),
            first: 0,
            second: 1
        })
    );
    assert_eq!(
        p.add_option([]),
        Err(ProblemError::EmptyOption { option: 0 })
    );
    assert_eq!(
        p.add_option([3]),
        Err(ProblemError::UnknownItem { option: 0, item: 3 })
    );
    assert_eq!(
        p.add_named_option(["b"]),
        Err(ProblemError::UnknownName {
            option: 0,
            name: "b".into()
        })
    );
    assert_eq!(
        p.add_named_option(["a", "a"]),
        Err(ProblemError::RepeatedItem {
            option: 0,
            item: 0,
            name: Some("a".into())
        })
    );
    assert_eq!(p.option_count(), 0, "failed options leave nothing behind");
    assert_eq!(p.add_option([0]), Ok(0));
}

#[test]
fn empty_problem_has_the_empty_solution() {
    let mut solver = Solver::new(&Problem::new());
    assert_eq!(solver.solution().unwrap(), Some(vec![]));
    assert_eq!(solver.count(None).unwrap().solutions, 1);
}

#[test]
fn solver_is_send() {
    fn is_send<T: Send>() {}
    is_send::<Solver>();
}
