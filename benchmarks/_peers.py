"""Shared helpers of the benchmarks: the optional peer libraries, timing, tables.

The peers are benchmark-only dependencies (``pip install pycgt cgt-py anywidget``,
or the ``bench`` extra of pyproject):

``pycgt``
    pure Python; games are frozen dataclasses of frozensets, canonical forms
    memoised with ``functools.cache`` and a module-level ``_geq_cache``.
``cgt-py`` (import name ``cgt_py``)
    Rust bindings of cgt-tools; it imports only with ``anywidget`` installed.
    A ``CanonicalForm`` is built from an integer or from game notation only, so
    a game with given options is built by formatting ``{a,b|c}`` from the
    options' notation and parsing it.

The ``cgt`` library never imports them: only the benchmark scripts do, through
:func:`load_peer`, which prints a message and returns ``None`` when one is
missing or broken.
"""

from __future__ import annotations

import gc
import importlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import cgt  # noqa: E402

OURS = "konane-cgt"
PYCGT = "pycgt"
CGTPY = "cgt-py"
LIBRARIES = (OURS, PYCGT, CGTPY)
MODULES = {OURS: "cgt", PYCGT: "pycgt", CGTPY: "cgt_py"}
INSTALL_HINT = "pip install pycgt cgt-py anywidget"


# ---------------------------------------------------------------- loading

def load_peer(label: str, quiet: bool = False):
    """Import a peer library by its label (``"pycgt"`` or ``"cgt-py"``), or return None.

    Any exception counts as missing (``cgt_py`` raises ImportError without
    ``anywidget``); a message saying that its column is skipped is printed
    unless ``quiet``.
    """
    name = MODULES[label]
    try:
        return importlib.import_module(name)
    except Exception as exc:  # ImportError, or a broken optional install
        if not quiet:
            print(f"[{label} (import {name}) not available: {exc.__class__.__name__}: {exc}; "
                  f"its column is skipped -- {INSTALL_HINT}]")
        return None


def version(label: str) -> str:
    """Installed distribution version of a library, or ``"?"``."""
    dist = {OURS: "konane-cgt", PYCGT: "pycgt", CGTPY: "cgt-py"}[label]
    try:
        from importlib.metadata import version as _v
        return _v(dist)
    except Exception:
        return getattr(cgt, "__version__", "?") if label == OURS else "?"


# ---------------------------------------------------------------- caches

def clear_ours() -> None:
    """Cold caches for this library: ``cgt.clear_caches()``.

    It empties the memo caches (sums, negation, order, stops, birthday,
    notation, analysis); the table of canonical forms (ids) is kept.
    """
    cgt.clear_caches()


def clear_pycgt() -> None:
    """Cold caches for pycgt: every ``functools.cache`` and every module-level ``*_cache`` dict."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "pycgt" or name.startswith("pycgt.")):
            continue
        for attr, value in list(vars(module).items()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
            elif isinstance(value, dict) and attr.endswith("_cache"):
                value.clear()


def clear_cgtpy() -> None:
    """cgt-py keeps no cache between calls (values are plain Rust data): nothing to do."""


CLEAR = {OURS: clear_ours, PYCGT: clear_pycgt, CGTPY: clear_cgtpy}


# ---------------------------------------------------------------- cgt-py notation

def cgtpy_text(g) -> str:
    """The notation of a cgt-py ``CanonicalForm`` (its repr is ``CanonicalForm('...')``)."""
    r = repr(g)
    return r[r.index("'") + 1:r.rindex("'")]


def cgtpy_braces(left_texts, right_texts) -> str:
    """``{a,b|c}`` from option notations."""
    return "{" + ",".join(left_texts) + "|" + ",".join(right_texts) + "}"


# ---------------------------------------------------------------- into our terms

def to_ours(label: str, g, memo: dict | None = None) -> cgt.Game:
    """Rebuild a game of library ``label`` as a :class:`cgt.Game` (canonical, so ``==`` is equality).

    Used only to check that the libraries agree; never timed.
    """
    if label == OURS:
        return g
    memo = {} if memo is None else memo
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20000))
    try:
        if label == PYCGT:
            return _from_pycgt(g, memo)
        if isinstance(g, str):      # cgt-py results may be kept as notation
            g = load_peer(CGTPY, quiet=True).CanonicalForm(g)
        return _from_cgtpy(g, memo)
    finally:
        sys.setrecursionlimit(old)


def _from_pycgt(g, memo):
    r = memo.get(g)
    if r is None:
        r = cgt.game([_from_pycgt(x, memo) for x in g.left], [_from_pycgt(x, memo) for x in g.right])
        memo[g] = r
    return r


def _from_cgtpy(g, memo):
    key = cgtpy_text(g)
    r = memo.get(key)
    if r is None:
        r = cgt.game([_from_cgtpy(x, memo) for x in g.left_options],
                     [_from_cgtpy(x, memo) for x in g.right_options])
        memo[key] = r
    return r


# ---------------------------------------------------------------- timing

def measure(fn, setup=None, repeat=5, min_time=0.25, max_runs=1000, budget=10.0):
    """Time ``fn()`` several times, ``setup()`` (untimed) and a garbage collection before each run.

    Runs at least ``repeat`` times and until ``min_time`` seconds were spent
    (at most ``max_runs``), but stops after any run once ``budget`` seconds
    were spent.  Returns ``(times, result of the last run)``.
    """
    times = []
    total = 0.0
    result = None
    while True:
        if setup is not None:
            setup()
        gc.collect()
        t0 = time.perf_counter()
        result = fn()
        dt = time.perf_counter() - t0
        times.append(dt)
        total += dt
        if total >= budget or len(times) >= max_runs:
            break
        if len(times) >= repeat and total >= min_time:
            break
    return times, result


SHORT = 0.1    # seconds: a cold computation shorter than this is timed as the best of several runs


def best_of_cold(run_once, *args, repeats=5):
    """``run_once(*args)`` (a dict with ``time`` and ``value`` when it finishes; it runs one
    computation in a fresh process), and if it took less than :data:`SHORT` seconds, again
    until ``repeats`` runs in all: the first run's result with the best time (and CPU time,
    if given), ``runs`` and ``times``.  A single cold run of a few milliseconds varies by
    several times on a shared machine (scheduling, frequency, page faults); every library is
    timed alike.  A repeated run that does not finish or gives another value is an error."""
    r = run_once(*args)
    if "time" not in r or r["time"] >= SHORT:
        return r
    runs = [r]
    for _ in range(repeats - 1):
        again = run_once(*args)
        if "time" not in again or again.get("value") != r.get("value"):
            raise RuntimeError(f"a repeated run gave {again} after {r}")
        runs.append(again)
    best = dict(r, time=min(x["time"] for x in runs), runs=len(runs), times=[x["time"] for x in runs])
    if "cpu" in r:
        best["cpu"] = min(x["cpu"] for x in runs)
    return best


def summary(times):
    return {"best": min(times), "median": statistics.median(times), "first": times[0], "runs": len(times)}


# ---------------------------------------------------------------- formatting

def fmt_time(t, timeout=None) -> str:
    """A duration with a unit; ``None`` is ``n/a``; a time-out shows as ``> T s``."""
    if timeout is not None:
        return f"> {timeout:g} s"
    if t is None:
        return "n/a"
    if t < 1e-3:
        return f"{t * 1e6:.1f} us"
    if t < 1:
        return f"{t * 1e3:.2f} ms"
    return f"{t:.2f} s"


def fmt_ratio(other, ours, lower_bound=False) -> str:
    """``other / ours`` as ``12.3x`` (``> 12.3x`` when ``other`` is a time-out bound)."""
    if other is None or not ours:
        return ""
    r = other / ours
    s = f"{r:,.0f}x" if r >= 1000 else f"{r:.1f}x" if r >= 10 else f"{r:.2f}x"
    return "> " + s if lower_bound else s


def print_table(headers, rows, right_align=None, file=None) -> None:
    """A plain-text table; column ``i`` is right-aligned when ``right_align[i]``."""
    file = file or sys.stdout
    n = len(headers)
    right_align = right_align or [False] + [True] * (n - 1)
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(n)]

    def line(cells):
        out = []
        for i, c in enumerate(cells):
            c = str(c)
            out.append(c.rjust(widths[i]) if right_align[i] else c.ljust(widths[i]))
        return " | ".join(out).rstrip()

    print(line(headers), file=file)
    print("-+-".join("-" * w for w in widths), file=file)
    for r in rows:
        print(line(r), file=file)


def pick(spec: str | None, n: int) -> list[int]:
    """Ids from ``"0-9,12"`` (all if None)."""
    if not spec:
        return list(range(n))
    out: list[int] = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def count_text(n: int, digits: int = 1) -> str:
    """A count of positions in a few characters: ``5.2M``, ``40.3k``, ``506``."""
    return f"{n / 1e6:.{digits}f}M" if n >= 1e5 else f"{n / 1e3:.1f}k" if n >= 1e3 else str(n)
