#!/usr/bin/env bash
# Counts the solutions of a problem in Knuth's format in PARTS parts run by
# GNU parallel, then merges them:
#
#   bash examples/distributed/gnu-parallel.sh PROBLEM.dlx PARTS [JOBS] [-- PARALLEL OPTIONS...]
#
# JOBS parts run at once on this machine (default: one per core). Options
# after `--` go to GNU parallel, for instance to run on other hosts that
# have `exactcover` on their PATH:
#
#   bash examples/distributed/gnu-parallel.sh queens15.dlx 1024 0 -- \
#       --sshlogin 8/host1,8/host2 --transferfile PROBLEM.dlx
#
# The exactcover binary is $EXACTCOVER, else `exactcover` on the PATH.
# Every part writes one JSON line; `exactcover merge` adds them and refuses
# a missing or repeated part, so a lost host shows as an error, not as a
# smaller count.
set -euo pipefail
problem=${1:?usage: gnu-parallel.sh PROBLEM.dlx PARTS [JOBS] [-- PARALLEL OPTIONS...]}
parts=${2:?usage: gnu-parallel.sh PROBLEM.dlx PARTS [JOBS] [-- PARALLEL OPTIONS...]}
jobs=${3:-0}
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
exactcover=${EXACTCOVER:-exactcover}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
seq 0 $((parts - 1)) |
    parallel --will-cite --halt now,fail=1 -j "$jobs" "$@" \
        "$exactcover" cover --count --part "{}/$parts" --json "$problem" > "$out"
"$exactcover" merge "$out"
