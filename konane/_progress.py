"""Progress bars and limits for long computations: one switch, one counter.

A :class:`Progress` counts the work done by a computation (positions for
:func:`konane.value`, codes for :func:`konane.census`); every public call that
computes opens one with :func:`computation`.  Every ``threshold`` units it

* checks the limits: past ``max_positions`` units, once the process's resident
  memory has grown by more than ``max_memory`` bytes since the first check, or
  after ``time`` seconds, it raises :class:`konane.ComputationLimitError`;
* shows a ``tqdm`` bar (imported lazily), but only once the computation has
  lasted :data:`DELAY` seconds (1 s) since the first check, so that quick
  computations leave no bar behind in a notebook; the bar counts the units
  and shows the memory growth.  Where no bar can be drawn (standard error
  neither a terminal nor a notebook's: a log file, a batch job, a cluster's
  worker) it writes a plain line instead, at most every :data:`LOG_EVERY`
  seconds (a minute), and one when the computation ends.

Before the first check a counter only counts (a cached value pays nothing
else).

Whether bars are shown comes from the ``progress=`` argument of the public
function, or else from the global switch :func:`set_progress` (default: on,
unless the environment variable ``KONANE_PROGRESS`` is ``0``, ``false``,
``no`` or ``off``).  Without tqdm installed the bar is silently left out; the
limits still hold.

Memory is the resident set size of the process (``/proc/self/statm`` on
Linux; elsewhere the peak resident size from :mod:`resource`, which only
grows).  Where neither is available only ``max_positions`` is checked.  That
check, every few thousand positions, is the second line: the native kernels
get the memory left as a budget for their own tables (:meth:`Progress.memory_left`),
refuse a growth past it rather than make it, and say so with a ``MemoryError``;
:func:`computation` turns any ``MemoryError`` of the computation (the native
core's, or Python's when the process may use no more memory) into
:class:`konane.ComputationLimitError` (limit ``"max_memory"``).

The default ``max_memory`` (:data:`DEFAULT_MAX_MEMORY`) is half the memory the
process may use, at most 4 GiB: the least of the physical memory, the memory
limit of its cgroup (v2 or v1) and its ``RLIMIT_AS`` and ``RLIMIT_DATA``
(:func:`memory_available`), read when :mod:`konane` is imported.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from konane._calls import check_count, check_progress, check_seconds
from konane.errors import ComputationLimitError, KonaneValueError

__all__ = ["set_progress", "progress_enabled", "Progress", "computation", "DELAY", "LOG_EVERY",
           "DEFAULT_MAX_MEMORY", "resident_memory", "memory_available"]

_ENABLED = os.environ.get("KONANE_PROGRESS", "1").strip().lower() not in ("0", "false", "no", "off")

DELAY = 1.0
"""Seconds a computation runs before its progress bar appears."""

LOG_EVERY = 60.0
"""Seconds between two lines of a computation's progress where no bar can be drawn
(:func:`can_draw_bar` false: the progress of a run whose standard error goes to a log)."""


def can_draw_bar() -> bool:
    """Whether a progress bar can be drawn: standard error is a terminal, or this is a Jupyter
    kernel (where ``tqdm.auto`` draws a widget), and this is not a task of a Dask worker (whose
    bars would be drawn over each other's on the terminal the workers share).  Elsewhere (a log
    file, a pipe, a batch job, a worker) a bar's updates would be a stream of carriage returns:
    the progress is written as lines (:class:`ProgressLines`).

    Examples
    --------
    >>> isinstance(can_draw_bar(), bool)
    True
    """
    if _in_dask_worker():
        return False
    if "ipykernel" in sys.modules:
        return True
    try:
        return bool(sys.stderr is not None and sys.stderr.isatty())
    except (AttributeError, ValueError):         # replaced by an object without isatty, or closed
        return False


def _in_dask_worker() -> bool:
    """Whether this runs as a task of a Dask worker (only where Dask distributed's worker
    module was imported: nothing is imported here)."""
    worker = sys.modules.get("distributed.worker")
    if worker is None:
        return False
    try:
        worker.get_worker()
    except Exception:                           # ValueError: no worker here (another Dask's: any)
        return False
    return True


class ProgressLines:
    """The progress of a computation as lines of text, for logs: what :class:`Progress` shows
    instead of a bar where none can be drawn (:func:`can_draw_bar`).

    A line goes to ``stream`` (standard error) at an update ``every`` seconds after ``start``
    (a ``time.monotonic`` reading: the computation's start) or after the last line: the units
    counted, the seconds since ``start``, the rate, and the postfix (the memory growth), so a
    computation shorter than ``every`` writes nothing; :meth:`close` writes a last line,
    marked ``ended``, if any was written.  It has the part of a ``tqdm`` bar's interface
    that :class:`Progress` uses (``update``, ``set_postfix_str``, ``close``).

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> lines = ProgressLines("konane.solve", " positions", None, 0, start=0.0, stream=out,
    ...                       every=60.0, clock=iter([1.0, 60.0, 90.0, 125.0, 130.0]).__next__)
    >>> lines.set_postfix_str("memory +2 MB")
    >>> lines.update(20_000)             # 1 s in: no line yet
    >>> lines.update(40_000)             # a minute in
    >>> lines.update(30_000)             # 30 s after that line: none
    >>> lines.update(30_000)             # 65 s after it
    >>> lines.close()
    >>> print(out.getvalue(), end="")
    konane.solve: 60,000 positions in 60 s (1,000/s), memory +2 MB
    konane.solve: 120,000 positions in 125 s (960/s), memory +2 MB
    konane.solve: ended after 120,000 positions in 130 s (923/s), memory +2 MB
    """

    def __init__(self, desc: str, unit: str, total: int | None, n: int, *, start: float,
                 stream: Any = None, every: float | None = None, clock: Any = None) -> None:
        self.desc = desc
        self.unit = unit
        self.total = total
        self.n = n
        self.start = start
        self.stream = stream
        self.every = LOG_EVERY if every is None else every
        self.clock = _clock if clock is None else clock
        self.postfix = ""
        self.last = start
        self.written = False

    def set_postfix_str(self, s: str, refresh: bool = False) -> None:
        """The text at the end of the next line (the memory growth)."""
        self.postfix = s

    def update(self, n: int) -> None:
        """Count ``n`` more units; write a line if ``every`` seconds passed since the last one (or
        the start)."""
        self.n += n
        now = self.clock()
        if now - self.last >= self.every:
            self.last = now
            self.written = True
            self._write(now, "")

    def close(self) -> None:
        """Write the last line, if any line was written."""
        if self.written:
            self.written = False
            self._write(self.clock(), "ended after ")

    def _write(self, now: float, prefix: str) -> None:
        seconds = max(now - self.start, 0.0)
        of = "" if self.total is None else f" of {self.total:,}"
        rate = f" ({self.n / seconds:,.0f}/s)" if seconds > 0 else ""
        post = f", {self.postfix}" if self.postfix else ""
        stream = sys.stderr if self.stream is None else self.stream
        try:
            stream.write(f"{self.desc}: {prefix}{self.n:,}{of}{self.unit} in {seconds:,.0f} s{rate}{post}\n")
            stream.flush()
        except (AttributeError, OSError, ValueError):    # no stream, or closed: the work goes on
            pass

_clock = time.monotonic


def _physical_memory() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


# a cgroup v1 "no limit" is a huge number (2^63 rounded down to a page)
_NO_CGROUP_LIMIT = 1 << 60


def _read_limit(path: str) -> int | None:
    """The number in a cgroup's limit file, or None (no file, ``max``, or no real limit)."""
    try:
        with open(path, encoding="ascii") as f:
            text = f.read().strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.isdigit():
        return None                     # "max": no limit
    n = int(text)
    return n if n < _NO_CGROUP_LIMIT else None


def _cgroup_memory_limit(proc: str = "/proc/self/cgroup", root: str = "/sys/fs/cgroup") -> int | None:
    """The least memory limit of the cgroups of this process and their ancestors (cgroup v2's
    ``memory.max``, v1's ``memory.limit_in_bytes``), or None where there is none.

    ``/proc/self/cgroup`` names the process's cgroups (``0::/path`` for v2,
    ``N:memory:/path`` for v1's memory controller); each one's limit, and its ancestors',
    is read under the mount point ``root`` (v2 also under ``root/unified``, the mount of a
    hybrid hierarchy).  In a container the path may be ``/``, and the container's own limit
    is the one at the mount point: every level is read.
    """
    try:
        with open(proc, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    found: list[int] = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if controllers == "":
            mounts, name = [root, os.path.join(root, "unified")], "memory.max"
        elif "memory" in controllers.split(","):
            mounts, name = [os.path.join(root, "memory")], "memory.limit_in_bytes"
        else:
            continue
        levels = [p for p in path.strip("/").split("/") if p]
        for mount in mounts:
            for depth in range(len(levels) + 1):
                limit = _read_limit(os.path.join(mount, *levels[:depth], name))
                if limit is not None:
                    found.append(limit)
    return min(found, default=None)


def _rlimit(name: str) -> int | None:
    """The soft limit ``resource.RLIMIT_<name>`` of this process in bytes, or None (no limit,
    or not on this platform)."""
    try:
        import resource
        soft, _ = resource.getrlimit(getattr(resource, name))
    except (ImportError, AttributeError, OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY or soft < 0 else int(soft)


def memory_available() -> int | None:
    """The memory this process may use in bytes, or None where nothing says.

    The least of the physical memory, the memory limit of the process's cgroups (v2 or v1,
    as in a container) and its limits ``RLIMIT_AS`` (address space) and ``RLIMIT_DATA``
    (data segment), each where it is set.  :data:`DEFAULT_MAX_MEMORY` is half of it.

    Examples
    --------
    >>> n = memory_available()
    >>> n is None or n > 0
    True
    """
    known = [n for n in (_physical_memory(), _cgroup_memory_limit(), _rlimit("RLIMIT_AS"), _rlimit("RLIMIT_DATA"))
             if n is not None]
    return min(known, default=None)


def _default_max_memory() -> int:
    available = memory_available()
    four_gb = 4 * 1024 ** 3
    return four_gb if available is None else min(four_gb, available // 2)


DEFAULT_MAX_MEMORY = _default_max_memory()
"""The default ``max_memory`` of :func:`konane.value`: 4 GiB, or half the memory the
process may use (:func:`memory_available`: the physical memory, a cgroup's limit,
``RLIMIT_AS``, ``RLIMIT_DATA``) if that is less."""

try:
    _PAGE = os.sysconf("SC_PAGE_SIZE")
except (AttributeError, ValueError, OSError):
    _PAGE = 4096


def resident_memory() -> int | None:
    """The resident memory of this process in bytes, or None where it cannot be read.

    On Linux the current resident set size; elsewhere the peak resident set
    size (:func:`resource.getrusage`), which is enough to measure growth.
    """
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
        import sys
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return int(peak) if sys.platform == "darwin" else int(peak) * 1024
    except (ImportError, OSError, ValueError):
        return None


def _size(n: float) -> str:
    """Bytes in a short readable form: ``'512 MB'``, ``'4.0 GB'``."""
    if abs(n) >= 1e9:
        return f"{n / 1e9:.1f} GB"
    return f"{n / 1e6:.0f} MB"


def set_progress(enabled: bool) -> None:
    """Turn progress bars on or off globally (also: environment variable ``KONANE_PROGRESS=0``).

    The ``progress=`` argument of :func:`konane.value`, :func:`konane.analyze`
    and :func:`konane.census` overrides it for one call.

    Examples
    --------
    >>> konane.set_progress(False)
    >>> konane.value("..ox")
    cgt.parse('1')
    """
    global _ENABLED
    _ENABLED = bool(enabled)


def progress_enabled(progress: bool | None = None) -> bool:
    """Whether a computation shows a bar: ``progress`` if given, else the global switch."""
    return _ENABLED if progress is None else bool(progress)


class Progress:
    """A counter of work done: checks the limits and shows a tqdm bar for long computations.

    Parameters
    ----------
    enabled : bool
        Show a bar at all.
    desc, unit : str
        The bar's label and unit.
    total : int, optional
        The known amount of work (a bar with a percentage), or None (a counter).
    threshold : int
        The limits are checked and the bar updated every this many units (at least 1).
    max_positions : int, optional
        Raise :class:`konane.ComputationLimitError` once more units than this
        are done (checked at the first :meth:`tick` past it; a caller that
        counts in steps, as the solver does, may overshoot by one step).
    max_memory : int, optional
        Raise :class:`konane.ComputationLimitError` once the resident memory
        of the process has grown by more than this many bytes since the
        first check (``threshold`` units into the computation; reading it when
        the counter is made would cost more than a cached value).  The native
        kernels get what is left of it as the budget of their tables
        (:meth:`memory_left`).
    seconds : float, optional
        Raise :class:`konane.ComputationLimitError` once this many seconds have
        passed since the counter was made (checked with the other limits).
    what : str
        The computation's name in the error message (``"konane.value"``).
    kept : str
        What the error message says is kept of the work done so far.
    threads : int, optional
        The threads the native kernels of the computation may use (a call's
        ``threads=``); None: the process's setting (:func:`konane.set_threads`).

    The bar appears when a check finds that :data:`DELAY` seconds have passed
    since the first check (the first ``threshold`` units: milliseconds into a
    value); it then shows everything counted so far.  Nothing but counting
    happens before the first check, so a quick computation costs next to nothing.
    """

    __slots__ = ("enabled", "desc", "unit", "total", "threshold", "max_positions", "max_memory", "what",
                 "bar", "count", "shown", "start", "watch", "memory0", "memory", "next", "seconds", "began",
                 "kept", "threads")

    def __init__(self, enabled: bool, desc: str, *, unit: str = " positions", total: int | None = None,
                 threshold: int = 2000, max_positions: int | None = None, max_memory: int | None = None,
                 seconds: float | None = None, what: str = "the computation",
                 kept: str = "the values computed so far are kept in the cache", threads: int | None = None) -> None:
        self.enabled = enabled
        self.threads = threads
        self.seconds = seconds
        self.began = _clock() if seconds is not None else 0.0
        self.kept = kept
        self.desc = desc
        self.unit = unit
        self.total = total
        self.threshold = threshold
        self.max_positions = max_positions
        self.max_memory = max_memory
        self.what = what
        self.bar: Any = None
        self.count = 0
        self.shown = 0
        self.start = -1.0               # set at the first check (see check)
        # the memory baseline is read at the first check, not here: a quick computation
        # (a cached value: a few microseconds) never reads it
        self.watch = max_memory is not None or enabled
        self.memory0: int | None = None
        self.memory = 0                 # growth at the last check, bytes
        # the count at which tick() calls check() (see _plan)
        self.next = threshold if max_positions is None else min(threshold, max_positions + 1)

    @property
    def pending(self) -> int:
        """Units counted but not yet reported to the bar."""
        return self.count - self.shown

    def _plan(self) -> None:
        nxt = self.count + self.threshold
        if self.max_positions is not None:
            nxt = min(nxt, self.max_positions + 1)
        self.next = nxt

    def baseline(self) -> None:
        """Read the memory baseline now, before the computation allocates its tables (a census
        allocates its whole table first), so that ``max_memory`` counts them."""
        if self.watch and self.memory0 is None:
            now = resident_memory()
            if now is None:
                self.watch = False
            else:
                self.memory0 = now

    def memory_left(self) -> int | None:
        """The bytes the process may still grow by in this computation, for a native kernel
        called now (its budget): ``max_memory`` less the growth of the resident memory at
        the last check (none before the first); None with no ``max_memory``.

        The kernels of one computation (the searches of :func:`konane.solve`) so share one
        budget.  Nothing is read here: reading the memory costs tens of microseconds, more
        than a value found in the tables.

        Examples
        --------
        >>> p = Progress(False, "a search", max_memory=1000)
        >>> p.memory_left()
        1000
        >>> p.memory = 600                  # the growth the last check found
        >>> p.memory_left()
        400
        >>> Progress(False, "a search").memory_left() is None
        True
        >>> Progress(False, "a search", max_memory=10**30).memory_left() is None     # more than any machine
        True
        """
        if self.max_memory is None:
            return None
        left = max(0, self.max_memory - max(0, self.memory))
        return None if left >= 1 << 62 else left

    def out_of_memory(self, exc: MemoryError) -> ComputationLimitError:
        """The limit error of a computation stopped by ``exc``: a native table that could not
        grow (past the budget of :meth:`memory_left`, or refused by the system), or Python
        out of memory."""
        now = resident_memory()
        if now is not None and self.memory0 is not None:
            self.memory = now - self.memory0
        why = str(exc).strip() or "Python could not allocate memory"
        if self.max_memory is None:
            limit = "max_memory=None"
        else:
            default = " (the default)" if self.max_memory == DEFAULT_MAX_MEMORY else ""
            limit = f"max_memory={self.max_memory:,} bytes ({_size(self.max_memory)}){default}"
        available = memory_available()
        room = "" if available is None else f" (this process may use {_size(available)} in all)"
        return ComputationLimitError(
            f"{self.what} stopped after {self.count:,} positions with {limit}: {why}. Pass a larger "
            f"max_memory= in bytes if the machine has the memory{room}, or a smaller computation; "
            f"{self.kept}.",
            positions=self.count, memory=self.memory, limit="max_memory")

    def tick(self, n: int = 1) -> None:
        """Count ``n`` more units of work done (the hot path: one addition and one comparison)."""
        self.count += n
        if self.count >= self.next:
            self.check()

    def check(self) -> None:
        """Check the limits and update the bar (called by :meth:`tick` every ``threshold`` units).

        Raises
        ------
        ComputationLimitError
            If a limit is exceeded.
        """
        self._plan()
        if self.watch:
            now = resident_memory()
            if now is None:
                self.watch = False
            elif self.memory0 is None:
                self.memory0 = now
            else:
                self.memory = now - self.memory0
        if self.max_positions is not None and self.count > self.max_positions:
            raise ComputationLimitError(
                f"{self.what} stopped after {self.count:,} positions: the limit is "
                f"max_positions={self.max_positions:,} (checked every few thousand positions). "
                "Pass a larger max_positions= "
                f"(or max_positions=None for no limit) to go on; {self.kept}.",
                positions=self.count, memory=self.memory, limit="max_positions")
        if self.max_memory is not None and self.memory > self.max_memory:
            default = " (the default)" if self.max_memory == DEFAULT_MAX_MEMORY else ""
            raise ComputationLimitError(
                f"{self.what} stopped after {self.count:,} positions: the process's memory grew by "
                f"{_size(self.memory)}, past max_memory={self.max_memory:,} bytes "
                f"({_size(self.max_memory)}){default}. Pass a larger max_memory= in bytes "
                "(e.g. max_memory=16 * 2**30, or None for no limit) if the machine has the "
                f"memory; {self.kept}.",
                positions=self.count, memory=self.memory, limit="max_memory")
        if self.seconds is not None and _clock() - self.began > self.seconds:
            raise ComputationLimitError(
                f"{self.what} stopped after {self.count:,} positions and {_clock() - self.began:.3g} s: "
                f"the limit is time={self.seconds!r} seconds. Pass a larger time= (or time=None for no "
                f"limit) to go on; {self.kept}.",
                positions=self.count, memory=self.memory, limit="time")
        if self.enabled:
            if self.start < 0:
                self.start = _clock()
            if self.bar is not None or _clock() - self.start >= DELAY:
                self._show()

    def _show(self) -> None:
        if self.bar is None and not can_draw_bar():
            self.bar = ProgressLines(self.desc, self.unit, self.total, self.count, start=self.start)
            if self.memory0 is not None:
                self.bar.set_postfix_str(f"memory +{_size(self.memory)}")
            self.shown = self.count
            self.bar.update(0)
            return
        if self.bar is None:
            try:
                from tqdm.auto import tqdm
            except ImportError:
                self.enabled = False
                return
            post = f"memory +{_size(self.memory)}" if self.memory0 is not None else None
            # it starts at the count so far (a bar that appears after a second never shows 0)
            self.bar = tqdm(total=self.total, desc=self.desc, unit=self.unit, leave=False,
                            unit_scale=True, initial=self.count, postfix=post)
            self.shown = self.count
            return
        if self.memory0 is not None:
            post_str = getattr(self.bar, "set_postfix_str", None)
            if post_str is not None:
                post_str(f"memory +{_size(self.memory)}", refresh=False)
        pending = self.count - self.shown
        self.shown = self.count
        self.bar.update(pending)

    def close(self) -> None:
        """Remove the bar (if it was shown), once it has shown everything counted."""
        if self.bar is not None:
            bar, self.bar = self.bar, None
            pending, self.shown = self.count - self.shown, self.count
            try:
                if pending > 0:
                    bar.update(pending)
            finally:
                bar.close()


#: The most threads a call may ask for (each is a native thread with its own stack).
MAX_THREADS = 1024


def check_threads(threads: Any) -> int | None:
    """A call's ``threads=``: None (the process's setting) or an int from 1 to :data:`MAX_THREADS`."""
    n = check_count("threads", threads, low=1)
    if n is not None and n > MAX_THREADS:
        raise KonaneValueError(f"threads must be at most {MAX_THREADS}, not {n!r}")
    return n


@contextmanager
def computation(what: str, *, progress: Any, max_positions: Any, max_memory: Any, time: Any = None,
                threads: Any = None, desc: str | None = None, unit: str = " positions", total: int | None = None,
                threshold: int = 2000, bar: bool = True,
                kept: str = "the values computed so far are kept in the cache") -> Iterator[Progress]:
    """The counter of a public call's computation: its arguments checked, its bar closed at the end.

    ``what`` names the call in messages (``"konane.value"``); ``progress``, ``max_positions``,
    ``max_memory``, ``time`` and ``threads`` are the call's own arguments, checked here (a
    :class:`konane.errors.KonaneTypeError` or :class:`konane.errors.KonaneValueError` for a bad
    one); ``bar`` False keeps the bar off whatever ``progress`` says (a computation too small
    to show one).  The other arguments are :class:`Progress`'s.  A ``MemoryError`` raised in
    the computation (a native table that could not grow, Python out of memory) leaves as
    :class:`konane.ComputationLimitError` (limit ``"max_memory"``, see
    :meth:`Progress.out_of_memory`).

    Examples
    --------
    >>> with computation("a count", progress=False, max_positions=10, max_memory=None) as p:
    ...     p.tick(5)
    >>> p.count
    5
    """
    check_progress(progress)
    positions = check_count("max_positions", max_positions)
    memory = check_count("max_memory", max_memory)
    seconds = check_seconds("time", time)
    n_threads = check_threads(threads)
    counter = Progress(progress_enabled(progress) and bar, desc or what, unit=unit, total=total,
                       threshold=threshold, max_positions=positions, max_memory=memory, seconds=seconds,
                       what=what, kept=kept, threads=n_threads)
    try:
        yield counter
    except MemoryError as exc:
        raise counter.out_of_memory(exc) from None
    finally:
        counter.close()
