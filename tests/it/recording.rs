//! The recording of a search: the engine's steps replayed on a plain copy
//! of the links, checked against a model that knows only which nodes are
//! hidden (the model the interactive page draws from).

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use crate::random::Coloured;
use exactcover::teach::recording::{Recorder, Recording, RecordingError, Step};
use exactcover::{Problem, Solver, knuth, problem::classic};
use quickcheck::QuickCheck;

/// Replays `recording` on a set of hidden nodes, as the page does, and
/// checks every step against it: nothing hidden twice or shown twice, every
/// length a choice reports is the number of the item's nodes not hidden,
/// the item chosen is the first of fewest options; at the end only the
/// pre-selection's nodes are hidden. Returns the solutions.
fn replay(recording: &Recording) -> Result<Vec<Vec<usize>>, String> {
    let links = recording.links();
    let mut hidden = BTreeSet::new();
    let mut selected = BTreeSet::new();
    let mut solutions = Vec::new();
    let column = |record: usize| -> Vec<usize> {
        (0..links.node_count())
            .filter(|&x| x > links.item_count() + 1 && links.top(x) == record as i64)
            .collect()
    };
    for (k, step) in recording.steps().iter().enumerate() {
        match step {
            Step::Select { hidden: h, .. } | Step::Exclude { hidden: h, .. } => {
                for &x in h {
                    if !hidden.insert(x) || !selected.insert(x) {
                        return Err(format!("step {k}: node {x} hidden twice"));
                    }
                }
            }
            Step::Cover { hidden: h, .. } | Step::Purify { hidden: h, .. } => {
                for &x in h {
                    if !hidden.insert(x) {
                        return Err(format!("step {k}: node {x} hidden twice"));
                    }
                }
            }
            Step::Uncover { unhidden: h, .. } | Step::Unpurify { unhidden: h, .. } => {
                for &x in h {
                    if !hidden.remove(&x) {
                        return Err(format!("step {k}: node {x} shown but not hidden"));
                    }
                }
            }
            Step::Choose { item, lengths, .. } => {
                for &(i, len) in lengths {
                    let visible = column(links.record(i))
                        .into_iter()
                        .filter(|x| !hidden.contains(x))
                        .count();
                    if visible != len {
                        return Err(format!("step {k}: item {i} has {visible} nodes, not {len}"));
                    }
                }
                let min = lengths.iter().map(|&(_, l)| l).min();
                let first = lengths.iter().find(|&&(_, l)| Some(l) == min);
                if first.map(|&(i, _)| i) != Some(*item) {
                    return Err(format!(
                        "step {k}: item {item} is not the first of fewest options"
                    ));
                }
            }
            Step::Solution { options } => solutions.push(options.clone()),
            _ => {}
        }
    }
    if hidden != selected {
        return Err(format!(
            "{} nodes still hidden at the end",
            hidden.len() - selected.len()
        ));
    }
    Ok(solutions)
}

fn record(solver: &mut Solver, problem: &Problem) -> Result<Recording, RecordingError> {
    let mut recorder = Recorder::new(problem);
    solver.visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
    recorder.finish()
}

#[test]
fn recordings_of_random_problems_replay_exactly() {
    fn prop(c: Coloured, select: Option<usize>, exclude: Option<usize>) -> bool {
        let problem = &c.0;
        let mut solver = Solver::new(problem);
        let options = problem.option_count();
        if let (Some(o), true) = (select, options > 0) {
            let _ = solver.select(o % options);
        }
        if let (Some(o), true) = (exclude, options > 0) {
            let _ = solver.exclude(o % options);
        }
        let mut expected = Vec::new();
        solver.visit(|s| {
            expected.push(s.to_vec());
            ControlFlow::Continue(())
        });
        let nodes = solver.stats().nodes;
        let recording = match record(&mut solver, problem) {
            Ok(r) => r,
            Err(e) => panic!("{e}\n{problem:?}"),
        };
        let solutions = replay(&recording).unwrap_or_else(|e| panic!("{e}\n{problem:?}"));
        let tries = recording
            .steps()
            .iter()
            .filter(|s| matches!(s, Step::Try { .. }))
            .count() as u64;
        // The engine's solutions list the pre-selection first.
        let pre = solver.selection_len();
        let searched: Vec<Vec<usize>> = expected.iter().map(|s| s[pre..].to_vec()).collect();
        solutions == searched && tries == nodes && recording.solutions() == expected.len()
    }
    QuickCheck::new()
        .tests(1500)
        .quickcheck(prop as fn(Coloured, Option<usize>, Option<usize>) -> bool);
}

#[test]
fn recordings_follow_random_tie_breaking_too() {
    // With ties broken at random the item chosen is not always the first of
    // fewest options, but always one of them: the recording is made, and
    // replays.
    fn prop(c: Coloured, seed: u64) -> bool {
        let problem = &c.0;
        let mut solver = Solver::new(problem);
        solver.set_tiebreak(Some(seed));
        let count = solver.count(None).unwrap().solutions;
        let recording = record(&mut solver, problem).unwrap_or_else(|e| panic!("{e}"));
        recording.solutions() as u64 == count
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(Coloured, u64) -> bool);
    // And a problem with ties: queens 6, whose first choice ties 12 items.
    let queens = classic::queens(6);
    let mut solver = Solver::new(&queens);
    solver.set_tiebreak(Some(3));
    let recording = record(&mut solver, &queens).unwrap();
    assert_eq!(recording.solutions(), 4);
}

#[test]
fn knuths_toy_problem_is_recorded_as_dlx1_runs_it() {
    let toy = knuth::parse(include_str!("../../data/knuth-toy.dlx"))
        .unwrap()
        .problem;
    let recording = record(&mut Solver::new(&toy), &toy).unwrap();
    let steps = recording.steps();
    // Level 0: A(2) B(2) C(2) D(3) E(2) F(2) G(3) -> A; cover A hides the
    // other nodes of "A D G" and "A D".
    assert!(matches!(
        &steps[0],
        Step::Choose {
            level: 0,
            item: 0,
            ..
        }
    ));
    match &steps[1] {
        Step::Cover {
            item: 0, hidden, ..
        } => assert_eq!(hidden.len(), 3),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        steps[2],
        Step::Try {
            level: 0,
            option: 1,
            k: 1,
            n: 2
        }
    );
    assert_eq!(replay(&recording).unwrap(), [vec![3, 0, 4]]);
    let tries = steps
        .iter()
        .filter(|s| matches!(s, Step::Try { .. }))
        .count();
    assert_eq!(tries, 5); // DLX1 reports 6 nodes: the root and these 5
}

#[test]
fn queens_recording_has_their_solutions() {
    for (n, count) in [(4, 2), (5, 10), (6, 4)] {
        let queens = classic::queens(n);
        let recording = record(&mut Solver::new(&queens), &queens).unwrap();
        assert_eq!(
            replay(&recording).unwrap().len(),
            count,
            "{n} queens (OEIS A000170)"
        );
    }
}

#[test]
fn the_json_names_every_step_and_node() {
    let queens = classic::queens(4);
    let recording = record(&mut Solver::new(&queens), &queens).unwrap();
    let value = recording.to_value(&queens);
    assert_eq!(
        value["items"].as_array().unwrap().len(),
        queens.item_count()
    );
    assert_eq!(
        value["options"].as_array().unwrap().len(),
        queens.option_count()
    );
    assert_eq!(
        value["nodes"].as_array().unwrap().len(),
        recording.links().node_count()
    );
    assert_eq!(
        value["steps"].as_array().unwrap().len(),
        recording.steps().len()
    );
    assert_eq!(value["steps"][1]["step"], "cover");
    assert_eq!(value["solutions"], 2);
}

#[test]
fn a_long_search_is_refused_with_advice() {
    let queens = classic::queens(8);
    let mut recorder = Recorder::new(&queens).with_max_steps(100);
    Solver::new(&queens).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
    assert!(recorder.is_full());
    let err = recorder.finish().unwrap_err();
    assert_eq!(err, RecordingError::TooLong { max_steps: 100 });
    assert!(err.to_string().contains("raise the limit"), "{err}");
}

/// DLX2's count of updates, on the plain copy a recording replays on: one
/// per item covered and one per node hidden, by the search (not the
/// pre-selection); an item chosen with no option left is covered too, one
/// update, where the engine backs up without covering it.
fn dlx2_updates(recording: &Recording) -> u64 {
    recording
        .steps()
        .iter()
        .map(|s| match s {
            Step::Cover { hidden, .. } => 1 + hidden.len() as u64,
            Step::Purify { hidden, .. } => hidden.len() as u64,
            Step::Choose { item, lengths, .. } => {
                u64::from(lengths.iter().any(|&(i, len)| i == *item && len == 0))
            }
            _ => 0,
        })
        .sum()
}

#[test]
fn searches_with_colours_count_dlx2s_updates() {
    // The engine links a secondary item's nodes grouped by colour, where
    // DLX2 links them in option order: `purify` meets the options in
    // another order but hides the same ones, so the search counts DLX2's
    // updates, node for node.
    fn prop(c: Coloured) -> bool {
        let problem = &c.0;
        let mut solver = Solver::new(problem);
        let recording = record(&mut solver, problem).unwrap_or_else(|e| panic!("{e}"));
        solver.stats().updates == dlx2_updates(&recording)
    }
    QuickCheck::new()
        .tests(1500)
        .quickcheck(prop as fn(Coloured) -> bool);
    // Double word squares of three letters: cells of three colours.
    let words = classic::synthetic_words(3, "abc", 3);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let problem = classic::word_squares(&words).unwrap();
    let mut solver = Solver::new(&problem);
    let recording = record(&mut solver, &problem).unwrap();
    assert!(recording.solutions() > 0);
    assert_eq!(solver.stats().updates, dlx2_updates(&recording));
}
