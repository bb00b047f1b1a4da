//! `exactcover solve`, `count`, `grade`, `minimize`, `hint` and `explain`: one answer per
//! puzzle, every puzzle read the same way.
//!
//! The library's `sudoku::reply::Batch` reads each input by chunks,
//! answers them on threads and writes the answers in input order with
//! their messages; this file sets it up from the options and lends it the
//! command line's hooks (`Shell`): standard output and error, the progress
//! bar, signals, `--trace`, the watch on a long count and the pictures of
//! the first puzzle.

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::Instant;

use exactcover::engine::Memo;
use exactcover::scale::DEFAULT_MAX_MEMORY;
use exactcover::sudoku::reply::{Batch, Check, Host, Replier, Reply, Task, Wording};
use exactcover::sudoku::{Entry, Layout, RuledGrid};
use exactcover::teach::trace::Io;
use exactcover::util::input::inputs;

use crate::args::{InputArgs, PuzzleBudgetArgs};
use crate::output::{Out, warn};
use crate::progress::Progress;
use crate::signals;
use crate::teach::TeachArgs;
use crate::teach::{self, Trace};
use crate::watch::Watch;

/// What a command that reads puzzles was asked, besides its task.
pub struct Options<'a> {
    pub input: &'a InputArgs,
    pub budget: &'a PuzzleBudgetArgs,
    pub jobs: Option<u64>,
    /// `--max-memory`: the most the threads' matrices may take together.
    pub max_memory: Option<u64>,
    pub pretty: bool,
    pub stats: bool,
    pub teach: Option<&'a TeachArgs>,
}

impl<'a> Options<'a> {
    /// The options of a command that only reads puzzles and answers them
    /// (`minimize`, `grade`, `hint`, `explain`): no pictures, no statistics.
    pub fn plain(input: &'a InputArgs, budget: &'a PuzzleBudgetArgs, jobs: Option<u64>) -> Self {
        Options {
            input,
            budget,
            jobs,
            max_memory: None,
            pretty: false,
            stats: false,
            teach: None,
        }
    }
}

/// Runs `task` on every puzzle of the inputs `options` name.
pub fn run(options: &Options<'_>, task: Task) -> io::Result<ExitCode> {
    answer_all(options, task, None)
}

/// `count --memo`: each puzzle counted by Algorithm Z, on one thread
/// (several puzzles on several threads with `--jobs`).
pub fn run_memo(options: &Options<'_>, limit: Option<u64>, memo: Memo) -> io::Result<ExitCode> {
    answer_all(options, Task::Count { limit }, Some(memo))
}

/// Answers every input `options` name, and says how it went.
fn answer_all(options: &Options<'_>, task: Task, memo: Option<Memo>) -> io::Result<ExitCode> {
    let trace = options.teach.and_then(TeachArgs::trace);
    let Some(mut batch) = batch(options, task, memo, trace) else {
        return Ok(ExitCode::from(2));
    };
    let streaming =
        options.input.line_buffered || io::stdin().is_terminal() || io::stdout().is_terminal();
    batch = batch.with_streaming(streaming);
    let mut out = Out::new(streaming);
    let mut pictures = options.teach.filter(|t| t.wants_files());
    let started = Instant::now();
    for input in inputs(&options.input.files) {
        if signals::caught().is_some() {
            break;
        }
        let input = match input {
            Ok(input) => input,
            Err(e) => {
                let mut shell = Shell::new(&mut out, None, &e.name, trace, &mut pictures, false);
                batch.cannot_open(&e, &mut shell)?;
                continue;
            }
        };
        let progress = Some(Progress::new(input.path.as_deref(), input.size));
        let (name, path) = (&*input.name, input.path.as_deref());
        let mut shell = Shell::new(
            &mut out,
            progress,
            name,
            trace,
            &mut pictures,
            input.may_wait,
        );
        batch.answer_input(name, path, input.reader, input.may_wait, &mut shell)?;
        if let Some(progress) = shell.progress.take() {
            progress.finish();
        }
    }
    out.flush()?;
    if options.stats {
        let totals = batch.totals();
        warn(format_args!(
            "{}",
            totals.describe(started.elapsed(), batch.jobs())
        ));
    }
    // A signal stopped the batch: main then ends by it.
    Ok(ExitCode::from(
        batch.exit_status(signals::caught().is_some()),
    ))
}

/// The batch `options` ask for; `None` (with a message) when its threads
/// cannot start.
fn batch(
    options: &Options<'_>,
    task: Task,
    memo: Option<Memo>,
    trace: Option<Trace>,
) -> Option<Batch> {
    let jobs = match options.jobs {
        // A trace is printed as the search goes: one puzzle at a time.
        _ if trace.is_some() => 1,
        jobs => crate::jobs(jobs),
    };
    // The trace follows the search to its first solution.
    let task = match task {
        Task::Solve(_) if trace.is_some() => Task::Solve(Check::None),
        task => task,
    };
    let reader = options.input.reader();
    let wording = Wording::new()
        .with_pretty(options.pretty)
        .with_reason(signals::reason);
    let mut replier = Replier::new(task, options.budget.budget())
        .with_wording(wording)
        .with_timeout(options.budget.timeout)
        .with_fixed_size(reader.fixed_size())
        .with_estimates(signals::cancel_flag().is_some());
    if let Some(memo) = memo {
        // Each thread keeps a memo of its own: they share the memory.
        replier = replier.with_memo(memo, jobs);
    }
    let layout = options.input.layout();
    let max_memory = options.max_memory.unwrap_or(DEFAULT_MAX_MEMORY);
    match Batch::new(replier, reader, jobs, max_memory) {
        Ok(batch) if trace.is_some() => Some(batch.with_layout(layout).one_at_a_time()),
        Ok(batch) => Some(batch.with_layout(layout)),
        Err(e) => {
            warn(format_args!("exactcover: cannot start {jobs} threads: {e}"));
            None
        }
    }
}

/// The command line around a batch's input: standard output and error, the
/// progress bar, signals, the trace, the watch on a long count, and the
/// pictures of the first puzzle.
struct Shell<'a, 't> {
    out: &'a mut Out,
    progress: Option<Progress>,
    name: &'a str,
    trace: Option<Trace>,
    /// The pictures still to draw, of the first puzzle read.
    pictures: &'a mut Option<&'t TeachArgs>,
    may_wait: bool,
}

impl<'a, 't> Shell<'a, 't> {
    fn new(
        out: &'a mut Out,
        progress: Option<Progress>,
        name: &'a str,
        trace: Option<Trace>,
        pictures: &'a mut Option<&'t TeachArgs>,
        may_wait: bool,
    ) -> Self {
        Shell {
            out,
            progress,
            name,
            trace,
            pictures,
            may_wait,
        }
    }
}

impl Host for Shell<'_, '_> {
    fn write(&mut self, text: &str) -> io::Result<()> {
        self.out.write(text)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn warn(&mut self, message: &str) {
        warn(format_args!("{message}"));
    }

    fn stopped(&self) -> bool {
        signals::caught().is_some()
    }

    fn wait<T>(&mut self, read: impl FnOnce() -> T) -> T {
        // Everything answered is out before a wait, which a signal ends.
        let _reading = self.may_wait.then(signals::Reading::start);
        read()
    }

    fn print(&mut self, print: impl FnOnce(&mut Self) -> io::Result<()>) -> io::Result<()> {
        let progress = self.progress.take();
        let printed = match &progress {
            Some(progress) => progress.suspend(|| print(self)),
            None => print(self),
        };
        self.progress = progress;
        printed
    }

    fn progress(&mut self, bytes: u64, answered: u64) {
        if let Some(progress) = &mut self.progress {
            progress.update(bytes, answered);
        }
    }

    fn answer_here(
        &mut self,
        replier: &Replier,
        entry: &Entry,
        layout: Layout,
        threads: usize,
    ) -> io::Result<Reply> {
        if let Some(trace) = self.trace {
            // The trace goes straight to standard output.
            self.out.flush()?;
            let sink = Io(io::stdout());
            return Ok(replier.reply_traced(entry, layout, sink, |t| trace.configure(t)));
        }
        if !matches!(replier.task(), Task::Count { .. }) {
            return Ok(replier.reply(entry, layout, replier.budget(), threads));
        }
        // One count at a time: show how far it is.
        let what = format!("{}:{}", self.name, entry.line + 1);
        let (watch, budget) = Watch::start(what, replier.budget());
        let mut reply = replier.reply(entry, layout, &budget, threads);
        if reply.cancelled {
            reply.add_estimate(watch.estimate());
        }
        Ok(reply)
    }

    fn wants_first_puzzle(&self) -> bool {
        self.pictures.is_some()
    }

    fn first_puzzle(&mut self, puzzle: RuledGrid<'_>) -> bool {
        self.pictures
            .take()
            .is_none_or(|teach| teach::draw_puzzle(teach, puzzle))
    }

    fn threads_failed(&mut self, threads: usize, error: &str) {
        warn(format_args!(
            "exactcover: cannot start {threads} threads: {error}"
        ));
    }
}
