//! Algorithm C's operations, as Knuth's DLX2 has them: `cover′`,
//! `uncover′`, `hide′`, `unhide′`, `commit`, `uncommit`, `purify`,
//! `unpurify`; and the kind [`C`] that runs them.
//!
//! With colours (TAOCP 7.2.2.1 Algorithm C), choosing an option *commits*
//! its items instead of covering them: an item without a colour in the
//! option is covered as before (`cover′`), and a secondary item with colour
//! `c` is *purified*: every option that gives the item another colour (or
//! none) is hidden, and the nodes of the other options that give it colour
//! `c` are marked `COLOR = -1`, so that they stay where they are when an
//! option holding them is hidden later (`hide′` skips such nodes: their
//! item needs no length, since a secondary item is never chosen), and so
//! that committing them again does nothing. `unpurify` undoes it, the
//! options' nodes in the reverse order. The search's steps are Algorithm
//! X's, with `commit` and `uncommit` for the items of a chosen option
//! (see [`kind`](crate::engine::kind)).
//!
//! Two things of the layout serve the walks of Algorithm C (see
//! [`matrix`](super)): a spacer's `COLOR` is `SPACER`, so that `hide′` and
//! `unhide′` pass over spacers and purified nodes after one test of
//! `COLOR`, not a test of `TOP` and then one of `COLOR`; and the list of a
//! secondary item holds its nodes grouped by colour, so that `purify`'s
//! walk meets a few long runs of "hide" and "mark" rather than a random
//! sequence of them, and the options it hides one after another are seldom
//! neighbours in other lists (whose links the hide of the one before has
//! just written).
//!
//! Updates are counted as DLX2 counts them: one per node hidden and one per
//! item covered; DLX2's separate count of *cleansings* (nodes marked by
//! `purify`) is not kept.

use super::len::Len;
use super::{Matrix, SPACER};
use crate::engine::kind::{C, Kind};
use crate::engine::layout::Item;
use crate::engine::observe::Observer;

impl Matrix<'_> {
    /// Knuth's `cover′(i)`: `cover(i)` with `hide′` for `hide`.
    #[inline(always)]
    fn cover_prime<O: Observer, L: Len>(&mut self, i: u32, obs: &mut O) {
        if O::ENABLED {
            obs.cover(self.external(i));
        }
        let mut updates = 1; // the item itself
        let mut p = self.dlink(i);
        while p != i {
            updates += self.hide_prime::<L>(p);
            p = self.dlink(p);
        }
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = r;
        self.item_mut(r).llink = l;
        self.set_covered::<L>(i);
        self.updates += updates;
    }

    /// Knuth's `hide′(p)`: `hide(p)`, except that a node `purify` has
    /// marked (`COLOR < 0`) stays in its list. One test of `COLOR` finds
    /// both the nodes to pass over: a spacer's is `SPACER`, below every
    /// colour and below -1.
    #[inline(always)]
    pub(super) fn hide_prime<L: Len>(&mut self, p: u32) -> u64 {
        let mut hidden = 0;
        let mut q = p + 1;
        while q != p {
            let c = self.color(q);
            if c < 0 {
                if c == SPACER {
                    q = self.ulink(q); // back to the first node of the option
                } else {
                    q += 1; // purified: it stays in its list
                }
            } else {
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, d);
                self.set_ulink(d, u);
                self.shrink::<L>(self.top(q) as u32);
                hidden += 1;
                q += 1;
            }
        }
        hidden
    }

    /// Knuth's `uncover′(i)`: undoes `cover′(i)`.
    #[inline(always)]
    fn uncover_prime<O: Observer, L: Len>(&mut self, i: u32, obs: &mut O) {
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = i;
        self.item_mut(r).llink = i;
        self.clear_covered::<L>(i);
        let mut p = self.ulink(i);
        while p != i {
            self.unhide_prime::<L>(p);
            p = self.ulink(p);
        }
        if O::ENABLED {
            obs.uncover(self.external(i));
        }
    }

    /// Knuth's `unhide′(p)`: undoes `hide′(p)`.
    #[inline(always)]
    pub(super) fn unhide_prime<L: Len>(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let c = self.color(q);
            if c < 0 {
                if c == SPACER {
                    q = self.dlink(q); // on to the last node of the option
                } else {
                    q -= 1;
                }
            } else {
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, q);
                self.set_ulink(d, q);
                self.grow::<L>(self.top(q) as u32);
                q -= 1;
            }
        }
    }

    /// Knuth's `commit(p, j)`: covers item `j` of node `p`, or purifies it
    /// when `p` gives it a colour (nothing when `p` is purified already).
    #[inline(always)]
    fn commit<O: Observer, L: Len>(&mut self, p: u32, j: u32, obs: &mut O) {
        if self.color(p) == 0 {
            self.cover_prime::<O, L>(j, obs);
        } else if self.color(p) > 0 {
            self.purify::<O, L>(p, obs);
        }
    }

    /// Knuth's `purify(p)`: gives the item of node `p` the colour of `p`,
    /// hides every option that gives it another colour or none, and marks
    /// the other nodes of its colour (`COLOR = -1`).
    fn purify<O: Observer, L: Len>(&mut self, p: u32, obs: &mut O) {
        let (c, i) = (self.color(p), self.top(p) as u32);
        if O::ENABLED {
            obs.purify(self.external(i), c as usize - 1);
        }
        self.set_color(i, c);
        let mut updates = 0;
        let mut q = self.dlink(i);
        while q != i {
            if self.color(q) != c {
                updates += self.hide_prime::<L>(q);
            } else if q != p {
                self.set_color(q, -1);
            }
            q = self.dlink(q);
        }
        self.updates += updates;
    }

    /// Knuth's `uncommit(p, j)`: undoes `commit(p, j)`.
    #[inline(always)]
    fn uncommit<O: Observer, L: Len>(&mut self, p: u32, j: u32, obs: &mut O) {
        if self.color(p) == 0 {
            self.uncover_prime::<O, L>(j, obs);
        } else if self.color(p) > 0 {
            self.unpurify::<O, L>(p, obs);
        }
    }

    /// Knuth's `unpurify(p)`: undoes `purify(p)`, walking the item's list
    /// the other way round.
    fn unpurify<O: Observer, L: Len>(&mut self, p: u32, obs: &mut O) {
        let (c, i) = (self.color(p), self.top(p) as u32);
        let mut q = self.ulink(i);
        while q != i {
            if self.color(q) < 0 {
                self.set_color(q, c);
            } else if q != p {
                self.unhide_prime::<L>(q);
            }
            q = self.ulink(q);
        }
        self.set_color(i, 0);
        if O::ENABLED {
            obs.unpurify(self.external(i));
        }
    }
}

impl<L: Len> Kind for C<L> {
    type Len = L;

    #[inline(always)]
    fn cover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        m.cover_prime::<O, L>(i, obs);
    }

    #[inline(always)]
    fn uncover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        m.uncover_prime::<O, L>(i, obs);
    }

    #[inline(always)]
    fn commit<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, obs: &mut O) {
        m.commit::<O, L>(p, j, obs);
    }

    #[inline(always)]
    fn uncommit<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, obs: &mut O) {
        m.uncommit::<O, L>(p, j, obs);
    }
}
