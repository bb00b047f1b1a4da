#!/usr/bin/env bash
# A newcomer's first program, as the README teaches it: a new crate made by
# `cargo new` in a temporary folder, its Cargo.toml given the README's
# `toml` block (the `path` of the dependency pointed at this checkout), its
# main.rs the README's `rust` blocks, each run as a function of its own
# (the lines rustdoc hides, `# ...`, shown, as a reader copying the block
# would have to write them). It must compile and run first time.
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

# Every rust block of the README, as a function returning a Result; main
# runs them in order.
awk '
    /^```rust$/ { n++; on = 1; print "fn example_" n "() -> Result<(), Box<dyn std::error::Error>> {"; last = ""; next }
    /^```$/ && on {
        if (last !~ /^Ok::</) print "Ok(())";
        print "}"; on = 0; next
    }
    on {
        line = $0
        if (line == "#") line = ""
        else if (substr(line, 1, 2) == "# ") line = substr(line, 3)
        print line
        if (line != "") last = line
    }
    END {
        print "fn main() -> Result<(), Box<dyn std::error::Error>> {"
        for (i = 1; i <= n; i++) print "    example_" i "()?;"
        print "    println!(\"newcomer: " n " examples ran\");"
        print "    Ok(())"
        print "}"
    }
' "$readme" > "$crate/src/main.rs"

cd "$crate"
if cargo generate-lockfile --quiet 2> "$work/lockfile.err"; then
    offline=()
else
    echo "newcomer: the registry cannot be reached ($(tail -n 1 "$work/lockfile.err")); using this checkout's Cargo.lock, offline" >&2
    cp "$repo/Cargo.lock" Cargo.lock
    offline=(--offline)
fi
# The dependent's own debug build, as `cargo run` makes it.
cargo run --quiet "${offline[@]}"
