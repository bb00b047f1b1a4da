//! Algorithm X with Knuth's *abort* (his program SSXC1): choosing an option
//! stops as soon as it would leave an active primary item with no option,
//! and undoes what it did; and the kind [`Abort`] that runs it.
//!
//! In DLX1, choosing option `x` covers its other items one after another
//! (step X5), and when that leaves some active primary item with an empty
//! list the next level chooses that item (the first of fewest options,
//! none), finds nothing to try and backs up: a node of the search tree that
//! is a dead end. SSXC1 (Knuth's "dancing cells") never makes that node:
//! its `hide` checks each length it lowers, and when a primary item that
//! is still active would be left with no option it says it "can't cover"
//! the item and `goto abort`s, on to the next option of the level. This
//! file does the same on dancing links:
//!
//! * `commit_or_abort(p)` first takes every other item of `p`'s option out
//!   of the list of active items and marks it covered (as SSXC1 swaps them
//!   out of its active set before it hides anything: an item of the option
//!   itself may well lose its last option on the way, and is no dead end);
//! * then hides the options of each of them in turn, as `cover` would,
//!   in the option's order from `p + 1` except that the option's *first*
//!   item comes last (`commit_order`: the piece of a polyomino's
//!   placement, the digit of Langford's pairs, the item with the longest
//!   list in the problems written that way; on the 6x10 pentominoes no
//!   abort was ever found while hiding the piece's options, so hiding them
//!   last saves them whenever the option aborts), walking every option
//!   from spacers,
//!   with one test more per node: a node whose item has exactly one option
//!   left and is not marked (an active primary item: under `Bytes` and
//!   `Exact` alike a covered or secondary item's mark keeps its live `LEN`
//!   above 1) is the last of its list, and hiding it is the abort: the
//!   node is left in place, the nodes hidden so far (those of the option
//!   being hidden, then the options of that item, then the items before it)
//!   are unhidden in the reverse order, the items put back in the list in
//!   the reverse order, and it returns `false`;
//! * else it returns `true`, and the option is undone (step X6) by
//!   uncovering its items in the reverse of `commit_order`, as
//!   `uncover_others_in_order` does for the kind (by place, when the
//!   problem's options are walked by place): every list and the list of
//!   active items are then restored last in, first out. The kind's
//!   `cover_others` (the selection, the drivers that do not abort) covers
//!   in `commit_order` too, so that one `uncover_others` undoes both.
//!
//! The item the search branches on is covered (X4) as DLX1 covers it,
//! with no test, as SSXC1 hides it (`hide(best_itm,0)`): an item whose
//! last options are those of the item chosen, the first of fewest
//! options, has them all, so every one of them covers it.
//!
//! So every node of this search is a node of DLX1's tree, chosen in the
//! same way (the same live lengths, the same order of items) and branching
//! on the same item; what it leaves out are DLX1's dead ends, each of which
//! an abort replaces. Its statistics count what it does: `nodes` the
//! options chosen to the end (DLX1's nodes, root excluded, less its dead
//! ends); the aborts (`Search::aborts`, `Solver::aborts`) the options
//! aborted, one per dead end of DLX1's, so that the two add up to DLX1's
//! count of options tried; `updates` one per item taken out of the list of
//! active items and one per node hidden, those an abort undoes included;
//! `max_depth` the deepest level entered (DLX1's, unless its deepest node
//! is a dead end). The solutions are DLX1's, in DLX1's order.

use super::Matrix;
use super::len::Len;
use crate::engine::budget::Limits;
use crate::engine::kind::{Abort, Kind, Placed, X};
use crate::engine::layout::Item;
use crate::engine::observe::Observer;
use crate::engine::search::{Search, Step};

impl Matrix<'_> {
    /// `hide(p)` that stops before the first node whose item it would
    /// leave with no option when that item is active and primary: `Ok`, or
    /// `Err` with the node it stopped at, every node before it (from
    /// `p + 1`) hidden. Adds the nodes it hides to `hidden`.
    #[inline(always)]
    fn hide_checked<L: Len>(&mut self, p: u32, hidden: &mut u64) -> Result<(), u32> {
        let mut q = p + 1;
        while q != p {
            let x = self.top(q);
            if x <= 0 {
                q = self.ulink(q); // a spacer: back to the first node of the option
            } else {
                if self.live_len::<L>(x as u32) == 1 {
                    return Err(q);
                }
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, d);
                self.set_ulink(d, u);
                self.shrink::<L>(x as u32);
                *hidden += 1;
                q += 1;
            }
        }
        Ok(())
    }

    /// Undoes the part of `hide(p)` that `hide_checked` did before it
    /// stopped at node `stop`: the nodes from `stop - 1` down to `p + 1`,
    /// round the option as `unhide` walks it.
    #[inline(always)]
    fn unhide_before<L: Len>(&mut self, p: u32, stop: u32) {
        let mut q = stop - 1;
        while q != p {
            let x = self.top(q);
            if x > 0 {
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, q);
                self.set_ulink(d, q);
                self.grow::<L>(x as u32);
                q -= 1;
            } else {
                q = self.dlink(q); // a spacer: on to the last node of the option
            }
        }
    }

    /// The order in which the abort's kinds commit the items of the option
    /// of node `p` other than `p`'s own: three runs of nodes `a..b`, the
    /// nodes after `p` to the option's last, then those after its first up
    /// to `p`, then its first (when it is not `p`): the item named first
    /// in the option last (module documentation).
    #[inline(always)]
    pub(crate) fn commit_order<const PLACED: bool>(&self, p: u32) -> [(u32, u32); 3] {
        let (first, last) = if PLACED {
            let first = p - self.place(p);
            (first, first + self.width - 1)
        } else {
            let mut last = p;
            while self.top(last + 1) > 0 {
                last += 1;
            }
            (self.ulink(last + 1), last)
        };
        let tail = if first < p { first + 1 } else { first };
        [
            (p + 1, last + 1),
            (first + 1, p.max(first + 1)),
            (first, tail),
        ]
    }

    /// Step X5 with the abort (module documentation): commits the items of
    /// the option of node `p` other than `p`'s own, in `commit_order`, or,
    /// when that would leave an active primary item with no option, leaves
    /// the links as they were and returns `false`.
    ///
    /// It walks every option from spacers, as DLX1 does, even when the
    /// other steps walk them by place: measured faster (docs/performance.md,
    /// issue 33), the test of each node's length being a branch already.
    #[inline(always)]
    pub(crate) fn commit_or_abort<L: Len>(&mut self, p: u32) -> bool {
        let order = self.commit_order::<false>(p);
        // Take the items out of the active list, marked covered.
        let mut updates = 0;
        for &(a, b) in &order {
            for q in a..b {
                let j = self.top(q) as u32;
                let Item { llink: l, rlink: r } = self.item(j);
                self.item_mut(l).rlink = r;
                self.item_mut(r).llink = l;
                self.set_covered::<L>(j);
                updates += 1;
            }
        }
        // Hide their options, item by item.
        for (k, &(a, b)) in order.iter().enumerate() {
            for q in a..b {
                let j = self.top(q) as u32;
                let mut r = self.dlink(j);
                while r != j {
                    if let Err(stop) = self.hide_checked::<L>(r, &mut updates) {
                        self.updates += updates;
                        self.abort_commit::<L>(&order, k, q, r, stop);
                        return false;
                    }
                    r = self.dlink(r);
                }
            }
        }
        self.updates += updates;
        true
    }

    /// Undoes a `commit_or_abort` that stopped at node `stop` while hiding
    /// the option of node `r`, in the list of the item of node `q`, of the
    /// `k`-th run of `order`: the reverse of everything it did.
    #[inline(never)]
    fn abort_commit<L: Len>(
        &mut self,
        order: &[(u32, u32); 3],
        k: usize,
        q: u32,
        r: u32,
        stop: u32,
    ) {
        self.unhide_before::<L>(r, stop);
        let j = self.top(q) as u32;
        let mut r = self.ulink(r);
        while r != j {
            self.unhide::<L>(r);
            r = self.ulink(r);
        }
        // The items before `q`'s, each with all its options hidden.
        let (a, _) = order[k];
        let before = (a..q)
            .rev()
            .chain(order[..k].iter().rev().flat_map(|&(a, b)| (a..b).rev()));
        for q in before {
            let i = self.top(q) as u32;
            let mut r = self.ulink(i);
            while r != i {
                self.unhide::<L>(r);
                r = self.ulink(r);
            }
        }
        // Every item back in the active list, the last first.
        for &(a, b) in order.iter().rev() {
            for q in (a..b).rev() {
                let i = self.top(q) as u32;
                let Item { llink: l, rlink: r } = self.item(i);
                self.item_mut(l).rlink = i;
                self.item_mut(r).llink = i;
                self.clear_covered::<L>(i);
            }
        }
    }

    /// `cover_others(p)` in `commit_order`, with no abort (the selection,
    /// and the drivers other than the abort's).
    #[inline(always)]
    fn cover_others_in_order<O: Observer, L: Len, const PLACED: bool>(
        &mut self,
        p: u32,
        obs: &mut O,
    ) {
        for (a, b) in self.commit_order::<PLACED>(p) {
            for q in a..b {
                let j = self.top(q) as u32;
                if PLACED {
                    self.cover_by_place::<O, L>(j, obs);
                } else {
                    self.cover::<O, L>(j, obs);
                }
            }
        }
    }

    /// Undoes `cover_others_in_order(p)`, or a `commit_or_abort(p)` that
    /// did not abort (step X6): each item uncovered, in the reverse order.
    #[inline(always)]
    fn uncover_others_in_order<O: Observer, L: Len, const PLACED: bool>(
        &mut self,
        p: u32,
        obs: &mut O,
    ) {
        for (a, b) in self.commit_order::<PLACED>(p).into_iter().rev() {
            for q in (a..b).rev() {
                let j = self.top(q) as u32;
                if PLACED {
                    self.uncover_by_place::<O, L>(j, obs);
                } else {
                    self.uncover::<O, L>(j, obs);
                }
            }
        }
    }
}

impl<L: Len> Kind for Abort<X<L>> {
    type Len = L;

    #[inline(always)]
    fn cover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        X::<L>::cover(m, i, obs);
    }

    #[inline(always)]
    fn uncover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        X::<L>::uncover(m, i, obs);
    }

    #[inline(always)]
    fn cover_others<O: Observer>(m: &mut Matrix<'_>, p: u32, obs: &mut O) {
        m.cover_others_in_order::<O, L, false>(p, obs);
    }

    #[inline(always)]
    fn uncover_others<O: Observer>(m: &mut Matrix<'_>, p: u32, obs: &mut O) {
        m.uncover_others_in_order::<O, L, false>(p, obs);
    }

    #[inline(always)]
    fn commit_or_abort(m: &mut Matrix<'_>, p: u32) -> bool {
        m.commit_or_abort::<L>(p)
    }

    #[inline]
    fn run<O: Observer>(s: &mut Search<'_>, limits: &Limits<'_>, obs: &mut O) -> Step {
        s.dance_abort::<O, Self>(limits, obs)
    }
}

impl<L: Len> Kind for Abort<Placed<L>> {
    type Len = L;

    #[inline(always)]
    fn cover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        Placed::<L>::cover(m, i, obs);
    }

    #[inline(always)]
    fn uncover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        Placed::<L>::uncover(m, i, obs);
    }

    #[inline(always)]
    fn cover_others<O: Observer>(m: &mut Matrix<'_>, p: u32, obs: &mut O) {
        m.cover_others_in_order::<O, L, true>(p, obs);
    }

    #[inline(always)]
    fn uncover_others<O: Observer>(m: &mut Matrix<'_>, p: u32, obs: &mut O) {
        m.uncover_others_in_order::<O, L, true>(p, obs);
    }

    #[inline(always)]
    fn commit_or_abort(m: &mut Matrix<'_>, p: u32) -> bool {
        m.commit_or_abort::<L>(p)
    }

    #[inline]
    fn run<O: Observer>(s: &mut Search<'_>, limits: &Limits<'_>, obs: &mut O) -> Step {
        s.dance_abort::<O, Self>(limits, obs)
    }
}
