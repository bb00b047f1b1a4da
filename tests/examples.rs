//! Every example in `examples/` runs (with small arguments where it takes
//! some) and prints what it is about: a known count, a solution, a usage
//! line. No timing is checked. The examples are the binaries `cargo test`
//! builds beside this test (`target/PROFILE/examples/`); a missing one
//! fails the test with the command that builds them.

use std::path::PathBuf;
use std::process::Command;

/// The folder of the examples built in this test's profile.
fn examples() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    // target/PROFILE/deps/examples-HASH
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/PROFILE");
    profile.join("examples")
}

/// Runs example `name` with `args` in a fresh folder: its status and its
/// standard output and error.
fn run(name: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let path = examples().join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is not built: `cargo test` builds the examples (or `cargo build --examples`)",
        path.display()
    );
    let dir =
        std::env::temp_dir().join(format!("exactcover-example-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder of its own");
    let out = Command::new(&path)
        .args(args)
        .current_dir(&dir)
        .output()
        .expect("the example runs");
    let _ = std::fs::remove_dir_all(&dir);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The root of the crate, where `data/` is.
fn data(file: &str) -> String {
    format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_example_is_run_here() {
    let mut names: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples"))
            .expect("examples/")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|f| f.strip_suffix(".rs").map(String::from))
            .collect();
    names.sort();
    let tested = include_str!("examples.rs");
    for name in names {
        assert!(
            tested.contains(&format!("\"{name}\"")),
            "{name} is not run here"
        );
    }
}

#[test]
fn the_classic_problems_give_their_known_counts() {
    // Each checks itself against OEIS and fails otherwise.
    let (status, out, err) = run("queens", &[]);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("14200"), "{out}");
    let (status, out, err) = run("langford", &[]);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("n = "), "{out}");
    let (status, out, err) = run("pentominoes", &[]);
    assert_eq!(status, Some(0), "{err}");
    assert!(
        out.contains(": 9356 tilings") && out.contains(": 2339 tilings"),
        "{out}"
    );
    let (status, out, err) = run("knuth_toy", &[]);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("1 solution(s)"), "{out}");
    let (status, out, err) = run("generic_speed", &["1", "queens"]);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("queens 12"), "{out}");
    let (status, out, err) = run("plan_parts", &["queens", "8", "4"]);
    assert_eq!(status, Some(0), "{err}");
    assert!(!out.is_empty());
    let (status, out, err) = run("write_problem", &["queens", "4"]);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.lines().count() > 4, "{out}");
    let (status, out, err) = run("cheapest_tiling", &[]);
    assert_eq!(status, Some(0), "{err}");
    assert!(!out.is_empty());
}

#[test]
fn the_sudoku_examples_solve_their_puzzles() {
    for name in [
        "sudoku_4x4",
        "variant_anti_king",
        "variant_anti_knight",
        "variant_combined",
        "variant_jigsaw",
        "variant_killer",
        "variant_windoku",
        "variant_x",
    ] {
        let (status, out, err) = run(name, &[]);
        assert_eq!(status, Some(0), "{name}: {err}");
        assert!(!out.is_empty(), "{name}");
    }
    // One at a time for the rest, so that `every_example_is_run_here` sees them.
    let (status, out, err) = run("sudoku_speed", &[&data("top95.txt"), "first", "1", "1"]);
    assert_eq!(status, Some(0), "{err}");
    assert!(!out.is_empty() || !err.is_empty());
    let (status, _, err) = run("sudoku_speed", &[]);
    assert_eq!(status, Some(2));
    assert!(err.starts_with("usage: sudoku_speed FILE"), "{err}");
    let dir = std::env::temp_dir().join(format!("exactcover-pictures-{}", std::process::id()));
    let (status, _, err) = run("pictures", &[dir.to_str().expect("UTF-8")]);
    assert_eq!(status, Some(0), "{err}");
    assert!(std::fs::read_dir(&dir).expect("written").count() > 0);
    std::fs::remove_dir_all(&dir).expect("written");
}
