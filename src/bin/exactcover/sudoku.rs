//! `exactcover solve` and `exactcover count`: one answer line per puzzle.

use std::cell::{Cell, RefCell};
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::Path;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Instant;

use exactcover::sudoku::{
    Alphabet, Entry, Grid, Layout, Puzzles, Reader, Rules, Shape, SudokuSolver, remaining_problem,
};
use exactcover::trace::Tracer;
use exactcover::{Budget, SearchEnd, Solver, Stats};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::output::{Out, warn};
use crate::{SudokuArgs, TeachArgs};

#[derive(Clone, Copy, Debug)]
pub enum Mode {
    Solve,
    /// Count, with an optional limit.
    Count(Option<u64>),
}

/// The answer to one puzzle.
struct Answer {
    /// The statistics of its search (zero when there was none).
    stats: Stats,
    /// The output: one line, then with `--pretty` a block.
    text: String,
    /// The message for standard error, if any.
    message: Option<String>,
    /// Whether this puzzle makes the exit status 1.
    failed: bool,
}

/// Builds the reader from `--alphabet` and `--box`, or says what is wrong.
fn reader(args: &SudokuArgs) -> Result<Reader, String> {
    let mut reader = Reader::new();
    if let Some(symbols) = &args.alphabet {
        let alphabet = Alphabet::new(symbols).map_err(|e| format!("--alphabet: {e}"))?;
        reader = reader.with_alphabet(alphabet);
    }
    if let Some(text) = &args.shape {
        let shape: Shape = text.parse().map_err(|e| format!("--box: {e}"))?;
        if args.alphabet.is_some() && reader.alphabet().len() != shape.size() {
            return Err(format!(
                "--box {shape} needs {} symbols, but --alphabet has {}",
                shape.size(),
                reader.alphabet().len()
            ));
        }
        reader = reader.with_shape(shape);
    }
    Ok(reader)
}

/// Puzzles are answered in chunks of this many: a chunk is read, answered
/// (in parallel with `--jobs`), and printed in order before the next is read,
/// so memory does not grow with the input.
const CHUNK: usize = 2048;

/// Inputs of at least this many bytes (about 3,000 puzzles) get a progress
/// bar when standard error is a terminal.
const PROGRESS_BYTES: u64 = 250_000;

thread_local! {
    /// Each worker thread's solver, kept for the whole run.
    static SOLVER: RefCell<(SudokuSolver, Grid)> =
        RefCell::new((SudokuSolver::new(), Grid::empty(Shape::for_size(9).expect("9 is a size"))));
}

/// What the whole run has seen.
#[derive(Default)]
struct Run {
    failed: bool,
    unreadable: bool,
    puzzles: u64,
    totals: Stats,
}

pub fn run(args: &SudokuArgs, mode: Mode, teach: Option<&TeachArgs>) -> io::Result<ExitCode> {
    let reader = match reader(args) {
        Ok(reader) => reader,
        Err(message) => {
            warn(format_args!("exactcover: {message}"));
            return Ok(ExitCode::from(2));
        }
    };
    let layout = if args.block {
        Layout::Block
    } else {
        Layout::Line
    };
    let trace = teach.filter(|t| t.trace).map(|t| t.trace_lines);
    let jobs = match args.jobs {
        // A trace is printed as the search goes: one puzzle at a time.
        _ if trace.is_some() => 1,
        Some(0) | None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(n) => n,
    };
    let chunk_size = if trace.is_some() { 1 } else { CHUNK };
    let mut pictures = teach.filter(|t| t.svg.is_some() || t.svg_tree.is_some());
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => {
            warn(format_args!("exactcover: cannot start {jobs} threads: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let budget = args.budget.budget();
    let mut out = Out::new();
    let mut run = Run::default();
    let started = Instant::now();

    let stdin = [Path::new("-").to_path_buf()];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    for path in files {
        let (name, input, size): (String, Box<dyn BufRead>, u64) = if path.as_os_str() == "-" {
            ("-".into(), Box::new(io::stdin().lock()), 0)
        } else {
            let name = path.display().to_string();
            match File::open(path) {
                Ok(file) => {
                    let size = file.metadata().map_or(0, |m| m.len());
                    (name, Box::new(BufReader::new(file)), size)
                }
                Err(e) => {
                    warn(format_args!("{name}: cannot read: {e}"));
                    run.unreadable = true;
                    continue;
                }
            }
        };
        let progress = (size >= PROGRESS_BYTES && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(size);
            bar.set_style(
                ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {per_sec} eta {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar.set_message(name.clone());
            bar
        });
        let counted = Counted::new(input);
        let consumed = counted.consumed();
        let mut puzzles = Puzzles::new(counted, reader.clone(), layout);
        let mut chunk: Vec<Entry> = Vec::with_capacity(chunk_size);
        loop {
            chunk.clear();
            let mut failure = None;
            for entry in puzzles.by_ref() {
                match entry {
                    Ok(entry) => chunk.push(entry),
                    Err(e) => failure = Some(e),
                }
                if chunk.len() == chunk_size || failure.is_some() {
                    break;
                }
            }
            let answers: Vec<Answer> = if jobs > 1 && chunk.len() > 1 {
                pool.install(|| {
                    chunk
                        .par_iter()
                        .map(|entry| answer_here(entry, mode, args.pretty, &budget, None))
                        .collect()
                })
            } else {
                chunk
                    .iter()
                    .map(|entry| {
                        if trace.is_some() {
                            // The trace goes straight to standard output.
                            let _ = out.flush();
                        }
                        answer_here(entry, mode, args.pretty, &budget, trace)
                    })
                    .collect()
            };
            if let (Some(teach), Some(Ok(grid))) = (pictures, chunk.first().map(|e| &e.grid)) {
                // Pictures are of the first puzzle only.
                pictures = None;
                if !draw(teach, grid) {
                    run.failed = true;
                }
            }
            for (entry, answer) in chunk.iter().zip(answers) {
                run.puzzles += 1;
                run.totals += answer.stats;
                run.failed |= answer.failed;
                if let Some(message) = answer.message {
                    // Flush first, so that messages and answers interleave in
                    // order when both go to one terminal or file.
                    out.flush()?;
                    let line = format!("{name}:{}: {message}", entry.line);
                    match &progress {
                        Some(bar) => bar.suspend(|| warn(format_args!("{line}"))),
                        None => warn(format_args!("{line}")),
                    }
                }
                out.write(&answer.text)?;
            }
            if let Some(bar) = &progress {
                bar.set_position(consumed.get());
            }
            if let Some(e) = failure {
                warn(format_args!("{name}: cannot read: {e}"));
                run.unreadable = true;
                break;
            }
            if chunk.len() < chunk_size {
                break;
            }
        }
        if let Some(bar) = progress {
            bar.finish_and_clear();
        }
    }
    out.flush()?;
    if args.stats {
        let time = started.elapsed().as_secs_f64();
        let puzzles = run.puzzles;
        let per = |x: f64| {
            if puzzles == 0 {
                0.0
            } else {
                x / puzzles as f64
            }
        };
        warn(format_args!(
            "puzzles: {puzzles}\nnodes: {} ({:.1} per puzzle)\nupdates: {} ({:.1} per puzzle)\ntime: {time:.3} s ({:.1} µs per puzzle, {jobs} thread{})",
            run.totals.nodes,
            per(run.totals.nodes as f64),
            run.totals.updates,
            per(run.totals.updates as f64),
            per(time * 1e6),
            if jobs == 1 { "" } else { "s" },
        ));
    }
    Ok(if run.unreadable {
        ExitCode::from(2)
    } else if run.failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Answers one puzzle with this thread's solver.
fn answer_here(
    entry: &Entry,
    mode: Mode,
    pretty: bool,
    budget: &Budget,
    trace: Option<u64>,
) -> Answer {
    SOLVER.with(|cell| {
        let (solver, scratch) = &mut *cell.borrow_mut();
        solver.set_budget(budget.clone()); // a reference count, no allocation
        answer(solver, scratch, entry, mode, pretty, trace)
    })
}

/// Draws what `--svg`/`--svg-tree` ask for, of the exact-cover problem left
/// once `grid`'s givens are chosen; `false` when something was not drawn.
fn draw(teach: &TeachArgs, grid: &Grid) -> bool {
    let (problem, _) = remaining_problem(grid);
    let mut ok = true;
    if let Some(path) = &teach.svg {
        let chosen = Solver::new(&problem)
            .solution()
            .ok()
            .flatten()
            .unwrap_or_default();
        ok &= crate::teach::matrix(&problem, &chosen, path);
    }
    if let Some(path) = &teach.svg_tree {
        ok &= crate::teach::tree(&problem, path);
    }
    ok
}

/// A reader that counts the bytes consumed, for the progress bar.
struct Counted<R> {
    inner: R,
    consumed: Rc<Cell<u64>>,
}

impl<R> Counted<R> {
    fn new(inner: R) -> Counted<R> {
        Counted {
            inner,
            consumed: Rc::new(Cell::new(0)),
        }
    }

    fn consumed(&self) -> Rc<Cell<u64>> {
        Rc::clone(&self.consumed)
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed.set(self.consumed.get() + n as u64);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.consumed.set(self.consumed.get() + amount as u64);
        self.inner.consume(amount);
    }
}

/// Answers one puzzle.
fn answer(
    solver: &mut SudokuSolver,
    scratch: &mut Grid,
    entry: &Entry,
    mode: Mode,
    pretty: bool,
    trace: Option<u64>,
) -> Answer {
    let grid = match &entry.grid {
        Ok(grid) => grid,
        Err(e) => {
            return Answer {
                stats: Stats::default(),
                text: "invalid\n".into(),
                message: Some(format!("invalid puzzle: {e}")),
                failed: true,
            };
        }
    };
    // Conflicting givens are looked for only when there is no solution (they
    // give none), to name the cells; the per-puzzle path stays free of it.
    let why_none = || match grid.conflict() {
        Some(conflict) => conflict.to_string(),
        None => "the puzzle has no solution".to_string(),
    };
    match mode {
        Mode::Solve => {
            let result = match trace {
                None => solver.solution_into(grid, scratch),
                Some(lines) => {
                    // The rules name the items and options of the trace.
                    let rules = Rules::classic(grid.shape());
                    let mut tracer =
                        Tracer::new(&rules, crate::teach::sink()).with_max_lines(lines);
                    let result = solver.solution_observed(grid, &mut tracer);
                    let _ = tracer.finish();
                    result.map(|found| match found {
                        Some(solution) => {
                            *scratch = solution;
                            true
                        }
                        None => false,
                    })
                }
            };
            match result {
                Ok(true) => {
                    let mut text = format!("{scratch}\n");
                    if pretty {
                        text.push_str(&format!("{scratch:#}\n"));
                    }
                    Answer {
                        stats: solver.stats(),
                        text,
                        message: None,
                        failed: false,
                    }
                }
                Ok(false) => Answer {
                    stats: solver.stats(),
                    text: "unsolvable\n".into(),
                    message: Some(format!("unsolvable: {}", why_none())),
                    failed: true,
                },
                Err(stop) => Answer {
                    stats: stop.stats,
                    text: "timeout\n".into(),
                    message: Some(format!(
                        "timeout: search stopped ({}) after {} nodes",
                        stop.reason, stop.stats.nodes
                    )),
                    failed: true,
                },
            }
        }
        Mode::Count(limit) => {
            let count = solver.count_solutions(grid, limit);
            let (message, failed) = match count.end {
                SearchEnd::Exhausted if count.solutions == 0 => {
                    (grid.conflict().map(|c| c.to_string()), false)
                }
                SearchEnd::Interrupted(why) => (
                    Some(format!(
                        "count incomplete: search stopped ({why}) after {} nodes",
                        solver.stats().nodes
                    )),
                    true,
                ),
                _ => (None, false),
            };
            let mut text = format!("{count}\n");
            if pretty {
                text.push_str(&format!("{grid:#}\n"));
            }
            Answer {
                stats: solver.stats(),
                text,
                message,
                failed,
            }
        }
    }
}
