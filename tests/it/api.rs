//! The library as a newcomer meets it (issue 31): options that carry the
//! caller's values (`ExactCover`), one convention for questions a budget can
//! cut short (`Result<_, Interrupted>`, `Count::from` for the partial
//! count), `unique_solution`, f-puzzles that parse and go wherever a puzzle
//! does, a grid's own alphabet, builders named `with_*` (the old names
//! still doing the same), and the auto traits a user expects.

use std::collections::BTreeSet;

use exactcover::problem::classic;
use exactcover::sudoku::{
    Alphabet, FPuzzle, Grid, Reader, RuledGrid, Shape, SudokuSolver, Uniqueness, reference,
};
use exactcover::{
    Budget, Count, CoverSolutions, ExactCover, Interrupted, Interruption, Problem, SearchEnd,
    Solver,
};
use quickcheck::{QuickCheck, TestResult};

use crate::random::Coloured;

/// The options of a Sudoku as LeetCode 37 states it: a digit in a cell,
/// covering the cell and the digit in its row, column and box.
fn leetcode_options(puzzle: &Grid) -> Vec<((usize, usize, usize), [String; 4])> {
    let mut options = Vec::new();
    for r in 0..9 {
        for c in 0..9 {
            for d in 1..=9 {
                if puzzle.get(r, c).is_none_or(|given| given == d) {
                    let b = r / 3 * 3 + c / 3;
                    let items = [
                        format!("p{r}{c}"),
                        format!("r{r}#{d}"),
                        format!("c{c}#{d}"),
                        format!("b{b}#{d}"),
                    ];
                    options.push(((r, c, d), items));
                }
            }
        }
    }
    options
}

#[test]
fn exact_cover_solves_top95_as_the_sudoku_solver_does() {
    let text = include_str!("../../data/top95.txt");
    let mut sudoku = SudokuSolver::new();
    for line in text.lines() {
        let puzzle: Grid = line.parse().unwrap();
        let cover = ExactCover::from_options(leetcode_options(&puzzle)).unwrap();
        let placements = cover.unique_solution().unwrap().expect("top95 is unique");
        assert_eq!(placements.len(), 81);
        let mut grid = puzzle.clone();
        for &(r, c, d) in placements {
            grid.set(r, c, Some(d)).unwrap();
        }
        assert_eq!(
            Some(grid),
            unique(sudoku.uniqueness(&puzzle).unwrap()),
            "{line}"
        );
    }
}

/// The options of `n` queens as values: squares, with rows and columns
/// primary and diagonals secondary.
fn queens(n: usize) -> ExactCover<(usize, usize)> {
    let squares = (0..n).flat_map(|r| (0..n).map(move |c| (r, c)));
    let options = squares.map(|(r, c)| {
        let items = [
            format!("r{r}"),
            format!("c{c}"),
            format!("a{}", r + c),
            format!("b{}", n - 1 + r - c),
        ];
        ((r, c), items)
    });
    let diagonals = (0..2 * n - 1).flat_map(|k| [format!("a{k}"), format!("b{k}")]);
    ExactCover::from_options_with_secondary(options, diagonals).unwrap()
}

#[test]
fn queens_as_values_count_as_the_classic_problem_and_every_solution_is_a_placement() {
    // OEIS A000170.
    for (n, expected) in (1..=8).zip([1, 0, 0, 2, 10, 4, 40, 92]) {
        let mut cover = queens(n);
        assert_eq!(cover.count(None).unwrap().solutions, expected, "n = {n}");
        let classic = Solver::new(&classic::queens(n)).count(None).unwrap();
        assert_eq!(classic.solutions, expected);
        let mut seen = BTreeSet::new();
        let mut solutions = cover.solutions();
        for solution in solutions.by_ref() {
            // In the order given: row by row, one queen in each.
            let rows: Vec<usize> = solution.iter().map(|&&(r, _)| r).collect();
            assert_eq!(rows, (0..n).collect::<Vec<_>>());
            for (i, &&(r, c)) in solution.iter().enumerate() {
                for &&(r2, c2) in &solution[i + 1..] {
                    assert!(c != c2 && r.abs_diff(r2) != c.abs_diff(c2), "{solution:?}");
                }
            }
            assert!(seen.insert(solution), "a solution twice");
        }
        assert_eq!(solutions.end(), Some(SearchEnd::Exhausted));
        assert_eq!(seen.len() as u64, expected);
        let unique = cover.unique_solution().unwrap();
        assert_eq!(unique.is_some(), expected == 1, "n = {n}");
    }
}

/// Options as values (here their numbers) and item names.
type Named = Vec<(usize, Vec<String>)>;

/// A random problem with colours, as named options: `i{k}`, and
/// `i{k}:c{colour}` for a coloured entry, and its secondary items. `None`
/// when a primary item is in no option (items are inferred from the
/// options, so it would be lost).
fn named(problem: &Problem) -> Option<(Named, Vec<String>)> {
    let mut named = BTreeSet::new();
    let options: Vec<(usize, Vec<String>)> = problem
        .options()
        .enumerate()
        .map(|(o, items)| {
            let colours = problem.option_colours(o).unwrap();
            let words = items.iter().zip(colours).map(|(&i, colour)| {
                named.insert(i);
                match colour {
                    Some(c) => format!("i{i}:c{c}"),
                    None => format!("i{i}"),
                }
            });
            (o, words.collect())
        })
        .collect();
    if (0..problem.item_count()).any(|i| problem.is_primary(i) && !named.contains(&i)) {
        return None;
    }
    let secondary = (0..problem.item_count())
        .filter(|&i| !problem.is_primary(i))
        .map(|i| format!("i{i}"))
        .collect();
    Some((options, secondary))
}

#[test]
fn exact_cover_answers_as_the_solver_on_random_problems_with_colours() {
    fn prop(Coloured(problem): Coloured) -> TestResult {
        let Some((options, secondary)) = named(&problem) else {
            return TestResult::discard();
        };
        let mut cover = ExactCover::from_options_with_secondary(options, secondary).unwrap();
        let mut solver = Solver::new(&problem);
        // The values are the option numbers: every solution is the solver's,
        // sorted.
        let mut expected: Vec<Vec<usize>> = solver
            .solutions()
            .map(|mut s| {
                s.sort_unstable();
                s
            })
            .collect();
        expected.sort();
        let mut found: Vec<Vec<usize>> = cover
            .solutions()
            .map(|s| s.into_iter().copied().collect())
            .collect();
        found.sort();
        let count = cover.count(None).unwrap();
        let unique = cover.unique_solution().unwrap();
        let first = cover.solution().unwrap();
        TestResult::from_bool(
            found == expected
                && count.solutions == expected.len() as u64
                && count == solver.count(None).unwrap()
                && unique.is_some() == (expected.len() == 1)
                && first.is_some() != expected.is_empty()
                && solver.unique_solution().unwrap().is_some() == (expected.len() == 1),
        )
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(Coloured) -> TestResult);
}

#[test]
fn colours_in_code_read_as_knuth_writes_them() {
    // Knuth's xcc toy problem (data/xcc-toy.dlx): one solution, "q x:A"
    // and "p r x:A y".
    let options = [
        ("p q x y:A", vec!["p", "q", "x", "y:A"]),
        ("p r x:A y", vec!["p", "r", "x:A", "y"]),
        ("p x:B", vec!["p", "x:B"]),
        ("q x:A", vec!["q", "x:A"]),
        ("r y:B", vec!["r", "y:B"]),
    ];
    let cover = ExactCover::from_options_with_secondary(options, ["x", "y"]).unwrap();
    assert_eq!(cover.problem().primary_count(), 3);
    let solution = cover.unique_solution().unwrap().expect("one solution");
    assert_eq!(solution, [&"p r x:A y", &"q x:A"]);
}

#[test]
fn an_interrupted_question_is_an_error_and_its_partial_count_survives() {
    // Every node limit, on a problem with many solutions: `count` is `Ok`
    // exactly when a visit within the same budget ends without being
    // interrupted, and `Count::from` of the error counts the solutions that
    // visit saw.
    let problem = classic::queens(6);
    let mut solver = Solver::new(&problem);
    let all = solver.count(None).unwrap().solutions;
    let nodes = solver.stats().nodes;
    for max in (0..=nodes + 1).step_by(7) {
        solver.set_budget(Budget::new().with_max_nodes(max));
        let mut seen = 0;
        let visited = solver.visit(|_| {
            seen += 1;
            std::ops::ControlFlow::Continue(())
        });
        match solver.count(None) {
            Ok(count) => {
                assert_eq!(visited, SearchEnd::Exhausted, "max {max}");
                assert_eq!((count.solutions, count.end), (all, SearchEnd::Exhausted));
            }
            Err(stop) => {
                assert_eq!(visited, SearchEnd::Interrupted(Interruption::NodeLimit));
                assert_eq!(stop.reason, Interruption::NodeLimit);
                assert_eq!(stop.stats.nodes, max, "it stopped at the limit");
                let partial = Count::from(stop);
                assert_eq!(partial.solutions, seen, "max {max}");
                assert_eq!(partial.end, visited);
                assert!(seen <= all); // all found, the rest of the tree not yet searched
            }
        }
        for limit in [1, 2, 3] {
            match solver.count(Some(limit)) {
                Ok(count) => assert!(count.solutions <= limit),
                Err(stop) => assert!(stop.stats.solutions < limit),
            }
        }
        // Finding a solution takes the nodes of a count to 1; telling that
        // it is unique, those of a count to 2 (queens 6 has 4 solutions).
        assert_eq!(solver.solution().is_ok(), solver.count(Some(1)).is_ok());
        let unique = solver.unique_solution();
        assert_eq!(unique.is_ok(), solver.count(Some(2)).is_ok());
        assert!(!matches!(unique, Ok(Some(_))));
    }
    // The same on ExactCover and SudokuSolver.
    let cover = queens(6).with_budget(Budget::new().with_max_nodes(3));
    let stop: Interrupted = cover.count(None).unwrap_err();
    assert_eq!(
        Count::from(stop).end,
        SearchEnd::Interrupted(Interruption::NodeLimit)
    );
    assert!(cover.solution().is_err() && cover.unique_solution().is_err());
    let mut sudoku = SudokuSolver::new();
    sudoku.set_budget(Budget::new().with_max_nodes(50));
    let empty = Grid::empty(Shape::for_size(9).unwrap());
    let stop = sudoku.count(&empty, None).unwrap_err();
    // 50 nodes cannot fill 81 cells: no solution yet, and it says so.
    let partial = Count::from(stop);
    assert_eq!(partial.solutions, 0);
    assert_eq!(partial.to_string(), "0?");
    assert!(sudoku.uniqueness(&empty).is_err());
}

#[test]
fn the_question_mark_works_on_every_question() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle: Grid = "1.3..4..2......1".parse()?;
    let mut sudoku = SudokuSolver::new();
    assert_eq!(sudoku.count(&puzzle, None)?.solutions, 1);
    assert_eq!(sudoku.count(&puzzle, Some(2))?.solutions, 1);
    assert_eq!(
        unique(sudoku.uniqueness(&puzzle)?),
        sudoku.solution(&puzzle)?
    );
    assert!(puzzle.is_unique());
    let open: Grid = "1...............".parse()?;
    assert_eq!(unique(sudoku.uniqueness(&open)?), None);
    assert!(!open.is_unique());
    let none: Grid = "11..............".parse()?;
    assert_eq!(unique(sudoku.uniqueness(&none)?), None);
    assert_eq!(sudoku.count(&none, None)?.solutions, 0);
    let mut solver = Solver::new(&classic::queens(5));
    assert_eq!(solver.count(None)?.solutions, 10);
    assert_eq!(solver.unique_solution()?, None);
    Ok(())
}

#[test]
fn an_fpuzzle_parses_and_goes_wherever_a_puzzle_does() -> Result<(), Box<dyn std::error::Error>> {
    let text = include_str!("../../data/variants/killer-ukpuzzles.json");
    let puzzle: FPuzzle = text.parse()?;
    assert_eq!(puzzle.grid(), FPuzzle::parse(text)?.grid());
    let mut solver = SudokuSolver::new();
    let solution = solver.solution(&puzzle)?.expect("solvable");
    assert_eq!(
        unique(solver.uniqueness(&puzzle)?).as_ref(),
        Some(&solution)
    );
    assert_eq!(solver.count(&puzzle, Some(2))?.solutions, 1);
    assert_eq!(solver.count(&puzzle, Some(2))?.solutions, 1);
    assert_eq!(
        reference::search(&puzzle, 1, None)
            .expect("no step bound")
            .1
            .as_ref(),
        Some(&solution)
    );
    let ruled: RuledGrid<'_> = (&puzzle).into();
    assert!(ruled.rules().cages().len() > 1);
    assert!("{".parse::<FPuzzle>().is_err());
    Ok(())
}

#[test]
fn a_grid_has_its_own_alphabet() {
    // A 16x16 grid written from 0: its alphabet is 0-F, not 0-Z.
    let line = format!("0123456789ABCDEF{}", ".".repeat(240));
    let hex: Grid = line.parse().unwrap();
    assert_eq!(hex.alphabet().to_string(), "0123456789ABCDEF");
    assert_eq!(hex.alphabet().len(), 16);
    assert!(!hex.alphabet().is_default());
    assert_eq!(hex.to_string(), line);
    // Read again in its own alphabet, or in the alphabet named, it is the
    // same grid.
    let reader = Reader::new().with_alphabet(hex.alphabet().clone());
    assert_eq!(reader.read_line(&line).unwrap(), hex);
    let named = Alphabet::new("0123456789ABCDEF").unwrap();
    let again = Reader::new().with_alphabet(named.clone());
    assert_eq!(again.read_line(&line).unwrap().alphabet(), &named);
    // Its solution is written in it.
    let solution = hex.solution().expect("solvable");
    assert!(
        solution
            .to_string()
            .chars()
            .all(|ch| ch.is_ascii_hexdigit())
    );
    assert_eq!(solution.alphabet(), hex.alphabet());
    // The default alphabet, and one named in full.
    let nine = Grid::empty(Shape::for_size(9).unwrap());
    assert_eq!(nine.alphabet().to_string(), "123456789");
    assert!(nine.alphabet().is_default());
    let four: Grid = "1.3..4..2......1".parse().unwrap();
    let letters = four
        .clone()
        .with_alphabet(Alphabet::new("ABCD").unwrap())
        .unwrap();
    assert_eq!(letters.alphabet().to_string(), "ABCD");
    let back = letters.with_alphabet(Alphabet::default()).unwrap();
    assert_eq!(back, four);
    assert_eq!(back.alphabet().to_string(), "1234");
    // A grid's alphabet fits its size only.
    let sixteen = Grid::empty(Shape::for_size(16).unwrap());
    assert!(sixteen.with_alphabet(four.alphabet().clone()).is_err());
}

fn send_sync<T: Send + Sync>() {}
fn send<T: Send>() {}

#[test]
fn the_types_users_share_between_threads_are_send_and_sync() {
    send_sync::<Problem>();
    send_sync::<ExactCover<(usize, usize)>>();
    send_sync::<Grid>();
    send_sync::<FPuzzle>();
    send_sync::<Count>();
    send_sync::<Interrupted>();
    send_sync::<Budget>();
    send::<Solver>();
    send::<SudokuSolver>();
    send::<CoverSolutions<'static, u8>>();
    // An ExactCover answers from several threads at once, each question
    // on a solver of its own when the kept one is busy.
    let cover = queens(7);
    std::thread::scope(|s| {
        let counts: Vec<_> = (0..3)
            .map(|_| s.spawn(|| cover.count(None).unwrap().solutions))
            .collect();
        for count in counts {
            assert_eq!(count.join().unwrap(), 40);
        }
    });
}

#[test]
fn debug_says_what_the_new_types_hold() {
    let mut cover = ExactCover::from_options([("x", ["a"])]).unwrap();
    assert_eq!(
        format!("{cover:?}"),
        r#"ExactCover { options: [("x", "a")], .. }"#
    );
    let solutions = cover.solutions();
    assert!(format!("{solutions:?}").starts_with("CoverSolutions {"));
}

/// Options whose items are all secondary with colours block nothing when
/// chosen, not even themselves: choosing and ruling out each of them, in
/// either order, must neither panic nor overflow the selection (each
/// option stands in it once), and a chosen option ruled out stays chosen.
#[test]
fn colour_only_options_chosen_and_ruled_out_stay_in_the_selection_once() {
    // More options than items: each chosen and ruled out twice over would
    // overflow the selection.
    let text = "a | x y\na x:1\nx:1\ny:2\nx:1 y:2\ny:2\nx:1\nx:1\ny:2\ny:2\nx:1 y:2\nx:1\n";
    let read = exactcover::knuth::parse(text).unwrap();
    let mut solver = Solver::new(&read.problem);
    let free = 1..read.problem.option_count();
    for option in free.clone() {
        assert!(solver.select(option).is_ok(), "option {option}");
        assert_eq!(solver.exclude(option), Ok(false), "option {option}");
    }
    assert_eq!(solver.selection_len(), free.len());
    // Every colour agrees: option 0 completes the one solution.
    assert_eq!(solver.count(None).unwrap().solutions, 1);
    solver.clear_selection();
    for option in free.clone() {
        assert_eq!(solver.exclude(option), Ok(true), "option {option}");
        assert_eq!(solver.exclude(option), Ok(false), "option {option}");
    }
    // With them all ruled out, option 0 alone covers `a`.
    assert_eq!(solver.count(None).unwrap().solutions, 1);
    // Choosing an option ruled out is a conflict: no solution.
    for option in free {
        assert!(solver.select(option).is_err(), "option {option}");
    }
    assert_eq!(solver.selection_len(), 0);
    assert_eq!(solver.count(None).unwrap().solutions, 0);
}

/// The solution of a puzzle that has exactly one.
fn unique(answer: Uniqueness) -> Option<Grid> {
    match answer {
        Uniqueness::Unique(solution) => Some(solution),
        Uniqueness::Unsolvable | Uniqueness::Multiple(..) => None,
    }
}
