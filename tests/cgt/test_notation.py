"""Tests of cgt/notation.py: reading and writing CGSuite's notation (through cgt.parse and str)."""

import pytest

import cgt
from cgt import ops, parse
from cgt.notation import display_key, format_game, latex_game, parse_id


@pytest.mark.parametrize("text", [
    "0", "3/8", "-5/4", "*", "*3", "^", "v", "^3", "v3", "v*", "^^*", "1^*", "-1/2v*3",
    "+-1", "{1|0}", "{3||2|1}", "{1|^^||^}", "{0||0|-2}", "+-{2|1}",
    "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "{0|v*}", "{3|2||1|0}",
])
def test_notation_round_trip(text):
    g = parse(text)
    assert str(g) == text
    assert parse(str(g)) == g
    assert eval(repr(g), {"cgt": cgt}) == g


def test_notation_variants():
    assert parse("±1") == parse("+-1")
    assert parse("↑↑*") == parse("^^*") == parse("^2*")
    assert parse("vv") == parse("v2") == -parse("^^")
    assert parse("(1/2) - 1") == parse("-1/2")
    assert parse("2-1^") == parse("1v")      # binary minus takes the whole term
    assert parse("-1^") == parse("-1") + cgt.up
    assert parse("0.75") == cgt.number("3/4")
    assert parse("Tiny(2)") == cgt.tiny(2) == parse("{0||0|-2}")
    assert parse("Miny(2)") == cgt.miny(2)
    assert parse("^<2>") == parse("{0|v*}")
    # a side with bars of its own is one unbraced option, commas included
    assert parse("{0||0,v*|vv}") == cgt.game([0], [parse("{0,v*|vv}")])
    assert parse("{1||+-(1*)|-1,{-1|-3}}") == cgt.game([1], [parse("{+-(1*)|-1,{-1|-3}}")])
    g = cgt.game([0], [parse("{0,v*|vv}")])
    assert parse(str(g)) == g
    # up-nth powers (Winning Ways ch. 9): ^<3> = {0 | v + v<2> + *}, each far smaller than the last
    u2, u3 = parse("^<2>"), parse("^<3>")
    assert u3 == cgt.game([0], [-(cgt.up + u2) + cgt.star]) and u3 != cgt.up
    assert all(sum([u3] * k, cgt.zero) < u2 for k in range(1, 5))
    assert parse("^[3]") == cgt.up + u2 + u3 and parse("v<2>") == -u2
    assert parse(" { 1 , 1/2 | 2 } ") == cgt.number("3/2")   # 1/2 is dominated by 1


def test_latex():
    up, pm1 = cgt.up, cgt.pm(1)
    assert up._repr_latex_() == "$\\displaystyle \\uparrow$"      # IPython's display hook
    assert "\\pm" in pm1._repr_latex_()
    assert "\\mid\\mid" in parse("{3||2|1}")._repr_latex_()
    assert parse("-3/8")._repr_latex_() == "$\\displaystyle -\\frac{3}{8}$"


def test_id_level_functions():
    g = parse("{3||2|1}")
    assert parse_id("{3||2|1}") == g.id and format_game(g.id) == "{3||2|1}" == str(g)
    assert "$\\displaystyle " + latex_game(g.id) + "$" == g._repr_latex_()
    ids = [parse(s).id for s in ("+-1", "*", "1/2", "-1", "^", "{3||2|1}")]
    assert [format_game(i) for i in sorted(ids, key=display_key)] == ["-1", "*", "^", "1/2", "+-1", "{3||2|1}"]
    assert ops.nus(parse_id("1/2 + ^^ + *3")) == (0.5, 2, 3)


def test_texts_survive_clearing_the_caches(fresh_caches):
    g = parse("{3|2||1|0}")
    assert str(g) == "{3|2||1|0}"
    cgt.clear_caches()
    assert str(g) == "{3|2||1|0}" and str(-g) == "{0|-1||-2|-3}"


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("text,fragment", [
    ("{1|2", "unclosed '{'"),
    ("{1,|2}", "empty option"),
    ("1|2", "unexpected '|'"),
    ("{1|2|3}", "ambiguous braces"),
    ("{1 2}", "missing '|'"),
    ("", "empty game notation"),
    ("^^3", "write ^n or ^^.., not both"),
    ("#", "unexpected character '#'"),
    ("foo(1)", "unknown name 'foo'"),
    ("^<0>", "needs n >= 1"),
    ("{1|2}}", "unexpected '}'"),
])
def test_parse_errors(text, fragment):
    with pytest.raises(cgt.GameParseError) as info:
        parse(text)
    assert fragment in str(info.value)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_error_position():
    with pytest.raises(cgt.GameParseError) as info:
        parse("{1|2|3}")
    assert info.value.position == 4


@pytest.mark.parametrize("bad", ["1/3", "{0|1/3}", "2/6"])
def test_non_dyadic_in_notation(bad):
    with pytest.raises(cgt.NotDyadicError, match="not a dyadic"):
        parse(bad)
