//! The playground's engine: exactcover compiled to WebAssembly for the
//! page's Web Worker (`www/worker.js`), with plain exports and no glue
//! generator (docs/dependencies.md says why).
//!
//! The worker writes a request (JSON, UTF-8) into the buffer [`input`]
//! returns and calls [`run`]; a long search then goes on in slices of
//! nodes, one per call of [`slice`], so that between two slices the worker
//! reads its messages (a Stop) and posts the progress. Every call leaves
//! its answer (JSON) in a buffer that [`output`] points to and returns its
//! length. Requests:
//!
//! * `{"op":"load","format":"knuth"|"sudoku"|"fpuzzles","text":..,"box":"3x3"}`:
//!   reads a problem (the answer names its size, or an error with its line
//!   and column);
//! * `{"op":"search","mode":"first"|"all"|"count"}`: starts a search of the
//!   problem loaded, run by [`slice`];
//! * `{"op":"memo"}`, `{"op":"cheapest","k":5}`: a count with the memo, the
//!   cheapest solutions (one call each);
//! * `{"op":"dance","steps":N}`: the teaching page (the library's
//!   `teach::html`, its animation) of the search's first `N` steps, seen by
//!   the engine's observer as it runs; for a Sudoku with its logic mode;
//! * `{"op":"gallery","name":..}`: an example's text.
//!
//! There is no `unsafe` here: the buffers are vectors the worker reads and
//! writes through the module's memory.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::Arc;

use exactcover::engine::Memo;
use exactcover::knuth;
use exactcover::problem::classic;
use exactcover::sudoku::{self, FPuzzle, Grid, Reader, RuledGrid, Rules, Shape};
use exactcover::teach::html;
use exactcover::teach::recording::Recorder;
use exactcover::{Budget, Problem, SearchEnd, Solver};
use serde_json::{Value, json};

/// The most solutions an answer lists (all are counted).
const SHOWN: usize = 200;
/// The most steps a dance records.
const MAX_DANCE_STEPS: usize = 200_000;

/// The problem loaded.
enum Loaded {
    /// A problem in Knuth's format (the problem is kept beside).
    Knuth,
    Sudoku {
        rules: Arc<Rules>,
        grid: Grid,
    },
}

impl Loaded {
    /// A solution as the page shows it: the options' names, or the grid.
    fn show(&self, problem: &Problem, options: &[usize]) -> Value {
        match self {
            Loaded::Knuth => Value::from(
                options
                    .iter()
                    .map(|&o| problem.option_label(o))
                    .collect::<Vec<_>>(),
            ),
            Loaded::Sudoku { rules, grid } => {
                let mut solved = grid.clone();
                match rules.fill(&mut solved, options) {
                    Ok(()) => Value::from(solved.to_string()),
                    Err(e) => Value::from(format!("(cannot fill the grid: {e})")),
                }
            }
        }
    }
}

/// A search under way. The iterator borrows its solver: the worker runs
/// each question in a fresh instance of the module, so the solver is
/// leaked for the instance's life (one question) and the borrow is
/// `'static`.
struct Running {
    solutions: exactcover::engine::Solutions<'static>,
    mode: Mode,
    found: u64,
    shown: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    First,
    All,
    Count,
}

#[derive(Default)]
struct State {
    input: Vec<u8>,
    output: String,
    loaded: Option<(Loaded, Problem)>,
    running: Option<Running>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// A buffer of `len` bytes for the next request; its address.
#[unsafe(no_mangle)]
pub extern "C" fn input(len: usize) -> *mut u8 {
    STATE.with_borrow_mut(|s| {
        s.input.clear();
        s.input.resize(len, 0);
        s.input.as_mut_ptr()
    })
}

/// The address of the latest answer.
#[unsafe(no_mangle)]
pub extern "C" fn output() -> *const u8 {
    STATE.with_borrow(|s| s.output.as_ptr())
}

/// Answers the request in the input buffer; the answer's length.
#[unsafe(no_mangle)]
pub extern "C" fn run() -> usize {
    STATE.with_borrow_mut(|s| {
        let answer = match serde_json::from_slice::<Value>(&s.input) {
            Ok(request) => answer(s, &request),
            Err(e) => json!({"ok": false, "error": {"message": format!("bad request: {e}")}}),
        };
        s.output = answer.to_string();
        s.output.len()
    })
}

/// Runs the search started by a `search` request for at most `nodes` more
/// nodes; the answer's length (JSON: the solutions found in the slice, the
/// totals, and `end` once the search is over).
#[unsafe(no_mangle)]
pub extern "C" fn slice(nodes: u32) -> usize {
    STATE.with_borrow_mut(|s| {
        let answer = match (&mut s.running, &s.loaded) {
            (Some(running), Some((loaded, problem))) => {
                one_slice(running, problem, loaded, u64::from(nodes))
            }
            _ => error("no search is running"),
        };
        s.output = answer.to_string();
        s.output.len()
    })
}

fn one_slice(running: &mut Running, problem: &Problem, loaded: &Loaded, nodes: u64) -> Value {
    let mut shown = Vec::new();
    // Many solutions may fall in one slice: the slice goes on past each.
    let mut left = nodes;
    loop {
        let before = running.solutions.stats().nodes;
        let listed = running.mode != Mode::Count && running.shown < SHOWN;
        let next = running
            .solutions
            .next_within(left)
            .map(|options| listed.then(|| loaded.show(problem, options)));
        let spent = running.solutions.stats().nodes.saturating_sub(before);
        left = left.saturating_sub(spent);
        match next {
            Some(solution) => {
                running.found += 1;
                if let Some(solution) = solution {
                    running.shown += 1;
                    shown.push(solution);
                }
                if running.mode == Mode::First {
                    break;
                }
                if left == 0 {
                    break;
                }
            }
            None => break,
        }
    }
    let end = running.solutions.end();
    let done = end.is_some() || (running.mode == Mode::First && running.found > 0);
    json!({
        "ok": true,
        "solutions": shown,
        "found": running.found,
        "nodes": running.solutions.stats().nodes,
        "done": done,
        "end": end.map(|e| end_name(&e)),
    })
}

fn end_name(end: &SearchEnd) -> String {
    match end {
        SearchEnd::Exhausted => "exhausted".into(),
        SearchEnd::Interrupted(why) => why.to_string(),
        other => format!("{other:?}").to_lowercase(),
    }
}

fn error(message: impl ToString) -> Value {
    json!({"ok": false, "error": {"message": message.to_string()}})
}

fn answer(s: &mut State, request: &Value) -> Value {
    let op = request["op"].as_str().unwrap_or("");
    if op == "load" {
        return load(s, request);
    }
    if op == "gallery" {
        return match gallery(request["name"].as_str().unwrap_or("")) {
            Some((format, text)) => json!({"ok": true, "format": format, "text": text}),
            None => error("no such example"),
        };
    }
    let Some((loaded, problem)) = &s.loaded else {
        return error("no problem is loaded");
    };
    match op {
        "search" => {
            let mode = match request["mode"].as_str() {
                Some("first") => Mode::First,
                Some("all") => Mode::All,
                Some("count") => Mode::Count,
                _ => return error("the mode is first, all or count"),
            };
            let solver = match solver_for(loaded, problem) {
                Ok(solver) => solver,
                Err(answer) => return answer,
            };
            // One question per instance of the module (see `Running`).
            let solver: &'static mut Solver = Box::leak(Box::new(solver));
            s.running = Some(Running {
                solutions: solver.solutions(),
                mode,
                found: 0,
                shown: 0,
            });
            json!({"ok": true})
        }
        "memo" => memo(loaded, problem),
        "cheapest" => cheapest(loaded, problem, request["k"].as_u64().unwrap_or(5)),
        "dance" => dance(
            loaded,
            problem,
            request["steps"]
                .as_u64()
                .map_or(2_000, |n| n as usize)
                .min(MAX_DANCE_STEPS),
        ),
        _ => error(format!("unknown request '{op}'")),
    }
}

/// Reads the problem of a `load` request.
fn load(s: &mut State, request: &Value) -> Value {
    s.running = None;
    s.loaded = None;
    let text = request["text"].as_str().unwrap_or("");
    let loaded = match request["format"].as_str().unwrap_or("knuth") {
        "knuth" => match knuth::parse(text) {
            Ok(read) => {
                let warnings: Vec<Value> = read
                    .warnings()
                    .into_iter()
                    .map(|(line, what)| json!({"line": line, "message": what}))
                    .collect();
                let problem = read.problem;
                let answer = json!({
                    "ok": true,
                    "kind": "knuth",
                    "items": problem.item_count(),
                    "primaries": problem.primary_count(),
                    "options": problem.option_count(),
                    "warnings": warnings,
                });
                s.loaded = Some((Loaded::Knuth, problem));
                return answer;
            }
            Err(e) => {
                // Lines and columns from 1, as the messages say them; the
                // page says the line itself.
                let message = e.to_string();
                let prefix = e.line.map(|l| format!("{}: ", l + 1));
                let message = prefix
                    .and_then(|p| message.strip_prefix(&p).map(str::to_owned))
                    .unwrap_or(message);
                return json!({"ok": false, "error": {
                    "line": e.line.map(|l| l + 1),
                    "column": e.column.map(|c| c + 1),
                    "message": message,
                }});
            }
        },
        "sudoku" => match read_grid(text, request["box"].as_str().unwrap_or("")) {
            Ok(grid) => {
                let rules = Arc::new(Rules::classic(grid.shape()));
                Loaded::Sudoku { rules, grid }
            }
            Err(message) => return error(message),
        },
        "fpuzzles" => match FPuzzle::parse(text) {
            Ok(puzzle) => Loaded::Sudoku {
                rules: puzzle.rules().clone(),
                grid: puzzle.grid().clone(),
            },
            Err(e) => return error(e),
        },
        other => return error(format!("unknown format '{other}'")),
    };
    let problem = match &loaded {
        Loaded::Sudoku { rules, .. } => rules.problem(),
        Loaded::Knuth => return error("no problem"),
    };
    let mut answer = json!({
        "ok": true,
        "kind": "sudoku",
        "items": problem.item_count(),
        "primaries": problem.primary_count(),
        "options": problem.option_count(),
    });
    if let Loaded::Sudoku { grid, .. } = &loaded {
        answer["size"] = Value::from(grid.size());
        answer["box"] = Value::from(format!(
            "{}x{}",
            grid.shape().box_rows(),
            grid.shape().box_cols()
        ));
        answer["grid"] = Value::from(grid.to_string());
    }
    s.loaded = Some((loaded, problem));
    answer
}

/// A grid from its text (one line, or a block of lines) and its box shape
/// (`RxC`; empty: the default of its size).
fn read_grid(text: &str, shape: &str) -> Result<Grid, String> {
    let mut reader = Reader::new();
    if !shape.trim().is_empty() {
        let shape: Shape = shape
            .trim()
            .parse()
            .map_err(|e| format!("box shape: {e}"))?;
        reader = reader.with_shape(shape);
    }
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    let grid = if lines > 1 {
        reader.read_block(text)
    } else {
        reader.read_line(text.trim())
    };
    grid.map_err(|e| e.to_string())
}

/// The solver of the problem loaded, a Sudoku's givens selected; an
/// answer when there is nothing to search.
fn solver_for(loaded: &Loaded, problem: &Problem) -> Result<Solver, Value> {
    let mut solver =
        Solver::try_new(problem).map_err(|e| error(format!("the problem is too large: {e}")))?;
    if let Loaded::Sudoku { rules, grid } = loaded {
        let givens = rules.given_options(grid).map_err(error)?;
        for option in givens {
            if solver.select(option).is_err() {
                return Err(error("the givens break a rule: no solution"));
            }
        }
    }
    Ok(solver)
}

fn memo(loaded: &Loaded, problem: &Problem) -> Value {
    let mut solver = match solver_for(loaded, problem) {
        Ok(solver) => solver,
        Err(answer) => return answer,
    };
    // The page's memory, not the default gigabyte.
    let memo = Memo::new().with_memory(256 << 20);
    match solver.count_memo(None, &memo) {
        Ok(count) => json!({
            "ok": true,
            "solutions": count.solutions.to_string(),
            "end": end_name(&count.end),
            "states": format!(
                "{} lookups, {} found in the memo, {} bytes",
                count.memo.lookups, count.memo.hits, count.memo.bytes
            ),
        }),
        Err(e) => error(e),
    }
}

fn cheapest(loaded: &Loaded, problem: &Problem, k: u64) -> Value {
    let mut solver = match solver_for(loaded, problem) {
        Ok(solver) => solver,
        Err(answer) => return answer,
    };
    match solver.cheapest(k.clamp(1, 100) as usize) {
        Ok(found) => json!({
            "ok": true,
            "end": end_name(&found.end),
            "solutions": found.solutions.iter().map(|c| json!({
                "cost": c.cost,
                "options": loaded.show(problem, &c.options),
            })).collect::<Vec<_>>(),
        }),
        Err(e) => error(e),
    }
}

/// The teaching page of the search's first `steps` steps (the library's
/// animation), recorded by the engine's observer as the search runs here.
fn dance(loaded: &Loaded, problem: &Problem, steps: usize) -> Value {
    let page = match loaded {
        Loaded::Sudoku { rules, grid } => match RuledGrid::new(rules, grid) {
            Ok(puzzle) => sudoku::logic_page(puzzle, steps).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        },
        Loaded::Knuth => {
            let mut recorder = Recorder::new(problem).with_max_steps(steps);
            let mut solver = Solver::new(problem);
            // Every node is a step: the search stops where the recording
            // would, and the page shows its first `steps` steps.
            solver.set_budget(Budget::new().with_max_nodes(steps as u64 / 4 + 1));
            let _ = solver.visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
            recorder
                .finish()
                .map_err(|e| e.to_string())
                .and_then(|recording| {
                    html::page(&recording, problem, "Your problem", None).map_err(|e| e.to_string())
                })
        }
    };
    match page {
        Ok(page) => json!({"ok": true, "page": page}),
        Err(e) => error(e),
    }
}

/// The text of an example of the gallery, and its format.
fn gallery(name: &str) -> Option<(&'static str, String)> {
    let knuth_text = |problem: &Problem, note: &str| {
        let mut out = Vec::new();
        knuth::write(problem, &[note], &mut out).ok()?;
        String::from_utf8(out).ok()
    };
    Some(match name {
        "queens8" => (
            "knuth",
            knuth_text(&classic::queens(8), "8 queens: 92 solutions (OEIS A000170)")?,
        ),
        "queens10" => (
            "knuth",
            knuth_text(
                &classic::queens(10),
                "10 queens: 724 solutions (OEIS A000170)",
            )?,
        ),
        "langford7" => (
            "knuth",
            knuth_text(
                &classic::langford(7),
                "Langford pairs, n = 7: 52 solutions, each twice (OEIS A014552)",
            )?,
        ),
        "pentominoes" => (
            "knuth",
            knuth_text(
                &classic::pentominoes(6, 10, true),
                "the 12 pentominoes in a 6x10 box, symmetry broken: 2,339 solutions",
            )?,
        ),
        "dominoes" => (
            "knuth",
            knuth_text(
                &classic::dominoes(4, 4),
                "dominoes on a 4x4 board: 36 tilings (OEIS A004003)",
            )?,
        ),
        "toy" => (
            "knuth",
            knuth_text(
                &classic::knuth_toy(),
                "Knuth's toy problem (TAOCP 7.2.2.1 (6))",
            )?,
        ),
        // Peter Norvig's top95, its first puzzle (data/SOURCES.md).
        "sudoku" => (
            "sudoku",
            include_str!("../../data/top95.txt")
                .lines()
                .next()?
                .to_owned(),
        ),
        // A published killer (data/variants/SOURCES: ksonline).
        "killer" => (
            "fpuzzles",
            include_str!("../../data/variants/killer-ksonline.json").to_owned(),
        ),
        // 6x6, boxes of 2 rows and 3 columns.
        // 6x6, boxes of 2 rows and 3 columns: every cell of a grid of
        // that shape but the second of each box's row taken away.
        "sudoku6" => ("sudoku", "1.34.64.61.32.15.45.42.13.26.56.53.2".to_owned()),
        _ => return None,
    })
}
