"""Moves of Konane: the :class:`Move` notation.

Every move is a capture: a stone jumps orthogonally over an adjacent enemy
stone onto the empty cell just beyond, and (under the standard rules) may keep
jumping in the same direction.  Each landing cell is a separate move, so
``c3-e3`` and ``c3-g3`` are two moves.  The opening removals of a played game
are moves too (a :class:`Move` whose source is its target, written ``"d4"``);
they are legal only in a :class:`konane.Match`.

The moves of a position are found by :class:`konane.Board`'s methods:
:meth:`~konane.Board.options` (the boards one move away: the fast path),
:meth:`~konane.Board.legal_moves`, :meth:`~konane.Board.move_options`,
:meth:`~konane.Board.play` (the same moves as :class:`Move` objects in
notation, with checks and clear errors).

Examples
--------
>>> b = konane.Board('''
...     .....
...     ..x..
...     .xoxx
...     ..x..
... ''')
>>> sorted(str(m) for m in b.legal_moves("o"))
['c2-a2', 'c2-c4']
>>> b.play("c2-c4")
konane.Board('..o../...../.x.xx/..x..')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from konane._calls import describe
from konane.errors import InvalidMoveError, MoveTypeError
from konane.squares import parse_square, square_coordinates, square_name

__all__ = ["Move"]


# --------------------------------------------------------------------------
# Move
# --------------------------------------------------------------------------

_MOVE_RE = re.compile(r"([a-z]+[0-9]+)(?:-([a-z]+[0-9]+))?")


@dataclass(frozen=True, slots=True)
class Move:
    """A Konane move: a capture, or an opening removal.

    Parameters
    ----------
    source : tuple of int
        The cell ``(row, col)`` the stone starts from (row 0 = top row).
    target : tuple of int
        The cell ``(row, col)`` where it lands.  ``target == source`` means a
        *removal* (the two opening plies of a :class:`konane.Match`).
    rows : int
        The number of rows of the board the move is for; square names count
        ranks from the bottom, so it is needed to write the move.
    origin : str, default "a1"
        The name of the bottom-left square of that board's grid
        (:attr:`konane.Board.origin`): a board cropped out of a bigger one
        keeps the names of its squares, and so do its moves.

    Raises
    ------
    MoveTypeError
        If the cells are not ``(row, col)`` pairs of ints, ``rows`` is not an
        int or ``origin`` not a str.
    InvalidMoveError
        If the cells are not inside ``rows`` rows, the move is not a
        straight orthogonal line of even length (``2 * n``
        cells for ``n`` jumps), or ``origin`` is not a square name.

    Notes
    -----
    Notation: ``str(move)`` is ``"c3-g3"`` for a capture (start and final
    landing square; the jumped squares follow since the line is straight),
    and just the square, ``"d4"``, for a removal.  :meth:`parse` reads both
    back.  Moves are hashable and compare by ``(source, target, rows, origin)``.

    Examples
    --------
    >>> m = konane.Move((5, 2), (5, 6), rows=8)
    >>> str(m), m.jumps, m.jumped
    ('c3-g3', 2, ((5, 3), (5, 5)))
    >>> konane.Move.parse("c3-g3", rows=8) == m
    True
    >>> str(konane.Move.parse("d4", rows=8)), konane.Move.parse("d4", rows=8).is_removal
    ('d4', True)
    >>> str(konane.Move((0, 2), (0, 0), rows=2, origin="a6"))     # on a region cropped at a6
    'c7-a7'
    """

    source: tuple[int, int]
    target: tuple[int, int]
    rows: int
    origin: str = "a1"

    def __post_init__(self) -> None:
        try:
            sr, sc = self.source
            tr, tc = self.target
        except (TypeError, ValueError):
            raise MoveTypeError(
                f"invalid move cells {self.source!r} -> {self.target!r}: expected (row, col) pairs"
            ) from None
        rows = self.rows
        for v in (sr, sc, tr, tc, rows):
            if not isinstance(v, int) or isinstance(v, bool):
                raise MoveTypeError(
                    f"invalid move {self.source!r} -> {self.target!r} (rows={rows!r}): "
                    "coordinates must be ints"
                )
        if rows < 1 or not (0 <= sr < rows and 0 <= tr < rows and sc >= 0 and tc >= 0):
            raise InvalidMoveError(
                f"invalid move {self.source!r} -> {self.target!r}: outside a grid of {rows!r} rows"
            )
        object.__setattr__(self, "source", (sr, sc))
        object.__setattr__(self, "target", (tr, tc))
        if self.origin != "a1":
            square_coordinates(self.origin)            # a square name, or an error
            object.__setattr__(self, "origin", self.origin.strip().lower())
        if sr != tr and sc != tc:
            raise InvalidMoveError(
                f"invalid move {self._text()!r}: a capture must stay on one row or one column"
            )
        dist = abs(tr - sr) + abs(tc - sc)
        if dist % 2:
            raise InvalidMoveError(
                f"invalid move {self._text()!r}: a capture covers an even number of cells "
                "(a jumped stone, then an empty cell, per jump)"
            )

    def _text(self) -> str:
        a = square_name(self.source[0], self.source[1], self.rows, origin=self.origin)
        if self.source == self.target:
            return a
        return f"{a}-{square_name(self.target[0], self.target[1], self.rows, origin=self.origin)}"

    def __str__(self) -> str:
        return self._text()

    def __repr__(self) -> str:
        where = "" if self.origin == "a1" else f", origin={self.origin!r}"
        return f"konane.Move.parse({self._text()!r}, rows={self.rows}{where})"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """IPython shows a move as its notation (``c3-e3``), also inside lists; ``repr``
        stays the form that rebuilds it."""
        p.text(self._text())

    @classmethod
    def parse(cls, text: str, *, rows: int, cols: int | None = None, origin: str = "a1") -> Move:
        """Read a move: ``"c3-g3"`` (a capture) or ``"d4"`` (a removal).

        Case-insensitive, surrounding whitespace ignored.

        Parameters
        ----------
        text : str
            The notation.
        rows : int
            Number of rows of the board (ranks count from the bottom).
        cols : int, optional
            Number of columns; if given, squares beyond it are rejected.
        origin : str, default "a1"
            The name of the grid's bottom-left square (:attr:`konane.Board.origin`).

        Returns
        -------
        Move

        Raises
        ------
        MoveTypeError
            If ``text`` is not a str.
        InvalidMoveError
            If ``text`` is not move notation, a square is outside the grid,
            or the capture is not a straight line of even length.

        Examples
        --------
        >>> konane.Move.parse(" C3-C5 ", rows=6)
        konane.Move.parse('c3-c5', rows=6)
        >>> konane.Move.parse("c3-c4", rows=6)
        Traceback (most recent call last):
        ...
        konane.errors.InvalidMoveError: invalid move 'c3-c4': a capture covers an even number of cells ...
        >>> konane.Move.parse("c3:c5", rows=6)
        Traceback (most recent call last):
        ...
        konane.errors.InvalidMoveError: invalid move notation 'c3:c5': expected 'c3-e3' (a capture) or 'd4' (a removal)
        """
        if not isinstance(text, str):
            raise MoveTypeError(f"move notation must be a str such as 'c3-e3', not {describe(text)}")
        for name, v in (("rows", rows), ("cols", cols)):
            if (v is not None or name == "rows") and (not isinstance(v, int) or isinstance(v, bool)):
                raise MoveTypeError(f"{name} must be an int, not {describe(v)}")
        m = _MOVE_RE.fullmatch(text.strip().lower())
        if m is None:
            raise InvalidMoveError(
                f"invalid move notation {text!r}: expected 'c3-e3' (a capture) or 'd4' (a removal)"
            )
        if not isinstance(origin, str):
            raise MoveTypeError(f"origin must be a square name such as 'a1', not {describe(origin)}")
        try:
            source = parse_square(m.group(1), rows, origin=origin)
            target = parse_square(m.group(2), rows, origin=origin) if m.group(2) else source
        except InvalidMoveError as exc:
            raise InvalidMoveError(f"invalid move {text!r}: {exc}") from None
        if m.group(2) and source == target:
            raise InvalidMoveError(
                f"invalid move {text!r}: a capture must move; write a removal as {m.group(1)!r}"
            )
        if cols is not None:
            for sq, (_, c) in ((m.group(1), source), (m.group(2), target)):
                if c >= cols:
                    raise InvalidMoveError(
                        f"invalid move {text!r}: square {sq!r} is beyond the {cols} files of the grid"
                    )
        return cls(source, target, rows, origin)

    @property
    def is_removal(self) -> bool:
        """True for an opening removal (source == target)."""
        return self.source == self.target

    @property
    def direction(self) -> tuple[int, int]:
        """The unit step ``(drow, dcol)`` of a capture; ``(0, 0)`` for a removal."""
        dr = self.target[0] - self.source[0]
        dc = self.target[1] - self.source[1]
        return ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))

    @property
    def jumps(self) -> int:
        """The number of stones captured (0 for a removal)."""
        return (abs(self.target[0] - self.source[0]) + abs(self.target[1] - self.source[1])) // 2

    @property
    def jumped(self) -> tuple[tuple[int, int], ...]:
        """The cells of the captured stones, in jump order."""
        dr, dc = self.direction
        r, c = self.source
        return tuple((r + (2 * i + 1) * dr, c + (2 * i + 1) * dc) for i in range(self.jumps))

    @property
    def landings(self) -> tuple[tuple[int, int], ...]:
        """The cells the stone lands on, in order; the last is :attr:`target`."""
        dr, dc = self.direction
        r, c = self.source
        return tuple((r + 2 * i * dr, c + 2 * i * dc) for i in range(1, self.jumps + 1))

    @property
    def source_name(self) -> str:
        """The square name of :attr:`source`, e.g. ``"c3"``."""
        return square_name(self.source[0], self.source[1], self.rows, origin=self.origin)

    @property
    def target_name(self) -> str:
        """The square name of :attr:`target`."""
        return square_name(self.target[0], self.target[1], self.rows, origin=self.origin)

    def order(self) -> tuple[int, int, int, int]:
        """The key of the order of :meth:`konane.Board.legal_moves`: by source file, rank,
        then target file, rank (``moves.sort(key=Move.order)``)."""
        return (self.source[1], -self.source[0], self.target[1], -self.target[0])


def moves_text(moves: list[Move], most: int = 24) -> str:
    """Moves for a message: ``'c1-e1, g1-e1'``; ``'none'``; a long list cut after ``most`` moves.

    >>> moves_text([Move.parse("c1-e1", rows=1), Move.parse("g1-e1", rows=1)])
    'c1-e1, g1-e1'
    """
    if not moves:
        return "none"
    names = [str(m) for m in moves]
    if len(names) > most:
        return ", ".join(names[:most]) + f", ... ({len(names)} in all)"
    return ", ".join(names)


def as_move(move: Any, rows: int, cols: int, origin: str = "a1") -> Move:
    """``move`` as a :class:`Move` for a ``rows x cols`` grid whose bottom-left square is
    ``origin``: a str is read with :meth:`Move.parse`; a Move is kept, or, written for a
    grid of another origin (a region and the board it was cropped from), read again by the
    names of its squares, which are the same on both; anything else is a :class:`MoveTypeError`."""
    if isinstance(move, str):
        return Move.parse(move, rows=rows, cols=cols, origin=origin)
    if not isinstance(move, Move):
        raise MoveTypeError(f"expected a konane.Move or move notation such as 'c3-e3', not {describe(move)}")
    if move.origin != origin:
        return Move.parse(str(move), rows=rows, cols=cols, origin=origin)
    return move
