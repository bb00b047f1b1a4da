//! The command line, end to end.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn exactcover(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Write from another thread: a large input would otherwise fill the
    // pipes both ways and deadlock.
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

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("exactcover-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

const TOY: &str = "| Knuth's toy matrix\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

#[test]
fn cover_prints_solutions_as_option_lines() {
    let out = exactcover(&["cover"], TOY);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "A D\nC E F\nB G\n\n");
    let counted = exactcover(&["cover", "--count", "-"], TOY);
    assert_eq!(text(&counted.stdout), "1\n");
}

fn queens_text(n: usize) -> String {
    let mut s = String::new();
    for r in 0..n {
        s.push_str(&format!("r{r} "));
    }
    for c in 0..n {
        s.push_str(&format!("c{c} "));
    }
    s.push('|');
    for d in 0..2 * n - 1 {
        s.push_str(&format!(" a{d} b{d}"));
    }
    s.push('\n');
    for r in 0..n {
        for c in 0..n {
            s.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, n - 1 + r - c));
        }
    }
    s
}

#[test]
fn cover_counts_queens_with_limits_and_stats() {
    let q8 = queens_text(8);
    let out = exactcover(&["cover", "--count", "--stats"], &q8);
    assert_eq!(text(&out.stdout), "92\n");
    let err = text(&out.stderr);
    assert!(
        err.contains("nodes: ") && err.contains("updates: "),
        "{err}"
    );
    let limited = exactcover(&["cover", "--count", "--limit", "10"], &q8);
    assert_eq!(text(&limited.stdout), "10+\n");
    let listed = exactcover(&["cover", "--limit", "2"], &q8);
    let solutions: Vec<&str> = text(&listed.stdout)
        .leak()
        .split("\n\n")
        .filter(|s| !s.is_empty())
        .collect();
    assert_eq!(solutions.len(), 2);
    assert!(solutions.iter().all(|s| s.lines().count() == 8));
    let unsolvable = exactcover(&["cover", "--count"], &queens_text(3));
    assert_eq!(
        (text(&unsolvable.stdout).as_str(), unsolvable.status.code()),
        ("0\n", Some(0))
    );
    let bounded = exactcover(&["cover", "--count", "--max-nodes", "50"], &q8);
    assert!(text(&bounded.stdout).ends_with("?\n"));
    assert!(text(&bounded.stderr).contains("node limit"));
}

#[test]
fn cover_reports_bad_input_with_file_and_line() {
    let cases = [
        ("a b\na c\n", "<stdin>:2: unknown item 'c' (column 3)"),
        (
            "a b\n\n| comment\na b a\n",
            "<stdin>:4: item 'a' repeated in this option (column 5)",
        ),
        ("a b a\n", "<stdin>:1: duplicate item name 'a' (column 5)"),
        ("| only a comment\n\n", "<stdin>: no items"),
        (
            "a | b | c\n",
            "<stdin>:1: a second '|' in the item line (column 7)",
        ),
        (
            "a | b\na:1 b\n",
            "<stdin>:2: 'a:1' (column 1): only secondary items (after '|' in the item line) have colours",
        ),
        (
            "a | b\na b:\n",
            "<stdin>:2: 'b:' (column 5): a colour must be",
        ),
        (
            "a | b\na :x\n",
            "<stdin>:2: an empty item name before ':' (column 3)",
        ),
    ];
    for (input, message) in cases {
        let out = exactcover(&["cover"], input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{input:?}: {}",
            text(&out.stderr)
        );
        assert!(!text(&out.stderr).contains("panicked"));
    }
    let zero = exactcover(&["cover", "--limit", "0"], TOY);
    assert_eq!(zero.status.code(), Some(2));
    let missing = exactcover(&["cover", "/nonexistent/file.dlx"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("/nonexistent/file.dlx: cannot read:"));
}

#[test]
fn cover_warns_about_options_of_secondary_items_only() {
    let out = exactcover(&["cover", "--count"], "a | x\na x\nx\n");
    assert_eq!(text(&out.stdout), "1\n");
    assert!(
        text(&out.stderr).contains("<stdin>:3: warning"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

#[test]
fn solve_gives_one_line_per_puzzle_whatever_happens() {
    let input = format!(
        "# a comment\n{EASY} with a comment\n\n{bad}\n{short}\n{conflict}\n{EASY}\n",
        bad = EASY.replace("..3", "*.3"),
        short = &EASY[..80],
        conflict = EASY.replacen('.', "3", 1),
    );
    let out = exactcover(&["solve"], &input);
    assert_eq!(
        text(&out.stdout),
        format!("{EASY_SOLVED}\ninvalid\ninvalid\ninvalid\n{EASY_SOLVED}\n")
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("<stdin>:4: invalid puzzle: illegal character '*' at row 1, column 1"),
        "{err}"
    );
    assert!(err.contains("<stdin>:5: invalid puzzle: 80 cells"), "{err}");
    assert!(
        err.contains(
            "<stdin>:6: invalid: conflicting givens: '3' twice in row 1, at r1c1 and r1c3"
        ),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn count_prints_numbers_limits_and_zero_for_conflicts() {
    let multi = format!("{}\n", EASY.replacen("3", ".", 3)); // fewer givens
    let conflict = EASY.replacen('.', "3", 1);
    let input = format!("{EASY}\n{conflict}\n{}", multi);
    let out = exactcover(&["count", "--limit", "2"], &input);
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines[0], "1");
    assert_eq!(lines[1], "0");
    assert!(lines[2] == "2+" || lines[2] == "1", "{lines:?}");
    assert!(text(&out.stderr).contains("<stdin>:2: invalid: conflicting givens"));
    assert_eq!(out.status.code(), Some(0));
    let all = exactcover(&["count"], "................\n");
    assert_eq!(text(&all.stdout), "288\n");
    let zero = exactcover(&["count", "--limit", "0"], "");
    assert_eq!(zero.status.code(), Some(2));
}

#[test]
fn block_layout_alphabets_and_boxes() {
    let block = "\
# a 4x4 puzzle
1 . | 3 .
. 4 | . .
----+----
2 . | . .
. . | . 1

1 2 . .
. . . . .
. . . .
. . . .
";
    let out = exactcover(&["solve", "--block"], block);
    assert_eq!(text(&out.stdout), "1234341221434321\ninvalid\n");
    assert!(
        text(&out.stderr).contains("<stdin>:8: invalid puzzle: row 2 has 5 cells, expected 4"),
        "{}",
        text(&out.stderr)
    );

    let hex = "0".to_string() + &".".repeat(255);
    let out = exactcover(&["solve", "--alphabet", "0123456789ABCDEF"], &hex);
    let line = text(&out.stdout);
    assert_eq!(line.trim().len(), 256);
    assert!(line.starts_with('0'));
    assert_eq!(out.status.code(), Some(0));

    let six = ".".repeat(36);
    let boxed = exactcover(&["solve", "--box", "3x2"], &six);
    let grid: exactcover::sudoku::Grid = exactcover::sudoku::Reader::new()
        .with_shape("3x2".parse().unwrap())
        .read_line(text(&boxed.stdout).trim())
        .unwrap();
    assert!(grid.is_solved());
    let mismatch = exactcover(&["solve", "--box", "3x2"], &".".repeat(81));
    assert_eq!(text(&mismatch.stdout), "invalid\n");
    let contradictory = exactcover(&["solve", "--box", "3x3", "--alphabet", "1234"], "");
    assert_eq!(contradictory.status.code(), Some(2));
    let bad_box = exactcover(&["solve", "--box", "3by3"], "");
    assert_eq!(bad_box.status.code(), Some(2));

    let lower = exactcover(&["solve"], &format!("a{}", ".".repeat(99)));
    assert_eq!(
        text(&lower.stdout).chars().next(),
        Some('A'),
        "letters print in upper case"
    );
}

#[test]
fn files_in_order_unreadable_ones_reported() {
    let one = temp_file("one.txt", &format!("{EASY}\n"));
    let two = temp_file("two.txt", "1.3..4..2......1\n");
    let out = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args([
            "solve",
            one.to_str().unwrap(),
            "/nonexistent/puzzles.txt",
            two.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stdout),
        format!("{EASY_SOLVED}\n1234341221434321\n")
    );
    assert!(text(&out.stderr).contains("/nonexistent/puzzles.txt: cannot read:"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn empty_input_and_stats() {
    let out = exactcover(&["solve"], "");
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        ("", Some(0))
    );
    let out = exactcover(&["solve", "--stats", "-"], &format!("{EASY}\n"));
    let err = text(&out.stderr);
    assert!(
        err.contains("puzzles: 1") && err.contains("nodes:") && err.contains("time:"),
        "{err}"
    );
}

#[test]
fn budgets_on_the_command_line() {
    let hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let out = exactcover(
        &["solve", "--max-nodes", "200"],
        &format!("{hard}\n{EASY}\n"),
    );
    assert_eq!(text(&out.stdout), format!("timeout\n{EASY_SOLVED}\n"));
    assert!(text(&out.stderr).contains("<stdin>:1: timeout"));
    assert_eq!(out.status.code(), Some(1));
    let counted = exactcover(
        &["count", "--max-nodes", "5"],
        &format!("{}\n", ".".repeat(81)),
    );
    assert!(text(&counted.stdout).trim_end().ends_with('?'));
    let timed = exactcover(
        &["count", "--timeout", "0.05"],
        &format!("{}\n", ".".repeat(81)),
    );
    assert!(text(&timed.stdout).trim_end().ends_with('?'));
    assert!(text(&timed.stderr).contains("time limit"));
    let bad = exactcover(&["count", "--timeout", "-1"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn closed_standard_output_ends_quietly() {
    let input: String = std::iter::repeat_n(format!("{EASY}\n"), 20_000).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(["solve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(&first[..81], EASY_SOLVED.as_bytes());
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn no_panic_on_binary_garbage() {
    let garbage: Vec<u8> = (0..4000u32)
        .map(|k| (k.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let garbage = String::from_utf8_lossy(&garbage).into_owned();
    for args in [
        &["solve"][..],
        &["count"],
        &["solve", "--block"],
        &["cover"],
    ] {
        let out = exactcover(args, &garbage);
        assert!(!text(&out.stderr).contains("panicked"), "{args:?}");
        assert!(out.status.code().is_some());
    }
}

#[test]
fn parallel_batches_keep_input_order() {
    // More than one chunk (2,048 puzzles), with bad lines scattered through.
    let mut input = String::new();
    for k in 0..5000 {
        match k % 7 {
            0 => input.push_str("not a puzzle\n"),
            3 => input.push_str("# comment\n"),
            5 => input.push_str("1.3..4..2......1\n"),
            _ => input.push_str(&format!("{EASY}\n")),
        }
    }
    let one = exactcover(&["solve", "--jobs", "1"], &input);
    let two = exactcover(&["solve", "-j", "2"], &input);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(text(&one.stderr), text(&two.stderr));
    let lines: Vec<String> = text(&two.stdout).lines().map(String::from).collect();
    let expected: Vec<&str> = (0..5000)
        .filter(|k| k % 7 != 3)
        .map(|k| match k % 7 {
            0 => "invalid",
            5 => "1234341221434321",
            _ => EASY_SOLVED,
        })
        .collect();
    assert_eq!(lines, expected);
    assert_eq!(two.status.code(), Some(1));
}

#[test]
fn traces_and_pictures() {
    let out = exactcover(&["cover", "--trace"], TOY);
    let trace = text(&out.stdout);
    assert!(
        trace.starts_with("Level 0: A(2) B(2) C(2) D(3) E(2) F(2) G(3) -> A\ntry A D G (1 of 2)\n"),
        "{trace}"
    );
    // The solution is printed once, at the margin, in its usual form.
    assert_eq!(trace.matches("A D\nC E F\nB G\n\n").count(), 1, "{trace}");
    assert!(trace.contains("\nsolution 1:\nA D\n"), "{trace}");
    let covers = exactcover(&["cover", "--trace", "--trace-covers"], TOY);
    assert!(
        text(&covers.stdout).contains("\ncover A: hides 3 nodes\n"),
        "{}",
        text(&covers.stdout)
    );
    let cut = exactcover(
        &["cover", "--count", "--trace", "--trace-lines", "3"],
        &queens_text(6),
    );
    let text_cut = text(&cut.stdout);
    assert_eq!(text_cut.lines().count(), 5, "{text_cut}");
    assert!(text_cut.contains("trace cut after 3 lines"));
    assert!(text_cut.ends_with("4\n"));

    let solved = exactcover(&["solve", "--trace"], "1.3..4..2......1\n");
    let trace = text(&solved.stdout);
    assert!(trace.contains("try r1c2=2 (1 of 1)"), "{trace}");
    assert!(trace.ends_with("1234341221434321\n"), "{trace}");

    let svg = std::env::temp_dir().join(format!("exactcover-toy-{}.svg", std::process::id()));
    let tree = svg.with_extension("tree.svg");
    let drawn = exactcover(
        &[
            "cover",
            "--svg",
            svg.to_str().unwrap(),
            "--svg-tree",
            tree.to_str().unwrap(),
        ],
        TOY,
    );
    assert_eq!(drawn.status.code(), Some(0), "{}", text(&drawn.stderr));
    for path in [&svg, &tree] {
        let picture = std::fs::read_to_string(path).unwrap();
        assert!(picture.contains("<svg") && picture.trim_end().ends_with("</svg>"));
    }
    let too_large = exactcover(
        &["cover", "--count", "--svg", svg.to_str().unwrap()],
        &queens_text(8),
    );
    assert_eq!(too_large.status.code(), Some(1));
    assert!(
        text(&too_large.stderr).contains("too large"),
        "{}",
        text(&too_large.stderr)
    );

    // A 4x4 puzzle with ten givens leaves 24 items: small enough to draw.
    let sudoku_svg = svg.with_extension("sudoku.svg");
    let four = exactcover(
        &["solve", "--svg", sudoku_svg.to_str().unwrap()],
        "12343.1221..4.2.\n",
    );
    assert_eq!(text(&four.stdout), "1234341221434321\n");
    assert_eq!(four.status.code(), Some(0), "{}", text(&four.stderr));
    // In Sudoku's words, as the trace and the page say it.
    assert!(
        std::fs::read_to_string(&sudoku_svg)
            .unwrap()
            .contains(">r2c2<")
    );
}

#[test]
fn no_input_makes_a_command_panic() {
    fn prop(input: String, pick: u8) -> bool {
        let commands: [&[&str]; 6] = [
            &["solve"],
            &["count", "--limit", "3"],
            &["solve", "--block"],
            &["count", "--block", "--box", "2x2"],
            &["solve", "--alphabet", "0123"],
            &["cover", "--count", "--max-nodes", "10000"],
        ];
        let args = commands[usize::from(pick) % commands.len()];
        let out = exactcover(args, &input);
        let err = text(&out.stderr);
        // Every line of input with a puzzle gets one answer line; whatever
        // happens, no panic and a defined exit status.
        !err.contains("panicked") && matches!(out.status.code(), Some(0..=2))
    }
    quickcheck::QuickCheck::new()
        .tests(60)
        .quickcheck(prop as fn(String, u8) -> bool);
}

/// A 16x16 puzzle written 0-F is solved as 0-F without `--alphabet` (it was
/// read as 1-G with `0` a blank, another puzzle, with status 0); where `0`
/// could be either, the line is `invalid` and the message names the choice.
#[test]
fn sixteen_by_sixteen_from_zero_without_alphabet() {
    use exactcover::sudoku::{Alphabet, Grid, Shape, SudokuSolver};
    let empty = Grid::empty(Shape::for_size(16).unwrap());
    let solved = SudokuSolver::new().solution(&empty).unwrap().unwrap();
    let solved = solved
        .with_alphabet(Alphabet::new("0123456789ABCDEF").unwrap())
        .unwrap()
        .to_string();
    let puzzle: String = solved
        .chars()
        .enumerate()
        .map(|(k, ch)| if k % 3 == 1 { '.' } else { ch })
        .collect();
    let out = exactcover(&["solve"], &format!("{puzzle}\n"));
    assert_eq!(text(&out.stdout), format!("{solved}\n"));
    assert_eq!(out.status.code(), Some(0));
    let named = exactcover(&["solve", "--alphabet", "0123456789ABCDEF"], &puzzle);
    assert_eq!(named.stdout, out.stdout);

    let ambiguous = format!("{}{}", "0".repeat(20), ".".repeat(236));
    let out = exactcover(&["solve"], &format!("{ambiguous}\n"));
    assert_eq!(text(&out.stdout), "invalid\n");
    assert!(
        text(&out.stderr).contains("--alphabet 0123456789ABCDEF"),
        "{}",
        text(&out.stderr)
    );
}

/// `cover`: an over-long line is a positioned error read in bounded memory;
/// comments that look like data are reported; no solution is said so.
#[test]
fn cover_bounds_comments_and_no_solution() {
    let long = "a".repeat(3 << 20);
    let out = exactcover(&["cover"], &long);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("<stdin>:1: the line is longer than 1048576 bytes (column 1048577)"),
        "{}",
        text(&out.stderr)
    );

    let out = exactcover(&["cover"], "| x y\nx\ny\n");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("<stdin>:3: unknown item 'y'") && err.contains("line 1"),
        "{err}"
    );

    let out = exactcover(&["cover", "--count"], "a b\na\n|b\n");
    assert_eq!(text(&out.stdout), "0\n");
    let err = text(&out.stderr);
    assert!(
        err.contains("<stdin>:3: warning:") && err.contains("comment"),
        "{err}"
    );
    assert!(err.contains("<stdin>: no solution"), "{err}");
    assert_eq!(out.status.code(), Some(0));

    let none = exactcover(&["cover"], "a b\na\n");
    assert_eq!(
        (text(&none.stdout).as_str(), none.status.code()),
        ("", Some(0))
    );
    assert!(text(&none.stderr).contains("<stdin>: no solution"));
}

/// `--jobs` above 1,024 is a usage error (it started that many threads and
/// never finished); within the cap, more threads than cores is fine.
#[test]
fn jobs_are_capped() {
    for jobs in ["100000", "1025", "18446744073709551615"] {
        let out = exactcover(&["solve", "--jobs", jobs], "1.3..4..2......1\n");
        assert_eq!(out.status.code(), Some(2), "--jobs {jobs}");
        assert!(text(&out.stderr).contains("1024"), "{}", text(&out.stderr));
        assert!(out.stdout.is_empty());
    }
    let input = "1.3..4..2......1\n".repeat(3);
    let out = exactcover(&["count", "--jobs", "64"], &input);
    assert_eq!(text(&out.stdout), "1\n1\n1\n");
    assert_eq!(out.status.code(), Some(0));
}

/// `--box` and `--alphabet` are checked as every option is; a box larger
/// than the default alphabet needs `--alphabet` (every line was `invalid`).
#[test]
fn box_and_alphabet_are_checked_as_options() {
    let out = exactcover(&["solve", "--box", "3by3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("invalid value '3by3' for '--box <RxC>'"),
        "{}",
        text(&out.stderr)
    );
    let out = exactcover(&["count", "--alphabet", "1231"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("invalid value '1231' for '--alphabet <SYMBOLS>'"),
        "{}",
        text(&out.stderr)
    );
    let out = exactcover(&["solve", "--box", "1x100"], &".".repeat(10_000));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains("--alphabet"),
        "{}",
        text(&out.stderr)
    );
    let symbols: String = (0..100u32)
        .map(|k| char::from_u32(0x100 + k).unwrap())
        .collect();
    // Read, not refused: the search starts (and stops at its budget).
    let out = exactcover(
        &[
            "solve",
            "--box",
            "10x10",
            "--alphabet",
            &symbols,
            "--max-nodes",
            "10",
        ],
        &".".repeat(10_000),
    );
    assert_eq!(text(&out.stdout), "timeout\n", "{}", text(&out.stderr));
}

/// Runs the command with standard output redirected by the shell.
fn with_stdout(redirect: &str, args: &str) -> Output {
    let file = temp_file("closed.txt", &format!("{EASY}\n"));
    Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {args} {} {redirect}", file.display()))
        .arg(env!("CARGO_BIN_EXE_exactcover"))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// A closed standard output, or one that cannot be written, fails the
/// command with a message naming it (answers vanished with status 0).
#[test]
fn unwritable_standard_output_is_an_error() {
    for args in ["solve", "count"] {
        let out = with_stdout(">&-", args);
        assert_eq!(out.status.code(), Some(2), "{args}");
        let err = text(&out.stderr);
        assert!(err.contains("standard output"), "{err}");
        let out = with_stdout(">/dev/full", args);
        assert_eq!(out.status.code(), Some(2), "{args}");
        let err = text(&out.stderr);
        assert!(
            err.contains("standard output: No space left on device"),
            "{err}"
        );
    }
    let out = with_stdout(">/dev/null", "solve");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// Reads lines of `stdout` in a thread; `next` waits at most ten seconds.
struct Lines(std::sync::mpsc::Receiver<String>);

impl Lines {
    fn new(stdout: std::process::ChildStdout) -> Lines {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Lines(receive)
    }

    fn next(&self) -> String {
        self.0
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("an answer within ten seconds")
    }
}

/// With `--line-buffered`, each puzzle written to a pipe is answered before
/// the next is written (answers waited for 2,048 puzzles or the end).
#[test]
fn line_buffered_answers_each_puzzle_at_once() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(["solve", "--line-buffered"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = Lines::new(child.stdout.take().unwrap());
    for (puzzle, answer) in [
        (EASY, EASY_SOLVED),
        ("1.3..4..2......1", "1234341221434321"),
        ("bad", "invalid"),
        (EASY, EASY_SOLVED),
    ] {
        writeln!(stdin, "{puzzle}").unwrap();
        stdin.flush().unwrap();
        assert_eq!(lines.next(), answer);
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

/// An over-long line is answered `invalid` as soon as it is known to be
/// too long, while the rest of it is still coming.
#[test]
fn over_long_line_is_answered_at_once() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(["solve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = Lines::new(child.stdout.take().unwrap());
    stdin.write_all(&[b'1'; 100_000]).unwrap();
    stdin.flush().unwrap();
    assert_eq!(lines.next(), "invalid");
    writeln!(stdin, "still the same line\n{EASY}").unwrap();
    drop(stdin);
    assert_eq!(lines.next(), EASY_SOLVED);
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert!(
        err.contains("<stdin>:1: invalid puzzle: the line is longer than 65536 bytes"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// A block file read without `--block`, rows written with spaces, and a
/// letter past the grid's symbols: one `invalid` line each, with a message
/// that says what to do.
#[test]
fn input_traps_say_what_to_do() {
    let block = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
    let out = exactcover(&["solve"], block);
    assert_eq!(text(&out.stdout), "invalid\n".repeat(11));
    let err = text(&out.stderr);
    assert_eq!(err.matches("use --block").count(), 11, "{err}");
    let solved = exactcover(&["solve", "--block"], block);
    assert_eq!(solved.status.code(), Some(0));

    let rows = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let out = exactcover(&["count"], rows);
    assert_eq!(text(&out.stdout), "invalid\n".repeat(4));
    assert_eq!(text(&out.stderr).matches("use --block").count(), 4);
    let squares = "123......\n---+---\n";
    let out = exactcover(&["solve"], squares);
    assert_eq!(text(&out.stdout), "invalid\ninvalid\n");
    // With a size asked for, a small grid is a puzzle.
    let out = exactcover(&["solve", "--box", "1x3"], "12.......\n");
    assert_eq!(text(&out.stdout), "123231312\n");

    let out = exactcover(&["solve"], &format!("x{}\n", &EASY[1..]));
    let err = text(&out.stderr);
    assert!(
        err.contains("<stdin>:1: invalid puzzle: illegal character 'x' at row 1, column 1"),
        "{err}"
    );

    let one_per_line = format!("{}\n{}", format!("{EASY}\n").repeat(300), "1.\n.1\n");
    let out = exactcover(&["solve", "--block"], &one_per_line);
    assert_eq!(
        text(&out.stdout),
        "invalid\n1221\n",
        "the next block is read"
    );
    assert!(
        text(&out.stderr).contains("<stdin>:1: invalid puzzle: more than 100 rows"),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stderr).contains("leave out --block"));
}

/// The path of `data/variants/<name>`.
fn variant(name: &str) -> String {
    format!("{}/../data/variants/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn f_puzzles_files_are_solved_and_counted() {
    // The UK Puzzle Association's killer (see tests/variants.rs), its
    // published solution on one line.
    let out = exactcover(&["solve", &variant("killer-ukpuzzles.json")], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "632798154478165392195324786724639815813452679569817243346571928981243567257986431\n"
    );
    let out = exactcover(&["count", "--limit", "2", &variant("x-sudopedia.json")], "");
    assert_eq!(text(&out.stdout), "1\n");
    // Read from standard input, known by its leading brace.
    let json = std::fs::read_to_string(variant("antiknight-ctc.json")).unwrap();
    let out = exactcover(&["count", "--limit", "2"], &json);
    assert_eq!(text(&out.stdout), "1\n");
    // Without anti-knight the same givens have more solutions.
    let open = json.replace("\"antiknight\":true", "\"antiknight\":false");
    let out = exactcover(&["count", "--limit", "2"], &open);
    assert_eq!(text(&out.stdout), "2+\n");
}

#[test]
fn unsupported_f_puzzles_constraints_are_refused_by_name() {
    let out = exactcover(
        &["solve"],
        r#"{"size":9,"grid":[],"arrow":[{"cells":["R1C1"],"lines":[]}]}"#,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "invalid\n");
    assert_eq!(
        text(&out.stderr),
        "<stdin>: invalid f-puzzles file: unsupported constraint \"arrow\"\n"
    );
}

#[test]
fn jigsaw_lines_carry_their_region_map() {
    let line = std::fs::read_to_string(variant("jigsaw-janko108.txt")).unwrap();
    let solution = std::fs::read_to_string(variant("jigsaw-janko108.solution")).unwrap();
    let out = exactcover(
        &["solve", "--jigsaw"],
        &format!("# Janko 108\n{line}{line}"),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{solution}{solution}"));
    // A map with a region of 10 cells is refused, with its line.
    let bad = line.replacen("99999888", "99999988", 1);
    let out = exactcover(&["count", "--jigsaw"], &format!("{line}{bad}"));
    assert_eq!(text(&out.stdout), "1\ninvalid\n");
    assert_eq!(
        text(&out.stderr),
        "<stdin>:2: invalid region map: region 1 has 10 cells, not 9\n"
    );
    let out = exactcover(&["solve", "--jigsaw", "--block"], "");
    assert_eq!(out.status.code(), Some(2));
}

/// Jigsaw lines are answered as other puzzles are: in chunks on threads,
/// every answer in input order, bad lines in place with their messages.
#[test]
fn jigsaw_batches_keep_input_order() {
    let line = std::fs::read_to_string(variant("jigsaw-janko108.txt")).unwrap();
    let line = line.trim();
    let solution = std::fs::read_to_string(variant("jigsaw-janko108.solution")).unwrap();
    let givens = line.split_whitespace().next().unwrap();
    let mut input = String::new();
    for k in 0..2100 {
        match k % 5 {
            0 => input.push_str(&format!("{givens}\n")),
            2 => input.push_str("# comment\n"),
            _ => input.push_str(&format!("{line}\n")),
        }
    }
    let one = exactcover(&["solve", "--jigsaw", "--jobs", "1"], &input);
    let two = exactcover(&["solve", "--jigsaw", "-j", "2"], &input);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(text(&one.stderr), text(&two.stderr));
    let expected: String = (0..2100)
        .filter(|k| k % 5 != 2)
        .map(|k| match k % 5 {
            0 => "invalid\n",
            _ => solution.as_str(),
        })
        .collect();
    assert_eq!(text(&two.stdout), expected);
    let err = text(&two.stderr);
    assert!(
        err.starts_with(
            "<stdin>:1: invalid puzzle: no region map after the givens (--jigsaw)\n<stdin>:6: "
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 420);
    assert_eq!(two.status.code(), Some(1));
}

/// With `--line-buffered`, each jigsaw line is answered before the next is
/// written, as each puzzle line is.
#[test]
fn line_buffered_jigsaw_answers_each_line_at_once() {
    let line = std::fs::read_to_string(variant("jigsaw-janko108.txt")).unwrap();
    let solution = std::fs::read_to_string(variant("jigsaw-janko108.solution")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(["count", "--jigsaw", "--line-buffered"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = Lines::new(child.stdout.take().unwrap());
    for (puzzle, answer) in [(line.trim(), "1"), ("bad", "invalid"), (line.trim(), "1")] {
        writeln!(stdin, "{puzzle}").unwrap();
        stdin.flush().unwrap();
        assert_eq!(lines.next(), answer);
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(1));
    assert!(!solution.is_empty());
}

/// `grade` and `minimize` treat their files as `solve` does: a missing one
/// is named (`FILE: cannot read: why`), the others are answered, and the
/// status is 2.
#[test]
fn a_missing_puzzle_file_is_named_and_the_others_graded() {
    let one = temp_file("grade-one.txt", &format!("{EASY}\n"));
    let out = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(["grade", one.to_str().unwrap(), "/nonexistent/puzzles.txt"])
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout).lines().count(), 1);
    assert!(
        text(&out.stderr).starts_with("/nonexistent/puzzles.txt: cannot read: "),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(2));
    // Standard input may be named twice: the second time it is empty.
    let out = exactcover(&["grade", "-", "-"], &format!("{EASY}\n"));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn variant_traces_name_the_variant_items() {
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":1,"given":true}]],"killercage":[{"cells":["R1C2","R1C3"],"value":"5"}]}"#;
    let out = exactcover(&["solve", "--trace"], json);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("try cage 1 is 2+3 ("), "{stdout}");
    assert!(stdout.ends_with("1234341221434321\n"), "{stdout}");
}

#[test]
fn a_cage_whose_givens_break_its_sum_is_named() {
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{"value":2,"given":true},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"4"}]}"#;
    let out = exactcover(&["count"], json);
    assert_eq!(text(&out.stdout), "0\n");
    assert_eq!(
        text(&out.stderr),
        "<stdin>: unsolvable: the givens of cage 1 (at r1c1) add up to 3: its sum 4 is out of reach\n"
    );
    let out = exactcover(&["solve"], json);
    assert_eq!(text(&out.stdout), "unsolvable\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn cover_counts_on_threads_and_in_parts_that_merge() {
    // OEIS A000170: 352 solutions for 9 queens.
    let q9 = queens_text(9);
    for jobs in ["1", "2", "3"] {
        let out = exactcover(&["cover", "--count", "--jobs", jobs], &q9);
        assert_eq!(text(&out.stdout), "352\n", "--jobs {jobs}");
    }
    let out = exactcover(&["cover", "--count", "--jobs", "2", "--limit", "10"], &q9);
    assert_eq!(text(&out.stdout), "10+\n");

    for n in [1, 3, 16] {
        let mut lines = String::new();
        let mut plain = 0;
        for k in 0..n {
            let part = format!("{k}/{n}");
            let out = exactcover(&["cover", "--count", "--part", &part, "--json"], &q9);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            lines.push_str(&text(&out.stdout));
            let out = exactcover(&["cover", "--count", "--part", &part, "--jobs", "2"], &q9);
            plain += text(&out.stdout).trim().parse::<u64>().unwrap();
        }
        assert_eq!(plain, 352, "{n} parts");
        let merged = exactcover(&["merge"], &lines);
        assert_eq!(
            text(&merged.stdout),
            "352\n",
            "{n} parts: {}",
            text(&merged.stderr)
        );
        assert_eq!(merged.status.code(), Some(0));
        if n > 1 {
            // A part missing, or twice: refused.
            let without_first: String = lines.lines().skip(1).map(|l| format!("{l}\n")).collect();
            let missing = exactcover(&["merge"], &without_first);
            assert_eq!(missing.status.code(), Some(2));
            assert!(text(&missing.stderr).contains(&format!("1 of {n} parts missing: 0/{n}")));
            let twice = format!("{lines}{}\n", lines.lines().next().unwrap());
            let repeated = exactcover(&["merge"], &twice);
            assert_eq!(repeated.status.code(), Some(2));
            assert!(text(&repeated.stderr).contains(&format!("part 0/{n} again")));
        }
    }
    // Parts of another problem do not merge.
    let q8 = queens_text(8);
    let a = exactcover(&["cover", "--count", "--part", "0/2", "--json"], &q9);
    let b = exactcover(&["cover", "--count", "--part", "1/2", "--json"], &q8);
    let mixed = format!("{}{}", text(&a.stdout), text(&b.stdout));
    let out = exactcover(&["merge"], &mixed);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("of a different count"));
    // Bad parts and flags without --count.
    let out = exactcover(&["cover", "--count", "--part", "3/3"], &q8);
    assert_eq!(out.status.code(), Some(2));
    let out = exactcover(&["cover", "--jobs", "2"], &q8);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--jobs goes with --count"));
}

#[test]
fn split_files_count_to_the_total() {
    let dir = std::env::temp_dir().join(format!("exactcover-split-{}", std::process::id()));
    let q8 = temp_file("q8-split.dlx", &queens_text(8));
    for depth in ["0", "1", "3"] {
        let _ = std::fs::remove_dir_all(&dir);
        let out = exactcover(
            &[
                "split",
                "--depth",
                depth,
                "--dir",
                dir.to_str().unwrap(),
                q8.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let files: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
        assert!(!files.is_empty());
        let total: u64 = files
            .iter()
            .map(|f| {
                let counted = exactcover(&["cover", "--count", f], "");
                text(&counted.stdout).trim().parse::<u64>().unwrap()
            })
            .sum();
        assert_eq!(total, 92, "depth {depth}");
    }
    // With colours: Knuth's toy XCC problem has one solution.
    let _ = std::fs::remove_dir_all(&dir);
    let xcc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/xcc-toy.dlx"))
        .unwrap();
    let xcc = temp_file("xcc.dlx", &xcc);
    let out = exactcover(
        &[
            "split",
            "--depth",
            "1",
            "--dir",
            dir.to_str().unwrap(),
            xcc.to_str().unwrap(),
        ],
        "",
    );
    let total: u64 = text(&out.stdout)
        .lines()
        .map(|f| {
            text(&exactcover(&["cover", "--count", f], "").stdout)
                .trim()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(total, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn count_spreads_one_puzzle_over_threads() {
    // 288 4x4 grids; 6x6 grids with the first two rows given (a published
    // count would do, but the one-thread count checks the threads here).
    let out = exactcover(&["count", "--jobs", "2"], "................\n");
    assert_eq!(text(&out.stdout), "288\n");
    let six = "123456456123........................\n";
    let one = exactcover(&["count"], six);
    let two = exactcover(&["count", "--jobs", "2"], six);
    assert_eq!(text(&one.stdout), text(&two.stdout));
    assert!(text(&one.stdout).trim().parse::<u64>().unwrap() > 1);
    let limited = exactcover(&["count", "--jobs", "2", "--limit", "7"], six);
    assert_eq!(text(&limited.stdout), "7+\n");
    let conflict = exactcover(&["count", "--jobs", "2"], "1...1...........\n");
    assert_eq!(text(&conflict.stdout), "0\n");
    assert!(text(&conflict.stderr).contains("twice in column 1"));
}

#[test]
fn generate_minimize_and_grade_on_the_command_line() {
    let one = exactcover(
        &["generate", "--count", "5", "--seed", "4", "--jobs", "1"],
        "",
    );
    let two = exactcover(
        &["generate", "--count", "5", "--seed", "4", "--jobs", "2"],
        "",
    );
    assert_eq!(one.status.code(), Some(0), "{}", text(&one.stderr));
    assert_eq!(one.stdout, two.stdout, "the same seed, any --jobs");
    let puzzles = text(&one.stdout);
    assert_eq!(puzzles.lines().count(), 5);
    for line in puzzles.lines() {
        assert_eq!(line.len(), 81);
        let counted = exactcover(&["count", "--limit", "2"], &format!("{line}\n"));
        assert_eq!(text(&counted.stdout), "1\n", "{line}");
    }
    // Minimizing a minimal puzzle keeps it; grading prints a number and a level.
    let first = format!("{}\n", puzzles.lines().next().unwrap());
    let again = exactcover(&["minimize"], &first);
    assert_eq!(text(&again.stdout), first);
    let graded = exactcover(&["grade", "--explain"], &first);
    let words: Vec<String> = text(&graded.stdout)
        .split_whitespace()
        .map(String::from)
        .collect();
    assert!(words[0].parse::<f64>().is_ok());
    assert!(
        ["easy", "medium", "hard", "diabolical", "extreme"].contains(&words[1].as_str()),
        "{words:?}"
    );
    assert!(words[2].starts_with("hardest="), "{words:?}");
    // Reasons, one line per puzzle, and a bad line does not stop the rest.
    let out = exactcover(&["minimize"], "1...............\nxyz\n.23.1...4.......\n");
    assert_eq!(text(&out.stdout), "not-unique\ninvalid\nunsolvable\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("<stdin>:1: not unique"));
    let out = exactcover(
        &[
            "generate",
            "--box",
            "2x2",
            "--clues",
            "3",
            "--attempts",
            "5",
        ],
        "",
    );
    assert_eq!(text(&out.stdout), "failed\n");
    assert!(text(&out.stderr).contains("no puzzle with 3 clues in 5 attempts"));
    let out = exactcover(&["generate", "--symmetry", "spiral"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn html_pages_and_recordings() {
    let dir = std::env::temp_dir().join(format!("exactcover-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (html, json) = (dir.join("toy.html"), dir.join("toy.json"));
    let out = exactcover(
        &[
            "cover",
            "--html",
            html.to_str().unwrap(),
            "--steps",
            json.to_str().unwrap(),
        ],
        TOY,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "A D\nC E F\nB G\n\n");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Self-contained: no file or address is loaded.
    assert!(!page.contains(" src=") && !page.contains("<link") && !page.contains("https:"));
    for name in [
        "id=\"next\"",
        ">Next<",
        ">Back<",
        ">Play<",
        "data-step=",
        "data-level=",
    ] {
        assert!(page.contains(name), "the page has {name}");
    }
    let recording: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(recording["solutions"], 1);
    let steps = recording["steps"].as_array().unwrap();
    assert_eq!(steps[0]["step"], "choose");
    assert_eq!(steps[0]["lengths"][3], serde_json::json!([3, 3])); // D(3)
    let tries = steps.iter().filter(|s| s["step"] == "try").count();
    assert_eq!(tries, 5, "5 nodes, as DLX1 counts 6 with the root");

    // A Sudoku page has the board, in Sudoku's words.
    let sudoku = dir.join("sudoku.html");
    let out = exactcover(
        &["solve", "--html", sudoku.to_str().unwrap()],
        "1.3..4..2......1\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = std::fs::read_to_string(&sudoku).unwrap();
    assert!(
        page.contains("\"board\":{") && page.contains("row 1 has 2") && page.contains("r1c2=2")
    );

    // Too long a search is refused with advice, and nothing is written.
    let long = dir.join("queens.html");
    let out = exactcover(
        &[
            "cover",
            "--html",
            long.to_str().unwrap(),
            "--max-steps",
            "50",
        ],
        &queens_text(6),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("more than 50 steps"),
        "{}",
        text(&out.stderr)
    );
    assert!(!long.exists());

    // A page follows one search: not a count split over threads or parts.
    let out = exactcover(
        &[
            "cover",
            "--count",
            "--jobs",
            "2",
            "--html",
            long.to_str().unwrap(),
        ],
        &queens_text(6),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--html follows one search"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `solve FLAG OUT.svg` on `puzzle` and returns the picture.
fn solve_picture(flag: &str, puzzle: &str) -> String {
    let svg = std::env::temp_dir().join(format!("exactcover{flag}-{}.svg", std::process::id()));
    let out = exactcover(&["solve", flag, svg.to_str().unwrap()], puzzle);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let picture = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).unwrap();
    picture
}

#[test]
fn the_solve_pictures_speak_sudoku() {
    // The tree of the search, and the matrix of a puzzle with two empty
    // cells (small enough to draw).
    let tree = solve_picture("--svg-tree", "1.3..4..2......1\n");
    assert!(tree.contains("r1c2=2"), "{tree}");
    let matrix = solve_picture("--svg", "1234341221434.2.\n");
    for name in [">r4c2<", ">row 4 has 3<", ">box 4 has 1<", ">r4c2=3<"] {
        assert!(matrix.contains(name), "{name} in {matrix}");
    }
    // One vocabulary: never Knuth's short names (p12, r13).
    for short in ["p12", "r12", "r13", "c13", "p42", "r43"] {
        let short = format!(">{short}");
        assert!(
            !tree.contains(&short) && !matrix.contains(&short),
            "{short}"
        );
    }
}

/// A figure of `--stats`: the number after `name: `.
fn stat(stderr: &str, name: &str) -> u64 {
    let line = stderr
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no {name} in {stderr}"));
    line.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn cover_tree_abort_lists_dlx1s_solutions_without_its_dead_ends() {
    // Eight queens: 92 solutions (OEIS A000170) on either tree, listed in
    // the same order; DLX1 tries 1,198 options, of which the abort makes
    // every one not a dead end a node and counts the rest as aborted.
    let q8 = queens_text(8);
    let dlx1 = exactcover(&["cover", "--stats"], &q8);
    let abort = exactcover(&["cover", "--stats", "--tree", "abort"], &q8);
    assert_eq!(abort.status.code(), Some(0));
    assert_eq!(text(&abort.stdout), text(&dlx1.stdout));
    assert_eq!(text(&abort.stdout).matches("\n\n").count(), 92);
    let (d, a) = (text(&dlx1.stderr), text(&abort.stderr));
    assert_eq!(stat(&d, "nodes"), 1198);
    assert!(!d.contains("aborts: "), "{d}");
    assert!(stat(&a, "aborts") > 0, "{a}");
    assert_eq!(stat(&a, "nodes") + stat(&a, "aborts"), 1198);
    let counted = exactcover(&["cover", "--count", "--tree", "abort"], &q8);
    assert_eq!(text(&counted.stdout), "92\n");
    // Colours are Algorithm C's: refused, with what and where.
    let xcc = "A B | x\nA x:1\nB x:2\nA B\n";
    let coloured = exactcover(&["cover", "--tree", "abort"], xcc);
    assert_eq!(coloured.status.code(), Some(2));
    assert!(
        text(&coloured.stderr).starts_with("<stdin>: the tree abort is for Algorithm X only"),
        "{}",
        text(&coloured.stderr)
    );
    // The searches that walk trees of their own refuse it.
    for flag in [&["--memo"][..], &["--jobs", "2"], &["--json"]] {
        let mut args = vec!["cover", "--count", "--tree", "abort"];
        args.extend_from_slice(flag);
        let out = exactcover(&args, &q8);
        assert_eq!(out.status.code(), Some(2), "{flag:?}");
        assert!(
            text(&out.stderr).contains("--tree abort chooses the tree of the plain search"),
            "{}",
            text(&out.stderr)
        );
    }
    // The pictures and the trace show DLX1's tree.
    let traced = exactcover(&["cover", "--tree", "abort", "--trace"], &q8);
    assert_eq!(traced.status.code(), Some(2));
    assert!(text(&traced.stderr).contains("--tree abort is not shown: --trace shows"));
    let bad = exactcover(&["cover", "--tree", "ssxc1"], &q8);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("'ssxc1' is no search tree: dlx1 or abort"));
}
