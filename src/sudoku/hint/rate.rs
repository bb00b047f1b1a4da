//! The grade from the logic: [`rate`] solves a unique puzzle by logic and
//! rates it on Sudoku Explainer's scale ([`Rating`], [`Difficulty`]).

use std::fmt;

use crate::engine::{Budget, Stats};
use crate::sudoku::hint::{Ending, SudokuLogic, Technique};
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::unique::{PuzzleError, Unique};

/// What each more step at the hardest difficulty adds: this times the
/// natural logarithm of their number.
pub(crate) const PER_HARDEST_STEP: f64 = 0.3;
/// The score of a puzzle logic leaves unsolved, before what the search
/// then needs adds to it.
pub(crate) const STUCK: f64 = 9.5;
/// What the search needs for the rest adds: this times the base-10
/// logarithm of one more than its nodes.
pub(crate) const PER_DECADE_OF_NODES: f64 = 0.5;

/// A puzzle's level, from its [`Rating::score`], in the buckets of the
/// Sudoku Exchange puzzle bank (whose ratings are Sukaku Explainer's),
/// plus one for what logic leaves unsolved.
///
/// ```
/// use exactcover::sudoku::Difficulty;
/// assert_eq!(Difficulty::of(1.2), Difficulty::Easy);
/// assert_eq!(Difficulty::of(3.4), Difficulty::Hard);
/// assert_eq!(Difficulty::Diabolical.to_string(), "diabolical");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Difficulty {
    /// Below 1.5: hidden singles in boxes.
    Easy,
    /// Below 2.5: singles of every kind.
    Medium,
    /// Below 5.0: locked candidates, subsets and fish up to triples,
    /// skyscrapers, kites, XY- and XYZ-wings.
    Hard,
    /// 5.0 and above, solved by logic: quads, jellyfish, mixed patterns,
    /// forcing chains.
    Diabolical,
    /// Logic alone (chains up to their length limit) gets stuck: the rest
    /// needs guessing.
    Extreme,
}

impl Difficulty {
    /// The level of a puzzle solved by logic with score `score`.
    #[must_use]
    pub fn of(score: f64) -> Difficulty {
        match score {
            s if s < 1.5 => Difficulty::Easy,
            s if s < 2.5 => Difficulty::Medium,
            s if s < 5.0 => Difficulty::Hard,
            _ => Difficulty::Diabolical,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Diabolical => "diabolical",
            Difficulty::Extreme => "extreme",
        })
    }
}

/// What [`rate`] found: the hardest step a puzzle needs and how many, the
/// forcing chains, what logic leaves to the search, and the score they
/// give on Sudoku Explainer's scale.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The score: the [difficulty](crate::sudoku::Hint::difficulty) of the
    /// hardest step, plus 0.3 times the natural logarithm of the number of
    /// steps that hard; for a puzzle logic leaves unsolved, 9.5 (or the
    /// hardest step, if harder) plus half the base-10 logarithm of one more
    /// than the search's nodes for the rest. Calibrated on published
    /// ratings: docs/logic.md.
    pub score: f64,
    /// The level of the score.
    pub level: Difficulty,
    /// The hardest technique used (`None` when the givens fill the grid).
    pub hardest: Option<Technique>,
    /// Its difficulty.
    pub hardest_difficulty: f64,
    /// How many steps are that hard.
    pub hardest_count: usize,
    /// The hardest technique up to the first digit placed, that step
    /// included (every step when none places a digit; `None` when the
    /// givens fill the grid): with [`Rating::pearl_difficulty`], Sudoku
    /// Explainer's EP ("pearl"). [`Rating::hardest_difficulty`] is its ER.
    pub pearl: Option<Technique>,
    /// Its difficulty (EP).
    pub pearl_difficulty: f64,
    /// The first step's technique (`None` when the givens fill the grid):
    /// with [`Rating::diamond_difficulty`], Sudoku Explainer's ED
    /// ("diamond").
    pub diamond: Option<Technique>,
    /// Its difficulty (ED).
    pub diamond_difficulty: f64,
    /// The steps of logic.
    pub steps: usize,
    /// The length of every forcing chain, in order.
    pub chains: Vec<usize>,
    /// For a puzzle logic leaves unsolved, the search's statistics for the
    /// rest (its nodes: the options it tried); `None` when logic solves it.
    pub search: Option<Stats>,
}

/// Rates a unique puzzle by the steps of logic it needs (see
/// [`SudokuLogic`]): the hardest step and how many, the chain lengths, and
/// what the search needs for anything logic leaves.
///
/// # Errors
///
/// [`PuzzleError::Conflict`], [`PuzzleError::Unsolvable`],
/// [`PuzzleError::NotUnique`] (a puzzle of several solutions has no
/// grade), or [`PuzzleError::Interrupted`] when `budget` runs out in the
/// search that checks uniqueness or finishes the puzzle.
///
/// ```
/// use exactcover::Budget;
/// use exactcover::sudoku::{Difficulty, Grid, Technique, rate};
/// // Project Euler's first Sudoku: hidden singles in boxes solve it.
/// let easy: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()?;
/// let rating = rate(&easy, &Budget::new())?;
/// assert_eq!(rating.hardest_difficulty, 1.2);
/// assert!(rating.score < 2.5);
/// assert!(rating.level <= Difficulty::Medium);
/// assert!(matches!(rating.hardest, Some(Technique::HiddenSingle { .. })));
/// // Sudoku Explainer's ER/EP/ED: the hardest step, the hardest up to the
/// // first placement, the first step.
/// assert_eq!(
///     (rating.hardest_difficulty, rating.pearl_difficulty, rating.diamond_difficulty),
///     (1.2, 1.2, 1.2)
/// );
/// assert_eq!(rating.diamond, rating.hardest);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate<'p>(puzzle: impl Into<RuledGrid<'p>>, budget: &Budget) -> Result<Rating, PuzzleError> {
    let puzzle = puzzle.into();
    let Unique { mut solver, .. } = Unique::check(puzzle, budget)?;
    let mut logic = SudokuLogic::new(puzzle)?;
    let walk = logic.explain();
    let hardest_difficulty = walk.steps.iter().map(|h| h.difficulty).fold(0.0, f64::max);
    let hardest = walk
        .steps
        .iter()
        .find(|h| h.difficulty == hardest_difficulty)
        .map(|h| h.technique);
    let hardest_count = walk
        .steps
        .iter()
        .filter(|h| h.difficulty == hardest_difficulty)
        .count();
    // Up to the first step that places a digit, that one included.
    let first_placement = walk
        .steps
        .iter()
        .position(|h| !h.place.is_empty())
        .map_or(walk.steps.len(), |at| at + 1);
    let before = &walk.steps[..first_placement];
    let pearl_difficulty = before.iter().map(|h| h.difficulty).fold(0.0, f64::max);
    let pearl = before
        .iter()
        .find(|h| h.difficulty == pearl_difficulty)
        .map(|h| h.technique);
    let diamond = walk.steps.first().map(|h| h.technique);
    let diamond_difficulty = walk.steps.first().map_or(0.0, |h| h.difficulty);
    let chains = walk
        .steps
        .iter()
        .filter_map(|h| match h.technique {
            Technique::ForcingChain { length } => Some(length),
            _ => None,
        })
        .collect();
    let logical = hardest_difficulty + PER_HARDEST_STEP * (hardest_count.max(1) as f64).ln();
    let (score, level, search) = match walk.end {
        Ending::Solved => (round(logical), Difficulty::of(logical), None),
        Ending::NoSolution(_) => return Err(PuzzleError::Unsolvable),
        _ => {
            // The search from the state logic reached: its chosen options
            // selected, the options it removed excluded.
            solver.clear_selection();
            let state = logic.solver();
            for &o in state.chosen() {
                // The logic's choices are a partial solution: they fit.
                let _ = solver.select(o);
            }
            for o in (0..solver.option_count()).filter(|&o| !state.is_alive(o)) {
                let _ = solver.exclude(o);
            }
            solver
                .solution()
                .map_err(|why| PuzzleError::Interrupted(why.reason))?;
            let stats = solver.stats();
            let score = hardest_difficulty.max(STUCK)
                + PER_DECADE_OF_NODES * (1.0 + stats.nodes as f64).log10();
            (round(score), Difficulty::Extreme, Some(stats))
        }
    };
    Ok(Rating {
        score,
        level,
        hardest,
        hardest_difficulty,
        hardest_count,
        pearl,
        pearl_difficulty,
        diamond,
        diamond_difficulty,
        steps: walk.steps.len(),
        chains,
        search,
    })
}

/// `x` to a tenth, as ratings are given.
fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
