//! Algorithm Z: counting by memoised subproblems, and the ZDD of every
//! solution (`Memo` documents it, for users).

pub(crate) mod cache;
pub(crate) mod driver;
mod zdd;

use std::fmt;
use std::str::FromStr;

use crate::engine::kind::with_kind;
use crate::engine::memo::cache::Cache;
use crate::engine::memo::driver::{Counted, Run, Verdict};
use crate::engine::memo::zdd::Builder;
use crate::engine::solver::{Interrupted, SearchEnd, Solver};

pub use zdd::{RandomSolutions, Zdd, ZddSolutions};

/// The branching rule of a memo count ([`Memo`]).
///
/// ```
/// use exactcover::engine::Branching;
/// assert_eq!("leftmost".parse::<Branching>(), Ok(Branching::Leftmost));
/// assert_eq!(Branching::default().to_string(), "mrv");
/// assert!("fewest".parse::<Branching>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Branching {
    /// The active primary item of fewest options, the first on ties
    /// (Knuth's DLX6).
    #[default]
    Mrv,
    /// An item with no option left if there is one, else the active primary
    /// item of least number (Knuth's DLX6-noMRV).
    Leftmost,
}

impl fmt::Display for Branching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Branching::Mrv => "mrv",
            Branching::Leftmost => "leftmost",
        })
    }
}

/// A name that is no [`Branching`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BranchingError(String);

impl fmt::Display for BranchingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is no branching rule: mrv or leftmost",
            crate::util::text::Printable::cut(&self.0, 40)
        )
    }
}

impl std::error::Error for BranchingError {}

impl FromStr for Branching {
    type Err = BranchingError;

    fn from_str(s: &str) -> Result<Branching, BranchingError> {
        match s {
            "mrv" => Ok(Branching::Mrv),
            "leftmost" => Ok(Branching::Leftmost),
            _ => Err(BranchingError(s.chars().take(41).collect())),
        }
    }
}

/// How a memo count runs: its branching rule, the bytes its cache (and
/// ZDD) may hold, and whether it may go on without the memo when the memo
/// does not pay.
///
/// # Algorithm Z
///
/// Counting without visiting every solution: Knuth's Algorithm Z
/// (memoised subproblems, his program DLX6), exact counts past 2^64, and the
/// ZDD of every solution.
///
/// A plain count ([`Solver::count`](crate::Solver::count)) takes at least one step per
/// solution. Many problems reach the same *state* (the same items left to
/// cover, the same options live) by many paths: a domino tiling of a board
/// fills the same region in countless orders. Algorithm Z (TAOCP 7.2.2.1;
/// Nishino, Yasuda, Minato and Nagata, "Dancing with Decision Diagrams",
/// AAAI 2017) remembers the count of every state it has finished, keyed by
/// the state itself, and never searches a state twice: the 10x10 board's
/// 258,584,046,368 tilings take a few thousand search nodes.
///
/// # Types
///
/// * [`Memo`]: how a memo count runs: its [`Branching`] rule, its memory
///   budget, and whether it may go on without the memo when the memo does
///   not pay.
/// * [`Solver::count_memo`] answers a [`MemoCount`]: the count as a `u128`
///   (exact: past `u128::MAX` it is [`MemoError::Overflow`], never a
///   wrapped number), how it ended, and [`MemoStats`] (signatures stored,
///   hits, the cache's bytes). [`Solver::count_memo_in`] keeps the memo in a
///   [`MemoCache`] from count to count, for many counts of one problem
///   (the subproblems of a split).
/// * [`Solver::zdd`] builds the [`Zdd`] of every solution: its count,
///   uniformly random solutions ([`Zdd::random_solutions`]), every solution
///   in turn ([`Zdd::solutions`]), and DLX6's text format for Knuth's
///   ZDDREAD programs ([`Zdd::write_knuth`]).
///
/// # The memo
///
/// The state is keyed as DLX6 signs it: a bit per active primary item, and
/// for each secondary item still in play (active, in a live option) a
/// code for its colour, if any chosen option has given it one (see
/// `engine/matrix/memo.rs` for why equal keys mean equal counts). The
/// cache compares keys in full, never by a hash alone.
///
/// Its memory is bounded by [`Memo::with_memory`] (1 GiB by default),
/// every table and every entry counted (with a ZDD, the diagram too). When
/// the next entry would not fit, the cache is **full**: it keeps every
/// entry it has and goes on finding them, and stores no more; the count
/// stays exact and may only get slower ([`MemoStats::full`] says so). A
/// ZDD that outgrows the budget is an error ([`MemoError::ZddTooLarge`]):
/// its nodes cannot be dropped.
///
/// The budget of the solver ([`Budget`](crate::Budget): nodes, time,
/// cancellation, progress) holds in a memo count as in any other; a node
/// is an option tried, as in a plain count, and a hit is none.
///
/// # The branching rule
///
/// [`Branching::Mrv`], the item of fewest options (DLX6), is the default:
/// measured (docs/performance.md), it is the one that never explodes.
/// [`Branching::Leftmost`], the active item of least number (DLX6-noMRV),
/// keeps the covered region of a grid compact, so that far more states
/// repeat: on the empty 6x6 Sudoku it takes half the time of MRV; on the
/// pentominoes it makes the tree hundreds of times larger.
///
/// # When the memo does not pay
///
/// On problems whose states seldom repeat (queens, Langford's pairs,
/// polyominoes), DLX6 is two to six times slower than a plain count. A
/// memo count weighs, after 16,384 lookups and at every doubling up to
/// 2^24, the nodes its hits have saved (the nodes their entries took)
/// against the nodes it has spent; when they are fewer, it hands the search
/// over, where it stands, to the plain driver, which counts the rest with no
/// memo (and the cache is emptied): [`MemoStats::gave_up`] says when. So a
/// memo count is never much slower than a plain one. [`Memo::always`]
/// keeps the memo whatever it costs; a ZDD always keeps it.
///
/// # Example
///
/// ```
/// use exactcover::engine::{Branching, Memo};
/// let memo = Memo::new().with_branching(Branching::Leftmost).with_memory(1 << 20);
/// assert_eq!((memo.branching(), memo.memory()), (Branching::Leftmost, 1 << 20));
/// assert!(memo.may_give_up() && !memo.always().may_give_up());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memo {
    branching: Branching,
    memory: usize,
    give_up: bool,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new()
    }
}

impl Memo {
    /// The memory of a memo count unless told otherwise: 1 GiB.
    pub const DEFAULT_MEMORY: usize = 1 << 30;

    /// MRV, 1 GiB, and giving up when the memo does not pay.
    ///
    /// ```
    /// let memo = exactcover::engine::Memo::new();
    /// assert_eq!(memo.memory(), exactcover::engine::Memo::DEFAULT_MEMORY);
    /// ```
    #[must_use]
    pub fn new() -> Memo {
        Memo {
            branching: Branching::default(),
            memory: Memo::DEFAULT_MEMORY,
            give_up: true,
        }
    }

    /// Branches by `branching`.
    #[must_use]
    pub fn with_branching(mut self, branching: Branching) -> Memo {
        self.branching = branching;
        self
    }

    /// Holds at most `bytes` in the cache and the ZDD together.
    #[must_use]
    pub fn with_memory(mut self, bytes: usize) -> Memo {
        self.memory = bytes;
        self
    }

    /// Keeps the memo to the end, even where it does not pay.
    #[must_use]
    pub fn always(mut self) -> Memo {
        self.give_up = false;
        self
    }

    /// The branching rule.
    #[must_use]
    pub fn branching(&self) -> Branching {
        self.branching
    }

    /// The bytes the cache and the ZDD may hold together.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// Whether the count may go on without the memo when it does not pay.
    #[must_use]
    pub fn may_give_up(&self) -> bool {
        self.give_up
    }
}

/// What a memo count's cache did.
///
/// ```
/// use exactcover::{Solver, engine::Memo};
/// let counted = Solver::new(&exactcover::problem::classic::queens(8)).count_memo(None, &Memo::new())?;
/// let memo = counted.memo;
/// assert!(memo.hits <= memo.lookups && memo.signatures <= memo.lookups);
/// # Ok::<(), exactcover::engine::MemoError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoStats {
    /// States looked up (one per level entered).
    pub lookups: u64,
    /// Lookups that found their state counted already.
    pub hits: u64,
    /// States stored (with a cache shared by several counts, all of them).
    pub signatures: u64,
    /// The nodes the hits saved: an estimate of the nodes a plain search
    /// would have spent on their states (the nodes their counts took, and
    /// what the hits below those saved).
    pub saved: u64,
    /// The bytes the cache held at the end (before it was emptied, if the
    /// memo gave up).
    pub bytes: usize,
    /// Whether the cache filled its memory and stopped storing states.
    pub full: bool,
    /// The nodes after which the memo gave up and the count went on
    /// without it, if it did.
    pub gave_up: Option<u64>,
    /// The nodes of the ZDD, when one was built.
    pub zdd_nodes: usize,
    /// The fewest bytes of memory that hold one state of the problem (its
    /// key and count, and the smallest table): with less, the cache
    /// stores nothing.
    pub least_memory: usize,
}

impl MemoStats {
    /// The figures of a count by `memo` for people, one a line, as a
    /// command's `--stats` shows them: the branching rule, lookups, hits
    /// (and their rate), signatures, the cache's bytes (of its memory),
    /// whether it filled, whether the memo gave up, and the ZDD's nodes
    /// when there is one.
    ///
    /// ```
    /// use exactcover::engine::{Memo, MemoStats};
    ///
    /// let text = MemoStats::default().describe(&Memo::new());
    /// assert!(text.starts_with("branching: mrv\nlookups: 0\nhits: 0 (0.0%)"), "{text}");
    /// assert!(text.ends_with("cache full: no\nmemo gave up: no"), "{text}");
    /// ```
    #[must_use]
    pub fn describe(&self, memo: &Memo) -> String {
        let rate = if self.lookups == 0 {
            0.0
        } else {
            100.0 * self.hits as f64 / self.lookups as f64
        };
        let gave_up = match self.gave_up {
            Some(nodes) => format!("after {nodes} nodes (then counted without it)"),
            None => "no".to_string(),
        };
        let mut text = format!(
            "branching: {}\nlookups: {}\nhits: {} ({rate:.1}%)\nsignatures: {}\ncache bytes: {} (of {})\ncache full: {}\nmemo gave up: {gave_up}",
            memo.branching(),
            self.lookups,
            self.hits,
            self.signatures,
            self.bytes,
            memo.memory(),
            if self.full { "yes" } else { "no" },
        );
        if self.zdd_nodes > 0 {
            text.push_str(&format!("\nzdd nodes: {}", self.zdd_nodes));
        }
        text
    }

    /// What a command says of a cache that filled, if it did: that it
    /// held no state at all and the least memory that holds one, or that
    /// it stored no more once full (the count stays exact either way).
    ///
    /// ```
    /// use exactcover::{Solver, engine::Memo};
    /// let problem = exactcover::problem::classic::queens(6);
    /// let tiny = Memo::new().with_memory(8);
    /// let counted = Solver::new(&problem).count_memo(None, &tiny)?;
    /// assert_eq!((counted.solutions, counted.memo.signatures), (4, 0));
    /// let warning = counted.memo.warning(&tiny).expect("full");
    /// let least = counted.memo.least_memory;
    /// assert!(warning.contains(&format!("--memory {least}")), "{warning}");
    /// let counted = Solver::new(&problem).count_memo(None, &Memo::new().with_memory(least))?;
    /// assert_eq!((counted.solutions, counted.memo.signatures), (4, 1));
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    #[must_use]
    pub fn warning(&self, memo: &Memo) -> Option<String> {
        if !self.full {
            return None;
        }
        Some(if self.signatures == 0 {
            format!(
                "the memo's {} bytes hold no subproblem, and it stored none (the count is exact, \
                 without a memo); one needs --memory {} at least",
                memo.memory(),
                self.least_memory
            )
        } else {
            format!(
                "the memo filled its {} bytes and stored no more subproblems (the count is exact; \
                 --memory gives it more)",
                memo.memory()
            )
        })
    }

    /// Adds the figures of `next`, a later count with the same cache: its
    /// lookups, hits and savings add up; the cache's figures are its.
    pub(crate) fn follow(&mut self, next: &MemoStats) {
        let earlier = *self;
        *self = *next;
        self.signatures = self.signatures.max(earlier.signatures);
        self.bytes = self.bytes.max(earlier.bytes);
        self.lookups = self.lookups.saturating_add(earlier.lookups);
        self.hits = self.hits.saturating_add(earlier.hits);
        self.saved = self.saved.saturating_add(earlier.saved);
        self.full |= earlier.full;
        self.gave_up = earlier.gave_up.or(next.gave_up);
        self.least_memory = self.least_memory.max(earlier.least_memory);
    }

    /// Adds the figures of `other`, counts with another cache: everything
    /// adds up (the caches' bytes too, held at once).
    pub(crate) fn merge(&mut self, other: &MemoStats) {
        self.lookups = self.lookups.saturating_add(other.lookups);
        self.hits = self.hits.saturating_add(other.hits);
        self.signatures = self.signatures.saturating_add(other.signatures);
        self.saved = self.saved.saturating_add(other.saved);
        self.bytes = self.bytes.saturating_add(other.bytes);
        self.full |= other.full;
        self.gave_up = match (self.gave_up, other.gave_up) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.zdd_nodes = self.zdd_nodes.saturating_add(other.zdd_nodes);
        self.least_memory = self.least_memory.max(other.least_memory);
    }
}

/// The answer of [`Solver::count_memo`]: an exact count, however large.
///
/// ```
/// use exactcover::{SearchEnd, Solver, engine::Memo};
/// let mut solver = Solver::new(&exactcover::problem::classic::langford(8));
/// let all = solver.count_memo(None, &Memo::new())?;
/// assert_eq!((all.solutions, all.end), (300, SearchEnd::Exhausted));
/// assert!(all.is_exact());
/// let some = solver.count_memo(Some(10), &Memo::new())?;
/// assert_eq!(some.to_string(), "10+");
/// # Ok::<(), exactcover::engine::MemoError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoCount {
    /// The solutions: exact when [`MemoCount::end`] is
    /// [`SearchEnd::Exhausted`], else a lower bound (at the limit: the
    /// limit).
    pub solutions: u128,
    /// Why the count stopped, as [`Count::end`](crate::Count::end).
    pub end: SearchEnd,
    /// What the cache did.
    pub memo: MemoStats,
}

impl MemoCount {
    /// A count of `solutions` that ended by `end`, its cache's figures
    /// `memo`.
    pub(crate) fn new(solutions: u128, end: SearchEnd, memo: MemoStats) -> MemoCount {
        MemoCount {
            solutions,
            end,
            memo,
        }
    }

    /// Whether `solutions` is the exact number of solutions.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.end == SearchEnd::Exhausted
    }
}

/// `N`, `N+` at the limit, `N?` when the budget ran out: as
/// [`Count`](crate::Count) prints.
impl fmt::Display for MemoCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.end {
            SearchEnd::Exhausted => "",
            SearchEnd::Limit | SearchEnd::Stopped => "+",
            SearchEnd::Interrupted(_) => "?",
        };
        write!(f, "{}{suffix}", self.solutions)
    }
}

/// Why a memo count or a ZDD could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemoError {
    /// The count passed `u128::MAX` (3.4e38): it would have wrapped.
    Overflow,
    /// The ZDD needs more than the memory budget (in bytes) allows.
    ZddTooLarge {
        /// The budget.
        memory: usize,
    },
    /// The budget ran out before the ZDD was complete.
    Interrupted(Interrupted),
    /// The problem has multiplicities (an item with bounds other than
    /// `[1, 1]`): Algorithm Z's signatures and steps are those of
    /// Algorithms X and C, which cover each item once.
    WithBounds,
}

impl fmt::Display for MemoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoError::Overflow => {
                f.write_str("the count passed 2^128 - 1, the largest this counts to exactly")
            }
            MemoError::ZddTooLarge { memory } => write!(
                f,
                "the ZDD needs more than the memory budget of {memory} bytes"
            ),
            MemoError::Interrupted(why) => write!(f, "the ZDD is incomplete: {why}"),
            MemoError::WithBounds => f.write_str(
                "a problem with multiplicities (items with bounds) is not counted by \
                 Algorithm Z: count it without the memo",
            ),
        }
    }
}

impl std::error::Error for MemoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MemoError::Interrupted(why) => Some(why),
            _ => None,
        }
    }
}

/// A memo kept from count to count of one solver ([`Solver::count_memo_in`]),
/// for many counts of one problem under different selections: the
/// subproblems of a split, one cache per thread. A state's count does not
/// depend on how the search reached it, selections included, so entries
/// stay good as long as the solver's matrix and its excluded options stay
/// the same; when they change, the cache forgets everything by itself. It
/// also keeps its verdict: once the memo has not paid, later counts run
/// without it.
///
/// ```
/// use exactcover::{Solver, engine::{Memo, MemoCache}};
/// let mut solver = Solver::new(&exactcover::problem::classic::queens(8));
/// let mut cache = MemoCache::new();
/// let memo = Memo::new();
/// let mut total = 0;
/// for first in 0..8 {
///     solver.clear_selection();
///     solver.select(first).unwrap(); // a queen in each cell of the first row
///     total += solver.count_memo_in(&mut cache, None, &memo)?.solutions;
/// }
/// assert_eq!(total, 92);
/// # Ok::<(), exactcover::engine::MemoError>(())
/// ```
#[derive(Debug, Default)]
pub struct MemoCache {
    /// The cache, with the solver's build and excluded options it was
    /// filled under.
    cache: Option<(u64, Vec<u32>, Cache)>,
    verdict: Verdict,
}

impl MemoCache {
    /// An empty cache (it allocates nothing until a count stores a state).
    #[must_use]
    pub fn new() -> MemoCache {
        MemoCache::default()
    }

    /// The bytes it holds.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.cache.as_ref().map_or(0, |(_, _, c)| c.bytes())
    }

    /// Forgets every state and the verdict, and gives the memory back.
    pub fn clear(&mut self) {
        *self = MemoCache::default();
    }
}

impl Solver {
    /// Counts the solutions by Algorithm Z (see [`Memo`]):
    /// exact past 2^64, each state counted once, within `memo`'s memory and
    /// the solver's budget; stops at `limit` solutions if given. The
    /// selection holds as in every search. [`Solver::stats`] then says the
    /// nodes and updates it took.
    ///
    /// # Errors
    ///
    /// [`MemoError::Overflow`] when the count passes `u128::MAX`.
    ///
    /// ```
    /// use exactcover::{Problem, Solver, engine::Memo};
    ///
    /// // Domino tilings of a 2 x 12 board: the Fibonacci number F(13).
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(24);
    /// for c in 0..12 {
    ///     problem.add_option([c, 12 + c])?; // upright
    ///     if c + 1 < 12 {
    ///         problem.add_option([c, c + 1])?; // flat, above
    ///         problem.add_option([12 + c, 13 + c])?; // flat, below
    ///     }
    /// }
    /// let mut solver = Solver::new(&problem);
    /// let counted = solver.count_memo(None, &Memo::new().always())?;
    /// assert_eq!(counted.solutions, 233);
    /// assert!(counted.memo.hits > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_memo(&mut self, limit: Option<u128>, memo: &Memo) -> Result<MemoCount, MemoError> {
        self.count_memo_in(&mut MemoCache::new(), limit, memo)
    }

    /// [`Solver::count_memo`] with the memo kept in `cache` (see
    /// [`MemoCache`]): the states earlier counts of this solver stored are
    /// found again. `memo`'s memory bounds the cache.
    ///
    /// # Errors
    ///
    /// As [`Solver::count_memo`].
    pub fn count_memo_in(
        &mut self,
        cache: &mut MemoCache,
        limit: Option<u128>,
        memo: &Memo,
    ) -> Result<MemoCount, MemoError> {
        if self.is_bounded() {
            return Err(MemoError::WithBounds);
        }
        let limit = limit.unwrap_or(u128::MAX).max(1);
        let counted = self.with_fresh_search(|search, limits, build| {
            let plan = search.m.key_plan();
            let excluded = search.exclusions();
            let fresh = match &cache.cache {
                Some((b, e, c)) => *b != build || *e != excluded || c.words() != plan.words(),
                None => true,
            };
            if fresh {
                cache.clear();
                cache.cache = Some((build, excluded, Cache::new(plan.words(), memo.memory)));
            }
            let Some((_, _, store)) = cache.cache.as_mut() else {
                unreachable!("made just above")
            };
            store.set_budget(memo.memory);
            let mut run = Run {
                plan: &plan,
                cache: store,
                zdd: None,
                memory: memo.memory,
                branching: memo.branching,
                limit,
                verdict: memo.give_up.then_some(&mut cache.verdict),
                stats: MemoStats::default(),
            };
            let counted = with_kind!(search.m.kind(), K => driver::count::<K, false>(search, limits, &mut run));
            let stats = finish_stats(&run);
            cache.verdict.finish(search.stats.nodes, stats.saved as f64);
            if let Ok(c) = &counted {
                search.stats.solutions = u64::try_from(c.count).unwrap_or(u64::MAX);
            }
            counted.map(|c| (c, stats))
        });
        let (Counted { count, end, .. }, memo) = counted?;
        Ok(MemoCount {
            solutions: count,
            end,
            memo,
        })
    }

    /// The ZDD of every solution (see [`Zdd`]), built by Algorithm Z with
    /// `memo`'s branching rule within its memory (the memo never gives up
    /// here) and the solver's budget. The options selected are in every
    /// solution.
    ///
    /// # Errors
    ///
    /// [`MemoError::Interrupted`] when the budget runs out first;
    /// [`MemoError::ZddTooLarge`] when the diagram and the cache need more
    /// than `memo`'s memory; [`MemoError::Overflow`] past `u128::MAX`
    /// solutions.
    ///
    /// ```
    /// use exactcover::{Solver, engine::Memo};
    /// let mut solver = Solver::new(&exactcover::problem::classic::queens(8));
    /// solver.select(1).unwrap(); // a queen at a2
    /// let zdd = solver.zdd(&Memo::new())?;
    /// assert_eq!(zdd.count(), 8);
    /// assert!(zdd.solutions().all(|s| s[0] == 1));
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    pub fn zdd(&mut self, memo: &Memo) -> Result<Zdd, MemoError> {
        if self.is_bounded() {
            return Err(MemoError::WithBounds);
        }
        let mut builder = Builder::new();
        let counted = self.with_fresh_search(|search, limits, _| {
            let plan = search.m.key_plan();
            let mut cache = Cache::new(plan.words(), memo.memory);
            let mut run = Run {
                plan: &plan,
                cache: &mut cache,
                zdd: Some(&mut builder),
                memory: memo.memory,
                branching: memo.branching,
                limit: u128::MAX,
                verdict: None,
                stats: MemoStats::default(),
            };
            let counted =
                with_kind!(search.m.kind(), K => driver::count::<K, true>(search, limits, &mut run));
            let stats = finish_stats(&run);
            if let Ok(c) = &counted {
                search.stats.solutions = u64::try_from(c.count).unwrap_or(u64::MAX);
            }
            counted.map(|c| (c, search.selected_options(), stats))
        });
        let (counted, selected, stats) = counted?;
        if let SearchEnd::Interrupted(reason) = counted.end {
            return Err(MemoError::Interrupted(Interrupted {
                reason,
                stats: self.stats(),
            }));
        }
        builder.finish(counted.root, &selected, memo.memory, stats)
    }
}

/// The statistics of a run, its cache's figures included.
fn finish_stats(run: &Run<'_>) -> MemoStats {
    MemoStats {
        signatures: (run.cache.len() as u64).max(run.stats.signatures),
        bytes: run.cache.bytes().max(run.stats.bytes),
        full: run.cache.is_full() || run.stats.full,
        zdd_nodes: run.zdd.as_ref().map_or(0, |z| z.len()),
        least_memory: Cache::least_budget(run.plan.words()),
        ..run.stats
    }
}
