//! Splitting a search into subproblems, for counting on many cores or
//! machines.
//!
//! * [`Subproblem`]: a node of the search tree, named by its path of
//!   choices from the root ("option 2 of 5, then 1 of 3", as Knuth's
//!   progress reports print positions): its subtree holds exactly the
//!   solutions that choose the path's options.
//! * [`Solver::subproblems`] lists the nodes at one depth (and the
//!   solutions above it); [`Solver::split`] goes deeper until there are at
//!   least as many as asked. Their subtrees are disjoint and hold every
//!   solution, so their counts add up to the whole count.
//! * [`Solver::select_path`] selects a subproblem's options on a solver,
//!   so that one solver (one arena) counts subproblem after subproblem.
//! * [`Part`]: part `k` of `n`, the same share of a split on every machine.
//!
//! The subproblems branch as the search does (the item with the fewest
//! options, the first on ties), after whatever is selected already; the
//! split is a function of the problem, the selection and the depth alone.
//!
//! ```
//! use exactcover::{Solver, problems::queens};
//!
//! let problem = queens(6);
//! let mut solver = Solver::new(&problem);
//! let parts = solver.split(10, 1_000)?;
//! assert!(parts.len() >= 10);
//! let mut total = 0;
//! for sub in &parts {
//!     solver.clear_selection();
//!     solver.select_path(sub)?;
//!     total += solver.count_solutions(None).solutions;
//! }
//! assert_eq!(total, 4); // OEIS A000170
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::engine::{Choice, SelectError, Solver};
use crate::problem::Problem;

/// A node of the search tree: the options chosen on the way to it, each
/// with its place among the options of the item the search branched on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Subproblem {
    /// The options chosen, from the root down.
    pub options: Vec<usize>,
    /// For each option, `(k, d)`: it was the `k`-th (from 1) of `d`.
    pub positions: Vec<(usize, usize)>,
}

impl Subproblem {
    /// The share of the search tree below this node by Knuth's estimate:
    /// the product of `1 / d` along the path (1 for the root).
    ///
    /// ```
    /// let root = exactcover::scale::Subproblem::default();
    /// assert_eq!(root.share(), 1.0);
    /// ```
    #[must_use]
    pub fn share(&self) -> f64 {
        self.positions
            .iter()
            .map(|&(_, d)| 1.0 / d as f64)
            .product()
    }

    /// The depth of the node: how many options its path chooses.
    ///
    /// ```
    /// assert_eq!(exactcover::scale::Subproblem::default().depth(), 0);
    /// ```
    #[must_use]
    pub fn depth(&self) -> usize {
        self.options.len()
    }
}

/// Written as its positions, `k/d` at each level joined by `,`, then `=`
/// and the options joined by `,` (`-` for the root): `2/5,1/3=7,12`.
///
/// ```
/// use exactcover::scale::Subproblem;
/// let sub: Subproblem = "2/5,1/3=7,12".parse()?;
/// assert_eq!(sub.options, [7, 12]);
/// assert_eq!(sub.positions, [(2, 5), (1, 3)]);
/// assert_eq!(sub.to_string(), "2/5,1/3=7,12");
/// # Ok::<(), exactcover::scale::PathError>(())
/// ```
impl fmt::Display for Subproblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.options.is_empty() {
            return write!(f, "-");
        }
        for (j, (k, d)) in self.positions.iter().enumerate() {
            write!(f, "{}{k}/{d}", if j > 0 { "," } else { "" })?;
        }
        write!(f, "=")?;
        for (j, o) in self.options.iter().enumerate() {
            write!(f, "{}{o}", if j > 0 { "," } else { "" })?;
        }
        Ok(())
    }
}

impl FromStr for Subproblem {
    type Err = PathError;

    fn from_str(text: &str) -> Result<Subproblem, PathError> {
        if text == "-" {
            return Ok(Subproblem::default());
        }
        let bad = |what: &'static str| PathError {
            text: text.chars().take(80).collect(),
            what,
        };
        let (positions, options) = text.split_once('=').ok_or(bad("no '='"))?;
        let positions: Vec<(usize, usize)> = positions
            .split(',')
            .map(|p| {
                let (k, d) = p.split_once('/')?;
                let (k, d) = (k.parse().ok()?, d.parse().ok()?);
                (1..=d).contains(&k).then_some((k, d))
            })
            .collect::<Option<_>>()
            .ok_or(bad("a position that is not k/d with 1 <= k <= d"))?;
        let options: Vec<usize> = options
            .split(',')
            .map(|o| o.parse().ok())
            .collect::<Option<_>>()
            .ok_or(bad("an option that is not a number"))?;
        if options.len() != positions.len() {
            return Err(bad("as many positions as options"));
        }
        Ok(Subproblem { options, positions })
    }
}

/// A [`Subproblem`]'s text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    /// The text (its first 80 characters).
    pub text: String,
    /// What is wrong.
    pub what: &'static str,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad subproblem '{}': {}", self.text, self.what)
    }
}

impl std::error::Error for PathError {}

/// A split would have more subproblems than the caller allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManySubproblems {
    /// The allowed number.
    pub max: usize,
    /// The depth at which it was passed.
    pub depth: usize,
}

impl fmt::Display for TooManySubproblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "more than {} subproblems at depth {}: ask for a smaller depth or allow more",
            self.max, self.depth
        )
    }
}

impl std::error::Error for TooManySubproblems {}

/// Part `k` of `n` (`0 <= k < n`): of a list of subproblems, those whose
/// place `i` has `i % n == k`, so that neighbours in the tree, which tend
/// to be alike, go to different parts.
///
/// ```
/// use exactcover::scale::Part;
/// let part: Part = "2/5".parse()?;
/// assert_eq!((part.k(), part.n()), (2, 5));
/// assert!(part.holds(7) && !part.holds(8));
/// assert!("5/5".parse::<Part>().is_err());
/// # Ok::<(), exactcover::scale::PartError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    k: usize,
    n: usize,
}

impl Part {
    /// Part `k` of `n`, or an error unless `k < n`.
    ///
    /// ```
    /// assert!(exactcover::scale::Part::new(0, 1).is_ok());
    /// assert!(exactcover::scale::Part::new(1, 1).is_err());
    /// ```
    pub fn new(k: usize, n: usize) -> Result<Part, PartError> {
        if k < n {
            Ok(Part { k, n })
        } else {
            Err(PartError::OutOfRange { k, n })
        }
    }

    /// The whole: part 0 of 1.
    ///
    /// ```
    /// assert!(exactcover::scale::Part::whole().holds(12));
    /// ```
    #[must_use]
    pub fn whole() -> Part {
        Part { k: 0, n: 1 }
    }

    /// Which part this is, from 0.
    #[must_use]
    pub fn k(&self) -> usize {
        self.k
    }

    /// How many parts there are.
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether the subproblem at place `i` of a split belongs to this part.
    #[must_use]
    pub fn holds(&self, i: usize) -> bool {
        i % self.n == self.k
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Part {
    type Err = PartError;

    fn from_str(text: &str) -> Result<Part, PartError> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| PartError::Syntax(text.chars().take(40).collect()))?;
        let number = |t: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| PartError::Syntax(text.chars().take(40).collect()))
        };
        Part::new(number(k)?, number(n)?)
    }
}

/// A part that cannot be: not `K/N`, or not `0 <= K < N`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PartError {
    /// Not of the form `K/N` with two numbers.
    Syntax(String),
    /// `K` is not below `N`.
    OutOfRange {
        /// The part asked for.
        k: usize,
        /// The number of parts.
        n: usize,
    },
}

impl fmt::Display for PartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartError::Syntax(t) => write!(f, "'{t}' is not a part K/N"),
            PartError::OutOfRange { k, n } => {
                write!(
                    f,
                    "part {k}/{n}: K must be below N (parts are numbered from 0)"
                )
            }
        }
    }
}

impl std::error::Error for PartError {}

impl Solver {
    /// The subproblems at `depth` below the current selection, and the
    /// solutions found above it (as subproblems with nothing left to
    /// choose), in the order the search meets them; dead ends are left out.
    /// The selection is unchanged afterwards.
    ///
    /// # Errors
    ///
    /// [`TooManySubproblems`] past `max` of them (memory stays bounded).
    ///
    /// ```
    /// use exactcover::{Solver, problems::queens};
    /// let mut solver = Solver::new(&queens(4));
    /// let level1 = solver.subproblems(1, 100)?;
    /// // The search branches on an item with 4 options...
    /// assert_eq!(level1.len(), 4);
    /// assert_eq!(level1[0].positions, [(1, 4)]);
    /// # Ok::<(), exactcover::scale::TooManySubproblems>(())
    /// ```
    pub fn subproblems(
        &mut self,
        depth: usize,
        max: usize,
    ) -> Result<Vec<Subproblem>, TooManySubproblems> {
        let mut out = Vec::new();
        let mut over = false;
        self.frontier(depth, |path: &[Choice]| {
            if out.len() >= max {
                over = true;
                return;
            }
            out.push(Subproblem {
                options: path.iter().map(|c| c.option).collect(),
                positions: path.iter().map(|c| (c.k, c.of)).collect(),
            });
        });
        if over {
            return Err(TooManySubproblems { max, depth });
        }
        Ok(out)
    }

    /// The subproblems at the smallest depth that has at least `at_least`
    /// of them (or at the depth where the tree stops growing), as
    /// [`Solver::subproblems`] lists them.
    ///
    /// # Errors
    ///
    /// [`TooManySubproblems`] past `max` of them.
    ///
    /// ```
    /// use exactcover::{Solver, problems::langford};
    /// let mut solver = Solver::new(&langford(7));
    /// let subs = solver.split(50, 10_000)?;
    /// assert!(subs.len() >= 50);
    /// # Ok::<(), exactcover::scale::TooManySubproblems>(())
    /// ```
    pub fn split(
        &mut self,
        at_least: usize,
        max: usize,
    ) -> Result<Vec<Subproblem>, TooManySubproblems> {
        let mut depth = 0;
        let mut subs = self.subproblems(0, max)?;
        while subs.len() < at_least {
            let deeper = self.subproblems(depth + 1, max)?;
            // The tree has stopped growing: every node is a solution or a
            // dead end.
            let grew = deeper.iter().any(|s| s.depth() > depth);
            subs = deeper;
            depth += 1;
            if !grew {
                break;
            }
        }
        Ok(subs)
    }

    /// Selects the options of `sub`'s path, in order, after the current
    /// selection.
    ///
    /// # Errors
    ///
    /// As [`Solver::select`]: a path from another problem or selection may
    /// conflict.
    ///
    /// ```
    /// use exactcover::{Solver, problems::queens};
    /// let mut solver = Solver::new(&queens(5));
    /// let subs = solver.subproblems(2, 1_000)?;
    /// solver.select_path(&subs[0])?;
    /// assert_eq!(solver.selection_len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn select_path(&mut self, sub: &Subproblem) -> Result<(), SelectError> {
        for &option in &sub.options {
            self.select(option)?;
        }
        Ok(())
    }
}

impl Subproblem {
    /// The problem that is left once the options of `selection` and then
    /// of this path are chosen: the primary items they cover are gone, and
    /// so are the secondary items they cover without a colour; the options
    /// that clash with them (that share a covered item, or give a coloured
    /// item another colour or none) are gone too. Its count is the
    /// subproblem's count, so any exact-cover solver can count it. When
    /// nothing is left to cover, it is a problem with one solution: a
    /// primary item `done` (renamed if that name is taken) and one option.
    ///
    /// Items keep their names; colours their names and numbers.
    ///
    /// ```
    /// use exactcover::{Solver, problems::queens};
    /// let problem = queens(6);
    /// let mut solver = Solver::new(&problem);
    /// let mut total = 0;
    /// for sub in solver.subproblems(2, 1_000)? {
    ///     let rest = sub.residual(&problem, &[]);
    ///     total += Solver::new(&rest).count_solutions(None).solutions;
    /// }
    /// assert_eq!(total, 4);
    /// # Ok::<(), exactcover::scale::TooManySubproblems>(())
    /// ```
    #[must_use]
    pub fn residual(&self, problem: &Problem, selection: &[usize]) -> Problem {
        /// What the chosen options did to an item.
        #[derive(Clone, Copy, PartialEq)]
        enum State {
            Free,
            Covered,
            Coloured(usize),
        }
        let mut state = vec![State::Free; problem.item_count()];
        for &o in selection.iter().chain(&self.options) {
            let (Some(items), Some(colours)) = (problem.option(o), problem.option_colours(o))
            else {
                continue;
            };
            for (&i, c) in items.iter().zip(colours) {
                state[i] = match c {
                    Some(c) => State::Coloured(c),
                    None => State::Covered,
                };
            }
        }
        let mut rest = Problem::new();
        for c in 0..problem.colour_count() {
            let _ = rest.colour(problem.colour_name(c).unwrap_or("?"));
        }
        let mut new = vec![usize::MAX; problem.item_count()];
        let mut names = std::collections::HashSet::new();
        for i in 0..problem.item_count() {
            let primary = problem.is_primary(i);
            let keep = match state[i] {
                State::Free => true,
                State::Covered => false,
                State::Coloured(_) => !primary,
            };
            if !keep {
                continue;
            }
            let name = problem.item_label(i);
            let added = if primary {
                rest.add_primary(&name)
            } else {
                rest.add_secondary(&name)
            };
            if let Ok(k) = added {
                new[i] = k;
                names.insert(name);
            }
        }
        for o in 0..problem.option_count() {
            let (Some(items), Some(colours)) = (problem.option(o), problem.option_colours(o))
            else {
                continue;
            };
            let colours: Vec<Option<usize>> = colours.collect();
            let fits = items.iter().zip(&colours).all(|(&i, &c)| match state[i] {
                State::Free => true,
                State::Covered => false,
                State::Coloured(given) => c == Some(given),
            });
            if fits
                && items
                    .iter()
                    .any(|&i| problem.is_primary(i) && new[i] != usize::MAX)
            {
                let entries = items.iter().zip(colours).map(|(&i, c)| (new[i], c));
                let _ = rest.add_coloured_option(entries);
            }
        }
        if rest.primary_count() == 0 {
            // Nothing left to choose: one solution, the empty one, written
            // as a problem that any solver counts as 1.
            let mut name = String::from("done");
            while names.contains(&name) {
                name.push('_');
            }
            let mut done = Problem::new();
            if let Ok(d) = done.add_primary(&name) {
                let _ = done.add_option([d]);
            }
            return done;
        }
        rest
    }
}
