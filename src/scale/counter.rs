//! Counting and visiting solutions on many threads, or one part of a count
//! that many machines share.
//!
//! See [`Counter`].

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::engine::Stats;
use crate::engine::{Budget, Interruption};
use crate::engine::{Count, SearchEnd, SelectError, Solver};
use crate::problem::Problem;
use crate::scale::split::{Part, Subproblem, TooManySubproblems};

/// The most subproblems a split may have unless the caller says otherwise:
/// about 100 MB of paths at worst.
pub const MAX_SUBPROBLEMS: usize = 1 << 20;

/// A count (or visit) over many threads, of the whole problem or one part.
///
/// [`Counter`] splits the search tree into subproblems (see
/// [`Subproblem`]), more of them than threads, and lets every
/// thread take the next subproblem not yet taken and count it on a solver
/// of its own, reused from subproblem to subproblem; a thread that finishes
/// early simply takes more, so the work balances itself. What the threads
/// share is one count, one set of statistics and one stop flag: a limit on
/// the solutions, the budget's deadline and cancellation flag hold for the
/// whole count, and its node limit too (each subproblem may use the nodes
/// left when it starts, so with `t` threads a count may try at most `t`
/// times the limit, never more).
///
/// With [`Counter::part`], only part `k` of `n` of the subproblems is
/// counted: run every part, on any machines, and the counts add up
/// ([`PartCount`]). The split depends on the problem, its selection and `n`
/// only, never on the number of threads, so every machine makes the same.
///
/// Threads need the `parallel` feature (rayon, on by default); without it a
/// counter counts on the calling thread.
///
/// ```
/// use exactcover::scale::Counter;
/// use exactcover::problem::classic::queens;
///
/// let problem = queens(8);
/// let all = Counter::new(&problem).threads(2).count();
/// assert_eq!(all.count.solutions, 92);
/// // Three machines, each counting its part:
/// let mut parts = 0;
/// for k in 0..3 {
///     let part = exactcover::scale::Part::new(k, 3)?;
///     parts += Counter::new(&problem).part(part).count().count.solutions;
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
}

/// What a [`Counter`] found: the count of its part (of everything when the
/// part is the whole) and how it ended, the statistics summed over every
/// subproblem, and the part's subproblems.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct PartCount {
    /// The solutions found and how the count ended.
    pub count: Count,
    /// Nodes, updates and solutions summed over the subproblems; the
    /// deepest level counts the path to each.
    pub stats: Stats,
    /// The part counted.
    pub part: Part,
    /// The subproblems of the part, in split order.
    pub subproblems: Vec<Subproblem>,
    /// How many subproblems the whole split has.
    pub split: usize,
    /// Wall-clock seconds, split included.
    pub seconds: f64,
}

/// Why a [`Counter`] could not count.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountError {
    /// An option of the selection could not be selected.
    Select(SelectError),
    /// The split would have more subproblems than allowed.
    Split(TooManySubproblems),
}

impl std::fmt::Display for CountError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountError::Select(e) => write!(f, "the selection: {e}"),
            CountError::Split(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CountError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CountError::Select(e) => Some(e),
            CountError::Split(e) => Some(e),
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
        }
    }

    /// Counts only the solutions that hold these options (selected first,
    /// as [`Solver::select`] does: the givens of a puzzle).
    #[must_use]
    pub fn selection(mut self, options: &[usize]) -> Counter<'p> {
        self.selection = options.to_vec();
        self
    }

    /// Stops once `limit` solutions are found (the count then ends with
    /// [`SearchEnd::Limit`] and says `limit`).
    #[must_use]
    pub fn limit(mut self, limit: Option<u64>) -> Counter<'p> {
        self.limit = limit;
        self
    }

    /// The budget of the whole count (see [`Counter`]).
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Counter<'p> {
        self.budget = budget;
        self
    }

    /// Counts on `threads` threads (at least 1; more than 1 needs the
    /// `parallel` feature, else the count runs on the calling thread).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Counter<'p> {
        self.threads = threads.max(1);
        self
    }

    /// Counts only part `part` of the split.
    #[must_use]
    pub fn part(mut self, part: Part) -> Counter<'p> {
        self.part = part;
        self
    }

    /// Splits into at least this many subproblems (by default 16 per part
    /// when there are parts, else 64 per thread, and 1 for one thread and
    /// one part).
    #[must_use]
    pub fn at_least(mut self, subproblems: usize) -> Counter<'p> {
        self.at_least = Some(subproblems);
        self
    }

    /// Refuses a split of more than `max` subproblems
    /// ([`MAX_SUBPROBLEMS`] by default).
    #[must_use]
    pub fn max_subproblems(mut self, max: usize) -> Counter<'p> {
        self.max_subproblems = max;
        self
    }

    /// Counts, for a selection known to be free of conflicts (or none):
    /// [`Counter::try_count`] without the `Result`.
    ///
    /// # Panics
    ///
    /// When [`Counter::try_count`] returns an error: the selection
    /// conflicts, or the split has more subproblems than allowed.
    #[must_use]
    pub fn count(&self) -> PartCount {
        self.try_count().expect("a selection and split that work")
    }

    /// Counts the solutions of the part.
    ///
    /// # Errors
    ///
    /// [`CountError`] when the selection conflicts, or the split has more
    /// subproblems than allowed.
    ///
    /// ```
    /// use exactcover::scale::Counter;
    /// let problem = exactcover::problem::classic::langford(8);
    /// let counted = Counter::new(&problem).threads(2).limit(Some(100)).try_count()?;
    /// assert_eq!(counted.count.solutions, 100);
    /// assert_eq!(counted.count.end, exactcover::SearchEnd::Limit);
    /// # Ok::<(), exactcover::scale::CountError>(())
    /// ```
    pub fn try_count(&self) -> Result<PartCount, CountError> {
        self.run(&|_: &[usize]| ControlFlow::Continue(()), false)
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
    /// Counter::new(&problem).threads(2).visit(|s| {
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
        self.run(&visit, true)
    }

    fn run<F>(&self, visit: &F, options: bool) -> Result<PartCount, CountError>
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let start = Instant::now();
        let deadline = self.budget.deadline_from(start);
        let mut solver = Solver::new(self.problem);
        self.select_base(&mut solver)?;
        let at_least = self.at_least.unwrap_or(if self.part.n() > 1 {
            16 * self.part.n()
        } else if self.threads > 1 {
            64 * self.threads
        } else {
            1
        });
        let split = solver
            .split(at_least, self.max_subproblems)
            .map_err(CountError::Split)?;
        let total = split.len();
        let mine: Vec<Subproblem> = split
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| self.part.holds(i))
            .map(|(_, s)| s)
            .collect();
        let shared = Shared {
            next: AtomicUsize::new(0),
            found: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            updates: AtomicU64::new(0),
            max_depth: AtomicUsize::new(0),
            stop: Arc::new(AtomicBool::new(false)),
            done: Mutex::new((0.0, None)),
        };
        // Without the `parallel` feature there is one thread: this one.
        let threads = if cfg!(feature = "parallel") {
            self.threads.min(mine.len().max(1))
        } else {
            1
        };
        if threads > 1 {
            #[cfg(feature = "parallel")]
            self.on_threads(threads, &mine, &shared, deadline, visit, options);
        } else {
            self.work(&mut solver, &mine, &shared, deadline, visit, options);
        }
        let found = shared.found.load(Ordering::Relaxed);
        let (_, interruption) = *shared.done.lock().unwrap_or_else(|e| e.into_inner());
        let limit = self.limit.map(|l| l.max(1));
        let count = match (limit, interruption) {
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
        };
        Ok(PartCount {
            count,
            stats: Stats {
                nodes: shared.nodes.load(Ordering::Relaxed),
                updates: shared.updates.load(Ordering::Relaxed),
                solutions: found,
                max_depth: shared.max_depth.load(Ordering::Relaxed),
            },
            part: self.part,
            subproblems: mine,
            split: total,
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    fn select_base(&self, solver: &mut Solver) -> Result<(), CountError> {
        solver.clear_selection();
        for &o in &self.selection {
            solver.select(o).map_err(CountError::Select)?;
        }
        Ok(())
    }

    #[cfg(feature = "parallel")]
    fn on_threads<F>(
        &self,
        threads: usize,
        subs: &[Subproblem],
        shared: &Shared,
        deadline: Option<Instant>,
        visit: &F,
        options: bool,
    ) where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        let work = |_: &rayon::Scope<'_>| {
            let mut solver = Solver::new(self.problem);
            self.work(&mut solver, subs, shared, deadline, visit, options);
        };
        match pool {
            Ok(pool) => pool.scope(|s| {
                for _ in 0..threads {
                    s.spawn(work);
                }
            }),
            // No threads to be had: count here.
            Err(_) => {
                let mut solver = Solver::new(self.problem);
                self.work(&mut solver, subs, shared, deadline, visit, options);
            }
        }
    }

    /// One thread's work: the next subproblem not taken, until none is left
    /// or the count must stop.
    fn work<F>(
        &self,
        solver: &mut Solver,
        subs: &[Subproblem],
        shared: &Shared,
        deadline: Option<Instant>,
        visit: &F,
        options: bool,
    ) where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let limit = self.limit.map(|l| l.max(1));
        loop {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            let i = shared.next.fetch_add(1, Ordering::Relaxed);
            let Some(sub) = subs.get(i) else {
                return;
            };
            let mut budget = Budget::new().with_stop_flag(shared.stop.clone());
            if let Some(flag) = self.budget.cancel_flag() {
                budget = budget.with_cancel_flag(flag.clone());
            }
            if let Some(d) = deadline {
                budget = budget.with_deadline(d);
            }
            if let Some(max) = self.budget.max_nodes() {
                let used = shared.nodes.load(Ordering::Relaxed);
                budget = budget.with_max_nodes(max.saturating_sub(used));
            }
            solver.set_budget(budget);
            if self.select_base(solver).is_err() || solver.select_path(sub).is_err() {
                continue; // cannot happen: the split came from this selection
            }
            let left = limit.map(|l| l.saturating_sub(shared.found.load(Ordering::Relaxed)));
            let end = if options {
                solver.visit(|s| {
                    let total = shared.found.fetch_add(1, Ordering::Relaxed) + 1;
                    if visit(s).is_break() || limit.is_some_and(|l| total >= l) {
                        shared.stop.store(true, Ordering::Relaxed);
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
            } else {
                let count = solver.count_solutions(left);
                let here = count.solutions;
                let total = shared.found.fetch_add(here, Ordering::Relaxed) + here;
                if limit.is_some_and(|l| total >= l) {
                    shared.stop.store(true, Ordering::Relaxed);
                }
                count.end
            };
            let stats = solver.stats();
            shared.nodes.fetch_add(stats.nodes, Ordering::Relaxed);
            shared.updates.fetch_add(stats.updates, Ordering::Relaxed);
            shared
                .max_depth
                .fetch_max(stats.max_depth + sub.depth(), Ordering::Relaxed);
            let mut done = shared.done.lock().unwrap_or_else(|e| e.into_inner());
            match end {
                SearchEnd::Interrupted(why) => {
                    // Another thread's stop is not an interruption of ours.
                    let ours = why != Interruption::Cancelled
                        || self
                            .budget
                            .cancel_flag()
                            .is_some_and(|f| f.load(Ordering::Relaxed));
                    if ours && done.1.is_none() {
                        done.1 = Some(why);
                    }
                    shared.stop.store(true, Ordering::Relaxed);
                }
                SearchEnd::Exhausted => {
                    done.0 += sub.share();
                    if let Some(p) = self.budget.progress() {
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
}
