//! A grid under its rules, and the givens that break them.
//!
//! * [`RuledGrid`] pairs a [`Grid`] with the [`Rules`] it is played under,
//!   checked to fit; a plain `&Grid` converts to one under the classic rules
//!   of its shape. The solvers take either.
//! * [`Conflict`] names two givens with the same symbol in one unit, as found
//!   by [`RuledGrid::conflict`] (and [`Grid::conflict`] for classic rules).
//!
//! ```
//! use std::sync::Arc;
//! use exactcover::sudoku::{Grid, Rules, RuledGrid, SudokuSolver};
//!
//! let grid: Grid = "1.3..4..2......1".parse()?;
//! let rules = Arc::new(Rules::classic(grid.shape()));
//! let puzzle = RuledGrid::new(&rules, &grid)?;
//! assert!(puzzle.conflict().is_none());
//! let solution = SudokuSolver::new().solution(puzzle)?.expect("solvable");
//! assert!(RuledGrid::new(&rules, &solution)?.is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::sudoku::grid::Grid;
use crate::sudoku::rules::{ItemMeaning, Rules, RulesError, Unit};

/// A grid and the rules it is played under, checked to fit each other.
///
/// It borrows both, so it is cheap to make for every puzzle; the rules are
/// shared (`Arc`) so that a [`SudokuSolver`](crate::sudoku::SudokuSolver)
/// can keep them with its matrix and see at once, by pointer, that the next
/// puzzle has the same rules.
///
/// ```
/// use exactcover::sudoku::{Grid, RuledGrid};
/// let grid: Grid = "1..1............".parse()?;
/// let puzzle = RuledGrid::from(&grid); // the classic rules of its shape
/// assert_eq!(puzzle.rules().unit_count(), 12);
/// assert!(puzzle.conflict().is_some());
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RuledGrid<'a> {
    grid: &'a Grid,
    /// `None`: the classic rules of the grid's shape.
    rules: Option<&'a Arc<Rules>>,
}

impl<'a> RuledGrid<'a> {
    /// `grid` under `rules`.
    ///
    /// # Errors
    ///
    /// [`RulesError::ShapeMismatch`] when the grid's box shape is not the
    /// rules' shape.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use exactcover::sudoku::{Grid, Rules, RuledGrid, Shape};
    /// let rules = Arc::new(Rules::classic(Shape::for_size(4)?));
    /// assert!(RuledGrid::new(&rules, &Grid::empty(Shape::for_size(4)?)).is_ok());
    /// assert!(RuledGrid::new(&rules, &Grid::empty(Shape::for_size(9)?)).is_err());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn new(rules: &'a Arc<Rules>, grid: &'a Grid) -> Result<RuledGrid<'a>, RulesError> {
        rules.check_shape(grid)?;
        Ok(RuledGrid {
            grid,
            rules: Some(rules),
        })
    }

    /// The grid.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, RuledGrid};
    /// let grid: Grid = "1...............".parse()?;
    /// assert_eq!(RuledGrid::from(&grid).grid(), &grid);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn grid(&self) -> &'a Grid {
        self.grid
    }

    /// The rules (the classic rules of the grid's shape are made here when
    /// the grid came alone).
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, RuledGrid, Rules};
    /// let grid: Grid = "1...............".parse()?;
    /// assert_eq!(*RuledGrid::from(&grid).rules(), Rules::classic(grid.shape()));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> Cow<'a, Rules> {
        match self.rules {
            Some(rules) => Cow::Borrowed(&**rules),
            None => Cow::Owned(Rules::classic(self.grid.shape())),
        }
    }

    /// The rules given with the grid; `None` for the classic rules of its
    /// shape.
    pub(crate) fn shared_rules(&self) -> Option<&'a Arc<Rules>> {
        self.rules
    }

    /// The first pair of givens that break a rule (in reading order of the
    /// second cell, then in the order of the units: row, column, box), if
    /// any.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, RuledGrid, Unit};
    /// let grid: Grid = "1...........1...".parse()?;
    /// let conflict = RuledGrid::from(&grid).conflict().unwrap();
    /// assert_eq!(conflict.unit, Unit::Column(0));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn conflict(&self) -> Option<Conflict> {
        conflict(&self.rules(), self.grid)
    }

    /// The first cage (numbered as in [`Rules::cages`]) whose givens already
    /// break its sum: with `r` empty cells left, the givens plus the `r`
    /// smallest digits add up to more than the sum, or the givens plus the
    /// `r` largest digits to less (so a full cage must add up to its sum
    /// exactly). Such a grid has no solution; unlike a [`Conflict`] this is
    /// not about two cells.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use exactcover::sudoku::{Grid, Rules, RuledGrid};
    /// let grid: Grid = "12..............".parse()?;
    /// let rules = Arc::new(Rules::classic(grid.shape()).with_cage(&[0, 1], Some(4))?);
    /// let puzzle = RuledGrid::new(&rules, &grid)?;
    /// assert_eq!(puzzle.broken_cage(), Some(0));
    /// assert!(puzzle.conflict().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn broken_cage(&self) -> Option<usize> {
        let cells = self.grid.cells();
        let n = self.grid.size();
        self.rules().cages().iter().position(|cage| {
            cage.sum.is_some_and(|sum| {
                let total: usize = cage.cells.iter().map(|&k| cells[k] as usize).sum();
                let r = cage.cells.iter().filter(|&&k| cells[k] == 0).count();
                let least = r * (r + 1) / 2;
                let most = r * n - r * r.saturating_sub(1) / 2;
                total + least > sum || total + most < sum
            })
        })
    }

    /// Whether the grid is complete and breaks no rule: no conflict, and
    /// every cage with a sum adds up to it.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, RuledGrid};
    /// let solved: Grid = "1234341221434321".parse()?;
    /// assert!(RuledGrid::from(&solved).is_solved());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_solved(&self) -> bool {
        let rules = self.rules();
        let cells = self.grid.cells();
        self.grid.is_complete()
            && self.conflict().is_none()
            && rules.cages().iter().all(|cage| {
                cage.sum.is_none_or(|sum| {
                    cage.cells.iter().map(|&k| cells[k] as usize).sum::<usize>() == sum
                })
            })
    }
}

impl<'a> From<&'a Grid> for RuledGrid<'a> {
    /// The grid under the classic rules of its shape.
    fn from(grid: &'a Grid) -> RuledGrid<'a> {
        RuledGrid { grid, rules: None }
    }
}

/// The first pair of givens of `grid` that break `rules` (of the grid's
/// size): see [`RuledGrid::conflict`]. Two givens break a rule when their
/// options share an item of the rules' problem (a unit's, a cage's, a
/// knight pair's or a king square's item for their digit).
pub(crate) fn conflict(rules: &Rules, grid: &Grid) -> Option<Conflict> {
    let n = rules.size();
    // seen[item] = 1 + the cell whose given covers it.
    let mut seen = vec![0usize; rules.item_count()];
    for option in rules.given_options(grid).ok()? {
        let (k, v) = rules.placement(option);
        // The first item is the cell's own.
        for item in rules.option_items(option).skip(1) {
            let slot = &mut seen[item];
            if *slot != 0 {
                let first = *slot - 1;
                let unit = match rules.item_meaning(item) {
                    Some(ItemMeaning::Holds { unit, .. }) => rules.unit(unit),
                    Some(ItemMeaning::CageHolds { cage, .. }) => Unit::Cage(cage),
                    Some(ItemMeaning::KnightPair { .. }) => Unit::KnightMove,
                    _ => Unit::KingMove,
                };
                return Some(Conflict {
                    value: v,
                    symbol: grid.alphabet().symbol(v).unwrap_or('?'),
                    unit,
                    first: (first / n, first % n),
                    second: (k / n, k % n),
                });
            }
            *slot = k + 1;
        }
    }
    None
}

impl Grid {
    /// The first pair of givens that break a rule of classic Sudoku (in
    /// reading order of the second cell, then row, column, box), if any.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, Unit};
    /// let grid: Grid = "1..1............".parse()?;
    /// let conflict = grid.conflict().unwrap();
    /// assert_eq!(conflict.unit, Unit::Row(0));
    /// assert_eq!((conflict.first, conflict.second), ((0, 0), (0, 3)));
    /// assert_eq!(conflict.to_string(), "conflicting givens: '1' twice in row 1, at r1c1 and r1c4");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn conflict(&self) -> Option<Conflict> {
        RuledGrid::from(self).conflict()
    }

    /// Whether the grid is complete and breaks no rule of classic Sudoku.
    ///
    /// ```
    /// let grid: exactcover::sudoku::Grid = "1234341221434321".parse()?;
    /// assert!(grid.is_solved());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_solved(&self) -> bool {
        RuledGrid::from(self).is_solved()
    }
}

/// Two givens with the same symbol in one unit (row, column, box, region,
/// diagonal, window, extra region), in one cage, or a knight's or a king's
/// move apart when the rules forbid it.
///
/// Cells are `(row, column)` from 0; [`Display`](fmt::Display) shows them
/// from 1 as `r1c2`.
///
/// ```
/// use exactcover::sudoku::{Grid, Unit};
/// let grid: Grid = "1....1..........".parse()?;
/// let conflict = grid.conflict().unwrap();
/// assert_eq!((conflict.unit, conflict.value, conflict.symbol), (Unit::Box(0), 1, '1'));
/// assert_eq!(conflict.to_string(), "conflicting givens: '1' twice in box 1, at r1c1 and r2c2");
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Conflict {
    /// The symbol's value (from 1).
    pub value: usize,
    /// The symbol as written.
    pub symbol: char,
    /// Where they meet.
    pub unit: Unit,
    /// The first cell, in reading order.
    pub first: (usize, usize),
    /// The second cell.
    pub second: (usize, usize),
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = match self.unit {
            Unit::KnightMove | Unit::KingMove => format!("{} apart", self.unit),
            unit => format!("in {unit}"),
        };
        write!(
            f,
            "conflicting givens: '{}' twice {place}, at r{}c{} and r{}c{}",
            self.symbol,
            self.first.0 + 1,
            self.first.1 + 1,
            self.second.0 + 1,
            self.second.1 + 1
        )
    }
}

impl fmt::Display for RuledGrid<'_> {
    /// The grid's one-line form; with `{:#}` its block form, whose lines
    /// follow the boxes ([`Grid`]'s) or, when the rules have jigsaw
    /// regions, the regions: `|` between two cells of a row in different
    /// regions, `-` between two cells of a column (a row of them only where
    /// some region ends), `+` where such lines meet.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use exactcover::sudoku::{Grid, RuledGrid, Rules};
    ///
    /// let grid: Grid = "1234341221434321".parse()?;
    /// let map = [0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3];
    /// let rules = Arc::new(Rules::classic(grid.shape()).with_regions(&map)?);
    /// let puzzle = RuledGrid::new(&rules, &grid)?;
    /// assert_eq!(format!("{puzzle:#}"), "\
    /// 1 2 3|4
    /// -+ +-+
    /// 3|4|1 2
    ///  +-+-+
    /// 2|1 4|3
    ///  +-+ +-
    /// 4 3|2 1
    /// ");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            return write!(f, "{}", self.grid);
        }
        match self.rules.map(|rules| region_map(rules)) {
            Some(Some(map)) => draw_regions(self.grid, &map, f),
            _ => write!(f, "{:#}", self.grid),
        }
    }
}

/// The region of every cell, when the rules have jigsaw regions.
fn region_map(rules: &Rules) -> Option<Vec<usize>> {
    let mut map = vec![0; rules.cell_count()];
    let mut any = false;
    for (u, unit) in rules.units().enumerate() {
        if let Unit::Region(k) = unit {
            any = true;
            for cell in rules.unit_cells(u) {
                map[cell] = k;
            }
        }
    }
    any.then_some(map)
}

/// The block form of `grid` with lines along the regions of `map`.
fn draw_regions(grid: &Grid, map: &[usize], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let n = grid.size();
    let region = |r: usize, c: usize| map[r * n + c];
    for r in 0..n {
        let mut line = String::with_capacity(2 * n);
        for c in 0..n {
            let symbol = grid.get(r, c).and_then(|v| grid.alphabet().symbol(v));
            line.push(symbol.unwrap_or('.'));
            if c + 1 < n {
                line.push(if region(r, c) == region(r, c + 1) {
                    ' '
                } else {
                    '|'
                });
            }
        }
        writeln!(f, "{line}")?;
        if r + 1 == n || (0..n).all(|c| region(r, c) == region(r + 1, c)) {
            continue;
        }
        let mut rule = String::with_capacity(2 * n);
        for c in 0..n {
            let below = |c: usize| region(r, c) != region(r + 1, c);
            rule.push(if below(c) { '-' } else { ' ' });
            if c + 1 < n {
                let across = below(c) || below(c + 1);
                let down =
                    region(r, c) != region(r, c + 1) || region(r + 1, c) != region(r + 1, c + 1);
                rule.push(match (across, down) {
                    (true, true) => '+',
                    (true, false) => '-',
                    (false, true) => '|',
                    (false, false) => ' ',
                });
            }
        }
        writeln!(f, "{}", rule.trim_end())?;
    }
    Ok(())
}

/// Why a puzzle has no solution: its givens break a rule, or only the
/// search shows it.
///
/// ```
/// use std::sync::Arc;
/// use exactcover::sudoku::{Grid, RuledGrid, Rules, Unsolvable};
///
/// let grid: Grid = "12..............".parse()?;
/// let rules = Arc::new(Rules::classic(grid.shape()).with_cage(&[0, 1], Some(4))?);
/// let why = RuledGrid::new(&rules, &grid)?.why_unsolvable();
/// assert!(matches!(why, Unsolvable::CageSum { cage: 0, total: 3, sum: 4, .. }));
/// assert_eq!(
///     why.to_string(),
///     "the givens of cage 1 (at r1c1) add up to 3: its sum 4 is out of reach"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unsolvable {
    /// Two givens break a rule.
    Conflict(Conflict),
    /// The givens of a killer cage put its sum out of reach (see
    /// [`RuledGrid::broken_cage`]).
    CageSum {
        /// The cage, numbered as in [`Rules::cages`].
        cage: usize,
        /// Its first cell, `(row, column)` from 0.
        first: (usize, usize),
        /// What its givens add up to.
        total: usize,
        /// The sum it must have.
        sum: usize,
    },
    /// The givens break no rule by themselves: the search found that no
    /// solution exists.
    NoSolution,
}

impl Unsolvable {
    /// Whether the givens alone show that there is no solution (every
    /// reason but [`Unsolvable::NoSolution`]).
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, RuledGrid, Unsolvable};
    /// let grid: Grid = "11..............".parse()?;
    /// assert!(RuledGrid::from(&grid).why_unsolvable().is_in_givens());
    /// assert!(!Unsolvable::NoSolution.is_in_givens());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_in_givens(&self) -> bool {
        !matches!(self, Unsolvable::NoSolution)
    }
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsolvable::Conflict(conflict) => write!(f, "{conflict}"),
            Unsolvable::CageSum {
                cage,
                first,
                total,
                sum,
            } => write!(
                f,
                "the givens of cage {} (at r{}c{}) add up to {total}: its sum {sum} is out of reach",
                cage + 1,
                first.0 + 1,
                first.1 + 1
            ),
            Unsolvable::NoSolution => f.write_str("the puzzle has no solution"),
        }
    }
}

impl RuledGrid<'_> {
    /// Why the puzzle has no solution, for a puzzle known to have none: the
    /// first [`Conflict`] of its givens, else the first cage whose givens
    /// put its sum out of reach, else [`Unsolvable::NoSolution`] (the
    /// answer too for a puzzle that has solutions).
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, RuledGrid, Unsolvable};
    /// let grid: Grid = "1..1............".parse()?;
    /// assert!(matches!(RuledGrid::from(&grid).why_unsolvable(), Unsolvable::Conflict(_)));
    /// let open: Grid = "1...............".parse()?;
    /// assert_eq!(RuledGrid::from(&open).why_unsolvable(), Unsolvable::NoSolution);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn why_unsolvable(&self) -> Unsolvable {
        why_unsolvable(*self, &self.rules())
    }
}

/// [`RuledGrid::why_unsolvable`], with the puzzle's rules at hand (a solver
/// has them: the classic rules are then not made again).
fn why_unsolvable(puzzle: RuledGrid<'_>, rules: &Rules) -> Unsolvable {
    let grid = puzzle.grid();
    if let Some(conflict) = conflict(rules, grid) {
        return Unsolvable::Conflict(conflict);
    }
    if rules.cages().is_empty() {
        return Unsolvable::NoSolution;
    }
    let Some(k) = puzzle.broken_cage() else {
        return Unsolvable::NoSolution;
    };
    let cage = &rules.cages()[k];
    let n = rules.size();
    let first = cage
        .cells
        .first()
        .map_or((0, 0), |&cell| (cell / n, cell % n));
    Unsolvable::CageSum {
        cage: k,
        first,
        total: cage.cells.iter().map(|&k| grid.cells()[k] as usize).sum(),
        sum: cage.sum.unwrap_or(0),
    }
}
