//! How many threads may answer a chunk of puzzles at once: each answers on
//! a matrix of its own, of the largest shape in the chunk, and together
//! they stay within a cap on memory ([`ThreadCap`]).

use std::sync::Mutex;

use exactcover::Solver;
use exactcover::sudoku::{Entry, Rules, Shape};

/// The threads that answer chunks of puzzles: as many as asked, but no
/// more than the matrices of a chunk's largest shape (one a thread, classic
/// rules) that fit in the cap together, and at least 1. The bytes of each
/// shape's matrix are worked out once.
///
/// ```
/// use exactcover::sudoku::{Layout, Puzzles, Reader};
/// use exactcover_cli::sudoku_reply::ThreadCap;
///
/// let text = ".".repeat(81) + "\n";
/// let chunk: Vec<_> = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line)
///     .collect::<Result<_, _>>()?;
/// assert_eq!(ThreadCap::new(8, u64::MAX).threads(&chunk), 8);
/// assert_eq!(ThreadCap::new(8, 1).threads(&chunk), 1);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct ThreadCap {
    jobs: usize,
    max_memory: u64,
    /// The bytes of the matrix of each shape seen (classic rules).
    known: Mutex<Vec<(Shape, usize)>>,
}

impl ThreadCap {
    /// At most `jobs` threads (0 is taken as 1), whose matrices take at
    /// most `max_memory` bytes together.
    #[must_use]
    pub fn new(jobs: usize, max_memory: u64) -> ThreadCap {
        ThreadCap {
            jobs: jobs.max(1),
            max_memory,
            known: Mutex::new(Vec::new()),
        }
    }

    /// The threads that answer `chunk`.
    #[must_use]
    pub fn threads(&self, chunk: &[Entry]) -> usize {
        if self.jobs == 1 {
            return 1;
        }
        let largest = chunk
            .iter()
            .filter_map(|entry| entry.grid.as_ref().ok().map(|grid| grid.shape()))
            .max_by_key(|shape| shape.size());
        let Some(shape) = largest else {
            return self.jobs;
        };
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        let bytes = match known.iter().find(|&&(s, _)| s == shape) {
            Some(&(_, bytes)) => bytes,
            None => {
                // Without the memory to size the matrix, there is none for
                // a second thread either.
                let Ok(problem) = Rules::classic(shape).try_problem() else {
                    return 1;
                };
                let bytes = Solver::arena_bytes(&problem);
                known.push((shape, bytes));
                bytes
            }
        };
        let fit = self.max_memory / (bytes.max(1) as u64);
        usize::try_from(fit)
            .unwrap_or(usize::MAX)
            .clamp(1, self.jobs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use exactcover::sudoku::{Layout, Puzzles, Reader};

    fn chunk(text: &str) -> Vec<Entry> {
        Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line)
            .collect::<Result<_, _>>()
            .expect("read from memory")
    }

    #[test]
    fn the_largest_shape_of_a_chunk_sets_the_threads() {
        let nine = Solver::arena_bytes(&Rules::classic(Shape::new(3, 3).expect("3x3")).problem());
        let sixteen =
            Solver::arena_bytes(&Rules::classic(Shape::new(4, 4).expect("4x4")).problem());
        let cap = ThreadCap::new(64, 10 * sixteen as u64);
        let small = chunk(&(".".repeat(81) + "\n"));
        assert_eq!(cap.threads(&small), (10 * sixteen / nine).min(64));
        let mixed = chunk(&(".".repeat(81) + "\n" + &".".repeat(256) + "\n"));
        assert_eq!(cap.threads(&mixed), 10);
        // No grid to size: every thread asked for.
        assert_eq!(cap.threads(&chunk("bad\n")), 64);
        assert_eq!(ThreadCap::new(1, 0).threads(&small), 1);
    }
}
