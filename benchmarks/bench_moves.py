"""Benchmark of the move generator: positions reachable from the 6x6 opening.

Starts from *every* position after the two standard opening removals on the
6x6 board (Black on a1; Black removes one of its stones from the central 2x2
or a corner, White removes one of its stones orthogonally adjacent to the
hole), then expands captures breadth-first with ``Board.options``, Black
capturing first, and prints the number of distinct positions at each capture
depth 1..6 and the time taken.  ``--fixed`` starts instead from one
post-removal position (the smallest by ``Board.key``; it is printed).

Run: ``python benchmarks/bench_moves.py [--depth 6] [--size 6] [--fixed]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

import konane  # noqa: E402
from konane.match import removals  # noqa: E402


def openings(size: int) -> list[konane.Board]:
    """All distinct positions after the two standard removals (Black first)."""
    start = konane.Board.start(size)
    out = set()
    for first in removals(start, konane.BLACK):
        after = start.play_removal(first.source)
        for second in removals(after, konane.WHITE, hole=first.source):
            out.add(after.play_removal(second.source))
    return sorted(out, key=lambda b: b.key)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--fixed", action="store_true",
                        help="start from one post-removal position instead of all")
    args = parser.parse_args(argv)

    roots = openings(args.size)
    if args.fixed:
        roots = roots[:1]
    label = "1 fixed opening" if args.fixed else f"all {len(roots)} openings"
    print(f"{args.size}x{args.size}, {label} (after both removals), Black captures first")
    if args.fixed:
        print(roots[0])

    t0 = time.perf_counter()
    layer = set(roots)
    player = konane.BLACK
    total_options = 0
    for depth in range(1, args.depth + 1):
        t = time.perf_counter()
        nxt: set[konane.Board] = set()
        for b in layer:
            opts = b.options(player)
            total_options += len(opts)
            nxt.update(opts)
        layer = nxt
        player = player.opponent
        print(f"depth {depth}: {len(layer):>9} distinct positions  "
              f"({time.perf_counter() - t:.3f} s)")
    elapsed = time.perf_counter() - t0
    print(f"total: {total_options} options generated in {elapsed:.3f} s "
          f"({total_options / elapsed:,.0f} boards/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
