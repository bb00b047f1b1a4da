//! [`Symmetry`]: the patterns of clues a [`Generator`](crate::sudoku::Generator)
//! keeps, and the groups of cells that are clues together.

use std::fmt;
use std::str::FromStr;

use crate::sudoku::generate::error::GenerateError;

/// The symmetry of a puzzle's pattern of clues: a cell is a clue exactly
/// when its images are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// No symmetry: clues are taken away one at a time.
    #[default]
    None,
    /// A half turn about the centre.
    Rot180,
    /// Quarter turns about the centre.
    Rot90,
    /// A mirror in the vertical middle line (left to right).
    Mirror,
    /// A mirror in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of their names.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The cells (reading order) that go with `cell` under this symmetry on
    /// an `n x n` grid, `cell` first, each once.
    ///
    /// ```
    /// use exactcover::sudoku::Symmetry;
    /// assert_eq!(Symmetry::Rot180.orbit(0, 4), [0, 15]);
    /// assert_eq!(Symmetry::Rot90.orbit(0, 4), [0, 3, 15, 12]);
    /// assert_eq!(Symmetry::Mirror.orbit(5, 4), [5, 6]);
    /// ```
    #[must_use]
    pub fn orbit(self, cell: usize, n: usize) -> Vec<usize> {
        let (r, c) = (cell / n, cell % n);
        let m = n - 1;
        let images: Vec<(usize, usize)> = match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rot180 => vec![(r, c), (m - r, m - c)],
            Symmetry::Rot90 => vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Mirror => vec![(r, c), (r, m - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
        };
        let mut out = Vec::with_capacity(images.len());
        for (r, c) in images {
            if !out.contains(&(r * n + c)) {
                out.push(r * n + c);
            }
        }
        out
    }

    /// The cells of an `n x n` grid in groups that are clues together.
    pub(super) fn groups(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut groups = Vec::new();
        for cell in 0..n * n {
            if !seen[cell] {
                let orbit = self.orbit(cell, n);
                for &c in &orbit {
                    seen[c] = true;
                }
                groups.push(orbit);
            }
        }
        groups
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        })
    }
}

impl FromStr for Symmetry {
    type Err = GenerateError;

    /// ```
    /// use exactcover::sudoku::Symmetry;
    /// assert_eq!("rot180".parse::<Symmetry>()?, Symmetry::Rot180);
    /// assert!("spiral".parse::<Symmetry>().is_err());
    /// # Ok::<(), exactcover::sudoku::GenerateError>(())
    /// ```
    fn from_str(s: &str) -> Result<Symmetry, GenerateError> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.to_string() == s)
            .ok_or_else(|| GenerateError::UnknownSymmetry(s.chars().take(40).collect()))
    }
}
