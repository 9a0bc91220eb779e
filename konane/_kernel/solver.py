"""The value computation on bit masks only (no Board objects in the loop).

:func:`konane.value` calls :func:`value_id`, which sends a position to the native value
solver (``src/konane/solver.rs``, through :mod:`konane._kernel.native`) where it takes it, else
to :func:`solve`, the Python reference it is tested against.  Everything here works on the
masks of :mod:`konane._kernel.bitboard` and on the integer ids of :mod:`cgt.ops`.
"""

from __future__ import annotations

import gc
import weakref

from cgt import ops
from cgt.ops import Unwound
from konane._kernel import native, registry
from konane._kernel.bitboard import (
    Key,
    Packed,
    automorphisms,
    can_capture,
    captures,
    line_step,
    normal_form,
    pack_key,
    unpack_key,
)
from konane._kernel.bitboard import least_image as _least_image
from konane._kernel.decompose import line_regions
from konane._kernel.footprint import footprint_region_masks
from konane._kernel.saving import SaveDue, check_saving
from konane._progress import Progress
from konane.cache import RegionCache, default_cache
from konane.rules import Rules

__all__: list[str] = []          # private: konane's own modules import the names they need

#: Frames of more bits than this check the limits at every position played (each costs
#: milliseconds there: the masks are thousands of bits long).
_BIG_FRAME = 4096

# a frame: (key base, shift of black in keys, stride, cells, symmetries, line step)
Frame = tuple[int | None, int, int, int, "Packed | tuple[()]", int]
Region = tuple[int, int, int]

_ZERO = ops.ZERO
_add = ops.add
_neg = ops.neg
_canonical = ops.canonical


class _Solver:
    """The value computation on bit masks only.

    A position is ``(stride, cells, black, white)`` in the layout of
    :class:`konane.Board` (``stride = cols + 1``); the cells are its *frame*.
    :meth:`board_value` splits the position asked for into regions;
    :meth:`region_value` maps a region to its normal form
    (:func:`konane._kernel.bitboard.normal_form`), looks the normal form up in the
    cache and otherwise computes it from its options, in the normal form's
    frame; :meth:`_play` gives the value of a position of a frame, played out
    where it stands (a frame that is one line is split at its exact cuts).

    Every position, whole or region, is keyed in the cache's position table by
    :func:`konane._kernel.bitboard.pack_key`; a frame keeps the parts of the key that
    do not depend on the stones (see :meth:`_frame`).
    """

    def __init__(self, rules: Rules, cache: RegionCache, progress: Progress) -> None:
        self.multi = rules.multi_jump
        self.rules = rules
        self.cache = cache
        self.raw = cache._raw
        self.progress = progress
        self.hits = self.misses = self.computed = self.played = 0
        self.frames: dict[tuple[int, int], Frame] = {}    # (stride, cells) -> frame

    def _frame(self, stride: int, cells: int, black: int, white: int) -> Frame:
        """The frame of the normalised region ``(stride, cells, black, white)``:
        ``(base, shift, stride, cells, symmetries, line step)``, where a position's
        key is ``base | black << shift | white << 10`` (``base`` is None for frames
        512 or more columns wide, whose keys are tuples: see :func:`pack_key`).

        The symmetries are those of the first position met in the frame (see
        :func:`konane._kernel.bitboard.automorphisms`); a frame that is one line has none
        (its positions are cut exactly instead, which shares more) and its step.
        """
        fr = self.frames.get((stride, cells))
        if fr is None:
            if len(self.frames) > 100_000:
                self.frames.clear()
            d = line_step(cells, stride)
            syms = () if d else automorphisms(stride, cells, black, white)
            base = pack_key(self.multi, stride, cells, 0, 0) if stride < 512 else None
            assert base is None or isinstance(base, int)
            fr = (base, cells.bit_length() + 10, stride, cells, syms, d)
            self.frames[stride, cells] = fr
        return fr

    def board_value(self, stride: int, cells: int, black: int, white: int) -> int:
        """Id of the value of a position asked for: the sum of its regions' values
        (the reach rule's regions split further by footprints)."""
        return self._sum(stride, footprint_region_masks(cells, black, white, stride))

    def _sum(self, stride: int, regions: list[Region]) -> int:
        """Id of the sum of the values of ``regions`` (``(cells, black, white)`` in ``stride``)."""
        raw = self.raw
        multi = self.multi
        total = _ZERO
        for rcells, rblack, rwhite in regions:
            rkey = pack_key(multi, stride, rcells, rblack, rwhite)
            gid = raw.get(rkey)
            if gid is None:
                gid = raw[rkey] = self.region_value(stride, rcells, rblack, rwhite)
            if gid != _ZERO:
                total = _add(total, gid) if total != _ZERO else gid
        return total

    def _play(self, fr: Frame, black: int, white: int) -> int:
        """Id of the value of a position of the frame ``fr``, not in the position table.

        In a frame with symmetries the position is first replaced by the
        representative of its class; only representatives are stored (storing
        the others too measured slower: a table twice as big).  The position is
        played out where it stands: its value comes from its options, memo on
        the exact position, with no split test and no normalisation (which cost
        more than they save inside a region).  In a frame that is one line, the
        exact cuts of a line split it instead: the pieces are normalised and
        looked up in the region cache, and their values added up.

        A unit of :func:`cgt.ops.deep` (:class:`cgt.ops.Unwound`): the values it finishes go
        to the position table, so a play deeper than the recursion limit is computed in
        segments, in any thread.
        """
        try:
            raw = self.raw
            base, sh, s, cells, syms, d = fr
            self.played += 1
            if not self.played & 255 or cells.bit_length() > _BIG_FRAME:
                # the limits (time, Ctrl-C, memory) on the way down too: on a big board the
                # first position is computed from its options only after thousands of moves,
                # each of which costs milliseconds
                self.progress.check()
            key: Key = base | black << sh | white << 10 if base is not None else pack_key(
                self.multi, s, cells, black, white)
            if syms:
                # the representative of the position's class under the symmetries of the
                # frame and the colour swap
                first = (black, white, False) if black <= white else (white, black, True)
                nb, nw, swapped = _least_image(syms, black, white, first)
                if nb != black or nw != white:
                    rkey = base | nb << sh | nw << 10 if base is not None else pack_key(
                        self.multi, s, cells, nb, nw)
                    total = raw.get(rkey)
                    if total is None:
                        total = self._play(fr, nb, nw)
                    return _neg(total) if swapped else total
            # the stones with an enemy next to them (konane._kernel.bitboard.neighbours, inlined:
            # this is the solver's hottest line)
            lx = black & ((white << 1) | (white >> 1) | (white << s) | (white >> s))
            if not lx:
                raw[key] = _ZERO               # no stone has an enemy next to it: no move, ever
                return _ZERO
            # no split test inside a region but in a line: with the native solver, which does the
            # same, the test (once for positions with at most five stones that can capture) cost
            # more than its splits saved, 15 to 20% of the time on the real-game positions of
            # benchmarks/bench_realgames.py and nothing saved on random boards; in this solver 40 s
            # of CPU against 15 s on random boards and four real-game positions
            regions: list[Region] | None = None
            if d:
                # a frame that is one line: its exact cuts (konane._kernel.decompose._line_drop);
                # a piece smaller than the frame is cropped and normalised like any split
                regions = [r for r in line_regions(cells, black, white, d) if r[1] and r[2]]
                if len(regions) == 1 and regions[0][0] == cells:
                    regions = None
            if regions is None:
                total = self._options_value(fr, black, white)
                self.computed += 1
                if not self.computed & 4095:
                    self.cache._trim()
                    self.progress.tick(4096)
            else:
                total = self._sum(s, regions)
            raw[key] = total
            return total
        except RecursionError:
            # a unit of cgt.ops.deep: the position is computed again from a shallow stack (its
            # options then found in the table), never under a raised recursion limit
            raise Unwound(_Solver._play, (self, fr, black, white)) from None

    def _options_value(self, fr: Frame, black: int, white: int) -> int:
        """Id of the value of a position of the frame ``fr`` from its options."""
        get = self.raw.get
        play = self._play
        multi = self.multi
        base, sh, s, cells, _, _ = fr
        lefts = []
        rights = []
        if base is not None:
            for a, b in captures(cells, black, white, s, multi):
                g = get(base | a << sh | b << 10)
                lefts.append(play(fr, a, b) if g is None else g)
            for a, b in captures(cells, white, black, s, multi):
                g = get(base | b << sh | a << 10)
                rights.append(play(fr, b, a) if g is None else g)
        else:                           # frames 512 or more columns wide: tuple keys
            for a, b in captures(cells, black, white, s, multi):
                g = get(pack_key(multi, s, cells, a, b))
                lefts.append(play(fr, a, b) if g is None else g)
            for a, b in captures(cells, white, black, s, multi):
                g = get(pack_key(multi, s, cells, b, a))
                rights.append(play(fr, b, a) if g is None else g)
        return _canonical(lefts, rights)

    def region_value(self, stride: int, cells: int, black: int, white: int) -> int:
        """Id of the value of one region (``cells`` = its reach), not yet in the position table."""
        rows, cols, ncells, nb, nw, swapped = normal_form(stride, cells, black, white)
        key = pack_key(self.multi, cols + 1, ncells, nb, nw)
        cache = self.cache
        gid = cache._lookup(key)         # counted by the solver, added to the cache's at the end
        if gid is None:
            self.misses += 1
            gid = self._options_value(self._frame(cols + 1, ncells, nb, nw), nb, nw)
            cache.put(key, gid)
            self.progress.tick()
        else:
            self.hits += 1
        if swapped:
            gid = _neg(gid)
        return gid


def solve(stride: int, cells: int, black: int, white: int, rules: Rules, cache: RegionCache,
          progress: Progress) -> int:
    """The id of the value of the position ``(stride, cells, black, white)``.

    Values of regions go to (and come from) ``cache``; ``progress`` counts the
    positions computed and checks the limits (it may raise
    :class:`konane.ComputationLimitError`; the caller closes it).  The tables
    only receive finished values, so an exception (a limit, Ctrl-C) leaves
    them valid.  The recursion runs under :func:`cgt.ops.deep`, so deep
    games do not overflow the stack.
    """
    solver = _Solver(rules, cache, progress)
    # The computation makes no reference cycles (tests/konane/test_solver.py checks it), so
    # the cyclic garbage collector would only walk the growing tables again and again:
    # it is paused meanwhile (measured: 5x5 10.1 -> 9.7 s), and resumed if it was running.
    collecting = gc.isenabled()
    gc.disable()
    try:
        gid: int = ops.deep(solver.board_value, stride, cells, black, white)
        return gid
    finally:
        if collecting:
            gc.enable()
        cache.hits += solver.hits
        cache.misses += solver.misses
        cache.flush()


def value_id(position: native.Position, rules: Rules, cache: RegionCache | None, progress: Progress) -> int:
    """The id of the value of ``position`` (``(rows, cols, cells, black, white)``).

    By the native solver where it is built and takes the board, with no cache or a cache
    with a file (whose regions are given to it first, and which keeps the regions it
    values: :func:`_native_value_with_cache`); else by :func:`solve`, the reference, with
    ``cache`` (the default one when None): a cache in memory only is the reference's table.
    Both count their positions on ``progress`` (the bar, ``max_positions`` and
    ``max_memory``), every 4096 positions computed from their options; the native solver's
    tables also grow within the memory left of ``max_memory`` (:meth:`Progress.memory_left`).
    """
    rows, cols, cells, black, white = position
    if not (can_capture(cells, black, white, cols + 1) or can_capture(cells, white, black, cols + 1)):
        return _ZERO                # nobody can move: 0, on a board of any size, at no cost
    if native.takes(rows, cols):
        if cache is None:
            return native.value(position, rules.multi_jump, progress.tick, progress.memory_left(),
                                progress.threads)
        if cache.path is not None:
            return _native_value_with_cache(position, rules, cache, progress)
    return solve(cols + 1, cells, black, white, rules, default_cache() if cache is None else cache, progress)


#: The caches whose regions the native solver's region table holds, each with the edition
#: given (once per cache and process, again once RegionCache.update added rows to it;
#: emptied with the native tables by konane.clear_caches).
_GIVEN: weakref.WeakKeyDictionary[RegionCache, int] = weakref.WeakKeyDictionary()
registry.on_clear(_GIVEN.clear)


def _keep_native_regions(cache: RegionCache) -> None:
    """Put into ``cache`` (and its file) the regions the native solver valued since it was
    last asked (on the first call: all of them)."""
    for multi, stride, cells, black, white, gid in native.new_regions():
        cache.put(pack_key(multi, stride, cells, black, white), gid)
    cache.flush()


def _native_value_with_cache(position: native.Position, rules: Rules, cache: RegionCache,
                             progress: Progress) -> int:
    """The native value of ``position``, the region table shared with ``cache``: its
    regions are given to the solver (once per cache and process), and every region valued
    is put into it, whether the call finishes or stops (a limit, Ctrl-C), and every
    ``cache.save_every`` seconds while it runs (:mod:`konane._kernel.saving`), so that a later
    run, in this process or another one on the same file, starts from them."""
    _keep_native_regions(cache)
    if _GIVEN.get(cache) != cache.edition:
        native.put_regions((*unpack_key(key), gid) for key, gid in cache.regions())
        _GIVEN[cache] = cache.edition
    before = native.value_info() or {}
    try:
        while True:
            check = check_saving(progress.tick, cache.save_every)
            try:
                return native.value(position, rules.multi_jump, check, progress.memory_left(), progress.threads)
            except SaveDue:
                # stopped to save: the solver's tables keep every position it valued, so the
                # call again goes on where it stopped
                _keep_native_regions(cache)
    finally:
        _keep_native_regions(cache)
        after = native.value_info() or {}
        # the cache's counters count the solver's lookups of regions in this call
        cache.hits += after.get("hits", 0) - before.get("hits", 0)
        cache.misses += after.get("misses", 0) - before.get("misses", 0)
