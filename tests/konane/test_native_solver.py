"""The native Konane solver (``konane._native``, Rust ``src/konane/``) against the Python
solver (``konane.value``) and the independent brute force of ``tests/konane/helpers.py``.

Skipped when the native extension (with the solver) is not built or the active engine is
the Python one (the native solver's ids are the native engine's).
"""

import os
import random
import subprocess
import sys
import textwrap

import pytest

import cgt
import konane
from konane import Board, _native

from .helpers import brute, line_with_debris, random_grid, random_row, row_with_gaps

pytestmark = pytest.mark.skipif(not _native.available(), reason="the native Konane solver is not built")

# the binding raises konane.errors.ComputationLimitError (a RuntimeError), or a plain
# RuntimeError where konane.errors has no such class
LimitError = getattr(konane.errors, "ComputationLimitError", RuntimeError)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(autouse=True)
def fresh_native_tables():
    """Every test starts with empty native tables (konane.clear_caches does not know them)."""
    _native.clear()
    yield


def native(board, rules=konane.STANDARD, max_positions=None):
    b = Board(board) if isinstance(board, str) else board
    gid = _native.native_value(b.rows, b.cols, b.cells, b.black, b.white, rules, max_positions)
    return cgt.Game.from_id(gid)


def check(b, rules=konane.STANDARD):
    v = native(b, rules)
    assert v == brute(b, rules), str(b)
    assert v == konane.value(b, rules=rules, cache=konane.RegionCache()), str(b)


# ---------------------------------------------------------------- against the brute force and konane.value

def test_known_values():
    assert native("..ox") == cgt.parse("1")
    assert native(".ox.") == cgt.parse("*")
    assert native(".ox./o..x/....") == cgt.parse("+-1")
    assert native(".xoxox.") == cgt.parse("-2")
    assert native("....oxxoox..oxxxxo....") == cgt.parse("3/2")
    assert native("....oxxoox............") == cgt.parse("*")
    assert native("............oxxxxo....") == cgt.parse("2")


def test_rows_with_gaps():
    rng = random.Random(11)
    for rules in (konane.STANDARD, konane.SINGLE_JUMP):
        for _ in range(500):
            check(Board(row_with_gaps(rng)), rules)


def test_random_rows_and_their_columns():
    rng = random.Random(12)
    for _ in range(400):
        pic = random_row(rng, rng.randint(2, 14))
        b = Board(pic)
        check(b)
        assert native(Board("/".join(pic))) == native(b), pic


def test_long_lines():
    # rows like Chan and Tsai's with debris, as a row and as a column (as test_values.py)
    rng = random.Random(14)
    for _ in range(400):
        pic = line_with_debris(rng)
        b = Board(pic)
        v = brute(b)
        assert native(b) == v == native(Board("/".join(pic))), pic


@pytest.mark.parametrize("rows,cols,holes", [(2, 5, False), (3, 3, True), (3, 4, True), (4, 4, True),
                                             (3, 5, False), (2, 7, True), (4, 3, True)])
def test_grids(rows, cols, holes):
    rng = random.Random(rows * 100 + cols + 7)
    for _ in range(250):
        check(Board(random_grid(rng, rows, cols, holes)))


def test_single_jump_rules():
    rng = random.Random(13)
    for _ in range(300):
        b = Board(random_grid(rng, 3, 4)) if rng.random() < 0.5 else Board(row_with_gaps(rng))
        check(b, konane.SINGLE_JUMP)


def test_small_start_positions():
    for rows, cols in [(3, 3), (3, 4), (4, 4)]:
        start = Board.start(rows, cols)
        for r, c in start.stones_list("x")[:3]:
            b1 = start.play_removal(start.square_name(r, c))
            for r2, c2 in b1.stones_list("o")[:2]:
                check(b1.play_removal(b1.square_name(r2, c2)))


def test_symmetries_and_colour_swap():
    rng = random.Random(15)
    for _ in range(150):
        b = Board(random_grid(rng, 3, 4))
        v = brute(b)
        assert native(b.color_swapped()) == -v, str(b)
        for k in range(8):
            assert native(b.transform(k)) == v, (str(b), k)


def test_the_tables_are_shared_between_calls():
    rng = random.Random(16)
    boards = [Board(random_grid(rng, 4, 4)) for _ in range(100)]
    first = [native(b) for b in boards]
    assert _native.info()["regions"] > 0
    assert [native(b) for b in boards] == first
    _native.clear()
    assert _native.info()["positions"] == 0
    assert [native(b) for b in boards] == first


@pytest.mark.slow
@pytest.mark.parametrize("rows,cols", [(4, 5), (5, 5), (4, 6)])
def test_random_large_grids_against_konane_value(rows, cols):
    rng = random.Random(rows * 1000 + cols)
    for rules in (konane.STANDARD, konane.SINGLE_JUMP):
        for _ in range(60):
            b = Board(random_grid(rng, rows, cols, rng.random() < 0.5))
            assert native(b, rules) == konane.value(b, rules=rules), str(b)


@pytest.mark.slow
def test_starting_boards_against_konane_value():
    for rows, cols in [(3, 5), (4, 4), (4, 5)]:
        start = Board.start(rows, cols)
        for r, c in start.stones_list("x")[:2]:
            b1 = start.play_removal(start.square_name(r, c))
            for r2, c2 in b1.stones_list("o")[:2]:
                b2 = b1.play_removal(b1.square_name(r2, c2))
                assert native(b2) == konane.value(b2), str(b2)


# ---------------------------------------------------------------- sizes, errors, limits

def test_boards_that_fit_only_transposed():
    # a 100 x 1 column does not fit 128 bits in its own layout (200 bits); its transpose does
    pic = "." + "xo.xxo..oxox.oox." * 5 + "."
    row = Board(pic)
    column = Board("/".join(pic))
    assert column.rows * (column.cols + 1) > 128
    assert _native.fits(column.rows, column.cols)
    assert native(column) == native(row) == konane.value(row)


@pytest.mark.parametrize("rows,cols", [(8, 8), (10, 10), (6, 15)])
def test_large_sparse_boards(rows, cols):
    # frames of more than 64 bits (the solver's wide table) and many regions
    rng = random.Random(rows * cols)
    for _ in range(40):
        cells = [rng.choice("xo") if rng.random() < 0.18 else rng.choice("....#") for _ in range(rows * cols)]
        b = Board("/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)))
        check(b)


def test_boards_that_do_not_fit():
    assert _native.fits(8, 8) and _native.fits(10, 10) and not _native.fits(11, 11)
    b = Board.start(12, 12)
    with pytest.raises(ValueError, match="does not fit"):
        _native.native_value(b.rows, b.cols, b.cells, b.black, b.white, konane.STANDARD)


def test_bad_masks():
    with pytest.raises(ValueError):
        _native.native_value(1, 3, 0b011, 0b001, 0b001, konane.STANDARD)
    with pytest.raises(ValueError):
        _native.native_value(1, 3, 0b1111, 0b001, 0b010, konane.STANDARD)


def test_limit_raises_and_keeps_the_tables_valid():
    b = Board("xoxo/oxox/x..o/oxox")
    with pytest.raises(LimitError, match="max_positions=10") as info:
        native(b, max_positions=10)
    assert getattr(info.value, "limit", "max_positions") == "max_positions"
    assert native(b) == brute(b)
    assert native(b, max_positions=0) == brute(b)          # known now: nothing to compute
    assert native("xoxo/oxox/x.o./oxox") == brute(Board("xoxo/oxox/x.o./oxox"))


CTRL_C = textwrap.dedent("""
    import signal, sys, time
    import cgt, konane
    from konane import _native
    b = konane.Board.start(5, 6).play_removal("c3").play_removal("d3")
    signal.signal(signal.SIGALRM, signal.default_int_handler)    # the alarm acts as Ctrl-C
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    t = time.perf_counter()
    try:
        _native.native_value(b.rows, b.cols, b.cells, b.black, b.white, konane.STANDARD)
        print("not interrupted")
        sys.exit(1)
    except KeyboardInterrupt:
        pass
    signal.setitimer(signal.ITIMER_REAL, 0)
    print(time.perf_counter() - t < 5)
    small = konane.Board("xoxo/oxox/x..o/oxox")
    v = cgt.Game.from_id(_native.native_value(small.rows, small.cols, small.cells, small.black,
                                              small.white, konane.STANDARD))
    print(v == konane.value(small))
""")


def test_ctrl_c_interrupts_and_leaves_the_tables_valid():
    r = subprocess.run([sys.executable, "-c", CTRL_C], cwd=ROOT, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, KONANE_PROGRESS="0"))
    assert r.returncode == 0, r.stdout + r.stderr[-2000:]
    assert r.stdout.split() == ["True", "True"]
