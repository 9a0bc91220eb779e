"""The same calls on many machines: :func:`konane.solve`, :func:`konane.outcome` and
:func:`konane.value` with ``cluster=``, on Dask distributed.

A researcher who outgrows one machine passes ``cluster=`` to the calls: a
``dask.distributed.Client`` (a ``LocalCluster`` on one machine, a SLURM/PBS or
Kubernetes cluster through ``dask-jobqueue`` or ``dask-kubernetes``), the address of
a scheduler, or a :class:`Cluster` (the client and how the calls use it).  Dask is
an optional dependency (``pip install "konane-cgt[cluster]"``); ``import konane`` does
not import it.

**Who wins** (``solve`` and ``outcome``): a two-level search.  The driver (the process
that made the call) keeps the top of the proof tree as a proof-number search
(job-level PNS, Wu et al. 2010, as used for Connect6; the two-level scheme that Cizek,
Balko and Schmid used for Sprouts).  Each leaf is a *job*: a worker searches it with
the native df-pn and a budget of :attr:`Cluster.job_positions` positions, and answers
won, lost, or not settled within the budget; a leaf not settled is expanded by the
driver (its moves become leaves), and the driver gives the free workers the most-proving
leaves (a leaf in flight is set aside while its job runs).  Each worker keeps its
transposition table from job to job.  Every result (a job's, and each node the driver
proves from them) goes into the call's ``cache=`` (a :class:`konane.RegionCache`, its
file for a file name; see :meth:`konane.RegionCache.put_win`): a leaf already there is
not sent again, so a run stopped by a limit, Ctrl-C or the death of the driver resumes
from the file; a worker that dies has its jobs given to another worker by Dask.  With
``certificate=``, the proof's top is read from the driver's tree and each of its leaves is
proved in a certificate of its own by a job on the worker that proved it, the driver joining
them (:func:`konane.certificates.write_on_cluster`).

**Values**: the driver splits the position into its regions and expands the top
:attr:`Cluster.plies` moves of each large region; the positions at the leaves (one job
each, a position met twice or as an image under symmetry or the colour swap sent once)
are valued by workers with :func:`konane.value`, and come back in the portable form
(the canonical form written out, as :func:`cgt.parse` reads it); the driver rebuilds
them in its own engine and combines them: ``{left options | right options}`` at each
expanded node and the sum of the regions at the top.

What crosses the network, the overhead of a job and how to run on a real cluster:
:doc:`docs/cluster.md </cluster>`.
"""

from __future__ import annotations

import dataclasses
import socket
import time as _time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import cgt
from konane._calls import describe, is_int
from konane._kernel.wins import Stats, proofs_kept_in, wins
from konane._progress import DEFAULT_MAX_MEMORY, MAX_THREADS, Progress, check_threads, computation
from konane.board import BLACK, WHITE, Board
from konane.cache import RegionCache, as_cache, win_key
from konane.errors import ClusterError, ComputationLimitError, KonaneTypeError, KonaneValueError
from konane.moves import Move
from konane.rules import Rules

__all__ = ["Cluster", "local_client", "JOB_POSITIONS", "PLIES", "LOCAL_STONES"]

JOB_POSITIONS = 200_000
"""The default budget of a job of the search, in positions (about a second of the native
search on one core)."""

PLIES = 1
"""The default number of moves the driver of :func:`konane.value` expands before the jobs."""

LOCAL_STONES = 10
"""Regions with at most this many stones are valued by the driver itself (milliseconds):
a job would cost more than the value."""

_INF = 1 << 60
_WAIT = 0.25            # seconds between two checks of the limits while jobs run


@dataclasses.dataclass(frozen=True)
class Cluster:
    """A Dask cluster and how the calls use it: pass it as ``cluster=``.

    Parameters
    ----------
    client : dask.distributed.Client or str
        The client of the cluster, or the address of its scheduler
        (``"tcp://host:8786"``; the call connects and disconnects).
    job_positions : int
        The budget of a job of :func:`konane.solve` and :func:`konane.outcome`, in
        positions (default :data:`JOB_POSITIONS`): larger jobs cost less overhead,
        smaller ones share the work among more workers sooner.
    plies : int
        The moves :func:`konane.value` expands in the driver before the jobs (default
        :data:`PLIES`; each ply multiplies the jobs by the number of moves).
    timeout : float
        Seconds to wait for a scheduler given by its address.
    share_cache : bool
        Whether the workers use the call's ``cache=`` file too (default True): each
        worker's search starts from the proofs kept there and keeps its own there, so that
        a run stopped and started again goes on from all the work done, also that of jobs
        stopped by their budget.  The workers must reach the file by the same name (one
        machine, or a shared file system); pass False where they cannot (the driver still
        keeps the jobs' results there).
    threads : int
        The threads of each job's native search on its worker (default 1, one job on
        each of a worker's Dask threads).  To use every core of a machine, run one
        worker with one Dask thread there (``dask worker ... --nthreads 1``) and give
        its number of cores here (or as the call's ``threads=``).

    Examples
    --------
    >>> konane.cluster.Cluster("tcp://127.0.0.1:8786", job_positions=50_000)
    Cluster(client='tcp://127.0.0.1:8786', job_positions=50000, plies=1, timeout=10.0, share_cache=True, threads=1)
    >>> konane.cluster.Cluster("tcp://127.0.0.1:8786", plies=-1)
    Traceback (most recent call last):
    ...
    konane.errors.KonaneValueError: plies must be an int from 0 to 4, not -1
    """

    client: Any
    job_positions: int = JOB_POSITIONS
    plies: int = PLIES
    timeout: float = 10.0
    share_cache: bool = True
    threads: int = 1

    def __post_init__(self) -> None:
        if not (isinstance(self.client, str) or _is_client(self.client)):
            raise KonaneTypeError(f"Cluster.client must be a dask.distributed Client or a scheduler address, "
                                  f"not {describe(self.client)}")
        if not is_int(self.job_positions) or self.job_positions < 1:
            raise KonaneValueError(f"job_positions must be a positive int, not {self.job_positions!r}")
        if not is_int(self.plies) or not 0 <= self.plies <= 4:
            raise KonaneValueError(f"plies must be an int from 0 to 4, not {self.plies!r}")
        if not isinstance(self.timeout, (int, float)) or isinstance(self.timeout, bool) or not self.timeout > 0:
            raise KonaneValueError(f"timeout must be a positive number of seconds, not {self.timeout!r}")
        if not isinstance(self.share_cache, bool):
            raise KonaneTypeError(f"share_cache must be True or False, not {describe(self.share_cache)}")
        if not is_int(self.threads) or not 1 <= self.threads <= MAX_THREADS:
            raise KonaneValueError(f"threads must be an int from 1 to {MAX_THREADS}, not {self.threads!r}")


def _is_client(obj: Any) -> bool:
    """Whether ``obj`` is a ``dask.distributed.Client`` (read without importing Dask)."""
    return any(c.__name__ == "Client" and c.__module__.startswith("distributed") for c in type(obj).__mro__)


def as_cluster(cluster: Any, threads: Any = None) -> Cluster:
    """``cluster=`` of a call as a :class:`Cluster`: a client, an address or a Cluster; with the
    call's ``threads=`` as its :attr:`Cluster.threads` when given."""
    n = check_threads(threads)
    if isinstance(cluster, Cluster):
        return cluster if n is None else dataclasses.replace(cluster, threads=n)
    if isinstance(cluster, str) or _is_client(cluster):
        return Cluster(cluster) if n is None else Cluster(cluster, threads=n)
    raise KonaneTypeError("cluster= must be a dask.distributed Client, a scheduler address or a "
                          f"konane.cluster.Cluster, not {describe(cluster)}")


@contextmanager
def connected(cluster: Cluster) -> Iterator[Any]:
    """The running client of ``cluster`` for one call (connected here, and closed at the end,
    when given by its address).  :class:`konane.errors.ClusterError` when Dask is not
    installed, the client is closed, or no scheduler answers at the address."""
    try:
        import distributed as dask_distributed
    except ImportError:
        raise ClusterError('cluster= needs Dask distributed: pip install "konane-cgt[cluster]"') from None
    distributed: Any = dask_distributed         # untyped
    if not isinstance(cluster.client, str):
        status = str(getattr(cluster.client, "status", "closed"))
        if status != "running":
            raise ClusterError(f"the Dask client given as cluster= is not running (its status is {status!r}): "
                               "make a new Client")
        yield cluster.client
        return
    def silent(exc: BaseException) -> ClusterError:
        return ClusterError(f"no Dask scheduler answered at {cluster.client!r} within {cluster.timeout:g} s "
                            f"({type(exc).__name__}: {exc})")

    address = cluster.client
    if address.startswith("tcp://"):
        # a plain connection first: a Client that cannot connect leaves its event loop's
        # thread running in the process
        try:
            host, port = distributed.comm.addressing.parse_host_port(address[len("tcp://"):])
            socket.create_connection((host, port), timeout=cluster.timeout).close()
        except (OSError, ValueError) as exc:
            raise silent(exc) from None
    try:
        client = distributed.Client(address, timeout=cluster.timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise silent(exc) from None
    try:
        yield client
    finally:
        client.close()


@contextmanager
def local_client(workers: int, *, memory_limit: int | str | None = "auto",
                 address: str | None = None) -> Iterator[Any]:
    """A Dask client for a block: on a ``LocalCluster`` of ``workers`` worker processes with
    one Dask thread each (as the calls of this module expect), or connected to the scheduler
    at ``address`` when one is given (``workers`` then unused).  The cluster and the client
    are closed when the block ends.

    Besides ``cluster=``, the client maps independent tasks over the workers
    (``client.map``, ``client.gather``): the research scripts solve their openings so, and a
    worker that dies has its task given to another by Dask.

    Parameters
    ----------
    workers : int
        Worker processes of the local cluster (at least 1).
    memory_limit : int, str or None
        Each worker's memory limit, as Dask reads it (bytes, ``"4GiB"``, ``"auto"``: the
        machine's memory shared among the workers; None: no limit).
    address : str, optional
        The address of a running scheduler (``"tcp://host:8786"``) to connect to instead.

    Raises
    ------
    ClusterError
        When Dask distributed is not installed, or no scheduler answers at ``address``.
    KonaneValueError
        For a number of workers that is not a positive int.

    Examples
    --------
    >>> with konane.cluster.local_client(0) as client:
    ...     pass
    Traceback (most recent call last):
    ...
    konane.errors.KonaneValueError: workers must be an int from 1 to 1024, not 0
    """
    if address is None and (not is_int(workers) or not 1 <= workers <= MAX_THREADS):
        raise KonaneValueError(f"workers must be an int from 1 to {MAX_THREADS}, not {workers!r}")
    try:
        import distributed as dask_distributed
    except ImportError:
        raise ClusterError('a Dask cluster needs Dask distributed: pip install "konane-cgt[cluster]"') from None
    distributed: Any = dask_distributed         # untyped
    if address is not None:
        with connected(Cluster(address)) as client:
            yield client
        return
    local = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                     memory_limit=memory_limit, dashboard_address=":0")   # any free port
    try:
        client = distributed.Client(local, set_as_default=False)
        try:
            yield client
        finally:
            client.close()
    finally:
        local.close()


NO_WORKERS = 120.0
"""Seconds a call waits for a cluster with no worker before it gives up (a worker that died
is usually back in seconds, and an adaptive cluster starts workers on demand)."""


class _Workers:
    """The workers of a client, looked at every few seconds while a call waits for its jobs:
    how many jobs to keep in flight (one a worker thread, workers that join included), and a
    :class:`konane.errors.ClusterError` once the cluster has had no worker for
    :data:`NO_WORKERS` seconds."""

    EVERY = 2.0

    def __init__(self, client: Any) -> None:
        self.client = client
        self.slots = 1
        self.last_seen = _time.monotonic()
        self.looked = -self.EVERY
        self.look()

    def look(self) -> None:
        now = _time.monotonic()
        if now - self.looked < self.EVERY:
            return
        self.looked = now
        try:
            workers = self.client.scheduler_info().get("workers", {})
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"the Dask scheduler stopped answering ({type(exc).__name__}: {exc}); the "
                               "results proved so far are kept in the call's cache") from None
        threads = sum(int(w.get("nthreads", 1)) for w in workers.values())
        if threads:
            self.slots, self.last_seen = threads, now
        elif now - self.last_seen > NO_WORKERS:
            raise ClusterError(f"the Dask cluster has had no worker for {NO_WORKERS:g} s; the results proved "
                               "so far are kept in the call's cache")


def _job_errors() -> tuple[type[BaseException], ...]:
    """The errors of a job that the cluster, not the job, caused: cancelled, its worker killed
    more often than the scheduler allows, the connection lost."""
    import asyncio

    import distributed

    return (distributed.client.FutureCancelledError, distributed.KilledWorker, asyncio.CancelledError, OSError)


def _wait(client: Any, futures: list[Any]) -> set[Any]:
    """The futures of ``futures`` (of ``client``) finished within a short wait (none when the
    wait times out), so that the driver checks its limits and Ctrl-C between two waits.  The
    wait goes through ``client``, not Dask's default client (there is none where the call
    connected to a scheduler's address itself, or the user's client is not the default)."""
    from distributed import wait

    untyped: Any = wait
    try:
        with client.as_current():
            return set(untyped(futures, timeout=_WAIT, return_when="FIRST_COMPLETED").done)
    except TimeoutError:
        return set()


def _failed(exc: BaseException) -> ClusterError:
    return ClusterError(f"a job failed on the cluster ({type(exc).__name__}: {exc}); the results proved so far "
                        "are kept in the call's cache")


# -- the jobs (run on the workers) ------------------------------------------------------------

def win_job(position: tuple[int, int, int, int, int], black_to_move: bool, rules: Rules,
            max_positions: int, cache: str | None = None, threads: int = 1) -> tuple[bool | None, int, int, str]:
    """A job of the search, run by a worker: ``(won, positions, settled, worker)``, whether the
    player to move (Black if ``black_to_move``) wins ``position`` (:attr:`konane.Board.key`), or
    None when the search did not settle it within ``max_positions`` positions; the positions it
    searched (nodes and positions of region values, also when stopped by the budget), the nodes
    settled by values, and the address of the worker (empty outside a worker), whose table now
    holds what the job proved.  With ``cache`` (a value cache file), the worker's search starts
    from the proofs kept there (read once per worker process) and keeps its own there when
    the job ends, as :func:`konane.solve` does with ``cache=``.  The search runs on
    ``threads`` threads (:attr:`Cluster.threads`).

    Examples
    --------
    >>> konane.cluster.win_job(konane.Board("..ox/xo..").key, True, konane.STANDARD, 1000)[0]
    True
    """
    stats = Stats()
    won: bool | None = None
    kept = None if cache is None else as_cache(cache)
    # Cluster.threads (1 by default: Dask runs a job on each of a worker's threads)
    with computation("a job of konane.cluster", progress=False, max_positions=max_positions,
                     max_memory=DEFAULT_MAX_MEMORY, threads=threads) as prog, proofs_kept_in(kept):
        try:
            won = wins(position, black_to_move, rules, prog, prog.tick, stats)
        except ComputationLimitError:
            pass
    try:
        from distributed import get_worker

        where = str(get_worker().address)
    except (ImportError, ValueError):
        where = ""
    return won, prog.count, stats.settled, where


# -- the search's tree in the driver ---------------------------------------------------------

class _Node:
    """A node of the driver's proof tree: ``board`` with Black to move if ``black``."""

    __slots__ = ("board", "black", "parent", "move", "children", "won", "pn", "dn", "busy", "tried", "worker")

    def __init__(self, board: Board, black: bool, parent: _Node | None, move: Move | None,
                 moves: int = 1, replies: int = 0) -> None:
        self.board = board
        self.black = black
        self.parent = parent
        self.move = move
        self.children: list[_Node] | None = None
        self.won: bool | None = None      # whether the player to move wins, once proved
        # the native search's first numbers (``src/konane/wins.rs``, ``initial``): proving a win
        # takes one move and then refuting the opponent's replies, disproving it every move
        # (without deep df-pn's factor: this tree is a few plies deep, each job's search has it)
        self.pn = 1 + replies // 3         # proof number: the player to move wins
        self.dn = max(1, moves)            # disproof number: refute each of the moves
        self.busy = False                  # a leaf in flight, or a node with only such leaves open
        self.tried = False                 # a leaf whose job did not settle it: to expand
        self.worker: str = "" if parent is None else parent.worker   # whose table knows most of it

    def open_children(self) -> list[_Node]:
        return [c for c in self.children or () if c.won is None and not c.busy]

    def decide(self, won: bool) -> None:
        """Proved: the player to move wins (``won``) or loses."""
        self.won, self.busy = won, False
        self.pn, self.dn = (0, _INF) if won else (_INF, 0)

    def update(self) -> None:
        """Its numbers from its children's (an inner node not yet proved)."""
        if self.won is not None or self.children is None:
            return
        if any(c.won is False for c in self.children):
            self.decide(True)
        elif all(c.won is True for c in self.children):
            self.decide(False)
        else:
            opened = self.open_children()
            self.busy = not opened
            if opened:
                self.pn = min(c.dn for c in opened)
                self.dn = min(_INF, sum(c.pn for c in opened))


class _Search:
    """The driver's job-level proof-number search of one call."""

    def __init__(self, client: Any, cluster: Cluster, rules: Rules, store: RegionCache, prog: Progress) -> None:
        self.client = client
        self.cluster = cluster
        self.rules = rules
        self.store = store
        self.prog = prog
        self.workers = _Workers(client)
        # the file the workers keep their proofs in: the call's, where they can reach it
        self.shared = store.path if cluster.share_cache else None
        self.jobs = 0
        self.positions = 0
        self.settled = 0
        # the futures in flight, and the leaves waiting for each
        self.flying: dict[Any, list[_Node]] = {}
        self.by_key: dict[str, Any] = {}

    def node(self, board: Board, black: bool, parent: _Node | None, move: Move | None) -> _Node:
        """A new node, proved at once where the store knows it or the player to move has no move."""
        player = BLACK if black else WHITE
        moves = board.move_count(player, self.rules)
        n = _Node(board, black, parent, move, moves, board.move_count(player.opponent, self.rules))
        if moves == 0:
            self.prove(n, False)
        else:
            known = self.store.win(board.key, black, self.rules.multi_jump)
            if known is not None:
                self.prove(n, known, keep=False)
        return n

    def prove(self, n: _Node, won: bool, work: int = 0, keep: bool = True) -> None:
        n.decide(won)
        if keep:
            self.store.put_win(n.board.key, n.black, self.rules.multi_jump, won, work)

    def propagate(self, n: _Node | None, top: _Node) -> None:
        """Update the numbers from ``n`` up to ``top``, keeping each node newly proved."""
        while n is not None:
            before = n.won
            n.update()
            if before is None and n.won is not None and n.children is not None:
                self.store.put_win(n.board.key, n.black, self.rules.multi_jump, n.won, 0)
            if n is top:
                return
            n = n.parent

    def expand(self, n: _Node) -> None:
        player = BLACK if n.black else WHITE
        n.children = [self.node(b, not n.black, n, m) for m, b in n.board.move_options(player, self.rules)]
        n.tried = False

    @staticmethod
    def select(top: _Node) -> _Node | None:
        """The most-proving leaf under ``top`` that is not in flight, if any."""
        n = top
        while True:
            if n.won is not None or n.busy:
                return None
            if n.children is None:
                return n
            opened = n.open_children()
            if not opened:
                return None
            n = min(opened, key=lambda c: c.dn)

    def submit(self, leaf: _Node) -> None:
        key = win_key(leaf.board.key, leaf.black, self.rules.multi_jump)
        future = self.by_key.get(key)
        if future is None:
            # to the worker whose table holds the work of the job that expanded it, where free
            near = {"workers": [leaf.worker], "allow_other_workers": True} if leaf.worker else {}
            future = self.client.submit(win_job, leaf.board.key, leaf.black, self.rules,
                                        self.cluster.job_positions, self.shared, self.cluster.threads,
                                        pure=False, **near)
            self.by_key[key] = future
            self.flying[future] = []
            self.jobs += 1
        self.flying[future].append(leaf)
        leaf.busy = True
        leaf.tried = False

    def collect(self, future: Any) -> list[_Node]:
        """The leaves a finished job answers for, with its answer set."""
        leaves = self.flying.pop(future)
        self.by_key = {k: f for k, f in self.by_key.items() if f is not future}
        try:
            won, positions, settled, where = future.result()
        except _job_errors() as exc:
            raise _failed(exc) from None
        self.positions += positions
        self.settled += settled
        self.prog.tick(positions)
        for leaf in leaves:
            leaf.busy = False
            leaf.worker = where
            if won is None:
                leaf.tried = True
            elif leaf.won is None:
                self.prove(leaf, won, positions)
        return leaves

    def run(self, top: _Node, done: Callable[[], bool]) -> None:
        """Search under ``top`` until ``done()``: the free workers get the most-proving leaves."""
        try:
            while not done():
                while len(self.flying) < self.workers.slots:
                    leaf = self.select(top)
                    if leaf is None:
                        break
                    known = self.store.win(leaf.board.key, leaf.black, self.rules.multi_jump)
                    if known is not None:       # proved elsewhere in the tree since it was made
                        self.prove(leaf, known, keep=False)
                    elif leaf.tried and self.workers.slots - len(self.flying) >= 2:
                        self.expand(leaf)       # workers would be idle: more leaves
                    else:
                        self.submit(leaf)       # new, or continued where its worker stopped
                    self.propagate(leaf, top)
                if done():
                    break
                if not self.flying:       # cannot happen: an open tree has a leaf or a job
                    raise RuntimeError(f"konane.cluster: nothing left to search under {top.board!r}")
                finished = _wait(self.client, list(self.flying))
                for future in finished:
                    for leaf in self.collect(future):
                        self.propagate(leaf, top)
                if finished:
                    self.store.flush()          # a driver killed now loses nothing it was told
                self.prog.check()
                self.workers.look()
        finally:
            if self.flying:
                self.client.cancel(list(self.flying))
                for leaves in self.flying.values():
                    for leaf in leaves:
                        leaf.busy = False
                self.flying.clear()
                self.by_key.clear()
            self.store.flush()

    def wins(self, top: _Node) -> bool:
        """Whether the player to move at ``top`` wins."""
        self.run(top, lambda: top.won is not None)
        assert top.won is not None
        return top.won

    def winning_moves(self, root: _Node, all_moves: bool) -> list[Move]:
        """The winning moves at ``root`` (proved won): the first found, or all of them."""
        if root.children is None:
            self.expand(root)
        assert root.children is not None
        found: list[Move] = []
        # the moves already proved first, then the most promising
        for child in sorted(root.children, key=lambda c: (c.won is not False, c.dn)):
            if child.won is None:
                self.wins(child)
            if child.won is False and child.move is not None:
                found.append(child.move)
                if not all_moves:
                    break
        return found

    def gather(self, job: Callable[..., tuple[Any, int]], calls: list[tuple[tuple[Any, ...], str]]) -> list[Any]:
        """Run ``job(*args, cache, threads)`` for each ``(args, worker)`` of ``calls`` on the
        cluster, each on its worker where free (the one whose table holds the work it needs;
        ``""``: any), with the call's shared cache file and threads; each job returns its result
        and the positions it searched.  The results in order; the limits and Ctrl-C are checked
        while waiting (the jobs left are cancelled)."""
        pending: dict[Any, int] = {}
        for i, (args, worker) in enumerate(calls):
            near = {"workers": [worker], "allow_other_workers": True} if worker else {}
            future = self.client.submit(job, *args, self.shared, self.cluster.threads, pure=False, **near)
            pending[future] = i
            self.jobs += 1
        out: dict[int, Any] = {}
        try:
            while pending:
                for future in _wait(self.client, list(pending)):
                    i = pending.pop(future)
                    try:
                        out[i], positions = future.result()
                    except _job_errors() as exc:
                        raise _failed(exc) from None
                    self.positions += positions
                    self.prog.tick(positions)
                self.prog.check()
        finally:
            if pending:
                self.client.cancel(list(pending))
        return [out[i] for i in range(len(calls))]


def solve(board: Board, black: bool, rules: Rules, cluster: Cluster, store: RegionCache, prog: Progress,
          all_moves: bool, proved: Callable[[_Search, _Node], object] | None = None
          ) -> tuple[list[Move] | None, _Search]:
    """:func:`konane.solve` on a cluster: the winning moves of the player to move (None when
    they lose) and the search (its counters); ``proved(search, root)`` is called once the root
    is proved, the cluster still connected (to write its certificate:
    :func:`konane.certificates.write_on_cluster`)."""
    with connected(cluster) as client:
        search = _Search(client, cluster, rules, store, prog)
        root = search.node(board, black, None, None)
        moves = search.winning_moves(root, all_moves) if search.wins(root) else None
        if proved is not None:
            proved(search, root)
        return moves, search


def wins_on(board: Board, black: bool, rules: Rules, cluster: Cluster, store: RegionCache,
            prog: Progress) -> tuple[bool, _Search]:
    """Whether the player to move wins ``board``, on a cluster (:func:`konane.outcome`)."""
    with connected(cluster) as client:
        search = _Search(client, cluster, rules, store, prog)
        return search.wins(search.node(board, black, None, None)), search


# -- values ------------------------------------------------------------------------------------

def value(parts: list[Board], rules: Rules, cluster: Cluster, cache: RegionCache | None, prog: Progress,
          local_value: Callable[..., cgt.Game], job: Callable[..., str]) -> cgt.Game:
    """:func:`konane.value` on a cluster (see the module's docstring) of the position whose regions
    are ``parts`` (:func:`konane.regions`): ``local_value`` is :func:`konane.value`, for the small
    ones, and ``job(position, rules, cache, threads, max_memory)`` the job that values a position
    on a worker (on :attr:`Cluster.threads` threads, within the call's ``max_memory``), written
    out (``konane.values.value_job``); a job stopped by that limit stops the call."""
    jobs: dict[tuple[int, int, int, int, int], Any] = {}      # normal form -> future
    path = cache.path if cache is not None and cache.path is not None else None

    def plan(b: Board, plies: int) -> Any:
        """A leaf ``(normal key, negated)``, a local value, or ``(lefts, rights)`` to combine."""
        stones = b.stone_count()
        if stones <= LOCAL_STONES:
            return local_value(b, rules=rules, cache=cache, max_memory=None)
        if plies > 0:
            return ([plan(o, plies - 1) for o in b.options(BLACK, rules)],
                    [plan(o, plies - 1) for o in b.options(WHITE, rules)])
        normal, swapped = b.normalized()
        if normal.key not in jobs:
            jobs[normal.key] = client.submit(job, normal.key, rules, path, cluster.threads, prog.max_memory,
                                             pure=False)
        return (normal.key, swapped)

    def build(p: Any, results: dict[tuple[int, int, int, int, int], cgt.Game]) -> cgt.Game:
        if isinstance(p, cgt.Game):
            return p
        first, second = p
        if isinstance(second, bool):
            g = results[first]
            return -g if second else g
        return cgt.game([build(q, results) for q in first], [build(q, results) for q in second])

    with connected(cluster) as client:
        plans = [plan(r, cluster.plies) for r in parts]
        results: dict[tuple[int, int, int, int, int], cgt.Game] = {}
        pending = dict(jobs)
        workers = _Workers(client)
        try:
            while pending:
                finished = _wait(client, list(pending.values()))
                for key, future in list(pending.items()):
                    if future in finished:
                        try:
                            text = future.result()
                        except _job_errors() as exc:
                            raise _failed(exc) from None
                        except ComputationLimitError as exc:
                            stones = (key[3] | key[4]).bit_count()
                            raise ComputationLimitError(
                                f"konane.value on the cluster stopped: the job valuing a position of {stones} "
                                f"stones stopped on its worker ({exc})", positions=exc.positions,
                                memory=exc.memory, limit=exc.limit) from None
                        results[key] = cgt.parse(text)
                        del pending[key]
                        prog.tick(1)
                prog.check()
                workers.look()
        finally:
            if pending:
                client.cancel(list(pending.values()))
    total = cgt.zero
    for p in plans:
        total = total + build(p, results)
    return total
