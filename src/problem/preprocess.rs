//! Preprocessing: the options that can never be in a solution, and the
//! items that follow from others, taken out before the search (TAOCP
//! 7.2.2.1, "blocking and forcing"; Knuth's program DLX-PRE).
//!
//! * [`Problem::preprocess`] reduces a problem as DLX-PRE does, round
//!   after round until a round changes nothing, and gives a [`Reduction`]:
//!   the reduced problem, with the maps from its items and options back to
//!   the problem's. The reduced problem has exactly the same solutions, as
//!   sets of options: option `k` of the reduction is option `options[k]` of
//!   the problem, perhaps with fewer items.
//!
//! # The rules
//!
//! For every item `c` in turn (primary items first, then secondary, each
//! in the problem's order), with every option that holds `c` without a
//! colour hidden from the other lists (as covering `c` would):
//!
//! * *forcing*: if that leaves some primary item `p` with no option, every
//!   option of `p` holds `c`, so covering `p` covers `c`: item `c` goes,
//!   from the options that also hold `p`, and every other option of `c`
//!   goes (choosing it would leave `p` uncoverable);
//! * *blocking*: else, for every option `r` of `c` whose first remaining
//!   item is `c` (and that gives `c` no colour), the options that clash
//!   with `r`'s other items are hidden too (as choosing `r` would); if that
//!   leaves a primary item that is not in `r` with no option, `r` goes.
//!
//! An item left in no option goes too; a primary item left in no option
//! means the problem has no solution, and the reduction is that item alone
//! ([`Reduction::infeasible`]). Options without a primary item, which a
//! search never chooses, go at once. Which options go can depend on the
//! order of the work (an option blocked by one that a later step removes
//! has gone already); the order is DLX-PRE's, so the same options go as
//! there. The reduced problem keeps the problem's order of items and
//! options (DLX-PRE writes the options grouped by their first item).
//!
//! # The data structure
//!
//! DLX-PRE's: DLX1's nodes (`ITM`, `ULINK`, `DLINK`, and DLX2's `COLOR`,
//! together in one record) with item headers and spacers, and `LEN` and a
//! stamp (`AUX`) per item. An item taken out of an option leaves a *null
//! spacer* in its place (`ITM = 0`, `ULINK` the next node, `DLINK` the one
//! before), which the walks round an option step over.
//!
//! ```
//! use exactcover::Problem;
//!
//! // Knuth's example from DLX-PRE: items A..E primary, F and G secondary.
//! let mut problem = Problem::new();
//! for name in ["A", "B", "C", "D", "E"] {
//!     problem.add_primary(name)?;
//! }
//! problem.add_secondary("F")?;
//! problem.add_secondary("G")?;
//! for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
//!     problem.add_named_option(option.split(' '))?;
//! }
//! let reduced = problem.preprocess()?;
//! // Every option with A holds D, so D goes, and D E G with it; then F
//! // and C go, and B C F; then G, and A D G. Left: A, B and E, each in one
//! // option, the rest of C E F, A D and B G.
//! assert_eq!(reduced.items, [0, 1, 4]);
//! assert_eq!(reduced.options, [0, 3, 4]);
//! let options: Vec<String> = (0..3).map(|k| reduced.problem.option_label(k)).collect();
//! assert_eq!(options, ["E", "A", "B"]);
//! # Ok::<(), exactcover::ProblemError>(())
//! ```

use crate::problem::{ItemKind, Problem, ProblemError, grow};

/// A problem reduced by [`Problem::preprocess`], and where its items and
/// options come from.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Reduction {
    /// The reduced problem: the same solutions, as sets of options.
    pub problem: Problem,
    /// Item `k` of `problem` is item `items[k]` of the original problem.
    pub items: Vec<usize>,
    /// Option `k` of `problem` is option `options[k]` of the original
    /// problem (perhaps without some of its items).
    pub options: Vec<usize>,
    /// A primary item (the original's number) that no option can cover:
    /// the problem has no solution, and `problem` is that item alone.
    pub infeasible: Option<usize>,
    /// The rounds done, the last of which changed nothing (or found the
    /// problem infeasible), as DLX-PRE counts them.
    pub rounds: usize,
}

impl Reduction {
    /// What the reduction of `original` took out, in words: `3 of 5
    /// options and 2 of 5 items removed in 2 rounds`.
    ///
    /// ```
    /// use exactcover::Problem;
    ///
    /// // Knuth's example of "Dancing Links": one solution, three options.
    /// let mut problem = Problem::new();
    /// for name in ["A", "B", "C", "D", "E", "F", "G"] {
    ///     problem.add_primary(name)?;
    /// }
    /// for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
    ///     problem.add_named_option(option.split(' '))?;
    /// }
    /// let reduction = problem.preprocess()?;
    /// assert_eq!(
    ///     reduction.summary(&problem),
    ///     "3 of 6 options and 4 of 7 items removed in 2 rounds"
    /// );
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn summary(&self, original: &Problem) -> String {
        format!(
            "{} of {} options and {} of {} items removed in {} round{}",
            original.option_count().saturating_sub(self.options.len()),
            original.option_count(),
            original.item_count().saturating_sub(self.items.len()),
            original.item_count(),
            self.rounds,
            if self.rounds == 1 { "" } else { "s" }
        )
    }

    /// The options of the original problem that make up `solution`, a
    /// solution of the reduced problem (numbers past its options are
    /// passed over).
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(3);
    /// problem.add_option([0])?; // never in a solution: 2 needs option 1
    /// problem.add_option([0, 1, 2])?;
    /// problem.add_option([1])?; // never either
    /// let reduced = problem.preprocess()?;
    /// let found = Solver::new(&reduced.problem).solution()?.expect("one");
    /// assert_eq!(reduced.original_solution(&found), [1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn original_solution(&self, solution: &[usize]) -> Vec<usize> {
        solution
            .iter()
            .filter_map(|&k| self.options.get(k).copied())
            .collect()
    }
}

impl Problem {
    /// The problem reduced as Knuth's DLX-PRE reduces it (module
    /// documentation), round after round until nothing changes.
    ///
    /// A problem with multiplicities (an item with bounds other than
    /// `[1, 1]`, see [`Problem::set_bounds`]) is returned whole, with its
    /// bounds: DLX-PRE's blocking and forcing assume that each item is
    /// covered once, which bounds break.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(3);
    /// problem.add_option([0])?; // never in a solution: 2 needs option 1
    /// problem.add_option([0, 1, 2])?;
    /// problem.add_option([1])?; // never either
    /// let reduced = problem.preprocess()?;
    /// assert_eq!(reduced.options, [1]);
    /// // Items 0 and 1 go: every option of 2 holds them.
    /// assert_eq!(reduced.items, [2]);
    /// assert_eq!(Solver::new(&reduced.problem).count(None).unwrap_or_else(exactcover::Count::from).solutions, 1);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ProblemError::Memory`] when the memory for the reduction's tables
    /// or the reduced problem cannot be had (about three times the
    /// problem's own): nothing is lost, the problem is unchanged.
    pub fn preprocess(&self) -> Result<Reduction, ProblemError> {
        self.preprocess_rounds(usize::MAX)
    }

    /// [`Problem::preprocess`], stopping after `rounds` rounds (DLX-PRE's
    /// parameter `t`); 0 takes nothing out but the options without a
    /// primary item.
    ///
    /// ```
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0])?;
    /// problem.add_option([0, 1])?;
    /// problem.add_option([1])?;
    /// assert_eq!(problem.preprocess_rounds(0)?.options, [0, 1, 2]);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Problem::preprocess`].
    pub fn preprocess_rounds(&self, rounds: usize) -> Result<Reduction, ProblemError> {
        if self.has_bounds() {
            let mut items = filled(0, 0)?;
            grow(&mut items, self.item_count())?;
            items.extend(0..self.item_count());
            let mut options = filled(0, 0)?;
            grow(&mut options, self.option_count())?;
            options.extend(0..self.option_count());
            return Ok(Reduction {
                problem: self.try_clone()?,
                items,
                options,
                infeasible: None,
                rounds: 0,
            });
        }
        let mut pre = Pre::build(self)?;
        let mut done = 0;
        if pre.infeasible.is_none() {
            while done < rounds {
                done += 1;
                if !pre.round() || pre.infeasible.is_some() {
                    break;
                }
            }
        }
        pre.reduction(self, done)
    }

    /// A copy of the problem, its tables allocated fallibly.
    fn try_clone(&self) -> Result<Problem, ProblemError> {
        fn copy<T: Clone>(v: &[T]) -> Result<Vec<T>, ProblemError> {
            let mut c = Vec::new();
            grow(&mut c, v.len())?;
            c.extend_from_slice(v);
            Ok(c)
        }
        fn copy_map(
            m: &std::collections::HashMap<Box<str>, usize>,
        ) -> Result<std::collections::HashMap<Box<str>, usize>, ProblemError> {
            let mut c = std::collections::HashMap::new();
            c.try_reserve(m.len()).map_err(|_| ProblemError::Memory {
                bytes: m
                    .len()
                    .saturating_mul(std::mem::size_of::<(Box<str>, usize)>() + 1),
            })?;
            c.extend(m.iter().map(|(k, &v)| (k.clone(), v)));
            Ok(c)
        }
        Ok(Problem {
            kinds: copy(&self.kinds)?,
            names: copy(&self.names)?,
            by_name: copy_map(&self.by_name)?,
            entries: copy(&self.entries)?,
            starts: copy(&self.starts)?,
            primary: self.primary,
            seen: copy(&self.seen)?,
            stamp: self.stamp,
            colours: copy(&self.colours)?,
            colour_names: copy(&self.colour_names)?,
            colour_by_name: copy_map(&self.colour_by_name)?,
            bounds: copy(&self.bounds)?,
            sharp: self.sharp,
            costs: copy(&self.costs)?,
        })
    }
}

/// Our numbers of the problem's items (primary items first, from 1), and
/// the problem's number of each of ours (index 0 unused).
fn number_items(problem: &Problem) -> Result<(Vec<u32>, Vec<usize>), ProblemError> {
    let mut ours = filled(problem.item_count(), 0u32)?;
    let mut ext = filled(1, usize::MAX)?;
    grow(&mut ext, problem.item_count())?;
    for primary in [true, false] {
        for (i, slot) in ours.iter_mut().enumerate() {
            if problem.is_primary(i) == primary {
                *slot = ext.len() as u32;
                ext.push(i);
            }
        }
    }
    Ok((ours, ext))
}

/// `vec![value; len]`, allocated fallibly.
fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, ProblemError> {
    let mut v = Vec::new();
    grow(&mut v, len)?;
    v.resize(len, value);
    Ok(v)
}

/// One node: DLX-PRE's record.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// The item (`1..=n`), or `<= 0` for a spacer (0 for a null spacer).
    itm: i32,
    /// The colour plus one, 0 for none.
    color: u32,
}

/// What DLX-PRE keeps of an item, and the counts of `Pre::blocks`.
#[derive(Clone, Copy, Debug, Default)]
struct ItemState {
    /// `LEN`: the options in the item's list.
    len: u32,
    /// The stamp of the test that last counted the item, and its count.
    counted: u32,
    count: u32,
    /// The stamp of the test whose option holds the item, and the colour
    /// that option gives it (`NEVER` for the item being reduced).
    mark: u32,
    want: u32,
}

/// `ItemState::want` of the item being reduced: no option clashes with the
/// tested option there (DLX-PRE hides nothing through it).
const NEVER: u32 = u32::MAX;

/// DLX-PRE's state.
struct Pre {
    /// Headers `1..=n`, then the first spacer `n + 1`, then the options,
    /// each followed by a spacer.
    nd: Vec<Node>,
    /// `LEN` and the stamps of every item (index 0 stands for a null
    /// spacer in `entries`: its count never runs out).
    it: Vec<ItemState>,
    /// The item and colour (plus one) of every node, `(0, 0)` for a spacer
    /// or a null spacer: the entries of an option in a row, for `blocks`.
    entries: Vec<(u32, u32)>,
    /// The nodes of every option laid out, `start..end`.
    span: Vec<(u32, u32)>,
    /// The number of items.
    n: u32,
    /// Items `1..second` are primary.
    second: u32,
    /// The problem's number of each of our items.
    ext: Vec<usize>,
    /// The option of every node (for the spacers, the option before).
    option: Vec<u32>,
    /// Whether each option has gone.
    gone: Vec<bool>,
    /// A primary item with no option left (ours).
    infeasible: Option<u32>,
    /// The stamp of the current test of an option (see `blocks`).
    stamp: u32,
    /// The stamp of the test that last met each option.
    seen: Vec<u32>,
    /// Options found unnecessary in the current step, to delete after it.
    doomed: Vec<u32>,
    changed: bool,
}

impl Pre {
    /// Lays out `problem`: primary items first, options without a primary
    /// item left out (gone).
    fn build(problem: &Problem) -> Result<Pre, ProblemError> {
        let n = problem.item_count();
        let (ours, ext) = number_items(problem)?;
        let second = problem.primary_count() as u32 + 1;
        // Every entry and a spacer after every option, laid out below.
        let laid = problem.entries.len() + problem.option_count();
        let mut nd = filled(n + 2, Node::default())?;
        grow(&mut nd, laid)?;
        for (i, node) in nd.iter_mut().enumerate().take(n + 1).skip(1) {
            (node.up, node.down) = (i as u32, i as u32);
        }
        let mut it = filled(n + 1, ItemState::default())?;
        it[0].len = u32::MAX;
        let mut option = filled(n + 2, 0u32)?;
        grow(&mut option, laid)?;
        let mut entries = filled(n + 2, (0, 0))?;
        grow(&mut entries, laid)?;
        let mut span = filled(problem.option_count(), (0, 0))?;
        let mut gone = filled(problem.option_count(), false)?;
        let mut spacer = n + 1;
        for (k, items) in problem.options().enumerate() {
            if items.iter().all(|&i| !problem.is_primary(i)) {
                gone[k] = true;
                continue;
            }
            let colours = problem.option_colours(k).into_iter().flatten();
            for (&item, colour) in items.iter().zip(colours) {
                let (c, q) = (ours[item], nd.len() as u32);
                let last = nd[c as usize].up;
                let color = colour.map_or(0, |x| x as u32 + 1);
                nd.push(Node {
                    up: last,
                    down: c,
                    itm: c as i32,
                    color,
                });
                option.push(k as u32);
                entries.push((c, color));
                nd[last as usize].down = q;
                nd[c as usize].up = q;
                it[c as usize].len += 1;
            }
            let end = nd.len() as u32;
            span[k] = (spacer as u32 + 1, end);
            nd[spacer].down = end - 1;
            nd.push(Node {
                up: spacer as u32 + 1,
                down: 0,
                itm: -(k as i32) - 1,
                color: 0,
            });
            option.push(k as u32);
            entries.push((0, 0));
            spacer = end as usize;
        }
        let mut pre = Pre {
            nd,
            it,
            entries,
            span,
            n: n as u32,
            second,
            ext,
            option,
            gone,
            infeasible: None,
            stamp: 0,
            seen: filled(problem.option_count(), 0)?,
            doomed: Vec::new(),
            changed: false,
        };
        for c in 1..=pre.n {
            if pre.it[c as usize].len == 0 {
                pre.note_empty(c);
            }
        }
        Ok(pre)
    }

    /// An item with no option left: a primary item means no solution.
    fn note_empty(&mut self, c: u32) {
        if c < self.second && self.infeasible.is_none() {
            self.infeasible = Some(c);
        }
    }

    /// Takes node `q` out of its item's list.
    #[inline]
    fn unlink(&mut self, q: u32) {
        let Node { up, down, .. } = self.nd[q as usize];
        self.nd[up as usize].down = down;
        self.nd[down as usize].up = up;
    }

    /// Puts node `q` back in its item's list.
    #[inline]
    fn relink(&mut self, q: u32) {
        let Node { up, down, .. } = self.nd[q as usize];
        self.nd[up as usize].down = q;
        self.nd[down as usize].up = q;
    }

    /// One round: every item with options in turn. Whether it changed
    /// anything.
    fn round(&mut self) -> bool {
        self.changed = false;
        for c in 1..=self.n {
            if self.it[c as usize].len > 0 {
                self.reduce(c);
                if self.infeasible.is_some() {
                    break;
                }
            }
        }
        self.changed
    }

    /// DLX-PRE's "try to reduce options in item `c`'s list".
    fn reduce(&mut self, c: u32) {
        if let Some(p) = self.hide(c) {
            self.unhide(c);
            self.force(c, p);
            return;
        }
        let mut r = self.nd[c as usize].down;
        while r > self.n {
            if self.nd[r as usize].color == 0 && self.is_first(r) && self.blocks(r) {
                self.doomed.push(r);
                self.changed = true;
            }
            r = self.nd[r as usize].down;
        }
        self.unhide(c);
        while let Some(r) = self.doomed.pop() {
            self.delete(r);
        }
    }

    /// DLX-PRE's `hide(c)`: hides, from the other lists, every option of
    /// `c` that gives it no colour; returns the last primary item that this
    /// leaves with no option.
    fn hide(&mut self, c: u32) -> Option<u32> {
        let mut blocked = None;
        let mut rr = self.nd[c as usize].down;
        while rr > self.n {
            if self.nd[rr as usize].color == 0 {
                let mut nn = rr + 1;
                while nn != rr {
                    let Node { up, itm, .. } = self.nd[nn as usize];
                    if itm <= 0 {
                        nn = up;
                        continue;
                    }
                    self.unlink(nn);
                    let l = &mut self.it[itm as usize].len;
                    *l -= 1;
                    if *l == 0 && (itm as u32) < self.second {
                        blocked = Some(itm as u32);
                    }
                    nn += 1;
                }
            }
            rr = self.nd[rr as usize].down;
        }
        blocked
    }

    /// Undoes `hide(c)`, in the reverse order.
    fn unhide(&mut self, c: u32) {
        let mut rr = self.nd[c as usize].up;
        while rr > self.n {
            if self.nd[rr as usize].color == 0 {
                let mut nn = rr - 1;
                while nn != rr {
                    let Node { down, itm, .. } = self.nd[nn as usize];
                    if itm <= 0 {
                        nn = down;
                        continue;
                    }
                    self.relink(nn);
                    self.it[itm as usize].len += 1;
                    nn -= 1;
                }
            }
            rr = self.nd[rr as usize].up;
        }
    }

    /// Whether `r` is the first remaining node of its option (only null
    /// spacers before it).
    fn is_first(&self, r: u32) -> bool {
        let mut q = r - 1;
        while self.nd[q as usize].down == q - 1 {
            q -= 1;
        }
        self.nd[q as usize].itm <= 0
    }

    /// DLX-PRE's test of option `r` (the first remaining node of its
    /// option, in the list of the item `c` being reduced, whose options
    /// are hidden): whether hiding every option that clashes with `r` at
    /// one of `r`'s other items (holds it, and gives it no colour or
    /// another colour than `r` does) would leave a primary item outside `r`
    /// with no option.
    ///
    /// DLX-PRE hides those options and puts them back; here the same
    /// question is answered without writing a link, whichever of two ways
    /// reads less: by counting off, item by item, the options that clash
    /// (`blocks_by_counting`, DLX-PRE's walk), or by looking, for every
    /// primary item outside `r`, for one option in its list that does not
    /// clash (`blocks_by_items`), which usually comes at once. (DLX-PRE
    /// tells the items of `r` by a stamp, `AUX`, that an item taken out of
    /// `r` in an earlier round keeps; but such an item has been taken out
    /// of every option, so it never runs out, and the answers agree.)
    fn blocks(&mut self, r: u32) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.it
                .iter_mut()
                .for_each(|i| (i.counted, i.mark) = (0, 0));
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let (start, end) = self.span[self.option[r as usize] as usize];
        // DLX-PRE's walk reads the lists of r's other items.
        let mut reach = 0u64;
        for q in start..end {
            let (i, x) = self.entries[q as usize];
            if i != 0 {
                let item = &mut self.it[i as usize];
                (item.mark, item.want) = (stamp, if q == r { NEVER } else { x });
                if q != r {
                    reach += u64::from(item.len);
                }
            }
        }
        if reach > u64::from(self.second) {
            self.blocks_by_items(stamp)
        } else {
            self.blocks_by_counting(r, stamp)
        }
    }

    /// `blocks` by looking, for every primary item with options outside
    /// the tested option (marked with `stamp`), for an option in its list
    /// that does not clash with the tested one.
    fn blocks_by_items(&self, stamp: u32) -> bool {
        for j in 1..self.second {
            let item = self.it[j as usize];
            if item.mark == stamp || item.len == 0 {
                continue;
            }
            let mut p = self.nd[j as usize].down;
            loop {
                if p <= self.n {
                    return true; // every option of j clashes
                }
                if !self.clashes(self.option[p as usize] as usize, stamp) {
                    break;
                }
                p = self.nd[p as usize].down;
            }
        }
        false
    }

    /// Whether option `o` clashes with the tested option (whose items are
    /// marked with `stamp`) at an item other than the one being reduced.
    #[inline]
    fn clashes(&self, o: usize, stamp: u32) -> bool {
        let (start, end) = self.span[o];
        self.entries[start as usize..end as usize]
            .iter()
            .any(|&(i, x)| {
                let item = &self.it[i as usize];
                item.mark == stamp && item.want != NEVER && (item.want == 0 || x != item.want)
            })
    }

    /// `blocks` by DLX-PRE's walk, counting instead of hiding: an option
    /// met again in the list of another item of `r` was hidden from that
    /// list by the first meeting, so it is passed over (`seen`); every item
    /// starts its count from `LEN` when first met (`counted`); the items of
    /// `r` start with a count that never runs out; and only whether some
    /// count runs out matters, not when.
    fn blocks_by_counting(&mut self, r: u32, stamp: u32) -> bool {
        let (start, end) = self.span[self.option[r as usize] as usize];
        for q in start..end {
            let (i, _) = self.entries[q as usize];
            let item = &mut self.it[i as usize];
            (item.counted, item.count) = (stamp, u32::MAX);
        }
        for q in start..end {
            let Node { itm, color: x, .. } = self.nd[q as usize];
            if itm <= 0 || q == r {
                continue;
            }
            let mut p = self.nd[itm as usize].down;
            while p > self.n {
                let Node { down, color, .. } = self.nd[p as usize];
                let o = self.option[p as usize] as usize;
                if (x == 0 || color != x) && self.seen[o] != stamp {
                    self.seen[o] = stamp;
                    if self.empties(o, stamp) {
                        return true;
                    }
                }
                p = down;
            }
        }
        false
    }

    /// Counts off the items of option `o` (which clashes with the option
    /// tested) from their counts; whether one of them is a primary item
    /// left with no option.
    #[inline]
    fn empties(&mut self, o: usize, stamp: u32) -> bool {
        let (start, end) = self.span[o];
        let second = self.second;
        let it = &mut self.it[..];
        for &(i, _) in &self.entries[start as usize..end as usize] {
            let item = &mut it[i as usize];
            if item.counted != stamp {
                item.counted = stamp;
                item.count = item.len;
            }
            item.count -= 1;
            if item.count == 0 && i < second {
                return true;
            }
        }
        false
    }

    /// DLX-PRE's "remove item `c`, and maybe some options": every option of
    /// primary item `p` holds `c`. The options of `c` that hold `p` lose
    /// `c`; the others go.
    fn force(&mut self, c: u32, p: u32) {
        let mut r = self.nd[c as usize].down;
        while r > self.n {
            let next = self.nd[r as usize].down;
            if self.holds(r, p) {
                // Node `r` becomes a null spacer.
                self.nd[r as usize] = Node {
                    up: r + 1,
                    down: r - 1,
                    itm: 0,
                    color: 0,
                };
                self.entries[r as usize] = (0, 0);
            } else {
                self.gone[self.option[r as usize] as usize] = true;
                let mut q = r;
                while let Some(next) = self.next_round(q, r) {
                    q = next;
                    self.take_out(q);
                    if self.infeasible.is_some() {
                        return;
                    }
                }
            }
            r = next;
        }
        self.nd[c as usize].up = c;
        self.nd[c as usize].down = c;
        self.it[c as usize].len = 0;
        self.changed = true;
    }

    /// The node after `q` round the option of node `r`, `None` back at
    /// `r` (for walks that start at any node of the option).
    #[inline]
    fn next_round(&self, mut q: u32, r: u32) -> Option<u32> {
        q += 1;
        loop {
            if q == r {
                return None;
            }
            let Node { up, itm, .. } = self.nd[q as usize];
            if itm > 0 {
                return Some(q);
            }
            q = up;
        }
    }

    /// Whether the option of node `r` holds item `p` elsewhere.
    fn holds(&self, r: u32, p: u32) -> bool {
        let mut q = r;
        while let Some(next) = self.next_round(q, r) {
            q = next;
            if self.nd[q as usize].itm as u32 == p {
                return true;
            }
        }
        false
    }

    /// Takes node `q` out of its item's list for good.
    fn take_out(&mut self, q: u32) {
        let i = self.nd[q as usize].itm as u32;
        self.unlink(q);
        self.it[i as usize].len -= 1;
        if self.it[i as usize].len == 0 {
            self.note_empty(i);
        }
    }

    /// Deletes the option of node `r` (its first remaining node), every
    /// node of it.
    fn delete(&mut self, r: u32) {
        self.gone[self.option[r as usize] as usize] = true;
        let mut q = r;
        while let Some(next) = self.next_round(q, r) {
            q = next;
            self.take_out(q);
        }
        self.take_out(r);
    }

    /// The reduced problem, after `rounds` rounds.
    fn reduction(&self, problem: &Problem, rounds: usize) -> Result<Reduction, ProblemError> {
        let mut out = Problem::new();
        for c in 0..problem.colour_count() {
            out.colour(problem.colour_name(c).unwrap_or("?"))?;
        }
        let (ours, _) = number_items(problem)?;
        let kept = |i: usize| match self.infeasible {
            Some(c) => ours[i] == c,
            None => self.it[ours[i] as usize].len > 0,
        };
        let mut new = filled(problem.item_count(), usize::MAX)?;
        let mut items = Vec::new();
        for i in (0..problem.item_count()).filter(|&i| kept(i)) {
            let kind = problem.item_kind(i).unwrap_or(ItemKind::Primary);
            new[i] = match out.add_named(&problem.item_label(i), kind) {
                Ok(k) => k,
                Err(e @ ProblemError::Memory { .. }) => return Err(e),
                Err(_) => {
                    grow(&mut out.kinds, 1)?;
                    grow(&mut out.names, 1)?;
                    grow(&mut out.seen, 1)?;
                    out.add_unnamed(1, kind).start
                }
            };
            grow(&mut items, 1)?;
            items.push(i);
        }
        let mut options = Vec::new();
        if self.infeasible.is_none() {
            let mut q = self.n as usize + 2;
            for (k, entries) in problem.options().enumerate() {
                if self.gone[k] && !entries.iter().any(|&i| problem.is_primary(i)) {
                    continue; // never laid out
                }
                let start = q;
                q += entries.len() + 1;
                if self.gone[k] {
                    continue;
                }
                let colours: Vec<Option<usize>> =
                    problem.option_colours(k).into_iter().flatten().collect();
                let left = (0..entries.len())
                    .filter(|&e| self.nd[start + e].itm > 0)
                    .map(|e| (new[entries[e]], colours[e]));
                // Every item left in an option is kept, once: only memory
                // can fail (an option left empty is passed over, as before).
                let o = match out.add_coloured_option(left) {
                    Ok(o) => o,
                    Err(e @ ProblemError::Memory { .. }) => return Err(e),
                    Err(_) => continue,
                };
                out.set_option_cost(o, problem.option_cost(k).unwrap_or(0))?;
                grow(&mut options, 1)?;
                options.push(k);
            }
        }
        Ok(Reduction {
            problem: out,
            items,
            options,
            infeasible: self.infeasible.map(|c| self.ext[c as usize]),
            rounds,
        })
    }
}
