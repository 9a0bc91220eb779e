"""Typed stub of the extension module ``cgt._native``, the native core (Rust, ``src/python/``).

Three parts: the native backend of :mod:`cgt.ops` (the engine functions, on the
process's one table of canonical games, named by int ids), :class:`GameBase` (the base
of :class:`cgt.Game` on that backend), and the Konane kernels that ``konane._kernel.native``
wraps.  A kernel takes a position as one :data:`Board`, exactly ``konane.Board.key``.

The Python packages are the API: these functions take and return ids, masks and small
tuples, and their errors are those of :mod:`cgt.errors` (engine; a table that could not
grow within a kernel's ``max_bytes``, or that the system refused, is
:class:`cgt.errors.CGTMemoryError`) or ``ValueError`` / ``TypeError`` (a bad board).

Threads: the Konane kernels run with the GIL released (other Python threads run meanwhile)
and one at a time on the engine's table; a call from another thread waits for the one in
progress, and a call from a callback of a computation on its own thread (its check, a
signal handler) is refused with a ``RuntimeError`` (the engine's: a ``CGTError``).
"""

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Final, Self, TypeAlias

from typing_extensions import Buffer

API_VERSION: Final[int]
"""The version of this surface (3: the kernels take a :data:`Board`, a memory budget
``max_bytes``, and run with the GIL released; 4: the search says what its tables know,
:func:`konane_wins_known`); ``konane._kernel.native`` checks it, so that a
stale build is told apart."""

Board: TypeAlias = tuple[int, int, int, int, int]
"""``(rows, cols, cells, black, white)``, as ``konane.Board.key``: the masks are ints in
the board layout (bit ``r * (cols + 1) + c`` is cell ``(r, c)``).  The kernels take a board
when it or its transpose has ``rows * (cols + 1) <= 128`` (:func:`konane_fits`); a bad
board is a ``TypeError`` (not a tuple of five ints) or a ``ValueError`` saying what is
wrong."""

Check: TypeAlias = Callable[[int], object]
"""A kernel's check callable: called with a count of the work done since its last call;
what it raises stops the kernel (whose tables stay valid) and propagates."""

# ---------------------------------------------------------------- the engine (cgt.ops)

ZERO: Final[int]

def canonical(left_ids: Iterable[int], right_ids: Iterable[int]) -> int: ...
def add(g: int, h: int) -> int: ...
def neg(g: int) -> int: ...
def leq(g: int, h: int) -> bool: ...
def left_options(g: int) -> tuple[int, ...]: ...
def right_options(g: int) -> tuple[int, ...]: ...
def nus_id(x: int | Fraction, n: int | None = None, m: int | None = None) -> int: ...
def nus(g: int) -> tuple[Fraction, int, int] | None: ...
def is_number(g: int) -> bool: ...
def number_value(g: int) -> Fraction | None: ...
def stops(g: int) -> tuple[Fraction, Fraction]: ...
def birthday(g: int) -> int: ...
def cache_info() -> dict[str, int]: ...
def clear_caches() -> None: ...

class GameBase:
    """The base of ``cgt.Game`` on the native backend: a game's id, with ``+`` and ``-``."""

    def __new__(cls, gid: int) -> Self: ...
    def __add__(self, other: object) -> Any: ...
    def __radd__(self, other: object) -> Any: ...
    def __sub__(self, other: object) -> Any: ...
    def __rsub__(self, other: object) -> Any: ...
    def __neg__(self) -> Any: ...

def game_register(object: Callable[[int], Any], add: Callable[[Any, Any], Any],
                  sub: Callable[[Any, Any], Any], rsub: Callable[[Any, Any], Any]) -> None: ...

# ---------------------------------------------------------------- the Konane kernels

def konane_fits(rows: int, cols: int) -> bool:
    """Whether the kernels take a ``rows x cols`` board (itself or transposed)."""

def konane_value(board: Board, multi_jump: bool, check: Check | None = None, threads: int = 1,
                 max_bytes: int | None = None) -> int:
    """The id of the value of ``board``; ``check`` is called every 4096 positions computed;
    the process grows by at most ``max_bytes`` meanwhile (else :class:`cgt.errors.CGTMemoryError`)."""

def konane_value_new_regions() -> list[tuple[bool, int, int, int, int, int]]:
    """``(multi, stride, cells, black, white, id)`` of the regions valued since the last call."""

def konane_value_put_regions(regions: list[tuple[bool, int, int, int, int, int]]) -> int:
    """Give the region table these values; the number it did not have."""

def konane_value_info() -> tuple[int, int, int, int, int, int]:
    """``(positions, regions, computed, hits, misses, piped)`` of the value solver."""

def konane_value_clear() -> None: ...

def konane_wins(board: Board, black_to_move: bool, multi_jump: bool,
                check: Check | None = None, max_bytes: int | None = None,
                threads: int = 1) -> tuple[bool, int, int]:
    """``(won, positions, settled)``: whether the player to move wins ``board``."""

def konane_wins_known(board: Board, black_to_move: bool, multi_jump: bool,
                      max_bytes: int | None = None) -> bool | None:
    """Whether the player to move wins ``board`` where the search's tables know it, else None."""

def konane_wins_proof(board: Board, black_to_move: bool, black_wins: bool, multi_jump: bool, leaf_stones: int,
                      check: Check | None = None, max_bytes: int | None = None) -> ProofTree:
    """The nodes of the proof that the given player wins ``board``, the root last."""

class ProofTree:
    """The nodes of a proof, read in slices."""
    def __len__(self) -> int: ...
    def nodes(self, start: int, stop: int) -> list[tuple[int, int, bool, list[tuple[int, int, int]] | None,
                                                         list[tuple[int, int, int]] | None]]:
        """The nodes ``start`` to ``stop`` (excluded; clipped to the tree)."""

def konane_wins_new_results() -> list[tuple[bool, int, int, int, int, int, bool, int]]:
    """``(multi, stride, cells, me, en, g, wins, work)`` of the results proved since the last call."""

def konane_wins_put_results(results: list[tuple[bool, int, int, int, int, int, bool, int]]) -> int:
    """Give the transposition table these results; the number it did not have."""

def konane_wins_info() -> tuple[int, int, int]:
    """``(entries, positions, settled)`` of the win/loss search."""

def konane_wins_configure(small: int | None = None, max_entries: int | None = None,
                          proof_numbers: bool | None = None, split: str | None = None,
                          deep: int | None = None) -> tuple[int, int, bool, str, int]:
    """Set what is given; returns the previous ``(small, max_entries, proof_numbers, split, deep)``."""

def konane_wins_clear() -> None: ...

def konane_play(board: Board, black_to_move: bool, multi_jump: bool, time: float | None = None,
                max_nodes: int | None = None, max_depth: int | None = None, seed: int | None = None,
                ) -> tuple[tuple[int, int] | None, int, int, int, bool, bool | None]:
    """The player's search: ``(move, score, depth, nodes, stopped, proven)``, ``move`` as
    ``(from_bit, to_bit)`` in the layout of ``board`` or None (no move)."""

def konane_census(rows: int, cols: int, multi_jump: bool, out: Buffer, check: Check | None = None,
                  max_bytes: int | None = None) -> int:
    """Fill ``out`` (``2^(rows * cols)`` u32) with the value ids of every code; returns the
    positions computed."""

def konane_census_summary(table: Buffer, cells: int) -> list[tuple[int, int, int]]:
    """``[(id, count, first), ...]`` of a census table."""

def konane_census_remap(src: Buffer, table: Buffer, out: Buffer) -> None:
    """``out[i] = table[src[i]]`` (buffers of u32)."""

def konane_footprint_regions(board: Board, cached: bool = True) -> list[tuple[int, int, int]]:
    """The regions ``(cells, black, white)`` of the footprint split, in the layout of ``board``."""

def konane_footprint_cache_info() -> tuple[int, int, int, int]:
    """``(entries, capacity, hits, misses)`` of the process's footprint cache."""

def konane_footprint_cache_clear() -> None: ...
