"""Values of Konane positions: against an independent brute force, laws, known values, caches."""

import os
import random
import sqlite3
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
import konane
from konane import Board

SET = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- independent brute force

_BRUTE = {}


def brute(board, rules=konane.STANDARD):
    """Full game tree: no decomposition, no symmetry, no colour swap; memo on the exact board."""
    key = (board, rules.multi_jump)
    g = _BRUTE.get(key)
    if g is None:
        g = cgt.game([brute(o, rules) for o in board.options("x", rules)],
                     [brute(o, rules) for o in board.options("o", rules)])
        _BRUTE[key] = g
    return g


def random_row(rng, n):
    return "".join(rng.choice("xo..") if rng.random() < 0.85 else "." for _ in range(n))


def random_grid(rng, rows, cols, holes=True):
    lines = []
    for _ in range(rows):
        lines.append("".join(rng.choice("xxoo..#" if holes else "xxoo..") for _ in range(cols)))
    return "/".join(lines)


def row_with_gaps(rng):
    """Blocks of stones separated by gaps of 1 to 4 empty cells (the hard cases for a decomposer)."""
    parts = []
    for _ in range(rng.randint(2, 3)):
        parts.append("".join(rng.choice("xo") for _ in range(rng.randint(1, 5))))
    pic = "." * rng.randint(0, 2)
    for i, p in enumerate(parts):
        pic += p
        if i < len(parts) - 1:
            pic += "." * rng.randint(1, 4)
    return pic + "." * rng.randint(0, 2)


def test_against_brute_force_on_rows_with_gaps():
    rng = random.Random(1)
    for _ in range(600):
        b = Board(row_with_gaps(rng))
        assert konane.value(b) == brute(b), str(b)


def test_against_brute_force_on_random_rows():
    rng = random.Random(2)
    for _ in range(500):
        b = Board(random_row(rng, rng.randint(2, 14)))
        assert konane.value(b) == brute(b), str(b)


def test_against_brute_force_on_long_lines():
    # The cuts of a line (docs/decomposition.md) on rows like those of Chan and Tsai, with
    # debris: stones in blocks and singles between gaps of 1 to 3 empty cells, laid out as a
    # row and as a column.  Expected values: the brute force (no decomposition at all).
    rng = random.Random(4)
    for _ in range(600):
        pic = "." * rng.randint(0, 1)
        for _ in range(rng.randint(3, 6)):
            pic += "".join(rng.choice("xo") for _ in range(rng.choice((1, 1, 2, 3, 4, 5))))
            pic += "." * rng.choice((1, 1, 2, 2, 3))
        b = Board(pic)
        column = Board("/".join(pic))
        assert konane.value(b) == brute(b) == konane.value(column), pic
        assert sum((konane.value(r) for r in konane.regions(column)), cgt.zero) == brute(b), pic


@pytest.mark.parametrize("rows,cols,holes", [(2, 5, False), (3, 3, True), (3, 4, True), (4, 4, True),
                                             (3, 5, False), (2, 7, True)])
def test_against_brute_force_on_grids(rows, cols, holes):
    rng = random.Random(rows * 100 + cols)
    for _ in range(250):
        b = Board(random_grid(rng, rows, cols, holes))
        assert konane.value(b) == brute(b), str(b)


def test_against_brute_force_single_jump_rules():
    rng = random.Random(3)
    for _ in range(300):
        b = Board(random_grid(rng, 3, 4)) if rng.random() < 0.5 else Board(row_with_gaps(rng))
        assert konane.value(b, rules=konane.SINGLE_JUMP) == brute(b, konane.SINGLE_JUMP), str(b)


def test_small_start_positions_against_brute_force():
    for rows, cols in [(3, 3), (3, 4), (4, 4)]:
        start = Board.start(rows, cols)
        for r, c in start.stones_list("x")[:3]:
            b1 = start.play_removal(start.square_name(r, c))
            for r2, c2 in b1.stones_list("o")[:2]:
                b2 = b1.play_removal(b1.square_name(r2, c2))
                assert konane.value(b2) == brute(b2), str(b2)


# ---------------------------------------------------------------- laws

def boards():
    @st.composite
    def build(draw):
        rows = draw(st.integers(1, 4))
        cols = draw(st.integers(2, 5))
        cells = draw(st.lists(st.sampled_from("xxoo...#"), min_size=rows * cols, max_size=rows * cols))
        return Board("/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)))
    return build()


@SET
@given(boards())
def test_colour_swap_negates(b):
    assert konane.value(b.color_swapped()) == -konane.value(b)


@SET
@given(boards())
def test_symmetries_preserve(b):
    v = konane.value(b)
    for k in range(8):
        assert konane.value(b.transform(k)) == v


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
    stones = b.black | b.white
    assert sum(r.black | r.white for r in parts) == stones          # disjoint cover of the stones
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


# ---------------------------------------------------------------- known values

@pytest.mark.parametrize("picture,expected", [
    # Source: Ernst (1995) as cited by later work, and the cgt-tools test suite (issue #6).
    ("..ox", "1"),
    (".ox.", "*"),
    (".ox./o..x/....", "+-1"),
])
def test_known_values(picture, expected):
    assert konane.value(picture) == cgt.parse(expected)


@pytest.mark.parametrize("n", range(1, 21))
def test_solid_alternating_row(n):
    # Source: Ernst (1995): N alternating stones starting with x, one empty cell at each end,
    # are worth -j for N = 2j+1, 0 for N = 4j, * for N = 4j+2.
    row = "." + "".join("xo"[i % 2] for i in range(n)) + "."
    expected = cgt.number(-(n // 2)) if n % 2 else (cgt.zero if n % 4 == 0 else cgt.star)
    assert konane.value(row) == expected


# ---------------------------------------------------------------- analyse

def test_analyse_winning_moves_match_brute_force():
    rng = random.Random(5)
    for _ in range(40):
        b = Board(random_grid(rng, 3, 4))
        a = konane.analyse(b)
        assert a.value == brute(b)
        for who, good in (("x", lambda v: v >= 0), ("o", lambda v: v <= 0)):
            expected = {str(m) for m, after in b.move_options(who) if good(brute(after))}
            assert {str(m) for m in a.winning_moves[konane.as_color(who)]} == expected
    a = konane.analyse(".ox./o..x/....")
    assert "value +-1" in repr(a) and "<table>" in a._repr_html_()


# ---------------------------------------------------------------- caches

def test_region_cache_object_counts_hits():
    cache = konane.RegionCache()
    konane.value(".xoxoxoxo.", cache=cache)
    misses = cache.misses
    assert misses > 0 and len(cache) == misses
    konane.value(".oxoxoxox.", cache=cache)       # the colour swap: all hits, no new region
    assert cache.misses == misses and cache.hits > 0
    cache.clear()
    assert len(cache) == 0


def test_sqlite_cache_persists(tmp_path):
    path = tmp_path / "values.sqlite"
    c1 = konane.RegionCache(path)
    v = konane.value(".ox./o..x/..ox", cache=c1)
    c1.close()
    c2 = konane.RegionCache(path)
    assert c2.info()["stored"] > 0
    assert konane.value(".ox./o..x/..ox", cache=c2) == v
    assert c2.misses == 0 and c2.hits > 0
    c2.close()


def test_sqlite_cache_by_path_and_shared(tmp_path):
    path = str(tmp_path / "shared.sqlite")
    a = konane.RegionCache(path)
    b = konane.RegionCache(path)          # a second connection, as another process would have
    konane.value(".xoxoxo.", cache=a)
    a.flush()
    assert konane.value(".xoxoxo.", cache=b) == konane.value(".xoxoxo.")
    assert b.hits > 0
    a.close()
    b.close()
    assert konane.value("..ox", cache=path) == 1


def test_sqlite_cache_survives_a_killed_writer(tmp_path):
    path = tmp_path / "killed.sqlite"
    code = (
        "import konane, konane.values as kv\n"
        "kv.RegionCache.COMMIT_EVERY = 5\n"
        "for n in range(3, 40):\n"
        "    konane.value('.' + 'xo' * n + '.' + 'ox' * n + '.', cache=" + repr(str(path)) + ", progress=False)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen([sys.executable, "-c", code], env=env)
    deadline = time.time() + 60
    while time.time() < deadline:
        if path.exists() and os.path.getsize(path) > 0:
            try:
                with sqlite3.connect(path) as db:
                    n = db.execute("SELECT COUNT(*) FROM region_values").fetchone()[0]
            except sqlite3.DatabaseError:
                n = 0
            if n > 30:
                break
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = db.execute("SELECT key, value FROM region_values LIMIT 60").fetchall()
    assert rows
    cache = konane.RegionCache(path)
    for key, text in rows:
        multi, *masks = key.split(",")
        assert multi == "True"
        rows_, cols, cells, black, white = map(int, masks)
        b = Board.from_masks(rows_, cols, cells, black, white)
        assert cgt.parse(text) == brute(b)
    cache.close()


def test_not_a_cache_file(tmp_path):
    bad = tmp_path / "not-a-db.sqlite"
    bad.write_text("hello, this is not sqlite" * 100)
    with pytest.raises(konane.values.CacheFileError, match="not-a-db"):
        konane.RegionCache(bad)


# ---------------------------------------------------------------- bad input

def test_bad_input():
    with pytest.raises(konane.BoardParseError, match="'xq'"):
        konane.value("xq")
    with pytest.raises(konane.BoardParseError, match="123"):
        konane.value(123)
    with pytest.raises(konane.values.RulesError, match="'multi'"):
        konane.value("..ox", rules="multi")
    with pytest.raises(konane.values.CacheFileError, match="42"):
        konane.value("..ox", cache=42)


def test_deep_game_does_not_recurse():
    # One Black stone before 150 White ones: with single jumps, games last up to 150 moves.
    b = Board("x" + "o." * 150)
    v = konane.value(b, rules=konane.SINGLE_JUMP)
    assert konane.value(b.transform(4), rules=konane.SINGLE_JUMP) == v
    assert konane.value(b.color_swapped(), rules=konane.SINGLE_JUMP) == -v


def test_solid_row_of_40():
    # Source: Ernst (1995), N = 40 = 4j gives 0.
    assert konane.value("." + "xo" * 20 + ".") == 0


def test_memory_bound_keeps_values_correct():
    cache = konane.RegionCache(max_memory=50)
    b = Board(".ox./o..x/..ox/x.o.")
    assert konane.value(b, cache=cache) == brute(b)
    assert len(cache) <= 50 and len(cache._raw) <= 4 * 50 + 50


def test_packed_region_keys_round_trip():
    # the in-memory cache keys one int per region; the file keeps the readable tuple text
    from konane.values import _pack_region_key, _unpack_region_key
    rng = random.Random(5)
    for _ in range(2000):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        n = rows * (cols + 1)
        cells = rng.getrandbits(n) | 1
        black = rng.getrandbits(n) & cells
        white = rng.getrandbits(n) & cells & ~black
        multi = rng.random() < 0.5
        key = (multi, rows, cols, cells, black, white)
        assert _unpack_region_key(_pack_region_key(*key)) == key
    assert _pack_region_key(True, 300, 2, 1, 1, 0) == (True, 300, 2, 1, 1, 0)   # too tall: a tuple


def test_progress_bar_and_ctrl_c(fake_tqdm):
    board = Board("oxoxo/xoxox/o..xo/xoxox")     # the 4x5 start of the benchmark: -1 (cgt-py agrees)
    v = konane.value(board, cache=konane.RegionCache(), progress=True)
    assert v == -1
    (bar,) = fake_tqdm.made
    assert bar.n > 0 and bar.closed
    konane.value(board, cache=konane.RegionCache(), progress=False)       # off: no bar
    assert len(fake_tqdm.made) == 1
    # Ctrl-C in the middle leaves caches that still give the right value
    fake_tqdm.interrupt_at = 8000
    cache = konane.RegionCache()
    with pytest.raises(KeyboardInterrupt):
        konane.value(board, cache=cache, progress=True)
    assert fake_tqdm.made[-1].closed and len(cache._raw) > 0
    fake_tqdm.interrupt_at = None
    assert konane.value(board, cache=cache, progress=False) == -1


@pytest.mark.parametrize("rows,cols", [(2, 4), (3, 4), (4, 4), (3, 5), (4, 3)])
def test_symmetric_positions_against_brute_force(rows, cols):
    # positions equal to their mirror image (or to its colour swap) make the solver reduce
    # positions by the symmetry; expected values from the brute force (no symmetry at all)
    rng = random.Random(rows * 10 + cols)
    swap = {"x": "o", "o": "x", ".": "."}
    for _ in range(12):
        grid = [[rng.choice("xxoo..") for _ in range(cols)] for _ in range(rows)]
        colour_swap = rng.random() < 0.5
        for r in range(rows):
            for c in range(cols // 2):
                mirror = grid[r][c]
                grid[r][cols - 1 - c] = swap[mirror] if colour_swap else mirror
            if cols % 2 and colour_swap:
                grid[r][cols // 2] = "."
        b = Board("/".join("".join(row) for row in grid))
        assert konane.value(b, cache=konane.RegionCache()) == brute(b), str(b)


def test_computation_makes_no_reference_cycles():
    # konane.value pauses the cyclic garbage collector while it runs (for speed); that is
    # only sound if the computation leaves no cyclic garbage behind: checked here on fresh
    # caches (the engine's operation caches too), 3x4 and 4x4 boards with holes, both rules.
    import gc

    cgt.clear_caches()
    rng = random.Random(11)
    boards = ["xoxo/o.ox/xoxo", "xoxo/ox.x/x..o/oxox", "x.xo/oxox/xo.o/oxox"]
    boards += [random_grid(rng, 4, 4) for _ in range(20)]
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        for pic in boards:
            for rules in (konane.STANDARD, konane.SINGLE_JUMP):
                konane.value(pic, rules=rules, cache=konane.RegionCache())
        found = gc.collect()
    finally:
        if was:
            gc.enable()
    assert found == 0
    assert gc.isenabled() == was


def test_packed_symmetries_give_the_least_image():
    # The solver reduces positions by the symmetries of their frame through packed byte
    # tables (konane.values._packed): compared here with each symmetry applied on its own
    # (konane.board._apply_table), on random positions of boards of several sizes.
    from konane.board import _apply_table, _transform_shape, _transform_table
    from konane.values import _least_image, _packed

    rng = random.Random(5)
    for rows, cols in [(1, 7), (3, 3), (4, 5), (5, 6), (6, 6), (2, 9)]:
        stride = cols + 1
        ks = [k for k in range(1, 8) if _transform_shape(rows, cols, k) == (rows, cols)]
        for n in range(1, len(ks) + 1):
            syms = tuple(_transform_table(rows, cols, k) for k in ks[:n])
            packed = _packed(syms)
            for _ in range(30):
                black = white = 0
                for r in range(rows):
                    for c in range(cols):
                        u = rng.random()
                        if u < 0.35:
                            black |= 1 << (r * stride + c)
                        elif u < 0.7:
                            white |= 1 << (r * stride + c)
                expected = None
                for tables in syms:
                    tb, tw = _apply_table(tables, black), _apply_table(tables, white)
                    cand = (tb, tw, False) if tb <= tw else (tw, tb, True)
                    expected = cand if expected is None else min(expected, cand)
                assert _least_image(packed, black, white) == expected
                first = (black, white, False) if black <= white else (white, black, True)
                assert _least_image(packed, black, white, first) == min(expected, first)


def test_boards_wider_than_511_columns():
    # Frames of 512 columns or more are keyed by tuples instead of packed ints
    # (konane.values._Solver._key); the same positions as columns (2 or 3 columns wide)
    # take the packed path.  Expected: the value of the transpose, and for the solid row
    # Ernst (1995): 300 + 300 alternating stones (N = 4j) give 0.
    row = "." + "xo" * 300 + "."
    column = "/".join(row)
    assert konane.value(row, rules=konane.SINGLE_JUMP) == konane.value(column, rules=konane.SINGLE_JUMP)
    rng = random.Random(3)
    for _ in range(3):
        cells = [["."] * 530 for _ in range(2)]
        for _ in range(40):
            r, c = rng.randrange(2), rng.randrange(530)
            cells[r][c] = rng.choice("xo")
        wide = Board("/".join("".join(line) for line in cells))
        tall = wide.transform(1)            # a quarter turn: 530 rows of 2 cells
        assert tall.cols == 2
        for rules in (konane.STANDARD, konane.SINGLE_JUMP):
            assert konane.value(wide, rules=rules) == konane.value(tall, rules=rules)
