"""Footprints: the cells a group of stones alone can ever use, and the split they allow.

The Python reference of ``src/konane/footprint.rs``.  The *footprint* of a group alone
(:func:`footprint`) is the set of cells each colour occupies over every position reachable
from the group alone, either player, any order.  Groups whose footprints (or any larger sets,
such as their reaches) share no cell and put no Black cell of one next to a White cell of the
other never interact (``docs/decomposition.md``, "Footprints", has the proof), so
:func:`footprint_region_masks` splits each region of the reach rule
(:func:`konane._kernel.decompose.live_region_masks`) by them; the solvers split the position
asked for with it.  Bounds of groups are kept in a :class:`FootprintCache` under the normal form
of the group on its reach.
"""

from __future__ import annotations

from typing import Any

from konane._calls import describe
from konane._kernel import native
from konane._kernel.bitboard import (
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
from konane._kernel.decompose import UnionFind, component, live_region_masks, lowest_stone, reach
from konane._kernel.registry import on_clear, on_info
from konane.errors import CacheTypeError

__all__: list[str] = []          # private: konane's own modules import the names they need

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
    >>> from konane._kernel.footprint import footprint, reach
    >>> b = konane.Board("xo.o..o.")
    >>> fx, fo = footprint(b.cells_mask, b.black_mask, b.white_mask, b.stride)
    >>> [b.square_name(b.rc(i)) for i in range(b.stride) if fx >> i & 1]
    ['a1', 'c1', 'e1']
    >>> [b.square_name(b.rc(i)) for i in range(b.stride) if fo >> i & 1]
    ['b1', 'd1', 'g1']
    >>> footprint(b.cells_mask, b.black_mask, b.white_mask, b.stride, limit=2) is None
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
    symmetries and the colour swap, as :func:`konane._kernel.bitboard.normal_form`) of
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
    >>> from konane._kernel.footprint import FootprintCache, footprint_region_masks
    >>> cache = FootprintCache()
    >>> b = konane.Board("xox...xo/o..x..ox")
    >>> len(footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride, cache))
    2
    >>> m = b.transform(2).color_swapped()       # a half turn, colours swapped
    >>> len(footprint_region_masks(m.cells_mask, m.black_mask, m.white_mask, m.stride, cache))
    2
    >>> cache.info()                           # two groups, and one with the lone x d1 joined
    {'entries': 3, 'max_entries': 100000, 'hits': 3, 'misses': 3}
    """

    def __init__(self, max_entries: int = FOOTPRINT_CACHE_SIZE) -> None:
        if not isinstance(max_entries, int) or isinstance(max_entries, bool) or max_entries < 0:
            raise CacheTypeError(f"max_entries must be an int >= 0, not {describe(max_entries)}")
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
    >>> from konane._kernel.footprint import footprint_cache
    >>> footprint_cache() is footprint_cache()
    True
    """
    return _FOOTPRINTS


def _cache_info() -> dict[str, Any]:
    """``konane.cache_info()["footprints"]``: the Python cache's and the native one's."""
    return {"python": _FOOTPRINTS.info(), "native": native.footprint_cache_info()}


on_clear(_FOOTPRINTS.clear)
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
        comp = component(live & -live, lx, lo, s)
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
        uf = UnionFind(n)
        merged = False
        for i in range(n):
            xi, oi = groups[i][2], groups[i][3]
            occ = xi | oi
            nxi, noi = neighbours(xi, s), neighbours(oi, s)
            for j in range(i + 1, n):
                xj, oj = groups[j][2], groups[j][3]
                if (occ & (xj | oj)) or (nxi & oj) or (noi & xj):
                    merged |= uf.union(i, j)
        if not merged:
            break
        merged_groups = []
        for members in uf.classes():
            g = groups[members[0]]
            if len(members) > 1:                # grew: a new bound
                gx = go = 0
                for i in members:
                    gx |= groups[i][0]
                    go |= groups[i][1]
                g = [gx, go, *cache.bound(cells, gx, go, s)]
            merged_groups.append(g)
        groups = merged_groups
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
    >>> from konane._kernel.footprint import footprint_region_masks, live_region_masks

    The reach rule joins the two pairs (its White b1 could jump c1, where Black
    lands only after capturing b1 itself); their footprints are apart.

    >>> b = konane.Board("...o/xo.x")
    >>> len(live_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride))
    1
    >>> [str(konane.Board.from_masks(2, 4, *r)).replace(chr(10), "/")
    ...  for r in footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)]
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
    out.sort(key=lowest_stone)
    return out
