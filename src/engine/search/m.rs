//! Algorithm M's driver: steps M1-M9 of TAOCP 7.2.2.1 as Knuth's DLX3 runs
//! them, a resumable state machine over the choice stack like
//! [`Search::dance`], generic over the form of `LEN` and over colours (the
//! kind `M<L, C>`, see [`m`](crate::engine::matrix::m) for the operations).
//!
//! Each level keeps `x[l]` (the node tried, or the item itself for the
//! null choice), `ft[l]` (the first node tweaked, 0 when the level does not
//! tweak) and `deg[l]` (its branching degree, for progress reports). The
//! stages of [`Stage`] map onto the steps: `Enter` is M2-M4, `Try` is M5-M6
//! (and M8 when nothing is left to try), `Leave` is M9 and M7. The search
//! tree is DLX3's: the same nodes (tries, options and null choices; DLX3
//! counts the root as well), the same updates and the same order of
//! solutions.

use super::{Search, Stage, Step};
use crate::engine::budget::{Check, Limits};
use crate::engine::kind::{Kind, M};
use crate::engine::matrix::len::Len;
use crate::engine::matrix::m::Advance;
use crate::engine::observe::Observer;

impl Search<'_> {
    /// Algorithm M's driver (`Kind::run` of `M<L, C>`): from wherever the
    /// search last stopped until the next solution, the end, or the budget
    /// runs out.
    pub(crate) fn multiply<O: Observer, L: Len, const C: bool>(
        &mut self,
        limits: &Limits<'_>,
        obs: &mut O,
    ) -> Step {
        if self.conflict {
            self.stage = Stage::Done;
        }
        let n = self.m.items();
        let (mut l, mut stage) = (self.level, self.stage);
        let step = loop {
            match stage {
                Stage::Done => break Step::Exhausted,
                Stage::Enter => {
                    // M2: every primary item settled is a solution.
                    if self.m.is_all_covered() {
                        stage = Stage::Leave;
                        self.stats.solutions = self.stats.solutions.saturating_add(1);
                        obs.solution(l);
                        break Step::Solution;
                    }
                    stage = self.enter_m::<O, L, C>(l, obs);
                }
                Stage::Try => {
                    // M5: the next candidate, or M8.
                    let x = self.x[l];
                    let i = if x <= n { x } else { self.m.top(x) as u32 };
                    if self.m.advance::<L>(i, x) == Advance::Restore {
                        self.m.restore_m::<O, L, C>(i, self.ft[l], obs);
                        obs.backtrack(l);
                        stage = Stage::Leave;
                        continue;
                    }
                    match limits.check(self.stats.nodes) {
                        Check::Go => {}
                        Check::Report => self.report_m(limits, l),
                        Check::Stop(why) => break Step::Interrupted(why),
                    }
                    self.stats.nodes += 1;
                    // M5's tweak, then M6: try it.
                    self.m.tweak_for::<L, C>(i, x);
                    if x > n {
                        if O::ENABLED {
                            obs.try_option(l, self.m.option_of(x));
                        }
                        M::<L, C>::cover_others(&mut self.m, x, obs);
                    } else if O::ENABLED {
                        obs.try_none(l, self.m.external(i));
                    }
                    l += 1;
                    self.stats.max_depth = self.stats.max_depth.max(l);
                    stage = Stage::Enter;
                }
                Stage::Leave => {
                    // M9: leave level `l`; back at the level above, M7 or
                    // (after a null choice) M8.
                    if l == 0 {
                        stage = Stage::Done;
                        break Step::Exhausted;
                    }
                    l -= 1;
                    let x = self.x[l];
                    if x <= n {
                        if self.m.bound_slack(x).0 != 0 {
                            self.m.reactivate(x);
                        }
                        self.m.restore_m::<O, L, C>(x, self.ft[l], obs);
                        obs.backtrack(l);
                    } else {
                        M::<L, C>::uncover_others(&mut self.m, x, obs);
                        self.x[l] = self.m.dlink(x);
                        stage = Stage::Try;
                    }
                }
            }
        };
        (self.level, self.stage) = (l, stage);
        step
    }

    /// Steps M3 and M4 at level `l`: chooses the item to branch on and
    /// prepares it; the stage to go on with (`Try`, or `Leave` at a dead
    /// end).
    fn enter_m<O: Observer, L: Len, const C: bool>(&mut self, l: usize, obs: &mut O) -> Stage {
        let (i, score) = match self.tiebreak.as_mut() {
            None => self.m.choose_m::<L>(None),
            Some((_, state)) => self.m.choose_m::<L>(Some(state)),
        };
        let degree = score.clamp(0, i64::from(u32::MAX)) as u32;
        if O::ENABLED {
            obs.choose(l, self.m.external(i), degree as usize);
        }
        if degree == 0 {
            // Too few options left for `i`: back up without touching it.
            obs.backtrack(l);
            return Stage::Leave;
        }
        let tweaks = self.m.prepare::<O, L, C>(i, obs);
        self.x[l] = self.m.dlink(i);
        self.ft[l] = if tweaks { self.x[l] } else { 0 };
        self.deg[l] = degree;
        Stage::Try
    }

    /// Undoes whatever Algorithm M's search has done, deepest level first
    /// (`Kind::unwind` of `M<L, C>`): at a level preparing its item (stage
    /// `Try`) the item is restored; every level above undoes its try (the
    /// option's items, or the null choice) and restores its item.
    pub(crate) fn unwind_m<L: Len, const C: bool>(&mut self) {
        let n = self.m.items();
        let mut l = self.level;
        if self.stage == Stage::Try {
            let x = self.x[l];
            let i = if x <= n { x } else { self.m.top(x) as u32 };
            self.m.restore_m::<(), L, C>(i, self.ft[l], &mut ());
        }
        while l > 0 {
            l -= 1;
            let x = self.x[l];
            let i = if x <= n {
                if self.m.bound_slack(x).0 != 0 {
                    self.m.reactivate(x);
                }
                x
            } else {
                M::<L, C>::uncover_others(&mut self.m, x, &mut ());
                self.m.top(x) as u32
            };
            self.m.restore_m::<(), L, C>(i, self.ft[l], &mut ());
        }
        self.forget_search();
    }

    /// Reports the progress of Algorithm M's search about to try `x[l]`:
    /// Knuth's estimate, each level `j <= l` trying its `k`-th of `deg[j]`
    /// candidates.
    #[cold]
    fn report_m(&self, limits: &Limits<'_>, l: usize) {
        let Some(progress) = limits.progress() else {
            return;
        };
        let n = self.m.items();
        let (mut walked, mut share) = (0.0, 1.0);
        for j in 0..=l {
            let x = self.x[j];
            let k = if self.ft[j] == 0 {
                self.m.position(self.m.top(x) as u32, x).0
            } else {
                // The candidates tried before `x` are tweaked: their nodes
                // still point down to one another, from `ft[j]`.
                let mut k = 1;
                let mut q = self.ft[j];
                while q != x && q > n {
                    q = self.m.dlink(q);
                    k += 1;
                }
                k
            };
            let d = (self.deg[j] as usize).max(k);
            share /= d as f64;
            walked += (k - 1) as f64 * share;
        }
        let estimate = (walked + share / 2.0).clamp(0.0, 1.0);
        progress.record(self.stats.nodes, self.stats.solutions, estimate);
    }
}
