//! Budgets: how much work a search may do.
//!
//! * [`Budget`] is what the caller sets: a node limit, a time limit or a
//!   deadline, and a cancellation flag that another thread can raise.
//! * [`Interruption`] says which of them stopped a search.
//! * `Limits` is a budget as one search applies it (crate-private): the
//!   search asks it, before trying each option, whether it may go on.
//!
//! A search that runs out says so, which is never confused with "no
//! solution" or "stopped at the limit".

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::engine::progress::Progress;

/// Why a search stopped before its end although it was not asked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Interruption {
    /// The budget's maximum number of nodes was reached.
    NodeLimit,
    /// The budget's time ran out.
    Deadline,
    /// The budget's cancellation flag was raised.
    Cancelled,
}

impl fmt::Display for Interruption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Interruption::NodeLimit => "node limit reached",
            Interruption::Deadline => "time limit reached",
            Interruption::Cancelled => "cancelled",
        })
    }
}

/// Bounds on a search: nodes, time, and a cancellation flag.
///
/// The default budget is unlimited. Node limits are exact; the clock and the
/// flag are looked at every 1,024 nodes, so a search overruns its time by at
/// most that much work. The clock is read only by a budget with a time
/// limit: on `wasm32-unknown-unknown`, which has none (std's
/// `Instant::now` panics there), use node limits, and for a search that
/// must yield now and then, [`Solutions::next_within`](crate::Solutions::next_within).
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
/// use exactcover::Budget;
///
/// let cancel = Arc::new(AtomicBool::new(false));
/// let budget = Budget::new()
///     .with_max_nodes(1_000_000)
///     .with_timeout(Duration::from_secs(2))
///     .with_cancel_flag(cancel.clone());
/// assert_eq!(budget.max_nodes(), Some(1_000_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    /// A second flag, the crate's own: a parallel count raises it to stop
    /// its other searches (a limit reached, or one of them interrupted).
    stop: Option<Arc<AtomicBool>>,
    progress: Option<Arc<Progress>>,
}

impl Budget {
    /// An unlimited budget.
    ///
    /// ```
    /// assert_eq!(exactcover::Budget::new().max_nodes(), None);
    /// ```
    #[must_use]
    pub fn new() -> Budget {
        Budget::default()
    }

    /// Stops a search after it has tried `nodes` options.
    ///
    /// ```
    /// let budget = exactcover::Budget::new().with_max_nodes(10);
    /// assert_eq!(budget.max_nodes(), Some(10));
    /// ```
    #[must_use]
    pub fn with_max_nodes(mut self, nodes: u64) -> Budget {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops every search once it has run for `timeout` (measured from the
    /// start of each search).
    ///
    /// ```
    /// use std::time::Duration;
    /// let budget = exactcover::Budget::new().with_timeout(Duration::from_millis(5));
    /// assert_eq!(budget.timeout(), Some(Duration::from_millis(5)));
    /// ```
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Budget {
        self.timeout = Some(timeout);
        self
    }

    /// Stops every search once `time` has passed from now: a deadline
    /// shared by all the searches of one task (the puzzle of a grade, a
    /// minimize or a generate), unlike [`Budget::with_timeout`]. A time too
    /// far off to be an instant leaves the budget as it was.
    ///
    /// ```
    /// use std::time::Duration;
    /// let budget = exactcover::Budget::new().with_deadline_in(Duration::from_secs(5));
    /// assert!(budget.deadline().is_some());
    /// let never = exactcover::Budget::new().with_deadline_in(Duration::MAX);
    /// assert_eq!(never.deadline(), None);
    /// ```
    #[must_use]
    pub fn with_deadline_in(self, time: Duration) -> Budget {
        match Instant::now().checked_add(time) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// Stops every search at the instant `deadline`.
    ///
    /// ```
    /// use std::time::Instant;
    /// let now = Instant::now();
    /// let budget = exactcover::Budget::new().with_deadline(now);
    /// assert_eq!(budget.deadline(), Some(now));
    /// ```
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// Stops a search once `flag` is `true` (set it from any thread).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use exactcover::{Budget, Interruption, Problem, Solver};
    ///
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// let mut solver = Solver::new(&problem);
    /// solver.set_budget(Budget::new().with_cancel_flag(flag.clone()));
    /// flag.store(true, Ordering::Relaxed);
    /// assert_eq!(solver.solution().unwrap_err().reason, Interruption::Cancelled);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(flag);
        self
    }

    /// The cancellation flag, if any.
    pub(crate) fn cancel_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }

    /// Also stops once the crate's own `flag` is `true`.
    pub(crate) fn with_stop_flag(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.stop = Some(flag);
        self
    }

    /// Reports the search's progress to `progress` as it goes (see
    /// [`Progress`]), for a progress bar in another thread.
    ///
    /// ```
    /// use std::sync::Arc;
    /// let progress = Arc::new(exactcover::Progress::new());
    /// let budget = exactcover::Budget::new().with_progress(progress.clone());
    /// assert!(budget.progress().is_some());
    /// ```
    #[must_use]
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Budget {
        self.progress = Some(progress);
        self
    }

    /// Where the search reports its progress, if anywhere.
    ///
    /// ```
    /// assert!(exactcover::Budget::new().progress().is_none());
    /// ```
    #[must_use]
    pub fn progress(&self) -> Option<&Arc<Progress>> {
        self.progress.as_ref()
    }

    /// The node limit, if any.
    ///
    /// ```
    /// assert_eq!(exactcover::Budget::new().with_max_nodes(3).max_nodes(), Some(3));
    /// ```
    #[must_use]
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The time limit per search, if any.
    ///
    /// ```
    /// assert_eq!(exactcover::Budget::new().timeout(), None);
    /// ```
    #[must_use]
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// The fixed deadline, if any.
    ///
    /// ```
    /// assert_eq!(exactcover::Budget::new().deadline(), None);
    /// ```
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// When a search (or a set of searches) that starts at `start` must
    /// stop: the earlier of the fixed deadline and `start` plus the
    /// timeout; `None` when neither is set (or the timeout runs past the
    /// end of time). The one place that combines the two.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// let now = Instant::now();
    /// let budget = exactcover::Budget::new().with_timeout(Duration::from_secs(5));
    /// assert_eq!(budget.deadline_from(now), Some(now + Duration::from_secs(5)));
    /// let sooner = budget.with_deadline(now + Duration::from_secs(1));
    /// assert_eq!(sooner.deadline_from(now), Some(now + Duration::from_secs(1)));
    /// assert_eq!(exactcover::Budget::new().deadline_from(now), None);
    /// ```
    #[must_use]
    pub fn deadline_from(&self, start: Instant) -> Option<Instant> {
        match (self.deadline, self.timeout) {
            (d, None) => d,
            (None, Some(t)) => start.checked_add(t),
            (Some(d), Some(t)) => Some(start.checked_add(t).map_or(d, |e| e.min(d))),
        }
    }

    /// The limits of one search whose time counts from `started` (`None`:
    /// from now).
    pub(crate) fn start(&self, started: Option<Instant>) -> Limits<'_> {
        // The clock is read only for a timeout: a budget without one works
        // where std has no clock (wasm32-unknown-unknown, whose
        // `Instant::now` panics), and a search without one reads no clock.
        let deadline = match self.timeout {
            None => self.deadline,
            Some(_) => self.deadline_from(started.unwrap_or_else(Instant::now)),
        };
        let progress = self.progress.as_deref();
        Limits {
            max_nodes: self.max_nodes.unwrap_or(u64::MAX),
            deadline,
            cancel: self.cancel.as_deref(),
            stop: self.stop.as_deref(),
            progress,
            watch: deadline.is_some()
                || self.cancel.is_some()
                || self.stop.is_some()
                || progress.is_some(),
            mask: progress.map_or(CLOCK_EVERY, |p| p.interval().min(CLOCK_EVERY + 1) - 1),
        }
    }
}

/// The clock and the cancellation flag are looked at every this many nodes
/// plus one.
const CLOCK_EVERY: u64 = 1023;

/// A [`Budget`] as one search applies it.
pub(crate) struct Limits<'b> {
    max_nodes: u64,
    /// The instant the search must stop, if any.
    pub(crate) deadline: Option<Instant>,
    cancel: Option<&'b AtomicBool>,
    stop: Option<&'b AtomicBool>,
    progress: Option<&'b Progress>,
    /// Whether there is anything to look at besides the node limit.
    watch: bool,
    /// Look every `mask + 1` nodes (a power of two).
    mask: u64,
}

/// What the search should do before trying one more node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// Try it.
    Go,
    /// Report progress to [`Limits::progress`], then try it.
    Report,
    /// Stop: the budget is spent.
    Stop(Interruption),
}

impl<'b> Limits<'b> {
    /// What to do, having tried `nodes`.
    #[inline]
    pub(crate) fn check(&self, nodes: u64) -> Check {
        if nodes >= self.max_nodes {
            return Check::Stop(Interruption::NodeLimit);
        }
        if self.watch && nodes & self.mask == 0 {
            return self.look(nodes);
        }
        Check::Go
    }

    /// The smallest count of nodes tried, `nodes` or more, at which
    /// [`Limits::check`] may say anything but [`Check::Go`]: the search
    /// asks only from there (it checks every node against one number
    /// instead of two, and the node limit stays exact).
    #[inline]
    pub(crate) fn next_look(&self, nodes: u64) -> u64 {
        let watched = if self.watch {
            // The next multiple of `mask + 1` from `nodes` on.
            nodes
                .checked_add(self.mask)
                .map_or(u64::MAX, |n| n & !self.mask)
        } else {
            u64::MAX
        };
        watched.min(self.max_nodes)
    }

    /// Lowers the node limit to `max` nodes tried in all (a slice of a
    /// search that goes on later); returns whether that is below the
    /// budget's own limit, so that reaching it is the slice's end and not
    /// the budget's.
    pub(crate) fn cap_nodes(&mut self, max: u64) -> bool {
        let lower = max < self.max_nodes;
        self.max_nodes = self.max_nodes.min(max);
        lower
    }

    /// Where progress goes, if anywhere.
    pub(crate) fn progress(&self) -> Option<&'b Progress> {
        self.progress
    }

    #[cold]
    fn look(&self, nodes: u64) -> Check {
        let raised = |flag: Option<&AtomicBool>| flag.is_some_and(|c| c.load(Ordering::Relaxed));
        if raised(self.cancel) || raised(self.stop) {
            return Check::Stop(Interruption::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Check::Stop(Interruption::Deadline);
        }
        match self.progress {
            Some(p) if p.is_due(nodes) => Check::Report,
            _ => Check::Go,
        }
    }
}
