"""The values of all parity-consistent positions of a rectangular board (a census).

A position of a ``rows`` x ``cols`` board is *parity-consistent* when every
stone stands where :meth:`konane.Board.start` puts a stone of its colour (Black
on the cells of a1's colour of the checkerboard, White on the others).  Every
position reached from the start by removals and captures is one of them: a
jump moves a stone two cells, so it never changes the colour of its cell.
Such a position is given by the set of occupied cells alone, and
:func:`census` computes the exact value of all ``2 ** (rows * cols)`` of them.

Position codes
--------------
A position is numbered by its *code*: bit ``k`` is set when cell ``k`` holds
its stone, cells numbered ``k = row * cols + col`` in row-major order, row 0
the *top* row (as in pictures and in :class:`konane.Board`; note that a code has
no guard column, unlike the board's bit masks).  So on a 2 x 3 board, whose
start is ``oxo/xox``, the code ``0b000101`` is ``o.o/...``:

>>> from konane.census import census
>>> c = census(2, 3)
>>> c.board(0b000101), c.code(konane.Board("o.o/..."))
(konane.Board('o.o/...'), 5)

Examples
--------
>>> c = census(3, 4)
>>> len(c), c.value(".ox./o..x/....")
(4096, cgt.parse('+-1'))
>>> {o.value: n for o, n in c.outcomes().items()}
{'P': 1061, 'N': 525, 'L': 1255, 'R': 1255}
"""

from __future__ import annotations

import html
import time
from array import array
from collections import Counter
from typing import Any, Callable, Iterator

import cgt
from cgt import _core
from cgt._deep import deep
from cgt.game import _wrap

from konane import values as _values
from konane.board import Board, _full_mask
from konane.errors import KonaneError
from konane.rules import STANDARD, Rules

__all__ = ["census", "Census", "CensusError", "MAX_CELLS"]

#: The largest board (in cells) :func:`census` accepts: ``2 ** 24`` positions
#: take a 64 MB table of value ids and, in pure Python, several minutes.
MAX_CELLS = 24


class CensusError(KonaneError, ValueError):
    """A census cannot be made for these arguments, or a position is not one of the census.

    Examples
    --------
    >>> konane.census.census(5, 5)
    Traceback (most recent call last):
    ...
    konane.census.CensusError: census(5, 5): a 5x5 board has 25 cells, 2**25 positions; at most 24 cells are supported (2**24 value ids take 64 MB and minutes to compute)
    """


# ---------------------------------------------------------------- tables of a board size

def _cell_is_black(rows: int, cols: int, r: int, c: int) -> bool:
    """Whether Board.start(rows, cols) has a Black stone on (r, c) (Black on a1)."""
    return (rows - 1 - r + c) % 2 == 0


def _symmetries(rows: int, cols: int) -> list[tuple[list[int], bool]]:
    """The non-identity symmetries of the grid as cell permutations (in code
    numbering), each with whether it swaps the checkerboard colours."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, cols - 1 - c),                 # left-right mirror
        lambda r, c: (rows - 1 - r, c),                 # top-bottom mirror
        lambda r, c: (rows - 1 - r, cols - 1 - c),      # half turn
    ]
    if rows == cols:                                    # the square has four more
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, r),
        ]
    out = []
    seen = {tuple(range(rows * cols))}
    for f in maps:
        perm = []
        for r in range(rows):
            for c in range(cols):
                r2, c2 = f(r, c)
                perm.append(r2 * cols + c2)
        if tuple(perm) in seen:                         # e.g. the top-bottom mirror of one row
            continue
        seen.add(tuple(perm))
        swaps = [_cell_is_black(rows, cols, r, c) != _cell_is_black(rows, cols, *f(r, c))
                 for r in range(rows) for c in range(cols)]
        assert len(set(swaps)) == 1                     # a symmetry keeps adjacency
        out.append((perm, swaps[0]))
    return out


def _chunk_tables(perm: list[int], lo_bits: int) -> tuple[list[int], list[int]]:
    """Two lookup tables giving the image of a code under a cell permutation:
    ``lo[code & (2**lo_bits - 1)] | hi[code >> lo_bits]``."""
    n = len(perm)
    tables = []
    for first, width in ((0, lo_bits), (lo_bits, n - lo_bits)):
        tab = [0] * (1 << width)
        for v in range(1, 1 << width):
            low = (v & -v).bit_length() - 1
            tab[v] = tab[v & (v - 1)] | (1 << perm[first + low])
        tables.append(tab)
    return tables[0], tables[1]


def _move_steps(rows: int, cols: int, multi: bool) -> tuple[list, list]:
    """Jump patterns for the bit-parallel move generator, see :func:`_solve`.

    Returns ``(forward, backward)``, one list per direction towards higher
    (right, down) and lower (left, up) cell numbers.  Each list holds, for
    ``k = 1, 2, ...`` jumps in that direction, ``(valid, occ_shift,
    empty_shift, pattern)``: ``valid`` the cells from which ``k`` jumps stay in
    the line of the board, the shifts that bring the ``k``-th jumped cell
    (``(2k - 1) d`` away) and the ``k``-th landing cell (``2k d`` away) onto the
    source, and the xor ``pattern`` of a ``k``-jump from cell 0: the source,
    the ``k`` jumped cells and the landing cell.
    """
    forward: list = []
    backward: list = []
    for d, length, along in ((1, cols, lambda r, c: c), (cols, rows, lambda r, c: r)):
        for out, ahead in ((forward, lambda i: length - 1 - i), (backward, lambda i: i)):
            steps = []
            k = 1
            while 2 * k < length and (multi or k == 1):
                valid = 0
                for r in range(rows):
                    for c in range(cols):
                        if ahead(along(r, c)) >= 2 * k:
                            valid |= 1 << (r * cols + c)
                pattern = 1 | 1 << (2 * k * d)
                for j in range(1, 2 * k, 2):
                    pattern |= 1 << (j * d)
                steps.append((valid, (2 * k - 1) * d, 2 * k * d, pattern))
                k += 1
            if steps:
                out.append(steps)
    return forward, backward


# ---------------------------------------------------------------- the computation

def _solve(rows: int, cols: int, multi: bool, progress: Any) -> array:
    """The value ids of all codes (the dynamic program described in :func:`census`)."""
    n = rows * cols
    size = 1 << n
    full = size - 1
    bmask = 0
    for r in range(rows):
        for c in range(cols):
            if _cell_is_black(rows, cols, r, c):
                bmask |= 1 << (r * cols + c)
    forward, backward = _move_steps(rows, cols, multi)
    lo_bits = (n + 1) // 2
    lo_mask = (1 << lo_bits) - 1
    syms = [_chunk_tables(perm, lo_bits) + (swaps,) for perm, swaps in _symmetries(rows, cols)]

    levels = [array("i") for _ in range(n + 1)]
    append = [a.append for a in levels]
    for code in range(size):
        append[code.bit_count()](code)

    vals = array("i", [-1]) * size
    canonical = _core.canonical
    neg = _core.neg
    zero = _core.ZERO
    chunk = 1 << 15
    for level in levels:
        for start in range(0, len(level), chunk):
            for code in level[start:start + chunk]:
                if vals[code] >= 0:                     # the image of a computed code
                    continue
                empty = full ^ code
                black = code & bmask
                lefts: list[int] = []
                rights: list[int] = []
                for mine, opts in ((black, lefts), (code ^ black, rights)):
                    if not mine:
                        continue
                    for steps in forward:
                        src = mine
                        for valid, occ_shift, empty_shift, pattern in steps:
                            src &= valid & (code >> occ_shift) & (empty >> empty_shift)
                            if not src:
                                break
                            t = src
                            while t:
                                low = t & -t
                                t ^= low
                                opts.append(vals[code ^ low * pattern])
                    for steps in backward:
                        src = mine
                        for valid, occ_shift, empty_shift, pattern in steps:
                            src &= valid & (code << occ_shift) & (empty << empty_shift)
                            if not src:
                                break
                            t = src
                            while t:
                                low = t & -t
                                t ^= low
                                opts.append(vals[code ^ (low >> empty_shift) * pattern])
                if lefts or rights:
                    try:
                        gid = canonical(lefts, rights)
                    except RecursionError:
                        gid = deep(canonical, lefts, rights)
                else:
                    gid = zero                          # nobody can move
                vals[code] = gid
                negated = -1
                for lo, hi, swaps in syms:
                    image = lo[code & lo_mask] | hi[code >> lo_bits]
                    if swaps:
                        if negated < 0:
                            negated = neg(gid)
                        vals[image] = negated
                    else:
                        vals[image] = gid
            if progress is not None:
                progress.update(min(chunk, len(level) - start))
    return vals


def _progress_bar(enabled: bool | None, total: int, rows: int, cols: int) -> Any:
    """A tqdm bar over the codes, or None (disabled, small census, or no tqdm)."""
    if enabled is None:
        enabled = _values._PROGRESS
    if not enabled or total < 1 << 16:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=f"konane census {rows}x{cols}", unit=" positions",
                leave=False)


def _check_size(rows: Any, cols: Any) -> None:
    call = f"census({rows!r}, {cols!r})"
    for name, v in (("rows", rows), ("cols", cols)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise CensusError(f"{call}: {name} must be an int, got {type(v).__name__} {v!r}")
        if v < 1:
            raise CensusError(f"{call}: {name} must be at least 1, got {v!r}")
    n = rows * cols
    if n > MAX_CELLS:
        raise CensusError(
            f"{call}: a {rows}x{cols} board has {n} cells, 2**{n} positions; at most "
            f"{MAX_CELLS} cells are supported (2**{MAX_CELLS} value ids take "
            f"{4 << MAX_CELLS >> 20} MB and minutes to compute)")


def census(rows: int, cols: int | None = None, *, rules: Rules | None = None,
           progress: bool | None = None) -> "Census":
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

    Returns
    -------
    Census
        The values of the ``2 ** (rows * cols)`` positions, indexed by their
        codes (see the module docstring).

    Raises
    ------
    CensusError
        If a size is not a positive int or the board has more than
        :data:`MAX_CELLS` cells.
    konane.values.RulesError
        If ``rules`` is not a :class:`konane.Rules`.

    Examples
    --------
    >>> from konane.census import census
    >>> c = census(2, 4)
    >>> len(c), c.value(0), c.value("oxox/xoxo"), c.value(".xo./x...")
    (256, cgt.parse('0'), cgt.parse('0'), cgt.parse('*'))

    A multi-jump makes a difference:

    >>> census(1, 7).value("xo.o..."), census(1, 7, rules=konane.SINGLE_JUMP).value("xo.o...")
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

    The positions are not split into regions (:mod:`konane.regions`), as
    :func:`konane.value` does: that is what makes one big position
    computable, but here every option is already in the table.  Measured on
    4 x 5: 96% of the positions are a single region; the canonical forms of
    all the others together take about 0.03 s (those with dead stones have
    the option set of a smaller position, a hit in ``cgt``'s memo); and
    finding the regions of every position took longer than the whole census
    does now.

    Cost on 4 x 5 (2 ** 20 positions): about 5 s (three quarters of it in
    ``cgt``'s canonical forms of the 180,000 distinct option sets) and a
    peak of about 120 MB, mostly ``cgt``'s tables and operation caches,
    which keep the 25,802 distinct values after the call.  Interrupting with
    Ctrl-C leaves those tables consistent (they only receive finished
    values); the census' own arrays are local and simply discarded.
    """
    if cols is None:
        cols = rows
    _check_size(rows, cols)
    if rules is None:
        rules = STANDARD
    elif not isinstance(rules, Rules):
        raise _values.RulesError(
            f"rules must be a konane.Rules such as konane.STANDARD, not {rules!r}")
    size = 1 << (rows * cols)
    bar = _progress_bar(progress, size, rows, cols)
    t = time.perf_counter()
    try:
        ids = _solve(rows, cols, rules.multi_jump, bar)
    finally:
        if bar is not None:
            bar.close()
    return Census(rows, cols, rules, ids, time.perf_counter() - t)


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
        is the :class:`cgt.Game`), for fast bulk work such as counting.
    elapsed : float
        Seconds the computation took.

    Examples
    --------
    >>> c = konane.census.census(2, 4)
    >>> c
    konane.census.census(2, 4, rules=konane.Rules(multi_jump=True, opening='standard'))
    >>> c[0b11111111], c.board(0b11111111)
    (cgt.parse('0'), konane.Board('oxox/xoxo'))
    >>> c.values().most_common(4)
    [(cgt.parse('0'), 130), (cgt.parse('-1'), 44), (cgt.parse('1'), 44), (cgt.parse('*'), 22)]
    """

    __slots__ = ("rows", "cols", "rules", "ids", "elapsed", "_black", "_counts")

    def __init__(self, rows: int, cols: int, rules: Rules, ids: array, elapsed: float = 0.0):
        self.rows = rows
        self.cols = cols
        self.rules = rules
        self.ids = ids
        self.elapsed = elapsed
        self._black = Board.start(rows, cols)._black
        self._counts: Counter | None = None

    def __repr__(self) -> str:
        # the call that computes it again
        return f"konane.census.census({self.rows}, {self.cols}, rules={self.rules!r})"

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self) -> Iterator[cgt.Game]:
        """The values of the positions, in the order of their codes."""
        return map(_wrap, self.ids)

    # -- positions and codes ------------------------------------------------

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
        >>> c = konane.census.census(2, 3)
        >>> c.board(0b000001), c.board(0b100000)
        (konane.Board('o../...'), konane.Board('.../..x'))
        """
        code = self._check_code(code)
        cols, stride = self.cols, self.cols + 1
        row = (1 << cols) - 1
        stones = 0
        for r in range(self.rows):
            stones |= ((code >> (r * cols)) & row) << (r * stride)
        cells = _full_mask(self.rows, cols)
        black = stones & self._black
        return Board._make(self.rows, cols, cells, black, stones ^ black)

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
        CensusError
            If the board has another size, off-board cells, or a stone on a
            cell of the other colour.

        Examples
        --------
        >>> c = konane.census.census(2, 3)
        >>> c.code("o.o/..x")
        37
        >>> c.code("x.o/...")
        Traceback (most recent call last):
        ...
        konane.census.CensusError: 'x.o/...' is not a position of the 2x3 census: stone on a2 has the wrong colour (Board.start(2, 3) has o there)
        """
        b = board if isinstance(board, Board) else Board(board)
        rows, cols = self.rows, self.cols
        what = repr(board) if isinstance(board, str) else repr(b)
        if (b.rows, b.cols) != (rows, cols):
            raise CensusError(f"{what} is not a position of the {rows}x{cols} census: "
                              f"it is {b.rows}x{b.cols}")
        if b.cells != _full_mask(rows, cols):
            raise CensusError(f"{what} is not a position of the {rows}x{cols} census: "
                              f"it has off-board cells")
        wrong = (b.black & ~self._black) | (b.white & self._black)
        if wrong:
            sq = b.square_name(b.rc((wrong & -wrong).bit_length() - 1))
            start = Board.start(rows, cols)
            raise CensusError(f"{what} is not a position of the {rows}x{cols} census: stone on "
                              f"{sq} has the wrong colour (Board.start({rows}, {cols}) has "
                              f"{start[sq]} there)")
        stones = b.black | b.white
        stride = cols + 1
        row = (1 << cols) - 1
        code = 0
        for r in range(rows):
            code |= ((stones >> (r * stride)) & row) << (r * cols)
        return code

    def _check_code(self, code: Any) -> int:
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < len(self.ids):
            raise CensusError(f"invalid code {code!r} for the {self.rows}x{self.cols} census: "
                              f"expected an int in range({len(self.ids)})")
        return code

    # -- values ---------------------------------------------------------------

    def value(self, position: int | Board | str) -> cgt.Game:
        """The value of one position, given by its code, its board or its picture.

        Examples
        --------
        >>> c = konane.census.census(2, 3)
        >>> c.value(0b000011), c.value("ox./...")
        (cgt.parse('-1'), cgt.parse('-1'))
        """
        if isinstance(position, (Board, str)):
            code = self.code(position)
        else:
            code = self._check_code(position)
        return _wrap(self.ids[code])

    __getitem__ = value

    def _id_counts(self) -> Counter:
        if self._counts is None:
            self._counts = Counter(self.ids)
        return self._counts

    def values(self) -> Counter:
        """How many positions have each value.

        Returns
        -------
        collections.Counter
            ``{cgt.Game: number of positions}``.

        Examples
        --------
        >>> vs = konane.census.census(3, 3).values()
        >>> len(vs), vs[cgt.star], sum(vs.values())
        (9, 16, 512)
        """
        return Counter({_wrap(gid): n for gid, n in self._id_counts().items()})

    def outcomes(self) -> Counter:
        """How many positions are in each outcome class.

        Returns
        -------
        collections.Counter
            ``{cgt.Outcome: number of positions}``, with all four classes in
            the order P, N, L, R (zero counts included).

        Examples
        --------
        >>> oc = konane.census.census(3, 3).outcomes()
        >>> [(o.value, n) for o, n in oc.items()], sum(oc.values())
        ([('P', 156), ('N', 16), ('L', 292), ('R', 48)], 512)
        """
        out: Counter = Counter({o: 0 for o in cgt.Outcome})
        for gid, n in self._id_counts().items():
            out[_wrap(gid).outcome] += n
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
        >>> c = konane.census.census(2, 4)
        >>> [c.board(code) for code in c.find("*")][:3]
        [konane.Board('.xo./....'), konane.Board('.xo./x...'), konane.Board('.xo./.o..')]
        """
        gid = cgt.as_game(value)._id
        ids = self.ids
        return (code for code in range(len(ids)) if ids[code] == gid)

    # -- display ----------------------------------------------------------------

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
