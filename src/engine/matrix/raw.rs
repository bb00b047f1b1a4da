//! Unchecked access to the links: the crate's only `unsafe` code.
//!
//! The link operations index `top`, the links, `it`, `len`, `key`, `clr`,
//! `place`, `varied` and `cost` without bounds checks, a measured win
//! (docs/performance.md), through the accessors of this file and nowhere
//! else: the rest of the engine, the operations of Algorithms X and C
//! included, is safe code that calls them. This is the one file of the
//! crate that allows `unsafe_code` (`lib.rs` denies it), and every
//! `unsafe` block here says why it is sound (`lib.rs` warns on one that
//! does not, `clippy::undocumented_unsafe_blocks`).
//!
//! # The invariant
//!
//! It is sound because of one invariant, checked once when the matrix is
//! built ([`check_bounds`]): every index stored in the matrix is in bounds,
//! that is, every `ulink`/`dlink` is `< top.len()` (the number of nodes,
//! the length of all the node arrays), every `llink`/`rlink` is
//! `< it.len()`, every `top` is `< it.len()`, `len` and `key` are at
//! least as long as `it`, and `cost`, when there are costs, is as long as
//! `top`. `top` never changes; no operation ever stores
//! into a link anything but a value it read from the links (or an `i`, `p`
//! or `q` that is itself such a value), so the invariant holds forever
//! after, whatever order the operations come in; the pristine copy holds
//! the values as built. The only arithmetic on indices is `q + 1` and
//! `q - 1` from a node `q` of an option, and every option has a spacer
//! before and after it, so both stay in bounds; and, in the walk by place,
//! `q - place[q] + j` for `j < width`, which is a node of `q`'s option:
//! `check_bounds` checks that every option is `width` nodes between two
//! spacers, each node at its place (`place` never changes). With colours,
//! `hide′` and `unhide′` tell a spacer by `COLOR == SPACER` instead of
//! `TOP <= 0`: `check_bounds` checks that the two agree as built, and they
//! agree forever after, because `COLOR` is only ever written at an item's
//! header and at nodes of options (found in items' lists), with a colour of
//! a node (at least 1), -1 or 0, never `SPACER`.
//!
//! In debug builds (and so in the tests) every accessor also asserts its
//! bound, so a broken invariant fails loudly there.

#![allow(unsafe_code)]

use super::{Matrix, SPACER};
use crate::engine::layout::{Item, LANES, Link};

impl Matrix<'_> {
    /// `TOP(p)`.
    #[inline(always)]
    pub(crate) fn top(&self, p: u32) -> i32 {
        debug_assert!((p as usize) < self.top.len());
        // SAFETY: `p` is a link, an item, or a neighbour of an option's
        // node: in bounds by the invariant (module documentation).
        unsafe { *self.top.get_unchecked(p as usize) }
    }

    /// `ULINK(p)`.
    #[inline(always)]
    pub(crate) fn ulink(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: as in `top`; `links` is as long as `top`.
        unsafe { self.links.get_unchecked(p as usize).up }
    }

    /// `DLINK(p)`.
    #[inline(always)]
    pub(crate) fn dlink(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: as in `top`; `links` is as long as `top`.
        unsafe { self.links.get_unchecked(p as usize).down }
    }

    /// `ULINK(p) <- v`.
    #[inline(always)]
    pub(super) fn set_ulink(&mut self, p: u32, v: u32) {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: as in `ulink`.
        unsafe { self.links.get_unchecked_mut(p as usize).up = v }
    }

    /// `DLINK(p) <- v`.
    #[inline(always)]
    pub(super) fn set_dlink(&mut self, p: u32, v: u32) {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: as in `dlink`.
        unsafe { self.links.get_unchecked_mut(p as usize).down = v }
    }

    /// `COLOR(p)`; only for matrices with colours.
    #[inline(always)]
    pub(super) fn color(&self, p: u32) -> i32 {
        debug_assert!((p as usize) < self.clr.len());
        // SAFETY: as in `top`; with colours, `clr` is as long as `top`, and
        // only the operations of Algorithm C, which run on matrices with
        // colours alone, call this.
        unsafe { *self.clr.get_unchecked(p as usize) }
    }

    /// `COLOR(p) <- c`; only for matrices with colours.
    #[inline(always)]
    pub(super) fn set_color(&mut self, p: u32, c: i32) {
        debug_assert!((p as usize) < self.clr.len());
        // SAFETY: as in `color`.
        unsafe { *self.clr.get_unchecked_mut(p as usize) = c }
    }

    /// Item record `i`.
    #[inline(always)]
    pub(super) fn item(&self, i: u32) -> Item {
        debug_assert!((i as usize) < self.it.len());
        // SAFETY: `i` is an item (a `top`) or an item link: in bounds by the
        // invariant (module documentation).
        unsafe { *self.it.get_unchecked(i as usize) }
    }

    /// Item record `i`, to change.
    #[inline(always)]
    pub(super) fn item_mut(&mut self, i: u32) -> &mut Item {
        debug_assert!((i as usize) < self.it.len());
        // SAFETY: as in `item`.
        unsafe { self.it.get_unchecked_mut(i as usize) }
    }

    /// `len[i]`, to change; only the forms of `LEN` (`len.rs`) call this.
    #[inline(always)]
    pub(super) fn len_mut(&mut self, i: u32) -> &mut u32 {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: as in `item`; `len` is as long as `it`.
        unsafe { self.len.get_unchecked_mut(i as usize) }
    }

    /// `key[i]`, to change; only the forms of `LEN` (`len.rs`) call this.
    #[inline(always)]
    pub(super) fn key_mut(&mut self, i: u32) -> &mut u8 {
        debug_assert!((i as usize) < self.key.len());
        // SAFETY: as in `item`; `key` is at least as long as `it`.
        unsafe { self.key.get_unchecked_mut(i as usize) }
    }

    /// The place (from 0) of node `p` in its option; only when walked by place.
    #[inline(always)]
    pub(super) fn place(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.place.len());
        // SAFETY: as in `top`; when walked by place, `place` is as long as `top`,
        // and only the walks by place, which run on such matrices alone,
        // call this.
        u32::from(unsafe { *self.place.get_unchecked(p as usize) })
    }

    /// `COST(p)`, the net cost of node `p`'s option; only for matrices
    /// with costs.
    #[inline(always)]
    pub(super) fn cost(&self, p: u32) -> u64 {
        debug_assert!((p as usize) < self.cost.len());
        // SAFETY: as in `top`; with costs, `cost` is as long as `top`, and
        // only the operations of minimum-cost covers, which run on matrices
        // with costs alone (the cost driver checks), call this.
        unsafe { *self.cost.get_unchecked(p as usize) }
    }

    /// Whether the nodes of item `i` stand at more than one place in their
    /// options; only when walked by place.
    #[inline(always)]
    pub(super) fn is_varied(&self, i: u32) -> bool {
        debug_assert!((i as usize) < self.varied.len());
        // SAFETY: as in `item`; when walked by place, `varied` is as long as `it`,
        // and only the walks by place call this.
        unsafe { *self.varied.get_unchecked(i as usize) }
    }
}

/// Checks the invariant that makes the unchecked indexing of [`Matrix`]
/// sound (module documentation): every link and every item number stored
/// in the matrix is in bounds, the costs (if any) are one a node, every node of an option has a node on each
/// side, with colours a node is a spacer exactly when its `COLOR` is
/// `SPACER` (every other node's colour is at least 0), and when walked by
/// place every option is `width` nodes, each at its place. Runs once per
/// build, in time linear in the size of the matrix; panics when the
/// invariant does not hold (a bug of the build, never of the input).
#[allow(clippy::too_many_arguments)]
pub(super) fn check_bounds(
    top: &[i32],
    links: &[Link],
    it: &[Item],
    len: &[u32],
    key: &[u8],
    clr: &[i32],
    place: &[u8],
    varied: &[bool],
    width: usize,
    cost: &[u64],
) {
    let (nodes, items) = (top.len(), it.len());
    assert!(links.len() == nodes);
    assert!(cost.is_empty() || cost.len() == nodes);
    assert!(clr.is_empty() || clr.len() == nodes);
    assert!(place.is_empty() || (place.len() == nodes && varied.len() == items));
    assert!(len.len() == items && key.len() >= items);
    assert!(key.len() % LANES == 0 || key.len() == items);
    for q in 0..nodes {
        assert!((links[q].up as usize) < nodes && (links[q].down as usize) < nodes);
        assert!(top[q] < items as i32);
        if !clr.is_empty() && q + 1 >= items {
            // From the first spacer (node N + 1) on, the walks of Algorithm
            // C tell a spacer by its colour alone.
            assert!((clr[q] == SPACER) == (top[q] <= 0) && (top[q] <= 0 || clr[q] >= 0));
        }
        if top[q] > 0 && q >= items {
            // A node of an option (they start at N + 2, after the first
            // spacer, N + 1).
            assert!(q + 1 < nodes, "an option's node without a spacer after it");
            if !place.is_empty() {
                // The walk by place visits `q - place[q] + j` for every
                // `j < width`. Node by node: an option's first node (after a
                // spacer) has place 0, each next one the place before plus
                // one, and the node of place `width - 1` alone has a spacer
                // after it; so every option is `width` nodes between two
                // spacers, each at its place, and those indices are its
                // nodes.
                let at = place[q] as usize;
                let after_spacer = top[q - 1] <= 0;
                assert!(at < width, "a place beyond its option");
                assert!(
                    (at == 0) == after_spacer
                        && (after_spacer || place[q - 1] as usize + 1 == at)
                        && (at + 1 == width) == (top[q + 1] <= 0),
                    "a node whose place is not its place in its option"
                );
            }
        }
    }
    for item in it.iter() {
        assert!((item.llink as usize) < items && (item.rlink as usize) < items);
    }
}
