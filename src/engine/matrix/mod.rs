//! The dancing-links matrix: Knuth's DLX1 data structure in a `bumpalo`
//! arena, and the operations of every kind of search on it.
//!
//! This module and its children are the only places that touch links:
//!
//! * here: [`Matrix`] and its build, the pristine copy, and the questions
//!   the rest of the engine asks about the matrix;
//! * [`raw`]: the unchecked accessors every operation goes through, the
//!   crate's only `unsafe` code, and `check_bounds`, the check of the
//!   invariant that makes them sound;
//! * [`len`]: `LEN`, in its two forms, the one place that reads and writes
//!   it;
//! * [`x`]: Algorithm X's operations (DLX1): `cover`, `uncover`, `hide`,
//!   `unhide`;
//! * [`place`]: Algorithm X with options walked by place;
//! * [`abort`]: Algorithm X that aborts an option as soon as it leaves a
//!   primary item with no option (SSXC1's abort), on demand;
//! * [`c`]: Algorithm C's operations (DLX2): `cover′`, `uncover′`,
//!   `hide′`, `unhide′`, `commit`, `uncommit`, `purify`, `unpurify`;
//! * [`mrv`]: the branching rule, the item with the fewest options;
//! * [`cost`]: minimum-cost covers (DLX5): the options' net costs, the
//!   covers limited by cost and the branching rule that counts only the
//!   options cheap enough, through the trait `Priced`;
//! * [`memo`]: what Algorithm Z reads (the key of the state, the leftmost
//!   branching rule), for the memo driver alone;
//! * `sanity` (tests only): a check of the whole structure like Knuth's
//!   `sanity()`.
//!
//! Each of `x`, `place` and `c` implements one kind of search (see
//! [`kind`](crate::engine::kind)), which says which of them the search runs.
//!
//! # Names and speed
//!
//! The operations are `#[inline(always)]`, and the hot loops rely on LLVM
//! keeping the arrays' addresses in registers across the stores of `hide`
//! and `unhide`, which it does only when those stores carry the `noalias`
//! scope of the function they were inlined from. The MIR inliner leaves
//! the larger operations (`hide`, `hide_by_place`, `hide′`, `cover`...) as
//! calls, and LLVM's always-inliner then inlines callee after callee in
//! the order rustc emits them: by symbol name. A caller inlined before its
//! callee still holds a call that takes the matrix, its later stores lose
//! the scope, and the loop reloads `top`, `links` and the item records at
//! every step (measured: `cover_placed` sorting before `hide_by_place`
//! cost Langford's pairs 0.1% more instructions; calls of the `LEN`
//! helpers left inside `hide` cost queens and word squares 2%). So every operation's (mangled) name sorts
//! after the names of the operations it calls, which the names here keep:
//! `4hide` before `5cover`, `6unhide` before `7uncover`,
//! `13hide_by_place` before `14cover_by_place`, `15unhide_by_place`
//! before `16uncover_by_place`, `10hide_prime` before `11cover_prime`,
//! `12unhide_prime` before `13uncover_prime`, `11cover_prime` before
//! `6commit` (`1` before `6`), and the kinds' functions (`Kind for X`...)
//! are one-line calls, for which the order does not matter. The `LEN`
//! helpers of [`len`] and the accessors of [`raw`] are small enough for
//! the MIR inliner, so they never reach LLVM as calls. A renamed operation
//! is checked with `valgrind --tool=callgrind` on the probes before and
//! after (docs/performance.md, "Method").
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
//!   forms chosen at build time: when every item has fewer than 128
//!   options, the byte array `key` holds the exact lengths, with `FLAG`
//!   marking covered and secondary items (the form `Bytes`); else the `u32`
//!   array `len` holds them, with the `COVERED` and `SECONDARY` bits (the
//!   form `Exact`). Only one of the two arrays is live in a given matrix;
//!   [`len`] says which, and is the only code that reads or writes them.
//! * `place` and `varied`, only when the options are walked by place (see
//!   [`place`]): every node's place in its option (from 0), and whether
//!   each item's nodes stand at more than one place.
//! * `clr`, only with colours: DLX2's `COLOR` of every node (see [`c`] for
//!   Algorithm C), and `SPACER` at every spacer. Two things differ from
//!   DLX2's layout, both for speed: the spacers' colour, and the order of a
//!   secondary item's list, which holds its nodes grouped by colour (those
//!   without one first, each group in option order) instead of in option
//!   order. The lists of primary items, which the search branches on, keep
//!   the option order, so the search tree and the order of solutions are
//!   DLX2's.
//! * `cost`, only when some option costs more than 0: DLX5's `COST` of
//!   every node, the net cost of its option (see [`cost`]). Every item's
//!   list is then sorted by it, cheapest first, instead of in option order
//!   (and a secondary item's list is not grouped by colour).

pub(crate) mod abort;
pub(crate) mod c;
pub(crate) mod cost;
pub(crate) mod len;
pub(crate) mod m;
pub(crate) mod memo;
pub(crate) mod mrv;
pub(crate) mod place;
pub(crate) mod raw;
#[cfg(test)]
mod sanity;
pub(crate) mod x;

use std::fmt;

use bumpalo::Bump;

use crate::engine::kind::KindId;
use crate::engine::layout::{Item, Layout, Link, Mult};
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
    /// The kind of search this matrix is searched with, from `bytes`,
    /// `colours` and `width`.
    kind: KindId,
    /// Whether `LEN` lives in `key` (the form `Bytes`) rather than in `len`
    /// (`Exact`); see [`len`].
    bytes: bool,
    /// `TOP(q)` of every node: its item, or for a spacer `<= 0`.
    top: &'a [i32],
    /// `ULINK(q)` and `DLINK(q)` of every node, side by side: the vertical
    /// links.
    links: &'a mut [Link],
    it: &'a mut [Item],
    /// `LEN(i)` of every item, with `COVERED` set while `i` is covered and
    /// `SECONDARY` for secondary items: live in the form `Exact` only; in
    /// the form `Bytes` it keeps the lengths as built, and nothing reads it
    /// (see [`len`]).
    len: &'a mut [u32],
    /// `key[i]` is `LEN(i)` in one byte, with `FLAG` on covered and
    /// secondary items: live in the form `Bytes` only; in the form `Exact`
    /// it is all `NO_ITEM`. The array runs to a whole number of `LANES`
    /// past the primary items, with `NO_ITEM` where there is no item.
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
    colours: bool,
    /// The number of items, `N`.
    n: u32,
    /// The number of items of every option when the options are walked by
    /// place (`layout::placed_width`), else 0; when walked by place, `place`
    /// holds each node's place in its option, and `varied` marks the items
    /// whose nodes stand at more than one place.
    width: u32,
    /// The place (from 0) of every node in its option when walked by place, else
    /// empty.
    place: &'a [u8],
    /// Whether each item's nodes stand at more than one place in their
    /// options, when walked by place; else empty.
    varied: &'a [bool],
    /// Algorithm M's record of every primary item (`BOUND`, `SLACK`, and
    /// whether it is sharp), indexed by our number, when the problem has
    /// bounds; else empty (see [`m`]).
    mult: &'a mut [Mult],
    /// The sharp primary items, in our numbering, ascending, when the
    /// sharp preference changes Algorithm X's or C's branching rule; else
    /// empty.
    sharp: &'a [u32],
    /// `COST(q)` of every node when some option costs more than 0 (else
    /// empty): the net cost of its option (see [`cost`]).
    cost: &'a [u64],
    /// The taxes taken off the options' costs, in all (0 without costs).
    total_tax: u64,
    /// Whether every solution's cost stays below `u64::MAX` (see `cost`).
    costs_fit: bool,
    /// Link updates so far, counted as Knuth counts them (one per item
    /// removed from the item list by `cover`, one per node removed from an
    /// item's list by `hide`).
    pub(crate) updates: u64,
    /// A copy of the links, `it`, `len` and `key` as built, for problems
    /// small enough that copying them back is cheaper than uncovering.
    pristine: Option<Pristine<'a>>,
}

/// The links of a matrix as built (see [`Matrix::restore`]).
#[derive(Clone, Copy)]
struct Pristine<'a> {
    links: &'a [Link],
    it: &'a [Item],
    len: &'a [u32],
    key: &'a [u8],
    clr: &'a [i32],
    mult: &'a [Mult],
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
        let cost = bump.alloc_slice_fill_copy(layout.costs, 0u64);
        let (mut total_tax, mut costs_fit) = (0, true);
        if !cost.is_empty() {
            (total_tax, costs_fit) = cost::price(problem, top, links, first, cost, (n, primaries));
        } else if !clr.is_empty() {
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
        let bytes = len::settle(len, key, primaries);
        raw::check_bounds(top, links, it, len, key, clr, place, varied, width, cost);
        let (mult, sharp) = m::records(bump, problem, layout, ext);
        let pristine = layout.pristine.then(|| Pristine {
            links: bump.alloc_slice_copy(links),
            it: bump.alloc_slice_copy(it),
            len: bump.alloc_slice_copy(len),
            key: bump.alloc_slice_copy(key),
            clr: bump.alloc_slice_copy(clr),
            mult: bump.alloc_slice_copy(mult),
        });

        let colours = !clr.is_empty();
        Matrix {
            kind: KindId::of(bytes, colours, width > 0, layout.bounded, layout.sharp),
            bytes,
            top,
            links,
            it,
            len,
            key,
            ext,
            primaries,
            first,
            colours,
            clr,
            n: n as u32,
            width: width as u32,
            place,
            varied,
            mult,
            sharp,
            cost,
            total_tax,
            costs_fit,
            updates: 0,
            pristine,
        }
    }

    // ----- Questions about the matrix -----

    /// The kind of search this matrix is searched with.
    #[inline(always)]
    pub(crate) fn kind(&self) -> KindId {
        self.kind
    }

    /// Searches this matrix with [`Abort`](crate::engine::kind::Abort)
    /// when `on` and its kind as built is Algorithm X's (`X` or `Placed`),
    /// else with its kind as built. Returns whether it is searched with
    /// `Abort` now. Only between searches: the caller has undone every
    /// level (the selection may stay, made by operations every kind
    /// shares).
    pub(crate) fn set_abort(&mut self, on: bool) -> bool {
        let built = KindId::of(
            self.bytes,
            self.colours,
            self.width > 0,
            self.has_bounds(),
            !self.sharp.is_empty(),
        );
        self.kind = match (on, built) {
            (true, KindId::XBytes) => KindId::AbortBytes,
            (true, KindId::XExact) => KindId::AbortExact,
            (true, KindId::PlacedBytes) => KindId::AbortPlacedBytes,
            (true, KindId::PlacedExact) => KindId::AbortPlacedExact,
            _ => built,
        };
        self.kind != built
    }

    /// Whether some option gives a colour (the search is Algorithm C's).
    pub(crate) fn has_colours(&self) -> bool {
        self.colours
    }

    /// Whether some primary item has bounds (the search is Algorithm M's).
    #[inline(always)]
    pub(crate) fn has_bounds(&self) -> bool {
        !self.mult.is_empty()
    }

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
        let Some(pristine) = self.pristine else {
            return false;
        };
        self.links.copy_from_slice(pristine.links);
        self.it.copy_from_slice(pristine.it);
        self.restore_lengths(pristine.len, pristine.key);
        self.clr.copy_from_slice(pristine.clr);
        self.mult.copy_from_slice(pristine.mult);
        true
    }
}

impl fmt::Debug for Matrix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Matrix")
            .field("items", &self.n)
            .field("nodes", &self.top.len())
            .field("options", &self.first.len())
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

/// Links the nodes of each of the items `items` (the secondary ones) in
/// their list grouped by colour: first those without one, then colour 0,
/// colour 1 and so on (by `COLOR`, the colour plus one), each group in the
/// order of its options. A secondary item is never chosen, so the order of
/// its list changes neither the search tree nor the order of the
/// solutions; it only changes the order in which `purify` meets the
/// options (see [`c`]).
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
