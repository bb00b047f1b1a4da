//! What can be wrong with an option given to the logic solver.

use std::fmt;

/// Why an option cannot be chosen, or a step applied.
///
/// ```
/// use exactcover::Problem;
/// use exactcover::logic::{LogicError, LogicSolver};
///
/// let mut problem = Problem::new();
/// problem.add_primary_items(1);
/// problem.add_option([0])?;
/// problem.add_option([0])?;
/// let mut solver = LogicSolver::new(&problem);
/// assert_eq!(solver.select(5), Err(LogicError::UnknownOption { option: 5, options: 2 }));
/// solver.select(0)?;
/// assert_eq!(solver.select(0), Err(LogicError::Chosen { option: 0 }));
/// assert_eq!(solver.select(1), Err(LogicError::Removed { option: 1 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LogicError {
    /// There is no such option.
    UnknownOption {
        /// The option given.
        option: usize,
        /// The number of options of the problem.
        options: usize,
    },
    /// The option is chosen already.
    Chosen {
        /// The option.
        option: usize,
    },
    /// The option is no longer possible: it clashes with a chosen option,
    /// or a step removed it.
    Removed {
        /// The option.
        option: usize,
    },
}

impl fmt::Display for LogicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogicError::UnknownOption { option, options } => {
                write!(
                    f,
                    "option {option} does not exist (the problem has {options})"
                )
            }
            LogicError::Chosen { option } => write!(f, "option {option} is chosen already"),
            LogicError::Removed { option } => write!(
                f,
                "option {option} is no longer possible (it clashes with a chosen option or was removed)"
            ),
        }
    }
}

impl std::error::Error for LogicError {}
