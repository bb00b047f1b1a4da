//! Small tools of the command line that know nothing of exact cover:
//! numbers as people type them ([`units`]), the files they name
//! ([`input`]), text for a terminal ([`text`]), and JSON lines
//! ([`json`]).

pub mod input;
pub mod json;
pub mod text;
pub mod units;
