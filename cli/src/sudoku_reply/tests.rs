//! The replies' words, checked on puzzles.

use super::*;
use exactcover::sudoku::{Layout, Puzzles, Reader};

/// The entries of `text`, read as lines.
fn entries(text: &str) -> Vec<Entry> {
    Puzzles::new(text.as_bytes(), Reader::new(), Layout::Line)
        .map(|entry| entry.expect("read from memory"))
        .collect()
}

fn text(reply: &Reply) -> &str {
    match &reply.output {
        Output::Text(text) => text,
        Output::Puzzle(_) => panic!("a puzzle, not text"),
        Output::Json(_) => panic!("JSON, not text"),
    }
}

/// A count's verdict with `--json`, for each way a count ends.
#[test]
fn a_count_says_its_verdict() {
    use exactcover::sudoku::Unsolvable;
    let verdict = |n: u128, end: SearchEnd, why: Option<Unsolvable>| {
        let fields = super::count_fields(n, end, why);
        (fields[0].1.to_string(), fields[2].1.to_string())
    };
    let cases = [
        (1, SearchEnd::Exhausted, None, "\"unique\"", "true"),
        (288, SearchEnd::Exhausted, None, "\"not-unique\"", "true"),
        (2, SearchEnd::Limit, None, "\"not-unique\"", "false"),
        (1, SearchEnd::Limit, None, "\"solved\"", "false"),
        (
            0,
            SearchEnd::Exhausted,
            Some(Unsolvable::NoSolution),
            "\"unsolvable\"",
            "true",
        ),
        (
            5,
            SearchEnd::Interrupted(exactcover::Interruption::NodeLimit),
            None,
            "\"timeout\"",
            "false",
        ),
    ];
    for (n, end, why, word, complete) in cases {
        assert_eq!(
            verdict(n, end, why),
            (word.to_string(), complete.to_string()),
            "{n} {end:?}"
        );
    }
}

/// One of the puzzles of Project Euler 96 (unique), and the empty grid.
const UNIQUE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn counts_say_plus_at_a_limit_and_question_mark_when_stopped() {
    let empty = ".".repeat(81);
    let wording = Wording::new();
    let entry = &entries(&empty)[0];
    let limited = reply(
        Task::Count { limit: Some(3) },
        entry,
        &Budget::new(),
        1,
        &wording,
    );
    assert_eq!(text(&limited), "3+\n");
    assert!(!limited.failed && limited.message.is_none());
    let budget = Budget::new().with_max_nodes(50);
    let stopped = reply(Task::Count { limit: None }, entry, &budget, 1, &wording);
    assert!(text(&stopped).ends_with("?\n"), "{}", text(&stopped));
    assert!(stopped.failed);
    assert_eq!(
        stopped.message.as_deref(),
        Some("count incomplete: search stopped (node limit reached) after 50 nodes")
    );
    // A command line names the signal that cancelled.
    let named = wording.with_reason(|why| format!("{why}, by request"));
    let stopped = reply(Task::Count { limit: None }, entry, &budget, 1, &named);
    assert!(
        stopped
            .message
            .as_deref()
            .is_some_and(|m| m.contains("(node limit reached, by request)")),
        "{:?}",
        stopped.message
    );
}

#[test]
fn solve_notes_or_refuses_a_second_solution() {
    let empty = ".".repeat(81);
    let entry = &entries(&empty)[0];
    let wording = Wording::new();
    let noted = reply(Task::Solve(Check::Note), entry, &Budget::new(), 1, &wording);
    assert_eq!(text(&noted).len(), 82);
    assert!(
        noted
            .message
            .as_deref()
            .is_some_and(|m| m.starts_with("note: the puzzle has several"))
    );
    assert!(!noted.failed);
    let refused = reply(
        Task::Solve(Check::Unique),
        entry,
        &Budget::new(),
        1,
        &wording,
    );
    assert_eq!(text(&refused), "not-unique\n");
    assert!(refused.failed);
    let unique = &entries(UNIQUE)[0];
    let solved = reply(
        Task::Solve(Check::Unique),
        unique,
        &Budget::new(),
        1,
        &wording,
    );
    assert!(!solved.failed && solved.message.is_none());
    let pretty = reply(
        Task::Solve(Check::None),
        unique,
        &Budget::new(),
        1,
        &wording.with_pretty(true),
    );
    assert!(text(&pretty).starts_with(text(&solved)) && text(&pretty).lines().count() > 9);
}

#[test]
fn bad_puzzles_are_invalid_and_rows_get_the_block_hint() {
    let entries = entries(&format!("123456789\n11{}\n", ".".repeat(79)));
    let row = block_row(&entries[0], None).expect("a row of a block");
    assert_eq!(text(&row), "invalid\n");
    assert!(
        row.message
            .as_deref()
            .is_some_and(|m| m.ends_with("a row of a block? then use --block"))
    );
    // A count of givens that clash is 0, and says why.
    let clash = reply(
        Task::Count { limit: None },
        &entries[1],
        &Budget::new(),
        1,
        &Wording::new(),
    );
    assert_eq!(text(&clash), "0\n");
    assert!(clash.message.is_some() && !clash.failed);
    let graded = reply(
        Task::Grade {
            explain: false,
            search: false,
        },
        &entries[1],
        &Budget::new(),
        1,
        &Wording::new(),
    );
    assert_eq!(text(&graded), "invalid\n");
    assert!(graded.failed);
}

#[test]
fn grades_and_logic_are_worded_in_one_line() {
    let unique = &entries(UNIQUE)[0];
    let graded = reply(
        Task::Grade {
            explain: true,
            search: false,
        },
        unique,
        &Budget::new(),
        1,
        &Wording::new(),
    );
    let line = text(&graded);
    assert!(
        line.contains(" hardest=") && line.contains(" steps=") && line.ends_with('\n'),
        "{line}"
    );
    let hint = reply(
        Task::Logic {
            json: true,
            all: false,
            trace: false,
        },
        unique,
        &Budget::new(),
        1,
        &Wording::new(),
    );
    // JSON: the fields after the batch's input and line.
    match &hint.output {
        Output::Json(fields) => {
            let keys: Vec<&str> = fields.iter().map(|(k, _)| *k).collect();
            assert_eq!(keys, ["verdict", "rule", "k", "place", "eliminate"]);
            assert_eq!(fields[0].1, "step");
        }
        other => panic!("not JSON: {other:?}"),
    }
    let walk = reply(
        Task::Logic {
            json: false,
            all: true,
            trace: false,
        },
        unique,
        &Budget::new(),
        1,
        &Wording::new(),
    );
    assert!(text(&walk).lines().count() > 1);
    // The trace: a block per step, each opening with the step's sentence
    // as explain words it, then its base and cover items.
    let traced = reply(
        Task::Logic {
            json: false,
            all: true,
            trace: true,
        },
        unique,
        &Budget::new(),
        1,
        &Wording::new(),
    );
    let first_step = text(&walk).lines().next().unwrap().to_string();
    assert!(text(&traced).contains(&first_step), "{}", text(&traced));
    assert!(text(&traced).contains("base:"), "{}", text(&traced));
    assert_eq!(end_line(&Ending::Solved, true), r#"{"solved":true}"#);
    assert_eq!(word(&PuzzleError::NotUnique), "not-unique");
}

#[test]
fn a_replier_answers_a_chunk_in_order_plain_or_by_memo() {
    let input = format!("{UNIQUE}\n123456789\n{}\n", ".".repeat(16));
    let chunk = entries(&input);
    let task = Task::Count { limit: Some(10) };
    let plain = Replier::new(task, Budget::new()).with_fixed_size(None);
    let by_memo = plain.clone().with_memo(Memo::new(), 2);
    for replier in [plain, by_memo] {
        let replies = replier.reply_all(&chunk, Layout::Line);
        let lines: Vec<&str> = replies.iter().map(text).collect();
        // The 4x4 grid has 288 solutions: the limit stops the count.
        assert_eq!(lines, ["1\n", "invalid\n", "10+\n"]);
    }
    // A size asked for: a short line is a small grid, not a row of a block.
    let fixed = Replier::new(task, Budget::new()).with_fixed_size(Some(9));
    assert!(fixed.refuse(&chunk[1], Layout::Line).is_none());
    assert!(fixed.refuse(&chunk[1], Layout::Block).is_none());
}
