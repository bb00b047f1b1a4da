//! The rules of a Sudoku: its units, the variants built on them, and the
//! exact-cover numbering that follows from them.
//!
//! * [`Rules`] holds the size `N`, the box [`Shape`] it was made from, and
//!   the *units*: lists of `N` cells that must hold every digit once, each
//!   named by a [`Unit`]. [`Rules::classic`] has `3 N` units: the rows, then
//!   the columns, then the boxes. The units that contain each cell are listed
//!   too, built once.
//! * The builders add variants, one file each: jigsaw regions
//!   ([`Rules::with_regions`]), diagonals ([`Rules::with_diagonals`]),
//!   windows ([`Rules::with_windows`]), extra regions
//!   ([`Rules::with_extra_regions`]), killer [`Cage`]s ([`Rules::with_cages`],
//!   at most [`MAX_COMBINATIONS`] combinations), anti-knight and anti-king.
//!   Each edits the units, cages or flags, then every one of them ends the
//!   same way, in [`Rules::change`]: what follows from the rules is derived
//!   again.
//! * From them follows the numbering of the exact-cover problem
//!   ([`Rules::problem`], [`Rules::option_items`]), in one place;
//!   [`ItemMeaning`] and [`OptionMeaning`] say what an item or an option
//!   stands for, and the rules name them for people (they are
//!   [`Labels`](crate::problem::Labels)). [`Rules::given_options`] are the
//!   options a grid's givens choose; [`Rules::fill`] writes a solution's
//!   options into a grid.
//! * [`RulesError`] says why a grid does not fit the rules, or why a rule
//!   cannot be added.
//!
//! Everything else reads the rules: [`SudokuSolver`](crate::sudoku::SudokuSolver),
//! the check for conflicting givens
//! ([`RuledGrid::conflict`](crate::sudoku::RuledGrid::conflict)), the
//! [`reference`](crate::sudoku::reference) solver, the generator, the labels
//! of traces and pictures, and
//! [`remaining_problem`](crate::sudoku::remaining_problem).
//!
//! # Adding a kind of unit
//!
//! A new kind of unit (a jigsaw region, a diagonal, a window) is one file
//! here: a variant of [`Unit`] with its name (its `Display` and its letter
//! for short item names), and a builder that pushes its units in
//! [`Rules::change`], as [`Rules::classic`] pushes rows, columns and boxes.
//! The items, the options, the solver, the conflict check, the reference
//! solver and the labels all follow from the list of units.
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

mod diagonals;
mod error;
mod extra;
mod items;
mod jigsaw;
mod killer;
mod king;
mod knight;
mod meaning;
mod names;
mod unit;
mod units;
mod windows;

use std::convert::Infallible;
use std::hash::{Hash, Hasher};

use crate::sudoku::Shape;

pub use error::RulesError;
use items::Span;
pub(crate) use items::{option_number, option_placement};
use killer::Combination;
pub use killer::{Cage, MAX_COMBINATIONS};
pub use meaning::{ItemMeaning, OptionMeaning};
pub use unit::Unit;

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

impl Rules {
    /// Applies a builder's edit of the units, cages or flags and, when
    /// `edit` says it changed something, derives again what follows from
    /// them: the rules are no longer classic, and the units of each cell,
    /// the items and the options are numbered anew ([`Rules::index`]). The
    /// one step every builder ends with.
    fn change<E>(mut self, edit: impl FnOnce(&mut Rules) -> Result<bool, E>) -> Result<Rules, E> {
        if edit(&mut self)? {
            self.classic = false;
            self.index();
        }
        Ok(self)
    }

    /// [`Rules::change`] for an edit that cannot fail.
    fn changed(self, edit: impl FnOnce(&mut Rules) -> bool) -> Rules {
        match self.change(|rules| Ok::<bool, Infallible>(edit(rules))) {
            Ok(rules) => rules,
            Err(never) => match never {},
        }
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
