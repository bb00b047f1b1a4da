//! Algorithm Z (memoised counting, `Solver::count_memo`) and the ZDD of all
//! solutions, against counts nobody here computed: domino tilings (OEIS
//! A004003), the Sudoku grids of order 4 and 6, and Knuth's DLX6 and
//! DLX6-noMRV run on the same problems; memo counts equal plain counts on
//! random problems with colours.

use std::collections::BTreeSet;
use std::process::{Command, Stdio};

use exactcover::engine::{Branching, Memo, MemoError};
use exactcover::problem::classic;
use exactcover::sudoku::{Grid, SudokuSolver};
use exactcover::{Problem, SearchEnd, Solver, knuth};
use quickcheck::QuickCheck;

use crate::common;
use crate::knuth_oracle::knuth_count;
use crate::random::Coloured;

/// The domino tilings of a `rows` x `cols` board: an item per cell, an
/// option per domino.
fn dominoes(rows: usize, cols: usize) -> Problem {
    let mut p = Problem::new();
    p.add_primary_items(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                p.add_option([cell, cell + 1]).unwrap();
            }
            if r + 1 < rows {
                p.add_option([cell, cell + cols]).unwrap();
            }
        }
    }
    p
}

/// `n` items, each covered by either of two options of its own: 2^n
/// solutions.
fn doubled(n: usize) -> Problem {
    let mut p = Problem::new();
    p.add_primary_items(n);
    for i in 0..n {
        p.add_option([i]).unwrap();
        p.add_option([i]).unwrap();
    }
    p
}

fn both() -> [Memo; 2] {
    [
        Memo::new().with_branching(Branching::Mrv),
        Memo::new().with_branching(Branching::Leftmost),
    ]
}

#[test]
fn domino_tilings_are_oeis_a004003_exact_past_2_to_the_64() {
    // OEIS A004003: the domino tilings of the 2n x 2n board.
    let published: [(usize, u128); 6] = [
        (6, 6_728),
        (8, 12_988_816),
        (10, 258_584_046_368),
        (12, 53_060_477_521_960_000),
        (14, 112_202_208_776_036_178_000_000),
        (16, 2_444_888_770_250_892_795_802_079_170_816),
    ];
    for (n, tilings) in published {
        let problem = dominoes(n, n);
        for memo in both() {
            let counted = Solver::new(&problem).count_memo(None, &memo).unwrap();
            assert_eq!(
                (counted.solutions, counted.end),
                (tilings, SearchEnd::Exhausted),
                "{n}x{n} with {}",
                memo.branching()
            );
            assert!(counted.memo.hits > 0 && counted.memo.gave_up.is_none());
        }
    }
    assert!(112_202_208_776_036_178_000_000u128 > u128::from(u64::MAX));
}

/// The Latin squares of order `n` as exact cover: items "cell (r, c)",
/// "row r has d", "column c has d"; an option per cell and digit.
fn latin(n: usize) -> Problem {
    let mut p = Problem::new();
    p.add_primary_items(3 * n * n);
    for r in 0..n {
        for c in 0..n {
            for d in 0..n {
                p.add_option([r * n + c, n * n + r * n + d, 2 * n * n + c * n + d])
                    .unwrap();
            }
        }
    }
    p
}

/// OEIS A002860: 812,851,200 Latin squares of order 6. Each is one of
/// 6! relabellings of the digits of one whose first row is 1..6 in order,
/// so with that row chosen the memo counts 812,851,200 / 720 = 1,128,960
/// (and with the first column also fixed, A000315's 9,408 reduced squares,
/// which a plain count checks too).
#[test]
fn latin_squares_of_order_6_are_oeis_a002860() {
    let n = 6;
    let problem = latin(n);
    let option = |r: usize, c: usize, d: usize| (r * n + c) * n + d;
    let mut solver = Solver::new(&problem);
    for c in 0..n {
        solver.select(option(0, c, c)).unwrap();
    }
    for memo in both() {
        let counted = solver.count_memo(None, &memo).unwrap();
        assert_eq!(counted.solutions * 720, 812_851_200, "{}", memo.branching());
    }
    for r in 1..n {
        solver.select(option(r, 0, r)).unwrap();
    }
    let reduced = solver.count_memo(None, &Memo::new()).unwrap().solutions;
    assert_eq!(reduced, 9_408);
    assert_eq!(u128::from(solver.count(None).unwrap().solutions), reduced);
}

#[test]
fn empty_sudoku_grids_of_order_4_and_6() {
    let four: Grid = ".".repeat(16).parse().unwrap();
    let six: Grid = ".".repeat(36).parse().unwrap();
    let mut solver = SudokuSolver::new();
    for memo in both() {
        assert_eq!(
            solver.count_memo(&four, None, &memo).unwrap().solutions,
            288
        );
    }
    // Leftmost branching: half the time of MRV here (docs/performance.md).
    let memo = Memo::new().with_branching(Branching::Leftmost);
    let counted = solver.count_memo(&six, None, &memo).unwrap();
    assert_eq!(
        (counted.solutions, counted.end),
        (28_200_960, SearchEnd::Exhausted)
    );
}

#[test]
fn a_count_past_u128_is_an_error_never_wrapped() {
    let memo = Memo::new().always();
    let below = Solver::new(&doubled(127)).count_memo(None, &memo).unwrap();
    assert_eq!(below.solutions, 1u128 << 127);
    let at = Solver::new(&doubled(128)).count_memo(None, &memo);
    assert_eq!(at, Err(MemoError::Overflow));
    assert_eq!(
        Solver::new(&doubled(140)).zdd(&memo).map(|z| z.count()),
        Err(MemoError::Overflow)
    );
}

#[test]
fn a_full_cache_keeps_the_count_exact() {
    // 8x8 dominoes store about 1,600 states; 48 KiB holds a few hundred.
    let problem = dominoes(8, 8);
    let small = Memo::new().always().with_memory(48 * 1024);
    let counted = Solver::new(&problem).count_memo(None, &small).unwrap();
    assert_eq!(counted.solutions, 12_988_816);
    assert!(counted.memo.full, "{:?}", counted.memo);
    assert!(counted.memo.bytes <= 48 * 1024, "{:?}", counted.memo);
}

#[test]
fn the_memo_gives_up_where_it_does_not_pay_and_the_count_stays_right() {
    let mut solver = Solver::new(&classic::queens(11));
    let counted = solver.count_memo(None, &Memo::new()).unwrap();
    assert_eq!(counted.solutions, 2680);
    assert!(counted.memo.gave_up.is_some(), "{:?}", counted.memo);
    let kept = solver.count_memo(None, &Memo::new().always()).unwrap();
    assert_eq!(kept.solutions, 2680);
    assert_eq!(kept.memo.gave_up, None);
}

#[test]
fn limits_and_budgets_hold() {
    let problem = dominoes(8, 8);
    let mut solver = Solver::new(&problem);
    let some = solver.count_memo(Some(1000), &Memo::new()).unwrap();
    assert_eq!((some.solutions, some.end), (1000, SearchEnd::Limit));
    solver.set_budget(exactcover::Budget::default().with_max_nodes(50));
    let cut = solver.count_memo(None, &Memo::new().always()).unwrap();
    assert!(matches!(cut.end, SearchEnd::Interrupted(_)), "{cut:?}");
    assert!(solver.stats().nodes <= 51);
    assert!(matches!(
        solver.zdd(&Memo::new()),
        Err(MemoError::Interrupted(_))
    ));
}

#[test]
fn memo_counts_equal_plain_counts_on_random_problems_with_colours() {
    fn agree(Coloured(problem): Coloured) -> bool {
        let plain = u128::from(
            Solver::new(&problem)
                .count(None)
                .unwrap_or_else(exactcover::Count::from)
                .solutions,
        );
        both().into_iter().all(|memo| {
            let memo = memo.always();
            let counted = Solver::new(&problem).count_memo(None, &memo).unwrap();
            let zdd = Solver::new(&problem).zdd(&memo).unwrap();
            counted.solutions == plain && zdd.count() == plain
        })
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(agree as fn(Coloured) -> bool);
}

#[test]
fn the_zdd_holds_every_solution_and_draws_each_one() {
    let problem = classic::queens(6);
    let mut solver = Solver::new(&problem);
    let mut all = BTreeSet::new();
    solver.visit(|s| {
        let mut s = s.to_vec();
        s.sort_unstable();
        all.insert(s);
        std::ops::ControlFlow::Continue(())
    });
    for memo in both() {
        let zdd = Solver::new(&problem).zdd(&memo).unwrap();
        assert_eq!(zdd.count(), all.len() as u128);
        let listed: BTreeSet<Vec<usize>> = zdd
            .solutions()
            .map(|mut s| {
                s.sort_unstable();
                s
            })
            .collect();
        assert_eq!(listed, all);
        let mut drawn = BTreeSet::new();
        for mut s in zdd.random_solutions(7).take(200) {
            s.sort_unstable();
            assert!(all.contains(&s), "{s:?} is no solution");
            drawn.insert(s);
        }
        assert_eq!(drawn, all, "every solution is drawn");
        assert_eq!(zdd.random_solution(3), zdd.random_solution(3));
    }
}

/// The count Knuth's `zddread-count` prints for the ZDD `zdd` wrote.
fn zddread_count(zdd: &exactcover::engine::Zdd) -> Option<u128> {
    let path = common::knuth_program("zddread-count")?;
    let file = std::env::temp_dir().join(format!(
        "exactcover-memo-{}-{}.zdd",
        std::process::id(),
        zdd.node_count()
    ));
    zdd.write_knuth(std::fs::File::create(&file).unwrap())
        .unwrap();
    let out = Command::new(path)
        .arg(&file)
        .stderr(Stdio::null())
        .output()
        .expect("zddread-count runs");
    std::fs::remove_file(&file).unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    let line = out
        .lines()
        .find(|l| l.contains(" solutions."))
        .unwrap_or_else(|| panic!("zddread-count printed no count: {out}"));
    Some(line.split_whitespace().next().unwrap().parse().unwrap())
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn knuths_zddread_counts_our_zdds() {
    let coloured = knuth::parse(include_str!("../../data/xcc-toy.dlx"))
        .unwrap()
        .problem;
    let cases = [
        dominoes(8, 8),
        dominoes(12, 12),
        classic::queens(8),
        classic::langford(8),
        coloured,
    ];
    for problem in cases {
        for memo in both() {
            let zdd = Solver::new(&problem).zdd(&memo).unwrap();
            let Some(theirs) = zddread_count(&zdd) else {
                return;
            };
            assert_eq!(theirs, zdd.count(), "{}", memo.branching());
        }
    }
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn memo_counts_are_knuths_dlx6_and_dlx6_nomrv() {
    let words = classic::synthetic_words(4, "abcd", 5);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let cases = [
        dominoes(8, 8),
        dominoes(10, 10),
        dominoes(6, 9),
        classic::queens(9),
        classic::langford(8),
        classic::word_squares(&words).unwrap(),
        knuth::parse(include_str!("../../data/xcc-toy.dlx"))
            .unwrap()
            .problem,
    ];
    for problem in &cases {
        for (program, branching) in [
            ("dlx6", Branching::Mrv),
            ("dlx6-noMRV", Branching::Leftmost),
        ] {
            let Some(theirs) = knuth_count(program, problem, &[]) else {
                return;
            };
            let memo = Memo::new().with_branching(branching).always();
            let ours = Solver::new(problem).count_memo(None, &memo).unwrap();
            assert_eq!(ours.solutions, theirs, "{program}");
        }
    }
}
