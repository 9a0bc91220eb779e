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

from konane import errors as errors  # konane.errors: the whole tree of exceptions
from konane._progress import set_progress
from konane.board import BLACK, WHITE, Board, Color, as_board, as_color
from konane.cache import RegionCache, cache_info, clear_caches, default_cache
from konane.censuses import Census, census
from konane.certificates import CertificateReport, join_certificates, negate_certificate, verify_certificate
from konane.decomposition import regions
from konane.errors import (
    BoardParseError,
    CacheFileError,
    CensusFileError,
    CertificateError,
    ClusterError,
    ComputationLimitError,
    IllegalMoveError,
    InvalidMoveError,
    KonaneError,
    MatchFileError,
    OpeningError,
)
from konane.families import Family
from konane.finding import Hit, find
from konane.match import Match
from konane.moves import Move
from konane.players import Choice, best_move, choose_move
from konane.rules import SINGLE_JUMP, STANDARD, Rules
from konane.solving import Solution, outcome, solve
from konane.squares import parse_square, square_name
from konane.values import Analysis, analyze, set_threads, value

__all__ = [
    # functions: values and who wins, players, every position of a board, finding by value
    "value", "analyze", "regions", "outcome", "solve", "verify_certificate", "join_certificates",
    "negate_certificate", "best_move", "choose_move", "census", "find",
    # functions: reading positions, caches, progress, threads
    "as_board", "as_color", "parse_square", "square_name",
    "cache_info", "clear_caches", "default_cache", "set_progress", "set_threads",
    # classes
    "Board", "Color", "Move", "Rules", "Match", "Analysis", "Solution", "CertificateReport", "Choice", "Census",
    "Family", "Hit", "RegionCache",
    # constants
    "BLACK", "WHITE", "STANDARD", "SINGLE_JUMP",
    # the errors that say what went wrong (the whole tree is in konane.errors)
    "KonaneError", "BoardParseError", "InvalidMoveError", "IllegalMoveError", "OpeningError",
    "ComputationLimitError", "MatchFileError", "CacheFileError", "CensusFileError", "CertificateError",
    "ClusterError",
]
# konane.BoardWidget (below) is left out of __all__: it needs the optional anywidget, and
# ``from konane import *`` must work without it.

#: The public submodules that ``import konane`` imports, listed by ``dir(konane)`` beside
#: ``__all__`` (``konane.cli`` and ``konane.widget`` are imported on purpose).
_MODULES = ["board", "cache", "censuses", "cluster", "certificates", "decomposition", "errors", "families", "finding",
            "match", "moves", "players", "rules", "solving", "squares", "svg", "values"]


def __getattr__(name: str) -> object:
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


def __dir__() -> list[str]:
    """The public names: ``__all__``, ``BoardWidget`` and the public submodules (no private
    modules, no typing helpers)."""
    return sorted({*__all__, "BoardWidget", *_MODULES})
