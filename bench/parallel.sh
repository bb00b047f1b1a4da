#!/usr/bin/env bash
# Counting on two threads against one: wall and CPU time of
# `exactcover cover --count` (one thread, no split) and
# `exactcover cover --count --jobs 2` (split, two threads) on the problems
# of issue 15, run in turn for ROUNDS rounds; prints the medians as a
# Markdown table. Then the planning tables of examples/plan_parts.rs.
#
#   bash bench/parallel.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
cargo build -q --release --bin exactcover --example write_problem --example plan_parts
bin=target/release/exactcover
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
w=target/release/examples/write_problem
$w queens 13 > "$work/queens13.dlx"
$w queens 14 > "$work/queens14.dlx"
$w langford 12 > "$work/langford12.dlx"
$w pentominoes 6 10 > "$work/pentominoes6x10.dlx"
printf '%036d\n' 0 | tr 0 . > "$work/sudoku6x6.txt"

run() { # name jobs command...
    local name=$1 jobs=$2
    shift 2
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > "$work/out" 2>/dev/null
    read -r wall user sys < "$work/time"
    echo "$name $jobs $wall $user $sys $(cat "$work/out")" >> "$work/rounds"
}
for _ in $(seq "$rounds"); do
    for p in queens13 queens14 langford12 pentominoes6x10; do
        run "$p" 1 "$bin" cover --count "$work/$p.dlx"
        run "$p" 2 "$bin" cover --count --jobs 2 "$work/$p.dlx"
    done
    run sudoku6x6 1 "$bin" count --jobs 1 "$work/sudoku6x6.txt"
    run sudoku6x6 2 "$bin" count --jobs 2 "$work/sudoku6x6.txt"
done
python3 - "$work/rounds" "$rounds" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    name, jobs, wall, user, system, count = line.split()
    cpu = float(user) + float(system)
    rows.setdefault(name, {}).setdefault(jobs, []).append((float(wall), cpu, count))
print("| problem | solutions | 1 thread: wall (s) | 1 thread: CPU (s) | 2 threads: wall (s) | 2 threads: CPU (s) | wall speed-up | CPU cost of splitting |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for name, by in rows.items():
    w1 = statistics.median(r[0] for r in by["1"]); c1 = statistics.median(r[1] for r in by["1"])
    w2 = statistics.median(r[0] for r in by["2"]); c2 = statistics.median(r[1] for r in by["2"])
    counts = {r[2] for r in by["1"] + by["2"]}
    assert len(counts) == 1, f"{name}: counts differ: {counts}"
    print(f"| {name} | {counts.pop()} | {w1:.2f} | {c1:.2f} | {w2:.2f} | {c2:.2f} | {w1 / w2:.2f}x | {100 * (c2 / c1 - 1):+.1f}% |")
print(f"\n({sys.argv[2]} rounds, medians; CPU = user + system.)")
PY
echo
target/release/examples/plan_parts pentominoes 6 10 1024
echo
target/release/examples/plan_parts queens 15 1024
