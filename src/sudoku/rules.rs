//! The rules of a Sudoku: its units, and the exact-cover numbering that
//! follows from them.
//!
//! * [`Rules`] holds the size `N`, the box [`Shape`] it was made from, and
//!   the *units*: lists of `N` cells that must hold every digit once, each
//!   named by a [`Unit`]. [`Rules::classic`] has `3 N` units: the rows, then
//!   the columns, then the boxes. The units that contain each cell are listed
//!   too, built once.
//! * From the units follows the numbering of the exact-cover problem
//!   ([`Rules::problem`]), in this one place; [`ItemMeaning`] says what an
//!   item stands for.
//! * [`RulesError`] says why a grid does not fit the rules.
//!
//! Everything else reads the rules: the translator and
//! [`SudokuSolver`](crate::sudoku::SudokuSolver), the check for conflicting
//! givens ([`RuledGrid::conflict`](crate::sudoku::RuledGrid::conflict)), the
//! [`reference`](crate::sudoku::reference) solver, the labels of traces and
//! pictures, and [`remaining_problem`](crate::sudoku::remaining_problem).
//!
//! The numbering is described with [`Rules`].
//!
//! # Adding a kind of unit
//!
//! A new kind of unit (a jigsaw region, a diagonal, a window) is one change
//! here: a variant of [`Unit`] with its name (its `Display` and its letter
//! for short item names), and a constructor that pushes its units, as
//! [`Rules::classic`] pushes rows, columns and boxes. The items, the
//! options, the solver, the conflict check, the reference solver and the
//! labels all follow from the list of units.
//!
//! ```
//! use exactcover::sudoku::{ItemMeaning, Rules, Shape, Unit};
//!
//! let rules = Rules::classic(Shape::for_size(9)?);
//! assert_eq!(rules.unit_count(), 27);
//! assert_eq!(rules.unit(20), Unit::Box(2));
//! let units: Vec<Unit> = rules.units_of(10).map(|u| rules.unit(u)).collect();
//! assert_eq!(units, [Unit::Row(1), Unit::Column(1), Unit::Box(0)]);
//! assert_eq!(rules.item_meaning(81 + 9 * 2 + 6), Some(ItemMeaning::Holds { unit: 2, value: 7 }));
//! assert_eq!(rules.problem().option(0), Some(&[0, 81, 162, 243][..]));
//! # Ok::<(), exactcover::sudoku::GridError>(())
//! ```

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::problem::Problem;
use crate::sudoku::Shape;

/// What a unit is: its kind, and its index among the units of that kind
/// (from 0).
///
/// More kinds (jigsaw regions, diagonals, windows) may come, so matches
/// need a `_` arm.
///
/// ```
/// use exactcover::sudoku::Unit;
/// assert_eq!(Unit::Column(4).to_string(), "column 5");
/// assert_eq!(Unit::Box(2).index(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unit {
    /// A row (from 0).
    Row(usize),
    /// A column (from 0).
    Column(usize),
    /// A box (from 0, row by row).
    Box(usize),
}

impl Unit {
    /// The index of the unit among those of its kind (from 0).
    ///
    /// ```
    /// assert_eq!(exactcover::sudoku::Unit::Row(3).index(), 3);
    /// ```
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Unit::Row(k) | Unit::Column(k) | Unit::Box(k) => k,
        }
    }

    /// The letter of the unit's kind in short item names (`r13`: row 1
    /// holds 3).
    pub(crate) fn letter(self) -> char {
        match self {
            Unit::Row(_) => 'r',
            Unit::Column(_) => 'c',
            Unit::Box(_) => 'b',
        }
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 5`, `box 2` (from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// What an item of the exact-cover problem stands for (see the
/// [numbering](Rules#numbering)).
///
/// ```
/// use exactcover::sudoku::{ItemMeaning, Rules, Shape};
/// let rules = Rules::classic(Shape::for_size(4)?);
/// assert_eq!(rules.item_meaning(5), Some(ItemMeaning::Filled { cell: 5 }));
/// assert_eq!(rules.item_meaning(16 + 4 + 2), Some(ItemMeaning::Holds { unit: 1, value: 3 }));
/// assert_eq!(rules.item_meaning(64), None);
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ItemMeaning {
    /// Cell `cell` (in reading order, from 0) holds a digit.
    Filled {
        /// The cell.
        cell: usize,
    },
    /// Unit `unit` (numbered as in [`Rules::unit`]) holds digit `value`.
    Holds {
        /// The unit.
        unit: usize,
        /// The digit (from 1).
        value: usize,
    },
}

/// Why a grid does not fit a set of rules.
///
/// ```
/// use exactcover::sudoku::{Grid, Rules, RuledGrid, RulesError, Shape};
/// let rules = Rules::classic(Shape::new(3, 2)?).into();
/// let grid = Grid::empty(Shape::new(2, 3)?);
/// let err = RuledGrid::new(&rules, &grid).unwrap_err();
/// assert_eq!(err, RulesError::ShapeMismatch { grid: Shape::new(2, 3)?, rules: Shape::new(3, 2)? });
/// assert_eq!(err.to_string(), "a grid with boxes of 2x3 does not fit rules with boxes of 3x2");
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RulesError {
    /// The grid's box shape is not the one the rules were made for.
    ShapeMismatch {
        /// The grid's shape.
        grid: Shape,
        /// The rules' shape.
        rules: Shape,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::ShapeMismatch { grid, rules } => write!(
                f,
                "a grid with boxes of {grid} does not fit rules with boxes of {rules}"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// The rules of a Sudoku: its units, and the numbering of its exact-cover
/// problem.
///
/// Units are numbered from 0 in the order they were added (for
/// [`Rules::classic`]: the rows, the columns, the boxes). Units and cells are
/// stored flat, each list as a range of one vector, and the units of each
/// cell are derived once when the rules are made. A new kind of unit is
/// pushed to the list of units; the numbering below, the solver, the check
/// for conflicting givens, the reference solver and the labels follow.
///
/// # Numbering
///
/// Cells are numbered in reading order: cell `k` is in row `k / N`, column
/// `k % N`. Digits (values) run from 1 to `N`. With `U` units:
///
/// | number                  | item or option                          |
/// |-------------------------|-----------------------------------------|
/// | item `k` (`0..N^2`)     | cell `k` is filled                      |
/// | item `N^2 + u N + d-1`  | unit `u` holds digit `d`                |
/// | option `k N + d-1`      | digit `d` in cell `k`                   |
///
/// so there are `N^2 + U N` items, all primary, and `N^3` options. An option
/// covers its cell's item, then, for each unit containing the cell in the
/// order of the units, that unit's item for its digit. For the classic rules
/// of 9x9 that is 324 items and 729 options; digit 1 in the first cell
/// covers items 0 (the cell), 81 (row 1), 162 (column 1) and 243 (box 1).
///
/// ```
/// use exactcover::sudoku::{Rules, Shape, Unit};
///
/// let rules = Rules::classic(Shape::for_size(6)?); // boxes of 2x3
/// assert_eq!((rules.size(), rules.unit_count()), (6, 18));
/// assert_eq!(rules.unit_cells(12).collect::<Vec<_>>(), [0, 1, 2, 6, 7, 8]);
/// assert_eq!(rules.option_of(7, 3), 44);
/// assert_eq!(rules.placement(44), (7, 3));
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Rules {
    shape: Shape,
    /// `N`, kept for the arithmetic of the numbering.
    size: usize,
    /// Made by [`Rules::classic`] and not changed since: the units are
    /// exactly the rows, columns and boxes of `shape`.
    classic: bool,
    /// What each unit is.
    units: Vec<Unit>,
    /// The cells of unit `u` are `unit_cells[unit_starts[u]..unit_starts[u + 1]]`.
    unit_starts: Vec<u32>,
    unit_cells: Vec<u32>,
    /// The units of cell `k` are `cell_units[cell_starts[k]..cell_starts[k + 1]]`,
    /// in increasing order.
    cell_starts: Vec<u32>,
    cell_units: Vec<u32>,
}

/// The option that puts `value` in cell `cell` of a grid of size `n`.
pub(crate) fn option_number(n: usize, cell: usize, value: usize) -> usize {
    cell * n + value - 1
}

/// The cell and value of option `option` of a grid of size `n`.
pub(crate) fn option_placement(n: usize, option: usize) -> (usize, usize) {
    (option / n, option % n + 1)
}

impl Rules {
    /// The classic rules of `shape`: every row, column and box holds every
    /// digit once. Units `0..N` are the rows, `N..2N` the columns, `2N..3N`
    /// the boxes (numbered row by row, as [`Shape::box_of`] does).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.units().collect::<Vec<_>>()[3..6], [Unit::Row(3), Unit::Column(0), Unit::Column(1)]);
    /// assert_eq!(rules.unit_cells(9).collect::<Vec<_>>(), [2, 3, 6, 7]); // box 2
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn classic(shape: Shape) -> Rules {
        let n = shape.size();
        let mut rules = Rules {
            shape,
            size: n,
            classic: true,
            units: Vec::with_capacity(3 * n),
            unit_starts: Vec::with_capacity(3 * n + 1),
            unit_cells: Vec::with_capacity(3 * n * n),
            cell_starts: Vec::new(),
            cell_units: Vec::new(),
        };
        rules.unit_starts.push(0);
        for r in 0..n {
            rules.push_unit(Unit::Row(r), (0..n).map(|c| r * n + c));
        }
        for c in 0..n {
            rules.push_unit(Unit::Column(c), (0..n).map(|r| r * n + c));
        }
        let mut boxes: Vec<Vec<usize>> = (0..n).map(|_| Vec::with_capacity(n)).collect();
        for k in 0..n * n {
            boxes[shape.box_of(k / n, k % n)].push(k);
        }
        for (b, cells) in boxes.into_iter().enumerate() {
            rules.push_unit(Unit::Box(b), cells);
        }
        rules.index_cells();
        rules
    }

    /// Adds a unit (its cells distinct and in the grid); the units of each
    /// cell are derived afterwards by [`Rules::index_cells`].
    fn push_unit(&mut self, unit: Unit, cells: impl IntoIterator<Item = usize>) {
        let start = self.unit_cells.len();
        self.unit_cells.extend(cells.into_iter().map(|k| k as u32));
        let added = &self.unit_cells[start..];
        debug_assert!(added.iter().all(|&k| (k as usize) < self.size * self.size));
        debug_assert!((1..added.len()).all(|i| !added[..i].contains(&added[i])));
        self.units.push(unit);
        self.unit_starts.push(self.unit_cells.len() as u32);
    }

    /// Lists the units of each cell, from the units.
    fn index_cells(&mut self) {
        let cells = self.size * self.size;
        let mut starts = vec![0u32; cells + 1];
        for &k in &self.unit_cells {
            starts[k as usize + 1] += 1;
        }
        for k in 0..cells {
            starts[k + 1] += starts[k];
        }
        let mut next = starts.clone();
        let mut units = vec![0u32; self.unit_cells.len()];
        for u in 0..self.units.len() {
            let (from, to) = self.unit_range(u);
            for &k in &self.unit_cells[from..to] {
                units[next[k as usize] as usize] = u as u32;
                next[k as usize] += 1;
            }
        }
        self.cell_starts = starts;
        self.cell_units = units;
    }

    fn unit_range(&self, unit: usize) -> (usize, usize) {
        (
            self.unit_starts[unit] as usize,
            self.unit_starts[unit + 1] as usize,
        )
    }

    /// The size `N`: the number of rows, columns and digits.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.size(), 6);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The box shape the rules were made from.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.shape().to_string(), "2x3");
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether these are the classic rules of their shape (made by
    /// [`Rules::classic`]).
    pub(crate) fn is_classic(&self) -> bool {
        self.classic
    }

    /// The number of cells, `N * N`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.cell_count(), 36);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The number of units.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.unit_count(), 18); // 6 rows, 6 columns, 6 boxes
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// What each unit is, in the order of their numbers.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(9)?);
    /// assert_eq!(rules.units().filter(|u| matches!(u, Unit::Box(_))).count(), 9);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn units(&self) -> impl ExactSizeIterator<Item = Unit> + '_ {
        self.units.iter().copied()
    }

    /// What unit `unit` is.
    ///
    /// # Panics
    ///
    /// When there is no unit `unit`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// assert_eq!(Rules::classic(Shape::for_size(9)?).unit(9), Unit::Column(0));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn unit(&self, unit: usize) -> Unit {
        self.units[unit]
    }

    /// The cells of unit `unit`, each once, in the order they were given
    /// (reading order for rows, columns and boxes).
    ///
    /// # Panics
    ///
    /// When there is no unit `unit`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.unit_cells(5).collect::<Vec<_>>(), [1, 5, 9, 13]); // column 2
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn unit_cells(&self, unit: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (from, to) = self.unit_range(unit);
        self.unit_cells[from..to].iter().map(|&k| k as usize)
    }

    /// The units that contain cell `cell`, in increasing order.
    ///
    /// # Panics
    ///
    /// When `cell` is not a cell of the grid.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.units_of(7).collect::<Vec<_>>(), [1, 7, 9]); // row 2, column 4, box 2
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn units_of(&self, cell: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (from, to) = (
            self.cell_starts[cell] as usize,
            self.cell_starts[cell + 1] as usize,
        );
        self.cell_units[from..to].iter().map(|&u| u as usize)
    }

    /// The number of items of the exact-cover problem: `N^2` plus `N` per
    /// unit (`4 N^2` for classic rules).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.item_count(), 4 * 36);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn item_count(&self) -> usize {
        self.cell_count() + self.units.len() * self.size
    }

    /// The number of options: `N^3`, one per cell and digit.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.option_count(), 6 * 6 * 6);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.cell_count() * self.size
    }

    /// The item "cell `cell` is filled": `cell` itself.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert_eq!(Rules::classic(Shape::for_size(9)?).cell_item(10), 10);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn cell_item(&self, cell: usize) -> usize {
        cell
    }

    /// The item "unit `unit` holds digit `value`" (`value` from 1).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?);
    /// assert_eq!(rules.unit_item(2, 7), 81 + 2 * 9 + 6); // row 3 holds 7
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn unit_item(&self, unit: usize, value: usize) -> usize {
        self.cell_count() + unit * self.size + value - 1
    }

    /// What item `item` stands for, or `None` when there is no such item.
    ///
    /// ```
    /// use exactcover::sudoku::{ItemMeaning, Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.item_meaning(5), Some(ItemMeaning::Filled { cell: 5 }));
    /// assert_eq!(rules.item_meaning(16 + 3), Some(ItemMeaning::Holds { unit: 0, value: 4 }));
    /// assert_eq!(rules.item_meaning(64), None);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn item_meaning(&self, item: usize) -> Option<ItemMeaning> {
        let cells = self.cell_count();
        if item < cells {
            Some(ItemMeaning::Filled { cell: item })
        } else if item < self.item_count() {
            let k = item - cells;
            Some(ItemMeaning::Holds {
                unit: k / self.size,
                value: k % self.size + 1,
            })
        } else {
            None
        }
    }

    /// The option that puts `value` (from 1) in cell `cell`: `cell * N +
    /// value - 1`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert_eq!(Rules::classic(Shape::for_size(9)?).option_of(1, 3), 11);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn option_of(&self, cell: usize, value: usize) -> usize {
        option_number(self.size, cell, value)
    }

    /// The cell and the value (from 1) of option `option`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert_eq!(Rules::classic(Shape::for_size(9)?).placement(11), (1, 3));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn placement(&self, option: usize) -> (usize, usize) {
        option_placement(self.size, option)
    }

    /// The items option `option` covers: its cell's item, then the item of
    /// its digit in each unit that contains the cell, in unit order.
    ///
    /// # Panics
    ///
    /// When there is no option `option`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.option_items(0).collect::<Vec<_>>(), [0, 16, 32, 48]);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        let (cell, value) = self.placement(option);
        std::iter::once(self.cell_item(cell))
            .chain(self.units_of(cell).map(move |u| self.unit_item(u, value)))
    }

    /// The exact-cover problem of an empty grid under these rules: see the
    /// [numbering](Rules#numbering). A puzzle's givens are options to select.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let problem = Rules::classic(Shape::for_size(9)?).problem();
    /// assert_eq!((problem.item_count(), problem.option_count()), (324, 729));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn problem(&self) -> Problem {
        let mut problem = Problem::new();
        problem.add_primary_items(self.item_count());
        for option in 0..self.option_count() {
            // The items exist and differ (the units of a cell are distinct),
            // so this cannot fail.
            let added = problem.add_option(self.option_items(option));
            debug_assert!(added.is_ok());
        }
        problem
    }
}

impl PartialEq for Rules {
    /// The same shape and the same units, in the same order.
    fn eq(&self, other: &Rules) -> bool {
        self.shape == other.shape
            && ((self.classic && other.classic)
                || (self.units == other.units
                    && self.unit_starts == other.unit_starts
                    && self.unit_cells == other.unit_cells))
    }
}

impl Eq for Rules {}

impl Hash for Rules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.units.hash(state);
        self.unit_starts.hash(state);
        self.unit_cells.hash(state);
    }
}
