"""exactcover: exact cover (Knuth's Dancing Links: Algorithms X, C, M, Z,
minimum-cost covers) and Sudoku of every shape, on a Rust engine.

Exact cover in xcover's words::

    >>> import exactcover
    >>> list(exactcover.covers([[1, 2], [3], [1], [2, 3]]))
    [[0, 1], [2, 3]]
    >>> exactcover.count([[1, 2], [3], [1], [2, 3]])
    2

Sudoku::

    >>> str(exactcover.Sudoku("1.3..4..2......1").solve())
    '1234341221434321'

Searches run without the GIL, stop on Ctrl-C (``KeyboardInterrupt``) and
take ``timeout=`` (seconds) and ``max_nodes=`` budgets; counts are exact
Python ints. See docs/python.md in the repository.
"""

from ._errors import (
    CountOverflow,
    ExactCoverError,
    InputError,
    Interrupted,
    ParseError,
    SudokuError,
)
from ._problem import (
    Problem,
    Reduction,
    Zdd,
    cheapest,
    count,
    count_bool,
    covers,
    covers_bool,
    covers_options,
    first,
    zdd,
)
from ._sudoku import Explanation, Grade, Hint, Sudoku

__version__ = "0.1.0"

__all__ = [
    "CountOverflow",
    "ExactCoverError",
    "Explanation",
    "Grade",
    "Hint",
    "InputError",
    "Interrupted",
    "ParseError",
    "Problem",
    "Reduction",
    "Sudoku",
    "SudokuError",
    "Zdd",
    "cheapest",
    "count",
    "count_bool",
    "covers",
    "covers_bool",
    "covers_options",
    "first",
    "zdd",
]
