"""Exception hierarchy of :mod:`konane`.

Every exception raised on purpose by the rules engine derives from
:class:`KonaneError`.  The input errors also derive from :class:`ValueError`,
so ``except ValueError`` keeps working for callers that do not care about the
kind of mistake.

========================  ====================================================
``KonaneError``           base class of every error of this package
``BoardParseError``       a board picture (or a saved match) cannot be read
``InvalidMoveError``      a move or square is not valid *notation*
``IllegalMoveError``      a well-formed move is not legal in this position
``OpeningError``          a removal (or a capture) that breaks the opening rule
========================  ====================================================

Messages echo the offending input with ``!r``; :class:`IllegalMoveError`
messages also show the board.

Examples
--------
>>> from konane.errors import IllegalMoveError, KonaneError
>>> issubclass(IllegalMoveError, ValueError) and issubclass(IllegalMoveError, KonaneError)
True
"""

__all__ = [
    "KonaneError",
    "BoardParseError",
    "InvalidMoveError",
    "IllegalMoveError",
    "OpeningError",
]


class KonaneError(Exception):
    """Base class of every error raised by :mod:`konane`."""


class BoardParseError(KonaneError, ValueError):
    """A board picture, a board size or a saved match file cannot be read.

    Examples
    --------
    >>> konane.Board("x.q")
    Traceback (most recent call last):
    ...
    konane.errors.BoardParseError: unknown character 'q' at row 0, column 2 in board picture 'x.q' (use x, o, '.', ' ' or '#')
    """


class InvalidMoveError(KonaneError, ValueError):
    """A move or a square name is not valid notation.

    Raised before any position is consulted: ``"c3-d4"`` (not a straight line),
    ``"c3-c4"`` (an odd distance), ``"z"`` (no rank), ...

    Examples
    --------
    >>> konane.Move.parse("c3-d4", rows=8)
    Traceback (most recent call last):
    ...
    konane.errors.InvalidMoveError: invalid move 'c3-d4': a capture must stay on one row or one column
    """


class IllegalMoveError(KonaneError, ValueError):
    """A well-formed move that is not legal in the given position.

    The message names the move and shows the board.

    Examples
    --------
    >>> konane.Board("xo.").play("b1-d1")
    Traceback (most recent call last):
    ...
    konane.errors.InvalidMoveError: invalid move 'b1-d1': square 'd1' is beyond the 3 files of the grid
    >>> konane.Board("xoo.").play("a1-c1")
    Traceback (most recent call last):
    ...
    konane.errors.IllegalMoveError: illegal move 'a1-c1': c1 is not an empty cell of the board
    xoo.
    """


class OpeningError(IllegalMoveError):
    """A ply that breaks the opening rule of a :class:`konane.Match`.

    For example a first removal outside the centre and the corners, a second
    removal that is not orthogonally adjacent to the first hole, or a capture
    played while a removal is due.

    Examples
    --------
    >>> konane.Match(konane.Board.start(4)).push("b1")
    Traceback (most recent call last):
    ...
    konane.errors.OpeningError: illegal move 'b1': Black must remove one of its own stones
    oxox
    xoxo
    oxox
    xoxo
    """
