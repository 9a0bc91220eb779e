"""Splitting a Konane position into regions that can never interact.

The value of a position is the sum of the values of its regions, so this is
what makes large boards computable.  The rule used here is *sound by
argument*, not a heuristic; the argument is written out in
``docs/decomposition.md`` and summarised here.

Reach of a group of stones
--------------------------
A stone only moves by jumping an enemy stone orthogonally next to it onto the
empty cell beyond, and every jump removes the jumped stone.  For a group ``A``
of stones taken on its own, with ``n_x`` Black and ``n_o`` White stones, we
compute ``reach_x(A)`` and ``reach_o(A)``, the cells where a Black (resp.
White) stone of ``A`` could ever stand, as the least sets such that

* every Black stone of ``A`` stands in ``reach_x(A)``, every White one in ``reach_o(A)``;
* a cell is in ``reach_x(A)`` if a Black stone of ``A`` gets there from its start in at
  most ``n_o`` jumps, each from a cell ``p`` over ``p + d`` in ``reach_o(A)`` to a cell
  ``p + 2d`` of the board (a Black stone of ``A`` can make at most ``n_o`` captures in all,
  as long as it only captures stones of ``A``); the same with colours swapped.

This ignores that landing cells must be empty and which stones are still
there, so it can only be too large.

Boards that are one line
------------------------
When all cells lie in one row or one column, the line is cut exactly instead
(:func:`_line_drop`): at an empty cell between two empty cells (no stone ever
lands there); at one of a lone pair of empty cells between stones when the
part beyond it cannot, on its own, land a stone on it; at a lone empty cell
that neither side can land a stone on.  Whether a part can land a stone on
the empty cell at its edge is read off its first cells: a stone ``A``, then
any number of (empty, ``A``), then a stone of the other colour.  The pieces
between the cuts are the regions; ``docs/decomposition.md`` has the proofs.

Regions
-------
Groups start as the sets of stones linked by orthogonal adjacency of opposite
colours.  Two groups ``A`` and ``B`` *conflict* if a cell is in the reach of
both, or a cell of ``reach_x`` of one is next to a cell of ``reach_o`` of the
other.  Conflicting groups are merged (the merged group's reach is computed
afresh, with its larger stone counts) until no two groups conflict.

Why this is sound, by induction on the moves played: suppose that so far every
move was made inside one group.  Then every stone stands in its group's reach
(each jump it made captured a stone of its own group, standing in the group's
reach of the other colour, and it made at most as many jumps as that colour
has stones).  Now a stone of ``A`` at ``p`` jumps the stone at ``p + d``: that
stone belongs to some group ``B`` and stands in ``B``'s reach of the other
colour, next to ``p`` in ``A``'s reach, so ``B = A`` because groups do not
conflict; its landing cells are in ``A``'s reach, which no other group's stone
can ever occupy.  So the move reads and changes only cells of ``A``'s reach,
and the claim holds after it.  Hence each group, with the cells of its reach,
is an independent summand: the value of the position is the sum of the values
of its regions.  Cells outside every reach are never used and are dropped.

Footprints
----------
The *footprint* of a group alone (:func:`footprint`) is the set of cells each
colour occupies over every position reachable from the group alone, either
player, any order.  Groups whose footprints (or any larger sets, such as their
reaches) share no cell and put no Black cell of one next to a White cell of the
other never interact: a jump needs an adjacent enemy stone, and its landing
cell lies in the mover's own footprint.  :func:`footprint_region_masks` splits
each region of the reach rule by footprints, exploring at most
:data:`FOOTPRINT_LIMIT` positions per group (its reach otherwise); the solvers
split the position asked for with it.  ``docs/decomposition.md`` has the proof.
The bounds of groups are kept in a :class:`FootprintCache` under the normal form
of the group on its reach, so a group met again (on the same board, a mirrored
or colour-swapped one, or after moves elsewhere) is not explored again.

Computing it fast
-----------------
:func:`reach` first lets both sets grow together, one jump per round; if that
stops within ``min(n_x, n_o)`` rounds it is the least fixpoint (every cell was
found within both limits, and the sets are closed), otherwise the limited sets
are computed in turn.  :func:`live_region_masks` merges groups whose stones
and one-jump cells already conflict before computing any reach (reach only
grows with more stones, and merging in any order ends in the same finest
partition), and treats stones with no enemy next to them apart: they join a
group only when its reach conflicts with them.  ``docs/decomposition.md``
has the details; ``tests/konane/test_decomposition.py`` checks the result
against a cell-by-cell transcription of the definitions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from konane import _native
from konane._bitboard import (
    Tables,
    apply_table,
    bounding_box,
    captures,
    line_step,
    neighbours,
    normal_shape,
    pack_key,
    relayout,
    transform_table,
)
from konane.board import Board, as_board
from konane.cache import on_clear, on_info
from konane.errors import CacheTypeError, KonaneError, _describe

__all__ = ["regions", "region_masks", "live_region_masks", "reach", "footprint",
           "footprint_region_masks", "FootprintCache", "footprint_cache", "FOOTPRINT_LIMIT",
           "FOOTPRINT_CACHE_SIZE", "FOOTPRINT_CACHE_MIN_STONES"]

#: Footprints are explored up to this many positions of a group alone; a group with more
#: falls back to its reach (the native decomposer uses the same limit, so both split alike).
FOOTPRINT_LIMIT = 1000

#: Groups with fewer stones are explored afresh, not cached: they reach a handful of
#: positions (at most 5 with 3 stones on the real-game positions), cheaper to explore than the
#: key is to compute (the native cache has the same threshold).
FOOTPRINT_CACHE_MIN_STONES = 4

#: Groups a :class:`FootprintCache` keeps by default; past that it is emptied and fills
#: again (the native cache has the same bound).  An entry takes about 250 bytes in Python
#: (25 MB full), 130 bytes in the native cache.
FOOTPRINT_CACHE_SIZE = 100_000


def _jumps(movers: int, enemies: int, cells: int, stride: int, limit: int) -> int:
    """Cells reached from ``movers`` in at most ``limit`` jumps over cells of ``enemies``."""
    cur = movers
    s = stride
    for _ in range(limit):
        # one jump over ``enemies`` in each direction (this loop and reach's are the hottest)
        nxt = (cur | (((cur << 1) & enemies) << 1) | (((cur >> 1) & enemies) >> 1)
               | (((cur << s) & enemies) << s) | (((cur >> s) & enemies) >> s)) & cells
        if nxt == cur:
            break
        cur = nxt
    return cur


def reach(cells: int, black: int, white: int, stride: int) -> tuple[int, int]:
    """``(reach_x, reach_o)``: where the given stones, taken as one group, could ever stand.

    The least fixpoint described in the module docstring, on bit masks laid
    out as in :class:`konane.Board` (``stride = cols + 1``).

    Examples
    --------
    >>> from konane.decomposition import reach
    >>> b = konane.Board("xo.o..o.")
    >>> rx, ro = reach(b.cells, b.black, b.white, b.stride)
    >>> [b.square_name(b.rc(i)) for i in range(b.stride) if rx >> i & 1]
    ['a1', 'c1', 'e1', 'g1']
    >>> [b.square_name(b.rc(i)) for i in range(b.stride) if ro >> i & 1]
    ['b1', 'd1', 'f1', 'g1']

    Notes
    -----
    Fast path: both sets grow together, one jump per round for each colour,
    over the other colour's set of the same round.  If that stops growing
    after at most ``min(n_x, n_o)`` rounds, every cell in it was reached
    within both jump limits over cells of the other set, so it is contained
    in the least fixpoint; and it is closed under any number of jumps, so it
    contains it: it *is* the least fixpoint.  Otherwise (sparse groups, where
    the limits matter) the two sets are computed in turn, each with its jump
    limit, until neither grows.
    """
    if not black or not white:
        return black, white                 # nobody can capture anything
    n_x = black.bit_count()
    n_o = white.bit_count()
    s = stride
    rx, ro = black, white
    for _ in range(min(n_x, n_o) + 1):
        # one jump of each colour over the other's set (as in _jumps)
        nx = (rx | ((((rx << 1) & ro) << 1) | (((rx >> 1) & ro) >> 1)
                    | (((rx << s) & ro) << s) | (((rx >> s) & ro) >> s))) & cells
        no = (ro | ((((ro << 1) & nx) << 1) | (((ro >> 1) & nx) >> 1)
                    | (((ro << s) & nx) << s) | (((ro >> s) & nx) >> s))) & cells
        if nx == rx and no == ro:
            return rx, ro
        rx, ro = nx, no
    rx = _jumps(black, white, cells, s, n_o)
    ro = _jumps(white, rx, cells, s, n_x)
    while True:                             # alternate until neither set grows
        nx = _jumps(black, ro, cells, s, n_o)
        if nx == rx:
            return rx, ro
        rx = nx
        no = _jumps(white, rx, cells, s, n_x)
        if no == ro:
            return rx, ro
        ro = no


def _component(seed: int, lx: int, lo: int, s: int) -> int:
    """The stones of ``lx | lo`` linked to ``seed`` by orthogonal adjacency of opposite colours."""
    comp = seed
    while True:
        cx = comp & lx
        co = comp & lo
        # neighbours(cx, s) & lo | neighbours(co, s) & lx, inlined (a hot loop)
        grow = (comp | (((cx << 1) | (cx >> 1) | (cx << s) | (cx >> s)) & lo)
                | (((co << 1) | (co >> 1) | (co << s) | (co >> s)) & lx))
        if grow == comp:
            return comp
        comp = grow


def _one_jump(cells: int, gx: int, go: int, s: int) -> tuple[int, int]:
    """A lower bound of a group's reach: its stones and the cells one jump away."""
    # one jump of each colour over the other (as in _jumps; the solver's split test
    # calls this for every sparse position)
    return ((gx | ((((gx << 1) & go) << 1) | (((gx >> 1) & go) >> 1)
                   | (((gx << s) & go) << s) | (((gx >> s) & go) >> s))) & cells,
            (go | ((((go << 1) & gx) << 1) | (((go >> 1) & gx) >> 1)
                   | (((go << s) & gx) << s) | (((go >> s) & gx) >> s))) & cells)


def _landings(black: int, white: int, empty: int, d: int) -> int:
    """On a board that is one line: the cells ``c`` such that the part of the line
    beyond ``c`` in direction ``d`` (the cells ``c + d``, ``c + 2d``, ...; ``d`` may be
    negative), played on its own with ``c`` empty, can ever land a stone on ``c``.

    Exactly when the cells from ``c + d`` on read ``A``, then zero or more times
    (empty, ``A``), then the other colour, for a colour ``A``: the last stone jumps
    the ``A`` stones one by one towards ``c`` (``docs/decomposition.md`` proves
    that nothing else can).  Computed for all cells at once, per colour, growing
    the chains of (empty, ``A``) two cells at a time.
    """
    out = 0
    e = 2 * abs(d)
    for a, other in ((black, white), (white, black)):
        if d > 0:
            first = a >> d
            link = first & (empty >> e)
            found = first & (other >> e)
            while True:
                more = found | (link & (found >> e))
                if more == found:
                    break
                found = more
        else:
            first = a << -d
            link = first & (empty << e)
            found = first & (other << e)
            while True:
                more = found | (link & (found << e))
                if more == found:
                    break
                found = more
        out |= found
    return out


def _line_drop(cells: int, black: int, white: int, d: int) -> int:
    """On a board that is one line (step ``d``): the empty cells that no stone
    can ever land on and that cut the line (``docs/decomposition.md``):

    * an empty cell between two empty cells;
    * of two empty cells ``c``, ``c + d`` between stones: ``c + d`` if the stones
      beyond it cannot land a stone on it, else ``c`` if those before cannot;
    * an empty cell between two stones that neither side can land a stone on.
    """
    stones = black | white
    empty = cells & ~stones
    drop = empty & (empty << d) & (empty >> d)
    pairs = empty & (empty >> d) & (stones << d) & (stones >> (2 * d))
    singles = empty & (stones << d) & (stones >> d)
    if not (pairs or singles):
        return drop
    up = _landings(black, white, empty, d)
    down = _landings(black, white, empty, -d)
    above_fails = pairs & ~(up >> d)                  # pairs whose upper cell is never landed on
    drop |= above_fails << d
    drop |= (pairs ^ above_fails) & ~down
    drop |= singles & ~up & ~down
    return drop


def _line_regions(cells: int, black: int, white: int, d: int) -> list[tuple[int, int, int]]:
    """The pieces of a board that is one line (step ``d``) between the cells of
    :func:`_line_drop`, as ``(cells, black, white)``, in order along the line."""
    keep = cells & ~_line_drop(cells, black, white, d)
    out = []
    while keep:
        piece = keep & -keep
        if d == 1:
            piece = keep & ~(keep + piece)  # the run of ones from the lowest one up
        else:
            while True:
                grow = (piece | (piece << d)) & keep
                if grow == piece:
                    break
                piece = grow
        keep ^= piece
        out.append((piece, black & piece, white & piece))
    return out


def _partition(cells: int, black: int, white: int, stride: int) -> tuple[list[list[int]], int, int]:
    """The final groups with moves, as ``[black, white, reach_x, reach_o]``,
    and the dead stones (Black, White) left over.

    A board that is one line is cut into pieces instead (:func:`_line_regions`);
    a piece with stones of both colours is a group whose "reach" is the piece.
    """
    d = line_step(cells, stride)
    if not d:
        return _partition_piece(cells, black, white, stride)
    groups: list[list[int]] = []
    dead_x = dead_o = 0
    for piece, pb, pw in _line_regions(cells, black, white, d):
        if pb and pw:
            groups.append([pb, pw, piece, 0])
        else:
            dead_x |= pb
            dead_o |= pw
    return groups, dead_x, dead_o


def _partition_piece(cells: int, black: int, white: int, stride: int) -> tuple[list[list[int]], int, int]:
    """:func:`_partition` on a board that is not one line: groups and reaches."""
    s = stride
    # neighbours(white, s) and neighbours(black, s), inlined (once per split test)
    lx = black & ((white << 1) | (white >> 1) | (white << s) | (white >> s))
    lo = white & ((black << 1) | (black >> 1) | (black << s) | (black >> s))
    dead_x = black ^ lx
    dead_o = white ^ lo
    if not lx:
        return [], dead_x, dead_o         # nobody can move, now or ever
    # groups: stones linked by orthogonal adjacency of opposite colours, with a first
    # lower bound of their reach (the stones and the cells one jump away)
    comps: list[list[int]] = []
    remaining = lx | lo
    while remaining:
        comp = _component(remaining & -remaining, lx, lo, s)
        remaining ^= comp
        if not remaining and not comps:
            # one group (the usual case): its reach, absorbing the dead stones in conflict with it
            gx, go = lx, lo
            rx, ro = reach(cells, gx, go, s)
            while dead_x or dead_o:
                hx = dead_x & (rx | ro | neighbours(ro, s))
                ho = dead_o & (rx | ro | neighbours(rx, s))
                if not (hx or ho):
                    break
                dead_x ^= hx
                dead_o ^= ho
                gx |= hx
                go |= ho
                rx, ro = reach(cells, gx, go, s)
            return [[gx, go, rx, ro]], dead_x, dead_o
        gx, go = comp & lx, comp & lo
        comps.append([gx, go, *_one_jump(cells, gx, go, s)])
    # Reach only grows with more stones, so groups (and dead stones) that conflict
    # already through these lower bounds are merged before any reach is computed.
    n = len(comps)
    if n > 1 or dead_x or dead_o:
        parent = list(range(n))
        hits = []
        for i in range(n):
            g = comps[i]
            ux, uo = g[2], g[3]
            occ = ux | uo
            nux = (ux << 1) | (ux >> 1) | (ux << s) | (ux >> s)     # neighbours(), inlined
            nuo = (uo << 1) | (uo >> 1) | (uo << s) | (uo >> s)
            hx = dead_x & (occ | nuo)
            ho = dead_o & (occ | nux)
            if hx or ho:
                g[0] |= hx
                g[1] |= ho
                hits.append((i, hx | ho))
            for j in range(i + 1, n):
                h = comps[j]
                if (occ & (h[2] | h[3])) or (nux & h[3]) or (nuo & h[2]):
                    a = i
                    while parent[a] != a:
                        a = parent[a]
                    b = j
                    while parent[b] != b:
                        b = parent[b]
                    if a != b:
                        parent[b] = a
        for k in range(len(hits)):          # a dead stone near two groups links them
            for m in range(k):
                if hits[k][1] & hits[m][1]:
                    a = hits[k][0]
                    while parent[a] != a:
                        a = parent[a]
                    b = hits[m][0]
                    while parent[b] != b:
                        b = parent[b]
                    if a != b:
                        parent[b] = a
            dead_x &= ~hits[k][1]
            dead_o &= ~hits[k][1]
        parts: dict[int, list[int]] = {}
        for i in range(n):
            a = i
            while parent[a] != a:
                a = parent[a]
            g = comps[i]
            if a in parts:
                p = parts[a]
                p[0] |= g[0]
                p[1] |= g[1]
            else:
                parts[a] = [g[0], g[1]]
        groups = [[gx, go, *reach(cells, gx, go, s)] for gx, go in parts.values()]
    else:
        groups = [[gx, go, *reach(cells, gx, go, s)] for gx, go, _, _ in comps]
    while True:
        changed = False
        if dead_x or dead_o:
            # a dead stone in conflict with a group joins it
            for g in groups:
                rx, ro = g[2], g[3]
                occ = rx | ro
                hx = dead_x & (occ | neighbours(ro, s))
                ho = dead_o & (occ | neighbours(rx, s))
                if hx or ho:
                    dead_x ^= hx
                    dead_o ^= ho
                    g[0] |= hx
                    g[1] |= ho
                    g[2], g[3] = reach(cells, g[0], g[1], s)
                    changed = True
        n = len(groups)
        if n > 1:
            # groups in conflict with each other merge (all pairs at once)
            parent = list(range(n))
            merged = False
            occs = [g[2] | g[3] for g in groups]
            # neighbours() of each reach, inlined (per group and round)
            nrx = [(g[2] << 1) | (g[2] >> 1) | (g[2] << s) | (g[2] >> s) for g in groups]
            nro = [(g[3] << 1) | (g[3] >> 1) | (g[3] << s) | (g[3] >> s) for g in groups]
            for i in range(n):
                oi, xi, yi = occs[i], nrx[i], nro[i]
                for j in range(i + 1, n):
                    if (oi & occs[j]) or (xi & groups[j][3]) or (yi & groups[j][2]):
                        a = i
                        while parent[a] != a:
                            a = parent[a]
                        b = j
                        while parent[b] != b:
                            b = parent[b]
                        if a != b:
                            parent[b] = a
                            merged = True
            if merged:
                parts = {}
                for i in range(n):
                    a = i
                    while parent[a] != a:
                        a = parent[a]
                    if a in parts:
                        p = parts[a]
                        g = groups[i]
                        p[0] |= g[0]
                        p[1] |= g[1]
                        p[2] |= g[2]
                        p[3] |= g[3]
                        p[4] = 1
                    else:
                        parts[a] = groups[i] + [0]
                groups = []
                for p in parts.values():
                    if p[4]:
                        p[2], p[3] = reach(cells, p[0], p[1], s)
                    groups.append(p[:4])
                changed = True
        if not changed:
            return groups, dead_x, dead_o


def _one_group(cells: int, lx: int, lo: int, s: int) -> bool:
    """Whether the stones that can capture (``lx``, ``lo``: those with an enemy
    next to them) surely form one region.

    They do if the groups they form (linked by adjacency of opposite colours)
    are all chained by conflicts between lower bounds of their reaches: first
    the stones and the cells one jump away, then, if that is not enough, each
    group's own reach (reach only grows with more stones, so groups whose lower
    bounds conflict end up in one region).  A ``False`` answer only means
    "maybe not": the caller then decomposes.  It knows nothing of the cuts of a
    board that is one line (:func:`_line_drop`): the solver tests those instead.
    """
    live = lx | lo
    groups: list[tuple[int, int]] = []
    while live:
        comp = _component(live & -live, lx, lo, s)
        live ^= comp
        if not groups and not live:
            return True
        groups.append((comp & lx, comp & lo))
    return (_chained([_one_jump(cells, gx, go, s) for gx, go in groups], s)
            or _chained([reach(cells, gx, go, s) for gx, go in groups], s))


def _chained(bounds: list[tuple[int, int]], s: int) -> bool:
    """Whether reach bounds ``(x, o)`` all join one cluster grown by conflicts."""
    bounds = list(bounds)
    cx, co = bounds.pop()
    while bounds:
        nx = (cx << 1) | (cx >> 1) | (cx << s) | (cx >> s)     # neighbours(), inlined (hot)
        no = (co << 1) | (co >> 1) | (co << s) | (co >> s)
        occ = cx | co
        rest = []
        for ux, uo in bounds:
            if ((ux | uo) & occ) or (ux & no) or (uo & nx):
                cx |= ux
                co |= uo
            else:
                rest.append((ux, uo))
        if len(rest) == len(bounds):
            return False
        bounds = rest
    return True


def _lowest_stone(region: tuple[int, int, int]) -> int:
    stones = region[1] | region[2]
    return stones & -stones


def region_masks(cells: int, black: int, white: int, stride: int) -> list[tuple[int, int, int]]:
    """The independent regions as ``(cells, black, white)`` masks.

    Each region's cells are its group's reach; every stone is in exactly one
    region (a dead stone, which can never move nor be captured, is a region
    of its own cell).  Regions come in the order of their lowest stone.
    """
    groups, dead_x, dead_o = _partition(cells, black, white, stride)
    out = [(g[2] | g[3], g[0], g[1]) for g in groups]
    for dead, is_x in ((dead_x, True), (dead_o, False)):
        while dead:
            low = dead & -dead
            dead ^= low
            out.append((low, low, 0) if is_x else (low, 0, low))
    out.sort(key=_lowest_stone)
    return out


def live_region_masks(cells: int, black: int, white: int, stride: int) -> list[tuple[int, int, int]]:
    """The regions of :func:`region_masks` that hold stones of both colours.

    The others can never see a move and are worth 0.  This is the inner loop
    of :func:`konane.value`.

    Examples
    --------
    >>> from konane.decomposition import live_region_masks
    >>> b = konane.Board("xo..x.....ox/.###########")
    >>> [str(konane.Board.from_masks(2, 12, *r)).split()[0]
    ...  for r in live_region_masks(b.cells, b.black, b.white, b.stride)]
    ['xo..x..#####', '########..ox']
    """
    groups = _partition(cells, black, white, stride)[0]
    if len(groups) == 1:
        g = groups[0]
        return [(g[2] | g[3], g[0], g[1])]
    out = [(g[2] | g[3], g[0], g[1]) for g in groups]
    out.sort(key=_lowest_stone)
    return out


def regions(board: Board | str, *, keep_dead: bool = False) -> Iterator[Board]:
    """Yield the independent regions of a position, as boards of the same grid.

    Each region keeps the board's rows and columns (so squares keep their
    names) but only the cells its stones could ever use are on the board.
    No sequence of moves, by either player in any order, lets a move of one
    region touch a cell that a move of another region could touch, so::

        konane.value(board) == sum(konane.value(r) for r in konane.regions(board))

    Parameters
    ----------
    board : Board or str
        A board or its picture.
    keep_dead : bool, default False
        Also yield regions where nobody can ever move (stones of one colour
        only, isolated stones); their value is 0 and they are left out by
        default.

    Yields
    ------
    Board

    Raises
    ------
    BoardTypeError
        If ``board`` is not a :class:`konane.Board` or a picture string.
    BoardParseError
        If ``board`` is a picture that cannot be read.

    Examples
    --------
    >>> b = konane.Board("xo..x.....ox/.###########")
    >>> [str(r).split()[0] for r in konane.regions(b)]      # their first rows
    ['xo..x..#####', '########..ox']

    On a board that is one line the cuts are exact and tighter: the lone
    Black stone can never be reached, and the cells no stone can land on
    are dropped.

    >>> [str(r) for r in konane.regions(konane.Board("xo..x.....ox"))]
    ['xo.#########', '#########.ox']

    Plain connectivity is not enough: these two groups of stones are two
    empty cells apart, yet a White stone of the first can reach the cell next
    to where a Black stone of the second can land, so they form one region.

    >>> len(list(konane.regions(konane.Board("....oxxoox..oxxxxo...."))))
    1

    Notes
    -----
    See the module docstring of :mod:`konane.decomposition` and
    ``docs/decomposition.md`` for the proof.  Cost: a few big-integer
    operations per stone group, no loop over cells (on a line, a few per gap).
    """
    try:
        b = as_board(board)
    except KonaneError as exc:
        raise exc.with_traceback(None) from None
    return _regions(b, keep_dead)


def _regions(board: Board, keep_dead: bool) -> Iterator[Board]:
    rows, cols = board.rows, board.cols
    for cells, black, white in region_masks(board.cells, board.black, board.white, cols + 1):
        if not keep_dead and not (black and white):
            continue
        yield Board._make(rows, cols, cells, black, white)


# ---------------------------------------------------------------- footprints

def footprint(cells: int, black: int, white: int, stride: int,
              limit: int = FOOTPRINT_LIMIT) -> tuple[int, int] | None:
    """``(foot_x, foot_o)``: the cells each colour ever occupies in the positions
    reachable from these stones alone, or None if there are more than ``limit``.

    The positions are those reachable by moves of either player in any order;
    single jumps are enough, since a multi-jump is a series of single jumps of
    one player.  The footprint is never larger than :func:`reach` and is often
    much smaller: it knows that jumped stones leave the board and that landing
    cells must be empty.

    Examples
    --------
    >>> from konane.decomposition import footprint, reach
    >>> b = konane.Board("xo.o..o.")
    >>> fx, fo = footprint(b.cells, b.black, b.white, b.stride)
    >>> [b.square_name(b.rc(i)) for i in range(b.stride) if fx >> i & 1]
    ['a1', 'c1', 'e1']
    >>> [b.square_name(b.rc(i)) for i in range(b.stride) if fo >> i & 1]
    ['b1', 'd1', 'g1']
    >>> footprint(b.cells, b.black, b.white, b.stride, limit=2) is None
    True
    """
    seen = {(black, white)}
    todo = [(black, white)]
    fx, fo = black, white
    while todo:
        bx, wo = todo.pop()
        for a, b in captures(cells, bx, wo, stride, False):
            if (a, b) not in seen:
                seen.add((a, b))
                todo.append((a, b))
                fx |= a
        for a, b in captures(cells, wo, bx, stride, False):
            if (b, a) not in seen:
                seen.add((b, a))
                todo.append((b, a))
                fo |= a
        if len(seen) > limit:
            return None
    return fx, fo


def _bound(cells: int, gx: int, go: int, s: int) -> tuple[int, int]:
    """A group's footprint, or its reach where the footprint has more than
    :data:`FOOTPRINT_LIMIT` positions (both contain every cell its stones can use)."""
    if not gx or not go:
        return gx, go
    f = footprint(cells, gx, go, s)
    return f if f is not None else reach(cells, gx, go, s)


_Box = tuple[int, int, list[tuple[Tables, Tables]]]


class FootprintCache:
    """The bounds of groups of stones alone (:func:`footprint`, or the reach past
    :data:`FOOTPRINT_LIMIT`), kept under the group's normal form.

    :func:`footprint_region_masks` explores each group of a region alone, up to
    :data:`FOOTPRINT_LIMIT` positions; the same groups come back call after call (the
    same board again, a mirrored or colour-swapped one, a position after moves
    elsewhere), so their bounds are kept here.  A group's footprint depends only on
    its stones and on the cells of its :func:`reach` (every position reachable from
    the group alone has its stones there), so the key is the normal form (the 8
    symmetries and the colour swap, as :func:`konane._bitboard.normal_form`) of
    the group's stones on the cells of its reach.  The entry is the footprint in
    the coordinates and colours of that normal form, or None where the
    exploration passed :data:`FOOTPRINT_LIMIT` (the bound is then the reach); a
    hit maps it back through the symmetry, exchanging Black and White if the
    normal form swapped the colours.

    The issue that asked for it says the footprint is a by-product of the value
    (the same positions are visited); the solvers do not visit them, though: they
    play whole regions, all their groups together, and split the position *before*
    computing any value (``docs/decomposition.md``, "Footprints").  So the
    explorations themselves are cached.

    Parameters
    ----------
    max_entries : int, default FOOTPRINT_CACHE_SIZE
        Groups kept; when full, the cache is emptied before the next group is
        stored.  0 keeps nothing (every bound is computed afresh).  Groups of
        fewer than :data:`FOOTPRINT_CACHE_MIN_STONES` stones are never kept.

    Raises
    ------
    CacheTypeError
        If ``max_entries`` is not a non-negative int.

    Attributes
    ----------
    hits, misses : int
        Lookups found / not found since the last :meth:`clear`.

    Examples
    --------
    >>> from konane.decomposition import FootprintCache, footprint_region_masks
    >>> cache = FootprintCache()
    >>> b = konane.Board("xox...xo/o..x..ox")
    >>> len(footprint_region_masks(b.cells, b.black, b.white, b.stride, cache))
    2
    >>> m = b.transform(2).color_swapped()       # a half turn, colours swapped
    >>> len(footprint_region_masks(m.cells, m.black, m.white, m.stride, cache))
    2
    >>> cache.info()                           # two groups, and one with the lone x d1 joined
    {'entries': 3, 'max_entries': 100000, 'hits': 3, 'misses': 3}
    """

    def __init__(self, max_entries: int = FOOTPRINT_CACHE_SIZE) -> None:
        if not isinstance(max_entries, int) or isinstance(max_entries, bool) or max_entries < 0:
            raise CacheTypeError(f"max_entries must be an int >= 0, not {_describe(max_entries)}")
        self.max_entries = max_entries
        self.hits = 0
        self.misses = 0
        self._bounds: dict[int | tuple[bool, int, int, int, int], tuple[int, int] | None] = {}
        # (stride, rows, cols, cells of the box) -> (normal cols, normal cells, the symmetries
        # that map the box onto its normal shape: forward tables, tables back)
        self._boxes: dict[tuple[int, int, int, int], _Box] = {}

    def __len__(self) -> int:
        return len(self._bounds)

    def clear(self) -> None:
        """Forget every group and reset :attr:`hits` and :attr:`misses`."""
        self._bounds.clear()
        self._boxes.clear()
        self.hits = self.misses = 0

    def info(self) -> dict[str, int]:
        """``entries``, ``max_entries``, ``hits``, ``misses``."""
        return {"entries": len(self._bounds), "max_entries": self.max_entries,
                "hits": self.hits, "misses": self.misses}

    def __repr__(self) -> str:
        return (f"<FootprintCache: {len(self._bounds)} of {self.max_entries} groups, "
                f"{self.hits} hits, {self.misses} misses>")

    def _box(self, stride: int, rows: int, cols: int, shape: int) -> _Box:
        """The normal shape of a box and the symmetries onto it (as ``box_symmetries``)."""
        if rows == 1:
            stride = cols + 1                  # one row is laid out alike in every stride
        key = (stride, rows, cols, shape)
        found = self._boxes.get(key)
        if found is None:
            compact = shape if stride == cols + 1 else relayout(shape, rows, cols, stride, cols + 1)
            (nrows, ncols, ncells), ks = normal_shape(rows, cols, compact)
            # back: reflections (k >= 4) are their own inverses, rotations turn back
            syms = [(transform_table(rows, cols, k, stride),
                     transform_table(nrows, ncols, k if k >= 4 else -k % 4)) for k in ks]
            if len(self._boxes) > self.max_entries:
                self._boxes.clear()
            found = self._boxes[key] = (ncols, ncells, syms)
        return found

    def bound(self, cells: int, gx: int, go: int, stride: int) -> tuple[int, int]:
        """The bound of the group ``(gx, go)`` on ``cells``: its footprint, or its reach
        past :data:`FOOTPRINT_LIMIT` positions (from the cache where the group, or an
        image of it under the symmetries and the colour swap, was met before)."""
        if not gx or not go or not self.max_entries or (gx | go).bit_count() < FOOTPRINT_CACHE_MIN_STONES:
            return _bound(cells, gx, go, stride)
        s = stride
        rx, ro = reach(cells, gx, go, s)
        board = rx | ro
        r0, c0, rows, cols = bounding_box(board, s)
        shift = r0 * s + c0
        ncols, ncells, syms = self._box(s, rows, cols, board >> shift)
        bx, bo = gx >> shift, go >> shift
        best: tuple[int, int, bool] | None = None
        sym = syms[0]
        for t in syms:                      # the least image, as least_image, and its symmetry
            tb, tw = apply_table(t[0], bx), apply_table(t[0], bo)
            cand = (tb, tw, False) if tb <= tw else (tw, tb, True)
            if best is None or cand < best:
                best, sym = cand, t
        assert best is not None
        nb, nw, swapped = best
        key = pack_key(False, ncols + 1, ncells, nb, nw)
        if key in self._bounds:
            self.hits += 1
            found = self._bounds[key]
            if found is None:
                return rx, ro
            fx, fo = (apply_table(sym[1], m) for m in found)
            if swapped:
                fx, fo = fo, fx
            if rows > 1 and s != cols + 1:
                fx, fo = relayout(fx, rows, cols, cols + 1, s), relayout(fo, rows, cols, cols + 1, s)
            return fx << shift, fo << shift
        self.misses += 1
        f = footprint(board, gx, go, s)       # on the cells of the reach: the same positions
        entry = None
        if f is not None:
            tx, to = apply_table(sym[0], f[0] >> shift), apply_table(sym[0], f[1] >> shift)
            entry = (to, tx) if swapped else (tx, to)
        if len(self._bounds) >= self.max_entries:
            self._bounds.clear()
        self._bounds[key] = entry
        return f if f is not None else (rx, ro)


_FOOTPRINTS = FootprintCache()


def footprint_cache() -> FootprintCache:
    """The process's :class:`FootprintCache`, which :func:`footprint_region_masks` uses
    by default (the Python solver's split goes through it); :func:`konane.clear_caches`
    empties it, and the native one.

    Examples
    --------
    >>> from konane.decomposition import footprint_cache
    >>> footprint_cache() is footprint_cache()
    True
    """
    return _FOOTPRINTS


def _native_cache_info() -> dict[str, int] | None:
    ext = _native._ext
    if ext is None or not hasattr(ext, "konane_footprint_cache_info"):
        return None
    entries, max_entries, hits, misses = ext.konane_footprint_cache_info()
    return {"entries": entries, "max_entries": max_entries, "hits": hits, "misses": misses}


def _cache_info() -> dict[str, Any]:
    """``konane.cache_info()["footprints"]``: the Python cache's and the native one's."""
    return {"python": _FOOTPRINTS.info(), "native": _native_cache_info()}


def _clear_caches() -> None:
    _FOOTPRINTS.clear()
    ext = _native._ext
    if ext is not None and hasattr(ext, "konane_footprint_cache_clear"):
        ext.konane_footprint_cache_clear()


on_clear(_clear_caches)
on_info("footprints", _cache_info)


def _split_group(cells: int, gx: int, go: int, s: int,
                 cache: FootprintCache) -> list[tuple[int, int, int]]:
    """A region of the reach rule (its cells, Black and White stones) split by footprints.

    Groups start as the stones linked by adjacency of opposite colours, each with
    its bound (:func:`_bound`); groups whose bounds conflict (a shared cell, or a
    Black cell of one next to a White cell of the other) merge and get the bound of
    their union, until no two conflict.  Returns the groups with stones of both
    colours as ``(bound_x | bound_o, black, white)``; a region with only one group
    that can move (the usual case on crowded boards) is returned as it is, unexplored.
    """
    lx = gx & neighbours(go, s)
    lo = go & neighbours(gx, s)
    comps = []
    live = lx | lo
    while live:
        comp = _component(live & -live, lx, lo, s)
        live ^= comp
        comps.append(comp)
    if len(comps) < 2:
        return [(cells, gx, go)]          # one group that can move: nothing to split
    groups = [[c & gx, c & go, *cache.bound(cells, c & gx, c & go, s)] for c in comps]
    for dead, is_x in ((gx ^ lx, True), (go ^ lo, False)):
        while dead:
            low = dead & -dead
            dead ^= low
            groups.append([low, 0, low, 0] if is_x else [0, low, 0, low])
    while True:
        n = len(groups)
        parent = list(range(n))
        merged = False
        for i in range(n):
            xi, oi = groups[i][2], groups[i][3]
            occ = xi | oi
            nxi, noi = neighbours(xi, s), neighbours(oi, s)
            for j in range(i + 1, n):
                xj, oj = groups[j][2], groups[j][3]
                if (occ & (xj | oj)) or (nxi & oj) or (noi & xj):
                    a = i
                    while parent[a] != a:
                        a = parent[a]
                    b = j
                    while parent[b] != b:
                        b = parent[b]
                    if a != b:
                        parent[b] = a
                        merged = True
        if not merged:
            break
        parts: dict[int, list[int]] = {}
        for i in range(n):
            a = i
            while parent[a] != a:
                a = parent[a]
            g = groups[i]
            if a in parts:
                p = parts[a]
                p[0] |= g[0]
                p[1] |= g[1]
                p[2] = -1                   # grew: a new bound
            else:
                parts[a] = list(g)
        groups = []
        for p in parts.values():
            if p[2] == -1:
                p[2], p[3] = cache.bound(cells, p[0], p[1], s)
            groups.append(p)
    return [(g[2] | g[3], g[0], g[1]) for g in groups if g[0] and g[1]]


def footprint_region_masks(cells: int, black: int, white: int, stride: int,
                           cache: FootprintCache | None = None) -> list[tuple[int, int, int]]:
    """:func:`live_region_masks`, each region split further by footprints.

    Every region of the reach rule with more than one group of stones linked by
    adjacency of opposite colours is split by :func:`_split_group`: the rule of
    ``docs/decomposition.md`` ("Footprints"), sound for any sets that contain the
    footprints.  A region's cells become the union of its footprint (or reach).
    Boards that are one line keep their exact cuts.  The groups' bounds come from
    ``cache`` (default: :func:`footprint_cache`; ``FootprintCache(0)`` computes them
    all afresh); the result is the same either way.

    Examples
    --------
    >>> from konane.decomposition import footprint_region_masks, live_region_masks

    The reach rule joins the two pairs (its White b1 could jump c1, where Black
    lands only after capturing b1 itself); their footprints are apart.

    >>> b = konane.Board("...o/xo.x")
    >>> len(live_region_masks(b.cells, b.black, b.white, b.stride))
    1
    >>> [str(konane.Board.from_masks(2, 4, *r)).replace(chr(10), "/")
    ...  for r in footprint_region_masks(b.cells, b.black, b.white, b.stride)]
    ['###o/###x', '####/xo.#']
    """
    live = live_region_masks(cells, black, white, stride)
    if line_step(cells, stride):
        return live
    if cache is None:
        cache = _FOOTPRINTS
    out: list[tuple[int, int, int]] = []
    for rc, rb, rw in live:
        out.extend(_split_group(rc, rb, rw, stride, cache))
    out.sort(key=_lowest_stone)
    return out
