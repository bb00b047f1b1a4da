//! Windoku: [`Rules::with_windows`], four 3x3 windows of a 9x9 grid as
//! units.

use crate::sudoku::rules::{Rules, RulesError, Unit};

impl Rules {
    /// Windoku: four more 3x3 windows hold every digit once, those with top
    /// left cells r2c2, r2c6, r6c2 and r6c6 of a 9x9 grid. Adding them twice
    /// adds them once.
    ///
    /// # Errors
    ///
    /// [`RulesError::WindowsNeedNine`] for any size but 9.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, RulesError, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_windows()?;
    /// assert_eq!(rules.unit_cells(27).collect::<Vec<_>>(), [10, 11, 12, 19, 20, 21, 28, 29, 30]);
    /// let err = Rules::classic(Shape::for_size(6)?).with_windows().unwrap_err();
    /// assert_eq!(err, RulesError::WindowsNeedNine { size: 6 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_windows(self) -> Result<Rules, RulesError> {
        self.change(|rules| {
            let n = rules.size;
            if n != 9 {
                return Err(RulesError::WindowsNeedNine { size: n });
            }
            if rules.has_unit(Unit::Window(0)) {
                return Ok(false);
            }
            for (w, (top, left)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
                let cells = (0..9).map(move |i| (top + i / 3) * n + left + i % 3);
                rules.push_unit(Unit::Window(w), cells);
            }
            Ok(true)
        })
    }
}
