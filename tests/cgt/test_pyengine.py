"""Tests of internals of the pure-Python backend (cgt/_pyengine.py) that have no public face.

Its public behaviour is tested through cgt.ops (test_ops.py) and cgt.Game.
"""

from fractions import Fraction

import pytest

from cgt import _pyengine as E


def _unbuilt_switch():
    """Ids ``a > b`` of two integers whose switch ``{a | b}`` is not in the table yet."""
    n = 10_007
    while True:
        a, b = E.nus_id(n + 2), E.nus_id(n)
        if ((a,), (b,)) not in E._INDEX:
            return a, b
        n += 3


def test_interrupt_while_interning_keeps_tables_consistent(monkeypatch):
    """A Ctrl-C that lands while a new canonical form is stored leaves no half-stored game."""

    class Interrupting(dict):
        armed = True

        def __setitem__(self, key, value):
            if Interrupting.armed:
                Interrupting.armed = False
                raise KeyboardInterrupt
            super().__setitem__(key, value)

    a, b = _unbuilt_switch()
    monkeypatch.setattr(E, "_INDEX", Interrupting(E._INDEX))
    before = len(E._NUS)
    with pytest.raises(KeyboardInterrupt):
        E.canonical([a], [b])
    assert len(E._LEFT) == len(E._RIGHT) == len(E._NUS) == before
    g = E.canonical([a], [b])
    assert E.left_options(g) == (a,) and E.right_options(g) == (b,) and E.nus(g) is None
    assert E.canonical([a], [b]) == g


def test_number_index_is_keyed_on_plain_ints():
    assert E.nus_id(2) == E.nus_id(Fraction(2)) == E.nus_id(Fraction(4, 2))
    g = E.nus_id(Fraction(3, 8), 1, 2)
    assert E._NUS_INDEX[(3, 8, 1, 2)] == g


def test_number_up_star_options_are_made_on_demand():
    g = E.nus_id(10**9 + 7)
    assert E._LEFT[g] is None
    assert E.left_options(g) == (E.nus_id(10**9 + 6),) and E.right_options(g) == ()


@pytest.mark.parametrize("lo,hi,expected", [
    (None, None, 0), (None, Fraction(-3, 2), -2), (Fraction(5, 2), None, 3), (Fraction(-1), Fraction(1), 0),
    (Fraction(1, 2), Fraction(1), Fraction(3, 4)), (Fraction(-1), Fraction(-1, 2), Fraction(-3, 4)),
    (Fraction(1), Fraction(3), 2),
])
def test_simplest_between(lo, hi, expected):
    assert E.simplest_between(lo, hi) == expected
