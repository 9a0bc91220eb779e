"""Exact combinatorial game theory of short partizan games.

Every game is kept in canonical form and stored once, so equality is instant.

>>> import cgt
>>> cgt.parse("{0|^*5}")
cgt.parse('^^*4')
>>> g = cgt.pm(1) + 3
>>> g, g.left_options, g.outcome
(cgt.parse('{4|2}'), (cgt.parse('4'),), <Outcome.L: 'L'>)
>>> cgt.thermograph(g).temperature
Fraction(1, 1)

The modules, from the bottom up (each imports only those above it in this list):

* :mod:`cgt.errors` -- the exceptions; :mod:`cgt.outcome` -- players and outcomes;
* :mod:`cgt.ops` -- the engine on integer ids (the pure-Python backend or the native one);
* :mod:`cgt.notation` (text and LaTeX of ids), :mod:`cgt.thermography`
  (:class:`Thermograph`, :class:`Trajectory`) and the private id-level analysis kernels;
* :mod:`cgt.shortgame` -- :class:`Game`, :func:`parse`, :func:`as_game`;
* :mod:`cgt.values` -- :func:`game`, :func:`number`, :func:`nimber`, ... and the constants;
* :mod:`cgt.analysis`, :mod:`cgt.impartial`, :mod:`cgt.graph` -- functions on games;
  :mod:`cgt.display` -- :func:`games_row`, several games shown as one row.
"""

from __future__ import annotations

from . import (
    _kernels,
    analysis,
    display,
    errors,
    families,
    graph,
    impartial,
    notation,
    ops,
    outcome,
    shortgame,
    thermography,
    values,
)
from .analysis import thermograph
from .display import GamesRow, games_row
from .errors import (
    BackendError,
    CGTError,
    CGTMemoryError,
    CGTOverflowError,
    CGTTypeError,
    CGTValueError,
    ClosedFormError,
    GameParseError,
    InvalidIdError,
    InvalidIndexError,
    InvalidTemperatureError,
    NotAGameError,
    NotANumberError,
    NotAPlayerError,
    NotAtomicError,
    NotDyadicError,
    NotImpartialError,
)
from .families import ClosedForm, find_closed_form
from .impartial import GrundySolver, grundy, mex
from .outcome import LEFT, RIGHT, Outcome, Player
from .shortgame import ConfusionInterval, Game, as_game, parse, to_dyadic
from .thermography import Thermograph, Trajectory
from .values import down, game, miny, nimber, number, one, pm, star, switch, tiny, up, up_multiple, zero

__all__ = [
    # games: parsing, constructors, analysis functions
    "parse", "as_game", "to_dyadic", "game", "number", "nimber", "up_multiple", "switch", "pm", "tiny", "miny",
    "thermograph", "grundy", "mex", "find_closed_form", "games_row", "clear_caches", "cache_info",
    # classes and constants
    "Game", "Thermograph", "Trajectory", "ConfusionInterval", "GrundySolver", "ClosedForm", "GamesRow",
    "Player", "Outcome", "LEFT", "RIGHT", "zero", "one", "star", "up", "down", "backend",
    # modules
    "analysis", "display", "errors", "families", "graph", "impartial", "notation", "ops", "outcome", "thermography",
    "values",
    # errors
    "CGTError", "CGTTypeError", "CGTValueError", "GameParseError", "NotDyadicError", "NotANumberError",
    "NotAGameError", "NotAtomicError", "NotAPlayerError", "InvalidTemperatureError", "NotImpartialError",
    "InvalidIdError", "BackendError", "ClosedFormError", "InvalidIndexError", "CGTOverflowError",
    "CGTMemoryError",
]

def __dir__() -> list[str]:
    """The public names (``__all__``): no private modules, no typing helpers."""
    return sorted(__all__)


backend: str = ops.BACKEND
"""The active engine backend (``"python"`` or ``"native"``), see :mod:`cgt.ops`."""

__version__ = "0.1.0"


def clear_caches() -> None:
    """Empty every cache of :mod:`cgt`: the engine's, the notation's and the analysis'.

    The table of canonical forms is kept (live games and ids refer to it), so
    ids stay valid; only memoized results (sums, comparisons, thermographs,
    atomic weights, texts, ...) are forgotten.  This is the one way to clear
    caches: :func:`cgt.ops.clear_caches` is the engine's part of it.

    >>> cgt.clear_caches(); cgt.cache_info()["add"]
    0
    """
    ops.clear_caches()
    notation._clear_caches()
    shortgame._clear_parsed()
    _kernels._clear_caches()
    families._clear_caches()


def cache_info() -> dict[str, int]:
    """Sizes of the table of canonical forms and of every cache that :func:`clear_caches` empties.

    The keys of :func:`cgt.ops.cache_info` (``"games"``, the table; ``"add"``,
    ``"leq"``, ... the engine's caches; ``"limit"``), plus ``"notation"`` (the
    memoized texts), ``"parsed"`` (the texts :func:`cgt.parse` remembers),
    ``"thermographs"`` and ``"analysis"`` (the other memoized analysis results,
    all together).

    >>> info = cgt.cache_info(); info["games"] > 0 and "leq" in info and "thermographs" in info
    True
    """
    info = dict(ops.cache_info())
    info["notation"] = notation._cache_size()
    info["parsed"] = shortgame._parsed_size()
    info.update(_kernels._cache_sizes())
    return info
