"""Shared pytest configuration: the ``slow`` marker and doctest namespace."""
import importlib.util
import signal

import pytest

# Ctrl-C is tested (SIGINT sent to this process and to interpreters it starts).  A shell
# starts a background job with SIGINT ignored, and Python then installs no handler of its
# own, nor do the interpreters started from it (an ignored signal stays ignored across
# exec): the tests would wait forever for a KeyboardInterrupt.  Python's own handler, here
# and (reset to the default at exec) in every interpreter started from here.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Modules and pages whose doctests need an optional package, left out when it is missing
# (networkx's pattern): konane.widget (konane.BoardWidget) needs anywidget.
collect_ignore = [] if importlib.util.find_spec("anywidget") else ["konane/widget.py", "docs/notebook.md"]


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run tests marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow test: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace):
    import cgt
    import konane
    doctest_namespace["cgt"] = cgt
    doctest_namespace["konane"] = konane


class FakeBar:
    """Stands in for tqdm.auto.tqdm: records what is reported, and can raise
    KeyboardInterrupt (as a Ctrl-C would) once ``interrupt_at`` steps are done."""

    made: list = []
    interrupt_at = None

    def __init__(self, total=None, desc=None, unit=None, leave=None, initial=0, postfix=None, **kwargs):
        self.total, self.desc, self.n, self.closed = total, desc, initial, False
        self.postfix = postfix
        FakeBar.made.append(self)

    def set_postfix_str(self, s="", refresh=True):
        self.postfix = s

    def update(self, k):
        self.n += k
        if FakeBar.interrupt_at is not None and self.n >= FakeBar.interrupt_at:
            raise KeyboardInterrupt

    def close(self):
        self.closed = True


@pytest.fixture
def fake_tqdm(monkeypatch):
    """Install :class:`FakeBar` as ``tqdm.auto.tqdm``; returns the class.

    Bars appear at once (``konane._progress.DELAY`` is 0), so that tests see
    them on small computations; a test of the delay sets it back.  A bar is
    drawn as on a terminal (under pytest standard error is not one, and the
    progress would be written as lines)."""
    import sys
    import types

    from konane import _progress
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    monkeypatch.setattr(_progress, "can_draw_bar", lambda: True)
    mod = types.ModuleType("tqdm.auto")
    mod.tqdm = FakeBar
    pkg = types.ModuleType("tqdm")
    pkg.auto = mod
    monkeypatch.setitem(sys.modules, "tqdm", pkg)
    monkeypatch.setitem(sys.modules, "tqdm.auto", mod)
    FakeBar.made = []
    FakeBar.interrupt_at = None
    return FakeBar
