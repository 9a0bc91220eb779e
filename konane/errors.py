"""Exception hierarchy of :mod:`konane`.

Every exception raised on purpose by :mod:`konane` derives from
:class:`KonaneError`.  An argument of the wrong *type* raises a subclass of
:class:`KonaneTypeError` (also a :class:`TypeError`); an argument of the right
type with a bad *value* raises a subclass of :class:`KonaneValueError` (also
a :class:`ValueError`).  So ``except ValueError`` and ``except TypeError`` keep
working for callers that do not care about the kind of mistake.

=========================  ====================================================
``KonaneError``            base class of every error of this package
``KonaneTypeError``        an argument of the wrong type (base class)
``BoardTypeError``         not a board, a board picture or a board size
``MoveTypeError``          not a move or move notation
``PlayerTypeError``        not a player designation
``RulesTypeError``         ``rules`` is not a :class:`konane.Rules`
``CacheTypeError``         ``cache`` is not a cache or a file path
``CensusTypeError``        a census size or position code is not an int
``FamilyTypeError``        a family's function or index is not what it should be
``KonaneValueError``       an argument of the right type, but a bad value (base)
``BoardParseError``        a board picture, board size or saved match is bad
``MatchFileError``         a file that is not a match record (unreadable, not text)
``InvalidMoveError``       a move or square is not valid *notation*
``IllegalMoveError``       a well-formed move is not legal in this position
``OpeningError``           a removal (or a capture) that breaks the opening rule
``PlayerError``            a string that names no player
``RulesError``             a rule variant that does not exist
``CacheFileError``         a file that is not a value cache of this library
``CertificateError``       a certificate that is not one, or whose proof does not hold
``CensusError``            a census too big, or a position not in the census
``CensusFileError``        a file that is not a census saved by :meth:`konane.Census.save`
``SearchTypeError``        an argument of :func:`konane.find` of the wrong type
``SearchError``            an argument of :func:`konane.find` with a bad value
``FamilyError``            a member of a :class:`konane.families.Family` cannot be built
``ComputationLimitError``  a computation reached ``max_positions`` or ``max_memory``
                           (also a :class:`RuntimeError`)
``ClusterError``           the Dask cluster of ``cluster=`` cannot be used (also a
                           :class:`RuntimeError`)
=========================  ====================================================

Two warnings, not errors (both :class:`UserWarning`): :class:`OutOfReachWarning`,
given before a value that is likely out of reach is computed, and
:class:`NoClosedFormWarning`, which says why a family has no closed form.

Messages echo the offending input with ``!r``; :class:`IllegalMoveError`
messages also name the legal moves and show the board, labelled.

Examples
--------
>>> from konane.errors import IllegalMoveError, KonaneError
>>> issubclass(IllegalMoveError, ValueError) and issubclass(IllegalMoveError, KonaneError)
True
>>> issubclass(konane.errors.RulesTypeError, TypeError)
True
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "KonaneError",
    "KonaneTypeError",
    "BoardTypeError",
    "MoveTypeError",
    "PlayerTypeError",
    "RulesTypeError",
    "CacheTypeError",
    "CensusTypeError",
    "FamilyTypeError",
    "KonaneValueError",
    "BoardParseError",
    "InvalidMoveError",
    "IllegalMoveError",
    "OpeningError",
    "PlayerError",
    "RulesError",
    "MatchFileError",
    "CacheFileError",
    "CertificateError",
    "CensusError",
    "CensusFileError",
    "SearchTypeError",
    "SearchError",
    "FamilyError",
    "ComputationLimitError",
    "ClusterError",
    "OutOfReachWarning",
    "NoClosedFormWarning",
]


class KonaneError(Exception):
    """Base class of every error raised by :mod:`konane`."""

    def __reduce__(self) -> tuple[Any, ...]:
        # as cgt.CGTError's: the class called with the message, then the attributes set (a
        # job's error reaches a Dask client whole, its limit and counts included)
        return type(self), self.args, self.__dict__ or None


# ---------------------------------------------------------------- wrong types


class KonaneTypeError(KonaneError, TypeError):
    """Base class of the errors for an argument of the wrong type."""


class BoardTypeError(KonaneTypeError):
    """A board was expected (a :class:`konane.Board` or its picture string), or a
    board size is not an int.

    Examples
    --------
    >>> konane.value(123)
    Traceback (most recent call last):
    ...
    konane.errors.BoardTypeError: expected a konane.Board or a picture string, not 123 (int)
    """


class MoveTypeError(KonaneTypeError):
    """A move was expected: a :class:`konane.Move` or its notation (a ``str``).

    Examples
    --------
    >>> konane.Board("xo.").play(3)
    Traceback (most recent call last):
    ...
    konane.errors.MoveTypeError: expected a konane.Move or move notation such as 'c3-e3', not 3 (int)
    """


class PlayerTypeError(KonaneTypeError):
    """A player was expected: :data:`konane.BLACK`, :data:`konane.WHITE`, a name
    such as ``"x"`` or ``"white"``, or a :class:`cgt.Player`.

    Examples
    --------
    >>> konane.as_color(1)
    Traceback (most recent call last):
    ...
    konane.errors.PlayerTypeError: expected a player such as 'x' (Black, Left) or 'o' (White, Right), not 1 (int)
    """


class RulesTypeError(KonaneTypeError):
    """The ``rules`` argument is not a :class:`konane.Rules` (or a field of
    :class:`konane.Rules` has the wrong type).

    Examples
    --------
    >>> konane.value("..ox", rules="single")
    Traceback (most recent call last):
    ...
    konane.errors.RulesTypeError: rules must be a konane.Rules such as konane.STANDARD ..., not 'single' (str)
    """


class CacheTypeError(KonaneTypeError):
    """The ``cache`` argument is not ``None``, a :class:`konane.RegionCache` or a path.

    Examples
    --------
    >>> konane.value("..ox", cache=42)
    Traceback (most recent call last):
    ...
    konane.errors.CacheTypeError: cache must be None, a konane.RegionCache or a file path, not 42 (int)
    """


class CensusTypeError(KonaneTypeError):
    """A census size or a position code is not an int.

    Examples
    --------
    >>> konane.census("3", 4)
    Traceback (most recent call last):
    ...
    konane.errors.CensusTypeError: census('3', 4): rows must be an int, not '3' (str)
    """


# ---------------------------------------------------------------- bad values


class KonaneValueError(KonaneError, ValueError):
    """Base class of the errors for an argument of the right type but a bad value.

    Raised directly for values without a class of their own, such as a
    symmetry number outside ``range(8)``.
    """


class BoardParseError(KonaneValueError):
    """A board picture, a board size or a saved match file cannot be read.

    Examples
    --------
    >>> konane.Board("x.q")
    Traceback (most recent call last):
    ...
    konane.errors.BoardParseError: unknown character 'q' at row 0, column 2 in board picture 'x.q' ...
    """


class InvalidMoveError(KonaneValueError):
    """A move or a square name is not valid notation.

    Raised before any position is consulted: ``"c3-d4"`` (not a straight line),
    ``"c3-c4"`` (an odd distance), ``"z"`` (no rank), ...

    Examples
    --------
    >>> konane.Move.parse("c3-d4", rows=8)
    Traceback (most recent call last):
    ...
    konane.errors.InvalidMoveError: invalid move 'c3-d4': a capture must stay on one row or one column
    """


class IllegalMoveError(KonaneValueError):
    """A well-formed move that is not legal in the given position.

    The message names the move, gives the reason, names the legal moves and
    shows the board with its file letters and rank numbers.

    Examples
    --------
    >>> konane.Board("xo.").play("b1-d1")
    Traceback (most recent call last):
    ...
    konane.errors.InvalidMoveError: invalid move 'b1-d1': square 'd1' is beyond the 3 files of the grid
    >>> konane.Board("xoo.").play("a1-c1")
    Traceback (most recent call last):
    ...
    konane.errors.IllegalMoveError: illegal move 'a1-c1': c1 is not an empty cell of the board
    legal moves: Black none; White none
    1 x o o .
      a b c d
    """


class OpeningError(IllegalMoveError):
    """A ply that breaks the opening rule of a :class:`konane.Match`.

    For example a first removal outside the centre and the corners, a second
    removal that is not orthogonally adjacent to the first hole, or a capture
    played while a removal is due.

    Examples
    --------
    >>> konane.Match(konane.Board.start(4)).push("b1")
    Traceback (most recent call last):
    ...
    konane.errors.OpeningError: illegal move 'b1': Black must remove one of its own stones
    legal removals for Black (to move): a1, b2, c3, d4
    4 o x o x
    3 x o x o
    2 o x o x
    1 x o x o
      a b c d
    """


class PlayerError(KonaneValueError):
    """A string that names no player.

    Examples
    --------
    >>> konane.as_color("red")
    Traceback (most recent call last):
    ...
    konane.errors.PlayerError: unknown player 'red': use 'x' (Black, Left) or 'o' (White, Right)
    """


class RulesError(KonaneValueError):
    """A rule variant that does not exist (an unknown opening rule, a malformed
    ``str()`` form of :class:`konane.Rules`).

    Examples
    --------
    >>> konane.Rules(opening="centre")
    Traceback (most recent call last):
    ...
    konane.errors.RulesError: unknown opening rule 'centre': expected one of ('standard', 'any')
    """


class MatchFileError(BoardParseError):
    """A file that :meth:`konane.Match.load` cannot read: missing, a folder, not UTF-8 text,
    or not a match record.

    Examples
    --------
    >>> konane.Match.load("no-such-match.txt")
    Traceback (most recent call last):
    ...
    konane.errors.MatchFileError: cannot load a match from 'no-such-match.txt': No such file or directory
    """


class CacheFileError(KonaneValueError):
    """A value cache file cannot be used (not a cache made by this library, or
    not a database at all)."""


class CertificateError(KonaneValueError):
    """A certificate (:func:`konane.verify_certificate`) that is not one, was changed after it
    was written, or whose proof does not hold at a node (the message names the first one).

    Examples
    --------
    >>> konane.verify_certificate("no-such.cert")
    Traceback (most recent call last):
    ...
    konane.errors.CertificateError: cannot read the certificate 'no-such.cert': No such file or directory
    """


class CensusError(KonaneValueError):
    """A census cannot be made for these arguments, or a position is not one of the census.

    Examples
    --------
    >>> konane.census(5, 5)
    Traceback (most recent call last):
    ...
    konane.errors.CensusError: census(5, 5): a 5x5 board has 25 cells, 2**25 positions; at most 24 cells ...
    """


class CensusFileError(CensusError):
    """A file that :meth:`konane.Census.load` cannot read: missing, not an SQLite
    database, or a database that is not a census saved by :meth:`konane.Census.save`.

    Examples
    --------
    >>> konane.Census.load("no-such-census.sqlite")
    Traceback (most recent call last):
    ...
    konane.errors.CensusFileError: cannot load a census from 'no-such-census.sqlite': no such file
    """


class SearchTypeError(KonaneTypeError):
    """An argument of :func:`konane.find` (or of a census lookup) has the wrong type.

    Examples
    --------
    >>> next(konane.find("*2", shape=8))
    Traceback (most recent call last):
    ...
    konane.errors.SearchTypeError: shape must be None or a (rows, cols) pair of ints, not 8 (int)
    """


class SearchError(KonaneValueError):
    """An argument of :func:`konane.find` (or of a census lookup) has a bad value,
    such as an unknown relation.

    Examples
    --------
    >>> next(konane.find("*2", relation="~"))
    Traceback (most recent call last):
    ...
    konane.errors.SearchError: unknown relation '~': expected one of '=', '>=', '<=', '>', '<', '||'
    """


class FamilyError(KonaneValueError):
    """A member of a family cannot be built: its picture cannot be read.

    The :class:`konane.BoardParseError` is chained as the cause.

    Examples
    --------
    >>> from konane.families import Family
    >>> Family(lambda n: "x" * n + "q").board(2)
    Traceback (most recent call last):
    ...
    konane.errors.FamilyError: the picture for n = 2 cannot be read: unknown character 'q' ...
    """


class FamilyTypeError(KonaneTypeError):
    """A family's function returned something other than a board, or an index is malformed.

    Examples
    --------
    >>> from konane.families import Family
    >>> Family(lambda n: 3).board(1)
    Traceback (most recent call last):
    ...
    konane.errors.FamilyTypeError: the function returned 3 for n = 1: expected a konane.Board or a picture
    >>> Family(lambda a, b: "x" * a + "o" * b).board(1)
    Traceback (most recent call last):
    ...
    konane.errors.FamilyTypeError: index 1 has 1 parameter(s), expected 2 (a, b)
    """


# ---------------------------------------------------------------- limits


class ComputationLimitError(KonaneError, RuntimeError):
    """A computation stopped at a limit: ``max_positions``, ``max_memory`` or ``time``.

    Raised by :func:`konane.value` and :func:`konane.analyze`.  The message
    names what was reached and how to raise the limit.  The caches only hold
    finished values, so they stay valid: the next computation works, and
    repeating this one with a larger limit reuses what was finished.

    Attributes
    ----------
    positions : int
        Positions computed when the computation stopped.
    memory : int
        Growth of the process's resident memory, in bytes, at that moment.
    limit : str
        ``"max_positions"``, ``"max_memory"`` or ``"time"`` (the ``time=`` budget of
        :func:`konane.solve` and :func:`konane.outcome`): the limit that was reached.

    Examples
    --------
    >>> konane.value("oxoxo/xoxox/o..xo/xoxox", max_positions=100, cache=konane.RegionCache())
    Traceback (most recent call last):
    ...
    konane.errors.ComputationLimitError: konane.value stopped after 4,096 positions: the limit is max_positions=100 ...
    """

    def __init__(self, message: str, *, positions: int = 0, memory: int = 0, limit: str = "") -> None:
        super().__init__(message)
        self.positions = positions
        self.memory = memory
        self.limit = limit


class ClusterError(KonaneError, RuntimeError):
    """The Dask cluster given as ``cluster=`` (:mod:`konane.cluster`) cannot be used: a closed
    client, a scheduler that does not answer, Dask not installed, or a job that failed on every
    worker it was given to.  The results proved before the error stay in the call's ``cache=``
    file, so the same call goes on from them once the cluster works.

    Examples
    --------
    >>> konane.solve("..ox/xo..", "x", cluster="tcp://127.0.0.1:9")   # doctest: +SKIP
    Traceback (most recent call last):
    ...
    konane.errors.ClusterError: no Dask scheduler answered at 'tcp://127.0.0.1:9' within 10 s ...
    """


class OutOfReachWarning(UserWarning):
    """A value that is likely out of reach, said before it is computed.

    :func:`konane.value` and :func:`konane.analyze` give it, without a
    ``max_positions`` or ``time`` limit, for a position with a dense region of
    many stones (:data:`konane.values.FAR_STONES` and
    :data:`konane.values.FAR_KNOTS`, from the benchmarks of real 8x8 games);
    the computation then goes on.  The message
    points to :func:`konane.outcome` and :func:`konane.solve`, which answer
    "who wins?" by a search that reaches much further.

    Attributes
    ----------
    stones : int
        Stones of the largest region.
    regions : int
        Regions with moves.
    """

    def __init__(self, message: str, *, stones: int = 0, regions: int = 0) -> None:
        super().__init__(message)
        self.stones = stones
        self.regions = regions


class NoClosedFormWarning(UserWarning):
    """Why :meth:`konane.families.Family.conjecture` found no closed form (it returns None).

    The reason is one of :func:`cgt.families.why_no_closed_form`'s: too few
    values, values that keep growing or changing shape, values of one shape
    whose numbers are not affine, or no period within the range the data can
    test.

    Attributes
    ----------
    reason : str
        The reason, one sentence.
    """

    def __init__(self, message: str, *, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason


def describe(obj: object) -> str:
    """``repr(obj)`` and its type name, for messages about wrong types."""
    return f"{obj!r} ({type(obj).__name__})"
