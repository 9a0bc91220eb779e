"""Command line interface: ``konane`` (or ``python -m konane``).

Subcommands:

``konane``
    With no subcommand: print the values of a built-in list of small Konane
    positions (picture, canonical value, outcome class).
``konane value BOARD``
    The same for one board.
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

``BOARD`` is a picture with rows separated by ``/`` (``"x.o./.ox."``; quote
it for the shell) or a size ``RxC`` such as ``6x6`` for the full starting
board (Black on a1).

Examples
--------
>>> from konane.cli import main
>>> main(["moves", "xo.o.", "--player", "x"])
a1-c1
a1-e1
2 moves for Black (x)
0
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable, Sequence

from konane.board import BLACK, WHITE, Board, as_color
from konane.errors import IllegalMoveError, InvalidMoveError, KonaneError
from konane.match import Match
from konane.players import LEVELS, Choice, choose_move, computer_move
from konane.rules import SINGLE_JUMP, STANDARD, Rules
from konane.values import value

__all__ = ["main", "EXAMPLES", "parse_board"]

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

_OUTCOME_TEXT = {
    "L": "L (Black, Left, wins whoever starts)",
    "R": "R (White, Right, wins whoever starts)",
    "N": "N (the first player wins)",
    "P": "P (the second player wins)",
}


def parse_board(text: str) -> Board:
    """A board from the command line: a picture, or ``RxC`` for a start board.

    Examples
    --------
    >>> konane.cli.parse_board("2x3")
    konane.Board('oxo/xox')
    >>> konane.cli.parse_board("x.o./.ox.")
    konane.Board('x.o./.ox.')
    """
    m = _SIZE_RE.fullmatch(text)
    if m:
        return Board.start(int(m.group(1)), int(m.group(2)))
    return Board(text)


def _rules_of(args: argparse.Namespace) -> Rules:
    single = getattr(args, "single_jump", False) or getattr(args, "single_jump_sub", False)
    return SINGLE_JUMP if single else STANDARD


def _print_value(title: str, board: Board, rules: Rules) -> None:
    v = value(board, rules=rules)
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
    board = parse_board(args.board)
    _print_value(f"{board.rows}x{board.cols} board", board, _rules_of(args))
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


def _proof_text(choice: Choice) -> str:
    if choice.wins:
        return " (a proved win)"
    if choice.wins is False:
        return " (the position is lost against best play; this move resists longest)"
    return ""


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
          f"against the computer at {_level_name(level)}; {_HELP}.")
    while True:
        print()
        print(match.board.diagram())
        if match.is_over:
            winner = match.winner
            assert winner is not None
            print(f"{match.turn.long_name} has no move: {winner.long_name} ({winner.value}) wins "
                  f"after {match.ply} plies.")
            return 0
        turn = match.turn
        phase = "removal" if match.in_opening else "capture"
        if turn is human:
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
                    print(f"hint: {choice.move}{_proof_text(choice)}")
                    continue
                if text == "undo":
                    if match.ply >= 2:
                        match.pop()
                        match.pop()
                        break
                    print("nothing to undo.")
                    continue
                try:
                    match.push(text)
                except (InvalidMoveError, IllegalMoveError) as exc:
                    print(exc)
                    continue
                break
        else:
            move = computer_move(match, level, seed=rng)
            print(f"{turn.long_name} ({turn.value}) plays {move}")
            match.push(move)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="konane",
        description="Konane rules engine and values. Without a subcommand, print the values "
                    "of a few small Konane positions.",
    )
    parser.add_argument("--single-jump", action="store_true",
                        help="use the single-jump rules variant")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    board_help = "a picture with rows separated by '/' (x Black, o White, . empty, # no cell) " \
                 "or RxC for a full start board"

    p = sub.add_parser("show", help="print a board with coordinates")
    p.add_argument("board", metavar="BOARD", help=board_help)
    p.set_defaults(func=_cmd_show)

    p = sub.add_parser("moves", help="list the legal moves of a player")
    p.add_argument("board", metavar="BOARD", help=board_help)
    p.add_argument("--player", "-p", default="x", help="x (Black, Left) or o (White, Right)")
    p.add_argument("--single-jump", dest="single_jump_sub", action="store_true",
                   help="use the single-jump rules variant")
    p.set_defaults(func=_cmd_moves)

    p = sub.add_parser("value", help="print the CGT value and outcome of a board")
    p.add_argument("board", metavar="BOARD", help=board_help)
    p.add_argument("--single-jump", dest="single_jump_sub", action="store_true",
                   help="use the single-jump rules variant")
    p.set_defaults(func=_cmd_value)

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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line interface; return the exit status.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments without the program name; defaults to ``sys.argv[1:]``.

    Returns
    -------
    int
        0 on success, 2 for bad input.

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
    func: Callable[[argparse.Namespace], int] = getattr(args, "func", _cmd_examples)
    try:
        return func(args)
    except (KonaneError, ValueError) as exc:
        print(f"konane: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
