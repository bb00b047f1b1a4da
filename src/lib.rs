//! Exact cover by Knuth's Dancing Links, and Sudoku on top of it.
//!
//! An *exact-cover problem* has *items* and *options*, each option a set of
//! items; a solution is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once (with colours, any
//! number of times if all give it the same colour). Sudoku, N-queens,
//! polyomino tilings and many more puzzles are exact-cover problems.
//!
//! New to the idea? The tutorial, `docs/exact-cover.md` in the repository
//! and in the package ([on docs.rs](https://docs.rs/crate/exactcover/latest/source/docs/exact-cover.md)),
//! builds it up with pictures made by this crate; `docs/README.md` lists
//! the rest (design, Sudoku variants, logic, the command line,
//! performance).
//!
//! # First steps
//!
//! [`ExactCover`] takes options as pairs of a value of your own and the
//! names of the items the option covers, infers the items, and reads
//! solutions back as your values:
//!
//! ```
//! use exactcover::ExactCover;
//!
//! // Cover the letters of "abcd" exactly once with some of these words.
//! let words = ["ab", "cd", "ac", "bd", "a", "bcd"];
//! let options = words.map(|w| (w, w.chars().map(String::from).collect::<Vec<_>>()));
//! let cover = ExactCover::from_options(options)?;
//! assert_eq!(cover.count(None)?.solutions, 3);
//! assert_eq!(cover.solution()?, Some(vec![&"ab", &"cd"]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every question a [`Budget`] can cut short (`solution`,
//! `unique_solution`, `count` on [`ExactCover`], [`Solver`] and
//! [`SudokuSolver`](sudoku::SudokuSolver)) returns `Result<_,`
//! [`Interrupted`]`>`, so that `?` works and an `Ok` is a whole answer.
//!
//! # Layers
//!
//! The crate is built in layers; each names only those above it in this
//! list (a test, `tests/it/layers.rs`, checks the source):
//!
//! * `util` (private): small tools of no domain: names from someone
//!   else's input shown safely, numbers written for people, lines read in
//!   bounded memory.
//! * [`problem`]: describing a problem. [`Problem`] (items, primary or
//!   secondary, and options; from names with
//!   [`Problem::from_options`]), its [`ProblemError`]s,
//!   [`Labels`](problem::Labels) that name items and options for people, and
//!   [`classic`](problem::classic) problems ready to solve (queens, Langford
//!   pairs, pentominoes, word squares).
//! * [`engine`]: solving it. [`Solver`] runs Knuth's Algorithm X over
//!   dancing links laid out as his DLX1 in one arena, branching on the item
//!   of fewest options; it finds one solution, the only one, counts them up
//!   to a limit ([`Count`]), visits or iterates them. **Colours** on
//!   secondary items (`item:colour`, Knuth's Algorithm C) are part of every
//!   problem. **Budgets** ([`Budget`]: nodes, time, cancellation) bound a
//!   search, which then ends [`Interrupted`]; it reports [`Stats`],
//!   [`Progress`] and every step to an [`Observer`]. [`ExactCover`] puts a
//!   problem and a solver behind one type.
//! * Four layers on the engine, none naming another:
//!   * [`scale`]: **counting on threads and machines**: the search tree
//!     split into [`Subproblem`](scale::Subproblem)s, a
//!     [`Counter`](scale::Counter) on threads (with the `parallel`
//!     feature), [`Part`](scale::Part)s that add up across machines
//!     ([`Merge`](scale::Merge));
//!   * [`knuth`]: Knuth's text format of DLX1 and DLX2, read and written;
//!   * [`teach`]: **teaching**: the search shown to people, as traces, the
//!     search tree, pictures of the matrix, recordings and an interactive
//!     page;
//!   * [`logic`]: solving by logic on the matrix of any problem: singles,
//!     set logic (`k` base and `k` cover items) and forcing chains, each
//!     step recorded with its reasons, for hints, explanations and grades.
//! * On top, [`sudoku`]: **Sudoku** of every box shape and many variants,
//!   as exact cover: grids and their readers, rules and their items and
//!   options, a solver that reuses one matrix puzzle after puzzle, a
//!   generator, a minimizer, grades, and a plain reference solver to check
//!   against.
//!
//! The command-line tool is a crate of its own (`cli/` in the repository,
//! the `exactcover` binary): it parses arguments, calls these layers,
//! words their typed answers and prints them.
//!
//! # Features
//!
//! * `parallel` (on by default): threads for [`Counter`](scale::Counter)
//!   (rayon), which every count on threads goes through. **Without it it
//!   counts on the calling thread**, whatever number of threads it is
//!   given; [`scale::PARALLEL`] says which.
//!
//! The features change what runs, not what compiles: no public item is
//! missing without them (the documentation would mark one that is, as
//! docs.rs builds it with every feature).
//!
//! # Names
//!
//! As the Rust API guidelines have them: a getter is the plain noun
//! (`Reader::alphabet`), a builder's step is `with_*`
//! (`Reader::with_alphabet`, `Budget::with_max_nodes`,
//! `Generator::with_seed`, `Counter::with_threads`), a setter on a value in
//! place is `set_*` (`Solver::set_budget`).

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]
#![warn(missing_debug_implementations)]
#![deny(unsafe_code)]
#![warn(clippy::undocumented_unsafe_blocks)]
// What returns a value and changes nothing is `#[must_use]`.
#![warn(clippy::must_use_candidate)]

pub mod engine;
pub mod knuth;
pub mod logic;
pub mod problem;
pub mod scale;
pub mod sudoku;
pub mod teach;
pub(crate) mod util;

#[doc(no_inline)]
pub use engine::{
    Budget, Cheapest, CostError, Costed, Count, CoverSolutions, ExactCover, Interrupted,
    Interruption, Observer, Progress, SearchEnd, SelectError, Solutions, Solver, Stats, Tree,
    TreeError, TreeNameError,
};
#[doc(no_inline)]
pub use problem::{ItemKind, Problem, ProblemError};

/// The README's example, run as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
