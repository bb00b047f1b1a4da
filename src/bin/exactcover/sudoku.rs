//! `exactcover solve` and `exactcover count`: one answer line per puzzle.
//!
//! The library reads the puzzles (`Puzzles`, in the layout the options or
//! the input ask for) and answers them (`Answerer`, whatever the rules);
//! this file answers them in chunks, on threads, and prints the answers in
//! input order with their messages.

use std::cell::RefCell;
use std::io::{self, BufRead, IsTerminal};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use exactcover::engine::Memo;
use exactcover::sudoku::{
    Answer, Answerer, Entry, EntryError, Grid, GridError, Layout, MemoAnswer, Outcome, Puzzles,
    Question, Reader, is_fpuzzles,
};
use exactcover::{Budget, SearchEnd, Stats};
use rayon::prelude::*;

use crate::input::{self, Input};
use crate::output::{Out, warn};
use crate::progress::Progress;
use crate::teach::{self, Trace};
use crate::watch::Watch;
use crate::{SudokuArgs, TeachArgs};

/// Puzzles are answered in chunks of at most this many: a chunk is read,
/// answered (in parallel with `--jobs`), and printed in order before the
/// next is read, so memory does not grow with the input.
const CHUNK: usize = 2048;

thread_local! {
    /// Each worker thread's answerer, kept for the whole run.
    static ANSWERER: RefCell<Answerer> = RefCell::new(Answerer::new());
}

/// What is printed for one puzzle.
struct Reply {
    /// The statistics of its search (zero when there was none).
    stats: Stats,
    /// The output: one line, then with `--pretty` a block.
    text: String,
    /// The message for standard error, if any.
    message: Option<String>,
    /// Whether this puzzle makes the exit status 1.
    failed: bool,
}

impl Reply {
    /// The reply `invalid`, with its message.
    fn invalid(message: String) -> Reply {
        Reply {
            stats: Stats::default(),
            text: "invalid\n".into(),
            message: Some(message),
            failed: true,
        }
    }

    /// The reply of `answer` about `puzzle`.
    fn new(answer: Answer<'_>, puzzle: &Grid, pretty: bool) -> Reply {
        let stats = answer.stats;
        let failed = |text: &str| Reply {
            stats,
            text: text.into(),
            message: Some(answer.to_string()),
            failed: true,
        };
        let (line, grid, message, failed) = match &answer.outcome {
            Outcome::Solution(solution) => (solution.to_string(), *solution, None, false),
            Outcome::Unsolvable(_) => return failed("unsolvable\n"),
            Outcome::Interrupted(_) => return failed("timeout\n"),
            Outcome::Count { count, why_none } => {
                let (message, failed) = match count.end {
                    SearchEnd::Interrupted(why) => (
                        Some(format!(
                            "count incomplete: search stopped ({why}) after {} nodes",
                            stats.nodes
                        )),
                        true,
                    ),
                    _ => {
                        let why = why_none.filter(|why| why.is_in_givens());
                        (why.map(|why| why.to_string()), false)
                    }
                };
                (count.to_string(), puzzle, message, failed)
            }
        };
        let mut text = line + "\n";
        if pretty {
            text.push_str(&format!("{grid:#}\n"));
        }
        Reply {
            stats,
            text,
            message,
            failed,
        }
    }
}

impl Reply {
    /// The reply of a memo count (`count --memo`).
    fn memo(answer: MemoAnswer, puzzle: &Grid, pretty: bool) -> Reply {
        let stats = answer.stats;
        let (message, failed) = match answer.count {
            Err(e) => {
                return Reply {
                    stats,
                    text: "overflow\n".into(),
                    message: Some(format!("no count: {e}")),
                    failed: true,
                };
            }
            Ok(count) => match count.end {
                SearchEnd::Interrupted(why) => (
                    Some(format!(
                        "count incomplete: search stopped ({why}) after {} nodes",
                        stats.nodes
                    )),
                    true,
                ),
                _ => {
                    let why = answer.why_none.filter(|why| why.is_in_givens());
                    (why.map(|why| why.to_string()), false)
                }
            },
        };
        let mut text = answer.count.map(|c| c.to_string()).unwrap_or_default() + "\n";
        if pretty {
            text.push_str(&format!("{puzzle:#}\n"));
        }
        Reply {
            stats,
            text,
            message,
            failed,
        }
    }
}

/// What the whole run has seen.
#[derive(Default)]
struct Run<'a> {
    failed: bool,
    unreadable: bool,
    puzzles: u64,
    totals: Stats,
    /// The pictures still to draw, of the first puzzle read.
    pictures: Option<&'a TeachArgs>,
}

impl Run<'_> {
    fn exit_code(&self) -> ExitCode {
        if self.unreadable {
            ExitCode::from(2)
        } else if self.failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// `--stats`: the totals, on standard error.
    fn print_stats(&self, time: Duration, jobs: usize) {
        let time = time.as_secs_f64();
        let puzzles = self.puzzles;
        let per = |x: f64| {
            if puzzles == 0 {
                0.0
            } else {
                x / puzzles as f64
            }
        };
        warn(format_args!(
            "puzzles: {puzzles}\nnodes: {} ({:.1} per puzzle)\nupdates: {} ({:.1} per puzzle)\ntime: {time:.3} s ({:.1} µs per puzzle, {jobs} thread{})",
            self.totals.nodes,
            per(self.totals.nodes as f64),
            self.totals.updates,
            per(self.totals.updates as f64),
            per(time * 1e6),
            if jobs == 1 { "" } else { "s" },
        ));
    }
}

/// What `solve` or `count` was asked, the same for every input.
struct Session<'a> {
    args: &'a SudokuArgs,
    question: Question,
    reader: Reader,
    trace: Option<Trace>,
    jobs: usize,
    budget: Budget,
    /// Whether answers go out as soon as they are known.
    streaming: bool,
    pool: rayon::ThreadPool,
    /// The memo of `count --memo`, and its limit.
    memo: Option<(Memo, Option<u128>)>,
}

pub fn run(
    args: &SudokuArgs,
    question: Question,
    teach: Option<&TeachArgs>,
) -> io::Result<ExitCode> {
    let Some(session) = Session::new(args, question, teach) else {
        return Ok(ExitCode::from(2));
    };
    answer_all(args, &session, teach)
}

/// `count --memo`: each puzzle counted by Algorithm Z, on one thread
/// (several puzzles on several threads with `--jobs`).
pub fn run_memo(args: &SudokuArgs, limit: Option<u64>, memo: Memo) -> io::Result<ExitCode> {
    let Some(mut session) = Session::new(args, Question::Count { limit }, None) else {
        return Ok(ExitCode::from(2));
    };
    session.memo = Some((memo, limit.map(u128::from)));
    answer_all(args, &session, None)
}

/// Answers every input of `session`, and says how it went.
fn answer_all(
    args: &SudokuArgs,
    session: &Session<'_>,
    teach: Option<&TeachArgs>,
) -> io::Result<ExitCode> {
    let mut out = Out::new(session.streaming);
    let mut run = Run {
        pictures: teach.filter(|t| t.svg.is_some() || t.svg_tree.is_some() || t.wants_recording()),
        ..Run::default()
    };
    let started = Instant::now();
    for input in input::inputs(&args.files) {
        match input {
            Ok(input) => session.answer_input(input, &mut out, &mut run)?,
            Err((name, e)) => {
                warn(format_args!("{name}: cannot read: {e}"));
                run.unreadable = true;
            }
        }
    }
    out.flush()?;
    if args.stats {
        run.print_stats(started.elapsed(), session.jobs);
    }
    Ok(run.exit_code())
}

impl Session<'_> {
    /// The session `args` ask for; `None` (with a message) when its
    /// threads cannot start.
    fn new<'a>(
        args: &'a SudokuArgs,
        question: Question,
        teach: Option<&TeachArgs>,
    ) -> Option<Session<'a>> {
        let mut reader = Reader::new();
        if let Some(alphabet) = &args.alphabet {
            reader = reader.with_alphabet(alphabet.clone());
        }
        if let Some(shape) = args.shape {
            reader = reader.with_shape(shape);
        }
        let trace = teach.and_then(TeachArgs::trace);
        let jobs = match args.jobs {
            // A trace is printed as the search goes: one puzzle at a time.
            _ if trace.is_some() => 1,
            jobs => crate::jobs(jobs),
        };
        let pool = crate::thread_pool(jobs)?;
        Some(Session {
            args,
            question,
            reader,
            trace,
            jobs,
            budget: args.budget.budget(),
            // One puzzle at a time from standard input (reading more could
            // wait for a writer who waits for this answer), in growing
            // chunks from files.
            streaming: args.line_buffered
                || io::stdin().is_terminal()
                || io::stdout().is_terminal(),
            pool,
            memo: None,
        })
    }

    /// The layout of `input`: `--jigsaw`, else f-puzzles when the input is
    /// JSON, else `--block` or lines.
    fn layout(&self, path: Option<&Path>, input: &mut dyn BufRead) -> io::Result<Layout> {
        Ok(if self.args.jigsaw {
            Layout::Jigsaw
        } else if is_fpuzzles(path, input)? {
            Layout::FPuzzles
        } else if self.args.block {
            Layout::Block
        } else {
            Layout::Line
        })
    }

    /// Reads, answers and prints the puzzles of one input, chunk by chunk.
    fn answer_input(&self, input: Input, out: &mut Out, run: &mut Run<'_>) -> io::Result<()> {
        let Input {
            name,
            path,
            mut reader,
            size,
        } = input;
        let layout = self.layout(path.as_deref(), &mut reader)?;
        let mut progress = Progress::new(path.as_deref(), size);
        let mut puzzles = Puzzles::new(reader, self.reader.clone(), layout);
        let (mut chunk_size, grow) = match () {
            _ if self.trace.is_some() || (self.streaming && path.is_none()) => (1, false),
            _ if self.streaming => (1, true),
            _ => (CHUNK, false),
        };
        let mut chunk: Vec<Entry> = Vec::with_capacity(chunk_size);
        let mut answered = 0u64;
        loop {
            let (failure, cut) = read_chunk(&mut puzzles, &mut chunk, chunk_size);
            // The whole input is this one puzzle (a first chunk that did
            // not fill): a count may spread it over the threads.
            let alone = answered == 0 && chunk.len() == 1 && chunk_size > 1;
            let replies = self.answer_chunk(&chunk, &name, layout, alone, out)?;
            draw_first(&chunk, run);
            answered += replies.len() as u64;
            let shown = Shown {
                name: &name,
                layout,
            };
            progress.suspend(|| shown.print(&chunk, replies, cut, out, run))?;
            progress.update(puzzles.bytes_read(), answered);
            if let Some(e) = failure {
                progress.suspend(|| warn(format_args!("{name}: cannot read: {e}")));
                run.unreadable = true;
                break;
            }
            if chunk.len() < chunk_size && !cut {
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
        name: &str,
        layout: Layout,
        alone: bool,
        out: &mut Out,
    ) -> io::Result<Vec<Reply>> {
        if self.jobs > 1 && chunk.len() > 1 {
            let answer = |entry| self.reply(entry, layout, &self.budget, 1);
            return Ok(self.pool.install(|| chunk.par_iter().map(answer).collect()));
        }
        let threads = if alone { self.jobs } else { 1 };
        let mut replies = Vec::with_capacity(chunk.len());
        for entry in chunk {
            if self.trace.is_some() {
                // The trace goes straight to standard output.
                out.flush()?;
            }
            // One count at a time: show how far it is.
            let (_watch, budget) = match self.question {
                Question::Count { .. } => {
                    Watch::start(format!("{name}:{}", entry.line + 1), &self.budget)
                }
                _ => (None, self.budget.clone()),
            };
            replies.push(self.reply(entry, layout, &budget, threads));
        }
        Ok(replies)
    }

    /// Answers one entry with this thread's answerer (a count on `threads`
    /// threads).
    fn reply(&self, entry: &Entry, layout: Layout, budget: &Budget, threads: usize) -> Reply {
        if layout == Layout::Line {
            if let Some(reply) = block_row(entry, self.reader.fixed_size()) {
                return reply;
            }
        }
        let puzzle = match entry.puzzle() {
            Ok(puzzle) => puzzle,
            Err(e) => return Reply::invalid(e.to_string()),
        };
        ANSWERER.with(|cell| {
            let answerer = &mut *cell.borrow_mut();
            answerer.set_budget(budget.clone()); // reference counts, no allocation
            if let Some((memo, limit)) = &self.memo {
                let answer = answerer.count_memo(puzzle, *limit, memo);
                return Reply::memo(answer, puzzle.grid(), self.args.pretty);
            }
            let answer = match (self.trace, self.question) {
                (Some(trace), Question::Solve) => {
                    let rules = puzzle.rules();
                    let mut tracer = trace.tracer(&rules.problem(), &*rules);
                    let answer = answerer.solve_observed(puzzle, &mut tracer);
                    let _ = tracer.finish();
                    answer
                }
                _ if threads > 1 => answerer.answer_on_threads(puzzle, self.question, threads),
                _ => answerer.answer(puzzle, self.question),
            };
            Reply::new(answer, puzzle.grid(), self.args.pretty)
        })
    }
}

/// Reads the next chunk of at most `size` puzzles into `chunk`; returns the
/// error that ended the input, if any, and whether the last puzzle was cut
/// short (given up on before its end: answer it now, since skipping the
/// rest may take long, as in `solve < /dev/zero`).
fn read_chunk<R: BufRead>(
    puzzles: &mut Puzzles<R>,
    chunk: &mut Vec<Entry>,
    size: usize,
) -> (Option<io::Error>, bool) {
    chunk.clear();
    let mut cut = false;
    for entry in puzzles.by_ref() {
        match entry {
            Ok(entry) => {
                cut = matches!(
                    entry.grid,
                    Err(EntryError::Grid(
                        GridError::LineTooLong { .. } | GridError::TooManyRows { .. }
                    ))
                );
                chunk.push(entry);
            }
            Err(e) => return (Some(e), false),
        }
        if chunk.len() == size || cut {
            break;
        }
    }
    (None, cut)
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
            run.puzzles += 1;
            run.totals += reply.stats;
            run.failed |= reply.failed;
            if let Some(message) = reply.message {
                // Flush first, so that messages and answers interleave in
                // order when both go to one terminal or file.
                out.flush()?;
                let name = self.name;
                match self.layout {
                    Layout::FPuzzles => warn(format_args!("{name}: {message}")),
                    _ => warn(format_args!("{name}:{}: {message}", entry.line + 1)),
                }
            }
            out.write(&reply.text)?;
        }
        if cut {
            out.flush()?;
        }
        Ok(())
    }
}

/// The `invalid` reply of a line that looks like a row (or a separator) of
/// a puzzle in block form rather than a puzzle, in the line layout; `None`
/// for other lines. `fixed` is the size `--box`/`--alphabet` fix.
///
/// A grid smaller than 4x4 is taken for a row unless a size was asked for;
/// errors get the hint when the line is short enough to be a row, or has a
/// separator's characters.
fn block_row(entry: &Entry, fixed: Option<usize>) -> Option<Reply> {
    const HINT: &str = "a row of a block? then use --block";
    let message = match &entry.grid {
        Ok(grid) if fixed.is_none() && grid.size() < 4 => {
            let cells = grid.size() * grid.size();
            format!(
                "invalid puzzle: {cells} cell{}, fewer than the 16 of a 4x4 grid: {HINT} \
                 (a grid this small needs --box)",
                if cells == 1 { "" } else { "s" }
            )
        }
        Err(e @ EntryError::Grid(grid_error)) => {
            let row_like = match *grid_error {
                // Fewer cells than a 6x6 grid, and not a square.
                GridError::CellCount {
                    found,
                    expected: None,
                } => found < 36,
                GridError::CellCount { found, .. } => Some(found) == fixed,
                // A grid of at most 25 cells, with a symbol too large for it.
                GridError::SymbolOutOfRange { size, .. } => size < 6 && fixed.is_none(),
                GridError::IllegalCharacter { ch, .. } => matches!(ch, '+' | '=' | '|'),
                _ => false,
            };
            if !row_like {
                return None;
            }
            format!("{e}; {HINT}")
        }
        _ => return None,
    };
    Some(Reply::invalid(message))
}
