"""Exceptions raised by :mod:`cgt`.

Every error about bad input is a subclass of :class:`ValueError`, so callers
that only care about "bad value" can catch that, and every message echoes the
offending input with ``repr``.
"""

__all__ = [
    "CGTError",
    "GameParseError",
    "NotDyadicError",
    "NotANumberError",
    "NotAGameError",
    "NotAtomicError",
    "NotAPlayerError",
    "InvalidTemperatureError",
    "NotImpartialError",
    "BackendError",
    "InvalidIdError",
]


class CGTError(Exception):
    """Base class of all errors raised by :mod:`cgt`."""


class GameParseError(CGTError, ValueError):
    """A game notation string could not be read.

    Attributes
    ----------
    text : str
        The whole input.
    position : int
        Offset of the fault in ``text`` (0-based).
    """

    def __init__(self, message, text=None, position=0):
        self.text = text
        self.position = position
        if text is not None:
            pointer = " " * position + "^"
            message = f"{message} at position {position} in {text!r}\n  {text}\n  {pointer}"
        super().__init__(message)


class NotDyadicError(CGTError, ValueError):
    """A number is not a dyadic rational (its denominator is not a power of 2)."""


class NotANumberError(CGTError, ValueError):
    """An operation needs a number (a game equal to a dyadic rational)."""


class NotAGameError(CGTError, ValueError):
    """An object cannot be turned into a game (used for options and operands)."""


class NotAtomicError(CGTError, ValueError):
    """The atomic weight of a game is not defined."""


class NotAPlayerError(CGTError, ValueError):
    """A player name is not one of Left/Right (or Black ``x`` / White ``o``)."""


class InvalidTemperatureError(CGTError, ValueError):
    """A temperature is out of range (cooling needs ``t > -1``, as in CGSuite)."""


class NotImpartialError(CGTError, ValueError):
    """An operation needs an impartial value (a nimber), and the game is not one."""


class BackendError(CGTError, ImportError):
    """The engine backend asked for (``KONANE_CGT_BACKEND``) is unknown or not built."""


class InvalidIdError(CGTError, ValueError):
    """An integer is not the id of a game in this process's table (see :mod:`cgt.ops`)."""
