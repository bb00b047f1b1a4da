//! `exactcover hint` and `explain`: the steps of logic for Sudoku puzzles,
//! in words or as JSON lines (the library finds and words them:
//! `exactcover::sudoku::SudokuLogic`). The puzzles are read as `solve`
//! reads them: `Task::Logic` of `sudoku::run`.

use exactcover::Stats;
use exactcover::sudoku::{Advice, Ending, Hint, Place, RuledGrid, SudokuLogic};
use serde_json::{Value, json};

use crate::reply::{Output, Reply, word};

/// The reply of `hint` (the next step, or how the puzzle ends) or, with
/// `all`, of `explain` (every step, then how it ends), about one puzzle
/// read as `solve` reads it (any variant).
pub fn reply(puzzle: RuledGrid<'_>, as_json: bool, all: bool) -> Reply {
    let mut logic = match SudokuLogic::new(puzzle) {
        Ok(logic) => logic,
        Err(e) => return Reply::failed(word(&e), e.to_string()),
    };
    let mut text = if all {
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
