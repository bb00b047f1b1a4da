//! Scale-out: one count shared by many threads, or by many machines.
//!
//! # Types
//!
//! * [`Subproblem`]: a node of the search tree, named by its path of choices
//!   from the root ("option 2 of 5, then 1 of 3", as Knuth's progress
//!   reports print positions); its subtree holds exactly the solutions that
//!   choose the path's options. [`Solver::subproblems`](crate::Solver::subproblems)
//!   lists the nodes at one depth, [`Solver::split`](crate::Solver::split)
//!   goes deeper until there are at least as many as asked (or refuses with
//!   [`TooManySubproblems`]); their subtrees are disjoint and hold every
//!   solution, so their counts add up to the whole count.
//!   [`Solver::select_path`](crate::Solver::select_path) selects a
//!   subproblem's options (a [`PathError`] if they do not fit).
//! * [`Part`]: part `k` of `n` of a split (a [`PartError`] if `k >= n`), the
//!   same share on every machine, since the split depends on the problem and
//!   `n` alone.
//! * [`Counter`] counts on many threads, each taking the next subproblem
//!   not yet taken; with a part, only that part ([`PartCount`]). Errors are
//!   [`CountError`]s. Threads need the `parallel` feature (rayon, on by
//!   default); without it a counter counts on the calling thread.
//!
//! Scale names the engine and the problem, no other layer.

pub(crate) mod counter;
pub(crate) mod split;

pub use counter::{CountError, Counter, MAX_SUBPROBLEMS, PartCount};
pub use split::{Part, PartError, PathError, Subproblem, TooManySubproblems};
