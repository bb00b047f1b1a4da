//! The names of the items and options of a Sudoku's exact-cover problem.
//!
//! * For people, the rules are [`Labels`]: items `r3c5` (the cell is
//!   filled) and `row 3 has 7` (the unit's name, then the digit), options
//!   `r3c5=7`, all from 1 and in the default alphabet's symbols.
//! * Short names in Knuth's style, for the problem left once a puzzle's
//!   givens are chosen ([`remaining_problem`](crate::sudoku::remaining_problem)):
//!   `p12`, `r13`, `K2`, ... ([`Rules::short_item_name`]).

use crate::problem::Labels;
use crate::sudoku::Alphabet;
use crate::sudoku::rules::{ItemMeaning, OptionMeaning, Rules, option_placement};

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
pub(crate) fn option_name(n: usize, option: usize) -> String {
    let (cell, value) = option_placement(n, option);
    format!("r{}c{}={}", cell / n + 1, cell % n + 1, symbol(value))
}

impl Rules {
    /// The short name of item `item`, its symbols those of `alphabet`:
    /// `p12` (cell r1c2 filled; `p1.12` from size 10 on, where `p112` could
    /// be r1c12 or r11c2), then a unit's letter, number and symbol: `r13`,
    /// `c13`, `b13` (row, column, box 1 has 3), `j13` (jigsaw region), `d13`
    /// (diagonal), `w13` (window), `x13` (extra region); `K2` (cage 2 has
    /// its combination), `k23` (cage 2 accounts for 3), `n1-12.3` (cells 1
    /// and 12, a knight's move apart, hold 3 at most once), `q13.3` (the 2x2
    /// square at cell 13 holds 3 at most once); `#k` for a number that is no
    /// item.
    ///
    /// Every name ends with a one-character symbol, or is a cell's or a
    /// cage's whose numbers are separated: all are distinct.
    pub(crate) fn short_item_name(&self, item: usize, alphabet: &Alphabet) -> String {
        let n = self.size();
        let sym = |d: usize| alphabet.symbol(d).unwrap_or('?');
        match self.item_meaning(item) {
            Some(ItemMeaning::Filled { cell }) if n < 10 => {
                format!("p{}{}", cell / n + 1, cell % n + 1)
            }
            Some(ItemMeaning::Filled { cell }) => format!("p{}.{}", cell / n + 1, cell % n + 1),
            Some(ItemMeaning::Holds { unit, value }) => {
                let unit = self.unit(unit);
                format!("{}{}{}", unit.letter(), unit.index() + 1, sym(value))
            }
            Some(ItemMeaning::Combination { cage }) => format!("K{}", cage + 1),
            Some(ItemMeaning::CageHolds { cage, value }) => format!("k{}{}", cage + 1, sym(value)),
            Some(ItemMeaning::KnightPair {
                first,
                second,
                value,
            }) => format!("n{}-{}.{}", first + 1, second + 1, sym(value)),
            Some(ItemMeaning::KingSquare { corner, value }) => {
                format!("q{}.{}", corner + 1, sym(value))
            }
            None => format!("#{item}"),
        }
    }
}
