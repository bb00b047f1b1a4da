//! Faults, third round (issue 39): a closed standard input, a memo budget
//! too small for one entry, a split of a wide first level under limits
//! and signals, and allocations that fail under an address-space cap.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A fresh folder of this test process.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("exactcover-faults3-{}", std::process::id()))
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

/// Runs the binary with `args` through `sh -c "{prefix} exec ..."`, so
/// that the shell can close a descriptor or cap the address space first.
fn shell(prefix: &str, args: &[&str]) -> Output {
    let script = format!("{prefix} exec \"$0\" \"$@\"");
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .output()
        .expect("sh runs")
}

// Defect 4: a closed standard input read as an empty one (`count <&-`
// printed nothing with status 0, `cover` said "no items", `merge` "no
// parts"), where the docs promise "cannot read".

#[test]
fn a_closed_standard_input_cannot_be_read() {
    for args in [
        &["count"][..],
        &["solve", "-"],
        &["cover"],
        &["cover", "--count", "-"],
        &["merge"],
        &["merge", "-"],
    ] {
        let out = shell("exec 0<&-;", args);
        let err = text(&out.stderr);
        assert!(
            err.contains("<stdin>: cannot read: standard input is closed"),
            "{args:?}: {err}"
        );
        assert_ne!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
    }
}

/// An empty input from `/dev/null` is still an empty input, not a closed
/// one (the shell opens it for reading only).
#[test]
fn an_empty_standard_input_is_still_read() {
    let out = shell("exec 0</dev/null;", &["count"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = shell("exec 0</dev/null;", &["cover"]);
    let err = text(&out.stderr);
    assert!(!err.contains("cannot read"), "{err}");
}

/// A descriptor open for writing only reads with `EBADF`, which
/// `io::Stdin` took for the end of the input.
#[test]
fn a_standard_input_open_for_writing_only_cannot_be_read() {
    let dir = folder("write-only");
    let file = write(&dir, "w", "");
    let out = shell(&format!("exec 0>>{file};"), &["count"]);
    let err = text(&out.stderr);
    assert!(err.contains("<stdin>: cannot read: "), "{err}");
    assert_ne!(out.status.code(), Some(0), "{err}");
}

/// Runs the binary with `args` on the problem `input` (a file).
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .output()
        .expect("the binary runs")
}

// Defect 3: a memo under about 40 KiB stored nothing (its first table
// alone took 32 KiB), said nothing, gave up, and `--stats` said "cache
// full: no".

/// `n` disjoint copies of a block of three items with three covers:
/// `3^n` covers in all, and few distinct states for the memo.
fn blocks(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!("a{i} b{i} c{i} "));
    }
    s.push('\n');
    for i in 0..n {
        for option in ["a b c", "a", "b c", "a b", "c"] {
            let named: Vec<String> = option.split(' ').map(|x| format!("{x}{i}")).collect();
            s.push_str(&named.join(" "));
            s.push('\n');
        }
    }
    s
}

/// The dominoes of a `w` x `h` board: one item per cell.
fn dominoes(w: usize, h: usize) -> String {
    let mut s = String::new();
    for r in 0..h {
        for c in 0..w {
            s.push_str(&format!("r{r}c{c} "));
        }
    }
    s.push('\n');
    for r in 0..h {
        for c in 0..w {
            if c + 1 < w {
                s.push_str(&format!("r{r}c{c} r{r}c{}\n", c + 1));
            }
            if r + 1 < h {
                s.push_str(&format!("r{r}c{c} r{}c{c}\n", r + 1));
            }
        }
    }
    s
}

/// 3^45 covers count at once with 32 KiB (before: at once with 64K, never
/// with 32K: the memo stored nothing, gave up, and the plain search set
/// off to visit every cover; the node limit here stops that at once);
/// 8x8 dominoes keep their memo with 32 KiB (before: it gave up and took
/// 50 million nodes).
#[test]
fn a_small_memo_still_stores_subproblems() {
    let dir = folder("small-memo");
    let file = write(&dir, "blocks45.dlx", &blocks(45));
    let out = run(&[
        "cover",
        "--count",
        "--memo",
        "--memory",
        "32K",
        "--max-nodes",
        "1000000",
        "--timeout",
        "120",
        &file,
    ]);
    let err = text(&out.stderr);
    assert_eq!(text(&out.stdout), "2954312706550833698643\n", "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("memo"), "{err}");

    let file = write(&dir, "dominoes8.dlx", &dominoes(8, 8));
    let out = run(&[
        "cover",
        "--count",
        "--memo",
        "--memory",
        "32K",
        "--stats",
        "--max-nodes",
        "1000000",
        "--timeout",
        "120",
        &file,
    ]);
    let err = text(&out.stderr);
    assert_eq!(text(&out.stdout), "12988816\n", "{err}");
    assert!(err.contains("memo gave up: no"), "{err}");
}

/// A memory that holds not one state is said, with the least that does,
/// and `--stats` says the cache filled (before: nothing said, and "cache
/// full: no" once the memo had given up and emptied its cache).
#[test]
fn a_memo_that_holds_nothing_says_so() {
    let dir = folder("no-memo");
    let file = write(&dir, "blocks10.dlx", &blocks(10));
    for jobs in [None, Some("2")] {
        let mut args = vec!["cover", "--count", "--memo", "--memory", "16", "--stats"];
        if let Some(jobs) = jobs {
            args.extend(["--jobs", jobs]);
        }
        args.push(&file);
        let out = run(&args);
        let err = text(&out.stderr);
        assert_eq!(text(&out.stdout), "59049\n", "{jobs:?}: {err}");
        assert!(err.contains("cache full: yes"), "{jobs:?}: {err}");
        let said = err
            .lines()
            .find(|l| l.contains("hold no subproblem"))
            .unwrap_or_else(|| panic!("{jobs:?}: {err}"));
        let least: usize = said
            .rsplit("--memory ")
            .next()
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{said}"));
        // The least memory said is enough: the memo stores states with it.
        let least = least.to_string();
        let mut args = vec!["cover", "--count", "--memo", "--memory", &least, "--stats"];
        if let Some(jobs) = jobs {
            args.extend(["--jobs", jobs]);
        }
        args.push(&file);
        let out = run(&args);
        let err = text(&out.stderr);
        assert_eq!(text(&out.stdout), "59049\n", "{jobs:?}: {err}");
        assert!(!err.contains("hold no subproblem"), "{jobs:?}: {err}");
        assert!(!err.contains("signatures: 0\n"), "{jobs:?}: {err}");
    }
}

// Defect 1: the split made the root's whole first level in one call that
// looked at no deadline, no node budget and no cancel flag: with 200,000
// options the count went on for minutes past its timeout or a SIGTERM.

/// 20 primary items and `options` random options of 5 distinct items
/// each (SplitMix64, seed 39): the first level has about `options / 4`
/// children, each of which covers five items of about as many options.
fn wide(options: usize) -> String {
    let mut state: u64 = 39;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut s: String = (0..20).map(|i| format!("i{i} ")).collect();
    s.push('\n');
    for _ in 0..options {
        let mut items: Vec<u64> = Vec::new();
        while items.len() < 5 {
            let i = next() % 20;
            if !items.contains(&i) {
                items.push(i);
            }
        }
        let named: Vec<String> = items.iter().map(|i| format!("i{i}")).collect();
        s.push_str(&named.join(" "));
        s.push('\n');
    }
    s
}

/// Runs `args` and waits for it at most `limit`, sending `signal` after
/// `after` if one is given; the output and whether it ended in time (a
/// hang check: the command is killed past `limit`).
fn within(args: &[&str], signal: Option<(&str, Duration)>, limit: Duration) -> (Output, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    let mut signalled = false;
    let mut in_time = true;
    loop {
        if child.try_wait().expect("waits").is_some() {
            break;
        }
        if let Some((name, after)) = signal {
            if !signalled && start.elapsed() >= after {
                let sent = Command::new("kill")
                    .args([&format!("-{name}"), &child.id().to_string()])
                    .status()
                    .expect("kill runs");
                assert!(sent.success());
                signalled = true;
            }
        }
        if start.elapsed() >= limit {
            in_time = false;
            let _ = child.kill();
            break;
        }
        thread::sleep(Duration::from_millis(20));
    }
    (child.wait_with_output().expect("waits"), in_time)
}

/// `--timeout 2` holds for the split on threads, in parts and with the
/// memo: the count stops as a stopped count (`N?`, status 1) long before
/// the 120 s of the hang check (before: 15 to 54 s with 50,000 options,
/// minutes with 200,000).
#[test]
fn a_timeout_stops_the_split_of_a_wide_first_level() {
    let dir = folder("wide-timeout");
    let file = write(&dir, "wide.dlx", &wide(200_000));
    for extra in [
        &["--jobs", "2"][..],
        &["--part", "0/2", "--json"],
        &["--memo", "--jobs", "2"],
    ] {
        let mut args = vec!["cover", "--count", "--timeout", "2"];
        args.extend_from_slice(extra);
        args.push(&file);
        let (out, in_time) = within(&args, None, Duration::from_secs(120));
        let err = text(&out.stderr);
        assert!(in_time, "{extra:?}: still running after 120 s: {err}");
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {err}");
        let stdout = text(&out.stdout);
        if extra.contains(&"--json") {
            assert!(stdout.contains(r#""end":"interrupted"#), "{stdout}");
        } else {
            assert!(stdout.ends_with("?\n"), "{extra:?}: {stdout:?}");
            assert!(err.contains("count stopped"), "{extra:?}: {err}");
        }
    }
}

/// SIGTERM while the split makes a wide first level stops it (the flag
/// is looked at before every child), and the count ends by the signal
/// having printed `N?` (before: 14 s later with 50,000 options, still
/// running ten minutes later with 200,000).
#[test]
fn sigterm_stops_the_split_of_a_wide_first_level() {
    let dir = folder("wide-sigterm");
    let file = write(&dir, "wide.dlx", &wide(200_000));
    let args = ["cover", "--count", "--jobs", "2", &file];
    let (out, in_time) = within(
        &args,
        Some(("TERM", Duration::from_millis(2500))),
        Duration::from_secs(120),
    );
    let err = text(&out.stderr);
    assert!(in_time, "still running 120 s after SIGTERM: {err}");
    assert_eq!(out.status.signal(), Some(15), "{:?}: {err}", out.status);
    let stdout = text(&out.stdout);
    assert!(stdout.ends_with("?\n"), "{stdout:?}: {err}");
    assert!(err.contains("interrupted by SIGTERM"), "{err}");
}

/// A node budget holds for the split too: `--max-nodes` stops the count
/// on threads as on one, with `N?`.
#[test]
fn a_node_budget_stops_the_split_of_a_wide_first_level() {
    let dir = folder("wide-nodes");
    let file = write(&dir, "wide.dlx", &wide(50_000));
    let args = [
        "cover",
        "--count",
        "--jobs",
        "2",
        "--max-nodes",
        "5000",
        &file,
    ];
    let (out, in_time) = within(&args, None, Duration::from_secs(120));
    let err = text(&out.stderr);
    assert!(in_time, "still running after 120 s: {err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(text(&out.stdout).ends_with("?\n"), "{err}");
}

// Defect 2: an allocation that failed aborted the process (status 134,
// every answer lost): the box of the solver's arena (`self_cell` unwraps
// its allocation), and the Sudoku rules' problem built to size the
// threads (`Vec::push`).

/// Runs `args` in an address space capped at `kib` KiB, with one malloc
/// arena (glibc reserves 64 MB of address space for each thread's own
/// arena, so without it what fits is a race between the threads).
fn capped(kib: u32, args: &[&str]) -> Output {
    let script = format!("ulimit -v {kib} && exec timeout 120 \"$0\" \"$@\"");
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .env("MALLOC_ARENA_MAX", "1")
        .output()
        .expect("sh runs")
}

/// `cover --count --jobs 4` on 12 queens under caps from 12 MB (below,
/// the binary cannot map its libraries) to 64 MB:
/// never an abort or a panic; the count, or a message that says the
/// memory was not there.
#[test]
fn a_count_on_threads_under_a_memory_cap_never_aborts() {
    let dir = folder("capped-queens");
    let path = dir.join("queens12.dlx");
    let file = std::fs::File::create(&path).unwrap();
    exactcover::knuth::write(&exactcover::problem::classic::queens(12), &[], file).unwrap();
    let path = path.to_str().unwrap();
    let mut counted = 0;
    for mib in (12..=64).step_by(4) {
        let out = capped(mib * 1024, &["cover", "--count", "--jobs", "4", path]);
        let err = text(&out.stderr);
        let said = format!("{mib} MiB: {:?}: {err}", out.status);
        assert_ne!(out.status.code(), Some(134), "{said}");
        assert_eq!(out.status.signal(), None, "{said}");
        assert!(!err.contains("panicked"), "{said}");
        if text(&out.stdout) == "14200\n" {
            counted += 1;
            assert_eq!(out.status.code(), Some(0), "{said}");
        } else {
            assert_ne!(out.status.code(), Some(0), "{said}");
            assert!(err.contains("allocate"), "{said}");
        }
    }
    assert!(counted > 0, "no cap let the count run");
}

/// `solve --jobs 4` on four 49x49 puzzles under caps from 24 MB to 200
/// MB: every puzzle answered on its line, solved or `failed` with the
/// reason, never an abort (before: status 134 and 0 of 4 lines, from the
/// rules' problem built to size the threads).
#[test]
fn a_batch_under_a_memory_cap_answers_every_line() {
    let dir = folder("capped-49");
    let alphabet: String = (0..49)
        .map(|i| char::from_u32(0x100 + i).unwrap())
        .collect();
    let file = write(
        &dir,
        "four49.txt",
        &format!("{}\n", ".".repeat(49 * 49)).repeat(4),
    );
    let mut answered = 0;
    for mib in (24..=200).step_by(16) {
        let out = capped(
            mib * 1024,
            &[
                "solve",
                "--alphabet",
                &alphabet,
                "--jobs",
                "4",
                "--max-nodes",
                "100000",
                &file,
            ],
        );
        let err = text(&out.stderr);
        let said = format!("{mib} MiB: {:?}: {err}", out.status);
        assert_ne!(out.status.code(), Some(134), "{said}");
        assert_eq!(out.status.signal(), None, "{said}");
        assert!(!err.contains("panicked"), "{said}");
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{said}");
        for line in &lines {
            if *line == "failed" {
                assert!(err.contains("cannot allocate"), "{said}");
            } else {
                // Solved, or stopped by the node limit: said, not lost.
                assert!(
                    line.chars().count() == 49 * 49 || *line == "timeout",
                    "{said}"
                );
                answered += 1;
            }
        }
    }
    assert!(answered > 0, "no cap let a puzzle be answered");
}

/// `hint` and `explain` on an empty 49x49 grid under caps from 16 to
/// 64 MiB, and `split` of its cover problem from 24 MiB (at 24 MiB its
/// matrix did not fit and `Solver::new` aborted): never an abort (at 24 MiB
/// `hint` aborted, status 134, allocating the logic solver's tables), an
/// answer or a `failed` line (puzzles) or an error and status 2 (split).
#[test]
fn hint_explain_and_split_under_a_memory_cap_never_abort() {
    let dir = folder("capped-hint");
    let alphabet: String = (0..49)
        .map(|i| char::from_u32(0x100 + i).unwrap())
        .collect();
    let file = write(&dir, "one49.txt", &format!("{}\n", ".".repeat(49 * 49)));
    let problem =
        exactcover::sudoku::Rules::classic(exactcover::sudoku::Shape::for_size(49).unwrap())
            .problem();
    let cover = dir.join("sudoku49.dlx");
    exactcover::knuth::write(&problem, &[], std::fs::File::create(&cover).unwrap()).unwrap();
    let cover = cover.to_str().unwrap();
    // `hint` at every cap around where the matrix stops fitting; `explain`
    // (which goes on to the end, minutes on an empty 49x49 grid once it
    // fits) at the two lowest.
    for mib in (16..=32).step_by(4) {
        let commands: &[&str] = if mib <= 20 {
            &["hint", "explain"]
        } else {
            &["hint"]
        };
        for &command in commands {
            let out = capped(mib * 1024, &[command, "--alphabet", &alphabet, &file]);
            let err = text(&out.stderr);
            let said = format!("{command} {mib} MiB: {:?}: {err}", out.status);
            assert_ne!(out.status.code(), Some(134), "{said}");
            assert_eq!(out.status.signal(), None, "{said}");
            assert!(!err.contains("panicked"), "{said}");
            let stdout = text(&out.stdout);
            assert!(!stdout.is_empty(), "{said}");
            if stdout.starts_with("failed") {
                assert!(err.contains("cannot allocate"), "{said}");
            }
        }
        let into = dir.join(format!("split-{mib}"));
        let _ = std::fs::remove_dir_all(&into);
        let out = capped(
            mib * 1024,
            &[
                "split",
                "--depth",
                "1",
                "--max",
                "10",
                "--dir",
                into.to_str().unwrap(),
                cover,
            ],
        );
        let err = text(&out.stderr);
        let said = format!("split {mib} MiB: {:?}: {err}", out.status);
        assert_ne!(out.status.code(), Some(134), "{said}");
        assert_eq!(out.status.signal(), None, "{said}");
        assert!(!err.contains("panicked"), "{said}");
        // 49 subproblems at depth 1, more than 10: refused, or the matrix
        // could not be allocated; said either way.
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(
            err.contains("cannot allocate") || err.contains("more than 10"),
            "{said}"
        );
    }
}

/// A problem in Knuth's format of `options` random options of 6 of 120
/// items (a fixed linear congruential sequence, so the same file each run).
fn random_problem(options: usize) -> String {
    let mut text: String = (0..120).map(|i| format!("i{i} ")).collect();
    text.push('\n');
    let mut x: u64 = 12345;
    for _ in 0..options {
        let mut chosen = Vec::new();
        while chosen.len() < 6 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let item = (x >> 33) % 120;
            if !chosen.contains(&item) {
                chosen.push(item);
            }
        }
        for item in chosen {
            text.push_str(&format!("i{item} "));
        }
        text.push('\n');
    }
    text
}

/// Reading, preprocessing and counting a 4 MB problem under caps from 12
/// to 64 MiB: never an abort (before, the reader's `Vec::push` and the
/// preprocessor's tables aborted the process with status 134); a cap too
/// small for the file is an error at the line that did not fit (status 2),
/// one too small for the work after it `cannot allocate` (status 1); with
/// room, the same answer as without a cap.
#[test]
fn reading_and_preprocessing_under_a_memory_cap_never_abort() {
    let dir = folder("capped-read");
    let file = write(&dir, "random.dlx", &random_problem(150_000));
    let commands: [&[&str]; 3] = [
        &["cover", "--count", "--max-nodes", "200"],
        &["preprocess"],
        &["cover", "--preprocess", "--count", "--max-nodes", "200"],
    ];
    let mut at_a_line = 0;
    for command in commands {
        let mut args = command.to_vec();
        args.push(&file);
        let free = run(&args);
        for mib in (12..=64).step_by(4) {
            let out = capped(mib * 1024, &args);
            let err = text(&out.stderr);
            let said = format!("{command:?} {mib} MiB: {:?}: {err}", out.status);
            assert_ne!(out.status.code(), Some(134), "{said}");
            assert_eq!(out.status.signal(), None, "{said}");
            assert!(!err.contains("panicked"), "{said}");
            if err.contains("cannot allocate") {
                assert!(!out.status.success(), "{said}");
                // `FILE:LINE: cannot allocate ...` when reading ran out.
                if err.starts_with(&format!("{file}:")) && out.status.code() == Some(2) {
                    at_a_line += 1;
                }
            } else {
                assert_eq!(out.stdout, free.stdout, "{said}");
                assert_eq!(out.status.code(), free.status.code(), "{said}");
            }
        }
    }
    assert!(at_a_line > 0, "no cap was too small for the file");
}

/// `generate` of 49x49 and 25x25 puzzles under caps from 16 to 32 MiB:
/// never a panic (before: status 101, `Solver::new` panicking on a matrix
/// that did not fit); a puzzle that cannot be made is a `failed` line that
/// says the memory was not there.
#[test]
fn generation_under_a_memory_cap_never_panics() {
    let alphabet: String = (0..49)
        .map(|i| char::from_u32(0x100 + i).unwrap())
        .collect();
    let mut short = 0;
    for mib in (16..=32).step_by(4) {
        let runs: [&[&str]; 2] = [
            &[
                "generate",
                "--box",
                "7x7",
                "--alphabet",
                &alphabet,
                "--timeout",
                "2",
            ],
            &[
                "generate",
                "--box",
                "5x5",
                "--count",
                "2",
                "--jobs",
                "2",
                "--timeout",
                "2",
            ],
        ];
        for args in runs {
            let out = capped(mib * 1024, args);
            let err = text(&out.stderr);
            let said = format!("{args:?} {mib} MiB: {:?}: {err}", out.status);
            assert_eq!(out.status.signal(), None, "{said}");
            assert!(
                matches!(out.status.code(), Some(0..=2)),
                "an abort or a panic: {said}"
            );
            assert!(!err.contains("panicked"), "{said}");
            if err.contains("cannot allocate") {
                short += 1;
                assert!(text(&out.stdout).contains("failed"), "{said}");
            }
        }
    }
    assert!(short > 0, "no cap was too small for the matrix");
}
