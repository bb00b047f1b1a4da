//! Algorithm X: the search over a [`Matrix`], as a resumable state machine.
//!
//! [`Search`] owns a matrix and the state of one search over it: the choice
//! stack `x[0..level]`, where the search is in its steps, the statistics,
//! and the options chosen before it (the *selection*: the givens of a
//! puzzle). [`Search::run`] runs the driver of the matrix's kind (see
//! [`kind`](crate::engine::kind)); every kind so far takes Algorithm X's,
//! [`Search::dance`]: steps X1-X8 of TAOCP 7.2.2.1 (C1-C8 with the kind's
//! `commit`), written as a loop over the explicit stack, with no recursion,
//! generic over the kind. It returns at each solution, at the end, or when
//! the budget runs out, and calling it again resumes where it stopped.
//!
//! Every question starts from a matrix with nothing covered but the
//! selection: [`Search::restart`] undoes what a previous search left
//! covered (`unwind`, deepest level first), and [`Search::clear_selection`]
//! undoes the selection too, by copying the links back when the matrix
//! keeps a pristine copy. Each public step turns the matrix's kind into a
//! type once, with `with_kind!`, and runs the code compiled for it.
//!
//! A search for the cheapest solutions (Knuth's DLX5) runs another driver,
//! `Search::dance_priced` in `cost`, on the same matrix and stack; while
//! one is in progress `unwind` undoes its levels its own way.

use bumpalo::Bump;

use crate::engine::budget::{Check, Interruption, Limits};
use crate::engine::kind::{Kind, with_kind};
use crate::engine::layout::Layout;
use crate::engine::matrix::Matrix;
use crate::engine::observe::Observer;
use crate::engine::stats::Stats;
use crate::problem::Problem;

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
    /// level has an option left to try (see `Search::alts`), and leaves the
    /// uncovering to `unwind`, which the next search or selection runs, or
    /// to `clear_selection`, which may copy the links back instead.
    Done,
}

/// What one call of [`Search::run`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A solution is on the stack; calling `run` again continues after it.
    Solution,
    /// No more solutions.
    Exhausted,
    /// The budget ran out; calling `run` again continues where it stopped.
    Interrupted(Interruption),
}

/// A matrix and the state of its search, all borrowed from one arena.
#[derive(Debug)]
pub(crate) struct Search<'a> {
    /// The links (the memo driver, `engine::memo`, works on them too).
    pub(in crate::engine) m: Matrix<'a>,
    /// The choice stack: `x[l]` is the node tried at level `l` (with
    /// bounds, the item itself for Algorithm M's null choice; the memo
    /// driver's too).
    pub(in crate::engine) x: &'a mut [u32],
    /// With bounds (Algorithm M), the first node tweaked at every level (0
    /// when the level covers its item instead), and the branching degree
    /// of every level; else empty.
    ft: &'a mut [u32],
    deg: &'a mut [u32],
    /// The first nodes of the pre-selected options, in selection order.
    sel: &'a mut [u32],
    nsel: usize,
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
    /// Nodes, solutions and depth of the current search (its updates are
    /// counted by the matrix); the memo driver's too.
    pub(in crate::engine) stats: Stats,
    /// The options the current search aborted (the kind `Abort` alone).
    aborts: u64,
    /// When set, MRV ties are broken at random: the seed, and the state of
    /// the generator, set back to the seed by every `restart`.
    tiebreak: Option<(u64, u64)>,
    /// The state of a search for the cheapest solutions (see `cost`).
    pricing: cost::Pricing<'a>,
    /// The driver returns at a solution only once the search has found this
    /// many (`stats.solutions`), counting and passing over the ones before:
    /// 0, every solution, unless a count asks for less (`report_at`); set
    /// back to 0 by every `restart`.
    report_at: u64,
}

/// Marks an entry of `sel` that excludes its option instead of choosing it.
const EXCLUDED: u32 = 1 << 31;

impl<'a> Search<'a> {
    /// Lays `problem` out in `bump` with the arrays `layout` plans.
    pub(crate) fn build(bump: &'a Bump, problem: &Problem, layout: &Layout) -> Search<'a> {
        let m = Matrix::build(bump, problem, layout);
        Search {
            m,
            x: bump.alloc_slice_fill_copy(layout.stack(), 0u32),
            ft: bump.alloc_slice_fill_copy(layout.tweaks(), 0u32),
            deg: bump.alloc_slice_fill_copy(layout.tweaks(), 0u32),
            sel: bump.alloc_slice_fill_copy(layout.selection(), 0u32),
            nsel: 0,
            conflict: false,
            level: 0,
            stage: Stage::Enter,
            alts: 0,
            stats: Stats::default(),
            aborts: 0,
            tiebreak: None,
            pricing: cost::Pricing::build(bump, layout),
            report_at: 0,
        }
    }

    /// Breaks MRV ties at random from `seed` in every search from now on
    /// (`None`: the first item, as DLX1 does).
    pub(crate) fn set_tiebreak(&mut self, seed: Option<u64>) {
        self.tiebreak = seed.map(|s| (s, s));
    }

    /// Searches with the kind that aborts (`Abort`) when `abort` and the
    /// matrix is Algorithm X's, else with the kind it was built for;
    /// undoes the search in progress first. Returns whether it aborts now.
    ///
    /// The selection is kept: undone with the kind that made it and made
    /// again with the new one (the abort's kinds commit an option's items
    /// in an order of their own, which only they undo).
    pub(crate) fn set_abort(&mut self, abort: bool) -> bool {
        self.unwind();
        let entries = self.sel[..self.nsel].to_vec();
        with_kind!(self.m.kind(), K => self.uncover_selection::<K>());
        let on = self.m.set_abort(abort);
        with_kind!(self.m.kind(), K => {
            for &e in &entries {
                self.redo_entry::<K>(e);
            }
        });
        on
    }

    /// Makes the entry `e` of the selection again, after `undo_entry`.
    fn redo_entry<K: Kind>(&mut self, e: u32) {
        if e & EXCLUDED == 0 {
            K::select(&mut self.m, e);
        } else if e & !EXCLUDED <= self.m.items() {
            self.m.deactivate(e & !EXCLUDED);
        } else {
            self.m.exclude_option::<K::Len>(e & !EXCLUDED);
        }
        self.sel[self.nsel] = e;
        self.nsel += 1;
    }

    /// Takes option `option` out of the search: no solution found from now
    /// until the selection is cleared holds it. An option that something
    /// selected already rules out is left as it is. The option is recorded
    /// with the selection, and undone with it. Returns whether it took
    /// effect.
    pub(crate) fn exclude(&mut self, option: usize) -> bool {
        self.unwind();
        let p = self.m.first_node(option);
        let listed = |e: u32| self.sel[..self.nsel].contains(&e);
        // With bounds, or colours, a chosen option may leave its items
        // active: it is not ruled out again (each option stands once in
        // the selection, which has room for every option once).
        let chosen = (self.m.has_bounds() || self.m.has_colours()) && listed(p);
        if self.m.blocked_item(p).is_some() || listed(p | EXCLUDED) || chosen {
            return false;
        }
        with_kind!(self.m.kind(), K => self.m.exclude_option::<<K as Kind>::Len>(p));
        self.sel[self.nsel] = p | EXCLUDED;
        self.nsel += 1;
        true
    }

    /// The matrix searched.
    #[cfg(test)]
    pub(crate) fn matrix(&self) -> &Matrix<'a> {
        &self.m
    }

    /// The statistics of the current search.
    pub(crate) fn stats(&self) -> Stats {
        Stats {
            updates: self.m.updates,
            ..self.stats
        }
    }

    /// Whether the search aborts options (one of the kinds `Abort`).
    pub(crate) fn is_abort(&self) -> bool {
        use crate::engine::kind::KindId;
        matches!(
            self.m.kind(),
            KindId::AbortBytes
                | KindId::AbortExact
                | KindId::AbortPlacedBytes
                | KindId::AbortPlacedExact
        )
    }

    /// The options the current search aborted (the kind `Abort` alone).
    pub(crate) fn aborts(&self) -> u64 {
        self.aborts
    }

    /// The number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.m.option_count()
    }

    // ----- Pre-selection -----

    /// Chooses option `option` before the search. On a conflict (one of its
    /// items is covered already) nothing changes except that the search
    /// remembers it has no solutions; the conflicting item is returned.
    pub(crate) fn select(&mut self, option: usize) -> Result<(), usize> {
        self.unwind();
        let p = self.m.first_node(option);
        let blocked = self.m.blocked_item(p).or_else(|| {
            // With colours an option whose items all agree with colours
            // given already blocks nothing, not even itself; with bounds an
            // option chosen or ruled out may leave its items active.
            let listed = |e: u32| self.sel[..self.nsel].contains(&e);
            let again = (self.m.has_colours() || self.m.has_bounds())
                && (listed(p) || listed(p | EXCLUDED));
            again.then(|| self.m.top(p) as u32)
        });
        if let Some(i) = blocked {
            self.conflict = true;
            return Err(self.m.external(i));
        }
        with_kind!(self.m.kind(), K => K::select(&mut self.m, p));
        self.sel[self.nsel] = p;
        self.nsel += 1;
        Ok(())
    }

    /// Gives item `i` (ours, active and primary) no more options before the
    /// search: it leaves the list of active items. The frontier's null
    /// choice of Algorithm M, after it has ruled out the item's options;
    /// recorded with the selection (as `i | EXCLUDED`: an item's number is
    /// below every option's node), and undone with it.
    pub(crate) fn close(&mut self, i: u32) {
        self.unwind();
        self.m.deactivate(i);
        self.sel[self.nsel] = i | EXCLUDED;
        self.nsel += 1;
    }

    /// Undoes every pre-selection (and any search in progress).
    ///
    /// When the matrix keeps a pristine copy and anything is covered, the
    /// copy is written back instead: the same links, by a faster road.
    pub(crate) fn clear_selection(&mut self) {
        let covered = self.nsel > 0 || self.level > 0 || self.stage == Stage::Try;
        if covered && self.m.restore() {
            self.nsel = 0;
            self.forget_search();
        } else {
            self.unwind();
            with_kind!(self.m.kind(), K => self.uncover_selection::<K>());
        }
        self.conflict = false;
    }

    /// Undoes the selections, the last first.
    fn uncover_selection<K: Kind>(&mut self) {
        while self.nsel > 0 {
            self.nsel -= 1;
            self.undo_entry::<K>(self.sel[self.nsel]);
        }
    }

    /// Undoes one entry of the selection: a chosen or an excluded option,
    /// or a closed item.
    fn undo_entry<K: Kind>(&mut self, e: u32) {
        if e & EXCLUDED == 0 {
            K::unselect(&mut self.m, e);
        } else if e & !EXCLUDED <= self.m.items() {
            self.m.reactivate(e & !EXCLUDED);
        } else {
            self.m.include_option::<K::Len>(e & !EXCLUDED);
        }
    }

    /// Undoes choosing the option of node `p` at a level of Algorithm X's
    /// search: its other items, then `p`'s own, the reverse of choosing it.
    fn undo_option<K: Kind>(&mut self, p: u32) {
        K::uncover_others(&mut self.m, p, &mut ());
        let i = self.m.top(p) as u32;
        K::uncommit(&mut self.m, p, i, &mut ());
    }

    /// Tells `obs` the pre-selection, in the order it was made.
    pub(crate) fn report_selection<O: Observer>(&self, obs: &mut O) {
        for &e in &self.sel[..self.nsel] {
            if e & !EXCLUDED <= self.m.items() {
                // A closed item: the frontier's, never before a search.
            } else if e & EXCLUDED != 0 {
                obs.excluded(self.m.option_of(e & !EXCLUDED));
            } else {
                obs.selected(self.m.option_of(e));
            }
        }
    }

    /// The first nodes of the options excluded (`exclude`), in the order
    /// they were.
    pub(in crate::engine) fn exclusions(&self) -> Vec<u32> {
        self.sel[..self.nsel]
            .iter()
            .filter(|&&e| e & EXCLUDED != 0)
            .map(|&e| e & !EXCLUDED)
            .collect()
    }

    /// The options selected (not those excluded), in selection order.
    pub(in crate::engine) fn selected_options(&self) -> Vec<usize> {
        self.sel[..self.nsel]
            .iter()
            .filter(|&&e| e & EXCLUDED == 0)
            .map(|&e| self.m.option_of(e))
            .collect()
    }

    /// Whether a pre-selection conflicted.
    pub(crate) fn has_conflict(&self) -> bool {
        self.conflict
    }

    /// The number of pre-selected options.
    pub(crate) fn selection_len(&self) -> usize {
        self.sel[..self.nsel]
            .iter()
            .filter(|&&e| e & EXCLUDED == 0)
            .count()
    }

    // ----- The search -----

    /// Restores the matrix to its state before the search (keeping the
    /// pre-selections) and readies a new search with fresh statistics.
    pub(crate) fn restart(&mut self) {
        self.unwind();
        if let Some((seed, state)) = self.tiebreak.as_mut() {
            *state = *seed;
        }
        self.stats = Stats::default();
        self.aborts = 0;
        self.m.updates = 0;
        self.report_at = 0;
    }

    /// Lets the current search count its solutions without returning at
    /// each, until it has found `solutions` of them (a count up to a limit
    /// needs no more): the driver then returns [`Step::Solution`] at that
    /// one, or at the end. A driver may return at every solution all the
    /// same (the default of every `restart`); the caller reads the count
    /// from the statistics.
    pub(crate) fn report_at(&mut self, solutions: u64) {
        self.report_at = solutions;
    }

    /// Uncovers whatever the current search has covered, deepest level
    /// first, so the links are exactly as they were before it started.
    fn unwind(&mut self) {
        if self.pricing.is_active() {
            self.unwind_priced();
        } else {
            with_kind!(self.m.kind(), K => K::unwind(self));
        }
    }

    /// `unwind` after `dance`, Algorithm X's driver (`Kind::unwind` of the
    /// kinds that run it): the item of a level whose options are being
    /// tried is uncovered, every level above it undoes its option.
    pub(crate) fn unwind_dance<K: Kind>(&mut self) {
        let mut l = self.level;
        if self.stage == Stage::Try {
            // Level `l` has its item covered but no option tried.
            let i = self.item_of_choice(l);
            K::uncover(&mut self.m, i, &mut ());
        }
        while l > 0 {
            l -= 1;
            self.undo_option::<K>(self.x[l]);
        }
        self.forget_search();
    }

    /// The state of a search that has not started (nothing it covered is
    /// left covered: the caller has undone or copied back the links).
    fn forget_search(&mut self) {
        self.level = 0;
        self.stage = Stage::Enter;
        self.alts = 0;
        self.pricing.deactivate();
    }

    /// The item chosen at level `l`, whose list `x[l]` walks.
    fn item_of_choice(&self, l: usize) -> u32 {
        let p = self.x[l];
        if p <= self.m.items() {
            p
        } else {
            self.m.top(p) as u32
        }
    }

    /// The search, from wherever it last stopped, until the next solution,
    /// the end, or the budget runs out: the driver of the matrix's kind
    /// (`Kind::run`; Algorithm X's `dance` for every kind so far).
    pub(crate) fn run<O: Observer>(&mut self, limits: &Limits<'_>, obs: &mut O) -> Step {
        with_kind!(self.m.kind(), K => K::run(self, limits, obs))
    }

    /// Algorithm X's driver (`Kind::run` of every kind so far), for the
    /// kind `K`: steps X1-X8, which with `K`'s `commit` are Algorithm C's
    /// steps C1-C8 too (see [`kind`](crate::engine::kind)).
    ///
    /// A solution is counted, and passed over without returning, until
    /// the search has found `report_at` (see [`Search::report_at`]).
    pub(crate) fn dance<O: Observer, K: Kind>(&mut self, limits: &Limits<'_>, obs: &mut O) -> Step {
        if self.conflict {
            self.stage = Stage::Done;
        }
        if self.stage == Stage::Done {
            return Step::Exhausted;
        }
        let n = self.m.items();
        // The level, the stage, `alts` and the statistics live in locals
        // while the search runs, and the steps are written as two nested
        // loops (go down: X2-X4; try or back up: X5-X8), so that each step
        // jumps straight to the next; `stage` only says where a resumed
        // search re-enters, and all of them are stored back whenever the
        // search returns (or reports its progress). The node tried at the
        // current level is `p`, stored into `x[l]` when the search goes
        // down or stops before trying it.
        let (mut l, mut stage, mut alts) = (self.level, self.stage, self.alts);
        let Stats {
            mut nodes,
            mut solutions,
            mut max_depth,
            ..
        } = self.stats;
        // The budget is asked only when `nodes` reaches `look`, the next
        // count at which it could say anything but "go".
        let mut look = limits.next_look(nodes);
        let mut p = if stage == Stage::Try { self.x[l] } else { 0 };
        let step = 'search: loop {
            if stage == Stage::Enter {
                if self.m.is_all_covered() {
                    // X2: all primary items covered means a solution.
                    stage = Stage::Leave;
                    solutions = solutions.saturating_add(1);
                    obs.solution(l);
                    if solutions >= self.report_at {
                        break Step::Solution;
                    }
                } else {
                    // X3: choose the item with the fewest options.
                    let (i, len) = match self.tiebreak.as_mut() {
                        None => K::choose(&self.m),
                        Some((_, state)) => K::choose_random(&self.m, state),
                    };
                    if O::ENABLED {
                        obs.choose(l, self.m.external(i), len as usize);
                    }
                    if O::ENABLED && len == 0 {
                        // Nothing can cover `i`: for an observer, back up
                        // without covering it (its trace shows one dead
                        // end), counting the one update of DLX1's cover.
                        self.m.updates += 1;
                        obs.backtrack(l);
                        stage = Stage::Leave;
                    } else {
                        // X4: cover it and start down its list. An empty
                        // list is a dead end, as in DLX1: the cover counts
                        // its update, and X7 uncovers the item at once.
                        K::cover(&mut self.m, i, obs);
                        p = self.m.dlink(i);
                        stage = Stage::Try;
                    }
                }
            }
            loop {
                if stage == Stage::Try {
                    if p > n {
                        // X5: try option `p`, unless the budget is spent.
                        if nodes >= look {
                            self.x[l] = p;
                            match limits.check(nodes) {
                                Check::Go => {}
                                Check::Report => {
                                    self.stats = Stats {
                                        nodes,
                                        solutions,
                                        max_depth,
                                        ..self.stats
                                    };
                                    self.report(limits, l);
                                }
                                Check::Stop(why) => break 'search Step::Interrupted(why),
                            }
                            look = limits.next_look(nodes + 1);
                        }
                        nodes += 1;
                        if O::ENABLED {
                            obs.try_option(l, self.m.option_of(p));
                        }
                        self.x[l] = p;
                        alts += (self.m.dlink(p) > n) as usize;
                        K::cover_others(&mut self.m, p, obs);
                        l += 1;
                        max_depth = max_depth.max(l);
                        stage = Stage::Enter;
                        continue 'search;
                    }
                    // X7: every option of item `p` has been tried.
                    K::uncover(&mut self.m, p, obs);
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
                let tried = self.x[l];
                alts -= (self.m.dlink(tried) > n) as usize;
                K::uncover_others(&mut self.m, tried, obs);
                p = self.m.dlink(tried);
                stage = Stage::Try;
            }
        };
        (self.level, self.stage, self.alts) = (l, stage, alts);
        self.stats = Stats {
            nodes,
            solutions,
            max_depth,
            ..self.stats
        };
        step
    }

    /// Hands a search over to `dance` for the kind `K` (the memo driver
    /// does, when the memo does not pay): levels `0..level` have chosen
    /// the options `x[0..level]` (their items covered, then the options'
    /// others), the item of level `level` is covered and `x[level]` is the
    /// next node of its list to try (its header when none is left), as
    /// `dance` leaves a search it pauses before X5.
    pub(in crate::engine) fn resume_dance_at(&mut self, level: usize) {
        let n = self.m.items();
        self.alts = self.x[..level]
            .iter()
            .filter(|&&p| self.m.dlink(p) > n)
            .count();
        self.level = level;
        self.stage = Stage::Try;
    }

    /// Reports the progress of a search about to try `x[l]` at level `l`:
    /// Knuth's estimate from the position of `x[j]` in its item's list at
    /// every level `j <= l` (see [`Progress`](crate::Progress)).
    #[cold]
    pub(in crate::engine) fn report(&self, limits: &Limits<'_>, l: usize) {
        let Some(progress) = limits.progress() else {
            return;
        };
        let (mut walked, mut share) = (0.0, 1.0);
        for j in 0..=l {
            let (k, d) = self.m.position(self.item_of_choice(j), self.x[j]);
            share /= d as f64;
            walked += (k - 1) as f64 * share;
        }
        let estimate = (walked + share / 2.0).clamp(0.0, 1.0);
        progress.record(self.stats.nodes, self.stats.solutions, estimate);
    }

    /// Writes the current solution (pre-selected options first, then the
    /// options chosen at levels `0..level`) into `out`.
    pub(crate) fn solution_into(&self, out: &mut Vec<usize>) {
        out.clear();
        for &p in self.sel[..self.nsel].iter().filter(|&&e| e & EXCLUDED == 0) {
            out.push(self.m.option_of(p));
        }
        let n = self.m.items();
        for &p in self.x[..self.level].iter().filter(|&&p| p > n) {
            out.push(self.m.option_of(p));
        }
    }
}

mod abort;
pub(crate) mod cost;
pub(crate) mod frontier;
mod m;

#[cfg(test)]
mod tests;
