#!/usr/bin/env bash
# Golden comparison of two builds of the command line: the same list of
# cases run with both, every byte compared.
#
#   bash bench/golden.sh OLD_DIR NEW_DIR [OUT_DIR]
#
# OLD_DIR and NEW_DIR are checkouts built beforehand by the caller:
#
#   (cd DIR && cargo build --release && cargo build --release --examples)
#
# so that DIR/target/release/exactcover and DIR/target/release/examples/NAME
# exist. A missing binary stops the script (status 2); a missing example
# makes the cases that run it "skipped", named loudly, never passed.
#
# Each case runs three times: OLD, OLD again, NEW. Each run gets a fresh,
# empty working directory (always at the same path, so that nothing differs
# by where it ran), the case's standard input (or /dev/null), and a clean
# environment. For each case the script compares OLD with NEW: standard
# output, standard error, exit status, and every file the command left in
# its working directory (names and bytes). The second OLD run finds what
# varies from run to run (times, seconds in JSON reports, ...; and before a
# difference is reported, OLD runs up to three more times, in case two runs
# agreed by chance, the last kept in old2/): a stream or
# file whose two OLD runs differ is "unstable" and is compared after
# masking, first the decimals and durations, then (if they still differ)
# every number; when even that differs, or the exit status or the list of
# files varies, the case cannot be compared and counts as skipped. Unstable
# cases are listed; none is ever counted as identical silently.
#
# Output: one line per differing case (`DIFF id [what] command`) with a
# short diff under it, one line per unstable or skipped case, then
#
#   golden: N cases, D differ, S skipped (U unstable, compared after masking)
#
# and the run time. Status: 0 when nothing differs, 1 when some case
# differs, 2 for a usage error or a missing binary.
#
# Everything stays under OUT_DIR (default: a new mktemp directory), for a
# person to diff:
#
#   OUT_DIR/old/ID.out  ID.err  ID.status  ID.files/   (first OLD run)
#   OUT_DIR/old2/...                                  (the last extra OLD run)
#   OUT_DIR/new/...
#   OUT_DIR/inputs/     the inputs both sides read (data/ copied from
#                       OLD_DIR, the inline problems of this script)
#   OUT_DIR/times.tsv   seconds per case and side
#
# Environment: GOLDEN_CASES, an extended regular expression, runs only the
# cases whose id matches; GOLDEN_TIMEOUT (default 120) bounds each run in
# seconds; GOLDEN_PUZZLES overrides the folder of the published puzzle
# sets (default OLD_DIR/../shared/data/puzzles, as bench/compare.sh finds it).
#
# The cases are data (the CASES list below), one a line:
#
#   id | stdin | command
#
# `stdin` is a file (placeholders allowed) or `--` for none (/dev/null).
# `command` is run by `bash -c` in the working directory, so pipes and
# redirections work; it sees these variables, the same for both sides:
#
#   $EXE       the exactcover binary of the side being run
#   $EXAMPLES  the folder of that side's release examples
#   $DATA      the repository's data/ (a copy of OLD_DIR/data)
#   $PUZZLES   the published puzzle sets (../shared/data/puzzles)
#   $IN        the small problems written inline by this script
#
# Only the first two ` | ` separate fields: the command may hold `|`.
# Threads: `-j 1` where order or timing could depend on them; a few cases
# run on several threads on purpose (output is documented in input order).

set -euo pipefail
t0=$(date +%s)

usage="usage: bash bench/golden.sh OLD_DIR NEW_DIR [OUT_DIR]"
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "$usage" >&2
    exit 2
fi
OLD_DIR=$(cd "$1" 2>/dev/null && pwd) || { echo "golden: no folder $1" >&2; exit 2; }
NEW_DIR=$(cd "$2" 2>/dev/null && pwd) || { echo "golden: no folder $2" >&2; exit 2; }
if [ $# -eq 3 ]; then
    mkdir -p "$3"
    OUT=$(cd "$3" && pwd)
else
    OUT=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX")
fi
ONLY=${GOLDEN_CASES:-.}
RUN_TIMEOUT=${GOLDEN_TIMEOUT:-120}
PUZZLES_DIR=${GOLDEN_PUZZLES:-$OLD_DIR/../shared/data/puzzles}
[ -d "$PUZZLES_DIR" ] && PUZZLES_DIR=$(cd "$PUZZLES_DIR" && pwd)

# --- The binaries -----------------------------------------------------------

missing=0
for dir in "$OLD_DIR" "$NEW_DIR"; do
    if [ ! -x "$dir/target/release/exactcover" ]; then
        echo "golden: missing binary $dir/target/release/exactcover" \
            "(build it: cd $dir && cargo build --release)" >&2
        missing=1
    fi
done
[ "$missing" -eq 0 ] || exit 2
for dir in "$OLD_DIR" "$NEW_DIR"; do
    if [ ! -d "$dir/target/release/examples" ]; then
        echo "golden: WARNING: no examples in $dir/target/release/examples" \
            "(cd $dir && cargo build --release --examples): their cases will be SKIPPED" >&2
    fi
done

# --- The output folder ------------------------------------------------------

# Only the folders this script makes are cleared, so an OUT_DIR given twice
# holds the last run.
rm -rf "$OUT/old" "$OUT/old2" "$OUT/new" "$OUT/inputs" "$OUT/.cwd" "$OUT/.bin" "$OUT/.tmp" "$OUT/.mask"
mkdir -p "$OUT/old" "$OUT/old2" "$OUT/new" "$OUT/inputs/inline" "$OUT/.tmp" "$OUT/.mask"
printf 'id\tside\tseconds\n' > "$OUT/times.tsv"

# The paths every run sees, whichever side: the binary through a link that
# points at the side's target/release (so argv[0], and every path a message
# prints, are the same on both sides), a working directory at one place.
BIN=$OUT/.bin
CWD=$OUT/.cwd
DATA=$OUT/inputs/data
IN=$OUT/inputs/inline
PUZZLES=$PUZZLES_DIR

# --- The inputs -------------------------------------------------------------

# data/ as OLD_DIR has it; NEW_DIR's should be the same (a restructuring
# moves code, not data): say so when it is not.
cp -R "$OLD_DIR/data" "$DATA"
if [ -d "$NEW_DIR/data" ]; then
    if ! diff -rq "$OLD_DIR/data" "$NEW_DIR/data" >/dev/null 2>&1; then
        echo "golden: WARNING: $NEW_DIR/data differs from $OLD_DIR/data; both sides read OLD's copy" >&2
    fi
else
    echo "golden: note: $NEW_DIR has no data/; both sides read OLD's copy" >&2
fi
if [ ! -d "$PUZZLES_DIR" ]; then
    echo "golden: WARNING: no puzzle sets at $PUZZLES_DIR (set GOLDEN_PUZZLES): their cases will be SKIPPED" >&2
fi

# Small problems written here, for what data/ has no file for.
write_inputs() {
    # Costs (DLX5): the example of docs/cli.md.
    cat > "$IN/cheap.dlx" <<'EOF'
a b c
a b |5
a |1
b |2 |1
c |4
b c |2
EOF
    # Multiplicities (DLX3) with a colour: a twice, b once or twice.
    cat > "$IN/mult.dlx" <<'EOF'
| multiplicities: a twice, b once or twice, c once; x secondary
2|a 1:2|b c | x
a b
a c x:R
a x:R
b c
b
c
EOF
    # The sharp preference: #a is branched on first.
    cat > "$IN/sharp.dlx" <<'EOF'
#a b c d
#a b
c d
#a c
b d
#a d
b c
EOF
    # Colours, a larger case: two options may share x when they agree.
    cat > "$IN/colours.dlx" <<'EOF'
| colours: x and y shared by options that give them one colour
p q r s | x y
p x:A
q x:A y:B
r y:B
s x:B
p q x:A
r s y:C
q r x:A
s y:B
p s y:B
EOF
    # No solution: c is in no option.
    cat > "$IN/nosol.dlx" <<'EOF'
a b c
a b
b
a
EOF
    # An option of secondary items only (a warning), and a comment that
    # would be an option without its `|`.
    cat > "$IN/warn.dlx" <<'EOF'
a b | x y
| a b
a x
b y
x y
EOF
    # Malformed inputs, each with its line and column.
    printf 'a b c\na b\nb d\nc\n' > "$IN/bad-unknown.dlx"
    printf 'a b | x\na:1 b\nx\n' > "$IN/bad-colour.dlx"
    printf 'a b\na |x\nb\n' > "$IN/bad-cost.dlx"
    printf 'a b | 0|x\na x\nb\n' > "$IN/bad-bound.dlx"
    printf 'a b a\na\nb\n' > "$IN/bad-dup.dlx"
    printf 'a b\na a\nb\n' > "$IN/bad-repeat.dlx"
    printf 'a b | x\na x:\nb\n' > "$IN/bad-empty-colour.dlx"
    printf '| nothing but comments\n\n' > "$IN/bad-noitems.dlx"
    # Dominoes on a 6x6 board (6,728 tilings), written as classic::dominoes
    # writes them: cells row by row, each cell's horizontal then vertical
    # domino. Many subproblems repeat: the memo's case.
    awk -v R=6 -v C=6 'BEGIN {
        line = ""; for (i = 0; i < R * C; i++) line = line (i ? " " : "") "c" i; print line
        for (i = 0; i < R * C; i++) {
            if (i % C + 1 < C) print "c" i " c" (i + 1)
            if (int(i / C) + 1 < R) print "c" i " c" (i + C)
        }
    }' > "$IN/dominoes6x6.dlx"
    # Sudoku: a 4x4 puzzle (generate --box 2x2 --seed 1), and one with 11
    # givens, whose matrix is small enough to draw.
    printf '..3....22..4....\n' > "$IN/p4.txt"
    printf '4.31.14.23.41.23\n' > "$IN/p4-drawn.txt"
    # Clashing givens, a bad character, a short line, a jigsaw line without
    # --jigsaw, a comment and a blank line.
    cat > "$IN/clash.txt" <<'EOF'
# clashing givens, then other faults
55...............................................................................
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4....x.

4.....8.5.3..
8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9. 999998888555998888555998333555111333222111333222111444222766444777766444777766666
52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
EOF
    # The first puzzle of top95 as a block, with separators.
    cat > "$IN/block.txt" <<'EOF'
# top95's first puzzle as a block
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .

4.....8.5
.3.......
.........
EOF
    # A 6x6 with boxes 3 high (a header says so), and one in another alphabet.
    cat > "$IN/six.txt" <<'EOF'
# exactcover: --box 3x2
..4...1..2...3...6.16.35........5...
# exactcover:
.2..3...12.52.6.....4.1.4..........4
EOF
    printf '.B..C...AB.EB.F.....D.A.D..........D\n' > "$IN/six-letters.txt"
    # f-puzzles files the crate refuses or notes, on a 4x4 grid.
    local g='[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]'
    printf '{"size":4,"grid":%s,"thermometer":[{"lines":[["R1C1","R1C2"]]}]}\n' "$g" > "$IN/v-thermo.json"
    printf '{"size":4,"grid":%s,"antiking":true,"antiking":true}\n' "$g" > "$IN/v-twice.json"
    printf '{"size":4,"grid":%s,"killercage":[{"cells":["R5C1"],"value":3}]}\n' "$g" > "$IN/v-badcell.json"
    printf '{"size":4,"grid":%s,"killercages":[{"cells":["R1C1"],"value":1}]}\n' "$g" > "$IN/v-typo.json"
    printf '{"size":4,"grid":%s,"text":[{"cells":["R1C1"],"value":"hi"}]}\n' "$g" > "$IN/v-note.json"
    printf '{"size":4,"grid":[[{"value":2,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":2,"given":true}]],"diagonal-":true}\n' > "$IN/v-conflict.json"
    # A jigsaw line whose region map is wrong (region 1 has 10 cells).
    printf '8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9. 199998888555998888555998333555111333222111333222111444222766444777766444777766666\n' > "$IN/jigsaw-badmap.txt"
    # Lines that are not part reports.
    printf 'not json\n' > "$IN/merge-bad.jsonl"
}
write_inputs

# --- The cases --------------------------------------------------------------

# id | stdin | command   (see the top of the file)
CASES=$(cat <<'EOF'
# The command line itself
version              | -- | $EXE --version
help                 | -- | $EXE --help
help-noargs          | -- | $EXE
help-cover           | -- | $EXE cover --help
help-solve           | -- | $EXE solve --help
help-count           | -- | $EXE count --help
help-split           | -- | $EXE split --help
help-preprocess      | -- | $EXE preprocess --help
help-merge           | -- | $EXE merge --help
help-generate        | -- | $EXE generate --help
help-minimize        | -- | $EXE minimize --help
help-grade           | -- | $EXE grade --help
help-hint            | -- | $EXE hint --help
help-explain         | -- | $EXE explain --help
help-help-cover      | -- | $EXE help cover
help-short           | -- | $EXE solve -h

# cover: data/*.dlx
cover-toy            | -- | $EXE cover $DATA/knuth-toy.dlx
cover-toy-stdin      | $DATA/knuth-toy.dlx | $EXE cover
cover-toy-dash       | $DATA/knuth-toy.dlx | $EXE cover -
cover-toy-count      | -- | $EXE cover --count --stats $DATA/knuth-toy.dlx
cover-toy-best       | -- | $EXE cover --best 2 $DATA/knuth-toy.dlx
cover-toy-memo-zdd   | -- | $EXE cover --count --memo --stats --zdd toy.zdd $DATA/knuth-toy.dlx
cover-xcc            | -- | $EXE cover --stats $DATA/xcc-toy.dlx
cover-xcc-count-json | -- | $EXE cover --count --json $DATA/xcc-toy.dlx
cover-xcc-memo       | -- | $EXE cover --count --memo $DATA/xcc-toy.dlx
cover-xcc-preprocess | -- | $EXE cover --preprocess --stats $DATA/xcc-toy.dlx
cover-queens8        | -- | $EXE cover $DATA/queens8.dlx
cover-queens8-limit  | -- | $EXE cover --limit 3 $DATA/queens8.dlx
cover-q8-count       | -- | $EXE cover --count $DATA/queens8.dlx
cover-q8-count-limit | -- | $EXE cover --count --limit 10 $DATA/queens8.dlx
cover-q8-stats       | -- | $EXE cover --count --stats $DATA/queens8.dlx
cover-q8-json        | -- | $EXE cover --count --json $DATA/queens8.dlx
cover-q8-jobs2       | -- | $EXE cover --count --jobs 2 --stats $DATA/queens8.dlx
cover-q8-jobs2-json  | -- | $EXE cover --count -j 2 --split 10 --json $DATA/queens8.dlx
cover-q8-maxmem      | -- | $EXE cover --count -j 8 --max-memory 1 $DATA/queens8.dlx
cover-q8-memo        | -- | $EXE cover --count --memo --stats $DATA/queens8.dlx
cover-q8-memo-left   | -- | $EXE cover --count --memo --branch leftmost $DATA/queens8.dlx
cover-q8-tree-abort  | -- | $EXE cover --count --tree abort --stats $DATA/queens8.dlx
cover-q8-abort-list  | -- | $EXE cover --tree abort --limit 2 $DATA/queens8.dlx
cover-q8-preprocess  | -- | $EXE cover --count --preprocess --stats $DATA/queens8.dlx
cover-q8-maxnodes    | -- | $EXE cover --count --max-nodes 100 $DATA/queens8.dlx
cover-q8-maxnodes-j2 | -- | $EXE cover --count --max-nodes 100 -j 2 $DATA/queens8.dlx
cover-q8-timeout     | -- | $EXE cover --count --timeout 100 $DATA/queens8.dlx

# cover: the inline problems (costs, multiplicities, colours, sharp, memo)
cover-cheap-best2    | -- | $EXE cover --best 2 $IN/cheap.dlx
cover-cheap-best9    | -- | $EXE cover --best 9 --stats $IN/cheap.dlx
cover-cheap-best-pre | -- | $EXE cover --best 3 --preprocess --stats $IN/cheap.dlx
cover-cheap-list     | -- | $EXE cover $IN/cheap.dlx
cover-mult           | -- | $EXE cover $IN/mult.dlx
cover-mult-count     | -- | $EXE cover --count --stats $IN/mult.dlx
cover-mult-jobs2     | -- | $EXE cover --count -j 2 $IN/mult.dlx
cover-sharp          | -- | $EXE cover --stats $IN/sharp.dlx
cover-colours        | -- | $EXE cover --stats $IN/colours.dlx
cover-nosol          | -- | $EXE cover $IN/nosol.dlx
cover-nosol-count    | -- | $EXE cover --count $IN/nosol.dlx
cover-warn           | -- | $EXE cover $IN/warn.dlx
cover-dominoes-memo  | -- | $EXE cover --count --memo --stats $IN/dominoes6x6.dlx
cover-dominoes-plain | -- | $EXE cover --count $IN/dominoes6x6.dlx

# cover: teaching outputs, written into the working directory
teach-cover-svg      | -- | $EXE cover --svg m.svg --svg-tree t.svg $DATA/knuth-toy.dlx
teach-cover-html     | -- | $EXE cover --html p.html --steps s.json $DATA/xcc-toy.dlx
teach-cover-trace    | -- | $EXE cover --trace $DATA/knuth-toy.dlx
teach-cover-covers   | -- | $EXE cover --trace --trace-covers --trace-lines 40 $DATA/xcc-toy.dlx
teach-cover-q8-trace | -- | $EXE cover --trace --trace-lines 60 --limit 1 $DATA/queens8.dlx
teach-cover-toolarge | -- | $EXE cover --svg q.svg $DATA/queens8.dlx
teach-cover-steps-max| -- | $EXE cover --steps s.json --max-steps 10 $DATA/queens8.dlx

# preprocess
pre-toy              | -- | $EXE preprocess $DATA/knuth-toy.dlx
pre-xcc              | -- | $EXE preprocess $DATA/xcc-toy.dlx
pre-queens8          | -- | $EXE preprocess $DATA/queens8.dlx
pre-cheap-stdin      | $IN/cheap.dlx | $EXE preprocess
pre-mult             | -- | $EXE preprocess $IN/mult.dlx
pre-nosol            | -- | $EXE preprocess $IN/nosol.dlx

# split into a folder, count the files; parts and merge
split-q8             | -- | $EXE split --depth 2 $DATA/queens8.dlx && for f in split/sub-*.dlx; do $EXE cover --count $f; done
split-toy-dir        | -- | $EXE split --depth 1 --dir parts $DATA/knuth-toy.dlx && cat parts/*.dlx
split-xcc-again      | -- | $EXE split --depth 1 $DATA/xcc-toy.dlx && $EXE split --depth 1 $DATA/xcc-toy.dlx
split-other-refused  | -- | $EXE split --depth 1 $DATA/knuth-toy.dlx; $EXE split --depth 1 $DATA/queens8.dlx
split-max            | -- | $EXE split --depth 3 --max 5 $DATA/queens8.dlx
split-mult           | -- | $EXE split --depth 1 --dir m $IN/mult.dlx && cat m/sub-*.dlx
merge-q8             | -- | for k in 0 1 2 3; do $EXE cover --count --part $k/4 --json $DATA/queens8.dlx > part$k.jsonl; done; $EXE merge part0.jsonl part1.jsonl part2.jsonl part3.jsonl
merge-q8-stdin-jobs  | -- | for k in 0 1 2; do $EXE cover --count --part $k/3 -j 2 --json $DATA/queens8.dlx; done | $EXE merge
merge-dominoes-memo  | -- | for k in 0 1; do $EXE cover --count --memo --part $k/2 --json $IN/dominoes6x6.dlx > d$k.jsonl; done; $EXE merge d0.jsonl d1.jsonl
merge-missing        | -- | for k in 0 2; do $EXE cover --count --part $k/4 --json $DATA/queens8.dlx > part$k.jsonl; done; $EXE merge part0.jsonl part2.jsonl
merge-twice          | -- | $EXE cover --count --part 0/2 --json $DATA/queens8.dlx > a.jsonl; $EXE merge a.jsonl a.jsonl
merge-bad-line       | -- | $EXE merge $IN/merge-bad.jsonl
merge-no-file        | -- | $EXE merge nothing.jsonl

# errors of cover and its flags
err-missing-file     | -- | $EXE cover no-such.dlx
err-folder           | -- | $EXE cover $DATA
err-unknown-item     | -- | $EXE cover $IN/bad-unknown.dlx
err-colour-primary   | -- | $EXE cover $IN/bad-colour.dlx
err-cost             | -- | $EXE cover $IN/bad-cost.dlx
err-bound-secondary  | -- | $EXE cover $IN/bad-bound.dlx
err-dup-item         | -- | $EXE cover $IN/bad-dup.dlx
err-repeat-in-option | -- | $EXE preprocess $IN/bad-repeat.dlx
err-empty-colour     | -- | $EXE cover $IN/bad-empty-colour.dlx
err-no-items         | -- | $EXE cover $IN/bad-noitems.dlx
err-limit0           | -- | $EXE cover --limit 0 $DATA/queens8.dlx
err-jobs-no-count    | -- | $EXE cover --jobs 2 $DATA/queens8.dlx
err-best-count       | -- | $EXE cover --best 2 --count $IN/cheap.dlx
err-memo-no-count    | -- | $EXE cover --memo $DATA/queens8.dlx
err-abort-colours    | -- | $EXE cover --tree abort $DATA/xcc-toy.dlx
err-html-jobs        | -- | $EXE cover --count -j 2 --html p.html $DATA/knuth-toy.dlx
err-svg-mult         | -- | $EXE cover --svg m.svg $IN/mult.dlx
err-memo-mult        | -- | $EXE cover --count --memo $IN/mult.dlx
err-bad-flag         | -- | $EXE cover --bogus $DATA/knuth-toy.dlx
err-bad-part         | -- | $EXE cover --count --part 4/4 $DATA/queens8.dlx
err-bad-tree         | -- | $EXE cover --tree sideways $DATA/knuth-toy.dlx
err-unknown-command  | -- | $EXE frobnicate
err-split-no-depth   | -- | $EXE split $DATA/knuth-toy.dlx

# solve and count: the published sets (whole files where fast, heads where not)
solve-hardest        | -- | $EXE solve -j 1 $PUZZLES/hardest.txt
count-hardest        | -- | $EXE count -j 1 $PUZZLES/hardest.txt
solve-top95          | -- | $EXE solve -j 1 $PUZZLES/top95.txt
count-top95          | -- | $EXE count -j 1 $PUZZLES/top95.txt
solve-17clue         | -- | $EXE solve -j 1 $PUZZLES/puzzles2_17_clue
count-17clue         | -- | $EXE count -j 1 $PUZZLES/puzzles2_17_clue
solve-17clue-j2      | -- | $EXE solve -j 2 $PUZZLES/puzzles2_17_clue
solve-magictour      | -- | $EXE solve -j 1 $PUZZLES/puzzles3_magictour_top1465
count-magictour-j2   | -- | $EXE count -j 2 $PUZZLES/puzzles3_magictour_top1465
solve-p5-head5000    | -- | head -n 5000 $PUZZLES/puzzles5_forum_hardest_1905_11+ | $EXE solve -j 1
count-p5-head2000    | -- | head -n 2000 $PUZZLES/puzzles5_forum_hardest_1905_11+ | $EXE count -j 1
solve-p6             | -- | $EXE solve -j 1 $PUZZLES/puzzles6_forum_hardest_1106
count-p6             | -- | $EXE count -j 1 $PUZZLES/puzzles6_forum_hardest_1106
solve-serg           | -- | $EXE solve -j 1 $PUZZLES/puzzles7_serg_benchmark
count-serg-limit2    | -- | $EXE count -j 1 --limit 2 $PUZZLES/puzzles7_serg_benchmark
count-serg-head1000  | -- | head -n 1000 $PUZZLES/puzzles7_serg_benchmark | $EXE count -j 1
solve-serg-unique    | -- | head -n 50 $PUZZLES/puzzles7_serg_benchmark | $EXE solve -j 1 --unique
solve-top95-first-j0 | -- | $EXE solve --first $PUZZLES/top95.txt
solve-two-files      | -- | $EXE solve -j 2 $PUZZLES/hardest.txt - $PUZZLES/top95.txt no-such.txt
solve-top95-stats    | -- | $EXE solve -j 1 --stats $PUZZLES/top95.txt
count-top95-maxnodes | -- | $EXE count -j 1 --max-nodes 50 $PUZZLES/top95.txt
solve-hardest-pretty | -- | $EXE solve -j 1 --pretty $PUZZLES/hardest.txt
solve-line-buffered  | $PUZZLES/hardest.txt | $EXE solve --line-buffered

# grade, hint, explain: small heads of every set
grade-hardest        | -- | head -n 4 $PUZZLES/hardest.txt | $EXE grade -j 1
grade-top95          | -- | head -n 4 $PUZZLES/top95.txt | $EXE grade -j 1 --explain
grade-17clue         | -- | head -n 4 $PUZZLES/puzzles2_17_clue | $EXE grade -j 1
grade-magictour      | -- | head -n 2 $PUZZLES/puzzles3_magictour_top1465 | $EXE grade -j 2 --explain
grade-p5             | -- | head -n 3 $PUZZLES/puzzles5_forum_hardest_1905_11+ | $EXE grade -j 1
grade-p6             | -- | head -n 3 $PUZZLES/puzzles6_forum_hardest_1106 | $EXE grade -j 1
grade-serg           | -- | head -n 4 $PUZZLES/puzzles7_serg_benchmark | $EXE grade -j 1
grade-search-top95   | -- | $EXE grade -j 1 --search $PUZZLES/top95.txt
grade-search-expl    | -- | head -n 20 $PUZZLES/puzzles2_17_clue | $EXE grade -j 1 --search --explain
hint-hardest         | -- | $EXE hint -j 1 $PUZZLES/hardest.txt
hint-top95-json      | -- | $EXE hint -j 1 --json $PUZZLES/top95.txt
hint-17clue          | -- | head -n 200 $PUZZLES/puzzles2_17_clue | $EXE hint -j 1
hint-magictour       | -- | head -n 200 $PUZZLES/puzzles3_magictour_top1465 | $EXE hint -j 2
hint-p5              | -- | head -n 20 $PUZZLES/puzzles5_forum_hardest_1905_11+ | $EXE hint -j 1
hint-p6              | -- | head -n 30 $PUZZLES/puzzles6_forum_hardest_1106 | $EXE hint -j 1
hint-serg            | -- | head -n 50 $PUZZLES/puzzles7_serg_benchmark | $EXE hint -j 1
explain-hardest      | -- | head -n 2 $PUZZLES/hardest.txt | $EXE explain -j 1
explain-top95-json   | -- | head -n 2 $PUZZLES/top95.txt | $EXE explain -j 1 --json
explain-17clue       | -- | head -n 3 $PUZZLES/puzzles2_17_clue | $EXE explain -j 1
explain-magictour    | -- | head -n 2 $PUZZLES/puzzles3_magictour_top1465 | $EXE explain -j 1 --trace
explain-p5           | -- | head -n 1 $PUZZLES/puzzles5_forum_hardest_1905_11+ | $EXE explain -j 1
explain-p6           | -- | head -n 1 $PUZZLES/puzzles6_forum_hardest_1106 | $EXE explain -j 1
explain-serg         | -- | head -n 3 $PUZZLES/puzzles7_serg_benchmark | $EXE explain -j 1

# data/: the Sudoku lists (the se-* files are `hash puzzle [rating]`)
data-top95-solve     | -- | $EXE solve -j 1 $DATA/top95.txt
data-top95-minimize  | -- | $EXE minimize -j 1 $DATA/top95.txt
data-top95-min-seed  | -- | head -n 5 $DATA/top95.txt | $EXE minimize -j 1 --seed 7
data-se-raw-invalid  | -- | $EXE solve -j 1 $DATA/se-medium-bucket.txt
data-se-sample-solve | -- | awk '{print $2}' $DATA/se-rated-sample.txt | $EXE solve -j 1
data-se-sample-gsrch | -- | awk '{print $2}' $DATA/se-rated-sample.txt | $EXE grade -j 1 --search
data-se-sample-hint  | -- | awk '{print $2}' $DATA/se-rated-sample.txt | $EXE hint -j 1 --json
data-se-sample-grade | -- | awk 'NR % 60 == 1 {print $2}' $DATA/se-rated-sample.txt | $EXE grade -j 1 --explain
data-se-diab-count   | -- | awk '{print $2}' $DATA/se-rated-diabolical.txt | $EXE count -j 1
data-se-diab-gsrch   | -- | awk '{print $2}' $DATA/se-rated-diabolical.txt | $EXE grade -j 1 --search
data-se-diab-explain | -- | awk 'NR <= 2 {print $2}' $DATA/se-rated-diabolical.txt | $EXE explain -j 1
data-se-medium-grade | -- | awk 'NR <= 12 {print $2}' $DATA/se-medium-bucket.txt | $EXE grade -j 1
data-se-medium-min   | -- | awk 'NR <= 10 {print $2}' $DATA/se-medium-bucket.txt | $EXE minimize -j 1

# data/variants/: every file through the commands that read it
var-killer-uk        | -- | $EXE solve $DATA/variants/killer-ukpuzzles.json
var-killer-uk-count  | -- | $EXE count --limit 2 $DATA/variants/killer-ukpuzzles.json
var-killer-ks        | -- | $EXE solve --pretty $DATA/variants/killer-ksonline.json
var-killer-ks-count  | $DATA/variants/killer-ksonline.json | $EXE count --limit 2
var-x-sudopedia      | -- | $EXE solve $DATA/variants/x-sudopedia.json
var-x-sudopedia-cnt  | $DATA/variants/x-sudopedia.json | $EXE count --limit 2
var-x-uk             | -- | $EXE solve $DATA/variants/x-ukpuzzles.json
var-x-uk-count       | -- | $EXE count --limit 2 $DATA/variants/x-ukpuzzles.json
var-antiknight-ctc   | -- | $EXE solve $DATA/variants/antiknight-ctc.json
var-antiknight-ctc-c | -- | $EXE count --limit 2 $DATA/variants/antiknight-ctc.json
var-antiknight-fwp   | -- | $EXE solve $DATA/variants/antiknight-fwp.json
var-antiknight-fwp-c | -- | $EXE count --limit 2 $DATA/variants/antiknight-fwp.json
var-antiking         | -- | $EXE solve --pretty $DATA/variants/antiking-6x6.json
var-antiking-count   | -- | $EXE count --limit 2 $DATA/variants/antiking-6x6.json
var-extraregions     | -- | $EXE solve $DATA/variants/extraregions-lmi.json
var-extraregions-c   | -- | $EXE count --limit 2 $DATA/variants/extraregions-lmi.json
var-jigsaw-json      | -- | $EXE solve $DATA/variants/jigsaw-janko108.json
var-jigsaw-json-c    | -- | $EXE count --limit 2 $DATA/variants/jigsaw-janko108.json
var-jigsaw-txt       | -- | $EXE solve --jigsaw --pretty $DATA/variants/jigsaw-janko108.txt && cat $DATA/variants/jigsaw-janko108.solution
var-jigsaw-txt-count | -- | $EXE count --jigsaw $DATA/variants/jigsaw-janko108.txt
var-jigsaw-no-flag   | -- | $EXE solve $DATA/variants/jigsaw-janko108.txt
var-jigsaw-badmap    | -- | $EXE solve --jigsaw $IN/jigsaw-badmap.txt
var-windoku-txt      | -- | $EXE solve $DATA/variants/windoku-hyper.txt
var-solution-file    | -- | $EXE solve $DATA/variants/jigsaw-janko108.solution
var-all-multi        | -- | $EXE solve -j 2 $DATA/variants/*.json
var-grade            | -- | $EXE grade -j 1 $DATA/variants/x-sudopedia.json $DATA/variants/antiking-6x6.json $DATA/variants/killer-ukpuzzles.json
var-hint             | -- | $EXE hint -j 1 $DATA/variants/antiknight-ctc.json $DATA/variants/extraregions-lmi.json $DATA/variants/jigsaw-janko108.json
var-explain-json     | -- | $EXE explain -j 1 --json $DATA/variants/antiking-6x6.json
var-explain-jigsaw   | -- | $EXE explain -j 1 --jigsaw $DATA/variants/jigsaw-janko108.txt
var-minimize-killer  | -- | $EXE minimize -j 1 $DATA/variants/killer-ukpuzzles.json
var-minimize-jigsaw  | -- | $EXE minimize -j 1 --jigsaw $DATA/variants/jigsaw-janko108.txt
var-minimize-x       | -- | $EXE minimize -j 1 $DATA/variants/x-sudopedia.json
var-trace-x          | -- | $EXE solve --trace --trace-lines 40 $DATA/variants/x-sudopedia.json
var-err-thermo       | -- | $EXE solve $IN/v-thermo.json
var-err-twice        | -- | $EXE solve $IN/v-twice.json
var-err-badcell      | -- | $EXE solve $IN/v-badcell.json
var-err-typo         | -- | $EXE solve $IN/v-typo.json
var-note-text        | -- | $EXE solve $IN/v-note.json
var-conflict         | -- | $EXE solve $IN/v-conflict.json
var-conflict-count   | -- | $EXE count $IN/v-conflict.json

# Sudoku input forms and errors
sud-clash            | -- | $EXE solve -j 1 $IN/clash.txt
sud-clash-count      | -- | $EXE count -j 1 $IN/clash.txt
sud-block            | -- | $EXE solve --block $IN/block.txt
sud-block-as-lines   | -- | $EXE solve $IN/block.txt
sud-header-6x6       | -- | $EXE solve --pretty $IN/six.txt
sud-alphabet         | -- | $EXE solve --alphabet ABCDEF $IN/six-letters.txt
sud-box-6x6          | -- | $EXE count --box 3x2 $IN/six.txt; $EXE count --box 2x3 $IN/six.txt
sud-4x4-memo         | -- | $EXE count --memo --box 2x2 $IN/p4.txt && echo '................' | $EXE count --memo
sud-6x6-lone-j2      | -- | echo '.2..3.......2.6.....................' | $EXE count -j 2
sud-16x16            | -- | $EXE generate --box 4x4 --seed 5 -j 1 | $EXE solve --pretty
sud-bom-crlf         | -- | printf '\357\273\277%s\r\n' '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' | $EXE solve
sud-empty-input      | -- | $EXE solve < /dev/null
err-unique-first     | -- | $EXE solve --unique --first $DATA/top95.txt
err-block-jigsaw     | -- | $EXE solve --block --jigsaw $DATA/top95.txt
err-jobs-too-many    | -- | $EXE solve -j 2000 $DATA/top95.txt
err-count-limit0     | -- | $EXE count --limit 0 $DATA/top95.txt
err-count-trace      | -- | $EXE count --trace $DATA/top95.txt
err-bad-box          | -- | $EXE solve --box 2x5 $DATA/top95.txt
err-box-alphabet     | -- | $EXE solve --box 2x2 --alphabet 123456789 $DATA/top95.txt
err-solve-missing    | -- | $EXE solve no-such.txt
err-grade-missing    | -- | $EXE grade no-such.txt
err-max-steps        | -- | $EXE solve --html p.html --max-steps 2000000 $IN/p4.txt

# Sudoku teaching outputs, written into the working directory
teach-solve-svg      | -- | $EXE solve --svg m.svg --svg-tree t.svg $IN/p4-drawn.txt
teach-solve-toolarge | -- | $EXE solve --svg m.svg $IN/p4.txt
teach-solve-html     | -- | $EXE solve --html p.html --steps s.json $IN/p4.txt
teach-solve-trace    | -- | $EXE solve --trace --trace-covers --trace-lines 80 $IN/p4.txt
teach-solve-9x9-html | -- | head -n 1 $DATA/top95.txt | $EXE solve --html p.html
teach-explain-html   | -- | head -n 1 $DATA/top95.txt | $EXE explain --html e.html
teach-explain-trace  | -- | head -n 1 $PUZZLES/hardest.txt | $EXE explain --trace

# generate (fixed seeds), then read back
gen-default          | -- | $EXE generate
gen-5-j1             | -- | $EXE generate --seed 1 --count 5 -j 1
gen-5-j2             | -- | $EXE generate --seed 1 --count 5 -j 2
gen-6x6-rot180       | -- | $EXE generate --seed 2 --box 2x3 --count 3 --symmetry rot180
gen-3x2-header       | -- | $EXE generate --seed 2 --box 3x2 --count 2 | $EXE count
gen-4x4-alphabet     | -- | $EXE generate --seed 3 --box 2x2 --alphabet ABCD --count 3 --pretty
gen-symmetries       | -- | for s in rot90 mirror diagonal; do $EXE generate --seed 4 --symmetry $s -j 1; done
gen-clues            | -- | $EXE generate --seed 3 --clues 24 -j 1
gen-grade            | -- | $EXE generate --seed 4 --grade 3..4.5 --count 2 -j 1
gen-search-grade     | -- | $EXE generate --seed 6 --search-grade 2..6 -j 1 --minimal
gen-failed           | -- | $EXE generate --seed 1 --clues 17 --attempts 2 -j 1
gen-16x16            | -- | $EXE generate --seed 5 --box 4x4 -j 1
gen-minimize         | -- | $EXE generate --seed 8 --count 3 -j 1 | $EXE minimize -j 1 --seed 2
err-gen-alphabet     | -- | $EXE generate --box 6x6
err-gen-symmetry     | -- | $EXE generate --symmetry spiral

# The examples (examples/*.rs), with small arguments where the default is long
ex-cheapest-tiling   | -- | $EXAMPLES/cheapest_tiling 3
ex-cheapest-write    | -- | $EXAMPLES/cheapest_tiling write 2 > cheap.dlx && $EXE cover --best 3 --stats cheap.dlx
ex-generic-speed     | -- | $EXAMPLES/generic_speed 1 word
ex-knuth-toy         | -- | $EXAMPLES/knuth_toy
ex-langford          | -- | $EXAMPLES/langford
ex-pentominoes       | -- | $EXAMPLES/pentominoes
ex-pictures          | -- | $EXAMPLES/pictures
ex-plan-parts        | -- | $EXAMPLES/plan_parts queens 8 4
ex-queens            | -- | $EXAMPLES/queens
ex-sudoku-4x4        | -- | $EXAMPLES/sudoku_4x4
ex-sudoku-speed      | -- | $EXAMPLES/sudoku_speed $PUZZLES/hardest.txt count 1 1
ex-variant-anti-king | -- | $EXAMPLES/variant_anti_king
ex-variant-anti-kn   | -- | $EXAMPLES/variant_anti_knight
ex-variant-combined  | -- | $EXAMPLES/variant_combined
ex-variant-jigsaw    | -- | $EXAMPLES/variant_jigsaw
ex-variant-killer    | -- | $EXAMPLES/variant_killer
ex-variant-windoku   | -- | $EXAMPLES/variant_windoku
ex-variant-x         | -- | $EXAMPLES/variant_x
ex-write-usage       | -- | $EXAMPLES/write_problem
ex-write-queens      | -- | $EXAMPLES/write_problem queens 6 | tee q6.dlx | $EXE cover --count --stats
ex-write-tetrominoes | -- | $EXAMPLES/write_problem tetrominoes 5 8 2 > t.dlx && $EXE cover --count t.dlx
ex-write-sudoku      | -- | $EXAMPLES/write_problem sudoku 4 | $EXE cover --count --memo
ex-write-langford    | -- | $EXAMPLES/write_problem langford 7 | $EXE cover --count --tree abort --stats
EOF
)

# --- Running ----------------------------------------------------------------

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; printf '%s' "$s"; }

# The placeholders of a stdin field, replaced by their paths.
expand() {
    local s=$1
    s=${s//\$DATA/$DATA}
    s=${s//\$PUZZLES/$PUZZLES}
    s=${s//\$IN/$IN}
    printf '%s' "$s"
}

# run SIDE ID STDIN CMD: one run of a case by SIDE (old, old2, new), its
# output kept as OUT/SIDE/ID.{out,err,status,files/}.
run() {
    local side=$1 id=$2 stdin=$3 cmd=$4 dir status start end
    case $side in old | old2) dir=$OLD_DIR ;; new) dir=$NEW_DIR ;; esac
    ln -sfn "$dir/target/release" "$BIN"
    rm -rf "$CWD" "$OUT/.tmp"
    mkdir -p "$CWD" "$OUT/.tmp"
    start=$(date +%s.%N)
    status=0
    (
        cd "$CWD"
        exec env -i PATH="$PATH" HOME="$CWD" LC_ALL=C TZ=UTC TMPDIR="$OUT/.tmp" \
            EXE="$BIN/exactcover" EXAMPLES="$BIN/examples" DATA="$DATA" PUZZLES="$PUZZLES" IN="$IN" \
            timeout -k 5 "$RUN_TIMEOUT" bash -c "$cmd"
    ) < "$stdin" > "$OUT/$side/$id.out" 2> "$OUT/$side/$id.err" || status=$?
    end=$(date +%s.%N)
    echo "$status" > "$OUT/$side/$id.status"
    rm -rf "$OUT/$side/$id.files"
    mv "$CWD" "$OUT/$side/$id.files"
    printf '%s\t%s\t%.2f\n' "$id" "$side" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" >> "$OUT/times.tsv"
    [ "$status" -ne 124 ] || echo "golden: $side $id: timed out after ${RUN_TIMEOUT}s" >&2
}

# Masks for what varies from run to run. Level 1: decimals, exponents and
# durations (`0.00021156`, `1.3e-14`, `771.82ms`, `(9.32s)`, `2 s`, JSON
# "seconds"); level 2: every number.
mask() {
    case $1 in
    1) sed -E -e 's/[0-9]+\.[0-9]+([eE][-+]?[0-9]+)?/<#>/g' \
              -e 's/\b[0-9]+[eE][-+]?[0-9]+\b/<#>/g' \
              -e 's/\b[0-9]+ ?(ns|us|µs|ms|s|sec|secs|seconds)\b/<#>\1/g' \
              -e 's/"seconds":[0-9]+/"seconds":<#>/g' ;;
    2) sed -E -e 's/[0-9]+/#/g' ;;
    esac
}

# Per case, what differs (for the DIFF line), the diffs to show, and how
# the unstable parts were compared.
what=()
diffs=""
unstable=()
incomparable=()
# The parts of the current case found unstable so far, and the mask level
# each needed (kept across the extra OLD runs of one case).
declare -A known=()

# short_diff LABEL A B: the first lines of the diff of A and B.
short_diff() {
    diffs+="    --- $1 (old < > new)"$'\n'
    # (diff's status 1 and head's early exit are expected here, not errors)
    diffs+=$( (diff -a "$2" "$3" 2>&1 | head -n 8 | sed 's/^/    /' | cut -c1-200) || true)$'\n'
}

# compare_part LABEL OLD OLD2 NEW: one stream or file of a case.
compare_part() {
    local label=$1 a=$2 a2=$3 b=$4 level m=$OUT/.mask
    if [ -z "${known[$label]:-}" ] && cmp -s "$a" "$a2"; then
        cmp -s "$a" "$b" || { what+=("$label"); short_diff "$label" "$a" "$b"; }
        return
    fi
    # The OLD runs differ (now or in an earlier run of this case): compare
    # after the lightest mask that makes them agree.
    for level in 1 2; do
        [ "$level" -ge "${known[$label]:-1}" ] || continue
        mask $level < "$a" > "$m/a"
        mask $level < "$a2" > "$m/a2"
        if cmp -s "$m/a" "$m/a2"; then
            known[$label]=$level
            mask $level < "$b" > "$m/b"
            unstable+=("$label masked ($([ $level = 1 ] && echo timings || echo all numbers))")
            cmp -s "$m/a" "$m/b" || { what+=("$label (masked)"); short_diff "$label, masked" "$m/a" "$m/b"; }
            return
        fi
    done
    incomparable+=("$label differs between the two OLD runs even with every number masked")
}

# The files a run left, one name a line (folders end in /).
list_files() {
    (cd "$1" && find . -mindepth 1 \( -type d -printf '%P/\n' -o -printf '%P\n' \) | LC_ALL=C sort)
}

compare_case() {
    local id=$1 s s2 sn f
    what=() diffs="" unstable=() incomparable=()
    s=$(cat "$OUT/old/$id.status") s2=$(cat "$OUT/old2/$id.status") sn=$(cat "$OUT/new/$id.status")
    if [ "$s" != "$s2" ]; then
        incomparable+=("exit status varies between the two OLD runs ($s, $s2)")
    elif [ "$s" != "$sn" ]; then
        what+=("status $s -> $sn")
    fi
    compare_part stdout "$OUT/old/$id.out" "$OUT/old2/$id.out" "$OUT/new/$id.out"
    compare_part stderr "$OUT/old/$id.err" "$OUT/old2/$id.err" "$OUT/new/$id.err"
    list_files "$OUT/old/$id.files" > "$OUT/.mask/la"
    list_files "$OUT/old2/$id.files" > "$OUT/.mask/la2"
    list_files "$OUT/new/$id.files" > "$OUT/.mask/lb"
    if ! cmp -s "$OUT/.mask/la" "$OUT/.mask/la2"; then
        incomparable+=("the files written vary between the two OLD runs")
    elif ! cmp -s "$OUT/.mask/la" "$OUT/.mask/lb"; then
        what+=("file names")
        short_diff "file names" "$OUT/.mask/la" "$OUT/.mask/lb"
    fi
    # Every regular file present on both sides, byte for byte.
    while IFS= read -r f; do
        case $f in */) continue ;; esac
        [ -f "$OUT/new/$id.files/$f" ] || continue
        [ -f "$OUT/old2/$id.files/$f" ] || continue
        compare_part "file $f" "$OUT/old/$id.files/$f" "$OUT/old2/$id.files/$f" "$OUT/new/$id.files/$f"
    done < "$OUT/.mask/la"
}

# --- Main loop --------------------------------------------------------------

n=0 ndiff=0 nskip=0 nunstable=0
declare -A seen=()
diff_ids=() skip_ids=() unstable_ids=()
echo "golden: OLD $OLD_DIR, NEW $NEW_DIR, outputs in $OUT"

while IFS= read -r line; do
    line=$(trim "$line")
    case $line in '' | '#'*) continue ;; esac
    id=$(trim "${line%%|*}")
    rest=${line#*|}
    stdin=$(trim "${rest%%|*}")
    cmd=$(trim "${rest#*|}")
    if [ -n "${seen[$id]:-}" ]; then
        echo "golden: case id $id is given twice" >&2
        exit 2
    fi
    seen[$id]=1
    [[ $id =~ $ONLY ]] || continue
    n=$((n + 1))

    # What the case needs: examples built on both sides, the puzzle sets.
    why=""
    if [[ $cmd == *'$PUZZLES'* || $stdin == *'$PUZZLES'* ]] && [ ! -d "$PUZZLES" ]; then
        why="no puzzle sets at $PUZZLES"
    fi
    rx='\$EXAMPLES/([A-Za-z0-9_]+)'
    tmp=$cmd
    while [[ $tmp =~ $rx ]]; do
        ex=${BASH_REMATCH[1]}
        for dir in "$OLD_DIR" "$NEW_DIR"; do
            [ -x "$dir/target/release/examples/$ex" ] ||
                why+="${why:+; }example $ex not built in $dir (cargo build --release --examples)"
        done
        tmp=${tmp#*"${BASH_REMATCH[0]}"}
    done
    if [ -n "$why" ]; then
        echo "SKIPPED  $id: $why"
        nskip=$((nskip + 1))
        skip_ids+=("$id")
        continue
    fi

    if [ "$stdin" = "--" ]; then in=/dev/null; else in=$(expand "$stdin"); fi
    known=()
    for side in old old2 new; do
        run "$side" "$id" "$in" "$cmd"
    done
    compare_case "$id"
    # Two OLD runs can agree by chance (times printed to the millisecond):
    # before reporting a difference, run OLD again (up to 3 times, into
    # old2/) and compare once more, so that a stream OLD itself does not
    # repeat is found unstable and compared masked.
    for retry in 1 2 3; do
        [ ${#what[@]} -gt 0 ] && [ ${#incomparable[@]} -eq 0 ] || break
        run old2 "$id" "$in" "$cmd"
        compare_case "$id"
    done

    if [ ${#incomparable[@]} -gt 0 ]; then
        echo "SKIPPED  $id: unstable, not comparable: $(IFS=';'; echo "${incomparable[*]}")  [$cmd]"
        nskip=$((nskip + 1))
        skip_ids+=("$id")
    fi
    if [ ${#unstable[@]} -gt 0 ]; then
        echo "UNSTABLE $id: $(IFS=','; echo "${unstable[*]}")"
        nunstable=$((nunstable + 1))
        unstable_ids+=("$id")
    fi
    if [ ${#what[@]} -gt 0 ]; then
        echo "DIFF     $id [$(IFS=','; echo "${what[*]}")] $cmd"
        printf '%s' "$diffs"
        ndiff=$((ndiff + 1))
        diff_ids+=("$id")
    fi
done <<< "$CASES"

t1=$(date +%s)
rm -rf "$OUT/.cwd" "$OUT/.tmp" "$OUT/.mask" "$OUT/.bin"
if [ ${#unstable_ids[@]} -gt 0 ]; then
    echo "golden: unstable (their OLD runs differ; compared after masking): ${unstable_ids[*]}"
fi
if [ "$nskip" -gt 0 ]; then
    echo "golden: WARNING: $nskip case(s) SKIPPED, not compared: ${skip_ids[*]}"
fi
[ "$ndiff" -eq 0 ] || echo "golden: differ: ${diff_ids[*]}"
echo "golden: $n cases, $ndiff differ, $nskip skipped ($nunstable unstable, compared after masking)"
echo "golden: run time $((t1 - t0)) s; outputs in $OUT"
[ "$ndiff" -eq 0 ] || exit 1
exit 0
