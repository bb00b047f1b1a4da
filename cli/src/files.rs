//! The files a learner asks for of one search ([`Request`]): the matrix
//! and the search tree as SVG, the page that replays the search, and its
//! recording as JSON; each made as its content, or as why it has none
//! ([`NotMade`]), for the caller to write where it was asked.
//!
//! A domain draws its own problem through the same request: it names its
//! items and options, and may add a [`Board`] to the page.

use std::fmt;

use exactcover::Problem;
use exactcover::problem::Labels;
use exactcover::sudoku::{
    RuledGrid, logic_page, matrix_svg, record_solution, search_tree_svg, teaching_board,
};
use exactcover::teach::html::{self, Board};
use exactcover::teach::recording::{Recording, RecordingError, record_search};
use exactcover::teach::svg;

/// The most nodes a search tree is drawn with: a larger tree is refused.
pub const TREE_NODES: usize = 200;

/// The most steps a recording may be asked to keep: a page of more cannot
/// be stepped through by a person, and its recording would take gigabytes.
pub const MAX_STEPS: usize = 1_000_000;

/// One file a learner may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum File {
    /// The exact-cover matrix, a solution highlighted, as SVG.
    Matrix,
    /// The search tree, as SVG.
    Tree,
    /// The interactive page that replays the search, as HTML.
    Page,
    /// The recording of the search, every step, as JSON.
    Steps,
}

/// Why a file asked for has no content.
#[derive(Debug)]
#[non_exhaustive]
pub enum NotMade {
    /// Its picture or page could not be drawn: the drawing's own error
    /// (too large, too many nodes, a page that cannot show the problem).
    NotDrawn(Box<dyn std::error::Error + Send + Sync>),
    /// The search it needs could not be recorded (too long).
    NotRecorded(RecordingError),
}

impl fmt::Display for NotMade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotMade::NotDrawn(why) => write!(f, "not drawn: {why}"),
            NotMade::NotRecorded(e) => write!(f, "not written: {e}"),
        }
    }
}

impl std::error::Error for NotMade {}

/// A file's content, or why it has none.
pub type Made = Result<String, NotMade>;

/// The files asked for of one search, and the most steps a recording keeps.
///
/// ```
/// use exactcover::problem::classic::knuth_toy;
/// use exactcover_cli::files::{File, Request};
/// use exactcover::teach::recording::record_search;
///
/// let problem = knuth_toy(); // TAOCP 7.2.2.1, (6)
/// let request = Request { matrix: true, steps: true, ..Request::default() };
/// let mut drawn = Vec::new();
/// request.draw(&problem, &problem, &[0, 3, 4], &mut |file, made| drawn.push((file, made)));
/// assert_eq!(drawn.len(), 1);
/// assert_eq!(drawn[0].0, File::Matrix);
/// assert!(drawn[0].1.as_ref().is_ok_and(|svg| svg.contains("</svg>")));
/// // A recording of at most 3 steps: the search takes more.
/// let mut recorded = Vec::new();
/// let recording = record_search(&problem, u64::MAX, 3);
/// request.record(recording, &problem, "toy", None, &mut |file, made| recorded.push((file, made)));
/// assert_eq!(recorded.len(), 1);
/// assert_eq!(recorded[0].0, File::Steps);
/// let said = recorded[0].1.as_ref().unwrap_err().to_string();
/// assert!(said.starts_with("not written: the search takes more than 3 steps to record"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// The matrix ([`File::Matrix`]).
    pub matrix: bool,
    /// The search tree ([`File::Tree`]).
    pub tree: bool,
    /// The page ([`File::Page`]).
    pub page: bool,
    /// The recording ([`File::Steps`]).
    pub steps: bool,
    /// The most steps the page and the recording keep.
    pub max_steps: usize,
}

impl Default for Request {
    /// Nothing asked; recordings of at most 100,000 steps.
    fn default() -> Request {
        Request {
            matrix: false,
            tree: false,
            page: false,
            steps: false,
            max_steps: 100_000,
        }
    }
}

impl Request {
    /// Whether anything is asked.
    #[must_use]
    pub fn any(&self) -> bool {
        self.matrix || self.tree || self.wants_recording()
    }

    /// Whether the page or the recording is asked: both need the search
    /// recorded.
    #[must_use]
    pub fn wants_recording(&self) -> bool {
        self.page || self.steps
    }

    /// The matrix and the tree asked for of `problem`, items and options
    /// named by `labels`, the options `chosen` highlighted in the matrix;
    /// in that order, each handed to `each` as soon as it is made.
    pub fn draw(
        &self,
        problem: &Problem,
        labels: &impl Labels,
        chosen: &[usize],
        each: &mut impl FnMut(File, Made),
    ) {
        if self.matrix {
            each(File::Matrix, matrix(problem, labels, chosen));
        }
        if self.tree {
            each(File::Tree, tree(problem));
        }
    }

    /// Every file asked for of the search that lists the solutions of
    /// `problem` up to `limit` (as `cover` runs it): the matrix with the
    /// options `chosen` highlighted, the whole search tree, then the
    /// recording and the page of that search, titled `title`; in that order,
    /// each handed to `each` as soon as it is made (the pictures before the
    /// search is recorded, one file's text at a time).
    ///
    /// ```
    /// use exactcover::problem::classic::knuth_toy;
    /// use exactcover_cli::files::{File, Request};
    ///
    /// let problem = knuth_toy();
    /// let request = Request { tree: true, steps: true, ..Request::default() };
    /// let mut made = Vec::new();
    /// request.of_search(&problem, &[], u64::MAX, "toy", &mut |file, made_| {
    ///     made.push((file, made_))
    /// });
    /// let files: Vec<&File> = made.iter().map(|(file, _)| file).collect();
    /// assert_eq!(files, [&File::Tree, &File::Steps]);
    /// let steps = made[1].1.as_ref().expect("a small search is recorded");
    /// assert!(steps.starts_with('{') && steps.contains("\"steps\""));
    /// ```
    pub fn of_search(
        &self,
        problem: &Problem,
        chosen: &[usize],
        limit: u64,
        title: &str,
        each: &mut impl FnMut(File, Made),
    ) {
        self.draw(problem, problem, chosen, each);
        if self.wants_recording() {
            let recording = record_search(problem, limit, self.max_steps);
            self.record(recording, problem, title, None, each);
        }
    }

    /// The recording and the page asked for, of `recording` (or why it was
    /// not made), items and options named by `labels`, the page titled
    /// `title`, with `board` beside its matrix; in that order, each handed
    /// to `each` as soon as it is made.
    pub fn record(
        &self,
        recording: Result<Recording, RecordingError>,
        labels: &impl Labels,
        title: &str,
        board: Option<&Board>,
        each: &mut impl FnMut(File, Made),
    ) {
        let asked = [(self.steps, File::Steps), (self.page, File::Page)];
        let asked = asked
            .into_iter()
            .filter_map(|(on, file)| on.then_some(file));
        for file in asked {
            let made = match &recording {
                Err(e) => Err(NotMade::NotRecorded(e.clone())),
                Ok(recording) if file == File::Steps => Ok(recording.to_json(labels)),
                Ok(recording) => drawn(html::page(recording, labels, title, board)),
            };
            each(file, made);
        }
    }
}

/// The matrix of `problem`, items and options named by `labels`, the
/// options `chosen` highlighted, as SVG.
///
/// # Errors
/// [`NotMade::NotDrawn`] when it is too large to read.
pub fn matrix(problem: &Problem, labels: &impl Labels, chosen: &[usize]) -> Made {
    drawn(svg::matrix_labelled(problem, labels, chosen))
}

/// The whole search tree of `problem`, as SVG.
///
/// # Errors
/// [`NotMade::NotDrawn`] past [`TREE_NODES`] nodes.
pub fn tree(problem: &Problem) -> Made {
    drawn(svg::search_tree(problem, TREE_NODES))
}

/// `content`, its error said as a picture not drawn.
///
/// # Errors
/// [`NotMade::NotDrawn`] for `content`'s error.
pub fn drawn<E>(content: Result<String, E>) -> Made
where
    E: std::error::Error + Send + Sync + 'static,
{
    content.map_err(|e| NotMade::NotDrawn(Box::new(e)))
}

/// Why a number of steps cannot be the most a recording keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MaxStepsError {
    /// Not a whole number: the text.
    NotANumber(String),
    /// More than [`MAX_STEPS`]: the number.
    TooMany(usize),
}

impl fmt::Display for MaxStepsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaxStepsError::NotANumber(s) => write!(f, "'{s}' is not a whole number of steps"),
            MaxStepsError::TooMany(n) => write!(
                f,
                "{n} steps are more than a page can show: at most {MAX_STEPS} (record a smaller search: a smaller problem, or --limit)"
            ),
        }
    }
}

impl std::error::Error for MaxStepsError {}

/// The most steps a recording keeps, as a person typed it: a whole number
/// of at most [`MAX_STEPS`].
///
/// # Errors
/// [`MaxStepsError`] for anything else.
///
/// ```
/// use exactcover_cli::files::{MaxStepsError, parse_max_steps};
/// assert_eq!(parse_max_steps(" 500 "), Ok(500));
/// assert_eq!(parse_max_steps("many"), Err(MaxStepsError::NotANumber("many".into())));
/// assert_eq!(parse_max_steps("1000001"), Err(MaxStepsError::TooMany(1_000_001)));
/// ```
pub fn parse_max_steps(s: &str) -> Result<usize, MaxStepsError> {
    let n: usize = s
        .trim()
        .parse()
        .map_err(|_| MaxStepsError::NotANumber(s.to_string()))?;
    if n > MAX_STEPS {
        return Err(MaxStepsError::TooMany(n));
    }
    Ok(n)
}

/// The files `request` asks for of `puzzle`, in order: its matrix
/// ([`matrix_svg`]), its search tree ([`search_tree_svg`], at most
/// [`TREE_NODES`] nodes), then its recording and page
/// ([`record_solution`], titled `Sudoku` and the puzzle, with its
/// [`teaching_board`]); with `logic`, the page of its steps of logic
/// ([`logic_page`]) instead, and no recording. Each is handed to `each`
/// as soon as it is made.
///
/// ```
/// use exactcover::sudoku::Grid;
/// use exactcover_cli::files::{File, Request, teaching_files};
///
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let request = Request { tree: true, page: true, steps: true, ..Request::default() };
/// let files_of = |logic| {
///     let mut made = Vec::new();
///     teaching_files(&request, &puzzle, logic, &mut |file, made_| made.push((file, made_)));
///     made
/// };
/// let made = files_of(false);
/// let files: Vec<File> = made.iter().map(|(file, _)| *file).collect();
/// assert_eq!(files, [File::Tree, File::Steps, File::Page]);
/// assert!(made[2].1.as_ref().is_ok_and(|page| page.contains("Sudoku 1.3..4..2......1")));
/// // The page of the steps of logic, and no recording.
/// let made = files_of(true);
/// assert_eq!(made.len(), 2);
/// assert_eq!(made[1].0, File::Page);
/// assert!(made[1].1.as_ref().is_ok_and(|page| page.contains("hidden single")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn teaching_files<'p>(
    request: &Request,
    puzzle: impl Into<RuledGrid<'p>>,
    logic: bool,
    each: &mut impl FnMut(File, Made),
) {
    let puzzle = puzzle.into();
    if request.matrix {
        each(File::Matrix, drawn(matrix_svg(puzzle)));
    }
    if request.tree {
        each(File::Tree, drawn(search_tree_svg(puzzle, TREE_NODES)));
    }
    if logic {
        if request.page {
            let page = logic_page(puzzle, request.max_steps);
            each(File::Page, drawn(page));
        }
    } else if request.wants_recording() {
        let recording = record_solution(puzzle, request.max_steps);
        let title = format!("Sudoku {}", puzzle.grid());
        let board = teaching_board(puzzle);
        request.record(recording, &*puzzle.rules(), &title, Some(&board), each);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use exactcover::teach::recording::record_search;

    /// Four queens: two solutions, a tree of a few nodes.
    fn queens() -> Problem {
        exactcover::problem::classic::queens(4)
    }

    /// The files `make` hands over, in order.
    fn collected(make: impl FnOnce(&mut dyn FnMut(File, Made))) -> Vec<(File, Made)> {
        let mut made = Vec::new();
        make(&mut |file, content| made.push((file, content)));
        made
    }

    #[test]
    fn each_file_asked_is_made_in_order() {
        let problem = queens();
        let request = Request {
            matrix: true,
            tree: true,
            page: true,
            steps: true,
            max_steps: 1000,
        };
        let drawn = collected(|each| request.draw(&problem, &problem, &[], &mut |f, m| each(f, m)));
        let files: Vec<File> = drawn.iter().map(|(file, _)| *file).collect();
        assert_eq!(files, [File::Matrix, File::Tree]);
        assert!(drawn.iter().all(|(_, made)| made.is_ok()));
        let recording = record_search(&problem, u64::MAX, request.max_steps);
        let recorded = collected(|each| {
            request.record(recording, &problem, "Four queens", None, &mut |f, m| {
                each(f, m)
            })
        });
        let files: Vec<File> = recorded.iter().map(|(file, _)| *file).collect();
        assert_eq!(files, [File::Steps, File::Page]);
        let json = recorded[0].1.as_ref().expect("recorded");
        assert!(json.starts_with('{'), "{json}");
        let page = recorded[1].1.as_ref().expect("drawn");
        assert!(page.contains("Four queens"));
        let none = collected(|each| {
            Request::default().draw(&problem, &problem, &[], &mut |f, m| each(f, m))
        });
        assert!(none.is_empty());
        assert!(!Request::default().any() && request.any());
    }

    #[test]
    fn a_search_too_long_says_so_for_each_file_it_needs() {
        let problem = queens();
        let request = Request {
            page: true,
            steps: true,
            max_steps: 2,
            ..Request::default()
        };
        let recording = record_search(&problem, u64::MAX, 2);
        let recorded =
            collected(|each| request.record(recording, &problem, "", None, &mut |f, m| each(f, m)));
        assert_eq!(recorded.len(), 2);
        for (_, made) in &recorded {
            let said = made.as_ref().expect_err("too long").to_string();
            assert!(said.starts_with("not written: the search takes more than 2 steps"));
        }
    }

    #[test]
    fn a_tree_too_large_is_not_drawn() {
        let not = tree(&exactcover::problem::classic::queens(8)).expect_err("too many nodes");
        assert!(not.to_string().starts_with("not drawn: "), "{not}");
        // The drawing's own error, kept.
        match not {
            NotMade::NotDrawn(e) => assert!(e.is::<svg::TooLarge>(), "{e}"),
            other => panic!("{other}"),
        }
    }
}
