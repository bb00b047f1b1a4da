//! Jigsaw: [`Rules::with_regions`], regions that replace the boxes, and
//! [`Rules::region_map`], which reads a map of them.

use crate::sudoku::rules::{Rules, RulesError, Unit};

impl Rules {
    /// Jigsaw: the regions of `map` (region of each cell in reading order,
    /// from 0) replace the boxes (and any regions given before). Regions
    /// need not be connected, but each has exactly `N` cells.
    ///
    /// # Errors
    ///
    /// [`RulesError::RegionMapLength`], [`RulesError::RegionOutOfRange`],
    /// [`RulesError::RegionSize`] (the first region, by number, with the
    /// wrong count).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, RulesError, Shape, Unit};
    /// let map = [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
    /// let rules = Rules::classic(Shape::for_size(4)?).with_regions(&map)?;
    /// assert_eq!(rules.unit(8), Unit::Region(0));
    /// assert_eq!(rules.unit_cells(10).collect::<Vec<_>>(), [8, 12, 13, 14]);
    /// let mut bad = map;
    /// bad[15] = 2;
    /// let err = Rules::classic(Shape::for_size(4)?).with_regions(&bad).unwrap_err();
    /// assert_eq!(err, RulesError::RegionSize { region: 2, cells: 5, expected: 4 });
    /// assert_eq!(err.to_string(), "region 3 has 5 cells, not 4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_regions(self, map: &[usize]) -> Result<Rules, RulesError> {
        let regions = regions_of(map, self.size)?;
        Ok(self.changed(|rules| {
            let kept: Vec<(Unit, Vec<usize>)> = (0..rules.units.len())
                .map(|u| (rules.units[u], rules.unit_cells(u).collect()))
                .collect();
            rules.units.clear();
            rules.unit_cells.clear();
            rules.unit_starts.clear();
            rules.unit_starts.push(0);
            let (lines, others): (Vec<_>, Vec<_>) = kept
                .into_iter()
                .filter(|(u, _)| !matches!(u, Unit::Box(_) | Unit::Region(_)))
                .partition(|(u, _)| matches!(u, Unit::Row(_) | Unit::Column(_)));
            for (unit, cells) in lines {
                rules.push_unit(unit, cells);
            }
            for (k, cells) in regions.into_iter().enumerate() {
                rules.push_unit(Unit::Region(k), cells);
            }
            for (unit, cells) in others {
                rules.push_unit(unit, cells);
            }
            true
        }))
    }

    /// Reads a region map written as `N * N` symbols, one per cell in
    /// reading order (whitespace between them is skipped): each different
    /// symbol is a region, numbered from 0 in the order the symbols first
    /// appear. Pass the result to [`Rules::with_regions`].
    ///
    /// # Errors
    ///
    /// [`RulesError::RegionMapLength`] for a wrong number of symbols,
    /// [`RulesError::TooManyRegions`] for more than `size` different ones.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, RulesError};
    /// assert_eq!(Rules::region_map("AABB AABB CDDD CCCD", 4)?, [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3]);
    /// assert_eq!(Rules::region_map("AABBAABBCDDDCCCE", 4), Err(RulesError::TooManyRegions { cell: 15, size: 4 }));
    /// # Ok::<(), RulesError>(())
    /// ```
    pub fn region_map(text: &str, size: usize) -> Result<Vec<usize>, RulesError> {
        let found = text.chars().filter(|c| !c.is_whitespace()).count();
        if found != size * size {
            return Err(RulesError::RegionMapLength {
                found,
                expected: size * size,
            });
        }
        let mut symbols: Vec<char> = Vec::with_capacity(size);
        let mut map = Vec::with_capacity(found);
        for ch in text.chars().filter(|c| !c.is_whitespace()) {
            let region = match symbols.iter().position(|&s| s == ch) {
                Some(k) => k,
                None if symbols.len() < size => {
                    symbols.push(ch);
                    symbols.len() - 1
                }
                None => {
                    return Err(RulesError::TooManyRegions {
                        cell: map.len(),
                        size,
                    });
                }
            };
            map.push(region);
        }
        Ok(map)
    }
}

/// The cells of each region of `map` (a region map of a grid of size `n`),
/// checked: one region per cell, each below `n`, each with `n` cells.
fn regions_of(map: &[usize], n: usize) -> Result<Vec<Vec<usize>>, RulesError> {
    if map.len() != n * n {
        return Err(RulesError::RegionMapLength {
            found: map.len(),
            expected: n * n,
        });
    }
    let mut regions: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (cell, &region) in map.iter().enumerate() {
        if region >= n {
            return Err(RulesError::RegionOutOfRange {
                cell,
                region,
                size: n,
            });
        }
        regions[region].push(cell);
    }
    if let Some((region, cells)) = regions.iter().enumerate().find(|(_, c)| c.len() != n) {
        return Err(RulesError::RegionSize {
            region,
            cells: cells.len(),
            expected: n,
        });
    }
    Ok(regions)
}
