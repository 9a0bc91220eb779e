"""CGT analysis of short games: stops, mean and temperature, cooling and heating,
atomic weight, reduced canonical form, incentives, tempers and two compounds.

Every function takes a :class:`cgt.Game` (or anything :func:`cgt.as_game`
accepts: a dyadic number, or a string of game notation) and returns exact
values: :class:`~fractions.Fraction` for numbers, :class:`cgt.Game` for games.
The same operations are available as properties and methods of
:class:`cgt.Game` (``g.temperature``, ``g.cool(t)``, ...): the functions here
are their functional faces, and the computations on ids live below
:class:`cgt.Game` (in the private ``cgt._kernels``).

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

from __future__ import annotations

from fractions import Fraction

from . import ops
from ._deep import deep
from .outcome import Player
from .shortgame import ConfusionInterval, Game, GameLike, as_game
from .thermography import Thermograph

__all__ = [
    "left_stop", "right_stop", "stops", "confusion_interval", "ConfusionInterval",
    "mean", "temperature", "thermograph",
    "cool", "heat", "freeze", "overheat",
    "is_all_small", "atomic_weight", "is_atomic",
    "reduced_canonical_form", "incentives", "is_even_tempered", "is_odd_tempered",
    "ordinal_sum", "norton_product",
]


# ====================================================================== stops

def left_stop(g: GameLike) -> Fraction:
    """The left stop: where play ends (at a number) when Left moves first.

    >>> left_stop("{3||2*|1*}"), left_stop(cgt.up), left_stop(5)
    (Fraction(3, 1), Fraction(0, 1), Fraction(5, 1))

    Notes
    -----
    ``L(x) = x`` for a number, else ``L(G) = max R(G^L)`` (Siegel II.3).
    """
    return as_game(g).left_stop


def right_stop(g: GameLike) -> Fraction:
    """The right stop: where play ends (at a number) when Right moves first.

    >>> right_stop("{3||2*|1*}"), right_stop(cgt.pm(1))
    (Fraction(2, 1), Fraction(-1, 1))
    """
    return as_game(g).right_stop


def stops(g: GameLike) -> tuple[Fraction, Fraction]:
    """``(left stop, right stop)``.

    >>> stops("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}")
    (Fraction(1, 2), Fraction(-1, 1))
    """
    return deep(ops.stops, as_game(g).id)


def confusion_interval(g: GameLike) -> ConfusionInterval:
    """The interval of numbers ``x`` with ``G || x`` (G confused with x).

    Returns
    -------
    ConfusionInterval
        ``(low, high, low_closed, high_closed)``: low is the right stop, high
        the left stop; an end is closed when G is confused with that number.

    Examples
    --------
    >>> ci = confusion_interval(cgt.pm(1))
    >>> ci  # doctest: +NORMALIZE_WHITESPACE
    ConfusionInterval(low=Fraction(-1, 1), high=Fraction(1, 1),
                      low_closed=True, high_closed=True)
    >>> str(ci), 0 in ci, 2 in ci
    ('[-1, 1]', True, False)
    >>> str(confusion_interval(cgt.star)), str(confusion_interval(cgt.up)), str(confusion_interval(3))
    ('[0, 0]', '{}', '{}')

    Notes
    -----
    ``G || x`` for every number strictly between the stops (Siegel II.3); the
    end points are decided by comparing G with them.
    """
    return as_game(g).confusion_interval


# ====================================================================== mean and temperature

def thermograph(g: GameLike) -> Thermograph:
    """The exact :class:`cgt.Thermograph` of a game.

    Parameters
    ----------
    g : Game or number or str
        Anything :func:`cgt.as_game` accepts.

    Returns
    -------
    Thermograph

    Examples
    --------
    >>> th = thermograph("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}")
    >>> th.temperature, th.mast
    (Fraction(21, 16), Fraction(-5, 16))
    >>> thermograph(cgt.pm(1) + cgt.pm(2)).temperature
    Fraction(2, 1)

    Notes
    -----
    Computed recursively from the options' walls and memoized by canonical
    form (CGSuite's ``CanonicalShortGameOps.thermograph``); the work is
    linear in the number of distinct followers times the size of their walls.
    """

    return as_game(g).thermograph


def mean(g: GameLike) -> Fraction:
    """The mean value: the mast of the thermograph (additive: m(G+H) = m(G) + m(H)).

    >>> mean("{3||2*|1*}"), mean(cgt.pm(1)), mean("{2|-1}"), mean(cgt.up)
    (Fraction(9, 4), Fraction(0, 1), Fraction(1, 2), Fraction(0, 1))

    Notes
    -----
    CGSuite ``mean``: the number part of a number-up-star, else the mast value.
    """
    return as_game(g).mean


def temperature(g: GameLike) -> Fraction:
    """The temperature, in CGSuite's convention.

    An integer has temperature ``-1``, a number ``m/2^k`` ``-1/2^k``, any other
    number-up-star (an infinitesimal shifted by a number) ``0``; for other games
    it is the height where the thermograph's walls meet the mast.

    >>> temperature("{3||2*|1*}"), temperature(7), temperature("3/8"), temperature("^*")
    (Fraction(3, 4), Fraction(-1, 1), Fraction(-1, 8), Fraction(0, 1))
    >>> temperature(cgt.pm(1) + cgt.pm(2) + cgt.pm(3))
    Fraction(3, 1)
    """
    return as_game(g).temperature


# ====================================================================== cooling and heating

def cool(g: GameLike, t: GameLike) -> Game:
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
    return as_game(g).cool(t)


def heat(g: GameLike, t: GameLike) -> Game:
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
    return as_game(g).heat(t)


def freeze(g: GameLike) -> Game:
    """G frozen: G cooled by its own temperature (CGSuite ``Freeze``).

    Number-up-star values are already frozen.

    >>> freeze("{3||2*|1*}"), freeze("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}")
    (cgt.parse('9/4*'), cgt.parse('-5/16*'))
    >>> freeze(cgt.pm(1)), freeze("^*")
    (cgt.parse('*'), cgt.parse('^*'))
    """
    return as_game(g).frozen


def overheat(g: GameLike, s: GameLike, t: GameLike) -> Game:
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
    return as_game(g).overheat(s, t)


# ====================================================================== atomic weight

def is_all_small(g: GameLike) -> bool:
    """True if G is all-small: in every follower, Left can move iff Right can.

    >>> is_all_small(cgt.up), is_all_small("{0|^^}"), is_all_small(cgt.tiny(1)), is_all_small(0)
    (True, True, False, True)

    Notes
    -----
    CGSuite ``isAllSmall``: a number-up-star is all-small iff its number part is 0.
    """
    return as_game(g).is_all_small


def atomic_weight(g: GameLike) -> Game:
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
    cgt.errors.NotAtomicError: {1|^3||^} is not atomic: its naive atomic weight fails the atomicity check ...
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
    return as_game(g).atomic_weight


def is_atomic(g: GameLike) -> bool:
    """True if :func:`atomic_weight` is defined for G.

    >>> is_atomic(cgt.up), is_atomic("{1|^3||^}"), is_atomic(cgt.pm(1))
    (True, False, False)
    """
    return as_game(g).is_atomic


# ====================================================================== reduced canonical form

def reduced_canonical_form(g: GameLike) -> Game:
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
    return as_game(g).reduced_canonical_form


# ====================================================================== incentives and tempers

def incentives(g: GameLike, player: Player | str | None = None) -> tuple[Game, ...]:
    """The incentives of G: ``G^L - G`` for Left, ``G - G^R`` for Right.

    Parameters
    ----------
    g : Game
    player : {None, "left", "right", "L", "R", cgt.Player}
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
    >>> incentives(cgt.pm(1), "L")
    (cgt.parse('{2|0}'),)
    """
    return as_game(g).incentives(player)


def is_even_tempered(g: GameLike) -> bool:
    """True if G is even-tempered: a number, or every option is odd-tempered.

    >>> is_even_tempered(3), is_even_tempered(cgt.pm(1)), is_even_tempered("{1*|-1*}")
    (True, False, True)

    Notes
    -----
    Siegel II.6 (Elwyn Berlekamp's tempers); CGSuite ``isEvenTempered``.
    """
    return as_game(g).is_even_tempered


def is_odd_tempered(g: GameLike) -> bool:
    """True if G is odd-tempered: not a number, and every option is even-tempered.

    >>> is_odd_tempered(cgt.star), is_odd_tempered(cgt.pm(1)), is_odd_tempered(cgt.up)
    (True, True, False)
    """
    return as_game(g).is_odd_tempered


# ====================================================================== compounds

def ordinal_sum(g: GameLike, h: GameLike) -> Game:
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
    return as_game(g).ordinal_sum(h)


def norton_product(g: GameLike, u: GameLike) -> Game:
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
    return as_game(g).norton_product(u)
