//! Solving by logic on the matrix (`exactcover::logic`), checked against
//! known solutions: every step of every explanation removes only options
//! outside the solution and forces only options in it, on the published
//! puzzle sets, the variant puzzles of `data/variants/`, and random small
//! problems against brute force; and the target of the logic: every puzzle
//! of the Sudoku Exchange sample rated 4.0 or less by Sudoku Explainer is
//! solved by singles and set logic with `k <= 4`, without guessing.

use crate::common;

use std::sync::Arc;

use exactcover::Problem;
use exactcover::logic::{Config, Contradiction, End, Explanation, LogicSolver, Next, Rule};
use exactcover::sudoku::{FPuzzle, Grid, OptionMeaning, RuledGrid, Rules, Shape};
use quickcheck::{QuickCheck, TestResult};

/// The text of `data/<name>`.
fn data(name: &str) -> String {
    let path = format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// For each option of `rules.problem()`, whether it is in the solution
/// `solution`: a digit in a cell, or a cage's combination of the digits
/// its cells hold.
fn in_solution(rules: &Rules, solution: &Grid) -> Vec<bool> {
    let n = rules.size();
    let cells = solution.cells();
    (0..rules.option_count())
        .map(|o| match rules.option_meaning(o) {
            Some(OptionMeaning::Place { cell, value }) => cells[cell] as usize == value,
            Some(OptionMeaning::Combination { cage, digits }) => {
                let mut held: Vec<usize> = rules.cages()[cage]
                    .cells
                    .iter()
                    .map(|&k| cells[k] as usize)
                    .collect();
                held.sort_unstable();
                assert!(held.iter().all(|&d| (1..=n).contains(&d)));
                held == digits
            }
            other => panic!("option {o}: unexpected meaning {other:?}"),
        })
        .collect()
}

/// Explains `puzzle` under `rules` with `config`, from its givens, and
/// checks every step against `solution`: nothing removed is in it,
/// everything forced is; a solved end chose exactly the solution.
fn explain_checked(rules: &Rules, puzzle: &Grid, solution: &Grid, config: Config) -> Explanation {
    let problem = rules.problem();
    let good = in_solution(rules, solution);
    let mut solver = LogicSolver::with_config(&problem, config);
    for (cell, &v) in puzzle.cells().iter().enumerate() {
        if v != 0 {
            solver
                .select(rules.option_of(cell, v as usize))
                .unwrap_or_else(|e| panic!("{puzzle}: given at cell {cell}: {e}"));
        }
    }
    let explanation = solver.explain();
    for (n, step) in explanation.steps.iter().enumerate() {
        for &o in &step.removed {
            assert!(
                !good[o],
                "{puzzle}: step {n} ({}) removes option {o} of the solution",
                step.rule
            );
        }
        for &o in &step.forced {
            assert!(
                good[o],
                "{puzzle}: step {n} ({}) forces option {o}, not in the solution",
                step.rule
            );
        }
        if let Rule::SetLogic { k } = step.rule {
            assert_eq!((step.base.len(), step.cover.len()), (k, k));
        }
        if let Some(chain) = &step.chain {
            assert!(
                !good[chain.assumed],
                "{puzzle}: a chain assumes a good option"
            );
        }
    }
    match &explanation.end {
        End::Solved => {
            let mut chosen: Vec<usize> = solver.chosen().to_vec();
            chosen.sort_unstable();
            let want: Vec<usize> = (0..good.len()).filter(|&o| good[o]).collect();
            assert_eq!(chosen, want, "{puzzle}: solved, but not to the solution");
        }
        End::NoSolution(c) => panic!("{puzzle}: has a solution, but logic says {c}"),
        End::Stuck { .. } => {}
        other => panic!("{puzzle}: unexpected end {other:?}"),
    }
    explanation
}

/// Checks every puzzle of `text` (one per line) whose line number is a
/// multiple of `every`, under the classic rules; returns how many ended
/// solved and how many were checked.
fn check_set(text: &str, every: usize, config: Config) -> (usize, usize) {
    let (mut solved, mut checked) = (0, 0);
    for (k, line) in text.lines().enumerate() {
        if k % every != 0 || line.trim().is_empty() {
            continue;
        }
        let puzzle: Grid = line.trim().parse().expect("a puzzle");
        let solution = puzzle.solution().expect("a solvable puzzle");
        let rules = Rules::classic(puzzle.shape());
        let explanation = explain_checked(&rules, &puzzle, &solution, config);
        solved += usize::from(explanation.end == End::Solved);
        checked += 1;
    }
    (solved, checked)
}

#[test]
fn every_step_is_sound_on_norvigs_top95() {
    let (solved, checked) = check_set(&data("top95.txt"), 1, Config::default());
    assert_eq!(checked, 95);
    assert!(solved > 0);
}

#[test]
#[cfg_attr(
    not(shared_puzzles),
    ignore = "needs ../shared/data/puzzles (see README)"
)]
fn every_step_is_sound_on_the_shared_sets() {
    let sets = [
        ("hardest.txt", 1),
        ("puzzles2_17_clue", 997),
        ("puzzles3_magictour_top1465", 29),
        ("puzzles6_forum_hardest_1106", 23),
        ("puzzles5_forum_hardest_1905_11+", 4877),
    ];
    for (name, every) in sets {
        let Some(text) = common::shared_puzzles(name) else {
            continue;
        };
        let (_, checked) = check_set(&text, every, Config::default());
        assert!(checked >= 10, "{name}: {checked} puzzles checked");
    }
}

#[test]
fn every_step_is_sound_with_chains_that_use_larger_set_logic() {
    let text = data("top95.txt");
    let some: String = text.lines().take(6).map(|l| format!("{l}\n")).collect();
    let config = Config::default().with_chain_k(2).with_chain_length(12);
    assert_eq!(check_set(&some, 1, config).1, 6);
}

/// The published solution stored in an f-puzzles file.
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

#[test]
fn every_step_is_sound_on_the_variants() {
    let dir = format!("{}/data/variants", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("data/variants")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 9, "{names:?}");
    let mut solved = 0;
    for name in &names {
        let json = data(&format!("variants/{name}"));
        let puzzle = FPuzzle::parse(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        let solution = published_solution(&json, puzzle.grid().shape());
        let explanation =
            explain_checked(puzzle.rules(), puzzle.grid(), &solution, Config::default());
        solved += usize::from(explanation.end == End::Solved);
    }
    // Windoku: givens and solution on one line.
    let line = data("variants/windoku-hyper.txt");
    let mut fields = line.split_whitespace();
    let puzzle: Grid = fields.next().expect("givens").parse().expect("a grid");
    let solution: Grid = fields.next().expect("a solution").parse().expect("a grid");
    let rules = Rules::classic(puzzle.shape())
        .with_windows()
        .expect("9x9 windows");
    let rules = Arc::new(rules);
    assert!(RuledGrid::new(&rules, &solution).expect("fits").is_solved());
    let explanation = explain_checked(&rules, &puzzle, &solution, Config::default());
    solved += usize::from(explanation.end == End::Solved);
    assert!(
        solved >= 5,
        "{solved} of {} variants solved",
        names.len() + 1
    );
}

/// The lines `id puzzle rating` of the rated sample, with ratings as
/// tenths.
fn rated_sample() -> Vec<(String, Grid, u32)> {
    data("se-rated-sample.txt")
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 3, "{line}");
            let tenths: f64 = fields[2].parse().expect("a rating");
            (
                fields[0].to_string(),
                fields[1].parse().expect("a puzzle"),
                (tenths * 10.0).round() as u32,
            )
        })
        .collect()
}

/// The target. Sudoku Explainer's techniques up to 3.8 (singles, locked
/// candidates, naked and hidden subsets, X-wing, swordfish) are all set
/// logic with `k <= 3`: every puzzle of the sample rated 3.8 or less, and
/// every puzzle of the bank's medium bucket (rated 1.5 to 2.3), is solved
/// by them alone. At 4.0 Sukaku Explainer, which rated the bank, also
/// counts its Turbot Fish (a skyscraper: an X-chain of four links), which
/// is set logic with a fin (`k = 2`, three cover items): with fins and
/// without chains, every puzzle rated 4.0 or less is solved.
#[test]
fn every_puzzle_rated_at_most_4_is_solved_without_guessing() {
    let mut puzzles: Vec<(String, Grid, u32)> = rated_sample()
        .into_iter()
        .filter(|&(_, _, tenths)| tenths <= 40)
        .collect();
    for line in data("se-medium-bucket.txt").lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        puzzles.push((
            fields[0].to_string(),
            fields[1].parse().expect("a puzzle"),
            23,
        ));
    }
    assert_eq!(puzzles.len(), 24 + 9 * 16 + 40);
    let mut finned = 0;
    for (id, puzzle, tenths) in &puzzles {
        let solution = puzzle.solution().expect("solvable");
        let rules = Rules::classic(puzzle.shape());
        let config = Config::default().with_chains(false);
        let explanation = explain_checked(&rules, puzzle, &solution, config);
        assert_eq!(explanation.end, End::Solved, "{id} {puzzle}");
        let summary = explanation.summary();
        let limit = if *tenths <= 38 {
            Rule::SetLogic { k: 3 }
        } else {
            Rule::Finned { k: 3 }
        };
        assert!(summary.hardest <= Some(limit), "{id}: {summary:?}");
        if summary.hardest > Some(Rule::SetLogic { k: 3 }) {
            finned += 1;
        }
    }
    assert!(finned > 0, "the sample's 4.0 puzzles include Turbot Fish");
}

/// A hint is the step `step` then applies, and explaining from the start
/// gives the same steps as taking hints one by one.
#[test]
fn hints_are_the_steps_of_the_explanation() {
    let puzzle: Grid = data("top95.txt").lines().nth(1).unwrap().parse().unwrap();
    let rules = Rules::classic(puzzle.shape());
    let problem = rules.problem();
    let start = |solver: &mut LogicSolver| {
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                solver.select(rules.option_of(cell, v as usize)).unwrap();
            }
        }
    };
    let mut explaining = LogicSolver::new(&problem);
    start(&mut explaining);
    let explanation = explaining.explain();
    let mut hinted = LogicSolver::new(&problem);
    start(&mut hinted);
    for step in &explanation.steps {
        let Next::Step(hint) = hinted.next_step() else {
            panic!("a hint")
        };
        assert_eq!(&hint, step);
        assert_eq!(
            hinted.next_step(),
            Next::Step(hint.clone()),
            "a hint changes nothing"
        );
        hinted.apply(&hint).expect("the hint applies");
        assert!(hinted.apply(&hint).is_err(), "a step applies once");
    }
    assert_eq!(hinted.next_step(), Next::End(explanation.end.clone()));
}

/// Givens that clash are refused, and a puzzle with no solution ends in a
/// contradiction, not in a solution.
#[test]
fn clashing_givens_and_unsolvable_puzzles() {
    let rules = Rules::classic(Shape::for_size(4).unwrap());
    let problem = rules.problem();
    let mut solver = LogicSolver::new(&problem);
    solver.select(rules.option_of(0, 1)).unwrap();
    assert!(
        solver.select(rules.option_of(1, 1)).is_err(),
        "two 1s in row 1"
    );
    // 1 2 | . .     The cell r1c3 can hold neither 1 nor 2 (its row's)
    // . . | . .     nor 3 nor 4 (its column's).
    // . . | 3 .
    // . . | 4 .
    let puzzle: Grid = "12........3...4.".parse().unwrap();
    let mut solver = LogicSolver::new(&problem);
    for (cell, &v) in puzzle.cells().iter().enumerate() {
        if v != 0 {
            solver.select(rules.option_of(cell, v as usize)).unwrap();
        }
    }
    let explanation = solver.explain();
    assert!(
        matches!(explanation.end, End::NoSolution(_)),
        "{:?}",
        explanation.end
    );
}

/// A deterministic generator for the random problems (SplitMix64).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// An option as its entries: items, each with a colour or none.
type Entries = Vec<(usize, Option<usize>)>;

/// A random problem: up to 6 primary and 3 secondary items, up to 10
/// options, colours on some secondary entries; each option as its entries.
fn random_problem(seed: u64) -> (Problem, Vec<Entries>) {
    let mut random = Random(seed);
    let primary = 1 + random.below(6) as usize;
    let secondary = random.below(4) as usize;
    let colours = random.below(3) as usize;
    let options = 1 + random.below(10) as usize;
    let mut problem = Problem::new();
    problem.add_primary_items(primary);
    problem.add_secondary_items(secondary);
    for c in 0..colours {
        problem.colour(&format!("c{c}")).unwrap();
    }
    let mut all = Vec::new();
    while all.len() < options {
        let mut entries = Vec::new();
        for item in 0..primary + secondary {
            if random.below(3) == 0 {
                let colour = if item >= primary && colours > 0 && random.below(2) == 0 {
                    Some(random.below(colours as u64) as usize)
                } else {
                    None
                };
                entries.push((item, colour));
            }
        }
        if entries.is_empty() {
            continue;
        }
        problem
            .add_coloured_option(entries.iter().copied())
            .unwrap();
        all.push(entries);
    }
    (problem, all)
}

/// Every solution of a small problem, by trying every set of options.
fn brute_force(problem: &Problem, options: &[Entries]) -> Vec<u32> {
    let items = problem.item_count();
    let mut found = Vec::new();
    'sets: for set in 0u32..1 << options.len() {
        let mut count = vec![0; items];
        let mut colour: Vec<Option<Option<usize>>> = vec![None; items];
        for (o, entries) in options.iter().enumerate() {
            if set >> o & 1 == 0 {
                continue;
            }
            for &(item, c) in entries {
                count[item] += 1;
                match colour[item] {
                    None => colour[item] = Some(c),
                    // Several options may share a secondary item only when
                    // all give it the same colour.
                    Some(seen) if seen == c && c.is_some() => {}
                    Some(_) => continue 'sets,
                }
            }
        }
        if (0..items).all(|i| !problem.is_primary(i) || count[i] == 1) {
            found.push(set);
        }
    }
    found
}

/// On random small problems, from a random start option, with every rule
/// and chains using set logic up to `k = 2`: no removed option is in a
/// solution that contains the chosen ones, every forced option is in all
/// of them, a solved end is a solution, and "no solution" is true.
#[test]
fn every_step_is_sound_on_random_problems_against_brute_force() {
    fn property(seed: u64, start: bool) -> TestResult {
        let (problem, options) = random_problem(seed);
        let config = Config::default().with_chain_k(2);
        let mut solver = LogicSolver::with_config(&problem, config);
        let mut solutions = brute_force(&problem, &options);
        if start {
            let first = (seed % options.len() as u64) as usize;
            solver.select(first).expect("nothing is chosen yet");
            solutions.retain(|s| s >> first & 1 == 1);
        }
        let explanation = solver.explain();
        for step in &explanation.steps {
            for &o in &step.removed {
                if solutions.iter().any(|s| s >> o & 1 == 1) {
                    return TestResult::error(format!("{step:?} removes {o} of a solution"));
                }
            }
            for &o in &step.forced {
                if solutions.iter().any(|s| s >> o & 1 == 0) {
                    return TestResult::error(format!("{step:?} forces {o}, not in all"));
                }
            }
        }
        match &explanation.end {
            End::Solved => {
                let set = solver.chosen().iter().fold(0u32, |s, &o| s | 1 << o);
                if !solutions.contains(&set) {
                    return TestResult::error(format!("solved to {set:b}, not a solution"));
                }
            }
            End::NoSolution(_) if !solutions.is_empty() => {
                return TestResult::error("no solution, but there is one");
            }
            _ => {}
        }
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(property as fn(u64, bool) -> TestResult);
}

/// A secondary item without colours may be a cover item (as an
/// anti-knight pair item of a Sudoku is); a coloured one may not.
#[test]
fn a_secondary_item_covers_when_it_has_no_colours() {
    // Items 0 and 1 are covered only by options with the secondary item x,
    // which one option at most may cover: item 0 (base) takes x (cover),
    // and item 1 is left with nothing.
    let mut problem = Problem::new();
    problem.add_primary_items(3);
    let x = problem.add_secondary("x").unwrap();
    for option in [&[0, x][..], &[0, x, 2], &[1, x], &[1, x, 2]] {
        problem.add_option(option.iter().copied()).unwrap();
    }
    let mut solver = LogicSolver::new(&problem);
    let Next::Step(step) = solver.step() else {
        panic!("a step")
    };
    assert_eq!(step.rule, Rule::SetLogic { k: 1 });
    assert_eq!(
        (step.base, step.cover, step.removed),
        (vec![0], vec![x], vec![2, 3])
    );
    assert_eq!(
        solver.next_step(),
        Next::End(End::NoSolution(Contradiction::Uncoverable { item: 1 }))
    );
    // With x coloured alike in every option, two options may share it:
    // no set logic on x, and a solution ({0, x:red}, {1, x:red, 2}).
    let mut problem = Problem::new();
    problem.add_primary_items(3);
    let x = problem.add_secondary("x").unwrap();
    let red = problem.colour("red").unwrap();
    for option in [&[0][..], &[0, 2], &[1], &[1, 2]] {
        let entries = option.iter().map(|&i| (i, None)).chain([(x, Some(red))]);
        problem.add_coloured_option(entries).unwrap();
    }
    let mut solver = LogicSolver::new(&problem);
    let explanation = solver.explain();
    assert!(
        explanation.steps.iter().all(|s| !s.cover.contains(&x)),
        "{explanation:?}"
    );
    assert!(!matches!(explanation.end, End::NoSolution(_)));
}

/// Figures for the report: puzzles per second on the shared sets, the
/// rules the rated sample needs by rating, and the rank correlation of
/// the hardest step with the published ratings. Run with `cargo test
/// --release --test it logic::figures -- --ignored --nocapture`.
#[test]
#[ignore = "figures for people, a minute in release mode"]
fn figures() {
    use std::time::Instant;
    for (name, every) in [
        ("top95.txt", 1),
        ("hardest.txt", 1),
        ("puzzles2_17_clue", 491),
        ("puzzles3_magictour_top1465", 14),
    ] {
        let Some(text) = common::shared_puzzles(name) else {
            continue;
        };
        let t = Instant::now();
        let (solved, checked) = check_set(&text, every, Config::default());
        let s = t.elapsed().as_secs_f64();
        let (nc, _) = {
            let t2 = Instant::now();
            let r = check_set(&text, every, Config::default().with_chains(false));
            eprintln!(
                "{name}: without chains {} of {} solved, {:.1} puzzles/s",
                r.0,
                r.1,
                r.1 as f64 / t2.elapsed().as_secs_f64()
            );
            r
        };
        eprintln!(
            "{name}: {checked} puzzles, {solved} solved with chains ({nc} without), {:.1} puzzles/s",
            checked as f64 / s
        );
    }
    let sample = rated_sample();
    let mut measures = Vec::new();
    let mut by_rating: std::collections::BTreeMap<u32, Vec<String>> = Default::default();
    let t = Instant::now();
    for (_, puzzle, tenths) in &sample {
        let solution = puzzle.solution().unwrap();
        let rules = Rules::classic(puzzle.shape());
        let explanation = explain_checked(&rules, puzzle, &solution, Config::default());
        let summary = explanation.summary();
        let measure = match (&summary.end, summary.hardest) {
            (End::Stuck { .. }, _) => 1000.0,
            (_, None) => 0.0,
            (_, Some(Rule::Single)) => 1.0,
            (_, Some(Rule::SetLogic { k })) => 1.0 + k as f64,
            (_, Some(Rule::Finned { k })) => 1.5 + k as f64,
            (_, Some(Rule::Chain { .. })) => {
                6.0 + *summary.chains.iter().max().unwrap() as f64 / 100.0
            }
            (_, Some(_)) => 100.0,
        };
        measures.push((measure, f64::from(*tenths)));
        let label = match (&summary.end, summary.hardest) {
            (End::Stuck { .. }, _) => "stuck".to_string(),
            (_, Some(Rule::Chain { .. })) => format!(
                "chains up to {}",
                summary.chains.iter().max().expect("a chain")
            ),
            (_, Some(r)) => r.to_string(),
            (_, None) => "none".to_string(),
        };
        by_rating.entry(*tenths).or_default().push(label);
    }
    eprintln!(
        "rated sample: {} puzzles, {:.1} puzzles/s",
        sample.len(),
        sample.len() as f64 / t.elapsed().as_secs_f64()
    );
    for (tenths, labels) in &by_rating {
        let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
        for l in labels {
            *counts.entry(l).or_default() += 1;
        }
        eprintln!("SE {:.1}: {counts:?}", f64::from(*tenths) / 10.0);
    }
    eprintln!("Spearman rho = {:.3}", spearman(&measures));
}

/// Spearman's rank correlation of the pairs, ties given their mean rank.
fn spearman(pairs: &[(f64, f64)]) -> f64 {
    fn ranks(values: Vec<f64>) -> Vec<f64> {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        let mut ranks = vec![0.0; values.len()];
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
                j += 1;
            }
            for &k in &order[i..=j] {
                ranks[k] = (i + j) as f64 / 2.0;
            }
            i = j + 1;
        }
        ranks
    }
    let a = ranks(pairs.iter().map(|p| p.0).collect());
    let b = ranks(pairs.iter().map(|p| p.1).collect());
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}
