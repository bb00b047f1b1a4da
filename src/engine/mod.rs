//! The engine: Knuth's Algorithm X (and Algorithm C, with colours) over
//! dancing links.
//!
//! # Types
//!
//! * [`ExactCover`] is the short way in: options that carry values of the
//!   caller's own (a placement, a move, a word) and name their items, the
//!   items inferred; its solutions are read as those values
//!   ([`CoverSolutions`] iterates them). It is a [`Problem`](crate::Problem)
//!   and a [`Solver`] behind one type.
//! * [`Solver`] copies a [`Problem`](crate::Problem) once into an arena (a
//!   [`bumpalo::Bump`]) laid out as Knuth's DLX1 matrix, then answers any
//!   number of questions about it: the first solution
//!   ([`Solver::solution`]), the only one ([`Solver::unique_solution`]),
//!   the number of solutions up to a limit ([`Solver::count`], a
//!   [`Count`]), every solution through a
//!   visitor that can stop the search ([`Solver::visit`], ending with a
//!   [`SearchEnd`]), or a lazy iterator ([`Solutions`]). Each question
//!   starts a fresh search; the links are restored by uncovering, never
//!   rebuilt, so one solver serves for as long as the problem stays the
//!   same, and [`Solver::rebuild`] reuses the arena for a new problem.
//!   Options chosen before the search ([`Solver::select`], the givens of a
//!   puzzle) stay chosen until [`Solver::clear_selection`]; a clash is a
//!   [`SelectError`].
//! * [`Budget`] bounds a search: nodes, time or a deadline, and a
//!   cancellation flag another thread may raise. A search that runs out ends
//!   [`Interrupted`], saying which limit by an [`Interruption`]: never
//!   confused with "no solution" or "stopped at the limit". Every question
//!   a budget can cut short returns `Result<answer, Interrupted>` (so `?`
//!   works and `Ok` is a whole answer); what reports how a search ended
//!   rather than answering ([`Solver::visit`], [`Solutions::end`]) gives a
//!   [`SearchEnd`].
//! * [`Observer`] hears every step of the search (choose an item, try an
//!   option, cover, uncover, back up, a solution) in the problem's
//!   numbering: traces, pictures and recordings of the search are
//!   observers. The searches without one use
//!   `()`, whose calls compile to nothing.
//! * [`Stats`] counts what a search did: nodes (options tried), link
//!   updates as Knuth counts them, solutions and the deepest level.
//! * [`Tree`] chooses the search tree a solver walks
//!   ([`Solver::set_tree`]): DLX1's, the default, or DLX1's without its
//!   dead ends, each option aborted as soon as it would leave a primary
//!   item with no option, as Knuth's SSXC1 does (a [`TreeError`] for
//!   problems that are not Algorithm X's).
//! * [`Progress`], given to a budget, is written by a long search every so
//!   many nodes with Knuth's estimate of how much of the tree is done, for
//!   a progress bar on another thread.
//!
//! # Inside (crate-private)
//!
//! Data structure first, as in Knuth's DLX1, then the algorithm:
//!
//! * `layout`: the arena's plan, every array a solver allocates and its
//!   length, one allocation per problem;
//! * `matrix`: the links, Knuth's DLX1 layout (items, nodes with `TOP`,
//!   `ULINK`, `DLINK`, spacers), built once, and the only code that touches
//!   them: the unchecked accessors (`matrix::raw`, the crate's one file with
//!   `unsafe`), `LEN` in its two forms (`matrix::len`), the operations of
//!   Algorithm X (`matrix::x`: cover, uncover, hide, unhide), of Algorithm
//!   X walking options by place (`matrix::place`) and of Algorithm C
//!   (`matrix::c`: cover′, uncover′, hide′, unhide′, commit, uncommit,
//!   purify, unpurify), and the branching rule (`matrix::mrv`, MRV);
//! * `kind`: the seam between the two: the trait `Kind`, one zero-sized
//!   type per compiled variant of the search naming its form of `LEN`, its
//!   operations, its branching rule and its driver; `KindId`, which kind a
//!   matrix was built for; and `with_kind!`, the one place that turns it
//!   into the type (the design, and what later kinds such as Algorithm M,
//!   Algorithm Z or minimum-cost covers would add, are in its
//!   documentation);
//! * `search`: the driver, Algorithm X, steps X1-X8 of TAOCP 7.2.2.1
//!   (Algorithm C's with the kind's `commit`), as a resumable state machine
//!   over an explicit stack; the selection; the frontier of the tree (the
//!   subproblems at a depth, which `scale` reaches through
//!   `Solver::frontier` alone);
//! * `solver`, `budget`, `observe`, `progress`, `stats`: the public façade
//!   above; `exact_cover` the short way in, on top of it.
//!
//! The engine names no other layer of the crate but [`problem`](crate::problem).

mod budget;
mod exact_cover;
mod kind;
mod layout;
mod matrix;
pub(crate) mod memo;
mod observe;
mod progress;
mod search;
mod solver;
mod stats;
mod tree;

pub use budget::{Budget, Interruption};
pub use exact_cover::{CoverSolutions, ExactCover};
pub use memo::{
    Branching, BranchingError, Memo, MemoCache, MemoCount, MemoError, MemoStats, RandomSolutions,
    Zdd, ZddSolutions,
};
pub use observe::Observer;
pub use progress::{Progress, describe_estimate};
pub(crate) use search::frontier::Choice;
pub use solver::{
    ArenaError, Cheapest, CostError, Costed, Count, Interrupted, SearchEnd, SelectError, Solutions,
    Solver,
};
pub use stats::Stats;
pub use tree::{Tree, TreeError, TreeNameError};
