/work/w41/playground/target/debug/deps/exactcover_playground-a2d99b7f20a294de.d: src/lib.rs src/../../data/top95.txt src/../../data/variants/killer-ksonline.json Cargo.toml

/work/w41/playground/target/debug/deps/libexactcover_playground-a2d99b7f20a294de.rmeta: src/lib.rs src/../../data/top95.txt src/../../data/variants/killer-ksonline.json Cargo.toml

src/lib.rs:
src/../../data/top95.txt:
src/../../data/variants/killer-ksonline.json:
Cargo.toml:

# env-dep:CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
# env-dep:CLIPPY_CONF_DIR
