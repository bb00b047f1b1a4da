//! `--quiet`: the answers on standard output, the errors on standard error,
//! and nothing else; without it, the notes as before.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn exactcover(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Two empty 4x4 grids (several solutions each) around a solved one.
const SEVERAL: &str = "................\n1234341221434321\n................\n";

#[test]
fn quiet_solve_writes_the_answers_and_no_notes() {
    let loud = exactcover(&["solve"], SEVERAL);
    assert_eq!(loud.status.code(), Some(0));
    let notes = text(&loud.stderr);
    assert_eq!(notes.lines().count(), 2, "{notes}");
    assert!(
        notes.starts_with("<stdin>:1: note: the puzzle has several solutions"),
        "{notes}"
    );
    assert!(notes.contains("<stdin>:3: note: the puzzle has several solutions"));
    for flag in ["--quiet", "-q"] {
        let quiet = exactcover(&["solve", flag], SEVERAL);
        assert_eq!(quiet.status.code(), Some(0));
        assert_eq!(quiet.stdout, loud.stdout, "the same answers");
        assert_eq!(text(&quiet.stdout).lines().count(), 3);
        assert_eq!(text(&quiet.stderr), "", "{flag}: nothing on stderr");
    }
}

#[test]
fn quiet_keeps_the_errors() {
    // --unique: the second solution is an error (status 1), said still.
    let unique = exactcover(&["solve", "--quiet", "--unique"], SEVERAL);
    assert_eq!(unique.status.code(), Some(1));
    assert_eq!(
        text(&unique.stdout),
        "not-unique\n1234341221434321\nnot-unique\n"
    );
    assert_eq!(text(&unique.stderr).lines().count(), 2);
    assert!(text(&unique.stderr).contains("<stdin>:1: not unique"));
    // A puzzle that cannot be read.
    let bad = exactcover(&["solve", "--quiet"], "11..............\n");
    assert_eq!(bad.status.code(), Some(1), "{bad:?}");
    assert!(!bad.stderr.is_empty(), "the error is said");
}

#[test]
fn every_puzzle_command_takes_quiet() {
    let cases: [&[&str]; 7] = [
        &["solve", "--quiet"],
        &["count", "--quiet", "--limit", "2"],
        &["grade", "--quiet"],
        &["minimize", "--quiet"],
        &["hint", "--quiet"],
        &["explain", "--quiet"],
        &["generate", "--quiet", "--box", "2x2", "--count", "2"],
    ];
    let solved = "1234341221434321\n";
    for args in cases {
        let out = exactcover(args, solved);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert!(!out.stdout.is_empty(), "{args:?}: no answer");
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
    let counted = exactcover(&["count", "-q", "--limit", "2"], SEVERAL);
    assert_eq!(text(&counted.stdout), "2+\n1\n2+\n");
    assert_eq!(text(&counted.stderr), "");
}
