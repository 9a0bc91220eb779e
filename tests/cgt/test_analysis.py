"""Tests of cgt/analysis.py: values recorded in CGSuite's own test suite, laws, bad input.

Sources of the recorded values (aaron-siegel/cgsuite):

* ``lib/core/src/test/scala/org/cgsuite/lang2/CanonicalShortGameTestCase.scala``
  (one row per game: stops, mean, temperature, freeze, reduced canonical form,
  atomic weight, incentives, tempers, ...), cited below as [CSGTC];
* ``lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala``
  ("implement >=2-ary methods correctly": Cool, Heat, NortonProduct, Overheat),
  cited as [GameTest];
* ``lib/core/src/test/scala/org/cgsuite/core/CanonicalShortGameTest.scala``
  (mean and temperature of ``{3||2|1}``... of the switch ``{3||2|1}``), cited as [CSGTest].

Our notation reader needs explicit braces where CGSuite writes an option list
inside a slashed option (``{0||0,v*|vv}`` is written ``{0||{0,v*|vv}}`` here);
``^[n]`` is spelled out as ``{0|*||*|||*...}``.
"""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt import analysis as A

F = Fraction
P = cgt.parse


def up_nth_sum(n):
    """CGSuite's ^[n] = {^[n-1] | *}, ^[1] = ^ (so ^[4] = {0|*||*|||*||||*})."""
    g = cgt.up
    for _ in range(n - 1):
        g = cgt.game([g], [cgt.star])
    return g


def up_nth_power(n):
    """CGSuite's ^<n> (Siegel's up-nth): ^<1> = ^, ^<n+1> = {0 | * - ^[n]}."""
    g = cgt.up
    for k in range(1, n):
        g = cgt.game([0], [cgt.star - up_nth_sum(k)])
    return g


def test_up_helpers():
    # ^[n] is also the sum ^<1> + ... + ^<n>; ^<2> = {0|v*} as CGSuite prints {0||0|v*} = {0|^<2>}.
    for n in range(1, 6):
        assert up_nth_sum(n) == sum((up_nth_power(k) for k in range(1, n + 1)), cgt.zero)
    assert up_nth_power(2) == P("{0|v*}")
    assert up_nth_sum(4) == P("{0|*||*|||*||||*}")


def games_set(*texts):
    return {P(t) if isinstance(t, str) else t for t in texts}


# ====================================================================== the issue's checks
# Every value below is from [CSGTC] / [GameTest] as listed in the issue.

def test_issue_switch_3_2star_1star():
    g = P("{3||2*|1*}")                       # [CSGTC] "{3||2+*|1+*}"
    assert (g.left_stop, g.right_stop) == (3, 2)
    assert g.mean == F(9, 4) and g.temperature == F(3, 4)
    assert g.frozen == P("9/4*")
    assert g.reduced_canonical_form == P("{3||2|1}")


@pytest.mark.parametrize("t,expected", [
    (0, "{3||2*|1*}"),
    ("1/4", "{11/4||2|3/2}"),   # the issue prints "{11/4|2|3/2}"; CGSuite records "{11/4||2|3/2}" [GameTest]
    ("1/2", "{5/2|2*}"),
    ("5/8", "{19/8|17/8}"),
    ("3/4", "9/4*"),
    (70, "9/4"),
])
def test_issue_cooling_3_2star_1star(t, expected):
    assert P("{3||2*|1*}").cool(t) == P(expected)
    assert str(P("{3||2*|1*}").cool(t)) == expected


def test_issue_second_hot_game():
    g = P("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}")     # [CSGTC]
    assert (g.left_stop, g.right_stop) == (F(1, 2), -1)
    assert g.mean == F(-5, 16) and g.temperature == F(21, 16)
    assert g.frozen == P("-5/16*")


def test_issue_cooling_switches():
    assert cgt.pm(1).cool(1) == cgt.star
    g = P("{2|-1}")
    assert [str(g.cool(t)) for t in (0, "1/2", 1, "3/2", 2)] == \
        ["{2|-1}", "{3/2|-1/2}", "{1|0}", "1/2*", "1/2"]


def test_issue_heating():
    assert cgt.star.heat(2) == cgt.pm(2)
    assert cgt.up.heat(2) == P("{2||0|-4}")


@pytest.mark.parametrize("text,weight", [
    ("^", "1"), ("v*", "-1"), ("*8", "0"),
    ("{0|^<2>}", "1"), ("{0||0|v*}", "1"),
    ("{^^|v}", "1/2"), ("{^3|v3}", "{1|-1}"), ("{1|^^||^}", "2"),
])
def test_issue_atomic_weights(text, weight):
    assert P(text).atomic_weight == P(weight)
    assert P(text).is_atomic


def test_issue_not_atomic():
    g = P("{1|^3||^}")                         # [CSGTC] "{1|^^^||^}": "That game is not atomic."
    assert not g.is_atomic
    with pytest.raises(cgt.NotAtomicError, match=r"\{1\|\^3\|\|\^\}"):
        _ = g.atomic_weight


def test_issue_norton_and_ordinal():
    assert cgt.number(6).norton_product(cgt.up) == P("^6")
    assert cgt.number(-4).norton_product(cgt.up) == P("v4")
    assert cgt.number("1/2").ordinal_sum("1/4") == P("9/16")
    assert cgt.nimber(5).ordinal_sum(cgt.nimber(6)) == P("*11")


# ====================================================================== [CSGTest]

def test_cgsuite_core_switch():
    g = cgt.game([3], [cgt.game([2], [1])])
    assert g.mean == F(9, 4) and g.temperature == F(3, 4)


# ====================================================================== [GameTest] >=2-ary methods

@pytest.mark.parametrize("text,t,expected", [
    ("{3||2*|1*}", "-1/2", "{7/2|||5/2|3/2||+-1/2}"),
    ("1/4", "-1/8", "1/4"),
    ("1/4", "-1/4", "1/4*"),
    ("1/4", "-3/8", "{3/8|1/8}"),
])
def test_cgsuite_cool_negative(text, t, expected):
    assert P(text).cool(t) == P(expected)


def test_cgsuite_cool_minus_one_is_invalid():
    with pytest.raises(cgt.InvalidTemperatureError, match=r"\{3\|\|2\*\|1\*\}.*> -1"):
        P("{3||2*|1*}").cool(-1)
    assert issubclass(cgt.InvalidTemperatureError, ValueError)


@pytest.mark.parametrize("t,expected", [
    ("0", "{3||2*|1*}"),
    ("1/2", "{7/2|||5/2|3/2||+-1/2}"),
    ("1", "{4|||3|1||0|-2}"),
    ("-3/4", "9/4*"),
    ("-1", "9/4"),
    ("-2", "3/2"),
    ("-3", "1"),
    ("-4", "0"),
    ("*", "{3*||2|1}"),
])
def test_cgsuite_heat(t, expected):
    assert P("{3||2*|1*}").heat(P(t)) == P(expected)


@pytest.mark.parametrize("g,expected", [
    ("0", "0"), ("6", "^6"), ("-4", "v4"), ("1/2", "{^^*|v*}"),
    ("^", "{^^*||0|v4}"), ("{0||0|-2}", "{^^*||0|v6}"),     # Tiny(2)
])
def test_cgsuite_norton_product(g, expected):
    assert P(g).norton_product(cgt.up) == P(expected)


def test_cgsuite_overheat():
    assert P("{3||2*|1*}").overheat(cgt.star, P("1*")) == P("{1||{+-(1*)|-1,{-1|-3}}}")
    assert cgt.number("7/16").overheat(0, 0) == up_nth_sum(3)         # ^[3]


# ====================================================================== [CSGTC] table

NOT_ATOMIC = "not atomic"
ROWS = [
    # input, atomicWeight, freeze, isAllSmall, isAtomic, isEvenTempered, isOddTempered,
    # leftStop, rightStop, mean, temperature, reducedCanonicalForm
    ("0", "0", "0", True, True, True, False, "0", "0", "0", "-1", "0"),
    ("5", NOT_ATOMIC, "5", False, False, True, False, "5", "5", "5", "-1", "5"),
    ("-1823437481924", NOT_ATOMIC, "-1823437481924", False, False, True, False,
     "-1823437481924", "-1823437481924", "-1823437481924", "-1", "-1823437481924"),
    ("-1/2", NOT_ATOMIC, "-1/2", False, False, True, False, "-1/2", "-1/2", "-1/2", "-1/2", "-1/2"),
    ("25/16", NOT_ATOMIC, "25/16", False, False, True, False, "25/16", "25/16", "25/16", "-1/16", "25/16"),
    ("*8", "0", "*8", True, True, False, False, "0", "0", "0", "0", "0"),
    ("9/8*", NOT_ATOMIC, "9/8*", False, False, False, True, "9/8", "9/8", "9/8", "0", "9/8"),
    ("^", "1", "^", True, True, False, False, "0", "0", "0", "0", "0"),
    ("v*", "-1", "v*", True, True, False, False, "0", "0", "0", "0", "0"),
    ("6^*", NOT_ATOMIC, "6^*", False, False, False, False, "6", "6", "6", "0", "6"),
    ("^*6", "1", "^*6", True, True, False, False, "0", "0", "0", "0", "0"),
    ("73/16v9*8", NOT_ATOMIC, "73/16v9*8", False, False, False, False, "73/16", "73/16", "73/16", "0", "73/16"),
    ("{0|*||*|||*||||*}", "1", "{0|*||*|||*||||*}", True, True, False, False, "0", "0", "0", "0", "0"),
    ("{0||0|v*}", "1", "{0||0|v*}", True, True, False, False, "0", "0", "0", "0", "0"),
    ("{0||0|vvv}", "0", "{0||0|vvv}", True, True, False, False, "0", "0", "0", "0", "0"),
    ("{^^^|vv}", "{1|0}", "{^^^|vv}", True, True, False, False, "0", "0", "0", "0", "0"),
    ("{0||0|-3/2}", "0", "{0||0|-3/2}", False, True, False, False, "0", "0", "0", "0", "0"),
    ("{0|||0||-1|-3}", "0", "{0|||0||-1|-3}", False, True, False, False, "0", "0", "0", "0", "0"),
    ("{5||3|1|||0||||0}", "0", "{5||3|1|||0||||0}", False, True, False, False, "0", "0", "0", "0", "0"),
    ("{1|^^||^}", "2", "{1|^^||^}", False, True, False, False, "0", "0", "0", "0", "0"),
    ("{1|^^^||^}", NOT_ATOMIC, "{1|^^^||^}", False, False, False, False, "0", "0", "0", "0", "0"),
    ("{3||2+*|1+*}", NOT_ATOMIC, "9/4*", False, False, False, True, "3", "2", "9/4", "3/4", "{3||2|1}"),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", NOT_ATOMIC, "-5/16*", False, False, False, False,
     "1/2", "-1", "-5/16", "21/16", "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}"),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_cgsuite_table(row):
    (text, aw, freeze, all_small, atomic, even_t, odd_t, ls, rs, mean, temp, rcf) = row
    g = P(text)
    if aw == NOT_ATOMIC:
        with pytest.raises(cgt.NotAtomicError):
            _ = g.atomic_weight
    else:
        assert g.atomic_weight == P(aw)
    assert g.frozen == P(freeze)
    assert g.is_all_small is all_small
    assert g.is_atomic is atomic
    assert g.is_even_tempered is even_t
    assert g.is_odd_tempered is odd_t
    assert g.left_stop == F(ls) and g.right_stop == F(rs)
    assert g.mean == F(mean) and g.temperature == F(temp)
    assert g.reduced_canonical_form == P(rcf)


def test_cgsuite_long_uptimal():
    # [CSGTC] "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"
    # = {a | {x, a | {x | vv}}} with a = {0||0,v*|vv} and x = {0||0,v*|vv|||vv,{0,v*|vv}}.
    inner = P("{0,v*|vv}")
    a = cgt.game([0], [inner])
    x = cgt.game([a], [P("vv"), inner])
    g = cgt.game([a], [cgt.game([x, a], [cgt.game([x], [P("vv")])])])
    assert g.atomic_weight == 0 and g.is_all_small and g.is_atomic
    assert not g.is_even_tempered and not g.is_odd_tempered
    assert (g.left_stop, g.right_stop, g.mean, g.temperature) == (0, 0, 0, 0)
    assert g.reduced_canonical_form == 0 and g.frozen == g
    assert g.incentives("right") == (up_nth_sum(4) + cgt.star,)             # {^[4]*}
    s3 = up_nth_sum(3) + cgt.star                                              # {{0|^[3]*||0,^[3]*|||0}}
    assert g.incentives("left") == (cgt.game([cgt.game([cgt.game([0], [s3])], [0, s3])], [0]),)
    assert g.incentives() == (up_nth_sum(4) + cgt.star,)


INCENTIVES = [
    # input, incentives, leftIncentives, rightIncentives   [CSGTC]
    ("0", [], [], []),
    ("5", ["-1"], ["-1"], []),
    ("-1823437481924", ["-1"], [], ["-1"]),
    ("-1/2", ["-1/2"], ["-1/2"], ["-1/2"]),
    ("25/16", ["-1/16"], ["-1/16"], ["-1/16"]),
    ("*8", [f"*{k}" for k in range(8, 16)], [f"*{k}" for k in range(8, 16)], [f"*{k}" for k in range(8, 16)]),
    ("9/8*", ["*"], ["*"], ["*"]),
    ("^", ["^*"], ["v"], ["^*"]),
    ("v*", ["^*"], ["^*"], ["v", "v*"]),
    ("6^*", ["^*"], ["v", "v*"], ["^*"]),
    ("^*6", ["^*"], ["v*6"], ["^*"]),
    ("73/16v9*8", ["^*"], ["^*"], ["v9*8"]),
    ("{0|*||*|||*||||*}", [up_nth_sum(4) + cgt.star], [-up_nth_power(4)], [up_nth_sum(4) + cgt.star]),
    ("{0||0|v*}", [up_nth_sum(2) + cgt.star], [cgt.game([-up_nth_power(2)], [0])],
     [up_nth_sum(2) + cgt.star]),
    ("{0||0|vvv}", ["{^3,{^3|0}|0}"], ["{^3|0||0}"], ["{^3,{^3|0}|0}"]),
    ("{^^^|vv}", ["{^5|0}"], ["{^5|0}"], ["{^5|0}"]),
    ("{0||0|-3/2}", ["{3/2,{3/2|0}|0}"], ["Miny(3/2)"], ["{3/2,{3/2|0}|0}"]),
    ("{1|^^||^}", None, None, ["{1v|^||0}"]),
    ("{1|^^^||^}", None, None, ["{1v|^^||0}"]),
    ("{3||2+*|1+*}", ["{2*|1*||0}"], ["{2*|1*||0}"], ["{2*|1*||0}"]),
]


@pytest.mark.parametrize("text,both,left,right", INCENTIVES, ids=[r[0] for r in INCENTIVES])
def test_cgsuite_incentives(text, both, left, right):
    g = P(text)
    if both is not None:
        assert set(g.incentives()) == games_set(*both)
    if left is not None:
        assert set(g.incentives("left")) == games_set(*left)
    assert set(g.incentives(cgt.RIGHT)) == games_set(*right)


def test_cgsuite_tiny_incentives():
    # [CSGTC] Tiny({3|1}): rightIncentives {{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}}, where
    # "3Tiny({3|1})" is 3 + Tiny({3|1}).
    t = cgt.tiny(P("{3|1}"))
    assert t == P("{0|||0||-1|-3}")
    expected = cgt.game([cgt.game([3 + t], [1 + t, P("{2,{3|1}|0}")])], [0])
    assert t.incentives("right") == (expected,)
    assert t.incentives("left") == (cgt.miny(P("{3|1}")),)
    assert t.atomic_weight == 0 and not t.is_all_small


# ====================================================================== other checks

def test_confusion_interval():
    ci = cgt.pm(1).confusion_interval
    assert (ci.low, ci.high, ci.low_closed, ci.high_closed) == (-1, 1, True, True)
    assert 0 in ci and F(1, 2) in ci and 1 in ci and 2 not in ci
    # {2|1}: G - 1 = {1|0} and G - 2 = {0|-1} are both fuzzy, so both ends are in
    assert P("{2|1}").confusion_interval == (1, 2, True, True)
    # {2|1*}: G - 1 = {1|*} > 0, so 1 is out; {2*|1}: G - 2 = {*|-1} < 0, so 2 is out
    assert P("{2|1*}").confusion_interval == (1, 2, False, True)
    assert P("{2*|1}").confusion_interval == (1, 2, True, False)
    assert str(P("{2*|1}").confusion_interval) == "[1, 2)"
    for g in (P("{2|1}"), P("{2|1*}"), P("{2*|1}"), cgt.pm(1), cgt.star, P("{1|^^||^}")):
        ci = g.confusion_interval
        for x in (ci.low - 1, ci.low, (ci.low + ci.high) / 2, ci.high, ci.high + 1):
            assert (x in ci) == g.is_fuzzy(x), (g, x)
    assert cgt.number(3).confusion_interval.is_empty and str(cgt.number(3).confusion_interval) == "{}"
    assert cgt.up.confusion_interval.is_empty and str(cgt.star.confusion_interval) == "[0, 0]"


def test_ordinal_sums():
    assert A.ordinal_sum(1, 1) == 2
    assert A.ordinal_sum(cgt.star, -1) == P("v*")
    assert A.ordinal_sum(cgt.star, 1) == P("^*")        # {0, *:0 | 0} = {0,*|0}
    assert A.ordinal_sum(0, P("{1|0}")) == P("{1|0}")
    # x*m : *n = x*(m+n) (CGSuite's shortcut) agrees with the definition
    for x in ("0", "1", "-1/2", "3/4"):
        for m in range(3):
            for n in range(3):
                g = cgt.up_multiple(0, m, x)
                h = cgt.nimber(n)
                by_def = cgt.game(list(g.left_options) + [A.ordinal_sum(g, o) for o in h.left_options],
                                  list(g.right_options) + [A.ordinal_sum(g, o) for o in h.right_options])
                assert A.ordinal_sum(g, h) == by_def == cgt.up_multiple(0, m + n, x)


def test_norton_product_integer_multiples():
    for n in range(-5, 6):
        for u in (cgt.up, cgt.pm(1), P("{2|1}"), P("^*")):
            expected = sum((u if n > 0 else -u for _ in range(abs(n))), cgt.zero)
            assert u.norton_product(u) is not None
            assert cgt.number(n).norton_product(u) == expected


def test_overheat_integers_are_copies():
    assert cgt.number(3).overheat(cgt.up, cgt.star) == P("^3")
    assert cgt.number(-2).overheat(1, 5) == -2
    assert cgt.star.overheat(1, 1) == cgt.pm(1)


def test_reduced_canonical_form_examples():
    assert P("^*").reduced_canonical_form == 0
    assert P("{1*|-1*}").reduced_canonical_form == cgt.pm(1)
    assert P("3/4v").reduced_canonical_form == F(3, 4)


def test_nim_value():
    assert cgt.nimber(7).nim_value == 7 and cgt.zero.nim_value == 0
    with pytest.raises(cgt.NotImpartialError, match=r"\^"):
        _ = cgt.up.nim_value


# ====================================================================== bad input

def test_atomic_weight_of_hot_game_names_it():
    for text in ("+-1", "{3||2*|1*}", "1/2", "6^*"):
        g = P(text)
        with pytest.raises(cgt.NotAtomicError) as exc:
            _ = g.atomic_weight
        assert isinstance(exc.value, ValueError)
        assert str(g) in str(exc.value) and "not all-small" in str(exc.value)


def test_cooling_by_non_number_names_the_game():
    g = P("{2|-1}")
    for t in (cgt.star, cgt.up, "+-1"):
        with pytest.raises(cgt.NotANumberError) as exc:
            g.cool(t)
        assert isinstance(exc.value, ValueError) and "{2|-1}" in str(exc.value)
    with pytest.raises(cgt.NotDyadicError):
        g.cool(Fraction(1, 3))


def test_unknown_player_names_the_game():
    g = P("{2|-1}")
    with pytest.raises(cgt.NotAPlayerError) as exc:
        g.incentives("bob")
    assert isinstance(exc.value, ValueError)
    assert "{2|-1}" in str(exc.value) and "bob" in str(exc.value)


def test_heat_and_overheat_accept_any_game():
    assert cgt.star.heat("^") == cgt.game([cgt.up], [cgt.down])
    with pytest.raises(cgt.NotAGameError):
        cgt.star.heat(object())


# ====================================================================== deep values

def _deep_hot(n):
    g = cgt.pm(1)
    for _ in range(n):
        g = cgt.game([g], [-5])
    return g


def test_deep_values_do_not_recurse(fresh_caches):
    g = _deep_hot(3000)                 # {+-1|-5||-5|||-5...}: 3000 levels
    assert (g.left_stop, g.right_stop) == (-5, -5)
    assert g.temperature == 0 and g.mean == -5
    assert g.thermograph.value_at(0) == (-5, -5)
    assert g.cool(1) == -5 and g.cool(0) is g and g.frozen is g
    assert g.reduced_canonical_form == -5
    assert not g.is_all_small and not g.is_even_tempered and not g.is_odd_tempered
    small = cgt.zero
    for _ in range(2000):
        small = cgt.game([small, cgt.nimber(2)], [0])
    assert small.is_all_small and small.birthday == 2001
    assert small.atomic_weight == -1 and small.is_atomic
    assert cgt.up_multiple(10**5).atomic_weight == 10**5
    assert A.ordinal_sum(cgt.star, cgt.number(3000)).birthday == 3001
    assert cgt.number(10**6).norton_product(cgt.up) == cgt.up_multiple(10**6)


class _low_recursion_limit:
    """Run with a recursion limit only a little above the current depth."""

    def __enter__(self):
        import inspect
        import sys
        self.old = sys.getrecursionlimit()
        sys.setrecursionlimit(len(inspect.stack()) + 120)

    def __exit__(self, *exc):
        import sys
        sys.setrecursionlimit(self.old)


def test_deep_heating_and_overheating_do_not_recurse(fresh_caches):
    # Heating a deep chain builds quadratically many games, so this uses a short chain
    # with a low recursion limit: the entry points must fall back to cgt.ops.deep
    # (fresh caches, so that the work is really done here).
    g = _deep_hot(150)
    h = _deep_hot(150)
    with _low_recursion_limit():
        heated = g.heat(1)
        over = h.overheat(1, 1)
        cooled = heated.cool("1/2")
        rcf = g.reduced_canonical_form
        norton = g.norton_product(cgt.up)
        incentive = g.incentives("right")
    assert incentive == (g + 5,)
    assert heated.birthday > 150 and over.birthday > 150 and cooled is not None
    assert rcf == -5 and norton.birthday > 150


# ====================================================================== laws (hypothesis)

LEAVES = [P(s) for s in ("0", "*", "^", "1", "-1", "1/2", "+-1", "{2|1}")]


def _depth(tree):
    if isinstance(tree, int):
        return 0
    return 1 + max((_depth(c) for c in tree[0] + tree[1]), default=0)


def _build(tree):
    if isinstance(tree, int):
        return LEAVES[tree]
    return cgt.game([_build(c) for c in tree[0]], [_build(c) for c in tree[1]])


# Trees of leaves with at most 2 options per side, depth <= 3, then canonical games.
trees = st.recursive(
    st.integers(0, len(LEAVES) - 1),
    lambda children: st.tuples(st.lists(children, max_size=2), st.lists(children, max_size=2)),
    max_leaves=8,
).filter(lambda t: _depth(t) <= 3)
games = trees.map(_build)
temps = st.sampled_from([F(0), F(1, 4), F(1, 2), F(3, 4), F(1), F(3, 2), F(2), F(-1, 2), F(-1, 8)])

LAWS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@LAWS
@given(games, games)
def test_mean_is_additive(g, h):
    assert (g + h).mean == g.mean + h.mean


@LAWS
@given(games, games)
def test_temperature_of_sum_of_hot_games(g, h):
    if g.temperature > 0 and h.temperature > 0:
        assert (g + h).temperature <= max(g.temperature, h.temperature)


@LAWS
@given(games, games, temps.filter(lambda t: t >= 0))
def test_cooling_commutes_with_sums(g, h, t):
    assert (g + h).cool(t) == g.cool(t) + h.cool(t)


@LAWS
@given(games)
def test_stops_of_non_numbers(g):
    if not g.is_number:
        assert g.left_stop >= g.right_stop
    if g.temperature > 0:
        assert g.left_stop > g.right_stop or g.left_stop == g.right_stop


@LAWS
@given(games)
def test_reduced_canonical_form(g):
    r = g.reduced_canonical_form
    assert r.reduced_canonical_form == r
    assert (g - r).is_infinitesimal
    assert r.mean == g.mean and r.temperature == g.temperature or r.is_number


@LAWS
@given(games)
def test_thermograph_walls(g):
    th = g.thermograph
    lw, rw = th.left_wall, th.right_wall
    assert set(lw.slopes) <= {-1, 0} and set(rw.slopes) <= {0, 1}
    assert lw.slopes[-1] == 0 and rw.slopes[-1] == 0 and lw.mast_value == rw.mast_value == g.mean
    for t in (F(-1),) + th.critical_temperatures:
        assert rw(t) <= lw(t)
    assert th.temperature == g.temperature
    if not g.is_number:
        assert th.value_at(0) == (g.left_stop, g.right_stop)


@LAWS
@given(games, temps)
def test_walls_are_stops_of_cooled_game(g, t):
    """LW(t) and RW(t) are the stops of G cooled by t (the definition of the thermograph)."""
    c = g.cool(t)
    assert g.thermograph.value_at(t) == (c.left_stop, c.right_stop)


@LAWS
@given(games, temps.filter(lambda t: t >= 0))
def test_cooling_by_more_than_temperature(g, t):
    if t > g.temperature:
        assert g.cool(t) == g.mean
    assert g.cool(0) == g


@LAWS
@given(games)
def test_freeze_and_tempers(g):
    f = g.frozen
    assert f.mean == g.mean and (f - g.mean).is_infinitesimal
    assert not (g.is_even_tempered and g.is_odd_tempered)
    assert (-g).is_even_tempered == g.is_even_tempered


@LAWS
@given(games)
def test_incentives_are_undominated(g):
    inc = g.incentives()
    for a in inc:
        for b in inc:
            assert a is b or not a <= b
    both = set(g.incentives("left")) | set(g.incentives("right"))
    assert set(inc) <= both


ALL_SMALL_LEAVES = [P(s) for s in ("0", "*", "^", "v", "*2", "^*", "{0|v}", "{0||0|v*}")]
all_small = st.recursive(
    st.sampled_from(ALL_SMALL_LEAVES),
    lambda ch: st.builds(lambda lo, ro: cgt.game(lo, ro) if (lo and ro) or not (lo or ro) else cgt.zero,
                         st.lists(ch, max_size=2), st.lists(ch, max_size=2)),
    max_leaves=6)


@LAWS
@given(all_small, all_small)
def test_atomic_weight_of_all_small_games(g, h):
    assert g.is_all_small and h.is_all_small
    # aw(G + H) = aw(G) + aw(H) and aw(-G) = -aw(G) (Siegel, CGT, II.7)
    assert (g + h).atomic_weight == g.atomic_weight + h.atomic_weight
    assert (-g).atomic_weight == -g.atomic_weight
