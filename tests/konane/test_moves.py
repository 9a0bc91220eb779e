"""Tests of konane.moves (the Move notation) and of Board's move methods: legality, the fast path, perft counts.

The perft-like tables are checked against an *independent* move generator
written in this file: a position is a dict ``{(row, col): "x" | "o" | "."}``
built from the picture text by plain loops, moves are found by walking the
four directions cell by cell.  It shares no code with konane (only the final
comparison goes through ``str(board)``, whose round trip is tested in
test_board.py).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import konane
from konane import (
    BLACK,
    SINGLE_JUMP,
    STANDARD,
    WHITE,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
)

from .conftest import raised_in


def key_of(board):
    return board.key

# --------------------------------------------------------------------------
# the independent generator
# --------------------------------------------------------------------------

DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def grid_from_picture(picture):
    """'/'-picture -> (rows, cols, {(r, c): char}) for on-board cells only."""
    lines = picture.split("/")
    grid = {}
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch in "xo.":
                grid[(r, c)] = ch
    return len(lines), len(lines[0]), grid


def picture_from_grid(rows, cols, grid):
    return "\n".join("".join(grid.get((r, c), "#") for c in range(cols)) for r in range(rows))


def simple_moves(grid, player, multi=True):
    """List of (source, target, new_grid) for every capture of ``player``."""
    enemy = "o" if player == "x" else "x"
    found = []
    for (r, c), ch in sorted(grid.items()):
        if ch != player:
            continue
        for dr, dc in DIRECTIONS:
            k = 1
            while True:
                over = (r + (2 * k - 1) * dr, c + (2 * k - 1) * dc)
                land = (r + 2 * k * dr, c + 2 * k * dc)
                if grid.get(over) != enemy or grid.get(land) != ".":
                    break
                new = dict(grid)
                new[(r, c)] = "."
                for i in range(1, k + 1):
                    new[(r + (2 * i - 1) * dr, c + (2 * i - 1) * dc)] = "."
                new[land] = player
                found.append(((r, c), land, new))
                if not multi:
                    break
                k += 1
    return found


def simple_start(n):
    """The full n x n board as a grid; a1 (bottom-left) holds Black."""
    grid = {}
    for r in range(n):
        for c in range(n):
            file, rank = c + 1, n - r
            grid[(r, c)] = "x" if (file + rank) % 2 == 0 else "o"
    return grid


def simple_first_removals(n, grid, player):
    centre = {(n // 2 - 1, n // 2 - 1), (n // 2 - 1, n // 2), (n // 2, n // 2 - 1), (n // 2, n // 2)}
    corners = {(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)}
    return [cell for cell in sorted(centre | corners) if grid[cell] == player]


def simple_perft(n, plies):
    """Distinct positions after each ply from the full n x n board (n even).

    Ply 1: Black removes a stone of the central 2x2 or a corner; ply 2: White
    removes a stone orthogonally adjacent to the hole; plies 3, 4, ...:
    captures, Black first.
    """
    start = simple_start(n)
    layer = {}
    for cell in simple_first_removals(n, start, "x"):
        g = dict(start)
        g[cell] = "."
        layer[frozenset(g.items())] = (g, cell)
    counts = [len(layer)]
    if plies >= 2:
        nxt = {}
        for g, (hr, hc) in layer.values():
            for dr, dc in DIRECTIONS:
                cell = (hr + dr, hc + dc)
                if g.get(cell) == "o":
                    h = dict(g)
                    h[cell] = "."
                    nxt[frozenset(h.items())] = (h, None)
        layer = nxt
        counts.append(len(layer))
    player = "x"
    for _ in range(3, plies + 1):
        nxt = {}
        for g, _ in layer.values():
            for _, _, h in simple_moves(g, player):
                nxt[frozenset(h.items())] = (h, None)
        layer = nxt
        counts.append(len(layer))
        player = "o" if player == "x" else "x"
    return counts


def simple_capture_perft(picture, plies, player="x"):
    rows, cols, grid = grid_from_picture(picture)
    layer = {frozenset(grid.items()): grid}
    counts = []
    for _ in range(plies):
        nxt = {}
        for g in layer.values():
            for _, _, h in simple_moves(g, player):
                nxt[frozenset(h.items())] = h
        layer = nxt
        counts.append(len(layer))
        player = "o" if player == "x" else "x"
    return counts


# --------------------------------------------------------------------------
# the engine's counts
# --------------------------------------------------------------------------


def engine_perft(n, plies):
    """The same counts through konane.Match (removals) and Board.options."""
    match = konane.Match(Board.start(n))
    layer = {}
    for first in match.legal_moves():
        match.push(first)
        layer[match.board] = match.copy()
        match.pop()
    counts = [len(layer)]
    if plies >= 2:
        nxt = {}
        for m in layer.values():
            for second in m.legal_moves():
                m.push(second)
                nxt[m.board] = None
                m.pop()
        counts.append(len(nxt))
        boards = set(nxt)
        player = BLACK
        for _ in range(3, plies + 1):
            boards = {o for b in boards for o in b.options(player)}
            counts.append(len(boards))
            player = player.opponent
    return counts


def engine_capture_perft(board, plies, player=BLACK):
    layer, counts = {board}, []
    for _ in range(plies):
        layer = {o for b in layer for o in b.options(player)}
        counts.append(len(layer))
        player = player.opponent
    return counts


# Source of these numbers: independent computation in this file
# (simple_perft / simple_capture_perft above), cross-checked against the engine.
# Plies 1 and 2 are the two removals, 3.. the captures (Black first).
PERFT_FROM_START = {
    6: [4, 12, 28, 146, 612],
    8: [4, 12, 28, 170, 856],
}
# From a fixed position after the removals, Black capturing first.
FIXED_6X6 = Board.start(6).play_removal("d4").play_removal("d3")
FIXED_8X8 = Board.start(8).play_removal("d4").play_removal("e4")
PERFT_FIXED = {
    "6x6 d4 d3": (FIXED_6X6, [3, 20, 88, 524, 2272]),
    "8x8 d4 e4": (FIXED_8X8, [3, 20, 100, 735, 4415]),
}


@pytest.mark.parametrize("n", sorted(PERFT_FROM_START))
def test_perft_from_start_independent(n):
    expected = PERFT_FROM_START[n]
    assert simple_perft(n, len(expected)) == expected


@pytest.mark.parametrize("n", sorted(PERFT_FROM_START))
def test_perft_from_start_engine(n):
    expected = PERFT_FROM_START[n]
    assert engine_perft(n, len(expected)) == expected


@pytest.mark.parametrize("name", sorted(PERFT_FIXED))
def test_perft_fixed_position(name):
    board, expected = PERFT_FIXED[name]
    picture = "/".join(str(board).split("\n"))
    assert simple_capture_perft(picture, len(expected)) == expected
    assert engine_capture_perft(board, len(expected)) == expected


def test_fixed_positions_are_what_the_table_says():
    assert str(FIXED_6X6).split("\n")[2:4] == ["oxo.ox", "xox.xo"]
    assert FIXED_8X8["d4"] == FIXED_8X8["e4"] == "."
    assert FIXED_8X8.stone_count("x") == FIXED_8X8.stone_count("o") == 31


# --------------------------------------------------------------------------
# random boards: engine == independent generator, and structural properties
# --------------------------------------------------------------------------


@st.composite
def pictures(draw, max_rows=6, max_cols=7, alphabet="xxoo...#"):
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    chars = draw(st.lists(st.sampled_from(alphabet), min_size=rows * cols,
                          max_size=rows * cols))
    return "/".join("".join(chars[r * cols:(r + 1) * cols]) for r in range(rows))


@settings(max_examples=300, deadline=None)
@given(pictures(), st.sampled_from("xo"), st.booleans())
def test_options_match_independent_generator(picture, player, multi):
    rules = STANDARD if multi else SINGLE_JUMP
    rows, cols, grid = grid_from_picture(picture)
    expected = [picture_from_grid(rows, cols, g) for _, _, g in simple_moves(grid, player, multi)]
    b = Board(picture)
    got = [str(o) for o in b.options(player, rules)]
    assert sorted(got) == sorted(expected)
    assert len(set(got)) == len(got)  # no duplicates
    moves = sorted((src, dst) for src, dst, _ in simple_moves(grid, player, multi))
    assert sorted((m.source, m.target) for m in b.legal_moves(player, rules)) == moves
    assert b.move_count(player, rules) == len(expected)
    assert b.can_move(player, rules) == bool(expected)


@settings(deadline=None)
@given(pictures(), st.sampled_from("xo"))
def test_every_move_removes_exactly_the_jumped_stones(picture, player):
    b = Board(picture)
    enemy = "o" if player == "x" else "x"
    for move in b.legal_moves(player):
        after = b.play(move)
        assert after[move.source] == "." and after[move.target] == player
        assert after.stone_count(player) == b.stone_count(player)
        assert after.stone_count(enemy) == b.stone_count(enemy) - move.jumps
        changed = {rc for rc in b.cells if b[rc] != after[rc]}
        assert changed == {move.source, move.target, *move.jumped}
        assert all(b[rc] == enemy and after[rc] == "." for rc in move.jumped)
        assert all(b[rc] == "." for rc in move.landings)
        assert after.cells_mask == b.cells_mask


@settings(deadline=None)
@given(pictures())
def test_colour_swap_maps_black_moves_to_white_moves(picture):
    b = Board(picture)
    s = b.color_swapped()
    assert {o.color_swapped() for o in b.options("x")} == set(s.options("o"))
    assert {o.color_swapped() for o in b.options("o")} == set(s.options("x"))
    assert [(m.source, m.target) for m in b.legal_moves("x")] == \
        [(m.source, m.target) for m in s.legal_moves("o")]


@settings(deadline=None)
@given(pictures(max_rows=6, max_cols=6), st.integers(0, 7), st.sampled_from("xo"))
def test_symmetries_map_options_to_options(picture, k, player):
    b = Board(picture)
    t = b.transform(k)
    assert set(t.options(player)) == {o.transform(k) for o in b.options(player)}


@settings(deadline=None)
@given(st.integers(1, 6), st.data())
def test_symmetries_of_square_boards(n, data):
    chars = data.draw(st.lists(st.sampled_from("xo.#"), min_size=n * n, max_size=n * n))
    b = Board("/".join("".join(chars[r * n:(r + 1) * n]) for r in range(n)))
    for k in range(8):
        t = b.transform(k)
        assert (t.rows, t.cols) == (n, n)
        for player in "xo":
            assert set(t.options(player)) == {o.transform(k) for o in b.options(player)}


@settings(deadline=None)
@given(pictures(), st.sampled_from("xo"))
def test_options_equal_played_legal_moves(picture, player):
    b = Board(picture)
    played = [b.play(m) for m in b.legal_moves(player)]
    assert sorted(played, key=key_of) == sorted(b.options(player), key=key_of)
    assert [(m, a) for m, a in b.move_options(player)] == list(zip(b.legal_moves(player), played, strict=True))


@settings(deadline=None)
@given(pictures(), st.sampled_from("xo"))
def test_single_jump_is_the_one_jump_part(picture, player):
    b = Board(picture)
    multi = set(b.options(player))
    single = set(b.options(player, SINGLE_JUMP))
    assert single <= multi
    assert single == {b.play(m) for m in b.legal_moves(player) if m.jumps == 1}
    assert all(m.jumps == 1 for m in b.legal_moves(player, SINGLE_JUMP))


# --------------------------------------------------------------------------
# specific positions
# --------------------------------------------------------------------------

RULES_PAGE = Board("""
    ........
    ........
    ........
    ........
    ..x.x...
    ..ox.x..
    ........
    ........
""")


def test_rules_page_example():
    """White on c3, Black on c4, d3, f3, e4; c5, e3, g3, e5 empty."""
    b = RULES_PAGE
    assert [b[s] for s in ("c3", "c4", "d3", "f3", "e4")] == ["o", "x", "x", "x", "x"]
    assert all(b[s] == "." for s in ("c5", "e3", "g3", "e5"))
    from_c3 = {str(m) for m in b.legal_moves("o") if m.source_name == "c3"}
    assert from_c3 == {"c3-c5", "c3-e3", "c3-g3"}
    # "c3 to e3" and "c3 to g3" are two moves; the double capture takes d3 and f3
    after = b.play("c3-g3")
    assert after["g3"] == "o" and after["d3"] == after["f3"] == after["c3"] == "."
    assert after["e4"] == "x"  # no turning at e3
    # on the rules page Black then has no move at all
    assert not after.can_move("x") and after.legal_moves("x") == []
    with pytest.raises(InvalidMoveError):
        b.play("c3-e5")  # not a straight line: a notation error
    assert b.play("c3-e3").play("e3-e5")["e5"] == "o"  # legal as a separate later move


def test_rules_page_single_jump_variant():
    b = RULES_PAGE
    single = {str(m) for m in b.legal_moves("o", SINGLE_JUMP)}
    assert single == {"c3-c5", "c3-e3"}
    with pytest.raises(IllegalMoveError, match="multi-jumps are not allowed"):
        b.play("c3-g3", SINGLE_JUMP)
    assert b.move_count("o", SINGLE_JUMP) == 2 and b.move_count("o") == 3


def test_long_line_multi_jump():
    b = Board("xo.o.o.o.")
    assert [str(m) for m in b.legal_moves("x")] == ["a1-c1", "a1-e1", "a1-g1", "a1-i1"]
    assert len(b.options("x")) == 4
    assert b.options("x", SINGLE_JUMP) == [Board("..xo.o.o.")]
    vertical = b.transform(1)
    assert len(vertical.options("x")) == 4


def test_multi_jump_stops_at_blocked_landing():
    from_a1 = [str(m) for m in Board("xo.oxo.").legal_moves("x") if m.source_name == "a1"]
    assert from_a1 == ["a1-c1"]
    assert [str(m) for m in Board("xo.o#o.").legal_moves("x")] == ["a1-c1"]  # a hole blocks


@pytest.mark.parametrize("picture, player", [
    ("...xo/.....", "x"),   # without the guard column x would land on a1
    ("....o/x....", "x"),   # leftwards wrap from the start of a row
    (".....x/o.....", "o"),
    ("o..../..x..", "o"),
    ("x/o", "x"),           # off the bottom
    ("./o/x", "x"),
])
def test_no_wrap_around(picture, player):
    b = Board(picture)
    rows, cols, grid = grid_from_picture(picture)
    assert simple_moves(grid, player) == [] or picture == "./o/x"
    if picture == "./o/x":
        assert [str(m) for m in b.legal_moves("x")] == ["a1-a3"]
    else:
        assert b.options(player) == [] and b.legal_moves(player) == []


def test_legal_moves_order_and_types():
    b = Board.start(6).play_removal("c3").play_removal("c4")
    moves = b.legal_moves("x")
    # sorted by source (files from the left, then ranks from the bottom), then target
    assert [str(m) for m in moves] == ["a3-c3", "c1-c3", "e3-c3"]
    assert all(isinstance(m, Move) and not m.is_removal for m in moves)
    assert [str(m) for m in b.legal_moves("o")] == ["a4-c4", "c6-c4", "e4-c4"]


def test_player_designations():
    b = RULES_PAGE
    for name in ("o", WHITE, "right", "White", "O"):
        assert b.options(name) == b.options("o")
    assert b.options("LEFT") == b.options(BLACK)
    with pytest.raises(konane.errors.PlayerError, match="'blue'") as info:
        b.legal_moves("blue")
    assert raised_in(info) == "legal_moves"
    for method in ("options", "legal_moves", "move_options", "can_move", "move_count"):
        with pytest.raises(konane.errors.RulesTypeError, match="'standard'") as info:
            getattr(b, method)("x", rules="standard")
        assert raised_in(info) == method
        with pytest.raises(konane.errors.PlayerTypeError) as info:
            getattr(b, method)(3)
        assert raised_in(info) == method


def test_options_of_boards_without_stones_or_cells():
    assert Board("#").options("x") == [] and Board("....").options("o") == []
    assert Board("x").legal_moves("x") == []


def test_big_traditional_boards():
    for rows, cols in [(14, 14), (9, 13), (14, 17), (13, 20)]:
        b = Board.start(rows, cols).play_removal((0, 0))
        corner = b["a" + str(rows)]
        assert corner == "."
        for player in "xo":
            rows_, cols_, grid = grid_from_picture("/".join(str(b).split("\n")))
            assert b.move_count(player) == len(simple_moves(grid, player))


# --------------------------------------------------------------------------
# notation
# --------------------------------------------------------------------------


def test_move_notation_round_trip():
    m = Move.parse("c3-g3", rows=8)
    assert m == Move((5, 2), (5, 6), 8)
    assert str(m) == "c3-g3" and m.source_name == "c3" and m.target_name == "g3"
    assert m.jumps == 2 and m.jumped == ((5, 3), (5, 5)) and m.landings == ((5, 4), (5, 6))
    assert m.direction == (0, 1)
    assert eval(repr(m), {"konane": konane}) == m
    assert hash(m) == hash(Move.parse("C3-G3 ", rows=8))
    r = Move.parse("d4", rows=8)
    assert r.is_removal and str(r) == "d4" and r.jumps == 0 and r.jumped == ()
    assert Move.parse(str(r), rows=8) == r
    assert Board.start(8).parse_move("c3-c5") == Move((5, 2), (3, 2), 8)
    with pytest.raises(AttributeError):
        m.rows = 3  # frozen


@settings(deadline=None)
@given(pictures(), st.sampled_from("xo"))
def test_move_notation_round_trip_property(picture, player):
    b = Board(picture)
    for m in b.legal_moves(player):
        assert b.parse_move(str(m)) == m
        assert Move.parse(str(m), rows=b.rows) == m


@pytest.mark.parametrize("text, match", [
    ("c3-d4", "must stay on one row or one column"),
    ("c3-c4", "even number of cells"),
    ("c3-c3", "a capture must move; write a removal as 'c3'"),
    ("c3:c5", "invalid move notation 'c3:c5'"),
    ("c3-", "invalid move notation"),
    ("", "invalid move notation ''"),
    ("c3-e3-g3", "invalid move notation"),
    ("c9-c7", "rank 9 is beyond the 8 ranks"),
    ("c0-c2", "invalid move"),
    ("i1-g1", "square 'i1' is beyond the 8 files"),
])
def test_bad_notation(text, match):
    with pytest.raises(InvalidMoveError, match=match):
        Board.start(8).parse_move(text)


def test_bad_move_objects():
    with pytest.raises(InvalidMoveError):
        Move((0, 0), (0, 1), 1)
    with pytest.raises(InvalidMoveError):
        Move((0, 0), (2, 2), 3)
    with pytest.raises(InvalidMoveError):
        Move((3, 0), (1, 0), 3)
    with pytest.raises(konane.errors.MoveTypeError):
        Move("c3", "c5", 8)
    with pytest.raises(konane.errors.MoveTypeError) as info:
        Move.parse(42, rows=8)
    assert raised_in(info) == "parse"
    with pytest.raises(konane.errors.MoveTypeError, match="rows must be an int"):
        Move.parse("c3-c5", rows="8")


# --------------------------------------------------------------------------
# illegal moves
# --------------------------------------------------------------------------


@pytest.mark.parametrize("move, reason", [
    ("a1-c1", "there is no stone on a1"),
    ("a2-c2", "c2 is not an empty cell"),
    ("d3-b3", "c3 does not hold a White stone to jump"),
    ("b2-b4", "b3 does not hold a Black stone to jump"),
    ("d2-d4", "d3 does not hold a White stone to jump"),
    ("a4", "a removal is legal only in the opening"),
])
def test_illegal_moves_name_the_move_and_show_the_board(move, reason):
    b = Board("""
        ..ox
        .o.x
        xoox
        .oo.
    """)
    before = (str(b), b.key)
    with pytest.raises(IllegalMoveError) as info:
        b.play(move)
    msg = str(info.value)
    assert msg.startswith(f"illegal move {move!r}: ") and reason in msg
    assert msg.endswith("\n" + b.diagram())           # the board with its labels
    assert "\nlegal moves: Black " in msg and "; White " in msg
    assert (str(b), b.key) == before  # nothing mutated


def test_illegal_move_names_the_legal_moves():
    b = Board("..xo.ox")
    with pytest.raises(IllegalMoveError) as info:
        b.play("g1-c1")
    assert str(info.value).split("\n")[1:] == [
        "legal moves: Black c1-e1, g1-e1; White d1-b1", "1 . . x o . o x", "  a b c d e f g"]
    with pytest.raises(IllegalMoveError) as info:
        b.play("c1-e1", player="o")
    assert "\nlegal moves for White: d1-b1\n" in str(info.value)
    # a long list is cut after 24 moves
    long = Board("xo." * 30)
    with pytest.raises(IllegalMoveError) as info:
        long.play("b1-d1", player="x")
    line = str(info.value).split("\n")[1]
    assert line.startswith("legal moves for Black: a1-c1, d1-f1, ") and line.endswith(", ... (30 in all)")


def test_illegal_for_the_given_player():
    b = Board("xo.")
    with pytest.raises(IllegalMoveError, match="a1 holds a Black stone but it is White's move"):
        b.play("a1-c1", player="o")
    assert b.play("a1-c1", player="x") == Board("..x")
    assert b.is_legal("a1-c1") and not b.is_legal("a1-c1", player=WHITE)


def test_off_board_source_and_foreign_move():
    b = Board("#o.")
    with pytest.raises(IllegalMoveError, match="a1 is not on the board"):
        b.play("a1-c1")
    with pytest.raises(IllegalMoveError, match="written for a board of 8 rows"):
        Board("xo.").play(Move.parse("a1-c1", rows=8))
    with pytest.raises(konane.errors.MoveTypeError) as info:
        b.play(3)
    assert raised_in(info) == "play"
    with pytest.raises(konane.errors.RulesTypeError) as info:
        b.play("a1-c1", "single")
    assert raised_in(info) == "play"
    with pytest.raises(konane.errors.PlayerError) as info:
        b.is_legal("a1-c1", player="red")
    assert raised_in(info) == "is_legal"


def test_illegal_move_is_value_error_and_konane_error():
    with pytest.raises(ValueError):
        Board("xo.").play("a1-c1", SINGLE_JUMP, player="o")
    with pytest.raises(konane.KonaneError):
        Board("xo.").play("b1-d1")


def test_moves_and_outcomes_pretty_print_as_notation():
    # expected: IPython shows lists of moves as c3-e3 and outcomes as N; repr stays rebuildable
    pretty = pytest.importorskip("IPython.lib.pretty").pretty
    import cgt
    moves = Board("..xo.ox").legal_moves("x")
    assert pretty(moves) == "[c1-e1, g1-e1]"
    assert repr(moves[0]) == "konane.Move.parse('c1-e1', rows=1)"
    assert pretty([cgt.star.outcome, cgt.up.outcome, cgt.zero.outcome]) == "[N, L, P]"
    assert repr(cgt.star.outcome) == "<Outcome.N: 'N'>"


def test_moves_of_a_cropped_board_keep_the_names_of_its_squares():
    # a region of an 8-row board in files c-e of rank 6, cropped: its moves are named as on
    # the board (counted by hand: the Black stone on c6 jumps d6 to e6)
    board = Board("......../......../..xo..../" + "......../" * 4 + "........")
    region = Board("########/########/##xo.###/########/########/########/########/########")
    crop = region.crop()
    assert crop.origin == "c6"
    (move,) = crop.legal_moves("x")
    assert str(move) == "c6-e6" and move.source_name == "c6" and move.target_name == "e6"
    assert repr(move) == "konane.Move.parse('c6-e6', rows=1, origin='c6')"
    assert eval(repr(move), {"konane": konane}) == move
    assert move == konane.Move((0, 0), (0, 2), 1, "C6")
    assert move != konane.Move((0, 0), (0, 2), 1)                     # a1-c1 on a board of its own
    assert board.play(move) == board.play("c6-e6")                    # read again by its names
    with pytest.raises(InvalidMoveError, match="outside the ranks 6 to 6"):
        crop.parse_move("c5-e5")
    with pytest.raises(konane.errors.MoveTypeError):
        konane.Move((0, 0), (0, 2), 1, origin=None)
