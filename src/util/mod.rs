//! Small tools every layer may use, and none of which knows of exact cover.
//!
//! * `xml`: escaping text for XML and HTML (the pictures and the page);
//! * `random`: SplitMix64, the seeded generator behind random tie-breaking
//!   and the puzzle generator, the same on every platform;
//! * `lines`: reading lines in bounded memory, for Knuth's format and the
//!   Sudoku reader;
//! * [`text`]: names from someone else's input shown safely to people
//!   (control characters made visible), and numbers, percentages and
//!   progress lines for people (public: the command line prints them);
//! * [`units`]: sizes, seconds, ranges and whole numbers as people type
//!   them (public: the command line reads them);
//! * [`input`]: files named by a user, or standard input, opened in turn
//!   (public: the command line and any program reading puzzle files open
//!   them so).

pub(crate) mod lines;
pub(crate) mod random;
pub mod text;
pub(crate) mod xml;
