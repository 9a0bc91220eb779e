"""Moves of Konane: the :class:`Move` notation and the move generators.

Every move is a capture: a stone jumps orthogonally over an adjacent enemy
stone onto the empty cell just beyond, and (under the standard rules) may keep
jumping in the same direction.  Each landing cell is a separate move, so
``c3-e3`` and ``c3-g3`` are two moves.  The opening removals of a played game
are moves too (a :class:`Move` whose source is its target, written ``"d4"``);
they are legal only in a :class:`konane.Match`.

Two kinds of generators are offered:

* :func:`options` -- the boards one move away, computed with bit-parallel
  shifts on the masks; the inner loop of every value computation;
* :func:`legal_moves`, :func:`move_options`, :func:`play` -- the same moves
  as :class:`Move` objects in notation, with checks and clear errors.

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

from konane.board import BLACK, WHITE, Board, as_color, parse_square, square_name
from konane.errors import IllegalMoveError, InvalidMoveError
from konane.rules import STANDARD, Rules

__all__ = [
    "Move",
    "options",
    "legal_moves",
    "move_options",
    "play",
    "is_legal",
    "can_move",
    "move_count",
]


def _rules(rules: Any) -> Rules:
    if rules is None:
        return STANDARD
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a konane.Rules, got {rules!r}")
    return rules


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

    Raises
    ------
    InvalidMoveError
        If the cells are not ``(row, col)`` pairs of ints inside ``rows`` rows,
        or the move is not a straight orthogonal line of even length (``2 * n``
        cells for ``n`` jumps).

    Notes
    -----
    Notation: ``str(move)`` is ``"c3-g3"`` for a capture (start and final
    landing square; the jumped squares follow since the line is straight),
    and just the square, ``"d4"``, for a removal.  :meth:`parse` reads both
    back.  Moves are hashable and compare by ``(source, target, rows)``.

    Examples
    --------
    >>> m = konane.Move((5, 2), (5, 6), rows=8)
    >>> str(m), m.jumps, m.jumped
    ('c3-g3', 2, ((5, 3), (5, 5)))
    >>> konane.Move.parse("c3-g3", rows=8) == m
    True
    >>> str(konane.Move.parse("d4", rows=8)), konane.Move.parse("d4", rows=8).is_removal
    ('d4', True)
    """

    source: tuple[int, int]
    target: tuple[int, int]
    rows: int

    def __post_init__(self) -> None:
        try:
            sr, sc = self.source
            tr, tc = self.target
        except (TypeError, ValueError):
            raise InvalidMoveError(
                f"invalid move cells {self.source!r} -> {self.target!r}: expected (row, col) pairs"
            ) from None
        rows = self.rows
        for v in (sr, sc, tr, tc, rows):
            if not isinstance(v, int) or isinstance(v, bool):
                raise InvalidMoveError(
                    f"invalid move {self.source!r} -> {self.target!r} (rows={rows!r}): "
                    "coordinates must be ints"
                )
        if rows < 1 or not (0 <= sr < rows and 0 <= tr < rows and sc >= 0 and tc >= 0):
            raise InvalidMoveError(
                f"invalid move {self.source!r} -> {self.target!r}: outside a grid of {rows!r} rows"
            )
        object.__setattr__(self, "source", (sr, sc))
        object.__setattr__(self, "target", (tr, tc))
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
        a = square_name(self.source[0], self.source[1], self.rows)
        if self.source == self.target:
            return a
        return f"{a}-{square_name(self.target[0], self.target[1], self.rows)}"

    def __str__(self) -> str:
        return self._text()

    def __repr__(self) -> str:
        return f"konane.Move.parse({self._text()!r}, rows={self.rows})"

    @classmethod
    def parse(cls, text: str, *, rows: int, cols: int | None = None) -> "Move":
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

        Returns
        -------
        Move

        Raises
        ------
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
        konane.errors.InvalidMoveError: invalid move 'c3-c4': a capture covers an even number of cells (a jumped stone, then an empty cell, per jump)
        >>> konane.Move.parse("c3:c5", rows=6)
        Traceback (most recent call last):
        ...
        konane.errors.InvalidMoveError: invalid move notation 'c3:c5': expected 'c3-e3' (a capture) or 'd4' (a removal)
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"invalid move notation {text!r}: expected a str")
        m = _MOVE_RE.fullmatch(text.strip().lower())
        if m is None:
            raise InvalidMoveError(
                f"invalid move notation {text!r}: expected 'c3-e3' (a capture) or 'd4' (a removal)"
            )
        try:
            source = parse_square(m.group(1), rows)
            target = parse_square(m.group(2), rows) if m.group(2) else source
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
        return cls(source, target, rows)

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
        return square_name(self.source[0], self.source[1], self.rows)

    @property
    def target_name(self) -> str:
        """The square name of :attr:`target`."""
        return square_name(self.target[0], self.target[1], self.rows)


# --------------------------------------------------------------------------
# the fast path
# --------------------------------------------------------------------------


def options(board: Board, player: Any, rules: Rules | None = None) -> list[Board]:
    """The boards one move of ``player`` away, one per legal move.

    Parameters
    ----------
    board : Board
    player : Color or str
        ``"x"``/:data:`konane.BLACK` (Left) or ``"o"``/:data:`konane.WHITE`
        (Right); see :func:`konane.as_color`.
    rules : Rules, optional
        Defaults to :data:`konane.STANDARD`; :data:`konane.SINGLE_JUMP`
        allows single jumps only.

    Returns
    -------
    list of Board
        One board per legal move, in an unspecified but deterministic order.
        There are no duplicates: a move is determined by the cells that
        change for the mover (its start and landing cells).

    Examples
    --------
    >>> b = konane.Board("xo.o.o.")
    >>> b.options("x")
    [konane.Board('..xo.o.'), konane.Board('....xo.'), konane.Board('......x')]
    >>> b.options("x", konane.SINGLE_JUMP)
    [konane.Board('..xo.o.')]

    Notes
    -----
    For each of the four directions, the stones that can make a first jump
    are found at once as ``mine & (enemy >> d) & (empty >> 2d)`` (for the
    directions towards higher bits, with ``d`` = 1 or ``stride``; the other
    two use ``<<``).  The stones that can make a ``k + 1``-th jump are the
    ones that can make ``k`` jumps and find an enemy ``(2k + 1) d`` and an
    empty cell ``(2k + 2) d`` away.  Each result is built with
    ``Board._make`` from two xors.  The guard column keeps horizontal jumps
    inside their row.  Cost: a few big-int operations per direction and per
    move, no Python loop over cells.
    """
    if player is BLACK or player == "x":
        black = True
    else:
        black = as_color(player) is BLACK
    multi = STANDARD.multi_jump if rules is None else _rules(rules).multi_jump
    rows, cols, cells = board._rows, board._cols, board._cells
    if black:
        me, en = board._black, board._white
    else:
        me, en = board._white, board._black
    make = Board._make
    pairs = _capture_masks(cells, me, en, cols + 1, multi)
    if black:
        return [make(rows, cols, cells, nm, ne) for nm, ne in pairs]
    return [make(rows, cols, cells, ne, nm) for nm, ne in pairs]


def _capture_masks(cells: int, me: int, en: int, stride: int, multi: bool) -> list[tuple[int, int]]:
    """``(mine, enemy)`` masks after each capture by the ``me`` side, in the order of
    :func:`options` (see its notes for the method); the inner loop of ``konane.value``."""
    empty = cells & ~(me | en)
    out = []
    append = out.append
    for d in (1, stride):
        d2 = d + d
        cand = me & (en >> d) & (empty >> d2)
        shift = d2
        cap = 1 << d
        while cand:
            c = cand
            while c:
                low = c & -c
                c ^= low
                append((me ^ low ^ (low << shift), en ^ (cap * low)))
            if not multi:
                break
            cand &= (en >> (shift + d)) & (empty >> (shift + d2))
            cap |= 1 << (shift + d)
            shift += d2
        cand = me & (en << d) & (empty << d2)
        shift = d2
        cap = 1 << d
        while cand:
            c = cand
            while c:
                low = c & -c
                c ^= low
                append((me ^ low ^ (low >> shift), en ^ ((cap * low) >> shift)))
            if not multi:
                break
            cand &= (en << (shift + d)) & (empty << (shift + d2))
            cap |= 1 << (shift + d)
            shift += d2
    return out


def _jumps(board: Board, player: Any, rules: Rules | None):
    """Yield ``(source_index, target_index)`` of every legal capture."""
    color = as_color(player)
    multi = _rules(rules).multi_jump
    cols = board._cols
    if color is BLACK:
        me, en = board._black, board._white
    else:
        me, en = board._white, board._black
    empty = board._cells & ~(me | en)
    for d in (1, cols + 1, -1, -(cols + 1)):
        if d > 0:
            cand = me & (en >> d) & (empty >> (2 * d))
        else:
            cand = me & (en << -d) & (empty << (-2 * d))
        while cand:
            low = cand & -cand
            cand ^= low
            s = low.bit_length() - 1
            pos = s
            while True:
                over, land = pos + d, pos + 2 * d
                if over < 0 or land < 0 or not (en >> over) & 1 or not (empty >> land) & 1:
                    break
                yield s, land
                if not multi:
                    break
                pos = land


def _move_key(m: Move) -> tuple[int, int, int, int]:
    return (m.source[1], -m.source[0], m.target[1], -m.target[0])


def legal_moves(board: Board, player: Any, rules: Rules | None = None) -> list[Move]:
    """The legal captures of ``player``, as :class:`Move` objects.

    Parameters
    ----------
    board : Board
    player : Color or str
    rules : Rules, optional
        Defaults to :data:`konane.STANDARD`.

    Returns
    -------
    list of Move
        Sorted by source square (files from the left, then ranks from the
        bottom), then by target square.

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
    rows, stride = board._rows, board._cols + 1
    moves = [
        Move(divmod(s, stride), divmod(t, stride), rows) for s, t in _jumps(board, player, rules)
    ]
    moves.sort(key=_move_key)
    return moves


def _apply(board: Board, move: Move) -> Board:
    """The board after a capture known to be legal."""
    stride = board._cols + 1
    sr, sc = move.source
    tr, tc = move.target
    src, dst = 1 << (sr * stride + sc), 1 << (tr * stride + tc)
    captured = 0
    for r, c in move.jumped:
        captured |= 1 << (r * stride + c)
    if board._black & src:
        return Board._make(board._rows, board._cols, board._cells,
                           board._black ^ src ^ dst, board._white ^ captured)
    return Board._make(board._rows, board._cols, board._cells,
                       board._black ^ captured, board._white ^ src ^ dst)


def move_options(board: Board, player: Any, rules: Rules | None = None) -> list[tuple[Move, Board]]:
    """Pairs ``(move, resulting board)`` for every legal move of ``player``.

    The moves are in the order of :func:`legal_moves`; the boards are the
    same as those of :func:`options` (in another order).

    Examples
    --------
    >>> [(str(m), b) for m, b in konane.Board("xo.").move_options("x")]
    [('a1-c1', konane.Board('..x'))]
    """
    return [(m, _apply(board, m)) for m in legal_moves(board, player, rules)]


def can_move(board: Board, player: Any, rules: Rules | None = None) -> bool:
    """True if ``player`` has a legal move (a first jump; rules do not matter).

    Examples
    --------
    >>> konane.moves.can_move(konane.Board("xo."), "o")
    False
    """
    if rules is not None:
        _rules(rules)
    if as_color(player) is BLACK:
        me, en = board._black, board._white
    else:
        me, en = board._white, board._black
    empty = board._cells & ~(me | en)
    for d in (1, board._cols + 1):
        if me & (en >> d) & (empty >> (2 * d)) or me & (en << d) & (empty << (2 * d)):
            return True
    return False


def move_count(board: Board, player: Any, rules: Rules | None = None) -> int:
    """The number of legal moves of ``player``, counted bit-parallel.

    Examples
    --------
    >>> konane.moves.move_count(konane.Board("xo.o.o."), "x")
    3
    """
    multi = _rules(rules).multi_jump
    if as_color(player) is BLACK:
        me, en = board._black, board._white
    else:
        me, en = board._white, board._black
    empty = board._cells & ~(me | en)
    total = 0
    for d in (1, board._cols + 1):
        for up in (False, True):
            shift = 2 * d
            if up:
                cand = me & (en << d) & (empty << shift)
            else:
                cand = me & (en >> d) & (empty >> shift)
            while cand:
                total += cand.bit_count()
                if not multi:
                    break
                if up:
                    cand &= (en << (shift + d)) & (empty << (shift + 2 * d))
                else:
                    cand &= (en >> (shift + d)) & (empty >> (shift + 2 * d))
                shift += 2 * d
    return total


def _coerce_move(board: Board, move: Any) -> Move:
    if isinstance(move, str):
        return Move.parse(move, rows=board._rows, cols=board._cols)
    if not isinstance(move, Move):
        raise TypeError(f"expected a konane.Move or move notation, got {move!r}")
    return move


def _illegal(board: Board, move: Any, reason: str, cls: type = IllegalMoveError) -> Exception:
    return cls(f"illegal move {str(move)!r}: {reason}\n{board}")


def _check(board: Board, move: Move, rules: Rules | None, player: Any) -> str | None:
    """Why ``move`` is illegal on ``board``, or None if it is legal."""
    rules = _rules(rules)
    if move.rows != board._rows:
        return f"the move is written for a board of {move.rows} rows, this one has {board._rows}"
    if move.is_removal:
        return "a removal is legal only in the opening of a konane.Match"
    stride = board._cols + 1
    cells, black, white = board._cells, board._black, board._white

    def bit(rc: tuple[int, int]) -> int:
        r, c = rc
        return 1 << (r * stride + c) if c < board._cols else 0

    src = bit(move.source)
    name = move.source_name
    if not cells & src:
        return f"{name} is not on the board"
    if not (black | white) & src:
        return f"there is no stone on {name}"
    mover = BLACK if black & src else WHITE
    if player is not None and as_color(player) is not mover:
        return f"{name} holds a {mover.long_name} stone but it is {as_color(player).long_name}'s move"
    if move.jumps > 1 and not rules.multi_jump:
        return "multi-jumps are not allowed by these rules (single jumps only)"
    enemy = white if mover is BLACK else black
    empty = cells & ~(black | white)
    for over, land in zip(move.jumped, move.landings):
        if not enemy & bit(over):
            return (f"{square_name(over[0], over[1], board._rows)} does not hold a "
                    f"{mover.opponent.long_name} stone to jump")
        if not empty & bit(land):
            return f"{square_name(land[0], land[1], board._rows)} is not an empty cell of the board"
    return None


def play(board: Board, move: Any, rules: Rules | None = None, *, player: Any = None) -> Board:
    """The board after the capture ``move``; ``board`` itself is unchanged.

    Parameters
    ----------
    board : Board
    move : Move or str
        A :class:`Move` or its notation, e.g. ``"c3-g3"``.
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
    InvalidMoveError
        If ``move`` is a string that is not move notation for this grid.
    IllegalMoveError
        If the move is not legal here (no own stone on the source, a jumped
        cell without an enemy stone, a landing cell not empty, a multi-jump
        under single-jump rules, a removal, ...).  The message names the move,
        gives the reason and shows the board.

    Examples
    --------
    >>> b = konane.Board("xo.o.")
    >>> print(b.play("a1-c1"))
    ..xo.
    >>> b.play("a1-e1", konane.SINGLE_JUMP)
    Traceback (most recent call last):
    ...
    konane.errors.IllegalMoveError: illegal move 'a1-e1': multi-jumps are not allowed by these rules (single jumps only)
    xo.o.
    """
    move = _coerce_move(board, move)
    reason = _check(board, move, rules, player)
    if reason is not None:
        raise _illegal(board, move, reason)
    return _apply(board, move)


def is_legal(board: Board, move: Any, rules: Rules | None = None, *, player: Any = None) -> bool:
    """True if :func:`play` would accept ``move`` (notation errors still raise).

    Examples
    --------
    >>> konane.moves.is_legal(konane.Board("xo."), "a1-c1", player="o")
    False
    """
    move = _coerce_move(board, move)
    return _check(board, move, rules, player) is None

