//! The cheapest solutions: minimum-cost covers (TAOCP 7.2.2.1, Knuth's
//! DLX5) through the [`Solver`].
//!
//! [`Solver::cheapest`] finds the `k` solutions of least cost, cheapest
//! first; [`Solver::visit_cheaper`] hands over every solution as the search
//! finds it cheaper than the `k`-th cheapest found before it (DLX5's
//! output), with its cost. Both run DLX5's search (see the engine's
//! design): most of the tree is never searched, because a branch ends as
//! soon as some item left to cover has no option cheap enough.

use std::collections::BinaryHeap;
use std::fmt;
use std::ops::ControlFlow;

use super::{SearchEnd, Solver};
use crate::engine::search::Step;

/// A solution and its cost (the sum of its options' costs).
///
/// ```
/// let mut problem = exactcover::Problem::new();
/// problem.add_primary_items(1);
/// problem.add_option([0])?;
/// problem.set_option_cost(0, 4)?;
/// let best = exactcover::Solver::new(&problem).cheapest(1)?;
/// assert_eq!((best.solutions[0].cost, &best.solutions[0].options[..]), (4, &[0][..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Costed {
    /// The cost of the solution.
    pub cost: u64,
    /// Its options, as [`Solver::solution`] lists them (the selection
    /// first, then in the order the search chose them).
    pub options: Vec<usize>,
}

/// The answer of [`Solver::cheapest`].
///
/// ```
/// use exactcover::{Problem, SearchEnd, Solver};
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(1);
/// for cost in [3, 1, 2] {
///     let option = problem.add_option([0])?;
///     problem.set_option_cost(option, cost)?;
/// }
/// let best = Solver::new(&problem).cheapest(2)?;
/// assert_eq!(best.end, SearchEnd::Exhausted);
/// let costs: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
/// assert_eq!(costs, [1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cheapest {
    /// The cheapest solutions found, cheapest first; of equal costs, the
    /// one found first comes first. At most `k`, fewer when the problem has
    /// fewer solutions.
    pub solutions: Vec<Costed>,
    /// [`SearchEnd::Exhausted`] when they are the `k` cheapest solutions
    /// (or all of them); [`SearchEnd::Interrupted`] when the budget ran out
    /// first, and they are the cheapest found by then.
    pub end: SearchEnd,
}

/// The costs of a problem's options could add up to `u64::MAX` or more in
/// one solution, so the search could not keep its sums exact: refused
/// before it starts.
///
/// ```
/// let mut problem = exactcover::Problem::new();
/// problem.add_primary_items(2);
/// problem.add_option([0])?;
/// problem.add_option([1])?;
/// problem.set_option_cost(0, u64::MAX / 2 + 1)?;
/// problem.set_option_cost(1, u64::MAX / 2 + 1)?;
/// let err = exactcover::Solver::new(&problem).cheapest(1).unwrap_err();
/// assert!(err.to_string().contains("add up"));
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CostError {
    /// The options' costs could add up to `u64::MAX` or more in one
    /// solution, so the search could not keep its sums exact.
    Overflow,
    /// The problem has multiplicities (an item with bounds other than
    /// `[1, 1]`): DLX5's search of the cheapest solutions is Algorithm X's
    /// or C's, not Algorithm M's.
    WithBounds,
}

impl fmt::Display for CostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CostError::Overflow => write!(
                f,
                "the options' costs could add up to {} or more in one solution",
                u64::MAX
            ),
            CostError::WithBounds => write!(
                f,
                "the cheapest solutions of a problem with multiplicities (items with bounds) \
                 are not searched: DLX5's search covers each item once"
            ),
        }
    }
}

impl std::error::Error for CostError {}

/// A solution kept by [`Solver::cheapest`]: ordered by cost, then by when
/// it was found.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Kept {
    cost: u64,
    found: u64,
    options: Vec<usize>,
}

impl Solver {
    /// The `k` cheapest solutions (`k` 0 is taken as 1), cheapest first,
    /// within the budget. Ties come in the order the search found them;
    /// which of several solutions of equal cost are kept when they do not
    /// all fit in `k` is the search's choice. A problem without costs
    /// (every option 0) gives its first `k` solutions.
    ///
    /// The search is Knuth's DLX5: each primary item is taxed the cost of
    /// its cheapest option, and a branch ends when an item has no option
    /// left cheap enough to beat the `k`-th best solution found so far.
    ///
    /// # Errors
    ///
    /// [`CostError::Overflow`] when one solution's costs could add up to
    /// `u64::MAX` or more.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // Cover {a, b}: {a, b} costs 5, {a} 1 and {b} 3.
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(2);
    /// for (items, cost) in [(&[0, 1][..], 5), (&[0], 1), (&[1], 3)] {
    ///     let option = problem.add_option(items.iter().copied())?;
    ///     problem.set_option_cost(option, cost)?;
    /// }
    /// let best = Solver::new(&problem).cheapest(2)?;
    /// let costs: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
    /// assert_eq!(costs, [4, 5]);
    /// let mut cheapest = best.solutions[0].options.clone();
    /// cheapest.sort();
    /// assert_eq!(cheapest, [1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cheapest(&mut self, k: usize) -> Result<Cheapest, CostError> {
        let k = k.max(1);
        let mut kept: BinaryHeap<Kept> = BinaryHeap::new();
        let mut found = 0;
        let end = self.visit_cheaper(k, |options, cost| {
            // Every solution handed over is cheaper than the k-th kept.
            if kept.len() == k {
                kept.pop();
            }
            kept.push(Kept {
                cost,
                found,
                options: options.to_vec(),
            });
            found += 1;
            ControlFlow::Continue(())
        })?;
        let solutions = kept
            .into_sorted_vec()
            .into_iter()
            .map(|s| Costed {
                cost: s.cost,
                options: s.options,
            })
            .collect();
        Ok(Cheapest { solutions, end })
    }

    /// Calls `visit` with every solution (its options, as
    /// [`Solver::visit`] gives them) and its cost, as the search finds
    /// those cheaper than the `k`-th cheapest found before (every one of
    /// the first `k`), until `visit` returns [`ControlFlow::Break`]; says
    /// how the search ended. The last `k` handed over hold the `k`
    /// cheapest solutions when it ends [`SearchEnd::Exhausted`]. This is
    /// what Knuth's DLX5 prints with `k` (its parameter `k`).
    ///
    /// # Errors
    ///
    /// [`CostError`], as [`Solver::cheapest`].
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use exactcover::{Problem, SearchEnd, Solver};
    ///
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(1);
    /// for cost in [3, 1, 2] {
    ///     let option = problem.add_option([0])?;
    ///     problem.set_option_cost(option, cost)?;
    /// }
    /// let mut costs = Vec::new();
    /// let end = Solver::new(&problem).visit_cheaper(1, |_, cost| {
    ///     costs.push(cost);
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(end, SearchEnd::Exhausted);
    /// assert_eq!(costs, [1]); // the cheapest first: nothing else beats it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visit_cheaper<F>(&mut self, k: usize, mut visit: F) -> Result<SearchEnd, CostError>
    where
        F: FnMut(&[usize], u64) -> ControlFlow<()>,
    {
        let k = k.max(1);
        if self.is_bounded() {
            return Err(CostError::WithBounds);
        }
        let search = self.arena.borrow_dependent();
        if !search.has_costs() {
            return Ok(self.first_solutions(k, visit));
        }
        if !search.can_price() {
            return Err(CostError::Overflow);
        }
        let limits = self.budget.start(self.started.take());
        let buffer = &mut self.solution;
        Ok(self.arena.with_dependent_mut(|_, search| {
            search.start_priced();
            // The costs of the k cheapest so far, dearest on top.
            let mut best: BinaryHeap<u64> = BinaryHeap::new();
            loop {
                match search.run_priced(&limits, &mut ()) {
                    Step::Solution => {
                        let cost = search.priced_cost();
                        if best.len() == k {
                            best.pop();
                        }
                        best.push(cost);
                        let cutoff = if best.len() == k {
                            best.peek().copied()
                        } else {
                            None
                        };
                        search.set_cutoff(cutoff);
                        search.solution_into(buffer);
                        if visit(buffer, cost).is_break() {
                            return SearchEnd::Stopped;
                        }
                    }
                    Step::Exhausted => return SearchEnd::Exhausted,
                    Step::Interrupted(why) => return SearchEnd::Interrupted(why),
                }
            }
        }))
    }

    /// `visit_cheaper` without costs: every solution costs 0, so the first
    /// `k` are the cheapest, and the search ends with them.
    fn first_solutions<F>(&mut self, k: usize, mut visit: F) -> SearchEnd
    where
        F: FnMut(&[usize], u64) -> ControlFlow<()>,
    {
        let (mut found, mut stopped) = (0, false);
        let end = self.visit(|options| {
            found += 1;
            stopped = visit(options, 0).is_break();
            if stopped || found >= k {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match end {
            SearchEnd::Stopped if !stopped => SearchEnd::Exhausted,
            other => other,
        }
    }
}
