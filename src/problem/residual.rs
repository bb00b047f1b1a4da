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
//! let rest = problem.residual(&[3]);
//! assert_eq!(rest.items, [1, 2]); // b and c are left
//! assert_eq!(rest.options, [1, 2]); // {c} and {b, c}: {a, b} clashes with {a}
//! assert_eq!(rest.problem.item_name(0), Some("b"));
//! assert_eq!(Solver::new(&rest.problem).count_solutions(None).solutions, 1);
//! # Ok::<(), exactcover::ProblemError>(())
//! ```

use crate::problem::{ItemKind, Problem};

/// The problem that is left once some options are chosen (see
/// [`Problem::residual`]), and where its items and options come from.
///
/// ```
/// let mut problem = exactcover::Problem::new();
/// problem.add_primary_items(2);
/// problem.add_option([0])?;
/// problem.add_option([1])?;
/// let rest = problem.residual(&[0]);
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
    /// When the chosen options clash, the residual keeps the items that are
    /// left and has no options (see [`Residual::contradictory`]).
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(3);
    /// for option in [&[0, 1][..], &[2], &[1, 2], &[0]] {
    ///     problem.add_option(option.iter().copied())?;
    /// }
    /// let rest = problem.residual(&[1]); // {2} chosen
    /// assert_eq!(rest.problem.item_name(0), Some("#0"));
    /// assert_eq!(rest.options, [0, 3]);
    /// assert_eq!(Solver::new(&rest.problem).count_solutions(None).solutions, 1);
    /// assert!(problem.residual(&[1, 2]).contradictory);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn residual(&self, chosen: &[usize]) -> Residual {
        self.residual_named(chosen, |item| self.item_label(item))
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
    /// let rest = problem.residual_named(&[0], |item| format!("cell {item}"));
    /// assert_eq!(rest.problem.item_name(0), Some("cell 1"));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn residual_named(
        &self,
        chosen: &[usize],
        mut name: impl FnMut(usize) -> String,
    ) -> Residual {
        let mut state = vec![State::Free; self.item_count()];
        let mut contradictory = false;
        for &o in chosen {
            let (Some(items), Some(colours)) = (self.option(o), self.option_colours(o)) else {
                continue;
            };
            for (&i, c) in items.iter().zip(colours) {
                let now = match c {
                    Some(c) => State::Coloured(c),
                    None => State::Covered,
                };
                let before = std::mem::replace(&mut state[i], now);
                contradictory |= before != State::Free && (before != now || now == State::Covered);
            }
        }
        let mut rest = Problem::new();
        for c in 0..self.colour_count() {
            let _ = rest.colour(self.colour_name(c).unwrap_or("?"));
        }
        let mut new = vec![usize::MAX; self.item_count()];
        let mut items = Vec::new();
        for (i, &s) in state.iter().enumerate() {
            let primary = self.is_primary(i);
            let keep = match s {
                State::Free => true,
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
                Err(_) => rest.add_unnamed(1, kind).start,
            };
            items.push(i);
        }
        let mut options = Vec::new();
        if !contradictory {
            for o in 0..self.option_count() {
                let (Some(entries), Some(colours)) = (self.option(o), self.option_colours(o))
                else {
                    continue;
                };
                let colours: Vec<Option<usize>> = colours.collect();
                let fits = entries.iter().zip(&colours).all(|(&i, &c)| match state[i] {
                    State::Free => true,
                    State::Covered => false,
                    State::Coloured(given) => c == Some(given),
                });
                if fits && entries.iter().any(|&i| self.is_primary(i)) {
                    let mapped = entries.iter().zip(colours).map(|(&i, c)| (new[i], c));
                    // Every item of a fitting option is kept, once: this
                    // cannot fail.
                    if let Ok(k) = rest.add_coloured_option(mapped) {
                        let _ = rest.set_option_cost(k, self.option_cost(o).unwrap_or(0));
                        options.push(o);
                    }
                }
            }
        }
        Residual {
            problem: rest,
            items,
            options,
            contradictory,
        }
    }
}
