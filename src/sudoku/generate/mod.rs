//! Making puzzles.
//!
//! * [`Generator`] makes [`Generated`] puzzles (a random solved grid, then
//!   clues taken away while the puzzle stays unique), or says why not with
//!   a [`GenerateError`]; [`Symmetry`] is the pattern of their clues.
//! * [`minimize`] takes a puzzle's clues away as far as they go: a minimal
//!   unique subset of them. Its errors, as [`grade`](crate::sudoku::grade)'s,
//!   are [`PuzzleError`](crate::sudoku::PuzzleError)s.
//! * [`Maker`] makes many puzzles of a generator on threads and writes
//!   them in order, with the words of a puzzle that failed or is perhaps
//!   not minimal (`generate`'s output).
//! * Inside, both take clues away with a `Reduction` (`reduce.rs`, where
//!   the searches are), from a seeded `Rng` (`rng.rs`).
//!
//! Both rest on one question, asked once per clue taken away: is the
//! puzzle still unique? With the solution known, a second solution must
//! differ from it in one of the cells just emptied (else it would have
//! solved the puzzle before, which was unique), so the question is, for
//! each such cell `c` holding `v`: is there a solution with the other
//! givens selected and the option "`c` holds `v`" excluded? That is a
//! first-solution search (most end at once), where a count to 2 would
//! walk on to the second solution's proof.
//!
//! Everything random comes from one seed through SplitMix64, the same on
//! every platform; puzzle `i` of a generator comes from `(seed, i)` alone,
//! so any number of threads gives the same puzzles.

mod error;
mod minimize;
mod reduce;
mod rng;
mod symmetry;

use std::fmt;
use std::sync::{Arc, Mutex};

use crate::engine::{Budget, Solver};
use crate::sudoku::grade::grade;
use crate::sudoku::hint::rate;
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::Rules;
use crate::sudoku::swaps::Swaps;
use crate::sudoku::{Grid, PuzzleError, Shape};

pub use error::GenerateError;
pub use minimize::minimize;
use reduce::Reduction;
use rng::Rng;
pub use symmetry::Symmetry;

/// A puzzle made by a [`Generator`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// The puzzle: unique, and no group of clues (by the symmetry) can go.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// How many solved grids were tried before one gave what was asked.
    pub attempts: usize,
    /// Groups of clues kept because the search asking whether they could go
    /// ran out of the generator's budget: 0 means the puzzle is minimal; more
    /// means it is unique but perhaps not minimal (large grids under a
    /// budget).
    pub undecided: usize,
}

/// Makes unique puzzles: a random solved grid under the rules, then its
/// clues taken away in random order (in groups, with a symmetry) while the
/// puzzle stays unique. The puzzles are minimal: no clue (no group, with a
/// symmetry) can be taken away without losing uniqueness.
///
/// ```
/// use exactcover::sudoku::{Generator, Shape, SudokuSolver, Symmetry};
///
/// let generator = Generator::for_shape(Shape::for_size(4)?)
///     .with_seed(42)
///     .with_symmetry(Symmetry::Rot180);
/// let made = generator.generate(0)?;
/// assert!(SudokuSolver::new().is_unique(&made.puzzle)?);
/// assert!(made.puzzle.is_completed_by(&made.solution));
/// assert_eq!(generator.generate(0)?, made); // the same seed, the same puzzle
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    rules: Arc<Rules>,
    seed: u64,
    clues: Option<usize>,
    grades: Option<(f64, f64)>,
    ratings: Option<(f64, f64)>,
    attempts: usize,
    budget: Budget,
    /// The symmetry and the groups of cells it makes, in reading order.
    groups: Arc<Groups>,
    /// Solvers of the rules' problem and their scratch space, kept between
    /// puzzles (one per thread at a time): building a solver costs more
    /// than a 9x9 search.
    solvers: Arc<Pool>,
}

/// A symmetry and the groups of cells it makes on a grid (shown by their
/// number alone: a 25x25 grid has 625).
struct Groups {
    symmetry: Symmetry,
    cells: Vec<Vec<usize>>,
}

impl Groups {
    fn new(symmetry: Symmetry, n: usize) -> Groups {
        Groups {
            symmetry,
            cells: symmetry.groups(n),
        }
    }
}

impl fmt::Debug for Groups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in {} groups", self.symmetry, self.cells.len())
    }
}

/// The solvers a generator keeps, each with the unavoidable sets of its
/// latest solved grid.
#[derive(Default)]
struct Pool(Mutex<Vec<(Solver, Swaps)>>);

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pool")
    }
}

impl Generator {
    /// Puzzles under `rules` (classic, jigsaw, X, windoku, ...).
    #[must_use]
    pub fn new(rules: Rules) -> Generator {
        Generator {
            groups: Arc::new(Groups::new(Symmetry::None, rules.size())),
            rules: Arc::new(rules),
            seed: 0,
            clues: None,
            grades: None,
            ratings: None,
            attempts: 100,
            budget: Budget::new(),
            solvers: Arc::default(),
        }
    }

    /// Classic puzzles of `shape`.
    #[must_use]
    pub fn for_shape(shape: Shape) -> Generator {
        Generator::new(Rules::classic(shape))
    }

    /// The seed every puzzle comes from (0 by default).
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Generator {
        self.seed = seed;
        self
    }

    /// The symmetry of the clues.
    #[must_use]
    pub fn with_symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.groups = Arc::new(Groups::new(symmetry, self.rules.size()));
        self
    }

    /// Only puzzles with exactly `clues` clues (made by trying solved grids
    /// until one gives such a puzzle, at most [`Generator::with_attempts`]).
    #[must_use]
    pub fn with_clues(mut self, clues: Option<usize>) -> Generator {
        self.clues = clues;
        self
    }

    /// Only puzzles whose [`rate`](crate::sudoku::rate) score (the
    /// difficulty of the logic they need, on Sudoku Explainer's scale)
    /// lies in `low..=high` (tried as [`Generator::with_clues`] is).
    ///
    /// ```
    /// use exactcover::Budget;
    /// use exactcover::sudoku::{Generator, Shape, rate};
    /// let generator = Generator::for_shape(Shape::for_size(9)?).with_ratings(Some((1.0, 3.0)));
    /// let made = generator.generate(0)?;
    /// assert!(rate(&made.puzzle, &Budget::new())?.score <= 3.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_ratings(mut self, range: Option<(f64, f64)>) -> Generator {
        self.ratings = range;
        self
    }

    /// Only puzzles whose search grade (the mean number of guesses, the
    /// search statistic [`grade`](crate::sudoku::grade)) lies in
    /// `low..=high`.
    #[must_use]
    pub fn with_grades(mut self, range: Option<(f64, f64)>) -> Generator {
        self.grades = range;
        self
    }

    /// How many solved grids a puzzle may try (100 by default, at least 1).
    #[must_use]
    pub fn with_attempts(mut self, attempts: usize) -> Generator {
        self.attempts = attempts.max(1);
        self
    }

    /// The budget of every search (a timeout per search, a node limit...).
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Generator {
        self.budget = budget;
        self
    }

    /// The budget of every search ([`with_budget`](Generator::with_budget)).
    ///
    /// ```
    /// use exactcover::Budget;
    /// use exactcover::sudoku::{Generator, Shape};
    /// let generator = Generator::for_shape(Shape::new(2, 2)?).with_budget(Budget::new().with_max_nodes(10));
    /// assert_eq!(generator.budget().max_nodes(), Some(10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// Puzzle number `index`: a function of the seed and `index` alone.
    ///
    /// # Errors
    ///
    /// [`GenerateError::NotReached`] when no attempt gave the clue count
    /// asked for, [`GenerateError::Interrupted`] when the budget stopped the
    /// search for a solved grid in every attempt, [`GenerateError::NoGrid`]
    /// for rules without a solved grid. A uniqueness test that runs out of
    /// budget keeps its clues: see [`Generated::undecided`].
    pub fn generate(&self, index: u64) -> Result<Generated, GenerateError> {
        let taken = self.solvers.0.lock().ok().and_then(|mut pool| pool.pop());
        let (mut solver, mut swaps) = match taken {
            Some(taken) => taken,
            // The matrix of a large grid may not fit: an error, not an abort.
            None => {
                let problem = self.rules.try_problem().map_err(PuzzleError::Memory)?;
                let solver = Solver::try_new(&problem).map_err(PuzzleError::Memory)?;
                (solver, Swaps::for_rules(&self.rules))
            }
        };
        let made = self.generate_with(&mut solver, &mut swaps, index);
        if let Ok(mut pool) = self.solvers.0.lock() {
            pool.push((solver, swaps));
        }
        made
    }

    /// `generate`, on `solver`, a solver of the rules' problem.
    fn generate_with(
        &self,
        solver: &mut Solver,
        swaps: &mut Swaps,
        index: u64,
    ) -> Result<Generated, GenerateError> {
        let mut rng = Rng::for_puzzle(self.seed, index);
        let mut stopped = None;
        for attempt in 1..=self.attempts {
            // A search for a solved grid that runs out of budget (large
            // grids, unlucky ties) is an attempt lost, not the end.
            solver.set_budget(self.budget.clone());
            let solution = match self.solved_grid(solver, &mut rng) {
                Err(GenerateError::Interrupted(why)) => {
                    stopped = Some(why);
                    continue;
                }
                other => other?,
            };
            let mut groups: Vec<&[usize]> = self.groups.cells.iter().map(Vec::as_slice).collect();
            rng.shuffle(&mut groups);
            swaps.compute(&solution);
            let (puzzle, undecided) = Reduction {
                rules: &self.rules,
                solver,
                budget: &self.budget,
                swaps,
                solution: &solution,
                lenient: true,
            }
            .run(&solution, &groups)?;
            let graded = self.graded(&puzzle)?;
            if graded && self.clues.is_none_or(|c| puzzle.given_count() == c) {
                return Ok(Generated {
                    puzzle,
                    solution,
                    attempts: attempt,
                    undecided,
                });
            }
        }
        let grades = self.ratings.or(self.grades);
        if let Some(why) = stopped.filter(|_| self.clues.is_none() && grades.is_none()) {
            return Err(GenerateError::Interrupted(why));
        }
        Err(GenerateError::NotReached {
            attempts: self.attempts,
            wanted: match (self.clues, grades) {
                (Some(c), Some((l, h))) => format!("{c} clues and a grade in {l}..{h}"),
                (Some(c), None) => format!("{c} clues"),
                (None, Some((l, h))) => format!("a grade in {l}..{h}"),
                (None, None) => "a puzzle".to_string(),
            },
        })
    }

    /// Whether `puzzle` meets the ranges of ratings and grades asked for.
    fn graded(&self, puzzle: &Grid) -> Result<bool, GenerateError> {
        if self.grades.is_none() && self.ratings.is_none() {
            return Ok(true);
        }
        let ruled = RuledGrid::new(&self.rules, puzzle).map_err(|_| GenerateError::NoGrid)?;
        if let Some((low, high)) = self.ratings {
            if !(low..=high).contains(&rate(ruled, &self.budget)?.score) {
                return Ok(false);
            }
        }
        if let Some((low, high)) = self.grades {
            let g = grade(ruled, &self.budget)?;
            if !(low..=high).contains(&g.guesses) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// A random solved grid: the first solution of the empty grid with
    /// random tie-breaking, its digits then renamed at random when the
    /// rules treat all digits alike (no cage sums).
    fn solved_grid(&self, solver: &mut Solver, rng: &mut Rng) -> Result<Grid, GenerateError> {
        solver.clear_selection();
        if self.rules.cages().is_empty() {
            // Without cages the rules treat all digits alike, so some
            // solved grid has 1 to N along its first row (rename the digits
            // of any one), and the renaming below makes that row random:
            // the search starts a row further down.
            let first_row = (0..self.rules.size())
                .try_for_each(|c| solver.select(self.rules.option_of(c, c + 1)));
            if first_row.is_err() {
                solver.clear_selection();
            }
        }
        solver.set_tiebreak(Some(rng.next()));
        let options = match solver.solution() {
            Ok(Some(options)) => options,
            Ok(None) => return Err(GenerateError::NoGrid),
            Err(stop) => return Err(GenerateError::Interrupted(stop.reason)),
        };
        solver.set_tiebreak(None);
        let n = self.rules.size();
        let mut names: Vec<u8> = (1..=n as u8).collect();
        if self.rules.cages().is_empty() {
            rng.shuffle(&mut names);
        }
        let mut grid = Grid::empty(self.rules.shape());
        // The grid has the rules' shape: this cannot fail.
        self.rules
            .fill(&mut grid, &options)
            .map_err(|_| GenerateError::NoGrid)?;
        for v in grid.cells_mut().iter_mut().filter(|v| **v != 0) {
            *v = names[*v as usize - 1];
        }
        Ok(grid)
    }
}
