#!/usr/bin/env bash
# Before and after, in pairs: builds the probes of two revisions and, round
# after round, runs each case on one build and at once on the other, the
# build to go first alternating from round to round. Prints, as a Markdown
# table, the median of each side and the median and quartiles of the ratio
# within a round (after / before: below 1, the change is faster). The two
# runs of a pair are a second or two apart, so their ratio varies least
# with this shared machine's changes of speed (see docs/performance.md).
#
#   bash bench/compare.sh REV_BEFORE REV_AFTER [ROUNDS] [CASES]
#
# CASES, an extended regular expression, keeps the cases whose name matches
# (for instance 'word' or 'queens|langford|pentominoes'); the default is
# all. The cases are those of examples/generic_speed.rs (queens 12,
# Langford 11, pentominoes 6x10, word squares 4x4, dominoes 7x8) and of
# examples/sudoku_speed.rs (17-clue-first,
# 17-clue-count: every 16th 17-clue puzzle; hardest-first, hardest-count:
# the forum's 375 hardest). Both revisions run this working tree's copy of
# the two probes (they use only the public API that every revision since
# the seam of the kinds has), so that both sides time the very same cases.
# The Sudoku cases need ../shared beside the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: compare.sh REV_BEFORE REV_AFTER [ROUNDS] [CASES]"
before=${1:?$usage}
after=${2:?$usage}
rounds=${3:-9}
cases=${4:-.}
puzzles=../shared/data/puzzles
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for side in before after; do
    rev=${!side}
    mkdir -p "$work/$side"
    git archive "$rev" | tar -x -C "$work/$side"
    cp examples/generic_speed.rs examples/sudoku_speed.rs "$work/$side/examples/"
    (cd "$work/$side" && CARGO_TARGET_DIR="$work/$side/target" cargo build -q --release \
        --example sudoku_speed --example generic_speed)
done

# The generic cases, as each build's probe names them (one pass each, which
# also warms the caches and the page tables).
generic=$(for side in before after; do
    "$work/$side/target/release/examples/generic_speed" 1 | sed -E 's/ +[0-9.]+ ms.*//'
done | sort -u | grep -E "$cases" || true)
sudoku=$(printf '%s\n' 17-clue-first 17-clue-count hardest-first hardest-count | grep -E "$cases" || true)
if [ -n "$sudoku" ] && [ ! -d "$puzzles" ]; then
    echo "compare.sh: the Sudoku cases need $puzzles; skipping them" >&2
    sudoku=
fi
if [ -z "$generic$sudoku" ]; then
    echo "compare.sh: no case matches '$cases'" >&2
    exit 2
fi

# One timing of case $2 by build $1, printed as "VALUE UNIT".
probe() {
    local bin="$work/$1/target/release/examples"
    case "$2" in
        17-clue-*) "$bin/sudoku_speed" "$puzzles/puzzles2_17_clue" "${2#17-clue-}" 16 3 |
                       sed -E 's/.* ([0-9.]+) us per puzzle.*/\1 us-per-puzzle/' ;;
        hardest-*) "$bin/sudoku_speed" "$puzzles/puzzles6_forum_hardest_1106" "${2#hardest-}" 1 3 |
                       sed -E 's/.* ([0-9.]+) us per puzzle.*/\1 us-per-puzzle/' ;;
        *) "$bin/generic_speed" 2 "$2" | { grep -F "$2" || true; } | sed -E 's/.* ([0-9.]+) ms.*/\1 ms-per-count/' ;;
    esac
}

out="$work/rounds.txt"
for round in $(seq "$rounds"); do
    order="before after"
    if [ $((round % 2)) -eq 0 ]; then order="after before"; fi
    while IFS= read -r name; do
        [ -n "$name" ] || continue
        for side in $order; do
            result=$(probe "$side" "$name")
            if [ -n "$result" ]; then
                printf '%s\t%s\t%s\t%s\n' "$round" "$side" "$name" "$result" >> "$out"
            fi
        done
    done <<< "$generic"$'\n'"$sudoku"
done

python3 - "$out" "$before" "$after" "$rounds" <<'PY'
import statistics, sys
path, before, after, rounds = sys.argv[1:]
runs = {}  # (case, unit) -> side -> {round: value}
for line in open(path):
    rnd, side, case, result = line.rstrip("\n").split("\t")
    value, unit = result.split()
    runs.setdefault((case, unit.replace("-", " ")), {}).setdefault(side, {})[rnd] = float(value)
print(f"| case | unit | {before} (median) | {after} (median) | after / before, within a round: median (quartiles) |")
print("|---|---|---:|---:|---:|")
for (case, unit), sides in runs.items():
    if "before" not in sides or "after" not in sides:
        # A case one revision's probe does not have (a newer problem).
        print(f"| {case} | {unit} | only in {'after' if 'after' in sides else 'before'} | | |")
        continue
    b, a = sides["before"], sides["after"]
    ratios = sorted(a[r] / b[r] for r in b.keys() & a.keys())
    n = len(ratios)
    print(f"| {case} | {unit} | {statistics.median(b.values()):.2f} | "
          f"{statistics.median(a.values()):.2f} | {ratios[n // 2]:.3f} "
          f"({ratios[n // 4]:.3f}-{ratios[n * 3 // 4]:.3f}) |")
print(f"\n({rounds} rounds; in each, every case runs on the two builds one "
      f"right after the other, the first build alternating.)")
PY
