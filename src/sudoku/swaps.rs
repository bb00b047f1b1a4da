//! [`Swaps`]: the second solutions a solved grid has in plain sight, made by
//! swapping two digits along a closed chain of cells.
//!
//! Take a solved grid, two digits `a` and `b`, and a cell `c` holding `a`.
//! Writing `b` in `c` breaks every unit of `c`, unless the cell of that unit
//! holding `b` turns into `a`; that cell's other units then need the same,
//! and so on. The cells this reaches from `c` form one *component* of the
//! two digits: swapping `a` and `b` in exactly those cells gives another
//! solved grid. Every unit holds, among the component's cells, either an
//! `a` and a `b` (swapped with each other) or one digit whose partner it
//! does not hold at all (a small extra region), so no unit repeats a digit.
//!
//! So a component is an *unavoidable set* (McGuire, Tugemann and Civario,
//! "There is no 16-clue Sudoku", 2012): a puzzle whose clues miss every
//! cell of one has a second solution. When a [`Generator`] or [`minimize`]
//! asks whether a group of clues can go, a component that would then hold
//! no clue answers "no" at once, without a search. Half of the clues that
//! minimal 9x9 puzzles keep are kept for this reason (see
//! docs/generate.md).
//!
//! This holds only while every rule is "no digit twice in a unit": a
//! killer cage's sum or an anti-knight or anti-king pair can be broken by a
//! swap, so [`Swaps::new`] gives nothing for such rules.
//!
//! [`Generator`]: crate::sudoku::Generator
//! [`minimize`]: crate::sudoku::minimize

use crate::sudoku::Grid;
use crate::sudoku::rules::Rules;

/// The two-digit components of one solved grid, for every cell and every
/// digit it could swap with.
#[derive(Clone, Debug, Default)]
pub(crate) struct Swaps {
    /// `N`.
    n: usize,
    /// The component of cell `c` and digit `b` (its own digit swapped with
    /// `b`) is number `component[c * N + b - 1]`; `u32::MAX` for `b` the
    /// cell's own digit.
    component: Vec<u32>,
    /// The cells of component `k` are `cells[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    cells: Vec<u32>,
    /// How many cells of component `k` are clues of the puzzle.
    clues: Vec<u32>,
    /// Scratch: the cell of unit `u` holding digit `d` is
    /// `holder[u * N + d - 1]` (`u32::MAX` when none does).
    holder: Vec<u32>,
    /// Scratch: the cells still to follow.
    stack: Vec<usize>,
}

impl Swaps {
    /// The components of `solution`, a solved grid under `rules`; none
    /// (every question is left to the search) when the rules are more than
    /// units without repeated digits.
    pub(crate) fn new(rules: &Rules, solution: &Grid) -> Swaps {
        let mut swaps = Swaps::default();
        swaps.compute(rules, solution);
        swaps
    }

    /// Recomputes the components for `solution`, reusing the buffers.
    pub(crate) fn compute(&mut self, rules: &Rules, solution: &Grid) {
        let n = rules.size();
        let s = solution.cells();
        self.n = n;
        self.component.clear();
        self.starts.clear();
        self.cells.clear();
        if !rules.cages().is_empty() || rules.anti_knight() || rules.anti_king() {
            return;
        }
        self.holder.clear();
        self.holder.resize(rules.unit_count() * n, u32::MAX);
        for u in 0..rules.unit_count() {
            for cell in rules.unit_cells(u) {
                if let Some(d) = (s[cell] as usize).checked_sub(1) {
                    self.holder[u * n + d] = cell as u32;
                }
            }
        }
        self.component.resize(s.len() * n, u32::MAX);
        self.starts.push(0);
        for c in 0..s.len() {
            let a = s[c] as usize;
            if a == 0 {
                return self.clear();
            }
            for b in (1..=n).filter(|&b| b != a) {
                if self.component[c * n + b - 1] != u32::MAX {
                    continue;
                }
                self.follow(rules, s, c, a, b);
            }
        }
    }

    /// Collects the component of cell `c` (holding `a`) and digit `b`.
    fn follow(&mut self, rules: &Rules, s: &[u8], c: usize, a: usize, b: usize) {
        let n = self.n;
        let id = (self.starts.len() - 1) as u32;
        self.component[c * n + b - 1] = id;
        self.stack.push(c);
        while let Some(x) = self.stack.pop() {
            self.cells.push(x as u32);
            let mine = s[x] as usize;
            let other = if mine == a { b } else { a };
            for u in rules.units_of(x) {
                let y = self.holder[u * n + other - 1];
                if y == u32::MAX {
                    continue;
                }
                // `y` holds `other`, which swaps with `mine`.
                let k = y as usize * n + mine - 1;
                if self.component[k] == u32::MAX {
                    self.component[k] = id;
                    self.stack.push(y as usize);
                }
            }
        }
        self.starts.push(self.cells.len() as u32);
    }

    /// No components: every question goes to the search.
    fn clear(&mut self) {
        self.component.clear();
        self.starts.clear();
        self.cells.clear();
        self.clues.clear();
    }

    /// Counts the clues of `puzzle` (a subset of the solution's cells) in
    /// every component.
    pub(crate) fn count_clues(&mut self, puzzle: &Grid) {
        let p = puzzle.cells();
        self.clues.clear();
        self.clues.extend(self.starts.windows(2).map(|w| {
            let comp = &self.cells[w[0] as usize..w[1] as usize];
            comp.iter().filter(|&&x| p[x as usize] != 0).count() as u32
        }));
    }

    /// The components of cell `c`: one for every digit but its own.
    fn components_of(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        self.component[c * self.n..(c + 1) * self.n]
            .iter()
            .filter(|&&id| id != u32::MAX)
            .map(|&id| id as usize)
    }

    /// Whether taking the clues of `group` away from the puzzle whose
    /// clues were counted leaves a component with no clue, so that the
    /// puzzle would have a second solution.
    pub(crate) fn leaves_one_empty(&self, group: &[usize]) -> bool {
        if self.clues.is_empty() {
            return false;
        }
        group.iter().any(|&c| {
            self.components_of(c).any(|id| {
                // Most components hold more clues than the group has cells.
                self.clues[id] as usize <= group.len()
                    && self.clues[id] as usize
                        == group.iter().filter(|&&x| self.holds(id, x)).count()
            })
        })
    }

    /// Whether component `id` holds cell `x`.
    fn holds(&self, id: usize, x: usize) -> bool {
        self.components_of(x).any(|k| k == id)
    }

    /// Takes the clue of cell `c` away from the counts.
    pub(crate) fn remove_clue(&mut self, c: usize) {
        if self.clues.is_empty() {
            return;
        }
        for b in 0..self.n {
            let id = self.component[c * self.n + b];
            if id != u32::MAX {
                self.clues[id as usize] -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    /// Every component of a solved grid, swapped, is another solved grid
    /// under the same rules (classic, X, windoku, an extra region).
    #[test]
    fn every_component_swaps_into_a_solution() {
        let wikipedia: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let nine = Shape::for_size(9).unwrap();
        let six = Shape::for_size(6).unwrap();
        let mut cases = vec![(Rules::classic(nine), wikipedia)];
        for rules in [
            Rules::classic(nine).with_diagonals(),
            Rules::classic(nine).with_windows().unwrap(),
            Rules::classic(six)
                .with_extra_region(&[0, 7, 14, 21, 28, 35])
                .unwrap(),
        ] {
            let solution = crate::sudoku::Generator::new(rules.clone())
                .seed(3)
                .generate(0)
                .unwrap()
                .solution;
            cases.push((rules, solution));
        }
        for (rules, solution) in cases {
            let swaps = Swaps::new(&rules, &solution);
            let n = rules.size();
            assert!(swaps.starts.len() > n * (n - 1) / 2, "a component per pair");
            for k in 0..swaps.starts.len() - 1 {
                let comp = &swaps.cells[swaps.starts[k] as usize..swaps.starts[k + 1] as usize];
                let digits: Vec<u8> = comp.iter().map(|&x| solution.cells()[x as usize]).collect();
                let a = digits[0];
                let b = *digits.iter().find(|&&d| d != a).expect("two digits");
                let mut swapped = solution.clone();
                for &x in comp {
                    let cell = &mut swapped.cells_mut()[x as usize];
                    *cell = if *cell == a { b } else { a };
                }
                assert!(
                    crate::sudoku::ruled::conflict(&rules, &swapped).is_none(),
                    "component {comp:?} of {a} and {b} swaps into a broken grid"
                );
                assert!(comp.len() >= 4, "a component has at least 4 cells");
            }
        }
    }

    /// Rules with a cage (or a knight's or king's move) have no components.
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
