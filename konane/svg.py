"""SVG pictures of Konane boards, built with the standard library only.

:func:`board` returns an :class:`SvgWrapper`, a ``str`` that Jupyter displays
as a picture (it has ``_repr_svg_`` and ``_repr_html_``) and that can be
written to a file as it is.  Every picture says what it shows in words
(``role="img"``, ``aria-label`` and a ``<title>``: the alternative text of a
screen reader and of an HTML export, where the picture is inline SVG).  :class:`konane.Board` and :class:`konane.Match`
use it for their own ``_repr_svg_``.  :func:`boards_grid` draws several boards,
each with a caption, in one picture (:meth:`konane.Census.show` uses it).

Examples
--------
>>> import konane.svg
>>> pic = konane.svg.board(konane.Board("xo./.ox"), size=20)
>>> pic.startswith("<svg") and pic.count("<circle") >= 4
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import cgt
from cgt.notation import UNICODE, format_game
from konane._calls import describe, public
from konane.errors import BoardTypeError, KonaneTypeError, KonaneValueError
from konane.moves import Move

__all__ = ["board", "boards_grid", "alt_text", "SvgWrapper", "BoardLike"]

#: The outcome classes in words, as the pictures, tables and widget write them.
OUTCOME_WORDS = {"L": "Black wins", "R": "White wins", "N": "the first player wins",
                 "P": "the second player wins"}


def value_text(g: cgt.Game) -> str:
    """A value in its reading form with Unicode signs, for pictures and tables: ``±1``,
    ``↑∗``, ``{2|↓}`` (:data:`cgt.notation.UNICODE`).

    >>> value_text(cgt.parse("{2|v*}"))
    '{2|↓∗}'
    """
    return format_game(g.id, UNICODE)


_BOARD_FILL = "#d8b57a"
_BOARD_STROKE = "#7a5a2c"
_PIT_FILL = "#a9844a"
_BLACK_FILL = "#1e1e1e"
_WHITE_FILL = "#f7f4ec"
_STONE_STROKE = "#1e1e1e"
_LASTMOVE_FILL = "#f2d04b"
_HIGHLIGHT_FILL = "#6fb36f"
_ARROW = "#c0392b"
_TEXT = "#333333"


class SvgWrapper(str):
    """A ``str`` of SVG markup that notebooks display as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> SvgWrapper:
        return self

    def _repr_html_(self) -> SvgWrapper:
        return self


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


class BoardLike(Protocol):
    """What :func:`board` reads of a board: :class:`konane.Board` has it all.

    (This module sits below :mod:`konane.board`, which uses it for
    ``Board._repr_svg_``, so it does not import :class:`konane.Board`.)
    """

    @property
    def rows(self) -> int: ...

    @property
    def cols(self) -> int: ...

    @property
    def cells(self) -> frozenset[tuple[int, int]]: ...

    def square_name(self, row: Any, col: int | None = None) -> str: ...

    def parse_move(self, text: str) -> Move: ...

    def _rc_of(self, square: Any) -> tuple[int, int]: ...

    def __getitem__(self, square: Any) -> str: ...


def _cells_of(b: BoardLike, squares: Iterable[Any]) -> list[tuple[int, int]]:
    return [b._rc_of(sq) for sq in squares]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def alt_text(b: BoardLike, lastmove: Move | None = None, caption: str | None = None) -> str:
    """The picture of a board in words: its size, the stones of each player by square, the last
    move and the caption (the alternative text of :func:`board`).

    >>> alt_text(konane.Board("x.o./.ox."))
    'Konane board, 2 by 4: Black (x) on a2, c1; White (o) on c2, b1'
    """
    stones: dict[str, list[str]] = {"x": [], "o": []}
    for r, c in sorted(b.cells):
        content = b[r, c]
        if content in stones:
            stones[content].append(b.square_name(r, c))
    parts = [f"{who} ({key}) on {', '.join(stones[key])}" if stones[key] else f"no {who} stone"
             for key, who in (("x", "Black"), ("o", "White"))]
    text = f"Konane board, {b.rows} by {b.cols}: " + "; ".join(parts)
    if lastmove is not None:
        text += f"; last move {lastmove}"
    if caption:
        text += f"; {caption}"
    return text


def _labels(b: BoardLike, r: int, c: int) -> tuple[str, str]:
    """The file letters and the rank number of cell ``(r, c)``, from the board's own names (a
    region cropped out of a bigger board keeps the names of that board)."""
    name = b.square_name(r, c)
    letters = name.rstrip("0123456789")
    return letters, name[len(letters):]


@public
def board(b: BoardLike, *, size: int = 40, coordinates: bool = True, lastmove: Any = None,
          highlight: Iterable[Any] = (), crop: bool = False, caption: str | None = None) -> SvgWrapper:
    """An SVG picture of a board.

    Parameters
    ----------
    b : Board
        The position.  Cells off the board are left blank.
    size : int, default 40
        Side of a cell in pixels.
    coordinates : bool, default True
        Write file letters under the board and rank numbers to its left.
    lastmove : Move or str, optional
        A move to mark: its source and target cells are shaded and, for a
        capture, an arrow joins them.  A string is read with
        :meth:`Board.parse_move`.
    highlight : iterable of squares, default ()
        Squares (names like ``"c3"`` or ``(row, col)`` pairs) to shade.
    crop : bool, default False
        Draw only the rows and columns that hold cells of the board (a region
        of :func:`konane.regions`, say); the squares keep their names.
    caption : str, optional
        A line of text under the board.

    Returns
    -------
    SvgWrapper
        The markup; a ``str``.

    Raises
    ------
    BoardTypeError
        If ``b`` is not a :class:`konane.Board`.
    KonaneTypeError, KonaneValueError
        If ``size`` is not a positive int.
    MoveTypeError, InvalidMoveError
        If ``lastmove`` or a highlighted square is not valid notation for the
        board's grid.

    Examples
    --------
    >>> import konane.svg
    >>> pic = konane.svg.board(konane.Board.start(4), lastmove="a1", highlight=["b2"])
    >>> 'width="' in pic and "<text" in pic and pic.endswith("</svg>")
    True
    >>> "<text" in konane.svg.board(konane.Board("xo."), coordinates=False)
    False
    >>> region = konane.Board("##../##xo/####")             # cells in files c, d of ranks 2, 3
    >>> pic = konane.svg.board(region, crop=True, caption="a region")
    >>> ">c<" in pic and ">a<" not in pic and ">3<" in pic and ">1<" not in pic and ">a region<" in pic
    True
    """
    if not (isinstance(getattr(b, "cells", None), frozenset)
            and all(callable(getattr(b, name, None)) for name in ("parse_move", "_rc_of"))):
        raise BoardTypeError(f"expected a konane.Board, not {describe(b)}")
    if not isinstance(size, int) or isinstance(size, bool):
        raise KonaneTypeError(f"size must be an int, not {describe(size)}")
    if size <= 0:
        raise KonaneValueError(f"size must be positive, got {size!r}")
    move = b.parse_move(lastmove) if isinstance(lastmove, str) else lastmove
    if move is not None and not isinstance(move, Move):
        raise KonaneTypeError(f"lastmove must be a konane.Move or move notation, not {describe(move)}")
    marked: dict[tuple[int, int], str] = {rc: _HIGHLIGHT_FILL for rc in _cells_of(b, highlight)}
    cells = sorted(b.cells)
    r0, c0, nrows, ncols = 0, 0, b.rows, b.cols
    if crop and cells:
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        nrows = max(r for r, _ in cells) - r0 + 1
        ncols = max(c for _, c in cells) - c0 + 1
    margin = round(size * 0.6) if coordinates else 0
    pad = max(2, size // 10)
    cap_font = max(12, round(size * 0.35))
    cap_height = round(cap_font * 1.6) if caption else 0
    left, top = margin + pad, pad
    width = left + ncols * size + pad
    if caption:
        width = max(width, round(pad * 2 + 0.6 * cap_font * len(caption)))
    height = top + nrows * size + margin + pad + cap_height

    def xy(r: int, c: int) -> tuple[float, float]:
        return left + (c - c0) * size, top + (r - r0) * size

    alt = _escape(alt_text(b, move, caption))
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{alt}">',
        f"<title>{alt}</title>",
        "<desc>" + str(b).replace("&", "&amp;").replace("<", "&lt;") + "</desc>",
    ]
    if move is not None:
        marked[move.source] = _LASTMOVE_FILL
        marked[move.target] = _LASTMOVE_FILL
    for r, c in cells:
        x, y = xy(r, c)
        fill = marked.get((r, c), _BOARD_FILL)
        out.append(
            f'<rect class="cell {b.square_name(r, c)}" x="{x}" y="{y}" width="{size}" '
            f'height="{size}" fill="{fill}" stroke="{_BOARD_STROKE}" stroke-width="1"/>'
        )
    half = size / 2
    for r, c in cells:
        x, y = xy(r, c)
        cx, cy = _fmt(x + half), _fmt(y + half)
        content = b[r, c]
        if content == "x":
            out.append(f'<circle class="stone black" cx="{cx}" cy="{cy}" r="{_fmt(size * 0.4)}" '
                       f'fill="{_BLACK_FILL}" stroke="{_STONE_STROKE}" stroke-width="1"/>')
        elif content == "o":
            out.append(f'<circle class="stone white" cx="{cx}" cy="{cy}" r="{_fmt(size * 0.4)}" '
                       f'fill="{_WHITE_FILL}" stroke="{_STONE_STROKE}" stroke-width="1"/>')
        else:
            out.append(f'<circle class="pit" cx="{cx}" cy="{cy}" r="{_fmt(size * 0.1)}" '
                       f'fill="{_PIT_FILL}"/>')
    if move is not None and not move.is_removal:
        (sr, sc), (tr, tc) = move.source, move.target
        x1, y1 = xy(sr, sc)
        x2, y2 = xy(tr, tc)
        out.append(
            f'<line class="arrow" x1="{_fmt(x1 + half)}" y1="{_fmt(y1 + half)}" '
            f'x2="{_fmt(x2 + half)}" y2="{_fmt(y2 + half)}" stroke="{_ARROW}" '
            f'stroke-width="{_fmt(size * 0.12)}" stroke-linecap="round" opacity="0.7"/>'
        )
        dr, dc = move.direction
        tip_x, tip_y = x2 + half, y2 + half
        back, side = size * 0.3, size * 0.18
        bx, by = tip_x - dc * back, tip_y - dr * back
        p1 = (bx - dr * side, by + dc * side)
        p2 = (bx + dr * side, by - dc * side)
        pts = " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in ((tip_x, tip_y), p1, p2))
        out.append(f'<polygon class="arrowhead" points="{pts}" fill="{_ARROW}" opacity="0.7"/>')
    if coordinates:
        font = _fmt(size * 0.35)
        for c in range(c0, c0 + ncols):
            x = left + (c - c0) * size + half
            y = top + nrows * size + margin * 0.7
            out.append(f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{font}" '
                       f'font-family="sans-serif" text-anchor="middle" fill="{_TEXT}">'
                       f"{_labels(b, r0, c)[0]}</text>")
        for r in range(r0, r0 + nrows):
            x = pad + margin * 0.5
            y = top + (r - r0) * size + half + size * 0.12
            out.append(f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{font}" '
                       f'font-family="sans-serif" text-anchor="middle" fill="{_TEXT}">'
                       f"{_labels(b, r, c0)[1]}</text>")
    if caption:
        y = top + nrows * size + margin + pad + cap_font * 1.1
        text = caption.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out.append(f'<text class="caption" x="{pad}" y="{_fmt(y)}" font-size="{cap_font}" '
                   f'font-family="sans-serif" fill="{_TEXT}">{text}</text>')
    out.append("</svg>")
    return SvgWrapper("\n".join(out))



_SIZE_RE = re.compile(r'^<svg [^>]*?width="(\d+)" height="(\d+)"')


def boards_grid(boards: Iterable[BoardLike], captions: Sequence[str | None] | None = None, *,
                columns: int = 6, size: int = 30, coordinates: bool = True, crop: bool = False,
                gap: int = 12) -> SvgWrapper:
    """Several boards in one SVG picture, in a grid, each with an optional caption.

    Parameters
    ----------
    boards : iterable of Board
        The positions, drawn left to right, then top to bottom.
    captions : sequence of str or None, optional
        One caption per board (None for none), written under it.
    columns : int, default 6
        Boards per row of the grid.
    size : int, default 30
        Side of a cell in pixels.
    coordinates : bool, default True
        Write the file letters and rank numbers of each board.
    crop : bool, default False
        Draw each board cropped to its cells, as :func:`board` does.
    gap : int, default 12
        Pixels between the boards.

    Returns
    -------
    SvgWrapper
        One ``<svg>`` holding a nested ``<svg>`` per board (class
        ``"grid-board"``); every column is as wide as its widest board, every row
        as tall as its tallest one.  No boards give an empty picture.

    Raises
    ------
    KonaneTypeError
        If ``boards`` is not an iterable, ``captions`` is not None or a sequence
        of str (or None), or ``columns``, ``size`` or ``gap`` is not an int.
    BoardTypeError
        If an item of ``boards`` is not a board.
    KonaneValueError
        If the number of captions is not the number of boards, ``columns`` or
        ``size`` is not positive, or ``gap`` is negative.

    Examples
    --------
    >>> import konane.svg
    >>> boards = [konane.Board("xo."), konane.Board("x.o"), konane.Board(".ox")]
    >>> pic = konane.svg.boards_grid(boards, ["-1", "0", "1"], columns=2)
    >>> pic.count('class="grid-board"'), ">0<" in pic, pic.count("<circle")
    (3, True, 9)
    >>> konane.svg.boards_grid(boards, ["only one"])
    Traceback (most recent call last):
    ...
    konane.errors.KonaneValueError: got 1 captions for 3 boards: expected one caption per board (or None)
    """
    obj: object = boards
    if isinstance(obj, str) or not isinstance(obj, Iterable) or hasattr(obj, "cells_list"):
        raise KonaneTypeError(f"boards must be an iterable of boards, not {describe(boards)}")
    items = list(boards)
    for name, value in (("columns", columns), ("size", size), ("gap", gap)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise KonaneTypeError(f"{name} must be an int, not {describe(value)}")
    if columns <= 0:
        raise KonaneValueError(f"columns must be positive, got {columns!r}")
    if gap < 0:
        raise KonaneValueError(f"gap must be at least 0, got {gap!r}")
    if captions is None:
        texts: list[str | None] = [None] * len(items)
    else:
        if isinstance(captions, str) or not isinstance(captions, Iterable):
            raise KonaneTypeError(f"captions must be None or a sequence of str, not {describe(captions)}")
        texts = list(captions)
        for text in texts:
            if text is not None and not isinstance(text, str):
                raise KonaneTypeError(f"each caption must be a str or None, not {describe(text)}")
        if len(texts) != len(items):
            raise KonaneValueError(f"got {len(texts)} captions for {len(items)} boards: "
                                   "expected one caption per board (or None)")
    pics = [board(b, size=size, coordinates=coordinates, crop=crop, caption=text)
            for b, text in zip(items, texts, strict=True)]
    dims: list[tuple[int, int]] = []
    for pic in pics:
        found = _SIZE_RE.match(pic)
        assert found is not None  # board() always writes width and height first
        dims.append((int(found.group(1)), int(found.group(2))))
    ncols = min(columns, len(pics)) if pics else 0
    nrows = -(-len(pics) // columns) if pics else 0
    col_w = [max((dims[i][0] for i in range(c, len(pics), columns)), default=0) for c in range(ncols)]
    row_h = [max(dims[i][1] for i in range(r * columns, min(len(pics), (r + 1) * columns)))
             for r in range(nrows)]
    width = sum(col_w) + gap * max(0, ncols - 1)
    height = sum(row_h) + gap * max(0, nrows - 1)
    words = "; ".join(f"{i}. {text}" if text else f"{i}." for i, text in enumerate(texts, 1))
    alt = _escape(f"{len(pics)} Konane board{'s' * (len(pics) != 1)}" + (f": {words}" if words else ""))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{alt}">',
           f"<title>{alt}</title>"]
    for i, pic in enumerate(pics):
        r, c = divmod(i, columns)
        x = sum(col_w[:c]) + gap * c
        y = sum(row_h[:r]) + gap * r
        out.append(pic.replace("<svg ", f'<svg class="grid-board" x="{x}" y="{y}" ', 1))
    out.append("</svg>")
    return SvgWrapper("\n".join(out))
