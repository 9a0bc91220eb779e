"""Results: who wins the standard Konane openings, by konane.solve.

The French rules' opening (``konane.match.removals``): Black removes one of its stones on a
centre or corner cell, White one of its stones next to the hole, then Black moves first.
For each board and each pair of removals this solves the position with Black to move and
prints a table (board, opening, winner, positions, settled by values, seconds, memory);
then, per first removal, whether White has a reply that wins, and per board who wins the
whole game (Black wins when some first removal wins against every reply).

Norvig (2021) found, with both stones removed and Black to move, White wins 4x4 and 6x6
and Black 5x5, for the corner and the centre openings; Uiterwijk (2021) solved 1xn and
2xn, 3xn nearly and 4xn in part.

Run:  python benchmarks/solve_openings.py                               (4x4, 5x5, 6x6)
      python benchmarks/solve_openings.py --sizes 4,5,6,7 --narrow 1:24,2:14,3:10,4:8 \\
          --limit-seconds 600 --json notebooks/data/openings.json

``--sizes``: square sizes ``n`` or rectangles ``RxC``; ``--narrow R:N``: the boards
``R x n`` for ``n`` from 2 (or ``R``) to ``N``; ``--limit-seconds``: the budget of one
opening (past it the opening is reported unsolved); ``--json OUT``: also write the results.
The transposition table is shared by the openings of a run (openings equal by a symmetry
are then found at once: their row says 0 positions); ``--fresh`` clears it before each one.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import cgt  # noqa: E402
import konane  # noqa: E402
from konane import _native  # noqa: E402
from konane._progress import resident_memory  # noqa: E402
from konane.match import removals  # noqa: E402


def boards(sizes: str, narrow: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for part in filter(None, (p.strip() for p in sizes.split(","))):
        if "x" in part:
            r, c = part.split("x")
            out.append((int(r), int(c)))
        else:
            out.append((int(part), int(part)))
    for part in filter(None, (p.strip() for p in narrow.split(","))):
        r, n = (int(v) for v in part.split(":"))
        out += [(r, c) for c in range(max(2, r), n + 1) if (r, c) not in out]
    return out


def solve_board(rows: int, cols: int, limit: float | None, fresh: bool, max_memory: int | None,
                quiet: bool) -> dict[str, object]:
    start = konane.Board.start(rows, cols)
    results = []
    verdicts = []
    for r1 in removals(start, konane.BLACK):
        b1 = start.play_removal(r1.source)
        replies = removals(b1, konane.WHITE, hole=r1.source)
        white_wins = []
        unknown = False
        for r2 in replies:
            b2 = b1.play_removal(r2.source)
            if fresh:
                _native.search_clear()
            t = time.perf_counter()
            try:
                s = konane.solve(b2, konane.BLACK, time=limit, progress=False, max_memory=max_memory)
            except konane.ComputationLimitError as exc:
                row = {"board": f"{rows}x{cols}", "opening": f"{r1} {r2}", "winner": None,
                       "positions": exc.positions, "settled": None,
                       "seconds": round(time.perf_counter() - t, 3), "limit": exc.limit}
                unknown = True
            else:
                row = {"board": f"{rows}x{cols}", "opening": f"{r1} {r2}", "winner": s.winner.long_name,
                       "move": str(s.move) if s.move else None, "positions": s.positions,
                       "settled": s.settled_by_values, "seconds": round(time.perf_counter() - t, 3)}
                if s.winner is konane.WHITE:
                    white_wins.append(str(r2))
            mem = resident_memory()
            row["rss_mb"] = None if mem is None else round(mem / 2**20)
            results.append(row)
            if not quiet:
                print_row(row)
        if white_wins:
            verdict = {"removal": str(r1), "winner": "White", "white_replies": white_wins}
        elif unknown or not replies:
            verdict = {"removal": str(r1), "winner": None if unknown else "Black", "white_replies": []}
        else:
            verdict = {"removal": str(r1), "winner": "Black", "white_replies": []}
        verdicts.append(verdict)
    if any(v["winner"] == "Black" for v in verdicts):
        game = "Black"
    elif all(v["winner"] == "White" for v in verdicts):
        game = "White"
    else:
        game = None
    return {"board": f"{rows}x{cols}", "openings": results, "removals": verdicts, "game": game}


HEADER = f"{'board':>6}  {'opening':<8} {'winner':<6} {'move':<7} {'positions':>11} {'settled':>10} " \
         f"{'seconds':>9} {'RSS MB':>7}"


def print_row(row: dict[str, object]) -> None:
    winner = row["winner"] or f"? ({row.get('limit')})"
    settled = "" if row["settled"] is None else f"{row['settled']:,}"
    print(f"{row['board']:>6}  {row['opening']:<8} {winner:<6} {row.get('move') or '-':<7} "
          f"{row['positions']:>11,} {settled:>10} {row['seconds']:>9.2f} {row['rss_mb'] or '':>7}",
          flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="4,5,6", help="square sizes n or rectangles RxC, comma-separated")
    ap.add_argument("--narrow", default="", help="R:N,...: the boards R x n for n up to N")
    ap.add_argument("--limit-seconds", type=float, default=300.0,
                    help="budget of one opening in seconds (0: none)")
    ap.add_argument("--max-memory-gb", type=float, default=None,
                    help="stop an opening once the process grew by this much (default: konane's default)")
    ap.add_argument("--fresh", action="store_true", help="clear the transposition table before each opening")
    ap.add_argument("--json", metavar="OUT", help="also write the results as JSON to OUT")
    ap.add_argument("--quiet", action="store_true", help="print only the summaries")
    args = ap.parse_args(argv)
    if not _native.search_available():
        print("the native search is not built: the pure-Python reference search is used (slow)",
              file=sys.stderr)
    limit = args.limit_seconds or None
    max_memory = konane._progress.DEFAULT_MAX_MEMORY if args.max_memory_gb is None \
        else int(args.max_memory_gb * 2**30)
    konane.set_progress(False)
    print(HEADER)
    out = []
    t0 = time.perf_counter()
    for rows, cols in boards(args.sizes, args.narrow):
        res = solve_board(rows, cols, limit, args.fresh, max_memory, args.quiet)
        out.append(res)
        removal_words = ", ".join(
            f"{v['removal']}: {v['winner'] or '?'}"
            + (f" (White replies {' '.join(v['white_replies'])})" if v["white_replies"] else "")
            for v in res["removals"])
        print(f"  {res['board']}: {res['game'] or 'unknown'} wins the game; by first removal: "
              f"{removal_words}", flush=True)
    total = time.perf_counter() - t0
    print(f"total {total:.1f} s")
    if args.json:
        doc = {
            "command": "python benchmarks/solve_openings.py " + " ".join(argv if argv is not None else sys.argv[1:]),
            "rules": "standard (multi-jumps), Black removes first and moves first",
            "backend": cgt.backend,
            "native_search": _native.search_available(),
            "machine": {"python": platform.python_version(), "platform": platform.platform(),
                        "cpus": os.cpu_count()},
            "limit_seconds": limit,
            "total_seconds": round(total, 2),
            "boards": out,
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
