"""A deliberately simple reference implementation of short games, for tests.

Games are plain nested tuples ``(lefts, rights)`` of *unreduced* game trees.
Order and equality follow Conway's definition literally:

    G <= H  iff  no G^L >= H  and  no H^R <= G.

Nothing here shares code with :mod:`cgt`; it is used to confirm the engine's
answers on small random trees.
"""

from functools import cache

ZERO = ((), ())


def tree(lefts=(), rights=()):
    return (tuple(lefts), tuple(rights))


@cache
def le(g, h):
    return not any(le(h, gl) for gl in g[0]) and not any(le(hr, g) for hr in h[1])


def eq(g, h):
    return le(g, h) and le(h, g)


@cache
def neg(g):
    return (tuple(neg(r) for r in g[1]), tuple(neg(x) for x in g[0]))


@cache
def add(g, h):
    lefts = tuple(add(gl, h) for gl in g[0]) + tuple(add(g, hl) for hl in h[0])
    rights = tuple(add(gr, h) for gr in g[1]) + tuple(add(g, hr) for hr in h[1])
    return (lefts, rights)


def height(g):
    return 1 + max((height(o) for o in g[0] + g[1]), default=-1)


def integer(n):
    g = ZERO
    for _ in range(abs(n)):
        g = ((g,), ()) if n > 0 else ((), (g,))
    return g


def nimber(n):
    opts = []
    for _ in range(n):
        opts.append((tuple(opts), tuple(opts)))
    return (tuple(opts), tuple(opts))


STAR = nimber(1)
UP = ((ZERO,), (STAR,))


def dyadic(num, exp):
    """The number num / 2**exp as a tree, from its simplest form."""
    if exp == 0:
        return integer(num)
    if num % 2 == 0:
        return dyadic(num // 2, exp - 1)
    lo = dyadic(num - 1, exp)
    hi = dyadic(num + 1, exp)
    return ((lo,), (hi,))


def is_canonical(g):
    """No dominated and no reversible options, at every node (by the reference order)."""
    for o in g[0] + g[1]:
        if not is_canonical(o):
            return False
    lefts, rights = g
    for i, a in enumerate(lefts):
        if any(i != j and le(a, b) for j, b in enumerate(lefts)):
            return False
        if any(le(ar, g) for ar in a[1]):
            return False
    for i, a in enumerate(rights):
        if any(i != j and le(b, a) for j, b in enumerate(rights)):
            return False
        if any(le(g, al) for al in a[0]):
            return False
    return True


def from_game(game):
    """The full canonical tree of a :class:`cgt.Game` (small games only)."""
    return (tuple(from_game(o) for o in game.left_options),
            tuple(from_game(o) for o in game.right_options))


def _canonical_node(lefts, rights):
    """Canonical form of {lefts | rights} whose options are already canonical."""
    g = (tuple(lefts), tuple(rights))
    while True:
        lefts, rights = list(g[0]), list(g[1])
        # remove dominated options (keep one of each set of equal ones)
        lefts = [a for i, a in enumerate(lefts)
                 if not any(le(a, b) and (not le(b, a) or j < i) for j, b in enumerate(lefts) if j != i)]
        rights = [a for i, a in enumerate(rights)
                  if not any(le(b, a) and (not le(a, b) or j < i) for j, b in enumerate(rights) if j != i)]
        h = (tuple(lefts), tuple(rights))
        # bypass one reversible option, if any
        for i, a in enumerate(lefts):
            rev = next((ar for ar in a[1] if le(ar, h)), None)
            if rev is not None:
                h = (tuple(lefts[:i] + lefts[i + 1:]) + rev[0], h[1])
                break
        else:
            for i, a in enumerate(rights):
                rev = next((al for al in a[0] if le(h, al)), None)
                if rev is not None:
                    h = (h[0], tuple(rights[:i] + rights[i + 1:]) + rev[1])
                    break
        if h == g:
            return g
        g = h


def canonical(g):
    """Canonical form of a tree, by removing dominated and bypassing reversible options."""
    return _canonical_node([canonical(o) for o in g[0]], [canonical(o) for o in g[1]])


def same_form(g, h):
    """Structural equality of two canonical trees (options compared as sets)."""
    return _shape(g) == _shape(h)


def _shape(g):
    return (frozenset(_shape(o) for o in g[0]), frozenset(_shape(o) for o in g[1]))


def spelled_out(E, g, memo):
    """The canonical form of the game ``g`` of the engine module ``E`` (see
    :func:`cgt.ops.engine`), spelled out by its options down to 0, ids aside: two engines hold
    the same game exactly when they spell it alike (number-up-star values expanded too, so
    the options an engine makes on demand are checked as well)."""
    r = memo.get(g)
    if r is None:
        lo = sorted(spelled_out(E, o, memo) for o in E.left_options(g))
        ro = sorted(spelled_out(E, o, memo) for o in E.right_options(g))
        r = memo[g] = "{" + ",".join(lo) + "|" + ",".join(ro) + "}"
    return r
