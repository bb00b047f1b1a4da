//! One vocabulary for a puzzle's verdict across the puzzle commands
//! (docs/cli.md, "Verdicts"): clashing givens are `invalid` with the same
//! sentence on standard error everywhere (`count` prints its `0` beside
//! it); a puzzle whose givens do not clash but that has no solution is
//! `unsolvable` with the same sentence where a command says so.

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

/// Two givens `1` in row 1.
const CLASH: &str = "11..............\n";
const CLASH_SENTENCE: &str =
    "<stdin>:1: invalid: conflicting givens: '1' twice in row 1, at r1c1 and r1c2\n";
/// No clash, but r1c3 can hold neither 3 (its column and box) nor 4.
const NONE: &str = "12....3...4.....\n";
const NONE_SENTENCE: &str = "<stdin>:1: unsolvable: the puzzle has no solution\n";

/// Each command's word, status and sentence for clashing givens.
#[test]
fn clashing_givens_are_invalid_with_one_sentence_in_every_command() {
    let cases: [(&[&str], &str, i32); 7] = [
        (&["solve"], "invalid", 1),
        (&["solve", "--unique"], "invalid", 1),
        (&["count"], "0", 0),
        (&["grade"], "invalid", 1),
        (&["grade", "--search"], "invalid", 1),
        (&["minimize"], "invalid", 1),
        (&["hint"], "invalid", 1),
    ];
    for (args, word, status) in cases
        .iter()
        .copied()
        .chain([(&["explain"][..], "invalid", 1)])
    {
        let out = exactcover(args, CLASH);
        assert_eq!(text(&out.stdout), format!("{word}\n"), "{args:?}");
        assert_eq!(text(&out.stderr), CLASH_SENTENCE, "{args:?}");
        assert_eq!(out.status.code(), Some(status), "{args:?}");
    }
}

/// Each command's word, status and sentence for a puzzle with no solution
/// whose givens do not clash.
#[test]
fn no_solution_is_unsolvable_with_one_sentence_in_every_command() {
    let cases: [(&[&str], &str, i32); 5] = [
        (&["solve"], "unsolvable", 1),
        (&["solve", "--unique"], "unsolvable", 1),
        (&["grade"], "unsolvable", 1),
        (&["grade", "--search"], "unsolvable", 1),
        (&["minimize"], "unsolvable", 1),
    ];
    for (args, word, status) in cases {
        let out = exactcover(args, NONE);
        assert_eq!(text(&out.stdout), format!("{word}\n"), "{args:?}");
        assert_eq!(text(&out.stderr), NONE_SENTENCE, "{args:?}");
        assert_eq!(out.status.code(), Some(status), "{args:?}");
    }
    // `count` counts: 0 is an answer, with nothing to explain.
    let out = exactcover(&["count"], NONE);
    assert_eq!(
        (text(&out.stdout).as_str(), text(&out.stderr).as_str()),
        ("0\n", "")
    );
    assert_eq!(out.status.code(), Some(0));
    // `hint` and `explain` say it in their answer, as logic found it.
    for command in ["hint", "explain"] {
        let out = exactcover(&[command], NONE);
        assert_eq!(
            text(&out.stdout),
            "no solution: r1c3 has no digit left\n",
            "{command}"
        );
        assert_eq!(text(&out.stderr), "", "{command}");
        assert_eq!(out.status.code(), Some(0), "{command}");
    }
}

/// Several solutions: `not-unique` with one sentence where a command
/// refuses them.
#[test]
fn several_solutions_are_not_unique_with_one_sentence() {
    let several = "12..34..........\n";
    for args in [&["solve", "--unique"][..], &["grade"], &["minimize"]] {
        let out = exactcover(args, several);
        assert_eq!(text(&out.stdout), "not-unique\n", "{args:?}");
        assert_eq!(
            text(&out.stderr),
            "<stdin>:1: not unique: the puzzle has several solutions\n",
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(1), "{args:?}");
    }
}

/// `explain` separates puzzles' explanations by an empty line (in text
/// and as traces); in JSON each puzzle's last object says how it ended.
#[test]
fn explain_separates_puzzles_by_an_empty_line() {
    let input = "1234341221434321\n.234341221434321\n11..............\n";
    let out = exactcover(&["explain"], input);
    assert_eq!(
        text(&out.stdout),
        "solved\n\nr1c1 is the only cell left in box 1 for 1\nsolved\n\ninvalid\n".replace(
            "r1c1 is the only cell left in box 1 for 1",
            &hint(".234341221434321\n")
        )
    );
    let trace = text(&exactcover(&["explain", "--trace"], input).stdout);
    let blocks: Vec<&str> = trace.split("\n\n").collect();
    assert_eq!(blocks.len(), 3, "{trace}");
    assert!(
        blocks[0].starts_with("start: ") && blocks[0].ends_with("end: solved"),
        "{trace}"
    );
    assert!(
        blocks[1].starts_with("start: ") && blocks[1].ends_with("end: solved"),
        "{trace}"
    );
    assert_eq!(blocks[2], "invalid\n");
    // With --json, one object per puzzle: the separation is the line.
    let json = text(&exactcover(&["explain", "--json"], input).stdout);
    assert!(!json.contains("\n\n"), "{json}");
    let verdicts: Vec<&str> = json
        .lines()
        .map(|l| l.split("\"verdict\":\"").nth(1).unwrap_or_default())
        .map(|rest| rest.split('"').next().unwrap_or_default())
        .collect();
    assert_eq!(verdicts, ["solved", "solved", "invalid"], "{json}");
    // One puzzle: no empty line at all.
    assert_eq!(
        text(&exactcover(&["explain"], "1234341221434321\n").stdout),
        "solved\n"
    );
}

/// `hint`'s line for `puzzle`.
fn hint(puzzle: &str) -> String {
    text(&exactcover(&["hint"], puzzle).stdout)
        .trim_end()
        .to_string()
}

/// Standard input is named `<stdin>` in messages, by the puzzle commands
/// and by `cover`, `preprocess` and `merge`.
#[test]
fn standard_input_is_named_stdin() {
    let out = exactcover(&["solve", "-"], "1234341221434321\n\n11..............\n");
    assert_eq!(text(&out.stderr), CLASH_SENTENCE.replace(":1:", ":3:"));
    let out = exactcover(&["cover"], "a b\na c\n");
    assert!(
        text(&out.stderr).starts_with("<stdin>:2: unknown item 'c'"),
        "{}",
        text(&out.stderr)
    );
    let out = exactcover(&["cover"], "a b\na\n");
    assert_eq!(text(&out.stderr), "<stdin>: no solution\n");
    let out = exactcover(&["preprocess"], "a\nb\n");
    assert!(
        text(&out.stderr).starts_with("<stdin>:2: unknown item 'b'"),
        "{}",
        text(&out.stderr)
    );
    let out = exactcover(&["merge"], "not json\n");
    assert!(
        text(&out.stderr).starts_with("<stdin>:1: "),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(2));
}
