"""The win/loss search on several threads (``threads=``; parallel df-pn of ``src/konane/wins.rs``).

Expected answers come from independent computations: the exact values of :func:`konane.value`
(the value solver, itself tested against a brute force), the brute force of ``helpers.py``,
the search on one thread, and Norvig (2021) for the openings (White wins 4x4 and 6x6, Black
5x5).  The threads share the search's tables; the answers must not depend on their number or
their interleaving, the positions counted may.
"""

import random

import pytest
from hypothesis import given

import cgt
import konane
from konane import BLACK, WHITE, Board
from konane._kernel import native
from konane.errors import ComputationLimitError, KonaneTypeError, KonaneValueError

from .helpers import SET, boards, brute, random_grid

pytestmark = pytest.mark.skipif(not native.available(), reason="the native search is not built")


@pytest.fixture(autouse=True)
def fresh_tables():
    konane.clear_caches()
    yield
    konane.clear_caches()


def test_thousands_of_random_boards_agree_with_the_values():
    # 1,000 random grids of 4x4 to 5x6, both players to move, on 2 and 4 threads: the winner is
    # the one the value says (value > 0 or fuzzy: the mover wins, by the outcome class)
    rng = random.Random(26)
    shapes = [(4, 4), (4, 5), (5, 5), (3, 6), (5, 6)]
    for i in range(1000):
        rows, cols = shapes[i % len(shapes)]
        b = Board(random_grid(rng, rows, cols, holes=i % 2 == 0))
        out = konane.value(b, max_memory=None).outcome
        black_first = out in (cgt.Outcome.L, cgt.Outcome.N)
        white_first = out in (cgt.Outcome.R, cgt.Outcome.N)
        threads = 2 + 2 * (i % 2)
        assert (konane.solve(b, BLACK, threads=threads).winner is BLACK) == black_first, (b, out, threads)
        assert (konane.solve(b, WHITE, threads=threads).winner is WHITE) == white_first, (b, out, threads)


@given(boards())
@SET
def test_outcome_on_threads_against_brute_force(b):
    assert konane.outcome(b, threads=3) == brute(b).outcome
    assert konane.outcome(b, rules=konane.SINGLE_JUMP, threads=2) == brute(b, konane.SINGLE_JUMP).outcome


@pytest.mark.parametrize("n, first, second, winner", [
    (4, "a1", "b1", WHITE), (5, "c3", "c2", BLACK), (6, "a1", "a2", WHITE),
    pytest.param(6, "c3", "c4", WHITE, marks=pytest.mark.slow)])
def test_openings_on_threads(n, first, second, winner):
    # Norvig (2021): White wins 4x4 and 6x6 and Black 5x5, Black to move after the removals;
    # the 6x6 openings also by the search on one thread (scripts/solve_openings.py)
    b = Board.start(n).play_removal(first).play_removal(second)
    for threads in (2, 4):
        konane.clear_caches()
        s = konane.solve(b, BLACK, threads=threads, all_moves=True)
        assert s.winner is winner
        assert s.positions > 0
        if winner is BLACK:
            for m in s.winning_moves:          # each winning move leaves a position White loses
                assert konane.solve(b.play(m), WHITE, threads=threads).winner is BLACK


def test_a_limit_stops_every_thread_and_the_tables_stay_valid():
    b = Board.start(6).play_removal("a1").play_removal("a2")
    with pytest.raises(ComputationLimitError) as e:
        konane.solve(b, BLACK, threads=4, max_positions=20_000)
    assert e.value.limit == "max_positions"
    with pytest.raises(ComputationLimitError):
        konane.solve(b, BLACK, threads=3, time=0.2)
    # what the stopped calls kept is only proved results: the next calls find Norvig's answer
    assert konane.solve(b, BLACK, threads=4).winner is WHITE
    assert konane.solve(b, BLACK, threads=1).winner is WHITE


def test_the_positions_counted_are_every_threads():
    # one thread counts the same positions each time; several threads count all of theirs,
    # which the limit sees: a limit below them stops the call
    b = Board.start(5).play_removal("c3").play_removal("c2")
    one = konane.solve(b, BLACK, threads=1).positions
    konane.clear_caches()
    assert konane.solve(b, BLACK, threads=1).positions == one
    konane.clear_caches()
    many = konane.solve(b, BLACK, threads=4).positions
    assert many >= one // 2
    konane.clear_caches()
    with pytest.raises(ComputationLimitError):
        konane.solve(Board.start(6).play_removal("a1").play_removal("a2"), BLACK, threads=4, max_positions=5_000)


def test_set_threads_and_the_argument():
    b = Board("xoxox/oxoxo/xo..x/oxoxo")
    try:
        konane.set_threads(3)
        assert native.threads() == 3
        assert native.threads(1) == 1                  # a call's threads= wins
        assert konane.solve(b, BLACK).winner is BLACK
        assert konane.value(b) == konane.value(b, threads=1)
    finally:
        konane.set_threads(None)
    assert native.threads() == native.default_threads() >= 1


@pytest.mark.parametrize("bad, error", [(0, KonaneValueError), (-2, KonaneValueError), (10**6, KonaneValueError),
                                        ("2", KonaneTypeError),
                                        (2.0, KonaneTypeError), (True, KonaneTypeError)])
def test_bad_threads_are_refused(bad, error):
    b = Board("..ox")
    with pytest.raises(error, match="threads"):
        konane.solve(b, BLACK, threads=bad)
    with pytest.raises(error, match="threads"):
        konane.outcome(b, threads=bad)
    with pytest.raises(error, match="threads"):
        konane.value(b, threads=bad)
