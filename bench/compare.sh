#!/usr/bin/env bash
# Before and after, interleaved: builds the probes of two revisions and runs
# them in turn, round after round, then prints the median of each as a
# Markdown table (the machine is shared and noisy: see docs/performance.md).
#
#   bash bench/compare.sh REV_BEFORE REV_AFTER [ROUNDS]
#
# The probes are examples/sudoku_speed.rs (first solution and count to 2 on
# every 16th 17-clue puzzle and on the forum's 375 hardest) and
# examples/generic_speed.rs (queens 12, Langford 11, pentominoes 6x10, word
# squares); a revision without the latter gets today's copy, and a case only
# one revision's probe has is listed as such. Needs ../shared beside the
# repository for the puzzle sets.
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: compare.sh REV_BEFORE REV_AFTER [ROUNDS]}
after=${2:?usage: compare.sh REV_BEFORE REV_AFTER [ROUNDS]}
rounds=${3:-9}
puzzles=../shared/data/puzzles
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for side in before after; do
    rev=${!side}
    mkdir -p "$work/$side"
    git archive "$rev" | tar -x -C "$work/$side"
    [ -f "$work/$side/examples/generic_speed.rs" ] || cp examples/generic_speed.rs "$work/$side/examples/"
    (cd "$work/$side" && CARGO_TARGET_DIR="$work/$side/target" cargo build -q --release \
        --example sudoku_speed --example generic_speed)
done

out="$work/rounds.txt"
for _ in $(seq "$rounds"); do
    for side in before after; do
        bin="$work/$side/target/release/examples"
        "$bin/generic_speed" 2 | sed "s/^/$side generic /" >> "$out"
        for question in first count; do
            echo "$side 17-clue-$question $("$bin/sudoku_speed" "$puzzles/puzzles2_17_clue" "$question" 16 3)" >> "$out"
            echo "$side hardest-$question $("$bin/sudoku_speed" "$puzzles/puzzles6_forum_hardest_1106" "$question" 1 3)" >> "$out"
        done
    done
done

python3 - "$out" "$before" "$after" "$rounds" <<'PY'
import re, statistics, sys
path, before, after, rounds = sys.argv[1:]
runs = {}
for line in open(path):
    side, rest = line.split(" ", 1)
    m = re.match(r"generic (.+?)\s+([\d.]+) ms", rest)
    if m:
        case, value, unit = m.group(1).strip(), float(m.group(2)), "ms per count"
    else:
        case = rest.split()[0]
        value, unit = float(re.search(r"([\d.]+) us per puzzle", rest).group(1)), "us per puzzle"
    runs.setdefault((case, unit), {}).setdefault(side, []).append(value)
print(f"| case | unit | {before} (median) | {after} (median) | after / before |")
print("|---|---|---:|---:|---:|")
for (case, unit), sides in runs.items():
    if "before" not in sides or "after" not in sides:
        # A case one revision's probe does not have (a newer problem).
        print(f"| {case} | {unit} | only in {'after' if 'after' in sides else 'before'} | | |")
        continue
    b, a = statistics.median(sides["before"]), statistics.median(sides["after"])
    print(f"| {case} | {unit} | {b:.2f} | {a:.2f} | {a / b:.3f} |")
print(f"\n({rounds} rounds, each running the two builds in turn.)")
PY
