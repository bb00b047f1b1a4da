"""Shared problems for the tests: built from their definitions here, with
counts from outside (OEIS, published puzzle sets, exact-cover-samples)."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("EXACTCOVER_SHARED", ROOT.parent / "shared"))
PUZZLES = SHARED / "data" / "puzzles"


def queens(n, tag=None):
    """n queens as exact cover: rows and columns primary, diagonals
    secondary; option r*n+c is a queen at (r, c)."""
    t = () if tag is None else (tag,)
    options = []
    for r in range(n):
        for c in range(n):
            options.append([t + ("r", r), t + ("c", c), t + ("a", r + c), t + ("b", r - c)])
    primary = [t + ("r", i) for i in range(n)] + [t + ("c", i) for i in range(n)]
    secondary = [t + ("a", i) for i in range(2 * n - 1)] + [t + ("b", i) for i in range(-n + 1, n)]
    return options, primary, secondary


def langford(n):
    """Langford pairs of 1..n as exact cover: digit i at positions j and
    j + i + 1 of 2n."""
    options = []
    for i in range(1, n + 1):
        for j in range(2 * n - i - 1):
            options.append([f"v{i}", f"s{j}", f"s{j + i + 1}"])
    return options


@pytest.fixture(scope="session")
def puzzles_dir():
    if not PUZZLES.is_dir():
        pytest.fail(f"the published puzzle sets are missing: {PUZZLES} (set EXACTCOVER_SHARED)")
    return PUZZLES
