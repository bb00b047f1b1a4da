"""Knuth's own programs as oracles (../shared/knuth, built by .ci/run into
$EXACTCOVER_KNUTH): the package's counts agree with DLX2's and DLX3's on the
same text (Problem.to_knuth), and ZDDREAD-COUNT reads the package's ZDD
export with the same count."""

import os
import pathlib
import re
import subprocess

import pytest

import exactcover as ec
from conftest import langford

KNUTH = os.environ.get("EXACTCOVER_KNUTH")
pytestmark = pytest.mark.skipif(
    not KNUTH, reason="EXACTCOVER_KNUTH (Knuth's programs, built by .ci/run) is not set"
)


def knuth(program, text):
    exe = pathlib.Path(KNUTH) / program
    if not exe.exists():
        pytest.fail(f"EXACTCOVER_KNUTH is set but {exe} is missing")
    out = subprocess.run([str(exe)], input=text, capture_output=True, text=True, timeout=300)
    return out.stdout + out.stderr


def knuth_count(program, text):
    m = re.search(r"Altogether (\d+) solutions?", knuth(program, text))
    assert m, f"{program} printed no count"
    return int(m.group(1))


def named_queens(n):
    p = ec.Problem(
        primary=[f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)],
        secondary=[f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)],
    )
    for r in range(n):
        for c in range(n):
            p.add_option([f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"])
    return p


@pytest.mark.parametrize(
    "problem",
    [
        named_queens(8),
        named_queens(9),
        ec.Problem.from_knuth("a b c | x y\na x:1\nb x:1 y\nc\nb c y:2\na b x:2\nc y:1\n"),
        ec.Problem.from_knuth("\n".join([" ".join(sorted({i for o in langford(7) for i in o}, key=lambda s: (s[0] != "v", int(s[1:]))))] + [" ".join(o) for o in langford(7)]) + "\n"),
    ],
    ids=["queens8", "queens9", "colours", "langford7"],
)
def test_counts_agree_with_dlx2(problem):
    assert problem.count() == knuth_count("dlx2", problem.to_knuth())


def test_multiplicities_agree_with_dlx3():
    p = ec.Problem(primary="abc")
    for option in ["a", "ab", "b", "bc", "c", "ac", "abc"]:
        p.add_option(option)
    p.set_bounds("a", 1, 2)
    p.set_bounds("b", 0, 2)
    assert "1:2|a" in p.to_knuth()
    assert p.count() == knuth_count("dlx3", p.to_knuth())


def test_zddread_counts_the_exported_zdd(tmp_path):
    for problem, expected in [(named_queens(8), 92), (named_queens(6), 4)]:
        z = problem.zdd()
        path = tmp_path / "z.zdd"
        path.write_text(z.to_knuth())
        out = subprocess.run(
            [str(pathlib.Path(KNUTH) / "zddread-count"), str(path)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        line = next((l for l in out.stdout.splitlines() if " solutions." in l), None)
        assert line is not None, out.stdout[-500:]
        assert int(line.split()[0]) == expected == z.count
