//! Anti-king: [`Rules::with_anti_king`], no digit twice a king's move
//! apart, and its items: one run of `N` secondary items per 2x2 square whose
//! cells do not all share a unit.

use crate::sudoku::rules::Rules;
use crate::sudoku::rules::items::{Runs, SpanKind};

impl Rules {
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
    pub fn with_anti_king(self) -> Rules {
        self.changed(|rules| !std::mem::replace(&mut rules.anti_king, true))
    }

    /// Whether no two cells a king's move apart may hold the same digit.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert!(Rules::classic(Shape::for_size(4)?).with_anti_king().is_anti_king());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_anti_king(&self) -> bool {
        self.anti_king
    }

    /// Numbers `N` secondary items "at most one cell holds `d`" per 2x2
    /// square whose cells do not all share a unit, covered by its four
    /// cells: two cells are a king's move apart exactly when they lie in one
    /// such square.
    pub(super) fn number_king_squares(&self, runs: &mut Runs) {
        let n = self.size;
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                let corner = r * n + c;
                let square = [corner, corner + 1, corner + n, corner + n + 1];
                if !self.share_unit(&square) {
                    runs.push(SpanKind::King(corner), n, &square);
                }
            }
        }
    }
}
