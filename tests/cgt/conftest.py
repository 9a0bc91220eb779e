"""Fixtures of the cgt tests."""

import pytest

import cgt


@pytest.fixture
def fresh_caches():
    """Empty every cache of cgt (engine, notation, analysis) before the test, so it sees
    cold caches whatever ran before it; the table of canonical forms stays."""
    cgt.clear_caches()
    yield
    cgt.clear_caches()
