//! `--trace`, `--svg`, `--svg-tree`, `--html` and `--steps`: writing what
//! the library draws and records.

use std::io;
use std::path::Path;

use exactcover::Problem;
use exactcover::problem::Labels;
use exactcover::sudoku::{self, RuledGrid};
use exactcover::teach::html::{self, Board};
use exactcover::teach::recording::{Recording, RecordingError};
use exactcover::teach::trace::{Io, Tracer};

use std::path::PathBuf;

use clap::Args;

use crate::output::warn;

/// The most nodes drawn in a search tree.
const TREE_NODES: usize = 200;

/// Writes the matrix of `problem` with `chosen` highlighted, items and
/// options named by `labels`, to `path`; `false` (with a message) when it
/// is too large or cannot be written.
pub fn matrix(problem: &Problem, labels: &impl Labels, chosen: &[usize], path: &Path) -> bool {
    write(
        exactcover::teach::svg::matrix_labelled(problem, labels, chosen),
        path,
    )
}

/// Writes the whole search tree of `problem` to `path`; `false` (with a
/// message) when it is too large or cannot be written.
pub fn tree(problem: &Problem, path: &Path) -> bool {
    write(
        exactcover::teach::svg::search_tree(problem, TREE_NODES),
        path,
    )
}

fn write<E: std::fmt::Display>(content: Result<String, E>, path: &Path) -> bool {
    let name = path.display();
    match content {
        Ok(svg) => match std::fs::write(path, svg) {
            Ok(()) => true,
            Err(e) => {
                warn(format_args!("{name}: cannot write: {e}"));
                false
            }
        },
        Err(e) => {
            warn(format_args!("{name}: not drawn: {e}"));
            false
        }
    }
}

/// Draws and records what `--svg`, `--svg-tree`, `--html` and `--steps`
/// ask for of `puzzle`; `false` when something was not written.
pub fn draw_puzzle(teach: &TeachArgs, puzzle: RuledGrid<'_>) -> bool {
    let mut ok = true;
    if let Some(path) = &teach.svg {
        ok &= write(sudoku::matrix_svg(puzzle), path);
    }
    if let Some(path) = &teach.svg_tree {
        ok &= write(sudoku::search_tree_svg(puzzle, TREE_NODES), path);
    }
    if teach.logic {
        if let Some(path) = &teach.html {
            ok &= write(sudoku::logic_page(puzzle, teach.max_steps), path);
        }
    } else if teach.wants_recording() {
        let recording = sudoku::record_solution(puzzle, teach.max_steps);
        let title = format!("Sudoku {}", puzzle.grid());
        let board = sudoku::teaching_board(puzzle);
        ok &= teach.write_recording(recording, &*puzzle.rules(), &title, Some(&board));
    }
    ok
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
        Tracer::new(problem, labels, Io(io::stdout()))
            .with_max_lines(self.lines)
            .with_covers(self.covers)
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

    /// Whether `--html` or `--steps` asks for a recording.
    pub fn wants_recording(&self) -> bool {
        self.html.is_some() || self.steps.is_some()
    }

    /// Writes what `--steps` and `--html` ask for from `recording`, items
    /// and options named by `labels`; `false` (with a message) when
    /// something was not written.
    pub fn write_recording(
        &self,
        recording: Result<Recording, RecordingError>,
        labels: &impl Labels,
        title: &str,
        board: Option<&Board>,
    ) -> bool {
        let recording = match recording {
            Ok(recording) => recording,
            Err(e) => {
                for path in self.steps.iter().chain(&self.html) {
                    warn(format_args!("{}: not written: {e}", path.display()));
                }
                return false;
            }
        };
        let mut ok = true;
        if let Some(path) = &self.steps {
            let json = Ok::<_, std::convert::Infallible>(recording.to_json(labels));
            ok &= write(json, path);
        }
        if let Some(path) = &self.html {
            ok &= write(html::page(&recording, labels, title, board), path);
        }
        ok
    }
}

/// Pictures and traces, for people learning the algorithm.
#[derive(Args, Debug, Clone)]
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
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = parse_max_steps)]
    pub max_steps: usize,
    /// Pictures of the steps of logic instead of the search (`explain
    /// --html`).
    #[arg(skip)]
    pub logic: bool,
}

/// The most steps `--max-steps` may ask for: a page of more cannot be
/// stepped through by a person, and its recording would take gigabytes.
pub const MAX_STEPS: usize = 1_000_000;

/// `--max-steps N`, at most [`MAX_STEPS`].
pub fn parse_max_steps(s: &str) -> Result<usize, String> {
    let n: usize = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number of steps"))?;
    if n > MAX_STEPS {
        return Err(format!(
            "{n} steps are more than a page can show: at most {MAX_STEPS} (record a smaller search: a smaller problem, or --limit)"
        ));
    }
    Ok(n)
}
