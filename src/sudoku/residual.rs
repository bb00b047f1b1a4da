//! The exact-cover problem left once a puzzle's givens are chosen, small
//! enough to draw or trace: [`remaining_problem`], its items named in
//! Knuth's short style, and [`remaining_items`], where they come from.
//!
//! Both are [`Problem::residual_named`] of the rules' problem
//! ([`Rules::problem`](crate::sudoku::Rules::problem)) with the givens' options
//! ([`Rules::given_options`](crate::sudoku::Rules::given_options)) chosen.
//!
//! ```
//! use exactcover::sudoku::{Grid, remaining_items, remaining_problem};
//! let puzzle: Grid = "1.3..4..2......1".parse()?;
//! let (problem, options) = remaining_problem(&puzzle)?;
//! assert_eq!(problem.item_name(0), Some("p12"));
//! assert_eq!(remaining_items(&puzzle)?[0], 1); // cell r1c2, item 1 of the whole problem
//! assert_eq!(options[0], 5); // r1c2=2, option 5 of the whole problem
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::engine::ArenaError;
use crate::problem::{Problem, ProblemError, Residual};
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::unique::PuzzleError;

/// The exact-cover problem that is left of `puzzle` once its givens are
/// chosen: the items they do not cover and the options still possible, with
/// Knuth's short names so that a small puzzle's matrix can be drawn or
/// traced. Returns the problem and, for each of its options, the option of
/// the full problem ([`Rules::problem`](crate::sudoku::Rules::problem)) it stands for. Conflicting givens
/// leave no options.
///
/// The names: `p12` (cell r1c2 filled; `p1.12` from size 10 on, where
/// `p112` could be r1c12 or r11c2), then a unit's letter, number and
/// symbol: `r13`, `c13`, `b13` (row, column, box 1 has 3), `j13` (jigsaw
/// region), `d13` (diagonal), `w13` (window), `x13` (extra region); `K2`
/// (cage 2 has its combination), `k23` (cage 2 accounts for 3), `n1-12.3`
/// (cells 1 and 12, a knight's move apart, hold 3 at most once), `q13.3`
/// (the 2x2 square at cell 13 holds 3 at most once).
///
/// ```
/// use exactcover::sudoku::{Grid, remaining_problem};
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let (problem, options) = remaining_problem(&puzzle)?;
/// assert_eq!(problem.item_count(), 64 - 4 * 5);
/// assert_eq!(problem.option_count(), options.len());
/// assert_eq!(problem.item_name(0), Some("p12"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`PuzzleError::Memory`] when the rules' problem, or what is left of
/// it, does not fit in memory (a large grid under a memory cap).
pub fn remaining_problem<'p>(
    puzzle: impl Into<RuledGrid<'p>>,
) -> Result<(Problem, Vec<usize>), PuzzleError> {
    let left = residual(puzzle.into())?;
    Ok((left.problem, left.options))
}

/// The items of [`Rules::problem`](crate::sudoku::Rules::problem) that [`remaining_problem`] keeps, in its
/// order: item `k` of the remaining problem is item `remaining_items(..)[k]`
/// of the whole one (so that it can be named in Sudoku's words, `r1c3` or
/// `row 1 has 3`, by the rules).
///
/// ```
/// use exactcover::problem::Labels;
/// use exactcover::sudoku::{Grid, Rules, remaining_items, remaining_problem};
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let items = remaining_items(&puzzle)?;
/// assert_eq!(items.len(), remaining_problem(&puzzle)?.0.item_count());
/// assert_eq!(Rules::classic(puzzle.shape()).item(items[0]), "r1c2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`remaining_problem`].
pub fn remaining_items<'p>(puzzle: impl Into<RuledGrid<'p>>) -> Result<Vec<usize>, PuzzleError> {
    Ok(residual(puzzle.into())?.items)
}

/// The residual of the rules' problem once the givens are chosen, its items
/// given their short names (`Rules::short_item_name`).
fn residual(puzzle: RuledGrid<'_>) -> Result<Residual, PuzzleError> {
    let (grid, rules) = (puzzle.grid(), puzzle.rules());
    // A `RuledGrid` fits its rules: there are always givens to read.
    let givens: Vec<usize> = rules
        .given_options(grid)
        .map(Iterator::collect)
        .unwrap_or_default();
    let memory = |e: ProblemError| match e {
        ProblemError::Memory { bytes } => PuzzleError::Memory(ArenaError { bytes }),
        // The rules' own problem is well formed: only memory can fail.
        _ => PuzzleError::Memory(ArenaError { bytes: 0 }),
    };
    rules
        .try_problem()
        .map_err(PuzzleError::Memory)?
        .residual_named(&givens, |item| rules.short_item_name(item, grid.alphabet()))
        .map_err(memory)
}
