"""The :class:`Game` type: an immutable canonical short partizan game."""

import numbers
from fractions import Fraction

from . import _core
from ._deep import deep
from .errors import NotAGameError, NotANumberError, NotDyadicError
from .outcome import Outcome, Player

__all__ = ["Game", "as_game", "to_dyadic"]

_OBJECTS = {}


def _wrap(gid):
    g = _OBJECTS.get(gid)
    if g is None:
        g = object.__new__(Game)
        g._id = gid
        _OBJECTS[gid] = g
    return g


def to_dyadic(value):
    """Exact :class:`~fractions.Fraction` of a dyadic number given in any usual form.

    Accepts ``int``, :class:`~fractions.Fraction`, any :class:`numbers.Rational`
    (such as a sympy ``Rational``), a finite ``float`` (every float is dyadic),
    and strings like ``"3/8"`` or ``"-2"``.

    Raises
    ------
    NotDyadicError
        If the value is rational but its denominator is not a power of two,
        or it is not a number at all.

    Examples
    --------
    >>> to_dyadic("3/8")
    Fraction(3, 8)
    >>> to_dyadic("1/3")
    Traceback (most recent call last):
    ...
    cgt.errors.NotDyadicError: 1/3 ('1/3') is not a dyadic rational: its denominator 3 is not a power of 2
    """
    orig = value
    if isinstance(value, bool):
        raise NotDyadicError(f"{orig!r} is a bool, not a number")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        try:
            value = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise NotDyadicError(f"{orig!r} is not a number") from None
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise NotDyadicError(f"{orig!r} is not a finite number")
        value = Fraction(value)
    elif isinstance(value, numbers.Rational):
        value = Fraction(int(value.numerator), int(value.denominator))
    else:
        # sympy Rational and friends expose p and q; anything else is no number.
        p, q = getattr(value, "p", None), getattr(value, "q", None)
        if isinstance(p, int) and isinstance(q, int):
            value = Fraction(p, q)
        else:
            raise NotDyadicError(f"{orig!r} is not a number")
    d = value.denominator
    if d & (d - 1):
        raise NotDyadicError(
            f"{value} ({orig!r}) is not a dyadic rational: its denominator {d} is not a power of 2")
    return value


def as_game(value):
    """Turn a :class:`Game` or a dyadic number into a :class:`Game`.

    Strings are read as game notation (see :func:`cgt.parse`).

    >>> as_game(3), as_game(Fraction(1, 2)), as_game("^*")
    (cgt.parse('3'), cgt.parse('1/2'), cgt.parse('^*'))
    """
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        from .notation import parse
        return parse(value)
    try:
        return _wrap(_core.nus_id(to_dyadic(value)))
    except NotDyadicError as exc:
        if isinstance(value, (numbers.Number, str)) or hasattr(value, "q"):
            raise
        raise NotAGameError(f"{value!r} is neither a game nor a dyadic number") from exc


def _coerce(other):
    """Game for an operand of arithmetic/comparison, or None if foreign."""
    if isinstance(other, Game):
        return other
    if isinstance(other, bool):
        return None
    if isinstance(other, (int, Fraction, numbers.Rational)) or hasattr(other, "q"):
        try:
            return _wrap(_core.nus_id(to_dyadic(other)))
        except NotDyadicError:
            raise
    return None


class Game:
    """An immutable short partizan game, always in canonical form.

    Each canonical form is stored once; a :class:`Game` is a thin handle on it,
    so ``==`` and ``hash`` cost O(1) and equal games are the same object.
    Build games with :func:`cgt.parse`, :func:`cgt.game`, :func:`cgt.number`,
    :func:`cgt.nimber` and the constants :data:`cgt.up`, :data:`cgt.star`, ...

    Comparison operators implement the partial order of games: ``g <= h`` is
    Conway's order, ``g < h`` means ``g <= h and g != h``; two games can be
    incomparable (:meth:`is_fuzzy`).  Plain numbers (``int``,
    :class:`~fractions.Fraction`, sympy ``Rational``) mix freely with games in
    arithmetic and comparisons, and a number-valued game hashes like the equal
    number.

    ``bool(g)`` raises :class:`TypeError`: write ``g == 0`` or use
    :attr:`outcome`.

    Examples
    --------
    >>> g = cgt.parse("{1|0}")
    >>> g + g
    cgt.parse('1')
    >>> cgt.up + cgt.up
    cgt.parse('^^')
    >>> (cgt.up + cgt.up).left_options, (cgt.up + cgt.up).right_options
    ((cgt.parse('0'),), (cgt.parse('^*'),))
    >>> cgt.star.is_fuzzy(0), cgt.up > 0, cgt.up.outcome
    (True, True, <Outcome.L: 'L'>)
    """

    __slots__ = ("_id", "__weakref__")

    def __new__(cls, *args, **kwargs):
        raise TypeError("build games with cgt.game(left, right), cgt.parse(text) or cgt.number(q)")

    # ------------------------------------------------------------ ids
    @property
    def id(self):
        """The integer id of this canonical form in the engine's table (see :mod:`cgt.ops`).

        Ids belong to one process: they are not stable across runs and must not be saved.

        >>> cgt.Game.from_id(cgt.star.id) is cgt.star
        True
        """
        return self._id

    @classmethod
    def from_id(cls, gid):
        """The :class:`Game` with the id ``gid`` (see :mod:`cgt.ops`).

        >>> cgt.Game.from_id(cgt.ops.ZERO)
        cgt.parse('0')
        """
        return _wrap(gid)

    # ------------------------------------------------------------ structure
    @property
    def left_options(self):
        """The canonical Left options, as a tuple of :class:`Game` (display order)."""
        return _sorted_games(_core.left(self._id))

    @property
    def right_options(self):
        """The canonical Right options, as a tuple of :class:`Game` (display order)."""
        return _sorted_games(_core.right(self._id))

    def options(self, player):
        """The options of ``player`` (``"left"``/``"right"``, or ``"x"``/``"o"``)."""
        p = Player.coerce(player)
        return self.left_options if p is Player.LEFT else self.right_options

    @property
    def birthday(self):
        """The birthday: the height of the canonical game tree.

        >>> cgt.number(10**6).birthday, cgt.up.birthday, cgt.parse('{3||2|1}').birthday
        (1000000, 2, 4)
        """
        return deep(_core.birthday, self._id)

    # ------------------------------------------------------------ arithmetic
    def __add__(self, other):
        if type(other) is Game:
            a, b = self._id, other._id
            r = _core._ADD.get(a << 32 | b if a <= b else b << 32 | a)
            if r is not None:                  # memoised sum: skip the layers below
                return _wrap(r)
            o = other
        else:
            o = _coerce(other)
            if o is None:
                return NotImplemented
        return _wrap(deep(_core.add, self._id, o._id))

    __radd__ = __add__

    def __neg__(self):
        return _wrap(deep(_core.neg, self._id))

    def __pos__(self):
        return self

    def __sub__(self, other):
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _wrap(deep(_sub, self._id, o._id))

    def __rsub__(self, other):
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _wrap(deep(_sub, o._id, self._id))

    # ------------------------------------------------------------ order
    def __eq__(self, other):
        if isinstance(other, Game):
            return self._id == other._id
        try:
            o = _coerce(other)
        except NotDyadicError:
            return False
        if o is None:
            return NotImplemented
        return self._id == o._id

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        x = _core.number_value(self._id)
        if x is not None:
            return hash(x)
        return hash(("cgt.Game", self._id))

    def __le__(self, other):
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return deep(_core.leq, self._id, o._id)

    def __ge__(self, other):
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return deep(_core.leq, o._id, self._id)

    def __lt__(self, other):
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return self._id != o._id and deep(_core.leq, self._id, o._id)

    def __gt__(self, other):
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return self._id != o._id and deep(_core.leq, o._id, self._id)

    def is_fuzzy(self, other):
        """``G || H``: neither ``G <= H`` nor ``H <= G`` (confused with).

        >>> cgt.star.is_fuzzy(0), cgt.up.is_fuzzy(cgt.star), cgt.up.is_fuzzy(0)
        (True, True, False)
        """
        o = as_game(other)
        return not deep(_core.leq, self._id, o._id) and not deep(_core.leq, o._id, self._id)

    def compare(self, other):
        """One of ``"<"``, ``"="``, ``">"``, ``"||"``: how ``self`` relates to ``other``.

        >>> cgt.up.compare(cgt.star), cgt.up.compare(0)
        ('||', '>')
        """
        o = as_game(other)
        if o._id == self._id:
            return "="
        le = deep(_core.leq, self._id, o._id)
        ge = deep(_core.leq, o._id, self._id)
        return "<" if le else ">" if ge else "||"

    @property
    def outcome(self):
        """The outcome class (:class:`cgt.Outcome`): P (G = 0), N (G || 0), L (G > 0), R (G < 0).

        >>> [g.outcome.value for g in (cgt.zero, cgt.star, cgt.up, cgt.down)]
        ['P', 'N', 'L', 'R']
        """
        z = _core.ZERO
        if self._id == z:
            return Outcome.P
        ge0 = deep(_core.leq, z, self._id)
        if ge0:
            return Outcome.L
        le0 = deep(_core.leq, self._id, z)
        return Outcome.R if le0 else Outcome.N

    def __bool__(self):
        raise TypeError("the truth value of a game is ambiguous: compare with 0 (g == 0, g > 0) "
                        "or use g.outcome")

    # ------------------------------------------------------------ predicates
    @property
    def is_number(self):
        """True if the game equals a (dyadic) number."""
        return _core.is_number(self._id)

    @property
    def is_integer(self):
        """True if the game equals an integer."""
        x = _core.number_value(self._id)
        return x is not None and x.denominator == 1

    @property
    def is_nimber(self):
        """True if the game is a nimber ``*n`` (including ``0``)."""
        v = _core._NUS[self._id]
        return v is not None and v[0] == 0 and v[1] == 0

    @property
    def is_number_up_star(self):
        """True if the game equals ``x + ^n + *m`` for a number x and integers n, m."""
        return _core._NUS[self._id] is not None

    @property
    def is_infinitesimal(self):
        """True if both stops are 0 (as in CGSuite, 0 itself counts).

        >>> cgt.up.is_infinitesimal, cgt.pm(1).is_infinitesimal, cgt.tiny(2).is_infinitesimal
        (True, False, True)
        """
        ls, rs = deep(_core.stops, self._id)
        return ls == 0 and rs == 0

    @property
    def is_switch(self):
        """True if the game is ``±H = {H | -H}`` for some game H (CGSuite's sense), other than ``*``.

        >>> cgt.pm(1).is_switch, cgt.parse('{2|1}').is_switch, cgt.star.is_switch
        (True, False, False)
        """
        if _core._NUS[self._id] is not None:
            return False
        lo, ro = _core.left(self._id), _core.right(self._id)
        return len(lo) == 1 and len(ro) == 1 and deep(_core.neg, lo[0]) == ro[0]

    # ------------------------------------------------------------ number-up-star parts
    def as_fraction(self):
        """The exact value of a number as a :class:`~fractions.Fraction`.

        Raises :class:`cgt.NotANumberError` if the game is not a number.

        >>> cgt.parse('{3/4|7/8}').as_fraction()
        Fraction(13, 16)
        """
        x = _core.number_value(self._id)
        if x is None:
            raise NotANumberError(f"{self} is not a number")
        return x

    def _nus(self):
        v = _core._NUS[self._id]
        if v is None:
            raise NotANumberError(f"{self} is not of the form number + ups + nimber")
        return v

    @property
    def number_part(self):
        """The number x of a value ``x + ^n + *m`` (a Fraction)."""
        return self._nus()[0]

    @property
    def up_multiple(self):
        """The multiple of up n of a value ``x + ^n + *m``."""
        return self._nus()[1]

    @property
    def nim_part(self):
        """The nimber m of a value ``x + ^n + *m`` (an int)."""
        return self._nus()[2]

    def __int__(self):
        x = self.as_fraction()
        if x.denominator != 1:
            raise NotANumberError(f"{self} is not an integer")
        return x.numerator

    def __float__(self):
        return float(self.as_fraction())

    # ------------------------------------------------------------ notation
    def __str__(self):
        from .notation import format_game
        return deep(format_game, self._id)

    def __repr__(self):
        return f"cgt.parse({str(self)!r})"

    def __format__(self, spec):
        return format(str(self), spec)

    def _repr_latex_(self):
        try:
            from .notation import latex_game
            return "$\\displaystyle " + deep(latex_game, self._id) + "$"
        except Exception:  # a display hook must never raise
            return None

    def __reduce__(self):
        from .notation import parse
        return (parse, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # ---- analysis: thin delegates to cgt/analysis.py and cgt/thermograph.py
    @property
    def left_stop(self):
        """The left stop (a Fraction); see :func:`cgt.analysis.left_stop`.

        >>> cgt.parse("{3||2*|1*}").left_stop
        Fraction(3, 1)
        """
        from . import analysis
        return analysis.left_stop(self)

    @property
    def right_stop(self):
        """The right stop (a Fraction); see :func:`cgt.analysis.right_stop`.

        >>> cgt.parse("{3||2*|1*}").right_stop
        Fraction(2, 1)
        """
        from . import analysis
        return analysis.right_stop(self)

    @property
    def confusion_interval(self):
        """The numbers G is confused with; see :func:`cgt.analysis.confusion_interval`.

        >>> str(cgt.pm(1).confusion_interval)
        '[-1, 1]'
        """
        from . import analysis
        return analysis.confusion_interval(self)

    def thermograph(self):
        """The exact :class:`cgt.Thermograph` (walls, temperature, mast).

        >>> th = cgt.parse("{2|-1}").thermograph()
        >>> th.temperature, th.mast
        (Fraction(3, 2), Fraction(1, 2))
        """
        from .thermograph import thermograph
        return thermograph(self)

    @property
    def temperature(self):
        """The temperature (CGSuite convention: integers -1, m/2^k -1/2^k, infinitesimals 0).

        >>> cgt.parse("{3||2*|1*}").temperature, cgt.number(4).temperature, cgt.up.temperature
        (Fraction(3, 4), Fraction(-1, 1), Fraction(0, 1))
        """
        from . import analysis
        return analysis.temperature(self)

    @property
    def mean(self):
        """The mean value (a Fraction): the mast of the thermograph.

        >>> cgt.parse("{3||2*|1*}").mean
        Fraction(9, 4)
        """
        from . import analysis
        return analysis.mean(self)

    def cool(self, t):
        """G cooled by the number t; see :func:`cgt.analysis.cool`.

        >>> cgt.parse("{2|-1}").cool(1), cgt.parse("{2|-1}").cool("3/2")
        (cgt.parse('{1|0}'), cgt.parse('1/2*'))
        """
        from . import analysis
        return analysis.cool(self, t)

    def heat(self, t):
        """G heated by t (a number or any game); see :func:`cgt.analysis.heat`.

        >>> cgt.star.heat(2), cgt.up.heat(2)
        (cgt.parse('+-2'), cgt.parse('{2||0|-4}'))
        """
        from . import analysis
        return analysis.heat(self, t)

    def freeze(self):
        """G cooled by its own temperature; see :func:`cgt.analysis.freeze`.

        >>> cgt.parse("{3||2*|1*}").freeze()
        cgt.parse('9/4*')
        """
        from . import analysis
        return analysis.freeze(self)

    def overheat(self, s, t):
        """G overheated from s to t; see :func:`cgt.analysis.overheat`.

        >>> cgt.star.overheat(1, 1)
        cgt.parse('+-1')
        """
        from . import analysis
        return analysis.overheat(self, s, t)

    @property
    def is_all_small(self):
        """True if every follower with a move for one player has one for the other.

        >>> cgt.up.is_all_small, cgt.tiny(1).is_all_small
        (True, False)
        """
        from . import analysis
        return analysis.is_all_small(self)

    @property
    def atomic_weight(self):
        """The atomic weight; raises :class:`cgt.NotAtomicError` if undefined.

        >>> cgt.up.atomic_weight, cgt.parse("{^^|v}").atomic_weight
        (cgt.parse('1'), cgt.parse('1/2'))
        """
        from . import analysis
        return analysis.atomic_weight(self)

    @property
    def is_atomic(self):
        """True if :attr:`atomic_weight` is defined.

        >>> cgt.up.is_atomic, cgt.pm(1).is_atomic
        (True, False)
        """
        from . import analysis
        return analysis.is_atomic(self)

    def reduced_canonical_form(self):
        """The simplest game infinitesimally close to G (heat by ``*``, then star projection).

        >>> cgt.parse("{3||2*|1*}").reduced_canonical_form()
        cgt.parse('{3||2|1}')
        """
        from . import analysis
        return analysis.reduced_canonical_form(self)

    def incentives(self, player=None):
        """Undominated incentives of both players, or of ``player``; see :func:`cgt.analysis.incentives`.

        >>> cgt.up.incentives(), cgt.up.incentives("left")
        ((cgt.parse('^*'),), (cgt.parse('v'),))
        """
        from . import analysis
        return analysis.incentives(self, player)

    @property
    def is_even_tempered(self):
        """True if G is a number or all its options are odd-tempered.

        >>> cgt.number(2).is_even_tempered, cgt.star.is_even_tempered
        (True, False)
        """
        from . import analysis
        return analysis.is_even_tempered(self)

    @property
    def is_odd_tempered(self):
        """True if G is not a number and all its options are even-tempered.

        >>> cgt.star.is_odd_tempered, cgt.up.is_odd_tempered
        (True, False)
        """
        from . import analysis
        return analysis.is_odd_tempered(self)

    def ordinal_sum(self, h):
        """The ordinal sum ``G : H``; see :func:`cgt.analysis.ordinal_sum`.

        >>> cgt.number("1/2").ordinal_sum("1/4"), cgt.nimber(5).ordinal_sum(cgt.nimber(6))
        (cgt.parse('9/16'), cgt.parse('*11'))
        """
        from . import analysis
        return analysis.ordinal_sum(self, h)

    def norton_product(self, u):
        """The Norton product ``G.U``; see :func:`cgt.analysis.norton_product`.

        >>> cgt.number(6).norton_product(cgt.up), cgt.number(-4).norton_product(cgt.up)
        (cgt.parse('^6'), cgt.parse('v4'))
        """
        from . import analysis
        return analysis.norton_product(self, u)

    @property
    def nim_value(self):
        """The n of a nimber ``*n``; raises :class:`cgt.NotImpartialError` otherwise.

        >>> cgt.nimber(3).nim_value, cgt.zero.nim_value
        (3, 0)
        """
        from .impartial import nim_value
        return nim_value(self)


def _sub(g, h):
    return _core.add(g, _core.neg(h))


def _sorted_games(ids):
    from .notation import display_key
    return deep(lambda: tuple(sorted((_wrap(i) for i in ids), key=lambda g: display_key(g._id))))
