//! The Sudoku commands (`solve`, `count`, `grade`, `minimize`, `hint`,
//! `generate`) as a user meets them: pipes between them, co-processes,
//! files from other tools, bad options. Each test names the point of the
//! trust issue it checks; each failed before the change it checks.
//!
//! `EXACTCOVER_TEST_BIN` runs them against another build of the command
//! (an older one, to see them fail).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn binary() -> PathBuf {
    std::env::var_os("EXACTCOVER_TEST_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_exactcover")))
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(binary())
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn out(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let output = run(args, stdin);
    (
        text(&output.stdout),
        text(&output.stderr),
        output.status.code(),
    )
}

fn temp(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("exactcover-sudoku-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn data(name: &str) -> String {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("data")
        .join(name)
        .display()
        .to_string()
}

/// Point 3: `generate --box 3x2 | count` said 9 for a unique puzzle, and
/// `| grade`, `| minimize` said `not-unique`: the pipe lost the box shape.
/// A header line now carries it, and every reader honours it.
#[test]
fn a_pipe_of_commands_keeps_the_box_shape() {
    let (made, _, status) = out(&["generate", "--box", "3x2", "--seed", "4"], "");
    assert_eq!(status, Some(0));
    assert!(made.starts_with("# exactcover: --box 3x2\n"), "{made}");
    assert_eq!(out(&["count"], &made).0, "1\n");
    let (graded, err, status) = out(&["grade"], &made);
    assert!(
        graded.ends_with("singles\n") || graded.contains('.'),
        "{graded}{err}"
    );
    assert_eq!(status, Some(0), "{err}");
    let (minimal, err, status) = out(&["minimize"], &made);
    assert_eq!(
        (minimal.as_str(), status),
        (made.as_str(), Some(0)),
        "{err}"
    );
    let (solved, err, status) = out(&["solve"], &made);
    assert_eq!((solved.lines().count(), status), (1, Some(0)), "{err}");
    // The classic 2x3 boxes need no header: the output is as it was.
    let (usual, _, _) = out(&["generate", "--box", "2x3", "--seed", "4"], "");
    assert!(!usual.starts_with('#'), "{usual}");
}

/// Point 3: `grade` and `minimize` take the options `solve` takes, and read
/// f-puzzles files, jigsaw lines and blocks; `minimize` writes each puzzle
/// as it was read, so that its rules go with it.
#[test]
fn grade_and_minimize_read_as_solve_reads() {
    let killer = data("variants/killer-ukpuzzles.json");
    let (graded, err, status) = out(&["grade", &killer], "");
    assert_eq!(status, Some(0), "{graded}{err}");
    assert!(graded.split_whitespace().count() == 2, "{graded}");
    let (minimal, err, status) = out(&["minimize", &killer], "");
    assert_eq!(status, Some(0), "{err}");
    assert!(
        minimal.starts_with('{') && minimal.contains("killercage"),
        "{minimal}"
    );
    assert_eq!(out(&["count", "--limit", "2"], &minimal).0, "1\n");

    let jigsaw = data("variants/jigsaw-janko108.txt");
    let (minimal, err, status) = out(&["minimize", "--jigsaw", &jigsaw], "");
    assert_eq!(status, Some(0), "{err}");
    let fields: Vec<&str> = minimal.split_whitespace().collect();
    assert_eq!(fields.len(), 2, "{minimal}");
    assert_eq!(
        out(&["count", "--jigsaw", "--limit", "2"], &minimal).0,
        "1\n"
    );
    assert_eq!(
        out(&["grade", "--jigsaw", &jigsaw], "").2,
        Some(0),
        "grade --jigsaw"
    );

    let block = "1 . | 3 .\n. 4 | . .\n----+----\n2 . | . .\n. . | . 1\n\n";
    let (graded, err, status) = out(&["grade", "--block"], block);
    assert_eq!((graded.lines().count(), status), (1, Some(0)), "{err}");
    let (minimal, _, _) = out(&["minimize", "--block"], block);
    assert_eq!(out(&["count", "--block"], &minimal).0, "1\n", "{minimal}");
    let six = ".1..2.......5..4..436............31.\n";
    let (graded, err, status) = out(&["grade", "--box", "3x2"], six);
    assert_eq!((graded.lines().count(), status), (1, Some(0)), "{err}");
    let (minimal, _, _) = out(&["minimize", "--box", "3x2"], six);
    assert_eq!(minimal, format!("# exactcover: --box 3x2\n{six}"));
}

/// Point 4: `generate --box 6x6` wrote `?` for the 36th symbol, which
/// nothing reads back. It takes `--alphabet` now, and refuses a size the
/// default alphabet cannot write.
#[test]
fn generate_writes_only_what_can_be_read() {
    let (_, err, status) = out(&["generate", "--box", "6x6"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("--alphabet"), "{err}");
    let (made, err, status) = out(&["generate", "--box", "2x2", "--alphabet", "WXYZ"], "");
    assert_eq!(status, Some(0), "{err}");
    assert!(
        made.starts_with("# exactcover: --alphabet WXYZ\n"),
        "{made}"
    );
    assert!(!made.contains('?'));
    assert_eq!(out(&["count"], &made).0, "1\n");
    let solved = out(&["solve"], &made).0;
    assert!(
        solved.trim().chars().all(|c| "WXYZ".contains(c)),
        "{solved}"
    );
    // 0-F: a reader could not tell from a puzzle without a `0`.
    let hex = "0123456789ABCDEF";
    let (made, _, _) = out(&["generate", "--box", "4x4", "--alphabet", hex], "");
    assert!(made.starts_with(&format!("# exactcover: --alphabet {hex}\n")));
    assert_eq!(out(&["count", "--limit", "2"], &made).0, "1\n");
}

/// Point 5: a 9x9 grid with `0` for blanks, at most nine of them and no
/// `9` given, was read as a finished grid in 0-8: `solve` printed it back
/// and `count` said 1. It is a puzzle in 1-9.
#[test]
fn nine_by_nine_reads_zero_as_a_blank() {
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    // Every 9 taken away: nine blanks written `0`.
    let puzzle = solved.replace('9', "0");
    let (answer, err, status) = out(&["solve"], &format!("{puzzle}\n"));
    assert_eq!(
        (answer.as_str(), status),
        (format!("{solved}\n").as_str(), Some(0)),
        "{err}"
    );
    assert_eq!(out(&["count"], &format!("{puzzle}\n")).0, "1\n");
    // `0` beside `.`, no `9`: refused, naming both alphabets.
    let mixed = puzzle.replacen('1', ".", 1);
    let (answer, err, _) = out(&["solve"], &format!("{mixed}\n"));
    assert_eq!(answer, "invalid\n");
    assert!(
        err.contains("--alphabet 012345678") && err.contains("--alphabet 123456789"),
        "{err}"
    );
}

/// Point 6: a jigsaw line read without `--jigsaw` was solved as a classic
/// puzzle, status 0. Its region map is seen and the line refused; a
/// solution as a comment is still a comment. `--pretty` draws the regions
/// of a jigsaw, not 3x3 boxes.
#[test]
fn jigsaw_lines_need_the_option() {
    let jigsaw = data("variants/jigsaw-janko108.txt");
    let (answer, err, status) = out(&["solve", &jigsaw], "");
    assert_eq!((answer.as_str(), status), ("invalid\n", Some(1)));
    assert!(
        err.contains("--jigsaw") && err.contains("region map"),
        "{err}"
    );
    let solution = "1234341221434321";
    let (answer, _, status) = out(&["solve"], &format!("1.3..4..2......1 {solution}\n"));
    assert_eq!(
        (answer.as_str(), status),
        (format!("{solution}\n").as_str(), Some(0))
    );

    let (pretty, _, _) = out(&["solve", "--jigsaw", "--pretty", &jigsaw], "");
    let block: Vec<&str> = pretty.lines().skip(1).collect();
    assert!(!pretty.contains("------+-------+------"), "{pretty}");
    // The regions of janko108 end under r1c1 (region 9 above 5).
    assert!(block[1].starts_with('-'), "{pretty}");
}

/// A co-process: the command's standard input and output are pipes.
struct CoProcess {
    child: Child,
    input: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl CoProcess {
    fn start(args: &[&str]) -> CoProcess {
        let mut child = Command::new(binary())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        CoProcess {
            child,
            input,
            lines,
        }
    }

    /// Writes `line` and waits for the answer, at most 20 seconds.
    fn ask(&mut self, line: &str) -> Option<String> {
        writeln!(self.input, "{line}").ok()?;
        self.input.flush().ok()?;
        self.lines.recv_timeout(Duration::from_secs(20)).ok()
    }
}

impl Drop for CoProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Point 7 (and issue 30, point 6): with pipes on both sides and no
/// `--line-buffered`, `solve` answered nothing until 2,048 puzzles or the
/// end of input, and `grade` and `minimize` nothing until the end: a
/// program that writes a puzzle and waits for its answer deadlocked. Each
/// answer now comes before the command waits for more input.
#[test]
fn answers_flow_through_pipes_without_a_flag() {
    let puzzles = ["1.3..4..2......1", "..3.2.1....4.3.."];
    for args in [
        &["solve"][..],
        &["count"],
        &["grade"],
        &["minimize"],
        &["solve", "--jobs", "2"],
        &["grade", "--line-buffered"],
        &["minimize", "--line-buffered"],
    ] {
        let mut co = CoProcess::start(args);
        for puzzle in puzzles {
            // A comment and a blank line after it: the reader must not wait
            // for the next puzzle before answering this one.
            let answer = co.ask(&format!("{puzzle}\n# next\n"));
            assert!(answer.is_some(), "{args:?}: no answer to {puzzle}");
        }
    }
}

/// Point 8: `count --jobs 700 --box 1x35` printed 0 for an empty grid with
/// solutions, the split behind the threads refused. Only conflicting
/// givens count 0.
#[test]
fn counts_on_many_threads_are_never_a_silent_zero() {
    let empty = ".".repeat(35 * 35);
    let (count, err, status) = out(
        &["count", "--box", "1x35", "--jobs", "700", "--limit", "3"],
        &format!("{empty}\n"),
    );
    assert_eq!((count.as_str(), status), ("3+\n", Some(0)), "{err}");
    let (count, err, _) = out(&["count", "--jobs", "4"], "1...1...........\n");
    assert_eq!(count, "0\n");
    assert!(err.contains("conflicting givens"), "{err}");
}

/// Point 9: a key given twice in f-puzzles JSON dropped the first value
/// (its cages, its size) with status 0. It is refused, named.
#[test]
fn repeated_f_puzzles_keys_are_refused() {
    let json = std::fs::read_to_string(data("variants/killer-ukpuzzles.json")).unwrap();
    let twice = json.replacen('{', "{\"killercage\":[],", 1);
    let (answer, err, status) = out(&["solve"], &twice);
    assert_eq!((answer.as_str(), status), ("invalid\n", Some(1)));
    assert!(err.contains("\"killercage\" is given twice"), "{err}");
    let size = json.replacen('{', "{\"size\":9,", 1);
    let (_, err, _) = out(&["count"], &size);
    assert!(err.contains("\"size\" is given twice"), "{err}");
}

/// Point 13 (and issue 30, point 8): the help said "The box shape (9x9 by
/// default)" for the grid, and `generate --box 5x5` ran for hours, its
/// `--timeout` bounding each search but not the command. The help says
/// what the box is; a size that needs a budget asks for one; the timeout
/// bounds each puzzle, and says so.
#[test]
fn generate_is_bounded() {
    let (help, _, _) = out(&["generate", "--help"], "");
    assert!(help.contains("3x3 by default"), "{help}");
    assert!(help.contains("Stop each puzzle after SECONDS"), "{help}");
    let (_, err, status) = out(&["generate", "--box", "5x5"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("--timeout"), "{err}");
    let started = Instant::now();
    let (made, err, _) = out(
        &["generate", "--box", "4x5", "--timeout", "1", "--jobs", "1"],
        "",
    );
    let took = started.elapsed();
    assert!(took < Duration::from_secs(60), "{took:?}");
    let line = made.lines().last().unwrap_or_default();
    assert!(line == "failed" || line.len() == 400, "{made}{err}");
    for command in ["solve", "count", "grade", "minimize"] {
        let (help, _, _) = out(&[command, "--help"], "");
        assert!(
            help.contains("Stop each puzzle after SECONDS"),
            "{command}: {help}"
        );
        assert!(help.contains("f-puzzles JSON"), "{command}: {help}");
    }
}

/// Point 14: a folder among the files stopped the whole batch with
/// `exactcover: Is a directory (os error 21)`, naming nothing and answering
/// nothing for the other files.
#[test]
fn a_folder_is_named_and_the_others_answered() {
    let folder = std::env::temp_dir();
    let folder = folder.to_str().unwrap();
    let top95 = data("top95.txt");
    for command in ["solve", "count", "grade", "minimize"] {
        let mut args = vec![command, folder, &top95];
        if command == "minimize" {
            args.push("--max-nodes");
            args.push("1");
        }
        let (answers, err, status) = out(&args, "");
        assert_eq!(answers.lines().count(), 95, "{command}: {err}");
        assert!(
            err.starts_with(&format!("{folder}: cannot read: ")),
            "{command}: {err}"
        );
        assert_eq!(status, Some(2), "{command}");
    }
}

/// Point 15: a UTF-8 byte-order mark at the start of a file (Windows
/// editors write one) gave "17 cells", "unknown item" or "not JSON".
#[test]
fn byte_order_marks_are_skipped() {
    let bom = "\u{feff}";
    let puzzle = temp("bom.txt", format!("{bom}1.3..4..2......1\n").as_bytes());
    let puzzle = puzzle.to_str().unwrap();
    assert_eq!(out(&["solve", puzzle], "").0, "1234341221434321\n");
    assert_eq!(
        out(&["count"], &format!("{bom}1.3..4..2......1\n")).0,
        "1\n"
    );
    assert_eq!(out(&["grade", puzzle], "").2, Some(0));
    let json = std::fs::read_to_string(data("variants/x-sudopedia.json")).unwrap();
    assert_eq!(
        out(&["count", "--limit", "2"], &format!("{bom}{json}")).0,
        "1\n"
    );
    let named = temp("bom.json", format!("{bom}{json}").as_bytes());
    assert_eq!(
        out(&["count", "--limit", "2", named.to_str().unwrap()], "").0,
        "1\n"
    );
    let (cover, err, _) = out(&["cover", "--count"], &format!("{bom}A B\nA\nB\n"));
    assert_eq!(cover, "1\n", "{err}");
}

/// Point 17: `count` of a lone puzzle spreads it over every thread, and
/// `--max-nodes 100000` reported 144,032 nodes: a node budget bounds the
/// whole count.
#[test]
fn a_node_budget_bounds_a_count_on_threads() {
    let empty = format!("{}\n", ".".repeat(81));
    let (count, err, status) = out(
        &["count", "--jobs", "2", "--max-nodes", "100000", "--stats"],
        &empty,
    );
    assert!(count.ends_with("?\n"), "{count}");
    assert_eq!(status, Some(1));
    let nodes: u64 = err
        .lines()
        .find_map(|l| l.strip_prefix("nodes: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a nodes line");
    assert!(nodes <= 100_000, "{err}");
}

/// Point 18: real f-puzzles exports carry cosmetic keys; they are ignored
/// with a note, and a typo is answered with the nearest key read.
#[test]
fn f_puzzles_cosmetics_and_typos() {
    let json = std::fs::read_to_string(data("variants/x-sudopedia.json")).unwrap();
    let cosmetic = json.replacen(
        '{',
        r#"{"text":[{"cells":["R1C1"],"value":"hi"}],"cage":[{"cells":["R1C1","R1C2"]}],"highlightConflicts":true,"#,
        1,
    );
    let (count, err, status) = out(&["count", "--limit", "2"], &cosmetic);
    assert_eq!((count.as_str(), status), ("1\n", Some(0)), "{err}");
    assert!(
        err.contains("ignored \"text\"") && err.contains("ignored \"cage\""),
        "{err}"
    );
    let summed = json.replacen(
        '{',
        r#"{"cage":[{"cells":["R1C1","R1C2"],"value":"7"}],"#,
        1,
    );
    let (count, err, _) = out(&["count"], &summed);
    assert_eq!(count, "invalid\n", "{err}");
    assert!(err.contains("killercage"), "{err}");
    let typo = json.replacen(
        '{',
        r#"{"killercages":[{"cells":["R1C1"],"value":"5"}],"#,
        1,
    );
    let (count, err, _) = out(&["count"], &typo);
    assert_eq!(count, "invalid\n");
    assert!(err.contains("did you mean \"killercage\""), "{err}");
}

/// Point 19: usage errors found after parsing printed the usage of
/// `exactcover` as a whole, and some messages were the library's words.
#[test]
fn usage_errors_speak_of_the_command() {
    let (_, err, status) = out(&["solve", "--jigsaw", "--block"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("Usage: exactcover solve"), "{err}");
    let (_, err, _) = out(&["grade", "--box", "2x3", "--alphabet", "abcd"], "");
    assert!(err.contains("Usage: exactcover grade"), "{err}");
    let (_, err, _) = out(&["cover", "--jobs", "2"], "");
    assert!(err.contains("Usage: exactcover cover"), "{err}");
    for (args, words) in [
        (&["count", "--limit", "0"][..], "at least 1"),
        (&["solve", "--jobs", "2000"], "at most 1024 threads"),
        (&["generate", "--count", "x"], "not a whole number"),
        (
            &["solve", "--timeout", "1e300"],
            "longer than a timeout can be",
        ),
    ] {
        let (_, err, status) = out(args, "");
        assert_eq!(status, Some(2), "{args:?}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!err.contains("18446744073709551615"), "{args:?}: {err}");
    }
}

/// Point 20: `solve` of a puzzle with several solutions printed one, with
/// status 0 and no word. A note says so; `--unique` prints `not-unique`;
/// `--first` is the old, faster behaviour.
#[test]
fn solve_says_when_a_puzzle_is_not_unique() {
    let open = "1...............\n";
    let (answer, err, status) = out(&["solve"], open);
    assert_eq!((answer.lines().count(), status), (1, Some(0)));
    assert!(err.contains("several solutions"), "{err}");
    let (answer, err, status) = out(&["solve", "--unique"], open);
    assert_eq!((answer.as_str(), status), ("not-unique\n", Some(1)));
    assert!(err.contains("<stdin>:1: not unique"), "{err}");
    let (answer, err, status) = out(&["solve", "--first"], open);
    assert_eq!(
        (answer.lines().count(), err.as_str(), status),
        (1, "", Some(0))
    );
    let unique = "1.3..4..2......1\n";
    assert_eq!(out(&["solve", "--unique"], unique).0, "1234341221434321\n");
    assert_eq!(out(&["solve"], unique).1, "");
}

/// Issue 30, point 12: writing to a full disk said `No space left on
/// device` without naming standard output.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_named() {
    let top95 = data("top95.txt");
    for args in [
        &["generate"][..],
        &["grade", &top95],
        &["solve", &top95],
        &["minimize", "--max-nodes", "1", &top95],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = Command::new(binary())
            .args(args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        let last = err.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("exactcover: standard output: "),
            "{args:?}: {err}"
        );
    }
}

/// Issue 32: `grade` prints the grade from logic, on Sudoku Explainer's
/// scale: for a puzzle of the Sudoku Exchange bank rated 3.4 (an X-wing and
/// hidden pairs), a score within 0.5 of it and the level `hard`; `--explain`
/// names the hardest technique; `--search` prints the old search statistic.
#[test]
fn grade_prints_the_logic_score_of_a_rated_puzzle() {
    let puzzle =
        "000000000940301076800020003009706300081000960200000004000509000090040010005000400\n";
    let (graded, err, status) = out(&["grade"], puzzle);
    assert_eq!(status, Some(0), "{err}");
    let words: Vec<&str> = graded.split_whitespace().collect();
    let score: f64 = words[0].parse().expect("a score");
    assert!((score - 3.4).abs() <= 0.5, "{graded}");
    assert_eq!(words[1..], ["hard"], "{graded}");
    let (explained, _, _) = out(&["grade", "--explain"], puzzle);
    assert!(explained.starts_with(graded.trim_end()), "{explained}");
    assert!(explained.contains(" hardest=\""), "{explained}");
    assert!(explained.contains(" chains=-"), "{explained}");
    let (searched, _, _) = out(&["grade", "--search", "--explain"], puzzle);
    assert!(searched.contains("naked-singles="), "{searched}");
}

/// Issue 32: `generate --grade LO..HI` keeps puzzles whose logic grade (as
/// `sudoku::rate` gives it) is in the range.
#[test]
fn generate_grade_honours_the_logic_range() {
    use exactcover::Budget;
    use exactcover::sudoku::{Grid, rate};
    let (made, err, status) = out(
        &[
            "generate", "--seed", "7", "--grade", "3..4.5", "--count", "2", "--jobs", "1",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(made.lines().count(), 2, "{made}");
    for line in made.lines() {
        let grid: Grid = line.parse().expect("a puzzle");
        let score = rate(&grid, &Budget::new()).expect("unique").score;
        assert!((3.0..=4.5).contains(&score), "{line}: {score}");
    }
}

/// Issue 32: `hint` and `explain` read puzzles as `solve` does, so
/// variants get hints: a jigsaw line names its regions, an f-puzzles file
/// is explained to the end.
#[test]
fn hint_reads_jigsaw_lines_and_f_puzzles_files() {
    let jigsaw = data("variants/jigsaw-janko108.txt");
    let (hint, err, status) = out(&["hint", "--jigsaw", &jigsaw], "");
    assert_eq!(status, Some(0), "{err}");
    assert!(hint.starts_with("region "), "{hint}");
    assert_eq!(hint.lines().count(), 1, "{hint}");
    let x = data("variants/x-sudopedia.json");
    let (hint, err, status) = out(&["hint", "--json", &x], "");
    assert_eq!(status, Some(0), "{err}");
    assert!(hint.contains(r#","verdict":"step","rule":"#), "{hint}");
    let (walk, err, status) = out(&["explain", "--json", &x], "");
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(walk.lines().count(), 1, "one object for the puzzle: {walk}");
    assert!(walk.contains(r#""verdict":"solved","steps":[{"#), "{walk}");
    assert!(walk.ends_with("\"end\":{\"solved\":true}}\n"), "{walk}");
    // Without --jigsaw the map is refused, as solve refuses it.
    let (_, err, status) = out(&["hint", &jigsaw], "");
    assert_eq!(status, Some(1));
    assert!(err.contains("--jigsaw"), "{err}");
}

/// `explain --trace` prints the steps of logic as blocks with their base
/// and cover items, and `explain --html` writes the page of the first
/// puzzle with the same steps (issue 32's logic mode).
#[test]
fn explain_traces_the_steps_and_writes_their_page() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let (sentences, err, status) = out(&["explain"], puzzle);
    assert_eq!(status, Some(0), "{err}");
    let (trace, err, status) = out(&["explain", "--trace"], puzzle);
    assert_eq!(status, Some(0), "{err}");
    assert!(trace.starts_with("start: 17 options chosen, "), "{trace}");
    assert!(trace.ends_with("end: solved\n"), "{trace}");
    // Every sentence of explain, in order, under its step's heading.
    let steps: Vec<&str> = sentences.lines().collect();
    let (last, steps) = steps.split_last().expect("an end");
    assert_eq!(*last, "solved");
    let headed: Vec<&str> = trace
        .lines()
        .zip(trace.lines().skip(1))
        .filter(|(heading, _)| heading.starts_with("step "))
        .map(|(_, sentence)| sentence.trim_start())
        .collect();
    assert_eq!(headed, steps);
    assert!(trace.contains(
        "step 4: pointing\n  box 3: 7 can go only in row 2, so 7 is removed from r2c1 and r2c3 \
         (pointing: item 'box 3 has 7', cover 'row 2 has 7')\n  base: box 3 has 7\n  \
         cover: row 2 has 7\n  removes: r2c1=7, r2c3=7\n"
    ));
    let html = std::env::temp_dir().join(format!("exactcover-logic-{}.html", std::process::id()));
    let (_, err, status) = out(
        &["explain", "--html", html.to_str().expect("utf-8")],
        puzzle,
    );
    assert_eq!(status, Some(0), "{err}");
    let page = std::fs::read_to_string(&html).expect("the page");
    let _ = std::fs::remove_file(&html);
    assert!(page.contains("\"logic\":{"), "a logic path in the page");
    assert!(page.contains("box 3: 7 can go only in row 2"));
    // --trace prints text, --json objects: not both.
    let (_, _, status) = out(&["explain", "--trace", "--json"], puzzle);
    assert_eq!(status, Some(2));
}
