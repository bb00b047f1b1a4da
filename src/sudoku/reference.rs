//! A plain backtracking solver, to check the exact-cover one against.
//!
//! It is the textbook method (LeetCode 37): take the empty cells in reading
//! order; in each, try the values from 1 up, keeping one only if it breaks
//! no rule: no unit of the cell (its row, column and box under the classic
//! rules; regions, diagonals, windows, extra regions) holds it already, no
//! other cell of its cages holds it, the digits of each of its cages add up
//! to no more than the cage's sum, and exactly to it once the cage is full,
//! and (anti-knight, anti-king) no cell a knight's or a king's move away
//! holds it. The rules are read as they are stated, from [`Rules`]'
//! units, cages and flags, not from the items and options of the
//! exact-cover problem. When a cell has no value left, go back to the
//! previous cell and try its next value. The loop keeps the
//! position in an index instead of recursing, so even the largest grids
//! cannot overflow the stack. It is meant to be obviously correct, not fast.

use std::fmt;

use crate::sudoku::grid::Grid;
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::Rules;

/// The reference solver ran out of the steps it was allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OutOfSteps {
    /// Solutions found before it stopped.
    pub solutions: u64,
}

impl fmt::Display for OutOfSteps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "reference solver ran out of steps after {} solutions",
            self.solutions
        )
    }
}

impl std::error::Error for OutOfSteps {}

/// The moves of a knight.
const KNIGHT: [(isize, isize); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The moves of a king.
const KING: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Whether a cell `moves` away from `cell` holds `value`.
fn seen_from(n: usize, cells: &[u8], cell: usize, value: u8, moves: &[(isize, isize)]) -> bool {
    let (r, c) = ((cell / n) as isize, (cell % n) as isize);
    moves.iter().any(|&(dr, dc)| {
        let (r2, c2) = (r + dr, c + dc);
        (0..n as isize).contains(&r2)
            && (0..n as isize).contains(&c2)
            && cells[r2 as usize * n + c2 as usize] == value
    })
}

/// Whether `value` can go in the empty cell `cell` of `cells`: no cell of a
/// unit or a cage that contains it holds it, its cages' sums can still be
/// met, and no cell a knight's or king's move away holds it when the rules
/// forbid that.
fn allowed(rules: &Rules, cells: &[u8], cell: usize, value: u8) -> bool {
    let n = rules.size();
    let units_ok = rules
        .units_of(cell)
        .all(|unit| rules.unit_cells(unit).all(|k| cells[k] != value));
    let cages_ok = rules.cages_of(cell).all(|cage| {
        let cage = &rules.cages()[cage];
        let others = cage.cells.iter().filter(|&&k| k != cell).map(|&k| cells[k]);
        if others.clone().any(|v| v == value) {
            return false;
        }
        match cage.sum {
            None => true,
            Some(sum) => {
                let total = others.clone().map(usize::from).sum::<usize>() + value as usize;
                let full = others.clone().all(|v| v != 0);
                total <= sum && (!full || total == sum)
            }
        }
    });
    units_ok
        && cages_ok
        && !(rules.is_anti_knight() && seen_from(n, cells, cell, value, &KNIGHT))
        && !(rules.is_anti_king() && seen_from(n, cells, cell, value, &KING))
}

/// Counts the solutions of `puzzle` (a `&Grid` under the classic rules, or a
/// [`RuledGrid`]) up to `limit`, trying at most
/// `max_steps` values (`None`: no bound), and returns the count with the
/// first solution found.
///
/// # Errors
///
/// [`OutOfSteps`] when `max_steps` runs out first.
///
/// ```
/// use exactcover::sudoku::{reference, Grid};
/// let empty: Grid = "................".parse()?;
/// let (count, first) = reference::search(&empty, u64::MAX, None)?;
/// assert_eq!(count, 288);
/// assert!(first.unwrap().is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search<'p>(
    puzzle: impl Into<RuledGrid<'p>>,
    limit: u64,
    max_steps: Option<u64>,
) -> Result<(u64, Option<Grid>), OutOfSteps> {
    search_ruled(puzzle.into(), limit, max_steps)
}

/// [`search`] once the puzzle is a [`RuledGrid`] (not generic, so compiled
/// once, here).
fn search_ruled(
    puzzle: RuledGrid<'_>,
    limit: u64,
    max_steps: Option<u64>,
) -> Result<(u64, Option<Grid>), OutOfSteps> {
    let (rules, puzzle) = (puzzle.rules(), puzzle.grid());
    let n = puzzle.size();
    let mut cells = puzzle.cells().to_vec();
    // Each given must be allowed where it stands, given the others.
    for k in 0..cells.len() {
        let value = cells[k];
        if value != 0 {
            cells[k] = 0;
            let ok = allowed(&rules, &cells, k, value);
            cells[k] = value;
            if !ok {
                return Ok((0, None));
            }
        }
    }
    let empty: Vec<usize> = (0..cells.len()).filter(|&k| cells[k] == 0).collect();
    let mut count = 0;
    let mut first = None;
    let mut steps = 0u64;
    let mut k = 0; // the empty cell being filled
    loop {
        if k == empty.len() {
            count += 1;
            if first.is_none() {
                let mut solved = puzzle.clone();
                solved.cells_mut().copy_from_slice(&cells);
                first = Some(solved);
            }
            if count >= limit || k == 0 {
                break;
            }
            k -= 1; // look for the next solution
        }
        let cell = empty[k];
        let mut value = cells[cell] + 1;
        cells[cell] = 0;
        while value as usize <= n && !allowed(&rules, &cells, cell, value) {
            value += 1;
        }
        steps += 1;
        if max_steps.is_some_and(|m| steps > m) {
            return Err(OutOfSteps { solutions: count });
        }
        if value as usize <= n {
            cells[cell] = value;
            k += 1;
        } else if k == 0 {
            break; // every value of the first empty cell has been tried
        } else {
            k -= 1;
        }
    }
    Ok((count, first))
}
