//! `exactcover hint` and `explain`: the steps of logic for Sudoku puzzles,
//! in words or as JSON lines (the library finds and words them:
//! `exactcover::sudoku::SudokuLogic`). The puzzles are read as `solve`
//! reads them: `Task::Logic` of `sudoku::run`. `explain --trace` prints
//! the library's trace of the steps (`Deductions::trace`), `explain --html`
//! writes the teaching page of the first puzzle in its logic mode
//! (`teach::draw_puzzle`).

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use exactcover::Stats;
use exactcover::sudoku::{Advice, Ending, Hint, Place, RuledGrid, SudokuLogic};
use serde_json::{Value, json};

use crate::args::PuzzleBudgetArgs;
use crate::reply::{Output, Reply, Task, word};
use crate::sudoku;
use crate::{LogicArgs, TeachArgs};

/// `explain`: the options of `hint`, and the teaching ones.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Print each puzzle's steps as a trace: each step's number, technique
    /// and sentence, then its base and cover items, the candidates it
    /// removes and the digits it places, in the matrix's names (r2c1=7,
    /// box 3 has 7); then how it ended.
    #[arg(long, conflicts_with = "json")]
    trace: bool,
    /// Write an interactive page of the first puzzle that steps through its
    /// logic (Next, Back): the base and cover units of each step
    /// highlighted, the candidates removed struck through, the step in
    /// words; a button switches to the replay of the search (one
    /// self-contained HTML file).
    #[arg(long, value_name = "OUT.html")]
    html: Option<PathBuf>,
    /// The most steps of the search the page records (as solve --html
    /// --max-steps).
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = crate::parse_max_steps, requires = "html")]
    max_steps: usize,
    #[command(flatten)]
    pub(crate) logic: LogicArgs,
}

impl ExplainArgs {
    /// Reads puzzles as `solve` does and explains each; draws the page of
    /// the first.
    pub fn run(&self) -> io::Result<ExitCode> {
        let task = Task::Logic {
            json: self.logic.json,
            all: true,
            trace: self.trace,
        };
        if self.html.is_none() {
            return self.logic.run(task);
        }
        let teach = TeachArgs {
            trace: false,
            trace_lines: 0,
            trace_covers: false,
            svg: None,
            svg_tree: None,
            html: self.html.clone(),
            steps: None,
            max_steps: self.max_steps,
            logic: true,
        };
        let budget = PuzzleBudgetArgs {
            max_nodes: None,
            timeout: None,
        };
        let mut options = sudoku::Options::plain(&self.logic.input, &budget, self.logic.jobs);
        options.teach = Some(&teach);
        sudoku::run(&options, task)
    }
}

/// The reply of `hint` (the next step, or how the puzzle ends) or, with
/// `all`, of `explain` (every step, then how it ends), about one puzzle
/// read as `solve` reads it (any variant); with `trace`, every step as the
/// library's trace.
pub fn reply(puzzle: RuledGrid<'_>, as_json: bool, all: bool, trace: bool) -> Reply {
    let mut logic = match SudokuLogic::new(puzzle) {
        Ok(logic) => logic,
        Err(e) => return Reply::failed(word(&e), e.to_string()),
    };
    let mut text = if trace {
        let mut text = logic.deductions().trace(&*puzzle.rules());
        text.pop();
        text
    } else if all {
        let walk = logic.explain();
        let mut lines: Vec<String> = walk.steps.iter().map(|h| step_line(h, as_json)).collect();
        lines.push(end_line(&walk.end, as_json));
        lines.join("\n")
    } else {
        match logic.hint() {
            Advice::Step(hint) => step_line(&hint, as_json),
            Advice::End(end) => end_line(&end, as_json),
        }
    };
    text.push('\n');
    Reply {
        stats: Stats::default(),
        output: Output::Text(text),
        message: None,
        failed: false,
        cancelled: false,
    }
}

/// A step: its sentence, or `{"rule", "k", "place", "eliminate"}`.
fn step_line(hint: &Hint, as_json: bool) -> String {
    if !as_json {
        return hint.to_string();
    }
    let places = |places: &[Place]| -> Value {
        places
            .iter()
            .map(|p| json!([p.row, p.column, p.digit]))
            .collect()
    };
    // In the order of the issue's format (serde_json sorts an object's keys).
    format!(
        r#"{{"rule":{},"k":{},"place":{},"eliminate":{}}}"#,
        Value::from(hint.technique.name()),
        hint.technique.k(),
        places(&hint.place),
        places(&hint.eliminate),
    )
}

/// The end: in words, or `{"solved": true}`, `{"solved": false, "stuck":
/// {"empty", "candidates"}}`, `{"solved": false, "no_solution": WHY}`.
fn end_line(end: &Ending, as_json: bool) -> String {
    if !as_json {
        return end.to_string();
    }
    match end {
        Ending::Solved => json!({ "solved": true }),
        Ending::Stuck { empty, candidates } => json!({
            "solved": false,
            "stuck": { "empty": empty, "candidates": candidates },
        }),
        Ending::NoSolution(why) => json!({ "solved": false, "no_solution": why }),
        _ => json!({ "solved": false }),
    }
    .to_string()
}
