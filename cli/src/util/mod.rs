//! Small tools of the command line that know nothing of exact cover:
//! numbers as people type them ([`units`]) and the files they name
//! ([`input`]).

pub mod input;
pub mod units;
