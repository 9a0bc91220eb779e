"""Splitting a Konane position into regions that can never interact.

The value of a position is the sum of the values of its regions, so this is
what makes large boards computable.  The rule used here is *sound by
argument*, not a heuristic; the argument is written out in
:doc:`docs/decomposition.md </decomposition>` and summarised here.

Reach of a group of stones
--------------------------
A stone only moves by jumping an enemy stone orthogonally next to it onto the
empty cell beyond, and every jump removes the jumped stone.  For a group ``A``
of stones taken on its own, with ``n_x`` Black and ``n_o`` White stones, we
compute ``reach_x(A)`` and ``reach_o(A)``, the cells where a Black (resp.
White) stone of ``A`` could ever stand, as the least sets such that

* every Black stone of ``A`` stands in ``reach_x(A)``, every White one in ``reach_o(A)``;
* a cell is in ``reach_x(A)`` if a Black stone of ``A`` gets there from its start in at
  most ``n_o`` jumps, each from a cell ``p`` over ``p + d`` in ``reach_o(A)`` to a cell
  ``p + 2d`` of the board (a Black stone of ``A`` can make at most ``n_o`` captures in all,
  as long as it only captures stones of ``A``); the same with colours swapped.

This ignores that landing cells must be empty and which stones are still
there, so it can only be too large.

Boards that are one line
------------------------
When all cells lie in one row or one column, the line is cut exactly instead
(``_line_drop``): at an empty cell between two empty cells (no stone ever
lands there); at one of a lone pair of empty cells between stones when the
part beyond it cannot, on its own, land a stone on it; at a lone empty cell
that neither side can land a stone on.  Whether a part can land a stone on
the empty cell at its edge is read off its first cells: a stone ``A``, then
any number of (empty, ``A``), then a stone of the other colour.  The pieces
between the cuts are the regions; :doc:`docs/decomposition.md </decomposition>` has the proofs.

Regions
-------
Groups start as the sets of stones linked by orthogonal adjacency of opposite
colours.  Two groups ``A`` and ``B`` *conflict* if a cell is in the reach of
both, or a cell of ``reach_x`` of one is next to a cell of ``reach_o`` of the
other.  Conflicting groups are merged (the merged group's reach is computed
afresh, with its larger stone counts) until no two groups conflict.

Why this is sound, by induction on the moves played: suppose that so far every
move was made inside one group.  Then every stone stands in its group's reach
(each jump it made captured a stone of its own group, standing in the group's
reach of the other colour, and it made at most as many jumps as that colour
has stones).  Now a stone of ``A`` at ``p`` jumps the stone at ``p + d``: that
stone belongs to some group ``B`` and stands in ``B``'s reach of the other
colour, next to ``p`` in ``A``'s reach, so ``B = A`` because groups do not
conflict; its landing cells are in ``A``'s reach, which no other group's stone
can ever occupy.  So the move reads and changes only cells of ``A``'s reach,
and the claim holds after it.  Hence each group, with the cells of its reach,
is an independent summand: the value of the position is the sum of the values
of its regions.  Cells outside every reach are never used and are dropped.

Footprints
----------
The *footprint* of a group alone (``footprint``) is the set of cells each
colour occupies over every position reachable from the group alone, either
player, any order.  Groups whose footprints (or any larger sets, such as their
reaches) share no cell and put no Black cell of one next to a White cell of the
other never interact: a jump needs an adjacent enemy stone, and its landing
cell lies in the mover's own footprint.  the split splits
each region of the reach rule by footprints, exploring at most
1000 positions per group (its reach otherwise); the solvers
split the position asked for with it.  :doc:`docs/decomposition.md </decomposition>` has the proof.
The bounds of groups are kept in a cache under the normal form
of the group on its reach, so a group met again (on the same board, a mirrored
or colour-swapped one, or after moves elsewhere) is not explored again.

The computation on bit masks is in :mod:`konane._kernel.decompose` (the reach rule and
the cuts of a line) and :mod:`konane._kernel.footprint` (footprints), the Python
references of the native decomposer (``src/konane/decompose.rs``, ``src/konane/footprint.rs``).
"""

from __future__ import annotations

from collections.abc import Iterator

from konane._calls import public
from konane._kernel.decompose import region_masks
from konane.board import Board, as_board

__all__ = ["regions"]


@public
def regions(board: Board | str, *, keep_dead: bool = False) -> Iterator[Board]:
    """Yield the independent regions of a position, as boards of the same grid.

    Each region keeps the board's rows, columns and :attr:`~konane.Board.origin`
    (so squares keep their names, also in ``region.crop()``) but only the
    cells its stones could ever use are on the board.
    No sequence of moves, by either player in any order, lets a move of one
    region touch a cell that a move of another region could touch, so::

        konane.value(board) == sum(konane.value(r) for r in konane.regions(board))

    Parameters
    ----------
    board : Board or str
        A board or its picture.
    keep_dead : bool, default False
        Also yield regions where nobody can ever move (stones of one colour
        only, isolated stones); their value is 0 and they are left out by
        default.

    Yields
    ------
    Board

    Raises
    ------
    BoardTypeError
        If ``board`` is not a :class:`konane.Board` or a picture string.
    BoardParseError
        If ``board`` is a picture that cannot be read.

    Examples
    --------
    >>> b = konane.Board("xo..x.....ox/.###########")
    >>> [str(r).split()[0] for r in konane.regions(b)]      # their first rows
    ['xo..x..#####', '########..ox']

    On a board that is one line the cuts are exact and tighter: the lone
    Black stone can never be reached, and the cells no stone can land on
    are dropped.

    >>> [str(r) for r in konane.regions(konane.Board("xo..x.....ox"))]
    ['xo.#########', '#########.ox']

    Plain connectivity is not enough: these two groups of stones are two
    empty cells apart, yet a White stone of the first can reach the cell next
    to where a Black stone of the second can land, so they form one region.

    >>> len(list(konane.regions(konane.Board("....oxxoox..oxxxxo...."))))
    1

    Notes
    -----
    See the module docstring of :mod:`konane.decomposition` and
    :doc:`docs/decomposition.md </decomposition>` for the proof.  Cost: a few big-integer
    operations per stone group, no loop over cells (on a line, a few per gap).
    """
    b = as_board(board)
    return _regions(b, keep_dead)


def _regions(board: Board, keep_dead: bool) -> Iterator[Board]:
    rows, cols, origin = board.rows, board.cols, board.origin
    for cells, black, white in region_masks(board.cells_mask, board.black_mask, board.white_mask, cols + 1):
        if not keep_dead and not (black and white):
            continue
        region = Board._make(rows, cols, cells, black, white)
        yield region if origin == "a1" else region.with_origin(origin)
