//! The docs name files that exist: every repository path written in
//! backquotes or as a Markdown link in README.md and docs/*.md (the dated
//! record, docs/history.md, excepted), and every example that a
//! `--example NAME` runs.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The Markdown files whose paths must hold, with their text.
fn docs() -> Vec<(String, String)> {
    let mut files = vec!["README.md".to_string()];
    for entry in std::fs::read_dir(root().join("docs")).expect("docs/") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".md") && name != "history.md" {
            files.push(format!("docs/{name}"));
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(root().join(&f)).expect("readable");
            (f, text)
        })
        .collect()
}

const TOP: [&str; 11] = [
    "src/",
    "tests/",
    "cli/",
    "examples/",
    "docs/",
    "data/",
    "bench/",
    "benches/",
    "fuzz/",
    ".ci/",
    "playground/",
];

/// A path-like word: one of the repository's folders, then names, with no
/// pattern or placeholder in it (`src/*/x.rs`, `fuzz/seeds/TARGET`).
fn is_concrete_path(word: &str) -> bool {
    TOP.iter().any(|t| word.starts_with(t))
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_-./+".contains(c))
        && !word.contains("..")
}

/// The words between backquotes, and the targets of Markdown links.
fn mentioned(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for (k, part) in text.split('`').enumerate() {
        if k % 2 == 1 {
            words.extend(part.split_whitespace().map(|w| {
                w.trim_end_matches([',', ';', ':', ')'])
                    .trim_start_matches('(')
                    .to_string()
            }));
        }
    }
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split('#').next().unwrap_or("");
        if !target.contains("://") && !target.is_empty() {
            words.push(target.to_string());
        }
        rest = &after[end..];
    }
    words
}

#[test]
fn every_path_the_docs_name_exists() {
    let mut missing = Vec::new();
    for (file, text) in docs() {
        let dir = Path::new(&file).parent().unwrap_or(Path::new(""));
        for word in mentioned(&text) {
            let word = word.trim_end_matches('/');
            let at = if is_concrete_path(&format!("{word}/")) || is_concrete_path(word) {
                root().join(word)
            } else if word.ends_with(".md") && !word.contains('/') {
                // A link to a sibling page.
                root().join(dir).join(word)
            } else {
                continue;
            };
            if !at.exists() {
                missing.push(format!("{file}: {word}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths the docs name that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_example_the_docs_run_exists() {
    let mut missing = Vec::new();
    let mut seen = 0;
    for (file, text) in docs() {
        let mut rest = text.as_str();
        while let Some(at) = rest.find("--example ") {
            rest = &rest[at + "--example ".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() || name.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
                continue;
            }
            seen += 1;
            let in_examples = root().join("examples").join(format!("{name}.rs")).is_file();
            let in_bench = root()
                .join("bench/examples")
                .join(format!("{name}.rs"))
                .is_file();
            if !in_examples && !in_bench {
                missing.push(format!("{file}: --example {name}"));
            }
        }
    }
    assert!(
        seen > 0,
        "the docs run no example: the test reads them wrong"
    );
    assert!(
        missing.is_empty(),
        "examples the docs run that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_path_finder_finds_paths() {
    let words = mentioned("see `src/lib.rs`, [design](design.md) and `cargo test`");
    assert!(words.contains(&"src/lib.rs".to_string()));
    assert!(words.contains(&"design.md".to_string()));
    assert!(is_concrete_path("src/lib.rs"));
    assert!(!is_concrete_path("src/*/deprecated.rs"));
    assert!(!is_concrete_path("fuzz/seeds/TARGET"));
}
