"""Konane: the rules engine and, built on :mod:`cgt`, the values of positions.

Left = Black = ``x``, Right = White = ``o``, empty = ``.``, no cell = space
or ``#``.

Examples
--------
>>> b = konane.Board("..xo.ox")
>>> [str(m) for m in b.legal_moves("x")]
['c1-e1', 'g1-e1']
>>> b.options("o")
[konane.Board('.o...ox')]
>>> konane.value(b), konane.BLACK.player
(cgt.parse('0'), <Player.LEFT: 'left'>)
"""

from typing import TYPE_CHECKING, Any

from konane._progress import set_progress
from konane.board import BLACK, WHITE, Board, Color, as_board, as_color
from konane.cache import RegionCache, cache_info, clear_caches, default_cache
from konane.censuses import Census, census
from konane.decomposition import regions
from konane.errors import (
    BoardParseError,
    BoardTypeError,
    CacheFileError,
    CacheTypeError,
    CensusError,
    CensusFileError,
    CensusTypeError,
    ComputationLimitError,
    FamilyError,
    FamilyTypeError,
    IllegalMoveError,
    InvalidMoveError,
    KonaneError,
    KonaneTypeError,
    KonaneValueError,
    MoveTypeError,
    OpeningError,
    PlayerError,
    PlayerTypeError,
    RulesError,
    RulesTypeError,
    SearchError,
    SearchTypeError,
)
from konane.finding import Hit, find
from konane.match import Match
from konane.moves import Move
from konane.players import Choice, best_move, choose_move
from konane.rules import SINGLE_JUMP, STANDARD, Rules
from konane.solving import Solution, outcome, solve
from konane.squares import parse_square, square_name
from konane.values import Analysis, analyze, set_threads, value

if TYPE_CHECKING:
    from konane.widget import BoardWidget as BoardWidget


def __getattr__(name: str) -> Any:
    """``konane.BoardWidget``, imported on first use: it needs the optional ``anywidget``."""
    if name == "BoardWidget":
        try:
            from konane.widget import BoardWidget
        except ImportError as exc:
            if exc.name not in ("anywidget", "traitlets", "ipywidgets"):
                raise
            raise ModuleNotFoundError(
                f"konane.BoardWidget needs the optional package {exc.name!r}, which is not installed: "
                "pip install 'konane-cgt[notebook]' (or pip install anywidget)", name=exc.name) from None
        return BoardWidget
    raise AttributeError(f"module 'konane' has no attribute {name!r}")

__all__ = [
    "KonaneError",
    "KonaneTypeError",
    "KonaneValueError",
    "BoardTypeError",
    "MoveTypeError",
    "PlayerTypeError",
    "RulesTypeError",
    "CacheTypeError",
    "CensusTypeError",
    "FamilyTypeError",
    "BoardParseError",
    "InvalidMoveError",
    "IllegalMoveError",
    "OpeningError",
    "PlayerError",
    "RulesError",
    "CacheFileError",
    "CensusError",
    "CensusFileError",
    "SearchTypeError",
    "SearchError",
    "FamilyError",
    "ComputationLimitError",
    "Color",
    "BLACK",
    "WHITE",
    "as_color",
    "Board",
    "as_board",
    "parse_square",
    "square_name",
    "Rules",
    "STANDARD",
    "SINGLE_JUMP",
    "Move",
    "Match",
    "best_move",
    "choose_move",
    "Choice",
    "regions",
    "value",
    "analyze",
    "Analysis",
    "RegionCache",
    "default_cache",
    "clear_caches",
    "cache_info",
    "set_progress",
    "set_threads",
    "census",
    "Census",
    "find",
    "Hit",
    "outcome",
    "solve",
    "Solution",
]
# konane.BoardWidget (below) is left out of __all__: it needs the optional anywidget, and
# ``from konane import *`` must work without it.
