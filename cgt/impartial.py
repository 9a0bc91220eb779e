"""Impartial games: nim values of games, and Grundy values of impartial rulesets.

An impartial game (both players have the same moves everywhere) equals a
nimber ``*n`` (Sprague-Grundy); ``n`` is its *nim value* or *Grundy value*.
For a ruleset given by a move function, :func:`grundy` computes the nim value
of a position as the mex (minimum excluded value) of the nim values of its
options, memoized, with an explicit stack (so long chains of moves do not hit
Python's recursion limit).

>>> def take_1_or_2(n):          # subtraction game S(1, 2)
...     return [n - k for k in (1, 2) if n >= k]
>>> [grundy(n, take_1_or_2) for n in range(8)]
[0, 1, 2, 0, 1, 2, 0, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from .errors import CGTTypeError, CGTValueError
from .shortgame import Game, GameLike, as_game
from .values import nimber

__all__ = ["nim_value", "mex", "grundy", "GrundySolver"]

Moves = Callable[[Any], Iterable[Any]]
"""A move function: a position -> the positions reachable in one move."""
Key = Callable[[Any], Hashable]
"""A memo key: a position -> a hashable key."""


def nim_value(g: GameLike) -> int:
    """The nim value n of a game equal to the nimber ``*n``.

    Parameters
    ----------
    g : Game or number or str

    Returns
    -------
    int

    Raises
    ------
    NotImpartialError
        If G is not equal to a nimber, i.e. not the value of an impartial game
        (a :class:`ValueError`; the message names the game).

    Examples
    --------
    >>> nim_value("*5"), nim_value("{0,*|0,*}"), nim_value(0)
    (5, 2, 0)
    >>> nim_value(cgt.up)
    Traceback (most recent call last):
    ...
    cgt.errors.NotImpartialError: ^ is not impartial: it is not equal to a nimber, so it has no nim value
    """
    return as_game(g).nim_value


def mex(values: Iterable[int]) -> int:
    """The minimum excluded value: the least natural number not in ``values``.

    >>> mex([0, 1, 3]), mex([]), mex({2, 5})
    (2, 0, 0)
    """
    if not isinstance(values, Iterable):
        raise CGTTypeError(f"mex needs an iterable of ints, not {type(values).__name__}: {values!r}")
    s = set(values)
    k = 0
    while k in s:
        k += 1
    return k


class GrundySolver:
    """Memoized Grundy values for an impartial ruleset.

    Parameters
    ----------
    moves : callable
        ``moves(position)`` returns an iterable of the positions reachable in
        one move.  Positions must be hashable (or see ``key``).
    key : callable, optional
        ``key(position)`` gives the hashable memo key; use it to identify
        positions that are equivalent (for instance by symmetry).  Defaults
        to the position itself.

    Attributes
    ----------
    cache : dict
        Memo of key -> Grundy value; it persists between calls.

    Raises
    ------
    CGTTypeError
        If ``moves`` or ``key`` is not callable.
    CGTValueError
        From :meth:`grundy`, if a position can be reached from itself (the
        ruleset is loopy, so not a short game).

    Examples
    --------
    Kayles: knock down one pin or two adjacent pins from a row; a position is
    the sorted tuple of row lengths.

    >>> def kayles(rows):
    ...     out = []
    ...     for i, n in enumerate(rows):
    ...         rest = rows[:i] + rows[i + 1:]
    ...         for take in (1, 2):
    ...             for left in range(n - take + 1):
    ...                 parts = [p for p in (left, n - take - left) if p]
    ...                 out.append(tuple(sorted(rest + tuple(parts))))
    ...     return out
    >>> solver = GrundySolver(kayles)
    >>> [solver.grundy((n,)) for n in range(12)]
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> solver.nimber((3,))
    cgt.parse('*3')
    """

    def __init__(self, moves: Moves, key: Key | None = None) -> None:
        if not callable(moves):
            raise CGTTypeError(f"moves must be a function of a position, not {type(moves).__name__}: {moves!r}")
        if key is not None and not callable(key):
            raise CGTTypeError(f"key must be a function of a position or None, not {type(key).__name__}: {key!r}")
        self.moves: Moves = moves
        self.key: Key = key if key is not None else _identity
        self.cache: dict[Hashable, int] = {}

    def grundy(self, position: Any) -> int:
        """The Grundy value (nim value) of ``position``, an int.

        >>> GrundySolver(lambda n: range(n)).grundy(10)     # Nim heap of size 10
        10
        """
        key = self.key
        cache = self.cache
        k0 = key(position)
        v = cache.get(k0)
        if v is not None:
            return v
        moves = self.moves
        # Explicit depth-first search: frame = [key, iterator of options, seen values, pending key]
        stack: list[list[Any]] = [[k0, iter(moves(position)), set(), None]]
        on_path = {k0}
        while stack:
            frame = stack[-1]
            if frame[3] is not None:
                frame[2].add(cache[frame[3]])
                frame[3] = None
            pushed = False
            for child in frame[1]:
                ck = key(child)
                cv = cache.get(ck)
                if cv is not None:
                    frame[2].add(cv)
                    continue
                if ck in on_path:
                    raise CGTValueError(f"position {child!r} can be reached from itself: "
                                     f"the ruleset is loopy, not a short impartial game")
                frame[3] = ck
                on_path.add(ck)
                stack.append([ck, iter(moves(child)), set(), None])
                pushed = True
                break
            if not pushed:
                stack.pop()
                on_path.discard(frame[0])
                cache[frame[0]] = mex(frame[2])
        return cache[k0]

    __call__ = grundy

    def nimber(self, position: Any) -> Game:
        """The value of ``position`` as a game: the nimber ``*g`` with g its Grundy value.

        >>> GrundySolver(lambda n: range(n)).nimber(4)
        cgt.parse('*4')
        """
        return nimber(self.grundy(position))

    def clear(self) -> None:
        """Forget all memoized values.

        >>> s = GrundySolver(lambda n: range(n)); s.grundy(3); s.clear(); s.cache
        3
        {}
        """
        self.cache.clear()


def _identity(p: Any) -> Hashable:
    return p  # type: ignore[no-any-return]  # positions are their own keys by default


def grundy(position: Any, moves: Moves, *, key: Key | None = None, cache: dict[Hashable, int] | None = None) -> int:
    """The Grundy value of ``position`` in the impartial ruleset given by ``moves``.

    Parameters
    ----------
    position : hashable
        The starting position.
    moves : callable
        ``moves(p)`` returns the positions reachable from ``p`` in one move.
    key : callable, optional
        Memo key of a position (to merge equivalent positions).
    cache : dict, optional
        A memo to reuse across calls (key -> Grundy value); a fresh one is
        used if omitted.  For repeated queries prefer :class:`GrundySolver`.

    Returns
    -------
    int

    Examples
    --------
    >>> [grundy(n, lambda n: [n - k for k in (1, 3, 4) if n >= k]) for n in range(9)]  # S(1,3,4)
    [0, 1, 0, 1, 2, 3, 2, 0, 1]
    >>> grundy(100_000, lambda n: [n - 1] if n else [])             # a long chain: no RecursionError
    0

    Notes
    -----
    Sprague-Grundy theory: the value of an impartial position is the mex of
    the values of its options (Siegel, *Combinatorial Game Theory*, I.4 and IV.1).
    """
    solver = GrundySolver(moves, key)
    if cache is not None:
        solver.cache = cache
    return solver.grundy(position)
