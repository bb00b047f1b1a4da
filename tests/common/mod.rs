//! What the integration tests share: the published puzzle sets.
//!
//! The sets live in `../shared/data/puzzles/` beside the repository, not in
//! it. A user's clone has no such folder: the tests that need them then say
//! on standard error that they skip (run `cargo test -- --nocapture` to see
//! it). CI sets `EXACTCOVER_REQUIRE_SHARED=1`, and then a missing set fails
//! the test instead, so that a passing run has really checked them.

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
