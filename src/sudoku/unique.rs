//! Is this puzzle valid and unique? The question [`grade`] and [`minimize`]
//! ask first, and [`PuzzleError`], the answer when it is "no".
//!
//! * [`PuzzleError`]: two givens break a rule, no solution, several
//!   solutions, or the budget ran out before the answer; shared by
//!   [`grade`], [`minimize`] and (through
//!   [`GenerateError`](crate::sudoku::GenerateError)) the
//!   [`Generator`](crate::sudoku::Generator).
//! * `Unique::check` asks the question once for all of them, and keeps
//!   what the answer "yes" found: the solver with the givens selected and
//!   the solution.
//!
//! [`grade`]: crate::sudoku::grade
//! [`minimize`]: crate::sudoku::minimize
//!
//! ```
//! use exactcover::Budget;
//! use exactcover::sudoku::{Grid, PuzzleError, grade};
//! let open: Grid = "1...............".parse()?;
//! assert_eq!(grade(&open, &Budget::new()), Err(PuzzleError::NotUnique));
//! # Ok::<(), exactcover::sudoku::GridError>(())
//! ```

use std::borrow::Cow;
use std::fmt;
use std::ops::ControlFlow;

use crate::engine::{ArenaError, Budget, Interruption, SearchEnd, Solver};
use crate::sudoku::Grid;
use crate::sudoku::ruled::{Conflict, RuledGrid};
use crate::sudoku::rules::Rules;
use crate::sudoku::solver::select_givens;

/// Why a puzzle cannot be graded or minimized: it is not valid and unique,
/// or the budget ran out before that was known.
///
/// ```
/// use exactcover::Budget;
/// use exactcover::sudoku::{Grid, PuzzleError, minimize};
/// let invalid: Grid = "11..............".parse()?;
/// let err = minimize(&invalid, 0, &Budget::new()).unwrap_err();
/// assert!(matches!(err, PuzzleError::Conflict(_)));
/// assert_eq!(err.to_string(), "invalid: conflicting givens: '1' twice in row 1, at r1c1 and r1c2");
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// Two givens break a rule.
    Conflict(Conflict),
    /// The puzzle has no solution.
    Unsolvable,
    /// The puzzle has several solutions.
    NotUnique,
    /// The budget ran out.
    Interrupted(Interruption),
    /// The puzzle's matrix could not be allocated (a grid too large for
    /// the memory there is).
    Memory(ArenaError),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Conflict(conflict) => write!(f, "invalid: {conflict}"),
            PuzzleError::Unsolvable => write!(f, "unsolvable"),
            PuzzleError::NotUnique => write!(f, "not unique: it has several solutions"),
            PuzzleError::Interrupted(why) => write!(f, "the search stopped ({why})"),
            PuzzleError::Memory(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// A puzzle found valid and unique, and what the search found on the way.
pub(crate) struct Unique<'a> {
    /// Its rules.
    pub(crate) rules: Cow<'a, Rules>,
    /// A solver of the rules' problem, its givens selected, on the budget
    /// of the check.
    pub(crate) solver: Solver,
    /// Its solution.
    pub(crate) solution: Grid,
}

impl Unique<'_> {
    /// Checks that `puzzle` is valid (no conflict) and has exactly one
    /// solution, within `budget`.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::Conflict`], [`PuzzleError::Unsolvable`],
    /// [`PuzzleError::NotUnique`], or [`PuzzleError::Interrupted`] when
    /// `budget` runs out first.
    pub(crate) fn check<'a>(
        puzzle: RuledGrid<'a>,
        budget: &Budget,
    ) -> Result<Unique<'a>, PuzzleError> {
        if let Some(conflict) = puzzle.conflict() {
            return Err(PuzzleError::Conflict(conflict));
        }
        let rules = puzzle.rules();
        let grid = puzzle.grid();
        let problem = rules.try_problem().map_err(PuzzleError::Memory)?;
        let mut solver = Solver::try_new(&problem).map_err(PuzzleError::Memory)?;
        solver.set_budget(budget.clone());
        if !select_givens(&mut solver, &rules, grid) {
            return Err(PuzzleError::Unsolvable);
        }
        let mut first: Option<Vec<usize>> = None;
        let mut found = 0;
        let end = solver.visit(|options| {
            found += 1;
            if found == 1 {
                first = Some(options.to_vec());
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        if let SearchEnd::Interrupted(why) = end {
            return Err(PuzzleError::Interrupted(why));
        }
        let options = match (found, first) {
            (1, Some(options)) => options,
            (0, _) => return Err(PuzzleError::Unsolvable),
            _ => return Err(PuzzleError::NotUnique),
        };
        let mut solution = grid.clone();
        // The grid fits its rules: this cannot fail.
        rules
            .fill(&mut solution, &options)
            .map_err(|_| PuzzleError::Unsolvable)?;
        Ok(Unique {
            rules,
            solver,
            solution,
        })
    }
}
