"""The registry of the process's tables: what :func:`konane.clear_caches` empties and
:func:`konane.cache_info` reports.

Each kernel registers its own tables here when it is imported (:func:`on_clear`,
:func:`on_info`), so that the public functions of :mod:`konane.cache` reach every table
without importing the kernels that sit above the cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__: list[str] = []          # private: konane's own modules import the names they need

_CLEAR: list[Callable[[], None]] = []
_INFO: dict[str, Callable[[], Any]] = {}


def on_clear(hook: Callable[[], None]) -> None:
    """Have :func:`clear_all` call ``hook`` (a kernel's own table)."""
    if hook not in _CLEAR:
        _CLEAR.append(hook)


def on_info(name: str, hook: Callable[[], Any]) -> None:
    """Have :func:`info_all` report ``hook()`` under ``name`` (a kernel's own table)."""
    _INFO[name] = hook


def clear_all() -> None:
    """Call every hook registered by :func:`on_clear`."""
    for hook in _CLEAR:
        hook()


def info_all() -> dict[str, Any]:
    """``{name: hook()}`` for every hook registered by :func:`on_info`."""
    return {name: hook() for name, hook in _INFO.items()}
