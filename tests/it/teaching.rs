//! The teaching tools: the trace of the search and the SVG pictures.

use std::io;
use std::ops::ControlFlow;

use exactcover::teach::svg::{self, TooLarge};
use exactcover::teach::trace::{self, Io, Tracer};
use exactcover::teach::tree::SearchTree;
use exactcover::{Problem, Solver, knuth, problem::classic, sudoku};

/// Knuth's matrix from "Dancing Links" (2000).
fn toy() -> Problem {
    knuth::parse(include_str!("../../data/knuth-toy.dlx"))
        .expect("the toy matrix parses")
        .problem
}

#[test]
fn toy_trace_has_the_expected_structure() {
    let problem = toy();
    let text = trace::trace_problem(&problem, 1000);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Level 0: A(2) B(2) C(2) D(3) E(2) F(2) G(3) -> A");
    assert_eq!(lines[1], "try A D G (1 of 2)");
    // The solution is a block at the margin, its options one a line.
    assert!(
        text.contains("\n    try B G (1 of 1)\nsolution 1:\nA D\nC E F\nB G\n\n    backtrack\n"),
        "{text}"
    );
    // The search ends by backing up from level 0.
    assert_eq!(lines.last(), Some(&"backtrack"));
    assert!(!text.contains("cut"));
    // One "try" line per node of the search tree.
    let mut solver = Solver::new(&problem);
    solver.count(None).unwrap();
    let tries = lines
        .iter()
        .filter(|l| l.trim_start().starts_with("try "))
        .count();
    assert_eq!(tries as u64, solver.stats().nodes);
    // Every line of the search is indented by whole levels.
    for line in lines.iter().filter(|l| l.starts_with(' ')) {
        let indent = line.len() - line.trim_start().len();
        assert_eq!(indent % 2, 0, "{line:?}");
    }
}

#[test]
fn the_dead_end_is_reported() {
    let text = trace::trace_problem(&toy(), 1000);
    assert!(text.contains("\n    Level 2: E(0) -> E: dead end\n    backtrack\n"));
}

#[test]
fn the_line_bound_cuts_the_trace_and_says_so() {
    let queens = classic::queens(6);
    let text = trace::trace_problem(&queens, 10);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(
        lines[10],
        "... trace cut after 10 lines (the search goes on)"
    );

    // The search itself goes on to the end, and the counter keeps count.
    let mut solver = Solver::new(&queens);
    let mut tracer = Tracer::new(&queens, &queens, String::new()).with_max_lines(10);
    let mut found = 0;
    solver.visit_observed(&mut tracer, |_| {
        found += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(found, 4);
    assert_eq!(tracer.solutions(), 4);
    assert!(tracer.is_cut());
    assert_eq!(tracer.lines_written(), 10);
    let full = trace::trace_problem(&queens, u64::MAX);
    assert_eq!(tracer.lines_total(), full.lines().count() as u64);
    assert_eq!(tracer.finish().expect("a String never fails"), text);

    // No lines at all: only the line that says so.
    assert_eq!(
        trace::trace_problem(&queens, 0),
        "... trace cut after 0 lines (the search goes on)\n"
    );
}

#[test]
fn verbose_trace_uncovers_every_cover() {
    let problem = toy();
    let mut solver = Solver::new(&problem);
    let mut tracer = Tracer::new(&problem, &problem, String::new()).with_covers(true);
    solver.visit_observed(&mut tracer, |_| ControlFlow::Continue(()));
    let text = tracer.finish().expect("a String never fails");
    let covers = text
        .lines()
        .filter(|l| l.trim_start().starts_with("cover "))
        .count();
    let uncovers = text
        .lines()
        .filter(|l| l.trim_start().starts_with("uncover "))
        .count();
    assert!(covers > 0);
    assert_eq!(covers, uncovers);
    assert!(text.starts_with(
        "Level 0: A(2) B(2) C(2) D(3) E(2) F(2) G(3) -> A\ncover A: hides 3 nodes\n\
             try A D G (1 of 2)\ncover D: hides 2 nodes\ncover G: hides 1 node\n"
    ));
}

#[test]
fn io_sinks_and_their_errors() {
    let problem = toy();
    let mut solver = Solver::new(&problem);
    let mut tracer = Tracer::new(&problem, &problem, Io(Vec::new()));
    solver.visit_observed(&mut tracer, |_| ControlFlow::Continue(()));
    let bytes = tracer.finish().expect("a Vec never fails").0;
    assert_eq!(
        String::from_utf8(bytes).expect("UTF-8"),
        trace::trace_problem(&problem, u64::MAX)
    );

    /// A writer that accepts three writes and then fails.
    #[derive(Debug)]
    struct Failing(usize);
    impl io::Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.0 == 0 {
                return Err(io::Error::other("disk full"));
            }
            self.0 -= 1;
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut tracer = Tracer::new(&problem, &problem, Io(Failing(3)));
    let end = solver.visit_observed(&mut tracer, |_| ControlFlow::Continue(()));
    assert_eq!(end, exactcover::SearchEnd::Exhausted);
    assert_eq!(tracer.solutions(), 1);
    let err = tracer.finish().expect_err("the writer failed");
    assert_eq!(err.to_string(), "disk full");
}

#[test]
fn sudoku_traces_speak_sudoku() {
    let puzzle: sudoku::Grid = "1......2..4..3..".parse().expect("a 4x4 puzzle");
    let rules = sudoku::Rules::classic(puzzle.shape());
    let problem = rules.problem();
    let mut solver = Solver::new(&problem);
    for option in rules
        .given_options(&puzzle)
        .expect("the rules of its shape")
    {
        solver.select(option).expect("no conflict");
    }
    let mut tracer = Tracer::new(&problem, &rules, String::new());
    solver.visit_observed(&mut tracer, |_| ControlFlow::Continue(()));
    let text = tracer.finish().expect("a String never fails");
    // The givens are selected: the first choice sees only what is left.
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("Level 0: r1c2(2), r1c3(1), "), "{first}");
    assert!(first.ends_with(" -> r1c3"), "{first}");
    assert!(text.contains("\ntry r1c3=3 (1 of 1)\n"), "{text}");
    assert!(
        !text.contains("r13") && !text.contains("p13"),
        "one vocabulary: {text}"
    );
    assert_eq!(text.matches("solution ").count(), 1);
}

/// Checks that `svg` is well-formed XML as far as this crate writes it:
/// balanced tags, quoted attributes, escaped text. Returns the number of
/// elements.
fn check_well_formed(svg: &str) -> usize {
    let body = svg
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .expect("an XML declaration");
    let mut stack: Vec<&str> = Vec::new();
    let mut elements = 0;
    let mut rest = body;
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        check_text(text);
        let close = rest[open..].find('>').expect("every tag closes") + open;
        let tag = &rest[open + 1..close];
        assert!(!tag.contains('<'), "a '<' inside a tag: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "unbalanced </{name}>");
        } else {
            elements += 1;
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name = tag.split_whitespace().next().expect("a tag name");
            assert_eq!(tag.matches('"').count() % 2, 0, "unquoted attribute: {tag}");
            check_text(tag);
            if !self_closing {
                stack.push(name);
            }
        }
        rest = &rest[close + 1..];
    }
    check_text(rest);
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    assert!(rest.trim().is_empty());
    assert!(body.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""));
    elements
}

/// Every `&` starts one of the entities we write.
fn check_text(text: &str) {
    for (at, _) in text.match_indices('&') {
        let entity = &text[at..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                .iter()
                .any(|e| entity.starts_with(e)),
            "a bare '&': {text}"
        );
    }
}

#[test]
fn the_toy_matrix_is_drawn_with_its_solution() {
    let problem = toy();
    let solution = Solver::new(&problem)
        .solution()
        .expect("no budget")
        .expect("a solution");
    let picture = svg::matrix(&problem, &solution).expect("small enough");
    check_well_formed(&picture);
    assert_eq!(picture.matches("class=\"chosen\"").count(), 3);
    // Every item's header, and a node for every item of every option.
    assert_eq!(picture.matches("class=\"item primary\"").count(), 7);
    assert_eq!(picture.matches("class=\"node\"").count(), 16);
    for option in ["C E F", "A D", "B G"] {
        assert!(
            picture.contains(&format!(" font-weight=\"bold\">{option}</text>")),
            "{option} is not highlighted"
        );
    }
    assert!(picture.contains(">A D G</text>"));
    assert!(!picture.contains(" font-weight=\"bold\">A D G</text>"));
}

#[test]
fn secondary_items_are_drawn_apart() {
    let queens = classic::queens(4);
    let picture = svg::matrix(&queens, &[1, 7, 8, 14]).expect("small enough");
    check_well_formed(&picture);
    assert_eq!(picture.matches("class=\"item primary\"").count(), 8);
    assert_eq!(picture.matches("class=\"item secondary\"").count(), 14);
    assert_eq!(picture.matches("class=\"chosen\"").count(), 4);
}

#[test]
fn names_are_escaped() {
    let mut problem = Problem::new();
    for name in ["a&b", "<c>", "\"d\"", "e'"] {
        problem.add_primary(name).expect("a new name");
    }
    problem
        .add_named_option(["a&b", "<c>"])
        .expect("known names");
    problem
        .add_named_option(["\"d\"", "e'"])
        .expect("known names");
    let picture = svg::matrix(&problem, &[0, 1]).expect("small enough");
    check_well_formed(&picture);
    assert!(picture.contains(">a&amp;b &lt;c&gt;</text>"));
    let tree = svg::search_tree(&problem, 10).expect("small enough");
    check_well_formed(&tree);
    assert!(tree.contains("&quot;d&quot; e&#39;"));
}

#[test]
fn too_large_problems_are_refused() {
    let four = sudoku::Rules::classic(sudoku::Shape::for_size(4).expect("a size")).problem();
    let err = svg::matrix(&four, &[]).expect_err("64 items");
    assert_eq!(
        err,
        TooLarge::Matrix {
            items: 64,
            options: 64
        }
    );
    assert!(err.to_string().contains("64 items and 64 options"));

    // The limits themselves are drawn; one more is refused.
    let mut problem = Problem::new();
    problem.add_primary_items(svg::MAX_ITEMS);
    for k in 0..svg::MAX_OPTIONS {
        problem
            .add_option([k % svg::MAX_ITEMS, (k + 1) % svg::MAX_ITEMS])
            .expect("valid");
    }
    check_well_formed(&svg::matrix(&problem, &[0]).expect("at the limit"));
    let mut more_options = problem.clone();
    more_options.add_option([0]).expect("valid");
    assert_eq!(
        svg::matrix(&more_options, &[]),
        Err(TooLarge::Matrix {
            items: svg::MAX_ITEMS,
            options: svg::MAX_OPTIONS + 1
        })
    );
    let mut more_items = problem;
    more_items.add_secondary_items(1);
    assert!(svg::matrix(&more_items, &[]).is_err());

    // A tree larger than asked for.
    let eight = classic::queens(8);
    assert_eq!(
        svg::search_tree(&eight, 100),
        Err(TooLarge::Tree { max_nodes: 100 })
    );
}

#[test]
fn search_trees_have_one_node_per_option_tried() {
    let cases = [
        toy(),
        classic::queens(4),
        classic::queens(5),
        classic::langford(3),
        classic::langford(4),
    ];
    for problem in &cases {
        let mut solver = Solver::new(problem);
        let count = solver.count(None).unwrap();
        let stats = solver.stats();
        let tree = SearchTree::record(problem, 1000).expect("small enough");
        assert_eq!(tree.node_count() as u64, stats.nodes);
        assert_eq!(tree.solutions() as u64, count.solutions);
        let picture = tree.to_svg();
        check_well_formed(&picture);
        // The root and one box per option tried.
        assert_eq!(
            picture.matches("<g class=\"node").count() as u64,
            stats.nodes + 1
        );
        assert_eq!(
            picture.matches("class=\"node solution\"").count() as u64,
            count.solutions
        );
    }

    // The toy: 5 options tried, one solution, one dead end; exactly the
    // allowed number of nodes is not too many.
    let tree = SearchTree::record(&toy(), 5).expect("exactly 5 nodes");
    assert_eq!(
        (tree.node_count(), tree.solutions(), tree.dead_ends()),
        (5, 1, 1)
    );
    assert!(SearchTree::record(&toy(), 4).is_err());
}

#[test]
fn a_first_solution_tree_stops_at_the_first_solution() {
    // 8 queens: the whole tree holds 92 solutions; the search of `solve`
    // stops at the first, so its tree holds one, and fewer nodes.
    let queens = exactcover::problem::classic::queens(8);
    let all = exactcover::teach::tree::SearchTree::record(&queens, 100_000).unwrap();
    let first = exactcover::teach::tree::SearchTree::record_up_to(&queens, 100_000, 1).unwrap();
    assert_eq!(all.solutions(), 92);
    assert_eq!(first.solutions(), 1);
    assert!(first.node_count() < all.node_count());
    // Its nodes are the first nodes of the whole tree, in the same order.
    let first_options: Vec<_> = first.nodes().iter().map(|n| n.option).collect();
    let all_options: Vec<_> = all.nodes().iter().map(|n| n.option).collect();
    assert_eq!(first_options[..], all_options[..first_options.len()]);
}

#[test]
fn hostile_names_stay_text_in_the_page() {
    // "<!--<script>" would put an HTML parser into its "script data escaped"
    // states, where the recording's "</script>" no longer ends its element.
    let mut problem = Problem::new();
    for name in ["<!--<script>", "</script>", "a&b"] {
        problem.add_primary(name).expect("a new name");
    }
    for option in [
        &["<!--<script>", "</script>"][..],
        &["a&b"],
        &["<!--<script>"],
    ] {
        problem
            .add_named_option(option.iter().copied())
            .expect("known names");
    }
    let mut recorder = exactcover::teach::recording::Recorder::new(&problem);
    Solver::new(&problem).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
    let recording = recorder.finish().expect("a recording");
    let page = exactcover::teach::html::page(&recording, &problem, "<!--", None).expect("small");
    let start = page.find("id=\"recording\">").expect("the recording") + "id=\"recording\">".len();
    let end = start + page[start..].find("</script>").expect("its end");
    let data = &page[start..end];
    assert!(
        !data.contains(['<', '>', '&']),
        "markup in the embedded JSON: {data}"
    );
    // The JSON still reads back as the names.
    let value: serde_json::Value = serde_json::from_str(data).expect("JSON");
    assert!(value.to_string().contains("<!--<script>"), "{value}");
    assert!(page.contains("<title>&lt;!-- "));
}

#[test]
fn control_characters_in_names_are_shown_not_written() {
    // XML 1.0 allows no control character but tab and line ends, even as a
    // reference: a label that holds one (here from a closure) is drawn as
    // visible text.
    let problem = toy();
    let labels = exactcover::problem::FnLabels::new(
        |i: usize| format!("\u{1b}]0;x\u{7}{i}"),
        |o: usize| format!("o\u{0}{o}"),
    );
    let picture = svg::matrix_labelled(&problem, &labels, &[]).expect("small enough");
    check_well_formed(&picture);
    assert!(
        !picture.chars().any(|c| c.is_control() && c != '\n'),
        "a control character"
    );
    assert!(picture.contains("\\u{1b}]0;x\\u{7}0"));
}

/// The path of deductions the page and the trace show (issue 32's "logic"
/// mode), for two puzzles of top95 (the first, solved by singles and
/// pointing; the seventh, which needs forcing chains): step for step the
/// logic solver's own (a fresh `SudokuLogic::explain`), each option it
/// removes or rules out absent from the solution, each forced one in it,
/// the options ruled out never ruled out twice, and at the end exactly the
/// solution chosen. The page embeds the same path, the trace says every
/// step.
#[test]
fn the_logic_path_for_the_page_and_the_trace_is_the_solvers_own() {
    use exactcover::sudoku::{Grid, OptionMeaning, Rules, SudokuLogic, SudokuSolver};
    use std::collections::HashSet;

    let top95 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/top95.txt"))
        .expect("data/top95.txt");
    let lines: Vec<&str> = top95.lines().collect();
    for (number, line) in [(1, lines[0]), (7, lines[6])] {
        let puzzle: Grid = line.parse().expect("a puzzle");
        let solution = SudokuSolver::new()
            .solution(&puzzle)
            .expect("no budget")
            .expect("a solution");
        let rules = Rules::classic(puzzle.shape());
        let in_solution = |o: usize| match rules.option_meaning(o) {
            Some(OptionMeaning::Place { cell, value }) => {
                solution.get(cell / 9, cell % 9) == Some(value)
            }
            other => panic!("top95 #{number}: option {o} is {other:?}"),
        };
        let path = SudokuLogic::new(&puzzle).expect("no clash").deductions();
        let walk = SudokuLogic::new(&puzzle).expect("no clash").explain();
        assert_eq!(path.steps.len(), walk.steps.len(), "top95 #{number}");
        assert_eq!(path.end, walk.end.to_string());
        assert_eq!(path.end, "solved", "top95 #{number}");
        assert_eq!(path.chosen.len(), puzzle.given_count());
        let mut ruled_out: HashSet<usize> = path.gone.iter().copied().collect();
        let mut chosen: HashSet<usize> = path.chosen.iter().copied().collect();
        assert!(path.gone.iter().all(|&o| !in_solution(o)));
        let trace = path.trace(&rules);
        let mut chains = 0;
        for (i, (step, hint)) in path.steps.iter().zip(&walk.steps).enumerate() {
            let what = format!("top95 #{number} step {}", i + 1);
            assert_eq!(step.rule, hint.technique.name(), "{what}");
            assert_eq!(step.text, hint.to_string(), "{what}");
            assert_eq!(
                (&step.base, &step.cover, &step.removed, &step.forced),
                (
                    &hint.step.base,
                    &hint.step.cover,
                    &hint.step.removed,
                    &hint.step.forced
                ),
                "{what}"
            );
            assert!(
                !step.forced.is_empty() || !step.removed.is_empty(),
                "{what}"
            );
            for o in &step.removed {
                assert!(step.gone.contains(o), "{what}: removes {o} but keeps it");
            }
            for &o in &step.gone {
                assert!(!in_solution(o), "{what}: rules out {o}, of the solution");
                assert!(ruled_out.insert(o), "{what}: rules out {o} twice");
                assert!(!chosen.contains(&o), "{what}: rules out a chosen {o}");
            }
            for &o in &step.forced {
                assert!(in_solution(o), "{what}: forces {o}, not of the solution");
                assert!(chosen.insert(o), "{what}: forces {o} twice");
            }
            chains += usize::from(step.rule == "forcing chain");
            let block = format!("step {}: {}\n  {}\n", i + 1, step.rule, step.text);
            assert!(trace.contains(&block), "{what}: not in the trace: {block}");
        }
        assert!(trace.ends_with("end: solved\n"));
        assert_eq!(chosen.len(), 81, "top95 #{number}");
        assert!(chosen.iter().all(|&o| in_solution(o)));
        // Every option is chosen or ruled out at the end.
        assert_eq!(chosen.len() + ruled_out.len(), rules.option_count());
        if number == 1 {
            assert_eq!(chains, 0);
            assert!(path.steps.iter().any(|s| s.rule == "pointing"));
        } else {
            assert!(chains > 0, "top95 #{number} needs chains");
        }

        // The page embeds this path, by number.
        let page = sudoku::logic_page(&puzzle, 100_000).expect("a 9x9 page");
        let start = page.find("id=\"recording\">").expect("the data") + "id=\"recording\">".len();
        let end = start + page[start..].find("</script>").expect("its end");
        let data: serde_json::Value = serde_json::from_str(&page[start..end]).expect("JSON");
        assert_eq!(data["logic"], path.to_value(), "top95 #{number}");
    }
}

#[test]
fn a_logic_page_refuses_steps_outside_its_problem() {
    use exactcover::teach::deduction::{Deduction, Deductions};
    let problem = toy();
    let mut recorder = exactcover::teach::recording::Recorder::new(&problem);
    Solver::new(&problem).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
    let recording = recorder.finish().expect("a recording");
    let step = |base: usize, removed: usize| {
        let mut step = Deduction::new("set logic", "a step");
        step.base = vec![base];
        step.removed = vec![removed];
        step.gone = vec![removed];
        step
    };
    for (base, removed) in [(7, 0), (0, 6)] {
        let mut path = Deductions::new("stuck");
        path.steps.push(step(base, removed));
        let page = exactcover::teach::html::logic_page(&recording, &path, &problem, "toy", None);
        assert!(
            matches!(page, Err(exactcover::teach::html::PageError::BadLogic(_))),
            "{page:?}"
        );
    }
}
