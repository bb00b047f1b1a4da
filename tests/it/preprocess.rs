//! Preprocessing (Knuth's DLX-PRE): the reduced problem has the same
//! solutions (the classic problems, the data files, Sudoku puzzles, and
//! random problems with colours against a brute force), removes what
//! DLX-PRE removes, and keeps the options' costs.

use std::io::Write;
use std::process::{Command, Stdio};

use exactcover::problem::{Reduction, classic};
use exactcover::sudoku::{Grid, Rules};
use exactcover::{Problem, Solver, knuth};
use quickcheck::{Arbitrary, Gen, QuickCheck};

use crate::common;
use crate::costs::{Priced, all_solutions};

/// Every solution of `problem`, each as its sorted options, sorted.
fn solutions(problem: &Problem) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = Solver::new(problem)
        .solutions()
        .map(|mut s| {
            s.sort_unstable();
            s
        })
        .collect();
    all.sort();
    all
}

/// The solutions of the reduced problem, in the original's options.
fn mapped_back(reduced: &Reduction) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = Solver::new(&reduced.problem)
        .solutions()
        .map(|s| {
            let mut s = reduced.original_solution(&s);
            s.sort_unstable();
            s
        })
        .collect();
    all.sort();
    all
}

/// The problems of the data folder and the classic ones, small enough to
/// list every solution of.
fn listed() -> Vec<(String, Problem)> {
    let words = classic::synthetic_words(3, "abc", 2);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut problems = vec![
        ("knuth toy".to_string(), classic::knuth_toy()),
        (
            "word squares".to_string(),
            classic::word_squares(&words).unwrap(),
        ),
        (
            "pentominoes 3x20".to_string(),
            classic::pentominoes(3, 20, false),
        ),
        (
            "pentominoes 5x12 X".to_string(),
            classic::pentominoes(5, 12, true),
        ),
    ];
    for n in 1..=8 {
        problems.push((format!("queens {n}"), classic::queens(n)));
    }
    for n in 1..=8 {
        problems.push((format!("langford {n}"), classic::langford(n)));
    }
    for (name, text) in [
        ("knuth-toy.dlx", include_str!("../../data/knuth-toy.dlx")),
        ("queens8.dlx", include_str!("../../data/queens8.dlx")),
        ("xcc-toy.dlx", include_str!("../../data/xcc-toy.dlx")),
    ] {
        problems.push((name.to_string(), knuth::parse(text).unwrap().problem));
    }
    for puzzle in ["1.3..4..2......1", "1...............", "................"] {
        let grid: Grid = puzzle.parse().unwrap();
        let rules = Rules::classic(grid.shape());
        let givens: Vec<usize> = rules.given_options(&grid).unwrap().collect();
        let rest = rules.problem().residual(&givens);
        problems.push((format!("sudoku {puzzle}"), rest.problem));
    }
    problems
}

#[test]
fn the_classic_problems_and_the_data_files_keep_their_solutions() {
    for (name, problem) in listed() {
        let reduced = problem.preprocess().expect("memory");
        assert_eq!(mapped_back(&reduced), solutions(&problem), "{name}");
        assert!(reduced.options.windows(2).all(|w| w[0] < w[1]), "{name}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "counts millions of nodes")]
fn the_larger_classic_problems_keep_their_counts() {
    let count = |p: &Problem| {
        Solver::new(p)
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions
    };
    let words = classic::synthetic_words(4, "abcd", 5);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let problems = [
        classic::queens(10),
        classic::langford(11),
        classic::pentominoes(6, 10, true),
        classic::word_squares(&words).unwrap(),
        Rules::classic("....".repeat(4).parse::<Grid>().unwrap().shape()).problem(),
    ];
    for problem in problems {
        let reduced = problem.preprocess().expect("memory");
        assert_eq!(count(&reduced.problem), count(&problem));
    }
}

#[test]
fn the_pentominoes_lose_235_options_as_in_dlx_pre() {
    let problem = classic::pentominoes(6, 10, true);
    let reduced = problem.preprocess().expect("memory");
    assert_eq!(problem.option_count() - reduced.options.len(), 235);
    assert_eq!(reduced.items.len(), problem.item_count());
    assert_eq!(reduced.rounds, 3);
}

#[test]
fn random_problems_with_colours_keep_their_solutions() {
    fn prop(p: Priced) -> bool {
        let problem = &p.0;
        let reduced = problem.preprocess().expect("memory");
        let mut brute = all_solutions(problem);
        brute.sort();
        // Options keep their costs; items and options their order.
        let costs_kept = reduced
            .options
            .iter()
            .enumerate()
            .all(|(k, &o)| reduced.problem.option_cost(k) == problem.option_cost(o));
        let ordered = reduced.items.windows(2).all(|w| w[0] < w[1])
            && reduced.options.windows(2).all(|w| w[0] < w[1]);
        mapped_back(&reduced) == brute && costs_kept && ordered
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(Priced) -> bool);
}

#[test]
fn an_infeasible_problem_reduces_to_the_item_that_cannot_be_covered() {
    let mut problem = Problem::new();
    for name in ["a", "b", "c"] {
        problem.add_primary(name).unwrap();
    }
    // Every option with c also holds a, or b: c and a, c and b clash.
    problem.add_named_option(["a", "c"]).unwrap();
    problem.add_named_option(["b", "c"]).unwrap();
    let reduced = problem.preprocess().expect("memory");
    assert!(reduced.infeasible.is_some());
    assert_eq!(reduced.problem.item_count(), 1);
    assert_eq!(reduced.problem.option_count(), 0);
    assert_eq!(
        Solver::new(&reduced.problem)
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions,
        0
    );
    // An item in no option at all is found before the first round.
    let mut bare = Problem::new();
    bare.add_primary_items(2);
    bare.add_option([0]).unwrap();
    let reduced = bare.preprocess().expect("memory");
    assert_eq!((reduced.infeasible, reduced.rounds), (Some(1), 0));
    assert_eq!(reduced.items, [1]);
}

#[test]
fn the_cheapest_solutions_survive_preprocessing() {
    fn prop(p: Priced) -> bool {
        let problem = &p.0;
        let reduced = problem.preprocess().expect("memory");
        let costs = |p: &Problem| -> Vec<u64> {
            Solver::new(p)
                .cheapest(3)
                .unwrap()
                .solutions
                .iter()
                .map(|s| s.cost)
                .collect()
        };
        costs(problem) == costs(&reduced.problem)
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(Priced) -> bool);
}

/// What DLX-PRE says it removed from `problem`: options, items, rounds.
fn dlx_pre(problem: &Problem) -> Option<(usize, usize, usize)> {
    let path = common::knuth_program("dlx-pre")?;
    // DLX-PRE reads no costs (it would take `|n` for an item's name).
    let mut plain = problem.clone();
    for o in 0..plain.option_count() {
        plain.set_option_cost(o, 0).unwrap();
    }
    let mut text = Vec::new();
    knuth::write(&plain, &[], &mut text).unwrap();
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let err = String::from_utf8(child.wait_with_output().unwrap().stderr).unwrap();
    // "Removed 235 options and 0 items, after 721307+191775231 mems, 3 rounds."
    let line = err.lines().find(|l| l.starts_with("Removed ")).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |k: usize| words[k].trim_end_matches(',').parse().unwrap();
    Some((number(1), number(4), number(words.len() - 2)))
}

/// What we removed, counted as DLX-PRE counts: options without a primary
/// item are not counted (DLX-PRE drops them as it reads them), and a
/// problem found infeasible has lost everything.
fn ours(problem: &Problem) -> (usize, usize, usize) {
    let reduced = problem.preprocess().expect("memory");
    let options = (0..problem.option_count())
        .filter(|&o| !problem.is_secondary_only(o))
        .count();
    if reduced.infeasible.is_some() {
        return (options, problem.item_count(), reduced.rounds);
    }
    (
        options - reduced.options.len(),
        problem.item_count() - reduced.items.len(),
        reduced.rounds,
    )
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn the_classic_problems_lose_what_dlx_pre_removes() {
    let mut problems = listed();
    problems.push(("pentominoes 6x10".into(), classic::pentominoes(6, 10, true)));
    for (name, problem) in problems {
        // DLX-PRE's names have at most 8 characters.
        if (0..problem.item_count()).any(|i| problem.item_label(i).len() > 8) {
            continue;
        }
        let Some(theirs) = dlx_pre(&problem) else {
            return;
        };
        assert_eq!(ours(&problem), theirs, "{name}");
    }
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn random_problems_lose_what_dlx_pre_removes() {
    let mut g = Gen::new(10);
    for _ in 0..300 {
        let Priced(problem) = Priced::arbitrary(&mut g);
        let Some(theirs) = dlx_pre(&problem) else {
            return;
        };
        assert_eq!(ours(&problem), theirs, "{problem:?}");
    }
}

/// A problem with multiplicities is not reduced (DLX-PRE covers each item
/// once): its count, bounds included, is the same after `preprocess`.
#[test]
fn multiplicities_are_kept_whole() {
    let problem = exactcover::problem::classic::tetrominoes(4, 10, 2);
    let reduced = problem.preprocess().expect("memory");
    assert_eq!(reduced.options.len(), problem.option_count());
    assert!(reduced.problem.has_bounds());
    let count = Solver::new(&reduced.problem).count(None).unwrap().solutions;
    assert_eq!(count, 1_796);
}
