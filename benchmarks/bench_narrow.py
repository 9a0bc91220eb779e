"""Benchmark: who wins on narrow boards, the searches of ``scripts/narrow_setups.py``.

Run:  python benchmarks/bench_narrow.py                        (the default boards, 120 s limit)
      python benchmarks/bench_narrow.py --boards '4:20:vertical middle:x' --limit 60
      python benchmarks/bench_narrow.py --base DIR --json out.json   (before/after a change)

``konane.solve`` of boards of 3 to 5 rows from Uiterwijk's (2021) setups (the two removed
stones side by side, horizontal or vertical, in the middle or at a corner; placed as
``scripts/narrow_setups.py`` places them), each with a given player to move, on one thread,
each in a fresh process (cold tables) under ``time=`` the limit.  These are the searches of
the narrow campaigns of ``notebooks/data/narrow-setups.json``: long frames of up to 5 rows,
where the search's normal forms take the general path (the word operations of boxes of at
most 8 x 8 do not reach them).  The table gives the winner, the nodes expanded, the seconds
and the bytes a node (the growth of the peak resident size over the call, divided by the
nodes); ``--base DIR`` runs the same searches in another checkout (with its built extension)
beside, and the winners must agree.  cgt-py has no win/loss search to set beside it.  The
nodes of a one-thread search do not depend on the machine; the seconds do.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for p in (HERE, ROOT / "scripts"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from bench_realgames import GIB, OURS, fmt, positions_text, run  # noqa: E402
from narrow_setups import SETUPS, board  # noqa: E402

#: rows, columns, setup, player to move: searches of 4 to 35 s each on one core of the
#: development machine (session 30), the four setups and 3 to 5 rows among them
BOARDS = (
    (3, 16, "horizontal corner", "o"),
    (3, 22, "vertical middle", "x"),
    (4, 10, "horizontal middle", "x"),
    (4, 11, "horizontal corner", "o"),
    (4, 12, "vertical corner", "x"),
    (4, 20, "vertical middle", "x"),
    (5, 9, "vertical middle", "x"),
)


def parse_boards(text: str) -> list[tuple[int, int, str, str]]:
    """``'4:20:vertical middle:x,3:16:horizontal corner:o'`` as tuples of :data:`BOARDS`."""
    out = []
    for item in text.split(","):
        try:
            rows, cols, setup, mover = item.split(":")
            b = (int(rows), int(cols), setup.strip(), mover.strip())
        except ValueError:
            raise SystemExit(f"a board is ROWS:COLS:SETUP:PLAYER (e.g. 4:20:vertical middle:x), not {item!r}") from None
        if b[2] not in SETUPS or b[3] not in ("x", "o"):
            raise SystemExit(f"the setup must be one of {', '.join(SETUPS)} and the player x or o: {item!r}")
        out.append(b)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", help="ROWS:COLS:SETUP:PLAYER,... (default: the boards of BOARDS)")
    ap.add_argument("--limit", type=float, default=120.0, help="seconds per search (default 120)")
    ap.add_argument("--max-memory", type=float, default=6.0, help="max_memory of each search, GiB (default 6)")
    ap.add_argument("--base", metavar="DIR", help="also run each search in the checkout DIR (with its built extension)")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)
    boards = parse_boards(args.boards) if args.boards else list(BOARDS)
    memory = int(args.max_memory * GIB)
    print(f"{'board':>6} {'setup':18} {'to move':>7} {'winner':>7} "
          + (f"{'base':>10} {'positions':>12} " if args.base else "")
          + f"{'konane-cgt':>11} {'positions':>12}")
    rows = []
    for r, n, setup, mover in boards:
        # the real-game benchmark's solve in a fresh process, on one thread
        mine = dict(pic=board(r, n, setup).picture, threads=1, what="solve", to_move=mover, limit=args.limit,
                    memory=memory)
        ours = run(OURS.format(root=str(ROOT), **mine), args.limit)
        base = run(OURS.format(root=str(Path(args.base).resolve()), **mine), args.limit) if args.base else {}
        if "value" in ours and "value" in base and ours["value"] != base["value"]:
            base["error"] = f"different winner {base['value']}"
        print(f"{f'{r}x{n}':>6} {setup:18} {mover:>7} {ours.get('value', '?'):>7} "
              + (f"{fmt(base):>10} {positions_text(base):>12} " if args.base else "")
              + f"{fmt(ours):>11} {positions_text(ours):>12}")
        sys.stdout.flush()
        rows.append({"rows": r, "cols": n, "setup": setup, "to_move": mover, "ours": ours, "base": base})
    done = [x for x in rows if "time" in x["ours"]]
    print(f"\n{len(rows)} searches, limit {args.limit:.0f} s each; konane-cgt finishes {len(done)} "
          f"in {sum(x['ours']['time'] for x in done):.2f} s")
    if args.base:
        both = [x for x in rows if "time" in x["ours"] and "time" in x["base"]]
        t_o = sum(x["ours"]["time"] for x in both)
        t_b = sum(x["base"]["time"] for x in both)
        print(f"both finish {len(both)}: base {t_b:.2f} s, konane-cgt {t_o:.2f} s, "
              f"base/ours {t_b / max(t_o, 1e-6):.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"command": "python benchmarks/bench_narrow.py "
                                                          + " ".join(sys.argv[1:] if argv is None else argv),
                                               "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
