//! The puzzles of one input, as they can be had.
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

use exactcover::sudoku::{Entry, Layout, Puzzles, Reader};

/// How many puzzles the reading thread may read ahead.
const AHEAD: usize = 4096;

type Source = Box<dyn BufRead + Send>;

/// One puzzle read, or why reading stopped, with the bytes read so far.
type Item = (Option<io::Result<Entry>>, u64);

/// The puzzles of one input.
pub enum Feed {
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
    pub fn new(input: Source, reader: Reader, layout: Layout, may_wait: bool) -> Feed {
        let mut puzzles = Puzzles::new(input, reader, layout);
        if !may_wait {
            return Feed::Here(puzzles);
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
        Feed::Thread {
            receiver,
            next: None,
            bytes: 0,
            done: false,
        }
    }

    /// The next puzzle, waiting for it if need be; `None` at the end.
    pub fn next(&mut self) -> Option<io::Result<Entry>> {
        match self {
            Feed::Here(puzzles) => puzzles.next(),
            Feed::Thread {
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
        match self {
            Feed::Here(_) => false,
            Feed::Thread {
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
        match self {
            Feed::Here(_) => false,
            Feed::Thread {
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
    pub fn bytes_read(&self) -> u64 {
        match self {
            Feed::Here(puzzles) => puzzles.bytes_read(),
            Feed::Thread { bytes, .. } => *bytes,
        }
    }
}
