//! Reading a stream of puzzles, one line or one block each.
//!
//! In the *line layout* the first white-space-separated field of a line is a
//! puzzle in the one-line form and the rest of the line is a comment; blank
//! lines and lines starting with `#` hold no puzzle. In the *block layout*
//! each puzzle is a block of rows (see [`Reader::read_block`]) and blank lines
//! separate puzzles.
//!
//! Every puzzle comes with the number of its first line, and a puzzle that
//! cannot be read is an `Err` in its place: nothing is skipped, so a caller
//! can give every puzzle its own answer line. Lines that are not UTF-8 are
//! read with the bad bytes replaced by U+FFFD, which then shows as an
//! illegal character.

use std::io::{self, BufRead};

use crate::sudoku::grid::{Grid, GridError, Reader, is_skipped_block_line};

/// How puzzles are laid out in a stream.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// One puzzle per line.
    #[default]
    Line,
    /// One puzzle per block of rows, blocks separated by blank lines.
    Block,
}

/// One puzzle of a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The line (from 1) where the puzzle starts.
    pub line: usize,
    /// The puzzle, or why it could not be read.
    pub grid: Result<Grid, GridError>,
}

/// An iterator over the puzzles of a stream.
///
/// ```
/// use exactcover::sudoku::{Layout, Puzzles, Reader};
///
/// let text = "# two puzzles\n1.3..4..2......1 first\n\n1x..............\n";
/// let entries: Vec<_> = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line)
///     .collect::<Result<_, _>>()?;
/// assert_eq!(entries.len(), 2);
/// assert_eq!(entries[0].line, 2);
/// assert!(entries[0].grid.is_ok());
/// assert_eq!(entries[1].line, 4);
/// assert!(entries[1].grid.is_err());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Puzzles<R> {
    input: R,
    reader: Reader,
    layout: Layout,
    /// The number of the last line read.
    line: usize,
    bytes: Vec<u8>,
    block: String,
    done: bool,
}

impl<R: BufRead> Puzzles<R> {
    /// Reads puzzles from `input` with `reader`'s alphabet and shape.
    pub fn new(input: R, reader: Reader, layout: Layout) -> Puzzles<R> {
        Puzzles {
            input,
            reader,
            layout,
            line: 0,
            bytes: Vec::new(),
            block: String::new(),
            done: false,
        }
    }

    /// The next line, without its line end; `None` at the end.
    fn next_line(&mut self) -> io::Result<Option<String>> {
        self.bytes.clear();
        if self.input.read_until(b'\n', &mut self.bytes)? == 0 {
            return Ok(None);
        }
        self.line += 1;
        let mut text = String::from_utf8_lossy(&self.bytes).into_owned();
        while text.ends_with(['\n', '\r']) {
            text.pop();
        }
        Ok(Some(text))
    }

    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        match self.layout {
            Layout::Line => loop {
                let Some(text) = self.next_line()? else {
                    return Ok(None);
                };
                let Some(field) = text.split_whitespace().next() else {
                    continue;
                };
                if field.starts_with('#') {
                    continue;
                }
                return Ok(Some(Entry {
                    line: self.line,
                    grid: self.reader.read_line(field),
                }));
            },
            Layout::Block => {
                self.block.clear();
                let mut first = None;
                while let Some(text) = self.next_line()? {
                    if text.trim().is_empty() {
                        if first.is_some() {
                            break;
                        }
                        continue;
                    }
                    if is_skipped_block_line(&text) {
                        continue;
                    }
                    first.get_or_insert(self.line);
                    self.block.push_str(&text);
                    self.block.push('\n');
                }
                Ok(first.map(|line| Entry {
                    line,
                    grid: self.reader.read_block(&self.block),
                }))
            }
        }
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = io::Result<Entry>;

    /// The next puzzle; an `Err` when reading fails, after which the
    /// iterator ends.
    fn next(&mut self) -> Option<io::Result<Entry>> {
        if self.done {
            return None;
        }
        match self.next_entry() {
            Ok(Some(entry)) => Some(Ok(entry)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}
