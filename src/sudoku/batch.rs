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
//!
//! Memory stays bounded whatever the input: a line holds at most
//! [`Puzzles::MAX_LINE`] bytes and a block at most [`MAX_SIZE`] rows. Past
//! either bound the puzzle is an `Err` ([`GridError::LineTooLong`],
//! [`GridError::TooManyRows`]), given at once; the rest of the line, or of
//! the block up to the next blank line, is skipped when the next puzzle is
//! asked for.

use std::io::{self, BufRead};

use crate::sudoku::{Grid, GridError, MAX_SIZE, Reader, is_skipped_block_line};
use crate::util::lines::{Bounded, read_bounded, skip_line};

/// How puzzles are laid out in a stream.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// One puzzle per line.
    #[default]
    Line,
    /// One puzzle per block of rows, blocks separated by blank lines.
    Block,
}

/// One puzzle of a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// The line where the puzzle starts, from 0 (messages for people say
    /// `line + 1`).
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
/// assert_eq!(entries[0].line, 1); // the second line
/// assert!(entries[0].grid.is_ok());
/// assert_eq!(entries[1].line, 3);
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
    /// What to skip before the next puzzle: the rest of an over-long line,
    /// then (in the block layout) the rest of a block given up on.
    skip_line: bool,
    skip_block: bool,
    done: bool,
}

/// One line of input.
enum Line {
    /// The line, without its line end.
    Text(String),
    /// A line longer than the bound; its first bytes, lossily decoded.
    TooLong(String),
}

impl<R> Puzzles<R> {
    /// The most bytes a line may hold, its line end not counted (64 KiB):
    /// room for the largest puzzle, 100x100 cells, even in symbols of four
    /// bytes each, and a comment.
    ///
    /// ```
    /// use exactcover::sudoku::{GridError, Layout, Puzzles, Reader};
    ///
    /// let long = "1".repeat(Puzzles::<&[u8]>::MAX_LINE + 1);
    /// let text = format!("{long}\n1.3..4..2......1\n");
    /// let mut puzzles = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line);
    /// let first = puzzles.next().unwrap()?;
    /// assert_eq!(first.grid, Err(GridError::LineTooLong { limit: 65536 }));
    /// assert_eq!(puzzles.next().unwrap()?.line, 1);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub const MAX_LINE: usize = 64 * 1024;
}

impl<R: BufRead> Puzzles<R> {
    /// Reads puzzles from `input` with `reader`'s alphabet and shape.
    ///
    /// ```
    /// use exactcover::sudoku::{Layout, Puzzles, Reader};
    /// let text = "1.3..4..2......1\n# a comment\n1.3\n";
    /// let entries: Vec<_> = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line)
    ///     .collect::<Result<_, _>>()
    ///     .expect("reading a string cannot fail");
    /// assert_eq!(entries.len(), 2);
    /// assert_eq!(entries[1].line, 2);
    /// assert!(entries[0].grid.is_ok() && entries[1].grid.is_err());
    /// ```
    pub fn new(input: R, reader: Reader, layout: Layout) -> Puzzles<R> {
        Puzzles {
            input,
            reader,
            layout,
            line: 0,
            bytes: Vec::new(),
            block: String::new(),
            skip_line: false,
            skip_block: false,
            done: false,
        }
    }

    /// The last line read, from 0.
    fn at(&self) -> usize {
        self.line - 1
    }

    /// The next line; `None` at the end. An over-long line leaves its rest
    /// to skip.
    fn next_line(&mut self) -> io::Result<Option<Line>> {
        let end = read_bounded(&mut self.input, &mut self.bytes, Self::MAX_LINE)?;
        if end == Bounded::End {
            return Ok(None);
        }
        self.line += 1;
        let mut text = String::from_utf8_lossy(&self.bytes).into_owned();
        if end == Bounded::TooLong {
            self.skip_line = true;
            return Ok(Some(Line::TooLong(text)));
        }
        while text.ends_with('\r') {
            text.pop();
        }
        Ok(Some(Line::Text(text)))
    }

    /// Skips what an earlier puzzle left: the rest of a line, of a block.
    fn skip(&mut self) -> io::Result<()> {
        if self.skip_line {
            skip_line(&mut self.input)?;
            self.skip_line = false;
        }
        while self.skip_block {
            match self.next_line()? {
                None => self.skip_block = false,
                Some(Line::TooLong(_)) => {
                    skip_line(&mut self.input)?;
                    self.skip_line = false;
                }
                Some(Line::Text(text)) => self.skip_block = !text.trim().is_empty(),
            }
        }
        Ok(())
    }

    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        self.skip()?;
        match self.layout {
            Layout::Line => loop {
                let text = match self.next_line()? {
                    None => return Ok(None),
                    Some(Line::Text(text)) => text,
                    Some(Line::TooLong(start)) => {
                        if start.split_whitespace().next().is_some_and(is_comment) {
                            self.skip()?;
                            continue;
                        }
                        return Ok(Some(Entry {
                            line: self.at(),
                            grid: Err(GridError::LineTooLong {
                                limit: Self::MAX_LINE,
                            }),
                        }));
                    }
                };
                let Some(field) = text.split_whitespace().next() else {
                    continue;
                };
                if is_comment(field) {
                    continue;
                }
                return Ok(Some(Entry {
                    line: self.at(),
                    grid: self.reader.read_line(field),
                }));
            },
            Layout::Block => {
                self.block.clear();
                let mut first = None;
                let mut rows = 0;
                loop {
                    let text = match self.next_line()? {
                        None => break,
                        Some(Line::Text(text)) => text,
                        Some(Line::TooLong(start)) => {
                            if start.trim_start().starts_with('#') {
                                self.skip_line = false;
                                skip_line(&mut self.input)?;
                                continue;
                            }
                            self.skip_block = true;
                            return Ok(Some(Entry {
                                line: *first.get_or_insert(self.line - 1),
                                grid: Err(GridError::LineTooLong {
                                    limit: Self::MAX_LINE,
                                }),
                            }));
                        }
                    };
                    if text.trim().is_empty() {
                        if first.is_some() {
                            break;
                        }
                        continue;
                    }
                    if is_skipped_block_line(&text) {
                        continue;
                    }
                    let line = *first.get_or_insert(self.line - 1);
                    rows += 1;
                    if rows > MAX_SIZE {
                        self.skip_block = true;
                        return Ok(Some(Entry {
                            line,
                            grid: Err(GridError::TooManyRows { limit: MAX_SIZE }),
                        }));
                    }
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

/// Whether the first field of a line makes it a comment.
fn is_comment(field: &str) -> bool {
    field.starts_with('#')
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
