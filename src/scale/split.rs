//! Splitting a search into subproblems, for counting on many cores or
//! machines.
//!
//! * [`Subproblem`]: a node of the search tree, named by its path of
//!   choices from the root ("option 2 of 5, then 1 of 3", as Knuth's
//!   progress reports print positions): its subtree holds exactly the
//!   solutions that choose the path's options.
//! * [`Solver::subproblems`] lists the nodes at one depth (and the
//!   solutions above it); [`Solver::split`] and [`Solver::split_within`]
//!   go deeper until there are at least as many as asked (within a budget,
//!   and never more than a maximum: a [`Split`]). Their subtrees are
//!   disjoint and hold every solution, so their counts add up to the whole
//!   count.
//! * [`Solver::select_path`] selects a subproblem's options on a solver,
//!   so that one solver (one arena) counts subproblem after subproblem.
//! * [`Part`]: part `k` of `n`, the same share of a split on every machine.
//!
//! The subproblems branch as the search does (the item with the fewest
//! options, the first on ties), after whatever is selected already; the
//! split is a function of the problem, the selection and the depth alone.
//!
//! ```
//! use exactcover::Solver;
//! use exactcover::problem::classic::queens;
//!
//! let problem = queens(6);
//! let mut solver = Solver::new(&problem);
//! let parts = solver.split(10, 1_000);
//! assert!(parts.len() >= 10);
//! let mut total = 0;
//! for sub in &parts {
//!     solver.clear_selection();
//!     solver.select_path(sub)?;
//!     total += solver.count(None)?.solutions;
//! }
//! assert_eq!(total, 4); // OEIS A000170
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::cell::Cell;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::engine::{Budget, Choice, Interruption, Observer, SelectError, Solver, Stats};
use crate::problem::Problem;

/// A node of the search tree: the options chosen on the way to it, each
/// with its place among the branches of the item the search branched on;
/// and, with bounds (Algorithm M), the options the way rules out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Subproblem {
    /// The options chosen, from the root down.
    pub options: Vec<usize>,
    /// For each option, `(k, d)`: it was the `k`-th (from 1) of `d`.
    pub positions: Vec<(usize, usize)>,
    /// The options ruled out on the way (empty but with bounds): Algorithm
    /// M, branching on an item that more than one option may cover, rules
    /// out in its `k`-th branch the `k - 1` options of the item tried
    /// before, and in its null branch (the item takes no more options,
    /// which chooses no option and so is no step of the path) all of them.
    /// The subproblem's solutions are those that hold every option of
    /// `options` and none of `excluded`.
    pub excluded: Vec<usize>,
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
/// and the options joined by `,` (`-` for the root), then when it rules
/// out options, `!` and those joined by `,`: `2/5,1/3=7,12`,
/// `2/3=9!4` (with bounds: the second branch rules out the first).
///
/// ```
/// use exactcover::scale::Subproblem;
/// let sub: Subproblem = "2/5,1/3=7,12".parse()?;
/// assert_eq!(sub.options, [7, 12]);
/// assert_eq!(sub.positions, [(2, 5), (1, 3)]);
/// assert_eq!(sub.to_string(), "2/5,1/3=7,12");
/// let ruled: Subproblem = "2/3=9!4".parse()?;
/// assert_eq!(ruled.excluded, [4]);
/// assert_eq!(ruled.to_string(), "2/3=9!4");
/// # Ok::<(), exactcover::scale::PathError>(())
/// ```
impl fmt::Display for Subproblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.options.is_empty() {
            write!(f, "-")?;
        }
        for (j, (k, d)) in self.positions.iter().enumerate() {
            write!(f, "{}{k}/{d}", if j > 0 { "," } else { "" })?;
        }
        if !self.options.is_empty() {
            write!(f, "=")?;
        }
        for (j, o) in self.options.iter().enumerate() {
            write!(f, "{}{o}", if j > 0 { "," } else { "" })?;
        }
        for (j, o) in self.excluded.iter().enumerate() {
            write!(f, "{}{o}", if j > 0 { "," } else { "!" })?;
        }
        Ok(())
    }
}

impl FromStr for Subproblem {
    type Err = PathError;

    fn from_str(text: &str) -> Result<Subproblem, PathError> {
        let bad = |what: &'static str| PathError {
            text: text.chars().take(80).collect(),
            what,
        };
        let (path, excluded) = match text.split_once('!') {
            Some((path, excluded)) => {
                let excluded: Vec<usize> = excluded
                    .split(',')
                    .map(|o| o.parse().ok())
                    .collect::<Option<_>>()
                    .ok_or(bad("a ruled-out option that is not a number"))?;
                (path, excluded)
            }
            None => (text, Vec::new()),
        };
        if path == "-" {
            return Ok(Subproblem {
                excluded,
                ..Subproblem::default()
            });
        }
        let text = path;
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
        Ok(Subproblem {
            options,
            positions,
            excluded,
        })
    }
}

/// A [`Subproblem`]'s text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
#[non_exhaustive]
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
            "more than {} subproblems at depth {}",
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
    /// use exactcover::Solver;
    /// use exactcover::problem::classic::queens;
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
        match self.subproblems_until(depth, max, || false) {
            Some(Ok(out)) => Ok(out),
            _ => Err(TooManySubproblems { max, depth }),
        }
    }

    /// [`Solver::subproblems`], asking `stop` before each child is entered
    /// (every node of the walk): `None` when it said to stop. Past `max`
    /// the walk stops at once too, with the error.
    fn subproblems_until(
        &mut self,
        depth: usize,
        max: usize,
        mut stop: impl FnMut() -> bool,
    ) -> Option<Result<Vec<Subproblem>, TooManySubproblems>> {
        let mut out = Vec::new();
        let over = Cell::new(false);
        let finished = self.frontier(
            depth,
            || over.get() || stop(),
            |path: &[Choice], excluded: &[usize]| {
                if out.len() >= max {
                    over.set(true);
                    return;
                }
                out.push(Subproblem {
                    options: path.iter().map(|c| c.option).collect(),
                    positions: path.iter().map(|c| (c.k, c.of)).collect(),
                    excluded: excluded.to_vec(),
                });
            },
        );
        if over.get() {
            return Some(Err(TooManySubproblems { max, depth }));
        }
        finished.then_some(Ok(out))
    }

    /// The split of the search tree into at least `at_least` subproblems
    /// and at most `max` (see [`Solver::split_within`]), with no budget.
    ///
    /// ```
    /// use exactcover::Solver;
    /// use exactcover::problem::classic::langford;
    /// let mut solver = Solver::new(&langford(7));
    /// let subs = solver.split(50, 10_000);
    /// assert!(subs.len() >= 50);
    /// ```
    pub fn split(&mut self, at_least: usize, max: usize) -> Vec<Subproblem> {
        self.split_within(at_least, max, &Budget::new()).subproblems
    }

    /// Splits the search tree below the current selection into at least
    /// `at_least` subproblems where it can, and never more than `max`,
    /// within `budget` (its node limit, deadline and cancellation flag).
    ///
    /// The split goes down level by level, each level the one before with
    /// every node replaced by its children in order (solutions above stay
    /// as they are, dead ends go), and stops at the first level with at
    /// least `at_least` nodes, or when the tree stops growing. A level that
    /// would pass `max` nodes, or (judged from the nodes expanded so far)
    /// [`SPREAD`] times `at_least`, is not made whole: the nodes of the
    /// level before are expanded in order only until there are `at_least`,
    /// the rest kept whole. The split is a function of the problem, the
    /// selection, `at_least` and `max` alone, so every machine makes the
    /// same.
    ///
    /// Its statistics count the options entered (nodes) and the link
    /// updates of making it. The selection is as before afterwards.
    ///
    /// ```
    /// use exactcover::{Budget, Solver};
    /// use exactcover::problem::classic::queens;
    /// let mut solver = Solver::new(&queens(8));
    /// let split = solver.split_within(64, 1 << 20, &Budget::new());
    /// assert!(split.subproblems.len() >= 64);
    /// assert!(split.stats.nodes > 0 && split.interrupted.is_none());
    /// let none = solver.split_within(64, 1 << 20, &Budget::new().with_max_nodes(0));
    /// assert!(none.interrupted.is_some() && none.subproblems.is_empty());
    /// ```
    pub fn split_within(&mut self, at_least: usize, max: usize, budget: &Budget) -> Split {
        let saved = self.budget().clone();
        let mut walk = Walk {
            solver: self,
            path: Selected::default(),
            stats: Stats::default(),
            max_nodes: budget.max_nodes(),
            deadline: budget.deadline_from(Instant::now()),
            cancel: budget.cancel_flag().cloned(),
        };
        let made = walk.split(at_least.max(1), max.max(1));
        walk.leave();
        let stats = walk.stats;
        self.set_budget(saved);
        match made {
            Ok(subproblems) => Split {
                subproblems,
                stats,
                interrupted: None,
            },
            Err(why) => Split {
                subproblems: Vec::new(),
                stats,
                interrupted: Some(why),
            },
        }
    }

    /// Selects the options of `sub`'s path, in order, after the current
    /// selection, having ruled out those it excludes (with bounds).
    ///
    /// # Errors
    ///
    /// As [`Solver::select`]: a path from another problem or selection may
    /// conflict.
    ///
    /// ```
    /// use exactcover::Solver;
    /// use exactcover::problem::classic::queens;
    /// let mut solver = Solver::new(&queens(5));
    /// let subs = solver.subproblems(2, 1_000)?;
    /// solver.select_path(&subs[0])?;
    /// assert_eq!(solver.selection_len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn select_path(&mut self, sub: &Subproblem) -> Result<(), SelectError> {
        for &option in &sub.excluded {
            self.exclude(option)?;
        }
        for &option in &sub.options {
            self.select(option)?;
        }
        Ok(())
    }
}

/// How far past `at_least` a whole level of a split may go: a level that
/// would hold more than `SPREAD` times `at_least` nodes is made only in
/// part (see [`Solver::split_within`]). Branching factors above 16 are rare
/// in the problems that are worth splitting, so most splits are whole
/// levels; the exceptions are trees with a very wide level, where a whole
/// level would cost far more to make than to count.
pub const SPREAD: usize = 16;

/// A split made by [`Solver::split_within`].
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Split {
    /// The subproblems, in the order the search meets them (none when the
    /// split was interrupted: half a split would differ from machine to
    /// machine).
    pub subproblems: Vec<Subproblem>,
    /// The options entered (`nodes`), the link updates and the depth of
    /// making the split; `solutions` stays 0.
    pub stats: Stats,
    /// Why the split stopped before it was made, if it did.
    pub interrupted: Option<Interruption>,
}

/// The path selected on a solver after its base selection (see [`go_to`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Selected {
    options: Vec<usize>,
    excluded: Vec<usize>,
    /// The selection entries made for them (every option, and the
    /// exclusions that took effect).
    entries: usize,
}

/// Selects `target`'s path after the base selection of `solver`, where
/// `current` holds the path selected after the base: without exclusions,
/// the options they share at the start stay, the rest are unselected, the
/// new ones selected; with exclusions (Algorithm M) the whole path is
/// unselected and `target`'s ruled out and selected anew.
pub(crate) fn go_to(
    solver: &mut Solver,
    current: &mut Selected,
    target: &Subproblem,
) -> Result<(), SelectError> {
    let common = if current.excluded.is_empty() && target.excluded.is_empty() {
        current
            .options
            .iter()
            .zip(&target.options)
            .take_while(|(a, b)| a == b)
            .count()
    } else {
        0
    };
    while current.entries > common {
        solver.unselect_last();
        current.entries -= 1;
    }
    current.options.truncate(common);
    current.excluded.clear();
    if common == 0 {
        for &option in &target.excluded {
            current.entries += usize::from(solver.exclude(option)?);
        }
        current.excluded.clone_from(&target.excluded);
    }
    for &option in &target.options[common..] {
        solver.select(option)?;
        current.options.push(option);
        current.entries += 1;
    }
    Ok(())
}

/// Hears the first item a search branches on, and its options.
struct Branching(Option<usize>);

impl Observer for Branching {
    fn choose(&mut self, level: usize, _item: usize, options: usize) {
        if level == 0 && self.0.is_none() {
            self.0 = Some(options);
        }
    }
}

/// A split being made: the solver, the path selected after its base
/// selection, and the budget.
struct Walk<'s> {
    solver: &'s mut Solver,
    path: Selected,
    stats: Stats,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

/// What one level deeper gave.
enum Deeper {
    /// The whole next level, and whether any node of it is deeper than
    /// the level before (else the tree has stopped growing).
    Whole(Vec<Subproblem>, bool),
    /// The level before, expanded only in part: the split.
    Partial(Vec<Subproblem>),
}

impl Walk<'_> {
    /// The split (see [`Solver::split_within`]).
    fn split(&mut self, at_least: usize, max: usize) -> Result<Vec<Subproblem>, Interruption> {
        let at_least = at_least.min(max);
        // The root, unless it is a dead end.
        let mut level = self.solver.subproblems(0, 1).unwrap_or_default();
        let mut depth = 0;
        while level.len() < at_least {
            match self.deeper(&level, depth, at_least, max)? {
                Deeper::Whole(next, grew) => {
                    level = next;
                    depth += 1;
                    if !grew {
                        break;
                    }
                }
                Deeper::Partial(split) => return Ok(split),
            }
        }
        Ok(level)
    }

    /// The level after `level` (whose nodes are at `depth`, or above it
    /// when they are solutions), or the split made of `level` in part when
    /// the next one would be too large.
    fn deeper(
        &mut self,
        level: &[Subproblem],
        depth: usize,
        at_least: usize,
        max: usize,
    ) -> Result<Deeper, Interruption> {
        let cap = max.min(at_least.saturating_mul(SPREAD));
        let mut families: Vec<Vec<Subproblem>> = Vec::new();
        let (mut made, mut grew) = (0usize, false);
        for (j, node) in level.iter().enumerate() {
            // A node whose children alone would pass the cap is not made
            // whole (the root too): `partial` makes it in part.
            let room = cap.saturating_sub(made + level.len() - j - 1);
            let Some(children) = self.children(node, depth, room)? else {
                return self.partial(level, families, depth, at_least, max);
            };
            grew |= children.iter().any(|c| c.depth() > depth);
            made += children.len();
            families.push(children);
            let (done, rest) = (j + 1, level.len() - j - 1);
            let projected = made as u128 * level.len() as u128 / done as u128;
            if made + rest > max || projected > cap as u128 {
                return self.partial(level, families, depth, at_least, max);
            }
        }
        Ok(Deeper::Whole(families.concat(), grew))
    }

    /// `level` with its first nodes replaced by their children (the
    /// `families` known already, then more), only until it has `at_least`
    /// nodes, and never more than `max`. A node whose children would pass
    /// `max` or [`SPREAD`] times `at_least` (the root of a very wide first
    /// level, say) is itself made in part: its first branches, just enough
    /// of them, and the node with their options ruled out (see
    /// [`Walk::first_children`]).
    fn partial(
        &mut self,
        level: &[Subproblem],
        families: Vec<Vec<Subproblem>>,
        depth: usize,
        at_least: usize,
        max: usize,
    ) -> Result<Deeper, Interruption> {
        let limit = max.min(at_least.saturating_mul(SPREAD));
        let mut families = families.into_iter();
        let mut total = level.len();
        let mut split = Vec::new();
        let mut j = 0;
        while j < level.len() && total < at_least {
            let room = limit.saturating_sub(total - 1);
            let children = match families.next() {
                Some(known) => (known.len() <= room).then_some(known),
                None => self.children(&level[j], depth, room)?,
            };
            if let Some(children) = children {
                total = total - 1 + children.len();
                split.extend(children);
                j += 1;
                continue;
            }
            if let Some(some) = self.first_children(&level[j], depth, at_least - total)? {
                split.extend(some);
                j += 1;
            }
            break;
        }
        split.extend_from_slice(&level[j..]);
        Ok(Deeper::Partial(split))
    }

    /// Why the split must stop now, if it must: its cancel flag, or its
    /// deadline passed.
    fn stopped(cancel: Option<&AtomicBool>, deadline: Option<Instant>) -> Option<Interruption> {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Some(Interruption::Cancelled);
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Interruption::Deadline);
        }
        None
    }

    /// The children of `node` in the search tree (`node` itself when it
    /// is a solution above `depth`), counting the options entered; `None`
    /// when it branches into more than `room` options, which are then not
    /// made (its width is known before its children are made: a node too
    /// wide, the root too, is made in part by [`Walk::first_children`]). The flag and the
    /// deadline are looked at before every child, as the search does.
    fn children(
        &mut self,
        node: &Subproblem,
        depth: usize,
        room: usize,
    ) -> Result<Option<Vec<Subproblem>>, Interruption> {
        if node.depth() < depth {
            return Ok(Some(vec![node.clone()]));
        }
        if let Some(why) = Walk::stopped(self.cancel.as_deref(), self.deadline) {
            return Err(why);
        }
        let before = self.solver.stats().updates;
        if go_to(self.solver, &mut self.path, node).is_err() {
            // Cannot happen: the path came from this selection. Kept whole.
            return Ok(Some(vec![node.clone()]));
        }
        let selected = self.solver.stats().updates;
        // The options the node branches into, entered all at once below:
        // known before, so that a node limit is never passed.
        let mut branching = Branching(None);
        self.solver.set_budget(Budget::new().with_max_nodes(0));
        self.solver
            .visit_observed(&mut branching, |_| ControlFlow::Continue(()));
        let entered = branching.0.unwrap_or(0) as u64;
        let probed = self.solver.stats().updates;
        if usize::try_from(entered).map_or(true, |e| e > room) {
            return Ok(None);
        }
        if self
            .max_nodes
            .is_some_and(|max| self.stats.nodes.saturating_add(entered) > max)
        {
            return Err(Interruption::NodeLimit);
        }
        let (cancel, deadline) = (self.cancel.as_deref(), self.deadline);
        let (mut why, mut asked) = (None, 0u64);
        let below = self.solver.subproblems_until(1, usize::MAX, || {
            asked += 1;
            why = Walk::stopped(cancel, deadline);
            why.is_some()
        });
        let Some(below) = below else {
            // The children entered before the stop (it was asked before
            // each, and once more).
            self.stats.nodes += asked - 1;
            return Err(why.unwrap_or(Interruption::Cancelled));
        };
        let below = below.unwrap_or_default();
        let after = self.solver.stats().updates;
        self.stats.nodes += entered;
        self.stats.updates = self.stats.updates.saturating_add(
            selected.saturating_sub(before) + probed + after.saturating_sub(probed),
        );
        let children: Vec<Subproblem> = below
            .into_iter()
            .map(|c| Subproblem {
                options: node.options.iter().chain(&c.options).copied().collect(),
                positions: node.positions.iter().chain(&c.positions).copied().collect(),
                excluded: node.excluded.iter().chain(&c.excluded).copied().collect(),
            })
            .collect();
        let deepest = children.iter().map(Subproblem::depth).max().unwrap_or(0);
        self.stats.max_depth = self.stats.max_depth.max(deepest);
        Ok(Some(children))
    }

    /// `node` made in part: the children of its first `take` branches (as
    /// in [`Walk::children`]; dead ends left out), then `node` itself with
    /// the options those children chose ruled out, which holds the
    /// solutions of the branches not taken. The two add up to `node`:
    /// every solution of `node` holds an option of the item it branches on
    /// (or, with bounds, none: the null branch, last, is never taken), and
    /// lies below the branch of the first such option in its list, which a
    /// taken child chose, or a dead end (impossible), or a branch not
    /// taken, whose solutions hold none of the options of the branches
    /// before. `None` (nothing made) when that would not leave at least
    /// two branches in the rest, or for a solution above `depth`.
    fn first_children(
        &mut self,
        node: &Subproblem,
        depth: usize,
        take: usize,
    ) -> Result<Option<Vec<Subproblem>>, Interruption> {
        if node.depth() < depth || take == 0 {
            return Ok(None);
        }
        if let Some(why) = Walk::stopped(self.cancel.as_deref(), self.deadline) {
            return Err(why);
        }
        let before = self.solver.stats().updates;
        if go_to(self.solver, &mut self.path, node).is_err() {
            return Ok(None);
        }
        let selected = self.solver.stats().updates;
        let mut branching = Branching(None);
        self.solver.set_budget(Budget::new().with_max_nodes(0));
        self.solver
            .visit_observed(&mut branching, |_| ControlFlow::Continue(()));
        let branches = branching.0.unwrap_or(0);
        let probed = self.solver.stats().updates;
        if take.saturating_add(1) >= branches {
            return Ok(None);
        }
        if self
            .max_nodes
            .is_some_and(|max| self.stats.nodes.saturating_add(take as u64) > max)
        {
            return Err(Interruption::NodeLimit);
        }
        let (cancel, deadline) = (self.cancel.as_deref(), self.deadline);
        let (mut why, mut asked) = (None, 0usize);
        let mut below: Vec<Subproblem> = Vec::new();
        // Asked before each branch is entered: the `take + 1`-th is not.
        // Below a branch nothing is entered (depth 1), and the null branch
        // (with bounds), after every option's, is never reached.
        self.solver.frontier(
            1,
            || {
                asked += 1;
                if asked > take {
                    return true;
                }
                why = Walk::stopped(cancel, deadline);
                why.is_some()
            },
            |path: &[Choice], excluded: &[usize]| {
                below.push(Subproblem {
                    options: node
                        .options
                        .iter()
                        .copied()
                        .chain(path.iter().map(|c| c.option))
                        .collect(),
                    positions: node
                        .positions
                        .iter()
                        .copied()
                        .chain(path.iter().map(|c| (c.k, c.of)))
                        .collect(),
                    excluded: node.excluded.iter().chain(excluded).copied().collect(),
                });
            },
        );
        if let Some(why) = why {
            self.stats.nodes += (asked - 1) as u64;
            return Err(why);
        }
        let after = self.solver.stats().updates;
        self.stats.nodes += take as u64;
        self.stats.updates = self.stats.updates.saturating_add(
            selected.saturating_sub(before) + probed + after.saturating_sub(probed),
        );
        let mut rest = node.clone();
        rest.excluded
            .extend(below.iter().map(|c| c.options[node.depth()]));
        let deepest = below.iter().map(Subproblem::depth).max().unwrap_or(0);
        self.stats.max_depth = self.stats.max_depth.max(deepest);
        below.push(rest);
        Ok(Some(below))
    }

    /// Unselects the path: the selection is the base again.
    fn leave(&mut self) {
        for _ in 0..self.path.entries {
            self.solver.unselect_last();
        }
        self.path = Selected::default();
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
    /// primary item `done` (renamed if that name is taken) and one option
    /// (no option, and no solution, when the chosen options clash).
    ///
    /// Items keep their names; colours their names and numbers. This is
    /// [`Problem::residual`] of the selection and the path, which also
    /// tells where each item and option comes from.
    ///
    /// ```
    /// use exactcover::Solver;
    /// use exactcover::problem::classic::queens;
    /// let problem = queens(6);
    /// let mut solver = Solver::new(&problem);
    /// let mut total = 0;
    /// for sub in solver.subproblems(2, 1_000)? {
    ///     let rest = sub.residual(&problem, &[])?;
    ///     total += Solver::new(&rest).count(None)?.solutions;
    /// }
    /// assert_eq!(total, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ProblemError::Memory`](crate::ProblemError::Memory) when the
    /// residual's memory cannot be had.
    pub fn residual(
        &self,
        problem: &Problem,
        selection: &[usize],
    ) -> Result<Problem, crate::ProblemError> {
        let chosen: Vec<usize> = selection.iter().chain(&self.options).copied().collect();
        let left = problem.residual_excluding(&chosen, &self.excluded)?;
        if left.problem.primary_count() > 0 {
            return Ok(left.problem);
        }
        // Nothing left to choose: one solution, the empty one, written as a
        // problem that any solver counts as 1 (or, when the chosen options
        // clash, as 0: the item and no option).
        let mut name = String::from("done");
        while left.problem.item_by_name(&name).is_some() {
            name.push('_');
        }
        let mut done = Problem::new();
        let d = done.add_primary(&name)?;
        if !left.contradictory {
            done.add_option([d])?;
        }
        Ok(done)
    }
}
