#!/usr/bin/env bash
# The abort's tree against DLX1's tree and Knuth's programs on one problem
# file, whole processes in turn (docs/performance.md, issue 33): round after
# round, `tree_count abort -`, `tree_count dlx1 -` (the default tree, as
# `cover --count` walks it) and each of Knuth's programs, all reading FILE
# on standard input, the order rotated every round. The CPU time (user +
# system) of each child is read with getrusage, to the microsecond. Prints
# the median time of each and the median, quartiles and extremes of the
# ratio abort / other within a round.
#
#   bash bench/tree_pairs.sh FILE [ROUNDS] [PROGRAMS] [TREE_COUNT]
#
# PROGRAMS, a comma-separated list, defaults to dlx1,ssxc1, looked up in
# $KNUTH (default /tmp/knuth; `bash ../shared/knuth/build.sh` builds them).
# TREE_COUNT defaults to target/release/examples/tree_count (`cargo build
# -p exactcover-bench --release --example tree_count`), which also writes
# the files: `tree_count write pentominoes-6x10 > FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: tree_pairs.sh FILE [ROUNDS] [PROGRAMS] [TREE_COUNT]"
file=${1:?$usage}
rounds=${2:-5}
programs=${3:-dlx1,ssxc1}
ours=${4:-target/release/examples/tree_count}
export KNUTH=${KNUTH:-/tmp/knuth}

python3 - "$file" "$rounds" "$ours" "$programs" <<'PY'
import os, resource, statistics, subprocess, sys
file, rounds, ours, programs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
sides = ["abort", "tree-dlx1"] + programs.split(",")
def command(side):
    if side == "abort":
        return [ours, "abort", "-"]
    if side == "tree-dlx1":
        return [ours, "dlx1", "-"]
    return [os.path.join(os.environ["KNUTH"], side)]
def cpu(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(file) as f:
        subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
t = {s: [] for s in sides}
for r in range(rounds):
    k = r % len(sides)
    for side in sides[k:] + sides[:k]:
        t[side].append(cpu(command(side)))
abort = t.pop("abort")
print(f"{file}, {rounds} rounds: abort {statistics.median(abort):.3f} s")
for side, theirs in t.items():
    r = sorted(a / b for a, b in zip(abort, theirs))
    q = statistics.quantiles(r, n=4) if len(r) > 1 else [r[0]] * 3
    print(f"  {side} {statistics.median(theirs):.3f} s; abort / {side} "
          f"{statistics.median(r):.3f} (quartiles {q[0]:.3f}-{q[2]:.3f}, "
          f"{r[0]:.3f}-{r[-1]:.3f})")
PY
