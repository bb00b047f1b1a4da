//! `preprocess` on the command line.

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

/// Knuth's example from DLX-PRE, with a cost.
const TOY: &str = "| DLX-PRE's toy\nA B C D E | F G\nC E F\nA D G |3\nB C F\nA D |2\nB G\nD E G\n";

#[test]
fn preprocess_writes_the_reduced_problem_with_the_lines_it_came_from() {
    let out = exactcover(&["preprocess"], TOY);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "| <stdin>, preprocessed: 3 of 6 options and 4 of 7 items removed in 3 rounds\n\
         A B E\nE\n| from 3\nA |2\n| from 6\nB\n| from 7\n"
    );
}

#[test]
fn cover_preprocess_prints_the_inputs_options() {
    let plain = exactcover(&["cover"], TOY);
    let reduced = exactcover(&["cover", "--preprocess"], TOY);
    assert_eq!(reduced.status.code(), Some(0));
    let lines = |out: &Output| {
        let mut lines: Vec<String> = String::from_utf8(out.stdout.clone())
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(lines(&reduced), lines(&plain));
    let count = exactcover(&["cover", "--preprocess", "--count", "--stats"], TOY);
    assert_eq!(String::from_utf8(count.stdout).unwrap(), "1\n");
    let err = String::from_utf8(count.stderr).unwrap();
    assert!(err.contains("3 of 6 options"), "{err}");
    let best = exactcover(&["cover", "--preprocess", "--best", "1"], TOY);
    let text = String::from_utf8(best.stdout).unwrap();
    assert!(
        text.contains("A D\n") && text.ends_with("cost 2\n\n"),
        "{text}"
    );
    let traced = exactcover(&["cover", "--preprocess", "--trace"], TOY);
    assert_eq!(traced.status.code(), Some(2));
}

#[test]
fn a_reduced_problem_that_cannot_be_written_fails() {
    // Standard output that cannot be written: said, status 2, never a
    // quiet success with nothing written.
    let script = format!(
        "printf '%s' \"$0\" | '{}' preprocess > /dev/full",
        env!("CARGO_BIN_EXE_exactcover")
    );
    let out = Command::new("sh")
        .args(["-c", &script, TOY])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("standard output: "), "{err}");
}

#[test]
fn an_infeasible_problem_is_said_so() {
    let out = exactcover(&["preprocess"], "a b c\na c\nb c\n");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().nth(1), Some("a"));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no solution")
    );
    let count = exactcover(&["cover", "--preprocess", "--count"], "a b c\na c\nb c\n");
    assert_eq!(String::from_utf8(count.stdout).unwrap(), "0\n");
}
