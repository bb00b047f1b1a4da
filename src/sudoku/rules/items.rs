//! The items and options that follow from the rules: [`Rules::index`]
//! numbers them, [`Rules::option_items`] lists the items of an option,
//! [`Rules::problem`] is the whole exact-cover problem.

use crate::problem::Problem;
use crate::sudoku::Grid;
use crate::sudoku::rules::{Rules, RulesError};

/// A run of items after the units' (see [`Rules::item_meaning`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    /// Its first item.
    pub(super) start: usize,
    pub(super) kind: SpanKind,
}

/// What a run of items stands for.
#[derive(Clone, Copy, Debug)]
pub(super) enum SpanKind {
    /// One item: the cage's combination.
    Combination(usize),
    /// `N` items: the cage's digits.
    CageDigits(usize),
    /// `N` items: the digits of two cells a knight's move apart.
    Knight(usize, usize),
    /// `N` items: the digits of the 2x2 square at this corner.
    King(usize),
}

/// The runs of items beyond the units', as [`Rules::index`] numbers them.
pub(super) struct Runs {
    /// The next item to number.
    next: usize,
    /// The runs so far, in item order.
    spans: Vec<Span>,
    /// Per cell, the first items of the runs of digit items it covers.
    extra: Vec<Vec<u32>>,
}

impl Runs {
    /// Numbers a run of `len` items of `kind` from the next item, the run
    /// of each cell of `cells` (its digit's item in the run, for a run of
    /// `N` digit items); returns the run's first item.
    pub(super) fn push(&mut self, kind: SpanKind, len: usize, cells: &[usize]) -> usize {
        let start = self.next;
        self.spans.push(Span { start, kind });
        for &cell in cells {
            self.extra[cell].push(start as u32);
        }
        self.next += len;
        start
    }
}

/// The option that puts `value` in cell `cell` of a grid of size `n`.
pub(crate) fn option_number(n: usize, cell: usize, value: usize) -> usize {
    cell * n + value - 1
}

/// The cell and value of option `option` of a grid of size `n`.
pub(crate) fn option_placement(n: usize, option: usize) -> (usize, usize) {
    (option / n, option % n + 1)
}

impl Rules {
    /// Derives, from the units, cages and flags, what follows from them:
    /// the units of each cell ([`Rules::index_cells`]), then the items
    /// beyond the units' in their order (the cages with a sum, primary; the
    /// cages without, the knight pairs and the king squares, secondary) and
    /// the cages' combination options.
    pub(super) fn index(&mut self) {
        self.index_cells();
        let n = self.size;
        let cells = n * n;
        let mut runs = Runs {
            next: cells + self.units.len() * n,
            spans: Vec::new(),
            extra: vec![Vec::new(); cells],
        };
        self.number_summed_cages(&mut runs);
        self.primary_items = runs.next;
        self.number_free_cages(&mut runs);
        if self.anti_knight {
            self.number_knight_pairs(&mut runs);
        }
        if self.anti_king {
            self.number_king_squares(&mut runs);
        }
        self.item_total = runs.next;
        self.spans = runs.spans;
        self.cell_extra_starts.clear();
        self.cell_extra.clear();
        self.cell_extra_starts.push(0);
        for items in &runs.extra {
            self.cell_extra.extend_from_slice(items);
            self.cell_extra_starts.push(self.cell_extra.len() as u32);
        }
        self.index_cell_cages();
    }

    /// The number of items of the exact-cover problem: `N^2` plus `N` per
    /// unit (`4 N^2` for classic rules), plus those of the cages, knight
    /// pairs and king squares (see the [numbering](Rules#numbering)).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.item_count(), 4 * 36);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn item_count(&self) -> usize {
        self.item_total
    }

    /// The number of primary items; the secondary items (of cages without a
    /// sum, anti-knight, anti-king) are the rest.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_anti_king();
    /// assert_eq!(rules.primary_count(), 324);
    /// assert!(rules.item_count() > 324);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn primary_count(&self) -> usize {
        self.primary_items
    }

    /// The number of options: `N^3`, one per cell and digit, plus one per
    /// digit combination of each cage with a sum.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(6)?);
    /// assert_eq!(rules.option_count(), 6 * 6 * 6);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.placement_count() + self.combinations.len()
    }

    /// The number of options that place a digit in a cell: `N^3`.
    pub(crate) fn placement_count(&self) -> usize {
        self.cell_count() * self.size
    }

    /// The item "cell `cell` is filled": `cell` itself.
    ///
    /// # Panics
    ///
    /// When `cell` is not a cell of the grid (`cell >= N^2`).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert_eq!(Rules::classic(Shape::for_size(9)?).cell_item(10), 10);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn cell_item(&self, cell: usize) -> usize {
        assert!(
            cell < self.cell_count(),
            "cell {cell} of a grid of {} cells",
            self.cell_count()
        );
        cell
    }

    /// The item "unit `unit` holds digit `value`" (`value` from 1).
    ///
    /// # Panics
    ///
    /// When `unit` is not one of the rules' units
    /// ([`unit_count`](Rules::unit_count)) or `value` is not from 1 to `N`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?);
    /// assert_eq!(rules.unit_item(2, 7), 81 + 2 * 9 + 6); // row 3 holds 7
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn unit_item(&self, unit: usize, value: usize) -> usize {
        assert!(
            unit < self.unit_count(),
            "unit {unit} of {} units",
            self.unit_count()
        );
        assert!(
            (1..=self.size).contains(&value),
            "value {value} of a grid of size {}",
            self.size
        );
        self.cell_count() + unit * self.size + value - 1
    }

    /// The options the givens of `grid` choose, in reading order: for each
    /// given, the option of its cell and digit. Selected in a solver of
    /// [`Rules::problem`], they leave the search only the rest; two that
    /// share an item are givens that break a rule.
    ///
    /// # Errors
    ///
    /// [`RulesError::ShapeMismatch`] when the grid's box shape is not the
    /// rules' shape.
    ///
    /// ```
    /// use exactcover::Solver;
    /// use exactcover::sudoku::{Grid, Rules};
    ///
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let rules = Rules::classic(puzzle.shape());
    /// let givens: Vec<usize> = rules.given_options(&puzzle)?.collect();
    /// assert_eq!(givens, [0, 10, 23, 33, 60]);
    /// let mut solver = Solver::new(&rules.problem());
    /// for option in givens {
    ///     solver.select(option)?;
    /// }
    /// assert_eq!(solver.count(None)?.solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn given_options<'g>(
        &self,
        grid: &'g Grid,
    ) -> Result<impl Iterator<Item = usize> + use<'g>, RulesError> {
        self.check_shape(grid)?;
        let n = self.size;
        Ok(grid
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(move |(cell, &v)| option_number(n, cell, v as usize)))
    }

    /// Writes into `grid` the digit of every option of `options` that puts
    /// one in a cell (the options of a solution of [`Rules::problem`], say);
    /// the other options, the cages' combinations, write nothing.
    ///
    /// # Errors
    ///
    /// [`RulesError::ShapeMismatch`] when the grid's box shape is not the
    /// rules' shape.
    ///
    /// ```
    /// use exactcover::Solver;
    /// use exactcover::sudoku::{Grid, Rules};
    ///
    /// let puzzle: Grid = "1.3..4..2......1".parse()?;
    /// let rules = Rules::classic(puzzle.shape());
    /// let mut solver = Solver::new(&rules.problem());
    /// for option in rules.given_options(&puzzle)? {
    ///     solver.select(option)?;
    /// }
    /// let options = solver.solution()?.expect("solvable");
    /// let mut solution = puzzle.clone();
    /// rules.fill(&mut solution, &options)?;
    /// assert_eq!(solution.to_string(), "1234341221434321");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn fill(&self, grid: &mut Grid, options: &[usize]) -> Result<(), RulesError> {
        self.check_shape(grid)?;
        let placements = self.placement_count();
        let cells = grid.cells_mut();
        for &o in options.iter().filter(|&&o| o < placements) {
            let (cell, value) = option_placement(self.size, o);
            cells[cell] = value as u8;
        }
        Ok(())
    }

    /// `Err` unless `grid` has the rules' shape.
    #[inline]
    pub(crate) fn check_shape(&self, grid: &Grid) -> Result<(), RulesError> {
        if grid.shape() == self.shape {
            Ok(())
        } else {
            Err(RulesError::ShapeMismatch {
                grid: grid.shape(),
                rules: self.shape,
            })
        }
    }

    /// The option that puts `value` (from 1) in cell `cell`: `cell * N +
    /// value - 1`.
    ///
    /// # Panics
    ///
    /// When `cell` is not a cell of the grid (`cell >= N^2`) or `value` is
    /// not from 1 to `N`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert_eq!(Rules::classic(Shape::for_size(9)?).option_of(1, 3), 11);
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn option_of(&self, cell: usize, value: usize) -> usize {
        assert!(
            cell < self.cell_count(),
            "cell {cell} of a grid of {} cells",
            self.cell_count()
        );
        assert!(
            (1..=self.size).contains(&value),
            "value {value} of a grid of size {}",
            self.size
        );
        option_number(self.size, cell, value)
    }

    /// The cell and the value (from 1) of option `option`, one of the first
    /// `N^3` (see [`Rules::option_meaning`] for all).
    ///
    /// # Panics
    ///
    /// When `option` is not one of the first `N^3` (a cage's combination
    /// places no single digit).
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// assert_eq!(Rules::classic(Shape::for_size(9)?).placement(11), (1, 3));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn placement(&self, option: usize) -> (usize, usize) {
        assert!(
            option < self.placement_count(),
            "option {option} is not one of the {} that place a digit",
            self.placement_count()
        );
        option_placement(self.size, option)
    }

    /// The items option `option` covers. A digit in a cell covers its
    /// cell's item, then the item of its digit in each unit that contains
    /// the cell, in unit order, then those of its digit for the cell's
    /// cages, knight pairs and king squares. A cage's combination covers the
    /// cage's item, then the cage's items of the digits it lacks.
    ///
    /// # Panics
    ///
    /// When there is no option `option`.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?);
    /// assert_eq!(rules.option_items(0).collect::<Vec<_>>(), [0, 16, 32, 48]);
    /// let caged = rules.with_cage(&[0, 1], Some(3))?;
    /// assert_eq!(caged.option_items(0).collect::<Vec<_>>(), [0, 16, 32, 48, 65]);
    /// assert_eq!(caged.option_items(64).collect::<Vec<_>>(), [64, 67, 68]); // 1 + 2: no 3, no 4
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        let placements = self.placement_count();
        let (placed, combination) = if option < placements {
            (Some(self.placement(option)), None)
        } else {
            (None, Some(self.combinations[option - placements]))
        };
        let placed_items = placed.into_iter().flat_map(move |(cell, value)| {
            let (from, to) = (
                self.cell_extra_starts[cell] as usize,
                self.cell_extra_starts[cell + 1] as usize,
            );
            std::iter::once(self.cell_item(cell))
                .chain(self.units_of(cell).map(move |u| self.unit_item(u, value)))
                .chain(
                    self.cell_extra[from..to]
                        .iter()
                        .map(move |&base| base as usize + value - 1),
                )
        });
        let combination_items = combination.into_iter().flat_map(move |c| {
            let (item, digits) = self.cage_items[c.cage];
            item.into_iter().chain(
                (1..=self.size)
                    .filter(move |d| c.digits >> (d - 1) & 1 == 0)
                    .map(move |d| digits + d - 1),
            )
        });
        placed_items.chain(combination_items)
    }

    /// The exact-cover problem of an empty grid under these rules: see the
    /// [numbering](Rules#numbering). A puzzle's givens are options to select.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let problem = Rules::classic(Shape::for_size(9)?).problem();
    /// assert_eq!((problem.item_count(), problem.option_count()), (324, 729));
    /// # Ok::<(), exactcover::sudoku::GridError>(())
    /// ```
    #[must_use]
    pub fn problem(&self) -> Problem {
        self.build_problem(Problem::new())
    }

    /// [`Rules::problem`], its memory asked for first: an
    /// [`ArenaError`](crate::engine::ArenaError) with the bytes of its
    /// arrays when they are not there, where `problem` would abort the
    /// process (issue 39: a 49x49 batch under a memory cap lost every
    /// answer).
    ///
    /// # Errors
    ///
    /// [`ArenaError`](crate::engine::ArenaError) when the memory cannot be
    /// had.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?);
    /// assert_eq!(rules.try_problem()?.option_count(), rules.problem().option_count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_problem(&self) -> Result<Problem, crate::engine::ArenaError> {
        let options = self.option_count();
        let entries: usize = (0..options).map(|o| self.option_items(o).count()).sum();
        let mut problem = Problem::new();
        let bytes = (self.item_total * 3 + options + entries).saturating_mul(8);
        problem
            .try_reserve(self.item_total, options + 1, entries)
            .map_err(|_| crate::engine::ArenaError { bytes })?;
        Ok(self.build_problem(problem))
    }

    /// The items and options of [`Rules::problem`], added to `problem`.
    fn build_problem(&self, mut problem: Problem) -> Problem {
        problem.add_primary_items(self.primary_items);
        problem.add_secondary_items(self.item_total - self.primary_items);
        for option in 0..self.option_count() {
            // The items exist and differ (the units, cages, pairs and squares
            // of a cell are distinct runs of items), so this cannot fail.
            let added = problem.add_option(self.option_items(option));
            debug_assert!(added.is_ok());
        }
        problem
    }
}
