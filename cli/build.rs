//! The library's build script (`../build.rs`), run for the command line's
//! tests: the same cfgs, `shared_puzzles` and `knuth_oracle`.

include!("../build.rs");
