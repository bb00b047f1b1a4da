#!/usr/bin/env bash
# A newcomer's first program, as the README teaches it: a new crate made by
# `cargo new` in a temporary folder, its Cargo.toml given the README's
# `toml` block (the `path` of the dependency pointed at this checkout), and
# each of the README's `rust` blocks a program of its own, as a reader would
# paste it. Each must compile and run first time.
#
# Usage: .ci/newcomer.sh [KEEP_DIR]   (default: a temporary folder, removed)
#
# The new crate resolves its dependencies (exactcover's own) from the
# registry, as a newcomer's would; where the registry cannot be reached it
# falls back to this checkout's Cargo.lock and `--offline`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
readme="$repo/README.md"

if [ $# -ge 1 ]; then
    work="$1"
    mkdir -p "$work"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
crate="$work/newcomer"
rm -rf "$crate"
cargo new --quiet --bin --vcs none "$crate"

# The README's toml block, the dependency's path made this checkout's. The
# `[dependencies]` table `cargo new` wrote is empty and the block has its
# own.
toml="$(awk '/^```toml$/ { on = 1; next } /^```$/ { on = 0 } on' "$readme")"
if ! grep -q '^exactcover = { path = ' <<< "$toml"; then
    echo "newcomer: README.md has no toml block with a path dependency on exactcover" >&2
    exit 1
fi
sed -i '/^\[dependencies\]$/d' "$crate/Cargo.toml"
sed "s|^exactcover = { path = \"[^\"]*\"|exactcover = { path = \"$repo\"|" <<< "$toml" >> "$crate/Cargo.toml"

# Every rust block of the README is a whole program, as a reader pastes it
# into a new crate's main.rs: each becomes a binary of its own
# (src/bin/example_N.rs), built and run. A block with lines hidden from the
# reader (rustdoc's `# ...`) is refused: it would not compile as shown.
if awk '/^```rust$/ { on = 1; next } /^```$/ { on = 0 } on && /^#( |$)/ { bad = 1 } END { exit !bad }' "$readme"; then
    echo "newcomer: a rust block of README.md hides lines (# ...): show the whole program" >&2
    exit 1
fi
mkdir -p "$crate/src/bin"
awk -v dir="$crate/src/bin" '
    /^```rust$/ { n++; on = 1; file = dir "/example_" n ".rs"; next }
    /^```$/ && on { on = 0; close(file); next }
    on { print > file }
    END { print n > (dir "/../count") }
' "$readme"
blocks=$(cat "$crate/src/count")
rm "$crate/src/count"
if ! grep -q 'fn main' "$crate"/src/bin/example_*.rs; then
    echo "newcomer: README.md has no rust block" >&2
    exit 1
fi

cd "$crate"
if cargo generate-lockfile --quiet 2> "$work/lockfile.err"; then
    offline=()
else
    echo "newcomer: the registry cannot be reached ($(tail -n 1 "$work/lockfile.err")); using this checkout's Cargo.lock, offline" >&2
    cp "$repo/Cargo.lock" Cargo.lock
    offline=(--offline)
fi
# The dependent's own debug build, as `cargo run` makes it, of each block.
for i in $(seq 1 "$blocks"); do
    cargo run --quiet "${offline[@]}" --bin "example_$i" > /dev/null
done
echo "newcomer: $blocks examples ran"
