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
