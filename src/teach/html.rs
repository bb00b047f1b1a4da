//! An interactive page that replays a recorded search.
//!
//! [`page`] turns a [`Recording`] into one self-contained HTML file: its CSS,
//! its script and the recording are inline, it loads nothing from the
//! network and works from `file://`. The page shows
//!
//! * the matrix, as a 0/1 table or as Knuth's links (a toggle), with each
//!   item's live `LEN`, the hidden nodes greyed and the links re-routed
//!   around them, the item chosen outlined and the items tied with it for
//!   fewest options shaded;
//! * the options chosen, level by level, and the search tree as it grows;
//! * Next, Back, Play/Pause (with a speed), "next choice" and "next
//!   solution" buttons, and keys for each (`→`, `←`, space, `c`, `s`,
//!   `Home`, `End`). Every frame is computed by replaying the steps from the
//!   start, so a frame reached by Back is the frame reached by Next;
//! * with a [`Board`], a grid of cells: the givens, the symbols placed by the
//!   options chosen, each empty cell's candidates (the options still in the
//!   matrix), and the item chosen shown as its cell or as the cells of its
//!   unit (for Sudoku: a naked single, or "row 3 has 7", a hidden single).
//!
//! [`logic_page`] adds a mode that steps through a path of deductions
//! (steps of logic, [`Deductions`]) on the same board and matrix.
//!
//! The page's root element (`<main id="app">`) carries its state for tests
//! and tools: `data-step`, `data-steps`, `data-level`, `data-solutions`,
//! `data-covered` (the items covered, by number) and `data-lengths` (`item:LEN`
//! of every active primary item).
//!
//! ```
//! use std::ops::ControlFlow;
//! use exactcover::teach::{html, recording::Recorder};
//! use exactcover::Solver;
//!
//! let toy = exactcover::problem::classic::knuth_toy();
//! let mut recorder = Recorder::new(&toy);
//! Solver::new(&toy).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
//! let page = html::page(&recorder.finish()?, &toy, "Knuth's toy", None)?;
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! // Nothing is loaded from elsewhere.
//! assert!(!page.contains(" src=") && !page.contains("<link"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use serde_json::{Value, json};

use crate::problem::Labels;
use crate::teach::deduction::Deductions;
use crate::teach::recording::Recording;
use crate::util::xml::escape_into;

/// The most items a page shows.
const MAX_ITEMS: usize = 400;
/// The most options a page shows.
const MAX_OPTIONS: usize = 800;

/// A grid of cells to show beside the matrix (a Sudoku board): the page
/// knows cells and symbols, not the rules that link them to items.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Board {
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub columns: usize,
    /// The region (box) of every cell, row by row: thick lines are drawn
    /// between regions.
    pub regions: Vec<usize>,
    /// The symbol given in every cell, row by row (`None`: empty).
    pub givens: Vec<Option<String>>,
    /// For every option, the cell it fills and the symbol it puts there
    /// (`None` for an option that fills no cell).
    pub placements: Vec<Option<(usize, String)>>,
    /// For every item, the cells it is about: one cell for a cell's item
    /// (choosing it with one option is a *naked single*), the cells of a
    /// unit for a unit's (a *hidden single*).
    pub item_cells: Vec<Vec<usize>>,
}

/// A page that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PageError {
    /// The problem is too large to show.
    TooLarge {
        /// Its items.
        items: usize,
        /// Its options.
        options: usize,
    },
    /// The board does not fit the recording.
    BadBoard(String),
    /// The deductions name an item or an option the recording does not
    /// have.
    BadLogic(String),
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PageError::TooLarge { items, options } => write!(
                f,
                "too large for a page: {items} items and {options} options \
                 (at most {MAX_ITEMS} items and {MAX_OPTIONS} options)"
            ),
            PageError::BadBoard(why) => write!(f, "the board does not fit the problem: {why}"),
            PageError::BadLogic(why) => {
                write!(f, "the steps of logic do not fit the problem: {why}")
            }
        }
    }
}

impl std::error::Error for PageError {}

/// The page replaying `recording`, items and options named by `labels`,
/// titled `title`, with `board` if given (see the [module
/// documentation](self)).
///
/// # Errors
///
/// [`PageError::TooLarge`] past 400 items or 800 options (a page is meant to be read);
/// [`PageError::BadBoard`] when `board` does not match the recording.
pub fn page(
    recording: &Recording,
    labels: &impl Labels,
    title: &str,
    board: Option<&Board>,
) -> Result<String, PageError> {
    page_of(recording, None, labels, title, board)
}

/// The page of [`page`] with a second mode, that steps through `logic`, a
/// path of deductions on the same problem (items and options numbered as
/// in the recording), and opens in it.
///
/// In that mode Next and Back go from one deduction to the next; the
/// status line says the step in its words; the matrix shows the options
/// still possible, the chosen ones as on the stack, the base items'
/// headers in one colour and the cover items' in another; the board (if
/// any) outlines the cells of the base items (`.cell.base`) and of the
/// cover items (`.cell.cover`), strikes through the candidates the step
/// removes (`.cand.removed`) and marks the digits it places
/// (`.placed.forced`). The root element carries `data-mode` (`logic` or
/// `search`), `data-logic-step` and `data-logic-steps`; a button switches
/// to the search and back.
///
/// # Errors
///
/// As [`page`], and [`PageError::BadLogic`] when `logic` names an item or
/// an option the recording does not have.
///
/// ```
/// use std::ops::ControlFlow;
/// use exactcover::teach::{html, recording::Recorder};
/// use exactcover::Solver;
/// use exactcover::teach::deduction::{Deduction, Deductions};
///
/// let toy = exactcover::problem::classic::knuth_toy();
/// let mut recorder = Recorder::new(&toy);
/// Solver::new(&toy).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
/// let mut step = Deduction::new("set logic", "A's options all cover D");
/// step.base = vec![0];
/// step.cover = vec![3];
/// step.removed = vec![5];
/// step.gone = vec![5];
/// let mut logic = Deductions::new("stuck");
/// logic.steps.push(step);
/// let page = html::logic_page(&recorder.finish()?, &logic, &toy, "Knuth's toy", None)?;
/// assert!(page.contains("A's options all cover D"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn logic_page(
    recording: &Recording,
    logic: &Deductions,
    labels: &impl Labels,
    title: &str,
    board: Option<&Board>,
) -> Result<String, PageError> {
    page_of(recording, Some(logic), labels, title, board)
}

fn page_of(
    recording: &Recording,
    logic: Option<&Deductions>,
    labels: &impl Labels,
    title: &str,
    board: Option<&Board>,
) -> Result<String, PageError> {
    let links = recording.links();
    let (items, options) = (links.item_count(), links.option_count());
    if items > MAX_ITEMS || options > MAX_OPTIONS {
        return Err(PageError::TooLarge { items, options });
    }
    let mut data = recording.to_value(labels);
    data["title"] = Value::from(title);
    if let Some(board) = board {
        check_board(board, items, options)?;
        data["board"] = json!({
            "rows": board.rows,
            "columns": board.columns,
            "regions": board.regions,
            "givens": board.givens,
            "placements": board.placements,
            "itemCells": board.item_cells,
        });
    }
    if let Some(logic) = logic {
        let (item, option) = logic.largest();
        if let Some(i) = item.filter(|&i| i >= items) {
            return Err(PageError::BadLogic(format!("item {i} of {items}")));
        }
        if let Some(o) = option.filter(|&o| o >= options) {
            return Err(PageError::BadLogic(format!("option {o} of {options}")));
        }
        data["logic"] = logic.to_value();
    }
    // Inside <script>, "</" would end the element and "<!--" could put the
    // parser into its "script data escaped" states, which swallow the page's
    // own script: `<`, `>` and `&` occur in the JSON only inside strings,
    // where `\u003c`, `\u003e` and `\u0026` stand for them.
    let data = json_for_script(&data.to_string());
    let mut out = String::with_capacity(data.len() + PAGE_JS.len() + PAGE_CSS.len() + 4096);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<title>");
    escape_into(title, &mut out);
    out.push_str(" \u{2014} dancing links</title>\n<style>\n");
    out.push_str(PAGE_CSS);
    out.push_str("</style>\n</head>\n<body>\n");
    out.push_str(PAGE_BODY);
    out.push_str("<script type=\"application/json\" id=\"recording\">");
    out.push_str(&data);
    out.push_str("</script>\n<script>\n");
    out.push_str(PAGE_JS);
    out.push_str("</script>\n</body>\n</html>\n");
    Ok(out)
}

/// `json` with `<`, `>` and `&` written as JSON's `\u` escapes, so that it
/// can stand inside an HTML `<script>` element whatever its strings hold.
fn json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for ch in json.chars() {
        match ch {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            _ => out.push(ch),
        }
    }
    out
}

fn check_board(board: &Board, items: usize, options: usize) -> Result<(), PageError> {
    let cells = board.rows * board.columns;
    let bad = |why: String| Err(PageError::BadBoard(why));
    if board.regions.len() != cells || board.givens.len() != cells {
        return bad(format!(
            "{cells} cells, but {} regions and {} givens",
            board.regions.len(),
            board.givens.len()
        ));
    }
    if board.placements.len() != options {
        return bad(format!(
            "{options} options, but {} placements",
            board.placements.len()
        ));
    }
    if board.item_cells.len() != items {
        return bad(format!(
            "{items} items, but cells for {}",
            board.item_cells.len()
        ));
    }
    let outside = board
        .placements
        .iter()
        .flatten()
        .map(|(c, _)| *c)
        .chain(board.item_cells.iter().flatten().copied())
        .find(|&c| c >= cells);
    if let Some(c) = outside {
        return bad(format!("cell {c} is outside the {cells} cells"));
    }
    Ok(())
}

const PAGE_CSS: &str = include_str!("html/page.css");
const PAGE_BODY: &str = include_str!("html/body.html");
const PAGE_JS: &str = include_str!("html/page.js");
