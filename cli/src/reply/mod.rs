//! The replies of the commands on one problem in Knuth's format, as a
//! command line words them.
//!
//! A [`Request`] says what is asked of a problem (its solutions, their
//! number, the cheapest ones, a count by Algorithm Z, a count on threads
//! or in parts) and [`Request::check`] refuses the options that do not go
//! together; [`cover`] answers it: the solutions listed as the input's
//! options (through a [`Reduction`](exactcover::problem::Reduction) when the
//! problem was preprocessed: [`Shown`]), the count with `+` at a limit and
//! `?` when stopped, `cost N` after each cheapest solution, the ZDD of
//! every solution written, a part's JSON line for [`merge`], and the
//! messages and statistics for standard error. [`split`] writes a problem's
//! subproblems as files, [`merge`] adds up the parts' reports, and
//! [`preprocess`] writes a problem reduced as Knuth's DLX-PRE reduces it.
//!
//! Everything goes through a [`Host`]: the text of the answers in whole
//! lines, the messages, and the hooks of a command line (why a search
//! stopped, a signal, a long count watched, a trace, pictures). Each reply
//! ends with a [`Status`], the exit code of the command that printed it.
//! The words are the command line's (`docs/cli.md`), kept here so that a
//! program that answers problems writes the same lines.
//!
//! ```
//! use exactcover::knuth;
//! use exactcover_cli::reply::{self, Request, Status, Transcript};
//!
//! let toy = knuth::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let mut host = Transcript::default();
//! let status = reply::cover(&Request::new(), "toy", &toy.problem, &mut host)?;
//! assert_eq!(status, Status::Answered);
//! assert_eq!(host.output, "A D\nC E F\nB G\n\n");
//!
//! let count = Request { count: true, ..Request::new() };
//! let mut host = Transcript::default();
//! reply::cover(&count, "toy", &toy.problem, &mut host)?;
//! assert_eq!(host.output, "1\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cover;
mod ending;
mod memo;
mod merge;
mod parts;
mod preprocess;
mod request;
mod split;
#[cfg(test)]
mod tests;

pub use cover::{Shown, cover};
pub use merge::merge;
pub use preprocess::{preprocess, reduce};
pub use request::{Request, RequestError};
pub use split::split;

use std::io;
use std::ops::ControlFlow;
use std::sync::Arc;

use exactcover::engine::Progress;
use exactcover::{Budget, Interruption, Problem, SearchEnd, Solver};

/// How a reply ended: the exit code of the command that printed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[must_use]
pub enum Status {
    /// Answered in full (exit code 0): every solution, the exact count, or
    /// "no solution".
    Answered,
    /// Answered in part or not at all (exit code 1): a search stopped by a
    /// limit on its work or a signal, a count past what it can hold, a ZDD
    /// too large, a part unfinished in a merge, a picture or file not
    /// written.
    Failed,
    /// Refused (exit code 2): a request whose options do not go together,
    /// a problem the request cannot answer (costs that could overflow,
    /// multiplicities for Algorithm Z or the pictures), parts that do not
    /// merge, a split that cannot be written.
    Refused,
}

impl Status {
    /// The exit code: 0, 1 or 2.
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            Status::Answered => 0,
            Status::Failed => 1,
            Status::Refused => 2,
        }
    }

    /// [`Status::Failed`] when `failed`, else [`Status::Answered`].
    fn failed_if(failed: bool) -> Status {
        if failed {
            Status::Failed
        } else {
            Status::Answered
        }
    }
}

/// Where a reply writes, and what it lets its caller do on the way. Only
/// [`Host::write`], [`Host::flush`] and [`Host::warn`] must be written; the
/// others have defaults that suit a program with no terminal and no
/// signals.
pub trait Host {
    /// Writes `text`, whole lines of the answer.
    ///
    /// # Errors
    /// When the output cannot be written; the reply stops with the error.
    fn write(&mut self, text: &str) -> io::Result<()>;

    /// Flushes what [`Host::write`] wrote; a reply flushes at its end.
    ///
    /// # Errors
    /// When the output cannot be written; the reply stops with the error.
    fn flush(&mut self) -> io::Result<()>;

    /// Says `message`, one or more lines without the last line end,
    /// already prefixed with the input's name where it has one.
    fn warn(&mut self, message: &str);

    /// Why a search stopped, in words: by default the [`Interruption`]'s
    /// own; a command line that cancels searches on a signal names it.
    fn reason(&self, why: Interruption) -> String {
        why.to_string()
    }

    /// Whether a signal stopped the work: then a stopped count also says
    /// Knuth's estimate of the part of the search tree it walked.
    fn signalled(&self) -> bool {
        false
    }

    /// Runs `count`, a long count of the input `name` within `budget`,
    /// with a budget that reports its progress (a terminal may show it);
    /// returns its result and Knuth's estimate of the part of the tree
    /// walked, at its latest report.
    fn watch<T>(&mut self, name: &str, budget: &Budget, count: impl FnOnce(Budget) -> T) -> (T, f64)
    where
        Self: Sized,
    {
        let _ = name;
        let progress = Arc::new(Progress::new());
        let counted = count(budget.clone().with_progress(Arc::clone(&progress)));
        (counted, progress.estimate())
    }

    /// Runs the search of `problem` on `solver` with a trace (asked by
    /// [`Request::trace`]), handing each solution to `on_solution`, which
    /// writes nothing: the trace shows the solutions. `None` when the host
    /// has no trace (the default): the reply then lists the solutions as
    /// without one.
    ///
    /// # Errors
    /// Writing the trace.
    fn trace(
        &mut self,
        problem: &Problem,
        solver: &mut Solver,
        on_solution: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Option<io::Result<SearchEnd>> {
        let _ = (problem, solver, on_solution);
        None
    }

    /// Draws or records the search of `problem` on `solver` (the pictures
    /// of [`Request::teaching`]), before it runs; `false` when one was not
    /// written (the reply then fails). By default nothing is drawn.
    fn draw(&mut self, problem: &Problem, solver: &mut Solver) -> bool {
        let _ = (problem, solver);
        true
    }
}

/// A [`Host`] that keeps what a reply says: the answer's text and the
/// messages. For tests, examples, and programs that show a reply their
/// own way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transcript {
    /// The text written, as the command line prints it on standard output.
    pub output: String,
    /// The messages, one each, as the command line prints them on standard
    /// error (without the line end).
    pub messages: Vec<String>,
}

impl Host for Transcript {
    fn write(&mut self, text: &str) -> io::Result<()> {
        self.output.push_str(text);
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn warn(&mut self, message: &str) {
        self.messages.push(message.to_string());
    }
}
