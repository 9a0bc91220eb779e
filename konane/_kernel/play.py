"""The player's search: iterative-deepening alpha-beta under a budget, on bit masks.

The search of :func:`konane.best_move` and :func:`konane.choose_move`.  :func:`search` sends a
position to the native kernel (``src/konane/play.rs``, through :mod:`konane._kernel.native`)
where it takes it, else to :func:`python_search`, the same algorithm line for line (same
evaluation, same scores at a fixed depth) with a dict as transposition table.  The leaves are
scored by mobility, ``4 * (my moves - their moves) + (my movable stones - theirs)``
(:func:`mobility`, counted bit-parallel); a won position scores :data:`WIN` minus its ply, so
a score past :data:`PROVEN` is a proof.  :func:`prove` asks the exact win/loss kernel
(:mod:`konane._kernel.wins`) under a time budget.
"""

from __future__ import annotations

import math
import random
import time as _time

from konane._kernel import native
from konane._kernel import wins as _wins
from konane._kernel.bitboard import captures
from konane._kernel.native import Answer, Position
from konane._progress import DEFAULT_MAX_MEMORY, Progress
from konane.errors import ComputationLimitError
from konane.rules import Rules

__all__: list[str] = []          # private: konane's own modules import the names they need

WIN = 1_000_000           # the score of a won position (a win in p plies scores WIN - p)
MAX_PLY = 130             # more plies than a game on any board of the native search lasts
PROVEN = WIN - MAX_PLY
_CHECK_EVERY = 1024       # nodes between two looks at the clock (as the native search)
_W_MOVES, _W_MOVERS = 4, 1

def mobility(cells: int, me: int, en: int, s: int, multi: bool) -> tuple[int, int]:
    """``(moves, movers)`` of the ``me`` side, bit-parallel (as ``play.rs``'s ``mobility``)."""
    empty = cells & ~(me | en)
    moves = 0
    movers = 0
    for d in (1, s):
        d2 = d + d
        cand = me & (en >> d) & (empty >> d2)
        movers |= cand
        shift = d2
        while cand:
            moves += cand.bit_count()
            if not multi:
                break
            cand &= (en >> (shift + d)) & (empty >> (shift + d2))
            shift += d2
        cand = me & (en << d) & (empty << d2)
        movers |= cand
        shift = d2
        while cand:
            moves += cand.bit_count()
            if not multi:
                break
            cand &= (en << (shift + d)) & (empty << (shift + d2))
            shift += d2
    return moves, movers.bit_count()


def _evaluate(cells: int, me: int, en: int, s: int, multi: bool, ply: int) -> int:
    m, pm = mobility(cells, me, en, s, multi)
    if m == 0:
        return -WIN + ply
    o, po = mobility(cells, en, me, s, multi)
    return _W_MOVES * (m - o) + _W_MOVERS * (pm - po)


class _Stop(Exception):
    """The budget of a Python search ran out."""


class _PySearch:
    """The pure-Python search: the algorithm of ``src/konane/play.rs`` line for line
    (same evaluation, same scores at a fixed depth), with a dict as transposition table."""

    def __init__(self, cells: int, stride: int, multi: bool, max_nodes: int | None,
                 deadline: float | None) -> None:
        self.cells_mask, self.stride, self.multi = cells, stride, multi
        self.table: dict[tuple[int, int], tuple[int, int, int, int, int]] = {}
        self.history: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0:
            if self.max_nodes is not None and self.nodes >= self.max_nodes:
                raise _Stop
            if self.deadline is not None and _time.monotonic() >= self.deadline:
                raise _Stop

    def negamax(self, me: int, en: int, depth: int, ply: int, alpha: int, beta: int) -> int:
        self._tick()
        cells, s, multi = self.cells_mask, self.stride, self.multi
        if depth == 0:
            return _evaluate(cells, me, en, s, multi, ply)
        entry = self.table.get((me, en))
        first = None
        if entry is not None:
            e_depth, flag, e_score, e_from, e_to = entry
            first = (e_from, e_to)
            if e_depth == depth:
                sc = _from_table(e_score, ply)
                if flag == 0 or (flag == 1 and sc >= beta) or (flag == 2 and sc <= alpha):
                    return sc
        kids = captures(cells, me, en, s, multi)
        if not kids:
            return -WIN + ply
        keyed = []
        for nm, ne in kids:
            mv = ((me & ~nm).bit_length() - 1, (nm & ~me).bit_length() - 1)
            if mv == first:
                key = math.inf
            else:
                key = self.history.get(mv, 0)
                if depth >= 2:
                    key -= _evaluate(cells, ne, nm, s, multi, ply + 1) << 24
            keyed.append((key, mv, nm, ne))
        keyed.sort(key=lambda k: -k[0])
        alpha0 = alpha
        best = None
        best_mv = keyed[0][1]
        for _, mv, nm, ne in keyed:
            sc = -self.negamax(ne, nm, depth - 1, ply + 1, -beta, -alpha)
            if best is None or sc > best:
                best, best_mv = sc, mv
                if sc > alpha:
                    alpha = sc
                    if alpha >= beta:
                        self.history[mv] = self.history.get(mv, 0) + depth * depth
                        break
        assert best is not None
        flag = 2 if best <= alpha0 else 1 if best >= beta else 0
        old = self.table.get((me, en))
        if old is None or old[0] <= depth:
            self.table[(me, en)] = (depth, flag, _to_table(best, ply), best_mv[0], best_mv[1])
        return best


def _to_table(score: int, ply: int) -> int:
    if score >= PROVEN:
        return score + ply
    if score <= -PROVEN:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score >= PROVEN:
        return score - ply
    if score <= -PROVEN:
        return score + ply
    return score


def python_search(cells: int, me: int, en: int, stride: int, multi: bool, time: float | None,
                   max_nodes: int | None, max_depth: int | None, seed: int | None) -> Answer:
    """The Python search kernel; answers as the native one (:func:`konane._kernel.native.play`)."""
    start = _time.monotonic()
    search = _PySearch(cells, stride, multi, max_nodes, None if time is None else start + time)
    root = captures(cells, me, en, stride, multi)
    if not root:
        return None, -WIN, 0, 0, False, False
    if seed is not None:
        random.Random(seed).shuffle(root)
    root.sort(key=lambda c: _evaluate(cells, c[1], c[0], stride, multi, 1))

    def move_of(nm: int) -> tuple[int, int]:
        return (me & ~nm).bit_length() - 1, (nm & ~me).bit_length() - 1

    best_move, score, depth_done, stopped = move_of(root[0][0]), 0, 0, False
    top = MAX_PLY if max_depth is None else max(1, min(max_depth, MAX_PLY))
    for depth in range(1, top + 1):
        alpha, beta = -WIN - 1, WIN + 1
        best: tuple[int, int] | None = None
        scores: list[int | None] = [None] * len(root)
        try:
            for i, (nm, ne) in enumerate(root):
                sc = -search.negamax(ne, nm, depth - 1, 1, -beta, -alpha)
                scores[i] = sc
                if best is None or sc > best[1]:
                    best = (i, sc)
                    alpha = max(alpha, sc)
        except _Stop:
            first = scores[0]
            if best is not None and best[0] != 0 and depth > 1 and first is not None and best[1] > first:
                best_move, score = move_of(root[best[0]][0]), best[1]
            stopped = True
            break
        assert best is not None
        i, score = best
        best_move, depth_done = move_of(root[i][0]), depth
        order = sorted(range(len(root)), key=lambda j: (j != i, -(scores[j] or 0)))
        root = [root[j] for j in order]
        if abs(score) >= PROVEN:
            break
        if time is not None and depth >= 2 and (_time.monotonic() - start) * 3 > time:
            break
    proven = True if score >= PROVEN else False if score <= -PROVEN else None
    return best_move, score, depth_done, search.nodes, stopped, proven


def search(position: Position, black_to_move: bool, rules: Rules, time: float | None, max_nodes: int | None,
           max_depth: int | None, seed: int | None, backend: str | None = None) -> tuple[Answer, str]:
    """The search's answer for the side to move in ``position``, and the kernel that gave it
    (``"native search"`` or ``"python search"``); ``backend`` forces one (tests)."""
    rows, cols, cells, black, white = position
    use_native = native.takes(rows, cols) if backend is None else backend == "native"
    if use_native:
        return native.play(position, black_to_move, rules.multi_jump, time, max_nodes, max_depth, seed), "native search"
    me, en = (black, white) if black_to_move else (white, black)
    return python_search(cells, me, en, cols + 1, rules.multi_jump, time, max_nodes, max_depth, seed), "python search"


def kernel_name(rows: int, cols: int) -> str:
    """The search kernel :func:`search` uses for a ``rows x cols`` board."""
    return "native search" if native.takes(rows, cols) else "python search"


class _OutOfTime(Exception):
    """The time of a proof attempt ran out."""


def prove(position: Position, black_to_move: bool, rules: Rules, seconds: float,
          max_positions: int | None) -> bool | None:
    """Whether the side to move wins ``position``, by the exact win/loss kernel
    (:func:`konane._kernel.wins.wins`), or None if it is not settled within ``seconds`` and
    ``max_positions`` (or the default memory limit).

    The kernel's transposition table keeps only proved results, so a stopped attempt leaves
    it valid, and what it proved serves the next attempts (the next moves of a game).
    """
    deadline = _time.monotonic() + seconds
    progress = Progress(False, "konane.best_move", max_positions=max_positions,
                        max_memory=DEFAULT_MAX_MEMORY, what="konane.best_move")

    def tick(n: int) -> None:
        progress.tick(n)
        if _time.monotonic() > deadline:
            raise _OutOfTime

    try:
        return _wins.wins(position, black_to_move, rules, progress, tick, _wins.Stats())
    except (_OutOfTime, ComputationLimitError):
        return None
    finally:
        progress.close()
