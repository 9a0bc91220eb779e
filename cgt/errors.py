"""Exceptions raised by :mod:`cgt`: one tree, rooted at :class:`CGTError`.

Every error :mod:`cgt` raises is a :class:`CGTError`.  A wrong *type* of
argument raises a subclass of :class:`CGTTypeError` (so also a
:class:`TypeError`), a wrong *value* a subclass of :class:`CGTValueError` (so
also a :class:`ValueError`).  Callers that only care about "bad input" can
catch the built-in classes; callers that want to tell the library's errors from
their own catch :class:`CGTError`.  Messages name the problem and echo the
offending input with ``repr``.

The tree::

    CGTError
    +-- CGTTypeError (TypeError)
    |   +-- NotAGameError
    |   +-- InvalidIndexError
    +-- CGTValueError (ValueError)
    |   +-- GameParseError
    |   +-- NotDyadicError
    |   +-- NotANumberError
    |   +-- NotAtomicError
    |   +-- NotAPlayerError
    |   +-- NotImpartialError
    |   +-- InvalidTemperatureError
    |   +-- InvalidIdError
    |   +-- ClosedFormError
    |   +-- CGTOverflowError (OverflowError)
    +-- CGTMemoryError (MemoryError)
    +-- BackendError (ImportError)

and one warning, :class:`BackendWarning` (a :class:`UserWarning`): the native core is
not built and the pure-Python engine is used.

Examples
--------
>>> try:
...     cgt.nimber(-1)
... except ValueError as exc:
...     print(type(exc).__name__, isinstance(exc, cgt.CGTError))
CGTValueError True
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CGTError",
    "BackendWarning",
    "CGTTypeError",
    "CGTValueError",
    "NotAGameError",
    "GameParseError",
    "NotDyadicError",
    "NotANumberError",
    "NotAtomicError",
    "NotAPlayerError",
    "InvalidTemperatureError",
    "NotImpartialError",
    "InvalidIdError",
    "BackendError",
    "ClosedFormError",
    "InvalidIndexError",
    "CGTOverflowError",
    "CGTMemoryError",
]


class CGTError(Exception):
    """Base class of all errors raised by :mod:`cgt`."""

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt by calling the class with the message, then the attributes set: so every error
        # of the tree pickles the same way, also where it is a MemoryError or an OSError, and
        # also by picklers that take the exception apart (tblib's, which Dask uses to send a
        # job's error, and its __context__, to the client)
        return type(self), self.args, self.__dict__ or None


class CGTTypeError(CGTError, TypeError):
    """An argument has a type the function does not accept (``cgt.nimber("a")``, ``cgt.parse(3)``)."""


class CGTValueError(CGTError, ValueError):
    """An argument has an accepted type but a value the function does not accept (``cgt.nimber(-1)``)."""


class NotAGameError(CGTTypeError):
    """An object of a type that cannot be turned into a game (used for options and operands)."""


class GameParseError(CGTValueError):
    """A game notation string could not be read.

    Attributes
    ----------
    text : str or None
        The whole input.
    position : int
        Offset of the fault in ``text`` (0-based).
    """

    def __init__(self, message: str, text: str | None = None, position: int = 0) -> None:
        self.text = text
        self.position = position
        if text is not None:
            pointer = " " * position + "^"
            message = f"{message} at position {position} in {text!r}\n  {text}\n  {pointer}"
        super().__init__(message)


class NotDyadicError(CGTValueError):
    """A number is not a dyadic rational (its denominator is not a power of 2), or no number at all."""


class NotANumberError(CGTValueError):
    """An operation needs a number (a game equal to a dyadic rational)."""


class NotAtomicError(CGTValueError):
    """The atomic weight of a game is not defined."""


class NotAPlayerError(CGTValueError):
    """A player name is not one of ``"left"``/``"right"``/``"L"``/``"R"``."""


class InvalidTemperatureError(CGTValueError):
    """A temperature is out of range (cooling needs ``t > -1``, as in CGSuite; walls live on ``t >= -1``)."""


class NotImpartialError(CGTValueError):
    """An operation needs an impartial value (a nimber), and the game is not one."""


class InvalidIdError(CGTValueError):
    """An integer is not the id of a game in this process's table (see :mod:`cgt.ops`)."""


class BackendError(CGTError, ImportError):
    """The engine backend asked for (``KONANE_CGT_BACKEND``) is unknown or not built."""


class BackendWarning(UserWarning):
    """The native core is not built, so everything runs on the pure-Python engine.

    Issued once per process, when :mod:`cgt` is first imported, with the reason the
    native core could not be loaded and how to build it.  The values are the same;
    only the speed differs (15x to 45x slower, see ``benchmarks/README.md``).  Set
    ``KONANE_CGT_BACKEND=python`` to choose the pure-Python engine on purpose, which
    silences it.
    """


class ClosedFormError(CGTValueError):
    """A closed form cannot answer: an index outside its domain, or no way to compute values.

    Examples
    --------
    >>> from cgt.families import find_closed_form
    >>> conj = find_closed_form({n: cgt.number(n) for n in range(3, 9)})
    >>> conj(1)
    Traceback (most recent call last):
    ...
    cgt.errors.ClosedFormError: n = 1 is outside the domain of this closed form (n >= 3)
    """


class InvalidIndexError(CGTTypeError):
    """An index is not an ``int`` (or a tuple of as many ``int`` as the family has parameters).

    Examples
    --------
    >>> from cgt.families import find_closed_form
    >>> find_closed_form({0.5: cgt.zero})
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidIndexError: index 0.5 is not an int or a tuple of ints
    """


class CGTOverflowError(CGTValueError, OverflowError):
    """A value is beyond what the engine represents: an up multiple or a nimber past 64 bits
    in the native engine (numbers are exact at any size).  Never a silent wrap."""


class CGTMemoryError(CGTError, MemoryError):
    """A table of the native core could not grow: past the memory budget of the computation
    (the ``max_memory`` of a Konane computation, which ``konane`` reports as its
    :class:`konane.ComputationLimitError`), or refused by the system (the memory the process
    may use ran out).  The message says how many bytes were asked for; the tables are as
    they were before, so the next call works."""
