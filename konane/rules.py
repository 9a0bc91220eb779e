"""Rule variants of Konane as a small immutable object.

A :class:`Rules` value is passed explicitly (``rules=``) to every function
whose answer depends on the variant; there is no global flag.  Who moves first
is deliberately *not* part of :class:`Rules`: it is a setting of a played game
(:class:`konane.Match`, argument ``first``) and never influences the value of a
position.

Examples
--------
>>> konane.STANDARD
konane.Rules(multi_jump=True, opening='standard')
>>> konane.SINGLE_JUMP.multi_jump
False
>>> konane.Rules.parse(str(konane.SINGLE_JUMP)) == konane.SINGLE_JUMP
True
"""

from __future__ import annotations

from dataclasses import dataclass

from konane.errors import BoardParseError

__all__ = ["Rules", "STANDARD", "SINGLE_JUMP", "OPENINGS"]

#: The accepted values of :attr:`Rules.opening`.
OPENINGS = ("standard", "any")


@dataclass(frozen=True, slots=True)
class Rules:
    """A Konane rule variant.

    Parameters
    ----------
    multi_jump : bool, default True
        If true (the traditional rule) a stone may keep jumping in the same
        direction, and each landing cell is a separate move.  If false only
        single jumps are legal.
    opening : {"standard", "any"}, default "standard"
        The rule for the first removal of a :class:`konane.Match` opening.
        ``"standard"``: the first player removes one of its own stones from
        the centre or from a corner of the grid (see
        :func:`konane.match.removals`).  ``"any"``: any of its own stones.
        In both cases the second removal must be a stone of the other player
        orthogonally adjacent to the first hole.

    Raises
    ------
    ValueError
        If ``opening`` is not one of :data:`OPENINGS` or ``multi_jump`` is
        not a bool.

    Examples
    --------
    >>> konane.Rules(multi_jump=False)
    konane.Rules(multi_jump=False, opening='standard')
    >>> konane.Rules(opening="centre")
    Traceback (most recent call last):
    ...
    ValueError: unknown opening rule 'centre': expected one of ('standard', 'any')
    """

    multi_jump: bool = True
    opening: str = "standard"

    def __post_init__(self) -> None:
        if not isinstance(self.multi_jump, bool):
            raise ValueError(f"multi_jump must be True or False, got {self.multi_jump!r}")
        if self.opening not in OPENINGS:
            raise ValueError(f"unknown opening rule {self.opening!r}: expected one of {OPENINGS}")

    def __repr__(self) -> str:
        return f"konane.Rules(multi_jump={self.multi_jump!r}, opening={self.opening!r})"

    def __str__(self) -> str:
        return f"multi_jump={'true' if self.multi_jump else 'false'} opening={self.opening}"

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """Read the ``str()`` form, ``"multi_jump=true opening=standard"``.

        Missing keys take their defaults.

        Parameters
        ----------
        text : str
            Space-separated ``key=value`` pairs.

        Returns
        -------
        Rules

        Raises
        ------
        BoardParseError
            If a pair is malformed, a key is unknown or a value is invalid.

        Examples
        --------
        >>> konane.Rules.parse("multi_jump=false")
        konane.Rules(multi_jump=False, opening='standard')
        """
        kwargs: dict[str, object] = {}
        for item in text.split():
            key, sep, value = item.partition("=")
            if not sep:
                raise BoardParseError(f"invalid rules item {item!r} in {text!r}: expected key=value")
            if key == "multi_jump":
                if value.lower() not in ("true", "false"):
                    raise BoardParseError(f"invalid multi_jump value {value!r} in {text!r}")
                kwargs[key] = value.lower() == "true"
            elif key == "opening":
                kwargs[key] = value
            else:
                raise BoardParseError(f"unknown rules key {key!r} in {text!r}")
        try:
            return cls(**kwargs)  # type: ignore[arg-type]
        except ValueError as exc:
            raise BoardParseError(f"invalid rules {text!r}: {exc}") from None


#: The traditional rules: multi-jumps in a straight line, standard opening.
STANDARD = Rules()
#: The variant in which every move is a single jump.
SINGLE_JUMP = Rules(multi_jump=False)
