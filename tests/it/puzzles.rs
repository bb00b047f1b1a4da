//! Reading streams of puzzles in every layout, and answering them whatever
//! their rules: what `solve` and `count` do, through the library alone.

use std::io::BufReader;

use exactcover::sudoku::{
    Answerer, Entry, EntryError, FPuzzlesError, GridError, Layout, Outcome, Puzzles, Question,
    Reader, RulesError, Unsolvable, is_fpuzzles,
};
use exactcover::{Interruption, SearchEnd};

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
    let mut answerer = Answerer::new();
    let answer = answerer.answer(read[0].puzzle().unwrap(), Question::Solve);
    assert_eq!(answer.to_string(), solution.trim());
    let count = Question::Count { limit: None };
    let answer = answerer.answer(read[4].puzzle().unwrap(), count);
    assert_eq!(answer.to_string(), "1");
    // Under the classic rules, the same givens are another puzzle.
    let classic = Reader::new().read_line(givens).unwrap();
    assert_ne!(
        answerer.answer(&classic, Question::Solve).to_string(),
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
    let mut answerer = Answerer::new();
    let answer = answerer.answer(entry.puzzle().unwrap(), Question::Count { limit: Some(2) });
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

/// Why there is no solution, in every way there can be none, for solving
/// and for counting.
#[test]
fn unsolvable_puzzles_say_why() {
    let mut answerer = Answerer::new();
    let conflict = Reader::new().read_line("1...1...........").unwrap();
    let answer = answerer.answer(&conflict, Question::Solve);
    assert!(matches!(
        answer.outcome,
        Outcome::Unsolvable(Unsolvable::Conflict(_))
    ));
    assert_eq!(answer.stats.nodes, 0);
    let answer = answerer.answer(&conflict, Question::Count { limit: None });
    assert!(matches!(
        answer.outcome,
        Outcome::Count {
            why_none: Some(Unsolvable::Conflict(_)),
            ..
        }
    ));
    // No two givens meet, yet no solution: only the search shows it.
    let hidden = Reader::new().read_line("12....3.........").unwrap();
    assert_eq!(
        answerer.answer(&hidden, Question::Solve).to_string(),
        "unsolvable: the puzzle has no solution"
    );
    let answer = answerer
        .answer_on_threads(&hidden, Question::Count { limit: None }, 2)
        .unwrap();
    assert!(matches!(
        answer.outcome,
        Outcome::Count { count, why_none: Some(Unsolvable::NoSolution) } if count.solutions == 0
    ));

    // A killer cage whose givens break its sum.
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{"value":2,"given":true},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"4"}]}"#;
    let entry = entries(json, Layout::FPuzzles).remove(0);
    let answer = answerer.answer(entry.puzzle().unwrap(), Question::Solve);
    assert_eq!(
        answer.to_string(),
        "unsolvable: the givens of cage 1 (at r1c1) add up to 3: its sum 4 is out of reach"
    );
}

/// A budget that runs out: a solve says so, a count says how far it got.
#[test]
fn budgets_interrupt_answers() {
    let mut answerer = Answerer::new();
    answerer.set_budget(exactcover::Budget::new().with_max_nodes(10));
    let empty = Reader::new().read_line(&".".repeat(81)).unwrap();
    let hard = Reader::new()
        .read_line(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap();
    let answer = answerer.answer(&hard, Question::Solve);
    match answer.outcome {
        Outcome::Interrupted(stop) => assert_eq!(stop.reason, Interruption::NodeLimit),
        other => panic!("{other:?}"),
    }
    assert!(answer.to_string().starts_with("timeout: search stopped ("));
    for threads in [1, 2] {
        let answer = answerer
            .answer_on_threads(&empty, Question::Count { limit: None }, threads)
            .unwrap();
        match answer.outcome {
            Outcome::Count { count, why_none } => {
                assert_eq!(count.end, SearchEnd::Interrupted(Interruption::NodeLimit));
                assert_eq!(why_none, None);
            }
            other => panic!("{other:?}"),
        }
    }
}

/// Counting on threads gives the count of one thread, under any rules.
#[test]
fn counts_on_threads_agree_under_any_rules() {
    let line = "1...............  1112122233343444\n";
    let entry = entries(line, Layout::Jigsaw).remove(0);
    let puzzle = entry.puzzle().unwrap();
    let mut answerer = Answerer::new();
    let count = Question::Count { limit: None };
    let one = answerer.answer(puzzle, count).to_string();
    let two = answerer
        .answer_on_threads(puzzle, count, 2)
        .unwrap()
        .to_string();
    assert_eq!(one, two);
    assert!(one.parse::<u64>().unwrap() > 0);
}
