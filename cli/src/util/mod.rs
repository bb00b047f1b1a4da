//! Small tools of the command line that know nothing of exact cover:
//! numbers as people type them ([`units`]), the files they name
//! ([`input`]), and text for a terminal ([`text`]).

pub mod input;
pub mod text;
pub mod units;
