//! What would be ignored is refused or done: `--max-steps` needs `--html`
//! or `--steps`; `solve --html` (and `--svg`, `--svg-tree`, `--steps`) on
//! several puzzles writes a file per puzzle (`OUT`, `OUT-2`, ...); each file
//! written is said (`wrote FILE`) unless `--quiet`.

use std::io::Write;
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

/// A fresh folder of this test's own.
fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("exactcover-pictures-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Two small unique 4x4 puzzles, and an invalid line between them.
const TWO: &str = "12.43.1221.34.21\nxyz\n1234..1221434.21\n";

#[test]
fn max_steps_without_a_recording_is_refused_naming_both_flags() {
    for args in [
        &["solve", "--max-steps", "5"][..],
        &["cover", "--max-steps", "5"],
        &["explain", "--max-steps", "5"],
    ] {
        let out = exactcover(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains("--max-steps") && err.contains("--html"),
            "{args:?}: {err}"
        );
    }
    // With a recording it is taken.
    let dir = folder("max-steps");
    let steps = dir.join("steps.json");
    let out = exactcover(
        &[
            "solve",
            "--steps",
            steps.to_str().unwrap(),
            "--max-steps",
            "1000",
        ],
        "12.43.1221.34.21\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(steps.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_draws_every_puzzle_in_a_file_of_its_own_and_says_so() {
    for (flag, name) in [
        ("--html", "board.html"),
        ("--svg", "matrix.svg"),
        ("--svg-tree", "tree.svg"),
        ("--steps", "steps.json"),
    ] {
        let dir = folder(&flag[2..]);
        let out_path = dir.join(name);
        let out = exactcover(&["solve", flag, out_path.to_str().unwrap()], TWO);
        assert_eq!(
            text(&out.stdout),
            "1234341221434321\ninvalid\n1234341221434321\n",
            "{flag}"
        );
        let (stem, ext) = name.split_once('.').unwrap();
        let second = dir.join(format!("{stem}-3.{ext}"));
        let err = text(&out.stderr);
        let wrote: Vec<&str> = err.lines().filter(|l| l.starts_with("wrote ")).collect();
        assert_eq!(
            wrote,
            [
                format!("wrote {}", out_path.display()),
                format!("wrote {}", second.display())
            ],
            "{flag}: {err}"
        );
        assert!(out_path.exists() && second.exists(), "{flag}");
        assert!(
            !dir.join(format!("{stem}-2.{ext}")).exists(),
            "{flag}: no file for the invalid line"
        );
        // The second file draws the second puzzle, not the first again.
        assert_ne!(
            std::fs::read(&out_path).unwrap(),
            std::fs::read(&second).unwrap(),
            "{flag}"
        );
        // --quiet: the files, and nothing said of them.
        let quiet = exactcover(&["solve", "--quiet", flag, out_path.to_str().unwrap()], TWO);
        assert!(!text(&quiet.stderr).contains("wrote"), "{flag}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn cover_says_the_files_it_wrote() {
    let dir = folder("cover");
    let page = dir.join("toy.html");
    let out = exactcover(
        &["cover", "--html", page.to_str().unwrap()],
        "a b\na\nb\na b\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), format!("wrote {}\n", page.display()));
    assert!(page.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
