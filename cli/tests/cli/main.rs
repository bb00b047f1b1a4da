//! The command line's tests, as one crate: each file is a module, run
//! against the `exactcover` binary that Cargo builds for them
//! (`CARGO_BIN_EXE_exactcover`). `common` is the library's
//! (`tests/common/mod.rs`): the published puzzle sets and Knuth's
//! programs.

#[path = "../../../tests/common/mod.rs"]
mod common;

#[cfg(unix)]
mod batch_memory;
mod cli;
mod costs;
mod docs;
#[cfg(unix)]
mod faults;
#[cfg(unix)]
mod faults3;
mod flags;
mod install;
mod json;
mod memo;
mod pictures_many;
mod preprocess;
mod quiet;
mod readme;
mod scale_cli;
mod sudoku_cli;
mod verdicts;
