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
//! [`matrix`](super)): `B = true` updates the byte keys, `B = false` the
//! exact lengths in `len`.
//!
//! # Walking an option: from spacer to spacer, or by place
//!
//! `hide(p)` visits the other nodes of `p`'s option as DLX1 does: from
//! `p + 1` rightwards until a spacer, whose `ULINK` leads back to the
//! option's first node, then on until `p`. The branches of that walk
//! follow where `p` stands in its option. When every node of item `i`
//! stands at one place (the queens' rows, columns and diagonals; every
//! Sudoku item), covering `i` takes the same branches at every option and
//! the processor predicts them; when they stand at many places (a cell of
//! the pentominoes, a place of Langford's pairs), it mispredicts about once
//! an option.
//!
//! So when every option has the same number of items `K` and some item
//! stands at more than one place (`P = true`, see
//! `layout::placed_width`), `cover` and `uncover` walk the options of
//! such an item *by place* (`hide_by_place`, `unhide_by_place`): each
//! node's place in its option is stored (`place`, one byte a node), the
//! option's first node is `p` less its place, and the `K - 1` other nodes
//! are `first + (place + j) mod K` for `j = 1..K`: a loop of a fixed count
//! with no branch on the data, which visits the same nodes in the same
//! order as DLX1's walk. Items whose nodes stand at one place keep DLX1's
//! walk, whose predicted branches cost nothing, where the stored place
//! would cost a load before the first node's address is known.
//!
//! # Colours: Algorithm C
//!
//! With colours (`C = true`, TAOCP 7.2.2.1 Algorithm C, Knuth's program
//! DLX2), choosing an option *commits* its items instead of covering them:
//! an item without a colour in the option is covered as before, and a
//! secondary item with colour `c` is *purified*: every option that gives
//! the item another colour (or none) is hidden, and the nodes of the other
//! options that give it colour `c` are marked `COLOR = -1`, so that they
//! stay where they are when an option holding them is hidden later (`hide`
//! skips such nodes: their item needs no length, since a secondary item is
//! never chosen), and so that committing them again does nothing.
//! `unpurify` undoes it, the options' nodes in the reverse order. Without
//! colours (`C = false`) every test of a colour compiles away, and the
//! operations are Algorithm X's.
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

use super::{COVERED, FLAG, Matrix, SPACER};
use crate::engine::layout::Item;
use crate::engine::observe::Observer;

impl Matrix<'_> {
    /// Removes the options of item `i` from the other items' lists, then `i`
    /// from the list of active items. With `P`, the options of an item
    /// whose nodes stand at several places are walked by place.
    #[inline(always)]
    pub(crate) fn cover<O: Observer, const B: bool, const C: bool, const P: bool>(
        &mut self,
        i: u32,
        obs: &mut O,
    ) {
        if O::ENABLED {
            obs.cover(self.external(i));
        }
        let mut updates = 1; // the item itself
        let mut p = self.dlink(i);
        if P && self.is_varied(i) {
            while p != i {
                updates += self.hide_by_place::<B>(p);
                p = self.dlink(p);
            }
        } else if C {
            while p != i {
                updates += self.hide_prime::<B>(p);
                p = self.dlink(p);
            }
        } else {
            while p != i {
                updates += self.hide::<B>(p);
                p = self.dlink(p);
            }
        }
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = r;
        self.item_mut(r).llink = l;
        if B {
            *self.key_mut(i) |= FLAG;
        } else {
            *self.len_mut(i) |= COVERED;
        }
        self.updates += updates;
    }

    /// Removes the other nodes of the option of node `p` from their lists;
    /// returns how many. With colours, [`hide_prime`] runs instead.
    ///
    /// [`hide_prime`]: Matrix::hide_prime
    #[inline(always)]
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

    /// Knuth's hide′(p) (Algorithm C): `hide(p)`, except that a node
    /// `purify` has marked (`COLOR < 0`) stays in its list. One test of
    /// `COLOR` finds both the nodes to pass over: a spacer's is `SPACER`,
    /// below every colour and below -1.
    #[inline(always)]
    fn hide_prime<const B: bool>(&mut self, p: u32) -> u64 {
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
                self.shrink::<B>(self.top(q) as u32);
                hidden += 1;
                q += 1;
            }
        }
        hidden
    }

    /// Undoes `cover(i)`: puts `i` back, then its options, in reverse order.
    #[inline(always)]
    pub(crate) fn uncover<O: Observer, const B: bool, const C: bool, const P: bool>(
        &mut self,
        i: u32,
        obs: &mut O,
    ) {
        let Item { llink: l, rlink: r } = self.item(i);
        self.item_mut(l).rlink = i;
        self.item_mut(r).llink = i;
        if B {
            let secondary = ((i as usize > self.primaries) as u8) << 7;
            let key = self.key_mut(i);
            *key = *key & !FLAG | secondary;
        } else {
            *self.len_mut(i) &= !COVERED;
        }
        let mut p = self.ulink(i);
        if P && self.is_varied(i) {
            while p != i {
                self.unhide_by_place::<B>(p);
                p = self.ulink(p);
            }
        } else if C {
            while p != i {
                self.unhide_prime::<B>(p);
                p = self.ulink(p);
            }
        } else {
            while p != i {
                self.unhide::<B>(p);
                p = self.ulink(p);
            }
        }
        if O::ENABLED {
            obs.uncover(self.external(i));
        }
    }

    /// `LEN(x) <- LEN(x) - 1`, in `key` when the keys are the lengths,
    /// else in `len`.
    #[inline(always)]
    fn shrink<const B: bool>(&mut self, x: u32) {
        if B {
            *self.key_mut(x) -= 1;
        } else {
            *self.len_mut(x) -= 1;
        }
    }

    /// `LEN(x) <- LEN(x) + 1`, as in `shrink`.
    #[inline(always)]
    fn grow<const B: bool>(&mut self, x: u32) {
        if B {
            *self.key_mut(x) += 1;
        } else {
            *self.len_mut(x) += 1;
        }
    }

    /// Undoes `hide(p)`, walking the option the other way round.
    #[inline(always)]
    fn unhide<const B: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let x = self.top(q);
            if x > 0 {
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, q);
                self.set_ulink(d, q);
                self.grow::<B>(x as u32);
                q -= 1;
            } else {
                q = self.dlink(q); // a spacer: on to the last node of the option
            }
        }
    }

    /// Knuth's unhide′(p): undoes `hide_prime(p)`.
    #[inline(always)]
    fn unhide_prime<const B: bool>(&mut self, p: u32) {
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
                self.grow::<B>(self.top(q) as u32);
                q -= 1;
            }
        }
    }

    /// `hide(p)` by place, when every option has `width` items (and no
    /// colours): the same nodes in the same order, `p + 1` onwards round
    /// the option, in a loop of `width - 1` steps.
    #[inline(always)]
    fn hide_by_place<const B: bool>(&mut self, p: u32) -> u64 {
        let k = self.width;
        let at = self.place(p);
        let first = p - at;
        for j in 1..k {
            let a = at + j;
            let q = first + if a >= k { a - k } else { a };
            let (u, d) = (self.ulink(q), self.dlink(q));
            self.set_dlink(u, d);
            self.set_ulink(d, u);
            self.shrink::<B>(self.top(q) as u32);
        }
        u64::from(k - 1)
    }

    /// `unhide(p)` by place: `p - 1` downwards round the option, as
    /// `unhide` walks it.
    #[inline(always)]
    fn unhide_by_place<const B: bool>(&mut self, p: u32) {
        let k = self.width;
        let at = self.place(p) + k;
        let first = p + k - at;
        for j in 1..k {
            let a = at - j;
            let q = first + if a >= k { a - k } else { a };
            let (u, d) = (self.ulink(q), self.dlink(q));
            self.set_dlink(u, q);
            self.set_ulink(d, q);
            self.grow::<B>(self.top(q) as u32);
        }
    }

    /// Commits the items of the option of node `p` other than `p`'s own
    /// (step X5 of Algorithm X, C5 of Algorithm C): covers each, or with
    /// colours purifies it when the option gives it a colour.
    #[inline]
    pub(crate) fn cover_others<O: Observer, const B: bool, const C: bool, const P: bool>(
        &mut self,
        p: u32,
        obs: &mut O,
    ) {
        let mut q = p + 1;
        while q != p {
            let j = self.top(q);
            if j <= 0 {
                q = self.ulink(q);
            } else {
                self.commit::<O, B, C, P>(q, j as u32, obs);
                q += 1;
            }
        }
    }

    /// Undoes `cover_others(p)`, in reverse order (step X6, C6).
    #[inline]
    pub(crate) fn uncover_others<O: Observer, const B: bool, const C: bool, const P: bool>(
        &mut self,
        p: u32,
        obs: &mut O,
    ) {
        let mut q = p - 1;
        while q != p {
            let j = self.top(q);
            if j <= 0 {
                q = self.dlink(q);
            } else {
                self.uncommit::<O, B, C, P>(q, j as u32, obs);
                q -= 1;
            }
        }
    }

    /// Knuth's `commit(p, j)`: covers item `j` of node `p`, or purifies it
    /// when `p` gives it a colour (nothing when `p` is purified already).
    #[inline(always)]
    pub(crate) fn commit<O: Observer, const B: bool, const C: bool, const P: bool>(
        &mut self,
        p: u32,
        j: u32,
        obs: &mut O,
    ) {
        if !C || self.color(p) == 0 {
            self.cover::<O, B, C, P>(j, obs);
        } else if self.color(p) > 0 {
            self.purify::<O, B>(p, obs);
        }
    }

    /// Knuth's `uncommit(p, j)`: undoes `commit(p, j)`.
    #[inline(always)]
    pub(crate) fn uncommit<O: Observer, const B: bool, const C: bool, const P: bool>(
        &mut self,
        p: u32,
        j: u32,
        obs: &mut O,
    ) {
        if !C || self.color(p) == 0 {
            self.uncover::<O, B, C, P>(j, obs);
        } else if self.color(p) > 0 {
            self.unpurify::<O, B>(p, obs);
        }
    }

    /// Knuth's `purify(p)`: gives the item of node `p` the colour of `p`,
    /// hides every option that gives it another colour or none, and marks
    /// the other nodes of its colour (`COLOR = -1`).
    fn purify<O: Observer, const B: bool>(&mut self, p: u32, obs: &mut O) {
        let (c, i) = (self.color(p), self.top(p) as u32);
        if O::ENABLED {
            obs.purify(self.external(i), c as usize - 1);
        }
        self.set_color(i, c);
        let mut updates = 0;
        let mut q = self.dlink(i);
        while q != i {
            if self.color(q) != c {
                updates += self.hide_prime::<B>(q);
            } else if q != p {
                self.set_color(q, -1);
            }
            q = self.dlink(q);
        }
        self.updates += updates;
    }

    /// Knuth's `unpurify(p)`: undoes `purify(p)`, walking the item's list
    /// the other way round.
    fn unpurify<O: Observer, const B: bool>(&mut self, p: u32, obs: &mut O) {
        let (c, i) = (self.color(p), self.top(p) as u32);
        let mut q = self.ulink(i);
        while q != i {
            if self.color(q) < 0 {
                self.set_color(q, c);
            } else if q != p {
                self.unhide_prime::<B>(q);
            }
            q = self.ulink(q);
        }
        self.set_color(i, 0);
        if O::ENABLED {
            obs.unpurify(self.external(i));
        }
    }

    /// Takes every node of the option of node `p` (its first) out of its
    /// item's list: the option can no longer be chosen. Only for an option
    /// that nothing hides.
    pub(crate) fn exclude_option<const B: bool>(&mut self, p: u32) {
        let mut q = p;
        while self.top(q) > 0 {
            let (u, d) = (self.ulink(q), self.dlink(q));
            self.set_dlink(u, d);
            self.set_ulink(d, u);
            self.shrink::<B>(self.top(q) as u32);
            q += 1;
        }
    }

    /// Undoes `exclude_option(p)`, the nodes in reverse order.
    pub(crate) fn include_option<const B: bool>(&mut self, p: u32) {
        let mut q = p;
        while self.top(q + 1) > 0 {
            q += 1;
        }
        loop {
            let (u, d) = (self.ulink(q), self.dlink(q));
            self.set_dlink(u, q);
            self.set_ulink(d, q);
            self.grow::<B>(self.top(q) as u32);
            if q == p {
                break;
            }
            q -= 1;
        }
    }
}
