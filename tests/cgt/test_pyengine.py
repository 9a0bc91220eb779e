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


# ---------------------------------------------------------------- issue 30

def test_a_switch_plus_a_number_up_star_value_agrees_with_the_general_algorithm():
    """The closed form {a + v | b + v} against the textbook sum (the options' sums, then the
    canonical form), on small values."""
    for a, b in [(1, 0), (2, -1), (Fraction(1, 2), Fraction(-3, 4))]:
        s = E.canonical([E.nus_id(a)], [E.nus_id(b)])
        for x in (0, Fraction(-1, 2), 2):
            for n in range(-3, 4):
                for m in range(4):
                    v = E.nus_id(x, n, m)
                    if v == E.ZERO:
                        continue
                    assert E._switch_plus_nus(s, E._NUS[v]) == E._add_general(s, v, None, E._NUS[v])


def test_segmented_recursion_gives_the_answers_of_plain_recursion(fresh_caches):
    """With a recursion limit only a little above the current depth, every operation unwinds
    and resumes in many segments: the same answers as with room to spare, no raised limit,
    and no memos of a half-done canonical form left behind."""
    import inspect
    import sys

    pm = E.canonical([E.nus_id(1)], [E.nus_id(-1)])
    g = E.nus_id(0, 0, 1)
    for _ in range(3000):
        g = E.canonical([g], [pm])
    two, one = E.nus_id(2), E.nus_id(1)
    h = E.canonical([E.canonical([two], [one])], [E.ZERO])            # {2|1||0}
    up = E.nus_id(0, 400)

    def answers():
        E.clear_caches()
        s = E.add(up, h)
        return (E.birthday(g), E.stops(g), E.neg(E.neg(g)) == g, E.leq(g, E.add(g, pm)),
                E.birthday(s), E.left_options(s), E.right_options(s), E.leq(s, E.add(up, two)))

    expected = answers()
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 150)
    try:
        low = answers()
        limit = sys.getrecursionlimit()
    finally:
        sys.setrecursionlimit(old)
    assert low == expected and limit == len(inspect.stack()) + 150
    assert E._BYPASS_MEMOS == {}


def test_the_bound_of_the_python_recursion_is_a_clear_error(monkeypatch):
    """Past cgt._deep.MAX_DEPTH nested calls (lowered here, to be quick): CGTOverflowError,
    and the tables stay aligned and give right answers."""
    from cgt import _deep
    from cgt.errors import CGTOverflowError

    monkeypatch.setattr(_deep, "MAX_DEPTH", 20_000)
    two, one = E.nus_id(2), E.nus_id(1)
    h = E.canonical([E.canonical([two], [one])], [E.ZERO])            # {2|1||0}, no closed form
    with pytest.raises(CGTOverflowError, match="deeper than 20,000 calls"):
        E.add(E.nus_id(0, 10**6), h)
    assert len(E._LEFT) == len(E._RIGHT) == len(E._NUS)
    s = E.add(E.nus_id(0, 3), h)                                       # {2^3|1^3||^3}
    assert E.right_options(s) == (E.nus_id(0, 3),)
    (sw,) = E.left_options(s)
    assert E.left_options(sw) == (E.nus_id(2, 3),) and E.right_options(sw) == (E.nus_id(1, 3),)
