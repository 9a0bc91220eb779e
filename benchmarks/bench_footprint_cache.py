"""Benchmark: the footprint caches (``konane.footprint.FootprintCache``, native
``footprint::FootprintCache``) on the real-game positions of ``benchmarks/data/realgames.json``.

Run:  python benchmarks/bench_footprint_cache.py             (the splits, then konane.value)
      python benchmarks/bench_footprint_cache.py --values    (konane.value only: also runs on
                                                             a checkout before the cache)

The splits (``footprint_region_masks``, Python; ``konane_footprint_regions``, native) of
the 70 positions, each: computed afresh (no cache), into an empty cache (every group a miss:
the cost of the key), again (every group a hit), and the 7 other symmetries and the colour
swap of the position after it (hits through the normal form).  Then ``konane.value`` of
the positions of plies 40 to 46 asked again, and their images, where the values are already
in the solver's tables and the split at the root is most of the work left.  Wall-clock seconds, the best
of ``--repeat`` rounds (a shared machine).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import konane  # noqa: E402
from konane import Board  # noqa: E402
from konane._kernel import footprint, native  # noqa: E402


def best(f: Callable[[], object], repeat: int) -> float:
    out = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        out = min(out, time.perf_counter() - t)
    return out


def images(b: Board) -> list[Board]:
    return [b.transform(k) for k in range(1, 8)] + [b.color_swapped()]


Masks = tuple[int, ...]


def split_times(run: Callable[[Masks, bool], object], clear: Callable[[], None],
                masks: list[Masks], mirrored: list[Masks], repeat: int) -> list[float]:
    """No cache, into an empty cache, again, the images (per image of all positions)."""
    def cold() -> None:
        clear()
        for m in masks:
            run(m, True)
    return [best(lambda: [run(m, False) for m in masks], repeat),
            best(cold, repeat),
            best(lambda: [run(m, True) for m in masks], repeat),
            best(lambda: [run(m, True) for m in mirrored], repeat) / 8]


def splits(boards: list[Board], repeat: int) -> None:
    masks = [(b.cells_mask, b.black_mask, b.white_mask, b.stride) for b in boards]
    mirrored = [(t.cells_mask, t.black_mask, t.white_mask, t.stride) for b in boards for t in images(b)]
    keys = [b.key for b in boards]
    mirrored_keys = [t.key for b in boards for t in images(b)]
    cache = footprint.FootprintCache()
    none = footprint.FootprintCache(0)

    def python(m: Masks, cached: bool) -> object:
        return footprint.footprint_region_masks(*m, cache if cached else none)

    rows = [("python", split_times(python, cache.clear, masks, mirrored, repeat))]
    if native.loaded():
        rows.append(("native", split_times(lambda m, cached: native.footprint_regions(m, cached),
                                           native.clear, keys, mirrored_keys, repeat)))
    print(f"splits of the {len(boards)} positions (s; mirrored: per image of all of them)")
    print(f"{'':8} {'no cache':>10} {'empty':>10} {'again':>10} {'mirrored':>10}")
    for name, ts in rows:
        print(f"{name:8} " + " ".join(f"{t:10.4f}" for t in ts))


def values(boards: list[Board], repeat: int) -> None:
    # values already in the solver's tables: what is left is the split at the root and the
    # lookups of its regions (the backend konane.value uses here)
    konane.set_progress(False)
    print(f"konane.value, values known (s for the {len(boards)} positions; "
          f"native solver: {native.available()})")
    for b in boards:
        konane.value(b)
    t_again = best(lambda: [konane.value(b) for b in boards], repeat)
    t_mirror = best(lambda: [konane.value(t) for b in boards for t in images(b)], repeat) / 8
    print(f"  again {t_again:.4f}   mirrored (per image) {t_mirror:.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--values", action="store_true", help="konane.value only")
    ap.add_argument("--only", help="position ids for the values, e.g. 0-9,12 (default: plies 40 "
                    "to 46, each under a second)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    data = json.loads((HERE / "data" / "realgames.json").read_text())["positions"]
    boards = [Board(p["picture"]) for p in data]
    if not args.values:
        splits(boards, args.repeat)
    if args.only:
        ids = set()
        for part in args.only.split(","):
            a, _, z = part.partition("-")
            ids.update(range(int(a), int(z or a) + 1))
        chosen = [b for i, b in enumerate(boards) if i in ids]
    else:
        chosen = [Board(p["picture"]) for p in data if p["ply"] >= 40]
    values(chosen, args.repeat)


if __name__ == "__main__":
    main()
