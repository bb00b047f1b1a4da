//! The names of earlier releases, kept for one release: [`Counter`]'s
//! builder steps without `with_` (a plain name is a getter elsewhere in the
//! crate, a builder's step is `with_*`).

use crate::engine::Budget;
use crate::scale::counter::Counter;
use crate::scale::split::Part;

impl<'p> Counter<'p> {
    /// Deprecated name of [`Counter::with_selection`].
    #[deprecated(note = "use `with_selection`")]
    #[must_use]
    pub fn selection(self, options: &[usize]) -> Counter<'p> {
        self.with_selection(options)
    }

    /// Deprecated name of [`Counter::with_limit`].
    #[deprecated(note = "use `with_limit`")]
    #[must_use]
    pub fn limit(self, limit: Option<u64>) -> Counter<'p> {
        self.with_limit(limit)
    }

    /// Deprecated name of [`Counter::with_budget`].
    #[deprecated(note = "use `with_budget`")]
    #[must_use]
    pub fn budget(self, budget: Budget) -> Counter<'p> {
        self.with_budget(budget)
    }

    /// Deprecated name of [`Counter::with_threads`].
    #[deprecated(note = "use `with_threads` (threads need the `parallel` feature)")]
    #[must_use]
    pub fn threads(self, threads: usize) -> Counter<'p> {
        self.with_threads(threads)
    }

    /// Deprecated name of [`Counter::with_part`].
    #[deprecated(note = "use `with_part`")]
    #[must_use]
    pub fn part(self, part: Part) -> Counter<'p> {
        self.with_part(part)
    }

    /// Deprecated name of [`Counter::with_min_subproblems`].
    #[deprecated(note = "use `with_min_subproblems`")]
    #[must_use]
    pub fn at_least(self, subproblems: usize) -> Counter<'p> {
        self.with_min_subproblems(subproblems)
    }

    /// Deprecated name of [`Counter::with_max_subproblems`].
    #[deprecated(note = "use `with_max_subproblems`")]
    #[must_use]
    pub fn max_subproblems(self, max: usize) -> Counter<'p> {
        self.with_max_subproblems(max)
    }
}
