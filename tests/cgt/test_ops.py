"""Tests of cgt/ops.py: the engine on integer ids, and its laws.

Everything here uses the ids of cgt.ops only (cgt.Game appears only where the
test is that ids and games agree), so the same tests hold for every backend.
"""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt import ops

F = Fraction
STAR = ops.nus_id(0, 0, 1)
ONE = ops.nus_id(1)
UP = ops.nus_id(0, 1, 0)
PM1 = ops.canonical([ONE], [ops.neg(ONE)])
LEAVES = [ops.ZERO, STAR, ONE, ops.neg(ONE), ops.nus_id(F(1, 2)), UP, ops.neg(UP), PM1,
          ops.canonical([ops.nus_id(2)], [ONE]), ops.nus_id(0, 0, 2)]


def ids(max_leaves=6):
    """Ids of games built with ops.canonical from a few small values."""
    def extend(children):
        return st.builds(ops.canonical, st.lists(children, max_size=2), st.lists(children, max_size=2))
    return st.recursive(st.sampled_from(LEAVES), extend, max_leaves=max_leaves)


SET = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_names():
    assert ops.__all__ == ["BACKEND", "ZERO", "canonical", "add", "neg", "leq", "left_options",
                           "right_options", "nus_id", "nus", "is_number", "number_value", "stops",
                           "birthday", "deep", "cache_info", "clear_caches", "engine", "Unwound"]
    assert ops.BACKEND in ops.BACKENDS and cgt.backend == ops.BACKEND
    assert all(callable(getattr(ops, name)) for name in ops.__all__[2:])


def test_engine_gives_each_backend_with_the_whole_contract():
    contract = [n for n in ops.__all__ if n not in ("BACKEND", "deep", "Unwound", "engine")]
    active = ops.engine(ops.BACKEND)
    assert all(getattr(ops, n) is getattr(active, n) for n in contract)     # the seam costs no call
    for name in ops.BACKENDS:
        try:
            e = ops.engine(name)
        except cgt.BackendError:
            assert name == "native" and ops.BACKEND == "python"              # not built here
            continue
        assert all(hasattr(e, n) for n in contract), name
        star = e.canonical([e.ZERO], [e.ZERO])
        assert e.nus(star) == (0, 0, 1) and e.add(star, star) == e.ZERO
    with pytest.raises(cgt.BackendError, match="'gpu' is not a backend"):
        ops.engine("gpu")


def test_zero_and_number_up_star_values():
    assert ops.nus(ops.ZERO) == (0, 0, 0) and ops.left_options(ops.ZERO) == ops.right_options(ops.ZERO) == ()
    g = ops.nus_id(F(-3, 4), 2, 5)
    assert ops.nus(g) == (F(-3, 4), 2, 5) and isinstance(ops.nus(g)[0], Fraction)
    assert ops.nus_id(F(-3, 4), 2, 5) == g and ops.nus_id(2) == ops.nus_id(F(2))
    assert ops.is_number(ops.nus_id(F(5, 8))) and not ops.is_number(g) and not ops.is_number(PM1)
    assert ops.number_value(ops.nus_id(F(5, 8))) == F(5, 8) and ops.number_value(STAR) is None
    assert ops.nus(PM1) is None
    assert ops.stops(PM1) == (1, -1) and ops.stops(g) == (F(-3, 4), F(-3, 4))
    assert ops.birthday(PM1) == 2 and ops.birthday(ops.nus_id(-7)) == 7


def test_options_are_sorted_tuples_of_ids():
    g = ops.canonical([ONE, ops.ZERO, ONE], [PM1])     # 0 is dominated by 1
    assert ops.left_options(g) == (ONE,) and ops.right_options(g) == (PM1,)
    n = ops.nus_id(0, 0, 4)
    assert ops.left_options(n) == tuple(sorted(ops.nus_id(0, 0, k) for k in range(4)))


def test_ids_agree_with_games():
    for text in ("{3||2|1}", "^^*", "+-1", "-5/8", "{0|^^}"):
        g = cgt.parse(text)
        assert cgt.Game.from_id(g.id) is g
        assert [cgt.Game.from_id(i) for i in ops.left_options(g.id)] == sorted(g.left_options, key=lambda h: h.id)
        assert ops.birthday(g.id) == g.birthday and ops.stops(g.id) == (g.left_stop, g.right_stop)


def test_deep_runs_deep_recursions(fresh_caches):
    big = ops.nus_id(10**5)
    g = ops.deep(ops.canonical, [big], [ops.neg(big)])                  # +-100000
    assert ops.deep(ops.birthday, ops.deep(ops.add, g, STAR)) == 10**5 + 2
    chain = PM1
    for _ in range(3000):
        chain = ops.canonical([chain], [ops.nus_id(-5)])               # {+-1|-5||-5|||-5...}
    assert ops.deep(ops.birthday, chain) == 3005
    assert ops.deep(ops.stops, chain) == (-5, -5)


def test_deep_passes_exceptions_on():
    def fail(x):
        raise KeyError(x)
    with pytest.raises(KeyError):
        ops.deep(fail, 1)


def test_cache_info_and_clear_caches(fresh_caches):
    g = ops.canonical([ops.nus_id(7)], [ops.nus_id(3)])
    ops.add(g, g)
    info = ops.cache_info()
    assert info["games"] > 0 and info["add"] > 0
    assert all(isinstance(v, int) for v in info.values())
    ops.clear_caches()
    assert ops.cache_info()["add"] == 0 and ops.cache_info()["games"] == info["games"]
    assert ops.add(g, g) == ops.nus_id(10)         # still right: {7|3} + {7|3} = 5 + (+-2) + 5 + (+-2)


# ---------------------------------------------------------------- laws on ids

@SET
@given(ids())
def test_g_plus_minus_g_is_zero(g):
    assert ops.add(g, ops.neg(g)) == ops.ZERO
    assert ops.neg(ops.neg(g)) == g


@SET
@given(ids(), ids())
def test_sum_commutes(g, h):
    assert ops.add(g, h) == ops.add(h, g)


@SET
@given(ids(4), ids(4), ids(4))
def test_sum_associates(g, h, k):
    assert ops.add(ops.add(g, h), k) == ops.add(g, ops.add(h, k))


@SET
@given(ids())
def test_canonical_is_idempotent(g):
    assert ops.canonical(ops.left_options(g), ops.right_options(g)) == g
    assert ops.canonical(list(ops.left_options(g)) * 2, reversed(ops.right_options(g))) == g


@SET
@given(ids(), ids())
def test_leq_agrees_with_difference_and_with_games(g, h):
    d = ops.add(h, ops.neg(g))
    assert ops.leq(g, h) == ops.leq(ops.ZERO, d)
    assert ops.leq(g, h) == (cgt.Game.from_id(g) <= cgt.Game.from_id(h))
    assert (ops.leq(g, h) and ops.leq(h, g)) == (g == h)


@SET
@given(ids(), ids())
def test_sum_is_its_definition(g, h):
    lefts = [ops.add(x, h) for x in ops.left_options(g)] + [ops.add(g, x) for x in ops.left_options(h)]
    rights = [ops.add(x, h) for x in ops.right_options(g)] + [ops.add(g, x) for x in ops.right_options(h)]
    assert ops.canonical(lefts, rights) == ops.add(g, h)


@SET
@given(ids())
def test_stops_and_birthday_follow_the_options(g):
    if ops.nus(g) is None:
        assert ops.stops(g)[0] == max(ops.stops(x)[1] for x in ops.left_options(g))
        assert ops.stops(g)[1] == min(ops.stops(x)[0] for x in ops.right_options(g))
    opts = ops.left_options(g) + ops.right_options(g)
    assert ops.birthday(g) == 1 + max((ops.birthday(x) for x in opts), default=-1)


# ---------------------------------------------------------------- a switch plus a number-up-star value

def _tree(E, g, memo):
    """The canonical tree of ``g`` in the engine ``E``, as nested tuples (tests/cgt/reference.py)."""
    t = memo.get(g)
    if t is None:
        t = memo[g] = (tuple(_tree(E, o, memo) for o in E.left_options(g)),
                       tuple(_tree(E, o, memo) for o in E.right_options(g)))
    return t


def _engines():
    for name in ops.BACKENDS:
        try:
            yield ops.engine(name)
        except cgt.BackendError:
            assert name == "native"


@pytest.mark.parametrize("a,b", [(1, 0), (2, -1), (F(1, 2), F(-1, 4)), (3, F(5, 2))])
def test_a_switch_plus_a_number_up_star_value_is_its_closed_form(a, b):
    """``{a|b} + x^n*m = {a + x^n*m | b + x^n*m}`` (the engines' shortcut): the same canonical
    form as the independent reference (tests/cgt/reference.py: the sum by its definition,
    then dominated options removed and reversible ones bypassed), in both engines."""
    from . import reference as R
    for E in _engines():
        s = E.canonical([E.nus_id(a)], [E.nus_id(b)])
        memo: dict[int, tuple] = {}
        for x in (0, F(1, 2), -1):
            for n in range(-2, 3):
                for m in range(3):
                    v = E.nus_id(x, n, m)
                    r = E.add(s, v)
                    assert r == E.add(v, s)
                    if (x, n, m) == (0, 0, 0):
                        assert r == s
                        continue
                    assert E.left_options(r) == (E.nus_id(a + x, n, m),)
                    assert E.right_options(r) == (E.nus_id(b + x, n, m),)
                    expected = R.canonical(R.add(_tree(E, s, memo), _tree(E, v, memo)))
                    assert R.same_form(_tree(E, r, memo), expected), (a, b, x, n, m)


def test_huge_up_multiples_and_nimbers_plus_a_switch():
    """The issue's sums (an abort, or minutes), now at once, in both engines."""
    for E in _engines():
        s = E.canonical([E.nus_id(1)], [E.ZERO])
        big = E.add(E.nus_id(0, 10**7), s)
        assert E.stops(big) == (1, 0) and E.birthday(big) == 10**7 + 3
        assert E.right_options(big) == (E.nus_id(0, 10**7),)
        assert E.birthday(E.add(E.nus_id(0, 0, 3000), s)) == 3002
    assert str(cgt.nimber(1500) + cgt.parse("{1|0}")) == "{1*1500|*1500}"
    assert str(cgt.parse("^30000000+{1|0}")) == "{1^30000000|^30000000}"


def test_a_game_plus_its_negative_is_zero_at_once():
    # G + (-G) = 0 (the group law): the engines answer it without the general sum, which
    # built every option of G - G first (this game, found by fuzz/fuzz_api.py: 40 s)
    g = cgt.parse("{*311-{-3/8,+-1|^,1/2},{{{|||miny(2)}||{5/8,^*4||*3,v3}}|{|}}|*,{|||1/2}}")
    assert g + (-g) == 0 and (-g) + g == 0
    assert ops.add(g.id, ops.neg(g.id)) == ops.ZERO
    assert g - g == cgt.zero
