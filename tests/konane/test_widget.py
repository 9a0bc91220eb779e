"""konane.BoardWidget: the Python model of the interactive board.

The front end sends custom messages (``{"event": "cycle" | "move" | "undo", ...}``); here they
are delivered as the widget's comm would deliver them (``_handle_custom_msg``), and the traits
the front end draws are checked against the library's own functions (``konane.value``,
``konane.regions``, ``Board.legal_moves``, ``Board.play``) and against values worked out by hand.
The front end itself is tested in a browser by tests/test_browser.py.
"""

import os
import random
import subprocess
import sys

import pytest

import konane
from konane.errors import BoardParseError, BoardTypeError, KonaneTypeError, KonaneValueError, RulesTypeError

anywidget = pytest.importorskip("anywidget", reason="konane.BoardWidget needs anywidget (pip install '.[notebook]')")
traitlets = pytest.importorskip("traitlets")


def send(w, content):
    """Deliver a message as the front end's ``model.send(content)`` does."""
    w._handle_custom_msg(content, [])


def unicode(g):
    return str(g).replace("+-", "±").replace("^", "↑").replace("v", "↓").replace("*", "∗")


# ---------------------------------------------------------------- what it shows

def test_hand_computed_position():
    # .ox./o..x/.... by hand: Black's only move c3-a3 leaves x.../o..x/...., where only Black
    # moves (a3-a1, to a dead position): value {0|} = 1.  White's only move b3-d3 leaves
    # ...o/o..x/...., where only White moves (d3-d1): -1.  So {1|-1} = ±1 (also Ernst 1995's
    # value, quoted by the konane.value doctest), and both moves win for their mover.
    w = konane.BoardWidget(".ox./o..x/....")
    assert w.value_text == "±1" and w.outcome == "N" and w.outcome_text == "the first player wins"
    assert w.value_latex == r"\pm 1"
    assert w.winning_moves == {"x": ["c3-a3"], "o": ["b3-d3"]}
    assert w.legal_moves == {"x": ["c3-a3"], "o": ["b3-d3"]}
    assert w.status == "" and w.error == "" and not w.can_undo and w.last_move == ""
    assert w.files == ["a", "b", "c", "d"]
    assert w.picture == ".ox./o..x/...."
    assert w.thermograph_svg.startswith("<svg") and "polyline" in w.thermograph_svg


def test_values_by_hand():
    # ..ox: only Black moves (d1-b1), to a dead position: {0|} = 1.
    # xo.: Black a1-c1 to 0; White cannot move: 1.   .ox.: either moves to 0: {0|0} = *.
    for picture, text, outcome in (("..ox", "1", "L"), ("xo.", "1", "L"), (".ox.", "∗", "N"),
                                   ("xo.o.", "1", "L"), ("....", "0", "P")):
        w = konane.BoardWidget(picture)
        assert (w.value_text, w.outcome) == (text, outcome), picture


def test_regions_are_coloured_by_konane_regions():
    b = konane.Board("xo..x.....ox/.###########")
    w = konane.BoardWidget(b)
    parts = list(konane.regions(b))
    assert len(w.region_values) == len(parts) == 2
    for i, region in enumerate(parts):
        cells = {(r, c) for r, c in region.cells}
        assert cells == {(r, c) for r in range(b.rows) for c in range(b.cols) if w.region_grid[r][c] == i}
        assert w.region_values[i] == unicode(konane.value(region))
    assert w.region_grid[1][1] == -1          # off the board


@pytest.mark.parametrize("seed", range(3))
def test_random_positions_agree_with_the_library(seed):
    # every trait recomputed from scratch by the library's functions, on random 3x4 boards
    rng = random.Random(seed)
    for _ in range(25):
        pic = "/".join("".join(rng.choice("xo..") for _ in range(4)) for _ in range(3))
        b = konane.Board(pic)
        w = konane.BoardWidget(b)
        v = konane.value(b)
        assert w.value_text == unicode(v) and w.outcome == v.outcome.value
        for key, player in (("x", konane.BLACK), ("o", konane.WHITE)):
            moves = b.legal_moves(player)
            assert w.legal_moves[key] == [str(m) for m in moves]
            good = [str(m) for m in moves
                    if (konane.value(b.play(m)) >= 0 if key == "x" else konane.value(b.play(m)) <= 0)]
            assert w.winning_moves[key] == good
        assert w.thermograph_svg == v.thermograph.to_svg(width=280, height=230)


def test_too_big_shows_a_status_not_a_hang():
    w = konane.BoardWidget(konane.Board.start(4).play_removal("a1").play_removal("b1"), max_positions=10)
    assert w.status.startswith("too big") and "10" in w.status
    assert w.value_text == w.outcome == w.thermograph_svg == "" and w.winning_moves == {}
    assert w.legal_moves["o"] and w.region_values and set(w.region_values) == {""}
    w.max_positions = 1_000_000                     # a larger limit: computed again
    assert w.status == "" and w.value_text != ""


def test_default_board_and_state_sent_to_the_front_end():
    w = konane.BoardWidget()
    assert w.board == konane.Board.start(6).play_removal("a1").play_removal("f6")
    state = w.get_state()
    for name in ("picture", "files", "region_grid", "region_values", "legal_moves", "winning_moves",
                 "value_text", "value_latex", "outcome", "outcome_text", "thermograph_svg", "status",
                 "error", "can_undo", "last_move", "mode", "keep_parity", "max_positions", "_esm", "_css"):
        assert name in state, name
    assert "export default" in state["_esm"] and ".konane-widget" in state["_css"]


# ---------------------------------------------------------------- messages from the front end

def test_cycle_a_cell():
    w = konane.BoardWidget("..ox")
    seen = []
    for _ in range(3):
        send(w, {"event": "cycle", "square": "a1"})
        seen.append(w.picture)
    assert seen == ["x.ox", "o.ox", "..ox"]
    assert w.value_text == "1" and w.can_undo


def test_cycle_keeps_parity():
    # the a1 colour is read from the stones: here Black on b1, so a1's parity is White's
    w = konane.BoardWidget(".x..", keep_parity=True)
    send(w, {"event": "cycle", "square": "a1"})
    assert w.picture == "ox.."
    send(w, {"event": "cycle", "square": "c1"})
    send(w, {"event": "cycle", "square": "d1"})
    assert w.picture == "oxox"
    send(w, {"event": "cycle", "square": "d1"})
    assert w.picture == "oxo."
    # an empty board: Black on a1's parity, as on Board.start
    w = konane.BoardWidget("../..", keep_parity=True)
    for sq in ("a1", "b1", "a2", "b2"):
        w.cycle(sq)
    assert w.board == konane.Board.start(2)


def test_cycle_refuses_an_off_board_cell_and_bad_notation():
    w = konane.BoardWidget("#.x/.o.")
    send(w, {"event": "cycle", "square": "a2"})
    assert "a2 is not a cell" in w.error and w.picture == "#.x/.o."
    send(w, {"event": "cycle", "square": "z9"})
    assert "z9" in w.error and w.picture == "#.x/.o."
    with pytest.raises(KonaneValueError):
        w.cycle("a2")


def test_play_a_move_and_undo():
    w = konane.BoardWidget(".ox./o..x/....")
    before = w.board
    send(w, {"event": "move", "move": "c3-a3"})
    assert w.board == before.play("c3-a3") and w.last_move == "c3-a3" and w.can_undo
    assert w.value_text == "1" and w.outcome == "L" and w.legal_moves == {"x": ["a3-a1"], "o": []}
    send(w, {"event": "undo"})
    assert w.board == before and w.last_move == "" and not w.can_undo and w.value_text == "±1"
    send(w, {"event": "undo"})                      # nothing to undo: nothing happens
    assert w.board == before and w.error == ""


def test_multi_jump_and_white_moves():
    w = konane.BoardWidget("xo.o.")
    send(w, {"event": "move", "move": "a1-e1"})
    assert w.picture == "....x"
    w = konane.BoardWidget("xo.o.", rules=konane.SINGLE_JUMP)
    send(w, {"event": "move", "move": "a1-e1"})
    assert "multi-jumps are not allowed" in w.error and w.picture == "xo.o."
    w = konane.BoardWidget(".ox.")
    send(w, {"event": "move", "move": "b1-d1"})      # White's stone: any player may move
    assert w.picture == "...o"


def test_illegal_move_gives_an_error_text():
    w = konane.BoardWidget(".ox./o..x/....")
    send(w, {"event": "move", "move": "c3-c1"})
    assert w.error.startswith("illegal move 'c3-c1'")
    assert "legal moves: Black c3-a3; White b3-d3" in w.error          # names the legal ones
    assert w.picture == ".ox./o..x/...." and not w.can_undo
    send(w, {"event": "move", "move": "c3-a3"})          # the next change clears it
    assert w.error == ""
    with pytest.raises(konane.IllegalMoveError):
        w.play("a3-c3")


@pytest.mark.parametrize("content, words", [
    ("c3-a3", "must be a dict"),
    ({"event": "jump"}, "unknown widget event 'jump'"),
    ({}, "unknown widget event None"),
    ({"event": "move", "move": 17}, "17"),
    ({"event": "move", "move": "c3"}, "c3"),
    ({"event": "cycle", "square": None}, "None"),
])
def test_bad_messages_give_error_texts(content, words):
    w = konane.BoardWidget(".ox./o..x/....")
    send(w, content)
    assert words in w.error and w.picture == ".ox./o..x/...."


def test_options_set_by_the_front_end():
    w = konane.BoardWidget("..ox")
    w.set_state({"mode": "edit", "keep_parity": True})
    assert w.mode == "edit" and w.keep_parity
    with pytest.raises(traitlets.TraitError):     # traitlets refuses a mode that does not exist
        w.mode = "draw"


# ---------------------------------------------------------------- widget.board

def test_board_round_trip():
    b = konane.Board("x.o./#ox.")
    w = konane.BoardWidget("..ox")
    w.board = b
    assert w.board == b and w.picture == "x.o./#ox." and w.can_undo
    assert w.value_text == unicode(konane.value(b))
    w.board = "xo."
    assert w.board == konane.Board("xo.")
    w.undo()
    assert w.board == b


def test_setting_the_picture_trait_sets_the_board():
    w = konane.BoardWidget("..ox")
    w.picture = ".ox."
    assert w.board == konane.Board(".ox.") and w.value_text == "∗"
    w.picture = "xq"                               # not a picture: refused, with the reason
    assert w.picture == ".ox." and "xq" in w.error and w.board == konane.Board(".ox.")


def test_bad_arguments_raise_the_library_errors():
    with pytest.raises(BoardTypeError):
        konane.BoardWidget(12)
    with pytest.raises(BoardParseError):
        konane.BoardWidget("x?")
    with pytest.raises(RulesTypeError):
        konane.BoardWidget("xo.", rules="standard-ish")
    with pytest.raises(KonaneTypeError):
        konane.BoardWidget("xo.", max_positions=1.5)
    with pytest.raises(KonaneValueError):
        konane.BoardWidget("xo.", max_positions=0)
    with pytest.raises(KonaneTypeError):
        konane.BoardWidget("xo.", keep_parity="yes")
    w = konane.BoardWidget("xo.")
    with pytest.raises(BoardTypeError):
        w.board = 3
    w.max_positions = 0
    assert w.max_positions == 200_000 and "max_positions" in w.error


def test_displays():
    w = konane.BoardWidget("xo.")
    assert repr(w) == "konane.BoardWidget('xo.')"
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    static = w._repr_html_()                     # where no widget front end runs (HTML export)
    assert static.count("<svg") == 2                # the board and the thermograph
    assert "<b>value</b> 1" in static and "<b>Black wins moving first by</b> a1-c1" in static
    assert "<b>White has no winning move</b>" in static and "region 1: 1" in static


# ---------------------------------------------------------------- anywidget stays optional

def test_import_konane_without_anywidget():
    code = ("import sys; sys.modules['anywidget'] = None\n"
            "import konane\n"
            "from konane import *\n"
            "try:\n"
            "    konane.BoardWidget\n"
            "except ModuleNotFoundError as exc:\n"
            "    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert out.returncode == 0, out.stderr
    assert "konane-cgt[notebook]" in out.stdout and "anywidget" in out.stdout


def test_front_end_files_are_package_data():
    from importlib.resources import files
    assert (files("konane") / "_widget.js").read_text("utf-8") == konane.BoardWidget._esm
    assert (files("konane") / "_widget.css").read_text("utf-8") == konane.BoardWidget._css


def test_a_cropped_region_keeps_its_names_in_the_widget():
    # the region of c2-e2 in an 8-file, 3-rank board, cropped: files c-e, rank 2
    w = konane.BoardWidget(konane.Board("########/##xo.###/########").crop())
    assert w.files == ["c", "d", "e"] and w.ranks == ["2"]
    assert w.legal_moves["x"] == ["c2-e2"]
    w.play("c2-e2")
    assert w.board == konane.Board("..x", origin="c2") and w.last_move == "c2-e2"
    w.cycle("c2")                                        # an edit keeps the names
    assert w.board.origin == "c2" and w.board["c2"] == "x"
    w.picture = "o.x"                                    # a picture of the same grid too
    assert w.board == konane.Board("o.x", origin="c2")


def test_the_static_picture_says_who_has_no_winning_move():
    # "..ox" is 1 (Black wins whoever starts): Black's d1-b1 wins, White has no move at all
    w = konane.BoardWidget("..ox")
    static = w._repr_html_()
    assert "<b>Black wins moving first by</b> d1-b1" in static
    assert "<b>White has no winning move</b>" in static and "by no move" not in static
    assert f'data-konane-static="{w.static_id}"' in static and len(w.static_id) == 32
    js = (konane.widget._HERE / "_widget.js").read_text("utf-8")
    assert "has no winning move" in js and "no move\")" not in js


def test_the_widget_displays_its_static_picture_then_its_live_view(monkeypatch):
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, raw=False, metadata=None: shown.append(obj))
    w = konane.BoardWidget(".ox./o..x/....")
    w._ipython_display_()
    static, live = shown
    assert static["text/html"] == w._repr_html_() and static["text/plain"] == repr(w)
    assert live["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    assert live["text/html"] == "" and live["text/plain"] == ""
