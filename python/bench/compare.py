"""Paired timings of exactcover against the exact-cover packages of PyPI,
same problems, same session: xcover (numba; its first call, JIT included,
timed apart in a fresh process), exact_cover (C, Algorithm X) and miniexact
(C, Algorithm X), counting and listing.

    pip install ./python xcover exact-cover miniexact exact-cover-samples
    python python/bench/compare.py [--rounds 3] [--shared ../shared]

Prints a Markdown table of medians (seconds) over the rounds, the solvers
taking turns within each round. A peer that is not installed is left out
and said so. Not a test: figures go to docs/python.md.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import pathlib
import statistics
import subprocess
import sys
import time

import numpy as np

import exactcover as ec


def queens(n):
    rows = []
    for r in range(n):
        for c in range(n):
            row = np.zeros(2 * n + 2 * (2 * n - 1), dtype=bool)
            row[r] = row[n + c] = True
            row[2 * n + r + c] = True
            row[2 * n + (2 * n - 1) + (r - c + n - 1)] = True
            rows.append(row)
    return np.array(rows), 2 * n  # primary columns first


def langford(n):
    rows = []
    for i in range(1, n + 1):
        for j in range(2 * n - i - 1):
            row = np.zeros(3 * n, dtype=bool)
            row[i - 1] = row[n + j] = row[n + j + i + 1] = True
            rows.append(row)
    return np.array(rows), 3 * n


def sudoku_matrix(line):
    """The 9x9 puzzle as a boolean matrix: 324 columns, one row per
    candidate the givens allow (a given cell keeps its digit's row only),
    and the (row, column, digit) of each row."""
    rows, meaning = [], []
    for r in range(9):
        for c in range(9):
            ch = line[r * 9 + c]
            digits = [int(ch)] if ch not in ".0" else range(1, 10)
            for d in digits:
                row = np.zeros(324, dtype=bool)
                b = (r // 3) * 3 + c // 3
                row[r * 9 + c] = row[81 + r * 9 + d - 1] = True
                row[162 + c * 9 + d - 1] = row[243 + b * 9 + d - 1] = True
                rows.append(row)
                meaning.append((r, c, d))
    return np.array(rows), meaning


def options_of(matrix):
    return [np.flatnonzero(row).tolist() for row in matrix]


class Peer:
    name = ""

    def count(self, matrix, primary):
        raise NotImplementedError

    def first(self, matrix, primary):
        raise NotImplementedError


class ExactCover(Peer):
    name = "exactcover"

    def count(self, matrix, primary):
        return ec.count_bool(matrix) if primary == matrix.shape[1] else ec.count(
            options_of(matrix), primary=range(primary), secondary=range(primary, matrix.shape[1])
        )

    def first(self, matrix, primary):
        return next(ec.covers_bool(matrix), None)


class XCover(Peer):
    name = "xcover"

    def __init__(self):
        self.x = importlib.import_module("xcover")

    def count(self, matrix, primary):
        if primary == matrix.shape[1]:
            return sum(1 for _ in self.x.covers_bool(matrix))
        return sum(
            1
            for _ in self.x.covers(
                options_of(matrix), primary=list(range(primary)), secondary=list(range(primary, matrix.shape[1]))
            )
        )

    def first(self, matrix, primary):
        return next(self.x.covers_bool(matrix), None)


class ExactCoverC(Peer):
    name = "exact_cover"

    def __init__(self):
        self.x = importlib.import_module("exact_cover")

    def count(self, matrix, primary):
        if primary != matrix.shape[1]:
            return None  # no secondary items
        return int(self.x.get_solution_count(matrix))

    def first(self, matrix, primary):
        return self.x.get_exact_cover(matrix)


class MiniExact(Peer):
    name = "miniexact"

    def __init__(self):
        self.x = importlib.import_module("miniexact")

    def _solver(self, matrix, primary):
        s = self.x.miniexacts_x()
        items = [s.primary(f"i{c}") for c in range(primary)]
        items += [s.secondary(f"i{c}") for c in range(primary, matrix.shape[1])]
        for row in matrix:
            s.add([items[c] for c in np.flatnonzero(row)])
        return s

    def count(self, matrix, primary):
        s = self._solver(matrix, primary)
        n = 0
        while s.solve() == 10:
            n += 1
        return n

    def first(self, matrix, primary):
        s = self._solver(matrix, primary)
        return s.selected_options() if s.solve() == 10 else None


def xcover_first_call():
    """Seconds of a fresh process's import of xcover and first call (its
    JIT compilation), minus the same process's second call."""
    code = (
        "import time, numpy as np\n"
        "t = time.perf_counter(); import xcover\n"
        "m = np.array([[1,0],[0,1],[1,1]], dtype=bool)\n"
        "list(xcover.covers_bool(m)); a = time.perf_counter() - t\n"
        "t = time.perf_counter(); list(xcover.covers_bool(m)); b = time.perf_counter() - t\n"
        "print(a, b)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [float(x) for x in out.stdout.split()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--shared", default=str(pathlib.Path(__file__).resolve().parents[3] / "shared"))
    args = ap.parse_args()

    peers = [ExactCover()]
    for cls in (XCover, ExactCoverC, MiniExact):
        try:
            peers.append(cls())
        except ImportError as e:
            print(f"# {cls.name} is not installed ({e}): left out", file=sys.stderr)

    problems = []
    for n in (8, 10):
        m, p = queens(n)
        problems.append((f"queens {n} (count)", m, p))
    m, p = langford(11)
    problems.append(("Langford 11 (count)", m, p))
    try:
        samples = importlib.import_module("exact_cover_samples")
        for name in ("p3x20", "p2x5x6", "p8x8", "xc550"):
            problems.append((f"exact-cover-samples {name} (count)", samples.problems[name]()["data"], None))
    except ImportError:
        print("# exact-cover-samples is not installed: its problems are left out", file=sys.stderr)
    problems = [(name, np.ascontiguousarray(m, dtype=bool), m.shape[1] if p is None else p) for name, m, p in problems]

    puzzles = []
    top95 = pathlib.Path(args.shared) / "data" / "puzzles" / "top95.txt"
    hardest = pathlib.Path(args.shared) / "data" / "puzzles" / "hardest.txt"
    for path in (top95, hardest):
        with open(path) as f:
            puzzles += [line.strip() for line in f if line.strip()]
    puzzles = puzzles[:100]
    matrices = [sudoku_matrix(line)[0] for line in puzzles]

    times = {}
    counts = {}
    for _ in range(args.rounds):
        for name, m, p in problems:
            for peer in peers:
                t = time.perf_counter()
                c = peer.count(m, p)
                dt = time.perf_counter() - t
                if c is None:
                    continue
                times.setdefault((name, peer.name), []).append(dt)
                counts.setdefault((name, peer.name), c)
        for peer in peers:
            t = time.perf_counter()
            for m in matrices:
                peer.first(m, 324)
            times.setdefault(("100 Sudokus (top95 + hardest), first solution of each matrix", peer.name), []).append(
                time.perf_counter() - t
            )
        t = time.perf_counter()
        for line in puzzles:
            ec.Sudoku(line).solve()
        times.setdefault(("100 Sudokus, exactcover.Sudoku(line).solve()", "exactcover"), []).append(
            time.perf_counter() - t
        )

    names = [p.name for p in peers]
    print("| problem | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    rows = [name for name, _, _ in problems] + [
        "100 Sudokus (top95 + hardest), first solution of each matrix",
        "100 Sudokus, exactcover.Sudoku(line).solve()",
    ]
    for row in rows:
        cells = []
        for peer in names:
            ts = times.get((row, peer))
            if ts is None:
                cells.append("-")
                continue
            c = counts.get((row, peer))
            cells.append(f"{statistics.median(ts):.4f}" + (f" ({c})" if c is not None else ""))
        print(f"| {row} | " + " | ".join(cells) + " |")
    if "xcover" in names:
        first, second = xcover_first_call()
        print(f"\nxcover's first call in a fresh process (import and JIT): {first:.2f} s; its second call: {second:.5f} s")
    disagree = {row for (row, _), c in counts.items() if len({counts[(row, p)] for p in names if (row, p) in counts}) > 1}
    if disagree:
        print(f"\nCOUNTS DISAGREE on: {sorted(disagree)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
