//! A readable trace of the search (to be written).
