"""The habitat of nimbers in Konane: the data of notebooks/07-nimbers.ipynb.

Computes, and writes to ``notebooks/data/nimbers.json``:

* for every board ``rows <= cols`` of at most ``--max-cells`` cells (default 24, the
  largest census): how many parity-consistent positions are ``*1`` ... ``*7``, and the
  first of each (fewest stones, then lowest code), by :func:`konane.census`;
* the values of the staircase family (``n`` Black-White pairs ``xo``, each row shifted
  one column, inside a border of empty cells) for ``n = 1 .. --stairs``;
* a randomised search (:func:`konane.find`) for ``*4`` on boards past the census,
  ``--seconds`` seconds per board.

Run: ``python scripts/nimbers.py`` (about 15 minutes with the native engine on one
core; ``--quick``: boards of at most 12 cells, a few seconds).  The notebook reads the
file and verifies the boards it shows with :func:`konane.value`.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

import konane
from cgt import ops

OUT = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "nimbers.json"


def shapes(max_cells: int) -> list[tuple[int, int]]:
    return sorted({(r, c) for r in range(1, max_cells + 1) for c in range(r, max_cells + 1)
                   if r * c <= max_cells}, key=lambda s: (s[0] * s[1], s))


def census_table(max_cells: int) -> dict[str, dict[str, object]]:
    """``{"RxC": {"seconds", "distinct", "nimbers": {k: [count, first picture, stones]}}}``."""
    out: dict[str, dict[str, object]] = {}
    for rows, cols in shapes(max_cells):
        t = time.perf_counter()
        c = konane.census(rows, cols, progress=False)
        counts = Counter(c.ids)
        firsts = c.nimbers()
        nimbers = {}
        for k, code in firsts.items():
            if 1 <= k <= 7:
                nimbers[str(k)] = [counts[ops.nus_id(0, 0, k)], str(c.board(code)), code.bit_count()]
        out[f"{rows}x{cols}"] = {"seconds": round(time.perf_counter() - t, 1),
                                 "distinct": len(counts), "nimbers": nimbers}
        print(rows, cols, out[f"{rows}x{cols}"], flush=True)
    return out


def staircase(n: int) -> str:
    """``n`` pairs ``xo``, row ``i`` shifted ``i`` columns, in a border of empty cells."""
    width = n + 3
    rows = ["." * width] + ["." * (1 + i) + "xo" + "." * (width - 3 - i) for i in range(n)] + ["." * width]
    return "/".join(rows)


def stairs(n_max: int) -> list[list[object]]:
    out: list[list[object]] = []
    for n in range(1, n_max + 1):
        t = time.perf_counter()
        v = konane.value(staircase(n), progress=False)
        out.append([n, staircase(n), str(v), round(time.perf_counter() - t, 2)])
        print("staircase", out[-1], flush=True)
    return out


def random_star4(seconds: float, boards: list[tuple[int, int]]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for rows, cols in boards:
        t = time.perf_counter()
        hits = [str(h.board) for h in konane.find("*4", (rows, cols), census_cells=0, samples=10 ** 6,
                                                     time=seconds, seed=2026)]
        out.append({"shape": f"{rows}x{cols}", "seconds": round(time.perf_counter() - t, 1), "hits": hits})
        print("random *4", out[-1], flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-cells", type=int, default=24)
    ap.add_argument("--stairs", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--quick", action="store_true", help="12 cells, 4 stairs, 2 s of random search")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    if args.quick:
        args.max_cells, args.stairs, args.seconds = 12, 4, 2.0
    data = {
        "made_by": "scripts/nimbers.py",
        "arguments": {"max_cells": args.max_cells, "stairs": args.stairs, "seconds": args.seconds},
        "census": census_table(args.max_cells),
        "staircase": stairs(args.stairs),
        "random_star4": random_star4(args.seconds, [(5, 5), (4, 7), (5, 6), (3, 9)]),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print("wrote", args.out)


if __name__ == "__main__":
    main()
