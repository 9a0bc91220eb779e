"""The engine's public face: canonical short games as integer ids.

Every canonical short partizan game is stored once, in one table per process,
and is addressed by a small non-negative integer, its *id*: two games are equal
exactly when their ids are equal.  :class:`cgt.Game` is a thin handle on an id
(:attr:`cgt.Game.id`, :meth:`cgt.Game.from_id`); the functions here work on
the ids themselves, without building any Python object per game, and are what
fast callers (the Konane solver, the census, the analysis kernels) use.  This
is CGSuite's ``CanonicalShortGameOps`` layer, in Python.

Ids belong to one process and to one backend: they are not stable across runs,
must not be saved, and mean nothing to another process.  Save games by their
notation (``str(g)``, read back by :func:`cgt.parse`) instead.

This module is also the seam between backends.  Each backend provides every
name of ``__all__`` with the same meaning; :data:`BACKEND` names the active one
(``"python"`` is the pure-Python reference engine, ``"native"`` the compiled
core where it is built).  The environment variable ``KONANE_CGT_BACKEND``
(``python`` or ``native``) chooses it before ``cgt`` is first imported.

Numbers are exact at any size: dyadic rationals go in and come out as
:class:`~fractions.Fraction` (or ``int``).

Examples
--------
>>> from cgt import ops
>>> star = ops.canonical([ops.ZERO], [ops.ZERO])         # {0 | 0} = *
>>> ops.nus(star)
(Fraction(0, 1), 0, 1)
>>> ops.add(star, star) == ops.ZERO
True
>>> up = ops.canonical([ops.ZERO], [star])               # {0 | *} = ^
>>> ops.leq(ops.ZERO, up), ops.leq(up, ops.ZERO)
(True, False)
>>> cgt.Game.from_id(up)
cgt.parse('^')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Protocol

from ._deep import deep

__all__ = [
    "BACKEND",
    "ZERO",
    "canonical",
    "add",
    "neg",
    "leq",
    "left_options",
    "right_options",
    "nus_id",
    "nus",
    "is_number",
    "number_value",
    "stops",
    "birthday",
    "deep",
    "cache_info",
    "clear_caches",
]

BACKENDS = ("python", "native")
_requested = os.environ.get("KONANE_CGT_BACKEND", "").strip().lower()

if _requested not in ("", *BACKENDS):
    from .errors import BackendError

    raise BackendError(
        f"KONANE_CGT_BACKEND={_requested!r} is not a backend: use one of {', '.join(BACKENDS)}")

BACKEND: str
"""The name of the active backend: ``"python"`` or ``"native"``."""

if _requested == "python":
    from . import _pyengine as _engine

    BACKEND = "python"
else:
    try:
        import _konane_cgt as _engine  # type: ignore[no-redef]
    except ImportError as exc:
        if _requested == "native":
            from .errors import BackendError

            raise BackendError(
                "KONANE_CGT_BACKEND='native', but the native core (_konane_cgt) is not built "
                f"({exc}): install the package with a Rust toolchain on the PATH "
                "(pip install -e . builds it), or unset KONANE_CGT_BACKEND to use the Python engine"
            ) from exc
        from . import _pyengine as _engine

        BACKEND = "python"
    else:
        BACKEND = "native"

ZERO: int = _engine.ZERO
"""The id of the game 0 = ``{ | }``."""


class _NusId(Protocol):
    def __call__(self, x: Fraction | int, n: int = 0, m: int = 0) -> int: ...


# The contract every backend meets (documented on the pure-Python reference
# backend, cgt._pyengine); the names are the backend's own functions, so a call
# costs no more than calling the backend directly.
canonical: Callable[[Iterable[int], Iterable[int]], int] = _engine.canonical
add: Callable[[int, int], int] = _engine.add
neg: Callable[[int], int] = _engine.neg
leq: Callable[[int, int], bool] = _engine.leq
left_options: Callable[[int], tuple[int, ...]] = _engine.left_options
right_options: Callable[[int], tuple[int, ...]] = _engine.right_options
nus_id: _NusId = _engine.nus_id
nus: Callable[[int], tuple[Fraction, int, int] | None] = _engine.nus
is_number: Callable[[int], bool] = _engine.is_number
number_value: Callable[[int], Fraction | None] = _engine.number_value
stops: Callable[[int], tuple[Fraction, Fraction]] = _engine.stops
birthday: Callable[[int], int] = _engine.birthday
cache_info: Callable[[], dict[str, int]] = _engine.cache_info
clear_caches: Callable[[], None] = _engine.clear_caches
