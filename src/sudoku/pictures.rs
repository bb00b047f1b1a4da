//! A puzzle's exact cover and its search, drawn and recorded in Sudoku's
//! words (`r1c2=5`, `row 1 has 5`): the matrix left once the givens are
//! chosen, the search tree up to the first solution, and a recording of
//! that search for [`html::page`](crate::teach::html::page) (with
//! [`teaching_board`](crate::sudoku::teaching_board)); and the page of
//! its steps of logic ([`logic_page`]); and all of them as a learner's
//! [`Request`] asks ([`teaching_files`]).

use std::fmt;

use crate::engine::{Budget, Solver};
use crate::problem::{FnLabels, Labels};
use crate::sudoku::board::teaching_board;
use crate::sudoku::hint::SudokuLogic;
use crate::sudoku::residual::{remaining_items, remaining_problem};
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::solver::{SudokuSolver, select_givens};
use crate::sudoku::unique::PuzzleError;
use crate::teach::html::{self, PageError};
use crate::teach::recording::{Recorder, Recording, RecordingError};
use crate::teach::svg::{self, TooLarge};
use crate::teach::tree::{SearchTree, TooManyNodes};

/// The exact-cover matrix left once the givens of `puzzle` are chosen, its
/// first solution highlighted, items and options named by the puzzle's
/// rules, as SVG.
///
/// # Errors
///
/// [`TooLarge`] when the matrix is too large to read (a 4x4 puzzle with a
/// few givens fits; a 9x9 one rarely does).
///
/// ```
/// use exactcover::sudoku::{Grid, matrix_svg};
/// let puzzle: Grid = "1234341221......".parse()?;
/// let svg = matrix_svg(&puzzle)?;
/// assert!(svg.contains("</svg>") && svg.contains("r4c4=1"));
/// let open: Grid = "1...............".parse()?;
/// assert!(matrix_svg(&open).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn matrix_svg<'p>(puzzle: impl Into<RuledGrid<'p>>) -> Result<String, TooLarge> {
    let puzzle = puzzle.into();
    let rules = puzzle.rules();
    // A matrix that does not fit in memory is too large to draw.
    let whole = TooLarge::Matrix {
        items: rules.item_count(),
        options: rules.option_count(),
    };
    let (Ok((problem, options)), Ok(items)) = (remaining_problem(puzzle), remaining_items(puzzle))
    else {
        return Err(whole);
    };
    let labels = FnLabels::new(
        |i: usize| Labels::item(&*rules, items[i]),
        |o: usize| Labels::option(&*rules, options[o]),
    );
    // Checked before the solver is built: a matrix too large to draw may
    // be too large to hold twice.
    if problem.item_count() > svg::MAX_ITEMS || problem.option_count() > svg::MAX_OPTIONS {
        return Err(TooLarge::Matrix {
            items: problem.item_count(),
            options: problem.option_count(),
        });
    }
    let chosen = Solver::try_new(&problem)
        .map_err(|_| whole)?
        .solution()
        .ok()
        .flatten()
        .unwrap_or_default();
    svg::matrix_labelled(&problem, &labels, &chosen)
}

/// The tree of the search for the first solution of `puzzle` (the whole
/// problem, its givens selected), items and options named by its rules,
/// as SVG; at most `max_nodes` nodes.
///
/// # Errors
///
/// [`TooManyNodes`] when the search takes more nodes.
///
/// ```
/// use exactcover::sudoku::{Grid, search_tree_svg};
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let svg = search_tree_svg(&puzzle, 200)?;
/// assert!(svg.contains("</svg>"));
/// assert!(search_tree_svg(&puzzle, 2).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search_tree_svg<'p>(
    puzzle: impl Into<RuledGrid<'p>>,
    max_nodes: usize,
) -> Result<String, TooManyNodes> {
    let puzzle = puzzle.into();
    let rules = puzzle.rules();
    let mut solver = Solver::new(&rules.problem());
    // Givens in conflict leave a search with no solution to draw.
    let _ = select_givens(&mut solver, &rules, puzzle.grid());
    let tree = SearchTree::record_search(&mut solver, &*rules, max_nodes, 1)?;
    Ok(tree.to_svg())
}

/// The recording of the search for the first solution of `puzzle` (the
/// whole problem, its givens selected: items and options numbered by its
/// rules, which also name them), within `max_steps` steps.
///
/// # Errors
///
/// [`RecordingError::TooLong`] when the search takes more steps.
///
/// ```
/// use exactcover::sudoku::{Grid, record_solution, teaching_board};
/// use exactcover::teach::html;
///
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let recording = record_solution(&puzzle, 10_000)?;
/// let rules = exactcover::sudoku::Rules::classic(puzzle.shape());
/// let page = html::page(&recording, &rules, "A 4x4 Sudoku", Some(&teaching_board(&puzzle)))?;
/// assert!(page.contains("A 4x4 Sudoku"));
/// assert!(record_solution(&puzzle, 3).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn record_solution<'p>(
    puzzle: impl Into<RuledGrid<'p>>,
    max_steps: usize,
) -> Result<Recording, RecordingError> {
    let puzzle = puzzle.into();
    let mut recorder = Recorder::new(&puzzle.rules().problem()).with_max_steps(max_steps);
    let mut solver = SudokuSolver::new();
    // Every node is a step: the search stops where the recording would.
    solver.set_budget(Budget::new().with_max_nodes(max_steps as u64));
    let _ = solver.solution_observed(puzzle, &mut recorder);
    recorder.finish()
}

/// Why [`logic_page`] has no page.
#[derive(Debug)]
#[non_exhaustive]
pub enum LogicPageError {
    /// The givens break a rule.
    Puzzle(PuzzleError),
    /// The search the page also replays takes more steps than allowed.
    Recording(RecordingError),
    /// The page cannot show the problem.
    Page(PageError),
}

impl fmt::Display for LogicPageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogicPageError::Puzzle(e) => e.fmt(f),
            LogicPageError::Recording(e) => e.fmt(f),
            LogicPageError::Page(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LogicPageError {}

/// The teaching page of `puzzle` in its logic mode
/// ([`html::logic_page`](crate::teach::html::logic_page)): the steps of
/// logic that solve it ([`SudokuLogic::deductions`], in Sudoku's words),
/// on the board of [`teaching_board`](crate::sudoku::teaching_board), with
/// the search for its first solution (within `max_steps` steps, as
/// [`record_solution`]) a button away.
///
/// # Errors
///
/// [`LogicPageError`]: givens in conflict, a search longer than
/// `max_steps`, or a puzzle too large for a page (a 9x9 fits).
///
/// ```
/// use exactcover::sudoku::{Grid, logic_page};
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let page = logic_page(&puzzle, 10_000)?;
/// assert!(page.contains("\"logic\"") && page.contains("hidden single"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn logic_page<'p>(
    puzzle: impl Into<RuledGrid<'p>>,
    max_steps: usize,
) -> Result<String, LogicPageError> {
    let puzzle = puzzle.into();
    let path = SudokuLogic::new(puzzle)
        .map_err(LogicPageError::Puzzle)?
        .deductions();
    let recording = record_solution(puzzle, max_steps).map_err(LogicPageError::Recording)?;
    let board = teaching_board(puzzle);
    let title = format!("Sudoku {}: the steps of logic", puzzle.grid());
    html::logic_page(&recording, &path, &*puzzle.rules(), &title, Some(&board))
        .map_err(LogicPageError::Page)
}
