"""The win/loss kernel of :func:`konane.outcome` and :func:`konane.solve`: who wins.

:func:`wins` sends a position to the native search (``src/konane/wins.rs``, df-pn,
through :mod:`konane._kernel.native`) where it takes it, else to :func:`python_wins`, the
reference search, written here.

The reference is a plain negamax on bit masks (:mod:`konane._kernel.bitboard`) with a transposition
table and exact region values, written for clarity: it is the specification
the native search (``src/konane/wins.rs``) is tested against, and the search
of the pure-Python backend.

A node is a position ``(stride, cells, black, white)`` plus a game ``g`` (an
id of :mod:`cgt.ops`) played beside it, and the side to move.  At each node

1. the position is split into its regions (:func:`konane._kernel.decompose.live_region_masks`;
   a line is cut exactly, as the value solver does);
   every region with at most :data:`SMALL` stones gets its exact value from the
   value solver (:mod:`konane._kernel.solver`, with the default region cache) and is
   added to ``g``;
2. if no region is left, the node is settled by the outcome of ``g``: Left
   moving first wins ``g`` exactly when ``g`` is not ``<= 0`` (Right: not
   ``>= 0``);
3. otherwise the rest of the position is normalised (the symmetries of the
   grid and the colour swap, which also negates ``g`` and exchanges the
   players) and looked up in the table; if it is not there, the mover wins
   when some move, in the position or in ``g`` (to one of ``g``'s options),
   leaves a node the opponent loses.

Results are exact (there is no depth limit), so the table keeps them across
calls; it only receives finished results, so an interrupted search leaves it
valid.
"""

from __future__ import annotations

import contextvars
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from cgt import ops
from konane._kernel import native
from konane._kernel.bitboard import captures, line_step, normal_form
from konane._kernel.decompose import line_regions, live_region_masks
from konane._kernel.registry import on_clear
from konane._kernel.saving import SaveDue, check_saving
from konane._kernel.solver import solve as _value_id
from konane._progress import Progress
from konane.cache import RegionCache, default_cache
from konane.errors import CacheFileError
from konane.rules import Rules

__all__: list[str] = []          # private: konane's own modules import the names they need

SMALL = 6
"""Regions with at most this many stones are settled by their exact value."""

_MAX_TABLE = 2_000_000
# (multi, stride, cells, black, white, g, left to move) -> the mover wins
_TABLE: dict[tuple[bool, int, int, int, int, int, bool], bool] = {}


class Stats:
    """Counters of one search: nodes expanded and nodes settled by values."""

    __slots__ = ("positions", "settled")

    def __init__(self) -> None:
        self.positions = 0
        self.settled = 0


def clear() -> None:
    """Empty the transposition table."""
    _TABLE.clear()


on_clear(clear)


def table_size() -> int:
    """Entries of the transposition table."""
    return len(_TABLE)


class _Search:
    def __init__(self, rules: Rules, progress: Progress, tick: Callable[[int], object], stats: Stats) -> None:
        self.rules = rules
        self.multi = rules.multi_jump
        self.progress = progress
        self.tick = tick
        self.stats = stats
        self.cache = default_cache()

    def node(self, stride: int, cells: int, black: int, white: int, g: int, left: bool) -> bool:
        """Whether the side to move (Left if ``left``) wins the position plus ``g``."""
        found = self.known(stride, cells, black, white, g, left)
        if isinstance(found, bool):
            return found
        key = found
        _, s, nc, nb, nw, g, left = key
        self.stats.positions += 1
        self.tick(1)
        if nc.bit_length() > 4096:
            self.progress.check()        # a big board: each node costs milliseconds
        result = self.expand(s, nc, nb, nw, g, left)
        if len(_TABLE) >= _MAX_TABLE:
            _TABLE.clear()
        _TABLE[key] = result
        return result

    def known(self, stride: int, cells: int, black: int, white: int, g: int,
              left: bool) -> bool | tuple[bool, int, int, int, int, int, bool]:
        """Steps 1 to 3 of a node: whether the side to move wins, where the region values or
        the table say it, else the node's key in the table (its normal form)."""
        big_cells = big_black = big_white = 0
        d = line_step(cells, stride)
        parts = line_regions(cells, black, white, d) if d else live_region_masks(cells, black, white, stride)
        for rc, rb, rw in parts:
            if not rb or not rw:
                continue
            if (rb | rw).bit_count() <= SMALL:
                v = _value_id(stride, rc, rb, rw, self.rules, self.cache, self.progress)
                g = ops.add(g, v)
            else:
                big_cells |= rc
                big_black |= rb
                big_white |= rw
        if not big_cells:
            self.stats.settled += 1
            return not ops.leq(g, ops.ZERO) if left else not ops.leq(ops.ZERO, g)
        rows, cols, nc, nb, nw, swapped = normal_form(stride, big_cells, big_black, big_white)
        if swapped:
            g = ops.neg(g)
            left = not left
        key = (self.multi, cols + 1, nc, nb, nw, g, left)
        return _TABLE.get(key, key)

    def expand(self, s: int, cells: int, black: int, white: int, g: int, left: bool) -> bool:
        me, en = (black, white) if left else (white, black)
        children = captures(cells, me, en, s, self.multi)
        # fewest replies first
        children.sort(key=lambda c: len(captures(cells, c[1], c[0], s, self.multi)))
        for me2, en2 in children:
            b2, w2 = (me2, en2) if left else (en2, me2)
            if not self.node(s, cells, b2, w2, g, not left):
                return True
        for h in (ops.left_options(g) if left else ops.right_options(g)):
            if not self.node(s, cells, black, white, h, not left):
                return True
        return False


def wins(position: native.Position, black_to_move: bool, rules: Rules, progress: Progress,
         tick: Callable[[int], object], stats: Stats, backend: str | None = None) -> bool:
    """Whether the side to move (Black if ``black_to_move``) wins ``position``
    (``(rows, cols, cells, black, white)``).

    By the native search where it is built and takes the board (``backend`` None or
    ``"native"``), else (or with ``backend="python"``) by :func:`python_wins`.  ``tick(n)`` is
    called with counts of nodes (and of the value solver's positions) every few thousand;
    whatever it raises stops the search, whose table keeps only proved results.  The native
    search's tables grow within the memory left of the ``max_memory`` of ``progress``
    (:meth:`Progress.memory_left`).  The nodes expanded and settled by values are added to
    ``stats``.
    """
    rows, cols, cells, black, white = position
    use_native = native.takes(rows, cols)
    if backend == "native" and not use_native:
        raise RuntimeError("the native search is not available for this board")
    if use_native and backend != "python":
        saving = _SAVING.get()
        while True:
            check = tick if saving is None else check_saving(tick, saving.save_every)
            before = native.wins_info() if saving is not None else None
            try:
                won, nodes, settled = native.wins(position, black_to_move, rules.multi_jump, check,
                                                  progress.memory_left(), progress.threads)
            except SaveDue:
                # (raised only with a cache to save into) stopped to save: its tables keep
                # everything (proved results, proof numbers), so the call again goes on where it
                # stopped; the nodes of the part done count
                after = native.wins_info()
                if before is not None and after is not None:
                    stats.positions += after["positions"] - before["positions"]
                    stats.settled += after["settled"] - before["settled"]
                if saving is not None:
                    _keep_native_results(saving)
                continue
            stats.positions += nodes
            stats.settled += settled
            return won
    return python_wins(cols + 1, cells, black, white, black_to_move, rules, progress, tick, stats)


#: The cache with a file whose ``save_every`` applies to the native searches of the call
#: running in this context (set by :func:`proofs_kept_in`; a context variable, so that calls
#: on other threads keep their own).
_SAVING: contextvars.ContextVar[RegionCache | None] = contextvars.ContextVar("konane_saving", default=None)


def known(position: native.Position, black_to_move: bool, rules: Rules, progress: Progress,
          backend: str | None = None) -> bool | None:
    """Whether the side to move wins ``position`` where the search knows it without searching
    (the values of its small regions settle it, or its table holds the rest), else None: the
    table of the search :func:`wins` would use (``backend`` as there).  After a search that
    proved a win, a winning move is among the moves after which this says the opponent loses.
    """
    rows, cols, cells, black, white = position
    if native.takes(rows, cols) and backend != "python":
        return native.wins_known(position, black_to_move, rules.multi_jump, progress.memory_left())
    found = _Search(rules, progress, progress.tick, Stats()).known(cols + 1, cells, black, white, ops.ZERO,
                                                                   black_to_move)
    return found if isinstance(found, bool) else None


def proof(position: native.Position, black_to_move: bool, black_wins: bool, rules: Rules, leaf_stones: int,
          progress: Progress) -> native.ProofTree | None:
    """The proof tree that Black (if ``black_wins``, else White) wins ``position`` with Black
    (if ``black_to_move``) to move, from the native search's tables (it searches again where
    they do not say which move wins; see :func:`konane._kernel.native.wins_proof`), or None
    where the native search does not take the board (the caller then extracts the proof with
    :func:`known` and :func:`wins`)."""
    rows, cols = position[0], position[1]
    if not native.takes(rows, cols):
        return None
    return native.wins_proof(position, black_to_move, black_wins, rules.multi_jump, leaf_stones, progress.tick,
                             progress.memory_left())


#: The caches whose proofs the native search's table holds, each with the edition given
#: (once per cache and process, again once RegionCache.update added rows to it; forgotten
#: with the native tables by konane.clear_caches).
_GIVEN: weakref.WeakKeyDictionary[RegionCache, int] = weakref.WeakKeyDictionary()
on_clear(_GIVEN.clear)


def _keep_native_results(cache: RegionCache) -> None:
    """Put into ``cache`` (and its file) the results the native search proved since it was
    last asked (on the first call: all those of its table), those that took at least
    ``KEEP_WORK`` nodes (``src/konane/wins.rs``)."""
    for result in native.new_results():
        cache.put_proof(*result)
    cache.flush()


@contextmanager
def proofs_kept_in(cache: RegionCache | None) -> Iterator[None]:
    """Around the searches of one call: the native search is given the proofs of ``cache``
    (once per cache and process), and the results it proves go into ``cache`` when the
    block ends, finished or stopped (a limit, Ctrl-C), so that a later call, in this process
    or another on the same file, starts from them; with a file, also every
    ``cache.save_every`` seconds of a search (:func:`wins`), so that a process killed in a long
    search loses at most that much.  Nothing without a cache or without the native core (the
    reference search keeps no proofs)."""
    if cache is None or not native.available():
        yield
        return
    _keep_native_results(cache)
    if _GIVEN.get(cache) != cache.edition:
        try:
            native.put_results(cache.proofs())
        except ValueError as exc:
            raise CacheFileError(f"the value cache {cache.path!r} holds a proof the search cannot take ({exc}); "
                                 "delete the file, or pass another one") from None
        _GIVEN[cache] = cache.edition
    token = _SAVING.set(cache if cache.path is not None and cache.save_every is not None else None)
    try:
        yield
    finally:
        _SAVING.reset(token)
        _keep_native_results(cache)


def python_wins(stride: int, cells: int, black: int, white: int, left: bool, rules: Rules,
                progress: Progress, tick: Callable[[int], object], stats: Stats) -> bool:
    """Whether the side to move (Black if ``left``) wins the position ``(stride, cells, black, white)``.

    ``tick(n)`` is called with each node expanded (``progress`` counts the
    value solver's positions); whatever it raises stops the search.
    """
    search = _Search(rules, progress, tick, stats)
    result: bool = ops.deep(search.node, stride, cells, black, white, ops.ZERO, left)
    return result
