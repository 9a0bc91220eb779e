"""The exact value of a Konane position as a :class:`cgt.Game`, and its analysis.

``value(board)`` splits the board into independent regions
(:func:`konane.regions`), looks each region up in a cache
(:class:`konane.RegionCache`) under its normal form (the symmetries of the grid
and the colour swap, :meth:`konane.Board.normalized`), computes the missing
ones from their options, and adds the values up.  Inside a region, positions
whose capturing stones form one group are played out where they stand (memo on
the exact position, reduced by the region's own symmetries); only positions
that may split are decomposed again (see :doc:`docs/decomposition.md </decomposition>`).
Everything underneath works on bit masks and on the integer ids of
:mod:`cgt.ops`.
"""

from __future__ import annotations

import html
import warnings
from collections.abc import Iterator
from typing import Any

import cgt
from konane import cluster as on_cluster
from konane import svg
from konane._calls import describe, is_int, public
from konane._kernel import native
from konane._kernel.solver import value_id
from konane._progress import DEFAULT_MAX_MEMORY, MAX_THREADS, Progress, computation
from konane.board import BLACK, WHITE, Board, Color, as_board
from konane.cache import RegionCache, as_cache
from konane.decomposition import regions
from konane.errors import KonaneTypeError, KonaneValueError, OutOfReachWarning
from konane.moves import Move
from konane.rules import Rules, as_rules

__all__ = ["value", "analyze", "Analysis", "set_threads", "FAR_STONES", "FAR_KNOTS"]

FAR_STONES = {"native": 29, "python": 24}
"""The stones of a region from which :func:`value` warns that the value is likely out of
reach (:class:`konane.errors.OutOfReachWarning`), by solver.  Of the 70 positions of real 8x8
games in ``benchmarks/data/realgames.json`` (``benchmarks/results/``), the native solver
finished every region of 25 stones or fewer within 3 s, and 1 of the 11 regions of 29 stones
or more within 20 s (the others need minutes and gigabytes); the Python solver is about 60
times slower (the table of ``benchmarks/README.md``).  Regions less than 3 cells high or wide
are left out: the values of lines and of 2-row strips of 30 stones take a second or less."""

FAR_KNOTS = 5
"""The *knotted* stones (a stone with a stone beside it in its row and one in its column) a
region needs besides :data:`FAR_STONES` for :func:`value` to warn: the regions of real games
above have 7 or more; lines with a tail (Ernst's patterns) have 1, and the sparse random
10x10 regions of the tests, quick however many their stones, 4 or fewer."""


def _knotted(board: Board) -> int:
    """The stones with a stone beside them in their row and one in their column."""
    stones, stride = board.black_mask | board.white_mask, board.stride
    row = stones & ((stones << 1) | (stones >> 1))        # the guard column stops a row's wrap
    column = stones & ((stones << stride) | (stones >> stride))
    return (row & column).bit_count()

_KEPT = ("the values finished so far stay in this process's caches, so a call with a larger limit "
         "goes on from them. If the question is who wins, konane.outcome(board) and "
         "konane.solve(board, player) answer it by a search that needs no value and reaches much further")


def _no_player(what: str, to_move: Any) -> KonaneTypeError:
    return KonaneTypeError(
        f"konane.{what} takes no player to move (got {to_move!r}): a value does not depend on who "
        "moves first (> 0: Black wins whoever starts, < 0: White, 0: the second player, fuzzy with 0: "
        "the first player). To know who wins with a player to move, use konane.solve(board, player) "
        "(the winner and a winning move) or konane.outcome(board) (both players)")


def _warn_if_far(board: Board, cache: RegionCache | None, what: str, max_positions: Any, time: Any) -> None:
    """Warn (:class:`OutOfReachWarning`) before a value that is likely out of reach: one with a
    region with a move, at least 3 rows and 3 columns, :data:`FAR_KNOTS` knotted stones and
    :data:`FAR_STONES` stones or more, when no limit of work bounds the call."""
    if max_positions is not None or time is not None:
        return
    native_cache = cache is None or cache.path is not None
    solver = "native" if native_cache and native.takes(board.rows, board.cols) else "python"
    far = FAR_STONES[solver]
    if board.stone_count() < far:
        return
    sizes = [r.stone_count() for r in regions(board)
             if _knotted(r) >= FAR_KNOTS and min(r.crop().rows, r.crop().cols) >= 3
             and (r.can_move(BLACK) or r.can_move(WHITE))]
    if not sizes or max(sizes) < far:
        return
    where = "" if solver == "native" else " with the Python solver"
    warnings.warn(OutOfReachWarning(
        f"konane.{what}: a region of {max(sizes)} stones ({len(sizes)} region{'s' * (len(sizes) > 1)} in all); "
        f"values of regions of {far} stones or more{where} often take minutes and more memory than "
        "max_memory allows. If the question is who wins, konane.outcome(board) and "
        "konane.solve(board, player) answer it by a search that needs no value and reaches much further; "
        "max_positions= or time= bound this call (and leave this warning out)",
        stones=max(sizes), regions=len(sizes)), stacklevel=4)


def _value(board: Board, rules: Rules, cache: RegionCache | None, prog: Progress) -> cgt.Game:
    """The value of ``board`` (the native solver where it takes the board, with ``cache`` if given)."""
    return cgt.Game.from_id(value_id(board.key, rules, cache, prog))


@public
def value(board: Board | str, to_move: object = None, /, *, rules: Rules | None = None,
          cache: RegionCache | str | None = None, progress: bool | None = None,
          max_positions: int | None = None, max_memory: int | None = DEFAULT_MAX_MEMORY,
          time: float | None = None, cluster: Any = None, threads: int | None = None) -> cgt.Game:
    """The exact value of a Konane position, as a canonical :class:`cgt.Game`.

    Left is Black (``x``), Right is White (``o``).  The value does not depend on
    whose turn it is: ``> 0`` Black wins whoever starts, ``< 0`` White wins,
    ``== 0`` the second player wins, fuzzy with 0 the first player wins.

    Parameters
    ----------
    board : Board, Match or str
        A board, its picture (``"..ox"``, ``".ox./o..x/...."``), or a
        :class:`konane.Match` (its current board).
    to_move : None
        Not taken: a value has no player to move (it says who wins whoever
        starts).  Passing one raises :class:`konane.errors.KonaneTypeError`,
        which points to :func:`konane.solve` (who wins with a given player to
        move, and how) and :func:`konane.outcome`.
    rules : Rules, optional
        :data:`konane.STANDARD` (multi-jumps in a line, the default) or
        :data:`konane.SINGLE_JUMP`.
    cache : None, RegionCache or path, optional
        Where values of regions are kept.  None (the default): the tables of
        the native solver where the native core is built and takes the board
        (up to 128 cells with their guard column, such as 8x8 or 10x10), else
        one in-memory cache for the process (:func:`konane.default_cache`) of
        the Python solver.  A file name such as ``"konane-values.sqlite"`` (or
        a :class:`konane.RegionCache` with a file) keeps values across runs:
        the native solver is given the file's regions (once per file and
        process, and again after :meth:`konane.RegionCache.update`) and puts
        every region it values into it, also when a limit or Ctrl-C stops it,
        so that a later run on the same file goes on from them (a region is
        kept once its value is finished: a call stopped inside one large
        region keeps its smaller regions, not its positions); the file is the
        same for the Python solver.  A :class:`konane.RegionCache` in memory
        only is the Python solver's table (the reference).  Both solvers give
        the same values.
    progress : bool, optional
        Show a progress bar (tqdm) during long computations.  Default: on,
        unless turned off by :func:`konane.set_progress` or ``KONANE_PROGRESS=0``.
        The bar appears only once the computation has lasted a second; it
        shows the positions computed and the growth of the process's memory.
    max_positions : int, optional
        Stop with :class:`konane.ComputationLimitError` after computing more
        than this many positions (positions whose values are computed from
        their options).  Default: no limit.
    max_memory : int, optional
        Stop with :class:`konane.ComputationLimitError` rather than let the
        process grow by more than this many bytes during the call: the native
        solver's tables refuse a growth past it, and the resident memory is
        checked every few thousand positions.  Default: 4 GiB, or half the
        memory the process may use if less (the machine's, its cgroup's,
        ``RLIMIT_AS``: ``konane._progress.DEFAULT_MAX_MEMORY``), so that a
        value that cannot finish does not take a notebook's machine down;
        ``None`` for no limit (an allocation the system refuses is still the
        limit error, never a crash).
    time : float, optional
        Stop with :class:`konane.ComputationLimitError` after this many
        seconds (checked every few thousand positions).  Default: no limit.
    cluster : dask.distributed.Client, str or konane.cluster.Cluster, optional
        Compute on this Dask cluster (:mod:`konane.cluster`): the driver
        expands the top moves of each large region, the workers value the
        positions below them (with ``cache=`` as their value cache when it is
        a file, which the workers must then be able to reach), and the driver
        combines the values.  ``max_positions`` then counts jobs, and
        ``max_memory`` bounds each job on its worker too: a job that would grow
        its worker past it stops the call with the limit's error (its finished
        regions kept in ``cache``), rather than the worker being killed for it.
    threads : int, optional
        The threads of the native value solver (at least 1: the walk over the
        positions, their valuation on a second, helpers walking beside the
        first on the others, see :func:`konane.set_threads`).  Default: the
        setting of :func:`konane.set_threads`, else at most two.  The value
        does not depend on it.

    Returns
    -------
    cgt.Game

    Raises
    ------
    BoardTypeError, RulesTypeError, CacheTypeError, KonaneTypeError
        If ``board``, ``rules``, ``cache`` or ``progress`` has the wrong type,
        or a player to move is given.
    BoardParseError
        If ``board`` is a picture that cannot be read.
    CacheFileError
        If ``cache`` names a file that is not a value cache.
    ComputationLimitError
        If ``max_positions``, ``max_memory`` or ``time`` is reached.  The caches
        keep only finished values, so the next call works (and repeating this
        one with a larger limit in the same process reuses the work finished so
        far).  The message points to :func:`konane.outcome` and :func:`konane.solve`.

    Warns
    -----
    OutOfReachWarning
        Before computing, without ``max_positions`` or ``time``, when a region
        has :data:`FAR_STONES` stones or more: such values often take minutes
        and more than ``max_memory``; :func:`konane.outcome` and
        :func:`konane.solve` say who wins by search, much further.

    Examples
    --------
    Known values (Ernst 1995; the cgt-tools test suite):

    >>> konane.value("..ox"), konane.value(".ox."), konane.value(".ox./o..x/....")
    (cgt.parse('1'), cgt.parse('*'), cgt.parse('+-1'))
    >>> konane.value(".xoxox.")          # 5 alternating stones: -2
    cgt.parse('-2')
    >>> konane.value("....oxxoox..oxxxxo....")
    cgt.parse('3/2')
    >>> konane.value("..ox", "x")
    Traceback (most recent call last):
    ...
    konane.errors.KonaneTypeError: konane.value takes no player to move (got 'x'): a value does not depend ...

    Notes
    -----
    ``value(b) == sum(value(r) for r in konane.regions(b))``; swapping colours
    negates the value and the 8 symmetries of the grid keep it.  Interrupting
    with Ctrl-C leaves the caches consistent: they only ever receive finished
    values.  Threads may call it at once: the native solver works with the
    GIL released (other Python threads run meanwhile), one computation at a
    time, so concurrent calls wait in turn.
    """
    if to_move is not None:
        raise _no_player("value", to_move)
    b, r = as_board(board), as_rules(rules)
    c = None if cache is None else as_cache(cache)
    if cluster is not None:
        on = on_cluster.as_cluster(cluster, threads)
        with computation("konane.value", desc="konane values", unit=" jobs", progress=progress,
                         max_positions=max_positions, max_memory=max_memory, time=time, threads=threads,
                         kept=_KEPT, threshold=1) as prog:
            return on_cluster.value(list(regions(b)), r, on, c, prog, value, value_job)
    with computation("konane.value", desc="konane values", progress=progress, max_positions=max_positions,
                     max_memory=max_memory, time=time, threads=threads, kept=_KEPT) as prog:
        _warn_if_far(b, c, "value", max_positions, time)
        return _value(b, r, c, prog)


def value_job(position: tuple[int, int, int, int, int], rules: Rules, cache: str | None, threads: int = 1,
              max_memory: int | None = None) -> str:
    """A job of :func:`value` on a cluster (:mod:`konane.cluster`), run by a worker: the value of
    ``position`` (:attr:`konane.Board.key`), with the value cache ``cache`` (a file name) if
    given, written out (:func:`cgt.parse` reads it back), the solver on ``threads`` threads,
    stopped with :class:`konane.ComputationLimitError` rather than let the worker grow by more
    than ``max_memory`` bytes (None: no limit).

    Examples
    --------
    >>> konane.values.value_job(konane.Board("..ox/xo..").key, konane.STANDARD, None)
    '2'
    """
    return str(value(Board.from_masks(*position), rules=rules, cache=cache, max_memory=max_memory, threads=threads))


@public
def set_threads(n: int | None) -> None:
    """Let the native computations of this process use ``n`` threads; ``None``: the default.

    The win/loss search (:func:`konane.solve`, :func:`konane.outcome`, the
    players' exact search) runs on ``n`` threads sharing its tables (parallel
    df-pn with virtual proof numbers, Kaneko 2010).  The value solver has two
    halves: the walk over the positions (moves, symmetries, regions, its
    tables) on the calling thread while a second thread makes their canonical
    forms, each position after its options (on the 5x6 start about two thirds
    of the time of one thread); it brings in the second once it has computed
    4096 positions, so small values never pay for starting a thread
    (``konane.cache_info()["native"]["piped"]`` counts the computations that
    did).  With ``n`` of 3 or more, ``n - 2`` helpers then walk beside the
    first walk, the same positions with the options of each in other orders,
    sharing its tables, so each finds there what the others have computed
    (lazy SMP); their records go to the one thread of canonical forms.  By
    default the value solver takes at most two threads (more were measured
    on two processors only, where they gain nothing), and more when asked
    for, here or by a call's ``threads=``.  The searches' default is every
    processor this process may run on
    (``konane._kernel.native.default_threads``).  A call's own ``threads=``
    (:func:`konane.solve`, :func:`konane.outcome`, :func:`konane.value`) wins
    over this setting.  The answers, and the ids of :mod:`cgt.ops`, are the
    same whatever the threads; the positions a search counts are not (several
    threads search some positions twice).  The Python solver (no native core,
    a board it does not take, or an in-memory :class:`konane.RegionCache`)
    always runs in one thread.

    Parameters
    ----------
    n : int or None
        From 1 to ``konane._progress.MAX_THREADS`` (1024), or None for the default.

    Raises
    ------
    KonaneTypeError
        If ``n`` is not an int or None.
    KonaneValueError
        If ``n`` is below 1 or above 1024.

    Examples
    --------
    >>> konane.set_threads(1)
    >>> konane.value("xoxox/oxoxo/xo..x/oxoxo")     # 18 stones, one thread
    cgt.parse('1')
    >>> konane.set_threads(4)                       # the search and values on 4
    >>> konane.solve("xoxox/oxoxo/xo..x/oxoxo", "x").winner
    konane.BLACK
    >>> konane.set_threads(None)                    # every processor
    """
    if n is not None and not is_int(n):
        raise KonaneTypeError(f"set_threads takes None or an int, not {describe(n)}")
    if n is not None and not 1 <= n <= MAX_THREADS:
        raise KonaneValueError(f"set_threads takes 1 to {MAX_THREADS} threads, not {n!r}")
    native.set_threads(n)


# ---------------------------------------------------------------- analysis

class Analysis:
    """The result of :func:`analyze`: regions, their values, and the winning moves.

    Attributes
    ----------
    board : Board
    value : cgt.Game
        The value of the whole position (the sum of the region values).
    regions : list of (Board, cgt.Game)
        The independent regions with moves, and their values.
    winning_moves : dict
        ``{BLACK: [...], WHITE: [...]}``: the moves after which the mover wins
        with best play (for Black: options of value ``>= 0``; for White: ``<= 0``).
    rules : Rules
        The rules of the analysis.
    """

    def __init__(self, board: Board, value: cgt.Game, regions: list[tuple[Board, cgt.Game]],
                 winning_moves: dict[Color, list[Move]], rules: Rules) -> None:
        self.board = board
        self.value = value
        self.regions = regions
        self.winning_moves = winning_moves
        self.rules = rules

    @property
    def outcome(self) -> cgt.Outcome:
        """The outcome class of the whole position."""
        return self.value.outcome

    def _region_rows(self) -> Iterator[tuple[Board, cgt.Game, Any]]:
        for region, v in self.regions:
            try:
                temp = v.temperature
            except Exception:  # analysis helpers unavailable
                temp = None
            yield region, v, temp

    def __repr__(self) -> str:
        lines = [f"Konane position, value {self.value} ({self.outcome.value})"]
        for i, (region, v, temp) in enumerate(self._region_rows(), 1):
            squares = ", ".join(region.square_name(rc) for rc in sorted(region.stones(BLACK)) +
                                sorted(region.stones(WHITE)))
            lines.append(f"  region {i}: value {v}, temperature {temp}, stones {squares}")
        for who in (BLACK, WHITE):
            moves = " ".join(str(m) for m in self.winning_moves[who]) or "none"
            lines.append(f"  winning moves for {who.long_name} to move: {moves}")
        return "\n".join(lines)

    def _repr_html_(self) -> str | None:
        """The board, the value and outcome, the winning moves, and a compact table of
        the regions, each drawn cropped to its cells (squares keep their names), with
        values in Unicode (``±1``, ``↑``, ``∗``); everything left-aligned."""
        try:
            cell = 'style="text-align:left;vertical-align:middle;padding:2px 10px 2px 0"'
            head = 'style="text-align:left;padding:2px 10px 2px 0"'
            rows = []
            for i, (region, v, temp) in enumerate(self._region_rows(), 1):
                pic = svg.board(region, size=26, crop=True)
                rows.append(
                    f"<tr><td {cell}>{i}</td><td {cell}>{pic}</td>"
                    f"<td {cell}>{html.escape(svg.value_text(v))}</td>"
                    f"<td {cell}>{html.escape(str(temp))}</td>"
                    f"<td {cell}>{v.outcome.value}</td></tr>")
            moves = "; ".join(
                f"{html.escape(who.long_name)} "
                f"{html.escape(', '.join(str(m) for m in self.winning_moves[who]) or 'none')}"
                for who in (BLACK, WHITE))
            table = ""
            if rows:
                table = (f'<table style="margin:6px 0 0 0;border-collapse:collapse">'
                         f"<tr><th {head}>#</th><th {head}>region</th><th {head}>value</th>"
                         f"<th {head}>temperature</th><th {head}>outcome</th></tr>{''.join(rows)}</table>")
            outcome = self.outcome.value
            return (
                '<div class="konane-analysis" style="text-align:left;display:flex;flex-wrap:wrap;'
                'gap:16px;align-items:flex-start">'
                f"<div>{svg.board(self.board, size=30)}</div>"
                '<div style="text-align:left">'
                f"<div><b>value</b> {html.escape(svg.value_text(self.value))} &nbsp; "
                f"<b>outcome</b> {outcome} ({svg.OUTCOME_WORDS[outcome]})</div>"
                f"<div><b>winning moves</b> {moves}</div>{table}</div></div>")
        except Exception:  # a display hook must never raise
            return None


@public
def analyze(board: Board | str, to_move: object = None, /, *, rules: Rules | None = None,
            cache: RegionCache | str | None = None, progress: bool | None = None,
            max_positions: int | None = None, max_memory: int | None = DEFAULT_MAX_MEMORY,
            time: float | None = None) -> Analysis:
    """Analyze a position: its regions with their values and the winning moves.

    Parameters
    ----------
    board, to_move, rules, cache, progress, max_positions, max_memory, time
        As for :func:`value` (no player to move: the winning moves are given
        for both); the limits hold for the whole analysis (the value, the
        regions and the options).

    Returns
    -------
    Analysis
        With ``value``, ``regions`` (list of ``(region board, value)``),
        ``outcome`` and ``winning_moves`` for each player (the moves whose
        resulting position is a win for the player who made them).

    Raises
    ------
    BoardTypeError, RulesTypeError, CacheTypeError, BoardParseError, CacheFileError, ComputationLimitError
        As for :func:`value`.

    Examples
    --------
    >>> a = konane.analyze(".ox./o..x/....")
    >>> a.value, a.outcome
    (cgt.parse('+-1'), <Outcome.N: 'N'>)
    >>> [str(m) for m in a.winning_moves[konane.BLACK]], [str(m) for m in a.winning_moves[konane.WHITE]]
    (['c3-a3'], ['b3-d3'])
    """
    if to_move is not None:
        raise _no_player("analyze", to_move)
    b, r = as_board(board), as_rules(rules)
    c = None if cache is None else as_cache(cache)
    with computation("konane.analyze", desc="konane values", progress=progress, max_positions=max_positions,
                     max_memory=max_memory, time=time, kept=_KEPT) as prog:
        _warn_if_far(b, c, "analyze", max_positions, time)
        total = _value(b, r, c, prog)
        parts = [(reg, _value(reg, r, c, prog)) for reg in regions(b)]
        wins: dict[Color, list[Move]] = {}
        for who in (BLACK, WHITE):
            good = []
            for move, after in b.move_options(who, r):
                v = _value(after, r, c, prog)
                if (v >= 0) if who is BLACK else (v <= 0):
                    good.append(move)
            wins[who] = good
    return Analysis(b, total, parts, wins, r)
