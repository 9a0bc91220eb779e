"""Benchmark of playing strength: the strong player against the greedy and random ones.

For each board size (``--sizes``, default ``6x6,8x8``), each opponent (``greedy``: the
one-ply greedy player of ``konane play``, ``random``) and each colour of the strong player
(Black, who removes and captures first, and White), ``--games`` games are played from the
standard start (Black on a1) under the French opening: Black removes a stone of the centre
or a corner, White an adjacent one.  The two removals are chosen at random (seeded by the
game's number), then ``--random-plies`` captures at random (default 0), so the games start
from a spread of seeded openings; after them the strong player moves with
:func:`konane.choose_move` (``--time`` seconds a move) and the opponent with
:func:`konane.players.greedy_move` or :func:`konane.players.random_move` (seeded too).
Whoever cannot move loses.  The table gives the strong player's wins, the proportion, and
how many of its games it had proved won (a move proved to win by the search) before the end.

The games run on a Dask ``LocalCluster`` of ``--workers`` worker processes (default: the
number of CPUs; 1: in this process, without Dask); a game is one task, so the results do not
depend on the number of workers (up to the machine's speed, which sets the depth the search
reaches in its time).

Run: ``python benchmarks/bench_play.py [--games 100] [--time 1.0] [--sizes 6x6,8x8]
[--opponents greedy,random] [--workers N] [--random-plies 0] [--seed 0]``.  The issue's
target: at least 95% wins against greedy at one second a move, 100 games each.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import dataclass

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

import konane  # noqa: E402
from konane import players  # noqa: E402


@dataclass(frozen=True)
class Game:
    """One game to play: the board size, the opponent, the strong player's colour, its number."""

    rows: int
    cols: int
    opponent: str
    strong: str
    index: int
    time: float
    random_plies: int
    seed: int


@dataclass(frozen=True)
class Result:
    game: Game
    strong_won: bool
    plies: int
    proved_at: int | None        # the ply at which the strong player first proved a win
    seconds: float
    depth_sum: int
    strong_moves: int


def play(game: Game) -> Result:
    """Play one game; the winner is the player who made the last move."""
    t0 = time.perf_counter()
    # each game starts with empty tables (the solver's proofs would otherwise carry over
    # from the games a process played before, and the results depend on the processes)
    konane.clear_caches()                       # every table of konane, the searches' included
    rng = random.Random(f"{game.seed}/{game.rows}x{game.cols}/{game.opponent}/{game.strong}/{game.index}")
    # the opening is seeded by the game's number only, so both colours and both opponents
    # see the same openings
    opening_rng = random.Random(f"{game.seed}/{game.rows}x{game.cols}/{game.index}")
    match = konane.Match(konane.Board.start(game.rows, game.cols))
    strong = konane.as_color(game.strong)
    proved_at = None
    depth_sum = strong_moves = 0
    while not match.is_over:
        if match.ply < 2 + game.random_plies:
            match.push(players.random_move(match, seed=opening_rng))
        elif match.turn is strong:
            choice = players.choose_move(match, time=game.time, seed=rng.getrandbits(32))
            if choice.wins and proved_at is None:
                proved_at = match.ply
            depth_sum += choice.depth
            strong_moves += 1
            match.push(choice.move)
        elif game.opponent == "greedy":
            match.push(players.greedy_move(match, seed=rng))
        else:
            match.push(players.random_move(match, seed=rng))
    return Result(game, match.winner is strong, match.ply, proved_at, time.perf_counter() - t0,
                  depth_sum, strong_moves)


def _size(text: str) -> tuple[int, int]:
    r, _, c = text.lower().partition("x")
    return int(r), int(c or r)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per size, opponent and colour")
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move of the strong player")
    parser.add_argument("--sizes", default="6x6,8x8", help="board sizes, comma-separated (RxC)")
    parser.add_argument("--opponents", default="greedy,random", help="greedy and/or random")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes of a Dask LocalCluster (1: the games in this process)")
    parser.add_argument("--random-plies", type=int, default=0,
                        help="random captures after the two random removals")
    parser.add_argument("--seed", type=int, default=0, help="seed of the openings and the opponents")
    args = parser.parse_args(argv)

    sizes = [_size(s) for s in args.sizes.split(",") if s.strip()]
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    for o in opponents:
        if o not in ("greedy", "random"):
            parser.error(f"unknown opponent {o!r}: expected greedy or random")
    games = [Game(r, c, o, s, i, args.time, args.random_plies, args.seed)
             for r, c in sizes for o in opponents for s in ("x", "o") for i in range(args.games)]
    import cgt
    print(f"bench_play: {len(games)} games, {args.time} s a move, {args.workers} workers, "
          f"backend {cgt.backend}, random plies after the removals: {args.random_plies}")
    t0 = time.perf_counter()
    if args.workers > 1:
        with konane.cluster.local_client(args.workers) as client:
            results = client.gather(client.map(play, games, pure=False))
    else:
        results = [play(g) for g in games]
    wall = time.perf_counter() - t0

    print()
    header = (f"{'board':>6} {'opponent':>8} {'strong':>11} {'games':>6} {'wins':>5} {'win %':>6} "
              f"{'proved':>6} {'plies':>6} {'depth':>6}")
    print(header)
    print("-" * len(header))
    total = won = 0
    for r, c in sizes:
        for o in opponents:
            for s in ("x", "o"):
                rs = [x for x in results if (x.game.rows, x.game.cols, x.game.opponent, x.game.strong) == (r, c, o, s)]
                n = len(rs)
                w = sum(x.strong_won for x in rs)
                proved = sum(x.proved_at is not None for x in rs)
                plies = sum(x.plies for x in rs) / max(n, 1)
                depth = sum(x.depth_sum for x in rs) / max(1, sum(x.strong_moves for x in rs))
                colour = "Black (x)" if s == "x" else "White (o)"
                print(f"{f'{r}x{c}':>6} {o:>8} {colour:>11} {n:>6} {w:>5} {100 * w / max(n, 1):>5.1f}% "
                      f"{proved:>6} {plies:>6.1f} {depth:>6.1f}")
                total += n
                won += w
    print("-" * len(header))
    print(f"total: {won}/{total} wins ({100 * won / max(total, 1):.1f}%), {wall:.1f} s wall")
    print("proved: games in which the strong player proved a win before the end; plies: mean "
          "length of a game; depth: mean depth of the strong player's searches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
