//! The answer to one puzzle of a batch, as a command line words it.
//!
//! A [`Task`] says what is asked of each puzzle (solve, count, grade,
//! minimize, the steps of logic); [`reply`] answers one [`Entry`] and
//! words the answer as a [`Reply`]: the text of its line (a solution, a
//! count with `+` at a limit and `?` when interrupted, a grade, a word such
//! as `invalid`, `unsolvable`, `not-unique`, `timeout` or `failed`), the
//! message for standard error, and whether it fails the batch. The words
//! are the command line's (`docs/cli.md`), kept here so that a program that
//! answers puzzles writes the same lines.
//!
//! Around it: [`Replier`] answers the puzzles of a batch with one task,
//! budget and wording (a traced search included); [`Batch`] answers whole
//! inputs in order through a [`Host`], and says the exit status; [`Setup`]
//! makes the batch a command line asks for.
//!
//! ```
//! use exactcover::Budget;
//! use exactcover_cli::sudoku_reply::{self, Output, Task, Wording};
//! use exactcover::sudoku::{Layout, Puzzles, Reader};
//!
//! let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
//! let mut puzzles = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line);
//! let entry = puzzles.next().expect("a puzzle")?;
//! let task = Task::Count { limit: None };
//! let answer = sudoku_reply::reply(task, &entry, &Budget::new(), 1, &Wording::new());
//! assert!(matches!(answer.output, Output::Text(ref line) if line == "1\n"));
//! assert!(!answer.failed && answer.message.is_none());
//! # Ok::<(), std::io::Error>(())
//! ```

mod batch;
mod replier;
mod setup;

pub use batch::{Batch, CHUNK, Host};
pub use replier::Replier;
pub use setup::Setup;

use std::cell::RefCell;
use std::sync::Arc;

use serde_json::{Value, json};

use crate::util::json::{self as json_line, Fields};

use exactcover::engine::{ArenaError, Memo, describe_estimate};
use exactcover::sudoku::{
    Advice, Answer, Answerer, Ending, Entry, EntryError, Grid, GridError, Hint, MemoAnswer,
    Outcome, Place, PuzzleError, Question, Rating, RuledGrid, Rules, Second, SudokuLogic,
    Unsolvable, grade, minimize, rate,
};
use exactcover::{Budget, Interruption, SearchEnd, Stats};

thread_local! {
    /// Each worker thread's answerer, kept for the whole run.
    static ANSWERER: RefCell<Answerer> = RefCell::new(Answerer::new());
}

/// How replies are worded, beyond their task: whether a grid follows each
/// answer line as a block, and how a stopped search's reason is said.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Wording {
    /// After each answer line, the grid as a block (`--pretty`), with the
    /// regions of a jigsaw.
    pub pretty: bool,
    /// Why a search stopped, in words: by default the [`Interruption`]'s
    /// own; a command line that cancels searches on a signal names the
    /// signal instead.
    pub reason: fn(Interruption) -> String,
    /// One JSON object per puzzle (`--json`): [`Output::Json`] in place of
    /// text, with the same verdict words (docs/json.md).
    pub json: bool,
}

impl Default for Wording {
    fn default() -> Wording {
        Wording::new()
    }
}

impl Wording {
    /// No grid after the answers; reasons as [`Interruption`] says them.
    #[must_use]
    pub fn new() -> Wording {
        Wording {
            pretty: false,
            reason: |why| why.to_string(),
            json: false,
        }
    }

    /// With (or without) one JSON object per puzzle instead of text.
    #[must_use]
    pub fn with_json(mut self, json: bool) -> Wording {
        self.json = json;
        self
    }

    /// With (or without) the grid as a block after each answer line.
    #[must_use]
    pub fn with_pretty(mut self, pretty: bool) -> Wording {
        self.pretty = pretty;
        self
    }

    /// With `reason` saying why a search stopped.
    #[must_use]
    pub fn with_reason(mut self, reason: fn(Interruption) -> String) -> Wording {
        self.reason = reason;
        self
    }
}

/// What `solve` does about other solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Print the first solution found (`--first`, and with `--trace`).
    None,
    /// Look for a second one: print the first, with a note when there is
    /// another (the default).
    Note,
    /// Print only a unique solution, else `not-unique` (`--unique`).
    Unique,
}

/// What is asked of each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// `solve`: a solution, checked for a second as [`Check`] says.
    Solve(Check),
    /// `count`: the solutions, up to `limit` (printed `N+` there).
    Count {
        /// The count stops here.
        limit: Option<u64>,
    },
    /// `grade`: the logic rating, or with `search` the search statistic.
    Grade {
        /// Also the hardest technique, the steps and chains (or the
        /// singles and nodes of the searches).
        explain: bool,
        /// The search statistic instead of the logic rating.
        search: bool,
    },
    /// `minimize`: the puzzle with clues taken away while it stays unique.
    Minimize {
        /// The seed of the order clues are tried in.
        seed: u64,
    },
    /// `hint` (the next step) or, with `all`, `explain` (every step; with
    /// `trace`, as a trace).
    Logic {
        /// One JSON object a line instead of sentences.
        json: bool,
        /// Every step, then how it ended.
        all: bool,
        /// Every step as the library's trace (`Deductions::trace`); the
        /// trace is text, so it wins over `json`.
        trace: bool,
    },
}

impl Task {
    /// The question the answerer is asked, for `solve` and `count`.
    fn question(self) -> Option<Question> {
        match self {
            Task::Solve(Check::None) => Some(Question::Solve),
            Task::Solve(_) => Some(Question::SolveUnique),
            Task::Count { limit } => Some(Question::Count { limit }),
            Task::Grade { .. } | Task::Minimize { .. } | Task::Logic { .. } => None,
        }
    }

    /// Whether the work for one puzzle is many searches (a timeout then
    /// bounds them all).
    #[must_use]
    pub fn many_searches(self) -> bool {
        matches!(self, Task::Grade { .. } | Task::Minimize { .. })
    }
}

/// What is printed for one puzzle.
#[derive(Debug)]
#[non_exhaustive]
pub struct Reply {
    /// The statistics of its search (zero when there was none).
    pub stats: Stats,
    /// The output.
    pub output: Output,
    /// The message for standard error, if any.
    pub message: Option<String>,
    /// Whether this puzzle makes the exit status 1.
    pub failed: bool,
    /// Whether a signal stopped its search (the batch then ends with it).
    pub cancelled: bool,
}

/// The output of one puzzle.
#[derive(Debug)]
pub enum Output {
    /// Lines, each ending with a line end.
    Text(String),
    /// A puzzle (`minimize`), written in the layout it was read in.
    Puzzle(Grid),
    /// The fields of the puzzle's JSON object (`--json`), after the
    /// input's name and line, which the batch adds.
    Json(Fields),
}

impl Reply {
    /// The reply `word` (a failure), with its message.
    #[must_use]
    pub fn failed(word: &str, message: String) -> Reply {
        Reply {
            stats: Stats::default(),
            output: Output::Text(format!("{word}\n")),
            message: Some(message),
            failed: true,
            cancelled: false,
        }
    }

    /// The reply `invalid`, with its message.
    #[must_use]
    pub fn invalid(message: String) -> Reply {
        Reply::failed("invalid", message)
    }

    /// Adds Knuth's estimate of the part of the tree walked to the message
    /// of a count that a signal stopped.
    pub fn add_estimate(&mut self, fraction: f64) {
        if let Some(message) = &mut self.message {
            message.push_str(&format!(
                ", {}",
                describe_estimate(fraction, "the search tree")
            ));
        }
    }

    fn json(fields: Fields) -> Reply {
        Reply {
            stats: Stats::default(),
            output: Output::Json(fields),
            message: None,
            failed: false,
            cancelled: false,
        }
    }

    fn text(stats: Stats, text: String) -> Reply {
        Reply {
            stats,
            output: Output::Text(text),
            message: None,
            failed: false,
            cancelled: false,
        }
    }
}

/// What a batch has answered: the puzzles and the totals of their
/// searches' statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Totals {
    /// The puzzles answered.
    pub puzzles: u64,
    /// Their searches' statistics, added up.
    pub stats: Stats,
}

impl Totals {
    /// Adds the puzzle of `reply`.
    pub fn add(&mut self, reply: &Reply) {
        self.puzzles += 1;
        self.stats += reply.stats;
    }

    /// The totals for people, as a command's `--stats` shows them after
    /// `time` on `jobs` threads: puzzles, nodes and updates (each also per
    /// puzzle), and the time (per puzzle in microseconds).
    ///
    /// ```
    /// use std::time::Duration;
    /// use exactcover_cli::sudoku_reply::Totals;
    ///
    /// let text = Totals::default().describe(Duration::from_millis(1500), 1);
    /// assert_eq!(
    ///     text,
    ///     "puzzles: 0\nnodes: 0 (0.0 per puzzle)\nupdates: 0 (0.0 per puzzle)\n\
    ///      time: 1.500 s (0.0 µs per puzzle, 1 thread)"
    /// );
    /// ```
    #[must_use]
    pub fn describe(&self, time: std::time::Duration, jobs: usize) -> String {
        let time = time.as_secs_f64();
        let puzzles = self.puzzles;
        let per = |x: f64| {
            if puzzles == 0 {
                0.0
            } else {
                x / puzzles as f64
            }
        };
        format!(
            "puzzles: {puzzles}\nnodes: {} ({:.1} per puzzle)\nupdates: {} ({:.1} per puzzle)\ntime: {time:.3} s ({:.1} µs per puzzle, {jobs} thread{})",
            self.stats.nodes,
            per(self.stats.nodes as f64),
            self.stats.updates,
            per(self.stats.updates as f64),
            per(time * 1e6),
            if jobs == 1 { "" } else { "s" },
        )
    }
}

/// Answers `task` about the puzzle of `entry` on this thread (a count on
/// `threads` threads, with the `parallel` feature), worded as `wording`
/// says. Each thread keeps one [`Answerer`] for all its replies.
#[must_use]
pub fn reply(
    task: Task,
    entry: &Entry,
    budget: &Budget,
    threads: usize,
    wording: &Wording,
) -> Reply {
    let puzzle = match entry.puzzle() {
        Ok(puzzle) => puzzle,
        Err(e) => return Reply::invalid(e.to_string()),
    };
    match task {
        Task::Grade { explain, search } => {
            if search {
                search_graded(puzzle, budget, explain, wording.json)
            } else {
                rated(puzzle, budget, explain, wording.json)
            }
        }
        Task::Logic { json, all, trace } => logic_reply(puzzle, json, all, trace),
        Task::Minimize { seed } => match minimize(puzzle, seed, budget) {
            Ok(grid) => Reply {
                stats: Stats::default(),
                output: Output::Puzzle(grid),
                message: None,
                failed: false,
                cancelled: false,
            },
            Err(e) => Reply::failed(word(&e), sentence(&e)),
        },
        _ => ANSWERER.with(|cell| {
            let answerer = &mut *cell.borrow_mut();
            answerer.set_budget(budget.clone()); // reference counts, no allocation
            let question = task.question().unwrap_or(Question::Solve);
            let answer = if threads > 1 {
                answerer.answer_on_threads(puzzle, question, threads)
            } else {
                // A matrix this thread cannot have is an error line.
                answerer
                    .build_for(puzzle)
                    .map(|()| answerer.answer(puzzle, question))
            };
            match answer {
                Ok(answer) => answered(answer, puzzle, entry.rules.as_ref(), task, wording),
                Err(e) => no_memory(e),
            }
        }),
    }
}

/// Counts the puzzle of `entry` by Algorithm Z with `memo` (`count
/// --memo`), up to `limit`, on this thread.
#[must_use]
pub fn memo_reply(
    entry: &Entry,
    budget: &Budget,
    memo: &Memo,
    limit: Option<u128>,
    wording: &Wording,
) -> Reply {
    let puzzle = match entry.puzzle() {
        Ok(puzzle) => puzzle,
        Err(e) => return Reply::invalid(e.to_string()),
    };
    ANSWERER.with(|cell| {
        let answerer = &mut *cell.borrow_mut();
        answerer.set_budget(budget.clone()); // reference counts, no allocation
        if let Err(e) = answerer.build_for(puzzle) {
            return no_memory(e);
        }
        memo_answered(
            answerer.count_memo(puzzle, limit, memo),
            puzzle.grid(),
            wording,
        )
    })
}

/// The reply for a puzzle whose matrix could not be allocated: `failed`,
/// and why.
fn no_memory(e: ArenaError) -> Reply {
    Reply::failed("failed", format!("no answer: {e}"))
}

/// The reply of a memo count.
fn memo_answered(answer: MemoAnswer, puzzle: &Grid, wording: &Wording) -> Reply {
    let stats = answer.stats;
    let count = match answer.count {
        Ok(count) => count,
        Err(e) => return Reply::failed("overflow", format!("no count: {e}")),
    };
    let cancelled = count.end == SearchEnd::Interrupted(Interruption::Cancelled);
    let (message, failed) = count_message(count.end, stats.nodes, answer.why_none, wording);
    if wording.json {
        return Reply {
            stats,
            output: Output::Json(count_fields(count.solutions, count.end, answer.why_none)),
            message,
            failed,
            cancelled,
        };
    }
    let mut text = count.to_string() + "\n";
    if wording.pretty {
        text.push_str(&format!("{puzzle:#}\n"));
    }
    Reply {
        stats,
        output: Output::Text(text),
        message,
        failed,
        cancelled,
    }
}

/// The reply of `grade`: the logic score on Sudoku Explainer's scale and
/// its level, e.g. `7.1 diabolical`; with `explain`, the hardest technique,
/// how many steps are that hard, the steps, the chain lengths and, for a
/// puzzle logic leaves unsolved, the search's nodes for the rest.
fn rated(puzzle: RuledGrid<'_>, budget: &Budget, explain: bool, as_json: bool) -> Reply {
    match rate(puzzle, budget) {
        Ok(r) if as_json => Reply::json(rating_fields(&r)),
        Ok(r) => Reply::text(Stats::default(), rating_line(&r, explain)),
        Err(e) => Reply::failed(word(&e), sentence(&e)),
    }
}

/// The line of a rating: `SCORE LEVEL`, then with `explain`
/// `hardest="NAME" count=N steps=S chains=L,L,...` (`-` when none,
/// `hardest=none` when the givens fill the grid) and `nodes=N` when the
/// search finished what logic left.
fn rating_line(r: &Rating, explain: bool) -> String {
    let mut line = format!("{:.1} {}", r.score, r.level);
    if explain {
        let hardest = r
            .hardest
            .map_or_else(|| "none".to_string(), |t| format!("\"{t}\""));
        let chains = if r.chains.is_empty() {
            "-".to_string()
        } else {
            let lengths: Vec<String> = r.chains.iter().map(usize::to_string).collect();
            lengths.join(",")
        };
        line.push_str(&format!(
            " hardest={hardest} difficulty={:.1} count={} steps={} chains={chains}",
            r.hardest_difficulty, r.hardest_count, r.steps
        ));
        if let Some(stats) = &r.search {
            line.push_str(&format!(" nodes={}", stats.nodes));
        }
    }
    line.push('\n');
    line
}

/// A number as the text prints it with `decimals`, for JSON.
fn rounded(x: f64, decimals: usize) -> Value {
    format!("{x:.decimals$}")
        .parse::<f64>()
        .map_or(Value::Null, Value::from)
}

/// A rating with `--json`: every field `--explain` prints, always.
fn rating_fields(r: &Rating) -> Fields {
    vec![
        ("verdict", "unique".into()),
        ("score", rounded(r.score, 1)),
        ("level", r.level.to_string().into()),
        ("hardest", r.hardest.map(|t| t.to_string()).into()),
        ("hardest_difficulty", rounded(r.hardest_difficulty, 1)),
        ("hardest_count", r.hardest_count.into()),
        ("steps", r.steps.into()),
        ("chains", r.chains.clone().into()),
        ("nodes", r.search.map(|s| s.nodes).into()),
    ]
}

/// The reply of `grade --search`: the search statistic (mean guesses).
fn search_graded(puzzle: RuledGrid<'_>, budget: &Budget, explain: bool, as_json: bool) -> Reply {
    let g = match grade(puzzle, budget) {
        Ok(g) => g,
        Err(e) => return Reply::failed(word(&e), sentence(&e)),
    };
    if as_json {
        return Reply::json(vec![
            ("verdict", "unique".into()),
            ("guesses", rounded(g.guesses, 3)),
            ("level", g.level.to_string().into()),
            ("naked_singles", rounded(g.naked_singles, 1)),
            ("hidden_singles", rounded(g.hidden_singles, 1)),
            ("nodes", rounded(g.nodes, 1)),
            ("seeds", g.seeds.into()),
        ]);
    }
    let mut line = format!("{:.3} {}", g.guesses, g.level);
    if explain {
        line.push_str(&format!(
            " naked-singles={:.1} hidden-singles={:.1} nodes={:.1} seeds={}",
            g.naked_singles, g.hidden_singles, g.nodes, g.seeds
        ));
    }
    line.push('\n');
    Reply::text(Stats::default(), line)
}

/// The sentence for standard error of a puzzle with no solution whose
/// givens do not clash (`unsolvable`), the same for every command.
pub const NO_SOLUTION: &str = "unsolvable: the puzzle has no solution";

/// The note of `solve` on a puzzle with several solutions, one of which it
/// prints.
pub const NOTE_SEVERAL: &str = "note: the puzzle has several solutions; this is one of them \
     (--unique prints not-unique instead)";

/// The sentence for standard error of a puzzle with several solutions
/// (`not-unique`), the same for every command.
pub const SEVERAL: &str = "not unique: the puzzle has several solutions";

/// The sentence for standard error of a puzzle that has no solution for
/// `why`: `invalid: conflicting givens: ...` when two givens clash (the
/// puzzle is invalid), else `unsolvable: why`. Every puzzle command says
/// the same of the same puzzle (`count` too, beside its `0`).
#[must_use]
pub fn unsolvable_sentence(why: &Unsolvable) -> String {
    match why {
        Unsolvable::Conflict(conflict) => format!("invalid: {conflict}"),
        other => format!("unsolvable: {other}"),
    }
}

/// The word `solve` prints for a puzzle that has no solution for `why`:
/// `invalid` when two givens clash, else `unsolvable`.
#[must_use]
pub fn unsolvable_word(why: &Unsolvable) -> &'static str {
    match why {
        Unsolvable::Conflict(_) => "invalid",
        _ => "unsolvable",
    }
}

/// The sentence for standard error of an error of `grade`, `minimize`,
/// `hint` and `explain`, in the words `solve` uses for the same verdict.
#[must_use]
pub fn sentence(e: &PuzzleError) -> String {
    match e {
        PuzzleError::Unsolvable => NO_SOLUTION.to_string(),
        PuzzleError::NotUnique => SEVERAL.to_string(),
        other => other.to_string(),
    }
}

/// The word `grade` and `minimize` print for an error.
#[must_use]
pub fn word(e: &PuzzleError) -> &'static str {
    match e {
        PuzzleError::Conflict(_) => "invalid",
        PuzzleError::Unsolvable => "unsolvable",
        PuzzleError::NotUnique => "not-unique",
        PuzzleError::Interrupted(_) => "timeout",
        // A kind of error a later library may add.
        _ => "failed",
    }
}

/// The reply of `answer` about `puzzle` (under `rules`, to draw a
/// jigsaw's regions), for `solve` and `count`.
#[must_use]
pub fn answered(
    answer: Answer<'_>,
    puzzle: RuledGrid<'_>,
    rules: Option<&Arc<Rules>>,
    task: Task,
    wording: &Wording,
) -> Reply {
    let stats = answer.stats;
    let cancelled = match &answer.outcome {
        Outcome::Interrupted(stop) => stop.reason == Interruption::Cancelled,
        Outcome::Count { count, .. } => {
            count.end == SearchEnd::Interrupted(Interruption::Cancelled)
        }
        _ => false,
    };
    if wording.json {
        return answered_json(&answer, task, wording, cancelled);
    }
    let failed = |text: &str| Reply {
        stats,
        output: Output::Text(text.into()),
        message: Some(answer.to_string()),
        failed: true,
        cancelled,
    };
    let (line, grid, message, failed) = match &answer.outcome {
        Outcome::Solution(solution) => match solved(answer.second, task) {
            Ok(message) => (solution.to_string(), *solution, message, false),
            Err((word, message)) => {
                let mut reply = failed(word);
                reply.message = Some(message);
                return reply;
            }
        },
        Outcome::Unsolvable(why) => {
            let mut reply = failed(&format!("{}\n", unsolvable_word(why)));
            reply.message = Some(unsolvable_sentence(why));
            return reply;
        }
        Outcome::Interrupted(_) => return failed("timeout\n"),
        Outcome::Count { count, why_none } => {
            let (message, failed) = count_message(count.end, stats.nodes, *why_none, wording);
            (count.to_string(), puzzle.grid(), message, failed)
        }
    };
    let mut text = line + "\n";
    if wording.pretty {
        // A jigsaw's lines follow its regions.
        let drawn = rules.and_then(|rules| RuledGrid::new(rules, grid).ok());
        match drawn {
            Some(ruled) => text.push_str(&format!("{ruled:#}")),
            None => text.push_str(&format!("{grid:#}")),
        }
        text.push('\n');
    }
    Reply {
        stats,
        output: Output::Text(text),
        message,
        failed,
        cancelled,
    }
}

/// [`answered`] with `--json`: the verdict, and the solution or count.
fn answered_json(answer: &Answer<'_>, task: Task, wording: &Wording, cancelled: bool) -> Reply {
    let stats = answer.stats;
    let (fields, message, failed): (Fields, _, _) = match &answer.outcome {
        Outcome::Solution(solution) => match solved(answer.second, task) {
            Ok(message) => {
                let verdict = match answer.second {
                    Some(Second::Absent) => "unique",
                    Some(Second::Found) => "not-unique",
                    // --first, or a budget that stopped the look for a second.
                    _ => "solved",
                };
                let solution = Value::from(solution.to_string());
                let fields = vec![("verdict", verdict.into()), ("solution", solution)];
                (fields, message, false)
            }
            Err((word, message)) => (vec![("verdict", word.trim().into())], Some(message), true),
        },
        Outcome::Unsolvable(why) => (
            vec![("verdict", unsolvable_word(why).into())],
            Some(unsolvable_sentence(why)),
            true,
        ),
        Outcome::Interrupted(_) => (
            vec![("verdict", "timeout".into())],
            Some(answer.to_string()),
            true,
        ),
        Outcome::Count { count, why_none } => {
            let (message, failed) = count_message(count.end, stats.nodes, *why_none, wording);
            let fields = count_fields(u128::from(count.solutions), count.end, *why_none);
            (fields, message, failed)
        }
    };
    Reply {
        stats,
        output: Output::Json(fields),
        message,
        failed,
        cancelled,
    }
}

/// The fields of a count with `--json`: its verdict, the count, and
/// whether it is exact. The verdict is what the count tells: `unique` (1),
/// `not-unique` (2 or more), `solved` (1 at a limit of 1: one at least),
/// `unsolvable` (0), `invalid` (0, clashing givens), `timeout` (the budget
/// ran out: the count is a lower bound).
fn count_fields(solutions: u128, end: SearchEnd, why_none: Option<Unsolvable>) -> Fields {
    let verdict = match (end, solutions) {
        (SearchEnd::Interrupted(_), _) => "timeout",
        (_, 0) if why_none.is_some_and(|why| why.is_in_givens()) => "invalid",
        (_, 0) => "unsolvable",
        (SearchEnd::Exhausted, 1) => "unique",
        (_, 1) => "solved",
        _ => "not-unique",
    };
    vec![
        ("verdict", verdict.into()),
        ("count", json_line::count(solutions)),
        ("complete", (end == SearchEnd::Exhausted).into()),
    ]
}

/// What `solve` says of a solution, knowing whether there is a `second`:
/// the note for standard error, or (`--unique`) the word that replaces the
/// solution and its message.
fn solved(second: Option<Second>, task: Task) -> Result<Option<String>, (&'static str, String)> {
    let unique = matches!(task, Task::Solve(Check::Unique));
    match second {
        Some(Second::Found) if unique => Err(("not-unique\n", SEVERAL.into())),
        Some(Second::Unknown(why)) if unique => Err((
            "timeout\n",
            format!(
                "timeout: a solution found, but the search stopped ({why}) before \
                 it could tell whether it is the only one"
            ),
        )),
        Some(Second::Found) => Ok(Some(NOTE_SEVERAL.into())),
        Some(Second::Unknown(why)) => Ok(Some(format!(
            "note: the search stopped ({why}) before it could tell whether this \
             solution is the only one"
        ))),
        _ => Ok(None),
    }
}

/// The `invalid` reply of a line that looks like a row (or a separator) of
/// a puzzle in block form rather than a puzzle, in the line layout; `None`
/// for other lines. `fixed` is the size `--box`/`--alphabet` fix.
///
/// A grid smaller than 4x4 is taken for a row unless a size was asked for;
/// errors get the hint when the line is short enough to be a row, or has a
/// separator's characters.
#[must_use]
pub fn block_row(entry: &Entry, fixed: Option<usize>) -> Option<Reply> {
    const HINT: &str = "a row of a block? then use --block";
    let message = match &entry.grid {
        Ok(grid) if fixed.is_none() && grid.size() < 4 => {
            let cells = grid.size() * grid.size();
            format!(
                "invalid puzzle: {cells} cell{}, fewer than the 16 of a 4x4 grid: {HINT} \
                 (a grid this small needs --box)",
                if cells == 1 { "" } else { "s" }
            )
        }
        Err(e @ EntryError::Grid(grid_error)) => {
            let row_like = match *grid_error {
                // Fewer cells than a 6x6 grid, and not a square.
                GridError::CellCount {
                    found,
                    expected: None,
                } => found < 36,
                GridError::CellCount { found, .. } => Some(found) == fixed,
                // A grid of at most 25 cells, with a symbol too large for it.
                GridError::SymbolOutOfRange { size, .. } => size < 6 && fixed.is_none(),
                GridError::IllegalCharacter { ch, .. } => matches!(ch, '+' | '=' | '|'),
                _ => false,
            };
            if !row_like {
                return None;
            }
            format!("{e}; {HINT}")
        }
        _ => return None,
    };
    Some(Reply::invalid(message))
}

/// The message of a count that ended with `end` after `nodes` nodes, and
/// whether it fails the run: an interrupted count says how far it went; a
/// count of 0 says why when the givens already clash (`why_none`).
fn count_message(
    end: SearchEnd,
    nodes: u64,
    why_none: Option<Unsolvable>,
    wording: &Wording,
) -> (Option<String>, bool) {
    match end {
        SearchEnd::Interrupted(why) => (
            Some(format!(
                "count incomplete: search stopped ({}) after {nodes} nodes",
                (wording.reason)(why)
            )),
            true,
        ),
        _ => {
            let why = why_none.filter(|why| why.is_in_givens());
            (why.map(|why| unsolvable_sentence(&why)), false)
        }
    }
}

/// The reply of `hint` (the next step, or how the puzzle ends) or, with
/// `all`, of `explain` (every step, then how it ends), about one puzzle
/// read as `solve` reads it (any variant).
fn logic_reply(puzzle: RuledGrid<'_>, as_json: bool, all: bool, trace: bool) -> Reply {
    let mut logic = match SudokuLogic::new(puzzle) {
        Ok(logic) => logic,
        Err(e) => return Reply::failed(word(&e), sentence(&e)),
    };
    if as_json && !trace {
        return Reply::json(if all {
            let walk = logic.explain();
            let steps: Vec<Value> = walk.steps.iter().map(|h| object(step_fields(h))).collect();
            vec![
                ("verdict", end_word(&walk.end).into()),
                ("steps", steps.into()),
                ("end", object(end_fields(&walk.end))),
            ]
        } else {
            match logic.hint() {
                Advice::Step(hint) => {
                    let mut fields = vec![("verdict", "step".into())];
                    fields.extend(step_fields(&hint));
                    fields
                }
                Advice::End(end) => {
                    let mut fields = vec![("verdict", end_word(&end).into())];
                    fields.extend(end_fields(&end));
                    fields
                }
            }
        });
    }
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
#[must_use]
pub fn step_line(hint: &Hint, as_json: bool) -> String {
    if !as_json {
        return hint.to_string();
    }
    let mut text = json_line::line(&step_fields(hint));
    text.pop();
    text
}

/// The fields of a step: `rule`, `k`, `place`, `eliminate` (rows, columns
/// and digits from 1).
fn step_fields(hint: &Hint) -> Fields {
    let places = |places: &[Place]| -> Value {
        places
            .iter()
            .map(|p| json!([p.row, p.column, p.digit]))
            .collect()
    };
    vec![
        ("rule", hint.technique.name().into()),
        ("k", hint.technique.k().into()),
        ("place", places(&hint.place)),
        ("eliminate", places(&hint.eliminate)),
    ]
}

/// The fields of an ending: `solved`, and `stuck` or `no_solution`.
fn end_fields(end: &Ending) -> Fields {
    match end {
        Ending::Solved => vec![("solved", true.into())],
        Ending::Stuck { empty, candidates } => vec![
            ("solved", false.into()),
            ("stuck", json!({ "empty": empty, "candidates": candidates })),
        ],
        Ending::NoSolution(why) => vec![
            ("solved", false.into()),
            ("no_solution", why.clone().into()),
        ],
        // An ending a later library may add: its words, as the text says it.
        other => vec![
            ("solved", false.into()),
            ("ending", other.to_string().into()),
        ],
    }
}

/// The verdict of an ending of logic: `solved`, `stuck` (logic alone goes
/// no further) or `unsolvable` (logic found that there is no solution).
fn end_word(end: &Ending) -> &'static str {
    match end {
        Ending::Solved => "solved",
        Ending::NoSolution(_) => "unsolvable",
        _ => "stuck",
    }
}

/// `fields` as an object inside a line (serde_json's maps sort its keys).
fn object(fields: Fields) -> Value {
    Value::Object(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// The end: in words, or `{"solved": true}`, `{"solved": false, "stuck":
/// {"empty", "candidates"}}`, `{"solved": false, "no_solution": WHY}`.
#[must_use]
pub fn end_line(end: &Ending, as_json: bool) -> String {
    if !as_json {
        return end.to_string();
    }
    let mut text = json_line::line(&end_fields(end));
    text.pop();
    text
}

#[cfg(test)]
mod tests;
