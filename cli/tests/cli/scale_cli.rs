//! The commands of a count shared out (`cover --count --jobs/--part/--json`,
//! `split`, `merge`), end to end: what they refuse, and that they never
//! give a wrong count or a half-written file silently.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn exactcover(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
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

/// A fresh folder of this test process.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("exactcover-scale-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, contents: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

fn queens(n: usize) -> String {
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

/// The `sub-*.dlx` files of `dir`, sorted.
fn sub_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("sub-") && name.ends_with(".dlx")
        })
        .collect();
    files.sort();
    files
}

fn count_files(files: &[PathBuf]) -> u64 {
    files
        .iter()
        .map(|f| {
            let out = exactcover(&["cover", "--count", f.to_str().unwrap()], "");
            text(&out.stdout).trim().parse::<u64>().unwrap()
        })
        .sum()
}

#[test]
fn split_refuses_a_folder_that_holds_another_split() {
    let dir = folder("another-split");
    let q8 = write(&dir, "q8.dlx", queens(8).as_bytes());
    let out_dir = dir.join("parts");
    let split = |depth: &str| {
        exactcover(
            &[
                "split",
                "--depth",
                depth,
                "--dir",
                out_dir.to_str().unwrap(),
                &q8,
            ],
            "",
        )
    };
    let first = split("3");
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let files = sub_files(&out_dir);
    assert_eq!(count_files(&files), 92);
    // Another depth into the same folder: refused, the files left as they
    // are (they still add up to 92, not to 92 plus the new ones).
    let second = split("2");
    assert_eq!(second.status.code(), Some(2));
    assert!(
        text(&second.stderr).contains("holds the files of another split"),
        "{}",
        text(&second.stderr)
    );
    assert!(second.stdout.is_empty());
    assert_eq!(sub_files(&out_dir), files);
    // The same split again writes the same files.
    let again = split("3");
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert_eq!(sub_files(&out_dir), files);
    // Files of a split without a manifest (an older version's) are
    // refused too.
    std::fs::remove_file(out_dir.join("manifest.json")).unwrap();
    assert_eq!(split("3").status.code(), Some(2));
}

#[test]
fn split_finishes_its_files_when_the_reader_goes_away() {
    let dir = folder("reader-goes");
    let q8 = write(&dir, "q8.dlx", queens(8).as_bytes());
    let out_dir = dir.join("parts");
    let expected = {
        let all = folder("reader-goes-all");
        let out = exactcover(
            &["split", "--depth", "2", "--dir", all.to_str().unwrap(), &q8],
            "",
        );
        text(&out.stdout).lines().count()
    };
    // `split ... | head -c 0`: the reader has gone before the first path.
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' split --depth 2 --dir '{}' '{q8}' | head -c 0",
            env!("CARGO_BIN_EXE_exactcover"),
            out_dir.display()
        ))
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(sub_files(&out_dir).len(), expected);
    assert_eq!(count_files(&sub_files(&out_dir)), 92);
}

#[test]
fn split_writes_whole_files_or_none() {
    let dir = folder("whole-files");
    let q16 = write(&dir, "q16.dlx", queens(16).as_bytes());
    let full = dir.join("full");
    let out = exactcover(
        &[
            "split",
            "--depth",
            "1",
            "--dir",
            full.to_str().unwrap(),
            &q16,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    // A limit on the size of a file (as a full disk does) stops the writing
    // of the first one, about 4 KiB long, half way.
    let cut = dir.join("cut");
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 2; exec '{}' split --depth 1 --dir '{}' '{q16}'",
            env!("CARGO_BIN_EXE_exactcover"),
            cut.display()
        ))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(!status.success());
    // No file named as a subproblem is a cut copy.
    for file in sub_files(&cut) {
        let name = file.file_name().unwrap();
        assert_eq!(
            std::fs::read(&file).unwrap(),
            std::fs::read(full.join(name)).unwrap(),
            "{}",
            file.display()
        );
    }
}

/// A report line of part `k` of `n` of a split of `n` subproblems (one
/// each) claiming `solutions`.
fn forged(k: usize, n: usize, solutions: &str, extra: &str) -> String {
    format!(
        r#"{{"at_least":{n},"end":"exhausted","k":{k},"max_depth":1,"n":{n},"nodes":9223372036854775808,"part":"{k}/{n}","paths":["{}/{n}={k}"],"problem":"0123456789abcdef","seconds":0.5,"solutions":{solutions},"split":{n},"updates":1{extra}}}"#,
        k + 1
    )
}

#[test]
fn merge_adds_exactly_past_u64() {
    let half = "9223372036854775808"; // 2^63
    let lines = format!(
        "{}\n{}\n{}\n",
        forged(0, 3, half, ""),
        forged(1, 3, half, ""),
        forged(2, 3, "5", "")
    );
    let out = exactcover(&["merge"], &lines);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "18446744073709551621\n");
    assert!(
        text(&out.stderr).contains("27670116110564327424 nodes"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn merge_trusts_no_line() {
    let refused = |lines: &str, says: &str| {
        let out = exactcover(&["merge"], lines);
        assert_eq!(out.status.code(), Some(2), "{lines}");
        assert!(
            text(&out.stderr).contains(says),
            "{says} in {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    };
    // A billion parts claimed: a few named, the rest counted, at once.
    let start = Instant::now();
    refused(
        &forged(0, 1_000_000_000, "1", ""),
        "merge: 999999999 of 1000000000 parts missing: 1/1000000000 2/1000000000",
    );
    refused(
        &forged(0, 1_000_000_000, "1", ""),
        "10/1000000000 and 999999989 more",
    );
    assert!(start.elapsed() < Duration::from_secs(20));
    // A field twice, or unknown.
    refused(
        &forged(0, 1, "1", r#","solutions":2"#),
        r#"<stdin>:1: the field "solutions" twice"#,
    );
    refused(
        &forged(0, 1, "1", r#","extra":2"#),
        r#""extra" is not a field"#,
    );
    // Fields that disagree: part against k/n, paths against the split.
    let line = forged(0, 2, "1", "").replace(r#""part":"0/2""#, r#""part":"1/2""#);
    refused(&line, "disagrees with k and n");
    let line = forged(0, 2, "1", "").replace(r#""split":2"#, r#""split":4"#);
    refused(&line, "holds 2 subproblems, but 1 paths are listed");
    // Two parts holding the same subtree, or one below the other's.
    let a = forged(0, 2, "1", "");
    let b = forged(1, 2, "1", "").replace(r#""paths":["2/2=1"]"#, r#""paths":["1/2,1/1=0,7"]"#);
    refused(&format!("{a}\n{b}\n"), "overlaps subproblem 1/2=0");
    // A time no part can take.
    let line = forged(0, 1, "1", "").replace(r#""seconds":0.5"#, r#""seconds":1e308"#);
    refused(&line, r#""seconds" is not a number of seconds"#);
    // Solutions that are not a whole number of u64.
    refused(
        &forged(0, 1, "18446744073709551616", ""),
        r#""solutions" is not a whole number"#,
    );
}

#[test]
fn merge_reads_within_bounds() {
    let out = exactcover(&["merge", "/dev/zero"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "/dev/zero:1: a line longer than 134217728 bytes\n"
    );
}

#[test]
fn unreadable_inputs_are_named() {
    let dir = folder("unreadable");
    let name = dir.to_str().unwrap();
    for args in [
        vec!["merge", name],
        vec!["cover", name],
        vec!["split", "--depth", "1", name],
    ] {
        let out = exactcover(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.starts_with(&format!("{name}: cannot read: ")), "{err}");
    }
    let bad = write(&dir, "bad.jsonl", b"\n\xff\xfe\n");
    let out = exactcover(&["merge", &bad], "");
    assert_eq!(
        text(&out.stderr),
        format!("{bad}:2: the line is not UTF-8 text\n")
    );
    // Standard output that cannot be written.
    let q8 = write(&dir, "q8.dlx", queens(8).as_bytes());
    let parts = exactcover(&["cover", "--count", "--json", &q8], "");
    let jsonl = write(&dir, "parts.jsonl", &parts.stdout);
    let full = |command: String| {
        let out = Command::new("sh").arg("-c").arg(command).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(
            text(&out.stderr).contains("exactcover: standard output: "),
            "{}",
            text(&out.stderr)
        );
    };
    let bin = env!("CARGO_BIN_EXE_exactcover");
    full(format!("'{bin}' merge '{jsonl}' > /dev/full"));
    full(format!(
        "'{bin}' split --depth 1 --dir '{}' '{q8}' > /dev/full",
        dir.join("split").display()
    ));
    full(format!("'{bin}' cover --count --jobs 2 '{q8}' > /dev/full"));
}

#[test]
fn a_count_as_json_is_always_a_report() {
    let q8 = queens(8);
    let out = exactcover(&["cover", "--count", "--json"], &q8);
    assert_eq!(out.status.code(), Some(0));
    let line = text(&out.stdout);
    assert!(line.starts_with(r#"{"at_least":1,"#), "{line}");
    assert!(line.contains(r#""part":"0/1""#), "{line}");
    let merged = exactcover(&["merge"], &line);
    assert_eq!(text(&merged.stdout), "92\n");
}

#[test]
fn cover_jobs_zero_means_every_core() {
    let q8 = queens(8);
    let out = exactcover(&["cover", "--count", "--jobs", "0", "--stats"], &q8);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "92\n");
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    assert!(
        text(&out.stderr).contains(&format!("threads: {}", cores.min(256))),
        "{}",
        text(&out.stderr)
    );
    // The split is counted in the statistics: as many nodes as one thread.
    let one = exactcover(&["cover", "--count", "--stats"], &q8);
    let two = exactcover(&["cover", "--count", "--stats", "--jobs", "2"], &q8);
    let nodes = |out: &Output| {
        text(&out.stderr)
            .lines()
            .find(|l| l.starts_with("nodes: "))
            .unwrap()
            .to_string()
    };
    assert_eq!(nodes(&one), "nodes: 1198");
    assert_eq!(nodes(&two), nodes(&one));
}

#[test]
fn the_budget_covers_the_split() {
    // A chain: every item has one option, so the tree never widens and a
    // split into parts goes down level after level.
    let n = 3_000;
    let mut chain: String = (0..n).map(|i| format!("i{i} ")).collect();
    chain.push('\n');
    for i in 0..n {
        chain.push_str(&format!("i{i}\n"));
    }
    let start = Instant::now();
    let out = exactcover(
        &["cover", "--count", "--max-nodes", "0", "--part", "0/2"],
        &chain,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "0?\n");
    assert!(
        text(&out.stderr).contains("(node limit reached) while splitting after 0 nodes"),
        "{}",
        text(&out.stderr)
    );
    let out = exactcover(
        &[
            "cover",
            "--count",
            "--max-nodes",
            "100",
            "--part",
            "0/2",
            "--json",
        ],
        &chain,
    );
    let line = text(&out.stdout);
    assert!(line.contains(r#""nodes":100,"#), "{line}");
    assert!(line.contains(r#""split":0,"#), "{line}");
    assert!(start.elapsed() < Duration::from_secs(60));
}

#[test]
fn a_wide_level_is_split_in_part_not_refused() {
    // 4,000 options on A and 300 on B: 1,200,000 solutions. The search
    // branches on B first (300 nodes), then on A: a split into 8,192
    // subproblems (128 threads) would go down to the 1,200,000 nodes of
    // level 2. It expands only the first two nodes of level 1 instead:
    // 298 + 2 x 4,000 subproblems.
    let mut wide = String::from("A B\n");
    wide.push_str(&"A\n".repeat(4_000));
    wide.push_str(&"B\n".repeat(300));
    let out = exactcover(&["cover", "--count", "--jobs", "128", "--stats"], &wide);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1200000\n");
    assert!(
        text(&out.stderr).contains("subproblems: 8298 of 8298"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn usage_errors_say_what_is_wrong() {
    let said = |args: &[&str], says: &str| {
        let out = exactcover(args, &queens(4));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{says} in {err}");
    };
    said(
        &["cover", "--count", "--part", "0/0"],
        "'0/0': N is the number of parts, at least 1",
    );
    said(
        &["cover", "--count", "--part", "4/4"],
        "there is no part 4 of 4 (parts are numbered from 0 to 3)",
    );
    said(&["cover", "--count", "--part", "x"], "'x' is not K/N");
    said(
        &["cover", "--timeout", "1e30"],
        "'1e30' seconds is longer than a timeout can be",
    );
    // Without --count, --json lists the solutions: a trace's text cannot
    // go with them.
    said(
        &["cover", "--json", "--trace"],
        "--trace writes text beside the solutions: it cannot go with --json",
    );
}
