"""Finding positions by value: Konane positions whose value is (at least, at most, confused with) a target.

:func:`find` (also ``konane.find``) looks for positions by census on small
boards (every parity-consistent position, :func:`konane.census`) and by a
randomised search on bigger ones; without a board shape it tries boards of
growing size and yields what it finds, smallest first.  Each find is a
:class:`Hit`: the board, its value and how it was found.

The first occurrences of values on one board (of each nimber, tiny and
temperature, the hottest positions) are methods of :class:`konane.Census`:
:meth:`~konane.Census.first`, :meth:`~konane.Census.nimbers`,
:meth:`~konane.Census.tinies`, :meth:`~konane.Census.temperatures`,
:meth:`~konane.Census.hottest` and :meth:`~konane.Census.firsts`; a census is
saved and loaded with :meth:`~konane.Census.save` and
:meth:`~konane.Census.load`, and a loaded census can be searched:
``find(target, census)``.

Examples
--------
The smallest board holding ``*2`` (boards are tried by increasing number of
cells, ``rows <= cols``):

>>> hit = next(konane.find("*2"))
>>> hit.board, hit.value, hit.method
(konane.Board('.o.ox.x.'), cgt.parse('*2'), 'census')

Positions of a 3 x 4 board that are at least 2, smallest first:

>>> [str(h.value) for h in konane.find(2, (3, 4), relation=">=")][:4]
['2', '2', '2', '2']
"""

from __future__ import annotations

import random
import time as _time
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, NamedTuple

import cgt
from konane._calls import check_seconds, describe, public
from konane._kernel import bitboard as bb
from konane._kernel.census import relation_test
from konane.board import Board
from konane.censuses import MAX_CELLS, Census, census
from konane.errors import ComputationLimitError, SearchError, SearchTypeError
from konane.rules import Rules, as_rules
from konane.values import value

__all__ = ["find", "Hit"]


class Hit(NamedTuple):
    """A position found by :func:`find`.

    Attributes
    ----------
    board : Board
        The position.
    value : cgt.Game
        Its value.
    method : str
        ``"census"`` (found by enumerating every position of its board) or
        ``"random"`` (by the randomised search).
    """

    board: Board
    value: cgt.Game
    method: str


@lru_cache(maxsize=4)
def _cached_census(rows: int, cols: int, rules: Rules) -> Census:
    """Censuses of the search, kept for the next search on the same board (at most 4)."""
    return census(rows, cols, rules=rules, progress=False)


def _position(rows: int, cols: int, stones: int, black_cells: int) -> Board:
    """The parity-consistent position of ``stones`` (a board bit mask, guard column included)."""
    black = stones & black_cells
    return Board._make(rows, cols, bb.full_mask(rows, cols), black, stones ^ black)


def _minimal(board: Board, v: cgt.Game, rules: Rules) -> bool:
    """Whether no empty edge row or column of ``board`` can be removed without
    changing its value ``v`` (else the position belongs to a smaller board)."""
    pic = board.picture_rows()
    smaller = []
    if board.rows > 1:
        for r in (0, board.rows - 1):
            if set(pic[r]) == {"."}:
                smaller.append([row for i, row in enumerate(pic) if i != r])
    if board.cols > 1:
        for c in (0, board.cols - 1):
            if all(row[c] == "." for row in pic):
                smaller.append([row[:c] + row[c + 1:] for row in pic])
    return all(value("/".join(rows), rules=rules, progress=False) != v for rows in smaller)


def _check_int(name: str, v: Any, low: int, none_ok: bool = False) -> None:
    if v is None and none_ok:
        return
    if not isinstance(v, int) or isinstance(v, bool):
        raise SearchTypeError(f"{name} must be {'None or ' if none_ok else ''}an int, not {describe(v)}")
    if v < low:
        raise SearchError(f"{name} must be at least {low}, got {v!r}")


def _check_shape(shape: Any) -> tuple[int, int] | Census | None:
    if shape is None or isinstance(shape, Census):
        return shape
    if (not isinstance(shape, tuple) or len(shape) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in shape)):
        raise SearchTypeError(f"shape must be None or a (rows, cols) pair of ints, not {describe(shape)}")
    if shape[0] < 1 or shape[1] < 1:
        raise SearchError(f"shape must have at least one row and one column, got {shape!r}")
    return shape


class _Budget:
    """The limits of one search: positions examined and seconds."""

    def __init__(self, max_positions: int | None, seconds: float | None) -> None:
        self.left = max_positions
        self.deadline = None if seconds is None else _time.monotonic() + seconds

    def spend(self, n: int) -> bool:
        """Count ``n`` positions; False once a limit is reached."""
        if self.deadline is not None and _time.monotonic() > self.deadline:
            return False
        if self.left is not None:
            if self.left < n:
                self.left = 0
                return False
            self.left -= n
        return True

    def value_limits(self) -> dict[str, Any]:
        """The limits of one value computed for the search: what is left of the budget."""
        seconds = None if self.deadline is None else max(self.deadline - _time.monotonic(), 1e-9)
        return {"max_positions": self.left, "time": seconds}

    @property
    def exhausted(self) -> bool:
        return (self.left is not None and self.left <= 0) or (
            self.deadline is not None and _time.monotonic() > self.deadline)


def _census_hits(c: Census, test: Any, minimal: bool) -> Iterator[Hit]:
    """The positions of a census that pass ``test`` (on value ids), smallest first."""
    good = {gid for gid in c._first_codes() if test(gid)}
    if not good:
        return
    ids = c.ids
    codes = [code for code in range(len(ids)) if ids[code] in good]
    codes.sort(key=lambda code: (code.bit_count(), code))
    for code in codes:
        b = c.board(code)
        v = cgt.Game.from_id(ids[code])
        if minimal and not _minimal(b, v, c.rules):
            continue
        yield Hit(b, v, "census")


def _random_hits(rows: int, cols: int, test: Any, rules: Rules, samples: int, rng: random.Random,
                 budget: _Budget, minimal: bool) -> Iterator[Hit]:
    """A randomised search on one board: random parity-consistent positions of random
    density (each cell filled with a probability drawn in [0.15, 0.45]: dense
    positions of big boards take long to value), and one- or two-cell mutations of
    the hits found so far."""
    stride = cols + 1
    cells = [r * stride + c for r in range(rows) for c in range(cols)]
    black_cells = bb.checker_mask(rows, cols)
    seen: set[tuple[int, int, int, int, int]] = set()
    found: list[int] = []
    for _ in range(samples):
        if not budget.spend(1):
            return
        if found and rng.random() < 0.5:
            stones = rng.choice(found)
            for cell in rng.sample(cells, min(len(cells), rng.choice((1, 1, 2)))):
                stones ^= 1 << cell
        else:
            p = rng.uniform(0.15, 0.45)
            stones = sum(1 << cell for cell in cells if rng.random() < p)
        b = _position(rows, cols, stones, black_cells)
        key = b.normalized()[0].key
        if key in seen:
            continue
        seen.add(key)
        try:
            v = value(b, rules=rules, progress=False, **budget.value_limits())
        except ComputationLimitError:       # the budget (or the memory) ran out inside one value
            return
        if test(v.id) and (not minimal or _minimal(b, v, rules)):
            found.append(stones)
            yield Hit(b, v, "random")


def _shapes(max_cells: int) -> Iterator[tuple[int, int]]:
    """Board shapes ``rows <= cols`` by increasing number of cells, then rows."""
    for n in range(1, max_cells + 1):
        for r in range(1, n + 1):
            if r * r > n:
                break
            if n % r == 0:
                yield r, n // r


@public
def find(target: Any, shape: tuple[int, int] | Census | None = None, *, relation: str = "=",
         rules: Rules | None = None, census_cells: int = 20, max_cells: int = MAX_CELLS,
         samples: int = 2000, max_positions: int | None = None, time: float | None = None,
         seed: Any = None) -> Iterator[Hit]:
    """Positions whose value is ``target`` (or stands in ``relation`` with it).

    A lazy iterator: take what you need (``next``, :func:`itertools.islice`)
    and stop; Ctrl-C stops it too, leaving every cache consistent.

    Parameters
    ----------
    target : cgt.Game, or anything :func:`cgt.as_game` accepts (``"*2"``, ``1/2``)
    shape : (rows, cols), Census or None
        The board to search.  Boards of at most ``census_cells`` cells are
        searched by census (every parity-consistent position, computed once
        and kept for the next searches; a :class:`konane.Census`, for example
        one loaded from a file, is searched as it is); bigger boards by the
        randomised search.  None: boards of growing size, ``rows <= cols``,
        from 1 x 1 up to ``max_cells`` cells, yielding on each board only the
        positions that need it: a position from which an empty edge row or
        column can be removed without changing its value is left out (it is
        found on the smaller board).
    relation : str, default ``"="``
        How the value must relate to ``target``: ``"="``, ``">="`` (at
        least), ``"<="``, ``">"``, ``"<"``, or ``"||"`` (confused with); see
        :data:`konane.censuses.RELATIONS`.
    rules : Rules, optional
        :data:`konane.STANDARD` (the default) or :data:`konane.SINGLE_JUMP`.
    census_cells : int, default 20
        Boards with at most this many cells (and at most
        :data:`konane.censuses.MAX_CELLS`) are searched by census.  A
        census of 20 cells takes a few seconds, of 24 about a minute with the
        native engine (several in pure Python).
    max_cells : int, default 24
        Without a shape: the biggest board tried, in cells.
    samples : int, default 2000
        Positions drawn by the randomised search on each board.
    max_positions : int, optional
        Stop after examining this many positions in all (a census counts all
        of its positions, before it is computed).
    time : float, optional
        Stop after about this many seconds (checked between positions and
        boards: one census or one value is never cut short).
    seed : optional
        Seed of the randomised search (:class:`random.Random`), for
        reproducible runs.

    Yields
    ------
    Hit
        ``(board, value, method)``.  By census, smallest position first
        (fewer stones, then lower code); by random search, in the order found.

    Raises
    ------
    SearchTypeError, SearchError
        If an argument has the wrong type or a bad value (raised by the call,
        before any search).
    RulesTypeError
        If ``rules`` is not a :class:`konane.Rules`.

    Examples
    --------
    >>> [str(h.board) for h in konane.find("*", (2, 3))]
    []
    >>> hits = list(konane.find("*", (2, 4)))
    >>> len(hits), hits[0].board
    (22, konane.Board('.xo./....'))

    Values confused with ``1`` on a 3 x 4 board, the first two:

    >>> [(h.board, h.value) for h in konane.find(1, (3, 4), relation="||")][:2]
    [(konane.Board('.ox./o.../....'), cgt.parse('{1|0}')), (konane.Board('..../o.../.ox.'), cgt.parse('{1|0}'))]

    A randomised search on a 5 x 6 board, reproducible with a seed:

    >>> hit = next(konane.find("*", (5, 6), seed=1, samples=400))
    >>> hit.value, hit.method
    (cgt.parse('*'), 'random')

    See Also
    --------
    konane.Census.first, konane.Census.nimbers, konane.Census.tinies,
    konane.Census.temperatures, konane.Census.hottest : first occurrences on one board.
    """
    test = relation_test(relation, target)
    where = _check_shape(shape)
    r = as_rules(rules)
    _check_int("census_cells", census_cells, 0)
    _check_int("max_cells", max_cells, 1)
    _check_int("samples", samples, 0)
    _check_int("max_positions", max_positions, 0, none_ok=True)
    seconds = check_seconds("time", time)
    return _find(test, where, r, min(census_cells, MAX_CELLS), max_cells, samples,
                 _Budget(max_positions, seconds), random.Random(seed))


def _find(test: Any, where: tuple[int, int] | Census | None, rules: Rules, census_cells: int,
            max_cells: int, samples: int, budget: _Budget, rng: random.Random) -> Iterator[Hit]:
    if isinstance(where, Census):
        yield from _census_hits(where, test, minimal=False)
        return
    shapes = [where] if where is not None else list(_shapes(max_cells))
    minimal = where is None
    for rows, cols in shapes:
        if budget.exhausted:
            return
        if rows * cols <= census_cells:
            if not budget.spend(1 << (rows * cols)):
                return
            yield from _census_hits(_cached_census(rows, cols, rules), test, minimal)
        else:
            yield from _random_hits(rows, cols, test, rules, samples, rng, budget, minimal)
