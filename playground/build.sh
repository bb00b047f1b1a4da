#!/usr/bin/env bash
# Builds the playground: the engine for wasm32-unknown-unknown with Debian's
# Rust (rustc-web, cargo-web, rust-web-src, rust-web-llvm, lld-22: rustup's
# toolchain has no wasm32 standard library), then the static page in
# target/playground/ (open it from any static server: docs/playground.md).
#
#   bash playground/build.sh           # build
#   bash playground/build.sh --serve   # build, then serve on localhost:8041
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$root/target/playground"
for tool in /usr/bin/rustc /usr/bin/cargo; do
    if [ ! -x "$tool" ]; then
        echo "playground: $tool is missing: apt-get install rustc-web cargo-web rust-web-src rust-web-llvm lld-22" >&2
        exit 1
    fi
done
# Debian's cargo and rustc, not rustup's (first on PATH): std is built from
# rust-web-src (-Zbuild-std, which RUSTC_BOOTSTRAP allows on a stable
# compiler), linked by rust-lld.
(cd "$here" &&
    env -u RUSTUP_TOOLCHAIN RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc \
        CARGO_TARGET_DIR="$root/target/playground-build" \
        /usr/bin/cargo build --release --locked --target wasm32-unknown-unknown \
        -Zbuild-std=std,panic_abort)
mkdir -p "$out"
cp "$root/target/playground-build/wasm32-unknown-unknown/release/exactcover_playground.wasm" "$out/exactcover.wasm"
cp "$here"/www/* "$out/"
echo "playground: $out ($(stat -c %s "$out/exactcover.wasm") bytes of wasm)"
if [ "${1:-}" = "--serve" ]; then
    echo "playground: http://localhost:8041/ (Ctrl-C to stop)"
    cd "$out" && exec python3 -m http.server 8041 --bind 127.0.0.1
fi
