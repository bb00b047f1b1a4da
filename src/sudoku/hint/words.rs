//! The sentence of a hint: what the base holds, what follows, and the
//! technique with its items in brackets.

use crate::logic::{Contradiction, LogicSolver, Step};
use crate::problem::Labels;
use crate::sudoku::grid::Grid;
use crate::sudoku::hint::Technique;
use crate::sudoku::rules::{ItemMeaning, OptionMeaning, Rules};

/// `a`, `a and b`, `a, b and c`.
fn list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The words of a step on `rules`, found on `solver` before it.
struct Words<'a> {
    rules: &'a Rules,
    grid: &'a Grid,
    solver: &'a LogicSolver,
}

impl Words<'_> {
    /// The symbol of digit `d`.
    fn digit(&self, d: usize) -> String {
        self.grid
            .alphabet()
            .symbol(d)
            .map_or_else(|| d.to_string(), String::from)
    }

    /// `r3c5`.
    fn cell(&self, cell: usize) -> String {
        let n = self.rules.size();
        format!("r{}c{}", cell / n + 1, cell % n + 1)
    }

    /// `r3c5=7`, or a cage's combination `cage 2 is 1+3`.
    fn option(&self, option: usize) -> String {
        match self.rules.option_meaning(option) {
            Some(OptionMeaning::Place { cell, value }) => {
                format!("{}={}", self.cell(cell), self.digit(value))
            }
            _ => self.rules.option(option),
        }
    }

    /// The items, quoted: `'row 1 has 7', 'r2c2'`.
    fn quoted(&self, items: &[usize]) -> String {
        let names: Vec<String> = items
            .iter()
            .map(|&i| format!("'{}'", self.rules.item(i)))
            .collect();
        names.join(", ")
    }

    /// Where an item's options lie, for people: a cell, a unit (`row 3`),
    /// a cage, two cells a knight's move apart, a king's square; its label
    /// for anything else.
    fn place(&self, item: usize) -> String {
        match self.rules.item_meaning(item) {
            Some(ItemMeaning::Filled { cell }) => self.cell(cell),
            Some(ItemMeaning::Holds { unit, .. }) => self.rules.unit(unit).to_string(),
            Some(ItemMeaning::CageHolds { cage, .. } | ItemMeaning::Combination { cage }) => {
                format!("cage {}", cage + 1)
            }
            Some(ItemMeaning::KnightPair { first, second, .. }) => {
                format!("{} and {}", self.cell(first), self.cell(second))
            }
            Some(ItemMeaning::KingSquare { corner, .. }) => {
                format!("the square at {}", self.cell(corner))
            }
            _ => format!("'{}'", self.rules.item(item)),
        }
    }

    /// The digit an item is about, if any.
    fn digit_of(&self, item: usize) -> Option<usize> {
        match self.rules.item_meaning(item)? {
            ItemMeaning::Holds { value, .. }
            | ItemMeaning::CageHolds { value, .. }
            | ItemMeaning::KnightPair { value, .. }
            | ItemMeaning::KingSquare { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The candidates of a cell left, as digits run together: `379`.
    fn candidates(&self, cell: usize) -> String {
        (1..=self.rules.size())
            .filter(|&d| self.solver.is_alive(self.rules.option_of(cell, d)))
            .map(|d| self.digit(d))
            .collect()
    }

    /// The removals: `7 is removed from r2c1 and r2c2, and 3 from r5c5`,
    /// the cages' combinations after (`cage 2 cannot be 1+3`).
    fn removals(&self, removed: &[usize]) -> String {
        let mut by_digit: Vec<(usize, Vec<String>)> = Vec::new();
        let mut others = Vec::new();
        for &o in removed {
            match self.rules.option_meaning(o) {
                Some(OptionMeaning::Place { cell, value }) => {
                    match by_digit.iter_mut().find(|(d, _)| *d == value) {
                        Some((_, cells)) => cells.push(self.cell(cell)),
                        None => by_digit.push((value, vec![self.cell(cell)])),
                    }
                }
                Some(OptionMeaning::Combination { cage, digits }) => {
                    let digits: Vec<String> = digits.iter().map(|&d| self.digit(d)).collect();
                    others.push(format!("cage {} cannot be {}", cage + 1, digits.join("+")));
                }
                _ => others.push(format!("'{}' is removed", self.rules.option(o))),
            }
        }
        by_digit.sort_by_key(|(d, _)| *d);
        let mut parts: Vec<String> = by_digit
            .iter()
            .enumerate()
            .map(|(k, (d, cells))| {
                let verb = if k == 0 { " is removed" } else { "" };
                format!("{}{verb} from {}", self.digit(*d), list(cells))
            })
            .collect();
        parts.extend(others);
        match parts.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{}, and {last}", init.join(", ")),
        }
    }

    /// What the step does: `r3c5 = 7`, or the removals.
    fn result(&self, step: &Step) -> String {
        if step.forced.is_empty() {
            self.removals(&step.removed)
        } else {
            let placed: Vec<String> = step
                .forced
                .iter()
                .map(|&o| self.option(o).replace('=', " = "))
                .collect();
            list(&placed)
        }
    }

    /// The sentence of `step`, named `technique`.
    fn sentence(&self, step: &Step, technique: Technique) -> String {
        let result = self.result(step);
        if let Technique::ForcingChain { length } = technique {
            return self.chain(step, length, &result);
        }
        let reason = self.reason(step, technique);
        let items = if step.base.len() == 1 {
            "item"
        } else {
            "items"
        };
        let cover = if step.cover.is_empty() {
            String::new()
        } else {
            format!(", cover {}", self.quoted(&step.cover))
        };
        format!(
            "{reason}, so {result} ({technique}: {items} {}{cover})",
            self.quoted(&step.base)
        )
    }

    /// Why the step holds, in the words of its technique.
    fn reason(&self, step: &Step, technique: Technique) -> String {
        let base = &step.base;
        let places =
            |items: &[usize]| -> Vec<String> { items.iter().map(|&i| self.place(i)).collect() };
        let digits = |items: &[usize]| -> Vec<String> {
            let mut ds: Vec<usize> = items.iter().filter_map(|&i| self.digit_of(i)).collect();
            ds.sort_unstable();
            ds.dedup();
            ds.into_iter().map(|d| self.digit(d)).collect()
        };
        match technique {
            Technique::NakedSingle => format!(
                "{} can only be {}",
                self.place(base[0]),
                self.option_digit(step)
            ),
            Technique::HiddenSingle { .. } => format!(
                "{}: {} can go only in {}",
                self.place(base[0]),
                list(&digits(base)),
                self.option_cell(step)
            ),
            // Any other item with one option left (a cage's combination,
            // a rule's own item): that option is forced.
            Technique::Single => format!("{} has one option left", self.quoted(base)),
            Technique::Pointing | Technique::Claiming | Technique::LockedCandidates => format!(
                "{}: {} can go only in {}",
                self.place(base[0]),
                list(&digits(base)),
                list(&places(&step.cover))
            ),
            Technique::NakedSubset { .. } => format!(
                "{} hold only {} between them",
                list(&places(base)),
                list(&digits(&step.cover))
            ),
            Technique::HiddenSubset { .. } => format!(
                "{}: {} can go only in {}",
                self.place(base[0]),
                list(&digits(base)),
                list(&places(&step.cover))
            ),
            Technique::Fish { .. } | Technique::FrankenFish { .. } => format!(
                "{} in {} can go only in {}",
                list(&digits(base)),
                list(&places(base)),
                list(&places(&step.cover))
            ),
            Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::FinnedFish { .. } => format!(
                "{} in {} lies in {}, one unit more than the base, so it cannot be where two of them meet",
                list(&digits(base)),
                list(&places(base)),
                list(&places(&step.cover))
            ),
            Technique::XyWing | Technique::XyzWing | Technique::WxyzWing | Technique::WWing => {
                let cells: Vec<String> = base
                    .iter()
                    .map(|&i| match self.rules.item_meaning(i) {
                        Some(ItemMeaning::Filled { cell }) => {
                            format!("{} ({})", self.cell(cell), self.candidates(cell))
                        }
                        _ => self.place(i),
                    })
                    .collect();
                format!(
                    "{} fill {} with one place to spare, so no candidate may see two of them",
                    list(&cells),
                    list(&places(&step.cover))
                )
            }
            Technique::FinnedSetLogic { .. } => format!(
                "the candidates of {} lie in {}, one more than the base, so a candidate in two of them goes",
                self.quoted(base),
                self.quoted(&step.cover)
            ),
            _ => format!(
                "the candidates of {} lie in {}, one each",
                self.quoted(base),
                self.quoted(&step.cover)
            ),
        }
    }

    /// The digit of a single's forced option.
    fn option_digit(&self, step: &Step) -> String {
        match step
            .forced
            .first()
            .and_then(|&o| self.rules.option_meaning(o))
        {
            Some(OptionMeaning::Place { value, .. }) => self.digit(value),
            _ => step
                .forced
                .first()
                .map(|&o| self.option(o))
                .unwrap_or_default(),
        }
    }

    /// The cell of a single's forced option.
    fn option_cell(&self, step: &Step) -> String {
        match step
            .forced
            .first()
            .and_then(|&o| self.rules.option_meaning(o))
        {
            Some(OptionMeaning::Place { cell, .. }) => self.cell(cell),
            _ => step
                .forced
                .first()
                .map(|&o| self.option(o))
                .unwrap_or_default(),
        }
    }

    /// A forcing chain: the assumption, the digits it places, the
    /// contradiction.
    fn chain(&self, step: &Step, length: usize, result: &str) -> String {
        let Some(chain) = &step.chain else {
            return format!("so {result} (forcing chain, length {length})");
        };
        let placed: Vec<String> = chain
            .steps
            .iter()
            .flat_map(|s| s.forced.iter())
            .map(|&o| self.option(o))
            .collect();
        let then = if placed.is_empty() {
            String::new()
        } else {
            format!("then {}, ", placed.join(", "))
        };
        format!(
            "if {} were true, {then}and {}; so {result} (forcing chain, length {length})",
            self.option(chain.assumed),
            contradiction(self.rules, &chain.contradiction)
        )
    }
}

/// Why a state has no solution, in Sudoku's words: `r4c4 has no digit
/// left`, `row 3 has no place left for 1`.
pub(super) fn contradiction(rules: &Rules, contradiction: &Contradiction) -> String {
    let n = rules.size();
    let cell = |cell: usize| format!("r{}c{}", cell / n + 1, cell % n + 1);
    match contradiction {
        Contradiction::Uncoverable { item } => match rules.item_meaning(*item) {
            Some(ItemMeaning::Filled { cell: c }) => format!("{} has no digit left", cell(c)),
            Some(ItemMeaning::Holds { unit, value }) => {
                format!("{} has no place left for {value}", rules.unit(unit))
            }
            Some(ItemMeaning::CageHolds { cage, value }) => {
                format!("cage {} cannot account for {value}", cage + 1)
            }
            Some(ItemMeaning::Combination { cage }) => {
                format!("cage {} has no combination left", cage + 1)
            }
            _ => format!("'{}' has no option left", rules.item(*item)),
        },
        Contradiction::SetLogic { base, cover } => {
            let names = |items: &[usize]| -> Vec<String> {
                items
                    .iter()
                    .map(|&i| format!("'{}'", rules.item(i)))
                    .collect()
            };
            format!(
                "the candidates of {} lie in only {}, fewer",
                list(&names(base)),
                list(&names(cover))
            )
        }
    }
}

/// The sentence of `step`, named `technique`, found on `solver`.
pub(super) fn sentence(
    rules: &Rules,
    grid: &Grid,
    solver: &LogicSolver,
    step: &Step,
    technique: Technique,
) -> String {
    Words {
        rules,
        grid,
        solver,
    }
    .sentence(step, technique)
}
