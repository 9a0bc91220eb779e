"""Players and outcome classes."""

from __future__ import annotations

import enum
from typing import Any

from .errors import CGTTypeError, NotAPlayerError

__all__ = ["Player", "Outcome", "LEFT", "RIGHT"]

_NAMES: dict[str, str] = {"left": "left", "l": "left", "right": "right", "r": "right"}


class Player(enum.Enum):
    """The two players of a partizan game: Left and Right.

    >>> cgt.Player("left") is cgt.LEFT, cgt.Player.coerce("R")
    (True, <Player.RIGHT: 'right'>)
    """

    LEFT = "left"
    RIGHT = "right"

    @property
    def opponent(self) -> Player:
        """The other player.

        >>> cgt.LEFT.opponent
        <Player.RIGHT: 'right'>
        """
        return Player.RIGHT if self is Player.LEFT else Player.LEFT

    @classmethod
    def coerce(cls, value: Player | str) -> Player:
        """Turn ``value`` into a :class:`Player`.

        Parameters
        ----------
        value : Player or str
            A :class:`Player`, or ``"left"``/``"right"``/``"L"``/``"R"`` in any case.

        Returns
        -------
        Player

        Raises
        ------
        CGTTypeError
            If ``value`` is neither a :class:`Player` nor a string.
        NotAPlayerError
            If the string names no player.

        Examples
        --------
        >>> cgt.Player.coerce("L"), cgt.Player.coerce("Right")
        (<Player.LEFT: 'left'>, <Player.RIGHT: 'right'>)
        >>> cgt.Player.coerce("x")
        Traceback (most recent call last):
        ...
        cgt.errors.NotAPlayerError: unknown player 'x': use 'left' or 'right' ('L' or 'R'), or cgt.LEFT / cgt.RIGHT
        """
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise CGTTypeError(f"a player is a cgt.Player or a string, not {type(value).__name__}: {value!r}")
        name = _NAMES.get(value.strip().lower())
        if name is None:
            raise NotAPlayerError(
                f"unknown player {value!r}: use 'left' or 'right' ('L' or 'R'), or cgt.LEFT / cgt.RIGHT")
        return cls(name)


LEFT = Player.LEFT
RIGHT = Player.RIGHT


class Outcome(enum.Enum):
    """Outcome class of a game: who wins under normal play.

    ``P``: the previous player (second player) wins, G = 0.
    ``N``: the next player (first player) wins, G || 0.
    ``L``: Left wins whoever starts, G > 0.
    ``R``: Right wins whoever starts, G < 0.

    >>> [str(g.outcome) for g in (cgt.zero, cgt.star, cgt.up, cgt.down)]
    ['P', 'N', 'L', 'R']
    """

    P = "P"
    N = "N"
    L = "L"
    R = "R"

    def __str__(self) -> str:
        return self.value


def _outcome_pretty(self: Outcome, p: Any, cycle: bool) -> None:
    """IPython shows an outcome as its letter (``N``), also inside lists; ``repr``
    stays ``<Outcome.N: 'N'>``."""
    p.text(self.value)


# set after the class: Enum reserves _sunder_ names in a class body
setattr(Outcome, "_repr_pretty_", _outcome_pretty)  # noqa: B010
