//! [`Replier`]: the replies of a batch, one task, budget and wording for
//! every puzzle.

use std::sync::Arc;
use std::time::Duration;

use super::Answerer;
use super::{Reply, Task, Wording, answered, block_row, memo_reply, reply};
use exactcover::Budget;
use exactcover::engine::{Memo, Progress};
use exactcover::sudoku::{Entry, Layout, Rules};
use exactcover::teach::trace::{Sink, Tracer};

/// Answers the puzzles of a batch: one [`Task`], one [`Budget`] and one
/// [`Wording`] for all. [`Replier::reply`] answers one puzzle,
/// [`Replier::reply_all`] a chunk of them on the threads of the current
/// rayon pool (with the `parallel` feature; else one after another).
///
/// Besides [`reply`], it refuses a line that looks like a row of a block
/// ([`block_row`]), gives each puzzle of a task of many searches (grade,
/// minimize) a time of its own, counts by Algorithm Z with a memo, and
/// says how far a count stopped by a cancellation had gone.
///
/// ```
/// use exactcover::Budget;
/// use exactcover_cli::sudoku_reply::{Output, Replier, Task};
/// use exactcover::sudoku::{Layout, Puzzles, Reader};
///
/// let text = "1.3..4..2......1\n12345\n";
/// let chunk: Vec<_> = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line)
///     .collect::<Result<_, _>>()?;
/// let replier = Replier::new(Task::Count { limit: None }, Budget::new());
/// let replies = replier.reply_all(&chunk, Layout::Line);
/// assert!(matches!(&replies[0].output, Output::Text(line) if line == "1\n"));
/// assert!(matches!(&replies[1].output, Output::Text(line) if line == "invalid\n"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Replier {
    task: Task,
    budget: Budget,
    wording: Wording,
    /// The time of each puzzle of a task of many searches.
    timeout: Option<Duration>,
    /// The size of grid the reader was told (`--box`, `--alphabet`).
    fixed_size: Option<usize>,
    /// The memo of a count by Algorithm Z, and the count's limit.
    memo: Option<(Memo, Option<u128>)>,
    /// Whether a count stopped by a cancellation says how far it went.
    estimates: bool,
}

impl Replier {
    /// Answers `task` within `budget` (each search's), worded as
    /// [`Wording::new`] says.
    #[must_use]
    pub fn new(task: Task, budget: Budget) -> Replier {
        Replier {
            task,
            budget,
            wording: Wording::new(),
            timeout: None,
            fixed_size: None,
            memo: None,
            estimates: false,
        }
    }

    /// With `task` instead (before [`Replier::with_memo`], which keeps
    /// the limit of the task it is given).
    #[must_use]
    pub fn with_task(mut self, task: Task) -> Replier {
        self.task = task;
        self
    }

    /// With `wording`.
    #[must_use]
    pub fn with_wording(mut self, wording: Wording) -> Replier {
        self.wording = wording;
        self
    }

    /// With `timeout` bounding all the searches of one puzzle, from its
    /// start, for the tasks of many searches ([`Task::many_searches`]).
    #[must_use]
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Replier {
        self.timeout = timeout;
        self
    }

    /// With the size of grid the reader was told, if any: a line of fewer
    /// cells is then not taken for a row of a block ([`block_row`]).
    #[must_use]
    pub fn with_fixed_size(mut self, size: Option<usize>) -> Replier {
        self.fixed_size = size;
        self
    }

    /// Counts by Algorithm Z with `memo` (a [`Task::Count`]'s limit kept),
    /// each of `threads` threads with a memo of its own and a share of its
    /// memory.
    #[must_use]
    pub fn with_memo(mut self, memo: Memo, threads: usize) -> Replier {
        let share = memo.memory() / threads.max(1);
        let limit = match self.task {
            Task::Count { limit } => limit.map(u128::from),
            _ => None,
        };
        self.memo = Some((memo.with_memory(share), limit));
        self
    }

    /// Whether a count that a cancellation stops says how far it had gone
    /// (Knuth's estimate), when answered by [`Replier::reply_all`]. Each
    /// count then reports its progress as it goes.
    #[must_use]
    pub fn with_estimates(mut self, estimates: bool) -> Replier {
        self.estimates = estimates;
        self
    }

    /// The task.
    #[must_use]
    pub fn task(&self) -> Task {
        self.task
    }

    /// The budget of each search.
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The wording.
    #[must_use]
    pub fn wording(&self) -> &Wording {
        &self.wording
    }

    /// The `invalid` reply of an entry read in `layout` that looks like a
    /// row of a block rather than a puzzle ([`block_row`]), if it does.
    #[must_use]
    pub fn refuse(&self, entry: &Entry, layout: Layout) -> Option<Reply> {
        if layout == Layout::Line {
            return block_row(entry, self.fixed_size);
        }
        None
    }

    /// Answers one entry, read in `layout`, on this thread within `budget`
    /// (a count on `threads` threads).
    #[must_use]
    pub fn reply(&self, entry: &Entry, layout: Layout, budget: &Budget, threads: usize) -> Reply {
        if let Some(reply) = self.refuse(entry, layout) {
            return reply;
        }
        // The timeout bounds all the searches of a puzzle, from its start.
        let budget = match self.timeout.filter(|_| self.task.many_searches()) {
            Some(time) => budget.clone().with_deadline_in(time),
            None => budget.clone(),
        };
        if let Some((memo, limit)) = &self.memo {
            return memo_reply(entry, &budget, memo, *limit, &self.wording);
        }
        reply(self.task, entry, &budget, threads, &self.wording)
    }

    /// Answers one entry, read in `layout`, on this thread, its search for
    /// a first solution traced (`solve --trace`) by a [`Tracer`] that
    /// writes to `sink`, set up by `configure` (its lines, its covers),
    /// items and options named by the puzzle's rules. The reply is worded
    /// for the replier's task, which should be
    /// [`Task::Solve`]`(`[`Check::None`](super::Check::None)`)`: the trace
    /// follows the search to its first solution only. An entry refused or
    /// unreadable is answered with no trace; the sink's errors end the
    /// trace, not the answer.
    ///
    /// ```
    /// use exactcover::Budget;
    /// use exactcover_cli::sudoku_reply::{Check, Output, Replier, Task};
    /// use exactcover::sudoku::{Layout, Puzzles, Reader};
    ///
    /// let text = "1.3..4..2......1\n";
    /// let entry = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line)
    ///     .next()
    ///     .expect("a line")?;
    /// let replier = Replier::new(Task::Solve(Check::None), Budget::new());
    /// let mut trace = String::new();
    /// let reply = replier.reply_traced(&entry, Layout::Line, &mut trace, |t| t.with_max_lines(3));
    /// assert!(matches!(&reply.output, Output::Text(line) if line == "1234341221434321\n"));
    /// let lines: Vec<&str> = trace.lines().collect();
    /// assert_eq!(lines[1], "try r1c2=2 (1 of 1)");
    /// assert_eq!(lines[3], "... trace cut after 3 lines (the search goes on)");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn reply_traced<S: Sink>(
        &self,
        entry: &Entry,
        layout: Layout,
        sink: S,
        configure: impl for<'r> FnOnce(Tracer<&'r Rules, S>) -> Tracer<&'r Rules, S>,
    ) -> Reply {
        if let Some(reply) = self.refuse(entry, layout) {
            return reply;
        }
        let puzzle = match entry.puzzle() {
            Ok(puzzle) => puzzle,
            Err(e) => return Reply::invalid(e.to_string()),
        };
        let rules = puzzle.rules();
        let mut tracer = configure(Tracer::new(&rules.problem(), &*rules, sink));
        let mut answerer = Answerer::new();
        answerer.set_budget(self.budget.clone());
        let answer = answerer.solve_observed(puzzle, &mut tracer);
        let _ = tracer.finish();
        answered(
            answer,
            puzzle,
            entry.rules.as_ref(),
            self.task,
            &self.wording,
        )
    }

    /// Answers one entry of a chunk, each search within the replier's
    /// budget; with estimates, a count that a cancellation stops says how
    /// far it had gone.
    #[must_use]
    pub fn reply_estimated(&self, entry: &Entry, layout: Layout) -> Reply {
        if !matches!(self.task, Task::Count { .. }) || !self.estimates {
            return self.reply(entry, layout, &self.budget, 1);
        }
        let progress = Arc::new(Progress::new());
        let budget = self.budget.clone().with_progress(Arc::clone(&progress));
        let mut reply = self.reply(entry, layout, &budget, 1);
        if reply.cancelled {
            reply.add_estimate(progress.estimate());
        }
        reply
    }

    /// Answers every entry of `chunk`, read in `layout`, in order: on the
    /// threads of the current rayon pool with the `parallel` feature, else
    /// one after another.
    #[must_use]
    pub fn reply_all(&self, chunk: &[Entry], layout: Layout) -> Vec<Reply> {
        {
            use rayon::prelude::*;
            chunk
                .par_iter()
                .map(|entry| self.reply_estimated(entry, layout))
                .collect()
        }
    }
}
