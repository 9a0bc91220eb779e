"""Command line interface: ``konane`` (or ``python -m konane``).

Subcommands:

``konane``
    With no subcommand: print the values of a built-in list of small Konane
    positions (picture, canonical value, outcome class).
``konane value BOARD``
    The same for one board.
``konane outcome BOARD``
    Who wins with either player to move (L, R, N or P), by search: it
    reaches positions whose value is out of reach (:func:`konane.outcome`).
``konane solve BOARD [--to-move x] [--all]``
    The winner with ``x`` (or ``o``; both without ``--to-move``) to move,
    and a winning move (every one with ``--all``), by search
    (:func:`konane.solve`).
``konane show BOARD``
    Print the picture with file letters and rank numbers.
``konane moves BOARD --player x``
    List the legal moves of a player, one per line, then their number.
``konane play [--size 6x6] [--human x|o|none] [--level N] [--seed N] [--hint-time S]``
    Play against the computer in the terminal (moves read from stdin).  The
    computer's level (see :data:`konane.players.LEVELS`): 0 plays at random,
    1 is the one-ply greedy player (the most own moves minus the opponent's
    after its move; the default), 2, 3 and 4 are the strong player
    (:func:`konane.best_move`: a proved win when its search finds one, else
    the best move of an alpha-beta search) with 0.1, 1 and 5 seconds a move.
    ``--opponent random`` and ``--opponent greedy`` are levels 0 and 1.
    Type ``hint`` for the strong player's suggestion (``--hint-time``
    seconds, default 1), ``moves`` for the legal moves, ``undo``, ``quit``.
    The board is shown once a turn, the last move in brackets.
``konane cache info FILE...`` and ``konane cache merge INTO FROM... [--min-work N]``
    What a cache file (``--cache FILE``) holds; and the rows of other cache
    files added to ``INTO`` (made if missing), each row checked first
    (:meth:`konane.RegionCache.update`): ``--min-work`` leaves out the
    search's results that took fewer positions.
``konane --version``
    The version, and whether the native core is used.

``BOARD`` is a picture with rows separated by ``/`` (``"x.o./.ox."``; quote
it for the shell), or a size ``RxC`` such as ``6x6`` for the full starting
board (Black on a1), where nobody can move until the two opening removals
are made: give them after a colon, Black's then White's, ``6x6:d4,d3``.

``value``, ``outcome`` and ``solve`` take ``--max-memory SIZE`` (how much the
process's memory may grow: bytes, or with a unit, ``512M``, ``8G``; ``none`` for
no limit; default 4G, or half the machine's memory if less) and ``--time
SECONDS``.  Ctrl-C stops a command with the line ``konane: interrupted``.
Exit status: 0 done, 1 a limit reached, 2 bad input, 130 interrupted.

Examples
--------
>>> from konane.cli import main
>>> main(["moves", "xo.o.", "--player", "x"])
a1-c1
a1-e1
2 moves for Black (x)
0
>>> main(["solve", ".ox./o..x/....", "--to-move", "x"])
3 . o x .
2 o . . x
1 . . . .
  a b c d
Black (x) to move: Black wins, by c3-a3 (a winning move; --all gives every one)
0
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import shlex
import sys
import time as _time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import cgt
from konane._progress import DEFAULT_MAX_MEMORY
from konane.board import BLACK, WHITE, Board, Color, as_color
from konane.cache import RegionCache
from konane.errors import (
    CacheFileError,
    ComputationLimitError,
    IllegalMoveError,
    InvalidMoveError,
    KonaneError,
    KonaneValueError,
    OutOfReachWarning,
)
from konane.match import Match
from konane.players import LEVELS, Choice, choose_move, computer_move
from konane.rules import SINGLE_JUMP, STANDARD, Rules
from konane.solving import outcome, solve
from konane.values import value

__all__ = ["main", "EXAMPLES", "parse_board", "parse_memory"]

#: The positions printed by ``konane`` without a subcommand: (description, board).
EXAMPLES: tuple[tuple[str, Board], ...] = (
    ("a single stone of each colour, Black can jump", Board("..ox")),
    ("two stones with room on both sides", Board(".ox.")),
    ("an alternating row with empty ends", Board(".xoxox.")),
    ("a 3x4 position", Board(".ox./o..x/....")),
    ("a 1x22 row that is not the sum of its two-gap parts", Board("....oxxoox..oxxxxo....")),
    ("4x4 start after Black removes c3 and White c2",
     Board.start(4).play_removal("c3").play_removal("c2")),
)

_SIZE_RE = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*")
_START_RE = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*(?::(.*))?", re.S)

_OUTCOME_TEXT = {
    "L": "L (Black, Left, wins whoever starts)",
    "R": "R (White, Right, wins whoever starts)",
    "N": "N (the first player wins)",
    "P": "P (the second player wins)",
}


def _read_board(text: str) -> tuple[Board, str | None]:
    """The board of a BOARD argument, and a note when it is a start board whose opening
    removals are not all made (nobody can move on a full board)."""
    m = _START_RE.fullmatch(text)
    if m is None:
        return Board(text), None
    rows, cols = int(m.group(1)), int(m.group(2))
    match = Match(Board.start(rows, cols))
    squares = [] if m.group(3) is None else [sq.strip() for sq in m.group(3).split(",")]
    if len(squares) > 2 or "" in squares:
        raise KonaneError(f"invalid board {text!r}: after the size come the two opening removals, "
                          f"Black's then White's, such as {rows}x{cols}:d4,d3")
    for square in squares:
        match.push(square)
    if len(squares) == 2:
        return match.board, None
    moves = match.legal_moves()
    legal = ", ".join(str(mv) for mv in moves)
    size = f"{rows}x{cols}"
    if not squares:
        corners = {(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)}
        first = next((mv for mv in moves if mv.source not in corners), moves[0]) if moves else None
        example = ""
        if first is not None:
            after = match.copy()
            after.push(first)
            replies = after.legal_moves()
            example = f" such as {size}:{first},{replies[0]}" if replies else f" such as {size}:{first}"
        note = (f"{size} is the full start board, before the opening removals: nobody can move, so it "
                f"says nothing about {size} Konane. Give the two removals after a colon, Black's (one "
                f"of {legal or 'none'}) then White's (next to Black's hole),{example}")
    else:
        note = (f"White's opening removal is not made: give it after Black's, one of {legal or 'none'}"
                + (f" ({size}:{squares[0]},{moves[0]})" if moves else ""))
    return match.board, note


def parse_board(text: str) -> Board:
    """A board from the command line: a picture, ``RxC`` for a start board, or ``RxC:a,b`` for
    the start board after the opening removals ``a`` (Black's) and ``b`` (White's).

    Raises
    ------
    BoardParseError
        If the picture cannot be read.
    OpeningError, InvalidMoveError
        If a removal breaks the opening rule or is not a square.
    KonaneError
        If more than two removals are given.

    Examples
    --------
    >>> konane.cli.parse_board("2x3")
    konane.Board('oxo/xox')
    >>> konane.cli.parse_board("x.o./.ox.")
    konane.Board('x.o./.ox.')
    >>> konane.cli.parse_board("4x4:a1,b1")
    konane.Board('oxox/xoxo/oxox/..xo')
    """
    return _read_board(text)[0]


_MEMORY_RE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([kmgt]?)(?:i?b)?\s*", re.I)
_UNITS = {"": 1, "k": 2 ** 10, "m": 2 ** 20, "g": 2 ** 30, "t": 2 ** 40}


def parse_memory(text: str) -> int | None:
    """A ``--max-memory`` argument: bytes, or with a unit ``K``, ``M``, ``G``, ``T`` (powers of
    1024; ``GB`` and ``GiB`` read the same), or ``none`` (no limit, None).

    Raises
    ------
    KonaneValueError
        If ``text`` is not such a size.

    Examples
    --------
    >>> from konane.cli import parse_memory
    >>> parse_memory("8G"), parse_memory("512MiB"), parse_memory("1.5g"), parse_memory("1000")
    (8589934592, 536870912, 1610612736, 1000)
    >>> parse_memory("none") is None
    True
    """
    if text.strip().lower() in ("none", "no", "off", "unlimited"):
        return None
    m = _MEMORY_RE.fullmatch(text)
    if m is None:
        raise KonaneValueError(f"invalid --max-memory {text!r}: expected bytes, or a size with a unit such "
                               "as 512M or 8G, or none (no limit)")
    return int(float(m.group(1)) * _UNITS[m.group(2).lower()])


def _memory_text(n: int) -> str:
    """Bytes as ``--max-memory`` reads them: ``4G``, ``1.5G``, ``512M``, ``1000``."""
    for unit, size in (("T", 2 ** 40), ("G", 2 ** 30), ("M", 2 ** 20), ("K", 2 ** 10)):
        if n >= size:
            amount = n / size
            return f"{amount:.0f}{unit}" if amount == round(amount) else f"{amount:.1f}{unit}"
    return str(n)


def _rules_of(args: argparse.Namespace) -> Rules:
    single = getattr(args, "single_jump", False) or getattr(args, "single_jump_sub", False)
    return SINGLE_JUMP if single else STANDARD


def _limits(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments ``max_memory``, ``time``, ``cache`` and ``threads`` of the computing commands."""
    memory = DEFAULT_MAX_MEMORY if args.max_memory is None else parse_memory(args.max_memory)
    if args.time is not None and not (math.isfinite(args.time) and args.time > 0):
        raise KonaneValueError(f"invalid --time {args.time!r}: expected a number of seconds above 0")
    return {"max_memory": memory, "time": args.time, "cache": args.cache, "threads": args.threads}


def _note(text: str) -> None:
    print(f"konane: note: {text}", file=sys.stderr, flush=True)


def _board_of(args: argparse.Namespace) -> Board:
    """The board of a computing command, its note (removals not made) said first."""
    board, note = _read_board(args.board)
    if note is not None:
        _note(note)
    return board


def _print_value(title: str, board: Board, rules: Rules, **limits: Any) -> None:
    v = value(board, rules=rules, **limits)
    print(title)
    for line in str(board).splitlines():
        print("    " + line)
    print(f"  value:   {v}")
    print(f"  outcome: {_OUTCOME_TEXT[v.outcome.value]}")


def _cmd_examples(args: argparse.Namespace) -> int:
    rules = _rules_of(args)
    print("Values of small Konane positions (Left = Black = x, Right = White = o)")
    for i, (desc, board) in enumerate(EXAMPLES, 1):
        print()
        _print_value(f"{i}. {desc} ({board.rows}x{board.cols})", board, rules)
    return 0


def _cmd_value(args: argparse.Namespace) -> int:
    limits = _limits(args)
    board = _board_of(args)
    _print_value(f"{board.rows}x{board.cols} board", board, _rules_of(args), **limits)
    return 0


def _cmd_outcome(args: argparse.Namespace) -> int:
    limits = _limits(args)
    board = _board_of(args)
    o = outcome(board, rules=_rules_of(args), **limits)
    print(f"{board.rows}x{board.cols} board")
    for line in str(board).splitlines():
        print("    " + line)
    print(f"  outcome: {_OUTCOME_TEXT[o.value]}")
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    limits = _limits(args)
    players = [BLACK, WHITE] if args.to_move is None else [as_color(args.to_move)]
    board = _board_of(args)
    rules = _rules_of(args)
    print(board.diagram())
    for player in players:
        s = solve(board, player, rules=rules, all_moves=args.all, **limits)
        who = f"{player.long_name} ({player.value}) to move"
        if s.wins:
            moves = ", ".join(str(m) for m in s.winning_moves)
            what = ("every winning move" if args.all else
                    "a winning move; --all gives every one" if len(s.winning_moves) == 1 else "winning moves")
            print(f"{who}: {player.long_name} wins, by {moves} ({what})")
        elif board.can_move(player, rules):
            print(f"{who}: {s.winner.long_name} wins, whatever {player.long_name} plays")
        else:
            print(f"{who}: {s.winner.long_name} wins: {player.long_name} has no move")
    return 0


def _cache_file(path: str) -> RegionCache:
    """The cache of an existing file (a name that is no file is an error, not a new cache)."""
    if not os.path.isfile(path):
        raise CacheFileError(f"{path!r}: there is no such file")
    return RegionCache(path)


def _cmd_cache_info(args: argparse.Namespace) -> int:
    for path in args.files:
        cache = _cache_file(path)
        try:
            info = cache.info()
        finally:
            cache.close()
        print(f"{path}: region values {info['stored']:,}, results of the search {info['stored_proofs']:,}, "
              f"whole positions won or lost {info['stored_wins']:,}")
    return 0


def _cmd_cache_merge(args: argparse.Namespace) -> int:
    into = RegionCache(args.into)
    try:
        for path in args.sources:
            added = into.update(path, min_work=args.min_work)
            print(f"{path} -> {args.into}: added region values {added['regions']:,}, results of the search "
                  f"{added['proofs']:,}, whole positions won or lost {added['wins']:,}")
    finally:
        into.close()
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    board = parse_board(args.board)
    print(board.diagram())
    rules = _rules_of(args)
    parts = []
    for player in (BLACK, WHITE):
        n = board.move_count(player, rules)
        parts.append(f"{player.long_name} ({player.value}): {board.stone_count(player)} stones, "
                     f"{n} move{'' if n == 1 else 's'}")
    print("; ".join(parts))
    return 0


def _cmd_moves(args: argparse.Namespace) -> int:
    board = parse_board(args.board)
    player = as_color(args.player)
    moves = board.legal_moves(player, _rules_of(args))
    for m in moves:
        print(m)
    print(f"{len(moves)} move{'' if len(moves) == 1 else 's'} for {player.long_name} ({player.value})")
    return 0


_HELP = ("type a move like 'c3-e3' (a removal like 'd4'), 'moves' to list them, 'hint' for a "
         "suggestion, 'undo', or 'quit'")

_OPPONENT_LEVELS = {"random": 0, "greedy": 1}


def _hint_text(choice: Choice, match: Match, turn: Color) -> str:
    """The ``hint`` line: the move, and why it is suggested."""
    move = choice.move
    if choice.wins:
        return f"hint: {move} (a proved win)"
    if choice.wins is False:
        return f"hint: {move} (the position is lost against best play; this move resists longest)"
    search = f"a {choice.depth}-ply search scores it best, {choice.score:+d} in mobility"
    if move.is_removal:
        legal = ", ".join(str(m) for m in match.legal_moves())
        other = turn.opponent.long_name
        if match.ply == 0:
            why = (f"{turn.long_name} removes from the centre or a corner: {legal}; after {move} and "
                   f"{other}'s best removal next to it, {search}")
        else:
            why = (f"{turn.long_name} removes next to the hole at {match.moves[0]}: {legal}; after {move} "
                   f"and {other}'s best first capture, {search}")
        return f"hint: {move} ({why}; nothing is proved)"
    return f"hint: {move} ({search}; nothing is proved)"


def _level_name(level: int) -> str:
    kind = LEVELS[level]
    if isinstance(kind, str):
        return f"level {level} ({kind})"
    return f"level {level} (search, {kind:g} s a move)"


def _level_of(args: argparse.Namespace) -> int:
    if args.level is not None and args.opponent is not None:
        if _OPPONENT_LEVELS[args.opponent] != args.level:
            raise KonaneError(f"--opponent {args.opponent} is level {_OPPONENT_LEVELS[args.opponent]}, "
                              f"not --level {args.level}: give one of them")
    if args.level is not None:
        if args.level not in LEVELS:
            raise KonaneError(f"invalid level {args.level!r}: expected one of "
                              + ", ".join(str(k) for k in sorted(LEVELS)))
        return int(args.level)
    return _OPPONENT_LEVELS[args.opponent or "greedy"]


def _show_board(match: Match) -> None:
    print()
    print(match.board.diagram(lastmove=match.moves[-1] if match.moves else None))


def _cmd_play(args: argparse.Namespace) -> int:
    m = _SIZE_RE.fullmatch(args.size)
    if not m:
        raise KonaneError(f"invalid board size {args.size!r}: expected RxC such as 6x6")
    board = Board.start(int(m.group(1)), int(m.group(2)))
    match = Match(board, rules=_rules_of(args), first=args.first, opening=not args.no_opening)
    human = None if args.human == "none" else as_color(args.human)
    level = _level_of(args)
    if not (args.hint_time >= 0 and args.hint_time < float("inf")):
        raise KonaneError(f"invalid --hint-time {args.hint_time!r}: expected seconds >= 0")
    rng = random.Random(args.seed)
    print(f"Konane {board.rows}x{board.cols}: you play "
          f"{'nobody' if human is None else human.long_name + ' (' + human.value + ')'} "
          f"against the computer at {_level_name(level)}; {_HELP}.  The board is shown once a turn, "
          "the last move [in brackets].")
    shown = False                   # the current board is on the screen
    while True:
        if match.is_over:
            if not shown:
                _show_board(match)
            winner = match.winner
            assert winner is not None
            print(f"{match.turn.long_name} has no move: {winner.long_name} ({winner.value}) wins "
                  f"after {match.ply} plies.")
            return 0
        turn = match.turn
        phase = "removal" if match.in_opening else "capture"
        if turn is human:
            if not shown:
                _show_board(match)
                shown = True
            while True:
                print(f"{turn.long_name} ({turn.value}) {phase}> ", end="", flush=True)
                line = sys.stdin.readline()
                if not line:
                    print("\nend of input: game abandoned.")
                    return 0
                text = line.strip().lower()
                if not text:
                    continue
                if text in ("quit", "q", "exit"):
                    print("game abandoned.")
                    return 0
                if text in ("moves", "?", "help"):
                    print(" ".join(str(mv) for mv in match.legal_moves()))
                    continue
                if text == "hint":
                    choice = choose_move(match, time=args.hint_time, seed=rng.getrandbits(32))
                    print(_hint_text(choice, match, turn))
                    continue
                if text == "undo":
                    if match.ply >= 2:
                        match.pop()
                        match.pop()
                        shown = False
                        break
                    print("nothing to undo.")
                    continue
                try:
                    match.push(text)
                except (InvalidMoveError, IllegalMoveError) as exc:
                    print(exc)
                    continue
                # the board is shown after the computer's answer, with its move marked
                shown = human is not None and match.turn is human
                break
        else:
            if human is None and not shown:     # the start, when nobody is asked
                _show_board(match)
                shown = True
            move = computer_move(match, level, seed=rng)
            print(f"{turn.long_name} ({turn.value}) plays {move}")
            match.push(move)
            shown = False
            if human is None:       # the computer against itself: every position
                _show_board(match)
                shown = True


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="konane",
        description="Konane rules engine and values. Without a subcommand, print the values "
                    "of a few small Konane positions.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--single-jump", action="store_true",
                        help="use the single-jump rules variant")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    board_help = ("a picture with rows separated by '/' (x Black, o White, . empty, # no cell), or RxC "
                  "for a full start board, RxC:d4,d3 after the opening removals (Black's, White's)")

    def limits(p: argparse.ArgumentParser) -> None:
        p.add_argument("--max-memory", metavar="SIZE", default=None,
                       help="stop once the process's memory has grown by this much: bytes, or with a unit "
                            f"(512M, 8G), or none for no limit (default {_memory_text(DEFAULT_MAX_MEMORY)})")
        p.add_argument("--time", metavar="SECONDS", type=float, default=None,
                       help="stop after this many seconds (default: no limit)")
        p.add_argument("--cache", metavar="FILE", default=None,
                       help="keep the values of regions and the proved results in FILE (SQLite, made if "
                            "missing), so that a later run, also after a limit or Ctrl-C, goes on from them")
        p.add_argument("--threads", metavar="N", type=int, default=None,
                       help="the threads of the native search (the value solver uses at most 2; default: "
                            "every processor)")
        p.add_argument("--single-jump", dest="single_jump_sub", action="store_true",
                       help="use the single-jump rules variant")

    p = sub.add_parser("show", help="print a board with coordinates")
    p.add_argument("board", metavar="BOARD", help=board_help)
    p.set_defaults(func=_cmd_show)

    p = sub.add_parser("moves", help="list the legal moves of a player")
    p.add_argument("board", metavar="BOARD", help=board_help)
    p.add_argument("--player", "-p", default="x", help="x (Black, Left) or o (White, Right)")
    p.add_argument("--single-jump", dest="single_jump_sub", action="store_true",
                   help="use the single-jump rules variant")
    p.set_defaults(func=_cmd_moves)

    p = sub.add_parser("value", help="print the CGT value and outcome of a board",
                       description="The exact value of a position (a canonical form of combinatorial "
                                   "game theory) and its outcome class. Values of big regions may be "
                                   "out of reach; who wins is answered further by 'konane outcome' "
                                   "and 'konane solve'.")
    p.add_argument("board", metavar="BOARD", help=board_help)
    limits(p)
    p.set_defaults(func=_cmd_value)

    p = sub.add_parser("outcome", help="who wins with either player to move, by search",
                       description="The outcome class of a position (L, R, N or P) by a win/loss "
                                   "search, without its value: it reaches much further than 'value'.")
    p.add_argument("board", metavar="BOARD", help=board_help)
    limits(p)
    p.set_defaults(func=_cmd_outcome)

    p = sub.add_parser("solve", help="the winner and a winning move, by search",
                       description="Who wins with a player to move, and a winning move, by a "
                                   "win/loss search (no value needed).")
    p.add_argument("board", metavar="BOARD", help=board_help)
    p.add_argument("--to-move", "-p", default=None,
                   help="x (Black) or o (White); default: both, one after the other")
    p.add_argument("--all", action="store_true", help="give every winning move (each move is searched)")
    limits(p)
    p.set_defaults(func=_cmd_solve)

    p = sub.add_parser("play", help="play against the computer in the terminal",
                       description="Play Konane against the computer in the terminal. At your "
                                   "turn type a move ('c3-e3', or a removal such as 'd4' in the "
                                   "opening), 'moves' to list the legal ones, 'hint' for the "
                                   "strong player's suggestion, 'undo' to take back your last "
                                   "move and the computer's, or 'quit'.")
    p.add_argument("--size", default="6x6", help="board size RxC (default 6x6)")
    p.add_argument("--human", default="x", choices=["x", "o", "none"],
                   help="your colour (default x); 'none' lets the computer play both sides")
    p.add_argument("--level", type=int, default=None,
                   help="the computer's strength: 0 random, 1 greedy (the default), 2, 3, 4 the "
                        "searching player with 0.1, 1, 5 seconds a move (alpha-beta search, and "
                        "the exact solver: it plays a proved win when it finds one)")
    p.add_argument("--opponent", default=None, choices=["random", "greedy"],
                   help="level 0 (random moves) or 1 (greedy: maximise own minus opponent's "
                        "moves after the move)")
    p.add_argument("--hint-time", type=float, default=1.0,
                   help="seconds the 'hint' command thinks (default 1)")
    p.add_argument("--first", default="x", choices=["x", "o"],
                   help="who makes the first removal and capture (default x, Black)")
    p.add_argument("--no-opening", action="store_true",
                   help="skip the two removals (a full board then has no moves!)")
    p.add_argument("--seed", type=int, default=None, help="random seed of the computer")
    p.add_argument("--single-jump", dest="single_jump_sub", action="store_true",
                   help="use the single-jump rules variant")
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser("cache", help="what cache files hold; merge them",
                       description="The files of --cache FILE: what they hold, and the rows of some added "
                                   "to another (each row checked first; files that disagree on a result "
                                   "are refused and nothing is added).")
    cache = p.add_subparsers(dest="cache_command", metavar="ACTION", required=True)
    q = cache.add_parser("info", help="the rows of cache files")
    q.add_argument("files", metavar="FILE", nargs="+", help="a cache file")
    q.set_defaults(func=_cmd_cache_info)
    q = cache.add_parser("merge", help="add the rows of cache files to another",
                         description="Add the region values and the proved results of the FROM files to "
                                     "INTO (made if missing).")
    q.add_argument("into", metavar="INTO", help="the cache file to add to")
    q.add_argument("sources", metavar="FROM", nargs="+", help="a cache file to add")
    q.add_argument("--min-work", metavar="N", type=int, default=0,
                   help="leave out the search's results that took fewer than N positions (default 0: all)")
    q.set_defaults(func=_cmd_cache_merge)
    return parser


def _version() -> str:
    try:
        from importlib.metadata import version
        number = version("konane-cgt")
    except Exception:  # not installed as a distribution (a bare checkout)
        number = cgt.__version__
    core = "the native core" if cgt.backend == "native" else "the pure-Python engine (no native core)"
    return f"konane-cgt {number}, on {core}"


def _limit_message(exc: ComputationLimitError, args: argparse.Namespace, seconds: float) -> str:
    """The message of a limit reached, in the command line's terms."""
    head = f"konane {args.command} stopped after {exc.positions:,} positions"
    if exc.limit == "max_memory":
        default = " (the default)" if args.max_memory is None else ""
        memory = DEFAULT_MAX_MEMORY if args.max_memory is None else parse_memory(args.max_memory)
        limit = f"--max-memory {_memory_text(memory or 0)}{default}"
        grown = (f"the process's memory grew by {_memory_text(exc.memory)}, past {limit}"
                 if memory is None or exc.memory >= memory else
                 f"a table would have grown past {limit} (the process had grown by {_memory_text(exc.memory)})")
        text = (f"{head}: {grown}. Give a larger --max-memory (such as --max-memory 16G, "
                "or none for no limit) if the machine has the memory")
    elif exc.limit == "time":
        text = (f"{head} and {seconds:.3g} s: the limit is --time {args.time:g}. Give a larger --time "
                "(or none: leave it out)")
    else:
        text = str(exc)
    if getattr(args, "cache", None) is None:
        text += ("; nothing is kept when the command ends, so a second run starts again from the beginning "
                 "(--cache FILE keeps what was finished).")
    else:
        text += f"; what was finished is kept in {args.cache}, so a second run with --cache goes on from it."
    if args.command == "value":
        board = shlex.quote(args.board)
        text += (f" If the question is who wins, 'konane outcome {board}' or 'konane solve {board} "
                 "--to-move x' answers it by a search that needs no value and reaches much further.")
    return text


def _far_note(w: OutOfReachWarning, args: argparse.Namespace) -> str:
    """The early note of a value likely out of reach, in the command line's terms."""
    board = shlex.quote(args.board)
    return (f"a region of {w.stones} stones: such values often take minutes and more memory than "
            f"--max-memory allows. If the question is who wins, 'konane outcome {board}' or "
            f"'konane solve {board} --to-move x' answers it by a search that reaches much further; "
            "--time bounds this command.")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line interface; return the exit status.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments without the program name; defaults to ``sys.argv[1:]``.

    Returns
    -------
    int
        0 on success, 1 when a limit (``--max-memory``, ``--time``) stopped the
        computation, 2 for bad input, 130 when interrupted (Ctrl-C).

    Examples
    --------
    >>> main(["show", "x.o./.ox."])
    2 x . o .
    1 . o x .
      a b c d
    Black (x): 2 stones, 1 move; White (o): 2 stones, 1 move
    0
    """
    parser = _build_parser()
    args = parser.parse_args(argv)
    if args.version:
        print(_version())
        return 0
    func: Callable[[argparse.Namespace], int] = getattr(args, "func", _cmd_examples)
    start = _time.monotonic()
    with warnings.catch_warnings():
        warnings.simplefilter("always", OutOfReachWarning)
        shown = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                 file: Any = None, line: str | None = None) -> None:
            if isinstance(message, OutOfReachWarning):
                _note(_far_note(message, args))
            else:
                shown(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        try:
            return func(args)
        except KeyboardInterrupt:
            print("\nkonane: interrupted", file=sys.stderr)
            return 130
        except ComputationLimitError as exc:
            print(f"konane: {_limit_message(exc, args, _time.monotonic() - start)}", file=sys.stderr)
            return 1
        except (KonaneError, ValueError) as exc:
            print(f"konane: error: {exc}", file=sys.stderr)
            return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
