//! Scale-out: one count shared by many threads, or by many machines.
//!
//! # Types
//!
//! * [`Subproblem`]: a node of the search tree, named by its path of choices
//!   from the root ("option 2 of 5, then 1 of 3", as Knuth's progress
//!   reports print positions); its subtree holds exactly the solutions that
//!   choose the path's options. [`Solver::subproblems`](crate::Solver::subproblems)
//!   lists the nodes at one depth (or refuses with [`TooManySubproblems`]),
//!   [`Solver::split_within`](crate::Solver::split_within) goes deeper
//!   until there are at least as many as asked, within a budget and never
//!   past a maximum (a [`Split`]); their subtrees are disjoint and hold
//!   every solution, so their counts add up to the whole count.
//!   [`Solver::select_path`](crate::Solver::select_path) selects a
//!   subproblem's options (a [`PathError`] if they do not fit).
//! * [`Part`]: part `k` of `n` of a split (a [`PartError`] if `k >= n`), the
//!   same share on every machine, since the split depends on the problem and
//!   `n` alone.
//! * [`Counter`] counts on many threads, each taking the next subproblem
//!   not yet taken; with a part, only that part ([`PartCount`]). Errors are
//!   [`CountError`]s. [`split_size`] is how many subproblems it splits
//!   into unless told otherwise. **Threads need the `parallel` feature**
//!   (rayon, on by default); without it a counter counts on the calling
//!   thread ([`PARALLEL`] says which).
//! * [`PartReport`]: a part's count as one line of JSON, written and read;
//!   [`Fingerprint`] tells problems apart; [`Merge`] adds the parts up
//!   ([`Merged`]), refusing a missing, repeated, overlapping or foreign part
//!   ([`MergeError`], [`ReportError`]).
//!
//! Scale names the engine and the problem, no other layer.

pub(crate) mod counter;
pub(crate) mod report;
pub(crate) mod split;

/// Whether this build counts on threads: the `parallel` feature (on by
/// default). Without it [`Counter::with_threads`] and
/// everything built on it count on the calling thread. A program that
/// needs threads can make a build without them fail to compile:
/// `const _: () = assert!(exactcover::scale::PARALLEL);`.
///
/// ```
/// use exactcover::scale::{Counter, PARALLEL};
/// let problem = exactcover::problem::classic::queens(6);
/// let counted = Counter::new(&problem).with_threads(2).count();
/// assert_eq!(counted.threads, if PARALLEL { 2 } else { 1 });
/// ```
pub const PARALLEL: bool = cfg!(feature = "parallel");

pub use counter::{
    CountError, Counter, DEFAULT_MAX_MEMORY, MAX_SUBPROBLEMS, PartCount, split_size,
};
pub use report::{
    Fingerprint, MAX_REPORT_LINE, Merge, MergeError, Merged, PartReport, Position, ReportError,
};
pub use split::{Part, PartError, PathError, SPREAD, Split, Subproblem, TooManySubproblems};
