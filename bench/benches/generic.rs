//! Generic exact-cover speed, exactcover against the `dlx` crate (issue 6).
//!
//! Classic counts, each the time of one complete enumeration:
//!
//! | group                               | problem                                 | solutions  |
//! |-------------------------------------|-----------------------------------------|------------|
//! | `queens 13`                         | `classic::queens(13)`                  | 73,712     |
//! | `langford 12`                       | `classic::langford(12)` (with mirrors) | 216,288    |
//! | `pentominoes 6x10 (X in a quarter)` | `classic::pentominoes(6, 10, true)`    | 2,339      |
//! | `sudoku 6x6 (first row fixed)`      | [`sudoku6_first_row`]                   | 39,168     |
//!
//! and, with `EXACTCOVER_BENCH_FULL=1` in the environment (they take seconds
//! to a minute a run, and criterion runs each at least 11 times):
//!
//! | group              | problem                               | solutions  |
//! |--------------------|---------------------------------------|------------|
//! | `pentominoes 6x10` | `classic::pentominoes(6, 10, false)` | 9,356      |
//! | `sudoku 6x6 empty` | `Rules::classic(2x3).problem()`, no givens | 28,200,960 |
//!
//! Both solvers get the very same matrix: the `dlx` crate's is built from
//! exactcover's [`Problem`] (same items, same options in the same order,
//! primary items first, the queens' diagonals as `dlx` secondary items, which
//! it supports). Both are built once, outside the timing: exactcover's
//! [`Solver`] is reused, and the `dlx` matrix is back in its initial state
//! after a complete enumeration, so each iteration only makes a new
//! `dlx::Solver` over it. `dlx` branches with its minimum-remaining-values
//! chooser, first item on ties (exactcover's rule too). For the empty 6x6
//! Sudoku exactcover is driven through [`SudokuSolver::count`].
//!
//! Every count is checked for both solvers before timing.
//!
//! After criterion, every problem is timed once more in **interleaved
//! rounds**: one count by exactcover and one by `dlx`, round after round,
//! the one to go first alternating (at least [`ROUNDS`] rounds and [`SPAN`]
//! of time), and the median of each is printed with the ratio, and the
//! median and quartiles of the ratio within a round (lines starting
//! `interleaved`), much as
//! `bench/benches/sudoku.rs` does for Sudoku: this machine switches between a
//! faster and a slower state every few seconds, so two solvers timed one
//! after the other can meet different machines. The rounds follow
//! criterion's filter (a problem's rounds run when the filter, a regular
//! expression, matches one of its benchmarks, `NAME/exactcover` or
//! `NAME/dlx`) and are skipped under `--test`;
//! `EXACTCOVER_BENCH_ROUNDS_ONLY=1` runs the rounds alone, without
//! criterion.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkGroup, Criterion, SamplingMode, measurement::WallTime};
use dlx::choose::{Choose, mrv_chooser, no_tiebreak, prefer_any};
use dlx::{OptOrder, Uint};
use exactcover::sudoku::{Grid, Rules, Shape, SudokuSolver};
use exactcover::{Problem, Solver, problem::classic};
use regex::Regex;

/// The `dlx` crate's numbering of `problem`'s items (primary items first,
/// then the secondary ones, each in order): every item's number there, and
/// the primary and secondary items.
fn dlx_numbering(problem: &Problem) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let n = problem.item_count();
    let mut index = vec![0; n];
    let primary: Vec<usize> = (0..n).filter(|&i| problem.is_primary(i)).collect();
    let secondary: Vec<usize> = (0..n).filter(|&i| !problem.is_primary(i)).collect();
    for (k, &i) in primary.iter().chain(&secondary).enumerate() {
        index[i] = k;
    }
    (index, primary, secondary)
}

/// The `dlx` crate's copy of `problem`: primary items first (in order), then
/// the secondary ones; the options in the same order.
fn to_dlx(problem: &Problem) -> dlx::x::Problem {
    let (index, primary, secondary) = dlx_numbering(problem);
    let options: Vec<Vec<Uint>> = problem
        .options()
        .map(|items| items.iter().map(|&i| index[i] as Uint).collect())
        .collect();
    dlx::x::make_problem(
        primary.len() as Uint,
        secondary.len() as Uint,
        &options,
        OptOrder::Seq,
    )
}

/// Counts every solution with the `dlx` crate; the matrix is restored after.
fn dlx_count(problem: &mut dlx::x::Problem) -> u64 {
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    count_with(problem, &mut chooser)
}

fn count_with<C: Choose<dlx::x::Problem>>(problem: &mut dlx::x::Problem, chooser: &mut C) -> u64 {
    let mut solver = dlx::Solver::new(problem);
    let mut found = 0;
    while solver.next_solution(chooser) {
        found += 1;
    }
    found
}

/// Few samples, flat sampling (one iteration is a whole enumeration, tens
/// of milliseconds to seconds). The measurement time is 9 times the time
/// `once` of the checking run (at least 2 s), so that a long problem gets
/// one iteration per sample, 10 in all, rather than 2: criterion then warns
/// that it cannot complete 10 samples in that time, which is expected.
fn configure(group: &mut BenchmarkGroup<'_, WallTime>, once: Duration) {
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time((once * 9).max(Duration::from_secs(2)));
}

/// One group: exactcover's `count` against `dlx` on `problem`, both checked
/// against `expected` first.
fn bench_problem(
    c: &mut Criterion,
    run: &Run,
    name: &str,
    problem: &Problem,
    expected: u64,
    mut count: impl FnMut() -> u64,
) {
    let mut theirs = to_dlx(problem);
    let start = Instant::now();
    assert_eq!(count(), expected, "{name}: exactcover count");
    let ours_once = start.elapsed();
    let start = Instant::now();
    assert_eq!(dlx_count(&mut theirs), expected, "{name}: dlx count");
    let theirs_once = start.elapsed();
    // The dlx matrix must be back in its first state for the next run.
    assert_eq!(dlx_count(&mut theirs), expected, "{name}: dlx count, again");
    println!(
        "{name}: both solvers count {expected} solutions (check run: exactcover {:.3} s, dlx {:.3} s)",
        ours_once.as_secs_f64(),
        theirs_once.as_secs_f64()
    );

    if run.criterion {
        let mut group = c.benchmark_group(name);
        configure(&mut group, ours_once);
        group.bench_function("exactcover", |b| b.iter(|| black_box(count())));
        configure(&mut group, theirs_once);
        group.bench_function("dlx", |b| b.iter(|| black_box(dlx_count(&mut theirs))));
        group.finish();
    }
    if run.rounds(name) {
        interleave(name, expected, count, || dlx_count(&mut theirs));
    }
}

/// What this run of the benchmark does besides the correctness checks.
struct Run {
    /// Criterion's own measurements.
    criterion: bool,
    /// The interleaved rounds (not under `--test` or `--list`).
    timing: bool,
    /// Criterion's filter, which the rounds follow too.
    filter: Option<Regex>,
}

impl Run {
    fn from_env() -> Run {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let only = std::env::var_os("EXACTCOVER_BENCH_ROUNDS_ONLY").is_some_and(|v| v != "0");
        Run {
            criterion: !only,
            timing: !args.iter().any(|a| a == "--test" || a == "--list"),
            filter: args
                .iter()
                .find(|a| !a.starts_with('-'))
                .map(|f| Regex::new(f).expect("criterion's filter is a regular expression")),
        }
    }

    /// Whether the interleaved rounds run for the problem `name`: when
    /// criterion would run one of its two benchmarks.
    fn rounds(&self, name: &str) -> bool {
        self.timing
            && self.filter.as_ref().is_none_or(|f| {
                ["exactcover", "dlx"]
                    .iter()
                    .any(|who| f.is_match(&format!("{name}/{who}")))
            })
    }
}

/// The `dlx` crate's copy of a problem with colours, for its Algorithm C
/// (`dlx::c`): items renumbered as in `to_dlx`, colours as numbers from 1.
fn to_dlx_c(problem: &Problem) -> dlx::c::Problem {
    let (index, primary, secondary) = dlx_numbering(problem);
    let options: Vec<Vec<(Uint, dlx::Int)>> = (0..problem.option_count())
        .map(|o| {
            let items = problem.option(o).expect("an option");
            let colours = problem.option_colours(o).expect("an option");
            items
                .iter()
                .zip(colours)
                .map(|(&i, c)| (index[i] as Uint, c.map_or(0, |c| c as dlx::Int + 1)))
                .collect()
        })
        .collect();
    dlx::c::make_problem(
        primary.len() as Uint,
        secondary.len() as Uint,
        &options,
        OptOrder::Seq,
    )
}

/// `interleave` runs at least this many rounds, and for at least `SPAN`.
const ROUNDS: usize = 11;
const SPAN: Duration = Duration::from_secs(10);

/// Interleaved rounds: one count by each solver in turn, the one to go
/// first alternating, until both `ROUNDS` and `SPAN` are reached. Prints
/// the median time of each, their ratio (`dlx`'s median time over
/// exactcover's: above 1, exactcover is faster), and the median and
/// quartiles of the ratio within each round, which pairs two counts run
/// within a second of each other and so varies least with the machine's
/// state. Both counts are checked against `expected` in every round.
fn interleave(
    name: &str,
    expected: u64,
    mut ours: impl FnMut() -> u64,
    mut theirs: impl FnMut() -> u64,
) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let begun = Instant::now();
    let time = |count: &mut dyn FnMut() -> u64| {
        let start = Instant::now();
        let found = black_box(count());
        let elapsed = start.elapsed().as_secs_f64();
        assert_eq!(found, expected, "{name}: a count in the interleaved rounds");
        elapsed
    };
    while a.len() < ROUNDS || begun.elapsed() < SPAN {
        if a.len() % 2 == 0 {
            a.push(time(&mut ours));
            b.push(time(&mut theirs));
        } else {
            b.push(time(&mut theirs));
            a.push(time(&mut ours));
        }
    }
    let mut ratios: Vec<f64> = a.iter().zip(&b).map(|(x, y)| y / x).collect();
    for t in [&mut a, &mut b, &mut ratios] {
        t.sort_by(f64::total_cmp);
    }
    let rounds = a.len();
    let median = |t: &[f64]| t[t.len() / 2];
    let (ours, theirs) = (median(&a), median(&b));
    println!(
        "interleaved {name}: exactcover {:.2} ms, dlx {:.2} ms, exactcover / dlx = {:.3}x \
         (per round: median {:.3}x, quartiles {:.3}x..{:.3}x; {rounds} rounds)",
        ours * 1e3,
        theirs * 1e3,
        theirs / ours,
        median(&ratios),
        ratios[rounds / 4],
        ratios[rounds * 3 / 4],
    );
}

/// Counts every solution of a problem with colours with the `dlx` crate.
fn dlx_c_count(problem: &mut dlx::c::Problem) -> u64 {
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solver = dlx::Solver::new(problem);
    let mut found = 0;
    while solver.next_solution(&mut chooser) {
        found += 1;
    }
    found
}

/// Colours: double word squares (`classic::word_squares`), exactcover's
/// Algorithm C against `dlx::c`, both counting every square.
fn bench_word_squares(c: &mut Criterion, run: &Run, name: &str, words: &[String]) {
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let problem = classic::word_squares(&refs).expect("a word list of one length");
    let mut solver = Solver::new(&problem);
    let mut theirs = to_dlx_c(&problem);
    let start = Instant::now();
    let ours = solver.count(None).unwrap().solutions;
    let ours_once = start.elapsed();
    let start = Instant::now();
    let count = dlx_c_count(&mut theirs);
    let theirs_once = start.elapsed();
    assert_eq!(ours, count, "{name}: exactcover and dlx::c disagree");
    assert_eq!(dlx_c_count(&mut theirs), count, "{name}: dlx::c, again");
    println!(
        "{name}: both solvers count {count} squares (check run: exactcover {:.3} s, dlx {:.3} s)",
        ours_once.as_secs_f64(),
        theirs_once.as_secs_f64()
    );
    if run.criterion {
        let mut group = c.benchmark_group(name);
        configure(&mut group, ours_once);
        group.bench_function("exactcover", |b| {
            b.iter(|| black_box(solver.count(None).unwrap().solutions))
        });
        configure(&mut group, theirs_once);
        group.bench_function("dlx", |b| b.iter(|| black_box(dlx_c_count(&mut theirs))));
        group.finish();
    }
    if run.rounds(name) {
        interleave(
            name,
            count,
            || solver.count(None).unwrap().solutions,
            || dlx_c_count(&mut theirs),
        );
    }
}

/// The 6x6 (2x3) Sudoku with its first row fixed to `1 2 3 4 5 6`: the
/// options of the classic rules' problem that put another value in row 1 are left
/// out. Relabelling the values maps these grids one to one onto the grids
/// with any given first row, so there are 28,200,960 / 6! = 39,168.
fn sudoku6_first_row(shape: Shape) -> Problem {
    let rules = Rules::classic(shape);
    let full = rules.problem();
    let mut problem = Problem::new();
    problem.add_primary_items(full.item_count());
    for (option, items) in full.options().enumerate() {
        let (cell, value) = rules.placement(option);
        if cell < rules.size() && value != cell + 1 {
            continue;
        }
        problem
            .add_option(items.iter().copied())
            .expect("an option of the classic rules");
    }
    problem
}

fn main() {
    let full = std::env::var_os("EXACTCOVER_BENCH_FULL").is_some_and(|v| v != "0");
    let mut c = Criterion::default().configure_from_args();
    let run = Run::from_env();

    let mut counts: Vec<(&str, Problem, u64)> = vec![
        ("queens 13", classic::queens(13), 73_712),
        ("langford 12", classic::langford(12), 216_288),
        (
            "pentominoes 6x10 (X in a quarter)",
            classic::pentominoes(6, 10, true),
            2_339,
        ),
    ];
    if full {
        counts.push((
            "pentominoes 6x10",
            classic::pentominoes(6, 10, false),
            9_356,
        ));
    }
    let shape = Shape::for_size(6).expect("6x6 is a Sudoku size");
    counts.push((
        "sudoku 6x6 (first row fixed)",
        sudoku6_first_row(shape),
        39_168,
    ));
    for (name, problem, expected) in &counts {
        let mut solver = Solver::new(problem);
        bench_problem(&mut c, &run, name, problem, *expected, || {
            solver.count(None).unwrap().solutions
        });
    }

    bench_word_squares(
        &mut c,
        &run,
        "word squares 4x4 (colours)",
        &exactcover::problem::classic::synthetic_words(4, "abcd", 5),
    );

    if full {
        let empty = Grid::empty(shape);
        let mut sudoku = SudokuSolver::for_shape(shape);
        bench_problem(
            &mut c,
            &run,
            "sudoku 6x6 empty",
            &Rules::classic(shape).problem(),
            28_200_960,
            || sudoku.count(&empty, None).unwrap().solutions,
        );
    } else {
        println!(
            "(pentominoes 6x10 with all 9,356 tilings and the empty 6x6 Sudoku counted to the end \
             take seconds to a minute a run: set EXACTCOVER_BENCH_FULL=1 to measure them too)"
        );
    }

    c.final_summary();
}
