"""CGT analysis of short games: stops, mean and temperature, cooling and heating,
atomic weight, reduced canonical form, incentives, tempers and two compounds.

Every function takes a :class:`cgt.Game` (or anything :func:`cgt.as_game`
accepts: a dyadic number, or a string of game notation) and returns exact
values: :class:`~fractions.Fraction` for numbers, :class:`cgt.Game` for games.
The same operations are available as properties and methods of
:class:`cgt.Game` (``g.temperature``, ``g.cool(t)``, ...).

The definitions follow CGSuite (``CanonicalShortGameOps.java`` and
``CanonicalShortGame.scala`` in aaron-siegel/cgsuite) and Siegel,
*Combinatorial Game Theory* (AMS, 2013), so values can be compared with
published tables.  Each function names its source in its Notes.

>>> g = cgt.parse("{3||2*|1*}")
>>> stops(g), mean(g), temperature(g)
((Fraction(3, 1), Fraction(2, 1)), Fraction(9, 4), Fraction(3, 4))
>>> cool(g, "1/2"), freeze(g), reduced_canonical_form(g)
(cgt.parse('{5/2|2*}'), cgt.parse('9/4*'), cgt.parse('{3||2|1}'))
"""

from fractions import Fraction
from typing import NamedTuple

from . import _core
from ._deep import deep
from .errors import InvalidTemperatureError, NotANumberError, NotAPlayerError, NotAtomicError
from .game import _wrap, as_game
from .outcome import Player
from .thermograph import _thermograph_id, thermograph

__all__ = [
    "left_stop", "right_stop", "stops", "confusion_interval", "ConfusionInterval",
    "mean", "temperature", "thermograph",
    "cool", "heat", "freeze", "overheat",
    "is_all_small", "atomic_weight", "is_atomic",
    "reduced_canonical_form", "incentives", "is_even_tempered", "is_odd_tempered",
    "ordinal_sum", "norton_product", "clear_caches",
]

_LIMIT = 1_000_000
_COOL = {}      # (g, t) -> id
_HEAT = {}      # (g, t) -> id
_OVERHEAT = {}  # (g, s, t) -> id
_NORTON = {}    # (g, u) -> id
_INCENT = {}    # g -> tuple of ids
_ORDINAL = {}   # (g, h) -> id
_ALLSMALL = {}  # g -> bool
_FARSTAR = {}   # g -> int
_NAIVE_AW = {}  # g -> id
_STARPROJ = {}  # g -> id
_EVEN_T = {}    # g -> bool
_ODD_T = {}     # g -> bool
_CACHES = (_COOL, _HEAT, _OVERHEAT, _NORTON, _INCENT, _ORDINAL, _ALLSMALL, _FARSTAR,
           _NAIVE_AW, _STARPROJ, _EVEN_T, _ODD_T)


def _store(cache, key, value):
    if len(cache) > _LIMIT:
        cache.clear()
    cache[key] = value
    return value


def clear_caches():
    """Forget every memoised analysis result (thermographs included).

    The table of canonical forms is untouched; see :func:`cgt.clear_caches`.

    >>> clear_caches()
    """
    from .thermograph import clear_cache
    for c in _CACHES:
        c.clear()
    clear_cache()


def _game(g):
    return as_game(g)


def _number(t, what, g):
    """The Fraction of ``t``, or NotANumberError naming the game ``g``."""
    tg = as_game(t)
    x = _core.number_value(tg._id)
    if x is None:
        raise NotANumberError(f"cannot {what} {g} by {tg}: {tg} is not a number")
    return tg, x


def _is_integer_id(g):
    v = _core._NUS[g]
    return v is not None and v[1] == 0 and v[2] == 0 and v[0].denominator == 1


# ====================================================================== stops

def left_stop(g):
    """The left stop: where play ends (at a number) when Left moves first.

    >>> left_stop("{3||2*|1*}"), left_stop(cgt.up), left_stop(5)
    (Fraction(3, 1), Fraction(0, 1), Fraction(5, 1))

    Notes
    -----
    ``L(x) = x`` for a number, else ``L(G) = max R(G^L)`` (Siegel II.3).
    """
    return deep(_core.stops, _game(g)._id)[0]


def right_stop(g):
    """The right stop: where play ends (at a number) when Right moves first.

    >>> right_stop("{3||2*|1*}"), right_stop(cgt.pm(1))
    (Fraction(2, 1), Fraction(-1, 1))
    """
    return deep(_core.stops, _game(g)._id)[1]


def stops(g):
    """``(left stop, right stop)``.

    >>> stops("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}")
    (Fraction(1, 2), Fraction(-1, 1))
    """
    return deep(_core.stops, _game(g)._id)


class ConfusionInterval(NamedTuple):
    """The numbers a game is confused with: from ``low`` to ``high``.

    ``low`` and ``high`` are the right and left stops; whether each end point
    belongs to the interval (``low_closed``, ``high_closed``) depends on the
    infinitesimal part at that stop.  A number is confused with no number: its
    interval is empty (``low == high``, both ends open).
    """

    low: Fraction
    high: Fraction
    low_closed: bool
    high_closed: bool

    def __contains__(self, x):
        """``x in interval``: True if the game is confused with the number x.

        >>> 1 in confusion_interval("{2|1}"), 1 in confusion_interval("{2|1*}")
        (True, False)
        """
        x = Fraction(x)
        if self.low < x < self.high:
            return True
        return (x == self.low and self.low_closed) or (x == self.high and self.high_closed)

    @property
    def is_empty(self):
        """True if the game is confused with no number.

        >>> confusion_interval(cgt.up).is_empty, confusion_interval(cgt.star).is_empty
        (True, False)
        """
        return self.low == self.high and not (self.low_closed or self.high_closed)

    def __str__(self):
        if self.is_empty:
            return "{}"
        lo = "[" if self.low_closed else "("
        hi = "]" if self.high_closed else ")"
        f = lambda x: str(x.numerator) if x.denominator == 1 else str(x)
        return f"{lo}{f(self.low)}, {f(self.high)}{hi}"


def confusion_interval(g):
    """The interval of numbers ``x`` with ``G || x`` (G confused with x).

    Returns
    -------
    ConfusionInterval
        ``(low, high, low_closed, high_closed)``: low is the right stop, high
        the left stop; an end is closed when G is confused with that number.

    Examples
    --------
    >>> ci = confusion_interval(cgt.pm(1))
    >>> ci, str(ci), 0 in ci, 2 in ci
    (ConfusionInterval(low=Fraction(-1, 1), high=Fraction(1, 1), low_closed=True, high_closed=True), '[-1, 1]', True, False)
    >>> str(confusion_interval(cgt.star)), str(confusion_interval(cgt.up)), str(confusion_interval(3))
    ('[0, 0]', '{}', '{}')

    Notes
    -----
    ``G || x`` for every number strictly between the stops (Siegel II.3); the
    end points are decided by comparing G with them.
    """
    g = _game(g)
    ls, rs = deep(_core.stops, g._id)
    if _core.is_number(g._id):
        return ConfusionInterval(ls, rs, False, False)
    return ConfusionInterval(rs, ls, g.is_fuzzy(rs), g.is_fuzzy(ls))


# ====================================================================== mean and temperature

def _mean_id(g):
    v = _core._NUS[g]
    if v is not None:
        return v[0]
    return _thermograph_id(g).mast


def _temperature_id(g):
    v = _core._NUS[g]
    if v is not None:
        if v[1] == 0 and v[2] == 0:
            return Fraction(-1, v[0].denominator)
        return Fraction(0)
    return _thermograph_id(g).temperature


def mean(g):
    """The mean value: the mast of the thermograph (additive: m(G+H) = m(G) + m(H)).

    >>> mean("{3||2*|1*}"), mean(cgt.pm(1)), mean("{2|-1}"), mean(cgt.up)
    (Fraction(9, 4), Fraction(0, 1), Fraction(1, 2), Fraction(0, 1))

    Notes
    -----
    CGSuite ``mean``: the number part of a number-up-star, else the mast value.
    """
    return deep(_mean_id, _game(g)._id)


def temperature(g):
    """The temperature, in CGSuite's convention.

    An integer has temperature ``-1``, a number ``m/2^k`` ``-1/2^k``, any other
    number-up-star (an infinitesimal shifted by a number) ``0``; for other games
    it is the height where the thermograph's walls meet the mast.

    >>> temperature("{3||2*|1*}"), temperature(7), temperature("3/8"), temperature("^*")
    (Fraction(3, 4), Fraction(-1, 1), Fraction(-1, 8), Fraction(0, 1))
    >>> temperature(cgt.pm(1) + cgt.pm(2) + cgt.pm(3))
    Fraction(3, 1)
    """
    return deep(_temperature_id, _game(g)._id)


# ====================================================================== cooling and heating

def _cool_id(g, t, tid):
    if _is_integer_id(g):
        return g
    key = (g, tid)
    r = _COOL.get(key)
    if r is not None:
        return r
    if _temperature_id(g) < t:
        r = _core.nus_id(_mean_id(g))
    else:
        ntid = _core.neg(tid)
        lo = [_core.add(_cool_id(gl, t, tid), ntid) for gl in _core.left(g)]
        ro = [_core.add(_cool_id(gr, t, tid), tid) for gr in _core.right(g)]
        r = _core.canonical(lo, ro)
    return _store(_COOL, key, r)


def cool(g, t):
    """G cooled by the number t: ``G_t`` (Siegel II.5, CGSuite ``Cool``).

    ``G_t = {G^L_t - t | G^R_t + t}`` unless G is already infinitesimally close
    to a number x at some temperature ``t' < t``, in which case ``G_t = x``.
    That happens exactly when ``t`` is above the temperature of G, and x is the
    mean; so cooling by exactly the temperature can leave an infinitesimal
    (``{3||2*|1*}`` cooled by ``3/4`` is ``9/4*``), and cooling by more gives
    the mean.  For ``t >= 0`` numbers are left unchanged.

    Parameters
    ----------
    g : Game
    t : number
        A dyadic number ``> -1`` (int, Fraction, ``"3/4"``, or a number-valued Game).

    Raises
    ------
    NotANumberError
        If ``t`` is not a number (the message names the game).
    InvalidTemperatureError
        If ``t <= -1``.

    Examples
    --------
    >>> g = cgt.parse("{3||2*|1*}")
    >>> [str(cool(g, t)) for t in (0, "1/4", "1/2", "5/8", "3/4", 70)]
    ['{3||2*|1*}', '{11/4||2|3/2}', '{5/2|2*}', '{19/8|17/8}', '9/4*', '9/4']
    >>> cool(cgt.pm(1), 1), cool("1/4", "-1/4")
    (cgt.parse('*'), cgt.parse('1/4*'))
    >>> cool(g, cgt.star)
    Traceback (most recent call last):
    ...
    cgt.errors.NotANumberError: cannot cool {3||2*|1*} by *: * is not a number

    Notes
    -----
    CGSuite's ``CanonicalShortGameOps.cool`` and its recorded tests
    (``GameTest.scala``): an integer stays put, a game whose temperature is
    below t becomes its mean, otherwise the options are cooled.  For
    ``-1 < t < 0`` this makes a number ``m/2^k`` with ``-1/2^k >= t`` cool
    through its options (``(1/4).Cool(-1/4) = 1/4*`` in CGSuite), where
    Siegel's text would leave every number unchanged; the two agree for
    ``t >= 0``.
    """
    g = _game(g)
    tg, x = _number(t, "cool", g)
    if x <= -1:
        raise InvalidTemperatureError(f"cannot cool {g} by {tg}: the temperature must be > -1")
    if x == 0:
        return g            # G_0 = G: every canonical option cools to itself
    return _wrap(deep(_cool_id, g._id, x, tg._id))


def _heat_id(g, tid):
    if _core.is_number(g):
        return g
    key = (g, tid)
    r = _HEAT.get(key)
    if r is not None:
        return r
    ntid = _core.neg(tid)
    lo = [_core.add(_heat_id(gl, tid), tid) for gl in _core.left(g)]
    ro = [_core.add(_heat_id(gr, tid), ntid) for gr in _core.right(g)]
    r = _core.canonical(lo, ro)
    return _store(_HEAT, key, r)


def heat(g, t):
    """G heated by t (the integral of G, ``∫^t G``; CGSuite ``Heat``).

    ``∫^t x = x`` for a number x, otherwise ``∫^t G = {∫^t G^L + t | ∫^t G^R - t}``.
    ``t`` may be any game (a number, or ``*`` as used for the reduced
    canonical form).  Heating by a number undoes cooling on hot games.

    Examples
    --------
    >>> heat(cgt.star, 2), heat(cgt.up, 2)
    (cgt.parse('+-2'), cgt.parse('{2||0|-4}'))
    >>> heat(cgt.up, cgt.star), heat(cgt.pm(1), cgt.star)
    (cgt.parse('0'), cgt.parse('+-1*'))
    >>> heat(3, 10)
    cgt.parse('3')

    Notes
    -----
    Siegel II.5 and CGSuite's ``CanonicalShortGameOps.heat``.
    """
    g = _game(g)
    tg = as_game(t)
    return _wrap(deep(_heat_id, g._id, tg._id))


def _overheat_id(g, s, t):
    if _is_integer_id(g):
        return _norton_id(g, s)
    key = (g, s, t)
    r = _OVERHEAT.get(key)
    if r is not None:
        return r
    nt = _core.neg(t)
    lo = [_core.add(_overheat_id(gl, s, t), t) for gl in _core.left(g)]
    ro = [_core.add(_overheat_id(gr, s, t), nt) for gr in _core.right(g)]
    r = _core.canonical(lo, ro)
    return _store(_OVERHEAT, key, r)


def overheat(g, s, t):
    """G overheated from s to t (Berlekamp's overheating; CGSuite ``Overheat``).

    An integer n becomes n copies of s (the Norton product ``n.s``); any other
    game becomes ``{G^L overheated + t | G^R overheated - t}`` (numbers that are
    not integers are overheated through their options).

    Examples
    --------
    >>> overheat(1, 1, 1), overheat(cgt.star, 1, 1), overheat("1/2", 1, 1)
    (cgt.parse('1'), cgt.parse('+-1'), cgt.parse('{1|0}'))
    >>> overheat(2, cgt.up, cgt.star), overheat("1/2", 2, 1)
    (cgt.parse('^^'), cgt.parse('1*'))

    Notes
    -----
    From CGSuite's ``CanonicalShortGameOps.overheat`` (aaron-siegel/cgsuite):
    ``isInteger(G) -> nortonMultiply(G, s)``, otherwise
    ``{overheat(G^L) + t | overheat(G^R) - t}``.  Overheating depends on the form
    of G; the canonical form is used.
    """
    g = _game(g)
    sg, tg = as_game(s), as_game(t)
    return _wrap(deep(_overheat_id, g._id, sg._id, tg._id))


def freeze(g):
    """G frozen: G cooled by its own temperature (CGSuite ``Freeze``).

    Number-up-star values are already frozen.

    >>> freeze("{3||2*|1*}"), freeze("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}")
    (cgt.parse('9/4*'), cgt.parse('-5/16*'))
    >>> freeze(cgt.pm(1)), freeze("^*")
    (cgt.parse('*'), cgt.parse('^*'))
    """
    g = _game(g)
    if _core._NUS[g._id] is not None:
        return g
    t = deep(_temperature_id, g._id)
    if t <= 0:
        return g            # cooling by 0 changes nothing
    return _wrap(deep(_cool_id, g._id, t, _core.nus_id(t)))


# ====================================================================== atomic weight

def _is_all_small_id(g):
    v = _core._NUS[g]
    if v is not None:
        return v[0] == 0
    r = _ALLSMALL.get(g)
    if r is None:
        r = all(_is_all_small_id(o) for o in _core.left(g)) and \
            all(_is_all_small_id(o) for o in _core.right(g))
        _store(_ALLSMALL, g, r)
    return r


def is_all_small(g):
    """True if G is all-small: in every follower, Left can move iff Right can.

    >>> is_all_small(cgt.up), is_all_small("{0|^^}"), is_all_small(cgt.tiny(1)), is_all_small(0)
    (True, True, False, True)

    Notes
    -----
    CGSuite ``isAllSmall``: a number-up-star is all-small iff its number part is 0.
    """
    return deep(_is_all_small_id, _game(g)._id)


def _far_star_id(g):
    v = _core._NUS[g]
    if v is not None and v[0] == 0 and v[1] == 0:
        return v[2] + 1
    r = _FARSTAR.get(g)
    if r is None:
        r = 1
        for o in _core.left(g) + _core.right(g):
            r = max(r, _far_star_id(o))
        _store(_FARSTAR, g, r)
    return r


def _naive_aw_id(g):
    v = _core._NUS[g]
    if v is not None:
        return _core.nus_id(v[1])
    r = _NAIVE_AW.get(g)
    if r is not None:
        return r
    two, mtwo = _core.nus_id(2), _core.nus_id(-2)
    lo = [_core.add(_naive_aw_id(gl), mtwo) for gl in _core.left(g)]
    ro = [_core.add(_naive_aw_id(gr), two) for gr in _core.right(g)]
    g0 = _core.canonical(lo, ro)
    r = g0
    if _is_integer_id(g0):
        fs = _core.nus_id(0, 0, _far_star_id(g))
        le = _core.leq(g, fs)
        ge = _core.leq(fs, g)
        if le and not ge:
            # G < far star: the least integer n with n |> every G^L00.
            if not lo:
                r = _core.ZERO
            else:
                best = None
                for o in lo:
                    n = _ceil(_core.stops(o)[1])
                    if _core.leq(_core.nus_id(n), o):
                        n += 1
                    best = n if best is None else max(best, n)
                r = _core.nus_id(best)
        elif ge and not le:
            # G > far star: the greatest integer n with n <| every G^R00.
            if not ro:
                r = _core.ZERO
            else:
                best = None
                for o in ro:
                    n = _floor(_core.stops(o)[0])
                    if _core.leq(o, _core.nus_id(n)):
                        n -= 1
                    best = n if best is None else min(best, n)
                r = _core.nus_id(best)
    return _store(_NAIVE_AW, g, r)


def _ceil(x):
    return -((-x.numerator) // x.denominator)


def _floor(x):
    return x.numerator // x.denominator


def _atomic_weight_id(g):
    """Id of the atomic weight, or a string saying why there is none."""
    ls, rs = _core.stops(g)
    if ls != 0 or rs != 0:
        return f"it is not infinitesimal (its stops are {ls} and {rs}), so not all-small"
    aw = _naive_aw_id(g)
    if _is_all_small_id(g):
        return aw
    # David Wolfe's check, as CGSuite: |G - aw.^| <= ^* + (*N : -1), N a power of 2 >= far star.
    diff = _core.add(g, _core.neg(_norton_id(aw, _core.nus_id(0, 1, 0))))
    far = _far_star_id(g)
    p = 2
    while p < far:
        p <<= 1
    red_kite = _ordinal_id(_core.nus_id(0, 0, p), _core.nus_id(-1))
    eps = _core.add(_core.nus_id(0, 1, 1), red_kite)
    if _core.leq(diff, eps) and _core.leq(_core.neg(eps), diff):
        return aw
    return "its naive atomic weight fails the atomicity check (it is infinitesimal but not all-small)"


def atomic_weight(g):
    """The atomic weight of an atomic game (CGSuite ``AtomicWeight``).

    For an all-small game this is the weight from the atomic weight calculus
    (Siegel II.7): ``G00 = {G^L00 - 2 | G^R00 + 2}``, corrected by comparison
    with the far star when G00 is an integer.  An infinitesimal game that is
    not all-small gets the same naive weight if it passes David Wolfe's
    atomicity check (as in CGSuite).

    Raises
    ------
    NotAtomicError
        If G is not infinitesimal (so not all-small), or fails the check.
        The message names the game.

    Examples
    --------
    >>> [str(atomic_weight(s)) for s in ("^", "v*", "*8", "{0|^<2>}", "{^^|v}", "{^3|v3}", "{1|^^||^}")]
    ['1', '-1', '0', '1', '1/2', '+-1', '2']
    >>> atomic_weight("{1|^3||^}")
    Traceback (most recent call last):
    ...
    cgt.errors.NotAtomicError: {1|^3||^} is not atomic: its naive atomic weight fails the atomicity check (it is infinitesimal but not all-small)
    >>> atomic_weight("{1|-1}")
    Traceback (most recent call last):
    ...
    cgt.errors.NotAtomicError: +-1 is not atomic: it is not infinitesimal (its stops are 1 and -1), so not all-small

    Notes
    -----
    CGSuite's ``naiveAtomicWeight``, ``farStar`` (aaron-siegel/cgsuite,
    ``CanonicalShortGameOps.java``) and ``atomicWeightOpt``
    (``CanonicalShortGame.scala``).
    """
    g = _game(g)
    r = deep(_atomic_weight_id, g._id)
    if isinstance(r, str):
        raise NotAtomicError(f"{g} is not atomic: {r}")
    return _wrap(r)


def is_atomic(g):
    """True if :func:`atomic_weight` is defined for G.

    >>> is_atomic(cgt.up), is_atomic("{1|^3||^}"), is_atomic(cgt.pm(1))
    (True, False, False)
    """
    return not isinstance(deep(_atomic_weight_id, _game(g)._id), str)


# ====================================================================== reduced canonical form

def _star_projection_id(g):
    v = _core._NUS[g]
    if v is not None:
        if v[1] == 0 and v[2] == 0:
            return g
        if v[1] == 0 and v[2] == 1:
            return _core.nus_id(v[0])
    r = _STARPROJ.get(g)
    if r is None:
        r = _core.canonical([_star_projection_id(o) for o in _core.left(g)],
                            [_star_projection_id(o) for o in _core.right(g)])
        _store(_STARPROJ, g, r)
    return r


def _rcf_id(g):
    v = _core._NUS[g]
    if v is not None:
        return _core.nus_id(v[0])
    return _star_projection_id(_heat_id(g, _core.nus_id(0, 0, 1)))


def reduced_canonical_form(g):
    """The reduced canonical form: the simplest game infinitesimally close to G.

    ``rcf(G) - G`` is infinitesimal, and G and H are infinitesimally close iff
    their reduced canonical forms are equal (Calistrate; Grossman and Siegel).

    >>> reduced_canonical_form("{3||2*|1*}"), reduced_canonical_form("^*"), reduced_canonical_form("3/4v")
    (cgt.parse('{3||2|1}'), cgt.parse('0'), cgt.parse('3/4'))
    >>> reduced_canonical_form("{1*|-1*}")
    cgt.parse('+-1')

    Notes
    -----
    As CGSuite (``CanonicalShortGameOps.rcf``): heat G by ``*``, then take the
    star projection (replace every ``x*`` follower by ``x``, recursively).
    """
    return _wrap(deep(_rcf_id, _game(g)._id))


# ====================================================================== incentives and tempers

def _undominated_max(ids):
    ids = list(dict.fromkeys(ids))
    keep = []
    for i, a in enumerate(ids):
        if not any(j != i and _core.leq(a, b) for j, b in enumerate(ids)):
            keep.append(a)
    return keep


def _incentives_id(g):
    r = _INCENT.get(g)
    if r is None:
        ng = _core.neg(g)
        inc = [_core.add(gl, ng) for gl in _core.left(g)]
        inc += [_core.add(g, _core.neg(gr)) for gr in _core.right(g)]
        r = tuple(_undominated_max(inc))
        _store(_INCENT, g, r)
    return r


def incentives(g, player=None):
    """The incentives of G: ``G^L - G`` for Left, ``G - G^R`` for Right.

    Parameters
    ----------
    g : Game
    player : {None, "left", "right", cgt.Player, "x", "o"}
        None gives all incentives of both players together (CGSuite's
        ``Incentives``); otherwise only those of that player.  Dominated
        incentives (smaller than another) are dropped in both cases.

    Returns
    -------
    tuple of Game

    Raises
    ------
    NotAPlayerError
        For an unknown player name (the message names the game).

    Examples
    --------
    >>> incentives(cgt.up)
    (cgt.parse('^*'),)
    >>> incentives(cgt.up, "left"), incentives(cgt.up, "right")
    ((cgt.parse('v'),), (cgt.parse('^*'),))
    >>> incentives(cgt.pm(1), "x")
    (cgt.parse('{2|0}'),)
    """
    g = _game(g)
    if player is None:
        ids = deep(_incentives_id, g._id)
    else:
        try:
            p = Player.coerce(player)
        except NotAPlayerError as exc:
            raise NotAPlayerError(f"incentives of {g}: {exc}") from None
        gid = g._id
        if p is Player.LEFT:
            ng = _core.neg(gid)
            ids = _undominated_max([deep(_core.add, gl, ng) for gl in _core.left(gid)])
        else:
            ids = _undominated_max([deep(_core.add, gid, _core.neg(gr)) for gr in _core.right(gid)])
    from .game import _sorted_games
    return deep(_sorted_games, ids)


def _even_id(g):
    v = _core._NUS[g]
    if v is not None:
        return v[1] == 0 and v[2] == 0
    r = _EVEN_T.get(g)
    if r is None:
        r = all(_odd_id(o) for o in _core.left(g)) and all(_odd_id(o) for o in _core.right(g))
        _store(_EVEN_T, g, r)
    return r


def _odd_id(g):
    v = _core._NUS[g]
    if v is not None:
        return v[1] == 0 and v[2] == 1
    r = _ODD_T.get(g)
    if r is None:
        r = all(_even_id(o) for o in _core.left(g)) and all(_even_id(o) for o in _core.right(g))
        _store(_ODD_T, g, r)
    return r


def is_even_tempered(g):
    """True if G is even-tempered: a number, or every option is odd-tempered.

    >>> is_even_tempered(3), is_even_tempered(cgt.pm(1)), is_even_tempered("{1*|-1*}")
    (True, False, True)

    Notes
    -----
    Siegel II.6 (Elwyn Berlekamp's tempers); CGSuite ``isEvenTempered``.
    """
    return deep(_even_id, _game(g)._id)


def is_odd_tempered(g):
    """True if G is odd-tempered: not a number, and every option is even-tempered.

    >>> is_odd_tempered(cgt.star), is_odd_tempered(cgt.pm(1)), is_odd_tempered(cgt.up)
    (True, True, False)
    """
    return deep(_odd_id, _game(g)._id)


# ====================================================================== compounds

def _ordinal_id(g, h):
    a = _core._NUS[g]
    b = _core._NUS[h]
    if a is not None and a[1] == 0 and b is not None and b[0] == 0 and b[1] == 0:
        return _core.nus_id(a[0], 0, a[2] + b[2])
    key = (g, h)
    r = _ORDINAL.get(key)
    if r is not None:
        return r
    lo = list(_core.left(g)) + [_ordinal_id(g, hl) for hl in _core.left(h)]
    ro = list(_core.right(g)) + [_ordinal_id(g, hr) for hr in _core.right(h)]
    r = _core.canonical(lo, ro)
    return _store(_ORDINAL, key, r)


def ordinal_sum(g, h):
    """The ordinal sum ``G : H = {G^L, G:H^L | G^R, G:H^R}`` (G's canonical form is used).

    Moving in G (the base) destroys H; moving in H leaves G.

    >>> ordinal_sum("1/2", "1/4"), ordinal_sum("*5", "*6"), ordinal_sum(1, 1)
    (cgt.parse('9/16'), cgt.parse('*11'), cgt.parse('2'))
    >>> ordinal_sum(cgt.star, -1)
    cgt.parse('v*')

    Notes
    -----
    Conway, *On Numbers and Games*, ch. 15; CGSuite ``ordinalSum`` (with its
    shortcut ``x*m : *n = x*(m+n)``).
    """
    return _wrap(deep(_ordinal_id, _game(g)._id, _game(h)._id))


def _norton_id(g, u):
    key = (g, u)
    r = _NORTON.get(key)
    if r is not None:
        return r
    if _is_integer_id(g):
        n = _core._NUS[g][0].numerator
        base = _core.neg(u) if n < 0 else u
        n = abs(n)
        r = _core.ZERO
        while n:                       # binary addition, as CGSuite
            if n & 1:
                r = _core.add(r, base)
            n >>= 1
            if n:
                base = _core.add(base, base)
    else:
        upi = [_core.add(u, i) for i in _incentives_id(u)]
        lo = []
        for gl in _core.left(g):
            p = _norton_id(gl, u)
            lo.extend(_core.add(p, x) for x in upi)
        ro = []
        for gr in _core.right(g):
            p = _norton_id(gr, u)
            ro.extend(_core.add(p, _core.neg(x)) for x in upi)
        r = _core.canonical(lo, ro)
    return _store(_NORTON, key, r)


def norton_product(g, u):
    """The Norton product ``G.U`` (Norton multiplication of G by the unit U).

    ``n.U`` is n copies of U (``-n.U`` copies of ``-U``) for an integer n;
    otherwise ``G.U = {G^L.U + U + I | G^R.U - U - I}`` over the incentives I of U.
    U should be positive for the product to depend only on the value of G.

    >>> norton_product(6, cgt.up), norton_product(-4, cgt.up), norton_product(3, cgt.pm(1))
    (cgt.parse('^6'), cgt.parse('v4'), cgt.parse('+-1'))
    >>> norton_product("1/2", 1), norton_product(cgt.pm(1), cgt.up)
    (cgt.parse('1/2'), cgt.parse('+-^3*'))

    Notes
    -----
    Siegel II.7 (Norton multiplication) and CGSuite's
    ``CanonicalShortGameOps.nortonMultiply``, which uses ``U + I`` for every
    (undominated) incentive I of U.
    """
    return _wrap(deep(_norton_id, _game(g)._id, _game(u)._id))
