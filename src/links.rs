//! The dancing-links matrix: Knuth's DLX1 layout in a `bumpalo` arena.
//!
//! This module is the only place that touches links. It follows the data
//! structure of Knuth's program DLX1 and TAOCP 7.2.2.1:
//!
//! * `it[0..=N+1]`: the *item* records, with `llink`/`rlink` forming two
//!   doubly linked circular lists: the active primary items, headed by
//!   `it[0]`, and the active secondary items, headed by `it[N+1]`. Items are
//!   numbered `1..=N` here (the problem's item `k` is our item `k + 1`).
//! * the *nodes*, numbered from 0, each with Knuth's three fields `TOP`,
//!   `ULINK` and `DLINK`, stored as three flat arrays `top`, `ulink` and
//!   `dlink` (a structure of arrays: `top` never changes after the build, so
//!   only the links are written, and this layout measured 7-8% faster than
//!   one array of 12-byte nodes). Node `i` for `1 <= i <= N` is the header
//!   of item `i`'s vertical list (`LEN(i)`, the number of options in that
//!   list, is kept in the dense array `len`). After the headers come the
//!   options, each a run of consecutive nodes whose `top` is their item,
//!   with a *spacer* node before and after every option. A spacer's `top` is
//!   `<= 0` (minus the number of options before it), its `ulink` points to
//!   the first node of the option before it and its `dlink` to the last node
//!   of the option after it, so that a walk along an option can wrap around.
//!
//! `cover`, `hide`, `uncover` and `unhide` are exactly Knuth's. The search
//! (`run`) is his Algorithm X, steps X1–X8, written as a loop over an
//! explicit stack `x[0..level]` of chosen nodes, with no recursion; its state
//! lives in the struct, so a search can stop at a solution and be resumed.

#![allow(unsafe_code)]

use bumpalo::Bump;

use crate::problem::Problem;
use crate::solver::{Interruption, Limits, Observer, Stats};

/// One item record: the horizontal links of the list of active items.
#[derive(Clone, Copy, Debug, Default)]
struct Item {
    llink: u32,
    rlink: u32,
}

/// Marks the `len` of a covered item, so it is never the minimum.
const COVERED: u32 = 1 << 31;
/// Marks the `len` of a secondary item, never chosen.
const SECONDARY: u32 = 1 << 30;
/// The key (see [`Links::choose`]) of every length from `SATURATED` up,
/// and so of every covered or secondary item.
const SATURATED: u8 = u8::MAX - 1;
/// The key of the places in the key array that are no item: larger than
/// every key of an item, so never the minimum.
const NO_ITEM: u8 = u8::MAX;
/// With byte keys (`Links::bytes`), the bit of a covered or secondary item.
const FLAG: u8 = 0x80;
/// The keys are scanned this many at a time (one SSE2 register).
const LANES: usize = 16;

/// The key of length `len`: the length itself, or `SATURATED` if it has
/// that many options or more (or carries a flag).
#[inline(always)]
fn key_of(len: u32) -> u8 {
    len.min(SATURATED as u32) as u8
}

/// Where a paused search resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// X2: enter level `level` (nothing covered at this level yet).
    Enter,
    /// X5: try `x[level]` (its item is covered, the option not yet).
    Try,
    /// X8: leave level `level` (nothing covered at this level any more).
    Leave,
    /// The search tree has been walked to the end. Levels `0..level` may
    /// still be covered: a search without an observer stops as soon as no
    /// level has an option left to try (see `Links::alts`), and leaves the
    /// uncovering to `unwind`, which the next search or selection runs, or
    /// to `clear_selection`, which may copy the links back instead.
    Done,
}

/// What one call of [`Links::run`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A solution is on the stack; calling `run` again continues after it.
    Solution,
    /// No more solutions.
    Exhausted,
    /// The budget ran out; calling `run` again continues where it stopped.
    Interrupted(Interruption),
}

/// The matrix and the state of its search, all borrowed from one arena.
pub(crate) struct Links<'a> {
    /// Every item has fewer than 128 options, so `key` holds the exact
    /// lengths (with `FLAG` for covered and secondary items) and `len` is
    /// not kept up to date ("byte keys"); else `key` is saturated and `len`
    /// is exact. The link operations are compiled once for each case (their
    /// `const B: bool`), so the search never asks which: byte keys save one
    /// of the two writes per update, 7-10% per Sudoku puzzle.
    bytes: bool,
    /// `TOP(q)` of every node: its item, or for a spacer `<= 0`.
    top: &'a [i32],
    /// `ULINK(q)` and `DLINK(q)` of every node: the vertical links.
    ulink: &'a mut [u32],
    dlink: &'a mut [u32],
    it: &'a mut [Item],
    /// `LEN(i)` of every item, in one dense array, with the `COVERED` bit
    /// set while `i` is covered and `SECONDARY` for secondary items. Kept up
    /// to date only without byte keys (see `bytes`); with them it keeps the
    /// lengths as built and nothing reads it during a search.
    len: &'a mut [u32],
    /// `key[i]` is `LEN(i)` in one byte, exact or saturated (see `bytes`
    /// and `choose`); the array
    /// runs to a whole number of `LANES` past the primary items, with
    /// `NO_ITEM` where there is no item.
    key: &'a mut [u8],
    /// The problem's number of each item: the matrix numbers the primary
    /// items first, as DLX1 requires, whatever order the problem gave.
    ext: &'a [u32],
    /// The number of primary items.
    primaries: usize,
    /// The first node of every option.
    first: &'a [u32],
    /// The choice stack: `x[l]` is the node tried at level `l`.
    x: &'a mut [u32],
    /// The first nodes of the pre-selected options, in selection order.
    sel: &'a mut [u32],
    nsel: usize,
    /// The number of items, `N`.
    n: u32,
    /// A pre-selection conflicted: there are no solutions.
    conflict: bool,
    level: usize,
    stage: Stage,
    /// How many of the levels `0..level` have an option after `x[l]` still
    /// to try, counted when `x[l]` is tried (X5) and uncounted when it is
    /// undone (X6): a chosen item's list never changes while it is covered
    /// (its options are hidden only from the other items' lists), so both
    /// see the same `DLINK(x[l])`. When it is 0 on the way back up, the
    /// search is over, and uncovering the forced levels above would only
    /// restore links the next question restores anyway.
    alts: usize,
    pub(crate) stats: Stats,
    /// A copy of the links, `it`, `len` and `key` as built, for problems
    /// small enough that copying them back is cheaper than uncovering a deep
    /// search.
    pristine: Option<Pristine<'a>>,
}

/// The links of a matrix as built (see [`Links::clear_selection`]).
struct Pristine<'a> {
    ulink: &'a [u32],
    dlink: &'a [u32],
    it: &'a [Item],
    len: &'a [u32],
    key: &'a [u8],
}

/// Matrices of at most this many nodes keep a pristine copy (8 bytes a
/// node): restoring a 9x9 Sudoku matrix (about 4,000 nodes) by one copy
/// costs less than uncovering the 60-odd levels and the givens of a solved
/// puzzle.
pub(crate) const PRISTINE_NODES: usize = 1 << 18;

impl<'a> Links<'a> {
    /// Lays `problem` out in `bump`, all arrays allocated once.
    pub(crate) fn build(bump: &'a Bump, problem: &Problem) -> Links<'a> {
        let n = problem.item_count();
        let primaries = problem.primary_count();
        let nodes = problem.node_count();
        let top = bump.alloc_slice_fill_copy(nodes, 0i32);
        let ulink = bump.alloc_slice_fill_copy(nodes, 0u32);
        let dlink = bump.alloc_slice_fill_copy(nodes, 0u32);
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
        let first = bump.alloc_slice_fill_copy(problem.option_count(), 0u32);
        // Every level covers at least one primary item.
        let x = bump.alloc_slice_fill_copy(problem.primary_count() + 1, 0u32);
        // Every accepted selection covers at least one item.
        let sel = bump.alloc_slice_fill_copy(n + 1, 0u32);

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
        for i in 1..=n {
            ulink[i] = i as u32;
            dlink[i] = i as u32;
        }
        for l in &mut len[primaries + 1..] {
            *l = SECONDARY;
        }

        // The options, each followed by a spacer.
        let mut p = n + 1; // the first spacer
        let mut spacer = p;
        for (k, items) in problem.options().enumerate() {
            first[k] = (p + 1) as u32;
            for &item in items {
                p += 1;
                let h = int[item] as usize;
                let last = ulink[h] as usize;
                top[p] = h as i32;
                ulink[p] = last as u32;
                dlink[p] = h as u32;
                dlink[last] = p as u32;
                ulink[h] = p as u32;
                len[h] += 1;
            }
            dlink[spacer] = p as u32;
            p += 1;
            top[p] = -((k + 1) as i32);
            ulink[p] = first[k];
            dlink[p] = 0;
            spacer = p;
        }
        debug_assert_eq!(p + 1, nodes);

        let keys = (primaries + 1).next_multiple_of(LANES).max(n + 2);
        let key = bump.alloc_slice_fill_copy(keys, NO_ITEM);
        let longest = len[1..=n].iter().map(|&l| l & !SECONDARY).max();
        let bytes = longest.unwrap_or(0) < FLAG as u32;
        for (i, (k, &l)) in key
            .iter_mut()
            .zip(len.iter())
            .enumerate()
            .take(n + 1)
            .skip(1)
        {
            *k = if bytes {
                (l & !SECONDARY) as u8 | if i > primaries { FLAG } else { 0 }
            } else {
                key_of(l)
            };
        }
        check_links(top, ulink, dlink, it, len, key);
        let pristine = (nodes <= PRISTINE_NODES).then(|| Pristine {
            ulink: bump.alloc_slice_copy(ulink),
            dlink: bump.alloc_slice_copy(dlink),
            it: bump.alloc_slice_copy(it),
            len: bump.alloc_slice_copy(len),
            key: bump.alloc_slice_copy(key),
        });

        Links {
            bytes,
            top,
            ulink,
            dlink,
            it,
            len,
            key,
            ext,
            primaries,
            first,
            x,
            sel,
            nsel: 0,
            n: n as u32,
            conflict: false,
            level: 0,
            stage: Stage::Enter,
            alts: 0,
            stats: Stats::default(),
            pristine,
        }
    }

    // ----- Unchecked access -----
    //
    // The link operations below index `top`, `ulink`, `dlink`, `it`, `len`
    // and `key` without bounds checks, a measured win (docs/performance.md).
    // It is sound because of one invariant, checked once when the matrix is
    // built (`check_links`): every index stored in the matrix is in bounds,
    // that is, every `ulink`/`dlink` is `< top.len()` (the number of nodes,
    // the length of all three node arrays), every `llink`/`rlink` is
    // `< it.len()`, every `top` is `< it.len()`, and `len` and `key` are at
    // least as long as `it`. `top` never changes; no operation ever stores
    // into a link anything but a value it read from the links (or an `i`,
    // `p` or `q` that is itself such a value), so the invariant holds forever
    // after, whatever order the operations come in; the pristine copy holds
    // the values as built. The only arithmetic on indices is `q + 1` and
    // `q - 1` from a node `q` of an option, and every option has a spacer
    // before and after it, so both stay in bounds.

    /// `TOP(p)`.
    #[inline(always)]
    fn top(&self, p: u32) -> i32 {
        debug_assert!((p as usize) < self.top.len());
        // SAFETY: `p` is a link, an item, or a neighbour of an option's
        // node: in bounds by the invariant above.
        unsafe { *self.top.get_unchecked(p as usize) }
    }

    /// `ULINK(p)`.
    #[inline(always)]
    fn ulink(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.ulink.len());
        // SAFETY: as in `top`; `ulink` is as long as `top`.
        unsafe { *self.ulink.get_unchecked(p as usize) }
    }

    /// `DLINK(p)`.
    #[inline(always)]
    fn dlink(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.dlink.len());
        // SAFETY: as in `top`; `dlink` is as long as `top`.
        unsafe { *self.dlink.get_unchecked(p as usize) }
    }

    /// `ULINK(p) <- v`.
    #[inline(always)]
    fn set_ulink(&mut self, p: u32, v: u32) {
        debug_assert!((p as usize) < self.ulink.len());
        // SAFETY: as in `ulink`.
        unsafe { *self.ulink.get_unchecked_mut(p as usize) = v }
    }

    /// `DLINK(p) <- v`.
    #[inline(always)]
    fn set_dlink(&mut self, p: u32, v: u32) {
        debug_assert!((p as usize) < self.dlink.len());
        // SAFETY: as in `dlink`.
        unsafe { *self.dlink.get_unchecked_mut(p as usize) = v }
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

    // ----- Knuth's four link operations -----

    /// Removes the options of item `i` from the other items' lists, then `i`
    /// from the list of active items.
    #[inline]
    fn cover<O: Observer, const B: bool>(&mut self, i: u32, obs: &mut O) {
        if O::ENABLED {
            obs.cover(self.ext[i as usize] as usize);
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
        self.stats.updates += updates;
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
    fn uncover<O: Observer, const B: bool>(&mut self, i: u32, obs: &mut O) {
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
            obs.uncover(self.ext[i as usize] as usize);
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
    fn cover_others<O: Observer, const B: bool>(&mut self, p: u32, obs: &mut O) {
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
    fn uncover_others<O: Observer, const B: bool>(&mut self, p: u32, obs: &mut O) {
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

    // ----- Questions about the matrix -----

    /// Whether item `i` is in its list of active items. (An item covered
    /// earlier cannot be pointed to by its former neighbour, because covering
    /// and uncovering happen in last-in, first-out order.)
    fn is_active(&self, i: u32) -> bool {
        self.it[self.it[i as usize].llink as usize].rlink == i
    }

    /// The number (from 0) of the option that node `p` belongs to: found from
    /// the spacer after it.
    #[inline]
    fn option_of(&self, mut p: u32) -> usize {
        loop {
            let t = self.top[p as usize];
            if t <= 0 {
                return (-t) as usize - 1;
            }
            p += 1;
        }
    }

    /// The primary item to branch on: the first active primary item of
    /// minimum length (the MRV heuristic), with that length.
    ///
    /// DLX1 walks the list of active items, one dependent load after another;
    /// Knuth measures that walk at about half of all the memory accesses of a
    /// search. Here every item's length also sits in one byte of the dense
    /// array `key`, so the choice is two straight passes over `P + 1` bytes
    /// that the compiler turns into SSE2 instructions, sixteen bytes at a
    /// time: the minimum key, then the first item with that key. Covered and
    /// secondary items never win: with byte keys (`B`) they carry `FLAG`,
    /// above every length; else the keys are saturated at `SATURATED`, which
    /// covered and secondary items always show (their `len` carrying a flag
    /// bit), and only when the minimum is `SATURATED` (every active primary
    /// item has 254 options or more) are the exact lengths scanned.
    #[inline]
    fn choose<const B: bool>(&self) -> (u32, u32) {
        let keys = &self.key[..(self.primaries + 1).next_multiple_of(LANES)];
        let min = keys
            .chunks_exact(LANES)
            .fold([NO_ITEM; LANES], |m, chunk| {
                std::array::from_fn(|j| m[j].min(chunk[j]))
            })
            .into_iter()
            .fold(NO_ITEM, u8::min);
        if !B && min >= SATURATED {
            return self.choose_exactly();
        }
        // The first byte equal to `min`, eight at a time: `v` has a zero byte
        // where the key is `min`, and the lowest byte of `zeros` with its
        // high bit set is the first zero byte of `v` (a borrow can only
        // mark bytes after it).
        const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
        const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
        let splat = ONES * min as u64;
        for (w, word) in keys.chunks_exact(8).enumerate() {
            let v = u64::from_le_bytes(word.try_into().unwrap()) ^ splat;
            let zeros = v.wrapping_sub(ONES) & !v & HIGHS;
            if zeros != 0 {
                return ((w * 8) as u32 + zeros.trailing_zeros() / 8, min as u32);
            }
        }
        unreachable!("the minimum key is in the array")
    }

    /// `choose` when no active primary item has fewer than `SATURATED`
    /// options: the same rule, on the exact lengths, where covered items
    /// carry the `COVERED` bit and so are never the minimum.
    #[cold]
    fn choose_exactly(&self) -> (u32, u32) {
        let (mut best, mut best_len) = (0, u32::MAX);
        for (i, &l) in self.len.iter().enumerate().take(self.primaries + 1).skip(1) {
            if l < best_len {
                best = i;
                best_len = l;
            }
        }
        (best as u32, best_len)
    }

    // ----- Pre-selection -----

    /// The number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.first.len()
    }

    /// Chooses option `option` before the search. On a conflict (one of its
    /// items is covered already) nothing changes except that the matrix
    /// remembers it has no solutions; the conflicting item is returned.
    pub(crate) fn select(&mut self, option: usize) -> Result<(), usize> {
        self.unwind();
        let p = self.first[option];
        let mut q = p;
        loop {
            let t = self.top[q as usize];
            if t <= 0 {
                break;
            }
            if !self.is_active(t as u32) {
                self.conflict = true;
                return Err(self.ext[t as usize] as usize);
            }
            q += 1;
        }
        let i = self.top[p as usize] as u32;
        if self.bytes {
            self.cover::<(), true>(i, &mut ());
            self.cover_others::<(), true>(p, &mut ());
        } else {
            self.cover::<(), false>(i, &mut ());
            self.cover_others::<(), false>(p, &mut ());
        }
        self.sel[self.nsel] = p;
        self.nsel += 1;
        Ok(())
    }

    /// Undoes every pre-selection (and any search in progress).
    ///
    /// When the matrix keeps a pristine copy and anything is covered, the
    /// copy is written back instead: the same links, by a faster road.
    pub(crate) fn clear_selection(&mut self) {
        let covered = self.nsel > 0 || self.level > 0 || self.stage == Stage::Try;
        if let (Some(pristine), true) = (&self.pristine, covered) {
            self.ulink.copy_from_slice(pristine.ulink);
            self.dlink.copy_from_slice(pristine.dlink);
            self.it.copy_from_slice(pristine.it);
            if !self.bytes {
                // With byte keys `len` never changes after the build.
                self.len.copy_from_slice(pristine.len);
            }
            self.key.copy_from_slice(pristine.key);
            self.nsel = 0;
            self.forget_search();
            self.conflict = false;
            return;
        }
        self.unwind();
        if self.bytes {
            self.uncover_selection::<true>();
        } else {
            self.uncover_selection::<false>();
        }
        self.conflict = false;
    }

    /// Undoes the selections, the last first.
    fn uncover_selection<const B: bool>(&mut self) {
        while self.nsel > 0 {
            self.nsel -= 1;
            self.undo_option::<B>(self.sel[self.nsel]);
        }
    }

    /// Undoes choosing the option of node `p` (by the search or `select`):
    /// its other items, then `p`'s own, the reverse of choosing it.
    fn undo_option<const B: bool>(&mut self, p: u32) {
        self.uncover_others::<(), B>(p, &mut ());
        self.uncover::<(), B>(self.top[p as usize] as u32, &mut ());
    }

    /// Whether a pre-selection conflicted.
    pub(crate) fn has_conflict(&self) -> bool {
        self.conflict
    }

    /// The number of pre-selected options.
    pub(crate) fn selection_len(&self) -> usize {
        self.nsel
    }

    // ----- The search -----

    /// Restores the matrix to its state before the search (keeping the
    /// pre-selections) and readies a new search with fresh statistics.
    pub(crate) fn restart(&mut self) {
        self.unwind();
        self.stats = Stats::default();
    }

    /// Uncovers whatever the current search has covered, deepest level
    /// first, so the links are exactly as they were before it started.
    fn unwind(&mut self) {
        if self.bytes {
            self.unwind_with::<true>();
        } else {
            self.unwind_with::<false>();
        }
    }

    /// `unwind`, for the kind of keys `B` (see `Links::bytes`).
    fn unwind_with<const B: bool>(&mut self) {
        let mut l = self.level;
        if self.stage == Stage::Try {
            // Level `l` has its item covered but no option tried.
            let i = self.item_of_choice(l);
            self.uncover::<(), B>(i, &mut ());
        }
        while l > 0 {
            l -= 1;
            self.undo_option::<B>(self.x[l]);
        }
        self.forget_search();
    }

    /// The state of a search that has not started (nothing it covered is
    /// left covered: the caller has undone or copied back the links).
    fn forget_search(&mut self) {
        self.level = 0;
        self.stage = Stage::Enter;
        self.alts = 0;
    }

    /// The item chosen at level `l`, whose list `x[l]` walks.
    fn item_of_choice(&self, l: usize) -> u32 {
        let p = self.x[l];
        if p <= self.n {
            p
        } else {
            self.top[p as usize] as u32
        }
    }

    /// Algorithm X, from wherever the search last stopped, until the next
    /// solution, the end, or the budget runs out.
    pub(crate) fn run<O: Observer>(&mut self, limits: &Limits<'_>, obs: &mut O) -> Step {
        if self.bytes {
            self.search::<O, true>(limits, obs)
        } else {
            self.search::<O, false>(limits, obs)
        }
    }

    /// `run`, for the kind of keys `B` (see `Links::bytes`).
    fn search<O: Observer, const B: bool>(&mut self, limits: &Limits<'_>, obs: &mut O) -> Step {
        if self.conflict {
            self.stage = Stage::Done;
        }
        if self.stage == Stage::Done {
            return Step::Exhausted;
        }
        // The level, the stage and `alts` live in locals while the search
        // runs, and the steps are written as two nested loops (go down:
        // X2-X4; try or back up: X5-X8), so that each step jumps straight
        // to the next; `stage` only says where a resumed search re-enters,
        // and all three are stored back whenever the search returns.
        let (mut l, mut stage, mut alts) = (self.level, self.stage, self.alts);
        let step = 'search: loop {
            if stage == Stage::Enter {
                // X2: all primary items covered means a solution.
                if self.it[0].rlink == 0 {
                    stage = Stage::Leave;
                    self.stats.solutions = self.stats.solutions.saturating_add(1);
                    obs.solution(l);
                    break Step::Solution;
                }
                // X3: choose the item with the fewest options.
                let (i, len) = self.choose::<B>();
                if O::ENABLED {
                    obs.choose(l, self.ext[i as usize] as usize, len as usize);
                }
                if len == 0 {
                    // Nothing can cover `i`: back up without covering it.
                    obs.backtrack(l);
                    stage = Stage::Leave;
                } else {
                    // X4: cover it and start down its list.
                    self.cover::<O, B>(i, obs);
                    self.x[l] = self.dlink(i);
                    stage = Stage::Try;
                }
            }
            loop {
                if stage == Stage::Try {
                    let p = self.x[l];
                    if p > self.n {
                        // X5: try option `p`, unless the budget is spent.
                        if let Some(why) = limits.exhausted(self.stats.nodes) {
                            break 'search Step::Interrupted(why);
                        }
                        self.stats.nodes += 1;
                        if O::ENABLED {
                            obs.try_option(l, self.option_of(p));
                        }
                        alts += (self.dlink(p) > self.n) as usize;
                        self.cover_others::<O, B>(p, obs);
                        l += 1;
                        if l > self.stats.max_depth {
                            self.stats.max_depth = l;
                        }
                        stage = Stage::Enter;
                        continue 'search;
                    }
                    // X7: every option of item `p` has been tried.
                    self.uncover::<O, B>(p, obs);
                    obs.backtrack(l);
                }
                // X8: leave level `l`.
                if l == 0 || (alts == 0 && !O::ENABLED) {
                    // Done: either nothing is covered, or nothing above has
                    // an option left and levels `0..l` wait for `unwind` (an
                    // observer sees every step, so for it the search backs
                    // up to the top as Knuth's does).
                    stage = Stage::Done;
                    break 'search Step::Exhausted;
                }
                l -= 1;
                // X6: undo the option tried at level `l`, go to the next.
                let p = self.x[l];
                alts -= (self.dlink(p) > self.n) as usize;
                self.uncover_others::<O, B>(p, obs);
                self.x[l] = self.dlink(p);
                stage = Stage::Try;
            }
        };
        (self.level, self.stage, self.alts) = (l, stage, alts);
        step
    }

    /// Writes the current solution (pre-selected options first, then the
    /// options chosen at levels `0..level`) into `out`.
    pub(crate) fn solution_into(&self, out: &mut Vec<usize>) {
        out.clear();
        for &p in &self.sel[..self.nsel] {
            out.push(self.option_of(p));
        }
        for &p in &self.x[..self.level] {
            out.push(self.option_of(p));
        }
    }
}

/// Checks the invariant that makes the unchecked indexing of [`Links`]
/// sound (see "Unchecked access" there): every link and every item number
/// stored in the matrix is in bounds, and every node of an option has a
/// node on each side. Runs once per build, in time linear in the size of
/// the matrix.
fn check_links(top: &[i32], ulink: &[u32], dlink: &[u32], it: &[Item], len: &[u32], key: &[u8]) {
    let (nodes, items) = (top.len(), it.len());
    assert!(ulink.len() == nodes && dlink.len() == nodes);
    assert!(len.len() == items && key.len() >= items);
    for q in 0..nodes {
        assert!((ulink[q] as usize) < nodes && (dlink[q] as usize) < nodes);
        assert!(top[q] < items as i32);
        if top[q] > 0 && q > items {
            assert!(q + 1 < nodes, "an option's node without a spacer after it");
        }
    }
    for item in it.iter() {
        assert!((item.llink as usize) < items && (item.rlink as usize) < items);
    }
}
