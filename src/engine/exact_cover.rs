//! Options that carry values of the caller's own: [`ExactCover`], a
//! [`Problem`] and a [`Solver`] behind one type whose solutions are read as
//! those values.

use std::fmt;
use std::iter::FusedIterator;
use std::sync::{Mutex, PoisonError};

use crate::engine::budget::Budget;
use crate::engine::solver::{Count, Interrupted, SearchEnd, Solutions, Solver};
use crate::problem::{Problem, ProblemError};

/// An exact-cover problem given as options that carry values of your own,
/// its items inferred from the options, its solutions read as your values.
///
/// Each option is a pair: a value of any type `T` (a placement, a move, a
/// word) and the names of the items it covers. The items are those the
/// options name, in the order they are first named, primary (covered
/// exactly once) unless said secondary
/// ([`ExactCover::from_options_with_secondary`]: covered at most once) or
/// given a colour as Knuth writes it, `item:colour` (see
/// [`Problem::from_options`]). A solution is the values of its options, in
/// the order the options were given.
///
/// Every question ([`solution`](ExactCover::solution),
/// [`count`](ExactCover::count),
/// [`unique_solution`](ExactCover::unique_solution)) takes `&self`, so
/// solutions can be kept while asking another; it runs on a [`Solver`]
/// kept between questions, within the [`Budget`] given by
/// [`ExactCover::with_budget`] (none by default), and returns
/// `Err(`[`Interrupted`]`)` when that runs out, as every question of the
/// crate does. [`ExactCover::solutions`] iterates. For observers,
/// selections or counts on threads, take [`ExactCover::problem`] to the
/// [`Solver`] or the scale layer.
///
/// # Example
///
/// Four queens: one queen per row and per column (primary items), at most
/// one per diagonal (secondary items); each option is a square.
///
/// ```
/// use exactcover::ExactCover;
///
/// let n = 4;
/// let mut options = Vec::new();
/// for r in 0..n {
///     for c in 0..n {
///         let items = [format!("r{r}"), format!("c{c}"), format!("a{}", r + c), format!("b{}", n - 1 + r - c)];
///         options.push(((r, c), items));
///     }
/// }
/// let diagonals = (0..2 * n - 1).flat_map(|k| [format!("a{k}"), format!("b{k}")]);
/// let queens = ExactCover::from_options_with_secondary(options, diagonals)?;
///
/// assert_eq!(queens.count(None)?.solutions, 2);
/// let first = queens.solution()?.expect("four queens can be placed");
/// assert_eq!(first, [&(0, 1), &(1, 3), &(2, 0), &(3, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ExactCover<T> {
    problem: Problem,
    /// The value of every option, by option number.
    values: Vec<T>,
    budget: Budget,
    /// A solver of the problem kept between questions, taken out while one
    /// is asked: a question asked meanwhile (on another thread) builds a
    /// solver of its own.
    solver: Mutex<Option<Solver>>,
}

impl<T> ExactCover<T> {
    /// The problem of these options, each a value and the names of its
    /// items: the items inferred (first named first, primary unless
    /// coloured), as [`Problem::from_options`] does.
    ///
    /// # Errors
    ///
    /// A [`ProblemError`] for an option with no item, with an item twice,
    /// or with a name that cannot be one (empty, or with a control
    /// character); it names the option by its number (from 0).
    ///
    /// ```
    /// use exactcover::{ExactCover, ProblemError};
    ///
    /// // Cover 1 to 4 with these sets, each named by a letter.
    /// let cover = ExactCover::from_options([
    ///     ('a', ["1", "2"].as_slice()),
    ///     ('b', &["3"]),
    ///     ('c', &["2", "3"]),
    ///     ('d', &["1", "3"]),
    ///     ('e', &["4"]),
    /// ])?;
    /// assert_eq!(cover.unique_solution()?, Some(vec![&'a', &'b', &'e']));
    ///
    /// let twice = ExactCover::from_options([("x", ["1", "1"])]).unwrap_err();
    /// assert!(matches!(twice, ProblemError::RepeatedItem { option: 0, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_options<O, I, S>(options: O) -> Result<ExactCover<T>, ProblemError>
    where
        O: IntoIterator<Item = (T, I)>,
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        ExactCover::from_options_with_secondary(options, std::iter::empty::<&str>())
    }

    /// [`ExactCover::from_options`], with the items named in `secondary`
    /// secondary (covered at most once), as
    /// [`Problem::from_options_with_secondary`] does.
    ///
    /// # Errors
    ///
    /// As [`ExactCover::from_options`].
    ///
    /// ```
    /// use exactcover::ExactCover;
    ///
    /// // Pick some of the words so that every letter of "abc" is used
    /// // exactly once; "x" may be used at most once.
    /// let words = ["ab", "c", "ax", "bcx", "a", "b"];
    /// let options = words.map(|w| (w, w.chars().map(String::from).collect::<Vec<_>>()));
    /// let mut cover = ExactCover::from_options_with_secondary(options, ["x"])?;
    /// let all: Vec<Vec<&&str>> = cover.solutions().collect();
    /// assert_eq!(all.len(), 4); // ab c, ax b c, a bcx, a b c
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    pub fn from_options_with_secondary<O, I, S, U, V>(
        options: O,
        secondary: U,
    ) -> Result<ExactCover<T>, ProblemError>
    where
        O: IntoIterator<Item = (T, I)>,
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
        U: IntoIterator<Item = V>,
        V: AsRef<str>,
    {
        let (values, items): (Vec<T>, Vec<Vec<String>>) = options
            .into_iter()
            .map(|(value, items)| {
                let names = items.into_iter().map(|s| s.as_ref().to_owned());
                (value, names.collect())
            })
            .unzip();
        let problem = Problem::from_options_with_secondary(&items, secondary)?;
        Ok(ExactCover {
            problem,
            values,
            budget: Budget::new(),
            solver: Mutex::new(None),
        })
    }

    /// The same options, every question from now on within `budget` (see
    /// [`Budget`]: nodes, time, a cancellation flag).
    ///
    /// ```
    /// use exactcover::{Budget, ExactCover, Interruption};
    /// let cover = ExactCover::from_options([(1, ["a"]), (2, ["a"])])?
    ///     .with_budget(Budget::new().with_max_nodes(1));
    /// assert_eq!(cover.count(None).unwrap_err().reason, Interruption::NodeLimit);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> ExactCover<T> {
        self.budget = budget;
        self
    }

    /// The problem: items and options, numbered in the order they were
    /// first named and given, for a [`Solver`] of your own (observers,
    /// selections) or the other layers (counts on threads, Knuth's format).
    ///
    /// ```
    /// let cover = exactcover::ExactCover::from_options([("x", vec!["a", "b"]), ("y", vec!["b"])])?;
    /// assert_eq!(cover.problem().item_count(), 2);
    /// assert_eq!(cover.problem().option_label(1), "b");
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The values of the options, by option number (the order given).
    ///
    /// ```
    /// let cover = exactcover::ExactCover::from_options([("x", ["a"]), ("y", ["a"])])?;
    /// assert_eq!(cover.values(), ["x", "y"]);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// The values of the options of a solution, in the order the options
    /// were given.
    fn values_of<'v>(values: &'v [T], options: &[usize]) -> Vec<&'v T> {
        let mut options = options.to_vec();
        options.sort_unstable();
        options.iter().filter_map(|&o| values.get(o)).collect()
    }

    /// Asks `question` of the kept solver (or of a new one, when another
    /// question holds it), within the budget.
    fn ask<R>(&self, question: impl FnOnce(&mut Solver) -> R) -> R {
        let kept = self
            .solver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let mut solver = kept.unwrap_or_else(|| Solver::new(&self.problem));
        solver.set_budget(self.budget.clone());
        let answer = question(&mut solver);
        self.solver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_or_insert(solver);
        answer
    }

    /// The first solution found, as the values of its options; `None` when
    /// there is none.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget runs out first.
    ///
    /// ```
    /// let cover = exactcover::ExactCover::from_options([("both", vec!["a", "b"]), ("a", vec!["a"])])?;
    /// assert_eq!(cover.solution()?, Some(vec![&"both"]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution(&self) -> Result<Option<Vec<&T>>, Interrupted> {
        let options = self.ask(Solver::solution)?;
        Ok(options.map(|options| Self::values_of(&self.values, &options)))
    }

    /// The solution if there is exactly one; `None` when there is none or
    /// several (the search stops at the second).
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget runs out first.
    ///
    /// ```
    /// use exactcover::ExactCover;
    /// let one = ExactCover::from_options([("ab", vec!["a", "b"]), ("a", vec!["a"])])?;
    /// assert_eq!(one.unique_solution()?, Some(vec![&"ab"]));
    /// let two = ExactCover::from_options([("ab", vec!["a", "b"]), ("a", vec!["a"]), ("b", vec!["b"])])?;
    /// assert_eq!(two.unique_solution()?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unique_solution(&self) -> Result<Option<Vec<&T>>, Interrupted> {
        let options = self.ask(Solver::unique_solution)?;
        Ok(options.map(|options| Self::values_of(&self.values, &options)))
    }

    /// Counts the solutions, stopping at `limit` (`None`: all of them), as
    /// [`Solver::count`] does.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when the budget runs out first (with the solutions
    /// found so far: [`Count::from`] makes the partial count).
    ///
    /// ```
    /// use exactcover::{ExactCover, SearchEnd};
    /// let cover = ExactCover::from_options([(1, ["a"]), (2, ["a"]), (3, ["a"])])?;
    /// assert_eq!(cover.count(None)?.solutions, 3);
    /// assert_eq!(cover.count(Some(2))?.end, SearchEnd::Limit);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, limit: Option<u64>) -> Result<Count, Interrupted> {
        self.ask(|solver| solver.count(limit))
    }

    /// A lazy iterator over the solutions, each the values of its options
    /// in the order given; [`CoverSolutions::end`] says afterwards whether
    /// it saw them all or ran out of budget.
    ///
    /// ```
    /// use exactcover::ExactCover;
    /// let mut cover = ExactCover::from_options([("ab", vec!["a", "b"]), ("a", vec!["a"]), ("b", vec!["b"])])?;
    /// let all: Vec<Vec<&&str>> = cover.solutions().collect();
    /// assert_eq!(all, [vec![&"ab"], vec![&"a", &"b"]]);
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use = "the iterator does nothing until it is advanced"]
    pub fn solutions(&mut self) -> CoverSolutions<'_, T> {
        let ExactCover {
            problem,
            values,
            budget,
            solver,
        } = self;
        let solver = solver
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .get_or_insert_with(|| Solver::new(problem));
        solver.set_budget(budget.clone());
        CoverSolutions {
            inner: solver.solutions(),
            values,
        }
    }
}

/// The same options and budget; the copy builds its own solver.
impl<T: Clone> Clone for ExactCover<T> {
    fn clone(&self) -> ExactCover<T> {
        ExactCover {
            problem: self.problem.clone(),
            values: self.values.clone(),
            budget: self.budget.clone(),
            solver: Mutex::new(None),
        }
    }
}

/// The options, each as its value and its items' names.
///
/// ```
/// let cover = exactcover::ExactCover::from_options([(7, ["a", "b"])])?;
/// assert_eq!(format!("{cover:?}"), r#"ExactCover { options: [(7, "a b")], .. }"#);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
impl<T: fmt::Debug> fmt::Debug for ExactCover<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options: Vec<(&T, String)> = (self.values.iter().enumerate())
            .map(|(o, value)| (value, self.problem.option_label(o)))
            .collect();
        f.debug_struct("ExactCover")
            .field("options", &options)
            .finish_non_exhaustive()
    }
}

/// The iterator of [`ExactCover::solutions`]: every solution as the values
/// of its options, in the order given.
#[derive(Debug)]
pub struct CoverSolutions<'c, T> {
    inner: Solutions<'c>,
    values: &'c [T],
}

impl<T> CoverSolutions<'_, T> {
    /// How the search ended, once the iterator has returned `None` (see
    /// [`Solutions::end`]).
    ///
    /// ```
    /// use exactcover::{ExactCover, SearchEnd};
    /// let mut cover = ExactCover::from_options([((), ["a"])])?;
    /// let mut solutions = cover.solutions();
    /// assert!(solutions.next().is_some());
    /// assert!(solutions.next().is_none());
    /// assert_eq!(solutions.end(), Some(SearchEnd::Exhausted));
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn end(&self) -> Option<SearchEnd> {
        self.inner.end()
    }
}

impl<'c, T> Iterator for CoverSolutions<'c, T> {
    type Item = Vec<&'c T>;

    fn next(&mut self) -> Option<Vec<&'c T>> {
        let options = self.inner.next_solution()?;
        Some(ExactCover::values_of(self.values, options))
    }
}

/// Once the search has ended, `next` returns `None` for ever.
impl<T> FusedIterator for CoverSolutions<'_, T> {}
