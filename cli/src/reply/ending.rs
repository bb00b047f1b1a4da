//! How a search that lists or counts solutions ended, in words:
//! [`describe`].

use exactcover::engine::describe_estimate;
use exactcover::{Interruption, SearchEnd};

/// How a search ended, as a command line says it: [`describe`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Described {
    /// What follows the number of solutions: `?` when the search was
    /// interrupted, `+` when it stopped at the caller's limit, else nothing.
    pub(crate) suffix: &'static str,
    /// What to say besides: `no solution`, or why the search stopped and
    /// how far it had gone.
    pub(crate) message: Option<String>,
    /// Whether the search was interrupted before its answer.
    pub(crate) interrupted: bool,
}

/// How a search that found `found` solutions in `nodes` nodes and
/// ended so is said: the count's suffix, and a message when none was
/// found or when the budget stopped it (why, in the words of `reason`;
/// with Knuth's `estimate` of the part of the tree walked, when known).
///
#[must_use]
pub(crate) fn describe(
    end: SearchEnd,
    found: u128,
    nodes: u64,
    reason: impl FnOnce(Interruption) -> String,
    estimate: Option<f64>,
) -> Described {
    let (suffix, message) = match end {
        SearchEnd::Exhausted if found == 0 => ("", Some("no solution".to_string())),
        SearchEnd::Exhausted => ("", None),
        SearchEnd::Interrupted(why) => {
            let shown = match estimate {
                Some(fraction) => {
                    format!(", {}", describe_estimate(fraction, "the search tree"))
                }
                None => String::new(),
            };
            let why = reason(why);
            let message =
                format!("search stopped ({why}) after {nodes} nodes and {found} solutions{shown}");
            ("?", Some(message))
        }
        _ => ("+", None),
    };
    Described {
        suffix,
        message,
        interrupted: matches!(end, SearchEnd::Interrupted(_)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_is_said() {
        let none = describe(SearchEnd::Exhausted, 0, 7, |why| why.to_string(), None);
        assert_eq!(
            (none.suffix, none.message.as_deref()),
            ("", Some("no solution"))
        );
        let limit = describe(SearchEnd::Limit, 3, 7, |why| why.to_string(), None);
        assert_eq!((limit.suffix, limit.message), ("+", None));
        let stopped = SearchEnd::Interrupted(Interruption::NodeLimit);
        let said = describe(stopped, 2, 50, |why| why.to_string(), Some(0.25));
        assert_eq!(said.suffix, "?");
        assert_eq!(
            said.message.as_deref(),
            Some(
                "search stopped (node limit reached) after 50 nodes and 2 solutions, \
                  about 25.00% of the search tree (Knuth's estimate)"
            )
        );
        assert!(said.interrupted);
    }
}
