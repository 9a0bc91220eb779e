"""Benchmark: values of Konane starting positions, konane-cgt against cgt-py (Rust, no decomposition).

Run:  python benchmarks/bench_values.py            (4x5, 4x6, 5x5)
      python benchmarks/bench_values.py --big      (also 5x6; cgt-py is given --peer-timeout seconds)
      python benchmarks/bench_values.py --enum     (also konane.census of 4x5 and 4x6: all 2^20 and
                                                    2^24 parity-consistent positions, saved and loaded)
      python benchmarks/bench_values.py --enum-only (the censuses alone)
      python benchmarks/bench_values.py --floor    (also the search alone, values not computed)
      python benchmarks/bench_values.py --lines 8  (instead: Chan & Tsai's rows, a, b, c <= 8;
                                                    cgt-py gets 60 s a row, --peer-timeout with --big)

Each computation runs in a fresh subprocess (cold caches, its own peak memory).  The boards are
the standard starting boards (Black on a1) with two adjacent stones removed from the middle
row, as in the issue.  Both libraries must give the same value; the script checks it.  A
computation of less than 0.1 s is timed again in fresh processes, ``--repeats`` times in all
(5 by default), for both libraries alike, and its best time kept (``_peers.best_of_cold``).
cgt-py is optional (pip install cgt-py anywidget); it is skipped with a message if missing.
"""

import argparse
import json
import os
import subprocess
import sys
import textwrap
from itertools import product

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from _peers import SHORT, best_of_cold  # noqa: E402


def start_picture(rows, cols):
    """Rows top to bottom; Black on a1 (bottom-left); two adjacent middle-row stones removed."""
    grid = [["x" if ((rows - 1 - r) + c) % 2 == 0 else "o" for c in range(cols)] for r in range(rows)]
    mid = rows // 2
    c0 = cols // 2 - 1
    grid[mid][c0] = grid[mid][c0 + 1] = "."
    return ["".join(row) for row in grid]


OURS = textwrap.dedent("""
    import json, resource, sys, time
    sys.path.insert(0, {root!r})
    {setup}
    import konane
    konane.set_progress(False)
    b = konane.Board({pic!r})
    t = time.perf_counter()
    v = konane.value(b)
    dt = time.perf_counter() - t
    caches = konane.cache_info()
    info = caches["native"] or caches["default"]      # the native solver's tables, where it ran
    print(json.dumps({{"value": str(v), "time": dt, "regions": info["regions"],
                      "positions": info["positions"],
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
""")

PEER = textwrap.dedent("""
    import json, resource, time
    import cgt_py
    k = cgt_py.Konane({pic!r})
    t = time.perf_counter()
    v = k.canonical_form
    dt = time.perf_counter() - t
    print(json.dumps({{"value": str(v).removeprefix("CanonicalForm('").removesuffix("')"),
                      "time": dt, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
""")

# ``setup`` of OURS for the same search with the canonical-form step replaced by a constant:
# the positions visited, the moves generated and the tables are the same (they depend on
# positions, not on values), only the values are not computed.  Its time is a floor for this
# search in pure Python.  It runs before konane is imported: the solver binds cgt.ops's
# functions when it is imported.
FLOOR_SETUP = ("from cgt import ops; zero = ops.ZERO; "
               "ops.canonical = lambda lefts, rights: zero")

ENUM = textwrap.dedent("""
    import json, os, resource, sys, time
    sys.path.insert(0, {root!r})
    import cgt, konane
    t, cpu = time.perf_counter(), time.process_time()
    c = konane.census({rows}, {cols}, progress=False, max_memory=None)
    dt, cpu = time.perf_counter() - t, time.process_time() - cpu
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t = time.perf_counter()
    distinct = c.distinct
    dt_summary = time.perf_counter() - t
    counts = {{o.value: n for o, n in c.outcomes().items()}}
    t = time.perf_counter()
    c.save({path!r})
    dt_save = time.perf_counter() - t
    print(json.dumps({{"time": dt, "cpu": cpu, "rss_mb": rss, "distinct": distinct, "outcomes": counts,
                      "summary": dt_summary, "save": dt_save, "file_mb": os.path.getsize({path!r}) / 1e6,
                      "path": "native" if cgt.backend == "native" else "Python",
                      "backend": cgt.backend}}))
""")

# a census saved by ENUM, loaded in a fresh process (its values rebuilt in an empty engine)
ENUM_LOAD = textwrap.dedent("""
    import json, resource, sys, time
    sys.path.insert(0, {root!r})
    import konane
    t = time.perf_counter()
    c = konane.Census.load({path!r})
    dt = time.perf_counter() - t
    print(json.dumps({{"time": dt, "distinct": c.distinct,
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
""")


def census_table(shapes, timeout):
    """``konane.census`` of each shape in a fresh process (wall and CPU time, peak memory), the
    number of distinct values (``summary``: the time of counting them) and the outcome counts,
    then Census.save there and Census.load in another fresh process."""
    import tempfile
    print(f"\n{'census':7} {'positions':>11} {'path':>7} {'time':>9} {'cpu':>8} {'peak MB':>8} {'distinct':>9} "
          f"{'summary':>8} {'save':>7} {'file MB':>8} {'load':>7} {'peak MB':>8}  outcomes P/N/L/R")
    with tempfile.TemporaryDirectory() as tmp:
        for rows, cols in shapes:
            path = os.path.join(tmp, f"census-{rows}x{cols}.sqlite")
            r = run(ENUM.format(root=ROOT, rows=rows, cols=cols, path=path), timeout)
            load = run(ENUM_LOAD.format(root=ROOT, path=path), timeout) if "time" in r else {}
            if "distinct" in load and load["distinct"] != r["distinct"]:
                load = {"error": "the loaded census has other values"}
            o = r.get("outcomes") or {}
            print(f"{rows}x{cols:<5} {2 ** (rows * cols):>11,} {r.get('path', '?'):>7} {fmt(r):>9} "
                  f"{r.get('cpu', 0):>7.2f}s {r.get('rss_mb', 0):>8.0f} {r.get('distinct', 0):>9,} "
                  f"{r.get('summary', 0):>7.2f}s "
                  f"{r.get('save', 0):>6.2f}s {r.get('file_mb', 0):>8.1f} {fmt(load):>7} "
                  f"{load.get('rss_mb', 0):>8.0f}  " + "/".join(f"{o.get(k, 0):,}" for k in "PNLR"))
            sys.stdout.flush()


LINES = textwrap.dedent("""
    import json, resource, sys, time
    sys.path.insert(0, {root!r})
    import konane
    konane.set_progress(False)
    t = time.perf_counter()
    rows = {{abc: str(konane.value(pic)) for abc, pic in {pics!r}}}
    dt = time.perf_counter() - t
    ok = all(v == str(sum(abc)) for abc, v in rows.items())
    print(json.dumps({{"time": dt, "ok": ok, "regions": konane.default_cache().info()["regions"],
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
""")


def chan_tsai(*blocks):
    """Chan and Tsai's rows: blocks of alternating stones, each starting White, single empty
    cells between them and at both ends (S(3, 1, 3) = .oxo.o.oxo.)."""
    return "." + ".".join("".join("ox"[i % 2] for i in range(n)) for n in blocks) + "."


def lines(k_max, timeout, peer_timeout, peer):
    """Chan & Tsai's three odd blocks: every row with a, b, c <= k (ours), and the single
    row with a = b = c = k against cgt-py (which solves a row as one game)."""
    print(f"\n{'rows a,b,c <= k':16} {'konane-cgt':>12} {'peak MB':>8} {'regions':>8}  all = a+b+c")
    for k in range(2, k_max + 1):
        pics = [((a, b, c), chan_tsai(2 * a + 1, 2 * b + 1, 2 * c + 1))
                for a, b, c in product(range(k + 1), repeat=3)]
        r = run(LINES.format(root=ROOT, pics=pics), timeout)
        print(f"k = {k:<12} {fmt(r):>12} {r.get('rss_mb', 0):>8.0f} {r.get('regions', 0):>8}  {r.get('ok', '?')}")
        sys.stdout.flush()
        if "time" not in r:
            break
    print(f"\n{'one row':24} {'value':>6} {'konane-cgt':>12} {'cgt-py':>10} {'cgt-py/ours':>11}  same value")
    for k in range(1, k_max + 1):
        pic = chan_tsai(2 * k + 1, 2 * k + 1, 2 * k + 1)
        ours = run(OURS.format(root=ROOT, pic=pic, setup=""), timeout)
        theirs = run(PEER.format(pic=pic), peer_timeout) if peer else {}
        same = ratio = ""
        if "value" in ours and "value" in theirs:
            same = "yes" if ours["value"] == theirs["value"].replace(" ", "") else f"NO ({theirs['value']})"
            ratio = f"{theirs['time'] / ours['time']:.2f}"
        print(f"S({2 * k + 1},{2 * k + 1},{2 * k + 1}) {len(pic):>3} cells {ours.get('value', '?'):>6} "
              f"{fmt(ours):>12} {(fmt(theirs) if peer else 'n/a'):>10} {ratio:>11}  {same}")
        sys.stdout.flush()
        if "time" not in theirs:
            peer = False                # longer rows only take longer


def run(code, timeout):
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             timeout=timeout, env=dict(os.environ, KONANE_PROGRESS="0"))
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr else f"exit {out.returncode}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def have_peer():
    r = subprocess.run([sys.executable, "-c", "import cgt_py"], capture_output=True, text=True)
    return r.returncode == 0


def fmt(r):
    if "timeout" in r:
        return f"> {r['timeout']:.0f} s"
    if "error" in r:
        return "error"
    return f"{r['time']:.2f} s"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--big", action="store_true", help="also the 5x6 board")
    ap.add_argument("--enum", action="store_true",
                    help="also konane.census of 4x5 and 4x6 (every parity-consistent position)")
    ap.add_argument("--enum-only", action="store_true", help="only the censuses of --enum")
    ap.add_argument("--floor", action="store_true",
                    help="also time the search alone (the canonical-form step replaced by a constant)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds for our computations")
    ap.add_argument("--peer-timeout", type=float, default=480, help="seconds for cgt-py")
    ap.add_argument("--repeats", type=int, default=5,
                    help=f"runs of a computation shorter than {SHORT} s (best time kept; default 5)")
    ap.add_argument("--lines", type=int, metavar="K", default=0,
                    help="instead: Chan & Tsai's rows S(2a+1, 2b+1, 2c+1), a, b, c <= K")
    args = ap.parse_args(argv)
    if args.enum_only:
        census_table([(4, 5), (4, 6)], args.timeout)
        return
    sizes = [(4, 5), (4, 6), (5, 5)] + ([(5, 6)] if args.big else [])
    peer = have_peer()
    if args.lines:
        lines(args.lines, args.timeout, args.peer_timeout if args.big else 60, peer)
        return
    if not peer:
        print("cgt-py not installed (pip install cgt-py anywidget): its column is skipped")
    print(f"{'board':6} {'value':>8} {'konane-cgt':>12} {'peak MB':>8} {'positions':>10} "
          f"{'cgt-py':>10} {'peak MB':>8} {'cgt-py/ours':>11}  same value" +
          (f"  {'search only':>11}" if args.floor else ""))
    for rows, cols in sizes:
        pic = start_picture(rows, cols)
        code, peer_code = OURS.format(root=ROOT, pic="/".join(pic), setup=""), PEER.format(pic="|".join(pic))
        ours = best_of_cold(run, code, args.timeout, repeats=args.repeats)
        theirs = best_of_cold(run, peer_code, args.peer_timeout, repeats=args.repeats) if peer else {}
        same = ""
        ratio = ""
        if "value" in ours and "value" in theirs:
            same = "yes" if ours["value"].replace(" ", "") == theirs["value"].replace(" ", "") \
                else f"NO ({theirs['value']})"
            ratio = f"{theirs['time'] / ours['time']:.2f}"
        print(f"{rows}x{cols:<4} {ours.get('value', '?'):>8} {fmt(ours):>12} "
              f"{ours.get('rss_mb', 0):>8.0f} {ours.get('positions', 0):>10} "
              f"{(fmt(theirs) if peer else 'n/a'):>10} {theirs.get('rss_mb', 0):>8.0f} {ratio:>11}  {same:10}",
              end="")
        if args.floor:
            floor = run(OURS.format(root=ROOT, pic="/".join(pic), setup=FLOOR_SETUP), args.timeout)
            if "positions" in floor and floor["positions"] != ours.get("positions"):
                floor = {"error": "not the same positions"}
            print(f"  {fmt(floor):>11}", end="")
        print()
        sys.stdout.flush()
    if args.enum:
        census_table([(4, 5), (4, 6)], args.timeout)


if __name__ == "__main__":
    main()
