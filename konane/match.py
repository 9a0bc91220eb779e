"""Played games of Konane: the opening removals, the move record, save/load.

A :class:`Match` is a mutable record of a game from a starting board, in the
manner of python-chess's ``Board`` move stack: :meth:`Match.push` and
:meth:`Match.pop`, with the position after each ply available as
:attr:`Match.board`.  Boards themselves stay immutable.

The opening (when ``opening=True``, the default):

1. the first player (``first``, default Black) removes one of its own stones
   from the centre of the grid or from a corner (see :func:`removals`);
2. the other player removes one of its own stones orthogonally adjacent to
   that hole.

Then the players capture in turn, the first player first; whoever cannot move
loses.  The two sources of the rules differ on who starts (the French article:
Black removes first, so Black also captures first; the Portuguese page starts
from the position after the removals with White to capture), so this is the
``first`` setting: ``Match(board_after_removals, first=WHITE, opening=False)``
is the Portuguese game.

Examples
--------
>>> m = konane.Match(konane.Board.start(6))
>>> m.turn, [str(mv) for mv in m.legal_moves()]
(konane.BLACK, ['a1', 'c3', 'd4', 'f6'])
>>> m.push("c3"); m.push("c4"); m.push("a3-c3")
>>> print(m.board.diagram())
6 o x o x o x
5 x o x o x o
4 o x . x o x
3 . . x o x o
2 o x o x o x
1 x o x o x o
  a b c d e f
>>> m.turn, m.is_over
(konane.WHITE, False)
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from konane import svg
from konane._calls import describe, public
from konane._files import check_path, write_text
from konane.board import BLACK, Board, Color, as_board, as_color, central_cells, corner_cells, illegal_move
from konane.errors import (
    BoardParseError,
    BoardTypeError,
    IllegalMoveError,
    InvalidMoveError,
    KonaneError,
    KonaneTypeError,
    MatchFileError,
    OpeningError,
)
from konane.moves import Move, as_move, moves_text
from konane.players import best_move
from konane.rules import STANDARD, Rules, as_rules

__all__ = ["Match", "removals"]


@public
def removals(board: Board, player: Any, hole: Any = None,
             rules: Rules | None = None) -> list[Move]:
    """The legal opening removals of ``player``: :meth:`konane.Board.removals`.

    Examples
    --------
    >>> b = konane.Board.start(4)
    >>> [str(m) for m in konane.match.removals(b, "x")]
    ['a1', 'b2', 'c3', 'd4']
    """
    if not isinstance(board, Board):
        raise BoardTypeError(f"removals() takes a konane.Board, not {describe(board)}")
    return board.removals(player, hole, rules)


_PICTURE_CHARS = frozenset("xo.# ")


def _is_header(line: str) -> bool:
    """A header or comment line: ``#`` then something no picture row contains."""
    return line.startswith("#") and not set(line) <= _PICTURE_CHARS


class Match:
    """A played game: a starting board, the moves so far, whose turn it is.

    Parameters
    ----------
    board : Board or str, optional
        The starting position or its picture; defaults to ``Board.start(8, 8)``
        (Black on a1).
    rules : Rules, default STANDARD
        Multi-jumps or single jumps, and the first-removal rule.
    first : Color or str, default BLACK
        The player who moves first (makes the first removal when
        ``opening`` is true, else the first capture).
    opening : bool, default True
        If true the first two plies are removals (see :func:`removals`);
        if false the game starts with captures (use this for a position
        set up after the removals).

    Raises
    ------
    BoardTypeError, RulesTypeError, PlayerTypeError, KonaneTypeError
        If an argument has the wrong type.
    BoardParseError, PlayerError
        If ``board`` is a bad picture or ``first`` names no player.

    Examples
    --------
    >>> m = konane.Match(konane.Board("xo.o."), opening=False)
    >>> m.push("a1-e1")
    >>> m.is_over, m.winner
    (True, konane.BLACK)
    >>> m.pop()
    konane.Move.parse('a1-e1', rows=1)
    >>> m.board
    konane.Board('xo.o.')
    """

    @public
    def __init__(self, board: Board | str | None = None, *, rules: Rules = STANDARD,
                 first: Any = BLACK, opening: bool = True) -> None:
        start = Board.start(8, 8) if board is None else as_board(board)
        r = as_rules(rules)
        first_color = as_color(first)
        if not isinstance(opening, bool):
            raise KonaneTypeError(f"opening must be True or False, not {describe(opening)}")
        self._start = start
        self._rules = r
        self._first = first_color
        self._opening = opening
        self._boards: list[Board] = [start]
        self._moves: list[Move] = []

    # -- state --------------------------------------------------------------

    @property
    def start(self) -> Board:
        """The starting board."""
        return self._start

    @property
    def board(self) -> Board:
        """The current board."""
        return self._boards[-1]

    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        return self._rules

    @property
    def first(self) -> Color:
        """The player who made (or makes) the first ply."""
        return self._first

    @property
    def opening(self) -> bool:
        """True if the game starts with the two removals."""
        return self._opening

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played so far, first to last."""
        return tuple(self._moves)

    @property
    def boards(self) -> tuple[Board, ...]:
        """The starting board and the board after each move."""
        return tuple(self._boards)

    @property
    def ply(self) -> int:
        """The number of moves played so far."""
        return len(self._moves)

    @property
    def turn(self) -> Color:
        """The player to move."""
        return self._first if len(self._moves) % 2 == 0 else self._first.opponent

    @property
    def in_opening(self) -> bool:
        """True if the next ply is a removal.

        Examples
        --------
        >>> m = konane.Match(konane.Board.start(4))
        >>> m.in_opening, konane.Match(konane.Board("xo."), opening=False).in_opening
        (True, False)
        """
        return self._opening and len(self._moves) < 2

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move: removals, then captures.

        Examples
        --------
        >>> m = konane.Match(konane.Board.start(4))
        >>> [str(x) for x in m.legal_moves()]
        ['a1', 'b2', 'c3', 'd4']
        >>> m.push("a1")
        >>> [str(x) for x in m.legal_moves()]
        ['a2', 'b1']
        """
        if self.in_opening:
            hole = self._moves[0].source if self._moves else None
            return removals(self.board, self.turn, hole, self._rules)
        return self.board.legal_moves(self.turn, self._rules)

    @property
    def is_over(self) -> bool:
        """True if the player to move has no legal move.

        Examples
        --------
        >>> konane.Match(konane.Board("x.o"), opening=False).is_over
        True
        """
        if self.in_opening:
            return not self.legal_moves()
        return not self.board.can_move(self.turn, self._rules)

    @property
    def winner(self) -> Color | None:
        """The winner if the game is over, else ``None``.

        The player to move has no move and loses, so the winner is the other
        player (the one who made the last move, if any).

        Examples
        --------
        >>> m = konane.Match(konane.Board(".xo"), opening=False, first="o")
        >>> m.winner is None
        True
        >>> m.push("c1-a1"); m.winner
        konane.WHITE
        """
        return self.turn.opponent if self.is_over else None

    # -- moves ----------------------------------------------------------------

    @public
    def parse_move(self, text: str) -> Move:
        """Read move notation for the current board; see :meth:`Board.parse_move`.

        Examples
        --------
        >>> konane.Match().parse_move("d4")
        konane.Move.parse('d4', rows=8)
        """
        return self.board.parse_move(text)

    @public
    def push(self, move: Move | str) -> None:
        """Play a move (a :class:`Move` or its notation) for the player to move.

        Raises
        ------
        MoveTypeError
            If ``move`` is neither a :class:`Move` nor a str.
        InvalidMoveError
            If a string is not move notation for this grid.
        OpeningError
            If a removal is due and ``move`` is not one of :meth:`legal_moves`
            (a capture, another player's stone, a cell outside the centre and
            the corners, a cell not adjacent to the first hole, ...).
        IllegalMoveError
            If a capture is due and ``move`` is not legal (a removal is not
            legal any more).

        Nothing changes when an error is raised.

        Examples
        --------
        >>> m = konane.Match(konane.Board.start(6))
        >>> m.push("b2")
        Traceback (most recent call last):
        ...
        konane.errors.OpeningError: illegal move 'b2': Black must remove one of its own stones from the centre (c3, ...
        legal removals for Black (to move): a1, c3, d4, f6
        6 o x o x o x
        5 x o x o x o
        4 o x o x o x
        3 x o x o x o
        2 o x o x o x
        1 x o x o x o
          a b c d e f
        >>> m.ply
        0
        """
        board = self.board
        move = as_move(move, board.rows, board.cols, board.origin)
        if move.rows != board.rows:
            raise illegal_move(board, move, f"the move is written for a board of {move.rows} rows, "
                                        f"this one has {board.rows}")
        turn = self.turn
        if self.in_opening:
            legal = self.legal_moves()
            if move not in legal:
                raise illegal_move(board, move, self._opening_reason(move), OpeningError,
                                   legal=f"legal removals for {turn.long_name} (to move): {moves_text(legal)}")
            new = board.play_removal(move.source)
        else:
            if move.is_removal:
                raise illegal_move(board, move, "removals are allowed only in the opening; "
                                            "every later move is a capture", legal=self._legal_line())
            reason = board.illegal_reason(move, self._rules, player=turn)
            if reason is not None:
                raise illegal_move(board, move, reason, legal=self._legal_line())
            new = board._apply(move)
        self._moves.append(move)
        self._boards.append(new)

    @public
    def hint(self, time: float = 1.0, *, seed: int | None = None) -> Move:
        """The move the strong player suggests for the side to move (a removal in the opening).

        This is :func:`konane.best_move` on the match: a move proved to win if
        the search finds one within ``time`` seconds, else the best move of the
        heuristic search.

        Parameters
        ----------
        time : float, default 1.0
            Seconds to think (about).
        seed : int, optional
            Breaks ties among equally good moves at random.

        Raises
        ------
        IllegalMoveError
            If the game is over (the player to move has no move).

        Examples
        --------
        >>> m = konane.Match(konane.Board("xo.o."), opening=False)
        >>> m.hint()
        konane.Move.parse('a1-e1', rows=1)
        >>> m = konane.Match(konane.Board.start(4))
        >>> m.hint(time=0.1) in m.legal_moves()
        True
        """
        return best_move(self, time=time, seed=seed)

    def _legal_line(self) -> str:
        return f"legal moves for {self.turn.long_name} (to move): {moves_text(self.legal_moves())}"

    def _opening_reason(self, move: Move) -> str:
        board, turn = self.board, self.turn
        who = turn.long_name
        if not move.is_removal:
            return f"the opening needs a removal by {who} (a single square like 'd4'), not a capture"
        if move.source[1] >= board.cols or board[move.source] != turn.value:
            return f"{who} must remove one of its own stones"

        def names(cells: list[tuple[int, int]]) -> str:
            return ", ".join(board.square_name(rc) for rc in sorted(cells, key=lambda rc: (rc[1], -rc[0])))

        if self._moves:
            return (f"{who} must remove one of its own stones orthogonally adjacent to "
                    f"the hole at {self._moves[0].source_name}")
        centre = [rc for rc in central_cells(board.rows, board.cols) if board[rc] != "#"]
        corners = [rc for rc in corner_cells(board.rows, board.cols) if board[rc] != "#"]
        return (f"{who} must remove one of its own stones from the centre ({names(centre)}) "
                f"or a corner ({names(corners)})")

    def pop(self) -> Move:
        """Take back the last move and return it.

        Raises
        ------
        IndexError
            If no move has been played.

        Examples
        --------
        >>> m = konane.Match.from_moves(["a1", "b1"], konane.Board.start(4))
        >>> m.pop(), m.ply, m.turn
        (konane.Move.parse('b1', rows=4), 1, konane.WHITE)
        """
        if not self._moves:
            raise IndexError("pop from a Match without moves")
        self._boards.pop()
        return self._moves.pop()

    def copy(self) -> Match:
        """An independent copy of the record (boards are shared: they are immutable).

        Examples
        --------
        >>> m = konane.Match(konane.Board.start(4))
        >>> c = m.copy(); c.push("a1")
        >>> m.ply, c.ply
        (0, 1)
        """
        other = Match(self._start, rules=self._rules, first=self._first, opening=self._opening)
        other._boards = list(self._boards)
        other._moves = list(self._moves)
        return other

    def __len__(self) -> int:
        return len(self._moves)

    def __repr__(self) -> str:
        return (f"<konane.Match {self._start.rows}x{self._start.cols} first={self._first.value!r} "
                f"ply={self.ply} turn={self.turn.value!r}>")

    def status(self) -> str:
        """One line: the ply and whose turn it is, or the winner once the game is over.

        This is the caption of the match's picture in a notebook.

        Examples
        --------
        >>> m = konane.Match(konane.Board.start(4))
        >>> m.status()
        'ply 0: Black (x) to remove a stone'
        >>> m.push("a1"); m.push("b1"); m.status()
        'ply 2: Black (x) to move'
        >>> konane.Match(konane.Board(".xo"), opening=False, first="o").status()
        'ply 0: White (o) to move'
        >>> m = konane.Match(konane.Board("x.o"), opening=False); m.status()
        'ply 0: game over, White (o) wins: Black cannot move'
        """
        turn = self.turn
        head = f"ply {self.ply}: "
        if self.is_over:
            return (head + f"game over, {turn.opponent.long_name} ({turn.opponent.value}) wins: "
                    f"{turn.long_name} cannot move")
        if self.in_opening:
            return head + f"{turn.long_name} ({turn.value}) to remove a stone"
        return head + f"{turn.long_name} ({turn.value}) to move"

    def _repr_svg_(self) -> str | None:
        try:
            last = self._moves[-1] if self._moves else None
            return str(svg.board(self.board, lastmove=last, caption=self.status()))
        except Exception:  # a display hook must never raise
            return None

    def _repr_html_(self) -> str | None:
        """The picture as inline SVG with its alternative text (see ``Board._repr_html_``)."""
        return self._repr_svg_()

    # -- save / load ----------------------------------------------------------

    def dumps(self) -> str:
        """The record as plain text.

        Format: header lines ``# key: value`` (``first``, ``rules``,
        ``opening``, and ``origin`` for a board whose squares are not named
        from a1 (:attr:`konane.Board.origin`); unknown keys and header lines
        without ``:`` are ignored when loading), the starting board picture (``#`` for off-board cells;
        a header line is told from a picture row by containing a character
        other than ``x o . # space``), one blank line, then one move per line
        in notation.  Lines starting with ``#`` after the picture are
        comments.

        Examples
        --------
        >>> m = konane.Match(konane.Board.start(4))
        >>> m.push("a1"); m.push("b1")
        >>> print(m.dumps())
        # konane-cgt match
        # first: x
        # rules: multi_jump=true opening=standard
        # opening: true
        oxox
        xoxo
        oxox
        xoxo
        <BLANKLINE>
        a1
        b1
        <BLANKLINE>
        >>> konane.Match.loads(m.dumps()).moves == m.moves
        True
        """
        lines = [
            "# konane-cgt match",
            f"# first: {self._first.value}",
            f"# rules: {self._rules}",
            f"# opening: {'true' if self._opening else 'false'}",
        ] + ([f"# origin: {self._start.origin}"] if self._start.origin != "a1" else []) + [
            str(self._start),
            "",
        ]
        lines.extend(str(m) for m in self._moves)
        return "\n".join(lines) + "\n"

    @classmethod
    @public
    def loads(cls, text: str) -> Match:
        r"""Read a record written by :meth:`dumps`, replaying every move.

        Raises
        ------
        BoardTypeError
            If ``text`` is not a str.
        BoardParseError
            If the headers or the picture are malformed.
        InvalidMoveError, IllegalMoveError, OpeningError
            If a move line is bad; the message gives the line number.

        Examples
        --------
        >>> m = konane.Match.loads("# opening: false\nxo.o.\n\na1-e1\n")
        >>> m.board, m.winner
        (konane.Board('....x'), konane.BLACK)
        >>> konane.Match.loads("# opening: false\nxo.o.\n\na1-d1\n")
        Traceback (most recent call last):
        ...
        konane.errors.InvalidMoveError: line 4: invalid move 'a1-d1': a capture covers an even number of cells ...
        """
        if not isinstance(text, str):
            raise BoardTypeError(f"a match record must be a str, not {describe(text)}")
        lines = text.splitlines()
        i = 0
        headers: dict[str, str] = {}
        while i < len(lines) and _is_header(lines[i]):
            key, sep, value = lines[i][1:].partition(":")
            if sep:
                headers[key.strip().lower()] = value.strip()
            i += 1
        while i < len(lines) and not lines[i].strip():
            i += 1
        pic_start = i
        while i < len(lines) and lines[i].strip():
            i += 1
        picture = "\n".join(lines[pic_start:i])
        if not picture:
            raise BoardParseError(f"no starting board in match record {text[:200]!r}")
        board = Board(picture + "\n", origin=headers.get("origin", "a1"))
        first = headers.get("first", "x")
        try:
            first_color = as_color(first)
        except KonaneError:
            raise BoardParseError(f"invalid first player {first!r} in match record") from None
        try:
            rules = Rules.parse(headers.get("rules", ""))
        except KonaneError as exc:
            raise BoardParseError(f"invalid rules header in match record: {exc}") from None
        opening_text = headers.get("opening", "true").lower()
        if opening_text not in ("true", "false"):
            raise BoardParseError(f"invalid opening header {opening_text!r}: expected true or false")
        match = cls(board, rules=rules, first=first_color, opening=opening_text == "true")
        for lineno in range(i, len(lines)):
            line = lines[lineno].strip()
            if not line or line.startswith("#"):
                continue
            try:
                match.push(line)
            except (InvalidMoveError, IllegalMoveError) as exc:
                raise type(exc)(f"line {lineno + 1}: {exc}") from None
        return match

    @public
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`dumps` to ``path`` (UTF-8), replacing the file whole or not at all.

        The record goes to a temporary file in the same folder, which is synced to the disk
        and renamed over ``path``: a process killed at any moment leaves the old record or
        the new one, never a record cut short.

        Raises
        ------
        KonaneTypeError
            If ``path`` is not a str or a path (a file descriptor is not accepted).

        Examples
        --------
        >>> import os, tempfile
        >>> m = konane.Match.from_moves(["c3", "c4"], konane.Board.start(6))
        >>> path = os.path.join(tempfile.mkdtemp(), "game.txt")
        >>> m.save(path)
        >>> konane.Match.load(path).moves == m.moves
        True
        """
        write_text(check_path(path), self.dumps())

    @classmethod
    @public
    def load(cls, path: str | os.PathLike[str]) -> Match:
        """Read a record saved by :meth:`save` (see :meth:`save` for an example); a UTF-8
        byte-order mark at its start is allowed.

        Raises
        ------
        KonaneTypeError
            If ``path`` is not a str or a path.
        MatchFileError
            If the file cannot be read (missing, a folder, no permission) or is not UTF-8 text.
        BoardParseError, InvalidMoveError, IllegalMoveError
            As for :meth:`loads`.
        """
        name = check_path(path)
        try:
            with open(name, "rb") as f:
                data = f.read()
        except (OSError, ValueError) as exc:     # ValueError: a path with a null byte
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise MatchFileError(f"cannot load a match from {name!r}: {why}") from None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise MatchFileError(f"cannot load a match from {name!r}: not UTF-8 text (byte {exc.start} is "
                                 f"{data[exc.start:exc.start + 1]!r}); a match record is the text of "
                                 "konane.Match.save") from None
        if "\x00" in text:
            raise MatchFileError(f"cannot load a match from {name!r}: the file holds a null character, "
                                 "so it is not a match record")
        return cls.loads(text)

    @classmethod
    @public
    def from_moves(cls, moves: Iterable[Move | str], board: Board | None = None,
                   **kwargs: Any) -> Match:
        """A match with ``moves`` pushed in order (keyword arguments as for Match).

        Examples
        --------
        >>> konane.Match.from_moves(["d4", "d5", "b4-d4"], konane.Board.start(6)).turn
        konane.WHITE
        """
        match = cls(board, **kwargs)
        for move in moves:
            match.push(move)
        return match
