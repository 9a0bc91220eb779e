"""Analysis kernels on ids: thermographs, mean and temperature, cooling and heating,
atomic weight, reduced canonical form, incentives, tempers and two compounds.

Every function here takes and returns ids of :mod:`cgt.ops` (or plain values:
Fractions, bools, :class:`~cgt.thermography.Thermograph`), works through
:mod:`cgt.ops` only, and knows nothing of :class:`cgt.Game`.  They check
nothing: :mod:`cgt.analysis` and :class:`cgt.Game` validate the user's input
and call these.  Results are memoized by id in bounded dictionaries, emptied
by :func:`cgt.clear_caches` (through :func:`_clear_caches`).

The recursive ones are units of :mod:`cgt._deep` (a recursion deeper than Python's
limit unwinds and resumes in segments under :func:`cgt.ops.deep`, through which their
callers run them); the ordinal sum is iterative, on an explicit stack.

The definitions follow CGSuite (``CanonicalShortGameOps.java`` in
aaron-siegel/cgsuite); :mod:`cgt.analysis` documents each operation.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeVar

from . import ops
from ._deep import MAX_DEPTH, Unwound, too_deep
from .thermography import Thermograph, Trajectory, walls_from_scaffolds

K = TypeVar("K")
V = TypeVar("V")

_LIMIT = 1_000_000
_COOL: dict[tuple[int, int], int] = {}              # (g, t) -> id
_HEAT: dict[tuple[int, int], int] = {}              # (g, t) -> id
_OVERHEAT: dict[tuple[int, int, int], int] = {}     # (g, s, t) -> id
_NORTON: dict[tuple[int, int], int] = {}            # (g, u) -> id
_INCENT: dict[int, tuple[int, ...]] = {}            # g -> undominated incentives
_ORDINAL: dict[tuple[int, int], int] = {}           # (g, h) -> id
_ALLSMALL: dict[int, bool] = {}
_FARSTAR: dict[int, int] = {}
_NAIVE_AW: dict[int, int] = {}
_STARPROJ: dict[int, int] = {}
_EVEN_T: dict[int, bool] = {}
_ODD_T: dict[int, bool] = {}
_THERMO: dict[int, Thermograph] = {}
_THERMO_LIMIT = 500_000
_CACHES: tuple[dict[int, bool] | dict[int, int] | dict[tuple[int, int], int] | dict[tuple[int, int, int], int]
               | dict[int, tuple[int, ...]] | dict[int, Thermograph], ...] = (
    _COOL, _HEAT, _OVERHEAT, _NORTON, _INCENT, _ORDINAL, _ALLSMALL, _FARSTAR,
    _NAIVE_AW, _STARPROJ, _EVEN_T, _ODD_T, _THERMO)

_NUS_BASIC = {(0, 1), (1, 0), (-1, 0)}     # x*, x^, xv: thermographs computed from their options


def _clear_caches() -> None:
    """Forget every memoized result (called by :func:`cgt.clear_caches`)."""
    for c in _CACHES:
        c.clear()


def _cache_sizes() -> dict[str, int]:
    """``{"thermographs": ..., "analysis": ...}``: the sizes reported by :func:`cgt.cache_info`."""
    return {"thermographs": len(_THERMO), "analysis": sum(len(c) for c in _CACHES) - len(_THERMO)}


def _store(cache: dict[K, V], key: K, value: V) -> V:
    if len(cache) > _LIMIT:
        cache.clear()
    cache[key] = value
    return value


def is_integer(g: int) -> bool:
    """True if ``g`` is an integer."""
    x = ops.number_value(g)
    return x is not None and x.denominator == 1


# ====================================================================== thermographs

def thermograph(g: int) -> Thermograph:
    """The thermograph of ``g``, from its options' walls, memoized."""
    r = _THERMO.get(g)
    if r is not None:
        return r
    v = ops.nus(g)
    if v is not None and v[0].denominator == 1 and v[1] == 0 and v[2] == 0:
        w = Trajectory.constant(v[0])
        r = Thermograph._trusted(w, w)
    elif v is not None and (v[1] != 0 or v[2] != 0) and (v[1], v[2]) not in _NUS_BASIC:
        # x + ^n*m has the thermograph of x*, x^ or xv (CGSuite does the same;
        # checked against the recursive computation in the tests).
        x, n, m = v
        if n == 0 or (abs(n) == 1 and m == 1):
            r = thermograph(ops.nus_id(x, 0, 1))
        else:
            r = thermograph(ops.nus_id(x, 1 if n > 0 else -1, 0))
    else:
        try:
            r = _from_options(g)
        except RecursionError:
            raise Unwound(thermograph, (g,)) from None
    if len(_THERMO) > _THERMO_LIMIT:
        _THERMO.clear()
    _THERMO[g] = r
    return r


def _from_options(g: int) -> Thermograph:
    """The thermograph of ``g`` built from its options' thermographs (the scaffolds)."""
    ls: Trajectory | None = None
    for gl in ops.left_options(g):
        w = thermograph(gl).right_wall
        ls = w if ls is None else ls.maximum(w)
    rs: Trajectory | None = None
    for gr in ops.right_options(g):
        w = thermograph(gr).left_wall
        rs = w if rs is None else rs.minimum(w)
    # A canonical game that is not an integer has options on both sides.
    assert ls is not None and rs is not None
    return walls_from_scaffolds(ls.tilt(-1), rs.tilt(1))


def mean(g: int) -> Fraction:
    """The mean value of ``g``."""
    v = ops.nus(g)
    if v is not None:
        return v[0]
    return thermograph(g).mast


def temperature(g: int) -> Fraction:
    """The temperature of ``g``, in CGSuite's convention."""
    v = ops.nus(g)
    if v is not None:
        if v[1] == 0 and v[2] == 0:
            return Fraction(-1, v[0].denominator)
        return Fraction(0)
    return thermograph(g).temperature


# ====================================================================== cooling and heating

def cool(g: int, t: Fraction, tid: int) -> int:
    """``g`` cooled by the number ``t`` (whose id is ``tid``), for ``t > -1``."""
    if is_integer(g):
        return g
    key = (g, tid)
    r = _COOL.get(key)
    if r is not None:
        return r
    try:
        if temperature(g) < t:
            r = ops.nus_id(mean(g))
        else:
            ntid = ops.neg(tid)
            lo = [ops.add(cool(gl, t, tid), ntid) for gl in ops.left_options(g)]
            ro = [ops.add(cool(gr, t, tid), tid) for gr in ops.right_options(g)]
            r = ops.canonical(lo, ro)
    except RecursionError:
        raise Unwound(cool, (g, t, tid)) from None
    return _store(_COOL, key, r)


def heat(g: int, tid: int) -> int:
    """``g`` heated by the game ``tid``."""
    if ops.is_number(g):
        return g
    key = (g, tid)
    r = _HEAT.get(key)
    if r is not None:
        return r
    try:
        ntid = ops.neg(tid)
        lo = [ops.add(heat(gl, tid), tid) for gl in ops.left_options(g)]
        ro = [ops.add(heat(gr, tid), ntid) for gr in ops.right_options(g)]
        r = ops.canonical(lo, ro)
    except RecursionError:
        raise Unwound(heat, (g, tid)) from None
    return _store(_HEAT, key, r)


def overheat(g: int, s: int, t: int) -> int:
    """``g`` overheated from ``s`` to ``t``."""
    if is_integer(g):
        return norton_product(g, s)
    key = (g, s, t)
    r = _OVERHEAT.get(key)
    if r is not None:
        return r
    try:
        nt = ops.neg(t)
        lo = [ops.add(overheat(gl, s, t), t) for gl in ops.left_options(g)]
        ro = [ops.add(overheat(gr, s, t), nt) for gr in ops.right_options(g)]
        r = ops.canonical(lo, ro)
    except RecursionError:
        raise Unwound(overheat, (g, s, t)) from None
    return _store(_OVERHEAT, key, r)


def freeze(g: int) -> int:
    """``g`` cooled by its own temperature (number-up-star values are frozen already)."""
    if ops.nus(g) is not None:
        return g
    t = temperature(g)
    if t <= 0:
        return g            # cooling by 0 changes nothing
    return cool(g, t, ops.nus_id(t))


# ====================================================================== atomic weight

def is_all_small(g: int) -> bool:
    """True if ``g`` is all-small."""
    v = ops.nus(g)
    if v is not None:
        return v[0] == 0
    r = _ALLSMALL.get(g)
    if r is None:
        try:
            r = all(is_all_small(o) for o in ops.left_options(g)) and \
                all(is_all_small(o) for o in ops.right_options(g))
        except RecursionError:
            raise Unwound(is_all_small, (g,)) from None
        _store(_ALLSMALL, g, r)
    return r


def _far_star(g: int) -> int:
    v = ops.nus(g)
    if v is not None and v[0] == 0 and v[1] == 0:
        return v[2] + 1
    r = _FARSTAR.get(g)
    if r is None:
        r = 1
        try:
            for o in ops.left_options(g) + ops.right_options(g):
                r = max(r, _far_star(o))
        except RecursionError:
            raise Unwound(_far_star, (g,)) from None
        _store(_FARSTAR, g, r)
    return r


def _ceil(x: Fraction) -> int:
    return -((-x.numerator) // x.denominator)


def _floor(x: Fraction) -> int:
    return x.numerator // x.denominator


def _naive_atomic_weight(g: int) -> int:
    v = ops.nus(g)
    if v is not None:
        return ops.nus_id(v[1])
    r = _NAIVE_AW.get(g)
    if r is not None:
        return r
    try:
        return _store(_NAIVE_AW, g, _naive_atomic_weight_from_options(g))
    except RecursionError:
        raise Unwound(_naive_atomic_weight, (g,)) from None


def _naive_atomic_weight_from_options(g: int) -> int:
    two, mtwo = ops.nus_id(2), ops.nus_id(-2)
    lo = [ops.add(_naive_atomic_weight(gl), mtwo) for gl in ops.left_options(g)]
    ro = [ops.add(_naive_atomic_weight(gr), two) for gr in ops.right_options(g)]
    g0 = ops.canonical(lo, ro)
    r = g0
    if is_integer(g0):
        fs = ops.nus_id(0, 0, _far_star(g))
        le = ops.leq(g, fs)
        ge = ops.leq(fs, g)
        if le and not ge:
            # G < far star: the least integer n with n |> every G^L00.
            if not lo:
                r = ops.ZERO
            else:
                best: int | None = None
                for o in lo:
                    n = _ceil(ops.stops(o)[1])
                    if ops.leq(ops.nus_id(n), o):
                        n += 1
                    best = n if best is None else max(best, n)
                assert best is not None
                r = ops.nus_id(best)
        elif ge and not le:
            # G > far star: the greatest integer n with n <| every G^R00.
            if not ro:
                r = ops.ZERO
            else:
                best = None
                for o in ro:
                    n = _floor(ops.stops(o)[0])
                    if ops.leq(o, ops.nus_id(n)):
                        n -= 1
                    best = n if best is None else min(best, n)
                assert best is not None
                r = ops.nus_id(best)
    return r


def atomic_weight(g: int) -> int | str:
    """Id of the atomic weight of ``g``, or a string saying why there is none."""
    ls, rs = ops.stops(g)
    if ls != 0 or rs != 0:
        return f"it is not infinitesimal (its stops are {ls} and {rs}), so not all-small"
    aw = _naive_atomic_weight(g)
    if is_all_small(g):
        return aw
    # David Wolfe's check, as CGSuite: |G - aw.^| <= ^* + (*N : -1), N a power of 2 >= far star.
    diff = ops.add(g, ops.neg(norton_product(aw, ops.nus_id(0, 1, 0))))
    far = _far_star(g)
    p = 2
    while p < far:
        p <<= 1
    red_kite = ordinal_sum(ops.nus_id(0, 0, p), ops.nus_id(-1))
    eps = ops.add(ops.nus_id(0, 1, 1), red_kite)
    if ops.leq(diff, eps) and ops.leq(ops.neg(eps), diff):
        return aw
    return "its naive atomic weight fails the atomicity check (it is infinitesimal but not all-small)"


# ====================================================================== reduced canonical form

def _star_projection(g: int) -> int:
    v = ops.nus(g)
    if v is not None:
        if v[1] == 0 and v[2] == 0:
            return g
        if v[1] == 0 and v[2] == 1:
            return ops.nus_id(v[0])
    r = _STARPROJ.get(g)
    if r is None:
        try:
            r = ops.canonical([_star_projection(o) for o in ops.left_options(g)],
                              [_star_projection(o) for o in ops.right_options(g)])
        except RecursionError:
            raise Unwound(_star_projection, (g,)) from None
        _store(_STARPROJ, g, r)
    return r


def reduced_canonical_form(g: int) -> int:
    """The reduced canonical form of ``g``: heat by ``*``, then the star projection."""
    v = ops.nus(g)
    if v is not None:
        return ops.nus_id(v[0])
    return _star_projection(heat(g, ops.nus_id(0, 0, 1)))


# ====================================================================== incentives and tempers

def undominated_max(ids: list[int]) -> list[int]:
    """The ids of ``ids`` that are not below another one (duplicates dropped, order kept)."""
    ids = list(dict.fromkeys(ids))
    keep = []
    for i, a in enumerate(ids):
        if not any(j != i and ops.leq(a, b) for j, b in enumerate(ids)):
            keep.append(a)
    return keep


def incentives(g: int) -> tuple[int, ...]:
    """The undominated incentives of both players of ``g``."""
    r = _INCENT.get(g)
    if r is None:
        ng = ops.neg(g)
        inc = [ops.add(gl, ng) for gl in ops.left_options(g)]
        inc += [ops.add(g, ops.neg(gr)) for gr in ops.right_options(g)]
        r = tuple(undominated_max(inc))
        _store(_INCENT, g, r)
    return r


def left_incentives(g: int) -> list[int]:
    """The undominated incentives ``G^L - G`` of Left."""
    ng = ops.neg(g)
    return undominated_max([ops.add(gl, ng) for gl in ops.left_options(g)])


def right_incentives(g: int) -> list[int]:
    """The undominated incentives ``G - G^R`` of Right."""
    return undominated_max([ops.add(g, ops.neg(gr)) for gr in ops.right_options(g)])


def is_even_tempered(g: int) -> bool:
    """True if ``g`` is even-tempered."""
    v = ops.nus(g)
    if v is not None:
        return v[1] == 0 and v[2] == 0
    r = _EVEN_T.get(g)
    if r is None:
        try:
            r = all(is_odd_tempered(o) for o in ops.left_options(g)) and \
                all(is_odd_tempered(o) for o in ops.right_options(g))
        except RecursionError:
            raise Unwound(is_even_tempered, (g,)) from None
        _store(_EVEN_T, g, r)
    return r


def is_odd_tempered(g: int) -> bool:
    """True if ``g`` is odd-tempered."""
    v = ops.nus(g)
    if v is not None:
        return v[1] == 0 and v[2] == 1
    r = _ODD_T.get(g)
    if r is None:
        try:
            r = all(is_even_tempered(o) for o in ops.left_options(g)) and \
                all(is_even_tempered(o) for o in ops.right_options(g))
        except RecursionError:
            raise Unwound(is_odd_tempered, (g,)) from None
        _store(_ODD_T, g, r)
    return r


# ====================================================================== compounds

def _ordinal_closed_form(g: int, h: int) -> int | None:
    """``g : h`` where it needs no options: ``0 : h = h``, ``g : 0 = g``, and
    ``(x + *a) : *b = x + *(a + b)``."""
    if g == ops.ZERO:
        return h
    if h == ops.ZERO:
        return g
    a = ops.nus(g)
    b = ops.nus(h)
    if a is not None and a[1] == 0 and b is not None and b[0] == 0 and b[1] == 0:
        return ops.nus_id(a[0], 0, a[2] + b[2])
    return None


def ordinal_sum(g: int, h: int) -> int:
    """The ordinal sum ``g : h``: ``{G^L, G:H^L | G^R, G:H^R}``.

    Iterative: the subpositions of ``h`` are taken on an explicit stack, each after its
    options.  The stack is as deep as ``h`` is old: a ``h`` born after
    ``cgt._deep.MAX_DEPTH`` is refused at once (:class:`~cgt.errors.CGTOverflowError`).
    """
    r = _ordinal_closed_form(g, h)
    if r is not None:
        return r
    r = _ORDINAL.get((g, h))
    if r is not None:
        return r
    day = ops.birthday(h)
    if day > MAX_DEPTH:
        raise too_deep(f"the ordinal sum with a game born on day {day:,}")
    gl = list(ops.left_options(g))
    gr = list(ops.right_options(g))
    done: dict[int, int] = {}           # this computation's results: the global cache may drop some

    def value(k: int) -> int | None:
        v = done.get(k)
        if v is None:
            v = _ordinal_closed_form(g, k)
            if v is None:
                v = _ORDINAL.get((g, k))
            if v is not None:
                done[k] = v
        return v

    stack = [h]
    while stack:
        k = stack[-1]
        if value(k) is not None:
            stack.pop()
            continue
        kl = ops.left_options(k)
        kr = ops.right_options(k)
        missing = [o for o in kl + kr if value(o) is None]
        if missing:
            stack.extend(missing)
            continue
        r = ops.canonical(gl + [done[o] for o in kl], gr + [done[o] for o in kr])
        done[k] = _store(_ORDINAL, (g, k), r)
        stack.pop()
    return done[h]


def norton_product(g: int, u: int) -> int:
    """The Norton product ``g.u``."""
    key = (g, u)
    r = _NORTON.get(key)
    if r is not None:
        return r
    try:
        r = _norton_product(g, u)
    except RecursionError:
        raise Unwound(norton_product, (g, u)) from None
    return _store(_NORTON, key, r)


def _norton_product(g: int, u: int) -> int:
    x = ops.number_value(g)
    if x is not None and x.denominator == 1:
        n = x.numerator
        base = ops.neg(u) if n < 0 else u
        n = abs(n)
        r = ops.ZERO
        while n:                       # binary addition, as CGSuite
            if n & 1:
                r = ops.add(r, base)
            n >>= 1
            if n:
                base = ops.add(base, base)
    else:
        upi = [ops.add(u, i) for i in incentives(u)]
        lo: list[int] = []
        for gl in ops.left_options(g):
            p = norton_product(gl, u)
            lo.extend(ops.add(p, y) for y in upi)
        ro: list[int] = []
        for gr in ops.right_options(g):
            p = norton_product(gr, u)
            ro.extend(ops.add(p, ops.neg(y)) for y in upi)
        r = ops.canonical(lo, ro)
    return r
