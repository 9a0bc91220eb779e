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
"""

from __future__ import annotations

from typing import Iterator

from konane.board import Board

__all__ = ["regions", "region_masks", "reach"]


def _jumps(movers: int, enemies: int, cells: int, stride: int, limit: int) -> int:
    """Cells reached from ``movers`` in at most ``limit`` jumps over cells of ``enemies``."""
    cur = movers
    for _ in range(limit):
        nxt = (cur | (((cur << 1) & enemies) << 1) | (((cur >> 1) & enemies) >> 1)
               | (((cur << stride) & enemies) << stride) | (((cur >> stride) & enemies) >> stride)) & cells
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
    >>> from konane.regions import reach
    >>> b = konane.Board("xo.o..o.")
    >>> rx, ro = reach(b.cells, b.black, b.white, b.stride)
    >>> [b.square_name(b.rc(i)) for i in range(b.stride) if rx >> i & 1]
    ['a1', 'c1', 'e1', 'g1']
    >>> [b.square_name(b.rc(i)) for i in range(b.stride) if ro >> i & 1]
    ['b1', 'd1', 'f1', 'g1']
    """
    if not black or not white:
        return black, white                 # nobody can capture anything
    n_x = black.bit_count()
    n_o = white.bit_count()
    rx = _jumps(black, white, cells, stride, n_o)
    ro = _jumps(white, rx, cells, stride, n_x)
    while True:                             # alternate until neither set grows
        nx = _jumps(black, ro, cells, stride, n_o)
        if nx == rx:
            return rx, ro
        rx = nx
        no = _jumps(white, rx, cells, stride, n_x)
        if no == ro:
            return rx, ro
        ro = no


def _neighbours(m: int, stride: int) -> int:
    return (m << 1) | (m >> 1) | (m << stride) | (m >> stride)


def _components(black: int, white: int, stride: int) -> list[int]:
    """Masks of stones linked by orthogonal adjacency of opposite colours."""
    out = []
    remaining = black | white
    while remaining:
        comp = remaining & -remaining
        while True:
            grow = comp | (_neighbours(comp & black, stride) & white) | (_neighbours(comp & white, stride) & black)
            if grow == comp:
                break
            comp = grow
        out.append(comp)
        remaining &= ~comp
    return out


def region_masks(cells: int, black: int, white: int, stride: int) -> list[tuple[int, int, int]]:
    """The independent regions as ``(cells, black, white)`` masks.

    Each region's cells are its group's reach; every stone is in exactly one
    region.  Regions come in the order of their lowest stone.
    """
    groups = []
    for comp in _components(black, white, stride):
        gx, go = comp & black, comp & white
        groups.append((gx, go) + reach(cells, gx, go, stride))
    while len(groups) > 1:
        # find every conflicting pair at once, merge them all, recompute each merged reach once
        n = len(groups)
        parent = list(range(n))

        def find(a):
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            return a

        occ = [g[2] | g[3] for g in groups]
        nrx = [_neighbours(g[2], stride) for g in groups]
        nro = [_neighbours(g[3], stride) for g in groups]
        merged = False
        for i in range(n):
            oi, xi, yi = occ[i], nrx[i], nro[i]
            for j in range(i + 1, n):
                gj = groups[j]
                if (oi & occ[j]) or (xi & gj[3]) or (yi & gj[2]):
                    ri, rj = find(i), find(j)
                    if ri != rj:
                        parent[rj] = ri
                        merged = True
        if not merged:
            break
        parts: dict[int, list] = {}
        for i in range(n):
            parts.setdefault(find(i), []).append(groups[i])
        new_groups = []
        for members in parts.values():
            if len(members) == 1:
                new_groups.append(members[0])
                continue
            gx = go = 0
            for m in members:
                gx |= m[0]
                go |= m[1]
            new_groups.append((gx, go) + reach(cells, gx, go, stride))
        groups = new_groups
    out = [(g[2] | g[3], g[0], g[1]) for g in groups]
    out.sort(key=lambda r: (r[1] | r[2]) & -(r[1] | r[2]))
    return out


def regions(board: Board, *, keep_dead: bool = False) -> Iterator[Board]:
    """Yield the independent regions of a position, as boards of the same grid.

    Each region keeps the board's rows and columns (so squares keep their
    names) but only the cells its stones could ever use are on the board.
    No sequence of moves, by either player in any order, lets a move of one
    region touch a cell that a move of another region could touch, so::

        konane.value(board) == sum(konane.value(r) for r in konane.regions(board))

    Parameters
    ----------
    board : Board
    keep_dead : bool, default False
        Also yield regions where nobody can ever move (stones of one colour
        only, isolated stones); their value is 0 and they are left out by
        default.

    Yields
    ------
    Board

    Examples
    --------
    >>> b = konane.Board("xo..x.....ox")
    >>> [str(r) for r in konane.regions(b)]
    ['xo..x..#####', '########..ox']

    Plain connectivity is not enough: these two groups of stones are two
    empty cells apart, yet a White stone of the first can reach the cell next
    to where a Black stone of the second can land, so they form one region.

    >>> len(list(konane.regions(konane.Board("....oxxoox..oxxxxo...."))))
    1

    Notes
    -----
    See the module docstring of :mod:`konane.regions` and
    ``docs/decomposition.md`` for the proof.  Cost: a few big-integer
    operations per stone group, no loop over cells.
    """
    rows, cols = board.rows, board.cols
    for cells, black, white in region_masks(board.cells, board.black, board.white, cols + 1):
        if not keep_dead and not (black and white):
            continue
        yield Board._make(rows, cols, cells, black, white)
