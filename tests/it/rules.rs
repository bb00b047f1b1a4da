//! The rules of Sudoku and the numbering derived from them: for the classic
//! rules, exactly the layout that was written out by hand before (the old
//! formulas are computed literally here), for every box shape.

use std::collections::HashSet;
use std::sync::Arc;

use exactcover::problem::Labels;
use exactcover::sudoku::{
    self, Grid, ItemMeaning, RuledGrid, Rules, RulesError, Shape, SudokuSolver, Unit,
};

/// Every box shape from 1x1 to 10x10.
fn shapes() -> impl Iterator<Item = Shape> {
    (1..=10).flat_map(|r| (1..=10).map(move |c| Shape::new(r, c).expect("a usable shape")))
}

/// The options of the translator as they were written before `Rules`.
fn old_option(shape: Shape, r: usize, c: usize, d: usize) -> [usize; 4] {
    let n = shape.box_rows() * shape.box_cols();
    let n2 = n * n;
    let b = (r / shape.box_rows()) * shape.box_rows() + c / shape.box_cols();
    [
        r * n + c,
        n2 + r * n + d,
        2 * n2 + c * n + d,
        3 * n2 + b * n + d,
    ]
}

/// The item names as they were written before `Rules`.
fn old_item_label(n: usize, item: usize) -> String {
    let (group, rest) = (item / (n * n), item % (n * n));
    let (a, d) = (rest / n + 1, rest % n + 1);
    let symbol = sudoku::Alphabet::default()
        .symbol(d)
        .map_or_else(|| d.to_string(), String::from);
    match group {
        0 => format!("r{a}c{d}"),
        1 => format!("row {a} has {symbol}"),
        2 => format!("column {a} has {symbol}"),
        _ => format!("box {a} has {symbol}"),
    }
}

#[test]
fn classic_numbering_is_the_old_one_for_every_shape() {
    for shape in shapes() {
        let rules = Rules::classic(shape);
        let n = shape.size();
        assert_eq!(rules.size(), n);
        assert_eq!(rules.shape(), shape);
        assert_eq!(rules.item_count(), 4 * n * n, "{shape}");
        assert_eq!(rules.option_count(), n * n * n, "{shape}");
        for r in 0..n {
            for c in 0..n {
                for d in 0..n {
                    let option = (r * n + c) * n + d;
                    assert_eq!(rules.option_of(r * n + c, d + 1), option);
                    assert_eq!(rules.placement(option), (r * n + c, d + 1));
                    let items: Vec<usize> = rules.option_items(option).collect();
                    assert_eq!(items, old_option(shape, r, c, d), "{shape} r{r} c{c} d{d}");
                }
            }
        }
    }
}

#[test]
fn the_problem_is_the_old_translator_on_small_shapes() {
    for shape in shapes().filter(|s| s.size() <= 16) {
        let n = shape.size();
        let problem = Rules::classic(shape).problem();
        assert_eq!(problem.item_count(), 4 * n * n);
        assert_eq!(problem.primary_count(), 4 * n * n);
        for (option, items) in problem.options().enumerate() {
            let (r, c, d) = (option / n / n, option / n % n, option % n);
            assert_eq!(items, old_option(shape, r, c, d));
        }
    }
}

#[test]
fn every_option_covers_distinct_items_that_match_its_units() {
    for shape in shapes().filter(|s| s.size() <= 30) {
        let rules = Rules::classic(shape);
        for option in 0..rules.option_count() {
            let (cell, value) = rules.placement(option);
            assert_eq!(rules.option_of(cell, value), option);
            let items: Vec<usize> = rules.option_items(option).collect();
            let distinct: HashSet<usize> = items.iter().copied().collect();
            assert_eq!(distinct.len(), items.len());
            assert_eq!(items[0], rules.cell_item(cell));
            assert_eq!(
                rules.item_meaning(items[0]),
                Some(ItemMeaning::Filled { cell })
            );
            let units: Vec<usize> = rules.units_of(cell).collect();
            assert_eq!(items.len(), 1 + units.len());
            for (&item, &unit) in items[1..].iter().zip(&units) {
                assert_eq!(item, rules.unit_item(unit, value));
                assert_eq!(
                    rules.item_meaning(item),
                    Some(ItemMeaning::Holds { unit, value })
                );
            }
        }
    }
}

#[test]
fn placement_inverts_option_of() {
    for shape in shapes() {
        let rules = Rules::classic(shape);
        for cell in 0..rules.cell_count() {
            for value in 1..=rules.size() {
                assert_eq!(rules.placement(rules.option_of(cell, value)), (cell, value));
            }
        }
    }
}

#[test]
fn classic_units_partition_the_grid_three_ways() {
    for shape in shapes() {
        let rules = Rules::classic(shape);
        let n = shape.size();
        assert_eq!(rules.unit_count(), 3 * n);
        let mut seen = vec![0usize; n * n];
        for (u, unit) in rules.units().enumerate() {
            assert_eq!(rules.unit(u), unit);
            let expected = match u / n {
                0 => Unit::Row(u % n),
                1 => Unit::Column(u % n),
                _ => Unit::Box(u % n),
            };
            assert_eq!(unit, expected, "{shape}");
            let cells: Vec<usize> = rules.unit_cells(u).collect();
            assert_eq!(cells.len(), n);
            assert!(cells.windows(2).all(|w| w[0] < w[1]), "reading order");
            for &cell in &cells {
                let (r, c) = (cell / n, cell % n);
                match unit {
                    Unit::Row(k) => assert_eq!(r, k),
                    Unit::Column(k) => assert_eq!(c, k),
                    Unit::Box(k) => assert_eq!(shape.box_of(r, c), k),
                    other => panic!("no {other:?} in classic rules"),
                }
                seen[cell] += 1;
                assert!(rules.units_of(cell).any(|v| v == u));
            }
        }
        assert!(seen.iter().all(|&k| k == 3), "{shape}");
        for cell in 0..n * n {
            let units: Vec<usize> = rules.units_of(cell).collect();
            assert_eq!(units.len(), 3);
            assert!(units.windows(2).all(|w| w[0] < w[1]));
        }
    }
}

#[test]
fn item_meanings_cover_every_item_once() {
    let rules = Rules::classic(Shape::new(2, 3).unwrap());
    let n = 6;
    for item in 0..rules.item_count() {
        match rules.item_meaning(item) {
            Some(ItemMeaning::Filled { cell }) => assert_eq!(rules.cell_item(cell), item),
            Some(ItemMeaning::Holds { unit, value }) => {
                assert!(unit < rules.unit_count() && (1..=n).contains(&value));
                assert_eq!(rules.unit_item(unit, value), item);
            }
            other => panic!("item {item}: {other:?}"),
        }
    }
    assert_eq!(rules.item_meaning(rules.item_count()), None);
}

#[test]
fn labels_are_unchanged() {
    let nine = Shape::for_size(9).unwrap();
    let rules = Rules::classic(nine);
    assert_eq!(rules.item(0), "r1c1");
    assert_eq!(rules.item(4 * 9 + 2), "r5c3");
    assert_eq!(rules.item(81 + 2 * 9 + 6), "row 3 has 7");
    assert_eq!(rules.item(2 * 81 + 4 * 9 + 6), "column 5 has 7");
    assert_eq!(rules.item(3 * 81 + 9 + 6), "box 2 has 7");
    assert_eq!(rules.option(11), "r1c2=3");
    assert_eq!(rules.option(728), "r9c9=9");
    for shape in [
        Shape::new(2, 2).unwrap(),
        Shape::new(3, 2).unwrap(),
        Shape::new(4, 4).unwrap(),
        Shape::new(6, 6).unwrap(),
    ] {
        let rules = Rules::classic(shape);
        let n = shape.size();
        for item in 0..rules.item_count() {
            assert_eq!(rules.item(item), old_item_label(n, item));
        }
        for option in 0..rules.option_count() {
            let (r, c, v) = (option / n / n, option / n % n, option % n + 1);
            let symbol = sudoku::Alphabet::default()
                .symbol(v)
                .map_or_else(|| v.to_string(), String::from);
            let old = format!("r{}c{}={symbol}", r + 1, c + 1);
            assert_eq!(rules.option(option), old);
        }
    }
}

#[test]
fn short_names_of_the_remaining_problem_are_unchanged() {
    let puzzle: Grid = "1.3..4..2......1".parse().unwrap();
    let (problem, options) = sudoku::remaining_problem(&puzzle).expect("memory");
    let names: Vec<&str> = (0..problem.item_count())
        .map(|i| problem.item_name(i).unwrap())
        .collect();
    assert_eq!(&names[..4], ["p12", "p14", "p21", "p23"]);
    for name in ["r12", "c14", "b21"] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    for name in ["r11", "c24", "b23", "p11"] {
        assert!(!names.contains(&name), "{name} is covered by a given");
    }
    assert_eq!(problem.option_count(), options.len());
}

/// A conflict as `(value, unit, first cell, second cell)`.
type Found = (usize, Unit, (usize, usize), (usize, usize));

/// The conflict check as it was written before `Rules`.
fn old_conflict(grid: &Grid) -> Option<Found> {
    let n = grid.size();
    let shape = grid.shape();
    let mut seen = vec![0usize; 3 * n * n];
    for (k, &v) in grid.cells().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c) = (k / n, k % n);
        let b = shape.box_of(r, c);
        for (kind, index, unit) in [
            (0, r, Unit::Row(r)),
            (1, c, Unit::Column(c)),
            (2, b, Unit::Box(b)),
        ] {
            let slot = &mut seen[(kind * n + index) * n + v as usize - 1];
            if *slot != 0 {
                let first = *slot - 1;
                return Some((v as usize, unit, (first / n, first % n), (r, c)));
            }
            *slot = k + 1;
        }
    }
    None
}

#[test]
fn conflicts_are_the_old_ones() {
    // A small deterministic generator: no dependency, the same grids each run.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut found = 0;
    for shape in shapes().filter(|s| s.size() <= 16) {
        let n = shape.size();
        for _ in 0..40 {
            let mut grid = Grid::empty(shape);
            for _ in 0..next(2 * n + 1) {
                let cell = next(n * n);
                grid.set(cell / n, cell % n, Some(1 + next(n))).unwrap();
            }
            let new = grid
                .conflict()
                .map(|c| (c.value, c.unit, c.first, c.second));
            assert_eq!(new, old_conflict(&grid), "{grid}");
            assert_eq!(RuledGrid::from(&grid).conflict(), grid.conflict());
            found += usize::from(new.is_some());
        }
    }
    assert!(found > 100, "only {found} conflicts tried");
}

#[test]
fn rules_compare_by_shape_and_units() {
    let six = Shape::new(2, 3).unwrap();
    assert_eq!(Rules::classic(six), Rules::classic(six));
    assert_ne!(
        Rules::classic(six),
        Rules::classic(Shape::new(3, 2).unwrap())
    );
    let set: HashSet<Rules> = [Rules::classic(six), Rules::classic(six)].into();
    assert_eq!(set.len(), 1);
}

#[test]
fn a_grid_must_fit_its_rules() {
    let rules = Arc::new(Rules::classic(Shape::new(2, 3).unwrap()));
    let other = Grid::empty(Shape::new(3, 2).unwrap());
    assert_eq!(
        RuledGrid::new(&rules, &other).unwrap_err(),
        RulesError::ShapeMismatch {
            grid: Shape::new(3, 2).unwrap(),
            rules: Shape::new(2, 3).unwrap()
        }
    );
    let error: Box<dyn std::error::Error> = Box::new(RuledGrid::new(&rules, &other).unwrap_err());
    assert!(error.to_string().contains("3x2"));
}

#[test]
fn puzzles_with_shared_rules_solve_as_grids_alone() {
    let lines = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "11...............................................................................",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ];
    let grids: Vec<Grid> = lines.iter().map(|l| l.parse().unwrap()).collect();
    let rules = Arc::new(Rules::classic(grids[0].shape()));
    let (mut alone, mut shared) = (SudokuSolver::new(), SudokuSolver::new());
    for grid in &grids {
        let puzzle = RuledGrid::new(&rules, grid).unwrap();
        assert_eq!(
            shared.solution(puzzle).unwrap(),
            alone.solution(grid).unwrap()
        );
        assert_eq!(shared.stats(), alone.stats());
        assert_eq!(
            shared.count(puzzle, None).unwrap(),
            alone.count(grid, None).unwrap()
        );
        assert_eq!(
            shared.uniqueness(puzzle).unwrap(),
            alone.uniqueness(grid).unwrap()
        );
        // Grids alone and puzzles with classic rules share one matrix.
        assert_eq!(
            alone.solution(puzzle).unwrap(),
            shared.solution(grid).unwrap()
        );
    }
    assert!(Arc::ptr_eq(shared.rules().unwrap(), &rules) || **shared.rules().unwrap() == *rules);
    // A grid of another shape rebuilds the matrix.
    let four: Grid = "1.3..4..2......1".parse().unwrap();
    assert_eq!(
        shared.solution(&four).unwrap().unwrap().to_string(),
        "1234341221434321"
    );
    assert_eq!(shared.shape(), Some(four.shape()));
}

#[test]
fn the_reference_solver_reads_the_rules() {
    let rules = Arc::new(Rules::classic(Shape::for_size(4).unwrap()));
    for line in [
        "1.3..4..2......1",
        "1...............",
        "11..............",
        "................",
    ] {
        let grid: Grid = line.parse().unwrap();
        let puzzle = RuledGrid::new(&rules, &grid).unwrap();
        let count = sudoku::reference::search(puzzle, u64::MAX, None)
            .expect("no step bound")
            .0;
        assert_eq!(
            count,
            sudoku::reference::search(&grid, u64::MAX, None)
                .expect("no step bound")
                .0
        );
        assert_eq!(
            count,
            SudokuSolver::new().count(puzzle, None).unwrap().solutions
        );
        assert_eq!(
            sudoku::reference::search(puzzle, 1, None)
                .expect("no step bound")
                .1,
            sudoku::reference::search(&grid, 1, None)
                .expect("no step bound")
                .1
        );
    }
}

/// Indices out of range are refused with a panic that says which (each
/// documents it), never answered with another item's or option's number.
#[test]
fn indices_out_of_range_panic_with_their_reason() {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    let rules = Rules::classic(Shape::for_size(4).unwrap());
    let said = |f: &dyn Fn()| {
        let e = catch_unwind(AssertUnwindSafe(f)).expect_err("a panic");
        e.downcast_ref::<String>().cloned().unwrap_or_default()
    };
    assert!(
        said(&|| {
            let _ = rules.option_of(3, 0);
        })
        .contains("value 0")
    );
    assert!(
        said(&|| {
            let _ = rules.option_of(3, 5);
        })
        .contains("value 5")
    );
    assert!(
        said(&|| {
            let _ = rules.option_of(16, 1);
        })
        .contains("cell 16")
    );
    assert!(
        said(&|| {
            let _ = rules.unit_item(0, 0);
        })
        .contains("value 0")
    );
    assert!(
        said(&|| {
            let _ = rules.unit_item(12, 1);
        })
        .contains("unit 12")
    );
    assert!(
        said(&|| {
            let _ = rules.placement(64);
        })
        .contains("option 64")
    );
    assert!(
        said(&|| {
            let _ = rules.cell_item(16);
        })
        .contains("cell 16")
    );
    let shape = Shape::for_size(6).unwrap();
    assert!(
        said(&|| {
            let _ = shape.box_of(6, 0);
        })
        .contains("(6, 0)")
    );
    // In range, the numbers agree with one another.
    assert_eq!(rules.placement(rules.option_of(5, 3)), (5, 3));
    assert_eq!(shape.box_of(5, 5), 5);
}
