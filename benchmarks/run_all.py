"""Run every ``benchmarks/bench_*.py`` in turn, each in its own process, and print its output.

Run::

    python benchmarks/run_all.py [--quick] [--only NAME]

``--quick`` asks each benchmark for a smoke run: ``--quick`` for the scripts that
take it, the small settings of :data:`QUICK_ARGS` for the others.  The exit status
is non-zero when any benchmark failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Smoke-run settings of the benchmarks that have no --quick option.
QUICK_ARGS = {
    "bench_analysis.py": ["--repeat", "1"],
    "bench_moves.py": ["--depth", "4"],
    "bench_narrow.py": ["--boards", "3:10:horizontal corner:o,4:8:vertical corner:x", "--limit", "10"],
    "bench_play.py": ["--games", "1", "--time", "0.1", "--sizes", "6x6", "--opponents", "greedy", "--workers", "2"],
    "bench_realgames.py": ["--only", "60-69", "--limit", "2", "--repeats", "1"],
    "bench_values.py": ["--timeout", "5", "--peer-timeout", "5", "--repeats", "1"],
}


def scripts():
    return sorted(HERE.glob("bench_*.py"))


def accepts(script: Path, flag: str) -> bool:
    """True when the script's source mentions ``flag`` (so it takes that option)."""
    return f'"{flag}"' in script.read_text(encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run of each benchmark (see QUICK_ARGS)")
    ap.add_argument("--only", action="append", default=[], metavar="NAME",
                    help="run only the scripts whose name contains NAME (repeatable)")
    args = ap.parse_args(argv)

    failed = []
    t_all = time.perf_counter()
    for script in scripts():
        if args.only and not any(s in script.name for s in args.only):
            continue
        extra = []
        if args.quick:
            extra = ["--quick"] if accepts(script, "--quick") else QUICK_ARGS.get(script.name, [])
        cmd = [sys.executable, str(script), *extra]
        print(f"=== python benchmarks/{script.name} {' '.join(extra)}".rstrip(), flush=True)
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=HERE.parent)
        dt = time.perf_counter() - t0
        status = "ok" if proc.returncode == 0 else f"FAILED (exit {proc.returncode})"
        print(f"=== {script.name}: {status} in {dt:.1f} s\n", flush=True)
        if proc.returncode != 0:
            failed.append(script.name)
    print(f"all benchmarks done in {time.perf_counter() - t_all:.1f} s"
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
