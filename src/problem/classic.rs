//! Classic exact-cover problems, ready to solve: Knuth's toy matrix, N
//! queens, Langford pairs, pentomino, tetromino (with multiplicities, and
//! with numbered copies instead) and domino tilings, and (with colours)
//! double word squares.
//!
//! They are the worked examples of the tutorial and the generic benchmarks.
//! Every item is named, so that solutions and traces read naturally.

use crate::problem::Problem;

/// Knuth's toy matrix from *Dancing Links* (2000), equation (3): primary
/// items `A` to `G` and six options, `C E F`, `A D G`, `B C F`, `A D`,
/// `B G`, `D E G`; one solution, `A D`, `C E F`, `B G` (options 3, 0, 4, in
/// the order the search finds them). The example of the tutorial.
///
/// ```
/// use exactcover::{Solver, problem::classic::knuth_toy};
/// let toy = knuth_toy();
/// assert_eq!(Solver::new(&toy).solution()?, Some(vec![3, 0, 4]));
/// # Ok::<(), exactcover::Interrupted>(())
/// ```
#[must_use]
pub fn knuth_toy() -> Problem {
    let mut problem = Problem::new();
    for name in ["A", "B", "C", "D", "E", "F", "G"] {
        let _ = problem.add_primary(name);
    }
    for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
        let _ = problem.add_named_option(option.split(' '));
    }
    problem
}

/// The N-queens problem: place `n` queens on an `n x n` board so that no two
/// attack each other.
///
/// Items: ranks `r0..`, files `c0..` (primary: each has exactly one queen),
/// diagonals `a0..` (`r + c`) and anti-diagonals `b0..` (`n - 1 + r - c`)
/// (secondary: at most one queen). Option `r * n + c` is a queen on `(r, c)`:
/// `rR cC aD bE`.
///
/// ```
/// use exactcover::Solver;
/// use exactcover::problem::classic::queens;
/// // OEIS A000170: 1, 0, 0, 2, 10, 4, 40, 92, ...
/// assert_eq!(Solver::new(&queens(8)).count(None)?.solutions, 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn queens(n: usize) -> Problem {
    let mut p = Problem::new();
    fn names(prefix: &'static str, count: usize) -> impl Iterator<Item = String> {
        (0..count).map(move |k| format!("{prefix}{k}"))
    }
    for name in names("r", n).chain(names("c", n)) {
        let _ = p.add_primary(&name);
    }
    for name in names("a", 2 * n.max(1) - 1).chain(names("b", 2 * n.max(1) - 1)) {
        let _ = p.add_secondary(&name);
    }
    let diagonals = 2 * n.max(1) - 1;
    for r in 0..n {
        for c in 0..n {
            let option = [r, n + c, 2 * n + r + c, 2 * n + diagonals + n - 1 + r - c];
            let _ = p.add_option(option);
        }
    }
    p
}

/// Langford pairs: arrange two copies of each of `1..=n` in a row of `2n`
/// places so that the two `k`s have exactly `k` numbers between them.
///
/// Items: the numbers `1..=n` (named `1`, `2`, ...) and the places `s1..s2n`,
/// all primary. Options: `k sI sJ` with `J = I + k + 1`. Every arrangement is
/// found together with its mirror image, so the count is twice OEIS A014552.
///
/// ```
/// use exactcover::Solver;
/// use exactcover::problem::classic::langford;
/// // A014552(3) = 1, A014552(4) = 1, A014552(7) = 26: each counted with its mirror image.
/// assert_eq!(Solver::new(&langford(3)).count(None)?.solutions, 2);
/// assert_eq!(Solver::new(&langford(7)).count(None)?.solutions, 52);
/// assert_eq!(Solver::new(&langford(5)).count(None)?.solutions, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn langford(n: usize) -> Problem {
    let mut p = Problem::new();
    for k in 1..=n {
        let _ = p.add_primary(&k.to_string());
    }
    for s in 1..=2 * n {
        let _ = p.add_primary(&format!("s{s}"));
    }
    for k in 1..=n {
        for i in 1..=2 * n {
            let j = i + k + 1;
            if j <= 2 * n {
                // Items: number k is item k - 1; place s is item n + s - 1.
                let _ = p.add_option([k - 1, n + i - 1, n + j - 1]);
            }
        }
    }
    p
}

/// The twelve pentominoes, by their conventional letters, each as the cells
/// `(row, column)` of one orientation.
pub const PENTOMINOES: [(char, [(usize, usize); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ('L', [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]),
    ('N', [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations (rotations and reflections) of a piece, each
/// shifted to touch row 0 and column 0 and sorted.
///
/// ```
/// use exactcover::problem::classic::orientations;
/// // The X pentomino looks the same every way round; the I has two ways.
/// let x = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)];
/// assert_eq!(orientations(&x).len(), 1);
/// let i = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)];
/// assert_eq!(orientations(&i).len(), 2);
/// ```
#[must_use]
pub fn orientations(cells: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut found: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut shape: Vec<(i64, i64)> = cells.iter().map(|&(r, c)| (r as i64, c as i64)).collect();
    for flip in 0..2 {
        for _ in 0..4 {
            shape = shape.iter().map(|&(r, c)| (c, -r)).collect(); // rotate
            let min_r = shape.iter().map(|p| p.0).min().unwrap_or(0);
            let min_c = shape.iter().map(|p| p.1).min().unwrap_or(0);
            let mut normal: Vec<(usize, usize)> = shape
                .iter()
                .map(|&(r, c)| ((r - min_r) as usize, (c - min_c) as usize))
                .collect();
            normal.sort_unstable();
            if !found.contains(&normal) {
                found.push(normal);
            }
        }
        if flip == 0 {
            shape = shape.iter().map(|&(r, c)| (r, -c)).collect(); // reflect
        }
    }
    found
}

/// Tiling a `rows x cols` rectangle with the twelve pentominoes (each once).
///
/// Items: the pieces `F I L N P T U V W X Y Z` and the cells `RRxCC`
/// (`00x00`, ... row and column from 0, two digits each), all primary. Options:
/// every placement of every piece in every orientation, written as the piece
/// then its five cells.
///
/// With `break_symmetry`, the X pentomino (which looks the same in every
/// orientation) is kept in the upper left quarter of the rectangle. When both
/// sides are even, as in 6x10, X's centre can never lie on a mirror axis, so
/// each tiling is then found exactly once instead of once per symmetry of the
/// rectangle: 2,339 tilings instead of 9,356 (TAOCP 7.2.2.1). When a side is
/// odd, tilings with X on the middle line are still found twice (3x20: 4
/// instead of 8, for the 2 tilings up to symmetry).
///
/// ```
/// use exactcover::Solver;
/// use exactcover::problem::classic::pentominoes;
/// assert_eq!(Solver::new(&pentominoes(3, 20, false)).count(None)?.solutions, 8);
/// assert_eq!(Solver::new(&pentominoes(3, 20, true)).count(None)?.solutions, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn pentominoes(rows: usize, cols: usize, break_symmetry: bool) -> Problem {
    let mut p = Problem::new();
    for (name, _) in PENTOMINOES {
        let _ = p.add_primary(&name.to_string());
    }
    for r in 0..rows {
        for c in 0..cols {
            let _ = p.add_primary(&format!("{r:02}x{c:02}"));
        }
    }
    for (piece, (name, cells)) in PENTOMINOES.iter().enumerate() {
        for shape in orientations(cells) {
            let height = shape.iter().map(|p| p.0).max().unwrap_or(0) + 1;
            let width = shape.iter().map(|p| p.1).max().unwrap_or(0) + 1;
            for top in 0..rows.saturating_sub(height - 1) {
                for left in 0..cols.saturating_sub(width - 1) {
                    if break_symmetry && *name == 'X' {
                        // The centre of X is at (top + 1, left + 1); keep it
                        // strictly inside the upper left quarter.
                        let (cr, cc) = (2 * (top + 1) + 1, 2 * (left + 1) + 1);
                        if cr > rows || cc > cols {
                            continue;
                        }
                    }
                    let option = std::iter::once(piece)
                        .chain(shape.iter().map(|&(r, c)| 12 + (top + r) * cols + left + c));
                    let _ = p.add_option(option);
                }
            }
        }
    }
    p
}

/// The five tetrominoes, by their conventional letters, each as the cells
/// `(row, column)` of one orientation.
pub const TETROMINOES: [(char, [(usize, usize); 4]); 5] = [
    ('I', [(0, 0), (0, 1), (0, 2), (0, 3)]),
    ('O', [(0, 0), (0, 1), (1, 0), (1, 1)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1)]),
    ('L', [(0, 0), (1, 0), (2, 0), (2, 1)]),
    ('S', [(0, 1), (0, 2), (1, 0), (1, 1)]),
];

/// The placements of a piece of `cells` in every orientation in a
/// `rows x cols` box, each as its cells' numbers `row * cols + column`.
fn placements(cells: &[(usize, usize)], rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for shape in orientations(cells) {
        let height = shape.iter().map(|p| p.0).max().unwrap_or(0) + 1;
        let width = shape.iter().map(|p| p.1).max().unwrap_or(0) + 1;
        for top in 0..rows.saturating_sub(height - 1) {
            for left in 0..cols.saturating_sub(width - 1) {
                out.push(
                    shape
                        .iter()
                        .map(|&(r, c)| (top + r) * cols + left + c)
                        .collect(),
                );
            }
        }
    }
    out
}

/// Tiling a `rows x cols` box with `copies` copies of each of the five
/// tetrominoes, as a problem with multiplicities (Knuth's DLX3, TAOCP
/// 7.2.2.1 Algorithm M): items the pieces `I O T L S`, each with bounds
/// `[copies, copies]`, and the cells `RRxCC` (as [`pentominoes`] names
/// them); one option per placement of a piece, the piece then its four
/// cells. Each tiling is found once.
///
/// Two copies of each tile a 5x8 box in 3,106 ways, and a 4x10 box in
/// 1,796 (TAOCP 7.2.2.1); [`tetromino_copies`] counts every tiling `2!^5 =
/// 32` times.
///
/// ```
/// use exactcover::{Solver, problem::classic::tetrominoes};
/// assert_eq!(Solver::new(&tetrominoes(4, 10, 2)).count(None).unwrap_or_else(exactcover::Count::from).solutions, 1_796);
/// ```
#[must_use]
pub fn tetrominoes(rows: usize, cols: usize, copies: u32) -> Problem {
    let mut p = Problem::new();
    for (name, _) in TETROMINOES {
        if let Ok(piece) = p.add_primary(&name.to_string()) {
            let _ = p.set_bounds(piece, copies, copies);
        }
    }
    add_cells(&mut p, rows, cols);
    for (piece, (_, cells)) in TETROMINOES.iter().enumerate() {
        for placement in placements(cells, rows, cols) {
            let _ = p.add_option(std::iter::once(piece).chain(placement.iter().map(|c| 5 + c)));
        }
    }
    p
}

/// [`tetrominoes`] without multiplicities: each of the `copies` copies of a
/// piece is an item of its own (`I1`, `I2`, ...), each placement an option
/// per copy. Exact cover counts every tiling once per numbering of the
/// copies, `copies!^5` times.
///
/// ```
/// use exactcover::{Solver, problem::classic::tetromino_copies};
/// // 1,796 tilings of a 4x10 box, each 2!^5 = 32 times.
/// let count = Solver::new(&tetromino_copies(4, 10, 2)).count(None).unwrap_or_else(exactcover::Count::from).solutions;
/// assert_eq!(count, 1_796 * 32);
/// ```
#[must_use]
pub fn tetromino_copies(rows: usize, cols: usize, copies: u32) -> Problem {
    let mut p = Problem::new();
    let copies = copies as usize;
    for (name, _) in TETROMINOES {
        for k in 1..=copies {
            let _ = p.add_primary(&format!("{name}{k}"));
        }
    }
    let pieces = 5 * copies;
    add_cells(&mut p, rows, cols);
    for (piece, (_, cells)) in TETROMINOES.iter().enumerate() {
        for placement in placements(cells, rows, cols) {
            for k in 0..copies {
                let item = piece * copies + k;
                let _ =
                    p.add_option(std::iter::once(item).chain(placement.iter().map(|c| pieces + c)));
            }
        }
    }
    p
}

/// Adds the cells `RRxCC` of a `rows x cols` box as primary items.
fn add_cells(p: &mut Problem, rows: usize, cols: usize) {
    for r in 0..rows {
        for c in 0..cols {
            let _ = p.add_primary(&format!("{r:02}x{c:02}"));
        }
    }
}

/// Domino tilings: cover a `rows x cols` board with dominoes (two cells
/// side by side), Knuth's test of options of two items.
///
/// Items: the cells `RxC` (`00x00`, `00x01`, ...), row by row, all primary.
/// Options, cell by cell in the same order: the horizontal domino whose
/// left cell it is, then the vertical one whose top cell it is. The 8x8
/// board has 12,988,816 tilings (OEIS A004003); with this numbering
/// Knuth's DLX1 tries 50,102,175 options to count them, and so does the
/// engine.
///
/// ```
/// use exactcover::Solver;
/// use exactcover::problem::classic::dominoes;
/// // OEIS A004003: 1, 2, 36, 6728, 12988816 for 2x2, 4x4 ... 8x8.
/// assert_eq!(Solver::new(&dominoes(4, 4)).count(None).unwrap_or_else(exactcover::Count::from).solutions, 36);
/// assert_eq!(Solver::new(&dominoes(3, 3)).count(None).unwrap_or_else(exactcover::Count::from).solutions, 0);
/// ```
#[must_use]
pub fn dominoes(rows: usize, cols: usize) -> Problem {
    let mut p = Problem::new();
    add_cells(&mut p, rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            if c + 1 < cols {
                let _ = p.add_option([cell, cell + 1]);
            }
            if r + 1 < rows {
                let _ = p.add_option([cell, cell + cols]);
            }
        }
    }
    p
}

/// A synthetic dictionary: the words of `n` letters from `alphabet` whose
/// letters' places in the alphabet (from 0) add up to a multiple of
/// `modulus`, in the order of their numbers written in base `alphabet`
/// (first letter lowest). Dense enough in double word squares to exercise
/// [`word_squares`] without a real word list; `modulus` 0 is taken as 1.
///
/// ```
/// let words = exactcover::problem::classic::synthetic_words(2, "abc", 3);
/// assert_eq!(words, ["aa", "cb", "bc"]);
/// ```
#[must_use]
pub fn synthetic_words(n: usize, alphabet: &str, modulus: usize) -> Vec<String> {
    let letters: Vec<char> = alphabet.chars().collect();
    let Some(count) = u32::try_from(n)
        .ok()
        .and_then(|n| letters.len().checked_pow(n))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for mut code in 0..count {
        let mut word = String::new();
        let mut sum = 0;
        for _ in 0..n {
            let k = code % letters.len();
            code /= letters.len();
            sum += k;
            word.push(letters[k]);
        }
        if sum % modulus.max(1) == 0 {
            out.push(word);
        }
    }
    out
}

/// Double word squares, with colours (TAOCP 7.2.2.1's example of Algorithm
/// C): an `n x n` array of letters whose `n` rows and `n` columns are `2n`
/// different words of `words`, all of one length `n`.
///
/// Items: rows `r1..` and columns `c1..` (primary: each holds one word);
/// cells `x{i}.{j}` (secondary, coloured by the letter they hold), and one
/// secondary item per word (used at most once). An option places a word in
/// a row, `rI wWORD xI.1:L1 xI.2:L2 ...`, or in a column likewise: the
/// cells' colours make a row and a column that cross agree on their letter.
///
/// # Errors
///
/// [`WordSquareError`] when the list is empty, the words differ in length
/// (counted in characters), a word repeats, or a word holds white space,
/// `|` or `:` (which Knuth's format could not write).
///
/// ```
/// use exactcover::Solver;
/// use exactcover::problem::classic::word_squares;
/// // Rows "ab", "cd"; columns "ac", "bd": the only double word square here.
/// let problem = word_squares(&["ab", "cd", "ac", "bd"])?;
/// assert_eq!(Solver::new(&problem).count(None)?.solutions, 2);
/// // (and its transpose: rows "ac", "bd", columns "ab", "cd")
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn word_squares(words: &[&str]) -> Result<Problem, WordSquareError> {
    let Some(first) = words.first() else {
        return Err(WordSquareError::Empty);
    };
    let n = first.chars().count();
    for (k, w) in words.iter().enumerate() {
        if w.chars().count() != n || n == 0 {
            return Err(WordSquareError::Length { word: k, length: n });
        }
        if w.contains(|c: char| c.is_whitespace() || c == '|' || c == ':') {
            return Err(WordSquareError::BadCharacter { word: k });
        }
    }
    let mut p = Problem::new();
    for i in 1..=n {
        let _ = p.add_primary(&format!("r{i}"));
    }
    for j in 1..=n {
        let _ = p.add_primary(&format!("c{j}"));
    }
    let cells = p.add_secondary_items(0).start;
    for i in 1..=n {
        for j in 1..=n {
            let _ = p.add_secondary(&format!("x{i}.{j}"));
        }
    }
    let first_word = p.item_count();
    for (k, w) in words.iter().enumerate() {
        if p.add_secondary(&format!("w{w}")).is_err() {
            return Err(WordSquareError::Duplicate { word: k });
        }
    }
    let cell = |i: usize, j: usize| cells + i * n + j;
    for (k, w) in words.iter().enumerate() {
        let letters: Vec<usize> = w
            .chars()
            .map(|c| p.colour(c.encode_utf8(&mut [0; 4])))
            .collect::<Result<_, _>>()
            .expect("a letter is a non-empty colour name");
        for line in 0..2 * n {
            // Rows first, then columns.
            let entries = std::iter::once((line, None))
                .chain(std::iter::once((first_word + k, None)))
                .chain(letters.iter().enumerate().map(|(t, &l)| {
                    let at = if line < n {
                        cell(line, t)
                    } else {
                        cell(t, line - n)
                    };
                    (at, Some(l))
                }));
            p.add_coloured_option(entries)
                .expect("distinct items, colours on secondary items");
        }
    }
    Ok(p)
}

/// Why [`word_squares`] cannot make a problem of a word list. Words are
/// numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WordSquareError {
    /// The list has no words.
    Empty,
    /// This word's length differs from the first word's `length` (or is 0).
    Length {
        /// The word.
        word: usize,
        /// The first word's length, in characters.
        length: usize,
    },
    /// This word holds white space, `|` or `:`.
    BadCharacter {
        /// The word.
        word: usize,
    },
    /// This word is in the list twice.
    Duplicate {
        /// Its second place.
        word: usize,
    },
}

impl std::fmt::Display for WordSquareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WordSquareError::Empty => write!(f, "no words"),
            WordSquareError::Length { word, length } => write!(
                f,
                "word {} is not {length} characters long, as the first word is (or is empty)",
                word + 1
            ),
            WordSquareError::BadCharacter { word } => {
                write!(f, "word {} holds white space, '|' or ':'", word + 1)
            }
            WordSquareError::Duplicate { word } => {
                write!(f, "word {} is in the list twice", word + 1)
            }
        }
    }
}

impl std::error::Error for WordSquareError {}
