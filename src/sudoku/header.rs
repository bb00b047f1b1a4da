//! The header line of a stream of puzzles: `# exactcover: --box 3x2
//! --alphabet ABCDEF`, which says how to read the puzzles after it, so
//! that a puzzle written by one program reads back as the same puzzle in
//! another (see [`Puzzles`](crate::sudoku::Puzzles) and
//! [`PuzzleWriter`](crate::sudoku::PuzzleWriter)).
//!
//! To any other reader the header is a comment.

use std::fmt;

use crate::sudoku::alphabet::Alphabet;
use crate::sudoku::error::GridError;
use crate::sudoku::grid::Grid;
use crate::sudoku::reader::Reader;
use crate::sudoku::shape::Shape;

/// How a header line starts, after its `#` and any spaces.
const TAG: &str = "exactcover:";

/// The header that asks for nothing: the reader's own settings.
pub(crate) const NO_HEADER: &str = "# exactcover:";

/// Why a header line cannot be used.
///
/// ```
/// use exactcover::sudoku::{EntryError, HeaderError, Layout, Puzzles, Reader, Shape};
///
/// let text = "# exactcover: --box 3x2\n....................................\n";
/// let reader = Reader::new().with_shape(Shape::new(2, 3)?);
/// let first = Puzzles::new(text.as_bytes(), reader, Layout::Line).next().unwrap()?;
/// assert!(matches!(first.grid, Err(EntryError::Header(HeaderError::Conflict { .. }))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HeaderError {
    /// A word that is neither `--box` nor `--alphabet` (its first 40
    /// characters).
    Unknown(String),
    /// An option without its value.
    Missing(&'static str),
    /// A value that cannot be read.
    Value {
        /// The option.
        option: &'static str,
        /// Why.
        error: GridError,
    },
    /// The header and the reader's own settings disagree.
    Conflict {
        /// The option.
        option: &'static str,
        /// The header's value.
        header: String,
        /// The reader's.
        reader: String,
    },
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderError::Unknown(word) => write!(
                f,
                "{word:?} in a header line: it holds --box RxC and --alphabet SYMBOLS"
            ),
            HeaderError::Missing(option) => write!(f, "{option} without its value"),
            HeaderError::Value { option, error } => write!(f, "{option}: {error}"),
            HeaderError::Conflict {
                option,
                header,
                reader,
            } => write!(
                f,
                "the header line asks for {option} {header}, but {option} {reader} was given"
            ),
        }
    }
}

impl std::error::Error for HeaderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HeaderError::Value { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Whether `line` is a header line: `#`, spaces, then `exactcover:`.
pub(crate) fn is_header(line: &str) -> bool {
    words(line).is_some()
}

/// The words of a header line after its tag; `None` for other lines.
fn words(line: &str) -> Option<&str> {
    line.trim_start()
        .strip_prefix('#')?
        .trim_start()
        .strip_prefix(TAG)
}

/// The reader that reads the puzzles after header line `line`: `base`
/// with the header's shape and alphabet.
///
/// # Errors
///
/// A [`HeaderError`] when the line cannot be read, or asks for another
/// shape or alphabet than `base` was given.
pub(crate) fn apply(line: &str, base: &Reader) -> Result<Reader, HeaderError> {
    let mut reader = base.clone();
    let mut words = words(line).unwrap_or_default().split_whitespace();
    while let Some(word) = words.next() {
        let (option, inline) = match word.split_once('=') {
            Some((option, value)) => (option, Some(value)),
            None => (word, None),
        };
        let option = match option {
            "--box" => "--box",
            "--alphabet" => "--alphabet",
            _ => {
                let word: String = word.chars().take(40).collect();
                return Err(HeaderError::Unknown(word));
            }
        };
        let value = inline
            .or_else(|| words.next())
            .ok_or(HeaderError::Missing(option))?;
        let bad = |error| HeaderError::Value { option, error };
        let conflict = |reader: String| HeaderError::Conflict {
            option,
            header: value.to_string(),
            reader,
        };
        if option == "--box" {
            let shape: Shape = value.parse().map_err(bad)?;
            match base.shape() {
                Some(given) if given != shape => return Err(conflict(given.to_string())),
                _ => reader = reader.with_shape(shape),
            }
        } else {
            let alphabet: Alphabet = value.parse().map_err(bad)?;
            let given = base.alphabet();
            if !given.is_default() && *given != alphabet {
                return Err(conflict(given.to_string()));
            }
            reader = reader.with_alphabet(alphabet);
        }
    }
    Ok(reader)
}

/// The header line that a reader given no options needs to read `grid`
/// back as it is: `# exactcover:` with `--box` when the grid's boxes are
/// not those [`Shape::for_size`] gives its size (3x2 rather than 2x3), and
/// `--alphabet` when the grid is not written in the default alphabet. An
/// empty header (`# exactcover:`) when it needs neither.
pub(crate) fn header_for(grid: &Grid) -> String {
    let mut header = NO_HEADER.to_string();
    let shape = grid.shape();
    if Shape::for_size(grid.size()).ok() != Some(shape) {
        header.push_str(&format!(" --box {shape}"));
    }
    if !grid.alphabet().is_default() {
        let symbols: String = (1..=grid.size())
            .filter_map(|v| grid.alphabet().symbol(v))
            .collect();
        header.push_str(&format!(" --alphabet {symbols}"));
    }
    header
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_set_the_shape_and_the_alphabet() {
        assert!(is_header("#exactcover: --box 3x2"));
        assert!(is_header("  #  exactcover:"));
        assert!(!is_header("# exactcover solves"));
        let reader = apply("# exactcover: --box 3x2 --alphabet=ABCDEF", &Reader::new()).unwrap();
        assert_eq!(reader.shape(), Some(Shape::new(3, 2).unwrap()));
        assert_eq!(reader.alphabet().to_string(), "ABCDEF");
        let err = apply("# exactcover: --box", &Reader::new()).unwrap_err();
        assert_eq!(err, HeaderError::Missing("--box"));
        let err = apply("# exactcover: --jigsaw", &Reader::new()).unwrap_err();
        assert_eq!(err, HeaderError::Unknown("--jigsaw".into()));
        let given = Reader::new().with_alphabet(Alphabet::new("abcdef").unwrap());
        let err = apply("# exactcover: --alphabet ABCDEF", &given).unwrap_err();
        assert!(matches!(
            err,
            HeaderError::Conflict {
                option: "--alphabet",
                ..
            }
        ));
    }

    #[test]
    fn a_grid_says_which_header_it_needs() {
        let six = Grid::empty(Shape::new(3, 2).unwrap());
        assert_eq!(header_for(&six), "# exactcover: --box 3x2");
        let usual = Grid::empty(Shape::new(2, 3).unwrap());
        assert_eq!(header_for(&usual), "# exactcover:");
        let hex = Grid::empty(Shape::for_size(16).unwrap())
            .with_alphabet(Alphabet::from_zero())
            .unwrap();
        assert_eq!(
            header_for(&hex),
            "# exactcover: --alphabet 0123456789ABCDEF"
        );
    }
}
