"""Sudoku against the published puzzle sets of ../shared/data/puzzles
(SOURCES.md: every puzzle of top95, hardest, magictour and the 17-clue set
has exactly one solution; every puzzle of serg_benchmark has two or more)."""

import itertools

import pytest

import exactcover as ec


def lines(path, n=None):
    with open(path, encoding="ascii") as f:
        return [line.rstrip("\n") for line in itertools.islice(f, n)]


def valid_solution(puzzle, solution):
    """The solution keeps the givens and every row, column and box holds
    1..9 once."""
    rows = solution.rows()
    if any(p not in ".0" and p != str(v) for p, v in zip(str(puzzle), sum(rows, []))):
        return False
    full = set(range(1, 10))
    units = rows + [list(c) for c in zip(*rows)]
    units += [[rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(set(u) == full for u in units)


@pytest.mark.parametrize("name", ["top95.txt", "hardest.txt"])
def test_published_hard_sets_solve_uniquely(puzzles_dir, name):
    for line in lines(puzzles_dir / name):
        s = ec.Sudoku(line)
        solution = s.solve()
        assert solution is not None and valid_solution(s, solution), line
        assert s.is_unique(), line
        assert s.count() == 1


def test_seventeen_clue_puzzles_are_unique(puzzles_dir):
    for line in lines(puzzles_dir / "puzzles2_17_clue", 300):
        s = ec.Sudoku(line)
        assert s.givens == 17
        assert s.is_unique(), line
        assert valid_solution(s, s.solve())


def test_serg_benchmark_puzzles_have_several_solutions(puzzles_dir):
    for line in lines(puzzles_dir / "puzzles7_serg_benchmark", 100):
        s = ec.Sudoku(line)
        assert s.count(limit=2) == 2, line
        assert not s.is_unique()


def test_leetcode_board_and_lists_of_ints():
    # LeetCode 37's example board and its published solution.
    board = [
        ["5", "3", ".", ".", "7", ".", ".", ".", "."],
        ["6", ".", ".", "1", "9", "5", ".", ".", "."],
        [".", "9", "8", ".", ".", ".", ".", "6", "."],
        ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
        ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
        ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
        [".", "6", ".", ".", ".", ".", "2", "8", "."],
        [".", ".", ".", "4", "1", "9", ".", ".", "5"],
        [".", ".", ".", ".", "8", ".", ".", "7", "9"],
    ]
    solved = [
        ["5", "3", "4", "6", "7", "8", "9", "1", "2"],
        ["6", "7", "2", "1", "9", "5", "3", "4", "8"],
        ["1", "9", "8", "3", "4", "2", "5", "6", "7"],
        ["8", "5", "9", "7", "6", "1", "4", "2", "3"],
        ["4", "2", "6", "8", "5", "3", "7", "9", "1"],
        ["7", "1", "3", "9", "2", "4", "8", "5", "6"],
        ["9", "6", "1", "5", "3", "7", "2", "8", "4"],
        ["2", "8", "7", "4", "1", "9", "6", "3", "5"],
        ["3", "4", "5", "2", "8", "6", "1", "7", "9"],
    ]
    s = ec.Sudoku(board)
    assert s.solve().board() == solved
    ints = [[0 if c == "." else int(c) for c in row] for row in board]
    assert ec.Sudoku(ints) == s
    assert ec.Sudoku(ints).solve().rows() == [[int(c) for c in row] for row in solved]


def test_other_box_shapes():
    s = ec.Sudoku("1.3..4..2......1")
    assert s.size == 4 and s.box == "2x2"
    assert str(s.solve()) == "1234341221434321"
    six = ec.Sudoku.generate(6, seed=3)
    assert six.box == "2x3" and six.is_unique() and six.minimal
    assert six.solution == six.solve()
    empty4 = ec.Sudoku("." * 16)
    # The number of 4x4 Sudoku grids is 288 (OEIS A107739).
    assert empty4.count() == 288


def test_hint_explain_grade():
    puzzle = ec.Sudoku(lines_first_top95())
    h = puzzle.hint()
    assert h is not None and h.technique and h.text and (h.place or h.eliminate)
    easy = ec.Sudoku.generate(9, seed=1, difficulty=(1.0, 1.5))
    walk = easy.explain()
    assert walk.solved and walk.grid == easy.solution
    assert len(walk.steps) >= 81 - easy.givens
    assert all(str(step) for step in walk.steps) and "solved" in str(walk)
    g = easy.grade()
    assert g.score <= 1.5 and g.difficulty in {"easy", "medium"}
    assert g.hardest in {"hidden single", "naked single"}
    assert g.level in {"naked-singles", "singles", "easy", "medium", "hard", "fiendish"}


def lines_first_top95():
    import conftest

    return lines(conftest.PUZZLES / "top95.txt", 1)[0]


def test_generate_is_reproducible_and_symmetric():
    a = ec.Sudoku.generate(9, seed=42, symmetry="rot180")
    b = ec.Sudoku.generate(9, seed=42, symmetry="rot180")
    assert a == b and a.is_unique()
    cells = str(a)
    assert all((cells[k] == ".") == (cells[80 - k] == ".") for k in range(81))
    c = ec.Sudoku.generate(9, seed=42, index=1)
    assert c != a


def test_fpuzzles_variant():
    import base64
    import json
    import zlib

    # An X-Sudoku (both diagonals) with no givens, in f-puzzles' JSON.
    grid = [[{} for _ in range(9)] for _ in range(9)]
    text = json.dumps({"size": 9, "grid": grid, "diagonal+": True, "diagonal-": True})
    s = ec.Sudoku.from_fpuzzles(text)
    assert s.is_variant
    solved = s.solve()
    rows = solved.rows()
    assert sorted(rows[i][i] for i in range(9)) == list(range(1, 10))
    assert sorted(rows[i][8 - i] for i in range(9)) == list(range(1, 10))
    again = ec.Sudoku.from_fpuzzles(s.to_fpuzzles())
    assert again.is_variant
    del base64, zlib
