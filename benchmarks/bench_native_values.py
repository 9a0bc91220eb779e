"""Benchmark: the native Konane solver (konane._kernel.native, what konane.value runs with no cache
given) against the Python solver (konane.value with a cache of its own, on the active engine)
and cgt-py, on the starting boards of bench_values.py.

Run:  python benchmarks/bench_native_values.py            (4x5, 4x6, 5x5)
      python benchmarks/bench_native_values.py --big      (also 5x6; the Python solver and
                                                            cgt-py get --timeout seconds)

Each computation runs in a fresh subprocess (cold tables, its own peak memory); the three
must give the same value.  cgt-py is optional; it is skipped with a message if missing.
"""

import argparse
import json
import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from bench_values import PEER, start_picture  # noqa: E402

NATIVE = textwrap.dedent("""
    import json, resource, sys, time
    sys.path.insert(0, {root!r})
    import cgt, konane
    from konane._kernel import native
    assert native.available(), "the native Konane solver is not built"
    b = konane.Board({pic!r})
    t = time.perf_counter()
    g = native.value(b.key, True)
    dt = time.perf_counter() - t
    info = native.value_info()
    print(json.dumps({{"value": str(cgt.Game.from_id(g)), "time": dt, "positions": info["positions"],
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
""")

PYTHON = textwrap.dedent("""
    import json, resource, sys, time
    sys.path.insert(0, {root!r})
    import konane
    konane.set_progress(False)
    b = konane.Board({pic!r})
    cache = konane.RegionCache()          # a cache given: the Python solver (on the active engine)
    t = time.perf_counter()
    v = konane.value(b, cache=cache)
    dt = time.perf_counter() - t
    print(json.dumps({{"value": str(v), "time": dt, "positions": cache.info()["positions"],
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
""")


def run(code, timeout):
    try:
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout,
                           cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"error": f"> {timeout} s"}
    if r.returncode != 0:
        return {"error": (r.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(r.stdout.strip().splitlines()[-1])


def fmt(r):
    return f"{r['time']:.3f} s" if "time" in r else r["error"]


def ratio(r, base):
    return f"{r['time'] / base['time']:.1f}x" if "time" in r and "time" in base else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--big", action="store_true")
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args()
    shapes = [(4, 5), (4, 6), (5, 5)] + ([(5, 6)] if args.big else [])
    try:
        import cgt_py  # noqa: F401
        have_peer = True
    except ImportError:
        have_peer = False
        print("cgt-py is not installed (pip install cgt-py anywidget): its column is skipped")
    print(f"{'board':6} {'value':>14} {'native':>10} {'MB':>6} {'konane.value':>13} {'MB':>6} "
          f"{'cgt-py':>10} {'MB':>6} {'py/native':>9} {'cgt-py/native':>13}  same")
    for rows, cols in shapes:
        lines = start_picture(rows, cols)
        pic = "/".join(lines)
        nat = run(NATIVE.format(root=ROOT, pic=pic), args.timeout)
        py = run(PYTHON.format(root=ROOT, pic=pic), args.timeout)
        peer = run(PEER.format(pic="|".join(lines)), args.timeout) if have_peer else {"error": "-"}
        values = {r["value"] for r in (nat, py, peer) if "value" in r}
        print(f"{rows}x{cols:<4} {nat.get('value', '?'):>14} {fmt(nat):>10} {nat.get('rss_mb', 0):>6.0f} "
              f"{fmt(py):>13} {py.get('rss_mb', 0):>6.0f} {fmt(peer):>10} {peer.get('rss_mb', 0):>6.0f} "
              f"{ratio(py, nat):>9} {ratio(peer, nat):>13}  {len(values) == 1}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
