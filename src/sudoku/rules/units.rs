//! The units of a Sudoku and the classic rules: [`Rules::classic`] pushes
//! the rows, the columns and the boxes; every builder pushes its units the
//! same way ([`Rules::push_unit`]), and the units of each cell are derived
//! from them ([`Rules::index_cells`]). Read by [`Rules::units`],
//! [`Rules::unit`], [`Rules::unit_cells`] and [`Rules::units_of`].

use crate::sudoku::Shape;
use crate::sudoku::rules::{Rules, RulesError, Unit};

impl Rules {
    /// The classic rules of `shape`: every row, column and box holds every
    /// digit once. Units `0..N` are the rows, `N..2N` the columns, `2N..3N`
    /// the boxes (numbered row by row, as [`Shape::box_of`] does).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.units().collect::<Vec<_>>()[3..6], [Unit::Row(3), Unit::Column(0), Unit::Column(1)]);
    /// assert_eq!(rules.unit_cells(9).collect::<Vec<_>>(), [2, 3, 6, 7]); // box 2
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn classic(shape: Shape) -> Rules {
        let n = shape.size();
        let mut rules = Rules {
            shape,
            size: n,
            classic: true,
            units: Vec::with_capacity(3 * n),
            unit_starts: Vec::with_capacity(3 * n + 1),
            unit_cells: Vec::with_capacity(3 * n * n),
            cell_starts: Vec::new(),
            cell_units: Vec::new(),
            cages: Vec::new(),
            anti_knight: false,
            anti_king: false,
            spans: Vec::new(),
            primary_items: 0,
            item_total: 0,
            cell_extra_starts: Vec::new(),
            cell_extra: Vec::new(),
            cage_items: Vec::new(),
            cell_cage_starts: Vec::new(),
            cell_cages: Vec::new(),
            combinations: Vec::new(),
        };
        rules.unit_starts.push(0);
        for r in 0..n {
            rules.push_unit(Unit::Row(r), (0..n).map(|c| r * n + c));
        }
        for c in 0..n {
            rules.push_unit(Unit::Column(c), (0..n).map(|r| r * n + c));
        }
        let mut boxes: Vec<Vec<usize>> = (0..n).map(|_| Vec::with_capacity(n)).collect();
        for k in 0..n * n {
            boxes[shape.box_of(k / n, k % n)].push(k);
        }
        for (b, cells) in boxes.into_iter().enumerate() {
            rules.push_unit(Unit::Box(b), cells);
        }
        rules.index();
        rules
    }

    /// Adds a unit (its cells distinct and in the grid); the units of each
    /// cell are derived afterwards by [`Rules::index`].
    pub(super) fn push_unit(&mut self, unit: Unit, cells: impl IntoIterator<Item = usize>) {
        let start = self.unit_cells.len();
        self.unit_cells.extend(cells.into_iter().map(|k| k as u32));
        let added = &self.unit_cells[start..];
        debug_assert!(added.iter().all(|&k| (k as usize) < self.size * self.size));
        debug_assert!((1..added.len()).all(|i| !added[..i].contains(&added[i])));
        self.units.push(unit);
        self.unit_starts.push(self.unit_cells.len() as u32);
    }

    /// Lists the units of each cell, from the units.
    pub(super) fn index_cells(&mut self) {
        let cells = self.size * self.size;
        let mut starts = vec![0u32; cells + 1];
        for &k in &self.unit_cells {
            starts[k as usize + 1] += 1;
        }
        for k in 0..cells {
            starts[k + 1] += starts[k];
        }
        let mut next = starts.clone();
        let mut units = vec![0u32; self.unit_cells.len()];
        for u in 0..self.units.len() {
            let (from, to) = self.unit_range(u);
            for &k in &self.unit_cells[from..to] {
                units[next[k as usize] as usize] = u as u32;
                next[k as usize] += 1;
            }
        }
        self.cell_starts = starts;
        self.cell_units = units;
    }

    pub(super) fn unit_range(&self, unit: usize) -> (usize, usize) {
        (
            self.unit_starts[unit] as usize,
            self.unit_starts[unit + 1] as usize,
        )
    }

    /// Whether unit `unit` is among the units already.
    pub(super) fn has_unit(&self, unit: Unit) -> bool {
        self.units.contains(&unit)
    }

    /// Whether one unit contains all of `cells`.
    pub(super) fn share_unit(&self, cells: &[usize]) -> bool {
        self.units_of(cells[0])
            .any(|u| cells[1..].iter().all(|&k| self.units_of(k).any(|v| v == u)))
    }

    /// Checks that `cells` are distinct cells of the grid.
    pub(super) fn check_cells(&self, cells: &[usize]) -> Result<(), RulesError> {
        let count = self.cell_count();
        let mut seen = vec![false; count];
        for &cell in cells {
            if cell >= count {
                return Err(RulesError::CellOutOfRange { cell, cells: count });
            }
            if std::mem::replace(&mut seen[cell], true) {
                return Err(RulesError::RepeatedCell { cell });
            }
        }
        Ok(())
    }

    /// The number of units.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.unit_count(), 18); // 6 rows, 6 columns, 6 boxes
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// What each unit is, in the order of their numbers.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// let rules = Rules::classic(Shape::for_size(9)?);
    /// assert_eq!(rules.units().filter(|u| matches!(u, Unit::Box(_))).count(), 9);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn units(&self) -> impl ExactSizeIterator<Item = Unit> + '_ {
        self.units.iter().copied()
    }

    /// What unit `unit` is.
    ///
    /// # Panics
    ///
    /// When there is no unit `unit`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape, Unit};
    /// assert_eq!(Rules::classic(Shape::for_size(9)?).unit(9), Unit::Column(0));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn unit(&self, unit: usize) -> Unit {
        self.units[unit]
    }

    /// The cells of unit `unit`, each once, in the order they were given
    /// (reading order for rows, columns and boxes).
    ///
    /// # Panics
    ///
    /// When there is no unit `unit`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.unit_cells(5).collect::<Vec<_>>(), [1, 5, 9, 13]); // column 2
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn unit_cells(&self, unit: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (from, to) = self.unit_range(unit);
        self.unit_cells[from..to].iter().map(|&k| k as usize)
    }

    /// The units that contain cell `cell`, in increasing order.
    ///
    /// # Panics
    ///
    /// When `cell` is not a cell of the grid.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.units_of(7).collect::<Vec<_>>(), [1, 7, 9]); // row 2, column 4, box 2
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn units_of(&self, cell: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (from, to) = (
            self.cell_starts[cell] as usize,
            self.cell_starts[cell + 1] as usize,
        );
        self.cell_units[from..to].iter().map(|&u| u as usize)
    }
}
