"""konane.svg.boards_grid and Census.show: several boards in one captioned grid."""

from __future__ import annotations

import re

import pytest

import cgt
import konane
import konane.svg
from konane.errors import BoardTypeError, CensusError, CensusTypeError, KonaneTypeError, KonaneValueError

BOARDS = [konane.Board("xo."), konane.Board("x.o"), konane.Board(".ox"), konane.Board("xo/ox")]


def _nested(pic: str) -> list[tuple[int, int, int, int]]:
    """(x, y, width, height) of each board in the grid."""
    return [tuple(map(int, m)) for m in  # type: ignore[misc]
            re.findall(r'<svg class="grid-board" x="(\d+)" y="(\d+)" [^>]*?width="(\d+)" height="(\d+)"', pic)]


def test_grid_layout_and_captions() -> None:
    pic = konane.svg.boards_grid(BOARDS, ["first", None, "a<b", "last"], columns=3, gap=10)
    assert isinstance(pic, konane.svg.SvgWrapper) and pic._repr_svg_() is pic and pic._repr_html_() is pic
    assert pic.startswith("<svg") and pic.endswith("</svg>")
    boxes = _nested(pic)
    assert len(boxes) == 4
    (x0, y0, w0, h0), (x1, y1, _, _), (x2, y2, _, _), (x3, y3, _, _) = boxes
    assert (x0, y0) == (0, 0) and y1 == y2 == 0 and x0 < x1 < x2
    assert x3 == 0 and y3 >= h0 + 10
    width, height = map(int, re.match(r'<svg [^>]*?width="(\d+)" height="(\d+)"', pic).groups())  # type: ignore[union-attr]
    assert all(x + w <= width and y + h <= height for x, y, w, h in boxes)
    assert ">first<" in pic and ">a&lt;b<" in pic and ">last<" in pic
    assert pic.count('class="caption"') == 3


def test_grid_without_captions_and_empty() -> None:
    pic = konane.svg.boards_grid(BOARDS[:2])
    assert len(_nested(pic)) == 2 and "caption" not in pic
    empty = konane.svg.boards_grid([])
    assert 'width="0" height="0"' in empty and "grid-board" not in empty


def test_grid_passes_options_to_board() -> None:
    region = konane.Board("##../##xo/####")
    pic = konane.svg.boards_grid([region, region], crop=True, coordinates=True, size=20)
    assert ">c<" in pic and ">a<" not in pic
    assert "<text" not in konane.svg.boards_grid([region], coordinates=False)


@pytest.mark.parametrize("boards", [BOARDS[0], "xo.", 3])
def test_grid_bad_boards(boards: object) -> None:
    with pytest.raises(KonaneTypeError, match="boards must be an iterable of boards"):
        konane.svg.boards_grid(boards)  # type: ignore[arg-type]
    with pytest.raises(BoardTypeError):
        konane.svg.boards_grid([BOARDS[0], "xo."])  # type: ignore[list-item]


def test_grid_bad_options() -> None:
    with pytest.raises(KonaneValueError, match="got 1 captions for 4 boards"):
        konane.svg.boards_grid(BOARDS, ["x"])
    with pytest.raises(KonaneTypeError, match="captions must be None or a sequence of str"):
        konane.svg.boards_grid(BOARDS, "abcd")
    with pytest.raises(KonaneTypeError, match="each caption must be a str or None"):
        konane.svg.boards_grid(BOARDS[:1], [1])  # type: ignore[list-item]
    with pytest.raises(KonaneValueError, match="columns must be positive"):
        konane.svg.boards_grid(BOARDS, columns=0)
    with pytest.raises(KonaneTypeError, match="columns must be an int"):
        konane.svg.boards_grid(BOARDS, columns=2.0)  # type: ignore[arg-type]
    with pytest.raises(KonaneValueError, match="gap must be at least 0"):
        konane.svg.boards_grid(BOARDS, gap=-1)
    with pytest.raises(KonaneValueError, match="size must be positive"):
        konane.svg.boards_grid(BOARDS, size=0)


def test_census_show_captions_values_in_unicode() -> None:
    c = konane.census(3, 4)
    wanted = [cgt.up, cgt.star, cgt.pm(1), cgt.up + cgt.star, cgt.zero]
    codes = [c.first(g) for g in wanted]
    assert None not in codes
    pic = c.show(codes, columns=2)  # type: ignore[arg-type]
    assert isinstance(pic, konane.svg.SvgWrapper)
    assert len(_nested(pic)) == 5
    for text in (">↑<", ">∗<", ">±1<", ">↑∗<", ">0<"):
        assert text in pic
    # the boards are the census' positions
    for code in codes:
        assert str(c.board(code)) in pic  # type: ignore[arg-type]
    assert len({x for x, _, _, _ in _nested(pic)}) == 2


def test_census_show_custom_captions_and_errors() -> None:
    c = konane.census(2, 3)
    pic = c.show(range(3), captions=["#0", "#1", None], columns=3, size=20)
    assert ">#0<" in pic and ">#1<" in pic and pic.count('class="caption"') == 2
    with pytest.raises(CensusTypeError, match="codes must be an iterable"):
        c.show(5)  # type: ignore[arg-type]
    with pytest.raises(CensusTypeError, match="a position code must be an int"):
        c.show(["x.o/..."])  # type: ignore[list-item]
    with pytest.raises(CensusError, match="invalid code 64"):
        c.show([64])
    with pytest.raises(KonaneValueError, match="got 1 captions for 2 boards"):
        c.show([0, 1], captions=["a"])
    with pytest.raises(KonaneValueError, match="columns must be positive"):
        c.show([0], columns=0)
