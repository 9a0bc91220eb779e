"""An interactive Konane board for Jupyter: :class:`BoardWidget` (needs ``anywidget``).

The widget is an `anywidget <https://anywidget.dev>`_ widget, so it works in
JupyterLab, Jupyter Notebook 7 and VS Code.  Python does all the computing:
after each change of the board it fills the synchronised traits (the picture,
the value in Unicode and LaTeX, the outcome, the regions, the legal and the
winning moves, the thermograph as SVG, a status or error line).  The front end
(``konane/_widget.js`` and ``konane/_widget.css``) only draws them and sends
the user's clicks back as messages: ``{"event": "cycle", "square": "c3"}``,
``{"event": "move", "move": "c3-a3"}`` and ``{"event": "undo"}``.

``anywidget`` is an optional dependency (``pip install "konane-cgt[notebook]"``);
``import konane`` works without it and ``konane.BoardWidget`` imports this
module only when it is first used.

A widget displays as two outputs: a static picture of the board, its value,
winning moves, regions and thermograph (what an HTML export such as
``jupyter nbconvert --to html --execute``, a page without a widget front end,
or a notebook opened without its kernel shows), then the live view, which
hides the static picture once it is drawn.  (One output with both forms is not
enough: nbconvert exports the live view whenever the notebook holds the
widget's state, as an executed notebook does, and offline that view is blank.)

Examples
--------
>>> w = konane.BoardWidget(".ox./o..x/....")
>>> w.value_text, w.outcome
('±1', 'N')
>>> w.winning_moves
{'x': ['c3-a3'], 'o': ['b3-d3']}
>>> w.play("c3-a3").board
konane.Board('x.../o..x/....')
>>> w.undo().board == konane.Board(".ox./o..x/....")
True
"""

from __future__ import annotations

import html
import uuid
from pathlib import Path
from typing import Any

import anywidget
import traitlets

import cgt
from konane import svg
from konane._calls import describe, public
from konane._kernel import bitboard as bb
from konane.board import BLACK, WHITE, Board, as_board
from konane.decomposition import regions
from konane.errors import ComputationLimitError, KonaneError, KonaneTypeError, KonaneValueError
from konane.moves import Move
from konane.rules import Rules, as_rules
from konane.values import analyze

__all__ = ["BoardWidget", "DEFAULT_MAX_POSITIONS"]

_HERE = Path(__file__).resolve().parent

DEFAULT_MAX_POSITIONS = 200_000
"""How many positions the widget's analysis of one board may compute before it
gives up and shows "too big" (a fraction of a second with the native core)."""


def _latex(g: cgt.Game) -> str:
    """The LaTeX of a value without the ``$\\displaystyle ... $`` around it."""
    text = g._repr_latex_() or str(g)
    if text.startswith("$\\displaystyle ") and text.endswith("$"):
        return text[len("$\\displaystyle "):-1]
    return text


class BoardWidget(anywidget.AnyWidget):
    """An interactive Konane board that shows the CGT of the position as it changes.

    Click a cell in *edit* mode to cycle it empty → Black → White → empty (with
    ``keep_parity``, empty → the colour of the cell's checkerboard parity →
    empty); in *play* mode click a stone and then its landing cell (or drag
    the stone) to play a capture, for either player (a Konane position has no
    turn: its value says who wins whoever starts).  *Undo* takes back the last
    change.  Beside the board: the value, the outcome, the regions (each in
    its colour, with its value), the winning moves of each player (the
    captures after which the mover wins: Black's to positions of value
    ``>= 0``, White's to ``<= 0``) and the thermograph.

    Parameters
    ----------
    board : Board or str, default the 6x6 starting board with its two corner stones removed
        The position to start from: a :class:`konane.Board` or its picture.
    rules : Rules, optional
        :data:`konane.STANDARD` (the default) or :data:`konane.SINGLE_JUMP`.
    max_positions : int, default DEFAULT_MAX_POSITIONS
        The analysis of a position computes at most this many positions; a
        bigger one shows "too big" (its value, outcome, winning moves and
        thermograph stay empty) instead of keeping the notebook busy.
    keep_parity : bool, default False
        In edit mode, cycle a cell only between empty and the colour of its
        checkerboard parity (the colours of the starting board, the a1 colour
        read from the stones already there, Black if there are none).

    Attributes
    ----------
    board : Board
        The position shown; setting it (to a board or a picture) updates the view.
    picture : str
        The board's picture, rows joined by ``/`` (``"x.o./.ox."``).
    files, ranks : list of str
        The file letters of the columns, left to right, and the rank numbers of
        the rows, top to bottom (the names of the board's squares: a region
        cropped out of a bigger board keeps that board's names).
    mode : {"play", "edit"}
        What a click on a cell does.
    value_text, value_latex : str
        The value in Unicode (``±1``, ``↑∗``) and in LaTeX; empty if too big.
    outcome : str
        ``"L"``, ``"R"``, ``"N"`` or ``"P"``; empty if too big.
    outcome_text : str
        The outcome in words ("the first player wins").
    region_grid : list of list of int
        For each cell, the index of its region (``-1``: in no region with a move).
    region_values : list of str
        The value of each region, in Unicode (empty strings if too big).
    legal_moves, winning_moves : dict
        ``{"x": [...], "o": [...]}``: move notation, e.g. ``"c3-a3"``.
    thermograph_svg : str
        The thermograph of the value (:meth:`cgt.Thermograph.to_svg`).
    status : str
        ``"too big: ..."`` when the analysis reached ``max_positions``.
    error : str
        Why the last request was refused (an illegal move, ...); cleared by the next change.
    can_undo : bool
        Whether there is a change to take back.
    last_move : str
        The last capture played, or ``""``.
    static_id : str
        The mark of this widget's static picture, which the live view hides.

    Raises
    ------
    BoardTypeError, BoardParseError
        If ``board`` is not a board or a picture that can be read.
    RulesTypeError
        If ``rules`` is not a :class:`konane.Rules`.
    KonaneTypeError, KonaneValueError
        If ``max_positions`` is not a positive int or ``keep_parity`` not a bool.

    Examples
    --------
    >>> w = konane.BoardWidget("..ox")
    >>> w.value_text, w.outcome_text, w.region_grid
    ('1', 'Black wins', [[0, 0, 0, 0]])
    >>> w.cycle("a1").board                     # an empty cell becomes Black
    konane.Board('x.ox')
    >>> _ = w.play("d1-b1")                     # Black's stone on d1 jumps c1
    >>> w.picture, w.value_text, w.last_move
    ('xx..', '0', 'd1-b1')
    >>> _ = w.play("a1-c1")
    Traceback (most recent call last):
    ...
    konane.errors.IllegalMoveError: illegal move 'a1-c1': ...
    >>> w.board = "x.o./.ox."                   # a new position, shown at once
    >>> w.value_text, w.legal_moves
    ('∗', {'x': ['c1-a1'], 'o': ['b1-d1']})
    """

    _esm = (_HERE / "_widget.js").read_text("utf-8")
    _css = (_HERE / "_widget.css").read_text("utf-8")

    picture = traitlets.Unicode("").tag(sync=True)
    files = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    ranks = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    mode = traitlets.Enum(["play", "edit"], default_value="play").tag(sync=True)
    keep_parity = traitlets.Bool(False).tag(sync=True)
    max_positions = traitlets.Int(DEFAULT_MAX_POSITIONS).tag(sync=True)
    value_text = traitlets.Unicode("").tag(sync=True)
    value_latex = traitlets.Unicode("").tag(sync=True)
    outcome = traitlets.Unicode("").tag(sync=True)
    outcome_text = traitlets.Unicode("").tag(sync=True)
    region_grid = traitlets.List(traitlets.List(traitlets.Int()), default_value=[]).tag(sync=True)
    region_values = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    legal_moves = traitlets.Dict(default_value={}).tag(sync=True)
    winning_moves = traitlets.Dict(default_value={}).tag(sync=True)
    thermograph_svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    last_move = traitlets.Unicode("").tag(sync=True)
    static_id = traitlets.Unicode("").tag(sync=True)

    @public
    def __init__(self, board: Board | str | None = None, *, rules: Rules | None = None,
                 max_positions: int = DEFAULT_MAX_POSITIONS, keep_parity: bool = False) -> None:
        start = Board.start(6).play_removal("a1").play_removal("f6") if board is None else as_board(board)
        self._rules = as_rules(rules)
        if not isinstance(max_positions, int) or isinstance(max_positions, bool):
            raise KonaneTypeError(f"max_positions must be an int, not {describe(max_positions)}")
        if max_positions < 1:
            raise KonaneValueError(f"max_positions must be >= 1, got {max_positions!r}")
        if not isinstance(keep_parity, bool):
            raise KonaneTypeError(f"keep_parity must be a bool, not {describe(keep_parity)}")
        super().__init__(max_positions=max_positions, keep_parity=keep_parity, static_id=uuid.uuid4().hex)
        self._board = start             # (after the traits are set: their observers see no board yet)
        self._history: list[tuple[Board, str]] = []
        self._show(start, "")
        self.on_msg(self._on_message)

    # ---------------------------------------------------------------- the board

    @property
    def board(self) -> Board:
        """The position shown (a :class:`konane.Board`); set it to a board or a picture."""
        return self._board

    @board.setter
    @public
    def board(self, board: Board | str) -> None:
        new = as_board(board)
        self._change(new, "")

    @property
    def rules(self) -> Rules:
        """The rules the moves and the values follow."""
        return self._rules

    @traitlets.observe("picture")
    def _picture_set(self, change: dict[str, Any]) -> None:
        """``picture`` set from outside (not by :meth:`_show`): read it as the new board."""
        if change["new"] == self._picture_of(self._board):
            return
        try:
            new = Board(change["new"])
            if (new.rows, new.cols) == (self._board.rows, self._board.cols):
                new = new.with_origin(self._board.origin)      # the same grid keeps its names
        except KonaneError as exc:
            self.picture = change["old"]
            self.error = str(exc)
            return
        self._change(new, "")

    @traitlets.observe("max_positions")
    def _limit_set(self, change: dict[str, Any]) -> None:
        if change["new"] < 1:
            self.max_positions = change["old"]
            self.error = f"max_positions must be >= 1, got {change['new']!r}"
            return
        if hasattr(self, "_board"):
            self._show(self._board, self.last_move)

    # ---------------------------------------------------------------- actions

    @public
    def cycle(self, square: Any) -> BoardWidget:
        """Change the content of a cell: empty → Black → White → empty.

        With :attr:`keep_parity`, empty → the colour of the cell's parity →
        empty.  Returns the widget.

        Raises
        ------
        InvalidMoveError
            If ``square`` is not the name of a square of the grid (``"c3"``)
            or a ``(row, col)`` pair.
        KonaneValueError
            If the square is not a cell of the board (a ``#`` in its picture).

        Examples
        --------
        >>> w = konane.BoardWidget("....", keep_parity=True)
        >>> w.cycle("a1").cycle("b1").picture      # the a1 colour is Black
        'xo..'
        >>> w.cycle("a1").picture
        '.o..'
        """
        b = self._board
        r, c = b._rc_of(square)
        bit = 1 << b.index(r, c)
        if not b.cells_mask & bit:
            raise KonaneValueError(f"{b.square_name(r, c)} is not a cell of the board; "
                                   f"only cells (not '#') can hold stones")
        black, white = b.black_mask & ~bit, b.white_mask & ~bit
        content = b[r, c]
        if self.keep_parity:
            if content == ".":
                if bool(bb.checker_mask(b.rows, b.cols) & bit) == self._a1_is_black():
                    black |= bit
                else:
                    white |= bit
        elif content == ".":
            black |= bit
        elif content == "x":
            white |= bit
        self._change(Board.from_masks(b.rows, b.cols, b.cells_mask, black, white, origin=b.origin), "")
        return self

    @public
    def play(self, move: Move | str) -> BoardWidget:
        """Play a capture (by the owner of the stone on its source square).

        Returns the widget.

        Raises
        ------
        MoveTypeError, InvalidMoveError, IllegalMoveError
            As :meth:`konane.Board.play` does; the board is unchanged.

        Examples
        --------
        >>> w = konane.BoardWidget("xo.o.")
        >>> w.play("a1-e1").picture, w.value_text
        ('....x', '0')
        """
        after = self._board.play(move, self._rules)
        m = self._board.parse_move(move) if isinstance(move, str) else move
        self._change(after, str(m))
        return self

    def undo(self) -> BoardWidget:
        """Take back the last change (a move, an edit or a new board); returns the widget.

        Nothing happens when there is nothing to take back.

        Examples
        --------
        >>> w = konane.BoardWidget("..ox")
        >>> w.cycle("a1").undo().picture, w.can_undo
        ('..ox', False)
        """
        if self._history:
            board, last = self._history.pop()
            self._board = board
            self._show(board, last)
        return self

    def _a1_is_black(self) -> bool:
        """The colour of a1's parity for ``keep_parity``: read from a stone on the board."""
        b = self._board
        checker = bb.checker_mask(b.rows, b.cols)
        if b.black_mask:
            return bool(b.black_mask & checker)
        if b.white_mask:
            return not b.white_mask & checker
        return True

    def _on_message(self, widget: Any, content: Any, buffers: Any) -> None:
        """A request of the front end; a refused one sets :attr:`error` and changes nothing."""
        try:
            if not isinstance(content, dict):
                raise KonaneTypeError(f"a widget message must be a dict, not {describe(content)}")
            event = content.get("event")
            if event == "cycle":
                self.cycle(content.get("square"))
            elif event == "move":
                self.play(content.get("move"))  # type: ignore[arg-type]   # checked by play
            elif event == "undo":
                self.undo()
            else:
                raise KonaneValueError(f"unknown widget event {event!r}; expected 'cycle', 'move' or 'undo'")
        except KonaneError as exc:
            self.error = str(exc)

    # ---------------------------------------------------------------- the view

    def _change(self, new: Board, last: str) -> None:
        self._history.append((self._board, self.last_move))
        self._board = new
        self._show(new, last)

    @staticmethod
    def _picture_of(b: Board) -> str:
        return "/".join(b.picture_rows())

    def _show(self, b: Board, last: str) -> None:
        """Fill every trait from ``b``, in one update of the front end."""
        grid = [[-1] * b.cols for _ in range(b.rows)]
        parts = list(regions(b))
        for i, region in enumerate(parts):
            for r, c in sorted(region.cells):
                grid[r][c] = i
        legal = {str(p): [str(m) for m in b.legal_moves(p, self._rules)] for p in (BLACK, WHITE)}
        values = [""] * len(parts)
        value_text = value_latex = outcome = outcome_text = thermo = status = ""
        winning: dict[str, list[str]] = {}
        try:
            a = analyze(b, rules=self._rules, progress=False, max_positions=self.max_positions)
        except ComputationLimitError:
            status = (f"too big: the analysis needs more than {self.max_positions:,} positions "
                      f"(raise max_positions to try harder)")
        else:
            value_text, value_latex = svg.value_text(a.value), _latex(a.value)
            outcome = a.outcome.value
            outcome_text = svg.OUTCOME_WORDS[outcome]
            values = [svg.value_text(v) for _, v in a.regions]
            winning = {str(p): [str(m) for m in a.winning_moves[p]] for p in (BLACK, WHITE)}
            thermo = a.value.thermograph.to_svg(width=280, height=230)
        with self.hold_sync():
            names = [b.square_name(r, c) for r, c in [(b.rows - 1, c) for c in range(b.cols)]]
            self.files = [name.rstrip("0123456789") for name in names]
            self.ranks = [b.square_name(r, 0)[len(self.files[0]):] for r in range(b.rows)]
            self.picture = self._picture_of(b)
            self.region_grid = grid
            self.region_values = values
            self.legal_moves = legal
            self.winning_moves = winning
            self.value_text, self.value_latex = value_text, value_latex
            self.outcome, self.outcome_text = outcome, outcome_text
            self.thermograph_svg = thermo
            self.status = status
            self.error = ""
            self.last_move = last
            self.can_undo = bool(self._history)

    def __repr__(self) -> str:
        return f"konane.BoardWidget({self._picture_of(self._board)!r})"

    def _repr_html_(self) -> str | None:
        """A static picture where no widget front end runs (an HTML export, the docs): the
        board with the last move, the value, outcome, winning moves, regions and thermograph."""
        try:
            esc = html.escape
            lines = [f"<b>value</b> {esc(self.value_text)} &middot; <b>outcome</b> "
                     f"{esc(self.outcome)} ({esc(self.outcome_text)})" if self.value_text else esc(self.status)]
            for key, who in (("x", "Black"), ("o", "White")):
                if key in self.winning_moves:
                    lines.append(_wins_line(who, self.winning_moves[key]))
            for i, v in enumerate(self.region_values, 1):
                lines.append(f"region {i}" + (f": {esc(v)}" if v else ""))
            picture = svg.board(self._board, size=36, lastmove=self.last_move or None)
            return (f'<div class="konane-widget-static" data-konane-static="{esc(self.static_id)}" '
                    'style="display:flex;flex-wrap:wrap;gap:18px;'
                    f'align-items:flex-start;text-align:left"><div>{picture}</div>'
                    f'<div>{"<br>".join(lines)}<div>{self.thermograph_svg}</div></div></div>')
        except Exception:  # a display hook must never raise
            return None

    def _ipython_display_(self) -> None:
        """Two outputs: the static picture (:meth:`_repr_html_`), kept by every export and
        shown where no widget front end runs, and the live view, which hides it."""
        import IPython.display

        display: Any = IPython.display.display           # untyped
        display({"text/html": self._repr_html_() or "", "text/plain": repr(self)}, raw=True)
        bundle: Any = super()._repr_mimebundle_()      # anywidget's (data, metadata), or None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        view = dict(data)
        view["text/plain"] = ""         # said once, by the static picture's output
        view["text/html"] = ""          # where the live view is left out (a docs page): nothing more
        display(view, raw=True, metadata=metadata)


def _wins_line(who: str, moves: list[str]) -> str:
    """The static picture's line of a player's winning moves.

    >>> _wins_line("White", [])
    '<b>White has no winning move</b>'
    >>> _wins_line("Black", ["c3-a3", "c3-e3"])
    '<b>Black wins moving first by</b> c3-a3, c3-e3'
    """
    if not moves:
        return f"<b>{html.escape(who)} has no winning move</b>"
    return f"<b>{html.escape(who)} wins moving first by</b> {html.escape(', '.join(moves))}"
