//! Exact cover by Knuth's Dancing Links, and Sudoku on top of it.
//!
//! An *exact-cover problem* has *items* and *options*, each option a set of
//! items; a solution is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once (with colours, any
//! number of times if all give it the same colour). Sudoku, N-queens,
//! polyomino tilings and many more puzzles are exact-cover problems. New
//! to the idea? The tutorial, `docs/exact-cover.md`, builds it up with
//! pictures made by this crate.
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
//!
//! # Layers
//!
//! The crate is built in layers; each names only those above it in this
//! list (a test, `tests/layers.rs`, checks the source):
//!
//! * [`problem`]: describing a problem. [`Problem`] (items, primary or
//!   secondary, and options, with colours), its [`ProblemError`]s,
//!   [`Labels`](problem::Labels) that name items and options for people, and
//!   [`classic`](problem::classic) problems ready to solve (queens, Langford
//!   pairs, pentominoes, word squares).
//! * [`engine`]: solving it. [`Solver`] runs Knuth's Algorithm X (Algorithm C
//!   with colours) over dancing links laid out as his DLX1 in one arena,
//!   branching on the item of fewest options; it finds one solution, counts
//!   them up to a limit ([`Count`]), visits or iterates them, within a
//!   [`Budget`] (nodes, time, cancellation), reporting [`Stats`],
//!   [`Progress`] and every step to an [`Observer`].
//! * Four layers on the engine, none naming another:
//!   * [`scale`]: counting on many threads and machines: the search tree
//!     split into [`Subproblem`](scale::Subproblem)s, a
//!     [`Counter`](scale::Counter) on threads, [`Part`](scale::Part)s that
//!     add up across machines;
//!   * [`knuth`]: Knuth's text format of DLX1 and DLX2, read and written;
//!   * [`teach`]: the search shown to people: traces, the search tree,
//!     pictures of the matrix, recordings and an interactive page;
//!   * [`logic`]: solving by logic on the matrix of any problem: singles,
//!     set logic (`k` base and `k` cover items) and forcing chains, each
//!     step recorded with its reasons, for hints, explanations and grades.
//! * [`sudoku`]: Sudoku of every box shape and many variants, as exact
//!   cover: grids and their readers, rules and their items and options, a
//!   solver that reuses one matrix puzzle after puzzle, a generator, a
//!   minimizer, grades, and a plain reference solver to check against.
//!
//! The command-line tool (`src/bin/exactcover`, behind the default feature
//! `cli`) parses arguments, calls these layers and prints.
//!
//! # Features
//!
//! * `parallel` (on by default, through `cli`): threads for
//!   [`Counter`](scale::Counter) and parallel batches (rayon). Without it a
//!   counter counts on the calling thread.
//! * `cli` (default): the command line (clap, indicatif). A library user can
//!   leave it out with `default-features = false`.

#![warn(missing_docs)]
#![deny(unsafe_code)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod engine;
pub mod knuth;
pub mod logic;
pub mod problem;
pub mod scale;
pub mod sudoku;
pub mod teach;
mod util;

#[doc(no_inline)]
pub use engine::{
    Budget, Cheapest, CostOverflow, Costed, Count, Interrupted, Interruption, Observer, Progress,
    SearchEnd, SelectError, Solutions, Solver, Stats,
};
#[doc(no_inline)]
pub use problem::{ItemKind, Problem, ProblemError};

// The paths of earlier releases, kept for one release.
#[doc(hidden)]
pub use problem::classic as problems;
#[doc(hidden)]
pub use teach::{html, links, recording, svg, trace, tree};
#[doc(hidden)]
pub mod budget {
    pub use crate::engine::{Budget, Interruption};
}
#[doc(hidden)]
pub mod labels {
    pub use crate::problem::{FnLabels, Labels};
}
#[doc(hidden)]
pub mod observe {
    pub use crate::engine::Observer;
}
#[doc(hidden)]
pub mod parallel {
    pub use crate::scale::{CountError, Counter, MAX_SUBPROBLEMS, PartCount};
}
#[doc(hidden)]
pub mod progress {
    pub use crate::engine::Progress;
}
#[doc(hidden)]
pub mod solver {
    pub use crate::engine::{
        Budget, Count, Interrupted, Interruption, Observer, SearchEnd, SelectError, Solutions,
        Solver, Stats,
    };
}
#[doc(hidden)]
pub mod split {
    pub use crate::scale::{Part, PartError, PathError, Subproblem, TooManySubproblems};
}
#[doc(hidden)]
pub mod stats {
    pub use crate::engine::Stats;
}

/// The README's example, run as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
