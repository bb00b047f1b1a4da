//! Writing puzzles so that they read back as the same puzzles:
//! [`PuzzleWriter`], the counterpart of [`Puzzles`].

use std::fmt;

use crate::sudoku::batch::Layout;
use crate::sudoku::fpuzzles::FPuzzle;
use crate::sudoku::grid::Grid;
use crate::sudoku::header::{NO_HEADER, header_for};
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::{Rules, Unit};

#[cfg(doc)]
use crate::sudoku::Puzzles;

/// The symbols of the regions of a written region map, in order: enough
/// for the largest grid.
const REGION_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\
     ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ";

/// Why a puzzle cannot be written in a layout.
///
/// ```
/// use exactcover::sudoku::{Grid, Layout, PuzzleWriter, Shape, WriteError};
/// let big = Grid::empty(Shape::for_size(36)?); // 36 symbols: the default alphabet has 35
/// let err = PuzzleWriter::new(Layout::Line).write((&big).into()).unwrap_err();
/// assert_eq!(err, WriteError::Symbols { size: 36, symbols: 35 });
/// # Ok::<(), exactcover::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// The grid's alphabet has fewer symbols than the grid's size.
    Symbols {
        /// The grid's size.
        size: usize,
        /// The alphabet's symbols.
        symbols: usize,
    },
    /// The puzzle's rules are more than the layout can say: a variant in
    /// the line or block layout, a killer in a jigsaw line.
    Rules {
        /// The layout.
        layout: Layout,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Symbols { size, symbols } => write!(
                f,
                "a grid of size {size} needs {size} symbols, but its alphabet has {symbols}: \
                 name them (--alphabet)"
            ),
            WriteError::Rules { layout } => {
                let (name, says) = match layout {
                    Layout::Jigsaw => ("a jigsaw line", "jigsaw regions"),
                    Layout::Block => ("a block", "the classic rules"),
                    _ => ("a puzzle line", "the classic rules"),
                };
                write!(
                    f,
                    "the puzzle's rules cannot be written as {name}, which says {says} only: \
                     write f-puzzles JSON"
                )
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// Writes puzzles in a [`Layout`] so that [`Puzzles`] reads them back, in
/// that layout and with no options, as the same puzzles: the same grid of
/// givens under the same rules.
///
/// * The line layout writes each grid on a line, the block layout as a
///   block with box separators followed by an empty line. Both say the
///   classic rules only. Before a grid whose box shape or symbols a reader
///   would not guess (boxes of 3x2 rather than the 2x3 of
///   [`Shape::for_size`](crate::sudoku::Shape::for_size), a 16x16 grid
///   written 0-F), a header line says them (`# exactcover: --box 3x2`; see
///   [`Puzzles`]), and a header with neither option comes before the next
///   grid that needs none.
/// * The jigsaw layout writes `<givens> <region map>`: the regions as
///   symbols `1`-`9`, `A`-`Z`, `a`-`z`, then Latin letters, in order.
/// * The f-puzzles layout writes each puzzle as f-puzzles JSON on one line
///   ([`FPuzzle::to_json`]), whatever its rules.
///
/// ```
/// use exactcover::sudoku::{Grid, Layout, PuzzleWriter, Puzzles, Reader, Shape};
///
/// let grid = Grid::empty(Shape::new(3, 2)?);
/// let mut writer = PuzzleWriter::new(Layout::Line);
/// let text = writer.write((&grid).into())?;
/// assert_eq!(text, format!("# exactcover: --box 3x2\n{}\n", ".".repeat(36)));
/// let read = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line).next().unwrap()?;
/// assert_eq!(read.grid, Ok(grid.clone()));
/// // The same shape again: no header.
/// assert_eq!(writer.write((&grid).into())?, format!("{}\n", ".".repeat(36)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PuzzleWriter {
    layout: Layout,
    /// The header in effect for the puzzles written so far.
    header: String,
}

impl PuzzleWriter {
    /// A writer of puzzles in `layout`.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, Layout, PuzzleWriter};
    /// let grid: Grid = "1.3..4..2......1".parse()?;
    /// let text = PuzzleWriter::new(Layout::Block).write((&grid).into())?;
    /// assert_eq!(text, "1 . | 3 .\n. 4 | . .\n----+----\n2 . | . .\n. . | . 1\n\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(layout: Layout) -> PuzzleWriter {
        PuzzleWriter {
            layout,
            header: NO_HEADER.to_string(),
        }
    }

    /// The layout.
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Writes the next puzzles in `layout`, into the same stream: the
    /// header in effect stays in effect.
    ///
    /// ```
    /// use exactcover::sudoku::{Layout, PuzzleWriter};
    /// let mut writer = PuzzleWriter::new(Layout::Line);
    /// writer.set_layout(Layout::Jigsaw);
    /// assert_eq!(writer.layout(), Layout::Jigsaw);
    /// ```
    pub fn set_layout(&mut self, layout: Layout) {
        self.layout = layout;
    }

    /// The text of `puzzle`, with the header line it needs first, if any:
    /// whole lines, each ending with `\n`.
    ///
    /// # Errors
    ///
    /// [`WriteError::Symbols`] when the grid's alphabet cannot write it,
    /// [`WriteError::Rules`] when the layout cannot say its rules.
    pub fn write(&mut self, puzzle: RuledGrid<'_>) -> Result<String, WriteError> {
        let grid = puzzle.grid();
        let n = grid.size();
        if grid.alphabet().len() < n {
            return Err(WriteError::Symbols {
                size: n,
                symbols: grid.alphabet().len(),
            });
        }
        let rules = puzzle.shared_rules().map(|rules| &**rules);
        let rules_error = Err(WriteError::Rules {
            layout: self.layout,
        });
        let mut text = String::new();
        match self.layout {
            Layout::FPuzzles => {
                text.push_str(&FPuzzle::new(puzzle).to_json());
                text.push('\n');
                return Ok(text);
            }
            Layout::Jigsaw => {
                let Some(map) = region_map(puzzle) else {
                    return rules_error;
                };
                self.header(grid, &mut text);
                text.push_str(&format!("{grid} {map}\n"));
            }
            layout => {
                if rules.is_some_and(|rules| !rules.is_classic()) {
                    return rules_error;
                }
                self.header(grid, &mut text);
                if layout == Layout::Block {
                    text.push_str(&format!("{grid:#}\n"));
                } else {
                    text.push_str(&format!("{grid}\n"));
                }
            }
        }
        Ok(text)
    }

    /// Writes into `text` the header `grid` needs, when it is not the one
    /// in effect.
    fn header(&mut self, grid: &Grid, text: &mut String) {
        let header = header_for(grid);
        if header != self.header {
            text.push_str(&header);
            text.push('\n');
            self.header = header;
        }
    }
}

/// The region map of a puzzle whose rules are the rows, the columns and
/// regions (or boxes) only; `None` for other rules.
fn region_map(puzzle: RuledGrid<'_>) -> Option<String> {
    let rules: &Rules = &puzzle.rules();
    let n = rules.size();
    if !rules.cages().is_empty() || rules.is_anti_knight() || rules.is_anti_king() {
        return None;
    }
    let symbols: Vec<char> = REGION_SYMBOLS.chars().collect();
    let mut map = vec!['?'; n * n];
    for (u, unit) in rules.units().enumerate() {
        let k = match unit {
            Unit::Row(_) | Unit::Column(_) => continue,
            Unit::Region(k) | Unit::Box(k) => k,
            _ => return None,
        };
        let symbol = *symbols.get(k)?;
        for cell in rules.unit_cells(u) {
            map[cell] = symbol;
        }
    }
    Some(map.into_iter().collect())
}
