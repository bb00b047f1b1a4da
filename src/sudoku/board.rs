//! A puzzle as the interactive page draws it: an [`html::Board`].

use crate::teach::html::Board;

use super::ruled::RuledGrid;
use super::rules::{ItemMeaning, OptionMeaning, Unit};

/// The board of `puzzle` for [`html::page`](crate::teach::html::page): its cells and
/// boxes (or jigsaw regions), its givens, the cell and symbol of every
/// option of [`Rules::problem`](super::Rules::problem), and the cells of
/// every item (a cell's item: the cell; a unit's: its cells; a cage's: the
/// cage).
///
/// ```
/// use exactcover::sudoku::{Grid, teaching_board};
///
/// let puzzle: Grid = "1.3..4..2......1".parse()?;
/// let board = teaching_board(&puzzle);
/// assert_eq!((board.rows, board.columns), (4, 4));
/// assert_eq!(board.givens[0].as_deref(), Some("1"));
/// assert_eq!(board.placements[5], Some((1, "2".to_string()))); // r1c2=2
/// assert_eq!(board.item_cells[16 + 2], [0, 1, 2, 3]); // row 1 has 3
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[must_use]
pub fn teaching_board<'p>(puzzle: impl Into<RuledGrid<'p>>) -> Board {
    let puzzle = puzzle.into();
    let (grid, rules) = (puzzle.grid(), puzzle.rules());
    let n = rules.size();
    let alphabet = grid.alphabet();
    let symbol = |v: usize| {
        alphabet
            .symbol(v)
            .map_or_else(|| v.to_string(), String::from)
    };
    let regions = (0..n * n)
        .map(|cell| {
            rules
                .units_of(cell)
                .find(|&u| matches!(rules.unit(u), Unit::Box(_) | Unit::Region(_)))
                .unwrap_or(0)
        })
        .collect();
    let givens = grid
        .cells()
        .iter()
        .map(|&v| (v != 0).then(|| symbol(v as usize)))
        .collect();
    let placements = (0..rules.option_count())
        .map(|o| match rules.option_meaning(o) {
            Some(OptionMeaning::Place { cell, value }) => Some((cell, symbol(value))),
            _ => None,
        })
        .collect();
    let cage_cells = |cage: usize| {
        rules
            .cages()
            .get(cage)
            .map(|c| c.cells.clone())
            .unwrap_or_default()
    };
    let item_cells = (0..rules.item_count())
        .map(|i| match rules.item_meaning(i) {
            Some(ItemMeaning::Filled { cell }) => vec![cell],
            Some(ItemMeaning::Holds { unit, .. }) => rules.unit_cells(unit).collect(),
            Some(ItemMeaning::Combination { cage } | ItemMeaning::CageHolds { cage, .. }) => {
                cage_cells(cage)
            }
            Some(ItemMeaning::KnightPair { first, second, .. }) => vec![first, second],
            Some(ItemMeaning::KingSquare { corner, .. }) => {
                vec![corner, corner + 1, corner + n, corner + n + 1]
            }
            _ => Vec::new(),
        })
        .collect();
    Board {
        rows: n,
        columns: n,
        regions,
        givens,
        placements,
        item_cells,
    }
}
