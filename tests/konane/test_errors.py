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


def _error_classes():
    import cgt.errors

    for module in (errors, cgt.errors):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Exception) and not issubclass(cls, Warning) and cls.__module__ == module.__name__:
                yield cls


def test_every_error_pickles_whole_also_as_dask_sends_a_job_s_error():
    """Every error of the two trees comes back from pickle as the same class, message and
    attributes, with plain pickle and with tblib's (Dask sends a job's error so, its
    ``__context__`` included): a ComputationLimitError raised while handling a CGTMemoryError
    (the native table refused to grow) came back from a worker as a bare ``Exception``, as
    tblib could not rebuild a subclass of MemoryError."""
    import pickle

    import pytest

    import cgt.errors

    classes = list(_error_classes())
    assert errors.ComputationLimitError in classes and cgt.errors.CGTMemoryError in classes
    try:
        try:
            raise cgt.errors.CGTMemoryError("the table needed 8 bytes more")
        except MemoryError:
            raise errors.ComputationLimitError("stopped", positions=7, memory=9, limit="max_memory")  # noqa: B904
    except errors.ComputationLimitError as exc:
        chained = exc
    samples = [chained] + [cls("what went wrong") for cls in classes]

    def round_trips() -> None:
        for exc in samples:
            back = pickle.loads(pickle.dumps(exc))
            assert type(back) is type(exc) and str(back) == str(exc) and back.__dict__ == exc.__dict__, type(exc)

    round_trips()                               # plain pickle
    tblib = pytest.importorskip("tblib.pickling_support")
    for exc in samples:                         # as Dask does before it sends a job's error
        tblib.install(exc, *([exc.__context__] if exc.__context__ is not None else []))
    round_trips()
    back = pickle.loads(pickle.dumps(chained))
    assert (back.positions, back.memory, back.limit) == (7, 9, "max_memory")
    assert type(back.__context__) is cgt.errors.CGTMemoryError
