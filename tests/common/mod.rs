//! What the integration tests share: the published puzzle sets and
//! Knuth's programs, the oracles that nobody here wrote.
//!
//! The sets live in `../shared/data/puzzles/` beside the repository, not in
//! it; Knuth's programs are built from `../shared/knuth` by its `build.sh`.
//! `build.rs` sets `cfg(shared_puzzles)` when the sets are there, and
//! `cfg(knuth_oracle)` when `EXACTCOVER_KNUTH` names the folder of the
//! built programs (`.ci/run` builds them first). Every test that needs one
//! carries `#[cfg_attr(not(...), ignore = "...")]`, so that `cargo test`
//! lists it as ignored with the reason. With the cfg set, an oracle that
//! cannot be read fails the test: a passing run has really checked it.
//! No test builds or installs anything.

use std::path::PathBuf;

/// The text of the published puzzle set `name`; `None` (after saying so)
/// when the sets are absent (`cfg(shared_puzzles)` unset), where a test
/// that needs them is ignored.
///
/// # Panics
///
/// When the sets are declared present and `name` cannot be read.
#[allow(dead_code)]
pub fn shared_puzzles(name: &str) -> Option<String> {
    #[cfg(shared_puzzles)]
    {
        let path = PathBuf::from(env!("EXACTCOVER_PUZZLES")).join(name);
        match std::fs::read_to_string(&path) {
            Ok(text) => Some(text),
            Err(e) => panic!("{}: {e}", path.display()),
        }
    }
    #[cfg(not(shared_puzzles))]
    {
        eprintln!("skipping {name}: the published puzzle sets (../shared/data/puzzles) are absent");
        None
    }
}

/// The path of Knuth's program `name` (`dlx1`, `dlx6`, `zddread-count`,
/// ...), built by `../shared/knuth/build.sh` into the folder that
/// `EXACTCOVER_KNUTH` names; `None` (after saying so) without it, where a
/// test that needs it is ignored (`cfg(knuth_oracle)`).
///
/// # Panics
///
/// When the programs are declared present and `name` is not among them.
#[allow(dead_code)]
pub fn knuth_program(name: &str) -> Option<PathBuf> {
    #[cfg(knuth_oracle)]
    {
        let path = PathBuf::from(env!("EXACTCOVER_KNUTH_DIR")).join(name);
        assert!(
            path.is_file(),
            "Knuth's {name} is not in {} (EXACTCOVER_KNUTH)",
            env!("EXACTCOVER_KNUTH_DIR")
        );
        Some(path)
    }
    #[cfg(not(knuth_oracle))]
    {
        eprintln!("skipping: Knuth's {name}: EXACTCOVER_KNUTH is unset");
        None
    }
}
