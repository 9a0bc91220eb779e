"""The census on codes: the values of every parity-consistent position of a rectangle.

:func:`census_ids` sends a board to the native census (``src/konane/census.rs``, through
:mod:`konane._kernel.native`) where it is built, else to :func:`python_census`, the reference
dynamic program (the same ids: they are tested against each other).  Codes and the order of
the computation are described in :mod:`konane.censuses`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import cgt
from cgt import ops
from konane._calls import describe
from konane._kernel import native
from konane._kernel.bitboard import capture_steps, checker_mask, grid_symmetries, relayout, transform_rc
from konane._progress import Progress
from konane.errors import SearchError, SearchTypeError
from konane.rules import Rules

__all__: list[str] = []          # private: konane's own modules import the names they need

#: The id of a code not computed yet in :func:`python_census`'s table.
_UNSET = 0xFFFFFFFF

#: The relations of :func:`relation_test` (``konane.censuses.RELATIONS``).
RELATIONS = ("=", ">=", "<=", ">", "<", "||")


def relation_test(relation: Any, target: Any) -> Callable[[int], bool]:
    """A test on value ids: does the value stand in ``relation`` with ``target``?

    Raises SearchTypeError / SearchError for a bad relation, cgt's errors for a
    target that is not a game."""
    if not isinstance(relation, str):
        raise SearchTypeError(f"relation must be a str such as '>=', not {describe(relation)}")
    if relation not in RELATIONS:
        raise SearchError(f"unknown relation {relation!r}: expected one of "
                          + ", ".join(repr(r) for r in RELATIONS))
    t = cgt.as_game(target).id
    leq = ops.leq
    tests: dict[str, Callable[[int], bool]] = {
        "=": lambda g: g == t,
        ">=": lambda g: g == t or leq(t, g),
        "<=": lambda g: g == t or leq(g, t),
        ">": lambda g: g != t and leq(t, g),
        "<": lambda g: g != t and leq(g, t),
        "||": lambda g: g != t and not leq(g, t) and not leq(t, g),
    }
    return tests[relation]


# ---------------------------------------------------------------- tables of a board size

def _black_cells(rows: int, cols: int) -> int:
    """The cells of Black's stones in ``Board.start(rows, cols)``, in code numbering."""
    return relayout(checker_mask(rows, cols), rows, cols, cols + 1, cols)


def _symmetries(rows: int, cols: int) -> list[tuple[list[int], bool]]:
    """The symmetries of the grid other than the identity (:mod:`konane._kernel.bitboard`'s
    numbering) as cell permutations in code numbering, each with whether it swaps
    the checkerboard colours; symmetries acting alike on the grid (on one row, the
    top-bottom mirror is the identity) are given once."""
    black = _black_cells(rows, cols)
    out = []
    seen = {tuple(range(rows * cols))}
    for k in grid_symmetries(rows, cols):
        perm = []
        for r in range(rows):
            for c in range(cols):
                r2, c2 = transform_rc(r, c, rows, cols, k)
                perm.append(r2 * cols + c2)
        if tuple(perm) in seen:
            continue
        seen.add(tuple(perm))
        swaps = {bool(black >> i & 1) != bool(black >> perm[i] & 1) for i in range(rows * cols)}
        assert len(swaps) == 1                          # a symmetry keeps adjacency
        out.append((perm, swaps.pop()))
    return out


def _chunk_tables(perm: list[int], lo_bits: int) -> tuple[list[int], list[int]]:
    """Two lookup tables giving the image of a code under a cell permutation:
    ``lo[code & (2**lo_bits - 1)] | hi[code >> lo_bits]``."""
    n = len(perm)
    tables = []
    for first, width in ((0, lo_bits), (lo_bits, n - lo_bits)):
        tab = [0] * (1 << width)
        for v in range(1, 1 << width):
            low = (v & -v).bit_length() - 1
            tab[v] = tab[v & (v - 1)] | (1 << perm[first + low])
        tables.append(tab)
    return tables[0], tables[1]


# ---------------------------------------------------------------- the computation

def python_census(rows: int, cols: int, multi: bool, progress: Progress) -> array[int]:
    """The value ids of all codes: the dynamic program described in :func:`konane.census`."""
    n = rows * cols
    size = 1 << n
    full = size - 1
    bmask = _black_cells(rows, cols)
    forward, backward = capture_steps(rows, cols, multi)
    lo_bits = (n + 1) // 2
    lo_mask = (1 << lo_bits) - 1
    syms = [_chunk_tables(perm, lo_bits) + (swaps,) for perm, swaps in _symmetries(rows, cols)]

    levels: list[array[int]] = [array("i") for _ in range(n + 1)]
    append = [a.append for a in levels]
    for code in range(size):
        append[code.bit_count()](code)

    unset = _UNSET
    vals = array("I", [unset]) * size
    canonical = ops.canonical
    neg = ops.neg
    zero = ops.ZERO
    deep = ops.deep
    chunk = 1 << 15
    for level in levels:
        for start in range(0, len(level), chunk):
            for code in level[start:start + chunk]:
                if vals[code] != unset:                 # the image of a computed code
                    continue
                empty = full ^ code
                black = code & bmask
                lefts: list[int] = []
                rights: list[int] = []
                for mine, opts in ((black, lefts), (code ^ black, rights)):
                    if not mine:
                        continue
                    for steps in forward:
                        src = mine
                        for valid, occ_shift, empty_shift, pattern in steps:
                            src &= valid & (code >> occ_shift) & (empty >> empty_shift)
                            if not src:
                                break
                            t = src
                            while t:
                                low = t & -t
                                t ^= low
                                opts.append(vals[code ^ low * pattern])
                    for steps in backward:
                        src = mine
                        for valid, occ_shift, empty_shift, pattern in steps:
                            src &= valid & (code << occ_shift) & (empty << empty_shift)
                            if not src:
                                break
                            t = src
                            while t:
                                low = t & -t
                                t ^= low
                                opts.append(vals[code ^ (low >> empty_shift) * pattern])
                if lefts or rights:
                    try:
                        gid = canonical(lefts, rights)
                    except RecursionError:
                        gid = deep(canonical, lefts, rights)
                else:
                    gid = zero                          # nobody can move
                vals[code] = gid
                negated = -1
                for lo, hi, swaps in syms:
                    image = lo[code & lo_mask] | hi[code >> lo_bits]
                    if swaps:
                        if negated < 0:
                            negated = neg(gid)
                        vals[image] = negated
                    else:
                        vals[image] = gid
            progress.tick(min(chunk, len(level) - start))
    return vals


def census_ids(rows: int, cols: int, rules: Rules, progress: Progress) -> array[int]:
    """The value ids of all codes of a ``rows x cols`` board (at most ``konane.censuses.MAX_CELLS`` cells),
    by the native census where it is built, else by :func:`python_census`; ``progress`` counts
    the codes settled and checks the limits."""
    progress.baseline()                      # the table and the engine's caches count
    if native.available():
        ids = array("I", bytes(4)) * (1 << (rows * cols))
        budget = progress.memory_left()
        if budget is not None:          # the table above is the computation's too
            budget = max(0, budget - ids.itemsize * len(ids))
        native.census(rows, cols, rules.multi_jump, ids, progress.tick, budget)
        return ids
    return python_census(rows, cols, rules.multi_jump, progress)


def remap(src: array[int], table: Sequence[int]) -> array[int]:
    """``array('I', (table[i] for i in src))``, natively where the native core is built.

    Raises IndexError if an entry of ``src`` is past the end of ``table``."""
    if not native.loaded() or src.typecode != "I":     # plain integers: any backend's ids
        return array("I", map(table.__getitem__, src))
    return native.census_remap(src, table if isinstance(table, array) else array("I", table))


def summary(ids: array[int], cells: int) -> list[tuple[int, int, int]] | None:
    """``[(id, count, first code), ...]`` of a census table in one native pass (smallest first
    code first; plain integers, so any backend's ids), or None where the native core is not built."""
    if not native.loaded() or ids.typecode != "I" or ids.itemsize != 4:
        return None
    return native.census_summary(ids, cells)
