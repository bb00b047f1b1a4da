//! What each command that reads puzzles answers for one of them (a
//! [`Task`]): a [`Reply`], its line and its message.

use std::cell::RefCell;
use std::sync::Arc;

use exactcover::engine::{ArenaError, Memo};
use exactcover::sudoku::{
    Answer, Answerer, Entry, EntryError, Grid, GridError, MemoAnswer, Outcome, PuzzleError,
    Question, Rating, RuledGrid, Rules, Second, Unsolvable, grade, minimize, rate,
};
use exactcover::{Budget, Interruption, SearchEnd, Stats};

thread_local! {
    /// Each worker thread's answerer, kept for the whole run.
    static ANSWERER: RefCell<Answerer> = RefCell::new(Answerer::new());
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
#[derive(Clone, Copy, Debug)]
pub enum Task {
    Solve(Check),
    Count {
        limit: Option<u64>,
    },
    /// `grade`: the logic rating, or with `search` the search statistic.
    Grade {
        explain: bool,
        search: bool,
    },
    Minimize {
        seed: u64,
    },
    /// `hint` (the next step) or, with `all`, `explain` (every step; with
    /// `trace`, as a trace).
    Logic {
        json: bool,
        all: bool,
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
    pub fn many_searches(self) -> bool {
        matches!(self, Task::Grade { .. } | Task::Minimize { .. })
    }
}

/// What is printed for one puzzle.
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
pub enum Output {
    /// Lines, each ending with a line end.
    Text(String),
    /// A puzzle (`minimize`), written in the layout it was read in.
    Puzzle(Grid),
}

impl Reply {
    /// The reply `word` (a failure), with its message.
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
    pub fn invalid(message: String) -> Reply {
        Reply::failed("invalid", message)
    }

    /// Adds Knuth's estimate of the part of the tree walked to the message
    /// of a count that a signal stopped.
    pub fn add_estimate(&mut self, fraction: f64) {
        if let Some(message) = &mut self.message {
            message.push_str(&format!(
                ", {}",
                crate::signals::estimate(fraction, "the search tree")
            ));
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

/// Answers `task` about the puzzle of `entry` on this thread (a count on
/// `threads` threads); `pretty` adds the grid as a block.
pub fn reply(task: Task, entry: &Entry, budget: &Budget, threads: usize, pretty: bool) -> Reply {
    let puzzle = match entry.puzzle() {
        Ok(puzzle) => puzzle,
        Err(e) => return Reply::invalid(e.to_string()),
    };
    match task {
        Task::Grade { explain, search } => {
            if search {
                search_graded(puzzle, budget, explain)
            } else {
                rated(puzzle, budget, explain)
            }
        }
        Task::Logic { json, all, trace } => crate::logic::reply(puzzle, json, all, trace),
        Task::Minimize { seed } => match minimize(puzzle, seed, budget) {
            Ok(grid) => Reply {
                stats: Stats::default(),
                output: Output::Puzzle(grid),
                message: None,
                failed: false,
                cancelled: false,
            },
            Err(e) => Reply::failed(word(&e), e.to_string()),
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
                Ok(answer) => answered(answer, puzzle, entry.rules.as_ref(), task, pretty),
                Err(e) => no_memory(e),
            }
        }),
    }
}

/// Counts the puzzle of `entry` by Algorithm Z with `memo` (`count
/// --memo`), up to `limit`, on this thread.
pub fn memo_reply(
    entry: &Entry,
    budget: &Budget,
    memo: &Memo,
    limit: Option<u128>,
    pretty: bool,
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
            pretty,
        )
    })
}

/// The reply for a puzzle whose matrix could not be allocated: `failed`,
/// and why.
fn no_memory(e: ArenaError) -> Reply {
    Reply::failed("failed", format!("no answer: {e}"))
}

/// The reply of a memo count.
fn memo_answered(answer: MemoAnswer, puzzle: &Grid, pretty: bool) -> Reply {
    let stats = answer.stats;
    let count = match answer.count {
        Ok(count) => count,
        Err(e) => return Reply::failed("overflow", format!("no count: {e}")),
    };
    let cancelled = count.end == SearchEnd::Interrupted(Interruption::Cancelled);
    let (message, failed) = count_message(count.end, stats.nodes, answer.why_none);
    let mut text = count.to_string() + "\n";
    if pretty {
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
fn rated(puzzle: RuledGrid<'_>, budget: &Budget, explain: bool) -> Reply {
    match rate(puzzle, budget) {
        Ok(r) => Reply::text(Stats::default(), rating_line(&r, explain)),
        Err(e) => Reply::failed(word(&e), e.to_string()),
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

/// The reply of `grade --search`: the search statistic (mean guesses).
fn search_graded(puzzle: RuledGrid<'_>, budget: &Budget, explain: bool) -> Reply {
    let g = match grade(puzzle, budget) {
        Ok(g) => g,
        Err(e) => return Reply::failed(word(&e), e.to_string()),
    };
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

/// The word `grade` and `minimize` print for an error.
pub fn word(e: &PuzzleError) -> &'static str {
    match e {
        PuzzleError::Conflict(_) => "invalid",
        PuzzleError::Unsolvable => "unsolvable",
        PuzzleError::NotUnique => "not-unique",
        PuzzleError::Interrupted(_) => "timeout",
        _ => "failed",
    }
}

/// The reply of `answer` about `puzzle`, for `solve` and `count`.
pub fn answered(
    answer: Answer<'_>,
    puzzle: RuledGrid<'_>,
    rules: Option<&Arc<Rules>>,
    task: Task,
    pretty: bool,
) -> Reply {
    let stats = answer.stats;
    let cancelled = match &answer.outcome {
        Outcome::Interrupted(stop) => stop.reason == Interruption::Cancelled,
        Outcome::Count { count, .. } => {
            count.end == SearchEnd::Interrupted(Interruption::Cancelled)
        }
        _ => false,
    };
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
        Outcome::Unsolvable(_) => return failed("unsolvable\n"),
        Outcome::Interrupted(_) => return failed("timeout\n"),
        Outcome::Count { count, why_none } => {
            let (message, failed) = count_message(count.end, stats.nodes, *why_none);
            (count.to_string(), puzzle.grid(), message, failed)
        }
    };
    let mut text = line + "\n";
    if pretty {
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

/// What `solve` says of a solution, knowing whether there is a `second`:
/// the note for standard error, or (`--unique`) the word that replaces the
/// solution and its message.
fn solved(second: Option<Second>, task: Task) -> Result<Option<String>, (&'static str, String)> {
    let unique = matches!(task, Task::Solve(Check::Unique));
    match second {
        Some(Second::Found) if unique => Err((
            "not-unique\n",
            "not unique: the puzzle has several solutions".into(),
        )),
        Some(Second::Unknown(why)) if unique => Err((
            "timeout\n",
            format!(
                "timeout: a solution found, but the search stopped ({why}) before \
                 it could tell whether it is the only one"
            ),
        )),
        Some(Second::Found) => Ok(Some(
            "note: the puzzle has several solutions; this is one of them \
             (--unique prints not-unique instead)"
                .into(),
        )),
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
) -> (Option<String>, bool) {
    match end {
        SearchEnd::Interrupted(why) => (
            Some(format!(
                "count incomplete: search stopped ({}) after {nodes} nodes",
                crate::signals::reason(why)
            )),
            true,
        ),
        _ => {
            let why = why_none.filter(|why| why.is_in_givens());
            (why.map(|why| why.to_string()), false)
        }
    }
}
