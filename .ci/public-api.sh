#!/usr/bin/env bash
# The library's public API, listed (docs/public-api.txt) and compared, so
# that a change of surface shows in review: every public path, field,
# variant, inherent method and hand-written trait impl, from rustdoc's JSON
# (an unstable output of the toolchain's own rustdoc, hence
# RUSTC_BOOTSTRAP=1; .ci/public-api.py reads it).
#
# Usage: bash .ci/public-api.sh           compare, fail on a difference
#        bash .ci/public-api.sh --write   write docs/public-api.txt anew
set -euo pipefail
cd "$(dirname "$0")/.."
RUSTC_BOOTSTRAP=1 cargo rustdoc --quiet -p exactcover --lib -- -Z unstable-options --output-format json 2> /dev/null
python3 .ci/public-api.py target/doc/exactcover.json > target/public-api.txt
if [ "${1:-}" = --write ]; then
    cp target/public-api.txt docs/public-api.txt
    echo "public-api: docs/public-api.txt written ($(wc -l < docs/public-api.txt) lines)"
    exit 0
fi
if ! diff -u docs/public-api.txt target/public-api.txt; then
    echo "ci: the library's public API differs from docs/public-api.txt (above: - listed, + now); if the change is meant, run bash .ci/public-api.sh --write and commit it" >&2
    exit 1
fi
echo "public-api: the library's public API is as docs/public-api.txt lists it"
