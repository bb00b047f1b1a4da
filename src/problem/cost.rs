//! The costs of options, for minimum-cost covers (TAOCP 7.2.2.1, Knuth's
//! program DLX5).
//!
//! Every option has a cost, a `u64`, 0 unless given
//! ([`Problem::set_option_cost`]); a solution costs the sum of its options'
//! costs ([`Problem::solution_cost`]). The engine's `Solver::cheapest` finds
//! the cheapest solutions without listing them all. A problem whose options
//! all cost 0 ([`Problem::has_costs`] false) is searched exactly as if costs
//! did not exist.
//!
//! ```
//! use exactcover::Problem;
//!
//! let mut problem = Problem::new();
//! problem.add_primary_items(2);
//! let both = problem.add_option([0, 1])?;
//! let a = problem.add_option([0])?;
//! let b = problem.add_option([1])?;
//! problem.set_option_cost(both, 5)?;
//! problem.set_option_cost(a, 1)?;
//! problem.set_option_cost(b, 2)?;
//! assert_eq!(problem.solution_cost(&[a, b]), Some(3));
//! assert_eq!(problem.solution_cost(&[both]), Some(5));
//! # Ok::<(), exactcover::ProblemError>(())
//! ```

use super::{Problem, ProblemError};

impl Problem {
    /// Gives option `option` the cost `cost` (replacing any cost it had).
    ///
    /// # Errors
    ///
    /// [`ProblemError::UnknownOption`] when there is no such option (nothing
    /// changes).
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// let option = problem.add_option([0])?;
    /// problem.set_option_cost(option, 7)?;
    /// assert_eq!(problem.option_cost(option), Some(7));
    /// assert!(problem.set_option_cost(1, 7).is_err());
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn set_option_cost(&mut self, option: usize, cost: u64) -> Result<(), ProblemError> {
        let options = self.option_count();
        if option >= options {
            return Err(ProblemError::UnknownOption { option, options });
        }
        if option >= self.costs.len() {
            if cost == 0 {
                return Ok(());
            }
            let more = option + 1 - self.costs.len();
            super::grow(&mut self.costs, more)?;
            self.costs.resize(option + 1, 0);
        }
        self.costs[option] = cost;
        Ok(())
    }

    /// The cost of option `option` (0 unless given one), or `None` if there
    /// is no such option.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// assert_eq!(problem.option_cost(0), Some(0));
    /// assert_eq!(problem.option_cost(1), None);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn option_cost(&self, option: usize) -> Option<u64> {
        (option < self.option_count()).then(|| self.costs.get(option).copied().unwrap_or(0))
    }

    /// Whether some option costs more than 0.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// assert!(!problem.has_costs());
    /// problem.set_option_cost(0, 3)?;
    /// assert!(problem.has_costs());
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn has_costs(&self) -> bool {
        self.costs.iter().any(|&c| c > 0)
    }

    /// The sum of the costs of `options`, or `None` when it does not fit in
    /// a `u64` or a number is no option.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0])?;
    /// problem.add_option([1])?;
    /// problem.set_option_cost(0, u64::MAX)?;
    /// problem.set_option_cost(1, 1)?;
    /// assert_eq!(problem.solution_cost(&[0]), Some(u64::MAX));
    /// assert_eq!(problem.solution_cost(&[0, 1]), None); // too large
    /// assert_eq!(problem.solution_cost(&[2]), None); // no option 2
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn solution_cost(&self, options: &[usize]) -> Option<u64> {
        options
            .iter()
            .try_fold(0u64, |sum, &o| sum.checked_add(self.option_cost(o)?))
    }

    /// A bound on the cost of any solution: the less of two sums, each
    /// at least the cost of every set of options that could be one. The
    /// options of a solution have different first primary items (the
    /// lowest number), so it costs at most the sum, over the primary items,
    /// of the dearest option whose first primary item it is; and it covers
    /// each primary item once, so, sharing an option's cost among its `m`
    /// primary items, at most the sum over the primary items of the
    /// largest share (rounded up) of an option that holds it. Options
    /// without a primary item, chosen only by selection, add their costs
    /// to both. Exact in `u128`: a problem has fewer than 2^32 options.
    pub(crate) fn cost_bound(&self) -> u128 {
        let mut dearest = vec![0u128; self.item_count()];
        let mut share = vec![0u128; self.item_count()];
        let mut alone = 0u128;
        for (option, items) in self.options().enumerate() {
            let cost = u128::from(self.option_cost(option).unwrap_or(0));
            let primaries = items.iter().filter(|&&i| self.is_primary(i));
            let m = primaries.clone().count() as u128;
            match primaries.clone().min() {
                Some(&first) => dearest[first] = dearest[first].max(cost),
                None => alone += cost,
            }
            for &i in primaries {
                share[i] = share[i].max(cost.div_ceil(m));
            }
        }
        alone + dearest.iter().sum::<u128>().min(share.iter().sum())
    }
}
