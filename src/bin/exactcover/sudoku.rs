//! `exactcover solve`, `count`, `grade`, `minimize`, `hint` and `explain`: one answer per
//! puzzle, every puzzle read the same way.
//!
//! The library reads the puzzles (`Puzzles`, in the layout the options or
//! the input ask for) and answers them; this file answers them in chunks,
//! on threads, and prints the answers in input order with their messages.
//! What each command answers is in `reply.rs`; how an input's puzzles come
//! (read here, or on a thread when reading may wait) in the library's
//! `sudoku::feed`.

use std::io::{self, BufRead, IsTerminal};
use std::path::Path;
use std::process::ExitCode;

use std::time::{Duration, Instant};

use exactcover::Budget;
use exactcover::engine::Memo;
use exactcover::scale::DEFAULT_MAX_MEMORY;
use exactcover::sudoku::feed::Feed;
use exactcover::sudoku::reply::{self, Check, Output, Replier, Reply, Task, Totals, Wording};
use exactcover::sudoku::{Entry, Layout, PuzzleWriter, Reader, RuledGrid, ThreadCap, is_fpuzzles};

use crate::args::{InputArgs, PuzzleBudgetArgs};
use crate::input::{self, Input};
use crate::output::{Out, warn};
use crate::progress::Progress;
use crate::signals;
use crate::teach::TeachArgs;
use crate::teach::{self, Trace};
use crate::watch::Watch;

/// Puzzles are answered in chunks of at most this many: a chunk is read,
/// answered (in parallel with `--jobs`), and printed in order before the
/// next is read, so memory does not grow with the input.
const CHUNK: usize = 2048;

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

/// What the whole run has seen.
#[derive(Default)]
struct Run<'a> {
    failed: bool,
    unreadable: bool,
    totals: Totals,
    /// The pictures still to draw, of the first puzzle read.
    pictures: Option<&'a TeachArgs>,
    /// Writes `minimize`'s puzzles, in the layout of their input.
    writer: Option<PuzzleWriter>,
}

impl Run<'_> {
    fn exit_code(&self) -> ExitCode {
        if signals::caught().is_some() {
            // A signal stopped the batch (main then ends by it).
            ExitCode::from(1)
        } else if self.unreadable {
            ExitCode::from(2)
        } else if self.failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// What the command was asked, the same for every input.
struct Session<'a> {
    options: &'a Options<'a>,
    /// The task, budget and words of every reply.
    replier: Replier,
    reader: Reader,
    trace: Option<Trace>,
    jobs: usize,
    /// Whether answers go out as soon as they are known.
    streaming: bool,
    pool: rayon::ThreadPool,
    /// The threads a chunk may take: no more than their matrices fit in
    /// `--max-memory`.
    cap: ThreadCap,
}

/// Runs `task` on every puzzle of the inputs `options` name.
pub fn run(options: &Options<'_>, task: Task) -> io::Result<ExitCode> {
    let Some(session) = Session::new(options, task) else {
        return Ok(ExitCode::from(2));
    };
    answer_all(options, task, &session)
}

/// `count --memo`: each puzzle counted by Algorithm Z, on one thread
/// (several puzzles on several threads with `--jobs`).
pub fn run_memo(options: &Options<'_>, limit: Option<u64>, memo: Memo) -> io::Result<ExitCode> {
    let task = Task::Count { limit };
    let Some(mut session) = Session::new(options, task) else {
        return Ok(ExitCode::from(2));
    };
    // Each thread keeps a memo of its own: they share the memory.
    session.replier = session.replier.with_memo(memo, session.jobs);
    answer_all(options, task, &session)
}

/// Answers every input of `session`, and says how it went.
fn answer_all(options: &Options<'_>, task: Task, session: &Session<'_>) -> io::Result<ExitCode> {
    let mut out = Out::new(session.streaming);
    let mut run = Run {
        pictures: options
            .teach
            .filter(|t| t.svg.is_some() || t.svg_tree.is_some() || t.wants_recording()),
        writer: matches!(task, Task::Minimize { .. }).then(|| PuzzleWriter::new(Layout::Line)),
        ..Run::default()
    };
    let started = Instant::now();
    for input in input::inputs(&options.input.files) {
        if signals::caught().is_some() {
            break;
        }
        match input {
            Ok(input) => session.answer_input(input, &mut out, &mut run)?,
            Err((name, e)) => {
                out.flush()?;
                warn(format_args!("{name}: cannot read: {e}"));
                run.unreadable = true;
            }
        }
    }
    out.flush()?;
    if options.stats {
        warn(format_args!(
            "{}",
            run.totals.describe(started.elapsed(), session.jobs)
        ));
    }
    Ok(run.exit_code())
}

impl Session<'_> {
    /// The session `options` ask for; `None` (with a message) when its
    /// threads cannot start.
    fn new<'a>(options: &'a Options<'a>, task: Task) -> Option<Session<'a>> {
        let trace = options.teach.and_then(TeachArgs::trace);
        let jobs = match options.jobs {
            // A trace is printed as the search goes: one puzzle at a time.
            _ if trace.is_some() => 1,
            jobs => crate::jobs(jobs),
        };
        let pool = crate::thread_pool(jobs)?;
        // The trace follows the search to its first solution.
        let task = match task {
            Task::Solve(_) if trace.is_some() => Task::Solve(Check::None),
            task => task,
        };
        let reader = options.input.reader();
        let wording = Wording::new()
            .with_pretty(options.pretty)
            .with_reason(signals::reason);
        let replier = Replier::new(task, options.budget.budget())
            .with_wording(wording)
            .with_timeout(options.budget.timeout)
            .with_fixed_size(reader.fixed_size())
            .with_estimates(signals::cancel_flag().is_some());
        Some(Session {
            options,
            replier,
            reader,
            trace,
            jobs,
            streaming: options.input.line_buffered
                || io::stdin().is_terminal()
                || io::stdout().is_terminal(),
            pool,
            cap: ThreadCap::new(jobs, options.max_memory.unwrap_or(DEFAULT_MAX_MEMORY)),
        })
    }

    /// The layout of `input`: `--jigsaw`, else f-puzzles when the input is
    /// JSON, else `--block` or lines.
    fn layout(&self, path: Option<&Path>, input: &mut dyn BufRead) -> io::Result<Layout> {
        let asked = self.options.input.layout();
        Ok(if asked != Layout::Jigsaw && is_fpuzzles(path, input)? {
            Layout::FPuzzles
        } else {
            asked
        })
    }

    /// Reads, answers and prints the puzzles of one input, chunk by chunk.
    /// An input that cannot be read is named, and the others go on.
    fn answer_input(&self, input: Input, out: &mut Out, run: &mut Run<'_>) -> io::Result<()> {
        let Input {
            name,
            path,
            mut reader,
            size,
            may_wait,
        } = input;
        let layout = {
            // A signal while waiting for standard input ends the command.
            let _reading = may_wait.then(signals::Reading::start);
            self.layout(path.as_deref(), &mut reader)
        };
        let layout = match layout {
            Ok(layout) => layout,
            Err(e) => {
                out.flush()?;
                warn(format_args!("{name}: cannot read: {e}"));
                run.unreadable = true;
                return Ok(());
            }
        };
        if let Some(writer) = &mut run.writer {
            writer.set_layout(layout);
        }
        let mut progress = Progress::new(path.as_deref(), size);
        let mut feed = Feed::new(reader, self.reader.clone(), layout, may_wait);
        let (mut chunk_size, grow) = match () {
            _ if self.trace.is_some() || (self.streaming && may_wait) => (1, false),
            _ if self.streaming => (1, true),
            _ => (CHUNK, false),
        };
        let mut chunk: Vec<Entry> = Vec::with_capacity(chunk_size);
        let mut answered = 0u64;
        let shown = Shown {
            name: &name,
            layout,
        };
        loop {
            // Reading may wait for a writer who waits for these answers.
            if feed.would_wait() {
                out.flush()?;
            }
            let mut read = {
                // Everything answered is out before a wait, which a signal
                // ends.
                let _reading = may_wait.then(signals::Reading::start);
                feed.read_chunk(&mut chunk, chunk_size)
            };
            // The whole input may be this one puzzle: a count may then
            // spread it over the threads. From a pipe, the end may not be
            // there yet: wait for it a moment.
            let first = answered == 0 && chunk.len() == 1 && chunk_size > 1;
            if first && !read.ended && read.failure.is_none() {
                read.ended = feed.ends_within(Duration::from_millis(20));
            }
            let alone = first && read.ended && read.failure.is_none();
            let replies = self.answer_chunk(&chunk, &shown, alone, out)?;
            draw_first(&chunk, run);
            answered += replies.len() as u64;
            progress.suspend(|| shown.print(&chunk, replies, read.cut, out, run))?;
            progress.update(feed.bytes_read(), answered);
            if let Some(e) = read.failure {
                out.flush()?;
                progress.suspend(|| warn(format_args!("{name}: cannot read: {e}")));
                run.unreadable = true;
                break;
            }
            if signals::caught().is_some() {
                break;
            }
            if read.ended {
                break;
            }
            if grow {
                chunk_size = (chunk_size * 2).min(CHUNK);
            }
        }
        progress.finish();
        Ok(())
    }

    /// Answers a chunk: on the threads of the pool, or one puzzle at a time
    /// here (then a count shows its progress, and a lone puzzle may be
    /// counted on every thread).
    fn answer_chunk(
        &self,
        chunk: &[Entry],
        shown: &Shown<'_>,
        alone: bool,
        out: &mut Out,
    ) -> io::Result<Vec<Reply>> {
        let (name, layout) = (shown.name, shown.layout);
        let jobs = self.cap.threads(chunk);
        if jobs > 1 && chunk.len() > 1 {
            let answer = || self.replier.reply_all(chunk, layout);
            if jobs == self.jobs {
                return Ok(self.pool.install(answer));
            }
            // Fewer threads, for this chunk only: their matrices go with them.
            if let Some(pool) = crate::thread_pool(jobs) {
                return Ok(pool.install(answer));
            }
        }
        let threads = if alone { jobs } else { 1 };
        let mut replies = Vec::with_capacity(chunk.len());
        for entry in chunk {
            if self.trace.is_some() {
                // The trace goes straight to standard output.
                out.flush()?;
            }
            // One count at a time: show how far it is.
            let (watch, budget) = match self.replier.task() {
                Task::Count { .. } => {
                    let what = format!("{name}:{}", entry.line + 1);
                    let (watch, budget) = Watch::start(what, self.replier.budget());
                    (Some(watch), budget)
                }
                _ => (None, self.replier.budget().clone()),
            };
            let mut reply = self.reply(entry, layout, &budget, threads);
            if let Some(watch) = watch.filter(|_| reply.cancelled) {
                reply.add_estimate(watch.estimate());
            }
            replies.push(reply);
        }
        Ok(replies)
    }

    /// Answers one entry, read in `layout`, on this thread (a count on
    /// `threads` threads), its search traced with `--trace`.
    fn reply(&self, entry: &Entry, layout: Layout, budget: &Budget, threads: usize) -> Reply {
        let Some(trace) = self.trace else {
            return self.replier.reply(entry, layout, budget, threads);
        };
        let (task, wording) = (self.replier.task(), self.replier.wording());
        let refused = self.replier.refuse(entry, layout);
        refused.unwrap_or_else(|| traced(trace, entry, budget, task, wording))
    }
}

/// `solve --trace`: the answer to `entry`, its search traced on standard
/// output.
fn traced(trace: Trace, entry: &Entry, budget: &Budget, task: Task, wording: &Wording) -> Reply {
    let puzzle = match entry.puzzle() {
        Ok(puzzle) => puzzle,
        Err(e) => return Reply::invalid(e.to_string()),
    };
    let rules = puzzle.rules();
    let mut tracer = trace.tracer(&rules.problem(), &*rules);
    let mut answerer = exactcover::sudoku::Answerer::new();
    answerer.set_budget(budget.clone());
    let answer = answerer.solve_observed(puzzle, &mut tracer);
    let _ = tracer.finish();
    reply::answered(answer, puzzle, entry.rules.as_ref(), task, wording)
}

/// Draws the pictures still to draw, of the first puzzle of `chunk` that
/// could be read.
fn draw_first(chunk: &[Entry], run: &mut Run<'_>) {
    let Some(teach) = run.pictures else {
        return;
    };
    if let Some(puzzle) = chunk.iter().find_map(|entry| entry.puzzle().ok()) {
        run.pictures = None;
        run.failed |= !teach::draw_puzzle(teach, puzzle);
    }
}

/// Where the replies of an input go: the answers to standard output, the
/// messages to standard error with the input's name (and the line, but in
/// a file that is one puzzle).
struct Shown<'a> {
    name: &'a str,
    layout: Layout,
}

impl Shown<'_> {
    fn print(
        &self,
        chunk: &[Entry],
        replies: Vec<Reply>,
        cut: bool,
        out: &mut Out,
        run: &mut Run<'_>,
    ) -> io::Result<()> {
        for (entry, reply) in chunk.iter().zip(replies) {
            run.totals.add(&reply);
            run.failed |= reply.failed;
            for key in &entry.ignored {
                self.warn(entry, &format!("note: ignored \"{key}\", which f-puzzles draws but does not check: if the rules say it constrains the solution, this answer ignores that"), out)?;
            }
            if let Some(message) = &reply.message {
                self.warn(entry, message, out)?;
            }
            let cancelled = reply.cancelled;
            match reply.output {
                Output::Text(text) => out.write(&text)?,
                Output::Puzzle(grid) => self.write_puzzle(entry, &grid, out, run)?,
            }
            if cancelled {
                // A signal: the batch ends with this answer, in order.
                break;
            }
        }
        if cut {
            out.flush()?;
        }
        Ok(())
    }

    /// Writes a message about `entry` to standard error, with the input's
    /// name and the entry's line.
    fn warn(&self, entry: &Entry, message: &str, out: &mut Out) -> io::Result<()> {
        // Flush first, so that messages and answers interleave in order
        // when both go to one terminal or file.
        out.flush()?;
        let name = self.name;
        match self.layout {
            Layout::FPuzzles => warn(format_args!("{name}: {message}")),
            _ => warn(format_args!("{name}:{}: {message}", entry.line + 1)),
        }
        Ok(())
    }

    /// Writes `minimize`'s puzzle, under the rules of `entry`, in the
    /// layout it was read in.
    fn write_puzzle(
        &self,
        entry: &Entry,
        grid: &exactcover::sudoku::Grid,
        out: &mut Out,
        run: &mut Run<'_>,
    ) -> io::Result<()> {
        let puzzle = match &entry.rules {
            Some(rules) => RuledGrid::new(rules, grid).ok(),
            None => Some(RuledGrid::from(grid)),
        };
        let written = match (puzzle, &mut run.writer) {
            (Some(puzzle), Some(writer)) => writer.write(puzzle).map_err(|e| e.to_string()),
            _ => Err("the minimal puzzle does not fit its rules".to_string()),
        };
        match written {
            Ok(text) => out.write(&text),
            Err(message) => {
                run.failed = true;
                self.warn(entry, &message, out)?;
                out.write("failed\n")
            }
        }
    }
}
