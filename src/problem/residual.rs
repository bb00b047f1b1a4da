//! What is left of a problem once some options are chosen.
//!
//! * [`Residual`]: the residual problem, with the maps from its items and
//!   options back to those of the problem it came from.
//! * [`Problem::residual`] makes it, the items keeping their names;
//!   [`Problem::residual_named`] names them anew.
//!
//! A residual is the whole problem seen from a node of the search: its
//! solutions are the rest of the solutions that contain the chosen options,
//! so any exact-cover solver can count or draw them.
//!
//! ```
//! use exactcover::{Problem, Solver};
//!
//! // Cover {a, b, c} with {a, b}, {c}, {b, c}, {a}, having chosen {a}.
//! let mut problem = Problem::new();
//! for name in ["a", "b", "c"] {
//!     problem.add_primary(name)?;
//! }
//! for option in ["a b", "c", "b c", "a"] {
//!     problem.add_named_option(option.split(' '))?;
//! }
//! let rest = problem.residual(&[3])?;
//! assert_eq!(rest.items, [1, 2]); // b and c are left
//! assert_eq!(rest.options, [1, 2]); // {c} and {b, c}: {a, b} clashes with {a}
//! assert_eq!(rest.problem.item_name(0), Some("b"));
//! assert_eq!(Solver::new(&rest.problem).count(None)?.solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::problem::{ItemKind, Problem, ProblemError, filled, grow};

/// The problem that is left once some options are chosen (see
/// [`Problem::residual`]), and where its items and options come from.
///
/// ```
/// let mut problem = exactcover::Problem::new();
/// problem.add_primary_items(2);
/// problem.add_option([0])?;
/// problem.add_option([1])?;
/// let rest = problem.residual(&[0])?;
/// assert_eq!((rest.items.as_slice(), rest.options.as_slice()), (&[1][..], &[1][..]));
/// assert!(!rest.contradictory);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Residual {
    /// The problem left.
    pub problem: Problem,
    /// Item `k` of `problem` is item `items[k]` of the original problem.
    pub items: Vec<usize>,
    /// Option `k` of `problem` is option `options[k]` of the original
    /// problem (with its items renumbered).
    pub options: Vec<usize>,
    /// The chosen options clash (two cover one item, other than a secondary
    /// item given the same colour by both): no solution contains them all,
    /// and `problem` has no options.
    pub contradictory: bool,
}

/// What the chosen options did to an item.
#[derive(Clone, Copy, PartialEq)]
enum State {
    Free,
    Covered,
    Coloured(usize),
    /// A primary item with bounds, covered this many times by the chosen
    /// options: fewer than its upper bound, so it stays, its bounds lowered.
    Partly(u32),
}

impl Problem {
    /// The problem that is left once the options `chosen` are chosen: the
    /// items they cover are gone, except a secondary item they give a colour,
    /// which stays; the options that clash with them are gone too (those
    /// that share an item they cover, or give a coloured item another colour
    /// or none), and so are the options with no primary item (the search
    /// never chooses those). Items and options keep their order, items their
    /// names ([`Problem::item_label`]: an unnamed item `k` is named `#k`),
    /// colours their names and numbers, options their costs. Numbers in
    /// `chosen` that are no option are passed over.
    ///
    /// With bounds ([`Problem::set_bounds`]), a primary item covered `c`
    /// times by the chosen options, fewer than its upper bound `b`, stays
    /// with the bounds `[a - c, b - c]` (`0` when `c >= a`); covered `b`
    /// times it is gone; the chosen options themselves are gone.
    ///
    /// When the chosen options clash (an item covered more often than it
    /// may be, or an option chosen twice), the residual keeps the items
    /// that are left and has no options (see [`Residual::contradictory`]).
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(3);
    /// for option in [&[0, 1][..], &[2], &[1, 2], &[0]] {
    ///     problem.add_option(option.iter().copied())?;
    /// }
    /// let rest = problem.residual(&[1])?; // {2} chosen
    /// assert_eq!(rest.problem.item_name(0), Some("#0"));
    /// assert_eq!(rest.options, [0, 3]);
    /// assert_eq!(Solver::new(&rest.problem).count(None)?.solutions, 1);
    /// assert!(problem.residual(&[1, 2])?.contradictory);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ProblemError::Memory`] when the residual's memory cannot be had.
    pub fn residual(&self, chosen: &[usize]) -> Result<Residual, ProblemError> {
        self.residual_named(chosen, |item| self.item_label(item))
    }

    /// [`Problem::residual`], with the options `excluded` ruled out as
    /// well: they are gone from the residual, whatever they cover. This is
    /// a node of Algorithm M's search tree, which rules out the options of
    /// an item it has tried before the one it chooses (see
    /// [`Problem::set_bounds`]). Numbers in `excluded` that are no option
    /// are passed over.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    /// // Two of three options, the first chosen and the second ruled out.
    /// let mut problem = Problem::new();
    /// let pair = problem.add_primary("pair")?;
    /// problem.set_bounds(pair, 2, 2)?;
    /// for _ in 0..3 {
    ///     problem.add_option([pair])?;
    /// }
    /// let rest = problem.residual_excluding(&[0], &[1])?;
    /// assert_eq!(rest.options, [2]);
    /// assert_eq!(rest.problem.bounds(0), Some((1, 1)));
    /// assert_eq!(Solver::new(&rest.problem).count(None).unwrap_or_else(exactcover::Count::from).solutions, 1);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ProblemError::Memory`] when the residual's memory cannot be had.
    pub fn residual_excluding(
        &self,
        chosen: &[usize],
        excluded: &[usize],
    ) -> Result<Residual, ProblemError> {
        self.residual_of(chosen, excluded, |item| self.item_label(item))
    }

    /// [`Problem::residual`], item `k` of the original problem named
    /// `name(k)` in the residual (an empty name, or one already taken, leaves
    /// the item unnamed).
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0])?;
    /// problem.add_option([1])?;
    /// let rest = problem.residual_named(&[0], |item| format!("cell {item}"))?;
    /// assert_eq!(rest.problem.item_name(0), Some("cell 1"));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ProblemError::Memory`] when the residual's memory cannot be had.
    pub fn residual_named(
        &self,
        chosen: &[usize],
        name: impl FnMut(usize) -> String,
    ) -> Result<Residual, ProblemError> {
        self.residual_of(chosen, &[], name)
    }

    /// What the options `chosen` do to every item, and whether they clash.
    fn states_after(&self, chosen: &[usize]) -> Result<(Vec<State>, bool), ProblemError> {
        let mut state = filled(self.item_count(), State::Free)?;
        let mut contradictory = false;
        let mut seen = std::collections::HashSet::new();
        for &o in chosen {
            let (Some(items), Some(colours)) = (self.option(o), self.option_colours(o)) else {
                continue;
            };
            contradictory |= !seen.insert(o);
            for (&i, c) in items.iter().zip(colours) {
                let upper = self.bounds(i).map_or(1, |(_, b)| b);
                let now = match (c, state[i]) {
                    (Some(c), _) => State::Coloured(c),
                    (None, State::Free) if upper > 1 => State::Partly(1),
                    (None, State::Partly(k)) if k + 1 < upper => State::Partly(k + 1),
                    (None, State::Partly(_)) => State::Covered,
                    (None, _) => State::Covered,
                };
                let before = std::mem::replace(&mut state[i], now);
                contradictory |= match before {
                    State::Free | State::Partly(_) => false,
                    _ => before != now || now == State::Covered,
                };
            }
        }
        Ok((state, contradictory))
    }

    /// [`Problem::residual_excluding`], items named by `name`.
    fn residual_of(
        &self,
        chosen: &[usize],
        excluded: &[usize],
        mut name: impl FnMut(usize) -> String,
    ) -> Result<Residual, ProblemError> {
        let (state, contradictory) = self.states_after(chosen)?;
        let mut rest = Problem::new();
        for c in 0..self.colour_count() {
            rest.colour(self.colour_name(c).unwrap_or("?"))?;
        }
        let mut new = filled(self.item_count(), usize::MAX)?;
        let mut items = Vec::new();
        for (i, &s) in state.iter().enumerate() {
            let primary = self.is_primary(i);
            let keep = match s {
                State::Free | State::Partly(_) => true,
                State::Covered => false,
                State::Coloured(_) => !primary,
            };
            if !keep {
                continue;
            }
            let kind = if primary {
                ItemKind::Primary
            } else {
                ItemKind::Secondary
            };
            new[i] = match rest.add_named(&name(i), kind) {
                Ok(k) => k,
                Err(e @ ProblemError::Memory { .. }) => return Err(e),
                Err(_) => {
                    grow(&mut rest.kinds, 1)?;
                    grow(&mut rest.names, 1)?;
                    grow(&mut rest.seen, 1)?;
                    rest.add_unnamed(1, kind).start
                }
            };
            if let Some((a, b)) = self.bounds(i) {
                let used = if let State::Partly(c) = s { c } else { 0 };
                // Left: at most `b - used >= 1`, at least what `a` still asks.
                if let Err(e @ ProblemError::Memory { .. }) =
                    rest.set_bounds(new[i], a.saturating_sub(used), b - used)
                {
                    return Err(e);
                }
            }
            grow(&mut items, 1)?;
            items.push(i);
        }
        let mut options = Vec::new();
        let gone: std::collections::HashSet<usize> =
            chosen.iter().chain(excluded).copied().collect();
        if !contradictory {
            for o in (0..self.option_count()).filter(|o| !gone.contains(o)) {
                let (Some(entries), Some(colours)) = (self.option(o), self.option_colours(o))
                else {
                    continue;
                };
                let colours: Vec<Option<usize>> = colours.collect();
                let fits = entries.iter().zip(&colours).all(|(&i, &c)| match state[i] {
                    State::Free | State::Partly(_) => true,
                    State::Covered => false,
                    State::Coloured(given) => c == Some(given),
                });
                if fits && entries.iter().any(|&i| self.is_primary(i)) {
                    let mapped = entries.iter().zip(colours).map(|(&i, c)| (new[i], c));
                    // Every item of a fitting option is kept, once: only
                    // memory can fail.
                    let k = rest.add_coloured_option(mapped)?;
                    rest.set_option_cost(k, self.option_cost(o).unwrap_or(0))?;
                    grow(&mut options, 1)?;
                    options.push(o);
                }
            }
        }
        Ok(Residual {
            problem: rest,
            items,
            options,
            contradictory,
        })
    }
}
