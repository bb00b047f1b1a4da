/work/w41/playground/target/debug/deps/bumpalo-ccf5d2b9dea763e6.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/alloc.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/../README.md

/work/w41/playground/target/debug/deps/libbumpalo-ccf5d2b9dea763e6.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/alloc.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/../README.md

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/lib.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/alloc.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bumpalo-3.20.4/src/../README.md:
