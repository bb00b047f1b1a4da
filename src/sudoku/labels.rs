//! Names for the items and options of a Sudoku's exact-cover problem.
//!
//! The [`Rules`] name them, from their units: items `r3c5` (the cell is
//! filled) and `row 3 has 7` (the unit's name, then the digit), options
//! `r3c5=7`, all from 1 and in the default alphabet's symbols.
//! [`SudokuLabels`], [`item_label`] and [`option_label`] name those of the
//! classic rules of a shape.

use crate::problem::Labels;
use crate::sudoku::rules::{ItemMeaning, OptionMeaning, Rules, option_placement};
use crate::sudoku::{Alphabet, Shape};

/// The symbol of `value` in the default alphabet, or its number beyond it.
fn symbol(value: usize) -> String {
    Alphabet::default()
        .symbol(value)
        .map_or_else(|| value.to_string(), String::from)
}

/// The rules name the items and options of their problem
/// ([`Rules::problem`]): items `r3c5` or `row 3 has 7`, options `r3c5=7`;
/// `#k` for a number that is no item.
///
/// ```
/// use exactcover::problem::Labels;
/// use exactcover::sudoku::{Rules, Shape};
///
/// let rules = Rules::classic(Shape::for_size(9)?);
/// assert_eq!(rules.item(10), "r2c2");
/// assert_eq!(rules.item(3 * 81 + 80), "box 9 has 9");
/// assert_eq!(rules.option(11), "r1c2=3");
///
/// // The items and options of variants.
/// let rules = rules.with_cage(&[0, 1], Some(4))?.with_anti_king();
/// assert_eq!(rules.item(324), "cage 1 has its combination");
/// assert_eq!(rules.item(325 + 2), "cage 1 has 3");
/// assert_eq!(rules.item(rules.primary_count()), "square at r1c3 has 1");
/// assert_eq!(rules.option(729), "cage 1 is 1+3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Labels for Rules {
    fn item(&self, item: usize) -> String {
        let n = self.size();
        match self.item_meaning(item) {
            Some(ItemMeaning::Filled { cell }) => format!("r{}c{}", cell / n + 1, cell % n + 1),
            Some(ItemMeaning::Holds { unit, value }) => {
                format!("{} has {}", self.unit(unit), symbol(value))
            }
            Some(ItemMeaning::Combination { cage }) => {
                format!("cage {} has its combination", cage + 1)
            }
            Some(ItemMeaning::CageHolds { cage, value }) => {
                format!("cage {} has {}", cage + 1, symbol(value))
            }
            Some(ItemMeaning::KnightPair {
                first,
                second,
                value,
            }) => format!(
                "{} or {} has {}",
                cell_name(n, first),
                cell_name(n, second),
                symbol(value)
            ),
            Some(ItemMeaning::KingSquare { corner, value }) => {
                format!("square at {} has {}", cell_name(n, corner), symbol(value))
            }
            None => format!("#{item}"),
        }
    }

    fn option(&self, option: usize) -> String {
        match self.option_meaning(option) {
            Some(OptionMeaning::Combination { cage, digits }) => {
                let digits: Vec<String> = digits.into_iter().map(symbol).collect();
                format!("cage {} is {}", cage + 1, digits.join("+"))
            }
            _ => option_name(self.size(), option),
        }
    }
}

/// `r3c5` for cell `cell` of a grid of size `n` (from 1).
fn cell_name(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// The name of option `option` of a grid of size `n`: `r3c5=7`.
fn option_name(n: usize, option: usize) -> String {
    let (cell, value) = option_placement(n, option);
    format!("r{}c{}={}", cell / n + 1, cell % n + 1, symbol(value))
}

/// The labels of the classic rules of a shape (its
/// [`exact_cover`](crate::sudoku::exact_cover)): items such as `r3c5` or
/// `row 3 has 7`, options such as `r3c5=7`.
///
/// Each item's name comes from [`Rules::classic`], made anew for it: to name
/// many items of a large grid, or under other rules, use the [`Rules`]
/// themselves as the labels.
///
/// ```
/// use exactcover::sudoku::Shape;
/// use exactcover::problem::Labels;
/// use exactcover::sudoku::SudokuLabels;
///
/// let labels = SudokuLabels(Shape::for_size(4)?);
/// assert_eq!(labels.item(16 + 4 * 2 + 3), "row 3 has 4");
/// assert_eq!(labels.option(0), "r1c1=1");
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SudokuLabels(pub Shape);

impl Labels for SudokuLabels {
    fn item(&self, item: usize) -> String {
        item_label(self.0, item)
    }

    fn option(&self, option: usize) -> String {
        option_label(self.0, option)
    }
}

/// A name for item `item` of [`exact_cover`](crate::sudoku::exact_cover),
/// for people: `r3c5` (the cell is filled), `row 3 has 7`, `column 5 has 7`,
/// `box 2 has 7` (from 1, in the default alphabet's symbols).
///
/// ```
/// use exactcover::sudoku::{item_label, Shape};
/// let nine = Shape::for_size(9)?;
/// assert_eq!(item_label(nine, 0), "r1c1");
/// assert_eq!(item_label(nine, 81 + 2 * 9 + 6), "row 3 has 7");
/// assert_eq!(item_label(nine, 3 * 81 + 80), "box 9 has 9");
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[must_use]
pub fn item_label(shape: Shape, item: usize) -> String {
    Rules::classic(shape).item(item)
}

/// A name for option `option` of [`exact_cover`](crate::sudoku::exact_cover):
/// `r3c5=7`.
///
/// ```
/// use exactcover::sudoku::{option_label, Shape};
/// assert_eq!(option_label(Shape::for_size(9)?, 11), "r1c2=3");
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[must_use]
pub fn option_label(shape: Shape, option: usize) -> String {
    option_name(shape.size(), option)
}
