"""Benchmark of the canonical-form engine against pycgt and cgt-py, side by side.

Run everything (about two and a half minutes on 2 cores; ``--quick`` for a smoke run of
a few seconds)::

    python benchmarks/bench_engine.py [--quick] [--only WORD] [--libs konane-cgt,pycgt,cgt-py]

Workloads, each computing the same values in every library (the answers are
rebuilt as ``cgt`` games and checked to agree):

1. ``+-1 + +-2 + ... + +-k`` built one term at a time, k = 8, 10, 12;
2. every game born by day 3: days 1 and 2 are built first, then ``{A | B}``
   for every pair of antichains A, B of the 22 games of day 2 (98 antichains,
   9604 pairs; any option set equals its antichain of undominated options,
   so this reaches every game of day 3), and the distinct values are counted:
   1474 in each library;
3. ``^ + *n`` for n = 1..10 and n = 1..20 (20 sums);
4. ``n.^*`` for n = 1..20, each the sum of n copies of ``^*`` by repeated
   addition from 0 (210 additions);
5. three random game trees of 10^4 nodes each (fixed seeds; every node has
   0-3 Left and 0-3 Right children, leaves are 0), given as nested lists and
   built bottom-up with each library's ``{L | R}`` constructor;
6. 20,000 short texts in CGSuite's notation read one by one (``cgt.parse`` for
   this library, ``CanonicalForm(text)`` for cgt-py; pycgt reads no notation),
   drawn at random from 37 (integers, dyadic fractions, nimbers, ups, switches:
   the common notation of both), as a loop that builds games from strings does.

Fairness: every (workload, library) cell runs in a fresh Python process, so
each library starts from cold caches, in two rounds spread over the run (the
machine may be shared; cells slower than 2 s run in one round only), and the
best run is kept; before each run the library's caches
are emptied (``cgt.clear_caches()`` for this library -- which keeps the table of
canonical forms, so repeats after the first find the ids of games already
seen; the first run, with the table empty, is shown in its own column --
every ``functools.cache`` and ``_geq_cache`` for pycgt; cgt-py keeps none).
A cell that takes longer than its
time-out is killed and shown as ``> T s`` (the ratio is then a lower bound).

The peers are optional (``pip install pycgt cgt-py anywidget``); a missing
one is skipped with a message.  The ``cgt`` library itself never imports them.

Profile one cell of this library with::

    python -m cProfile -s tottime benchmarks/bench_engine.py --child day3 konane-cgt
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _peers  # noqa: E402
from _peers import CGTPY, OURS, PYCGT  # noqa: E402

# This library runs twice, in separate processes: on the backend the environment picks
# (the native engine when it is built: column "konane-cgt") and forced onto the
# pure-Python engine (KONANE_CGT_BACKEND=python: column "konane-cgt[py]").
OURS_PY = "konane-cgt[py]"
LIBRARIES = (OURS, OURS_PY, PYCGT, CGTPY)


def _base(label):
    """The library a label runs (both of ours run the ``cgt`` workloads)."""
    return OURS if label == OURS_PY else label

import cgt  # noqa: E402

PYCGT_SWITCH_TARGET = 20.0     # pycgt/ours at least this on the switch sums
PYCGT_TARGET = 1.0             # faster than pycgt everywhere
CGTPY_TARGET = 1 / 3           # never more than 3 times slower than cgt-py


# ================================================================ workloads
#
# Each workload has one function per library.  The function takes the
# library's module (``cgt``, ``pycgt`` or ``cgt_py``), does the timed work and
# returns a list of games of that library (cgt-py games may be returned as
# their notation).  Anything prepared before timing (inputs) comes from the
# workload's ``prepare``.

# ---------------------------------------------------------------- switch sums

def switch_sum_ours(cg, k):
    g = cg.zero
    for i in range(1, k + 1):
        g = g + cg.pm(i)
    return [g]


def switch_sum_pycgt(p, k):
    g = p.ZERO
    for i in range(1, k + 1):
        g = p.add(g, p.plus_minus(i))
    return [g]


def switch_sum_cgtpy(c, k):
    g = c.CanonicalForm(0)
    for i in range(1, k + 1):
        g = g + c.CanonicalForm(f"{{{i}|-{i}}}")
    return [g]


# ---------------------------------------------------------------- day 3

def antichains(games, leq):
    """All antichains of ``games`` (lists of pairwise incomparable games) under ``leq``."""
    n = len(games)
    comparable = [[i != j and (leq(games[i], games[j]) or leq(games[j], games[i])) for j in range(n)]
                  for i in range(n)]
    out = []

    def extend(start, chosen):
        out.append([games[i] for i in chosen])
        for i in range(start, n):
            row = comparable[i]
            if not any(row[j] for j in chosen):
                chosen.append(i)
                extend(i + 1, chosen)
                chosen.pop()

    extend(0, [])
    return out


def day3_ours(cg):
    day = [cg.zero]
    for _ in range(3):
        sets = antichains(day, lambda a, b: a <= b)
        day = list({cg.game(lo, ro) for lo in sets for ro in sets})
    return day


def day3_pycgt(p):
    day = [p.ZERO]
    for _ in range(3):
        sets = antichains(day, p.leq)
        day = list({p.game(lo, ro) for lo in sets for ro in sets})
    return day


def day3_cgtpy(c):
    text = _peers.cgtpy_text
    day = [c.CanonicalForm(0)]
    for _ in range(3):
        sets = [",".join(text(g) for g in s) for s in antichains(day, lambda a, b: a <= b)]
        found = {}
        for lo in sets:
            for ro in sets:
                g = c.CanonicalForm("{" + lo + "|" + ro + "}")
                found.setdefault(text(g), g)   # CanonicalForm is not hashable
        day = list(found.values())
    return day


# ---------------------------------------------------------------- ^ + *n and n.^*

def up_star_ours(cg, n_max):
    up = cg.up
    return [up + cg.nimber(n) for n in range(1, n_max + 1)]


def up_star_pycgt(p, n_max):
    return [p.add(p.UP, p.nimber(n)) for n in range(1, n_max + 1)]


def up_star_cgtpy(c, n_max):
    up = c.CanonicalForm("^")
    return [up + c.CanonicalForm(f"*{n}") for n in range(1, n_max + 1)]


def multiples_ours(cg, n_max):
    us = cg.up + cg.star
    out = []
    for n in range(1, n_max + 1):
        g = cg.zero
        for _ in range(n):
            g = g + us
        out.append(g)
    return out


def multiples_pycgt(p, n_max):
    us = p.add(p.UP, p.STAR)
    out = []
    for n in range(1, n_max + 1):
        g = p.ZERO
        for _ in range(n):
            g = p.add(g, us)
        out.append(g)
    return out


def multiples_cgtpy(c, n_max):
    us = c.CanonicalForm("^*")
    out = []
    for n in range(1, n_max + 1):
        g = c.CanonicalForm(0)
        for _ in range(n):
            g = g + us
        out.append(g)
    return out


# ---------------------------------------------------------------- random trees

def random_tree(n, seed):
    """A random game tree of exactly ``n`` nodes as nested lists ``[lefts, rights]``.

    Grown from the root by expanding a random unexpanded node into 0-3 Left
    and 0-3 Right children (uniformly) until ``n`` nodes exist; unexpanded
    nodes stay leaves ``[[], []]`` (the game 0).  If the tree dies out first,
    it is grown again with the same generator, so the result depends on
    ``seed`` only.
    """
    rng = random.Random(seed)
    while True:
        root = [[], []]
        count = 1
        frontier = [root]
        while frontier and count < n:
            i = rng.randrange(len(frontier))
            frontier[i], frontier[-1] = frontier[-1], frontier[i]
            node = frontier.pop()
            for side in (0, 1):
                for _ in range(min(rng.randint(0, 3), n - count)):
                    child = [[], []]
                    node[side].append(child)
                    frontier.append(child)
                    count += 1
        if count == n:
            return root


def postorder(root):
    """The nodes of a nested-list tree children first, as ``(left indices, right indices)``."""
    index = {}
    out = []
    stack = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if ready:
            index[id(node)] = len(out)
            out.append(([index[id(c)] for c in node[0]], [index[id(c)] for c in node[1]]))
            continue
        stack.append((node, True))
        for c in node[0] + node[1]:
            stack.append((c, False))
    return out


def tree_text(root):
    """Game notation of a nested-list tree (used to check this library by parsing)."""
    parts = []
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            parts.append(node)
            continue
        items = ["{"]
        for i, c in enumerate(node[0]):
            items += [",", c] if i else [c]
        items.append("|")
        for i, c in enumerate(node[1]):
            items += [",", c] if i else [c]
        items.append("}")
        stack.extend(reversed(items))
    return "".join(parts)


def build_ours(cg, nodes):
    game = cg.game
    val = [None] * len(nodes)
    for i, (lo, ro) in enumerate(nodes):
        val[i] = game([val[j] for j in lo], [val[j] for j in ro])
    return val[-1]


def build_pycgt(p, nodes):
    game = p.game
    val = [None] * len(nodes)
    for i, (lo, ro) in enumerate(nodes):
        val[i] = game([val[j] for j in lo], [val[j] for j in ro])
    return val[-1]


def build_cgtpy(c, nodes):
    # Each value is kept as its notation: one parse and one repr per node.
    make = c.CanonicalForm
    text = _peers.cgtpy_text
    val = [None] * len(nodes)
    for i, (lo, ro) in enumerate(nodes):
        val[i] = text(make("{" + ",".join([val[j] for j in lo]) + "|" + ",".join([val[j] for j in ro]) + "}"))
    return val[-1]


TREE_BUILD = {OURS: build_ours, PYCGT: build_pycgt, CGTPY: build_cgtpy}


# ---------------------------------------------------------------- reading notation

# Short texts both notations read alike (cgt-py reads no "^^" nor "+-1").
PARSE_TEXTS = ("0", "1", "-1", "2", "-3", "7", "1/2", "-1/2", "3/4", "-5/8", "*", "*2", "*3", "*7", "^", "^*",
               "v", "v*", "1*", "-2*", "1/2*", "{1|0}", "{2|-1}", "{0|*}", "{*|0}", "{1|-1}", "{0,*|0}",
               "{0|0,*}", "{1|*}", "{2|1}", "{3|-3}", "{1/2|0}", "{0|-1/2}", "{1*|0}", "{0,^|0}", "{^|*}",
               "{0|v}")


def parse_texts(n, seed=5):
    rng = random.Random(seed)
    return [rng.choice(PARSE_TEXTS) for _ in range(n)]


def parse_ours(cg, texts):
    parse = cg.parse
    return [parse(t) for t in texts]


def parse_cgtpy(c, texts):
    make = c.CanonicalForm
    return [make(t) for t in texts]


def tree_inputs(n_nodes, seeds):
    return [postorder(random_tree(n_nodes, s)) for s in seeds]


# ---------------------------------------------------------------- registry

@dataclass
class Workload:
    key: str
    title: str
    run: dict                                   # library label -> fn(module, *inputs) -> list of games
    args: tuple = ()
    prepare: Callable | None = None             # () -> extra inputs (untimed), appended to args
    ordered: bool = True                        # compare results as a list (else as a set)
    timeout: float = 120.0
    pycgt_target: float = PYCGT_TARGET
    note: str = ""
    extra: dict = field(default_factory=dict)

    def inputs(self):
        return self.args + (tuple(self.prepare()) if self.prepare else ())


def workloads(quick=False, tree_nodes=None, tree_seeds=None):
    """The workloads, in order (``quick``: smaller sizes for a smoke run)."""
    ks = (4, 6, 8) if quick else (8, 10, 12)
    n_nodes = tree_nodes or (2_000 if quick else 10_000)
    seeds = tuple(tree_seeds or ((1,) if quick else (1, 2, 3)))
    timeout = 30.0 if quick else 120.0
    out = []
    for k in ks:
        out.append(Workload(
            f"switch{k}", f"+-1 + ... + +-{k}, one term at a time",
            {OURS: switch_sum_ours, PYCGT: switch_sum_pycgt, CGTPY: switch_sum_cgtpy},
            args=(k,), timeout=timeout, pycgt_target=PYCGT_SWITCH_TARGET))
    out.append(Workload(
        "day3", "all games born by day 3 (1474, from the 22 of day 2)",
        {OURS: day3_ours, PYCGT: day3_pycgt, CGTPY: day3_cgtpy},
        ordered=False, timeout=timeout))
    for n_max, t in ((10, timeout),) + (() if quick else ((20, 20.0),)):
        out.append(Workload(
            f"upstar{n_max}", f"^ + *n, n = 1..{n_max}",
            {OURS: up_star_ours, PYCGT: up_star_pycgt, CGTPY: up_star_cgtpy},
            args=(n_max,), timeout=t))
    out.append(Workload(
        "multiples20", "n.^* by repeated addition, n = 1..20",
        {OURS: multiples_ours, PYCGT: multiples_pycgt, CGTPY: multiples_cgtpy},
        args=(20,), timeout=timeout))
    n_texts = 2_000 if quick else 20_000
    out.append(Workload(
        "parse", f"{n_texts} short texts read (37 distinct)", {OURS: parse_ours, CGTPY: parse_cgtpy},
        prepare=lambda: (parse_texts(n_texts),), timeout=timeout, pycgt_target=0.0))
    out.append(Workload(
        "trees", f"{len(seeds)} random tree{'s' if len(seeds) > 1 else ''} of {n_nodes} nodes, bottom-up",
        {lib: (lambda m, trees, _b=TREE_BUILD[lib]: [_b(m, t) for t in trees]) for lib in (OURS, PYCGT, CGTPY)},
        prepare=lambda: (tree_inputs(n_nodes, seeds),), timeout=timeout,
        extra={"n_nodes": n_nodes, "seeds": seeds}))
    return out


def find(key, quick=False):
    for w in workloads(quick):
        if w.key == key:
            return w
    raise SystemExit(f"unknown workload {key!r}; known: {', '.join(w.key for w in workloads(quick))}")


# ================================================================ one cell (child process)

def signature(label, games, ordered=True):
    """A comparable digest of a result: its games rebuilt as ``cgt`` games, in notation."""
    memo = {}
    texts = [str(_peers.to_ours(label, g, memo)) for g in games]
    if not ordered:
        texts = sorted(texts)
    digest = hashlib.sha1("\n".join(texts).encode()).hexdigest()[:16]
    preview = ", ".join(t if len(t) <= 24 else t[:21] + "..." for t in texts[:4])
    if len(texts) > 4:
        preview += ", ..."
    return {"count": len(texts), "digest": digest, "preview": preview}


def run_cell(key, label, quick=False, repeat=5, min_time=1.0, budget=10.0):
    """Time one workload in one library in this process; a JSON-able dict."""
    w = find(key, quick)
    base = _base(label)
    module = cgt if base == OURS else _peers.load_peer(label)
    if module is None:
        return {"error": f"{label} not importable"}
    inputs = w.inputs()
    fn = w.run[base]
    # Objects alive now (modules, inputs; cgt-py drags in IPython) are moved out of the
    # collector's sight, so that the collection before each run costs little.
    gc.collect()
    gc.freeze()
    times, result = _peers.measure(lambda: fn(module, *inputs), setup=_peers.CLEAR[base],
                                   repeat=repeat, min_time=min_time, budget=budget)
    out = _peers.summary(times)
    out.update(signature(base, result, w.ordered))
    if base == OURS:
        out["table"] = cgt.cache_info()["games"]
        out["backend"] = cgt.backend
    return out


def run_child(key, label, quick, t, repeat, min_time, budget):
    """Run one cell in a fresh interpreter (killed after ``t`` s); the cell's dict.

    On failure the dict has ``timeout`` (seconds) or ``error`` (text) instead of times.
    """
    cmd = [sys.executable, os.path.abspath(__file__), "--child", key, label, "--repeat", str(repeat),
           "--min-time", str(min_time), "--budget", str(budget)] + (["--quick"] if quick else [])
    env = dict(os.environ)
    if label == OURS_PY:
        env["KONANE_CGT_BACKEND"] = "python"
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=t, env=env)
    except subprocess.TimeoutExpired:
        return {"timeout": t}
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        return {"error": " / ".join(tail) or f"exit {proc.returncode}"}
    return json.loads(lines[-1])


# ================================================================ main

def _best(cell):
    return None if cell is None or "best" not in cell else cell["best"]


def merge(old, new):
    """Combine the same cell measured in two rounds: the best of everything."""
    if old is None or "best" not in old:
        return new if "best" in new or old is None else old
    if "best" not in new:
        return old
    if (new["digest"], new["count"]) != (old["digest"], old["count"]):
        raise RuntimeError(f"the answer changed between rounds: {old['preview']} / {new['preview']}")
    out = dict(old)
    out["best"] = min(old["best"], new["best"])
    out["first"] = min(old["first"], new["first"])
    out["runs"] = old["runs"] + new["runs"]
    return out


def check_row(key, row, libs):
    """Messages for disagreements with konane-cgt in one workload's row; and the agreement notes."""
    ours = row.get(OURS, {})
    notes, failures = [], []
    for label in libs:
        c = row.get(label, {})
        if label == OURS or "digest" not in c or "digest" not in ours:
            continue
        same = (c["digest"], c["count"]) == (ours["digest"], ours["count"])
        notes.append(f"{label} {'agrees' if same else 'DISAGREES'}")
        if not same:
            failures.append(f"{key}: {label} gives {c['count']} values [{c['preview']}], "
                            f"konane-cgt {ours['count']} [{ours['preview']}]")
    return notes, failures


def status_of(ratio, target, bound):
    if ratio >= target:
        return "ok"
    return "?" if bound else "MISSED"


def table_rows(todo, results, libs):
    rows, missed = [], []
    for w in todo:
        row = results[w.key]
        ours = _best(row.get(OURS))
        cells = [w.title, _peers.fmt_time(ours)]
        ratios, status = [], []
        py = row.get(OURS_PY)
        if py is None or _best(py) is None:
            cells.append("skipped" if py is None else "error")
            ratios.append("")
        else:
            cells.append(_peers.fmt_time(_best(py)))
            ratios.append(_peers.fmt_ratio(_best(py), ours) if ours else "")
        for label in (PYCGT, CGTPY):
            c = row.get(label)
            if c is None:
                cells.append("skipped" if label not in libs else "n/a")
                ratios.append("")
                status.append("-")
                continue
            bound = "timeout" in c
            other = c["timeout"] if bound else _best(c)
            cells.append("error" if "error" in c else _peers.fmt_time(other, c.get("timeout")))
            if ours and other is not None:
                target = w.pycgt_target if label == PYCGT else CGTPY_TARGET
                ratio = other / ours
                ratios.append(_peers.fmt_ratio(other, ours, lower_bound=bound))
                st = status_of(ratio, target, bound)
                status.append(st)
                if st == "MISSED":
                    missed.append(f"{w.title}: {label}/ours = {ratio:.3f}, target >= {target:.3f}")
            else:
                ratios.append("")
                status.append("-")
        first = (row.get(OURS) or {}).get("first")
        rows.append(cells + ratios + [_peers.fmt_time(first) if first is not None else "", "/".join(status)])
    return rows, missed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few runs: a smoke run of seconds")
    ap.add_argument("--only", action="append", default=[], metavar="WORD",
                    help="run only workloads whose key contains WORD (repeatable); keys: "
                         + ", ".join(w.key for w in workloads()))
    ap.add_argument("--libs", default=",".join(LIBRARIES), help="comma-separated libraries to time")
    ap.add_argument("--rounds", type=int, default=None,
                    help="measure every cell this many times, each in a fresh process, spread over the run, "
                         "and keep the best (default 2; 1 quick); cells slower than 2 s are measured once")
    ap.add_argument("--repeat", type=int, default=None, help="runs per cell and round, at least (default 5; 2 quick)")
    ap.add_argument("--min-time", type=float, default=None,
                    help="repeat a cell until it took this many seconds (default 1; 0.1 quick)")
    ap.add_argument("--budget", type=float, default=None,
                    help="stop repeating a cell after this many seconds (default 10; 2 quick)")
    ap.add_argument("--timeout", type=float, default=None, help="override every cell's time-out (s)")
    ap.add_argument("--child", nargs=2, metavar=("WORKLOAD", "LIBRARY"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    q = args.quick
    rounds = args.rounds or (1 if q else 2)
    timing = {
        "repeat": args.repeat or (2 if q else 5),
        "min_time": args.min_time if args.min_time is not None else (0.1 if q else 1.0),
        "budget": args.budget or (2.0 if q else 10.0),
    }

    if args.child:
        key, label = args.child
        print(json.dumps(run_cell(key, label, q, **timing)))
        return 0

    wanted = [s.strip() for s in args.libs.split(",") if s.strip()]
    unknown = [s for s in wanted if s not in LIBRARIES]
    if unknown:
        ap.error(f"unknown libraries {unknown}; choose from {', '.join(LIBRARIES)}")
    libs = [lb for lb in (OURS, OURS_PY) if lb in wanted]
    for label in (PYCGT, CGTPY):
        if label in wanted and _peers.load_peer(label) is not None:
            libs.append(label)
    todo = [w for w in workloads(q) if not args.only or any(s in w.key for s in args.only)]

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"engine benchmark{' (--quick)' if q else ''}: konane-cgt on the {cgt.backend} backend, "
          f"konane-cgt[py] on the Python one; "
          + ", ".join(f"{lb} {_peers.version(_base(lb))}" for lb in libs)
          + f"; Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load:.2f}")
    print(f"every cell runs in a fresh process, {rounds} round{'s' if rounds > 1 else ''}; each library's caches "
          "are emptied before every run (konane-cgt keeps its table of canonical forms); best run kept")
    t_all = time.perf_counter()
    results = {w.key: {} for w in todo}
    failures = []
    for rnd in range(1, rounds + 1):
        if rounds > 1:
            print(f"round {rnd}:", flush=True)
        for w in todo:
            row = results[w.key]
            measured = []
            for label in libs:
                if _base(label) not in w.run:
                    continue                    # the library cannot do it (pycgt reads no notation)
                old = row.get(label)
                if old is not None and ("timeout" in old or "error" in old or old["best"] > 2.0):
                    continue                    # slow cells: one round is enough
                cell = run_child(w.key, label, q, t=args.timeout or w.timeout, **timing)
                if "error" in cell:
                    failures.append(f"{w.key}/{label}: {cell['error']}")
                row[label] = merge(old, cell)
                measured.append(label)
            if not measured:
                continue
            notes, bad = check_row(w.key, row, libs) if rnd == 1 else ([], [])
            failures += bad
            cells = ", ".join(f"{lb} {_peers.fmt_time(_best(row[lb]), row[lb].get('timeout'))}" for lb in measured)
            ours = row.get(OURS, {})
            answer = f"; {ours['count']} values: {ours['preview']}" if rnd == 1 and "count" in ours else ""
            print(f"  {w.key:<12} {cells}{answer}{'; ' if notes else ''}{', '.join(notes)}", flush=True)

    if OURS in libs and "day3" in results:
        n = results["day3"].get(OURS, {}).get("count")
        if n != 1474:
            failures.append(f"day3: konane-cgt found {n} games, not 1474")

    rows, missed = table_rows(todo, results, libs)
    headers = ["workload", "konane-cgt", "konane-cgt[py]", "pycgt", "cgt-py", "[py]/ours", "pycgt/ours",
               "cgt-py/ours", "ours, 1st run", "targets"]
    print()
    _peers.print_table(headers, rows)
    print()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print("Times: best run of each cell.  Ratios > 1: konane-cgt is faster.  'ours, 1st run': the first run")
    print("of konane-cgt in a fresh process, with an empty table of canonical forms (cgt.clear_caches()")
    print("empties the caches but keeps the table, so later runs find the ids of games already built).")
    print("targets (pycgt/cgt-py): pycgt/ours >= 1 (>= 20 on the switch sums), cgt-py/ours >= 1/3;")
    print("'> T s': killed after T s, the ratio is a lower bound.")
    if q:
        print("--quick: smaller sizes than issue 2's workloads; its targets apply to the full run.")
    print(f"total wall time {time.perf_counter() - t_all:.1f} s; load average now {load:.2f}")
    if missed:
        print("targets missed:")
        for m in missed:
            print(f"  {m}")
    if failures:
        print("FAILURES:")
        for f in failures:
            print(f"  {f}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
