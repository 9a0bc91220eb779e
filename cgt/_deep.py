"""Deep recursion in Python without raising the recursion limit: segments on an explicit stack.

cgt's recursive algorithms in Python (the sums, comparisons, stops and canonical forms of
the pure-Python engine, and the analysis kernels) are *units*: memoized functions, each
finished result kept in a cache under its arguments, so that computing a call once more
is a lookup.  A unit runs as plain recursion, which is fast.  When the recursion runs
out of Python's recursion limit, the deepest unit turns the :class:`RecursionError` into
:class:`Unwound` holding its own call (the unit and its arguments), and the computation
unwinds to the nearest *driver* (:func:`drive`, or :func:`deep`, the public one).  The
driver keeps an explicit stack of such pending calls: it runs the deepest one from its
own, shallow depth, so that its result lands in the unit's cache, and goes back to the
call that needed it, down to the one it was given.  Each segment of the recursion stays
within the ordinary limit: no thread ever sees a raised limit, and Ctrl-C is an
ordinary :class:`KeyboardInterrupt` in the calling thread (the caches only ever hold
finished results, so an interrupted computation leaves them valid).  A segment of work
is redone at most once, when its call is retried.

The explicit stack is bounded: a computation nested deeper than :data:`MAX_DEPTH`
calls (a game tree that deep is beyond what is reasonable to build in Python) raises
:class:`~cgt.errors.CGTOverflowError` saying so.

How each caller of :func:`deep` was decided (issue 30):

* the pure-Python engine and the analysis kernels (:mod:`cgt._kernels`) are units
  under drivers: every public function of the engine is itself a driver;
* the parser of the notation and the writer of it (:mod:`cgt.notation`) and the ordinal
  sum are iterative, with explicit stacks;
* :class:`cgt.Game` and :mod:`cgt.analysis` still call their kernels through
  :func:`deep`, which is now the driver and costs nothing more than a call while the
  recursion is shallow;
* Konane's Python value solver (``konane._kernel.solver``) is a unit: its play of a
  position, whose finished values go to the position table (so it also computes a region
  whose longest play is hundreds of moves in a notebook, where other threads run Python);
* Konane's Python win search and census (``konane._kernel``) recurse over the moves of a
  position, about four frames a move, in functions that are not units: they run under
  :func:`deep`, whose fallback below serves the rare region whose longest play is more
  than about 200 moves.

The fallback, for a :class:`RecursionError` that no unit took (a caller's own recursive
function, or a caller already near the limit), runs the call again in a worker thread
with a 512 MiB stack.  The recursion limit is raised there only where no other thread can
be hurt by it: on Python 3.12 and later (the limit no longer guards the C stack there:
C recursion has a fixed limit of its own), and on Python 3.11 only while the calling
thread is the only thread that runs Python (on 3.11 the limit is the only guard of every
thread's C stack: another thread's deep ``repr`` under a raised limit overflows its
stack and kills the process).  Otherwise the worker keeps the limit, and a computation
still too deep for it raises :class:`~cgt.errors.CGTOverflowError`.  Ctrl-C while the
worker runs is delivered to the worker; the worker unwinds and puts the limit back
itself, and the caller joins it before raising :class:`KeyboardInterrupt`.

Public as :func:`cgt.ops.deep`.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

from .errors import CGTOverflowError

__all__ = ["deep", "drive", "Unwound", "MAX_DEPTH"]

T = TypeVar("T")

MAX_DEPTH = 250_000
"""The most nested calls a computation of cgt's Python code may make (on the explicit
stack of a driver, or on an iterative algorithm's stack): about 125,000 levels of a game
tree for the sums of the pure-Python engine, and half a gigabyte of tables by then."""

_MIN_ROOM = 64              # a driver with less room than this leaves the work to an outer one
_STACK_BYTES = 512 * 1024 * 1024
_DEEP_LIMIT = 1_000_000
_lock = threading.Lock()


class Unwound(Exception):
    """Raised by a unit that ran out of recursion depth; ``args`` is ``(unit, its arguments)``.

    A driver (:func:`deep`) takes it; public as ``cgt.ops.Unwound`` for a caller's own
    units.  A unit catches :class:`RecursionError` around its computation (after its cache
    lookup) and raises this, made in C without a Python frame, so that raising it needs no
    room on the stack.  The unit's finished results must go to its cache: the driver runs
    the call again from a shallow stack, then the calls that needed it.

    Examples
    --------
    A chain 5,000 calls deep, five times Python's usual limit, which is left as it is:

    >>> import sys
    >>> memo = {0: 0}
    >>> def chain(n):
    ...     if n in memo:
    ...         return memo[n]
    ...     try:
    ...         r = chain(n - 1) + 1
    ...     except RecursionError:
    ...         raise cgt.ops.Unwound(chain, (n,)) from None
    ...     memo[n] = r
    ...     return r
    >>> limit = sys.getrecursionlimit()
    >>> cgt.ops.deep(chain, 5000), sys.getrecursionlimit() == limit
    (5000, True)
    """


def too_deep(what: str = "this computation") -> CGTOverflowError:
    """The error of a computation beyond :data:`MAX_DEPTH`."""
    return CGTOverflowError(
        f"{what} nests deeper than {MAX_DEPTH:,} calls, the bound of cgt's Python code "
        f"(cgt.ops.deep): a game tree that deep is too big to build in Python")


def _depth() -> int:
    """The number of frames on the calling thread's stack."""
    f: FrameType | None = sys._getframe(1)
    n = 0
    while f is not None:
        n += 1
        f = f.f_back
    return n


def drive(fn: Callable[..., T], *args: Any) -> T:
    """Return ``fn(*args)``, running the pending calls of units that ran out of depth.

    The driver of segmented recursion (module docstring): a plain call while the recursion
    is shallow.  With too little room left for a segment, it raises :class:`RecursionError`
    (a unit around it, if any, then unwinds to a driver that has room).

    Raises
    ------
    CGTOverflowError
        If the computation nests deeper than :data:`MAX_DEPTH` calls.
    """
    try:
        return fn(*args)
    except Unwound as exc:
        first = exc.args
    return _resume(fn, args, first)


def _resume(fn: Callable[..., T], args: tuple[Any, ...], first: tuple[Any, ...]) -> T:
    room = sys.getrecursionlimit() - _depth() - 8
    if room < _MIN_ROOM:
        raise RecursionError("maximum recursion depth exceeded (no room left for cgt's recursion)")
    most = max(MAX_DEPTH // room, 2)
    pending: list[tuple[Any, ...]] = [(fn, args), first]
    while True:
        f, a = pending[-1]
        try:
            r = f(*a)
        except Unwound as exc:
            call = exc.args
            if call[0] is f and call[1] == a:
                # not one level fits in the room there is: an outer driver may have more
                raise RecursionError("maximum recursion depth exceeded (no room left for cgt's recursion)") from None
            if len(pending) >= most:
                raise too_deep() from None
            pending.append(call)
            continue
        pending.pop()
        if not pending:
            return r  # type: ignore[no-any-return]


def deep(fn: Callable[..., T], *args: Any) -> T:
    """Return ``fn(*args)`` for a computation that may recurse very deep.

    Wrap calls that may meet very deep games (long chains of options).  cgt's own
    recursive functions unwind and resume in segments on an explicit stack, without ever
    raising Python's recursion limit (see the module :mod:`cgt._deep`).  A
    :class:`RecursionError` from any other function (a recursive function of the caller's)
    makes the call run again in a worker thread with a 512 MiB stack, where the recursion
    limit is raised only where no other thread can be hurt by it: on Python 3.12 and
    later, or while the calling thread is the only one running Python.

    Parameters
    ----------
    fn : callable
        Any function, typically one of :mod:`cgt.ops` or of cgt's analysis.
    *args
        Its arguments.

    Returns
    -------
    object
        ``fn(*args)``; an exception of ``fn`` is raised again in the caller's thread.

    Raises
    ------
    CGTOverflowError
        If the computation nests deeper than cgt's bound (``MAX_DEPTH`` calls of its
        Python code, or the native engine's stack bound), or recurses deeper than the
        recursion limit allows where the limit may not be raised.

    Examples
    --------
    >>> from cgt import ops
    >>> big = ops.nus_id(10**5)
    >>> g = ops.deep(ops.canonical, [big], [ops.neg(big)])         # +-100000
    >>> ops.deep(ops.birthday, ops.deep(ops.add, g, ops.nus_id(0, 0, 1)))
    100002
    """
    try:
        return fn(*args)
    except Unwound as exc:
        first = exc.args
    except RecursionError:
        return _in_worker(fn, args)
    try:
        return _resume(fn, args, first)
    except RecursionError:
        return _in_worker(fn, args)


def may_raise_limit() -> bool:
    """Whether raising the recursion limit now can hurt no other thread (module docstring)."""
    if sys.version_info >= (3, 12):
        return True
    return threading.active_count() == 1 and len(sys._current_frames()) == 1


def _in_worker(fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    result: dict[str, Any] = {}
    may_raise = may_raise_limit()
    done = threading.Lock()         # held until the worker has put the limit back
    done.acquire()

    def run() -> None:
        old = sys.getrecursionlimit()
        try:
            try:
                result["value"] = drive(fn, *args)
                return
            except RecursionError:
                if not may_raise:
                    raise CGTOverflowError(
                        f"this computation recurses deeper than Python's recursion limit ({old}) allows, "
                        "and the limit cannot be raised while other threads run Python "
                        "(on Python 3.11 it also guards their C stacks)") from None
            sys.setrecursionlimit(max(old, _DEEP_LIMIT))
            result["value"] = drive(fn, *args)
        except BaseException as exc:  # re-raised in the caller's thread
            result["error"] = exc
        finally:
            # the worker's stack is unwound by now: putting the limit back cannot fail here
            if sys.getrecursionlimit() != old:
                sys.setrecursionlimit(old)
            done.release()

    with _lock:
        old_size = threading.stack_size()
        try:
            threading.stack_size(_STACK_BYTES)
            worker = threading.Thread(target=run, name="cgt-deep", daemon=True)
            worker.start()
        finally:
            threading.stack_size(old_size)
        # Wait on a lock of our own: Thread.join interrupted by Ctrl-C takes the thread for
        # finished on Python 3.11 (bpo-45274), and the limit must not be put back, nor the
        # caller go on, while the worker is deep.
        interrupt: BaseException | None = None
        while True:
            try:
                # (a worker stopped by Ctrl-C just before it let go of the lock has ended too)
                if done.acquire(timeout=0.05) or not worker.is_alive():
                    break
            except BaseException as exc:    # Ctrl-C in the caller: stop the worker, then wait for it
                interrupt = interrupt or exc
                _raise_in(worker, type(exc))
        worker.join()
    if interrupt is not None:
        raise interrupt
    if "error" in result:
        raise result["error"]
    value: T = result["value"]
    return value


def _raise_in(thread: threading.Thread, exc_type: type[BaseException]) -> None:
    """Have ``thread`` raise ``exc_type`` at its next Python instruction."""
    import ctypes

    if thread.ident is not None and thread.is_alive():
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(exc_type))
