//! `--trace`, `--svg`, `--svg-tree`, `--html` and `--steps`: writing what
//! the library draws and records.

use std::io;
use std::path::{Path, PathBuf};

use exactcover::Problem;
use exactcover::problem::Labels;
use exactcover::sudoku::RuledGrid;
use exactcover::teach::trace::{Io, Sink, Tracer};
use exactcover_cli::files::{File, Made, Request, parse_max_steps};

use clap::Args;

use crate::output::warn;

/// Writes `made` to `path`, saying `wrote PATH` on standard error unless
/// `quiet`; `false` (with a message) when there is nothing to write or it
/// cannot be written.
fn write(made: Made, path: &Path, quiet: bool) -> bool {
    let name = path.display();
    let written = made.map(|content| std::fs::write(path, content));
    match written {
        Ok(Ok(())) => {
            if !quiet {
                warn(format_args!("wrote {name}"));
            }
            return true;
        }
        Ok(Err(e)) => warn(format_args!("{name}: cannot write: {e}")),
        Err(e) => warn(format_args!("{name}: {e}")),
    }
    false
}

/// Draws and records what `--svg`, `--svg-tree`, `--html` and `--steps`
/// ask for of `puzzle`, the `number`-th of its batch (its files are
/// numbered after the first: [`numbered`]); `false` when something was not
/// written.
pub fn draw_puzzle(teach: &TeachArgs, puzzle: RuledGrid<'_>, number: u64, quiet: bool) -> bool {
    let mut ok = true;
    let mut write = |file, made| ok &= teach.write_one(file, made, number, quiet);
    exactcover_cli::files::teaching_files(&teach.request(), puzzle, teach.logic, &mut write);
    ok
}

/// The file of the `number`-th puzzle for `path`: `path` itself for the
/// first, then `-2`, `-3`... before the extension (`board.html`,
/// `board-2.html`; `board-2` without one).
pub fn numbered(path: &Path, number: u64) -> PathBuf {
    if number <= 1 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{number}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}

/// How to trace a search: `--trace-lines` and `--trace-covers`.
#[derive(Clone, Copy, Debug)]
pub struct Trace {
    lines: u64,
    covers: bool,
}

impl Default for Trace {
    fn default() -> Trace {
        Trace {
            lines: 1000,
            covers: false,
        }
    }
}

impl Trace {
    /// A tracer of a search of `problem` to standard output.
    pub fn tracer<L: Labels>(&self, problem: &Problem, labels: L) -> Tracer<L, Io<io::Stdout>> {
        // Standard output, unbuffered between lines.
        self.configure(Tracer::new(problem, labels, Io(io::stdout())))
    }

    /// `tracer` with the lines and covers asked for.
    pub fn configure<L: Labels, S: Sink>(&self, tracer: Tracer<L, S>) -> Tracer<L, S> {
        tracer.with_max_lines(self.lines).with_covers(self.covers)
    }
}

impl TeachArgs {
    /// The first option given that shows a search (`--trace`, `--svg`,
    /// `--svg-tree`, `--html`, `--steps`), if any.
    pub fn first_given(&self) -> Option<&'static str> {
        [
            (self.trace, "--trace"),
            (self.svg.is_some(), "--svg"),
            (self.svg_tree.is_some(), "--svg-tree"),
            (self.html.is_some(), "--html"),
            (self.steps.is_some(), "--steps"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// The trace asked for, if any.
    pub fn trace(&self) -> Option<Trace> {
        self.trace.then_some(Trace {
            lines: self.trace_lines,
            covers: self.trace_covers,
        })
    }

    /// Whether any file is asked for.
    pub fn wants_files(&self) -> bool {
        self.request().any()
    }

    /// The files asked for.
    pub fn request(&self) -> Request {
        Request {
            matrix: self.svg.is_some(),
            tree: self.svg_tree.is_some(),
            page: self.html.is_some(),
            steps: self.steps.is_some(),
            max_steps: self.max_steps,
        }
    }

    /// Writes a file made where it was asked, numbered for the `number`-th
    /// puzzle (1 for `cover`'s problem); `false` when it was not written.
    pub fn write_one(&self, file: File, made: Made, number: u64, quiet: bool) -> bool {
        let path = match file {
            File::Matrix => &self.svg,
            File::Tree => &self.svg_tree,
            File::Page => &self.html,
            File::Steps => &self.steps,
        };
        path.as_ref()
            .is_none_or(|path| write(made, &numbered(path, number), quiet))
    }
}

/// Pictures and traces, for people learning the algorithm (by default,
/// none: not the command line's defaults, which clap gives).
#[derive(Args, Debug, Clone, Default)]
#[command(group(clap::ArgGroup::new("recording").args(["html", "steps"]).multiple(true)))]
pub struct TeachArgs {
    /// Print the search as an indented tree (items chosen, options tried).
    #[arg(long)]
    pub trace: bool,
    /// Stop printing the trace after N lines (the search goes on).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub trace_lines: u64,
    /// With --trace, also print every cover and uncover, with the number of
    /// nodes each hides or puts back.
    #[arg(long, requires = "trace")]
    pub trace_covers: bool,
    /// Draw the exact-cover matrix, the first solution highlighted, as SVG.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Draw the search tree as SVG (small problems).
    #[arg(long, value_name = "OUT.svg")]
    pub svg_tree: Option<PathBuf>,
    /// Write an interactive page that replays the search, step by step (one
    /// self-contained HTML file; small problems).
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// Write the recording of the search (every step, with the nodes each
    /// cover hides) as JSON.
    #[arg(long, value_name = "OUT.json")]
    pub steps: Option<PathBuf>,
    /// The most steps --html and --steps record (at most 1,000,000); a
    /// longer search is refused with advice.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = parse_max_steps, requires = "recording")]
    pub max_steps: usize,
    /// Pictures of the steps of logic instead of the search (`explain
    /// --html`).
    #[arg(skip)]
    pub logic: bool,
}
