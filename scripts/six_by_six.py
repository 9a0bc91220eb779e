"""Experiment: the value of the 6x6 start (two adjacent middle stones removed), which no one has published.

Run:  python scripts/six_by_six.py --workers 16 --seconds 540 --depth 2 --json OUT.json [--size 6x6]

The start's value is ``{ values of Black's options | values of White's options }``.  The options
are normalised (the 8 symmetries and the colour swap, :meth:`konane.Board.normalized`), the
distinct ones are shared out to ``--workers`` worker processes of a Dask ``LocalCluster``
(``konane.cluster.local_client``; ``--scheduler ADDRESS``: the workers of a running Dask
cluster), one task a worker, and each computes its options' values with the native solver (its
own tables: the workers do not share work, so the sum of their positions counts some positions
more than once).  The library's own call for a value on a cluster is
``konane.value(board, cluster=...)`` (:mod:`konane.cluster`); this script is the experiment,
with each worker's trace.  Every worker logs, about every 10 seconds,
the positions it has computed from their options, its resident memory and the time, and stops
at the deadline ``--seconds`` or at its share of ``--max-memory-gb`` (a limit raised through
the solver's check callback, so its tables stay consistent).  The script prints one JSON
document: per leaf its value (the notation) or how far it got, the start's value if every leaf
finished, and the growth of positions and memory over time, from which the cost of the whole
computation can be extrapolated.

``--size 5x6`` runs the same on the 5x6 start (its value is known from
``benchmarks/bench_values.py --big``), as a check of the method and a calibration of the rates.
The experiment is not part of the test suite or CI.
"""

import argparse
import json
import os
import resource
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import cgt  # noqa: E402
import konane  # noqa: E402
from konane._kernel import native  # noqa: E402


def start_picture(rows: int, cols: int) -> str:
    """Rows top to bottom; Black on a1 (bottom-left); two adjacent middle-row stones removed."""
    grid = [["x" if ((rows - 1 - r) + c) % 2 == 0 else "o" for c in range(cols)] for r in range(rows)]
    mid = rows // 2
    c0 = cols // 2 - 1
    grid[mid][c0] = grid[mid][c0 + 1] = "."
    return "/".join("".join(row) for row in grid)


class Deadline(Exception):
    pass


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def work(job: tuple[int, list[str], float, float, float]) -> dict[str, Any]:
    """Values of some options, in one process; returns per option its result."""
    index, pictures, deadline, log_every, max_mb = job
    konane.set_progress(False)
    t0 = time.time()
    counted, last = [0], [t0]           # the positions so far, the time of the last line of the log
    trace: list[tuple[float, int, int]] = []

    def check(n: int) -> bool:
        counted[0] += n
        now = time.time()
        if now - last[0] >= log_every:
            last[0] = now
            trace.append((round(now - t0, 1), counted[0], round(rss_mb())))
            print(f"[worker {index}] {now - t0:7.1f} s {counted[0]:>13,} positions {rss_mb():>9,.0f} MB",
                  file=sys.stderr, flush=True)
        if now > deadline or rss_mb() > max_mb:
            raise Deadline
        return False

    out: list[dict[str, Any]] = []
    for pic in pictures:
        b = konane.Board(pic)
        t = time.time()
        n0 = counted[0]
        try:
            gid = native.value(b.key, True, check)
            value = str(cgt.Game.from_id(gid))
            out.append({"board": pic, "value": value, "seconds": round(time.time() - t, 1),
                        "positions": counted[0] - n0})
        except Deadline:
            out.append({"board": pic, "value": None, "seconds": round(time.time() - t, 1),
                        "positions": counted[0] - n0})
            break
    info = native.value_info() or {}
    return {"worker": index, "results": out, "trace": trace, "rss_mb": round(rss_mb()),
            "table_positions": info["positions"], "table_regions": info["regions"],
            "computed": info["computed"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default="6x6")
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--scheduler", default=None, help="the address of a running Dask scheduler (tcp://host:8786)")
    ap.add_argument("--seconds", type=float, default=540)
    ap.add_argument("--log-every", type=float, default=10)
    ap.add_argument("--max-memory-gb", type=float, default=100,
                    help="resident memory of all the workers together; a worker stops at its share")
    ap.add_argument("--depth", type=int, default=1, help="plies expanded before the leaves go to the workers")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    if not native.available():
        sys.exit("the native solver is not available")
    rows, cols = (int(x) for x in args.size.split("x"))
    start = konane.Board(start_picture(rows, cols))
    # the tree of the first --depth plies, on normal forms: node -> per side [(child key, swapped)]
    tree: dict[str, dict[str, list[tuple[str, bool]]]] = {}
    frontier = {str(start): start}
    for _ in range(args.depth):
        nxt: dict[str, konane.Board] = {}
        for key, board in frontier.items():
            sides: dict[str, list[tuple[str, bool]]] = {}
            for color in (konane.BLACK, konane.WHITE):
                keys = []
                for option in board.options(color):
                    normal, swapped = option.normalized()
                    k = str(normal)
                    if k not in tree:
                        nxt.setdefault(k, normal)
                    keys.append((k, swapped))
                sides[color.value] = keys
            tree[key] = sides
        frontier = {k: b for k, b in nxt.items() if k not in tree}
    pictures = sorted(frontier)
    # the biggest first (most stones), dealt round-robin
    pictures.sort(key=lambda p: -sum(ch in "xo" for ch in p))
    n = max(1, min(args.workers, len(pictures)))
    deadline = time.time() + args.seconds
    max_mb = args.max_memory_gb * 1024 / n
    jobs = [(i, pictures[i::n], deadline, args.log_every, max_mb) for i in range(n)]
    print(f"{args.size} start {start}: {len(tree)} positions expanded to depth {args.depth}, "
          f"{len(pictures)} leaves distinct up to symmetry and colour swap, {n} workers, {args.seconds:.0f} s",
          file=sys.stderr, flush=True)
    t = time.time()
    with konane.cluster.local_client(n, memory_limit=None, address=args.scheduler) as client:
        done = client.gather(client.map(work, jobs, pure=False))
    wall = time.time() - t
    values: dict[str, cgt.Game] = {}
    for d in done:
        for r in d["results"]:
            if r["value"] is not None:
                values[r["board"]] = cgt.parse(r["value"])
    result = {"size": args.size, "start": str(start), "depth": args.depth, "workers": n,
              "seconds": round(wall, 1), "leaves": len(pictures), "finished_leaves": len(values),
              "workers_report": done}

    def value_of(key: str) -> cgt.Game | None:
        if key in values:
            return values[key]
        sides = tree.get(key)
        if sides is None:
            return None
        opts: dict[str, list[cgt.Game]] = {}
        for c, keys in sides.items():
            vs = []
            for k, _ in keys:
                v = value_of(k)
                if v is None:
                    return None
                vs.append(v)
            opts[c] = [-v if s else v for v, (_, s) in zip(vs, keys, strict=True)]
        values[key] = cgt.game(opts["x"], opts["o"])
        return values[key]

    g = value_of(str(start))
    if g is not None:
        result["value"] = str(g)
        result["outcome"] = g.outcome.name
    text = json.dumps(result, indent=1)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text)
    print(text)


if __name__ == "__main__":
    main()
