//! Exact cover by Knuth's Dancing Links, and Sudoku on top of it.
//!
//! An *exact-cover problem* has *items* and *options*, each option a set of
//! items; a solution is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once. Sudoku, N-queens,
//! polyomino tilings and many more puzzles are exact-cover problems.
//!
//! * [`Problem`] describes a problem; [`Solver`] searches it with Knuth's
//!   Algorithm X over dancing links (TAOCP 7.2.2.1, and *Dancing Links*,
//!   2000), the data laid out as in his program DLX1 in one arena.
//! * [`knuth`] reads the text format of DLX1.
//! * [`sudoku`] translates Sudoku grids of any box shape to exact cover.
//!
//! ```
//! use exactcover::{Problem, Solver};
//!
//! // Cover {1, 2, 3} exactly with {1, 2}, {3}, {2, 3}, {1}.
//! let mut problem = Problem::new();
//! problem.add_primary_items(3);
//! for option in [&[0, 1][..], &[2], &[1, 2], &[0]] {
//!     problem.add_option(option.iter().copied())?;
//! }
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count_solutions(None).solutions, 2);
//! # Ok::<(), exactcover::ProblemError>(())
//! ```

#![warn(missing_docs)]
#![deny(unsafe_code)]

pub mod budget;
pub mod html;
pub mod knuth;
pub mod labels;
mod layout;
pub mod links;
mod matrix;
pub mod observe;
pub mod parallel;
pub mod problem;
pub mod problems;
pub mod progress;
pub mod recording;
mod search;
pub mod solver;
pub mod split;
pub mod stats;
pub mod sudoku;
pub mod svg;
pub mod trace;
pub mod tree;

pub use problem::{ItemKind, Problem, ProblemError};
pub use progress::Progress;
pub use solver::{
    Budget, Count, Interrupted, Interruption, Observer, SearchEnd, SelectError, Solutions, Solver,
    Stats,
};

/// The README's example, run as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
