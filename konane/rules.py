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
from typing import Any

from konane._calls import describe
from konane.errors import RulesError, RulesTypeError

__all__ = ["Rules", "STANDARD", "SINGLE_JUMP", "OPENINGS", "as_rules"]

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
    RulesTypeError
        If ``multi_jump`` is not a bool or ``opening`` not a str.
    RulesError
        If ``opening`` is not one of :data:`OPENINGS`.

    Examples
    --------
    >>> konane.Rules(multi_jump=False)
    konane.Rules(multi_jump=False, opening='standard')
    >>> konane.Rules(opening="centre")
    Traceback (most recent call last):
    ...
    konane.errors.RulesError: unknown opening rule 'centre': expected one of ('standard', 'any')
    """

    multi_jump: bool = True
    opening: str = "standard"

    def __post_init__(self) -> None:
        if not isinstance(self.multi_jump, bool):
            raise RulesTypeError(f"multi_jump must be True or False, not {describe(self.multi_jump)}")
        if not isinstance(self.opening, str):
            raise RulesTypeError(f"opening must be a str, one of {OPENINGS}, not {describe(self.opening)}")
        if self.opening not in OPENINGS:
            raise RulesError(f"unknown opening rule {self.opening!r}: expected one of {OPENINGS}")

    def __repr__(self) -> str:
        return f"konane.Rules(multi_jump={self.multi_jump!r}, opening={self.opening!r})"

    def __str__(self) -> str:
        return f"multi_jump={'true' if self.multi_jump else 'false'} opening={self.opening}"

    @classmethod
    def parse(cls, text: str) -> Rules:
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
        RulesTypeError
            If ``text`` is not a str.
        RulesError
            If a pair is malformed, a key is unknown or a value is invalid.

        Examples
        --------
        >>> konane.Rules.parse("multi_jump=false")
        konane.Rules(multi_jump=False, opening='standard')
        """
        if not isinstance(text, str):
            raise RulesTypeError(f"Rules.parse() takes a str, not {describe(text)}")
        kwargs: dict[str, Any] = {}
        for item in text.split():
            key, sep, value = item.partition("=")
            if not sep:
                raise RulesError(f"invalid rules item {item!r} in {text!r}: expected key=value")
            if key == "multi_jump":
                if value.lower() not in ("true", "false"):
                    raise RulesError(f"invalid multi_jump value {value!r} in {text!r}")
                kwargs[key] = value.lower() == "true"
            elif key == "opening":
                kwargs[key] = value
            else:
                raise RulesError(f"unknown rules key {key!r} in {text!r}")
        try:
            return cls(**kwargs)
        except RulesError as exc:
            raise RulesError(f"invalid rules {text!r}: {exc}") from None


#: The traditional rules: multi-jumps in a straight line, standard opening.
STANDARD = Rules()
#: The variant in which every move is a single jump.
SINGLE_JUMP = Rules(multi_jump=False)


def as_rules(rules: Any) -> Rules:
    """``rules`` checked: ``None`` means :data:`STANDARD`; anything but a
    :class:`Rules` is a :class:`~konane.errors.RulesTypeError`.

    This is how every function of :mod:`konane` with a ``rules`` argument reads it.

    Examples
    --------
    >>> from konane.rules import as_rules
    >>> as_rules(None) is konane.STANDARD
    True
    >>> as_rules("single")
    Traceback (most recent call last):
    ...
    konane.errors.RulesTypeError: rules must be a konane.Rules such as konane.STANDARD ..., not 'single' (str)
    """
    if rules is None:
        return STANDARD
    if isinstance(rules, Rules):
        return rules
    raise RulesTypeError("rules must be a konane.Rules such as konane.STANDARD or konane.SINGLE_JUMP, "
                         f"not {describe(rules)}")
