//! Names for the items and options of a Sudoku's exact-cover problem.

use crate::labels::Labels;
use crate::sudoku::{Shape, item_label, option_label};

/// The labels of a Sudoku's exact-cover problem
/// ([`sudoku::exact_cover`](crate::sudoku::exact_cover)): items such as
/// `r3c5` or `row 3 has 7`, options such as `r3c5=7`.
///
/// ```
/// use exactcover::sudoku::Shape;
/// use exactcover::labels::Labels;
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
