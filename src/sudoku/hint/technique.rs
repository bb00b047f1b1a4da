//! A step of logic named as Sudoku players name it: [`Technique`], read
//! from the kinds of its base and cover items ([`Rules::item_meaning`]),
//! and rated on Sudoku Explainer's scale; the `Namer` that does both also
//! ranks the patterns the logic solver finds, so that a hint is the
//! easiest step people know.

use std::fmt;

use crate::logic::{LogicSolver, Pattern, Rule};
use crate::sudoku::rules::{ItemMeaning, Rules, Unit, option_number};

/// What Sudoku players call a step of logic, read from the items of its
/// base and cover.
///
/// The logic solver knows three rules (single, set logic with or without a
/// fin, forcing chain); which technique a step is depends on what its items
/// stand for: a single on a cell is a naked single, on "row 3 has 7" a
/// hidden single; set logic from a box's digit to a row's is pointing, from
/// cells to their unit's digits a naked subset. Steps whose items mix kinds
/// keep the rule's name ([`Technique::SetLogic`],
/// [`Technique::FinnedSetLogic`]). The same names serve every variant:
/// a naked pair in a cage or on a diagonal is a naked pair.
///
/// ```
/// use exactcover::sudoku::{Technique, Unit};
/// assert_eq!(Technique::Fish { k: 2 }.to_string(), "x-wing");
/// assert_eq!(Technique::HiddenSubset { k: 3 }.to_string(), "hidden triple");
/// assert_eq!(Technique::HiddenSingle { unit: Unit::Box(2) }.to_string(), "hidden single");
/// assert_eq!(Technique::ForcingChain { length: 4 }.k(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one digit left.
    NakedSingle,
    /// A digit with one cell left in a unit (or a cage).
    HiddenSingle {
        /// The unit.
        unit: Unit,
    },
    /// Any other item with one option left (a cage with one combination
    /// left).
    Single,
    /// A box's (or region's, or window's) digit lies in one row or column:
    /// the rest of the line loses it.
    Pointing,
    /// A row's or column's digit lies in one box (or region): the rest of
    /// the box loses it.
    Claiming,
    /// A unit's digit lies in another unit (a diagonal, a cage, an extra
    /// region...): the rest of the other unit loses it.
    LockedCandidates,
    /// `k` cells of one unit hold only `k` digits between them (the cover:
    /// that unit's items for the `k` digits; cells whose cover mixes units
    /// are [`Technique::SetLogic`]).
    NakedSubset {
        /// The cells (2: pair, 3: triple, 4: quad).
        k: usize,
    },
    /// `k` digits of one unit fit only `k` cells.
    HiddenSubset {
        /// The digits.
        k: usize,
    },
    /// A digit in `k` rows lies in `k` columns, or the reverse.
    Fish {
        /// 2: X-wing, 3: swordfish, 4: jellyfish.
        k: usize,
    },
    /// A digit in `k` units lies in `k` other units, boxes or other units
    /// among them.
    FrankenFish {
        /// The base units.
        k: usize,
    },
    /// Two rows (or columns) with a digit twice each, one place shared.
    Skyscraper,
    /// A row and a column with a digit twice each, joined in a box.
    TwoStringKite,
    /// Another pattern of one digit on two units with one cover unit more
    /// (an empty rectangle among them).
    TurbotFish,
    /// A fish with a fin.
    FinnedFish {
        /// The base lines.
        k: usize,
    },
    /// Three cells of two digits each, xy, xz and yz, the first seeing the
    /// others.
    XyWing,
    /// The same with a first cell of three digits.
    XyzWing,
    /// Four cells of four digits between them, with a fin.
    WxyzWing,
    /// Two cells of the same two digits, joined by a unit where one of
    /// them has two places.
    WWing,
    /// Set logic whose items mix kinds: `k` base and `k` cover items.
    SetLogic {
        /// The base items.
        k: usize,
    },
    /// Set logic with a fin whose items mix kinds.
    FinnedSetLogic {
        /// The base items.
        k: usize,
    },
    /// A candidate whose choice leads to a contradiction.
    ForcingChain {
        /// The deductions between the choice and the contradiction.
        length: usize,
    },
}

impl Technique {
    /// The size of the step: the cells, digits or units of a subset or a
    /// fish, the base items of set logic, a chain's length; 1 for singles
    /// and locked candidates, 2 for the skyscraper, the kite and the turbot
    /// fish, 3 for XY- and XYZ-wings, 4 for the WXYZ-wing, 3 for the W-wing.
    ///
    /// ```
    /// assert_eq!(exactcover::sudoku::Technique::NakedSubset { k: 3 }.k(), 3);
    /// ```
    #[must_use]
    pub fn k(self) -> usize {
        match self {
            Technique::NakedSingle
            | Technique::HiddenSingle { .. }
            | Technique::Single
            | Technique::Pointing
            | Technique::Claiming
            | Technique::LockedCandidates => 1,
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => 2,
            Technique::XyWing | Technique::XyzWing | Technique::WWing => 3,
            Technique::WxyzWing => 4,
            Technique::NakedSubset { k }
            | Technique::HiddenSubset { k }
            | Technique::Fish { k }
            | Technique::FrankenFish { k }
            | Technique::FinnedFish { k }
            | Technique::SetLogic { k }
            | Technique::FinnedSetLogic { k } => k,
            Technique::ForcingChain { length } => length,
        }
    }

    /// The name in JSON and in the words of a hint: `naked single`,
    /// `x-wing`, `forcing chain`... (as [`Display`](fmt::Display)).
    #[must_use]
    pub fn name(self) -> String {
        self.to_string()
    }
}

/// The word for `k` of a subset: pair, triple, quad, or `k`.
fn subset(k: usize) -> String {
    match k {
        2 => "pair".into(),
        3 => "triple".into(),
        4 => "quad".into(),
        _ => format!("set of {k}"),
    }
}

/// The word for a fish of `k` lines.
fn fish(k: usize) -> String {
    match k {
        1 => "one-line fish".into(),
        2 => "x-wing".into(),
        3 => "swordfish".into(),
        4 => "jellyfish".into(),
        _ => format!("fish of {k}"),
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Technique::NakedSingle => f.write_str("naked single"),
            Technique::HiddenSingle { .. } => f.write_str("hidden single"),
            Technique::Single => f.write_str("single"),
            Technique::Pointing => f.write_str("pointing"),
            Technique::Claiming => f.write_str("claiming"),
            Technique::LockedCandidates => f.write_str("locked candidates"),
            Technique::NakedSubset { k } => write!(f, "naked {}", subset(k)),
            Technique::HiddenSubset { k } => write!(f, "hidden {}", subset(k)),
            Technique::Fish { k } => f.write_str(&fish(k)),
            Technique::FrankenFish { k } => write!(f, "franken {}", fish(k)),
            Technique::Skyscraper => f.write_str("skyscraper"),
            Technique::TwoStringKite => f.write_str("two-string kite"),
            Technique::TurbotFish => f.write_str("turbot fish"),
            Technique::FinnedFish { k } => write!(f, "finned {}", fish(k)),
            Technique::XyWing => f.write_str("xy-wing"),
            Technique::XyzWing => f.write_str("xyz-wing"),
            Technique::WxyzWing => f.write_str("wxyz-wing"),
            Technique::WWing => f.write_str("w-wing"),
            Technique::SetLogic { .. } => f.write_str("set logic"),
            Technique::FinnedSetLogic { .. } => f.write_str("set logic with a fin"),
            Technique::ForcingChain { .. } => f.write_str("forcing chain"),
        }
    }
}

/// What an item of a step is, as the names need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A cell's item.
    Cell(usize),
    /// A unit's (or a cage's) item for a digit.
    Digit { unit: Unit, digit: usize },
    /// Another item of one digit (two cells a knight's move apart, a king's
    /// square).
    Pair { digit: usize },
    /// Anything else (a cage's combination).
    Other,
}

impl Kind {
    fn of(rules: &Rules, item: usize) -> Kind {
        match rules.item_meaning(item) {
            Some(ItemMeaning::Filled { cell }) => Kind::Cell(cell),
            Some(ItemMeaning::Holds { unit, value }) => Kind::Digit {
                unit: rules.unit(unit),
                digit: value,
            },
            Some(ItemMeaning::CageHolds { cage, value }) => Kind::Digit {
                unit: Unit::Cage(cage),
                digit: value,
            },
            Some(ItemMeaning::KnightPair { value, .. } | ItemMeaning::KingSquare { value, .. }) => {
                Kind::Pair { digit: value }
            }
            _ => Kind::Other,
        }
    }

    fn digit(self) -> Option<usize> {
        match self {
            Kind::Digit { digit, .. } | Kind::Pair { digit } => Some(digit),
            _ => None,
        }
    }

    fn unit(self) -> Option<Unit> {
        match self {
            Kind::Digit { unit, .. } => Some(unit),
            _ => None,
        }
    }
}

/// Whether `unit` is a row or a column.
fn is_line(unit: Unit) -> bool {
    matches!(unit, Unit::Row(_) | Unit::Column(_))
}

/// Whether `unit` is a box, a jigsaw region or a window.
fn is_block(unit: Unit) -> bool {
    matches!(unit, Unit::Box(_) | Unit::Region(_) | Unit::Window(_))
}

/// Whether every unit of `units` is a row, or every one a column.
fn parallel(units: &[Unit]) -> bool {
    units.iter().all(|u| matches!(u, Unit::Row(_)))
        || units.iter().all(|u| matches!(u, Unit::Column(_)))
}

/// The candidates a step is read on: the solver's state before it, or a
/// pattern's while the solver ranks it.
pub(crate) trait Candidates {
    /// The options item `item` has left.
    fn options_left(&self, item: usize) -> usize;
    /// Whether option `option` is still possible.
    fn is_alive(&self, option: usize) -> bool;
}

impl Candidates for LogicSolver {
    fn options_left(&self, item: usize) -> usize {
        LogicSolver::options_left(self, item)
    }
    fn is_alive(&self, option: usize) -> bool {
        LogicSolver::is_alive(self, option)
    }
}

impl Candidates for Pattern<'_> {
    fn options_left(&self, item: usize) -> usize {
        Pattern::options_left(self, item)
    }
    fn is_alive(&self, option: usize) -> bool {
        Pattern::is_alive(self, option)
    }
}

/// A step as the namer reads it: its rule, items and the candidates
/// around it.
struct Seen<'a, C: Candidates + ?Sized> {
    base: &'a [usize],
    kinds: Vec<Kind>,
    cover: Vec<Kind>,
    view: &'a C,
}

/// Names and rates the steps of one set of rules: what each item stands
/// for, read once.
#[derive(Clone, Debug)]
pub(crate) struct Namer {
    kinds: Vec<Kind>,
    size: usize,
}

impl Namer {
    /// The namer of `rules`.
    pub(crate) fn new(rules: &Rules) -> Namer {
        Namer {
            kinds: (0..rules.item_count())
                .map(|i| Kind::of(rules, i))
                .collect(),
            size: rules.size(),
        }
    }

    fn kind(&self, item: usize) -> Kind {
        self.kinds.get(item).copied().unwrap_or(Kind::Other)
    }

    /// The technique of a step of `rule` on `base` and `cover`, read on
    /// `view` (the state before it).
    pub(crate) fn classify<C: Candidates + ?Sized>(
        &self,
        rule: Rule,
        base: &[usize],
        cover: &[usize],
        view: &C,
    ) -> Technique {
        let seen = Seen {
            base,
            kinds: base.iter().map(|&i| self.kind(i)).collect(),
            cover: cover.iter().map(|&i| self.kind(i)).collect(),
            view,
        };
        match rule {
            Rule::Single => match seen.kinds.first() {
                Some(Kind::Cell(_)) => Technique::NakedSingle,
                Some(Kind::Digit { unit, .. }) => Technique::HiddenSingle { unit: *unit },
                _ => Technique::Single,
            },
            Rule::SetLogic { k: 1 } => locked(seen.kinds[0], seen.cover[0]),
            Rule::SetLogic { k } => subset_or_fish(&seen.kinds, &seen.cover, k),
            Rule::Finned { .. } => self.finned(&seen),
            Rule::Chain { length } => Technique::ForcingChain { length },
        }
    }

    /// The candidates of cell `cell` left on `view`.
    fn candidates<C: Candidates + ?Sized>(&self, cell: usize, view: &C) -> Vec<usize> {
        (1..=self.size)
            .filter(|&d| view.is_alive(option_number(self.size, cell, d)))
            .collect()
    }

    /// The name of set logic with `k` base and `k + 1` cover items.
    fn finned<C: Candidates + ?Sized>(&self, seen: &Seen<'_, C>) -> Technique {
        let (base, cover) = (&seen.kinds, &seen.cover);
        let k = base.len();
        let left = |item: usize| seen.view.options_left(item);
        if one_digit(base, cover).is_some() {
            let units: Vec<Unit> = base.iter().filter_map(|b| b.unit()).collect();
            let lines = units.iter().all(|&u| is_line(u));
            return match k {
                2 if lines && parallel(&units) => {
                    if seen.base.iter().all(|&b| left(b) == 2) {
                        Technique::Skyscraper
                    } else {
                        Technique::FinnedFish { k }
                    }
                }
                2 if lines => Technique::TwoStringKite,
                2 => Technique::TurbotFish,
                _ if lines && parallel(&units) => Technique::FinnedFish { k },
                _ => Technique::FinnedSetLogic { k },
            };
        }
        let cells: Vec<usize> = base
            .iter()
            .filter_map(|b| match b {
                Kind::Cell(cell) => Some(*cell),
                _ => None,
            })
            .collect();
        let sizes: Vec<usize> = cells
            .iter()
            .map(|&c| self.candidates(c, seen.view).len())
            .collect();
        let count = |n: usize| sizes.iter().filter(|&&s| s == n).count();
        if cells.len() == k && k == 3 {
            if count(2) == 3 {
                return Technique::XyWing;
            }
            if count(2) == 2 && count(3) == 1 {
                return Technique::XyzWing;
            }
        }
        if cells.len() == k && k == 4 {
            let mut digits: Vec<usize> = cells
                .iter()
                .flat_map(|&c| self.candidates(c, seen.view))
                .collect();
            digits.sort_unstable();
            digits.dedup();
            if digits.len() == 4 {
                return Technique::WxyzWing;
            }
        }
        if k == 3 && cells.len() == 2 {
            let (a, b) = (
                self.candidates(cells[0], seen.view),
                self.candidates(cells[1], seen.view),
            );
            let link = seen
                .base
                .iter()
                .zip(base.iter())
                .find_map(|(&item, kind)| match kind {
                    Kind::Digit { digit, .. } => Some((item, *digit)),
                    _ => None,
                });
            if let Some((item, digit)) = link {
                if a.len() == 2 && a == b && a.contains(&digit) && left(item) == 2 {
                    return Technique::WWing;
                }
            }
        }
        Technique::FinnedSetLogic { k }
    }
}

/// The name of set logic with one base and one cover item.
fn locked(base: Kind, cover: Kind) -> Technique {
    match (base, cover) {
        (Kind::Digit { unit: b, digit }, c) if c.digit() == Some(digit) => match c.unit() {
            Some(c) if is_block(b) && is_line(c) => Technique::Pointing,
            Some(c) if is_line(b) && is_block(c) => Technique::Claiming,
            _ => Technique::LockedCandidates,
        },
        _ => Technique::SetLogic { k: 1 },
    }
}

/// The name of set logic with `k` base and `k` cover items, `k >= 2`.
fn subset_or_fish(base: &[Kind], cover: &[Kind], k: usize) -> Technique {
    // A naked subset's cover is k digits of one unit, which holds the k
    // cells. Cells whose cover mixes units (`row 9 has 4`, `box 9 has 6`,
    // `box 9 has 9`) are not one: that pattern removes what no naked
    // subset does (a 4 of row 9 outside box 9), and stays unnamed.
    if base.iter().all(|b| matches!(b, Kind::Cell(_))) {
        let mut digits: Vec<Option<usize>> = cover.iter().map(|c| c.digit()).collect();
        digits.sort_unstable();
        digits.dedup();
        let one_unit =
            cover[0].unit().is_some() && cover.iter().all(|c| c.unit() == cover[0].unit());
        if one_unit && digits.len() == k && digits.iter().all(Option::is_some) {
            return Technique::NakedSubset { k };
        }
    }
    let units: Vec<Option<Unit>> = base.iter().map(|b| b.unit()).collect();
    if units[0].is_some()
        && units.iter().all(|u| *u == units[0])
        && cover.iter().all(|c| matches!(c, Kind::Cell(_)))
    {
        return Technique::HiddenSubset { k };
    }
    if one_digit(base, cover).is_some() {
        let base_units: Vec<Unit> = base.iter().filter_map(|b| b.unit()).collect();
        let cover_units: Vec<Unit> = cover.iter().filter_map(|c| c.unit()).collect();
        let lines = base_units.len() == k
            && cover_units.len() == k
            && parallel(&base_units)
            && parallel(&cover_units)
            && base_units.iter().chain(&cover_units).all(|&u| is_line(u));
        return if lines {
            Technique::Fish { k }
        } else {
            Technique::FrankenFish { k }
        };
    }
    Technique::SetLogic { k }
}

/// The digit every base and cover item is about, if there is one, with the
/// base items all units' (or cages') items.
fn one_digit(base: &[Kind], cover: &[Kind]) -> Option<usize> {
    let digit = base.first()?.digit()?;
    let all = base
        .iter()
        .all(|b| matches!(b, Kind::Digit { digit: d, .. } if *d == digit))
        && cover.iter().all(|c| c.digit() == Some(digit));
    all.then_some(digit)
}
