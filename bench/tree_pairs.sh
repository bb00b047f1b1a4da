#!/usr/bin/env bash
# The abort's tree against DLX1's tree and Knuth's programs on one problem
# file, whole processes in turn (docs/performance.md, issue 33): round after
# round, `tree_count abort FILE`, `tree_count dlx1 FILE` (the default tree,
# as `cover --count` walks it) and each of Knuth's programs `< FILE`, the
# order rotated every round. Prints the median CPU time (user + system) of
# each and the median, lowest and highest of the ratio abort / other within
# a round.
#
#   bash bench/tree_pairs.sh FILE [ROUNDS] [PROGRAMS] [TREE_COUNT]
#
# PROGRAMS, a comma-separated list, defaults to dlx1,ssxc1, looked up in
# $KNUTH (default /tmp/knuth). TREE_COUNT defaults to
# target/release/examples/tree_count (`cargo build -p exactcover-bench
# --release --example tree_count`).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: tree_pairs.sh FILE [ROUNDS] [PROGRAMS] [TREE_COUNT]"
file=${1:?$usage}
rounds=${2:-5}
programs=${3:-dlx1,ssxc1}
ours=${4:-target/release/examples/tree_count}
knuth=${KNUTH:-/tmp/knuth}
out=$(mktemp)
trap 'rm -f "$out" "$out.time"' EXIT

cpu() {
    /usr/bin/time -o "$out.time" -f "%U %S" "$@" < "$file" > /dev/null 2> /dev/null
    awk '{ printf "%.3f\n", $1 + $2 }' "$out.time"
}

IFS=, read -r -a progs <<< "$programs"
sides=(abort tree-dlx1 "${progs[@]}")
for round in $(seq "$rounds"); do
    k=$(( (round - 1) % ${#sides[@]} ))
    order=("${sides[@]:k}" "${sides[@]:0:k}")
    for side in "${order[@]}"; do
        case "$side" in
            abort) t=$(cpu "$ours" abort -) ;;
            tree-dlx1) t=$(cpu "$ours" dlx1 -) ;;
            *) t=$(cpu "$knuth/$side") ;;
        esac
        printf '%s\t%s\t%s\n' "$round" "$side" "$t" >> "$out"
    done
done

python3 - "$out" "$file" "$rounds" <<'PY'
import statistics, sys
path, file, rounds = sys.argv[1:]
t = {}
for line in open(path):
    rnd, side, secs = line.split()
    t.setdefault(side, {})[rnd] = float(secs)
ours = t.pop("abort")
print(f"{file}, {rounds} rounds: abort {statistics.median(ours.values()):.3f} s")
for prog, theirs in t.items():
    r = sorted(ours[k] / theirs[k] for k in ours)
    print(f"  {prog} {statistics.median(theirs.values()):.3f} s; abort / {prog} "
          f"{statistics.median(r):.3f} ({r[0]:.3f}-{r[-1]:.3f})")
PY
