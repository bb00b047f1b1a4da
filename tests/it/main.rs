//! The integration tests, as one crate: each file of `tests/it/` is a
//! module, so that the crate and its dependencies are linked into one test
//! binary instead of one per file (a cold `cargo test` compiles and links
//! far less). Two tests keep binaries of their own because they install a
//! global allocator that counts every allocation of the process:
//! `tests/alloc.rs` and `tests/scale.rs`.
//!
//! `common` holds what they share: the published puzzle sets of
//! `../shared/data/puzzles` and Knuth's programs (see its documentation for
//! how tests are ignored without them), and `random` the random problems
//! of the property tests. The command line's tests are the command line's
//! crate's (`cli/tests/cli/`).

#[path = "../common/mod.rs"]
mod common;
mod random;

mod abort;
mod api;
mod budget;
mod colours;
mod costs;
mod engine;
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
mod split;
mod sudoku;
mod sudoku_io;
mod teaching;
mod trust;
mod variants;
