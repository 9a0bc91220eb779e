"""Benchmark: the memory of the native tables, in bytes a position, beside the seconds.

Run:  python benchmarks/bench_table_bytes.py              (values of 4x5, 4x6, 5x5; solve of the
                                                           5x5 and 6x6 openings c3, b3 / c3, c4)
      python benchmarks/bench_table_bytes.py --big        (also the 5x6 start's value)
      python benchmarks/bench_table_bytes.py --json FILE  (the rows as data, for benchmarks/results/)

Each computation runs in a fresh subprocess.  ``grown`` is the growth of the process's peak
resident memory during the call (``ru_maxrss`` after, less the resident memory before: the
interpreter, the library and the empty tables are not counted); ``bytes/pos`` is ``grown``
divided by the positions the tables hold at the end (the value solver's position table, or the
search's nodes expanded), all tables included: positions, regions, the engine's table of
canonical forms and its caches, the allocator's slack.  ``engine`` is the part of the engine's
table of games (``cgt.cache_info()["bytes"]``: records, options and indexes), which says whether
the game table dominates.  The issue's target is 64 bytes a position all in.
"""

import argparse
import json
import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from bench_values import start_picture  # noqa: E402

CODE = textwrap.dedent("""
    import json, resource, sys, time
    sys.path.insert(0, {root!r})
    import cgt, konane
    from konane._kernel import native
    assert native.available(), "the native core is not built"
    konane.set_progress(False)

    def resident():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * 4096

    before = resident()
    t = time.perf_counter()
    if {kind!r} == "value":
        out = str(konane.value(konane.Board({pic!r}), max_memory=None))
        positions = native.value_info()["positions"]
    else:
        b = konane.Board.start({n}).play_removal({first!r}).play_removal({second!r})
        s = konane.solve(b, "x", max_memory=None)
        out, positions = s.winner.long_name, s.positions
    dt = time.perf_counter() - t
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
    print(json.dumps({{"result": out, "seconds": dt, "positions": positions, "grown": grown,
                      "engine": cgt.cache_info()["bytes"], "games": cgt.cache_info()["games"]}}))
""")


def run(kind, label, timeout, **kw):
    code = CODE.format(root=ROOT, kind=kind, pic=kw.get("pic", ""), n=kw.get("n", 0),
                       first=kw.get("first", ""), second=kw.get("second", ""))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    if r.returncode != 0:
        raise SystemExit(f"{label}: {r.stderr[-2000:]}")
    row = json.loads(r.stdout.strip().splitlines()[-1])
    row.update(kind=kind, board=label, bytes_per_position=row["grown"] / max(1, row["positions"]))
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--big", action="store_true", help="also the 5x6 start's value")
    ap.add_argument("--json", default=None, help="write the rows to this file")
    ap.add_argument("--timeout", type=float, default=1800)
    args = ap.parse_args()
    jobs = [("value", f"{r}x{c} start", {"pic": "/".join(start_picture(r, c))})
            for r, c in [(4, 5), (4, 6), (5, 5)] + ([(5, 6)] if args.big else [])]
    jobs += [("solve", "5x5 c3,b3", {"n": 5, "first": "c3", "second": "b3"}),
             ("solve", "6x6 c3,c4", {"n": 6, "first": "c3", "second": "c4"})]
    print(f"{'kind':6} {'board':12} {'result':>8} {'seconds':>8} {'positions':>11} {'grown':>9} "
          f"{'bytes/pos':>9} {'engine':>9} {'games':>8}")
    rows = []
    for kind, label, kw in jobs:
        row = run(kind, label, args.timeout, **kw)
        rows.append(row)
        print(f"{kind:6} {label:12} {row['result'][:8]:>8} {row['seconds']:8.2f} {row['positions']:11,} "
              f"{row['grown'] / 2**20:8.1f}M {row['bytes_per_position']:9.0f} {row['engine'] / 2**20:8.2f}M "
              f"{row['games']:8,}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"benchmark": "bench_table_bytes", "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
