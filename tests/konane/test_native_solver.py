"""The native Konane solver (``konane._kernel.native``, Rust ``src/konane/``) against the Python
solver (``konane.value``) and the independent brute force of ``tests/konane/helpers.py``.

Skipped when the native extension (with the solver) is not built or the active engine is
the Python one (the native solver's ids are the native engine's).
"""

import os
import random
import subprocess
import sys
import textwrap
import types

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import cgt
import konane
from konane import Board, _progress
from konane._kernel import native as _native
from konane.errors import ComputationLimitError

from .helpers import Stop, brute, line_with_debris, random_grid, random_row, row_with_gaps, stop_on_second_call

pytestmark = pytest.mark.skipif(not _native.available(), reason="the native Konane solver is not built")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(autouse=True)
def fresh_native_tables():
    """Every test starts with empty native tables (konane.clear_caches does not know them)."""
    _native.clear()
    yield


def native(board, rules=konane.STANDARD, check=None, threads=None):
    b = Board(board) if isinstance(board, str) else board
    gid = _native.value(b.key, rules.multi_jump, check, n_threads=threads)
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
        for r, c in sorted(start.stones("x"))[:3]:
            b1 = start.play_removal(start.square_name(r, c))
            for r2, c2 in sorted(b1.stones("o"))[:2]:
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
    assert _native.value_info()["regions"] > 0
    assert [native(b) for b in boards] == first
    _native.clear()
    assert _native.value_info()["positions"] == 0
    assert [native(b) for b in boards] == first


def test_one_and_two_threads_give_the_same_values():
    # boards whose values take more than 4096 positions (piped in two threads: the second
    # thread starts at the 4096th) and smaller ones (one thread always): the same ids, in a
    # fresh process's order or after the other mode filled the engine; the 4x4 ones
    # against the Python solver (the reference)
    rng = random.Random(17)

    def grid(rows, cols, blank):
        return Board("/".join("".join("." if rng.random() < blank else rng.choice("xo") for _ in range(cols))
                              for _ in range(rows)))

    boards = [grid(4, 4, 0.25) for _ in range(6)]
    boards += [grid(4, 5, 0.12) for _ in range(6)] + [grid(5, 5, 0.3) for _ in range(3)]
    start = Board.start(4, 5)
    boards += [start.play_removal(start.square_name(r, c)) for r, c in sorted(start.stones("x"))[:3]]
    results, piped = {}, {}
    for n in (2, 1, 2, 3, 4):
        konane.set_threads(n)
        try:
            _native.clear()
            before = _native.value_info()["piped"]
            results.setdefault(n, []).append([native(b) for b in boards])
            piped.setdefault(n, []).append(_native.value_info()["piped"] - before)
        finally:
            konane.set_threads(None)
    # in three and four threads, helpers walk beside the first walk once the second thread
    # has started: the same ids
    assert results[1][0] == results[2][0] == results[2][1] == results[3][0] == results[4][0]
    assert piped[1] == [0] and 3 <= piped[2][0] == piped[2][1] == piped[3][0] == piped[4][0] < len(boards), piped
    for b, v in zip(boards[:6], results[1][0][:6], strict=True):
        assert v == konane.value(b, cache=konane.RegionCache()), str(b)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([(4, 5, 0.1), (5, 5, 0.2), (5, 5, 0.3)]),
       st.integers(3, 5))
def test_helpers_give_the_values_of_one_thread(rng, shape, threads):
    # boards of a game from a start position (each stone on its colour of the checkerboard),
    # most of whose values take more than the 4096 positions after which the second thread
    # starts, and the helpers with it (those of fewer than 8192 positions, which may not get
    # there, are left out): the same ids as one thread
    # (fresh tables each, on the one engine of the process)
    rows, cols, blank = shape
    flip = rng.random() < 0.5
    b = Board("/".join("".join("." if rng.random() < blank else "xo"[((r + c) % 2 == 0) == flip]
                               for c in range(cols)) for r in range(rows)))
    _native.clear()
    before = _native.value_info()["computed"]
    one = native(b, threads=1)
    assume(_native.value_info()["computed"] - before > 2 * 4096)
    _native.clear()
    piped = _native.value_info()["piped"]
    assert native(b, threads=threads) == one, str(b)
    assert _native.value_info()["piped"] == piped + 1


def test_set_threads_checks_its_argument():
    for bad in (1.5, "2", True, [2]):
        with pytest.raises(konane.errors.KonaneTypeError, match="set_threads takes None or an int"):
            konane.set_threads(bad)
    for bad in (0, -1, 10**6):
        with pytest.raises(konane.errors.KonaneValueError, match="set_threads takes 1 to 1024 threads"):
            konane.set_threads(bad)
    konane.set_threads(8)                   # the search and the value solver take 8
    try:
        assert _native.threads() == _native.value_threads() == 8
        assert _native.value_threads(3) == 3
        konane.set_threads(1)
        assert _native.threads() == _native.value_threads() == 1
    finally:
        konane.set_threads(None)
    assert _native.threads() == _native.default_threads() == len(os.sched_getaffinity(0))
    # by default the value solver takes at most two: its walk and its valuation
    assert _native.value_threads() == min(2, _native.default_threads())


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
        for r, c in sorted(start.stones("x"))[:2]:
            b1 = start.play_removal(start.square_name(r, c))
            for r2, c2 in sorted(b1.stones("o"))[:2]:
                b2 = b1.play_removal(b1.square_name(r2, c2))
                assert native(b2) == konane.value(b2), str(b2)


# ---------------------------------------------------------------- sizes, errors, limits

def test_boards_that_fit_only_transposed():
    # a 100 x 1 column does not fit 128 bits in its own layout (200 bits); its transpose does
    pic = "." + "xo.xxo..oxox.oox." * 5 + "."
    row = Board(pic)
    column = Board("/".join(pic))
    assert column.rows * (column.cols + 1) > 128
    assert _native.takes(column.rows, column.cols)
    assert native(column) == native(row) == konane.value(row)


@pytest.mark.parametrize("rows,cols", [(8, 8), (10, 10), (6, 15)])
def test_large_sparse_boards(rows, cols):
    # frames of more than 64 bits (the solver's wide table) and many regions
    rng = random.Random(rows * cols)
    for _ in range(40):
        cells = [rng.choice("xo") if rng.random() < 0.18 else rng.choice("....#") for _ in range(rows * cols)]
        b = Board("/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)))
        check(b)


def checkered(rng, rows, cols, fill, a1_black=True, strays=0):
    """A random sparse board whose stones stand on the cells of their colour (Black on the
    colour of a1 if ``a1_black``, else on the other), as in a game from a start position,
    with ``strays`` stones then put on cells of the other colour."""
    cells = []
    for r in range(rows):
        for c in range(cols):
            black_cell = ((rows - 1 - r) + c) % 2 == (0 if a1_black else 1)
            cells.append(("x" if black_cell else "o") if rng.random() < fill else rng.choice("....#"))
    for _ in range(strays):
        r, c = rng.randrange(rows), rng.randrange(cols)
        black_cell = ((rows - 1 - r) + c) % 2 == (0 if a1_black else 1)
        cells[r * cols + c] = "o" if black_cell else "x"
    return Board("/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)))


@pytest.mark.parametrize("rows,cols,fill", [(1, 40, 0.6), (2, 18, 0.5), (3, 12, 0.45), (5, 7, 0.35), (6, 6, 0.35),
                                            (7, 7, 0.25), (8, 8, 0.2), (9, 9, 0.16)])
def test_parity_consistent_boards(rows, cols, fill):
    # the positions of frames of more than 32 bits that are parity-consistent are keyed by their
    # occupied cells and the colour of Black's cells (src/konane/postable.rs, whose unit tests
    # check that every such codec is used): boards of Black on either colour, and boards with a
    # stray stone (not parity-consistent: the other keys) sharing their frames, the tables kept
    # from board to board, against konane.value (the Python solver)
    rng = random.Random(rows * 100 + cols)
    for i in range(8):
        b = checkered(rng, rows, cols, fill, a1_black=i % 2 == 0, strays=1 if i % 3 == 2 else 0)
        for x in (b, b.color_swapped()):
            assert native(x) == konane.value(x, cache=konane.RegionCache()), str(x)


def test_boards_that_do_not_fit():
    assert _native.takes(8, 8) and _native.takes(10, 10) and not _native.takes(11, 11)
    b = Board.start(12, 12)
    with pytest.raises(ValueError, match="does not fit"):
        _native.value(b.key, True)


def test_bad_masks():
    with pytest.raises(ValueError):
        _native.value((1, 3, 0b011, 0b001, 0b001), True)
    with pytest.raises(ValueError):
        _native.value((1, 3, 0b1111, 0b001, 0b010), True)


# ---------------------------------------------------------------- the check hook: bar, limits, Ctrl-C

START_4X5 = "oxoxo/xoxox/o..xo/xoxox"      # 18,898 positions computed from their options: -1
SMALL = "xoxo/oxox/x..o/oxox"


def computed():
    return _native.value_info()["computed"]


@pytest.fixture(params=[1, 2], ids=["1-thread", "2-threads"])
def threads(request):
    """The test runs with the native solver in one thread, then piped in two (boards of 16
    stones or more; ``konane.set_threads``)."""
    konane.set_threads(request.param)
    yield request.param
    konane.set_threads(None)


def assert_valid_after_a_stop():
    """The native tables give right values after a stopped call (only finished values stored)."""
    assert _native.value_info()["positions"] > 0, "the stopped computation should have finished some positions"
    assert native(START_4X5) == brute(Board(START_4X5)) == -1
    assert native(SMALL) == brute(Board(SMALL))
    assert native("xoxo/oxox/x.o./oxox") == brute(Board("xoxo/oxox/x.o./oxox"))


def test_the_hook_is_called_every_4096_positions_and_at_the_end(threads):
    calls = []
    before = computed()
    assert native(START_4X5, check=calls.append) == -1
    n = computed() - before
    assert n > 3 * 4096 and sum(calls) == n
    assert calls[:-1] == [4096] * (len(calls) - 1) and 0 < calls[-1] <= 4096
    calls.clear()
    assert native(START_4X5, check=calls.append) == -1     # known now: nothing computed, no call
    assert calls == []


def test_an_exception_from_the_hook_propagates_and_keeps_the_tables_valid(threads):
    check, seen = stop_on_second_call()
    with pytest.raises(Stop, match="enough"):
        native(START_4X5, check=check)
    assert seen == [4096, 4096]
    assert_valid_after_a_stop()


def test_max_positions_on_the_native_path(threads):
    before = computed()
    with pytest.raises(ComputationLimitError) as info:
        konane.value(START_4X5, progress=False, max_positions=5000)
    assert computed() - before == 8192                      # the native solver ran
    err = info.value
    assert err.limit == "max_positions" and err.positions == 8192
    assert "konane.value stopped after 8,192 positions" in str(err) and "max_positions=5,000" in str(err)
    assert_valid_after_a_stop()
    # a limit that is not reached changes nothing; a known value needs no position
    _native.clear()
    assert konane.value(START_4X5, max_positions=10**9) == -1
    assert konane.value(START_4X5, max_positions=0) == -1


def test_limits_and_exceptions_stop_a_value_with_helpers():
    # three threads: a helper walks beside the first walk once the second thread has started
    # (at the 4096th position); the check hears of its positions by thousands
    with pytest.raises(ComputationLimitError) as info:
        konane.value(START_4X5, progress=False, max_positions=5000, threads=3)
    assert info.value.limit == "max_positions" and info.value.positions > 5000
    assert_valid_after_a_stop()
    _native.clear()
    check, seen = stop_on_second_call()
    with pytest.raises(Stop, match="enough"):
        native(START_4X5, check=check, threads=3)
    assert len(seen) == 2
    assert_valid_after_a_stop()


def test_analyze_has_the_limits_on_the_native_path_too(threads):
    with pytest.raises(ComputationLimitError, match="konane.analyze stopped"):
        konane.analyze(START_4X5, progress=False, max_positions=5000)
    assert konane.analyze(START_4X5, progress=False).value == -1


def test_max_memory_on_the_native_path(threads, monkeypatch):
    # as in test_progress.py: the memory, as the counter reads it, grows by 2 MB a reading
    # (the first reading, at the first check, is the baseline); no more bytes-per-position guess.
    # The native tables get no budget here (the counter's check is the one tested): with
    # one, a growth of the engine's table of games, which other tests of the process may have
    # made large (tests/cgt), can pass 3 MB at once and stop the call first
    readings = iter(range(0, 10**12, 2 * 10**6))
    monkeypatch.setattr(_progress, "resident_memory", lambda: next(readings))
    monkeypatch.setattr(_progress.Progress, "memory_left", lambda self: None)
    with pytest.raises(ComputationLimitError) as info:
        konane.value(START_4X5, progress=False, max_memory=3 * 10**6)
    err = info.value
    assert err.limit == "max_memory" and err.memory == 4 * 10**6 and err.positions == 3 * 4096
    assert "grew by 4 MB, past max_memory=3,000,000 bytes (3 MB)" in str(err)
    monkeypatch.undo()
    assert_valid_after_a_stop()
    # a max_memory that the memory, as read, does not pass, and that the native tables' own
    # budget holds (they need some megabytes here; a budget of 1 byte refuses their first growth)
    _native.clear()
    monkeypatch.setattr(_progress, "resident_memory", lambda: 10**9)
    assert konane.value(START_4X5, progress=False, max_memory=10**9) == -1
    _native.clear()
    with pytest.raises(ComputationLimitError, match="max_memory=1 bytes .*needed [0-9,]+ bytes more") as info:
        konane.value(START_4X5, progress=False, max_memory=1)
    assert info.value.limit == "max_memory"


def test_the_bar_appears_on_the_native_path(fake_tqdm):
    before = computed()
    assert konane.value(START_4X5, progress=True) == -1
    (bar,) = fake_tqdm.made
    assert bar.n == computed() - before > 3 * 4096
    assert bar.closed and "memory +" in bar.postfix


def test_a_quick_native_value_leaves_no_bar(fake_tqdm, monkeypatch):
    monkeypatch.setattr(_progress, "DELAY", 60.0)
    assert konane.value(START_4X5, progress=True) == -1
    assert fake_tqdm.made == []


def test_ctrl_c_from_the_bar_leaves_the_tables_valid(threads, fake_tqdm):
    fake_tqdm.interrupt_at = 10000          # the bar's update raises, as a Ctrl-C there would
    with pytest.raises(KeyboardInterrupt):
        konane.value(START_4X5, progress=True)
    (bar,) = fake_tqdm.made
    assert bar.closed
    fake_tqdm.interrupt_at = None
    assert_valid_after_a_stop()


def test_ctrl_c_from_the_progress_hook_leaves_the_tables_valid(threads, monkeypatch):
    calls = []
    real_check = _progress.Progress.check

    def check(self):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real_check(self)

    monkeypatch.setattr(_progress.Progress, "check", check)
    with pytest.raises(KeyboardInterrupt):
        konane.value(START_4X5, progress=False)
    assert len(calls) == 3
    monkeypatch.undo()
    assert_valid_after_a_stop()
    assert konane.value(".ox./o..x/....") == konane.value(".ox./o..x/....", cache=konane.RegionCache())


CTRL_C = textwrap.dedent("""
    import signal, sys, time
    import cgt, konane
    from konane._kernel import native as _native
    konane.set_threads(int(sys.argv[1]))
    b = konane.Board.start(5, 6).play_removal("c3").play_removal("d3")
    signal.signal(signal.SIGALRM, signal.default_int_handler)    # the alarm acts as Ctrl-C
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    t = time.perf_counter()
    try:
        _native.value(b.key, True)
        print("not interrupted")
        sys.exit(1)
    except KeyboardInterrupt:
        pass
    signal.setitimer(signal.ITIMER_REAL, 0)
    print(time.perf_counter() - t < 5)
    small = konane.Board("xoxo/oxox/x..o/oxox")
    v = cgt.Game.from_id(_native.value(small.key, True))
    print(v == konane.value(small))
""")


@pytest.mark.parametrize("n", [1, 2])
def test_ctrl_c_interrupts_and_leaves_the_tables_valid(n):
    r = subprocess.run([sys.executable, "-c", CTRL_C, str(n)], cwd=ROOT, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, KONANE_PROGRESS="0"))
    assert r.returncode == 0, r.stdout + r.stderr[-2000:]
    assert r.stdout.split() == ["True", "True"]


@pytest.mark.parametrize("board, error, message", [
    ([1, 3, 0b111, 0b001, 0b010], TypeError, "a board is a tuple"),
    ((1, 3, 0b111, 0b001), TypeError, "not a tuple of 4 items"),
    ((1, 3, 0b111, "1", 0b010), TypeError, "its black is a str"),
    ((-1, 3, 0b111, 0b001, 0b010), ValueError, "rows must be a number of rows"),
    ((1, 3, 0b111, -1, 0b010), ValueError, "black mask is negative"),
    ((1, 3, 1 << 300, 0b001, 0b010), ValueError, "cells mask has bits outside the 1x3 board"),
    ((1, 3, 1 << 200, 0, 0), ValueError, "cells outside the 1x3 board"),
    ((1, 3, 0b1111, 0b001, 0b010), ValueError, "cells outside the 1x3 board"),
    ((1, 3, 0b011, 0b001, 0b001), ValueError, "disjoint sets of cells"),
    ((1, 3, 0b011, 0b100, 0), ValueError, "disjoint sets of cells"),
    ((12, 12, 0, 0, 0), ValueError, "12x12 board does not fit the native"),
    ((0, 3, 0, 0, 0), ValueError, "0x3 board does not fit the native"),
])
def test_every_kernel_refuses_a_bad_board_with_a_message(board, error, message):
    ext = _native._ext
    for call in (lambda: ext.konane_value(board, True), lambda: ext.konane_wins(board, True, True),
                 lambda: ext.konane_play(board, True, True), lambda: ext.konane_footprint_regions(board)):
        with pytest.raises(error, match=message):
            call()


def test_the_fit_rule_and_the_version_are_the_native_cores():
    # expected: the rule written out here, min(rows, cols) * (max(rows, cols) + 1) <= 128
    ext = _native._ext
    assert ext.API_VERSION == _native.API_VERSION == 4
    for rows in range(0, 132):
        for cols in range(0, 132):
            lo, hi = min(rows, cols), max(rows, cols)
            assert ext.konane_fits(rows, cols) == (lo >= 1 and lo * (hi + 1) <= 128), (rows, cols)
    assert not ext.konane_fits(-1, 3)


def test_a_stale_native_core_is_said_and_not_used():
    assert _native._current(_native._ext) and not _native._current(None)
    for stale in (types.SimpleNamespace(API_VERSION=2), types.SimpleNamespace()):
        with pytest.warns(cgt.errors.BackendWarning, match="stale build"):
            assert not _native._current(stale)
