//! [`RulesError`]: why a grid does not fit a set of rules, or why a rule
//! cannot be added.

use std::fmt;

use crate::sudoku::Shape;
use crate::sudoku::rules::MAX_COMBINATIONS;

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
