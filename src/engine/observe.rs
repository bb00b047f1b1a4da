//! Observers: the steps of a search, as they happen.
//!
//! An [`Observer`] hears every step of Algorithm X (choose an item, try an
//! option, cover, uncover, back up, a solution), in the numbering of the
//! [`Problem`](crate::Problem). Traces for learners, the search-tree recorder
//! and profilers are observers. All its methods do nothing by default, and
//! the searches without one use `()`, whose calls compile to nothing.

/// Receives the steps of a search as they happen.
///
/// Every method does nothing unless overridden. Levels count from 0 (the
/// first choice); items and options are numbered as in the [`Problem`](crate::Problem).
///
/// ```
/// use exactcover::{Observer, Problem, Solver};
///
/// #[derive(Default)]
/// struct Depths(Vec<usize>);
/// impl Observer for Depths {
///     fn try_option(&mut self, level: usize, _option: usize) {
///         self.0.push(level);
///     }
/// }
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(2);
/// problem.add_option([0])?;
/// problem.add_option([1])?;
/// let mut solver = Solver::new(&problem);
/// let mut depths = Depths::default();
/// solver.visit_observed(&mut depths, |_| std::ops::ControlFlow::Continue(()));
/// assert_eq!(depths.0, [0, 1]);
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
pub trait Observer {
    /// `false` only for observers that ignore everything, so that the search
    /// can skip work done only to report (such as finding an option's
    /// number) and end as soon as nothing is left to try, without backing up
    /// through the levels above (an enabled observer sees every `uncover`
    /// and `backtrack` up to the top).
    const ENABLED: bool = true;

    /// Option `option` was selected before the search began
    /// ([`Solver::select`](crate::Solver::select)). At the start of every
    /// search an observer hears the selection, in the order it was made,
    /// before any other step.
    fn selected(&mut self, option: usize) {
        let _ = option;
    }
    /// Option `option` was taken out of the search before it began
    /// ([`Solver::exclude`](crate::Solver::exclude)); heard with the
    /// selection.
    fn excluded(&mut self, option: usize) {
        let _ = option;
    }
    /// At `level`, the search branches on `item`, which has `options` options
    /// left (0 means a dead end: the search backs up at once).
    fn choose(&mut self, level: usize, item: usize, options: usize) {
        let _ = (level, item, options);
    }
    /// At `level`, the search tries `option`.
    fn try_option(&mut self, level: usize, option: usize) {
        let _ = (level, option);
    }
    /// At `level`, the option just tried was aborted
    /// ([`Tree::Abort`](crate::engine::Tree::Abort)): choosing it would have left a
    /// primary item with no option, so it was undone before any of its
    /// items was reported covered, and is no node of the tree; the search
    /// goes on with the next option of the level.
    fn abort(&mut self, level: usize, option: usize) {
        let _ = (level, option);
    }
    /// At `level`, the search tries giving `item` no more options
    /// (Algorithm M's *null* choice, for an item whose lower bound is met:
    /// see [`Problem::set_bounds`](crate::Problem::set_bounds)); the item
    /// takes no part in the levels below. Only searches of problems with
    /// bounds make it.
    fn try_none(&mut self, level: usize, item: usize) {
        let _ = (level, item);
    }
    /// `item` is covered: removed, with every option that contains it.
    fn cover(&mut self, item: usize) {
        let _ = item;
    }
    /// `item` is uncovered: put back, with its options.
    fn uncover(&mut self, item: usize) {
        let _ = item;
    }
    /// Secondary `item` is *purified* with colour `colour` (Algorithm C):
    /// every option that gives it another colour, or none, is removed.
    fn purify(&mut self, item: usize, colour: usize) {
        let _ = (item, colour);
    }
    /// `item`'s purification is undone: its options are put back.
    fn unpurify(&mut self, item: usize) {
        let _ = item;
    }
    /// Every option at `level` has been tried: the search goes back up.
    fn backtrack(&mut self, level: usize) {
        let _ = level;
    }
    /// A solution has been found with `level` options chosen by the search.
    fn solution(&mut self, level: usize) {
        let _ = level;
    }
}

/// The observer that observes nothing.
impl Observer for () {
    const ENABLED: bool = false;
}
