"""Displays of several games at once, for notebooks and terminals.

A Python ``list`` of games shows in Jupyter as a list of reprs
(``[cgt.parse('^'), cgt.parse('*')]``): a list cannot have a display hook of its
own.  :func:`games_row` wraps the games in a :class:`GamesRow`, a read-only
sequence of :class:`cgt.Game` that Jupyter shows as one row (with optional
labels above the values; HTML with Unicode signs, and LaTeX for the front ends
that prefer it) and IPython's terminal as ``[^, *]``.

Examples
--------
>>> import cgt
>>> row = cgt.games_row([cgt.up, cgt.star, cgt.pm(1)])
>>> row
cgt.games_row([cgt.parse('^'), cgt.parse('*'), cgt.parse('+-1')])
>>> str(row), len(row), row[1]
('^, *, +-1', 3, cgt.parse('*'))
>>> row._repr_latex_()
'$\\\\displaystyle \\\\uparrow,\\\\quad \\\\ast,\\\\quad \\\\pm 1$'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from ._deep import deep
from .errors import CGTTypeError, CGTValueError
from .notation import UNICODE, format_game, latex_game
from .shortgame import Game, as_game

__all__ = ["GamesRow", "games_row"]

# characters that LaTeX's \text{} (and MathJax's) cannot take as they are, written in math mode
_LATEX_SPECIAL = {
    "\\": r"\backslash ", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
    "%": r"\%", "_": r"\_", "^": r"\hat{}", "~": r"\sim ",
}


def _latex_text(label: str) -> str:
    """``label`` as LaTeX math: plain runs in ``\\text{...}``, special characters as symbols."""
    out: list[str] = []
    run: list[str] = []
    for ch in label:
        if ch in _LATEX_SPECIAL:
            if run:
                out.append(r"\text{" + "".join(run) + "}")
                run = []
            out.append(_LATEX_SPECIAL[ch])
        else:
            run.append(ch)
    if run:
        out.append(r"\text{" + "".join(run) + "}")
    return "".join(out) or r"\text{}"


def _describe(obj: object) -> str:
    return f"{obj!r} ({type(obj).__name__})"


class GamesRow(Sequence[Game]):
    """A read-only sequence of games that displays as one row.

    Build it with :func:`games_row`.  It is a :class:`collections.abc.Sequence`
    of :class:`cgt.Game` (``len``, indexing, slicing, iteration, ``in``);
    a slice is a :class:`GamesRow` again, with its labels.

    Jupyter shows it as one row (``_repr_html_``, the values in Unicode, which an
    HTML export keeps readable offline; ``_repr_latex_`` for LaTeX front ends and
    the documentation site): the values separated by commas, or, with labels, a
    two-line table with the labels above the values.  IPython's terminal shows ``[^, *, +-1]`` (``_repr_pretty_``), with
    ``label: value`` items when there are labels; ``repr`` is the call that
    builds it again.

    Attributes
    ----------
    games : tuple of Game
        The games, in order.
    labels : tuple of str, or None
        One label per game, or None.
    """

    __slots__ = ("_games", "_labels")

    def __init__(self, games: Iterable[Any], labels: Iterable[str] | None = None) -> None:
        if isinstance(games, (str, bytes, Game)) or not isinstance(games, Iterable):
            raise CGTTypeError(f"games must be an iterable of games, not {_describe(games)}")
        self._games: tuple[Game, ...] = tuple(as_game(g) for g in games)
        if labels is None:
            self._labels: tuple[str, ...] | None = None
            return
        if isinstance(labels, (str, bytes)) or not isinstance(labels, Iterable):
            raise CGTTypeError(f"labels must be None or an iterable of str, not {_describe(labels)}")
        names = tuple(labels)
        for name in names:
            if not isinstance(name, str):
                raise CGTTypeError(f"each label must be a str, not {_describe(name)}")
        if len(names) != len(self._games):
            raise CGTValueError(f"got {len(names)} labels for {len(self._games)} games: "
                                "expected one label per game")
        self._labels = names

    @property
    def games(self) -> tuple[Game, ...]:
        """The games, in order."""
        return self._games

    @property
    def labels(self) -> tuple[str, ...] | None:
        """The labels, one per game, or None."""
        return self._labels

    # ------------------------------------------------------------ sequence
    def __len__(self) -> int:
        return len(self._games)

    def __iter__(self) -> Iterator[Game]:
        return iter(self._games)

    @overload
    def __getitem__(self, index: int) -> Game: ...

    @overload
    def __getitem__(self, index: slice) -> GamesRow: ...

    def __getitem__(self, index: int | slice) -> Game | GamesRow:
        if isinstance(index, slice):
            labels = None if self._labels is None else self._labels[index]
            return GamesRow(self._games[index], labels)
        if not isinstance(index, int) or isinstance(index, bool):
            raise CGTTypeError(f"a GamesRow index must be an int or a slice, not {_describe(index)}")
        return self._games[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GamesRow):
            return self._games == other._games and self._labels == other._labels
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._games, self._labels))

    # ------------------------------------------------------------ text
    def _items(self) -> list[str]:
        if self._labels is None:
            return [str(g) for g in self._games]
        return [f"{name}: {g}" for name, g in zip(self._labels, self._games, strict=True)]

    def __str__(self) -> str:
        return ", ".join(self._items())

    def __repr__(self) -> str:
        games = "[" + ", ".join(repr(g) for g in self._games) + "]"
        if self._labels is None:
            return f"cgt.games_row({games})"
        return f"cgt.games_row({games}, labels={list(self._labels)!r})"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """IPython's terminal: ``[^, *, +-1]`` (or ``[a: ^, b: *]``), wrapped when long."""
        items = self._items()
        p.begin_group(1, "[")
        for i, item in enumerate(items):
            if i:
                p.text(",")
                p.breakable()
            p.text(item)
        p.end_group(1, "]")

    def latex(self) -> str:
        """The row as LaTeX math, without the ``$`` delimiters.

        Returns
        -------
        str
            The values separated by ``,\\quad``; with labels, an ``array`` of
            two rows, the labels (in ``\\text{}``) above the values.

        Examples
        --------
        >>> cgt.games_row([cgt.zero, cgt.star], labels=["a_1", "b"]).latex()
        '\\\\begin{array}{cc}\\\\text{a}\\\\_\\\\text{1} & \\\\text{b} \\\\\\\\ 0 & \\\\ast \\\\end{array}'
        >>> cgt.games_row([]).latex()
        '\\\\text{(no games)}'
        """
        if not self._games:
            return r"\text{(no games)}"
        values = [deep(latex_game, g.id) for g in self._games]
        if self._labels is None:
            return r",\quad ".join(values)
        heads = [_latex_text(name) for name in self._labels]
        return (r"\begin{array}{" + "c" * len(values) + "}" + " & ".join(heads) + r" \\ "
                + " & ".join(values) + r" \end{array}")

    def _repr_latex_(self) -> str | None:
        try:
            return "$\\displaystyle " + self.latex() + "$"
        except Exception:  # a display hook must never raise
            return None

    def _repr_html_(self) -> str | None:
        """The row as HTML, the values in Unicode (``↑∗``, ``±1``); with labels, a table of two
        rows, the labels above the values.

        >>> cgt.games_row([cgt.up, cgt.star])._repr_html_()
        '<span class="cgt-games">↑,&emsp;∗</span>'
        """
        try:
            values = [html.escape(deep(format_game, g.id, UNICODE)) for g in self._games]
            if not self._games:
                return '<span class="cgt-games">(no games)</span>'
            if self._labels is None:
                return '<span class="cgt-games">' + ",&emsp;".join(values) + "</span>"
            cell = 'style="text-align:center;padding:0 0.8em"'
            heads = "".join(f"<th {cell}>{html.escape(name)}</th>" for name in self._labels)
            row = "".join(f"<td {cell}>{v}</td>" for v in values)
            return f'<table class="cgt-games"><tr>{heads}</tr><tr>{row}</tr></table>'
        except Exception:  # a display hook must never raise
            return None


def games_row(games: Iterable[Any], labels: Iterable[str] | None = None) -> GamesRow:
    """Several games shown as one row: ``[konane.value(b) for b in boards]`` made readable.

    Parameters
    ----------
    games : iterable of Game
        The games; numbers and other values :func:`cgt.as_game` takes are
        converted.
    labels : iterable of str, optional
        One label per game, shown above its value in LaTeX and as
        ``label: value`` in text.

    Returns
    -------
    GamesRow
        A read-only sequence of the games, with ``_repr_html_`` (the values in
        Unicode), ``_repr_latex_`` (one ``$\\displaystyle ...$`` row) and
        ``_repr_pretty_``.

    Raises
    ------
    CGTTypeError
        If ``games`` is not an iterable (a ``str`` or a single game is not
        taken), or ``labels`` is not None or an iterable of str.
    NotAGameError
        If an item of ``games`` is not a game or a number.
    CGTValueError
        If the number of labels is not the number of games.

    Examples
    --------
    >>> row = cgt.games_row([cgt.pm(1), 2, cgt.up + cgt.star], labels=["a", "b", "c"])
    >>> print(row)
    a: +-1, b: 2, c: ^*
    >>> list(row) == [cgt.pm(1), cgt.number(2), cgt.up + cgt.star], row[1:].labels
    (True, ('b', 'c'))
    >>> cgt.games_row([cgt.up], labels=["a", "b"])
    Traceback (most recent call last):
    ...
    cgt.errors.CGTValueError: got 2 labels for 1 games: expected one label per game
    """
    return GamesRow(games, labels)
