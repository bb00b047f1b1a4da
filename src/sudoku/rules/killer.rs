//! Killer cages: [`Cage`], [`Rules::with_cage`] and [`Rules::with_cages`],
//! and their items and options: a cage with a sum gets an item "the cage
//! has its combination", `N` items "the cage accounts for `d`" and one
//! option per combination of digits (at most [`MAX_COMBINATIONS`] in all);
//! a cage without a sum gets `N` secondary items.

use crate::sudoku::rules::items::{Runs, SpanKind};
use crate::sudoku::rules::{Rules, RulesError};

/// A killer cage: cells whose digits differ and, when `sum` is given, add
/// up to it.
///
/// ```
/// use exactcover::sudoku::{Cage, Rules, Shape};
/// let rules = Rules::classic(Shape::for_size(9)?).with_cage(&[0, 1], Some(3))?;
/// assert_eq!(rules.cages(), &[Cage::new(vec![0, 1], Some(3))]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Cage {
    /// The cells (in reading order numbers, from 0), each once.
    pub cells: Vec<usize>,
    /// The sum of its digits; `None`: only distinct digits.
    pub sum: Option<usize>,
}

impl Cage {
    /// A cage of `cells` adding up to `sum` (unchecked: see
    /// [`Rules::with_cage`]).
    ///
    /// ```
    /// let cage = exactcover::sudoku::Cage::new(vec![0, 9], Some(17));
    /// assert_eq!(cage.sum, Some(17));
    /// ```
    #[must_use]
    pub fn new(cells: Vec<usize>, sum: Option<usize>) -> Cage {
        Cage { cells, sum }
    }
}

/// The most combination options all the cages of one set of rules may
/// have (a bound on memory whatever the cages asked for).
pub const MAX_COMBINATIONS: usize = 1 << 20;

/// One combination option: a cage and its digits (bit `d - 1` for `d`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Combination {
    pub(super) cage: usize,
    pub(super) digits: u128,
}

/// The digits of `mask` (bit `d - 1` for `d`), increasing.
pub(super) fn digits_of(mask: u128) -> impl Iterator<Item = usize> {
    (0..128).filter(move |b| mask >> b & 1 == 1).map(|b| b + 1)
}

/// Pushes onto `out` every set of `count` distinct digits from `from..=n`
/// adding up to `sum`, as masks with `chosen`; `false` when `out` would
/// pass `limit`.
fn combinations(
    n: usize,
    from: usize,
    count: usize,
    sum: usize,
    chosen: u128,
    out: &mut Vec<u128>,
    limit: usize,
) -> bool {
    if count == 0 {
        if sum == 0 {
            if out.len() >= limit {
                return false;
            }
            out.push(chosen);
        }
        return true;
    }
    for d in from..=n {
        // The smallest and largest sums of `count` digits from `d` on.
        let least = count * d + count * (count - 1) / 2;
        if n + 1 < d + count || least > sum {
            break;
        }
        let most = count * n - count * (count - 1) / 2;
        if most < sum {
            return true;
        }
        if !combinations(
            n,
            d + 1,
            count - 1,
            sum - d,
            chosen | 1 << (d - 1),
            out,
            limit,
        ) {
            return false;
        }
    }
    true
}

impl Rules {
    /// A killer cage: its cells hold distinct digits adding up to `sum`
    /// (`None`: distinct digits, any sum).
    ///
    /// A cage with a sum is not expanded into one option per arrangement of
    /// its digits: it gets a primary item "the cage has its combination",
    /// a primary item per digit `d` "the cage accounts for `d`", and one
    /// option per set of distinct digits with the right size and sum, which
    /// covers the cage's item and the items of the digits it does *not*
    /// hold; each cell of the cage covers the cage's item of its digit. So
    /// exactly one combination is chosen, each digit outside it is placed in
    /// no cell of the cage and each digit in it in exactly one: the cells
    /// hold that combination's digits, all different, and the sum is right.
    /// A cage without a sum has only its digit items, secondary.
    ///
    /// # Errors
    ///
    /// [`RulesError::CageSize`] (no cells or more than `N`),
    /// [`RulesError::CellOutOfRange`], [`RulesError::RepeatedCell`],
    /// [`RulesError::UnreachableSum`], [`RulesError::TooManyCombinations`].
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, RulesError, Shape};
    /// let rules = Rules::classic(Shape::for_size(9)?).with_cage(&[0, 1, 2], Some(7))?;
    /// assert_eq!(rules.option_count(), 729 + 1); // 1 + 2 + 4 only
    /// let err = Rules::classic(Shape::for_size(9)?).with_cage(&[0, 1], Some(18)).unwrap_err();
    /// assert_eq!(err, RulesError::UnreachableSum { cage: 0, sum: 18, cells: 2 });
    /// assert_eq!(err.to_string(), "cage 1 (2 cells) cannot add up to 18 with distinct digits");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_cage(self, cells: &[usize], sum: Option<usize>) -> Result<Rules, RulesError> {
        self.with_cages([(cells, sum)])
    }

    /// Killer cages, as [`Rules::with_cage`] adds them one by one, with the
    /// rules indexed once at the end (many cages cost linear time).
    ///
    /// # Errors
    ///
    /// As [`Rules::with_cage`], for the first cage at fault.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let cages: [(&[usize], Option<usize>); 2] = [(&[0, 1], Some(3)), (&[2, 3], None)];
    /// let rules = Rules::classic(Shape::for_size(4)?).with_cages(cages)?;
    /// assert_eq!(rules.cages().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_cages<'c>(
        self,
        cages: impl IntoIterator<Item = (&'c [usize], Option<usize>)>,
    ) -> Result<Rules, RulesError> {
        self.change(|rules| {
            let before = rules.cages.len();
            let mut used = rules.combinations.len();
            let mut found = Vec::new();
            for (cells, sum) in cages {
                let cage = rules.cages.len();
                if cells.is_empty() || cells.len() > rules.size {
                    return Err(RulesError::CageSize {
                        cage,
                        cells: cells.len(),
                        size: rules.size,
                    });
                }
                rules.check_cells(cells)?;
                if let Some(sum) = sum {
                    found.clear();
                    let room = MAX_COMBINATIONS - used;
                    if !combinations(rules.size, 1, cells.len(), sum, 0, &mut found, room) {
                        return Err(RulesError::TooManyCombinations { cage });
                    }
                    if found.is_empty() {
                        return Err(RulesError::UnreachableSum {
                            cage,
                            sum,
                            cells: cells.len(),
                        });
                    }
                    used += found.len();
                }
                rules.cages.push(Cage::new(cells.to_vec(), sum));
            }
            Ok(rules.cages.len() > before)
        })
    }

    /// The killer cages, in the order they were added.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_cage(&[0, 4], None)?;
    /// assert_eq!(rules.cages()[0].cells, [0, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cages (numbered as in [`Rules::cages`]) that contain cell `cell`.
    ///
    /// # Panics
    ///
    /// When `cell` is not a cell of the grid.
    ///
    /// ```
    /// use exactcover::sudoku::{Rules, Shape};
    /// let rules = Rules::classic(Shape::for_size(4)?).with_cage(&[0, 4], None)?;
    /// assert_eq!(rules.cages_of(4).collect::<Vec<_>>(), [0]);
    /// assert_eq!(rules.cages_of(5).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cages_of(&self, cell: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (from, to) = (
            self.cell_cage_starts[cell] as usize,
            self.cell_cage_starts[cell + 1] as usize,
        );
        self.cell_cages[from..to].iter().map(|&k| k as usize)
    }

    /// Numbers the items of the cages with a sum, primary: for each, in
    /// order, "the cage has its combination" and `N` items "the cage
    /// accounts for `d`", covered by the cage's cells; and lists their
    /// combination options. A cage without a sum gets its items later
    /// ([`Rules::number_free_cages`]).
    pub(super) fn number_summed_cages(&mut self, runs: &mut Runs) {
        let n = self.size;
        self.cage_items.clear();
        self.combinations.clear();
        for (k, cage) in self.cages.iter().enumerate() {
            let Some(sum) = cage.sum else {
                self.cage_items.push((None, usize::MAX));
                continue;
            };
            let item = runs.push(SpanKind::Combination(k), 1, &[]);
            let digits = runs.push(SpanKind::CageDigits(k), n, &cage.cells);
            self.cage_items.push((Some(item), digits));
            let mut found = Vec::new();
            // Checked by `with_cages`: within the bound, not empty.
            combinations(n, 1, cage.cells.len(), sum, 0, &mut found, usize::MAX);
            self.combinations.extend(
                found
                    .into_iter()
                    .map(|digits| Combination { cage: k, digits }),
            );
        }
    }

    /// Numbers the `N` secondary items "at most one cell holds `d`" of each
    /// cage without a sum, in order.
    pub(super) fn number_free_cages(&mut self, runs: &mut Runs) {
        let n = self.size;
        for (k, cage) in self.cages.iter().enumerate() {
            if cage.sum.is_none() {
                self.cage_items[k].1 = runs.push(SpanKind::CageDigits(k), n, &cage.cells);
            }
        }
    }

    /// Lists the cages of each cell, for [`Rules::cages_of`].
    pub(super) fn index_cell_cages(&mut self) {
        let cells = self.size * self.size;
        self.cell_cage_starts.clear();
        self.cell_cages.clear();
        let mut by_cell: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for (k, cage) in self.cages.iter().enumerate() {
            for &cell in &cage.cells {
                by_cell[cell].push(k as u32);
            }
        }
        self.cell_cage_starts.push(0);
        for list in &by_cell {
            self.cell_cages.extend_from_slice(list);
            self.cell_cage_starts.push(self.cell_cages.len() as u32);
        }
    }
}
