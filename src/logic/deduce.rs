//! The cheapest deduction first: a contradiction, else a single, else set
//! logic by increasing `k`; and how a step changes the state.
//!
//! Forcing chains (`chain`) come after these in the solver, and use them
//! inside: a chain is this module run on a hypothesis.

use super::index::Index;
use super::set::{self, Found, Scratch};
use super::state::State;
use super::step::{Contradiction, Step};

/// What the state allows next, without chains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Deduction {
    /// A step to apply.
    Step(Step),
    /// Every primary item is covered.
    Solved,
    /// The state has no solution.
    Contradiction(Contradiction),
    /// No rule up to this size applies.
    Stuck,
}

/// Finds the cheapest deduction in `state` with set logic up to `max_k`,
/// each search within `budget` nodes; counts in `cut` the searches cut
/// short. The state itself is unchanged: only its note of the searches
/// that found nothing, which lets the next search of a size look only at
/// what has changed since.
pub(crate) fn deduce(
    index: &Index,
    state: &mut State,
    max_k: usize,
    budget: u64,
    scratch: &mut Scratch,
    cut: &mut usize,
) -> Deduction {
    if state.open_primary() == 0 {
        return Deduction::Solved;
    }
    if let Some(item) = state.empty_item(index) {
        return Deduction::Contradiction(Contradiction::Uncoverable { item });
    }
    if let Some(step) = single(index, state) {
        return Deduction::Step(step);
    }
    for k in 1..=max_k {
        let outcome = set::search(index, state, k, state.clean(k), budget, scratch);
        if outcome.cut {
            *cut += 1;
        } else if outcome.found.is_none() {
            state.mark_clean(k);
        }
        match outcome.found {
            Some(Found::Removes {
                base,
                cover,
                removed,
            }) => return Deduction::Step(Step::set_logic(base, cover, removed)),
            Some(Found::Contradiction { base, cover }) => {
                return Deduction::Contradiction(Contradiction::SetLogic { base, cover });
            }
            None => {}
        }
    }
    Deduction::Stuck
}

/// The first open primary item with one alive option, as a step.
fn single(index: &Index, state: &State) -> Option<Step> {
    let item = (0..index.item_count())
        .find(|&i| index.is_primary(i) && !state.is_covered(i) && state.count(i) == 1)?;
    let option = index
        .column(item)
        .iter()
        .map(|&o| o as usize)
        .find(|&o| state.is_alive(o))?;
    Some(Step::single(item, option))
}

/// Applies `step` to `state`: removes its removed options, then chooses
/// its forced ones (those still alive: a step is found on one state and
/// applied to it).
pub(crate) fn apply(index: &Index, state: &mut State, step: &Step) {
    for &o in &step.removed {
        if state.is_alive(o) {
            state.remove(index, o);
        }
    }
    for &o in &step.forced {
        if state.is_alive(o) {
            state.choose(index, o);
        }
    }
}
