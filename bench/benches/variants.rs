//! Sudoku variants (issue 13): the speed of each published variant puzzle
//! of `data/variants/` (see data/SOURCES.md), and killer cages encoded by
//! digit combinations against the naive one-option-per-permutation
//! encoding.
//!
//! * group `variants`: [`SudokuSolver`] kept from iteration to iteration
//!   (the rules are the same `Arc`, so the matrix is built once), `first
//!   solution` and `count to 2` of each puzzle;
//! * group `killer encoding`: the whole job, building the exact-cover
//!   problem and its matrix included, counting solutions up to 2: `combinations`
//!   is exactcover's encoding ([`Rules::with_cage`]: a cage item, an item
//!   per cage and digit, one option per digit combination); `permutations`
//!   is written here only, for comparison: each cage is one primary item
//!   and one option per arrangement of each allowed combination over its
//!   cells, covering every cell's items; cells of no cage keep their `N`
//!   options. Both are solved by the same engine ([`Solver`]).
//!
//! Before timing, every answer is checked: each variant puzzle's solution is
//! its published one and unique, and both killer encodings find the same
//! unique grid.

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use criterion::Criterion;
use exactcover::sudoku::{FPuzzle, Grid, RuledGrid, Rules, SudokuSolver, Uniqueness};
use exactcover::{Problem, Solver};

/// The text of `data/variants/<name>`.
fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/variants")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A variant puzzle: its label, grid and rules.
struct Variant {
    label: &'static str,
    grid: Grid,
    rules: Arc<Rules>,
}

impl Variant {
    fn puzzle(&self) -> RuledGrid<'_> {
        RuledGrid::new(&self.rules, &self.grid).expect("same shape")
    }
}

fn from_json(label: &'static str, file: &str) -> Variant {
    let puzzle = FPuzzle::parse(&data(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    Variant {
        label,
        grid: puzzle.grid().clone(),
        rules: Arc::clone(puzzle.rules()),
    }
}

fn variants() -> Vec<Variant> {
    let mut all = vec![
        from_json("killer_ukpuzzles", "killer-ukpuzzles.json"),
        from_json("killer_ksonline", "killer-ksonline.json"),
        from_json("x_sudopedia", "x-sudopedia.json"),
        from_json("x_ukpuzzles", "x-ukpuzzles.json"),
        from_json("antiknight_ctc", "antiknight-ctc.json"),
        from_json("antiknight_fwp", "antiknight-fwp.json"),
        from_json("antiking_6x6", "antiking-6x6.json"),
        from_json("extraregions_lmi", "extraregions-lmi.json"),
    ];
    let jigsaw = data("jigsaw-janko108.txt");
    let (givens, map) = jigsaw.trim().split_once(' ').expect("two fields");
    let grid: Grid = givens.parse().expect("a grid");
    let map = Rules::region_map(map, 9).expect("a map");
    let rules = Rules::classic(grid.shape())
        .with_regions(&map)
        .expect("regions");
    all.push(Variant {
        label: "jigsaw_janko108",
        grid,
        rules: Arc::new(rules),
    });
    let windoku = data("windoku-hyper.txt");
    let (givens, _) = windoku.trim().split_once(' ').expect("two fields");
    let grid: Grid = givens.parse().expect("a grid");
    let rules = Rules::classic(grid.shape()).with_windows().expect("9x9");
    all.push(Variant {
        label: "windoku_hyper",
        grid,
        rules: Arc::new(rules),
    });
    all
}

/// The naive killer encoding: the puzzle's exact-cover problem with one
/// option per arrangement of each cage's allowed digits over its cells
/// (those that agree with the givens of `grid`), and the cell and digit of
/// each option's placements (for reading back a solution). Only rows,
/// columns, boxes and cages (the killer rules).
fn permutation_problem(rules: &Rules, grid: &Grid) -> (Problem, Vec<Vec<(usize, usize)>>) {
    let given = grid.cells();
    let n = rules.size();
    let shape = rules.shape();
    let cells = n * n;
    let mut problem = Problem::new();
    let units = 3 * n; // rows, columns, boxes
    problem.add_primary_items(cells + units * n + rules.cages().len());
    let unit_items = |cell: usize, d: usize| {
        let (r, c) = (cell / n, cell % n);
        let b = shape.box_of(r, c);
        [
            cells + r * n + d - 1,
            cells + (n + c) * n + d - 1,
            cells + (2 * n + b) * n + d - 1,
        ]
    };
    let mut placements = Vec::new();
    let caged: Vec<bool> = (0..cells).map(|k| rules.cages_of(k).len() > 0).collect();
    for cell in (0..cells).filter(|&k| !caged[k]) {
        for d in (1..=n).filter(|&d| given[cell] == 0 || given[cell] as usize == d) {
            let items = std::iter::once(cell).chain(unit_items(cell, d));
            problem.add_option(items).expect("distinct items");
            placements.push(vec![(cell, d)]);
        }
    }
    for (k, cage) in rules.cages().iter().enumerate() {
        let sum = cage.sum.expect("every cage has a sum");
        for digits in combinations(n, cage.cells.len(), sum) {
            let mut order = digits.clone();
            permute(&mut order, 0, &mut |perm| {
                let fits = cage
                    .cells
                    .iter()
                    .zip(perm)
                    .all(|(&cell, &d)| given[cell] == 0 || given[cell] as usize == d);
                if !fits {
                    return;
                }
                let mut items = vec![cells + units * n + k];
                let mut placed = Vec::with_capacity(perm.len());
                for (&cell, &d) in cage.cells.iter().zip(perm) {
                    items.push(cell);
                    items.extend(unit_items(cell, d));
                    placed.push((cell, d));
                }
                problem.add_option(items).expect("distinct items");
                placements.push(placed);
            });
        }
    }
    (problem, placements)
}

/// Every set of `count` distinct digits from 1 to `n` adding up to `sum`.
fn combinations(n: usize, count: usize, sum: usize) -> Vec<Vec<usize>> {
    fn go(
        n: usize,
        from: usize,
        count: usize,
        sum: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if count == 0 {
            if sum == 0 {
                out.push(chosen.clone());
            }
            return;
        }
        for d in from..=n.min(sum) {
            chosen.push(d);
            go(n, d + 1, count - 1, sum - d, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    go(n, 1, count, sum, &mut Vec::new(), &mut out);
    out
}

/// Calls `f` with every ordering of `digits[at..]` (Heap's order does not
/// matter here: plain swaps).
fn permute(digits: &mut Vec<usize>, at: usize, f: &mut impl FnMut(&[usize])) {
    if at == digits.len() {
        f(digits);
        return;
    }
    for i in at..digits.len() {
        digits.swap(at, i);
        permute(digits, at + 1, f);
        digits.swap(at, i);
    }
}

/// Solves a killer through the naive encoding: the number of solutions up
/// to 2 and the first grid.
fn solve_permutations(rules: &Rules, grid: &Grid) -> (u64, Option<Grid>) {
    let shape = grid.shape();
    let (problem, placements) = permutation_problem(rules, grid);
    let mut solver = Solver::new(&problem);
    let first = solver.solution().expect("no budget").map(|options| {
        let mut grid = Grid::empty(shape);
        for &o in &options {
            for &(cell, d) in &placements[o] {
                grid.set(cell / shape.size(), cell % shape.size(), Some(d))
                    .expect("in range");
            }
        }
        grid
    });
    let count = Solver::new(&problem).count(Some(2)).unwrap().solutions;
    (count, first)
}

/// Solves a killer through exactcover's encoding, from scratch: the
/// matrix built for the rules, the givens selected, the count.
fn count_combinations(rules: &Arc<Rules>, grid: &Grid) -> u64 {
    let puzzle = RuledGrid::new(rules, grid).expect("same shape");
    SudokuSolver::new()
        .count(puzzle, Some(2))
        .unwrap()
        .solutions
}

fn main() {
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10)
        .configure_from_args();
    let all = variants();
    let mut solver = SudokuSolver::new();
    for v in &all {
        let unique = solver.uniqueness(v.puzzle()).expect("no budget");
        assert!(
            matches!(unique, Uniqueness::Unique(ref s) if RuledGrid::new(&v.rules, s).unwrap().is_solved()),
            "{}: {unique:?}",
            v.label
        );
    }
    let mut group = criterion.benchmark_group("variants");
    for v in &all {
        group.bench_function(format!("{}/first solution", v.label), |b| {
            b.iter(|| black_box(solver.solution(v.puzzle()).expect("no budget")))
        });
        group.bench_function(format!("{}/count to 2", v.label), |b| {
            b.iter(|| black_box(solver.count(v.puzzle(), Some(2)).unwrap().solutions))
        });
    }
    group.finish();

    // Killer cages: the two encodings, on the published killers and on a
    // classic puzzle (Norvig's first of top95) with one nine-cell cage over
    // its first box (sum 45), where the naive encoding needs 9! options.
    let top95 =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/top95.txt"))
            .expect("data/top95.txt");
    let first: Grid = top95
        .lines()
        .next()
        .expect("a puzzle")
        .parse()
        .expect("a grid");
    let box_cells = [0, 1, 2, 9, 10, 11, 18, 19, 20];
    let big = Rules::classic(first.shape())
        .with_cage(&box_cells, Some(45))
        .expect("45");
    let mut killers: Vec<(&str, Grid, Rules)> = all
        .iter()
        .filter(|v| v.label.starts_with("killer"))
        .map(|v| (v.label, v.grid.clone(), (*v.rules).clone()))
        .collect();
    killers.push(("top95_1_with_9_cell_cage", first, big));
    let mut group = criterion.benchmark_group("killer encoding");
    for (label, grid, rules) in &killers {
        let (naive, _) = permutation_problem(rules, grid);
        let ours = rules.problem();
        let (count, naive_first) = solve_permutations(rules, grid);
        let shared = Arc::new(rules.clone());
        let puzzle = RuledGrid::new(&shared, grid).unwrap();
        let our_first = SudokuSolver::new().solution(puzzle).unwrap();
        assert_eq!(
            (count, &naive_first),
            (1, &our_first),
            "{label}: the encodings agree"
        );
        assert_eq!(count_combinations(&shared, grid), 1);
        println!(
            "{label}: combinations {} options, {} items; permutations {} options, {} items",
            ours.option_count(),
            ours.item_count(),
            naive.option_count(),
            naive.item_count()
        );
        group.bench_function(format!("{label}/combinations"), |b| {
            b.iter(|| black_box(count_combinations(&shared, grid)))
        });
        group.bench_function(format!("{label}/permutations"), |b| {
            b.iter(|| {
                let (problem, _) = permutation_problem(rules, grid);
                black_box(Solver::new(&problem).count(Some(2)).unwrap().solutions)
            })
        });
    }
    group.finish();
    criterion.final_summary();
}
