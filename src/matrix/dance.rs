//! Knuth's four link operations: `cover`, `uncover`, `hide`, `unhide`.
//!
//! `cover(i)` removes item `i` from the list of active items and *hides*
//! every option in its list: removes the option's other nodes from their
//! items' lists. `uncover(i)` undoes it exactly, in the reverse order:
//! Knuth's *dancing links*, `L[R[x]] <- x, R[L[x]] <- x`, put each node
//! back where it was because its own links still point at its neighbours.
//! Choosing an option covers all its items ([`Matrix::cover_others`] covers
//! those after the one the search branched on); undoing it uncovers them in
//! the reverse order.
//!
//! Every operation comes in two forms, for the two forms of `LEN` (see
//! [`matrix`](super)): `B = true` updates the byte keys only, `B = false`
//! the exact lengths and their saturated keys.

use super::{COVERED, FLAG, Matrix, SATURATED, key_of};
use crate::layout::Item;
use crate::observe::Observer;

impl Matrix<'_> {
    /// Removes the options of item `i` from the other items' lists, then `i`
    /// from the list of active items.
    #[inline]
    pub(crate) fn cover<O: Observer, const B: bool>(&mut self, i: u32, obs: &mut O) {
        if O::ENABLED {
            obs.cover(self.external(i));
        }
        let mut updates = 1; // the item itself
        let mut p = self.dlink(i);
        while p != i {
            updates += self.hide::<B>(p);
            p = self.dlink(p);
        }
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = r;
        self.item_mut(r).llink = l;
        if B {
            *self.key_mut(i) |= FLAG;
        } else {
            *self.len_mut(i) |= COVERED;
            *self.key_mut(i) = SATURATED;
        }
        self.updates += updates;
    }

    /// Removes the other nodes of the option of node `p` from their lists;
    /// returns how many.
    #[inline]
    fn hide<const B: bool>(&mut self, p: u32) -> u64 {
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
                self.shrink::<B>(x as u32);
                hidden += 1;
                q += 1;
            }
        }
        hidden
    }

    /// Undoes `cover(i)`: puts `i` back, then its options, in reverse order.
    #[inline]
    pub(crate) fn uncover<O: Observer, const B: bool>(&mut self, i: u32, obs: &mut O) {
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = i;
        self.item_mut(r).llink = i;
        if B {
            let secondary = ((i as usize > self.primaries) as u8) << 7;
            let key = self.key_mut(i);
            *key = *key & !FLAG | secondary;
        } else {
            let l = *self.len_mut(i) & !COVERED;
            *self.len_mut(i) = l;
            *self.key_mut(i) = key_of(l);
        }
        let mut p = self.ulink(i);
        while p != i {
            self.unhide::<B>(p);
            p = self.ulink(p);
        }
        if O::ENABLED {
            obs.uncover(self.external(i));
        }
    }

    /// `LEN(x) <- LEN(x) - 1`, in `key` alone when the keys are the
    /// lengths, else in `len` and `key`.
    #[inline(always)]
    fn shrink<const B: bool>(&mut self, x: u32) {
        if B {
            *self.key_mut(x) -= 1;
        } else {
            let l = *self.len_mut(x) - 1;
            *self.len_mut(x) = l;
            *self.key_mut(x) = key_of(l);
        }
    }

    /// `LEN(x) <- LEN(x) + 1`, as in `shrink`.
    #[inline(always)]
    fn grow<const B: bool>(&mut self, x: u32) {
        if B {
            *self.key_mut(x) += 1;
        } else {
            let l = *self.len_mut(x) + 1;
            *self.len_mut(x) = l;
            *self.key_mut(x) = key_of(l);
        }
    }

    /// Undoes `hide(p)`, walking the option the other way round.
    #[inline]
    fn unhide<const B: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let x = self.top(q);
            if x <= 0 {
                q = self.dlink(q); // a spacer: on to the last node of the option
            } else {
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, q);
                self.set_ulink(d, q);
                self.grow::<B>(x as u32);
                q -= 1;
            }
        }
    }

    /// Covers the items of the option of node `p` other than `p`'s own
    /// (step X5 of Algorithm X).
    #[inline]
    pub(crate) fn cover_others<O: Observer, const B: bool>(&mut self, p: u32, obs: &mut O) {
        let mut q = p + 1;
        while q != p {
            let j = self.top(q);
            if j <= 0 {
                q = self.ulink(q);
            } else {
                self.cover::<O, B>(j as u32, obs);
                q += 1;
            }
        }
    }

    /// Undoes `cover_others(p)`, in reverse order (step X6).
    #[inline]
    pub(crate) fn uncover_others<O: Observer, const B: bool>(&mut self, p: u32, obs: &mut O) {
        let mut q = p - 1;
        while q != p {
            let j = self.top(q);
            if j <= 0 {
                q = self.dlink(q);
            } else {
                self.uncover::<O, B>(j as u32, obs);
                q -= 1;
            }
        }
    }
}
