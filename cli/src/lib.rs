//! The command line's library: what the `exactcover` binary prints and
//! reads, kept apart from the argument parsing so that it can be tested
//! (unit and doc tests) and read on its own. It is not the library a
//! program should use to solve problems: that is the `exactcover` crate,
//! whose answers are typed; this crate words them as the command line
//! prints them (`docs/cli.md`).
//!
//! * [`reply`]: the answers of `cover`, `split`, `merge` and
//!   `preprocess` to a problem in Knuth's format;
//! * [`sudoku_reply`]: the answers of the puzzle commands (`solve`,
//!   `count`, `grade`, `hint`, `explain`, `minimize`), one line per
//!   puzzle, in batches on threads;
//! * [`maker`]: `generate`'s batch;
//! * [`manifest`]: the folder of a split: its manifest, the folder claimed
//!   for one split, files written whole;
//! * [`files`]: the pictures and recordings of `--svg`, `--html`...;
//! * [`util`]: numbers as people type them, files as they name them.

#![warn(missing_docs)]
#![warn(missing_debug_implementations)]
#![deny(unsafe_code)]

pub mod files;
pub mod maker;
pub mod manifest;
pub mod reply;
pub mod sudoku_reply;
pub mod util;
