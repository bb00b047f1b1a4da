//! The branching rule: the item with the fewest options (MRV).
//!
//! Step X3 of Algorithm X chooses the active primary item with the fewest
//! options left, the first such item on ties, as Knuth's DLX1 does (its
//! "minimum remaining values" heuristic, TAOCP 7.2.2.1 exercise 9), or on
//! request one of the ties at random, from a seed (for grading and
//! generating puzzles: how much a search guesses depends on its luck with
//! ties).
//!
//! The scans here read a slice of lengths and know nothing of the matrix:
//! the forms of `LEN` ([`len`](super::len)) hand them the live array.

use super::NO_ITEM;
use crate::engine::layout::LANES;
use crate::util::random::splitmix64;

/// The primary item to branch on, from the byte keys `keys` (index `i` is
/// item `i`, from the root, 0, up to whole `LANES`): the first of minimum
/// key, with that key (the `LEN` of the form `Bytes`, see
/// [`len`](super::len)).
///
/// DLX1 walks the list of active items, one dependent load after another;
/// Knuth measures that walk at about half of all the memory accesses of a
/// search. Here the lengths sit in a dense array, so the choice is two
/// straight passes over it: the minimum, then the first item with that
/// length. The keys are one byte an item, which the compiler scans with
/// SSE2 instructions sixteen bytes at a time, and covered and secondary
/// items (and the root, and the padding) carry `FLAG` or `NO_ITEM`, above
/// every length, so they never win. `keys` may be any whole number of
/// `LANES` of the array (the caller passes the span of the active items,
/// see `Matrix::choose`); the item returned is counted from its start.
#[inline(always)]
pub(super) fn first_min_key(keys: &[u8]) -> (u32, u32) {
    let min = keys
        .chunks_exact(LANES)
        .fold([NO_ITEM; LANES], |m, chunk| {
            std::array::from_fn(|j| m[j].min(chunk[j]))
        })
        .into_iter()
        .fold(NO_ITEM, u8::min);
    // The first byte equal to `min`, eight at a time, sixteen to a turn: `v`
    // has a zero byte where the key is `min`, and the lowest byte of
    // `zeros(v)` with its high bit set is the first zero byte of `v` (a
    // borrow can only mark bytes after it).
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let zeros = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let splat = ONES * min as u64;
    for (c, chunk) in keys.chunks_exact(LANES).enumerate() {
        let at = (c * LANES) as u32;
        let lo = zeros(u64::from_le_bytes(chunk[..8].try_into().unwrap()) ^ splat);
        if lo != 0 {
            return (at + lo.trailing_zeros() / 8, min as u32);
        }
        let hi = zeros(u64::from_le_bytes(chunk[8..].try_into().unwrap()) ^ splat);
        if hi != 0 {
            return (at + 8 + hi.trailing_zeros() / 8, min as u32);
        }
    }
    unreachable!("the minimum key is in the array")
}

/// `first_min_key` on the exact lengths `lens` of the primary items
/// (index `k` is item `k + 1`; the `LEN` of the form `Exact`), where covered
/// items carry the `COVERED` bit and so are never the minimum. `(0,
/// u32::MAX)` when there is no primary item.
#[inline]
pub(super) fn first_min_len(lens: &[u32]) -> (u32, u32) {
    let min = lens.iter().copied().fold(u32::MAX, u32::min);
    match lens.iter().position(|&l| l == min) {
        Some(at) => (at as u32 + 1, min),
        None => (0, u32::MAX),
    }
}

/// The MRV choice with ties broken at random (Knuth's option `s` of DLX1,
/// "randomize the choice among ties"), on the byte keys as
/// [`first_min_key`] reads them: among the active primary items of minimum
/// length, the one `state` picks; `state` is a SplitMix64 generator,
/// advanced once per choice with ties.
///
/// Ties of one option (forced moves) or none (a dead end) are not broken:
/// whatever their order, the search reaches the same state before its next
/// real choice, or backs up; the first is taken and `state` left as it is.
/// The ties are the keys equal to the minimum, counted and then found eight
/// at a time as `first_min_key` finds the first.
pub(super) fn random_min_key(keys: &[u8], state: &mut u64) -> (u32, u32) {
    let (first, len) = first_min_key(keys);
    if len <= 1 {
        return (first, len);
    }
    // No key before `first` equals the minimum, and the padding past the
    // primary items never does.
    let ties: u32 = keys
        .chunks_exact(8)
        .map(|word| ones(matches(word, len as u8)))
        .sum();
    if ties <= 1 {
        return (first, len);
    }
    let mut pick = (splitmix64(state) % u64::from(ties)) as u32;
    for (w, word) in keys.chunks_exact(8).enumerate() {
        let mut hits = matches(word, len as u8);
        let count = ones(hits);
        if pick < count {
            for _ in 0..pick {
                hits &= hits - 1;
            }
            return ((w * 8) as u32 + hits.trailing_zeros() / 8, len);
        }
        pick -= count;
    }
    unreachable!("fewer ties than counted")
}

/// `random_min_key` on the exact lengths `lens`, as [`first_min_len`]
/// reads them, compared one by one.
pub(super) fn random_min_len(lens: &[u32], state: &mut u64) -> (u32, u32) {
    let (first, len) = first_min_len(lens);
    if len <= 1 {
        return (first, len);
    }
    // Items are numbered from 1, `lens` from 0; none before `first` ties.
    let ties = || (first..=lens.len() as u32).filter(|&i| lens[i as usize - 1] == len);
    let count = ties().count();
    if count <= 1 {
        return (first, len);
    }
    let pick = (splitmix64(state) % count as u64) as usize;
    let i = ties().nth(pick).unwrap_or(first);
    (i, len)
}

/// The high bit of every byte of `word` equal to `byte`, and no other bit.
#[inline]
fn matches(word: &[u8], byte: u8) -> u64 {
    const LOWS: u64 = u64::from_ne_bytes([0x7f; 8]);
    let v = u64::from_le_bytes(word.try_into().unwrap())
        ^ (u64::from_ne_bytes([0x01; 8]) * u64::from(byte));
    // A byte of `v` is zero exactly when neither its low seven bits (the
    // sum carries into the high bit) nor its high bit is set.
    !(((v & LOWS).wrapping_add(LOWS)) | v | LOWS)
}

/// The number of bits set in `hits`, a mask from [`matches()`] (high bits of
/// bytes only): the bytes' flags summed by one multiplication, where
/// `count_ones` without the `popcnt` instruction takes a dozen steps.
#[inline]
fn ones(hits: u64) -> u32 {
    ((hits >> 7).wrapping_mul(u64::from_ne_bytes([0x01; 8])) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use bumpalo::Bump;
    use quickcheck::quickcheck;

    use super::*;
    use crate::engine::layout::Layout;
    use crate::engine::matrix::Matrix;
    use crate::engine::matrix::len::{Bytes, Exact, Len};
    use crate::problem::classic;

    quickcheck! {
        /// `matches` marks exactly the bytes equal to `byte`, and `ones`
        /// counts them.
        fn matches_marks_equal_bytes(word: u64, byte: u8, at: Vec<u8>) -> bool {
            let mut bytes = word.to_le_bytes();
            for &k in &at {
                bytes[k as usize % 8] = byte;
            }
            let hits = matches(&bytes, byte);
            let want = (0..8).filter(|&k| bytes[k] == byte);
            ones(hits) as usize == want.clone().count()
                && want.fold(0u64, |m, k| m | 0x80 << (8 * k)) == hits
        }
    }

    /// Every tie comes out for some seed, and nothing but ties; a forced
    /// choice draws no number.
    #[test]
    #[cfg_attr(miri, ignore = "4,000 choices on a matrix of 67,000 nodes")]
    fn random_choices_are_ties_and_every_tie_comes_out() {
        fn check<L: Len>(m: &Matrix<'_>) {
            let (_, len) = m.choose::<L>();
            let ties: Vec<u32> = (1..=m.primaries as u32)
                .filter(|&i| m.len_of(i) == (len, false))
                .collect();
            assert!(ties.len() > 1);
            let mut seen = vec![false; ties.len()];
            for seed in 0..4000u64 {
                let mut state = seed;
                let (i, l) = m.choose_random::<L>(&mut state);
                assert_eq!(l, len);
                let k = ties.iter().position(|&t| t == i).expect("a tie");
                seen[k] = true;
                assert_ne!(state, seed, "a choice among ties draws a number");
            }
            assert!(seen.iter().all(|&s| s), "every tie comes out: {seen:?}");
        }
        for (problem, bytes) in [(classic::queens(8), true), (classic::queens(130), false)] {
            let layout = Layout::of(&problem);
            let bump = Bump::with_capacity(layout.bytes());
            let m = Matrix::build(&bump, &problem, &layout);
            assert_eq!(m.bytes, bytes);
            if bytes {
                check::<Bytes>(&m);
            } else {
                check::<Exact>(&m);
            }
        }
    }
}
