"""Arithmetic of :class:`cgt.Game` objects, on whichever backend is active.

On the native backend ``cgt.Game`` derives from the native core's ``GameBase``, which
does ``+``, ``-`` and unary ``-`` between two games in Rust and returns the one object of
the result's id; the Python methods of ``cgt/shortgame.py`` serve every other operand.
These tests hold on both backends (CI runs them under ``KONANE_CGT_BACKEND=python`` too):
the laws of the group of games, one object per value, the operands that are numbers or
foreign, deep games.  Where the native backend is active, the results are also compared
with the pure-Python reference engine, structurally.
"""

from __future__ import annotations

import copy
import pickle
import weakref
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import errors, ops

from .reference import spelled_out

NATIVE = cgt.backend == "native"

# ---------------------------------------------------------------- random games

_LEAVES = [cgt.zero, cgt.star, cgt.up, cgt.down, cgt.number(1), cgt.number(-1), cgt.number(Fraction(1, 2)),
           cgt.nimber(2), cgt.parse("^*"), cgt.pm(1)]


def _games() -> st.SearchStrategy[cgt.Game]:
    leaves = st.sampled_from(_LEAVES)
    return st.recursive(
        leaves,
        lambda inner: st.builds(cgt.game, st.lists(inner, max_size=3), st.lists(inner, max_size=3)),
        max_leaves=8,
    )


games = _games()


# ---------------------------------------------------------------- laws and identity


@settings(max_examples=150, deadline=None)
@given(games, games, games)
def test_the_laws_of_addition(g, h, k):
    assert g + h is h + g
    assert (g + h) + k is g + (h + k)
    assert g + cgt.zero is g and cgt.zero + g is g
    assert (g + h) - h is g
    assert g - h is g + (-h)
    minus_g = -g
    assert -minus_g is g
    assert (g - g) is cgt.zero
    assert -(g + h) is (-g) + (-h)


@settings(max_examples=100, deadline=None)
@given(games, games)
def test_results_are_the_one_object_of_their_id_and_agree_with_the_engine(g, h):
    for r, rid in ((g + h, ops.add(g.id, h.id)), (-g, ops.neg(g.id)), (g - h, ops.add(g.id, ops.neg(h.id)))):
        assert type(r) is cgt.Game
        assert r.id == rid
        assert cgt.Game.from_id(rid) is r
        assert cgt.parse(str(r)) is r


def test_a_new_value_made_by_addition_is_then_found_by_every_route():
    # a sum no test has made before (a big number-up-star value): the object the native
    # table creates is the one from_id, parse and game find
    g = cgt.parse("^23*13") + cgt.number(Fraction(12345, 64))
    assert g is cgt.Game.from_id(g.id)
    assert g is cgt.parse(str(g))
    assert g is cgt.parse("^23*13") + cgt.number(Fraction(12345, 64))
    h = cgt.game([g], [0]) + cgt.game([g], [0])
    assert h is cgt.Game.from_id(h.id) is cgt.parse(str(h))


def test_sum_of_games_starts_from_the_int_zero():
    assert sum([cgt.up, cgt.star, cgt.up]) is cgt.parse("^^*")
    assert sum([], cgt.zero) is cgt.zero


# ---------------------------------------------------------------- numbers and foreign operands


@pytest.mark.parametrize("x", [1, -3, Fraction(3, 8), 10**30])
def test_numbers_mix_with_games_on_both_sides(x):
    g = cgt.parse("{1|*}")
    n = cgt.number(x)
    assert g + x is g + n
    assert x + g is n + g
    assert g - x is g - n
    assert x - g is n - g


@settings(max_examples=100, deadline=None)
@given(games, st.one_of(st.integers(), st.integers(-2**70, 2**70), st.builds(
    lambda n, k: Fraction(n, 2**k), st.integers(-2**70, 2**70), st.integers(0, 70))))
def test_ints_and_dyadic_fractions_are_their_games(g, x):
    n = cgt.number(x)
    assert g + x is g + n and x + g is g + n
    assert g - x is g - n and x - g is n - g


class Two(int):
    pass


class Half(Fraction):
    pass


def test_subclasses_of_int_and_fraction_are_numbers_too():
    assert cgt.up + Two(2) is cgt.up + 2 and Two(2) - cgt.up is 2 - cgt.up
    assert cgt.up + Half(1, 2) is cgt.up + Fraction(1, 2)


def test_a_number_that_is_not_dyadic_raises():
    message = r"1/3 \(Fraction\(1, 3\)\) is not a dyadic rational: its denominator 3"
    with pytest.raises(errors.NotDyadicError, match=message):
        cgt.up + Fraction(1, 3)
    with pytest.raises(errors.NotDyadicError, match="is not a dyadic rational: its denominator 3"):
        Fraction(1, 3) - cgt.up
    with pytest.raises(errors.NotDyadicError, match="is not a dyadic rational: its denominator 3"):
        cgt.up - Fraction(1, 3)


@pytest.mark.parametrize("other", ["^", 1.5, True, None, [1], object()])
def test_foreign_operands_are_a_type_error(other):
    g = cgt.up
    with pytest.raises(TypeError, match="unsupported operand"):
        g + other
    with pytest.raises(TypeError):          # str and list say it their own way
        other + g
    with pytest.raises(TypeError, match="unsupported operand"):
        g - other
    with pytest.raises(TypeError, match="unsupported operand"):
        other - g


def test_a_foreign_type_gets_its_turn():
    class Other:
        def __add__(self, g):
            return ("add", g)

        def __radd__(self, g):
            return ("radd", g)

        def __rsub__(self, g):
            return ("rsub", g)

        def __sub__(self, g):
            return ("sub", g)

    o = Other()
    assert cgt.up + o == ("radd", cgt.up)
    assert o + cgt.up == ("add", cgt.up)
    assert cgt.up - o == ("rsub", cgt.up)
    assert o - cgt.up == ("sub", cgt.up)


def test_unary_plus_is_the_game_itself():
    assert +cgt.up is cgt.up


# ---------------------------------------------------------------- the object


def test_games_stay_immutable_slotted_weakly_referable_and_picklable():
    g = cgt.parse("{2|^*}")
    assert type(g).__slots__ == ("_id", "__weakref__")
    assert not hasattr(g, "__dict__")
    with pytest.raises(AttributeError):
        g.colour = "red"        # type: ignore[attr-defined]
    assert weakref.ref(g)() is g
    assert pickle.loads(pickle.dumps(g)) is g
    assert copy.copy(g) is g and copy.deepcopy(g) is g
    with pytest.raises(errors.CGTTypeError):
        cgt.Game()


def test_deep_games_add_and_negate():
    x = cgt.zero
    for k in range(1, 1001):               # {1000 || ... || 2 | 1 | 0}: birthday 1001
        x = cgt.game([k], [x])
    assert x.birthday == 1001
    s = x + cgt.up
    assert s.birthday == 1003 and s - cgt.up is x
    minus_x = -x
    assert minus_x.birthday == 1001 and -minus_x is x


# ---------------------------------------------------------------- the native fast path


@pytest.mark.skipif(not NATIVE, reason="the native backend is not active")
def test_on_the_native_backend_the_base_class_serves_the_arithmetic():
    base = type(cgt.up).__mro__[1]
    assert base.__name__ == "GameBase"
    for name in ("__add__", "__radd__", "__sub__", "__rsub__", "__neg__"):
        assert name not in cgt.Game.__dict__
        assert getattr(cgt.Game, name) is getattr(base, name)




def _in_python_engine(g, memo):
    """The id in the pure-Python reference engine of the game ``g`` (a native Game)."""
    P = ops.engine("python")
    r = memo.get(g.id)
    if r is None:
        r = memo[g.id] = P.canonical([_in_python_engine(o, memo) for o in g.left_options],
                                     [_in_python_engine(o, memo) for o in g.right_options])
    return r


@pytest.mark.skipif(not NATIVE, reason="the native backend is not active")
@settings(max_examples=60, deadline=None)
@given(games, games)
def test_native_results_are_those_of_the_python_engine(g, h):
    P, N = ops.engine("python"), ops.engine("native")
    ids: dict[int, int] = {}
    pg, ph = _in_python_engine(g, ids), _in_python_engine(h, ids)
    pm, nm = {}, {}
    assert spelled_out(N, (g + h).id, nm) == spelled_out(P, P.add(pg, ph), pm)
    assert spelled_out(N, (g - h).id, nm) == spelled_out(P, P.add(pg, P.neg(ph)), pm)
    assert spelled_out(N, (-g).id, nm) == spelled_out(P, P.neg(pg), pm)
