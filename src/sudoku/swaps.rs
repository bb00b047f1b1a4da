//! [`Swaps`]: second solutions a solved grid has in plain sight, made by
//! moving digits around a closed chain of cells; each such chain is an
//! *unavoidable set*.
//!
//! An unavoidable set of a solved grid (McGuire, Tugemann and Civario,
//! "There is no 16-clue Sudoku", 2012) is a set of cells whose digits can
//! be rearranged into another solved grid: a puzzle with no clue in it has
//! a second solution. When a [`Generator`] or [`minimize`] asks whether a
//! group of clues can go, a known set that would then hold no clue answers
//! "no" at once, without a search. Two families are cheap to list:
//!
//! - **Two digits.** Take digits `a` and `b` and a cell `c` holding `a`.
//!   Writing `b` in `c` breaks every unit of `c` unless the cell of that
//!   unit holding `b` turns into `a`; that cell's other units then need the
//!   same, and so on. The cells reached from `c` form a *component* of the
//!   two digits, and swapping `a` and `b` in exactly those cells gives
//!   another solved grid: every unit holds, among them, an `a` and a `b`
//!   swapped with each other, or neither.
//! - **Two rows.** In two rows, follow the digits column by column: the
//!   digit of the first row in column `j` stands in the second row in
//!   column `k`, whose digit in the first row stands in the second row in
//!   column `l`, ... back to `j`. Exchanging the two rows' digits in the
//!   columns of such a cycle leaves each row the same digits and each
//!   column its own two; every other unit holds both cells of a column or
//!   neither (as a box does for two rows of one band), and that is checked
//!   for each pair. The same for two columns. Cycles through two columns
//!   (four cells) are two-digit components already, so only longer ones
//!   are kept: they bring sets of three digits and more.
//!
//! This holds only while every rule is "no digit twice in a unit" of `N`
//! cells: a killer cage (its sum, or its fewer cells), an anti-knight or an
//! anti-king pair can be broken by a rearrangement, so [`Swaps::compute`]
//! lists nothing for such rules.
//!
//! [`Generator`]: crate::sudoku::Generator
//! [`minimize`]: crate::sudoku::minimize

use crate::sudoku::rules::{Rules, Unit};
use crate::sudoku::{Grid, MAX_SIZE};

// Rows of a grid are bits of a `u128`, and their numbers fit in a `u8`.
const _: () = assert!(MAX_SIZE < 128);

/// Unavoidable sets of one solved grid, with the clues a puzzle has in each.
#[derive(Clone, Debug, Default)]
pub(crate) struct Swaps {
    // Of the rules, from `for_rules`:
    /// `N`.
    n: usize,
    /// Whether the rules are units without repeated digits and nothing more.
    applies: bool,
    /// How many units are not rows.
    others: usize,
    /// The cells of the units other than rows, as `[k * N, cell, row]` for
    /// the `k`th such unit.
    other_cells: Vec<[u32; 3]>,
    /// For rows `i < j`, `row_pairs[i * N + j]` has bit `k` set when the
    /// cells of column `k` in the two rows share every unit but their rows;
    /// `column_pairs` the same for columns.
    row_pairs: Vec<u128>,
    column_pairs: Vec<u128>,
    // Of the grid, from `compute`:
    /// The cells of set `k` are `cells[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    cells: Vec<u32>,
    /// The sets holding cell `c` are `sets[set_starts[c]..set_starts[c + 1]]`.
    set_starts: Vec<u32>,
    sets: Vec<u32>,
    /// How many cells of set `k` are clues of the puzzle.
    clues: Vec<u32>,
    /// The row of the cell of the `k`th unit other than rows holding digit
    /// `d` is `holder[k * N + d - 1]` (`u8::MAX` when no cell does).
    holder: Vec<u8>,
    /// The column of digit `d` in row `r`, `in_row[r * N + d - 1]`, and its
    /// row in column `c`, `in_column[c * N + d - 1]`.
    in_row: Vec<u8>,
    in_column: Vec<u8>,
    /// Scratch: the rows each row is joined to.
    joined: Vec<u128>,
    /// Scratch: where the next set of each cell goes in `sets`.
    cursor: Vec<u32>,
}

impl Swaps {
    /// The sets of `solution`, a solved grid under `rules`.
    #[cfg(test)]
    pub(crate) fn new(rules: &Rules, solution: &Grid) -> Swaps {
        let mut swaps = Swaps::for_rules(rules);
        swaps.compute(solution);
        swaps
    }

    /// Ready to list the sets of grids under `rules`: none when the rules
    /// are more than units without repeated digits (or, which they never
    /// are, lack rows or columns).
    pub(crate) fn for_rules(rules: &Rules) -> Swaps {
        let n = rules.size();
        let mut swaps = Swaps {
            n,
            ..Swaps::default()
        };
        let mut rows = vec![u32::MAX; n];
        let mut columns = vec![u32::MAX; n];
        for (u, unit) in rules.units().enumerate() {
            match unit {
                Unit::Row(r) => rows[r] = u as u32,
                Unit::Column(c) => columns[c] = u as u32,
                _ => {}
            }
            if !matches!(unit, Unit::Row(_)) {
                let at = (swaps.others * n) as u32;
                swaps
                    .other_cells
                    .extend(rules.unit_cells(u).map(|c| [at, c as u32, (c / n) as u32]));
                swaps.others += 1;
            }
        }
        swaps.applies = rules.cages().is_empty()
            && !rules.is_anti_knight()
            && !rules.is_anti_king()
            && !rows.contains(&u32::MAX)
            && !columns.contains(&u32::MAX);
        if !swaps.applies {
            return swaps;
        }
        // Whether cells `x` and `y` share every unit but `ux` and `uy`.
        let share = |x: usize, ux: u32, y: usize, uy: u32| {
            let others =
                |cell: usize, line: u32| rules.units_of(cell).filter(move |&u| u != line as usize);
            others(x, ux).eq(others(y, uy))
        };
        swaps.row_pairs = vec![0; n * n];
        swaps.column_pairs = vec![0; n * n];
        for i in 0..n {
            for j in i + 1..n {
                for k in 0..n {
                    if share(i * n + k, rows[i], j * n + k, rows[j]) {
                        swaps.row_pairs[i * n + j] |= 1 << k;
                    }
                    if share(k * n + i, columns[i], k * n + j, columns[j]) {
                        swaps.column_pairs[i * n + j] |= 1 << k;
                    }
                }
            }
        }
        swaps
    }

    /// Lists the sets of `solution`, a solved grid under the rules of
    /// [`Swaps::for_rules`], reusing the buffers.
    pub(crate) fn compute(&mut self, solution: &Grid) {
        self.starts.clear();
        self.cells.clear();
        self.set_starts.clear();
        self.sets.clear();
        self.clues.clear();
        let s = solution.cells();
        if !self.applies || s.contains(&0) || s.len() != self.n * self.n {
            return;
        }
        let n = self.n;
        self.holder.clear();
        self.holder.resize(self.others * n, u8::MAX);
        for &[at, cell, row] in &self.other_cells {
            self.holder[(at + u32::from(s[cell as usize]) - 1) as usize] = row as u8;
        }
        self.in_row.resize(n * n, 0);
        self.in_column.resize(n * n, 0);
        for r in 0..n {
            for c in 0..n {
                let d = s[r * n + c] as usize - 1;
                self.in_row[r * n + d] = c as u8;
                self.in_column[c * n + d] = r as u8;
            }
        }
        self.starts.push(0);
        for a in 1..=n {
            for b in a + 1..=n {
                self.components(a, b);
            }
        }
        for rows in [true, false] {
            for i in 0..n {
                for j in i + 1..n {
                    self.cycles(i, j, rows, s);
                }
            }
        }
        self.index(s.len());
    }

    /// The components of digits `a` and `b`. Every row holds both, and
    /// joins its two cells; every other unit holding both joins the rows of
    /// its two cells. A component is a class of rows so joined, and its
    /// cells are those rows' cells holding `a` or `b`.
    fn components(&mut self, a: usize, b: usize) {
        let n = self.n;
        let mut joined = std::mem::take(&mut self.joined);
        joined.clear();
        joined.extend((0..n).map(|r| 1u128 << r));
        for k in 0..self.others {
            let (rx, ry) = (self.holder[k * n + a - 1], self.holder[k * n + b - 1]);
            if rx != u8::MAX && ry != u8::MAX {
                let (rx, ry) = (rx as usize, ry as usize);
                joined[rx] |= 1 << ry;
                joined[ry] |= 1 << rx;
            }
        }
        let mut left: u128 = (1 << n) - 1;
        while left != 0 {
            // Each row of the class is followed once, when it joins.
            let mut class: u128 = 1 << left.trailing_zeros();
            let mut new = class;
            while new != 0 {
                let r = new.trailing_zeros() as usize;
                new &= new - 1;
                let reached = joined[r] & !class;
                class |= reached;
                new |= reached;
            }
            left &= !class;
            let mut bits = class;
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for d in [a, b] {
                    self.cells
                        .push((r * n + self.in_row[r * n + d - 1] as usize) as u32);
                }
            }
            self.starts.push(self.cells.len() as u32);
        }
        self.joined = joined;
    }

    /// The cycles of three lines or more of rows `i` and `j` (columns, if
    /// not `rows`) whose cells share every other unit pairwise.
    fn cycles(&mut self, i: usize, j: usize, rows: bool, s: &[u8]) {
        let n = self.n;
        let (pairs, place) = if rows {
            (&self.row_pairs, &self.in_row)
        } else {
            (&self.column_pairs, &self.in_column)
        };
        let fits = pairs[i * n + j];
        if fits.count_ones() < 3 {
            return;
        }
        // The cell at position `k` of line `l`.
        let cell = |l: usize, k: usize| if rows { l * n + k } else { k * n + l };
        let mut seen: u128 = 0;
        for k0 in 0..n {
            if seen >> k0 & 1 == 1 {
                continue;
            }
            // Position `k` of line `i` holds a digit that line `j` holds
            // at position `place[j][digit]`.
            let mut cycle: u128 = 0;
            let mut k = k0;
            while cycle >> k & 1 == 0 {
                cycle |= 1 << k;
                k = place[j * n + s[cell(i, k)] as usize - 1] as usize;
            }
            seen |= cycle;
            if cycle.count_ones() < 3 || cycle & !fits != 0 {
                continue;
            }
            let mut bits = cycle;
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.cells.push(cell(i, k) as u32);
                self.cells.push(cell(j, k) as u32);
            }
            self.starts.push(self.cells.len() as u32);
        }
    }

    /// Lists, for every cell, the sets holding it.
    fn index(&mut self, cell_count: usize) {
        let starts = &mut self.set_starts;
        starts.resize(cell_count + 1, 0);
        for &x in &self.cells {
            starts[x as usize + 1] += 1;
        }
        for c in 0..cell_count {
            starts[c + 1] += starts[c];
        }
        self.cursor.clear();
        self.cursor.extend_from_slice(starts);
        self.sets.resize(self.cells.len(), 0);
        for k in 0..self.starts.len() - 1 {
            for &x in &self.cells[self.starts[k] as usize..self.starts[k + 1] as usize] {
                self.sets[self.cursor[x as usize] as usize] = k as u32;
                self.cursor[x as usize] += 1;
            }
        }
    }

    /// The sets holding cell `c`.
    fn sets_of(&self, c: usize) -> &[u32] {
        &self.sets[self.set_starts[c] as usize..self.set_starts[c + 1] as usize]
    }

    /// Counts the clues of `puzzle` (a subset of the solution's cells) in
    /// every set.
    pub(crate) fn count_clues(&mut self, puzzle: &Grid) {
        let p = puzzle.cells();
        self.clues.clear();
        self.clues.extend(self.starts.windows(2).map(|w| {
            let set = &self.cells[w[0] as usize..w[1] as usize];
            set.iter().filter(|&&x| p[x as usize] != 0).count() as u32
        }));
    }

    /// Whether taking the clues of `group` away from the puzzle whose
    /// clues were counted leaves a set with no clue, so that the puzzle
    /// would have a second solution.
    pub(crate) fn leaves_one_empty(&self, group: &[usize]) -> bool {
        if self.clues.is_empty() {
            return false;
        }
        group.iter().any(|&c| {
            self.sets_of(c).iter().any(|&id| {
                // Most sets hold more clues than the group has cells.
                let clues = self.clues[id as usize] as usize;
                clues <= group.len()
                    && clues
                        == group
                            .iter()
                            .filter(|&&x| self.sets_of(x).contains(&id))
                            .count()
            })
        })
    }

    /// Takes the clue of cell `c` away from the counts.
    pub(crate) fn remove_clue(&mut self, c: usize) {
        if self.clues.is_empty() {
            return;
        }
        let Swaps {
            sets,
            set_starts,
            clues,
            ..
        } = self;
        for &id in &sets[set_starts[c] as usize..set_starts[c + 1] as usize] {
            clues[id as usize] -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    /// The rearrangement of a set: two digits swapped, or two lines' digits
    /// exchanged in each column (row) of a cycle.
    fn rearranged(solution: &Grid, set: &[u32]) -> Grid {
        let mut out = solution.clone();
        let s = solution.cells();
        let mut digits: Vec<u8> = set.iter().map(|&x| s[x as usize]).collect();
        digits.sort_unstable();
        digits.dedup();
        if digits.len() == 2 {
            for &x in set {
                let cell = &mut out.cells_mut()[x as usize];
                *cell = if *cell == digits[0] {
                    digits[1]
                } else {
                    digits[0]
                };
            }
        } else {
            for pair in set.chunks_exact(2) {
                let (x, y) = (pair[0] as usize, pair[1] as usize);
                out.cells_mut().swap(x, y);
            }
        }
        out
    }

    /// Every set of a solved grid, rearranged, is another solved grid
    /// under the same rules (classic, X, windoku, jigsaw, an extra region).
    #[test]
    fn every_set_rearranges_into_a_solution() {
        let wikipedia: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let nine = Shape::for_size(9).unwrap();
        let six = Shape::for_size(6).unwrap();
        let janko = include_str!("../../data/variants/jigsaw-janko108.txt");
        let jigsaw = Rules::region_map(janko.trim().split_once(' ').unwrap().1, 9).unwrap();
        let mut cases = vec![(Rules::classic(nine), wikipedia)];
        for rules in [
            Rules::classic(nine).with_diagonals(),
            Rules::classic(nine).with_windows().unwrap(),
            Rules::classic(nine).with_regions(&jigsaw).unwrap(),
            Rules::classic(six)
                .with_extra_region(&[0, 7, 14, 21, 28, 35])
                .unwrap(),
            Rules::classic(six),
            Rules::classic(Shape::for_size(4).unwrap()),
        ] {
            let solution = crate::sudoku::Generator::new(rules.clone())
                .with_seed(3)
                .generate(0)
                .unwrap()
                .solution;
            cases.push((rules, solution));
        }
        for (rules, solution) in cases {
            let swaps = Swaps::new(&rules, &solution);
            let n = rules.size();
            assert!(swaps.starts.len() > n * (n - 1) / 2, "a component per pair");
            let mut cycles = 0;
            for k in 0..swaps.starts.len() - 1 {
                let set = &swaps.cells[swaps.starts[k] as usize..swaps.starts[k + 1] as usize];
                let other = rearranged(&solution, set);
                assert!(
                    crate::sudoku::ruled::conflict(&rules, &other).is_none(),
                    "set {set:?} rearranges into a broken grid {other}"
                );
                let differ = (0..n * n)
                    .filter(|&x| other.cells()[x] != solution.cells()[x])
                    .count();
                assert_eq!(differ, set.len(), "{set:?}: every cell changes");
                assert!(set.len() >= 4, "a set has at least 4 cells");
                let mut digits: Vec<u8> =
                    set.iter().map(|&x| solution.cells()[x as usize]).collect();
                digits.sort_unstable();
                digits.dedup();
                cycles += usize::from(digits.len() > 2);
            }
            if rules == Rules::classic(nine) {
                assert!(cycles > 0, "a band has cycles of three digits or more");
            }
        }
    }

    /// Sets computed into reused buffers are those computed afresh.
    #[test]
    fn reused_buffers_give_the_same_sets() {
        let rules = Rules::classic(Shape::for_size(9).unwrap());
        let generator = crate::sudoku::Generator::new(rules.clone()).with_seed(11);
        let mut reused = Swaps::for_rules(&rules);
        for i in 0..4 {
            let solution = generator.generate(i).unwrap().solution;
            reused.compute(&solution);
            let fresh = Swaps::new(&rules, &solution);
            assert_eq!(
                (&reused.starts, &reused.cells),
                (&fresh.starts, &fresh.cells)
            );
            assert_eq!(
                (&reused.set_starts, &reused.sets),
                (&fresh.set_starts, &fresh.sets)
            );
        }
    }

    /// Rules with a cage (or a knight's or king's move) have no sets.
    #[test]
    fn rules_beyond_units_give_none() {
        let solution: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let rules = Rules::classic(Shape::for_size(9).unwrap()).with_anti_knight();
        let mut puzzle = solution.clone();
        puzzle.cells_mut().fill(0);
        puzzle.cells_mut()[0] = 5;
        let mut swaps = Swaps::new(&rules, &solution);
        swaps.count_clues(&puzzle);
        assert!(!swaps.leaves_one_empty(&[0]));
        let classic = Rules::classic(Shape::for_size(9).unwrap());
        let mut swaps = Swaps::new(&classic, &solution);
        swaps.count_clues(&puzzle);
        assert!(swaps.leaves_one_empty(&[0]));
    }
}
