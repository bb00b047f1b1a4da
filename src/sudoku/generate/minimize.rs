//! [`minimize`]: a minimal unique subset of a puzzle's clues.

use crate::engine::Budget;
use crate::sudoku::Grid;
use crate::sudoku::generate::reduce::Reduction;
use crate::sudoku::generate::rng::Rng;
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::swaps::Swaps;
use crate::sudoku::unique::{PuzzleError, Unique};

/// A minimal unique subset of `puzzle`'s clues: they are taken away in a
/// random order from `seed`, each only if the puzzle stays unique, so that
/// in the end none can go.
///
/// # Errors
///
/// [`PuzzleError::Conflict`] when two givens break a rule,
/// [`PuzzleError::Unsolvable`], [`PuzzleError::NotUnique`] (no subset of
/// the clues of a puzzle of several solutions is unique), or
/// [`PuzzleError::Interrupted`] when `budget` runs out.
///
/// ```
/// use exactcover::Budget;
/// use exactcover::sudoku::{Grid, SudokuSolver, minimize};
/// let puzzle: Grid = "12343412214343.1".parse()?;
/// let minimal = minimize(&puzzle, 1, &Budget::new())?;
/// assert!(minimal.given_count() < puzzle.given_count());
/// assert_eq!(SudokuSolver::new().count(&minimal, Some(2))?.solutions, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimize<'p>(
    puzzle: impl Into<RuledGrid<'p>>,
    seed: u64,
    budget: &Budget,
) -> Result<Grid, PuzzleError> {
    let puzzle = puzzle.into();
    let grid = puzzle.grid();
    let Unique {
        rules,
        mut solver,
        solution,
    } = Unique::check(puzzle, budget)?;
    let clues: Vec<usize> = (0..grid.cells().len())
        .filter(|&c| grid.cells()[c] != 0)
        .collect();
    let mut groups: Vec<&[usize]> = clues.chunks(1).collect();
    Rng::for_puzzle(seed, 0).shuffle(&mut groups);
    let mut swaps = Swaps::for_rules(&rules);
    swaps.compute(&solution);
    let (minimal, _) = Reduction {
        rules: &rules,
        solver: &mut solver,
        budget,
        swaps: &mut swaps,
        solution: &solution,
        lenient: false,
    }
    // From the puzzle's clues, not the whole solution.
    .run(grid, &groups)?;
    Ok(minimal)
}
