//! One deduction and its reasons: [`Rule`] (which rule, and how large),
//! [`Step`] (the rule with its base and cover items and the options it
//! removes or forces), [`Chain`] (the hypothetical steps behind a forcing
//! chain) and [`Contradiction`] (why a state has no solution).
//!
//! Items and options are numbered as in the [`Problem`](crate::Problem)
//! the logic solver was made from; a layer above names them in its own
//! words (a Sudoku's `r1c2`, `row 1 has 3`).

use std::fmt;

/// A rule of logic on the matrix, with its size.
///
/// The order is the order of difficulty the solver tries them in: every
/// single first; then set logic with up to [`Rule::SMALL`] base items, by
/// size; then set logic with a fin up to the same size; then the larger
/// sizes of both (plain before finned); then forcing chains by their
/// length. So a skyscraper or an XY-wing (a fin on 2 or 3 base items) comes
/// after a swordfish (3 base items) and before a jellyfish (4), as people
/// rate them.
///
/// ```
/// use exactcover::logic::Rule;
///
/// assert!(Rule::Single < Rule::SetLogic { k: 1 });
/// assert!(Rule::SetLogic { k: 3 } < Rule::Finned { k: 1 });
/// assert!(Rule::Finned { k: 3 } < Rule::SetLogic { k: 4 });
/// assert!(Rule::SetLogic { k: 4 } < Rule::Finned { k: 4 });
/// assert!(Rule::Finned { k: 9 } < Rule::Chain { length: 0 });
/// assert_eq!(Rule::SetLogic { k: 2 }.to_string(), "set logic, k = 2");
/// assert_eq!(Rule::Finned { k: 2 }.to_string(), "set logic with a fin, k = 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// A primary item has one option left, which is forced (a Sudoku's
    /// naked or hidden single, and the same for every item a rule adds).
    Single,
    /// `k` primary base items, no option covering two, whose options all
    /// cover one of `k` cover items: every other option of the cover items
    /// is removed (locked candidates for `k = 1`; pairs, triples, quads,
    /// X-wings, swordfish and jellyfish for `k = 2, 3, 4`).
    SetLogic {
        /// The number of base items, and of cover items.
        k: usize,
    },
    /// Set logic with a fin: `k` base items as for
    /// [`SetLogic`](Rule::SetLogic), whose options all cover one of `k + 1`
    /// cover items; every option outside the base that covers two cover
    /// items (and every base option that covers three) is removed. Finned
    /// fish, the skyscraper, the two-string kite, the turbot fish, the
    /// empty rectangle, the XY-wing and the XYZ-wing are its cases.
    Finned {
        /// The number of base items (the cover items are one more).
        k: usize,
    },
    /// Choosing an option leads, by singles and set logic, to a
    /// contradiction: the option is removed.
    Chain {
        /// The number of deductions between the choice and the
        /// contradiction.
        length: usize,
    },
}

impl Rule {
    /// The largest set logic, plain or finned, that comes before the larger
    /// sizes of both (see the order above).
    pub const SMALL: usize = 3;

    /// The key of the order: tier, size, rank.
    fn key(self) -> (u8, usize, u8) {
        match self {
            Rule::Single => (0, 0, 0),
            Rule::SetLogic { k } if k <= Rule::SMALL => (1, k, 0),
            Rule::Finned { k } if k <= Rule::SMALL => (2, k, 1),
            Rule::SetLogic { k } => (3, k, 0),
            Rule::Finned { k } => (3, k, 1),
            Rule::Chain { length } => (4, length, 0),
        }
    }
}

impl PartialOrd for Rule {
    fn partial_cmp(&self, other: &Rule) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rule {
    fn cmp(&self, other: &Rule) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Single => f.write_str("single"),
            Rule::SetLogic { k } => write!(f, "set logic, k = {k}"),
            Rule::Finned { k } => write!(f, "set logic with a fin, k = {k}"),
            Rule::Chain { length } => write!(f, "forcing chain, length {length}"),
        }
    }
}

/// One deduction: its rule, the items that justify it, and what it
/// changes. A step is sound: no option it removes is in a solution that
/// contains the options chosen before it, and every option it forces is in
/// every such solution.
///
/// * [`Rule::Single`]: `base` is the item with one option left, `forced`
///   that option.
/// * [`Rule::SetLogic`]: `base` and `cover` are the `k` items of each side,
///   `removed` the options eliminated; [`Rule::Finned`] the same with
///   `k + 1` cover items.
/// * [`Rule::Chain`]: `removed` is the one option assumed, and `chain`
///   says how its choice fails.
///
/// ```
/// use exactcover::Problem;
/// use exactcover::logic::{LogicSolver, Next, Rule};
///
/// // Item 0's options both cover item 1: the third option, which covers
/// // item 1 without item 0, is in no solution.
/// let mut problem = Problem::new();
/// problem.add_primary_items(3);
/// for option in [&[0, 1][..], &[0, 1, 2], &[1, 2], &[2]] {
///     problem.add_option(option.iter().copied())?;
/// }
/// let mut solver = LogicSolver::new(&problem);
/// let Next::Step(step) = solver.next_step() else { panic!("a step") };
/// assert_eq!(step.rule, Rule::SetLogic { k: 1 });
/// assert_eq!((step.base.as_slice(), step.cover.as_slice()), (&[0][..], &[1][..]));
/// assert_eq!(step.removed, [2]);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The rule applied.
    pub rule: Rule,
    /// The base items: the item of a single, the `k` base items of set
    /// logic; empty for a chain.
    pub base: Vec<usize>,
    /// The cover items of set logic (`k`, or `k + 1` with a fin); empty
    /// otherwise.
    pub cover: Vec<usize>,
    /// The options removed, in increasing order.
    pub removed: Vec<usize>,
    /// The options forced (chosen).
    pub forced: Vec<usize>,
    /// For a forcing chain, the hypothetical steps that follow the
    /// assumption.
    pub chain: Option<Box<Chain>>,
}

impl Step {
    /// A single: item `item`'s one option `option` is forced.
    pub(crate) fn single(item: usize, option: usize) -> Step {
        Step {
            rule: Rule::Single,
            base: vec![item],
            cover: Vec::new(),
            removed: Vec::new(),
            forced: vec![option],
            chain: None,
        }
    }

    /// Set logic on `base` and `cover` (one more with a fin), removing
    /// `removed`.
    pub(crate) fn set_logic(base: Vec<usize>, cover: Vec<usize>, removed: Vec<usize>) -> Step {
        let k = base.len();
        Step {
            rule: if cover.len() > k {
                Rule::Finned { k }
            } else {
                Rule::SetLogic { k }
            },
            base,
            cover,
            removed,
            forced: Vec::new(),
            chain: None,
        }
    }

    /// A forcing chain that removes its assumption.
    pub(crate) fn chain(chain: Chain) -> Step {
        Step {
            rule: Rule::Chain {
                length: chain.steps.len(),
            },
            base: Vec::new(),
            cover: Vec::new(),
            removed: vec![chain.assumed],
            forced: Vec::new(),
            chain: Some(Box::new(chain)),
        }
    }
}

/// Why an option is removed by a forcing chain: the option assumed, the
/// steps that follow from it (each sound *given* the assumption), and the
/// contradiction they reach.
///
/// ```
/// use exactcover::Problem;
/// use exactcover::logic::{Config, Contradiction, LogicSolver, Next, Rule};
///
/// // No item has a single option, and set logic is off; but choosing
/// // option 0, {0, 1}, would remove both options of item 4, {0, 4} and
/// // {2, 4, 1}: a chain of length 0 removes option 0.
/// let mut problem = Problem::new();
/// problem.add_primary_items(5);
/// for option in [&[0, 1][..], &[0, 4], &[2, 3], &[1, 3], &[2, 4, 1], &[1, 2]] {
///     problem.add_option(option.iter().copied())?;
/// }
/// let config = Config::default().with_max_k(0).with_fins(0);
/// let mut solver = LogicSolver::with_config(&problem, config);
/// let Next::Step(step) = solver.next_step() else { panic!("a step") };
/// let chain = step.chain.expect("a chain");
/// assert_eq!((step.rule, step.removed.as_slice()), (Rule::Chain { length: 0 }, &[0][..]));
/// assert_eq!(chain.assumed, 0);
/// assert_eq!(chain.contradiction, Contradiction::Uncoverable { item: 4 });
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Chain {
    /// The option assumed chosen.
    pub assumed: usize,
    /// The deductions that follow, in order.
    pub steps: Vec<Step>,
    /// What they reach.
    pub contradiction: Contradiction,
}

/// Why the options chosen so far belong to no solution.
///
/// ```
/// use exactcover::logic::Contradiction;
/// let c = Contradiction::Uncoverable { item: 3 };
/// assert_eq!(c.to_string(), "item 3 has no option left");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Contradiction {
    /// A primary item that no alive option covers.
    Uncoverable {
        /// The item.
        item: usize,
    },
    /// More base items than cover items: the base items' options, no two
    /// sharing a base item, all cover one of fewer items that can each be
    /// covered once.
    SetLogic {
        /// The base items.
        base: Vec<usize>,
        /// The cover items (fewer).
        cover: Vec<usize>,
    },
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Uncoverable { item } => write!(f, "item {item} has no option left"),
            Contradiction::SetLogic { base, cover } => write!(
                f,
                "the options of items {base:?} all cover one of items {cover:?}, fewer"
            ),
        }
    }
}
