//! `exactcover solve` and `exactcover count`: one answer line per puzzle.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use exactcover::sudoku::{Alphabet, Entry, Grid, Layout, Puzzles, Reader, Shape, SudokuSolver};
use exactcover::{SearchEnd, Stats};

use crate::SudokuArgs;
use crate::output::{Out, warn};

#[derive(Clone, Copy, Debug)]
pub enum Mode {
    Solve,
    /// Count, with an optional limit.
    Count(Option<u64>),
}

/// The answer to one puzzle.
struct Answer {
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

pub fn run(args: &SudokuArgs, mode: Mode) -> io::Result<ExitCode> {
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
    let mut solver = SudokuSolver::new();
    solver.set_budget(args.budget.budget());
    let mut out = Out::new();
    let mut scratch = Grid::empty(Shape::for_size(9).expect("9 is a size"));
    let (mut failed, mut unreadable) = (false, false);
    let mut totals = Stats::default();
    let mut puzzles = 0u64;
    let started = Instant::now();

    let stdin = [Path::new("-").to_path_buf()];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    for path in files {
        let (name, input): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
            ("-".into(), Box::new(io::stdin().lock()))
        } else {
            let name = path.display().to_string();
            match File::open(path) {
                Ok(file) => (name, Box::new(BufReader::new(file))),
                Err(e) => {
                    warn(format_args!("{name}: cannot read: {e}"));
                    unreadable = true;
                    continue;
                }
            }
        };
        for entry in Puzzles::new(input, reader.clone(), layout) {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    warn(format_args!("{name}: cannot read: {e}"));
                    unreadable = true;
                    break;
                }
            };
            let answer = answer(&mut solver, &mut scratch, &entry, mode, args.pretty);
            puzzles += 1;
            if entry.grid.is_ok() {
                totals += solver.stats();
            }
            failed |= answer.failed;
            if let Some(message) = answer.message {
                // Flush first, so that messages and answers interleave in
                // order when both go to one terminal or file.
                out.flush()?;
                warn(format_args!("{name}:{}: {message}", entry.line));
            }
            out.write(&answer.text)?;
        }
    }
    out.flush()?;
    if args.stats {
        let time = started.elapsed().as_secs_f64();
        let per = |x: f64| {
            if puzzles == 0 {
                0.0
            } else {
                x / puzzles as f64
            }
        };
        warn(format_args!(
            "puzzles: {puzzles}\nnodes: {} ({:.1} per puzzle)\nupdates: {} ({:.1} per puzzle)\ntime: {time:.3} s ({:.1} µs per puzzle)",
            totals.nodes,
            per(totals.nodes as f64),
            totals.updates,
            per(totals.updates as f64),
            per(time * 1e6),
        ));
    }
    Ok(if unreadable {
        ExitCode::from(2)
    } else if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Answers one puzzle.
fn answer(
    solver: &mut SudokuSolver,
    scratch: &mut Grid,
    entry: &Entry,
    mode: Mode,
    pretty: bool,
) -> Answer {
    let grid = match &entry.grid {
        Ok(grid) => grid,
        Err(e) => {
            return Answer {
                text: "invalid\n".into(),
                message: Some(format!("invalid puzzle: {e}")),
                failed: true,
            };
        }
    };
    let conflict = grid.conflict();
    match mode {
        Mode::Solve => {
            if let Some(conflict) = conflict {
                return Answer {
                    text: "unsolvable\n".into(),
                    message: Some(format!("unsolvable: {conflict}")),
                    failed: true,
                };
            }
            match solver.solution_into(grid, scratch) {
                Ok(true) => {
                    let mut text = format!("{scratch}\n");
                    if pretty {
                        text.push_str(&format!("{scratch:#}\n"));
                    }
                    Answer {
                        text,
                        message: None,
                        failed: false,
                    }
                }
                Ok(false) => Answer {
                    text: "unsolvable\n".into(),
                    message: Some("unsolvable: the puzzle has no solution".into()),
                    failed: true,
                },
                Err(stop) => Answer {
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
            let (suffix, message, failed) = match count.end {
                SearchEnd::Exhausted => ("", conflict.map(|c| c.to_string()), false),
                SearchEnd::Limit | SearchEnd::Stopped => ("+", None, false),
                SearchEnd::Interrupted(why) => (
                    "?",
                    Some(format!(
                        "count incomplete: search stopped ({why}) after {} nodes",
                        solver.stats().nodes
                    )),
                    true,
                ),
            };
            let mut text = format!("{}{suffix}\n", count.solutions);
            if pretty {
                text.push_str(&format!("{grid:#}\n"));
            }
            Answer {
                text,
                message,
                failed,
            }
        }
    }
}
