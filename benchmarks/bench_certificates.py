"""Benchmark: writing and checking certificates (``konane.solve(..., certificate=path)``,
``konane.verify_certificate``).

Run:  python benchmarks/bench_certificates.py             (the 5x5 and 6x6 games from their start)
      python benchmarks/bench_certificates.py --quick     (the 5x5 game alone)
      python benchmarks/bench_certificates.py --narrow    (also 3 x 18 horizontal corner, White
                                                           first: a proof of 1.2 million nodes)
      python benchmarks/bench_certificates.py --base DIR  (each row also in the checkout DIR,
                                                           with its built extension)
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
proof, its size (gzip), the seconds of the solve, of the writer and of the check, the
writer's and the checker's milliseconds a node, and the memory each took: the peak of the
process's resident memory during the write and during the check (sampled every 5 ms) less what
it held when that began, in bytes a node of the proof.  No other tool writes Konane proofs to set
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
    import json, os, sys, threading, time
    sys.path.insert(0, sys.argv[4])
    sys.path.insert(1, os.path.join(sys.argv[4], "scripts"))
    import konane
    import konane._kernel.wins as wins_kernel
    import narrow_setups
    what, writer, path = sys.argv[1], sys.argv[2], sys.argv[3]
    PAGE = os.sysconf("SC_PAGE_SIZE")
    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * PAGE
    peak = [0]
    def watch():
        while True:
            peak[0] = max(peak[0], rss())
            time.sleep(0.005)
    threading.Thread(target=watch, daemon=True).start()
    def start():
        """The resident memory now, the peak counted from now."""
        now = rss()
        peak[0] = now
        return now
    if writer == "questions":
        wins_kernel.proof = lambda *args: None          # the extraction by questions to the search
    # "file": the search's results kept in a cache file, the tables emptied, then the proof
    # written from the file (which keeps only the results of 64 nodes or more)
    cache = path + ".sqlite" if writer == "file" else None
    if what.startswith("narrow:"):          # narrow:ROWS:N:SETUP:PLAYER
        _, rows, n, setup, mover = what.split(":")
        game = narrow_setups.board(int(rows), int(n), setup)
    else:
        game, mover = konane.Match(konane.Board.start(int(what))), None
    t0 = time.perf_counter()
    s = konane.solve(game, mover, threads=1, progress=False, cache=cache)
    if cache:
        konane.clear_caches()
    t1 = time.perf_counter()
    held = start()
    konane.solve(game, mover, threads=1, progress=False, certificate=path, cache=cache)
    t2 = time.perf_counter()
    write_peak = peak[0] - held
    held = start()
    r = konane.verify_certificate(path)
    t3 = time.perf_counter()
    check_peak = peak[0] - held
    print(json.dumps({"winner": s.winner.name, "nodes": r.nodes, "bytes": r.size, "solve_s": t1 - t0,
                      "write_s": t2 - t1, "check_s": t3 - t2, "write_peak_bytes": write_peak,
                      "check_peak_bytes": check_peak}))
''')

#: The narrow board of ``--narrow``: a proof of 1.2 million nodes, solved in about 100 s.
NARROW = ("narrow:3:18:horizontal corner:o", "3x18 hc o")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(what: str, board: str, writer: str, folder: str, root: str = ROOT) -> dict[str, object]:
    """One row in a fresh process, with the code of the checkout ``root``."""
    path = os.path.join(folder, f"{board.replace(' ', '-')}-{writer}.cert")
    p = subprocess.run([sys.executable, "-c", ONE, what, writer, path, root], capture_output=True, text=True,
                       check=True, cwd=folder)
    row: dict[str, object] = {"board": board, "writer": writer}
    row.update(json.loads(p.stdout.strip().splitlines()[-1]))
    return row


def line(r: dict[str, object], code: str) -> str:
    """A row of the table."""
    nodes = int(str(r["nodes"]))
    return (f"{r['board']:<11}{r['writer']:<11}{code:<6}{r['winner']:<8}{nodes:>10,}{int(str(r['bytes'])):>12,}"
            f"{float(str(r['solve_s'])):>9.2f}{float(str(r['write_s'])):>9.2f}{float(str(r['check_s'])):>9.2f}"
            f"{1e3 * float(str(r['write_s'])) / nodes:>10.3f}{1e3 * float(str(r['check_s'])) / nodes:>10.3f}"
            f"{int(str(r['write_peak_bytes'])) / nodes:>11.0f}{int(str(r['check_peak_bytes'])) / nodes:>11.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="the 5x5 game alone")
    ap.add_argument("--narrow", action="store_true", help="also 3 x 18 horizontal corner, White first (native)")
    ap.add_argument("--base", metavar="DIR", help="each row also in the checkout DIR (with its built extension)")
    ap.add_argument("--json", metavar="FILE", help="also write the rows to FILE")
    args = ap.parse_args()
    jobs = [(str(n), f"{n}x{n} game", writer) for n in ([5] if args.quick else [5, 6])
            for writer in ("native", "questions", "file")]
    if args.narrow:
        jobs.append((*NARROW, "native"))
    codes = [("ours", ROOT)] + ([("base", os.path.abspath(args.base))] if args.base else [])
    rows = []
    print(f"{'game':<11}{'writer':<11}{'code':<6}{'winner':<8}{'nodes':>10}{'bytes':>12}{'solve s':>9}"
          f"{'write s':>9}{'check s':>9}{'write ms':>10}{'check ms':>10}{'write B':>11}{'check B':>11}"
          f"\n{'':<85}{'a node':>10}{'a node':>10}{'a node':>11}{'a node':>11}")
    with tempfile.TemporaryDirectory() as folder:
        for what, board, writer in jobs:
            for code, root in codes:
                r = run(what, board, writer, folder, root)
                r["code"] = code
                rows.append(r)
                print(line(r, code), flush=True)
    if args.json:
        doc = {"command": " ".join(["python", "benchmarks/bench_certificates.py", *sys.argv[1:]]),
               "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
               "rows": rows}
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
