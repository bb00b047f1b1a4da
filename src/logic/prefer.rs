//! Which pattern of set logic to take when several apply: a
//! [`Preference`] ranks them by a cost, seen through a [`Pattern`].

use std::fmt;
use std::sync::Arc;

use super::index::Index;
use super::state::State;
use super::step::Rule;

/// A pattern of set logic found by the solver, as a [`Preference`] sees it:
/// its base and cover items, the options it would remove, and the state it
/// was found on.
#[derive(Clone, Copy)]
pub struct Pattern<'a> {
    pub(crate) base: &'a [usize],
    pub(crate) cover: &'a [usize],
    pub(crate) removed: &'a [usize],
    pub(crate) index: &'a Index,
    pub(crate) state: &'a State,
}

impl Pattern<'_> {
    /// The base items.
    #[must_use]
    pub fn base(&self) -> &[usize] {
        self.base
    }

    /// The cover items (as many as the base, or one more with a fin).
    #[must_use]
    pub fn cover(&self) -> &[usize] {
        self.cover
    }

    /// The options it removes, in increasing order.
    #[must_use]
    pub fn removed(&self) -> &[usize] {
        self.removed
    }

    /// Its rule: [`Rule::SetLogic`] or [`Rule::Finned`].
    #[must_use]
    pub fn rule(&self) -> Rule {
        let k = self.base.len();
        if self.cover.len() > k {
            Rule::Finned { k }
        } else {
            Rule::SetLogic { k }
        }
    }

    /// The options item `item` has left (0 for no such item).
    #[must_use]
    pub fn options_left(&self, item: usize) -> usize {
        if item < self.index.item_count() {
            self.state.count(item)
        } else {
            0
        }
    }

    /// Whether option `option` is still possible (`false` for no such
    /// option).
    #[must_use]
    pub fn is_alive(&self, option: usize) -> bool {
        option < self.index.option_count() && self.state.is_alive(option)
    }
}

impl fmt::Debug for Pattern<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pattern")
            .field("base", &self.base)
            .field("cover", &self.cover)
            .field("removed", &self.removed)
            .finish()
    }
}

/// How a caller ranks the patterns of set logic (a Sudoku by the ratings
/// people give its techniques).
///
/// Without a preference the solver takes the first pattern of the first
/// size, in the order of [`Rule`], that removes something. With one, it
/// takes among the patterns of that size the one of least
/// [`cost`](Preference::cost), then goes on to the larger sizes while
/// their [`floor`](Preference::floor) is below the best cost found, and
/// takes the cheapest of all. Every pattern is sound; the preference only
/// chooses which comes first.
///
/// ```
/// use std::sync::Arc;
/// use exactcover::Problem;
/// use exactcover::logic::{LogicSolver, Next, Pattern, Preference};
///
/// /// Prefers patterns that remove more.
/// struct Greedy;
/// impl Preference for Greedy {
///     fn cost(&self, pattern: &Pattern<'_>) -> u32 {
///         100 - pattern.removed().len().min(100) as u32
///     }
///     fn floor(&self, _k: usize, _rank: usize) -> u32 {
///         0
///     }
/// }
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(3);
/// for option in [&[0, 1][..], &[0, 1, 2], &[1, 2], &[2]] {
///     problem.add_option(option.iter().copied())?;
/// }
/// let mut solver = LogicSolver::new(&problem);
/// solver.set_preference(Arc::new(Greedy));
/// assert!(matches!(solver.next_step(), Next::Step(_)));
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
pub trait Preference: Send + Sync {
    /// The cost of `pattern`: the least is taken.
    fn cost(&self, pattern: &Pattern<'_>) -> u32;

    /// A lower bound on the cost of the patterns of `k` base and `k +
    /// rank` cover items: a size is searched, once a pattern is found, only
    /// while its floor is below that pattern's cost, and a search stops at
    /// a pattern that costs no more than its size's floor.
    fn floor(&self, k: usize, rank: usize) -> u32;
}

/// A shared preference, with a `Debug` that names it.
#[derive(Clone)]
pub(crate) struct Shared(pub(crate) Arc<dyn Preference>);

impl fmt::Debug for Shared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Preference")
    }
}
