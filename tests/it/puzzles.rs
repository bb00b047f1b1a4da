//! Reading streams of puzzles in every layout, and answering them whatever
//! their rules: what `solve` and `count` do, through the library alone.

use std::io::BufReader;

use exactcover::sudoku::{
    Entry, EntryError, FPuzzlesError, GridError, Layout, Puzzles, Reader, RulesError, SudokuSolver,
    is_fpuzzles,
};

fn variant(name: &str) -> String {
    let path = format!("{}/data/variants/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("a variant in data/")
}

fn entries(text: &str, layout: Layout) -> Vec<Entry> {
    Puzzles::new(text.as_bytes(), Reader::new(), layout)
        .collect::<Result<_, _>>()
        .expect("reading a string cannot fail")
}

/// Every line of a jigsaw stream has its entry at its line, bad ones
/// included, whatever is wrong with them; comments and blank lines have
/// none.
#[test]
fn jigsaw_lines_keep_their_places() {
    let line = variant("jigsaw-janko108.txt");
    let (givens, map) = line.trim().split_once(' ').unwrap();
    let short_map = &map[1..];
    let bad_givens = givens.replacen('8', "*", 1);
    let text = format!(
        "# Janko 108\n{line}\n{givens}\n{givens} {short_map}\n{bad_givens} {map}\n\n{givens} {map} a comment\n"
    );
    let read = entries(&text, Layout::Jigsaw);
    let lines: Vec<usize> = read.iter().map(|e| e.line).collect();
    assert_eq!(lines, [1, 3, 4, 5, 7]);
    assert!(read[0].grid.is_ok() && read[0].rules.is_some());
    assert_eq!(read[1].grid, Err(EntryError::NoRegionMap));
    assert_eq!(
        read[2].grid,
        Err(EntryError::RegionMap(RulesError::RegionMapLength {
            found: 80,
            expected: 81
        }))
    );
    assert!(matches!(
        read[3].grid,
        Err(EntryError::Grid(GridError::IllegalCharacter {
            ch: '*',
            ..
        }))
    ));
    assert_eq!(
        (&read[4].grid, &read[4].rules),
        (&read[0].grid, &read[0].rules)
    );

    // The regions replace the boxes: the jigsaw's one solution.
    let solution = variant("jigsaw-janko108.solution");
    let mut solver = SudokuSolver::new();
    let answer = solver.solution(read[0].puzzle().unwrap()).unwrap().unwrap();
    assert_eq!(answer.to_string(), solution.trim());
    let answer = solver.count(read[4].puzzle().unwrap(), None).unwrap();
    assert_eq!(answer.to_string(), "1");
    // Under the classic rules, the same givens are another puzzle.
    let classic = Reader::new().read_line(givens).unwrap();
    assert_ne!(
        solver.solution(&classic).unwrap().unwrap().to_string(),
        solution.trim()
    );
}

/// A line too long for the reader is an invalid jigsaw puzzle in its place;
/// the next line is read as usual.
#[test]
fn an_over_long_jigsaw_line_is_invalid_in_its_place() {
    let line = variant("jigsaw-janko108.txt");
    let text = format!("{}\n{line}", "1".repeat(Puzzles::<&[u8]>::MAX_LINE + 10));
    let read = entries(&text, Layout::Jigsaw);
    assert_eq!(read.len(), 2);
    assert!(matches!(
        read[0].grid,
        Err(EntryError::Grid(GridError::LineTooLong { .. }))
    ));
    assert_eq!(read[1].line, 1);
    assert!(read[1].puzzle().is_ok());
}

/// An f-puzzles stream is one puzzle, told from its first byte or its name,
/// read whole however it is buffered.
#[test]
fn an_f_puzzles_stream_is_one_puzzle() {
    let json = variant("killer-ukpuzzles.json");
    let mut input = BufReader::with_capacity(16, json.as_bytes());
    assert!(is_fpuzzles(None, &mut input).unwrap());
    let mut puzzles = Puzzles::new(input, Reader::new(), Layout::FPuzzles);
    let entry = puzzles.next().unwrap().unwrap();
    assert!(puzzles.next().is_none());
    assert_eq!(puzzles.bytes_read(), json.len() as u64);
    assert_eq!(entry.line, 0);
    let rules = entry.rules.as_ref().expect("the cages");
    assert!(!rules.cages().is_empty());
    let answer = SudokuSolver::new()
        .count(entry.puzzle().unwrap(), Some(2))
        .unwrap();
    assert_eq!(answer.to_string(), "1");

    let broken = entries(r#"{"size":9,"grid":"#, Layout::FPuzzles);
    assert!(matches!(
        broken[..],
        [Entry {
            grid: Err(EntryError::FPuzzles(FPuzzlesError::Json(_))),
            ..
        }]
    ));
    assert!(
        broken[0]
            .grid
            .as_ref()
            .unwrap_err()
            .to_string()
            .starts_with("invalid f-puzzles file: not JSON")
    );
    assert!(!is_fpuzzles(None, &mut &b"\n\n1.3..4..2......1\n"[..]).unwrap());
}
