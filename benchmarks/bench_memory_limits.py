"""Benchmark: how well ``max_memory`` holds on computations that cannot finish.

Run:  python benchmarks/bench_memory_limits.py                  (value and solve, 1 and 2 GiB)
      python benchmarks/bench_memory_limits.py --limits 1 --only value --json out.json

Each computation runs in a fresh subprocess whose address space is capped (``RLIMIT_AS``,
``--cap`` GiB, 12 by default, so that a limit that does not hold cannot take the machine
down): ``konane.value`` and ``konane.solve`` (Black to move) of the 8x8 start after the
removals d4 and d5, which neither finishes in any reasonable memory, with ``max_memory`` set
to each of ``--limits`` (GiB).  The child reads its peak resident size (``VmHWM`` of
``/proc/self/status``) before and after the call: the growth is what the computation took at
its peak, and the table sets it beside the limit (growth / limit: at most 1.10 is the
library's promise).  It also says how the call ended: ``limit`` (``ComputationLimitError``,
with the limit it names), another exception, or the process killed by a signal (an abort
when an allocation failed).  The search's tables drop their cheapest entries rather than grow
past the limit, so ``solve`` runs ``--solve-seconds`` (300 by default) and ends by its time
within the limit.  Linux only.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GIB = 1 << 30

CHILD = textwrap.dedent("""
    import json, resource, sys, time
    sys.path.insert(0, {root!r})
    cap = {cap}
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    import konane

    def hwm():
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        return 0

    b = konane.Board.start(8).play_removal("d4").play_removal("d5")
    konane.value("xo../....")                 # the backend's start-up, before the baseline
    before = hwm()
    t = time.perf_counter()
    out = {{"what": {what!r}, "limit": {limit}}}
    try:
        if {what!r} == "value":
            konane.value(b, max_memory={limit}, progress=False)
        else:
            konane.solve(b, "x", max_memory={limit}, progress=False, time={solve_seconds})
        out["ended"] = "finished"
    except konane.ComputationLimitError as exc:
        out["ended"] = "limit " + exc.limit
        out["message"] = str(exc)
    except BaseException as exc:
        out["ended"] = type(exc).__name__
        out["message"] = str(exc)
    out["seconds"] = time.perf_counter() - t
    out["growth"] = hwm() - before
    print(json.dumps(out))
""")


def run(what: str, limit: int, cap: int, timeout: float, solve_seconds: float = 300.0) -> dict[str, object]:
    """One computation in a fresh capped process: how it ended and its peak growth."""
    code = CHILD.format(root=str(ROOT), cap=cap, what=what, limit=limit, solve_seconds=solve_seconds)
    env = dict(os.environ, KONANE_PROGRESS="0")
    t = time.perf_counter()
    try:
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"what": what, "limit": limit, "ended": f"timeout after {timeout:.0f} s", "growth": None,
                "seconds": time.perf_counter() - t}
    lines = r.stdout.strip().splitlines()
    if r.returncode != 0 or not lines:
        ended = f"killed by signal {-r.returncode}" if r.returncode < 0 else f"exit {r.returncode}"
        return {"what": what, "limit": limit, "ended": ended, "growth": None, "seconds": time.perf_counter() - t,
                "message": r.stderr.strip()[-300:]}
    result: dict[str, object] = json.loads(lines[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limits", type=float, nargs="+", default=[1.0, 2.0], help="max_memory values, GiB")
    parser.add_argument("--only", choices=["value", "solve"], help="one computation only")
    parser.add_argument("--cap", type=float, default=12.0, help="the child's RLIMIT_AS, GiB (default 12)")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per computation (default 900)")
    parser.add_argument("--solve-seconds", type=float, default=300.0,
                        help="the time= of the search (default 300: it keeps within the limit and ends by it)")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args()
    whats = [args.only] if args.only else ["value", "solve"]
    results = []
    print(f"{'computation':<12} {'max_memory':>10} {'peak growth':>12} {'ratio':>6} {'seconds':>8}  ended")
    for what in whats:
        for gib in args.limits:
            limit = int(gib * GIB)
            r = run(what, limit, int(args.cap * GIB), args.timeout, args.solve_seconds)
            results.append(r)
            growth = r.get("growth")
            grown = f"{growth / GIB:9.2f} GiB" if isinstance(growth, int) else f"{'-':>13}"
            ratio = f"{growth / limit:6.2f}" if isinstance(growth, int) else f"{'-':>6}"
            secs = r.get("seconds")
            print(f"{what:<12} {gib:6.2f} GiB {grown} {ratio} {secs:8.1f}  {r['ended']}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
