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
-- is bit ``r * stride + c`` where ``stride = cols + 1``.  Bit
``r * stride + cols`` of every row is an always-off guard column, so shifting
a mask by one bit never carries a stone from the end of one row to the start
of the next, and shifting by ``stride`` moves one row up or down.

Square names
------------
Files ``a, b, c, ...`` count from the left, ranks ``1, 2, 3, ...`` from the
*bottom*, as on the rules page, so ``c3`` is column 2 of row ``rows - 3``.
Files after ``z`` continue ``aa, ab, ..., az, ba, ...`` (bijective base 26,
like spreadsheet columns).

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
import re
from functools import lru_cache
from typing import Any, Iterable

from konane.errors import BoardParseError, IllegalMoveError, InvalidMoveError

__all__ = [
    "Color",
    "BLACK",
    "WHITE",
    "as_color",
    "Board",
    "file_name",
    "parse_file",
    "square_name",
    "parse_square",
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
    >>> konane.WHITE.is_left
    False
    """

    BLACK = "x"
    WHITE = "o"

    def __repr__(self) -> str:
        return f"konane.{self.name}"

    @property
    def opponent(self) -> "Color":
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
    ValueError
        If ``player`` designates no player; the message names the input.

    Examples
    --------
    >>> konane.as_color("Left"), konane.as_color("o")
    (konane.BLACK, konane.WHITE)
    >>> konane.as_color("red")
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'red': use 'x' (Black, Left) or 'o' (White, Right)
    """
    try:
        return _COLOR_NAMES[player]
    except (KeyError, TypeError):
        pass
    key = player.lower() if isinstance(player, str) else getattr(player, "name", None)
    if isinstance(key, str) and key.lower() in _COLOR_NAMES:
        return _COLOR_NAMES[key.lower()]
    raise ValueError(f"unknown player {player!r}: use 'x' (Black, Left) or 'o' (White, Right)")


# --------------------------------------------------------------------------
# square names
# --------------------------------------------------------------------------


def file_name(col: int) -> str:
    """The file letters of column ``col`` (0-based from the left).

    Examples
    --------
    >>> [konane.board.file_name(c) for c in (0, 25, 26, 27, 51, 52, 701, 702)]
    ['a', 'z', 'aa', 'ab', 'az', 'ba', 'zz', 'aaa']
    """
    if not isinstance(col, int) or col < 0:
        raise ValueError(f"invalid column {col!r}: expected an int >= 0")
    letters = []
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters.append(chr(97 + rem))
    return "".join(reversed(letters))


def parse_file(name: str) -> int:
    """The column (0-based from the left) of the file letters ``name``.

    Inverse of :func:`file_name`.

    Examples
    --------
    >>> konane.board.parse_file("c"), konane.board.parse_file("aa")
    (2, 26)
    """
    if not isinstance(name, str) or not name.isascii() or not name.isalpha():
        raise InvalidMoveError(f"invalid file {name!r}: expected letters a-z")
    col = 0
    for ch in name.lower():
        col = col * 26 + (ord(ch) - 96)
    return col - 1


def square_name(row: int, col: int, rows: int) -> str:
    """The name of cell ``(row, col)`` on a grid of ``rows`` rows.

    Ranks count from the bottom, so the answer depends on ``rows``.

    Parameters
    ----------
    row, col : int
        Row from the top and column from the left, both 0-based.
    rows : int
        The number of rows of the grid.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        If the cell is not in a grid of ``rows`` rows.

    Examples
    --------
    >>> konane.square_name(5, 2, rows=8)
    'c3'
    >>> konane.parse_square("c3", rows=8)
    (5, 2)
    """
    if not (isinstance(row, int) and isinstance(rows, int) and 0 <= row < rows):
        raise ValueError(f"invalid row {row!r} for a grid of {rows!r} rows")
    return f"{file_name(col)}{rows - row}"


_SQUARE_RE = re.compile(r"([a-z]+)([1-9][0-9]*)")


def parse_square(name: str, rows: int) -> tuple[int, int]:
    """The cell ``(row, col)`` of the square ``name`` on a grid of ``rows`` rows.

    Inverse of :func:`square_name`.  Case-insensitive; surrounding whitespace
    is ignored.  The column is not bounded here (a grid's width is not
    known); :meth:`Board.square` checks both bounds.

    Raises
    ------
    InvalidMoveError
        If ``name`` is not a square name or its rank exceeds ``rows``.

    Examples
    --------
    >>> konane.parse_square("A1", rows=6)
    (5, 0)
    >>> konane.parse_square("a7", rows=6)
    Traceback (most recent call last):
    ...
    konane.errors.InvalidMoveError: invalid square 'a7': rank 7 is beyond the 6 ranks of the grid
    """
    m = _SQUARE_RE.fullmatch(name.strip().lower()) if isinstance(name, str) else None
    if m is None:
        raise InvalidMoveError(
            f"invalid square {name!r}: expected file letters then a rank number, like 'c3'"
        )
    rank = int(m.group(2))
    if rank > rows:
        raise InvalidMoveError(
            f"invalid square {name!r}: rank {rank} is beyond the {rows} ranks of the grid"
        )
    return rows - rank, parse_file(m.group(1))


# --------------------------------------------------------------------------
# cached masks and symmetry tables
# --------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _full_mask(rows: int, cols: int) -> int:
    """All cells of the rows x cols grid (guard bits off)."""
    stride = cols + 1
    row = (1 << cols) - 1
    out = 0
    for r in range(rows):
        out |= row << (r * stride)
    return out


@lru_cache(maxsize=512)
def _checker_mask(rows: int, cols: int) -> int:
    """Cells of the same colour as a1 (bottom-left) in a checkerboard."""
    stride = cols + 1
    out = 0
    for r in range(rows):
        for c in range(cols):
            if (rows - 1 - r + c) % 2 == 0:
                out |= 1 << (r * stride + c)
    return out


def _transform_rc(r: int, c: int, rows: int, cols: int, k: int) -> tuple[int, int]:
    """Image of cell (r, c) under symmetry k; see :meth:`Board.transform`."""
    if k >= 4:
        c = cols - 1 - c
    for _ in range(k % 4):
        r, c = c, rows - 1 - r
        rows, cols = cols, rows
    return r, c


def _transform_shape(rows: int, cols: int, k: int) -> tuple[int, int]:
    return (cols, rows) if k % 2 else (rows, cols)


def _transform_mask(rows: int, cols: int, k: int, mask: int, stride: int | None = None) -> int:
    """Image of one mask under symmetry k, cell by cell (layouts as in
    :func:`_transform_table`, which pays off only for many masks)."""
    if stride is None:
        stride = cols + 1
    nstride = _transform_shape(rows, cols, k)[1] + 1
    out = 0
    while mask:
        low = mask & -mask
        mask ^= low
        r, c = divmod(low.bit_length() - 1, stride)
        r2, c2 = _transform_rc(r, c, rows, cols, k)
        out |= 1 << (r2 * nstride + c2)
    return out


@lru_cache(maxsize=4096)
def _transform_table(rows: int, cols: int, k: int,
                     stride: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Byte-chunk lookup tables mapping a mask to its image under symmetry k.

    ``table[j][v]`` is the image of the bits ``v << (8 * j)``.  The mask is
    laid out with ``stride`` (default ``cols + 1``: the board's own layout,
    or a wider one holding a ``rows x cols`` box in its top-left corner); the
    image is in the compact layout of the transformed shape.
    """
    if stride is None:
        stride = cols + 1
    nrows, ncols = _transform_shape(rows, cols, k)
    nstride = ncols + 1
    nbits = rows * stride
    image = [0] * (((nbits + 7) // 8) * 8)
    for r in range(rows):
        for c in range(cols):
            r2, c2 = _transform_rc(r, c, rows, cols, k)
            image[r * stride + c] = 1 << (r2 * nstride + c2)
    tables = []
    for j in range(len(image) // 8):
        chunk = image[8 * j: 8 * j + 8]
        tab = [0] * 256
        for v in range(1, 256):
            low = (v & -v).bit_length() - 1
            tab[v] = tab[v & (v - 1)] | chunk[low]
        tables.append(tuple(tab))
    return tuple(tables)


def _apply_table(tables: tuple[tuple[int, ...], ...], mask: int) -> int:
    out = 0
    j = 0
    while mask:
        v = mask & 255
        if v:
            out |= tables[j][v]
        mask >>= 8
        j += 1
    return out


def _iter_bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --------------------------------------------------------------------------
# picture parsing
# --------------------------------------------------------------------------

_CELL_CHARS = {"x": 1, "o": 2, ".": 0, " ": -1, "#": -1}


def _picture_rows(text: str) -> list[str]:
    """Split a picture into its rows (strings of equal length); see Board."""
    if not isinstance(text, str):
        raise TypeError(f"a board picture must be a str, got {type(text).__name__}")
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
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width or not row:
            raise BoardParseError(
                f"ragged board picture {text!r}: {form} {i} has {len(row)} cells but "
                f"{form} 0 has {width}; every row must have the same length, pad short "
                f"rows with '#' (off-board)"
            )
    return rows


# --------------------------------------------------------------------------
# the board
# --------------------------------------------------------------------------


def _unpickle_board(rows: int, cols: int, cells: int, black: int, white: int) -> "Board":
    return Board.from_masks(rows, cols, cells, black, white)


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

    Raises
    ------
    BoardParseError
        For an unknown character, ragged rows or an empty picture.

    See Also
    --------
    Board.start, Board.from_masks

    Notes
    -----
    A board compares and hashes by ``(rows, cols, cells, black, white)``;
    see the module docstring for the bit layout.  Boards never change:
    :meth:`play` and :meth:`options` return new boards.  Which player is to
    move is *not* part of a board.

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
    >>> b.rows, b.cols, b.stones("x"), b.stones("o")
    (3, 3, 2, 3)
    >>> konane.Board(str(b)) == b == eval(repr(b))
    True
    """

    __slots__ = ("_rows", "_cols", "_cells", "_black", "_white")

    _rows: int
    _cols: int
    _cells: int
    _black: int
    _white: int

    def __init__(self, picture: "str | Board") -> None:
        if isinstance(picture, Board):
            self._rows, self._cols = picture._rows, picture._cols
            self._cells, self._black, self._white = picture._cells, picture._black, picture._white
            return
        rows = _picture_rows(picture)
        nrows, ncols = len(rows), len(rows[0])
        stride = ncols + 1
        cells = black = white = 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                kind = _CELL_CHARS.get(ch)
                if kind is None:
                    raise BoardParseError(
                        f"unknown character {ch!r} at row {r}, column {c} in board picture "
                        f"{picture!r} (use x, o, '.', ' ' or '#')"
                    )
                if kind >= 0:
                    bit = 1 << (r * stride + c)
                    cells |= bit
                    if kind == 1:
                        black |= bit
                    elif kind == 2:
                        white |= bit
        self._rows, self._cols = nrows, ncols
        self._cells, self._black, self._white = cells, black, white

    # -- construction -----------------------------------------------------

    @classmethod
    def _make(cls, rows: int, cols: int, cells: int, black: int, white: int) -> "Board":
        """Build a board from masks without any validation (fast path)."""
        b = object.__new__(cls)
        b._rows = rows
        b._cols = cols
        b._cells = cells
        b._black = black
        b._white = white
        return b

    @classmethod
    def from_masks(cls, rows: int, cols: int, cells: int, black: int, white: int) -> "Board":
        """Build a board from its bit masks, checking them.

        Parameters
        ----------
        rows, cols : int
            Size of the grid, both at least 1.
        cells, black, white : int
            Bit masks in the layout of the module docstring: bit
            ``r * (cols + 1) + c`` is cell ``(r, c)``.

        Returns
        -------
        Board

        Raises
        ------
        BoardParseError
            If a size is not a positive int, a mask is negative, ``cells`` has
            a bit outside the grid (guard column included), or the stones are
            not disjoint cells of ``cells``.

        Examples
        --------
        >>> konane.Board.from_masks(1, 3, 0b111, 0b001, 0b100)
        konane.Board('x.o')
        >>> konane.Board.from_masks(1, 3, 0b011, 0b001, 0b100)
        Traceback (most recent call last):
        ...
        konane.errors.BoardParseError: stones off the board: white=4 has bits outside cells=3
        """
        for name, value in (("rows", rows), ("cols", cols)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise BoardParseError(f"{name} must be an int >= 1, got {value!r}")
        for name, value in (("cells", cells), ("black", black), ("white", white)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise BoardParseError(f"{name} must be an int >= 0, got {value!r}")
        if cells & ~_full_mask(rows, cols):
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
        return cls._make(rows, cols, cells, black, white)

    @classmethod
    def start(cls, rows: int = 8, cols: int | None = None, *, a1: Any = BLACK) -> "Board":
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
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise BoardParseError(f"{name} must be an int >= 1, got {value!r}")
        return cls._make(rows, cols, _full_mask(rows, cols), 0, 0).filled(a1=a1)

    def filled(self, *, a1: Any = BLACK) -> "Board":
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
        same = _checker_mask(self._rows, self._cols) & self._cells
        other = self._cells & ~same
        if a1 is BLACK:
            return Board._make(self._rows, self._cols, self._cells, same, other)
        return Board._make(self._rows, self._cols, self._cells, other, same)

    # -- masks and sizes ----------------------------------------------------

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
    def cells(self) -> int:
        """Bit mask of the on-board cells."""
        return self._cells

    @property
    def black(self) -> int:
        """Bit mask of the Black stones."""
        return self._black

    @property
    def white(self) -> int:
        """Bit mask of the White stones."""
        return self._white

    @property
    def empty(self) -> int:
        """Bit mask of the empty on-board cells."""
        return self._cells & ~(self._black | self._white)

    def mask(self, player: Any) -> int:
        """Bit mask of ``player``'s stones.

        Examples
        --------
        >>> konane.Board("x.ox").mask("x")
        9
        """
        return self._black if as_color(player) is BLACK else self._white

    def index(self, row: int, col: int) -> int:
        """The bit index of cell ``(row, col)``: ``row * stride + col``."""
        return row * (self._cols + 1) + col

    def rc(self, index: int) -> tuple[int, int]:
        """The cell ``(row, col)`` of bit ``index``; inverse of :meth:`index`."""
        return divmod(index, self._cols + 1)

    def key(self) -> tuple[int, int, int, int, int]:
        """``(rows, cols, cells, black, white)``: what equality and hashing use."""
        return (self._rows, self._cols, self._cells, self._black, self._white)

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
        )

    def __hash__(self) -> int:
        return hash((self._rows, self._cols, self._cells, self._black, self._white))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle_board, self.key())

    def __copy__(self) -> "Board":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Board":
        return self

    __iter__ = None  # a board is not a container of rows; see cells_list()

    # -- pictures -----------------------------------------------------------

    def picture_rows(self) -> list[str]:
        """The picture as a list of row strings, top row first, ``#`` off-board.

        Examples
        --------
        >>> konane.Board("x.o./#ox.").picture_rows()
        ['x.o.', '#ox.']
        """
        stride = self._cols + 1
        cells, black, white = self._cells, self._black, self._white
        out = []
        for r in range(self._rows):
            chars = []
            for c in range(self._cols):
                bit = 1 << (r * stride + c)
                if not cells & bit:
                    chars.append("#")
                elif black & bit:
                    chars.append("x")
                elif white & bit:
                    chars.append("o")
                else:
                    chars.append(".")
            out.append("".join(chars))
        return out

    def __str__(self) -> str:
        return "\n".join(self.picture_rows())

    def __repr__(self) -> str:
        return f"konane.Board({'/'.join(self.picture_rows())!r})"

    def diagram(self) -> str:
        """The picture framed by file letters and rank numbers.

        Examples
        --------
        >>> print(konane.Board("x.o./.ox.").diagram())
        2 x . o .
        1 . o x .
          a b c d
        """
        rows = self.picture_rows()
        width = len(str(self._rows))
        files = [file_name(c) for c in range(self._cols)]
        fw = max(len(f) for f in files)
        lines = []
        for r, row in enumerate(rows):
            rank = str(self._rows - r).rjust(width)
            lines.append(rank + " " + " ".join(ch.ljust(fw) for ch in row).rstrip())
        lines.append(" " * width + " " + " ".join(f.ljust(fw) for f in files).rstrip())
        return "\n".join(lines)

    def _repr_svg_(self) -> str | None:
        try:
            from konane import svg

            return str(svg.board(self))
        except Exception:  # a display hook must never raise
            return None

    # -- squares ------------------------------------------------------------

    def _rc_of(self, square: Any) -> tuple[int, int]:
        """(row, col) of a square given by name or as a (row, col) pair."""
        if isinstance(square, str):
            return self.square(square)
        try:
            r, c = square
        except (TypeError, ValueError):
            raise InvalidMoveError(
                f"invalid square {square!r}: expected a name like 'c3' or a (row, col) pair"
            ) from None
        if not (isinstance(r, int) and isinstance(c, int)
                and 0 <= r < self._rows and 0 <= c < self._cols):
            raise InvalidMoveError(
                f"invalid square {square!r}: outside the {self._rows}x{self._cols} grid"
            )
        return r, c

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
        r, c = parse_square(name, self._rows)
        if c >= self._cols:
            raise InvalidMoveError(
                f"invalid square {name!r}: file {file_name(c)!r} is beyond the "
                f"{self._cols} files of the grid"
            )
        return r, c

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
                    raise ValueError(f"invalid bit index {row!r}")
                row, col = divmod(row, self._cols + 1)
            else:
                row, col = row
        if not (isinstance(col, int) and 0 <= col < self._cols):
            raise ValueError(f"invalid column {col!r} for a grid of {self._cols} columns")
        return square_name(row, col, self._rows)

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

    def cells_list(self) -> list[tuple[int, int]]:
        """The on-board cells as ``(row, col)`` pairs, row-major from the top.

        Examples
        --------
        >>> konane.Board("x#/.o").cells_list()
        [(0, 0), (1, 0), (1, 1)]
        """
        return [divmod(i, self._cols + 1) for i in _iter_bits(self._cells)]

    def stones_list(self, player: Any) -> list[tuple[int, int]]:
        """The cells ``(row, col)`` holding ``player``'s stones, row-major.

        Examples
        --------
        >>> konane.Board("x.o./.ox.").stones_list("x")
        [(0, 0), (1, 2)]
        """
        return [divmod(i, self._cols + 1) for i in _iter_bits(self.mask(player))]

    def stones(self, player: Any) -> int:
        """The number of ``player``'s stones.

        Examples
        --------
        >>> konane.Board.start(6).stones("o")
        18
        """
        return self.mask(player).bit_count()

    def is_empty_of(self, player: Any) -> bool:
        """True if ``player`` has no stone on the board.

        Examples
        --------
        >>> konane.Board("x..").is_empty_of("o")
        True
        """
        return not self.mask(player)

    # -- symmetry and shape -------------------------------------------------

    def color_swapped(self) -> "Board":
        """The board with every Black stone made White and vice versa.

        In CGT terms this negates the value.

        Examples
        --------
        >>> konane.Board("x.o").color_swapped()
        konane.Board('o.x')
        """
        return Board._make(self._rows, self._cols, self._cells, self._white, self._black)

    def transform(self, k: int) -> "Board":
        """The image of the board under the ``k``-th symmetry of the square.

        ``k = 4 * f + q`` with ``f`` in {0, 1} and ``q`` in {0, 1, 2, 3}:
        first mirror left-right if ``f == 1``, then rotate ``q`` quarter turns
        clockwise.  So ``0`` is the identity, ``1``, ``2``, ``3`` are the
        rotations by 90, 180 and 270 degrees clockwise, ``4`` is the
        left-right mirror, ``6`` the top-bottom mirror, ``5`` and ``7`` the
        two diagonal reflections.  Odd ``k`` swap ``rows`` and ``cols``.
        Konane values are invariant under all eight.

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
        if not isinstance(k, int) or not 0 <= k < 8:
            raise ValueError(f"invalid symmetry {k!r}: expected an int in range(8)")
        if k == 0:
            return self
        tables = _transform_table(self._rows, self._cols, k)
        nrows, ncols = _transform_shape(self._rows, self._cols, k)
        return Board._make(
            nrows,
            ncols,
            _apply_table(tables, self._cells),
            _apply_table(tables, self._black),
            _apply_table(tables, self._white),
        )

    def transforms(self) -> list["Board"]:
        """The eight images ``[self.transform(k) for k in range(8)]``."""
        return [self.transform(k) for k in range(8)]

    def crop(self) -> "Board":
        """The board shrunk to the bounding box of its on-board cells.

        A board without any cell becomes the 1x1 grid without cells,
        ``Board("#")``, so that all such boards crop (and normalize) alike.

        Examples
        --------
        >>> konane.Board("####/#xo#/#.##").crop()
        konane.Board('xo/.#')
        """
        cells = self._cells
        if not cells:
            return self if self._rows == self._cols == 1 else Board._make(1, 1, 0, 0, 0)
        cols, stride = self._cols, self._cols + 1
        rowmask = (1 << cols) - 1
        row_bits = [(cells >> (r * stride)) & rowmask for r in range(self._rows)]
        nonzero = [r for r, bits in enumerate(row_bits) if bits]
        r0, r1 = nonzero[0], nonzero[-1]
        union = 0
        for bits in row_bits:
            union |= bits
        c0 = (union & -union).bit_length() - 1
        c1 = union.bit_length() - 1
        if r0 == 0 and r1 == self._rows - 1 and c0 == 0 and c1 == cols - 1:
            return self
        ncols = c1 - c0 + 1
        nstride = ncols + 1
        nmask = (1 << ncols) - 1

        def shrink(m: int) -> int:
            out = 0
            for r in range(r0, r1 + 1):
                out |= ((m >> (r * stride + c0)) & nmask) << ((r - r0) * nstride)
            return out

        return Board._make(r1 - r0 + 1, ncols, shrink(cells), shrink(self._black),
                           shrink(self._white))

    def normalized(self) -> "Board":
        """A canonical representative of the board up to translation and symmetry.

        The cropped board's image under the eight symmetries with the smallest
        :meth:`key`.  Two boards related by a symmetry and a translation of
        the cells (and a change of the empty margin) have the same
        ``normalized()``, so it is a good cache key for values.

        Examples
        --------
        >>> konane.Board("#..x/#..o").normalized() == konane.Board("o../x..").normalized()
        True
        """
        b = self.crop()
        return min(b.transforms(), key=Board.key)

    # -- moves (implemented in konane.moves) ---------------------------------

    def options(self, player: Any, rules: Any = None) -> list["Board"]:
        """The boards one move of ``player`` away: the fast path.

        See :func:`konane.moves.options`.

        Examples
        --------
        >>> konane.Board(".xoxo.").options("o")
        [konane.Board('o..xo.')]
        """
        return _moves.options(self, player, rules)

    def legal_moves(self, player: Any, rules: Any = None) -> list[Any]:
        """The legal captures of ``player`` as :class:`konane.Move` objects.

        See :func:`konane.moves.legal_moves`.

        Examples
        --------
        >>> [str(m) for m in konane.Board("xo.o.").legal_moves("x")]
        ['a1-c1', 'a1-e1']
        """
        return _moves.legal_moves(self, player, rules)

    def move_options(self, player: Any, rules: Any = None) -> list[tuple[Any, "Board"]]:
        """Pairs ``(move, board after the move)`` for every legal move of ``player``.

        See :func:`konane.moves.move_options`.
        """
        return _moves.move_options(self, player, rules)

    def can_move(self, player: Any, rules: Any = None) -> bool:
        """True if ``player`` has at least one legal capture.

        Examples
        --------
        >>> konane.Board("xo.").can_move("x"), konane.Board("xo.").can_move("o")
        (True, False)
        """
        return _moves.can_move(self, player, rules)

    def move_count(self, player: Any, rules: Any = None) -> int:
        """The number of legal moves of ``player`` (without building boards).

        Examples
        --------
        >>> konane.Board("xo.o.").move_count("x")
        2
        """
        return _moves.move_count(self, player, rules)

    def parse_move(self, text: str) -> Any:
        """Read move notation (``"c3-g3"`` or a removal ``"d4"``) for this grid.

        Only the notation is checked (squares inside the grid, a straight line
        of even length), not legality.

        Raises
        ------
        InvalidMoveError

        Examples
        --------
        >>> konane.Board.start(8).parse_move("c3-g3")
        konane.Move.parse('c3-g3', rows=8)
        """
        return _moves.Move.parse(text, rows=self._rows, cols=self._cols)

    def play(self, move: Any, rules: Any = None, *, player: Any = None) -> "Board":
        """The board after a legal capture; ``self`` is unchanged.

        See :func:`konane.moves.play`.

        Examples
        --------
        >>> konane.Board("xo.o.").play("a1-e1")
        konane.Board('....x')
        """
        return _moves.play(self, move, rules, player=player)

    def play_removal(self, square: Any) -> "Board":
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
                           self._black & ~bit, self._white & ~bit)

    def is_legal(self, move: Any, rules: Any = None, *, player: Any = None) -> bool:
        """True if :meth:`play` would accept ``move``."""
        return _moves.is_legal(self, move, rules, player=player)


from konane import moves as _moves  # noqa: E402  (circular: moves imports Board)
