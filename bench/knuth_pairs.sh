#!/usr/bin/env bash
# exactcover against Knuth's programs on one problem file, whole processes
# in turn: round after round, `exactcover cover --count FILE` and each
# program `< FILE`, the order reversed every other round. Prints the median
# CPU time (user + system) of each and the median, lowest and highest of the
# ratio exactcover / program within a round (docs/performance.md, "Per node").
#
#   bash bench/knuth_pairs.sh FILE [ROUNDS] [PROGRAMS] [EXACTCOVER]
#
# PROGRAMS, a comma-separated list, defaults to dlx1,ssxc1; they are looked
# up in $KNUTH (default /tmp/knuth; `bash ../shared/knuth/build.sh` builds
# them). EXACTCOVER defaults to target/release/exactcover.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: knuth_pairs.sh FILE [ROUNDS] [PROGRAMS] [EXACTCOVER]"
file=${1:?$usage}
rounds=${2:-5}
programs=${3:-dlx1,ssxc1}
ours=${4:-target/release/exactcover}
knuth=${KNUTH:-/tmp/knuth}
out=$(mktemp)
trap 'rm -f "$out" "$out.time"' EXIT

# CPU seconds of one command, its standard input from $file.
cpu() {
    /usr/bin/time -o "$out.time" -f "%U %S" "$@" < "$file" > /dev/null 2> /dev/null
    awk '{ printf "%.3f\n", $1 + $2 }' "$out.time"
}

IFS=, read -r -a progs <<< "$programs"
for round in $(seq "$rounds"); do
    sides=(exactcover "${progs[@]}")
    if [ $((round % 2)) -eq 0 ]; then
        sides=("${progs[@]}" exactcover)
    fi
    for side in "${sides[@]}"; do
        if [ "$side" = exactcover ]; then
            t=$(cpu "$ours" cover --count /dev/stdin)
        else
            t=$(cpu "$knuth/$side")
        fi
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
ours = t.pop("exactcover")
print(f"{file}, {rounds} rounds: exactcover {statistics.median(ours.values()):.2f} s")
for prog, theirs in t.items():
    r = sorted(ours[k] / theirs[k] for k in ours)
    print(f"  {prog} {statistics.median(theirs.values()):.2f} s; exactcover / {prog} "
          f"{statistics.median(r):.3f} ({r[0]:.3f}-{r[-1]:.3f})")
PY
