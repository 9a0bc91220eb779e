"""The decomposer against a plain transcription of its definition.

``konane.decomposition`` computes reaches with bit-parallel shortcuts (a fast path
that is exact only when the jump limits cannot bind, lower bounds that merge
groups early, dead stones handled apart).  Here the rule of
``docs/decomposition.md`` is written out cell by cell, with no shortcut:

* groups start as the stones linked by orthogonal adjacency of opposite colours
  (a stone with no enemy next to it is a group of its own);
* the reach of a group is the least pair of cell sets such that every Black
  stone is in ``reach_x``, every White one in ``reach_o``, and a cell is in
  ``reach_x`` when a Black stone of the group gets there in at most ``n_o``
  jumps (``n_o`` = its White stones), each over a cell of ``reach_o`` onto a
  board cell -- and the same with the colours exchanged;
* two groups conflict when their reaches share a cell or ``reach_x`` of one is
  next to ``reach_o`` of the other; conflicting groups merge until none do.

On a board that is one line the three cuts of ``docs/decomposition.md`` are
transcribed the same way (:func:`spec_line_pieces`).

The fast implementation must give exactly the same partition.
"""

import random

import pytest
from hypothesis import given

import cgt
import konane
from konane import Board
from konane._kernel.decompose import live_region_masks, reach, region_masks

from .conftest import raised_in
from .helpers import SET, boards, brute

DIRS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def spec_reach(cells, black, white):
    """Least fixpoint by plain breadth-first search over cells (sets of (r, c))."""
    if not black or not white:
        return set(black), set(white)
    rx, ro = set(black), set(white)
    while True:
        nx = _bfs(black, ro, cells, len(white))
        no = _bfs(white, nx, cells, len(black))
        if nx == rx and no == ro:
            return rx, ro
        rx, ro = nx, no


def _bfs(starts, over, cells, limit):
    seen = set(starts)
    frontier = set(starts)
    for _ in range(limit):
        nxt = set()
        for r, c in frontier:
            for dr, dc in DIRS:
                if (r + dr, c + dc) in over and (r + 2 * dr, c + 2 * dc) in cells \
                        and (r + 2 * dr, c + 2 * dc) not in seen:
                    nxt.add((r + 2 * dr, c + 2 * dc))
        if not nxt:
            break
        seen |= nxt
        frontier = nxt
    return seen


def _next_to(a, b):
    return any((r + dr, c + dc) in b for r, c in a for dr, dc in DIRS)


def spec_line_pieces(cells, black, white):
    """The pieces of a board that is one line, or None if it is not one line.

    Walk the line cell by cell and cut it at every cell off the board and at every empty
    cell that no stone can land on: one between two empty cells; one of a pair of empty
    cells between stones (the second if the stones past it cannot land there, else the
    first if those before it cannot); one alone between stones if neither side can land
    there.  "Can land" is read off the cells beyond the empty cell: a stone of colour A,
    then any number of (empty, A), then a stone of the other colour.
    """
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    if len(rows) == 1:
        line = sorted(cells, key=lambda rc: rc[1])
        dr, dc = 0, 1
    elif len(cols) == 1:
        line = sorted(cells)
        dr, dc = 1, 0
    else:
        return None

    def colour(q):
        return "x" if q in black else "o" if q in white else "." if q in cells else "#"

    def lands(c, sign):
        seq = []
        q = c
        while True:
            q = (q[0] + sign * dr, q[1] + sign * dc)
            seq.append(colour(q))
            if seq[-1] == "#":
                break
        a = seq[0]
        if a not in "xo":
            return False
        i = 1
        while seq[i] == "." and seq[i + 1] == a:
            i += 2
        return seq[i] not in (a, ".", "#")

    drop = set()
    for q in line:
        before = colour((q[0] - dr, q[1] - dc))
        after = colour((q[0] + dr, q[1] + dc))
        if colour(q) != ".":
            continue
        if before == "." and after == ".":
            drop.add(q)
        elif before in "xo" and after in "xo" and not lands(q, 1) and not lands(q, -1):
            drop.add(q)
        elif before in "xo" and after == ".":
            q2 = (q[0] + dr, q[1] + dc)
            if colour((q2[0] + dr, q2[1] + dc)) in "xo":
                if not lands(q2, 1):
                    drop.add(q2)
                elif not lands(q, -1):
                    drop.add(q)
    pieces, piece = [], []
    for q in line:
        if q in drop or (piece and q != (piece[-1][0] + dr, piece[-1][1] + dc)):
            pieces.append(piece)
            piece = []
        if q not in drop:
            piece.append(q)
    pieces.append(piece)
    return [set(p) for p in pieces if p]


def spec_partition(board):
    """The regions as sets: [(cells, black stones, white stones)], in any order."""
    cells = set(board.cells)
    black = set(board.stones("x"))
    white = set(board.stones("o"))
    pieces = spec_line_pieces(cells, black, white)
    if pieces is None:
        return _sorted(spec_groups(cells, black, white))
    # each piece with stones of both colours is a region; other stones are regions of their own
    out = []
    for p in pieces:
        if p & black and p & white:
            out.append((frozenset(p), frozenset(p & black), frozenset(p & white)))
        else:
            out += [(frozenset({q}), frozenset({q} & black), frozenset({q} & white))
                    for q in p & (black | white)]
    return _sorted(out)


def spec_groups(cells, black, white):
    """The regions of the reach rule alone, on the given cells."""
    groups = []
    todo = black | white
    while todo:
        seed = todo.pop()
        comp, stack = {seed}, [seed]
        while stack:
            r, c = stack.pop()
            enemies = white if (r, c) in black else black
            for dr, dc in DIRS:
                q = (r + dr, c + dc)
                if q in enemies and q not in comp:
                    comp.add(q)
                    stack.append(q)
        todo -= comp
        groups.append(comp)
    while True:
        info = []
        for g in groups:
            gx, go = g & black, g & white
            info.append(spec_reach(cells, gx, go))
        merged = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                (xi, oi), (xj, oj) = info[i], info[j]
                if (xi | oi) & (xj | oj) or _next_to(xi, oj) or _next_to(oi, xj):
                    groups[i] = groups[i] | groups[j]
                    del groups[j]
                    merged = True
                    break
            if merged:
                break
        if not merged:
            break
    return [(frozenset(x | o), frozenset(g & black), frozenset(g & white))
            for g, (x, o) in zip(groups, info, strict=True)]


def _sorted(regions):
    # frozensets compare by inclusion, not totally: sort by their sorted cells
    return sorted(regions, key=lambda t: tuple(tuple(sorted(s)) for s in t))


def as_sets(board, masks):
    def cells_of(m):
        return frozenset(board.rc(i) for i in range(m.bit_length()) if m >> i & 1)
    return _sorted([(cells_of(c), cells_of(b), cells_of(w)) for c, b, w in masks])


def random_board(rng):
    rows, cols = rng.randint(1, 5), rng.randint(1, 8)
    weights = [rng.random(), rng.random(), rng.random() + 0.3, rng.random() * 0.2]
    return konane.Board("/".join("".join(rng.choices("xo.#", weights)[0] for _ in range(cols))
                                 for _ in range(rows)))


@pytest.mark.parametrize("seed", range(6))
def test_partition_matches_the_definition(seed):
    # expected partition: the cell-by-cell transcription above (independent computation)
    rng = random.Random(seed)
    for _ in range(400):
        b = random_board(rng)
        fast = region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)
        assert as_sets(b, fast) == spec_partition(b), str(b)
        live = live_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)
        assert live == [r for r in fast if r[1] and r[2]], str(b)


@pytest.mark.parametrize("seed", range(3))
def test_line_cuts_match_the_definition(seed):
    # boards that are one line (rows and columns, with holes); expected partition: the
    # cell-by-cell transcription of the three cuts above (independent computation)
    rng = random.Random(300 + seed)
    for _ in range(800):
        n = rng.randint(1, 16)
        weights = [1, 1, rng.random() + 0.4, rng.random() * 0.15]
        cells = [rng.choices("xo.#", weights)[0] for _ in range(n)]
        b = konane.Board("".join(cells) if rng.random() < 0.5 else "/".join(cells))
        fast = region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)
        assert as_sets(b, fast) == spec_partition(b), str(b)


@pytest.mark.parametrize("seed", range(3))
def test_reach_matches_the_definition(seed):
    # expected reach: breadth-first search with explicit jump limits (independent computation)
    rng = random.Random(100 + seed)
    for _ in range(400):
        b = random_board(rng)
        rx, ro = reach(b.cells_mask, b.black_mask, b.white_mask, b.stride)
        cells = set(b.cells)
        ex, eo = spec_reach(cells, set(b.stones("x")), set(b.stones("o")))
        got_x = {b.rc(i) for i in range(rx.bit_length()) if rx >> i & 1}
        got_o = {b.rc(i) for i in range(ro.bit_length()) if ro >> i & 1}
        assert (got_x, got_o) == (ex, eo), str(b)


def test_limits_matter_on_sparse_groups():
    # hand check: in "xo..x.....ox" the pair xo can make one jump each, so the left group
    # reaches cells a..d only and the right pair stays apart; without the jump limits the
    # left pair's reach would run along the whole row and swallow everything
    # (a second row with one cell no stone can ever use keeps the board from being one
    # line, whose own cuts would split it without the reach)
    b = konane.Board("xo..x.....ox/.###########")
    assert [str(konane.Board.from_masks(2, 12, *r)) for r in
            live_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)] == [
                'xo..x..#####\n############', '########..ox\n############']


# ---------------------------------------------------------------- konane.regions

@SET
@given(boards())
def test_sum_of_regions_is_the_whole(b):
    parts = list(konane.regions(b))
    assert sum((konane.value(r) for r in parts), cgt.zero) == konane.value(b) == brute(b)


@SET
@given(boards())
def test_regions_partition_the_moves(b):
    """Every move of the board is a move of exactly one region, leaving the others unchanged."""
    parts = list(konane.regions(b, keep_dead=True))
    stones = b.black_mask | b.white_mask
    assert sum(r.black_mask | r.white_mask for r in parts) == stones          # disjoint cover of the stones
    for who in ("x", "o"):
        whole = {str(m) for m in b.legal_moves(who)}
        per_region = [str(m) for r in parts for m in r.legal_moves(who)]
        assert sorted(per_region) == sorted(whole)


def test_regions_examples():
    # Source: issue #6 / engine notes: plain connectivity is wrong on this row.
    b = Board("....oxxoox..oxxxxo....")
    assert konane.value(b) == cgt.number("3/2")
    assert konane.value(Board("....oxxoox............")) == cgt.star
    assert konane.value(Board("............oxxxxo....")) == 2
    assert len(list(konane.regions(b))) == 1
    # far apart: two regions; on a line no stone ever lands on an empty cell between two
    # empty cells (docs/decomposition.md), so those cells are dropped (hand check: each pair
    # has one jump, onto the cell next to it)
    assert [str(r) for r in konane.regions(Board("xo....ox"))] == ["xo.#####", "#####.ox"]
    # three empty cells cut a line too; the reach alone (it forgets that a jumped stone
    # disappears) would keep this row whole
    assert [str(r) for r in konane.regions(Board("xo...ox"))] == ["xo.####", "####.ox"]
    # two empty cells: the part on the right can never land a stone on d1, next to the gap
    # (hand check: its only White stone can only jump to i1; Black's g1 can jump to e1, and
    # then no White stone is left to jump it), so the row is cut and d1 dropped.  Values by
    # hand: xo. is 1 (one Black move), x.ox. is {0 | 0} = *
    b = Board("xo..x.ox.")
    assert [str(r) for r in konane.regions(b)] == ["xo.######", "####x.ox."]
    assert konane.value(b) == brute(b) == 1 + cgt.star
    # ...while on "....oxxoox..oxxxxo...." both sides can land next to the gap: one region
    assert list(konane.regions(Board("x.x.x"))) == []
    assert len(list(konane.regions(Board("x.x.x"), keep_dead=True))) == 3


def test_regions_arguments():
    assert [str(r) for r in konane.regions("xo....ox")] == ["xo.#####", "#####.ox"]   # a picture
    with pytest.raises(konane.errors.BoardTypeError, match="42") as info:
        konane.regions(42)
    assert raised_in(info) == "regions"
    with pytest.raises(konane.BoardParseError):
        konane.regions("xq")
