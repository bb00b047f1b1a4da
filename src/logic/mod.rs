//! Solving by logic on the exact-cover matrix: the human techniques of
//! Sudoku, made general.
//!
//! # Types
//!
//! * [`LogicSolver`] keeps a state on any [`Problem`](crate::Problem): the
//!   options chosen, the items they cover, the options still possible. It
//!   starts from options the caller chooses ([`LogicSolver::select`], a
//!   puzzle's givens) and applies the cheapest sound deduction, one step
//!   at a time ([`LogicSolver::next_step`] gives a hint,
//!   [`LogicSolver::step`] applies it) or to the end
//!   ([`LogicSolver::explain`]). A [`Config`] says which rules it may use
//!   and bounds their cost.
//! * [`Step`] is one deduction: its [`Rule`] ([single](Rule::Single),
//!   [set logic](Rule::SetLogic) with its `k`, [forcing chain](Rule::Chain)
//!   with its length), its base and cover items, the options it removes or
//!   forces, and for a chain the [`Chain`] of hypothetical steps that ends
//!   in a [`Contradiction`].
//! * [`Next`] is a step or the [`End`]: solved, stuck (what is left needs
//!   guessing), or no solution. An [`Explanation`] is every step to the
//!   end; its [`Summary`] is what a grade needs: the hardest rule, how
//!   many of each, the chain lengths and what is left.
//! * [`LogicError`] says why an option cannot be chosen.
//!
//! # The rules
//!
//! On the matrix, with `B` and `C` sets of items:
//!
//! * **single**: an open primary item with one option left forces it (a
//!   Sudoku's naked single is a cell item, a hidden single a unit-digit
//!   item, and so for every item a variant adds);
//! * **set logic** with `k`: `k` open primary base items, no option
//!   covering two, and `k` cover items that are each covered at most once
//!   (primary, or secondary without colours), such that every option of a
//!   base item covers a cover item. Then every other option of a cover
//!   item, and every base option covering two, is in no solution (locked
//!   candidates, naked and hidden subsets, X-wings, swordfish and
//!   jellyfish are its cases);
//! * **forcing chain**: an option whose choice leads by singles and set
//!   logic to a contradiction is in no solution.
//!
//! `docs/logic.md` draws each rule, proves it (with the exact conditions
//! for secondary items and colours) and names the Sudoku techniques it
//! contains.
//!
//! # Inside (crate-private)
//!
//! * `index`: the matrix read once, every option's items and every item's
//!   options, in flat arrays;
//! * `state`: options alive, items covered, options chosen; remove and
//!   choose;
//! * `set`: the search for set-logic patterns, bounded by a node budget;
//! * `deduce`: the cheapest deduction first, and applying a step;
//! * `chain`: forcing chains on a copy of the state;
//! * `solver`, `step`, `explain`, `error`: the public types above.
//!
//! This layer names only [`problem`](crate::problem).

mod chain;
mod deduce;
mod error;
mod explain;
mod index;
mod prefer;
mod set;
mod solver;
mod state;
mod step;

pub use error::LogicError;
pub use explain::{End, Explanation, Next, Summary};
pub use prefer::{Pattern, Preference};
pub use solver::{Config, LogicSolver};
pub use step::{Chain, Contradiction, Rule, Step};
