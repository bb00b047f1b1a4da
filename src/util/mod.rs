//! Small tools every layer may use, none of which knows of exact cover,
//! and all private to the crate:
//!
//! * `xml`: escaping text for XML and HTML (the pictures and the page);
//! * `random`: SplitMix64, the seeded generator behind random tie-breaking
//!   and the puzzle generator, the same on every platform;
//! * `lines`: reading lines in bounded memory, for Knuth's format and the
//!   Sudoku reader;
//! * `text`: names from someone else's input shown safely to people
//!   (control characters made visible), and numbers and percentages for
//!   people.

pub(crate) mod lines;
pub(crate) mod random;
pub(crate) mod text;
pub(crate) mod xml;
