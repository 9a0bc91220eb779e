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
"""

from konane.errors import (
    BoardParseError,
    IllegalMoveError,
    InvalidMoveError,
    KonaneError,
    OpeningError,
)
from konane.board import BLACK, WHITE, Board, Color, as_color, parse_square, square_name
from konane.rules import SINGLE_JUMP, STANDARD, Rules
from konane.moves import Move
from konane.match import Match

from konane.regions import regions
from konane.values import Analysis, RegionCache, analyse, set_progress, value
from konane import census     # the module: konane.census.census(rows, cols)

__all__ = [
    "KonaneError",
    "BoardParseError",
    "InvalidMoveError",
    "IllegalMoveError",
    "OpeningError",
    "Color",
    "BLACK",
    "WHITE",
    "as_color",
    "Board",
    "parse_square",
    "square_name",
    "Rules",
    "STANDARD",
    "SINGLE_JUMP",
    "Move",
    "Match",
    "regions",
    "value",
    "analyse",
    "Analysis",
    "RegionCache",
    "set_progress",
    "census",
]
