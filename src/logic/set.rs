//! Set logic: the search for `k` base items and `k + r` cover items (`r`,
//! the *rank*, is 0 for plain set logic and 1 with a fin).
//!
//! A *pattern* is a set `B` of `k` open primary items, no alive option
//! covering two of them, and a set `C` of `k + r` *exclusive* items (open,
//! and no alive option gives them a colour: each is covered at most once
//! in a solution), disjoint from `B`, such that every alive option of
//! every base item covers at least one cover item. In every solution the
//! `k` options covering the base items cover `k` cover items or more, of
//! the `k + r` that can each be covered once: an option covering `r + 1`
//! cover items more than it must is in no solution (the counting argument
//! of `docs/logic.md`). For `r = 0` that is every other alive option of a
//! cover item, and every base option that covers two; for `r = 1`, every
//! option outside the base that covers two cover items, and every base
//! option that covers three. With fewer than `k` cover items the same
//! count is a contradiction.
//!
//! # The search
//!
//! Base and cover grow together, depth first, the base from its smallest
//! item `b1`. Base items have two alive options or more: an item with one
//! is a single, which the solver always takes first.
//!
//! 1. while some base option covers no cover item, branch on which of its
//!    items joins the cover (each item tried is then barred from the
//!    branches after it, so no cover is reached twice from one node);
//! 2. when every base option is covered, a base of `k` items is a pattern;
//!    a smaller one grows by an item that some alive option of a cover
//!    item covers (an item *adjacent* to the cover).
//!
//! Growing only by adjacent items loses nothing: if no remaining base item
//! of a pattern is adjacent to the cover built so far, the items built so
//! far are a pattern of their own, and the whole pattern's removals are the
//! union of the two smaller ones' (proved in `docs/logic.md`). A base item
//! whose options need, pairwise, distinct new cover items beyond the `k`
//! allowed is cut at once. The search counts its nodes and stops at a
//! budget, so a huge generic problem costs a bounded time; a search cut
//! short has found nothing, which is sound.

use super::index::Index;
use super::prefer::{Pattern, Preference};
use super::state::State;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// A pattern of `k` base and `k + r` cover items that removes options.
    Removes {
        base: Vec<usize>,
        cover: Vec<usize>,
        removed: Vec<usize>,
    },
    /// Base items whose options all cover fewer cover items.
    Contradiction { base: Vec<usize>, cover: Vec<usize> },
}

/// The result of one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// The pattern found (the first, or the cheapest with a preference),
    /// if any.
    pub(crate) found: Option<Found>,
    /// Its cost, with a preference.
    pub(crate) cost: Option<u32>,
    /// Whether the search stopped at its node budget before finishing.
    pub(crate) cut: bool,
    /// Whether it saw every pattern it sought (not cut, and not stopped at
    /// one as cheap as the floor).
    pub(crate) complete: bool,
}

/// The work arrays of the search, kept between searches.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    in_base: Vec<bool>,
    in_cover: Vec<bool>,
    /// Items barred from the cover in the current branch.
    barred_cover: Vec<bool>,
    /// Items barred from the base in the current branch.
    barred_base: Vec<bool>,
    /// How many cover items each option covers.
    hits: Vec<u32>,
    item_mark: Vec<u32>,
    item_stamp: u32,
    option_mark: Vec<u32>,
    option_stamp: u32,
    base: Vec<usize>,
    cover: Vec<usize>,
    /// A stack of item lists (candidates, items barred), each level of
    /// the recursion using the part above where its caller's ends.
    stack: Vec<usize>,
    /// The alive options of each item, in the index's order: those of
    /// item `i` are `alive[alive_start[i]..alive_start[i + 1]]` (the state
    /// does not change during a search; read once, they spare every node
    /// the dead options).
    alive_start: Vec<u32>,
    alive: Vec<u32>,
    /// Whether each item may be a cover item (`State::is_exclusive`).
    exclusive: Vec<bool>,
    /// Whether each item may be a base item: primary, open, two alive
    /// options or more.
    eligible: Vec<bool>,
    /// Whether a search with a preference keeps, in `collected`, the base
    /// and cover of every pattern it finds that removes something.
    pub(crate) collect: bool,
    pub(crate) collected: Vec<super::deduce::Seen>,
}

impl Scratch {
    fn reset(&mut self, index: &Index, state: &State) {
        let (items, options) = (index.item_count(), index.option_count());
        self.alive_start.clear();
        self.alive.clear();
        self.exclusive.clear();
        self.eligible.clear();
        self.alive_start.push(0);
        for item in 0..items {
            self.alive.extend(
                index
                    .column(item)
                    .iter()
                    .copied()
                    .filter(|&o| state.is_alive(o as usize)),
            );
            self.alive_start.push(self.alive.len() as u32);
            self.exclusive.push(state.is_exclusive(item));
            self.eligible
                .push(index.is_primary(item) && !state.is_covered(item) && state.count(item) >= 2);
        }
        for v in [
            &mut self.in_base,
            &mut self.in_cover,
            &mut self.barred_cover,
            &mut self.barred_base,
        ] {
            v.clear();
            v.resize(items, false);
        }
        self.hits.clear();
        self.hits.resize(options, 0);
        if self.item_mark.len() != items {
            self.item_mark = vec![0; items];
            self.item_stamp = 0;
        }
        if self.option_mark.len() != options {
            self.option_mark = vec![0; options];
            self.option_stamp = 0;
        }
        self.base.clear();
        self.cover.clear();
        self.stack.clear();
        self.collected.clear();
    }

    fn next_item_stamp(&mut self) -> u32 {
        self.item_stamp = self.item_stamp.wrapping_add(1);
        if self.item_stamp == 0 {
            self.item_mark.iter_mut().for_each(|m| *m = 0);
            self.item_stamp = 1;
        }
        self.item_stamp
    }

    fn next_option_stamp(&mut self) -> u32 {
        self.option_stamp = self.option_stamp.wrapping_add(1);
        if self.option_stamp == 0 {
            self.option_mark.iter_mut().for_each(|m| *m = 0);
            self.option_stamp = 1;
        }
        self.option_stamp
    }
}

/// The size of a pattern: `k` base items and `k + rank` cover items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Size {
    /// The base items.
    pub(crate) k: usize,
    /// The cover items beyond `k` (0: plain set logic; 1: a fin).
    pub(crate) rank: usize,
}

/// How a search chooses among patterns: the first found, or the cheapest
/// by a preference (stopping at one that costs no more than `floor`, the
/// least any pattern of the size can cost).
#[derive(Clone, Copy)]
pub(crate) struct Choice<'a> {
    pub(crate) prefer: Option<&'a dyn Preference>,
    pub(crate) floor: u32,
}

/// Looks for a pattern of exactly `size` that removes an option, or a
/// contradiction, visiting at most `budget` nodes; with a preference in
/// `choice`, the cheapest such pattern. With `since`, the epoch
/// of a complete search of this size on this state (or the one it was
/// copied from) that found nothing, only patterns with a base item marked
/// changed since are sought (one that lost an option, or whose option
/// covers an item that lost its last coloured option): the others were
/// there then, with as many removals or more, and would have been found.
pub(crate) fn search(
    index: &Index,
    state: &State,
    size: Size,
    since: Option<u64>,
    budget: u64,
    choice: Choice<'_>,
    scratch: &mut Scratch,
) -> Outcome {
    scratch.reset(index, state);
    let Size { k, rank } = size;
    let mut search = Search {
        index,
        state,
        k,
        rank,
        choice,
        cost: None,
        ordered: since.is_none(),
        s: scratch,
        nodes: 0,
        budget,
        cut: false,
        stopped: false,
        found: None,
    };
    if k > 0 {
        for b in 0..index.item_count() {
            if !index.is_primary(b)
                || state.is_covered(b)
                || state.count(b) < 2
                || since.is_some_and(|epoch| !state.changed_since(b, epoch))
            {
                continue;
            }
            if search.fits(b) {
                search.push_base(b);
                let stop = search.extend();
                search.pop_base(b);
                if stop {
                    break;
                }
            }
            // Every pattern with `b` in its base was sought from `b`.
            search.s.barred_base[b] = true;
        }
    }
    Outcome {
        found: search.found,
        cost: search.cost,
        cut: search.cut,
        complete: !search.cut && !search.stopped,
    }
}

/// What the pattern of `base` and `cover` (of rank `rank`: `cover.len() -
/// base.len()`) removes in `state`, if it is still a pattern whose base has
/// not changed since `epoch` (then it was one at `epoch`, and only its
/// removals may have shrunk): every base item open with two alive options
/// or more and unchanged, every cover item exclusive. `None` when it no
/// longer is, or removes nothing.
pub(crate) fn removals_of(
    index: &Index,
    state: &State,
    epoch: u64,
    base: &[usize],
    cover: &[usize],
) -> Option<Vec<usize>> {
    let rank = cover.len().saturating_sub(base.len()) as u32;
    if base
        .iter()
        .any(|&b| state.is_covered(b) || state.count(b) < 2 || state.changed_since(b, epoch))
        || cover.iter().any(|&c| !state.is_exclusive(c))
    {
        return None;
    }
    let mut removed = Vec::new();
    for &c in cover {
        for &o in index.column(c) {
            let o = o as usize;
            if !state.is_alive(o) || removed.contains(&o) {
                continue;
            }
            let items = index.items(o);
            let hits = items
                .iter()
                .filter(|&&y| cover.contains(&(y as usize)))
                .count() as u32;
            let must = u32::from(items.iter().any(|&y| base.contains(&(y as usize))));
            if hits > must + rank {
                removed.push(o);
            }
        }
    }
    removed.sort_unstable();
    (!removed.is_empty()).then_some(removed)
}

struct Search<'a> {
    index: &'a Index,
    state: &'a State,
    k: usize,
    /// The cover items allowed beyond `k`.
    rank: usize,
    /// How to choose among patterns.
    choice: Choice<'a>,
    /// The cost of the pattern found, with a preference.
    cost: Option<u32>,
    /// Whether the first base item is the smallest (a full search), or any
    /// changed item (the items tried first are then barred).
    ordered: bool,
    s: &'a mut Scratch,
    nodes: u64,
    budget: u64,
    cut: bool,
    /// Whether it stopped at a pattern as cheap as the floor.
    stopped: bool,
    found: Option<Found>,
}

impl Search<'_> {
    /// The alive options of item `item`.
    fn alive(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        self.alive_slice(item).iter().map(|&o| o as usize)
    }

    /// The alive options of item `item`, as read at the search's start.
    fn alive_slice(&self, item: usize) -> &[u32] {
        &self.s.alive[self.s.alive_start[item] as usize..self.s.alive_start[item + 1] as usize]
    }

    fn push_base(&mut self, b: usize) {
        self.s.in_base[b] = true;
        self.s.base.push(b);
    }

    fn pop_base(&mut self, b: usize) {
        self.s.in_base[b] = false;
        self.s.base.pop();
    }

    fn push_cover(&mut self, c: usize) {
        self.s.in_cover[c] = true;
        self.s.cover.push(c);
        // Only alive options' hits are read.
        for at in self.s.alive_start[c]..self.s.alive_start[c + 1] {
            let o = self.s.alive[at as usize] as usize;
            self.s.hits[o] += 1;
        }
    }

    fn pop_cover(&mut self, c: usize) {
        self.s.in_cover[c] = false;
        self.s.cover.pop();
        for at in self.s.alive_start[c]..self.s.alive_start[c + 1] {
            let o = self.s.alive[at as usize] as usize;
            self.s.hits[o] -= 1;
        }
    }

    /// Whether item `x` may join the cover here.
    fn may_cover(&self, x: usize) -> bool {
        !self.s.in_base[x] && !self.s.in_cover[x] && !self.s.barred_cover[x] && self.s.exclusive[x]
    }

    /// Whether the options of item `b`, about to join the base, that no
    /// cover item covers yet can still be covered within the `k + rank`
    /// cover items: a greedy count of those options that share no possible
    /// cover item is a lower bound on the new cover items they need.
    fn fits(&mut self, b: usize) -> bool {
        let room = self.k + self.rank - self.s.cover.len();
        if room == 0 {
            return self.alive(b).all(|o| self.s.hits[o] > 0);
        }
        let stamp = self.s.next_item_stamp();
        let mut need = 0;
        for at in self.s.alive_start[b]..self.s.alive_start[b + 1] {
            let o = self.s.alive[at as usize] as usize;
            if self.s.hits[o] > 0 {
                continue;
            }
            let items = self.index.items(o);
            let mut any = false;
            let mut fresh = true;
            for &x in items {
                let x = x as usize;
                if x != b && self.may_cover(x) {
                    any = true;
                    if self.s.item_mark[x] == stamp {
                        fresh = false;
                    }
                }
            }
            if !any {
                return false;
            }
            if fresh {
                need += 1;
                if need > room {
                    return false;
                }
                for &x in items {
                    self.s.item_mark[x as usize] = stamp;
                }
            }
        }
        true
    }

    /// Whether the base options no cover item covers yet can still be
    /// covered within the `k + rank` cover items: each has an item that
    /// may join the cover, and a greedy count of those options pairwise
    /// sharing no such item (a lower bound on the new cover items they
    /// need) fits in the room left. A branch that fails this holds no
    /// pattern, so cutting it changes nothing the search finds.
    fn coverable(&mut self) -> bool {
        let room = self.k + self.rank - self.s.cover.len();
        let stamp = self.s.next_item_stamp();
        let mut need = 0;
        for at in 0..self.s.base.len() {
            let b = self.s.base[at];
            for at in self.s.alive_start[b]..self.s.alive_start[b + 1] {
                let o = self.s.alive[at as usize] as usize;
                if self.s.hits[o] > 0 {
                    continue;
                }
                let mut any = false;
                let mut fresh = true;
                for &x in self.index.items(o) {
                    let x = x as usize;
                    if self.may_cover(x) {
                        any = true;
                        if self.s.item_mark[x] == stamp {
                            fresh = false;
                        }
                    }
                }
                if !any {
                    return false;
                }
                if fresh {
                    need += 1;
                    if need > room {
                        return false;
                    }
                    for &x in self.index.items(o) {
                        self.s.item_mark[x as usize] = stamp;
                    }
                }
            }
        }
        true
    }

    /// Whether no alive option of item `y` covers a base item.
    fn apart(&self, y: usize) -> bool {
        self.alive(y).all(|o| {
            self.index
                .items(o)
                .iter()
                .all(|&x| !self.s.in_base[x as usize])
        })
    }

    /// The first alive option of a base item that covers no cover item.
    fn uncovered_option(&self) -> Option<usize> {
        self.s
            .base
            .iter()
            .flat_map(|&b| self.alive(b))
            .find(|&o| self.s.hits[o] == 0)
    }

    /// Grows the pattern; `true` when the search is over (found or cut).
    fn extend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.cut = true;
            return true;
        }
        if let Some(o) = self.uncovered_option() {
            if self.s.cover.len() == self.k + self.rank || !self.coverable() {
                return false;
            }
            let mark = self.s.stack.len();
            let mut stop = false;
            for &x in self.index.items(o) {
                let x = x as usize;
                if !self.may_cover(x) {
                    continue;
                }
                self.push_cover(x);
                stop = self.extend();
                self.pop_cover(x);
                if stop {
                    break;
                }
                self.s.barred_cover[x] = true;
                self.s.stack.push(x);
            }
            for at in mark..self.s.stack.len() {
                let x = self.s.stack[at];
                self.s.barred_cover[x] = false;
            }
            self.s.stack.truncate(mark);
            return stop;
        }
        let (bases, covers) = (self.s.base.len(), self.s.cover.len());
        if covers < bases {
            self.found = Some(Found::Contradiction {
                base: self.s.base.clone(),
                cover: self.s.cover.clone(),
            });
            return true;
        }
        if bases == self.k {
            // A pattern with fewer cover items is one of a lower rank,
            // sought before, whose removals include these.
            if covers < self.k + self.rank {
                return false;
            }
            if let Some(removed) = self.removals() {
                return self.take(removed);
            }
            return false;
        }
        // The candidates, then the ones tried (barred), on the stack.
        let from = self.s.stack.len();
        self.adjacent();
        let to = self.s.stack.len();
        let mut stop = false;
        for at in from..to {
            let b = self.s.stack[at];
            if !self.apart(b) || !self.fits(b) {
                continue;
            }
            self.push_base(b);
            stop = self.extend();
            self.pop_base(b);
            if stop {
                break;
            }
            self.s.barred_base[b] = true;
            self.s.stack.push(b);
        }
        for at in to..self.s.stack.len() {
            let b = self.s.stack[at];
            self.s.barred_base[b] = false;
        }
        self.s.stack.truncate(from);
        stop
    }

    /// Takes the complete pattern of the base and cover with `removed`:
    /// the first one, or one cheaper than the best so far; `true` when the
    /// search is over.
    fn take(&mut self, removed: Vec<usize>) -> bool {
        let Some(prefer) = self.choice.prefer else {
            self.found = Some(Found::Removes {
                base: self.s.base.clone(),
                cover: self.s.cover.clone(),
                removed,
            });
            return true;
        };
        let cost = prefer.cost(&Pattern {
            base: &self.s.base,
            cover: &self.s.cover,
            removed: &removed,
            index: self.index,
            state: self.state,
        });
        if self.s.collect {
            self.s
                .collected
                .push((self.s.base.clone(), self.s.cover.clone()));
        }
        if self.cost.is_none_or(|best| cost < best) {
            self.cost = Some(cost);
            self.found = Some(Found::Removes {
                base: self.s.base.clone(),
                cover: self.s.cover.clone(),
                removed,
            });
        }
        self.stopped = cost <= self.choice.floor;
        self.stopped
    }

    /// Pushes on the stack the items that may join the base: open primary
    /// items (after the first base item, in a full search) with two alive
    /// options or more, covered by an alive option of a cover item, not
    /// barred.
    fn adjacent(&mut self) {
        let stamp = self.s.next_item_stamp();
        let first = if self.ordered { self.s.base[0] } else { 0 };
        for at in 0..self.s.cover.len() {
            let c = self.s.cover[at];
            for at in self.s.alive_start[c]..self.s.alive_start[c + 1] {
                let o = self.s.alive[at as usize] as usize;
                for &y in self.index.items(o) {
                    let y = y as usize;
                    if (y > first || !self.ordered)
                        && self.s.item_mark[y] != stamp
                        && self.s.eligible[y]
                        && !self.s.in_base[y]
                        && !self.s.in_cover[y]
                        && !self.s.barred_base[y]
                    {
                        self.s.item_mark[y] = stamp;
                        self.s.stack.push(y);
                    }
                }
            }
        }
    }

    /// The options a complete pattern removes: those that cover `rank + 1`
    /// cover items more than they must (a base option must cover one). For
    /// rank 0: the alive options of cover items that cover no base item,
    /// and the base options that cover two cover items or more.
    fn removals(&mut self) -> Option<Vec<usize>> {
        let stamp = self.s.next_option_stamp();
        let mut removed = Vec::new();
        for &c in &self.s.cover {
            for at in self.s.alive_start[c]..self.s.alive_start[c + 1] {
                let o = self.s.alive[at as usize] as usize;
                if self.s.option_mark[o] == stamp {
                    continue;
                }
                self.s.option_mark[o] = stamp;
                let in_base = self
                    .index
                    .items(o)
                    .iter()
                    .any(|&y| self.s.in_base[y as usize]);
                let must = u32::from(in_base);
                if self.s.hits[o] > must + self.rank as u32 {
                    removed.push(o);
                }
            }
        }
        removed.sort_unstable();
        (!removed.is_empty()).then_some(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;

    const FIRST: Choice<'static> = Choice {
        prefer: None,
        floor: 0,
    };

    fn plain(k: usize) -> Size {
        Size { k, rank: 0 }
    }

    fn problem(items: usize, options: &[&[usize]]) -> Problem {
        let mut p = Problem::new();
        p.add_primary_items(items);
        for o in options {
            p.add_option(o.iter().copied()).unwrap();
        }
        p
    }

    #[test]
    fn a_pair_removes_the_other_options_of_its_cover() {
        // Items 0 and 1 (base) are covered by options that each cover one
        // of items 2 and 3 (cover); option 4 covers item 2 without a base
        // item, option 5 covers both cover items from the base.
        let p = problem(
            6,
            &[
                &[0, 2],
                &[0, 3, 4],
                &[1, 2, 5],
                &[1, 3],
                &[2, 4],
                &[1, 2, 3],
            ],
        );
        let index = Index::new(&p);
        let state = State::new(&index);
        let mut scratch = Scratch::default();
        let one = search(
            &index,
            &state,
            plain(1),
            None,
            u64::MAX,
            FIRST,
            &mut scratch,
        );
        assert_eq!(one.found, None);
        let two = search(
            &index,
            &state,
            plain(2),
            None,
            u64::MAX,
            FIRST,
            &mut scratch,
        );
        assert_eq!(
            two.found,
            Some(Found::Removes {
                base: vec![0, 1],
                cover: vec![2, 3],
                removed: vec![4, 5]
            })
        );
        assert!(!two.cut);
    }

    #[test]
    fn fewer_cover_items_than_base_items_is_a_contradiction() {
        let p = problem(5, &[&[0, 2], &[0, 2, 3], &[1, 2], &[1, 2, 4]]);
        let index = Index::new(&p);
        let state = State::new(&index);
        let mut scratch = Scratch::default();
        let found = search(
            &index,
            &state,
            plain(2),
            None,
            u64::MAX,
            FIRST,
            &mut scratch,
        )
        .found;
        assert_eq!(
            found,
            Some(Found::Contradiction {
                base: vec![0, 1],
                cover: vec![2]
            })
        );
    }

    #[test]
    fn a_budget_of_nodes_cuts_the_search_short() {
        let p = problem(
            6,
            &[
                &[0, 2],
                &[0, 3, 4],
                &[1, 2, 5],
                &[1, 3],
                &[2, 4],
                &[1, 2, 3],
            ],
        );
        let index = Index::new(&p);
        let state = State::new(&index);
        let outcome = search(
            &index,
            &state,
            plain(2),
            None,
            1,
            FIRST,
            &mut Scratch::default(),
        );
        assert_eq!(
            outcome,
            Outcome {
                found: None,
                cost: None,
                cut: true,
                complete: false
            }
        );
    }

    /// Searching only from the items changed since a vain search finds a
    /// pattern whenever a full search does (when, as in the solver, the
    /// smaller sizes found nothing): on random problems with colours,
    /// after random removals and choices.
    #[test]
    fn a_search_from_the_changed_items_misses_nothing() {
        use crate::util::random::splitmix64;
        let mut seed = 7u64;
        for _ in 0..3000 {
            let mut p = Problem::new();
            let primary = 3 + (splitmix64(&mut seed) % 6) as usize;
            p.add_primary_items(primary);
            p.add_secondary_items(3);
            let red = p.colour("red").unwrap();
            let blue = p.colour("blue").unwrap();
            let mut options = 0;
            while options < 18 {
                let mut entries = Vec::new();
                for item in 0..primary + 3 {
                    if splitmix64(&mut seed) % if item >= primary { 2 } else { 4 } == 0 {
                        let colour = match (item >= primary, splitmix64(&mut seed) % 3) {
                            (true, 1) => Some(red),
                            (true, 2) => Some(blue),
                            _ => None,
                        };
                        entries.push((item, colour));
                    }
                }
                if !entries.is_empty() {
                    p.add_coloured_option(entries).unwrap();
                    options += 1;
                }
            }
            let index = Index::new(&p);
            let mut state = State::new(&index);
            let mut scratch = Scratch::default();
            for _ in 0..12 {
                // The sizes in the solver's order.
                for (k, rank) in [(1, 0), (2, 0), (3, 0), (1, 1), (2, 1), (3, 1)] {
                    let size = Size { k, rank };
                    let full = search(&index, &state, size, None, u64::MAX, FIRST, &mut scratch);
                    let since = state.clean(size);
                    let changed =
                        search(&index, &state, size, since, u64::MAX, FIRST, &mut scratch);
                    assert_eq!(full.found.is_some(), changed.found.is_some(), "{size:?}");
                    // As the solver does: a size is searched only when the
                    // smaller ones found nothing.
                    if full.found.is_some() {
                        break;
                    }
                    state.mark_clean(size);
                }
                let alive: Vec<usize> = (0..index.option_count())
                    .filter(|&o| state.is_alive(o))
                    .collect();
                if alive.is_empty() {
                    break;
                }
                let o = alive[(splitmix64(&mut seed) % alive.len() as u64) as usize];
                if splitmix64(&mut seed) % 3 == 0 {
                    state.choose(&index, o);
                } else {
                    state.remove(&index, o);
                }
            }
        }
    }
}
