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

import importlib
import os
import warnings
from collections.abc import Callable, Iterable
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from . import _pyengine
from ._deep import Unwound, deep
from .errors import BackendError, BackendWarning

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
    "engine",
    "Unwound",
]

BACKENDS = ("python", "native")
_requested = os.environ.get("KONANE_CGT_BACKEND", "").strip().lower()



def engine(name: str) -> ModuleType:
    """The module of the backend ``name`` (``"python"`` or ``"native"``), whether active or not.

    Each backend module provides every name of ``__all__`` but ``BACKEND``, ``deep``,
    ``engine`` and ``Unwound``, with its own table of games: ids of one backend mean nothing to the other.  This is
    how the differential tests compare the two engines in one process; everything else
    uses the active backend through this module's own names.

    Raises
    ------
    BackendError
        If ``name`` is not a backend, or the native core is not built.

    Examples
    --------
    >>> py = cgt.ops.engine("python")
    >>> py.nus(py.canonical([py.ZERO], [py.ZERO]))
    (Fraction(0, 1), 0, 1)
    """
    if name == "python":
        return _pyengine
    if name == "native":
        return _native_core()
    raise BackendError(f"{name!r} is not a backend: use one of {', '.join(BACKENDS)}")


_HOW_TO_BUILD = ("install a Rust toolchain (cargo, from https://rustup.rs) and reinstall the package "
                 "(pip install --force-reinstall --no-deps konane-cgt, or pip install -e . in a checkout): "
                 "its build makes the native core where cargo is on the PATH")


def _native_core() -> ModuleType:
    """The extension module ``cgt._native`` (the Rust crate), or :class:`BackendError` saying why not."""
    try:
        return importlib.import_module("cgt._native")     # the compiled extension, where built
    except ImportError as exc:
        raise BackendError(f"the native core cgt._native is not built ({exc}): {_HOW_TO_BUILD}") from None


BACKEND: str
"""The name of the active backend: ``"python"`` or ``"native"``."""

if _requested:
    try:
        _engine = engine(_requested)
    except BackendError as exc:
        raise BackendError(f"KONANE_CGT_BACKEND={_requested!r}: {exc}") from None
    BACKEND = _requested
else:
    try:
        _engine = engine("native")
        BACKEND = "native"
    except BackendError as exc:         # not built here: said once, at the first import in a process
        _engine = _pyengine
        BACKEND = "python"
        warnings.warn(BackendWarning(
            f"konane-cgt runs on the pure-Python engine, 15x to 45x slower than the native core: {exc}. "
            "Set KONANE_CGT_BACKEND=python to choose the pure-Python engine and silence this warning."), stacklevel=1)

ZERO: int = _engine.ZERO
"""The id of the game 0 = ``{ | }``."""

# NATIVE: the native core's module where it is built, else None, whichever backend is
# active; for the callers of its other functions (konane's kernels, through konane._kernel.native),
# which mypy checks against its typed stub, cgt/_native.pyi.
if TYPE_CHECKING:
    from . import _native

    NATIVE = _native
else:
    try:
        NATIVE = _native_core()
    except BackendError:
        NATIVE = None


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
