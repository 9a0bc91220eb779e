"""Tests of konane.board: pictures, bit layout, squares, symmetries, SVG."""

import copy
import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
import konane
import konane.svg
from konane import BLACK, WHITE, Board, BoardParseError, InvalidMoveError

from .conftest import raised_in

# --------------------------------------------------------------------------
# strategies
# --------------------------------------------------------------------------


@st.composite
def pictures(draw, max_rows=6, max_cols=6, alphabet="xxoo..#"):
    """A '/' picture of random shape, holes ('#') included."""
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    chars = draw(st.lists(st.sampled_from(alphabet), min_size=rows * cols,
                          max_size=rows * cols))
    return "/".join("".join(chars[r * cols:(r + 1) * cols]) for r in range(rows))


boards = pictures().map(Board)


# --------------------------------------------------------------------------
# pictures in and out
# --------------------------------------------------------------------------


def test_slash_picture_and_bit_layout():
    b = Board("x.o./.ox.")
    assert (b.rows, b.cols, b.stride) == (2, 4, 5)
    # (r, c) is bit r * stride + c, r = 0 the top row
    assert b.black_mask == (1 << 0) | (1 << (1 * 5 + 2))
    assert b.white_mask == (1 << 2) | (1 << (1 * 5 + 1))
    assert b.cells_mask == 0b1111 | (0b1111 << 5)
    assert b.empty_mask == b.cells_mask & ~(b.black_mask | b.white_mask)
    assert b.index(1, 2) == 7 and b.rc(7) == (1, 2)


def test_multiline_picture_indentation_and_blank_lines():
    b = Board("""

        x.o
        .ox
         o.

    """)
    assert b == Board("x.o/.ox/ o.") == Board("x.o/.ox/#o.")
    assert str(b) == "x.o\n.ox\n#o."


def test_space_and_hash_are_off_board():
    assert Board("x o") == Board("x#o")
    assert Board("x o").cells_mask == 0b101
    assert Board("#").cells_mask == 0
    assert Board("#").rows == 1


def test_multiline_trailing_spaces_matter():
    with pytest.raises(BoardParseError, match="ragged"):
        Board("x.o\n.o")  # second line shorter: pad with '#'
    assert Board("x.o\n.o#") == Board("x.o/.o#")
    assert Board("x.o\n.o ") == Board("x.o/.o#")


def test_one_line_without_slash_is_one_row():
    b = Board("..ox")
    assert (b.rows, b.cols) == (1, 4)
    assert str(b) == "..ox"


@pytest.mark.parametrize("picture", [
    "x.o./.ox.", "x", "#x#/o.o/#x#", "....oxxoox..oxxxxo....", "##/#x", "x.#/##o/...",
])
def test_str_repr_round_trip(picture):
    b = Board(picture)
    assert Board(str(b)) == b
    assert eval(repr(b), {"konane": konane}) == b
    assert repr(b) == f"konane.Board({picture!r})"


@pytest.mark.parametrize("rows, cols", [(63, 62), (64, 62), (3, 1400)])
def test_pictures_of_boards_near_the_digit_limit_read_back(rows, cols):
    # Board.picture reads the masks as decimal digits up to 4,000 cells with the guard column
    # (63 x 63 = 3,969), and cell by cell beyond (64 x 63 = 4,032; 3 x 1,401 = 4,203): both read back
    import random
    rng = random.Random(rows * cols)
    picture = "/".join("".join(rng.choice("xo.#") for _ in range(cols)) for _ in range(rows))
    b = Board(picture)
    assert b.picture == picture and Board(b.picture) == b


def test_trailing_off_board_cells_survive_str():
    b = Board("x.##/o...")
    assert str(b) == "x.##\no..."
    assert Board(str(b)).cols == 4


@given(pictures(max_rows=8, max_cols=8))
def test_round_trip_property(pic):
    b = Board(pic)
    assert Board(str(b)) == b
    assert eval(repr(b), {"konane": konane}) == b
    assert str(b) == pic.replace("/", "\n")
    assert Board.from_masks(*b.key) == b


@pytest.mark.parametrize("picture, match", [
    ("x.q", r"unknown character 'q' at row 0, column 2 in board picture 'x.q'"),
    ("x.o/.X.", r"unknown character 'X'"),
    ("x\t.\n...", r"unknown character '\\t'"),
    ("x.o/.ox.", r"ragged board picture 'x.o/.ox.': row 1 has 4 cells but row 0 has 3"),
    ("x.o\n.o", r"ragged board picture 'x.o\\n.o': line 1 has 2 cells"),
    ("x.o//...", r"row 1 is empty"),
    ("/x/o", r"row 0 is empty; every row needs at least one cell"),
    ("x./\n...", r"unknown character '/'"),
    ("", r"empty board picture ''"),
    ("   ", r"empty board picture '   '"),
    ("\n\n", r"empty board picture"),
])
def test_bad_pictures(picture, match):
    with pytest.raises(BoardParseError, match=match) as info:
        Board(picture)
    assert raised_in(info) == "__init__"


def test_board_errors_are_value_and_type_errors():
    with pytest.raises(ValueError):
        Board("?")
    with pytest.raises(konane.errors.BoardTypeError, match=r"42 \(int\)") as info:
        Board(42)
    assert isinstance(info.value, TypeError) and raised_in(info) == "__init__"


def test_from_masks_validates():
    assert Board.from_masks(1, 3, 0b111, 0b001, 0b100) == Board("x.o")
    with pytest.raises(BoardParseError, match="guard column"):
        Board.from_masks(1, 3, 0b1111, 0, 0)  # bit 3 is the guard column
    with pytest.raises(BoardParseError, match="overlap"):
        Board.from_masks(1, 3, 0b111, 0b1, 0b1)
    with pytest.raises(BoardParseError, match="outside cells"):
        Board.from_masks(1, 3, 0b011, 0b100, 0)
    with pytest.raises(BoardParseError, match="rows must be"):
        Board.from_masks(0, 3, 0, 0, 0)
    with pytest.raises(BoardParseError, match="black must be"):
        Board.from_masks(1, 3, 0, -1, 0)
    with pytest.raises(konane.errors.BoardTypeError, match="cols must be an int"):
        Board.from_masks(1, 3.0, 0, 0, 0)
    # _make does no validation but builds an equal board
    assert Board._make(1, 3, 0b111, 0b001, 0b100) == Board("x.o")


def test_copy_constructor():
    b = Board("x.o")
    assert Board(b) == b


# --------------------------------------------------------------------------
# value semantics
# --------------------------------------------------------------------------


def test_equality_and_hash():
    a, b = Board("x.o/.ox."[:3] + "./.ox."), Board("x.o./.ox.")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Board("x.o./.o.x")}) == 2
    assert Board("x.") != Board("x./##")  # another grid, same stones
    assert Board("x.") != "x."
    assert (Board("x.") == "x.") is False


def test_immutable():
    b = Board("x.o")
    with pytest.raises(AttributeError):
        b.rows = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        b.foo = 1  # type: ignore[attr-defined]
    assert copy.copy(b) is b and copy.deepcopy(b) is b


def test_pickle():
    b = Board("x.o/#ox")
    assert pickle.loads(pickle.dumps(b)) == b


def test_not_iterable():
    with pytest.raises(TypeError):
        iter(Board("x.o"))


def test_getitem():
    b = Board("x.o./#ox.")
    assert [b[s] for s in ("a2", "b2", "c2", "a1", "b1", "c1")] == ["x", ".", "o", "#", "o", "x"]
    assert b[0, 2] == "o"
    with pytest.raises(InvalidMoveError):
        b["e1"]
    with pytest.raises(InvalidMoveError):
        b[2, 0]


# --------------------------------------------------------------------------
# start positions
# --------------------------------------------------------------------------


def independent_start(rows, cols, a1="x"):
    """Checkerboard picture written directly: a1 is file 1, rank 1."""
    other = "o" if a1 == "x" else "x"
    lines = []
    for r in range(rows):
        rank = rows - r
        lines.append("".join(a1 if (file + rank) % 2 == 0 else other
                             for file in range(1, cols + 1)))
    return "/".join(lines)


@pytest.mark.parametrize("rows, cols", [(6, 6), (8, 8), (14, 14), (9, 13), (14, 17), (13, 20),
                                        (1, 1), (1, 5), (3, 2)])
@pytest.mark.parametrize("a1", ["x", "o"])
def test_start(rows, cols, a1):
    b = Board.start(rows, cols, a1=a1)
    assert b == Board(independent_start(rows, cols, a1))
    assert b["a1"] == a1
    assert b.stone_count("x") + b.stone_count("o") == b.stone_count() == rows * cols
    assert abs(b.stone_count("x") - b.stone_count("o")) <= 1
    assert b.move_count("x") == b.move_count("o") == 0


def test_start_defaults():
    assert Board.start() == Board.start(8, 8)
    b = Board.start(8)
    assert b["a1"] == "x" and b["h8"] == "x" and b["a8"] == "o" and b["h1"] == "o"
    assert b.stone_count(BLACK) == b.stone_count(WHITE) == 32
    with pytest.raises(BoardParseError):
        Board.start(0, 3)
    with pytest.raises(konane.errors.BoardTypeError) as info:
        Board.start("4")
    assert raised_in(info) == "start"
    with pytest.raises(konane.errors.PlayerError) as info:
        Board.start(4, a1="red")
    assert raised_in(info) == "start"


def test_filled_irregular():
    shape = "#...#/...../#...#"
    b = Board(shape).filled()
    expected = "".join(s if s == "#" else f for s, f in zip(shape, independent_start(3, 5), strict=True))
    assert b == Board(expected) == Board("#oxo#/oxoxo/#oxo#")
    assert b["c1"] == "x"  # c1 has the parity of a1 (a1 itself is off the board)
    assert b.stone_count("x") + b.stone_count("o") == b.stone_count() == 11
    assert b.filled(a1="o") == b.color_swapped()


# --------------------------------------------------------------------------
# square names
# --------------------------------------------------------------------------


def test_square_names_examples():
    b = Board.start(8)
    assert b.square("c3") == (5, 2)
    assert b.square("a1") == (7, 0) and b.square("h8") == (0, 7)
    assert b.square(" C3 ") == (5, 2)
    assert b.square_name(5, 2) == "c3" and b.square_name((5, 2)) == "c3"
    assert b.square_name(b.index(5, 2)) == "c3" and b.square_name(5 * 9 + 2) == "c3"
    assert konane.square_name(5, 2, 8) == "c3"
    assert konane.parse_square("c3", 8) == (5, 2)
    # ranks depend on the number of rows
    assert Board.start(6).square("c3") == (3, 2)


def test_every_square_round_trips_beyond_z():
    b = Board.start(30, 60)
    for r in range(b.rows):
        for c in range(b.cols):
            name = b.square_name(r, c)
            assert b.square(name) == (r, c)
    assert b.square_name(29, 26) == "aa1" and b.square_name(0, 59) == "bh30"


@given(st.integers(1, 60), st.integers(1, 800), st.data())
def test_square_round_trip_property(rows, cols, data):
    r = data.draw(st.integers(0, rows - 1))
    c = data.draw(st.integers(0, cols - 1))
    name = konane.square_name(r, c, rows)
    assert konane.parse_square(name, rows) == (r, c)
    b = Board._make(rows, cols, 0, 0, 0)
    assert b.square(name) == (r, c)
    assert b.square_name(*b.square(name)) == name


@pytest.mark.parametrize("name, match", [
    ("c0", "invalid square 'c0'"),
    ("c", "invalid square 'c'"),
    ("3c", "invalid square '3c'"),
    ("", "invalid square ''"),
    ("c-1", "invalid square"),
    ("c9", "rank 9 is beyond the 8 ranks"),
    ("i1", "file 'i' is beyond the 8 files"),
    ("é1", "invalid square"),
])
def test_bad_squares(name, match):
    with pytest.raises(InvalidMoveError, match=match):
        Board.start(8).square(name)


def test_square_name_out_of_grid():
    with pytest.raises(ValueError):
        Board.start(4).square_name(4 * 5)  # index beyond the last row
    with pytest.raises(ValueError):
        Board.start(4).square_name(4)  # index of the guard column
    with pytest.raises(ValueError):
        Board.start(4).square_name(4, 0)
    with pytest.raises(ValueError):
        Board.start(4).square_name(0, 4)


# --------------------------------------------------------------------------
# colours
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name, color", [
    ("x", BLACK), ("o", WHITE), ("X", BLACK), ("O", WHITE), ("left", BLACK), ("Right", WHITE),
    ("LEFT", BLACK), ("black", BLACK), ("White", WHITE), (BLACK, BLACK), (WHITE, WHITE),
])
def test_as_color(name, color):
    assert konane.as_color(name) is color


@pytest.mark.parametrize("bad", ["red", "", "xo"])
def test_as_color_errors(bad):
    with pytest.raises(konane.errors.PlayerError, match=repr(bad)) as info:
        konane.as_color(bad)
    assert raised_in(info) == "as_color" and isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [None, 1, 2.5, ("x",)])
def test_as_color_type_errors(bad):
    with pytest.raises(konane.errors.PlayerTypeError, match=re.escape(repr(bad))) as info:
        konane.as_color(bad)
    assert raised_in(info) == "as_color" and isinstance(info.value, TypeError)


def test_color_knows_its_cgt_player():
    assert BLACK.player is cgt.Player.LEFT and WHITE.player is cgt.Player.RIGHT
    assert konane.as_color(cgt.Player.LEFT) is BLACK and konane.as_color(cgt.Player.RIGHT) is WHITE


def test_color_enum():
    assert BLACK == "x" and WHITE == "o"
    assert BLACK.opponent is WHITE and WHITE.opponent is BLACK
    assert str(BLACK) == "x" and repr(WHITE) == "konane.WHITE"
    assert BLACK.is_left and not WHITE.is_left
    with pytest.raises(konane.errors.PlayerError) as info:
        Board("x.o").options("red")
    assert raised_in(info) == "options"


def test_cgt_style_player_objects_accepted():
    class Player:
        def __init__(self, name):
            self.name = name

    assert konane.as_color(Player("LEFT")) is BLACK
    assert konane.as_color(Player("RIGHT")) is WHITE


# --------------------------------------------------------------------------
# cheap helpers
# --------------------------------------------------------------------------


def test_accessors_masks_sets_and_counts():
    # one rule (python-chess's): X_mask an int, X a frozenset of squares, X_count an int;
    # expected values read off the picture by hand
    b = Board("x.o./#ox.")
    assert b.stone_count("x") == 2 and b.stone_count("o") == 2 and b.cell_count == 7
    assert b.stones("o") == frozenset({(0, 2), (1, 1)}) and b.stones("x") == frozenset({(0, 0), (1, 2)})
    assert sorted(b.cells) == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3)]
    assert b.empty == frozenset({(0, 1), (0, 3), (1, 3)})
    assert b.black_mask == b.stones_mask("x") == 1 << 0 | 1 << 7 and b.white_mask == 1 << 2 | 1 << 6
    assert b.cells_mask == b.black_mask | b.white_mask | b.empty_mask and b.empty_mask == 1 << 1 | 1 << 3 | 1 << 8
    assert isinstance(b.stones("x"), frozenset) and isinstance(b.cells, frozenset)
    assert b.picture == "x.o./#ox." and Board(b.picture) == b
    assert not b.is_empty_of("x")
    assert Board("x..").is_empty_of(WHITE)
    assert b.stones_mask("x") == b.black_mask and b.stones_mask("right") == b.white_mask


@given(boards)
def test_color_swap_property(b):
    s = b.color_swapped()
    assert s.color_swapped() == b
    assert s.stone_count("x") == b.stone_count("o") and s.black_mask == b.white_mask
    assert str(s) == str(b).translate(str.maketrans("xo", "ox"))


def rot90(rows):
    """Independent clockwise rotation of a list of row strings."""
    n = len(rows)
    return ["".join(rows[n - 1 - r][c] for r in range(n)) for c in range(len(rows[0]))]


def independent_transform(picture, k):
    rows = picture.split("/")
    if k >= 4:
        rows = [row[::-1] for row in rows]
    for _ in range(k % 4):
        rows = rot90(rows)
    return "/".join(rows)


@settings(deadline=None)
@given(pictures(max_rows=7, max_cols=9), st.integers(0, 7))
def test_transform_matches_independent_picture_transform(pic, k):
    assert Board(pic).transform(k) == Board(independent_transform(pic, k))


@settings(deadline=None)
@given(boards)
def test_transform_group(b):
    images = b.transforms()
    assert images[0] is b or images[0] == b
    # rotations compose, reflections are involutions
    assert b.transform(1).transform(1) == b.transform(2)
    assert b.transform(1).transform(3) == b
    for k in range(4, 8):
        assert b.transform(k).transform(k) == b
    for k in (1, 3, 5, 7):
        assert (b.transform(k).rows, b.transform(k).cols) == (b.cols, b.rows)
    assert all(t.stone_count("x") == b.stone_count("x") for t in images)


def test_transform_errors():
    with pytest.raises(konane.errors.KonaneValueError):
        Board("x").transform(8)
    with pytest.raises(konane.errors.KonaneTypeError):
        Board("x").transform("1")


def test_crop():
    assert Board("####/#xo#/#.##").crop() == Board("xo/.#", origin="b1")
    assert Board("####/#xo#/#.##").crop().with_origin("a1") == Board("xo/.#")
    assert Board("#/#").crop() == Board("#")  # no cells: the 1x1 grid without cells
    b = Board("xo/.#")
    assert b.crop() is b
    assert Board("....").crop() == Board("....")


# The tour's board (notebooks/01-tour.ipynb): its first region holds the stones of c7, b7,
# a6 and d6, and Black's one move there is c7-a7 (read off the picture: rank 7 is the top row).
TOUR = """
    .ox..........
    o..x.........
    .............
    .............
    .............
    ......ox.xxo.
    .............
"""


def test_a_cropped_region_keeps_the_names_of_its_squares():
    board = Board(TOUR)
    region = next(konane.regions(board))
    crop = region.crop()
    assert (crop.rows, crop.cols, crop.origin) == (4, 7, "a4")       # ranks 4-7, files a-g
    names = ["c7-a7"]
    assert [str(m) for m in board.legal_moves("x") if m.source_name == "c7"] == names
    assert [str(m) for m in region.legal_moves("x")] == names
    assert [str(m) for m in crop.legal_moves("x")] == names
    lines = crop.diagram().splitlines()
    assert [line.split()[0] for line in lines[:-1]] == ["7", "6", "5", "4"]
    assert lines[-1].split() == list("abcdefg")
    assert crop["c7"] == "x" and crop["b7"] == "o" and crop["d6"] == "x"
    assert crop.square("c7") == (0, 2) and crop.square_name(0, 2) == "c7"
    # moves go between the views by name: a move of the board plays on the crop, and back
    move = board.parse_move("c7-a7")
    assert crop.play(move) == region.play(move).crop() == crop.play("c7-a7")
    assert crop.play(move)["a7"] == "x"
    assert board.play(crop.legal_moves("x")[0]) == board.play("c7-a7")
    # the pictures: the SVG labels the files and ranks by the board's names
    pic = konane.svg.board(crop)
    assert ">7<" in pic and ">4<" in pic and ">1<" not in pic and 'class="cell c7"' in pic
    # the value does not depend on the names
    assert konane.value(crop) == konane.value(region) == cgt.pm(1)


def test_the_origin_is_part_of_the_value_of_a_board():
    crop = Board("###/#xo/###").crop()
    plain = Board("xo")
    assert crop == Board("xo", origin="b2") and crop != plain
    assert hash(crop) == hash(plain) and crop.key == plain.key       # the position is the same
    assert eval(repr(crop), {"konane": konane}) == crop
    assert pickle.loads(pickle.dumps(crop)) == crop
    assert Board(crop) == crop and Board(crop, origin="a1") == plain
    assert crop.with_origin("a1") == plain and crop.with_origin("B2") is crop
    wide = Board("####/#xo./####").crop()
    assert wide.options("x") == [Board("..x", origin="b2")] == [wide.play("b2-d2")]
    assert [str(m) for m in wide.removals("x")] == ["b2"]                  # the opening's moves too
    assert crop.color_swapped().origin == crop.filled().origin == "b2"
    assert crop.transform(1).origin == "a1" and crop.normalized()[0].origin == "a1"
    assert crop.crop() is crop
    m = konane.Match.loads(konane.Match(crop, opening=False).dumps())
    assert m.start == crop


@pytest.mark.parametrize("origin, error", [
    (3, konane.errors.BoardTypeError),
    ("b", BoardParseError),
    ("b0", BoardParseError),
])
def test_bad_origin(origin, error):
    with pytest.raises(error, match="origin"):
        Board("xo", origin=origin)


def test_squares_outside_a_cropped_grid():
    crop = Board("###/#xo/###").crop()                  # b2 and c2
    for name, why in (("a2", "left of the grid"), ("b1", "outside the ranks 2 to 2"),
                      ("b3", "outside the ranks 2 to 2"), ("d2", "beyond the 2 files")):
        with pytest.raises(InvalidMoveError, match=why):
            crop.square(name)


@settings(deadline=None)
@given(boards)
def test_crop_properties(b):
    c = b.crop()
    assert c.crop() == c
    assert c.stone_count("x") == b.stone_count("x") and c.stone_count("o") == b.stone_count("o")
    assert c.cells_mask.bit_count() == b.cells_mask.bit_count()
    assert len(c.options("x")) == len(b.options("x"))
    assert len(c.options("o")) == len(b.options("o"))


@settings(deadline=None)
@given(boards, st.integers(0, 7))
def test_normalized_is_symmetry_and_translation_invariant(b, k):
    padded = Board("\n".join("#" + row + "#" for row in ["#" * b.cols] + str(b).split("\n")) + "\n")
    assert padded.normalized() == b.normalized() == b.transform(k).normalized()
    norm, _ = b.normalized()
    swapped_norm, _ = b.color_swapped().normalized()
    assert swapped_norm == norm


def test_diagram():
    assert Board("x.o./.ox.").diagram() == "2 x . o .\n1 . o x .\n  a b c d"
    wide = Board.start(1, 28).diagram().splitlines()
    assert wide[-1].split()[-2:] == ["aa", "ab"]
    tall = Board.start(10, 1).diagram().splitlines()
    assert tall[0].startswith("10 ") and tall[-2].startswith(" 1 ")


def test_errors_are_raised_from_the_method_called():
    b = Board("x.o./#ox.")
    for name, call, cls in [
        ("stone_count", lambda: b.stone_count("red"), konane.errors.PlayerError),
        ("stones", lambda: b.stones(3), konane.errors.PlayerTypeError),
        ("is_empty_of", lambda: b.is_empty_of("red"), konane.errors.PlayerError),
        ("stones_mask", lambda: b.stones_mask(None), konane.errors.PlayerTypeError),
        ("__getitem__", lambda: b["z9"], InvalidMoveError),
        ("__getitem__", lambda: b[1.5], konane.errors.MoveTypeError),
        ("square", lambda: b.square(3), konane.errors.MoveTypeError),
        ("square_name", lambda: b.square_name((5, 0)), InvalidMoveError),
        ("play_removal", lambda: b.play_removal("a9"), InvalidMoveError),
        ("parse_move", lambda: b.parse_move("a1:c1"), InvalidMoveError),
        ("filled", lambda: b.filled(a1="red"), konane.errors.PlayerError),
        ("from_masks", lambda: Board.from_masks(1, 1, "1", 0, 0), konane.errors.BoardTypeError),
        ("as_board", lambda: konane.as_board(None), konane.errors.BoardTypeError),
    ]:
        with pytest.raises(cls) as info:
            call()
        assert raised_in(info) == name, name


def test_diagram_marks_the_last_move():
    # a capture: the cell left and the cell reached in brackets (c1 jumped b1 to a1)
    b = Board("x.o./.ox.").play("c1-a1")
    assert b.diagram(lastmove="c1-a1").splitlines() == ["2 x . o .", "1[x].[.].", "  a b c d"]
    # a removal: its one cell; the last file closes its bracket after the cell
    r = Board.start(4).play_removal("d4")
    assert r.diagram(lastmove="d4").splitlines()[0] == "4 o x o[.]"
    assert Board("xo.").diagram(lastmove=None) == Board("xo.").diagram()
    with pytest.raises(InvalidMoveError):
        b.diagram(lastmove="z9")
