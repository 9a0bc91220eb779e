"""Saving what a native computation has made into its cache's file while it runs.

A long native computation with a cache file (the win/loss search of :func:`konane.solve` and
:func:`konane.outcome`, the value solver of :func:`konane.value`) is stopped every
``save_every`` seconds of the cache (:class:`konane.RegionCache`) by its check callback
(:func:`check_saving`, which raises :class:`SaveDue`); its caller then puts what it made so far
into the file (the search's proofs, the solver's regions) and calls it again.  Its tables in
memory lost nothing (a stopped native computation keeps every finished result), so it goes on
where it stopped, and a process killed in a computation of hours loses at most ``save_every``
seconds of its work.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__: list[str] = []          # private: konane's own modules import the names they need


class SaveDue(Exception):
    """Raised by the check callback of :func:`check_saving` once a save is due: the native
    computation stops (its tables valid), for its caller to save and call it again."""


def check_saving(tick: Callable[[int], object], every: float | None) -> Callable[[int], object]:
    """The check callback of a native computation that saves every ``every`` seconds: ``tick``
    (the limits, the progress, Ctrl-C), then :class:`SaveDue` once ``every`` seconds have passed
    since it was made; ``tick`` itself where ``every`` is None (no save while it runs).

    Examples
    --------
    >>> seen = []
    >>> check = check_saving(seen.append, 3600.0)
    >>> check(1024); seen
    [1024]
    >>> check = check_saving(seen.append, 1e-9)
    >>> time.sleep(0.001)
    >>> check(2048)
    Traceback (most recent call last):
    ...
    konane._kernel.saving.SaveDue
    >>> seen                            # the count reached the limits and the bar first
    [1024, 2048]
    >>> check_saving(seen.append, None) == seen.append
    True
    """
    if every is None:
        return tick
    due = time.monotonic() + every

    def check(n: int) -> None:
        tick(n)
        if time.monotonic() >= due:
            raise SaveDue
    return check
