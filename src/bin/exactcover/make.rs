//! `exactcover generate`, `minimize` and `grade`: making puzzles and
//! measuring them.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use exactcover::sudoku::{
    Entry, GenerateError, Generated, Generator, Grid, Layout, PuzzleError, Puzzles, Reader, Shape,
    grade, minimize,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::input::{self, Input};
use crate::output::warn;
use crate::{GenerateArgs, GradeArgs, MinimizeArgs};

/// `exactcover generate`.
pub fn generate(args: &GenerateArgs) -> io::Result<ExitCode> {
    let shape = args
        .shape
        .unwrap_or_else(|| Shape::for_size(9).expect("9x9 exists"));
    let generator = Generator::for_shape(shape)
        .seed(args.seed)
        .symmetry(args.symmetry)
        .clues(args.clues)
        .grades(args.grade)
        .attempts(args.attempts)
        .budget(args.budget.budget());
    let Some(pool) = crate::thread_pool(crate::jobs(args.jobs)) else {
        return Ok(ExitCode::from(2));
    };
    let bar = if io::stderr().is_terminal() && args.count > 1 {
        let bar = ProgressBar::new(args.count);
        if let Ok(style) = ProgressStyle::with_template("{pos}/{len} puzzles {wide_bar} {eta}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    // In chunks, so that output comes in order and memory stays bounded.
    let mut next = 0u64;
    while next < args.count {
        let end = (next + 256).min(args.count);
        let made: Vec<_> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    let made = generator.generate(i);
                    bar.inc(1);
                    made
                })
                .collect()
        });
        for (i, made) in (next..end).zip(made) {
            failed |= !print_made(&mut out, &bar, i, made, args.pretty)?;
        }
        out.flush()?;
        next = end;
    }
    bar.finish_and_clear();
    Ok(ExitCode::from(u8::from(failed)))
}

/// Prints puzzle `i` as made, or `failed`, with messages on standard error
/// (`bar` hidden meanwhile); `false` when it failed.
fn print_made(
    out: &mut impl Write,
    bar: &ProgressBar,
    i: u64,
    made: Result<Generated, GenerateError>,
    pretty: bool,
) -> io::Result<bool> {
    let made = match made {
        Ok(made) => made,
        Err(e) => {
            bar.suspend(|| warn(format_args!("puzzle {}: {e}", i + 1)));
            writeln!(out, "failed")?;
            return Ok(false);
        }
    };
    if made.undecided > 0 {
        bar.suspend(|| {
            warn(format_args!(
                "puzzle {}: unique, {} clues, perhaps not minimal: the budget \
                 stopped {} of its tests (raise --max-nodes or --timeout)",
                i + 1,
                made.puzzle.given_count(),
                made.undecided
            ))
        });
    }
    writeln!(out, "{}", made.puzzle)?;
    if pretty {
        writeln!(out, "{:#}", made.puzzle)?;
    }
    Ok(true)
}

/// Runs `answer` on every puzzle line, printing its line or the error's
/// word (with a message `FILE:LINE: ...` on standard error).
pub(crate) fn each_puzzle(
    files: &[std::path::PathBuf],
    mut answer: impl FnMut(&Entry) -> Result<String, (String, String)>,
) -> io::Result<ExitCode> {
    // Every file is opened before any is read.
    let inputs = input::inputs(files)
        .collect::<Result<Vec<Input>, _>>()
        .map_err(|(name, e)| io::Error::new(e.kind(), format!("{name}: {e}")))?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for Input { name, reader, .. } in inputs {
        for entry in Puzzles::new(reader, Reader::new(), Layout::Line) {
            let entry = entry?;
            let line = match answer(&entry) {
                Ok(line) => line,
                Err((word, message)) => {
                    warn(format_args!("{name}:{}: {message}", entry.line + 1));
                    failed = true;
                    word
                }
            };
            writeln!(out, "{line}")?;
        }
        out.flush()?;
    }
    Ok(ExitCode::from(u8::from(failed)))
}

/// The word printed for an error.
pub(crate) fn word(e: &PuzzleError) -> String {
    match e {
        PuzzleError::Conflict(_) => "invalid",
        PuzzleError::Unsolvable => "unsolvable",
        PuzzleError::NotUnique => "not-unique",
        PuzzleError::Interrupted(_) => "timeout",
        _ => "failed",
    }
    .to_string()
}

/// The grid of a puzzle line, or the word and message of why there is none.
pub(crate) fn grid_of(entry: &Entry) -> Result<&Grid, (String, String)> {
    entry
        .grid
        .as_ref()
        .map_err(|e| ("invalid".to_string(), e.to_string()))
}

/// `exactcover minimize`.
pub fn minimize_all(args: &MinimizeArgs) -> io::Result<ExitCode> {
    let budget = args.budget.budget();
    each_puzzle(&args.files, |entry| {
        minimize(grid_of(entry)?, args.seed, &budget)
            .map(|g| g.to_string())
            .map_err(|e| (word(&e), e.to_string()))
    })
}

/// `exactcover grade`.
pub fn grade_all(args: &GradeArgs) -> io::Result<ExitCode> {
    let budget = args.budget.budget();
    each_puzzle(&args.files, |entry| {
        let g = grade(grid_of(entry)?, &budget).map_err(|e| (word(&e), e.to_string()))?;
        let mut line = format!("{:.3} {}", g.guesses, g.level);
        if args.explain {
            line.push_str(&format!(
                " naked-singles={:.1} hidden-singles={:.1} nodes={:.1} seeds={}",
                g.naked_singles, g.hidden_singles, g.nodes, g.seeds
            ));
        }
        Ok(line)
    })
}
