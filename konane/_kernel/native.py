"""The native door: the one module of :mod:`konane` that calls the native core.

The Rust crate (``src/konane/``, bound in ``src/python/``) computes what the Python kernels
of this folder compute, on the native engine's table of games, so its ids are those of
:mod:`cgt.ops` when ``cgt.backend == "native"`` and meaningless otherwise: :func:`available`
says whether it can be used, and :func:`takes` whether it takes a board of a given shape.
Every kernel of :mod:`konane._kernel` asks here and falls back to its own Python reference
where the answer is no.

Calls are uniform: a position is one value, the :data:`Position` ``(rows, cols, cells,
black, white)`` (:attr:`konane.Board.key`: masks in the board layout of
:mod:`konane._kernel.bitboard`), the rules one flag, ``multi_jump``, and a ``check``
callable, if given, is called with counts of work every few thousand units; what it raises
(:class:`konane.ComputationLimitError`, ``KeyboardInterrupt``) stops the kernel, which leaves
its tables holding only finished results, and propagates.  ``max_bytes``, if given, is the
memory budget of a call: the bytes the process may grow by while it runs; a table that
would grow past it, or that the system refuses, stops the
kernel with :class:`cgt.errors.CGTMemoryError` (a ``MemoryError``, which
:func:`konane._progress.computation` reports as the limit error), never an abort.

The kernels run with the GIL released, one at a time on the engine's table: calls from
several threads wait in turn (and other Python threads run meanwhile); a call from a
callback of a computation on its own thread (its check, a signal handler) is refused
with a ``RuntimeError``.

The native core checks every position and orients it once (``src/python/board.rs``,
``src/konane/board.rs``): a board that does not fit its 128-bit layout but whose transpose
does is computed transposed, and what comes back (a move, regions) is mapped back to the
board as given.  The rule of which boards fit is the native core's (``konane_fits``); a
board it refuses is a ``ValueError`` saying why.

The native core is reached through :data:`cgt.ops.NATIVE`, typed by the stub
``cgt/_native.pyi``, so mypy checks every call made here; its ``API_VERSION`` is checked
once, and a build of another version (an extension left from older sources) is said as a
:class:`cgt.errors.BackendWarning` and not used.
"""

from __future__ import annotations

import functools
import itertools
import os
import warnings
from array import array
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

import cgt
from cgt.errors import BackendWarning

__all__: list[str] = []          # private: the kernels import the names they need

API_VERSION = 4
"""The version of the native core's surface that this module calls (its ``API_VERSION``)."""

Position = tuple[int, int, int, int, int]
"""``(rows, cols, cells, black, white)``: a position as the native kernels take it."""

Check = Callable[[int], object] | None
"""A kernel's check callback: called with counts of work; what it raises stops the kernel."""

# The play kernel's answer: (move as (from bit, to bit) or None, score, depth, nodes, stopped,
# proven: True a win, False a loss, None not proved).
Answer = tuple[tuple[int, int] | None, int, int, int, bool, bool | None]


def _current(core: Any) -> bool:
    """Whether the native core ``core`` (None where it is not built: the Python kernels are
    used) is of this module's version; a stale build is said once, as
    :class:`cgt.errors.BackendWarning`, and its Konane kernels are not used."""
    if core is None:
        return False
    version = getattr(core, "API_VERSION", None)
    if version == API_VERSION:
        return True
    warnings.warn(BackendWarning(
        f"the native core is a stale build (its API version is {version}, konane needs {API_VERSION}): "
        "the Konane kernels run in Python; rebuild it (pip install -e . in a checkout, or reinstall the "
        "package)"), stacklevel=2)
    return False


_ext = cgt.ops.NATIVE            # typed by the stub cgt/_native.pyi: mypy checks every call below
_LOADED = _current(_ext)

_threads: int | None = None      # set_threads; None: default_threads()

#: The most threads the value solver uses by default (its two halves: the walk and the
#: valuation); more (helpers walking beside the walk) only when asked, see :func:`value_threads`.
VALUE_THREADS = 2


@functools.cache
def default_threads() -> int:
    """The threads a native computation uses by default: the processors this process may run
    on (read once: each call asks for it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:       # not on Linux
        return os.cpu_count() or 1


def threads(n: int | None = None) -> int:
    """The threads a native computation may use: ``n`` (a call's ``threads=``), else the
    setting of :func:`set_threads`, else :func:`default_threads`."""
    if n is not None:
        return n
    return default_threads() if _threads is None else _threads


def value_threads(n: int | None = None) -> int:
    """The threads of the value solver: ``n`` (a call's ``threads=``), else the setting of
    :func:`set_threads`, else :func:`default_threads` up to :data:`VALUE_THREADS` (three
    threads or more, measured so far on two processors only, are not a default)."""
    if n is None:
        n = _threads
    return min(default_threads(), VALUE_THREADS) if n is None else n


def set_threads(n: int | None) -> None:
    """Set the threads of the native computations (:func:`konane.set_threads` checks ``n``)."""
    global _threads
    _threads = n


def loaded() -> bool:
    """Whether the native core is built, of this module's version (its census helpers and
    footprints work on plain integers and masks, so on any backend)."""
    return _LOADED


def available() -> bool:
    """Whether the native core is built and its ids are those of :mod:`cgt.ops`."""
    return _LOADED and cgt.backend == "native"


def takes(rows: int, cols: int) -> bool:
    """Whether the native kernels are :func:`available` and take a ``rows x cols`` board (itself
    or its transpose: the rule is the native core's, ``konane_fits``)."""
    return available() and _ext.konane_fits(rows, cols)


# ---------------------------------------------------------------- values

def value(position: Position, multi_jump: bool, check: Check = None, max_bytes: int | None = None,
          n_threads: int | None = None) -> int:
    """The id (in :mod:`cgt.ops`) of the value of ``position``; ``check`` is called with the
    number of positions computed from their options, every 4096 of them and once at the end;
    the process grows by at most ``max_bytes`` while it runs; on :func:`value_threads` threads."""
    return _ext.konane_value(position, multi_jump, check, value_threads(n_threads), max_bytes)


#: A region value as the native solver gives and takes it: ``(multi, stride, cells, black,
#: white, id)``, the region in its normal form (:func:`konane._kernel.bitboard.normal_form`).
RegionValue = tuple[bool, int, int, int, int, int]


def new_regions() -> list[RegionValue]:
    """The finished values of the regions the value solver valued since the last call (the
    first call, and the first after :func:`clear`: every region of its table)."""
    return _ext.konane_value_new_regions()


_T = TypeVar("_T")

#: The rows given to the native core at a time by :func:`put_regions` and :func:`put_results`
#: (a file of a campaign holds tens of millions: a list of them all took gigabytes).
PUT_SLICE = 50_000


def _slices(rows: Iterable[_T]) -> Iterator[list[_T]]:
    """``rows`` in lists of at most :data:`PUT_SLICE`."""
    it = iter(rows)
    while chunk := list(itertools.islice(it, PUT_SLICE)):
        yield chunk


def put_regions(regions: Iterable[RegionValue]) -> int:
    """Give the value solver's region table values computed before (normal forms only;
    those it has are left), a slice at a time; the number it did not have."""
    return sum(_ext.konane_value_put_regions(chunk) for chunk in _slices(regions))


def value_info() -> dict[str, int] | None:
    """Sizes of the value solver's tables and its counters (``piped``: the calls whose
    valuation went to a second thread), or None where the native core is not in use."""
    if not available():
        return None
    positions, regions, computed, hits, misses, piped = _ext.konane_value_info()
    return {"positions": positions, "regions": regions, "computed": computed, "hits": hits, "misses": misses,
            "piped": piped}


# ---------------------------------------------------------------- win/loss

def wins(position: Position, black_to_move: bool, multi_jump: bool, check: Check = None,
         max_bytes: int | None = None, n_threads: int | None = None) -> tuple[bool, int, int]:
    """``(wins, nodes, settled)``: whether the side to move wins ``position``, with the nodes
    expanded (by every thread) and those settled by region values; ``check`` is called with
    counts of nodes; the process grows by at most ``max_bytes`` while it runs; on
    ``n_threads`` threads sharing the search's tables (see :func:`threads`)."""
    return _ext.konane_wins(position, black_to_move, multi_jump, check, max_bytes, threads(n_threads))


def wins_known(position: Position, black_to_move: bool, multi_jump: bool,
               max_bytes: int | None = None) -> bool | None:
    """Whether the side to move wins ``position`` where the win/loss search knows it without
    searching (its small regions' values settle it, or its table holds it), else None."""
    return _ext.konane_wins_known(position, black_to_move, multi_jump, max_bytes)


#: A node of a proof as the native search gives it: ``(black, white, black_to_move, regions,
#: moves)``, ``regions`` the ``(cells, black, white)`` masks of a leaf settled by values,
#: ``moves`` the ``(from, to, child)`` kept (bit indices of the board, a node's index), both
#: None where the player to move has no move.
ProofNode = tuple[int, int, bool, "list[tuple[int, int, int]] | None", "list[tuple[int, int, int]] | None"]


class ProofTree(Protocol):
    """The nodes of a proof (:func:`wins_proof`), held by the native core until they are read
    in slices (a proof of millions of nodes made Python tuples at once would take several
    times their memory)."""

    def __len__(self) -> int: ...

    def nodes(self, start: int, stop: int) -> list[ProofNode]:
        """The nodes ``start`` to ``stop`` (excluded; clipped to the tree)."""


def wins_proof(position: Position, black_to_move: bool, black_wins: bool, multi_jump: bool, leaf_stones: int,
               check: Check = None, max_bytes: int | None = None) -> ProofTree:
    """The proof tree that Black (if ``black_wins``, else White) wins ``position``, read from
    the search's tables (searching again where they do not say it): its nodes, each after
    those it names, the root last; a leaf settled by values is one whose regions have at
    most ``leaf_stones`` stones.  A ``RuntimeError`` where the player said to win has no
    winning move."""
    return _ext.konane_wins_proof(position, black_to_move, black_wins, multi_jump, leaf_stones, check, max_bytes)


#: A proved result as the native search gives and takes it: ``(multi, stride, cells, me,
#: en, g, wins, work)``, the node in the search's normal form, ``me`` to move, ``g`` an id.
ProvedResult = tuple[bool, int, int, int, int, int, bool, int]


def new_results() -> list[ProvedResult]:
    """The results the win/loss search proved since the last call that took at least its
    ``KEEP_WORK`` nodes (the first call, and the first after :func:`clear`: all such results
    of its table)."""
    return _ext.konane_wins_new_results()


def put_results(results: Iterable[ProvedResult]) -> int:
    """Give the win/loss search's table results proved before, a slice at a time; the number
    it did not have (a ``ValueError`` for a node not in its normal form: the slices before it
    are given)."""
    return sum(_ext.konane_wins_put_results(chunk) for chunk in _slices(results))


def wins_info() -> dict[str, int] | None:
    """Size of the win/loss search's transposition table and its counters, or None."""
    if not available():
        return None
    entries, positions, settled = _ext.konane_wins_info()
    return {"entries": entries, "positions": positions, "settled": settled}


def wins_configure(small: int | None = None, max_entries: int | None = None,
                   proof_numbers: bool | None = None, split: str | None = None,
                   deep: int | None = None) -> tuple[int, int, bool, str, int]:
    """Set the stone threshold of the regions the native win/loss search settles by their values,
    the entries of its transposition table past which the cheapest results are dropped,
    whether it searches by proof numbers (df-pn), how it splits a node into regions
    (``"reach"``, ``"footprint"``, ``"footprint-always"``) and deep df-pn's ``D`` in percent
    of the root's stones (0: plain df-pn), each if given (for tests and measurements: the
    results do not depend on them); returns the previous
    ``(small, max_entries, proof_numbers, split, deep)``."""
    return _ext.konane_wins_configure(small, max_entries, proof_numbers, split, deep)


# ---------------------------------------------------------------- the player's search

def play(position: Position, black_to_move: bool, multi_jump: bool, time: float | None, max_nodes: int | None,
         max_depth: int | None, seed: int | None) -> Answer:
    """The player's search (iterative-deepening alpha-beta under a budget) of ``position``;
    the move is in the layout of ``position``."""
    return _ext.konane_play(position, black_to_move, multi_jump, time, max_nodes, max_depth, seed)


# ---------------------------------------------------------------- the census

def census(rows: int, cols: int, multi_jump: bool, out: array[int], check: Check = None,
           max_bytes: int | None = None) -> int:
    """Fill ``out`` (an ``array('I')`` of ``2 ** (rows * cols)`` entries) with the ids of the
    values of every parity-consistent position of a ``rows x cols`` board, by code; returns
    the positions computed from their options; the process grows by at most ``max_bytes``
    while it runs."""
    return _ext.konane_census(rows, cols, multi_jump, out, check, max_bytes)


def census_summary(ids: array[int], cells: int) -> list[tuple[int, int, int]]:
    """``[(id, count, first code), ...]`` of a census table, smallest first code first."""
    return _ext.konane_census_summary(ids, cells)


def census_remap(src: array[int], table: array[int]) -> array[int]:
    """``array('I', (table[i] for i in src))``; IndexError for an entry past the table."""
    out = array("I", bytes(4)) * len(src)
    try:
        _ext.konane_census_remap(src, table, out)
    except ValueError as exc:
        raise IndexError(str(exc)) from None
    return out


# ---------------------------------------------------------------- footprints

def footprint_regions(position: Position, cached: bool = True) -> list[tuple[int, int, int]]:
    """The regions of ``konane._kernel.footprint.footprint_region_masks`` computed natively, as
    ``(cells, black, white)`` masks in the layout of ``position``; ``cached``: through the native
    footprint cache (the one the value solver's split uses), else every bound afresh."""
    return _ext.konane_footprint_regions(position, cached)


def footprint_cache_info() -> dict[str, int] | None:
    """The native footprint cache's ``entries``, ``max_entries``, ``hits`` and ``misses``, or None
    where the native core is not built (footprints are masks, not ids: any backend)."""
    if not loaded():
        return None
    entries, max_entries, hits, misses = _ext.konane_footprint_cache_info()
    return {"entries": entries, "max_entries": max_entries, "hits": hits, "misses": misses}


def clear() -> None:
    """Empty the tables of every native kernel (the engine's table of games is kept)."""
    if not _LOADED:
        return
    _ext.konane_value_clear()
    _ext.konane_wins_clear()
    _ext.konane_footprint_cache_clear()
