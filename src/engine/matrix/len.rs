//! `LEN(i)`, the number of options in item `i`'s list: the one place that
//! reads and writes it.
//!
//! Knuth's DLX1 keeps `LEN` in the item's header node. Here it has two
//! forms, chosen when the matrix is built, and exactly one of them is live
//! (kept up to date by the search) in a given matrix:
//!
//! | form      | when                               | live `LEN(i)`            | covered item   | secondary item | the other array |
//! |-----------|------------------------------------|--------------------------|----------------|----------------|-----------------|
//! | [`Bytes`] | every item has fewer than 128 options | `key[i]`, one byte    | `FLAG` (bit 7) | `FLAG`, always | `len`: the lengths as built, never read after the build |
//! | [`Exact`] | some item has 128 options or more  | `len[i]`, low 30 bits    | `COVERED` (bit 31) | `SECONDARY` (bit 30) | `key`: all `NO_ITEM`, never read |
//!
//! The marks keep covered and secondary items from ever being the minimum
//! that the branching rule ([`mrv`]) looks for: under `Bytes`
//! a marked key is above every length (lengths are below 128), under
//! `Exact` a marked length is above every real one.
//!
//! Every operation reads and writes a length through the methods of this
//! file, generic over the form (a type implementing [`Len`]): `shrink` and
//! `grow` (hide and unhide one node), `set_covered` and `clear_covered`
//! (cover and uncover an item), and the branching rule, `choose`, which
//! hands the live array to [`mrv`]. A kind of search names its
//! form as `Kind::Len` (see [`kind`](crate::engine::kind)); the form's
//! constant `Len::BYTES` picks the array, so each form's operations are
//! compiled on their own, with no test left at run time. (They are
//! methods of the matrix rather than functions of the trait so that the
//! MIR inliner resolves and inlines them before monomorphisation: a call
//! through the trait, `L::shrink(self, x)`, would reach LLVM as a call
//! taking the matrix inside `hide`, and cost the hot loops their hoisted
//! loads; see "Names and speed" in [`matrix`](super).) The few places that
//! are not the search (the sanity check, the pristine copy, tests) ask the
//! matrix at run time through `Matrix::len_of` and
//! `Matrix::restore_lengths`, both here too, as is `settle`, which picks
//! the form when the matrix is built.

use super::{COVERED, FLAG, Matrix, SECONDARY, mrv};
use crate::engine::layout::{Item, LANES};

/// The form in which a matrix keeps `LEN` (module documentation).
pub(crate) trait Len {
    /// Whether `LEN` lives in `key` (else in `len`).
    const BYTES: bool;
}

/// `LEN` in the byte array `key`, exact, with `FLAG` on covered and
/// secondary items: every item has fewer than 128 options.
pub(crate) struct Bytes;

/// `LEN` in the `u32` array `len`, exact, with the `COVERED` and
/// `SECONDARY` bits: some item has 128 options or more.
pub(crate) struct Exact;

impl Len for Bytes {
    const BYTES: bool = true;
}

impl Len for Exact {
    const BYTES: bool = false;
}

impl Matrix<'_> {
    /// `LEN(x) <- LEN(x) - 1`: a node of item `x` hidden.
    #[inline(always)]
    pub(super) fn shrink<L: Len>(&mut self, x: u32) {
        if L::BYTES {
            *self.key_mut(x) -= 1;
        } else {
            *self.len_mut(x) -= 1;
        }
    }

    /// `LEN(x) <- LEN(x) + 1`: a node of item `x` unhidden.
    #[inline(always)]
    pub(super) fn grow<L: Len>(&mut self, x: u32) {
        if L::BYTES {
            *self.key_mut(x) += 1;
        } else {
            *self.len_mut(x) += 1;
        }
    }

    /// Marks item `i` covered, so the branching rule never picks it.
    #[inline(always)]
    pub(super) fn set_covered<L: Len>(&mut self, i: u32) {
        if L::BYTES {
            *self.key_mut(i) |= FLAG;
        } else {
            *self.len_mut(i) |= COVERED;
        }
    }

    /// Undoes `set_covered(i)` (a secondary item keeps its mark).
    #[inline(always)]
    pub(super) fn clear_covered<L: Len>(&mut self, i: u32) {
        if L::BYTES {
            let secondary = ((i as usize > self.primaries) as u8) << 7;
            let key = self.key_mut(i);
            *key = *key & !FLAG | secondary;
        } else {
            *self.len_mut(i) &= !COVERED;
        }
    }

    /// The branching rule on the live lengths: the first active primary
    /// item of fewest options, and its length (`(0, u32::MAX)` when no
    /// primary item is active; the search never asks then).
    ///
    /// Only the items from the first active one to the last (`RLINK` and
    /// `LLINK` of the root) are scanned: the list of active items keeps
    /// their order, so every item outside that span is covered. (When a
    /// search covers the items roughly in order, as a tiling by rows does,
    /// the span is a band that moves down the board.) Under `Bytes` the
    /// span is widened to whole `LANES`, whose other keys are covered items,
    /// the root or padding, never the minimum.
    #[inline]
    pub(crate) fn choose<L: Len>(&self) -> (u32, u32) {
        let Item {
            llink: last,
            rlink: first,
        } = self.item(0);
        if L::BYTES {
            let from = first as usize & !(LANES - 1);
            let keys = &self.key[from..(last as usize + 1).next_multiple_of(LANES)];
            let (i, len) = mrv::first_min_key(keys);
            (i + from as u32, len)
        } else if first == 0 {
            (0, u32::MAX)
        } else {
            let (k, len) = mrv::first_min_len(&self.len[first as usize..=last as usize]);
            (k + first - 1, len)
        }
    }

    /// `choose` with ties broken at random by the SplitMix64 generator
    /// `state` (see [`mrv`]).
    pub(crate) fn choose_random<L: Len>(&self, state: &mut u64) -> (u32, u32) {
        if L::BYTES {
            mrv::random_min_key(self.keys(), state)
        } else {
            mrv::random_min_len(&self.len[1..=self.primaries], state)
        }
    }

    /// `LEN(i)` of primary item `i` in the live form, with its mark: an
    /// active item carries none, so this is its length; a covered item's is
    /// above every length (`FLAG` or `COVERED` is set, see
    /// [`is_marked`](Matrix::is_marked)). For the branching rules that read
    /// lengths one item at a time (Algorithm M's, the sharp preference's).
    #[inline(always)]
    pub(super) fn live_len<L: Len>(&self, i: u32) -> u32 {
        if L::BYTES {
            u32::from(self.key[i as usize])
        } else {
            self.len[i as usize]
        }
    }

    /// Whether a length read by `live_len` is marked covered.
    #[inline(always)]
    pub(super) fn is_marked<L: Len>(live: u32) -> bool {
        if L::BYTES {
            live >= u32::from(FLAG)
        } else {
            live >= SECONDARY
        }
    }

    /// The sharp preference's branching rule for Algorithms X and C
    /// (Knuth's DLX2-SHARP): the first active primary item of fewest
    /// options when it has at most one (a forced move or a dead end);
    /// else the first sharp item of fewest options (`sharp` lists them,
    /// ascending), when one is active; else the first of fewest options.
    /// DLX2-SHARP adds a bias above every length to the length of every
    /// item that is not sharp and has two options or more, and takes the
    /// first of least sum: the same item.
    #[inline]
    pub(crate) fn choose_sharp<L: Len>(&self) -> (u32, u32) {
        let (i, len) = self.choose::<L>();
        if len <= 1 {
            return (i, len);
        }
        match self.least_sharp::<L>() {
            Some((s, l, _)) => (s, l),
            None => (i, len),
        }
    }

    /// `choose_sharp` with ties broken at random by the SplitMix64
    /// generator `state` (among the sharp items of fewest options, or when
    /// none is active among all items, as `choose_random` breaks them);
    /// forced moves and dead ends are taken as `choose_sharp` takes them,
    /// with no number drawn.
    pub(crate) fn choose_sharp_random<L: Len>(&self, state: &mut u64) -> (u32, u32) {
        let (i, len) = self.choose::<L>();
        if len <= 1 {
            return (i, len);
        }
        let Some((first, l, ties)) = self.least_sharp::<L>() else {
            return self.choose_random::<L>(state);
        };
        if ties <= 1 {
            return (first, l);
        }
        let pick = crate::util::random::splitmix64(state) % u64::from(ties);
        let mut seen = 0;
        for &s in self.sharp {
            if self.live_len::<L>(s) == l {
                if seen == pick {
                    return (s, l);
                }
                seen += 1;
            }
        }
        (first, l)
    }

    /// The first active sharp item of fewest options, its length, and how
    /// many active sharp items have that length; `None` when no sharp item
    /// is active.
    fn least_sharp<L: Len>(&self) -> Option<(u32, u32, u32)> {
        let mut best: Option<(u32, u32, u32)> = None;
        for &s in self.sharp {
            let l = self.live_len::<L>(s);
            if Self::is_marked::<L>(l) {
                continue;
            }
            match &mut best {
                Some((_, least, ties)) if l == *least => *ties += 1,
                Some((_, least, _)) if l > *least => {}
                _ => best = Some((s, l, 1)),
            }
        }
        best
    }

    /// `LEN(x) <- LEN(x) + k`: `k` nodes of item `x` put back at once
    /// (Algorithm M's `untweak`).
    #[inline(always)]
    pub(super) fn grow_by<L: Len>(&mut self, x: u32, k: u32) {
        if L::BYTES {
            *self.key_mut(x) += k as u8;
        } else {
            *self.len_mut(x) += k;
        }
    }

    /// The keys the branching rule scans under [`Bytes`]: the root, the
    /// primary items, and `NO_ITEM` padding to whole `LANES`.
    #[inline(always)]
    fn keys(&self) -> &[u8] {
        &self.key[..(self.primaries + 1).next_multiple_of(LANES)]
    }

    /// `LEN(i)` in the live form, without its marks, and whether it is
    /// marked covered (under `Bytes` every secondary item is, always): for
    /// the sanity check and tests.
    #[cfg(test)]
    pub(crate) fn len_of(&self, i: u32) -> (u32, bool) {
        let i = i as usize;
        if self.bytes {
            (u32::from(self.key[i] & !FLAG), self.key[i] & FLAG != 0)
        } else {
            let l = self.len[i];
            (l & !(COVERED | SECONDARY), l & COVERED != 0)
        }
    }

    /// Copies the live form of `LEN` back from the pristine copy (the other
    /// one never changes after the build).
    pub(super) fn restore_lengths(&mut self, len: &[u32], key: &[u8]) {
        if self.bytes {
            self.key.copy_from_slice(key);
        } else {
            self.len.copy_from_slice(len);
        }
    }
}

/// Settles the form of `LEN` after the build has counted every list in
/// `len` (secondary items carrying `SECONDARY`): when every list is shorter
/// than 128 options, copies the lengths into `key` (all `NO_ITEM` until
/// now) with `FLAG` on the secondary items and returns `true`, the form
/// [`Bytes`]; else returns `false`, the form [`Exact`], leaving `key` as it
/// is.
pub(super) fn settle(len: &[u32], key: &mut [u8], primaries: usize) -> bool {
    let n = len.len() - 2;
    let longest = len[1..=n].iter().map(|&l| l & !SECONDARY).max();
    let bytes = longest.unwrap_or(0) < u32::from(FLAG);
    if bytes {
        for (i, (k, &l)) in key.iter_mut().zip(len).enumerate().take(n + 1).skip(1) {
            *k = (l & !SECONDARY) as u8 | if i > primaries { FLAG } else { 0 };
        }
    }
    bytes
}
