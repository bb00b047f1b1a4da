//! Algorithm M's operations, as Knuth's DLX3 has them: its item records,
//! `tweak` and `untweak`, the partial covering of an option's items, its
//! branching rule; and the kind [`M`] that runs them.
//!
//! With *multiplicities* (TAOCP 7.2.2.1, Algorithm M) a primary item `i`
//! has bounds `[a, b]`: between `a` and `b` of the chosen options cover
//! it. Its record ([`Mult`], in `mult`) holds `BOUND(i)`, how many more
//! options may cover it (`b` at the start), and `SLACK(i) = b - a`, which
//! never changes. Choosing an option lowers the `BOUND` of each of its
//! primary items by one and covers an item only when its `BOUND` reaches 0
//! ([`tighten`](Matrix::tighten), undone by
//! [`untighten`](Matrix::untighten)); its secondary items are committed as
//! Algorithm X (or, with colours, Algorithm C) commits them.
//!
//! Branching on an item `i` that may take more than one option, the search
//! cannot cover `i`. It *tweaks* instead: before trying the `k`-th option
//! `x` of `i`'s list it takes `x` out of the list and hides it from the
//! other items' lists (`tweak(x)`), so that no later level chooses it
//! again, and the options tried at this level before `x` stay out while
//! `x` is tried: every set of options is found once, not once per order.
//! When `BOUND(i)` is 0 already (the item was covered at the level's
//! start), its options are hidden by that cover and `tweak` only takes `x`
//! out of `i`'s list. `untweak` puts back every option tweaked at a level
//! at once: the tweaked nodes still point down to one another, from the
//! first (kept in `ft[l]`) to the item's current first node; Knuth's
//! "punch line".
//!
//! When the list of `i` runs out while `BOUND(i) > SLACK(i)` is false (the
//! item may take no more options), the level makes the *null* choice:
//! nothing is chosen, and `i` leaves the list of active items for the
//! levels below.
//!
//! The branching rule (DLX3's) takes the active item of least *score*
//! `LEN(i) + s - BOUND(i) + 1` with `s = min(SLACK(i), BOUND(i))`, its
//! branching degree (at most 0: a dead end); on ties the one of smaller
//! `s`, then of longer list, then the first. With the sharp preference
//! (DLX3-SHARP) every score above 1 of an item that is not sharp carries a
//! bias above every score.
//!
//! Updates are counted as DLX3 counts them: one per item covered, one per
//! node hidden, one per node a `tweak` takes out of a list.

use bumpalo::Bump;

use super::Matrix;
use super::len::Len;
use crate::engine::kind::{Branches, Kind, M};
use crate::engine::layout::{Layout, Mult};
use crate::engine::observe::Observer;
use crate::problem::Problem;
use crate::util::random::splitmix64;

/// Algorithm M's item records and the sharp list, laid out in `bump`:
/// `mult[i]` for every primary item `i` of ours (`ext` maps ours to the
/// problem's) when `layout` plans them, and the sharp primary items when
/// Algorithm X or C branches with the sharp preference.
pub(super) fn records<'a>(
    bump: &'a Bump,
    problem: &Problem,
    layout: &Layout,
    ext: &[u32],
) -> (&'a mut [Mult], &'a [u32]) {
    let mult = bump.alloc_slice_fill_copy(layout.mult(), Mult::default());
    for (i, record) in mult.iter_mut().enumerate().skip(1) {
        let item = ext[i] as usize;
        let (lower, upper) = problem.bounds(item).unwrap_or((1, 1));
        *record = Mult {
            bound: upper,
            slack: upper - lower,
            // Without the preference every score is taken as it is.
            sharp: !layout.sharp || problem.is_sharp(item),
        };
    }
    let sharp = bump.alloc_slice_fill_copy(layout.sharp_items, 0u32);
    if !sharp.is_empty() {
        let items =
            (1..=layout.primaries as u32).filter(|&i| problem.is_sharp(ext[i as usize] as usize));
        for (slot, i) in sharp.iter_mut().zip(items) {
            *slot = i;
        }
    }
    (mult, sharp)
}

/// Added to the score of every item that is not sharp and has a score
/// above 1, under the sharp preference: above every score.
const BIAS: i64 = 1 << 40;

/// What step M5 does with `x_l` (see [`Matrix::advance`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Advance {
    /// Go to M8: the level has nothing more to try.
    Restore,
    /// Try `x_l`: an option, or the null choice when `x_l` is the item.
    Try,
}

impl Matrix<'_> {
    /// `BOUND(i)` and `SLACK(i)` of primary item `i`.
    #[inline(always)]
    pub(crate) fn bound_slack(&self, i: u32) -> (u32, u32) {
        let r = self.mult[i as usize];
        (r.bound, r.slack)
    }

    /// Whether item `i` is primary (with bounds: it has a record).
    #[inline(always)]
    fn has_record(&self, i: u32) -> bool {
        (i as usize) < self.mult.len()
    }

    /// `cover(i)`: Algorithm X's, or with colours Algorithm C's `cover′`.
    #[inline(always)]
    fn cover_m<O: Observer, L: Len, const C: bool>(&mut self, i: u32, obs: &mut O) {
        if C {
            self.cover_prime::<O, L>(i, obs);
        } else {
            self.cover::<O, L>(i, obs);
        }
    }

    /// `uncover(i)`: undoes `cover_m(i)`.
    #[inline(always)]
    fn uncover_m<O: Observer, L: Len, const C: bool>(&mut self, i: u32, obs: &mut O) {
        if C {
            self.uncover_prime::<O, L>(i, obs);
        } else {
            self.uncover::<O, L>(i, obs);
        }
    }

    /// What choosing the option of node `p` does to its item `j` (DLX3's
    /// "cover or partially cover"): a primary item loses one from its
    /// `BOUND` and is covered when that reaches 0; a secondary item is
    /// committed as Algorithm X (covered) or C (covered or purified) does.
    #[inline(always)]
    pub(super) fn tighten<O: Observer, L: Len, const C: bool>(
        &mut self,
        p: u32,
        j: u32,
        obs: &mut O,
    ) {
        if self.has_record(j) {
            let r = &mut self.mult[j as usize];
            r.bound -= 1;
            if r.bound == 0 {
                self.cover_m::<O, L, C>(j, obs);
            }
        } else if C {
            self.commit::<O, L>(p, j, obs);
        } else {
            self.cover::<O, L>(j, obs);
        }
    }

    /// Undoes `tighten(p, j)`.
    #[inline(always)]
    pub(super) fn untighten<O: Observer, L: Len, const C: bool>(
        &mut self,
        p: u32,
        j: u32,
        obs: &mut O,
    ) {
        if self.has_record(j) {
            if self.mult[j as usize].bound == 0 {
                self.uncover_m::<O, L, C>(j, obs);
            }
            self.mult[j as usize].bound += 1;
        } else if C {
            self.uncommit::<O, L>(p, j, obs);
        } else {
            self.uncover::<O, L>(j, obs);
        }
    }

    /// Knuth's `tweak(p, block)`: takes node `p` out of its item's list;
    /// when `block`, first hides the other nodes of its option from their
    /// lists (with colours, `hide′`: purified nodes stay).
    #[inline(always)]
    fn tweak<L: Len, const C: bool>(&mut self, p: u32, block: bool) {
        let mut updates = 1; // `p` itself
        if block {
            updates += if C {
                self.hide_prime::<L>(p)
            } else {
                self.hide::<L>(p)
            };
        }
        let (u, d) = (self.ulink(p), self.dlink(p));
        self.set_dlink(u, d);
        self.set_ulink(d, u);
        self.shrink::<L>(self.top(p) as u32);
        self.updates += updates;
    }

    /// Knuth's `untweak`: puts back into item `i`'s list every node
    /// tweaked since `first` (the first of them), and when `unblock` the
    /// other nodes of their options into theirs. The tweaked nodes still
    /// point down to one another, `first` to the next and the last to the
    /// item's first node now; they are put back in the order they were
    /// tweaked, as DLX3 does (TAOCP 7.2.2.1 explains why that order is
    /// safe too).
    #[inline(always)]
    fn untweak<L: Len, const C: bool>(&mut self, i: u32, first: u32, unblock: bool) {
        let z = self.dlink(i);
        self.set_dlink(i, first);
        let (mut above, mut q, mut k) = (i, first, 0);
        while q != z {
            self.set_ulink(q, above);
            k += 1;
            if unblock {
                if C {
                    self.unhide_prime::<L>(q);
                } else {
                    self.unhide::<L>(q);
                }
            }
            above = q;
            q = self.dlink(q);
        }
        self.set_ulink(z, above);
        self.grow_by::<L>(i, k);
    }

    /// Takes item `i` out of the list of active items (it is not covered:
    /// its options stay).
    #[inline(always)]
    pub(crate) fn deactivate(&mut self, i: u32) {
        let it = self.item(i);
        self.item_mut(it.llink).rlink = it.rlink;
        self.item_mut(it.rlink).llink = it.llink;
    }

    /// Undoes `deactivate(i)`.
    #[inline(always)]
    pub(crate) fn reactivate(&mut self, i: u32) {
        let it = self.item(i);
        self.item_mut(it.llink).rlink = i;
        self.item_mut(it.rlink).llink = i;
    }

    /// Step M3, DLX3's branching rule (with DLX3-SHARP's preference when
    /// the records say so): the active primary item of least score, and
    /// the score (module documentation). Ties go to the smaller `s`, then
    /// the longer list, then the first item, or with `random` (a SplitMix64
    /// generator) one of the items tied on all three, each with equal
    /// chance, as DLX3 draws them. `(0, i64::MAX)` when no item is active.
    #[inline]
    pub(crate) fn choose_m<L: Len>(&self, mut random: Option<&mut u64>) -> (u32, i64) {
        let (mut best, mut score, mut best_s, mut best_len) = (0, i64::MAX, 0, 0);
        let mut ties = 0u64;
        let mut k = self.item(0).rlink;
        while k != 0 {
            let r = self.mult[k as usize];
            let s = r.slack.min(r.bound);
            let len = self.live_len::<L>(k);
            let mut t = i64::from(len) + i64::from(s) - i64::from(r.bound) + 1;
            if t > 1 && !r.sharp {
                t += BIAS;
            }
            if t < score || (t == score && (s < best_s || (s == best_s && len > best_len))) {
                (best, score, best_s, best_len) = (k, t, s, len);
                ties = 1;
            } else if t == score && s == best_s && len == best_len {
                ties += 1;
                if let Some(state) = random.as_deref_mut() {
                    if splitmix64(state) % ties == 0 {
                        best = k;
                    }
                }
            }
            k = self.item(k).rlink;
        }
        if score >= BIAS && score != i64::MAX {
            score -= BIAS;
        }
        (best, score)
    }

    /// Step M4 for item `i`, chosen with a positive score: `BOUND(i)`
    /// loses one, and the item is covered when that makes it 0. Returns
    /// whether the level tweaks (it does unless `BOUND(i)` and `SLACK(i)`
    /// are both 0 now: then the level is Algorithm X's).
    #[inline(always)]
    pub(crate) fn prepare<O: Observer, L: Len, const C: bool>(
        &mut self,
        i: u32,
        obs: &mut O,
    ) -> bool {
        let r = &mut self.mult[i as usize];
        r.bound -= 1;
        let (bound, slack) = (r.bound, r.slack);
        if bound == 0 {
            self.cover_m::<O, L, C>(i, obs);
        }
        bound != 0 || slack != 0
    }

    /// Step M5's test, at a level branching on item `i` whose next
    /// candidate is `x` (a node of `i`'s list, or `i` itself when the list
    /// has run out).
    #[inline(always)]
    pub(crate) fn advance<L: Len>(&self, i: u32, x: u32) -> Advance {
        let (bound, slack) = self.bound_slack(i);
        // DLX3's test `LEN(i) <= BOUND(i) - SLACK(i)`. When `BOUND(i)` is 0
        // here, `i` is covered and the mark makes its `LEN` large; the test
        // fails then as it does for any length, `SLACK(i)` being positive.
        let done = if bound == 0 && slack == 0 {
            x == i
        } else {
            i64::from(self.live_len::<L>(i)) <= i64::from(bound) - i64::from(slack)
        };
        if done { Advance::Restore } else { Advance::Try }
    }

    /// Step M5's action before trying `x` at a level branching on `i`
    /// (after `advance` said to try it): tweak `x` (blocking its option
    /// unless `BOUND(i)` is 0), or for the null choice (`x == i`) take `i`
    /// out of the active items unless `BOUND(i)` is 0 (then it is covered
    /// already).
    #[inline(always)]
    pub(crate) fn tweak_for<L: Len, const C: bool>(&mut self, i: u32, x: u32) {
        let (bound, slack) = self.bound_slack(i);
        if bound == 0 && slack == 0 {
            return;
        }
        if x != i {
            self.tweak::<L, C>(x, bound != 0);
        } else if bound != 0 {
            self.deactivate(i);
        }
    }

    /// Step M8: restores item `i` as it was before its level's M4 (`first`
    /// is the level's first tweaked node, when it tweaks): uncovers it or
    /// untweaks its list, and gives one back to `BOUND(i)`. After a null
    /// choice with `BOUND(i) > 0`, the caller has put `i` back among the
    /// active items (M9).
    #[inline(always)]
    pub(crate) fn restore_m<O: Observer, L: Len, const C: bool>(
        &mut self,
        i: u32,
        first: u32,
        obs: &mut O,
    ) {
        let (bound, slack) = self.bound_slack(i);
        if bound == 0 && slack == 0 {
            self.uncover_m::<O, L, C>(i, obs);
        } else {
            self.untweak::<L, C>(i, first, bound != 0);
            if bound == 0 {
                self.uncover_m::<O, L, C>(i, obs);
            }
        }
        self.mult[i as usize].bound += 1;
    }

    /// Chooses the option whose first node is `p` outside the search (a
    /// selection, a step of the frontier): takes each of its nodes out of
    /// its list (with colours, but a purified one), so that nothing chooses
    /// it again, then tightens each of its items.
    pub(super) fn hold<L: Len, const C: bool>(&mut self, p: u32) {
        let mut q = p;
        while self.top(q) > 0 {
            if !C || self.color(q) >= 0 {
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, d);
                self.set_ulink(d, u);
                self.shrink::<L>(self.top(q) as u32);
                self.updates += 1;
            }
            q += 1;
        }
        let mut q = p;
        while self.top(q) > 0 {
            self.tighten::<(), L, C>(q, self.top(q) as u32, &mut ());
            q += 1;
        }
    }

    /// Undoes `hold(p)`, in the reverse order.
    pub(super) fn unhold<L: Len, const C: bool>(&mut self, p: u32) {
        let mut last = p;
        while self.top(last + 1) > 0 {
            last += 1;
        }
        let mut q = last;
        loop {
            self.untighten::<(), L, C>(q, self.top(q) as u32, &mut ());
            if q == p {
                break;
            }
            q -= 1;
        }
        let mut q = last;
        loop {
            if !C || self.color(q) >= 0 {
                let (u, d) = (self.ulink(q), self.dlink(q));
                self.set_dlink(u, q);
                self.set_ulink(d, q);
                self.grow::<L>(self.top(q) as u32);
            }
            if q == p {
                break;
            }
            q -= 1;
        }
    }

    /// The children of a node of the search tree branching on item `i`
    /// with `degree` branches (see `Kind::branches`): as Algorithm X's when
    /// the item takes exactly one more option (`BOUND(i) = 1`,
    /// `SLACK(i) = 0`); else the first `degree` candidates of step M5, the
    /// `k`-th ruling out those before it, the last the null choice when the
    /// item may take no more options (`SLACK(i) >= BOUND(i)`).
    pub(crate) fn branches_m(&self, i: u32, degree: u32) -> Branches {
        let (bound, slack) = self.bound_slack(i);
        if bound == 1 && slack == 0 {
            return Branches {
                options: degree as usize,
                null: false,
                rules_out: false,
            };
        }
        let null = slack >= bound;
        Branches {
            options: degree as usize - usize::from(null),
            null,
            rules_out: true,
        }
    }
}

impl<L: Len, const C: bool> Kind for M<L, C> {
    type Len = L;

    #[inline(always)]
    fn cover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        m.cover_m::<O, L, C>(i, obs);
    }

    #[inline(always)]
    fn uncover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        m.uncover_m::<O, L, C>(i, obs);
    }

    #[inline(always)]
    fn commit<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, obs: &mut O) {
        m.tighten::<O, L, C>(p, j, obs);
    }

    #[inline(always)]
    fn uncommit<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, obs: &mut O) {
        m.untighten::<O, L, C>(p, j, obs);
    }

    #[inline]
    fn choose(m: &Matrix<'_>) -> (u32, u32) {
        let (i, score) = m.choose_m::<L>(None);
        (i, score.clamp(0, i64::from(u32::MAX)) as u32)
    }

    #[inline]
    fn choose_random(m: &Matrix<'_>, state: &mut u64) -> (u32, u32) {
        let (i, score) = m.choose_m::<L>(Some(state));
        (i, score.clamp(0, i64::from(u32::MAX)) as u32)
    }

    #[inline]
    fn run<O: Observer>(
        s: &mut crate::engine::search::Search<'_>,
        limits: &crate::engine::budget::Limits<'_>,
        obs: &mut O,
    ) -> crate::engine::search::Step {
        s.multiply::<O, L, C>(limits, obs)
    }

    #[inline]
    fn unwind(s: &mut crate::engine::search::Search<'_>) {
        s.unwind_m::<L, C>();
    }

    fn select(m: &mut Matrix<'_>, p: u32) {
        m.hold::<L, C>(p);
    }

    fn unselect(m: &mut Matrix<'_>, p: u32) {
        m.unhold::<L, C>(p);
    }

    fn branches(m: &Matrix<'_>, i: u32, degree: u32) -> Branches {
        m.branches_m(i, degree)
    }
}
