//! Sudoku variants read from f-puzzles JSON, the format the variant
//! community exchanges (f-puzzles exports it, SudokuPad imports it).
//!
//! See [`FPuzzle`] for the keys read, and [`FPuzzle::to_json`] for writing
//! a puzzle back.
//!
//! ```
//! use exactcover::sudoku::{FPuzzle, SudokuSolver};
//! let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
//!               "diagonal+":true,"diagonal-":true,"antiking":false,
//!               "killercage":[{"cells":["R1C2","R1C3"],"value":"5"}]}"#;
//! let puzzle = FPuzzle::parse(json)?;
//! let mut solver = SudokuSolver::new();
//! assert_eq!(solver.count(puzzle.puzzle(), None)?.solutions, 4);
//! let err = FPuzzle::parse(r#"{"size":4,"grid":[],"thermometer":[{"lines":[["R1C1","R1C2"]]}]}"#).unwrap_err();
//! assert_eq!(err.to_string(), "unsupported constraint \"thermometer\"");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use serde_json::{Map, Value};

mod keys;
mod strict;
mod write;

use crate::sudoku::error::GridError;
use crate::sudoku::grid::Grid;
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::{Rules, RulesError};
use crate::sudoku::shape::Shape;

/// The largest f-puzzles text [`FPuzzle::parse`] reads: 1 MiB.
pub const MAX_FPUZZLES_BYTES: usize = 1 << 20;

/// Whether a stream holds f-puzzles JSON rather than puzzles in lines or
/// blocks: its name (when it has one) ends in `.json`, in any case, or the
/// first byte that is not white space among those `input` has buffered
/// (after a UTF-8 byte-order mark) is `{` (no puzzle line starts so). Nothing is consumed, so the stream can
/// then be read from its start, with [`FPuzzle::read`] or
/// [`Layout::FPuzzles`](crate::sudoku::Layout::FPuzzles).
///
/// # Errors
///
/// Those of filling `input`'s buffer.
///
/// ```
/// use std::path::Path;
/// use exactcover::sudoku::is_fpuzzles;
///
/// assert!(is_fpuzzles(None, &mut &b"  {\"size\":9}"[..])?);
/// assert!(!is_fpuzzles(None, &mut &b"1.3..4..2......1\n"[..])?);
/// assert!(is_fpuzzles(Some(Path::new("killer.JSON")), &mut &b""[..])?);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn is_fpuzzles<R: BufRead + ?Sized>(name: Option<&Path>, input: &mut R) -> io::Result<bool> {
    if name
        .and_then(Path::extension)
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        return Ok(true);
    }
    let buffered = input.fill_buf()?;
    let buffered = buffered.strip_prefix(BOM).unwrap_or(buffered);
    Ok(buffered
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{'))
}

/// The UTF-8 byte-order mark that some editors write at the start of a
/// file.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Keys of a cell that do not change the puzzle.
const COSMETIC_CELL_KEYS: [&str; 5] = [
    "centerPencilMarks",
    "cornerPencilMarks",
    "highlight",
    "c",
    "cArray",
];

/// What is wrong with an f-puzzles text, and where (a JSON path such as
/// `grid[2][3].value` or `killercage[4].cells[1]`, from 0 as in JSON).
///
/// ```
/// use exactcover::sudoku::{FPuzzle, FPuzzlesError};
/// let json = r#"{"size":4,"grid":[[{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
/// let err = FPuzzle::parse(json).unwrap_err();
/// assert!(matches!(err, FPuzzlesError::Invalid { .. }));
/// assert_eq!(err.to_string(), "grid[0][0].value: 5 is not a digit from 1 to 4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FPuzzlesError {
    /// More than [`MAX_FPUZZLES_BYTES`].
    TooLarge {
        /// The text's length in bytes.
        bytes: usize,
    },
    /// Not JSON: serde_json's message, with its line and column.
    Json(String),
    /// A key the format needs is absent.
    Missing {
        /// The key.
        key: &'static str,
    },
    /// A value that is not what its key needs.
    Invalid {
        /// Where, as a JSON path.
        at: String,
        /// What is wrong.
        why: String,
    },
    /// A constraint this crate does not solve.
    Unsupported {
        /// Its key.
        key: String,
    },
    /// A key f-puzzles does not write either: a typo, or another format.
    Unknown {
        /// The key.
        key: String,
        /// The key read that it most resembles, when it is a likely typo
        /// (`killercages` for `killercage`).
        suggestion: Option<&'static str>,
    },
    /// A key given twice in one object: JSON readers differ on which value
    /// holds, so the puzzle is ambiguous.
    Repeated {
        /// Its JSON path (`killercage`, `grid[2][3].value`).
        at: String,
        /// Where the second one is, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// The rules cannot be made (a region, extra region or cage is wrong).
    Rules {
        /// The key whose value made them fail.
        at: String,
        /// Why.
        error: RulesError,
    },
}

impl fmt::Display for FPuzzlesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FPuzzlesError::TooLarge { bytes } => write!(
                f,
                "f-puzzles text of {bytes} bytes, more than the {MAX_FPUZZLES_BYTES} read"
            ),
            FPuzzlesError::Json(e) => write!(f, "not JSON: {e}"),
            FPuzzlesError::Missing { key } => write!(f, "no \"{key}\""),
            FPuzzlesError::Invalid { at, why } => write!(f, "{at}: {why}"),
            FPuzzlesError::Unsupported { key } => write!(f, "unsupported constraint \"{key}\""),
            FPuzzlesError::Unknown {
                key,
                suggestion: Some(near),
            } => write!(f, "unknown key \"{key}\" (did you mean \"{near}\"?)"),
            FPuzzlesError::Unknown { key, .. } => {
                write!(f, "unknown key \"{key}\" (not a constraint of f-puzzles)")
            }
            FPuzzlesError::Repeated { at, line, column } => write!(
                f,
                "\"{at}\" is given twice (the second at line {line}, column {column}): \
                 which one holds?"
            ),
            FPuzzlesError::Rules { at, error } => write!(f, "{at}: {error}"),
        }
    }
}

impl std::error::Error for FPuzzlesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FPuzzlesError::Rules { error, .. } => Some(error),
            _ => None,
        }
    }
}

fn invalid(at: impl Into<String>, why: impl Into<String>) -> FPuzzlesError {
    FPuzzlesError::Invalid {
        at: at.into(),
        why: why.into(),
    }
}

/// Whether a value says nothing: `false`, `null`, `[]`, `{}`, `""`.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

/// A puzzle read from f-puzzles JSON: its grid of givens and its rules.
///
/// [`FPuzzle::parse`] reads the keys this crate can solve and refuses the
/// others:
///
/// | key            | meaning                                             |
/// |----------------|-----------------------------------------------------|
/// | `size`         | `N` (boxes of [`Shape::for_size`])                  |
/// | `grid`         | `N` rows of `N` cells: `value` with `given: true` is a given; `region` (from 0) makes a jigsaw |
/// | `diagonal+`    | the diagonal from bottom left to top right          |
/// | `diagonal-`    | the diagonal from top left to bottom right          |
/// | `antiknight`   | no equal digits a knight's move apart               |
/// | `antiking`     | no equal digits a king's move apart                 |
/// | `killercage`   | `cells` such as `"R1C1"`, sum in `value` (a string or a number; none: distinct digits only) |
/// | `extraregion`  | `cells`: `N` more cells holding every digit once     |
///
/// `title`, `author`, `ruleset`, `solution` and the solver settings
/// `disabledlogic` and `truecandidatesoptions` are read as comments. The
/// cosmetic keys of f-puzzles, which draw on the grid but constrain
/// nothing there (`text`, `line`, `circle`, `rectangle`, `cage` when it
/// shows no value, `highlightConflicts`), are ignored and listed by
/// [`FPuzzle::ignored`] for a note: a setter may state a rule with them,
/// which a solver cannot know. A `cage` that shows a value is refused (its
/// value may be a killer sum: write it as `killercage`). Any other key whose
/// value is not empty (`false`, `null`, `[]`, `{}`, `""`) is refused:
/// [`FPuzzlesError::Unsupported`] for a constraint of f-puzzles this crate
/// does not solve (`thermometer`, `arrow`, ...), [`FPuzzlesError::Unknown`]
/// for a key f-puzzles does not write either, with the nearest key read when
/// it looks like a typo (`killercages`). A key given twice in an object is
/// refused ([`FPuzzlesError::Repeated`]): JSON readers differ on which one
/// holds. In a cell,
/// a `value` without `given: true` is a solver's entry and is not a given;
/// pencil marks and colours are ignored, given pencil marks refused.
/// Without `region`, a cell is in its box; in a jigsaw every region must
/// have `N` cells. Input is at most [`MAX_FPUZZLES_BYTES`]; a UTF-8
/// byte-order mark before it is skipped.
///
/// ```
/// use exactcover::sudoku::{FPuzzle, SudokuSolver};
/// let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiknight":true}"#;
/// let puzzle: FPuzzle = json.parse()?;
/// assert!(puzzle.rules().is_anti_knight());
/// assert_eq!(puzzle.grid().given_count(), 0);
/// let solution = SudokuSolver::new().solution(&puzzle)?;
/// assert!(solution.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct FPuzzle {
    grid: Grid,
    rules: Arc<Rules>,
    title: Option<String>,
    ignored: Vec<String>,
}

impl FPuzzle {
    /// Reads an f-puzzles JSON text (see [`FPuzzle`] for the keys).
    ///
    /// # Errors
    ///
    /// An [`FPuzzlesError`] saying what is wrong, and where.
    ///
    /// ```
    /// use exactcover::sudoku::FPuzzle;
    /// let row = "[{},{},{},{}]";
    /// let json = format!(r#"{{"size":4,"grid":[{row},{row},{row},{row}],"killercage":[{{"cells":["R1C1","R5C1"],"value":"3"}}]}}"#);
    /// let err = FPuzzle::parse(&json).unwrap_err();
    /// assert_eq!(err.to_string(), "killercage[0].cells[1]: \"R5C1\" is not a cell R1C1 to R4C4");
    /// ```
    pub fn parse(text: &str) -> Result<FPuzzle, FPuzzlesError> {
        if text.len() > MAX_FPUZZLES_BYTES {
            return Err(FPuzzlesError::TooLarge { bytes: text.len() });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let repeated = strict::Repeated::default();
        let value = strict::parse(text, &repeated).map_err(|e| match repeated.take() {
            Some(at) => FPuzzlesError::Repeated {
                at,
                line: e.line(),
                column: e.column(),
            },
            None => FPuzzlesError::Json(e.to_string()),
        })?;
        let Value::Object(top) = value else {
            return Err(invalid("the text", "is not a JSON object"));
        };
        let size = read_size(&top)?;
        let shape = Shape::for_size(size).map_err(|e| invalid("size", e.to_string()))?;
        let ignored = keys::check_keys(&top)?;
        let grid_value = top
            .get("grid")
            .ok_or(FPuzzlesError::Missing { key: "grid" })?;
        let (grid, regions) = read_grid(grid_value, shape)?;
        let mut rules = Rules::classic(shape);
        if let Some(map) = regions {
            rules = rules
                .with_regions(&map)
                .map_err(|error| FPuzzlesError::Rules {
                    at: "grid".into(),
                    error,
                })?;
        }
        if flag(&top, "diagonal-")? {
            rules = rules.with_main_diagonal();
        }
        if flag(&top, "diagonal+")? {
            rules = rules.with_anti_diagonal();
        }
        if flag(&top, "antiknight")? {
            rules = rules.with_anti_knight();
        }
        if flag(&top, "antiking")? {
            rules = rules.with_anti_king();
        }
        rules = with_extra_regions(rules, &top, size)?;
        rules = with_killer_cages(rules, &top, size)?;
        let title = top.get("title").and_then(Value::as_str).map(str::to_string);
        Ok(FPuzzle {
            grid,
            rules: Arc::new(rules),
            title,
            ignored,
        })
    }

    /// Reads an f-puzzles text from `input`: at most [`MAX_FPUZZLES_BYTES`]
    /// of it, and one byte more to tell a longer one, whatever its length.
    ///
    /// # Errors
    ///
    /// `Err` when reading fails; `Ok(Err(_))` when the text is not an
    /// f-puzzles puzzle: [`FPuzzlesError::TooLarge`], not UTF-8 (as
    /// [`FPuzzlesError::Json`]), or as [`FPuzzle::parse`] says.
    ///
    /// ```
    /// use exactcover::sudoku::{FPuzzle, FPuzzlesError};
    /// let json = r#"{"size":1,"grid":[[{}]]}"#;
    /// let puzzle = FPuzzle::read(json.as_bytes())?.expect("a puzzle");
    /// assert_eq!(puzzle.grid().size(), 1);
    /// let huge = " ".repeat(2 << 20);
    /// assert!(matches!(FPuzzle::read(huge.as_bytes())?, Err(FPuzzlesError::TooLarge { .. })));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn read(input: impl Read) -> io::Result<Result<FPuzzle, FPuzzlesError>> {
        let mut bytes = Vec::new();
        input
            .take(MAX_FPUZZLES_BYTES as u64 + 1)
            .read_to_end(&mut bytes)?;
        Ok(match String::from_utf8(bytes) {
            Ok(text) if text.len() > MAX_FPUZZLES_BYTES => {
                Err(FPuzzlesError::TooLarge { bytes: text.len() })
            }
            Ok(text) => FPuzzle::parse(&text),
            Err(_) => Err(FPuzzlesError::Json("not UTF-8 text".into())),
        })
    }

    /// The grid of givens.
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The title, if the text has one.
    ///
    /// ```
    /// let puzzle = exactcover::sudoku::FPuzzle::parse(r#"{"size":1,"grid":[[{}]],"title":"One"}"#)?;
    /// assert_eq!(puzzle.title(), Some("One"));
    /// # Ok::<(), exactcover::sudoku::FPuzzlesError>(())
    /// ```
    #[must_use]
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The cosmetic keys that were ignored (see [`FPuzzle`]), in the order
    /// of the text: a reader tells its user, since a setter may state a rule
    /// with them.
    ///
    /// ```
    /// let json = r#"{"size":1,"grid":[[{}]],"text":[{"cells":["R1C1"],"value":"hi"}]}"#;
    /// let puzzle = exactcover::sudoku::FPuzzle::parse(json)?;
    /// assert_eq!(puzzle.ignored(), ["text"]);
    /// # Ok::<(), exactcover::sudoku::FPuzzlesError>(())
    /// ```
    #[must_use]
    pub fn ignored(&self) -> &[String] {
        &self.ignored
    }

    /// The grid under its rules, for [`SudokuSolver`](crate::sudoku::SudokuSolver)
    /// and the [`reference`](crate::sudoku::reference) solver.
    #[must_use]
    pub fn puzzle(&self) -> RuledGrid<'_> {
        match RuledGrid::new(&self.rules, &self.grid) {
            Ok(puzzle) => puzzle,
            // Both were made from the same shape.
            Err(_) => unreachable!("the grid and its rules share their shape"),
        }
    }
}

/// Reads an f-puzzles JSON text, as [`FPuzzle::parse`].
///
/// ```
/// use exactcover::sudoku::{FPuzzle, SudokuSolver};
/// let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal+":true}"#;
/// let puzzle: FPuzzle = json.parse()?;
/// let solution = SudokuSolver::new().solution(&puzzle)?.expect("solvable");
/// assert_eq!(solution.get(0, 0), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl FromStr for FPuzzle {
    type Err = FPuzzlesError;

    fn from_str(text: &str) -> Result<FPuzzle, FPuzzlesError> {
        FPuzzle::parse(text)
    }
}

/// An f-puzzle is a grid under its rules: [`FPuzzle::puzzle`], so that
/// `&puzzle` goes wherever a puzzle does (the solver's methods, the
/// [`reference`](crate::sudoku::reference) solver, [`grade`](crate::sudoku::grade)).
///
/// ```
/// use exactcover::sudoku::{FPuzzle, RuledGrid};
/// let puzzle: FPuzzle = r#"{"size":1,"grid":[[{}]]}"#.parse()?;
/// let ruled = RuledGrid::from(&puzzle);
/// assert_eq!(ruled.grid().size(), 1);
/// # Ok::<(), exactcover::sudoku::FPuzzlesError>(())
/// ```
impl<'a> From<&'a FPuzzle> for RuledGrid<'a> {
    fn from(puzzle: &'a FPuzzle) -> RuledGrid<'a> {
        puzzle.puzzle()
    }
}

/// The `size` of the top object: from 1 to [`MAX_SIZE`](crate::sudoku::MAX_SIZE).
fn read_size(top: &Map<String, Value>) -> Result<usize, FPuzzlesError> {
    let Some(v) = top.get("size") else {
        return Err(FPuzzlesError::Missing { key: "size" });
    };
    v.as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| (1..=crate::sudoku::MAX_SIZE).contains(&n))
        .ok_or_else(|| {
            invalid(
                "size",
                format!("{v} is not a size from 1 to {}", crate::sudoku::MAX_SIZE),
            )
        })
}

/// `rules` with the extra regions of `top` (a grid of size `size`).
fn with_extra_regions(
    rules: Rules,
    top: &Map<String, Value>,
    size: usize,
) -> Result<Rules, FPuzzlesError> {
    let regions = list(top, "extraregion")?
        .iter()
        .enumerate()
        .map(|(k, region)| read_cells(region, &format!("extraregion[{k}]"), size))
        .collect::<Result<Vec<_>, _>>()?;
    rules
        .with_extra_regions(regions.iter().map(Vec::as_slice))
        .map_err(|error| FPuzzlesError::Rules {
            at: match error {
                RulesError::ExtraRegionSize { region, .. } => format!("extraregion[{region}]"),
                _ => "extraregion".into(),
            },
            error,
        })
}

/// `rules` with the killer cages of `top` (a grid of size `size`).
fn with_killer_cages(
    rules: Rules,
    top: &Map<String, Value>,
    size: usize,
) -> Result<Rules, FPuzzlesError> {
    let cages = list(top, "killercage")?
        .iter()
        .enumerate()
        .map(|(k, cage)| {
            let at = format!("killercage[{k}]");
            Ok((
                read_cells(cage, &at, size)?,
                read_sum(cage.get("value"), &at)?,
            ))
        })
        .collect::<Result<Vec<_>, FPuzzlesError>>()?;
    let before = rules.cages().len();
    rules
        .with_cages(cages.iter().map(|(cells, sum)| (cells.as_slice(), *sum)))
        .map_err(|error| FPuzzlesError::Rules {
            at: match error {
                RulesError::CageSize { cage, .. }
                | RulesError::UnreachableSum { cage, .. }
                | RulesError::TooManyCombinations { cage } => {
                    format!("killercage[{}]", cage - before)
                }
                _ => "killercage".into(),
            },
            error,
        })
}

/// A boolean constraint: absent or `false` is off.
fn flag(top: &Map<String, Value>, key: &str) -> Result<bool, FPuzzlesError> {
    match top.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => Err(invalid(key, format!("{v} is not true or false"))),
    }
}

/// A list of constraints: absent or `null` is none.
fn list<'a>(top: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], FPuzzlesError> {
    match top.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(v) => Err(invalid(key, format!("{v} is not a list"))),
    }
}

/// A cell such as `R1C12` (from 1) as its number in reading order.
fn read_cell(text: &str, n: usize) -> Option<usize> {
    let rest = text.strip_prefix(['R', 'r'])?;
    let at = rest.find(['C', 'c'])?;
    let (row, col) = (&rest[..at], &rest[at + 1..]);
    let digits = |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(row) || !digits(col) {
        return None;
    }
    let (r, c): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    ((1..=n).contains(&r) && (1..=n).contains(&c)).then(|| (r - 1) * n + c - 1)
}

/// The `cells` of a constraint.
fn read_cells(constraint: &Value, at: &str, n: usize) -> Result<Vec<usize>, FPuzzlesError> {
    let Some(cells) = constraint.get("cells").and_then(Value::as_array) else {
        return Err(invalid(at, "has no list of \"cells\""));
    };
    let mut read = Vec::with_capacity(cells.len());
    let mut seen = std::collections::HashSet::with_capacity(cells.len());
    for (i, cell) in cells.iter().enumerate() {
        let at = format!("{at}.cells[{i}]");
        let k = cell
            .as_str()
            .and_then(|s| read_cell(s, n))
            .ok_or_else(|| invalid(&at, format!("{cell} is not a cell R1C1 to R{n}C{n}")))?;
        if !seen.insert(k) {
            return Err(invalid(at, format!("{cell} is listed twice")));
        }
        read.push(k);
    }
    Ok(read)
}

/// A cage's sum: a string or a number; absent or empty for none.
fn read_sum(value: Option<&Value>, at: &str) -> Result<Option<usize>, FPuzzlesError> {
    let bad = |v: &Value| invalid(format!("{at}.value"), format!("{v} is not a cage sum"));
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(v @ Value::String(s)) => s.trim().parse::<usize>().map(Some).map_err(|_| bad(v)),
        Some(v @ Value::Number(x)) => x
            .as_u64()
            .and_then(|x| usize::try_from(x).ok())
            .map(Some)
            .ok_or_else(|| bad(v)),
        Some(v) => Err(bad(v)),
    }
}

/// The grid of givens, and the region map when a cell names its region.
fn read_grid(value: &Value, shape: Shape) -> Result<(Grid, Option<Vec<usize>>), FPuzzlesError> {
    let n = shape.size();
    let rows = value
        .as_array()
        .ok_or_else(|| invalid("grid", "is not a list of rows"))?;
    if rows.len() != n {
        return Err(invalid("grid", format!("has {} rows, not {n}", rows.len())));
    }
    let mut grid = Grid::empty(shape);
    let mut regions: Vec<usize> = (0..n * n).map(|k| shape.box_of(k / n, k % n)).collect();
    let mut jigsaw = false;
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_array()
            .ok_or_else(|| invalid(format!("grid[{r}]"), "is not a list of cells"))?;
        if cells.len() != n {
            return Err(invalid(
                format!("grid[{r}]"),
                format!("has {} cells, not {n}", cells.len()),
            ));
        }
        for (c, cell) in cells.iter().enumerate() {
            let at = format!("grid[{r}][{c}]");
            let Value::Object(cell) = cell else {
                return Err(invalid(at, "is not an object"));
            };
            for (key, v) in cell {
                let known = matches!(key.as_str(), "value" | "given" | "region")
                    || COSMETIC_CELL_KEYS.contains(&key.as_str());
                if !known && !is_empty(v) {
                    return Err(FPuzzlesError::Unsupported {
                        key: format!("{at}.{key}"),
                    });
                }
            }
            let given = match cell.get("given") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(v) => {
                    return Err(invalid(
                        format!("{at}.given"),
                        format!("{v} is not true or false"),
                    ));
                }
            };
            if given {
                let v = cell.get("value").unwrap_or(&Value::Null);
                let value = v
                    .as_u64()
                    .filter(|&d| d >= 1 && d as usize <= n)
                    .ok_or_else(|| {
                        invalid(
                            format!("{at}.value"),
                            format!("{v} is not a digit from 1 to {n}"),
                        )
                    })?;
                grid.set(r, c, Some(value as usize))
                    .map_err(|e: GridError| invalid(format!("{at}.value"), e.to_string()))?;
            }
            if let Some(v) = cell.get("region") {
                let region = v.as_u64().filter(|&k| (k as usize) < n).ok_or_else(|| {
                    invalid(
                        format!("{at}.region"),
                        format!("{v} is not a region from 0 to {}", n - 1),
                    )
                })?;
                regions[r * n + c] = region as usize;
                jigsaw = true;
            }
        }
    }
    Ok((grid, jigsaw.then_some(regions)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_read_from_one() {
        assert_eq!(read_cell("R1C1", 9), Some(0));
        assert_eq!(read_cell("R9C9", 9), Some(80));
        assert_eq!(read_cell("r2c3", 9), Some(11));
        for bad in [
            "R0C1", "R10C1", "RC1", "R1C", "R1X1", "1C1", "R+1C1", "R1C1 ",
        ] {
            assert_eq!(read_cell(bad, 9), None, "{bad}");
        }
    }

    #[test]
    fn empty_values_are_no_constraint() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
            "thermometer":[],"arrow":null,"nonconsecutive":false,"line":{},"text":""}"#;
        let puzzle = FPuzzle::parse(json).expect("nothing to solve beyond Sudoku");
        assert!(puzzle.rules().is_classic());
    }
}
