//! Anti-knight: [`Rules::with_anti_knight`], no digit twice a knight's move
//! apart, and its items: one run of `N` secondary items per pair of such
//! cells that share no unit.

use crate::sudoku::rules::Rules;
use crate::sudoku::rules::items::{Runs, SpanKind};

/// The moves of a knight that go down, or along the row to the right: each
/// pair of cells a knight's move apart once.
const KNIGHT: [(isize, isize); 4] = [(1, 2), (2, 1), (2, -1), (1, -2)];

impl Rules {
    /// Anti-knight: no two cells a knight's move apart hold the same digit.
    ///
    /// Each pair of such cells that share no unit gets a secondary item per
    /// digit, covered by both cells' options for that digit (pairs in one
    /// unit differ already).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_anti_knight();
    /// assert!(rules.is_anti_knight());
    /// // 224 pairs a knight's move apart, 72 of them inside a box.
    /// assert_eq!(rules.item_count(), 324 + 152 * 9);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn with_anti_knight(self) -> Rules {
        self.changed(|rules| !std::mem::replace(&mut rules.anti_knight, true))
    }

    /// Whether no two cells a knight's move apart may hold the same digit.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert!(!Rules::classic(Shape::for_size(4)?).is_anti_knight());
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn is_anti_knight(&self) -> bool {
        self.anti_knight
    }

    /// Numbers `N` secondary items "at most one of the two holds `d`" per
    /// pair of cells a knight's move apart that share no unit (pairs in a
    /// unit differ already), covered by both cells.
    pub(super) fn number_knight_pairs(&self, runs: &mut Runs) {
        let n = self.size;
        for a in 0..n * n {
            let (r, c) = ((a / n) as isize, (a % n) as isize);
            for (dr, dc) in KNIGHT {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < 0 || c2 < 0 || r2 >= n as isize || c2 >= n as isize {
                    continue;
                }
                let b = r2 as usize * n + c2 as usize;
                if !self.share_unit(&[a, b]) {
                    runs.push(SpanKind::Knight(a, b), n, &[a, b]);
                }
            }
        }
    }
}
