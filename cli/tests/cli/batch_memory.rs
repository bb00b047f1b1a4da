//! Issue 30, point 2: memory across threads for a batch of large puzzles.
//! Each worker thread answers on a matrix of its own (about 70 MB for an
//! empty 100x100 grid); a thread that cannot have its matrix answers its
//! puzzle with an error line, and `--max-memory` caps the threads.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `count --jobs 4 --max-nodes 2000` with `extra` on four empty
/// 100x100 grids, in an address space limited to about 400 MB.
fn count_four_large(extra: &str) -> Output {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("batch-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("four100.txt");
    std::fs::write(&file, format!("{}\n", ".".repeat(10_000)).repeat(4)).unwrap();
    let alphabet: String = (0..100)
        .map(|i| char::from_u32(0x100 + i).unwrap())
        .collect();
    let script = format!(
        "ulimit -v 400000 && exec \"$0\" count --alphabet {alphabet} --jobs 4 {extra} \
         --max-nodes 2000 {}",
        file.display()
    );
    Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_exactcover")])
        .output()
        .unwrap()
}

/// Without a cap that fits the limit, the threads that cannot have their
/// matrix answer `failed`; before, bumpalo panicked (status 101).
#[test]
fn a_thread_without_its_matrix_answers_with_an_error_line() {
    let out = count_four_large("");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(
        lines.iter().all(|l| *l == "0?" || *l == "failed"),
        "{stdout}"
    );
    for line in err.lines() {
        assert!(
            line.contains("node limit reached") || line.contains("cannot allocate"),
            "{err}"
        );
    }
}

/// `--max-memory 100M` leaves room for one matrix: one thread answers
/// every puzzle.
#[test]
fn max_memory_caps_the_threads_of_a_batch() {
    let out = count_four_large("--max-memory 100M");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("cannot allocate"), "{err}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "0?\n".repeat(4),
        "{err}"
    );
}

/// The count of a lone puzzle on threads: when not even the split's matrix
/// fits, the puzzle answers `failed` (`CountError::Arena`), neither a count
/// of 0 nor a panic (before: bumpalo's panic on the main thread, and a
/// hang).
#[test]
fn a_count_on_threads_without_its_split_matrix_fails() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("batch-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one100.txt");
    std::fs::write(&file, format!("{}\n", ".".repeat(10_000))).unwrap();
    let alphabet: String = (0..100)
        .map(|i| char::from_u32(0x100 + i).unwrap())
        .collect();
    // glibc gives each thread that allocates an arena of its own, and each
    // reserves 64 MB of address space: how many threads got one before
    // the split's matrix is asked for is a race, and under 200 MB the
    // matrix (70 MB) sometimes fitted. With one arena the address space
    // used is the same every run: the matrix fits from about 130 MB, and
    // under 100 MB it never does (the rest of the count still runs at
    // 80 MB).
    let script = format!(
        "ulimit -v 100000 && exec timeout 60 \"$0\" count --alphabet {alphabet} --jobs 4 \
         --max-nodes 2000 {}",
        file.display()
    );
    let out = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_exactcover")])
        .env("MALLOC_ARENA_MAX", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "failed\n", "{err}");
    assert!(err.contains("cannot allocate"), "{err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
}
