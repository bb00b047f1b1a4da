//! Sudoku: known puzzles in every form, the engine against the reference
//! solver, reading errors, and the published puzzle sets.

use crate::common;

use exactcover::sudoku::{
    Alphabet, Grid, GridError, Reader, Shape, SudokuSolver, Uniqueness, reference,
};
use exactcover::{Budget, SearchEnd};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

const LEETCODE_BOARD: [[char; 9]; 9] = [
    ['5', '3', '.', '.', '7', '.', '.', '.', '.'],
    ['6', '.', '.', '1', '9', '5', '.', '.', '.'],
    ['.', '9', '8', '.', '.', '.', '.', '6', '.'],
    ['8', '.', '.', '.', '6', '.', '.', '.', '3'],
    ['4', '.', '.', '8', '.', '3', '.', '.', '1'],
    ['7', '.', '.', '.', '2', '.', '.', '.', '6'],
    ['.', '6', '.', '.', '.', '.', '2', '8', '.'],
    ['.', '.', '.', '4', '1', '9', '.', '.', '5'],
    ['.', '.', '.', '.', '8', '.', '.', '7', '9'],
];

/// LeetCode 37's published output for the board above.
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The 21-clue puzzle published by Arto Inkala (2012), as rows of digits with
/// 0 for blanks, and its published solution.
const INKALA_ROWS: &str = "\
8 0 0 0 0 0 0 0 0
0 0 3 6 0 0 0 0 0
0 7 0 0 9 0 2 0 0
0 5 0 0 0 7 0 0 0
0 0 0 0 4 5 7 0 0
0 0 0 1 0 0 0 3 0
0 0 1 0 0 0 0 6 8
0 0 8 5 0 0 0 1 0
0 9 0 0 0 0 4 0 0
";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

fn check_unique(puzzle: &Grid, expected: &str) {
    let mut solver = SudokuSolver::new();
    let solution = solver.solution(puzzle).unwrap().expect("solvable");
    assert_eq!(solution.to_string(), expected);
    assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
    assert_eq!(
        solver.uniqueness(puzzle).unwrap(),
        Uniqueness::Unique(solution.clone())
    );
    assert_eq!(
        reference::search(puzzle, 1, None)
            .expect("no step bound")
            .1
            .unwrap(),
        solution
    );
    assert_eq!(
        reference::search(puzzle, 2, None).expect("no step bound").0,
        1
    );
}

#[test]
fn leetcode_37_in_every_form() {
    let from_chars = Grid::try_from(LEETCODE_BOARD).unwrap();
    let from_vec = Grid::try_from(
        LEETCODE_BOARD
            .iter()
            .map(|r| r.to_vec())
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let line: String = LEETCODE_BOARD.iter().flatten().collect();
    let from_line: Grid = line.parse().unwrap();
    let digits: Vec<u8> = line
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    let from_array = Grid::try_from(<[u8; 81]>::try_from(digits.as_slice()).unwrap()).unwrap();
    let mut rows = [[0u8; 9]; 9];
    for (k, &d) in digits.iter().enumerate() {
        rows[k / 9][k % 9] = d;
    }
    let from_rows = Grid::try_from(rows).unwrap();
    let from_block: Grid = format!("{from_line:#}").parse().unwrap();
    for grid in [&from_vec, &from_line, &from_array, &from_rows, &from_block] {
        assert_eq!(grid, &from_chars);
    }
    check_unique(&from_chars, LEETCODE_SOLUTION);
    // And back to a LeetCode board.
    let solved = from_chars.solution().unwrap();
    let board: Vec<Vec<char>> = (&solved).into();
    assert_eq!(board[0], ['5', '3', '4', '6', '7', '8', '9', '1', '2']);
}

#[test]
fn inkala_puzzle_in_every_form() {
    let from_block: Grid = INKALA_ROWS.parse().unwrap();
    let crlf: Grid = INKALA_ROWS.replace('\n', "\r\n").parse().unwrap();
    let zeros: String = INKALA_ROWS.split_whitespace().collect();
    let from_zeros: Grid = zeros.parse().unwrap();
    let from_dots: Grid = zeros.replace('0', ".").parse().unwrap();
    assert_eq!(from_block, crlf);
    assert_eq!(from_block, from_zeros);
    assert_eq!(from_block, from_dots);
    assert_eq!(from_block.given_count(), 21);
    check_unique(&from_block, INKALA_SOLUTION);
}

#[test]
fn display_round_trips() {
    let grid: Grid = INKALA_ROWS.parse().unwrap();
    assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
    let block = format!("{grid:#}");
    assert_eq!(block.lines().next().unwrap(), "8 . . | . . . | . . .");
    assert_eq!(block.lines().nth(3).unwrap(), "------+-------+------");
    assert_eq!(block.parse::<Grid>().unwrap(), grid);
}

/// A random complete grid of `shape`: a pattern shuffled by the symmetries
/// of Sudoku (symbols, rows within bands, bands, columns within stacks,
/// stacks).
fn random_solved(shape: Shape, g: &mut Gen) -> Grid {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let shuffle = |len: usize, g: &mut Gen| {
        let mut v: Vec<usize> = (0..len).collect();
        for k in (1..len).rev() {
            v.swap(k, usize::arbitrary(g) % (k + 1));
        }
        v
    };
    let symbols = shuffle(n, g);
    let bands = shuffle(n / r, g);
    let stacks = shuffle(n / c, g);
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&b| shuffle(r, g).into_iter().map(move |k| b * r + k))
        .collect();
    let cols: Vec<usize> = stacks
        .iter()
        .flat_map(|&s| shuffle(c, g).into_iter().map(move |k| s * c + k))
        .collect();
    let mut grid = Grid::empty(shape);
    for (y, &py) in rows.iter().enumerate() {
        for (x, &px) in cols.iter().enumerate() {
            let v = (c * (py % r) + py / r + px) % n;
            grid.set(y, x, Some(symbols[v] + 1)).unwrap();
        }
    }
    assert!(grid.is_solved(), "the pattern is a Sudoku grid");
    grid
}

/// The unshuffled pattern grid of `shape` (deterministic: random grids of
/// the larger sizes with many blanks can make hard instances for DLX).
fn pattern(shape: Shape) -> Grid {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let mut grid = Grid::empty(shape);
    for y in 0..n {
        for x in 0..n {
            grid.set(y, x, Some((c * (y % r) + y / r + x) % n + 1))
                .unwrap();
        }
    }
    assert!(grid.is_solved(), "the pattern is a Sudoku grid");
    grid
}

#[derive(Clone, Debug)]
struct Puzzle(Grid);

impl Arbitrary for Puzzle {
    fn arbitrary(g: &mut Gen) -> Puzzle {
        let shape = *g
            .choose(&[
                Shape::new(2, 2).unwrap(),
                Shape::new(2, 3).unwrap(),
                Shape::new(3, 2).unwrap(),
                Shape::new(3, 3).unwrap(),
            ])
            .unwrap();
        let mut grid = random_solved(shape, g);
        let n = shape.size();
        // Keep between a third and all of the cells (9x9: at least 27 givens,
        // so the reference solver stays quick).
        let keep = n * n / 3 + usize::arbitrary(g) % (n * n - n * n / 3 + 1);
        let mut cells: Vec<usize> = (0..n * n).collect();
        for k in (1..cells.len()).rev() {
            cells.swap(k, usize::arbitrary(g) % (k + 1));
        }
        for &cell in &cells[keep..] {
            grid.set(cell / n, cell % n, None).unwrap();
        }
        Puzzle(grid)
    }
}

#[test]
fn engine_agrees_with_reference() {
    fn prop(puzzle: Puzzle, limit: u8) -> TestResult {
        let grid = puzzle.0;
        let limit = u64::from(limit % 20) + 1;
        // Plain backtracking can be slow on unlucky sparse grids: bound it,
        // and discard the (rare) case that needs more.
        let Ok((expected, _)) = reference::search(&grid, limit, Some(2_000_000)) else {
            return TestResult::discard();
        };
        let mut solver = SudokuSolver::new();
        let count = solver.count(&grid, Some(limit)).unwrap();
        let solutions: Vec<Grid> = solver.solutions(&grid).take(limit as usize).collect();
        let distinct: std::collections::BTreeSet<String> =
            solutions.iter().map(|s| s.to_string()).collect();
        TestResult::from_bool(
            count.solutions == expected
                && (count.end == SearchEnd::Limit) == (expected == limit)
                && solutions.len() as u64 == expected
                && distinct.len() == solutions.len()
                && solutions
                    .iter()
                    .all(|s| s.is_solved() && grid.is_completed_by(s)),
        )
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(Puzzle, u8) -> TestResult);
}

#[test]
fn known_counts_of_empty_grids() {
    // 4x4: 288 grids (OEIS A107739 gives 288 for the 4x4 Sudoku).
    let empty4 = Grid::empty(Shape::for_size(4).unwrap());
    assert_eq!(empty4.count(None).solutions, 288);
    assert_eq!(
        reference::search(&empty4, u64::MAX, None)
            .expect("no step bound")
            .0,
        288
    );
    // 6x6 with the first row fixed: 28,200,960 / 6! = 39,168.
    let mut six = Grid::empty(Shape::for_size(6).unwrap());
    for c in 0..6 {
        six.set(0, c, Some(c + 1)).unwrap();
    }
    assert_eq!(six.count(None).solutions, 39_168);
}

#[test]
fn every_box_shape_solves() {
    let mut solver = SudokuSolver::new();
    for (r, c) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 4),
        (5, 5),
        (1, 7),
        (4, 5),
        (6, 6),
        (7, 7),
        (8, 8),
    ] {
        let shape = Shape::new(r, c).unwrap();
        let full = pattern(shape);
        let n = shape.size();
        let mut puzzle = full.clone();
        // Blank out every third cell.
        for k in (0..n * n).step_by(3) {
            puzzle.set(k / n, k % n, None).unwrap();
        }
        let solution = solver.solution(&puzzle).unwrap().expect("has a solution");
        assert!(
            solution.is_solved() && puzzle.is_completed_by(&solution),
            "{r}x{c}"
        );
        // And empty grids have a solution too.
        let empty = Grid::empty(shape);
        if n <= 25 {
            assert!(
                solver.solution(&empty).unwrap().unwrap().is_solved(),
                "{r}x{c} empty"
            );
        }
    }
}

#[test]
fn large_grids_with_alphabets() {
    let alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm"; // 49 symbols
    let reader = Reader::new().with_alphabet(Alphabet::new(alphabet).unwrap());
    let full = pattern(Shape::for_size(49).unwrap())
        .with_alphabet(Alphabet::new(alphabet).unwrap())
        .unwrap();
    let mut puzzle = full.clone();
    for k in (0..49 * 49).step_by(3) {
        puzzle.set(k / 49, k % 49, None).unwrap();
    }
    let line = puzzle.to_string();
    let read = reader.read_line(&line).unwrap();
    assert_eq!(read, puzzle);
    let mut solver = SudokuSolver::new();
    solver.set_budget(Budget::new().with_max_nodes(1_000_000));
    let solution = solver.solution(&read).unwrap().unwrap();
    assert!(solution.is_solved() && read.is_completed_by(&solution));
    assert_eq!(solution.to_string().len(), 49 * 49);
}

#[test]
fn reading_errors_say_where() {
    let r = Reader::new();
    assert_eq!(
        r.read_line(&".".repeat(80)),
        Err(GridError::CellCount {
            found: 80,
            expected: None
        })
    );
    let mut bad = ".".repeat(81);
    bad.replace_range(12..13, "*");
    assert_eq!(
        r.read_line(&bad),
        Err(GridError::IllegalCharacter {
            ch: '*',
            row: 1,
            column: 3
        })
    );
    let mut big = ".".repeat(81);
    big.replace_range(80..81, "A");
    assert_eq!(
        r.read_line(&big),
        Err(GridError::SymbolOutOfRange {
            ch: 'A',
            value: 10,
            size: 9,
            row: 8,
            column: 8
        })
    );
    let six = Reader::new().with_shape(Shape::new(2, 3).unwrap());
    assert_eq!(
        six.read_line(&".".repeat(81)),
        Err(GridError::CellCount {
            found: 81,
            expected: Some(36)
        })
    );
    let boxed = Reader::new().with_shape(Shape::new(2, 4).unwrap());
    assert!(
        matches!(boxed.read_line(&".".repeat(64)), Ok(g) if g.shape() == Shape::new(2, 4).unwrap())
    );
    assert_eq!(
        r.read_block("1 2\n3\n"),
        Err(GridError::RowLength {
            row: 1,
            found: 1,
            expected: 2
        })
    );
    assert_eq!(
        r.read_block("12\n34\n12\n"),
        Err(GridError::RowCount {
            found: 3,
            expected: 2
        })
    );
    assert_eq!(
        r.read_line(&".".repeat(36 * 36)),
        Err(GridError::AlphabetMismatch {
            size: 36,
            symbols: 35
        })
    );
    assert!(matches!(
        Alphabet::new("11"),
        Err(GridError::BadAlphabet(_))
    ));
    assert!(matches!(
        "3y3".parse::<Shape>(),
        Err(GridError::BadShape(_))
    ));
    assert_eq!(
        Shape::new(11, 11),
        Err(GridError::InvalidShape {
            box_rows: 11,
            box_cols: 11
        })
    );
    // Every error has a message naming the place.
    let e = r.read_line(&bad).unwrap_err().to_string();
    assert!(
        e.contains("'*'") && e.contains("row 2") && e.contains("column 4"),
        "{e}"
    );
}

#[test]
fn conflicts_are_found_before_search() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5");
    line.replace_range(30..31, "5"); // r4c4: same box? no; column 4? no
    line.replace_range(27..28, "5"); // r4c1: column 1 with r1c1
    let grid: Grid = line.parse().unwrap();
    let conflict = grid.conflict().unwrap();
    assert_eq!((conflict.first, conflict.second), ((0, 0), (3, 0)));
    assert_eq!(
        conflict.to_string(),
        "conflicting givens: '5' twice in column 1, at r1c1 and r4c1"
    );
    assert_eq!(grid.count(None).solutions, 0);
    assert_eq!(
        SudokuSolver::new().uniqueness(&grid).unwrap(),
        Uniqueness::Unsolvable
    );
    // A solver that worked on another puzzle reports no work for this one.
    let mut solver = SudokuSolver::new();
    let empty = Grid::empty(Shape::for_size(9).unwrap());
    assert!(solver.solution(&empty).unwrap().is_some());
    assert!(solver.stats().nodes > 0);
    assert_eq!(solver.solution(&grid).unwrap(), None);
    assert_eq!(solver.stats(), exactcover::Stats::default());
}

#[test]
fn no_input_string_panics() {
    fn prop(text: String, size: u8, custom: bool) -> bool {
        let _ = text.parse::<Grid>();
        let n = usize::from(size % 12) + 1;
        let mut reader = Reader::new();
        if custom {
            if let Ok(a) = Alphabet::new(&text.chars().take(n).collect::<String>()) {
                reader = reader.with_alphabet(a);
            }
        }
        if let Ok(shape) = Shape::for_size(n) {
            reader = reader.clone().with_shape(shape);
        }
        let _ = reader.read_line(&text);
        let _ = reader.read_block(&text);
        let _ = text.parse::<Shape>();
        let _ = exactcover::knuth::parse(&text);
        true
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(String, u8, bool) -> bool);
}

#[test]
fn budgets_bound_pathological_work() {
    let mut solver = SudokuSolver::new();
    solver.set_budget(Budget::new().with_max_nodes(10_000));
    let empty = Grid::empty(Shape::for_size(25).unwrap());
    assert!(solver.count(&empty, None).is_err());
    assert!(solver.stats().nodes <= 10_000);
}

// ----- The published sets in ../shared/data/puzzles -----

fn shared(name: &str) -> Option<Vec<Grid>> {
    let text = common::shared_puzzles(name)?;
    Some(text.lines().map(|l| l.parse().expect("a puzzle")).collect())
}

#[test]
#[cfg_attr(
    not(shared_puzzles),
    ignore = "needs ../shared/data/puzzles (see README)"
)]
fn magictour_top1465_all_solved_and_unique() {
    let Some(puzzles) = shared("puzzles3_magictour_top1465") else {
        return;
    };
    assert_eq!(puzzles.len(), 1465);
    let mut solver = SudokuSolver::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let Uniqueness::Unique(solution) = solver.uniqueness(puzzle).unwrap() else {
            panic!("puzzle {} is not unique", k + 1);
        };
        assert!(
            solution.is_solved() && puzzle.is_completed_by(&solution),
            "puzzle {}",
            k + 1
        );
    }
}

#[test]
#[cfg_attr(
    not(shared_puzzles),
    ignore = "needs ../shared/data/puzzles (see README)"
)]
fn seventeen_clue_sample_solved() {
    let Some(puzzles) = shared("puzzles2_17_clue") else {
        return;
    };
    assert_eq!(puzzles.len(), 49_158);
    let mut solver = SudokuSolver::new();
    let mut out = Grid::empty(Shape::for_size(9).unwrap());
    for puzzle in puzzles.iter().step_by(25) {
        assert_eq!(puzzle.given_count(), 17);
        assert!(solver.solution_into(puzzle, &mut out).unwrap());
        assert!(out.is_solved() && puzzle.is_completed_by(&out), "{puzzle}");
        assert_eq!(
            solver.count(puzzle, Some(2)).unwrap().solutions,
            1,
            "{puzzle}"
        );
    }
}

#[test]
#[cfg_attr(
    not(shared_puzzles),
    ignore = "needs ../shared/data/puzzles (see README)"
)]
fn serg_benchmark_has_several_solutions_each() {
    let Some(puzzles) = shared("puzzles7_serg_benchmark") else {
        return;
    };
    assert_eq!(puzzles.len(), 10_000);
    let mut solver = SudokuSolver::new();
    for puzzle in &puzzles {
        let count = solver.count(puzzle, Some(2)).unwrap();
        assert_eq!(
            (count.solutions, count.end),
            (2, SearchEnd::Limit),
            "{puzzle}"
        );
    }
}

#[test]
fn big_sudoku_grids_read_and_solve() {
    let alphabets = [
        (36, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        (49, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm"),
    ];
    for (n, symbols) in alphabets {
        let shape = Shape::for_size(n).unwrap();
        let alphabet = Alphabet::new(symbols).unwrap();
        // A known solution (a shifted pattern), with every third cell blank
        // (such puzzles have several solutions; any one will do).
        let full = pattern(shape);
        let mut puzzle = full.clone();
        for k in (0..n * n).step_by(3) {
            puzzle.set(k / n, k % n, None).unwrap();
        }
        let text = puzzle.with_alphabet(alphabet.clone()).unwrap().to_string();
        let read = Reader::new()
            .with_alphabet(alphabet)
            .read_line(&text)
            .unwrap();
        let mut solver = SudokuSolver::new();
        solver.set_budget(Budget::new().with_max_nodes(1_000_000));
        let solution = solver.solution(&read).unwrap().unwrap();
        assert!(
            solution.is_solved() && read.is_completed_by(&solution),
            "{n}x{n}"
        );
        assert_eq!(solution.to_string().chars().count(), n * n);
    }
}
