//! docs/cli.md's table of every flag against `--help`: each command's
//! long options are exactly the table's rows that name the command, and a
//! default `--help` shows (`[default: X]`) is the table's (`` `X` ``).

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
