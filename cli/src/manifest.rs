//! A split written to a folder, one file per subproblem, for any solver to
//! count (`exactcover split`): the folder's [`Manifest`] names the problem
//! and the depth, so that a folder is never filled with the files of two
//! splits ([`Manifest::claim`]), and every file is written whole or not at
//! all ([`write_whole`]).

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use exactcover::scale::{Fingerprint, Subproblem};

/// The split a folder holds, as its manifest file ([`Manifest::FILE`])
/// says.
///
/// ```
/// use exactcover::problem::classic::queens;
/// use exactcover::scale::Fingerprint;
/// use exactcover_cli::manifest::Manifest;
///
/// let manifest = Manifest::new(Fingerprint::of(&queens(6)), 2, 24);
/// assert!(manifest.matches(&manifest.to_json()));
/// assert!(!Manifest::new(Fingerprint::of(&queens(7)), 2, 24).matches(&manifest.to_json()));
/// assert_eq!(Manifest::sub_file(7), "sub-000007.dlx");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Manifest {
    /// The problem split.
    pub problem: Fingerprint,
    /// The depth of the subproblems.
    pub depth: usize,
    /// How many subproblems (files) there are.
    pub subproblems: usize,
}

impl Manifest {
    /// The name of the manifest file in a split's folder.
    pub const FILE: &'static str = "manifest.json";

    /// The manifest of `subproblems` subproblems of `problem` at `depth`.
    #[must_use]
    pub fn new(problem: Fingerprint, depth: usize, subproblems: usize) -> Manifest {
        Manifest {
            problem,
            depth,
            subproblems,
        }
    }

    /// The name of the file of subproblem `i` (from 0): `sub-000007.dlx`.
    #[must_use]
    pub fn sub_file(i: usize) -> String {
        format!("sub-{i:06}.dlx")
    }

    /// The manifest as one line of JSON: the problem's fingerprint, the
    /// depth, the number of subproblems and the range of file names.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "problem": self.problem.to_string(),
            "depth": self.depth,
            "subproblems": self.subproblems,
            "files": format!(
                "{} to {}",
                Manifest::sub_file(0),
                Manifest::sub_file(self.subproblems.saturating_sub(1))
            ),
        })
        .to_string()
    }

    /// Whether the manifest text `text` names this split (the same problem
    /// at the same depth: the same files).
    #[must_use]
    pub fn matches(&self, text: &str) -> bool {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
            return false;
        };
        value["problem"].as_str() == Some(&self.problem.to_string())
            && value["depth"].as_u64() == u64::try_from(self.depth).ok()
            && value["subproblems"].as_u64() == u64::try_from(self.subproblems).ok()
    }

    /// Makes `dir` for the files of this split and writes the manifest
    /// there, refusing a folder that holds the files of another split (a
    /// folder with this split's files is written again: the same files).
    ///
    /// # Errors
    ///
    /// [`ClaimError::Foreign`] for a folder of another split; the others
    /// when the folder cannot be made, read or written.
    pub fn claim(&self, dir: &Path) -> Result<(), ClaimError> {
        let unreadable = |e| ClaimError::Read(dir.to_path_buf(), e);
        fs::create_dir_all(dir).map_err(|e| ClaimError::Make(dir.to_path_buf(), e))?;
        let mut foreign = None;
        for entry in fs::read_dir(dir).map_err(unreadable)? {
            let file = entry.map_err(unreadable)?.file_name();
            let file = file.to_string_lossy();
            if file == Manifest::FILE {
                let text = fs::read_to_string(dir.join(Manifest::FILE)).unwrap_or_default();
                // This split's manifest: its files may be written again.
                foreign = (!self.matches(&text))
                    .then(|| format!("{} names another split", Manifest::FILE));
                break;
            }
            if file.starts_with("sub-") && file.ends_with(".dlx") {
                foreign = Some(format!("{file} is from an earlier split"));
            }
        }
        if let Some(why) = foreign {
            return Err(ClaimError::Foreign(dir.to_path_buf(), why));
        }
        let path = dir.join(Manifest::FILE);
        write_whole(&path, self.to_json().as_bytes()).map_err(|e| ClaimError::Write(path, e))
    }
}

/// Why a folder cannot take a split's files ([`Manifest::claim`]). The
/// messages name the folder or file.
#[derive(Debug)]
#[non_exhaustive]
pub enum ClaimError {
    /// The folder could not be made.
    Make(PathBuf, io::Error),
    /// The folder could not be read.
    Read(PathBuf, io::Error),
    /// The manifest could not be written.
    Write(PathBuf, io::Error),
    /// The folder holds the files of another split (and why that is
    /// known).
    Foreign(PathBuf, String),
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::Make(dir, e) => write!(f, "{}: cannot make the folder: {e}", dir.display()),
            ClaimError::Read(dir, e) => write!(f, "{}: cannot read: {e}", dir.display()),
            ClaimError::Write(path, e) => write!(f, "{}: cannot write: {e}", path.display()),
            ClaimError::Foreign(dir, why) => write!(
                f,
                "{}: the folder holds the files of another split ({why}): remove them or choose another --dir",
                dir.display()
            ),
        }
    }
}

impl std::error::Error for ClaimError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClaimError::Make(_, e) | ClaimError::Read(_, e) | ClaimError::Write(_, e) => Some(e),
            ClaimError::Foreign(..) => None,
        }
    }
}

/// The comments that open subproblem `sub`, number `i` (from 0) of `of`
/// of the problem `name`, split at `depth`, written as a file of its own:
/// which it is, and its path.
#[must_use]
pub fn file_comments(
    sub: &Subproblem,
    i: usize,
    of: usize,
    name: &str,
    depth: usize,
) -> [String; 2] {
    [
        format!("subproblem {} of {of} of {name}, depth {depth}", i + 1),
        format!("path (k/d per level = options): {sub}"),
    ]
}

/// Writes `bytes` to `path` whole or not at all: under a temporary name
/// first (`.NAME.tmp` beside it), renamed once complete, removed on error.
///
/// # Errors
///
/// The error creating, writing or renaming the file.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = path.with_file_name(format!(".{file}.tmp"));
    let written = File::create(&temporary).and_then(|mut f| {
        f.write_all(bytes)?;
        f.flush()
    });
    let renamed = written.and_then(|()| fs::rename(&temporary, path));
    if renamed.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    renamed
}

#[cfg(test)]
mod tests {
    use super::*;
    use exactcover::problem::classic::queens;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("exactcover-manifest-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_folder_takes_one_split_only() {
        let dir = folder("one");
        let six = Manifest::new(Fingerprint::of(&queens(6)), 2, 24);
        six.claim(&dir).expect("a new folder");
        // The same split again: the same files.
        six.claim(&dir).expect("the same split");
        let seven = Manifest::new(Fingerprint::of(&queens(7)), 2, 24);
        let refused = seven.claim(&dir).expect_err("another split");
        assert!(matches!(refused, ClaimError::Foreign(..)));
        assert!(
            refused.to_string().ends_with(
                "(manifest.json names another split): remove them or choose another --dir"
            )
        );
        fs::remove_dir_all(&dir).expect("removed");
    }

    #[test]
    fn files_of_an_earlier_split_are_refused() {
        let dir = folder("earlier");
        fs::create_dir_all(&dir).expect("made");
        write_whole(&dir.join(Manifest::sub_file(3)), b"| old\n").expect("written");
        let manifest = Manifest::new(Fingerprint::of(&queens(6)), 1, 6);
        let refused = manifest.claim(&dir).expect_err("an earlier split's file");
        assert!(
            refused
                .to_string()
                .contains("sub-000003.dlx is from an earlier split")
        );
        // Nothing half-written is left behind.
        let names: Vec<_> = fs::read_dir(&dir)
            .expect("read")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, [std::ffi::OsString::from("sub-000003.dlx")]);
        fs::remove_dir_all(&dir).expect("removed");
    }

    #[test]
    fn a_file_that_cannot_be_written_leaves_nothing() {
        let dir = folder("missing");
        let path = dir.join("no-such-folder").join("x.dlx");
        assert!(write_whole(&path, b"x").is_err());
        assert!(!path.exists());
    }
}
