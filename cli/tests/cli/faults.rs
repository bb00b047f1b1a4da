//! Faults from outside (issue 30): signals that stop a long count, memory
//! with many threads, a page that cannot hold the steps asked for.
//!
//! The signal tests start a count that would run for ages (every grid of
//! an empty 9x9 Sudoku), let it run, send it SIGTERM or SIGINT with
//! `kill`, and check that it printed what it knew before the signal ended
//! it.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::Duration;

/// How long a count runs before the signal: the handlers are installed
/// long before (at the start of `main`).
const RUN: Duration = Duration::from_millis(1500);

/// A fresh folder of this test process.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("exactcover-faults-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, contents: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An empty 9x9 Sudoku in Knuth's format: 6.67e21 solutions.
fn empty_sudoku_dlx() -> String {
    let mut s = String::new();
    for kind in ["p", "r", "c", "b"] {
        for a in 0..9 {
            for b in 0..9 {
                s.push_str(&format!("{kind}{a}{b} "));
            }
        }
    }
    s.push('\n');
    for r in 0..9 {
        for c in 0..9 {
            for d in 0..9 {
                let b = r / 3 * 3 + c / 3;
                s.push_str(&format!("p{r}{c} r{r}{d} c{c}{d} b{b}{d}\n"));
            }
        }
    }
    s
}

fn start(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs `args` for a while, sends `signal` (`TERM` or `INT`), and returns
/// what the command wrote and how it ended.
fn interrupted(args: &[&str], signal: &str) -> Output {
    let child = start(args);
    thread::sleep(RUN);
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{signal}");
    child.wait_with_output().unwrap()
}

/// `N?` and nothing else: the solutions counted before the signal.
fn assert_lower_bound(stdout: &str) {
    let count = stdout
        .strip_suffix("?\n")
        .unwrap_or_else(|| panic!("not `N?`: {stdout:?}"));
    assert!(count.parse::<u64>().is_ok(), "{stdout:?}");
}

#[test]
fn sigterm_stops_a_count_which_prints_what_it_knows() {
    let dir = folder("count");
    let grid = write(&dir, "empty.txt", &format!("{}\n", ".".repeat(81)));
    let out = interrupted(&["count", "--jobs", "1", &grid], "TERM");
    // Ended by the signal, as a shell expects (status 143), but having said
    // what it knew first.
    assert_eq!(out.status.signal(), Some(15), "{:?}", out.status);
    assert_lower_bound(&text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("interrupted by SIGTERM"), "{err}");
    assert!(err.contains(" nodes"), "{err}");
    assert!(
        err.contains("of the search tree (Knuth's estimate)"),
        "{err}"
    );
}

#[test]
fn sigint_stops_cover_count_on_one_thread_and_on_two() {
    let dir = folder("cover");
    let problem = write(&dir, "sudoku.dlx", &empty_sudoku_dlx());
    for jobs in ["1", "2"] {
        let out = interrupted(&["cover", "--count", "--jobs", jobs, &problem], "INT");
        assert_eq!(
            out.status.signal(),
            Some(2),
            "--jobs {jobs}: {:?}",
            out.status
        );
        assert_lower_bound(&text(&out.stdout));
        let err = text(&out.stderr);
        assert!(
            err.contains("interrupted by SIGINT"),
            "--jobs {jobs}: {err}"
        );
        assert!(err.contains("(Knuth's estimate)"), "--jobs {jobs}: {err}");
    }
}

#[test]
fn parts_stopped_by_sigterm_write_their_lines_marked_unfinished() {
    let dir = folder("part");
    let problem = write(&dir, "sudoku.dlx", &empty_sudoku_dlx());
    let mut parts = Vec::new();
    for k in ["0/2", "1/2"] {
        let args = ["cover", "--count", "--part", k, "--json", &problem];
        let out = interrupted(&args, "TERM");
        assert_eq!(out.status.signal(), Some(15), "{:?}", out.status);
        let line = text(&out.stdout);
        assert!(line.starts_with('{') && line.ends_with("}\n"), "{line:?}");
        assert!(line.contains(r#""end":"interrupted"#), "{line}");
        assert!(line.contains(&format!(r#""part":"{k}""#)), "{line}");
        let err = text(&out.stderr);
        assert!(err.contains("of the whole problem's search tree"), "{err}");
        parts.push(write(&dir, &format!("part{}.json", parts.len()), &line));
    }
    // `merge` adds them as parts that did not finish: a lower bound.
    let merged = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .arg("merge")
        .args(&parts)
        .output()
        .unwrap();
    let err = text(&merged.stderr);
    assert!(err.contains("2 parts did not finish"), "{err}");
    assert_lower_bound(&text(&merged.stdout));
}

#[test]
fn a_batch_stopped_by_sigterm_ends_on_whole_lines() {
    let dir = folder("batch");
    let top95 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/top95.txt"));
    let mut input: String = top95
        .unwrap()
        .lines()
        .take(3)
        .map(|l| l.to_string() + "\n")
        .collect();
    for _ in 0..3 {
        input.push_str(&".".repeat(81));
        input.push('\n');
    }
    let batch = write(&dir, "batch.txt", &input);
    for jobs in ["1", "2"] {
        let out = interrupted(&["count", "--jobs", jobs, &batch], "TERM");
        assert_eq!(
            out.status.signal(),
            Some(15),
            "--jobs {jobs}: {:?}",
            out.status
        );
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        // The three puzzles, then the first empty grid stopped: no more.
        assert_eq!(lines.len(), 4, "--jobs {jobs}: {stdout:?}");
        assert!(stdout.ends_with('\n'), "--jobs {jobs}: {stdout:?}");
        assert_eq!(lines[..3], ["1", "1", "1"], "--jobs {jobs}");
        assert_lower_bound(&format!("{}\n", lines[3]));
        let err = text(&out.stderr);
        assert!(err.contains(":4: count incomplete"), "--jobs {jobs}: {err}");
        assert!(
            err.contains("interrupted by SIGTERM"),
            "--jobs {jobs}: {err}"
        );
    }
}

#[test]
fn threads_are_capped_by_the_memory_of_their_matrices() {
    let dir = folder("memory");
    let problem = write(&dir, "sudoku.dlx", &empty_sudoku_dlx());
    let out = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args([
            "cover",
            "--count",
            "--jobs",
            "8",
            "--max-memory",
            "1",
            "--max-nodes",
            "5000",
        ])
        .arg(&problem)
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert!(err.contains("counting on 1 thread instead of 8"), "{err}");
    assert!(err.contains("--max-memory allows"), "{err}");
    assert_lower_bound(&text(&out.stdout));
    // A size that is no size is a usage error.
    let bad = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args([
            "cover",
            "--count",
            "--jobs",
            "2",
            "--max-memory",
            "lots",
            &problem,
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("not a size such as 512M"));
}

/// `count --jobs 64` of an empty 100x100 grid where memory is short (the
/// address space limited to about 1.5 GB by `ulimit -v`): each thread's
/// matrix takes tens of megabytes, and the threads that cannot have one
/// leave the count to the others. Before, bumpalo panicked ("out of
/// memory", status 101).
#[test]
fn threads_without_memory_are_no_panic() {
    let dir = folder("ulimit");
    let alphabet: String = (0..100)
        .map(|i| char::from_u32(0x100 + i).unwrap())
        .collect();
    let grid = write(&dir, "empty100.txt", &format!("{}\n", ".".repeat(10_000)));
    let script = format!(
        "ulimit -v 1500000 && exec \"$0\" count --alphabet {alphabet} --jobs 64 --max-nodes 20000 {grid}"
    );
    let out = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_exactcover")])
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("node limit reached"), "{err}");
    assert_lower_bound(&text(&out.stdout));
}

#[test]
fn max_steps_is_bounded_by_what_a_page_can_show() {
    let dir = folder("steps");
    let html = dir.join("toy.html");
    let toy = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/knuth-toy.dlx");
    let run = |steps: &str| {
        Command::new(env!("CARGO_BIN_EXE_exactcover"))
            .args(["cover", "--max-steps", steps, "--html"])
            .arg(&html)
            .arg(toy)
            .output()
            .unwrap()
    };
    let out = run("100000000000");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("more than a page can show: at most 1000000"),
        "{err}"
    );
    assert!(!html.exists());
    let out = run("1000000");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(html.exists());
}
