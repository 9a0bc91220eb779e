"""konane.errors: one tree of exceptions, type errors apart from value errors."""

import inspect

import konane
import konane.errors as errors

TYPE_ERRORS = {"BoardTypeError", "MoveTypeError", "PlayerTypeError", "RulesTypeError",
               "CacheTypeError", "CensusTypeError", "FamilyTypeError", "SearchTypeError"}
VALUE_ERRORS = {"BoardParseError", "InvalidMoveError", "IllegalMoveError", "OpeningError",
                "PlayerError", "RulesError", "CacheFileError", "CensusError", "FamilyError",
                "CensusFileError", "SearchError", "MatchFileError", "CertificateError"}
RUNTIME_ERRORS = {"ComputationLimitError", "ClusterError"}
WARNINGS = {"OutOfReachWarning", "NoClosedFormWarning"}


def test_every_error_is_in_errors_and_exported():
    classes = {name for name, obj in inspect.getmembers(errors, inspect.isclass)
               if issubclass(obj, Exception) and obj.__module__ == "konane.errors"}
    assert classes == set(errors.__all__)
    assert classes == TYPE_ERRORS | VALUE_ERRORS | RUNTIME_ERRORS | WARNINGS | {
        "KonaneError", "KonaneTypeError", "KonaneValueError"}
    assert issubclass(errors.OutOfReachWarning, UserWarning)
    # at the top of konane: the errors that say what went wrong (the tests of the
    # architecture pin the list); every one is the class of konane.errors
    top = {name for name in konane.__all__ if name.endswith("Error")}
    assert top < classes
    for name in top:
        assert getattr(konane, name) is getattr(errors, name)
    # no exception class of konane is defined anywhere else
    for module in ("board", "squares", "moves", "rules", "match", "decomposition", "values", "solving",
                   "players", "cache", "censuses", "svg", "cli", "families", "finding", "certificates",
                   "_calls", "_progress"):
        mod = __import__(f"konane.{module}", fromlist=["_"])
        own = [name for name, obj in inspect.getmembers(mod, inspect.isclass)
               if issubclass(obj, Exception) and obj.__module__ == mod.__name__]
        assert own == [], (module, own)


def test_type_errors_and_value_errors():
    for name in TYPE_ERRORS:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.KonaneTypeError) and issubclass(cls, TypeError)
        assert not issubclass(cls, ValueError)
    for name in VALUE_ERRORS:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.KonaneValueError) and issubclass(cls, ValueError)
        assert not issubclass(cls, TypeError)
    for name in RUNTIME_ERRORS:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.KonaneError) and issubclass(cls, RuntimeError)
        assert not issubclass(cls, (TypeError, ValueError))
    assert issubclass(errors.OpeningError, errors.IllegalMoveError)
    assert issubclass(errors.KonaneTypeError, errors.KonaneError)
    assert issubclass(errors.KonaneValueError, errors.KonaneError)
