//! The names of earlier releases, kept for one release.

use crate::engine::solver::{Count, Solver};

impl Solver {
    /// Counts the solutions, the count of an interrupted search included
    /// (ending [`SearchEnd::Interrupted`](crate::engine::SearchEnd::Interrupted)).
    ///
    /// Deprecated: [`Solver::count`] returns `Result<Count, Interrupted>`,
    /// as every other question a budget can cut short does, so that `?`
    /// works; `solver.count(limit).unwrap_or_else(Count::from)` is this
    /// method.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let problem = exactcover::Problem::from_options([["a"], ["a"]])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// assert_eq!(solver.count_solutions(None).solutions, 2);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[deprecated(note = "use `count`, which returns `Result<Count, Interrupted>`; \
                `count(limit).unwrap_or_else(Count::from)` keeps a partial count")]
    pub fn count_solutions(&mut self, limit: Option<u64>) -> Count {
        self.count(limit).unwrap_or_else(Count::from)
    }
}
