"""The exact value of a Konane position as a :class:`cgt.Game`.

``value(board)`` splits the board into independent regions
(:func:`konane.regions`), looks each region up in a cache under the symmetries
of the grid and the colour swap, computes the missing ones from their options,
and adds the values up.  Inside a region, positions whose capturing stones
form one group are played out where they stand (memo on the exact position,
reduced by the region's own symmetries); only positions that may split are
decomposed again (see ``docs/decomposition.md``).  Everything underneath works
on bit masks and on the integer ids of :mod:`cgt`'s table of canonical forms.
"""

from __future__ import annotations

import gc
import os
import sqlite3
import threading
from typing import Any

import cgt
from cgt import _core
from cgt._deep import deep
from cgt.game import _wrap

from konane.board import (BLACK, WHITE, Board, _apply_table, _transform_mask, _transform_rc, _transform_shape,
                          _transform_table)
from konane.errors import KonaneError
from konane.moves import _capture_masks as _moves
from konane.regions import (_line_regions, _line_step, _one_group, live_region_masks as _live_regions,
                            regions)
from konane.rules import STANDARD, Rules

__all__ = ["value", "analyse", "RegionCache", "Analysis", "normalize", "default_cache",
           "set_progress", "CacheFileError", "RulesError"]


class CacheFileError(KonaneError, ValueError):
    """A value cache cannot be used (not a cache made by this library, or not a cache at all)."""


class RulesError(KonaneError, ValueError):
    """The ``rules`` argument is not a :class:`konane.Rules`."""


# ---------------------------------------------------------------- normalisation

_SHAPES: dict[tuple[int, int, int], tuple] = {}


def _shape_symmetries(rows: int, cols: int, cells: int) -> tuple:
    """The smallest image ``(rows, cols, cells)`` of a cell shape under the 8
    symmetries, and the transform tables of the symmetries that reach it."""
    key = (rows, cols, cells)
    found = _SHAPES.get(key)
    if found is None:
        best = None
        syms: list = []
        for k in range(8):
            if k == 0:
                image = key
            else:
                image = _transform_shape(rows, cols, k) + (_transform_mask(rows, cols, k, cells),)
            if best is None or image < best:
                best, syms = image, [k]
            elif image == best:
                syms.append(k)
        # tables only for the symmetries that reach the smallest image, one per distinct action
        syms = [None if k == 0 else _transform_table(rows, cols, k) for k in _distinct(rows, cols, cells, syms)]
        if len(_SHAPES) > 1_000_000:
            _SHAPES.clear()
        found = _SHAPES[key] = (best, tuple(syms))
    return found


def normalize(board: Board) -> tuple[Board, bool]:
    """The canonical representative of a region, and whether colours were swapped.

    The board is cropped to its cells, then the smallest (by
    :meth:`Board.key`) of its 8 images under the symmetries of the grid and
    the 8 images of its colour-swapped board is taken.  Symmetries keep the
    value; swapping colours negates it.

    Returns
    -------
    (Board, bool)
        The representative and ``True`` if it is colour-swapped (so its value
        is the negative of ``board``'s).

    Examples
    --------
    >>> from konane.values import normalize
    >>> normalize(konane.Board("#ox."))
    (konane.Board('xo.'), True)
    >>> normalize(konane.Board(".xo."))[0] == normalize(konane.Board(".ox."))[0]
    True

    Notes
    -----
    The images of the cell shape are computed once per shape and cached; only
    the symmetries that give the smallest shape are applied to the stones.
    """
    b = board.crop()
    (rows, cols, cells), syms = _shape_symmetries(b._rows, b._cols, b._cells)
    best = None
    for tables in syms:
        if tables is None:
            tb, tw = b._black, b._white
        else:
            tb, tw = _apply_table(tables, b._black), _apply_table(tables, b._white)
        cand = (tb, tw, False) if (tb, tw) <= (tw, tb) else (tw, tb, True)
        if best is None or cand[:2] < best[:2]:
            best = cand
    return Board._make(rows, cols, cells, best[0], best[1]), best[2]


# ---------------------------------------------------------------- the cache

def _pack_region_key(multi: bool, rows: int, cols: int, cells: int, black: int, white: int) -> int | tuple:
    """One int for a normalised region (a tuple for grids wider or taller than 255).

    ``cells`` is laid out in ``L = cells.bit_length()`` bits and ``black``,
    ``white`` (subsets of it) fit in ``L`` bits too, so the three masks are
    ``cells << 2L | black << L | white``, then rows, cols and the rules in the
    low 17 bits.  Python ints of ~100 bits take far less memory than tuples.
    """
    if rows > 255 or cols > 255:
        return (multi, rows, cols, cells, black, white)
    n = cells.bit_length()
    return ((((((cells << n) | black) << n | white) << 8 | rows) << 8) | cols) << 1 | multi


def _unpack_region_key(key: int) -> tuple:
    multi = bool(key & 1)
    cols = (key >> 1) & 255
    rows = (key >> 9) & 255
    masks = key >> 17
    n = masks.bit_length() // 3
    full = (1 << n) - 1
    return (multi, rows, cols, masks >> (2 * n), (masks >> n) & full, masks & full)


class RegionCache:
    """Values of normalised regions, in memory and optionally in an SQLite file.

    Parameters
    ----------
    path : str or os.PathLike, optional
        A file to keep values in from one run to the next.  It is one SQLite
        database; writes are transactions (a killed process loses at most the
        values not yet committed, never corrupts the file) and several
        processes may share it (WAL journal, busy timeout).
    max_memory : int, default 5_000_000
        Regions kept in memory; past that the in-memory tables are emptied
        (the file, if any, keeps everything).  The lookup table from whole
        positions to their values, in front of it, is emptied on its own when
        it holds four times as many positions (about 2 GB at the default).

    Attributes
    ----------
    hits, misses : int
        Lookups of normalised regions found / not found.

    Examples
    --------
    >>> cache = konane.RegionCache()
    >>> konane.value("..ox/xo..", cache=cache)
    cgt.parse('2')
    >>> len(cache) > 0, cache.misses > 0
    (True, True)
    """

    COMMIT_EVERY = 2000

    def __init__(self, path: str | os.PathLike | None = None, *, max_memory: int = 5_000_000):
        self._values: dict[tuple, int] = {}
        self._raw: dict[tuple, int] = {}
        self.hits = 0
        self.misses = 0
        self.max_memory = max_memory
        self.path = None if path is None else os.fspath(path)
        self._db = None
        self._pending: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        if self.path is not None:
            self._open()

    # -- SQLite
    def _open(self) -> None:
        try:
            db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("CREATE TABLE IF NOT EXISTS region_values "
                       "(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
            db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
            db.execute("INSERT OR IGNORE INTO meta VALUES ('format', 'konane-cgt region values 1')")
            db.commit()
            fmt = db.execute("SELECT value FROM meta WHERE name='format'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise CacheFileError(f"cannot use {self.path!r} as a value cache: {exc}") from None
        if fmt is None or fmt[0] != "konane-cgt region values 1":
            raise CacheFileError(f"{self.path!r} is not a konane-cgt value cache (format {fmt!r})")
        self._db = db

    @staticmethod
    def _text_key(key: int | tuple) -> str:
        if isinstance(key, int):
            key = _unpack_region_key(key)
        return ",".join(map(str, key))

    def _load(self, key: tuple) -> int | None:
        row = self._db.execute("SELECT value FROM region_values WHERE key=?",
                               (self._text_key(key),)).fetchone()
        if row is None:
            return None
        return cgt.parse(row[0])._id

    def flush(self) -> None:
        """Write values not yet saved to the file (no-op without a file)."""
        if self._db is None or not self._pending:
            return
        with self._lock:
            pending, self._pending = self._pending, []
            with self._db:
                self._db.executemany("INSERT OR IGNORE INTO region_values VALUES (?, ?)", pending)

    def close(self) -> None:
        """Flush and close the file."""
        if self._db is not None:
            self.flush()
            self._db.close()
            self._db = None

    # -- lookups (ids of cgt games)
    def _lookup(self, key: int | tuple) -> int | None:
        """The value id of a region, from memory or else from the file; no counting."""
        gid = self._values.get(key)
        if gid is None and self._db is not None:
            gid = self._load(key)
            if gid is not None:
                self._values[key] = gid
        return gid

    def get(self, key: tuple) -> int | None:
        gid = self._lookup(key)
        if gid is None:
            self.misses += 1
        else:
            self.hits += 1
        return gid

    def _trim(self) -> None:
        """Keep the in-memory tables within ``max_memory`` (see the class docstring)."""
        if len(self._values) >= self.max_memory:
            self._values.clear()       # only a cache: values are recomputed (or read from the file)
            self._raw.clear()
        elif len(self._raw) >= 4 * self.max_memory:
            self._raw.clear()          # the table of positions played out where they stand

    def put(self, key: tuple, gid: int) -> None:
        self._trim()
        self._values[key] = gid
        if self._db is not None:
            self._pending.append((self._text_key(key), str(_wrap(gid))))
            if len(self._pending) >= self.COMMIT_EVERY:
                self.flush()

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        """Forget the in-memory values (the file, if any, is kept)."""
        self._values.clear()
        self._raw.clear()
        self.hits = self.misses = 0

    def info(self) -> dict[str, Any]:
        """Sizes and hit statistics."""
        stored = None
        if self._db is not None:
            stored = self._db.execute("SELECT COUNT(*) FROM region_values").fetchone()[0]
        return {"regions": len(self._values), "positions": len(self._raw), "hits": self.hits,
                "misses": self.misses, "file": self.path, "stored": stored}

    def __repr__(self) -> str:
        where = f"{self.path!r}" if self.path else "memory"
        return f"<RegionCache {where}: {len(self._values)} regions, {self.hits} hits, {self.misses} misses>"


_DEFAULT = RegionCache()
_FILE_CACHES: dict[str, RegionCache] = {}


def default_cache() -> RegionCache:
    """The in-memory cache that :func:`value` uses when none is given."""
    return _DEFAULT


def _resolve_cache(cache: Any) -> RegionCache:
    if cache is None:
        return _DEFAULT
    if isinstance(cache, RegionCache):
        return cache
    if isinstance(cache, (str, os.PathLike)):
        path = os.path.abspath(os.fspath(cache))
        c = _FILE_CACHES.get(path)
        if c is None:
            c = _FILE_CACHES[path] = RegionCache(path)
        return c
    raise CacheFileError(f"cache must be None, a RegionCache or a file path, not {cache!r}")


# ---------------------------------------------------------------- progress

_PROGRESS = os.environ.get("KONANE_PROGRESS", "1") not in ("0", "false", "no", "off")


def set_progress(enabled: bool) -> None:
    """Turn progress bars on or off globally (also: environment variable ``KONANE_PROGRESS=0``)."""
    global _PROGRESS
    _PROGRESS = bool(enabled)


class _Progress:
    """A tqdm counter of computed positions, shown only for long computations."""

    STEP = 2000

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.bar = None
        self.count = 0
        self.pending = 0

    def tick(self, n: int = 1) -> None:
        self.count += n
        self.pending += n
        if self.enabled and self.pending >= self.STEP:
            if self.bar is None:
                try:
                    from tqdm.auto import tqdm
                except ImportError:
                    self.enabled = False
                    return
                self.bar = tqdm(desc="konane values", unit=" positions", leave=False)
            self.bar.update(self.pending)
            self.pending = 0

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# ---------------------------------------------------------------- the computation

_ZERO = _core.ZERO


class _Solver:
    """The value computation on bit masks only (no Board objects in the loop).

    A position is ``(stride, cells, black, white)`` in the layout of
    :class:`Board` (``stride = cols + 1``); the cells are its *frame*.
    ``board_value`` splits the position asked for into regions;
    ``region_value`` moves a region to the top-left corner (a shift), maps it
    to its normal form with the byte tables of its cell shape, looks the normal
    form up in the cache and otherwise computes it from its options, in the
    normal form's frame; ``_play`` gives the value of a position of a frame,
    played out where it stands or split again when it may split.

    Every position, whole or region, is keyed in the cache's position table by
    ``cells << (2n + 10) | black << (n + 10) | white << 10 | stride << 1 |
    multi`` (``n = cells.bit_length()``; a tuple for frames 512 or more columns
    wide); a frame keeps the parts that do not depend on the stones (see
    :meth:`_frame`).
    """

    def __init__(self, rules: Rules, cache: RegionCache, progress: _Progress):
        self.multi = rules.multi_jump
        self.rules = rules
        self.cache = cache
        self.raw = cache._raw
        self.progress = progress
        self.hits = self.misses = self.computed = 0
        self.frames: dict[tuple[int, int], tuple] = {}    # (stride, cells) -> frame

    def _key(self, stride: int, cells: int, black: int, white: int) -> int | tuple:
        """The key of a position in the position table."""
        n = cells.bit_length()
        if stride >= 512:
            return (self.multi, stride, cells, black, white)
        return (((((cells << n) | black) << n | white) << 9) | stride) << 1 | self.multi

    def _frame(self, stride: int, cells: int, black: int, white: int) -> tuple:
        """The frame of the normalised region ``(stride, cells, black, white)``:
        ``(base, shift, stride, cells, symmetries, line step)``, where a position's
        key is ``base | black << shift | white << 10`` (``base`` is None for frames
        512 or more columns wide, whose keys are tuples: see :meth:`_key`).

        The symmetries are those of the first position met in the frame (see
        :func:`_automorphisms`); a frame that is one line has none (its positions
        are cut exactly instead, which shares more) and its step.
        """
        fr = self.frames.get((stride, cells))
        if fr is None:
            if len(self.frames) > 100_000:
                self.frames.clear()
            d = _line_step(cells, stride)
            syms = () if d else _automorphisms(stride, cells, black, white)
            base = self._key(stride, cells, 0, 0) if stride < 512 else None   # the empty position's key
            fr = (base, cells.bit_length() + 10, stride, cells, syms, d)
            self.frames[stride, cells] = fr
        return fr

    def board_value(self, stride: int, cells: int, black: int, white: int) -> int:
        """Id of the value of a position asked for: the sum of its regions' values."""
        return self._sum(stride, _live_regions(cells, black, white, stride))

    def _sum(self, stride: int, regions: list) -> int:
        """Id of the sum of the values of ``regions`` (``(cells, black, white)`` in ``stride``)."""
        raw = self.raw
        total = _ZERO
        for rcells, rblack, rwhite in regions:
            rkey = self._key(stride, rcells, rblack, rwhite)
            gid = raw.get(rkey)
            if gid is None:
                gid = raw[rkey] = self.region_value(stride, rcells, rblack, rwhite)
            if gid != _ZERO:
                total = _core.add(total, gid) if total != _ZERO else gid
        return total

    def _play(self, fr: tuple, black: int, white: int) -> int:
        """Id of the value of a position of the frame ``fr``, not in the position table.

        In a frame with symmetries the position is first replaced by the
        representative of its class; only representatives are stored (storing
        the others too measured slower: a table twice as big).  A position
        whose stones that can capture are dense (more than a sixth of the
        frame's cells) or surely form one region (:func:`konane.regions._one_group`),
        or that the decomposer finds to be one region, is played out where it
        stands: its value comes from its options, memo on the exact position,
        with no normalisation (which would cost more than it saves).  In a frame
        that is one line, the exact cuts of a line decide instead.  Other
        positions are split into regions, each normalised and looked up in the
        region cache, and the values are added up.
        """
        raw = self.raw
        base, sh, s, cells, syms, d = fr
        key = base | black << sh | white << 10 if base is not None else self._key(s, cells, black, white)
        if syms:
            # the representative of the position's class under the symmetries of the
            # frame and the colour swap
            first = (black, white, False) if black <= white else (white, black, True)
            nb, nw, swapped = _least_image(syms, black, white, first)
            if nb != black or nw != white:
                rkey = base | nb << sh | nw << 10 if base is not None else self._key(s, cells, nb, nw)
                total = raw.get(rkey)
                if total is None:
                    total = self._play(fr, nb, nw)
                return _core.neg(total) if swapped else total
        lx = black & ((white << 1) | (white >> 1) | (white << s) | (white >> s))
        if not lx:
            raw[key] = _ZERO               # no stone has an enemy next to it: no move, ever
            return _ZERO
        if d:
            # a frame that is one line: its exact cuts (konane.regions._line_drop);
            # a piece smaller than the frame is cropped and normalised like any split
            regions = [r for r in _line_regions(cells, black, white, d) if r[1] and r[2]]
            if len(regions) == 1 and regions[0][0] == cells:
                regions = None
        else:
            lo = white & ((black << 1) | (black >> 1) | (black << s) | (black >> s))
            if 6 * (lx | lo).bit_count() > cells.bit_count() or _one_group(cells, lx, lo, s):
                # positions whose capturing stones fill more than a sixth of the frame are
                # played out without a split test: on the starting boards and on random
                # boards they (almost) never split, and the test costs more than splitting
                # saves (measured: 4x6 8.5 -> 6.5 s, 5x5 15.2 -> 11.6 s, 40 random boards
                # 29 -> 14 s); it is kept for sparse positions, where a split can pay a lot
                regions = None
            else:
                regions = _live_regions(cells, black, white, s)
                if len(regions) == 1:
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

    def _options_value(self, fr: tuple, black: int, white: int) -> int:
        """Id of the value of a position of the frame ``fr`` from its options."""
        get = self.raw.get
        play = self._play
        multi = self.multi
        base, sh, s, cells, _, _ = fr
        lefts = []
        rights = []
        if base is not None:
            for a, b in _moves(cells, black, white, s, multi):
                g = get(base | a << sh | b << 10)
                lefts.append(play(fr, a, b) if g is None else g)
            for a, b in _moves(cells, white, black, s, multi):
                g = get(base | b << sh | a << 10)
                rights.append(play(fr, b, a) if g is None else g)
        else:                           # frames 512 or more columns wide: tuple keys
            key = self._key
            for a, b in _moves(cells, black, white, s, multi):
                g = get(key(s, cells, a, b))
                lefts.append(play(fr, a, b) if g is None else g)
            for a, b in _moves(cells, white, black, s, multi):
                g = get(key(s, cells, b, a))
                rights.append(play(fr, b, a) if g is None else g)
        return _core.canonical(lefts, rights)

    def region_value(self, stride: int, cells: int, black: int, white: int) -> int:
        """Id of the value of one region (``cells`` = its reach), not yet in the position table."""
        multi = self.multi
        # translate to the top-left corner: a shift, since the guard column stays empty
        low = cells & -cells
        r0 = (low.bit_length() - 1) // stride
        r1 = (cells.bit_length() - 1) // stride
        rowmask = (1 << (stride - 1)) - 1
        union = 0
        m = cells >> (r0 * stride)
        for _ in range(r1 - r0 + 1):
            union |= m & rowmask
            m >>= stride
        c0 = ((union & -union).bit_length() - 1)
        shift = r0 * stride + c0
        cells >>= shift
        black >>= shift
        white >>= shift
        (rows, cols, ncells), syms = _box_symmetries(stride, r1 - r0 + 1,
                                                     union.bit_length() - c0, cells)
        nb, nw, swapped = _least_image(syms, black, white)
        key = _pack_region_key(multi, rows, cols, ncells, nb, nw)
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
            gid = _core.neg(gid)
        return gid


def _packed(syms: tuple) -> tuple:
    """Several symmetries' byte tables as one: ``tables[j][v]`` holds the images of
    ``v << 8j`` under each symmetry, the ``i``-th in bits ``i * width`` and up, so one
    pass over a mask's bytes gives all its images.  ``()`` for no symmetry."""
    if not syms:
        return ()
    width = max(max(t).bit_length() for tables in syms for t in tables) or 1
    if len(syms) == 1:
        return (syms[0], width, 1)
    packed = []
    for j in range(max(len(tables) for tables in syms)):
        row = [0] * 256
        for i, tables in enumerate(syms):
            if j < len(tables):
                t = tables[j]
                shift = i * width
                for v in range(256):
                    row[v] |= t[v] << shift
        packed.append(tuple(row))
    return (tuple(packed), width, len(syms))


def _least_image(packed: tuple, black: int, white: int, best: tuple | None = None) -> tuple:
    """``(black, white, swapped)``: the smallest image of a position under the
    symmetries ``packed`` (see :func:`_packed`) and the colour swap (``best``, if
    given, competes too)."""
    tables, width, count = packed
    pb = pw = 0
    j = 0
    x, y = black, white
    while x or y:                   # both masks through the byte tables in one loop
        t = tables[j]
        pb |= t[x & 255]
        pw |= t[y & 255]
        x >>= 8
        y >>= 8
        j += 1
    mask = (1 << width) - 1
    for _ in range(count):
        tb = pb & mask
        tw = pw & mask
        pb >>= width
        pw >>= width
        cand = (tb, tw, False) if tb <= tw else (tw, tb, True)
        if best is None or cand < best:
            best = cand
    return best


def _automorphisms(stride: int, cells: int, black: int, white: int) -> tuple:
    """The symmetries other than the identity that map a position to itself or
    to its colour swap (in place: same cells, same layout), packed (:func:`_packed`).

    They form a group; positions below it are replaced by the smallest of
    their images under it and the colour swap, which halves (or better) the
    work on symmetric positions such as most starting boards.
    """
    cols = stride - 1
    rows = (cells.bit_length() + stride - 1) // stride
    found = []
    for k in range(1, 8):
        if _transform_shape(rows, cols, k) != (rows, cols):
            continue
        tables = _transform_table(rows, cols, k)
        if _apply_table(tables, cells) != cells:
            continue
        image = (_apply_table(tables, black), _apply_table(tables, white))
        if image == (black, white) or image == (white, black):
            found.append(tables)
    return _packed(tuple(found))


def _distinct(rows: int, cols: int, cells: int, ks: list) -> list:
    """The symmetries ``ks`` less those that move every cell of ``cells`` (compact
    layout) as an earlier one does: on a row, for instance, the reflection in
    its axis acts as the identity.  They give the same images of every position."""
    seen = set()
    out = []
    for k in ks:
        action = tuple(_transform_rc(i // (cols + 1), i % (cols + 1), rows, cols, k)
                       for i in range(cells.bit_length()) if cells >> i & 1)
        if action not in seen:
            seen.add(action)
            out.append(k)
    return out


_BOXES: dict[tuple[int, int, int, int], tuple] = {}


def _box_symmetries(stride: int, rows: int, cols: int, cells: int) -> tuple:
    """For a cell shape in the top-left ``rows x cols`` box of a ``stride`` layout:
    its normal shape ``(rows, cols, cells)`` (compact layout, the smallest image
    under the 8 symmetries, as :func:`normalize` chooses it) and every symmetry
    that maps it there (straight from the ``stride`` layout), packed (:func:`_packed`)."""
    if rows == 1:
        stride = cols + 1                  # one row is laid out alike in every stride
    key = (stride, rows, cols, cells)
    found = _BOXES.get(key)
    if found is None:
        compact = cells
        if stride != cols + 1:
            compact = 0
            rowmask = (1 << cols) - 1
            for r in range(rows):
                compact |= ((cells >> (r * stride)) & rowmask) << (r * (cols + 1))
        best, ks = _shape_symmetries(rows, cols, compact)[0], []
        for k in range(8):
            image = _transform_shape(rows, cols, k) + (_transform_mask(rows, cols, k, cells, stride),)
            if image == best:
                ks.append(k)
        ks = _distinct(rows, cols, compact, ks)
        if len(_BOXES) > 1_000_000:
            _BOXES.clear()
        found = _BOXES[key] = (best, _packed(tuple(_transform_table(rows, cols, k, stride) for k in ks)))
    return found


def _as_board(board: Any) -> Board:
    if isinstance(board, Board):
        return board
    if isinstance(board, str):
        return Board(board)
    from konane.errors import BoardParseError
    raise BoardParseError(f"expected a konane.Board or a picture string, not {board!r}")


def _as_rules(rules: Any) -> Rules:
    if rules is None:
        return STANDARD
    if isinstance(rules, Rules):
        return rules
    raise RulesError(f"rules must be a konane.Rules such as konane.STANDARD, not {rules!r}")


def _compute(board: Board, rules: Rules, cache: RegionCache, progress: bool | None) -> int:
    prog = _Progress(_PROGRESS if progress is None else bool(progress))
    solver = _Solver(rules, cache, prog)
    # The computation makes no reference cycles (tests/konane/test_values.py checks it), so
    # the cyclic garbage collector would only walk the growing tables again and again:
    # it is paused meanwhile (measured: 5x5 10.1 -> 9.7 s), and resumed if it was running.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return deep(solver.board_value, board._cols + 1, board._cells, board._black, board._white)
    finally:
        if collecting:
            gc.enable()
        cache.hits += solver.hits
        cache.misses += solver.misses
        prog.close()
        cache.flush()


def value(board: Any, *, rules: Rules | None = None, cache: Any = None,
          progress: bool | None = None) -> cgt.Game:
    """The exact value of a Konane position, as a canonical :class:`cgt.Game`.

    Left is Black (``x``), Right is White (``o``).  The value does not depend on
    whose turn it is: ``> 0`` Black wins whoever starts, ``< 0`` White wins,
    ``== 0`` the second player wins, fuzzy with 0 the first player wins.

    Parameters
    ----------
    board : Board or str
        A board or its picture (``"..ox"``, ``".ox./o..x/...."``).
    rules : Rules, optional
        :data:`konane.STANDARD` (multi-jumps in a line, the default) or
        :data:`konane.SINGLE_JUMP`.
    cache : None, RegionCache or path, optional
        Where values of regions are kept: by default one in-memory cache for
        the process; a :class:`RegionCache`; or a file name such as
        ``"konane-values.sqlite"`` to keep values across runs.
    progress : bool, optional
        Show a progress bar (tqdm) during long computations.  Default: on,
        unless turned off by :func:`set_progress` or ``KONANE_PROGRESS=0``.

    Returns
    -------
    cgt.Game

    Examples
    --------
    Known values (Ernst 1995; the cgt-tools test suite):

    >>> konane.value("..ox"), konane.value(".ox."), konane.value(".ox./o..x/....")
    (cgt.parse('1'), cgt.parse('*'), cgt.parse('+-1'))
    >>> konane.value(".xoxox.")          # 5 alternating stones: -2
    cgt.parse('-2')
    >>> konane.value("....oxxoox..oxxxxo....")
    cgt.parse('3/2')

    Notes
    -----
    ``value(b) == sum(value(r) for r in konane.regions(b))``; swapping colours
    negates the value and the 8 symmetries of the grid keep it.  Interrupting
    with Ctrl-C leaves the caches consistent: they only ever receive finished
    values.
    """
    b = _as_board(board)
    r = _as_rules(rules)
    c = _resolve_cache(cache)
    return _wrap(_compute(b, r, c, progress))


# ---------------------------------------------------------------- analysis

class Analysis:
    """The result of :func:`analyse`: regions, their values, and the winning moves.

    Attributes
    ----------
    board : Board
    value : cgt.Game
        The value of the whole position (the sum of the region values).
    regions : list of (Board, cgt.Game)
        The independent regions with moves, and their values.
    winning_moves : dict
        ``{BLACK: [...], WHITE: [...]}``: the moves after which the mover wins
        with best play (for Black: options of value ``>= 0``; for White: ``<= 0``).
    """

    def __init__(self, board, value, regions, winning_moves, rules):
        self.board = board
        self.value = value
        self.regions = regions
        self.winning_moves = winning_moves
        self.rules = rules

    @property
    def outcome(self) -> cgt.Outcome:
        """The outcome class of the whole position."""
        return self.value.outcome

    def _region_rows(self):
        for region, v in self.regions:
            try:
                temp = v.temperature
            except Exception:  # analysis helpers unavailable
                temp = None
            yield region, v, temp

    def __repr__(self) -> str:
        lines = [f"Konane position, value {self.value} ({self.outcome.value})"]
        for i, (region, v, temp) in enumerate(self._region_rows(), 1):
            squares = ", ".join(region.square_name(rc) for rc in region.stones_list(BLACK) +
                                region.stones_list(WHITE))
            lines.append(f"  region {i}: value {v}, temperature {temp}, stones {squares}")
        for who in (BLACK, WHITE):
            moves = " ".join(str(m) for m in self.winning_moves[who]) or "none"
            lines.append(f"  winning moves for {who.long_name} to move: {moves}")
        return "\n".join(lines)

    def _repr_html_(self) -> str | None:
        try:
            import html
            rows = []
            for i, (region, v, temp) in enumerate(self._region_rows(), 1):
                svg = region._repr_svg_() or ""
                rows.append(
                    f"<tr><td>{i}</td><td>{svg}</td><td>{html.escape(str(v))}</td>"
                    f"<td>{html.escape(str(temp))}</td><td>{v.outcome.value}</td></tr>")
            moves = "".join(
                f"<li>{html.escape(who.long_name)} to move: "
                f"{html.escape(' '.join(str(m) for m in self.winning_moves[who]) or 'none')}</li>"
                for who in (BLACK, WHITE))
            return (f"<div><p><b>Value</b> {html.escape(str(self.value))} "
                    f"(outcome {self.outcome.value})</p>{self.board._repr_svg_() or ''}"
                    "<table><tr><th>#</th><th>region</th><th>value</th><th>temperature</th>"
                    f"<th>outcome</th></tr>{''.join(rows)}</table><ul>{moves}</ul></div>")
        except Exception:  # a display hook must never raise
            return None


def analyse(board: Any, *, rules: Rules | None = None, cache: Any = None,
            progress: bool | None = None) -> Analysis:
    """Analyse a position: its regions with their values and the winning moves.

    Parameters
    ----------
    board, rules, cache, progress
        As for :func:`value`.

    Returns
    -------
    Analysis
        With ``value``, ``regions`` (list of ``(region board, value)``),
        ``outcome`` and ``winning_moves`` for each player (the moves whose
        resulting position is a win for the player who made them).

    Examples
    --------
    >>> a = konane.analyse(".ox./o..x/....")
    >>> a.value, a.outcome
    (cgt.parse('+-1'), <Outcome.N: 'N'>)
    >>> [str(m) for m in a.winning_moves[konane.BLACK]], [str(m) for m in a.winning_moves[konane.WHITE]]
    (['c3-a3'], ['b3-d3'])
    """
    b = _as_board(board)
    r = _as_rules(rules)
    c = _resolve_cache(cache)
    total = value(b, rules=r, cache=c, progress=progress)
    parts = [(reg, value(reg, rules=r, cache=c, progress=progress)) for reg in regions(b)]
    wins: dict[Any, list] = {}
    for who in (BLACK, WHITE):
        good = []
        for move, after in b.move_options(who, r):
            v = value(after, rules=r, cache=c, progress=progress)
            if (v >= 0) if who is BLACK else (v <= 0):
                good.append(move)
        wins[who] = good
    return Analysis(b, total, parts, wins, r)
