//! Algorithm X whose options are walked by place: `cover` and `uncover`
//! with `hide` and `unhide` by place; and the kind [`Placed`] that runs
//! them.
//!
//! DLX1's `hide(p)` ([`x`](super::x)) walks from `p + 1` rightwards until a
//! spacer, back to the option's first node, and on until `p`; the branches
//! of that walk follow where `p` stands in its option. When every node of
//! item `i` stands at one place (the queens' rows, columns and diagonals;
//! every Sudoku item), covering `i` takes the same branches at every option
//! and the processor predicts them; when they stand at many places (a cell
//! of the pentominoes, a place of Langford's pairs), it mispredicts about
//! once an option.
//!
//! So when every option has the same number of items `K` and some item
//! stands at more than one place (see `layout::placed_width`), `cover` and
//! `uncover` walk the options of such an item *by place*
//! (`hide_by_place`, `unhide_by_place`): each node's place in its option is
//! stored (`place`, one byte a node), the option's first node is `p` less
//! its place, and the `K - 1` other nodes are `first + (place + j) mod K`
//! for `j = 1..K`: a loop of a fixed count with no branch on the data,
//! which visits the same nodes in the same order as DLX1's walk. Items
//! whose nodes stand at one place (`varied` false) keep DLX1's walk, whose
//! predicted branches cost nothing, where the stored place would cost a
//! load before the first node's address is known. Never with colours.
//!
//! Choosing an option covers its other items by place too
//! (`cover_others_by_place`, and `uncover_others_by_place` to undo it): the
//! same items in the same order as `Kind::cover_others`, with no test for
//! a spacer.

use super::Matrix;
use super::len::Len;
use crate::engine::kind::{Kind, Placed};
use crate::engine::layout::Item;
use crate::engine::observe::Observer;

impl Matrix<'_> {
    /// `cover(i)`, hiding the options of `i` by place when its nodes stand
    /// at several places, else as DLX1 does.
    #[inline(always)]
    pub(super) fn cover_by_place<O: Observer, L: Len>(&mut self, i: u32, obs: &mut O) {
        if O::ENABLED {
            obs.cover(self.external(i));
        }
        let mut updates = 1; // the item itself
        let mut p = self.dlink(i);
        if self.is_varied(i) {
            while p != i {
                updates += self.hide_by_place::<L>(p);
                p = self.dlink(p);
            }
        } else {
            while p != i {
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

    /// `hide(p)` by place, when every option has `width` items: the same
    /// nodes in the same order, `p + 1` onwards round the option, in a loop
    /// of `width - 1` steps.
    #[inline(always)]
    pub(super) fn hide_by_place<L: Len>(&mut self, p: u32) -> u64 {
        let k = self.width;
        let at = self.place(p);
        let first = p - at;
        for j in 1..k {
            let a = at + j;
            let q = first + if a >= k { a - k } else { a };
            let (u, d) = (self.ulink(q), self.dlink(q));
            self.set_dlink(u, d);
            self.set_ulink(d, u);
            self.shrink::<L>(self.top(q) as u32);
        }
        u64::from(k - 1)
    }

    /// `uncover(i)`: undoes `cover_by_place(i)`, walking as it walked.
    #[inline(always)]
    pub(super) fn uncover_by_place<O: Observer, L: Len>(&mut self, i: u32, obs: &mut O) {
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = i;
        self.item_mut(r).llink = i;
        self.clear_covered::<L>(i);
        let mut p = self.ulink(i);
        if self.is_varied(i) {
            while p != i {
                self.unhide_by_place::<L>(p);
                p = self.ulink(p);
            }
        } else {
            while p != i {
                self.unhide::<L>(p);
                p = self.ulink(p);
            }
        }
        if O::ENABLED {
            obs.uncover(self.external(i));
        }
    }

    /// `unhide(p)` by place: `p - 1` downwards round the option, as
    /// `unhide` walks it.
    #[inline(always)]
    pub(super) fn unhide_by_place<L: Len>(&mut self, p: u32) {
        let k = self.width;
        let at = self.place(p) + k;
        let first = p + k - at;
        for j in 1..k {
            let a = at - j;
            let q = first + if a >= k { a - k } else { a };
            let (u, d) = (self.ulink(q), self.dlink(q));
            self.set_dlink(u, q);
            self.set_ulink(d, q);
            self.grow::<L>(self.top(q) as u32);
        }
    }
}

impl Matrix<'_> {
    /// `cover_others(p)` (step X5) by place: covers the items of the other
    /// nodes of `p`'s option, `p + 1` onwards round the option as
    /// `Kind::cover_others` does, in a loop of `width - 1` steps with no
    /// test for a spacer.
    #[inline(always)]
    fn cover_others_by_place<O: Observer, L: Len>(&mut self, p: u32, obs: &mut O) {
        let k = self.width;
        let at = self.place(p);
        let first = p - at;
        for j in 1..k {
            let a = at + j;
            let q = first + if a >= k { a - k } else { a };
            self.cover_by_place::<O, L>(self.top(q) as u32, obs);
        }
    }

    /// `uncover_others(p)` (step X6) by place: undoes
    /// `cover_others_by_place(p)`, `p - 1` downwards round the option.
    #[inline(always)]
    fn uncover_others_by_place<O: Observer, L: Len>(&mut self, p: u32, obs: &mut O) {
        let k = self.width;
        let at = self.place(p) + k;
        let first = p + k - at;
        for j in 1..k {
            let a = at - j;
            let q = first + if a >= k { a - k } else { a };
            self.uncover_by_place::<O, L>(self.top(q) as u32, obs);
        }
    }
}

impl<L: Len> Kind for Placed<L> {
    type Len = L;

    #[inline(always)]
    fn cover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        m.cover_by_place::<O, L>(i, obs);
    }

    #[inline(always)]
    fn uncover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        m.uncover_by_place::<O, L>(i, obs);
    }

    #[inline(always)]
    fn cover_others<O: Observer>(m: &mut Matrix<'_>, p: u32, obs: &mut O) {
        m.cover_others_by_place::<O, L>(p, obs);
    }

    #[inline(always)]
    fn uncover_others<O: Observer>(m: &mut Matrix<'_>, p: u32, obs: &mut O) {
        m.uncover_others_by_place::<O, L>(p, obs);
    }
}
