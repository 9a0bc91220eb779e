"""Benchmark: the win/loss search's split of a node into regions, rule against rule.

Run:  python benchmarks/bench_search_split.py                       (early set, 20 s limit)
      python benchmarks/bench_search_split.py --set late --only 0-9 --limit 5 --json out.json
      python benchmarks/bench_search_split.py --rules reach,footprint,footprint-always

``konane.solve`` of each real-game position (``benchmarks/data/realgames-early.json`` or
``realgames.json``, made by ``scripts/realgames.py``; the player of the snapshot's ply to
move) on one thread, once for each rule by which the native search splits a node into
regions (``konane._kernel.native.wins_configure(split=...)``): ``reach``, the reach rule
where few stones can capture (the default); ``footprint``, the footprint rule there instead
(the rule ``konane.value`` uses at the root: finer, and costlier, since it explores each
group of stones alone); ``footprint-always``, the footprint rule at every node with two
groups of stones that can capture.  Each run is a fresh process (cold tables) under
``time=`` the limit; the winners must agree.  The table gives the nodes expanded, the nodes
settled by the values of their regions, and the seconds of each rule; the totals add the
positions every rule settles.  The nodes of a one-thread search do not depend on the
machine; the seconds do.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RULES = ("reach", "footprint", "footprint-always")
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from _peers import count_text, pick  # noqa: E402
from bench_realgames import DATA, run, to_move  # noqa: E402

ONE = textwrap.dedent("""
    import json, sys, time
    sys.path.insert(0, {root!r})
    import konane
    from konane._kernel import native
    konane.set_progress(False)
    native.wins_configure(split={rule!r})
    b = konane.Board({pic!r})
    t = time.perf_counter()
    try:
        s = konane.solve(b, {to_move!r}, time={limit!r}, threads=1)
        out = {{"winner": s.winner.name, "positions": s.positions, "settled": s.settled_by_values,
                "time": time.perf_counter() - t}}
    except konane.ComputationLimitError as e:
        out = {{"stopped": e.limit, "positions": e.positions, "after": time.perf_counter() - t}}
    print(json.dumps(out))
""")


def cell(r: dict) -> str:
    """One rule's result: nodes, nodes settled by values, seconds."""
    if "error" in r:
        return "error"
    if "timeout" in r:
        return f"killed > {r['timeout']:.0f} s"
    size = count_text(r["positions"], digits=2)
    if "stopped" in r:
        return f"{size} > {r['after']:.0f} s"
    return f"{size} {r['settled']} {r['time']:.2f} s"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=sorted(DATA), default="early", help="the positions (default: early)")
    ap.add_argument("--only", help="position ids, e.g. 0-9,12")
    ap.add_argument("--limit", type=float, default=20.0, help="seconds per search (default 20)")
    ap.add_argument("--rules", default="reach,footprint", help="comma-separated, of " + ", ".join(RULES))
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)
    rules = args.rules.split(",")
    bad = [r for r in rules if r not in RULES]
    if bad:
        ap.error(f"unknown rules {bad}: choose among {', '.join(RULES)}")
    positions = json.loads(DATA[args.set].read_text())["positions"]
    print(f"{'id':>3} {'ply':>3} {'stones':>6} {'winner':>6}  "
          + "  ".join(f"{r + ' (nodes settled s)':>30}" for r in rules))
    rows = []
    for i in pick(args.only, len(positions)):
        p = positions[i]
        pic = p["picture"]
        res = {r: run(ONE.format(root=str(ROOT), rule=r, pic=pic, to_move=to_move(p), limit=args.limit), args.limit)
               for r in rules}
        winners = {x["winner"] for x in res.values() if "winner" in x}
        if len(winners) > 1:
            raise SystemExit(f"position {i}: the rules disagree: {res}")
        print(f"{i:>3} {p['ply']:>3} {pic.count('x') + pic.count('o'):>6} {next(iter(winners), '?'):>6}  "
              + "  ".join(f"{cell(res[r]):>30}" for r in rules))
        sys.stdout.flush()
        rows.append({"id": i, **res})
    print(f"\n{len(rows)} positions, limit {args.limit:.0f} s each, one thread")
    every = [row for row in rows if all("winner" in row[r] for r in rules)]
    for r in rules:
        done = sum(1 for row in rows if "winner" in row[r])
        nodes = sum(row[r]["positions"] for row in every)
        secs = sum(row[r]["time"] for row in every)
        print(f"{r:>17}: settles {done}; on the {len(every)} every rule settles: "
              f"{nodes:,} nodes, {secs:.2f} s")
    if args.json:
        Path(args.json).write_text(json.dumps({"set": args.set, "limit": args.limit, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
