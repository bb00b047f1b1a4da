//! Tells the tests whether the published puzzle sets are beside the
//! repository (`../shared/data/puzzles`, see tests/common/mod.rs): with
//! them, `cfg(shared_puzzles)` is set and the tests that read them run;
//! without them those tests are ignored, and `cargo test` lists them as
//! ignored with the reason, instead of passing having checked nothing.
//! With `EXACTCOVER_REQUIRE_SHARED=1` (CI), a missing folder is an error.
//! The library itself does not use the flag.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_puzzles)");
    println!("cargo::rerun-if-env-changed=EXACTCOVER_REQUIRE_SHARED");
    println!("cargo::rerun-if-changed=build.rs");
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let puzzles = Path::new(&manifest).join("../shared/data/puzzles");
    // A folder appearing or going away beside the repository changes its
    // parent, which makes Cargo run this again.
    println!(
        "cargo::rerun-if-changed={}",
        Path::new(&manifest).join("..").display()
    );
    if puzzles.is_dir() {
        println!("cargo::rustc-cfg=shared_puzzles");
        println!("cargo::rerun-if-changed={}", puzzles.display());
    } else if std::env::var_os("EXACTCOVER_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!(
            "{} is absent, and EXACTCOVER_REQUIRE_SHARED=1 requires it",
            puzzles.display()
        );
    }
}
