//! The puzzles of one input, as they can be had: [`Feed`], read in chunks
//! ([`Feed::read_chunk`]).
//!
//! A file never makes its reader wait: its puzzles are read here, when
//! asked for. A pipe, a terminal or a socket may: a program may write one
//! puzzle and wait for its answer before writing the next. Its puzzles are
//! read on a thread of their own, so that the command can ask which are
//! here already without waiting for more: it answers those, and writes
//! (and flushes) the answers before it waits. Batches through pipes still
//! go by large chunks, since a fast writer keeps puzzles waiting.

use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::Duration;

use exactcover::sudoku::{Entry, EntryError, GridError, Layout, Puzzles, Reader};

/// How many puzzles the reading thread may read ahead.
const AHEAD: usize = 4096;

/// The input of a [`Feed`]: any source of bytes that can move to a thread.
pub type Source = Box<dyn BufRead + Send>;

/// One puzzle read, or why reading stopped, with the bytes read so far.
type Item = (Option<io::Result<Entry>>, u64);

/// The puzzles of one input: read when asked for from a file, read ahead
/// by a thread of their own from an input that may wait (see the module).
///
/// ```
/// use exactcover_cli::sudoku_reply::feed::Feed;
/// use exactcover::sudoku::{Layout, Reader};
///
/// let text = "1.3..4..2......1\nbad\n";
/// let mut feed = Feed::new(Box::new(text.as_bytes()), Reader::new(), Layout::Line, false);
/// let mut chunk = Vec::new();
/// let read = feed.read_chunk(&mut chunk, 10);
/// assert_eq!(chunk.len(), 2);
/// assert!(read.ended && read.failure.is_none() && !read.cut);
/// ```
pub struct Feed(Kind);

impl std::fmt::Debug for Feed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.0 {
            Kind::Here(_) => "here",
            Kind::Thread { .. } => "thread",
        };
        f.debug_struct("Feed")
            .field("read", &kind)
            .field("bytes_read", &self.bytes_read())
            .finish()
    }
}

enum Kind {
    /// Read when asked for.
    Here(Puzzles<Source>),
    /// Read ahead by a thread.
    Thread {
        receiver: Receiver<Item>,
        /// A puzzle received but not taken yet.
        next: Option<Item>,
        bytes: u64,
        done: bool,
    },
}

impl Feed {
    /// The puzzles of `input`, read with `reader` in `layout`; on a thread
    /// when reading `input` may wait for a writer.
    #[must_use]
    pub fn new(input: Source, reader: Reader, layout: Layout, may_wait: bool) -> Feed {
        let mut puzzles = Puzzles::new(input, reader, layout);
        if !may_wait {
            return Feed(Kind::Here(puzzles));
        }
        let (sender, receiver) = mpsc::sync_channel(AHEAD);
        let reading = thread::Builder::new().name("reader".into()).spawn(move || {
            loop {
                let entry = puzzles.next();
                let end = entry.is_none();
                // The receiver is gone when the command stopped early.
                if sender.send((entry, puzzles.bytes_read())).is_err() || end {
                    return;
                }
            }
        });
        if let Err(e) = reading {
            // No thread to be had: nothing is read, and the reason says so.
            let (sender, receiver) = mpsc::sync_channel(1);
            let _ = sender.send((Some(Err(e)), 0));
            return Feed::thread(receiver);
        }
        Feed::thread(receiver)
    }

    fn thread(receiver: Receiver<Item>) -> Feed {
        Feed(Kind::Thread {
            receiver,
            next: None,
            bytes: 0,
            done: false,
        })
    }

    /// The next puzzle, waiting for it if need be; `None` at the end.
    #[allow(clippy::should_implement_trait)] // `would_wait` looks ahead
    pub fn next(&mut self) -> Option<io::Result<Entry>> {
        match &mut self.0 {
            Kind::Here(puzzles) => puzzles.next(),
            Kind::Thread {
                receiver,
                next,
                bytes,
                done,
            } => {
                if *done {
                    return None;
                }
                let (entry, read) = match next.take() {
                    Some(item) => item,
                    None => receiver.recv().unwrap_or((None, *bytes)),
                };
                *bytes = read;
                *done = !matches!(entry, Some(Ok(_)));
                entry
            }
        }
    }

    /// Whether asking for the next puzzle would wait for the input.
    pub fn would_wait(&mut self) -> bool {
        match &mut self.0 {
            Kind::Here(_) => false,
            Kind::Thread {
                receiver,
                next,
                done,
                ..
            } => {
                if *done || next.is_some() {
                    return false;
                }
                match receiver.try_recv() {
                    Ok(item) => {
                        *next = Some(item);
                        false
                    }
                    Err(TryRecvError::Empty) => true,
                    Err(TryRecvError::Disconnected) => false,
                }
            }
        }
    }

    /// Whether the input ends after the puzzles taken, waiting at most
    /// `within` for the reading thread to tell.
    pub fn ends_within(&mut self, within: Duration) -> bool {
        match &mut self.0 {
            Kind::Here(_) => false,
            Kind::Thread {
                receiver,
                next,
                done,
                ..
            } => {
                if *done {
                    return true;
                }
                if next.is_none() {
                    *next = receiver.recv_timeout(within).ok();
                }
                matches!(next, Some((None, _)))
            }
        }
    }

    /// The bytes of the input read through the last puzzle taken.
    #[must_use]
    pub fn bytes_read(&self) -> u64 {
        match &self.0 {
            Kind::Here(puzzles) => puzzles.bytes_read(),
            Kind::Thread { bytes, .. } => *bytes,
        }
    }
}

/// How the reading of a chunk ([`Feed::read_chunk`]) ended.
#[derive(Debug)]
#[non_exhaustive]
pub struct Read {
    /// The error that ended the input, if any.
    pub failure: Option<io::Error>,
    /// Whether the last puzzle was cut short (given up on before its end:
    /// answer it now, since skipping the rest may take long, as in `solve
    /// < /dev/zero`).
    pub cut: bool,
    /// Whether the input has ended.
    pub ended: bool,
}

impl Feed {
    /// Reads the next chunk of at most `size` puzzles into `chunk`: the first
    /// waiting for the input if need be, the others only while they are there
    /// without waiting. A puzzle cut short (a line or block too long) ends
    /// the chunk, so that it is answered before the rest is skipped.
    /// A `size` of 0 is taken as 1.
    pub fn read_chunk(&mut self, chunk: &mut Vec<Entry>, size: usize) -> Read {
        let size = size.max(1);
        let feed = self;
        chunk.clear();
        let mut read = Read {
            failure: None,
            cut: false,
            ended: false,
        };
        while chunk.len() < size && !read.cut {
            if !chunk.is_empty() && feed.would_wait() {
                break;
            }
            match feed.next() {
                Some(Ok(entry)) => {
                    read.cut = matches!(
                        entry.grid,
                        Err(EntryError::Grid(
                            GridError::LineTooLong { .. } | GridError::TooManyRows { .. }
                        ))
                    );
                    chunk.push(entry);
                }
                Some(Err(e)) => {
                    read.failure = Some(e);
                    read.ended = true;
                    break;
                }
                None => {
                    read.ended = true;
                    break;
                }
            }
        }
        read
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "1.3..4..2......1\n";

    fn feed(text: String, may_wait: bool) -> Feed {
        Feed::new(
            Box::new(std::io::Cursor::new(text)),
            Reader::new(),
            Layout::Line,
            may_wait,
        )
    }

    #[test]
    fn chunks_hold_at_most_their_size_in_input_order() {
        for may_wait in [false, true] {
            let mut feed = feed(PUZZLE.repeat(5), may_wait);
            let mut chunk = Vec::new();
            let mut lines = Vec::new();
            loop {
                let read = feed.read_chunk(&mut chunk, 2);
                assert!(chunk.len() <= 2 && read.failure.is_none() && !read.cut);
                lines.extend(chunk.iter().map(|entry| entry.line));
                if read.ended {
                    break;
                }
            }
            assert_eq!(lines, [0, 1, 2, 3, 4], "may_wait: {may_wait}");
            assert_eq!(feed.bytes_read(), 5 * PUZZLE.len() as u64);
            assert!(feed.next().is_none());
        }
    }

    #[test]
    fn a_line_cut_short_ends_its_chunk() {
        let long = "1".repeat(Puzzles::<&[u8]>::MAX_LINE + 1);
        let mut feed = feed(format!("{PUZZLE}{long}\n{PUZZLE}"), false);
        let mut chunk = Vec::new();
        let read = feed.read_chunk(&mut chunk, 10);
        assert!(read.cut && !read.ended);
        assert_eq!(chunk.len(), 2);
        let read = feed.read_chunk(&mut chunk, 10);
        assert!(read.ended && !read.cut);
        assert_eq!(chunk.len(), 1);
    }

    #[test]
    fn a_thread_tells_the_end_of_its_input() {
        let mut feed = feed(PUZZLE.to_string(), true);
        assert!(feed.next().is_some_and(|entry| entry.is_ok()));
        assert!(feed.ends_within(Duration::from_secs(5)));
        assert!(!feed.would_wait());
    }
}
