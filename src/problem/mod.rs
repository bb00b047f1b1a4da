//! Describing an exact-cover problem: items and options.
//!
//! * [`Problem`] is plain data: a list of *items*, each primary (to be
//!   covered exactly once, or between bounds: [`Problem::set_bounds`]) or
//!   secondary (to be covered at most once), named or not ([`ItemKind`]),
//!   and a list of *options*, each a set of items, perhaps with colours. It knows nothing of dancing links; the engine's
//!   solver copies it into its own linked arena.
//! * [`ProblemError`] says what is wrong with an item or option added.
//! * [`Labels`] (and [`FnLabels`]) name items and options for people.
//! * [`Residual`] is what is left of a problem once some options are chosen
//!   ([`Problem::residual`]), with the maps back to the problem's numbers.
//! * [`Reduction`] is a problem with the options that can never be in a
//!   solution taken out, as Knuth's DLX-PRE takes them out
//!   ([`Problem::preprocess`]), with the maps back to the problem's numbers.
//! * Options may have costs ([`Problem::set_option_cost`]), for the
//!   cheapest solutions (Knuth's DLX5, the engine's `Solver::cheapest`).
//! * [`classic`] has problems ready to solve: queens, Langford pairs,
//!   pentominoes, word squares.
//!
//! Every way of adding to a problem validates what it is given and returns a
//! [`ProblemError`] that names the option and item at fault; nothing here
//! panics on bad input.

mod bounds;
mod build;
pub mod classic;
mod cost;
mod error;
mod labels;
mod preprocess;
mod residual;

pub use error::ProblemError;
pub use labels::{FnLabels, Labels};
pub use preprocess::Reduction;
pub use residual::Residual;

use std::collections::HashMap;
use std::ops::Range;

/// The largest number of nodes (items + option entries + spacers) a problem may
/// have: node indices are stored as `i32`/`u32` in the solver's arena.
pub const MAX_NODES: usize = i32::MAX as usize - 1;

/// Whether an item must be covered exactly once or at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered by exactly one chosen option.
    Primary,
    /// Covered by at most one chosen option.
    Secondary,
}

/// An exact-cover problem: items and options.
///
/// Items are numbered `0, 1, 2, ...` in the order they are added, whatever
/// their kind; options likewise. Items may carry names (unique within the
/// problem).
///
/// # Example
///
/// Knuth's example from *Dancing Links* (2000): seven items, six options and
/// exactly one solution.
///
/// ```
/// use exactcover::{Problem, Solver};
///
/// let mut problem = Problem::new();
/// for name in ["A", "B", "C", "D", "E", "F", "G"] {
///     problem.add_primary(name)?;
/// }
/// for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
///     problem.add_named_option(option.split(' '))?;
/// }
/// let mut solver = Solver::new(&problem);
/// let solution = solver.solution()?.expect("Knuth's matrix has a solution");
/// let mut chosen = solution.clone();
/// chosen.sort();
/// assert_eq!(chosen, [0, 3, 4]); // "C E F", "A D", "B G"
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Problem {
    kinds: Vec<ItemKind>,
    names: Vec<Option<Box<str>>>,
    by_name: HashMap<Box<str>, usize>,
    /// The items of every option, one after another.
    entries: Vec<usize>,
    /// `starts[k]..starts[k + 1]` is option `k` in `entries`.
    starts: Vec<usize>,
    primary: usize,
    /// Scratch for detecting repeated items: `seen[item] == stamp`.
    seen: Vec<usize>,
    stamp: usize,
    /// The colour of every entry plus one (0: none), parallel to `entries`;
    /// empty until the first coloured entry.
    colours: Vec<u32>,
    /// The colours' names, numbered from 0.
    colour_names: Vec<Box<str>>,
    colour_by_name: HashMap<Box<str>, usize>,
    /// The bounds `(lower, upper)` of every item (see `bounds.rs`), parallel
    /// to `kinds` up to the last item given bounds; empty until the first,
    /// and `(1, 1)` for every item past its end.
    bounds: Vec<(u32, u32)>,
    /// How many primary items have names beginning with `#` (see
    /// `bounds.rs`, the sharp preference).
    sharp: usize,
    /// The cost of every option, for minimum-cost covers (see `cost.rs`):
    /// as long as the options up to the last one given a cost, every other
    /// option's cost 0; empty until the first cost.
    costs: Vec<u64>,
}

impl Problem {
    /// The sizes of the problem for people, one a line, as a command's
    /// `--stats` ends: `items: N (P primary)`, `options: M`.
    ///
    /// ```
    /// // 4 rows and 4 columns, primary; 7 diagonals each way, secondary;
    /// // one option per square.
    /// let problem = exactcover::problem::classic::queens(4);
    /// assert_eq!(problem.describe_sizes(), "items: 22 (8 primary)\noptions: 16");
    /// ```
    #[must_use]
    pub fn describe_sizes(&self) -> String {
        format!(
            "items: {} ({} primary)\noptions: {}",
            self.item_count(),
            self.primary_count(),
            self.option_count()
        )
    }

    /// An empty problem: no items, no options.
    ///
    /// ```
    /// let problem = exactcover::Problem::new();
    /// assert_eq!(problem.item_count(), 0);
    /// ```
    #[must_use]
    pub fn new() -> Problem {
        Problem {
            kinds: Vec::new(),
            names: Vec::new(),
            by_name: HashMap::new(),
            entries: Vec::new(),
            // Option 0 would start at entry 0: `starts` always holds one
            // more offset than there are options.
            starts: vec![0],
            primary: 0,
            seen: Vec::new(),
            stamp: 0,
            colours: Vec::new(),
            colour_names: Vec::new(),
            colour_by_name: HashMap::new(),
            bounds: Vec::new(),
            sharp: 0,
            costs: Vec::new(),
        }
    }

    /// Adds a named primary item and returns its number.
    ///
    /// # Errors
    ///
    /// [`ProblemError::DuplicateName`] if an item already has that name,
    /// [`ProblemError::EmptyName`] for `""`.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// assert_eq!(problem.add_primary("a")?, 0);
    /// assert!(problem.add_primary("a").is_err());
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn add_primary(&mut self, name: &str) -> Result<usize, ProblemError> {
        self.add_named(name, ItemKind::Primary)
    }

    /// Adds a named secondary item (covered at most once) and returns its number.
    ///
    /// # Errors
    ///
    /// As [`Problem::add_primary`].
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary("a")?;
    /// assert_eq!(problem.add_secondary("x")?, 1);
    /// assert!(!problem.is_primary(1));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn add_secondary(&mut self, name: &str) -> Result<usize, ProblemError> {
        self.add_named(name, ItemKind::Secondary)
    }

    /// Adds `count` unnamed primary items and returns their numbers.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// assert_eq!(problem.add_primary_items(3), 0..3);
    /// assert_eq!(problem.add_secondary_items(2), 3..5);
    /// ```
    pub fn add_primary_items(&mut self, count: usize) -> Range<usize> {
        self.add_unnamed(count, ItemKind::Primary)
    }

    /// Adds `count` unnamed secondary items and returns their numbers.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// let diagonals = problem.add_secondary_items(5);
    /// assert_eq!(diagonals.len(), 5);
    /// ```
    pub fn add_secondary_items(&mut self, count: usize) -> Range<usize> {
        self.add_unnamed(count, ItemKind::Secondary)
    }

    /// Reserves room for `items` more items and `options` more options of
    /// `entries` items in all, so that adding them allocates nothing; the
    /// memory asked for when it is not there (a problem built from a size
    /// given by its input, where `Vec::push` would abort the process).
    ///
    /// # Errors
    ///
    /// [`std::collections::TryReserveError`] when the memory cannot be had;
    /// the problem is unchanged but for the room reserved before.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.try_reserve(3, 2, 4)?;
    /// assert!(problem.try_reserve(usize::MAX / 2, 0, 0).is_err());
    /// # Ok::<(), std::collections::TryReserveError>(())
    /// ```
    pub fn try_reserve(
        &mut self,
        items: usize,
        options: usize,
        entries: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        self.kinds.try_reserve_exact(items)?;
        self.names.try_reserve_exact(items)?;
        self.seen.try_reserve_exact(items)?;
        self.starts.try_reserve_exact(options)?;
        self.entries.try_reserve_exact(entries)?;
        Ok(())
    }

    fn add_named(&mut self, name: &str, kind: ItemKind) -> Result<usize, ProblemError> {
        if name.is_empty() {
            return Err(ProblemError::EmptyName {
                item: self.kinds.len(),
            });
        }
        if name.chars().any(char::is_control) {
            return Err(ProblemError::UnprintableName { name: name.into() });
        }
        if let Some(&first) = self.by_name.get(name) {
            return Err(ProblemError::DuplicateName {
                name: name.to_string(),
                first,
                second: self.kinds.len(),
            });
        }
        grow(&mut self.kinds, 1)?;
        grow(&mut self.names, 1)?;
        grow(&mut self.seen, 1)?;
        grow_map(&mut self.by_name)?;
        let item = self.add_unnamed(1, kind).start;
        if kind == ItemKind::Primary && name.starts_with('#') {
            self.sharp += 1;
        }
        self.names[item] = Some(name.into());
        self.by_name.insert(name.into(), item);
        Ok(item)
    }

    fn add_unnamed(&mut self, count: usize, kind: ItemKind) -> Range<usize> {
        let start = self.kinds.len();
        self.kinds.resize(start + count, kind);
        self.names.resize(start + count, None);
        self.seen.resize(start + count, 0);
        if kind == ItemKind::Primary {
            self.primary += count;
        }
        start..start + count
    }

    /// Adds an option made of the given items and returns its number.
    ///
    /// # Errors
    ///
    /// [`ProblemError::EmptyOption`], [`ProblemError::UnknownItem`],
    /// [`ProblemError::RepeatedItem`], or [`ProblemError::TooLarge`]; the
    /// problem is unchanged when an error is returned.
    ///
    /// ```
    /// use exactcover::{Problem, ProblemError};
    ///
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(2);
    /// assert_eq!(problem.add_option([0, 1])?, 0);
    /// assert_eq!(
    ///     problem.add_option([1, 1]),
    ///     Err(ProblemError::RepeatedItem { option: 1, item: 1, name: None })
    /// );
    /// # Ok::<(), ProblemError>(())
    /// ```
    pub fn add_option<I>(&mut self, items: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator<Item = usize>,
    {
        let option = self.option_count();
        let start = self.entries.len();
        self.stamp += 1;
        for item in items {
            if let Err(e) = self.push_entry(option, item) {
                self.entries.truncate(start);
                return Err(e);
            }
        }
        self.finish_option(option, start)
    }

    /// The number of the colour called `name`, added if it is new.
    ///
    /// Colours are Knuth's (TAOCP 7.2.2.1, Algorithm C): a secondary item
    /// given a colour in several options may be covered by several of them
    /// at once, as long as they all give it the same colour. Colours are
    /// numbered from 0 in the order they are first named.
    ///
    /// # Errors
    ///
    /// [`ProblemError::EmptyColour`] for `""`.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// assert_eq!(problem.colour("red")?, 0);
    /// assert_eq!(problem.colour("blue")?, 1);
    /// assert_eq!(problem.colour("red")?, 0);
    /// assert_eq!(problem.colour_name(1), Some("blue"));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn colour(&mut self, name: &str) -> Result<usize, ProblemError> {
        if name.is_empty() {
            return Err(ProblemError::EmptyColour);
        }
        if name.chars().any(char::is_control) {
            return Err(ProblemError::UnprintableName { name: name.into() });
        }
        if let Some(&c) = self.colour_by_name.get(name) {
            return Ok(c);
        }
        let c = self.colour_names.len();
        grow(&mut self.colour_names, 1)?;
        grow_map(&mut self.colour_by_name)?;
        self.colour_names.push(name.into());
        self.colour_by_name.insert(name.into(), c);
        Ok(c)
    }

    /// The name of colour `colour`, if there is such a colour.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// let red = problem.colour("red")?;
    /// assert_eq!(problem.colour_name(red), Some("red"));
    /// assert_eq!(problem.colour_name(red + 1), None);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn colour_name(&self, colour: usize) -> Option<&str> {
        self.colour_names.get(colour).map(|n| &**n)
    }

    /// The number of colours named so far.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.colour("red")?;
    /// assert_eq!(problem.colour_count(), 1);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn colour_count(&self) -> usize {
        self.colour_names.len()
    }

    /// Adds an option whose entries are items, each with a colour or none,
    /// and returns its number. Only secondary items may have a colour.
    ///
    /// # Errors
    ///
    /// As [`Problem::add_option`], and [`ProblemError::ColourOnPrimary`] or
    /// [`ProblemError::UnknownColour`]; the problem is unchanged when an
    /// error is returned.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // Two options may share the secondary item `x` if they agree on its
    /// // colour.
    /// let mut problem = Problem::new();
    /// let (a, b) = (problem.add_primary("a")?, problem.add_primary("b")?);
    /// let x = problem.add_secondary("x")?;
    /// let (red, blue) = (problem.colour("red")?, problem.colour("blue")?);
    /// problem.add_coloured_option([(a, None), (x, Some(red))])?;
    /// problem.add_coloured_option([(b, None), (x, Some(red))])?;
    /// problem.add_coloured_option([(b, None), (x, Some(blue))])?;
    /// let mut solver = Solver::new(&problem);
    /// assert_eq!(solver.count(None)?.solutions, 1); // options 0 and 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_coloured_option<I>(&mut self, entries: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator<Item = (usize, Option<usize>)>,
    {
        let option = self.option_count();
        let start = self.entries.len();
        self.stamp += 1;
        let mut fail = None;
        for (item, colour) in entries {
            if let Err(e) = self.push_entry(option, item) {
                fail = Some(e);
                break;
            }
            let Some(colour) = colour else {
                continue;
            };
            if colour >= self.colour_names.len() {
                fail = Some(ProblemError::UnknownColour { option, colour });
                break;
            }
            if self.is_primary(item) {
                fail = Some(ProblemError::ColourOnPrimary {
                    option,
                    item,
                    name: self.names[item].as_deref().map(str::to_string),
                });
                break;
            }
            // The entries before this one that have no colour yet have none.
            let more = self.entries.len() - self.colours.len();
            if let Err(e) = grow(&mut self.colours, more) {
                fail = Some(e);
                break;
            }
            self.colours.resize(self.entries.len() - 1, 0);
            self.colours.push(colour as u32 + 1);
        }
        if let Some(e) = fail {
            self.entries.truncate(start);
            self.colours.truncate(start);
            return Err(e);
        }
        self.finish_option(option, start)
    }

    /// Whether any entry of any option has a colour.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// let x = problem.add_secondary("x")?;
    /// problem.add_option([x])?;
    /// assert!(!problem.has_colours());
    /// let red = problem.colour("red")?;
    /// problem.add_coloured_option([(x, Some(red))])?;
    /// assert!(problem.has_colours());
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn has_colours(&self) -> bool {
        !self.colours.is_empty()
    }

    /// The colour of each entry of option `option`, in the order of
    /// [`Problem::option`] (`None` for an entry without a colour), or `None`
    /// if there is no such option.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// let a = problem.add_primary("a")?;
    /// let x = problem.add_secondary("x")?;
    /// let red = problem.colour("red")?;
    /// problem.add_coloured_option([(a, None), (x, Some(red))])?;
    /// let colours: Vec<_> = problem.option_colours(0).unwrap().collect();
    /// assert_eq!(colours, [None, Some(red)]);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn option_colours(
        &self,
        option: usize,
    ) -> Option<impl ExactSizeIterator<Item = Option<usize>> + '_> {
        let start = *self.starts.get(option)?;
        let end = *self.starts.get(option + 1)?;
        Some((start..end).map(|e| self.entry_colour(e)))
    }

    /// The colour of entry `e` (an index into `entries`).
    fn entry_colour(&self, e: usize) -> Option<usize> {
        match self.colours.get(e) {
            Some(&c) if c > 0 => Some(c as usize - 1),
            _ => None,
        }
    }

    /// The colour of every entry of every option plus one (0: none), in the
    /// order of [`Problem::options`]: empty when no entry has a colour, else
    /// as long as all the options' entries together.
    pub(crate) fn entry_colours(&self) -> &[u32] {
        &self.colours
    }

    fn push_entry(&mut self, option: usize, item: usize) -> Result<(), ProblemError> {
        if item >= self.kinds.len() {
            return Err(ProblemError::UnknownItem { option, item });
        }
        if self.seen[item] == self.stamp {
            return Err(ProblemError::RepeatedItem {
                option,
                item,
                name: self.names[item].as_deref().map(str::to_string),
            });
        }
        grow(&mut self.entries, 1)?;
        self.seen[item] = self.stamp;
        self.entries.push(item);
        Ok(())
    }

    fn finish_option(&mut self, option: usize, start: usize) -> Result<usize, ProblemError> {
        if self.entries.len() == start {
            return Err(ProblemError::EmptyOption { option });
        }
        if self.node_count() > MAX_NODES {
            self.entries.truncate(start);
            self.colours.truncate(start);
            return Err(ProblemError::TooLarge {
                nodes: self.node_count(),
            });
        }
        let room = if self.colours.is_empty() {
            Ok(())
        } else {
            let more = self.entries.len() - self.colours.len();
            grow(&mut self.colours, more)
        };
        if let Err(e) = room.and_then(|()| grow(&mut self.starts, 1)) {
            self.entries.truncate(start);
            self.colours.truncate(start);
            return Err(e);
        }
        if !self.colours.is_empty() {
            self.colours.resize(self.entries.len(), 0);
        }
        self.starts.push(self.entries.len());
        Ok(option)
    }

    /// The number of items, primary and secondary.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(4);
    /// assert_eq!(problem.item_count(), 4);
    /// ```
    #[must_use]
    pub fn item_count(&self) -> usize {
        self.kinds.len()
    }

    /// The number of primary items.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(4);
    /// problem.add_secondary_items(1);
    /// assert_eq!(problem.primary_count(), 4);
    /// ```
    #[must_use]
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// The number of options.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_option([0])?;
    /// assert_eq!(problem.option_count(), 1);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The number of nodes the solver's matrix will have: one header per item,
    /// one node per item of every option, and one spacer per option plus one
    /// (Knuth's DLX1 layout), plus the unused node 0.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0, 1])?;
    /// assert_eq!(problem.node_count(), 1 + 2 + 2 + 2);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn node_count(&self) -> usize {
        1 + self.kinds.len() + self.entries.len() + self.starts.len()
    }

    /// Whether item `item` is primary (`false` for secondary or unknown items).
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// assert!(problem.is_primary(0));
    /// assert!(!problem.is_primary(7));
    /// ```
    #[must_use]
    pub fn is_primary(&self, item: usize) -> bool {
        self.kinds.get(item) == Some(&ItemKind::Primary)
    }

    /// The kind of item `item`, or `None` if there is no such item.
    ///
    /// ```
    /// use exactcover::{ItemKind, Problem};
    /// let mut problem = Problem::new();
    /// problem.add_secondary("x")?;
    /// assert_eq!(problem.item_kind(0), Some(ItemKind::Secondary));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn item_kind(&self, item: usize) -> Option<ItemKind> {
        self.kinds.get(item).copied()
    }

    /// The name of item `item`, if it has one.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary("a")?;
    /// problem.add_primary_items(1);
    /// assert_eq!(problem.item_name(0), Some("a"));
    /// assert_eq!(problem.item_name(1), None);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn item_name(&self, item: usize) -> Option<&str> {
        self.names.get(item).and_then(|n| n.as_deref())
    }

    /// The number of the item called `name`.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary("a")?;
    /// assert_eq!(problem.item_by_name("a"), Some(0));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn item_by_name(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The items of option `option`, in the order they were given, or `None`
    /// if there is no such option.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(3);
    /// problem.add_option([2, 0])?;
    /// assert_eq!(problem.option(0), Some(&[2, 0][..]));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn option(&self, option: usize) -> Option<&[usize]> {
        let start = *self.starts.get(option)?;
        let end = *self.starts.get(option + 1)?;
        Some(&self.entries[start..end])
    }

    /// Iterates over all options, each as the slice of its items.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0])?;
    /// problem.add_option([1, 0])?;
    /// let sizes: Vec<usize> = problem.options().map(<[usize]>::len).collect();
    /// assert_eq!(sizes, [1, 2]);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[usize]> + '_ {
        self.starts.windows(2).map(|w| &self.entries[w[0]..w[1]])
    }

    /// Whether option `option` has no primary item (so the search can never
    /// choose it; a solver can still select it).
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary("a")?;
    /// problem.add_secondary("x")?;
    /// problem.add_named_option(["x"])?;
    /// assert!(problem.is_secondary_only(0));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn is_secondary_only(&self, option: usize) -> bool {
        self.option(option)
            .is_some_and(|items| items.iter().all(|&i| !self.is_primary(i)))
    }

    /// Displays item `item` by its name, or as `#item` when it has none.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(1);
    /// problem.add_primary("b")?;
    /// assert_eq!(problem.item_label(0), "#0");
    /// assert_eq!(problem.item_label(1), "b");
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn item_label(&self, item: usize) -> String {
        match self.item_name(item) {
            Some(name) => name.to_string(),
            None => format!("#{item}"),
        }
    }
}

impl Default for Problem {
    /// The empty problem, the same as [`Problem::new`].
    ///
    /// ```
    /// let mut problem = exactcover::Problem::default();
    /// assert_eq!(problem.option_count(), 0);
    /// problem.add_primary("a")?;
    /// assert_eq!(problem.add_named_option(["a"])?, 0);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    fn default() -> Problem {
        Problem::new()
    }
}

/// Makes room in `v` for `more` elements as `Vec::push` would (doubling),
/// but asking the allocator fallibly: a problem's size comes from its input,
/// and a failed `push` would abort the process.
pub(crate) fn grow<T>(v: &mut Vec<T>, more: usize) -> Result<(), ProblemError> {
    if v.capacity() - v.len() >= more {
        return Ok(());
    }
    let want = v
        .len()
        .saturating_add(more)
        .max(v.capacity().saturating_mul(2))
        .max(8);
    let bytes = want.saturating_mul(std::mem::size_of::<T>());
    v.try_reserve_exact(want - v.len())
        .map_err(|_| ProblemError::Memory { bytes })
}

/// Makes room in a map of names for one more, fallibly (see [`grow`]).
fn grow_map(map: &mut HashMap<Box<str>, usize>) -> Result<(), ProblemError> {
    if map.len() < map.capacity() {
        return Ok(());
    }
    let more = map.len().max(8);
    let bytes = more.saturating_mul(std::mem::size_of::<(Box<str>, usize)>() + 1);
    map.try_reserve(more)
        .map_err(|_| ProblemError::Memory { bytes })
}
