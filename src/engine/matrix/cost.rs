//! Minimum-cost covers, as Knuth's DLX5 searches them: the options' net
//! costs, the taxes that make them, the item lists sorted by them, the
//! covers that hide only the options cheap enough to matter, and the
//! branching rule that counts only those; and the trait [`Priced`] through
//! which the cost driver (`search/cost.rs`) runs them for a kind.
//!
//! # The data structure
//!
//! Beside DLX1's links, a matrix whose options have costs
//! (`Problem::has_costs`) keeps `COST(q)` of every node `q`: the *net cost*
//! of `q`'s option (DLX5 keeps it in the node too, so that walking an item's
//! list reads it at once). Net costs come from *taxes*: taking the primary
//! items in order, each is taxed the least net cost of the options that
//! contain it, which is taken off all of them; so every option keeps a net
//! cost of at least 0, every primary item has an option of net cost 0, and
//! since a solution covers every primary item once, its cost is its net
//! cost plus the total tax. Then every item's list is sorted by net cost,
//! cheapest first (stably: options of equal cost keep their order), so that
//! a walk down a list can stop at the first option too dear.
//!
//! # The operations
//!
//! With `limit` the net cost that an option must stay below to matter (the
//! best cost found less the cost so far, less the cost of the option being
//! tried), `cover_below(i, limit)` hides only the options of `i`'s list
//! cheaper than `limit`, down to the first that is not, and takes `i` out
//! of the list of active items; `uncover_below(i, limit)` puts back the same
//! options, walking the list the same way down (Knuth, DLX5: "amazingly, no
//! harm is done if the options are processed again in the same order"; the
//! tests check that every search leaves the links as it found them), then
//! the item. The limit must be the one the cover was given, although the
//! best cost may have fallen since: the search keeps it per level. An
//! option left in other lists because it was too dear is never chosen: the
//! limits only fall as the search goes down. With colours, `purify_below`
//! and `unpurify_below` walk the same way (Algorithm C's `purify` limited
//! likewise), and `commit_below` covers or purifies as `commit` does.
//!
//! The branching rule (`choose_priced`) is DLX5's: the item with the fewest
//! options cheaper than the budget left, counting at most
//! [`LEN_THRESHOLD`] of them before taking `LEN` as an upper bound; on ties
//! the first whose cheapest option is dearest ("because that cost must be
//! paid somehow"); an item whose cheapest option is already too dear ends
//! the branch at once.

use super::Matrix;
use super::len::Len;
use crate::engine::kind::{C, Kind, Placed, X};
use crate::engine::layout::{Item, Link};
use crate::engine::observe::Observer;
use crate::problem::Problem;

/// How many options of an item's list the branching rule counts before it
/// takes `LEN` as an upper bound instead: DLX5's `lenthresh`, 10.
pub(crate) const LEN_THRESHOLD: u32 = 10;

/// The operations of minimum-cost covers for a kind of search: Algorithm
/// X's by default (any matrix without colours, whether or not its options
/// are walked by place: those walks are only quicker), Algorithm C's with
/// colours. A kind whose operations are neither (such as Algorithm M's)
/// must say what its own are before the cost driver can search it.
pub(crate) trait Priced: Kind {
    /// `cover(i)`, hiding only the options cheaper than `limit`.
    #[inline(always)]
    fn cover_below<O: Observer>(m: &mut Matrix<'_>, i: u32, limit: u64, obs: &mut O) {
        m.cover_below::<O, Self::Len>(i, limit, obs);
    }

    /// Undoes `cover_below(i, limit)` (with the same `limit`).
    #[inline(always)]
    fn uncover_below<O: Observer>(m: &mut Matrix<'_>, i: u32, limit: u64, obs: &mut O) {
        m.uncover_below::<O, Self::Len>(i, limit, obs);
    }

    /// `commit(p, j)`, hiding only the options cheaper than `limit`.
    #[inline(always)]
    fn commit_below<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, limit: u64, obs: &mut O) {
        let _ = p;
        Self::cover_below(m, j, limit, obs);
    }

    /// Undoes `commit_below(p, j, limit)`.
    #[inline(always)]
    fn uncommit_below<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, limit: u64, obs: &mut O) {
        let _ = p;
        Self::uncover_below(m, j, limit, obs);
    }

    /// `cover_others(p)` with `commit_below`: the other items of the option
    /// of node `p`, rightwards round the option.
    #[inline]
    fn cover_others_below<O: Observer>(m: &mut Matrix<'_>, p: u32, limit: u64, obs: &mut O) {
        let mut q = p + 1;
        while q != p {
            let j = m.top(q);
            if j <= 0 {
                q = m.ulink(q);
            } else {
                Self::commit_below(m, q, j as u32, limit, obs);
                q += 1;
            }
        }
    }

    /// Undoes `cover_others_below(p, limit)`, leftwards.
    #[inline]
    fn uncover_others_below<O: Observer>(m: &mut Matrix<'_>, p: u32, limit: u64, obs: &mut O) {
        let mut q = p - 1;
        while q != p {
            let j = m.top(q);
            if j <= 0 {
                q = m.dlink(q);
            } else {
                Self::uncommit_below(m, q, j as u32, limit, obs);
                q -= 1;
            }
        }
    }
}

impl<L: Len> Priced for X<L> {}

impl<L: Len> Priced for Placed<L> {
    #[inline(always)]
    fn cover_below<O: Observer>(m: &mut Matrix<'_>, i: u32, limit: u64, obs: &mut O) {
        m.cover_by_place_below::<O, L>(i, limit, obs);
    }

    #[inline(always)]
    fn uncover_below<O: Observer>(m: &mut Matrix<'_>, i: u32, limit: u64, obs: &mut O) {
        m.uncover_by_place_below::<O, L>(i, limit, obs);
    }
}

impl<L: Len> Priced for C<L> {
    #[inline(always)]
    fn cover_below<O: Observer>(m: &mut Matrix<'_>, i: u32, limit: u64, obs: &mut O) {
        m.cover_prime_below::<O, L>(i, limit, obs);
    }

    #[inline(always)]
    fn uncover_below<O: Observer>(m: &mut Matrix<'_>, i: u32, limit: u64, obs: &mut O) {
        m.uncover_prime_below::<O, L>(i, limit, obs);
    }

    #[inline(always)]
    fn commit_below<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, limit: u64, obs: &mut O) {
        if m.color(p) == 0 {
            m.cover_prime_below::<O, L>(j, limit, obs);
        } else if m.color(p) > 0 {
            m.purify_below::<O, L>(p, limit, obs);
        }
    }

    #[inline(always)]
    fn uncommit_below<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, limit: u64, obs: &mut O) {
        if m.color(p) == 0 {
            m.uncover_prime_below::<O, L>(j, limit, obs);
        } else if m.color(p) > 0 {
            m.unpurify_below::<O, L>(p, limit, obs);
        }
    }
}

impl Matrix<'_> {
    /// Whether the options have costs (the cost array is there).
    #[inline(always)]
    pub(crate) fn has_costs(&self) -> bool {
        !self.cost.is_empty()
    }

    /// The sum of the taxes taken off the options' costs: a solution costs
    /// its net cost plus this.
    pub(crate) fn total_tax(&self) -> u64 {
        self.total_tax
    }

    /// Whether every solution's cost fits in a `u64` below `u64::MAX`
    /// (which the search takes for "no limit yet"), so that the search's
    /// sums are exact.
    pub(crate) fn costs_fit(&self) -> bool {
        self.costs_fit
    }

    /// `COST(p)`: the net cost of the option of node `p` (checked: for the
    /// driver, once per option tried).
    #[inline(always)]
    pub(crate) fn net_cost(&self, p: u32) -> u64 {
        self.cost[p as usize]
    }

    /// DLX5's `cover(i, thresh)`: hides the options of `i`'s list cheaper
    /// than `limit` (the list is sorted by cost), then takes `i` out of the
    /// list of active items.
    #[inline(always)]
    fn cover_below<O: Observer, L: Len>(&mut self, i: u32, limit: u64, obs: &mut O) {
        if O::ENABLED {
            obs.cover(self.external(i));
        }
        let mut updates = 1;
        let mut p = self.dlink(i);
        while p != i && self.cost(p) < limit {
            updates += self.hide::<L>(p);
            p = self.dlink(p);
        }
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = r;
        self.item_mut(r).llink = l;
        self.set_covered::<L>(i);
        self.updates += updates;
    }

    /// DLX5's `uncover(i, thresh)`: puts item `i` back, then the options
    /// `cover_below(i, limit)` hid, walking down the list as it did.
    #[inline(always)]
    fn uncover_below<O: Observer, L: Len>(&mut self, i: u32, limit: u64, obs: &mut O) {
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = i;
        self.item_mut(r).llink = i;
        self.clear_covered::<L>(i);
        let mut p = self.dlink(i);
        while p != i && self.cost(p) < limit {
            self.unhide::<L>(p);
            p = self.dlink(p);
        }
        if O::ENABLED {
            obs.uncover(self.external(i));
        }
    }

    /// `cover_below(i, limit)` hiding the options of an item whose nodes
    /// stand at several places by place (see [`place`](super::place)).
    #[inline(always)]
    fn cover_by_place_below<O: Observer, L: Len>(&mut self, i: u32, limit: u64, obs: &mut O) {
        if O::ENABLED {
            obs.cover(self.external(i));
        }
        let mut updates = 1;
        let mut p = self.dlink(i);
        if self.is_varied(i) {
            while p != i && self.cost(p) < limit {
                updates += self.hide_by_place::<L>(p);
                p = self.dlink(p);
            }
        } else {
            while p != i && self.cost(p) < limit {
                updates += self.hide::<L>(p);
                p = self.dlink(p);
            }
        }
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = r;
        self.item_mut(r).llink = l;
        self.set_covered::<L>(i);
        self.updates += updates;
    }

    /// Undoes `cover_by_place_below(i, limit)`.
    #[inline(always)]
    fn uncover_by_place_below<O: Observer, L: Len>(&mut self, i: u32, limit: u64, obs: &mut O) {
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = i;
        self.item_mut(r).llink = i;
        self.clear_covered::<L>(i);
        let mut p = self.dlink(i);
        if self.is_varied(i) {
            while p != i && self.cost(p) < limit {
                self.unhide_by_place::<L>(p);
                p = self.dlink(p);
            }
        } else {
            while p != i && self.cost(p) < limit {
                self.unhide::<L>(p);
                p = self.dlink(p);
            }
        }
        if O::ENABLED {
            obs.uncover(self.external(i));
        }
    }

    /// `cover′(i)` hiding only the options cheaper than `limit`.
    #[inline(always)]
    fn cover_prime_below<O: Observer, L: Len>(&mut self, i: u32, limit: u64, obs: &mut O) {
        if O::ENABLED {
            obs.cover(self.external(i));
        }
        let mut updates = 1;
        let mut p = self.dlink(i);
        while p != i && self.cost(p) < limit {
            updates += self.hide_prime::<L>(p);
            p = self.dlink(p);
        }
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = r;
        self.item_mut(r).llink = l;
        self.set_covered::<L>(i);
        self.updates += updates;
    }

    /// Undoes `cover_prime_below(i, limit)`.
    #[inline(always)]
    fn uncover_prime_below<O: Observer, L: Len>(&mut self, i: u32, limit: u64, obs: &mut O) {
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = i;
        self.item_mut(r).llink = i;
        self.clear_covered::<L>(i);
        let mut p = self.dlink(i);
        while p != i && self.cost(p) < limit {
            self.unhide_prime::<L>(p);
            p = self.dlink(p);
        }
        if O::ENABLED {
            obs.uncover(self.external(i));
        }
    }

    /// DLX5's `purify(p, thresh)`: Algorithm C's `purify`, walking the
    /// item's list only as far as the options cheaper than `limit`.
    fn purify_below<O: Observer, L: Len>(&mut self, p: u32, limit: u64, obs: &mut O) {
        let (c, i) = (self.color(p), self.top(p) as u32);
        if O::ENABLED {
            obs.purify(self.external(i), c as usize - 1);
        }
        self.set_color(i, c);
        let mut updates = 0;
        let mut q = self.dlink(i);
        while q != i && self.cost(q) < limit {
            if self.color(q) != c {
                updates += self.hide_prime::<L>(q);
            } else if q != p {
                self.set_color(q, -1);
            }
            q = self.dlink(q);
        }
        self.updates += updates;
    }

    /// DLX5's `unpurify(p, thresh)`: undoes `purify_below(p, limit)`,
    /// walking down the list as it did.
    fn unpurify_below<O: Observer, L: Len>(&mut self, p: u32, limit: u64, obs: &mut O) {
        let (c, i) = (self.color(p), self.top(p) as u32);
        let mut q = self.dlink(i);
        while q != i && self.cost(q) < limit {
            if self.color(q) < 0 {
                self.set_color(q, c);
            } else if q != p {
                self.unhide_prime::<L>(q);
            }
            q = self.dlink(q);
        }
        self.set_color(i, 0);
        if O::ENABLED {
            obs.unpurify(self.external(i));
        }
    }

    /// DLX5's branching rule, for a search that may still spend less than
    /// `budget` (net): the active primary item with the fewest options
    /// cheaper than `budget` (counted up to [`LEN_THRESHOLD`], then `LEN`
    /// taken instead), the first whose cheapest option is dearest on ties;
    /// and that number. An item with no option cheaper than `budget` is
    /// returned at once with 0: the branch is dead.
    #[inline]
    pub(crate) fn choose_priced<L: Len>(&self, budget: u64) -> (u32, u32) {
        let (mut best, mut fewest, mut dearest) = (0, u32::MAX, 0);
        let mut k = self.item(0).rlink;
        while k != 0 {
            let p = self.dlink(k);
            if p == k || self.cost(p) >= budget {
                return (k, 0);
            }
            let least = self.cost(p);
            let mut s = 1;
            let mut q = self.dlink(p);
            let counted = loop {
                if q == k || self.cost(q) >= budget {
                    break Some(s);
                }
                if s == fewest {
                    break None; // more than the fewest so far
                }
                if s >= LEN_THRESHOLD {
                    break Some(self.live_len::<L>(k));
                }
                s += 1;
                q = self.dlink(q);
            };
            if let Some(s) = counted {
                if s < fewest || (s == fewest && least > dearest) {
                    (best, fewest, dearest) = (k, s, least);
                }
            }
            k = self.item(k).rlink;
        }
        (best, fewest)
    }
}

/// Prices the options of `problem`, just laid out in `top` and `links`
/// with `first` the first node of every option: writes the net cost of
/// every node's option into `cost` (as long as `top`), the taxes taken
/// from the primary items `1..=primaries` in order, and sorts the list of
/// every item `1..=n` by net cost, stably. Returns the total tax and
/// whether every solution's cost stays below `u64::MAX`.
pub(super) fn price(
    problem: &Problem,
    top: &[i32],
    links: &mut [Link],
    first: &[u32],
    cost: &mut [u64],
    (n, primaries): (usize, usize),
) -> (u64, bool) {
    for (option, &start) in first.iter().enumerate() {
        let raw = problem.option_cost(option).unwrap_or(0);
        let mut q = start as usize;
        while top[q] > 0 {
            cost[q] = raw;
            q += 1;
        }
    }
    let mut total = 0u128;
    let mut nodes = Vec::new();
    for i in 1..=primaries {
        list(links, i, &mut nodes);
        let Some(tax) = nodes.iter().map(|&q| cost[q]).min() else {
            continue; // no option: no solution, and no tax to take
        };
        total += u128::from(tax);
        for &q in &nodes {
            // The option's first node is after the spacer before it.
            let mut at = q;
            while top[at - 1] > 0 {
                at -= 1;
            }
            while top[at] > 0 {
                cost[at] -= tax;
                at += 1;
            }
        }
    }
    for i in 1..=n {
        list(links, i, &mut nodes);
        nodes.sort_by_key(|&q| cost[q]); // stable: equal costs keep their order
        relink(links, i, &nodes);
    }
    let fits = total <= u128::from(u64::MAX) && problem.cost_bound() < u128::from(u64::MAX);
    (if fits { total as u64 } else { 0 }, fits)
}

/// The nodes of item `i`'s list, in order, into `nodes`.
fn list(links: &[Link], i: usize, nodes: &mut Vec<usize>) {
    nodes.clear();
    let mut q = links[i].down as usize;
    while q != i {
        nodes.push(q);
        q = links[q].down as usize;
    }
}

/// Links `nodes` as item `i`'s list, in that order.
fn relink(links: &mut [Link], i: usize, nodes: &[usize]) {
    let mut last = i;
    for &q in nodes {
        links[last].down = q as u32;
        links[q].up = last as u32;
        last = q;
    }
    links[last].down = i as u32;
    links[i].up = last as u32;
}
