//! What the integration tests share: the published puzzle sets.
//!
//! The sets live in `../shared/data/puzzles/` beside the repository, not in
//! it. A user's clone has no such folder: `build.rs` then leaves
//! `cfg(shared_puzzles)` unset, and every test that needs the sets carries
//! `#[cfg_attr(not(shared_puzzles), ignore = "...")]`, so `cargo test` lists
//! it as ignored with the reason. CI sets `EXACTCOVER_REQUIRE_SHARED=1`, and
//! then a missing folder fails the build, and a missing set the test, so that
//! a passing run has really checked them. (A test that only adds the sets to
//! what it checks anyway, as `tests/alloc.rs` does, runs either way.)

use std::path::PathBuf;

/// The text of the published puzzle set `name`, or `None` (after saying so)
/// when `../shared` is absent and not required.
///
/// # Panics
///
/// When the set cannot be read and `EXACTCOVER_REQUIRE_SHARED=1`.
pub fn shared_puzzles(name: &str) -> Option<String> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "shared",
        "data",
        "puzzles",
        name,
    ]
    .iter()
    .collect();
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if std::env::var_os("EXACTCOVER_REQUIRE_SHARED").is_some_and(|v| v == "1") => {
            panic!(
                "{}: {e}, and EXACTCOVER_REQUIRE_SHARED=1 requires it",
                path.display()
            )
        }
        Err(_) => {
            eprintln!(
                "skipping: {} is absent (a fresh clone has no ../shared)",
                path.display()
            );
            None
        }
    }
}

/// The path of Knuth's program `name` (`dlx1`, `dlx6`, `zddread-count`,
/// ...), built once per test run from `../shared/knuth` by its `build.sh`
/// into `target/knuth` (or `$KNUTH`, if set, where it may be built
/// already); `None`, after saying so, when `../shared` is absent and not
/// required. Knuth's programs are the oracles of the tests that use them.
///
/// # Panics
///
/// When the programs cannot be built and `EXACTCOVER_REQUIRE_SHARED=1`.
#[allow(dead_code)]
pub fn knuth_program(name: &str) -> Option<PathBuf> {
    use std::sync::OnceLock;
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let dir = BUILT.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let out = std::env::var_os("KNUTH")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target").join("knuth"));
        let script = root.join("../shared/knuth/build.sh");
        if !script.is_file() {
            return Err(format!("{} is absent", script.display()));
        }
        let built = std::process::Command::new("bash")
            .arg(&script)
            .env("KNUTH", &out)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", script.display()))?;
        if !built.status.success() {
            return Err(format!(
                "{} failed: {}",
                script.display(),
                String::from_utf8_lossy(&built.stderr)
            ));
        }
        Ok(out)
    });
    let required = std::env::var_os("EXACTCOVER_REQUIRE_SHARED").is_some_and(|v| v == "1");
    match dir {
        Ok(dir) if dir.join(name).is_file() => Some(dir.join(name)),
        Ok(dir) if required => panic!("Knuth's {name} is not in {}", dir.display()),
        Err(why) if required => {
            panic!("{why}, and EXACTCOVER_REQUIRE_SHARED=1 requires Knuth's programs")
        }
        Ok(dir) => {
            eprintln!("skipping: Knuth's {name} is not in {}", dir.display());
            None
        }
        Err(why) => {
            eprintln!("skipping: {why}");
            None
        }
    }
}
