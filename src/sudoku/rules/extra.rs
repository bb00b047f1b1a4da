//! Extra regions: [`Rules::with_extra_region`] and
//! [`Rules::with_extra_regions`], more units of `N` cells given cell by cell.

use crate::sudoku::rules::{Rules, RulesError, Unit};

impl Rules {
    /// An extra region: `N` more cells (reading order numbers) that hold
    /// every digit once.
    ///
    /// # Errors
    ///
    /// [`RulesError::ExtraRegionSize`], [`RulesError::CellOutOfRange`],
    /// [`RulesError::RepeatedCell`].
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_extra_region(&[0, 5, 11, 14])?;
    /// assert_eq!(rules.unit(12), Unit::Extra(0));
    /// assert!(Rules::classic(Shape::for_size(4)?).with_extra_region(&[0, 5]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_extra_region(self, cells: &[usize]) -> Result<Rules, RulesError> {
        self.with_extra_regions([cells])
    }

    /// Extra regions, as [`Rules::with_extra_region`] adds them one by one,
    /// with the rules indexed once at the end (many regions cost linear
    /// time).
    ///
    /// # Errors
    ///
    /// As [`Rules::with_extra_region`], for the first region at fault.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let regions: [&[usize]; 2] = [&[0, 5, 10, 15], &[3, 6, 9, 12]];
    /// let rules = Rules::classic(Shape::for_size(4)?).with_extra_regions(regions)?;
    /// assert_eq!(rules.unit(13), Unit::Extra(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_extra_regions<'c>(
        self,
        regions: impl IntoIterator<Item = &'c [usize]>,
    ) -> Result<Rules, RulesError> {
        self.change(|rules| {
            let first = rules
                .units
                .iter()
                .filter(|u| matches!(u, Unit::Extra(_)))
                .count();
            let units = rules.units.len();
            for (index, cells) in (first..).zip(regions) {
                if cells.len() != rules.size {
                    return Err(RulesError::ExtraRegionSize {
                        region: index,
                        cells: cells.len(),
                        expected: rules.size,
                    });
                }
                rules.check_cells(cells)?;
                rules.push_unit(Unit::Extra(index), cells.iter().copied());
            }
            Ok(rules.units.len() > units)
        })
    }
}
