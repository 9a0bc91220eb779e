"""The native Konane solver (Rust, ``src/konane/``), when the extension module has it.

The one place where :mod:`konane` imports the native extension.  The native solver
computes the same values as :mod:`konane._solver` (the reference backend, which it is
tested against in ``tests/konane/test_native_solver.py``) on the native engine's table,
so its ids are those of :mod:`cgt.ops` when ``cgt.backend == "native"`` and meaningless
otherwise: :func:`available` says whether it can be used.

Boards are passed as the masks of :mod:`konane._bitboard` (board layout, stride
``cols + 1``); the native solver takes boards with ``rows * (cols + 1) <= 128``
(:func:`fits`; a board that does not fit but whose transpose does is transposed here).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

import cgt
from konane._bitboard import transform_mask, transform_shape
from konane.errors import KonaneValueError
from konane.rules import Rules

__all__: list[str] = []          # private: konane's own modules import the names they need

_ext: Any = None
try:
    _ext = cgt.ops.engine("native")
except cgt.BackendError:         # not built (no Rust toolchain): the Python solver is used
    pass

TRANSPOSE = 5                    # a diagonal reflection: swaps rows and columns

_threads: int | None = None      # set_threads; None: default_threads()


@functools.cache
def default_threads() -> int:
    """The threads the native value solver uses by default: 2 where this process may run
    on two processors or more, else 1 (read once: each value call asks for it)."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:       # not on Linux
        n = os.cpu_count() or 1
    return 2 if n >= 2 else 1


def threads() -> int:
    """The threads the native value solver may use now (see :func:`set_threads`)."""
    return default_threads() if _threads is None else _threads


def set_threads(n: int | None) -> None:
    """Set the threads of the native value solver (see :func:`konane.set_threads`, which
    checks ``n``)."""
    global _threads
    _threads = None if n is None else min(n, 2)


def available() -> bool:
    """Whether the native solver is there and its ids are those of :mod:`cgt.ops`."""
    return _ext is not None and hasattr(_ext, "konane_value") and cgt.backend == "native"


def fits(rows: int, cols: int) -> bool:
    """Whether the native solver takes a ``rows x cols`` board (itself or transposed)."""
    return rows >= 1 and cols >= 1 and min(rows, cols) * (max(rows, cols) + 1) <= 128


def oriented(rows: int, cols: int, masks: tuple[int, ...], what: str
             ) -> tuple[int, int, tuple[int, ...], bool]:
    """A ``rows x cols`` position's masks in the layout the native kernels take.

    Returns ``(rows, cols, masks, transposed)``: the board itself where it fits as it is, else
    its transpose (which keeps values and outcomes; a move found on it maps back by
    :data:`TRANSPOSE`, an involution).  ``what`` names the kernel in the error.

    Raises
    ------
    KonaneValueError
        If neither the board nor its transpose fits (:func:`fits`).
    """
    if not fits(rows, cols):
        raise KonaneValueError(f"a {rows}x{cols} board does not fit the native {what} "
                               "(min(rows, cols) * (max(rows, cols) + 1) must be at most 128)")
    if rows * (cols + 1) <= 128:
        return rows, cols, masks, False
    trows, tcols = transform_shape(rows, cols, TRANSPOSE)
    return trows, tcols, tuple(transform_mask(rows, cols, TRANSPOSE, m) for m in masks), True


def native_value(rows: int, cols: int, cells: int, black: int, white: int, rules: Rules,
                 check: Callable[[int], object] | None = None) -> int:
    """The id (in :mod:`cgt.ops`) of the value of a position given by its masks.

    ``cells``, ``black`` and ``white`` are in the board layout of a ``rows x cols``
    board (:mod:`konane._bitboard`).  ``check``, if given, is called with the number of
    positions computed from their options since its last call: every 4096 of them, and
    once at the end with the rest (none if nothing was computed).  :func:`konane.value`
    passes the ``tick`` of its :class:`konane._progress.Progress`, which shows the bar and
    checks ``max_positions`` and ``max_memory`` as for the Python solver.

    Raises
    ------
    KonaneValueError
        If the board does not fit (:func:`fits`).
    ValueError
        If the masks are not a position (stones off the board or on one cell).
    Exception
        Whatever ``check`` raises (:class:`konane.errors.ComputationLimitError` from a
        limit) stops the computation and propagates; the solver's tables keep only what
        was finished.
    KeyboardInterrupt
        On Ctrl-C (checked through the engine's interrupt hook, or raised in ``check``);
        the tables stay valid.
    """
    if not available():
        raise RuntimeError("the native Konane solver is not available (see konane._native.available)")
    rows, cols, (cells, black, white), _ = oriented(rows, cols, (cells, black, white), "solver")
    gid: int = _ext.konane_value(rows, cols, cells, black, white, rules.multi_jump, check, threads())
    return gid


def info() -> dict[str, int]:
    """Sizes of the native solver's tables and its counters (``piped``: the calls whose
    valuation went to a second thread)."""
    positions, regions, computed, hits, misses, piped = _ext.konane_info()
    return {"positions": positions, "regions": regions, "computed": computed, "hits": hits, "misses": misses,
            "piped": piped}


def clear() -> None:
    """Empty the native value solver's and outcome search's tables (if they are there)."""
    if _ext is not None and hasattr(_ext, "konane_clear"):
        _ext.konane_clear()
    search_clear()


# ---------------------------------------------------------------- the outcome search

def search_available() -> bool:
    """Whether the native win/loss search (``src/konane/search.rs``) is there and usable."""
    return available() and hasattr(_ext, "konane_search_wins")


def native_wins(rows: int, cols: int, cells: int, black: int, white: int, black_to_move: bool,
                rules: Rules, check: Callable[[int], object] | None = None) -> tuple[bool, int, int]:
    """``(wins, positions, settled)``: whether the side to move wins the position given by
    its masks (board layout of a ``rows x cols`` board), by the native search, with the
    nodes it expanded and the nodes it settled by region values.

    ``check``, if given, is called with counts of nodes (and of positions of region
    values) every few thousand of them; what it raises stops the search and propagates
    (the transposition table keeps only proved results).  Boards that do not fit but
    whose transpose does are transposed here, as for :func:`native_value`.
    """
    if not search_available():
        raise RuntimeError("the native search is not available (see konane._native.search_available)")
    rows, cols, (cells, black, white), _ = oriented(rows, cols, (cells, black, white), "search")
    won, positions, settled = _ext.konane_search_wins(rows, cols, cells, black, white, black_to_move,
                                                      rules.multi_jump, check)
    return bool(won), int(positions), int(settled)


def search_info() -> dict[str, int]:
    """Size of the native search's transposition table and its counters."""
    entries, positions, settled = _ext.konane_search_info()
    return {"entries": entries, "positions": positions, "settled": settled}


def search_clear() -> None:
    """Empty the native search's tables (if it is there)."""
    if _ext is not None and hasattr(_ext, "konane_search_clear"):
        _ext.konane_search_clear()


def search_configure(small: int | None = None, max_entries: int | None = None,
                     proof_numbers: bool | None = None) -> tuple[int, int, bool]:
    """Set the stone threshold of the regions the native search settles by their values and
    the number of entries of its transposition table past which the cheapest results are
    dropped, and whether it searches by proof numbers (df-pn) instead of depth-first, each if
    given (for tests and measurements: the results do not depend on them); returns the
    previous ``(small, max_entries, proof_numbers)``."""
    old: tuple[int, int, bool] = _ext.konane_search_configure(small, max_entries, proof_numbers)
    return old


def search_set_small(stones: int) -> int:
    """Set the stone threshold of the native search (:func:`search_configure`); returns the previous one."""
    return search_configure(small=stones)[0]
