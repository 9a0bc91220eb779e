"""Players and outcome classes."""

import enum

__all__ = ["Player", "Outcome", "LEFT", "RIGHT"]


class Player(enum.Enum):
    """The two players of a partizan game. Left is Black (``x``), Right is White (``o``)."""

    LEFT = "left"
    RIGHT = "right"

    @property
    def opponent(self):
        """The other player."""
        return Player.RIGHT if self is Player.LEFT else Player.LEFT

    @classmethod
    def coerce(cls, value):
        """Turn ``value`` into a :class:`Player`.

        Accepts a :class:`Player`, ``"left"``/``"right"`` (any case), ``"L"``/``"R"``,
        and the Konane colours ``"x"`` (Black = Left) and ``"o"`` (White = Right).

        >>> Player.coerce("x"), Player.coerce("Right")
        (<Player.LEFT: 'left'>, <Player.RIGHT: 'right'>)
        """
        from .errors import NotAPlayerError

        if isinstance(value, cls):
            return value
        key = getattr(value, "value", value)
        if isinstance(key, str):
            k = key.strip().lower()
            if k in ("left", "l", "x", "black", "b"):
                return cls.LEFT
            if k in ("right", "r", "o", "white", "w"):
                return cls.RIGHT
        raise NotAPlayerError(
            f"unknown player {value!r}: use 'left'/'right', 'x' (Black = Left) or 'o' (White = Right)")


LEFT = Player.LEFT
RIGHT = Player.RIGHT


class Outcome(enum.Enum):
    """Outcome class of a game: who wins under normal play.

    ``P``: the previous player (second player) wins, G = 0.
    ``N``: the next player (first player) wins, G || 0.
    ``L``: Left wins whoever starts, G > 0.
    ``R``: Right wins whoever starts, G < 0.
    """

    P = "P"
    N = "N"
    L = "L"
    R = "R"

    def __str__(self):
        return self.value
