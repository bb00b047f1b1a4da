//! `cover --memo` and `--zdd` on the command line.

use std::io::Write;
use std::process::{Command, Stdio};

use exactcover::problem::classic;
use exactcover::{Problem, knuth};

/// The domino tilings of a `rows` x `cols` board: an item per cell, an
/// option per domino.
fn dominoes(rows: usize, cols: usize) -> Problem {
    let mut p = Problem::new();
    p.add_primary_items(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                p.add_option([cell, cell + 1]).unwrap();
            }
            if r + 1 < rows {
                p.add_option([cell, cell + cols]).unwrap();
            }
        }
    }
    p
}

fn exactcover(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command refused before it reads its input closes the pipe early.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

#[test]
fn the_command_line_counts_with_the_memo() {
    let mut text = Vec::new();
    knuth::write(&dominoes(14, 14), &[], &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let (out, err, code) = exactcover(&["cover", "--count", "--memo", "--stats"], &text);
    assert_eq!(out, "112202208776036178000000\n", "{err}");
    assert_eq!(code, Some(0));
    assert!(
        err.contains("signatures: ") && err.contains("hits: "),
        "{err}"
    );
    let (out, _, _) = exactcover(
        &[
            "cover", "--count", "--memo", "--branch", "leftmost", "--part", "1/3",
        ],
        &text,
    );
    let first: u128 = out.trim().parse().unwrap();
    assert!(first > 0);
    let six = ".".repeat(36) + "\n";
    let (out, err, code) = exactcover(
        &["count", "--memo", "--branch", "leftmost", "--box", "2x3"],
        &six,
    );
    assert_eq!((out.as_str(), code), ("28200960\n", Some(0)), "{err}");
    let (_, err, code) = exactcover(&["cover", "--memo"], &text);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--memo goes with --count"), "{err}");
    let (_, err, code) = exactcover(&["cover", "--count", "--memo", "--branch", "fewest"], &text);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn the_command_line_writes_a_zdd() {
    let dir = std::env::temp_dir().join(format!("exactcover-memo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("q8.zdd");
    let mut text = Vec::new();
    knuth::write(&classic::queens(8), &[], &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let (out, err, code) = exactcover(
        &[
            "cover",
            "--count",
            "--memo",
            "--zdd",
            path.to_str().unwrap(),
        ],
        &text,
    );
    assert_eq!((out.as_str(), code), ("92\n", Some(0)), "{err}");
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.lines().count() > 10, "{written}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A problem with multiplicities is refused by the memo with status 2 on
/// one thread as on several (Algorithm Z covers each item once), and
/// options whose meaning a flag would change are refused together.
#[test]
fn the_command_line_refuses_what_the_memo_cannot_count() {
    let bounded = "2|A B\nA\nA B\nA\n";
    for jobs in ["1", "2"] {
        let (out, err, code) = exactcover(&["cover", "--count", "--memo", "--jobs", jobs], bounded);
        assert_eq!(code, Some(2), "--jobs {jobs}: {out} {err}");
        assert!(err.contains("multiplicities"), "{err}");
    }
    // Without the memo the count is Algorithm M's: A twice, B once.
    let (out, _, code) = exactcover(&["cover", "--count"], bounded);
    assert_eq!((out.trim(), code), ("2", Some(0)));
    let toy = "A B\nA\nB\nA B\n";
    let (_, err, code) = exactcover(
        &[
            "cover",
            "--count",
            "--memo",
            "--zdd",
            "/dev/null",
            "--preprocess",
        ],
        toy,
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--preprocess"), "{err}");
    let (_, err, code) = exactcover(&["cover", "--count", "--max-memory", "1G"], toy);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--max-memory"), "{err}");
}
