"""konane.cache: the region cache in memory and in SQLite files."""

import os
import sqlite3
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
import konane
from konane import Board

from .conftest import raised_in
from .helpers import boards, brute

# ---------------------------------------------------------------- caches

def test_region_cache_object_counts_hits():
    cache = konane.RegionCache()
    konane.value(".xoxoxoxo.", cache=cache)
    misses = cache.misses
    assert misses > 0 and len(cache) == misses
    konane.value(".oxoxoxox.", cache=cache)       # the colour swap: all hits, no new region
    assert cache.misses == misses and cache.hits > 0
    cache.clear()
    assert len(cache) == 0


def test_sqlite_cache_persists(tmp_path):
    path = tmp_path / "values.sqlite"
    c1 = konane.RegionCache(path)
    v = konane.value(".ox./o..x/..ox", cache=c1)
    c1.close()
    konane.clear_caches()       # as a new process: the solver's own tables empty
    c2 = konane.RegionCache(path)
    assert c2.info()["stored"] > 0
    assert konane.value(".ox./o..x/..ox", cache=c2) == v
    assert c2.misses == 0 and c2.hits > 0
    c2.close()


def test_sqlite_cache_by_path_and_shared(tmp_path):
    path = str(tmp_path / "shared.sqlite")
    a = konane.RegionCache(path)
    b = konane.RegionCache(path)          # a second connection, as another process would have
    konane.value(".xoxoxo.", cache=a)
    a.flush()
    konane.clear_caches()       # as another process: the solver's own tables empty
    assert konane.value(".xoxoxo.", cache=b) == konane.value(".xoxoxo.")
    assert b.hits > 0
    a.close()
    b.close()
    assert konane.value("..ox", cache=path) == 1


def _stored_rows(path, table):
    """The rows of the file's ``table`` (0 while the file or the table is not there)."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return 0
    try:
        with sqlite3.connect(path, timeout=0.1) as db:
            return db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    except sqlite3.DatabaseError:
        return 0


def _killed_once(code, ready):
    """Run ``code`` in a fresh interpreter and kill it (SIGKILL: nothing runs at its end) once
    ``ready()``; it must not have ended before."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.time() + 120
        while time.time() < deadline and proc.poll() is None and not ready():
            time.sleep(0.01)
        proc.kill()
        assert proc.wait() != 0, "the computation ended before it was killed: nothing was tested"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_sqlite_cache_survives_a_killed_writer(tmp_path):
    path = tmp_path / "killed.sqlite"
    code = (
        "import konane, konane.cache as kc\n"
        "kc.RegionCache.COMMIT_EVERY = 5\n"
        "for n in range(3, 40):\n"
        "    konane.value('.' + 'xo' * n + '.' + 'ox' * n + '.', cache=" + repr(str(path)) + ", progress=False)\n"
    )
    _killed_once(code, lambda: _stored_rows(path, "region_values") > 30)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = db.execute("SELECT key, value FROM region_values LIMIT 60").fetchall()
    assert rows
    cache = konane.RegionCache(path)
    for key, text in rows:
        multi, *masks = key.split(",")
        assert multi == "True"
        rows_, cols, cells, black, white = map(int, masks)
        b = Board.from_masks(rows_, cols, cells, black, white)
        assert cgt.parse(text) == brute(b)
    cache.close()


def test_not_a_cache_file(tmp_path):
    bad = tmp_path / "not-a-db.sqlite"
    bad.write_text("hello, this is not sqlite" * 100)
    with pytest.raises(konane.CacheFileError, match="not-a-db"):
        konane.RegionCache(bad)


def test_memory_bound_keeps_values_correct():
    cache = konane.RegionCache(max_memory=50)
    b = Board(".ox./o..x/..ox/x.o.")
    assert konane.value(b, cache=cache) == brute(b)
    assert len(cache) <= 50 and len(cache._raw) <= 4 * 50 + 50




def test_bad_arguments():
    with pytest.raises(konane.errors.CacheTypeError, match="42") as info:
        konane.RegionCache(42)
    assert raised_in(info) == "__init__"
    with pytest.raises(konane.errors.CacheTypeError, match="max_memory"):
        konane.RegionCache(max_memory="lots")


def test_clear_caches_empties_the_default_cache():
    konane.value(".xoxo.", cache=konane.default_cache())      # a cache given: the Python solver's
    konane.value(".xoxo.")                                    # none: the native solver's, where built
    assert len(konane.default_cache()) > 0
    native = konane.cache_info()["native"]
    assert native is None or native["regions"] > 0
    konane.clear_caches()
    assert len(konane.default_cache()) == 0 and konane.default_cache().info()["positions"] == 0
    native = konane.cache_info()["native"]
    assert native is None or native["regions"] == native["positions"] == 0
    assert konane.value(".xoxo.") == brute(Board(".xoxo."))


def test_file_keys_are_readable(tmp_path):
    # the file keeps "multi,rows,cols,cells,black,white" of each normalised region
    path = tmp_path / "keys.sqlite"
    cache = konane.RegionCache(path)
    konane.value(".ox./o..x/....", cache=cache)
    cache.close()
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT key, value FROM region_values").fetchall()
    assert rows
    for key, text in rows:
        multi, *masks = key.split(",")
        b = Board.from_masks(*map(int, masks))
        assert b.normalized() == (b, False)
        assert cgt.parse(text) == brute(b)


# ---------------------------------------------------------------- files that are not ours, or that lie

def _foreign_files(tmp_path):
    """Files that are not value caches: another program's database, a census, an empty
    database with a table named meta of another shape."""
    other = tmp_path / "other.db"
    db = sqlite3.connect(other)
    with db:
        db.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO accounts VALUES (1, 'x')")
    db.close()
    census = tmp_path / "census.sqlite"
    konane.census(2, 3).save(census)
    meta = tmp_path / "meta.db"
    db = sqlite3.connect(meta)
    with db:
        db.execute("CREATE TABLE meta (name TEXT, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('format', 'somebody else 1')")
    db.close()
    return [other, census, meta]


def test_a_file_that_is_not_a_cache_is_refused_and_left_untouched(tmp_path):
    for path in _foreign_files(tmp_path):
        before = path.read_bytes()
        with pytest.raises(konane.CacheFileError, match="not a konane-cgt value cache"):
            konane.value("..ox/xo..", cache=str(path))
        assert path.read_bytes() == before, path.name                 # not adopted, not switched to WAL
        assert not (tmp_path / f"{path.name}-wal").exists()
    with pytest.raises(konane.CacheFileError, match="it is a folder"):
        konane.RegionCache(tmp_path)


def test_a_value_changed_in_the_file_is_refused_not_returned(tmp_path):
    # expected: the value of ..ox/xo.. is 2 (the class docstring; Ernst's rule for two
    # independent moves of Black's); a value edited to 42 in the file must never come back
    path = tmp_path / "values.sqlite"
    cache = konane.RegionCache(path)
    assert konane.value("..ox/xo..", cache=cache) == 2
    cache.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE region_values SET value = '42'")
    konane.clear_caches()
    with pytest.raises(konane.CacheFileError, match="does not match its checksum"):
        konane.value("..ox/xo..", cache=konane.RegionCache(path))


def test_a_damaged_file_gives_the_value_or_the_error_never_another_value(tmp_path):
    # bytes flipped anywhere in the file: each load gives the right value or a CacheFileError
    import random
    path = tmp_path / "values.sqlite"
    cache = konane.RegionCache(path)
    boards = ["..ox/xo..", ".ox./o..x/....", "....oxxoox..oxxxxo....", "xoxo/oxox/x..o/oxox"]
    truth = [konane.value(b, cache=cache) for b in boards]
    cache.close()
    good = path.read_bytes()
    rng = random.Random(30)
    outcomes = set()
    for trial in range(40):
        data = bytearray(good)
        for _ in range(rng.choice((1, 4, 32))):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        damaged = tmp_path / f"damaged-{trial}.sqlite"
        damaged.write_bytes(bytes(data))
        konane.clear_caches()
        for b, v in zip(boards, truth, strict=True):
            try:
                got = konane.value(b, cache=str(damaged))
            except konane.CacheFileError:
                outcomes.add("error")
            else:
                assert got == v, (trial, b)
                outcomes.add("value")
    assert outcomes == {"error", "value"}


def test_a_cache_of_the_older_format_is_refused_with_the_fix(tmp_path):
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE region_values (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
        db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('format', 'konane-cgt region values 1')")
    db.close()
    with pytest.raises(konane.CacheFileError, match="older konane-cgt .* delete it"):
        konane.RegionCache(path)


# ---------------------------------------------------------------- the native solver and the file

def _run(code, **env):
    """Run ``code`` in a fresh interpreter; its last line of output, as Python."""
    import ast
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), **env))
    assert out.returncode == 0, out.stderr
    return ast.literal_eval(out.stdout.strip().splitlines()[-1])


# two regions, of about 245,000 and 18,500 positions for the native solver (measured)
TWO_REGIONS = "oxoxo#xoxo/xo.xo#oxox/oxoxo#xo.o/xoxox#oxox/oxoxo#xoxo"

VALUE_WITH_FILE = """
import konane
konane.set_threads(1)       # the regions finished at a stop do not depend on the machine's load
try:
    v = str(konane.value({board!r}, cache={path!r}, progress=False, max_positions={limit}))
except konane.ComputationLimitError:
    v = None
print((v, konane.cache_info()["native"]["computed"]))
"""


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_value_stopped_by_a_limit_goes_on_from_the_file_in_the_next_process(tmp_path):
    # expected: the value of the whole board, computed in one run with no file; a run stopped
    # by max_positions has kept the regions it finished, so the next process, on the same
    # file, computes fewer positions than a fresh one (and the same value)
    path = str(tmp_path / "resume.sqlite")
    fresh_value, fresh = _run(VALUE_WITH_FILE.format(board=TWO_REGIONS, path=str(tmp_path / "f.sqlite"),
                                                     limit=None))
    stopped, partial = _run(VALUE_WITH_FILE.format(board=TWO_REGIONS, path=path, limit=250_000))
    assert stopped is None and partial >= 250_000
    assert konane.RegionCache(path).info()["stored"] > 0
    resumed_value, resumed = _run(VALUE_WITH_FILE.format(board=TWO_REGIONS, path=path, limit=None))
    assert resumed_value == fresh_value == str(konane.value(TWO_REGIONS))
    assert resumed < fresh - 15_000, (resumed, fresh)


VALUE_SAVING = """
import konane
konane.set_threads(1)
cache = konane.RegionCache({path!r}, save_every={every})
v = str(konane.value({board!r}, cache=cache, progress=False))
print((v, konane.cache_info()["native"]["computed"]))
"""


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_value_killed_goes_on_from_the_regions_it_saved_while_it_ran(tmp_path):
    # expected: the value of the whole board, computed in one run with no file saving; a process
    # killed (SIGKILL) once it has saved a region (every 0.05 s) is followed by one that
    # computes fewer positions, from the file, and gives the same value
    fresh_value, fresh = _run(VALUE_SAVING.format(board=TWO_REGIONS, path=str(tmp_path / "f.sqlite"), every=None))
    path = str(tmp_path / "killed.sqlite")
    _killed_once(VALUE_SAVING.format(board=TWO_REGIONS, path=path, every=0.05),
                 lambda: _stored_rows(path, "region_values") > 0)
    resumed_value, resumed = _run(VALUE_SAVING.format(board=TWO_REGIONS, path=path, every=None))
    assert resumed_value == fresh_value == str(konane.value(TWO_REGIONS))
    assert resumed < fresh, (resumed, fresh)


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_value_that_saves_as_it_runs_is_the_same(tmp_path, monkeypatch):
    # expected: the value without a file (TWO_REGIONS, the value solver's own); saving every few
    # milliseconds, the solver stops and goes on many times and computes each position once (the
    # one in progress at a stop at most twice: the counter of the solver's life, measured here)
    from konane._kernel import solver
    saves = []
    keep = solver._keep_native_regions
    monkeypatch.setattr(solver, "_keep_native_regions", lambda cache: (saves.append(cache), keep(cache)))

    def computed():
        return konane.cache_info()["native"]["computed"]
    konane.set_threads(1)
    try:
        start = computed()
        plain = konane.value(TWO_REGIONS, progress=False)
        once = computed() - start
        konane.clear_caches()
        start = computed()
        cache = konane.RegionCache(tmp_path / "v.sqlite", save_every=0.005)
        assert konane.value(TWO_REGIONS, progress=False, cache=cache) == plain
        assert len(saves) > 3 and once <= computed() - start <= once + len(saves)
        assert cache.info()["stored"] > 0
    finally:
        konane.set_threads(None)


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_the_native_solver_and_the_python_solver_share_a_file(tmp_path):
    # the native solver writes the regions it values; the Python solver (the reference, in a
    # process on the pure-Python backend) finds them all: no region missed, the same value
    path = tmp_path / "shared.sqlite"
    board = ".ox.xo/o..x.x/..oxo."
    cache = konane.RegionCache(path)
    v = konane.value(board, cache=cache)
    assert cache.misses > 0 and cache.info()["stored"] == cache.misses
    cache.close()
    code = (f"import konane, cgt\nc = konane.RegionCache({str(path)!r})\n"
            f"v = konane.value({board!r}, cache=c)\nprint((cgt.backend, str(v), c.misses, c.hits))")
    backend, text, misses, hits = _run(code, KONANE_CGT_BACKEND="python")
    assert backend == "python" and text == str(v) and misses == 0 and hits > 0
    assert v == brute(Board(board))


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_damaged_row_is_refused_before_the_native_solver_takes_it(tmp_path):
    path = tmp_path / "values.sqlite"
    cache = konane.RegionCache(path)
    konane.value(".ox.xo/o..x.x/..oxo.", cache=cache)
    cache.close()
    with sqlite3.connect(path) as db:
        key = db.execute("SELECT key FROM region_values LIMIT 1").fetchone()[0]
        db.execute("UPDATE region_values SET key = ? WHERE key = ?", (key + "1", key))
    konane.clear_caches()
    with pytest.raises(konane.CacheFileError, match="does not match its checksum"):
        konane.value("..ox", cache=str(path))


# ---------------------------------------------------------------- proofs of the search in the file

SOLVE_WITH_FILE = """
import konane
b = konane.Board.start(5).play_removal("a1").play_removal("b1")
try:
    # one thread: the positions a search counts then do not depend on the interleaving
    s = konane.solve(b, "x", cache={path!r}, progress=False, max_positions={limit}, threads=1)
    print((s.winner.value, s.positions))
except konane.ComputationLimitError as e:
    print((None, e.positions))
"""


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_search_stopped_by_a_limit_goes_on_from_the_file_in_the_next_process(tmp_path):
    # expected: the winner of a fresh search (Black wins 5x5, Norvig 2021, whatever the
    # opening's removals: the test of konane.solve); a search stopped by max_positions kept
    # what it proved, so the next process finds the same winner in fewer nodes, and a third,
    # with the root proved, in none
    path = str(tmp_path / "proofs.sqlite")
    fresh_winner, fresh = _run(SOLVE_WITH_FILE.format(path=str(tmp_path / "f.sqlite"), limit=None))
    stopped, partial = _run(SOLVE_WITH_FILE.format(path=path, limit=fresh // 2))
    assert stopped is None and partial > fresh // 2
    assert konane.RegionCache(path).info()["stored_proofs"] > 0
    winner, resumed = _run(SOLVE_WITH_FILE.format(path=path, limit=None))
    assert winner == fresh_winner == "x" and resumed < fresh, (resumed, fresh)
    assert _run(SOLVE_WITH_FILE.format(path=path, limit=None)) == ("x", 0)


# White wins the 6x6 opening c3, c4 (Norvig 2021); about 750,000 nodes, 2 s on one thread
SOLVE_6X6_SAVING = """
import konane
b = konane.Board.start(6).play_removal("c3").play_removal("c4")
cache = konane.RegionCache({path!r}, save_every={every})
s = konane.solve(b, "x", cache=cache, progress=False, threads=1)
print((s.winner.value, s.positions))
"""




@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_search_killed_goes_on_from_what_it_saved_while_it_ran(tmp_path):
    # expected: White wins the 6x6 opening (Norvig 2021); a process killed (SIGKILL: nothing
    # runs at its end) once it has saved half the proofs a whole search keeps (it saves every
    # 0.1 s: save_every) is answered by the next process, from the file, with the same winner
    # in fewer nodes than a search from nothing.  (Killed much earlier, the few proofs saved can
    # send the search another way, at times a longer one: measured 0.63 to 1.15 times the nodes.)
    fresh_path = str(tmp_path / "fresh.sqlite")
    fresh_winner, fresh = _run(SOLVE_6X6_SAVING.format(path=fresh_path, every=None))
    whole = _stored_rows(fresh_path, "proofs")
    path = str(tmp_path / "killed.sqlite")
    _killed_once(SOLVE_6X6_SAVING.format(path=path, every=0.1), lambda: _stored_rows(path, "proofs") >= whole // 2)
    assert whole // 2 <= _stored_rows(path, "proofs") < whole
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    winner, resumed = _run(SOLVE_6X6_SAVING.format(path=path, every=None))
    assert winner == fresh_winner == "o" and resumed < fresh, (resumed, fresh)


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
@pytest.mark.parametrize("threads", [1, 2])
def test_a_search_that_saves_as_it_runs_proves_the_same(tmp_path, monkeypatch, threads):
    # expected: the winners of the same searches without a file (White wins the 6x6 opening c3,
    # c4, Norvig 2021; so White, to move, wins after each move of Black, here a3-c3); a search
    # saving every few milliseconds stops and goes on many times, its nodes all counted (about
    # those of one whole search), its proofs in the file as it runs, and a winner's move found
    from konane._kernel import wins as kernel
    saves = []
    keep = kernel._keep_native_results
    monkeypatch.setattr(kernel, "_keep_native_results", lambda cache: (saves.append(cache), keep(cache)))
    opening = konane.Board.start(6).play_removal("c3").play_removal("c4")
    for name, board, mover in (("opening", opening, "x"), ("reply", opening.play("a3-c3", player="x"), "o")):
        konane.clear_caches()
        plain = konane.solve(board, mover, progress=False, threads=1)
        konane.clear_caches()
        saves.clear()
        cache = konane.RegionCache(tmp_path / f"{name}.sqlite", save_every=0.005)
        s = konane.solve(board, mover, progress=False, threads=threads, cache=cache)
        assert s.winner == plain.winner == konane.WHITE and (s.move is None) == (mover == "x")
        assert s.move is None or konane.solve(board.play(s.move, player=mover), "x").winner == konane.WHITE
        assert len(saves) > 3 and all(c is cache for c in saves)      # the start, the end, and while it ran
        assert s.positions > 0.5 * plain.positions
        assert cache.info()["stored_proofs"] > 0
    # an in-memory cache, or save_every=None: saved at the call's start and end only
    for cache in (konane.RegionCache(save_every=0.005), konane.RegionCache(tmp_path / "end.sqlite", save_every=None)):
        konane.clear_caches()
        saves.clear()
        konane.solve(opening.play("a3-c3", player="x"), "o", progress=False, threads=threads, cache=cache)
        assert len(saves) == 2


def test_save_every_is_checked():
    with pytest.raises(konane.errors.CacheTypeError, match="save_every"):
        konane.RegionCache(save_every="often")
    with pytest.raises(konane.errors.CacheTypeError, match="save_every"):
        konane.RegionCache(save_every=True)
    for bad in (0, -5, float("inf"), float("nan")):
        with pytest.raises(konane.errors.KonaneValueError, match="save_every"):
            konane.RegionCache(save_every=bad)
    assert konane.RegionCache().save_every == 600.0 and konane.RegionCache(save_every=None).save_every is None


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_every_proof_kept_agrees_with_the_value_solver(tmp_path):
    # independent check of what the file keeps: Left (me, to move) wins the node plus g
    # exactly when value(node) + g is not <= 0 (the value solver shares no table with the
    # search); forty of the nodes of the searches of two 5x5 openings (every winning move: a
    # search of each of Black's moves, many nodes; one thread, so that the proofs kept are the
    # same on every run: on two they varied, 19 in one run)
    path = tmp_path / "proofs.sqlite"
    konane.clear_caches()
    for first, second in (("c3", "b3"), ("a1", "a2")):
        konane.solve(Board.start(5).play_removal(first).play_removal(second), "x", cache=str(path), all_moves=True,
                     threads=1)
    konane.clear_caches()
    proofs = list(konane.RegionCache(path).proofs())
    assert proofs
    checked = 0
    for multi, stride, cells, me, en, g, wins, _work in proofs[:40]:
        b = Board.from_masks((cells.bit_length() + stride - 1) // stride, stride - 1, cells, me, en)
        rules = konane.STANDARD if multi else konane.SINGLE_JUMP
        total = konane.value(b, rules=rules) + cgt.Game.from_id(g)
        assert wins == (not total <= 0), (str(b), cgt.Game.from_id(g))
        checked += 1
    assert checked >= 20


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_damaged_proof_is_refused(tmp_path):
    path = tmp_path / "proofs.sqlite"
    konane.solve(Board.start(5).play_removal("c3").play_removal("b3"), "x", cache=str(path))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE proofs SET result = CASE WHEN result LIKE 'win%' THEN 'loss,64' ELSE 'win,64' END")
    konane.clear_caches()
    with pytest.raises(konane.CacheFileError, match="does not match its checksum"):
        konane.outcome("..ox/xo..", cache=str(path))


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_file_is_read_and_given_to_the_native_core_in_slices(tmp_path, monkeypatch):
    # a campaign's file holds tens of millions of rows: read and given a slice at a time (here
    # slices of 7 rows), every row arrives, and a row damaged in a later slice is still refused
    from konane import cache as cache_module
    from konane._kernel import native
    from konane._kernel.bitboard import unpack_key
    path = tmp_path / "slices.sqlite"
    konane.solve(Board.start(6).play_removal("a1").play_removal("a2"), "x", cache=str(path))
    for k in range(2, 30):                      # lines of k pairs: 28 regions
        konane.value("." + "ox" * k + "..", cache=str(path))
    whole = konane.RegionCache(path)
    proofs, regions = list(whole.proofs()), list(whole.regions())
    whole.close()
    assert len(proofs) > 20 and len(regions) > 20
    monkeypatch.setattr(cache_module, "_READ_ROWS", 7)
    monkeypatch.setattr(native, "PUT_SLICE", 7)
    konane.clear_caches()
    sliced = konane.RegionCache(path)
    assert list(sliced.proofs()) == proofs and list(sliced.regions()) == regions
    assert native.put_results(iter(proofs)) == len(proofs)          # a table emptied: every one new
    assert native.put_results(iter(proofs)) == 0
    assert native.put_regions((*unpack_key(key), gid) for key, gid in regions) == len(regions)
    sliced.close()
    konane.clear_caches()
    with sqlite3.connect(path) as db:           # the last row read damaged
        key = db.execute("SELECT key FROM proofs").fetchall()[-1][0]
        db.execute("UPDATE proofs SET result = 'win,99' WHERE key = ?", (key,))
    with pytest.raises(konane.CacheFileError, match="does not match its checksum"):
        list(konane.RegionCache(path).proofs())


def test_caches_opened_by_path_do_not_keep_every_file_open(tmp_path):
    # a fuzz run of 10^5 inputs gave thousands of paths, each kept open (three descriptors in
    # WAL mode) until the process ran out of file descriptors; at most MAX_OPEN_FILES stay open
    import konane.cache as kc
    fds = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    for i in range(3 * kc.MAX_OPEN_FILES):
        assert konane.value("..ox", cache=str(tmp_path / f"c{i}.sqlite")) == 1
    assert len(kc._FILE_CACHES) <= kc.MAX_OPEN_FILES
    if fds is not None:
        assert len(os.listdir("/proc/self/fd")) <= fds + 3 * kc.MAX_OPEN_FILES + 3
    # a file closed on the way is opened again, its values kept
    assert konane.RegionCache(tmp_path / "c0.sqlite").info()["stored"] > 0
    assert konane.value("..ox", cache=str(tmp_path / "c0.sqlite")) == 1


# ---------------------------------------------------------------- caches merged (RegionCache.update)

ZERO = cgt.parse("0").id


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_file_merged_into_another_gives_it_its_proofs_and_values(tmp_path):
    # expected: Black wins 5x5 c3, b3 (Norvig 2021, as above); the proofs of a search in one file
    # and the values of a board in another, added to a third, answer both there: the search with
    # its root proved in the file takes no node
    a, b, merged = (str(tmp_path / f"{name}.sqlite") for name in ("a", "b", "merged"))
    assert _run(SOLVE_WITH_FILE.format(path=a, limit=None))[0] == "x"
    konane.clear_caches()
    board = ".ox.xo/o..x.x/..oxo."
    v = konane.value(board, cache=konane.RegionCache(b))
    cache = konane.RegionCache(merged)
    proofs, regions = konane.RegionCache(a).info()["stored_proofs"], konane.RegionCache(b).info()["stored"]
    assert proofs > 0 and regions > 0
    assert cache.update(a) == {"regions": 0, "proofs": proofs, "wins": 0}
    assert cache.update(b) == {"regions": regions, "proofs": 0, "wins": 0}
    assert cache.update(a) == cache.update(b) == {"regions": 0, "proofs": 0, "wins": 0}
    assert set(cache.regions()) == set(konane.RegionCache(b).regions())
    assert sorted(cache.proofs()) == sorted(konane.RegionCache(a).proofs())
    cache.close()
    assert _run(SOLVE_WITH_FILE.format(path=merged, limit=None)) == ("x", 0)
    konane.clear_caches()
    with_merged = konane.RegionCache(merged)
    assert konane.value(board, cache=with_merged) == v and with_merged.misses == 0


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_search_in_this_process_takes_the_proofs_merged_into_its_cache(tmp_path):
    # the native search is given a cache's proofs once per process, and again once update()
    # added some: 5x5 c3, b3 proved into one file, then a search of another opening on a
    # second cache (given to the search), then the first file added to it: the first
    # opening's search takes no node (it took many before; Black wins it, Norvig 2021)
    first = Board.start(5).play_removal("c3").play_removal("b3")
    konane.clear_caches()
    assert konane.solve(first, "x", cache=str(tmp_path / "a.sqlite"), threads=1).positions > 100
    konane.clear_caches()
    cache = konane.RegionCache(tmp_path / "b.sqlite")
    konane.solve(Board.start(5).play_removal("a1").play_removal("a2"), "x", cache=cache, threads=1)
    assert cache.update(tmp_path / "a.sqlite")["proofs"] > 0
    again = konane.solve(first, "x", cache=cache, threads=1)
    assert again.winner == konane.BLACK and again.positions == 0


def test_caches_that_disagree_are_refused_and_nothing_is_added(tmp_path):
    # values and outcomes are exact: a region with two values, or a node won in one cache
    # and lost in the other, means a wrong row; the error names it, and the cache added to
    # keeps exactly what it had
    source = konane.RegionCache(tmp_path / "source.sqlite")
    konane.value(".xoxoxo.", cache=source)
    konane.value("..ox/xo.x/oxox", cache=source)
    key, gid = next(iter(source.regions()))
    forged = konane.RegionCache(tmp_path / "forged.sqlite")
    forged.put(key, (cgt.Game.from_id(gid) + 1).id)
    with pytest.raises(konane.CacheFileError, match="disagree on the value of region"):
        forged.update(source)
    assert forged.info()["stored"] == 1 and forged.get(key) == (cgt.Game.from_id(gid) + 1).id
    node = (True, 5, 0b1111, 0b0011, 0b1100, ZERO)
    won, lost = konane.RegionCache(), konane.RegionCache()
    won.put_proof(*node, True, 100)
    lost.put_proof(*node, False, 100)
    with pytest.raises(konane.CacheFileError, match="disagree on the proof"):
        lost.update(won)
    assert [p[6] for p in lost.proofs()] == [False]
    position = Board("..ox/xo..").key
    won, lost = konane.RegionCache(), konane.RegionCache()
    won.put_win(position, True, True, True, 10)
    lost.put_win(position, True, True, False, 10)
    with pytest.raises(konane.CacheFileError, match="disagree on the result of position"):
        won.update(lost)
    assert won.win(position, True, True) is True


def test_a_big_file_is_merged_a_slice_at_a_time_and_undone_whole(tmp_path, monkeypatch):
    # a campaign's file of tens of millions of rows is merged without being held in memory: read
    # twice (checked, then written as read again), here in slices of 5 rows; every row arrives,
    # and a row that disagrees only when read the second time (the file changed meanwhile) undoes
    # the whole write
    from konane import cache as cache_module
    monkeypatch.setattr(cache_module, "_READ_ROWS", 5)
    source = konane.RegionCache(tmp_path / "campaign.sqlite")
    konane.solve(Board.start(6).play_removal("a1").play_removal("a2"), "x", cache=source)
    for k in range(2, 12):
        konane.value("." + "ox" * k + "..", cache=source)
    proofs, regions = sorted(source.proofs()), sorted(source.regions())
    into = konane.RegionCache(tmp_path / "project.sqlite")
    assert into.update(source) == {"regions": len(regions), "proofs": len(proofs), "wins": 0}
    assert sorted(into.proofs()) == proofs and sorted(into.regions()) == regions
    assert into.update(source) == {"regions": 0, "proofs": 0, "wins": 0}
    into.close()
    # the second reading of the source disagrees with the first on its last proof
    later = konane.RegionCache(tmp_path / "later.sqlite")
    reads = []
    text_rows = source._text_rows

    def changing(table, what):
        reads.append(table)
        rows = list(text_rows(table, what))
        if table == "proofs" and reads.count("proofs") == 2:
            key, result = rows[-1]
            rows[-1] = (key, ("loss" if result.startswith("win") else "win") + "," + result.split(",")[1])
        yield from rows
    konane.value("..ox/xo.x/oxox", cache=later)              # what it held before
    last = list(text_rows("proofs", "proof"))[-1]
    later.put_proof(*source._proof(*last))                      # the same result: agrees at first
    later.flush()
    monkeypatch.setattr(source, "_text_rows", changing)
    before = (later.info(), sorted(later.regions()))
    with pytest.raises(konane.CacheFileError, match="disagree on the proof"):
        later.update(source)
    assert reads.count("proofs") == 2 and reads.count("region_values") == 2      # the second reading
    assert (later.info(), sorted(later.regions())) == before
    assert list(later.proofs()) == [source._proof(*last)]


def test_update_keeps_the_larger_work_and_leaves_out_the_cheap_results(tmp_path):
    # the work of a result decides what a full table drops first and what min_work carries
    source, cache = konane.RegionCache(), konane.RegionCache(tmp_path / "c.sqlite")
    cheap, dear = (True, 5, 0b1111, 0b0011, 0b1100, ZERO), (False, 5, 0b111, 0b001, 0b010, ZERO)
    source.put_proof(*cheap, True, 10)
    source.put_proof(*dear, False, 1000)
    position = Board("..ox/xo..").key
    source.put_win(position, True, True, True, 500)
    assert cache.update(source, min_work=600) == {"regions": 0, "proofs": 1, "wins": 0}
    assert [p[:6] for p in cache.proofs()] == [dear]
    cache.put_proof(*cheap, True, 5)
    assert cache.update(source) == {"regions": 0, "proofs": 1, "wins": 1}    # cheap's work 5 -> 10
    assert sorted(p[7] for p in cache.proofs()) == [10, 1000]
    assert cache.win(position, True, True) is True
    cache.close()
    assert sorted(p[7] for p in konane.RegionCache(tmp_path / "c.sqlite").proofs()) == [10, 1000]


def test_update_checks_its_arguments_and_the_rows_it_reads(tmp_path):
    cache = konane.RegionCache(tmp_path / "c.sqlite")
    with pytest.raises(konane.errors.CacheTypeError, match="other must be"):
        cache.update(42)
    for bad in (-1, True, 1.5):
        with pytest.raises(konane.errors.CacheTypeError, match="min_work must be"):
            cache.update(konane.RegionCache(), min_work=bad)
    missing = tmp_path / "missing.sqlite"
    with pytest.raises(konane.CacheFileError, match="no such file"):
        cache.update(missing)
    assert not missing.exists()
    other = tmp_path / "other.txt"
    other.write_text("not a cache")
    with pytest.raises(konane.CacheFileError, match="not a konane-cgt value cache"):
        cache.update(other)
    # a row changed after the library wrote it: refused, nothing added
    damaged = konane.RegionCache(tmp_path / "damaged.sqlite")
    konane.value(".xoxoxo.", cache=damaged)
    damaged.close()
    with sqlite3.connect(tmp_path / "damaged.sqlite") as db:
        db.execute("UPDATE region_values SET value = value || '+1'")
    with pytest.raises(konane.CacheFileError, match="does not match its checksum"):
        cache.update(tmp_path / "damaged.sqlite")
    assert cache.info()["stored"] == 0
    konane.value("..ox", cache=cache)
    assert cache.update(cache) == cache.update(tmp_path / "c.sqlite") == {"regions": 0, "proofs": 0, "wins": 0}


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_a_value_in_this_process_takes_the_regions_merged_into_its_cache(tmp_path):
    # the native solver is given a cache's regions once per process, and again once update()
    # added some: a board valued into one file, another board on a second cache (given to the
    # solver), then the first file added to it: the first board's value computes no position
    board = ".ox.xo/o..x.x/..oxo."
    konane.clear_caches()
    v = konane.value(board, cache=konane.RegionCache(tmp_path / "a.sqlite"))
    konane.clear_caches()
    cache = konane.RegionCache(tmp_path / "b.sqlite")
    assert konane.value("..ox", cache=cache) == 1
    assert cache.update(tmp_path / "a.sqlite")["regions"] > 0
    computed = konane.cache_info()["native"]["computed"]
    assert konane.value(board, cache=cache) == v
    assert konane.cache_info()["native"]["computed"] == computed


@settings(max_examples=40, deadline=None)
@given(st.lists(boards(), min_size=1, max_size=3), st.lists(boards(), min_size=1, max_size=3))
def test_caches_merged_hold_the_union_whatever_the_order(left, right):
    # laws of update: the result is the union of the regions (each with the value the Python
    # solver gave it), the same in either order, and a second update adds nothing
    a, b = konane.RegionCache(), konane.RegionCache()
    for cache, group in ((a, left), (b, right)):
        for board in group:
            konane.value(board, cache=cache)
    union = dict(a.regions()) | dict(b.regions())
    ab, ba = konane.RegionCache(), konane.RegionCache()
    ab.update(a), ab.update(b), ba.update(b), ba.update(a)
    assert dict(ab.regions()) == dict(ba.regions()) == union
    assert ab.update(a) == ab.update(b) == {"regions": 0, "proofs": 0, "wins": 0}
