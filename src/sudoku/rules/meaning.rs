//! What the items and options of a Sudoku's exact-cover problem stand for:
//! [`ItemMeaning`] and [`OptionMeaning`], read back from their numbers by
//! [`Rules::item_meaning`] and [`Rules::option_meaning`].

use crate::sudoku::rules::Rules;
use crate::sudoku::rules::items::SpanKind;
use crate::sudoku::rules::killer::digits_of;

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

impl Rules {
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
}
