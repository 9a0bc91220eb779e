"""The files the library writes: a save replaces the old file whole or not at all.

A save writes a temporary file in the same folder, flushes it to the disk (``fsync``) and
renames it over the old one (``os.replace``, atomic on POSIX and Windows), then syncs the
folder: a process killed at any moment leaves either the old file or the new one, never a
file cut short or an empty one, and never the old one removed before the new one is written.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from typing import Any

from konane._calls import describe
from konane.errors import KonaneTypeError

__all__: list[str] = []          # private: konane's own modules import the names they need


def check_path(path: Any, cls: type[KonaneTypeError] = KonaneTypeError) -> str:
    """``path`` as a str: a str or an :class:`os.PathLike` of str, never a file descriptor (an
    int would make :func:`open` write into whatever file the process has open under it)."""
    if isinstance(path, bool) or not isinstance(path, (str, os.PathLike)):
        raise cls(f"path must be a str or a path, not {describe(path)}")
    p = os.fspath(path)
    if not isinstance(p, str):
        raise cls(f"path must be a str or a path, not {describe(path)}")
    return p


def _sync_folder(folder: str) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:                 # not on POSIX (Windows cannot open a folder): nothing to sync
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def replacing(path: str) -> Iterator[str]:
    """A temporary path in the folder of ``path`` to write the new file to; when the block
    ends without an exception, the new file is synced and renamed over ``path``; otherwise
    it is removed and ``path`` is left as it was.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "record.txt")
    >>> with replacing(path) as tmp:
    ...     with open(tmp, "w") as f:
    ...         _ = f.write("new")
    >>> with open(path) as f:
    ...     f.read(), os.listdir(os.path.dirname(path))
    ('new', ['record.txt'])
    """
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        yield tmp
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise
    _sync_folder(folder)


def write_text(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path``, replacing it whole or not at all."""
    with replacing(path) as tmp, open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
