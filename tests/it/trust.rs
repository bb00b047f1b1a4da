//! Bad input, at the library's edges: every case here once gave a panic, a
//! silent wrong answer, or unbounded memory.

use exactcover::{Problem, Solver};

/// `Problem::default()` is the empty problem `Problem::new()` makes: an
/// option added to it is kept and solved.
#[test]
fn default_problem_is_the_new_problem() {
    let mut problem = Problem::default();
    assert_eq!(problem.option_count(), 0);
    assert_eq!(problem.node_count(), Problem::new().node_count());
    problem.add_primary("a").unwrap();
    assert_eq!(problem.add_named_option(["a"]), Ok(0));
    assert_eq!(problem.option_count(), 1);
    assert_eq!(problem.option(0), Some(&[0][..]));
    assert_eq!(Solver::new(&problem).count(None).unwrap().solutions, 1);
}

/// `Grid::set(r, c, Some(0))` is refused: 0 is no value (a blank is `None`);
/// it used to write a blank silently.
#[test]
fn set_refuses_value_zero() {
    use exactcover::sudoku::{Grid, GridError};
    let mut grid: Grid = "1...............".parse().unwrap();
    assert_eq!(
        grid.set(0, 0, Some(0)),
        Err(GridError::BadValue {
            value: 0,
            row: 0,
            column: 0
        })
    );
    assert_eq!(grid.get(0, 0), Some(1), "the grid is unchanged");
    assert_eq!(grid.set(0, 0, None), Ok(()));
    assert_eq!(grid.get(0, 0), None);
}

/// A solved 16x16 grid, written in `symbols`, every third cell blank.
fn hex_puzzle(symbols: &str) -> (String, String) {
    use exactcover::sudoku::{Alphabet, Grid, Shape, SudokuSolver};
    let empty = Grid::empty(Shape::for_size(16).unwrap());
    let solved = SudokuSolver::new().solution(&empty).unwrap().unwrap();
    let solved = solved
        .with_alphabet(Alphabet::new(symbols).unwrap())
        .unwrap()
        .to_string();
    let puzzle: String = solved
        .chars()
        .enumerate()
        .map(|(k, ch)| if k % 3 == 1 { '.' } else { ch })
        .collect();
    (puzzle, solved)
}

/// A 16x16 puzzle written 0-F (`0` a symbol, `.` the blank, no `G`) reads as
/// 0-F: it used to read as 1-G with `0` a blank, a different puzzle.
#[test]
fn sixteen_by_sixteen_written_from_zero() {
    use exactcover::sudoku::{Alphabet, Grid, Reader};
    let (puzzle, solved) = hex_puzzle("0123456789ABCDEF");
    assert!(puzzle.contains('0') && !puzzle.contains('G'));
    let hex = Reader::new().with_alphabet(Alphabet::new("0123456789ABCDEF").unwrap());
    let meant = hex.read_line(&puzzle).unwrap();
    let read: Grid = puzzle.parse().unwrap();
    assert_eq!(read.cells(), meant.cells());
    assert_eq!(read.to_string(), puzzle, "written back in 0-F");
    let solution = read.solution().unwrap();
    assert_eq!(solution.to_string(), solved);
    // Lower case, other blanks, and the block form read the same.
    let lower = puzzle.to_lowercase().replace('.', "-");
    assert_eq!(lower.parse::<Grid>().unwrap().cells(), meant.cells());
    let block = format!("{read:#}");
    assert_eq!(block.parse::<Grid>().unwrap(), read);
    // The solution, with no blank at all, reads back as itself.
    assert_eq!(solved.parse::<Grid>().unwrap(), solution);
}

/// Where the text does not say whether `0` is a symbol, reading refuses and
/// names the alphabets to choose from; where it does, `0` is a blank.
#[test]
fn zero_a_blank_or_a_symbol() {
    use exactcover::sudoku::{Grid, GridError};
    let (puzzle, _) = hex_puzzle("123456789ABCDEFG");
    // 1-G with `0` for blanks: the `G`s say so.
    let zeros = puzzle.replace('.', "0");
    let read: Grid = zeros.parse().unwrap();
    assert_eq!(read.cells(), puzzle.parse::<Grid>().unwrap().cells());
    // Without its `G`s, still more `0`s than a 0-F grid can hold.
    let no_g = zeros.replace('G', "0");
    assert!(no_g.parse::<Grid>().unwrap().given_count() < read.given_count());
    // Both `0` and `.` as blanks, no `G`: which is the blank?
    let mixed = no_g.replacen('0', ".", 3);
    let err = mixed.parse::<Grid>().unwrap_err();
    assert!(
        matches!(err, GridError::AmbiguousZero { size: 16, .. }),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.contains("--alphabet 0123456789ABCDEF")
            && message.contains("--alphabet 123456789ABCDEFG"),
        "{message}"
    );
    // 10x10 in the digits 0-9.
    let ten = format!("0{}", ".".repeat(99));
    let read: Grid = ten.parse().unwrap();
    assert_eq!((read.size(), read.get(0, 0)), (10, Some(1)));
    assert_eq!(
        read.solution()
            .unwrap()
            .to_string()
            .chars()
            .filter(|&c| c == '0')
            .count(),
        10
    );
}

/// A line of Knuth's format longer than `knuth::MAX_LINE` bytes is an error
/// at its line, found without reading the whole line (`exactcover cover <
/// /dev/zero` used to buffer until allocation failed).
#[test]
fn knuth_lines_are_bounded() {
    use exactcover::knuth::{self, KnuthErrorKind, MAX_LINE};
    use std::io::{BufReader, Read};

    /// Bytes of `a` for ever, counting how many were read.
    struct Endless(usize);
    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(b'a');
            self.0 += buf.len();
            Ok(buf.len())
        }
    }
    let mut endless = Endless(0);
    let err = knuth::read(BufReader::new(&mut endless)).unwrap_err();
    assert_eq!(err.kind, KnuthErrorKind::LineTooLong { limit: MAX_LINE });
    assert_eq!((err.line, err.column), (Some(0), Some(MAX_LINE)));
    assert!(endless.0 < 2 * MAX_LINE, "read {} bytes", endless.0);

    let text = format!("a b\n| comment\n{}\n", "b ".repeat(MAX_LINE));
    let err = knuth::parse(&text).unwrap_err();
    assert_eq!(err.line, Some(2));
    assert!(err.to_string().contains("longer than"), "{err}");
    // A line of exactly MAX_LINE bytes is read.
    let text = format!("a\n{}a\n", " ".repeat(MAX_LINE - 1));
    assert_eq!(knuth::parse(&text).unwrap().problem.option_count(), 1);
}

/// Names longer than `knuth::MAX_NAME` characters are refused where they
/// start, and no message echoes a long name whole.
#[test]
fn knuth_names_are_bounded_and_cut_in_messages() {
    use exactcover::knuth::{self, KnuthErrorKind, MAX_NAME};
    let long = "n".repeat(MAX_NAME + 1);
    let err = knuth::parse(&format!("a b {long}\n")).unwrap_err();
    assert_eq!((err.line, err.column), (Some(0), Some(4)));
    assert!(matches!(err.kind, KnuthErrorKind::BadName(_)), "{err:?}");
    assert!(err.to_string().len() < 200, "{err}");
    let fits = "n".repeat(MAX_NAME);
    assert!(knuth::parse(&format!("a {fits}\na {fits}\n")).is_ok());

    let unknown = "u".repeat(MAX_NAME);
    let err = knuth::parse(&format!("a\na {unknown}\n")).unwrap_err();
    assert_eq!(err.kind, KnuthErrorKind::UnknownItem(unknown.clone()));
    let message = err.to_string();
    assert!(
        message.len() < 120 && message.contains("uuuu…"),
        "{message}"
    );
}

/// As in Knuth's DLX1, a line whose first non-blank character is `|` is a
/// comment. An item line written after a `|` (secondary items only) is thus
/// a comment, and the error it leads to says so, naming that line; a
/// commented-out option is reported, not dropped silently.
#[test]
fn knuth_comment_lines_that_look_like_data() {
    use exactcover::knuth::{self, KnuthErrorKind};
    let err = knuth::parse("| x y\nx\ny\n").unwrap_err();
    assert_eq!(err.kind, KnuthErrorKind::UnknownItem("y".into()));
    assert_eq!(
        (err.line, err.column, err.comment_line),
        (Some(2), Some(0), Some(0))
    );
    let message = err.to_string();
    assert!(
        message.contains("line 1") && message.contains("comment"),
        "{message}"
    );
    // A real comment naming no item adds nothing.
    let err = knuth::parse("| the items\nx\ny\n").unwrap_err();
    assert_eq!(err.comment_line, None);

    let read = knuth::parse("a b | x\na x\n|a b\n  | b\n| the end\nb\n").unwrap();
    assert_eq!(read.option_lines, [1, 5]);
    assert_eq!(read.commented_options, [2, 3]);
}

/// An endless input: `pattern` over and over, counting the bytes read.
struct Endless {
    pattern: &'static [u8],
    at: usize,
    read: usize,
}

impl std::io::Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        for b in buf.iter_mut() {
            *b = self.pattern[self.at % self.pattern.len()];
            self.at += 1;
        }
        self.read += buf.len();
        Ok(buf.len())
    }
}

/// A line longer than `Puzzles::MAX_LINE` is an invalid puzzle at its line,
/// answered without reading it whole (`solve < /dev/zero` buffered until
/// allocation failed); the next line is read as usual.
#[test]
fn puzzle_lines_are_bounded() {
    use exactcover::sudoku::{EntryError, GridError, Layout, Puzzles, Reader};
    use std::io::BufReader;
    let mut zeros = Endless {
        pattern: b"0",
        at: 0,
        read: 0,
    };
    let mut puzzles = Puzzles::new(BufReader::new(&mut zeros), Reader::new(), Layout::Line);
    let first = puzzles.next().unwrap().unwrap();
    assert_eq!(first.line, 0);
    assert_eq!(
        first.grid,
        Err(EntryError::Grid(GridError::LineTooLong {
            limit: Puzzles::<&[u8]>::MAX_LINE
        }))
    );
    drop(puzzles);
    assert!(
        zeros.read < 2 * Puzzles::<&[u8]>::MAX_LINE,
        "{}",
        zeros.read
    );

    let text = format!(
        "{}\n# comment {}\n1.3..4..2......1\n",
        "1".repeat(200_000),
        "#".repeat(100_000)
    );
    let entries: Vec<_> = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(entries.len(), 2, "the long comment is a comment");
    assert!(matches!(
        entries[0].grid,
        Err(EntryError::Grid(GridError::LineTooLong { .. }))
    ));
    assert_eq!(entries[1].line, 2);
    assert!(entries[1].grid.is_ok());
    // The largest puzzle, 100x100 in an alphabet of 4-byte characters, with a
    // comment, fits in a line.
    let symbols: String = (0..100)
        .map(|k| char::from_u32(0x1F600 + k).unwrap())
        .collect();
    let alphabet = exactcover::sudoku::Alphabet::new(&symbols).unwrap();
    let mut line: String = symbols
        .chars()
        .chain(std::iter::repeat_n('.', 9900))
        .collect();
    line.push_str(" the largest puzzle\n");
    let reader = Reader::new().with_alphabet(alphabet);
    let entry = Puzzles::new(line.as_bytes(), reader, Layout::Line)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(entry.grid.map(|g| g.size()), Ok(100));
}

/// A block has at most `MAX_SIZE` rows: past them it is an invalid puzzle,
/// answered at once, and the rest of the block up to a blank line is
/// skipped (one-line puzzles read with `--block` made one block kept whole).
#[test]
fn puzzle_blocks_are_bounded() {
    use exactcover::sudoku::{EntryError, GridError, Layout, MAX_SIZE, Puzzles, Reader};
    use std::io::BufReader;
    let mut rows = Endless {
        pattern: b"1.3..4..2......1\n",
        at: 0,
        read: 0,
    };
    let mut puzzles = Puzzles::new(BufReader::new(&mut rows), Reader::new(), Layout::Block);
    let first = puzzles.next().unwrap().unwrap();
    assert_eq!(first.line, 0);
    assert_eq!(
        first.grid,
        Err(EntryError::Grid(GridError::TooManyRows { limit: MAX_SIZE }))
    );
    drop(puzzles);
    assert!(rows.read < 64 * 1024, "{}", rows.read);

    let mut text = "1.3..4..2......1\n".repeat(1000);
    text.push_str("----\n# comment\n\n1 . . .\n. . . 1\n. 1 . .\n. . 1 .\n");
    text.push_str(&format!("\n{}\n\n", "2".repeat(100_000)));
    text.push_str("1 . . .\n. . . 1\n. 1 . .\n. . 1 .\n");
    let entries: Vec<_> = Puzzles::new(text.as_bytes(), Reader::new(), Layout::Block)
        .collect::<Result<_, _>>()
        .unwrap();
    let lines: Vec<usize> = entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, [0, 1003, 1008, 1010]);
    assert!(matches!(
        entries[0].grid,
        Err(EntryError::Grid(GridError::TooManyRows { .. }))
    ));
    assert!(entries[1].grid.is_ok());
    assert!(matches!(
        entries[2].grid,
        Err(EntryError::Grid(GridError::LineTooLong { .. }))
    ));
    assert!(entries[3].grid.is_ok());

    // The block reader agrees.
    let many = "1.\n".repeat(MAX_SIZE + 1);
    assert_eq!(
        Reader::new().read_block(&many),
        Err(GridError::TooManyRows { limit: MAX_SIZE })
    );
}
