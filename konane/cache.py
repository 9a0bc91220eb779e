"""The cache of values of normalised regions, in memory and optionally in a file.

:func:`konane.value` keeps the value of every region it computes under the
region's normal form (:meth:`konane.Board.normalized`), as the integer id of
the value in :mod:`cgt`'s table (:mod:`cgt.ops`), and the values of the
positions met on the way.  By default one in-memory :class:`RegionCache` per
process is used (:func:`default_cache`) by the Python solver; a
:class:`RegionCache` of one's own, or a file name, can be passed as ``cache=``
instead.  A file keeps the values of regions from one run to the next, for the
native solver (which keeps its own tables and puts the regions it values into
the file) and the Python solver alike.  :func:`konane.clear_caches`
empties the caches of the process.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

import cgt
from konane._calls import describe, public
from konane._kernel import native, registry
from konane._kernel.bitboard import Key, clear_tables, normal_form, pack_key, unpack_key
from konane.errors import CacheFileError, CacheTypeError, KonaneValueError

__all__ = ["RegionCache", "default_cache", "as_cache", "cache_info", "clear_caches", "win_key"]

_FORMAT = "konane-cgt region values 2"     # each value with a checksum of its key and text
_OLD_FORMATS = ("konane-cgt region values 1",)


#: The rows of a file read at a time (:meth:`RegionCache.proofs`, :meth:`RegionCache.regions`).
_READ_ROWS = 50_000


def _check(key: str, value: str) -> str:
    """The checksum stored beside a value: the first 16 hex digits of SHA-256 of key and value."""
    return hashlib.sha256(f"{key}={value}".encode()).hexdigest()[:16]


def _text_key(key: Key) -> str:
    """The key of a normalised region as stored in a file: ``multi,rows,cols,cells,black,white``."""
    multi, stride, cells, black, white = unpack_key(key)
    rows = (cells.bit_length() + stride - 1) // stride    # a normal form fills its last row
    return ",".join(map(str, (multi, rows, stride - 1, cells, black, white)))


def _read_text_key(text: str) -> Key | None:
    """The key of a text key (:func:`_text_key`), or None if it is not one of a normal form."""
    multi_text, _, rest = text.partition(",")
    try:
        rows, cols, cells, black, white = map(int, rest.split(","))
    except ValueError:
        return None
    stride = cols + 1
    if (multi_text not in ("True", "False") or not 0 < rows * stride < 1 << 20 or cells <= 0
            or cells.bit_length() > rows * stride or (black | white) & ~cells or black & white):
        return None
    if normal_form(stride, cells, black, white) != (rows, cols, cells, black, white, False):
        return None
    return pack_key(multi_text == "True", stride, cells, black, white)


def win_key(position: tuple[int, int, int, int, int], black_to_move: bool, multi: bool) -> str:
    """The key of a whole position ``(rows, cols, cells, black, white)`` with a player to move
    (Black if ``black_to_move``) under the rules ``multi`` (multiple jumps), the same for every
    image of it under the symmetries and the colour swap (the player exchanged with the
    colours): its normal form (:meth:`konane.Board.normalized`) and the player to move there.

    Examples
    --------
    >>> b = konane.Board("..ox/xo..")
    >>> win_key(b.key, True, True) == win_key(b.color_swapped().transform(3).key, False, True)
    True
    >>> win_key(b.key, True, True) == win_key(b.key, False, True)
    False
    """
    rows, cols, cells, black, white = position
    if not cells:
        return f"{multi},0,0,0,0,0,x"
    nrows, ncols, nc, nb, nw, swapped = normal_form(cols + 1, cells, black, white)
    if normal_form(cols + 1, cells, white, black)[5] == swapped:
        mover = "x"     # the colour swap is a symmetry: either player to move is the same game
    else:
        mover = "x" if black_to_move != swapped else "o"
    return f"{multi},{nrows},{ncols},{nc},{nb},{nw},{mover}"


class RegionCache:
    """Values of normalised regions, in memory and optionally in an SQLite file.

    The same file also keeps the results the native win/loss search proved
    (:func:`konane.solve` and :func:`konane.outcome` with ``cache=``; see
    :meth:`put_proof`), so that one file holds what a project has computed.

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
    save_every : float or None, default 600.0
        With a file: the seconds between two saves of what a running native
        computation has made (the proofs of the win/loss search of
        :func:`konane.solve` and :func:`konane.outcome`, the regions the value
        solver of :func:`konane.value` valued), so that a process killed in a
        computation of hours loses at most that much of its work (it stops,
        its results go into the file, and it goes on from its tables, which
        lost nothing).  None: saved only when the call ends (finished, or
        stopped by a limit or Ctrl-C).

    Raises
    ------
    CacheTypeError
        If ``path`` is not a str or path, ``max_memory`` not an int, or
        ``save_every`` not a number or None.
    KonaneValueError
        If ``save_every`` is not a positive number of seconds.
    CacheFileError
        If ``path`` is not a value cache of this library.

    Attributes
    ----------
    hits, misses : int
        Lookups of normalised regions found / not found.
    edition : int
        How many times :meth:`update` added rows (the native solvers take the
        cache's rows again when it changed).

    Examples
    --------
    >>> cache = konane.RegionCache()
    >>> konane.value("..ox/xo..", cache=cache)
    cgt.parse('2')
    >>> len(cache) > 0, cache.misses > 0
    (True, True)
    """

    COMMIT_EVERY = 2000

    @public
    def __init__(self, path: str | os.PathLike[str] | None = None, *, max_memory: int = 5_000_000,
                 save_every: float | None = 600.0) -> None:
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise CacheTypeError(f"path must be None, a str or a path, not {describe(path)}")
        if not isinstance(max_memory, int) or isinstance(max_memory, bool):
            raise CacheTypeError(f"max_memory must be an int, not {describe(max_memory)}")
        if save_every is not None:
            if not isinstance(save_every, (int, float)) or isinstance(save_every, bool):
                raise CacheTypeError(f"save_every must be a number of seconds or None, not {describe(save_every)}")
            if not 0 < save_every < float("inf"):
                raise KonaneValueError(f"save_every must be a positive number of seconds, not {save_every!r}")
        self.save_every = None if save_every is None else float(save_every)
        self._values: dict[Key, int] = {}
        self._raw: dict[Key, int] = {}
        self.hits = 0
        self.misses = 0
        self.max_memory = max_memory
        self.path = None if path is None else os.fspath(path)
        self._db: sqlite3.Connection | None = None
        self._pending: list[tuple[str, str, str]] = []
        self._proofs: dict[str, str] = {}
        self._pending_proofs: list[tuple[str, str, str]] = []
        self._wins: dict[str, str] = {}
        self._pending_wins: list[tuple[str, str, str]] = []
        self._lock = threading.Lock()
        self.edition = 0
        if self.path is not None:
            self._db = self._open(self.path)

    # -- SQLite
    @staticmethod
    def _format_of(path: str) -> str | None:
        """The format a file says it has, read without changing it; None for a file that is
        not a value cache (another program's database, a census, not a database at all)."""
        try:
            db = sqlite3.connect(f"file:{os.path.abspath(path)}?mode=ro", uri=True)
        except sqlite3.Error:
            return None
        try:
            row = db.execute("SELECT value FROM meta WHERE name='format'").fetchone()
        except (sqlite3.Error, UnicodeDecodeError):
            return None
        finally:
            db.close()
        return row[0] if row is not None and isinstance(row[0], str) else None

    @classmethod
    def _open(cls, path: str) -> sqlite3.Connection:
        if "\x00" in path:
            raise CacheFileError(f"cannot use {path!r} as a value cache: a file name has no null character")
        if os.path.isdir(path):
            raise CacheFileError(f"cannot use {path!r} as a value cache: it is a folder")
        if os.path.exists(path) and os.path.getsize(path) > 0:
            # an existing file is only ever opened for writing once it is known to be ours
            fmt = cls._format_of(path)
            if fmt in _OLD_FORMATS:
                raise CacheFileError(f"{path!r} is a value cache of an older konane-cgt (format {fmt!r}, "
                                     "without checksums): delete it, its values are recomputed")
            if fmt != _FORMAT:
                raise CacheFileError(f"{path!r} is not a konane-cgt value cache: it was left as it is "
                                     "(pass the name of a new file, or of a cache this library made)")
        try:
            db = sqlite3.connect(path, timeout=60, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("CREATE TABLE IF NOT EXISTS region_values "
                       "(key TEXT PRIMARY KEY, value TEXT NOT NULL, checksum TEXT NOT NULL) WITHOUT ROWID")
            db.execute("CREATE TABLE IF NOT EXISTS proofs "
                       "(key TEXT PRIMARY KEY, result TEXT NOT NULL, checksum TEXT NOT NULL) WITHOUT ROWID")
            db.execute("CREATE TABLE IF NOT EXISTS wins "
                       "(key TEXT PRIMARY KEY, result TEXT NOT NULL, checksum TEXT NOT NULL) WITHOUT ROWID")
            db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
            db.execute(f"INSERT OR IGNORE INTO meta VALUES ('format', '{_FORMAT}')")
            db.commit()
            fmt = db.execute("SELECT value FROM meta WHERE name='format'").fetchone()
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise CacheFileError(f"cannot use {path!r} as a value cache: {exc}") from None
        if fmt is None or fmt[0] != _FORMAT:
            db.close()
            raise CacheFileError(f"{path!r} is not a konane-cgt value cache (format {fmt!r})")
        return db

    def _damaged(self, why: str) -> CacheFileError:
        return CacheFileError(f"the value cache {self.path!r} is damaged: {why}; the values computed so far "
                              "in this process are kept, but the file cannot be read (delete it, or pass "
                              "another one)")

    def _stored(self, query: str, key: str, what: str) -> str | None:
        """The text of the row of ``key`` that ``query`` (``SELECT text, checksum FROM table
        WHERE key=?``) reads from the file, checked against its checksum, or None; ``what``
        names the row in the error of a damaged file."""
        assert self._db is not None
        try:
            row = self._db.execute(query, (key,)).fetchone()
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise self._damaged(str(exc)) from None
        if row is None:
            return None
        text, checksum = row
        if not isinstance(text, str) or checksum != _check(key, text):
            raise self._damaged(f"the {what} does not match its checksum (the file was changed after this "
                                "library wrote it)")
        return text

    def _load(self, key: Key) -> int | None:
        text_key = _text_key(key)
        value = self._stored("SELECT value, checksum FROM region_values WHERE key=?", text_key,
                             f"value of region {text_key}")
        if value is None:
            return None
        try:
            return cgt.parse(value).id
        except cgt.CGTError as exc:
            raise self._damaged(f"the value of region {text_key} cannot be read ({exc})") from None

    def _file_rows(self, table: str, what: str) -> Iterator[tuple[str, str]]:
        """``(key, text)`` of every row of the file's ``table`` (none without a file), each
        checked against its checksum; ``what`` names a row in the error of a damaged file."""
        db = self._db
        if db is None:
            return
        self.flush()

        def slices() -> Iterator[list[Any]]:
            # read in slices: a campaign's file holds tens of millions of rows, which read at
            # once took gigabytes (a file of 9.6 million proofs: 3.4 GB, all of them read before
            # the first was used)
            try:
                cursor = db.execute(f"SELECT * FROM {table}")
                while rows := cursor.fetchmany(_READ_ROWS):
                    yield rows
            except (sqlite3.Error, UnicodeDecodeError) as exc:
                raise self._damaged(str(exc)) from None
        for rows in slices():
            for key, text, checksum in rows:
                if not isinstance(key, str) or not isinstance(text, str) or checksum != _check(key, text):
                    raise self._damaged(f"the {what} of {key!r} does not match its checksum (the file was "
                                        "changed after this library wrote it)")
                yield key, text

    def _region(self, text_key: str, value: str) -> tuple[Key, int]:
        """The key and value id of a row of the file's region values."""
        key = _read_text_key(text_key)
        if key is None:
            raise self._damaged(f"{text_key!r} is not the key of a region in its normal form")
        try:
            return key, cgt.parse(value).id
        except cgt.CGTError as exc:
            raise self._damaged(f"the value of region {text_key} cannot be read ({exc})") from None

    def regions(self) -> Iterator[tuple[Key, int]]:
        """Every region value kept: ``(key, id)`` for those in memory, then for those of the
        file (each checked against its checksum), a region in both given once.

        Raises
        ------
        CacheFileError
            If a row of the file is damaged (its checksum, its key or its value).

        Examples
        --------
        >>> cache = konane.RegionCache()
        >>> konane.value("..ox/xo..", cache=cache)
        cgt.parse('2')
        >>> len(list(cache.regions())) == len(cache)
        True
        """
        in_memory = dict(self._values)
        yield from in_memory.items()
        for text_key, value in self._file_rows("region_values", "value of region"):
            key, gid = self._region(text_key, value)
            if key not in in_memory:
                yield key, gid

    def flush(self) -> None:
        """Write values and proofs not yet saved to the file (no-op without a file)."""
        if self._db is None or not (self._pending or self._pending_proofs or self._pending_wins):
            return
        with self._lock:
            pending, self._pending = self._pending, []
            proofs, self._pending_proofs = self._pending_proofs, []
            wins, self._pending_wins = self._pending_wins, []
            try:
                with self._db:
                    self._db.executemany("INSERT OR IGNORE INTO region_values VALUES (?, ?, ?)", pending)
                    self._db.executemany("INSERT OR IGNORE INTO proofs VALUES (?, ?, ?)", proofs)
                    self._db.executemany("INSERT OR IGNORE INTO wins VALUES (?, ?, ?)", wins)
            except sqlite3.Error as exc:
                raise self._damaged(str(exc)) from None

    # -- proved win/loss results of the native search (konane.solve, konane.outcome)
    def put_proof(self, multi: bool, stride: int, cells: int, me: int, en: int, g: int, wins: bool,
                  work: int) -> None:
        """Keep a result of the win/loss search: whether the player to move, with the stones
        ``me``, wins the position ``(stride, cells, me, en)`` (in the search's normal form)
        plus the game of id ``g`` played beside it, and the nodes it took to prove."""
        rows = (cells.bit_length() + stride - 1) // stride
        key = ",".join(map(str, (multi, rows, stride - 1, cells, me, en, cgt.Game.from_id(g))))
        result = f"{'win' if wins else 'loss'},{work}"
        if self._proofs.get(key) != result:
            self._keep(self._proofs, self._pending_proofs, key, result)

    def _keep(self, kept: dict[str, str], pending: list[tuple[str, str, str]], key: str, result: str) -> None:
        """Keep a result of a search in the table ``kept`` (in memory, emptied past ``max_memory``)
        and, with a file, in the rows ``pending`` to write (committed every ``COMMIT_EVERY``)."""
        if len(kept) >= self.max_memory:
            kept.clear()
        kept[key] = result
        if self._db is not None:
            pending.append((key, result, _check(key, result)))
            if len(pending) >= self.COMMIT_EVERY:
                self.flush()

    def proofs(self) -> Iterator[tuple[bool, int, int, int, int, int, bool, int]]:
        """Every result of the win/loss search kept: ``(multi, stride, cells, me, en, g,
        wins, work)`` (:meth:`put_proof`), those in memory then those of the file (each
        checked against its checksum).

        Raises
        ------
        CacheFileError
            If a row of the file is damaged.

        Examples
        --------
        >>> list(konane.RegionCache().proofs())
        []
        """
        for key, result in self._text_rows("proofs", "proof"):
            yield self._proof(key, result)

    def _proof(self, key: str, result: str) -> tuple[bool, int, int, int, int, int, bool, int]:
        """A row of the proofs read: :meth:`proofs`'s tuple."""
        try:
            multi, _, cols, cells, me, en, g = key.split(",", 6)
            verdict, work = result.split(",")
            if multi not in ("True", "False") or verdict not in ("win", "loss"):
                raise ValueError(key)
            return (multi == "True", int(cols) + 1, int(cells), int(me), int(en), cgt.parse(g).id,
                    verdict == "win", int(work))
        except (ValueError, cgt.CGTError) as exc:
            raise self._damaged(f"the proof of {key!r} cannot be read ({exc})") from None

    # -- whole positions won or lost (the jobs of konane.cluster)
    def put_win(self, position: tuple[int, int, int, int, int], black_to_move: bool, multi: bool, wins: bool,
                work: int) -> None:
        """Keep whether the player to move (Black if ``black_to_move``) wins the whole position
        ``position`` (:attr:`konane.Board.key`) under the rules ``multi`` (multiple jumps), and the
        positions it took to prove: the results of the jobs of :mod:`konane.cluster`.  The key is
        the position's normal form (symmetries and colour swap), so every image of it is found.

        Examples
        --------
        >>> cache = konane.RegionCache()
        >>> b = konane.Board("..ox/xo..")
        >>> cache.put_win(b.key, True, True, True, 10)
        >>> cache.win(b.key, True, True), cache.win(b.color_swapped().key, False, True)
        (True, True)
        >>> cache.win(b.key, False, True) is None         # White to move: not kept
        True
        """
        key = win_key(position, black_to_move, multi)
        result = f"{'win' if wins else 'loss'},{work}"
        if self._wins.get(key, "").split(",")[0] != result.split(",")[0]:
            self._keep(self._wins, self._pending_wins, key, result)

    def win(self, position: tuple[int, int, int, int, int], black_to_move: bool, multi: bool) -> bool | None:
        """Whether the player to move wins ``position``, if :meth:`put_win` kept it (in this
        process or in the file), else None.

        Raises
        ------
        CacheFileError
            If the row of the file is damaged.
        """
        key = win_key(position, black_to_move, multi)
        result = self._stored_result("wins", key, "result of position")
        if result is None:
            return None
        self._wins[key] = result
        return self._win(key, result)[0]

    def _win(self, key: str, result: str) -> tuple[bool, int]:
        """A row of the whole positions' results read: whether the player to move wins, and
        the work."""
        parts, (verdict, _, work) = key.split(","), result.partition(",")
        if (len(parts) != 7 or parts[0] not in ("True", "False") or parts[6] not in ("x", "o")
                or verdict not in ("win", "loss") or not work.isdigit()):
            raise self._damaged(f"the result of position {key!r} cannot be read ({result!r})")
        return verdict == "win", int(work)

    def _text_rows(self, table: str, what: str) -> Iterator[tuple[str, str]]:
        """``(key, text)`` of every row of ``table`` kept, as the file writes them: those in
        memory, then those of the file (checked against their checksums), each key once."""
        in_memory: dict[str, str]
        if table == "region_values":
            in_memory = {_text_key(k): str(cgt.Game.from_id(g)) for k, g in self._values.items()}
        else:
            in_memory = dict(self._proofs if table == "proofs" else self._wins)
        yield from in_memory.items()
        for key, text in self._file_rows(table, what):
            if key not in in_memory:
                yield key, text

    def _stored_result(self, table: str, key: str, what: str) -> str | None:
        """The result of ``key`` in ``table`` (``"proofs"`` or ``"wins"``), in memory or in
        the file (the rows not yet written flushed first); ``what`` names the row, with its
        key, in the error of a damaged file."""
        result = (self._proofs if table == "proofs" else self._wins).get(key)
        if result is None and self._db is not None:
            self.flush()
            result = self._stored(f"SELECT result, checksum FROM {table} WHERE key=?", key, f"{what} {key!r}")
        return result

    def _result(self, table: str, key: str, text: str) -> tuple[bool, int]:
        """Whether the player to move wins, and the work, of a row of ``table`` (``"proofs"``
        or ``"wins"``)."""
        if table == "proofs":
            wins, work = self._proof(key, text)[6:]
            return wins, work
        return self._win(key, text)

    @public
    def update(self, other: RegionCache | str | os.PathLike[str], *, min_work: int = 0) -> dict[str, int]:
        """Add what ``other`` keeps to this cache: the values of regions, the results the
        win/loss search proved (:meth:`proofs`) and the whole positions won or lost
        (:meth:`put_win`).

        Work moves between files this way: a file made on another machine or by another
        run joins the project's file, and ``min_work`` carries the proofs of most work of a
        big file into a small one.  Everything is checked before anything is written: every
        row of ``other`` (its checksum, its key, its value or result), and every result held
        by both caches.  Values and outcomes are exact, so two caches that disagree (a region
        with two values, a position won in one and lost in the other) hold a wrong row; the
        error names it and nothing is added.  A result in both keeps the larger work.  A
        search or value in this process given this cache's file before goes on with the rows
        added at its next call.  Into a cache with a file, ``other`` is read twice, a slice at a
        time (checked, then written in one transaction as it is read again and checked again),
        so that a file of tens of millions of rows is merged without being held in memory.

        Parameters
        ----------
        other : RegionCache, str or os.PathLike
            The cache to add, or the file of one.
        min_work : int, default 0
            The search's results (proofs and whole positions) that took fewer positions are
            left out; the values of regions are all added.

        Returns
        -------
        dict
            The rows added or whose work grew: ``"regions"``, ``"proofs"``, ``"wins"``.  This
            cache holds them in its file, or in memory (at most ``max_memory`` of each) if it
            has none.

        Raises
        ------
        CacheTypeError
            If ``other`` is not a cache or a path, or ``min_work`` not an int >= 0.
        CacheFileError
            If ``other`` names no file or not a value cache, a row of either cache is
            damaged, or the two disagree.

        Examples
        --------
        >>> a, b = konane.RegionCache(), konane.RegionCache()
        >>> konane.value("..ox/xo..", cache=a)
        cgt.parse('2')
        >>> b.update(a)["regions"] == len(a) > 0
        True
        >>> b.update(a)                  # nothing new
        {'regions': 0, 'proofs': 0, 'wins': 0}
        """
        if not isinstance(min_work, int) or isinstance(min_work, bool) or min_work < 0:
            raise CacheTypeError(f"min_work must be an int >= 0, not {describe(min_work)}")
        if isinstance(other, RegionCache):
            source = other
        elif isinstance(other, (str, os.PathLike)):
            path = os.fspath(other)
            if not os.path.isfile(path):
                raise CacheFileError(f"cannot add {path!r} to a value cache: there is no such file")
            source = RegionCache(path)
        else:
            raise CacheTypeError(f"other must be a konane.RegionCache or a file path, not {describe(other)}")
        try:
            return self._update(source, min_work)
        finally:
            if source is not other:
                source.close()

    def _update(self, source: RegionCache, min_work: int) -> dict[str, int]:
        added = {"regions": 0, "proofs": 0, "wins": 0}
        if source is self or (self.path is not None and source.path is not None
                              and os.path.samefile(self.path, source.path)):
            return added

        def disagree(what: str, mine: str, theirs: str) -> CacheFileError:
            here = repr(self.path) if self.path else "this cache (in memory)"
            there = repr(source.path) if source.path else "the cache added (in memory)"
            return CacheFileError(f"the two value caches disagree on {what}: {mine} in {here}, {theirs} in "
                                  f"{there}; one of them holds a wrong row (nothing was added)")

        def new_regions() -> Iterator[tuple[Key, int, str, str]]:
            """The regions of ``source`` that this cache lacks, each row checked."""
            for text_key, value in source._text_rows("region_values", "value of region"):
                region, gid = source._region(text_key, value)
                mine = self._lookup(region)
                if mine is None:
                    yield region, gid, text_key, value
                elif mine != gid:
                    raise disagree(f"the value of region {text_key}", str(cgt.Game.from_id(mine)), value)

        def new_results(table: str, what: str) -> Iterator[tuple[str, str]]:
            """The results of ``source``'s ``table`` that this cache lacks or holds with less
            work, each row checked."""
            for key, result in source._text_rows(table, what):
                wins, work = source._result(table, key, result)
                if work < min_work:
                    continue
                mine_text = self._stored_result(table, key, what)
                if mine_text is None:
                    yield key, result
                    continue
                my_wins, my_work = self._result(table, key, mine_text)
                if my_wins != wins:
                    raise disagree(f"the {what} {key!r}", mine_text, result)
                if work > my_work:
                    yield key, result

        tables = (("proofs", "proof"), ("wins", "result of position"))
        # 1. read and check everything, keeping nothing (a campaign's file holds tens of
        # millions of rows): a disagreement raises before anything is written
        for _ in new_regions():
            pass
        for table, what in tables:
            for _ in new_results(table, what):
                pass
        # 2. write them, read and checked again as they are written: into the file in one
        # transaction (undone if a row changed since proves wrong), or into memory once all are read
        if self._db is not None:
            self.flush()
            counted: dict[str, int] = dict.fromkeys(added, 0)
            in_memory: dict[str, list[tuple[str, str]]] = {"proofs": [], "wins": []}

            def rows(found: Iterator[tuple[str, str]], table: str) -> Iterator[tuple[str, str, str]]:
                kept = self._proofs if table == "proofs" else self._wins
                for k, r in found:
                    counted[table] += 1
                    if k in kept:
                        in_memory[table].append((k, r))
                    yield k, r, _check(k, r)

            def region_rows() -> Iterator[tuple[str, str, str]]:
                for _, _, k, v in new_regions():
                    counted["regions"] += 1
                    yield k, v, _check(k, v)
            with self._lock:
                try:
                    with self._db:
                        self._db.executemany("INSERT OR REPLACE INTO region_values VALUES (?, ?, ?)", region_rows())
                        for table, what in tables:
                            self._db.executemany(f"INSERT OR REPLACE INTO {table} VALUES (?, ?, ?)",
                                                 rows(new_results(table, what), table))
                except sqlite3.Error as exc:
                    raise self._damaged(str(exc)) from None
            for table, updated in in_memory.items():
                (self._proofs if table == "proofs" else self._wins).update(updated)
            added.update(counted)
        else:
            regions = list(new_regions())
            results = {table: list(new_results(table, what)) for table, what in tables}
            for region, gid, _, _ in regions:
                self.put(region, gid)
            for table, found in results.items():
                kept = self._proofs if table == "proofs" else self._wins
                for k, r in found:
                    self._keep(kept, [], k, r)
            added.update(regions=len(regions), proofs=len(results["proofs"]), wins=len(results["wins"]))
        if any(added.values()):
            self.edition += 1
        return added

    def close(self) -> None:
        """Flush and close the file."""
        if self._db is not None:
            self.flush()
            self._db.close()
            self._db = None

    # -- lookups (ids of cgt games, see cgt.ops)
    def _lookup(self, key: Key) -> int | None:
        """The value id of a region, from memory or else from the file; no counting."""
        gid = self._values.get(key)
        if gid is None and self._db is not None:
            gid = self._load(key)
            if gid is not None:
                self._values[key] = gid
        return gid

    def get(self, key: Key) -> int | None:
        """The value id of the normalised region ``key``, or None; counted in :attr:`hits`, :attr:`misses`."""
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

    def put(self, key: Key, gid: int) -> None:
        """Store the value id ``gid`` of the normalised region ``key``."""
        if self._values.get(key) == gid:
            return
        self._trim()
        self._values[key] = gid
        if self._db is not None:
            text_key, value = _text_key(key), str(cgt.Game.from_id(gid))
            self._pending.append((text_key, value, _check(text_key, value)))
            if len(self._pending) >= self.COMMIT_EVERY:
                self.flush()

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        """Forget the in-memory values and proofs (the file, if any, is kept)."""
        self._values.clear()
        self._proofs.clear()
        self._wins.clear()
        self._raw.clear()
        self.hits = self.misses = 0

    def info(self) -> dict[str, Any]:
        """Sizes and hit statistics.

        ``"regions"``, ``"positions"``, ``"proofs"`` and ``"wins"`` are held in memory;
        ``"stored"``, ``"stored_proofs"`` and ``"stored_wins"`` are the rows of the file (None
        without one).

        Examples
        --------
        >>> sorted(konane.RegionCache().info())
        ['file', 'hits', 'misses', 'positions', 'proofs', 'regions', 'stored', 'stored_proofs', 'stored_wins', 'wins']
        """
        stored = stored_proofs = stored_wins = None
        if self._db is not None:
            self.flush()
            stored = self._db.execute("SELECT COUNT(*) FROM region_values").fetchone()[0]
            stored_proofs = self._db.execute("SELECT COUNT(*) FROM proofs").fetchone()[0]
            stored_wins = self._db.execute("SELECT COUNT(*) FROM wins").fetchone()[0]
        return {"regions": len(self._values), "positions": len(self._raw), "proofs": len(self._proofs),
                "wins": len(self._wins), "hits": self.hits, "misses": self.misses, "file": self.path,
                "stored": stored, "stored_proofs": stored_proofs, "stored_wins": stored_wins}

    def __repr__(self) -> str:
        where = f"{self.path!r}" if self.path else "memory"
        return f"<RegionCache {where}: {len(self._values)} regions, {self.hits} hits, {self.misses} misses>"


_DEFAULT = RegionCache()
#: The file caches opened by path (:func:`as_cache`), the most recently used last; at most
#: :data:`MAX_OPEN_FILES` stay open (each holds an SQLite connection, three file descriptors
#: in WAL mode), the least recently used is flushed and closed first.
_FILE_CACHES: OrderedDict[str, RegionCache] = OrderedDict()
MAX_OPEN_FILES = 16


def default_cache() -> RegionCache:
    """The in-memory cache of the Python solver that :func:`konane.value` uses when none is given.

    Where the native core is built, :func:`konane.value` with no ``cache=``
    runs the native solver instead, whose tables :func:`cache_info` reports;
    a :class:`RegionCache` in memory only is always the Python solver's, and
    a file cache is shared by both (the native solver where it takes the
    board).

    Examples
    --------
    >>> konane.default_cache() is konane.default_cache()
    True
    """
    return _DEFAULT


def as_cache(cache: Any) -> RegionCache:
    """The cache a ``cache=`` argument designates: None is :func:`default_cache`, a
    path is a :class:`RegionCache` on that file (one per file and process; at most
    :data:`MAX_OPEN_FILES` stay open, the least recently used is flushed and closed first).

    Raises
    ------
    CacheTypeError
        If ``cache`` is not None, a :class:`RegionCache`, a str or a path.
    CacheFileError
        If the file is not a value cache.

    Examples
    --------
    >>> from konane.cache import as_cache
    >>> as_cache(None) is konane.default_cache()
    True
    >>> as_cache(42)
    Traceback (most recent call last):
    ...
    konane.errors.CacheTypeError: cache must be None, a konane.RegionCache or a file path, not 42 (int)
    """
    if cache is None:
        return _DEFAULT
    if isinstance(cache, RegionCache):
        return cache
    if isinstance(cache, (str, os.PathLike)):
        path = os.path.abspath(os.fspath(cache))
        c = _FILE_CACHES.get(path)
        if c is None:
            c = _FILE_CACHES[path] = RegionCache(path)
            while len(_FILE_CACHES) > MAX_OPEN_FILES:
                _, oldest = _FILE_CACHES.popitem(last=False)
                oldest.close()
        else:
            _FILE_CACHES.move_to_end(path)
        return c
    raise CacheTypeError(f"cache must be None, a konane.RegionCache or a file path, not {describe(cache)}")


def cache_info() -> dict[str, Any]:
    """Sizes of the caches of :mod:`konane` in this process.

    ``"default"``: :meth:`RegionCache.info` of the default cache (the Python
    solver's); ``"native"``: the sizes of the native solver's tables
    (``"positions"``, ``"regions"``, ...), or ``None`` where the native core
    is not in use; ``"footprints"``: the caches of the groups' footprints of
    ``konane._kernel.footprint.footprint_region_masks``, ``"python"`` and
    ``"native"`` (``None`` without the native core), each with its
    ``"entries"``, ``"max_entries"``, ``"hits"`` and ``"misses"``.

    Examples
    --------
    >>> info = konane.cache_info(); sorted(info)
    ['default', 'footprints', 'native']
    >>> sorted(info["footprints"]["python"])
    ['entries', 'hits', 'max_entries', 'misses']
    """
    info = {"default": _DEFAULT.info(), "native": native.value_info()}
    info.update(registry.info_all())
    return info


def clear_caches() -> None:
    """Empty the caches of :mod:`konane` in this process.

    The default region cache and the in-memory tables of the file caches
    opened by path are emptied (the files keep their values), and the tables
    of cell shapes, the native solver's tables, the outcome searches' tables
    and the caches of footprints are dropped.  A :class:`RegionCache` of one's own is emptied by its
    :meth:`~RegionCache.clear`.  The engine's caches are
    :func:`cgt.clear_caches`'s.

    Examples
    --------
    >>> konane.value("..ox") == 1
    True
    >>> konane.clear_caches(); len(konane.default_cache())
    0
    """
    _DEFAULT.clear()
    for c in _FILE_CACHES.values():
        c.clear()
    clear_tables()
    native.clear()
    registry.clear_all()
