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
    assert_eq!(Solver::new(&problem).count_solutions(None).solutions, 1);
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
            row: 1,
            column: 1
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
