"""konane.rules: the Rules object, its text form, and how every function reads ``rules=``."""

import pytest

import konane
from konane import SINGLE_JUMP, STANDARD, Rules
from konane.rules import OPENINGS, as_rules

from .conftest import raised_in


def test_defaults_and_variants():
    assert STANDARD == Rules() and STANDARD.multi_jump and STANDARD.opening == "standard"
    assert SINGLE_JUMP == Rules(multi_jump=False)
    assert OPENINGS == ("standard", "any")
    assert hash(Rules()) == hash(STANDARD)


@pytest.mark.parametrize("rules", [STANDARD, SINGLE_JUMP, Rules(opening="any"),
                                   Rules(multi_jump=False, opening="any")])
def test_text_round_trip(rules):
    assert Rules.parse(str(rules)) == rules
    assert eval(repr(rules), {"konane": konane}) == rules


def test_bad_rules():
    with pytest.raises(konane.errors.RulesError, match="'centre'") as info:
        Rules(opening="centre")
    assert isinstance(info.value, ValueError)
    with pytest.raises(konane.errors.RulesTypeError, match="multi_jump") as info:
        Rules(multi_jump="yes")
    assert isinstance(info.value, TypeError)
    with pytest.raises(konane.errors.RulesTypeError, match="opening"):
        Rules(opening=1)
    for text, match in [("multi_jump", "expected key=value"), ("multi_jump=maybe", "maybe"),
                        ("colour=red", "unknown rules key"), ("opening=centre", "centre")]:
        with pytest.raises(konane.errors.RulesError, match=match) as info:
            Rules.parse(text)
        assert raised_in(info) == "parse"
    with pytest.raises(konane.errors.RulesTypeError):
        Rules.parse(None)


def test_one_error_class_for_a_bad_rules_argument_everywhere():
    # every entry point with a rules= argument raises RulesTypeError, from itself
    b = konane.Board("xo.o.")
    calls = {
        "value": lambda: konane.value(b, rules="single"),
        "analyze": lambda: konane.analyze(b, rules="single"),
        "census": lambda: konane.census(2, 2, rules="single"),
        "options": lambda: b.options("x", "single"),
        "play": lambda: b.play("a1-c1", "single"),
        "__init__": lambda: konane.Match(b, rules="single"),
        "as_rules": lambda: as_rules("single"),
    }
    for name, call in calls.items():
        with pytest.raises(konane.errors.RulesTypeError, match="'single'") as info:
            call()
        assert raised_in(info) == name
    assert as_rules(None) is STANDARD and as_rules(SINGLE_JUMP) is SINGLE_JUMP
