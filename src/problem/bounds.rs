//! Multiplicities and the sharp preference: how many times each primary
//! item is covered, and which items the search branches on first.
//!
//! * **Bounds** (Knuth's DLX3, TAOCP 7.2.2.1 Algorithm M): a primary item
//!   with bounds `[a, b]` must be covered by at least `a` and at most `b`
//!   of the chosen options (`1 <= b`, `a <= b`); without bounds it is
//!   `[1, 1]`, exactly once. An option is still a set, chosen at most once:
//!   two copies of a piece are one option per placement and an item for
//!   the piece with bounds `[2, 2]`, not two items. [`Problem::set_bounds`]
//!   sets them, [`Problem::bounds`] reads them; a problem with bounds other
//!   than `[1, 1]` is searched by Algorithm M.
//! * **The sharp preference** (Knuth's DLX2-SHARP and DLX3-SHARP): a
//!   primary item whose name begins with `#` is branched on before the
//!   others, after the items with at most one option left
//!   ([`Problem::is_sharp`]). It changes the order of the search, never
//!   its solutions.

use super::{Problem, ProblemError};

impl Problem {
    /// Requires primary item `item` to be covered by at least `lower` and
    /// at most `upper` of the chosen options (`[1, 1]`, exactly once, until
    /// set). The bounds of Knuth's DLX3 (`lower:upper|name` in his format).
    ///
    /// # Errors
    ///
    /// [`ProblemError::BoundsOnUnknownItem`] for a number past the items,
    /// [`ProblemError::BoundsOnSecondary`] for a secondary item (it is
    /// covered at most once, or by options that agree on its colour),
    /// [`ProblemError::ZeroUpperBound`] for `upper == 0` (an item that no
    /// option may cover is no item), [`ProblemError::LowerAboveUpper`] for
    /// `lower > upper`; the problem is unchanged then.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // Choose two of three options: each covers `pair` once.
    /// let mut problem = Problem::new();
    /// let pair = problem.add_primary("pair")?;
    /// problem.set_bounds(pair, 2, 2)?;
    /// for _ in 0..3 {
    ///     problem.add_option([pair])?;
    /// }
    /// assert_eq!(problem.bounds(pair), Some((2, 2)));
    /// assert_eq!(Solver::new(&problem).count(None).unwrap_or_else(exactcover::Count::from).solutions, 3);
    /// assert!(problem.set_bounds(pair, 3, 2).is_err());
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn set_bounds(&mut self, item: usize, lower: u32, upper: u32) -> Result<(), ProblemError> {
        let name = || self.item_name(item).map(str::to_string);
        if item >= self.item_count() {
            return Err(ProblemError::BoundsOnUnknownItem { item });
        }
        if !self.is_primary(item) {
            return Err(ProblemError::BoundsOnSecondary { item, name: name() });
        }
        if upper == 0 {
            return Err(ProblemError::ZeroUpperBound { item, name: name() });
        }
        if lower > upper {
            return Err(ProblemError::LowerAboveUpper {
                item,
                name: name(),
                lower,
                upper,
            });
        }
        if (lower, upper) == (1, 1) && item >= self.bounds.len() {
            return Ok(());
        }
        if item >= self.bounds.len() {
            let more = item + 1 - self.bounds.len();
            super::grow(&mut self.bounds, more)?;
            self.bounds.resize(item + 1, (1, 1));
        }
        self.bounds[item] = (lower, upper);
        Ok(())
    }

    /// The bounds `(lower, upper)` of primary item `item`: `(1, 1)` unless
    /// [`Problem::set_bounds`] said otherwise; `None` for a secondary item
    /// or a number past the items.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// let a = problem.add_primary("a")?;
    /// let x = problem.add_secondary("x")?;
    /// assert_eq!(problem.bounds(a), Some((1, 1)));
    /// problem.set_bounds(a, 0, 3)?;
    /// assert_eq!(problem.bounds(a), Some((0, 3)));
    /// assert_eq!(problem.bounds(x), None);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn bounds(&self, item: usize) -> Option<(u32, u32)> {
        self.is_primary(item)
            .then(|| self.bounds.get(item).copied().unwrap_or((1, 1)))
    }

    /// Whether some primary item has bounds other than `[1, 1]`: the
    /// problem is then one of multiplicities, searched by Algorithm M.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// let a = problem.add_primary("a")?;
    /// assert!(!problem.has_bounds());
    /// problem.set_bounds(a, 1, 2)?;
    /// assert!(problem.has_bounds());
    /// problem.set_bounds(a, 1, 1)?;
    /// assert!(!problem.has_bounds());
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn has_bounds(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// Whether the search prefers item `item` (Knuth's *sharp preference*,
    /// DLX2-SHARP and DLX3-SHARP): it is primary and its name begins with
    /// `#`. When some primary items are sharp and others are not, the
    /// search branches on a sharp item whenever no item has at most one
    /// option left (with bounds: a branching degree of at most 1), the
    /// sharp item of fewest options first; only when no sharp item is left
    /// does it branch on the others. The solutions are the same; their
    /// order and the size of the search tree change.
    ///
    /// An unnamed item is never sharp, although it is labelled `#k`
    /// ([`Problem::item_label`]); written in Knuth's format and read back,
    /// it is.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// let mut problem = Problem::new();
    /// problem.add_primary("a")?;
    /// problem.add_primary("#b")?;
    /// for option in [["a", "#b"], ["a", "#b"]] {
    ///     problem.add_named_option(option)?;
    /// }
    /// problem.add_named_option(["a"])?;
    /// problem.add_named_option(["#b"])?;
    /// assert!(problem.is_sharp(1) && !problem.is_sharp(0));
    /// assert!(problem.has_sharp_preference());
    /// assert_eq!(Solver::new(&problem).count(None).unwrap_or_else(exactcover::Count::from).solutions, 3);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn is_sharp(&self, item: usize) -> bool {
        self.is_primary(item) && self.item_name(item).is_some_and(|n| n.starts_with('#'))
    }

    /// Whether the sharp preference changes the search: some primary items
    /// are sharp ([`Problem::is_sharp`]) and some are not. (When all are,
    /// or none, the search branches as it always does.)
    ///
    /// ```
    /// let problem = exactcover::Problem::from_options([["#a", "b"]])?;
    /// assert!(problem.has_sharp_preference());
    /// let all = exactcover::Problem::from_options([["#a", "#b"]])?;
    /// assert!(!all.has_sharp_preference());
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn has_sharp_preference(&self) -> bool {
        self.sharp > 0 && self.sharp < self.primary_count()
    }
}
