//! Colours (Knuth's Algorithm C): the solver against a brute-force check of
//! every subset of the options, and against Knuth's published example.

use crate::random::Coloured;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

use exactcover::problem::Labels;
use exactcover::{Problem, ProblemError, Solver};
use quickcheck::QuickCheck;

/// How many random cases a property test tries: `n`, or 10 under Miri
/// (`bash .ci/miri`), whose interpreter is about a thousand times slower.
fn cases(n: u64) -> u64 {
    if cfg!(miri) { 10 } else { n }
}

/// Whether `chosen` solves `problem` with colours: every primary item
/// covered once; every secondary item at most once, or by options that all
/// give it the same colour.
fn is_xcc_solution(problem: &Problem, chosen: &[usize]) -> bool {
    let mut covers = vec![Vec::new(); problem.item_count()];
    for &o in chosen {
        let items = problem.option(o).unwrap();
        for (&i, c) in items.iter().zip(problem.option_colours(o).unwrap()) {
            covers[i].push(c);
        }
    }
    covers.iter().enumerate().all(|(i, cs)| {
        if problem.is_primary(i) {
            cs.len() == 1
        } else {
            cs.len() <= 1 || (cs[0].is_some() && cs.iter().all(|&c| c == cs[0]))
        }
    })
}

/// Every solution, by trying every subset of the options that have a
/// primary item (the search never chooses the others).
fn brute_force(problem: &Problem) -> BTreeSet<Vec<usize>> {
    let free: Vec<usize> = (0..problem.option_count())
        .filter(|&o| !problem.is_secondary_only(o))
        .collect();
    (0u32..1 << free.len())
        .map(|set| {
            (0..free.len())
                .filter(|&k| set >> k & 1 == 1)
                .map(|k| free[k])
                .collect::<Vec<_>>()
        })
        .filter(|chosen| is_xcc_solution(problem, chosen))
        .collect()
}

fn solutions(problem: &Problem) -> BTreeSet<Vec<usize>> {
    let mut found = BTreeSet::new();
    Solver::new(problem).visit(|s| {
        let mut s = s.to_vec();
        s.sort_unstable();
        assert!(found.insert(s), "a solution found twice");
        ControlFlow::<()>::Continue(())
    });
    found
}

#[test]
fn the_solver_finds_exactly_the_solutions_brute_force_finds() {
    fn prop(c: Coloured) -> bool {
        let found = solutions(&c.0);
        let brute = brute_force(&c.0);
        if found != brute {
            eprintln!("solver {found:?}, brute force {brute:?}");
        }
        found == brute
    }
    QuickCheck::new()
        .tests(cases(3000))
        .quickcheck(prop as fn(Coloured) -> bool);
}

#[test]
fn selections_with_colours_agree_with_brute_force() {
    // Selecting an option first leaves exactly the solutions that hold it.
    fn prop(c: Coloured, pick: usize) -> bool {
        let problem = &c.0;
        if problem.option_count() == 0 {
            return true;
        }
        let o = pick % problem.option_count();
        let mut solver = Solver::new(problem);
        let mut found = BTreeSet::new();
        if solver.select(o).is_ok() {
            solver.visit(|s| {
                let mut s = s.to_vec();
                s.sort_unstable();
                found.insert(s);
                ControlFlow::<()>::Continue(())
            });
        }
        // A selected option counts whatever its items: brute force over
        // the rest, with `o` added.
        let free: Vec<usize> = (0..problem.option_count())
            .filter(|&k| k != o && !problem.is_secondary_only(k))
            .collect();
        let brute: BTreeSet<Vec<usize>> = (0u32..1 << free.len())
            .map(|set| {
                let mut chosen: Vec<usize> = (0..free.len())
                    .filter(|&k| set >> k & 1 == 1)
                    .map(|k| free[k])
                    .collect();
                chosen.push(o);
                chosen.sort_unstable();
                chosen
            })
            .filter(|chosen| is_xcc_solution(problem, chosen))
            .collect();
        // Selecting it again is refused.
        let again = solver.select(o).is_err();
        found == brute && again
    }
    QuickCheck::new()
        .tests(cases(1000))
        .quickcheck(prop as fn(Coloured, usize) -> bool);
}

#[test]
fn knuths_toy_problem_with_colours_has_his_one_solution() {
    // TAOCP Volume 4B (2022), 7.2.2.1, page 87: the text gives its unique solution,
    // the options `q x:A` and `p r x:A y`.
    let text = std::fs::read_to_string("data/xcc-toy.dlx").unwrap();
    let read = exactcover::knuth::parse(&text).unwrap();
    let problem = &read.problem;
    let all = solutions(problem);
    assert_eq!(all.len(), 1);
    let solution = all.into_iter().next().unwrap();
    let mut shown: Vec<String> = solution
        .iter()
        .map(|&o| Labels::option(problem, o))
        .collect();
    shown.sort();
    assert_eq!(shown, ["p r x:A y", "q x:A"]);
}

#[test]
fn colours_only_on_secondary_items() {
    let mut p = Problem::new();
    let a = p.add_primary("a").unwrap();
    let red = p.colour("red").unwrap();
    assert_eq!(
        p.add_coloured_option([(a, Some(red))]),
        Err(ProblemError::ColourOnPrimary {
            option: 0,
            item: a,
            name: Some("a".into())
        })
    );
    assert_eq!(
        p.add_coloured_option([(a, Some(red + 1))]),
        Err(ProblemError::UnknownColour {
            option: 0,
            colour: red + 1
        })
    );
    assert_eq!(p.colour(""), Err(ProblemError::EmptyColour));
    assert_eq!(p.option_count(), 0);
    assert!(!p.has_colours());
}

#[test]
fn an_uncoloured_entry_excludes_coloured_ones() {
    // x is shared by two red options, but not by a red and an uncoloured one.
    let mut p = Problem::new();
    p.add_primary_items(3);
    let x = p.add_secondary("x").unwrap();
    let red = p.colour("red").unwrap();
    p.add_coloured_option([(0, None), (x, Some(red))]).unwrap();
    p.add_coloured_option([(1, None), (x, Some(red))]).unwrap();
    p.add_coloured_option([(2, None), (x, None)]).unwrap();
    p.add_coloured_option([(2, None)]).unwrap();
    assert_eq!(
        solutions(&p),
        BTreeSet::from([vec![0, 1, 3]]),
        "only the red pair with option 3"
    );
}

#[test]
#[cfg_attr(
    miri,
    ignore = "too slow for the interpreter: the tests above with 130 more options"
)]
fn colours_work_with_long_item_lists_too() {
    // An extra primary item with 130 options of its own makes the solver
    // keep exact lengths instead of byte keys; every solution of the small
    // problem then comes with each of the 130.
    fn prop(c: Coloured) -> bool {
        let brute = brute_force(&c.0).len() as u64;
        let mut p = c.0.clone();
        let dummy = p.add_primary_items(1).start;
        for _ in 0..130 {
            p.add_option([dummy]).unwrap();
        }
        Solver::new(&p).count(None).unwrap().solutions == brute * 130
    }
    QuickCheck::new()
        .tests(cases(300))
        .quickcheck(prop as fn(Coloured) -> bool);
}

/// Double word squares by brute force: every sequence of `n` distinct row
/// words whose columns are words, all `2n` distinct.
fn word_squares_by_brute_force(words: &[String], n: usize) -> u64 {
    let set: BTreeSet<&str> = words.iter().map(String::as_str).collect();
    let mut count = 0;
    let mut rows = vec![0usize; n];
    'next: loop {
        let grid: Vec<Vec<char>> = rows.iter().map(|&r| words[r].chars().collect()).collect();
        let columns: Vec<String> = (0..n)
            .map(|j| grid.iter().map(|r| r[j]).collect())
            .collect();
        let mut all: Vec<&str> = rows.iter().map(|&r| words[r].as_str()).collect();
        all.extend(columns.iter().map(String::as_str));
        let distinct: BTreeSet<&str> = all.iter().copied().collect();
        if columns.iter().all(|c| set.contains(c.as_str())) && distinct.len() == 2 * n {
            count += 1;
        }
        for r in rows.iter_mut() {
            *r += 1;
            if *r < words.len() {
                continue 'next;
            }
            *r = 0;
        }
        return count;
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "too slow for the interpreter: a brute force over word lists"
)]
fn word_squares_agree_with_brute_force() {
    for (n, alphabet, modulus) in [(2, "abc", 1), (3, "abc", 2), (3, "abcd", 3)] {
        let list = exactcover::problem::classic::synthetic_words(n, alphabet, modulus);
        let refs: Vec<&str> = list.iter().map(String::as_str).collect();
        let problem = exactcover::problem::classic::word_squares(&refs).unwrap();
        let count = Solver::new(&problem).count(None).unwrap().solutions;
        let brute = word_squares_by_brute_force(&list, n);
        assert!(brute > 0, "{n} {alphabet}: no squares to count");
        assert_eq!(count, brute, "{n} letters from {alphabet}, sum % {modulus}");
    }
}

#[test]
fn word_square_lists_that_cannot_be_used() {
    use exactcover::problem::classic::{WordSquareError, word_squares};
    assert_eq!(word_squares(&[]).unwrap_err(), WordSquareError::Empty);
    assert_eq!(
        word_squares(&["ab", "abc"]).unwrap_err(),
        WordSquareError::Length { word: 1, length: 2 }
    );
    assert_eq!(
        word_squares(&["ab", "a:"]).unwrap_err(),
        WordSquareError::BadCharacter { word: 1 }
    );
    assert_eq!(
        word_squares(&["ab", "ba", "ab"]).unwrap_err(),
        WordSquareError::Duplicate { word: 2 }
    );
}

#[test]
fn excluding_an_option_leaves_the_solutions_without_it() {
    // With and without colours (the generator gives both), and with random
    // tie-breaking, which changes the order of the search, not its results.
    fn prop(c: Coloured, pick: usize, seed: Option<u64>) -> bool {
        let problem = &c.0;
        if problem.option_count() == 0 {
            return true;
        }
        let o = pick % problem.option_count();
        let mut solver = Solver::new(problem);
        solver.set_tiebreak(seed);
        solver.exclude(o).unwrap();
        let mut found = BTreeSet::new();
        solver.visit(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            found.insert(s);
            ControlFlow::<()>::Continue(())
        });
        let expected: BTreeSet<Vec<usize>> = brute_force(problem)
            .into_iter()
            .filter(|s| !s.contains(&o))
            .collect();
        solver.clear_selection();
        let all = solver.count(None).unwrap().solutions;
        found == expected && all == brute_force(problem).len() as u64
    }
    QuickCheck::new()
        .tests(cases(1000))
        .quickcheck(prop as fn(Coloured, usize, Option<u64>) -> bool);
}
