//! A search as data: every step, and what it did to the links.
//!
//! A [`Recorder`] is an [`Observer`] that keeps a [`Links`] copy of the
//! problem in step with the engine and writes down every [`Step`]: the
//! pre-selection, each choice with the length of every active primary item,
//! each `cover` with the nodes it hid, each option tried ("1 of 2"), each
//! backtrack and each solution. [`Recorder::finish`] gives the
//! [`Recording`]: the links as they were before the search, then the
//! steps. [`Recording::to_json`] writes it for other programs (the
//! interactive page of [`html`](crate::teach::html) replays it).
//!
//! At every choice the recorder checks the engine against the copy (the
//! item chosen is an active primary item of fewest options, with as many
//! options as the copy says); a disagreement ends the recording with
//! [`RecordingError::Mismatch`]. Which of the items tied for fewest the
//! engine takes is its own rule: the first, as DLX1 does, or one at random
//! with [`Solver::set_tiebreak`](crate::Solver::set_tiebreak). A recording stops growing at
//! [`Recorder::with_max_steps`] steps and then ends with
//! [`RecordingError::TooLong`], which says how to stay under the limit.
//!
//! ```
//! use std::ops::ControlFlow;
//! use exactcover::teach::recording::{Recorder, Step};
//! use exactcover::Solver;
//!
//! let toy = exactcover::problem::classic::knuth_toy();
//! let mut recorder = Recorder::new(&toy);
//! Solver::new(&toy).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
//! let recording = recorder.finish()?;
//! // DLX1 at level 0: every item, A first of the two of length 2.
//! assert_eq!(
//!     recording.steps()[0],
//!     Step::Choose { level: 0, item: 0, lengths: vec![(0, 2), (1, 2), (2, 2), (3, 3), (4, 2), (5, 2), (6, 3)] }
//! );
//! assert_eq!(recording.solutions(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use serde_json::{Value, json};

use crate::engine::{Budget, Observer, Solver};
use crate::problem::Labels;
use crate::problem::Problem;
use crate::teach::links::Links;

/// One step of a recorded search. Items and options are numbered as in the
/// [`Problem`]; nodes as in [`Links`] (DLX1's numbering).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// Option `option` was selected before the search; its items were
    /// covered (or purified), hiding `hidden`.
    Select {
        /// The option.
        option: usize,
        /// The nodes hidden, in order.
        hidden: Vec<usize>,
    },
    /// Option `option` was taken out before the search: its nodes.
    Exclude {
        /// The option.
        option: usize,
        /// The nodes hidden (the option's own).
        hidden: Vec<usize>,
    },
    /// At `level`, the search branches on `item`; `lengths` are the active
    /// primary items and their lengths, in list order (DLX1's
    /// `Level 1: B(1) C(2) -> B`).
    Choose {
        /// The level, from 0.
        level: usize,
        /// The item chosen.
        item: usize,
        /// Every active primary item and its `LEN`.
        lengths: Vec<(usize, usize)>,
    },
    /// `cover(item)` at `level`, hiding `hidden`.
    Cover {
        /// The level.
        level: usize,
        /// The item covered.
        item: usize,
        /// The nodes hidden, in order.
        hidden: Vec<usize>,
    },
    /// `uncover(item)` at `level`, putting `unhidden` back.
    Uncover {
        /// The level.
        level: usize,
        /// The item uncovered.
        item: usize,
        /// The nodes put back, in order.
        unhidden: Vec<usize>,
    },
    /// DLX2's `purify`: secondary `item` takes colour `colour`.
    Purify {
        /// The level.
        level: usize,
        /// The item.
        item: usize,
        /// The colour (from 0).
        colour: usize,
        /// The nodes hidden.
        hidden: Vec<usize>,
    },
    /// DLX2's `unpurify`.
    Unpurify {
        /// The level.
        level: usize,
        /// The item.
        item: usize,
        /// The nodes put back.
        unhidden: Vec<usize>,
    },
    /// At `level`, option `option` is tried: the `k`th of the `n` options
    /// of the item chosen.
    Try {
        /// The level.
        level: usize,
        /// The option.
        option: usize,
        /// Its place among the item's options, from 1.
        k: usize,
        /// The item's options when it was chosen.
        n: usize,
    },
    /// Every option at `level` has been tried: back up.
    Backtrack {
        /// The level left.
        level: usize,
    },
    /// A solution: the options tried at levels `0..level`.
    Solution {
        /// The options chosen by the search (not the pre-selection).
        options: Vec<usize>,
    },
}

/// Why a recording could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordingError {
    /// The search took more steps than the limit.
    TooLong {
        /// The limit.
        max_steps: usize,
    },
    /// The engine did something the copy of the links says it should not
    /// have (a bug in one of them).
    Mismatch {
        /// The step (from 0) at which they disagreed.
        step: usize,
        /// What they disagreed about.
        what: String,
    },
}

impl fmt::Display for RecordingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordingError::TooLong { max_steps } => write!(
                f,
                "the search takes more than {max_steps} steps to record: record a smaller \
                 problem, stop it sooner (a limit on solutions, or solve rather than cover), \
                 or raise the limit on steps"
            ),
            RecordingError::Mismatch { step, what } => {
                write!(
                    f,
                    "the engine and its copy of the links disagree at step {step}: {what}"
                )
            }
        }
    }
}

impl std::error::Error for RecordingError {}

/// A copy of the links kept in step with the engine by its observer
/// events: what the trace and the recorder read lengths and hidden nodes
/// from.
#[derive(Clone, Debug)]
pub(crate) struct Shadow {
    pub(crate) links: Links,
    /// The option chosen at every level of the current path.
    pub(crate) path: Vec<usize>,
    /// The options tried so far at every level of the path, and how many
    /// the item had.
    pub(crate) tries: Vec<(usize, usize)>,
    pub(crate) level: usize,
    /// The option whose items are being committed or uncommitted.
    current: usize,
    pub(crate) nodes: Vec<usize>,
    /// The first disagreement with the engine.
    pub(crate) mismatch: Option<String>,
    /// The items the sharp preference prefers (none when it changes
    /// nothing): see [`Problem::is_sharp`].
    sharp: Vec<bool>,
}

impl Shadow {
    pub(crate) fn new(problem: &Problem) -> Shadow {
        let preference = problem.has_sharp_preference();
        Shadow {
            sharp: (0..problem.item_count())
                .map(|i| preference && problem.is_sharp(i))
                .collect(),
            links: Links::new(problem),
            path: Vec::new(),
            tries: Vec::new(),
            level: 0,
            current: usize::MAX,
            nodes: Vec::new(),
            mismatch: None,
        }
    }

    fn disagree(&mut self, what: impl FnOnce() -> String) {
        if self.mismatch.is_none() {
            self.mismatch = Some(what());
        }
    }

    pub(crate) fn selected(&mut self, option: usize) {
        self.current = option;
        let mut all = Vec::new();
        for q in self.links.option_nodes(option) {
            let item = self.links.item_of_record(self.links.top(q) as usize);
            let colour = self.links.colour(q);
            if colour > 0 {
                self.links
                    .purify(item, colour as usize - 1, option, &mut self.nodes);
            } else if colour == 0 {
                self.links.cover(item, &mut self.nodes);
            } else {
                self.nodes.clear();
            }
            all.append(&mut self.nodes);
        }
        self.nodes = all;
    }

    pub(crate) fn excluded(&mut self, option: usize) {
        self.links.exclude(option, &mut self.nodes);
    }

    /// Checks the engine's choice against the copy's: an active primary
    /// item with as many options as the copy says, and no active primary
    /// item with fewer (with the sharp preference, once no item has at
    /// most one option: a sharp item, and no active sharp item with
    /// fewer). (Which of the items tied for fewest the engine
    /// takes is the first, as DLX1 does, unless it breaks ties at random.)
    pub(crate) fn choose(&mut self, level: usize, item: usize, options: usize) {
        self.level = level;
        self.path.truncate(level);
        self.tries.truncate(level);
        self.tries.push((0, options));
        let lengths = self.links.active_primaries();
        let mut fewest = lengths.iter().map(|&(_, l)| l).min();
        // The sharp preference: past forced moves, the sharp items first.
        let sharp = |i: usize| self.sharp.get(i).copied().unwrap_or(false);
        let fewest_sharp = lengths
            .iter()
            .filter(|&&(i, _)| sharp(i))
            .map(|&(_, l)| l)
            .min();
        if fewest.is_some_and(|f| f > 1) && fewest_sharp.is_some() {
            fewest = fewest_sharp.filter(|_| sharp(item));
        }
        match lengths.iter().find(|&&(i, _)| i == item) {
            Some(&(_, len)) if len == options && fewest == Some(len) => {}
            Some(&(_, len)) => self.disagree(|| {
                format!(
                    "level {level}: the engine chose item {item} with {options} options; \
                     the links give it {len}, and the fewest of any item {fewest:?}"
                )
            }),
            None => self.disagree(|| {
                format!("level {level}: the engine chose item {item}, not an active primary item")
            }),
        }
    }

    pub(crate) fn try_option(&mut self, level: usize, option: usize) {
        self.level = level;
        self.path.truncate(level);
        self.path.push(option);
        if let Some(t) = self.tries.get_mut(level) {
            t.0 += 1;
        }
        self.current = option;
    }

    pub(crate) fn cover(&mut self, item: usize) {
        if !self.links.is_active(item) {
            self.disagree(|| format!("item {item} covered twice"));
        }
        self.links.cover(item, &mut self.nodes);
    }

    pub(crate) fn uncover(&mut self, item: usize) {
        self.links.uncover(item, &mut self.nodes);
    }

    pub(crate) fn purify(&mut self, item: usize, colour: usize) {
        self.links
            .purify(item, colour, self.current, &mut self.nodes);
    }

    pub(crate) fn unpurify(&mut self, item: usize) {
        let current = self.path.last().copied().unwrap_or(usize::MAX);
        self.links.unpurify(item, current, &mut self.nodes);
    }

    pub(crate) fn backtrack(&mut self, level: usize) {
        self.path.truncate(level);
        self.tries.truncate(level);
        self.level = level.saturating_sub(1);
    }

    pub(crate) fn solution(&mut self, level: usize) {
        self.path.truncate(level);
        self.level = level.saturating_sub(1);
        if self.links.mrv().is_some() {
            self.disagree(|| format!("level {level}: a solution with primary items left"));
        }
    }

    /// The `(k, n)` of the option tried at `level`.
    pub(crate) fn place(&self, level: usize) -> (usize, usize) {
        self.tries.get(level).copied().unwrap_or((0, 0))
    }
}

/// An [`Observer`] that records the search (see the [module
/// documentation](self)).
#[derive(Clone, Debug)]
pub struct Recorder {
    shadow: Shadow,
    before: Links,
    colours: Vec<String>,
    steps: Vec<Step>,
    max_steps: usize,
    too_long: bool,
    mismatch: Option<(usize, String)>,
    solutions: usize,
}

/// Records a search of `problem` for every solution, or up to `limit`
/// solutions, within `max_steps` steps (the search stops where the
/// recording would: every node is a step), as `exactcover cover --html`
/// records it.
///
/// # Errors
///
/// [`RecordingError`] when the search takes more than `max_steps` steps.
///
/// ```
/// use exactcover::problem::classic::queens;
/// use exactcover::teach::recording::record_search;
///
/// let recording = record_search(&queens(4), u64::MAX, 1000)?;
/// assert_eq!(recording.solutions(), 2);
/// assert_eq!(record_search(&queens(4), 1, 1000)?.solutions(), 1);
/// assert!(record_search(&queens(8), u64::MAX, 10).is_err());
/// # Ok::<(), exactcover::teach::recording::RecordingError>(())
/// ```
pub fn record_search(
    problem: &Problem,
    limit: u64,
    max_steps: usize,
) -> Result<Recording, RecordingError> {
    let mut recorder = Recorder::new(problem).with_max_steps(max_steps);
    let mut solver = Solver::new(problem);
    solver.set_budget(Budget::new().with_max_nodes(max_steps as u64));
    let mut found = 0u64;
    solver.visit_observed(&mut recorder, |_| {
        found += 1;
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    recorder.finish()
}

impl Recorder {
    /// A recorder for a search of `problem`, keeping at most a million
    /// steps.
    ///
    /// ```
    /// let recorder = exactcover::teach::recording::Recorder::new(&exactcover::problem::classic::queens(4));
    /// assert_eq!(recorder.max_steps(), 1_000_000);
    /// ```
    #[must_use]
    pub fn new(problem: &Problem) -> Recorder {
        let shadow = Shadow::new(problem);
        Recorder {
            before: shadow.links.clone(),
            colours: (0..problem.colour_count())
                .map(|c| problem.colour_name(c).unwrap_or_default().to_owned())
                .collect(),
            shadow,
            steps: Vec::new(),
            max_steps: 1_000_000,
            too_long: false,
            mismatch: None,
            solutions: 0,
        }
    }

    /// Keeps at most `max_steps` steps; a longer search ends the recording
    /// with [`RecordingError::TooLong`].
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use exactcover::teach::recording::{Recorder, RecordingError};
    ///
    /// let queens = exactcover::problem::classic::queens(6);
    /// let mut recorder = Recorder::new(&queens).with_max_steps(50);
    /// exactcover::Solver::new(&queens).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
    /// assert_eq!(recorder.finish().unwrap_err(), RecordingError::TooLong { max_steps: 50 });
    /// ```
    #[must_use]
    pub fn with_max_steps(mut self, max_steps: usize) -> Recorder {
        self.max_steps = max_steps;
        self
    }

    /// The most steps kept.
    #[must_use]
    pub fn max_steps(&self) -> usize {
        self.max_steps
    }

    /// Whether the limit on steps has been passed (the search may stop:
    /// nothing more is recorded).
    ///
    /// ```
    /// let recorder = exactcover::teach::recording::Recorder::new(&exactcover::problem::classic::queens(4));
    /// assert!(!recorder.is_full());
    /// ```
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.too_long
    }

    /// The recording.
    ///
    /// # Errors
    ///
    /// [`RecordingError::TooLong`] past the limit on steps;
    /// [`RecordingError::Mismatch`] if the engine and the copy of its links
    /// disagreed.
    pub fn finish(self) -> Result<Recording, RecordingError> {
        if let Some((step, what)) = self.mismatch {
            return Err(RecordingError::Mismatch { step, what });
        }
        if self.too_long {
            return Err(RecordingError::TooLong {
                max_steps: self.max_steps,
            });
        }
        Ok(Recording {
            links: self.before,
            colours: self.colours,
            steps: self.steps,
            solutions: self.solutions,
        })
    }

    fn push(&mut self, step: impl FnOnce(&mut Shadow) -> Step) {
        if let (None, Some(what)) = (&self.mismatch, self.shadow.mismatch.take()) {
            self.mismatch = Some((self.steps.len(), what));
        }
        if self.too_long || self.mismatch.is_some() {
            return;
        }
        if self.steps.len() >= self.max_steps {
            self.too_long = true;
            return;
        }
        let step = step(&mut self.shadow);
        self.steps.push(step);
    }

    /// Records a step that hid or put back nodes (those the copy of the
    /// links just moved), at the current level.
    fn push_nodes(&mut self, step: impl FnOnce(usize, Vec<usize>) -> Step) {
        self.push(|s| step(s.level, std::mem::take(&mut s.nodes)));
    }
}

impl Observer for Recorder {
    fn selected(&mut self, option: usize) {
        self.shadow.selected(option);
        self.push(|s| Step::Select {
            option,
            hidden: std::mem::take(&mut s.nodes),
        });
    }

    fn excluded(&mut self, option: usize) {
        self.shadow.excluded(option);
        self.push(|s| Step::Exclude {
            option,
            hidden: std::mem::take(&mut s.nodes),
        });
    }

    fn choose(&mut self, level: usize, item: usize, options: usize) {
        self.shadow.choose(level, item, options);
        self.push(|s| Step::Choose {
            level,
            item,
            lengths: s.links.active_primaries(),
        });
    }

    fn try_option(&mut self, level: usize, option: usize) {
        self.shadow.try_option(level, option);
        let (k, n) = self.shadow.place(level);
        self.push(|_| Step::Try {
            level,
            option,
            k,
            n,
        });
    }

    fn cover(&mut self, item: usize) {
        self.shadow.cover(item);
        self.push_nodes(|level, hidden| Step::Cover {
            level,
            item,
            hidden,
        });
    }

    fn uncover(&mut self, item: usize) {
        self.shadow.uncover(item);
        self.push_nodes(|level, unhidden| Step::Uncover {
            level,
            item,
            unhidden,
        });
    }

    fn purify(&mut self, item: usize, colour: usize) {
        self.shadow.purify(item, colour);
        self.push_nodes(|level, hidden| Step::Purify {
            level,
            item,
            colour,
            hidden,
        });
    }

    fn unpurify(&mut self, item: usize) {
        self.shadow.unpurify(item);
        self.push_nodes(|level, unhidden| Step::Unpurify {
            level,
            item,
            unhidden,
        });
    }

    fn backtrack(&mut self, level: usize) {
        self.shadow.backtrack(level);
        self.push(|_| Step::Backtrack { level });
    }

    fn solution(&mut self, level: usize) {
        self.shadow.solution(level);
        self.solutions += 1;
        self.push(|s| Step::Solution {
            options: s.path.clone(),
        });
    }
}

/// A recorded search: the links before it, and its steps.
#[derive(Clone, Debug)]
pub struct Recording {
    links: Links,
    /// The problem's colour names, by number.
    colours: Vec<String>,
    steps: Vec<Step>,
    solutions: usize,
}

impl Recording {
    /// The steps, in order.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The links before the search (and before the pre-selection).
    #[must_use]
    pub fn links(&self) -> &Links {
        &self.links
    }

    /// The solutions found.
    #[must_use]
    pub fn solutions(&self) -> usize {
        self.solutions
    }

    /// The recording as JSON, items and options named by `labels`:
    ///
    /// * `items`: `{name, primary, record}` for every item (its header is
    ///   node `record`);
    /// * `options`: `{name, nodes}` for every option;
    /// * `nodes`: `[TOP, ULINK, DLINK, COLOR]` of every node before the
    ///   search (DLX1's numbering; a header's `TOP` is its `LEN`);
    /// * `colours`: the name of every colour, by number (a `purify` step's
    ///   `colour`; `COLOR` is that number plus one);
    /// * `steps`: objects with a `step` field (`select`, `exclude`,
    ///   `choose`, `cover`, `uncover`, `purify`, `unpurify`, `try`,
    ///   `backtrack`, `solution`) and the fields of [`Step`], `lengths` as
    ///   `[item, LEN]` pairs.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// let queens = exactcover::problem::classic::queens(4);
    /// let mut recorder = exactcover::teach::recording::Recorder::new(&queens);
    /// exactcover::Solver::new(&queens).visit_observed(&mut recorder, |_| ControlFlow::Continue(()));
    /// let json = recorder.finish()?.to_json(&queens);
    /// let value: serde_json::Value = serde_json::from_str(&json)?;
    /// assert_eq!(value["steps"][0]["step"], "choose");
    /// assert_eq!(value["solutions"], 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_json(&self, labels: &impl Labels) -> String {
        self.to_value(labels).to_string()
    }

    /// [`Recording::to_json`] as a [`serde_json::Value`].
    #[must_use]
    pub fn to_value(&self, labels: &impl Labels) -> Value {
        let l = &self.links;
        let items: Vec<Value> = (0..l.item_count())
            .map(|i| {
                json!({
                    "name": labels.item(i),
                    "primary": l.record(i) <= l.primary_count(),
                    "record": l.record(i),
                })
            })
            .collect();
        let options: Vec<Value> = (0..l.option_count())
            .map(|o| json!({"name": labels.option(o), "nodes": l.option_nodes(o).collect::<Vec<_>>()}))
            .collect();
        let nodes: Vec<Value> = (0..l.node_count())
            .map(|x| {
                let top = if (1..=l.item_count()).contains(&x) {
                    l.len(l.item_of_record(x)) as i64
                } else {
                    l.top(x)
                };
                json!([top, l.ulink(x), l.dlink(x), l.colour(x)])
            })
            .collect();
        let steps: Vec<Value> = self.steps.iter().map(step_json).collect();
        json!({
            "format": "exactcover-recording",
            "version": 1,
            "items": items,
            "primaries": l.primary_count(),
            "options": options,
            "nodes": nodes,
            "colours": self.colours,
            "steps": steps,
            "solutions": self.solutions,
        })
    }
}

fn step_json(step: &Step) -> Value {
    match step {
        Step::Select { option, hidden } => {
            json!({"step": "select", "option": option, "hidden": hidden})
        }
        Step::Exclude { option, hidden } => {
            json!({"step": "exclude", "option": option, "hidden": hidden})
        }
        Step::Choose {
            level,
            item,
            lengths,
        } => json!({
            "step": "choose",
            "level": level,
            "item": item,
            "lengths": lengths.iter().map(|&(i, l)| [i, l]).collect::<Vec<_>>(),
        }),
        Step::Cover {
            level,
            item,
            hidden,
        } => {
            json!({"step": "cover", "level": level, "item": item, "hidden": hidden})
        }
        Step::Uncover {
            level,
            item,
            unhidden,
        } => {
            json!({"step": "uncover", "level": level, "item": item, "unhidden": unhidden})
        }
        Step::Purify {
            level,
            item,
            colour,
            hidden,
        } => json!({
            "step": "purify", "level": level, "item": item, "colour": colour, "hidden": hidden
        }),
        Step::Unpurify {
            level,
            item,
            unhidden,
        } => {
            json!({"step": "unpurify", "level": level, "item": item, "unhidden": unhidden})
        }
        Step::Try {
            level,
            option,
            k,
            n,
        } => {
            json!({"step": "try", "level": level, "option": option, "k": k, "n": n})
        }
        Step::Backtrack { level } => json!({"step": "backtrack", "level": level}),
        Step::Solution { options } => json!({"step": "solution", "options": options}),
    }
}
