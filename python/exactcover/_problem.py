"""Exact cover in Python's words: the Problem class and the functions that
take xcover's arguments."""

from __future__ import annotations

import html
import os
import sys
from typing import (
    Any,
    Dict,
    Hashable,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from . import _native
from ._errors import InputError

Item = Hashable

# Knuth's format names items with printable characters other than white
# space, `|` and `:`, at most 30 of them (knuth::MAX_NAME).
_MAX_NAME = 30


def _knuth_name(item: Item) -> Optional[str]:
    name = str(item)
    if not name or len(name) > _MAX_NAME or any(
        c.isspace() or c in "|:" or not c.isprintable() for c in name
    ):
        return None
    return name


class Zdd:
    """The ZDD (zero-suppressed decision diagram) of every solution of a
    problem, built by Knuth's Algorithm Z: ``count`` exact however large,
    ``len()`` when it fits, iteration over every solution, uniformly random
    solutions, and export for other ZDD programs.

    >>> import exactcover
    >>> z = exactcover.zdd([[1, 2], [1], [2]])
    >>> z.count
    2
    """

    def __init__(self, native: "_native.ZddDiagram", options: Sequence[int]) -> None:
        self._native = native
        self._options = options

    @property
    def count(self) -> int:
        """The number of solutions (exact, past 2^64)."""
        return self._native.count

    @property
    def node_count(self) -> int:
        """The number of nodes, the two sinks not counted."""
        return self._native.node_count

    def __len__(self) -> int:
        return self._native.count

    def __iter__(self) -> Iterator[List[int]]:
        """Every solution as a list of option indices."""
        return _map_stream(self._native.solutions(), self._options)

    def random(self, seed: int = 0) -> Optional[List[int]]:
        """A solution drawn uniformly at random (the same for the same
        seed on every platform), or None when there is none."""
        s = self._native.random(seed)
        return None if s is None else [self._options[k] for k in s]

    def nodes(self) -> List[Tuple[int, int, int, int]]:
        """The nodes, children before parents, as ``(id, option, lo, hi)``:
        ids from 2 (0 is the empty family, 1 the family of the empty set),
        ``option`` an option index of the problem. The last node is the
        root."""
        out = []
        for line in self._native.to_knuth().splitlines()[:-1]:
            ident, rest = line.split(": (~")
            var, branches = rest.rstrip(")").split("?")
            lo, hi = branches.split(":")
            out.append((int(ident, 16), self._options[int(var) - 1], int(lo, 16), int(hi, 16)))
        return out

    def root(self) -> int:
        """The id of the root node (0: no solution; 1: only the empty one)."""
        last = self._native.to_knuth().splitlines()[-1]
        return int(last.split(":")[-1].rstrip(")"), 16)

    def to_knuth(self) -> str:
        """The diagram in the text format of Knuth's DLX6 (option ``m1``),
        which his ZDDREAD programs read: option numbers from 1 in the
        order of the matrix given to the engine (options with no items, in
        ``covers_bool``, are not counted)."""
        return self._native.to_knuth()

    def to_graphillion(self) -> str:
        """The diagram in the text format of Graphillion's
        ``setset.loads`` (one ``id var lo hi`` line per node, ``B`` and
        ``T`` for the sinks, ``.`` at the end), variable ``k + 1`` for
        option ``k``: after ``setset.set_universe(list(range(n_options)))``,
        ``setset(setset.loads(text))`` is the family of solutions."""
        lines = []
        sink = {0: "B", 1: "T"}
        for ident, option, lo, hi in self.nodes():
            lines.append(f"{ident} {option + 1} {sink.get(lo, lo)} {sink.get(hi, hi)}")
        if not lines:
            lines.append(sink[self.root()])
        lines.append(".")
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return f"<exactcover.Zdd: {self.count} solutions, {self.node_count} nodes>"


def _map_stream(stream: "_native.Stream", options: Optional[Sequence[int]]) -> Iterator[List[int]]:
    try:
        for solution in stream:
            if options is None:
                yield solution
            else:
                yield [options[k] for k in solution]
    finally:
        stream.close()


class Reduction:
    """A problem with the options that can be in no solution taken out
    (Knuth's DLX-PRE, :meth:`Problem.preprocess`)."""

    def __init__(self, problem: "Problem", options: List[int], infeasible: Optional[Item]) -> None:
        #: The reduced problem (its options keep their values and costs).
        self.problem = problem
        #: The original index of each option kept.
        self.options = options
        #: An item no option can cover, when the problem has no solution.
        self.infeasible = infeasible

    def original(self, solution: Sequence[int]) -> List[int]:
        """A solution of the reduced problem in the original's indices."""
        return [self.options[k] for k in solution]

    def __repr__(self) -> str:
        return (
            f"<exactcover.Reduction: {len(self.options)} options kept"
            + (f", item {self.infeasible!r} cannot be covered" if self.infeasible is not None else "")
            + ">"
        )


class Problem:
    """An exact-cover problem: items (any hashable: strings, numbers,
    tuples), each primary (covered exactly once, or between bounds) or
    secondary (at most once, or by options that agree on its colour), and
    options, each a set of items with a value and a cost.

    >>> p = Problem(primary="ABC")
    >>> p.add_option("AB", value="first")
    0
    >>> p.add_option("C")
    1
    >>> p.count()
    1
    >>> [p.values[k] for k in p.first()]
    ['first', None]
    """

    def __init__(
        self,
        primary: Iterable[Item] = (),
        secondary: Iterable[Item] = (),
        colored: bool = False,
    ) -> None:
        self._primary: List[Item] = []
        self._secondary: List[Item] = []
        self._kind: Dict[Item, bool] = {}
        self._options: List[Tuple[Item, ...]] = []
        self._colours: List[Optional[Tuple[Optional[str], ...]]] = []
        self._values: List[Any] = []
        self._costs: Dict[int, int] = {}
        self._bounds: Dict[Item, Tuple[int, int]] = {}
        self._colored = colored
        self._built: Optional[Tuple[_native.Matrix, List[int]]] = None
        self.add_primary(*primary)
        self.add_secondary(*secondary)

    # Building

    def _add_item(self, item: Item, primary: bool) -> None:
        hash(item)
        if item in self._kind:
            raise InputError(f"item {item!r} is given twice", item=None)
        self._kind[item] = primary
        (self._primary if primary else self._secondary).append(item)
        self._built = None

    def add_primary(self, *items: Item) -> None:
        """Adds primary items: covered exactly once (or within bounds)."""
        for item in items:
            self._add_item(item, True)

    def add_secondary(self, *items: Item) -> None:
        """Adds secondary items: covered at most once, or by any options
        that give them the same colour."""
        for item in items:
            self._add_item(item, False)

    def add_option(
        self,
        items: Iterable[Item],
        value: Any = None,
        *,
        cost: Optional[int] = None,
        colors: Optional[Mapping[Item, str]] = None,
    ) -> int:
        """Adds an option and returns its index. In a problem made with
        ``colored=True``, an entry ``"item:COLOR"`` gives a secondary item
        a colour; ``colors`` does the same for any item. ``value`` is kept
        with the option (:attr:`values`); ``cost`` counts for
        :meth:`cheapest`."""
        k = len(self._options)
        entries: List[Item] = []
        colours: List[Optional[str]] = []
        for entry in items:
            colour = None
            if self._colored and isinstance(entry, str) and ":" in entry and entry not in self._kind:
                entry, colour = entry.split(":", 1)
            if colors is not None and entry in colors:
                colour = colors[entry]
            if entry not in self._kind:
                raise InputError(f"option {k}: unknown item {entry!r}", option=k)
            entries.append(entry)
            colours.append(colour)
        if not entries:
            raise InputError(f"option {k} has no items", option=k)
        if len(set(entries)) != len(entries):
            seen = set()
            for e in entries:
                if e in seen:
                    raise InputError(f"option {k}: item {e!r} appears twice", option=k)
                seen.add(e)
        self._options.append(tuple(entries))
        self._colours.append(tuple(colours) if any(c is not None for c in colours) else None)
        self._values.append(value)
        if cost is not None:
            self.set_cost(k, cost)
        self._built = None
        return k

    def set_cost(self, option: int, cost: int) -> None:
        """The cost of an option (an int, 0 or more), for :meth:`cheapest`."""
        if not isinstance(cost, int) or isinstance(cost, bool):
            raise TypeError(f"a cost is an int, not {type(cost).__name__}")
        if not 0 <= cost < 2**64:
            raise InputError(f"option {option}: cost {cost} is not in 0..2^64-1", option=option)
        if not 0 <= option < len(self._options):
            raise InputError(f"no option {option}", option=option)
        self._costs[option] = cost
        self._built = None

    def set_bounds(self, item: Item, lo: int, hi: int) -> None:
        """Multiplicities: primary ``item`` must be covered between ``lo``
        and ``hi`` times (Knuth's DLX3/SSXC)."""
        if item not in self._kind:
            raise InputError(f"unknown item {item!r}")
        self._bounds[item] = (lo, hi)
        self._built = None

    # Reading

    @property
    def items(self) -> List[Item]:
        """Every item: the primary ones, then the secondary ones."""
        return self._primary + self._secondary

    @property
    def primary(self) -> List[Item]:
        """The primary items."""
        return list(self._primary)

    @property
    def secondary(self) -> List[Item]:
        """The secondary items."""
        return list(self._secondary)

    @property
    def options(self) -> List[Tuple[Item, ...]]:
        """Every option's items."""
        return list(self._options)

    @property
    def values(self) -> List[Any]:
        """Every option's value (None when none was given)."""
        return list(self._values)

    def cost(self, option: int) -> int:
        """An option's cost (0 unless set)."""
        return self._costs.get(option, 0)

    def bounds(self, item: Item) -> Tuple[int, int]:
        """An item's bounds: ``(1, 1)`` for a primary item unless set."""
        return self._bounds.get(item, (1, 1) if self._kind.get(item) else (0, 1))

    def __len__(self) -> int:
        return len(self._options)

    # The engine's matrix

    def _matrix(self) -> "_native.Matrix":
        if self._built is None:
            order = self._primary + self._secondary
            index = {item: i for i, item in enumerate(order)}
            names: Optional[List[str]] = []
            seen = set()
            for item in order:
                name = _knuth_name(item)
                if name is None or name in seen:
                    names = None
                    break
                seen.add(name)
                names.append(name)
            options = [[index[i] for i in option] for option in self._options]
            colours = None
            palette: Dict[str, int] = {}
            if any(c is not None for c in self._colours):
                colours = []
                for k, option in enumerate(self._options):
                    cs = self._colours[k] or (None,) * len(option)
                    row = []
                    for c in cs:
                        if c is None:
                            row.append(0)
                        else:
                            row.append(palette.setdefault(str(c), len(palette)) + 1)
                    colours.append(row)
            costs = None
            if self._costs:
                costs = [self._costs.get(k, 0) for k in range(len(self._options))]
            bounds = [(index[i], lo, hi) for i, (lo, hi) in self._bounds.items()] or None
            matrix = _native.Matrix(
                len(self._primary),
                len(self._secondary),
                options,
                colours,
                list(palette) if palette else None,
                names,
                costs,
                bounds,
            )
            self._built = (matrix, order)
        return self._built[0]

    # Questions

    def covers(
        self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
    ) -> Iterator[List[int]]:
        """Every solution, lazily, as a list of option indices. The search
        runs in a thread without the GIL; dropping the generator stops it.
        ``timeout`` (seconds) and ``max_nodes`` bound it: past them the
        generator raises :class:`Interrupted`."""
        return _map_stream(self._matrix().solutions(timeout, max_nodes), None)

    def covers_options(
        self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
    ) -> Iterator[List[Tuple[Item, ...]]]:
        """Every solution, lazily, as the list of its options' items."""
        for solution in self.covers(timeout=timeout, max_nodes=max_nodes):
            yield [self._options[k] for k in solution]

    def count(
        self,
        *,
        limit: Optional[int] = None,
        memo: bool = False,
        threads: int = 1,
        memory: Optional[int] = None,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> int:
        """The number of solutions as a Python int, exact (``memo=True``
        counts by Knuth's Algorithm Z, each subproblem once: counts past
        2^64 of problems whose states repeat; ``memory`` bounds its cache
        in bytes). ``limit``: stop at that many (the answer is then
        ``limit``). ``threads``: count parts of the search tree on that
        many threads. Past ``timeout``/``max_nodes``: :class:`Interrupted`,
        whose ``solutions`` is the count so far."""
        if limit is not None and limit < 1:
            raise InputError(f"limit must be 1 or more, not {limit}")
        return self._matrix().count(limit, memo, memory, threads, timeout, max_nodes)

    def first(
        self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
    ) -> Optional[List[int]]:
        """The first solution found (option indices), or None."""
        return self._matrix().first(timeout, max_nodes)

    def zdd(
        self,
        *,
        memory: Optional[int] = None,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> Zdd:
        """The ZDD of every solution (Algorithm Z): see :class:`Zdd`."""
        matrix = self._matrix()
        return Zdd(matrix.zdd(memory, timeout, max_nodes), range(matrix.option_count))

    def cheapest(
        self,
        k: int = 1,
        *,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> List[Tuple[int, List[int]]]:
        """The ``k`` solutions of least total cost, cheapest first, as
        ``(cost, option indices)`` (Knuth's DLX5)."""
        if k < 1:
            raise InputError(f"k must be 1 or more, not {k}")
        return self._matrix().cheapest(k, timeout, max_nodes)

    def preprocess(self, rounds: Optional[int] = None) -> Reduction:
        """The problem with every option that can be in no solution taken
        out, as Knuth's DLX-PRE does (``rounds`` at most)."""
        matrix = self._matrix()
        _, _, kept, infeasible = matrix.preprocess(rounds)
        reduced = Problem(self._primary, self._secondary, colored=False)
        for item, (lo, hi) in self._bounds.items():
            reduced.set_bounds(item, lo, hi)
        for k in kept:
            colours = self._colours[k]
            colors = None
            if colours is not None:
                colors = {i: c for i, c in zip(self._options[k], colours) if c is not None}
            reduced.add_option(self._options[k], self._values[k], cost=self._costs.get(k), colors=colors)
        order = self._built[1] if self._built else self.items
        return Reduction(reduced, list(kept), None if infeasible is None else order[infeasible])

    # Knuth's format

    @classmethod
    def from_knuth(cls, text: str) -> "Problem":
        """The problem of a text in Knuth's format (DLX1, DLX2 with colours,
        DLX3 with bounds, DLX5 with costs): an item line (``|`` before the
        secondary items, ``lo:hi|item`` for bounds), then an option per
        line (``item:COLOR``, ``|cost``). :class:`ParseError` says the line
        and column of a mistake. Items are the names (strings)."""
        matrix = _native.Matrix.from_knuth(text)
        n = matrix.item_count
        names = [matrix.item_name(i) for i in range(n)]
        palette = matrix.colour_names
        problem = cls()
        for i in range(n):
            problem._add_item(names[i], matrix.is_primary(i))
        for i in range(n):
            lo_hi = matrix.bounds(i)
            if matrix.is_primary(i) and lo_hi is not None and tuple(lo_hi) != (1, 1):
                problem.set_bounds(names[i], *lo_hi)
        for k in range(matrix.option_count):
            items = [names[i] for i in matrix.option(k)]
            colours = matrix.option_colours(k)
            colors = {names[i]: palette[c - 1] for i, c in zip(matrix.option(k), colours) if c}
            cost = matrix.cost(k)
            problem.add_option(items, cost=cost if cost else None, colors=colors or None)
        return problem

    @classmethod
    def read(cls, path: Union[str, "os.PathLike[str]"]) -> "Problem":
        """The problem in a file in Knuth's format."""
        with open(path, encoding="utf-8") as f:
            return cls.from_knuth(f.read())

    def to_knuth(self) -> str:
        """The problem in Knuth's format (items named by ``str()``; an
        :class:`InputError` when the names cannot be written so)."""
        names = [_knuth_name(i) for i in self.items]
        if any(n is None for n in names) or len(set(names)) != len(names):
            raise InputError(
                "the items' names cannot be written in Knuth's format "
                "(white space, '|' or ':', repeated, or over 30 characters)"
            )
        matrix = self._matrix()
        return matrix.to_knuth()

    def write(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the problem to a file in Knuth's format."""
        text = self.to_knuth()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)

    # Display

    def __repr__(self) -> str:
        return (
            f"<exactcover.Problem: {len(self._primary) + len(self._secondary)} items "
            f"({len(self._primary)} primary), {len(self._options)} options>"
        )

    def _repr_html_(self) -> str:
        """The matrix as a table (at most 60 options and 60 items shown)."""
        items = self.items[:60]
        head = "".join(
            f"<th style='padding:2px 4px'>{html.escape(str(i))}</th>" for i in items
        )
        rows = []
        for k, option in enumerate(self._options[:60]):
            members = dict(zip(option, self._colours[k] or (None,) * len(option)))
            cells = []
            for i in items:
                if i in members:
                    c = members[i]
                    mark = "&#9632;" if c is None else html.escape(str(c))
                    cells.append(f"<td style='text-align:center'>{mark}</td>")
                else:
                    cells.append("<td></td>")
            rows.append(f"<tr><th>{k}</th>{''.join(cells)}</tr>")
        more = ""
        if len(self._options) > 60 or len(self.items) > 60:
            more = f"<p>{len(self._options)} options, {len(self.items)} items: the first 60 shown</p>"
        return (
            f"<table style='border-collapse:collapse'><tr><th></th>{head}</tr>"
            + "".join(rows)
            + "</table>"
            + more
        )


def _infer(
    options: Sequence[Sequence[Item]],
    primary: Optional[Iterable[Item]],
    secondary: Optional[Iterable[Item]],
    colored: bool,
) -> Problem:
    """The problem of xcover's arguments: items not given are inferred
    (all primary when neither list is given; the rest of one list's
    complement otherwise), in the order they first appear."""
    if isinstance(options, (str, bytes)):
        raise TypeError("options must be a sequence of sequences of items, not a string")
    if isinstance(options, Problem):
        return options

    def item_of(entry: Item) -> Item:
        if colored and isinstance(entry, str) and ":" in entry:
            return entry.split(":", 1)[0]
        return entry

    opts = []
    for k, option in enumerate(options):
        if isinstance(option, (str, bytes)) or not hasattr(option, "__iter__"):
            raise TypeError(
                f"option {k} must be a sequence of items, not {type(option).__name__}"
            )
        opts.append(list(option))
    if primary is not None:
        primary = list(primary)
    if secondary is not None:
        secondary = list(secondary)
    universe: Dict[Item, None] = {}
    for option in opts:
        for entry in option:
            universe.setdefault(item_of(entry), None)
    if primary is None and secondary is None:
        primary, secondary = list(universe), []
    elif primary is None:
        not_primary = set(secondary)
        primary = [i for i in universe if i not in not_primary]
    elif secondary is None:
        not_secondary = set(primary)
        secondary = [i for i in universe if i not in not_secondary]
    problem = Problem(primary, secondary, colored=colored)
    for option in opts:
        problem.add_option(option)
    return problem


ProblemLike = Union[Problem, Sequence[Sequence[Item]]]


def covers(
    options: ProblemLike,
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    colored: bool = False,
    *,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Iterator[List[int]]:
    """Every solution of an exact-cover problem, lazily, as lists of option
    indices: the arguments of ``xcover.covers``. ``options`` is a list of
    lists of items (any hashable); items not named in ``primary`` or
    ``secondary`` are inferred. With ``colored=True``, ``"item:COLOR"``
    gives a secondary item a colour (options agreeing on it may share it).

    >>> list(covers([[1, 2], [3], [1], [2, 3]]))
    [[0, 1], [2, 3]]
    """
    return _infer(options, primary, secondary, colored).covers(timeout=timeout, max_nodes=max_nodes)


def covers_options(
    options: ProblemLike,
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    colored: bool = False,
    *,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Iterator[List[Sequence[Item]]]:
    """As :func:`covers`, yielding the options themselves (as given)
    instead of their indices."""
    given = options if isinstance(options, Problem) else list(options)
    problem = _infer(given, primary, secondary, colored)
    for solution in problem.covers(timeout=timeout, max_nodes=max_nodes):
        if isinstance(given, Problem):
            yield [given.options[k] for k in solution]
        else:
            yield [given[k] for k in solution]


def _bool_problem(matrix: Any) -> Tuple["_native.Matrix", List[int]]:
    """The matrix of a 2-D boolean array (numpy, or nested sequences):
    rows are options, columns items (all primary). Rows with no 1 are left
    out (they can be in no solution); the list maps back to row indices."""
    rows: List[List[int]] = []
    kept: List[int] = []
    width: Optional[int] = None
    # A numpy array exists only if numpy was imported: never import it here.
    np = sys.modules.get("numpy")
    if np is not None and isinstance(matrix, np.ndarray):
        if matrix.ndim != 2:
            raise InputError(f"covers_bool takes a 2-D array, not {matrix.ndim}-D")
        nz = matrix != 0
        return _native.Matrix.from_rows(
            int(matrix.shape[1]),
            np.nonzero(nz)[1].tolist(),
            np.count_nonzero(nz, axis=1).tolist(),
        )
    else:
        for r, row in enumerate(matrix):
            if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
                raise TypeError(f"row {r} is not a sequence")
            row = list(row)
            if width is None:
                width = len(row)
            elif len(row) != width:
                raise InputError(f"row {r} has {len(row)} columns, row 0 has {width}", option=r)
            cols = [c for c, v in enumerate(row) if v]
            if cols:
                rows.append(cols)
                kept.append(r)
    return _native.Matrix(width or 0, 0, rows), kept


def covers_bool(
    matrix: Any,
    *,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Iterator[List[int]]:
    """Every exact cover of a 2-D boolean matrix (numpy array, or any
    nested sequence): lists of row indices whose rows have exactly one 1 in
    each column, as ``xcover.covers_bool``.

    >>> list(covers_bool([[1, 0], [0, 1], [1, 1]]))
    [[0, 1], [2]]
    """
    native, kept = _bool_problem(matrix)
    return _map_stream(native.solutions(timeout, max_nodes), kept)


def count(
    options: ProblemLike,
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    colored: bool = False,
    *,
    limit: Optional[int] = None,
    memo: bool = False,
    threads: int = 1,
    memory: Optional[int] = None,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> int:
    """The number of solutions, exact, as a Python int (see
    :meth:`Problem.count` for ``limit``, ``memo``, ``threads``).

    >>> count([[1, 2], [3], [1], [2, 3]])
    2
    """
    return _infer(options, primary, secondary, colored).count(
        limit=limit, memo=memo, threads=threads, memory=memory, timeout=timeout, max_nodes=max_nodes
    )


def count_bool(
    matrix: Any,
    *,
    limit: Optional[int] = None,
    memo: bool = False,
    threads: int = 1,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> int:
    """The number of exact covers of a 2-D boolean matrix."""
    native, _ = _bool_problem(matrix)
    if limit is not None and limit < 1:
        raise InputError(f"limit must be 1 or more, not {limit}")
    return native.count(limit, memo, None, threads, timeout, max_nodes)


def first(
    options: ProblemLike,
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    colored: bool = False,
    *,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Optional[List[int]]:
    """The first solution found, or None."""
    return _infer(options, primary, secondary, colored).first(timeout=timeout, max_nodes=max_nodes)


def zdd(
    options: ProblemLike,
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    colored: bool = False,
    *,
    memory: Optional[int] = None,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Zdd:
    """The ZDD of every solution: see :class:`Zdd`."""
    return _infer(options, primary, secondary, colored).zdd(
        memory=memory, timeout=timeout, max_nodes=max_nodes
    )


def cheapest(
    options: ProblemLike,
    k: int = 1,
    *,
    costs: Optional[Sequence[int]] = None,
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    colored: bool = False,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> List[Tuple[int, List[int]]]:
    """The ``k`` solutions of least total cost, cheapest first, as
    ``(cost, option indices)``; ``costs[i]`` is option ``i``'s cost.

    >>> cheapest([[1, 2], [1], [2]], 1, costs=[5, 1, 1])
    [(2, [1, 2])]
    """
    problem = _infer(options, primary, secondary, colored)
    if costs is not None:
        if isinstance(options, Problem):
            raise InputError("a Problem has its own costs: set them with set_cost")
        if len(costs) != len(problem):
            raise InputError(f"{len(costs)} costs for {len(problem)} options")
        for i, c in enumerate(costs):
            problem.set_cost(i, c)
    return problem.cheapest(k, timeout=timeout, max_nodes=max_nodes)
