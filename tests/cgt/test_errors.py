"""Tests of cgt/errors.py: one error tree, and the errors of every public entry point.

A wrong *type* of argument raises a cgt.CGTTypeError (a TypeError), a wrong
*value* a cgt.CGTValueError (a ValueError); the message names the input, and no
other exception is chained to it (so it is the last line a notebook shows).
"""

import importlib
import inspect
import pkgutil
from fractions import Fraction

import pytest

import cgt
from cgt import Thermograph, Trajectory, analysis, errors
from cgt.graph import game_graph
from cgt.impartial import nim_value

W = Trajectory.constant(0)


def test_every_error_class_is_in_errors_and_in_the_tree():
    classes = [obj for _, obj in inspect.getmembers(errors, inspect.isclass) if obj.__module__ == "cgt.errors"]
    assert sorted(c.__name__ for c in classes) == sorted(errors.__all__)
    warning_classes = [c for c in classes if issubclass(c, Warning)]
    assert warning_classes == [errors.BackendWarning] and issubclass(errors.BackendWarning, UserWarning)
    for c in classes:
        if c in warning_classes:
            continue
        assert issubclass(c, cgt.CGTError)
        assert getattr(cgt, c.__name__) is c
    assert issubclass(cgt.CGTTypeError, TypeError) and issubclass(cgt.CGTValueError, ValueError)
    for c in (cgt.GameParseError, cgt.NotDyadicError, cgt.NotANumberError, cgt.NotAtomicError,
              cgt.NotAPlayerError, cgt.InvalidTemperatureError, cgt.NotImpartialError, cgt.InvalidIdError):
        assert issubclass(c, cgt.CGTValueError) and not issubclass(c, TypeError)
    assert issubclass(cgt.NotAGameError, cgt.CGTTypeError) and not issubclass(cgt.NotAGameError, ValueError)
    assert issubclass(cgt.BackendError, ImportError)


def test_no_other_module_defines_an_exception():
    for info in pkgutil.iter_modules(cgt.__path__):
        if info.name == "_native":
            continue
        mod = importlib.import_module(f"cgt.{info.name}")
        for name, obj in inspect.getmembers(mod, inspect.isclass):
            if issubclass(obj, BaseException):
                if (obj.__module__, name) == ("cgt._deep", "Unwound"):
                    # the signal of segmented recursion, taken by a driver inside cgt: never
                    # raised to a caller (every public function that recurses is a driver)
                    continue
                assert obj.__module__ == "cgt.errors", (info.name, obj)


TYPE_ERRORS = [
    (lambda: cgt.nimber("a"), cgt.CGTTypeError, "'a'"),
    (lambda: cgt.nimber(1.0), cgt.CGTTypeError, "1.0"),
    (lambda: cgt.nimber(True), cgt.CGTTypeError, "True"),
    (lambda: cgt.number(object()), cgt.CGTTypeError, "object"),
    (lambda: cgt.number(None), cgt.CGTTypeError, "None"),
    (lambda: cgt.number(True), cgt.CGTTypeError, "True"),
    (lambda: cgt.to_dyadic([1]), cgt.CGTTypeError, "[1]"),
    (lambda: cgt.parse(3), cgt.CGTTypeError, "3"),
    (lambda: cgt.parse(None), cgt.CGTTypeError, "None"),
    (lambda: cgt.game([object()], []), cgt.NotAGameError, "object"),
    (lambda: cgt.game([], [None]), cgt.NotAGameError, "None"),
    (lambda: cgt.as_game([1]), cgt.NotAGameError, "[1]"),
    (lambda: cgt.as_game(True), cgt.NotAGameError, "True"),
    (lambda: cgt.switch(object(), 1), cgt.NotAGameError, "object"),
    (lambda: cgt.pm(None), cgt.NotAGameError, "None"),
    (lambda: cgt.tiny({}), cgt.NotAGameError, "{}"),
    (lambda: cgt.up_multiple("1"), cgt.CGTTypeError, "'1'"),
    (lambda: cgt.up_multiple(1, 2.0), cgt.CGTTypeError, "2.0"),
    (lambda: cgt.up_multiple(1, 0, object()), cgt.CGTTypeError, "object"),
    (lambda: cgt.Game.from_id("3"), cgt.CGTTypeError, "'3'"),
    (lambda: cgt.Game.from_id(1.0), cgt.CGTTypeError, "1.0"),
    (lambda: cgt.Game.from_id(True), cgt.CGTTypeError, "True"),
    (lambda: cgt.Player.coerce(3), cgt.CGTTypeError, "3"),
    (lambda: cgt.up.options(3), cgt.CGTTypeError, "3"),
    (lambda: cgt.up.incentives(3), cgt.CGTTypeError, "3"),
    (lambda: cgt.up.cool(object()), cgt.NotAGameError, "object"),
    (lambda: cgt.up.heat(None), cgt.NotAGameError, "None"),
    (lambda: cgt.up.overheat(None, 1), cgt.NotAGameError, "None"),
    (lambda: cgt.up.ordinal_sum([]), cgt.NotAGameError, "[]"),
    (lambda: cgt.up.norton_product({}), cgt.NotAGameError, "{}"),
    (lambda: cgt.up.is_fuzzy(object()), cgt.NotAGameError, "object"),
    (lambda: cgt.up.compare(None), cgt.NotAGameError, "None"),
    (lambda: analysis.cool("^", object()), cgt.NotAGameError, "object"),
    (lambda: analysis.mean(object()), cgt.NotAGameError, "object"),
    (lambda: analysis.incentives(cgt.up, 1.5), cgt.CGTTypeError, "1.5"),
    (lambda: cgt.thermograph(object()), cgt.NotAGameError, "object"),
    (lambda: Thermograph(1, 2), cgt.CGTTypeError, "1"),
    (lambda: Thermograph(W, "w"), cgt.CGTTypeError, "'w'"),
    (lambda: Trajectory(object()), cgt.CGTTypeError, "object"),
    (lambda: Trajectory(0, "12", [0]), cgt.CGTTypeError, "'12'"),
    (lambda: Trajectory(0, 1, [0]), cgt.CGTTypeError, "1"),
    (lambda: Trajectory(0, [None], [0, 0]), cgt.CGTTypeError, "None"),
    (lambda: Trajectory.constant(1.5), cgt.CGTTypeError, "1.5"),
    (lambda: W.value_at(None), cgt.CGTTypeError, "None"),
    (lambda: W.tilt([1]), cgt.CGTTypeError, "[1]"),
    (lambda: W.maximum(3), cgt.CGTTypeError, "3"),
    (lambda: cgt.mex(3), cgt.CGTTypeError, "3"),
    (lambda: cgt.GrundySolver(3), cgt.CGTTypeError, "3"),
    (lambda: cgt.GrundySolver(lambda p: [], key=4), cgt.CGTTypeError, "4"),
    (lambda: cgt.grundy(0, None), cgt.CGTTypeError, "None"),
    (lambda: nim_value(object()), cgt.NotAGameError, "object"),
    (lambda: game_graph(object()), cgt.NotAGameError, "object"),
    (lambda: game_graph("^", max_nodes="10"), cgt.CGTTypeError, "'10'"),
]

VALUE_ERRORS = [
    (lambda: cgt.nimber(-1), cgt.CGTValueError, "-1"),
    (lambda: cgt.number("1/3"), cgt.NotDyadicError, "'1/3'"),
    (lambda: cgt.number("x"), cgt.NotDyadicError, "'x'"),
    (lambda: cgt.number(float("nan")), cgt.NotDyadicError, "nan"),
    (lambda: cgt.number(Fraction(1, 3)), cgt.NotDyadicError, "Fraction(1, 3)"),
    (lambda: cgt.up + Fraction(1, 3), cgt.NotDyadicError, "Fraction(1, 3)"),
    (lambda: cgt.parse("{1|"), cgt.GameParseError, "'{1|'"),
    (lambda: cgt.parse("1/3"), cgt.NotDyadicError, "'1/3'"),
    (lambda: cgt.game(["1/3"], []), cgt.NotDyadicError, "'1/3'"),
    (lambda: cgt.up_multiple(1, -1), cgt.CGTValueError, "-1"),
    (lambda: cgt.up_multiple(1, 0, "1/3"), cgt.NotDyadicError, "'1/3'"),
    (lambda: cgt.Game.from_id(-1), cgt.InvalidIdError, "-1"),
    (lambda: cgt.Game.from_id(10**12), cgt.InvalidIdError, str(10**12)),
    (lambda: cgt.Player.coerce("x"), cgt.NotAPlayerError, "'x'"),
    (lambda: cgt.up.options("black"), cgt.NotAPlayerError, "'black'"),
    (lambda: cgt.up.incentives("bob"), cgt.NotAPlayerError, "'bob'"),
    (lambda: cgt.up.cool(-1), cgt.InvalidTemperatureError, "-1"),
    (lambda: cgt.up.cool(cgt.star), cgt.NotANumberError, "*"),
    (lambda: analysis.cool("{2|-1}", "+-1"), cgt.NotANumberError, "+-1"),
    (lambda: cgt.pm(1).atomic_weight, cgt.NotAtomicError, "+-1"),
    (lambda: analysis.atomic_weight("{1|^3||^}"), cgt.NotAtomicError, "{1|^3||^}"),
    (lambda: cgt.up.nim_value, cgt.NotImpartialError, "^"),
    (lambda: nim_value("^"), cgt.NotImpartialError, "^"),
    (lambda: cgt.up.number_value, cgt.NotANumberError, "^"),
    (lambda: int(cgt.number("1/2")), cgt.NotANumberError, "1/2"),
    (lambda: cgt.pm(1).number_part, cgt.NotANumberError, "+-1"),
    (lambda: Trajectory(0, [1], [0]), cgt.CGTValueError, "slopes"),
    (lambda: Trajectory(0, ["x"], [0, 0]), cgt.CGTValueError, "'x'"),
    (lambda: Trajectory(0, [2, 1], [0, 0, 0]), cgt.CGTValueError, "increase"),
    (lambda: Trajectory(0, [-1], [0, 0]), cgt.CGTValueError, "above -1"),
    (lambda: W.value_at(-2), cgt.InvalidTemperatureError, "-2"),
    (lambda: Trajectory(0, [], [1]).mast_value, cgt.CGTValueError, "Trajectory(0, [], [1])"),
    (lambda: Thermograph(Trajectory.constant(1), W), cgt.CGTValueError, "mast"),
    (lambda: Thermograph(Trajectory(-1, [1], [1, 0]), Trajectory(3, [1], [-1, 0])), cgt.CGTValueError, "exceeds"),
    (lambda: cgt.grundy(0, lambda n: [1 - n]), cgt.CGTValueError, "reached from itself"),
    (lambda: game_graph(cgt.nimber(20), max_nodes=5), cgt.CGTValueError, "max_nodes"),
]


def _check(fn, cls, fragment):
    with pytest.raises(cls) as info:
        fn()
    exc = info.value
    assert isinstance(exc, cgt.CGTError)
    assert fragment in str(exc), (str(exc), fragment)
    # raised from the entry point: nothing chained that a traceback would show first
    assert exc.__cause__ is None and (exc.__context__ is None or exc.__suppress_context__)
    return exc


@pytest.mark.parametrize("fn,cls,fragment", TYPE_ERRORS)
def test_wrong_types_raise_type_errors(fn, cls, fragment):
    exc = _check(fn, cls, fragment)
    assert isinstance(exc, TypeError) and isinstance(exc, cgt.CGTTypeError)


@pytest.mark.parametrize("fn,cls,fragment", VALUE_ERRORS)
def test_wrong_values_raise_value_errors(fn, cls, fragment):
    exc = _check(fn, cls, fragment)
    assert isinstance(exc, ValueError) and isinstance(exc, cgt.CGTValueError)


def test_games_refuse_truth_values_and_construction():
    with pytest.raises(cgt.CGTTypeError):
        bool(cgt.star)
    with pytest.raises(cgt.CGTTypeError, match="cgt.game"):
        cgt.Game()


def test_parse_error_carries_the_text_and_position():
    with pytest.raises(cgt.GameParseError) as info:
        cgt.parse("{1|2|3}")
    assert info.value.text == "{1|2|3}" and info.value.position == 4
