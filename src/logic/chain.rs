//! Forcing chains: an option whose choice leads, by singles and set logic,
//! to a contradiction is in no solution, and is removed.
//!
//! Every alive option is tried on a copy of the state: chosen, then the
//! cheapest deductions applied one by one (singles, set logic up to
//! [`Config::chain_k`](super::Config::chain_k)) until a contradiction, a
//! solution, or nothing more. The chain kept is the shortest (fewest
//! deductions between the choice and the contradiction; the first in
//! option order among equals), and no chain is followed further than the
//! shortest found so far, nor than
//! [`Config::chain_length`](super::Config::chain_length). The work is
//! bounded: one copy of the state, reused, a flag per option, and at most
//! `2 x options x length` deductions, each search within its node budget.

use super::deduce::{self, Deduction, Sizes};
use super::index::Index;
use super::set::Scratch;
use super::state::State;
use super::step::Chain;

/// The limits of a chain search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits<'a> {
    /// The largest set logic used inside a chain.
    pub(crate) k: usize,
    /// The most deductions a chain may take.
    pub(crate) length: usize,
    /// The node budget of each set-logic search.
    pub(crate) budget: u64,
    /// The tiers of the items for singles.
    pub(crate) tiers: &'a [u8],
}

/// The shortest forcing chain from `state`, if any within the limits;
/// `work` is scratch for the hypothetical states.
///
/// The options are followed to a depth that doubles (3, 6, 12, ... up to
/// the limit) so that the options that never fail cost little while a
/// short chain exists; an option whose consequences run out (stuck or
/// solved) before the depth is not followed again.
pub(crate) fn shortest(
    index: &Index,
    state: &State,
    limits: Limits<'_>,
    scratch: &mut Scratch,
    work: &mut State,
    cut: &mut usize,
) -> Option<Chain> {
    let mut settled = vec![false; index.option_count()];
    let mut depth = limits.length.min(3);
    loop {
        let mut best: Option<Chain> = None;
        for (option, settled) in settled.iter_mut().enumerate() {
            if !state.is_alive(option) || *settled {
                continue;
            }
            let limit = match &best {
                Some(chain) if chain.steps.is_empty() => break,
                Some(chain) => chain.steps.len() - 1,
                None => depth,
            };
            work.clone_from(state);
            work.choose(index, option);
            let mut steps = Vec::new();
            loop {
                let inner = deduce::Limits {
                    sizes: Sizes {
                        max_k: limits.k,
                        max_fin_k: 0,
                    },
                    budget: limits.budget,
                    tiers: limits.tiers,
                    prefer: None,
                };
                match deduce::deduce(index, work, inner, scratch, cut, None) {
                    Deduction::Contradiction(contradiction) => {
                        best = Some(Chain {
                            assumed: option,
                            steps,
                            contradiction,
                        });
                        break;
                    }
                    Deduction::Step(step) if steps.len() < limit => {
                        deduce::apply(index, work, &step);
                        steps.push(step);
                    }
                    Deduction::Step(_) => break,
                    Deduction::Solved | Deduction::Stuck => {
                        *settled = true;
                        break;
                    }
                }
            }
        }
        if best.is_some() || depth >= limits.length {
            return best;
        }
        depth = (2 * depth).min(limits.length);
    }
}
