"""The decomposer on bit masks: the regions of a position that can never interact.

The Python reference of ``src/konane/decompose.rs``.  The rule (the reach of a group, the
exact cuts of a board that is one line) and why it is sound are in :mod:`konane.decomposition`
and ``docs/decomposition.md``; :func:`region_masks` and :func:`live_region_masks` are what the
solvers and :func:`konane.regions` call.

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
against a plain transcription of the definitions.
"""

from __future__ import annotations

from konane._kernel.bitboard import line_step, neighbours

__all__: list[str] = []          # private: konane's own modules import the names they need


class UnionFind:
    """Classes of ``n`` items joined pair by pair (union-find with path halving).

    The one union-find of the Python side: the decomposer's groups in conflict and the
    footprint split's groups merge through it.

    >>> uf = UnionFind(5)
    >>> uf.union(0, 3), uf.union(3, 0), uf.union(4, 2)
    (True, False, True)
    >>> uf.classes()
    [[0, 3], [1], [2, 4]]
    """

    __slots__ = ("parent",)

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, a: int) -> int:
        """The representative of ``a``'s class."""
        parent = self.parent
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(self, a: int, b: int) -> bool:
        """Join the classes of ``a`` and ``b``; whether they were apart."""
        a, b = self.find(a), self.find(b)
        if a == b:
            return False
        self.parent[b] = a
        return True

    def classes(self) -> list[list[int]]:
        """The classes, each in increasing order, ordered by their smallest item."""
        out: dict[int, list[int]] = {}
        for i in range(len(self.parent)):
            out.setdefault(self.find(i), []).append(i)
        return list(out.values())


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
    >>> from konane._kernel.decompose import reach
    >>> b = konane.Board("xo.o..o.")
    >>> rx, ro = reach(b.cells_mask, b.black_mask, b.white_mask, b.stride)
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


def component(seed: int, lx: int, lo: int, s: int) -> int:
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


def line_regions(cells: int, black: int, white: int, d: int) -> list[tuple[int, int, int]]:
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

    A board that is one line is cut into pieces instead (:func:`line_regions`);
    a piece with stones of both colours is a group whose "reach" is the piece.
    """
    d = line_step(cells, stride)
    if not d:
        return _partition_piece(cells, black, white, stride)
    groups: list[list[int]] = []
    dead_x = dead_o = 0
    for piece, pb, pw in line_regions(cells, black, white, d):
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
        comp = component(remaining & -remaining, lx, lo, s)
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
        uf = UnionFind(n)
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
                    uf.union(i, j)
        for k in range(len(hits)):          # a dead stone near two groups links them
            for m in range(k):
                if hits[k][1] & hits[m][1]:
                    uf.union(hits[k][0], hits[m][0])
            dead_x &= ~hits[k][1]
            dead_o &= ~hits[k][1]
        parts = []
        for members in uf.classes():
            gx = go = 0
            for i in members:
                gx |= comps[i][0]
                go |= comps[i][1]
            parts.append((gx, go))
        groups = [[gx, go, *reach(cells, gx, go, s)] for gx, go in parts]
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
            uf = UnionFind(n)
            merged = False
            occs = [g[2] | g[3] for g in groups]
            # neighbours() of each reach, inlined (per group and round)
            nrx = [(g[2] << 1) | (g[2] >> 1) | (g[2] << s) | (g[2] >> s) for g in groups]
            nro = [(g[3] << 1) | (g[3] >> 1) | (g[3] << s) | (g[3] >> s) for g in groups]
            for i in range(n):
                oi, xi, yi = occs[i], nrx[i], nro[i]
                for j in range(i + 1, n):
                    if (oi & occs[j]) or (xi & groups[j][3]) or (yi & groups[j][2]):
                        merged |= uf.union(i, j)
            if merged:
                merged_groups = []
                for members in uf.classes():
                    g = groups[members[0]]
                    if len(members) > 1:
                        gx = go = 0
                        for i in members:
                            gx |= groups[i][0]
                            go |= groups[i][1]
                        g = [gx, go, *reach(cells, gx, go, s)]
                    merged_groups.append(g)
                groups = merged_groups
                changed = True
        if not changed:
            return groups, dead_x, dead_o


def lowest_stone(region: tuple[int, int, int]) -> int:
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
    out.sort(key=lowest_stone)
    return out


def live_region_masks(cells: int, black: int, white: int, stride: int) -> list[tuple[int, int, int]]:
    """The regions of :func:`region_masks` that hold stones of both colours.

    The others can never see a move and are worth 0.  This is the inner loop
    of :func:`konane.value`.

    Examples
    --------
    >>> from konane._kernel.decompose import live_region_masks
    >>> b = konane.Board("xo..x.....ox/.###########")
    >>> [str(konane.Board.from_masks(2, 12, *r)).split()[0]
    ...  for r in live_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)]
    ['xo..x..#####', '########..ox']
    """
    groups = _partition(cells, black, white, stride)[0]
    if len(groups) == 1:
        g = groups[0]
        return [(g[2] | g[3], g[0], g[1])]
    out = [(g[2] | g[3], g[0], g[1]) for g in groups]
    out.sort(key=lowest_stone)
    return out
