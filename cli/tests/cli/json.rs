//! `--json` on every command that answers: each line of its output is
//! validated against the command's JSON Schema in `docs/json/` (the
//! `jsonschema` crate), on published puzzles (`../shared/data/puzzles`,
//! `data/`), and its values are checked against the same command's text.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common::shared_puzzles;

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn exactcover(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    // A command that reads no standard input may have ended already.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().expect("the binary ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The validator of `docs/json/NAME.schema.json`.
fn schema(name: &str) -> jsonschema::Validator {
    let path = root().join(format!("docs/json/{name}.schema.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let schema: Value = serde_json::from_str(&text).expect("a schema is JSON");
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Runs `exactcover ARGS` (standard input `stdin`), expects `status`, and
/// returns its lines of output, each parsed and valid against `name`'s
/// schema.
fn json_lines(name: &str, args: &[&str], stdin: &str, status: i32) -> Vec<Value> {
    let out = exactcover(args, stdin);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(status),
        "{args:?}\n{stdout}\n{stderr}"
    );
    let validator = schema(name);
    let mut lines = Vec::new();
    for line in stdout.lines() {
        let value: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {line}"));
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{args:?}: {line}\n{}", errors.join("\n"));
        lines.push(value);
    }
    assert!(!lines.is_empty(), "{args:?}: no output\n{stderr}");
    lines
}

/// The non-comment lines of `data/FILE`, the first `n`.
fn data_lines(file: &str, n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("data").join(file)).expect("data file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(n)
        .map(String::from)
        .collect()
}

fn verdicts(lines: &[Value]) -> Vec<&str> {
    lines
        .iter()
        .map(|l| l["verdict"].as_str().expect("a verdict"))
        .collect()
}

/// A 4x4 grid with two 1s in its first row, a line that is no puzzle, and
/// an empty 4x4 grid (288 solutions).
const BAD_AND_SEVERAL: &str = "11..............\n12345\n................\n";

/// The commands the tests below run with `--json`, each against its
/// schema (`cover --count --json` against `cover-count`'s).
const RUN_HERE: [&str; 10] = [
    "count", "cover", "explain", "generate", "grade", "hint", "merge", "minimize", "solve", "split",
];

/// Every command `--help` lists answers with `--json`, but those that
/// write no answers of their own (their output is a problem in Knuth's
/// format, a script or a man page), as docs/json.md says.
#[test]
fn every_command_that_answers_takes_json() {
    let help = text(&exactcover(&["--help"], "").stdout);
    let commands: BTreeSet<&str> = help
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    let without: BTreeSet<&str> = ["preprocess", "completions", "man"].into();
    for command in &commands {
        let help = text(&exactcover(&[command, "--help"], "").stdout);
        assert_eq!(
            help.contains("--json"),
            !without.contains(command),
            "{command}: --json in --help"
        );
    }
    // Each command with --json has a schema, and a test below runs it.
    let answering: BTreeSet<&str> = commands.difference(&without).copied().collect();
    assert_eq!(answering, RUN_HERE.into());
    for command in answering {
        assert!(
            root()
                .join(format!("docs/json/{command}.schema.json"))
                .exists(),
            "{command}"
        );
    }
}

#[test]
fn a_schema_refuses_what_it_does_not_describe() {
    let solve = schema("solve");
    let good: Value =
        serde_json::json!({"input": "a", "line": 1, "verdict": "unique", "solution": "1234"});
    assert!(solve.is_valid(&good));
    for bad in [
        serde_json::json!({"input": "a", "line": 1, "verdict": "unique"}),
        serde_json::json!({"input": "a", "line": 0, "verdict": "unique", "solution": "1234"}),
        serde_json::json!({"input": "a", "line": 1, "verdict": "several", "solution": "1234"}),
        serde_json::json!({"input": "a", "line": 1, "verdict": "invalid"}),
        serde_json::json!({"input": "a", "line": 1, "verdict": "unique", "solution": "1", "extra": 1}),
    ] {
        assert!(!solve.is_valid(&bad), "{bad}");
    }
}

#[test]
fn solve_json_is_the_text_with_its_verdict() {
    let puzzles = data_lines("top95.txt", 12).join("\n") + "\n";
    let lines = json_lines("solve", &["solve", "--json", "-j", "2"], &puzzles, 0);
    let plain = text(&exactcover(&["solve"], &puzzles).stdout);
    assert_eq!(lines.len(), 12);
    for (i, (json, solution)) in lines.iter().zip(plain.lines()).enumerate() {
        assert_eq!(json["verdict"], "unique");
        assert_eq!(json["solution"], solution);
        assert_eq!(json["input"], "<stdin>");
        assert_eq!(json["line"], i + 1);
    }
    // A file by its name; clashing givens, no puzzle, several solutions.
    let lines = json_lines("solve", &["solve", "--json"], BAD_AND_SEVERAL, 1);
    assert_eq!(verdicts(&lines), ["invalid", "invalid", "not-unique"]);
    assert!(
        lines[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid: conflicting givens")
    );
    assert_eq!(lines[2]["solution"].as_str().map(str::len), Some(16));
    let lines = json_lines(
        "solve",
        &["solve", "--json", "--unique"],
        BAD_AND_SEVERAL,
        1,
    );
    assert_eq!(verdicts(&lines), ["invalid", "invalid", "not-unique"]);
    assert!(lines[2].get("solution").is_none());
    let lines = json_lines(
        "solve",
        &[
            "solve",
            "--json",
            "--first",
            "data/variants/x-sudopedia.json",
        ],
        "",
        0,
    );
    assert_eq!(verdicts(&lines), ["solved"]);
    assert_eq!(lines[0]["input"], "data/variants/x-sudopedia.json");
    // The budget: a timeout.
    let lines = json_lines(
        "solve",
        &["solve", "--json", "--max-nodes", "1"],
        &puzzles,
        1,
    );
    assert!(verdicts(&lines).contains(&"timeout"), "{lines:?}");
}

#[test]
fn solve_json_on_the_serg_benchmark_says_not_unique() {
    let Some(set) = shared_puzzles("puzzles7_serg_benchmark") else {
        return;
    };
    let head: String = set.lines().take(200).map(|l| format!("{l}\n")).collect();
    let lines = json_lines("solve", &["solve", "--json", "--quiet"], &head, 0);
    assert_eq!(lines.len(), 200);
    assert!(
        verdicts(&lines).iter().all(|v| *v == "not-unique"),
        "{lines:?}"
    );
}

#[test]
fn count_json_has_the_counts_of_the_text() {
    let Some(set) = shared_puzzles("hardest.txt") else {
        return;
    };
    let lines = json_lines("count", &["count", "--json"], &set, 0);
    let plain = text(&exactcover(&["count"], &set).stdout);
    assert_eq!(lines.len(), plain.lines().count());
    for (json, count) in lines.iter().zip(plain.lines()) {
        assert_eq!(json["count"].to_string(), count);
        assert_eq!(
            (json["verdict"].as_str(), json["complete"].as_bool()),
            (Some("unique"), Some(true))
        );
    }
    let lines = json_lines("count", &["count", "--json"], BAD_AND_SEVERAL, 1);
    assert_eq!(verdicts(&lines), ["invalid", "invalid", "not-unique"]);
    assert_eq!(
        (lines[0]["count"].as_u64(), lines[2]["count"].as_u64()),
        (Some(0), Some(288))
    );
    let lines = json_lines(
        "count",
        &["count", "--json", "--limit", "2"],
        "................\n",
        0,
    );
    assert_eq!(
        (lines[0]["count"].as_u64(), lines[0]["complete"].as_bool()),
        (Some(2), Some(false))
    );
    let lines = json_lines(
        "count",
        &["count", "--json", "--memo"],
        "................\n",
        0,
    );
    assert_eq!(lines[0]["count"], 288);
    // An empty 6x6 grid by Algorithm Z: 28,200,960 (OEIS A107739). (A
    // count past 2^64 - 1 is a string of its digits: `util::json::count`.)
    let six = format!("{}\n", ".".repeat(36));
    let lines = json_lines("count", &["count", "--json", "--memo"], &six, 0);
    assert_eq!(lines[0]["count"], 28_200_960);
    let empty = format!("{}\n", ".".repeat(81));
    let lines = json_lines(
        "count",
        &["count", "--json", "--max-nodes", "10"],
        &empty,
        1,
    );
    assert_eq!(
        (lines[0]["verdict"].as_str(), lines[0]["complete"].as_bool()),
        (Some("timeout"), Some(false))
    );
}

#[test]
fn grade_json_has_the_grades_of_the_text() {
    let puzzles = data_lines("se-rated-sample.txt", 6)
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap_or_default().to_string() + "\n")
        .collect::<String>();
    let lines = json_lines("grade", &["grade", "--json"], &puzzles, 0);
    let plain = text(&exactcover(&["grade"], &puzzles).stdout);
    for (json, line) in lines.iter().zip(plain.lines()) {
        let (score, level) = line.split_once(' ').expect("SCORE LEVEL");
        assert_eq!(format!("{:.1}", json["score"].as_f64().unwrap()), score);
        assert_eq!(json["level"], level);
    }
    let lines = json_lines("grade", &["grade", "--json", "--search"], &puzzles, 0);
    let plain = text(&exactcover(&["grade", "--search"], &puzzles).stdout);
    for (json, line) in lines.iter().zip(plain.lines()) {
        let (guesses, _) = line.split_once(' ').expect("GUESSES LEVEL");
        assert_eq!(format!("{:.3}", json["guesses"].as_f64().unwrap()), guesses);
    }
    let lines = json_lines("grade", &["grade", "--json"], BAD_AND_SEVERAL, 1);
    assert_eq!(verdicts(&lines), ["invalid", "invalid", "not-unique"]);
}

#[test]
fn minimize_json_has_the_puzzles_of_the_text() {
    let puzzles = data_lines("top95.txt", 3).join("\n") + "\n";
    let lines = json_lines("minimize", &["minimize", "--json"], &puzzles, 0);
    let plain = text(&exactcover(&["minimize"], &puzzles).stdout);
    for (json, line) in lines.iter().zip(plain.lines()) {
        assert_eq!(json["puzzle"], line);
        let clues = line.chars().filter(|c| *c != '.').count();
        assert_eq!(json["clues"], clues);
    }
    let lines = json_lines(
        "minimize",
        &[
            "minimize",
            "--json",
            "data/variants/jigsaw-janko108.txt",
            "--jigsaw",
        ],
        "",
        0,
    );
    assert_eq!(verdicts(&lines), ["unique"]);
    assert!(
        lines[0]["puzzle"].as_str().unwrap().contains(' '),
        "a jigsaw line keeps its map"
    );
}

#[test]
fn hint_and_explain_json_are_one_object_per_puzzle() {
    let puzzles = data_lines("se-rated-sample.txt", 4)
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap_or_default().to_string() + "\n")
        .collect::<String>();
    let hints = json_lines("hint", &["hint", "--json"], &puzzles, 0);
    let plain = text(&exactcover(&["hint"], &puzzles).stdout);
    assert_eq!(hints.len(), 4);
    assert_eq!(plain.lines().count(), 4);
    let explained = json_lines("explain", &["explain", "--json"], &puzzles, 0);
    let plain = text(&exactcover(&["explain"], &puzzles).stdout);
    // The text separates puzzles by an empty line: each is its steps, then
    // how it ended.
    let blocks: Vec<&str> = plain.split("\n\n").collect();
    assert_eq!(blocks.len(), explained.len());
    for ((json, block), hint) in explained.iter().zip(&blocks).zip(&hints) {
        let steps = json["steps"].as_array().expect("steps");
        assert_eq!(steps.len() + 1, block.trim_end().lines().count());
        let ending = block.trim_end().lines().last().unwrap();
        assert!(
            ending.starts_with(json["verdict"].as_str().unwrap())
                || json["verdict"] == "unsolvable",
            "{ending}"
        );
        // The hint is the first step.
        if let Some(first) = steps.first() {
            assert_eq!(hint["verdict"], "step");
            assert_eq!(first["rule"], hint["rule"]);
            assert_eq!(first["place"], hint["place"]);
        }
    }
    let hints = json_lines("hint", &["hint", "--json"], "1234341221434321\n", 0);
    assert_eq!(
        (hints[0]["verdict"].as_str(), hints[0]["solved"].as_bool()),
        (Some("solved"), Some(true))
    );
    let bad = json_lines("explain", &["explain", "--json"], BAD_AND_SEVERAL, 1);
    assert_eq!(verdicts(&bad)[..2], ["invalid", "invalid"]);
    let variant = json_lines(
        "explain",
        &["explain", "--json", "data/variants/killer-ukpuzzles.json"],
        "",
        0,
    );
    assert_eq!(variant[0]["input"], "data/variants/killer-ukpuzzles.json");
}

#[test]
fn generate_json_is_one_object_per_puzzle() {
    let lines = json_lines(
        "generate",
        &[
            "generate",
            "--json",
            "--puzzles",
            "3",
            "--box",
            "2x3",
            "--seed",
            "7",
        ],
        "",
        0,
    );
    let plain = text(
        &exactcover(
            &["generate", "--puzzles", "3", "--box", "2x3", "--seed", "7"],
            "",
        )
        .stdout,
    );
    let puzzles: Vec<&str> = plain.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3);
    for (i, (json, line)) in lines.iter().zip(&puzzles).enumerate() {
        assert_eq!(json["number"], i + 1);
        assert_eq!(json["puzzle"], *line);
        assert_eq!(
            (json["box"].as_str(), json["alphabet"].as_str()),
            (Some("2x3"), Some("123456"))
        );
        // Each is unique: count says 1.
        let counted = text(&exactcover(&["count", "--box", "2x3"], &format!("{line}\n")).stdout);
        assert_eq!(counted, "1\n");
    }
}

/// Knuth's toy problem with a cost on each option (DLX5's `|n`).
const COSTED: &str = "a b c d e f g\nc e |3\na d g |1\nb c f |2\na d f |5\nb g |1\nd e g |4\n";

#[test]
fn cover_json_lists_counts_and_merges() {
    let solutions = json_lines("cover", &["cover", "--json", "data/queens8.dlx"], "", 0);
    assert_eq!(solutions.len(), 92, "OEIS A000170: 92 for 8 queens");
    let plain = text(&exactcover(&["cover", "data/queens8.dlx"], "").stdout);
    let first: Vec<&str> = plain.split("\n\n").next().unwrap().lines().collect();
    assert_eq!(solutions[0]["solution"], serde_json::json!(first));
    let best = json_lines("cover", &["cover", "--json", "--best", "2"], COSTED, 0);
    assert_eq!(best.len(), 1, "the toy problem has one solution");
    // Its one solution: c e, a d f and b g.
    assert_eq!(best[0]["cost"], 3 + 5 + 1);
    let counted = json_lines(
        "cover-count",
        &["cover", "--count", "--json", "data/queens8.dlx"],
        "",
        0,
    );
    assert_eq!(
        (
            counted[0]["solutions"].as_u64(),
            counted[0]["part"].as_str()
        ),
        (Some(92), Some("0/1"))
    );
    // Two parts, their reports merged.
    let dir = std::env::temp_dir().join(format!("exactcover-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for k in 0..2 {
        let part = format!("{k}/2");
        let report = json_lines(
            "cover-count",
            &[
                "cover",
                "--count",
                "--json",
                "--part",
                &part,
                "data/queens8.dlx",
            ],
            "",
            0,
        );
        let file = dir.join(format!("part{k}.jsonl"));
        std::fs::write(&file, report[0].to_string() + "\n").unwrap();
        files.push(file.display().to_string());
    }
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = json_lines("merge", &args, "", 0);
    assert_eq!(
        (
            merged[0]["solutions"].as_u64(),
            merged[0]["complete"].as_bool()
        ),
        (Some(92), Some(true))
    );
    // The split's files, one object each: 8 at depth 1.
    let out = dir.join("split");
    let out = out.display().to_string();
    let split = json_lines(
        "split",
        &[
            "split",
            "--json",
            "--depth",
            "1",
            "--dir",
            &out,
            "data/queens8.dlx",
        ],
        "",
        0,
    );
    assert_eq!(split.len(), 8);
    for (i, sub) in split.iter().enumerate() {
        assert_eq!(
            (sub["subproblem"].as_u64(), sub["of"].as_u64()),
            (Some(i as u64 + 1), Some(8))
        );
        assert!(std::path::Path::new(sub["file"].as_str().unwrap()).exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
