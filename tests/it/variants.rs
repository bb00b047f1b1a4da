//! Sudoku variants on published puzzles with their published solutions
//! (sources below and in data/SOURCES.md), bad inputs, and the exact-cover
//! solver against the reference solver on every combination of rules.

use std::sync::Arc;

use exactcover::sudoku::{
    FPuzzle, FPuzzlesError, Grid, ItemMeaning, RuledGrid, Rules, RulesError, Shape, SudokuSolver,
    Uniqueness, Unit, reference, remaining_problem,
};

/// The text of `data/variants/<name>`.
fn data(name: &str) -> String {
    let path = format!("{}/data/variants/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The published solution stored with an f-puzzles file (its `solution`
/// key: the digits in reading order), as a grid.
fn published_solution(json: &str, shape: Shape) -> Grid {
    let value: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let digits = value["solution"].as_array().expect("a solution");
    let n = shape.size();
    let mut grid = Grid::empty(shape);
    for (k, d) in digits.iter().enumerate() {
        let d = d.as_u64().expect("a digit") as usize;
        grid.set(k / n, k % n, Some(d)).expect("in range");
    }
    grid
}

/// Checks that `puzzle` has exactly one solution, `expected`, for the
/// exact-cover solver and for the reference solver (which reads the rules
/// as stated, cage sums included), and that `expected` obeys the rules.
fn check_unique(puzzle: RuledGrid<'_>, expected: &Grid) {
    assert!(
        puzzle.grid().is_completed_by(expected),
        "the solution keeps the givens"
    );
    let rules = puzzle.rules();
    let shared = Arc::new(rules.into_owned());
    assert!(
        RuledGrid::new(&shared, expected).unwrap().is_solved(),
        "the published solution obeys the rules"
    );
    let mut solver = SudokuSolver::new();
    match solver.uniqueness(puzzle).expect("no budget") {
        Uniqueness::Unique(found) => assert_eq!(&found, expected),
        other => panic!("expected a unique solution, got {other:?}"),
    }
    let count = solver.count(puzzle, Some(2)).unwrap();
    assert_eq!(count.solutions, 1);
    let (count, first) = reference::search(puzzle, 2, Some(200_000_000)).expect("within the bound");
    assert_eq!(count, 1, "the reference solver finds one solution");
    assert_eq!(first.as_ref(), Some(expected));
}

/// Reads `data/variants/<name>` (f-puzzles), solves it and compares with
/// its published solution.
fn check_fpuzzles(name: &str) -> FPuzzle {
    let json = data(name);
    let puzzle = FPuzzle::parse(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
    let expected = published_solution(&json, puzzle.grid().shape());
    check_unique(puzzle.puzzle(), &expected);
    puzzle
}

/// Killer: the UK Puzzle Association's killer of file 247
/// (<https://ukpuzzles.org/file_download.php?fileid=247>), as transcribed
/// with its solution in lisudoku/lisudoku_solver
/// (src/solver/tests/logical_solver/puzzles/killer_9x9.rs). No givens: 25
/// cages of 2 to 5 cells.
#[test]
fn killer_from_the_uk_puzzle_association() {
    let puzzle = check_fpuzzles("killer-ukpuzzles.json");
    assert_eq!(puzzle.rules().cages().len(), 25);
    assert_eq!(puzzle.grid().given_count(), 0);
}

/// Killer: the example of killersudokuonline.com's tips page
/// (<https://www.killersudokuonline.com/tips.html>), transcribed with its
/// solution in lisudoku/lisudoku_solver (killer_9x9.rs, second test).
#[test]
fn killer_from_killersudokuonline() {
    let puzzle = check_fpuzzles("killer-ksonline.json");
    assert_eq!(puzzle.rules().cages().len(), 31);
}

/// Sudoku X from Sudopedia (<https://www.sudopedia.org/wiki/Sudoku-X>),
/// via lisudoku/lisudoku_solver (diagonal_9x9.rs): it needs both diagonals.
///
/// Its givens fill the last four rows, so the reference solver, which fills
/// cells from the top, gets lost in the empty rows: it checks the puzzle
/// turned half a turn instead, which the X rules map onto themselves.
#[test]
fn sudoku_x_from_sudopedia() {
    let json = data("x-sudopedia.json");
    let puzzle = FPuzzle::parse(&json).unwrap();
    let expected = published_solution(&json, puzzle.grid().shape());
    let mut solver = SudokuSolver::new();
    assert_eq!(
        solver.uniqueness(puzzle.puzzle()).unwrap(),
        Uniqueness::Unique(expected.clone())
    );
    let turned = |grid: &Grid| {
        let mut out = Grid::empty(grid.shape());
        let n = grid.size();
        for k in 0..n * n {
            let v = grid.get(k / n, k % n);
            out.set(n - 1 - k / n, n - 1 - k % n, v).unwrap();
        }
        out
    };
    check_unique(
        RuledGrid::new(puzzle.rules(), &turned(puzzle.grid())).unwrap(),
        &turned(&expected),
    );
    // Without the diagonals, 18 givens in four rows leave many solutions.
    let classic = puzzle.grid().count(Some(2));
    assert_eq!(classic.solutions, 2);
}

/// Diagonal Sudoku of the UK Puzzle Association (file 247), transcribed
/// with its solution in lisudoku/lisudoku_solver (diagonal_9x9.rs).
#[test]
fn sudoku_x_from_the_uk_puzzle_association() {
    check_fpuzzles("x-ukpuzzles.json");
}

/// Anti-knight: Cracking the Cryptic's puzzle of
/// <https://youtu.be/tHXXCW15bsk>, via lisudoku/lisudoku_solver
/// (anti_knight_9x9.rs).
#[test]
fn anti_knight_from_cracking_the_cryptic() {
    check_fpuzzles("antiknight-ctc.json");
}

/// Anti-knight: "No knight step" of
/// <https://www.funwithpuzzles.com/2018/02/no-knight-step-sudoku-puzzles.html>,
/// via lisudoku/lisudoku_solver (anti_knight_9x9.rs).
#[test]
fn anti_knight_from_funwithpuzzles() {
    check_fpuzzles("antiknight-fwp.json");
}

/// Anti-king 6x6 (boxes of 2x3) from lisudoku/lisudoku_solver's puzzle set
/// (anti_king_6x6.rs), with its solution.
#[test]
fn anti_king_six_by_six() {
    let puzzle = check_fpuzzles("antiking-6x6.json");
    assert_eq!(puzzle.grid().shape(), Shape::new(2, 3).unwrap());
}

/// Extra regions: Logic Masters India's Sudoku Mahabharat 2023 round
/// (<https://logicmastersindia.com/live/?contest=SM202301>), via
/// lisudoku/lisudoku_solver (extra_regions_9x9.rs).
#[test]
fn extra_regions_from_logic_masters_india() {
    let puzzle = check_fpuzzles("extraregions-lmi.json");
    assert_eq!(puzzle.rules().unit_count(), 27 + 4);
}

/// Jigsaw: Otto Janko's Chaos Sudoku 108
/// (<https://www.janko.at/Raetsel/Sudoku/Chaos/108.a.htm>), with its
/// solution as given in SmilingWayne/PuzzleSolver (docs/puzzles/jigsaw_sudoku.md);
/// read both from the jigsaw line format and from f-puzzles.
#[test]
fn jigsaw_from_janko() {
    let line = data("jigsaw-janko108.txt");
    let (givens, map) = line.trim().split_once(' ').expect("two fields");
    let grid: Grid = givens.parse().unwrap();
    let rules = Rules::classic(grid.shape())
        .with_regions(&Rules::region_map(map, 9).unwrap())
        .unwrap();
    assert_eq!(
        rules.units().filter(|u| matches!(u, Unit::Box(_))).count(),
        0
    );
    let rules = Arc::new(rules);
    let expected: Grid = data("jigsaw-janko108.solution").trim().parse().unwrap();
    check_unique(RuledGrid::new(&rules, &grid).unwrap(), &expected);
    // The same puzzle as f-puzzles JSON, with a region per cell.
    let json = check_fpuzzles("jigsaw-janko108.json");
    assert_eq!(**json.rules(), *rules);
    // Under the boxes instead, the givens clash or the solution differs.
    assert_ne!(grid.solution().as_ref(), Some(&expected));
}

/// Windoku: the first test puzzle of pravinthan/HyperSudokuSolver
/// (Test.py), with its solution.
#[test]
fn windoku_from_hypersudoku_solver() {
    let line = data("windoku-hyper.txt");
    let (givens, solution) = line.trim().split_once(' ').expect("two fields");
    let grid: Grid = givens.parse().unwrap();
    let expected: Grid = solution.parse().unwrap();
    let rules = Arc::new(Rules::classic(grid.shape()).with_windows().unwrap());
    check_unique(RuledGrid::new(&rules, &grid).unwrap(), &expected);
    assert_eq!(grid.count(Some(2)).solutions, 2, "the windows matter");
}

/// A cage of nine cells adding up to 45 allows one combination; one that
/// adds up to 44 none, which is an error.
#[test]
fn nine_cell_cages() {
    let shape = Shape::for_size(9).unwrap();
    let row: Vec<usize> = (0..9).collect();
    let rules = Rules::classic(shape).with_cage(&row, Some(45)).unwrap();
    assert_eq!(rules.option_count(), 729 + 1);
    assert_eq!(
        Rules::classic(shape).with_cage(&row, Some(44)).unwrap_err(),
        RulesError::UnreachableSum {
            cage: 0,
            sum: 44,
            cells: 9
        }
    );
    // An empty grid whose cages cover it in nine-cell L shapes still solves.
    let square = [0, 1, 2, 9, 10, 11, 18, 19, 20];
    let rules = Arc::new(Rules::classic(shape).with_cage(&square, Some(45)).unwrap());
    let empty = Grid::empty(shape);
    let solution = SudokuSolver::new()
        .solution(RuledGrid::new(&rules, &empty).unwrap())
        .unwrap()
        .unwrap();
    assert!(RuledGrid::new(&rules, &solution).unwrap().is_solved());
}

#[test]
fn a_region_map_that_is_not_n_regions_of_n_cells_is_an_error() {
    let shape = Shape::for_size(4).unwrap();
    let err = Rules::classic(shape)
        .with_regions(&Rules::region_map("AABB AABB CCDD CCDC", 4).unwrap())
        .unwrap_err();
    assert_eq!(
        err,
        RulesError::RegionSize {
            region: 2,
            cells: 5,
            expected: 4
        }
    );
    assert_eq!(err.to_string(), "region 3 has 5 cells, not 4");
    assert_eq!(
        Rules::region_map("AABB", 4).unwrap_err().to_string(),
        "the region map has 4 cells, not the 16 of the grid"
    );
    assert!(matches!(
        Rules::classic(shape).with_regions(&[0; 16]),
        Err(RulesError::RegionSize {
            region: 0,
            cells: 16,
            ..
        })
    ));
    assert!(matches!(
        Rules::classic(shape).with_regions(&[7; 16]),
        Err(RulesError::RegionOutOfRange {
            cell: 0,
            region: 7,
            size: 4
        })
    ));
    // The f-puzzles form names where.
    let mut json = data("jigsaw-janko108.json");
    json = json.replacen("\"region\":0", "\"region\":1", 1);
    let err = FPuzzle::parse(&json).unwrap_err();
    assert!(matches!(err, FPuzzlesError::Rules { .. }), "{err}");
    assert_eq!(err.to_string(), "grid: region 1 has 8 cells, not 9");
}

#[test]
fn an_unreachable_cage_sum_is_an_error() {
    let shape = Shape::for_size(9).unwrap();
    for (cells, sum) in [
        (&[0, 1][..], 2),
        (&[0, 1][..], 18),
        (&[0][..], 10),
        (&[0, 1, 2][..], 5),
    ] {
        let err = Rules::classic(shape)
            .with_cage(cells, Some(sum))
            .unwrap_err();
        assert!(matches!(err, RulesError::UnreachableSum { .. }), "{err}");
    }
    let json = data("killer-ksonline.json").replacen("\"value\":\"6\"", "\"value\":\"19\"", 1);
    let err = FPuzzle::parse(&json).unwrap_err();
    assert_eq!(
        err.to_string(),
        "killercage[0]: cage 1 (2 cells) cannot add up to 19 with distinct digits"
    );
    // A reachable sum the givens cannot meet gives no solution.
    let rules = Arc::new(Rules::classic(shape).with_cage(&[0, 1], Some(3)).unwrap());
    let mut grid = Grid::empty(shape);
    grid.set(0, 0, Some(3)).unwrap();
    let puzzle = RuledGrid::new(&rules, &grid).unwrap();
    assert_eq!(SudokuSolver::new().solution(puzzle).unwrap(), None);
    assert_eq!(
        reference::search(puzzle, 2, None).expect("no step bound").0,
        0
    );
    assert_eq!(puzzle.broken_cage(), Some(0));
    assert!(puzzle.conflict().is_none());
}

#[test]
fn conflicting_givens_on_a_diagonal_give_no_grid() {
    let shape = Shape::for_size(9).unwrap();
    let rules = Arc::new(Rules::classic(shape).with_diagonals());
    let mut grid = Grid::empty(shape);
    grid.set(0, 0, Some(5)).unwrap();
    grid.set(8, 8, Some(5)).unwrap();
    let puzzle = RuledGrid::new(&rules, &grid).unwrap();
    let conflict = puzzle.conflict().expect("a conflict");
    assert_eq!(conflict.unit, Unit::Diagonal(0));
    assert_eq!(
        conflict.to_string(),
        "conflicting givens: '5' twice in main diagonal, at r1c1 and r9c9"
    );
    let mut solver = SudokuSolver::new();
    assert_eq!(solver.solution(puzzle).unwrap(), None);
    assert_eq!(solver.count(puzzle, Some(2)).unwrap().solutions, 0);
    assert_eq!(solver.uniqueness(puzzle).unwrap(), Uniqueness::Unsolvable);
    assert_eq!(
        reference::search(puzzle, 2, None).expect("no step bound").0,
        0
    );
    // Classic rules alone see no conflict.
    assert!(grid.conflict().is_none());
}

#[test]
fn conflicts_name_cages_and_moves() {
    let shape = Shape::for_size(9).unwrap();
    let mut grid = Grid::empty(shape);
    grid.set(0, 0, Some(4)).unwrap();
    grid.set(1, 2, Some(4)).unwrap(); // a knight's move, same box
    grid.set(3, 3, Some(7)).unwrap();
    grid.set(5, 2, Some(7)).unwrap(); // a knight's move, across boxes
    let knight = Arc::new(Rules::classic(shape).with_anti_knight());
    let conflict = RuledGrid::new(&knight, &grid).unwrap().conflict().unwrap();
    assert_eq!(conflict.unit, Unit::Box(0), "the box comes first");
    grid.set(1, 2, None).unwrap();
    let conflict = RuledGrid::new(&knight, &grid).unwrap().conflict().unwrap();
    assert_eq!(conflict.unit, Unit::KnightMove);
    assert_eq!(
        conflict.to_string(),
        "conflicting givens: '7' twice a knight's move apart, at r4c4 and r6c3"
    );
    let mut grid = Grid::empty(shape);
    grid.set(2, 2, Some(1)).unwrap();
    grid.set(3, 3, Some(1)).unwrap();
    let king = Arc::new(Rules::classic(shape).with_anti_king());
    let conflict = RuledGrid::new(&king, &grid).unwrap().conflict().unwrap();
    assert_eq!(conflict.unit, Unit::KingMove);
    let caged = Arc::new(Rules::classic(shape).with_cage(&[20, 30], None).unwrap());
    let conflict = RuledGrid::new(&caged, &grid).unwrap().conflict().unwrap();
    assert_eq!(
        (conflict.unit, conflict.first, conflict.second),
        (Unit::Cage(0), (2, 2), (3, 3))
    );
}

#[test]
fn windows_need_a_nine_by_nine_grid() {
    for n in [4, 6, 8, 12, 16] {
        let err = Rules::classic(Shape::for_size(n).unwrap())
            .with_windows()
            .unwrap_err();
        assert_eq!(err, RulesError::WindowsNeedNine { size: n });
    }
}

/// A small deterministic generator, for picking rules and givens.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Every combination of variants on 4x4 and 6x6 grids, with a few givens
/// taken from a solution and random cages: the exact-cover solver and the
/// reference solver count the same solutions (up to `LIMIT`), and every
/// solution found obeys the rules.
#[test]
fn exact_cover_and_reference_agree_on_every_combination() {
    const LIMIT: u64 = 300;
    let mut rng = Lcg(2026);
    let mut checked = 0;
    for n in [4usize, 6] {
        let shape = Shape::for_size(n).unwrap();
        for mask in 0..32u32 {
            let mut rules = Rules::classic(shape);
            if mask & 1 != 0 {
                // A jigsaw map: columns in pairs of rows, shuffled by a shift.
                let map: Vec<usize> = (0..n * n).map(|k| (k % n + (k / n) % 2) % n).collect();
                rules = rules.with_regions(&map).unwrap();
            }
            if mask & 2 != 0 {
                rules = rules.with_diagonals();
            }
            if mask & 4 != 0 {
                rules = rules.with_anti_knight();
            }
            if mask & 8 != 0 {
                rules = rules.with_anti_king();
            }
            // A solution of these rules, if any, to draw cages and givens from.
            let base = Arc::new(rules.clone());
            let empty = Grid::empty(shape);
            let Some(solution) = SudokuSolver::new()
                .solution(RuledGrid::new(&base, &empty).unwrap())
                .unwrap()
            else {
                // No grid at all: the reference agrees.
                assert_eq!(
                    reference::search(RuledGrid::new(&base, &empty).unwrap(), 1, None)
                        .expect("no step bound")
                        .0,
                    0,
                    "{n}x{n} rules {mask:b}"
                );
                checked += 1;
                continue;
            };
            if mask & 16 != 0 {
                for _ in 0..3 {
                    let start = rng.below(n * n - 1);
                    let cells = [start, start + 1];
                    if cells[1] % n == 0 {
                        continue;
                    }
                    let sum = cells.iter().map(|&k| solution.cells()[k] as usize).sum();
                    let with_sum = rng.below(4) != 0;
                    if let Ok(r) = rules.clone().with_cage(&cells, with_sum.then_some(sum)) {
                        rules = r;
                    }
                }
            }
            let rules = Arc::new(rules);
            for givens in [0, 1, 2, 3, 4, 6] {
                let mut grid = Grid::empty(shape);
                for _ in 0..givens {
                    let k = rng.below(n * n);
                    grid.set(k / n, k % n, Some(solution.cells()[k] as usize))
                        .unwrap();
                }
                let puzzle = RuledGrid::new(&rules, &grid).unwrap();
                let mut solver = SudokuSolver::new();
                let ours = solver.count(puzzle, Some(LIMIT)).unwrap().solutions;
                let theirs = reference::search(puzzle, LIMIT, None)
                    .expect("no step bound")
                    .0;
                assert_eq!(ours, theirs, "{n}x{n} rules {mask:b} givens {grid}");
                if ours > 0 {
                    assert_eq!(puzzle.broken_cage(), None, "{grid} has solutions");
                }
                for found in solver.solutions(puzzle).take(50) {
                    assert!(RuledGrid::new(&rules, &found).unwrap().is_solved());
                    assert!(grid.is_completed_by(&found));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} puzzles checked");
}

/// The short names of the remaining problem stay distinct on large grids
/// (`p111` could be r1c11 or r11c1): no item is lost.
#[test]
fn remaining_problem_keeps_every_item_of_large_grids() {
    for n in [10usize, 12, 16] {
        let shape = Shape::for_size(n).unwrap();
        let rules = Arc::new(
            Rules::classic(shape)
                .with_diagonals()
                .with_anti_knight()
                .with_anti_king()
                .with_cage(&[0, 1, 2], Some(6))
                .unwrap(),
        );
        let empty = Grid::empty(shape);
        let (problem, options) =
            remaining_problem(RuledGrid::new(&rules, &empty).unwrap()).expect("memory");
        assert_eq!(problem.item_count(), rules.item_count(), "size {n}");
        assert_eq!(problem.primary_count(), rules.primary_count());
        assert_eq!(options.len(), rules.option_count());
        for (k, &o) in options.iter().enumerate() {
            assert_eq!(
                problem.option(k).unwrap().len(),
                rules.option_items(o).count()
            );
        }
    }
    let sixteen = Shape::for_size(16).unwrap();
    let (problem, _) = remaining_problem(&Grid::empty(sixteen)).expect("memory");
    assert!(problem.item_by_name("p1.11").is_some() && problem.item_by_name("p11.1").is_some());
}

/// Every item's meaning names it back: the numbering is one-to-one.
#[test]
fn item_meanings_cover_every_item_once() {
    let shape = Shape::for_size(9).unwrap();
    let rules = Rules::classic(shape)
        .with_windows()
        .unwrap()
        .with_diagonals()
        .with_cage(&[0, 1], Some(10))
        .unwrap()
        .with_cage(&[40, 41, 42], None)
        .unwrap()
        .with_anti_knight()
        .with_anti_king();
    let mut seen = std::collections::HashSet::new();
    for item in 0..rules.item_count() {
        let meaning = rules.item_meaning(item).expect("an item");
        assert!(seen.insert(meaning), "{meaning:?} twice");
        let primary = !matches!(
            meaning,
            ItemMeaning::KnightPair { .. } | ItemMeaning::KingSquare { .. }
        ) && !matches!(meaning, ItemMeaning::CageHolds { cage: 1, .. });
        assert_eq!(item < rules.primary_count(), primary, "{meaning:?}");
    }
    assert_eq!(rules.item_meaning(rules.item_count()), None);
}

#[test]
fn unsupported_f_puzzles_constraints_are_named() {
    let json = data("x-sudopedia.json");
    for (key, value) in [
        ("thermometer", r#"[{"lines":[["R1C1","R1C2"]]}]"#),
        ("nonconsecutive", "true"),
        (
            "littlekillersum",
            r#"[{"cell":"R0C1","cells":["R1C1"],"value":"3"}]"#,
        ),
    ] {
        let with = json.replacen('{', &format!("{{\"{key}\":{value},"), 1);
        let err = FPuzzle::parse(&with).unwrap_err();
        assert_eq!(err, FPuzzlesError::Unsupported { key: key.into() });
    }
    let pencil = json.replacen("{}", r#"{"givenPencilMarks":[1,2]}"#, 1);
    assert_eq!(
        FPuzzle::parse(&pencil).unwrap_err().to_string(),
        "unsupported constraint \"grid[0][0].givenPencilMarks\""
    );
    assert!(matches!(FPuzzle::parse("{"), Err(FPuzzlesError::Json(_))));
    assert!(matches!(
        FPuzzle::parse(&" ".repeat(2 << 20)),
        Err(FPuzzlesError::TooLarge { .. })
    ));
}

/// No text makes the f-puzzles reader panic: random strings, and published
/// files with one byte replaced or a piece cut out. A text that reads must
/// give rules and a grid of one shape.
#[test]
fn the_f_puzzles_reader_never_panics() {
    fn check(text: &str) -> bool {
        match FPuzzle::parse(text) {
            Ok(puzzle) => puzzle.grid().shape() == puzzle.rules().shape(),
            Err(e) => !e.to_string().is_empty(),
        }
    }
    const FILES: [&str; 4] = [
        include_str!("../../data/variants/killer-ukpuzzles.json"),
        include_str!("../../data/variants/jigsaw-janko108.json"),
        include_str!("../../data/variants/extraregions-lmi.json"),
        include_str!("../../data/variants/antiking-6x6.json"),
    ];
    let prop = |text: String, at: usize, len: u8, byte: u8, which: u8| {
        let file = FILES[which as usize % FILES.len()].as_bytes();
        let at = at % file.len();
        let mut changed = file.to_vec();
        changed[at] = b" {}[],:\"0123456789RCtruefalsnl-+"[byte as usize % 32];
        let mut cut = file.to_vec();
        cut.drain(at..(at + len as usize).min(file.len()));
        check(&text)
            && check(&String::from_utf8_lossy(&changed))
            && check(&String::from_utf8_lossy(&cut))
    };
    quickcheck::QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(String, usize, u8, u8, u8) -> bool);
    // Extremes, each an error that says what.
    for (text, said) in [
        (
            r#"{"size":0,"grid":[]}"#,
            "size: 0 is not a size from 1 to 100",
        ),
        (
            r#"{"size":101,"grid":[]}"#,
            "size: 101 is not a size from 1 to 100",
        ),
        (r#"{"grid":[]}"#, "no \"size\""),
        (r#"{"size":1}"#, "no \"grid\""),
        (r#"[1,2]"#, "the text: is not a JSON object"),
        (
            r#"{"size":1,"grid":[[{"region":1}]]}"#,
            "grid[0][0].region: 1 is not a region from 0 to 0",
        ),
        (
            r#"{"size":1,"grid":[[{}]],"antiknight":"yes"}"#,
            "antiknight: \"yes\" is not true or false",
        ),
        (
            r#"{"size":1,"grid":[[{}]],"killercage":[{"cells":["R1C1"],"value":"x"}]}"#,
            "killercage[0].value: \"x\" is not a cage sum",
        ),
        (
            r#"{"size":1,"grid":[[{}]],"killercage":[{"cells":["R1C1","R1C1"]}]}"#,
            "killercage[0].cells[1]: \"R1C1\" is listed twice",
        ),
        (
            r#"{"size":2,"grid":[[{},{}],[{},{}]],"killercage":[{"cells":["R1C1","R1C2","R2C1"]}]}"#,
            "killercage[0]: cage 1 has 3 cells: a cage has 1 to 2",
        ),
        (
            r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"extraregion":[{"cells":["R1C1","R1C2"]}]}"#,
            "extraregion[0]: extra region 1 has 2 cells, not 4",
        ),
    ] {
        assert_eq!(
            FPuzzle::parse(text).unwrap_err().to_string(),
            said,
            "{text}"
        );
    }
}

/// Anti-king and anti-knight on a published 9x9 grid: the Miracle Sudoku
/// by Mitchell Lee (Cracking the Cryptic, <https://youtu.be/yKf9aUIxdb4>;
/// givens r5c3 = 1, r6c7 = 2 and the solution as given in
/// hugoferreira/golf-during-covid, day29.md). Its third rule (no
/// consecutive digits orthogonally adjacent) is not one of ours, so the two
/// givens leave many grids under anti-king and anti-knight alone: the
/// published solution must be one of them, and obey both rules for the
/// exact-cover rules and for the reference solver.
#[test]
fn anti_king_and_anti_knight_hold_in_the_miracle_sudoku() {
    let mut givens = Grid::empty(Shape::for_size(9).unwrap());
    givens.set(4, 2, Some(1)).unwrap();
    givens.set(5, 6, Some(2)).unwrap();
    let published: Grid =
        "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
            .parse()
            .unwrap();
    let rules = Arc::new(
        Rules::classic(givens.shape())
            .with_anti_knight()
            .with_anti_king(),
    );
    assert!(givens.is_completed_by(&published));
    assert!(RuledGrid::new(&rules, &published).unwrap().is_solved());
    let complete = RuledGrid::new(&rules, &published).unwrap();
    assert_eq!(
        reference::search(complete, 2, None)
            .expect("no step bound")
            .0,
        1,
        "the reference accepts it"
    );
    let puzzle = RuledGrid::new(&rules, &givens).unwrap();
    let mut solver = SudokuSolver::new();
    assert!(solver.solutions(puzzle).any(|s| s == published));
    // One rule less, and it is no longer a solution.
    let king_only = Arc::new(Rules::classic(givens.shape()).with_anti_king());
    assert!(RuledGrid::new(&king_only, &published).unwrap().is_solved());
    // A solved classic grid (Sudopedia's X solution) breaks the anti-king
    // rule: the rule is checked, not assumed.
    let json = data("x-sudopedia.json");
    let classic = published_solution(&json, givens.shape());
    assert!(classic.is_solved());
    assert!(!RuledGrid::new(&king_only, &classic).unwrap().is_solved());
    assert!(
        RuledGrid::new(&king_only, &classic)
            .unwrap()
            .conflict()
            .is_some_and(|c| c.unit == Unit::KingMove)
    );
}
