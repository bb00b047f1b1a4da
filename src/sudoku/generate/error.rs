//! [`GenerateError`]: why a [`Generator`](crate::sudoku::Generator) made no
//! puzzle, or a symmetry could not be read.

use std::fmt;

use crate::engine::Interruption;
use crate::sudoku::unique::PuzzleError;

/// Why a puzzle could not be made, or a [`Symmetry`](crate::sudoku::Symmetry)
/// read.
///
/// ```
/// use exactcover::sudoku::{GenerateError, Symmetry};
/// let err = "spiral".parse::<Symmetry>().unwrap_err();
/// assert_eq!(err, GenerateError::UnknownSymmetry("spiral".into()));
/// assert_eq!(err.to_string(), "unknown symmetry 'spiral' (none, rot180, rot90, mirror or diagonal)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// Not one of `none`, `rot180`, `rot90`, `mirror`, `diagonal`.
    UnknownSymmetry(String),
    /// No attempt met the clue count or grade asked for.
    NotReached {
        /// The attempts made.
        attempts: usize,
        /// What was asked.
        wanted: String,
    },
    /// The rules have no solved grid at all.
    NoGrid,
    /// The budget ran out.
    Interrupted(Interruption),
    /// A puzzle made could not be checked or graded (the budget running out
    /// comes as [`GenerateError::Interrupted`]).
    Puzzle(PuzzleError),
}

impl From<PuzzleError> for GenerateError {
    /// [`PuzzleError::Interrupted`] becomes [`GenerateError::Interrupted`],
    /// the others [`GenerateError::Puzzle`].
    fn from(e: PuzzleError) -> GenerateError {
        match e {
            PuzzleError::Interrupted(why) => GenerateError::Interrupted(why),
            other => GenerateError::Puzzle(other),
        }
    }
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::UnknownSymmetry(s) => write!(
                f,
                "unknown symmetry '{s}' (none, rot180, rot90, mirror or diagonal)"
            ),
            GenerateError::NotReached { attempts, wanted } => {
                write!(f, "no puzzle with {wanted} in {attempts} attempts")
            }
            GenerateError::NoGrid => write!(f, "these rules have no solved grid"),
            GenerateError::Interrupted(why) => write!(f, "the search stopped ({why})"),
            GenerateError::Puzzle(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GenerateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GenerateError::Puzzle(e) => Some(e),
            _ => None,
        }
    }
}
