//! What a package installs beside the binary: `completions SHELL` and
//! `man`, checked against the commands that `--help` lists.

use std::process::{Command, Output, Stdio};

fn exactcover(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_exactcover"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout_of(args: &[&str]) -> String {
    let out = exactcover(args);
    assert_eq!(out.status.code(), Some(0), "exactcover {args:?}: {out:?}");
    assert!(out.stderr.is_empty(), "exactcover {args:?} wrote to stderr");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The subcommands `exactcover --help` lists (without `help`).
pub fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    let list: Vec<String> = help
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect();
    for name in ["cover", "solve", "count", "generate", "completions", "man"] {
        assert!(list.iter().any(|n| n == name), "{name} not in {list:?}");
    }
    list
}

#[test]
fn completion_scripts_name_every_subcommand() {
    let commands = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        assert!(!script.trim().is_empty(), "{shell}: empty script");
        for name in &commands {
            assert!(script.contains(name.as_str()), "{shell}: no {name}");
        }
        // The options of the subcommands too, not only their names (fish
        // writes `-l max-nodes`).
        assert!(script.contains("max-nodes"), "{shell}: no max-nodes");
    }
    let unknown = exactcover(&["completions", "tcsh"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(unknown.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn bash_completion_script_parses() {
    let script = stdout_of(&["completions", "bash"]);
    let path =
        std::env::temp_dir().join(format!("exactcover-completion-{}.bash", std::process::id()));
    std::fs::write(&path, &script).unwrap();
    let checked = Command::new("bash").arg("-n").arg(&path).output();
    let _ = std::fs::remove_file(&path);
    let checked = checked.expect("bash runs");
    assert!(
        checked.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&checked.stderr)
    );
    assert!(
        script.contains("complete -F"),
        "no `complete` in the script"
    );
}

#[test]
fn man_page_has_a_title_and_a_section_per_subcommand() {
    let page = stdout_of(&["man"]);
    let title = page
        .lines()
        .find(|line| line.starts_with(".TH "))
        .expect("a .TH line");
    assert!(title.contains("exactcover"), "{title}");
    assert!(title.contains(env!("CARGO_PKG_VERSION")), "{title}");
    for name in subcommands() {
        let section = format!(".SH \"EXACTCOVER {}\"", name.to_uppercase());
        assert!(page.contains(&section), "no section {section}");
        // The list at the top points into the page, not to other pages.
        assert!(
            page.contains(&format!("\\fBexactcover {name}\\fR\n")),
            "{name} not in the list of subcommands"
        );
    }
    // Each subcommand's options are on the page.
    assert!(page.contains("\\fB\\-\\-max\\-nodes\\fR"));
    assert!(page.contains("\\fB\\-\\-limit\\fR"));
    assert!(!page.contains("(1)\n"), "a reference to another page");
}

#[test]
fn version_says_the_commit_and_the_profile() {
    for flag in ["--version", "-V"] {
        let line = stdout_of(&[flag]);
        let rest = line
            .strip_prefix(concat!("exactcover ", env!("CARGO_PKG_VERSION"), " ("))
            .unwrap_or_else(|| panic!("{line:?}"));
        let inside = rest
            .strip_suffix(")\n")
            .unwrap_or_else(|| panic!("{line:?}"));
        let parts: Vec<&str> = inside.split(", ").collect();
        assert!(parts.len() >= 2, "{line:?}");
        assert!(["debug", "release"].contains(&parts[1]), "{line:?}");
        if parts[0] == "unknown commit" {
            // Built outside git: there is no .git above the package.
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
            assert!(!root.join(".git").exists(), "{line:?} inside a checkout");
            continue;
        }
        let hash = parts[0]
            .strip_prefix("commit ")
            .unwrap_or_else(|| panic!("{line:?}"));
        let hash = hash.strip_suffix("-dirty").unwrap_or(hash);
        assert!(
            hash.len() >= 7 && hash.chars().all(|c| c.is_ascii_hexdigit()),
            "{line:?}"
        );
        // The commit checked out, when git can say.
        let head = Command::new("git")
            .args(["-C", env!("CARGO_MANIFEST_DIR"), "rev-parse", "HEAD"])
            .output()
            .ok()
            .filter(|h| h.status.success());
        if let Some(head) = head {
            let head = String::from_utf8_lossy(&head.stdout);
            assert!(head.starts_with(hash), "{line:?}, HEAD {head}");
        }
    }
}
