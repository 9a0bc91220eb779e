"""konane.svg: pictures of boards."""

import xml.etree.ElementTree as ET

import pytest

import konane
import konane.svg
from konane import Board, InvalidMoveError


def test_svg_board():
    b = Board("x.o./#ox.")
    pic = konane.svg.board(b, size=30)
    assert isinstance(pic, str) and isinstance(pic, konane.svg.SvgWrapper)
    assert pic._repr_svg_() is pic and pic._repr_html_() is pic
    root = ET.fromstring(pic)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}rect")) == 7  # one per on-board cell
    stones = [c for c in root.findall(f"{ns}circle") if "stone" in c.get("class")]
    assert len(stones) == 4
    texts = [t.text for t in root.findall(f"{ns}text")]
    assert texts == ["a", "b", "c", "d", "2", "1"]


def test_svg_options():
    b = Board.start(4)
    pic = konane.svg.board(b, coordinates=False, highlight=["a1", (0, 0)])
    assert "<text" not in pic
    assert pic.count('fill="#6fb36f"') == 2
    opened = b.play_removal("b2").play_removal("b3")
    move = opened.legal_moves("x")[0]
    pic = konane.svg.board(opened.play(move), lastmove=str(move))
    ET.fromstring(pic)
    assert "arrow" in pic and pic.count('fill="#f2d04b"') == 2
    with pytest.raises(InvalidMoveError):
        konane.svg.board(b, lastmove="z9")
    with pytest.raises(konane.errors.KonaneValueError):
        konane.svg.board(b, size=0)
    with pytest.raises(konane.errors.BoardTypeError):
        konane.svg.board("x.o")


def test_repr_svg_never_raises(monkeypatch):
    b = Board("x.o")
    assert b._repr_svg_().startswith("<svg")

    def boom(*args, **kwargs):
        raise RuntimeError("broken renderer")

    monkeypatch.setattr(konane.svg, "board", boom)
    assert b._repr_svg_() is None




def test_match_repr_svg_marks_the_last_move():
    m = konane.Match(Board("xo."), opening=False)
    m.push("a1-c1")
    pic = m._repr_svg_()
    assert pic.startswith("<svg") and "arrow" in pic


def test_svg_crop_keeps_the_names():
    region = Board("##../##xo/####")                  # cells in files c, d of ranks 2 and 3
    full = konane.svg.board(region)
    pic = konane.svg.board(region, crop=True)
    root = ET.fromstring(pic)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["c", "d", "3", "2"]
    assert 'class="cell c2"' in pic and 'class="cell d3"' in pic
    assert int(root.get("width")) < int(ET.fromstring(full).get("width"))
    assert int(root.get("height")) < int(ET.fromstring(full).get("height"))


def test_svg_caption():
    pic = konane.svg.board(Board("xo."), caption="ply 3: <White> & co")
    assert ">ply 3: &lt;White&gt; &amp; co</text>" in pic
    ET.fromstring(pic)                                   # still well-formed
