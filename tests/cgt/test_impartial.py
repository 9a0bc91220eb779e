"""Tests of cgt/impartial.py: nim values and the memoised Grundy helper."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.impartial import GrundySolver, grundy, mex, nim_value


def test_nim_value_cgsuite():
    # Source: CGSuite test suite, lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala,
    # "game.Nimber": 0.NimValue = 0, *3.NimValue = 3.
    assert cgt.zero.nim_value == 0
    assert cgt.parse("*3").nim_value == 3
    assert nim_value("{0,*,*2|0,*,*2}") == 3
    assert nim_value(cgt.nimber(3) + cgt.nimber(5)) == 6


@pytest.mark.parametrize("text", ["^", "1", "1/2", "+-1", "1*", "{0|*2}"])
def test_nim_value_of_a_partizan_value(text):
    g = cgt.parse(text)
    with pytest.raises(cgt.NotImpartialError) as exc:
        _ = g.nim_value
    assert isinstance(exc.value, ValueError) and str(g) in str(exc.value)


def test_mex():
    assert mex([]) == 0 and mex([1, 2]) == 0 and mex([0, 1, 2]) == 3 and mex(iter([0, 2, 0])) == 1


def subtraction(*s):
    return lambda n: [n - k for k in s if n >= k]


def _naive_grundy(n, s):
    return mex(_naive_grundy(n - k, s) for k in s if n >= k)


def test_subtraction_games():
    # S(1,2,3) has Grundy value n mod 4 (Winning Ways, ch. 4); S(2,5,7) against a naive recursion.
    assert [grundy(n, subtraction(1, 2, 3)) for n in range(12)] == [n % 4 for n in range(12)]
    solver = GrundySolver(subtraction(2, 5, 7))
    assert [solver(n) for n in range(22)] == [_naive_grundy(n, (2, 5, 7)) for n in range(22)]
    assert [solver(n) for n in range(9)] == [0, 0, 1, 1, 0, 2, 1, 3, 2]


def _kayles(rows):
    out = []
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for left in range(n - take + 1):
                parts = [p for p in (left, n - take - left) if p]
                out.append(tuple(sorted(rest + tuple(parts))))
    return out


def test_kayles_and_sums():
    # Kayles values for n = 0..20 (OEIS A002186), and the Sprague-Grundy sum rule.
    expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
    solver = GrundySolver(_kayles)
    assert [solver.grundy((n,)) for n in range(21)] == expected
    assert solver.grundy((3, 5, 7)) == 3 ^ 4 ^ 2
    assert solver.nimber((11,)) == cgt.nimber(6)
    # the same values as the canonical forms built by the engine
    values = {}
    for n in range(8):
        opts = [sum((values[p] for p in rows), cgt.zero) for rows in _kayles((n,))]
        values[n] = cgt.game(opts, opts)
        assert values[n].nim_value == expected[n]


def test_key_merges_positions_and_cache_persists():
    calls = []

    def moves(pos):
        calls.append(pos)
        return [pos[:i] + pos[i + 1:] for i in range(len(pos))]

    solver = GrundySolver(moves, key=lambda p: len(p))
    assert solver.grundy("abcde") == 1
    assert solver.cache == {0: 0, 1: 1, 2: 0, 3: 1, 4: 0, 5: 1}
    n = len(calls)
    assert solver.grundy("vwxyz") == 1 and len(calls) == n      # answered from the memo
    solver.clear()
    assert solver.cache == {}
    shared = {}
    assert grundy(3, lambda k: range(k), cache=shared) == 3 and shared[2] == 2


def test_deep_chain_without_recursion_error():
    assert grundy(200_000, lambda n: [n - 1] if n else []) == 0
    assert grundy(200_001, lambda n: [n - 1] if n else []) == 1


def test_loopy_ruleset_is_rejected():
    with pytest.raises(ValueError, match="loopy"):
        grundy(0, lambda n: [(n + 1) % 3])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=4))
def test_nim_heaps(heaps):
    """Nim: the Grundy value of a position is the xor of the heaps."""
    def moves(pos):
        return [tuple(sorted(pos[:i] + (k,) + pos[i + 1:])) for i, h in enumerate(pos) for k in range(h)]
    x = 0
    for h in heaps:
        x ^= h
    assert grundy(tuple(sorted(heaps)), moves) == x
