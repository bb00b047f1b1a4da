//! How hard each step is, on Sudoku Explainer's scale, and the preference
//! that makes the logic solver take the easiest pattern first.
//!
//! A named technique gets the rating Sudoku Explainer (and Sukaku
//! Explainer, for the skyscraper, the kite and the turbot fish) gives it.
//! Steps without a Sudoku name (set logic mixing kinds of items) and
//! forcing chains get a rating calibrated on the published ratings of
//! `data/se-rated-sample.txt` (docs/logic.md, "The grade"): a base for
//! their size, plus [`PER_CANDIDATE`] per candidate of the base beyond two
//! per item; a chain [`CHAIN_BASE`] plus [`CHAIN_LOG`] times the logarithm
//! of one more than its length.

use crate::logic::{Pattern, Preference};
use crate::sudoku::hint::technique::{Namer, Technique};
use crate::sudoku::rules::Unit;

/// The rating of unnamed set logic with `k` base items (`UNNAMED[k - 1]`,
/// the last for larger `k`).
const UNNAMED: [f64; 4] = [2.8, 3.6, 4.0, 5.6];
/// The rating of unnamed set logic with a fin and `k` base items.
const UNNAMED_FINNED: [f64; 4] = [3.0, 4.2, 4.6, 5.8];
/// What each candidate of an unnamed pattern's base items adds, beyond two
/// per item.
pub(crate) const PER_CANDIDATE: f64 = 0.3;
/// The same with a fin.
pub(crate) const PER_CANDIDATE_FINNED: f64 = 0.4;
/// The rating of a forcing chain of length 0.
pub(crate) const CHAIN_BASE: f64 = 4.1;
/// What the logarithm of one more than a chain's length adds.
pub(crate) const CHAIN_LOG: f64 = 1.7;

/// `table[k - 1]`, the last entry for larger `k`.
fn by_k(table: &[f64], k: usize) -> f64 {
    table[k.clamp(1, table.len()) - 1]
}

/// The rating of a subset or a fish of `k`: its entry in `[pair, triple,
/// quad]`, 0.4 more per item beyond.
fn sized(k: usize, table: [f64; 3]) -> f64 {
    match k {
        0..=2 => table[0],
        3 => table[1],
        _ => table[2] + 0.4 * (k - 4) as f64,
    }
}

/// The rating of a step of `technique` whose base items have `extra`
/// candidates beyond two each (it counts for unnamed patterns alone).
pub(crate) fn difficulty(technique: Technique, extra: usize) -> f64 {
    let extra = extra as f64;
    match technique {
        Technique::HiddenSingle {
            unit: Unit::Box(_) | Unit::Region(_) | Unit::Window(_),
        } => 1.2,
        Technique::HiddenSingle { .. } => 1.5,
        Technique::NakedSingle | Technique::Single => 2.3,
        Technique::Pointing => 2.6,
        Technique::Claiming | Technique::LockedCandidates => 2.8,
        Technique::NakedSubset { k } => sized(k, [3.0, 3.6, 5.0]),
        Technique::Fish { k } => sized(k, [3.2, 3.8, 5.2]),
        Technique::HiddenSubset { k } => sized(k, [3.4, 4.0, 5.4]),
        Technique::FrankenFish { k } => sized(k, [3.4, 4.0, 5.4]),
        Technique::Skyscraper => 4.0,
        Technique::TwoStringKite => 4.1,
        Technique::TurbotFish | Technique::XyWing => 4.2,
        Technique::FinnedFish { k } => sized(k, [4.0, 4.4, 5.4]),
        Technique::XyzWing | Technique::WWing => 4.4,
        Technique::WxyzWing => 4.6,
        Technique::SetLogic { k } => by_k(&UNNAMED, k) + PER_CANDIDATE * extra,
        Technique::FinnedSetLogic { k } => by_k(&UNNAMED_FINNED, k) + PER_CANDIDATE_FINNED * extra,
        Technique::ForcingChain { length } => CHAIN_BASE + CHAIN_LOG * (1.0 + length as f64).ln(),
    }
}

/// The candidates of `base` on `pattern` beyond two per item.
pub(crate) fn extra(base: &[usize], options_left: impl Fn(usize) -> usize) -> usize {
    base.iter()
        .map(|&b| options_left(b).saturating_sub(2))
        .sum()
}

/// A rating in tenths, as a cost.
fn tenths(rating: f64) -> u32 {
    (rating * 10.0).round() as u32
}

impl Preference for Namer {
    fn cost(&self, pattern: &Pattern<'_>) -> u32 {
        let technique = self.classify(pattern.rule(), pattern.base(), pattern.cover(), pattern);
        tenths(difficulty(
            technique,
            extra(pattern.base(), |b| pattern.options_left(b)),
        ))
    }

    fn floor(&self, k: usize, rank: usize) -> u32 {
        let unnamed = if rank == 0 {
            by_k(&UNNAMED, k)
        } else {
            by_k(&UNNAMED_FINNED, k)
        };
        let named = match (k, rank) {
            (1, 0) => 2.6,
            (2, 0) => 3.0,
            (3, 0) => 3.6,
            (4, 0) => 5.0,
            (2, 1) => 4.0,
            (3, 1) => 4.2,
            (4, 1) => 4.6,
            (k, 0) => sized(k, [3.0, 3.6, 5.0]),
            (k, _) => sized(k, [4.0, 4.4, 5.4]),
        };
        tenths(unnamed.min(named))
    }
}
