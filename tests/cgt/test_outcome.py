"""Tests of cgt/outcome.py: players and outcome classes."""

import pytest

import cgt
from cgt import LEFT, RIGHT, Outcome, Player


@pytest.mark.parametrize("name,player", [
    ("left", LEFT), ("Left", LEFT), ("LEFT", LEFT), ("L", LEFT), ("l", LEFT), (" left ", LEFT),
    ("right", RIGHT), ("Right", RIGHT), ("R", RIGHT), ("r", RIGHT), (LEFT, LEFT), (RIGHT, RIGHT),
])
def test_coerce_accepts_left_and_right(name, player):
    assert Player.coerce(name) is player


@pytest.mark.parametrize("name", ["x", "o", "black", "white", "b", "w", "", "lefty"])
def test_coerce_knows_no_konane_colors(name):
    with pytest.raises(cgt.NotAPlayerError) as info:
        Player.coerce(name)
    assert repr(name) in str(info.value) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [0, None, 1.5, Outcome.L, ["left"]])
def test_coerce_rejects_other_types(value):
    with pytest.raises(cgt.CGTTypeError) as info:
        Player.coerce(value)
    assert repr(value) in str(info.value) and isinstance(info.value, TypeError)


def test_opponent_and_outcome():
    assert LEFT.opponent is RIGHT and RIGHT.opponent is LEFT
    assert [str(o) for o in Outcome] == ["P", "N", "L", "R"]
