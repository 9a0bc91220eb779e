"""Benchmark: konane.solve and konane.value on a Dask LocalCluster against one process.

Run:  python benchmarks/bench_cluster.py                  (6x6 openings, a 5x5 value, the cost of a job)
      python benchmarks/bench_cluster.py --workers 16     (on a many-core machine)
      python benchmarks/bench_cluster.py --big            (also the 5x8 corner openings)
      python benchmarks/bench_cluster.py --nodes 3        (a simulated multi-node run, see below)
      python benchmarks/bench_cluster.py --certificates   (only the certificates, see below)
      python benchmarks/bench_cluster.py --json FILE      (the rows as data, for benchmarks/results/)

Needs the native core and Dask distributed (``pip install ".[cluster]"``).  Each computation in
one process runs in a fresh subprocess; each cluster computation on a fresh ``LocalCluster``
of ``--workers`` worker processes of one thread each (the time to start the cluster is not
counted; the time to import the library in the workers is, at the first job).  The driver is
the benchmark's process.  ``positions`` counts every position searched, on the cluster also
those of jobs stopped by their budget (the waste of the two-level search) and those searched
twice by two workers (each worker has its own table).

The cost of a job: ``--jobs`` jobs that settle at once (a 2x4 position), sent at the same
time: the seconds a job costs the cluster, and the bytes of a job's arguments and of its
answer as Dask pickles them (what crosses the network besides Dask's own message of a task).

The certificates (``--certificates``): the 6x6 openings c3 c4 and d4 c4 (White wins) solved
with ``certificate=`` in this process (one thread, tables emptied first) and on the cluster
(the top of the proof from the driver's tree, its leaves written by the workers, joined): the
seconds of the call, the proof's nodes and bytes, the seconds of its check
(``konane.verify_certificate``).

A simulated multi-node run (``--nodes N``): N worker processes of one thread with
``--node-memory`` each (Dask's nanny restarts a worker past it), that do not share the
store's file (``share_cache=False``, as machines without a shared file system), solve the
6x6 opening c3 c4 with the store in the driver, stopped after 4 s; then the same call again on
the same store after the workers' tables were emptied (a driver that resumes), and once more
(answered from the store).  The traffic is every byte
the loopback interface carried during the run (``/proc/net/dev``: jobs, answers, Dask's
messages and heartbeats), per job.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import subprocess
import sys
import tempfile
import textwrap
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

import konane  # noqa: E402
from konane.cluster import Cluster, win_job  # noqa: E402
from konane.values import value_job  # noqa: E402

LOCAL = textwrap.dedent("""
    import json, sys, time
    sys.path.insert(0, {root!r})
    import konane
    konane.set_progress(False)
    b = konane.Board.start({rows}, {cols}).play_removal({first!r}).play_removal({second!r})
    t = time.perf_counter()
    try:
        s = konane.solve(b, "x", time={limit})
        print(json.dumps({{"winner": s.winner.long_name, "positions": s.positions,
                          "seconds": time.perf_counter() - t}}))
    except konane.ComputationLimitError as exc:
        print(json.dumps({{"winner": None, "positions": exc.positions, "seconds": time.perf_counter() - t}}))
""")


def local(rows: int, cols: int, first: str, second: str, limit: float) -> dict[str, object]:
    code = LOCAL.format(root=ROOT, rows=rows, cols=cols, first=first, second=second, limit=limit)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def on_cluster(client, rows: int, cols: int, first: str, second: str, limit: float,
               job_positions: int) -> dict[str, object]:
    b = konane.Board.start(rows, cols).play_removal(first).play_removal(second)
    client.restart()
    t = time.perf_counter()
    try:
        s = konane.solve(b, "x", time=limit, cluster=Cluster(client, job_positions=job_positions), progress=False)
        return {"winner": s.winner.long_name, "positions": s.positions, "jobs": s.jobs,
                "seconds": time.perf_counter() - t}
    except konane.ComputationLimitError as exc:
        return {"winner": None, "positions": exc.positions, "jobs": None, "seconds": time.perf_counter() - t}


def job_cost(client, jobs: int) -> dict[str, object]:
    key = konane.Board("x.o./.xo.").key
    args = (key, True, konane.STANDARD, 1000, None)
    client.submit(win_job, *args, pure=False).result()          # the library imported in a worker
    client.run(lambda: None)
    t = time.perf_counter()
    futures = [client.submit(win_job, *args, pure=False) for _ in range(jobs)]
    results = client.gather(futures)
    seconds = time.perf_counter() - t
    value_args = (konane.Board("x.o./.xo.").key, konane.STANDARD, None)
    return {"jobs": jobs, "seconds_per_job": seconds / jobs,
            "search_job_argument_bytes": len(pickle.dumps(args)),
            "search_job_answer_bytes": len(pickle.dumps(results[0])),
            "value_job_argument_bytes": len(pickle.dumps(value_args)),
            "value_job_answer_bytes": len(pickle.dumps(value_job(*value_args)))}


def loopback_bytes() -> int | None:
    """Bytes the loopback interface has carried (received; each byte is sent once)."""
    try:
        with open("/proc/net/dev") as f:
            for line in f:
                name, _, rest = line.partition(":")
                if name.strip() == "lo":
                    return int(rest.split()[0])
    except OSError:
        return None
    return None


def simulated_nodes(nodes: int, memory: str, job_positions: int) -> dict[str, object]:
    import tempfile

    import distributed

    cluster = distributed.LocalCluster(n_workers=nodes, threads_per_worker=1, processes=True,
                                       memory_limit=memory, dashboard_address=None)
    client = distributed.Client(cluster)
    b = konane.Board.start(6).play_removal("c3").play_removal("c4")
    on = Cluster(client, job_positions=job_positions, share_cache=False)
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            store = os.path.join(tmp, "driver.sqlite")
            for run, limit in (("stopped after 4 s", 4.0), ("resumed", None), ("finished", None)):
                client.run(konane.clear_caches)
                before, t = loopback_bytes(), time.perf_counter()
                try:
                    s = konane.solve(b, "x", cluster=on, cache=store, progress=False, time=limit)
                    winner, jobs, positions = s.winner.long_name, s.jobs, s.positions
                except konane.ComputationLimitError as exc:
                    winner, jobs, positions = None, None, exc.positions
                seconds, after = time.perf_counter() - t, loopback_bytes()
                traffic = None if before is None or after is None else after - before
                rows.append({"run": run, "winner": winner, "jobs": jobs, "positions": positions,
                             "seconds": seconds, "loopback_bytes": traffic,
                             "bytes_per_job": None if traffic is None or not jobs else traffic / jobs})
                per = "" if traffic is None or not jobs else f", {traffic / jobs:,.0f} bytes a job"
                print(f"{nodes} nodes of {memory}, {run}: {winner} {seconds:.1f} s, {jobs} jobs, "
                      f"{positions:,} positions, {traffic:,} bytes{per}", flush=True)
    finally:
        client.close()
        cluster.close()
    return {"nodes": nodes, "memory": memory, "runs": rows}


def certificates(client, job_positions: int) -> list[dict[str, object]]:
    rows = []
    folder = tempfile.mkdtemp()
    for first, second in [("c3", "c4"), ("d4", "c4")]:
        b = konane.Board.start(6).play_removal(first).play_removal(second)
        row: dict[str, object] = {"board": "6x6", "opening": f"{first} {second}"}
        for where in ("one_process", "cluster"):
            path = os.path.join(folder, f"{where}.cert")
            konane.clear_caches()
            client.restart()
            t = time.perf_counter()
            if where == "cluster":
                s = konane.solve(b, "x", cluster=Cluster(client, job_positions=job_positions), certificate=path)
            else:
                s = konane.solve(b, "x", certificate=path, threads=1)
            seconds = time.perf_counter() - t
            report = konane.verify_certificate(path)
            assert report.winner is s.winner
            row[where] = {"winner": s.winner.long_name, "seconds": round(seconds, 2), "jobs": s.jobs,
                          "positions": s.positions, "nodes": report.nodes, "bytes": report.size,
                          "check_seconds": round(report.seconds, 2)}
        rows.append(row)
        print(f"6x6 {first} {second}: " + " | ".join(
            f"{w} {r['seconds']:.1f} s, {r['nodes']:,} nodes, {r['bytes']:,} bytes, "
            f"checked in {r['check_seconds']:.1f} s"
            for w, r in ((w, row[w]) for w in ("one_process", "cluster")) if isinstance(r, dict)), flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--job-positions", type=int, default=konane.cluster.JOB_POSITIONS)
    ap.add_argument("--limit", type=float, default=120.0, help="seconds a computation may take")
    ap.add_argument("--big", action="store_true", help="also the 5x8 corner openings")
    ap.add_argument("--jobs", type=int, default=200)
    ap.add_argument("--nodes", type=int, default=0, help="only the simulated multi-node run, on this many workers")
    ap.add_argument("--node-memory", default="1GB")
    ap.add_argument("--certificates", action="store_true", help="only the certificates on the cluster")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    import distributed

    konane.set_progress(False)
    if args.nodes:
        out = simulated_nodes(args.nodes, args.node_memory, args.job_positions)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"date": time.strftime("%Y-%m-%d"), "machine": platform.platform(),
                           "cpus": os.cpu_count(), "job_positions": args.job_positions, "simulated_nodes": out},
                          f, indent=1)
        return
    cases = [(6, 6, "c3", "c4"), (6, 6, "d4", "d3"), (6, 6, "a1", "a2")]
    if args.big:
        cases += [(5, 8, "a1", "a2"), (5, 8, "a1", "b1")]
    rows = []
    cluster = distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    if args.certificates:
        try:
            found = certificates(client, args.job_positions)
        finally:
            client.close()
            cluster.close()
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"date": time.strftime("%Y-%m-%d"), "machine": platform.platform(),
                           "cpus": os.cpu_count(), "workers": args.workers, "job_positions": args.job_positions,
                           "certificates": found}, f, indent=1)
        return
    try:
        cost = job_cost(client, args.jobs)
        print(f"a job: {cost['seconds_per_job'] * 1000:.1f} ms; search job {cost['search_job_argument_bytes']} B "
              f"out, {cost['search_job_answer_bytes']} B back", flush=True)
        for r, c, first, second in cases:
            one = local(r, c, first, second, args.limit)
            many = on_cluster(client, r, c, first, second, args.limit, args.job_positions)
            row = {"board": f"{r}x{c}", "opening": f"{first} {second}", "one_process": one,
                   f"cluster_{args.workers}": many}
            rows.append(row)
            print(f"{r}x{c} {first} {second}: one process {one['winner']} {one['seconds']:.1f} s "
                  f"{one['positions']:,} positions | cluster({args.workers}) {many['winner']} {many['seconds']:.1f} s "
                  f"{many['positions']:,} positions {many['jobs']} jobs", flush=True)
        b = konane.Board.start(5).play_removal("c3").play_removal("c2")
        t = time.perf_counter()
        konane.value(b, cluster=client)
        value_cluster = time.perf_counter() - t
        konane.clear_caches()
        t = time.perf_counter()
        konane.value(b)
        value_one = time.perf_counter() - t
        print(f"value 5x5 c3 c2: one process {value_one:.2f} s (warm library), cluster {value_cluster:.2f} s")
    finally:
        client.close()
        cluster.close()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"date": time.strftime("%Y-%m-%d"), "machine": platform.platform(), "cpus": os.cpu_count(),
                       "workers": args.workers, "job_positions": args.job_positions, "job_cost": cost,
                       "solve": rows, "value_5x5_c3_c2": {"one_process": value_one, "cluster": value_cluster}},
                      f, indent=1)


if __name__ == "__main__":
    main()
