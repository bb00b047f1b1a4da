//! The dancing-links matrix: Knuth's DLX1 data structure in a `bumpalo` arena.
//!
//! This module and its children are the only places that touch links:
//!
//! * here: [`Matrix`], its build, the unchecked accessors that the link
//!   operations use, the pristine copy, and `Matrix::sanity` (tests only), a check of
//!   the whole structure like Knuth's `sanity()`;
//! * [`dance`]: Knuth's four link operations, `cover`, `uncover`, `hide`
//!   and `unhide`, and covering the items of a chosen option;
//! * [`mrv`]: the branching rule, the item with the fewest options.
//!
//! # The data structure
//!
//! It follows Knuth's program DLX1 and TAOCP 7.2.2.1:
//!
//! * `it[0..=N+1]`: the *item* records, with `llink`/`rlink` forming two
//!   doubly linked circular lists: the active primary items, headed by
//!   `it[0]`, and the active secondary items, headed by `it[N+1]`. Items are
//!   numbered `1..=N` here, the primary items first as DLX1 requires,
//!   whatever order the problem gave; `ext` maps them back.
//! * the *nodes*, numbered from 0, each with Knuth's three fields `TOP`,
//!   `ULINK` and `DLINK`, stored as two flat arrays: `top`, and `links`
//!   with each node's `ULINK` and `DLINK` side by side (`top` never changes
//!   after the build, so only the links are written; `hide` reads both
//!   links of a node at once). Node `i` for `1 <= i <= N` is the header
//!   of item `i`'s vertical list. After the headers come the options, each
//!   a run of consecutive nodes whose `top` is their item, with a *spacer*
//!   node before and after every option. A spacer's `top` is `<= 0` (minus
//!   the number of options before it), its `ulink` points to the first node
//!   of the option before it and its `dlink` to the last node of the option
//!   after it, so that a walk along an option can wrap around.
//! * `LEN(i)`, the number of options in item `i`'s list, in one of two
//!   forms chosen at build time (`Matrix::bytes`): when every item has
//!   fewer than 128 options, the byte array `key` holds the exact lengths,
//!   with `FLAG` marking covered and secondary items ("byte keys"); else the
//!   `u32` array `len` holds them, with the `COVERED` and `SECONDARY` bits,
//!   and `key` is not used. The link operations are compiled once for each
//!   form (their `const B: bool`), so the search never asks which.
//! * `place` and `varied`, only when the options are walked by place (see
//!   [`dance`]): every node's place in its option (from 0), and whether
//!   each item's nodes stand at more than one place.
//! * `clr`, only with colours: DLX2's `COLOR` of every node (see
//!   [`dance`] for Algorithm C), and `SPACER` at every spacer. Two things
//!   differ from DLX2's layout, both for speed: the spacers' colour, and
//!   the order of a secondary item's list, which holds its nodes grouped by
//!   colour (those without one first, each group in option order) instead
//!   of in option order. The lists of primary items, which the search
//!   branches on, keep the option order, so the search tree and the order
//!   of solutions are DLX2's.

#![allow(unsafe_code)]

pub(crate) mod dance;
pub(crate) mod mrv;

use std::fmt;

use bumpalo::Bump;

use crate::engine::layout::{Item, LANES, Layout, Link};
use crate::problem::Problem;

/// Marks the `len` of a covered item, so it is never the minimum.
pub(crate) const COVERED: u32 = 1 << 31;
/// Marks the `len` of a secondary item, never chosen.
pub(crate) const SECONDARY: u32 = 1 << 30;
/// The key of the places in the key array that are no item: larger than
/// every key of an item, so never the minimum.
pub(crate) const NO_ITEM: u8 = u8::MAX;
/// With byte keys, the bit of a covered or secondary item.
pub(crate) const FLAG: u8 = 0x80;
/// `COLOR` of a spacer, with colours: below -1 and every colour, so that
/// one test (`COLOR < 0`) finds both the spacers and the purified nodes.
pub(crate) const SPACER: i32 = i32::MIN;

/// The links of a problem, all borrowed from one arena.
pub(crate) struct Matrix<'a> {
    /// Whether the keys are the exact lengths (see the module documentation).
    pub(crate) bytes: bool,
    /// `TOP(q)` of every node: its item, or for a spacer `<= 0`.
    top: &'a [i32],
    /// `ULINK(q)` and `DLINK(q)` of every node, side by side: the vertical
    /// links.
    links: &'a mut [Link],
    it: &'a mut [Item],
    /// `LEN(i)` of every item, with `COVERED` set while `i` is covered and
    /// `SECONDARY` for secondary items. Kept up to date only without byte
    /// keys; with them it keeps the lengths as built.
    len: &'a mut [u32],
    /// `key[i]` is `LEN(i)` in one byte, exact or saturated; the array runs
    /// to a whole number of `LANES` past the primary items, with `NO_ITEM`
    /// where there is no item.
    key: &'a mut [u8],
    /// The problem's number of each of our items.
    ext: &'a [u32],
    /// The number of primary items.
    primaries: usize,
    /// The first node of every option.
    first: &'a [u32],
    /// `COLOR(q)` of every node when some option gives a colour (else
    /// empty): for a node of an option, its colour plus one, 0 for none,
    /// or -1 once `purify` has found it agrees with its item's colour; for
    /// the header of a secondary item, the colour `purify` gave the item, or
    /// 0; for a spacer, `SPACER`.
    clr: &'a mut [i32],
    /// Whether the problem has colours (`clr` is not empty): the search then
    /// runs Algorithm C, else Algorithm X.
    pub(crate) colours: bool,
    /// The number of items, `N`.
    n: u32,
    /// Whether the options are walked by place (`layout::placed_width`):
    /// then every option has `width` items, `place` holds each node's
    /// place in its option, and `varied` marks the items whose nodes stand
    /// at more than one place.
    pub(crate) placed: bool,
    /// The number of items of every option when `placed`, else 0.
    width: u32,
    /// The place (from 0) of every node in its option when `placed`, else
    /// empty.
    place: &'a [u8],
    /// Whether each item's nodes stand at more than one place in their
    /// options, when `placed`; else empty.
    varied: &'a [bool],
    /// Link updates so far, counted as Knuth counts them (one per item
    /// removed from the item list by `cover`, one per node removed from an
    /// item's list by `hide`).
    pub(crate) updates: u64,
    /// A copy of the links, `it`, `len` and `key` as built, for problems
    /// small enough that copying them back is cheaper than uncovering.
    pristine: Option<Pristine<'a>>,
}

/// The links of a matrix as built (see [`Matrix::restore`]).
struct Pristine<'a> {
    links: &'a [Link],
    it: &'a [Item],
    len: &'a [u32],
    key: &'a [u8],
    clr: &'a [i32],
}

impl<'a> Matrix<'a> {
    /// Lays `problem` out in `bump`, every array allocated once, with the
    /// lengths `layout` plans.
    pub(crate) fn build(bump: &'a Bump, problem: &Problem, layout: &Layout) -> Matrix<'a> {
        let (n, primaries, nodes) = (layout.items, layout.primaries, layout.nodes);
        let top = bump.alloc_slice_fill_copy(nodes, 0i32);
        let links = bump.alloc_slice_fill_copy(nodes, Link::default());
        let it = bump.alloc_slice_fill_copy(n + 2, Item::default());
        let len = bump.alloc_slice_fill_copy(n + 2, 0u32);
        // Our numbering: primary items 1..=P, then secondary items, each in
        // the problem's order. `ext` maps ours to the problem's, `int` back.
        let ext = bump.alloc_slice_fill_copy(n + 2, 0u32);
        let int = bump.alloc_slice_fill_copy(n, 0u32);
        let (mut next_primary, mut next_secondary) = (1, primaries + 1);
        for (item, ours) in int.iter_mut().enumerate() {
            let next = if problem.is_primary(item) {
                &mut next_primary
            } else {
                &mut next_secondary
            };
            *ours = *next as u32;
            ext[*next] = item as u32;
            *next += 1;
        }
        let first = bump.alloc_slice_fill_copy(layout.options, 0u32);

        // The two circular lists of items.
        let secondary_root = n + 1;
        let (mut last_primary, mut last_secondary) = (0, secondary_root);
        for i in 1..=n {
            let last = if i <= primaries {
                &mut last_primary
            } else {
                &mut last_secondary
            };
            it[*last].rlink = i as u32;
            it[i].llink = *last as u32;
            *last = i;
        }
        it[last_primary].rlink = 0;
        it[0].llink = last_primary as u32;
        it[last_secondary].rlink = secondary_root as u32;
        it[secondary_root].llink = last_secondary as u32;

        // Empty vertical lists: each header points to itself.
        for (i, link) in links.iter_mut().enumerate().take(n + 1).skip(1) {
            let i = i as u32;
            *link = Link { up: i, down: i };
        }
        for l in &mut len[primaries + 1..] {
            *l = SECONDARY;
        }

        // The options, each followed by a spacer.
        let clr = bump.alloc_slice_fill_copy(layout.colours, 0i32);
        let entry_colours = problem.entry_colours();
        let mut p = n + 1; // the first spacer
        if let Some(c) = clr.get_mut(p) {
            *c = SPACER;
        }
        let mut spacer = p;
        let mut entry = 0;
        for (k, items) in problem.options().enumerate() {
            first[k] = (p + 1) as u32;
            for &item in items {
                p += 1;
                if let Some(&c) = entry_colours.get(entry) {
                    // Past `i32::MAX` colours (never with memory to name
                    // them), `check_bounds` refuses the matrix.
                    clr[p] = i32::try_from(c).unwrap_or(-1);
                }
                entry += 1;
                let h = int[item] as usize;
                let last = links[h].up as usize;
                top[p] = h as i32;
                links[p].up = last as u32;
                links[p].down = h as u32;
                links[last].down = p as u32;
                links[h].up = p as u32;
                len[h] += 1;
            }
            links[spacer].down = p as u32;
            p += 1;
            if let Some(c) = clr.get_mut(p) {
                *c = SPACER;
            }
            top[p] = -((k + 1) as i32);
            links[p].up = first[k];
            links[p].down = 0;
            spacer = p;
        }
        debug_assert_eq!(p + 1, nodes);
        if !clr.is_empty() {
            group_by_colour(links, clr, primaries + 1..=n);
        }

        // Places, when the options are walked by place.
        let width = layout.width;
        let place = bump.alloc_slice_fill_copy(layout.places(), 0u8);
        let varied = bump.alloc_slice_fill_copy(layout.varied(), false);
        if width > 0 {
            let mut first = vec![u8::MAX; n + 2];
            for q in n + 2..nodes {
                // Options of `width` items lie `width + 1` nodes apart.
                place[q] = ((q - n - 2) % (width + 1)) as u8;
                if let Ok(i) = usize::try_from(top[q]) {
                    if first[i] == u8::MAX {
                        first[i] = place[q];
                    }
                    varied[i] |= first[i] != place[q];
                }
            }
        }

        let key = bump.alloc_slice_fill_copy(layout.keys, NO_ITEM);
        let longest = len[1..=n].iter().map(|&l| l & !SECONDARY).max();
        let bytes = longest.unwrap_or(0) < FLAG as u32;
        if bytes {
            for (i, (k, &l)) in key
                .iter_mut()
                .zip(len.iter())
                .enumerate()
                .take(n + 1)
                .skip(1)
            {
                *k = (l & !SECONDARY) as u8 | if i > primaries { FLAG } else { 0 };
            }
        }
        check_bounds(top, links, it, len, key, clr, place, varied, width);
        let pristine = layout.pristine.then(|| Pristine {
            links: bump.alloc_slice_copy(links),
            it: bump.alloc_slice_copy(it),
            len: bump.alloc_slice_copy(len),
            key: bump.alloc_slice_copy(key),
            clr: bump.alloc_slice_copy(clr),
        });

        Matrix {
            bytes,
            top,
            links,
            it,
            len,
            key,
            ext,
            primaries,
            first,
            colours: !clr.is_empty(),
            clr,
            n: n as u32,
            placed: width > 0,
            width: width as u32,
            place,
            varied,
            updates: 0,
            pristine,
        }
    }

    // ----- Unchecked access -----
    //
    // The link operations index `top`, `ulink`, `dlink`, `it`, `len` and
    // `key` without bounds checks, a measured win (docs/performance.md). It
    // is sound because of one invariant, checked once when the matrix is
    // built (`check_bounds`): every index stored in the matrix is in bounds,
    // that is, every `ulink`/`dlink` is `< top.len()` (the number of nodes,
    // the length of all three node arrays), every `llink`/`rlink` is
    // `< it.len()`, every `top` is `< it.len()`, and `len` and `key` are at
    // least as long as `it`. `top` never changes; no operation ever stores
    // into a link anything but a value it read from the links (or an `i`,
    // `p` or `q` that is itself such a value), so the invariant holds forever
    // after, whatever order the operations come in; the pristine copy holds
    // the values as built. The only arithmetic on indices is `q + 1` and
    // `q - 1` from a node `q` of an option, and every option has a spacer
    // before and after it, so both stay in bounds; and, in the walk by
    // place, `q - place[q] + j` for `j < width`, which is a node of `q`'s
    // option: `check_bounds` checks that every option is `width` nodes
    // between two spacers, each node at its place (`place` never changes).
    // With colours, `hide_prime` and `unhide_prime` tell a spacer by `COLOR
    // == SPACER` instead of `TOP <= 0`: `check_bounds` checks that the two
    // agree as built, and they agree forever after, because `COLOR` is only
    // ever written at an item's header and at nodes of options (found in
    // items' lists), with a colour of a node (at least 1), -1 or 0, never
    // `SPACER`.

    /// `TOP(p)`.
    #[inline(always)]
    pub(crate) fn top(&self, p: u32) -> i32 {
        debug_assert!((p as usize) < self.top.len());
        // SAFETY: `p` is a link, an item, or a neighbour of an option's
        // node: in bounds by the invariant above.
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
    fn set_ulink(&mut self, p: u32, v: u32) {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: as in `ulink`.
        unsafe { self.links.get_unchecked_mut(p as usize).up = v }
    }

    /// `DLINK(p) <- v`.
    #[inline(always)]
    fn set_dlink(&mut self, p: u32, v: u32) {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: as in `dlink`.
        unsafe { self.links.get_unchecked_mut(p as usize).down = v }
    }

    /// `COLOR(p)`; only for matrices with colours.
    #[inline(always)]
    pub(super) fn color(&self, p: u32) -> i32 {
        debug_assert!((p as usize) < self.clr.len());
        // SAFETY: as in `top`; with colours, `clr` is as long as `top`, and
        // only the search of a matrix with colours calls this.
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
    fn item(&self, i: u32) -> Item {
        debug_assert!((i as usize) < self.it.len());
        // SAFETY: `i` is an item (a `top`) or an item link: in bounds by the
        // invariant above.
        unsafe { *self.it.get_unchecked(i as usize) }
    }

    /// Item record `i`, to change.
    #[inline(always)]
    fn item_mut(&mut self, i: u32) -> &mut Item {
        debug_assert!((i as usize) < self.it.len());
        // SAFETY: as in `item`.
        unsafe { self.it.get_unchecked_mut(i as usize) }
    }

    /// `LEN(i)`, to change.
    #[inline(always)]
    fn len_mut(&mut self, i: u32) -> &mut u32 {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: as in `item`; `len` is as long as `it`.
        unsafe { self.len.get_unchecked_mut(i as usize) }
    }

    /// The key of item `i`, to change.
    #[inline(always)]
    fn key_mut(&mut self, i: u32) -> &mut u8 {
        debug_assert!((i as usize) < self.key.len());
        // SAFETY: as in `item`; `key` is at least as long as `it`.
        unsafe { self.key.get_unchecked_mut(i as usize) }
    }

    /// The place (from 0) of node `p` in its option; only when `placed`.
    #[inline(always)]
    fn place(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.place.len());
        // SAFETY: as in `top`; when `placed`, `place` is as long as `top`,
        // and only the walks by place call this.
        u32::from(unsafe { *self.place.get_unchecked(p as usize) })
    }

    /// Whether the nodes of item `i` stand at more than one place in their
    /// options; only when `placed`.
    #[inline(always)]
    fn is_varied(&self, i: u32) -> bool {
        debug_assert!((i as usize) < self.varied.len());
        // SAFETY: as in `item`; when `placed`, `varied` is as long as `it`,
        // and only `cover` and `uncover` with `P` call this.
        unsafe { *self.varied.get_unchecked(i as usize) }
    }

    // ----- Questions about the matrix -----

    /// The number of items, `N`: node numbers above it are option nodes.
    #[inline(always)]
    pub(crate) fn items(&self) -> u32 {
        self.n
    }

    /// The number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.first.len()
    }

    /// The first node of option `option` (from 0).
    pub(crate) fn first_node(&self, option: usize) -> u32 {
        self.first[option]
    }

    /// The problem's number of our item `i`.
    #[inline(always)]
    pub(crate) fn external(&self, i: u32) -> usize {
        self.ext[i as usize] as usize
    }

    /// Whether every primary item is covered.
    #[inline(always)]
    pub(crate) fn is_all_covered(&self) -> bool {
        self.it[0].rlink == 0
    }

    /// Whether item `i` is in its list of active items. (An item covered
    /// earlier cannot be pointed to by its former neighbour, because covering
    /// and uncovering happen in last-in, first-out order.)
    pub(crate) fn is_active(&self, i: u32) -> bool {
        self.it[self.it[i as usize].llink as usize].rlink == i
    }

    /// The number (from 0) of the option that node `p` belongs to: found from
    /// the spacer after it.
    #[inline]
    pub(crate) fn option_of(&self, mut p: u32) -> usize {
        loop {
            let t = self.top[p as usize];
            if t <= 0 {
                return (-t) as usize - 1;
            }
            p += 1;
        }
    }

    /// An item that stops the option whose first node is `p` from being
    /// chosen now: one that is covered, or (with colours) one that has been
    /// given a colour the option does not give it. `None` when the option
    /// can be chosen.
    pub(crate) fn blocked_item(&self, p: u32) -> Option<u32> {
        let mut q = p as usize;
        while self.top[q] > 0 {
            let j = self.top[q] as u32;
            let clash = self.colours && self.clr[j as usize] != 0 && self.clr[q] >= 0;
            if !self.is_active(j) || clash {
                return Some(j);
            }
            q += 1;
        }
        None
    }

    /// Where node `p` stands in the list of item `i`: `(k, d)`, `p` the
    /// `k`-th of its `d` nodes (from 1). The list of a covered item does not
    /// change while it is covered, so this is the "k of d" of Knuth's
    /// progress reports for the item chosen at a level.
    pub(crate) fn position(&self, i: u32, p: u32) -> (usize, usize) {
        let (mut k, mut d) = (0, 0);
        let mut q = self.links[i as usize].down;
        while q != i {
            d += 1;
            if q == p {
                k = d;
            }
            q = self.links[q as usize].down;
        }
        (k.max(1), d.max(1))
    }

    // ----- The pristine copy -----

    /// Copies the links back as built, undoing every cover at once; `false`
    /// (nothing done) when the matrix keeps no copy.
    pub(crate) fn restore(&mut self) -> bool {
        let Some(pristine) = &self.pristine else {
            return false;
        };
        self.links.copy_from_slice(pristine.links);
        self.it.copy_from_slice(pristine.it);
        // Only one of `len` and `key` changes after the build.
        if self.bytes {
            self.key.copy_from_slice(pristine.key);
        } else {
            self.len.copy_from_slice(pristine.len);
        }
        self.clr.copy_from_slice(pristine.clr);
        true
    }

    // ----- Knuth's sanity check -----

    /// Checks the whole structure, as Knuth's `sanity()` does in DLX1: the
    /// two lists of active items are doubly linked circles; the vertical
    /// list of every active item is a doubly linked circle of nodes whose
    /// `TOP` is that item, as long as its `LEN` says; covered items carry
    /// their mark and active ones do not; with colours, a node marked by
    /// `purify` lies on an item that has a colour; and the first error found
    /// is returned. Time linear in the size of the matrix: for tests.
    #[cfg(test)]
    pub(crate) fn sanity(&self) -> Result<(), Insane> {
        let n = self.n as usize;
        let mut active = vec![false; n + 2];
        for (root, range) in [(0, 1..=self.primaries), (n + 1, self.primaries + 1..=n)] {
            let mut prev = root;
            let mut i = self.it[root].rlink as usize;
            let mut steps = 0;
            while i != root {
                steps += 1;
                if steps > n || !range.contains(&i) {
                    return Err(Insane::ItemList { item: i });
                }
                if self.it[i].llink as usize != prev {
                    return Err(Insane::ItemList { item: i });
                }
                active[i] = true;
                prev = i;
                i = self.it[i].rlink as usize;
            }
            if self.it[root].llink as usize != prev {
                return Err(Insane::ItemList { item: root });
            }
        }
        for (i, &is_active) in active.iter().enumerate().take(n + 1).skip(1) {
            // With byte keys a secondary item always carries `FLAG`.
            let marked_right = if self.bytes && i > self.primaries {
                self.key[i] & FLAG != 0
            } else if self.bytes {
                (self.key[i] & FLAG == 0) == is_active
            } else {
                (self.len[i] & COVERED == 0) == is_active
            };
            if !marked_right {
                return Err(Insane::Mark { item: i });
            }
            if !is_active {
                continue;
            }
            let mut count = 0u32;
            let mut prev = i as u32;
            let mut p = self.links[i].down;
            while p as usize != i {
                count += 1;
                let bad = count as usize > self.top.len()
                    || p <= self.n
                    || self.top[p as usize] != i as i32
                    || self.links[p as usize].up != prev;
                if bad {
                    return Err(Insane::List { item: i, node: p });
                }
                // A node marked by `purify` lies on an item that has a colour.
                if self.colours && self.clr[p as usize] < 0 && self.clr[i] <= 0 {
                    return Err(Insane::Colour { item: i, node: p });
                }
                prev = p;
                p = self.links[p as usize].down;
            }
            if self.links[i].up != prev {
                return Err(Insane::List {
                    item: i,
                    node: i as u32,
                });
            }
            let agrees = if self.bytes {
                u32::from(self.key[i] & !FLAG) == count
            } else {
                self.len[i] & !(COVERED | SECONDARY) == count
            };
            if !agrees {
                return Err(Insane::Length { item: i, count });
            }
        }
        Ok(())
    }

    /// Takes node `p` out of its item's list without changing `LEN`: a
    /// broken matrix, for testing the sanity check.
    #[cfg(test)]
    pub(crate) fn unlink_for_test(&mut self, p: u32) {
        let (u, d) = (self.ulink(p), self.dlink(p));
        self.set_dlink(u, d);
        self.set_ulink(d, u);
    }

    /// Everything a search changes: the links, the item records, and the
    /// lengths in the form the search keeps up to date. Two matrices of one
    /// problem with equal snapshots search alike.
    #[cfg(test)]
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            links: self.links.to_vec(),
            it: self.it.to_vec(),
            len: if self.bytes {
                Vec::new()
            } else {
                self.len.to_vec()
            },
            key: self.key.to_vec(),
            clr: self.clr.to_vec(),
        }
    }
}

/// A copy of what a search changes in a [`Matrix`] (see `Matrix::snapshot`).
#[cfg(test)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Snapshot {
    links: Vec<Link>,
    it: Vec<Item>,
    len: Vec<u32>,
    key: Vec<u8>,
    clr: Vec<i32>,
}

/// What `Matrix::sanity` found wrong, with Knuth's names.
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Insane {
    /// The list of active items is broken at this item.
    ItemList { item: usize },
    /// An item's covered mark disagrees with its being in the active list.
    Mark { item: usize },
    /// The vertical list of `item` is broken at `node`.
    List { item: usize, node: u32 },
    /// `LEN(item)` is not the `count` nodes of its list.
    Length { item: usize, count: u32 },
    /// `node` is marked as agreeing with the colour of `item`, which has
    /// none.
    Colour { item: usize, node: u32 },
}

impl fmt::Debug for Matrix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Matrix")
            .field("items", &self.n)
            .field("nodes", &self.top.len())
            .field("options", &self.first.len())
            .field("byte_keys", &self.bytes)
            .finish_non_exhaustive()
    }
}

/// Links the nodes of each of the items `items` (the secondary ones) in
/// their list grouped by colour: first those without one, then colour 0,
/// colour 1 and so on (by `COLOR`, the colour plus one), each group in the
/// order of its options. A secondary item is never chosen, so the order of
/// its list changes neither the search tree nor the order of the
/// solutions; it only changes the order in which `purify` meets the
/// options (see [`dance`]).
fn group_by_colour(links: &mut [Link], clr: &[i32], items: std::ops::RangeInclusive<usize>) {
    let mut nodes = Vec::new();
    for i in items {
        nodes.clear();
        let mut q = links[i].down as usize;
        while q != i {
            nodes.push(q);
            q = links[q].down as usize;
        }
        nodes.sort_by_key(|&q| clr[q]); // stable: each group in option order
        let mut last = i;
        for &q in &nodes {
            links[last].down = q as u32;
            links[q].up = last as u32;
            last = q;
        }
        links[last].down = i as u32;
        links[i].up = last as u32;
    }
}

/// Checks the invariant that makes the unchecked indexing of [`Matrix`]
/// sound (see "Unchecked access" there): every link and every item number
/// stored in the matrix is in bounds, every node of an option has a node
/// on each side, and with colours a node is a spacer exactly when its
/// `COLOR` is `SPACER` (every other node's colour is at least 0). Runs once
/// per build, in time linear in the size of the matrix.
#[allow(clippy::too_many_arguments)]
fn check_bounds(
    top: &[i32],
    links: &[Link],
    it: &[Item],
    len: &[u32],
    key: &[u8],
    clr: &[i32],
    place: &[u8],
    varied: &[bool],
    width: usize,
) {
    let (nodes, items) = (top.len(), it.len());
    assert!(links.len() == nodes);
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
