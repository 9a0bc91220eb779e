"""Named constructors and constants: numbers, nimbers, ups, switches, tinies."""

from . import _core
from ._deep import deep
from .errors import NotAGameError, NotDyadicError
from .game import Game, _wrap, as_game, to_dyadic

__all__ = [
    "game", "number", "nimber", "switch", "pm", "tiny", "miny", "up_multiple",
    "zero", "star", "up", "down", "one",
]


def _option_ids(options, side):
    if isinstance(options, (Game, str, int)) or not hasattr(options, "__iter__"):
        options = [options]
    ids = []
    for o in options:
        if type(o) is Game:                # the common case, without the slower checks below
            ids.append(o._id)
            continue
        try:
            ids.append(as_game(o)._id)
        except (NotDyadicError, NotAGameError, TypeError) as exc:
            raise NotAGameError(f"{side} option {o!r} is not a game or a dyadic number: {exc}") from None
    return ids


def game(left=(), right=()):
    """The canonical game ``{left | right}``.

    Parameters
    ----------
    left, right : iterable of Game or number (or a single one)
        The options; numbers may be ``int``, ``Fraction``, sympy ``Rational``
        or strings of game notation.

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
    """
    return _wrap(deep(_core.canonical, _option_ids(left, "left"), _option_ids(right, "right")))


def number(q):
    """The game equal to the dyadic rational ``q``.

    >>> cgt.number("3/8"), cgt.number(-2), cgt.number(0.75)
    (cgt.parse('3/8'), cgt.parse('-2'), cgt.parse('3/4'))
    """
    return _wrap(_core.nus_id(to_dyadic(q)))


def nimber(n):
    """The nimber ``*n``.

    >>> cgt.nimber(0), cgt.nimber(1), cgt.nimber(3) + cgt.nimber(5)
    (cgt.parse('0'), cgt.parse('*'), cgt.parse('*6'))
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise NotDyadicError(f"a nimber needs a whole number n >= 0, got {n!r}")
    return _wrap(_core.nus_id(0, 0, n))


def up_multiple(n, nim=0, number=0):
    """The value ``number + n.^ + *nim`` (CGSuite's ``^n*nim``); n may be negative.

    >>> cgt.up_multiple(3), cgt.up_multiple(-2, 1), cgt.up_multiple(1, 0, "1/2")
    (cgt.parse('^3'), cgt.parse('vv*'), cgt.parse('1/2^'))
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise NotDyadicError(f"the multiple of up must be an int, got {n!r}")
    if isinstance(nim, bool) or not isinstance(nim, int) or nim < 0:
        raise NotDyadicError(f"a nimber needs a whole number >= 0, got {nim!r}")
    return _wrap(_core.nus_id(to_dyadic(number), n, nim))


def switch(a, b):
    """The switch ``{a | b}`` in canonical form.

    >>> cgt.switch(1, -1), cgt.switch(4, 2), cgt.switch(0, 0)
    (cgt.parse('+-1'), cgt.parse('{4|2}'), cgt.parse('*'))
    """
    return game([a], [b])


def pm(x):
    """``±x = {x | -x}``.

    >>> cgt.pm(1), cgt.pm(1) + cgt.pm(1), 3 + cgt.pm(1)
    (cgt.parse('+-1'), cgt.parse('0'), cgt.parse('{4|2}'))
    """
    g = as_game(x)
    return game([g], [-g])


def tiny(x):
    """Tiny-x: ``{0 || 0 | -x}``, a positive infinitesimal for x > 0.

    >>> cgt.tiny(2), cgt.tiny(2) > 0, cgt.tiny(2) < cgt.up
    (cgt.parse('{0||0|-2}'), True, True)
    """
    g = as_game(x)
    return game([0], [game([0], [-g])])


def miny(x):
    """Miny-x: ``{x | 0 || 0}``, the negative of :func:`tiny`.

    >>> cgt.miny(2) == -cgt.tiny(2)
    True
    """
    return -tiny(x)


zero = _wrap(_core.ZERO)
one = number(1)
star = nimber(1)
up = up_multiple(1)
down = up_multiple(-1)
