//! The driver of minimum-cost covers: Knuth's DLX5, steps X1-X8 of
//! Algorithm X with its lower bound on what is left to pay.
//!
//! A search for the cheapest solutions keeps, beside the choice stack, the
//! net cost of the options chosen above every level (`part`), and the
//! limits its covers were given at every level (`cover_limit` for the item
//! the level branches on, `try_limit` for the other items of the option
//! tried), since the best cost found may fall while a level is covered and
//! its uncovering must hide and unhide the same options. `cutoff` is the
//! net cost a new solution must stay below: the `k`-th best found so far,
//! which the caller sets after each solution, or [`NO_LIMIT`].
//!
//! The steps, in DLX5's order (see `matrix/cost.rs` for the operations):
//!
//! * enter level `l`: a solution if every primary item is covered; else
//!   choose an item by `choose_priced` with the budget `cutoff - part[l]`,
//!   back up at once if none of its options is cheap enough (the lower
//!   bound: every item must still be covered by one of its options, whose
//!   net cost is at least the cheapest in its list), else cover it, hiding
//!   only the options cheaper than `cutoff - part[l]` less the cheapest
//!   option's cost;
//! * try `x[l]`, unless the cost so far plus its cost reaches `cutoff`, in
//!   which case every option after it in the sorted list does too and the
//!   level is done; commit its other items below the limit that is left;
//! * back up: undo the option with its limit, and go on down the list.

use bumpalo::Bump;

use super::{EXCLUDED, Search, Stage, Step};
use crate::engine::budget::{Check, Limits};
use crate::engine::kind::{C, KindId, Placed, X};
use crate::engine::layout::Layout;
use crate::engine::matrix::cost::Priced;
use crate::engine::matrix::len::{Bytes, Exact};
use crate::engine::observe::Observer;

/// `with_kind!` for the searches of the cheapest solutions: `$body` with
/// `$K` the priced kind of matrix kind `$id`. DLX5's branching rule
/// replaces the sharp preference's (the data structure is the same), and
/// Algorithm M has no priced search (`Solver::visit_cheaper` refuses bounds
/// before starting one): `$none` then.
macro_rules! with_priced_kind {
    ($id:expr, $K:ident => $body:expr, $none:expr) => {
        match $id {
            KindId::XBytes | KindId::XSharpBytes | KindId::AbortBytes => {
                type $K = X<Bytes>;
                $body
            }
            KindId::XExact | KindId::XSharpExact | KindId::AbortExact => {
                type $K = X<Exact>;
                $body
            }
            KindId::PlacedBytes | KindId::AbortPlacedBytes => {
                type $K = Placed<Bytes>;
                $body
            }
            KindId::PlacedExact | KindId::AbortPlacedExact => {
                type $K = Placed<Exact>;
                $body
            }
            KindId::CBytes | KindId::CSharpBytes => {
                type $K = C<Bytes>;
                $body
            }
            KindId::CExact | KindId::CSharpExact => {
                type $K = C<Exact>;
                $body
            }
            KindId::MBytes | KindId::MExact | KindId::MCBytes | KindId::MCExact => $none,
        }
    };
}

/// The cutoff before any solution is found: every solution's net cost is
/// below it (the matrix checks that every solution's cost fits,
/// `Matrix::costs_fit`).
pub(crate) const NO_LIMIT: u64 = u64::MAX;

/// The state of a search for the cheapest solutions, all its arrays
/// borrowed from the arena (empty without costs).
#[derive(Debug)]
pub(crate) struct Pricing<'a> {
    /// `part[l]`: the net cost of the options chosen above level `l`, the
    /// selection's included.
    part: &'a mut [u64],
    /// `cover_limit[l]`: the limit the item chosen at level `l` was covered
    /// with.
    cover_limit: &'a mut [u64],
    /// `try_limit[l]`: the limit the other items of `x[l]` were committed
    /// with.
    try_limit: &'a mut [u64],
    /// A solution must cost less than this (net).
    cutoff: u64,
    /// Whether the search in progress is a search for the cheapest
    /// solutions (so `unwind` must undo it with its limits).
    active: bool,
}

impl<'a> Pricing<'a> {
    /// The arrays `layout` plans, allocated in `bump`.
    pub(crate) fn build(bump: &'a Bump, layout: &Layout) -> Pricing<'a> {
        let levels = layout.priced_levels();
        Pricing {
            part: bump.alloc_slice_fill_copy(levels, 0u64),
            cover_limit: bump.alloc_slice_fill_copy(levels, 0u64),
            try_limit: bump.alloc_slice_fill_copy(levels, 0u64),
            cutoff: NO_LIMIT,
            active: false,
        }
    }

    /// Whether a search for the cheapest solutions is in progress.
    #[inline(always)]
    pub(crate) fn is_active(&self) -> bool {
        self.active
    }

    /// No search for the cheapest solutions is in progress any more.
    #[inline(always)]
    pub(crate) fn deactivate(&mut self) {
        self.active = false;
    }
}

impl Search<'_> {
    /// Whether the matrix is Algorithm M's (some item has bounds), which
    /// DLX5's search does not cover.
    pub(crate) fn is_bounded(&self) -> bool {
        matches!(
            self.m.kind(),
            KindId::MBytes | KindId::MExact | KindId::MCBytes | KindId::MCExact
        )
    }

    /// Whether some option costs more than 0.
    pub(crate) fn has_costs(&self) -> bool {
        self.m.has_costs()
    }

    /// Whether the options have costs, and every solution's cost fits, so
    /// that [`Search::start_priced`] can start.
    pub(crate) fn can_price(&self) -> bool {
        self.m.has_costs() && self.m.costs_fit()
    }

    /// Restarts (as `restart`), ready for a search for the cheapest
    /// solutions with no cutoff yet; nothing but the restart when
    /// [`Search::can_price`] is false.
    pub(crate) fn start_priced(&mut self) {
        self.restart();
        if !self.can_price() {
            return;
        }
        let mut chosen = 0u64;
        for &e in self.sel[..self.nsel].iter().filter(|&&e| e & EXCLUDED == 0) {
            chosen = chosen.saturating_add(self.m.net_cost(e));
        }
        self.pricing.part[0] = chosen;
        self.pricing.cutoff = NO_LIMIT;
        self.pricing.active = true;
    }

    /// From now on a solution must cost less than `cost` (the whole cost,
    /// taxes included; `None`: no limit).
    pub(crate) fn set_cutoff(&mut self, cost: Option<u64>) {
        self.pricing.cutoff = match cost {
            // A cost below the total tax cannot be reached: nothing can.
            Some(c) => c.saturating_sub(self.m.total_tax()),
            None => NO_LIMIT,
        };
    }

    /// The cost of the solution on the stack (after `run_priced` returned
    /// `Step::Solution`).
    pub(crate) fn priced_cost(&self) -> u64 {
        let net = self.pricing.part.get(self.level).copied().unwrap_or(0);
        self.m.total_tax().saturating_add(net)
    }

    /// The search for the cheapest solutions, from wherever it last stopped
    /// until the next solution cheaper than the cutoff, the end, or the
    /// budget runs out; `Step::Exhausted` at once unless
    /// [`Search::start_priced`] started it.
    pub(crate) fn run_priced<O: Observer>(&mut self, limits: &Limits<'_>, obs: &mut O) -> Step {
        if !self.pricing.active {
            return Step::Exhausted;
        }
        with_priced_kind!(self.m.kind(), K => self.dance_priced::<O, K>(limits, obs), Step::Exhausted)
    }

    /// DLX5's driver for the kind `K` (module documentation).
    fn dance_priced<O: Observer, K: Priced>(&mut self, limits: &Limits<'_>, obs: &mut O) -> Step {
        if self.conflict {
            self.stage = Stage::Done;
        }
        if self.stage == Stage::Done {
            return Step::Exhausted;
        }
        let n = self.m.items();
        let cutoff = self.pricing.cutoff;
        let (mut l, mut stage) = (self.level, self.stage);
        let step = 'search: loop {
            if stage == Stage::Enter {
                match self.enter_priced::<O, K>(l, cutoff, obs) {
                    Some(next) => stage = next,
                    None => {
                        stage = Stage::Leave;
                        break Step::Solution;
                    }
                }
            }
            loop {
                if stage == Stage::Try {
                    let p = self.x[l];
                    let cur = self.pricing.part[l];
                    // An option left in the list although it holds a
                    // covered item was too dear for that item's cover, and
                    // so is too dear here: the sum saturates at worst.
                    let next = cur.saturating_add(if p > n { self.m.net_cost(p) } else { 0 });
                    if p > n && next < cutoff {
                        match limits.check(self.stats.nodes) {
                            Check::Go => {}
                            Check::Report => self.report(limits, l),
                            Check::Stop(why) => break 'search Step::Interrupted(why),
                        }
                        self.stats.nodes += 1;
                        if O::ENABLED {
                            obs.try_option(l, self.m.option_of(p));
                        }
                        let limit = cutoff - next;
                        self.pricing.try_limit[l] = limit;
                        K::cover_others_below(&mut self.m, p, limit, obs);
                        l += 1;
                        self.stats.max_depth = self.stats.max_depth.max(l);
                        self.pricing.part[l] = next;
                        stage = Stage::Enter;
                        continue 'search;
                    }
                    // Every option of the level cheap enough has been
                    // tried (the list is sorted by cost).
                    let i = self.item_of_choice(l);
                    K::uncover_below(&mut self.m, i, self.pricing.cover_limit[l], obs);
                    obs.backtrack(l);
                }
                if l == 0 {
                    stage = Stage::Done;
                    break 'search Step::Exhausted;
                }
                l -= 1;
                let p = self.x[l];
                K::uncover_others_below(&mut self.m, p, self.pricing.try_limit[l], obs);
                self.x[l] = self.m.dlink(p);
                stage = Stage::Try;
            }
        };
        (self.level, self.stage) = (l, stage);
        step
    }

    /// Entering level `l` below the cutoff `cutoff`: `None` at a solution;
    /// else `Stage::Try` with the item to branch on covered and `x[l]` its
    /// first option, or `Stage::Leave` at a dead end (no option of some
    /// item is cheap enough).
    #[inline(always)]
    fn enter_priced<O: Observer, K: Priced>(
        &mut self,
        l: usize,
        cutoff: u64,
        obs: &mut O,
    ) -> Option<Stage> {
        // The cost so far is below the cutoff: the option that led here was
        // tried only if so, and the cutoff changes only at a solution,
        // after which the search backs up. (At level 0 a cutoff set below
        // the selection's cost would break that: the level is then dead.)
        let cur = self.pricing.part[l];
        if cur >= cutoff {
            obs.backtrack(l);
            return Some(Stage::Leave);
        }
        if self.m.is_all_covered() {
            self.stats.solutions = self.stats.solutions.saturating_add(1);
            obs.solution(l);
            return None;
        }
        let (i, usable) = self.m.choose_priced::<K::Len>(cutoff - cur);
        if O::ENABLED {
            obs.choose(l, self.m.external(i), usable as usize);
        }
        if usable == 0 {
            obs.backtrack(l);
            return Some(Stage::Leave);
        }
        // No option of this level costs less than the first.
        let p = self.m.dlink(i);
        let limit = cutoff - (cur + self.m.net_cost(p));
        self.pricing.cover_limit[l] = limit;
        K::cover_below(&mut self.m, i, limit, obs);
        self.x[l] = p;
        Some(Stage::Try)
    }

    /// `unwind` of a search for the cheapest solutions: the item of a level
    /// whose options are being tried is uncovered, and every level above it
    /// undoes its option and its item, each with the limit it was covered
    /// with.
    pub(super) fn unwind_priced(&mut self) {
        with_priced_kind!(self.m.kind(), K => self.unwind_priced_as::<K>(), ());
    }

    fn unwind_priced_as<K: Priced>(&mut self) {
        let mut l = self.level;
        if self.stage == Stage::Try {
            let i = self.item_of_choice(l);
            K::uncover_below(&mut self.m, i, self.pricing.cover_limit[l], &mut ());
        }
        while l > 0 {
            l -= 1;
            let p = self.x[l];
            K::uncover_others_below(&mut self.m, p, self.pricing.try_limit[l], &mut ());
            let i = self.m.top(p) as u32;
            K::uncover_below(&mut self.m, i, self.pricing.cover_limit[l], &mut ());
        }
        self.forget_search();
    }
}
