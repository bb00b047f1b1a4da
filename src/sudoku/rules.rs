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

use crate::engine::{SelectError, Solver};
use crate::problem::Problem;
use crate::sudoku::{Grid, Shape};

/// What a unit is: its kind, and its index among the units of that kind
/// (from 0).
///
/// Rows, columns, boxes, jigsaw regions, diagonals, windows and extra
/// regions are units: `N` cells that hold every digit once. A [`Conflict`]
/// may also name a killer cage, or two cells a knight's or a king's move
/// apart ([`Unit::Cage`], [`Unit::KnightMove`], [`Unit::KingMove`]), which
/// are rules but not units of `N` cells. More kinds may come, so matches
/// need a `_` arm.
///
/// [`Conflict`]: crate::sudoku::Conflict
///
/// ```
/// use exactcover::sudoku::Unit;
/// assert_eq!(Unit::Column(4).to_string(), "column 5");
/// assert_eq!(Unit::Box(2).index(), 2);
/// assert_eq!(Unit::Diagonal(1).to_string(), "anti-diagonal");
/// assert_eq!(Unit::Cage(0).to_string(), "cage 1");
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
    /// A jigsaw region (from 0, as numbered in the map given to
    /// [`Rules::with_regions`]); regions replace the boxes.
    Region(usize),
    /// A main diagonal: 0 from the top left corner to the bottom right one,
    /// 1 from the top right corner to the bottom left one.
    Diagonal(usize),
    /// A window of windoku (from 0: top left, top right, bottom left,
    /// bottom right).
    Window(usize),
    /// An extra region (from 0, in the order they were added).
    Extra(usize),
    /// A killer cage (from 0, in the order they were added): not a unit
    /// of the rules, named by conflicts.
    Cage(usize),
    /// Two cells a knight's move apart (anti-knight): named by conflicts.
    KnightMove,
    /// Two cells a king's move apart (anti-king): named by conflicts.
    KingMove,
}

impl Unit {
    /// The index of the unit among those of its kind (from 0; 0 for
    /// [`Unit::KnightMove`] and [`Unit::KingMove`]).
    ///
    /// ```
    /// assert_eq!(exactcover::sudoku::Unit::Row(3).index(), 3);
    /// ```
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Unit::Row(k)
            | Unit::Column(k)
            | Unit::Box(k)
            | Unit::Region(k)
            | Unit::Diagonal(k)
            | Unit::Window(k)
            | Unit::Extra(k)
            | Unit::Cage(k) => k,
            Unit::KnightMove | Unit::KingMove => 0,
        }
    }

    /// The letter of the unit's kind in short item names (`r13`: row 1
    /// holds 3).
    pub(crate) fn letter(self) -> char {
        match self {
            Unit::Row(_) => 'r',
            Unit::Column(_) => 'c',
            Unit::Box(_) => 'b',
            Unit::Region(_) => 'j',
            Unit::Diagonal(_) => 'd',
            Unit::Window(_) => 'w',
            Unit::Extra(_) => 'x',
            Unit::Cage(_) => 'k',
            Unit::KnightMove => 'n',
            Unit::KingMove => 'q',
        }
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 5`, `box 2`, `region 4`, `main diagonal`,
    /// `anti-diagonal`, `window 1`, `extra region 2`, `cage 7`, `a knight's
    /// move`, `a king's move` (from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
            Unit::Region(k) => write!(f, "region {}", k + 1),
            Unit::Diagonal(0) => f.write_str("main diagonal"),
            Unit::Diagonal(_) => f.write_str("anti-diagonal"),
            Unit::Window(k) => write!(f, "window {}", k + 1),
            Unit::Extra(k) => write!(f, "extra region {}", k + 1),
            Unit::Cage(k) => write!(f, "cage {}", k + 1),
            Unit::KnightMove => f.write_str("a knight's move"),
            Unit::KingMove => f.write_str("a king's move"),
        }
    }
}

/// A killer cage: cells whose digits differ and, when `sum` is given, add
/// up to it.
///
/// ```
/// use exactcover::sudoku::{Cage, Rules, Shape};
/// let rules = Rules::classic(Shape::for_size(9)?).with_cage(&[0, 1], Some(3))?;
/// assert_eq!(rules.cages(), &[Cage::new(vec![0, 1], Some(3))]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Cage {
    /// The cells (in reading order numbers, from 0), each once.
    pub cells: Vec<usize>,
    /// The sum of its digits; `None`: only distinct digits.
    pub sum: Option<usize>,
}

impl Cage {
    /// A cage of `cells` adding up to `sum` (unchecked: see
    /// [`Rules::with_cage`]).
    ///
    /// ```
    /// let cage = exactcover::sudoku::Cage::new(vec![0, 9], Some(17));
    /// assert_eq!(cage.sum, Some(17));
    /// ```
    #[must_use]
    pub fn new(cells: Vec<usize>, sum: Option<usize>) -> Cage {
        Cage { cells, sum }
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
    /// Cage `cage` (with a sum) has one combination of digits (primary).
    Combination {
        /// The cage (from 0).
        cage: usize,
    },
    /// Cage `cage` accounts for digit `value`: primary for a cage with a
    /// sum (a cell of the cage holds it, or the cage's combination lacks
    /// it), secondary without a sum (at most one cell holds it).
    CageHolds {
        /// The cage (from 0).
        cage: usize,
        /// The digit (from 1).
        value: usize,
    },
    /// At most one of the two cells a knight's move apart holds `value`
    /// (secondary).
    KnightPair {
        /// The first cell (reading order).
        first: usize,
        /// The second cell.
        second: usize,
        /// The digit (from 1).
        value: usize,
    },
    /// At most one cell of the 2x2 square whose top left cell is `corner`
    /// holds `value` (secondary): anti-king.
    KingSquare {
        /// The square's top left cell.
        corner: usize,
        /// The digit (from 1).
        value: usize,
    },
}

/// What an option of the exact-cover problem stands for.
///
/// ```
/// use exactcover::sudoku::{OptionMeaning, Rules, Shape};
/// let rules = Rules::classic(Shape::for_size(4)?).with_cage(&[0, 1], Some(3))?;
/// assert_eq!(rules.option_meaning(5), Some(OptionMeaning::Place { cell: 1, value: 2 }));
/// assert_eq!(rules.option_meaning(64), Some(OptionMeaning::Combination { cage: 0, digits: vec![1, 2] }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OptionMeaning {
    /// Digit `value` in cell `cell`.
    Place {
        /// The cell (reading order, from 0).
        cell: usize,
        /// The digit (from 1).
        value: usize,
    },
    /// Cage `cage` holds the digits `digits` (increasing).
    Combination {
        /// The cage (from 0).
        cage: usize,
        /// Its digits.
        digits: Vec<usize>,
    },
}

/// The most combination options all the cages of one set of rules may
/// have (a bound on memory whatever the cages asked for).
pub const MAX_COMBINATIONS: usize = 1 << 20;

/// Why a grid does not fit a set of rules, or why a rule cannot be added.
///
/// Cells are numbered from 0 in reading order in the data, and shown as
/// `r1c1` (from 1) in the messages.
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
    /// A region map without one region per cell.
    RegionMapLength {
        /// Entries found.
        found: usize,
        /// Cells of the grid.
        expected: usize,
    },
    /// A region map naming a region beyond the `N` of the grid.
    RegionOutOfRange {
        /// The cell (reading order, from 0).
        cell: usize,
        /// The region it names (from 0).
        region: usize,
        /// `N`.
        size: usize,
    },
    /// A region map with more than `N` different symbols.
    TooManyRegions {
        /// The first cell (reading order, from 0) of region `N + 1`.
        cell: usize,
        /// `N`.
        size: usize,
    },
    /// A region of a region map without exactly `N` cells.
    RegionSize {
        /// The region (from 0).
        region: usize,
        /// Its cells.
        cells: usize,
        /// `N`.
        expected: usize,
    },
    /// Windoku's windows are those of a 9x9 grid.
    WindowsNeedNine {
        /// The grid's size.
        size: usize,
    },
    /// An extra region without exactly `N` cells.
    ExtraRegionSize {
        /// The extra region (from 0).
        region: usize,
        /// Its cells.
        cells: usize,
        /// `N`.
        expected: usize,
    },
    /// A cell number beyond the grid.
    CellOutOfRange {
        /// The number.
        cell: usize,
        /// The cells of the grid.
        cells: usize,
    },
    /// A cell twice in one extra region or cage.
    RepeatedCell {
        /// The cell (reading order, from 0).
        cell: usize,
    },
    /// A cage of no cells, or of more cells than there are digits.
    CageSize {
        /// The cage (from 0).
        cage: usize,
        /// Its cells.
        cells: usize,
        /// `N`.
        size: usize,
    },
    /// A cage sum that no set of distinct digits reaches.
    UnreachableSum {
        /// The cage (from 0).
        cage: usize,
        /// Its sum.
        sum: usize,
        /// Its cells.
        cells: usize,
    },
    /// The cages have more digit combinations than [`MAX_COMBINATIONS`].
    TooManyCombinations {
        /// The cage (from 0) that went over.
        cage: usize,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RulesError::ShapeMismatch { grid, rules } => write!(
                f,
                "a grid with boxes of {grid} does not fit rules with boxes of {rules}"
            ),
            RulesError::RegionMapLength { found, expected } => write!(
                f,
                "the region map has {found} cells, not the {expected} of the grid"
            ),
            RulesError::RegionOutOfRange { cell, region, size } => write!(
                f,
                "cell {} is in region {}, but there are only {size} regions",
                cell + 1,
                region + 1
            ),
            RulesError::TooManyRegions { cell, size } => write!(
                f,
                "the region map has more than {size} regions: region {} starts at cell {}",
                size + 1,
                cell + 1
            ),
            RulesError::RegionSize {
                region,
                cells,
                expected,
            } => write!(
                f,
                "region {} has {cells} cell{}, not {expected}",
                region + 1,
                if cells == 1 { "" } else { "s" }
            ),
            RulesError::WindowsNeedNine { size } => write!(
                f,
                "windoku's four windows are those of a 9x9 grid, not of a {size}x{size} one"
            ),
            RulesError::ExtraRegionSize {
                region,
                cells,
                expected,
            } => write!(
                f,
                "extra region {} has {cells} cell{}, not {expected}",
                region + 1,
                if cells == 1 { "" } else { "s" }
            ),
            RulesError::CellOutOfRange { cell, cells } => {
                write!(
                    f,
                    "cell {} is beyond the {cells} cells of the grid",
                    cell + 1
                )
            }
            RulesError::RepeatedCell { cell } => {
                write!(f, "cell {} is listed twice", cell + 1)
            }
            RulesError::CageSize { cage, cells, size } => write!(
                f,
                "cage {} has {cells} cell{}: a cage has 1 to {size}",
                cage + 1,
                if cells == 1 { "" } else { "s" }
            ),
            RulesError::UnreachableSum { cage, sum, cells } => write!(
                f,
                "cage {} ({cells} cell{}) cannot add up to {sum} with distinct digits",
                cage + 1,
                if cells == 1 { "" } else { "s" }
            ),
            RulesError::TooManyCombinations { cage } => write!(
                f,
                "the cages have more than {MAX_COMBINATIONS} digit combinations (at cage {})",
                cage + 1
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// A run of items after the units' (see [`Rules::item_meaning`]).
#[derive(Clone, Copy, Debug)]
struct Span {
    /// Its first item.
    start: usize,
    kind: SpanKind,
}

#[derive(Clone, Copy, Debug)]
enum SpanKind {
    /// One item: the cage's combination.
    Combination(usize),
    /// `N` items: the cage's digits.
    CageDigits(usize),
    /// `N` items: the digits of two cells a knight's move apart.
    Knight(usize, usize),
    /// `N` items: the digits of the 2x2 square at this corner.
    King(usize),
}

/// One combination option: a cage and its digits (bit `d - 1` for `d`).
#[derive(Clone, Copy, Debug)]
struct Combination {
    cage: usize,
    digits: u128,
}

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
/// Variants are added by the builder methods ([`Rules::with_regions`],
/// [`Rules::with_diagonals`], [`Rules::with_windows`],
/// [`Rules::with_extra_region`], [`Rules::with_cage`],
/// [`Rules::with_anti_knight`], [`Rules::with_anti_king`]), in any order
/// and combination; docs/variants.md draws each rule's items and options.
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
/// Then, for each cage with a sum (in order), a primary item "the cage has
/// its combination" and `N` primary items "the cage accounts for `d`"; then
/// the secondary items: `N` per cage without a sum, `N` per pair of cells a
/// knight's move apart that share no unit (anti-knight), `N` per 2x2 square
/// whose cells share no unit (anti-king). Options `N^3` on are the cages'
/// digit combinations. [`Rules::item_meaning`] and [`Rules::option_meaning`]
/// read the numbers back.
///
/// An option covers its cell's item, then, for each unit containing the
/// cell in the order of the units, that unit's item for its digit, then
/// the items of its digit for the cages, knight pairs and king squares of
/// the cell. For the classic rules of 9x9 that is 324 items and 729
/// options; digit 1 in the first cell covers items 0 (the cell), 81 (row
/// 1), 162 (column 1) and 243 (box 1).
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
    /// The killer cages, in the order they were added.
    cages: Vec<Cage>,
    anti_knight: bool,
    anti_king: bool,
    // Derived from the above by `index`:
    /// The runs of items after the units', in item order.
    spans: Vec<Span>,
    /// Primary items; all items.
    primary_items: usize,
    item_total: usize,
    /// Per cell, the first items of its runs of `N` digit items beyond the
    /// units (cages, knight pairs, king squares):
    /// `cell_extra[cell_extra_starts[k]..cell_extra_starts[k + 1]]`.
    cell_extra_starts: Vec<u32>,
    cell_extra: Vec<u32>,
    /// Per cage, its combination item (`None` without a sum) and its first
    /// digit item.
    cage_items: Vec<(Option<usize>, usize)>,
    /// The cages of each cell, as `cell_cages[cell_cage_starts[k]..]`.
    cell_cage_starts: Vec<u32>,
    cell_cages: Vec<u32>,
    /// The combination options, from option `N^3` on.
    combinations: Vec<Combination>,
}

/// The option that puts `value` in cell `cell` of a grid of size `n`.
pub(crate) fn option_number(n: usize, cell: usize, value: usize) -> usize {
    cell * n + value - 1
}

/// The cell and value of option `option` of a grid of size `n`.
pub(crate) fn option_placement(n: usize, option: usize) -> (usize, usize) {
    (option / n, option % n + 1)
}

/// The moves of a knight that go down, or along the row to the right: each
/// pair of cells a knight's move apart once.
const KNIGHT: [(isize, isize); 4] = [(1, 2), (2, 1), (2, -1), (1, -2)];

/// The digits of `mask` (bit `d - 1` for `d`), increasing.
fn digits_of(mask: u128) -> impl Iterator<Item = usize> {
    (0..128).filter(move |b| mask >> b & 1 == 1).map(|b| b + 1)
}

/// Pushes onto `out` every set of `count` distinct digits from `from..=n`
/// adding up to `sum`, as masks with `chosen`; `false` when `out` would
/// pass `limit`.
fn combinations(
    n: usize,
    from: usize,
    count: usize,
    sum: usize,
    chosen: u128,
    out: &mut Vec<u128>,
    limit: usize,
) -> bool {
    if count == 0 {
        if sum == 0 {
            if out.len() >= limit {
                return false;
            }
            out.push(chosen);
        }
        return true;
    }
    for d in from..=n {
        // The smallest and largest sums of `count` digits from `d` on.
        let least = count * d + count * (count - 1) / 2;
        if n + 1 < d + count || least > sum {
            break;
        }
        let most = count * n - count * (count - 1) / 2;
        if most < sum {
            return true;
        }
        if !combinations(
            n,
            d + 1,
            count - 1,
            sum - d,
            chosen | 1 << (d - 1),
            out,
            limit,
        ) {
            return false;
        }
    }
    true
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
            cages: Vec::new(),
            anti_knight: false,
            anti_king: false,
            spans: Vec::new(),
            primary_items: 0,
            item_total: 0,
            cell_extra_starts: Vec::new(),
            cell_extra: Vec::new(),
            cage_items: Vec::new(),
            cell_cage_starts: Vec::new(),
            cell_cages: Vec::new(),
            combinations: Vec::new(),
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
        rules.index();
        rules
    }

    /// Jigsaw: the regions of `map` (region of each cell in reading order,
    /// from 0) replace the boxes (and any regions given before). Regions
    /// need not be connected, but each has exactly `N` cells.
    ///
    /// # Errors
    ///
    /// [`RulesError::RegionMapLength`], [`RulesError::RegionOutOfRange`],
    /// [`RulesError::RegionSize`] (the first region, by number, with the
    /// wrong count).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, RulesError, Shape, Unit};
    /// let map = [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
    /// let rules = Rules::classic(Shape::for_size(4)?).with_regions(&map)?;
    /// assert_eq!(rules.unit(8), Unit::Region(0));
    /// assert_eq!(rules.unit_cells(10).collect::<Vec<_>>(), [8, 12, 13, 14]);
    /// let mut bad = map;
    /// bad[15] = 2;
    /// let err = Rules::classic(Shape::for_size(4)?).with_regions(&bad).unwrap_err();
    /// assert_eq!(err, RulesError::RegionSize { region: 2, cells: 5, expected: 4 });
    /// assert_eq!(err.to_string(), "region 3 has 5 cells, not 4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_regions(mut self, map: &[usize]) -> Result<Rules, RulesError> {
        let n = self.size;
        if map.len() != n * n {
            return Err(RulesError::RegionMapLength {
                found: map.len(),
                expected: n * n,
            });
        }
        let mut regions: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (cell, &region) in map.iter().enumerate() {
            if region >= n {
                return Err(RulesError::RegionOutOfRange {
                    cell,
                    region,
                    size: n,
                });
            }
            regions[region].push(cell);
        }
        if let Some((region, cells)) = regions.iter().enumerate().find(|(_, c)| c.len() != n) {
            return Err(RulesError::RegionSize {
                region,
                cells: cells.len(),
                expected: n,
            });
        }
        let kept: Vec<(Unit, Vec<usize>)> = (0..self.units.len())
            .map(|u| (self.units[u], self.unit_cells(u).collect()))
            .collect();
        self.units.clear();
        self.unit_cells.clear();
        self.unit_starts.clear();
        self.unit_starts.push(0);
        let (lines, others): (Vec<_>, Vec<_>) = kept
            .into_iter()
            .filter(|(u, _)| !matches!(u, Unit::Box(_) | Unit::Region(_)))
            .partition(|(u, _)| matches!(u, Unit::Row(_) | Unit::Column(_)));
        for (unit, cells) in lines {
            self.push_unit(unit, cells);
        }
        for (k, cells) in regions.into_iter().enumerate() {
            self.push_unit(Unit::Region(k), cells);
        }
        for (unit, cells) in others {
            self.push_unit(unit, cells);
        }
        self.classic = false;
        self.index();
        Ok(self)
    }

    /// Reads a region map written as `N * N` symbols, one per cell in
    /// reading order (whitespace between them is skipped): each different
    /// symbol is a region, numbered from 0 in the order the symbols first
    /// appear. Pass the result to [`Rules::with_regions`].
    ///
    /// # Errors
    ///
    /// [`RulesError::RegionMapLength`] for a wrong number of symbols,
    /// [`RulesError::TooManyRegions`] for more than `size` different ones.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, RulesError};
    /// assert_eq!(Rules::region_map("AABB AABB CDDD CCCD", 4)?, [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3]);
    /// assert_eq!(Rules::region_map("AABBAABBCDDDCCCE", 4), Err(RulesError::TooManyRegions { cell: 15, size: 4 }));
    /// # Ok::<(), RulesError>(())
    /// ```
    pub fn region_map(text: &str, size: usize) -> Result<Vec<usize>, RulesError> {
        let found = text.chars().filter(|c| !c.is_whitespace()).count();
        if found != size * size {
            return Err(RulesError::RegionMapLength {
                found,
                expected: size * size,
            });
        }
        let mut symbols: Vec<char> = Vec::with_capacity(size);
        let mut map = Vec::with_capacity(found);
        for ch in text.chars().filter(|c| !c.is_whitespace()) {
            let region = match symbols.iter().position(|&s| s == ch) {
                Some(k) => k,
                None if symbols.len() < size => {
                    symbols.push(ch);
                    symbols.len() - 1
                }
                None => {
                    return Err(RulesError::TooManyRegions {
                        cell: map.len(),
                        size,
                    });
                }
            };
            map.push(region);
        }
        Ok(map)
    }

    /// Whether unit `unit` is among the units already.
    fn has_unit(&self, unit: Unit) -> bool {
        self.units.contains(&unit)
    }

    /// Sudoku X: both main diagonals hold every digit once (any size).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_diagonals();
    /// assert_eq!(rules.unit_count(), 14);
    /// assert_eq!(rules.unit_cells(13).collect::<Vec<_>>(), [3, 6, 9, 12]);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn with_diagonals(self) -> Rules {
        self.with_main_diagonal().with_anti_diagonal()
    }

    /// The diagonal from the top left corner to the bottom right one holds
    /// every digit once (f-puzzles' `diagonal-`). Adding it twice adds it
    /// once.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_main_diagonal();
    /// assert_eq!(rules.unit(12), Unit::Diagonal(0));
    /// assert_eq!(rules.unit_cells(12).collect::<Vec<_>>(), [0, 5, 10, 15]);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn with_main_diagonal(mut self) -> Rules {
        let n = self.size;
        if !self.has_unit(Unit::Diagonal(0)) {
            self.push_unit(Unit::Diagonal(0), (0..n).map(|r| r * n + r));
            self.classic = false;
            self.index();
        }
        self
    }

    /// The diagonal from the top right corner to the bottom left one holds
    /// every digit once (f-puzzles' `diagonal+`). Adding it twice adds it
    /// once.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_anti_diagonal();
    /// assert_eq!(rules.unit(12), Unit::Diagonal(1));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn with_anti_diagonal(mut self) -> Rules {
        let n = self.size;
        if !self.has_unit(Unit::Diagonal(1)) {
            self.push_unit(Unit::Diagonal(1), (0..n).map(|r| r * n + n - 1 - r));
            self.classic = false;
            self.index();
        }
        self
    }

    /// Windoku: four more 3x3 windows hold every digit once, those with top
    /// left cells r2c2, r2c6, r6c2 and r6c6 of a 9x9 grid. Adding them twice
    /// adds them once.
    ///
    /// # Errors
    ///
    /// [`RulesError::WindowsNeedNine`] for any size but 9.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, RulesError, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_windows()?;
    /// assert_eq!(rules.unit_cells(27).collect::<Vec<_>>(), [10, 11, 12, 19, 20, 21, 28, 29, 30]);
    /// let err = Rules::classic(Shape::for_size(6)?).with_windows().unwrap_err();
    /// assert_eq!(err, RulesError::WindowsNeedNine { size: 6 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_windows(mut self) -> Result<Rules, RulesError> {
        let n = self.size;
        if n != 9 {
            return Err(RulesError::WindowsNeedNine { size: n });
        }
        if self.has_unit(Unit::Window(0)) {
            return Ok(self);
        }
        for (w, (top, left)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
            let cells = (0..9).map(move |i| (top + i / 3) * n + left + i % 3);
            self.push_unit(Unit::Window(w), cells);
        }
        self.classic = false;
        self.index();
        Ok(self)
    }

    /// Checks that `cells` are distinct cells of the grid.
    fn check_cells(&self, cells: &[usize]) -> Result<(), RulesError> {
        let count = self.cell_count();
        let mut seen = vec![false; count];
        for &cell in cells {
            if cell >= count {
                return Err(RulesError::CellOutOfRange { cell, cells: count });
            }
            if std::mem::replace(&mut seen[cell], true) {
                return Err(RulesError::RepeatedCell { cell });
            }
        }
        Ok(())
    }

    /// An extra region: `N` more cells (reading order numbers) that hold
    /// every digit once.
    ///
    /// # Errors
    ///
    /// [`RulesError::ExtraRegionSize`], [`RulesError::CellOutOfRange`],
    /// [`RulesError::RepeatedCell`].
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_extra_region(&[0, 5, 11, 14])?;
    /// assert_eq!(rules.unit(12), Unit::Extra(0));
    /// assert!(Rules::classic(Shape::for_size(4)?).with_extra_region(&[0, 5]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_extra_region(self, cells: &[usize]) -> Result<Rules, RulesError> {
        self.with_extra_regions([cells])
    }

    /// Extra regions, as [`Rules::with_extra_region`] adds them one by one,
    /// with the rules indexed once at the end (many regions cost linear
    /// time).
    ///
    /// # Errors
    ///
    /// As [`Rules::with_extra_region`], for the first region at fault.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let regions: [&[usize]; 2] = [&[0, 5, 10, 15], &[3, 6, 9, 12]];
    /// let rules = Rules::classic(Shape::for_size(4)?).with_extra_regions(regions)?;
    /// assert_eq!(rules.unit(13), Unit::Extra(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_extra_regions<'c>(
        mut self,
        regions: impl IntoIterator<Item = &'c [usize]>,
    ) -> Result<Rules, RulesError> {
        let first = self
            .units
            .iter()
            .filter(|u| matches!(u, Unit::Extra(_)))
            .count();
        let units = self.units.len();
        for (index, cells) in (first..).zip(regions) {
            if cells.len() != self.size {
                return Err(RulesError::ExtraRegionSize {
                    region: index,
                    cells: cells.len(),
                    expected: self.size,
                });
            }
            self.check_cells(cells)?;
            self.push_unit(Unit::Extra(index), cells.iter().copied());
        }
        if self.units.len() > units {
            self.classic = false;
            self.index();
        }
        Ok(self)
    }

    /// A killer cage: its cells hold distinct digits adding up to `sum`
    /// (`None`: distinct digits, any sum).
    ///
    /// A cage with a sum is not expanded into one option per arrangement of
    /// its digits: it gets a primary item "the cage has its combination",
    /// a primary item per digit `d` "the cage accounts for `d`", and one
    /// option per set of distinct digits with the right size and sum, which
    /// covers the cage's item and the items of the digits it does *not*
    /// hold; each cell of the cage covers the cage's item of its digit. So
    /// exactly one combination is chosen, each digit outside it is placed in
    /// no cell of the cage and each digit in it in exactly one: the cells
    /// hold that combination's digits, all different, and the sum is right.
    /// A cage without a sum has only its digit items, secondary.
    ///
    /// # Errors
    ///
    /// [`RulesError::CageSize`] (no cells or more than `N`),
    /// [`RulesError::CellOutOfRange`], [`RulesError::RepeatedCell`],
    /// [`RulesError::UnreachableSum`], [`RulesError::TooManyCombinations`].
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, RulesError, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_cage(&[0, 1, 2], Some(7))?;
    /// assert_eq!(rules.option_count(), 729 + 1); // 1 + 2 + 4 only
    /// let err = Rules::classic(Shape::for_size(9)?).with_cage(&[0, 1], Some(18)).unwrap_err();
    /// assert_eq!(err, RulesError::UnreachableSum { cage: 0, sum: 18, cells: 2 });
    /// assert_eq!(err.to_string(), "cage 1 (2 cells) cannot add up to 18 with distinct digits");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_cage(self, cells: &[usize], sum: Option<usize>) -> Result<Rules, RulesError> {
        self.with_cages([(cells, sum)])
    }

    /// Killer cages, as [`Rules::with_cage`] adds them one by one, with the
    /// rules indexed once at the end (many cages cost linear time).
    ///
    /// # Errors
    ///
    /// As [`Rules::with_cage`], for the first cage at fault.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let cages: [(&[usize], Option<usize>); 2] = [(&[0, 1], Some(3)), (&[2, 3], None)];
    /// let rules = Rules::classic(Shape::for_size(4)?).with_cages(cages)?;
    /// assert_eq!(rules.cages().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_cages<'c>(
        mut self,
        cages: impl IntoIterator<Item = (&'c [usize], Option<usize>)>,
    ) -> Result<Rules, RulesError> {
        let mut used = self.combinations.len();
        let mut found = Vec::new();
        for (cells, sum) in cages {
            let cage = self.cages.len();
            if cells.is_empty() || cells.len() > self.size {
                return Err(RulesError::CageSize {
                    cage,
                    cells: cells.len(),
                    size: self.size,
                });
            }
            self.check_cells(cells)?;
            if let Some(sum) = sum {
                found.clear();
                let room = MAX_COMBINATIONS - used;
                if !combinations(self.size, 1, cells.len(), sum, 0, &mut found, room) {
                    return Err(RulesError::TooManyCombinations { cage });
                }
                if found.is_empty() {
                    return Err(RulesError::UnreachableSum {
                        cage,
                        sum,
                        cells: cells.len(),
                    });
                }
                used += found.len();
            }
            self.cages.push(Cage::new(cells.to_vec(), sum));
        }
        if self.cages.len() > self.cage_items.len() {
            self.classic = false;
            self.index();
        }
        Ok(self)
    }

    /// Anti-knight: no two cells a knight's move apart hold the same digit.
    ///
    /// Each pair of such cells that share no unit gets a secondary item per
    /// digit, covered by both cells' options for that digit (pairs in one
    /// unit differ already).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_anti_knight();
    /// assert!(rules.anti_knight());
    /// // 224 pairs a knight's move apart, 72 of them inside a box.
    /// assert_eq!(rules.item_count(), 324 + 152 * 9);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn with_anti_knight(mut self) -> Rules {
        self.anti_knight = true;
        self.classic = false;
        self.index();
        self
    }

    /// Anti-king: no two cells a king's move apart hold the same digit.
    ///
    /// Two cells are a king's move apart exactly when they lie in one 2x2
    /// square, so each 2x2 square whose cells do not all share a unit gets
    /// a secondary item per digit, covered by its four cells' options for
    /// that digit: at most one cell of each square holds each digit. That is
    /// `(N-1)^2` squares where pairs would be about `4 N^2`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_anti_king();
    /// // 64 squares, 36 of them inside a box.
    /// assert_eq!(rules.item_count(), 324 + 28 * 9);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn with_anti_king(mut self) -> Rules {
        self.anti_king = true;
        self.classic = false;
        self.index();
        self
    }

    /// Adds a unit (its cells distinct and in the grid); the units of each
    /// cell are derived afterwards by [`Rules::index`].
    fn push_unit(&mut self, unit: Unit, cells: impl IntoIterator<Item = usize>) {
        let start = self.unit_cells.len();
        self.unit_cells.extend(cells.into_iter().map(|k| k as u32));
        let added = &self.unit_cells[start..];
        debug_assert!(added.iter().all(|&k| (k as usize) < self.size * self.size));
        debug_assert!((1..added.len()).all(|i| !added[..i].contains(&added[i])));
        self.units.push(unit);
        self.unit_starts.push(self.unit_cells.len() as u32);
    }

    /// Derives, from the units, cages and flags: the units of each cell and
    /// the items and options beyond the units'.
    fn index(&mut self) {
        self.index_cells();
        let n = self.size;
        let cells = n * n;
        let mut next = cells + self.units.len() * n;
        self.spans.clear();
        self.cage_items.clear();
        self.combinations.clear();
        // Per cell, the runs of digit items it covers beyond its units.
        let mut extra: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for (k, cage) in self.cages.iter().enumerate() {
            if let Some(sum) = cage.sum {
                self.spans.push(Span {
                    start: next,
                    kind: SpanKind::Combination(k),
                });
                self.spans.push(Span {
                    start: next + 1,
                    kind: SpanKind::CageDigits(k),
                });
                self.cage_items.push((Some(next), next + 1));
                for &cell in &cage.cells {
                    extra[cell].push((next + 1) as u32);
                }
                next += 1 + n;
                let mut found = Vec::new();
                // Checked by `with_cage`: within the bound, not empty.
                combinations(n, 1, cage.cells.len(), sum, 0, &mut found, usize::MAX);
                self.combinations.extend(
                    found
                        .into_iter()
                        .map(|digits| Combination { cage: k, digits }),
                );
            } else {
                self.cage_items.push((None, usize::MAX));
            }
        }
        self.primary_items = next;
        for (k, cage) in self.cages.iter().enumerate() {
            if cage.sum.is_none() {
                self.spans.push(Span {
                    start: next,
                    kind: SpanKind::CageDigits(k),
                });
                self.cage_items[k].1 = next;
                for &cell in &cage.cells {
                    extra[cell].push(next as u32);
                }
                next += n;
            }
        }
        if self.anti_knight {
            for a in 0..cells {
                let (r, c) = ((a / n) as isize, (a % n) as isize);
                for (dr, dc) in KNIGHT {
                    let (r2, c2) = (r + dr, c + dc);
                    if r2 < 0 || c2 < 0 || r2 >= n as isize || c2 >= n as isize {
                        continue;
                    }
                    let b = r2 as usize * n + c2 as usize;
                    if self.share_unit(&[a, b]) {
                        continue;
                    }
                    self.spans.push(Span {
                        start: next,
                        kind: SpanKind::Knight(a, b),
                    });
                    extra[a].push(next as u32);
                    extra[b].push(next as u32);
                    next += n;
                }
            }
        }
        if self.anti_king {
            for r in 0..n.saturating_sub(1) {
                for c in 0..n - 1 {
                    let corner = r * n + c;
                    let square = [corner, corner + 1, corner + n, corner + n + 1];
                    if self.share_unit(&square) {
                        continue;
                    }
                    self.spans.push(Span {
                        start: next,
                        kind: SpanKind::King(corner),
                    });
                    for k in square {
                        extra[k].push(next as u32);
                    }
                    next += n;
                }
            }
        }
        self.item_total = next;
        self.cell_extra_starts.clear();
        self.cell_extra.clear();
        self.cell_extra_starts.push(0);
        for items in &extra {
            self.cell_extra.extend_from_slice(items);
            self.cell_extra_starts.push(self.cell_extra.len() as u32);
        }
        self.cell_cage_starts.clear();
        self.cell_cages.clear();
        let mut by_cell: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for (k, cage) in self.cages.iter().enumerate() {
            for &cell in &cage.cells {
                by_cell[cell].push(k as u32);
            }
        }
        self.cell_cage_starts.push(0);
        for list in &by_cell {
            self.cell_cages.extend_from_slice(list);
            self.cell_cage_starts.push(self.cell_cages.len() as u32);
        }
    }

    /// Whether one unit contains all of `cells`.
    fn share_unit(&self, cells: &[usize]) -> bool {
        self.units_of(cells[0])
            .any(|u| cells[1..].iter().all(|&k| self.units_of(k).any(|v| v == u)))
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
    /// unit (`4 N^2` for classic rules), plus those of the cages, knight
    /// pairs and king squares (see the [numbering](Rules#numbering)).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.item_count(), 4 * 36);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn item_count(&self) -> usize {
        self.item_total
    }

    /// The number of primary items; the secondary items (of cages without a
    /// sum, anti-knight, anti-king) are the rest.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_anti_king();
    /// assert_eq!(rules.primary_count(), 324);
    /// assert!(rules.item_count() > 324);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn primary_count(&self) -> usize {
        self.primary_items
    }

    /// The number of options: `N^3`, one per cell and digit, plus one per
    /// digit combination of each cage with a sum.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.option_count(), 6 * 6 * 6);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.placement_count() + self.combinations.len()
    }

    /// The number of options that place a digit in a cell: `N^3`.
    pub(crate) fn placement_count(&self) -> usize {
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
    /// let caged = rules.with_cage(&[0, 1], Some(7))?;
    /// assert_eq!(caged.item_meaning(64), Some(ItemMeaning::Combination { cage: 0 }));
    /// assert_eq!(caged.item_meaning(66), Some(ItemMeaning::CageHolds { cage: 0, value: 2 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn item_meaning(&self, item: usize) -> Option<ItemMeaning> {
        let cells = self.cell_count();
        let n = self.size;
        let units_end = cells + self.units.len() * n;
        if item < cells {
            return Some(ItemMeaning::Filled { cell: item });
        }
        if item < units_end {
            let k = item - cells;
            return Some(ItemMeaning::Holds {
                unit: k / n,
                value: k % n + 1,
            });
        }
        if item >= self.item_total {
            return None;
        }
        let at = self.spans.partition_point(|s| s.start <= item) - 1;
        let span = self.spans[at];
        let value = item - span.start + 1;
        Some(match span.kind {
            SpanKind::Combination(cage) => ItemMeaning::Combination { cage },
            SpanKind::CageDigits(cage) => ItemMeaning::CageHolds { cage, value },
            SpanKind::Knight(first, second) => ItemMeaning::KnightPair {
                first,
                second,
                value,
            },
            SpanKind::King(corner) => ItemMeaning::KingSquare { corner, value },
        })
    }

    /// Selects in `solver`, a solver of [`Rules::problem`], the option of
    /// every given of `grid` (a grid of these rules' size), in reading
    /// order: the search then looks only for the rest.
    ///
    /// # Errors
    ///
    /// The [`SelectError`] of the first given whose option cannot be
    /// selected (two givens break a rule); the solver then knows that it has
    /// no solution, until its selection is cleared.
    ///
    /// ```
    /// use exactcover::Solver;
    /// use exactcover::sudoku::{Grid, Rules};
    ///
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let rules = Rules::classic(puzzle.shape());
    /// let mut solver = Solver::new(&rules.problem());
    /// rules.select_givens(&puzzle, &mut solver)?;
    /// assert_eq!(solver.selection_len(), 5);
    /// assert_eq!(solver.count_solutions(None).solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn select_givens(&self, grid: &Grid, solver: &mut Solver) -> Result<(), SelectError> {
        for (cell, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                solver.select(self.option_of(cell, v as usize))?;
            }
        }
        Ok(())
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

    /// The cell and the value (from 1) of option `option`, one of the first
    /// `N^3` (see [`Rules::option_meaning`] for all).
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

    /// What option `option` stands for, or `None` when there is no such
    /// option.
    ///
    /// ```
    /// use exactcover::sudoku::{OptionMeaning, Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_cage(&[0, 1], Some(4))?;
    /// assert_eq!(rules.option_meaning(11), Some(OptionMeaning::Place { cell: 1, value: 3 }));
    /// assert_eq!(rules.option_meaning(729), Some(OptionMeaning::Combination { cage: 0, digits: vec![1, 3] }));
    /// assert_eq!(rules.option_meaning(730), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn option_meaning(&self, option: usize) -> Option<OptionMeaning> {
        if option < self.placement_count() {
            let (cell, value) = self.placement(option);
            Some(OptionMeaning::Place { cell, value })
        } else {
            let c = self.combinations.get(option - self.placement_count())?;
            Some(OptionMeaning::Combination {
                cage: c.cage,
                digits: digits_of(c.digits).collect(),
            })
        }
    }

    /// The items option `option` covers. A digit in a cell covers its
    /// cell's item, then the item of its digit in each unit that contains
    /// the cell, in unit order, then those of its digit for the cell's
    /// cages, knight pairs and king squares. A cage's combination covers the
    /// cage's item, then the cage's items of the digits it lacks.
    ///
    /// # Panics
    ///
    /// When there is no option `option`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.option_items(0).collect::<Vec<_>>(), [0, 16, 32, 48]);
    /// let caged = rules.with_cage(&[0, 1], Some(3))?;
    /// assert_eq!(caged.option_items(0).collect::<Vec<_>>(), [0, 16, 32, 48, 65]);
    /// assert_eq!(caged.option_items(64).collect::<Vec<_>>(), [64, 67, 68]); // 1 + 2: no 3, no 4
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        let placements = self.placement_count();
        let (placed, combination) = if option < placements {
            (Some(self.placement(option)), None)
        } else {
            (None, Some(self.combinations[option - placements]))
        };
        let placed_items = placed.into_iter().flat_map(move |(cell, value)| {
            let (from, to) = (
                self.cell_extra_starts[cell] as usize,
                self.cell_extra_starts[cell + 1] as usize,
            );
            std::iter::once(self.cell_item(cell))
                .chain(self.units_of(cell).map(move |u| self.unit_item(u, value)))
                .chain(
                    self.cell_extra[from..to]
                        .iter()
                        .map(move |&base| base as usize + value - 1),
                )
        });
        let combination_items = combination.into_iter().flat_map(move |c| {
            let (item, digits) = self.cage_items[c.cage];
            item.into_iter().chain(
                (1..=self.size)
                    .filter(move |d| c.digits >> (d - 1) & 1 == 0)
                    .map(move |d| digits + d - 1),
            )
        });
        placed_items.chain(combination_items)
    }

    /// The killer cages, in the order they were added.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_cage(&[0, 4], None)?;
    /// assert_eq!(rules.cages()[0].cells, [0, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cages (numbered as in [`Rules::cages`]) that contain cell `cell`.
    ///
    /// # Panics
    ///
    /// When `cell` is not a cell of the grid.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_cage(&[0, 4], None)?;
    /// assert_eq!(rules.cages_of(4).collect::<Vec<_>>(), [0]);
    /// assert_eq!(rules.cages_of(5).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cages_of(&self, cell: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (from, to) = (
            self.cell_cage_starts[cell] as usize,
            self.cell_cage_starts[cell + 1] as usize,
        );
        self.cell_cages[from..to].iter().map(|&k| k as usize)
    }

    /// Whether no two cells a knight's move apart may hold the same digit.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert!(!Rules::classic(Shape::for_size(4)?).anti_knight());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn anti_knight(&self) -> bool {
        self.anti_knight
    }

    /// Whether no two cells a king's move apart may hold the same digit.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert!(Rules::classic(Shape::for_size(4)?).with_anti_king().anti_king());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn anti_king(&self) -> bool {
        self.anti_king
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
        problem.add_primary_items(self.primary_items);
        problem.add_secondary_items(self.item_total - self.primary_items);
        for option in 0..self.option_count() {
            // The items exist and differ (the units, cages, pairs and squares
            // of a cell are distinct runs of items), so this cannot fail.
            let added = problem.add_option(self.option_items(option));
            debug_assert!(added.is_ok());
        }
        problem
    }
}

impl PartialEq for Rules {
    /// The same shape, the same units in the same order, the same cages
    /// and the same anti-knight and anti-king rules.
    fn eq(&self, other: &Rules) -> bool {
        self.shape == other.shape
            && ((self.classic && other.classic)
                || (self.units == other.units
                    && self.unit_starts == other.unit_starts
                    && self.unit_cells == other.unit_cells
                    && self.cages == other.cages
                    && self.anti_knight == other.anti_knight
                    && self.anti_king == other.anti_king))
    }
}

impl Eq for Rules {}

impl Hash for Rules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.units.hash(state);
        self.unit_starts.hash(state);
        self.unit_cells.hash(state);
        self.cages.hash(state);
        self.anti_knight.hash(state);
        self.anti_king.hash(state);
    }
}
