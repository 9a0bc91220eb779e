"""Tests of konane.find (finding positions by value) and its Hit.

Expected answers come from a plain scan of a census (every code, sorted by stones then
code) with cgt's own comparisons, and from konane.value for the randomised search.
"""

import functools
import itertools

import pytest

import cgt
import konane
from konane import find
from konane.errors import KonaneError, KonaneTypeError, RulesTypeError, SearchError, SearchTypeError

from .conftest import raised_in


@functools.cache
def cached(rows, cols):
    return konane.census(rows, cols, progress=False)


HOLDS = {"=": lambda g, t: g == t, ">=": lambda g, t: g >= t, "<=": lambda g, t: g <= t,
         ">": lambda g, t: g > t, "<": lambda g, t: g < t, "||": lambda g, t: g.is_fuzzy(t)}


def scan(rows, cols, target, relation):
    """The boards of all codes whose value stands in ``relation`` with ``target``, smallest first."""
    c = cached(rows, cols)
    t = cgt.as_game(target)
    codes = sorted(range(len(c)), key=lambda k: (bin(k).count("1"), k))
    return [c.board(k) for k in codes if HOLDS[relation](c[k], t)]


@pytest.mark.parametrize("relation", sorted(HOLDS))
@pytest.mark.parametrize("rows, cols, target", [(2, 4, "*"), (3, 3, 1), (3, 4, "{1|0}"), (3, 4, "*2")])
def test_census_search_agrees_with_a_scan(rows, cols, target, relation):
    hits = list(find(target, (rows, cols), relation=relation))
    assert [h.board for h in hits] == scan(rows, cols, target, relation)
    assert all(h.method == "census" and h.value == cached(rows, cols)[h.board] for h in hits)


def test_a_census_can_be_searched_as_it_is(tmp_path):
    c = cached(3, 4)
    path = tmp_path / "c.sqlite"
    c.save(path)
    loaded = konane.Census.load(path)
    assert [h.board for h in find("*2", loaded)] == scan(3, 4, "*2", "=")
    assert [h.board for h in find(0, loaded, relation=">")] == scan(3, 4, 0, ">")


def test_growing_boards_smallest_first():
    # expected: the census scans: no *2 on any board of fewer than 8 cells (and none on 2x4),
    # and '.o.ox.x.' is the first *2 of 1x8
    hits = list(itertools.islice(find("*2"), 3))
    assert hits[0].board == konane.Board(".o.ox.x.")
    for rows, cols in [(r, c) for r in range(1, 8) for c in range(r, 8) if r * c < 8] + [(2, 4)]:
        assert scan(rows, cols, "*2", "=") == []
    assert all(h.value == cgt.nimber(2) for h in hits)
    assert [h.board.rows * h.board.cols for h in hits] == sorted(h.board.rows * h.board.cols for h in hits)
    assert next(find("*")).board == konane.Board(".ox.")


def test_growing_boards_leave_out_positions_of_smaller_boards():
    # every hit of the search without a shape keeps its value only on its own board:
    # removing an empty edge row or column changes it (checked with konane.value)
    for h in itertools.islice(find("*", max_cells=9), 40):
        pic = h.board.picture_rows()
        smaller = []
        if set(pic[0]) == {"."} and len(pic) > 1:
            smaller.append(pic[1:])
        if set(pic[-1]) == {"."} and len(pic) > 1:
            smaller.append(pic[:-1])
        if all(row[0] == "." for row in pic) and len(pic[0]) > 1:
            smaller.append([row[1:] for row in pic])
        if all(row[-1] == "." for row in pic) and len(pic[0]) > 1:
            smaller.append([row[:-1] for row in pic])
        for rows in smaller:
            assert konane.value("/".join(rows), progress=False) != h.value
    assert list(find("*3", max_cells=12)) == []       # no *3 below 13 cells
    assert next(find("*3", max_cells=13)).board == konane.Board(".ox...x.xo.o.")


def test_random_search_finds_true_hits_reproducibly():
    # census_cells=0 forces the randomised search; each hit is checked with konane.value
    def run():
        return list(find("*", (4, 4), census_cells=0, samples=150, seed=7))
    hits = run()
    assert hits and all(h.method == "random" for h in hits)
    for h in hits:
        assert konane.value(h.board, progress=False) == h.value == cgt.star
        assert cached(4, 4)[h.board] == cgt.star                 # parity-consistent positions
    assert [h.board for h in run()] == [h.board for h in hits]
    keys = [h.board.normalized()[0] for h in hits]
    assert len(set(keys)) == len(keys)                            # no position twice
    at_least = list(find(1, (4, 4), relation=">=", census_cells=0, samples=100, seed=3))
    assert at_least and all(h.value >= 1 for h in at_least)


def test_limits(monkeypatch):
    calls = []
    real = konane.finding.__dict__["value"]

    def counting(board, **kw):
        calls.append(board)
        return real(board, **kw)

    monkeypatch.setitem(konane.finding.__dict__, "value", counting)
    list(find("*", (4, 4), census_cells=0, samples=1000, max_positions=30, seed=1))
    assert 0 < len(calls) <= 30
    assert list(find("*", (2, 4), max_positions=255)) == []     # the census would exceed it
    assert len(list(find("*", (2, 4), max_positions=256))) == 22
    assert list(find("*", time=1e-9)) == []
    assert list(find("*", (3, 3), samples=0, census_cells=0)) == []


def test_rules():
    # expected: the census with single jumps
    c = konane.census(1, 7, rules=konane.SINGLE_JUMP, progress=False)
    hits = list(find(1, (1, 7), rules=konane.SINGLE_JUMP))
    assert [h.board for h in hits] == [c.board(k) for k in sorted(
        (k for k in range(len(c)) if c[k] == 1), key=lambda k: (bin(k).count("1"), k))]
    with pytest.raises(RulesTypeError):
        find(1, rules="single")


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(shape=8), SearchTypeError, r"shape must be None or a \(rows, cols\) pair of ints, not 8 \(int\)"),
    (dict(shape=(2, "3")), SearchTypeError, "shape must be"),
    (dict(shape=(0, 3)), SearchError, "at least one row"),
    (dict(relation="~"), SearchError, "unknown relation '~'"),
    (dict(relation=None), SearchTypeError, "relation must be a str"),
    (dict(samples=-1), SearchError, "samples must be at least 0"),
    (dict(samples=1.5), SearchTypeError, "samples must be an int"),
    (dict(max_positions="9"), SearchTypeError, "max_positions must be None or an int"),
    (dict(max_cells=0), SearchError, "max_cells must be at least 1"),
    (dict(census_cells=True), SearchTypeError, "census_cells must be an int"),
    (dict(time="1"), KonaneTypeError, "time must be None or a number"),
])
def test_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message) as info:
        find("*2", **kwargs)
    assert isinstance(info.value, KonaneError)
    assert raised_in(info) == "find"


def test_bad_target():
    with pytest.raises(cgt.CGTError):
        find("not a game")


def test_hit_is_a_named_tuple():
    h = next(find("*", (2, 4)))
    board, value, method = h
    assert (board, value, method) == (h.board, h.value, h.method) == (konane.Board(".xo./...."), cgt.star, "census")
