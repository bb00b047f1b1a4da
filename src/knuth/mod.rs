//! Knuth's text format for exact-cover problems, as read by his DLX1, with
//! colours DLX2, and with multiplicities DLX3.
//!
//! ```text
//! | A comment: a line whose first non-blank character is '|'.
//! A B C D E F G | x y
//! C E F
//! A D G x:red |5
//! B y x:red
//! ```
//!
//! * Blank lines and comment lines are skipped anywhere. As in DLX1, a
//!   comment is a line whose first non-blank character is `|`.
//! * The first other line names the items, separated by white space: the
//!   primary items, then optionally a `|` and the secondary items. So the
//!   item line starts with a primary item: written after a `|`, it would be a
//!   comment (DLX1 reads it so too).
//! * A primary item may carry DLX3's bounds before its name: `a:b|name`
//!   asks that between `a` and `b` of the chosen options cover it, `b|name`
//!   exactly `b` (`1 <= b`, `a <= b`, both whole numbers; no bounds means
//!   `1|name`, exactly once). See [`Problem::set_bounds`](crate::Problem::set_bounds).
//!   A primary item whose name begins with `#` is branched on first
//!   (DLX2-SHARP's preference, [`Problem::is_sharp`](crate::Problem::is_sharp)).
//! * Every following line is an option: the names of its items. A secondary
//!   item may be written `item:colour`, as in DLX2: options may then share
//!   the item if they all give it the same colour (TAOCP 7.2.2.1, Algorithm
//!   C); an option that names it without a colour still excludes every
//!   other.
//! * An option may have a cost, as in DLX5: a word `|n` (`|` and decimal
//!   digits, no space between) after any of its items, several adding up
//!   (`A B |3 |4` costs 7); an option without one costs 0. The sum must fit
//!   in a `u64` ([`KnuthErrorKind::CostTooLarge`]). A `|` alone in an option
//!   line is an error, and a line that starts with `|` is a comment, as
//!   ever.
//!
//! Names and colours are any run of characters other than white space, `|`
//! and `:`, of at most [`MAX_NAME`] characters (Knuth's limit is eight). A line holds at most [`MAX_LINE`] bytes:
//! the reader never buffers more than that, whatever the input.
//!
//! Comments that look like data are not dropped silently: an option line
//! commented out (a comment whose words are all item names, after the item
//! line) is listed in [`KnuthProblem::commented_options`], and an unknown
//! item that a comment before the item line names is reported with that
//! comment's line ([`KnuthError::comment_line`]).
//!
//! Errors carry the line and column of what is wrong, from 0 like every
//! position in this crate's data (their messages count from 1, for people).
//!
//! The module is split by job: `read` reads the format ([`parse`], [`read`],
//! giving a [`KnuthProblem`]), `write` writes it ([`write()`]), and `error`
//! says what is wrong with a text ([`KnuthError`]).

mod error;
mod read;
mod write;

pub use error::{KnuthError, KnuthErrorKind, ReadError};
pub use read::{KnuthProblem, parse, read};
pub use write::{item_line_primaries, write, write_noted};

/// The most bytes a line may hold, its line end not counted (1 MiB).
pub const MAX_LINE: usize = 1 << 20;

/// The most characters a name may have.
pub const MAX_NAME: usize = 256;
