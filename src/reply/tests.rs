//! Tests of the replies.
