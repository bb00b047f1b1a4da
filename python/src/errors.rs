//! Failures as plain data (made on any thread), raised as the package's
//! exceptions (python/exactcover/_errors.py) on the calling thread.

use exactcover::engine::{ArenaError, MemoError};
use exactcover::knuth::{KnuthError, KnuthErrorKind};
use exactcover::sudoku::{FPuzzlesError, GenerateError, GridError, PuzzleError};
use exactcover::{Interrupted, Interruption, ProblemError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Why an answer could not be had.
#[derive(Debug)]
pub enum Fail {
    /// The budget ran out (or the search was cancelled by Ctrl-C).
    Interrupted {
        reason: Interruption,
        solutions: u128,
        nodes: u64,
    },
    /// An exception of `exactcover._errors` (or a builtin one, `class`
    /// starting with `builtins.`), with its keyword attributes.
    Raise {
        class: &'static str,
        message: String,
        attrs: Vec<(&'static str, Option<usize>)>,
    },
}

impl Fail {
    pub fn raise(class: &'static str, message: impl Into<String>) -> Fail {
        Fail::Raise {
            class,
            message: message.into(),
            attrs: Vec::new(),
        }
    }

    pub fn with(mut self, key: &'static str, value: Option<usize>) -> Fail {
        if let Fail::Raise { attrs, .. } = &mut self {
            attrs.push((key, value));
        }
        self
    }

    pub fn panic(payload: Box<dyn std::any::Any + Send>) -> Fail {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        Fail::raise(
            "builtins.RuntimeError",
            format!("internal error in exactcover's engine (please report it): {what}"),
        )
    }

    /// The Python exception.
    pub fn into_pyerr(self, py: Python<'_>) -> PyErr {
        match make(py, self) {
            Ok(e) | Err(e) => e,
        }
    }
}

fn make(py: Python<'_>, fail: Fail) -> PyResult<PyErr> {
    let kwargs = PyDict::new(py);
    let (module, class, message) = match fail {
        Fail::Interrupted {
            reason,
            solutions,
            nodes,
        } => {
            if reason == Interruption::Cancelled {
                // Only Ctrl-C sets the cancel flag; the signal's exception
                // is raised by the caller, this is never seen.
                return Ok(pyo3::exceptions::PyKeyboardInterrupt::new_err(
                    "search cancelled",
                ));
            }
            let why = match reason {
                Interruption::Deadline => "timeout",
                _ => "max_nodes",
            };
            kwargs.set_item("reason", why)?;
            kwargs.set_item("solutions", solutions)?;
            kwargs.set_item("nodes", nodes)?;
            (
                "exactcover._errors",
                "Interrupted",
                format!(
                    "search stopped ({reason}) after {nodes} nodes and {solutions} solutions \
                     ({why} budget)"
                ),
            )
        }
        Fail::Raise {
            class,
            message,
            attrs,
        } => {
            for (k, v) in attrs {
                kwargs.set_item(k, v)?;
            }
            match class.strip_prefix("builtins.") {
                Some(builtin) => {
                    let class = py.import("builtins")?.getattr(builtin)?;
                    return Ok(PyErr::from_value(class.call1((message,))?));
                }
                None => ("exactcover._errors", class, message),
            }
        }
    };
    let class = py.import(module)?.getattr(class)?;
    Ok(PyErr::from_value(class.call((message,), Some(&kwargs))?))
}

impl From<Interrupted> for Fail {
    fn from(i: Interrupted) -> Fail {
        Fail::Interrupted {
            reason: i.reason,
            solutions: u128::from(i.stats.solutions),
            nodes: i.stats.nodes,
        }
    }
}

impl From<ProblemError> for Fail {
    fn from(e: ProblemError) -> Fail {
        if let ProblemError::Memory { .. } = e {
            return Fail::raise("builtins.MemoryError", e.to_string());
        }
        let (option, item) = match &e {
            ProblemError::DuplicateName { second, .. } => (None, Some(*second)),
            ProblemError::EmptyName { item } => (None, Some(*item)),
            ProblemError::EmptyOption { option } => (Some(*option), None),
            ProblemError::UnknownItem { option, item } => (Some(*option), Some(*item)),
            ProblemError::UnknownName { option, .. } => (Some(*option), None),
            ProblemError::RepeatedItem { option, item, .. } => (Some(*option), Some(*item)),
            ProblemError::ColourOnPrimary { option, item, .. } => (Some(*option), Some(*item)),
            ProblemError::UnknownColour { option, .. } => (Some(*option), None),
            ProblemError::BoundsOnUnknownItem { item } => (None, Some(*item)),
            ProblemError::BoundsOnSecondary { item, .. } => (None, Some(*item)),
            ProblemError::ZeroUpperBound { item, .. } => (None, Some(*item)),
            ProblemError::LowerAboveUpper { item, .. } => (None, Some(*item)),
            ProblemError::UnknownOption { option, .. } => (Some(*option), None),
            _ => (None, None),
        };
        Fail::raise("InputError", e.to_string())
            .with("option", option)
            .with("item", item)
    }
}

impl From<KnuthError> for Fail {
    fn from(e: KnuthError) -> Fail {
        if let KnuthErrorKind::Memory { .. } = e.kind {
            return Fail::raise("builtins.MemoryError", e.to_string());
        }
        // Lines and columns from 1, as the message says them.
        Fail::raise("ParseError", e.to_string())
            .with("line", e.line.map(|l| l + 1))
            .with("column", e.column.map(|c| c + 1))
    }
}

impl From<GridError> for Fail {
    fn from(e: GridError) -> Fail {
        let (row, column) = match &e {
            GridError::RowLength { row, .. } => (Some(*row), None),
            GridError::IllegalCharacter { row, column, .. }
            | GridError::SymbolOutOfRange { row, column, .. }
            | GridError::BadValue { row, column, .. } => (Some(*row), Some(*column)),
            _ => (None, None),
        };
        // The grid's row and column, from 1.
        Fail::raise("ParseError", e.to_string())
            .with("line", row.map(|r| r + 1))
            .with("column", column.map(|c| c + 1))
    }
}

impl From<FPuzzlesError> for Fail {
    fn from(e: FPuzzlesError) -> Fail {
        Fail::raise("ParseError", e.to_string())
    }
}

impl From<ArenaError> for Fail {
    fn from(e: ArenaError) -> Fail {
        Fail::raise("builtins.MemoryError", e.to_string())
    }
}

impl From<MemoError> for Fail {
    fn from(e: MemoError) -> Fail {
        match e {
            MemoError::Interrupted(i) => i.into(),
            MemoError::Overflow => Fail::raise("CountOverflow", e.to_string()),
            MemoError::ZddTooLarge { .. } => Fail::raise("builtins.MemoryError", e.to_string()),
            _ => Fail::raise("InputError", e.to_string()),
        }
    }
}

impl From<PuzzleError> for Fail {
    fn from(e: PuzzleError) -> Fail {
        match e {
            PuzzleError::Interrupted(reason) => Fail::Interrupted {
                reason,
                solutions: 0,
                nodes: 0,
            },
            PuzzleError::Memory(m) => m.into(),
            other => Fail::raise("SudokuError", other.to_string()),
        }
    }
}

impl From<GenerateError> for Fail {
    fn from(e: GenerateError) -> Fail {
        match e {
            GenerateError::Interrupted(reason) => Fail::Interrupted {
                reason,
                solutions: 0,
                nodes: 0,
            },
            GenerateError::Puzzle(p) => p.into(),
            GenerateError::UnknownSymmetry(_) => Fail::raise("InputError", e.to_string()),
            other => Fail::raise("SudokuError", other.to_string()),
        }
    }
}
