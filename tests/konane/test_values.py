"""konane.value and konane.analyze: against an independent brute force, laws, known values, errors."""

import random
import sys
import threading

import pytest
from hypothesis import given

import cgt
import konane
from konane import Board

from .conftest import raised_in
from .helpers import SET, boards, brute, line_with_debris, random_grid, random_row, row_with_gaps

# ---------------------------------------------------------------- against the brute force

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
        pic = line_with_debris(rng)
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
        for r, c in sorted(start.stones("x"))[:3]:
            b1 = start.play_removal(start.square_name(r, c))
            for r2, c2 in sorted(b1.stones("o"))[:2]:
                b2 = b1.play_removal(b1.square_name(r2, c2))
                assert konane.value(b2) == brute(b2), str(b2)


# ---------------------------------------------------------------- laws (against the brute force)

@SET
@given(boards())
def test_colour_swap_negates(b):
    # the value of the colour swap against the brute force of the board itself: the solver
    # normalises both to the same region, so comparing value with value would compare a
    # cache entry with itself
    assert konane.value(b.color_swapped()) == -brute(b)
    assert brute(b.color_swapped()) == -brute(b)


@SET
@given(boards())
def test_symmetries_preserve(b):
    v = brute(b)
    for k in range(8):
        assert konane.value(b.transform(k)) == v
        assert brute(b.transform(k)) == v


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


# ---------------------------------------------------------------- analyze

def test_analyze_winning_moves_match_brute_force():
    rng = random.Random(5)
    for _ in range(40):
        b = Board(random_grid(rng, 3, 4))
        a = konane.analyze(b)
        assert a.value == brute(b)
        for who, good in (("x", lambda v: v >= 0), ("o", lambda v: v <= 0)):
            expected = {str(m) for m, after in b.move_options(who) if good(brute(after))}
            assert {str(m) for m in a.winning_moves[konane.as_color(who)]} == expected
    a = konane.analyze(".ox./o..x/....")
    assert "value +-1" in repr(a) and "<table" in a._repr_html_()


def test_analysis_html_is_compact_and_readable():
    # expected: each region drawn on its own cells with the squares' original names, values
    # in Unicode, everything left-aligned
    b = Board("xo..x.....ox/.###########/x.o.xo..ox../............/.ox.........")
    a = konane.analyze(b)
    page = a._repr_html_()
    assert page.count("text-align:right") == 0 and "text-align:left" in page
    assert "<b>value</b> 2∗" in page and "outcome</b> L (Black wins)" in page
    assert "Black a5-c5, c1-a1, e3-g3, j3-h3, l5-j5; White none" in page
    rows = page.split("<tr>")[2:]                  # the regions, in order
    assert len(rows) == len(a.regions) == 4
    two = rows[1]                                  # stones on k5, l5: files i to l of rank 5
    two = two[two.index("<svg"):two.index("</svg>")]
    assert ">i<" in two and ">l<" in two and ">a<" not in two and ">5<" in two and ">1<" not in two
    assert 'class="cell k5"' in two
    assert "<td" in rows[3] and ">∗<" in rows[3]   # region 4 is a star
    assert "±1" in konane.analyze(".ox./o..x/....")._repr_html_()


def test_unicode_values():
    from konane.svg import value_text
    assert [value_text(cgt.parse(t)) for t in ("+-1", "^*", "v", "{2|-1}", "3/2")] == \
        ["±1", "↑∗", "↓", "{2|-1}", "3/2"]


def test_value_of_a_match_is_the_value_of_its_board():
    m = konane.Match.from_moves(["c3", "c4"], Board.start(4))
    assert konane.value(m) == konane.value(m.board)
    assert konane.analyze(m).board == m.board



# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("func", [konane.value, konane.analyze])
def test_type_and_value_errors(func):
    cases = [
        ({"board": "xq"}, konane.BoardParseError, "'xq'"),
        ({"board": 123}, konane.errors.BoardTypeError, "123"),
        ({"board": "..ox", "rules": "multi"}, konane.errors.RulesTypeError, "'multi'"),
        ({"board": "..ox", "cache": 42}, konane.errors.CacheTypeError, "42"),
        ({"board": "..ox", "progress": "yes"}, konane.errors.KonaneTypeError, "progress"),
    ]
    for kwargs, cls, match in cases:
        board = kwargs.pop("board")
        with pytest.raises(cls, match=match) as info:
            func(board, **kwargs)
        assert raised_in(info) == func.__name__
        assert isinstance(info.value, TypeError if issubclass(cls, konane.errors.KonaneTypeError) else ValueError)


def test_not_a_cache_file_from_value(tmp_path):
    bad = tmp_path / "not-a-db.sqlite"
    bad.write_text("hello, this is not sqlite" * 100)
    with pytest.raises(konane.CacheFileError, match="not-a-db") as info:
        konane.value("..ox", cache=str(bad))
    assert raised_in(info) == "value"


# ---------------------------------------------------------------- big and deep positions

def test_deep_game_does_not_recurse():
    # One Black stone before 150 White ones: with single jumps, games last up to 150 moves.
    b = Board("x" + "o." * 150)
    v = konane.value(b, rules=konane.SINGLE_JUMP)
    assert konane.value(b.transform(4), rules=konane.SINGLE_JUMP) == v
    assert konane.value(b.color_swapped(), rules=konane.SINGLE_JUMP) == -v


def test_solid_row_of_40():
    # Source: Ernst (1995), N = 40 = 4j gives 0.
    assert konane.value("." + "xo" * 20 + ".") == 0



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


def test_boards_wider_than_511_columns():
    # Frames of 512 columns or more are keyed by tuples instead of packed ints
    # (konane._kernel.bitboard.pack_key); the same positions as columns (2 or 3 columns wide)
    # take the packed path.  Expected: the value of the transpose, and for the solid row
    # Ernst (1995): 300 + 300 alternating stones (N = 4j) give 0.
    row = "." + "xo" * 300 + "."
    column = "/".join(row)
    assert konane.value(row, rules=konane.SINGLE_JUMP) == konane.value(column, rules=konane.SINGLE_JUMP) == 0
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


def test_a_play_of_hundreds_of_moves_is_valued_beside_another_python_thread():
    # The pure-Python solver (boards of 512 columns or more) plays a 602-cell row out some 300
    # moves deep, past Python's recursion limit of 1000.  In a notebook other threads run Python
    # (ipykernel's), where cgt may not raise the limit (on Python 3.11 it guards their C
    # stacks): its play is a unit of cgt.ops.deep, computed in segments instead (it raised
    # CGTOverflowError there).  Expected: Ernst (1995), the solid row of N = 4j stones is 0;
    # the row with one stone fewer is the transpose's value (the native solver's column).
    stop = threading.Event()
    beside = threading.Thread(target=stop.wait)
    beside.start()
    try:
        limit = sys.getrecursionlimit()
        assert threading.active_count() > 1
        konane.clear_caches()
        assert konane.value("." + "xo" * 300 + ".", rules=konane.SINGLE_JUMP) == 0
        short = "." + "xo" * 299 + "x.."
        assert konane.value(short) == konane.value("/".join(short))
        assert sys.getrecursionlimit() == limit
    finally:
        stop.set()
        beside.join()

# --------------------------------------------------------------------------
# a value has no player to move; a value out of reach is said early
# --------------------------------------------------------------------------

# the first real 8x8 game position of benchmarks/data/realgames.json: one region of 31 stones,
# whose value the native solver does not finish in 20 s (benchmarks/results/)
FAR = "oxoxoxox/xox...xo/o..x..ox/..xoxo../......../..x...xo/o...ox../x....oxo"


@pytest.mark.parametrize("call", [konane.value, konane.analyze])
def test_a_value_takes_no_player_to_move(call):
    with pytest.raises(konane.errors.KonaneTypeError) as info:
        call("..ox", "x")
    message = str(info.value)
    assert f"konane.{call.__name__} takes no player to move (got 'x')" in message
    assert "konane.solve(board, player)" in message and "konane.outcome(board)" in message
    assert raised_in(info) == call.__name__


def test_a_value_out_of_reach_is_said_before_it_is_computed(monkeypatch):
    import warnings

    from konane.errors import OutOfReachWarning
    computed = []
    monkeypatch.setattr(konane.values, "_value", lambda *args: computed.append(args) or cgt.zero)
    with pytest.warns(OutOfReachWarning, match="a region of 31 stones") as caught:
        konane.value(FAR)
    assert caught[0].message.stones == 31 and caught[0].message.regions == 1
    assert "konane.outcome(board)" in str(caught[0].message) and caught[0].filename == __file__
    assert len(computed) == 1                            # said, and then computed all the same
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        konane.value(FAR, time=30)                       # a limit of work: nothing said
        konane.value(FAR, max_positions=10 ** 9)
        konane.value(Board.start(8))                     # 64 stones, but nobody can move
        konane.value(".ox./o..x/....")


def test_the_limit_message_says_what_is_kept_and_where_to_turn():
    with pytest.raises(konane.ComputationLimitError) as info:
        konane.value(FAR, time=1e-6)
    message = str(info.value)
    assert "the limit is time=1e-06 seconds" in message
    assert "stay in this process's caches" in message and "kept in the cache" not in message
    assert "konane.outcome(board) and konane.solve(board, player)" in message
