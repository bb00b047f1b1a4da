//! Which search tree a [`Solver`](crate::Solver) walks: DLX1's, or the one
//! that aborts an option as soon as it would leave a primary item
//! uncoverable (Knuth's SSXC1 does).

use std::fmt;
use std::str::FromStr;

/// The search tree a [`Solver`](crate::Solver) walks
/// ([`Solver::set_tree`](crate::Solver::set_tree)).
///
/// Both find the same solutions in the same order; they differ in the
/// nodes they make, and so in their time and their [`Stats`](crate::Stats).
///
/// ```
/// use exactcover::{Solver, Tree, problem::classic};
///
/// let problem = classic::pentominoes(3, 20, true);
/// let mut solver = Solver::new(&problem);
/// let dlx1 = solver.count(None)?;
/// let nodes = solver.stats().nodes;
/// solver.set_tree(Tree::Abort)?;
/// let abort = solver.count(None)?;
/// assert_eq!(abort.solutions, dlx1.solutions); // 2 tilings
/// let stats = solver.stats();
/// assert!(stats.nodes < nodes);
/// assert_eq!(stats.nodes + solver.aborts(), nodes); // every dead end aborted
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tree {
    /// Knuth's DLX1 (Algorithm X, TAOCP 7.2.2.1), the default: choosing an
    /// option covers all its items, and when that leaves some primary item
    /// with no option, the next level branches on it, finds nothing and
    /// backs up (a *dead end*, a node of the tree). The statistics are
    /// DLX1's (its `nodes` less the root, its `updates`).
    #[default]
    Dlx1,
    /// DLX1's tree without its dead ends: choosing an option stops as soon
    /// as covering its items would leave an active primary item with no
    /// option, undoes what it did, and goes on with the next option of the
    /// level, as Knuth's SSXC1 does ("can't cover", `goto abort`), on
    /// dancing links. Every other node is DLX1's, branching on the same
    /// item. [`Stats::nodes`](crate::Stats::nodes) counts the options
    /// chosen to the end, [`Solver::aborts`](crate::Solver::aborts) those
    /// aborted (their sum is DLX1's count of options tried),
    /// [`Stats::updates`](crate::Stats::updates) every item taken out of
    /// the list of active items and every node hidden, the work an abort
    /// undoes included. A budget's node limit counts the nodes (an abort
    /// is not one). An observer hears an aborted option as tried
    /// (`try_option`), then aborted (`abort`), and
    /// hears the items of a committed option covered in the order the commit
    /// takes them, uncovered in the reverse order.
    ///
    /// For Algorithm X only: a problem with colours, multiplicities or the
    /// sharp preference is refused ([`TreeError`]). The questions that run
    /// a driver of their own walk their own trees whatever is set here: the
    /// memoised count (Algorithm Z, [`Memo`](crate::engine::Memo)), the
    /// cheapest solutions ([`Solver::cheapest`](crate::Solver::cheapest)),
    /// the split into subproblems. Step X5 walks every option from
    /// spacers, as DLX1 does, even when the problem's other steps walk
    /// them by place (measured faster).
    Abort,
}

/// [`Solver::set_tree`](crate::Solver::set_tree) was asked for
/// [`Tree::Abort`] on a problem that is not Algorithm X's (it has colours,
/// multiplicities or the sharp preference); the solver keeps walking
/// DLX1's tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TreeError {
    /// The tree asked for.
    pub tree: Tree,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the tree {} is for Algorithm X only (no colours, multiplicities or sharp preference)",
            self.tree
        )
    }
}

impl fmt::Display for Tree {
    /// The tree's name as [`FromStr`] reads it: `dlx1` or `abort`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tree::Dlx1 => "dlx1",
            Tree::Abort => "abort",
        })
    }
}

/// A name that is no [`Tree`]'s: its first 40 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNameError(String);

impl fmt::Display for TreeNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is no search tree: dlx1 or abort",
            crate::util::text::Printable::cut(&self.0, 40)
        )
    }
}

impl std::error::Error for TreeNameError {}

impl FromStr for Tree {
    type Err = TreeNameError;

    /// `dlx1` or `abort`, as [`Tree`]'s `Display` writes them.
    ///
    /// ```
    /// use exactcover::Tree;
    /// assert_eq!("abort".parse::<Tree>(), Ok(Tree::Abort));
    /// assert_eq!(Tree::Dlx1.to_string().parse::<Tree>(), Ok(Tree::Dlx1));
    /// assert!("ssxc1".parse::<Tree>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Tree, TreeNameError> {
        match s {
            "dlx1" => Ok(Tree::Dlx1),
            "abort" => Ok(Tree::Abort),
            _ => Err(TreeNameError(s.chars().take(41).collect())),
        }
    }
}

impl std::error::Error for TreeError {}
