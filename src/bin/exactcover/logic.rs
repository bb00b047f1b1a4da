//! `exactcover hint` and `explain`: the steps of logic for Sudoku puzzles,
//! in words or as JSON lines (the library finds and words them:
//! `exactcover::sudoku::SudokuLogic`).

use std::io::{self, Write};
use std::process::ExitCode;

use exactcover::sudoku::{Advice, Ending, Hint, Place, SudokuLogic};
use serde_json::{Value, json};

use crate::LogicArgs;
use exactcover::sudoku::{Entry, Layout, Puzzles, Reader, RuledGrid};

use crate::input::{self, Input};
use crate::output::warn;
use crate::reply::word;

/// `exactcover hint`: the next step for each puzzle, or how it ends.
pub fn hint(args: &LogicArgs) -> io::Result<ExitCode> {
    each_puzzle(&args.files, |entry| {
        let mut logic = SudokuLogic::new(puzzle_of(entry)?)
            .map_err(|e| (word(&e).to_string(), e.to_string()))?;
        Ok(match logic.hint() {
            Advice::Step(hint) => step_line(&hint, args.json),
            Advice::End(end) => end_line(&end, args.json),
        })
    })
}

/// `exactcover explain`: every step for each puzzle, then how it ends.
pub fn explain(args: &LogicArgs) -> io::Result<ExitCode> {
    each_puzzle(&args.files, |entry| {
        let mut logic = SudokuLogic::new(puzzle_of(entry)?)
            .map_err(|e| (word(&e).to_string(), e.to_string()))?;
        let walk = logic.explain();
        let mut lines: Vec<String> = walk.steps.iter().map(|h| step_line(h, args.json)).collect();
        lines.push(end_line(&walk.end, args.json));
        Ok(lines.join("\n"))
    })
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

/// Runs `answer` on every puzzle line, printing its line or the error's
/// word (with a message `FILE:LINE: ...` on standard error).
fn each_puzzle(
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
                    out.flush()?;
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

/// The puzzle of a line, or the word and message of why there is none.
fn puzzle_of(entry: &Entry) -> Result<RuledGrid<'_>, (String, String)> {
    entry
        .puzzle()
        .map_err(|e| ("invalid".to_string(), e.to_string()))
}
