//! Algorithm Z's driver: the search of Algorithm X (C with colours) that
//! looks every state up in the memo before branching on it, generic over
//! the kind `K` like `Search::dance`, and called through `with_kind!` like
//! it (see [`kind`](crate::engine::kind)).
//!
//! It follows DLX6's steps. On entering a level, the key of the state is
//! looked up in the cache: a hit adds the stored count (and hands back the
//! stored ZDD node) and backs up at once; a miss stores the key, its count
//! to come. Then an item is chosen (MRV or the leftmost item), covered,
//! and its options tried one by one, each level remembering the count when
//! it started; when a level has tried every option, its item is uncovered
//! and the count it added, with its ZDD node, goes to its entry. A
//! solution (every primary item covered after an option) counts one
//! without entering a level. With a ZDD, undoing an option that led to
//! solutions makes a node (the option; the node of the options tried
//! before it at this level; the node of its solutions), as DLX6's `m1`
//! does.
//!
//! Counts are `u128` and every addition is checked: past `u128::MAX` the
//! count is an error, never a wrapped number.
//!
//! # When the memo does not pay
//!
//! On problems whose states seldom repeat (queens, Langford's pairs,
//! polyominoes) the keys cost more than the hits save. Each entry keeps
//! the nodes its count took; a hit *saves* that many. When the memo may
//! give up (`Verdict`), the driver weighs them after `SAMPLE` lookups and
//! at every doubling after that, up to `LAST_CHECK`: if the nodes saved
//! are fewer than `PAYS` times the nodes spent, it hands the search over
//! to `dance` where it stands (the same matrix, the same choice stack, see
//! `Search::resume_dance_at`), which counts the rest of the tree one
//! solution at a time with no memo at all, and the cache is emptied. The
//! sample costs a few percent of a count that is long enough to matter.

use crate::engine::budget::{Check, Interruption, Limits};
use crate::engine::kind::Kind;
use crate::engine::matrix::memo::KeyPlan;
use crate::engine::memo::cache::{Cache, Probe};
use crate::engine::memo::zdd::{Builder, TRUE};
use crate::engine::memo::{Branching, MemoError, MemoStats};
use crate::engine::search::{Search, Step};
use crate::engine::solver::SearchEnd;

/// The lookups before the memo first weighs whether it pays.
const SAMPLE: u64 = 1 << 14;

/// The last lookup count at which it weighs it: past this the memo has
/// paid (or the count is nearly over).
const LAST_CHECK: u64 = 1 << 24;

/// The memo pays when a plain search would take at least this many times
/// the nodes the memo count spends: a node with a lookup costs two to six
/// plain ones, and where the memo pays the ratio grows as the count goes
/// (measured at the first weighing: 1.0 to 1.2 for queens 13, Langford's
/// pairs 12 and the pentominoes, 2.9 for the empty 6x6 Sudoku, 65 for
/// dominoes on a 16x16 board; see docs/performance.md).
const PAYS: f64 = 2.0;

/// Whether the memo of a count goes on paying, weighed across the counts
/// that share a cache.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Verdict {
    /// Lookups so far.
    lookups: u64,
    /// Nodes the hits of the counts before this one saved.
    saved: f64,
    /// Nodes those counts spent.
    spent: u64,
    /// The memo did not pay: counts go on (or start) without it.
    pub(crate) gave_up: bool,
}

impl Verdict {
    /// Records one lookup, and says whether the memo must give up now,
    /// `nodes` into this count whose hits have saved `saved` nodes.
    #[inline]
    fn weigh(&mut self, saved: f64, nodes: u64) -> bool {
        self.lookups += 1;
        let at = self.lookups;
        if !(SAMPLE..=LAST_CHECK).contains(&at) || !at.is_power_of_two() {
            return false;
        }
        let spent = self.spent.saturating_add(nodes) as f64;
        let plain = spent + self.saved + saved;
        self.gave_up = plain < PAYS * spent;
        self.gave_up
    }

    /// Records the end of a count that spent `nodes` nodes and whose hits
    /// saved `saved`.
    pub(crate) fn finish(&mut self, nodes: u64, saved: f64) {
        self.spent = self.spent.saturating_add(nodes);
        self.saved += saved;
    }
}

/// What one memo count works with besides the search.
pub(crate) struct Run<'r> {
    pub(crate) plan: &'r KeyPlan,
    pub(crate) cache: &'r mut Cache,
    /// The ZDD being built, if any.
    pub(crate) zdd: Option<&'r mut Builder>,
    /// The bytes the cache and the ZDD may hold together.
    pub(crate) memory: usize,
    pub(crate) branching: Branching,
    /// Stop once the count reaches this.
    pub(crate) limit: u128,
    /// Whether the memo may give up, and its verdict so far (`None`: it
    /// never does, as when a ZDD is built).
    pub(crate) verdict: Option<&'r mut Verdict>,
    pub(crate) stats: MemoStats,
}

/// How a memo count ended: the count, how, and the ZDD node of its
/// solutions (`TRUE` for the empty solution alone, 0 for none or no ZDD).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counted {
    pub(crate) count: u128,
    pub(crate) end: SearchEnd,
    pub(crate) root: u32,
}

/// What a level remembers.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The item branched on.
    item: u32,
    /// The count when the level began.
    base: u128,
    /// Its entry in the cache, or `NONE`.
    entry: u32,
    /// The nodes a plain search would have spent when it began: the
    /// nodes spent, and those the hits saved.
    plain: f64,
    /// The ZDD node of the options tried at this level so far, kept while
    /// the levels below run.
    zdd: u32,
}

/// No entry (the cache was full).
const NONE: u32 = u32::MAX;

/// Where the driver is, as in `dance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Enter level `l`: look the state up, choose, cover.
    Enter,
    /// Try `x[l]` (the item of level `l` is covered).
    Try,
    /// Level `l` is done (nothing covered at it): back to `l - 1`.
    Back,
}

/// Why the loop stopped before the end.
enum Stop {
    Limit,
    Interrupted(Interruption),
    Error(MemoError),
    /// The memo does not pay: `dance` takes over at level `l`.
    GiveUp,
}

/// The driver's state: the run, a level record per level, the key buffer,
/// the count, and the ZDD node of the current level.
struct Driver<'d, 'r> {
    run: &'d mut Run<'r>,
    levels: Vec<Level>,
    key: Vec<u64>,
    count: u128,
    znode: u32,
    /// The nodes the hits of this count saved: the plain search's cost of
    /// their states.
    saved: f64,
}

/// Counts the solutions below the current state of `s` (its selection
/// made) by Algorithm Z for the kind `K` (module documentation); with a
/// ZDD when `Z` (then `run.zdd` is `Some`). The search is left as a
/// finished one: everything it covered uncovered, or paused in `dance`'s
/// state when `dance` took over (`Search::unwind` undoes it).
pub(crate) fn count<K: Kind, const Z: bool>(
    s: &mut Search<'_>,
    limits: &Limits<'_>,
    run: &mut Run<'_>,
) -> Result<Counted, MemoError> {
    if s.has_conflict() {
        return Ok(counted(0, SearchEnd::Exhausted, 0));
    }
    if s.m.is_all_covered() {
        return Ok(counted(1, SearchEnd::Exhausted, TRUE));
    }
    if run.verdict.as_deref().is_some_and(|v| v.gave_up) {
        return plain::<K>(s, limits, 0, run.limit);
    }
    let mut d = Driver {
        levels: vec![Level::default(); s.x.len() + 1],
        key: vec![0; run.plan.words()],
        run,
        count: 0,
        znode: 0,
        saved: 0.0,
    };
    let (mut l, mut stage) = (0usize, Stage::Enter);
    let stop = loop {
        let next = match stage {
            Stage::Enter => d.enter::<K>(s, l),
            Stage::Try => d.try_next::<K, Z>(s, limits, &mut l),
            Stage::Back if l == 0 => break None,
            Stage::Back => {
                // Until `back` returns, level `l - 1` is as `Try` leaves it.
                l -= 1;
                stage = Stage::Try;
                d.back::<K, Z>(s, l)
            }
        };
        match next {
            Ok(next) => stage = next,
            Err(stop) => break Some((stop, stage)),
        }
    };
    let count = d.count;
    let root = d.znode;
    d.run.stats.saved = d.saved as u64;
    let end = match stop {
        None => SearchEnd::Exhausted,
        Some((Stop::GiveUp, _)) => {
            d.run.stats.bytes = d.run.cache.bytes();
            d.run.stats.signatures = d.run.cache.len() as u64;
            // Said before the cache forgets it (issue 39: `--stats` said
            // "cache full: no" of a cache that had filled).
            d.run.stats.full = d.run.cache.is_full();
            d.run.cache.release();
            s.resume_dance_at(l);
            return plain::<K>(s, limits, count, d.run.limit);
        }
        Some((why, stage)) => {
            d.unwind::<K>(s, l, stage == Stage::Try);
            match why {
                Stop::Limit => SearchEnd::Limit,
                Stop::Interrupted(why) => SearchEnd::Interrupted(why),
                Stop::Error(e) => return Err(e),
                Stop::GiveUp => unreachable!("handled above"),
            }
        }
    };
    Ok(counted(count, end, root))
}

fn counted(count: u128, end: SearchEnd, root: u32) -> Counted {
    Counted { count, end, root }
}

/// Counts the rest of the search with `dance`, one solution at a time,
/// from where `s` stands (a fresh search, or one handed over by
/// `resume_dance_at`), adding to `count`.
fn plain<K: Kind>(
    s: &mut Search<'_>,
    limits: &Limits<'_>,
    mut count: u128,
    limit: u128,
) -> Result<Counted, MemoError> {
    if count >= limit {
        return Ok(counted(limit, SearchEnd::Limit, 0));
    }
    loop {
        match s.dance::<(), K>(limits, &mut ()) {
            Step::Solution => {
                count = count.checked_add(1).ok_or(MemoError::Overflow)?;
                if count >= limit {
                    return Ok(counted(limit, SearchEnd::Limit, 0));
                }
            }
            Step::Exhausted => return Ok(counted(count, SearchEnd::Exhausted, 0)),
            Step::Interrupted(why) => {
                return Ok(counted(count, SearchEnd::Interrupted(why), 0));
            }
        }
    }
}

impl Driver<'_, '_> {
    /// Enters level `l`: the lookup (a hit backs up at once), then the
    /// choice of an item and its cover.
    #[inline]
    fn enter<K: Kind>(&mut self, s: &mut Search<'_>, l: usize) -> Result<Stage, Stop> {
        K::memo_key(&s.m, self.run.plan, &mut self.key);
        let hash = Cache::hash(&self.key);
        let probe = self.run.cache.probe(&self.key, hash);
        self.run.stats.lookups += 1;
        let nodes = s.stats.nodes;
        let entry = match probe {
            Probe::Hit(e) => {
                let (count, zdd, cost) = self.run.cache.get(e);
                self.run.stats.hits += 1;
                self.saved += cost;
                self.add(count)?;
                self.znode = zdd;
                self.weigh(nodes);
                return Ok(Stage::Back);
            }
            Probe::New(e) => e,
            Probe::Full => NONE,
        };
        self.weigh(nodes);
        let (i, len) = match self.run.branching {
            Branching::Mrv => K::choose(&s.m),
            Branching::Leftmost => K::choose_leftmost(&s.m),
        };
        self.levels[l] = Level {
            item: i,
            base: self.count,
            entry,
            plain: nodes as f64 + self.saved,
            zdd: 0,
        };
        self.znode = 0;
        if len == 0 {
            // A dead end: nothing to cover, no solution. DLX6 covers the
            // item first and backs up: one update, counted as the plain
            // search counts it.
            s.m.updates += 1;
            self.store(l, nodes);
            return Ok(Stage::Back);
        }
        K::cover(&mut s.m, i, &mut ());
        s.x[l] = s.m.dlink(i);
        Ok(Stage::Try)
    }

    /// At level `l`, tries the next option of its item: a solution counts
    /// and the next is tried, else the search goes down a level; when
    /// none is left, uncovers the item and stores the level's count.
    #[inline]
    fn try_next<K: Kind, const Z: bool>(
        &mut self,
        s: &mut Search<'_>,
        limits: &Limits<'_>,
        l: &mut usize,
    ) -> Result<Stage, Stop> {
        let at = *l;
        let p = s.x[at];
        if p <= s.m.items() {
            K::uncover(&mut s.m, p, &mut ());
            self.store(at, s.stats.nodes);
            return Ok(Stage::Back);
        }
        if self.run.verdict.as_deref().is_some_and(|v| v.gave_up) {
            return Err(Stop::GiveUp);
        }
        match limits.check(s.stats.nodes) {
            Check::Go => {}
            Check::Report => {
                s.stats.solutions = u64::try_from(self.count).unwrap_or(u64::MAX);
                s.report(limits, at);
            }
            Check::Stop(why) => return Err(Stop::Interrupted(why)),
        }
        s.stats.nodes += 1;
        K::cover_others(&mut s.m, p, &mut ());
        if !s.m.is_all_covered() {
            self.levels[at].zdd = self.znode;
            *l = at + 1;
            s.stats.max_depth = s.stats.max_depth.max(at + 1);
            return Ok(Stage::Enter);
        }
        // A solution: count it and undo the option at once.
        s.stats.max_depth = s.stats.max_depth.max(at + 1);
        K::uncover_others(&mut s.m, p, &mut ());
        s.x[at] = s.m.dlink(p);
        if Z {
            self.make(s.m.option_of(p), TRUE)?;
        }
        self.add(1)?;
        Ok(Stage::Try)
    }

    /// Back at level `l` from the level below: undoes its option (with a
    /// ZDD node when it led to solutions) and moves to the next.
    #[inline]
    fn back<K: Kind, const Z: bool>(
        &mut self,
        s: &mut Search<'_>,
        l: usize,
    ) -> Result<Stage, Stop> {
        let p = s.x[l];
        let below = self.znode;
        self.znode = self.levels[l].zdd;
        K::uncover_others(&mut s.m, p, &mut ());
        s.x[l] = s.m.dlink(p);
        if Z && below != 0 {
            self.make(s.m.option_of(p), below)?;
        }
        Ok(Stage::Try)
    }

    /// Adds `more` solutions to the count; stops at the limit.
    #[inline]
    fn add(&mut self, more: u128) -> Result<(), Stop> {
        self.count = self
            .count
            .checked_add(more)
            .ok_or(Stop::Error(MemoError::Overflow))?;
        if self.count >= self.run.limit {
            self.count = self.run.limit;
            return Err(Stop::Limit);
        }
        Ok(())
    }

    /// Weighs whether the memo pays, after a lookup `nodes` into the
    /// count.
    #[inline]
    fn weigh(&mut self, nodes: u64) {
        if let Some(v) = self.run.verdict.as_deref_mut() {
            if v.weigh(self.saved, nodes) && self.run.stats.gave_up.is_none() {
                self.run.stats.gave_up = Some(nodes);
            }
        }
    }

    /// The ZDD node of `option` on top of the current level's: its
    /// solutions are those of `hi`.
    fn make(&mut self, option: usize, hi: u32) -> Result<(), Stop> {
        let cache = self.run.cache.bytes();
        let Some(zdd) = self.run.zdd.as_deref_mut() else {
            return Ok(());
        };
        match zdd.make(
            option,
            self.znode,
            hi,
            self.run.memory.saturating_sub(cache),
        ) {
            Some(node) => {
                self.znode = node;
                let left = self.run.memory.saturating_sub(zdd.bytes());
                self.run.cache.set_budget(left);
                Ok(())
            }
            None => Err(Stop::Error(MemoError::ZddTooLarge {
                memory: self.run.memory,
            })),
        }
    }

    /// Stores the count of level `l`, which is done, `nodes` into the count.
    #[inline]
    fn store(&mut self, l: usize, nodes: u64) {
        let level = self.levels[l];
        if level.entry != NONE {
            let cost = nodes as f64 + self.saved - level.plain;
            self.run
                .cache
                .set(level.entry, self.count - level.base, self.znode, cost);
        }
    }

    /// Undoes what the search covered, level `l` first (its item when
    /// `covered`), so that the links are as before the count.
    fn unwind<K: Kind>(&self, s: &mut Search<'_>, l: usize, covered: bool) {
        if covered {
            K::uncover(&mut s.m, self.levels[l].item, &mut ());
        }
        for j in (0..l).rev() {
            K::uncover_others(&mut s.m, s.x[j], &mut ());
            K::uncover(&mut s.m, self.levels[j].item, &mut ());
        }
    }
}
