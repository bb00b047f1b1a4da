//! Faults, third round (issue 39): a closed standard input, a memo budget
//! too small for one entry, a split of a wide first level under limits
//! and signals, and allocations that fail under an address-space cap.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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
            err.contains("-: cannot read: standard input is closed"),
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
    assert!(err.contains("-: cannot read: "), "{err}");
    assert_ne!(out.status.code(), Some(0), "{err}");
}
