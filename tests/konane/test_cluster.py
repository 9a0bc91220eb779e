"""konane.solve, konane.outcome and konane.value on a Dask cluster (konane.cluster).

Every expected result is an independent computation: the same call in this process,
without ``cluster=`` (the native search and solver, themselves tested against the
reference code and brute force), and for the winning moves the local search of the
position after the move.  The cluster is a ``LocalCluster`` of two worker processes.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

import cgt
import konane
from konane import BLACK, WHITE, Board
from konane._kernel import native
from konane.cluster import Cluster
from konane.errors import ClusterError, ComputationLimitError, KonaneTypeError, KonaneValueError
from konane.match import removals

from .helpers import load_script

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.skipif(not native.available(), reason="the cluster's jobs run the native search")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()
        # Dask keeps a thread of its own for the rest of the process; on Python 3.11, deep
        # computations refuse to raise the recursion limit while another thread runs
        # (cgt._deep.may_raise_limit), so the tests after these would see it
        from distributed.utils import _offload_executor
        _offload_executor.shutdown(wait=True)


#: The 6x6 opening c3 c4, Black to move (White wins: the search in this process), a few seconds.
C3_C4 = Board.start(6).play_removal("c3").play_removal("c4")


def openings(n: int) -> list[Board]:
    """The positions after the two removals of the n x n board (Black to move)."""
    start = Board.start(n)
    out = []
    for r1 in removals(start, BLACK):
        b1 = start.play_removal(r1.source)
        for r2 in removals(b1, WHITE, hole=r1.source):
            out.append(b1.play_removal(r2.source))
    return out


def random_board(rng: random.Random, rows: int, cols: int) -> Board:
    rows_ = ["".join(rng.choice("xo..") for _ in range(cols)) for _ in range(rows)]
    return Board("/".join(rows_))


def local_wins(board: Board, color) -> bool:
    return konane.solve(board, color, progress=False).wins


def test_the_5x5_openings_have_the_same_outcomes_and_winning_moves(client):
    # small jobs, so that the driver's tree grows beyond the root
    on = Cluster(client, job_positions=2_000)
    for b in openings(5):
        assert konane.outcome(b, cluster=on) == konane.outcome(b), b
        s = konane.solve(b, BLACK, cluster=on)
        assert s.winner is konane.solve(b, BLACK).winner, b
        if s.move is not None:                      # the move wins: White to move then loses
            assert not local_wins(b.play(s.move), WHITE), (b, s.move)
        assert s.jobs >= 1


def test_a_6x6_opening_on_the_cluster(client):
    # Black to move after c3 c4 loses (the search in this process; White wins 6x6 openings
    # of this kind, scripts/solve_openings.py)
    b = C3_C4
    s = konane.solve(b, BLACK, cluster=Cluster(client, job_positions=50_000))
    assert s.winner is konane.solve(b, BLACK).winner
    assert s.jobs > 1 and s.positions > 0


def test_certificates_written_on_the_cluster_are_checked_by_the_reference_code(client, tmp_path):
    """konane.solve(cluster=, certificate=): the top of the proof from the driver's tree, its
    leaves written by jobs on the workers, joined; verify_certificate (the reference code)
    checks it.  Black wins 6x6 d4 e4 with b4-d4 (the search in this process; Norvig 2021: the
    centre openings of 6x6 with Black to move are Black's only for this kind of reply), so White
    to move loses after it, over a tree of several jobs; Black wins 5x5 a1 a2 (Norvig 2021:
    Black wins 5x5; the winner moves at the root); a position one job proves is that job's
    certificate whole."""
    import gzip
    import json

    lost = Board.start(6).play_removal("d4").play_removal("e4").play("b4-d4")
    for b, mover, job_positions in [(lost, WHITE, 2_000),
                                    (Board.start(5).play_removal("a1").play_removal("a2"), BLACK, 200),
                                    (Board("..ox/xo.."), BLACK, 10_000)]:
        path = tmp_path / "proof.cert"
        s = konane.solve(b, mover, cluster=Cluster(client, job_positions=job_positions), certificate=path)
        assert s.winner is konane.solve(b, mover).winner
        report = konane.verify_certificate(path)
        assert report.winner is s.winner and report.board == b and report.to_move is mover
        if b is lost:
            assert s.jobs > 2 and report.winner is BLACK
            # the root, written by the join from the driver's tree, last: every capture of White
            header, nodes_text, _ = gzip.decompress(path.read_bytes()).decode().split("\n")
            nodes = json.loads(nodes_text)
            assert json.loads(header)["root"] == len(nodes) - 1
            assert nodes[-1]["board"] == b.picture and len(nodes[-1]["moves"]) == b.move_count(WHITE)
    # proved by the call's store already (a second call with the same cache): the root is a
    # leaf, its proof written by a job from the proofs kept in the file
    store = tmp_path / "wins.sqlite"
    konane.solve(lost, WHITE, cluster=Cluster(client, job_positions=2_000), cache=store)
    s = konane.solve(lost, WHITE, cluster=Cluster(client, job_positions=2_000), cache=store,
                     certificate=tmp_path / "again.cert")
    assert s.winner is BLACK and konane.verify_certificate(tmp_path / "again.cert").winner is BLACK


def test_jobs_on_several_threads(client):
    # threads= with cluster=: each job's search (and value) on 2 threads of its worker; the
    # same winners as one process (White wins 6x6 a1 a2: Norvig 2021) and the same values
    b = Board.start(6).play_removal("a1").play_removal("a2")
    s = konane.solve(b, BLACK, cluster=Cluster(client, job_positions=50_000), threads=2)
    assert s.winner is WHITE and s.jobs >= 1
    for p in openings(5):
        assert konane.outcome(p, cluster=Cluster(client, job_positions=2_000, threads=2)) == konane.outcome(p), p
    v = Board("xoxox/oxoxo/xo..x/oxoxo")
    assert konane.value(v, cluster=client, threads=2) == konane.value(v)
    assert konane.cluster.as_cluster(client, 3).threads == 3
    assert konane.cluster.as_cluster(Cluster(client, threads=2)).threads == 2


@pytest.mark.slow
def test_every_6x6_opening_on_the_cluster(client):
    for b in openings(6):
        assert konane.solve(b, BLACK, cluster=client).winner is konane.solve(b, BLACK).winner, b


def test_random_boards_have_the_same_winners_moves_and_values(client):
    rng = random.Random(27)
    on = Cluster(client, job_positions=500)
    for _ in range(150):
        b = random_board(rng, rng.randint(2, 4), rng.randint(3, 5))
        for color in (BLACK, WHITE):
            s = konane.solve(b, color, cluster=on, all_moves=True)
            local = konane.solve(b, color, all_moves=True)
            assert s.winner is local.winner, (b, color)
            assert sorted(map(str, s.winning_moves)) == sorted(map(str, local.winning_moves)), (b, color)
        assert konane.outcome(b, cluster=on) == konane.outcome(b), b
    for _ in range(40):
        b = random_board(rng, 3, rng.randint(4, 6))
        for plies in (0, 1, 2):
            assert konane.value(b, cluster=Cluster(client, plies=plies)) == konane.value(b), (b, plies)


def test_a_value_job_past_the_memory_limit_stops_the_call_and_the_workers_live(client):
    """max_memory bounds each value job on its worker: the value of 5x6 after c3 d3 (about 470 MB
    of tables in one process: benchmarks/README.md) as one job within 32 MiB stops the call with
    the limit's error, naming the job, and the workers live on (the next call gives the value
    one process gives)."""
    big = Board.start(5, 6).play_removal("c3").play_removal("d3")
    with pytest.raises(konane.ComputationLimitError) as info:
        konane.value(big, cluster=Cluster(client, plies=0), max_memory=32 * 2**20, progress=False)
    assert info.value.limit == "max_memory" and "on its worker" in str(info.value)
    assert konane.values.value_job(Board("..ox/xo..").key, konane.STANDARD, None, 1, 32 * 2**20) == "2"
    b = Board.start(5).play_removal("c3").play_removal("c2")
    assert konane.value(b, cluster=Cluster(client, plies=0)) == konane.value(b)


def test_values_of_positions_expanded_in_the_driver(client, monkeypatch):
    # every region valued through the jobs (none small enough for the driver itself)
    monkeypatch.setattr(konane.cluster, "LOCAL_STONES", 0)
    b = Board.start(5).play_removal("c3").play_removal("c2")
    expected = konane.value(b)
    for plies in (0, 1, 2):
        assert konane.value(b, cluster=Cluster(client, plies=plies)) == expected
    # Ernst (1995): the 2x3 position x.o/ox. ... a hand check: ".ox./o..x/...." is +-1
    assert konane.value(".ox./o..x/....", cluster=client) == cgt.parse("+-1")


@pytest.fixture()
def one_worker(client):
    """A cluster of one worker process on one thread.  Its jobs run one at a time, so a call's
    work does not depend on which worker finishes first, and two calls can be compared by their
    work (on two workers the same call varies by a factor of two from run to run).  It asks for
    ``client`` so that the module's cluster, whose teardown stops Dask's own thread, outlives it."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        yield c


def test_a_stopped_driver_resumes_from_the_store_with_less_work(one_worker, tmp_path):
    """Stopped at a quarter, a half and three quarters of a full call's positions, then
    resumed from the store: less work in all than as many fresh calls.  Not at every stop: the
    resumed driver's tree takes another path, and measured on this position (one worker,
    2026-11-27) the resumed calls took 1.01, 1.43 and 0.43 million positions against 1.23
    million for a fresh call (0.34 million when stopped at nine tenths)."""
    b = C3_C4
    client = one_worker
    on = Cluster(client, job_positions=50_000)

    def fresh() -> None:        # no table in the driver or the worker: only the store remembers
        konane.clear_caches()
        client.run(konane.clear_caches)

    fresh()
    full = konane.solve(b, BLACK, cluster=on, cache=tmp_path / "full.sqlite", progress=False)
    work = jobs = 0
    for k in (1, 2, 3):
        fresh()
        store = tmp_path / f"stopped-{k}.sqlite"
        # the same jobs in the same order as the full call, stopped at k quarters
        with pytest.raises(ComputationLimitError):
            konane.solve(b, BLACK, cluster=on, cache=store, max_positions=full.positions * k // 4, progress=False)
        assert konane.RegionCache(store).info()["stored_proofs"] > 0      # what the stopped call proved
        fresh()
        resumed = konane.solve(b, BLACK, cluster=on, cache=store, progress=False)
        assert resumed.winner is full.winner
        work += resumed.positions
        jobs += resumed.jobs
    assert work < 3 * full.positions and jobs < 3 * full.jobs, (work, jobs, full)
    # a finished run keeps the root: the same call sends no job for the winner
    fresh()
    again = konane.solve(b, BLACK, cluster=on, cache=store, progress=False)
    assert again.winner is full.winner and again.jobs == 0


def test_a_driver_killed_by_the_system_resumes(client, tmp_path):
    b = C3_C4
    store = tmp_path / "killed.sqlite"
    address = client.scheduler.address
    code = (f"import konane\nfrom konane.cluster import Cluster\n"
            f"b = konane.Board.start(6).play_removal('c3').play_removal('c4')\n"
            f"konane.solve(b, 'x', cluster=Cluster({address!r}, job_positions=20_000), cache={str(store)!r})\n")
    client.run(konane.clear_caches)
    driver = subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    time.sleep(6)
    driver.send_signal(signal.SIGKILL)
    driver.wait()
    kept = konane.RegionCache(store).info()["stored_wins"]
    konane.clear_caches()
    client.run(konane.clear_caches)
    resumed = konane.solve(b, BLACK, cluster=Cluster(client, job_positions=20_000), cache=store,
                           progress=False)
    assert resumed.winner is konane.solve(b, BLACK).winner
    assert kept is not None and kept >= 0


# a client that cannot connect leaves a socket to the garbage collector (inside Dask)
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_a_closed_client_or_a_silent_scheduler_is_a_cluster_error(client, tmp_path):
    store = tmp_path / "store.sqlite"
    konane.solve("..ox/xo..", BLACK, cache=store)           # something in the store
    before = konane.RegionCache(store).info()
    closed = distributed.Client(client.scheduler.address, set_as_default=False)
    closed.close()
    with pytest.raises(ClusterError, match="not running"):
        konane.solve(".ox./o..x/....", BLACK, cluster=closed, cache=store)
    t = time.monotonic()
    with pytest.raises(ClusterError, match="no Dask scheduler answered"):
        konane.outcome(".ox./o..x/....", cluster=Cluster("tcp://127.0.0.1:9", timeout=1), cache=store)
    assert time.monotonic() - t < 30
    with pytest.raises(ClusterError):
        konane.value(".ox./o..x/....", cluster=Cluster("tcp://127.0.0.1:9", timeout=1))
    after = konane.RegionCache(store).info()
    assert after["stored_proofs"] == before["stored_proofs"] and after["stored"] == before["stored"]


def test_bad_arguments(client):
    with pytest.raises(KonaneTypeError, match="cluster="):
        konane.outcome("..ox", cluster=42)
    with pytest.raises(KonaneTypeError):
        Cluster(3.5)
    with pytest.raises(KonaneValueError, match="job_positions"):
        Cluster(client, job_positions=0)
    with pytest.raises(KonaneValueError, match="timeout"):
        Cluster(client, timeout=-1)
    with pytest.raises(KonaneValueError, match="threads"):
        Cluster(client, threads=0)
    with pytest.raises(KonaneTypeError, match="threads"):
        konane.solve(".ox./o..x/....", BLACK, cluster=client, threads="2")
    match = konane.Match(Board.start(4))
    with pytest.raises(KonaneValueError, match="opening"):
        konane.solve(match, cluster=client)


def test_a_process_with_no_client_of_its_own_solves_by_the_scheduler_s_address(client):
    """cluster="tcp://..." in a process that has no Dask client: the call's own client does the
    waiting (Dask's default client, which there is not, did before: "No clients found").  Norvig
    (2021): White wins 4x4 a1 b1 with Black to move; the value of '..ox/xo..' is 2 (Ernst 1995)."""
    code = ("import konane; from konane.cluster import Cluster; "
            f"c = Cluster({client.scheduler.address!r}, job_positions=50); "
            "b = konane.Board.start(4).play_removal('a1').play_removal('b1'); "
            "print(konane.solve(b, 'x', cluster=c).winner.long_name, konane.value('..ox/xo..', cluster=c))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, KONANE_PROGRESS="0", PYTHONPATH=os.pathsep.join(sys.path)))
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["White", "2"]


def test_without_dask_the_cluster_path_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ClusterError, match=r"konane-cgt\[cluster\]"):
        konane.outcome("..ox", cluster="tcp://127.0.0.1:9")


# a LocalCluster started and closed inside a test leaves a socket to the garbage collector (inside Dask)
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_local_client_connects_to_a_scheduler_or_says_why_not(client, monkeypatch):
    """konane.cluster.local_client with an address: a client of that scheduler for the block
    (it maps tasks over the cluster's workers), a ClusterError where no scheduler answers or
    Dask is not installed.  (Its LocalCluster of its own: scripts/solve_openings.py --workers,
    tests/konane/test_solving.py.)"""
    with konane.cluster.local_client(1, address=client.scheduler.address) as c:
        assert c.gather(c.map(abs, [-3, 4])) == [3, 4]
    assert str(c.status) == "closed"
    with pytest.raises(ClusterError, match="no Dask scheduler answered"):
        with konane.cluster.local_client(1, address="tcp://127.0.0.1:9"):
            pass
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ClusterError, match=r"konane-cgt\[cluster\]"):
        with konane.cluster.local_client(2):
            pass


# a LocalCluster started and closed inside a test leaves a socket to the garbage collector (inside Dask)
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_solve_openings_script_on_dask_workers_agrees_with_one_process(tmp_path):
    """scripts/solve_openings.py --workers 2 solves the openings as tasks of a Dask LocalCluster of
    two worker processes (its own, beside the module's):
    the same winners as the run in this process, and White wins the game (Norvig (2021)), the
    openings equal by a symmetry solved once (``same_as``); with --certify, each worker writes the
    certificates of its openings and the run joins them into the game's, which the reference
    code checks; with --split, the same from a task for each capture of Black in each opening."""
    import json

    mod = load_script("scripts", "solve_openings")
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert mod.main(["--sizes", "4", "--json", str(one), "--quiet"]) == 0
    certs = tmp_path / "certs"
    assert mod.main(["--sizes", "4", "--workers", "2", "--certify", str(certs), "--json", str(two), "--quiet"]) == 0
    (a,), (b,) = (json.loads(f.read_text(encoding="utf-8"))["boards"] for f in (one, two))
    assert [(o["opening"], o["winner"]) for o in b["openings"]] == [(o["opening"], o["winner"]) for o in a["openings"]]
    assert b["game"] == a["game"] == "White"
    twins = [o for o in b["openings"] if "same_as" in o]
    assert twins and len(twins) < len(b["openings"])
    # a twin's row names no move, certificate or split of its own (the original's are of another opening)
    assert all(o["move"] is None and not {"certificate", "split"} & set(o) for o in twins)
    parts = sorted(p.name for p in certs.iterdir() if p.name != "4x4.cert")
    assert parts == sorted(f"4x4-{o['opening'].replace(' ', '-')}.cert" for o in b["openings"] if "same_as" not in o)
    assert b["certificate"]["path"] == str(certs / "4x4.cert") and b["certificate"]["winner"] == "White"
    assert konane.verify_certificate(certs / "4x4.cert").winner is konane.WHITE
    # --split: each capture of Black in each opening a task of its own, the rows and the
    # certificate joined from them as in one process
    split, three = tmp_path / "split", tmp_path / "three.json"
    assert mod.main(["--sizes", "4", "--workers", "2", "--split", "--certify", str(split), "--json", str(three),
                     "--quiet"]) == 0
    (c,) = json.loads(three.read_text(encoding="utf-8"))["boards"]
    assert [(o["opening"], o["winner"]) for o in c["openings"]] == [(o["opening"], o["winner"]) for o in a["openings"]]
    for o in (o for o in c["openings"] if "same_as" not in o):
        position = konane.Board.start(4).play_removal(o["opening"].split()[0]).play_removal(o["opening"].split()[1])
        assert [x["capture"] for x in o["split"]] == [str(m) for m, _ in position.move_options(konane.BLACK)]
    assert c["certificate"]["winner"] == "White"
    assert konane.verify_certificate(split / "4x4.cert").winner is konane.WHITE
    # a capture equal to an earlier one by a symmetry is no task (3x5 c1 c2: e1-c1 mirrors a1-c1)
    assert mod.main(["--sizes", "3x5", "--openings", "c1 c2", "--workers", "2", "--split", "--certify", str(split),
                     "--json", str(three), "--quiet"]) == 0
    ((d,),) = (json.loads(three.read_text(encoding="utf-8"))["boards"][0]["openings"],)
    assert [(x["capture"], x["winner"], x.get("same_as")) for x in d["split"]] == [
        ("a1-c1", "White", None), ("e1-c1", "White", "a1-c1")]
    assert sorted(p.name for p in split.glob("3x5-*.cert")) == ["3x5-c1-c2-a1-c1.cert"]
    with pytest.raises(SystemExit):
        mod.main(["--sizes", "4", "--workers", "2", "--first-win"])


# a LocalCluster started and closed inside a test leaves a socket to the garbage collector (inside Dask)
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_solve_openings_script_on_dask_workers_stopped_by_ctrl_c_keeps_what_finished(tmp_path, monkeypatch):
    """Ctrl-C while the driver waits for the workers (here raised after the first task's row
    comes back): no traceback; the tasks not finished are cancelled and their rows say
    ``"limit": "interrupt"``, the finished row is kept with the winner that a run in this
    process finds, the JSON says the run is not complete, no certificate is joined, and the exit
    status is 130."""
    import json

    mod = load_script("scripts", "solve_openings")
    one = tmp_path / "one.json"
    assert mod.main(["--sizes", "4", "--json", str(one), "--quiet"]) == 0
    winners = {o["opening"]: o["winner"] for o in json.loads(one.read_text(encoding="utf-8"))["boards"][0]["openings"]}
    real = mod.finished

    def one_then_ctrl_c(client, futures):
        rows = real(client, futures)
        yield next(rows)
        raise KeyboardInterrupt

    monkeypatch.setattr(mod, "finished", one_then_ctrl_c)
    out, certs = tmp_path / "out.json", tmp_path / "certs"
    assert mod.main(["--sizes", "4", "--workers", "2", "--certify", str(certs), "--json", str(out), "--quiet"]) == 130
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["complete"] is False
    (board,) = doc["boards"]
    searched = [o for o in board["openings"] if "same_as" not in o]
    done = [o for o in searched if o["winner"] is not None]
    assert len(done) == 1 and done[0]["winner"] == winners[done[0]["opening"]] is not None
    assert len(searched) > 1 and all(o["limit"] == "interrupt" for o in searched if o["winner"] is None)
    assert "certificate" not in board and not (certs / "4x4.cert").exists()


def test_the_store_keeps_whole_positions_under_their_normal_form(tmp_path):
    path = tmp_path / "wins.sqlite"
    cache = konane.RegionCache(path)
    b = Board("..ox/xo..")                 # 2 (Ernst 1995): Black wins whoever starts
    cache.put_win(b.key, True, True, True, 12)
    dual = Board(".ox./o..x/....")          # +-1: its colour swap is one of its symmetries
    cache.put_win(dual.key, True, True, True, 5)
    cache.close()
    again = konane.RegionCache(path)
    for k in range(8):                   # every image under the symmetries, and the colour swap
        t = b.transform(k)
        assert again.win(t.key, True, True) is True
        assert again.win(t.color_swapped().key, False, True) is True
        # either player to move is the same game, and the first player wins
        assert again.win(dual.transform(k).key, False, True) is True
    assert again.win(b.key, False, True) is None and again.win(b.key, True, False) is None
    again.close()
    # a result edited by hand is refused
    import sqlite3
    db = sqlite3.connect(path)
    db.execute("UPDATE wins SET result='loss,12'")
    db.commit()
    db.close()
    with pytest.raises(konane.CacheFileError, match="checksum"):
        konane.RegionCache(path).win(b.key, True, True)


def test_a_new_leaf_starts_at_the_search_s_first_numbers(tmp_path):
    # the native search's first numbers (src/konane/wins.rs, `initial`): proof 1 + the
    # opponent's replies // 3, disproof the mover's moves.  By hand: Black's one move is
    # x9 over o10; White's five are o2 and o6 either way and o10 over x9.
    from konane.cluster import _Search
    search = _Search.__new__(_Search)
    search.rules = konane.Rules()
    search.store = konane.RegionCache(tmp_path / "wins.sqlite")
    try:
        n = search.node(Board(".xox.xox.xo."), True, None, None)
        assert (n.pn, n.dn) == (1 + 5 // 3, 1)
        m = search.node(Board(".xox.xox.xo."), False, None, None)
        assert (m.pn, m.dn) == (1 + 1 // 3, 5)
    finally:
        search.store.close()


# last: the nanny starts a new worker, which takes a few seconds
def test_a_worker_killed_in_the_middle_of_a_run(client):
    b = C3_C4
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]

    def kill() -> None:
        time.sleep(1.5)
        os.kill(victim, signal.SIGKILL)

    killer = threading.Thread(target=kill)
    killer.start()
    try:
        s = konane.solve(b, BLACK, cluster=Cluster(client, job_positions=20_000))
    finally:
        killer.join()
    assert s.winner is konane.solve(b, BLACK).winner
    client.wait_for_workers(2, timeout=60)          # the nanny started a new worker
