//! Sudoku X: [`Rules::with_diagonals`], the two main diagonals as units
//! ([`Rules::with_main_diagonal`], [`Rules::with_anti_diagonal`]).

use crate::sudoku::rules::{Rules, Unit};

impl Rules {
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
    pub fn with_main_diagonal(self) -> Rules {
        let n = self.size;
        self.with_diagonal(Unit::Diagonal(0), (0..n).map(|r| r * n + r))
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
    pub fn with_anti_diagonal(self) -> Rules {
        let n = self.size;
        self.with_diagonal(Unit::Diagonal(1), (0..n).map(|r| r * n + n - 1 - r))
    }

    /// The diagonal `unit` of cells `cells`, unless the rules have it.
    fn with_diagonal(self, unit: Unit, cells: impl IntoIterator<Item = usize>) -> Rules {
        self.changed(|rules| {
            let new = !rules.has_unit(unit);
            if new {
                rules.push_unit(unit, cells);
            }
            new
        })
    }
}
