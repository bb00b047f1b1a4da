//! Reading and writing puzzles in the library, as the command line relies
//! on it: what a writer writes reads back as the same puzzle, whatever its
//! shape, symbols and rules; what other tools write reads as they meant it.

use exactcover::sudoku::{
    Alphabet, EntryError, FPuzzle, FPuzzlesError, Generator, Grid, GridError, HeaderError, Layout,
    PuzzleWriter, Puzzles, Reader, Shape, SudokuSolver, Symmetry, is_fpuzzles,
};

fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/variants")
        .join(name);
    std::fs::read_to_string(path).expect("the data file")
}

fn entries(text: &str, reader: Reader, layout: Layout) -> Vec<exactcover::sudoku::Entry> {
    Puzzles::new(text.as_bytes(), reader, layout)
        .collect::<Result<_, _>>()
        .expect("read from a string")
}

/// Trust issue, point 5: `Grid::from_str` read a 9x9 grid with nine `0`
/// blanks and no `9` as a finished grid in 0-8.
#[test]
fn small_grids_are_written_from_one() {
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let puzzle: Grid = solved.replace('9', "0").parse().unwrap();
    assert_eq!(puzzle.given_count(), 72);
    assert!(puzzle.alphabet().is_default());
    assert_eq!(puzzle.solution().unwrap().to_string(), solved);
    // 4x4 and 6x6 alike.
    let four: Grid = "1234341221430000".parse().unwrap();
    assert_eq!(four.given_count(), 12);
    // Two kinds of blank and no top symbol: is `0` a symbol? Refused.
    let err = "0.........2.....".parse::<Grid>().unwrap_err();
    assert!(
        matches!(err, GridError::AmbiguousZero { size: 4, .. }),
        "{err:?}"
    );
    // Named, 0-8 is read as asked.
    let from_zero = Reader::new().with_alphabet(Alphabet::new("012345678").unwrap());
    let grid = from_zero.read_line(&solved.replace('9', "0")).unwrap();
    assert!(grid.is_complete());
}

/// Puzzles made under every shape and symmetry, written in the line and
/// block layouts with and without another alphabet, read back as the same
/// grids by a reader given no options: the header lines carry what the
/// reader would not guess.
#[test]
fn written_puzzles_read_back_the_same() {
    let shapes = [
        (2, 2),
        (1, 4),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (3, 3),
        (1, 6),
    ];
    let alphabets = [None, Some("abcdefghi"), Some("0123456789")];
    for layout in [Layout::Line, Layout::Block] {
        let mut writer = PuzzleWriter::new(layout);
        let mut text = String::new();
        let mut written = Vec::new();
        for (k, &(r, c)) in shapes.iter().enumerate() {
            let shape = Shape::new(r, c).unwrap();
            let generator = Generator::for_shape(shape)
                .with_seed(k as u64)
                .with_symmetry(Symmetry::Rot180);
            for (i, alphabet) in alphabets.iter().enumerate() {
                let mut grid = generator.generate(i as u64).unwrap().puzzle;
                if let Some(symbols) = alphabet {
                    let symbols: String = symbols.chars().take(shape.size()).collect();
                    grid = grid
                        .with_alphabet(Alphabet::new(&symbols).unwrap())
                        .unwrap();
                }
                text.push_str(&writer.write((&grid).into()).unwrap());
                written.push(grid);
            }
        }
        let read = entries(&text, Reader::new(), layout);
        assert_eq!(read.len(), written.len(), "{text}");
        for (entry, grid) in read.iter().zip(&written) {
            assert_eq!(entry.grid.as_ref(), Ok(grid), "{layout:?}\n{text}");
            assert_eq!(
                SudokuSolver::new().count(grid, Some(2)).unwrap().solutions,
                1
            );
        }
    }
}

/// A jigsaw and every f-puzzles file of the data, written and read back:
/// the same grid, and the same solutions.
#[test]
fn variants_read_back_with_their_rules() {
    let jigsaw = data("jigsaw-janko108.txt");
    let entry = entries(&jigsaw, Reader::new(), Layout::Jigsaw).remove(0);
    let puzzle = entry.puzzle().unwrap();
    let line = PuzzleWriter::new(Layout::Jigsaw).write(puzzle).unwrap();
    let again = entries(&line, Reader::new(), Layout::Jigsaw).remove(0);
    assert_eq!(again.grid, entry.grid);
    assert_eq!(again.rules, entry.rules);
    let mut files = vec![jigsaw];
    for name in [
        "antiking-6x6.json",
        "antiknight-ctc.json",
        "antiknight-fwp.json",
        "extraregions-lmi.json",
        "jigsaw-janko108.json",
        "killer-ksonline.json",
        "killer-ukpuzzles.json",
        "x-sudopedia.json",
        "x-ukpuzzles.json",
    ] {
        files.push(data(name));
    }
    for text in files {
        let layout = if text.starts_with('{') {
            Layout::FPuzzles
        } else {
            Layout::Jigsaw
        };
        let entry = entries(&text, Reader::new(), layout).remove(0);
        let puzzle = entry.puzzle().unwrap();
        let json = FPuzzle::new(puzzle).to_json();
        assert!(!json.contains('\n'));
        let read = FPuzzle::parse(&json).unwrap();
        assert_eq!(read.grid(), puzzle.grid());
        let mut solver = SudokuSolver::new();
        let before = solver.solution(puzzle).unwrap();
        let after = solver.solution(read.puzzle()).unwrap();
        assert_eq!(before, after, "{json}");
        assert_eq!(solver.count(read.puzzle(), Some(2)).unwrap().solutions, 1);
    }
    // Boxes of another shape than the size's usual one go as regions.
    let grid = Grid::empty(Shape::new(3, 2).unwrap());
    let json = FPuzzle::new((&grid).into()).to_json();
    assert!(json.contains("\"region\":"), "{json}");
    let read = FPuzzle::parse(&json).unwrap();
    let rules = read.rules();
    // The first box of 3x2 boxes: r1c1, r1c2, r2c1, ... r3c2.
    let first = rules
        .units()
        .position(|u| matches!(u, exactcover::sudoku::Unit::Region(0)))
        .unwrap();
    assert_eq!(
        rules.unit_cells(first).collect::<Vec<_>>(),
        [0, 1, 6, 7, 12, 13]
    );
}

/// A layout that cannot say a puzzle's rules refuses to write it, and so
/// does an alphabet too short for the grid.
#[test]
fn writers_refuse_what_they_cannot_say() {
    let json = data("killer-ukpuzzles.json");
    let puzzle = FPuzzle::parse(&json).unwrap();
    for layout in [Layout::Line, Layout::Block, Layout::Jigsaw] {
        let err = PuzzleWriter::new(layout)
            .write(puzzle.puzzle())
            .unwrap_err();
        assert!(err.to_string().contains("f-puzzles JSON"), "{err}");
    }
    let big = Grid::empty(Shape::for_size(36).unwrap());
    let err = PuzzleWriter::new(Layout::Line)
        .write((&big).into())
        .unwrap_err();
    assert!(err.to_string().contains("--alphabet"), "{err}");
}

/// Trust issue, point 9: a repeated key of f-puzzles JSON is refused,
/// named by its path, wherever it is.
#[test]
fn repeated_keys_are_named() {
    let json = data("x-sudopedia.json");
    let top = json.replacen('{', r#"{"diagonal+":false,"#, 1);
    match FPuzzle::parse(&top) {
        Err(FPuzzlesError::Repeated { at, line, .. }) => {
            assert_eq!((at.as_str(), line), ("diagonal+", 1));
        }
        other => panic!("{other:?}"),
    }
    let cell = json.replacen(
        r#"{"value":7,"given":true}"#,
        r#"{"value":7,"given":true,"value":8}"#,
        1,
    );
    let err = FPuzzle::parse(&cell).unwrap_err();
    assert!(
        matches!(&err, FPuzzlesError::Repeated { at, .. } if at == "grid[5][0].value"),
        "{err:?}"
    );
}

/// Trust issue, point 18: cosmetic keys are ignored and listed; a cage
/// that shows a value is refused; a typo is answered with the nearest key;
/// a constraint of f-puzzles not solved here stays refused.
#[test]
fn f_puzzles_keys_by_kind() {
    let json = data("x-sudopedia.json");
    let with = |extra: &str| json.replacen('{', &format!("{{{extra},"), 1);
    let puzzle = FPuzzle::parse(&with(
        r#""line":[{"lines":[["R1C1","R2C2"]]}],"circle":[{"cells":["R1C1"]}],"rectangle":[{"cells":["R2C2"]}]"#,
    ))
    .unwrap();
    assert_eq!(puzzle.ignored(), ["circle", "line", "rectangle"]);
    let err = FPuzzle::parse(&with(r#""cage":[{"cells":["R1C1"],"value":"3"}]"#)).unwrap_err();
    assert!(
        matches!(err, FPuzzlesError::Invalid { ref at, .. } if at == "cage[0].value"),
        "{err}"
    );
    let err = FPuzzle::parse(&with(r#""antiKnight":true"#)).unwrap_err();
    assert_eq!(
        err,
        FPuzzlesError::Unknown {
            key: "antiKnight".into(),
            suggestion: Some("antiknight")
        }
    );
    let err = FPuzzle::parse(&with(r#""thermometer":[{"lines":[["R1C1","R1C2"]]}]"#)).unwrap_err();
    assert_eq!(
        err,
        FPuzzlesError::Unsupported {
            key: "thermometer".into()
        }
    );
    let err = FPuzzle::parse(&with(r#""fog":[1]"#)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown key \"fog\" (not a constraint of f-puzzles)"
    );
}

/// Trust issue, point 15: a byte-order mark at the start is skipped by
/// every reader of puzzles.
#[test]
fn byte_order_marks_are_skipped() {
    let text = "\u{feff}1.3..4..2......1\n";
    let read = entries(text, Reader::new(), Layout::Line);
    assert!(read[0].grid.is_ok(), "{:?}", read[0].grid);
    let block = "\u{feff}1 . | 3 .\n. 4 | . .\n----+----\n2 . | . .\n. . | . 1\n";
    assert!(entries(block, Reader::new(), Layout::Block)[0].grid.is_ok());
    let json = format!("\u{feff}{}", data("x-sudopedia.json"));
    assert!(is_fpuzzles(None, &mut json.as_bytes()).unwrap());
    assert!(FPuzzle::parse(&json).is_ok());
    assert!(
        entries(&json, Reader::new(), Layout::FPuzzles)[0]
            .grid
            .is_ok()
    );
}

/// Trust issue, point 6: in the line layout, a region map after the
/// givens makes the entry an error; a solution there stays a comment.
#[test]
fn region_maps_are_not_comments() {
    let jigsaw = data("jigsaw-janko108.txt");
    let read = entries(&jigsaw, Reader::new(), Layout::Line);
    assert_eq!(read[0].grid, Err(EntryError::UnexpectedRegionMap));
    let solution = "1234341221434321";
    let read = entries(
        &format!("1.3..4..2......1 {solution}\n"),
        Reader::new(),
        Layout::Line,
    );
    assert!(read[0].grid.is_ok());
    // Rows for regions, columns for regions: both maps.
    for map in ["1111222233334444", "1234123412341234"] {
        let read = entries(
            &format!("1.3..4..2......1 {map}\n"),
            Reader::new(),
            Layout::Line,
        );
        assert_eq!(read[0].grid, Err(EntryError::UnexpectedRegionMap), "{map}");
    }
}

/// Header lines: applied to the puzzles after them, refused when they
/// disagree with the reader's own settings or cannot be read.
#[test]
fn header_lines() {
    let six = "..........................4.........";
    let text = format!("# exactcover: --box 3x2\n{six}\n# exactcover:\n{six}\n");
    let read = entries(&text, Reader::new(), Layout::Line);
    let shapes: Vec<Shape> = read
        .iter()
        .map(|e| e.grid.as_ref().unwrap().shape())
        .collect();
    assert_eq!(
        shapes,
        [Shape::new(3, 2).unwrap(), Shape::new(2, 3).unwrap()]
    );
    let given = Reader::new().with_shape(Shape::new(2, 3).unwrap());
    let read = entries(&text, given, Layout::Line);
    assert!(matches!(
        read[0].grid,
        Err(EntryError::Header(HeaderError::Conflict {
            option: "--box",
            ..
        }))
    ));
    assert_eq!(read[0].line, 0);
    assert_eq!(
        read[1].grid.as_ref().unwrap().shape(),
        Shape::new(2, 3).unwrap()
    );
    let read = entries("# exactcover: --box 3y2\n", Reader::new(), Layout::Line);
    let err = read[0].grid.as_ref().unwrap_err();
    assert!(
        err.to_string().starts_with("invalid header: --box: "),
        "{err}"
    );
    // Jigsaw lines and blocks take headers too.
    let block =
        "# exactcover: --alphabet ABCD\nA . | C .\n. D | . .\n----+----\nB . | . .\n. . | . A\n";
    let read = entries(block, Reader::new(), Layout::Block);
    assert_eq!(
        read[0].grid.as_ref().unwrap().to_string(),
        "A.C..D..B......A"
    );
}
