//! The logic solver: a state on an exact-cover [`Problem`], the cheapest
//! deduction first, one step at a time ([`LogicSolver::next_step`], a
//! hint) or to the end ([`LogicSolver::explain`]), within the limits of a
//! [`Config`].

use super::chain::{self, Limits};
use super::deduce::{self, Deduction, Patterns, Sizes};
use super::error::LogicError;
use super::explain::{End, Explanation, Next};
use super::index::Index;
use super::prefer::{Preference, Shared};
use super::set::Scratch;
use super::state::State;
use super::step::Step;
use crate::problem::Problem;

/// The rules the solver may use and the bounds on their cost.
///
/// ```
/// use exactcover::logic::Config;
///
/// let mut config = Config::default();
/// assert_eq!((config.max_k, config.max_fin_k, config.chains), (4, 3, true));
/// config.max_k = 2; // pairs, X-wings and locked candidates only
/// let config = Config::default().with_max_k(3).with_fins(0).with_chains(false);
/// assert_eq!((config.max_k, config.max_fin_k), (3, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// The largest set logic tried, `k` base and `k` cover items (4:
    /// quads and jellyfish; 0 for singles only).
    pub max_k: usize,
    /// The largest set logic with a fin tried, `k` base and `k + 1` cover
    /// items (3: skyscrapers, kites, finned X-wings and swordfish, XY- and
    /// XYZ-wings; 0 for none).
    pub max_fin_k: usize,
    /// Whether to try forcing chains when singles and set logic are stuck.
    pub chains: bool,
    /// The largest set logic used inside a chain (1: singles and locked
    /// candidates; 0: singles only).
    pub chain_k: usize,
    /// The most deductions a chain may take before its contradiction.
    pub chain_length: usize,
    /// The most nodes one set-logic search may visit; a search cut short
    /// finds nothing (and is counted, see
    /// [`Explanation::searches_cut`]).
    pub search_nodes: u64,
}

impl Default for Config {
    /// Set logic up to `k = 4`, with a fin up to `k = 3`; chains of singles
    /// and locked candidates, at most 40 deductions long; a million nodes
    /// per search.
    fn default() -> Config {
        Config {
            max_k: 4,
            max_fin_k: 3,
            chains: true,
            chain_k: 1,
            chain_length: 40,
            search_nodes: 1_000_000,
        }
    }
}

impl Config {
    /// This configuration with set logic up to `max_k`.
    #[must_use]
    pub fn with_max_k(mut self, max_k: usize) -> Config {
        self.max_k = max_k;
        self
    }

    /// This configuration with set logic with a fin up to `max_fin_k` (0:
    /// none).
    #[must_use]
    pub fn with_fins(mut self, max_fin_k: usize) -> Config {
        self.max_fin_k = max_fin_k;
        self
    }

    /// This configuration with forcing chains on or off.
    #[must_use]
    pub fn with_chains(mut self, chains: bool) -> Config {
        self.chains = chains;
        self
    }

    /// This configuration with set logic up to `chain_k` inside chains.
    #[must_use]
    pub fn with_chain_k(mut self, chain_k: usize) -> Config {
        self.chain_k = chain_k;
        self
    }

    /// This configuration with chains of at most `length` deductions.
    #[must_use]
    pub fn with_chain_length(mut self, length: usize) -> Config {
        self.chain_length = length;
        self
    }

    /// This configuration with `nodes` per set-logic search.
    #[must_use]
    pub fn with_search_nodes(mut self, nodes: u64) -> Config {
        self.search_nodes = nodes;
        self
    }
}

/// Solving by logic on the exact-cover matrix of any [`Problem`].
///
/// The solver keeps a state: the options chosen, the items they cover and
/// the options still possible. The caller may choose options first
/// ([`LogicSolver::select`], a puzzle's givens); then each step is the
/// cheapest deduction that applies: a [single](super::Rule::Single), else
/// [set logic](super::Rule::SetLogic), plain or with a
/// [fin](super::Rule::Finned), in the order of [`Rule`](super::Rule), else
/// a [forcing chain](super::Rule::Chain), shortest first. Every step is
/// sound: what it removes is in no solution containing the chosen options,
/// what it forces is in all of them (`docs/logic.md` proves it).
///
/// ```
/// use exactcover::Problem;
/// use exactcover::logic::{End, LogicSolver, Next, Rule};
///
/// // Cover {0, 1, 2} with {0, 1}, {2}, {1, 2}, {0}: two solutions, so
/// // logic chooses the given option and follows.
/// let mut problem = Problem::new();
/// problem.add_primary_items(3);
/// for option in [&[0, 1][..], &[2], &[1, 2], &[0]] {
///     problem.add_option(option.iter().copied())?;
/// }
/// let mut solver = LogicSolver::new(&problem);
/// solver.select(3)?; // {0}
/// let Next::Step(hint) = solver.next_step() else { panic!("a hint") };
/// assert_eq!((hint.rule, hint.forced.as_slice()), (Rule::Single, &[2][..]));
/// assert_eq!(solver.explain().end, End::Solved);
/// assert_eq!(solver.chosen(), [3, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct LogicSolver {
    index: Index,
    state: State,
    config: Config,
    scratch: Scratch,
    /// The patterns of set logic seen by the last complete search of each
    /// size, so that the next step reads them again instead of searching
    /// the whole matrix.
    patterns: Patterns,
    work: State,
    searches_cut: usize,
    /// The tier of each item for singles (empty: all one tier).
    tiers: Vec<u8>,
    /// How to rank the patterns of set logic.
    prefer: Option<Shared>,
}

impl LogicSolver {
    /// A solver of `problem` with the default [`Config`], nothing chosen.
    #[must_use]
    pub fn new(problem: &Problem) -> LogicSolver {
        LogicSolver::with_config(problem, Config::default())
    }

    /// A solver of `problem` with `config`, nothing chosen.
    #[must_use]
    pub fn with_config(problem: &Problem, config: Config) -> LogicSolver {
        let index = Index::new(problem);
        let state = State::new(&index);
        LogicSolver {
            work: state.clone(),
            index,
            state,
            config,
            scratch: Scratch::default(),
            patterns: Patterns::default(),
            searches_cut: 0,
            tiers: Vec::new(),
            prefer: None,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> Config {
        self.config
    }

    /// Changes the configuration for the steps to come.
    pub fn set_config(&mut self, config: Config) {
        self.config = config;
    }

    /// Sets the order of singles: when several open items have one option
    /// left, one of the lowest tier (`tiers[item]`; 0 for the items beyond
    /// `tiers`) is taken first, the first in item order among equals. By
    /// default every item is of one tier. The order changes which single a
    /// hint shows, not what singles reach (each stays forced until taken);
    /// a Sudoku takes hidden singles in boxes first, as people find them
    /// first.
    ///
    /// ```
    /// use exactcover::Problem;
    /// use exactcover::logic::{LogicSolver, Next};
    ///
    /// // Items 0 and 1 each have one option left.
    /// let mut problem = Problem::new();
    /// problem.add_primary_items(2);
    /// problem.add_option([0])?;
    /// problem.add_option([1])?;
    /// let mut solver = LogicSolver::new(&problem);
    /// solver.set_single_tiers(vec![1, 0]);
    /// let Next::Step(step) = solver.next_step() else { panic!("a single") };
    /// assert_eq!(step.base, [1]);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn set_single_tiers(&mut self, tiers: Vec<u8>) {
        self.tiers = tiers;
    }

    /// Ranks the patterns of set logic by `preference`: the solver takes
    /// the cheapest (see [`Preference`]) instead of the first found. Inside
    /// forcing chains the first is taken.
    pub fn set_preference(&mut self, preference: std::sync::Arc<dyn Preference>) {
        self.prefer = Some(Shared(preference));
    }

    /// Chooses option `option` (a given): its items are covered and the
    /// options that clash with it removed.
    ///
    /// # Errors
    ///
    /// [`LogicError::UnknownOption`], or [`LogicError::Chosen`] and
    /// [`LogicError::Removed`] for an option that is no longer possible;
    /// the state is then unchanged.
    pub fn select(&mut self, option: usize) -> Result<(), LogicError> {
        self.check(option)?;
        self.state.choose(&self.index, option);
        Ok(())
    }

    fn check(&self, option: usize) -> Result<(), LogicError> {
        if option >= self.index.option_count() {
            return Err(LogicError::UnknownOption {
                option,
                options: self.index.option_count(),
            });
        }
        if self.state.chosen().contains(&option) {
            return Err(LogicError::Chosen { option });
        }
        if !self.state.is_alive(option) {
            return Err(LogicError::Removed { option });
        }
        Ok(())
    }

    /// The next step, without applying it: a hint. No option is removed or
    /// chosen (only the solver's work space, its notes of the searches that
    /// found nothing, and its count of searches cut short change).
    pub fn next_step(&mut self) -> Next {
        let limits = deduce::Limits {
            sizes: Sizes {
                max_k: self.config.max_k,
                max_fin_k: self.config.max_fin_k,
            },
            budget: self.config.search_nodes,
            tiers: &self.tiers,
            prefer: self.prefer.as_ref().map(|p| &*p.0),
        };
        let deduction = deduce::deduce(
            &self.index,
            &mut self.state,
            limits,
            &mut self.scratch,
            &mut self.searches_cut,
            Some(&mut self.patterns),
        );
        match deduction {
            Deduction::Step(step) => Next::Step(step),
            Deduction::Solved => Next::End(End::Solved),
            Deduction::Contradiction(c) => Next::End(End::NoSolution(c)),
            Deduction::Stuck => {
                if self.config.chains {
                    let limits = Limits {
                        k: self.config.chain_k,
                        length: self.config.chain_length,
                        budget: self.config.search_nodes,
                        tiers: &self.tiers,
                    };
                    if let Some(chain) = chain::shortest(
                        &self.index,
                        &self.state,
                        limits,
                        &mut self.scratch,
                        &mut self.work,
                        &mut self.searches_cut,
                    ) {
                        return Next::Step(Step::chain(chain));
                    }
                }
                Next::End(End::Stuck {
                    open_items: self.state.open_primary(),
                    options: self.state.alive_count(),
                })
            }
        }
    }

    /// Applies `step`: removes its removed options and chooses its forced
    /// ones. A step from [`LogicSolver::next_step`] applies to the state it
    /// was found on; applying another is the caller's claim that it is
    /// sound.
    ///
    /// # Errors
    ///
    /// As [`LogicSolver::select`], for the first option of the step that is
    /// not alive; the state is then unchanged.
    pub fn apply(&mut self, step: &Step) -> Result<(), LogicError> {
        for &o in step.removed.iter().chain(&step.forced) {
            self.check(o)?;
        }
        deduce::apply(&self.index, &mut self.state, step);
        Ok(())
    }

    /// Finds the next step and applies it.
    pub fn step(&mut self) -> Next {
        let next = self.next_step();
        if let Next::Step(step) = &next {
            deduce::apply(&self.index, &mut self.state, step);
        }
        next
    }

    /// Applies steps to the end: solved, stuck or no solution. There are
    /// at most as many steps as options, as each removes or chooses one.
    pub fn explain(&mut self) -> Explanation {
        let before = self.searches_cut;
        let mut steps = Vec::new();
        let end = loop {
            match self.step() {
                Next::Step(step) => steps.push(step),
                Next::End(end) => break end,
            }
        };
        Explanation {
            steps,
            end,
            searches_cut: self.searches_cut - before,
        }
    }

    /// The options chosen, given or forced, in order.
    #[must_use]
    pub fn chosen(&self) -> &[usize] {
        self.state.chosen()
    }

    /// Whether option `option` is still possible (neither chosen nor
    /// removed; `false` for no such option).
    #[must_use]
    pub fn is_alive(&self, option: usize) -> bool {
        option < self.index.option_count() && self.state.is_alive(option)
    }

    /// Whether item `item` is covered by a chosen option (`false` for no
    /// such item).
    #[must_use]
    pub fn is_covered(&self, item: usize) -> bool {
        item < self.index.item_count() && self.state.is_covered(item)
    }

    /// The number of options still possible for item `item` (0 for no such
    /// item).
    #[must_use]
    pub fn options_left(&self, item: usize) -> usize {
        if item < self.index.item_count() {
            self.state.count(item)
        } else {
            0
        }
    }

    /// Whether every primary item is covered: the chosen options are then
    /// a solution.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.state.open_primary() == 0
    }

    /// How many set-logic searches so far stopped at their node budget.
    #[must_use]
    pub fn searches_cut(&self) -> usize {
        self.searches_cut
    }
}
