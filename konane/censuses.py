"""Enumeration: the values of all parity-consistent positions of a rectangular board (a census).

A position of a ``rows`` x ``cols`` board is *parity-consistent* when every
stone stands where :meth:`konane.Board.start` puts a stone of its colour (Black
on the cells of a1's colour of the checkerboard, White on the others).  Every
position reached from the start by removals and captures is one of them: a
jump moves a stone two cells, so it never changes the colour of its cell.
Such a position is given by the set of occupied cells alone, and
:func:`census` (also ``konane.census``) computes the exact value of all
``2 ** (rows * cols)`` of them, as a :class:`Census` (also ``konane.Census``).

Position codes
--------------
A position is numbered by its *code*: bit ``k`` is set when cell ``k`` holds
its stone, cells numbered ``k = row * cols + col`` in row-major order, row 0
the *top* row (as in pictures and in :class:`konane.Board`; note that a code has
no guard column, unlike the board's bit masks).  So on a 2 x 3 board, whose
start is ``oxo/xox``, the code ``0b000101`` is ``o.o/...``:

>>> c = konane.census(2, 3)
>>> c.board(0b000101), c.code(konane.Board("o.o/..."))
(konane.Board('o.o/...'), 5)

Examples
--------
>>> c = konane.census(3, 4)
>>> len(c), c.value(".ox./o..x/....")
(4096, cgt.parse('+-1'))
>>> {o.value: n for o, n in c.outcomes().items()}
{'P': 1061, 'N': 525, 'L': 1255, 'R': 1255}

First occurrences
-----------------
Positions are ordered *smallest first*: fewer stones first, then lower code.
:meth:`Census.first` gives the first position of a value (or of the values
in a relation with it), :meth:`Census.nimbers`, :meth:`Census.tinies` and
:meth:`Census.temperatures` the first position of each nimber, each tiny and
each temperature of the board, :meth:`Census.firsts` the same for any key of
the values, and :meth:`Census.hottest` the positions of the highest
temperatures.  :func:`konane.find` builds on them.

>>> c = konane.census(3, 4)
>>> {k: c.board(code) for k, code in c.nimbers().items()}
{0: konane.Board('..../..../....'), 1: konane.Board('.ox./..../....'), 2: konane.Board('..x./.xo./.o..')}

Saving
------
:meth:`Census.save` writes a census to an SQLite file and
:meth:`Census.load` reads it back, so that a long census is computed once.
"""

from __future__ import annotations

import hashlib
import html
import os
import sqlite3
import sys
import time as _time
from array import array
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import cgt
from cgt import ops
from konane import svg
from konane._calls import describe, public
from konane._files import check_path, replacing
from konane._kernel import census as census_kernel
from konane._kernel.bitboard import checker_mask, full_mask, relayout
from konane._kernel.census import census_ids, relation_test, remap
from konane._kernel.census import summary as census_summary
from konane._progress import DEFAULT_MAX_MEMORY, computation
from konane.board import Board, as_board
from konane.errors import (
    CensusError,
    CensusFileError,
    CensusTypeError,
    SearchError,
    SearchTypeError,
)
from konane.rules import Rules, as_rules

__all__ = ["census", "Census", "MAX_CELLS", "RELATIONS"]

#: The largest board (in cells) :func:`census` accepts: ``2 ** 24`` positions
#: take a 64 MB table of value ids and, in pure Python, several minutes.
MAX_CELLS = 24

#: The relations a value may be asked to stand in with a target, in
#: :meth:`Census.first` and :func:`konane.find`: ``"="`` equal, ``">="`` at
#: least, ``"<="`` at most, ``">"`` and ``"<"`` strictly, ``"||"`` confused with
#: (incomparable).
RELATIONS = census_kernel.RELATIONS

_FORMAT = "konane-cgt census 3"            # with a checksum of the meta and the tables
_FORMAT_2 = "konane-cgt census 2"          # no checksum: still loaded
_FORMAT_1 = "konane-cgt census 1"          # values as text, no checksum: still loaded


def _checksum(meta: dict[str, str], count: int, games: bytes, codes: bytes) -> str:
    """SHA-256 of everything a census file says: its meta (but the checksum), the number of
    games and the two tables."""
    h = hashlib.sha256()
    for key in sorted(meta):
        if key != "checksum":
            h.update(f"{key}={meta[key]}\n".encode())
    h.update(f"games={count}\n".encode())
    h.update(games)
    h.update(codes)
    return h.hexdigest()


def _order(code: int) -> tuple[int, int]:
    """The key of the smallest-first order of positions: stones, then code."""
    return code.bit_count(), code


def _tiny_part(gid: int) -> Fraction | None:
    """``x`` if the value is tiny-x ``{0 || 0 | -x}``, x > 0 a number, else None."""
    zero = ops.ZERO
    rights = ops.right_options(gid)
    if ops.left_options(gid) != (zero,) or len(rights) != 1:
        return None
    r = rights[0]
    if ops.left_options(r) != (zero,) or len(ops.right_options(r)) != 1:
        return None
    x = ops.right_options(r)[0]
    v = ops.number_value(x) if ops.is_number(x) else None
    if v is not None and v < 0:
        return -Fraction(v)
    return None


def _tiny_x(gid: int) -> Fraction | None:
    """``x`` if the value is tiny-x ``{0 || 0 | -x}`` (x > 0 a number), ``-x`` if it is
    miny-x ``{x | 0 || 0}``, else None (on ids, without building games)."""
    x = _tiny_part(gid)
    if x is not None:
        return x
    m = _tiny_part(ops.neg(gid))
    return None if m is None else -m


def _check_size(rows: Any, cols: Any) -> None:
    call = f"census({rows!r}, {cols!r})"
    for name, v in (("rows", rows), ("cols", cols)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise CensusTypeError(f"{call}: {name} must be an int, not {describe(v)}")
        if v < 1:
            raise CensusError(f"{call}: {name} must be at least 1, got {v!r}")
    n = rows * cols
    if n > MAX_CELLS:
        raise CensusError(
            f"{call}: a {rows}x{cols} board has {n} cells, 2**{n} positions; at most "
            f"{MAX_CELLS} cells are supported (2**{MAX_CELLS} value ids take "
            f"{4 << MAX_CELLS >> 20} MB and minutes to compute)")


@public
def census(rows: int, cols: int | None = None, *, rules: Rules | None = None,
           progress: bool | None = None, max_positions: int | None = None,
           max_memory: int | None = DEFAULT_MAX_MEMORY, time: float | None = None) -> Census:
    """The exact values of all parity-consistent positions of a ``rows`` x ``cols`` board.

    Parameters
    ----------
    rows : int
        Number of rows, at least 1.
    cols : int, optional
        Number of columns, at least 1; defaults to ``rows``.  At most
        :data:`MAX_CELLS` (24) cells in all.
    rules : Rules, optional
        :data:`konane.STANDARD` (multi-jumps in a line, the default) or
        :data:`konane.SINGLE_JUMP`.
    progress : bool, optional
        Show a progress bar (tqdm, if installed) for censuses of at least
        ``2 ** 16`` positions.  Default: on, unless turned off by
        :func:`konane.set_progress` or ``KONANE_PROGRESS=0``.
    max_positions : int, optional
        Stop with :class:`konane.ComputationLimitError` once more than this
        many positions are settled (checked every few thousand positions).
    max_memory : int, optional
        Stop with :class:`konane.ComputationLimitError` rather than let the
        process grow by more than this many bytes during the call (its tables
        count).  Default: 4 GiB, or half the memory the process may use if
        less (``konane._progress.DEFAULT_MAX_MEMORY``); ``None`` for no limit.
    time : float, optional
        Stop with :class:`konane.ComputationLimitError` after this many
        seconds (checked every few thousand positions).

    Returns
    -------
    Census
        The values of the ``2 ** (rows * cols)`` positions, indexed by their
        codes (see the module docstring).

    Raises
    ------
    CensusTypeError
        If a size is not an int.
    CensusError
        If a size is less than 1 or the board has more than :data:`MAX_CELLS`
        cells.
    RulesTypeError
        If ``rules`` is not a :class:`konane.Rules`.
    KonaneTypeError, KonaneValueError
        If a limit is not None or an int at least 0.
    ComputationLimitError
        If ``max_positions`` or ``max_memory`` is reached (cgt's tables stay
        valid: they only receive finished values).

    Examples
    --------
    >>> c = konane.census(2, 4)
    >>> len(c), c.value(0), c.value("oxox/xoxo"), c.value(".xo./x...")
    (256, cgt.parse('0'), cgt.parse('0'), cgt.parse('*'))

    A multi-jump makes a difference:

    >>> konane.census(1, 7).value("xo.o..."), konane.census(1, 7, rules=konane.SINGLE_JUMP).value("xo.o...")
    (cgt.parse('1'), cgt.parse('0'))

    See Also
    --------
    konane.value : the value of one position of any shape.

    Notes
    -----
    A dynamic program over the codes in order of increasing number of stones
    (every capture removes a stone, so the options of a position come
    before it): the moves of both players are found bit-parallel, with shifts
    and masks per direction and jump count, the options' value ids are looked
    up in the table, and ``cgt``'s memoised canonical form of
    ``{lefts | rights}`` gives the value.  Each computed value is also stored
    for the images of the position under the symmetries of the board: the
    value is kept by a symmetry that keeps the checkerboard colouring and
    negated by one that swaps it (on a 4 x 5 board the left-right mirror keeps
    the colours, the top-bottom mirror and the half turn swap them), so only
    about a quarter of the positions (an eighth on a square board) are
    computed.

    With the native backend (``cgt.backend == "native"``) this program runs
    in Rust (``src/konane/census.rs``), on the engine's table, with two
    shortcuts on the stops of the options: a position whose value is a number
    (more than half of them, all those where only one player can move) is
    settled by the simplicity theorem without a canonical form, and the
    options dominated by their stops (a Left option whose left stop is below
    another's right stop, and alike on the right) are dropped before the
    canonical form of the others is made; the pure-Python program is the
    reference (the same ids: tested on every position of small boards, and
    equal on all 2 ** 24 positions of 4 x 6).  The ids are
    kept in an ``array('I')`` (4 bytes a position, 64 MB for 4 x 6); the
    values are made into :class:`cgt.Game` objects only when asked for, and
    counted on their ids.

    The positions are not split into regions (:func:`konane.regions`), as
    :func:`konane.value` does: here every option is already in the table.
    Measured with the native decomposer: 0.3% of the 4 x 5 positions and
    0.2% of the 4 x 6 ones split into two regions or more, 3.5% and 1.7%
    have dead stones, while finding the regions of the computed positions
    alone would take about a quarter of the time of the whole native census.

    Cost on the 2-core development machine (see ``benchmarks/README.md``,
    ``bench_values.py --enum``): 4 x 5 (2 ** 20 positions, 25,802 distinct
    values) 0.12 to 0.2 s native, 2 to 5 s in Python; 4 x 6 (2 ** 24
    positions, 583,344 distinct values) 6 to 7 s of CPU native with a peak
    of about 550 MB (mostly the engine's operation caches, which the census
    enlarges while it runs), 80 to 110 s in Python.  Interrupting with Ctrl-C, or a limit, leaves the engine's
    tables consistent (they only receive finished values); the census' own
    table is simply discarded.
    """
    if cols is None:
        cols = rows
    _check_size(rows, cols)
    r = as_rules(rules)
    size = 1 << (rows * cols)
    start = _time.perf_counter()
    with computation("konane.census", desc=f"konane census {rows}x{cols}", progress=progress,
                     max_positions=max_positions, max_memory=max_memory, time=time, total=size, threshold=1,
                     bar=size >= 1 << 16, kept="the engine's tables keep the values computed so far") as bar:
        ids = census_ids(rows, cols, r, bar)
    return Census(rows, cols, r, ids, _time.perf_counter() - start)


# ---------------------------------------------------------------- saving games

def _closure(roots: Iterable[int]) -> tuple[list[int], dict[int, int]]:
    """The ids of the games ``roots`` and all their subgames, each after its options,
    with the index of each id in that list."""
    order: list[int] = []
    index: dict[int, int] = {}
    left, right = ops.left_options, ops.right_options
    for root in roots:
        stack = [(root, False)]
        while stack:
            g, ready = stack.pop()
            if g in index:
                continue
            if ready:
                index[g] = len(order)
                order.append(g)
                continue
            stack.append((g, True))
            stack.extend((h, False) for h in (*left(g), *right(g)) if h not in index)
    return order, index


def _rebuild(count: Any, blob: Any) -> list[int]:
    """The ids of the games saved by :meth:`Census.save`: ``count`` records ``nl, nr,
    lefts, rights`` of indices of earlier games, in a blob of little-endian uint32.

    Raises ValueError, IndexError or TypeError on a damaged blob."""
    if not isinstance(count, int) or not isinstance(blob, bytes):
        raise TypeError("the games are not a count and a blob")
    records = array("I")
    records.frombytes(blob)
    if sys.byteorder != "little":
        records.byteswap()
    table: list[int] = []
    canonical = ops.canonical
    pos = 0
    for _ in range(count):
        nl, nr = records[pos], records[pos + 1]
        mid, end = pos + 2 + nl, pos + 2 + nl + nr
        if end > len(records):
            raise ValueError("the games are cut short")
        # an index past the games built so far is an IndexError: no forward reference
        table.append(canonical([table[i] for i in records[pos + 2:mid]],
                               [table[i] for i in records[mid:end]]))
        pos = end
    if pos != len(records):
        raise ValueError("the games have trailing data")
    return table


def _check_birthdays(table: list[int], rows: int, cols: int) -> None:
    """Refuse games too old to be values of a ``rows`` x ``cols`` board: every move takes
    a stone, so no play lasts more than ``rows * cols`` moves, and no value is born after
    that day.  Raises ValueError (a damaged file)."""
    most = rows * cols
    for i, gid in enumerate(table):
        day = ops.birthday(gid)
        if day > most:
            raise ValueError(f"game {i} is born on day {day}, later than any position of a "
                             f"{rows}x{cols} board (every move takes a stone)")


# ---------------------------------------------------------------- the result

class Census:
    """The values of all parity-consistent positions of a board; made by :func:`census`.

    A census is a read-only sequence of values: ``len(census)`` positions,
    numbered by their codes (module docstring), ``census[code]`` or
    ``census.value(...)`` the value of one, iteration over the values in code
    order, and summaries over all of them.

    Attributes
    ----------
    rows, cols : int
        The size of the board.
    rules : Rules
        The rules the values are for.
    ids : array.array
        ``ids[code]`` is the id of the value of position ``code`` in ``cgt``'s
        table of canonical forms (equal values have equal ids; ``census[code]``
        is the :class:`cgt.Game`), for fast bulk work such as counting: an
        ``array('I')`` of 4 bytes a position (64 MB for 4 x 6), the values
        being made into games only when asked for.
    distinct : int
        The number of distinct values.
    elapsed : float
        Seconds the computation took.

    Examples
    --------
    >>> c = konane.census(2, 4)
    >>> c
    konane.census(2, 4, rules=konane.Rules(multi_jump=True, opening='standard'))
    >>> c[0b11111111], c.board(0b11111111)
    (cgt.parse('0'), konane.Board('oxox/xoxo'))
    >>> c.values().most_common(4)
    [(cgt.parse('0'), 130), (cgt.parse('-1'), 44), (cgt.parse('1'), 44), (cgt.parse('*'), 22)]
    """

    __slots__ = ("rows", "cols", "rules", "ids", "elapsed", "_black", "_counts", "_first")

    def __init__(self, rows: int, cols: int, rules: Rules, ids: array[int], elapsed: float = 0.0) -> None:
        self.rows = rows
        self.cols = cols
        self.rules = rules
        self.ids = ids
        self.elapsed = elapsed
        self._black = checker_mask(rows, cols)
        self._counts: Counter[int] | None = None
        self._first: dict[int, int] | None = None

    def __repr__(self) -> str:
        # the call that computes it again
        return f"konane.census({self.rows}, {self.cols}, rules={self.rules!r})"

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self) -> Iterator[cgt.Game]:
        """The values of the positions, in the order of their codes."""
        return map(cgt.Game.from_id, self.ids)

    # -- positions and codes ------------------------------------------------

    @public
    def board(self, code: int) -> Board:
        """The position with code ``code``.

        Parameters
        ----------
        code : int
            In ``range(len(self))``.

        Returns
        -------
        Board

        Raises
        ------
        CensusError
            If ``code`` is not an int in range.

        Examples
        --------
        >>> c = konane.census(2, 3)
        >>> c.board(0b000001), c.board(0b100000)
        (konane.Board('o../...'), konane.Board('.../..x'))
        """
        code = self._check_code(code)
        rows, cols = self.rows, self.cols
        stones = relayout(code, rows, cols, cols, cols + 1)
        black = stones & self._black
        return Board._make(rows, cols, full_mask(rows, cols), black, stones ^ black)

    @public
    def code(self, board: Board | str) -> int:
        """The code of a parity-consistent position of this board size.

        Parameters
        ----------
        board : Board or str
            A board (or its picture) with ``rows`` x ``cols`` cells, all on
            the board, each stone on a cell of its colour in
            ``Board.start(rows, cols)``.

        Returns
        -------
        int

        Raises
        ------
        BoardTypeError, BoardParseError
            If ``board`` is not a board or a picture.
        CensusError
            If the board has another size, off-board cells, or a stone on a
            cell of the other colour.

        Examples
        --------
        >>> c = konane.census(2, 3)
        >>> c.code("o.o/..x")
        37
        >>> c.code("x.o/...")
        Traceback (most recent call last):
        ...
        konane.errors.CensusError: 'x.o/...' is not a position of the 2x3 census: stone on a2 has the wrong colour ...
        """
        b = as_board(board)
        rows, cols = self.rows, self.cols
        what = repr(board) if isinstance(board, str) else repr(b)
        if (b.rows, b.cols) != (rows, cols):
            raise CensusError(f"{what} is not a position of the {rows}x{cols} census: "
                              f"it is {b.rows}x{b.cols}")
        if b.cells_mask != full_mask(rows, cols):
            raise CensusError(f"{what} is not a position of the {rows}x{cols} census: "
                              f"it has off-board cells")
        wrong = (b.black_mask & ~self._black) | (b.white_mask & self._black)
        if wrong:
            sq = b.square_name(b.rc((wrong & -wrong).bit_length() - 1))
            start = Board.start(rows, cols)
            raise CensusError(f"{what} is not a position of the {rows}x{cols} census: stone on "
                              f"{sq} has the wrong colour (Board.start({rows}, {cols}) has "
                              f"{start[sq]} there)")
        return relayout(b.black_mask | b.white_mask, rows, cols, cols + 1, cols)

    def _check_code(self, code: Any) -> int:
        if not isinstance(code, int) or isinstance(code, bool):
            raise CensusTypeError(f"a position code must be an int, not {describe(code)}")
        if not 0 <= code < len(self.ids):
            raise CensusError(f"invalid code {code!r} for the {self.rows}x{self.cols} census: "
                              f"expected an int in range({len(self.ids)})")
        return code

    # -- values ---------------------------------------------------------------

    @public
    def value(self, position: int | Board | str) -> cgt.Game:
        """The value of one position, given by its code, its board or its picture.

        Examples
        --------
        >>> c = konane.census(2, 3)
        >>> c.value(0b000011), c.value("ox./...")
        (cgt.parse('-1'), cgt.parse('-1'))
        """
        if isinstance(position, (Board, str)):
            code = self.code(position)
        else:
            code = self._check_code(position)
        return cgt.Game.from_id(self.ids[code])

    __getitem__ = value

    def _native_summary(self) -> bool:
        """Count the values and find their first codes in one native pass over the ids, if
        the native core is built; False if not."""
        summary = census_summary(self.ids, self.rows * self.cols)
        if summary is None:
            return False
        self._counts = Counter({gid: n for gid, n, _ in summary})
        self._first = {gid: first for gid, _, first in summary}
        return True

    def _id_counts(self) -> Counter[int]:
        if self._counts is None and not self._native_summary():
            self._counts = Counter(self.ids)
        assert self._counts is not None
        return self._counts

    @property
    def distinct(self) -> int:
        """The number of distinct values of the census (counted on value ids).

        Examples
        --------
        >>> konane.census(3, 3).distinct, len(konane.census(3, 3).values())
        (9, 9)
        """
        return len(self._id_counts())

    def values(self) -> Counter[cgt.Game]:
        """How many positions have each value.

        Returns
        -------
        collections.Counter
            ``{cgt.Game: number of positions}``.

        Examples
        --------
        >>> vs = konane.census(3, 3).values()
        >>> len(vs), vs[cgt.star], sum(vs.values())
        (9, 16, 512)
        """
        return Counter({cgt.Game.from_id(gid): n for gid, n in self._id_counts().items()})

    def outcomes(self) -> Counter[cgt.Outcome]:
        """How many positions are in each outcome class.

        Returns
        -------
        collections.Counter
            ``{cgt.Outcome: number of positions}``, with all four classes in
            the order P, N, L, R (zero counts included).

        Examples
        --------
        >>> oc = konane.census(3, 3).outcomes()
        >>> [(o.value, n) for o, n in oc.items()], sum(oc.values())
        ([('P', 156), ('N', 16), ('L', 292), ('R', 48)], 512)
        """
        out: Counter[cgt.Outcome] = Counter({o: 0 for o in cgt.Outcome})
        for gid, n in self._id_counts().items():
            out[cgt.Game.from_id(gid).outcome] += n
        return out

    def find(self, value: Any) -> Iterator[int]:
        """The codes of the positions with a given value, in increasing order.

        Parameters
        ----------
        value : cgt.Game, or anything :func:`cgt.as_game` accepts (``"*2"``, ``1/2``)

        Yields
        ------
        int

        Examples
        --------
        >>> c = konane.census(2, 4)
        >>> [c.board(code) for code in c.find("*")][:3]
        [konane.Board('.xo./....'), konane.Board('.xo./x...'), konane.Board('.xo./.o..')]
        """
        gid = cgt.as_game(value).id
        ids = self.ids
        return (code for code in range(len(ids)) if ids[code] == gid)

    # -- first occurrences ------------------------------------------------------

    def _first_codes(self) -> dict[int, int]:
        """``{value id: its first code}`` (fewest stones, then lowest code), computed once."""
        if self._first is None and not self._native_summary():
            first: dict[int, int] = {}
            get = first.get
            for code, gid in enumerate(self.ids):
                old = get(gid)
                if old is None or code.bit_count() < old.bit_count():
                    first[gid] = code
            self._first = first
        assert self._first is not None
        return self._first

    @public
    def first(self, value: Any, relation: str = "=") -> int | None:
        """The first position whose value is ``value`` (or stands in ``relation`` with it).

        Positions are ordered smallest first: fewer stones, then lower code.

        Parameters
        ----------
        value : cgt.Game, or anything :func:`cgt.as_game` accepts
        relation : str, default ``"="``
            One of :data:`RELATIONS`: ``"="``, ``">="`` (at least), ``"<="``,
            ``">"``, ``"<"``, ``"||"`` (confused with).

        Returns
        -------
        int or None
            The code of the position, or None if no position qualifies.

        Raises
        ------
        SearchTypeError, SearchError
            If ``relation`` is not one of :data:`RELATIONS`.

        Examples
        --------
        >>> c = konane.census(3, 4)
        >>> c.board(c.first("*2")), c.first("*3")
        (konane.Board('..x./.xo./.o..'), None)
        >>> c.board(c.first(2, ">")), c.value(c.first(2, ">"))
        (konane.Board('.o../o.o./x...'), cgt.parse('3'))
        """
        test = relation_test(relation, value)
        codes = [code for gid, code in self._first_codes().items() if test(gid)]
        return min(codes, key=_order) if codes else None

    @public
    def firsts(self, key: Callable[[cgt.Game], Hashable | None]) -> dict[Any, int]:
        """The first position of each value of ``key`` over the values of the census.

        Parameters
        ----------
        key : callable
            Called once on each distinct value (a :class:`cgt.Game`); values
            for which it returns None are left out.

        Returns
        -------
        dict
            ``{key: code of its first position}``, smallest position first.

        Examples
        --------
        >>> c = konane.census(2, 4)
        >>> firsts = c.firsts(lambda g: g.outcome)
        >>> [(k.value, c.board(code)) for k, code in firsts.items()]  # doctest: +NORMALIZE_WHITESPACE
        [('P', konane.Board('..../....')), ('R', konane.Board('ox../....')),
         ('N', konane.Board('.xo./....')), ('L', konane.Board('..ox/....'))]
        """
        best: dict[Any, int] = {}
        if not callable(key):
            raise CensusTypeError(f"key must be a function of a value (a cgt.Game), not {describe(key)}")
        for gid, code in sorted(self._first_codes().items(), key=lambda item: _order(item[1])):
            k = key(cgt.Game.from_id(gid))
            if k is not None and k not in best:
                best[k] = code
        return best

    def nimbers(self) -> dict[int, int]:
        """The first position of each nimber ``*k`` of the census (``0`` included).

        Returns
        -------
        dict
            ``{k: code}``, by increasing ``k``.

        Examples
        --------
        >>> c = konane.census(1, 8)
        >>> {k: c.board(code) for k, code in c.nimbers().items()}
        {0: konane.Board('........'), 1: konane.Board('.ox.....'), 2: konane.Board('.o.ox.x.')}
        """
        out: dict[int, int] = {}
        for gid, code in self._first_codes().items():
            nus = ops.nus(gid)
            if nus is not None and nus[0] == 0 and nus[1] == 0:
                out[nus[2]] = code
        return dict(sorted(out.items()))

    def tinies(self) -> dict[cgt.Game, int]:
        """The first position of each tiny ``{0 || 0 | -x}`` and miny ``{x | 0 || 0}`` of the census.

        Returns
        -------
        dict
            ``{value: code}``, tinies by increasing ``x``, then minies.

        Examples
        --------
        >>> c = konane.census(3, 4)
        >>> {g: c.board(code) for g, code in c.tinies().items()}
        {cgt.parse('{0||0|-1}'): konane.Board('..x./.x.x/xo..'), cgt.parse('{1|0||0}'): konane.Board('..xo/o.o./.o..')}
        """
        found = []
        for gid, code in self._first_codes().items():
            x = _tiny_x(gid)
            if x is not None:
                found.append((x < 0, abs(x), gid, code))
        found.sort()
        return {cgt.Game.from_id(gid): code for _, _, gid, code in found}

    def temperatures(self) -> dict[Fraction, int]:
        """The first position of each temperature of the census.

        Temperatures follow :attr:`cgt.Game.temperature` (integers have
        temperature -1).

        Returns
        -------
        dict
            ``{temperature: code}``, by increasing temperature.

        Examples
        --------
        >>> c = konane.census(3, 3)
        >>> {str(t): c.board(code) for t, code in c.temperatures().items()}
        {'-1': konane.Board('.../.../...'), '-1/2': konane.Board('x.x/ox./...'), '0': konane.Board('xo./.x./...')}
        """
        best = self.firsts(lambda g: g.temperature)
        return {t: best[t] for t in sorted(best)}

    def hottest(self, count: int = 1) -> list[tuple[int, cgt.Game]]:
        """The positions of the hottest values: the first position of each of the
        ``count`` distinct values of highest temperature.

        Parameters
        ----------
        count : int, default 1

        Returns
        -------
        list of (code, cgt.Game)
            Hottest first; values of equal temperature smallest position first.

        Raises
        ------
        SearchTypeError, SearchError
            If ``count`` is not an int, or negative.

        Examples
        --------
        >>> c = konane.census(3, 4)
        >>> [(c.board(code), g, str(g.temperature)) for code, g in c.hottest(2)]  # doctest: +NORMALIZE_WHITESPACE
        [(konane.Board('.ox./o.ox/.o..'), cgt.parse('{3|-1/2}'), '7/4'),
         (konane.Board('.ox./ox.x/..x.'), cgt.parse('{1/2|-3}'), '7/4')]
        """
        if not isinstance(count, int) or isinstance(count, bool):
            raise SearchTypeError(f"count must be an int, not {describe(count)}")
        if count < 0:
            raise SearchError(f"count must be at least 0, got {count!r}")
        rows = []
        for gid, code in self._first_codes().items():
            g = cgt.Game.from_id(gid)
            rows.append((-g.temperature, _order(code), code, g))
        rows.sort(key=lambda r: (r[0], r[1]))
        return [(code, g) for _, _, code, g in rows[:count]]

    # -- saving -----------------------------------------------------------------

    @public
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the census to an SQLite file (replacing that file whole or not at all), for
        :meth:`load`.

        Value ids belong to one process, so the file holds the values as
        games: every distinct value and all its subgames once, each as the
        indices of its Left and Right options (earlier games), and the
        positions as one array of indices into them (4 bytes a position:
        a 4 x 6 census takes about 70 MB).  The file also holds the board's
        shape, the rules, a format version and a checksum (SHA-256) of all of
        it, so that :meth:`load` refuses a file edited or damaged since.  The
        file is written beside ``path`` and renamed over it once synced to the
        disk: a process killed while saving leaves the old file as it was.

        Parameters
        ----------
        path : str or os.PathLike

        Raises
        ------
        CensusTypeError
            If ``path`` is not a str or a path.

        Examples
        --------
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "census-2x4.sqlite")
        >>> konane.census(2, 4).save(path)
        >>> konane.Census.load(path).value(".xo./x...")
        cgt.parse('*')
        """
        name = check_path(path, CensusTypeError)
        games, index = _closure(self._id_counts())
        records = array("I")
        for gid in games:
            lefts, rights = ops.left_options(gid), ops.right_options(gid)
            records.append(len(lefts))
            records.append(len(rights))
            records.extend(index[h] for h in lefts)
            records.extend(index[h] for h in rights)
        dense = array("I", bytes(4)) * (max(index) + 1)         # value id -> index of its game
        for gid, i in index.items():
            dense[gid] = i
        idx = remap(self.ids, dense)
        if sys.byteorder != "little":
            records.byteswap()
            idx.byteswap()
        meta = {"format": _FORMAT, "rows": str(self.rows), "cols": str(self.cols),
                "multi_jump": str(int(self.rules.multi_jump)), "opening": self.rules.opening,
                "elapsed": repr(self.elapsed)}
        games_blob, codes_blob = records.tobytes(), idx.tobytes()
        meta["checksum"] = _checksum(meta, len(games), games_blob, codes_blob)
        with replacing(name) as tmp:
            db = sqlite3.connect(tmp)
            try:
                with db:
                    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                    db.execute("CREATE TABLE games (count INTEGER NOT NULL, options BLOB NOT NULL)")
                    db.execute("CREATE TABLE codes (ids BLOB NOT NULL)")
                    db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
                    db.execute("INSERT INTO games VALUES (?, ?)", (len(games), games_blob))
                    db.execute("INSERT INTO codes VALUES (?)", (codes_blob,))
            finally:
                db.close()

    @classmethod
    @public
    def load(cls, path: str | os.PathLike[str]) -> Census:
        """Read a census written by :meth:`save` (also files of the earlier format,
        which held the values as text).

        Parameters
        ----------
        path : str or os.PathLike

        Returns
        -------
        Census

        Raises
        ------
        CensusTypeError
            If ``path`` is not a str or a path.
        CensusFileError
            If the file does not exist, is not an SQLite database, or is not
            a census saved by :meth:`save` (or is damaged).

        Examples
        --------
        >>> konane.Census.load("no-such-census.sqlite")
        Traceback (most recent call last):
        ...
        konane.errors.CensusFileError: cannot load a census from 'no-such-census.sqlite': no such file
        """
        return cls._load(path)

    @classmethod
    def _load(cls, path: Any) -> Census:
        path = check_path(path, CensusTypeError)
        where = f"cannot load a census from {path!r}"
        if not os.path.isfile(path):
            raise CensusFileError(f"{where}: no such file")
        try:
            db = sqlite3.connect(f"file:{os.path.abspath(path)}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise CensusFileError(f"{where}: {exc}") from None
        try:
            try:
                meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
                if meta.get("format") not in (_FORMAT, _FORMAT_2, _FORMAT_1):
                    raise CensusFileError(f"{where}: not a census saved by konane.Census.save "
                                          f"(format {meta.get('format')!r})")
                rows, cols = int(meta["rows"]), int(meta["cols"])
                rules = Rules(multi_jump=bool(int(meta["multi_jump"])), opening=meta["opening"])
                elapsed = float(meta["elapsed"])
                if meta["format"] == _FORMAT_1:
                    texts = db.execute("SELECT idx, game FROM games ORDER BY idx").fetchall()
                    games: Any = None
                else:
                    games = db.execute("SELECT count, options FROM games").fetchone()
                (blob,) = db.execute("SELECT ids FROM codes").fetchone()
            except sqlite3.DatabaseError as exc:
                raise CensusFileError(f"{where}: not a census saved by konane.Census.save ({exc})") from None
            except (KeyError, ValueError, TypeError) as exc:
                raise CensusFileError(f"{where}: damaged census file ({exc!r})") from None
        finally:
            db.close()
        if meta["format"] == _FORMAT and (
                not isinstance(games, tuple) or not isinstance(blob, bytes) or not isinstance(games[1], bytes)
                or meta.get("checksum") != _checksum(meta, games[0], games[1], blob)):
            raise CensusFileError(f"{where}: damaged census file (its checksum does not match: the file "
                                  "was changed or damaged after konane.Census.save wrote it)")
        try:
            if games is None:
                if [i for i, _ in texts] != list(range(len(texts))):
                    raise ValueError("the games are not numbered 0, 1, 2, ...")
                table = [cgt.parse(text).id for _, text in texts]
            else:
                table = _rebuild(*games)
            _check_birthdays(table, rows, cols)
            idx = array("I")
            idx.frombytes(blob)
            if sys.byteorder != "little":
                idx.byteswap()
            if len(idx) != 1 << (rows * cols):
                raise ValueError("the tables do not match the board size")
            ids = remap(idx, table)
        except (cgt.CGTError, ValueError, IndexError, TypeError) as exc:
            raise CensusFileError(f"{where}: damaged census file ({exc})") from None
        return cls(rows, cols, rules, ids, elapsed)

    # -- display ----------------------------------------------------------------

    @public
    def show(self, codes: Iterable[int], *, captions: Sequence[str | None] | None = None,
             columns: int = 6, size: int = 30) -> svg.SvgWrapper:
        """The positions of some codes drawn in a grid, each captioned with its value.

        Parameters
        ----------
        codes : iterable of int
            Position codes, each in ``range(len(self))`` (say from :meth:`find`,
            :meth:`first` or :meth:`hottest`).
        captions : sequence of str or None, optional
            One caption per code; by default each position's value, with
            Unicode signs (``±1``, ``↑``, ``∗``) as :func:`konane.analyze` writes it.
        columns : int, default 6
            Boards per row.
        size : int, default 30
            Side of a cell in pixels.

        Returns
        -------
        SvgWrapper
            An SVG picture (a ``str`` that notebooks display), made by
            :func:`konane.svg.boards_grid`.

        Raises
        ------
        CensusTypeError, CensusError
            If ``codes`` is not an iterable of ints in range.
        KonaneTypeError, KonaneValueError
            If ``captions`` does not hold one str (or None) per code, or
            ``columns`` or ``size`` is not a positive int.

        Examples
        --------
        >>> c = konane.census(2, 3)
        >>> pic = c.show([c.code("o.o/..x"), 0b000011, 0])
        >>> pic.count('class="grid-board"'), ">-1<" in pic, ">0<" in pic
        (3, True, True)
        >>> ">#37<" in c.show([37], captions=["#37"])
        True
        """
        if isinstance(codes, (str, int)) or not isinstance(codes, Iterable):
            raise CensusTypeError(f"codes must be an iterable of position codes, not {describe(codes)}")
        checked = [self._check_code(code) for code in codes]
        boards = [self.board(code) for code in checked]
        if captions is None:
            captions = [svg.value_text(cgt.Game.from_id(self.ids[code])) for code in checked]
        return svg.boards_grid(boards, captions, columns=columns, size=size)

    def _repr_html_(self) -> str | None:
        try:
            counts = self.outcomes()
            total = len(self)
            rows = "".join(
                f"<tr><td>{o.value}</td><td style='text-align:right'>{n:,}</td>"
                f"<td style='text-align:right'>{100 * n / total:.2f}%</td></tr>"
                for o, n in counts.items())
            common = self.values().most_common(10)
            vrows = "".join(
                f"<tr><td>{html.escape(str(g))}</td><td style='text-align:right'>{n:,}</td></tr>"
                for g, n in common)
            return (f"<div><p><b>Konane census</b> {self.rows}x{self.cols}, "
                    f"{html.escape(str(self.rules))}: {total:,} positions, "
                    f"{len(self._id_counts()):,} distinct values, "
                    f"computed in {self.elapsed:.2f} s</p>"
                    "<table><tr><th>outcome</th><th>positions</th><th>share</th></tr>"
                    f"{rows}</table>"
                    "<table><tr><th>most common values</th><th>positions</th></tr>"
                    f"{vrows}</table></div>")
        except Exception:  # a display hook must never raise
            return None
