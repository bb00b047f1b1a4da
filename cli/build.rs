//! The command line's build script: the library's (`../build.rs`: the same
//! cfgs for the tests, `shared_puzzles` and `knuth_oracle`), then what
//! `exactcover --version` says beside the version: the commit the binary
//! was built from and the build profile, as the environment variable
//! `EXACTCOVER_BUILD` (`commit 968fd09, release`).
//!
//! The commit is read with `git` from the workspace's `.git` (the folder
//! above this package), and only when that exists: built from a package
//! (crates.io, a tarball) it is `unknown commit`, even inside some other
//! repository. The script watches files only, never a folder: `.git/HEAD`,
//! the branch's ref it points to (or `packed-refs`) and the reflog of HEAD,
//! which every commit, checkout and reset rewrites. So a build that
//! changed nothing runs nothing; `-dirty` says whether tracked files had
//! changes when the script last ran (at the last commit or checkout, or
//! the first build), not at every edit, which would need the whole tree
//! watched.

mod library {
    include!("../build.rs");
}

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    // Watches this file too (`build.rs`, from this package's folder).
    library::main();
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
    let commit = manifest
        .as_deref()
        .and_then(Path::parent)
        .and_then(commit)
        .unwrap_or_else(|| "unknown commit".to_string());
    let mut build = vec![commit, std::env::var("PROFILE").unwrap_or_default()];
    let mut features: Vec<String> = std::env::vars()
        .filter_map(|(key, _)| key.strip_prefix("CARGO_FEATURE_").map(str::to_lowercase))
        .collect();
    if !features.is_empty() {
        features.sort();
        build.push(format!("features {}", features.join(" ")));
    }
    build.retain(|part| !part.is_empty());
    println!("cargo::rustc-env=EXACTCOVER_BUILD={}", build.join(", "));
}

/// `commit 968fd09` (with `-dirty` when tracked files differ from it) for
/// the git work tree at `workspace`, after telling Cargo which of its files
/// to watch; `None` without a `.git` there or without git.
fn commit(workspace: &Path) -> Option<String> {
    let git_dir = git_dir(workspace)?;
    let head = git_dir.join("HEAD");
    watch(&head);
    watch(&git_dir.join("logs").join("HEAD"));
    let head_text = std::fs::read_to_string(&head).ok()?;
    if let Some(reference) = head_text.trim().strip_prefix("ref: ") {
        // A worktree's HEAD is in its own folder, the branches in the
        // common one.
        let refs = std::fs::read_to_string(git_dir.join("commondir"))
            .map(|common| git_dir.join(common.trim()))
            .unwrap_or_else(|_| git_dir.clone());
        let loose = refs.join(reference);
        if loose.is_file() {
            watch(&loose);
        } else {
            watch(&refs.join("packed-refs"));
        }
    }
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("--git-dir")
            .arg(&git_dir)
            .arg("--work-tree")
            .arg(workspace)
            .args(args)
            // Read only: no refreshing of the index behind a build's back.
            .env("GIT_OPTIONAL_LOCKS", "0")
            .output()
            .ok()
            .filter(|out| out.status.success())
            .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let hash = git(&["rev-parse", "--short", "HEAD"]).filter(|h| !h.is_empty())?;
    let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|changes| !changes.is_empty());
    Some(format!(
        "commit {hash}{}",
        if dirty { "-dirty" } else { "" }
    ))
}

/// The git folder of `workspace`: `.git`, or the folder a `.git` file names
/// (`gitdir: ...`, in a worktree or a submodule).
fn git_dir(workspace: &Path) -> Option<PathBuf> {
    let dot_git = workspace.join(".git");
    if dot_git.is_dir() {
        return Some(dot_git);
    }
    let text = std::fs::read_to_string(&dot_git).ok()?;
    let target = PathBuf::from(text.trim().strip_prefix("gitdir: ")?);
    let target = if target.is_relative() {
        workspace.join(target)
    } else {
        target
    };
    Some(target)
}

/// Reruns the script when `path`, a file, changes (nothing for a missing
/// one: Cargo would rerun at every build).
fn watch(path: &Path) {
    if path.is_file() {
        println!("cargo::rerun-if-changed={}", path.display());
    }
}
