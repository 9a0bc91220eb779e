"""The bitboard kernel of Konane: everything that works on bit masks.

:class:`konane.Board`, the move generators, the decomposer, the solver and the
census all work through the functions here; no other module knows the bit
layout.

Layout
------
A position is three Python ints used as bit masks: ``cells`` (the on-board
cells), ``black`` and ``white`` (subsets of ``cells``, disjoint).  Cell
``(r, c)`` -- row ``r`` from the *top*, column ``c`` from the left -- is bit
``r * stride + c``.  The board's own layout has ``stride = cols + 1``: bit
``r * stride + cols`` of every row is an always-off guard column, so shifting
a mask by one bit never carries a stone from the end of one row to the start
of the next, and shifting by ``stride`` moves one row down (``<<``) or up
(``>>``).  A wider stride is allowed (a ``rows x cols`` box in the top-left
corner of a wider layout); :func:`relayout` converts between strides.

Symmetries
----------
The eight symmetries of the square are numbered ``k = 4 * f + q`` with ``f`` in
{0, 1} and ``q`` in {0, 1, 2, 3}: first mirror left-right if ``f == 1``, then
rotate ``q`` quarter turns clockwise.  So ``0`` is the identity, ``1``, ``2``,
``3`` the rotations by 90, 180 and 270 degrees clockwise, ``4`` the left-right
mirror, ``6`` the top-bottom mirror, ``5`` and ``7`` the two diagonal
reflections.  Odd ``k`` swap ``rows`` and ``cols``.  Masks are mapped through
byte-chunk lookup tables (:func:`transform_table`), several symmetries at once
through packed tables (:func:`packed`).

Normal form
-----------
:func:`normal_form` is *the* normal form of a position up to translation, the
eight symmetries and the colour swap: the cell shape is cropped to its
bounding box and mapped to its smallest image ``(rows, cols, cells)`` under
the symmetries; among the symmetries that give that shape, the smallest
``(black, white)`` image of the stones and of the colour-swapped stones is
taken.  Symmetries keep a value, the colour swap negates it.

Keys
----
:func:`pack_key` packs a position and the rules into one int:
``cells << (2n + 10) | black << (n + 10) | white << 10 | stride << 1 | multi``
with ``n = cells.bit_length()`` (a tuple for strides of 512 or more).  A
position of a fixed frame ``(stride, cells)`` has the key ``base | black << (n
+ 10) | white << 10`` where ``base`` is the key of the empty position, which is
what the solver's inner loop computes.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Protocol

__all__: list[str] = []          # private: konane's own modules import the names they need

# the tables of symmetries: (shape or box) -> normal shape and packed tables
class ByteRow(Protocol):
    """A row of a byte table: the image of each of the 256 values of one byte of a mask."""

    def __getitem__(self, v: int, /) -> int: ...

    def __iter__(self) -> Iterator[int]: ...


Tables = tuple[ByteRow, ...]
Packed = tuple[Tables, int, int]
Image = tuple[int, int, bool]

# ---------------------------------------------------------------- layout


@lru_cache(maxsize=512)
def full_mask(rows: int, cols: int) -> int:
    """All cells of the ``rows x cols`` grid in the board layout (guard bits off)."""
    stride = cols + 1
    row = (1 << cols) - 1
    out = 0
    for r in range(rows):
        out |= row << (r * stride)
    return out


@lru_cache(maxsize=512)
def checker_mask(rows: int, cols: int) -> int:
    """The cells of a1's colour (a1 is the bottom-left cell) of the checkerboard."""
    stride = cols + 1
    out = 0
    for r in range(rows):
        for c in range(cols):
            if (rows - 1 - r + c) % 2 == 0:
                out |= 1 << (r * stride + c)
    return out


def neighbours(mask: int, stride: int) -> int:
    """The cells orthogonally next to a cell of ``mask`` (off-board ones included)."""
    return (mask << 1) | (mask >> 1) | (mask << stride) | (mask >> stride)


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def relayout(mask: int, rows: int, cols: int, stride: int, new_stride: int, shift: int = 0) -> int:
    """The ``rows x cols`` box of ``mask`` starting at bit ``shift`` (layout
    ``stride``), laid out with ``new_stride`` from bit 0."""
    rowmask = (1 << cols) - 1
    out = 0
    for r in range(rows):
        out |= ((mask >> (shift + r * stride)) & rowmask) << (r * new_stride)
    return out


def bounding_box(cells: int, stride: int) -> tuple[int, int, int, int]:
    """``(r0, c0, rows, cols)``: the bounding box of the non-empty mask ``cells``."""
    r0 = ((cells & -cells).bit_length() - 1) // stride
    r1 = (cells.bit_length() - 1) // stride
    rowmask = (1 << (stride - 1)) - 1
    union = 0
    m = cells >> (r0 * stride)
    for _ in range(r1 - r0 + 1):
        union |= m & rowmask
        m >>= stride
    c0 = (union & -union).bit_length() - 1
    return r0, c0, r1 - r0 + 1, union.bit_length() - c0


def line_step(cells: int, stride: int) -> int:
    """1 if the cells lie in one row, ``stride`` if in one column (and not in one
    row), 0 otherwise: the step between neighbours on a board that is one line."""
    if not cells:
        return 0
    low = (cells & -cells).bit_length() - 1
    if cells >> (low - low % stride) < 1 << (stride - 1):
        return 1
    col = low % stride
    rows = (cells.bit_length() - col + stride - 1) // stride
    # the cells of column ``col``: bits col, col + stride, col + 2 stride, ...
    column = ((1 << (stride * rows)) - 1) // ((1 << stride) - 1) << col
    return stride if cells & ~column == 0 else 0


# ---------------------------------------------------------------- captures


def captures(cells: int, me: int, en: int, stride: int, multi: bool) -> list[tuple[int, int]]:
    """The ``(mine, enemy)`` masks after each capture by the ``me`` side.

    One pair per legal move, in a fixed order (by direction: right, left,
    down, up; then by number of jumps; then by source bit), without
    duplicates (a move is determined by its source and landing cells).
    ``multi`` allows multi-jumps in a straight line.

    For each direction, the stones that can make a first jump are found at
    once as ``me & (en >> d) & (empty >> 2d)`` (for the directions towards
    higher bits, with ``d`` = 1 or ``stride``; the other two use ``<<``).
    Those that can make a ``k + 1``-th jump are the ones that can make ``k``
    and find an enemy ``(2k + 1) d`` and an empty cell ``(2k + 2) d`` away.
    The guard column keeps horizontal jumps inside their row.  This is the
    inner loop of :func:`konane.value`.
    """
    empty = cells & ~(me | en)
    out: list[tuple[int, int]] = []
    append = out.append
    for d in (1, stride):
        d2 = d + d
        cand = me & (en >> d) & (empty >> d2)
        shift = d2
        cap = 1 << d
        while cand:
            c = cand
            while c:
                low = c & -c
                c ^= low
                append((me ^ low ^ (low << shift), en ^ (cap * low)))
            if not multi:
                break
            cand &= (en >> (shift + d)) & (empty >> (shift + d2))
            cap |= 1 << (shift + d)
            shift += d2
        cand = me & (en << d) & (empty << d2)
        shift = d2
        cap = 1 << d
        while cand:
            c = cand
            while c:
                low = c & -c
                c ^= low
                append((me ^ low ^ (low >> shift), en ^ ((cap * low) >> shift)))
            if not multi:
                break
            cand &= (en << (shift + d)) & (empty << (shift + d2))
            cap |= 1 << (shift + d)
            shift += d2
    return out


def can_capture(cells: int, me: int, en: int, stride: int) -> bool:
    """Whether the ``me`` side has a capture (a first jump; the rules do not matter)."""
    empty = cells & ~(me | en)
    for d in (1, stride):
        if me & (en >> d) & (empty >> (2 * d)) or me & (en << d) & (empty << (2 * d)):
            return True
    return False


def capture_steps(rows: int, cols: int, multi: bool) -> tuple[list[list[tuple[int, int, int, int]]],
                                                              list[list[tuple[int, int, int, int]]]]:
    """Jump patterns for codes in the compact layout without guard column (stride
    ``cols``), where every cell is on the board and adjacent cells hold stones of
    opposite colours (the census' positions).

    Returns ``(forward, backward)``, one list per direction towards higher (right,
    down) and lower (left, up) bits.  Each list holds, for ``k = 1, 2, ...`` jumps
    in that direction, ``(valid, over_shift, land_shift, pattern)``: ``valid`` the
    cells from which ``k`` jumps stay in the line of the board, the shifts that
    bring the ``k``-th jumped cell (``(2k - 1) d`` away) and the ``k``-th landing
    cell (``2k d`` away) onto the source, and the xor ``pattern`` of a ``k``-jump
    from cell 0: the source, the ``k`` jumped cells and the landing cell.
    """
    forward: list[list[tuple[int, int, int, int]]] = []
    backward: list[list[tuple[int, int, int, int]]] = []
    for d, length, horizontal in ((1, cols, True), (cols, rows, False)):
        for out, towards_end in ((forward, True), (backward, False)):
            steps = []
            k = 1
            while 2 * k < length and (multi or k == 1):
                valid = 0
                for r in range(rows):
                    for c in range(cols):
                        i = c if horizontal else r
                        ahead = length - 1 - i if towards_end else i
                        if ahead >= 2 * k:
                            valid |= 1 << (r * cols + c)
                pattern = 1 | 1 << (2 * k * d)
                for j in range(1, 2 * k, 2):
                    pattern |= 1 << (j * d)
                steps.append((valid, (2 * k - 1) * d, 2 * k * d, pattern))
                k += 1
            if steps:
                out.append(steps)
    return forward, backward


# ---------------------------------------------------------------- symmetries


def transform_rc(r: int, c: int, rows: int, cols: int, k: int) -> tuple[int, int]:
    """The image of cell ``(r, c)`` of a ``rows x cols`` grid under symmetry ``k``."""
    if k >= 4:
        c = cols - 1 - c
    for _ in range(k % 4):
        r, c = c, rows - 1 - r
        rows, cols = cols, rows
    return r, c


def transform_shape(rows: int, cols: int, k: int) -> tuple[int, int]:
    """The ``(rows, cols)`` of the image of a ``rows x cols`` grid under symmetry ``k``."""
    return (cols, rows) if k % 2 else (rows, cols)


def grid_symmetries(rows: int, cols: int) -> list[int]:
    """The symmetries ``k`` other than the identity that map the ``rows x cols``
    grid onto itself: 4, 6 and 2 (mirrors and half turn), and on a square all seven."""
    return [k for k in range(1, 8) if transform_shape(rows, cols, k) == (rows, cols)]


def transform_mask(rows: int, cols: int, k: int, mask: int, stride: int | None = None) -> int:
    """The image of one mask under symmetry ``k``, cell by cell (layouts as in
    :func:`transform_table`, which pays off only for many masks)."""
    if stride is None:
        stride = cols + 1
    nstride = transform_shape(rows, cols, k)[1] + 1
    out = 0
    while mask:
        low = mask & -mask
        mask ^= low
        r, c = divmod(low.bit_length() - 1, stride)
        r2, c2 = transform_rc(r, c, rows, cols, k)
        out |= 1 << (r2 * nstride + c2)
    return out


#: Boxes of more bits than this get byte tables whose rows are computed when read
#: (:class:`_Row`) instead of stored whole: a stored table takes about ``4 * bits ** 2``
#: bytes (6 GB for a 200 x 200 box), a computed row nothing but the images of its 8 bits.
EAGER_BITS = 1024


class _Row:
    """The images of the 256 values of one byte of a mask, computed when read: what a row of
    a byte table of :func:`transform_table` holds, for boxes too big to store the rows."""

    __slots__ = ("bits",)

    def __init__(self, bits: list[int]) -> None:
        self.bits = bits            # the image of each of the byte's 8 bits

    def __getitem__(self, v: int) -> int:
        out = 0
        bits = self.bits
        i = 0
        while v:
            if v & 1:
                out |= bits[i]
            v >>= 1
            i += 1
        return out

    def __iter__(self) -> Iterator[int]:
        return (self[v] for v in range(256))


def _rows(tables: Tables) -> list[_Row]:
    """The rows of a big box's tables (all :class:`_Row`)."""
    return [t if isinstance(t, _Row) else _Row([t[1 << i] for i in range(8)]) for t in tables]


class _Shifted(_Row):
    """A row of :func:`packed` tables computed when read: the rows of several symmetries,
    the ``i``-th shifted by ``i * width``."""

    __slots__ = ("rows", "width")

    def __init__(self, rows: list[_Row], width: int) -> None:
        super().__init__([])
        self.rows = rows
        self.width = width

    def __getitem__(self, v: int) -> int:
        out = 0
        for i, row in enumerate(self.rows):
            out |= row[v] << (i * self.width)
        return out


@lru_cache(maxsize=4096)
def transform_table(rows: int, cols: int, k: int, stride: int | None = None) -> Tables:
    """Byte-chunk lookup tables mapping a mask to its image under symmetry ``k``.

    ``table[j][v]`` is the image of the bits ``v << (8 * j)``.  The mask is
    laid out with ``stride`` (default ``cols + 1``: the board's own layout,
    or a wider one holding a ``rows x cols`` box in its top-left corner); the
    image is in the board layout of the transformed shape.  For boxes of more
    than :data:`EAGER_BITS` bits the rows are computed when read (the same
    values, in memory linear in the box).
    """
    if stride is None:
        stride = cols + 1
    ncols = transform_shape(rows, cols, k)[1]
    nstride = ncols + 1
    nbits = rows * stride
    image = [0] * (((nbits + 7) // 8) * 8)
    for r in range(rows):
        for c in range(cols):
            r2, c2 = transform_rc(r, c, rows, cols, k)
            image[r * stride + c] = 1 << (r2 * nstride + c2)
    if nbits > EAGER_BITS:
        return tuple(_Row(image[8 * j: 8 * j + 8]) for j in range(len(image) // 8))
    tables = []
    for j in range(len(image) // 8):
        chunk = image[8 * j: 8 * j + 8]
        tab = [0] * 256
        for v in range(1, 256):
            low = (v & -v).bit_length() - 1
            tab[v] = tab[v & (v - 1)] | chunk[low]
        tables.append(tuple(tab))
    return tuple(tables)


def apply_table(tables: Tables, mask: int) -> int:
    """The image of ``mask`` through the byte tables of :func:`transform_table`."""
    out = 0
    j = 0
    while mask:
        v = mask & 255
        if v:
            out |= tables[j][v]
        mask >>= 8
        j += 1
    return out


def packed(syms: tuple[Tables, ...]) -> Packed | tuple[()]:
    """Several symmetries' byte tables as one: ``tables[j][v]`` holds the images of
    ``v << 8j`` under each symmetry, the ``i``-th in bits ``i * width`` and up, so one
    pass over a mask's bytes gives all its images.  ``()`` for no symmetry."""
    if not syms:
        return ()
    if any(isinstance(t, _Row) for tables in syms for t in tables):     # a big box: rows made when read
        width = max(max(t.bits if isinstance(t, _Row) else t).bit_length() for tables in syms for t in tables) or 1
        if len(syms) == 1:
            return (syms[0], width, 1)
        rows_of = [_rows(tables) for tables in syms]         # once per symmetry (not per row)
        lazy = tuple(_Shifted([rows[j] for rows in rows_of], width)
                     for j in range(max(len(rows) for rows in rows_of)))
        return (lazy, width, len(syms))
    width = max(max(t).bit_length() for tables in syms for t in tables) or 1
    if len(syms) == 1:
        return (syms[0], width, 1)
    rows = []
    for j in range(max(len(tables) for tables in syms)):
        row = [0] * 256
        for i, tables in enumerate(syms):
            if j < len(tables):
                t = tables[j]
                shift = i * width
                for v in range(256):
                    row[v] |= t[v] << shift
        rows.append(tuple(row))
    return (tuple(rows), width, len(syms))


def least_image(pack: Packed, black: int, white: int, best: Image | None = None) -> Image:
    """``(black, white, swapped)``: the smallest image of a position under the
    symmetries ``pack`` (see :func:`packed`) and the colour swap (``best``, if
    given, competes too)."""
    tables, width, count = pack
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
    assert best is not None         # count >= 1
    return best


def automorphisms(stride: int, cells: int, black: int, white: int) -> Packed | tuple[()]:
    """The symmetries other than the identity that map a position to itself or
    to its colour swap (in place: same cells, same layout), packed (:func:`packed`).

    They form a group; positions below it are replaced by the smallest of
    their images under it and the colour swap, which halves (or better) the
    work on symmetric positions such as most starting boards.
    """
    cols = stride - 1
    rows = (cells.bit_length() + stride - 1) // stride
    found = []
    for k in grid_symmetries(rows, cols):
        tables = transform_table(rows, cols, k)
        if apply_table(tables, cells) != cells:
            continue
        image = (apply_table(tables, black), apply_table(tables, white))
        if image == (black, white) or image == (white, black):
            found.append(tables)
    return packed(tuple(found))


def _distinct(rows: int, cols: int, cells: int, ks: list[int]) -> list[int]:
    """The symmetries ``ks`` less those that move every cell of ``cells`` (board
    layout) as an earlier one does: on a row, for instance, the reflection in
    its axis acts as the identity.  They give the same images of every position."""
    seen = set()
    out = []
    for k in ks:
        action = tuple(transform_rc(i // (cols + 1), i % (cols + 1), rows, cols, k)
                       for i in iter_bits(cells))
        if action not in seen:
            seen.add(action)
            out.append(k)
    return out


Shape = tuple[int, int, int]
_BOXES: dict[tuple[int, int, int, int], tuple[Shape, Packed]] = {}


def normal_shape(rows: int, cols: int, cells: int) -> tuple[Shape, list[int]]:
    """The normal shape ``(rows, cols, cells)`` of the cells of a ``rows x cols`` box
    (board layout, ``stride = cols + 1``): its smallest image under the 8 symmetries, and
    every symmetry ``k`` that maps the box there."""
    best: Shape | None = None
    ks: list[int] = []
    for k in range(8):
        image = transform_shape(rows, cols, k) + (transform_mask(rows, cols, k, cells),)
        if best is None or image < best:
            best, ks = image, [k]
        elif image == best:
            ks.append(k)
    assert best is not None
    return best, ks


def box_symmetries(stride: int, rows: int, cols: int, cells: int) -> tuple[Shape, Packed]:
    """For a cell shape filling the top-left ``rows x cols`` box of a ``stride``
    layout: its normal shape ``(rows, cols, cells)`` (board layout, the smallest
    image under the 8 symmetries) and every symmetry that maps it there
    (straight from the ``stride`` layout), packed (:func:`packed`)."""
    if rows == 1:
        stride = cols + 1                  # one row is laid out alike in every stride
    key = (stride, rows, cols, cells)
    found = _BOXES.get(key)
    if found is None:
        compact = cells if stride == cols + 1 else relayout(cells, rows, cols, stride, cols + 1)
        best, ks = normal_shape(rows, cols, compact)
        ks = _distinct(rows, cols, compact, ks)
        pack = packed(tuple(transform_table(rows, cols, k, stride) for k in ks))
        assert pack                 # the symmetries that reach the normal shape: at least one
        if len(_BOXES) > 1_000_000:
            _BOXES.clear()
        found = _BOXES[key] = (best, pack)
    return found


def normal_form(stride: int, cells: int, black: int, white: int) -> tuple[int, int, int, int, int, bool]:
    """The normal form of a position (module docstring): ``(rows, cols, cells,
    black, white, swapped)`` in the board layout of the normal shape, ``swapped``
    telling whether the stones' colours were exchanged.  ``cells`` must not be 0."""
    r0, c0, rows, cols = bounding_box(cells, stride)
    shift = r0 * stride + c0            # translate to the top-left corner: a shift
    (nrows, ncols, ncells), pack = box_symmetries(stride, rows, cols, cells >> shift)
    nb, nw, swapped = least_image(pack, black >> shift, white >> shift)
    return nrows, ncols, ncells, nb, nw, swapped


def clear_tables() -> None:
    """Forget the cached tables of cell shapes (they are rebuilt when needed)."""
    _BOXES.clear()
    transform_table.cache_clear()


# ---------------------------------------------------------------- keys

Key = int | tuple[bool, int, int, int, int]


def pack_key(multi: bool, stride: int, cells: int, black: int, white: int) -> Key:
    """One int for a position and the rules (a tuple for strides of 512 or more).

    ``cells`` takes ``n = cells.bit_length()`` bits and ``black``, ``white``
    (subsets of it) fit in ``n`` bits too, so the three masks are ``cells << 2n
    | black << n | white``, then the stride and the rules in the low 10 bits.
    Python ints of ~100 bits take far less memory than tuples.
    """
    if stride >= 512:
        return (multi, stride, cells, black, white)
    n = cells.bit_length()
    return (((((cells << n) | black) << n | white) << 9) | stride) << 1 | multi


def unpack_key(key: Key) -> tuple[bool, int, int, int, int]:
    """``(multi, stride, cells, black, white)``: the inverse of :func:`pack_key`."""
    if isinstance(key, tuple):
        return key
    multi = bool(key & 1)
    stride = (key >> 1) & 511
    masks = key >> 10
    n = masks.bit_length() // 3
    full = (1 << n) - 1
    return (multi, stride, masks >> (2 * n), (masks >> n) & full, masks & full)
