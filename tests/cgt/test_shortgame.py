"""Tests of the canonical-form engine: known values, laws, and a brute-force reference."""

import itertools
import pickle
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt import parse

from . import reference as ref

# ---------------------------------------------------------------- known values
# Source: values recorded in CGSuite's test suite and Siegel, "Combinatorial Game
# Theory" (AMS 2013), ch. II, as quoted in issue #2; each also follows by hand from
# the definitions (the brute-force tests below confirm the engine independently).
KNOWN = [
    ("{0|^*5}", "^^*4"),
    ("*3+*5", "*6"),               # nim-sum 3 xor 5 = 6
    ("{0|0,*}", "v*"),
    ("+-1 + +-1", "0"),            # G + G = 0 for G = -G
    ("{1|0} + {1|0}", "1"),
    ("{0,*|0,*}", "*2"),           # mex rule
    ("{1/2|2}", "1"),              # simplest number between 1/2 and 2
    ("{3/4|7/8}", "13/16"),
    ("3 + +-1", "{4|2}"),          # number translation
    ("^^^+vvv*+*3", "*2"),         # ups cancel, * xor *3 = *2
    ("{0|*}", "^"),
    ("{*|0}", "v"),
    ("{0,*|0}", "^*"),
    ("{0|^*}", "^^"),
    ("{0|^}", "^^*"),
    ("{|}", "0"),
    ("{0|}", "1"),
    ("{|0}", "-1"),
    ("{0|1}", "1/2"),
    ("{1|1}", "1*"),
    ("{-1|1}", "0"),
    ("{1*|}", "1"),                # 1* reverses through 1 (hand calculation)
]


@pytest.mark.parametrize("text,expected", KNOWN)
def test_known_values(text, expected):
    assert str(parse(text)) == expected
    assert parse(text) == parse(expected)


def test_up_plus_up_options():
    # Source: issue #2 / Siegel II.1: ^^ = {0 | ^*}.
    g = cgt.up + cgt.up
    assert g.left_options == (cgt.zero,)
    assert g.right_options == (parse("^*"),)


# ---------------------------------------------------------------- construction API

def test_number_values_and_predicates():
    g = parse("{3/4|7/8}")
    assert g.is_number and not g.is_integer and g.number_value == Fraction(13, 16)
    assert parse("5").is_integer and int(parse("5")) == 5
    assert cgt.star.is_nimber and not cgt.up.is_nimber and cgt.zero.is_nimber
    assert cgt.up.is_infinitesimal and cgt.star.is_infinitesimal and not cgt.one.is_infinitesimal
    assert cgt.pm(1).is_switch and not cgt.up.is_switch
    assert parse("1^*").number_part == 1 and parse("1^*").up_multiple == 1 and parse("1^*").nim_part == 1
    with pytest.raises(cgt.NotANumberError, match=r"\^"):
        _ = cgt.up.number_value


def test_outcomes():
    o = cgt.Outcome
    assert [parse(s).outcome for s in ("0", "*", "1", "-1", "^", "v", "+-1", "^*")] == \
        [o.P, o.N, o.L, o.R, o.L, o.R, o.N, o.N]


def test_equality_and_hash_with_plain_numbers():
    assert cgt.number(2) == 2 and hash(cgt.number(2)) == hash(2)
    assert cgt.number("1/2") == Fraction(1, 2) and hash(cgt.number("1/2")) == hash(Fraction(1, 2))
    assert {cgt.number(3): "a"}[3] == "a"
    assert cgt.star != 0 and cgt.up > 0 and cgt.up < 1 and not (cgt.star > 0)
    assert sum([cgt.up, cgt.up, cgt.star]) == parse("^^*")
    assert 1 - cgt.up == parse("1v") and cgt.up - 1 == parse("-1^")
    with pytest.raises(TypeError):
        bool(cgt.star)


def test_partial_order_is_not_total():
    assert not (cgt.star <= 0) and not (cgt.star >= 0) and cgt.star.is_fuzzy(0)
    assert cgt.star.compare(0) == "||" and cgt.up.compare(cgt.star) == "||"
    assert sorted([parse("3"), parse("1/2"), parse("-1")]) == [parse("-1"), parse("1/2"), parse("3")]


def test_each_value_has_one_object():
    a = parse("{0|*}")
    b = cgt.game([0], [cgt.star])
    c = cgt.up
    assert a is b is c


def test_ids_round_trip():
    for g in (cgt.zero, cgt.star, parse("{3||2|1}"), cgt.number(10**9)):
        assert isinstance(g.id, int) and cgt.Game.from_id(g.id) is g
    assert cgt.Game.from_id(cgt.ops.ZERO) is cgt.zero
    last = cgt.cache_info()["games"] - 1
    assert cgt.Game.from_id(last).id == last
    with pytest.raises(cgt.InvalidIdError):
        cgt.Game.from_id(last + 1)
    with pytest.raises(cgt.CGTTypeError):
        cgt.Game.from_id(str(last))


def test_property_and_method_rule():
    """Facts of a game are properties; operations taking arguments are methods."""
    facts = ["id", "left_options", "right_options", "birthday", "outcome", "is_number", "is_integer",
             "is_nimber", "is_number_up_star", "is_infinitesimal", "is_switch", "number_value",
             "number_part", "up_multiple", "nim_part", "nim_value", "left_stop", "right_stop",
             "confusion_interval", "thermograph", "temperature", "mean", "frozen", "is_all_small",
             "atomic_weight", "is_atomic", "reduced_canonical_form", "is_even_tempered", "is_odd_tempered"]
    operations = ["options", "is_fuzzy", "compare", "cool", "heat", "overheat", "incentives",
                  "ordinal_sum", "norton_product"]
    public = {n for n in vars(cgt.Game) if not n.startswith("_")}
    assert public == set(facts) | set(operations) | {"from_id"}
    for name in facts:
        assert isinstance(vars(cgt.Game)[name], property), name
    for name in operations:
        assert callable(vars(cgt.Game)[name]) and not isinstance(vars(cgt.Game)[name], property), name


def test_pickle_round_trip():
    for s in ("{3||2|1}", "^^*", "-3/8", "+-1"):
        g = parse(s)
        assert pickle.loads(pickle.dumps(g)) == g


# ---------------------------------------------------------------- deep values

def test_deep_values_do_not_recurse(fresh_caches):
    big = cgt.number(10**6)
    assert big.birthday == 10**6 and str(big) == "1000000"
    assert big.left_options == (cgt.number(10**6 - 1),)
    n = cgt.nimber(5000)
    assert n.birthday == 5000 and str(n) == "*5000" and len(n.left_options) == 5000
    g = big + cgt.star
    assert str(g) == "1000000*" and g.birthday == 10**6 + 1
    assert g > big - 1 and g.is_fuzzy(big) and not (g <= big)
    assert parse("1000000*") == g
    assert cgt.game([big], [-big]).birthday == 10**6 + 1


def test_deep_general_game(fresh_caches):
    # A chain of 1500 nested non-number games: g_k = {g_(k-1) | -5} with g_0 = +-1,
    # deeper than Python's default recursion limit allows for a naive recursion.
    g = cgt.pm(1)
    chain = [g]
    for _ in range(1500):
        g = cgt.game([g], [-5])
        chain.append(g)
    assert g.birthday == 1505         # b(-5) = 5, so b(g_k) = 5 + k
    text = str(g)
    assert parse(text) is g and repr(g).startswith("cgt.parse('{")
    assert g.left_options[0] is chain[-2]
    assert g.outcome is cgt.Outcome.R   # by hand: Right wins moving first (to -5) and second (to -1)
    assert g < 0 and not (g >= -5)      # Right moving to -5 refutes G >= -5
    h = chain[150]                    # sums cost a power of the depth: keep this one smaller
    assert h + (-h) == 0


# ---------------------------------------------------------------- NUS consistency

NUS_CASES = [(x, n, m) for x in (Fraction(0), Fraction(1), Fraction(-1), Fraction(1, 2), Fraction(-3, 4))
             for n in range(-4, 5) for m in range(0, 5)]


def _reference_nus(x, n, m):
    """x + n.^ + *m, canonicalised by the reference after each summand (keeps trees small)."""
    g = ref.dyadic(x.numerator, x.denominator.bit_length() - 1)
    step = ref.UP if n > 0 else ref.neg(ref.UP)
    for _ in range(abs(n)):
        g = ref.canonical(ref.add(g, step))
    return ref.canonical(ref.add(g, ref.nimber(m)))


@pytest.mark.parametrize("x,n,m", NUS_CASES)
def test_number_up_star_forms(x, n, m):
    """The closed-form options of x + n.^ + *m are exactly the reference canonical form."""
    g = cgt.up_multiple(n, m, x)
    t = ref.from_game(g)
    assert ref.same_form(t, _reference_nus(x, n, m))
    assert g.birthday == ref.height(t)
    # rebuilding it from its options gives the same object
    assert cgt.game(g.left_options, g.right_options) is g


# ---------------------------------------------------------------- hypothesis

LEAVES = [parse(s) for s in ("0", "*", "1", "-1", "1/2", "^", "v", "+-1", "{2|1}", "*2", "-1/4")]


def games(max_leaves=6):
    def extend(children):
        return st.builds(lambda lo, ro: cgt.game(lo, ro),
                         st.lists(children, max_size=2), st.lists(children, max_size=2))
    return st.recursive(st.sampled_from(LEAVES), extend, max_leaves=max_leaves)


SET = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SET
@given(games())
def test_g_minus_g_is_zero(g):
    assert g + (-g) == 0
    assert g - g == cgt.zero


@SET
@given(games(), games())
def test_sum_commutes(g, h):
    assert g + h is h + g


@SET
@given(games(4), games(4), games(4))
def test_sum_associates(g, h, k):
    assert (g + h) + k == g + (h + k)


@SET
@given(games(), games())
def test_order_agrees_with_difference(g, h):
    assert (g <= h) == (h - g >= 0)
    assert (g < h) == (h - g > 0)
    assert g.is_fuzzy(h) == (h - g).is_fuzzy(0)


@SET
@given(games())
def test_canonical_form_is_idempotent_and_unique(g):
    assert cgt.game(g.left_options, g.right_options) is g
    assert parse(str(g)) is g
    minus_g = -g
    assert -minus_g is g


@SET
@given(games(), games())
def test_sum_built_two_ways(g, h):
    """The sum from its definition {G^L+H, G+H^L | ...} is the same canonical object."""
    lefts = [gl + h for gl in g.left_options] + [g + hl for hl in h.left_options]
    rights = [gr + h for gr in g.right_options] + [g + hr for hr in h.right_options]
    assert cgt.game(lefts, rights) is g + h


# ---------------------------------------------------------------- brute force

def trees(depth):
    leaves = st.sampled_from([ref.ZERO, ref.STAR, ref.integer(1), ref.integer(-1), ref.UP])
    def extend(children):
        return st.builds(lambda lo, ro: (tuple(lo), tuple(ro)),
                         st.lists(children, max_size=3), st.lists(children, max_size=3))
    return st.recursive(leaves, extend, max_leaves=depth)


def engine(t):
    return cgt.game([engine(o) for o in t[0]], [engine(o) for o in t[1]])


@SET
@given(trees(8))
def test_engine_matches_reference_canonical_form(t):
    g = engine(t)
    c = ref.from_game(g)
    assert ref.eq(c, t)           # same value as the unreduced tree
    assert ref.is_canonical(c)    # and no dominated or reversible option anywhere
    assert ref.same_form(c, ref.canonical(t))   # the reference reduction gives the same form


@SET
@given(trees(6), trees(6))
def test_engine_order_matches_reference(t, u):
    g, h = engine(t), engine(u)
    assert (g <= h) == ref.le(t, u)
    assert (h <= g) == ref.le(u, t)
    assert (g == h) == ref.eq(t, u)


@SET
@given(trees(5), trees(5))
def test_engine_sum_matches_reference(t, u):
    s = engine(t) + engine(u)
    assert ref.eq(ref.from_game(s), ref.add(t, u))


# ---------------------------------------------------------------- census

def _born_by(day_games):
    """All canonical games born by the next day, from the games born by this day."""
    out = set()
    subsets = [()]
    for r in range(1, len(day_games) + 1):
        subsets.extend(itertools.combinations(day_games, r))
    for lo in subsets:
        for ro in subsets:
            out.add(cgt.game(lo, ro))
    return out


def test_census_small_days():
    # Source: Siegel, CGT, Table II.4 (1, 4, 22, 1474 games born by day 0..3).
    day0 = {cgt.zero}
    day1 = _born_by(sorted(day0, key=str))
    day2 = _born_by(sorted(day1, key=str))
    assert (len(day0), len(day1), len(day2)) == (1, 4, 22)
    assert {str(g) for g in day1} == {"0", "*", "1", "-1"}


