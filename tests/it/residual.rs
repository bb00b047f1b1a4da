//! What is left of a problem once some options are chosen
//! (`Problem::residual`): it counts what the search counts below them, its
//! items and options map back, colours are kept, clashes leave nothing to
//! choose and no item is lost to its name.

use exactcover::problem::classic;
use exactcover::{Problem, Solver};

/// The residual at every node two levels down counts what the search
/// counts there, and its items and options map back to the problem's.
#[test]
fn residuals_count_as_the_search_does_and_map_back() {
    for problem in [classic::queens(6), classic::langford(7)] {
        let mut solver = Solver::new(&problem);
        for sub in solver.subproblems(2, 10_000).unwrap() {
            let rest = problem.residual(&sub.options).expect("memory");
            assert!(!rest.contradictory);
            solver.clear_selection();
            solver.select_path(&sub).unwrap();
            let expected = solver.count(None).unwrap().solutions;
            let counted = if rest.problem.primary_count() == 0 {
                1
            } else {
                Solver::new(&rest.problem).count(None).unwrap().solutions
            };
            assert_eq!(counted, expected, "{sub}");
            assert_eq!(rest.items.len(), rest.problem.item_count());
            for (k, &o) in rest.options.iter().enumerate() {
                let mapped: Vec<usize> = rest
                    .problem
                    .option(k)
                    .unwrap()
                    .iter()
                    .map(|&i| rest.items[i])
                    .collect();
                assert_eq!(mapped, problem.option(o).unwrap());
            }
            for (k, &i) in rest.items.iter().enumerate() {
                assert_eq!(rest.problem.item_name(k), problem.item_name(i));
                assert_eq!(rest.problem.is_primary(k), problem.is_primary(i));
            }
        }
    }
}

/// A secondary item given a colour stays, for the options that agree on
/// it; chosen options that disagree, or share an item, clash.
#[test]
fn colours_are_kept_and_clashes_leave_no_option() {
    let mut problem = Problem::new();
    let (a, b, c) = (
        problem.add_primary("a").unwrap(),
        problem.add_primary("b").unwrap(),
        problem.add_primary("c").unwrap(),
    );
    let x = problem.add_secondary("x").unwrap();
    let (red, blue) = (
        problem.colour("red").unwrap(),
        problem.colour("blue").unwrap(),
    );
    problem
        .add_coloured_option([(a, None), (x, Some(red))])
        .unwrap(); // 0
    problem
        .add_coloured_option([(b, None), (x, Some(red))])
        .unwrap(); // 1
    problem
        .add_coloured_option([(b, None), (x, Some(blue))])
        .unwrap(); // 2
    problem.add_option([c, x]).unwrap(); // 3
    problem.add_option([c]).unwrap(); // 4
    let rest = problem.residual(&[0]).expect("memory");
    assert!(!rest.contradictory);
    assert_eq!(rest.items, [b, c, x]);
    assert_eq!(rest.options, [1, 4]);
    assert_eq!(rest.problem.colour_name(0), Some("red"));
    assert_eq!(
        rest.problem.option_colours(0).unwrap().collect::<Vec<_>>(),
        [None, Some(red)]
    );
    assert_eq!(Solver::new(&rest.problem).count(None).unwrap().solutions, 1);
    // The same colour twice agrees; another colour, or none, clashes.
    assert!(!problem.residual(&[0, 1]).expect("memory").contradictory);
    for chosen in [&[0, 2][..], &[0, 3], &[4, 3], &[4, 4]] {
        let rest = problem.residual(chosen).expect("memory");
        assert!(rest.contradictory, "{chosen:?}");
        assert!(rest.options.is_empty() && rest.problem.option_count() == 0);
    }
    // Numbers that are no option are passed over.
    assert_eq!(problem.residual(&[0, 99]).expect("memory").options, [1, 4]);
}

/// An item whose new name is taken, or empty, stays, unnamed.
#[test]
fn no_item_is_lost_to_its_name() {
    let mut problem = Problem::new();
    problem.add_primary_items(2);
    problem.add_primary("#1").unwrap();
    for k in 0..3 {
        problem.add_option([k]).unwrap();
    }
    let rest = problem.residual(&[]).expect("memory");
    assert_eq!(rest.items, [0, 1, 2]);
    assert_eq!(rest.problem.item_name(1), Some("#1"));
    assert_eq!(rest.problem.item_name(2), None);
    assert_eq!(rest.options, [0, 1, 2]);
    let renamed = problem
        .residual_named(&[0], |_| String::new())
        .expect("memory");
    assert_eq!(renamed.items, [1, 2]);
    assert_eq!(renamed.problem.item_name(0), None);
}
