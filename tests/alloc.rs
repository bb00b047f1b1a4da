//! Steady-state solving allocates nothing: a counting global allocator
//! watches a reused `SudokuSolver` solve puzzle after puzzle.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::Arc;

use exactcover::sudoku::{Grid, RuledGrid, Rules, Shape, SudokuSolver};
use exactcover::{Problem, Solver};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; the
// thread-local counter is a `Cell<u64>` with a `const` initialiser, which
// never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract for `realloc` is passed on as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Puzzles of several kinds: unique, multiple solutions, unsolvable,
/// conflicting givens.
fn puzzles() -> Vec<Grid> {
    let lines = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ".................................................................................",
        "11...............................................................................",
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
    ];
    let mut grids: Vec<Grid> = lines.iter().map(|l| l.parse().unwrap()).collect();
    if let Some(text) = common::shared_puzzles("puzzles3_magictour_top1465") {
        grids.extend(text.lines().take(200).map(|l| l.parse::<Grid>().unwrap()));
    }
    grids
}

#[test]
fn sudoku_solving_allocates_nothing_per_puzzle() {
    let grids = puzzles();
    let mut solver = SudokuSolver::new();
    let mut out = Grid::empty(Shape::for_size(9).unwrap());
    // The first puzzle builds the matrix.
    solver.solution_into(&grids[0], &mut out).unwrap();
    solver.count(&grids[0], Some(2)).unwrap();

    let before = allocations();
    let mut solved = 0;
    for grid in &grids {
        if solver.solution_into(grid, &mut out).unwrap() {
            solved += 1;
        }
        let count = solver.count(grid, Some(2)).unwrap();
        assert!(count.solutions <= 2);
    }
    assert_eq!(allocations() - before, 0, "allocations while solving");
    assert!(solved >= grids.len() - 2);
}

#[test]
fn puzzles_with_shared_rules_allocate_nothing_per_puzzle() {
    let grids = puzzles();
    let rules = Arc::new(Rules::classic(grids[0].shape()));
    let mut solver = SudokuSolver::new();
    let mut out = Grid::empty(Shape::for_size(9).unwrap());
    // A grid alone builds the matrix for the classic rules; puzzles with
    // shared classic rules then use it as it is.
    solver.solution_into(&grids[0], &mut out).unwrap();

    let before = allocations();
    for grid in &grids {
        let puzzle = RuledGrid::new(&rules, grid).unwrap();
        solver.solution_into(puzzle, &mut out).unwrap();
        solver.count(puzzle, Some(2)).unwrap();
        solver.solution_into(grid, &mut out).unwrap();
    }
    assert_eq!(allocations() - before, 0, "allocations while solving");
}

/// What the command line's answerer asks of its one solver, puzzle after
/// puzzle: the first solution into its grid, that solution and whether
/// there is a second, and a count to a limit, under classic or shared
/// rules, within a budget: none allocates.
#[test]
fn answering_puzzles_allocates_nothing_per_puzzle() {
    let grids: Vec<Grid> = puzzles()
        .into_iter()
        .filter(|grid| grid.solution().is_some())
        .collect();
    let rules = Arc::new(Rules::classic(grids[0].shape()).with_diagonals());
    let budget = exactcover::Budget::new().with_max_nodes(1_000_000);
    let mut answerer = SudokuSolver::new();
    let mut out = grids[0].clone();
    answerer.solution_into(&grids[0], &mut out).unwrap();
    answerer
        .solution_into(RuledGrid::new(&rules, &grids[0]).unwrap(), &mut out)
        .unwrap();
    answerer.solution_into(&grids[0], &mut out).unwrap();

    let before = allocations();
    let mut nodes = 0;
    for grid in &grids {
        answerer.set_budget(budget.clone());
        answerer.solution_into(grid, &mut out).unwrap();
        nodes += answerer.stats().nodes;
        answerer.solution_and_second_into(grid, &mut out);
        nodes += answerer.stats().nodes;
        answerer.count(grid, Some(2)).unwrap();
        nodes += answerer.stats().nodes;
    }
    assert_eq!(allocations() - before, 0, "allocations while answering");
    assert!(nodes > 0);

    // Puzzles with solutions under the diagonals too: cells of one of its
    // solutions, a different few each.
    let empty = Grid::empty(grids[0].shape());
    let solution = SudokuSolver::new()
        .solution(RuledGrid::new(&rules, &empty).unwrap())
        .unwrap()
        .unwrap();
    let x_grids: Vec<Grid> = (3..20)
        .map(|k| {
            let mut grid = solution.clone();
            for cell in (0..81).filter(|cell| cell % k != 0) {
                grid.set(cell / 9, cell % 9, None).unwrap();
            }
            grid
        })
        .collect();
    let x: Vec<RuledGrid<'_>> = x_grids
        .iter()
        .map(|grid| RuledGrid::new(&rules, grid).unwrap())
        .collect();
    answerer.count(x[0], Some(2)).unwrap();
    let before = allocations();
    for &puzzle in &x {
        answerer.solution_into(puzzle, &mut out).unwrap();
        answerer.solution_and_second_into(puzzle, &mut out);
        answerer.count(puzzle, Some(2)).unwrap();
    }
    assert_eq!(allocations() - before, 0, "allocations under shared rules");
}

#[test]
fn generic_searches_allocate_nothing() {
    let problem: Problem = exactcover::problem::classic::queens(8);
    let mut solver = Solver::new(&problem);
    solver.count(None).unwrap();
    let before = allocations();
    for _ in 0..10 {
        assert_eq!(solver.count(None).unwrap().solutions, 92);
        solver.visit(|_| std::ops::ControlFlow::Continue(()));
        let mut it = solver.solutions();
        while it.next_solution().is_some() {}
        solver.select(0).unwrap();
        solver.count(Some(3)).unwrap();
        solver.clear_selection();
    }
    assert_eq!(allocations() - before, 0);
}
