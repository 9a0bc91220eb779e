"""Benchmark: writing and checking certificates (``konane.solve(..., certificate=path)``,
``konane.verify_certificate``).

Run:  python benchmarks/bench_certificates.py             (the 5x5 and 6x6 games from their start)
      python benchmarks/bench_certificates.py --quick     (the 5x5 game alone)
      python benchmarks/bench_certificates.py --json FILE (the rows as data, for benchmarks/results/)

Each row runs in a fresh process: the game is solved first (one thread), then solved again with
``certificate=`` (the search's tables hold the proof: the time is the writer's), then the file is
checked by the reference code.  Two writers: ``native`` reads the proof out of the search's
tables in native code (``src/konane/proof.rs``; the default wherever the native search takes the
board), ``questions`` asks the search, move by move, which moves its tables know lost (what the
Python backend and boards the native search does not take use), and ``file`` is the native writer
where the search's results come from a cache file (``cache=``), the tables emptied: the file keeps
only the results of 64 nodes or more, so the writer searches again the positions it needs (how a
campaign resumed from its file writes its proofs).  The columns: the nodes of the
proof, its size (gzip), the seconds of the solve, of the writer and of the check, and the
writer's and the checker's milliseconds a node.  No other tool writes Konane proofs to set
beside these.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import textwrap

ONE = textwrap.dedent(r'''
    import json, os, sys, time
    import konane
    import konane._kernel.wins as wins_kernel
    n, writer, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    if writer == "questions":
        wins_kernel.proof = lambda *args: None          # the extraction by questions to the search
    # "file": the search's results kept in a cache file, the tables emptied, then the proof
    # written from the file (which keeps only the results of 64 nodes or more)
    cache = path + ".sqlite" if writer == "file" else None
    game = konane.Match(konane.Board.start(n))
    t0 = time.perf_counter()
    s = konane.solve(game, threads=1, progress=False, cache=cache)
    if cache:
        konane.clear_caches()
    t1 = time.perf_counter()
    konane.solve(game, threads=1, progress=False, certificate=path, cache=cache)
    t2 = time.perf_counter()
    r = konane.verify_certificate(path)
    t3 = time.perf_counter()
    print(json.dumps({"winner": s.winner.name, "nodes": r.nodes, "bytes": r.size, "solve_s": t1 - t0,
                      "write_s": t2 - t1, "check_s": t3 - t2}))
''')


def run(n: int, writer: str, folder: str) -> dict[str, object]:
    """One row in a fresh process."""
    path = os.path.join(folder, f"{n}x{n}-{writer}.cert")
    p = subprocess.run([sys.executable, "-c", ONE, str(n), writer, path], capture_output=True, text=True,
                       check=True)
    row: dict[str, object] = {"board": f"{n}x{n} game", "writer": writer}
    row.update(json.loads(p.stdout.strip().splitlines()[-1]))
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="the 5x5 game alone")
    ap.add_argument("--json", metavar="FILE", help="also write the rows to FILE")
    args = ap.parse_args()
    sizes = [5] if args.quick else [5, 6]
    rows = []
    print(f"{'game':<11}{'writer':<11}{'winner':<8}{'nodes':>9}{'bytes':>11}{'solve s':>9}{'write s':>9}"
          f"{'check s':>9}{'write ms/node':>15}{'check ms/node':>15}")
    with tempfile.TemporaryDirectory() as folder:
        for n in sizes:
            for writer in ("native", "questions", "file"):
                r = run(n, writer, folder)
                rows.append(r)
                nodes = int(str(r["nodes"]))
                print(f"{r['board']:<11}{writer:<11}{r['winner']:<8}{nodes:>9,}{int(str(r['bytes'])):>11,}"
                      f"{float(str(r['solve_s'])):>9.2f}{float(str(r['write_s'])):>9.2f}"
                      f"{float(str(r['check_s'])):>9.2f}{1e3 * float(str(r['write_s'])) / nodes:>15.3f}"
                      f"{1e3 * float(str(r['check_s'])) / nodes:>15.3f}", flush=True)
    if args.json:
        doc = {"command": " ".join(["python", "benchmarks/bench_certificates.py", *sys.argv[1:]]),
               "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
               "rows": rows}
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
