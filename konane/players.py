"""Computer players of Konane: random, greedy, and a strong searching player.

A *player* here chooses a move for a side, in a position given either as a
:class:`konane.Board` and the side to move, or as a played game (a
:class:`konane.Match`, whose opening removals are handled too).

* :func:`random_move`: a legal move at random.
* :func:`greedy_move`: the one-ply greedy player: the move after which its own
  number of moves minus the opponent's is largest (ties at random).
* :func:`best_move` and :func:`choose_move`: the strong player.  It searches
  with iterative-deepening alpha-beta (negamax) under a time budget, with a
  transposition table and move ordering, and a heuristic evaluation of the
  leaves: mobility, ``4 * (my moves - their moves) + (my movable stones - theirs)``.
  A win found by the search is a proof (a move that wins against every
  defence): the heuristic scores stay far below the score of a won position,
  so a won score at the root means every line of the winning strategy was
  played out to its end.  If the search proves nothing, the exact win/loss
  search of :func:`konane.solve` (regions settled by their values) gets the
  rest of the time, and its proof, if it finds one, decides.  The search
  kernel is native (``src/konane/play.rs``) when the extension is built and
  the native backend is active; otherwise a pure-Python search of the same
  algorithm is used (slower, so shallower in the same time).
* :func:`computer_move`: the players by level, as ``konane play --level N``
  uses them (see :data:`LEVELS`).

Examples
--------
>>> b = konane.Board("xo.o.")
>>> str(konane.best_move(b, "x"))
'a1-e1'
>>> c = konane.choose_move(b, "x")
>>> c.move == konane.Move.parse("a1-e1", rows=1), c.wins
(True, True)
>>> str(konane.players.greedy_move(konane.Board("xo.o.o."), "x"))
'a1-c1'
"""

from __future__ import annotations

import math
import random
import time as _time
from dataclasses import dataclass
from typing import Any, Protocol

from konane._calls import describe, public
from konane._kernel.play import MAX_PLY, PROVEN, WIN, kernel_name, prove, search
from konane.board import BLACK, Board, Color, as_color
from konane.errors import (
    IllegalMoveError,
    KonaneTypeError,
    KonaneValueError,
)
from konane.moves import Move
from konane.rules import Rules, as_rules

__all__ = [
    "Choice",
    "LEVELS",
    "best_move",
    "choose_move",
    "computer_move",
    "greedy_move",
    "random_move",
]

#: The players of :func:`computer_move` (and ``konane play --level``) by level:
#: ``"random"``, ``"greedy"``, or the seconds per move of :func:`best_move`.
LEVELS: dict[int, str | float] = {0: "random", 1: "greedy", 2: 0.1, 3: 1.0, 4: 5.0}

class MatchLike(Protocol):
    """What the players need of a played game (:class:`konane.Match` is one)."""

    @property
    def board(self) -> Board: ...

    @property
    def turn(self) -> Color: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def in_opening(self) -> bool: ...

    @property
    def ply(self) -> int: ...

    def legal_moves(self) -> list[Move]: ...

    def push(self, move: Move | str) -> None: ...

    def pop(self) -> Move: ...


@dataclass(frozen=True)
class Choice:
    """The move a player chose, and why.

    Attributes
    ----------
    move : Move
        The move (a capture, or a removal in a match's opening).
    wins : bool or None
        ``True`` if the move is proved to win against every defence, ``False``
        if the player was proved to lose whatever it plays (the move then
        delays the loss the longest), ``None`` if nothing was proved.
    score : int
        The search's score of the move for the player (mobility units; a proved
        win in ``p`` plies scores ``1000000 - p``, a proved loss the negative; a
        win proved by the solver, whose length is not known, ``1000000 - 130``).
    depth : int
        The depth (plies) of the deepest finished search iteration.
    nodes : int
        The positions the search visited.
    seconds : float
        The time the choice took.
    method : str
        ``"native search"`` or ``"python search"`` (the kernel that chose),
        with ``" + solver"`` when the exact solver proved the outcome, or
        ``"only move"`` when there was nothing to choose.
    """

    move: Move
    wins: bool | None
    score: int
    depth: int
    nodes: int
    seconds: float
    method: str

    @property
    def proven(self) -> bool:
        """True if the outcome was proved (``wins`` is not ``None``)."""
        return self.wins is not None


# ---------------------------------------------------------------- arguments


def _rng(seed: Any) -> random.Random:
    if seed is None or isinstance(seed, random.Random):
        return seed if seed is not None else random.Random()
    if isinstance(seed, int) and not isinstance(seed, bool):
        return random.Random(seed)
    raise KonaneTypeError(f"seed must be an int, a random.Random or None, not {describe(seed)}")


def _seconds(time: Any) -> float:
    if isinstance(time, bool) or not isinstance(time, (int, float)):
        raise KonaneTypeError(f"time must be a number of seconds, not {describe(time)}")
    t = float(time)
    if not (math.isfinite(t) and t >= 0):
        raise KonaneValueError(f"time must be a finite number of seconds >= 0, not {time!r}")
    return t


def _position(position: Any, player: Any, rules: Any) -> tuple[Board | None, MatchLike | None, Color, Rules]:
    """``(board, None, player, rules)`` for a board, ``(None, game, turn, rules)`` for a game."""
    if isinstance(position, str):
        position = Board(position)              # a picture, as konane.value and konane.solve read it
    if isinstance(position, Board):
        if player is None:
            raise KonaneTypeError("a player is needed with a board: pass 'x' (Black) or 'o' (White)")
        return position, None, as_color(player), as_rules(rules)
    if all(hasattr(position, name) for name in ("board", "turn", "rules", "in_opening", "legal_moves")):
        game: MatchLike = position
        if player is not None and as_color(player) is not game.turn:
            raise KonaneValueError(f"it is {game.turn.long_name}'s turn in this match, "
                                   f"not {as_color(player).long_name}'s")
        if rules is not None and as_rules(rules) != game.rules:
            raise KonaneValueError(f"the match is played under {game.rules}, not {rules}")
        return None, game, game.turn, game.rules
    raise KonaneTypeError(f"expected a konane.Board or a konane.Match, not {describe(position)}")


def _no_move(board: Board, player: Color) -> IllegalMoveError:
    return IllegalMoveError(f"{player.long_name} ({player.value}) has no legal move: the game is over\n{board}")


# ---------------------------------------------------------------- simple players


def _mobility_after(board: Board, player: Color, rules: Rules) -> int:
    return board.move_count(player, rules) - board.move_count(player.opponent, rules)


@public
def random_move(position: Board | str | MatchLike, player: Any = None, *, rules: Rules | None = None,
                seed: int | random.Random | None = None) -> Move:
    """A legal move chosen at random (a removal in a match's opening).

    Parameters
    ----------
    position : Board, str or Match
        A board (or its picture), and then ``player`` names the side to move;
        or a match, whose turn it is (``player`` and ``rules`` may be left out).
    player : Color or str, optional
    rules : Rules, optional
        Defaults to :data:`konane.STANDARD` (a match has its own).
    seed : int or random.Random, optional
        The source of randomness (a fresh one if ``None``).

    Raises
    ------
    IllegalMoveError
        If the player has no legal move.

    Examples
    --------
    >>> str(konane.players.random_move(konane.Board("xo.o."), "x", seed=1)) in ("a1-c1", "a1-e1")
    True
    """
    board, game, color, r = _position(position, player, rules)
    rng = _rng(seed)
    if game is not None:
        board, moves = game.board, game.legal_moves()
    else:
        assert board is not None
        moves = board.legal_moves(color, r)
    if not moves:
        raise _no_move(board, color)
    move: Move = rng.choice(moves)
    return move


@public
def greedy_move(position: Board | str | MatchLike, player: Any = None, *, rules: Rules | None = None,
                seed: int | random.Random | None = None) -> Move:
    """The one-ply greedy move: the largest own-minus-opponent move count after it.

    Ties are broken at random (``seed``).  In a match's opening the same score
    is used for removals (after the removals it counts the captures).

    Parameters
    ----------
    position, player, rules, seed
        As for :func:`random_move`.

    Raises
    ------
    IllegalMoveError
        If the player has no legal move.

    Examples
    --------
    >>> str(konane.players.greedy_move(konane.Board("xo.o.o."), "x"))
    'a1-c1'
    """
    board, game, color, r = _position(position, player, rules)
    rng = _rng(seed)
    scored: list[tuple[int, Move]] = []
    if game is not None:
        for m in game.legal_moves():
            game.push(m)
            scored.append((_mobility_after(game.board, color, r), m))
            game.pop()
        board = game.board
    else:
        assert board is not None
        scored = [(_mobility_after(b, color, r), m) for m, b in board.move_options(color, r)]
    if not scored:
        raise _no_move(board, color)
    best = max(s for s, _ in scored)
    return rng.choice([m for s, m in scored if s == best])


#: The share of a move's time the heuristic search may use before the exact solver gets
#: the rest.  The search stops earlier anyway, once an iteration has taken more than a
#: third of its time (the next would not finish), which leaves the solver between 0 and
#: 2/3 of the time.  Measured (self-play at 0.2 s a move, 40 games on 6x6 and 40 on 8x8,
#: the solver stage against none): 1.0 won 46 of 80, 0.5 (at least half for the solver)
#: 39 of 80, losing 26 of 40 on 8x8 where the solver rarely proves anything mid-game.
_SEARCH_SHARE = 1.0


def _capture_choice(board: Board, color: Color, rules: Rules, time: float, seed: int | None,
                    max_nodes: int | None, max_depth: int | None, backend: str | None,
                    solver: bool) -> Choice:
    start = _time.monotonic()
    moves = board.legal_moves(color, rules)
    if not moves:
        raise _no_move(board, color)
    if len(moves) == 1:
        time /= 10                              # nothing to choose: only the score and proof
    share = time * _SEARCH_SHARE if solver else time
    (mv, score, depth, nodes, _, proven), method = search(board.key, color is BLACK, rules, share, max_nodes,
                                                         max_depth, seed, backend)
    assert mv is not None
    stride = board.cols + 1
    move = Move(divmod(mv[0], stride), divmod(mv[1], stride), board.rows, board.origin)
    if len(moves) == 1:
        method = "only move"
    if proven is None and solver and max_depth is None and time - (_time.monotonic() - start) > 0:
        # the exact solver, for the rest of the time: first who wins, then a winning move
        # (the search's choice first)
        def left() -> float:
            return time - (_time.monotonic() - start)

        won = prove(board.key, color is BLACK, rules, left(), max_nodes)
        if won is False:
            proven, score, method = False, -PROVEN, method + " + solver"
        elif won:
            # each move gets an equal share of what is left (a move whose proof is in the
            # solver's table already costs nothing)
            order = [move] + [x for x in moves if x != move]
            for i, m in enumerate(order):
                after = board.play(m, rules, player=color)
                reply = prove(after.key, color.opponent is BLACK, rules, max(left(), 0.0) / (len(order) - i), max_nodes)
                if reply is False:
                    move, proven, score, method = m, True, PROVEN, method + " + solver"
                    break
    return Choice(move, proven, score, depth, nodes, _time.monotonic() - start, method)


def _removal_choice(game: MatchLike, time: float, seed: int | None, max_nodes: int | None,
                    max_depth: int | None, backend: str | None) -> Choice:
    """A removal of the opening, by a minimax over the removals with searches below.

    The first removal is followed by the opponent's removal and then by the first
    player's capture; the second removal directly by the first player's capture.  Each
    position after the two removals is searched with an equal share of the time.
    """
    start = _time.monotonic()
    me = game.turn
    first_removal = game.ply == 0
    candidates = game.legal_moves()
    if not candidates:
        raise _no_move(game.board, me)
    # (my removal, the board after the removals, or None if the opponent has no removal)
    leaves: list[tuple[Move, Board | None]] = []
    for m in candidates:
        game.push(m)
        try:
            if first_removal:
                replies = game.legal_moves()
                for reply in replies:
                    game.push(reply)
                    leaves.append((m, game.board))
                    game.pop()
                if not replies:
                    leaves.append((m, None))
            else:
                leaves.append((m, game.board))
        finally:
            game.pop()
    share = time / len(leaves)
    nodes_share = None if max_nodes is None else max(1, max_nodes // len(leaves))
    first_player = me if first_removal else me.opponent      # who captures first
    scores: dict[Move, int] = {}
    total_nodes, depth = 0, 0
    method = kernel_name(game.board.rows, game.board.cols)
    for m, board in leaves:
        if board is None:                       # the opponent cannot remove: it has lost
            mine = WIN - 1
        else:
            if board.can_move(first_player, game.rules):
                (_, sc, d, n, _, _), method = search(board.key, first_player is BLACK, game.rules, share,
                                                     nodes_share, max_depth, seed, backend)
            else:                               # the first player cannot capture: it has lost
                sc, d, n = -WIN + 2, 0, 0
            total_nodes += n
            depth = max(depth, d)
            mine = sc if first_player is me else -sc
        # the opponent picks its best reply: the worst score for me
        scores[m] = min(scores.get(m, mine), mine)
    best_score = max(scores.values())
    best = [m for m in scores if scores[m] == best_score]
    move = _rng(seed).choice(best) if seed is not None else best[0]
    wins = True if best_score >= PROVEN else False if best_score <= -PROVEN else None
    return Choice(move, wins, best_score, depth, total_nodes, _time.monotonic() - start, method)


@public
def choose_move(position: Board | str | MatchLike, player: Any = None, *, rules: Rules | None = None,
                time: float = 1.0, seed: int | None = None, max_positions: int | None = None,
                max_depth: int | None = None, solver: bool = True) -> Choice:
    """The strong player's move, with its score, the proof if any, and the search's statistics.

    First the heuristic search runs (iterative deepening: it stops once the
    next iteration is not expected to finish within ``time``, or once it
    proves the outcome).  If it proved nothing, the exact win/loss search of
    :func:`konane.solve` gets the rest of the time: if
    it proves that the player wins, the first move it proves winning (the
    search's choice tried first) is played; if it proves a loss, the search's
    move is kept.  The solver's table of proved positions lasts for the
    process, so in a game each move profits from the proofs of the earlier ones.

    Parameters
    ----------
    position : Board, str or Match
        With a board (or its picture), ``player`` names the side to move (a capture is chosen);
        with a match, the match's turn moves, and in its opening a removal is
        chosen (each position after the two removals gets a share of the time).
    player : Color or str, optional
    rules : Rules, optional
        Defaults to :data:`konane.STANDARD` (a match has its own).
    time : float, default 1.0
        Seconds to think (about; the search looks at the clock every 1024
        positions).
    seed : int, optional
        Breaks ties among equally scored moves at random (``None``: the first
        in the search's order, deterministic for a node budget).
    max_positions, max_depth : int, optional
        Also stop after about this many positions (the search's, and the
        solver's), or at this depth (then the solver is not used): a budget of
        work that does not depend on the machine's speed.
    solver : bool, default True
        Use the exact solver when the search proves nothing (captures only; the
        removals of an opening are chosen by the search alone).

    Returns
    -------
    Choice

    Raises
    ------
    IllegalMoveError
        If the player has no legal move (the game is over).
    KonaneTypeError, KonaneValueError
        If an argument has the wrong type or value (a negative time, a
        player who is not to move in the match, ...).

    Examples
    --------
    Black to move loses on this row whatever it plays; the search proves it:

    >>> c = konane.choose_move(konane.Board(".xo.ox"), "x")
    >>> str(c.move), c.wins, c.depth
    ('b1-d1', False, 2)
    >>> c = konane.choose_move(konane.Board.start(6).play_removal("c3").play_removal("c4"), "x",
    ...                        max_positions=20000)
    >>> c.move in konane.Board.start(6).play_removal("c3").play_removal("c4").legal_moves("x")
    True
    """
    board, game, color, r = _position(position, player, rules)
    t = _seconds(time)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise KonaneTypeError(f"seed must be an int or None, not {describe(seed)}")
    for name, v in (("max_positions", max_positions), ("max_depth", max_depth)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise KonaneTypeError(f"{name} must be an int or None, not {describe(v)}")
        if v is not None and v < 1:
            raise KonaneValueError(f"{name} must be at least 1, not {v!r}")
    seed64 = None if seed is None else seed % (1 << 64)
    # the native kernel takes 64-bit counts; beyond these nothing changes
    max_nodes = None if max_positions is None else min(max_positions, 1 << 62)
    max_depth = None if max_depth is None else min(max_depth, MAX_PLY)
    if game is not None:
        if game.in_opening:
            return _removal_choice(game, t, seed64, max_nodes, max_depth, None)
        board = game.board
    assert board is not None
    return _capture_choice(board, color, r, t, seed64, max_nodes, max_depth, None, solver)


@public
def best_move(position: Board | str | MatchLike, player: Any = None, *, rules: Rules | None = None,
              time: float = 1.0, seed: int | None = None) -> Move:
    """The move a strong player makes: a proved win if one is found, else the search's best.

    See :func:`choose_move` (which also says whether the move is proved to win,
    its score, and the search's depth and size) for the parameters.

    Examples
    --------
    >>> str(konane.best_move(konane.Board("xo.o.o."), "x"))
    'a1-g1'
    >>> m = konane.Match(konane.Board.start(4))
    >>> konane.best_move(m, time=0.2) in m.legal_moves()
    True
    """
    return choose_move(position, player, rules=rules, time=time, seed=seed).move


@public
def computer_move(position: Board | str | MatchLike, level: int, player: Any = None, *,
                  rules: Rules | None = None, seed: int | random.Random | None = None) -> Move:
    """The move of the computer player of ``level`` (see :data:`LEVELS`).

    Level 0 plays at random, level 1 is the one-ply greedy player
    (:func:`greedy_move`), levels 2, 3 and 4 are :func:`best_move` with 0.1,
    1 and 5 seconds a move.

    Raises
    ------
    KonaneValueError
        If ``level`` is not one of :data:`LEVELS`.

    Examples
    --------
    >>> b = konane.Board("xo.o.o.")
    >>> [str(konane.players.computer_move(b, level, "x", seed=3)) for level in (1, 2)]
    ['a1-c1', 'a1-g1']

    The greedy player keeps a move for later (a1-c1: one move more than White);
    the search sees that a1-g1 wins at once.
    """
    if isinstance(level, bool) or not isinstance(level, int):
        raise KonaneTypeError(f"level must be an int, not {describe(level)}")
    kind = LEVELS.get(level)
    if kind is None:
        raise KonaneValueError(f"unknown level {level!r}: expected one of {sorted(LEVELS)}")
    rng = _rng(seed)
    if kind == "random":
        return random_move(position, player, rules=rules, seed=rng)
    if kind == "greedy":
        return greedy_move(position, player, rules=rules, seed=rng)
    assert isinstance(kind, float)
    return best_move(position, player, rules=rules, time=kind, seed=rng.getrandbits(63))
