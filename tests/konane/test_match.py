"""Tests of konane.match: the opening, push/pop, the winner, save/load."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import konane
from konane import (
    BLACK,
    SINGLE_JUMP,
    WHITE,
    Board,
    BoardParseError,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    Move,
    OpeningError,
    Rules,
)
from konane.match import central_cells, corner_cells, removals

from .conftest import raised_in


def names(moves):
    return [str(m) for m in moves]


def snapshot(match):
    return (match.board, match.moves, match.turn, match.ply, match.boards)


# --------------------------------------------------------------------------
# the opening
# --------------------------------------------------------------------------


def test_default_match():
    m = Match()
    assert m.board == m.start == Board.start(8, 8)
    assert m.turn is BLACK and m.first is BLACK and m.ply == 0 and len(m) == 0
    assert m.rules == konane.STANDARD and m.opening and m.in_opening
    # Black (on a1) may remove d4 or e5 from the centre, a1 or h8 from the corners
    assert names(m.legal_moves()) == ["a1", "d4", "e5", "h8"]
    assert not m.is_over and m.winner is None


@pytest.mark.parametrize("first, second", [
    ("d4", ["c4", "d3", "d5", "e4"]),
    ("e5", ["d5", "e4", "e6", "f5"]),
    ("a1", ["a2", "b1"]),
    ("h8", ["g8", "h7"]),
])
def test_second_removal_is_adjacent(first, second):
    m = Match()
    m.push(first)
    assert m.turn is WHITE and m.in_opening
    assert names(m.legal_moves()) == second
    m.push(second[0])
    assert not m.in_opening and m.turn is BLACK
    assert m.board.stone_count("x") == m.board.stone_count("o") == 31
    assert m.legal_moves() and all(not mv.is_removal for mv in m.legal_moves())


def test_central_and_corner_cells():
    assert central_cells(6, 6) == [(2, 2), (2, 3), (3, 2), (3, 3)]
    assert central_cells(5, 5) == [(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)]
    assert central_cells(9, 13) == [(3, 6), (4, 5), (4, 6), (4, 7), (5, 6)]
    # one odd side: the eight cells within Manhattan distance 3/2 of the centre
    assert central_cells(14, 17) == [(5, 8), (6, 7), (6, 8), (6, 9), (7, 7), (7, 8), (7, 9), (8, 8)]
    assert len(central_cells(2, 3)) == 6
    assert corner_cells(6, 6) == [(0, 0), (0, 5), (5, 0), (5, 5)]
    assert corner_cells(1, 1) == [(0, 0)] and corner_cells(1, 4) == [(0, 0), (0, 3)]


@pytest.mark.parametrize("rows, cols", [(5, 5), (7, 7), (9, 13), (14, 17), (13, 20), (6, 9)])
@pytest.mark.parametrize("a1", ["x", "o"])
def test_every_board_has_a_legal_opening(rows, cols, a1):
    for first in (BLACK, WHITE):
        m = Match(Board.start(rows, cols, a1=a1), first=first)
        firsts = m.legal_moves()
        assert firsts, (rows, cols, a1, first)
        for mv in firsts:
            assert m.board[mv.source] == first.value
            m.push(mv)
            assert m.legal_moves()  # a neighbour of the other colour always exists
            m.pop()


def test_odd_board_centre_removals():
    b = Board.start(5)  # Black on a1: the corners and the centre c3 are Black
    assert names(removals(b, "x")) == ["a1", "a5", "c3", "e1", "e5"]
    assert names(removals(b, "o")) == ["b3", "c2", "c4", "d3"]
    assert names(removals(Board.start(5, a1="o"), "x")) == ["b3", "c2", "c4", "d3"]


def test_opening_any_widens_the_first_removal():
    m = Match(Board.start(6), rules=Rules(opening="any"))
    assert len(m.legal_moves()) == 18
    m.push("b2")
    assert names(m.legal_moves()) == ["a2", "b1", "b3", "c2"]
    with pytest.raises(OpeningError, match="adjacent to the hole at b2"):
        m.push("f1")


def test_first_player_setting():
    m = Match(Board.start(6), first=WHITE)
    assert m.turn is WHITE
    assert names(m.legal_moves()) == ["a6", "c4", "d3", "f1"]
    m.push("c4")
    assert m.turn is BLACK and names(m.legal_moves()) == ["b4", "c3", "c5", "d4"]
    m.push("c3")
    assert m.turn is WHITE  # the first player captures first
    assert all(m.board[mv.source] == "o" for mv in m.legal_moves())


def test_portuguese_setting_white_captures_first():
    after = Board.start(8).play_removal("d4").play_removal("e4")
    m = Match(after, first="o", opening=False)
    assert m.turn is WHITE and not m.in_opening
    assert m.legal_moves() == after.legal_moves("o")


@pytest.mark.parametrize("moves, bad, match", [
    ([], "b2", r"Black must remove one of its own stones from the centre \(c3, c4, d3, d4\) "
               r"or a corner \(a1, a6, f1, f6\)"),
    ([], "c4", "Black must remove one of its own stones"),      # a White stone
    ([], "a3-c3", "the opening needs a removal by Black"),
    (["c3"], "d4", "White must remove one of its own stones"),
    (["c3"], "e4", "adjacent to the hole at c3"),
    (["c3"], "c5-c3", "the opening needs a removal by White"),
])
def test_opening_errors_leave_the_match_unchanged(moves, bad, match):
    m = Match(Board.start(6))
    for mv in moves:
        m.push(mv)
    before = snapshot(m)
    with pytest.raises(OpeningError, match=match) as info:
        m.push(bad)
    assert str(info.value).startswith(f"illegal move {bad!r}: ")
    assert str(info.value).endswith("\n" + m.board.diagram())
    legal = ", ".join(str(mv) for mv in m.legal_moves())
    assert f"\nlegal removals for {m.turn.long_name} (to move): {legal}\n" in str(info.value)
    assert isinstance(info.value, IllegalMoveError) and isinstance(info.value, ValueError)
    assert snapshot(m) == before


def test_opening_on_a_board_with_holes():
    b = Board("""
        ######
        #....#
        #....#
        ######
    """).filled()
    # the central 2x2 cells exist, the grid corners do not
    assert names(removals(b, "x")) == [b.square_name(rc) for rc in sorted(
        [rc for rc in central_cells(4, 6) if b[rc] == "x"], key=lambda rc: (rc[1], -rc[0]))]
    assert len(removals(b, "x")) == 2


# --------------------------------------------------------------------------
# captures, push / pop, the end
# --------------------------------------------------------------------------


def test_push_pop_and_turns():
    m = Match(Board.start(6))
    m.push("c3")
    m.push(Move.parse("c4", rows=6))
    m.push("a3-c3")
    assert m.turn is WHITE and m.ply == 3
    assert [str(x) for x in m.moves] == ["c3", "c4", "a3-c3"]
    assert m.board == m.boards[-1] and m.boards[0] == Board.start(6)
    assert m.pop() == Move.parse("a3-c3", rows=6)
    assert m.turn is BLACK and m.board == Board.start(6).play_removal("c3").play_removal("c4")
    m.pop()
    m.pop()
    assert m.in_opening and m.board == m.start
    with pytest.raises(IndexError):
        m.pop()


def test_capture_errors_leave_the_match_unchanged():
    m = Match.from_moves(["c3", "c4"], Board.start(6))
    before = snapshot(m)
    with pytest.raises(IllegalMoveError, match="removals are allowed only in the opening"):
        m.push("a1")
    with pytest.raises(IllegalMoveError, match="a4 holds a White stone but it is Black's move"):
        m.push("a4-c4")
    with pytest.raises(IllegalMoveError, match="c1 is not an empty cell") as info:
        m.push("a1-e1")
    legal = ", ".join(str(mv) for mv in m.legal_moves())
    assert f"\nlegal moves for Black (to move): {legal}\n" in str(info.value)
    assert str(info.value).endswith("\n" + m.board.diagram())
    with pytest.raises(InvalidMoveError):
        m.push("a1-b2")
    with pytest.raises(IllegalMoveError, match="written for a board of 8 rows"):
        m.push(Move.parse("a3-c3", rows=8))
    with pytest.raises(konane.errors.MoveTypeError) as info:
        m.push(42)
    assert raised_in(info) == "push"
    assert snapshot(m) == before


def test_single_jump_match():
    b = Board("xo.o.")
    m = Match(b, rules=SINGLE_JUMP, opening=False)
    assert names(m.legal_moves()) == ["a1-c1"]
    with pytest.raises(IllegalMoveError, match="multi-jumps are not allowed"):
        m.push("a1-e1")
    m.push("a1-c1")
    assert m.turn is WHITE and not m.is_over
    m.push("d1-b1")
    assert m.is_over and m.winner is WHITE


def test_winner_is_the_last_mover():
    m = Match(Board("xo.o."), opening=False)
    assert m.winner is None
    m.push("a1-e1")
    assert m.is_over and m.winner is BLACK and m.turn is WHITE


def test_winner_without_any_move():
    m = Match(Board("x.o"), opening=False, first="o")
    assert m.is_over and m.winner is BLACK
    stuck = Match(Board("o.o/.o./o.o"))  # no Black stone in the centre or a corner
    assert stuck.legal_moves() == [] and stuck.is_over and stuck.winner is WHITE


def play_random_game(m, rng, max_plies=500):
    while not m.is_over and m.ply < max_plies:
        m.push(rng.choice(m.legal_moves()))
    return m


@pytest.mark.parametrize("seed", range(5))
def test_random_games_terminate_and_alternate(seed):
    rng = random.Random(seed)
    m = play_random_game(Match(Board.start(6)), rng)
    assert m.is_over
    assert m.winner is m.turn.opponent
    for i, (before, mv, after) in enumerate(zip(m.boards, m.moves, m.boards[1:], strict=False)):
        mover = BLACK if i % 2 == 0 else WHITE
        if i < 2:
            assert mv.is_removal and before[mv.source] == mover.value
        else:
            assert before.play(mv, player=mover) == after
    while m.ply:
        m.pop()
    assert m.board == m.start


def test_copy_is_independent():
    m = Match.from_moves(["c3", "c4"], Board.start(6))
    c = m.copy()
    c.push("a3-c3")
    assert m.ply == 2 and c.ply == 3 and c.moves[:2] == m.moves


def test_repr_and_svg():
    m = Match.from_moves(["c3", "c4", "a3-c3"], Board.start(6))
    assert repr(m) == "<konane.Match 6x6 first='x' ply=3 turn='o'>"
    svg = m._repr_svg_()
    assert svg.startswith("<svg") and "arrow" in svg
    assert ">ply 3: White (o) to move</text>" in svg     # whose turn, the ply


def test_status_and_picture_say_who_won():
    m = Match(Board("xo.o."), opening=False)
    assert m.status() == "ply 0: Black (x) to move"
    m.push("a1-e1")
    assert m.is_over and m.status() == "ply 1: game over, Black (x) wins: White cannot move"
    assert ">ply 1: game over, Black (x) wins: White cannot move</text>" in m._repr_svg_()
    opening = Match(Board.start(4))
    assert opening.status() == "ply 0: Black (x) to remove a stone"
    opening.push("a1")
    assert opening.status() == "ply 1: White (o) to remove a stone"


# --------------------------------------------------------------------------
# save / load
# --------------------------------------------------------------------------


def test_dumps_format():
    m = Match.from_moves(["c3", "c4", "a3-c3"], Board.start(6))
    text = m.dumps()
    lines = text.split("\n")
    assert lines[:4] == ["# konane-cgt match", "# first: x",
                         "# rules: multi_jump=true opening=standard", "# opening: true"]
    assert lines[4:10] == str(Board.start(6)).split("\n")
    assert lines[10:] == ["", "c3", "c4", "a3-c3", ""]


@pytest.mark.parametrize("kwargs", [
    {},
    {"first": WHITE},
    {"rules": SINGLE_JUMP},
    {"rules": Rules(opening="any")},
])
def test_save_load_round_trip(tmp_path, kwargs):
    rng = random.Random(7)
    m = play_random_game(Match(Board.start(6), **kwargs), rng, max_plies=12)
    path = tmp_path / "game.txt"
    m.save(path)
    loaded = Match.load(path)
    assert loaded.moves == m.moves and loaded.board == m.board and loaded.start == m.start
    assert (loaded.first, loaded.rules, loaded.opening) == (m.first, m.rules, m.opening)
    assert loaded.dumps() == m.dumps()


def test_round_trip_board_with_holes_and_no_opening():
    b = Board("""
        #xox#
        oxo.x
        #o.x#
    """)
    m = Match(b, opening=False, first=BLACK)
    m.push(m.legal_moves()[0])
    again = Match.loads(m.dumps())
    assert again.start == b and again.moves == m.moves and not again.opening
    assert "#xox#" in m.dumps()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (5, 5), (6, 6), (4, 7)]),
       st.sampled_from("xo"))
def test_round_trip_property(seed, shape, first):
    m = play_random_game(Match(Board.start(*shape), first=first), random.Random(seed))
    again = Match.loads(m.dumps())
    assert again.moves == m.moves and again.board == m.board and again.turn == m.turn
    assert again.winner == m.winner


def test_loads_tolerates_comments_and_blank_lines():
    text = """# konane-cgt match
# first: x
# event: test game
oxox
xoxo
oxox
xoxo

# the opening
b2

c2
"""
    m = Match.loads(text)
    assert [str(x) for x in m.moves] == ["b2", "c2"]


@pytest.mark.parametrize("text, error, match", [
    ("# first: x\n", BoardParseError, "no starting board"),
    ("# first: red\nxo.\n\n", BoardParseError, "invalid first player 'red'"),
    ("# opening: maybe\nxo.\n\n", BoardParseError, "invalid opening header"),
    ("# rules: multi_jump=perhaps\nxo.\n\n", BoardParseError, "invalid multi_jump value"),
    ("# rules: colour=x\nxo.\n\n", BoardParseError, "unknown rules key 'colour'"),
    ("xq.\n\n", BoardParseError, "unknown character 'q'"),
    ("# opening: false\nxo.\n\nc1-a1\n", IllegalMoveError, "line 4: illegal move 'c1-a1'"),
    ("# opening: false\nxo.\n\nc1-zz\n", InvalidMoveError, "line 4: invalid move"),
    ("oxox\nxoxo\noxox\nxoxo\n\nb3\n", OpeningError, "line 6: illegal move 'b3'"),
])
def test_loads_errors(text, error, match):
    with pytest.raises(error, match=match):
        Match.loads(text)


def test_match_argument_errors():
    with pytest.raises(konane.errors.RulesTypeError) as info:
        konane.Match(rules="single")
    assert raised_in(info) == "__init__"
    with pytest.raises(konane.errors.PlayerError):
        konane.Match(first="red")
    with pytest.raises(konane.errors.BoardTypeError):
        konane.Match(42)
    with pytest.raises(konane.errors.KonaneTypeError, match="opening"):
        konane.Match(opening="yes")
    assert konane.Match("xo.", opening=False).legal_moves()[0].source_name == "a1"   # a picture
    with pytest.raises(konane.BoardParseError, match="rules header"):
        konane.Match.loads("# rules: multi_jump=maybe\nxo.\n")
    with pytest.raises(konane.errors.RulesTypeError) as info:
        removals(Board.start(4), "x", rules="any")
    assert raised_in(info) == "removals"
