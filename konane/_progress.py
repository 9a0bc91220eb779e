"""Progress bars for long computations: one switch, one counter.

A :class:`Progress` counts work done and shows a ``tqdm`` bar (imported
lazily, only once there is enough to show) when progress is enabled.  Whether
it is enabled comes from the ``progress=`` argument of the public function, or
else from the global switch :func:`set_progress` (default: on, unless the
environment variable ``KONANE_PROGRESS`` is ``0``, ``false``, ``no`` or
``off``).  Without tqdm installed the bar is silently left out.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["set_progress", "progress_enabled", "Progress"]

_ENABLED = os.environ.get("KONANE_PROGRESS", "1").strip().lower() not in ("0", "false", "no", "off")


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
    """A counter of work done, shown as a tqdm bar once ``threshold`` units are done.

    Parameters
    ----------
    enabled : bool
        Show a bar at all.
    desc, unit : str
        The bar's label and unit.
    total : int, optional
        The known amount of work (a bar with a percentage), or None (a counter).
    threshold : int
        The bar appears (and is updated) in steps of this many units, so short
        computations show nothing.
    """

    def __init__(self, enabled: bool, desc: str, *, unit: str = " positions", total: int | None = None,
                 threshold: int = 2000) -> None:
        self.enabled = enabled
        self.desc = desc
        self.unit = unit
        self.total = total
        self.threshold = threshold
        self.bar: Any = None
        self.count = 0
        self.pending = 0

    def tick(self, n: int = 1) -> None:
        """Count ``n`` more units of work done."""
        self.count += n
        self.pending += n
        if self.enabled and self.pending >= self.threshold:
            if self.bar is None:
                try:
                    from tqdm.auto import tqdm
                except ImportError:
                    self.enabled = False
                    return
                self.bar = tqdm(total=self.total, desc=self.desc, unit=self.unit, leave=False)
            self.bar.update(self.pending)
            self.pending = 0

    def close(self) -> None:
        """Remove the bar (if it was shown)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
