//! Knuth's own programs as oracles: DLX1 and DLX2, built from
//! `../shared/knuth`, count the same problems as the engine, and their
//! counts must agree.

use std::io::Write;
use std::process::{Command, Stdio};

use exactcover::problem::classic;
use exactcover::{Problem, Solver, knuth};

use crate::common;

/// The count Knuth's `program` prints for `problem` (its last line,
/// `Altogether N solutions, ...`).
pub fn knuth_count(program: &str, problem: &Problem, args: &[&str]) -> Option<u128> {
    let path = common::knuth_program(program)?;
    let mut text = Vec::new();
    knuth::write(problem, &[], &mut text).expect("a writable problem");
    let mut child = Command::new(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("Knuth's program runs");
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err
        .lines()
        .find(|l| l.starts_with("Altogether "))
        .unwrap_or_else(|| panic!("{program} printed no count: {err}"));
    Some(line.split_whitespace().nth(1).unwrap().parse().unwrap())
}

#[test]
#[cfg_attr(not(shared_puzzles), ignore = "needs ../shared/knuth (see README)")]
fn the_engine_counts_as_knuths_dlx1_and_dlx2() {
    let words = classic::synthetic_words(4, "abcd", 5);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let cases = [
        ("dlx1", classic::knuth_toy()),
        ("dlx1", classic::queens(8)),
        ("dlx1", classic::langford(7)),
        ("dlx1", classic::pentominoes(3, 20, false)),
        ("dlx2", classic::word_squares(&words).unwrap()),
        (
            "dlx2",
            knuth::parse(include_str!("../../data/xcc-toy.dlx"))
                .unwrap()
                .problem,
        ),
    ];
    for (program, problem) in cases {
        let Some(theirs) = knuth_count(program, &problem, &[]) else {
            return;
        };
        let ours = Solver::new(&problem).count_solutions(None).solutions;
        assert_eq!(u128::from(ours), theirs, "{program}");
    }
}
