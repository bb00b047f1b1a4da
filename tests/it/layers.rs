//! The layers of the crate, checked on its source: each top-level module of
//! `src/` names only the modules below it (see the crate documentation).
//!
//! | rank | modules                 |
//! |------|-------------------------|
//! | 0    | `util`                  |
//! | 1    | `problem`               |
//! | 2    | `engine`                |
//! | 3    | `scale`, `knuth`, `teach`, `logic` (none names another) |
//! | 4    | `sudoku`                |
//!
//! The command line (`cli/`, a crate of its own) may name any of them;
//! the library cannot name it.
//! A module "names" another when any line of its files, code or comment,
//! holds `crate::other` or `exactcover::other`, so a doc link or a doc
//! example upwards counts too.

use std::fs;
use std::path::{Path, PathBuf};

const LAYERS: &[(&str, u32)] = &[
    ("util", 0),
    ("problem", 1),
    ("engine", 2),
    ("scale", 3),
    ("knuth", 3),
    ("teach", 3),
    ("logic", 3),
    ("sudoku", 4),
];

fn rank(module: &str) -> Option<u32> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, r)| r)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a file names as `crate::name` or, in a doc
/// example, `exactcover::name`.
fn named(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        // `crate::x` in code and doc links, `exactcover::x` in doc examples.
        for prefix in ["crate::", "exactcover::"] {
            let mut rest = line;
            while let Some(at) = rest.find(prefix) {
                let after = &rest[at + prefix.len()..];
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                // A doc example may use the crate's root (`exactcover::Solver`
                // to solve a problem it builds); it may not use a layer above.
                if !name.is_empty() && (prefix == "crate::" || rank(&name).is_some()) {
                    found.push((n + 1, name));
                }
                rest = after;
            }
        }
    }
    found
}

#[test]
fn every_top_level_module_names_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut tops = Vec::new();
    for entry in fs::read_dir(&src).expect("src/") {
        let path = entry.expect("an entry").path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib" || name == "bin" {
            continue;
        }
        tops.push(name.clone());
        assert!(
            rank(&name).is_some(),
            "src/{name} is a top-level module of no layer: add it to the table of tests/layers.rs \
             and to the crate documentation"
        );
    }
    assert!(tops.len() <= 10, "{} top-level modules", tops.len());
    let mut wrong = Vec::new();
    for top in &tops {
        let mine = rank(top).unwrap();
        let mut files = Vec::new();
        let path = src.join(top);
        if path.is_dir() {
            rust_files(&path, &mut files);
        } else {
            files.push(src.join(format!("{top}.rs")));
        }
        for file in files {
            let text = fs::read_to_string(&file).expect("a source file");
            for (line, other) in named(&text) {
                let Some(theirs) = rank(&other) else {
                    // A re-export at the crate root (`crate::Solver`): the
                    // root only re-exports the engine and the problem.
                    if !matches!(
                        other.as_str(),
                        "Problem"
                            | "ProblemError"
                            | "ItemKind"
                            | "Solver"
                            | "Budget"
                            | "Count"
                            | "Interrupted"
                            | "Interruption"
                            | "Observer"
                            | "Progress"
                            | "SearchEnd"
                            | "SelectError"
                            | "Solutions"
                            | "Stats"
                    ) {
                        wrong.push(format!(
                            "{}:{line}: names crate::{other}, no layer",
                            file.display()
                        ));
                    } else if mine < 2
                        && other != "Problem"
                        && other != "ProblemError"
                        && other != "ItemKind"
                    {
                        wrong.push(format!(
                            "{}:{line}: names crate::{other}, of the engine",
                            file.display()
                        ));
                    }
                    continue;
                };
                if other != *top && theirs >= mine {
                    wrong.push(format!(
                        "{}:{line}: {top} (rank {mine}) names {other} (rank {theirs})",
                        file.display()
                    ));
                }
            }
            assert!(
                !text.contains("bin/exactcover"),
                "{} names the binary",
                file.display()
            );
        }
    }
    assert!(
        wrong.is_empty(),
        "upward or sideways names:\n{}",
        wrong.join("\n")
    );
}
