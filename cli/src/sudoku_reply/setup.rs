//! [`Setup`]: how a batch runs besides its [`Replier`] (threads, their
//! memory, a memo, the layout, streaming, a trace), and the rules that
//! tie them together.

use std::io;

use super::{Batch, Check, Replier, Task};
use exactcover::engine::Memo;
use exactcover::scale::DEFAULT_MAX_MEMORY;
use exactcover::sudoku::{Layout, Reader};

/// How a [`Batch`] runs, besides its [`Replier`]; [`Setup::batch`] makes
/// the batch, with the rules that tie the options together:
///
/// * a traced batch answers one puzzle at a time on one thread (the trace
///   is written as the search goes), each to its first solution only;
/// * a count by Algorithm Z gives each thread a memo of its own, with a
///   share of the memo's memory;
/// * a reader told the grid's size ([`Reader::fixed_size`]) lets the
///   replier tell a short line from a row of a block.
///
/// ```
/// use std::io;
/// use exactcover::Budget;
/// use exactcover::sudoku::Reader;
/// use exactcover_cli::sudoku_reply::{Check, Replier, Setup, Task};
///
/// let setup = Setup { jobs: 4, traced: true, ..Setup::default() };
/// assert_eq!(setup.threads(), 1);
/// let replier = Replier::new(Task::Solve(Check::Unique), Budget::new());
/// let batch = setup.batch(replier, Reader::new())?;
/// assert_eq!(batch.jobs(), 1);
/// # Ok::<(), io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Setup {
    /// The threads asked for (at least 1 is used).
    pub jobs: usize,
    /// The most memory the threads' matrices take together
    /// ([`DEFAULT_MAX_MEMORY`] when `None`).
    pub max_memory: Option<u64>,
    /// Count by Algorithm Z with this memo.
    pub memo: Option<Memo>,
    /// The layout the inputs are read in (f-puzzles JSON is recognised
    /// besides).
    pub layout: Layout,
    /// Whether each answer is written as soon as it is known
    /// ([`Batch::with_streaming`]).
    pub streaming: bool,
    /// Whether each search is traced.
    pub traced: bool,
}

impl Default for Setup {
    /// One thread, the default memory, no memo, lines, no streaming, no
    /// trace.
    fn default() -> Setup {
        Setup {
            jobs: 1,
            max_memory: None,
            memo: None,
            layout: Layout::Line,
            streaming: false,
            traced: false,
        }
    }
}

impl Setup {
    /// The threads the batch answers on: one when traced, else those asked
    /// for.
    #[must_use]
    pub fn threads(&self) -> usize {
        if self.traced { 1 } else { self.jobs.max(1) }
    }

    /// The batch of `replier`, its puzzles read by `reader`, as the setup
    /// says.
    ///
    /// # Errors
    /// When the threads cannot start.
    pub fn batch(&self, replier: Replier, reader: Reader) -> io::Result<Batch> {
        let jobs = self.threads();
        let mut replier = replier.with_fixed_size(reader.fixed_size());
        if self.traced && matches!(replier.task(), Task::Solve(_)) {
            // The trace follows the search to its first solution.
            replier = replier.with_task(Task::Solve(Check::None));
        }
        if let Some(memo) = self.memo {
            // Each thread keeps a memo of its own: they share the memory.
            replier = replier.with_memo(memo, jobs);
        }
        let max_memory = self.max_memory.unwrap_or(DEFAULT_MAX_MEMORY);
        let batch = Batch::new(replier, reader, jobs, max_memory)?
            .with_layout(self.layout)
            .with_streaming(self.streaming);
        Ok(if self.traced {
            batch.one_at_a_time()
        } else {
            batch
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku_reply::Host;
    use exactcover::Budget;

    #[derive(Default)]
    struct Lines(String);

    impl Host for Lines {
        fn write(&mut self, text: &str) -> io::Result<()> {
            self.0.push_str(text);
            Ok(())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
        fn warn(&mut self, _: &str) {}
    }

    fn answer(setup: &Setup, task: Task, text: &str) -> (Batch, String) {
        let replier = Replier::new(task, Budget::new());
        let mut batch = setup.batch(replier, Reader::new()).expect("threads");
        let mut lines = Lines::default();
        let source = Box::new(io::Cursor::new(text.as_bytes().to_vec()));
        batch
            .answer_input("in", None, source, false, &mut lines)
            .expect("in memory");
        (batch, lines.0)
    }

    #[test]
    fn a_traced_solve_takes_the_first_solution_on_one_thread() {
        // An empty 4x4 grid has 288 solutions: --unique says not-unique,
        // but a traced solve stops at the first.
        let empty = ".".repeat(16) + "\n";
        let plain = Setup {
            jobs: 2,
            ..Setup::default()
        };
        let (batch, text) = answer(&plain, Task::Solve(Check::Unique), &empty);
        assert_eq!((batch.jobs(), text.as_str()), (2, "not-unique\n"));
        let traced = Setup {
            traced: true,
            ..plain
        };
        let (batch, text) = answer(&traced, Task::Solve(Check::Unique), &empty);
        assert_eq!(batch.jobs(), 1);
        assert_eq!(text.len(), 17, "{text}");
        assert!(!batch.failed());
    }

    #[test]
    fn a_memo_counts_and_a_block_layout_reads_blocks() {
        let setup = Setup {
            jobs: 2,
            memo: Some(Memo::new()),
            layout: Layout::Block,
            ..Setup::default()
        };
        let (batch, text) = answer(
            &setup,
            Task::Count { limit: None },
            "....\n....\n....\n....\n",
        );
        assert_eq!(text, "288\n");
        assert!(!batch.failed());
    }
}
