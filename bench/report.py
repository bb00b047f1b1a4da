#!/usr/bin/env python3
"""Markdown tables from the criterion results of bench/benches/sudoku.rs and
bench/benches/generic.rs.

Usage: python3 bench/report.py [CRITERION_DIR]

CRITERION_DIR defaults to target/criterion of the workspace. For every benchmark
it reads new/benchmark.json (group, solver, throughput) and new/estimates.json
(the median time of one iteration), and prints to standard output:

* for each Sudoku group (those with a throughput, "SET: MODE"): puzzles per
  second of every solver, and exactcover's speed divided by each peer's
  (above 1: exactcover is faster; below 1: the peer is);
* the same table from CRITERION_DIR/interleaved.json, which bench/benches/sudoku.rs
  writes after criterion: for each set, rounds of one pass of every solver
  in turn (at least 15 rounds and 3 s), and the median pass of each;
* for each generic group (no throughput): the median time of one run of every
  solver, and the same speed ratio (the peer's time divided by exactcover's).

Only compare numbers from one run on one machine: the results of older runs
that are still in CRITERION_DIR are printed too, so the header gives the time
span of the files read.
"""

import datetime
import json
import os
import pathlib
import platform
import sys

OURS = "exactcover"
SOLVER_ORDER = [OURS, "sudoku", "dlx", "reference"]
SET_ORDER = ["17_clue", "magictour_top1465", "forum_hardest_1905", "serg_benchmark"]
MODE_ORDER = ["first solution", "count to 2"]
GENERIC_ORDER = [
    "queens 13",
    "langford 12",
    "pentominoes 6x10 (X in a quarter)",
    "pentominoes 6x10",
    "sudoku 6x6 (first row fixed)",
    "sudoku 6x6 empty",
]


def rank(order, name):
    return (order.index(name), name) if name in order else (len(order), name)


def load(root):
    """group -> solver -> (median seconds, elements or None), and mtimes."""
    groups = {}
    mtimes = []
    for estimates in sorted(root.glob("**/new/estimates.json")):
        bench = estimates.with_name("benchmark.json")
        if not bench.exists():
            continue
        meta = json.loads(bench.read_text())
        median_ns = json.loads(estimates.read_text())["median"]["point_estimate"]
        elements = (meta.get("throughput") or {}).get("Elements")
        groups.setdefault(meta["group_id"], {})[meta["function_id"]] = (median_ns * 1e-9, elements)
        mtimes.append(estimates.stat().st_mtime)
    return groups, mtimes


def solvers_of(groups):
    names = {solver for results in groups.values() for solver in results}
    return sorted(names, key=lambda s: rank(SOLVER_ORDER, s))


def rate(value):
    return f"{value:,.0f}"


def ratio(ours, theirs):
    return f"{ours / theirs:.2f}x"


def duration(seconds):
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.1f} us"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join("---" if k < 2 else "---:" for k in range(len(header))) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def sudoku_table(groups):
    solvers = solvers_of(groups)
    peers = [s for s in solvers if s != OURS]
    header = ["set", "mode", "puzzles"] + [f"{s} (puzzles/s)" for s in solvers]
    header += [f"{OURS} / {p}" for p in peers]
    keyed = []
    for group, results in groups.items():
        label, _, mode = group.partition(": ")
        keyed.append(((rank(SET_ORDER, label), rank(MODE_ORDER, mode)), label, mode, results))
    rows = []
    for _, label, mode, results in sorted(keyed, key=lambda k: k[0]):
        count = max(e for _, e in results.values())
        speed = {s: e / t for s, (t, e) in results.items()}
        row = [label, mode, str(count)]
        row += [rate(speed[s]) if s in speed else "-" for s in solvers]
        row += [
            ratio(speed[OURS], speed[p]) if OURS in speed and p in speed else "-" for p in peers
        ]
        rows.append(row)
    return table(header, rows)


def generic_table(groups):
    solvers = solvers_of(groups)
    peers = [s for s in solvers if s != OURS]
    header = ["problem", "solutions"] + [f"{s} (time per run)" for s in solvers]
    header += [f"{OURS} / {p} (speed)" for p in peers]
    rows = []
    for group in sorted(groups, key=lambda g: rank(GENERIC_ORDER, g)):
        results = groups[group]
        time = {s: t for s, (t, _) in results.items()}
        row = [group, SOLUTIONS.get(group, "?")]
        row += [duration(time[s]) if s in time else "-" for s in solvers]
        row += [ratio(time[p], time[OURS]) if OURS in time and p in time else "-" for p in peers]
        rows.append(row)
    return table(header, rows)


SOLUTIONS = {
    "queens 13": "73,712",
    "langford 12": "216,288",
    "pentominoes 6x10 (X in a quarter)": "2,339",
    "pentominoes 6x10": "9,356",
    "sudoku 6x6 (first row fixed)": "39,168",
    "sudoku 6x6 empty": "28,200,960",
}


def machine():
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} logical CPUs ({cpu})"


def main():
    default = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else default
    groups, mtimes = load(root)
    if not groups:
        print(f"no criterion results in {root}: run `cargo bench --bench sudoku` "
              "and `cargo bench --bench generic` first", file=sys.stderr)
        return 1
    when = [datetime.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M") for t in (min(mtimes), max(mtimes))]
    print(f"Criterion medians from {root}, written {when[0]} to {when[1]}, on {machine()}.")
    print()
    sudoku = {g: r for g, r in groups.items() if any(e for _, e in r.values())}
    generic = {g: r for g, r in groups.items() if g not in sudoku}
    if sudoku:
        print("Sudoku: puzzles per second over each sample (higher is better); "
              f"`{OURS} / peer` is exactcover's speed divided by the peer's.")
        print()
        print(sudoku_table(sudoku))
        print()
    interleaved = root / "interleaved.json"
    if interleaved.exists():
        rows = json.loads(interleaved.read_text())
        groups_i = {}
        for r in rows:
            group = f"{r['set']}: {r['mode']}"
            groups_i.setdefault(group, {})[r["solver"]] = (r["median_pass_s"], r["puzzles"])
        written = datetime.datetime.fromtimestamp(interleaved.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        print(f"Sudoku, interleaved (written {written}): the same samples, rounds of one pass "
              "of every solver in turn (at least 15 rounds and 3 s per set and mode), the median "
              "pass of each: the solvers meet the same machine.")
        print()
        print(sudoku_table(groups_i))
        print()
    if generic:
        print("Generic exact cover: median time of one complete count (lower is better); "
              f"`{OURS} / peer` is the peer's time divided by exactcover's.")
        print()
        print(generic_table(generic))
    return 0


if __name__ == "__main__":
    sys.exit(main())
