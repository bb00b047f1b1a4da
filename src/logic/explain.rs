//! The end of a solve by logic and its account: [`End`] (solved, stuck, or
//! no solution), [`Next`] (a step or the end), [`Explanation`] (every step
//! to the end) and [`Summary`] (what a grade needs: the hardest rule, how
//! many of each, the chain lengths, what is left).

use super::step::{Contradiction, Rule, Step};

/// How a solve by logic ended.
///
/// ```
/// use exactcover::logic::End;
/// assert_eq!(End::Stuck { open_items: 3, options: 7 }.to_string(),
///            "stuck: 3 primary items open, 7 options left");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum End {
    /// Every primary item is covered: the chosen options are a solution.
    Solved,
    /// No rule applies: what is left needs guessing (or stronger rules).
    Stuck {
        /// The primary items not yet covered.
        open_items: usize,
        /// The options still possible.
        options: usize,
    },
    /// The chosen options are in no solution.
    NoSolution(Contradiction),
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Solved => f.write_str("solved"),
            End::Stuck {
                open_items,
                options,
            } => write!(
                f,
                "stuck: {open_items} primary items open, {options} options left"
            ),
            End::NoSolution(c) => write!(f, "no solution: {c}"),
        }
    }
}

/// What comes next: a step, or the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The cheapest step that applies.
    Step(Step),
    /// Nothing applies, and why.
    End(End),
}

/// Every step of a solve by logic, and how it ended.
///
/// ```
/// use exactcover::Problem;
/// use exactcover::logic::{End, LogicSolver, Rule};
///
/// // Knuth's example: one solution, found without guessing.
/// let mut problem = Problem::new();
/// for name in ["A", "B", "C", "D", "E", "F", "G"] {
///     problem.add_primary(name)?;
/// }
/// for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
///     problem.add_named_option(option.split(' '))?;
/// }
/// let mut solver = LogicSolver::new(&problem);
/// let explanation = solver.explain();
/// assert_eq!(explanation.end, End::Solved);
/// assert_eq!(explanation.steps[0].rule, Rule::SetLogic { k: 1 });
/// let summary = explanation.summary();
/// assert_eq!(summary.hardest, Some(Rule::SetLogic { k: 1 }));
/// assert_eq!(summary.singles, 3);
/// let mut chosen = solver.chosen().to_vec();
/// chosen.sort();
/// assert_eq!(chosen, [0, 3, 4]);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub end: End,
    /// How many set-logic searches stopped at their node budget (during
    /// these steps, chains included): a search cut short finds nothing, so
    /// a stuck end may hide a pattern beyond the budget.
    pub searches_cut: usize,
}

impl Explanation {
    /// The summary of these steps.
    #[must_use]
    pub fn summary(&self) -> Summary {
        Summary::of(&self.steps, self.end.clone(), self.searches_cut)
    }
}

/// What a grade needs from an explanation.
///
/// ```
/// use exactcover::logic::{End, Rule, Step, Summary};
/// let summary = Summary::of(&[], End::Solved, 0);
/// assert_eq!(summary.hardest, None);
/// assert_eq!(summary.set_logic(2), 0);
/// assert_eq!(summary.finned(2), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// The hardest rule used (`None` when no step was needed).
    pub hardest: Option<Rule>,
    /// The number of singles.
    pub singles: usize,
    /// `set_logic_counts[k - 1]`: the number of set-logic steps with `k`
    /// base items and as many cover items (as long as the largest `k`
    /// used).
    pub set_logic_counts: Vec<usize>,
    /// `finned_counts[k - 1]`: the number of set-logic steps with `k` base
    /// items and a fin (as long as the largest `k` used).
    pub finned_counts: Vec<usize>,
    /// The length of every forcing chain, in order.
    pub chains: Vec<usize>,
    /// How the solve ended, with what is left when stuck.
    pub end: End,
    /// Searches cut short by their node budget.
    pub searches_cut: usize,
}

impl Summary {
    /// Sums up `steps`, which ended with `end`.
    #[must_use]
    pub fn of(steps: &[Step], end: End, searches_cut: usize) -> Summary {
        let mut summary = Summary {
            hardest: None,
            singles: 0,
            set_logic_counts: Vec::new(),
            finned_counts: Vec::new(),
            chains: Vec::new(),
            end,
            searches_cut,
        };
        for step in steps {
            summary.hardest = summary.hardest.max(Some(step.rule));
            match step.rule {
                Rule::Single => summary.singles += 1,
                Rule::SetLogic { k } => bump(&mut summary.set_logic_counts, k),
                Rule::Finned { k } => bump(&mut summary.finned_counts, k),
                Rule::Chain { length } => summary.chains.push(length),
            }
        }
        summary
    }

    /// The number of set-logic steps with `k` base items (and as many
    /// cover items).
    #[must_use]
    pub fn set_logic(&self, k: usize) -> usize {
        count(&self.set_logic_counts, k)
    }

    /// The number of set-logic steps with `k` base items and a fin.
    #[must_use]
    pub fn finned(&self, k: usize) -> usize {
        count(&self.finned_counts, k)
    }
}

/// Adds one to `counts[k - 1]`, growing `counts` to `k`.
fn bump(counts: &mut Vec<usize>, k: usize) {
    if counts.len() < k {
        counts.resize(k, 0);
    }
    counts[k - 1] += 1;
}

/// `counts[k - 1]`, or 0.
fn count(counts: &[usize], k: usize) -> usize {
    k.checked_sub(1)
        .and_then(|i| counts.get(i))
        .copied()
        .unwrap_or(0)
}
