"""The pure-Python reference backend of :mod:`cgt.ops`: canonical games on integer ids.

Every canonical short game is stored once in module-level tables and is
identified by a small integer (its *id*).  Two games are equal exactly when
their ids are equal.  This module is private: use it through :mod:`cgt.ops`
(ids) or :class:`cgt.Game` (objects).  It is the specification other backends
are tested against.

Tables
------
``_LEFT[g]``, ``_RIGHT[g]``
    sorted tuples of the ids of the canonical Left and Right options, or
    ``None`` while not yet built (options of number-up-star values are made on
    demand, so ``number(10**6)`` does not build a chain of a million games).
``_NUS[g]``
    ``(x, n, m)`` when the game equals ``x + ^n + *m`` (``x`` a dyadic
    :class:`~fractions.Fraction`, ``n`` an integer multiple of up, ``m`` a
    nimber), else ``None``.  Such values get closed-form sums, negation,
    comparison and birthday.

Canonical form follows the textbook recipe (Siegel, *Combinatorial Game
Theory*, II.2): remove dominated options and bypass reversible ones.  The
reversibility test compares with the game under construction without interning
it (as CGSuite does).  A result equal to a number-up-star value is recognized
from the shape of its canonical options, so each value has one id.

Speed comes from caches keyed by ids (whole option sets, each side's
undominated options, bypassed pairs, comparisons, sums) and from the stops:
``g <= h`` needs ``LS(g) <= LS(h)`` and ``RS(g) <= RS(h)``, a test on cached
stops kept as exact floats (:func:`_stop_keys`) that refutes most comparisons
before any recursion and orders the options so that dominated ones meet their
dominator first.  No function here makes reference cycles, so a caller may
pause the cyclic garbage collector during a long computation.

The public functions check their ids as the native engine does (an id that is not an
``int`` is a :class:`~cgt.errors.CGTTypeError`, one not in the table an
:class:`~cgt.errors.InvalidIdError`), then work on the unchecked functions of the same
names with a leading underscore.  Those recurse over game trees as *units* of
:mod:`cgt._deep`: memoized, so that a recursion deeper than Python's limit unwinds and
resumes in segments on an explicit stack (each public function is a driver), with no
raised recursion limit; a computation nested deeper than ``cgt._deep.MAX_DEPTH`` calls
raises :class:`~cgt.errors.CGTOverflowError`.

One shortcut beyond the textbook recipe: the sum of a hot switch ``{a | b}`` of numbers
and a number-up-star value ``v`` is ``{a + v | b + v}`` in closed form
(:func:`_switch_plus_nus`), so that ``{1|0} + ^(10^7)`` or ``{1|0} + *3000`` costs
nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from fractions import Fraction
from typing import Any

from ._deep import Unwound, drive
from .errors import CGTTypeError, CGTValueError, InvalidIdError, NotDyadicError

Nus = tuple[Fraction, int, int]
"""``(x, n, m)``: the value ``x + ^n + *m``."""
Options = tuple[int, ...]
"""A sorted tuple of distinct ids."""
StopKey = tuple[float | Fraction, float | Fraction, int]
"""``(left stop, right stop, id)``, the stops as exact floats where they can be."""

_LEFT: list[Options | None] = []
_RIGHT: list[Options | None] = []
_NUS: list[Nus | None] = []
_INDEX: dict[tuple[Options, Options], int] = {}      # (left ids, right ids) -> id, for games built from options
_NUS_INDEX: dict[tuple[int, int, int, int], int] = {}  # (numerator, denominator, n, m) -> id

# Operation caches, keyed by ids.  Bounded: each is cleared when it grows past
# its limit (a lossy cache, like CGSuite's), and all can be cleared by hand.
CACHE_LIMIT = 2_000_000
_ADD: dict[int, int] = {}        # smaller id << 32 | larger id -> id of the sum
_NEG: dict[int, int] = {}
_LEQ: dict[int, bool] = {}       # g << 32 | h -> bool
_BIRTHDAY: dict[int, int] = {}
_STOPS: dict[int, tuple[Fraction, Fraction]] = {}
_CANON: dict[tuple[Options, Options], int] = {}      # (sorted left ids, sorted right ids) -> id
_UNDOMINATED_L: dict[Options, Options] = {}  # sorted Left option ids -> the undominated ones (the same tuple if all)
_UNDOMINATED_R: dict[Options, Options] = {}  # the same for Right options
_BYPASSED: dict[tuple[Options, Options], int] = {}   # (undominated left ids, right ids), not canonical -> id
_STOP_KEYS: dict[int, StopKey] = {}   # id -> (left stop, right stop, id), stops as exact floats (or Fractions)

_BYPASS_MEMOS: dict[tuple[Options, Options], tuple[dict[int, bool], dict[int, bool]]] = {}
"""The memos of :func:`_bypass` for ``G = {GL | GR}``, kept while its computation is
unwound and resumed (:mod:`cgt._deep`) and dropped when it finishes."""

ZERO_F = Fraction(0)
_ID_LIMIT = 1 << 64          # ids the native engine reads at all (larger ones are invalid there before the table is)


# ---------------------------------------------------------------- checking ids (as the native engine does)

def _type_error(g: object) -> CGTTypeError:
    return CGTTypeError(f"a game id must be an int, not {type(g).__name__}")


def _raw_id(g: object) -> int:
    """``g`` if it is an ``int`` (a ``bool`` is the int it equals) that could be an id at all."""
    if not isinstance(g, int):
        raise _type_error(g)
    if not 0 <= g < _ID_LIMIT:
        raise InvalidIdError(f"{g!r} is not the id of a game in this process's table")
    return int(g)


def _in_table(g: int) -> int:
    if g >= len(_NUS):
        raise InvalidIdError(f"{g} is not the id of a game in this process's table")
    return g


def _ids(*gs: object) -> tuple[int, ...]:
    """The ids ``gs``, checked in the order of the native engine: each one's type, then each one's range."""
    raw = [_raw_id(g) for g in gs]
    return tuple(_in_table(g) for g in raw)


def _option_ids(opts: object) -> list[int]:
    """The ids of an iterable of options, type-checked one by one (not yet against the table)."""
    try:
        it = iter(opts)  # type: ignore[call-overload]
    except TypeError:
        raise CGTTypeError(f"options must be an iterable of game ids, not {type(opts).__name__}") from None
    return [_raw_id(g) for g in it]


def _id(g: object) -> int:
    """``g`` as an id of the table, or the error the native engine raises for it."""
    if type(g) is int and 0 <= g < len(_NUS):
        return g
    return _ids(g)[0]


def _new_id(left: Options | None, right: Options | None, nus: Nus | None,
            nus_key: tuple[int, int, int, int] | None = None) -> int:
    gid = len(_NUS)
    try:
        _LEFT.append(left)
        _RIGHT.append(right)
        _NUS.append(nus)
        if left is not None and right is not None:
            _INDEX[(left, right)] = gid
        if nus_key is not None:
            _NUS_INDEX[nus_key] = gid
    except BaseException:
        # Interrupted (Ctrl-C) half-way: undo, so the tables stay aligned and each
        # value keeps a single id.
        del _LEFT[gid:], _RIGHT[gid:], _NUS[gid:]
        if left is not None and right is not None and _INDEX.get((left, right)) == gid:
            del _INDEX[(left, right)]
        if nus_key is not None and _NUS_INDEX.get(nus_key) == gid:
            del _NUS_INDEX[nus_key]
        raise
    return gid


def _number(x: object, what: str = "a number") -> Fraction | int:
    """``x`` checked as the native engine checks a number: an int or a dyadic Fraction."""
    if isinstance(x, int):
        return int(x)
    if isinstance(x, Fraction):
        d = x.denominator
        if d & (d - 1):
            raise NotDyadicError(f"{x!r} is not a dyadic rational")
        return x
    raise CGTTypeError(f"{what} must be an int or a dyadic Fraction, not {type(x).__name__}")


def nus_id(x: Fraction | int, n: int | None = 0, m: int | None = 0) -> int:
    """The id of the number-up-star value ``x + n.^ + *m``.

    Parameters
    ----------
    x : Fraction or int
        A dyadic rational.
    n : int, default 0
        The multiple of up (negative for downs); ``None`` is 0.
    m : int, default 0
        The nimber, ``m >= 0``; ``None`` is 0.

    Returns
    -------
    int
        The id; the options are made only when asked for, so ``nus_id(10**6)``
        is cheap.

    Raises
    ------
    CGTTypeError
        If ``x`` is not an int or a Fraction, or ``n`` or ``m`` not an int.
    NotDyadicError
        If ``x`` is not dyadic.
    CGTValueError
        If ``m`` is negative.

    Examples
    --------
    >>> from cgt import ops
    >>> ops.nus_id(0) == ops.ZERO
    True
    >>> ops.nus(ops.nus_id(Fraction(3, 4), -2, 1))
    (Fraction(3, 4), -2, 1)
    >>> cgt.Game.from_id(ops.nus_id(1, 1, 1))
    cgt.parse('1^*')

    Notes
    -----
    The index is keyed on plain ints ``(numerator, denominator, n, m)``:
    hashing and comparing Fractions would dominate the cost of small sums.
    """
    if type(x) is not int and (type(x) is not Fraction or x.denominator & (x.denominator - 1)):
        x = _number(x)
    if type(n) is not int:
        n = _int_part(n, "an up multiple")
    if type(m) is not int or m < 0:
        m = _int_part(m, "a nimber")
        if m < 0:
            raise CGTValueError(f"*{m} is not a nimber: nimbers are not negative")
    return _nus_id(x, n, m)


def _int_part(v: object, what: str) -> int:
    """``v`` as the int it is (``None`` is 0, a bool its int), else the native engine's error."""
    if v is None:
        return 0
    if not isinstance(v, int):
        raise CGTTypeError(f"{what} must be an int, not {type(v).__name__}")
    return int(v)


def _nus_id(x: Fraction | int, n: int = 0, m: int = 0) -> int:
    """:func:`nus_id` on arguments known to be good."""
    if type(x) is int:
        key = (x, 1, n, m)
    else:
        key = (x.numerator, x.denominator, n, m)
    gid = _NUS_INDEX.get(key)
    if gid is None:
        gid = _new_id(None, None, (Fraction(x), n, m), key)
    return gid


def _ensure_options(g: int) -> None:
    """Build the option tuples of a number-up-star value on first use."""
    x, n, m = _NUS[g]  # type: ignore[misc]  # only called for number-up-star ids
    left: Options
    right: Options
    if n == 0 and m == 0:
        if x.denominator == 1:
            if x > 0:
                left, right = (_nus_id(x - 1),), ()
            elif x < 0:
                left, right = (), (_nus_id(x + 1),)
            else:
                left, right = (), ()
        else:
            e = Fraction(1, x.denominator)
            left, right = (_nus_id(x - e),), (_nus_id(x + e),)
    elif n == 0:
        left = right = tuple(sorted(_nus_id(x, 0, j) for j in range(m)))
    elif n == 1 and m == 1:          # x^* = {x, x* | x}
        left, right = tuple(sorted((_nus_id(x), _nus_id(x, 0, 1)))), (_nus_id(x),)
    elif n == -1 and m == 1:         # xv* = {x | x, x*}
        left, right = (_nus_id(x),), tuple(sorted((_nus_id(x), _nus_id(x, 0, 1))))
    elif n > 0:                      # x+^n*m = {x | x+^(n-1)*(m^1)}
        left, right = (_nus_id(x),), (_nus_id(x, n - 1, m ^ 1),)
    else:                            # x+v^n*m = {x+v^(n-1)*(m^1) | x}
        left, right = (_nus_id(x, n + 1, m ^ 1),), (_nus_id(x),)
    _LEFT[g] = left
    _RIGHT[g] = right
    _INDEX.setdefault((left, right), g)


def _left(g: int) -> Options:
    """The Left options of the id ``g`` (not checked)."""
    opts = _LEFT[g]
    if opts is None:
        _ensure_options(g)
        opts = _LEFT[g]
    return opts  # type: ignore[return-value]  # _ensure_options has built them


def _right(g: int) -> Options:
    """The Right options of the id ``g`` (not checked)."""
    opts = _RIGHT[g]
    if opts is None:
        _ensure_options(g)
        opts = _RIGHT[g]
    return opts  # type: ignore[return-value]  # _ensure_options has built them


left = _left
right = _right


def left_options(g: int) -> Options:
    """The ids of the canonical Left options of ``g``, a sorted tuple.

    Examples
    --------
    >>> from cgt import ops
    >>> up = cgt.up.id
    >>> ops.left_options(up) == (ops.ZERO,)
    True
    >>> ops.left_options(ops.ZERO), len(ops.left_options(cgt.nimber(3).id))
    ((), 3)
    """
    if type(g) is not int or g < 0 or g >= len(_NUS):
        g = _id(g)
    return _left(g)


def right_options(g: int) -> Options:
    """The ids of the canonical Right options of ``g``, a sorted tuple.

    Examples
    --------
    >>> from cgt import ops
    >>> ops.right_options(cgt.up.id) == (cgt.star.id,)
    True
    >>> ops.right_options(ops.nus_id(5))
    ()
    """
    if type(g) is not int or g < 0 or g >= len(_NUS):
        g = _id(g)
    return _right(g)


def nus(g: int) -> Nus | None:
    """``(x, n, m)`` when the game ``g`` equals ``x + ^n + *m``, else ``None``.

    ``x`` is a :class:`~fractions.Fraction`, ``n`` the multiple of up, ``m``
    the nimber.

    Examples
    --------
    >>> from cgt import ops
    >>> ops.nus(cgt.parse("1/2v*3").id)
    (Fraction(1, 2), -1, 3)
    >>> ops.nus(cgt.pm(1).id) is None
    True
    """
    if type(g) is not int or g < 0 or g >= len(_NUS):
        g = _id(g)
    return _NUS[g]


def is_number(g: int) -> bool:
    """True if the game ``g`` equals a (dyadic) number.

    Examples
    --------
    >>> from cgt import ops
    >>> ops.is_number(ops.nus_id(Fraction(3, 8))), ops.is_number(cgt.star.id)
    (True, False)
    """
    if type(g) is not int or g < 0 or g >= len(_NUS):
        g = _id(g)
    v = _NUS[g]
    return v is not None and v[1] == 0 and v[2] == 0


def number_value(g: int) -> Fraction | None:
    """The :class:`~fractions.Fraction` equal to the game ``g``, or ``None`` if it is not a number.

    Examples
    --------
    >>> from cgt import ops
    >>> ops.number_value(cgt.parse("{1|2}").id), ops.number_value(cgt.up.id)
    (Fraction(3, 2), None)
    """
    if type(g) is not int or g < 0 or g >= len(_NUS):
        g = _id(g)
    v = _NUS[g]
    if v is not None and v[1] == 0 and v[2] == 0:
        return v[0]
    return None


# ---------------------------------------------------------------- numbers

def simplest_between(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The simplest dyadic strictly between ``lo`` and ``hi``.

    ``None`` stands for no bound.  Conway's simplicity rule: an integer if one
    fits (the one closest to 0), else the dyadic with the smallest denominator.

    >>> simplest_between(Fraction(1, 2), Fraction(1)), simplest_between(None, Fraction(-3, 2))
    (Fraction(3, 4), Fraction(-2, 1))
    """
    if lo is None:
        if hi is None:
            return ZERO_F
        if hi > 0:
            return ZERO_F
        return Fraction(-(-hi // 1) - 1)       # ceil(hi) - 1
    if hi is None:
        if lo < 0:
            return ZERO_F
        return Fraction(lo // 1 + 1)           # floor(lo) + 1
    if lo < 0 < hi:
        return ZERO_F
    if hi <= 0:
        return -simplest_between(-hi, -lo)
    # 0 <= lo < hi
    n = lo // 1 + 1
    if n < hi:
        return Fraction(n)
    d = 2
    while True:
        k = (lo * d) // 1 + 1
        if Fraction(k, d) < hi:
            return Fraction(k, d)
        d *= 2


# ---------------------------------------------------------------- negation

def neg(g: int) -> int:
    """The id of ``-g``: Left and Right swapped.

    Examples
    --------
    >>> from cgt import ops
    >>> ops.neg(cgt.up.id) == cgt.down.id, ops.neg(ops.ZERO) == ops.ZERO
    (True, True)
    >>> g = cgt.parse("{3||2|1}").id
    >>> ops.neg(ops.neg(g)) == g
    True
    """
    if type(g) is not int or g < 0 or g >= len(_NUS):
        g = _id(g)
    r = _NEG.get(g)
    if r is not None:
        return r
    return drive(_neg, g)


def _neg(g: int) -> int:
    """:func:`neg`, a unit of :mod:`cgt._deep` (not checked)."""
    r = _NEG.get(g)
    if r is not None:
        return r
    v = _NUS[g]
    if v is not None:
        x, n, m = v
        r = _nus_id(-x, -n, m)
    else:
        gr: Any = _RIGHT[g]             # built: only number-up-star values wait for their options
        gl: Any = _LEFT[g]
        try:
            lo = tuple(sorted([_neg(h) for h in gr]))
            ro = tuple(sorted([_neg(h) for h in gl]))
        except RecursionError:
            raise Unwound(_neg, (g,)) from None
        r = _INDEX.get((lo, ro))
        if r is None:
            r = _new_id(lo, ro, None)
    if len(_NEG) > CACHE_LIMIT:
        _NEG.clear()
    _NEG[g] = r
    _NEG[r] = g
    return r


# ---------------------------------------------------------------- order

def _nus_leq(a: Nus, b: Nus) -> bool:
    """Closed-form ``a <= b`` for two number-up-star values."""
    x, n, m = a
    y, k, j = b
    xn, xd, yn, yd = x.numerator, x.denominator, y.numerator, y.denominator
    if xn != yn or xd != yd:
        return xn * yd < yn * xd            # denominators are positive
    d = k - n
    s = m ^ j
    if d >= 2:
        return True
    if d == 1:
        return s != 1
    if d == 0:
        return s == 0
    return False


def leq(g: int, h: int) -> bool:
    """``g <= h`` in the partial order of games.

    Two games can be incomparable: ``*`` is neither ``<= 0`` nor ``>= 0``.

    Examples
    --------
    >>> from cgt import ops
    >>> up, star = cgt.up.id, cgt.star.id
    >>> ops.leq(ops.ZERO, up), ops.leq(up, ops.ZERO)
    (True, False)
    >>> ops.leq(star, ops.ZERO), ops.leq(ops.ZERO, star)
    (False, False)
    """
    n = len(_NUS)
    if type(g) is not int or type(h) is not int or not (0 <= g < n and 0 <= h < n):
        g, h = _ids(g, h)
    if g == h:
        return True
    a = _NUS[g]
    b = _NUS[h]
    if a is not None and b is not None:
        return _nus_leq(a, b)
    r = _LEQ.get(g << 32 | h)
    if r is not None:
        return r
    return drive(_leq, g, h)


def _leq(g: int, h: int) -> bool:
    """:func:`leq`, a unit of :mod:`cgt._deep` (not checked)."""
    if g == h:
        return True
    a = _NUS[g]
    b = _NUS[h]
    if a is not None and b is not None:
        return _nus_leq(a, b)
    key = g << 32 | h                   # ids stay far below 2**32; an int key is small
    r = _LEQ.get(key)
    if r is not None:
        return r
    try:
        r = _leq_general(g, h, a, b)
    except RecursionError:
        raise Unwound(_leq, (g, h)) from None
    if len(_LEQ) > CACHE_LIMIT:
        _LEQ.clear()
    _LEQ[key] = r
    return r


def _leq_general(g: int, h: int, a: Nus | None, b: Nus | None) -> bool:
    # Stops are monotone: g <= h implies LS(g) <= LS(h) and RS(g) <= RS(h).
    # (This also covers CGSuite's bound RS(g) > LS(h) => g > h, as LS(h) >= RS(h).)
    # The same test screens the options before each recursive comparison.
    keys = _STOP_KEYS
    gl_s, gr_s, _ = keys.get(g) or _stop_keys(g)
    hl_s, hr_s, _ = keys.get(h) or _stop_keys(h)
    if gl_s > hl_s or gr_s > hr_s:
        return False
    # Number avoidance: against a number, only the other game's options count.
    if b is None or b[1] or b[2]:
        for hr in _right(h):
            k = keys.get(hr) or _stop_keys(hr)
            if k[0] <= gl_s and k[1] <= gr_s and _leq(hr, g):
                return False
    if a is None or a[1] or a[2]:
        for gl in _left(g):
            k = keys.get(gl) or _stop_keys(gl)
            if hl_s <= k[0] and hr_s <= k[1] and _leq(h, gl):
                return False
    return True


def _stop_keys(g: int) -> StopKey:
    """``(left stop, right stop, g)``, the stops as exact floats where they are (every
    dyadic with a short enough numerator and denominator), else as Fractions; cached.

    Floats compare several times faster than Fractions, and a float compares
    exactly with a Fraction, so the keys give the same answers as the stops.
    The id comes last so that the keys sort options by their stops as they are.
    A unit of :mod:`cgt._deep`.
    """
    r = _STOP_KEYS.get(g)
    if r is None:
        v = _NUS[g]
        if v is not None:
            x = v[0]
            try:
                f = float(x)                # correctly rounded, maybe inexact
            except OverflowError:
                r = (x, x, g)
            else:
                r = (f, f, g) if f == x else (x, x, g)
        else:
            gl: Any = _LEFT[g]              # built: only number-up-star values wait for their options
            gr: Any = _RIGHT[g]
            # LS(G) = max RS(G^L), RS(G) = min LS(G^R) for a G that is not a number
            try:
                r = (max([_stop_keys(o)[1] for o in gl]),
                     min([_stop_keys(o)[0] for o in gr]), g)
            except RecursionError:
                raise Unwound(_stop_keys, (g,)) from None
        if len(_STOP_KEYS) > CACHE_LIMIT:
            _STOP_KEYS.clear()
        _STOP_KEYS[g] = r
    return r


def stops(g: int) -> tuple[Fraction, Fraction]:
    """``(left stop, right stop)`` of the game ``g``, as Fractions.

    The left (right) stop is the number where alternating play ends when Left
    (Right) moves first (Siegel II.3).

    Examples
    --------
    >>> from cgt import ops
    >>> ops.stops(cgt.parse("{3||2*|1*}").id)
    (Fraction(3, 1), Fraction(2, 1))
    >>> ops.stops(ops.nus_id(Fraction(1, 2), 1, 1))
    (Fraction(1, 2), Fraction(1, 2))
    """
    if type(g) is not int or g < 0 or g >= len(_NUS):
        g = _id(g)
    v = _NUS[g]
    if v is not None:
        return (v[0], v[0])
    r = _STOPS.get(g)
    if r is not None:
        return r
    return drive(_stops, g)


def _stops(g: int) -> tuple[Fraction, Fraction]:
    """:func:`stops`, a unit of :mod:`cgt._deep` (not checked)."""
    v = _NUS[g]
    if v is not None:
        return (v[0], v[0])
    r = _STOPS.get(g)
    if r is not None:
        return r
    gl: Any = _LEFT[g]                  # built: only number-up-star values wait for their options
    gr: Any = _RIGHT[g]
    try:
        ls = max([_stops(o)[1] for o in gl])
        rs = min([_stops(o)[0] for o in gr])
    except RecursionError:
        raise Unwound(_stops, (g,)) from None
    r = (ls, rs)
    _STOPS[g] = r
    return r


# ---------------------------------------------------------------- canonical form

def _mex(values: Iterable[int]) -> int:
    s = set(values)
    k = 0
    while k in s:
        k += 1
    return k


def canonical(lefts: Iterable[int], rights: Iterable[int]) -> int:
    """The id of the canonical form of ``{lefts | rights}``.

    Parameters
    ----------
    lefts, rights : iterable of int
        Ids of the Left and Right options, in any order, repeats allowed.

    Returns
    -------
    int

    Raises
    ------
    CGTTypeError
        If ``lefts`` or ``rights`` is not an iterable of ints.
    InvalidIdError
        If one of them is not the id of a game in the table.

    Examples
    --------
    >>> from cgt import ops
    >>> star = ops.canonical([ops.ZERO], [ops.ZERO])
    >>> ops.nus(star)
    (Fraction(0, 1), 0, 1)
    >>> ops.canonical([ops.ZERO, star], [ops.ZERO, star]) == ops.nus_id(0, 0, 2)    # {0,*|0,*} = *2
    True
    >>> ops.canonical([], []) == ops.ZERO
    True

    Notes
    -----
    Caches keyed by sorted tuples of ids stand in front of the recipe: whole
    option sets (``_CANON``), the undominated options of one side
    (``_UNDOMINATED_L``, ``_UNDOMINATED_R``: sides recur far more often than
    pairs of them), and the result of bypassing reversible options
    (``_BYPASSED``).  A pair of undominated sides that is already some game's
    canonical options (in ``_INDEX``) has nothing reversible: it is that game.
    """
    if (type(lefts) is list or type(lefts) is tuple) and (type(rights) is list or type(rights) is tuple):
        n = len(_NUS)
        try:
            ls = tuple(sorted(set(lefts)))
            rs = tuple(sorted(set(rights)))
            if (ls and (ls[0] < 0 or ls[-1] >= n)) or (rs and (rs[0] < 0 or rs[-1] >= n)):
                ls, rs = _checked_options(lefts, rights)
        except (TypeError, ArithmeticError):    # not comparable (a Decimal NaN), not hashable: not all ints
            ls, rs = _checked_options(lefts, rights)
        for g in ls:
            if type(g) is not int:
                ls, rs = _checked_options(lefts, rights)
                break
        else:
            for g in rs:
                if type(g) is not int:
                    ls, rs = _checked_options(lefts, rights)
                    break
    else:
        ls, rs = _checked_options(lefts, rights)
    r = _CANON.get((ls, rs))
    if r is not None:
        return r
    return drive(_canonical_sorted, ls, rs)


def _checked_options(lefts: object, rights: object) -> tuple[Options, Options]:
    """Both sides as sorted tuples of ids, or the error the native engine raises for them
    (in its order: each side's iterability and types, then each side's ids)."""
    ls = _option_ids(lefts)
    rs = _option_ids(rights)
    ls = [_in_table(g) for g in ls]
    rs = [_in_table(g) for g in rs]
    return tuple(sorted(set(ls))), tuple(sorted(set(rs)))


def _canon(lefts: Iterable[int], rights: Iterable[int]) -> int:
    """:func:`canonical` of ids of the table, not checked; memoized."""
    ls = tuple(sorted(set(lefts)))
    rs = tuple(sorted(set(rights)))
    r = _CANON.get((ls, rs))
    if r is None:
        r = _canonical_sorted(ls, rs)
    return r


def _canonical_sorted(ls: Options, rs: Options) -> int:
    """The canonical form of ``{ls | rs}`` (sorted tuples of distinct ids), memoized; a
    unit of :mod:`cgt._deep`."""
    key = (ls, rs)
    r = _CANON.get(key)
    if r is None:
        try:
            r = _canonical(ls, rs)
        except RecursionError:
            raise Unwound(_canonical_sorted, (ls, rs)) from None
        if len(_CANON) > CACHE_LIMIT:
            _CANON.clear()
        _CANON[key] = r
    return r


def _canonical(ls: Options, rs: Options) -> int:
    """The canonical form of ``{ls | rs}`` (sorted tuples of distinct ids)."""
    nus = _NUS
    lv: list[Any] = [nus[i] for i in ls]      # Nus | None; all Nus in the branch below
    rv: list[Any] = [nus[i] for i in rs]
    if None not in lv and None not in rv:
        # Only numbers: the simplest number between, or a hot switch {max L | min R}.
        if all(v[1] == 0 and v[2] == 0 for v in lv) and all(v[1] == 0 and v[2] == 0 for v in rv):
            lo = max((v[0] for v in lv), default=None)
            hi = min((v[0] for v in rv), default=None)
            if lo is None or hi is None or lo < hi:
                return _nus_id(simplest_between(lo, hi))
            return _intern((_nus_id(lo),), (_nus_id(hi),))
        # Only nimbers with equal mex: a nimber.
        if all(v[0] == 0 and v[1] == 0 for v in lv) and all(v[0] == 0 and v[1] == 0 for v in rv):
            ml = _mex(v[2] for v in lv)
            if ml == _mex(v[2] for v in rv):
                return _nus_id(0, 0, ml)
    ul = _undominated_side(ls, True, _UNDOMINATED_L)
    ur = _undominated_side(rs, False, _UNDOMINATED_R)
    key = (ul, ur)
    r = _INDEX.get(key)             # canonical options already: nothing is reversible
    if r is None:
        r = _BYPASSED.get(key)
        if r is None:
            bl, br = _bypass(ul, ur)
            r = _intern(tuple(sorted(bl)), tuple(sorted(br)))
            if len(_BYPASSED) > CACHE_LIMIT:
                _BYPASSED.clear()
            _BYPASSED[key] = r
    return r


def _undominated_side(opts: Options, is_left: bool, cache: dict[Options, Options]) -> Options:
    """:func:`_undominated` of a sorted tuple of ids, as a sorted tuple (``opts``
    itself when nothing is dominated), memoized in ``cache``."""
    if len(opts) < 2:
        return opts
    r = cache.get(opts)
    if r is None:
        u = _undominated(opts, is_left)
        r = opts if len(u) == len(opts) else tuple(sorted(u))
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        cache[opts] = r
    return r


def _undominated(opts: Collection[int], is_left: bool) -> list[int]:
    """The options of ``opts`` that no other one dominates (Left: the maximal ones
    under ``<=``, Right: the minimal ones).

    Distinct ids are distinct values, so domination is a strict order and one
    pass that keeps the undominated options seen so far finds them all.  The
    options are taken best stops first: ``g <= h`` needs ``LS(g) <= LS(h)`` and
    ``RS(g) <= RS(h)``, so an option can only dominate one taken before it when
    their stops are equal, and most dominated options meet their dominator early.
    Of the numbers, only the first one taken (the best) can survive.
    """
    if len(opts) < 2:
        return list(opts)
    nus = _NUS
    keys = _STOP_KEYS
    order = [keys.get(g) or _stop_keys(g) for g in opts]     # (left stop, right stop, id)
    order.sort(reverse=is_left)
    keep: list[StopKey] = []            # (left stop, right stop, id), undominated so far
    number_seen = False
    for t in order:
        a_ls, a_rs, a = t
        v = nus[a]
        if v is not None and not v[1] and not v[2]:
            if number_seen:             # a number worse than one taken before
                continue
            number_seen = True
        for _, b_rs, b in keep:
            # Left: is a <= b (b_ls >= a_ls by the order)?  Right: is b <= a?
            if (a_rs <= b_rs and _leq(a, b)) if is_left else (b_rs <= a_rs and _leq(b, a)):
                break
        else:
            if keep and keep[-1][0] == a_ls and keep[-1][1] == a_rs:
                # equal stops: a may dominate some of those taken before it
                keep = [u for u in keep if u[0] != a_ls or u[1] != a_rs or
                        not (_leq(u[2], a) if is_left else _leq(a, u[2]))]
            keep.append(t)
    return [t[2] for t in keep]


def _x_le_G(x: int, GL: Options, GR: Options, memo_x: dict[int, bool], memo_y: dict[int, bool]) -> bool:
    """``x <= G`` for the game ``G = {GL | GR}`` under construction (not interned):
    no ``G^R <= x`` and no ``x^L >= G``.  Plain functions with the memos passed in
    (closures would make reference cycles for the garbage collector); a unit of
    :mod:`cgt._deep`, its memos kept in ``_BYPASS_MEMOS`` while it is unwound."""
    r = memo_x.get(x)
    if r is None:
        r = True
        try:
            for gr in GR:
                if _leq(gr, x):
                    r = False
                    break
            if r:
                for xl in _left(x):
                    if _G_le_y(xl, GL, GR, memo_x, memo_y):
                        r = False
                        break
        except RecursionError:
            raise Unwound(_x_le_G, (x, GL, GR, memo_x, memo_y)) from None
        memo_x[x] = r
    return r


def _G_le_y(y: int, GL: Options, GR: Options, memo_x: dict[int, bool], memo_y: dict[int, bool]) -> bool:
    """``G <= y`` for the game ``G = {GL | GR}`` under construction: no
    ``y <= G^L`` and no ``y^R <= G``; a unit of :mod:`cgt._deep`."""
    r = memo_y.get(y)
    if r is None:
        r = True
        try:
            for gl in GL:
                if _leq(y, gl):
                    r = False
                    break
            if r:
                for yr in _right(y):
                    if _x_le_G(yr, GL, GR, memo_x, memo_y):
                        r = False
                        break
        except RecursionError:
            raise Unwound(_G_le_y, (y, GL, GR, memo_x, memo_y)) from None
        memo_y[y] = r
    return r


def _bypass(L: Options, R: Options) -> tuple[list[int], list[int]]:
    """Bypass reversible options until none is left; then prune dominated ones."""
    GL, GR = tuple(L), tuple(R)     # the value G = {GL | GR} is fixed throughout
    memos = _BYPASS_MEMOS.get((GL, GR))
    if memos is None:               # (an unwound computation of this G left its memos there)
        if len(_BYPASS_MEMOS) > 64:
            _BYPASS_MEMOS.clear()
        memos = _BYPASS_MEMOS[(GL, GR)] = ({}, {})
    memo_x, memo_y = memos

    changed = False
    newL: list[int] = []
    work = list(L)
    seen: set[int] = set()
    while work:
        a = work.pop()
        if a in seen:
            continue
        seen.add(a)
        for ar in _right(a):
            if _x_le_G(ar, GL, GR, memo_x, memo_y):    # A^R <= G: A reverses through A^R
                work.extend(_left(ar))
                changed = True
                break
        else:
            newL.append(a)
    newR: list[int] = []
    work = list(R)
    seen = set()
    while work:
        a = work.pop()
        if a in seen:
            continue
        seen.add(a)
        for al in _left(a):
            if _G_le_y(al, GL, GR, memo_x, memo_y):    # A^L >= G
                work.extend(_right(al))
                changed = True
                break
        else:
            newR.append(a)
    if changed:
        newL = _undominated(set(newL), True)
        newR = _undominated(set(newR), False)
    _BYPASS_MEMOS.pop((GL, GR), None)
    return newL, newR


def _intern(lo: Options, ro: Options) -> int:
    """Id of the game with these canonical option tuples (sorted)."""
    key = (lo, ro)
    gid = _INDEX.get(key)
    if gid is not None:
        return gid
    nus = _recognize(lo, ro)
    if nus is not None:
        gid = _nus_id(*nus)
        if _LEFT[gid] is None:
            _LEFT[gid] = lo
            _RIGHT[gid] = ro
        _INDEX[key] = gid
        return gid
    return _new_id(lo, ro, None)


def _recognize(lo: Options, ro: Options) -> Nus | None:
    """``(x, n, m)`` if the canonical options ``{lo | ro}`` form a number-up-star value."""
    nus: list[Any] = _NUS               # Nus | None; checked before each use
    nl, nr = len(lo), len(ro)
    if nl == 0 and nr == 0:
        return (ZERO_F, 0, 0)
    if nl + nr == 1:
        v = nus[lo[0]] if nl else nus[ro[0]]
        if v is None or v[1] or v[2] or v[0].denominator != 1:
            return None
        if nl and v[0] >= 0:
            return (v[0] + 1, 0, 0)
        if nr and v[0] <= 0:
            return (v[0] - 1, 0, 0)
        return None
    if any(nus[i] is None for i in lo) or any(nus[i] is None for i in ro):
        return None
    if nl == 1 and nr == 1:
        a, b = nus[lo[0]], nus[ro[0]]
        if a[1] == 0 and a[2] == 0 and b[1] == 0 and b[2] == 0:
            if a[0] < b[0]:
                return ((a[0] + b[0]) / 2, 0, 0)
            if a[0] == b[0]:
                return (a[0], 0, 1)                     # {x | x} = x*
            return None
        x = a[0]
        if b[0] == x and a[1] == 0 and a[2] == 0 and b[1] >= 0:
            return (x, b[1] + 1, b[2] ^ 1)              # {x | x+^n*m}, not x*
        y = b[0]
        if a[0] == y and b[1] == 0 and b[2] == 0 and a[1] <= 0:
            return (y, a[1] - 1, a[2] ^ 1)              # {x+v^n*m | x}
        return None
    if nl == 2 and nr == 1:
        x = nus[ro[0]]
        if x[1] == 0 and x[2] == 0 and {nus[i] for i in lo} == {x, (x[0], 0, 1)}:
            return (x[0], 1, 1)                         # x^* = {x, x* | x}
        return None
    if nl == 1 and nr == 2:
        x = nus[lo[0]]
        if x[1] == 0 and x[2] == 0 and {nus[i] for i in ro} == {x, (x[0], 0, 1)}:
            return (x[0], -1, 1)                        # xv* = {x | x, x*}
        return None
    if lo == ro:
        x = nus[lo[0]][0]
        vals = {nus[i] for i in lo}
        if vals == {(x, 0, j) for j in range(nl)}:
            return (x, 0, nl)                           # x*k
    return None


# ---------------------------------------------------------------- sums

def add(g: int, h: int) -> int:
    """The id of the sum ``g + h``.

    Examples
    --------
    >>> from cgt import ops
    >>> star = cgt.star.id
    >>> ops.add(star, star) == ops.ZERO
    True
    >>> g = cgt.parse("{1|0}").id
    >>> ops.number_value(ops.add(g, g))
    Fraction(1, 1)
    >>> ops.add(g, ops.neg(g)) == ops.ZERO
    True
    """
    n = len(_NUS)
    if type(g) is not int or type(h) is not int or not (0 <= g < n and 0 <= h < n):
        g, h = _ids(g, h)
    if g > h:
        g, h = h, g
    r = _ADD.get(g << 32 | h)
    if r is not None:
        return r
    return drive(_add, g, h)


def _add(g: int, h: int) -> int:
    """:func:`add`, a unit of :mod:`cgt._deep` (not checked)."""
    if g > h:
        g, h = h, g
    key = g << 32 | h
    r = _ADD.get(key)
    if r is not None:
        return r
    a = _NUS[g]
    b = _NUS[h]
    if a is not None and b is not None:
        x, y = a[0], b[0]
        r = _nus_id(x + y if x and y else (x or y), a[1] + b[1], a[2] ^ b[2])
    elif a is not None and a == (ZERO_F, 0, 0):
        r = h
    elif b is not None and b == (ZERO_F, 0, 0):
        r = g
    else:
        r = _switch_plus_nus(g, b) if a is None else _switch_plus_nus(h, a)
        if r is None:
            try:
                # G + (-G) = 0: the general sum would build every option of G - G first
                r = ZERO if a is None and b is None and _neg(g) == h else _add_general(g, h, a, b)
            except RecursionError:
                raise Unwound(_add, (g, h)) from None
    if len(_ADD) > CACHE_LIMIT:
        _ADD.clear()
    _ADD[key] = r
    return r


def _add_general(g: int, h: int, a: Nus | None, b: Nus | None) -> int:
    g_num = a is not None and a[1] == 0 and a[2] == 0
    h_num = b is not None and b[1] == 0 and b[2] == 0
    lo: list[int] = []
    ro: list[int] = []
    # Number translation: never move in a number summand.
    if not g_num:
        lo.extend([_add(gl, h) for gl in _left(g)])
        ro.extend([_add(gr, h) for gr in _right(g)])
    if not h_num:
        lo.extend([_add(g, hl) for hl in _left(h)])
        ro.extend([_add(g, hr) for hr in _right(h)])
    return _canon(lo, ro)


def _switch_plus_nus(s: int, v: Nus | None) -> int | None:
    """``s + v`` in closed form when ``s`` is a hot switch ``{a | b}`` of numbers
    (``a > b``) and ``v = x + ^n + *m`` a number-up-star value: ``{a + v | b + v}``;
    else ``None``.

    The identity is number translation (Siegel, *Combinatorial Game Theory*, 2013,
    II.3: ``{a | b} + x = {a + x | b + x}`` for a number ``x``) followed by the same
    translation by the infinitesimal ``e = ^n + *m``, which holds because every
    subposition of ``e`` is infinitesimal: in ``{a | b} + e - {a + e | b + e}`` the
    second player wins by answering a move in one switch with the move to the same
    number in the other (a move in ``e`` is answered in the switch, after which the
    number ``+-(a - b)`` outweighs every infinitesimal that is left).  The form is
    canonical: one option a side, none dominated, and none reversible, since every
    Right option of ``a + v`` has right stop ``a + x > b + x``, the right stop of the
    sum (and symmetrically); the sum has two different stops, so it is no
    number-up-star value.  Checked against the general algorithm and an independent
    reference in ``tests/cgt/test_ops.py``; the native engine has the same shortcut.
    """
    if v is None:
        return None
    lo = _LEFT[s]
    ro = _RIGHT[s]
    if lo is None or ro is None or len(lo) != 1 or len(ro) != 1:
        return None
    p = _NUS[lo[0]]
    q = _NUS[ro[0]]
    if p is None or q is None or p[1] or p[2] or q[1] or q[2] or not p[0] > q[0]:
        return None
    x, n, m = v
    return _intern((_nus_id(p[0] + x, n, m),), (_nus_id(q[0] + x, n, m),))


# ---------------------------------------------------------------- birthday

def _nus_birthday(x: Fraction, n: int, m: int) -> int:
    if x.denominator == 1:
        bx = abs(x.numerator)
    else:
        bx = int(abs(x) // 1 + x.denominator.bit_length())   # floor|x| + 1 + k for x = p/2^k
    n = abs(n)
    if n == 0:
        bi = m
    elif m == 0:
        bi = n + 1
    elif n % 2 == 1 and m != 1:
        bi = n + (m ^ 1)
    else:
        bi = n + m
    return bx + bi


def birthday(g: int) -> int:
    """The birthday of the game ``g``: the height of its canonical game tree.

    Examples
    --------
    >>> from cgt import ops
    >>> ops.birthday(ops.ZERO), ops.birthday(cgt.up.id), ops.birthday(ops.nus_id(10**6))
    (0, 2, 1000000)
    >>> ops.birthday(cgt.parse("{3||2|1}").id)
    4
    """
    if type(g) is not int or g < 0 or g >= len(_NUS):
        g = _id(g)
    v = _NUS[g]
    if v is not None:
        return _nus_birthday(*v)
    r = _BIRTHDAY.get(g)
    if r is not None:
        return r
    return drive(_birthday, g)


def _birthday(g: int) -> int:
    """:func:`birthday`, a unit of :mod:`cgt._deep` (not checked)."""
    v = _NUS[g]
    if v is not None:
        return _nus_birthday(*v)
    r = _BIRTHDAY.get(g)
    if r is None:
        opts: Any = _LEFT[g] + _RIGHT[g]  # type: ignore[operator]  # built: not a number-up-star
        try:
            r = 1 + max([_birthday(o) for o in opts])
        except RecursionError:
            raise Unwound(_birthday, (g,)) from None
        _BIRTHDAY[g] = r
    return r


def clear_caches() -> None:
    """Empty the engine's operation caches (not the table of canonical forms).

    Ids stay valid.  :func:`cgt.clear_caches` also empties the caches of
    notation and analysis.

    Examples
    --------
    >>> from cgt import ops
    >>> ops.clear_caches(); ops.cache_info()["add"]
    0
    """
    for c in (_ADD, _NEG, _LEQ, _BIRTHDAY, _STOPS, _CANON, _STOP_KEYS, _UNDOMINATED_L, _UNDOMINATED_R, _BYPASSED,
              _BYPASS_MEMOS):
        c.clear()


def cache_info() -> dict[str, int]:
    """Sizes of the table (``"games"``) and of each operation cache, and the cache limit (``"limit"``).

    Examples
    --------
    >>> from cgt import ops
    >>> info = ops.cache_info()
    >>> info["games"] > 0, info["limit"] > 0, {"add", "neg", "leq", "canonical"} <= set(info)
    (True, True, True)
    """
    return {
        "games": len(_NUS),
        "add": len(_ADD),
        "neg": len(_NEG),
        "leq": len(_LEQ),
        "birthday": len(_BIRTHDAY),
        "stops": len(_STOPS),
        "canonical": len(_CANON),
        "undominated": len(_UNDOMINATED_L) + len(_UNDOMINATED_R),
        "bypassed": len(_BYPASSED),
        "limit": CACHE_LIMIT,
    }


ZERO = _nus_id(0)
"""The id of the game 0 = ``{ | }``."""
