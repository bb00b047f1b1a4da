//! What is known so far: the options still possible, the items covered and
//! the options chosen, with the two moves of logic, *remove* an option and
//! *choose* one.
//!
//! The state keeps one invariant, on which every rule's proof rests (see
//! `docs/logic.md`): every solution of the problem that contains the
//! chosen options is made of the chosen options and options still alive.
//! Choosing removes exactly the options that can no longer join the chosen
//! ones: those that share a primary item with it, or a secondary item
//! without agreeing on its colour (Knuth's Algorithm C).

use super::index::{Index, NO_COLOUR};
use super::set::Size;

/// `covered` of an item no chosen option covers.
const OPEN: u32 = 0;
/// `covered` of an item a chosen option covers without a colour.
const PLAIN: u32 = 1;

/// Options alive, items covered, options chosen.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Whether each option is still possible (neither chosen nor removed).
    alive: Vec<bool>,
    /// The alive options of each item.
    count: Vec<u32>,
    /// The alive options that give each item a colour.
    coloured: Vec<u32>,
    /// `OPEN`, `PLAIN`, or the colour plus two that the chosen options give
    /// the item.
    covered: Vec<u32>,
    /// The chosen options, in order.
    chosen: Vec<usize>,
    /// The primary items not yet covered.
    open_primary: usize,
    /// The number of removals so far: the clock of `changed`.
    epoch: u64,
    /// When each item last lost an alive option.
    changed: Vec<u64>,
    /// `clean[k][rank]`: the epoch of the last complete search for set
    /// logic with `k` base items and `k + rank` cover items that found
    /// nothing, if any.
    clean: Vec<[Option<u64>; 2]>,
}

impl State {
    /// Nothing chosen, every option alive.
    pub(crate) fn new(index: &Index) -> State {
        let items = index.item_count();
        let mut count = vec![0u32; items];
        let mut coloured = vec![0u32; items];
        for (item, (n, c)) in count.iter_mut().zip(&mut coloured).enumerate() {
            *n = index.column(item).len() as u32;
            *c = index
                .column_colours(item)
                .iter()
                .filter(|&&c| c != NO_COLOUR)
                .count() as u32;
        }
        State {
            alive: vec![true; index.option_count()],
            count,
            coloured,
            covered: vec![OPEN; items],
            chosen: Vec::new(),
            open_primary: (0..items).filter(|&i| index.is_primary(i)).count(),
            epoch: 0,
            changed: vec![0; items],
            clean: Vec::new(),
        }
    }

    /// Whether option `option` is still possible.
    pub(crate) fn is_alive(&self, option: usize) -> bool {
        self.alive[option]
    }

    /// Whether item `item` is covered by a chosen option.
    pub(crate) fn is_covered(&self, item: usize) -> bool {
        self.covered[item] != OPEN
    }

    /// The number of alive options of item `item`.
    pub(crate) fn count(&self, item: usize) -> usize {
        self.count[item] as usize
    }

    /// Whether item `item` may be in the cover of set logic: not covered,
    /// and no alive option gives it a colour, so that at most one option
    /// of a solution covers it.
    pub(crate) fn is_exclusive(&self, item: usize) -> bool {
        self.covered[item] == OPEN && self.coloured[item] == 0
    }

    /// The chosen options, in the order they were chosen.
    pub(crate) fn chosen(&self) -> &[usize] {
        &self.chosen
    }

    /// The number of primary items no chosen option covers.
    pub(crate) fn open_primary(&self) -> usize {
        self.open_primary
    }

    /// The number of alive options.
    pub(crate) fn alive_count(&self) -> usize {
        self.alive.iter().filter(|&&a| a).count()
    }

    /// The number of removals so far.
    pub(crate) fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Whether item `item` lost an alive option since epoch `epoch`.
    pub(crate) fn changed_since(&self, item: usize, epoch: u64) -> bool {
        self.changed[item] > epoch
    }

    /// The epoch of the last complete search for set logic of `size` that
    /// found nothing, if it was made (on this state or the one it was
    /// copied from).
    pub(crate) fn clean(&self, size: Size) -> Option<u64> {
        self.clean
            .get(size.k)
            .and_then(|ranks| ranks.get(size.rank).copied().flatten())
    }

    /// Notes that a complete search for set logic of `size` found nothing
    /// now: a later pattern of that size needs a base item that has lost
    /// an option since (see `set`). Ranks above 1 are not noted.
    pub(crate) fn mark_clean(&mut self, size: Size) {
        if size.rank > 1 {
            return;
        }
        if self.clean.len() <= size.k {
            self.clean.resize(size.k + 1, [None; 2]);
        }
        self.clean[size.k][size.rank] = Some(self.epoch);
    }

    /// Removes alive option `option`.
    pub(crate) fn remove(&mut self, index: &Index, option: usize) {
        debug_assert!(self.alive[option]);
        self.alive[option] = false;
        self.epoch += 1;
        for (&item, &colour) in index.items(option).iter().zip(index.colours(option)) {
            self.changed[item as usize] = self.epoch;
            self.count[item as usize] -= 1;
            if colour != NO_COLOUR {
                self.coloured[item as usize] -= 1;
                if self.coloured[item as usize] == 0 {
                    // The item may now be a cover item: the items of its
                    // options may be the base of a new pattern.
                    self.touch_neighbours(index, item as usize);
                }
            }
        }
    }

    /// Marks as changed the items of the alive options of item `item`.
    fn touch_neighbours(&mut self, index: &Index, item: usize) {
        for &o in index.column(item) {
            if self.alive[o as usize] {
                for &y in index.items(o as usize) {
                    self.changed[y as usize] = self.epoch;
                }
            }
        }
    }

    /// Chooses alive option `option`: covers its items and removes every
    /// option that can no longer be chosen with it.
    pub(crate) fn choose(&mut self, index: &Index, option: usize) {
        self.remove(index, option);
        self.chosen.push(option);
        for (&item, &colour) in index.items(option).iter().zip(index.colours(option)) {
            let item = item as usize;
            if index.is_primary(item) && self.covered[item] == OPEN {
                self.open_primary -= 1;
            }
            self.covered[item] = if colour == NO_COLOUR {
                PLAIN
            } else {
                colour + 1
            };
            for (&other, &theirs) in index.column(item).iter().zip(index.column_colours(item)) {
                // An option that agrees on a colour stays; any other
                // option of the item clashes with this one.
                let other = other as usize;
                if self.alive[other] && (colour == NO_COLOUR || theirs != colour) {
                    self.remove(index, other);
                }
            }
        }
    }

    /// The first open primary item without an alive option, if any: then
    /// no solution contains the chosen options.
    #[cfg(test)]
    pub(crate) fn empty_item(&self, index: &Index) -> Option<usize> {
        (0..index.item_count())
            .find(|&i| index.is_primary(i) && self.covered[i] == OPEN && self.count[i] == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;

    #[test]
    fn choosing_removes_the_clashing_options_and_keeps_those_of_the_same_colour() {
        let mut problem = Problem::new();
        let (a, b, c) = (
            problem.add_primary("a").unwrap(),
            problem.add_primary("b").unwrap(),
            problem.add_primary("c").unwrap(),
        );
        let x = problem.add_secondary("x").unwrap();
        let (red, blue) = (
            problem.colour("red").unwrap(),
            problem.colour("blue").unwrap(),
        );
        problem
            .add_coloured_option([(a, None), (x, Some(red))])
            .unwrap(); // 0
        problem
            .add_coloured_option([(b, None), (x, Some(red))])
            .unwrap(); // 1
        problem
            .add_coloured_option([(b, None), (x, Some(blue))])
            .unwrap(); // 2
        problem.add_coloured_option([(c, None), (x, None)]).unwrap(); // 3
        problem.add_option([a, c]).unwrap(); // 4
        let index = Index::new(&problem);
        let mut state = State::new(&index);
        assert_eq!(state.open_primary(), 3);
        assert!(!state.is_exclusive(x));
        state.choose(&index, 0);
        assert_eq!(state.chosen(), [0]);
        assert!(state.is_alive(1), "the same colour stays");
        assert!(!state.is_alive(2) && !state.is_alive(3) && !state.is_alive(4));
        assert_eq!(state.open_primary(), 2);
        assert!(state.is_covered(x) && state.is_covered(a) && !state.is_covered(b));
        assert_eq!(state.empty_item(&index), Some(c));
        assert_eq!(state.count(b), 1);
        assert_eq!(state.alive_count(), 1);
    }
}
