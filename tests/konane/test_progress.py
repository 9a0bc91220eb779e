"""konane._progress: the one progress switch and counter (used by konane.value and konane.census)."""

import konane
from konane import _progress


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
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    monkeypatch.setitem(sys.modules, "tqdm", None)
    p = _progress.Progress(True, "work", threshold=1)
    p.tick(5)
    p.close()
    assert p.count == 5 and not p.enabled
