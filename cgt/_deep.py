"""Run deeply recursive engine code without hitting Python's recursion limit.

The engine recurses over game trees (sums, comparisons, canonical forms).
Ordinary games stay far below the default limit; when a computation does hit
it, it is run again in a worker thread with a large stack and a high recursion
limit.  Caches only ever hold finished results, so the failed first attempt
leaves them consistent, and its finished sub-results make the retry cheaper.

Public as :func:`cgt.ops.deep`.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["deep"]

T = TypeVar("T")

_STACK_BYTES = 512 * 1024 * 1024
_DEEP_LIMIT = 1_000_000
_lock = threading.Lock()


def deep(fn: Callable[..., T], *args: Any) -> T:
    """Return ``fn(*args)``, retried with a big stack if it recurses too deep.

    Wrap calls of the engine on ids that may meet very deep games (long chains
    of options): the first attempt runs as a plain call, and only a
    :class:`RecursionError` makes it run again in a worker thread with a 512 MiB
    stack and a recursion limit of a million.

    Parameters
    ----------
    fn : callable
        Any function, typically one of :mod:`cgt.ops`.
    *args
        Its arguments.

    Returns
    -------
    object
        ``fn(*args)``; an exception of ``fn`` is raised again in the caller's thread.

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
    except RecursionError:
        pass
    return _in_big_stack(fn, args)


def _in_big_stack(fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = fn(*args)
        except BaseException as exc:  # re-raised in the caller's thread
            result["error"] = exc

    with _lock:
        old_limit = sys.getrecursionlimit()
        old_size = threading.stack_size()
        try:
            threading.stack_size(_STACK_BYTES)
            sys.setrecursionlimit(max(old_limit, _DEEP_LIMIT))
            worker = threading.Thread(target=run, name="cgt-deep")
            worker.start()
            worker.join()
        finally:
            threading.stack_size(old_size)
            sys.setrecursionlimit(old_limit)
    if "error" in result:
        raise result["error"]
    value: T = result["value"]
    return value
