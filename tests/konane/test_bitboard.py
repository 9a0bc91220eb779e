"""konane._kernel.bitboard: the kernel's symmetries, captures, keys and normal form against plain definitions."""

import random

import pytest

from konane import Board
from konane._kernel import bitboard as bb


def random_masks(rng, rows, cols, p_black=0.35, p_white=0.35):
    stride = cols + 1
    black = white = 0
    for r in range(rows):
        for c in range(cols):
            u = rng.random()
            if u < p_black:
                black |= 1 << (r * stride + c)
            elif u < p_black + p_white:
                white |= 1 << (r * stride + c)
    return black, white


def test_packed_symmetries_give_the_least_image():
    # The solver reduces positions by the symmetries of their frame through packed byte
    # tables (bb.packed): compared here with each symmetry applied on its own
    # (bb.apply_table), on random positions of boards of several sizes.
    rng = random.Random(5)
    for rows, cols in [(1, 7), (3, 3), (4, 5), (5, 6), (6, 6), (2, 9)]:
        ks = bb.grid_symmetries(rows, cols)
        for n in range(1, len(ks) + 1):
            syms = tuple(bb.transform_table(rows, cols, k) for k in ks[:n])
            packed = bb.packed(syms)
            for _ in range(30):
                black, white = random_masks(rng, rows, cols)
                expected = None
                for tables in syms:
                    tb, tw = bb.apply_table(tables, black), bb.apply_table(tables, white)
                    cand = (tb, tw, False) if tb <= tw else (tw, tb, True)
                    expected = cand if expected is None else min(expected, cand)
                assert bb.least_image(packed, black, white) == expected
                first = (black, white, False) if black <= white else (white, black, True)
                assert bb.least_image(packed, black, white, first) == min(expected, first)


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 5), (2, 3), (3, 3), (4, 2)])
def test_symmetries_by_cell(rows, cols):
    # the 8 symmetries, one numbering: k = 4 f + q, mirror left-right if f, then q quarter
    # turns clockwise; checked cell by cell against that definition
    for k in range(8):
        for r in range(rows):
            for c in range(cols):
                rr, cc, nr, nc = r, (cols - 1 - c if k >= 4 else c), rows, cols
                for _ in range(k % 4):        # a quarter turn clockwise: (r, c) -> (c, rows - 1 - r)
                    rr, cc, nr, nc = cc, nr - 1 - rr, nc, nr
                assert bb.transform_rc(r, c, rows, cols, k) == (rr, cc)
                assert bb.transform_shape(rows, cols, k) == (nr, nc)
                bit = 1 << (r * (cols + 1) + c)
                assert bb.transform_mask(rows, cols, k, bit) == 1 << (rr * (nc + 1) + cc)
                assert bb.apply_table(bb.transform_table(rows, cols, k), bit) == 1 << (rr * (nc + 1) + cc)


def test_keys_round_trip():
    # the solver's position keys and the cache's region keys: one int (a tuple for strides >= 512)
    rng = random.Random(5)
    for _ in range(2000):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        stride = cols + 1
        cells = rng.getrandbits(rows * stride) | 1
        black = rng.getrandbits(rows * stride) & cells
        white = rng.getrandbits(rows * stride) & cells & ~black
        multi = rng.random() < 0.5
        key = (multi, stride, cells, black, white)
        assert bb.unpack_key(bb.pack_key(*key)) == key
    assert bb.pack_key(True, 600, 1, 1, 0) == (True, 600, 1, 1, 0)   # too wide: a tuple
    assert bb.unpack_key((True, 600, 1, 1, 0)) == (True, 600, 1, 1, 0)


def test_normal_form_is_the_least_image():
    # the normal form by its definition: crop, smallest cell shape (rows, cols, cells) over
    # the 8 symmetries, then the smallest (black, white) over those symmetries and the swap
    rng = random.Random(9)
    for _ in range(300):
        rows, cols = rng.randint(1, 4), rng.randint(1, 5)
        pic = "/".join("".join(rng.choice("xo..#") for _ in range(cols)) for _ in range(rows))
        b = Board(pic)
        if not b.cells_mask:
            continue
        c = b.crop()
        images = [c.transform(k) for k in range(8)]
        shape = min((i.rows, i.cols, i.cells_mask) for i in images)
        best = min(((i.black_mask, i.white_mask, False) if i.black_mask <= i.white_mask
                    else (i.white_mask, i.black_mask, True))
                   for i in images if (i.rows, i.cols, i.cells_mask) == shape)
        expected = Board.from_masks(*shape, best[0], best[1])
        assert bb.normal_form(b.stride, b.cells_mask, b.black_mask, b.white_mask) == (*shape, *best)
        assert b.normalized() == (expected, best[2]), pic


def test_captures_are_the_moves():
    # the bit-parallel captures against Board.legal_moves (itself checked against a
    # cell-by-cell generator in test_board.py), pair by pair
    rng = random.Random(3)
    for _ in range(300):
        rows, cols = rng.randint(1, 5), rng.randint(1, 6)
        b = Board("/".join("".join(rng.choice("xo..#") for _ in range(cols)) for _ in range(rows)))
        for multi in (True, False):
            for me, en, who in ((b.black_mask, b.white_mask, "x"), (b.white_mask, b.black_mask, "o")):
                pairs = bb.captures(b.cells_mask, me, en, b.stride, multi)
                assert len(set(pairs)) == len(pairs)
                assert bb.can_capture(b.cells_mask, me, en, b.stride) == bool(b.legal_moves(who))
                rules = None if multi else __import__("konane").SINGLE_JUMP
                moves = {(b.index(*m.source), b.index(*m.target)) for m in b.legal_moves(who, rules)}
                got = {((me & ~nm).bit_length() - 1, (nm & ~me).bit_length() - 1) for nm, _ in pairs}
                assert got == moves


def test_relayout_and_bounding_box():
    b = Board("####/#xo#/#.##")
    assert bb.bounding_box(b.cells_mask, b.stride) == (1, 1, 2, 2)
    assert bb.relayout(b.black_mask, 2, 2, b.stride, 3, shift=b.stride + 1) == 0b1
    assert bb.full_mask(2, 2) == 0b11011
    assert bb.checker_mask(2, 2) == 0b01010      # a1 (bottom-left) and b2 (top-right)
    assert list(bb.iter_bits(0b10110)) == [1, 2, 4]
    assert bb.line_step(Board("x.o").cells_mask, 4) == 1 and bb.line_step(Board("x/./o").cells_mask, 2) == 2
    assert bb.line_step(Board("x./.o").cells_mask, 3) == 0


def test_big_boxes_get_rows_computed_when_read(monkeypatch):
    # expected: the stored byte tables (boxes up to EAGER_BITS bits), on the same masks; the
    # rows computed when read keep a 200 x 200 box's tables small (a stored table: ~6 GB)
    import random
    rng = random.Random(9)
    shapes = [(3, 4, None), (5, 5, None), (4, 3, 9), (6, 2, None)]
    masks = {shape: [rng.getrandbits(shape[0] * (shape[2] or shape[1] + 1)) & bb.full_mask(*shape[:2])
                     if shape[2] is None else rng.getrandbits(shape[0] * shape[2]) for _ in range(30)]
             for shape in shapes}
    eager = {}
    for rows, cols, stride in shapes:
        for k in range(8):
            t = bb.transform_table(rows, cols, k, stride)
            eager[rows, cols, stride, k] = [bb.apply_table(t, m) for m in masks[rows, cols, stride]]
    eager_packs = {(r, c): bb.packed(tuple(bb.transform_table(r, c, k) for k in (1, 2, 5)))
                   for r, c, stride in shapes if stride is None}
    bb.clear_tables()
    monkeypatch.setattr(bb, "EAGER_BITS", 0)
    try:
        for (rows, cols, stride, k), images in eager.items():
            t = bb.transform_table(rows, cols, k, stride)
            assert [bb.apply_table(t, m) for m in masks[rows, cols, stride]] == images
        for (rows, cols), pack in eager_packs.items():
            lazy = bb.packed(tuple(bb.transform_table(rows, cols, k) for k in (1, 2, 5)))
            assert lazy[1:] == pack[1:]
            for m in masks[rows, cols, None]:
                black, white = m & bb.checker_mask(rows, cols), m & ~bb.checker_mask(rows, cols)
                assert bb.least_image(lazy, black, white) == bb.least_image(pack, black, white)
    finally:
        bb.clear_tables()
    big = bb.transform_table(200, 200, 1)
    assert len(big) == (200 * 201 + 7) // 8 and not isinstance(big[0], tuple)
    bb.clear_tables()
