//! `exactcover solve`, `count`, `grade`, `minimize`, `hint` and `explain`: one answer per
//! puzzle, every puzzle read the same way.
//!
//! The library's `sudoku::reply::Batch` reads each input by chunks,
//! answers them on threads and writes the answers in input order with
//! their messages; this file sets it up from the options and lends it the
//! command line's hooks (`Shell`): standard output and error, the progress
//! bar, signals, `--trace`, the watch on a long count and the pictures of
//! every puzzle (a file each).

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::Instant;

use exactcover::engine::Memo;
use exactcover::sudoku::{Entry, Layout, RuledGrid};
use exactcover::teach::trace::Io;
use exactcover_cli::sudoku_reply::{Host, NOTE_SEVERAL, Replier, Reply, Setup, Task, Wording};
use exactcover_cli::util::input::inputs;
use exactcover_cli::util::text::thousands;

use crate::args::{InputArgs, PuzzleBudgetArgs, QuietArgs};
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
    /// `--quiet`: no notes, no progress.
    pub quiet: bool,
    /// `--json`: one JSON object per puzzle.
    pub json: bool,
    pub teach: Option<&'a TeachArgs>,
}

impl<'a> Options<'a> {
    /// The options of a command that only reads puzzles and answers them
    /// (`minimize`, `grade`, `hint`, `explain`): no pictures, no statistics.
    pub fn plain(
        input: &'a InputArgs,
        budget: &'a PuzzleBudgetArgs,
        jobs: Option<u64>,
        quiet: QuietArgs,
    ) -> Self {
        Options {
            input,
            budget,
            jobs,
            max_memory: None,
            pretty: false,
            stats: false,
            quiet: quiet.quiet,
            json: false,
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
    let streaming =
        options.input.line_buffered || io::stdin().is_terminal() || io::stdout().is_terminal();
    let setup = Setup {
        jobs: crate::jobs(options.jobs),
        max_memory: options.max_memory,
        memo,
        layout: options.input.layout(),
        streaming,
        traced: trace.is_some(),
    };
    let wording = Wording::new()
        .with_pretty(options.pretty)
        .with_json(options.json)
        .with_reason(signals::reason);
    let replier = Replier::new(task, options.budget.budget())
        .with_wording(wording)
        .with_timeout(options.budget.timeout)
        .with_estimates(signals::cancel_flag().is_some());
    let mut batch = match setup.batch(replier, options.input.reader()) {
        Ok(batch) => batch,
        Err(e) => {
            let jobs = setup.threads();
            warn(format_args!("exactcover: cannot start {jobs} threads: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let mut shell = Shell {
        out: Out::new(streaming),
        progress: None,
        name: String::new(),
        trace,
        pictures: options.teach.filter(|t| t.wants_files()),
        may_wait: false,
        quiet: options.quiet,
        notes: Notes::default(),
    };
    let started = Instant::now();
    for input in inputs(&options.input.files) {
        if signals::caught().is_some() {
            break;
        }
        match input {
            Ok(input) => {
                shell.progress =
                    (!options.quiet).then(|| Progress::new(input.path.as_deref(), input.size));
                (shell.name, shell.may_wait) = (input.name.clone(), input.may_wait);
                let (name, path) = (&*input.name, input.path.as_deref());
                batch.answer_input(name, path, input.reader, input.may_wait, &mut shell)?;
                if let Some(progress) = shell.progress.take() {
                    progress.finish();
                }
            }
            Err(e) => batch.cannot_open(&e, &mut shell)?,
        }
    }
    shell.out.flush()?;
    shell.notes.summarize();
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

/// The command line around a batch's input: standard output and error, the
/// progress bar, signals, the trace, the watch on a long count, and the
/// pictures of every puzzle.
struct Shell<'t> {
    out: Out,
    /// The progress of the input at hand.
    progress: Option<Progress>,
    /// The name of the input at hand.
    name: String,
    trace: Option<Trace>,
    /// The pictures to draw, of every puzzle read.
    pictures: Option<&'t TeachArgs>,
    /// Whether reading the input at hand may wait for its writer.
    may_wait: bool,
    /// `--quiet`: notes unsaid, a long count not shown.
    quiet: bool,
    /// The notes said and not said.
    notes: Notes,
}

/// The notes of a batch: the first [`Notes::SHOWN`] are said, the others
/// counted and summed up in one line at the end, so that a set of 10,000
/// puzzles with several solutions gets 11 lines, not 10,000.
#[derive(Debug, Default)]
struct Notes {
    /// Every note of the batch.
    all: u64,
    /// Those that say a puzzle has several solutions.
    several: u64,
}

impl Notes {
    /// The notes said one by one.
    const SHOWN: u64 = 10;

    /// Counts `message`; whether to say it.
    fn add(&mut self, message: &str) -> bool {
        self.all += 1;
        self.several += u64::from(message.ends_with(NOTE_SEVERAL));
        self.all <= Notes::SHOWN
    }

    /// Says how many notes were not said, if any.
    fn summarize(&self) {
        if self.all <= Notes::SHOWN {
            return;
        }
        let unsaid = thousands(self.all - Notes::SHOWN);
        let all = thousands(self.all);
        let several = match self.several {
            0 => String::new(),
            n => format!(
                "; {} puzzles have several solutions (solve printed one of each; --unique prints not-unique instead)",
                thousands(n)
            ),
        };
        warn(format_args!(
            "exactcover: note: {all} notes in all, the first {} above, {unsaid} not shown{several}",
            Notes::SHOWN
        ));
    }
}

impl Host for Shell<'_> {
    fn write(&mut self, text: &str) -> io::Result<()> {
        self.out.write(text)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn warn(&mut self, message: &str) {
        warn(format_args!("{message}"));
    }

    fn note(&mut self, message: &str) {
        if !self.quiet && self.notes.add(message) {
            warn(format_args!("{message}"));
        }
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
        let (watch, budget) = Watch::start_shown(what, replier.budget(), !self.quiet);
        let mut reply = replier.reply(entry, layout, &budget, threads);
        if reply.cancelled {
            reply.add_estimate(watch.estimate());
        }
        Ok(reply)
    }

    fn wants_puzzles(&self) -> bool {
        self.pictures.is_some()
    }

    fn puzzle(&mut self, number: u64, puzzle: RuledGrid<'_>) -> bool {
        self.pictures
            .is_none_or(|teach| teach::draw_puzzle(teach, puzzle, number, self.quiet))
    }

    fn threads_failed(&mut self, threads: usize, error: &str) {
        warn(format_args!(
            "exactcover: cannot start {threads} threads: {error}"
        ));
    }
}
