"""Run deeply recursive engine code without hitting Python's recursion limit.

The engine recurses over game trees (sums, comparisons, canonical forms).
Ordinary games stay far below the default limit; when a computation does hit
it, it is run again in a worker thread with a large stack and a high recursion
limit.  Caches only ever hold finished results, so the failed first attempt
leaves them consistent, and its finished sub-results make the retry cheaper.
"""

import sys
import threading

__all__ = ["deep"]

_STACK_BYTES = 512 * 1024 * 1024
_DEEP_LIMIT = 1_000_000
_lock = threading.Lock()


def deep(fn, *args):
    """Return ``fn(*args)``, retried with a big stack if it recurses too deep."""
    try:
        return fn(*args)
    except RecursionError:
        pass
    return _in_big_stack(fn, args)


def _in_big_stack(fn, args):
    result = {}

    def run():
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
    return result["value"]
