"""Named constructors and constants: numbers, nimbers, ups, switches, tinies."""

from __future__ import annotations

from collections.abc import Iterable

from . import ops
from ._deep import deep
from .errors import CGTError, CGTTypeError, CGTValueError, GameParseError, NotAGameError
from .shortgame import Game, GameLike, NumberLike, _wrap, as_game, to_dyadic

__all__ = [
    "game", "number", "nimber", "switch", "pm", "tiny", "miny", "up_multiple",
    "zero", "star", "up", "down", "one",
]


def _option_ids(options: GameLike | Iterable[GameLike], side: str) -> list[int]:
    if isinstance(options, (Game, str, int)) or not isinstance(options, Iterable):
        options = [options]
    ids = []
    for o in options:
        if type(o) is Game:                # the common case, without the slower checks below
            ids.append(o._id)
            continue
        try:
            ids.append(as_game(o)._id)
        except CGTTypeError:
            raise NotAGameError(f"{side} option {o!r} is not a game, a dyadic number or game notation "
                                f"(it is a {type(o).__name__})") from None
        except GameParseError as exc:
            raise GameParseError(f"{side} option: {exc}") from None
        except CGTError as exc:
            raise type(exc)(f"{side} option {o!r}: {exc}") from None
    return ids


def game(left: GameLike | Iterable[GameLike] = (), right: GameLike | Iterable[GameLike] = ()) -> Game:
    """The canonical game ``{left | right}``.

    Parameters
    ----------
    left, right : iterable of Game or number or str (or a single one)
        The options; numbers may be ``int``, ``Fraction``, sympy ``Rational``
        or strings of game notation.

    Raises
    ------
    NotAGameError
        If an option is of no type that makes a game (a :class:`cgt.CGTTypeError`).
    NotDyadicError, GameParseError
        If an option is a number that is not dyadic, or notation that cannot be read.

    Examples
    --------
    >>> cgt.game([0], [cgt.star])
    cgt.parse('^')
    >>> cgt.game([1], [0]) + cgt.game([1], [0])
    cgt.parse('1')
    >>> cgt.game([0, cgt.star], [0, cgt.star])
    cgt.parse('*2')
    >>> cgt.game(["1/2"], [2])
    cgt.parse('1')
    >>> cgt.game([object()], [])
    Traceback (most recent call last):
    ...
    cgt.errors.NotAGameError: left option <object object at ...> is not a game, a dyadic number or game notation ...
    """
    return _wrap(deep(ops.canonical, _option_ids(left, "left"), _option_ids(right, "right")))


def number(q: NumberLike) -> Game:
    """The game equal to the dyadic rational ``q``.

    Raises
    ------
    CGTTypeError
        If ``q`` is of no number type.
    NotDyadicError
        If ``q`` is not a dyadic rational (or a string that is no number).

    Examples
    --------
    >>> cgt.number("3/8"), cgt.number(-2), cgt.number(0.75)
    (cgt.parse('3/8'), cgt.parse('-2'), cgt.parse('3/4'))
    """
    return _wrap(ops.nus_id(to_dyadic(q)))


def _natural(n: object, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise CGTTypeError(f"{what} must be an int, not {type(n).__name__}: {n!r}")
    if n < 0:
        raise CGTValueError(f"{what} must be >= 0, got {n!r}")
    return n


def nimber(n: int) -> Game:
    """The nimber ``*n``.

    Raises
    ------
    CGTTypeError
        If ``n`` is not an ``int``.
    CGTValueError
        If ``n < 0``.

    Examples
    --------
    >>> cgt.nimber(0), cgt.nimber(1), cgt.nimber(3) + cgt.nimber(5)
    (cgt.parse('0'), cgt.parse('*'), cgt.parse('*6'))
    >>> cgt.nimber(-1)
    Traceback (most recent call last):
    ...
    cgt.errors.CGTValueError: the n of a nimber *n must be >= 0, got -1
    """
    return _wrap(ops.nus_id(0, 0, _natural(n, "the n of a nimber *n")))


def up_multiple(n: int, nim: int = 0, number: NumberLike = 0) -> Game:
    """The value ``number + n.^ + *nim`` (CGSuite's ``^n*nim``); n may be negative.

    Raises
    ------
    CGTTypeError
        If ``n`` or ``nim`` is not an ``int``, or ``number`` no number.
    CGTValueError
        If ``nim < 0`` (:class:`cgt.NotDyadicError` if ``number`` is not dyadic).

    Examples
    --------
    >>> cgt.up_multiple(3), cgt.up_multiple(-2, 1), cgt.up_multiple(1, 0, "1/2")
    (cgt.parse('^3'), cgt.parse('vv*'), cgt.parse('1/2^'))
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise CGTTypeError(f"the multiple of up must be an int, not {type(n).__name__}: {n!r}")
    m = _natural(nim, "the nimber part nim")
    return _wrap(ops.nus_id(to_dyadic(number), n, m))


def switch(a: GameLike, b: GameLike) -> Game:
    """The switch ``{a | b}`` in canonical form.

    >>> cgt.switch(1, -1), cgt.switch(4, 2), cgt.switch(0, 0)
    (cgt.parse('+-1'), cgt.parse('{4|2}'), cgt.parse('*'))
    """
    return game([as_game(a)], [as_game(b)])


def pm(x: GameLike) -> Game:
    """``±x = {x | -x}``.

    >>> cgt.pm(1), cgt.pm(1) + cgt.pm(1), 3 + cgt.pm(1)
    (cgt.parse('+-1'), cgt.parse('0'), cgt.parse('{4|2}'))
    """
    g = as_game(x)
    return game([g], [-g])


def tiny(x: GameLike) -> Game:
    """Tiny-x: ``{0 || 0 | -x}``, a positive infinitesimal for x > 0.

    >>> cgt.tiny(2), cgt.tiny(2) > 0, cgt.tiny(2) < cgt.up
    (cgt.parse('{0||0|-2}'), True, True)
    """
    g = as_game(x)
    return game([0], [game([0], [-g])])


def miny(x: GameLike) -> Game:
    """Miny-x: ``{x | 0 || 0}``, the negative of :func:`tiny`.

    >>> cgt.miny(2) == -cgt.tiny(2)
    True
    """
    return -tiny(x)


zero: Game = _wrap(ops.ZERO)
"""The game 0."""
one: Game = number(1)
"""The game 1."""
star: Game = nimber(1)
"""The game ``* = {0 | 0}``."""
up: Game = up_multiple(1)
"""The game ``^ = {0 | *}``."""
down: Game = up_multiple(-1)
"""The game ``v = {* | 0}``."""
