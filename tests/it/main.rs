//! The integration tests, as one crate: each file of `tests/it/` is a
//! module, so that the crate and its dependencies are linked into one test
//! binary instead of one per file (a cold `cargo test` compiles and links
//! far less). Two tests keep binaries of their own because they install a
//! global allocator that counts every allocation of the process:
//! `tests/alloc.rs` and `tests/scale.rs`.
//!
//! `common` holds what they share: the published puzzle sets of
//! `../shared/data/puzzles` (see its documentation for how tests are
//! skipped without them), and `random` the random problems of the property
//! tests.

#[path = "../common/mod.rs"]
mod common;
mod random;

mod abort;
mod api;
#[cfg(all(feature = "cli", unix))]
mod batch_memory;
mod budget;
#[cfg(feature = "cli")]
mod cli;
mod colours;
mod costs;
mod engine;
#[cfg(all(feature = "cli", unix))]
mod faults;
#[cfg(all(feature = "cli", unix))]
mod faults3;
mod fuzz_regressions;
mod generate;
mod hint;
mod knuth_oracle;
mod layers;
mod logic;
mod memo;
mod multiplicities;
mod parallel;
mod preprocess;
mod problem;
mod puzzles;
mod recording;
mod residual;
mod rules;
#[cfg(feature = "cli")]
mod scale_cli;
mod split;
mod sudoku;
#[cfg(feature = "cli")]
mod sudoku_cli;
mod sudoku_io;
mod teaching;
mod trust;
mod variants;
