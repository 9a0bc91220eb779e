"""Exact combinatorial game theory of short partizan games.

Every game is kept in canonical form and stored once, so equality is instant.

>>> import cgt
>>> cgt.parse("{0|^*5}")
cgt.parse('^^*4')
>>> g = cgt.pm(1) + 3
>>> g, g.left_options, g.outcome
(cgt.parse('{4|2}'), (cgt.parse('4'),), <Outcome.L: 'L'>)
"""

from . import _core
from .errors import (
    CGTError, GameParseError, NotAGameError, NotANumberError, NotAPlayerError, NotAtomicError,
    NotDyadicError,
)
from .errors import InvalidTemperatureError, NotImpartialError
from . import graph, ops
from .game import Game, as_game, to_dyadic
from .notation import parse
from .outcome import LEFT, RIGHT, Outcome, Player
from .values import down, game, miny, nimber, number, one, pm, star, switch, tiny, up, up_multiple, zero
from .thermograph import Thermograph, Trajectory
from .impartial import GrundySolver, grundy, mex
from . import analysis

__all__ = [
    "Game", "parse", "game", "number", "nimber", "up_multiple", "switch", "pm", "tiny", "miny",
    "zero", "one", "star", "up", "down", "as_game", "to_dyadic",
    "Player", "Outcome", "LEFT", "RIGHT",
    "CGTError", "GameParseError", "NotDyadicError", "NotANumberError", "NotAGameError",
    "NotAtomicError", "NotAPlayerError",
    "clear_caches", "cache_info",
    "Thermograph", "Trajectory", "grundy", "GrundySolver", "mex", "analysis",
    "InvalidTemperatureError", "NotImpartialError", "ops", "backend",
]

backend: str = ops.BACKEND
"""The active engine backend (``"python"`` or ``"native"``), see :mod:`cgt.ops`."""

__version__ = "0.1.0"


def clear_caches():
    """Empty the memo caches of sums, negation, comparison, birthday and stops.

    The table of canonical forms is kept (live games refer to it); the caches
    of :mod:`cgt.analysis` (thermographs, atomic weights, ...) are emptied too.

    >>> cgt.clear_caches(); cgt.cache_info()["add"]
    0
    """
    import sys
    from .notation import _STR
    _core.clear_caches()
    _STR.clear()
    analysis = sys.modules.get("cgt.analysis")   # only if it was ever used
    if analysis is not None:
        analysis.clear_caches()


def cache_info():
    """Sizes of the table of canonical forms and of the memo caches.

    >>> info = cgt.cache_info(); info["games"] > 0 and "leq" in info
    True
    """
    return _core.cache_info()
