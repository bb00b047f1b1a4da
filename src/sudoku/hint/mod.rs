//! Solving by logic in Sudoku's words: hints and explanations.
//!
//! The [logic solver](crate::logic) works on the exact-cover matrix of any
//! rules; this module reads its steps back through what the items stand
//! for ([`Rules::item_meaning`]):
//!
//! * [`Technique`]: the name people give a step (naked single, pointing,
//!   hidden pair, X-wing, skyscraper, XY-wing, forcing chain...), the same
//!   for every variant's units, cages and anti-knight or anti-king items;
//! * [`Hint`]: one step in words, with its technique, the cells it fills
//!   and the candidates it removes ([`Place`]: rows, columns and digits
//!   from 1);
//! * [`SudokuLogic`]: a puzzle solved step by step ([`SudokuLogic::hint`],
//!   [`SudokuLogic::step`]) or to the end ([`SudokuLogic::explain`], a
//!   [`Walkthrough`] and its [`Ending`]); [`hint`] and [`explain`] do it
//!   for one puzzle.
//!
//! ```
//! use exactcover::sudoku::{Advice, Ending, Grid, Technique, explain, hint};
//!
//! let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse()?;
//! let Advice::Step(first) = hint(&puzzle)? else { panic!("a hint") };
//! assert!(matches!(first.technique, Technique::HiddenSingle { .. }));
//! assert_eq!(first.place.len(), 1);
//! let walk = explain(&puzzle)?;
//! assert_eq!(walk.end, Ending::Solved);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod rate;
mod rating;
mod technique;
mod words;

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::logic::{Config, End, LogicSolver, Next, Step};
use crate::sudoku::grid::Grid;
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::{ItemMeaning, OptionMeaning, Rules, Unit};
use crate::sudoku::unique::PuzzleError;
use crate::teach::deduction::{Deduction, Deductions};

pub use rate::{Difficulty, Rating, rate};
use technique::Namer;
pub use technique::Technique;

/// A digit in a cell, rows, columns and digits from 1, as people count.
///
/// ```
/// use exactcover::sudoku::Place;
/// assert_eq!(Place::new(2, 5, 7).to_string(), "r2c5=7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub struct Place {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub column: usize,
    /// The digit, from 1.
    pub digit: usize,
}

impl Place {
    /// `digit` in the cell at `row` and `column`, each from 1.
    ///
    /// ```
    /// let place = exactcover::sudoku::Place::new(1, 9, 4);
    /// assert_eq!((place.row, place.column, place.digit), (1, 9, 4));
    /// ```
    #[must_use]
    pub fn new(row: usize, column: usize, digit: usize) -> Place {
        Place { row, column, digit }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}={}", self.row, self.column, self.digit)
    }
}

/// One step of logic in Sudoku's words.
///
/// Its [`Display`](fmt::Display) is a sentence: what the base items hold,
/// what follows, then in brackets the technique with the items of its base
/// and cover, e.g. `box 3: 7 can go only in row 2, so 7 is removed from
/// r2c1 and r2c2 (pointing: item 'box 3 has 7', cover 'row 2 has 7')`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Hint {
    /// The technique.
    pub technique: Technique,
    /// How hard it is, on Sudoku Explainer's scale (1.2 for a hidden
    /// single in a box, 2.3 for a naked single, 3.2 for an X-wing...; see
    /// docs/logic.md).
    pub difficulty: f64,
    /// The digits it places (a single's).
    pub place: Vec<Place>,
    /// The candidates it removes.
    pub eliminate: Vec<Place>,
    /// The step on the matrix: its rule, base and cover items, and options
    /// (numbered as in [`Rules::problem`]).
    pub step: Step,
    /// The sentence.
    text: String,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// How a solve by logic ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ending {
    /// Every cell is filled.
    Solved,
    /// No technique applies: what is left needs guessing.
    Stuck {
        /// The cells still empty.
        empty: usize,
        /// The candidates left in them (and the cages' combinations).
        candidates: usize,
    },
    /// The puzzle has no solution, and why (in words).
    NoSolution(String),
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Solved => f.write_str("solved"),
            Ending::Stuck { empty, candidates } => write!(
                f,
                "stuck: {empty} cells empty, {candidates} candidates left"
            ),
            Ending::NoSolution(why) => write!(f, "no solution: {why}"),
        }
    }
}

/// What comes next: a step in words, or the end.
#[derive(Clone, Debug, PartialEq)]
pub enum Advice {
    /// The next step.
    Step(Hint),
    /// Nothing applies, and why.
    End(Ending),
}

/// Every step of a solve by logic, in words, and how it ended.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Walkthrough {
    /// The steps, in order.
    pub steps: Vec<Hint>,
    /// How it ended.
    pub end: Ending,
    /// The grid reached: the givens and every digit placed.
    pub grid: Grid,
}

/// A Sudoku solved by logic, step by step, in Sudoku's words.
///
/// It keeps a [`LogicSolver`] on the puzzle's rules with its givens chosen.
/// Singles are taken in the order people find them: hidden singles in
/// boxes (regions, windows), then in other units, then naked singles; among
/// the patterns of set logic the solver takes the easiest by the rating of
/// its technique ([`Hint::difficulty`]).
///
/// ```
/// use exactcover::sudoku::{Advice, Grid, SudokuLogic};
///
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let mut logic = SudokuLogic::new(&puzzle)?;
/// let Advice::Step(hint) = logic.hint() else { panic!("a hint") };
/// logic.apply(&hint)?;
/// assert_eq!(logic.grid().given_count(), puzzle.given_count() + hint.place.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SudokuLogic<'a> {
    rules: Cow<'a, Rules>,
    grid: Grid,
    solver: LogicSolver,
    namer: Arc<Namer>,
}

impl<'a> SudokuLogic<'a> {
    /// The puzzle, its givens chosen, with the default [`Config`].
    ///
    /// # Errors
    ///
    /// [`PuzzleError::Conflict`] when two givens break a rule.
    pub fn new(puzzle: impl Into<RuledGrid<'a>>) -> Result<SudokuLogic<'a>, PuzzleError> {
        SudokuLogic::with_config(puzzle, Config::default())
    }

    /// The puzzle, its givens chosen, solved with `config`.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::Conflict`] when two givens break a rule.
    pub fn with_config(
        puzzle: impl Into<RuledGrid<'a>>,
        config: Config,
    ) -> Result<SudokuLogic<'a>, PuzzleError> {
        let puzzle = puzzle.into();
        if let Some(conflict) = puzzle.conflict() {
            return Err(PuzzleError::Conflict(conflict));
        }
        let rules = puzzle.rules();
        let grid = puzzle.grid().clone();
        let problem = rules.try_problem().map_err(PuzzleError::Memory)?;
        // The logic solver's tables are not allocated fallibly: room for
        // twice a matrix of the problem is asked first, and given back, so
        // that a grid too large for the memory there is fails here with an
        // error, not an abort below (a probe, not a guarantee).
        let bytes = crate::engine::Solver::arena_bytes(&problem).saturating_mul(2);
        let mut probe: Vec<u8> = Vec::new();
        if probe.try_reserve_exact(bytes).is_err() {
            return Err(PuzzleError::Memory(crate::engine::ArenaError { bytes }));
        }
        drop(probe);
        let mut solver = LogicSolver::with_config(&problem, config);
        solver.set_single_tiers(single_tiers(&rules));
        let namer = Arc::new(Namer::new(&rules));
        solver.set_preference(namer.clone());
        // A `RuledGrid` fits its rules; givens that clash through a rule
        // the conflict check does not see (a cage's sum) leave no solution.
        let givens: Vec<usize> = rules
            .given_options(&grid)
            .map(Iterator::collect)
            .unwrap_or_default();
        for option in givens {
            if solver.select(option).is_err() {
                return Err(PuzzleError::Unsolvable);
            }
        }
        Ok(SudokuLogic {
            rules,
            grid,
            solver,
            namer,
        })
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The logic solver, for its state: which options are left, which
    /// items are covered.
    #[must_use]
    pub fn solver(&self) -> &LogicSolver {
        &self.solver
    }

    /// The grid so far: the givens and every digit placed.
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The next step in words, without applying it.
    pub fn hint(&mut self) -> Advice {
        match self.solver.next_step() {
            Next::Step(step) => Advice::Step(self.words(step)),
            Next::End(end) => Advice::End(self.ending(&end)),
        }
    }

    /// Applies `hint` (one from [`SudokuLogic::hint`] on this state).
    ///
    /// # Errors
    ///
    /// As [`LogicSolver::apply`]: an option of the step is no longer
    /// possible; nothing changes then.
    pub fn apply(&mut self, hint: &Hint) -> Result<(), crate::logic::LogicError> {
        self.solver.apply(&hint.step)?;
        for place in &hint.place {
            // Rows, columns and digits of the rules' own grid: in range.
            let _ = self
                .grid
                .set(place.row - 1, place.column - 1, Some(place.digit));
        }
        Ok(())
    }

    /// Finds the next step and applies it.
    pub fn step(&mut self) -> Advice {
        let advice = self.hint();
        if let Advice::Step(hint) = &advice {
            // A hint found on this state applies to it.
            let _ = self.apply(hint);
        }
        advice
    }

    /// Applies steps to the end.
    pub fn explain(&mut self) -> Walkthrough {
        let mut steps = Vec::new();
        let end = loop {
            match self.step() {
                Advice::Step(hint) => steps.push(hint),
                Advice::End(end) => break end,
            }
        };
        Walkthrough {
            steps,
            end,
            grid: self.grid.clone(),
        }
    }

    /// Applies steps to the end, as [`SudokuLogic::explain`], and gives
    /// them as a path of [`Deductions`] for the teaching page and trace
    /// ([`logic_page`](crate::teach::html::logic_page),
    /// [`Deductions::trace`]): each step's technique, sentence, base and
    /// cover items and options (numbered as in [`Rules::problem`]), and
    /// every option it rules out, the clashes of a placed digit included.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuLogic};
    ///
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let path = SudokuLogic::new(&puzzle)?.deductions();
    /// assert_eq!(path.end, "solved");
    /// assert_eq!(path.chosen.len(), puzzle.given_count());
    /// // Each step places one digit or removes candidates.
    /// assert!(path.steps.iter().all(|s| !s.forced.is_empty() || !s.removed.is_empty()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deductions(&mut self) -> Deductions {
        let options = self.rules.option_count();
        let chosen = self.solver.chosen().to_vec();
        let alive = |solver: &LogicSolver| -> Vec<bool> {
            (0..options).map(|o| solver.is_alive(o)).collect()
        };
        let mut before = alive(&self.solver);
        let gone = (0..options)
            .filter(|&o| !before[o] && !chosen.contains(&o))
            .collect();
        let mut steps = Vec::new();
        let end = loop {
            match self.step() {
                Advice::Step(hint) => {
                    let after = alive(&self.solver);
                    let gone = (0..options)
                        .filter(|&o| before[o] && !after[o] && !hint.step.forced.contains(&o))
                        .collect();
                    before = after;
                    steps.push(Deduction {
                        rule: hint.technique.name(),
                        text: hint.to_string(),
                        base: hint.step.base.clone(),
                        cover: hint.step.cover.clone(),
                        removed: hint.step.removed.clone(),
                        forced: hint.step.forced.clone(),
                        gone,
                    });
                }
                Advice::End(end) => break end,
            }
        };
        Deductions {
            chosen,
            gone,
            steps,
            end: end.to_string(),
        }
    }

    /// `step` in words, read on the state before it.
    fn words(&self, step: Step) -> Hint {
        let technique = self
            .namer
            .classify(step.rule, &step.base, &step.cover, &self.solver);
        let extra = rating::extra(&step.base, |b| self.solver.options_left(b));
        let difficulty = rating::difficulty(technique, extra);
        let place = self.places(&step.forced);
        let eliminate = self.places(&step.removed);
        let text = words::sentence(&self.rules, &self.grid, &self.solver, &step, technique);
        Hint {
            technique,
            difficulty,
            place,
            eliminate,
            step,
            text,
        }
    }

    /// The digits in cells of `options` (the cages' combinations left out).
    fn places(&self, options: &[usize]) -> Vec<Place> {
        let n = self.rules.size();
        options
            .iter()
            .filter_map(|&o| match self.rules.option_meaning(o) {
                Some(OptionMeaning::Place { cell, value }) => Some(Place {
                    row: cell / n + 1,
                    column: cell % n + 1,
                    digit: value,
                }),
                _ => None,
            })
            .collect()
    }

    /// `end` in Sudoku's words.
    fn ending(&self, end: &End) -> Ending {
        match end {
            End::Solved => Ending::Solved,
            End::NoSolution(contradiction) => {
                Ending::NoSolution(words::contradiction(&self.rules, contradiction))
            }
            _ => {
                let cells = self.rules.cell_count();
                let empty = (0..cells)
                    .filter(|&cell| !self.solver.is_covered(self.rules.cell_item(cell)))
                    .count();
                let candidates = (0..self.rules.option_count())
                    .filter(|&o| self.solver.is_alive(o))
                    .count();
                Ending::Stuck { empty, candidates }
            }
        }
    }
}

/// The tiers of singles for `rules`: a unit's digit in a box, region or
/// window first, then in any other unit or cage, then a cell, then the
/// rest (a cage's combination).
fn single_tiers(rules: &Rules) -> Vec<u8> {
    (0..rules.item_count())
        .map(|item| match rules.item_meaning(item) {
            Some(ItemMeaning::Holds { unit, .. }) => match rules.unit(unit) {
                Unit::Box(_) | Unit::Region(_) | Unit::Window(_) => 0,
                _ => 1,
            },
            Some(ItemMeaning::CageHolds { .. }) => 1,
            Some(ItemMeaning::Filled { .. }) => 2,
            _ => 3,
        })
        .collect()
}

/// The next step of logic for `puzzle`, in words.
///
/// # Errors
///
/// [`PuzzleError::Conflict`] when two givens break a rule.
///
/// ```
/// use exactcover::sudoku::{Advice, Grid, hint};
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let Advice::Step(h) = hint(&puzzle)? else { panic!("a hint") };
/// assert!(h.to_string().contains("single"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hint<'a>(puzzle: impl Into<RuledGrid<'a>>) -> Result<Advice, PuzzleError> {
    Ok(SudokuLogic::new(puzzle)?.hint())
}

/// Every step of logic for `puzzle`, in words, to the end.
///
/// # Errors
///
/// [`PuzzleError::Conflict`] when two givens break a rule.
///
/// ```
/// use exactcover::sudoku::{Ending, Grid, explain};
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let walk = explain(&puzzle)?;
/// assert_eq!(walk.end, Ending::Solved);
/// assert!(walk.grid.is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain<'a>(puzzle: impl Into<RuledGrid<'a>>) -> Result<Walkthrough, PuzzleError> {
    Ok(SudokuLogic::new(puzzle)?.explain())
}
