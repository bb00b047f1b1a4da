//! The cheapest deduction first: a contradiction, else a single, else set
//! logic in the order of [`Rule`](super::Rule) (by `k` up to
//! [`Rule::SMALL`](super::Rule::SMALL), then with a fin, then the larger
//! sizes); and how a step changes the state.
//!
//! Forcing chains (`chain`) come after these in the solver, and use them
//! inside: a chain is this module run on a hypothesis.

use super::index::Index;
use super::prefer::Pattern;
use super::prefer::Preference;
use super::set::{self, Choice, Found, Scratch, Size};
use super::state::State;
use super::step::Rule;
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

/// The largest sizes of set logic a deduction may use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sizes {
    /// The largest `k` of plain set logic (0: none).
    pub(crate) max_k: usize,
    /// The largest `k` of set logic with a fin (0: none).
    pub(crate) max_fin_k: usize,
}

impl Sizes {
    /// The sizes in the order they are tried: plain set logic up to
    /// [`Rule::SMALL`], fins up to it, then the larger sizes, plain before
    /// finned.
    pub(crate) fn order(self) -> impl Iterator<Item = Size> {
        let small = |max: usize, rank| (1..=max.min(Rule::SMALL)).map(move |k| Size { k, rank });
        let larger = (Rule::SMALL + 1..=self.max_k.max(self.max_fin_k)).flat_map(move |k| {
            let plain = (k <= self.max_k).then_some(Size { k, rank: 0 });
            let finned = (k <= self.max_fin_k).then_some(Size { k, rank: 1 });
            plain.into_iter().chain(finned)
        });
        small(self.max_k, 0)
            .chain(small(self.max_fin_k, 1))
            .chain(larger)
    }
}

/// What a deduction may use: the sizes of set logic, the node budget of
/// each search, and the tiers of the items for singles.
#[derive(Clone, Copy)]
pub(crate) struct Limits<'a> {
    /// The sizes of set logic.
    pub(crate) sizes: Sizes,
    /// The nodes each search may visit.
    pub(crate) budget: u64,
    /// The tier of each item for singles (lowest first); empty: all one
    /// tier.
    pub(crate) tiers: &'a [u8],
    /// How to rank patterns of set logic; `None`: the first found.
    pub(crate) prefer: Option<&'a dyn Preference>,
}

/// The patterns of set logic a complete search of each size saw, with a
/// preference, and when: no repeated work between steps. A pattern of that
/// size in a later state either has a base item changed since (the search
/// from the changed items finds it) or was one of these, with removals
/// that can only have shrunk (`set::removals_of` reads them again).
/// The base and cover of a pattern.
pub(crate) type Seen = (Vec<usize>, Vec<usize>);

#[derive(Clone, Debug, Default)]
pub(crate) struct Patterns {
    /// By `2 k + rank`: the epoch of the search and the base and cover of
    /// each pattern it saw, in the order found.
    seen: Vec<Option<(u64, Vec<Seen>)>>,
}

impl Patterns {
    fn slot(size: Size) -> usize {
        2 * size.k + size.rank.min(1)
    }

    fn get(&self, size: Size) -> Option<&(u64, Vec<Seen>)> {
        self.seen.get(Self::slot(size)).and_then(Option::as_ref)
    }

    fn set(&mut self, size: Size, epoch: u64, patterns: Vec<Seen>) {
        let slot = Self::slot(size);
        if self.seen.len() <= slot {
            self.seen.resize(slot + 1, None);
        }
        self.seen[slot] = Some((epoch, patterns));
    }
}

/// Finds the cheapest deduction in `state` within `limits`; counts in
/// `cut` the searches cut short. The state itself is unchanged: only its
/// note of the searches that found nothing, which lets the next search of
/// a size look only at what has changed since.
pub(crate) fn deduce(
    index: &Index,
    state: &mut State,
    limits: Limits<'_>,
    scratch: &mut Scratch,
    cut: &mut usize,
    mut patterns: Option<&mut Patterns>,
) -> Deduction {
    let Limits {
        sizes,
        budget,
        tiers,
        prefer,
    } = limits;
    if state.open_primary() == 0 {
        return Deduction::Solved;
    }
    match single(index, state, tiers) {
        Single::Empty(item) => {
            return Deduction::Contradiction(Contradiction::Uncoverable { item });
        }
        Single::Forced(step) => return Deduction::Step(step),
        Single::None => {}
    }
    let mut best: Option<(u32, Step)> = None;
    for size in sizes.order() {
        let floor = prefer.map_or(0, |p| p.floor(size.k, size.rank));
        if best.as_ref().is_some_and(|(cost, _)| floor >= *cost) {
            continue;
        }
        // With a preference and a note of the patterns of this size: those
        // still patterns first, then a search from the changed items.
        let noted = match (prefer, patterns.as_deref()) {
            (Some(_), Some(p)) => p.get(size),
            _ => None,
        };
        let mut kept = Vec::new();
        let mut known: Option<(u32, Step)> = None;
        let since = if let (Some(prefer), Some((epoch, seen))) = (prefer, noted) {
            for (base, cover) in seen {
                let Some(removed) = set::removals_of(index, state, *epoch, base, cover) else {
                    continue;
                };
                let cost = prefer.cost(&Pattern {
                    base,
                    cover,
                    removed: &removed,
                    index,
                    state,
                });
                kept.push((base.clone(), cover.clone()));
                if known.as_ref().is_none_or(|(least, _)| cost < *least) {
                    known = Some((cost, Step::set_logic(base.clone(), cover.clone(), removed)));
                }
            }
            Some(*epoch)
        } else {
            state.clean(size)
        };
        if let Some((cost, step)) = known.take() {
            if cost <= floor {
                // As cheap as this size can be: the search would stop at
                // it too. The note stays as it was (still true).
                if best.as_ref().is_none_or(|(least, _)| cost < *least) {
                    best = Some((cost, step));
                }
                continue;
            }
            known = Some((cost, step));
        }
        let choice = Choice { prefer, floor };
        scratch.collect = prefer.is_some() && patterns.is_some();
        let outcome = set::search(index, state, size, since, budget, choice, scratch);
        scratch.collect = false;
        if outcome.cut {
            *cut += 1;
        } else if outcome.found.is_none() && kept.is_empty() {
            state.mark_clean(size);
        }
        if outcome.complete
            && let Some(p) = patterns.as_deref_mut()
            && prefer.is_some()
        {
            kept.append(&mut scratch.collected);
            p.set(size, state.epoch(), kept);
        }
        if let Some((cost, step)) = known
            && best.as_ref().is_none_or(|(least, _)| cost < *least)
        {
            best = Some((cost, step));
        }
        match outcome.found {
            Some(Found::Removes {
                base,
                cover,
                removed,
            }) => {
                let step = Step::set_logic(base, cover, removed);
                let Some(cost) = outcome.cost else {
                    return Deduction::Step(step);
                };
                if best.as_ref().is_none_or(|(least, _)| cost < *least) {
                    best = Some((cost, step));
                }
            }
            Some(Found::Contradiction { base, cover }) => {
                return Deduction::Contradiction(Contradiction::SetLogic { base, cover });
            }
            None => {}
        }
    }
    if let Some((_, step)) = best {
        return Deduction::Step(step);
    }
    Deduction::Stuck
}

/// What one pass over the items finds: the first open primary item with
/// no alive option, else a single, else nothing.
enum Single {
    Empty(usize),
    Forced(Step),
    None,
}

/// The first open primary item without an alive option (no solution), else
/// the first open primary item with one alive option, of the lowest tier
/// (`tiers[item]`, 0 beyond `tiers`), as a step: one pass over the items.
fn single(index: &Index, state: &State, tiers: &[u8]) -> Single {
    let tier = |i: usize| tiers.get(i).copied().unwrap_or(0);
    let mut best: Option<usize> = None;
    for i in 0..index.item_count() {
        if !index.is_primary(i) || state.is_covered(i) {
            continue;
        }
        match state.count(i) {
            0 => return Single::Empty(i),
            1 if best.is_none_or(|b| tier(i) < tier(b)) => best = Some(i),
            _ => {}
        }
    }
    let Some(item) = best else {
        return Single::None;
    };
    match index
        .column(item)
        .iter()
        .map(|&o| o as usize)
        .find(|&o| state.is_alive(o))
    {
        Some(option) => Single::Forced(Step::single(item, option)),
        None => Single::None,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_sizes_come_first_then_fins_then_the_larger_sizes() {
        let order: Vec<(usize, usize)> = Sizes {
            max_k: 4,
            max_fin_k: 4,
        }
        .order()
        .map(|s| (s.k, s.rank))
        .collect();
        assert_eq!(
            order,
            [
                (1, 0),
                (2, 0),
                (3, 0),
                (1, 1),
                (2, 1),
                (3, 1),
                (4, 0),
                (4, 1)
            ]
        );
        let plain: Vec<usize> = Sizes {
            max_k: 2,
            max_fin_k: 0,
        }
        .order()
        .map(|s| s.k)
        .collect();
        assert_eq!(plain, [1, 2]);
    }
}
