// Tells the tests which oracles are here, as two cfgs (the library itself
// uses neither; `cli/build.rs` runs this same script for the command
// line's tests):
//
// * `shared_puzzles`: the published puzzle sets are in
//   `$EXACTCOVER_SHARED/data/puzzles` (`.cargo/config.toml` sets it to
//   `../shared`, beside the checkout). With
//   `EXACTCOVER_REQUIRE_SHARED=1` (CI), a missing folder is an error.
// * `knuth_oracle`: `EXACTCOVER_KNUTH` names the folder where
//   `../shared/knuth/build.sh` built Knuth's programs (`.ci/run` builds
//   them there before `cargo test`). Declared and absent is an error.
//
// Without them the tests that need them are ignored, with the reason,
// instead of passing having checked nothing. The script reads only those
// variables and that folder, and watches nothing else, so a build that
// changed nothing does no work. (A `../shared` that appears after the first
// build is seen once `EXACTCOVER_SHARED` changes or `cargo clean` runs.)
//
// `main` is `pub` so that `cli/build.rs`, which includes this file in a
// module of its own, can call it before its own work.

use std::path::{Path, PathBuf};

pub fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_puzzles)");
    println!("cargo::rustc-check-cfg=cfg(knuth_oracle)");
    println!("cargo::rerun-if-changed=build.rs");
    if Path::new("../build.rs").is_file() {
        // The command line's package, which runs the library's script.
        println!("cargo::rerun-if-changed=../build.rs");
    }
    for var in [
        "EXACTCOVER_SHARED",
        "EXACTCOVER_KNUTH",
        "EXACTCOVER_REQUIRE_SHARED",
    ] {
        println!("cargo::rerun-if-env-changed={var}");
    }
    let required = std::env::var_os("EXACTCOVER_REQUIRE_SHARED").is_some_and(|v| v == "1");

    let puzzles = std::env::var_os("EXACTCOVER_SHARED")
        .map(|shared| PathBuf::from(shared).join("data").join("puzzles"));
    match puzzles {
        Some(puzzles) if puzzles.is_dir() => {
            let puzzles = puzzles.canonicalize().unwrap_or(puzzles);
            println!("cargo::rustc-cfg=shared_puzzles");
            println!("cargo::rustc-env=EXACTCOVER_PUZZLES={}", puzzles.display());
            println!("cargo::rerun-if-changed={}", puzzles.display());
        }
        Some(puzzles) if required => panic!(
            "{} is absent, and EXACTCOVER_REQUIRE_SHARED=1 requires it",
            puzzles.display()
        ),
        // Unset: built as another crate's dependency, where the tests do
        // not run (this workspace's .cargo/config.toml always sets it).
        _ => {}
    }

    if let Some(knuth) = std::env::var_os("EXACTCOVER_KNUTH").filter(|k| !k.is_empty()) {
        let knuth = PathBuf::from(knuth);
        if !knuth.join("dlx1").is_file() {
            panic!(
                "EXACTCOVER_KNUTH={} holds no dlx1: build Knuth's programs there first \
                 (KNUTH={0} bash ../shared/knuth/build.sh)",
                knuth.display()
            );
        }
        let knuth = knuth.canonicalize().unwrap_or(knuth);
        println!("cargo::rustc-cfg=knuth_oracle");
        println!("cargo::rustc-env=EXACTCOVER_KNUTH_DIR={}", knuth.display());
    }
}
