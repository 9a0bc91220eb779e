"""Konane positions: colours, square names and the immutable :class:`Board`.

A board is a set of cells of a ``rows`` x ``cols`` grid (holes and irregular
outlines are allowed), each cell holding a Black stone ``x``, a White stone
``o``, or nothing ``.``.  Black is Left and White is Right in the sense of
combinatorial game theory.

Bit layout
----------
A board is stored as three Python ints used as bit masks: ``cells`` (the
on-board cells), ``black`` and ``white``.  Cell ``(r, c)`` -- row ``r``
counted from the *top* (``r = 0`` is the top row), column ``c`` from the left
-- is bit ``r * stride + c`` where ``stride = cols + 1``: bit
``r * stride + cols`` of every row is an always-off guard column.  The
private module ``konane._kernel.bitboard`` holds every operation on these masks.

Square names
------------
Files ``a, b, c, ...`` count from the left, ranks ``1, 2, 3, ...`` from the
*bottom*, as on the rules page (see :mod:`konane.squares`).  A board knows the
name of its bottom-left square, its :attr:`~Board.origin`: ``a1``, except for a
board cropped out of a bigger one (:meth:`Board.crop`), which keeps the names
its squares had there, so that a square has one name in every view of a
region (the board, its regions, their crops, their moves and pictures).

Examples
--------
>>> b = konane.Board("x.o./.ox.")
>>> print(b)
x.o.
.ox.
>>> b.square("a2"), b.square_name(1, 2)
((0, 0), 'c1')
"""

from __future__ import annotations

import enum
from typing import Any

import cgt
from konane import svg
from konane._calls import describe, public
from konane._kernel import bitboard as bb
from konane.errors import (
    BoardParseError,
    BoardTypeError,
    IllegalMoveError,
    InvalidMoveError,
    KonaneError,
    KonaneTypeError,
    KonaneValueError,
    MoveTypeError,
    PlayerError,
    PlayerTypeError,
)
from konane.moves import Move, as_move, moves_text
from konane.rules import Rules, as_rules
from konane.squares import file_name, parse_square, square_coordinates, square_name

__all__ = [
    "MAX_CELLS",
    "central_cells",
    "corner_cells",
    "Color",
    "BLACK",
    "WHITE",
    "as_color",
    "Board",
    "as_board",
]


# --------------------------------------------------------------------------
# colours
# --------------------------------------------------------------------------


class Color(enum.StrEnum):
    """A player, identified with the character of its stones.

    ``Color.BLACK == "x"`` (Left) and ``Color.WHITE == "o"`` (Right); as a
    :class:`enum.StrEnum` each member *is* that one-character string, so
    ``"x"`` and :data:`BLACK` can be used interchangeably.

    Examples
    --------
    >>> konane.BLACK == "x", konane.BLACK.opponent
    (True, konane.WHITE)
    >>> konane.WHITE.is_left, konane.WHITE.player
    (False, <Player.RIGHT: 'right'>)
    """

    BLACK = "x"
    WHITE = "o"

    def __repr__(self) -> str:
        return f"konane.{self.name}"

    @property
    def opponent(self) -> Color:
        """The other player."""
        return WHITE if self is BLACK else BLACK

    @property
    def is_left(self) -> bool:
        """True for Black, the Left player of combinatorial game theory."""
        return self is BLACK

    @property
    def long_name(self) -> str:
        """``"Black"`` or ``"White"``."""
        return "Black" if self is BLACK else "White"

    @property
    def player(self) -> cgt.Player:
        """The player of combinatorial game theory: :data:`cgt.LEFT` for Black,
        :data:`cgt.RIGHT` for White.  Pass this (never ``"x"`` or ``"o"``) to :mod:`cgt`."""
        return cgt.Player.LEFT if self is BLACK else cgt.Player.RIGHT


BLACK = Color.BLACK
WHITE = Color.WHITE

_COLOR_NAMES: dict[str, Color] = {
    "x": BLACK,
    "o": WHITE,
    "left": BLACK,
    "right": WHITE,
    "black": BLACK,
    "white": WHITE,
}


def as_color(player: Any) -> Color:
    """Normalise a player designation to :data:`BLACK` or :data:`WHITE`.

    Parameters
    ----------
    player : Color or str
        :data:`BLACK`, :data:`WHITE`, ``"x"``, ``"o"``, or (case-insensitively)
        ``"left"``, ``"right"``, ``"black"``, ``"white"``.  Objects whose
        ``name`` attribute is ``LEFT`` or ``RIGHT`` (such as a player enum of
        the ``cgt`` package) are accepted too.

    Returns
    -------
    Color

    Raises
    ------
    PlayerTypeError
        If ``player`` is neither a str nor a player object.
    PlayerError
        If ``player`` is a str that designates no player; the message names the input.

    Examples
    --------
    >>> konane.as_color("Left"), konane.as_color("o"), konane.as_color(cgt.Player.RIGHT)
    (konane.BLACK, konane.WHITE, konane.WHITE)
    >>> konane.as_color("red")
    Traceback (most recent call last):
    ...
    konane.errors.PlayerError: unknown player 'red': use 'x' (Black, Left) or 'o' (White, Right)
    """
    try:
        return _COLOR_NAMES[player]
    except (KeyError, TypeError):
        pass
    if isinstance(player, str):
        key: Any = player.lower()
    else:
        key = getattr(player, "name", None)
        if not isinstance(key, str) or key.lower() not in ("left", "right"):
            raise PlayerTypeError(
                f"expected a player such as 'x' (Black, Left) or 'o' (White, Right), not {describe(player)}")
    if key.lower() in _COLOR_NAMES:
        return _COLOR_NAMES[key.lower()]
    raise PlayerError(f"unknown player {player!r}: use 'x' (Black, Left) or 'o' (White, Right)")


# --------------------------------------------------------------------------
# picture parsing
# --------------------------------------------------------------------------

_CELL_CHARS = {"x": 1, "o": 2, ".": 0, " ": -1, "#": -1}
# the characters of a picture as bits of the cells, the black and the white masks
_CELLS_BITS = str.maketrans({ch: "1" if kind >= 0 else "0" for ch, kind in _CELL_CHARS.items()})
_BLACK_BITS = str.maketrans({ch: "1" if kind == 1 else "0" for ch, kind in _CELL_CHARS.items()})
_WHITE_BITS = str.maketrans({ch: "1" if kind == 2 else "0" for ch, kind in _CELL_CHARS.items()})
# the character of a cell from its bits in the cells, black and white masks
_PICTURE_CHARS = {"000": "#", "100": ".", "110": "x", "101": "o"}
# the same by digits (cell + 2 black + 4 white), for boards of at most _DIGITS_PICTURE_MAX
# cells with their guard column (Python converts at most 4300 digits between int and str)
_PICTURE_DIGITS = str.maketrans("0135", "#.xo")
_DIGITS_PICTURE_MAX = 4000


MAX_CELLS = 1 << 20
"""The largest board, in cells of its grid (1,048,576: a 1024 x 1024 grid).  Its masks are
Python ints of that many bits; much bigger grids would only exhaust the memory."""


def _check_size(rows: int, cols: int) -> None:
    if rows * cols > MAX_CELLS:
        raise BoardParseError(f"a {rows} x {cols} board has {rows * cols:,} cells: a board has at most "
                              f"{MAX_CELLS:,} (konane.board.MAX_CELLS)")


def _picture_rows(text: str) -> list[str]:
    """Split a picture into its rows (strings of equal length); see Board."""
    if not isinstance(text, str):
        raise BoardTypeError(f"a board picture must be a str, not {describe(text)}")
    if not text.strip():
        raise BoardParseError(f"empty board picture {text!r}")
    if "\n" in text or "\r" in text:
        lines = text.splitlines()
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        indent = min(len(line) - len(line.lstrip(" ")) for line in lines if line.strip())
        rows = [line[indent:] for line in lines]
        form = "line"
    else:
        rows = text.split("/")
        form = "row"
    for i, row in enumerate(rows):
        if not row:
            raise BoardParseError(
                f"board picture {text!r}: {form} {i} is empty; every {form} needs at least one cell "
                "(write '#' for a cell that is off the board)")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise BoardParseError(
                f"ragged board picture {text!r}: {form} {i} has {len(row)} cells but "
                f"{form} 0 has {width}; every row must have the same length, pad short "
                f"rows with '#' (off-board)"
            )
    _check_size(len(rows), width)
    return rows


# --------------------------------------------------------------------------
# the board
# --------------------------------------------------------------------------


_A1 = (0, 0)          # the origin a1 as (files, ranks) offsets


def _unpickle_board(rows: int, cols: int, cells: int, black: int, white: int, origin: str = "a1") -> Board:
    return Board.from_masks(rows, cols, cells, black, white, origin=origin)


def _offsets(origin: Any) -> tuple[int, int]:
    """The ``(files, ranks)`` offset of the origin square name ``origin``."""
    if not isinstance(origin, str):
        raise BoardTypeError(f"origin must be a square name such as 'a1', not {describe(origin)}")
    try:
        return square_coordinates(origin)
    except InvalidMoveError as exc:
        raise BoardParseError(f"invalid origin {origin!r}: {exc}") from None


class Board:
    """An immutable Konane position on any set of cells of a grid.

    Parameters
    ----------
    picture : str
        The position drawn with ``x`` (Black stone), ``o`` (White stone),
        ``.`` (empty cell), and a space or ``#`` (no cell: off the board),
        rows from top to bottom.  Two forms are accepted:

        * one line with rows separated by ``/``, e.g. ``"x.o/.ox."``; every
          character counts (a leading space is an off-board cell) and all rows
          must have the same length;
        * a multi-line string (it contains a newline).  Leading and trailing
          blank lines are dropped and the common indentation (spaces only) of
          the non-blank lines is removed; then every line must have the same
          length.  Trailing spaces *matter*: since editors strip them, pad short
          rows with ``#`` instead.  Tabs are not allowed.

        A ``str`` without ``/`` and newline is a one-row board.  Another
        :class:`Board` is accepted and copied.
    origin : str, optional
        The name of the grid's bottom-left square (default ``"a1"``, or the
        origin of the board copied): a board cropped out of a bigger one
        (:meth:`crop`) names its squares, its moves and its pictures as that
        board does.  The picture itself has no origin.

    See Also
    --------
    Board.start, Board.from_masks

    Raises
    ------
    BoardTypeError
        If ``picture`` is not a str or a Board, or ``origin`` not a str.
    BoardParseError
        For an unknown character, ragged rows, an empty picture, or an
        ``origin`` that is not a square name.

    Notes
    -----
    A board is a value: it compares by its :attr:`key`, ``(rows, cols, cells,
    black, white)``, and its :attr:`origin` (two boards of the same stones
    whose squares have other names are different views), and hashes by its
    key; see the module docstring for the bit layout.  Boards never change:
    :meth:`play` and :meth:`options` return new boards (with the same origin).
    Which player is to move is *not* part of a board.

    Properties and methods follow one rule, here and in the rest of
    :mod:`konane`: a *fact* of the object, read without arguments, is a
    property (``rows``, ``cols``, ``cells``, ``picture``, ``key``;
    ``Match.turn``, ``Match.is_over``, ``Move.jumps``, ``Analysis.outcome``);
    an *operation*, one that takes arguments or builds new objects (boards,
    lists), is a method (``play(move)``, ``options(player)``, ``crop()``,
    ``normalized()``, ``stones(player)``).  Accessors are named as in
    python-chess: ``X_mask`` is an int bit mask (``cells_mask``,
    ``black_mask``, ``stones_mask(player)``), ``X`` a frozenset of squares
    ``(row, col)`` (``cells``, ``empty``, ``stones(player)``), ``X_count``
    an int (``cell_count``, ``stone_count(player)``, ``move_count(player)``).

    Examples
    --------
    >>> b = konane.Board('''
    ...     x.o
    ...     .ox
    ...     #o.
    ... ''')
    >>> b
    konane.Board('x.o/.ox/#o.')
    >>> print(b)
    x.o
    .ox
    #o.
    >>> b.rows, b.cols, b.stone_count("x"), b.stone_count("o")
    (3, 3, 2, 3)
    >>> konane.Board(str(b)) == b == eval(repr(b))
    True
    """

    __slots__ = ("_rows", "_cols", "_cells", "_black", "_white", "_origin")

    _rows: int
    _cols: int
    _cells: int
    _black: int
    _white: int
    _origin: tuple[int, int]

    @public
    def __init__(self, picture: str | Board, *, origin: str | None = None) -> None:
        if isinstance(picture, Board):
            self._rows, self._cols = picture._rows, picture._cols
            self._cells, self._black, self._white = picture._cells, picture._black, picture._white
            self._origin = picture._origin if origin is None else _offsets(origin)
            return
        self._origin = _A1 if origin is None else _offsets(origin)
        rows = _picture_rows(picture)
        nrows, ncols = len(rows), len(rows[0])
        for r, row in enumerate(rows):
            if not _CELL_CHARS.keys() >= set(row):
                c, ch = next((c, ch) for c, ch in enumerate(row) if ch not in _CELL_CHARS)
                raise BoardParseError(
                    f"unknown character {ch!r} at row {r}, column {c} in board picture "
                    f"{picture!r} (use x, o, '.', ' ' or '#')"
                )
        # each mask read at once from a string of bits (bit r * stride + c is the character
        # at row r, column c; the guard column is a 0), in time linear in the cells: setting
        # the bits one by one copies the growing int each time (a 1 x 10^6 board: 30 s)
        text = "#".join(rows)[::-1]
        cells = int(text.translate(_CELLS_BITS), 2)
        black = int(text.translate(_BLACK_BITS), 2)
        white = int(text.translate(_WHITE_BITS), 2)
        self._rows, self._cols = nrows, ncols
        self._cells, self._black, self._white = cells, black, white

    # -- construction -----------------------------------------------------

    @classmethod
    def _make(cls, rows: int, cols: int, cells: int, black: int, white: int,
              origin: tuple[int, int] = _A1) -> Board:
        """Build a board from masks without any validation (fast path); ``origin`` as offsets."""
        b = object.__new__(cls)
        b._rows = rows
        b._cols = cols
        b._cells = cells
        b._black = black
        b._white = white
        b._origin = origin
        return b

    @classmethod
    def from_masks(cls, rows: int, cols: int, cells: int, black: int, white: int, *,
                   origin: str = "a1") -> Board:
        """Build a board from its bit masks, checking them.

        Parameters
        ----------
        rows, cols : int
            Size of the grid, both at least 1.
        cells, black, white : int
            Bit masks in the layout of the module docstring: bit
            ``r * (cols + 1) + c`` is cell ``(r, c)``.
        origin : str, default "a1"
            The name of the grid's bottom-left square (see :attr:`origin`).

        Returns
        -------
        Board

        Raises
        ------
        BoardTypeError
            If an argument is not an int.
        BoardParseError
            If a size is not positive, a mask is negative, ``cells`` has a bit
            outside the grid (guard column included), or the stones are not
            disjoint cells of ``cells``.

        Examples
        --------
        >>> konane.Board.from_masks(1, 3, 0b111, 0b001, 0b100)
        konane.Board('x.o')
        >>> konane.Board.from_masks(1, 3, 0b011, 0b001, 0b100)
        Traceback (most recent call last):
        ...
        konane.errors.BoardParseError: stones off the board: white=4 has bits outside cells=3
        """
        for name, value in (("rows", rows), ("cols", cols), ("cells", cells), ("black", black),
                            ("white", white)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise BoardTypeError(f"{name} must be an int, not {describe(value)}")
            if value < (1 if name in ("rows", "cols") else 0):
                raise BoardParseError(f"{name} must be an int >= {1 if name in ('rows', 'cols') else 0}, "
                                      f"got {value!r}")
        _check_size(rows, cols)
        if cells & ~bb.full_mask(rows, cols):
            raise BoardParseError(
                f"cells={cells!r} has bits outside the {rows}x{cols} grid (or in the guard column)"
            )
        for name, value in (("black", black), ("white", white)):
            if value & ~cells:
                raise BoardParseError(
                    f"stones off the board: {name}={value!r} has bits outside cells={cells!r}"
                )
        if black & white:
            raise BoardParseError(f"black={black!r} and white={white!r} overlap")
        return cls._make(rows, cols, cells, black, white, _offsets(origin))

    @classmethod
    @public
    def start(cls, rows: int = 8, cols: int | None = None, *, a1: Any = BLACK) -> Board:
        """The full starting board: every cell holds a stone, colours alternate.

        Parameters
        ----------
        rows : int, default 8
            Number of rows (ranks).
        cols : int, optional
            Number of columns (files); defaults to ``rows``.
        a1 : Color or str, default BLACK
            The colour of the stone on ``a1``, the bottom-left cell.  By
            default Black (``x``) stands on a1, so on an even board Black owns
            the bottom-left and top-right corners.

        Returns
        -------
        Board

        Raises
        ------
        BoardTypeError
            If a size is not an int.
        BoardParseError
            If a size is less than 1.
        PlayerTypeError, PlayerError
            If ``a1`` is not a player.

        Examples
        --------
        >>> print(konane.Board.start(4))
        oxox
        xoxo
        oxox
        xoxo
        >>> konane.Board.start(2, 3, a1="o")
        konane.Board('xox/oxo')
        """
        if cols is None:
            cols = rows
        for name, value in (("rows", rows), ("cols", cols)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise BoardTypeError(f"{name} must be an int, not {describe(value)}")
            if value < 1:
                raise BoardParseError(f"{name} must be an int >= 1, got {value!r}")
        _check_size(rows, cols)
        color = as_color(a1)
        return cls._make(rows, cols, bb.full_mask(rows, cols), 0, 0).filled(a1=color)

    @public
    def filled(self, *, a1: Any = BLACK) -> Board:
        """The starting pattern laid on this board's cells.

        Every on-board cell gets a stone, alternating like a checkerboard,
        with the colour ``a1`` on the cells of the same parity as a1 (whether
        or not a1 itself is on the board).

        Examples
        --------
        >>> konane.Board("#../.../..#").filled()
        konane.Board('#ox/oxo/xo#')
        """
        a1 = as_color(a1)
        same = bb.checker_mask(self._rows, self._cols) & self._cells
        other = self._cells & ~same
        if a1 is BLACK:
            return Board._make(self._rows, self._cols, self._cells, same, other, self._origin)
        return Board._make(self._rows, self._cols, self._cells, other, same, self._origin)

    # -- masks, sets and counts ---------------------------------------------
    # One rule for the accessors (python-chess's): ``X_mask`` is an int bit mask, ``X`` a
    # frozenset of squares ``(row, col)``, ``X_count`` an int.

    @property
    def rows(self) -> int:
        """Number of rows of the grid."""
        return self._rows

    @property
    def cols(self) -> int:
        """Number of columns of the grid."""
        return self._cols

    @property
    def stride(self) -> int:
        """``cols + 1``: the bit distance between vertically adjacent cells."""
        return self._cols + 1

    @property
    def cells_mask(self) -> int:
        """Bit mask of the on-board cells."""
        return self._cells

    @property
    def black_mask(self) -> int:
        """Bit mask of the Black stones."""
        return self._black

    @property
    def white_mask(self) -> int:
        """Bit mask of the White stones."""
        return self._white

    @property
    def empty_mask(self) -> int:
        """Bit mask of the empty on-board cells."""
        return self._cells & ~(self._black | self._white)

    @public
    def stones_mask(self, player: Any) -> int:
        """Bit mask of ``player``'s stones.

        Examples
        --------
        >>> konane.Board("x.ox").stones_mask("x")
        9
        """
        color = as_color(player)
        return self._black if color is BLACK else self._white

    def _squares(self, mask: int) -> frozenset[tuple[int, int]]:
        return frozenset(divmod(i, self._cols + 1) for i in bb.iter_bits(mask))

    @property
    def cells(self) -> frozenset[tuple[int, int]]:
        """The on-board cells, as ``(row, col)`` squares (``sorted`` gives them row-major).

        Examples
        --------
        >>> sorted(konane.Board("x#/.o").cells)
        [(0, 0), (1, 0), (1, 1)]
        """
        return self._squares(self._cells)

    @property
    def empty(self) -> frozenset[tuple[int, int]]:
        """The empty on-board cells, as ``(row, col)`` squares.

        Examples
        --------
        >>> sorted(konane.Board("x#/.o").empty)
        [(1, 0)]
        """
        return self._squares(self.empty_mask)

    @public
    def stones(self, player: Any) -> frozenset[tuple[int, int]]:
        """The squares ``(row, col)`` holding ``player``'s stones.

        Examples
        --------
        >>> sorted(konane.Board("x.o./.ox.").stones("x"))
        [(0, 0), (1, 2)]
        """
        return self._squares(self.stones_mask(player))

    @property
    def cell_count(self) -> int:
        """The number of on-board cells.

        Examples
        --------
        >>> konane.Board("x#/.o").cell_count
        3
        """
        return self._cells.bit_count()

    @public
    def stone_count(self, player: Any = None) -> int:
        """The number of ``player``'s stones, or of all stones when ``player`` is None.

        Examples
        --------
        >>> konane.Board.start(6).stone_count("o")
        18
        >>> konane.Board("xo.x").stone_count()
        3
        """
        if player is None:
            return (self._black | self._white).bit_count()
        return self.stones_mask(player).bit_count()

    @property
    def picture(self) -> str:
        """The one-line picture, rows joined by ``/``: what :class:`Board`, every function
        that takes a position and the command line accept (``konane value 'x.o/.ox.'``).

        Examples
        --------
        >>> b = konane.Board("x.o\\n.ox")
        >>> b.picture
        'x.o/.ox'
        >>> konane.Board(b.picture) == b
        True
        """
        return "/".join(self.picture_rows())

    def index(self, row: int, col: int) -> int:
        """The bit index of cell ``(row, col)``: ``row * stride + col``."""
        return row * (self._cols + 1) + col

    def rc(self, index: int) -> tuple[int, int]:
        """The cell ``(row, col)`` of bit ``index``; inverse of :meth:`index`."""
        return divmod(index, self._cols + 1)

    @property
    def key(self) -> tuple[int, int, int, int, int]:
        """``(rows, cols, cells, black, white)``: the position, what hashing and the kernels use
        (equality also compares the :attr:`origin`, a matter of names)."""
        return (self._rows, self._cols, self._cells, self._black, self._white)

    @property
    def origin(self) -> str:
        """The name of the grid's bottom-left square: ``"a1"``, or for a board cropped out of a
        bigger one (:meth:`crop`) the name that square has there.

        Every name of a square (:meth:`square_name`, :meth:`square`, moves, :meth:`diagram`,
        the pictures) counts from it, so a square keeps its name in every view of a region.

        Examples
        --------
        >>> region = konane.Board("######/##xo##/######").crop()
        >>> region, region.origin
        (konane.Board('xo', origin='c2'), 'c2')
        >>> konane.Board("xo").origin
        'a1'
        """
        files, ranks = self._origin
        return f"{file_name(files)}{ranks + 1}"

    @public
    def with_origin(self, origin: str) -> Board:
        """The same position with another :attr:`origin` (``"a1"``: the names of a board of its own).

        Raises
        ------
        BoardTypeError
            If ``origin`` is not a str.
        BoardParseError
            If ``origin`` is not a square name.

        Examples
        --------
        >>> region = konane.Board("###/#xo/###").crop()
        >>> region, region.with_origin("a1")
        (konane.Board('xo', origin='b2'), konane.Board('xo'))
        """
        offsets = _offsets(origin)
        if offsets == self._origin:
            return self
        return Board._make(self._rows, self._cols, self._cells, self._black, self._white, offsets)

    # -- value semantics ----------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self._black == other._black
            and self._white == other._white
            and self._cells == other._cells
            and self._cols == other._cols
            and self._rows == other._rows
            and self._origin == other._origin
        )

    def __hash__(self) -> int:
        return hash((self._rows, self._cols, self._cells, self._black, self._white))

    def __reduce__(self) -> tuple[Any, ...]:
        if self._origin == _A1:
            return (_unpickle_board, self.key)
        return (_unpickle_board, self.key + (self.origin,))

    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self

    __iter__ = None  # a board is not a container of rows; see cells and picture_rows()

    # -- pictures -----------------------------------------------------------

    def picture_rows(self) -> list[str]:
        """The picture as a list of row strings, top row first, ``#`` off-board.

        Examples
        --------
        >>> konane.Board("x.o./#ox.").picture_rows()
        ['x.o.', '#ox.']
        """
        stride = self._cols + 1
        n = self._rows * stride
        if n <= _DIGITS_PICTURE_MAX:
            # each mask's binary digits read as a decimal number: cell + 2 black + 4 white is
            # one digit a cell (at most 7: no carry), the last digit bit 0
            code = (int(format(self._cells, "b")) + 2 * int(format(self._black, "b"))
                    + 4 * int(format(self._white, "b")))
            text = str(code).zfill(n)[::-1].translate(_PICTURE_DIGITS)
        else:

            def bits(mask: int) -> str:           # character i is bit i (linear: no shift per cell)
                return format(mask, "b").zfill(n)[::-1]

            text = "".join(_PICTURE_CHARS[c + b + w] for c, b, w in
                           zip(bits(self._cells), bits(self._black), bits(self._white), strict=True))
        return [text[r * stride:r * stride + self._cols] for r in range(self._rows)]

    def __str__(self) -> str:
        return "\n".join(self.picture_rows())

    def __repr__(self) -> str:
        if self._origin == _A1:
            return f"konane.Board({self.picture!r})"
        return f"konane.Board({self.picture!r}, origin={self.origin!r})"

    @public
    def diagram(self, *, lastmove: Move | str | None = None) -> str:
        """The picture framed by file letters and rank numbers (counted from :attr:`origin`).

        Parameters
        ----------
        lastmove : Move or str, optional
            A move to mark: the cells it left and reached (or the cell of a
            removal) are written in brackets, ``[x]``.

        Raises
        ------
        MoveTypeError, InvalidMoveError
            If ``lastmove`` is not a move or move notation for this grid.

        Examples
        --------
        >>> print(konane.Board("x.o./.ox.").diagram())
        2 x . o .
        1 . o x .
          a b c d
        >>> print(konane.Board("x.o./.ox.").play("c1-a1").diagram(lastmove="c1-a1"))
        2 x . o .
        1[x].[.].
          a b c d
        >>> print(konane.Board("####/#xo#/####").crop().diagram())     # a region keeps its names
        2 x o
          b c
        """
        rows = self.picture_rows()
        marked: set[tuple[int, int]] = set()
        if lastmove is not None:
            move = as_move(lastmove, self._rows, self._cols, self.origin)
            marked = {move.source, move.target}
        files0, ranks0 = self._origin
        width = len(str(self._rows + ranks0))
        files = [file_name(c + files0) for c in range(self._cols)]
        fw = max(len(f) for f in files)
        lines = []
        for r, row in enumerate(rows):
            parts = [str(self._rows - r + ranks0).rjust(width)]
            for c, ch in enumerate(row):
                here, before = (r, c) in marked, (r, c - 1) in marked
                parts.append("|" if here and before else "[" if here else "]" if before else " ")
                parts.append(ch.ljust(fw))
            if (r, self._cols - 1) in marked:
                parts.append("]")
            lines.append("".join(parts).rstrip())
        lines.append(" " * width + " " + " ".join(f.ljust(fw) for f in files).rstrip())
        return "\n".join(lines)

    def _repr_svg_(self) -> str | None:
        try:
            return str(svg.board(self))
        except Exception:  # a display hook must never raise
            return None

    def _repr_html_(self) -> str | None:
        """The same picture as inline SVG, with its alternative text (``aria-label`` and
        ``<title>``): what an HTML export keeps (an ``image/svg+xml`` output becomes an
        ``<img>`` without one)."""
        return self._repr_svg_()

    # -- squares ------------------------------------------------------------

    def _rc_of(self, square: Any) -> tuple[int, int]:
        """(row, col) of a square given by name or as a (row, col) pair."""
        if isinstance(square, str):
            return self.square(square)
        try:
            r, c = square
        except (TypeError, ValueError):
            raise MoveTypeError(
                f"a square must be a name like 'c3' or a (row, col) pair, not {describe(square)}"
            ) from None
        if not (isinstance(r, int) and isinstance(c, int)):
            raise MoveTypeError(f"a square must be a name like 'c3' or a (row, col) pair of ints, "
                                f"not {square!r}")
        if not (0 <= r < self._rows and 0 <= c < self._cols):
            raise InvalidMoveError(
                f"invalid square {square!r}: outside the {self._rows}x{self._cols} grid"
            )
        return r, c

    @public
    def square(self, name: str) -> tuple[int, int]:
        """The cell ``(row, col)`` named ``name`` on this board's grid.

        Parameters
        ----------
        name : str
            A square name such as ``"c3"`` (file letters, then the rank
            counted from the bottom).

        Returns
        -------
        tuple of int
            ``(row, col)``, row 0 being the top row.

        Raises
        ------
        MoveTypeError
            If ``name`` is not a str.
        InvalidMoveError
            If ``name`` is not a square name or lies outside the grid.  A
            cell inside the grid but off the board (a hole) is accepted.

        Examples
        --------
        >>> b = konane.Board.start(8)
        >>> b.square("c3")
        (5, 2)
        >>> b.square_name(*b.square("h8"))
        'h8'
        >>> b.square("i1")
        Traceback (most recent call last):
        ...
        konane.errors.InvalidMoveError: invalid square 'i1': file 'i' is beyond the 8 files of the grid
        """
        if self._origin == _A1:
            r, c = parse_square(name, self._rows)
        else:
            r, c = parse_square(name, self._rows, origin=self.origin)
        if c >= self._cols:
            raise InvalidMoveError(
                f"invalid square {name!r}: file {file_name(c + self._origin[0])!r} is beyond the "
                f"{self._cols} files of the grid"
            )
        return r, c

    @public
    def square_name(self, row: Any, col: int | None = None) -> str:
        """The name of a cell, given as ``row, col``, as a ``(row, col)`` pair,
        or as a single bit index (see :meth:`index`).

        Examples
        --------
        >>> b = konane.Board.start(6)
        >>> b.square_name(5, 0), b.square_name((0, 5)), b.square_name(b.index(3, 2))
        ('a1', 'f6', 'c3')
        """
        if col is None:
            if isinstance(row, int):
                if row < 0:
                    raise InvalidMoveError(f"invalid bit index {row!r}")
                row, col = divmod(row, self._cols + 1)
            else:
                row, col = self._rc_of(row)
        if not isinstance(col, int) or isinstance(col, bool):
            raise MoveTypeError(f"a column must be an int, not {describe(col)}")
        if not 0 <= col < self._cols:
            raise InvalidMoveError(f"invalid column {col!r} for a grid of {self._cols} columns")
        if self._origin == _A1:
            return square_name(row, col, self._rows)
        return square_name(row, col, self._rows, origin=self.origin)

    @public
    def __getitem__(self, square: Any) -> str:
        """The content of a square: ``"x"``, ``"o"``, ``"."`` or ``"#"`` (off-board).

        Examples
        --------
        >>> b = konane.Board("x.o./#ox.")
        >>> b["a2"], b["a1"], b[1, 2], b["b2"]
        ('x', '#', 'x', '.')
        """
        r, c = self._rc_of(square)
        bit = 1 << (r * (self._cols + 1) + c)
        if not self._cells & bit:
            return "#"
        if self._black & bit:
            return "x"
        if self._white & bit:
            return "o"
        return "."

    @public
    def is_empty_of(self, player: Any) -> bool:
        """True if ``player`` has no stone on the board.

        Examples
        --------
        >>> konane.Board("x..").is_empty_of("o")
        True
        """
        return not self.stones_mask(player)

    # -- symmetry and shape -------------------------------------------------

    def color_swapped(self) -> Board:
        """The board with every Black stone made White and vice versa.

        In CGT terms this negates the value.

        Examples
        --------
        >>> konane.Board("x.o").color_swapped()
        konane.Board('o.x')
        """
        return Board._make(self._rows, self._cols, self._cells, self._white, self._black, self._origin)

    def is_own_negative(self) -> bool:
        """Whether the board is the image of its negative (:meth:`color_swapped`) under one of
        the eight symmetries (:meth:`transform`): its value ``G`` is then ``-G``, so the player
        moving first wins with either colour or loses with either (outcome N or P), and one
        search settles both.

        Returns
        -------
        bool

        Examples
        --------
        The 4x4 board with the gap in the middle of its second row, under the mirror
        left-right:

        >>> b = konane.Board("oxox/xoxo/o..x/xoxo")
        >>> b.is_own_negative(), b.color_swapped() == b.transform(4), konane.outcome(b)
        (True, True, <Outcome.P: 'P'>)
        >>> konane.Board("xo./..x").is_own_negative()
        False
        """
        key = (self._rows, self._cols, self._cells, self._white, self._black)
        return any(image.key == key for image in self.transforms())

    def transform(self, k: int) -> Board:
        """The image of the board under the ``k``-th symmetry of the square.

        ``k = 4 * f + q`` with ``f`` in {0, 1} and ``q`` in {0, 1, 2, 3}:
        first mirror left-right if ``f == 1``, then rotate ``q`` quarter turns
        clockwise.  So ``0`` is the identity, ``1``, ``2``, ``3`` are the
        rotations by 90, 180 and 270 degrees clockwise, ``4`` is the
        left-right mirror, ``6`` the top-bottom mirror, ``5`` and ``7`` the
        two diagonal reflections.  Odd ``k`` swap ``rows`` and ``cols``.
        Konane values are invariant under all eight.  The image is a board of
        its own: its :attr:`origin` is ``a1`` (``k == 0`` returns the board itself).

        Parameters
        ----------
        k : int
            In ``range(8)``.

        Returns
        -------
        Board

        Examples
        --------
        >>> b = konane.Board("xo./..#")
        >>> b.transform(1)
        konane.Board('.x/.o/#.')
        >>> b.transform(4)
        konane.Board('.ox/#..')
        >>> all(b.transform(k).transform(k).transform(k).transform(k) == b for k in range(8))
        True

        Notes
        -----
        Uses cached byte-chunk lookup tables, so a transform costs about
        ``3 * rows * (cols + 1) / 8`` table look-ups.
        """
        if not isinstance(k, int) or isinstance(k, bool):
            raise KonaneTypeError(f"a symmetry must be an int in range(8), not {describe(k)}")
        if not 0 <= k < 8:
            raise KonaneValueError(f"invalid symmetry {k!r}: expected an int in range(8)")
        if k == 0:
            return self
        tables = bb.transform_table(self._rows, self._cols, k)
        nrows, ncols = bb.transform_shape(self._rows, self._cols, k)
        return Board._make(
            nrows,
            ncols,
            bb.apply_table(tables, self._cells),
            bb.apply_table(tables, self._black),
            bb.apply_table(tables, self._white),
        )

    def transforms(self) -> list[Board]:
        """The eight images ``[self.transform(k) for k in range(8)]``."""
        return [self.transform(k) for k in range(8)]

    def crop(self) -> Board:
        """The board shrunk to the bounding box of its on-board cells; squares keep their names.

        The cropped board's :attr:`origin` is the name its bottom-left square
        has on this board, so its squares, its moves, its diagram and its
        pictures name every square as this board does (``.with_origin("a1")``
        renames them from a1).  A board without any cell becomes the 1x1 grid
        without cells, ``Board("#")``, so that all such boards crop (and
        normalize) alike.

        Examples
        --------
        >>> konane.Board("####/#xo#/#.##").crop()
        konane.Board('xo/.#', origin='b1')
        >>> b = konane.Board("#####/#.xo#/#####")
        >>> b.legal_moves("o"), b.crop().legal_moves("o")
        ([konane.Move.parse('d2-b2', rows=3)], [konane.Move.parse('d2-b2', rows=1, origin='b2')])
        """
        cells = self._cells
        if not cells:
            if self._rows == self._cols == 1 and self._origin == _A1:
                return self
            return Board._make(1, 1, 0, 0, 0)
        stride = self._cols + 1
        r0, c0, rows, cols = bb.bounding_box(cells, stride)
        if rows == self._rows and cols == self._cols:
            return self
        shift = r0 * stride + c0
        files, ranks = self._origin
        origin = (files + c0, ranks + self._rows - r0 - rows)
        return Board._make(rows, cols, bb.relayout(cells, rows, cols, stride, cols + 1, shift),
                           bb.relayout(self._black, rows, cols, stride, cols + 1, shift),
                           bb.relayout(self._white, rows, cols, stride, cols + 1, shift), origin)

    def normalized(self) -> tuple[Board, bool]:
        """The normal form of the board up to translation, symmetry and colour swap.

        The board is cropped to its cells; its cell shape is mapped to the
        smallest of its images under the 8 symmetries (by ``(rows, cols,
        cells)``), and among the symmetries that do so, the smallest image of
        the stones ``(black, white)`` is taken, of the board and of its
        colour-swapped board.  Symmetries keep the value, the colour swap
        negates it.  This is the normal form under which :func:`konane.value`
        caches the values of regions.

        Returns
        -------
        (Board, bool)
            The normal form, and ``True`` if it is colour-swapped (so its value
            is the negative of this board's).

        Examples
        --------
        >>> konane.Board("#ox.").normalized()
        (konane.Board('xo.'), True)
        >>> konane.Board("#..x/#..o").normalized() == konane.Board("o../x..").normalized()
        True
        >>> konane.Board(".xo.").normalized()[0] == konane.Board(".ox.").normalized()[0]
        True
        """
        if not self._cells:
            if self._rows == self._cols == 1 and self._origin == _A1:
                return self, False
            return Board._make(1, 1, 0, 0, 0), False
        rows, cols, cells, black, white, swapped = bb.normal_form(
            self._cols + 1, self._cells, self._black, self._white)
        return Board._make(rows, cols, cells, black, white), swapped

    # -- moves ----------------------------------------------------------------

    def _sides(self, player: Any) -> tuple[bool, int, int]:
        """``(is_black, mine, enemy)`` for ``player`` (a Color, or anything :func:`as_color` reads)."""
        if player is BLACK or player == "x":
            return True, self._black, self._white
        if player is WHITE or player == "o":
            return False, self._white, self._black
        if as_color(player) is BLACK:
            return True, self._black, self._white
        return False, self._white, self._black

    @public
    def options(self, player: Any, rules: Rules | None = None) -> list[Board]:
        """The boards one move of ``player`` away, one per legal move: the fast path.

        Parameters
        ----------
        player : Color or str
            ``"x"``/:data:`konane.BLACK` (Left) or ``"o"``/:data:`konane.WHITE`
            (Right); see :func:`konane.as_color`.
        rules : Rules, optional
            Defaults to :data:`konane.STANDARD`; :data:`konane.SINGLE_JUMP`
            allows single jumps only.

        Returns
        -------
        list of Board
            One board per legal move, in an unspecified but deterministic
            order, without duplicates.

        Raises
        ------
        PlayerTypeError, PlayerError
            If ``player`` is not a player.
        RulesTypeError
            If ``rules`` is not a :class:`konane.Rules`.

        Examples
        --------
        >>> b = konane.Board("xo.o.o.")
        >>> b.options("x")
        [konane.Board('..xo.o.'), konane.Board('....xo.'), konane.Board('......x')]
        >>> b.options("x", konane.SINGLE_JUMP)
        [konane.Board('..xo.o.')]

        Notes
        -----
        The captures of all stones are found bit-parallel, a few big-int
        operations per direction and per move, with no Python loop over cells.
        """
        black, me, en = self._sides(player)
        multi = True if rules is None else as_rules(rules).multi_jump
        rows, cols, cells, origin = self._rows, self._cols, self._cells, self._origin
        make = Board._make
        pairs = bb.captures(cells, me, en, cols + 1, multi)
        if black:
            return [make(rows, cols, cells, nm, ne, origin) for nm, ne in pairs]
        return [make(rows, cols, cells, ne, nm, origin) for nm, ne in pairs]

    @public
    def legal_moves(self, player: Any, rules: Rules | None = None) -> list[Move]:
        """The legal captures of ``player``, as :class:`konane.Move` objects.

        Parameters
        ----------
        player : Color or str
        rules : Rules, optional
            Defaults to :data:`konane.STANDARD`.

        Returns
        -------
        list of Move
            Sorted by source square (files from the left, then ranks from the
            bottom), then by target square.

        Raises
        ------
        PlayerTypeError, PlayerError, RulesTypeError
            As for :meth:`options`.

        Examples
        --------
        The example of the rules page: White's stone on c3 may go to c5, e3 or
        g3, but not turn from e3 to e5.

        >>> b = konane.Board('''
        ...     ........
        ...     ........
        ...     ........
        ...     ........
        ...     ..x.x...
        ...     ..ox.x..
        ...     ........
        ...     ........
        ... ''')
        >>> [str(m) for m in b.legal_moves("o") if m.source_name == "c3"]
        ['c3-c5', 'c3-e3', 'c3-g3']
        """
        _, me, en = self._sides(player)
        multi = as_rules(rules).multi_jump
        rows, stride, origin = self._rows, self._cols + 1, self.origin
        moves = []
        for nm, _ in bb.captures(self._cells, me, en, stride, multi):
            src = (me & ~nm).bit_length() - 1
            dst = (nm & ~me).bit_length() - 1
            moves.append(Move(divmod(src, stride), divmod(dst, stride), rows, origin))
        moves.sort(key=Move.order)
        return moves

    @public
    def move_options(self, player: Any, rules: Rules | None = None) -> list[tuple[Move, Board]]:
        """Pairs ``(move, board after the move)`` for every legal move of ``player``.

        The moves are in the order of :meth:`legal_moves`; the boards are the
        same as those of :meth:`options` (in another order).

        Examples
        --------
        >>> [(str(m), b) for m, b in konane.Board("xo.").move_options("x")]
        [('a1-c1', konane.Board('..x'))]
        """
        moves = self.legal_moves(player, rules)
        return [(m, self._apply(m)) for m in moves]

    @public
    def can_move(self, player: Any, rules: Rules | None = None) -> bool:
        """True if ``player`` has at least one legal capture (whatever the rules).

        Examples
        --------
        >>> konane.Board("xo.").can_move("x"), konane.Board("xo.").can_move("o")
        (True, False)
        """
        _, me, en = self._sides(player)
        as_rules(rules)
        return bb.can_capture(self._cells, me, en, self._cols + 1)

    @public
    def move_count(self, player: Any, rules: Rules | None = None) -> int:
        """The number of legal moves of ``player``.

        Examples
        --------
        >>> konane.Board("xo.o.").move_count("x")
        2
        """
        _, me, en = self._sides(player)
        multi = as_rules(rules).multi_jump
        return len(bb.captures(self._cells, me, en, self._cols + 1, multi))

    @public
    def parse_move(self, text: str) -> Move:
        """Read move notation (``"c3-g3"`` or a removal ``"d4"``) for this grid.

        Only the notation is checked (squares inside the grid, a straight line
        of even length), not legality.

        Raises
        ------
        MoveTypeError
            If ``text`` is not a str.
        InvalidMoveError
            If ``text`` is not move notation for this grid.

        Examples
        --------
        >>> konane.Board.start(8).parse_move("c3-g3")
        konane.Move.parse('c3-g3', rows=8)
        """
        return Move.parse(text, rows=self._rows, cols=self._cols, origin=self.origin)

    def _apply(self, move: Move) -> Board:
        """The board after a capture known to be legal."""
        stride = self._cols + 1
        sr, sc = move.source
        tr, tc = move.target
        src, dst = 1 << (sr * stride + sc), 1 << (tr * stride + tc)
        captured = 0
        for r, c in move.jumped:
            captured |= 1 << (r * stride + c)
        if self._black & src:
            return Board._make(self._rows, self._cols, self._cells,
                               self._black ^ src ^ dst, self._white ^ captured, self._origin)
        return Board._make(self._rows, self._cols, self._cells,
                           self._black ^ captured, self._white ^ src ^ dst, self._origin)

    @public
    def illegal_reason(self, move: Move | str, rules: Rules | None = None, *, player: Any = None) -> str | None:
        """Why ``move`` is illegal on this board (by ``player``, if given), or None if it is legal.

        Examples
        --------
        >>> b = konane.Board("xo.o.")
        >>> b.illegal_reason("a1-c1") is None, b.illegal_reason("a1-e1", konane.SINGLE_JUMP)
        (True, 'multi-jumps are not allowed by these rules (single jumps only)')
        >>> b.illegal_reason("b1-d1", player="x")
        "b1 holds a White stone but it is Black's move"
        """
        return self._checked(move, rules, player)[1]

    def _reason(self, move: Move, rules: Rules, player: Color | None) -> str | None:
        """:meth:`illegal_reason` on checked arguments."""
        if move.rows != self._rows:
            return f"the move is written for a board of {move.rows} rows, this one has {self._rows}"
        if move.is_removal:
            return "a removal is legal only in the opening of a konane.Match"
        cols, stride = self._cols, self._cols + 1
        cells, black, white = self._cells, self._black, self._white

        def bit(rc: tuple[int, int]) -> int:
            r, c = rc
            return 1 << (r * stride + c) if c < cols else 0

        src = bit(move.source)
        name = move.source_name
        if not cells & src:
            return f"{name} is not on the board"
        if not (black | white) & src:
            return f"there is no stone on {name}"
        mover = BLACK if black & src else WHITE
        if player is not None and player is not mover:
            return f"{name} holds a {mover.long_name} stone but it is {player.long_name}'s move"
        if move.jumps > 1 and not rules.multi_jump:
            return "multi-jumps are not allowed by these rules (single jumps only)"
        enemy = white if mover is BLACK else black
        empty = cells & ~(black | white)
        for over, land in zip(move.jumped, move.landings, strict=True):
            if not enemy & bit(over):
                return (f"{self.square_name(over)} does not hold a "
                        f"{mover.opponent.long_name} stone to jump")
            if not empty & bit(land):
                return f"{self.square_name(land)} is not an empty cell of the board"
        return None

    def _checked(self, move: Any, rules: Any, player: Any) -> tuple[Move, str | None]:
        """The arguments of :meth:`play` read and checked, and why the move is illegal."""
        m = as_move(move, self._rows, self._cols, self.origin)
        r = as_rules(rules)
        p = None if player is None else as_color(player)
        return m, self._reason(m, r, p)

    @public
    def play(self, move: Move | str, rules: Rules | None = None, *, player: Any = None) -> Board:
        """The board after the capture ``move``; ``self`` is unchanged.

        Parameters
        ----------
        move : Move or str
            A :class:`konane.Move` or its notation, e.g. ``"c3-g3"``.
        rules : Rules, optional
            Defaults to :data:`konane.STANDARD`.
        player : Color or str, optional
            If given, the stone on the source square must be this player's.
            Otherwise the mover is the owner of that stone.

        Returns
        -------
        Board

        Raises
        ------
        MoveTypeError, RulesTypeError, PlayerTypeError
            If an argument has the wrong type.
        InvalidMoveError
            If ``move`` is a string that is not move notation for this grid.
        IllegalMoveError
            If the move is not legal here (no own stone on the source, a jumped
            cell without an enemy stone, a landing cell not empty, a multi-jump
            under single-jump rules, a removal, ...).  The message names the
            move, gives the reason, names the legal moves (of ``player`` if
            given, else of both) and shows the board with its file letters and
            rank numbers.

        Examples
        --------
        >>> b = konane.Board("xo.o.")
        >>> print(b.play("a1-c1"))
        ..xo.
        >>> b.play("a1-e1")
        konane.Board('....x')
        >>> b.play("a1-e1", konane.SINGLE_JUMP)
        Traceback (most recent call last):
        ...
        konane.errors.IllegalMoveError: illegal move 'a1-e1': multi-jumps are not allowed by these rules ...
        legal moves: Black a1-c1; White none
        1 x o . o .
          a b c d e
        """
        m, reason = self._checked(move, rules, player)
        if reason is not None:
            raise illegal_move(self, m, reason, legal=_legal_text(
                self, as_rules(rules), None if player is None else as_color(player)))
        return self._apply(m)

    @public
    def is_legal(self, move: Move | str, rules: Rules | None = None, *, player: Any = None) -> bool:
        """True if :meth:`play` would accept ``move`` (notation and type errors still raise).

        Examples
        --------
        >>> konane.Board("xo.").is_legal("a1-c1", player="o")
        False
        """
        _, reason = self._checked(move, rules, player)
        return reason is None

    @public
    def removals(self, player: Any, hole: Any = None, rules: Rules | None = None) -> list[Move]:
        """The legal opening removals of ``player`` (the rule of a :class:`konane.Match`'s
        opening).

        Parameters
        ----------
        player : Color or str
        hole : tuple of int or str, optional
            ``None`` for the first removal.  For the second removal, the cell of
            the first one: then the answer is ``player``'s stones orthogonally
            adjacent to it.
        rules : Rules, optional
            With ``opening="standard"`` (the default) the first removal must be
            one of ``player``'s stones on a cell of :func:`central_cells` or
            :func:`corner_cells` of the board's grid (cells off the board do not
            count); with ``opening="any"``, any of its stones.

        Returns
        -------
        list of Move
            Removals (``move.is_removal``), sorted like :meth:`legal_moves`.

        Examples
        --------
        >>> b = konane.Board.start(4)
        >>> [str(m) for m in b.removals("x")]
        ['a1', 'b2', 'c3', 'd4']
        >>> [str(m) for m in b.play_removal("b2").removals("o", hole="b2")]
        ['a2', 'b1', 'b3', 'c2']
        """
        color = as_color(player)
        r = as_rules(rules)
        hole_rc = None if hole is None else self._rc_of(hole)
        rows, cols = self._rows, self._cols
        if hole_rc is None:
            if r.opening == "any":
                cells = sorted(self.stones(color))
            else:
                allowed = set(central_cells(rows, cols)) | set(corner_cells(rows, cols))
                cells = [rc for rc in sorted(self.stones(color)) if rc in allowed]
        else:
            hr, hc = hole_rc
            near = {(hr - 1, hc), (hr + 1, hc), (hr, hc - 1), (hr, hc + 1)}
            cells = [rc for rc in sorted(self.stones(color)) if rc in near]
        moves = [Move(rc, rc, rows, self.origin) for rc in cells]
        moves.sort(key=Move.order)
        return moves

    @public
    def play_removal(self, square: Any) -> Board:
        """The board with the stone on ``square`` taken away (no opening check).

        A helper for setting up positions; a :class:`konane.Match` checks the
        opening rule itself.

        Raises
        ------
        InvalidMoveError
            If ``square`` is not a square of the grid.
        IllegalMoveError
            If there is no stone on ``square``.

        Examples
        --------
        >>> konane.Board("xo.").play_removal("b1")
        konane.Board('x..')
        """
        r, c = self._rc_of(square)
        bit = 1 << (r * (self._cols + 1) + c)
        if not (self._black | self._white) & bit:
            raise IllegalMoveError(
                f"illegal removal {self.square_name(r, c)!r}: there is no stone on it\n{self}"
            )
        return Board._make(self._rows, self._cols, self._cells,
                           self._black & ~bit, self._white & ~bit, self._origin)


def central_cells(rows: int, cols: int) -> list[tuple[int, int]]:
    """The cells of a ``rows`` x ``cols`` grid nearest its centre.

    The cells whose Manhattan distance to the centre of the grid is at most
    3/2: the central 2x2 block on an even x even grid, the centre cell and
    its four orthogonal neighbours on an odd x odd grid, and the eight cells
    ``(0, +-1/2), (0, +-3/2), (+-1, +-1/2)`` around the centre when exactly one
    side is odd.  Every such set holds stones of both colours in the starting
    pattern, and is invariant under the symmetries of the grid.

    Examples
    --------
    >>> konane.board.central_cells(8, 8)
    [(3, 3), (3, 4), (4, 3), (4, 4)]
    >>> konane.match.central_cells(5, 5)
    [(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)]
    """
    return [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if abs(2 * r - (rows - 1)) + abs(2 * c - (cols - 1)) <= 3
    ]


def corner_cells(rows: int, cols: int) -> list[tuple[int, int]]:
    """The (at most four) corner cells of a ``rows`` x ``cols`` grid.

    Examples
    --------
    >>> konane.board.corner_cells(6, 6)
    [(0, 0), (0, 5), (5, 0), (5, 5)]
    """
    return sorted({(r, c) for r in (0, rows - 1) for c in (0, cols - 1)})


def _legal_text(board: Board, rules: Rules | None = None, player: Color | None = None) -> str:
    """The line of an illegal-move message that names the legal moves: of ``player``, or of both."""
    if player is not None:
        return f"legal moves for {player.long_name}: {moves_text(board.legal_moves(player, rules))}"
    return "legal moves: " + "; ".join(
        f"{c.long_name} {moves_text(board.legal_moves(c, rules))}" for c in (BLACK, WHITE))


def illegal_move(board: Board, move: Move, reason: str, cls: type[IllegalMoveError] = IllegalMoveError, *,
                 legal: str | None = None) -> IllegalMoveError:
    """The error for an illegal ``move`` on ``board``, for :meth:`Board.play` and
    :meth:`konane.Match.push`: the move, the reason, the legal moves (``legal``, or both
    players' under the standard rules) and the board with its labels."""
    if legal is None:
        try:
            legal = _legal_text(board)
        except KonaneError:           # a board the move generator cannot read: leave the line out
            legal = ""
    return cls(f"illegal move {str(move)!r}: {reason}\n" + (legal + "\n" if legal else "") + board.diagram())


def as_board(board: Any) -> Board:
    """``board`` as a :class:`Board`: a board is kept, a str is read as a picture, and
    anything else with a ``board`` attribute that is a board (a :class:`konane.Match`, a
    widget) stands for that board (its current position).

    This is how every function of :mod:`konane` that takes a position reads it.

    Raises
    ------
    BoardTypeError
        If ``board`` is neither a :class:`Board`, a str, nor has a board.
    BoardParseError
        If the picture cannot be read.

    Examples
    --------
    >>> konane.as_board("x.o")
    konane.Board('x.o')
    >>> konane.as_board(123)
    Traceback (most recent call last):
    ...
    konane.errors.BoardTypeError: expected a konane.Board or a picture string, not 123 (int)
    """
    if isinstance(board, Board):
        return board
    if isinstance(board, str):
        return Board(board)
    current = getattr(board, "board", None)
    if isinstance(current, Board):
        return current
    raise BoardTypeError(f"expected a konane.Board or a picture string, not {describe(board)}")
