//! `exactcover generate`: making puzzles. (`minimize` and `grade` read
//! puzzles, as `solve` does: see `sudoku.rs` and `reply.rs`.)

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use exactcover::sudoku::{
    Alphabet, GenerateError, Generated, Generator, Grid, Layout, PuzzleWriter, Shape,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::GenerateArgs;
use crate::output::{Out, warn};

/// The largest grids `generate` makes without a time budget: 16x16 takes a
/// fraction of a second, 25x25 can take hours.
pub const UNBOUNDED_SIZE: usize = 16;

impl GenerateArgs {
    /// The box shape: `--box`, else 3x3.
    pub fn box_shape(&self) -> Shape {
        self.shape
            .unwrap_or_else(|| Shape::new(3, 3).unwrap_or_else(|_| unreachable!("3x3 exists")))
    }

    /// Checks what no puzzle can be made or written for: symbols, and
    /// sizes that need a time budget.
    pub fn check(&self) -> Result<(), String> {
        let shape = self.box_shape();
        crate::args::check_symbols(Some(shape), self.alphabet.as_ref())?;
        let n = shape.size();
        if n > UNBOUNDED_SIZE && self.budget.timeout.is_none() {
            return Err(format!(
                "--box {shape} makes {n}x{n} grids, which can take hours each: give \
                 --timeout SECONDS (each puzzle then stops there, unique but perhaps \
                 not minimal)"
            ));
        }
        Ok(())
    }
}

/// `exactcover generate`.
pub fn generate(args: &GenerateArgs) -> io::Result<ExitCode> {
    let generator = Generator::for_shape(args.box_shape())
        .with_seed(args.seed)
        .with_symmetry(args.symmetry)
        .with_clues(args.clues)
        .with_ratings(args.grade)
        .with_grades(args.search_grade)
        .with_attempts(args.attempts);
    let budget = args.budget.budget();
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
    let mut out = Out::new(false);
    let mut printer = Printer {
        writer: PuzzleWriter::new(Layout::Line),
        alphabet: args.alphabet.clone(),
        pretty: args.pretty,
        bar: &bar,
    };
    let mut failed = false;
    // In chunks, so that output comes in order and memory stays bounded.
    let mut next = 0u64;
    while next < args.count {
        let end = (next + 256).min(args.count);
        let made: Vec<_> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    // The timeout bounds each puzzle, from its start.
                    let made = generator
                        .clone()
                        .with_budget(args.budget.for_puzzle(&budget))
                        .generate(i);
                    bar.inc(1);
                    made
                })
                .collect()
        });
        for (i, made) in (next..end).zip(made) {
            failed |= !printer.print(&mut out, i, made)?;
        }
        out.flush()?;
        next = end;
    }
    bar.finish_and_clear();
    Ok(ExitCode::from(u8::from(failed)))
}

/// Prints the puzzles made, in order.
struct Printer<'a> {
    writer: PuzzleWriter,
    alphabet: Option<Alphabet>,
    pretty: bool,
    bar: &'a ProgressBar,
}

impl Printer<'_> {
    /// Prints puzzle `i` as made, or `failed`, with messages on standard
    /// error (the bar hidden meanwhile); `false` when it failed.
    fn print(
        &mut self,
        out: &mut Out,
        i: u64,
        made: Result<Generated, GenerateError>,
    ) -> io::Result<bool> {
        let made = match made {
            Ok(made) => made,
            Err(e) => {
                self.warn(out, format!("puzzle {}: {e}", i + 1))?;
                out.write("failed\n")?;
                return Ok(false);
            }
        };
        if made.undecided > 0 {
            self.warn(
                out,
                format!(
                    "puzzle {}: unique, {} clues, perhaps not minimal: the budget \
                     stopped {} of its tests (raise --max-nodes or --timeout)",
                    i + 1,
                    made.puzzle.given_count(),
                    made.undecided
                ),
            )?;
        }
        let puzzle: Grid = match &self.alphabet {
            Some(alphabet) => match made.puzzle.with_alphabet(alphabet.clone()) {
                Ok(puzzle) => puzzle,
                Err(e) => return self.failed(out, i, &e),
            },
            None => made.puzzle,
        };
        // A header first when a reader would not guess the shape or the
        // symbols, so that any command reads the puzzle back as it is.
        match self.writer.write((&puzzle).into()) {
            Ok(text) => out.write(&text)?,
            Err(e) => return self.failed(out, i, &e),
        }
        if self.pretty {
            out.write(&format!("{puzzle:#}\n"))?;
        }
        Ok(true)
    }

    fn failed(&self, out: &mut Out, i: u64, e: &dyn std::fmt::Display) -> io::Result<bool> {
        self.warn(out, format!("puzzle {}: cannot be written: {e}", i + 1))?;
        out.write("failed\n")?;
        Ok(false)
    }

    fn warn(&self, out: &mut Out, message: String) -> io::Result<()> {
        out.flush()?;
        self.bar.suspend(|| warn(format_args!("{message}")));
        Ok(())
    }
}
