//! The replies' text, messages and statuses, on small problems whose
//! answers are known (Knuth's toy problems of `data/`, the 92 solutions of
//! 8 queens).

use std::path::PathBuf;

use super::*;
use exactcover::engine::Memo;
use exactcover::knuth;
use exactcover::problem::classic::queens;
use exactcover::scale::Part;

/// Knuth's toy problem of "Dancing Links" (2000): one solution.
const TOY: &str = include_str!("../../../data/knuth-toy.dlx");

/// Knuth's toy problem with colours, TAOCP 7.2.2.1: one solution.
const XCC: &str = include_str!("../../../data/xcc-toy.dlx");

/// Options with costs: {c a} + {b} costs 4, {a b} + {c} 6, {a} + {b} +
/// {c} 7, {a} + {b c} 8.
const PRICED: &str = "| cover a b c\na b c\na |1\nb |2\nc |4\na b |2\nb c |7\nc a |1 |1\n";

/// Item A must be covered once or twice: multiplicities (Algorithm M).
const BOUNDED: &str = "1:2|A B\nA\nA B\nB\n";

fn problem(text: &str) -> Problem {
    knuth::parse(text)
        .expect("a problem in Knuth's format")
        .problem
}

fn answer(request: &Request, problem: &Problem) -> (Status, Transcript) {
    let mut host = Transcript::default();
    let status = cover(request, "p", problem, &mut host).expect("a transcript takes every line");
    (status, host)
}

fn counting() -> Request {
    Request {
        count: true,
        ..Request::new()
    }
}

/// A folder of its own under the temporary folder, empty.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("exactcover-reply-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_solutions_are_listed_as_the_inputs_options() {
    let (status, host) = answer(&Request::new(), &problem(XCC));
    assert_eq!(status, Status::Answered);
    assert_eq!(host.output, "q x:A\np r x:A y\n\n");
    assert!(host.messages.is_empty(), "{:?}", host.messages);
}

#[test]
fn a_preprocessed_problem_is_listed_in_the_inputs_options() {
    // {a b} is in no solution: the reduced problem has two options, and its
    // option 0 is the input's option 1.
    let input = problem("a b c\na b\nb c\na\n");
    let request = Request {
        preprocess: true,
        stats: true,
        ..Request::new()
    };
    let (status, host) = answer(&request, &input);
    assert_eq!(status, Status::Answered);
    assert_eq!(host.output, "a\nb c\n\n");
    assert!(host.messages[0].starts_with("p: preprocessing 1 of 3 options"));
    assert!(host.messages[1].starts_with("solutions: 1\nnodes: "));
}

#[test]
fn a_count_says_its_limit_and_its_interruption() {
    let eight = queens(8);
    let (status, host) = answer(&counting(), &eight);
    assert_eq!((status, host.output.as_str()), (Status::Answered, "92\n"));
    let limited = Request {
        limit: Some(10),
        ..counting()
    };
    let (status, host) = answer(&limited, &eight);
    assert_eq!((status, host.output.as_str()), (Status::Answered, "10+\n"));
    let stopped = Request {
        budget: Budget::new().with_max_nodes(1),
        ..counting()
    };
    let (status, host) = answer(&stopped, &eight);
    assert_eq!((status, host.output.as_str()), (Status::Failed, "0?\n"));
    assert_eq!(
        host.messages,
        ["p: search stopped (node limit reached) after 1 nodes and 0 solutions"]
    );
}

#[test]
fn no_solution_is_said() {
    let none = problem("a b\na\n");
    let (status, host) = answer(&Request::new(), &none);
    assert_eq!((status, host.output.as_str()), (Status::Answered, ""));
    assert_eq!(host.messages, ["p: no solution"]);
}

#[test]
fn best_lists_the_cheapest_solutions_with_their_costs() {
    let request = Request {
        best: Some(2),
        stats: true,
        ..Request::new()
    };
    let (status, host) = answer(&request, &problem(PRICED));
    assert_eq!(status, Status::Answered);
    assert_eq!(host.output, "c a\nb\ncost 4\n\na b\nc\ncost 6\n\n");
    assert!(host.messages[0].starts_with("solutions: 2\nnodes: "));
    let stopped = Request {
        best: Some(1),
        budget: Budget::new().with_max_nodes(1),
        ..Request::new()
    };
    let (status, host) = answer(&stopped, &problem(PRICED));
    assert_eq!((status, host.output.as_str()), (Status::Failed, ""));
    assert_eq!(
        host.messages,
        [
            "p: search stopped (node limit reached) after 1 nodes: the 0 cheapest solutions found by then"
        ]
    );
}

#[test]
fn a_memo_count_and_its_zdd() {
    let eight = queens(8);
    let memo = Request {
        memo: Some(Memo::new()),
        ..counting()
    };
    let (status, host) = answer(&memo, &eight);
    assert_eq!((status, host.output.as_str()), (Status::Answered, "92\n"));
    let dir = folder("zdd");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("queens.zdd");
    let zdd = Request {
        zdd: Some(path.clone()),
        ..memo.clone()
    };
    let (status, host) = answer(&zdd, &eight);
    assert_eq!((status, host.output.as_str()), (Status::Answered, "92\n"));
    assert!(!std::fs::read_to_string(&path).unwrap().is_empty());
    let unwritable = Request {
        zdd: Some(dir.join("no folder").join("queens.zdd")),
        ..memo.clone()
    };
    let (status, host) = answer(&unwritable, &eight);
    assert_eq!((status, host.output.as_str()), (Status::Failed, ""));
    assert!(host.messages[0].contains("queens.zdd: cannot write: "));
    std::fs::remove_dir_all(&dir).unwrap();
    // Algorithm Z covers each item once: multiplicities are refused.
    let (status, host) = answer(&memo, &problem(BOUNDED));
    assert_eq!(status, Status::Refused);
    assert_eq!(
        host.messages,
        [
            "p: a problem with multiplicities (items with bounds) is not counted by Algorithm Z: count it without the memo"
        ]
    );
}

#[test]
fn requests_that_do_not_go_together_are_refused_in_the_command_lines_words() {
    let toy = problem(TOY);
    let (status, host) = answer(
        &Request {
            jobs: 2,
            ..Request::new()
        },
        &toy,
    );
    assert_eq!((status, host.output.as_str()), (Status::Refused, ""));
    assert_eq!(host.messages, ["p: --jobs goes with --count"]);
    let cases = [
        (
            Request {
                zdd: Some("z".into()),
                ..counting()
            },
            "--zdd goes with --memo",
        ),
        (
            Request {
                max_memory: Some(1 << 30),
                ..counting()
            },
            "--max-memory caps the threads of --jobs, --part or --split",
        ),
        (
            Request {
                best: Some(1),
                limit: Some(3),
                ..Request::new()
            },
            "--best runs a search of its own for the cheapest solutions: it cannot go with --limit",
        ),
        (
            Request {
                preprocess: true,
                teaching: Some("--svg"),
                ..Request::new()
            },
            "--svg shows the search of the problem as given: it cannot go with --preprocess",
        ),
        (
            Request {
                json: true,
                teaching: Some("--trace"),
                ..counting()
            },
            "--trace follows one search: it cannot go with --jobs, --part, --split or --json",
        ),
        (
            Request {
                trace: true,
                best: Some(1),
                ..Request::new()
            },
            "--best runs a search of its own for the cheapest solutions: it cannot go with --trace",
        ),
        (
            Request {
                memo: Some(Memo::new()),
                zdd: Some("z".into()),
                preprocess: true,
                ..counting()
            },
            "--zdd holds every solution of one search: it cannot go with --preprocess",
        ),
    ];
    for (request, words) in cases {
        assert_eq!(
            request.check().map_err(|e| e.to_string()),
            Err(words.into())
        );
    }
}

#[test]
fn the_pictures_of_a_search_are_refused_for_multiplicities() {
    let request = Request {
        teaching: Some("--svg"),
        ..Request::new()
    };
    let (status, host) = answer(&request, &problem(BOUNDED));
    assert_eq!(status, Status::Refused);
    assert_eq!(
        host.messages,
        [
            "p: --svg shows searches by Algorithms X and C; this problem has multiplicities (item 'A' has bounds), which Algorithm M searches: list or count its solutions instead"
        ]
    );
    // Listed or counted, it has its three solutions: {A B}, {A} + {B},
    // and {A} + {A B} (A twice).
    let (status, host) = answer(&counting(), &problem(BOUNDED));
    assert_eq!((status, host.output.as_str()), (Status::Answered, "3\n"));
}

#[test]
fn a_count_on_threads_and_its_parts_merged() {
    let eight = queens(8);
    let threads = Request {
        jobs: 2,
        stats: true,
        ..counting()
    };
    let (status, host) = answer(&threads, &eight);
    assert_eq!((status, host.output.as_str()), (Status::Answered, "92\n"));
    assert!(host.messages[0].starts_with("solutions: 92\nnodes: "));
    let report = |k| {
        let part = Request {
            part: Some(Part::new(k, 3).unwrap()),
            json: true,
            ..counting()
        };
        let (status, host) = answer(&part, &eight);
        assert_eq!(status, Status::Answered);
        host.output
    };
    let parts = [report(0), report(1), report(2)];
    let merged = |inputs: &[usize]| {
        let readers = inputs
            .iter()
            .map(|&k| Ok((format!("part{k}"), parts[k].as_bytes())));
        let mut host = Transcript::default();
        let status = merge(readers, false, &mut host).unwrap();
        (status, host)
    };
    let (status, host) = merged(&[2, 0, 1]);
    assert_eq!((status, host.output.as_str()), (Status::Answered, "92\n"));
    assert!(host.messages[0].starts_with("merge: 3 parts, "));
    let (status, host) = merged(&[0, 2]);
    assert_eq!((status, host.output.as_str()), (Status::Refused, ""));
    assert_eq!(host.messages, ["merge: 1 of 3 parts missing: 1/3"]);
    let (status, host) = merged(&[0, 0]);
    assert_eq!(status, Status::Refused);
    assert_eq!(
        host.messages,
        ["part0:1: part 0/3 again (first at part0:1)"]
    );
}

#[test]
fn an_input_that_cannot_be_opened_stops_the_merge() {
    let inputs = [
        Ok(("a".to_string(), &b""[..])),
        Err(("b".to_string(), std::io::Error::other("gone"))),
    ];
    let mut host = Transcript::default();
    assert_eq!(merge(inputs, false, &mut host).unwrap(), Status::Refused);
    assert_eq!(host.messages, ["b: cannot read: gone"]);
    let mut host = Transcript::default();
    let none: [Result<(String, &[u8]), _>; 0] = [];
    assert_eq!(merge(none, false, &mut host).unwrap(), Status::Refused);
    assert_eq!(host.messages, ["merge: no parts"]);
}

#[test]
fn a_split_writes_every_subproblem_and_keeps_its_folder() {
    let dir = folder("split");
    let eight = queens(8);
    let mut host = Transcript::default();
    let status = split("queens8", &eight, 1, 100, &dir, false, &mut host).unwrap();
    assert_eq!(status, Status::Answered);
    assert_eq!(host.output.lines().count(), 8);
    // Each file is a problem of its own; their counts add up to 92.
    let mut total = 0;
    for path in host.output.lines() {
        let text = std::fs::read_to_string(path).unwrap();
        let (_, counted) = answer(&counting(), &problem(&text));
        total += counted.output.trim().parse::<u64>().unwrap();
    }
    assert_eq!(total, 92);
    // The folder is this split's: another problem's is refused.
    let mut host = Transcript::default();
    let status = split("toy", &problem(TOY), 1, 100, &dir, false, &mut host).unwrap();
    assert_eq!((status, host.output.as_str()), (Status::Refused, ""));
    assert!(host.messages[0].contains("holds the files of another split"));
    let mut host = Transcript::default();
    let status = split("queens8", &eight, 3, 10, &dir, false, &mut host).unwrap();
    assert_eq!(status, Status::Refused);
    assert_eq!(
        host.messages,
        [
            "queens8: more than 10 subproblems at depth 3: ask for a smaller --depth or a larger --max-subproblems"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn multiplicities_are_not_preprocessed() {
    let read = knuth::parse(BOUNDED).unwrap();
    let mut host = Transcript::default();
    assert_eq!(preprocess("p", &read, &mut host).unwrap(), Status::Answered);
    assert_eq!(
        host.messages,
        [
            "p: not preprocessed: DLX-PRE covers each item once, and this problem has multiplicities (items with bounds)"
        ]
    );
    // Written as read, each option followed by its line as a comment.
    let lines: Vec<&str> = host.output.lines().skip(1).collect();
    let noted = [
        "1:2|A B", "A", "| from 2", "A B", "| from 3", "B", "| from 4",
    ];
    assert_eq!(lines, noted);
}

#[test]
fn a_host_without_a_trace_lists_the_solutions() {
    // The trace would show the solutions; a host that has none (the
    // default) gets them listed, as without --trace.
    let request = Request {
        trace: true,
        teaching: Some("--trace"),
        ..Request::new()
    };
    let plain = answer(&Request::new(), &problem(TOY));
    let (status, host) = answer(&request, &problem(TOY));
    assert_eq!(status, Status::Answered);
    assert_eq!(host.output, plain.1.output);
    assert!(host.output.ends_with("\n\n"), "{:?}", host.output);
    assert!(host.messages.is_empty(), "{:?}", host.messages);
}

#[test]
fn each_status_is_its_exit_code() {
    let codes = [Status::Answered, Status::Failed, Status::Refused].map(Status::code);
    assert_eq!(codes, [0, 1, 2]);
}
