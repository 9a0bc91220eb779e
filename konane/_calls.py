"""What the public calls of :mod:`konane` share: argument checks, and errors trimmed to the call.

:func:`public` wraps every public function and method that checks its arguments: an error
of the library's tree (:class:`konane.KonaneError`) raised anywhere below it reaches the
caller with a traceback that ends at the call, not in the library's frames, which say
nothing to someone who passed a wrong argument or hit a limit.  The checks of the arguments
that many calls share (counts, seconds, flags) are here, with :func:`describe` for their
messages; a long computation's counter, limits and progress bar are
:func:`konane._progress.computation`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from konane.errors import KonaneError, KonaneTypeError, KonaneValueError

__all__: list[str] = []          # private: konane's own modules import the names they need

P = ParamSpec("P")
R = TypeVar("R")


def public(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn``, with the errors of :mod:`konane.errors` it raises trimmed to the call.

    The traceback of such an error ends in this wrapper's frame, which is named after
    ``fn`` (``in value``), right under the caller's line.

    Examples
    --------
    >>> @public
    ... def half(n: int) -> int:
    ...     if n % 2:
    ...         raise KonaneValueError(f"{n} is odd")
    ...     return n // 2
    >>> half(4)
    2
    >>> half(3)
    Traceback (most recent call last):
    ...
    konane.errors.KonaneValueError: 3 is odd
    """
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except KonaneError as exc:      # an explicit cause (raise ... from err) is kept
            raise exc.with_traceback(None) from exc.__cause__

    # the traceback's last line names the public function ("in value"), not this wrapper
    call.__code__ = call.__code__.replace(co_name=fn.__name__, co_qualname=fn.__qualname__)
    return functools.wraps(fn)(call)


def describe(obj: object) -> str:
    """``repr(obj)`` and its type name, for messages about wrong types: ``'42 (int)'``."""
    return f"{obj!r} ({type(obj).__name__})"


def is_int(v: Any) -> bool:
    """Whether ``v`` is an int and not a bool."""
    return isinstance(v, int) and not isinstance(v, bool)


def check_flag(name: str, v: Any) -> bool:
    """``v``, which must be True or False."""
    if not isinstance(v, bool):
        raise KonaneTypeError(f"{name} must be True or False, not {describe(v)}")
    return v


def check_progress(progress: Any) -> bool | None:
    """A ``progress=`` argument: None, True or False."""
    if progress is not None and not isinstance(progress, bool):
        raise KonaneTypeError(f"progress must be None, True or False, not {describe(progress)}")
    return progress


def check_count(name: str, v: Any, low: int = 0) -> int | None:
    """A count such as ``max_positions=``: None (no limit) or an int at least ``low``."""
    if v is None:
        return None
    if not is_int(v):
        raise KonaneTypeError(f"{name} must be None or an int, not {describe(v)}")
    if v < low:
        raise KonaneValueError(f"{name} must be at least {low}, not {v!r}")
    return int(v)


def check_seconds(name: str, t: Any) -> float | None:
    """A duration such as ``time=``: None (no limit) or a finite number of seconds above 0."""
    if t is None:
        return None
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        raise KonaneTypeError(f"{name} must be None or a number of seconds, not {describe(t)}")
    try:
        seconds = float(t)
    except OverflowError:
        raise KonaneValueError(f"{name} must be a finite number of seconds, not {t!r}") from None
    if not (math.isfinite(seconds) and seconds > 0):
        raise KonaneValueError(f"{name} must be a finite positive number of seconds, not {t!r}")
    return seconds
