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
    let line = altogether(program, problem, args)?;
    let words: Vec<&str> = line.split_whitespace().collect();
    Some(words[1].parse().unwrap())
}

/// The totals of the last line Knuth's programs print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    /// `Altogether N solutions`.
    pub solutions: u128,
    /// `U updates`.
    pub updates: u64,
    /// `N nodes`: the nodes of the search tree, its root included.
    pub nodes: u64,
}

/// The last line Knuth's `program` prints for `problem` on standard error,
/// `Altogether N solutions, ...`; `None` without `../shared/knuth`.
fn altogether(program: &str, problem: &Problem, args: &[&str]) -> Option<String> {
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
    Some(line.to_string())
}

/// The totals Knuth's `program` prints for `problem` (its last line,
/// `Altogether N solutions, M mems, U updates, B bytes, N nodes, ...`).
pub fn knuth_totals(program: &str, problem: &Problem, args: &[&str]) -> Option<Totals> {
    let line = altogether(program, problem, args)?;
    let words: Vec<&str> = line.split_whitespace().collect();
    // The number before the word `what`, its comma dropped.
    let before = |what: &str| -> u64 {
        let at = words
            .iter()
            .position(|w| w.trim_end_matches([',', '.']) == what)
            .unwrap_or_else(|| panic!("no {what} in {line}"));
        words[at - 1].parse().unwrap()
    };
    Some(Totals {
        solutions: words[1].parse().unwrap(),
        updates: before("updates"),
        nodes: before("nodes"),
    })
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
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
        let ours = Solver::new(&problem).count(None).unwrap().solutions;
        assert_eq!(u128::from(ours), theirs, "{program}");
    }
}

#[test]
#[cfg_attr(
    not(knuth_oracle),
    ignore = "needs Knuth's programs: EXACTCOVER_KNUTH (see README)"
)]
fn the_engine_walks_dlx1s_tree_node_for_node() {
    // Options of two items (domino tilings) are walked from spacers, and a
    // count passes over its solutions inside the driver: the tree must
    // still be DLX1's, node for node, and the updates DLX1's exactly (an
    // item chosen with no option left is covered and uncovered, one
    // update, as DLX1 does).
    let cases = [
        ("dominoes 6x6", classic::dominoes(6, 6)),
        ("dominoes 5x8", classic::dominoes(5, 8)),
        ("queens 8", classic::queens(8)),
        ("queens 10", classic::queens(10)),
        ("langford 7", classic::langford(7)),
        ("pentominoes 3x20", classic::pentominoes(3, 20, false)),
        ("pentominoes 5x6", classic::pentominoes(5, 6, true)),
    ];
    for (name, problem) in cases {
        let Some(theirs) = knuth_totals("dlx1", &problem, &[]) else {
            return;
        };
        let mut solver = Solver::new(&problem);
        let count = solver.count(None).unwrap_or_else(exactcover::Count::from);
        let stats = solver.stats();
        assert_eq!(u128::from(count.solutions), theirs.solutions, "{name}");
        // DLX1 counts the root of the tree as a node; the engine does not.
        assert_eq!(stats.nodes + 1, theirs.nodes, "{name}: nodes");
        assert_eq!(stats.updates, theirs.updates, "{name}: updates");
    }
}
