//! The search tree that aborts (`Tree::Abort`, Knuth's SSXC1's abort on
//! dancing links) against facts nobody here wrote: OEIS counts, the
//! pentominoes' tilings, Knuth's SSXC1's node count; and against DLX1's
//! tree on the same problems (the same solutions in the same order, every
//! option DLX1 tries either a node or an abort).

use std::ops::ControlFlow;

use exactcover::problem::classic;
use exactcover::{Problem, Solver, Tree};
use quickcheck::{Arbitrary, Gen, QuickCheck};

use crate::knuth_oracle::knuth_totals;

/// Every solution of `problem` in the order the search finds it, with the
/// statistics and the aborts of the search, walking `tree`.
fn walk(problem: &Problem, tree: Tree) -> (Vec<Vec<usize>>, exactcover::Stats, u64) {
    let mut solver = Solver::new(problem);
    solver.set_tree(tree).expect("an Algorithm X problem");
    let mut found = Vec::new();
    solver.visit(|s| {
        found.push(s.to_vec());
        ControlFlow::Continue(())
    });
    (found, solver.stats(), solver.aborts())
}

/// The count of `problem` with `Tree::Abort`, its nodes and aborts, after
/// checking them against DLX1's tree: the same count, and DLX1's options
/// tried split into nodes and aborts.
fn count_aborting(problem: &Problem) -> (u64, u64, u64) {
    let mut dlx1 = Solver::new(problem);
    let expected = dlx1.count(None).unwrap().solutions;
    let mut solver = Solver::new(problem);
    solver.set_tree(Tree::Abort).unwrap();
    let count = solver.count(None).unwrap().solutions;
    let (nodes, aborts) = (solver.stats().nodes, solver.aborts());
    assert_eq!(count, expected);
    assert_eq!(nodes + aborts, dlx1.stats().nodes);
    assert!(solver.stats().max_depth <= dlx1.stats().max_depth);
    (count, nodes, aborts)
}

#[test]
fn the_abort_counts_queens_as_oeis_a000170() {
    let a000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..).zip(&a000170) {
        assert_eq!(count_aborting(&classic::queens(n)).0, count, "queens {n}");
    }
    // The dead ends of queens 8 are aborted: 944 nodes, 254 aborts.
    assert_eq!(count_aborting(&classic::queens(8)), (92, 944, 254));
}

#[test]
fn the_abort_counts_langford_pairs_as_oeis_a014552() {
    // A014552(n), each solution counted with its mirror image.
    for (n, count) in [(3, 1), (4, 1), (5, 0), (6, 0), (7, 26), (8, 150)] {
        assert_eq!(
            count_aborting(&classic::langford(n)).0,
            2 * count,
            "n = {n}"
        );
    }
}

#[test]
fn the_abort_tiles_as_known() {
    // 6x10 pentominoes: 2,339 tilings with X in a quarter (Haselgrove).
    assert_eq!(count_aborting(&classic::pentominoes(6, 10, true)).0, 2339);
    assert_eq!(count_aborting(&classic::pentominoes(3, 20, true)).0, 4);
    assert_eq!(count_aborting(&classic::pentominoes(5, 6, true)).0, 0);
    // Domino tilings: 2x2 2, 4x4 36, 6x6 6,728 (OEIS A004003); no dead
    // end, so no abort either.
    for (n, count) in [(2, 2), (4, 36), (6, 6728)] {
        let (tilings, _, aborts) = count_aborting(&classic::dominoes(n, n));
        assert_eq!((tilings, aborts), (count, 0), "{n}x{n}");
    }
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn the_abort_makes_ssxc1s_nodes_where_their_ties_agree() {
    // SSXC1 breaks ties among the items of fewest options by its own order
    // of active items, which its swaps change as it goes; where that
    // order picks the items DLX1's order picks, the trees are one.
    let problem = classic::pentominoes(5, 6, true);
    let Some(ssxc1) = knuth_totals("ssxc1", &problem, &[]) else {
        return;
    };
    let (_, nodes, _) = count_aborting(&problem);
    assert_eq!(nodes + 1, ssxc1.nodes, "SSXC1 counts the root");
    // Elsewhere the ties differ and so do the trees, by a few per cent:
    // queens 8 944 nodes against SSXC1's 889 (its 890 less the root),
    // pentominoes 3x20 4,306 against 4,395.
    for (problem, ours) in [
        (classic::queens(8), 944),
        (classic::pentominoes(3, 20, true), 4306),
    ] {
        let theirs = knuth_totals("ssxc1", &problem, &[]).unwrap();
        assert_eq!(count_aborting(&problem).1, ours);
        assert_ne!(ours + 1, theirs.nodes);
        assert!(ours * 10 < theirs.nodes * 11 && theirs.nodes * 10 < ours * 11);
    }
}

#[test]
fn colours_and_multiplicities_are_refused() {
    let mut coloured = Problem::new();
    coloured.add_primary_items(1);
    coloured.add_secondary_items(1);
    let red = coloured.colour("red").unwrap();
    coloured
        .add_coloured_option([(0, None), (1, Some(red))])
        .unwrap();
    let mut solver = Solver::new(&coloured);
    let err = solver.set_tree(Tree::Abort).unwrap_err();
    assert_eq!(err.tree, Tree::Abort);
    assert!(err.to_string().contains("Algorithm X"));
    // The solver keeps DLX1's tree, and answers as before.
    assert_eq!(solver.count(None).unwrap().solutions, 1);
    assert_eq!(solver.aborts(), 0);
    assert_eq!(solver.set_tree(Tree::Dlx1), Ok(()));

    let mut bounded = classic::queens(4);
    bounded.set_bounds(0, 0, 1).unwrap();
    assert!(Solver::new(&bounded).set_tree(Tree::Abort).is_err());
}

#[test]
fn the_tree_is_kept_with_the_selection_and_dropped_by_a_rebuild() {
    let problem = classic::queens(8);
    let mut solver = Solver::new(&problem);
    solver.select(0).unwrap();
    let dlx1 = solver.count(None).unwrap().solutions;
    solver.set_tree(Tree::Abort).unwrap();
    assert_eq!(solver.count(None).unwrap().solutions, dlx1);
    assert!(solver.aborts() > 0);
    solver.clear_selection();
    assert_eq!(solver.count(None).unwrap().solutions, 92);
    solver.rebuild(&problem);
    assert_eq!(solver.count(None).unwrap().solutions, 92);
    assert_eq!(solver.aborts(), 0);
}

/// A small random problem of Algorithm X: up to 7 items, some secondary,
/// up to 14 options.
#[derive(Clone, Debug)]
struct Plain(Problem);

impl Arbitrary for Plain {
    fn arbitrary(g: &mut Gen) -> Plain {
        let mut p = Problem::new();
        let primaries = 1 + usize::arbitrary(g) % 5;
        let secondaries = usize::arbitrary(g) % 3;
        p.add_primary_items(primaries);
        p.add_secondary_items(secondaries);
        let items = primaries + secondaries;
        for _ in 0..usize::arbitrary(g) % 15 {
            let mut option: Vec<usize> = (0..items).filter(|_| u8::arbitrary(g) % 3 == 0).collect();
            if option.is_empty() {
                option.push(usize::arbitrary(g) % primaries);
            }
            p.add_option(option).unwrap();
        }
        Plain(p)
    }
}

#[test]
fn random_problems_have_the_same_solutions_with_either_tree() {
    fn prop(plain: Plain) -> bool {
        let (dlx1, stats, none) = walk(&plain.0, Tree::Dlx1);
        let (abort, kept, aborts) = walk(&plain.0, Tree::Abort);
        let sets = |s: &[Vec<usize>]| {
            let mut s: Vec<Vec<usize>> = s
                .iter()
                .map(|o| {
                    let mut o = o.clone();
                    o.sort_unstable();
                    o
                })
                .collect();
            s.sort();
            s
        };
        sets(&dlx1) == sets(&abort)
            && dlx1 == abort
            && none == 0
            && kept.nodes + aborts == stats.nodes
            && kept.solutions == stats.solutions
    }
    QuickCheck::new()
        .tests(1000)
        .quickcheck(prop as fn(Plain) -> bool);
}

#[test]
fn the_drivers_of_their_own_answer_as_before_with_the_abort_set() {
    // The memoised count and the cheapest solutions walk their own trees
    // with the kind's operations: the same answers, a selection kept.
    use exactcover::engine::Memo;
    for problem in [classic::langford(8), classic::pentominoes(3, 20, true)] {
        let mut dlx1 = Solver::new(&problem);
        let mut abort = Solver::new(&problem);
        abort.set_tree(Tree::Abort).unwrap();
        let memo = |s: &mut Solver| s.count_memo(None, &Memo::new()).unwrap().solutions;
        assert_eq!(memo(&mut abort), memo(&mut dlx1));
        dlx1.select(0).unwrap();
        abort.select(0).unwrap();
        assert_eq!(memo(&mut abort), memo(&mut dlx1));
        assert_eq!(abort.count(None).unwrap(), dlx1.count(None).unwrap());
        abort.clear_selection();
        dlx1.clear_selection();
        assert_eq!(abort.count(None).unwrap(), dlx1.count(None).unwrap());
    }
    let mut costed = classic::queens(6);
    for option in 0..costed.option_count() {
        costed
            .set_option_cost(option, (option * 7 % 5) as u64)
            .unwrap();
    }
    let mut dlx1 = Solver::new(&costed);
    let mut abort = Solver::new(&costed);
    abort.set_tree(Tree::Abort).unwrap();
    abort.select(1).unwrap();
    dlx1.select(1).unwrap();
    let cheapest = |s: &mut Solver| {
        let best = s.cheapest(3).unwrap();
        (
            best.end,
            best.solutions.iter().map(|c| c.cost).collect::<Vec<_>>(),
        )
    };
    assert_eq!(cheapest(&mut abort), cheapest(&mut dlx1));
    abort.clear_selection();
    dlx1.clear_selection();
    assert_eq!(cheapest(&mut abort), cheapest(&mut dlx1));
    assert_eq!(abort.count(None).unwrap().solutions, 4);
}

/// What an observer is told of a search on the abort's tree is that tree:
/// the recorder's copy of the links, kept from the covers and uncovers it
/// hears (undone last in, first out), agrees with the engine's at every
/// step, the tree drawn has one node for each option chosen to the end
/// (`Stats::nodes`), and the aborted options are no nodes of it. Langford
/// 7: options branched on their second place commit their items out of
/// the option's order.
#[test]
fn observers_of_the_abort_see_the_tree_it_walks() {
    use exactcover::teach::recording::Recorder;
    use exactcover::teach::tree::SearchTree;
    let problem = classic::langford(7);
    let dlx1 = Solver::new(&problem).count(None).unwrap().solutions;
    let mut solver = Solver::new(&problem);
    solver.set_tree(Tree::Abort).unwrap();
    let mut recorder = Recorder::new(&problem).with_max_steps(1_000_000);
    let mut found = 0;
    solver.visit_observed(&mut recorder, |_| {
        found += 1;
        ControlFlow::Continue(())
    });
    let recording = recorder.finish().expect("the copy of the links agrees");
    assert_eq!((recording.solutions() as u64, found), (dlx1, dlx1));
    assert!(solver.aborts() > 0);
    let tree = SearchTree::record_search(&mut solver, &problem, 1_000_000, u64::MAX).unwrap();
    let nodes = solver.stats().nodes;
    assert_eq!(
        tree.node_count() as u64,
        nodes,
        "a node for each option chosen"
    );
    assert_eq!(tree.solutions() as u64, dlx1);
}

/// Lists of 128 options or more keep their lengths in `u32`s (the `Exact`
/// form, on options not walked by place): item `a` pairs with any one of
/// 140 items `s1`..`s140`, each of which may also stand alone, so there
/// are 140 solutions, found in DLX1's order on either tree.
#[test]
fn the_abort_counts_long_lists_as_dlx1() {
    let mut options: Vec<Vec<String>> = Vec::new();
    for k in 1..=140 {
        options.push(vec!["a".into(), format!("s{k}")]);
        options.push(vec![format!("s{k}")]);
    }
    let problem = Problem::from_options(&options).unwrap();
    let (count, ..) = count_aborting(&problem);
    assert_eq!(count, 140);
    let (dlx1, ..) = walk(&problem, Tree::Dlx1);
    let (abort, ..) = walk(&problem, Tree::Abort);
    assert_eq!(abort, dlx1);
}
