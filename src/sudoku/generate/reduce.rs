//! Taking clues away while the puzzle stays unique: [`Reduction`], the step
//! the [`Generator`](crate::sudoku::Generator) and
//! [`minimize`](crate::sudoku::minimize) share.

use std::time::Instant;

use crate::engine::{Budget, Interruption, Solver};
use crate::sudoku::Grid;
use crate::sudoku::rules::Rules;
use crate::sudoku::swaps::Swaps;
use crate::sudoku::unique::PuzzleError;
use crate::util::random::splitmix64;

/// Takes clues away from a unique puzzle, group by group, each only if the
/// puzzle stays unique ([`Reduction::run`]): what the tests need, borrowed
/// for the reduction.
pub(super) struct Reduction<'a> {
    /// The rules.
    pub(super) rules: &'a Rules,
    /// A solver of the rules' problem: the reduction owns its selection,
    /// and leaves it on [`test_budget`] of `budget`.
    pub(super) solver: &'a mut Solver,
    /// The budget of each test (see [`test_budget`]).
    pub(super) budget: &'a Budget,
    /// The unavoidable sets of `solution` ([`Swaps::compute`] done).
    pub(super) swaps: &'a mut Swaps,
    /// The puzzle's solution.
    pub(super) solution: &'a Grid,
    /// Whether a test that runs out of budget keeps its group of clues (a
    /// group *undecided*) rather than end the reduction with an error.
    pub(super) lenient: bool,
}

impl Reduction<'_> {
    /// Takes the groups of clues away from `start` (a unique puzzle whose
    /// solution is the reduction's), in the order given, each only if the
    /// puzzle stays unique; returns the puzzle and, when lenient, the number
    /// of groups kept because their test ran out of budget (else that is an
    /// error).
    ///
    /// A group whose removal would leave an unavoidable set of the swaps
    /// without a clue is kept at once; the others are asked of the search.
    ///
    /// The clues stay selected in the solver from one test to the next, and
    /// only what changes is undone: they are selected group by group in the
    /// reverse order, so that the group to try next is always at the top of
    /// the selection (the clues found necessary on top of it, taken off and
    /// put back around each test). When more than [`REBUILD_AFTER`] clues
    /// have gathered on top, the selection is rebuilt: the necessary clues
    /// at the bottom, with the groups still to try that a set already shows
    /// necessary (*settled*: taking other clues away only empties sets
    /// further, so such a group stays necessary and is skipped at its turn),
    /// then the other groups still to try.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::Interrupted`] when a test runs out of budget (unless
    /// lenient); [`PuzzleError::Unsolvable`] were the solution's clues to
    /// conflict, which they cannot.
    pub(super) fn run(
        &mut self,
        start: &Grid,
        groups: &[&[usize]],
    ) -> Result<(Grid, usize), PuzzleError> {
        self.solver.set_budget(test_budget(self.budget));
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
        self.solver.clear_selection();
        for k in (0..groups.len()).rev() {
            self.select(clues_of(k))?;
        }
        self.swaps.count_clues(start);
        let mut puzzle = start.clone();
        // The clues found necessary since the selection was last rebuilt:
        // they sit on top of the groups still to try.
        let mut kept: Vec<usize> = Vec::new();
        let mut settled = vec![false; groups.len()];
        let mut undecided = 0;
        for g in 0..groups.len() {
            let cells = clues_of(g);
            if cells.is_empty() || settled[g] {
                continue;
            }
            if self.swaps.leaves_one_empty(cells) {
                // Necessary, with no search: it stays selected where it is,
                // just under the kept clues, and counts as one of them.
                kept.extend_from_slice(cells);
                continue;
            }
            if kept.len() > REBUILD_AFTER {
                for (later, done) in settled.iter_mut().enumerate().skip(g + 1) {
                    *done = *done
                        || (!clues_of(later).is_empty()
                            && self.swaps.leaves_one_empty(clues_of(later)));
                }
                // Still to try, on top: this group and the unsettled later
                // ones.
                let waiting = |c: usize| {
                    let k = group_of[c];
                    k != usize::MAX && k >= g && !settled[k]
                };
                self.solver.clear_selection();
                for c in (0..puzzle.cells().len()).filter(|&c| puzzle.cells()[c] != 0) {
                    if !waiting(c) {
                        self.select(&[c])?;
                    }
                }
                for later in (g..groups.len()).rev().filter(|&k| !settled[k]) {
                    self.select(clues_of(later))?;
                }
                kept.clear();
            }
            for _ in 0..kept.len() + cells.len() {
                self.solver.unselect_last();
            }
            self.select(&kept)?;
            let removable = match self.differs_nowhere(cells) {
                Err(PuzzleError::Interrupted(_)) if self.lenient => {
                    undecided += 1;
                    false
                }
                other => other?,
            };
            if removable {
                for &c in cells {
                    self.swaps.remove_clue(c);
                    puzzle.cells_mut()[c] = 0;
                }
            } else {
                self.select(cells)?;
                kept.extend_from_slice(cells);
            }
        }
        Ok((puzzle, undecided))
    }

    /// Selects the clues of `cells`, the solution's digits there, in order.
    fn select(&mut self, cells: &[usize]) -> Result<(), PuzzleError> {
        for &c in cells {
            // The givens are a solution's: selecting them cannot conflict.
            self.solver
                .select(self.option_at(c))
                .map_err(|_| PuzzleError::Unsolvable)?;
        }
        Ok(())
    }

    /// The option of the solution's digit in cell `c`.
    fn option_at(&self, c: usize) -> usize {
        self.rules.option_of(c, self.solution.cells()[c] as usize)
    }

    /// Whether, with the clues selected in the solver (a puzzle that the
    /// solution solves), no solution differs from it in a cell of
    /// `emptied`: a first-solution search for each cell with its value
    /// excluded.
    fn differs_nowhere(&mut self, emptied: &[usize]) -> Result<bool, PuzzleError> {
        for &c in emptied {
            // The option is never ruled out by the clues, which are the
            // solution's; were it, no solution would differ here.
            if self.solver.exclude(self.option_at(c)) != Ok(true) {
                continue;
            }
            let found = has_solution(self.solver, self.budget, c as u64);
            self.solver.unselect_last();
            match found {
                Err(why) => return Err(PuzzleError::Interrupted(why)),
                Ok(true) => return Ok(false),
                Ok(false) => {}
            }
        }
        Ok(true)
    }
}

/// When more clues than this are kept on top of the selection, it is
/// rebuilt with them at the bottom (see [`Reduction::run`]).
const REBUILD_AFTER: usize = 8;

/// The nodes a test's first search may visit before it starts again.
const RESTART_NODES: u64 = 10_000;

/// `budget` for the tests of a [`Reduction`]: its node limit, if lower, else
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
    match solver.count(Some(1)) {
        Err(stop)
            if stop.reason == Interruption::NodeLimit
                && budget.max_nodes().is_none_or(|m| m > RESTART_NODES) => {}
        Err(stop) => return Err(stop.reason),
        Ok(found) => return Ok(found.solutions > 0),
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
        let found = solver.count(Some(1));
        spent = spent.saturating_add(solver.stats().nodes);
        match found {
            Err(stop) if stop.reason == Interruption::NodeLimit && restart => {}
            Err(stop) => break Err(stop.reason),
            Ok(found) => break Ok(found.solutions > 0),
        }
    };
    solver.set_tiebreak(None);
    solver.set_budget(test_budget(budget));
    answer
}
