//! Reading a stream of puzzles, one a line, one a block, or one a file (see
//! [`Layout`] and [`Puzzles`]).

use std::fmt;
use std::io::{self, BufRead};
use std::sync::Arc;

use crate::sudoku::fpuzzles::BOM;
use crate::sudoku::header::{self, HeaderError};
use crate::sudoku::{
    FPuzzle, FPuzzlesError, Grid, GridError, MAX_SIZE, Reader, RuledGrid, Rules, RulesError,
    is_skipped_block_line,
};
use crate::util::lines::{Bounded, Counted, read_bounded, skip_line};

#[cfg(doc)]
use crate::sudoku::is_fpuzzles;

/// How puzzles are laid out in a stream.
///
/// ```
/// use exactcover::sudoku::{Layout, Puzzles, Reader, SudokuSolver};
///
/// // Regions instead of boxes: the first is r1c1, r1c2, r1c3 and r2c1.
/// let jigsaw = "1...............  1112122233343444\n";
/// let entry = Puzzles::new(jigsaw.as_bytes(), Reader::new(), Layout::Jigsaw)
///     .next()
///     .expect("a puzzle")?;
/// assert!(entry.rules.is_some());
/// let count = SudokuSolver::new().count(entry.puzzle()?, None)?;
/// assert!(count.solutions > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// One puzzle per line: the first white-space-separated field of a
    /// line is a puzzle in the one-line form ([`Reader::read_line`]) and
    /// the rest of the line is a comment; blank lines and lines starting
    /// with `#` hold no puzzle. A second field that is a region map
    /// (`N * N` symbols, `N` different ones `N` times each, some row or
    /// column repeating one: not a solution) makes the entry an
    /// [`EntryError::UnexpectedRegionMap`]: a jigsaw line read as a classic
    /// puzzle would get a wrong answer.
    #[default]
    Line,
    /// One puzzle per block of rows ([`Reader::read_block`]), blocks
    /// separated by blank lines.
    Block,
    /// One jigsaw puzzle per line, `<givens> <region map>`: as the line
    /// layout, the puzzle followed by its region map ([`Rules::region_map`]:
    /// `N * N` symbols, one region each), whose regions replace the boxes.
    Jigsaw,
    /// One puzzle in f-puzzles JSON ([`FPuzzle`]): the whole stream, of at
    /// most [`MAX_FPUZZLES_BYTES`](crate::sudoku::MAX_FPUZZLES_BYTES).
    /// [`is_fpuzzles`] tells such a stream.
    FPuzzles,
}

/// One puzzle of a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// The line where the puzzle starts, from 0 (messages for people say
    /// `line + 1`); 0 in the f-puzzles layout.
    pub line: usize,
    /// The puzzle's grid of givens, or why the entry holds no puzzle.
    pub grid: Result<Grid, EntryError>,
    /// The rules the puzzle comes with: a jigsaw's regions, an f-puzzles
    /// text's constraints. `None`: the classic rules of the grid's shape.
    pub rules: Option<Arc<Rules>>,
    /// What the reader ignored in the puzzle's text, for a note to the
    /// user: the cosmetic keys of an f-puzzles file ([`FPuzzle::ignored`]).
    pub ignored: Vec<String>,
}

impl Entry {
    /// The entry of line `line`, holding no puzzle.
    fn invalid(line: usize, error: EntryError) -> Entry {
        Entry {
            line,
            grid: Err(error),
            rules: None,
            ignored: Vec::new(),
        }
    }

    /// The puzzle under its rules, ready for a solver, or why there is none.
    ///
    /// # Errors
    ///
    /// The entry's error; [`EntryError::Rules`] when the rules do not fit
    /// the grid (only after the entry's fields were changed: the reader
    /// makes them fit).
    ///
    /// ```
    /// use exactcover::sudoku::{Layout, Puzzles, Reader, SudokuSolver};
    ///
    /// let text = "1.3..4..2......1\nbad\n";
    /// let mut solver = SudokuSolver::new();
    /// let mut answers = Vec::new();
    /// for entry in Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line) {
    ///     let answer = match entry?.puzzle() {
    ///         Ok(puzzle) => solver.count(puzzle, None)?.to_string(),
    ///         Err(e) => e.to_string(),
    ///     };
    ///     answers.push(answer);
    /// }
    /// assert_eq!(answers[0], "1");
    /// assert!(answers[1].starts_with("invalid puzzle: 3 cells"), "{}", answers[1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzle(&self) -> Result<RuledGrid<'_>, EntryError> {
        let grid = self.grid.as_ref().map_err(Clone::clone)?;
        match &self.rules {
            None => Ok(RuledGrid::from(grid)),
            Some(rules) => RuledGrid::new(rules, grid).map_err(EntryError::Rules),
        }
    }
}

/// Why an entry of a stream holds no puzzle. The messages say which part is
/// wrong (`invalid puzzle: `, `invalid region map: `, `invalid f-puzzles
/// file: `), then what.
///
/// ```
/// use exactcover::sudoku::{EntryError, Layout, Puzzles, Reader};
///
/// let text = "1.3..4..2......1\n1.3..4..2......1 11112222333344\n";
/// let errors: Vec<EntryError> = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Jigsaw)
///     .filter_map(|entry| entry.expect("read from a string").grid.err())
///     .collect();
/// assert_eq!(errors[0], EntryError::NoRegionMap);
/// assert_eq!(
///     errors[1].to_string(),
///     "invalid region map: the region map has 14 cells, not the 16 of the grid"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EntryError {
    /// The grid cannot be read.
    Grid(GridError),
    /// A line of the jigsaw layout has givens but no region map.
    NoRegionMap,
    /// The region map of a jigsaw line cannot be read, or does not fit the
    /// grid.
    RegionMap(RulesError),
    /// The f-puzzles text cannot be read.
    FPuzzles(FPuzzlesError),
    /// The rules do not fit the grid (see [`Entry::puzzle`]).
    Rules(RulesError),
    /// A header line (`# exactcover: --box 3x2`) that cannot be used: see
    /// [`Puzzles`].
    Header(HeaderError),
    /// In the line layout, the field after the givens is a region map: a
    /// jigsaw line, which the line layout would read as a classic puzzle.
    UnexpectedRegionMap,
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::Grid(e) => write!(f, "invalid puzzle: {e}"),
            EntryError::NoRegionMap => {
                f.write_str("invalid puzzle: no region map after the givens (--jigsaw)")
            }
            EntryError::RegionMap(e) => write!(f, "invalid region map: {e}"),
            EntryError::FPuzzles(e) => write!(f, "invalid f-puzzles file: {e}"),
            EntryError::Rules(e) => write!(f, "invalid puzzle: {e}"),
            EntryError::Header(e) => write!(f, "invalid header: {e}"),
            EntryError::UnexpectedRegionMap => f.write_str(
                "invalid puzzle: the field after the givens is a region map: a jigsaw line? \
                 then use --jigsaw (a comment that is not a map starts with #)",
            ),
        }
    }
}

impl std::error::Error for EntryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EntryError::Grid(e) => Some(e),
            EntryError::NoRegionMap | EntryError::UnexpectedRegionMap => None,
            EntryError::Header(e) => Some(e),
            EntryError::RegionMap(e) | EntryError::Rules(e) => Some(e),
            EntryError::FPuzzles(e) => Some(e),
        }
    }
}

/// An iterator over the puzzles of a stream, laid out as its [`Layout`]
/// says.
///
/// Every puzzle comes with the number of its first line, and a puzzle that
/// cannot be read is an `Err` ([`EntryError`]) in its place: nothing is
/// skipped, so a caller can give every puzzle its own answer line. Lines
/// that are not UTF-8 are read with the bad bytes replaced by U+FFFD, which
/// then shows as an illegal character.
///
/// A UTF-8 byte-order mark at the start of the stream is skipped.
///
/// # Header lines
///
/// A comment line `# exactcover: --box RxC --alphabet SYMBOLS` (either
/// option may be left out, and the values may follow `=`) is a *header*:
/// the puzzles after it, up to the next header, are read with that box
/// shape and alphabet, as if the reader had been made with them; a header
/// with neither option goes back to the reader's own settings. Programs
/// that write puzzles whose shape or symbols a reader would not guess
/// ([`PuzzleWriter`](crate::sudoku::PuzzleWriter): boxes of 3x2 rather than
/// 2x3, a 16x16 grid written 0-F) put one before them, so that the puzzles
/// read back as the same puzzles; to other programs it is a comment. A
/// header that cannot be read, or that asks for another shape or alphabet
/// than the reader was made with, is an entry of its own at its line, an
/// [`EntryError::Header`], and the puzzles after it are read with the
/// reader's settings. Headers apply in the line and jigsaw layouts, and
/// before a block in the block layout.
///
/// ```
/// use exactcover::sudoku::{Layout, Puzzles, Reader, Shape};
///
/// let text = "# exactcover: --box 3x2\n..........................4.........\n";
/// let entry = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line).next().unwrap()?;
/// assert_eq!(entry.grid?.shape(), Shape::new(3, 2)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Bounds
///
/// Memory stays bounded whatever the input: a line holds at most
/// [`Puzzles::MAX_LINE`] bytes, a block at most [`MAX_SIZE`] rows. Past
/// either bound the puzzle is an `Err` ([`GridError::LineTooLong`],
/// [`GridError::TooManyRows`]), given at once; the rest of the line, or of
/// the block up to the next blank line, is skipped when the next puzzle is
/// asked for.
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
    input: Counted<R>,
    /// The reader as given, and as the latest header line makes it.
    base: Reader,
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
    /// use exactcover::sudoku::{EntryError, GridError, Layout, Puzzles, Reader};
    ///
    /// let long = "1".repeat(Puzzles::<&[u8]>::MAX_LINE + 1);
    /// let text = format!("{long}\n1.3..4..2......1\n");
    /// let mut puzzles = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line);
    /// let first = puzzles.next().unwrap()?;
    /// assert_eq!(first.grid, Err(EntryError::Grid(GridError::LineTooLong { limit: 65536 })));
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
            input: Counted::new(input),
            base: reader.clone(),
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

    /// The bytes of the input read so far: through the last puzzle given
    /// (and what was skipped after it), for a progress bar.
    ///
    /// ```
    /// use exactcover::sudoku::{Layout, Puzzles, Reader};
    /// let text = "# two\n1.3..4..2......1\n1.3..4..2......1\n";
    /// let mut puzzles = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line);
    /// puzzles.next();
    /// assert_eq!(puzzles.bytes_read(), 23);
    /// puzzles.next();
    /// assert_eq!(puzzles.bytes_read(), text.len() as u64);
    /// ```
    #[must_use]
    pub fn bytes_read(&self) -> u64 {
        self.input.consumed()
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
        if self.line == 1 && self.bytes.starts_with(BOM) {
            self.bytes.drain(..BOM.len());
        }
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
            Layout::Line | Layout::Jigsaw => self.next_in_line(),
            Layout::Block => self.next_block(),
            Layout::FPuzzles => self.next_fpuzzles(),
        }
    }

    /// The next puzzle of the line layouts: the first field of a line (and
    /// in the jigsaw layout the second, its region map).
    fn next_in_line(&mut self) -> io::Result<Option<Entry>> {
        loop {
            let text = match self.next_line()? {
                None => return Ok(None),
                Some(Line::Text(text)) => text,
                Some(Line::TooLong(start)) => {
                    if start.split_whitespace().next().is_some_and(is_comment) {
                        self.skip()?;
                        continue;
                    }
                    let error = GridError::LineTooLong {
                        limit: Self::MAX_LINE,
                    };
                    return Ok(Some(Entry::invalid(self.at(), EntryError::Grid(error))));
                }
            };
            if let Some(entry) = self.header(&text) {
                return Ok(Some(entry));
            }
            let mut fields = text.split_whitespace();
            let Some(givens) = fields.next().filter(|&field| !is_comment(field)) else {
                continue;
            };
            let line = self.at();
            if self.layout == Layout::Line {
                let grid = self.reader.read_line(givens).map_err(EntryError::Grid);
                let grid = match (grid, fields.next()) {
                    (Ok(grid), Some(second)) if is_region_map(second, grid.size()) => {
                        Err(EntryError::UnexpectedRegionMap)
                    }
                    (grid, _) => grid,
                };
                return Ok(Some(Entry {
                    line,
                    grid,
                    rules: None,
                    ignored: Vec::new(),
                }));
            }
            return Ok(Some(match fields.next() {
                Some(map) => self.jigsaw(line, givens, map),
                None => Entry::invalid(line, EntryError::NoRegionMap),
            }));
        }
    }

    /// Applies the header line `text`, if it is one: `None` when it is not
    /// one or it applies, the entry of its error when it cannot.
    fn header(&mut self, text: &str) -> Option<Entry> {
        if !header::is_header(text) {
            return None;
        }
        match header::apply(text, &self.base) {
            Ok(reader) => {
                self.reader = reader;
                None
            }
            Err(e) => {
                self.reader = self.base.clone();
                Some(Entry::invalid(self.at(), EntryError::Header(e)))
            }
        }
    }

    /// The jigsaw puzzle of line `line`: its givens and its region map.
    fn jigsaw(&self, line: usize, givens: &str, map: &str) -> Entry {
        let grid = match self.reader.read_line(givens) {
            Ok(grid) => grid,
            Err(e) => return Entry::invalid(line, EntryError::Grid(e)),
        };
        let rules = Rules::region_map(map, grid.size())
            .and_then(|map| Rules::classic(grid.shape()).with_regions(&map));
        match rules {
            Ok(rules) => Entry {
                line,
                grid: Ok(grid),
                rules: Some(Arc::new(rules)),
                ignored: Vec::new(),
            },
            Err(e) => Entry::invalid(line, EntryError::RegionMap(e)),
        }
    }

    /// The next puzzle of the block layout.
    fn next_block(&mut self) -> io::Result<Option<Entry>> {
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
                    let line = *first.get_or_insert(self.line - 1);
                    let error = GridError::LineTooLong {
                        limit: Self::MAX_LINE,
                    };
                    return Ok(Some(Entry::invalid(line, EntryError::Grid(error))));
                }
            };
            if text.trim().is_empty() {
                if first.is_some() {
                    break;
                }
                continue;
            }
            if first.is_none() {
                if let Some(entry) = self.header(&text) {
                    return Ok(Some(entry));
                }
            }
            if is_skipped_block_line(&text) {
                continue;
            }
            let line = *first.get_or_insert(self.line - 1);
            rows += 1;
            if rows > MAX_SIZE {
                self.skip_block = true;
                let error = GridError::TooManyRows { limit: MAX_SIZE };
                return Ok(Some(Entry::invalid(line, EntryError::Grid(error))));
            }
            self.block.push_str(&text);
            self.block.push('\n');
        }
        Ok(first.map(|line| Entry {
            line,
            grid: self
                .reader
                .read_block(&self.block)
                .map_err(EntryError::Grid),
            rules: None,
            ignored: Vec::new(),
        }))
    }

    /// The one puzzle of the f-puzzles layout: the whole input.
    fn next_fpuzzles(&mut self) -> io::Result<Option<Entry>> {
        if self.line > 0 {
            return Ok(None);
        }
        self.line = 1;
        let entry = match FPuzzle::read(&mut self.input)? {
            Ok(puzzle) => Entry {
                line: 0,
                grid: Ok(puzzle.grid().clone()),
                rules: Some(Arc::clone(puzzle.rules())),
                ignored: puzzle.ignored().to_vec(),
            },
            Err(e) => Entry::invalid(0, EntryError::FPuzzles(e)),
        };
        Ok(Some(entry))
    }
}

/// Whether `field`, the field after the givens of a puzzle of size `n`,
/// is a region map rather than a comment: `n * n` symbols, `n` different
/// ones `n` times each, and not a solution (some row or column holds a
/// symbol twice, as a region map's rows and columns do, a solution's
/// never).
fn is_region_map(field: &str, n: usize) -> bool {
    let cells: Vec<char> = field.chars().collect();
    if n < 2 || cells.len() != n * n {
        return false;
    }
    let mut symbols: Vec<(char, usize)> = Vec::with_capacity(n);
    for &ch in &cells {
        match symbols.iter().position(|&(s, _)| s == ch) {
            Some(k) => symbols[k].1 += 1,
            None if symbols.len() < n => symbols.push((ch, 1)),
            None => return false,
        }
    }
    if symbols.len() != n || symbols.iter().any(|&(_, count)| count != n) {
        return false;
    }
    let repeats = |at: &dyn Fn(usize) -> char| {
        let mut seen: Vec<char> = Vec::with_capacity(n);
        (0..n).any(|i| {
            let ch = at(i);
            let again = seen.contains(&ch);
            seen.push(ch);
            again
        })
    };
    (0..n).any(|r| repeats(&|c| cells[r * n + c])) || (0..n).any(|c| repeats(&|r| cells[r * n + c]))
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
