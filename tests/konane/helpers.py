"""Shared helpers of the konane tests: an independent brute force, random positions, and the
loader of the repository's scripts (:func:`load_script`).

The brute force builds the whole game tree with :mod:`cgt` from the boards of
:meth:`konane.Board.options`: no decomposition, no symmetry, no colour swap, no
region cache; memo on the exact board.  The move generator it relies on is
checked against a cell-by-cell generator in ``test_board.py``.
"""

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import cgt
import konane
from konane import Board

SET = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_BRUTE = {}


def brute(board, rules=konane.STANDARD):
    """Full game tree: no decomposition, no symmetry, no colour swap; memo on the exact board."""
    key = (board, rules.multi_jump)
    g = _BRUTE.get(key)
    if g is None:
        g = cgt.game([brute(o, rules) for o in board.options("x", rules)],
                     [brute(o, rules) for o in board.options("o", rules)])
        _BRUTE[key] = g
    return g


def random_row(rng, n):
    return "".join(rng.choice("xo..") if rng.random() < 0.85 else "." for _ in range(n))


def random_grid(rng, rows, cols, holes=True):
    lines = []
    for _ in range(rows):
        lines.append("".join(rng.choice("xxoo..#" if holes else "xxoo..") for _ in range(cols)))
    return "/".join(lines)


def row_with_gaps(rng):
    """Blocks of stones separated by gaps of 1 to 4 empty cells (the hard cases for a decomposer)."""
    parts = []
    for _ in range(rng.randint(2, 3)):
        parts.append("".join(rng.choice("xo") for _ in range(rng.randint(1, 5))))
    pic = "." * rng.randint(0, 2)
    for i, p in enumerate(parts):
        pic += p
        if i < len(parts) - 1:
            pic += "." * rng.randint(1, 4)
    return pic + "." * rng.randint(0, 2)


def line_with_debris(rng):
    """A row like Chan and Tsai's with debris: 3 to 6 blocks of stones (singles more often than
    longer blocks) between gaps of 1 to 3 empty cells."""
    pic = "." * rng.randint(0, 1)
    for _ in range(rng.randint(3, 6)):
        pic += "".join(rng.choice("xo") for _ in range(rng.choice((1, 1, 2, 3, 4, 5))))
        pic += "." * rng.choice((1, 1, 2, 2, 3))
    return pic


def boards():
    """A hypothesis strategy: boards of 1-4 rows and 2-5 columns with stones, empty cells and holes."""
    @st.composite
    def build(draw):
        rows = draw(st.integers(1, 4))
        cols = draw(st.integers(2, 5))
        cells = draw(st.lists(st.sampled_from("xxoo...#"), min_size=rows * cols, max_size=rows * cols))
        return Board("/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)))
    return build()


class Stop(Exception):
    """What :func:`stop_on_second_call`'s check raises."""


def stop_on_second_call():
    """``(check, seen)``: a check callback of the native kernels that records the counts it
    is given in ``seen`` and raises :class:`Stop` on its second call."""
    seen = []

    def check(n):
        seen.append(n)
        if len(seen) == 2:
            raise Stop("enough")

    return check, seen


def write_first_format_census(path, census, texts=None):
    """Write ``census`` as ``Census.save`` wrote it in its first format (values as text, ids as
    int32 codes of them), for the tests that read old files; ``texts`` replaces the text of
    each distinct value (in the order of ``sorted(set(census.ids))``)."""
    import sqlite3
    import sys
    from array import array

    distinct = sorted(set(census.ids))
    index = {gid: i for i, gid in enumerate(distinct)}
    if texts is None:
        texts = [str(cgt.Game.from_id(g)) for g in distinct]
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("CREATE TABLE games (idx INTEGER PRIMARY KEY, game TEXT NOT NULL)")
        db.execute("CREATE TABLE codes (ids BLOB NOT NULL)")
        db.executemany("INSERT INTO meta VALUES (?, ?)", [
            ("format", "konane-cgt census 1"), ("rows", str(census.rows)), ("cols", str(census.cols)),
            ("multi_jump", "1"), ("opening", "standard"), ("elapsed", "0.5")])
        db.executemany("INSERT INTO games VALUES (?, ?)", enumerate(texts))
        idx = array("i", (index[g] for g in census.ids))
        if sys.byteorder != "little":
            idx.byteswap()
        db.execute("INSERT INTO codes VALUES (?)", (idx.tobytes(),))
    db.close()


def load_script(folder, name):
    """The module of ``<folder>/<name>.py`` in the repository (``scripts``, ``benchmarks``: they
    are not packages)."""
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[2] / folder / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_script_{name}", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
