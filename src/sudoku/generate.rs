//! Making puzzles: [`Generator`] (a random solved grid, then clues taken
//! away while the puzzle stays unique), [`minimize`] (a minimal unique
//! subset of a puzzle's clues) and [`Symmetry`] (the patterns of clues).
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

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::engine::{Budget, Interruption, SearchEnd, Solver};
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::Rules;
use crate::sudoku::swaps::Swaps;
use crate::sudoku::{Grid, Shape};
use crate::util::random::splitmix64;

/// The symmetry of a puzzle's pattern of clues: a cell is a clue exactly
/// when its images are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// No symmetry: clues are taken away one at a time.
    #[default]
    None,
    /// A half turn about the centre.
    Rot180,
    /// Quarter turns about the centre.
    Rot90,
    /// A mirror in the vertical middle line (left to right).
    Mirror,
    /// A mirror in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of their names.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The cells (reading order) that go with `cell` under this symmetry on
    /// an `n x n` grid, `cell` first, each once.
    ///
    /// ```
    /// use exactcover::sudoku::Symmetry;
    /// assert_eq!(Symmetry::Rot180.orbit(0, 4), [0, 15]);
    /// assert_eq!(Symmetry::Rot90.orbit(0, 4), [0, 3, 15, 12]);
    /// assert_eq!(Symmetry::Mirror.orbit(5, 4), [5, 6]);
    /// ```
    #[must_use]
    pub fn orbit(self, cell: usize, n: usize) -> Vec<usize> {
        let (r, c) = (cell / n, cell % n);
        let m = n - 1;
        let images: Vec<(usize, usize)> = match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rot180 => vec![(r, c), (m - r, m - c)],
            Symmetry::Rot90 => vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Mirror => vec![(r, c), (r, m - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
        };
        let mut out = Vec::with_capacity(images.len());
        for (r, c) in images {
            if !out.contains(&(r * n + c)) {
                out.push(r * n + c);
            }
        }
        out
    }

    /// The cells of an `n x n` grid in groups that are clues together.
    fn groups(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut groups = Vec::new();
        for cell in 0..n * n {
            if !seen[cell] {
                let orbit = self.orbit(cell, n);
                for &c in &orbit {
                    seen[c] = true;
                }
                groups.push(orbit);
            }
        }
        groups
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        })
    }
}

impl FromStr for Symmetry {
    type Err = GenerateError;

    /// ```
    /// use exactcover::sudoku::Symmetry;
    /// assert_eq!("rot180".parse::<Symmetry>()?, Symmetry::Rot180);
    /// assert!("spiral".parse::<Symmetry>().is_err());
    /// # Ok::<(), exactcover::sudoku::GenerateError>(())
    /// ```
    fn from_str(s: &str) -> Result<Symmetry, GenerateError> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.to_string() == s)
            .ok_or_else(|| GenerateError::UnknownSymmetry(s.chars().take(40).collect()))
    }
}

/// Why a puzzle could not be made, or minimized.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// Not one of `none`, `rot180`, `rot90`, `mirror`, `diagonal`.
    UnknownSymmetry(String),
    /// No attempt met the clue count or grade asked for.
    NotReached {
        /// The attempts made.
        attempts: usize,
        /// What was asked.
        wanted: String,
    },
    /// The rules have no solved grid at all.
    NoGrid,
    /// The budget ran out.
    Interrupted(Interruption),
    /// (Minimizing) two givens break a rule.
    Invalid(String),
    /// (Minimizing) the puzzle has no solution.
    Unsolvable,
    /// (Minimizing) the puzzle has several solutions: no subset of its
    /// clues is unique.
    NotUnique,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::UnknownSymmetry(s) => write!(
                f,
                "unknown symmetry '{s}' (none, rot180, rot90, mirror or diagonal)"
            ),
            GenerateError::NotReached { attempts, wanted } => {
                write!(f, "no puzzle with {wanted} in {attempts} attempts")
            }
            GenerateError::NoGrid => write!(f, "these rules have no solved grid"),
            GenerateError::Interrupted(why) => write!(f, "the search stopped ({why})"),
            GenerateError::Invalid(why) => write!(f, "invalid: {why}"),
            GenerateError::Unsolvable => write!(f, "unsolvable"),
            GenerateError::NotUnique => write!(f, "not unique: it has several solutions"),
        }
    }
}

impl std::error::Error for GenerateError {}

/// A seeded source of numbers: SplitMix64.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator of puzzle `index` of seed `seed`.
    pub(crate) fn for_puzzle(seed: u64, index: u64) -> Rng {
        let mut s = seed ^ 0x6a09_e667_f3bc_c909;
        let a = splitmix64(&mut s);
        let mut t = index ^ a;
        Rng(splitmix64(&mut t))
    }

    pub(crate) fn next(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// A number below `n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Shuffles `items` (Fisher and Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            items.swap(k, self.below(k + 1));
        }
    }
}

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
///     .seed(42)
///     .symmetry(Symmetry::Rot180);
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
    pub fn seed(mut self, seed: u64) -> Generator {
        self.seed = seed;
        self
    }

    /// The symmetry of the clues.
    #[must_use]
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.groups = Arc::new(Groups::new(symmetry, self.rules.size()));
        self
    }

    /// Only puzzles with exactly `clues` clues (made by trying solved grids
    /// until one gives such a puzzle, at most [`Generator::attempts`]).
    #[must_use]
    pub fn clues(mut self, clues: Option<usize>) -> Generator {
        self.clues = clues;
        self
    }

    /// Only puzzles whose [`grade`](crate::sudoku::grade) (the mean number
    /// of guesses) lies in `low..=high` (tried as [`Generator::clues`] is).
    #[must_use]
    pub fn grades(mut self, range: Option<(f64, f64)>) -> Generator {
        self.grades = range;
        self
    }

    /// How many solved grids a puzzle may try (100 by default, at least 1).
    #[must_use]
    pub fn attempts(mut self, attempts: usize) -> Generator {
        self.attempts = attempts.max(1);
        self
    }

    /// The budget of every search (a timeout per search, a node limit...).
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Generator {
        self.budget = budget;
        self
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
        let (mut solver, mut swaps) = taken.unwrap_or_else(|| {
            (
                Solver::new(&self.rules.problem()),
                Swaps::for_rules(&self.rules),
            )
        });
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
            let (puzzle, undecided) = reduce(
                &self.rules,
                solver,
                &self.budget,
                swaps,
                &solution,
                &solution,
                &groups,
                true,
            )?;
            let graded = match self.grades {
                None => true,
                Some((low, high)) => {
                    let ruled =
                        RuledGrid::new(&self.rules, &puzzle).map_err(|_| GenerateError::NoGrid)?;
                    let g = crate::sudoku::grade(ruled, &self.budget)?;
                    (low..=high).contains(&g.guesses)
                }
            };
            if graded && self.clues.is_none_or(|c| puzzle.given_count() == c) {
                return Ok(Generated {
                    puzzle,
                    solution,
                    attempts: attempt,
                    undecided,
                });
            }
        }
        if let Some(why) = stopped.filter(|_| self.clues.is_none() && self.grades.is_none()) {
            return Err(GenerateError::Interrupted(why));
        }
        Err(GenerateError::NotReached {
            attempts: self.attempts,
            wanted: match (self.clues, self.grades) {
                (Some(c), Some((l, h))) => format!("{c} clues and a grade in {l}..{h}"),
                (Some(c), None) => format!("{c} clues"),
                (None, Some((l, h))) => format!("a grade in {l}..{h}"),
                (None, None) => "a puzzle".to_string(),
            },
        })
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
        let cells = grid.cells_mut();
        for &o in options
            .iter()
            .filter(|&&o| o < self.rules.placement_count())
        {
            let (cell, value) = self.rules.placement(o);
            cells[cell] = names[value - 1];
        }
        Ok(grid)
    }
}

/// Takes the groups of clues away from `start` (a unique puzzle whose
/// solution is `solution`), in the order given, each only if the puzzle stays
/// unique; returns the puzzle and, when `lenient`, the number of groups
/// kept because their test ran out of budget (else that is an error).
///
/// A group whose removal would leave an unavoidable set of `swaps`
/// (computed for `solution`) without a clue is kept at once; the others are
/// asked of the search.
///
/// The clues stay selected in `solver` from one test to the next, and only
/// what changes is undone: they are selected group by group in the reverse
/// order, so that the group to try next is always at the top of the
/// selection (the clues found necessary on top of it, taken off and put back
/// around each test). When more than [`REBUILD_AFTER`] clues have gathered
/// on top, the selection is rebuilt: the necessary clues at the bottom, with
/// the groups still to try that a set already shows necessary (*settled*:
/// taking other clues away only empties sets further, so such a group stays
/// necessary and is skipped at its turn), then the other groups still to
/// try.
///
/// The tests run on [`test_budget`], `budget` with a node limit at which
/// they start again; `solver` is left on it.
#[allow(clippy::too_many_arguments)]
fn reduce(
    rules: &Rules,
    solver: &mut Solver,
    budget: &Budget,
    swaps: &mut Swaps,
    start: &Grid,
    solution: &Grid,
    groups: &[&[usize]],
    lenient: bool,
) -> Result<(Grid, usize), GenerateError> {
    solver.set_budget(test_budget(budget));
    let select = |solver: &mut Solver, c: usize| {
        // The givens are a solution's: selecting them cannot conflict.
        solver
            .select(rules.option_of(c, solution.cells()[c] as usize))
            .map(|_| ())
            .map_err(|_| GenerateError::Unsolvable)
    };
    // The clues of group `k` in `start` are `clues[at[k]..at[k + 1]]`.
    let mut clues: Vec<usize> = Vec::new();
    let mut at = vec![0];
    for group in groups {
        clues.extend(group.iter().copied().filter(|&c| start.cells()[c] != 0));
        at.push(clues.len());
    }
    let clues_of = |k: usize| &clues[at[k]..at[k + 1]];
    // The group of every clue.
    let mut group_of = vec![usize::MAX; start.cells().len()];
    for k in 0..groups.len() {
        for &c in clues_of(k) {
            group_of[c] = k;
        }
    }
    solver.clear_selection();
    for k in (0..groups.len()).rev() {
        for &c in clues_of(k) {
            select(solver, c)?;
        }
    }
    swaps.count_clues(start);
    let mut puzzle = start.clone();
    // The clues found necessary since the selection was last rebuilt: they
    // sit on top of the groups still to try.
    let mut kept: Vec<usize> = Vec::new();
    let mut settled = vec![false; groups.len()];
    let mut undecided = 0;
    for g in 0..groups.len() {
        let cells = clues_of(g);
        if cells.is_empty() || settled[g] {
            continue;
        }
        if swaps.leaves_one_empty(cells) {
            // Necessary, with no search: it stays selected where it is,
            // just under the kept clues, and counts as one of them.
            kept.extend_from_slice(cells);
            continue;
        }
        if kept.len() > REBUILD_AFTER {
            for (later, done) in settled.iter_mut().enumerate().skip(g + 1) {
                *done = *done
                    || (!clues_of(later).is_empty() && swaps.leaves_one_empty(clues_of(later)));
            }
            // Still to try, on top: this group and the unsettled later ones.
            let waiting = |c: usize| {
                let k = group_of[c];
                k != usize::MAX && k >= g && !settled[k]
            };
            solver.clear_selection();
            for c in (0..puzzle.cells().len()).filter(|&c| puzzle.cells()[c] != 0) {
                if !waiting(c) {
                    select(solver, c)?;
                }
            }
            for later in (g..groups.len()).rev().filter(|&k| !settled[k]) {
                for &c in clues_of(later) {
                    select(solver, c)?;
                }
            }
            kept.clear();
        }
        for _ in 0..kept.len() + cells.len() {
            solver.unselect_last();
        }
        for &c in &kept {
            select(solver, c)?;
        }
        let removable = match differs_nowhere(rules, solver, budget, solution, cells) {
            Err(GenerateError::Interrupted(_)) if lenient => {
                undecided += 1;
                false
            }
            other => other?,
        };
        if removable {
            for &c in cells {
                swaps.remove_clue(c);
                puzzle.cells_mut()[c] = 0;
            }
        } else {
            for &c in cells {
                select(solver, c)?;
            }
            kept.extend_from_slice(cells);
        }
    }
    Ok((puzzle, undecided))
}

/// When more clues than this are kept on top of the selection, it is
/// rebuilt with them at the bottom (see [`reduce`]).
const REBUILD_AFTER: usize = 8;

/// Whether, with the clues selected in `solver` (a puzzle that `solution`
/// solves), no solution differs from `solution` in a cell of `emptied`: a
/// first-solution search for each cell with its value excluded.
fn differs_nowhere(
    rules: &Rules,
    solver: &mut Solver,
    budget: &Budget,
    solution: &Grid,
    emptied: &[usize],
) -> Result<bool, GenerateError> {
    for &c in emptied {
        let v = solution.cells()[c] as usize;
        // The option is never ruled out by the clues, which are the
        // solution's; were it, no solution would differ here.
        if solver.exclude(rules.option_of(c, v)) != Ok(true) {
            continue;
        }
        let found = has_solution(solver, budget, c as u64);
        solver.unselect_last();
        match found {
            Err(why) => return Err(GenerateError::Interrupted(why)),
            Ok(true) => return Ok(false),
            Ok(false) => {}
        }
    }
    Ok(true)
}

/// The nodes a test's first search may visit before it starts again.
const RESTART_NODES: u64 = 10_000;

/// `budget` for the tests of [`reduce`]: its node limit, if lower, else
/// [`RESTART_NODES`], where [`has_solution`] takes over.
fn test_budget(budget: &Budget) -> Budget {
    let cap = budget
        .max_nodes()
        .map_or(RESTART_NODES, |m| m.min(RESTART_NODES));
    budget.clone().with_max_nodes(cap)
}

/// Whether the selection in `solver` has a solution: a first-solution
/// search (its options are not needed), on the budget of
/// [`test_budget`]. A search that passes [`RESTART_NODES`] nodes starts
/// again with its ties broken at random (seeded from `key` and the
/// attempt) and twice the nodes, until `budget` runs out: a backtracking
/// search's time has a heavy tail that fresh random orders cut (Gomes,
/// Selman and Kautz, "Boosting combinatorial search through randomization",
/// 1998). Afterwards `solver` is back on the test budget, its ties
/// unbroken.
fn has_solution(solver: &mut Solver, budget: &Budget, key: u64) -> Result<bool, Interruption> {
    let found = solver.count_solutions(Some(1));
    match found.end {
        SearchEnd::Interrupted(Interruption::NodeLimit)
            if budget.max_nodes().is_none_or(|m| m > RESTART_NODES) => {}
        SearchEnd::Interrupted(why) => return Err(why),
        _ => return Ok(found.solutions > 0),
    }
    // The budget's time, if any, now runs for the test as a whole.
    let mut base = budget.clone();
    if let Some(deadline) = budget.deadline_from(Instant::now()) {
        base = base.with_deadline(deadline);
    }
    let (mut spent, mut limit) = (RESTART_NODES, RESTART_NODES);
    let mut attempt = 0u64;
    let answer = loop {
        attempt += 1;
        limit = limit.saturating_mul(2);
        let left = budget.max_nodes().map(|m| m.saturating_sub(spent));
        let (cap, restart) = match left {
            Some(0) => break Err(Interruption::NodeLimit),
            Some(l) if l <= limit => (l, false),
            _ => (limit, true),
        };
        solver.set_budget(base.clone().with_max_nodes(cap));
        let mut state = key ^ attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        solver.set_tiebreak(Some(splitmix64(&mut state)));
        let found = solver.count_solutions(Some(1));
        spent = spent.saturating_add(solver.stats().nodes);
        match found.end {
            SearchEnd::Interrupted(Interruption::NodeLimit) if restart => {}
            SearchEnd::Interrupted(why) => break Err(why),
            _ => break Ok(found.solutions > 0),
        }
    };
    solver.set_tiebreak(None);
    solver.set_budget(test_budget(budget));
    answer
}

impl Grid {
    /// A minimal unique subset of the clues under the classic rules of the
    /// grid's shape, taken away in an order drawn from `seed`: [`minimize`]
    /// on this grid (which also takes variant rules, as a
    /// [`RuledGrid`]).
    ///
    /// # Errors
    ///
    /// As [`minimize`]: invalid, unsolvable, not unique, or interrupted by
    /// `budget`.
    ///
    /// ```
    /// use exactcover::Budget;
    /// use exactcover::sudoku::Grid;
    /// let puzzle: Grid = "12343412214343.1".parse()?;
    /// let minimal = puzzle.minimize(7, &Budget::new())?;
    /// assert!(minimal.is_unique());
    /// assert!(minimal.given_count() < puzzle.given_count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn minimize(&self, seed: u64, budget: &Budget) -> Result<Grid, GenerateError> {
        minimize(self, seed, budget)
    }
}

/// A minimal unique subset of `puzzle`'s clues: they are taken away in a
/// random order from `seed`, each only if the puzzle stays unique, so that
/// in the end none can go.
///
/// # Errors
///
/// [`GenerateError::Invalid`] when two givens break a rule,
/// [`GenerateError::Unsolvable`], [`GenerateError::NotUnique`], or
/// [`GenerateError::Interrupted`] when `budget` runs out.
///
/// ```
/// use exactcover::Budget;
/// use exactcover::sudoku::{Grid, SudokuSolver, minimize};
/// let puzzle: Grid = "12343412214343.1".parse()?;
/// let minimal = minimize(&puzzle, 1, &Budget::new())?;
/// assert!(minimal.given_count() < puzzle.given_count());
/// assert!(SudokuSolver::new().is_unique(&minimal)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimize<'p>(
    puzzle: impl Into<RuledGrid<'p>>,
    seed: u64,
    budget: &Budget,
) -> Result<Grid, GenerateError> {
    let puzzle = puzzle.into();
    if let Some(conflict) = puzzle.conflict() {
        return Err(GenerateError::Invalid(conflict.to_string()));
    }
    let rules = puzzle.rules();
    let grid = puzzle.grid();
    let mut solver = Solver::new(&rules.problem());
    solver.set_budget(budget.clone());
    if rules.select_givens(grid, &mut solver).is_err() {
        return Err(GenerateError::Unsolvable);
    }
    let mut solutions = Vec::new();
    let end = solver.visit(|s| {
        solutions.push(s.to_vec());
        if solutions.len() >= 2 {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    if let SearchEnd::Interrupted(why) = end {
        return Err(GenerateError::Interrupted(why));
    }
    match solutions.len() {
        0 => return Err(GenerateError::Unsolvable),
        1 => {}
        _ => return Err(GenerateError::NotUnique),
    }
    let mut solution = grid.clone();
    for &o in solutions[0]
        .iter()
        .filter(|&&o| o < rules.placement_count())
    {
        let (cell, value) = rules.placement(o);
        solution.cells_mut()[cell] = value as u8;
    }
    let clues: Vec<usize> = (0..grid.cells().len())
        .filter(|&c| grid.cells()[c] != 0)
        .collect();
    let mut groups: Vec<&[usize]> = clues.chunks(1).collect();
    Rng::for_puzzle(seed, 0).shuffle(&mut groups);
    // Start from the puzzle's clues, not the whole solution.
    let mut start = solution.clone();
    for (cell, &v) in grid.cells().iter().enumerate() {
        if v == 0 {
            start.cells_mut()[cell] = 0;
        }
    }
    let mut swaps = Swaps::for_rules(&rules);
    swaps.compute(&solution);
    reduce(
        &rules,
        &mut solver,
        budget,
        &mut swaps,
        &start,
        &solution,
        &groups,
        false,
    )
    .map(|(puzzle, _)| puzzle)
}
