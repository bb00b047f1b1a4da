//! What Algorithm Z (memoised counting, Knuth's DLX6) reads from the
//! matrix: the *key* of the current state, and the leftmost branching
//! rule. Only the memo driver (`engine::memo`) calls these; the searches
//! of the other kinds never do.
//!
//! # The key
//!
//! The count of solutions below a node of the search tree depends only on
//! the subproblem left there: the active primary items and the options
//! still live. Knuth's DLX6 names that state by a *signature*, which this
//! file computes as a string of bits (a [`KeyPlan`] says where each item's
//! bits go):
//!
//! * one bit per primary item, set while the item is active (bit `i` for
//!   item `i`; bit 0, the root, is always clear). Under the form `Bytes`
//!   they are the high bits of the keys the branching rule scans, gathered
//!   eight at a time; under `Exact`, the `COVERED` bits of `len`;
//! * for each secondary item *in play*, a small code: the item is in play
//!   when it is active (not covered) and some live option holds it; its
//!   code is 1 while no chosen option has given it a colour, else 2 plus
//!   the rank of that colour among the item's colours (so a problem
//!   without colours spends one bit per secondary item). An item not in
//!   play contributes nothing: no live option holds it, so whatever
//!   happened to it cannot change the count.
//!
//! The key determines the live options: an option is live exactly when its
//! primary items are active and each of its secondary items is in play
//! with a status the option agrees with (no colour given, or the option's
//! colour); an option holding an item not in play is dead, since no live
//! option holds such an item. So two states with the same key have the
//! same subproblem and the same count, which is what makes a memo keyed by
//! it sound, within one set of excluded options (an excluded option leaves
//! no trace in the key: a memo lives for one search).
//!
//! Whether a secondary item is in play: for an item no option has
//! coloured, `LEN` counts exactly the live options that hold it (a hidden
//! option leaves its lists, a chosen one too, since covering its item hid
//! it). For an item `purify` has coloured, `hide′` leaves the nodes of its
//! colour in its list (DLX2's economy, which DLX6 gives up to keep `LEN`
//! exact), so the list is walked instead until a live option turns up
//! (`purified_in_play`): DLX6's definition, paid for only on coloured
//! items.

use super::{COVERED, FLAG, Matrix, SECONDARY};
use crate::engine::layout::LANES;
use crate::engine::matrix::len::Len;

/// Where the bits of each item go in the key of a matrix (module
/// documentation), fixed for the matrix when a memo count starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KeyPlan {
    /// The number of primary items, `P`.
    primaries: usize,
    /// The number of items, `N`.
    items: usize,
    /// The 64-bit words of a key.
    words: usize,
    /// The field of each secondary item `P + 1 + k`, at `fields[k]`.
    fields: Vec<Field>,
    /// The colours (`COLOR` values, at least 1) each secondary item's
    /// options give it, sorted, item after item: `fields[k].colours` is
    /// the range of item `P + 1 + k`.
    colours: Vec<i32>,
    /// Whether the matrix has colours.
    coloured: bool,
}

/// One secondary item's place in the key.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Field {
    /// The word of the key.
    word: u32,
    /// The first bit in it.
    shift: u32,
    /// Where the item's colours are in `KeyPlan::colours`.
    colours: std::ops::Range<u32>,
}

impl KeyPlan {
    /// The number of 64-bit words of a key.
    pub(crate) fn words(&self) -> usize {
        self.words
    }
}

/// The primary items' bits take the first `(P + 1)` bits, rounded up to
/// whole bytes (the keys are gathered eight at a time).
fn primary_bits(primaries: usize) -> usize {
    (primaries + 1).next_multiple_of(8)
}

impl Matrix<'_> {
    /// The plan of this matrix's keys: the primary items' bits, then one
    /// field per secondary item, each in one word (never across two), as
    /// wide as its codes need: one bit without colours, else enough for
    /// "not in play", "in play" and each of its colours.
    pub(crate) fn key_plan(&self) -> KeyPlan {
        let (primaries, n) = (self.primaries, self.n as usize);
        // The colours of every secondary item, from every node (a node
        // that `purify` has marked has its item's colour).
        let mut seen: Vec<Vec<i32>> = vec![Vec::new(); n - primaries];
        if self.colours {
            for q in n + 2..self.top.len() {
                let j = self.top[q];
                if j as usize > primaries {
                    let c = match self.clr[q] {
                        -1 => self.clr[j as usize],
                        c => c,
                    };
                    if c > 0 {
                        seen[j as usize - primaries - 1].push(c);
                    }
                }
            }
        }
        let mut bit = primary_bits(primaries);
        let mut fields = Vec::with_capacity(seen.len());
        let mut colours = Vec::new();
        for mut own in seen {
            own.sort_unstable();
            own.dedup();
            // Codes 0 (not in play), 1 (in play) and 2 + each colour.
            let codes = own.len() as u64 + 2;
            let width = (u64::BITS - (codes - 1).leading_zeros()) as usize;
            if bit % 64 + width > 64 {
                bit = bit.next_multiple_of(64);
            }
            let start = colours.len() as u32;
            colours.extend_from_slice(&own);
            fields.push(Field {
                word: (bit / 64) as u32,
                shift: (bit % 64) as u32,
                colours: start..colours.len() as u32,
            });
            bit += width;
        }
        KeyPlan {
            primaries,
            items: n,
            words: bit.div_ceil(64).max(1),
            fields,
            colours,
            coloured: self.colours,
        }
    }

    /// Writes the key of the current state into `key` (as long as
    /// `plan.words()`), `plan` being this matrix's.
    #[inline]
    pub(crate) fn memo_key<L: Len>(&self, plan: &KeyPlan, key: &mut [u64]) {
        debug_assert_eq!(key.len(), plan.words);
        key.fill(0);
        self.primary_key::<L>(plan, key);
        // The active secondary items, as DLX6 walks them.
        let head = plan.items as u32 + 1;
        let mut s = self.item(head).rlink;
        while s != head {
            let code = self.secondary_code::<L>(plan, s);
            if code != 0 {
                let field = &plan.fields[s as usize - plan.primaries - 1];
                key[field.word as usize] |= code << field.shift;
            }
            s = self.item(s).rlink;
        }
    }

    /// The primary items' bits of the key.
    #[inline]
    fn primary_key<L: Len>(&self, plan: &KeyPlan, key: &mut [u64]) {
        let bytes = primary_bits(plan.primaries);
        if L::BYTES {
            // A key byte without `FLAG` is an active primary item; the root
            // and the padding carry `NO_ITEM`, secondary items `FLAG`.
            const HIGHS: u64 = u64::from_ne_bytes([FLAG; 8]);
            const GATHER: u64 = 0x0102_0408_1020_4080;
            for (k, chunk) in self.key[..bytes].chunks_exact(8).enumerate() {
                let v = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
                let active = (!v & HIGHS) >> 7;
                // Bit 8j (byte j) to bit 56 + j, then down to bit j.
                let bits = active.wrapping_mul(GATHER) >> 56;
                key[k / 8] |= bits << (8 * (k % 8));
            }
        } else {
            for i in 1..=plan.primaries {
                if self.len[i] & COVERED == 0 {
                    key[i / 64] |= 1 << (i % 64);
                }
            }
        }
    }

    /// The code of the active secondary item `s` in the key: 0 when it is
    /// not in play, 1 when it is and has no colour, `2 + k` when it has
    /// the `k`-th of its colours.
    #[inline]
    fn secondary_code<L: Len>(&self, plan: &KeyPlan, s: u32) -> u64 {
        let colour = if plan.coloured { self.color(s) } else { 0 };
        if colour == 0 {
            let len = if L::BYTES {
                u32::from(self.key[s as usize] & !FLAG)
            } else {
                self.len[s as usize] & !(COVERED | SECONDARY)
            };
            return u64::from(len > 0);
        }
        if !self.purified_in_play(s) {
            return 0;
        }
        let field = &plan.fields[s as usize - plan.primaries - 1];
        let own = &plan.colours[field.colours.start as usize..field.colours.end as usize];
        match own.binary_search(&colour) {
            Ok(k) => 2 + k as u64,
            // Cannot be: the plan holds every colour of the item.
            Err(_) => 1,
        }
    }

    /// Whether some live option holds the secondary item `s`, which
    /// `purify` has given a colour: its list holds the options of that
    /// colour that were live when it was purified (marked `COLOR = -1`),
    /// and the one chosen; one of the marked is live when each of its other
    /// items is active and uncoloured, or marked too.
    fn purified_in_play(&self, s: u32) -> bool {
        let mut q = self.dlink(s);
        while q != s {
            if self.color(q) == -1 && self.is_live(q) {
                return true;
            }
            q = self.dlink(q);
        }
        false
    }

    /// Whether the option of node `q` could be chosen now (with colours):
    /// an option was hidden by covering one of its items or by purifying
    /// one of them to another colour, and stays hidden while that lasts,
    /// so it is live exactly when none of its items is covered and every
    /// coloured one agrees.
    fn is_live(&self, q: u32) -> bool {
        let mut r = q + 1;
        while r != q {
            let j = self.top(r);
            if j <= 0 {
                r = self.ulink(r); // a spacer: back to the first node
                continue;
            }
            let agrees =
                self.color(r) == -1 || (self.is_active(j as u32) && self.color(j as u32) == 0);
            if !agrees {
                return false;
            }
            r += 1;
        }
        true
    }

    /// The leftmost branching rule (Knuth's DLX6-noMRV): an active primary
    /// item with no option left if there is one (a dead end), else the
    /// active primary item of least number; with its `LEN`. `(0,
    /// u32::MAX)` when no primary item is active (the search never asks
    /// then).
    #[inline]
    pub(crate) fn choose_leftmost<L: Len>(&self) -> (u32, u32) {
        if L::BYTES {
            let keys = &self.key[..(self.primaries + 1).next_multiple_of(LANES)];
            let (i, min) = super::mrv::first_min_key(keys);
            if min == 0 {
                return (i, 0);
            }
            // The first key without `FLAG`: the first active primary item.
            const HIGHS: u64 = u64::from_ne_bytes([FLAG; 8]);
            for (w, chunk) in keys.chunks_exact(8).enumerate() {
                let v = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
                let active = !v & HIGHS;
                if active != 0 {
                    let i = (w * 8) as u32 + active.trailing_zeros() / 8;
                    return (i, u32::from(keys[i as usize]));
                }
            }
            (0, u32::MAX)
        } else {
            let lens = &self.len[1..=self.primaries];
            if let Some(at) = lens.iter().position(|&l| l == 0) {
                return (at as u32 + 1, 0);
            }
            match lens.iter().position(|&l| l & COVERED == 0) {
                Some(at) => (at as u32 + 1, lens[at]),
                None => (0, u32::MAX),
            }
        }
    }
}
