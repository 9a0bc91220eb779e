"""Benchmark: values of positions from real 8x8 games, konane-cgt against cgt-py; and who wins.

Run:  python benchmarks/bench_realgames.py                 (every position, 20 s limit each)
      python benchmarks/bench_realgames.py --limit 5 --only 0-9 --json out.json
      python benchmarks/bench_realgames.py --no-peer         (ours only)
      python benchmarks/bench_realgames.py --set early --threads 1 --limit 100   (plies 24 to 34)
      python benchmarks/bench_realgames.py --set early --threads 1 --limit 50 --solve

The positions are ``benchmarks/data/realgames.json`` (``--set late``, the default) or
``realgames-early.json`` (``--set early``), made by ``scripts/realgames.py``: seeded random
and mobility-greedy games from the standard opening, snapshots at plies 32 to 46 (late) or
24 to 34 (early).  Each value is computed in a fresh subprocess (cold caches):
``konane.value`` with the backend of ``KONANE_CGT_BACKEND`` (native by default where the
extension is built), and cgt-py's ``Konane(picture).canonical_form`` (pip install cgt-py
anywidget; both read ``x`` as Black = Left, rows top to bottom).  With ``--solve``, ours is
``konane.solve`` with the player of the snapshot's ply to move (Black after an even number of
plies), and there is no peer (cgt-py has no search: its answer is the value's).

Times are wall-clock times of the computation alone: cgt-py is single-threaded, konane-cgt's
native solver uses two threads where the machine has them (``konane.set_threads``;
``--threads 1`` for one), so its CPU time (``time.process_time``, the ``cpu`` of ``--json``)
can be larger than its wall-clock time.  konane-cgt runs under its own limits, ``time=`` the
limit and ``max_memory=`` ``--max-memory`` GiB (6 by default), and reports how far it got when
one stops it; cgt-py under the wall-clock limit, with a CPU-time limit (``RLIMIT_CPU``) of the
threads times the limit as a backstop for both.  For ours the table gives the positions
computed (``konane.value``: positions valued; ``konane.solve``: nodes searched) and the bytes
a position: the growth of the peak resident size over the call, divided by the positions.

Where both finish, the values must be the same (the script says NO otherwise).  A
computation of less than 0.1 s is timed again in fresh processes, ``--repeats`` times in all
(5 by default), for both libraries alike, and its best time kept (``_peers.best_of_cold``): a
single cold run of a few milliseconds varies by several times from run to run on a shared
machine.  The table gives, per position, the stones, the regions the solver splits the
position into (``footprint_region_masks``, or the reach rule's ``live_region_masks`` in a
checkout without it), both times and cgt-py's time over ours; the totals count what each
finishes and add the times of the positions both finish.  ``--base DIR`` adds a column for
another checkout (before/after a change).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = {"late": HERE / "data" / "realgames.json", "early": HERE / "data" / "realgames-early.json"}
GIB = 1 << 30
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _peers import SHORT, best_of_cold, count_text, pick  # noqa: E402

import cgt  # noqa: E402  (to compare values written in different notations)

OURS = textwrap.dedent("""
    import json, resource, sys, time
    sys.path.insert(0, {root!r})
    import importlib, konane
    konane.set_progress(False)
    if {threads} and hasattr(konane, "set_threads"):
        konane.set_threads({threads})
    # the one-time start-up of the backend on an 8x8 board (about 0.3 ms; cgt-py's is in its
    # import and constructor), then cold caches again
    konane.value("xo....../......../......../......../......../......../......../......ox")
    konane.clear_caches()
    b = konane.Board({pic!r})
    what, to_move, limit, memory = {what!r}, {to_move!r}, {limit!r}, {memory!r}
    # the split at the root: konane._kernel.footprint (older checkouts, for --base: konane.decomposition)
    try:
        split = importlib.import_module("konane._kernel.footprint").footprint_region_masks
    except ImportError:
        split = importlib.import_module("konane.decomposition").footprint_region_masks
    rows, cols, cells, black, white = b.key
    roots = len(split(cells, black, white, cols + 1))
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    out = {{"roots": roots}}
    t, c = time.perf_counter(), time.process_time()
    try:
        if what == "value":
            out["value"] = str(konane.value(b, time=limit, max_memory=memory))
            out["positions"] = konane.cache_info()["native"]["computed"]
        else:
            s = konane.solve(b, to_move, time=limit, max_memory=memory)
            out["value"] = s.winner.name
            out["positions"] = s.positions
        out["time"] = time.perf_counter() - t
    except konane.ComputationLimitError as e:
        out["stopped"] = e.limit
        out["positions"] = e.positions
        out["after"] = time.perf_counter() - t
    out["cpu"] = time.process_time() - c
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    out["rss_mb"] = rss / 2**20
    if out["positions"]:
        out["bytes_per_position"] = (rss - rss0) / out["positions"]
    print(json.dumps(out))
""")

PEER = textwrap.dedent("""
    import json, resource, time
    import cgt_py
    k = cgt_py.Konane({pic!r})
    t, c = time.perf_counter(), time.process_time()
    v = k.canonical_form
    dt, dc = time.perf_counter() - t, time.process_time() - c
    print(json.dumps({{"value": str(v).removeprefix("CanonicalForm('").removesuffix("')"),
                      "time": dt, "cpu": dc,
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
""")


def _cpu_limit(seconds: float):
    """The subprocess's CPU-time limit (SIGXCPU past it), a backstop: two threads at most."""
    import resource

    def set_limit() -> None:
        n = int(2 * seconds) + 2          # the start-up (imports) counts too
        resource.setrlimit(resource.RLIMIT_CPU, (n, n + 1))
    return set_limit


def run(code: str, timeout: float) -> dict:
    """Run ``code`` in a fresh interpreter under a time limit; its last line of output as
    JSON (with ``stopped``, the limit, when konane's own limit stopped it), or why not."""
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             timeout=timeout + 5, preexec_fn=_cpu_limit(timeout),
                             env=dict(os.environ, KONANE_PROGRESS="0"))
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if out.returncode != 0:
        if out.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
            return {"timeout": timeout}
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr else f"exit {out.returncode}"}
    r: dict = json.loads(out.stdout.strip().splitlines()[-1])
    if r.get("time", 0.0) > timeout:  # the limit is on the computation, not the start-up
        return {"timeout": timeout}
    return r


def have_peer() -> bool:
    r = subprocess.run([sys.executable, "-c", "import cgt_py"], capture_output=True, text=True)
    return r.returncode == 0


def fmt(r: dict) -> str:
    if "timeout" in r:
        return f"> {r['timeout']:.0f} s"
    if "stopped" in r:
        return f"{r['stopped']} {r['after']:.0f} s"
    if "error" in r:
        return "error"
    if "time" not in r:
        return "n/a"
    return f"{r['time'] * 1000:.1f} ms" if r["time"] < 0.1 else f"{r['time']:.2f} s"


def to_move(p: dict) -> str:
    """The player to move in a snapshot: Black after an even number of plies."""
    return "x" if int(p["ply"]) % 2 == 0 else "o"


def positions_text(r: dict) -> str:
    """Positions and bytes a position of one of our runs, e.g. ``5.2M 61 B``."""
    n = r.get("positions")
    if not n:
        return ""
    per = r.get("bytes_per_position")
    return count_text(n) + (f" {per:.0f} B" if per is not None and n >= 1e5 else "")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=sorted(DATA), default="late",
                    help="the positions: late (plies 32-46, the default) or early (plies 24-34)")
    ap.add_argument("--solve", action="store_true", help="konane.solve (who wins) instead of values")
    ap.add_argument("--limit", type=float, default=20.0, help="seconds per position and library")
    ap.add_argument("--max-memory", type=float, default=6.0, help="konane-cgt's max_memory, GiB (default 6)")
    ap.add_argument("--only", help="position ids, e.g. 0-9,12")
    ap.add_argument("--no-peer", action="store_true", help="skip cgt-py")
    ap.add_argument("--threads", type=int, default=0,
                    help="threads of konane-cgt's native solver (default: the library's default)")
    ap.add_argument("--repeats", type=int, default=5,
                    help=f"runs of a computation shorter than {SHORT} s (best time kept; default 5)")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--base", metavar="DIR",
                    help="also time konane.value from the checkout DIR (with its built extension), "
                         "e.g. the code before a change")
    args = ap.parse_args(argv)
    positions = json.loads(DATA[args.set].read_text())["positions"]
    what = "solve" if args.solve else "value"
    memory = int(args.max_memory * GIB)
    peer = not args.no_peer and not args.solve and have_peer()
    if not peer and not args.no_peer and not args.solve:
        print("cgt-py not installed (pip install cgt-py anywidget): its column is skipped")
    print(f"{'id':>3} {'kind':6} {'seed':>4} {'ply':>3} {'stones':>6} {'roots':>5} "
          f"{'winner' if args.solve else 'value':>14} "
          + (f"{'base':>10} {'roots':>5} " if args.base else "")
          + f"{'konane-cgt':>11} {'positions':>12} {'cgt-py':>10} {'cgt-py/ours':>11}  same")
    rows = []
    for i in pick(args.only, len(positions)):
        p = positions[i]
        pic = p["picture"]
        mine = dict(pic=pic, threads=args.threads, what=what, to_move=to_move(p),
                    limit=args.limit, memory=memory)
        code = OURS.format(root=str(ROOT), **mine)
        ours = best_of_cold(run, code, args.limit, repeats=args.repeats)
        base_code = OURS.format(root=str(Path(args.base).resolve()), **mine) if args.base else ""
        base = best_of_cold(run, base_code, args.limit, repeats=args.repeats) if args.base else {}
        if "value" in ours and "value" in base and _differ(what, ours["value"], base["value"]):
            base["error"] = f"different value {base['value']}"
        peer_code = PEER.format(pic=pic.replace("/", "|"))
        theirs = best_of_cold(run, peer_code, args.limit, repeats=args.repeats) if peer else {}
        same = ratio = ""
        if "value" in ours and "value" in theirs:
            same = "yes" if cgt.parse(ours["value"]) == cgt.parse(theirs["value"]) \
                else f"NO ({theirs['value']})"
            ratio = f"{theirs['time'] / max(ours['time'], 1e-6):.1f}"
        value = ours.get("value", "?")
        if len(value) > 14:
            value = value[:11] + "..."
        print(f"{i:>3} {p['kind']:6} {p['seed']:>4} {p['ply']:>3} "
              f"{pic.count('x') + pic.count('o'):>6} {ours.get('roots', '?'):>5} {value:>14} "
              + (f"{fmt(base):>10} {base.get('roots', '?'):>5} " if args.base else "")
              + f"{fmt(ours):>11} {positions_text(ours):>12} {fmt(theirs) if peer else 'n/a':>10} {ratio:>11}  {same}")
        sys.stdout.flush()
        rows.append({"id": i, "ours": ours, "cgt-py": theirs, "base": base, "same": same})
    done_ours = [r for r in rows if "time" in r["ours"]]
    done_peer = [r for r in rows if "time" in r["cgt-py"]]
    both = [r for r in rows if "time" in r["ours"] and "time" in r["cgt-py"]]
    print(f"\n{len(rows)} positions, limit {args.limit:.0f} s each")
    print(f"konane-cgt finishes {len(done_ours)}, in {sum(r['ours']['time'] for r in done_ours):.2f} s "
          f"(CPU time {sum(r['ours'].get('cpu', 0.0) for r in done_ours):.2f} s)")
    stopped = Counter(r["ours"]["stopped"] for r in rows if "stopped" in r["ours"])
    if stopped:
        print("konane-cgt stopped by its limits: "
              + ", ".join(f"{k} {n}" for k, n in sorted(stopped.items())))
    per = [r["ours"]["bytes_per_position"] for r in rows
           if r["ours"].get("bytes_per_position") is not None and r["ours"]["positions"] >= 10**6]
    if per:
        per.sort()
        print(f"bytes a position (runs of a million positions or more, {len(per)}): "
              f"median {per[len(per) // 2]:.0f}, {per[0]:.0f} to {per[-1]:.0f}")
    if peer:
        print(f"cgt-py     finishes {len(done_peer)}, in {sum(r['cgt-py']['time'] for r in done_peer):.2f} s")
        t_ours = sum(r["ours"]["time"] for r in both)
        t_peer = sum(r["cgt-py"]["time"] for r in both)
        slower = [r["id"] for r in both if r["ours"]["time"] > r["cgt-py"]["time"]]
        only_peer = [r["id"] for r in done_peer if "time" not in r["ours"]]
        wrong = [r["id"] for r in both if r["same"] != "yes"]
        print(f"both finish {len(both)}: konane-cgt {t_ours:.2f} s, cgt-py {t_peer:.2f} s, "
              f"cgt-py/ours {t_peer / max(t_ours, 1e-6):.1f}")
        print(f"ours slower on {slower or 'none'}; cgt-py only on {only_peer or 'none'}; "
              f"different values on {wrong or 'none'}")
    if args.base:
        done_base = [r for r in rows if "time" in r["base"]]
        both_b = [r for r in rows if "time" in r["ours"] and "time" in r["base"]]
        t_o = sum(r["ours"]["time"] for r in both_b)
        t_b = sum(r["base"]["time"] for r in both_b)
        print(f"base       finishes {len(done_base)}, in {sum(r['base']['time'] for r in done_base):.2f} s; "
              f"both finish {len(both_b)}: base {t_b:.2f} s, konane-cgt {t_o:.2f} s, "
              f"base/ours {t_b / max(t_o, 1e-6):.2f}")
    roots = [r["ours"]["roots"] for r in rows if "roots" in r["ours"]]
    if roots:
        print(f"regions at the root: {sum(1 for k in roots if k == 1)} of {len(roots)} positions have one, "
              f"mean {sum(roots) / len(roots):.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


def _differ(what: str, a: str, b: str) -> bool:
    """Whether two of our answers differ: values compared as games, winners as names."""
    return a != b if what == "solve" else cgt.parse(a) != cgt.parse(b)


if __name__ == "__main__":
    main()
