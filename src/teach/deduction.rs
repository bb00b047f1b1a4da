//! Steps of logic shown to people: a solve by deduction, as data the page
//! and the trace can show, on any problem.
//!
//! A [`Deductions`] is a path of [`Deduction`]s from a starting state (the
//! options chosen before the first step, a puzzle's givens, and the
//! options already ruled out). Each deduction names its rule and says it
//! in words (a layer that knows the domain words it: Sudoku's `box 3: 7
//! can go only in row 2, ...`), and lists by number the items that justify
//! it (its *base* and *cover*) and the options it removes, forces, and
//! rules out in all (the options a forced choice clashes with included).
//! Nothing here knows where the steps came from: a [`Labels`] names items
//! and options, as for the search.
//!
//! * [`Deductions::trace`]: the path as readable text, one block a step;
//! * [`Deductions::to_value`]: as JSON, for
//!   [`html::logic_page`](crate::teach::html::logic_page).
//!
//! ```
//! use exactcover::problem::FnLabels;
//! use exactcover::teach::deduction::{Deduction, Deductions};
//!
//! let mut step = Deduction::new("pointing", "7 lies in row 2");
//! step.base = vec![3];
//! step.cover = vec![4];
//! step.removed = vec![2];
//! step.gone = vec![2];
//! let mut path = Deductions::new("stuck");
//! path.chosen = vec![0];
//! path.gone = vec![1];
//! path.steps.push(step);
//! let labels = FnLabels::new(|i| format!("item {i}"), |o| format!("option {o}"));
//! assert_eq!(
//!     path.trace(&labels),
//!     "start: 1 option chosen, 1 ruled out\n\
//!      step 1: pointing\n\
//!      \x20 7 lies in row 2\n\
//!      \x20 base: item 3\n\
//!      \x20 cover: item 4\n\
//!      \x20 removes: option 2\n\
//!      end: stuck\n"
//! );
//! ```

use serde_json::{Value, json};

use crate::problem::Labels;

/// One step of logic: its rule, its words, its items and options (numbered
/// as in the problem).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Deduction {
    /// The rule's name (a technique's, in a domain's words).
    pub rule: String,
    /// The step in words.
    pub text: String,
    /// The base items: the item of a single, the items whose options all
    /// meet the cover.
    pub base: Vec<usize>,
    /// The cover items.
    pub cover: Vec<usize>,
    /// The options the step removes.
    pub removed: Vec<usize>,
    /// The options the step forces (chooses).
    pub forced: Vec<usize>,
    /// Every option that is no longer possible after the step and was
    /// before it, but those forced: the removed ones, and those a forced
    /// option clashes with.
    pub gone: Vec<usize>,
}

/// A path of deductions from a starting state, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Deductions {
    /// The options chosen before the first step (a puzzle's givens).
    pub chosen: Vec<usize>,
    /// The options not possible before the first step (and not chosen).
    pub gone: Vec<usize>,
    /// The steps, in order.
    pub steps: Vec<Deduction>,
    /// How the path ended, in words (`solved`, `stuck: ...`).
    pub end: String,
}

/// `n` and the noun, plural when `n` is not 1.
fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

impl Deduction {
    /// A step of `rule`, said in `text`, that names no item or option yet:
    /// set its fields.
    ///
    /// ```
    /// use exactcover::teach::deduction::Deduction;
    /// let mut step = Deduction::new("single", "r1c1 can only be 5");
    /// step.forced.push(4);
    /// assert_eq!(step.rule, "single");
    /// assert!(step.removed.is_empty());
    /// ```
    #[must_use]
    pub fn new(rule: impl Into<String>, text: impl Into<String>) -> Deduction {
        Deduction {
            rule: rule.into(),
            text: text.into(),
            base: Vec::new(),
            cover: Vec::new(),
            removed: Vec::new(),
            forced: Vec::new(),
            gone: Vec::new(),
        }
    }
}

impl Deductions {
    /// A path that ended as `end` says, from nothing chosen, with no step
    /// yet: set its fields.
    ///
    /// ```
    /// use exactcover::teach::deduction::{Deduction, Deductions};
    /// let mut path = Deductions::new("solved");
    /// path.steps.push(Deduction::new("single", "r1c1 can only be 5"));
    /// assert_eq!((path.steps.len(), path.end.as_str()), (1, "solved"));
    /// ```
    #[must_use]
    pub fn new(end: impl Into<String>) -> Deductions {
        Deductions {
            chosen: Vec::new(),
            gone: Vec::new(),
            steps: Vec::new(),
            end: end.into(),
        }
    }

    /// The largest item and option numbers the path names, if any: to
    /// check it against a problem.
    #[must_use]
    pub fn largest(&self) -> (Option<usize>, Option<usize>) {
        let items = self
            .steps
            .iter()
            .flat_map(|s| s.base.iter().chain(&s.cover))
            .copied()
            .max();
        let options = self
            .steps
            .iter()
            .flat_map(|s| s.removed.iter().chain(&s.forced).chain(&s.gone))
            .chain(&self.chosen)
            .chain(&self.gone)
            .copied()
            .max();
        (items, options)
    }

    /// The path as text: a line for the start, then for each step its
    /// number and rule, its words, and its base and cover items and the
    /// options it removes and places (named by `labels`, each list on a
    /// line of its own), then a line for the end.
    pub fn trace(&self, labels: &impl Labels) -> String {
        let mut out = format!(
            "start: {} chosen, {} ruled out\n",
            count(self.chosen.len(), "option"),
            self.gone.len()
        );
        let items = |list: &[usize]| -> String {
            list.iter()
                .map(|&i| labels.item(i))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let options = |list: &[usize]| -> String {
            list.iter()
                .map(|&o| labels.option(o))
                .collect::<Vec<_>>()
                .join(", ")
        };
        for (n, step) in self.steps.iter().enumerate() {
            out.push_str(&format!("step {}: {}\n  {}\n", n + 1, step.rule, step.text));
            for (what, list) in [("base", &step.base), ("cover", &step.cover)] {
                if !list.is_empty() {
                    out.push_str(&format!("  {what}: {}\n", items(list)));
                }
            }
            for (what, list) in [("removes", &step.removed), ("places", &step.forced)] {
                if !list.is_empty() {
                    out.push_str(&format!("  {what}: {}\n", options(list)));
                }
            }
        }
        out.push_str(&format!("end: {}\n", self.end));
        out
    }

    /// The path as JSON: `{"chosen", "gone", "steps": [{"rule", "text",
    /// "base", "cover", "removed", "forced", "gone"}], "end"}`, by number.
    #[must_use]
    pub fn to_value(&self) -> Value {
        let steps: Vec<Value> = self
            .steps
            .iter()
            .map(|s| {
                json!({
                    "rule": s.rule,
                    "text": s.text,
                    "base": s.base,
                    "cover": s.cover,
                    "removed": s.removed,
                    "forced": s.forced,
                    "gone": s.gone,
                })
            })
            .collect();
        json!({
            "chosen": self.chosen,
            "gone": self.gone,
            "steps": steps,
            "end": self.end,
        })
    }
}
