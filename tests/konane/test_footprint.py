"""The footprint rule of ``konane._kernel.footprint`` (``docs/decomposition.md``, "Footprints").

* :func:`footprint` against a breadth-first search over :meth:`konane.Board.options`
  (independent computation: boards, not masks; single jumps of both colours);
* :func:`footprint_region_masks` is sound: on random boards of several shapes (with holes,
  rows and columns, windows cut out of the real-game positions of
  ``benchmarks/data/realgames.json``), the sum of the brute-force values of the regions is
  the brute-force value of the whole board (``tests/konane/helpers.py``: no decomposition at
  all), every move of the board is a move of exactly one region, and the Python and native
  solvers (which split at the root by footprints) give the same value;
* the native decomposer (``src/konane/footprint.rs``) splits as the Python one: the file
  ``tests/konane/data/footprint_regions.txt`` holds the Python regions of 600 boards, this
  test checks that it is up to date, and the Rust test ``regions_agree_with_python`` checks
  the Rust regions against it.
"""

import json
import random
from pathlib import Path

import pytest

import cgt
import konane
from konane import Board
from konane._kernel.decompose import live_region_masks, reach
from konane._kernel.footprint import footprint, footprint_region_masks

from .helpers import brute, random_grid, random_row

ROOT = Path(__file__).resolve().parents[2]
AGREEMENT = Path(__file__).resolve().parent / "data" / "footprint_regions.txt"
REALGAMES = ROOT / "benchmarks" / "data" / "realgames.json"


def spec_footprint(board):
    """Cells each colour occupies over the positions reachable from ``board`` (any order)."""
    seen = {board}
    todo = [board]
    fx, fo = set(), set()
    while todo:
        b = todo.pop()
        fx.update(b.stones("x"))
        fo.update(b.stones("o"))
        for player in "xo":
            for nxt in b.options(player, konane.SINGLE_JUMP):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return fx, fo, len(seen)


def cells_of(board, mask):
    return {board.rc(i) for i in range(mask.bit_length()) if mask >> i & 1}


def random_board(rng):
    kind = rng.random()
    if kind < 0.15:
        pic = random_row(rng, rng.randint(3, 12))
        return Board(pic if rng.random() < 0.5 else "/".join(pic))
    rows, cols = rng.choice([(2, 4), (2, 6), (3, 3), (3, 4), (3, 5), (4, 4), (2, 8)])
    return Board(random_grid(rng, rows, cols, holes=rng.random() < 0.5))


def realgame_window(rng, pictures):
    """A window of a real-game position, the rest of the board cut away."""
    rows = pictures[rng.randrange(len(pictures))].split("/")
    h, w = rng.choice([(3, 5), (4, 4), (4, 5), (3, 6), (2, 8)])
    r0, c0 = rng.randint(0, 8 - h), rng.randint(0, 8 - w)
    return Board("/".join(row[c0:c0 + w] for row in rows[r0:r0 + h]))


def realgame_pictures():
    return [p["picture"] for p in json.loads(REALGAMES.read_text())["positions"]]


# ---------------------------------------------------------------- the footprint itself

@pytest.mark.parametrize("seed", range(3))
def test_footprint_matches_the_definition(seed):
    # expected: breadth-first search over boards (independent computation)
    rng = random.Random(500 + seed)
    for _ in range(200):
        b = random_board(rng)
        ex, eo, n = spec_footprint(b)
        f = footprint(b.cells_mask, b.black_mask, b.white_mask, b.stride, limit=10**6)
        assert f is not None
        assert (cells_of(b, f[0]), cells_of(b, f[1])) == (ex, eo), str(b)
        # the limit counts distinct positions: exactly n are explored
        assert footprint(b.cells_mask, b.black_mask, b.white_mask, b.stride, limit=n) == f
        if n > 1:
            assert footprint(b.cells_mask, b.black_mask, b.white_mask, b.stride, limit=n - 1) is None, str(b)
        # the reach contains the footprint
        rx, ro = reach(b.cells_mask, b.black_mask, b.white_mask, b.stride)
        assert f[0] & ~rx == 0 and f[1] & ~ro == 0, str(b)


def test_footprint_hand_example():
    # hand check: in ...o/xo.x the reach lets White b1 jump c1 (where Black lands only
    # after capturing b1 itself) onto d1, joining the two pairs; the footprints,
    # {a1, c1 | b1} and {d1 | d2}, are apart: two regions, worth 1 (Black a1-c1) and 0
    b = Board("...o/xo.x")
    assert len(live_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)) == 1
    parts = [Board.from_masks(2, 4, *r)
             for r in footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)]
    assert [str(p).replace("\n", "/") for p in parts] == ["###o/###x", "####/xo.#"]
    assert [konane.value(p) for p in parts] == [cgt.parse("0"), cgt.parse("1")]
    assert konane.value(b) == brute(b) == cgt.parse("1")


# ---------------------------------------------------------------- soundness

def check_sound(b):
    """Regions by footprints: the brute force of the whole is the sum over the regions; the
    moves of the whole are those of the regions; both solvers agree.  Returns the number
    of regions found beyond the reach rule's."""
    regions = footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)
    stones = 0
    for cells, black, white in regions:
        assert cells & ~b.cells_mask == 0 and (black | white) & ~cells == 0, str(b)
        assert (black | white) & stones == 0, str(b)
        stones |= black | white
    parts = [Board.from_masks(b.rows, b.cols, *r) for r in regions]
    whole = brute(b)
    assert sum((brute(p) for p in parts), cgt.zero) == whole, str(b)
    for player in "xo":
        moves = sorted(str(m) for m in b.legal_moves(player))
        assert sorted(str(m) for p in parts for m in p.legal_moves(player)) == moves, str(b)
    assert konane.value(b) == whole, str(b)
    assert konane.value(b, cache=konane.RegionCache()) == whole, str(b)
    return len(regions) - len(live_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride))


@pytest.mark.parametrize("seed", range(4))
def test_regions_sum_to_the_whole_on_random_boards(seed):
    rng = random.Random(600 + seed)
    more = sum(check_sound(random_board(rng)) for _ in range(400))
    assert more > 0        # the rule is exercised: it finds regions the reach rule does not


@pytest.mark.parametrize("seed", range(2))
def test_regions_sum_to_the_whole_on_real_game_windows(seed):
    rng = random.Random(700 + seed)
    pictures = realgame_pictures()
    more = sum(check_sound(realgame_window(rng, pictures)) for _ in range(200))
    assert more > 0


def test_real_game_positions_split_further():
    # on the real-game positions the footprints never find fewer regions than the reach,
    # and find more on some (the value of the sum is checked by the benchmark against
    # cgt-py, and on windows above against the brute force)
    found = 0
    for pic in realgame_pictures():
        b = Board(pic)
        n = len(footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride))
        m = len(live_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride))
        assert n >= m, pic
        found += n > m
    assert found >= 10


# ---------------------------------------------------------------- Rust agrees with Python

def agreement_boards():
    rng = random.Random(800)
    pictures = realgame_pictures()
    out = [random_board(rng) for _ in range(400)]
    out += [realgame_window(rng, pictures) for _ in range(150)]
    out += [Board(p) for p in pictures[:50]]
    return out


def agreement_text():
    """One line per board: its picture, then each region as hex ``cells:black:white``."""
    lines = []
    for b in agreement_boards():
        regions = footprint_region_masks(b.cells_mask, b.black_mask, b.white_mask, b.stride)
        lines.append(str(b).replace("\n", "/") + " "
                     + " ".join(f"{c:x}:{x:x}:{o:x}" for c, x, o in regions))
    return "\n".join(lines) + "\n"


def test_agreement_file_is_the_python_decomposer():
    # regenerate with: python -c "from tests.konane.test_footprint import *; write_agreement()"
    assert AGREEMENT.read_text() == agreement_text()


def write_agreement():
    AGREEMENT.parent.mkdir(exist_ok=True)
    AGREEMENT.write_text(agreement_text())
