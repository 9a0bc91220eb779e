"""konane._progress: the one progress switch, counter and limits (used by konane.value,
konane.analyze and konane.census)."""

import re

import pytest

import konane
from konane import _progress
from konane.errors import ComputationLimitError, KonaneError, KonaneTypeError, KonaneValueError

START_4X5 = "oxoxo/xoxox/o..xo/xoxox"      # the 4x5 start of the benchmark: -1 (cgt-py agrees)


def test_set_progress_is_the_default_of_every_call(fake_tqdm):
    before = _progress._ENABLED
    try:
        konane.set_progress(False)
        assert not _progress.progress_enabled() and _progress.progress_enabled(True)
        konane.set_progress(True)
        assert _progress.progress_enabled() and not _progress.progress_enabled(False)
    finally:
        konane.set_progress(before)


def test_a_bar_only_past_the_threshold(fake_tqdm):
    p = _progress.Progress(True, "work", threshold=10)
    p.tick(9)
    assert fake_tqdm.made == []
    p.tick(1)
    (bar,) = fake_tqdm.made
    assert bar.n == 10 and bar.desc == "work"
    p.close()
    assert bar.closed and p.count == 10
    off = _progress.Progress(False, "off", threshold=1)
    off.tick(100)
    off.close()
    assert len(fake_tqdm.made) == 1


def test_without_tqdm(monkeypatch):
    import sys
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    monkeypatch.setattr(_progress, "can_draw_bar", lambda: True)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    monkeypatch.setitem(sys.modules, "tqdm", None)
    p = _progress.Progress(True, "work", threshold=1)
    p.tick(5)
    p.close()
    assert p.count == 5 and not p.enabled


# ------------------------------------------------------------------ the bar appears after a second

class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def test_the_bar_waits_for_the_delay(fake_tqdm, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(_progress, "_clock", clock)
    monkeypatch.setattr(_progress, "DELAY", 1.0)
    p = _progress.Progress(True, "work", threshold=10)
    p.tick(25)                              # checked, but only 0 s have passed
    assert fake_tqdm.made == []
    clock.t += 0.9
    p.tick(10)
    assert fake_tqdm.made == []
    clock.t += 0.2                          # 1.1 s: the bar appears with all counted so far
    p.tick(10)
    (bar,) = fake_tqdm.made
    assert bar.n == 45 == p.count and bar.desc == "work"
    assert bar.postfix.startswith("memory +") and bar.postfix.endswith("B")
    p.tick(10)
    assert bar.n == 55
    p.close()
    assert bar.closed


def test_a_quick_value_leaves_no_bar(fake_tqdm, monkeypatch):
    # expected: no bar at all for a computation shorter than the delay (a 0.2 s value in a
    # notebook used to leave a "0 positions" bar behind)
    monkeypatch.setattr(_progress, "DELAY", 60.0)
    assert konane.value(START_4X5, cache=konane.RegionCache(), progress=True) == -1
    assert fake_tqdm.made == []


def test_value_bar_shows_positions_and_memory(fake_tqdm):
    konane.value(START_4X5, cache=konane.RegionCache(), progress=True)
    (bar,) = fake_tqdm.made
    assert bar.n > 0 and bar.closed and "memory +" in bar.postfix


# ------------------------------------------------------------------ lines where no bar can be drawn

def test_a_bar_is_drawn_on_a_terminal_or_in_a_notebook(monkeypatch):
    import io
    import sys

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delitem(sys.modules, "ipykernel", raising=False)
    monkeypatch.setattr(sys, "stderr", io.StringIO())          # a log file, a pipe
    assert not _progress.can_draw_bar()
    monkeypatch.setattr(sys, "stderr", None)                   # pythonw, a daemon
    assert not _progress.can_draw_bar()
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert _progress.can_draw_bar()
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    monkeypatch.setitem(sys.modules, "ipykernel", object())    # a Jupyter kernel: tqdm's widget
    assert _progress.can_draw_bar()
    # a task of a Dask worker: lines, even on a terminal (the workers share it)
    monkeypatch.setattr(sys, "stderr", Terminal())
    monkeypatch.delitem(sys.modules, "ipykernel")

    class Worker:
        here = False

        @classmethod
        def get_worker(cls):
            if not cls.here:
                raise ValueError("No worker found")
            return cls

    monkeypatch.setitem(sys.modules, "distributed.worker", Worker)
    assert _progress.can_draw_bar()                             # Dask imported, not on a worker
    Worker.here = True
    assert not _progress.can_draw_bar()


def test_lines_in_a_log_a_minute_apart(monkeypatch, capsys):
    import sys
    clock = Clock()
    monkeypatch.setattr(_progress, "_clock", clock)
    monkeypatch.setattr(_progress, "DELAY", 1.0)
    monkeypatch.setattr(_progress, "LOG_EVERY", 60.0)
    monkeypatch.setattr(_progress, "can_draw_bar", lambda: False)
    monkeypatch.setitem(sys.modules, "tqdm", None)             # lines need no tqdm
    p = _progress.Progress(True, "konane solve", threshold=10)
    p.tick(10)                              # the first check: the computation's clock starts
    for _ in range(50):                     # 50 s: no line (a computation under a minute writes none)
        clock.t += 1.0
        p.tick(10)
    assert capsys.readouterr().err == ""
    clock.t += 10.0                         # 60 s after the first check
    p.tick(10)
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("konane solve: 520 positions in 60 s (9/s), memory +") and line.endswith("B")
    clock.t += 59.0
    p.tick(10)
    assert capsys.readouterr().err == ""
    clock.t += 1.0
    p.tick(10)
    assert capsys.readouterr().err.startswith("konane solve: 540 positions in 120 s (4/s), memory +")
    clock.t += 5.0
    p.close()
    assert capsys.readouterr().err.startswith("konane solve: ended after 540 positions in 125 s (4/s), memory +")
    p.close()                               # once
    assert capsys.readouterr().err == ""


def test_a_value_in_a_log_writes_lines(monkeypatch, capsys):
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    monkeypatch.setattr(_progress, "LOG_EVERY", 0.0)           # a line at every check
    monkeypatch.setattr(_progress, "can_draw_bar", lambda: False)
    assert konane.value(START_4X5, cache=konane.RegionCache(), progress=True) == -1
    lines = capsys.readouterr().err.splitlines()
    counts = [int(re.search(r"([0-9,]+) positions in", line)[1].replace(",", "")) for line in lines]
    assert len(lines) >= 3 and all(line.startswith("konane values: ") for line in lines)
    assert lines[-1].startswith("konane values: ended after ") and "ended" not in "".join(lines[:-1])
    assert counts == sorted(counts) and counts[-1] > 0
    # off means off
    assert konane.value(START_4X5, cache=konane.RegionCache(), progress=False) == -1
    assert capsys.readouterr().err == ""


# ------------------------------------------------------------------ limits

def _entries(cache):
    return dict(cache._values), dict(cache._raw)


def _assert_consistent(partial, full):
    """Every entry of the interrupted cache is one the full computation makes, with the same value."""
    assert partial._raw, "the interrupted computation should have finished some positions"
    for mine, ref in zip(_entries(partial), _entries(full), strict=True):
        for key, gid in mine.items():
            assert ref[key] == gid


@pytest.fixture(scope="module")
def full_cache():
    cache = konane.RegionCache()
    assert konane.value(START_4X5, cache=cache, progress=False) == -1
    return cache


def test_max_positions(full_cache):
    cache = konane.RegionCache()
    with pytest.raises(ComputationLimitError) as info:
        konane.value(START_4X5, cache=cache, progress=False, max_positions=5000)
    err = info.value
    assert isinstance(err, RuntimeError) and isinstance(err, KonaneError)
    assert err.limit == "max_positions" and err.positions > 5000
    msg = str(err)
    assert "konane.value stopped after" in msg and "max_positions=5,000" in msg
    assert "Pass a larger max_positions=" in msg
    _assert_consistent(cache, full_cache)
    # the next computation works: a small value, then the same one without a limit
    assert konane.value("..ox", cache=cache) == 1
    assert konane.value(START_4X5, cache=cache, progress=False) == -1
    # a limit that is not reached changes nothing
    assert konane.value(START_4X5, cache=konane.RegionCache(), max_positions=10**9) == -1


def test_max_memory(full_cache, monkeypatch):
    # the resident memory, as the counter reads it, grows by 2 MB per reading (the first
    # reading, at the first check, is the baseline)
    readings = iter(range(0, 10**12, 2 * 10**6))
    monkeypatch.setattr(_progress, "resident_memory", lambda: next(readings))
    cache = konane.RegionCache()
    with pytest.raises(ComputationLimitError) as info:
        konane.value(START_4X5, cache=cache, progress=False, max_memory=3 * 10**6)
    err = info.value
    assert err.limit == "max_memory" and err.memory == 4 * 10**6
    assert "grew by 4 MB, past max_memory=3,000,000 bytes (3 MB)" in str(err)
    assert "Pass a larger max_memory=" in str(err)
    _assert_consistent(cache, full_cache)
    monkeypatch.undo()
    assert konane.value(START_4X5, cache=cache, progress=False) == -1


def test_the_default_memory_limit_is_a_few_gb():
    assert 2**29 <= _progress.DEFAULT_MAX_MEMORY <= 4 * 2**30
    mem = _progress.resident_memory()
    assert mem is None or mem > 10**6


def test_analyze_has_the_limits_too(full_cache):
    cache = konane.RegionCache()
    with pytest.raises(ComputationLimitError, match="konane.analyze stopped"):
        konane.analyze(START_4X5, cache=cache, progress=False, max_positions=5000)
    _assert_consistent(cache, full_cache)
    assert konane.analyze(START_4X5, cache=cache, progress=False).value == -1


@pytest.mark.parametrize("kw,exc", [({"max_positions": "10"}, KonaneTypeError),
                                    ({"max_positions": True}, KonaneTypeError),
                                    ({"max_memory": 1.5e9}, KonaneTypeError),
                                    ({"max_positions": -1}, KonaneValueError)])
def test_limit_arguments_are_checked(kw, exc):
    with pytest.raises(exc, match=next(iter(kw))):
        konane.value("..ox", **kw)


def test_ctrl_c_from_the_progress_hook_leaves_valid_caches(full_cache, monkeypatch):
    # a KeyboardInterrupt raised where the counter checks (as a Ctrl-C could be), bars off
    calls = []
    real_check = _progress.Progress.check

    def check(self):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        real_check(self)

    monkeypatch.setattr(_progress.Progress, "check", check)
    cache = konane.RegionCache()
    with pytest.raises(KeyboardInterrupt):
        konane.value(START_4X5, cache=cache, progress=False)
    _assert_consistent(cache, full_cache)
    monkeypatch.undo()
    assert konane.value(START_4X5, cache=cache, progress=False) == -1
    assert konane.value(".ox./o..x/....", cache=cache) == konane.value(".ox./o..x/....")


def test_a_big_board_checks_its_limits_on_the_way_down(monkeypatch):
    # a 70x70 board (4,900 cells: the Python solver and search): thousands of moves, each
    # costing milliseconds, come before the first position is computed from its options, so
    # the limits are checked on the way down (issue 30: a 200x200 board ignored time=); here
    # the first check stops the call, as a Ctrl-C or a time limit would
    calls = []

    def check(self):
        calls.append(self.count)
        raise KeyboardInterrupt

    monkeypatch.setattr(_progress.Progress, "check", check)
    board = konane.Board.start(70).play_removal("a1").play_removal("a2")
    for compute in (lambda: konane.value(board, progress=False, time=60),
                    lambda: konane.outcome(board, progress=False)):
        calls.clear()
        with pytest.raises(KeyboardInterrupt):
            compute()
        assert calls == [0] or calls[0] < 4096, calls
