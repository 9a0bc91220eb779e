"""Fixtures of the konane tests: every test starts with empty konane caches."""

import pytest

import konane


@pytest.fixture(autouse=True)
def fresh_caches():
    """Empty konane's caches (the default region cache, the file caches' memory, the
    tables of cell shapes) before each test, so that no test depends on another's
    values and the order of the tests does not matter."""
    konane.clear_caches()
    yield


def raised_in(excinfo):
    """The name of the function whose frame raised the exception of ``excinfo``: an
    error is raised from the public function the user called, so a notebook's
    traceback ends there."""
    tb = excinfo.value.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_name
