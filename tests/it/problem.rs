//! Building problems from names: items inferred from options, colours
//! written `x:A` in code, names that could harm a terminal refused.

use exactcover::{Problem, ProblemError, Solver, knuth};

#[test]
fn items_are_inferred_in_the_order_they_are_first_named() {
    let problem = Problem::from_options([&["b", "a"][..], &["c"], &["a", "x:red"]]).unwrap();
    let names: Vec<_> = (0..problem.item_count())
        .map(|i| problem.item_label(i))
        .collect();
    assert_eq!(names, ["b", "a", "c", "x"]);
    assert_eq!(problem.primary_count(), 3, "x is coloured, so secondary");
    assert_eq!(problem.option_label(2), "a x:red");
    // Declared secondary, named or not.
    let problem =
        Problem::from_options_with_secondary([["a", "y"], ["a", "z"]], ["z", "w"]).unwrap();
    let kinds: Vec<_> = (0..problem.item_count())
        .map(|i| (problem.item_label(i), problem.is_primary(i)))
        .collect();
    assert_eq!(
        kinds,
        [
            ("a".to_string(), true),
            ("y".to_string(), true),
            ("z".to_string(), false),
            ("w".to_string(), false)
        ]
    );
}

#[test]
fn knuths_colour_example_in_code_counts_as_in_his_format() {
    // TAOCP 7.2.2.1's example with colours (data/xcc-toy.dlx): one solution.
    let options = [
        &["p", "q", "x", "y:A"][..],
        &["p", "r", "x:A", "y"],
        &["p", "x:B"],
        &["q", "x:A"],
        &["r", "y:B"],
    ];
    let problem = Problem::from_options_with_secondary(options, ["x", "y"]).unwrap();
    let text = std::fs::read_to_string("data/xcc-toy.dlx").unwrap();
    let read = knuth::parse(&text).unwrap().problem;
    let mut ours = Solver::new(&problem);
    let mut theirs = Solver::new(&read);
    assert_eq!(ours.count(None).unwrap().solutions, 1);
    let label = |p: &Problem, s: Vec<usize>| -> Vec<String> {
        s.into_iter().map(|o| p.option_label(o)).collect()
    };
    assert_eq!(
        label(&problem, ours.solution().unwrap().unwrap()),
        label(&read, theirs.solution().unwrap().unwrap())
    );
}

#[test]
fn a_refused_named_option_leaves_the_problem_as_it_was() {
    let mut problem = Problem::new();
    problem.add_primary("p").unwrap();
    problem.add_secondary("x").unwrap();
    for bad in [&["p", "x:new", "p"][..], &["p:red"], &["x:"], &["q"]] {
        let before = (problem.option_count(), problem.colour_count());
        assert!(problem.add_named_option(bad).is_err(), "{bad:?}");
        assert_eq!(
            (problem.option_count(), problem.colour_count()),
            before,
            "{bad:?}"
        );
    }
    assert!(matches!(
        problem.add_named_option(["p:red"]),
        Err(ProblemError::ColourOnPrimary { .. })
    ));
}

#[test]
fn names_with_control_characters_are_refused_and_never_echoed_raw() {
    let hostile = "\u{1b}]0;PWNED\u{7}\u{1b}[2J";
    let mut problem = Problem::new();
    let err = problem.add_primary(hostile).unwrap_err();
    assert!(matches!(err, ProblemError::UnprintableName { .. }));
    assert!(!err.to_string().contains('\u{1b}'), "{err}");
    assert!(problem.colour("a\u{0}b").is_err());
    // An unknown name is echoed in the message, made visible.
    problem.add_primary("a").unwrap();
    let err = problem.add_named_option(["a", hostile]).unwrap_err();
    let message = err.to_string();
    assert!(!message.chars().any(char::is_control), "{message:?}");
    assert!(message.contains("\\u{1b}]0;PWNED\\u{7}"), "{message}");
    // Knuth's format refuses such a name where it stands.
    let err = knuth::parse(&format!("A {hostile}\nA\n")).unwrap_err();
    assert_eq!((err.line, err.column), (Some(0), Some(2)));
    let message = err.to_string();
    assert!(!message.chars().any(char::is_control), "{message:?}");
    assert!(message.contains("control characters"), "{message}");
    let err = knuth::parse(&format!("A\nA {hostile}\n")).unwrap_err();
    assert!(!err.to_string().chars().any(char::is_control), "{err}");
}
