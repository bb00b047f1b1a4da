//! The `exactcover` command: `cover`, `split`, `preprocess` and `merge` for
//! Knuth's format, `solve`, `count`, `grade`, `minimize`, `hint`, `explain`
//! and `generate` for Sudoku; `completions` and `man` for installing it. This file holds the list of commands and
//! runs one; each command's options are beside it (`cover.rs`,
//! `distribute.rs`, `preprocess.rs`, `make.rs`, the pictures' in
//! `teach.rs`), and those of the commands that read puzzles in `args.rs`:
//! one set for all.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::args::{CountArgs, ExplainArgs, GradeArgs, LogicArgs, MinimizeArgs, SolveArgs};
use crate::cover::CoverArgs;
use crate::distribute::{MergeArgs, SplitArgs};
use crate::install::CompletionsArgs;
use crate::make::GenerateArgs;
use crate::preprocess::PreprocessArgs;
use exactcover_cli::sudoku_reply::Task;

mod args;
mod cover;
mod distribute;
mod input;
mod install;
mod make;
mod output;
mod preprocess;
mod progress;
mod signals;
mod sudoku;
mod teach;
mod watch;

/// What `--version` prints after the name: the version, then the commit and
/// the build profile (`0.1.0 (commit 968fd09, release)`; cli/build.rs).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("EXACTCOVER_BUILD"),
    ")"
);

/// Exact cover by Dancing Links, and Sudoku of every box shape.
#[derive(Parser, Debug)]
#[command(name = "exactcover", version = VERSION, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one exact-cover problem in Knuth's DLX1 format (DLX2's with
    /// colours).
    Cover(CoverArgs),
    /// Solve Sudoku puzzles (lines, blocks, jigsaw lines, f-puzzles JSON
    /// variants): one line of output per puzzle; a note on standard error
    /// when a puzzle has several solutions.
    Solve(SolveArgs),
    /// Count the solutions of Sudoku puzzles (lines, blocks, jigsaw lines,
    /// f-puzzles JSON variants): one line per puzzle (no --trace or --svg:
    /// those are for solve and cover). Counts can be huge (an empty 9x9
    /// grid has 6.67e21 solutions): use --limit or a budget; on a terminal a
    /// long count shows how far it is.
    Count(CountArgs),
    /// Write the subproblems of a problem at a depth as self-contained
    /// files in Knuth's format, for any solver to count.
    Split(SplitArgs),
    /// Write a problem in Knuth's format without the options that can be in
    /// no solution (and the items they leave), as Knuth's DLX-PRE reduces
    /// it: the same solutions, each option followed by the comment
    /// `| from N`, its line in the input.
    Preprocess(PreprocessArgs),
    /// Add up the `cover --count --part K/N --json` lines of every part;
    /// refuses a missing or repeated part.
    Merge(MergeArgs),
    /// Make unique Sudoku puzzles, one per line (minimal: no clue, or no
    /// group of clues with a symmetry, can be taken away), after a header
    /// line (`# exactcover: --box 3x2`) when the other commands would not
    /// guess their box shape or symbols.
    Generate(GenerateArgs),
    /// Take clues away from puzzles (read as solve reads them: lines,
    /// blocks, jigsaw lines, f-puzzles JSON) while they stay unique: one
    /// minimal puzzle each, written as it was read (with its region map,
    /// as f-puzzles JSON, ...).
    Minimize(MinimizeArgs),
    /// Grade puzzles (read as solve reads them: lines, blocks, jigsaw
    /// lines, f-puzzles JSON) by the steps of logic they need: one line per
    /// puzzle, the score on Sudoku Explainer's scale, then the level
    /// (--search: the guesses the search needs instead).
    Grade(GradeArgs),
    /// The next step of logic for each puzzle (read as solve reads them),
    /// in words (naked single, pointing, X-wing...): one line per puzzle.
    Hint(LogicArgs),
    /// Every step of logic for each puzzle (read as solve reads them), one
    /// a line, then how it ended (solved, stuck, or no solution).
    Explain(ExplainArgs),
    /// Write the completion script of a shell (bash, zsh, fish, powershell,
    /// elvish) to standard output, e.g. `exactcover completions bash >
    /// /usr/share/bash-completion/completions/exactcover`.
    Completions(CompletionsArgs),
    /// Write the man page (roff) to standard output, e.g. `exactcover man >
    /// /usr/share/man/man1/exactcover.1`.
    Man,
}

/// The most threads `--jobs` may ask for.
const MAX_JOBS: u64 = exactcover_cli::util::units::MAX_THREADS;

/// The threads `--jobs` asks for: all cores for 0 or none.
fn jobs(jobs: Option<u64>) -> usize {
    exactcover_cli::util::units::threads(jobs.unwrap_or(0))
}

impl Command {
    /// Checks the options that clap cannot check alone.
    fn check(&self) -> Result<(), String> {
        match self {
            Command::Cover(args) => args.check(),
            Command::Split(_)
            | Command::Preprocess(_)
            | Command::Merge(_)
            | Command::Completions(_)
            | Command::Man => Ok(()),
            Command::Generate(args) => args.check(),
            Command::Minimize(args) => args.input.check(),
            Command::Grade(args) => args.input.check(),
            Command::Hint(args) => args.input.check(),
            Command::Explain(args) => args.logic.input.check(),
            Command::Solve(args) => {
                args.common.input.check()?;
                args.common.check_json()?;
                match (args.common.json.json, args.teach.trace) {
                    (true, true) => Err("--trace writes text: it cannot go with --json".into()),
                    _ => Ok(()),
                }
            }
            Command::Count(args) => {
                args.common.input.check()?;
                args.common.check_json()
            }
        }
    }
}

/// Ends the command with a usage error, `message` shown with the usage of
/// the command `name` (not of `exactcover` as a whole).
fn usage_error(name: &str, message: String) -> ! {
    let mut cli = Cli::command();
    let mut sub = cli
        .find_subcommand_mut(name)
        .map(|sub| sub.clone().bin_name(format!("exactcover {name}")))
        .unwrap_or_default();
    sub.error(ErrorKind::ArgumentConflict, message).exit()
}

fn main() -> ExitCode {
    // `Cli::parse`, keeping the name of the command for its usage.
    let mut matches = Cli::command().get_matches();
    let name = matches.subcommand_name().unwrap_or_default().to_string();
    let cli = Cli::from_arg_matches_mut(&mut matches)
        .unwrap_or_else(|e| e.format(&mut Cli::command()).exit());
    if let Err(message) = cli.command.check() {
        usage_error(&name, message);
    }
    if let Err(e) = output::check_stdout_open() {
        let _ = writeln!(io::stderr(), "exactcover: {e}");
        return ExitCode::from(2);
    }
    // The commands that search long stop cleanly on SIGINT and SIGTERM.
    if matches!(
        cli.command,
        Command::Cover(_) | Command::Solve(_) | Command::Count(_)
    ) {
        if let Err(e) = signals::install() {
            let _ = writeln!(io::stderr(), "exactcover: cannot handle signals: {e}");
        }
    }
    let result = match cli.command {
        Command::Cover(args) => cover::run(&args),
        Command::Split(args) => distribute::split(&args),
        Command::Preprocess(args) => preprocess::run(&args),
        Command::Merge(args) => distribute::merge(&args),
        Command::Generate(args) => make::generate(&args),
        Command::Minimize(args) => {
            let mut options =
                sudoku::Options::plain(&args.input, &args.budget, args.jobs, args.quiet);
            options.json = args.json.json;
            sudoku::run(&options, Task::Minimize { seed: args.seed })
        }
        Command::Grade(args) => {
            let mut options =
                sudoku::Options::plain(&args.input, &args.budget, args.jobs, args.quiet);
            options.json = args.json.json;
            sudoku::run(
                &options,
                Task::Grade {
                    explain: args.explain,
                    search: args.search,
                },
            )
        }
        Command::Hint(args) => args.run(Task::Logic {
            json: args.json,
            all: false,
            trace: false,
        }),
        Command::Explain(args) => args.run(),
        Command::Completions(args) => install::completions(&args, Cli::command()),
        Command::Man => install::man(Cli::command()),
        Command::Solve(args) => {
            let options = args.common.options(Some(&args.teach));
            sudoku::run(&options, Task::Solve(args.check()))
        }
        Command::Count(args) => {
            let options = args.common.options(None);
            match args.memo.memo() {
                Some(memo) => sudoku::run_memo(&options, args.limit, memo),
                None => sudoku::run(&options, Task::Count { limit: args.limit }),
            }
        }
    };
    let code = match result {
        Ok(code) => code,
        // A closed standard output (`exactcover solve big.txt | head -1`)
        // is the reader saying it has seen enough: end quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "exactcover: {e}");
            ExitCode::from(2)
        }
    };
    // Interrupted by a signal: what is known is printed; end as the signal
    // would have ended the command.
    signals::finish();
    code
}
