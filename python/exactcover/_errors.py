"""The exceptions of exactcover: every failure is one of these (or a
builtin: TypeError for a wrong type, MemoryError when a matrix cannot be
allocated, KeyboardInterrupt on Ctrl-C)."""

from __future__ import annotations

from typing import Any, Optional


class ExactCoverError(Exception):
    """The base of exactcover's own exceptions."""

    def __init__(self, message: str, **attrs: Any) -> None:
        super().__init__(message)
        self.message = message
        for key, value in attrs.items():
            setattr(self, key, value)


class InputError(ExactCoverError, ValueError):
    """A problem given wrong: an unknown or repeated item, an empty name,
    a colour on a primary item, bad bounds or costs.

    ``option`` and ``item`` say where (numbers from 0, or None).
    """

    option: Optional[int] = None
    item: Optional[int] = None


class ParseError(InputError):
    """A text that cannot be read (Knuth's format, a Sudoku grid,
    f-puzzles JSON). ``line`` and ``column`` say where, counted from 1 (a
    Sudoku grid's row and column), or are None."""

    line: Optional[int] = None
    column: Optional[int] = None


class SudokuError(ExactCoverError, ValueError):
    """A Sudoku that cannot be answered: givens that break a rule, no
    solution where one is needed, rules that make no grid."""


class Interrupted(ExactCoverError):
    """The search ran out of its budget (``timeout=`` or ``max_nodes=``)
    before its answer.

    ``reason`` is ``"timeout"`` or ``"max_nodes"``; ``solutions`` the
    solutions found until then (a lower bound of the count); ``nodes`` the
    nodes searched.
    """

    reason: str = ""
    solutions: int = 0
    nodes: int = 0


class CountOverflow(ExactCoverError, OverflowError):
    """A count past 2^128 - 1, the largest the engine counts exactly (it is
    refused, never wrapped)."""


__all__ = [
    "ExactCoverError",
    "InputError",
    "ParseError",
    "SudokuError",
    "Interrupted",
    "CountOverflow",
]
