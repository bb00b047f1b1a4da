"""Sudoku of every box shape and variant, on the engine."""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Tuple, Union

from . import _native
from ._errors import InputError

Place = Tuple[int, int, int]

# Sudoku Explainer's scale cut into the library's difficulty words
# (exactcover::sudoku::Difficulty::of: easy below 1.5, medium below 2.5,
# hard below 5.0), as the inclusive bands the generator takes; the scale's
# steps are tenths.
DIFFICULTY_BANDS = {
    "easy": (0.0, 1.4),
    "medium": (1.5, 2.4),
    "hard": (2.5, 4.9),
    "diabolical": (5.0, 100.0),
}


@dataclass(frozen=True)
class Hint:
    """One step of logic: the technique, its difficulty on Sudoku
    Explainer's scale, the digits it places and the candidates it removes
    as ``(row, column, digit)`` counted from 1, and the sentence."""

    technique: str
    difficulty: float
    place: List[Place]
    eliminate: List[Place]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Explanation:
    """A solve by logic, step by step: the steps (data), how it ended (in
    words), whether it solved the puzzle, and the grid reached."""

    steps: List[Hint]
    end: str
    solved: bool
    grid: "Sudoku"

    def sentences(self) -> List[str]:
        """Every step as a sentence, then the end."""
        return [h.text for h in self.steps] + [self.end]

    def __str__(self) -> str:
        return "\n".join(self.sentences())


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is. ``level`` from the search (``naked-singles``,
    ``singles``, ``easy``, ``medium``, ``hard``, ``fiendish``) with the
    mean ``guesses``, ``naked_singles``, ``hidden_singles`` and ``nodes``
    of seeded searches; ``score`` and ``difficulty`` from the solve by
    logic, on Sudoku Explainer's scale, with its ``hardest`` technique."""

    level: str
    guesses: float
    naked_singles: float
    hidden_singles: float
    nodes: float
    score: float
    difficulty: str
    hardest: Optional[str]
    steps: int


Cell = Union[int, str, None]


class Sudoku:
    """A Sudoku puzzle of any box shape (4x4, 6x6, 9x9, 12x12, 16x16,
    25x25...), classic or a variant read from f-puzzles.

    Made from a string (one line, ``.`` or ``0`` for empty, or a block of
    lines), a list of lists (LeetCode's board of ``"5"``/``"."``, or ints
    with 0 or None for empty), or :meth:`from_fpuzzles`. ``box`` is the
    box shape ``"RxC"`` when the size alone does not say it (``"2x3"`` for
    6x6 is the default).

    >>> s = Sudoku("1.3..4..2......1")
    >>> str(s.solve())
    '1234341221434321'
    >>> s.is_unique()
    True
    """

    def __init__(
        self,
        puzzle: Union[str, Sequence[Sequence[Cell]], "Sudoku"],
        box: Optional[str] = None,
    ) -> None:
        if isinstance(puzzle, Sudoku):
            self._board: _native.Board = puzzle._board
            return
        if isinstance(puzzle, str):
            self._board = _native.Board.parse(puzzle, box)
            return
        if isinstance(puzzle, bytes) or not hasattr(puzzle, "__iter__"):
            raise TypeError(
                f"a Sudoku is made from a string or a list of rows, not {type(puzzle).__name__}"
            )
        rows = [list(r) if not isinstance(r, str) else list(r) for r in puzzle]
        n = len(rows)
        for r, row in enumerate(rows):
            if len(row) != n:
                from ._errors import ParseError

                raise ParseError(f"row {r + 1} has {len(row)} cells, not {n}", line=r + 1)
        values: List[int] = []
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                values.append(_cell_value(cell, r, c, n))
        self._board = _native.Board.from_values(n, values, box)

    @classmethod
    def _of(cls, board: "_native.Board") -> "Sudoku":
        s = cls.__new__(cls)
        s._board = board
        return s

    @classmethod
    def from_fpuzzles(cls, source: Union[str, "os.PathLike[str]"]) -> "Sudoku":
        """A puzzle and its rules (jigsaw regions, diagonals, windows,
        killer cages, anti-knight, anti-king...) from f-puzzles JSON: the
        text, or the path of a file holding it."""
        text = str(source)
        if not text.lstrip().startswith("{") and os.path.exists(text):
            with open(text, encoding="utf-8") as f:
                text = f.read()
        return cls._of(_native.Board.from_fpuzzles(text))

    def to_fpuzzles(self) -> str:
        """The puzzle and its rules as f-puzzles JSON."""
        return self._board.to_fpuzzles()

    # Reading

    @property
    def size(self) -> int:
        """The number of rows (and columns, and digits)."""
        return self._board.size

    @property
    def box(self) -> str:
        """The box shape, ``"RxC"``."""
        return self._board.box_shape

    @property
    def is_variant(self) -> bool:
        """Whether the rules are other than the classic ones."""
        return self._board.is_variant

    def rows(self) -> List[List[int]]:
        """The grid as rows of values, 0 for empty."""
        v = self._board.values()
        n = self.size
        return [v[r * n : (r + 1) * n] for r in range(n)]

    def board(self) -> List[List[str]]:
        """The grid as LeetCode's board: rows of one-character strings,
        ``"."`` for empty."""
        line = self._board.line()
        n = self.size
        return [list(line[r * n : (r + 1) * n]) for r in range(n)]

    @property
    def givens(self) -> int:
        """The number of filled cells."""
        return sum(1 for v in self._board.values() if v)

    def __str__(self) -> str:
        return self._board.line()

    def block(self) -> str:
        """The grid in lines, with box separators."""
        return self._board.block()

    def __repr__(self) -> str:
        kind = " variant" if self.is_variant else ""
        return f"Sudoku({self._board.line()!r}{'' if self.box in ('3x3', '2x2') else ', box=' + repr(self.box)}){kind}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sudoku) and self._board == other._board

    def __hash__(self) -> int:
        return hash(self._board.line())

    def _repr_html_(self) -> str:
        """The board as a table with the boxes drawn."""
        n = self.size
        br, bc = (int(x) for x in self.box.split("x"))
        v = self._board.line()
        rows = []
        for r in range(n):
            cells = []
            for c in range(n):
                ch = v[r * n + c]
                style = "width:1.6em;height:1.6em;text-align:center;border:1px solid #999;"
                if r % br == 0:
                    style += "border-top:2px solid #000;"
                if c % bc == 0:
                    style += "border-left:2px solid #000;"
                if r == n - 1:
                    style += "border-bottom:2px solid #000;"
                if c == n - 1:
                    style += "border-right:2px solid #000;"
                cells.append(f"<td style='{style}'>{html.escape('' if ch == '.' else ch)}</td>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        return "<table style='border-collapse:collapse'>" + "".join(rows) + "</table>"

    # Questions

    def solve(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> Optional["Sudoku"]:
        """The solution (the first found when there are several), or None."""
        solved = self._board.solve(timeout, max_nodes)
        return None if solved is None else Sudoku._of(solved)

    def count(
        self,
        limit: Optional[int] = None,
        *,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> int:
        """The number of solutions, stopping at ``limit``."""
        if limit is not None and limit < 1:
            raise InputError(f"limit must be 1 or more, not {limit}")
        return self._board.count(limit, timeout, max_nodes)

    def is_unique(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> bool:
        """Whether the puzzle has exactly one solution."""
        return self._board.count(2, timeout, max_nodes) == 1

    def hint(self) -> Optional[Hint]:
        """The next step of logic (the easiest that applies), or None when
        no technique applies or the grid is full. :class:`SudokuError` when
        the givens break a rule or leave no solution."""
        h = self._board.hint()
        return None if h is None else Hint(*h)

    def explain(self) -> Explanation:
        """Every step of logic to the end: steps as data (:class:`Hint`)
        and as sentences (``str()``)."""
        steps, end, solved, grid = self._board.explain()
        return Explanation([Hint(*s) for s in steps], end, solved, Sudoku._of(grid))

    def grade(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> Grade:
        """How hard the puzzle is, by search and by logic (see
        :class:`Grade`). :class:`SudokuError` when it is not unique."""
        level, guesses, naked, hidden, nodes = self._board.grade(timeout, max_nodes)
        score, difficulty, hardest, steps = self._board.rate(timeout, max_nodes)
        return Grade(level, guesses, naked, hidden, nodes, score, difficulty, hardest, steps)

    @classmethod
    def generate(
        cls,
        size: int = 9,
        *,
        box: Optional[str] = None,
        seed: int = 0,
        index: int = 0,
        symmetry: str = "none",
        clues: Optional[int] = None,
        difficulty: Union[str, Tuple[float, float], None] = None,
        minimal: bool = True,
        rules: Optional["Sudoku"] = None,
        attempts: Optional[int] = None,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> "Sudoku":
        """A new puzzle with a unique solution, a function of ``seed`` and
        ``index`` alone. ``symmetry``: ``none``, ``rot180``, ``rot90``,
        ``mirror``, ``diagonal`` (clues taken away in groups);
        ``clues``: the number of clues wanted; ``difficulty``: a band on
        Sudoku Explainer's scale ``(lo, hi)`` or one of ``easy``,
        ``medium``, ``hard``, ``diabolical``; ``rules``: a variant puzzle
        whose rules the new one follows. ``minimal=True`` (the only kind
        made): no clue can be taken away without losing uniqueness;
        ``puzzle.minimal`` is False when a budget left that undecided. The
        solution is ``puzzle.solution``."""
        if not minimal:
            raise InputError("the generator makes minimal puzzles only: minimal=False is not offered")
        if box is None:
            box = {4: "2x2", 6: "2x3", 8: "2x4", 9: "3x3", 10: "2x5", 12: "3x4", 16: "4x4", 25: "5x5"}.get(size)
            if box is None:
                raise InputError(f"give the box shape of a size-{size} grid: box='RxC'")
        band = None
        if isinstance(difficulty, str):
            if difficulty not in DIFFICULTY_BANDS:
                raise InputError(
                    f"difficulty {difficulty!r} is none of {', '.join(DIFFICULTY_BANDS)}"
                )
            band = DIFFICULTY_BANDS[difficulty]
        elif difficulty is not None:
            lo, hi = difficulty
            band = (float(lo), float(hi))
        puzzle, solution, tries, undecided = _native.Board.generate(
            box,
            seed,
            index,
            symmetry,
            clues,
            band,
            None,
            attempts,
            None if rules is None else rules._board,
            timeout,
            max_nodes,
        )
        made = cls._of(puzzle)
        made.solution = cls._of(solution)  # type: ignore[attr-defined]
        made.minimal = undecided == 0  # type: ignore[attr-defined]
        made.attempts = tries  # type: ignore[attr-defined]
        return made


def _cell_value(cell: Any, r: int, c: int, n: int) -> int:
    from ._errors import ParseError

    if cell is None:
        return 0
    if isinstance(cell, bool):
        raise TypeError(f"cell ({r + 1}, {c + 1}) is a bool")
    if isinstance(cell, int):
        value = cell
    elif isinstance(cell, str):
        if cell in (".", "0", "", " "):
            return 0
        if cell.isdigit():
            value = int(cell)
        elif len(cell) == 1 and cell.isalpha() and n > 9:
            value = ord(cell.upper()) - ord("A") + 10
        else:
            raise ParseError(f"cell ({r + 1}, {c + 1}): {cell!r} is no digit", line=r + 1, column=c + 1)
    else:
        try:
            value = int(cell)  # numpy integers
        except (TypeError, ValueError):
            raise TypeError(
                f"cell ({r + 1}, {c + 1}) is a {type(cell).__name__}, not an int or a string"
            ) from None
    if not 0 <= value <= n:
        raise ParseError(f"cell ({r + 1}, {c + 1}): {value} is not in 0..{n}", line=r + 1, column=c + 1)
    return value
