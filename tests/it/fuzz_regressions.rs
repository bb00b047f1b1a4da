//! Inputs found while fuzzing (see `docs/fuzzing.md`), replayed through the
//! very checks the fuzz targets run: `tests/fuzz/checks.rs` is compiled in here.
//!
//! A crash becomes a test by passing its bytes to the target's function:
//! `checks::sudoku_block(b"...")`. Tests of bugs not yet fixed are
//! `#[ignore = "bug: ..."]`; run them with `cargo test --test fuzz_regressions
//! -- --ignored`.

#[path = "../fuzz/checks.rs"]
mod checks;

use exactcover::sudoku::{Alphabet, GridError, Reader};

/// Found by `sudoku_line` (crash input `.\x01\x01+ + `, minimised to
/// `\x02\x01\x00++`: the alphabet "+" and the 1x1 grid "+"): `{:#}` wrote
/// the row `+`, which `read_block` skipped as a separator, so the block form
/// did not read back; rows starting with the symbol `#` were skipped as
/// comments the same way. Fixed by refusing `# - + =` as symbols (commit
/// "Alphabets cannot use the block form's syntax"); these alphabets, and
/// those of a solved 3x3 grid and a solved 4x4 grid that did not read back,
/// must stay refused.
#[test]
fn block_form_syntax_cannot_be_a_symbol() {
    for symbols in ["+", "#", "-+=", "#123", "12-4", "123="] {
        assert!(
            matches!(Alphabet::new(symbols), Err(GridError::BadAlphabet(_))),
            "{symbols:?}"
        );
    }
}

/// The crash inputs of the bug above, through the fuzz checks: the alphabet
/// is now refused, for a documented reason.
#[test]
fn block_form_crash_inputs() {
    checks::sudoku_line(b".\x01\x01+ + ");
    checks::sudoku_line(b"\x02\x01\x00++");
    checks::sudoku_line(b"\x02\x04\x00#123#12323#11#32321#");
    checks::sudoku_block(b"\x02\x04\x00#123|#123\n23#1\n1#32\n321#\n");
}

/// Symbols that are blanks in the default alphabet, lower case, and
/// characters outside ASCII stay usable, and their grids read back in both
/// forms (alphabets 7 and 9 of the fuzz checks' list: "0_ab" and "éα中😀").
#[test]
fn awkward_symbols_round_trip() {
    checks::sudoku_line(b"\x01\x07\x000_ab_ab0ab0_b0_a");
    checks::sudoku_block(b"\x01\x07\x000 _ | a b\na b | 0 _\n----+----\n_ 0 | b a\nb a | _ 0\n");
    checks::sudoku_line("\x01\x09\x00\u{e9}\u{3b1}..\u{4e2d}...........\u{1f600}".as_bytes());
    let reader = Reader::new().with_alphabet(Alphabet::new("0_ab").unwrap());
    let grid = reader.read_line("0_abab0__0baba_0").unwrap();
    assert!(grid.is_solved());
    assert_eq!(reader.read_block(&format!("{grid:#}")), Ok(grid));
}

#[test]
fn seeds() {
    checks::sudoku_line(b"1.3..4..2......1");
    checks::sudoku_block(b"1 . | . .\n. . | 1 .\n----+----\n. 1 | . .\n. . | . 1\n");
    checks::batch(b"\x07\x00\x00\x00# comment\n1.3..4..2......1 four\r\n\n1 . . .\n. . 1 .\n");
    checks::knuth(b"a b c | x y\n| comment\na x\nb y\nc\na b\nx\n");
    checks::engine(b"\x04\x02\x06\x03\x00\x00\x0c\x00\x01\x30\x00\x02\x05\x00\x00\x0a\x00\x01\x0f\x00\x00\x02\x01\x03");
}

/// The fuzz input for the largest grid: a custom alphabet of 100 symbols
/// (header: alphabet from the text, 100 characters long) and a 100x100 grid
/// with a few givens, beyond the fuzzer's default input length.
#[test]
fn largest_grid_with_custom_alphabet() {
    let symbols: String = (0..100u32)
        .map(|k| char::from_u32(0x100 + k).unwrap())
        .collect();
    let mut cells = vec!['.'; 100 * 100];
    for k in 0..100 {
        // A diagonal of distinct symbols.
        cells[k * 100 + k] = char::from_u32(0x100 + k as u32).unwrap();
    }
    let line: String = cells.iter().collect();
    let reader = Reader::new().with_alphabet(Alphabet::new(&symbols).unwrap());
    assert_eq!(reader.read_line(&line).map(|g| g.size()), Ok(100));
    let mut data = vec![2u8, 100, 0];
    data.extend_from_slice(symbols.as_bytes());
    data.extend_from_slice(line.as_bytes());
    checks::sudoku_line(&data);
}

/// Edge cases of the engine target's decoding (bytes: primary items,
/// secondary items, options, 3 bytes per option, selections).
#[test]
fn engine_edge_cases() {
    // No items, no options: one empty solution.
    checks::engine(b"");
    // Only secondary items; the options have no primary item, so only a
    // selected one is ever in a solution: {0} selected gives one solution.
    checks::engine(b"\x00\x02\x02\x01\x00\x00\x03\x00\x00\x01\x00");
    // The same option selected twice: a conflict, no solution; then an
    // option number past the end, refused without changing anything.
    checks::engine(b"\x02\x01\x02\x03\x00\x00\x04\x00\x00\x03\x00\x00\x09");
    // The largest problem: 8 primary, 4 secondary items, 14 options, every
    // rotation and reversal of the item order, 4 selections.
    checks::engine(
        b"\x08\x04\x0e\xff\x0f\x00\x01\x01\x01\x02\x02\x02\x04\x04\x03\x08\x08\x04\
          \x10\x10\x05\x20\x20\x06\x40\x40\x07\x80\x80\x08\x00\x01\x09\x00\x02\x0a\
          \x00\x04\x0b\x00\x08\x0c\x03\x03\x0d\x04\x00\x01\x0d\x0e\x0f",
    );
}

/// Edge cases of Knuth's format: every error kind at its column, and the
/// white space and names the reader must accept.
#[test]
fn knuth_edge_cases() {
    for text in [
        "a b\r\nb\r\na\r\n",
        "\ta\tb |\tx\n  a   x\nb\n",
        "| only comments\n\n   | and blank lines\n",
        "\u{e9}t\u{e9} \u{4e2d} | \u{1f600}\n\u{4e2d} \u{e9}t\u{e9} \u{1f600}\n",
        "a b | x | y\n",
        "a b\na | b\n",
        "a b\na b:1\n",
        "a b|c\n",
        "a b a\n",
        "a b\nb a b\n",
        "a b\n\u{e9}\u{e9} c\n",
        "a | x\nx\na x\n",
        "a\na",
        // DLX3's bounds, and what is wrong with them.
        "2|a 0:3|b c | x\na b\na b x\nb c\na\n",
        "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
        "a 0|b\n",
        "a 3:2|b\n",
        "a 1:2:3|b\n",
        "a :2|b\n",
        "a 2:|b\n",
        "a 99999999999|b\n",
        "a 2|\n",
        "a | 2|x\n",
        "a 2|b 2|b\n",
        "a 2|b:c\n",
        "a x|b\n",
        // DLX5's costs: adding up, a word that is no cost, a sum too large.
        "a b | x\na x:A |3 |4\nb x:A |0\nb |2\na b |1\n",
        "a b\na |x\n",
        "a b\na |\n",
        "a b\na |18446744073709551615 |1\n",
        "a b\na |99999999999999999999\n",
        // A colour with a control character (a mutation of the DLX3 seed).
        "a | y\na y:2\u{0}\n",
    ] {
        checks::knuth(text.as_bytes());
    }
    checks::knuth(b"a b\nb\n\xff a\n");
    checks::knuth(b"a\xc3\n");
}

/// An unknown or repeated item written as DLX2's `item:colour`: the error
/// names the item (`y`) at the column of its word (`y:A`). The harness
/// expected the whole word, so the `knuth` target failed on mutations of
/// its own seed (issue 30, point 13).
#[test]
fn knuth_errors_name_the_item_of_a_coloured_word() {
    checks::knuth(b"p q r | x\np q y:A\n");
    checks::knuth(b"p q r | x y\np x:A y x:B\n");
    checks::knuth(b"p q r | x y\np y y:A\n");
}

/// Edge cases of the Sudoku readers (header bytes: alphabet and shape, see
/// `tests/fuzz/checks.rs`).
#[test]
fn sudoku_edge_cases() {
    for data in [
        &b"1"[..],
        b".",
        b"  1.3..4..2......1\t\r\n",
        b"1..1............",
        b"\x01\x06\x001",
        b"\x01\x07\x000_ab............",
        b"\x01\x09\x00\xc3\xa9.............\xce\xb1..",
        // 3x2 boxes (box rows > box columns), and a 1x5 shape.
        b"\x04\x0a\x001.....2.....3.....4.....5.....6.....",
        b"\x04\x20\x0012345.....................",
        // An alphabet of 40 symbols is refused for a grid of size 4.
        b"\x02\x28\x00abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN1234",
    ] {
        checks::sudoku_line(data);
        checks::sudoku_block(data);
    }
    checks::sudoku_block(b"1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n");
    checks::sudoku_block(b"# c\n1.\r\n\r\n.1\r\n\n");
    checks::sudoku_block(b"1 . . .\n. . . .\n. . . .\n");
}

/// Edge cases of the batch reader: a one-byte buffer, `\r` line ends, a
/// last line without an end, white-space lines, `#` lines, separator-only
/// blocks, bad UTF-8.
#[test]
fn batch_edge_cases() {
    checks::batch(
        b"\x00\x00\x00\x00#\n1.3..4..2......1\r\n \t\n\n1 . . .\n. . 1 .\n---\n\n--+--\n\n\xff\xfe\n. . . .",
    );
    checks::batch(b"\x05\x01\x00\x00\r\r\n1234\r\r\r\n\n\n#123\n  # 1\n");
    checks::batch(b"\xff");
    checks::batch(b"\x10\x00\x00\x00\n\n\n");
}

/// How many mutations of each seed the smoke run checks.
const MUTATIONS: usize = 300;

/// A fuzz target's check.
type Check = fn(&[u8]);

/// The fuzzing smoke run, on stable Rust and in every `cargo test` (so in
/// `.ci/run`): each target's check over its committed seeds
/// (`tests/fuzz/seeds/TARGET`) and over [`MUTATIONS`] mutations of each, made as
/// libFuzzer's simplest mutators do (bytes deleted, inserted, replaced or
/// repeated, the end cut off) from a fixed seed, so that a failure repeats.
/// The `knuth` target's coloured-word bug (above) fails it within the
/// first seed's mutations.
#[test]
fn smoke_run_over_the_seeds_and_their_mutations() {
    let targets: [(&str, Check); 5] = [
        ("sudoku_line", checks::sudoku_line),
        ("sudoku_block", checks::sudoku_block),
        ("batch", checks::batch),
        ("knuth", checks::knuth),
        ("engine", checks::engine),
    ];
    for (target, check) in targets {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fuzz/seeds")
            .join(target);
        let mut seeds: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.unwrap().path())
            .collect();
        seeds.sort();
        assert!(!seeds.is_empty(), "{target}: no seeds");
        for path in seeds {
            let seed = std::fs::read(&path).unwrap();
            let mut rng = 0x9e37_79b9_7f4a_7c15 ^ seed.len() as u64;
            let inputs = std::iter::once(seed.clone())
                .chain((0..MUTATIONS).map(|_| mutate(&seed, &mut rng)))
                .collect::<Vec<_>>();
            for input in inputs {
                let run = std::panic::catch_unwind(|| check(&input));
                assert!(
                    run.is_ok(),
                    "{target} fails on a mutation of {}: {:?}",
                    path.display(),
                    input.escape_ascii().to_string()
                );
            }
        }
    }
}

/// SplitMix64: the next of a fixed sequence of numbers.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `seed` changed one to four times: a byte deleted, inserted (one of the
/// seed's own, or one that the formats give a meaning), replaced, a run of
/// bytes repeated, or the end cut off.
fn mutate(seed: &[u8], rng: &mut u64) -> Vec<u8> {
    const MEANINGFUL: &[u8] = b" :|\n\r\t.#-+0\x00\xff";
    let mut data = seed.to_vec();
    for _ in 0..=next(rng) % 4 {
        let at = |rng: &mut u64, len: usize| (next(rng) % (len as u64 + 1)) as usize;
        let byte = |rng: &mut u64, data: &[u8]| {
            let pick = next(rng) as usize;
            match (pick % 2, data.is_empty()) {
                (0, false) => data[pick / 2 % data.len()],
                _ => MEANINGFUL[pick / 2 % MEANINGFUL.len()],
            }
        };
        match next(rng) % 5 {
            0 if !data.is_empty() => {
                let i = at(rng, data.len() - 1);
                data.remove(i);
            }
            1 => {
                let (i, b) = (at(rng, data.len()), byte(rng, &data));
                data.insert(i, b);
            }
            2 if !data.is_empty() => {
                let (i, b) = (at(rng, data.len() - 1), byte(rng, &data));
                data[i] = b;
            }
            3 if !data.is_empty() => {
                let from = at(rng, data.len() - 1);
                let to = (from + 1 + at(rng, 16)).min(data.len());
                let run = data[from..to].to_vec();
                let i = at(rng, data.len());
                data.splice(i..i, run);
            }
            _ => {
                let keep = at(rng, data.len());
                data.truncate(keep);
            }
        }
    }
    data
}
