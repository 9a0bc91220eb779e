"""konane.squares: square names, round trips (every pair of inverse helpers)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import konane
from konane.squares import file_name, parse_file, parse_square, square_coordinates, square_name


def test_file_names():
    assert [file_name(c) for c in range(28)][-3:] == ["z", "aa", "ab"]
    for c in range(2000):
        assert parse_file(file_name(c)) == c
    assert len({file_name(c) for c in range(2000)}) == 2000


@given(st.integers(1, 60), st.integers(0, 800), st.data())
def test_square_name_round_trip(rows, col, data):
    row = data.draw(st.integers(0, rows - 1))
    assert parse_square(square_name(row, col, rows), rows) == (row, col)


def test_errors():
    with pytest.raises(konane.InvalidMoveError, match="rank 9 is beyond"):
        parse_square("a9", 8)
    with pytest.raises(konane.InvalidMoveError, match="expected file letters"):
        parse_square("9a", 8)
    with pytest.raises(konane.errors.MoveTypeError):
        parse_square(3, 8)
    with pytest.raises(konane.errors.MoveTypeError):
        parse_square("a1", "8")
    with pytest.raises(konane.InvalidMoveError):
        square_name(8, 0, 8)
    with pytest.raises(konane.errors.MoveTypeError):
        square_name(0, "a", 8)
    with pytest.raises(konane.InvalidMoveError):
        file_name(-1)
    with pytest.raises(konane.errors.MoveTypeError):
        file_name("a")
    with pytest.raises(konane.InvalidMoveError):
        parse_file("a1")
    with pytest.raises(konane.errors.MoveTypeError):
        parse_file(1)


@given(st.integers(1, 30), st.integers(0, 60), st.integers(0, 40), st.integers(0, 40), st.data())
def test_square_name_round_trip_from_an_origin(rows, col, files, ranks, data):
    row = data.draw(st.integers(0, rows - 1))
    origin = square_name(0, files, ranks + 1)              # the name of (files, ranks) from a1
    name = square_name(row, col, rows, origin=origin)
    assert parse_square(name, rows, origin=origin) == (row, col)
    # the name is the one the cell has on the big board of which this grid is the corner
    assert name == square_name(row, col + files, rows + ranks)
    assert square_coordinates(origin) == (files, ranks)


def test_origin_errors():
    with pytest.raises(konane.InvalidMoveError, match="outside the ranks 6 to 7"):
        parse_square("c5", 2, origin="c6")
    with pytest.raises(konane.InvalidMoveError, match="left of the grid"):
        parse_square("b6", 2, origin="c6")
    with pytest.raises(konane.InvalidMoveError, match="expected file letters"):
        square_name(0, 0, 2, origin="6c")
    with pytest.raises(konane.errors.MoveTypeError):
        square_coordinates(None)
