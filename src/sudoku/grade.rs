//! How hard a puzzle is for the search: the grade of earlier releases,
//! kept for the code that uses it. The difficulty people feel is
//! [`rate`](crate::sudoku::rate)'s, from the steps of logic a puzzle needs.
//!
//! * [`grade`] measures it: a [`Grade`], the guesses the search makes on
//!   the way to the solution averaged over [`GRADE_SEEDS`] orders of ties,
//!   and the [`Level`] they give. A puzzle that is not valid and unique has
//!   no grade: a [`PuzzleError`] says why.
//!
//! The search branches on the item with the fewest options left. While
//! some item has one option, the choice is forced: a *naked single* when
//! the item is a cell (one digit fits it), a *hidden single* when it is a
//! unit and a digit (one cell of the unit can hold it). When every item has
//! two or more, the search must guess. A puzzle solved without a guess is
//! solvable by singles alone; otherwise the number of guesses on the way
//! to the solution measures how much trial and error it needs. Which item
//! the search takes among ties is luck, so the guesses are averaged over
//! several seeded random orders of ties
//! ([`Solver::set_tiebreak`](crate::engine::Solver::set_tiebreak)).
//!
//! The levels cut the score where the published sets separate (see
//! docs/generate.md for the calibration): `naked-singles` and `singles`
//! (no guess: naked singles only, or hidden singles too), then by mean
//! guesses `easy` (below 2), `medium` (below 10), `hard` (below 50),
//! `fiendish` (50 and more).

use std::fmt;
use std::ops::ControlFlow;

use crate::engine::{Budget, Observer, SearchEnd};
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::{ItemMeaning, Rules};
use crate::sudoku::unique::{PuzzleError, Unique};

/// How many seeded orders of ties a grade averages over.
pub const GRADE_SEEDS: u64 = 8;

/// A puzzle's level, from the guesses of [`grade`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// Solved by naked singles alone.
    NakedSingles,
    /// Solved by singles alone, hidden ones among them.
    Singles,
    /// Fewer than 2 guesses on average.
    Easy,
    /// Fewer than 10.
    Medium,
    /// Fewer than 50.
    Hard,
    /// 50 or more.
    Fiendish,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::NakedSingles => "naked-singles",
            Level::Singles => "singles",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
        })
    }
}

/// What [`grade`] measured.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Grade {
    /// The mean number of guesses on the way to the solution: choices
    /// among two or more options.
    pub guesses: f64,
    /// The level the guesses (and singles) give.
    pub level: Level,
    /// Forced choices of a cell (one digit fits), per search, on average.
    pub naked_singles: f64,
    /// Forced choices of a unit and digit (one cell can hold it).
    pub hidden_singles: f64,
    /// Nodes of the search tree per search, on average.
    pub nodes: f64,
    /// The seeds averaged over.
    pub seeds: u64,
}

/// Counts the kinds of choices.
struct Choices<'r> {
    rules: &'r Rules,
    guesses: u64,
    naked: u64,
    hidden: u64,
}

impl Observer for Choices<'_> {
    fn choose(&mut self, _level: usize, item: usize, options: usize) {
        match options {
            0 => {}
            1 => match self.rules.item_meaning(item) {
                Some(ItemMeaning::Filled { .. }) => self.naked += 1,
                _ => self.hidden += 1,
            },
            _ => self.guesses += 1,
        }
    }
}

/// Grades a unique puzzle by the guesses the search makes on the way to
/// its solution, averaged over [`GRADE_SEEDS`] orders of ties.
///
/// A search statistic cannot see which deductions a person needs (its
/// rank correlation with Sudoku Explainer's ratings is 0.43 on
/// `data/se-rated-diabolical.txt`); [`rate`](crate::sudoku::rate) grades
/// by the steps of logic.
///
/// # Errors
///
/// [`PuzzleError::Conflict`], [`PuzzleError::Unsolvable`],
/// [`PuzzleError::NotUnique`] (a puzzle of several solutions has no
/// grade), or [`PuzzleError::Interrupted`] when `budget` runs out.
///
/// ```
/// use exactcover::Budget;
/// use exactcover::sudoku::{Grid, Level, grade};
/// // Project Euler's first Sudoku: singles solve it.
/// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()?;
/// let g = grade(&easy, &Budget::new())?;
/// assert_eq!(g.guesses, 0.0);
/// assert!(g.level <= Level::Singles);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade<'p>(puzzle: impl Into<RuledGrid<'p>>, budget: &Budget) -> Result<Grade, PuzzleError> {
    let Unique {
        rules, mut solver, ..
    } = Unique::check(puzzle.into(), budget)?;
    let mut totals = (0u64, 0u64, 0u64, 0u64);
    for seed in 1..=GRADE_SEEDS {
        solver.set_tiebreak(Some(seed));
        let mut choices = Choices {
            rules: &rules,
            guesses: 0,
            naked: 0,
            hidden: 0,
        };
        let end = solver.visit_observed(&mut choices, |_| ControlFlow::Break(()));
        if let SearchEnd::Interrupted(why) = end {
            return Err(PuzzleError::Interrupted(why));
        }
        totals.0 += choices.guesses;
        totals.1 += choices.naked;
        totals.2 += choices.hidden;
        totals.3 += solver.stats().nodes;
    }
    let per = |x: u64| x as f64 / GRADE_SEEDS as f64;
    let guesses = per(totals.0);
    let level = match guesses {
        0.0 if totals.2 == 0 => Level::NakedSingles,
        0.0 => Level::Singles,
        g if g < 2.0 => Level::Easy,
        g if g < 10.0 => Level::Medium,
        g if g < 50.0 => Level::Hard,
        _ => Level::Fiendish,
    };
    Ok(Grade {
        guesses,
        level,
        naked_singles: per(totals.1),
        hidden_singles: per(totals.2),
        nodes: per(totals.3),
        seeds: GRADE_SEEDS,
    })
}
