"""Benchmark: konane.solve on 1 to N threads (parallel df-pn), or konane.value (its walkers), against one thread.

Run:  python benchmarks/bench_threads.py                       (6x6 openings c3 c4 and a1 a2, 1 and 2 threads)
      python benchmarks/bench_threads.py --threads 1 2 4 8 16  (on a many-core machine)
      python benchmarks/bench_threads.py --big                 (also the 5x8 corner openings a1 a2 and a1 b1)
      python benchmarks/bench_threads.py --quick               (the 6x6 opening a1 a2 alone)
      python benchmarks/bench_threads.py --repeat 3            (3 fresh runs of each cell: the best and the median)
      python benchmarks/bench_threads.py --json FILE           (the rows as data, for benchmarks/results/)
      python benchmarks/bench_threads.py --value --threads 1 2 3 4   (konane.value instead: see below)

Each solve runs in a fresh process (cold tables) with Black to move after the two removals, and
reports the positions searched (every thread's: several threads search some positions twice),
the seconds, the speed-up over one thread (its seconds over these), the efficiency (speed-up
over threads) and the bytes per position (growth of the peak resident size over the positions).
With ``--repeat``, the row is the fastest run's, and the speed-up of the median times beside it
(several threads search in an order that varies from run to run, and so do their times).
The answer must be the same on every number of threads (a row that differs is printed as
``NO``).  cgt-py has no win/loss search to set beside these (its Konane values are in
``bench_native_values.py``).

With ``--value``: ``konane.value`` of the 5x6 start and of the real-game positions 10 and 34 of
``data/realgames-early.json`` (28 and 31 stones: 10 and 32 million positions; ``--quick``: 10
alone), the positions computed (every walker's: helpers compute some twice) from
``konane.cache_info()``.  On 2 threads the walk and the valuation run in two; from 3, ``n - 2``
helpers walk beside the first walk (``konane.set_threads``).  The values must be the same.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import textwrap

ONE = textwrap.dedent(r'''
    import json, resource, sys, time
    import konane
    rows, cols, first, second, threads = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
    board = konane.Board.start(rows, cols).play_removal(first).play_removal(second)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    start = time.perf_counter()
    s = konane.solve(board, "x", threads=threads, progress=False, max_memory=None)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"winner": s.winner.name, "positions": s.positions, "seconds": seconds,
                      "bytes_per_position": (peak - base) / max(1, s.positions)}))
''')


VALUE = textwrap.dedent(r'''
    import json, resource, sys, time
    import konane
    picture, threads = sys.argv[1], int(sys.argv[2])
    board = konane.Board(picture)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    start = time.perf_counter()
    v = konane.value(board, threads=threads, progress=False, max_memory=None)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    computed = konane.cache_info()["native"]["computed"]
    print(json.dumps({"winner": str(v), "positions": computed, "seconds": seconds,
                      "bytes_per_position": (peak - base) / max(1, computed)}))
''')

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "realgames-early.json")


def value_cases(quick: bool) -> list[tuple[str, str]]:
    """The positions of ``--value``: (name, picture)."""
    with open(DATA) as f:
        positions = json.load(f)["positions"]
    cases = [("early 10", positions[10]["picture"])]
    if not quick:
        cases = [("5x6 start", "xoxoxo/oxoxox/xo..xo/oxoxox/xoxoxo")] + cases
        cases += [("early 34", positions[34]["picture"])]
    return cases


def solve(rows: int, cols: int, first: str, second: str, threads: int, limit: float) -> dict[str, object]:
    """One solve in a fresh process: its row, or ``{"timeout": limit}``."""
    return run([ONE, str(rows), str(cols), first, second, str(threads)], limit)


def value(picture: str, threads: int, limit: float) -> dict[str, object]:
    """One value in a fresh process: its row (the value as ``winner``), or ``{"timeout": limit}``."""
    return run([VALUE, picture, str(threads)], limit)


def run(args: list[str], limit: float) -> dict[str, object]:
    """The row a script of this file prints, run in a fresh process, or ``{"timeout": limit}``."""
    try:
        p = subprocess.run([sys.executable, "-c", *args],
                           capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return {"timeout": limit}
    return dict(json.loads(p.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--big", action="store_true", help="also the 5x8 corner openings a1 a2 and a1 b1")
    ap.add_argument("--quick", action="store_true", help="the 6x6 opening a1 a2 alone (a smoke run)")
    ap.add_argument("--repeat", type=int, default=1, help="fresh runs a cell: the fastest kept, the median beside")
    ap.add_argument("--limit", type=float, default=300.0, help="seconds a solve may take")
    ap.add_argument("--value", action="store_true", help="konane.value of the 5x6 start and two real-game positions")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    cases = [(6, 6, "a1", "a2")] if args.quick else [(6, 6, "c3", "c4"), (6, 6, "a1", "a2")]
    if args.big:
        cases += [(5, 8, "a1", "a2"), (5, 8, "a1", "b1")]
    jobs = [(f"{r}x{c} {a} {b}", lambda n, r=r, c=c, a=a, b=b: solve(r, c, a, b, n, args.limit),
             {"rows_cols": [r, c], "opening": f"{a} {b}"}) for r, c, a, b in cases]
    if args.value:
        jobs = [(name, lambda n, p=picture: value(p, n, args.limit), {"position": name, "picture": picture})
                for name, picture in value_cases(args.quick)]
    threads = sorted(set(args.threads) | {1})
    rows = []
    print(f"{'position' if args.value else 'opening':<14} {'threads':>7} {'answer' if args.value else 'winner':>6} "
          f"{'positions':>12} {'seconds':>8} {'speed-up':>8} {'effic.':>6} {'B/pos':>6} {'median':>8} {'speed-up':>8}")
    for name, job, what in jobs:
        one: dict[str, object] | None = None
        for n in threads:
            runs = [job(n) for _ in range(args.repeat)]
            done = [x for x in runs if "timeout" not in x]
            row = min(done, key=lambda x: float(x["seconds"])) if done else runs[0]  # type: ignore[arg-type]
            row.update(what, threads=n, times=[x.get("seconds") for x in runs])
            if len(done) == len(runs):
                row["median_seconds"] = statistics.median(float(x["seconds"]) for x in done)  # type: ignore[arg-type]
            if n == 1:
                one = row
            if "timeout" in row:
                print(f"{name:<14} {n:>7} {'':>6} {'':>12} {'> ' + str(args.limit):>8}")
            else:
                same = one is None or "timeout" in one or one["winner"] == row["winner"]
                speedup = float(one["seconds"]) / float(row["seconds"]) if one and "timeout" not in one else None  # type: ignore[arg-type]
                row["speedup"] = speedup
                median = ""
                if one and "median_seconds" in one and "median_seconds" in row:
                    row["median_speedup"] = float(one["median_seconds"]) / float(row["median_seconds"])  # type: ignore[arg-type]
                    median = f"{row['median_seconds']:>8.2f} {row['median_speedup']:>8.2f}"
                print(f"{name:<14} {n:>7} {row['winner'] if same else 'NO':>6} {row['positions']:>12,} "
                      f"{row['seconds']:>8.2f} {speedup or 0:>8.2f} {(speedup or 0) / n:>6.2f} "
                      f"{row['bytes_per_position']:>6.0f} {median}")
            rows.append(row)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": {"processor": platform.processor() or platform.machine(),
                                   "cores": len(os.sched_getaffinity(0)), "python": platform.python_version()},
                       "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
