"""Tests of cgt/values.py: the named constructors and constants."""

from fractions import Fraction

import pytest

import cgt
from cgt import parse


def test_constructors_accept_numbers():
    sympy = pytest.importorskip("sympy")
    assert cgt.number(sympy.Rational(3, 8)) == parse("3/8")
    assert cgt.number(Fraction(-3, 4)) == parse("-3/4")
    assert cgt.number("3/8") == parse("3/8") == cgt.number(0.375)
    assert cgt.game([sympy.Rational(1, 2)], [1]) == parse("3/4")
    assert cgt.switch(1, -1) == cgt.pm(1)
    assert cgt.nimber(0) == cgt.zero
    assert cgt.up_multiple(2, 1) == parse("^^*")


def test_game_takes_single_options_and_notation():
    assert cgt.game(0, cgt.star) == cgt.up == cgt.game(["0"], ["*"])
    assert cgt.game() == cgt.zero and cgt.game(left=[0]) == cgt.one
    assert cgt.game((g for g in [cgt.zero, cgt.star]), {cgt.zero, cgt.star}) == cgt.nimber(2)


def test_constants():
    assert [str(g) for g in (cgt.zero, cgt.one, cgt.star, cgt.up, cgt.down)] == ["0", "1", "*", "^", "v"]


def test_tiny_miny_pm():
    assert cgt.tiny(1) == parse("{0||0|-1}") and cgt.miny(1) == -cgt.tiny(1)
    assert cgt.pm("1/2") == parse("+-1/2") and cgt.pm(cgt.up) == cgt.game([cgt.up], [cgt.down])


def test_up_multiple_forms():
    assert cgt.up_multiple(-3, 2, "-1/4") == parse("-1/4v3*2")
    assert cgt.up_multiple(0, 0, 5) == 5


def test_option_errors_name_the_side():
    with pytest.raises(cgt.NotAGameError, match="right option"):
        cgt.game([], [1, object()])
    with pytest.raises(cgt.NotDyadicError, match="left option '1/3'"):
        cgt.game(["1/3"], [])
    with pytest.raises(cgt.GameParseError, match="left option"):
        cgt.game(["{1|"], [])
