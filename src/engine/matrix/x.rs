//! Algorithm X's operations, as Knuth's DLX1 has them: `cover`, `uncover`,
//! `hide`, `unhide`; and the kind [`X`] that runs them.
//!
//! `cover(i)` removes item `i` from the list of active items and *hides*
//! every option in its list: removes the option's other nodes from their
//! items' lists. `uncover(i)` undoes it exactly, in the reverse order:
//! Knuth's *dancing links*, `L[R[x]] <- x, R[L[x]] <- x`, put each node
//! back where it was because its own links still point at its neighbours.
//! Choosing an option covers all its items (`Kind::cover_others` covers
//! those after the one the search branched on); undoing it uncovers them in
//! the reverse order.
//!
//! `hide(p)` visits the other nodes of `p`'s option as DLX1 does: from
//! `p + 1` rightwards until a spacer, whose `ULINK` leads back to the
//! option's first node, then on until `p`. (For options whose nodes the
//! processor cannot predict that way, see [`place`](super::place).)
//!
//! Every operation is generic over the form `L` of `LEN`
//! ([`len`](super::len)), which it changes through `L` alone. Updates are
//! counted as Knuth counts them: one per item covered and one per node
//! hidden.
//!
//! Here too: taking one option out of the search before it starts
//! (`exclude_option`, Solver::exclude) and putting it back.

use super::Matrix;
use super::len::Len;
use crate::engine::kind::{Kind, X};
use crate::engine::layout::Item;
use crate::engine::observe::Observer;

impl Matrix<'_> {
    /// Knuth's `cover(i)`: hides every option in item `i`'s list, then
    /// takes `i` out of the list of active items.
    #[inline(always)]
    pub(super) fn cover<O: Observer, L: Len>(&mut self, i: u32, obs: &mut O) {
        if O::ENABLED {
            obs.cover(self.external(i));
        }
        let mut updates = 1; // the item itself
        let mut p = self.dlink(i);
        while p != i {
            updates += self.hide::<L>(p);
            p = self.dlink(p);
        }
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = r;
        self.item_mut(r).llink = l;
        self.set_covered::<L>(i);
        self.updates += updates;
    }

    /// Knuth's `hide(p)`: removes the other nodes of the option of node
    /// `p` from their lists; returns how many.
    #[inline(always)]
    pub(super) fn hide<L: Len>(&mut self, p: u32) -> u64 {
        let mut hidden = 0;
        let mut q = p + 1;
        while q != p {
            let x = self.top(q);
            if x <= 0 {
                q = self.ulink(q); // a spacer: back to the first node of the option
            } else {
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, d);
                self.set_ulink(d, u);
                self.shrink::<L>(x as u32);
                hidden += 1;
                q += 1;
            }
        }
        hidden
    }

    /// Knuth's `uncover(i)`: undoes `cover(i)`, putting `i` back, then its
    /// options, in the reverse order.
    #[inline(always)]
    pub(super) fn uncover<O: Observer, L: Len>(&mut self, i: u32, obs: &mut O) {
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = i;
        self.item_mut(r).llink = i;
        self.clear_covered::<L>(i);
        let mut p = self.ulink(i);
        while p != i {
            self.unhide::<L>(p);
            p = self.ulink(p);
        }
        if O::ENABLED {
            obs.uncover(self.external(i));
        }
    }

    /// Knuth's `unhide(p)`: undoes `hide(p)`, walking the option the other
    /// way round.
    #[inline(always)]
    pub(super) fn unhide<L: Len>(&mut self, p: u32) {
        let mut q = p - 1;
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

    /// Takes every node of the option of node `p` (its first) out of its
    /// item's list: the option can no longer be chosen. Only for an option
    /// that nothing hides.
    pub(crate) fn exclude_option<L: Len>(&mut self, p: u32) {
        let mut q = p;
        while self.top(q) > 0 {
            let (u, d) = (self.ulink(q), self.dlink(q));
            self.set_dlink(u, d);
            self.set_ulink(d, u);
            self.shrink::<L>(self.top(q) as u32);
            q += 1;
        }
    }

    /// Undoes `exclude_option(p)`, the nodes in reverse order.
    pub(crate) fn include_option<L: Len>(&mut self, p: u32) {
        let mut q = p;
        while self.top(q + 1) > 0 {
            q += 1;
        }
        loop {
            let (u, d) = (self.ulink(q), self.dlink(q));
            self.set_dlink(u, q);
            self.set_ulink(d, q);
            self.grow::<L>(self.top(q) as u32);
            if q == p {
                break;
            }
            q -= 1;
        }
    }
}

impl<L: Len> Kind for X<L> {
    type Len = L;

    #[inline(always)]
    fn cover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        m.cover::<O, L>(i, obs);
    }

    #[inline(always)]
    fn uncover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        m.uncover::<O, L>(i, obs);
    }
}
