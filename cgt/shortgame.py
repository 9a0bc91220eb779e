"""The :class:`Game` type: an immutable canonical short partizan game.

Also the conversions into games (:func:`as_game`, :func:`to_dyadic`) and the
reader of game notation (:func:`parse`).  A :class:`Game` is a thin handle on
an id of :mod:`cgt.ops`; its analysis comes from the id-level kernels below it
(:mod:`cgt.notation`, :mod:`cgt.thermography` and the private ``_kernels``).
"""

from __future__ import annotations

import html
import numbers
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from . import _kernels as K
from . import ops
from ._deep import deep
from .errors import (
    CGTTypeError,
    InvalidIdError,
    InvalidTemperatureError,
    NotAGameError,
    NotANumberError,
    NotAPlayerError,
    NotAtomicError,
    NotDyadicError,
    NotImpartialError,
)
from .notation import UNICODE, display_key, format_game, latex_game, parse_id
from .outcome import Outcome, Player
from .thermography import Thermograph

__all__ = ["Game", "GameLike", "NumberLike", "ConfusionInterval", "as_game", "to_dyadic", "parse"]

NumberLike = int | Fraction | numbers.Rational | float | str
"""What a dyadic number may be given as (see :func:`to_dyadic`); sympy ``Rational`` works too."""

_OBJECTS: dict[int, Game] = {}      # id -> its one Game object

_add = ops.add
_neg = ops.neg
_leq = ops.leq
_nus_id = ops.nus_id
_ZERO = ops.ZERO


# On the native backend, Game derives from the native core's GameBase, which holds the id
# too and implements +, - and unary - between games (or a game and an int or a dyadic
# Fraction) without a Python frame: the result's object comes from its own table of the
# objects of ids, filled through _wrap.  The Python methods below stay the reference and
# serve every other operand (see the end of the class).
_NativeBase: Any = getattr(ops.engine("native"), "GameBase", None) if ops.BACKEND == "native" else None
if TYPE_CHECKING:
    _GameBase = object
else:
    _GameBase = object if _NativeBase is None else _NativeBase


def _wrap(gid: int) -> Game:
    g = _OBJECTS.get(gid)
    if g is None:
        g = object.__new__(Game) if _NativeBase is None else _NativeBase.__new__(Game, gid)
        g._id = gid
        _OBJECTS[gid] = g
    return g


def to_dyadic(value: NumberLike) -> Fraction:
    """Exact :class:`~fractions.Fraction` of a dyadic number given in any usual form.

    Accepts ``int``, :class:`~fractions.Fraction`, any :class:`numbers.Rational`
    (such as a sympy ``Rational``), a finite ``float`` (every float is dyadic),
    and strings like ``"3/8"`` or ``"-2"``.

    Raises
    ------
    CGTTypeError
        If the value is of no number type (``bool`` included).
    NotDyadicError
        If the value is rational but its denominator is not a power of two,
        or a string or float that is no finite number.

    Examples
    --------
    >>> cgt.to_dyadic("3/8"), cgt.to_dyadic(0.75)
    (Fraction(3, 8), Fraction(3, 4))
    >>> cgt.to_dyadic("1/3")
    Traceback (most recent call last):
    ...
    cgt.errors.NotDyadicError: 1/3 ('1/3') is not a dyadic rational: its denominator 3 is not a power of 2
    """
    orig = value
    if isinstance(value, bool):
        raise CGTTypeError(f"{orig!r} is a bool, not a number")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        try:
            x = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise NotDyadicError(f"{orig!r} is not a number") from None
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise NotDyadicError(f"{orig!r} is not a finite number")
        x = Fraction(value)
    elif isinstance(value, numbers.Rational):
        x = Fraction(int(value.numerator), int(value.denominator))
    else:
        # sympy Rational and friends expose p and q; anything else is no number.
        p, q = getattr(value, "p", None), getattr(value, "q", None)  # type: ignore[unreachable]  # user input
        if not (isinstance(p, int) and isinstance(q, int)):
            raise CGTTypeError(f"a number is an int, a Fraction, a float or a string like '3/8', "
                               f"not {type(orig).__name__}: {orig!r}")
        x = Fraction(p, q)
    d = x.denominator
    if d & (d - 1):
        raise NotDyadicError(
            f"{x} ({orig!r}) is not a dyadic rational: its denominator {d} is not a power of 2")
    return x


def _is_number_type(value: object) -> bool:
    return isinstance(value, (numbers.Number, str)) or hasattr(value, "q")


def as_game(value: GameLike) -> Game:
    """Turn a :class:`Game`, a dyadic number or game notation into a :class:`Game`.

    Strings are read as game notation (see :func:`cgt.parse`).

    Raises
    ------
    NotAGameError
        If ``value`` is of no type that makes a game (a :class:`cgt.CGTTypeError`).
    NotDyadicError, GameParseError
        If it is a number that is not dyadic, or notation that cannot be read.

    Examples
    --------
    >>> cgt.as_game(3), cgt.as_game(Fraction(1, 2)), cgt.as_game("^*")
    (cgt.parse('3'), cgt.parse('1/2'), cgt.parse('^*'))
    >>> cgt.as_game([1])
    Traceback (most recent call last):
    ...
    cgt.errors.NotAGameError: [1] is neither a game, a dyadic number nor game notation (it is a list)
    """
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        return parse(value)
    if isinstance(value, bool) or not _is_number_type(value):
        raise NotAGameError(f"{value!r} is neither a game, a dyadic number nor game notation "
                            f"(it is a {type(value).__name__})")
    try:
        return _wrap(_nus_id(to_dyadic(value)))
    except CGTTypeError:
        raise NotAGameError(f"{value!r} is neither a game, a dyadic number nor game notation "
                            f"(it is a {type(value).__name__})") from None


def _coerce(other: object) -> Game | None:
    """Game for an operand of arithmetic/comparison, or None if foreign."""
    if isinstance(other, Game):
        return other
    if isinstance(other, bool):
        return None
    if isinstance(other, (int, Fraction, numbers.Rational)) or hasattr(other, "q"):
        return _wrap(_nus_id(to_dyadic(other)))  # type: ignore[arg-type]  # a sympy Rational, by its p and q
    return None


_PARSED: dict[str, Game] = {}     # short texts read before -> their games (ids stay valid)
_PARSED_LIMIT = 4096               # texts remembered; past that the memo starts again
_PARSED_LENGTH = 64                # longer texts are not remembered
# a number-up-star atom: an integer or a dyadic p/q, ups, a star: "3", "-1/2", "^^*", "*5", "1^*"
_ATOM = re.compile(r"(?:(-?[0-9]+)(?:/([0-9]+))?)?(\^*)(?:(\*)([0-9]*))?", re.ASCII)


def _clear_parsed() -> None:
    """Forget the texts read by :func:`parse` (called by :func:`cgt.clear_caches`)."""
    _PARSED.clear()


def _parsed_size() -> int:
    """The number of texts :func:`parse` remembers (reported by :func:`cgt.cache_info`)."""
    return len(_PARSED)


def _atom(text: str) -> Game | None:
    """The game of an atom written the plain way (``"3"``, ``"-1/2"``, ``"^^*"``, ``"*5"``), or
    None for anything else, which the parser reads (and judges: ``"1/3"``, ``"1/0"``)."""
    m = _ATOM.fullmatch(text)
    if m is None or not text:
        return None
    whole, den, ups, star, nim = m.groups()
    x: Fraction | int = 0
    if whole is not None:
        x = int(whole)
        if den is not None:
            q = int(den)
            if q == 0 or q & (q - 1):
                return None
            x = Fraction(x, q)
    m_nim = (int(nim) if nim else 1) if star else 0
    return _wrap(ops.nus_id(x, len(ups), m_nim))


def parse(text: str) -> Game:
    """Read a game written in CGSuite's plain-text notation.

    Parameters
    ----------
    text : str
        For example ``"{1|0}"``, ``"^^*"``, ``"{3||2|1}"``, ``"+-1"``, ``"3/8"``,
        ``"^^^+vvv*+*3"``, ``"Tiny(2)"``.

    Returns
    -------
    Game
        The canonical form.

    Raises
    ------
    CGTTypeError
        If ``text`` is not a string.
    GameParseError
        If the text is malformed; the message gives the position of the fault.
    NotDyadicError
        If a number in it is not dyadic (``1/3``).

    Examples
    --------
    >>> cgt.parse("{0|^*5}")
    cgt.parse('^^*4')
    >>> cgt.parse("*3+*5"), cgt.parse("{0,*|0,*}"), cgt.parse("{3/4|7/8}")
    (cgt.parse('*6'), cgt.parse('*2'), cgt.parse('13/16'))
    >>> cgt.parse("{3 | {2 | 1}}")
    cgt.parse('{3||2|1}')
    >>> cgt.parse("{1|2")
    Traceback (most recent call last):
    ...
    cgt.errors.GameParseError: unclosed '{' at position 0 in '{1|2'
      {1|2
      ^

    Notes
    -----
    Short texts are remembered (up to 4096 of 64 characters or fewer, forgotten
    by :func:`cgt.clear_caches`), and atoms written the plain way (``"3"``,
    ``"-1/2"``, ``"^^*"``, ``"*5"``) are read without the parser, so a loop that
    builds games from short strings costs a dictionary look-up a string.
    """
    if type(text) is str:
        g = _PARSED.get(text)
        if g is not None:
            return g
    elif not isinstance(text, str):
        raise CGTTypeError(f"game notation must be a string, not {type(text).__name__}: {text!r}")
    g = _atom(text) if len(text) <= _PARSED_LENGTH else None      # long texts: the parser's
    if g is None:
        g = _wrap(deep(parse_id, text))
    if len(text) <= _PARSED_LENGTH:
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[str(text)] = g
    return g


class ConfusionInterval(NamedTuple):
    """The numbers a game is confused with: from ``low`` to ``high``.

    ``low`` and ``high`` are the right and left stops; whether each end point
    belongs to the interval (``low_closed``, ``high_closed``) depends on the
    infinitesimal part at that stop.  A number is confused with no number: its
    interval is empty (``low == high``, both ends open).

    >>> ci = cgt.parse("{2*|1}").confusion_interval
    >>> str(ci), ci.low, ci.high_closed, 1 in ci, 2 in ci
    ('[1, 2)', Fraction(1, 1), False, True, False)
    """

    low: Fraction
    high: Fraction
    low_closed: bool
    high_closed: bool

    def __contains__(self, x: object) -> bool:
        """``x in interval``: True if the game is confused with the number x.

        >>> 1 in cgt.parse("{2|1}").confusion_interval, 1 in cgt.parse("{2|1*}").confusion_interval
        (True, False)
        """
        y = to_dyadic(x)  # type: ignore[arg-type]  # to_dyadic checks the type
        if self.low < y < self.high:
            return True
        return (y == self.low and self.low_closed) or (y == self.high and self.high_closed)

    @property
    def is_empty(self) -> bool:
        """True if the game is confused with no number.

        >>> cgt.up.confusion_interval.is_empty, cgt.star.confusion_interval.is_empty
        (True, False)
        """
        return self.low == self.high and not (self.low_closed or self.high_closed)

    def __str__(self) -> str:
        if self.is_empty:
            return "{}"
        lo = "[" if self.low_closed else "("
        hi = "]" if self.high_closed else ")"
        return f"{lo}{_fmt(self.low)}, {_fmt(self.high)}{hi}"


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else str(x)


class Game(_GameBase):
    """An immutable short partizan game, always in canonical form.

    Each canonical form is stored once; a :class:`Game` is a thin handle on it
    (its :attr:`id` in :mod:`cgt.ops`), so ``==`` and ``hash`` cost O(1) and
    equal games are the same object.  Build games with :func:`cgt.parse`,
    :func:`cgt.game`, :func:`cgt.number`, :func:`cgt.nimber` and the constants
    :data:`cgt.up`, :data:`cgt.star`, ...

    Comparison operators implement the partial order of games: ``g <= h`` is
    Conway's order, ``g < h`` means ``g <= h and g != h``; two games can be
    incomparable (:meth:`is_fuzzy`).  Plain numbers (``int``,
    :class:`~fractions.Fraction`, sympy ``Rational``) mix freely with games in
    arithmetic and comparisons, and a number-valued game hashes like the equal
    number.

    One rule decides between properties and methods: a *fact* of the game
    alone (its options, birthday, outcome, stops, temperature, thermograph,
    frozen value, reduced canonical form, atomic weight, ...) is a property;
    an *operation that takes arguments* (:meth:`cool`, :meth:`heat`,
    :meth:`compare`, :meth:`incentives`, ...) is a method.

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

    _id: int

    def __new__(cls, *args: Any, **kwargs: Any) -> Game:
        raise CGTTypeError("build games with cgt.game(left, right), cgt.parse(text) or cgt.number(q)")

    # ------------------------------------------------------------ ids
    @property
    def id(self) -> int:
        """The integer id of this canonical form in the engine's table (see :mod:`cgt.ops`).

        Ids belong to one process: they are not stable across runs and must not be saved.

        >>> cgt.Game.from_id(cgt.star.id) is cgt.star
        True
        """
        return self._id

    @classmethod
    def from_id(cls, gid: int) -> Game:
        """The :class:`Game` with the id ``gid`` (see :mod:`cgt.ops`).

        Raises
        ------
        CGTTypeError
            If ``gid`` is not an ``int``.
        InvalidIdError
            If no game has this id in this process.

        Examples
        --------
        >>> cgt.Game.from_id(cgt.ops.ZERO)
        cgt.parse('0')
        >>> cgt.Game.from_id(-1)
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidIdError: -1 is not the id of a game: ids are 0 to ... in this process
        """
        if type(gid) is not int:
            raise CGTTypeError(f"a game id is an int, not {type(gid).__name__}: {gid!r}")
        g = _OBJECTS.get(gid)
        if g is not None:
            return g
        if gid >= 0:
            try:
                ops.nus(gid)            # cheap on every backend; fails for an id not in the table
            except (IndexError, InvalidIdError):
                pass
            else:
                return _wrap(gid)
        size = ops.cache_info()["games"]            # only to say what the ids are
        raise InvalidIdError(f"{gid!r} is not the id of a game: ids are 0 to {size - 1} in this process")

    # ------------------------------------------------------------ structure
    @property
    def left_options(self) -> tuple[Game, ...]:
        """The canonical Left options, as a tuple of :class:`Game` (display order).

        >>> cgt.nimber(2).left_options, cgt.parse("{1|0}").left_options
        ((cgt.parse('0'), cgt.parse('*')), (cgt.parse('1'),))
        """
        return _sorted_games(ops.left_options(self._id))

    @property
    def right_options(self) -> tuple[Game, ...]:
        """The canonical Right options, as a tuple of :class:`Game` (display order).

        >>> cgt.up.right_options
        (cgt.parse('*'),)
        """
        return _sorted_games(ops.right_options(self._id))

    def options(self, player: Player | str) -> tuple[Game, ...]:
        """The options of ``player`` (a :class:`cgt.Player`, ``"left"``/``"right"`` or ``"L"``/``"R"``).

        >>> cgt.up.options("left"), cgt.up.options(cgt.RIGHT)
        ((cgt.parse('0'),), (cgt.parse('*'),))
        """
        p = Player.coerce(player)
        return self.left_options if p is Player.LEFT else self.right_options

    @property
    def birthday(self) -> int:
        """The birthday: the height of the canonical game tree.

        >>> cgt.number(10**6).birthday, cgt.up.birthday, cgt.parse('{3||2|1}').birthday
        (1000000, 2, 4)
        """
        return deep(ops.birthday, self._id)

    # ------------------------------------------------------------ arithmetic
    def __add__(self, other: GameLike) -> Game:
        if type(other) is Game:                 # the common case, with the fewest layers
            try:
                r = _add(self._id, other._id)
            except RecursionError:
                r = deep(_add, self._id, other._id)
            g = _OBJECTS.get(r)
            return g if g is not None else _wrap(r)
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _wrap(deep(_add, self._id, o._id))

    __radd__ = __add__

    def __neg__(self) -> Game:
        return _wrap(deep(_neg, self._id))

    def __pos__(self) -> Game:
        return self

    def __sub__(self, other: GameLike) -> Game:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _wrap(deep(_sub, self._id, o._id))

    def __rsub__(self, other: GameLike) -> Game:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _wrap(deep(_sub, o._id, self._id))

    # ------------------------------------------------------------ order
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Game):
            return self._id == other._id
        try:
            o = _coerce(other)
        except NotDyadicError:
            return False
        if o is None:
            return NotImplemented
        return self._id == o._id

    def __ne__(self, other: object) -> bool:
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self) -> int:
        x = ops.number_value(self._id)
        if x is not None:
            return hash(x)
        return hash(("cgt.Game", self._id))

    def __le__(self, other: GameLike) -> bool:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return deep(_leq, self._id, o._id)

    def __ge__(self, other: GameLike) -> bool:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return deep(_leq, o._id, self._id)

    def __lt__(self, other: GameLike) -> bool:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return self._id != o._id and deep(_leq, self._id, o._id)

    def __gt__(self, other: GameLike) -> bool:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return self._id != o._id and deep(_leq, o._id, self._id)

    def is_fuzzy(self, other: GameLike) -> bool:
        """``G || H``: neither ``G <= H`` nor ``H <= G`` (confused with).

        >>> cgt.star.is_fuzzy(0), cgt.up.is_fuzzy(cgt.star), cgt.up.is_fuzzy(0)
        (True, True, False)
        """
        o = as_game(other)
        return not deep(_leq, self._id, o._id) and not deep(_leq, o._id, self._id)

    def compare(self, other: GameLike) -> str:
        """One of ``"<"``, ``"="``, ``">"``, ``"||"``: how ``self`` relates to ``other``.

        >>> cgt.up.compare(cgt.star), cgt.up.compare(0)
        ('||', '>')
        """
        o = as_game(other)
        if o._id == self._id:
            return "="
        le = deep(_leq, self._id, o._id)
        ge = deep(_leq, o._id, self._id)
        return "<" if le else ">" if ge else "||"

    @property
    def outcome(self) -> Outcome:
        """The outcome class (:class:`cgt.Outcome`): P (G = 0), N (G || 0), L (G > 0), R (G < 0).

        >>> [g.outcome.value for g in (cgt.zero, cgt.star, cgt.up, cgt.down)]
        ['P', 'N', 'L', 'R']
        """
        z = _ZERO
        if self._id == z:
            return Outcome.P
        ge0 = deep(_leq, z, self._id)
        if ge0:
            return Outcome.L
        le0 = deep(_leq, self._id, z)
        return Outcome.R if le0 else Outcome.N

    def __bool__(self) -> bool:
        raise CGTTypeError("the truth value of a game is ambiguous: compare with 0 (g == 0, g > 0) "
                           "or use g.outcome")

    # ------------------------------------------------------------ predicates
    @property
    def is_number(self) -> bool:
        """True if the game equals a (dyadic) number.

        >>> cgt.parse("{0|1}").is_number, cgt.star.is_number
        (True, False)
        """
        return ops.is_number(self._id)

    @property
    def is_integer(self) -> bool:
        """True if the game equals an integer.

        >>> cgt.number(-3).is_integer, cgt.number("1/2").is_integer
        (True, False)
        """
        return K.is_integer(self._id)

    @property
    def is_nimber(self) -> bool:
        """True if the game is a nimber ``*n`` (including ``0``).

        >>> cgt.zero.is_nimber, cgt.nimber(4).is_nimber, cgt.up.is_nimber
        (True, True, False)
        """
        v = ops.nus(self._id)
        return v is not None and v[0] == 0 and v[1] == 0

    @property
    def is_number_up_star(self) -> bool:
        """True if the game equals ``x + ^n + *m`` for a number x and integers n, m.

        >>> cgt.parse("1/2^^*3").is_number_up_star, cgt.pm(1).is_number_up_star
        (True, False)
        """
        return ops.nus(self._id) is not None

    @property
    def is_infinitesimal(self) -> bool:
        """True if both stops are 0 (as in CGSuite, 0 itself counts).

        >>> cgt.up.is_infinitesimal, cgt.pm(1).is_infinitesimal, cgt.tiny(2).is_infinitesimal
        (True, False, True)
        """
        ls, rs = deep(ops.stops, self._id)
        return ls == 0 and rs == 0

    @property
    def is_switch(self) -> bool:
        """True if the game is ``±H = {H | -H}`` for some game H (CGSuite's sense), other than ``*``.

        >>> cgt.pm(1).is_switch, cgt.parse('{2|1}').is_switch, cgt.star.is_switch
        (True, False, False)
        """
        if ops.nus(self._id) is not None:
            return False
        lo, ro = ops.left_options(self._id), ops.right_options(self._id)
        return len(lo) == 1 and len(ro) == 1 and deep(_neg, lo[0]) == ro[0]

    # ------------------------------------------------------------ number-up-star parts
    @property
    def number_value(self) -> Fraction:
        """The exact value of a number, a :class:`~fractions.Fraction`.

        Raises :class:`cgt.NotANumberError` if the game is not a number.

        >>> cgt.parse('{3/4|7/8}').number_value
        Fraction(13, 16)
        """
        x = ops.number_value(self._id)
        if x is None:
            raise NotANumberError(f"{self} is not a number")
        return x

    def _nus(self) -> tuple[Fraction, int, int]:
        v = ops.nus(self._id)
        if v is None:
            raise NotANumberError(f"{self} is not of the form number + ups + nimber")
        return v

    @property
    def number_part(self) -> Fraction:
        """The number x of a value ``x + ^n + *m`` (a Fraction).

        >>> cgt.parse("-1/2v*3").number_part
        Fraction(-1, 2)
        """
        return self._nus()[0]

    @property
    def up_multiple(self) -> int:
        """The multiple of up n of a value ``x + ^n + *m``.

        >>> cgt.parse("-1/2v*3").up_multiple
        -1
        """
        return self._nus()[1]

    @property
    def nim_part(self) -> int:
        """The nimber m of a value ``x + ^n + *m`` (an int).

        >>> cgt.parse("-1/2v*3").nim_part
        3
        """
        return self._nus()[2]

    @property
    def nim_value(self) -> int:
        """The n of a nimber ``*n``; raises :class:`cgt.NotImpartialError` otherwise.

        >>> cgt.nimber(3).nim_value, cgt.zero.nim_value
        (3, 0)
        """
        v = ops.nus(self._id)
        if v is None or v[0] != 0 or v[1] != 0:
            raise NotImpartialError(f"{self} is not impartial: it is not equal to a nimber, so it has no nim value")
        return v[2]

    def __int__(self) -> int:
        x = self.number_value
        if x.denominator != 1:
            raise NotANumberError(f"{self} is not an integer")
        return x.numerator

    def __float__(self) -> float:
        return float(self.number_value)

    # ------------------------------------------------------------ notation
    def __str__(self) -> str:
        return deep(format_game, self._id)

    def __repr__(self) -> str:
        return f"cgt.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """IPython's terminal shows a game in its written form (``^*``), also inside
        lists; ``repr`` stays the rebuildable ``cgt.parse('^*')``."""
        p.text(str(self))

    def _repr_latex_(self) -> str | None:
        try:
            return "$\\displaystyle " + deep(latex_game, self._id) + "$"
        except Exception:  # a display hook must never raise
            return None

    def _repr_html_(self) -> str | None:
        """The game's reading form with Unicode signs (``↑∗``, ``±1``, ``{2|↓∗}``:
        :data:`cgt.notation.UNICODE`), as HTML.

        Front ends that take HTML show it (JupyterLab, VS Code, an HTML export of a notebook,
        which then reads the same offline: the LaTeX of :meth:`_repr_latex_` needs MathJax);
        the LaTeX stays for the others, and the documentation site prefers it.

        >>> (cgt.up + cgt.star)._repr_html_()
        '<span class="cgt-game">↑∗</span>'
        """
        try:
            return f'<span class="cgt-game">{html.escape(deep(format_game, self._id, UNICODE))}</span>'
        except Exception:  # a display hook must never raise
            return None

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (parse, (str(self),))

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    # ------------------------------------------------------------ stops and thermography
    @property
    def left_stop(self) -> Fraction:
        """The left stop (a Fraction): where play ends (at a number) when Left moves first.

        >>> cgt.parse("{3||2*|1*}").left_stop
        Fraction(3, 1)
        """
        return deep(ops.stops, self._id)[0]

    @property
    def right_stop(self) -> Fraction:
        """The right stop (a Fraction): where play ends (at a number) when Right moves first.

        >>> cgt.parse("{3||2*|1*}").right_stop
        Fraction(2, 1)
        """
        return deep(ops.stops, self._id)[1]

    @property
    def confusion_interval(self) -> ConfusionInterval:
        """The numbers G is confused with; see :func:`cgt.analysis.confusion_interval`.

        >>> str(cgt.pm(1).confusion_interval)
        '[-1, 1]'
        """
        ls, rs = deep(ops.stops, self._id)
        if ops.is_number(self._id):
            return ConfusionInterval(ls, rs, False, False)
        return ConfusionInterval(rs, ls, self.is_fuzzy(rs), self.is_fuzzy(ls))

    @property
    def thermograph(self) -> Thermograph:
        """The exact :class:`cgt.Thermograph` (walls, temperature, mast); see :func:`cgt.thermograph`.

        >>> th = cgt.parse("{2|-1}").thermograph
        >>> th.temperature, th.mast
        (Fraction(3, 2), Fraction(1, 2))
        """
        return deep(K.thermograph, self._id)

    @property
    def temperature(self) -> Fraction:
        """The temperature (CGSuite convention: integers -1, m/2^k -1/2^k, infinitesimals 0).

        >>> cgt.parse("{3||2*|1*}").temperature, cgt.number(4).temperature, cgt.up.temperature
        (Fraction(3, 4), Fraction(-1, 1), Fraction(0, 1))
        """
        return deep(K.temperature, self._id)

    @property
    def mean(self) -> Fraction:
        """The mean value (a Fraction): the mast of the thermograph.

        >>> cgt.parse("{3||2*|1*}").mean
        Fraction(9, 4)
        """
        return deep(K.mean, self._id)

    # ------------------------------------------------------------ cooling and heating
    def cool(self, t: GameLike) -> Game:
        """G cooled by the number t; see :func:`cgt.analysis.cool`.

        Raises
        ------
        NotANumberError
            If ``t`` is a game but not a number (the message names the game).
        InvalidTemperatureError
            If ``t <= -1``.

        Examples
        --------
        >>> cgt.parse("{2|-1}").cool(1), cgt.parse("{2|-1}").cool("3/2")
        (cgt.parse('{1|0}'), cgt.parse('1/2*'))
        """
        tg = as_game(t)
        x = ops.number_value(tg._id)
        if x is None:
            raise NotANumberError(f"cannot cool {self} by {tg}: {tg} is not a number")
        if x <= -1:
            raise InvalidTemperatureError(f"cannot cool {self} by {tg}: the temperature must be > -1")
        if x == 0:
            return self            # G_0 = G: every canonical option cools to itself
        return _wrap(deep(K.cool, self._id, x, tg._id))

    def heat(self, t: GameLike) -> Game:
        """G heated by t (a number or any game); see :func:`cgt.analysis.heat`.

        >>> cgt.star.heat(2), cgt.up.heat(2)
        (cgt.parse('+-2'), cgt.parse('{2||0|-4}'))
        """
        tg = as_game(t)
        return _wrap(deep(K.heat, self._id, tg._id))

    @property
    def frozen(self) -> Game:
        """G frozen: cooled by its own temperature; see :func:`cgt.analysis.freeze`.

        >>> cgt.parse("{3||2*|1*}").frozen
        cgt.parse('9/4*')
        """
        return _wrap(deep(K.freeze, self._id))

    def overheat(self, s: GameLike, t: GameLike) -> Game:
        """G overheated from s to t; see :func:`cgt.analysis.overheat`.

        >>> cgt.star.overheat(1, 1)
        cgt.parse('+-1')
        """
        sg, tg = as_game(s), as_game(t)
        return _wrap(deep(K.overheat, self._id, sg._id, tg._id))

    # ------------------------------------------------------------ atomic weight, rcf, incentives, tempers
    @property
    def is_all_small(self) -> bool:
        """True if every follower with a move for one player has one for the other.

        >>> cgt.up.is_all_small, cgt.tiny(1).is_all_small
        (True, False)
        """
        return deep(K.is_all_small, self._id)

    @property
    def atomic_weight(self) -> Game:
        """The atomic weight; raises :class:`cgt.NotAtomicError` if undefined.

        See :func:`cgt.analysis.atomic_weight`.

        >>> cgt.up.atomic_weight, cgt.parse("{^^|v}").atomic_weight
        (cgt.parse('1'), cgt.parse('1/2'))
        """
        r = deep(K.atomic_weight, self._id)
        if isinstance(r, str):
            raise NotAtomicError(f"{self} is not atomic: {r}")
        return _wrap(r)

    @property
    def is_atomic(self) -> bool:
        """True if :attr:`atomic_weight` is defined.

        >>> cgt.up.is_atomic, cgt.pm(1).is_atomic
        (True, False)
        """
        return not isinstance(deep(K.atomic_weight, self._id), str)

    @property
    def reduced_canonical_form(self) -> Game:
        """The simplest game infinitesimally close to G (heat by ``*``, then star projection).

        >>> cgt.parse("{3||2*|1*}").reduced_canonical_form
        cgt.parse('{3||2|1}')
        """
        return _wrap(deep(K.reduced_canonical_form, self._id))

    def incentives(self, player: Player | str | None = None) -> tuple[Game, ...]:
        """Undominated incentives of both players, or of ``player``; see :func:`cgt.analysis.incentives`.

        >>> cgt.up.incentives(), cgt.up.incentives("left")
        ((cgt.parse('^*'),), (cgt.parse('v'),))
        """
        if player is None:
            return _sorted_games(deep(K.incentives, self._id))
        try:
            p = Player.coerce(player)
        except NotAPlayerError as exc:
            raise NotAPlayerError(f"incentives of {self}: {exc}") from None
        except CGTTypeError as exc:
            raise CGTTypeError(f"incentives of {self}: {exc}") from None
        kernel = K.left_incentives if p is Player.LEFT else K.right_incentives
        return _sorted_games(deep(kernel, self._id))

    @property
    def is_even_tempered(self) -> bool:
        """True if G is a number or all its options are odd-tempered.

        >>> cgt.number(2).is_even_tempered, cgt.star.is_even_tempered
        (True, False)
        """
        return deep(K.is_even_tempered, self._id)

    @property
    def is_odd_tempered(self) -> bool:
        """True if G is not a number and all its options are even-tempered.

        >>> cgt.star.is_odd_tempered, cgt.up.is_odd_tempered
        (True, False)
        """
        return deep(K.is_odd_tempered, self._id)

    # ------------------------------------------------------------ compounds
    def ordinal_sum(self, h: GameLike) -> Game:
        """The ordinal sum ``G : H``; see :func:`cgt.analysis.ordinal_sum`.

        >>> cgt.number("1/2").ordinal_sum("1/4"), cgt.nimber(5).ordinal_sum(cgt.nimber(6))
        (cgt.parse('9/16'), cgt.parse('*11'))
        """
        return _wrap(deep(K.ordinal_sum, self._id, as_game(h)._id))

    def norton_product(self, u: GameLike) -> Game:
        """The Norton product ``G.U``; see :func:`cgt.analysis.norton_product`.

        >>> cgt.number(6).norton_product(cgt.up), cgt.number(-4).norton_product(cgt.up)
        (cgt.parse('^6'), cgt.parse('v4'))
        """
        return _wrap(deep(K.norton_product, self._id, as_game(u)._id))


if _NativeBase is not None:
    # The native base class serves +, - and unary - (same meaning, no Python frame); it
    # calls the Python methods for operands that are neither games, ints nor dyadic
    # Fractions, and _wrap for an id it has not seen.  Deleting the Python methods lets
    # the base's slots show through.
    ops.engine("native").game_register(_wrap, Game.__add__, Game.__sub__, Game.__rsub__)
    for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__neg__"):
        delattr(Game, _name)
    del _name

GameLike = Game | NumberLike
"""What a game may be given as (see :func:`as_game`): a :class:`Game`, a number or game notation."""


def _sub(g: int, h: int) -> int:
    return _add(g, _neg(h))


def _sorted_games(ids: Iterable[int]) -> tuple[Game, ...]:
    return deep(_sorted_games_now, ids)


def _sorted_games_now(ids: Iterable[int]) -> tuple[Game, ...]:
    return tuple(_wrap(i) for i in sorted(ids, key=display_key))
