"""Benchmark of CGT analysis: thermographs, temperatures and atomic weights.

Run with::

    python benchmarks/bench_analysis.py [--repeat N]

Times, side by side where the other library offers the same operation:

1. thermograph and temperature of ``+-1 + +-2 + ... + +-k`` for k = 4, 6, 8, 10
   (the sum is built first and not timed; every cache of cgt -- the engine's
   and the analysis' -- is emptied by ``cgt.clear_caches()`` before each run,
   so every run starts cold; the table of canonical forms is kept);
2. the atomic weight of every all-small game born by day 3 (day 3 is generated
   from the 22 games of day 2: all pairs of antichains of day-2 games as
   option sets -- any option set equals its antichain of undominated options --
   giving the 1474 values of day 3).

The other libraries are optional and only imported here: ``pycgt`` (pure
Python) and ``cgt_py`` (the ``cgt-py`` package, Rust bindings of cgt-tools).
``pip install pycgt cgt-py anywidget`` to include them.  Neither offers atomic
weights, so that row is ours alone.  The ``cgt`` library itself never imports
them.
"""

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cgt  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_engine import antichains  # noqa: E402  (one enumeration of antichains for both)


def _optional(name):
    try:
        return __import__(name)
    except Exception as exc:  # ImportError, or a broken optional install
        print(f"[{name} not importable: {exc.__class__.__name__}: {exc}; its column is skipped]")
        return None


def best_time(fn, repeat, setup=None):
    """Minimum wall time of ``fn()`` over ``repeat`` runs (``setup()`` before each, untimed)."""
    best = None
    result = None
    for _ in range(repeat):
        if setup is not None:
            setup()
        t0 = time.perf_counter()
        result = fn()
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    return best, result


# ---------------------------------------------------------------- sums of switches

def ours_switch_sum(k):
    return sum((cgt.pm(i) for i in range(1, k + 1)), cgt.zero)


def ours_thermal(g):
    th = g.thermograph
    return th.temperature, g.temperature


def pycgt_switch_sum(p, k):
    g = p.ZERO
    for i in range(1, k + 1):
        g = p.add(g, p.plus_minus(i))
    return g


def pycgt_clear(p):
    import pycgt.thermal as thermal
    for f in (thermal.thermograph, thermal.temperature, thermal.mean):
        if hasattr(f, "cache_clear"):
            f.cache_clear()


def pycgt_thermal(p, g):
    th = p.thermograph(g)
    return Fraction(th.temperature), Fraction(p.temperature(g))


def cgtpy_switch_sum(c, k):
    g = c.CanonicalForm("0")
    for i in range(1, k + 1):
        g = g + c.CanonicalForm(f"{{{i}|-{i}}}")
    return g


def cgtpy_thermal(c, g):
    th = g.thermograph
    t = g.temperature
    return repr(th), Fraction(str(t).split("'")[1]) if "'" in repr(t) else Fraction(str(t))


# ---------------------------------------------------------------- day 3

def born_by_next_day(games):
    sets = antichains(sorted(games, key=str), lambda a, b: a <= b)
    return {cgt.game(lo, ro) for lo in sets for ro in sets}


def census():
    day = {cgt.zero}
    sizes = [1]
    for _ in range(3):
        day = born_by_next_day(day)
        sizes.append(len(day))
    return day, sizes


# ---------------------------------------------------------------- table

def fmt_t(t):
    return "n/a" if t is None else f"{t * 1000:9.2f} ms"


def fmt_r(other, ours):
    return "" if other is None or not ours else f"{other / ours:7.1f}x"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per measurement (the best is kept)")
    args = ap.parse_args(argv)

    p = _optional("pycgt")
    c = _optional("cgt_py")
    rows = []

    for k in (4, 6, 8, 10):
        g = ours_switch_sum(k)
        t_ours, (temp, temp2) = best_time(lambda g=g: ours_thermal(g), args.repeat, cgt.clear_caches)
        assert temp == temp2 == k, (k, temp)
        t_p = t_c = None
        if p is not None:
            gp = pycgt_switch_sum(p, k)
            t_p, (tp, tp2) = best_time(lambda gp=gp: pycgt_thermal(p, gp), args.repeat, lambda: pycgt_clear(p))
            assert tp == tp2 == temp, ("pycgt disagrees", k, tp, temp)
        if c is not None:
            gc = cgtpy_switch_sum(c, k)
            t_c, (_, tc) = best_time(lambda gc=gc: cgtpy_thermal(c, gc), args.repeat)
            assert tc == temp, ("cgt-py disagrees", k, tc, temp)
        rows.append((f"thermograph + temperature of +-1+...+-{k}", t_ours, t_p, t_c, f"temperature {temp}"))

    t0 = time.perf_counter()
    day3, sizes = census()
    t_census = time.perf_counter() - t0
    assert sizes == [1, 4, 22, 1474], sizes
    small = sorted((g for g in day3 if g.is_all_small), key=str)

    def all_weights():
        out = {}
        for g in small:
            try:
                out[g] = g.atomic_weight
            except cgt.NotAtomicError:
                out[g] = None
        return out

    t_aw, weights = best_time(all_weights, args.repeat, cgt.clear_caches)
    distinct = sorted({str(w) for w in weights.values() if w is not None})
    rows.append((f"atomic weights of the {len(small)} all-small games born by day 3",
                 t_aw, None, None, f"{len(distinct)} distinct weights"))

    print()
    print(f"cgt (this library) vs pycgt {getattr(p, '__version__', '-') if p else '(absent)'} "
          f"vs cgt-py {'(present)' if c else '(absent)'}; best of {args.repeat} cold runs; "
          f"Python {sys.version.split()[0]}")
    print(f"day-3 census (1, 4, 22, 1474 games) generated by this library in {t_census:.2f} s")
    print()
    head = f"{'operation':<58} {'cgt':>12} {'pycgt':>12} {'cgt-py':>12} {'pycgt/cgt':>10} {'cgt-py/cgt':>10}  result"
    print(head)
    print("-" * len(head))
    for name, ours, tp, tc, note in rows:
        print(f"{name:<58} {fmt_t(ours):>12} {fmt_t(tp):>12} {fmt_t(tc):>12} "
              f"{fmt_r(tp, ours):>10} {fmt_r(tc, ours):>10}  {note}")
    print()
    print("ratios > 1 mean this library is faster; n/a: the library does not offer the operation")
    print(f"atomic weights found: {', '.join(distinct)}")


if __name__ == "__main__":
    main()
