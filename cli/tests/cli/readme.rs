//! README.md's synopsis of the command line against `--help`: every long
//! option a command's help lists is on the command's line of the synopsis,
//! and every option there is one the command has.

use std::collections::BTreeSet;
use std::process::Command;

pub(crate) fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(0), "exactcover {args:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The long options of `text`, `--name` wherever it appears (but
/// `--help` and `--version`, which every command has).
fn long_options(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in text.match_indices("--") {
        let name: String = text[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        let starts_word = at == 0 || !text.as_bytes()[at - 1].is_ascii_alphanumeric();
        if starts_word && !name.is_empty() && !["help", "version"].contains(&name.as_str()) {
            found.insert(format!("--{name}"));
        }
    }
    found
}

/// The long options `exactcover COMMAND --help` lists: the first `--name`
/// of each line of its options.
pub(crate) fn help_options(command: &str) -> BTreeSet<String> {
    help(&[command, "--help"])
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with('-'))
        .filter_map(|line| {
            line.split_whitespace()
                .take(2)
                .find(|word| word.starts_with("--"))
                .map(|word| word.trim_end_matches(',').to_string())
        })
        .map(|flag| flag.split('=').next().unwrap_or_default().to_string())
        .filter(|flag| flag != "--help" && flag != "--version")
        .collect()
}

/// The synopsis block of README.md: one line per command, `[INPUT]`
/// replaced by the input options the block's comment lists.
fn synopsis() -> Vec<(String, String)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let block: Vec<&str> = readme
        .split("```sh\n")
        .find(|block| block.starts_with("exactcover cover ["))
        .expect("a ```sh block starting with `exactcover cover [`")
        .split("```")
        .next()
        .unwrap_or_default()
        .lines()
        .collect();
    let input = block
        .iter()
        .skip_while(|line| !line.starts_with("# INPUT"))
        .nth(1)
        .expect("the INPUT comment's second line")
        .trim_start_matches('#')
        .trim()
        .to_string();
    assert!(input.contains("--block"), "{input}");
    block
        .iter()
        .filter_map(|line| line.strip_prefix("exactcover "))
        .map(|line| {
            let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
            (command.to_string(), rest.replace("[INPUT]", &input))
        })
        .collect()
}

#[test]
fn readme_synopsis_matches_help() {
    let lines = synopsis();
    let commands: BTreeSet<String> = help(&["--help"])
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect();
    let listed: BTreeSet<String> = lines.iter().map(|(c, _)| c.clone()).collect();
    assert_eq!(
        listed, commands,
        "the commands of the synopsis and of --help"
    );
    let mut wrong = Vec::new();
    for (command, line) in &lines {
        let in_help = help_options(command);
        let in_readme = long_options(line);
        for missing in in_help.difference(&in_readme) {
            wrong.push(format!("{command}: {missing} is not in README.md"));
        }
        for extra in in_readme.difference(&in_help) {
            wrong.push(format!("{command}: {extra} is not in --help"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_parsers_see_what_they_should() {
    assert_eq!(
        long_options("x [--a-b N] [-j|--jobs N] --max-nodes=3 a--b [--help]"),
        ["--a-b", "--jobs", "--max-nodes"]
            .map(String::from)
            .into_iter()
            .collect()
    );
    let solve = help_options("solve");
    for flag in ["--unique", "--jobs", "--max-nodes", "--block", "--quiet"] {
        assert!(solve.contains(flag), "{flag} not in {solve:?}");
    }
    assert!(!solve.contains("--help"));
}
