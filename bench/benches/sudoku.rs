//! Sudoku solving speed, side by side with peer solvers (issue 6).
//!
//! For each published puzzle set in `../shared/data/puzzles/` (relative to the
//! repository's root) this takes a fixed sample (every `stride`-th line, from the
//! first; see [`SETS`]) and measures two questions over the whole sample:
//!
//! * `first solution`: find one solution of every puzzle;
//! * `count to 2`: count the solutions up to 2 (the uniqueness check).
//!
//! Each criterion group reports `Throughput::Elements(sample length)`, so
//! criterion prints puzzles per second. The solvers:
//!
//! * `exactcover`: [`SudokuSolver`], built once and reused for every puzzle
//!   (`solution_into` / `count(_, Some(2))`);
//! * `sudoku`: the `sudoku` crate 0.8 (a JCZSolve bitboard port, AGPL-3.0,
//!   a dev-dependency only), `Sudoku::some_solution` /
//!   `Sudoku::solutions_count_up_to(2)`;
//! * `dlx`: the `dlx` crate 0.8 (Dancing Links). Its solver borrows its matrix
//!   and cannot be reset after stopping at a first solution, and it has no way
//!   to pre-select options, so the matrix is built for each puzzle inside the
//!   timing, as its users must (and as its own Sudoku example does): only the
//!   items the givens leave open and the options compatible with the givens;
//!   the scratch vectors are reused between puzzles. It branches with its
//!   minimum-remaining-values chooser, first item on ties (the same rule as
//!   exactcover).
//! * `reference`: exactcover's plain backtracking solver
//!   (`reference::search(_, 1, None)` / `reference::search(_, 2, None)`), only on
//!   the sets where it is fast enough (see [`SETS`]).
//!
//! Puzzles are parsed outside the timing loops. Before timing, every solver
//! answers every puzzle of the sample once and the answers are compared (the
//! counts must agree, every first solution must be a solved grid completing
//! its puzzle, checked here independently, and a unique puzzle's solutions
//! must be equal), so the benchmark cannot silently measure a broken solver.
//! That pass prints its wall time per puzzle, and sets each benchmark's
//! measurement time to about 15 passes over the sample.
//!
//! Without `../shared/data/puzzles/` the benchmark says it skips and exits 0.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, measurement::WallTime};
use exactcover::sudoku::{Grid, Shape, SudokuSolver, reference};
use regex::Regex;

/// The puzzle sets: file name, short label, the sampling stride (every
/// `stride`-th line from the first is taken), and whether exactcover's
/// reference backtracking solver runs on it too.
///
/// The reference solver only runs where it takes microseconds per puzzle. It
/// is far too slow on the others (measured on the first 50 puzzles of each
/// sample, limited to 5e7 steps each): on the 17-clue set 40 of the 50 hit
/// that limit (over 2 s each); on magictour one did (1.7 s), on the forum's
/// hardest it took 46 ms per puzzle. On the serg benchmark (34-35 givens) it
/// takes about 16 us per puzzle.
const SETS: [(&str, &str, usize, bool); 4] = [
    ("puzzles2_17_clue", "17_clue", 64, false),
    ("puzzles3_magictour_top1465", "magictour_top1465", 2, false),
    (
        "puzzles5_forum_hardest_1905_11+",
        "forum_hardest_1905",
        128,
        false,
    ),
    ("puzzles7_serg_benchmark", "serg_benchmark", 16, true),
];

/// One puzzle in every solver's input form.
struct Puzzle {
    grid: Grid,
    peer: sudoku::Sudoku,
    cells: [u8; 81],
}

fn puzzle_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles")
}

/// Every `stride`-th puzzle of `file`, from the first.
fn read_sample(dir: &Path, file: &str, stride: usize) -> Vec<Puzzle> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .step_by(stride)
        .map(|line| {
            let grid: Grid = line
                .parse()
                .unwrap_or_else(|e| panic!("{file}: bad puzzle {line}: {e}"));
            assert!(
                grid.size() == 9 && grid.conflict().is_none(),
                "{file}: {line}"
            );
            let peer = sudoku::Sudoku::from_str_line(line)
                .unwrap_or_else(|e| panic!("{file}: sudoku crate cannot read {line}: {e:?}"));
            let mut cells = [0u8; 81];
            cells.copy_from_slice(grid.cells());
            Puzzle { grid, peer, cells }
        })
        .collect()
}

/// The `dlx` crate's side: builds the exact-cover matrix of one puzzle.
mod dlx_sudoku {
    use dlx::choose::{Choose, mrv_chooser, no_tiebreak, prefer_any};
    use dlx::x::{Problem, make_problem};
    use dlx::{OptOrder, Solver, Uint};

    /// Scratch space reused from puzzle to puzzle.
    pub struct Builder {
        /// For each of the 324 items of the full matrix, its index among the
        /// items the givens leave open, or `u32::MAX` when a given covers it.
        open: [u32; 324],
        /// The options of the current puzzle (only `options[..count]` are
        /// in use; the inner vectors are reused).
        options: Vec<Vec<Uint>>,
        count: usize,
        /// Option number -> (cell, digit from 1).
        placements: Vec<(u8, u8)>,
    }

    /// The problem of one puzzle, or the answer when no search is needed.
    pub enum Built {
        Search(Problem),
        /// Nothing left open: the puzzle is its own solution.
        Complete,
        /// Open items but no possible option: no solution.
        Impossible,
    }

    impl Builder {
        pub fn new() -> Builder {
            Builder {
                open: [0; 324],
                options: Vec::new(),
                count: 0,
                placements: Vec::new(),
            }
        }

        fn items(cell: usize, d: usize) -> [usize; 4] {
            let (r, c) = (cell / 9, cell % 9);
            let b = r / 3 * 3 + c / 3;
            [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d]
        }

        pub fn build(&mut self, cells: &[u8; 81]) -> Built {
            let mut covered = [false; 324];
            for (cell, &v) in cells.iter().enumerate() {
                if v != 0 {
                    for item in Builder::items(cell, v as usize - 1) {
                        covered[item] = true;
                    }
                }
            }
            let mut open = 0u32;
            for (slot, &done) in self.open.iter_mut().zip(&covered) {
                *slot = if done {
                    u32::MAX
                } else {
                    open += 1;
                    open - 1
                };
            }
            if open == 0 {
                return Built::Complete;
            }
            self.count = 0;
            self.placements.clear();
            for (cell, &v) in cells.iter().enumerate() {
                if v != 0 {
                    continue;
                }
                for d in 0..9 {
                    let items = Builder::items(cell, d);
                    if items.iter().any(|&i| covered[i]) {
                        continue;
                    }
                    if self.count == self.options.len() {
                        self.options.push(Vec::with_capacity(4));
                    }
                    let option = &mut self.options[self.count];
                    option.clear();
                    option.extend(items.iter().map(|&i| self.open[i] as Uint));
                    self.count += 1;
                    self.placements.push((cell as u8, d as u8 + 1));
                }
            }
            if self.count == 0 {
                return Built::Impossible;
            }
            Built::Search(make_problem(
                open as Uint,
                0,
                &self.options[..self.count],
                OptOrder::Seq,
            ))
        }

        /// Writes the first solution into `out` (which starts as a copy of
        /// the puzzle); `false` when there is none.
        pub fn solution_into(&mut self, cells: &[u8; 81], out: &mut [u8; 81]) -> bool {
            out.copy_from_slice(cells);
            let mut problem = match self.build(cells) {
                Built::Search(problem) => problem,
                Built::Complete => return true,
                Built::Impossible => return false,
            };
            let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
            let mut solver = Solver::new(&mut problem);
            if !solver.next_solution(&mut chooser) {
                return false;
            }
            for &option in solver.fmt_solution() {
                let (cell, digit) = self.placements[option as usize];
                out[cell as usize] = digit;
            }
            true
        }

        /// The number of solutions, up to `limit`.
        pub fn count(&mut self, cells: &[u8; 81], limit: u64) -> u64 {
            let mut problem = match self.build(cells) {
                Built::Search(problem) => problem,
                Built::Complete => return 1,
                Built::Impossible => return 0,
            };
            let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
            count_with(&mut problem, &mut chooser, limit)
        }
    }

    fn count_with<C: Choose<Problem>>(problem: &mut Problem, chooser: &mut C, limit: u64) -> u64 {
        let mut solver = Solver::new(problem);
        let mut found = 0;
        while found < limit && solver.next_solution(chooser) {
            found += 1;
        }
        found
    }
}

/// Whether `solution` is a solved 9x9 grid (checked here, independently of
/// every solver) that keeps the givens of `puzzle`.
fn completes(puzzle: &[u8; 81], solution: &[u8]) -> bool {
    if solution.len() != 81 || puzzle.iter().zip(solution).any(|(&p, &s)| p != 0 && p != s) {
        return false;
    }
    let mut seen = [0u16; 27];
    for (cell, &v) in solution.iter().enumerate() {
        if !(1..=9).contains(&v) {
            return false;
        }
        let (r, c) = (cell / 9, cell % 9);
        for unit in [r, 9 + c, 18 + r / 3 * 3 + c / 3] {
            seen[unit] |= 1 << v;
        }
    }
    seen.iter().all(|&bits| bits == 0b11_1111_1110)
}

/// The solvers, in the order of the report.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    Exactcover,
    Sudoku,
    Dlx,
    Reference,
}

impl Who {
    const ALL: [Who; 4] = [Who::Exactcover, Who::Sudoku, Who::Dlx, Who::Reference];

    fn name(self) -> &'static str {
        match self {
            Who::Exactcover => "exactcover",
            Who::Sudoku => "sudoku",
            Who::Dlx => "dlx",
            Who::Reference => "reference",
        }
    }
}

/// The two questions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    First,
    CountTo2,
}

impl Mode {
    const ALL: [Mode; 2] = [Mode::First, Mode::CountTo2];

    fn name(self) -> &'static str {
        match self {
            Mode::First => "first solution",
            Mode::CountTo2 => "count to 2",
        }
    }
}

/// Every solver, ready to answer puzzle after puzzle; the answer of the
/// latest `first` is kept in the solver's own output form.
struct Solvers {
    exactcover: SudokuSolver,
    exactcover_out: Grid,
    dlx: dlx_sudoku::Builder,
    dlx_out: [u8; 81],
    sudoku_out: Option<sudoku::Sudoku>,
    reference_out: Option<Grid>,
}

impl Solvers {
    fn new() -> Solvers {
        let nine = Shape::for_size(9).expect("9x9");
        Solvers {
            exactcover: SudokuSolver::for_shape(nine),
            exactcover_out: Grid::empty(nine),
            dlx: dlx_sudoku::Builder::new(),
            dlx_out: [0; 81],
            sudoku_out: None,
            reference_out: None,
        }
    }

    /// Finds a first solution; `true` when there is one.
    #[inline]
    fn first(&mut self, who: Who, p: &Puzzle) -> bool {
        match who {
            Who::Exactcover => self
                .exactcover
                .solution_into(&p.grid, &mut self.exactcover_out)
                .expect("no budget"),
            Who::Sudoku => {
                self.sudoku_out = p.peer.some_solution();
                self.sudoku_out.is_some()
            }
            Who::Dlx => self.dlx.solution_into(&p.cells, &mut self.dlx_out),
            Who::Reference => {
                self.reference_out = reference::search(&p.grid, 1, None)
                    .expect("no step bound")
                    .1;
                self.reference_out.is_some()
            }
        }
    }

    /// The latest first solution of `who`, as 81 cells.
    fn first_cells(&self, who: Who) -> Vec<u8> {
        match who {
            Who::Exactcover => self.exactcover_out.cells().to_vec(),
            Who::Sudoku => self
                .sudoku_out
                .map(|s| s.to_bytes().to_vec())
                .unwrap_or_default(),
            Who::Dlx => self.dlx_out.to_vec(),
            Who::Reference => self
                .reference_out
                .as_ref()
                .map(|g| g.cells().to_vec())
                .unwrap_or_default(),
        }
    }

    /// Counts the solutions up to 2.
    #[inline]
    fn count_to_2(&mut self, who: Who, p: &Puzzle) -> u64 {
        match who {
            Who::Exactcover => self.exactcover.count(&p.grid, Some(2)).unwrap().solutions,
            Who::Sudoku => p.peer.solutions_count_up_to(2) as u64,
            Who::Dlx => self.dlx.count(&p.cells, 2),
            Who::Reference => {
                reference::search(&p.grid, 2, None)
                    .expect("no step bound")
                    .0
            }
        }
    }
}

impl Solvers {
    /// One pass of `who` over `sample`, answering `mode`: what both criterion
    /// and the interleaved rounds time.
    #[inline]
    fn pass(&mut self, who: Who, mode: Mode, sample: &[Puzzle]) {
        for p in sample {
            match mode {
                Mode::First => {
                    black_box(self.first(who, black_box(p)));
                }
                Mode::CountTo2 => {
                    black_box(self.count_to_2(who, black_box(p)));
                }
            }
        }
    }
}

/// Wall time of one pass over the sample, per solver and mode.
type Estimates = Vec<(Who, Mode, Duration)>;

/// Every solver answers every puzzle once; panics on any disagreement.
/// Returns the time each pass took, and prints it per puzzle.
fn check_agreement(label: &str, sample: &[Puzzle], solvers: &[Who]) -> Estimates {
    let mut s = Solvers::new();
    let mut times: Estimates = Vec::new();
    for &who in solvers {
        for mode in Mode::ALL {
            times.push((who, mode, Duration::ZERO));
        }
    }
    let mut unique = 0;
    for (k, p) in sample.iter().enumerate() {
        let at = |what: &str| format!("{label} puzzle {k} ({}): {what}", p.grid);
        let mut answers: Vec<(Who, u64, Vec<u8>)> = Vec::new();
        for &who in solvers {
            let start = Instant::now();
            let count = s.count_to_2(who, p);
            let counted = start.elapsed();
            let start = Instant::now();
            let found = s.first(who, p);
            let solved = start.elapsed();
            for (w, mode, total) in times.iter_mut() {
                if *w == who {
                    *total += if *mode == Mode::First {
                        solved
                    } else {
                        counted
                    };
                }
            }
            assert_eq!(
                found,
                count > 0,
                "{}",
                at(&format!("{}: count vs first", who.name()))
            );
            let first = s.first_cells(who);
            if found {
                assert!(
                    completes(&p.cells, &first),
                    "{}",
                    at(&format!("{} solution", who.name()))
                );
            }
            answers.push((who, count, first));
        }
        let (_, count, first) = &answers[0];
        unique += usize::from(*count == 1);
        for (who, other_count, other_first) in &answers[1..] {
            assert_eq!(
                count,
                other_count,
                "{}",
                at(&format!("count to 2: exactcover vs {}", who.name()))
            );
            if *count == 1 {
                assert_eq!(
                    first,
                    other_first,
                    "{}",
                    at(&format!("unique solution: exactcover vs {}", who.name()))
                );
            }
        }
    }
    println!(
        "{label}: {} puzzles ({unique} unique), every solver agrees",
        sample.len()
    );
    for (who, mode, total) in &times {
        println!(
            "    {:<10} {:<14} {:>9.1} us/puzzle (check pass)",
            who.name(),
            mode.name(),
            total.as_secs_f64() * 1e6 / sample.len().max(1) as f64,
        );
    }
    times
}

/// Every iteration covers the whole sample (milliseconds): flat sampling, 10
/// samples, and enough measurement time for about 15 passes.
fn configure(group: &mut BenchmarkGroup<'_, WallTime>, pass: Duration) {
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time((pass * 15).max(Duration::from_secs(2)));
}

fn bench_set(
    c: &mut Criterion,
    label: &str,
    sample: &[Puzzle],
    solvers: &[Who],
    times: &Estimates,
) {
    let mut s = Solvers::new();
    for mode in Mode::ALL {
        let mut group = c.benchmark_group(format!("{label}: {}", mode.name()));
        group.throughput(Throughput::Elements(sample.len() as u64));
        for &who in solvers {
            let pass = times
                .iter()
                .find(|(w, m, _)| *w == who && *m == mode)
                .map_or(Duration::ZERO, |t| t.2);
            configure(&mut group, pass);
            group.bench_function(who.name(), |b| b.iter(|| s.pass(who, mode, sample)));
        }
        group.finish();
    }
}

/// `interleave` runs at least this many rounds, and for at least `SPAN`.
const ROUNDS: usize = 15;
const SPAN: Duration = Duration::from_secs(3);

/// One line of the interleaved measurement: set, mode, solver, the median
/// pass in seconds, the sample's length.
type Interleaved = Vec<(String, Mode, Who, f64, usize)>;

/// The side-by-side measurement that does not trust the machine to stay the
/// same between two criterion benchmarks: rounds of one pass of every solver
/// over the sample in turn (at least `ROUNDS` of them and `SPAN` of time),
/// and the median pass of each. This machine is shared and switches between
/// a faster and a slower state every few seconds, so two solvers timed one
/// after the other by criterion can meet different machines; interleaved,
/// they meet the same mix. Adds the medians to `out` and prints them with
/// exactcover's ratio to each peer.
fn interleave(label: &str, sample: &[Puzzle], solvers: &[Who], out: &mut Interleaved) {
    let mut s = Solvers::new();
    for mode in Mode::ALL {
        let mut passes: Vec<Vec<f64>> = vec![Vec::new(); solvers.len()];
        let begun = Instant::now();
        while passes[0].len() < ROUNDS || begun.elapsed() < SPAN {
            for (k, &who) in solvers.iter().enumerate() {
                let start = Instant::now();
                s.pass(who, mode, sample);
                passes[k].push(start.elapsed().as_secs_f64());
            }
        }
        let medians: Vec<f64> = passes
            .iter_mut()
            .map(|p| {
                p.sort_by(f64::total_cmp);
                p[p.len() / 2]
            })
            .collect();
        for (k, &who) in solvers.iter().enumerate() {
            let ratio = if k == 0 {
                format!("({} rounds)", passes[0].len())
            } else {
                format!(
                    "exactcover / {} = {:.2}x",
                    who.name(),
                    medians[k] / medians[0]
                )
            };
            println!(
                "interleaved {label}: {:<14} {:<10} {:>10.0} puzzles/s {ratio}",
                mode.name(),
                who.name(),
                sample.len() as f64 / medians[k],
            );
            out.push((label.to_string(), mode, who, medians[k], sample.len()));
        }
    }
}

/// Writes the interleaved medians where `bench/report.py` finds them:
/// `interleaved.json` in criterion's directory.
fn write_interleaved(rows: &Interleaved) {
    // Criterion's own directory: the workspace's target directory.
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"),
            PathBuf::from,
        )
        .join("criterion");
    let lines: Vec<String> = rows
        .iter()
        .map(|(set, mode, who, median, n)| {
            format!(
                "  {{\"set\": \"{set}\", \"mode\": \"{}\", \"solver\": \"{}\", \"median_pass_s\": {median:e}, \"puzzles\": {n}}}",
                mode.name(),
                who.name()
            )
        })
        .collect();
    let json = format!("[\n{}\n]\n", lines.join(",\n"));
    let path = dir.join("interleaved.json");
    if let Err(e) = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, json)) {
        println!("cannot write {}: {e}", path.display());
    }
}

fn main() {
    let dir = puzzle_dir();
    if !dir.is_dir() {
        println!(
            "skipping: ../shared/data/puzzles not found (looked in {})",
            dir.display()
        );
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    // `cargo bench --bench sudoku -- FILTER`: the interleaved rounds run for
    // the sets of which criterion runs a benchmark (FILTER, a regular
    // expression, matches `LABEL: MODE/SOLVER`); none under `--test` or
    // `--list`.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let timing = !args.iter().any(|a| a == "--test" || a == "--list");
    let filter = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(|f| Regex::new(f).expect("criterion's filter is a regular expression"));
    let mut interleaved = Interleaved::new();
    for (file, label, stride, with_reference) in SETS {
        let sample = read_sample(&dir, file, stride);
        let solvers: Vec<Who> = Who::ALL
            .into_iter()
            .filter(|&w| w != Who::Reference || with_reference)
            .collect();
        let times = check_agreement(label, &sample, &solvers);
        bench_set(&mut criterion, label, &sample, &solvers, &times);
        let chosen = |f: &Regex| {
            Mode::ALL.iter().any(|mode| {
                solvers
                    .iter()
                    .any(|who| f.is_match(&format!("{label}: {}/{}", mode.name(), who.name())))
            })
        };
        if timing && filter.as_ref().is_none_or(chosen) {
            interleave(label, &sample, &solvers, &mut interleaved);
        }
    }
    criterion.final_summary();
    if !interleaved.is_empty() {
        write_interleaved(&interleaved);
    }
}
