//! docs/cli.md's table of every flag against `--help`: each command's
//! long options are exactly the table's rows that name the command, and a
//! default `--help` shows (`[default: X]`) is the table's (`` `X` ``).
//! Also the renamed flags, single grades, the summary of notes and
//! `cover --quiet`.

use std::collections::{BTreeMap, BTreeSet};

use crate::readme::{help, help_options};

/// The rows of the table under `## Every flag`: flag, commands, default.
fn table() -> Vec<(String, BTreeSet<String>, String)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/cli.md"))
        .expect("docs/cli.md");
    let section = doc
        .split("\n## Every flag\n")
        .nth(1)
        .expect("a section `## Every flag`")
        .split("\n## ")
        .next()
        .unwrap_or_default();
    let rows: Vec<_> = section
        .lines()
        .filter(|line| line.starts_with("| `--"))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 3, "{line}");
            let flag = cells[0].trim_matches('`').to_string();
            let commands = cells[1]
                .split(", ")
                .map(|c| c.trim_matches('`').to_string())
                .collect();
            (flag, commands, cells[2].to_string())
        })
        .collect();
    assert!(rows.len() > 30, "{section}");
    rows
}

/// The commands `exactcover --help` lists.
fn commands() -> Vec<String> {
    help(&["--help"])
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// The defaults `COMMAND --help` shows: flag and value.
fn help_defaults(command: &str) -> BTreeMap<String, String> {
    let mut defaults = BTreeMap::new();
    for line in help(&[command, "--help"]).lines().map(str::trim_start) {
        let Some(flag) = line
            .split_whitespace()
            .take(2)
            .find(|word| word.starts_with("--"))
            .map(|word| word.trim_end_matches(',').to_string())
        else {
            continue;
        };
        if let Some((_, rest)) = line.split_once("[default: ") {
            let value = rest.split(']').next().unwrap_or_default();
            defaults.insert(flag, value.to_string());
        }
    }
    defaults
}

#[test]
fn the_table_of_flags_is_what_help_shows() {
    let rows = table();
    let mut wrong = Vec::new();
    let flags: Vec<&String> = rows.iter().map(|r| &r.0).collect();
    let mut sorted = flags.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(flags, sorted, "one row per flag, in alphabetical order");
    let commands = commands();
    assert!(commands.contains(&"explain".to_string()), "{commands:?}");
    for (_, named, _) in &rows {
        for command in named {
            if !commands.contains(command) {
                wrong.push(format!("{command} is no command"));
            }
        }
    }
    for command in &commands {
        let in_help = help_options(command);
        let in_table: BTreeSet<String> = rows
            .iter()
            .filter(|(_, named, _)| named.contains(command))
            .map(|(flag, _, _)| flag.clone())
            .collect();
        for missing in in_help.difference(&in_table) {
            wrong.push(format!("{command}: {missing} is not in the table"));
        }
        for extra in in_table.difference(&in_help) {
            wrong.push(format!("{command}: {extra} is not in --help"));
        }
        for (flag, value) in help_defaults(command) {
            let cell = rows.iter().find(|r| r.0 == flag).map(|r| r.2.as_str());
            if !cell.is_some_and(|cell| cell.contains(&format!("`{value}`"))) {
                wrong.push(format!(
                    "{command}: {flag}'s default `{value}` is not in {cell:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Runs `exactcover ARGS` with `stdin`: status, standard output and error.
fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let out = child.wait_with_output().expect("the binary ends");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The renamed flags: the new names in `--help`, the old spellings hidden
/// from it but still doing the same.
#[test]
fn renamed_flags_keep_their_old_spelling_as_hidden_aliases() {
    let generate = help(&["generate", "--help"]);
    assert!(generate.contains("--puzzles <N>"), "{generate}");
    // The old spelling is named in the new flag's help, not as an option.
    assert!(!help_options("generate").contains("--count"), "{generate}");
    let split = help(&["split", "--help"]);
    assert!(split.contains("--max-subproblems <N>"), "{split}");
    assert!(!help_options("split").contains("--max"), "{split}");
    let new = run(
        &["generate", "--puzzles", "2", "--box", "2x2", "--seed", "3"],
        "",
    );
    let old = run(
        &["generate", "--count", "2", "--box", "2x2", "--seed", "3"],
        "",
    );
    assert_eq!(new.0, Some(0), "{}", new.2);
    assert_eq!(new, old);
    assert_eq!(new.1.lines().count(), 2, "{}", new.1);
    // split: at most 5 subproblems, where 8 queens has more at depth 3.
    for flag in ["--max-subproblems", "--max"] {
        let dir =
            std::env::temp_dir().join(format!("exactcover-max-{}-{flag}", std::process::id()));
        let dir = dir.display().to_string();
        let (status, _, err) = run(
            &[
                "split",
                "--depth",
                "3",
                flag,
                "5",
                "--dir",
                &dir,
                "data/queens8.dlx",
            ],
            "",
        );
        assert_eq!(status, Some(2), "{flag}: {err}");
        assert!(
            err.contains("more than 5 subproblems") && err.contains("a larger --max-subproblems"),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// `--grade X` (and `--search-grade X`) is the range `X..X`.
#[test]
fn a_single_grade_is_a_range_of_one() {
    // The grade of a puzzle made without one, then asked for alone.
    let (status, made, err) = run(&["generate", "--seed", "4"], "");
    assert_eq!(status, Some(0), "{err}");
    let (status, graded, err) = run(&["grade"], &made);
    assert_eq!(status, Some(0), "{err}");
    let score = graded
        .split_whitespace()
        .next()
        .expect("SCORE LEVEL")
        .to_string();
    let (status, one, err) = run(&["generate", "--seed", "4", "--grade", &score], "");
    assert_eq!(status, Some(0), "--grade {score}: {err}");
    let (_, graded, _) = run(&["grade"], &one);
    assert!(graded.starts_with(&format!("{score} ")), "{graded}");
    let range = format!("{score}..{score}");
    let (status, same, _) = run(&["generate", "--seed", "4", "--grade", &range], "");
    assert_eq!((status, same), (Some(0), one));
    let (status, _, err) = run(&["generate", "--grade", "easy"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("'easy' is not a range LO..HI"), "{err}");
}

/// A batch of many notes says the first ten, then one line for the rest.
#[test]
fn many_notes_end_in_one_summary_line() {
    let empty = "................\n".repeat(25);
    let (status, out, err) = run(&["solve", "-j", "1"], &empty);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(out.lines().count(), 25);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 11, "{err}");
    assert!(
        lines[..10]
            .iter()
            .all(|l| l.contains(": note: the puzzle has several solutions")),
        "{err}"
    );
    assert_eq!(
        lines[9],
        format!(
            "<stdin>:10: {}",
            "note: the puzzle has several solutions; this is one of them (--unique prints not-unique instead)"
        )
    );
    assert_eq!(
        lines[10],
        "exactcover: note: 25 notes in all, the first 10 above, 15 not shown; 25 puzzles have several solutions (solve printed one of each; --unique prints not-unique instead)"
    );
    // Ten notes or fewer: no summary; --quiet: none at all.
    let (_, _, err) = run(&["solve"], &"................\n".repeat(10));
    assert_eq!(err.lines().count(), 10, "{err}");
    let (_, _, err) = run(&["solve", "--quiet"], &empty);
    assert_eq!(err, "");
}

/// `cover --quiet`: no `wrote FILE`; without it, said.
#[test]
fn cover_quiet_says_no_file_written() {
    let svg = std::env::temp_dir().join(format!("exactcover-quiet-{}.svg", std::process::id()));
    let svg = svg.display().to_string();
    let (status, out, err) = run(&["cover", "--svg", &svg, "data/knuth-toy.dlx"], "");
    assert_eq!(status, Some(0), "{err}");
    assert!(err.contains(&format!("wrote {svg}")), "{err}");
    let (status, quiet_out, err) = run(
        &["cover", "--quiet", "--svg", &svg, "data/knuth-toy.dlx"],
        "",
    );
    assert_eq!((status, err.as_str()), (Some(0), ""));
    assert_eq!(quiet_out, out);
    std::fs::remove_file(&svg).expect("written");
}
