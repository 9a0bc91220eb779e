"""Seeded positions from real 8x8 Konane games, for ``bench_realgames.py``.

Run:  python scripts/realgames.py                (writes benchmarks/data/realgames.json)
      python scripts/realgames.py --set early    (writes benchmarks/data/realgames-early.json)
      python scripts/realgames.py --check        (regenerates and compares with the file)

Games start from the standard 8x8 board (Black on a1) with the standard opening: Black
removes one of its stones on a central or corner cell, White one of its stones next to
the hole (:func:`konane.match.removals`); then the players capture.  Two kinds of play,
both seeded:

``random``
    every ply (removals included) is chosen uniformly among the legal moves;
``greedy``
    the mobility greedy of ``konane play --opponent greedy`` (``konane/cli.py``): the
    mover maximises its own number of moves minus its opponent's after the move, ties
    broken at random; the removals are random.

A game gives a snapshot at each ply of its set's plies (the ply counts the two removals).
Two sets (:data:`SETS`): ``late``, plies 32 to 46 of 7 games of each kind (70 positions,
``bench_realgames.py``'s default), and ``early``, plies 24 to 34 of 4 games of each kind
(48 positions of about 25 to 40 stones, where the open positions of a real game begin).
Each snapshot is stored as its picture (rows top to bottom, ``/`` between rows), with its
kind, seed and ply; ``konane.Board(picture)`` reads it back.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import konane  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "realgames.json"
PLIES = (32, 36, 40, 43, 46)      # the snapshots of each game (plies 32 to 46)
GAMES = 7                         # games of each kind (seeds 0 .. GAMES-1); 5 snapshots each
MAX_TRIES = 50                    # games that end before the last ply are replayed with the next seed


class Set(NamedTuple):
    """A set of snapshots: the plies of each game, the games of each kind, its file."""

    plies: tuple[int, ...]
    games: int
    path: Path


#: The sets of snapshots by name.
SETS = {
    "late": Set(PLIES, GAMES, DATA),
    "early": Set((24, 26, 28, 30, 32, 34), 4, ROOT / "benchmarks" / "data" / "realgames-early.json"),
}


def greedy_move(match: konane.Match, rng: random.Random) -> konane.Move:
    """The mobility greedy: own moves minus opponent's moves after the move, ties at random.

    The same rule as ``konane.cli``'s ``--opponent greedy``, written out here so that the
    positions do not change if the command line's player does.
    """
    moves = match.legal_moves()
    if match.in_opening:
        return rng.choice(moves)
    me = match.turn
    scored = []
    for m in moves:
        b = match.board.play(m, match.rules, player=me)
        scored.append((b.move_count(me, match.rules) - b.move_count(me.opponent, match.rules), m))
    best = max(s for s, _ in scored)
    return rng.choice([m for s, m in scored if s == best])


def random_move(match: konane.Match, rng: random.Random) -> konane.Move:
    """A legal move chosen uniformly at random."""
    return rng.choice(match.legal_moves())


def play_game(kind: str, seed: int, plies: tuple[int, ...] = PLIES) -> list[dict[str, object]] | None:
    """The snapshots of one seeded game at ``plies``, or None if it ends before the last."""
    rng = random.Random(f"{kind}-{seed}")
    choose = greedy_move if kind == "greedy" else random_move
    match = konane.Match(konane.Board.start(8, 8))
    out: list[dict[str, object]] = []
    while match.ply < plies[-1]:
        if match.is_over:
            return None
        match.push(choose(match, rng))
        if match.ply in plies:
            out.append({"kind": kind, "seed": seed, "ply": match.ply,
                        "picture": "/".join(match.board.picture_rows())})
    return out


def positions(which: Set = SETS["late"]) -> list[dict[str, object]]:
    """The snapshots of a set: its games of each kind that reach its last ply, lowest seeds first."""
    out: list[dict[str, object]] = []
    for kind in ("random", "greedy"):
        found = 0
        for seed in range(MAX_TRIES):
            snaps = play_game(kind, seed, which.plies)
            if snaps is None:
                continue
            out.extend(snaps)
            found += 1
            if found == which.games:
                break
    for i, p in enumerate(out):
        p["id"] = i
    return out


def load(name: str = "late") -> list[dict[str, object]]:
    """The stored snapshots of a set (``benchmarks/data/realgames.json`` for ``late``)."""
    data: list[dict[str, object]] = json.loads(SETS[name].path.read_text())["positions"]
    return data


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=sorted(SETS), default="late", help="which snapshots (default: late)")
    ap.add_argument("--check", action="store_true", help="compare with the stored file instead")
    args = ap.parse_args(argv)
    which = SETS[args.set]
    pos = positions(which)
    if args.check:
        same = pos == load(args.set)
        print("same as", which.path, ":", same)
        raise SystemExit(0 if same else 1)
    which.path.parent.mkdir(exist_ok=True)
    doc = {"about": "8x8 Konane positions from seeded random and mobility-greedy games "
                    "(scripts/realgames.py); pictures top row first, Black = x = Left",
           "plies": list(which.plies), "positions": pos}
    which.path.write_text(json.dumps(doc, indent=1) + "\n")
    stones = [str(p["picture"]).count("x") + str(p["picture"]).count("o") for p in pos]
    print(f"{len(pos)} positions ({min(stones)}-{max(stones)} stones) -> {which.path}")


if __name__ == "__main__":
    main()
