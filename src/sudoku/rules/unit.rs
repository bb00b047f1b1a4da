//! What a unit is: [`Unit`], a row, a column, a box, a jigsaw region, a
//! diagonal, a window or an extra region (and, for conflicts, a cage or a
//! chess move), with its name for people and its letter for short item
//! names.

use std::fmt;

/// What a unit is: its kind, and its index among the units of that kind
/// (from 0).
///
/// Rows, columns, boxes, jigsaw regions, diagonals, windows and extra
/// regions are units: `N` cells that hold every digit once. A [`Conflict`]
/// may also name a killer cage, or two cells a knight's or a king's move
/// apart ([`Unit::Cage`], [`Unit::KnightMove`], [`Unit::KingMove`]), which
/// are rules but not units of `N` cells. More kinds may come, so matches
/// need a `_` arm.
///
/// [`Conflict`]: crate::sudoku::Conflict
///
/// ```
/// use exactcover::sudoku::Unit;
/// assert_eq!(Unit::Column(4).to_string(), "column 5");
/// assert_eq!(Unit::Box(2).index(), 2);
/// assert_eq!(Unit::Diagonal(1).to_string(), "anti-diagonal");
/// assert_eq!(Unit::Cage(0).to_string(), "cage 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unit {
    /// A row (from 0).
    Row(usize),
    /// A column (from 0).
    Column(usize),
    /// A box (from 0, row by row).
    Box(usize),
    /// A jigsaw region (from 0, as numbered in the map given to
    /// [`Rules::with_regions`](crate::sudoku::Rules::with_regions)); regions
    /// replace the boxes.
    Region(usize),
    /// A main diagonal: 0 from the top left corner to the bottom right one,
    /// 1 from the top right corner to the bottom left one.
    Diagonal(usize),
    /// A window of windoku (from 0: top left, top right, bottom left,
    /// bottom right).
    Window(usize),
    /// An extra region (from 0, in the order they were added).
    Extra(usize),
    /// A killer cage (from 0, in the order they were added): not a unit
    /// of the rules, named by conflicts.
    Cage(usize),
    /// Two cells a knight's move apart (anti-knight): named by conflicts.
    KnightMove,
    /// Two cells a king's move apart (anti-king): named by conflicts.
    KingMove,
}

impl Unit {
    /// The index of the unit among those of its kind (from 0; 0 for
    /// [`Unit::KnightMove`] and [`Unit::KingMove`]).
    ///
    /// ```
    /// assert_eq!(exactcover::sudoku::Unit::Row(3).index(), 3);
    /// ```
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Unit::Row(k)
            | Unit::Column(k)
            | Unit::Box(k)
            | Unit::Region(k)
            | Unit::Diagonal(k)
            | Unit::Window(k)
            | Unit::Extra(k)
            | Unit::Cage(k) => k,
            Unit::KnightMove | Unit::KingMove => 0,
        }
    }

    /// The letter of the unit's kind in short item names (`r13`: row 1
    /// holds 3).
    pub(crate) fn letter(self) -> char {
        match self {
            Unit::Row(_) => 'r',
            Unit::Column(_) => 'c',
            Unit::Box(_) => 'b',
            Unit::Region(_) => 'j',
            Unit::Diagonal(_) => 'd',
            Unit::Window(_) => 'w',
            Unit::Extra(_) => 'x',
            Unit::Cage(_) => 'k',
            Unit::KnightMove => 'n',
            Unit::KingMove => 'q',
        }
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 5`, `box 2`, `region 4`, `main diagonal`,
    /// `anti-diagonal`, `window 1`, `extra region 2`, `cage 7`, `a knight's
    /// move`, `a king's move` (from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
            Unit::Region(k) => write!(f, "region {}", k + 1),
            Unit::Diagonal(0) => f.write_str("main diagonal"),
            Unit::Diagonal(_) => f.write_str("anti-diagonal"),
            Unit::Window(k) => write!(f, "window {}", k + 1),
            Unit::Extra(k) => write!(f, "extra region {}", k + 1),
            Unit::Cage(k) => write!(f, "cage {}", k + 1),
            Unit::KnightMove => f.write_str("a knight's move"),
            Unit::KingMove => f.write_str("a king's move"),
        }
    }
}
