//! What is wrong with an item or option given to a problem.

use std::fmt;

use super::MAX_NODES;
use crate::util::text::Printable;

/// What is wrong with an item or option given to a [`Problem`](super::Problem).
///
/// Options and items are numbered from 0, as the problem numbers them.
/// Messages show names with their control characters made visible.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemError {
    /// Two items were given the same name.
    DuplicateName {
        /// The name.
        name: String,
        /// The item that has it already.
        first: usize,
        /// The item that would have had it too.
        second: usize,
    },
    /// An item was given the empty name.
    EmptyName {
        /// The item that would have had it.
        item: usize,
    },
    /// An item or colour name holds a control character (ESC, NUL, ...),
    /// which would reach a terminal or a picture later.
    UnprintableName {
        /// The name.
        name: String,
    },
    /// An option has no items.
    EmptyOption {
        /// The option's number.
        option: usize,
    },
    /// An option names an item number that does not exist.
    UnknownItem {
        /// The option's number.
        option: usize,
        /// The item number given.
        item: usize,
    },
    /// An option names an item name that does not exist.
    UnknownName {
        /// The option's number.
        option: usize,
        /// The name given.
        name: String,
    },
    /// An option contains the same item twice.
    RepeatedItem {
        /// The option's number.
        option: usize,
        /// The repeated item.
        item: usize,
        /// Its name, if it has one.
        name: Option<String>,
    },
    /// A colour was given the empty name.
    EmptyColour,
    /// An option gives a colour to a primary item (only secondary items
    /// have colours).
    ColourOnPrimary {
        /// The option's number.
        option: usize,
        /// The primary item.
        item: usize,
        /// Its name, if it has one.
        name: Option<String>,
    },
    /// An option names a colour number that [`Problem::colour`](super::Problem::colour) never gave.
    UnknownColour {
        /// The option's number.
        option: usize,
        /// The colour number given.
        colour: usize,
    },
    /// The problem would have more nodes than the solver can index.
    TooLarge {
        /// How many nodes it would have had.
        nodes: usize,
    },
    /// Bounds were given to an item number that does not exist
    /// ([`Problem::set_bounds`](super::Problem::set_bounds)).
    BoundsOnUnknownItem {
        /// The item number given.
        item: usize,
    },
    /// Bounds were given to a secondary item: only primary items have them.
    BoundsOnSecondary {
        /// The item.
        item: usize,
        /// Its name, if it has one.
        name: Option<String>,
    },
    /// An upper bound of 0: an item that no chosen option may cover.
    ZeroUpperBound {
        /// The item.
        item: usize,
        /// Its name, if it has one.
        name: Option<String>,
    },
    /// A lower bound above the upper bound.
    LowerAboveUpper {
        /// The item.
        item: usize,
        /// Its name, if it has one.
        name: Option<String>,
        /// The lower bound given.
        lower: u32,
        /// The upper bound given.
        upper: u32,
    },
    /// A cost was given to an option that does not exist.
    UnknownOption {
        /// The option number given.
        option: usize,
        /// How many options there are.
        options: usize,
    },
    /// The memory to hold one more item, option or entry could not be had
    /// (the problem is unchanged): a problem as large as its input says,
    /// built on a machine or under a cap too small for it.
    Memory {
        /// The bytes asked for.
        bytes: usize,
    },
}

/// `item 3` or `item 'name'`, for messages.
fn item_words(item: usize, name: &Option<String>) -> String {
    match name {
        Some(name) => format!("item '{}'", Printable::new(name)),
        None => format!("item {item}"),
    }
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::DuplicateName {
                name,
                first,
                second,
            } => write!(
                f,
                "duplicate item name '{}' (items {first} and {second})",
                Printable::new(name)
            ),
            ProblemError::EmptyName { item } => write!(f, "item {item} has an empty name"),
            ProblemError::UnprintableName { name } => write!(
                f,
                "the name '{}' holds a control character",
                Printable::new(name)
            ),
            ProblemError::EmptyOption { option } => write!(f, "option {option} has no items"),
            ProblemError::UnknownItem { option, item } => {
                write!(f, "option {option} names unknown item {item}")
            }
            ProblemError::UnknownName { option, name } => {
                write!(
                    f,
                    "option {option} names unknown item '{}'",
                    Printable::new(name)
                )
            }
            ProblemError::RepeatedItem { option, item, name } => match name {
                Some(name) => write!(f, "option {option} repeats item '{}'", Printable::new(name)),
                None => write!(f, "option {option} repeats item {item}"),
            },
            ProblemError::EmptyColour => write!(f, "a colour has an empty name"),
            ProblemError::ColourOnPrimary { option, item, name } => match name {
                Some(name) => write!(
                    f,
                    "option {option} gives a colour to primary item '{name}' (only secondary items have colours)"
                ),
                None => write!(
                    f,
                    "option {option} gives a colour to primary item {item} (only secondary items have colours)"
                ),
            },
            ProblemError::UnknownColour { option, colour } => {
                write!(f, "option {option} names unknown colour {colour}")
            }
            ProblemError::TooLarge { nodes } => {
                write!(f, "problem too large: {nodes} nodes (at most {MAX_NODES})")
            }
            ProblemError::BoundsOnUnknownItem { item } => {
                write!(f, "bounds for unknown item {item}")
            }
            ProblemError::BoundsOnSecondary { item, name } => write!(
                f,
                "bounds for secondary {}: only primary items have bounds",
                item_words(*item, name)
            ),
            ProblemError::ZeroUpperBound { item, name } => write!(
                f,
                "upper bound 0 for {}: the upper bound must be at least 1",
                item_words(*item, name)
            ),
            ProblemError::LowerAboveUpper {
                item,
                name,
                lower,
                upper,
            } => write!(
                f,
                "bounds {lower}:{upper} for {}: the lower bound exceeds the upper bound",
                item_words(*item, name)
            ),
            ProblemError::Memory { bytes } => {
                write!(f, "cannot allocate the {bytes} bytes to hold the problem")
            }
            ProblemError::UnknownOption { option, options } => {
                write!(f, "no option {option} (there are {options})")
            }
        }
    }
}

impl std::error::Error for ProblemError {}
