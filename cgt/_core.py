"""The canonical-form engine, on integer ids.

Every canonical short game is stored once in module-level tables and is
identified by a small integer (its *id*).  Two games are equal exactly when
their ids are equal.  This module is private: the public face is
:class:`cgt.Game`.

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
it (as CGSuite does).  A result equal to a number-up-star value is recognised
from the shape of its canonical options, so each value has one id.
"""

from fractions import Fraction

_LEFT = []
_RIGHT = []
_NUS = []
_INDEX = {}      # (left ids, right ids) -> id, for games built from options
_NUS_INDEX = {}  # (x, n, m) -> id

# Operation caches, keyed by ids.  Bounded: each is cleared when it grows past
# its limit (a lossy cache, like CGSuite's), and all can be cleared by hand.
CACHE_LIMIT = 2_000_000
_ADD = {}        # smaller id << 32 | larger id -> id of the sum
_NEG = {}
_LEQ = {}        # g << 32 | h -> bool
_BIRTHDAY = {}
_STOPS = {}
_CANON = {}      # (*sorted left ids, -1, *sorted right ids) -> id
_INT_STOPS = {}

ZERO_F = Fraction(0)


def _new_id(left, right, nus, nus_key=None):
    gid = len(_NUS)
    try:
        _LEFT.append(left)
        _RIGHT.append(right)
        _NUS.append(nus)
        if left is not None:
            _INDEX[(left, right)] = gid
        if nus_key is not None:
            _NUS_INDEX[nus_key] = gid
    except BaseException:
        # Interrupted (Ctrl-C) half-way: undo, so the tables stay aligned and each
        # value keeps a single id.
        del _LEFT[gid:], _RIGHT[gid:], _NUS[gid:]
        if left is not None and _INDEX.get((left, right)) == gid:
            del _INDEX[(left, right)]
        if nus_key is not None and _NUS_INDEX.get(nus_key) == gid:
            del _NUS_INDEX[nus_key]
        raise
    return gid


def nus_id(x, n=0, m=0):
    """Id of ``x + ^n + *m`` (x a dyadic Fraction or int).

    The index is keyed on plain ints ``(numerator, denominator, n, m)``:
    hashing and comparing Fractions would dominate the cost of small sums.
    """
    if type(x) is int:
        key = (x, 1, n, m)
    else:
        key = (x.numerator, x.denominator, n, m)
    gid = _NUS_INDEX.get(key)
    if gid is None:
        gid = _new_id(None, None, (Fraction(x), n, m), key)
    return gid


def _ensure_options(g):
    """Build the option tuples of a number-up-star value on first use."""
    x, n, m = _NUS[g]
    if n == 0 and m == 0:
        if x.denominator == 1:
            if x > 0:
                left, right = (nus_id(x - 1),), ()
            elif x < 0:
                left, right = (), (nus_id(x + 1),)
            else:
                left, right = (), ()
        else:
            e = Fraction(1, x.denominator)
            left, right = (nus_id(x - e),), (nus_id(x + e),)
    elif n == 0:
        left = right = tuple(sorted(nus_id(x, 0, j) for j in range(m)))
    elif n == 1 and m == 1:          # x^* = {x, x* | x}
        left, right = tuple(sorted((nus_id(x), nus_id(x, 0, 1)))), (nus_id(x),)
    elif n == -1 and m == 1:         # xv* = {x | x, x*}
        left, right = (nus_id(x),), tuple(sorted((nus_id(x), nus_id(x, 0, 1))))
    elif n > 0:                      # x+^n*m = {x | x+^(n-1)*(m^1)}
        left, right = (nus_id(x),), (nus_id(x, n - 1, m ^ 1),)
    else:                            # x+v^n*m = {x+v^(n-1)*(m^1) | x}
        left, right = (nus_id(x, n + 1, m ^ 1),), (nus_id(x),)
    _LEFT[g] = left
    _RIGHT[g] = right
    _INDEX.setdefault((left, right), g)


def left(g):
    opts = _LEFT[g]
    if opts is None:
        _ensure_options(g)
        opts = _LEFT[g]
    return opts


def right(g):
    opts = _RIGHT[g]
    if opts is None:
        _ensure_options(g)
        opts = _RIGHT[g]
    return opts


def is_number(g):
    v = _NUS[g]
    return v is not None and v[1] == 0 and v[2] == 0


def number_value(g):
    """The Fraction of a number id, or None."""
    v = _NUS[g]
    if v is not None and v[1] == 0 and v[2] == 0:
        return v[0]
    return None


# ---------------------------------------------------------------- numbers

def simplest_between(lo, hi):
    """The simplest dyadic strictly between ``lo`` and ``hi``.

    ``None`` stands for no bound.  Conway's simplicity rule: an integer if one
    fits (the one closest to 0), else the dyadic with the smallest denominator.
    """
    if lo is None and hi is None:
        return ZERO_F
    if lo is None:
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

def neg(g):
    r = _NEG.get(g)
    if r is not None:
        return r
    v = _NUS[g]
    if v is not None:
        x, n, m = v
        r = nus_id(-x, -n, m)
    else:
        lo = tuple(sorted(neg(h) for h in _RIGHT[g]))
        ro = tuple(sorted(neg(h) for h in _LEFT[g]))
        r = _INDEX.get((lo, ro))
        if r is None:
            r = _new_id(lo, ro, None)
    if len(_NEG) > CACHE_LIMIT:
        _NEG.clear()
    _NEG[g] = r
    _NEG[r] = g
    return r


# ---------------------------------------------------------------- order

def _nus_leq(a, b):
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


def leq(g, h):
    """``g <= h`` in the partial order of games (ids)."""
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
    r = _leq_general(g, h, a, b)
    if len(_LEQ) > CACHE_LIMIT:
        _LEQ.clear()
    _LEQ[key] = r
    return r


def _leq_general(g, h, a, b):
    # Stops are monotone: g <= h implies LS(g) <= LS(h) and RS(g) <= RS(h).
    # (This also covers CGSuite's bound RS(g) > LS(h) => g > h, as LS(h) >= RS(h).)
    gln, gld, grn, grd = _int_stops(g)
    hln, hld, hrn, hrd = _int_stops(h)
    if gln * hld > hln * gld or grn * hrd > hrn * grd:   # as ints: Fractions are slow here
        return False
    g_num = a is not None and a[1] == 0 and a[2] == 0
    h_num = b is not None and b[1] == 0 and b[2] == 0
    # Number avoidance: against a number, only the other game's options count.
    if not h_num:
        for hr in right(h):
            if leq(hr, g):
                return False
    if not g_num:
        for gl in left(g):
            if leq(h, gl):
                return False
    return True


def _int_stops(g):
    """``(LS numerator, LS denominator, RS numerator, RS denominator)``, cached."""
    r = _INT_STOPS.get(g)
    if r is None:
        ls, rs = stops(g)
        r = (ls.numerator, ls.denominator, rs.numerator, rs.denominator)
        if len(_INT_STOPS) > CACHE_LIMIT:
            _INT_STOPS.clear()
        _INT_STOPS[g] = r
    return r


def stops(g):
    """``(left stop, right stop)`` as Fractions."""
    v = _NUS[g]
    if v is not None:
        return (v[0], v[0])
    r = _STOPS.get(g)
    if r is not None:
        return r
    ls = max(stops(gl)[1] for gl in _LEFT[g])
    rs = min(stops(gr)[0] for gr in _RIGHT[g])
    r = (ls, rs)
    _STOPS[g] = r
    return r


# ---------------------------------------------------------------- canonical form

def _mex(values):
    s = set(values)
    k = 0
    while k in s:
        k += 1
    return k


def canonical(lefts, rights):
    """Id of the canonical form of ``{lefts | rights}`` (iterables of ids)."""
    L = frozenset(lefts)
    R = frozenset(rights)
    key = (*sorted(L), -1, *sorted(R))  # one flat tuple: far smaller than two frozensets
    r = _CANON.get(key)
    if r is None:
        r = _canonical(L, R)
        if len(_CANON) > CACHE_LIMIT:
            _CANON.clear()
        _CANON[key] = r
    return r


def _canonical(L, R):
    nus = _NUS
    all_nus = all(nus[i] is not None for i in L) and all(nus[i] is not None for i in R)
    if all_nus:
        # Only numbers: the simplest number between, or a hot switch {max L | min R}.
        if all(nus[i][1] == 0 and nus[i][2] == 0 for i in L) and \
                all(nus[i][1] == 0 and nus[i][2] == 0 for i in R):
            lo = max((nus[i][0] for i in L), default=None)
            hi = min((nus[i][0] for i in R), default=None)
            if lo is None or hi is None or lo < hi:
                return nus_id(simplest_between(lo, hi))
            L = {nus_id(lo)}
            R = {nus_id(hi)}
            return _intern(tuple(L), tuple(R))
        # Only nimbers with equal mex: a nimber.
        if all(nus[i][0] == 0 and nus[i][1] == 0 for i in L) and \
                all(nus[i][0] == 0 and nus[i][1] == 0 for i in R):
            ml = _mex(nus[i][2] for i in L)
            if ml == _mex(nus[i][2] for i in R):
                return nus_id(0, 0, ml)
    L = _undominated(L, True)
    R = _undominated(R, False)
    L, R = _bypass(L, R)
    return _intern(tuple(sorted(L)), tuple(sorted(R)))


def _undominated(opts, is_left):
    if len(opts) < 2:
        return list(opts)
    opts = list(opts)
    nus = _NUS
    best = None
    others = []
    for g in opts:                      # of the numbers, only the best one can survive
        v = nus[g]
        if v is None or v[1] or v[2]:
            others.append(g)
        elif best is None or (v[0] > nus[best][0] if is_left else v[0] < nus[best][0]):
            best = g
    if best is not None:
        if not others:
            return [best]
        others.append(best)
        opts = others
        if len(opts) < 2:
            return opts
    # g <= h needs LS(g) <= LS(h) and RS(g) <= RS(h): compare the stops first (cheap)
    stops = [_int_stops(g) for g in opts]
    keep = []
    for i, a in enumerate(opts):
        aln, ald, arn, ard = stops[i]
        for j, b in enumerate(opts):
            if i == j:
                continue
            bln, bld, brn, brd = stops[j]
            if is_left:                  # is a <= b?
                if aln * bld > bln * ald or arn * brd > brn * ard or not leq(a, b):
                    continue
            elif bln * ald > aln * bld or brn * ard > arn * brd or not leq(b, a):
                continue
            break                        # dominated
        else:
            keep.append(a)
    return keep


def _bypass(L, R):
    """Bypass reversible options until none is left; then prune dominated ones."""
    memo = {}
    GL, GR = tuple(L), tuple(R)     # the value G = {GL | GR} is fixed throughout

    def x_le_G(x):
        key = (0, x)
        r = memo.get(key)
        if r is None:
            r = True
            for gr in GR:
                if leq(gr, x):
                    r = False
                    break
            if r:
                for xl in left(x):
                    if G_le_y(xl):
                        r = False
                        break
            memo[key] = r
        return r

    def G_le_y(y):
        key = (1, y)
        r = memo.get(key)
        if r is None:
            r = True
            for gl in GL:
                if leq(y, gl):
                    r = False
                    break
            if r:
                for yr in right(y):
                    if x_le_G(yr):
                        r = False
                        break
            memo[key] = r
        return r

    changed = False
    newL = []
    work = list(L)
    seen = set()
    while work:
        a = work.pop()
        if a in seen:
            continue
        seen.add(a)
        for ar in right(a):
            if x_le_G(ar):          # A^R <= G: A reverses through A^R
                work.extend(left(ar))
                changed = True
                break
        else:
            newL.append(a)
    newR = []
    work = list(R)
    seen = set()
    while work:
        a = work.pop()
        if a in seen:
            continue
        seen.add(a)
        for al in left(a):
            if G_le_y(al):          # A^L >= G
                work.extend(right(al))
                changed = True
                break
        else:
            newR.append(a)
    if changed:
        newL = _undominated(set(newL), True)
        newR = _undominated(set(newR), False)
    return newL, newR


def _intern(lo, ro):
    """Id of the game with these canonical option tuples (sorted)."""
    key = (lo, ro)
    gid = _INDEX.get(key)
    if gid is not None:
        return gid
    nus = _recognise(lo, ro)
    if nus is not None:
        gid = nus_id(*nus)
        if _LEFT[gid] is None:
            _LEFT[gid] = lo
            _RIGHT[gid] = ro
        _INDEX[key] = gid
        return gid
    return _new_id(lo, ro, None)


def _recognise(lo, ro):
    """``(x, n, m)`` if the canonical options ``{lo | ro}`` form a number-up-star value."""
    nus = _NUS
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

def add(g, h):
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
        r = nus_id(x + y if x and y else (x or y), a[1] + b[1], a[2] ^ b[2])
    elif a is not None and a == (ZERO_F, 0, 0):
        r = h
    elif b is not None and b == (ZERO_F, 0, 0):
        r = g
    else:
        g_num = a is not None and a[1] == 0 and a[2] == 0
        h_num = b is not None and b[1] == 0 and b[2] == 0
        lo = []
        ro = []
        # Number translation: never move in a number summand.
        if not g_num:
            lo.extend(add(gl, h) for gl in left(g))
            ro.extend(add(gr, h) for gr in right(g))
        if not h_num:
            lo.extend(add(g, hl) for hl in left(h))
            ro.extend(add(g, hr) for hr in right(h))
        r = canonical(lo, ro)
    if len(_ADD) > CACHE_LIMIT:
        _ADD.clear()
    _ADD[key] = r
    return r


# ---------------------------------------------------------------- birthday

def _nus_birthday(x, n, m):
    if x.denominator == 1:
        bx = abs(x.numerator)
    else:
        bx = abs(x) // 1 + x.denominator.bit_length()   # floor|x| + 1 + k for x = p/2^k
        bx = int(bx)
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


def birthday(g):
    v = _NUS[g]
    if v is not None:
        return _nus_birthday(*v)
    r = _BIRTHDAY.get(g)
    if r is None:
        r = 1 + max(birthday(o) for o in _LEFT[g] + _RIGHT[g])
        _BIRTHDAY[g] = r
    return r


def clear_caches():
    """Empty the operation caches (not the table of canonical forms)."""
    for c in (_ADD, _NEG, _LEQ, _BIRTHDAY, _STOPS, _CANON, _INT_STOPS):
        c.clear()


def cache_info():
    """Sizes of the table and of each operation cache."""
    return {
        "games": len(_NUS),
        "add": len(_ADD),
        "neg": len(_NEG),
        "leq": len(_LEQ),
        "birthday": len(_BIRTHDAY),
        "stops": len(_STOPS),
        "canonical": len(_CANON),
        "limit": CACHE_LIMIT,
    }


ZERO = nus_id(0)
