//! Inputs found while fuzzing (see `docs/fuzzing.md`), replayed through the
//! very checks the fuzz targets run: `fuzz/src/lib.rs` is compiled in here.
//!
//! A crash becomes a test by passing its bytes to the target's function:
//! `checks::sudoku_block(b"...")`. Tests of bugs not yet fixed are
//! `#[ignore = "bug: ..."]`; run them with `cargo test --test fuzz_regressions
//! -- --ignored`.

#[path = "../../fuzz/src/lib.rs"]
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
        // DLX5's costs: adding up, a word that is no cost, a sum too large.
        "a b | x\na x:A |3 |4\nb x:A |0\nb |2\na b |1\n",
        "a b\na |x\n",
        "a b\na |\n",
        "a b\na |18446744073709551615 |1\n",
        "a b\na |99999999999999999999\n",
    ] {
        checks::knuth(text.as_bytes());
    }
    checks::knuth(b"a b\nb\n\xff a\n");
    checks::knuth(b"a\xc3\n");
}

/// Edge cases of the Sudoku readers (header bytes: alphabet and shape, see
/// `fuzz/src/lib.rs`).
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
