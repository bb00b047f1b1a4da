//! Multiplicities (Algorithm M, Knuth's DLX3) and the sharp preference
//! (DLX2-SHARP, DLX3-SHARP): every solution of small random problems with
//! bounds and colours against a brute force, the split and the residuals
//! against the whole count, Knuth's programs as oracles (counts, the search
//! tree's nodes and updates, the first solution), and the published
//! tetromino counts.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use exactcover::problem::classic;
use exactcover::scale::Counter;
use exactcover::{Problem, SearchEnd, Solver, knuth};
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// A small random problem with bounds, colours (one-letter colours, as
/// Knuth's programs take them) and perhaps sharp items: up to 5 primary
/// items with bounds `[a, b]`, `b <= 3`, up to 3 secondary items, up to
/// 12 options. Names are Knuth's: at most eight characters.
#[derive(Clone, Debug)]
struct Bounded(Problem);

impl Arbitrary for Bounded {
    fn arbitrary(g: &mut Gen) -> Bounded {
        let mut p = Problem::new();
        let primaries = 1 + usize::arbitrary(g) % 5;
        let secondaries = usize::arbitrary(g) % 4;
        let sharp = bool::arbitrary(g);
        for k in 0..primaries {
            let name = if sharp && bool::arbitrary(g) {
                format!("#p{k}")
            } else {
                format!("p{k}")
            };
            let item = p.add_primary(&name).unwrap();
            if u8::arbitrary(g) % 3 != 0 {
                let upper = 1 + u32::arbitrary(g) % 3;
                let lower = u32::arbitrary(g) % (upper + 1);
                p.set_bounds(item, lower, upper).unwrap();
            }
        }
        for k in 0..secondaries {
            p.add_secondary(&format!("s{k}")).unwrap();
        }
        let colours = [p.colour("r").unwrap(), p.colour("b").unwrap()];
        let coloured = bool::arbitrary(g);
        for _ in 0..usize::arbitrary(g) % 13 {
            let mut entries = Vec::new();
            for i in 0..primaries + secondaries {
                if u8::arbitrary(g) % 3 != 0 {
                    continue;
                }
                let colour = match u8::arbitrary(g) % 3 {
                    _ if i < primaries || !coloured => None,
                    0 => None,
                    k => Some(colours[k as usize - 1]),
                };
                entries.push((i, colour));
            }
            if entries.is_empty() {
                entries.push((usize::arbitrary(g) % primaries, None));
            }
            p.add_coloured_option(entries).unwrap();
        }
        Bounded(p)
    }
}

/// Whether `chosen` is a solution of `problem`: every primary item covered
/// within its bounds, every secondary item at most once or by options that
/// all give it one colour.
fn is_solution(problem: &Problem, chosen: &[usize]) -> bool {
    let mut used = vec![0u32; problem.item_count()];
    let mut colour: Vec<Option<Option<usize>>> = vec![None; problem.item_count()];
    for &o in chosen {
        let colours = problem.option_colours(o).unwrap();
        for (&i, c) in problem.option(o).unwrap().iter().zip(colours) {
            used[i] += 1;
            match colour[i] {
                None => colour[i] = Some(c),
                Some(before) if before.is_some() && before == c => {}
                Some(_) if problem.is_primary(i) => {}
                Some(_) => return false,
            }
        }
    }
    (0..problem.item_count()).all(|i| match problem.bounds(i) {
        Some((a, b)) => (a..=b).contains(&used[i]),
        None => true,
    })
}

/// Every solution, by trying every set of options that have a primary
/// item (the search never chooses the others), each sorted.
fn brute_force(problem: &Problem) -> BTreeSet<Vec<usize>> {
    let free: Vec<usize> = (0..problem.option_count())
        .filter(|&o| !problem.is_secondary_only(o))
        .collect();
    (0u32..1 << free.len())
        .map(|set| {
            (0..free.len())
                .filter(|&k| set >> k & 1 == 1)
                .map(|k| free[k])
                .collect::<Vec<usize>>()
        })
        .filter(|chosen| is_solution(problem, chosen))
        .collect()
}

/// Every solution the solver finds, each sorted; panics on one found twice.
fn found(solver: &mut Solver) -> BTreeSet<Vec<usize>> {
    let mut all = BTreeSet::new();
    let end = solver.visit(|options| {
        let mut sorted = options.to_vec();
        sorted.sort_unstable();
        assert!(all.insert(sorted), "{options:?} found twice");
        ControlFlow::Continue(())
    });
    assert_eq!(end, SearchEnd::Exhausted);
    all
}

fn random_problems_solve_as_the_brute_force(Bounded(problem): Bounded) -> bool {
    let brute = brute_force(&problem);
    let mut solver = Solver::new(&problem);
    let all = found(&mut solver);
    assert_eq!(all, brute, "{problem:?}");
    assert_eq!(
        solver
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions,
        brute.len() as u64
    );
    // Ties broken at random: the same solutions.
    solver.set_tiebreak(Some(brute.len() as u64 + 7));
    assert_eq!(found(&mut solver), brute);
    true
}

#[test]
fn multiplicities_find_every_solution_once() {
    QuickCheck::new()
        .tests(400)
        .quickcheck(random_problems_solve_as_the_brute_force as fn(Bounded) -> bool);
}

/// Counting in parts of splits of every size, on threads, and through
/// the residuals written in Knuth's format and read back: the whole count.
fn splits_add_up(Bounded(problem): Bounded) -> bool {
    let whole = brute_force(&problem).len() as u64;
    let mut solver = Solver::new(&problem);
    for at_least in [1, 2, 5, 40] {
        let subs = solver.split(at_least, 1 << 12);
        let mut total = 0;
        for sub in &subs {
            solver.clear_selection();
            solver.select_path(sub).unwrap();
            total += solver
                .count(None)
                .unwrap_or_else(exactcover::Count::from)
                .solutions;
            // The same subproblem, as a problem of its own.
            let rest = sub.residual(&problem, &[]).expect("memory");
            let mut text = Vec::new();
            knuth::write(&rest, &[], &mut text).unwrap();
            let again = knuth::read(&text[..]).unwrap().problem;
            let alone = Solver::new(&again)
                .count(None)
                .unwrap_or_else(exactcover::Count::from)
                .solutions;
            assert_eq!(
                alone,
                solver
                    .count(None)
                    .unwrap_or_else(exactcover::Count::from)
                    .solutions,
                "{sub}: {}",
                String::from_utf8_lossy(&text)
            );
            // A path reads back as it was written.
            assert_eq!(
                sub.to_string()
                    .parse::<exactcover::scale::Subproblem>()
                    .as_ref(),
                Ok(sub)
            );
        }
        solver.clear_selection();
        assert_eq!(total, whole, "{problem:?}, {at_least}: {subs:?}");
        let counted = Counter::new(&problem)
            .with_threads(2)
            .with_min_subproblems(at_least)
            .count();
        assert_eq!(counted.count.solutions, whole);
    }
    true
}

#[test]
fn splits_of_problems_with_bounds_add_up() {
    QuickCheck::new()
        .tests(200)
        .quickcheck(splits_add_up as fn(Bounded) -> bool);
}

#[test]
fn the_published_tetromino_counts() {
    // TAOCP 7.2.2.1: two copies of each of the five tetrominoes tile a 5x8
    // box in 3,106 ways and a 4x10 box in 1,796; numbering the copies
    // counts each tiling 2!^5 = 32 times.
    for (rows, cols, tilings) in [(5, 8, 3_106), (4, 10, 1_796)] {
        let mult = classic::tetrominoes(rows, cols, 2);
        assert_eq!(
            Solver::new(&mult)
                .count(None)
                .unwrap_or_else(exactcover::Count::from)
                .solutions,
            tilings
        );
        let copies = classic::tetromino_copies(rows, cols, 2);
        let numbered = Solver::new(&copies)
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions;
        assert_eq!(numbered, tilings * 32, "{rows}x{cols}");
        // Counted in parts on threads, too.
        let counted = Counter::new(&mult)
            .with_threads(2)
            .with_min_subproblems(50)
            .count();
        assert_eq!(counted.count.solutions, tilings);
    }
}

#[test]
fn knuths_example_of_dlx3() {
    // DLX3's documentation: the unique solution is `A C X:1 Y:1`, `B X:1`,
    // `C Y:1`.
    let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\n\
                A C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let read = knuth::parse(text).unwrap();
    let problem = &read.problem;
    assert_eq!(problem.bounds(2), Some((2, 3)));
    let mut solver = Solver::new(problem);
    let all: Vec<Vec<String>> = solver
        .solutions()
        .map(|s| s.iter().map(|&o| problem.option_label(o)).collect())
        .collect();
    assert_eq!(all, [["A C X:1 Y:1", "B X:1", "C Y:1"]]);
    // DLX3 reports 6 nodes (the root and five tries, the last the null
    // choice of C) and 14 updates.
    let stats = solver.stats();
    assert_eq!((stats.nodes + 1, stats.updates), (6, 14));
}

#[test]
fn bounds_are_checked() {
    use exactcover::ProblemError;
    let mut problem = Problem::new();
    let a = problem.add_primary("a").unwrap();
    let x = problem.add_secondary("x").unwrap();
    assert!(matches!(
        problem.set_bounds(a, 0, 0),
        Err(ProblemError::ZeroUpperBound { .. })
    ));
    assert!(matches!(
        problem.set_bounds(a, 3, 2),
        Err(ProblemError::LowerAboveUpper {
            lower: 3,
            upper: 2,
            ..
        })
    ));
    assert!(matches!(
        problem.set_bounds(x, 1, 2),
        Err(ProblemError::BoundsOnSecondary { .. })
    ));
    assert!(matches!(
        problem.set_bounds(9, 1, 2),
        Err(ProblemError::BoundsOnUnknownItem { item: 9 })
    ));
    assert_eq!(problem.bounds(a), Some((1, 1)));
    assert!(!problem.has_bounds());
    // The reader says where.
    for (text, column) in [
        ("A 0|B\nA\n", 2),
        ("A 3:2|B\nA\n", 2),
        ("A | 2|x\nA\n", 4),
        ("A 1:x|B\nA\n", 2),
    ] {
        let err = knuth::parse(text).unwrap_err();
        assert_eq!(
            (err.line, err.column),
            (Some(0), Some(column)),
            "{text:?}: {err}"
        );
    }
    let written = {
        let read = knuth::parse("2|A 0:3|B C | x\nA B x\nA C\n").unwrap();
        let mut text = Vec::new();
        knuth::write(&read.problem, &[], &mut text).unwrap();
        String::from_utf8(text).unwrap()
    };
    assert_eq!(written, "2|A 0:3|B C | x\nA B x\nA C\n");
}

#[test]
fn selections_with_bounds() {
    // A piece that must be placed twice: selecting one placement leaves
    // the piece open for one more; selecting a placement twice conflicts.
    let mut problem = Problem::new();
    let piece = problem.add_primary("piece").unwrap();
    problem.set_bounds(piece, 2, 2).unwrap();
    for _ in 0..4 {
        problem.add_option([piece]).unwrap();
    }
    let mut solver = Solver::new(&problem);
    assert_eq!(
        solver
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions,
        6
    );
    solver.select(1).unwrap();
    assert_eq!(
        solver
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions,
        3
    );
    assert!(solver.select(1).is_err());
    solver.clear_selection();
    solver.select(1).unwrap();
    assert_eq!(solver.exclude(2), Ok(true));
    assert_eq!(
        solver.exclude(1),
        Ok(false),
        "a chosen option is not ruled out"
    );
    assert_eq!(
        solver
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions,
        2
    );
    let solutions: Vec<Vec<usize>> = solver.solutions().collect();
    assert_eq!(solutions, [vec![1, 0], vec![1, 3]]);
    solver.unselect_last();
    assert_eq!(
        solver
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions,
        3
    );
    solver.clear_selection();
    assert_eq!(
        solver
            .count(None)
            .unwrap_or_else(exactcover::Count::from)
            .solutions,
        6
    );
}

/// What one of Knuth's programs reports on a problem: the count, the nodes
/// of its search tree (the root included), the updates, and the first
/// solution (each option as its sorted words; null choices left out).
#[derive(Debug, PartialEq, Eq)]
struct KnuthRun {
    count: u64,
    nodes: u64,
    updates: u64,
    first: Vec<Vec<String>>,
}

/// Runs Knuth's `program` on `problem` (`None` without `../shared`).
fn knuth_run(program: &str, problem: &Problem) -> Option<KnuthRun> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let path = crate::common::knuth_program(program)?;
    let mut text = Vec::new();
    knuth::write(problem, &[], &mut text).unwrap();
    // `m1`: print the solutions (the first is all we read).
    let mut child = Command::new(path)
        .arg("m1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let last = err.lines().find(|l| l.starts_with("Altogether ")).unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    let before = |word: &str| -> u64 {
        let at = words.iter().position(|w| w.starts_with(word)).unwrap();
        words[at - 1].parse().unwrap()
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let first = stdout
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .filter(|l| !l.starts_with(" null "))
        .map(|l| {
            // " A B x:r (1 of 3)": the words before the parenthesis.
            let mut option: Vec<String> = l
                .split(" (")
                .next()
                .unwrap()
                .split_whitespace()
                .map(str::to_string)
                .collect();
            option.sort();
            option
        })
        .collect();
    Some(KnuthRun {
        count: words[1].parse().unwrap(),
        nodes: before("nodes"),
        updates: before("updates"),
        first,
    })
}

/// Our run of `problem`, as `knuth_run` reports Knuth's (the nodes with
/// the root; the updates only where they are DLX3's).
fn our_run(problem: &Problem) -> KnuthRun {
    let mut solver = Solver::new(problem);
    let first = solver.solution().unwrap().unwrap_or_default();
    let first = first
        .iter()
        .map(|&o| {
            let mut words: Vec<String> = problem
                .option_label(o)
                .split(' ')
                .map(str::to_string)
                .collect();
            words.sort();
            words
        })
        .collect();
    let count = solver
        .count(None)
        .unwrap_or_else(exactcover::Count::from)
        .solutions;
    let stats = solver.stats();
    KnuthRun {
        count,
        nodes: stats.nodes + 1,
        updates: stats.updates,
        first,
    }
}

/// Algorithm M against DLX3 (and DLX3-SHARP with sharp items): the same
/// count, the same search tree (its nodes and updates) and the same first
/// solution. Without bounds the engine runs Algorithm X or C: those are
/// compared with DLX2 (or DLX2-SHARP), updates included. Knuth's programs drop the options
/// without a primary item, which the engine keeps in their items' lists
/// (it never chooses them, but hides them when it covers those items):
/// the updates are compared only when there are none.
fn agrees_with_knuth(Bounded(problem): Bounded) -> bool {
    let sharp = problem.has_sharp_preference();
    let program = match (problem.has_bounds(), sharp) {
        (true, false) => "dlx3",
        (true, true) => "dlx3-sharp",
        (false, false) => "dlx2",
        (false, true) => "dlx2-sharp",
    };
    let Some(mut theirs) = knuth_run(program, &problem) else {
        return true;
    };
    let mut ours = our_run(&problem);
    let secondary_only = (0..problem.option_count()).any(|o| problem.is_secondary_only(o));
    if secondary_only {
        (ours.updates, theirs.updates) = (0, 0);
    }
    assert_eq!(ours, theirs, "{program}: {problem:?}");
    true
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn the_engine_searches_as_dlx3_and_the_sharp_programs() {
    QuickCheck::new()
        .tests(300)
        .quickcheck(agrees_with_knuth as fn(Bounded) -> bool);
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn the_tetrominoes_as_dlx3_searches_them() {
    let problem = classic::tetrominoes(4, 10, 2);
    let Some(theirs) = knuth_run("dlx3", &problem) else {
        return;
    };
    assert_eq!(our_run(&problem), theirs);
    // With the pieces sharp, as DLX3-SHARP: pieces first.
    let text = {
        let mut text = Vec::new();
        knuth::write(&problem, &[], &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let (items, options) = text.split_once('\n').unwrap();
        let mut items = items.to_string();
        let mut options = options.to_string();
        for piece in ["I", "O", "T", "L", "S"] {
            items = items.replacen(&format!("2|{piece} "), &format!("2|#{piece} "), 1);
            options = options
                .lines()
                .map(|l| match l.strip_prefix(&format!("{piece} ")) {
                    Some(rest) => format!("#{piece} {rest}\n"),
                    None => format!("{l}\n"),
                })
                .collect();
        }
        format!("{items}\n{options}")
    };
    let sharp = knuth::parse(&text).unwrap().problem;
    assert!(sharp.has_sharp_preference());
    let theirs = knuth_run("dlx3-sharp", &sharp).unwrap();
    assert_eq!(our_run(&sharp), theirs);
}

/// The teaching layer on problems with bounds (which the command line
/// refuses to draw) and with the sharp preference: nothing panics, and a
/// recording of a search without bounds agrees with the engine, whatever
/// its branching rule.
fn teaching_copes(Bounded(problem): Bounded) -> bool {
    use exactcover::teach::recording::Recorder;
    use exactcover::teach::svg;
    use exactcover::teach::trace::Tracer;
    let _ = svg::search_tree(&problem, 200);
    let _ = svg::matrix(&problem, &[0]);
    let mut recorder = Recorder::new(&problem);
    Solver::new(&problem).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
    let recorded = recorder.finish();
    if !problem.has_bounds() {
        assert!(recorded.is_ok(), "{recorded:?}");
    }
    let mut text = String::new();
    let mut tracer = Tracer::new(&problem, &problem, &mut text);
    Solver::new(&problem).visit_observed(&mut tracer, |_| ControlFlow::Continue(()));
    tracer.finish().is_ok()
}

#[test]
fn teaching_copes_with_bounds_and_sharp_items() {
    QuickCheck::new()
        .tests(300)
        .quickcheck(teaching_copes as fn(Bounded) -> bool);
}

/// Algorithm Z and DLX5 cover each item once: a problem with bounds is
/// refused by the memo count, the ZDD, the cheapest solutions and a memo
/// count in parts, never counted as if its bounds were [1, 1].
#[test]
fn memo_and_costs_refuse_multiplicities() {
    use exactcover::engine::{Memo, MemoError};
    use exactcover::scale::{CountError, Counter};
    let problem = exactcover::problem::classic::tetrominoes(4, 10, 2);
    let mut solver = Solver::new(&problem);
    let memo = Memo::new();
    assert!(matches!(
        solver.count_memo(None, &memo),
        Err(MemoError::WithBounds)
    ));
    assert!(matches!(solver.zdd(&memo), Err(MemoError::WithBounds)));
    assert!(matches!(
        solver.cheapest(1),
        Err(exactcover::CostError::WithBounds)
    ));
    assert!(matches!(
        Counter::new(&problem).try_count_memo(&memo),
        Err(CountError::MemoWithBounds)
    ));
    // The plain count is still Algorithm M's.
    assert_eq!(solver.count(None).unwrap().solutions, 1_796);
}

/// The sharp preference changes the order of the search, not what a memo
/// count or the cheapest solution is.
#[test]
fn sharp_items_count_the_same_with_the_memo() {
    use exactcover::engine::Memo;
    let text = "#a b c #d\n#a b\nc #d\n#a c\nb #d\n#a #d\nb c\n";
    let problem = exactcover::knuth::parse(text).unwrap().problem;
    let mut solver = Solver::new(&problem);
    let plain = solver.count(None).unwrap().solutions;
    assert_eq!(plain, 3);
    let memo = solver.count_memo(None, &Memo::new()).unwrap();
    assert_eq!(memo.solutions, u128::from(plain));
    let cheapest = solver.cheapest(5).unwrap();
    assert_eq!(cheapest.solutions.len(), 3);
}
