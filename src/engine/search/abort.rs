//! The driver of the kind [`Abort`](crate::engine::kind::Abort): Algorithm
//! X's steps X1-X8 as [`Search::dance`] runs them, except that step X5
//! commits an option with `Matrix::commit_or_abort`, and an option it
//! aborts (one that would leave an active primary item with no option) is
//! counted (`Search::aborts`) and followed at once by the next option of
//! the level (X6 with nothing to undo), without a node for it.
//!
//! A copy of `dance` rather than a test inside it, so that the kinds that
//! walk DLX1's tree run exactly the code they ran before (see
//! `matrix/abort.rs` for what the statistics count).

use super::{Search, Stage, Step};
use crate::engine::budget::{Check, Limits};
use crate::engine::kind::Kind;
use crate::engine::observe::Observer;
use crate::engine::stats::Stats;

impl Search<'_> {
    /// `dance` with the abort: the driver of
    /// [`Abort`](crate::engine::kind::Abort). With an observer, an option
    /// aborted is heard as tried (`try_option`) and nothing more; an option
    /// committed is heard as tried, then its other items as covered.
    pub(crate) fn dance_abort<O: Observer, K: Kind>(
        &mut self,
        limits: &Limits<'_>,
        obs: &mut O,
    ) -> Step {
        if self.conflict {
            self.stage = Stage::Done;
        }
        if self.stage == Stage::Done {
            return Step::Exhausted;
        }
        let n = self.m.items();
        let (mut l, mut stage, mut alts) = (self.level, self.stage, self.alts);
        let Stats {
            mut nodes,
            mut solutions,
            mut max_depth,
            ..
        } = self.stats;
        let mut aborts = self.aborts;
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
                    // X3: choose the item with the fewest options (none
                    // only at the root: below it an abort stops every
                    // option that would leave an item with none).
                    let (i, len) = match self.tiebreak.as_mut() {
                        None => K::choose(&self.m),
                        Some((_, state)) => K::choose_random(&self.m, state),
                    };
                    if O::ENABLED {
                        obs.choose(l, self.m.external(i), len as usize);
                    }
                    if O::ENABLED && len == 0 {
                        self.m.updates += 1;
                        obs.backtrack(l);
                        stage = Stage::Leave;
                    } else {
                        // X4: cover it and start down its list.
                        K::cover(&mut self.m, i, obs);
                        p = self.m.dlink(i);
                        stage = Stage::Try;
                    }
                }
            }
            loop {
                if stage == Stage::Try {
                    while p > n {
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
                                    self.aborts = aborts;
                                    self.report(limits, l);
                                }
                                Check::Stop(why) => break 'search Step::Interrupted(why),
                            }
                            look = limits.next_look(nodes + 1);
                        }
                        if O::ENABLED {
                            obs.try_option(l, self.m.option_of(p));
                        }
                        if !K::commit_or_abort(&mut self.m, p) {
                            // The abort: on to the next option of `i`.
                            aborts = aborts.saturating_add(1);
                            if O::ENABLED {
                                obs.abort(l, self.m.option_of(p));
                            }
                            p = self.m.dlink(p);
                            continue;
                        }
                        nodes += 1;
                        if O::ENABLED {
                            self.report_commit(p, obs);
                        }
                        self.x[l] = p;
                        alts += (self.m.dlink(p) > n) as usize;
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
        self.aborts = aborts;
        step
    }

    /// Tells `obs` that the other items of the option of node `p`, just
    /// committed, are covered, in the order the commit took them
    /// (`commit_order`), which step X6 reverses: an observer that keeps a
    /// copy of the links undoes them last in, first out, as the links are.
    #[cold]
    fn report_commit<O: Observer>(&self, p: u32, obs: &mut O) {
        for (a, b) in self.m.commit_order::<false>(p) {
            for q in a..b {
                obs.cover(self.m.external(self.m.top(q) as u32));
            }
        }
    }
}
