//! Counting and visiting solutions on many threads, or one part of a count
//! that many machines share.
//!
//! See [`Counter`].

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::engine::Stats;
use crate::engine::{ArenaError, Count, SearchEnd, SelectError, Solver};
use crate::engine::{Budget, Interruption};
use crate::engine::{Memo, MemoCache, MemoCount, MemoError, MemoStats};
use crate::problem::Problem;
use crate::scale::report::{Fingerprint, PartReport};
use crate::scale::split::{Part, Selected, Subproblem, go_to};

/// The most subproblems a split may have unless the caller says otherwise:
/// about 100 MB of paths at worst.
pub const MAX_SUBPROBLEMS: usize = 1 << 20;

/// The most memory the matrices of a count's threads may take together
/// unless the caller says otherwise ([`Counter::max_memory`]): 2 GiB. Each
/// thread searches a matrix of its own ([`Solver::arena_bytes`]): a few
/// kilobytes for a 9x9 Sudoku, about 60 MB for an empty 100x100 grid, so
/// that only very large problems count on fewer threads than asked.
pub const DEFAULT_MAX_MEMORY: u64 = 2 << 30;

/// How many subproblems a count splits into unless told otherwise: 16 per
/// part when there are parts (the split must not depend on the threads of
/// one machine, so that every machine makes the same), else 64 per thread
/// when there are threads, else 1 (no split). [`Counter`] and the command
/// line both use it.
///
/// ```
/// use exactcover::scale::{Part, split_size};
/// assert_eq!(split_size(Part::new(3, 10)?, 4), 160);
/// assert_eq!(split_size(Part::whole(), 4), 256);
/// assert_eq!(split_size(Part::whole(), 1), 1);
/// # Ok::<(), exactcover::scale::PartError>(())
/// ```
#[must_use]
pub fn split_size(part: Part, threads: usize) -> usize {
    if part.n() > 1 {
        part.n().saturating_mul(16)
    } else if threads > 1 {
        threads.saturating_mul(64)
    } else {
        1
    }
}

/// A count (or visit) over many threads, of the whole problem or one part.
///
/// [`Counter`] splits the search tree into subproblems (see
/// [`Solver::split_within`]), more of them than threads, and lets every
/// thread take the next subproblem not yet taken and count it on a solver
/// of its own, reused from subproblem to subproblem; a thread that finishes
/// early simply takes more, so the work balances itself. What the threads
/// share is one count, one set of statistics and one stop flag: a limit on
/// the solutions and the budget hold for the whole count, the split
/// included. A node limit is a bound on every option tried, the split's
/// and all the threads': each subproblem may use its thread's share of the
/// nodes not yet spent or promised to another thread, so on threads a
/// count may stop a little before the limit, never after it.
///
/// With [`Counter::with_part`], only part `k` of `n` of the subproblems is
/// counted: run every part, on any machines, and the counts add up
/// ([`PartCount`]; [`Counter::report`] writes it for [`Merge`](crate::scale::Merge)).
/// The split depends on the problem, its selection, `n` and
/// [`Counter::with_min_subproblems`] only, never on the number of threads, so every
/// machine makes the same.
///
/// # Feature `parallel`
///
/// **Threads need the `parallel` feature** (rayon, on by default). Without
/// it a counter counts on the calling thread whatever [`Counter::with_threads`]
/// asks (the split is the same, so parts still add up);
/// [`PartCount::threads`] says how many threads counted.
///
/// ```
/// use exactcover::scale::Counter;
/// use exactcover::problem::classic::queens;
///
/// let problem = queens(8);
/// let all = Counter::new(&problem).with_threads(2).count();
/// assert_eq!(all.count.solutions, 92);
/// // Three machines, each counting its part:
/// let mut parts = 0;
/// for k in 0..3 {
///     let part = exactcover::scale::Part::new(k, 3)?;
///     parts += Counter::new(&problem).with_part(part).count().count.solutions;
/// }
/// assert_eq!(parts, 92);
/// # Ok::<(), exactcover::scale::PartError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Counter<'p> {
    problem: &'p Problem,
    selection: Vec<usize>,
    limit: Option<u64>,
    budget: Budget,
    threads: usize,
    part: Part,
    at_least: Option<usize>,
    max_subproblems: usize,
    max_memory: u64,
}

/// What a [`Counter`] found: the count of its part (of everything when the
/// part is the whole) and how it ended, the statistics summed over the
/// split and every subproblem, and the part's subproblems.
///
/// The count is a [`Count`] ([`Counter::try_count`]), or a [`MemoCount`]
/// for a memo count ([`Counter::try_count_memo`]), exact past 2^64.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct PartCount<C = Count> {
    /// The solutions found and how the count ended.
    pub count: C,
    /// Nodes and updates of the split and of every subproblem, and the
    /// solutions (at most `u64::MAX`: the count says them all); the deepest
    /// level counts the path to each subproblem.
    pub stats: Stats,
    /// The part counted.
    pub part: Part,
    /// The subproblems of the part, in split order (none when the budget
    /// ran out while splitting).
    pub subproblems: Vec<Subproblem>,
    /// How many subproblems the whole split has (0 when the budget ran
    /// out while splitting).
    pub split: usize,
    /// The number of subproblems the split was asked for.
    pub at_least: usize,
    /// How many threads counted (1 without the `parallel` feature): those
    /// asked for, but no more than the subproblems of the part, than
    /// [`Counter::max_memory`] allows, nor than could allocate their matrix.
    pub threads: usize,
    /// Wall-clock seconds, split included.
    pub seconds: f64,
}

impl PartCount {
    /// Whether the budget ran out before the split was made (then no
    /// subproblem was counted).
    #[must_use]
    pub fn split_interrupted(&self) -> bool {
        self.split == 0 && matches!(self.count.end, SearchEnd::Interrupted(_))
    }
}

impl<C> PartCount<C> {
    /// The figures of the count after its statistics, one a line, as a
    /// command's `--stats` shows them: `subproblems: S of N (part K/P)`,
    /// `threads: T`, `seconds: 1.234`.
    #[must_use]
    pub fn figures(&self) -> String {
        format!(
            "subproblems: {} of {} (part {})\nthreads: {}\nseconds: {:.3}",
            self.subproblems.len(),
            self.split,
            self.part,
            self.threads,
            self.seconds
        )
    }
}

impl PartCount<MemoCount> {
    /// Whether the budget ran out before the split was made (then no
    /// subproblem was counted).
    #[must_use]
    pub fn split_interrupted(&self) -> bool {
        self.split == 0 && matches!(self.count.end, SearchEnd::Interrupted(_))
    }
}

/// Why a [`Counter`] could not count.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountError {
    /// An option of the selection could not be selected.
    Select(SelectError),
    /// A memo count passed `u128::MAX` (it would have wrapped).
    Overflow,
    /// A memo count of a problem with multiplicities, which Algorithm Z
    /// does not count ([`MemoError::WithBounds`]).
    MemoWithBounds,
    /// The matrix of the split (the first thread's) could not be allocated:
    /// the memory is not there, and nothing was counted.
    Arena(ArenaError),
}

impl std::fmt::Display for CountError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountError::Select(e) => write!(f, "the selection: {e}"),
            CountError::Overflow => write!(f, "{}", MemoError::Overflow),
            CountError::MemoWithBounds => write!(f, "{}", MemoError::WithBounds),
            CountError::Arena(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CountError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CountError::Select(e) => Some(e),
            CountError::Arena(e) => Some(e),
            CountError::Overflow | CountError::MemoWithBounds => None,
        }
    }
}

/// What the threads share.
struct Shared {
    next: AtomicUsize,
    found: AtomicU64,
    nodes: AtomicU64,
    updates: AtomicU64,
    max_depth: AtomicUsize,
    /// Raised to stop every thread.
    stop: Arc<AtomicBool>,
    /// The share of the tree counted (Knuth's estimate) and the first
    /// interruption.
    done: Mutex<(f64, Option<Interruption>)>,
    /// The nodes spent or promised to a subproblem being counted, and how
    /// many threads hold such a promise (with a node limit only).
    grants: Mutex<(u64, usize)>,
    /// A memo count's solutions (past `u64::MAX`), what its caches did, and
    /// whether it passed `u128::MAX`.
    memo: Mutex<(u128, MemoStats, bool)>,
}

impl Shared {
    /// The nodes the next subproblem of one of `threads` threads may use,
    /// of `max` in all: an equal share of those neither spent nor promised
    /// to the threads counting already.
    fn grant(&self, max: u64, threads: usize) -> u64 {
        let mut grants = self.grants.lock().unwrap_or_else(|e| e.into_inner());
        let free = max.saturating_sub(grants.0);
        let waiting = threads.saturating_sub(grants.1).max(1) as u64;
        let share = free / waiting;
        grants.0 += share;
        grants.1 += 1;
        share
    }

    /// Gives back what a subproblem promised `granted` nodes did not use.
    fn give_back(&self, granted: u64, used: u64) {
        let mut grants = self.grants.lock().unwrap_or_else(|e| e.into_inner());
        grants.0 -= granted.saturating_sub(used);
        grants.1 -= 1;
    }
}

impl<'p> Counter<'p> {
    /// A count of every solution of `problem` on one thread, no budget.
    #[must_use]
    pub fn new(problem: &'p Problem) -> Counter<'p> {
        Counter {
            problem,
            selection: Vec::new(),
            limit: None,
            budget: Budget::new(),
            threads: 1,
            part: Part::whole(),
            at_least: None,
            max_subproblems: MAX_SUBPROBLEMS,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }

    /// Counts only the solutions that hold these options (selected first,
    /// as [`Solver::select`] does: the givens of a puzzle).
    #[must_use]
    pub fn with_selection(mut self, options: &[usize]) -> Counter<'p> {
        self.selection = options.to_vec();
        self
    }

    /// Stops once `limit` solutions are found (the count then ends with
    /// [`SearchEnd::Limit`] and says `limit`).
    #[must_use]
    pub fn with_limit(mut self, limit: Option<u64>) -> Counter<'p> {
        self.limit = limit;
        self
    }

    /// The budget of the whole count, split included (see [`Counter`]).
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Counter<'p> {
        self.budget = budget;
        self
    }

    /// Counts on `threads` threads (at least 1). **More than 1 needs the
    /// `parallel` feature**: without it the count runs on the calling
    /// thread.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Counter<'p> {
        self.threads = threads.max(1);
        self
    }

    /// Counts only part `part` of the split.
    #[must_use]
    pub fn with_part(mut self, part: Part) -> Counter<'p> {
        self.part = part;
        self
    }

    /// Splits into at least this many subproblems where the tree allows
    /// (by default [`split_size`]: 16 per part when there are parts, else
    /// 64 per thread, and 1 for one thread and one part).
    #[must_use]
    pub fn with_min_subproblems(mut self, subproblems: usize) -> Counter<'p> {
        self.at_least = Some(subproblems);
        self
    }

    /// Never splits into more than `max` subproblems ([`MAX_SUBPROBLEMS`]
    /// by default; at least 1): a split that would pass it stops early
    /// (see [`Solver::split_within`]).
    #[must_use]
    pub fn with_max_subproblems(mut self, max: usize) -> Counter<'p> {
        self.max_subproblems = max.max(1);
        self
    }

    /// Bounds the memory of the threads' matrices: the count runs on no
    /// more threads than fit in `bytes` (at least one), each holding a
    /// matrix of [`Counter::thread_bytes`] ([`DEFAULT_MAX_MEMORY`] unless
    /// told otherwise). A thread whose matrix cannot be allocated all the
    /// same leaves the work to the others.
    ///
    /// ```
    /// use exactcover::scale::Counter;
    /// let problem = exactcover::problem::classic::queens(8);
    /// let one = Counter::new(&problem).thread_bytes() as u64;
    /// let counter = Counter::new(&problem).with_threads(8).max_memory(3 * one);
    /// assert_eq!(counter.memory_threads(), 3);
    /// let counted = counter.count();
    /// assert_eq!((counted.count.solutions, counted.threads), (92, 3));
    /// ```
    #[must_use]
    pub fn max_memory(mut self, bytes: u64) -> Counter<'p> {
        self.max_memory = bytes;
        self
    }

    /// The bytes of the matrix each thread of the count searches
    /// ([`Solver::arena_bytes`]).
    #[must_use]
    pub fn thread_bytes(&self) -> usize {
        Solver::arena_bytes(self.problem)
    }

    /// The most threads whose matrices fit in [`Counter::max_memory`]
    /// (at least 1).
    #[must_use]
    pub fn memory_threads(&self) -> usize {
        let each = self.thread_bytes().max(1) as u64;
        usize::try_from(self.max_memory / each)
            .unwrap_or(usize::MAX)
            .max(1)
    }

    /// Why the count takes fewer threads than the `asked` ones, when
    /// [`Counter::memory_threads`] caps them: the bytes each thread's
    /// matrix takes, and what `asked` would take, more than the cap
    /// allows. `given` says whether the cap was given (`--max-memory`) or
    /// is the default. `None` when the threads are not capped.
    ///
    /// ```
    /// use exactcover::scale::Counter;
    /// let problem = exactcover::problem::classic::queens(8);
    /// let counter = Counter::new(&problem).max_memory(1);
    /// let note = counter.memory_cap_note(4, true).expect("capped");
    /// assert!(note.starts_with("counting on 1 thread instead of 4: each thread's matrix takes"), "{note}");
    /// assert!(Counter::new(&problem).memory_cap_note(4, false).is_none());
    /// ```
    #[must_use]
    pub fn memory_cap_note(&self, asked: usize, given: bool) -> Option<String> {
        let fit = self.memory_threads();
        if asked <= fit {
            return None;
        }
        let mb = |bytes: f64| match bytes {
            b if b < 1e6 => format!("{:.1} kB", b / 1e3),
            b if b < 1e9 => format!("{:.1} MB", b / 1e6),
            b => format!("{:.1} GB", b / 1e9),
        };
        let each = self.thread_bytes() as f64;
        let flag = if given {
            "--max-memory"
        } else {
            "--max-memory (default 2G)"
        };
        Some(format!(
            "counting on {fit} thread{} instead of {asked}: each thread's matrix takes {}, and {asked} would take {}, more than {flag} allows",
            if fit == 1 { "" } else { "s" },
            mb(each),
            mb(each * asked as f64),
        ))
    }

    /// Counts, for a selection known to be free of conflicts (or none):
    /// [`Counter::try_count`] without the `Result`.
    ///
    /// # Panics
    ///
    /// When [`Counter::try_count`] returns an error: the selection
    /// conflicts, or the split's matrix cannot be allocated.
    #[must_use]
    pub fn count(&self) -> PartCount {
        self.try_count().expect("a selection that works")
    }

    /// Counts the solutions of the part.
    ///
    /// # Errors
    ///
    /// [`CountError::Select`] when the selection conflicts,
    /// [`CountError::Arena`] when the split's matrix cannot be allocated.
    ///
    /// ```
    /// use exactcover::scale::Counter;
    /// let problem = exactcover::problem::classic::langford(8);
    /// let counted = Counter::new(&problem).with_threads(2).with_limit(Some(100)).try_count()?;
    /// assert_eq!(counted.count.solutions, 100);
    /// assert_eq!(counted.count.end, exactcover::SearchEnd::Limit);
    /// # Ok::<(), exactcover::scale::CountError>(())
    /// ```
    pub fn try_count(&self) -> Result<PartCount, CountError> {
        let nothing = |_: &[usize]| ControlFlow::Continue(());
        self.run(&nothing, false, None, |shared| {
            Ok(self.ending(shared, false))
        })
    }

    /// Counts the solutions of the part by Algorithm Z (see
    /// [`Solver::count_memo`]): each thread keeps one memo for all the
    /// subproblems it counts (a [`MemoCache`], within its share of
    /// `memo`'s memory), so that a state reached in two of them is counted
    /// once. The count is exact past 2^64; the split is the same as a plain
    /// count's, so that memo parts and plain parts add up.
    ///
    /// # Errors
    ///
    /// [`CountError::Select`] when the selection conflicts,
    /// [`CountError::Arena`] when the split's matrix cannot be allocated,
    /// [`CountError::Overflow`] when the count passes `u128::MAX`,
    /// [`CountError::MemoWithBounds`] when the problem has multiplicities.
    ///
    /// ```
    /// use exactcover::engine::Memo;
    /// use exactcover::scale::{Counter, Part};
    /// let problem = exactcover::problem::classic::langford(8);
    /// let mut total = 0;
    /// for k in 0..3 {
    ///     let counter = Counter::new(&problem).with_part(Part::new(k, 3)?);
    ///     total += counter.try_count_memo(&Memo::new())?.count.solutions;
    /// }
    /// assert_eq!(total, 300);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_count_memo(&self, memo: &Memo) -> Result<PartCount<MemoCount>, CountError> {
        if self.problem.has_bounds() {
            return Err(CountError::MemoWithBounds);
        }
        let nothing = |_: &[usize]| ControlFlow::Continue(());
        self.run(&nothing, false, Some(memo), |shared| {
            let (found, stats, overflow) = *shared.memo.lock().unwrap_or_else(|e| e.into_inner());
            if overflow {
                return Err(CountError::Overflow);
            }
            let (_, interruption) = *shared.done.lock().unwrap_or_else(|e| e.into_inner());
            let limit = self.limit.map(|l| u128::from(l.max(1)));
            let (solutions, end) = match (limit, interruption) {
                (Some(l), _) if found >= l => (l, SearchEnd::Limit),
                (_, Some(why)) => (found, SearchEnd::Interrupted(why)),
                _ => (found, SearchEnd::Exhausted),
            };
            Ok(MemoCount::new(solutions, end, stats))
        })
    }

    /// Calls `visit` with every solution of the part (its options: the
    /// selection, then the rest), from any of the threads, until one call
    /// returns [`ControlFlow::Break`]; the count says how many were visited.
    ///
    /// # Errors
    ///
    /// As [`Counter::try_count`].
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::sync::Mutex;
    /// use exactcover::scale::Counter;
    /// let problem = exactcover::problem::classic::queens(6);
    /// let seen = Mutex::new(Vec::new());
    /// Counter::new(&problem).with_threads(2).visit(|s| {
    ///     seen.lock().unwrap().push(s.to_vec());
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(seen.into_inner().unwrap().len(), 4);
    /// # Ok::<(), exactcover::scale::CountError>(())
    /// ```
    pub fn visit<F>(&self, visit: F) -> Result<PartCount, CountError>
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        self.run(&visit, true, None, |shared| Ok(self.ending(shared, true)))
    }

    /// The report of `counted`, a count of this counter, for
    /// [`Merge`](crate::scale::Merge): the part, the count, the statistics
    /// and a fingerprint of the problem and the selection.
    ///
    /// ```
    /// use exactcover::scale::{Counter, Part};
    /// let problem = exactcover::problem::classic::queens(6);
    /// let counter = Counter::new(&problem).with_part(Part::new(1, 2)?);
    /// let report = counter.report(&counter.count());
    /// assert_eq!(report.part, Part::new(1, 2)?);
    /// assert!(report.to_json().starts_with("{\"at_least\":32,"));
    /// # Ok::<(), exactcover::scale::PartError>(())
    /// ```
    #[must_use]
    pub fn report(&self, counted: &PartCount) -> PartReport {
        PartReport::of(
            counted,
            Fingerprint::of_selection(self.problem, &self.selection),
        )
    }

    /// The report of `counted`, a memo count of this counter
    /// ([`Counter::try_count_memo`]), as [`Counter::report`]: it merges
    /// with the reports of plain counts of the same split.
    ///
    /// ```
    /// use exactcover::engine::Memo;
    /// use exactcover::scale::{Counter, Part};
    /// let problem = exactcover::problem::classic::queens(6);
    /// let counter = Counter::new(&problem).with_part(Part::new(0, 2)?);
    /// let memo = counter.report_memo(&counter.try_count_memo(&Memo::new())?);
    /// let plain = counter.report(&counter.count());
    /// assert_eq!((memo.solutions, &memo.paths), (plain.solutions, &plain.paths));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn report_memo(&self, counted: &PartCount<MemoCount>) -> PartReport {
        PartReport::of_memo(
            counted,
            Fingerprint::of_selection(self.problem, &self.selection),
        )
    }

    /// Splits, counts the part's subproblems on the threads (plain counts,
    /// visits, or memo counts with `memo`), and makes the part's count from
    /// what the threads left by `finish`.
    fn run<F, C>(
        &self,
        visit: &F,
        options: bool,
        memo: Option<&Memo>,
        finish: impl FnOnce(&Shared) -> Result<C, CountError>,
    ) -> Result<PartCount<C>, CountError>
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let start = Instant::now();
        let deadline = self.budget.deadline_from(start);
        let mut solver = Solver::try_new(self.problem).map_err(CountError::Arena)?;
        self.select_base(&mut solver)?;
        let at_least = self
            .at_least
            .unwrap_or_else(|| split_size(self.part, self.threads));
        let split =
            solver.split_within(at_least, self.max_subproblems, &self.split_budget(deadline));
        let shared = Shared {
            next: AtomicUsize::new(0),
            found: AtomicU64::new(0),
            nodes: AtomicU64::new(split.stats.nodes),
            updates: AtomicU64::new(split.stats.updates),
            max_depth: AtomicUsize::new(split.stats.max_depth),
            stop: Arc::new(AtomicBool::new(false)),
            done: Mutex::new((0.0, split.interrupted)),
            grants: Mutex::new((split.stats.nodes, 0)),
            memo: Mutex::new((0, MemoStats::default(), false)),
        };
        let total = split.subproblems.len();
        let mine: Vec<Subproblem> = split
            .subproblems
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| self.part.holds(i))
            .map(|(_, s)| s)
            .collect();
        // Without the `parallel` feature there is one thread: this one.
        let threads = if cfg!(feature = "parallel") {
            self.threads
                .min(mine.len())
                .min(self.memory_threads())
                .max(1)
        } else {
            1
        };
        let work = Work {
            counter: self,
            subs: &mine,
            shared: &shared,
            deadline,
            threads,
            options,
            memo,
        };
        let threads = if threads > 1 {
            #[cfg(feature = "parallel")]
            let counted = work.on_threads(&mut solver, visit);
            #[cfg(not(feature = "parallel"))]
            let counted = 1;
            counted
        } else {
            work.run(&mut solver, visit);
            1
        };
        let count = finish(&shared)?;
        let found = shared.found.load(Ordering::Relaxed);
        let (big, _, _) = *shared.memo.lock().unwrap_or_else(|e| e.into_inner());
        let solutions = u64::try_from(big).unwrap_or(u64::MAX).max(found);
        Ok(PartCount {
            count,
            stats: Stats {
                nodes: shared.nodes.load(Ordering::Relaxed),
                updates: shared.updates.load(Ordering::Relaxed),
                solutions: self.limit.map_or(solutions, |l| solutions.min(l.max(1))),
                max_depth: shared.max_depth.load(Ordering::Relaxed),
            },
            part: self.part,
            subproblems: mine,
            split: total,
            at_least,
            threads,
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    /// The budget of the split: the count's, with its deadline fixed.
    fn split_budget(&self, deadline: Option<Instant>) -> Budget {
        let mut budget = Budget::new();
        if let Some(d) = deadline {
            budget = budget.with_deadline(d);
        }
        if let Some(flag) = self.budget.cancel_flag() {
            budget = budget.with_cancel_flag(flag.clone());
        }
        if let Some(max) = self.budget.max_nodes() {
            budget = budget.with_max_nodes(max);
        }
        budget
    }

    /// How the count ended, from what the threads left in `shared`.
    fn ending(&self, shared: &Shared, options: bool) -> Count {
        let found = shared.found.load(Ordering::Relaxed);
        let (_, interruption) = *shared.done.lock().unwrap_or_else(|e| e.into_inner());
        let limit = self.limit.map(|l| l.max(1));
        match (limit, interruption) {
            (Some(l), _) if found >= l => Count {
                solutions: l,
                end: SearchEnd::Limit,
            },
            (_, Some(why)) => Count {
                solutions: found,
                end: SearchEnd::Interrupted(why),
            },
            _ if shared.stop.load(Ordering::Relaxed) && options => Count {
                solutions: found,
                end: SearchEnd::Stopped,
            },
            _ => Count {
                solutions: found,
                end: SearchEnd::Exhausted,
            },
        }
    }

    fn select_base(&self, solver: &mut Solver) -> Result<(), CountError> {
        solver.clear_selection();
        for &o in &self.selection {
            solver.select(o).map_err(CountError::Select)?;
        }
        Ok(())
    }
}

/// The counting of a part's subproblems, shared by its threads.
struct Work<'w, 'p> {
    counter: &'w Counter<'p>,
    subs: &'w [Subproblem],
    shared: &'w Shared,
    deadline: Option<Instant>,
    threads: usize,
    options: bool,
    /// The memo of a memo count.
    memo: Option<&'w Memo>,
}

/// What one thread of a memo count keeps: its memo, and what it did.
#[derive(Default)]
struct ThreadMemo {
    cache: MemoCache,
    stats: MemoStats,
}

impl Work<'_, '_> {
    /// Counts on the threads; `solver`, the split's, is one of them, and
    /// every other thread builds a matrix of its own. Returns how many
    /// threads counted: a thread that cannot allocate its matrix leaves the
    /// work to the others.
    #[cfg(feature = "parallel")]
    fn on_threads<F>(&self, solver: &mut Solver, visit: &F) -> usize
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let problem = self.counter.problem;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build();
        let Ok(pool) = pool else {
            // No threads to be had: count here.
            self.run(solver, visit);
            return 1;
        };
        let starved = AtomicUsize::new(0);
        let work = |_: &rayon::Scope<'_>| match Solver::try_new(problem) {
            Ok(mut own) => self.run(&mut own, visit),
            Err(_) => {
                starved.fetch_add(1, Ordering::Relaxed);
            }
        };
        pool.scope(|s| {
            s.spawn(|_| self.run(solver, visit));
            for _ in 1..self.threads {
                s.spawn(work);
            }
        });
        self.threads - starved.into_inner()
    }

    /// One thread's work: the next subproblem not taken, until none is left
    /// or the count must stop. Consecutive subproblems share the start of
    /// their paths, which stays selected. A memo count keeps one memo for
    /// all of them.
    fn run<F>(&self, solver: &mut Solver, visit: &F)
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        if self.counter.select_base(solver).is_err() {
            return; // cannot happen: the split came from this selection
        }
        let mut memo = ThreadMemo::default();
        self.take_subproblems(solver, visit, &mut memo);
        if self.memo.is_some() {
            let mut shared = self.shared.memo.lock().unwrap_or_else(|e| e.into_inner());
            shared.1.merge(&memo.stats);
        }
    }

    /// `run`'s loop over the subproblems.
    fn take_subproblems<F>(&self, solver: &mut Solver, visit: &F, memo: &mut ThreadMemo)
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let shared = self.shared;
        let mut path = Selected::default();
        loop {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            let i = shared.next.fetch_add(1, Ordering::Relaxed);
            let Some(sub) = self.subs.get(i) else {
                return;
            };
            if go_to(solver, &mut path, sub).is_err() {
                // Cannot happen: the split came from this selection.
                let _ = self.counter.select_base(solver);
                path = Selected::default();
                continue;
            }
            let grant = self
                .counter
                .budget
                .max_nodes()
                .map(|max| shared.grant(max, self.threads));
            solver.set_budget(self.budget(grant));
            let end = match self.memo {
                Some(settings) => self.count_memo(solver, settings, memo),
                None => self.count(solver, visit),
            };
            let stats = solver.stats();
            if let Some(granted) = grant {
                shared.give_back(granted, stats.nodes);
            }
            shared.nodes.fetch_add(stats.nodes, Ordering::Relaxed);
            shared.updates.fetch_add(stats.updates, Ordering::Relaxed);
            shared
                .max_depth
                .fetch_max(stats.max_depth + sub.depth(), Ordering::Relaxed);
            self.record(end, sub);
        }
    }

    /// Counts the selected subproblem by Algorithm Z, in this thread's
    /// memo (its share of the memory).
    fn count_memo(&self, solver: &mut Solver, settings: &Memo, memo: &mut ThreadMemo) -> SearchEnd {
        let shared = self.shared;
        let share = settings.with_memory(settings.memory() / self.threads.max(1));
        let limit = self.counter.limit.map(|l| u128::from(l.max(1)));
        let found = shared.memo.lock().unwrap_or_else(|e| e.into_inner()).0;
        let left = limit.map(|l| l.saturating_sub(found));
        let counted = solver.count_memo_in(&mut memo.cache, left, &share);
        let mut total = shared.memo.lock().unwrap_or_else(|e| e.into_inner());
        let Ok(counted) = counted else {
            // Past `u128::MAX`: the count is refused.
            total.2 = true;
            shared.stop.store(true, Ordering::Relaxed);
            return SearchEnd::Stopped;
        };
        memo.stats.follow(&counted.memo);
        // Each thread has its share of the memory: the whole needs as many
        // times the least of one.
        memo.stats.least_memory = counted
            .memo
            .least_memory
            .saturating_mul(self.threads.max(1));
        let Some(sum) = total.0.checked_add(counted.solutions) else {
            total.2 = true;
            shared.stop.store(true, Ordering::Relaxed);
            return SearchEnd::Stopped;
        };
        total.0 = sum;
        let small = u64::try_from(counted.solutions).unwrap_or(u64::MAX);
        let _ = shared
            .found
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |f| {
                Some(f.saturating_add(small))
            });
        if limit.is_some_and(|l| sum >= l) {
            shared.stop.store(true, Ordering::Relaxed);
        }
        counted.end
    }

    /// The budget of one subproblem: the count's flags and deadline, and
    /// `grant` nodes if any.
    fn budget(&self, grant: Option<u64>) -> Budget {
        let mut budget = Budget::new().with_stop_flag(self.shared.stop.clone());
        if let Some(flag) = self.counter.budget.cancel_flag() {
            budget = budget.with_cancel_flag(flag.clone());
        }
        if let Some(d) = self.deadline {
            budget = budget.with_deadline(d);
        }
        if let Some(nodes) = grant {
            budget = budget.with_max_nodes(nodes);
        }
        budget
    }

    /// Counts (or visits) the selected subproblem.
    fn count<F>(&self, solver: &mut Solver, visit: &F) -> SearchEnd
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let shared = self.shared;
        let limit = self.counter.limit.map(|l| l.max(1));
        if self.options {
            return solver.visit(|s| {
                let total = shared.found.fetch_add(1, Ordering::Relaxed) + 1;
                if visit(s).is_break() || limit.is_some_and(|l| total >= l) {
                    shared.stop.store(true, Ordering::Relaxed);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
        let left = limit.map(|l| l.saturating_sub(shared.found.load(Ordering::Relaxed)));
        let count = solver.count(left).unwrap_or_else(Count::from);
        let here = count.solutions;
        let total = shared.found.fetch_add(here, Ordering::Relaxed) + here;
        if limit.is_some_and(|l| total >= l) {
            shared.stop.store(true, Ordering::Relaxed);
        }
        count.end
    }

    /// Notes how the count of `sub` ended: an interruption stops every
    /// thread; a finished subproblem adds to the progress.
    fn record(&self, end: SearchEnd, sub: &Subproblem) {
        let shared = self.shared;
        let budget = &self.counter.budget;
        let mut done = shared.done.lock().unwrap_or_else(|e| e.into_inner());
        match end {
            SearchEnd::Interrupted(why) => {
                // Another thread's stop is not an interruption of ours.
                let ours = why != Interruption::Cancelled
                    || budget
                        .cancel_flag()
                        .is_some_and(|f| f.load(Ordering::Relaxed));
                if ours && done.1.is_none() {
                    done.1 = Some(why);
                }
                shared.stop.store(true, Ordering::Relaxed);
            }
            SearchEnd::Exhausted => {
                done.0 += sub.share();
                if let Some(p) = budget.progress() {
                    p.record(
                        shared.nodes.load(Ordering::Relaxed),
                        shared.found.load(Ordering::Relaxed),
                        done.0.min(1.0),
                    );
                }
            }
            _ => {}
        }
    }
}
