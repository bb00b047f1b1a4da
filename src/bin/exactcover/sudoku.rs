//! `exactcover solve` and `exactcover count`: one answer line per puzzle.

use std::cell::{Cell, RefCell};
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::Path;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

use exactcover::problem::Labels;
use exactcover::sudoku::{
    Entry, FPuzzle, FPuzzlesError, Grid, GridError, Layout, MAX_FPUZZLES_BYTES, Puzzles, Reader,
    RuledGrid, Rules, Shape, SudokuSolver, remaining_problem,
};
use exactcover::{Budget, Count, Interrupted, SearchEnd, Solver, Stats};
use indicatif::{HumanCount, ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::output::{Out, warn};
use crate::watch::Watch;
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

/// The reader `--alphabet` and `--box` ask for (checked against each other
/// by `SudokuArgs::check`).
fn reader(args: &SudokuArgs) -> Reader {
    let mut reader = Reader::new();
    if let Some(alphabet) = &args.alphabet {
        reader = reader.with_alphabet(alphabet.clone());
    }
    if let Some(shape) = args.shape {
        reader = reader.with_shape(shape);
    }
    reader
}

/// Puzzles are answered in chunks of at most this many: a chunk is read,
/// answered (in parallel with `--jobs`), and printed in order before the
/// next is read, so memory does not grow with the input.
const CHUNK: usize = 2048;

/// Inputs of at least this many bytes (about 3,000 puzzles) get a progress
/// bar when standard error is a terminal.
const PROGRESS_BYTES: u64 = 250_000;

/// Standard input gets a spinner once this many puzzles are answered.
const PROGRESS_PUZZLES: u64 = 3_000;

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
    let reader = reader(args);
    // The size the options fix, if they do (small grids are then puzzles).
    let fixed = args
        .shape
        .map(|s| s.size())
        .or(args.alphabet.as_ref().map(|a| a.len()));
    let layout = if args.block {
        Layout::Block
    } else {
        Layout::Line
    };
    let trace = teach.and_then(TeachArgs::trace);
    let jobs = match args.jobs {
        // A trace is printed as the search goes: one puzzle at a time.
        _ if trace.is_some() => 1,
        Some(0) | None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(n) => n as usize,
    };
    // Answers go out as soon as they are known, one puzzle at a time from
    // standard input (reading more could wait for a writer who waits for
    // this answer), in growing chunks from files.
    let streaming = args.line_buffered || io::stdin().is_terminal() || io::stdout().is_terminal();
    let mut pictures =
        teach.filter(|t| t.svg.is_some() || t.svg_tree.is_some() || t.wants_recording());
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => {
            warn(format_args!("exactcover: cannot start {jobs} threads: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let budget = args.budget.budget();
    let mut out = Out::new(streaming);
    let mut run = Run::default();
    let started = Instant::now();

    let stdin = [Path::new("-").to_path_buf()];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    for path in files {
        let from_stdin = path.as_os_str() == "-";
        let (name, input, size): (String, Box<dyn BufRead>, u64) = if from_stdin {
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
        let mut input = input;
        if args.jigsaw || is_fpuzzles(path, &mut input)? {
            let teaching = Teaching {
                trace,
                pictures: pictures.take(),
            };
            let answers = if args.jigsaw {
                jigsaw(&reader, &mut input, mode, args.pretty, &budget, &teaching)
            } else {
                fpuzzles(&mut input, mode, args.pretty, &budget, &teaching)
            };
            let answers = match answers {
                Ok(answers) => answers,
                Err(e) => {
                    warn(format_args!("{name}: cannot read: {e}"));
                    run.unreadable = true;
                    continue;
                }
            };
            for (line, answer) in answers {
                if trace.is_some() {
                    // The trace went straight to standard output.
                    out.flush()?;
                }
                run.puzzles += 1;
                run.totals += answer.stats;
                run.failed |= answer.failed;
                if let Some(message) = answer.message {
                    out.flush()?;
                    match line {
                        Some(line) => warn(format_args!("{name}:{}: {message}", line + 1)),
                        None => warn(format_args!("{name}: {message}")),
                    }
                }
                out.write(&answer.text)?;
            }
            continue;
        }
        let mut progress = Progress::new(path, from_stdin, size);
        let counted = Counted::new(input);
        let consumed = counted.consumed();
        let mut puzzles = Puzzles::new(counted, reader.clone(), layout);
        let (mut chunk_size, grow) = match () {
            _ if trace.is_some() || (streaming && from_stdin) => (1, false),
            _ if streaming => (1, true),
            _ => (CHUNK, false),
        };
        let mut chunk: Vec<Entry> = Vec::with_capacity(chunk_size);
        let mut answered = 0u64;
        loop {
            chunk.clear();
            let mut failure = None;
            // A puzzle given up on before its end: answer it now, since
            // skipping the rest may take long (`solve < /dev/zero`).
            let mut cut = false;
            for entry in puzzles.by_ref() {
                match entry {
                    Ok(entry) => {
                        cut = matches!(
                            entry.grid,
                            Err(GridError::LineTooLong { .. } | GridError::TooManyRows { .. })
                        );
                        chunk.push(entry);
                    }
                    Err(e) => failure = Some(e),
                }
                if chunk.len() == chunk_size || failure.is_some() || cut {
                    break;
                }
            }
            let small = |entry: &Entry| match layout {
                Layout::Line => block_row(&entry.grid, fixed),
                _ => None,
            };
            // The whole input is this one puzzle (a first chunk that did
            // not fill): a count may spread it over the threads.
            let alone = answered == 0 && chunk.len() == 1 && chunk_size > 1;
            let answers: Vec<Answer> = if jobs > 1 && chunk.len() > 1 {
                pool.install(|| {
                    chunk
                        .par_iter()
                        .map(|entry| {
                            small(entry).unwrap_or_else(|| {
                                answer_here(entry, mode, args.pretty, &budget, None)
                            })
                        })
                        .collect()
                })
            } else {
                let mut answers = Vec::with_capacity(chunk.len());
                for entry in &chunk {
                    if trace.is_some() {
                        // The trace goes straight to standard output.
                        out.flush()?;
                    }
                    answers.push(small(entry).unwrap_or_else(|| {
                        // One count at a time: show how far it is.
                        let (_watch, budget) = match mode {
                            Mode::Count(_) => {
                                Watch::start(format!("{name}:{}", entry.line + 1), &budget)
                            }
                            Mode::Solve => (None, budget.clone()),
                        };
                        match mode {
                            // One puzzle to count and threads to spare:
                            // they share its search tree.
                            Mode::Count(limit) if jobs > 1 && alone => {
                                count_on_threads(entry, limit, args.pretty, &budget, jobs)
                            }
                            _ => answer_here(entry, mode, args.pretty, &budget, trace),
                        }
                    }));
                }
                answers
            };
            if let (Some(teach), Some(Ok(grid))) = (pictures, chunk.first().map(|e| &e.grid)) {
                // Pictures are of the first puzzle only.
                pictures = None;
                if !draw(teach, grid) {
                    run.failed = true;
                }
            }
            answered += answers.len() as u64;
            progress.suspend(|| -> io::Result<()> {
                for (entry, answer) in chunk.iter().zip(answers) {
                    run.puzzles += 1;
                    run.totals += answer.stats;
                    run.failed |= answer.failed;
                    if let Some(message) = answer.message {
                        // Flush first, so that messages and answers
                        // interleave in order when both go to one terminal
                        // or file.
                        out.flush()?;
                        warn(format_args!("{name}:{}: {message}", entry.line + 1));
                    }
                    out.write(&answer.text)?;
                }
                if cut {
                    out.flush()?;
                }
                Ok(())
            })?;
            progress.update(consumed.get(), answered);
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

/// The `invalid` answer of a line that looks like a row (or a separator)
/// of a puzzle in block form rather than a puzzle, in the line layout;
/// `None` for other lines. `fixed` is the size `--box`/`--alphabet` fix.
///
/// A grid smaller than 4x4 is taken for a row unless a size was asked for;
/// errors get the hint when the line is short enough to be a row, or has a
/// separator's characters.
fn block_row(grid: &Result<Grid, GridError>, fixed: Option<usize>) -> Option<Answer> {
    const HINT: &str = "a row of a block? then use --block";
    let message = match grid {
        Ok(grid) if fixed.is_none() && grid.size() < 4 => {
            let cells = grid.size() * grid.size();
            format!(
                "invalid puzzle: {cells} cell{}, fewer than the 16 of a 4x4 grid: {HINT} \
                 (a grid this small needs --box)",
                if cells == 1 { "" } else { "s" }
            )
        }
        Ok(_) => return None,
        Err(e) => {
            let row_like = match *e {
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
            format!("invalid puzzle: {e}; {HINT}")
        }
    };
    Some(Answer {
        stats: Stats::default(),
        text: "invalid\n".into(),
        message: Some(message),
        failed: true,
    })
}

/// The progress bar of a large file, or the spinner of standard input, on
/// standard error when it is a terminal; nothing otherwise.
struct Progress {
    bar: Option<ProgressBar>,
    /// The file's name, cut to fit.
    label: String,
    /// The file's size in bytes; 0 for standard input.
    size: u64,
    /// Whether a spinner may start (standard input, not a terminal).
    spinner: bool,
    started: Instant,
}

impl Progress {
    fn new(path: &Path, from_stdin: bool, size: u64) -> Progress {
        let stderr = io::stderr().is_terminal();
        let label = if from_stdin {
            "standard input".to_string()
        } else {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            cut(&name, LABEL_COLUMNS)
        };
        let mut progress = Progress {
            bar: None,
            label,
            size,
            spinner: stderr && from_stdin && !io::stdin().is_terminal(),
            started: Instant::now(),
        };
        if stderr && !from_stdin && size >= PROGRESS_BYTES {
            progress.bar = Some(progress.start("{wide_msg}"));
        }
        progress
    }

    fn start(&self, template: &str) -> ProgressBar {
        let bar = if self.size > 0 {
            ProgressBar::new(self.size)
        } else {
            ProgressBar::new_spinner()
        };
        bar.set_style(
            ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    }

    /// Shows `consumed` bytes read and `puzzles` answered.
    fn update(&mut self, consumed: u64, puzzles: u64) {
        if self.bar.is_none() && self.spinner && puzzles >= PROGRESS_PUZZLES {
            self.bar = Some(self.start("{spinner} {wide_msg}"));
        }
        let Some(bar) = &self.bar else {
            return;
        };
        let fraction = (self.size > 0).then(|| consumed as f64 / self.size as f64);
        bar.set_message(status_line(
            &self.label,
            fraction,
            puzzles,
            self.started.elapsed(),
        ));
        if self.size > 0 {
            bar.set_position(consumed);
        } else {
            bar.tick();
        }
    }

    /// Runs `f`, which writes answers or messages, with the bar cleared
    /// first and drawn again after: no frame stays among the lines.
    fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The most columns a file's name takes in the progress line.
const LABEL_COLUMNS: usize = 20;

/// The columns a character may take on a terminal: one for ASCII and `…`,
/// two for others (some are that wide).
fn width(c: char) -> usize {
    if c.is_ascii() || c == '…' { 1 } else { 2 }
}

/// `text` cut to at most `columns` columns (see [`width`]), ending with `…`
/// when cut.
fn cut(text: &str, columns: usize) -> String {
    if text.chars().map(width).sum::<usize>() <= columns {
        return text.to_string();
    }
    let mut used = 1; // the ellipsis
    let mut kept: String = text
        .chars()
        .take_while(|&c| {
            used += width(c);
            used <= columns
        })
        .collect();
    kept.push('…');
    kept
}

/// The progress line: `NAME [===>    ]  42% 12,345 puzzles 3,456/s eta 5m02s`,
/// without the bar, percentage and time left when the size is unknown. It
/// fits in 79 columns for up to a billion puzzles at a million a second;
/// indicatif also cuts it to the terminal's width.
fn status_line(label: &str, fraction: Option<f64>, puzzles: u64, elapsed: Duration) -> String {
    const BAR: usize = 8;
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        (puzzles as f64 / secs) as u64
    } else {
        0
    };
    let mut line = label.to_string();
    if let Some(fraction) = fraction {
        let fraction = fraction.clamp(0.0, 1.0);
        let done = (fraction * BAR as f64) as usize;
        let arrow = if done < BAR { ">" } else { "" };
        line.push_str(&format!(
            " [{}{arrow}{}] {:>3}%",
            "=".repeat(done),
            " ".repeat(BAR - done - arrow.len()),
            (fraction * 100.0) as u32
        ));
    }
    line.push_str(&format!(
        " {} puzzles {}/s",
        HumanCount(puzzles),
        HumanCount(rate)
    ));
    if let Some(fraction) = fraction.filter(|&f| f > 0.0 && f < 1.0) {
        let left = (secs * (1.0 - fraction) / fraction) as u64;
        line.push_str(&match left {
            0..60 => format!(" eta {left}s"),
            60..3600 => format!(" eta {}m{:02}s", left / 60, left % 60),
            3600..360_000 => format!(" eta {}h{:02}m", left / 3600, left % 3600 / 60),
            _ => " eta >99h".to_string(),
        });
    }
    line
}

/// Whether the input is f-puzzles JSON: a `.json` file, or a text whose
/// first non-blank character (in what is buffered) is `{`.
fn is_fpuzzles(path: &Path, input: &mut Box<dyn BufRead>) -> io::Result<bool> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        return Ok(true);
    }
    let buffered = input.fill_buf()?;
    Ok(buffered
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{'))
}

/// What `solve` teaches about variant puzzles: a trace of each search, and
/// pictures of the first puzzle.
struct Teaching<'a> {
    trace: Option<crate::teach::Trace>,
    pictures: Option<&'a TeachArgs>,
}

impl Teaching<'_> {
    /// Answers `puzzle`, tracing its search when asked; draws the pictures
    /// of the first puzzle (`first`), and fails the answer if they could not
    /// be drawn.
    fn answer(
        &self,
        solver: &mut SudokuSolver,
        puzzle: RuledGrid<'_>,
        mode: Mode,
        pretty: bool,
        first: bool,
    ) -> Answer {
        let mut answer = match (mode, self.trace) {
            (Mode::Solve, Some(lines)) => {
                let rules = puzzle.rules();
                let mut tracer = lines.tracer(&rules.problem(), &*rules);
                let result = solver.solution_observed(puzzle, &mut tracer);
                let _ = tracer.finish();
                solved(solver, puzzle, result, pretty)
            }
            _ => answer_ruled(solver, puzzle, mode, pretty),
        };
        if let (true, Some(teach)) = (first, self.pictures) {
            if !draw(teach, puzzle) {
                answer.failed = true;
            }
        }
        answer
    }
}

/// Reads an f-puzzles text (at most `MAX_FPUZZLES_BYTES`) and answers it.
fn fpuzzles(
    input: &mut dyn BufRead,
    mode: Mode,
    pretty: bool,
    budget: &Budget,
    teaching: &Teaching<'_>,
) -> io::Result<Vec<(Option<usize>, Answer)>> {
    let mut bytes = Vec::new();
    input
        .take(MAX_FPUZZLES_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    let parsed = match String::from_utf8(bytes) {
        Ok(text) if text.len() > MAX_FPUZZLES_BYTES => {
            Err(FPuzzlesError::TooLarge { bytes: text.len() })
        }
        Ok(text) => FPuzzle::parse(&text),
        Err(_) => Err(FPuzzlesError::Json("not UTF-8 text".into())),
    };
    let answer = match parsed {
        Ok(puzzle) => {
            let mut solver = SudokuSolver::new();
            solver.set_budget(budget.clone());
            teaching.answer(&mut solver, puzzle.puzzle(), mode, pretty, true)
        }
        Err(e) => invalid(format!("invalid f-puzzles file: {e}")),
    };
    Ok(vec![(None, answer)])
}

/// The longest line `--jigsaw` reads.
const MAX_JIGSAW_LINE: usize = 64 * 1024;

/// Reads the next line of at most `MAX_JIGSAW_LINE` bytes: `Ok(text)`, or
/// `Err(())` for a longer line (then skipped).
fn bounded_line(input: &mut dyn BufRead) -> io::Result<Option<Result<String, ()>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buffered = input.fill_buf()?;
        if buffered.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buffered.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffered[..at], Some(at + 1)),
            None => (buffered, None),
        };
        if !too_long && line.len() + chunk.len() <= MAX_JIGSAW_LINE {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        let used = done.unwrap_or(buffered.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    Ok(Some(if too_long {
        Err(())
    } else {
        Ok(String::from_utf8_lossy(&line).into_owned())
    }))
}

/// Reads and answers jigsaw puzzles, one `<givens> <region map>` per line
/// (blank lines and lines starting with `#` skipped).
fn jigsaw(
    reader: &Reader,
    input: &mut dyn BufRead,
    mode: Mode,
    pretty: bool,
    budget: &Budget,
    teaching: &Teaching<'_>,
) -> io::Result<Vec<(Option<usize>, Answer)>> {
    let mut solver = SudokuSolver::new();
    solver.set_budget(budget.clone());
    let mut answers = Vec::new();
    let mut line = 0;
    while let Some(text) = bounded_line(input)? {
        let at = line;
        line += 1;
        let Ok(text) = text else {
            answers.push((
                Some(at),
                invalid(format!(
                    "invalid puzzle: a line longer than {MAX_JIGSAW_LINE} bytes"
                )),
            ));
            continue;
        };
        let mut fields = text.split_whitespace();
        let Some(givens) = fields.next().filter(|f| !f.starts_with('#')) else {
            continue;
        };
        let Some(map) = fields.next() else {
            answers.push((
                Some(at),
                invalid("invalid puzzle: no region map after the givens (--jigsaw)".into()),
            ));
            continue;
        };
        let grid = match reader.read_line(givens) {
            Ok(grid) => grid,
            Err(e) => {
                answers.push((Some(at), invalid(format!("invalid puzzle: {e}"))));
                continue;
            }
        };
        let rules = Rules::region_map(map, grid.size())
            .and_then(|map| Rules::classic(grid.shape()).with_regions(&map));
        let answer = match rules {
            Ok(rules) => {
                let rules = std::sync::Arc::new(rules);
                match RuledGrid::new(&rules, &grid) {
                    Ok(puzzle) => {
                        let first = answers.is_empty();
                        teaching.answer(&mut solver, puzzle, mode, pretty, first)
                    }
                    Err(e) => invalid(format!("invalid puzzle: {e}")),
                }
            }
            Err(e) => invalid(format!("invalid region map: {e}")),
        };
        answers.push((Some(at), answer));
    }
    Ok(answers)
}

/// The answer `invalid`, with its message.
fn invalid(message: String) -> Answer {
    Answer {
        stats: Stats::default(),
        text: "invalid\n".into(),
        message: Some(message),
        failed: true,
    }
}

/// Why a variant puzzle has no solution, when its givens tell.
fn why_none(puzzle: RuledGrid<'_>) -> String {
    if let Some(conflict) = puzzle.conflict() {
        return conflict.to_string();
    }
    match puzzle.broken_cage() {
        Some(k) => {
            let rules = puzzle.rules();
            let cage = &rules.cages()[k];
            let total: usize = cage
                .cells
                .iter()
                .map(|&k| puzzle.grid().cells()[k] as usize)
                .sum();
            format!(
                "the givens of cage {} (at r{}c{}) add up to {total}: its sum {} is out of reach",
                k + 1,
                cage.cells[0] / rules.size() + 1,
                cage.cells[0] % rules.size() + 1,
                cage.sum.unwrap_or(0)
            )
        }
        None => "the puzzle has no solution".to_string(),
    }
}

/// The answer of `solve` to a variant puzzle, from its search's result.
fn solved(
    solver: &SudokuSolver,
    puzzle: RuledGrid<'_>,
    result: Result<Option<Grid>, Interrupted>,
    pretty: bool,
) -> Answer {
    let found = result.as_ref().map(Option::as_ref);
    solve_answer(solver.stats(), found, pretty, || why_none(puzzle))
}

/// The answer of `solve`, classic or variant: the solution, or `unsolvable`
/// (saying why, as `why_none` tells), or `timeout` (with the budget's
/// reason).
fn solve_answer(
    stats: Stats,
    found: Result<Option<&Grid>, &Interrupted>,
    pretty: bool,
    why_none: impl FnOnce() -> String,
) -> Answer {
    match found {
        Ok(Some(solution)) => {
            let mut text = format!("{solution}\n");
            if pretty {
                text.push_str(&format!("{solution:#}\n"));
            }
            Answer {
                stats,
                text,
                message: None,
                failed: false,
            }
        }
        Ok(None) => Answer {
            stats,
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

/// Answers one puzzle under its rules (a variant).
fn answer_ruled(
    solver: &mut SudokuSolver,
    puzzle: RuledGrid<'_>,
    mode: Mode,
    pretty: bool,
) -> Answer {
    match mode {
        Mode::Solve => {
            let result = solver.solution(puzzle);
            solved(solver, puzzle, result, pretty)
        }
        Mode::Count(limit) => {
            let count = solver.count_solutions(puzzle, limit);
            let (message, failed) = match count.end {
                SearchEnd::Exhausted if count.solutions == 0 => (
                    (puzzle.conflict().is_some() || puzzle.broken_cage().is_some())
                        .then(|| why_none(puzzle)),
                    false,
                ),
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
                text.push_str(&format!("{:#}\n", puzzle.grid()));
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

/// Counts the solutions of one puzzle on `jobs` threads.
fn count_on_threads(
    entry: &Entry,
    limit: Option<u64>,
    pretty: bool,
    budget: &Budget,
    jobs: usize,
) -> Answer {
    let grid = match &entry.grid {
        Ok(grid) => grid,
        Err(_) => return answer_here(entry, Mode::Count(limit), pretty, budget, None),
    };
    let (count, stats) = exactcover::sudoku::count_on_threads(grid, limit, budget, jobs);
    counted(grid, count, stats, pretty)
}

/// The answer of a count of `grid`: the number, and why it is 0 (givens in
/// conflict) or incomplete.
fn counted(grid: &Grid, count: Count, stats: Stats, pretty: bool) -> Answer {
    let (message, failed) = match count.end {
        SearchEnd::Exhausted if count.solutions == 0 => {
            (grid.conflict().map(|c| c.to_string()), false)
        }
        SearchEnd::Interrupted(why) => (
            Some(format!(
                "count incomplete: search stopped ({why}) after {} nodes",
                stats.nodes
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
        stats,
        text,
        message,
        failed,
    }
}

/// Answers one puzzle with this thread's solver.
fn answer_here(
    entry: &Entry,
    mode: Mode,
    pretty: bool,
    budget: &Budget,
    trace: Option<crate::teach::Trace>,
) -> Answer {
    SOLVER.with(|cell| {
        let (solver, scratch) = &mut *cell.borrow_mut();
        solver.set_budget(budget.clone()); // a reference count, no allocation
        answer(solver, scratch, entry, mode, pretty, trace)
    })
}

/// Draws what `--svg`/`--svg-tree` ask for, of the exact-cover problem left
/// once the puzzle's givens are chosen; `false` when something was not
/// drawn.
fn draw<'p>(teach: &TeachArgs, puzzle: impl Into<RuledGrid<'p>>) -> bool {
    let puzzle = puzzle.into();
    let mut ok = true;
    if let Some(path) = &teach.svg {
        // The problem left once the givens are chosen, named in Sudoku's
        // words.
        let (problem, options) = remaining_problem(puzzle);
        let items = exactcover::sudoku::remaining_items(puzzle);
        let rules = puzzle.rules();
        let labels = exactcover::problem::FnLabels::new(
            |i: usize| Labels::item(&*rules, items[i]),
            |o: usize| Labels::option(&*rules, options[o]),
        );
        let chosen = Solver::new(&problem)
            .solution()
            .ok()
            .flatten()
            .unwrap_or_default();
        ok &= crate::teach::matrix(&problem, &labels, &chosen, path);
    }
    if let Some(path) = &teach.svg_tree {
        // The search `solve` runs, up to the first solution: on the whole
        // problem with the givens selected, named in Sudoku's words.
        let rules = puzzle.rules();
        let mut solver = Solver::new(&rules.problem());
        // A conflict leaves a search with no solution to draw.
        if let Ok(givens) = rules.given_options(puzzle.grid()) {
            for option in givens {
                if solver.select(option).is_err() {
                    break;
                }
            }
        }
        ok &= crate::teach::tree_of(&mut solver, &*rules, path);
    }
    if teach.wants_recording() {
        // The search `solve` runs, on the whole problem with the givens
        // selected, named in Sudoku's words.
        let rules = puzzle.rules();
        let (mut recorder, budget) = teach.recorder(&rules.problem());
        let mut solver = SudokuSolver::new();
        solver.set_budget(budget);
        let _ = solver.solution_observed(puzzle, &mut recorder);
        let title = format!("Sudoku {}", puzzle.grid());
        let board = exactcover::sudoku::teaching_board(puzzle);
        ok &= teach.write_recording(recorder.finish(), &*rules, &title, Some(&board));
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
    trace: Option<crate::teach::Trace>,
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
                    let mut tracer = lines.tracer(&rules.problem(), &rules);
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
            let found = result.as_ref().map(|&found| found.then_some(&*scratch));
            solve_answer(solver.stats(), found, pretty, why_none)
        }
        Mode::Count(limit) => {
            let count = solver.count_solutions(grid, limit);
            counted(grid, count, solver.stats(), pretty)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(text: &str) -> usize {
        text.chars().map(width).sum()
    }

    #[test]
    fn names_are_cut_to_their_columns() {
        assert_eq!(cut("top95.txt", LABEL_COLUMNS), "top95.txt");
        let long = cut(&"a".repeat(200), LABEL_COLUMNS);
        assert!(
            long.ends_with('…') && columns(&long) <= LABEL_COLUMNS,
            "{long}"
        );
        let wide = cut(&"数独".repeat(20), LABEL_COLUMNS);
        assert!(columns(&wide) <= LABEL_COLUMNS, "{wide}");
    }

    /// The progress line counts puzzles, not bytes, and fits in 79 columns
    /// (an 80-column terminal) at its widest.
    #[test]
    fn the_progress_line_counts_puzzles_and_fits() {
        let line = status_line("a.txt", Some(0.5), 3000, Duration::from_secs(2));
        assert_eq!(line, "a.txt [====>   ]  50% 3,000 puzzles 1,500/s eta 2s");
        let widest = status_line(
            &cut(&"n".repeat(300), LABEL_COLUMNS),
            Some(0.0001),
            999_999_999,
            Duration::from_secs(999),
        );
        assert!(
            columns(&widest) <= 79,
            "{} columns: {widest}",
            columns(&widest)
        );
        let spinner = status_line("standard input", None, 12_345, Duration::from_secs(1));
        assert_eq!(spinner, "standard input 12,345 puzzles 12,345/s");
        let done = status_line("a.txt", Some(1.0), 10, Duration::from_secs(1));
        assert_eq!(done, "a.txt [========] 100% 10 puzzles 10/s");
    }
}
