"""Who wins, and with which move: the outcome solver.

:func:`outcome` and :func:`solve` answer "who wins from here?" by a win/loss
search instead of the full canonical value, so they reach positions whose value
is out of reach.  The search splits the position into its regions
(:func:`konane.regions`) at every node; regions small enough get their exact
value from the value solver, and a node whose regions all have values is
settled at once by the outcome of their sum.  What is left is searched with
the known part kept as one game beside it (by depth-first proof-number search
in the native core), with a transposition table keyed by the normal form of the
position (the symmetries of the grid and the colour swap).  How it works and
what each part gains: :doc:`docs/solving.md </solving>`.

The native search (``src/konane/wins.rs``) is used where the native core is
built and the board fits it; otherwise the reference search of
:mod:`konane._kernel.wins`, which gives the same answers (they are tested against
each other and against :func:`konane.value`).
"""

from __future__ import annotations

import dataclasses
import os
import time as _time
from typing import Any

import cgt
from konane import cluster as on_cluster
from konane._calls import check_flag, public
from konane._kernel.wins import Stats, proofs_kept_in, wins
from konane._progress import DEFAULT_MAX_MEMORY, computation
from konane.board import BLACK, Board, Color, as_board, as_color
from konane.cache import RegionCache, as_cache
from konane.certificates import CAPTURE, FIRST, SECOND, game_wins, winning_moves, write_on_cluster
from konane.certificates import write as write_certificate
from konane.errors import KonaneValueError, PlayerError, PlayerTypeError, RulesError
from konane.moves import Move
from konane.rules import Rules, as_rules

__all__ = ["outcome", "solve", "Solution"]


@dataclasses.dataclass(frozen=True)
class Solution:
    """The result of :func:`solve`: who wins a position with a given player to move, and how.

    Attributes
    ----------
    board : Board
        The position.
    to_move : Color
        The player to move.
    winner : Color
        The player who wins with best play.
    move : Move or None
        A winning move of ``to_move``, or None when ``to_move`` loses.
    winning_moves : tuple of Move
        Winning moves of ``to_move``: all of them when :func:`solve` was asked
        for ``all_moves=True``, else at least :attr:`move` (empty when
        ``to_move`` loses).
    all_moves : bool
        Whether :attr:`winning_moves` is complete.
    positions : int
        Nodes the search expanded in this call (positions found in the
        transposition table from earlier calls cost nothing).
    settled_by_values : int
        Nodes settled by the exact values of their regions.
    seconds : float
        Wall-clock time of the call.
    rules : Rules
        The rules of the search.
    proved : bool
        Always True: a solution is only returned when the search has proved it
        (a search stopped by its budget raises
        :class:`konane.ComputationLimitError` instead).
    jobs : int
        Jobs sent to the cluster (``cluster=``; 0 for a search in this process).

    Examples
    --------
    >>> s = konane.solve(".ox./o..x/....", "x")
    >>> s.winner, str(s.move), s.proved
    (konane.BLACK, 'c3-a3', True)
    """

    board: Board
    to_move: Color
    winner: Color
    move: Move | None
    winning_moves: tuple[Move, ...]
    all_moves: bool
    positions: int
    settled_by_values: int
    seconds: float
    rules: Rules
    proved: bool = True
    jobs: int = 0

    @property
    def wins(self) -> bool:
        """Whether the player to move wins."""
        return self.winner is self.to_move

    def __repr__(self) -> str:
        moves = ", ".join(str(m) for m in self.winning_moves)
        return (f"konane.Solution({self.board!r}, to_move={self.to_move!r}, winner={self.winner!r}, "
                f"move={str(self.move) if self.move is not None else None!r}, "
                f"winning_moves=({moves}), positions={self.positions}, "
                f"settled_by_values={self.settled_by_values}, seconds={self.seconds:.3g})")

    def summary(self) -> str:
        """A few lines for people: the winner, the winning moves and the search's figures."""
        who = self.to_move.long_name
        if self.wins:
            kind = "all winning moves" if self.all_moves else "winning move" + (
                "s" if len(self.winning_moves) > 1 else "")
            line = f"{who} to move wins; {kind}: {' '.join(str(m) for m in self.winning_moves)}"
        else:
            line = f"{who} to move loses: {self.winner.long_name} wins"
        jobs = f", {self.jobs:,} jobs on the cluster" if self.jobs else ""
        return "\n".join([
            self.board.diagram(),
            line,
            f"{self.positions:,} positions searched, {self.settled_by_values:,} settled by values, "
            f"{self.seconds:.3g} s{jobs}",
        ])

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """IPython shows the board, the winner, the winning moves and the figures."""
        p.text("konane.Solution(...)" if cycle else self.summary())


_KEPT = "the positions proved so far are kept in the transposition table"
_KEPT_CLUSTER = "the positions proved so far are kept in the cache (pass cache= a file to keep them after the run)"


def _in_opening(board: Any) -> bool:
    """Whether ``board`` is a played game still in its opening (a :class:`konane.Match`)."""
    return getattr(board, "in_opening", False) is True and isinstance(getattr(board, "board", None), Board)


@public
def outcome(board: Board | str, *, rules: Rules | None = None, max_positions: int | None = None,
            max_memory: int | None = DEFAULT_MAX_MEMORY, progress: bool | None = None,
            time: float | None = None, cache: RegionCache | str | os.PathLike[str] | None = None,
            cluster: Any = None, threads: int | None = None) -> cgt.Outcome:
    """The outcome class of a position, by search: who wins with either player to move.

    The same as ``konane.value(board).outcome``, but computed by a win/loss
    search (two of them: Black first and White first; one for a board that
    is its own negative, :meth:`konane.Board.is_own_negative`), which reaches
    positions whose value is out of reach.

    Parameters
    ----------
    board : Board, Match or str
        A board, its picture, or a :class:`konane.Match` (its current board).
    rules : Rules, optional
        :data:`konane.STANDARD` (the default) or :data:`konane.SINGLE_JUMP`.
    max_positions : int, optional
        Stop with :class:`konane.ComputationLimitError` after more than this
        many positions (search nodes plus positions of region values).
    max_memory : int, optional
        Stop rather than let the process grow by more than this many bytes
        (the search's tables drop their cheapest entries rather than grow past
        it, so the search goes on within it; default as for
        :func:`konane.value`; None for no limit).
    progress : bool, optional
        Show a progress bar during long searches (default: the global switch
        :func:`konane.set_progress`).
    time : float, optional
        Stop after this many seconds (checked every few thousand positions).
    cache : RegionCache, str or os.PathLike, optional
        Keep the results the search proves (those that took some work) in this
        cache, in its file for a file name (the value cache of
        :func:`konane.value`, which may be the same file): the search starts
        from the results kept there (read once per file and process, and
        again after :meth:`konane.RegionCache.update` added some) and adds
        its own when the call ends, finished or stopped by a limit or
        Ctrl-C, so that a search stopped today goes on tomorrow.  The native
        search only (the reference search of the pure-Python backend keeps
        none).
    cluster : dask.distributed.Client, str or konane.cluster.Cluster, optional
        Search on this Dask cluster (a client, a scheduler's address, or a
        :class:`konane.cluster.Cluster`): the driver keeps the top of the proof
        tree and the workers search its leaves (:mod:`konane.cluster`).  With
        ``cache=``, every result is kept there as it comes, so a stopped run
        resumes; ``max_positions`` and ``time`` count the whole cluster's work,
        ``max_memory`` the driver's.
    threads : int, optional
        The threads of the native search (at least 1), which share its tables
        (parallel df-pn with virtual proof numbers, Kaneko 2010).  Default: the
        setting of :func:`konane.set_threads`, else every processor this process
        may use.  The answer does not depend on it; the positions searched do
        (several threads search some positions twice).  On a cluster each job
        runs on one thread of a worker.

    Returns
    -------
    cgt.Outcome
        ``L`` (Black wins whoever starts), ``R`` (White wins), ``N`` (the
        player to move wins), ``P`` (the player to move loses).

    Raises
    ------
    BoardTypeError, RulesTypeError, KonaneTypeError, BoardParseError, KonaneValueError
        For arguments of the wrong type or value.
    ComputationLimitError
        When a limit is reached; the transposition table keeps only proved
        results, so the next call works and reuses them.

    Examples
    --------
    >>> konane.outcome("..ox"), konane.outcome(".ox."), konane.outcome(".ox./o..x/....")
    (<Outcome.L: 'L'>, <Outcome.N: 'N'>, <Outcome.N: 'N'>)
    >>> b = konane.Board.start(4).play_removal("a1").play_removal("b1")
    >>> konane.outcome(b), konane.value(b)
    (<Outcome.P: 'P'>, cgt.parse('0'))
    """
    b, r = as_board(board), as_rules(rules)
    kept = None if cache is None else as_cache(cache)
    if cluster is not None:
        on = on_cluster.as_cluster(cluster, threads)
        store = kept if kept is not None else RegionCache()
        with computation("konane.outcome", desc="konane outcome", progress=progress, max_positions=max_positions,
                         max_memory=max_memory, time=time, threads=threads, kept=_KEPT_CLUSTER) as prog:
            black_first = on_cluster.wins_on(b, True, r, on, store, prog)[0]
            white_first = black_first if b.is_own_negative() else on_cluster.wins_on(b, False, r, on, store, prog)[0]
    else:
        with computation("konane.outcome", desc="konane outcome", progress=progress, max_positions=max_positions,
                         max_memory=max_memory, time=time, threads=threads, kept=_KEPT) as prog, proofs_kept_in(kept):
            stats = Stats()
            black_first = wins(b.key, True, r, prog, prog.tick, stats)
            # a board that is its own negative: White moving first wins exactly where Black does
            white_first = black_first if b.is_own_negative() else wins(b.key, False, r, prog, prog.tick, stats)
    if black_first:
        return cgt.Outcome.N if white_first else cgt.Outcome.L
    return cgt.Outcome.R if white_first else cgt.Outcome.P


@public
def solve(board: Board | str | Any, to_move: Color | str | None = None, *, rules: Rules | None = None,
          all_moves: bool = False, max_positions: int | None = None, time: float | None = None,
          max_memory: int | None = DEFAULT_MAX_MEMORY, progress: bool | None = None,
          certificate: str | os.PathLike[str] | None = None,
          cache: RegionCache | str | os.PathLike[str] | None = None, cluster: Any = None,
          threads: int | None = None) -> Solution:
    """Solve a position with ``to_move`` to move: the winner and a winning move.

    A :class:`konane.Match` still in its opening is solved as the game it is: the removals
    still to come (the first player's, then the second's) and then the captures, the first
    player capturing first; a winning move is then a removal.

    Parameters
    ----------
    board : Board, Match or str
        A board, its picture, or a :class:`konane.Match` (its current position: in its opening,
        the game from there, removals first).
    to_move : Color or str, optional
        The player to move (:data:`konane.BLACK`, ``"x"``, ``"white"``, ...); needed with a board,
        the match's turn by default with a match.
    rules : Rules, optional
        :data:`konane.STANDARD` (the default) or :data:`konane.SINGLE_JUMP`.
    all_moves : bool
        Find every winning move, in legal order (each move is searched), instead of one: the
        one the search that answered proved (read from its table, at no cost), else the
        first in legal order.
    max_positions, max_memory, progress, time, cache, cluster, threads
        As for :func:`outcome`.  On a cluster, the winning moves are those the
        driver's tree proves (each move's position searched on the cluster).
    certificate : str or os.PathLike, optional
        Also write the proof to this file, for :func:`konane.verify_certificate` (format:
        :doc:`docs/certificates.md </certificates>`): at each node where the winner moves one winning move, where
        the loser moves every move, down to positions settled by the exact values of their
        regions or with no move; positions of the opening equal by a symmetry are proved once.
        The proof is read after the search from the positions it proved (by native code where
        the native search takes the board; the limits hold for it too).  Squares are named from
        the picture's ``a1``, whatever the board's :attr:`~konane.Board.origin`.  On a cluster,
        the top of the proof comes from the driver's tree and each of its leaves from a job on
        the worker whose table proved it (:func:`konane.certificates.certificate_job`), joined into one file.

    Returns
    -------
    Solution
        With ``winner``, ``move`` (a winning move, or None if ``to_move``
        loses), ``winning_moves`` and the search's figures.

    Raises
    ------
    BoardTypeError, PlayerTypeError, PlayerError, RulesTypeError, KonaneTypeError, KonaneValueError
        For arguments of the wrong type or value.
    ComputationLimitError
        When ``max_positions``, ``max_memory`` or ``time`` is reached (the
        transposition table stays valid).  The native search's tables drop their
        cheapest entries rather than grow past ``max_memory``, so a long search
        keeps within it and stops by ``time``.

    Examples
    --------
    Known values: ``.ox./o..x/....`` is ``+-1`` (Ernst 1995), a first-player win:

    >>> s = konane.solve(".ox./o..x/....", konane.WHITE, all_moves=True)
    >>> s.winner, [str(m) for m in s.winning_moves]
    (konane.WHITE, ['b3-d3'])

    Norvig (2021): on 4x4, after the removals, White wins with Black to move:

    >>> b = konane.Board.start(4).play_removal("a1").play_removal("b1")
    >>> s = konane.solve(b, "x")
    >>> s.winner, s.move
    (konane.WHITE, None)
    """
    start = _time.monotonic()
    b, r = as_board(board), as_rules(rules)
    phase, hole = CAPTURE, None
    if _in_opening(board):
        # a match in its opening: the game from here, removals first
        match: Any = board
        if to_move is not None and as_color(to_move) is not match.turn:
            raise PlayerError(f"it is {match.turn.long_name}'s turn in this match, not {as_color(to_move).long_name}'s")
        if rules is not None and r != match.rules:
            raise RulesError(f"the match is played under {match.rules}, not {r}")
        r, phase = match.rules, FIRST if match.ply == 0 else SECOND
        hole = None if phase == FIRST else str(match.moves[0])
        color = match.turn
    elif to_move is None:
        turn = getattr(board, "turn", None)
        if not isinstance(turn, Color):
            raise PlayerTypeError("a player to move is needed with a board: pass 'x' (Black) or 'o' (White)")
        color = turn
    else:
        color = as_color(to_move)
    check_flag("all_moves", all_moves)
    kept = None if cache is None else as_cache(cache)
    other = color.opponent
    if cluster is not None:
        on = on_cluster.as_cluster(cluster, threads)
        if phase != CAPTURE:
            raise KonaneValueError("konane.solve on a cluster takes a position after the opening's removals; "
                                   "solve a match still in its opening without cluster=")
        store = kept if kept is not None else RegionCache()
        with computation("konane.solve", desc="konane solve", progress=progress, max_positions=max_positions,
                         max_memory=max_memory, time=time, threads=threads, kept=_KEPT_CLUSTER) as prog:
            found, search = on_cluster.solve(
                b, color is BLACK, r, on, store, prog, all_moves,
                None if certificate is None else lambda search, root: write_on_cluster(certificate, search, root, r))
        return Solution(board=b, to_move=color, winner=color if found else other,
                        move=found[0] if found else None, winning_moves=tuple(found or ()),
                        all_moves=all_moves, positions=search.positions, settled_by_values=search.settled,
                        seconds=_time.monotonic() - start, rules=r, jobs=search.jobs)
    with computation("konane.solve", desc="konane solve", progress=progress, max_positions=max_positions,
                     max_memory=max_memory, time=time, threads=threads, kept=_KEPT) as prog, proofs_kept_in(kept):
        stats = Stats()
        winning: list[Move] = []
        if game_wins(b, color, phase, hole, r, prog, stats):
            winning = winning_moves(b, color, phase, hole, r, prog, stats, all_moves)
            if not winning:             # cannot happen: the search proved a winning move
                raise RuntimeError(f"konane.solve: no winning move found for {color!r} in {b!r}")
        winner = color if winning else other
        if certificate is not None:
            write_certificate(certificate, b, color, winner, r, prog, phase, hole)
    return Solution(board=b, to_move=color, winner=winner,
                    move=winning[0] if winning else None, winning_moves=tuple(winning),
                    all_moves=all_moves, positions=stats.positions, settled_by_values=stats.settled,
                    seconds=_time.monotonic() - start, rules=r)
