//! The checks behind the fuzz targets, one public function per target.
//!
//! Each function takes the fuzzer's bytes and panics when the library breaks
//! one of its promises. The same file is compiled into the main crate's
//! `tests/fuzz_regressions.rs` (with `#[path]`), so a crash found by a fuzz
//! target becomes a regression test by passing its bytes to the same
//! function there.
//!
//! Only `std` and `exactcover` are used, so that the file builds in both
//! places.

use std::collections::BTreeSet;
use std::io::BufReader;
use std::ops::ControlFlow;

use exactcover::knuth::{self, KnuthErrorKind, KnuthProblem};
use exactcover::sudoku::MAX_SIZE;
use exactcover::sudoku::{
    Alphabet, EntryError, Grid, GridError, Layout, Puzzles, Reader, Shape, SudokuSolver, Unit,
};
use exactcover::{Budget, Count, ItemKind, Observer, Problem, SearchEnd, SelectError, Solver};

/// The node budget of every search on fuzzed Sudoku grids and Knuth problems.
pub const MAX_NODES: u64 = 10_000;

/// Alphabets the fuzzer can pick by number, among them the awkward ones:
/// symbols that are blanks in the default alphabet (`0`, `_`), lower case,
/// and characters outside ASCII.
const ALPHABETS: [&str; 10] = [
    "1234",
    "123456789",
    "0123456789ABCDEF",
    "abcd",
    "ABCDEF",
    "12",
    "1",
    "0_ab",
    "1aA\u{e0}",
    "\u{e9}\u{3b1}\u{4e2d}\u{1f600}",
];

/// The characters `Alphabet::new` refuses as symbols besides white space:
/// the blank `.`, and the block form's `|`, `#`, `-`, `+`, `=` (a row written
/// with them would read back as a separator or a comment).
const NOT_SYMBOLS: [char; 6] = ['.', '|', '#', '-', '+', '='];

/// A cursor over bytes that reads zeros past the end.
struct Cursor<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn new(data: &'a [u8]) -> Cursor<'a> {
        Cursor { data, at: 0 }
    }

    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn rest(&self) -> &'a [u8] {
        self.data.get(self.at..).unwrap_or(&[])
    }
}

/// Splits the fuzzer's bytes into reader settings and text: byte 0 chooses
/// the alphabet (default, one of [`ALPHABETS`], or the first characters of
/// the text) and the box shape, bytes 1 and 2 their parameters. `None` when
/// the settings themselves are refused (a bad alphabet or shape), which is
/// checked to be for a documented reason.
fn settings(data: &[u8]) -> Option<(Reader, String)> {
    let mut cursor = Cursor::new(data);
    let (mode, a, b) = (cursor.byte(), cursor.byte(), cursor.byte());
    let mut text = String::from_utf8_lossy(cursor.rest()).into_owned();
    let mut reader = Reader::new();
    match mode & 3 {
        1 => {
            let symbols = ALPHABETS[a as usize % ALPHABETS.len()];
            reader = reader.with_alphabet(Alphabet::new(symbols).expect("a valid alphabet"));
        }
        2 => {
            // The alphabet is the first `a` characters of the text (up to 255,
            // so that too many symbols are tried as well).
            let k = a as usize;
            let symbols: String = text.chars().take(k).collect();
            text = text.chars().skip(k).collect();
            match Alphabet::new(&symbols) {
                Ok(alphabet) => {
                    assert!(
                        !symbols.contains(NOT_SYMBOLS) && !symbols.contains(char::is_whitespace),
                        "{symbols:?} accepted"
                    );
                    assert_eq!(alphabet.len(), symbols.chars().count());
                    for (v, ch) in symbols.chars().enumerate() {
                        assert_eq!(alphabet.symbol(v + 1), Some(ch));
                    }
                    reader = reader.with_alphabet(alphabet);
                }
                Err(_) => {
                    let chars: Vec<char> = symbols.chars().collect();
                    let repeated = (1..chars.len()).any(|k| chars[..k].contains(&chars[k]));
                    let bad = chars
                        .iter()
                        .any(|&c| c.is_whitespace() || NOT_SYMBOLS.contains(&c));
                    assert!(
                        chars.is_empty() || chars.len() > MAX_SIZE || repeated || bad,
                        "alphabet {symbols:?} refused for no documented reason"
                    );
                    return None;
                }
            }
        }
        _ => {}
    }
    match (mode >> 2) & 3 {
        1 => {
            let shape = Shape::new(1 + b as usize % 8, 1 + (b as usize >> 3) % 8)
                .expect("at most 8x8 boxes");
            reader = reader.with_shape(shape);
        }
        2 => {
            let shape = Shape::for_size(1 + b as usize % 36).expect("sizes 1 to 36");
            assert_eq!(shape.size(), 1 + b as usize % 36);
            assert!(shape.box_rows() <= shape.box_cols());
            reader = reader.with_shape(shape);
        }
        _ => {}
    }
    Some((reader, text))
}

/// `sudoku_line`: the one-line reader, with default settings and with
/// settings taken from the first bytes; every grid read is checked
/// (conflicts, the `Display` round trip, a bounded search).
pub fn sudoku_line(data: &[u8]) {
    let mut solver = SudokuSolver::new();
    let text = String::from_utf8_lossy(data);
    if let Ok(grid) = Reader::new().read_line(&text) {
        check_grid(&Reader::new(), &grid, &mut solver);
        assert_eq!(text.trim().parse::<Grid>().as_ref(), Ok(&grid));
    }
    if let Some((reader, text)) = settings(data) {
        if let Ok(grid) = reader.read_line(&text) {
            assert_eq!(grid.cell_count_checked(), text.trim().chars().count());
            check_grid(&reader, &grid, &mut solver);
        }
    }
}

/// `sudoku_block`: as [`sudoku_line`] through the block reader, with the
/// `{:#}` round trip.
pub fn sudoku_block(data: &[u8]) {
    let mut solver = SudokuSolver::new();
    let text = String::from_utf8_lossy(data);
    if let Ok(grid) = Reader::new().read_block(&text) {
        check_grid(&Reader::new(), &grid, &mut solver);
    }
    if let Some((reader, text)) = settings(data) {
        if let Ok(grid) = reader.read_block(&text) {
            check_grid(&reader, &grid, &mut solver);
        }
    }
}

/// The number of cells, checked against the size.
trait CellCount {
    fn cell_count_checked(&self) -> usize;
}

impl CellCount for Grid {
    fn cell_count_checked(&self) -> usize {
        let n = self.size();
        assert_eq!(self.cells().len(), n * n);
        assert_eq!(self.shape().cell_count(), n * n);
        n * n
    }
}

/// The first two givens breaking a rule, found the slow way: every pair of
/// cells. Only whether there is one is compared with [`Grid::conflict`].
fn has_conflict_naive(grid: &Grid) -> bool {
    let n = grid.size();
    let shape = grid.shape();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (va, vb) = (grid.cells()[a], grid.cells()[b]);
            if va == 0 || va != vb {
                continue;
            }
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            if ra == rb || ca == cb || shape.box_of(ra, ca) == shape.box_of(rb, cb) {
                return true;
            }
        }
    }
    false
}

/// Every promise about a grid that was read by `reader`.
fn check_grid(reader: &Reader, grid: &Grid, solver: &mut SudokuSolver) {
    let n = grid.size();
    let shape = grid.shape();
    assert_eq!(grid.cell_count_checked(), n * n);
    assert!(grid.cells().iter().all(|&v| v as usize <= n));
    assert!((1..=MAX_SIZE).contains(&n));

    // Conflicts: the same answer as the naive check, and a well-formed report.
    let conflict = grid.conflict();
    assert_eq!(conflict.is_some(), has_conflict_naive(grid), "{grid}");
    if let Some(c) = conflict {
        let ((r1, c1), (r2, c2)) = (c.first, c.second);
        assert!((r1, c1) < (r2, c2), "{c:?}");
        assert_eq!(grid.get(r1, c1), Some(c.value));
        assert_eq!(grid.get(r2, c2), Some(c.value));
        assert_eq!(grid.alphabet().symbol(c.value), Some(c.symbol));
        match c.unit {
            Unit::Row(r) => assert!(r == r1 && r == r2, "{c:?}"),
            Unit::Column(k) => assert!(k == c1 && k == c2, "{c:?}"),
            Unit::Box(b) => {
                assert!(
                    b == shape.box_of(r1, c1) && b == shape.box_of(r2, c2),
                    "{c:?}"
                )
            }
            other => panic!("classic rules have no unit {other:?}"),
        }
        assert!(!c.to_string().is_empty());
    }

    // Round trips through both written forms.
    let line = grid.to_string();
    assert_eq!(line.chars().count(), n * n);
    assert_eq!(
        reader.read_line(&line).as_ref(),
        Ok(grid),
        "one-line round trip of {line:?}"
    );
    let block = format!("{grid:#}");
    assert_eq!(
        reader.read_block(&block).as_ref(),
        Ok(grid),
        "block round trip of {block:?}"
    );
    if reader == &Reader::new() {
        assert_eq!(line.parse::<Grid>().as_ref(), Ok(grid));
        assert_eq!(block.parse::<Grid>().as_ref(), Ok(grid));
    }
    let board: Vec<Vec<char>> = grid.into();
    assert_eq!(board.len(), n);

    // A bounded search.
    solver.set_budget(Budget::new().with_max_nodes(MAX_NODES));
    let first = solver.solution(grid);
    if let Ok(Some(solution)) = &first {
        assert!(solution.is_solved(), "{grid} -> {solution}");
        assert!(grid.is_completed_by(solution), "{grid} -> {solution}");
        assert_eq!(solution.shape(), shape);
        assert!(conflict.is_none());
    }
    if conflict.is_some() {
        assert_eq!(first, Ok(None), "conflicting givens have no solution");
    }
    if grid.is_solved() {
        assert_eq!(first.as_ref(), Ok(&Some(grid.clone())));
    }
    // Asking again gives the same answer, and so does a fresh solver.
    assert_eq!(solver.solution(grid), first, "{grid}");
    let mut fresh = SudokuSolver::for_shape(shape);
    fresh.set_budget(Budget::new().with_max_nodes(MAX_NODES));
    assert_eq!(fresh.solution(grid), first, "{grid}");

    let count = solver.count(grid, Some(2)).unwrap_or_else(Count::from);
    match (&first, count.end) {
        (_, SearchEnd::Interrupted(_)) | (Err(_), _) => {}
        (Ok(None), end) => assert_eq!((count.solutions, end), (0, SearchEnd::Exhausted)),
        (Ok(Some(_)), SearchEnd::Exhausted) => assert_eq!(count.solutions, 1),
        (Ok(Some(_)), end) => assert_eq!((count.solutions, end), (2, SearchEnd::Limit)),
    }
    let listed: Vec<Grid> = solver.solutions(grid).take(3).collect();
    for (k, s) in listed.iter().enumerate() {
        assert!(s.is_solved() && grid.is_completed_by(s), "{grid} -> {s}");
        assert!(!listed[..k].contains(s), "a solution listed twice");
    }
    if let Ok(found) = &first {
        if count.end == SearchEnd::Exhausted || listed.len() == 3 {
            assert_eq!(listed.first(), found.as_ref());
        }
    }

    // Small grids: the whole count against the reference backtracker.
    if n <= 4 {
        solver.set_budget(Budget::new());
        let all = solver.count(grid, None).unwrap();
        assert_eq!(all.end, SearchEnd::Exhausted);
        assert_eq!(
            all.solutions,
            exactcover::sudoku::reference::search(grid, u64::MAX, None)
                .expect("no step bound")
                .0,
            "{grid}"
        );
        let unique = grid.is_unique();
        assert_eq!(unique, all.solutions == 1);
        if unique {
            assert_eq!(
                solver.solution(grid).expect("no budget"),
                exactcover::sudoku::reference::search(grid, 1, None)
                    .expect("no step bound")
                    .1
            );
        }
    } else if n <= 9 {
        // Compare the first 20 solutions, when both searches finish quickly.
        solver.set_budget(Budget::new().with_max_nodes(MAX_NODES));
        let some = solver.count(grid, Some(20)).unwrap_or_else(Count::from);
        if let Ok((count, _)) = exactcover::sudoku::reference::search(grid, 20, Some(200_000)) {
            if !matches!(some.end, SearchEnd::Interrupted(_)) {
                assert_eq!(some.solutions, count, "{grid}");
            }
        }
    }
}

/// Splits `data` into lines as the batch reader does: at `\n`, a last line
/// without one counts, and each line loses its trailing `\r`s and `\n`.
fn lines_of(data: &[u8]) -> Vec<String> {
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
        .into_iter()
        .map(|l| {
            let mut text = String::from_utf8_lossy(l).into_owned();
            while text.ends_with('\r') {
                text.pop();
            }
            text
        })
        .collect()
}

/// `batch`: a stream of puzzles in both layouts, read through a buffer of
/// fuzzed capacity; every entry is compared with what the reader makes of
/// its own line or block, counted independently.
pub fn batch(data: &[u8]) {
    let mut cursor = Cursor::new(data);
    let capacity = 1 + cursor.byte() as usize;
    let settings = settings(cursor.rest());
    let text = cursor.rest().get(3..).unwrap_or(&[]);
    let reader = settings.map_or_else(Reader::new, |(reader, _)| reader);
    let lines = lines_of(text);

    // Line layout: one puzzle per line whose first field does not start with '#'.
    let expected: Vec<(usize, &str)> = lines
        .iter()
        .enumerate()
        .filter_map(|(k, l)| {
            let field = l.split_whitespace().next()?;
            (!field.starts_with('#')).then_some((k, field))
        })
        .collect();
    let entries: Vec<_> = Puzzles::new(
        BufReader::with_capacity(capacity, text),
        reader.clone(),
        Layout::Line,
    )
    .collect::<Result<_, _>>()
    .expect("reading bytes cannot fail");
    assert_eq!(entries.len(), expected.len(), "line layout, {text:?}");
    for (entry, &(line, field)) in entries.iter().zip(&expected) {
        assert_eq!(entry.line, line);
        if lines[line].len() > Puzzles::<&[u8]>::MAX_LINE {
            // An over-long line is refused before it is read.
            assert!(matches!(
                entry.grid,
                Err(EntryError::Grid(GridError::LineTooLong { .. }))
            ));
        } else {
            assert_eq!(
                entry.grid,
                reader.read_line(field).map_err(EntryError::Grid)
            );
        }
    }

    // Block layout: runs of non-blank lines, each with at least one row.
    let mut expected: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (k, l) in lines.iter().enumerate() {
        if l.trim().is_empty() {
            expected.extend(current.take());
        } else if !exactcover::sudoku::is_skipped_block_line(l) {
            let (_, rows) = current.get_or_insert_with(|| (k, String::new()));
            rows.push_str(l);
            rows.push('\n');
        }
    }
    expected.extend(current.take());
    let entries: Vec<_> = Puzzles::new(
        BufReader::with_capacity(capacity, text),
        reader.clone(),
        Layout::Block,
    )
    .collect::<Result<_, _>>()
    .expect("reading bytes cannot fail");
    assert_eq!(entries.len(), expected.len(), "block layout, {text:?}");
    for (entry, (line, rows)) in entries.iter().zip(&expected) {
        assert_eq!(entry.line, *line);
        if rows.lines().any(|l| l.len() > Puzzles::<&[u8]>::MAX_LINE) {
            assert!(matches!(
                entry.grid,
                Err(EntryError::Grid(GridError::LineTooLong { .. }))
            ));
        } else if rows.lines().count() > MAX_SIZE {
            // A block of more rows than any grid has is refused unread.
            assert!(matches!(
                entry.grid,
                Err(EntryError::Grid(GridError::TooManyRows { .. }))
            ));
        } else {
            assert_eq!(
                entry.grid,
                reader.read_block(rows).map_err(EntryError::Grid)
            );
        }
    }
    // The iterator stays ended.
    let mut puzzles = Puzzles::new(text, reader, Layout::Line);
    for _ in puzzles.by_ref() {}
    assert!(puzzles.next().is_none());
}

/// `knuth`: Knuth's text format. Errors must point at what they name;
/// problems must keep every option line, survive being written back out, and
/// (when small) solve to valid covers within a node budget, the same as a
/// brute-force enumeration when very small.
pub fn knuth(data: &[u8]) {
    // The byte reader and the string reader agree on UTF-8 text, and the byte
    // reader refuses other bytes with the number of the first bad line.
    let from_bytes = knuth::read(data);
    let text = match std::str::from_utf8(data) {
        Ok(text) => text,
        Err(e) => {
            let line = data[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            let err = from_bytes.expect_err("not UTF-8");
            if err.kind == KnuthErrorKind::NotUtf8 {
                assert_eq!(err.line, Some(line));
            } else {
                assert!(
                    err.line.is_none_or(|l| l < line),
                    "{err:?} after the bad line {line}"
                );
            }
            return;
        }
    };
    let parsed = knuth::parse(text);
    assert_eq!(
        parsed.as_ref().map_err(Clone::clone).err(),
        from_bytes.as_ref().map_err(Clone::clone).err()
    );
    let read = match parsed {
        Ok(read) => read,
        Err(err) => {
            check_knuth_error(text, &err);
            return;
        }
    };
    let problem = &read.problem;
    assert_eq!(read.option_lines.len(), problem.option_count());
    assert!(read.option_lines.windows(2).all(|w| w[0] < w[1]));
    let secondary_only: Vec<usize> = (0..problem.option_count())
        .filter(|&o| problem.is_secondary_only(o))
        .map(|o| read.option_lines[o])
        .collect();
    assert_eq!(read.secondary_only, secondary_only);
    assert!(
        problem.primary_count() >= 1,
        "the item line names an item first"
    );
    for item in 0..problem.item_count() {
        let name = problem.item_name(item).expect("every item is named");
        assert!(!name.is_empty() && !name.contains(['|', ':']));
        assert!(!name.chars().any(char::is_whitespace));
        assert_eq!(problem.item_by_name(name), Some(item));
        // DLX3's bounds: `a:b|name` or `b|name` in the item line, on primary
        // items only, `1 <= b`, `a <= b`.
        match problem.bounds(item) {
            Some((a, b)) => assert!(1 <= b && a <= b, "{name}: {a}:{b}"),
            None => assert!(!problem.is_primary(item)),
        }
    }
    check_item_line(text, problem);
    let lines: Vec<&str> = text.split('\n').collect();
    for (option, &line) in read.option_lines.iter().enumerate() {
        // Each word is the item's name, and `:colour` when it has one; the
        // words `|n` are DLX5's costs, which add up to the option's.
        let (costs, words): (Vec<&str>, Vec<&str>) = lines[line]
            .split_whitespace()
            .partition(|w| w.starts_with('|'));
        let cost = costs.iter().try_fold(0u64, |sum, w| {
            sum.checked_add(w[1..].parse::<u64>().expect("a cost read"))
        });
        assert_eq!(cost, problem.option_cost(option));
        let items = problem.option(option).expect("an option");
        let colours = problem.option_colours(option).expect("an option");
        let names: Vec<String> = items
            .iter()
            .zip(colours)
            .map(|(&i, c)| {
                let name = problem.item_name(i).expect("named");
                match c {
                    Some(c) => {
                        assert!(!problem.is_primary(i), "a primary item with a colour");
                        format!("{name}:{}", problem.colour_name(c).expect("a colour"))
                    }
                    None => name.to_string(),
                }
            })
            .collect();
        assert_eq!(words, names);
    }

    // Written back out, the problem reads the same.
    let written = write_knuth(problem);
    let again = knuth::parse(&written).expect("a written problem reads back");
    assert_same_problem(problem, &again.problem);

    if problem.option_count() <= 64 && problem.item_count() <= 64 {
        solve_knuth(&read);
    }
}

/// Checks the bounds read from the item line against its words: a word
/// `a:b|name` or `b|name` gives `name` those bounds, any other word `[1, 1]`
/// (when primary).
fn check_item_line(text: &str, problem: &Problem) {
    let line = text
        .split('\n')
        .find(|l| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with('|')
        })
        .expect("an item line");
    for word in line.split_whitespace().filter(|&w| w != "|") {
        let (bounds, name) = match word.split_once('|') {
            Some((prefix, name))
                if !prefix.is_empty()
                    && prefix.bytes().all(|c| c.is_ascii_digit() || c == b':') =>
            {
                let (a, b) = prefix.split_once(':').unwrap_or((prefix, prefix));
                let (a, b) = (a.parse().expect("a bound"), b.parse().expect("a bound"));
                ((a, b), name)
            }
            _ => ((1, 1), word),
        };
        let item = problem
            .item_by_name(name)
            .expect("an item of the item line");
        if problem.is_primary(item) {
            assert_eq!(problem.bounds(item), Some(bounds), "{word}");
        } else {
            assert_eq!(bounds, (1, 1), "{word}: bounds on a secondary item");
        }
    }
}

/// Checks that an error says where the thing it names is.
fn check_knuth_error(text: &str, err: &knuth::KnuthError) {
    assert!(!err.to_string().is_empty());
    if err.kind == KnuthErrorKind::NoItems {
        assert_eq!((err.line, err.column), (None, None));
        assert!(text.lines().all(|l| {
            let t = l.trim_start();
            t.is_empty() || t.starts_with('|')
        }));
        return;
    }
    let line: Vec<char> = text
        .split('\n')
        .nth(err.line.expect("an error about one line"))
        .expect("the error's line exists")
        .chars()
        .collect();
    let at = |name: &str| {
        let from = err.column.expect("an error about one place");
        let word: String = line[from..]
            .iter()
            .take_while(|c| !c.is_whitespace())
            .collect();
        assert!(
            from == 0 || line[from - 1].is_whitespace(),
            "{err:?}: column {from} is not the start of a word"
        );
        assert_eq!(word, name, "{err:?}");
    };
    match &err.kind {
        KnuthErrorKind::DuplicateItem(name)
        | KnuthErrorKind::BadName(name)
        | KnuthErrorKind::ColourOnPrimary(name) => at(name),
        KnuthErrorKind::BadBound(word)
        | KnuthErrorKind::ZeroUpperBound(word)
        | KnuthErrorKind::LowerAboveUpper(word)
        | KnuthErrorKind::BoundsOnSecondary(word) => {
            at(word);
            let (prefix, _) = word.split_once('|').expect("bounds before a '|'");
            let (a, b) = prefix.split_once(':').unwrap_or((prefix, prefix));
            let (a, b) = (a.parse::<u32>(), b.parse::<u32>());
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
            let (da, db) = prefix
                .split_once(':')
                .map_or((digits(prefix), digits(prefix)), |(x, y)| {
                    (digits(x), digits(y))
                });
            match &err.kind {
                KnuthErrorKind::BadBound(_) => assert!(!da || !db || a.is_err() || b.is_err()),
                KnuthErrorKind::ZeroUpperBound(_) => assert_eq!(b, Ok(0)),
                KnuthErrorKind::LowerAboveUpper(_) => assert!(a.expect("a") > b.expect("b")),
                _ => assert!(a.is_ok() && b.is_ok()),
            }
        }
        // These name the item; in an option its word may be DLX2's
        // `item:colour`, whose item is the part before the first ':'.
        KnuthErrorKind::UnknownItem(name) | KnuthErrorKind::RepeatedItem(name) => {
            let from = err.column.expect("an error about one place");
            let word: String = line[from..]
                .iter()
                .take_while(|c| !c.is_whitespace())
                .collect();
            let item = word.split_once(':').map_or(word.as_str(), |(item, _)| item);
            assert_eq!(item, name, "{err:?}: the word is {word:?}");
            at(&word);
        }
        KnuthErrorKind::BadColour(word) => {
            // The column is the colour's, after the word's first ':'.
            let from = err.column.expect("an error about one place");
            let (name, colour) = word.split_once(':').expect("item:colour");
            let start = from - name.chars().count() - 1;
            let found: String = line[start..]
                .iter()
                .take_while(|c| !c.is_whitespace())
                .collect();
            assert_eq!(found, *word, "{err:?}");
            // Control characters are refused in names and colours alike.
            assert!(
                colour.is_empty()
                    || colour.contains(['|', ':'])
                    || colour.chars().any(char::is_control)
                    || colour.chars().count() > knuth::MAX_NAME
            );
        }
        KnuthErrorKind::SecondBar | KnuthErrorKind::BarInOption => at("|"),
        KnuthErrorKind::BadCost(word) => {
            at(word);
            assert!(word.len() < 2 || !word[1..].bytes().all(|b| b.is_ascii_digit()));
        }
        KnuthErrorKind::CostTooLarge(word) => at(word),
        KnuthErrorKind::LineTooLong { limit } => {
            assert!(
                line.iter().map(|c| c.len_utf8()).sum::<usize>() > *limit,
                "{err:?}"
            )
        }
        other => panic!("unexpected error {other:?} for a string"),
    }
}

/// The problem in Knuth's format.
fn write_knuth(problem: &Problem) -> String {
    let mut out = String::from("| written back\n");
    let names = |kind| {
        (0..problem.item_count())
            .filter(move |&i| problem.item_kind(i) == Some(kind))
            .map(|i| {
                let name = problem.item_name(i).expect("named");
                match problem.bounds(i) {
                    Some((a, b)) if (a, b) != (1, 1) => format!("{a}:{b}|{name}"),
                    _ => name.to_string(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    out.push_str(&names(ItemKind::Primary));
    let secondary = names(ItemKind::Secondary);
    if !secondary.is_empty() {
        out.push_str(" | ");
        out.push_str(&secondary);
    }
    out.push('\n');
    for option in 0..problem.option_count() {
        out.push_str(&exactcover::problem::Labels::option(problem, option));
        match problem.option_cost(option) {
            Some(cost) if cost > 0 => out.push_str(&format!(" |{cost}")),
            _ => {}
        }
        out.push('\n');
    }
    out
}

fn assert_same_problem(a: &Problem, b: &Problem) {
    // Items may be renumbered (primary first), so compare by name.
    assert_eq!(a.item_count(), b.item_count());
    assert_eq!(a.primary_count(), b.primary_count());
    assert_eq!(a.option_count(), b.option_count());
    for item in 0..a.item_count() {
        let name = a.item_name(item).expect("named");
        let other = b.item_by_name(name).expect("same names");
        assert_eq!(a.item_kind(item), b.item_kind(other));
        assert_eq!(a.bounds(item), b.bounds(other));
    }
    for option in 0..a.option_count() {
        let (x, y) = (
            exactcover::problem::Labels::option(a, option),
            exactcover::problem::Labels::option(b, option),
        );
        assert_eq!(x, y);
        assert_eq!(a.option_cost(option), b.option_cost(option));
    }
}

/// Whether `options` (numbers) is an exact cover of `problem`: every
/// primary item covered within its bounds (once, without bounds), and
/// every secondary item at most once or else by options that all give it
/// the same colour.
fn is_cover(problem: &Problem, options: &[usize]) -> bool {
    let mut used = vec![0u32; problem.item_count()];
    // Per item: the colour every option gives it so far, `None` for none.
    let mut colour: Vec<Option<Option<usize>>> = vec![None; problem.item_count()];
    let mut agree = true;
    for &o in options {
        let items = problem.option(o).expect("an option");
        let colours = problem.option_colours(o).expect("an option");
        for (&i, c) in items.iter().zip(colours) {
            used[i] += 1;
            match colour[i] {
                None => colour[i] = Some(c),
                // Primary items are counted against their bounds below.
                Some(_) if problem.is_primary(i) => {}
                Some(earlier) => agree &= c.is_some() && earlier == c,
            }
        }
    }
    agree
        && (0..problem.item_count()).all(|i| {
            if let Some((a, b)) = problem.bounds(i) {
                (a..=b).contains(&used[i])
            } else {
                used[i] <= 1 || colour[i].is_some_and(|c| c.is_some())
            }
        })
}

fn solve_knuth(read: &KnuthProblem) {
    let problem = &read.problem;
    let mut solver = Solver::new(problem);
    solver.set_budget(Budget::new().with_max_nodes(MAX_NODES));
    let mut found = BTreeSet::new();
    let end = solver.visit(|options| {
        assert!(is_cover(problem, options), "{options:?}");
        assert!(options.iter().all(|&o| !problem.is_secondary_only(o)));
        let mut sorted = options.to_vec();
        sorted.sort_unstable();
        assert!(found.insert(sorted), "a solution found twice");
        if found.len() >= 1000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let stats = solver.stats();
    assert!(stats.nodes <= MAX_NODES);
    assert_eq!(stats.solutions, found.len() as u64);
    if end == SearchEnd::Exhausted && problem.option_count() <= 16 {
        let brute = if problem.has_colours() || problem.has_bounds() {
            // Every subset of the options that have a primary item.
            let free: Vec<usize> = (0..problem.option_count())
                .filter(|&o| !problem.is_secondary_only(o))
                .collect();
            (0u32..1 << free.len())
                .map(|set| {
                    let chosen: Vec<usize> = (0..free.len())
                        .filter(|&k| set >> k & 1 == 1)
                        .map(|k| free[k])
                        .collect();
                    chosen
                })
                .filter(|chosen| is_cover(problem, chosen))
                .collect()
        } else {
            let options: Vec<Vec<usize>> = problem.options().map(<[usize]>::to_vec).collect();
            let masks = masks_of(problem, &options);
            let primary = primary_mask(problem);
            brute_force(&masks, primary, &[], |o| problem.is_secondary_only(o))
        };
        assert_eq!(found, brute);
    }
    if end == SearchEnd::Exhausted && found.len() < 1000 {
        check_cheapest(problem, &found);
    }
}

/// The cheapest solution (DLX5's search) costs the least of `all`, every
/// solution of `problem`; a refusal (costs that could overflow) is allowed.
fn check_cheapest(problem: &Problem, all: &BTreeSet<Vec<usize>>) {
    let cost = |s: &[usize]| -> u128 {
        s.iter()
            .map(|&o| u128::from(problem.option_cost(o).expect("an option")))
            .sum()
    };
    let least = all.iter().map(|s| cost(s)).min();
    let mut solver = Solver::new(problem);
    solver.set_budget(Budget::new().with_max_nodes(MAX_NODES));
    if let Ok(best) = solver.cheapest(1) {
        if best.end == SearchEnd::Exhausted {
            let got = best.solutions.first();
            assert_eq!(got.map(|s| u128::from(s.cost)), least);
            if let Some(s) = got {
                assert!(is_cover(problem, &s.options));
                assert_eq!(cost(&s.options), u128::from(s.cost));
            }
        }
    }
}

fn primary_mask(problem: &Problem) -> u64 {
    (0..problem.item_count())
        .filter(|&i| problem.is_primary(i))
        .fold(0, |m, i| m | 1 << i)
}

fn masks_of(problem: &Problem, options: &[Vec<usize>]) -> Vec<u64> {
    assert!(problem.item_count() <= 64);
    options
        .iter()
        .map(|o| o.iter().fold(0, |m, &i| m | 1u64 << i))
        .collect()
}

/// Every solution by enumerating subsets of the options: the `selected`
/// options (already checked to be disjoint) plus a set of options that each
/// have a primary item, disjoint, covering every primary item once. Options
/// are taken or left in number order, leaving out at once any subset whose
/// options overlap.
fn brute_force(
    masks: &[u64],
    primary: u64,
    selected: &[usize],
    secondary_only: impl Fn(usize) -> bool,
) -> BTreeSet<Vec<usize>> {
    let fixed: u64 = selected.iter().fold(0, |m, &o| m | masks[o]);
    let free: Vec<usize> = (0..masks.len())
        .filter(|&o| !selected.contains(&o) && !secondary_only(o))
        .collect();
    let mut out = BTreeSet::new();
    // (next free option, items covered, options taken)
    let mut stack = vec![(0, fixed, selected.to_vec())];
    while let Some((k, covered, chosen)) = stack.pop() {
        if k == free.len() {
            if covered & primary == primary {
                let mut chosen = chosen;
                chosen.sort_unstable();
                out.insert(chosen);
            }
            continue;
        }
        let o = free[k];
        if covered & masks[o] == 0 {
            let mut with = chosen.clone();
            with.push(o);
            stack.push((k + 1, covered | masks[o], with));
        }
        stack.push((k + 1, covered, chosen));
    }
    out
}

/// Counts the observer's events.
#[derive(Default)]
struct Events {
    tries: u64,
    covers: u64,
    uncovers: u64,
    solutions: u64,
}

impl Observer for Events {
    fn try_option(&mut self, _level: usize, _option: usize) {
        self.tries += 1;
    }
    fn cover(&mut self, _item: usize) {
        self.covers += 1;
    }
    fn uncover(&mut self, _item: usize) {
        self.uncovers += 1;
    }
    fn solution(&mut self, _level: usize) {
        self.solutions += 1;
    }
}

/// A small problem decoded from bytes, with a pre-selection.
#[derive(Debug)]
struct Small {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
    selection: Vec<usize>,
}

impl Small {
    /// Byte 0: primary items (0 to 8); byte 1: secondary items (0 to 4);
    /// byte 2: options (0 to 14); then per option two bytes of item mask and
    /// one of rotation; then the number of selections (0 to 4) and each one
    /// (a few numbers past the options, to be refused).
    fn decode(data: &[u8]) -> Small {
        let mut cursor = Cursor::new(data);
        let primary = cursor.byte() as usize % 9;
        let secondary = cursor.byte() as usize % 5;
        let items = primary + secondary;
        let count = if items == 0 {
            0
        } else {
            cursor.byte() as usize % 15
        };
        let mut options = Vec::with_capacity(count);
        for _ in 0..count {
            let mask = u16::from_le_bytes([cursor.byte(), cursor.byte()]);
            let mut option: Vec<usize> = (0..items).filter(|&i| mask >> i & 1 == 1).collect();
            if option.is_empty() {
                option.push((mask >> 12) as usize % items);
            }
            let turn = cursor.byte() as usize % option.len();
            option.rotate_left(turn);
            if turn % 2 == 1 {
                option.reverse();
            }
            options.push(option);
        }
        let selections = cursor.byte() as usize % 5;
        let selection = (0..selections)
            .map(|_| cursor.byte() as usize % (count + 2))
            .collect();
        Small {
            primary,
            secondary,
            options,
            selection,
        }
    }

    fn problem(&self) -> Problem {
        let mut problem = Problem::new();
        problem.add_primary_items(self.primary);
        problem.add_secondary_items(self.secondary);
        for option in &self.options {
            problem
                .add_option(option.iter().copied())
                .expect("a valid option");
        }
        problem
    }
}

/// `engine`: a small problem from bytes, solved with a pre-selection; the
/// solutions must be those of a brute-force enumeration, and every way of
/// asking (iterator, count, visit, first solution, observer, budget) must
/// agree.
pub fn engine(data: &[u8]) {
    let small = Small::decode(data);
    let problem = small.problem();
    let masks = masks_of(&problem, &small.options);
    let primary_mask = primary_mask(&problem);
    let secondary_only = |o: usize| masks[o] & primary_mask == 0;
    for o in 0..problem.option_count() {
        assert_eq!(problem.is_secondary_only(o), secondary_only(o));
    }

    let mut solver = Solver::new(&problem);
    // The model of the selection: refused numbers change nothing, a conflict
    // makes the problem contradictory but is not itself selected.
    let mut accepted: Vec<usize> = Vec::new();
    let mut contradictory = false;
    for &o in &small.selection {
        let result = solver.select(o);
        if o >= problem.option_count() {
            assert_eq!(
                result,
                Err(SelectError::UnknownOption {
                    option: o,
                    options: problem.option_count()
                })
            );
            continue;
        }
        let covered = accepted.iter().fold(0, |m, &a| m | masks[a]);
        if covered & masks[o] != 0 {
            match result {
                Err(SelectError::Conflict { option, item }) => {
                    assert_eq!(option, o);
                    assert!(covered & masks[o] & 1 << item != 0, "item {item}");
                }
                other => panic!("selecting {o} gave {other:?}, expected a conflict"),
            }
            contradictory = true;
        } else {
            assert_eq!(result, Ok(()), "selecting {o}");
            accepted.push(o);
        }
        assert_eq!(solver.selection_len(), accepted.len());
        assert_eq!(solver.is_contradictory(), contradictory);
    }
    let expected = if contradictory {
        BTreeSet::new()
    } else {
        brute_force(&masks, primary_mask, &accepted, secondary_only)
    };
    check_searches(&mut solver, &problem, &accepted, &expected, data);

    // Without the selection: the brute force with nothing selected.
    solver.clear_selection();
    assert_eq!(
        (solver.selection_len(), solver.is_contradictory()),
        (0, false)
    );
    let expected = brute_force(&masks, primary_mask, &[], secondary_only);
    check_searches(&mut solver, &problem, &[], &expected, data);

    // A rebuilt solver and a new one behave the same.
    let mut fresh = Solver::new(&problem);
    let a: Vec<Vec<usize>> = fresh.solutions().collect();
    let fresh_stats = fresh.stats();
    solver.rebuild(&problem);
    let b: Vec<Vec<usize>> = solver.solutions().collect();
    assert_eq!(a, b);
    assert_eq!(fresh_stats, solver.stats());
}

/// Every way of searching, against the `expected` solutions.
fn check_searches(
    solver: &mut Solver,
    problem: &Problem,
    selected: &[usize],
    expected: &BTreeSet<Vec<usize>>,
    data: &[u8],
) {
    solver.set_budget(Budget::new());
    // The lazy iterator: each solution once, selected options first.
    let mut listed: Vec<Vec<usize>> = Vec::new();
    let mut solutions = solver.solutions();
    for solution in solutions.by_ref() {
        assert!(
            solution.starts_with(selected),
            "{solution:?} after {selected:?}"
        );
        assert!(is_cover(problem, &solution), "{solution:?}");
        listed.push(solution);
    }
    assert_eq!(solutions.end(), Some(SearchEnd::Exhausted));
    assert!(solutions.next().is_none(), "the iterator stays ended");
    let iter_stats = solver.stats();
    let set: BTreeSet<Vec<usize>> = listed
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect();
    assert_eq!(set.len(), listed.len(), "a solution listed twice");
    assert_eq!(&set, expected, "{problem:?} selected {selected:?}");
    let total = listed.len() as u64;

    // Counting, twice: same answer, same statistics.
    let count = solver.count(None).unwrap();
    assert_eq!((count.solutions, count.end), (total, SearchEnd::Exhausted));
    let stats = solver.stats();
    assert_eq!(stats.solutions, total);
    assert_eq!(solver.count(None).unwrap(), count);
    assert_eq!(solver.stats(), stats, "the same search twice");
    assert_eq!(iter_stats, stats, "the iterator's search and the count's");
    assert!(stats.max_depth <= problem.primary_count());

    // Visiting: the same solutions in the same order, and the observer sees
    // every option tried.
    let mut visited = Vec::new();
    let mut events = Events::default();
    let end = solver.visit_observed(&mut events, |s| {
        visited.push(s.to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(end, SearchEnd::Exhausted);
    assert_eq!(visited, listed);
    assert_eq!(solver.stats(), stats);
    assert_eq!(events.tries, stats.nodes);
    assert_eq!(events.solutions, total);
    assert_eq!(events.covers, events.uncovers, "every cover is undone");

    // The first solution, and stopping early.
    assert_eq!(solver.solution(), Ok(listed.first().cloned()));
    let limit = 1 + u64::from(data.last().copied().unwrap_or(0) % 4);
    let limited = solver.count(Some(limit)).unwrap();
    if total >= limit {
        assert_eq!((limited.solutions, limited.end), (limit, SearchEnd::Limit));
    } else {
        assert_eq!(
            (limited.solutions, limited.end),
            (total, SearchEnd::Exhausted)
        );
    }
    let mut seen = 0;
    let end = solver.visit(|_| {
        seen += 1;
        ControlFlow::Break(())
    });
    assert_eq!(
        (seen, end),
        if total > 0 {
            (1, SearchEnd::Stopped)
        } else {
            (0, SearchEnd::Exhausted)
        }
    );

    // A node budget: exactly enough finishes; one node less is interrupted,
    // having found a prefix of the solutions.
    solver.set_budget(Budget::new().with_max_nodes(stats.nodes));
    assert_eq!(solver.count(None).unwrap(), count);
    if stats.nodes > 0 {
        solver.set_budget(Budget::new().with_max_nodes(stats.nodes - 1));
        let mut partial = Vec::new();
        let end = solver.visit(|s| {
            partial.push(s.to_vec());
            ControlFlow::Continue(())
        });
        assert!(matches!(end, SearchEnd::Interrupted(_)), "{end:?}");
        assert!(listed.starts_with(&partial));
        assert_eq!(solver.stats().nodes, stats.nodes - 1);
    }
    solver.set_budget(Budget::new());
}
