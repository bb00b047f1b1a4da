//! `cover --best`: the cheapest solutions on the command line.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn exactcover(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command refused before it reads closes the pipe early.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

const PRICED: &str = "| cover a b c\na b c\na |1\nb |2\nc |4\na b |2\nb c |7\nc a |1 |1\n";

#[test]
fn best_prints_the_cheapest_solutions_cheapest_first() {
    let out = exactcover(&["cover", "--best", "2"], PRICED);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // {a, b} + {c}: 6; {a} + {b} + {c}: 7; {b} + {c a}: 4.
    assert_eq!(text, "c a\nb\ncost 4\n\na b\nc\ncost 6\n\n");
    let all = exactcover(&["cover", "--best", "9"], PRICED);
    let text = String::from_utf8(all.stdout).unwrap();
    let costs: Vec<&str> = text.lines().filter(|l| l.starts_with("cost")).collect();
    assert_eq!(costs, ["cost 4", "cost 6", "cost 7", "cost 8"]);
}

#[test]
fn best_goes_with_stats_and_a_budget_but_not_with_a_listing() {
    let out = exactcover(&["cover", "--best", "1", "--stats"], PRICED);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("nodes:"), "{err}");
    for flag in ["--count", "--trace"] {
        let out = exactcover(&["cover", "--best", "1", flag], PRICED);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("--best") && err.contains(flag), "{err}");
    }
    let out = exactcover(&["cover", "--best", "0"], PRICED);
    assert_eq!(out.status.code(), Some(2));
    let stopped = exactcover(&["cover", "--best", "1", "--max-nodes", "1"], PRICED);
    assert_eq!(stopped.status.code(), Some(1));
    assert!(
        String::from_utf8(stopped.stderr)
            .unwrap()
            .contains("stopped")
    );
}

#[test]
fn best_says_when_there_is_no_solution_or_the_costs_could_overflow() {
    let out = exactcover(&["cover", "--best", "1"], "a b\na |1\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no solution")
    );
    let huge = format!("a b\na |{}\nb |{}\n", u64::MAX / 2 + 1, u64::MAX / 2 + 1);
    let out = exactcover(&["cover", "--best", "1"], &huge);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("add up"));
}
