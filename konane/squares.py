"""Square names: files ``a, b, c, ...`` from the left, ranks ``1, 2, 3, ...`` from the bottom.

Rows are counted from the *top* inside the library (row 0 is the top row, as in
a picture), so the rank of a cell depends on the number of rows of the grid:
``c3`` is column 2 of row ``rows - 3``.  Files after ``z`` continue ``aa, ab,
..., az, ba, ...`` (bijective base 26, like spreadsheet columns).

A grid's *origin* is the name of its bottom-left square: ``a1`` for a board
made from a picture, and the name the square had on the board it came from for
a board cropped out of a bigger one (:meth:`konane.Board.crop`), so that a
square keeps its name in every view of a region.  The functions below take the
origin as a keyword (default ``"a1"``).

Examples
--------
>>> konane.square_name(5, 2, rows=8), konane.parse_square("c3", rows=8)
('c3', (5, 2))
>>> konane.square_name(0, 0, rows=2, origin="b6"), konane.parse_square("b7", rows=2, origin="b6")
('b7', (0, 0))
"""

from __future__ import annotations

import re
from functools import lru_cache

from konane._calls import describe
from konane.errors import InvalidMoveError, MoveTypeError

__all__ = ["file_name", "parse_file", "square_name", "parse_square", "square_coordinates"]


def file_name(col: int) -> str:
    """The file letters of column ``col`` (0-based from the left).

    Raises
    ------
    MoveTypeError
        If ``col`` is not an int.
    InvalidMoveError
        If ``col`` is negative.

    Examples
    --------
    >>> from konane.squares import file_name
    >>> [file_name(c) for c in (0, 25, 26, 27, 51, 52, 701, 702)]
    ['a', 'z', 'aa', 'ab', 'az', 'ba', 'zz', 'aaa']
    """
    if not isinstance(col, int) or isinstance(col, bool):
        raise MoveTypeError(f"a column must be an int, not {describe(col)}")
    if col < 0:
        raise InvalidMoveError(f"invalid column {col!r}: expected an int >= 0")
    letters = []
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters.append(chr(97 + rem))
    return "".join(reversed(letters))


def parse_file(name: str) -> int:
    """The column (0-based from the left) of the file letters ``name``.

    Inverse of :func:`file_name`.

    Raises
    ------
    MoveTypeError
        If ``name`` is not a str.
    InvalidMoveError
        If ``name`` is not made of letters a-z.

    Examples
    --------
    >>> from konane.squares import parse_file
    >>> parse_file("c"), parse_file("aa")
    (2, 26)
    """
    if not isinstance(name, str):
        raise MoveTypeError(f"a file name must be a str, not {describe(name)}")
    if not name.isascii() or not name.isalpha():
        raise InvalidMoveError(f"invalid file {name!r}: expected letters a-z")
    col = 0
    for ch in name.lower():
        col = col * 26 + (ord(ch) - 96)
    return col - 1


def square_name(row: int, col: int, rows: int, *, origin: str = "a1") -> str:
    """The name of cell ``(row, col)`` on a grid of ``rows`` rows.

    Ranks count from the bottom, so the answer depends on ``rows``.

    Parameters
    ----------
    row, col : int
        Row from the top and column from the left, both 0-based.
    rows : int
        The number of rows of the grid.
    origin : str, default "a1"
        The name of the grid's bottom-left square (see the module docstring).

    Returns
    -------
    str

    Raises
    ------
    MoveTypeError
        If an argument is not an int (or ``origin`` not a str).
    InvalidMoveError
        If the cell is not in a grid of ``rows`` rows, or ``origin`` is not a square name.

    Examples
    --------
    >>> konane.square_name(5, 2, rows=8)
    'c3'
    >>> konane.square_name(1, 0, rows=2, origin="c6")
    'c6'
    >>> konane.square_name(8, 2, rows=8)
    Traceback (most recent call last):
    ...
    konane.errors.InvalidMoveError: invalid row 8 for a grid of 8 rows
    """
    for v in (row, col, rows):
        if not isinstance(v, int) or isinstance(v, bool):
            raise MoveTypeError(f"square_name() takes ints, not {describe(v)}")
    if not 0 <= row < rows:
        raise InvalidMoveError(f"invalid row {row!r} for a grid of {rows!r} rows")
    if col < 0:
        raise InvalidMoveError(f"invalid column {col!r}: expected an int >= 0")
    if origin == "a1":
        return f"{file_name(col)}{rows - row}"
    files, ranks = square_coordinates(origin)
    return f"{file_name(col + files)}{rows - row + ranks}"


_SQUARE_RE = re.compile(r"([a-z]+)([1-9][0-9]*)")


def parse_square(name: str, rows: int, *, origin: str = "a1") -> tuple[int, int]:
    """The cell ``(row, col)`` of the square ``name`` on a grid of ``rows`` rows.

    Inverse of :func:`square_name`.  Case-insensitive; surrounding whitespace
    is ignored.  The column is not bounded here (a grid's width is not
    known); :meth:`konane.Board.square` checks both bounds.

    Parameters
    ----------
    name : str
        A square name such as ``"c3"``.
    rows : int
        The number of rows of the grid.
    origin : str, default "a1"
        The name of the grid's bottom-left square (see the module docstring).

    Raises
    ------
    MoveTypeError
        If ``name`` is not a str or ``rows`` not an int.
    InvalidMoveError
        If ``name`` is not a square name or is not in the grid's ranks (above
        its top rank, or below or left of its origin).

    Examples
    --------
    >>> konane.parse_square("A1", rows=6)
    (5, 0)
    >>> konane.parse_square("a7", rows=6)
    Traceback (most recent call last):
    ...
    konane.errors.InvalidMoveError: invalid square 'a7': rank 7 is beyond the 6 ranks of the grid
    >>> konane.parse_square("c6", rows=2, origin="c6")
    (1, 0)
    """
    if not isinstance(name, str):
        raise MoveTypeError(f"a square name must be a str such as 'c3', not {describe(name)}")
    if not isinstance(rows, int) or isinstance(rows, bool):
        raise MoveTypeError(f"rows must be an int, not {describe(rows)}")
    m = _SQUARE_RE.fullmatch(name.strip().lower())
    if m is None:
        raise InvalidMoveError(
            f"invalid square {name!r}: expected file letters then a rank number, like 'c3'"
        )
    rank = int(m.group(2))
    if origin == "a1":
        if rank > rows:
            raise InvalidMoveError(
                f"invalid square {name!r}: rank {rank} is beyond the {rows} ranks of the grid"
            )
        return rows - rank, parse_file(m.group(1))
    files, ranks = square_coordinates(origin)
    col = parse_file(m.group(1)) - files
    if not ranks < rank <= ranks + rows:
        raise InvalidMoveError(
            f"invalid square {name!r}: rank {rank} is outside the ranks {ranks + 1} to {ranks + rows} of the grid"
        )
    if col < 0:
        raise InvalidMoveError(
            f"invalid square {name!r}: file {m.group(1)!r} is left of the grid, whose first file is "
            f"{file_name(files)!r}"
        )
    return rows - (rank - ranks), col


def square_coordinates(name: str) -> tuple[int, int]:
    """``(file, rank)`` of the square ``name``, both counted from 0 at ``a1``.

    The offset of a grid whose origin (bottom-left square) is ``name``.

    Raises
    ------
    MoveTypeError
        If ``name`` is not a str.
    InvalidMoveError
        If ``name`` is not a square name.

    Examples
    --------
    >>> from konane.squares import square_coordinates
    >>> square_coordinates("a1"), square_coordinates("c6"), square_coordinates("AA10")
    ((0, 0), (2, 5), (26, 9))
    """
    if not isinstance(name, str):
        raise MoveTypeError(f"a square name must be a str such as 'c3', not {describe(name)}")
    return _coordinates(name.strip().lower())


@lru_cache(maxsize=1024)
def _coordinates(name: str) -> tuple[int, int]:
    m = _SQUARE_RE.fullmatch(name)
    if m is None:
        raise InvalidMoveError(
            f"invalid square {name!r}: expected file letters then a rank number, like 'c3'"
        )
    return parse_file(m.group(1)), int(m.group(2)) - 1
