"""The native kernels and threads: concurrent calls, the GIL released during native work,
re-entry from a callback refused, Ctrl-C from a timer in the same process.

A native computation runs with the GIL released and one at a time on the engine's table:
a call from another thread waits for it, a Python thread with nothing native to do runs
meanwhile, and a callback of the computation that calls back into the native core on the
computation's own thread is refused (it would wait for itself).  What may hang or die runs
in a subprocess with a time-out.
"""

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import cgt
import konane
from konane import Board, players
from konane._kernel import native as _native

from .helpers import random_grid

pytestmark = [pytest.mark.skipif(not _native.available(), reason="the native Konane kernels are not built"),
              # random 6x6 grids may hold a region of 29 stones or more: quick here, warned of
              pytest.mark.filterwarnings("ignore::konane.errors.OutOfReachWarning")]

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

START_8X8 = Board.start(8).play_removal("d4").play_removal("d5")     # no kernel finishes it


def run_child(code, timeout=300):
    """Run ``code`` in a fresh interpreter (bars off); its stdout, or fail with its output."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout, env=dict(os.environ, KONANE_PROGRESS="0"))
    assert r.returncode == 0, (r.returncode, r.stdout[-2000:], r.stderr[-3000:])
    return r.stdout


def in_threads(n, work):
    """Run ``work(i)`` in ``n`` threads started together; their results, or the first error."""
    results, errors = [None] * n, []
    start = threading.Barrier(n)

    def run(i):
        start.wait()
        try:
            results[i] = work(i)
        except BaseException as exc:        # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a thread hangs"
    if errors:
        raise errors[0]
    return results


def test_values_in_four_threads_equal_those_of_one_thread():
    # expected: the values of the same boards computed one after the other in one thread,
    # from empty tables (and a sample against the Python solver, an independent computation)
    rng = random.Random(30)
    boards = [[Board(random_grid(rng, 6, 6)) for _ in range(80)] for _ in range(4)]
    expected = [[konane.value(b) for b in part] for part in boards]
    for b, v in zip(boards[0][:10], expected[0][:10], strict=True):
        assert konane.value(b, cache=konane.RegionCache()) == v
    konane.clear_caches()
    got = in_threads(4, lambda i: [konane.value(b) for b in boards[i]])
    assert got == expected
    # the tables filled by four threads at once are right for the next calls
    assert [konane.value(b) for b in boards[3]] == expected[3]


def test_outcomes_and_values_in_threads_at_once():
    # two kernels (the win/loss search, the value solver) called from two threads at once;
    # expected: a value's outcome is the search's (the value is exact)
    rng = random.Random(5)
    boards = [Board(random_grid(rng, 5, 6)) for _ in range(60)]
    outcomes, values = in_threads(2, lambda i: [konane.outcome(b) if i == 0 else konane.value(b) for b in boards])
    assert outcomes == [v.outcome for v in values]


def test_a_value_in_one_thread_while_another_does_cgt_arithmetic():
    # expected: the sums of cgt's own arithmetic on the Python engine's rules, hand-checked:
    # {1|0} + -{1|0} = 0, *+* = 0, ^ + v = 0, 1/2 + 1/2 = 1
    b = Board.start(5).play_removal("c3").play_removal("b3")
    switch, star, up, half = cgt.parse("{1|0}"), cgt.parse("*"), cgt.parse("^"), cgt.parse("1/2")
    done = threading.Event()

    def arithmetic():
        rounds = 0
        while not done.is_set() or rounds < 50:
            assert switch + (-switch) == 0 and star + star == 0 and up + (-up) == 0 and half + half == 1
            assert cgt.parse(f"{{{rounds + 1}|{-rounds}}}").outcome == cgt.Outcome.N
            rounds += 1
        return rounds

    def work(i):
        if i == 1:
            return arithmetic()
        try:
            return [konane.value(b, max_positions=None) for _ in range(2)]
        finally:
            done.set()

    values, rounds = in_threads(2, work)
    assert values[0] == values[1] == konane.value(b) and rounds >= 50


@pytest.mark.parametrize("kernel", ["value", "player"])
def test_a_counter_thread_runs_while_a_long_native_computation_runs(kernel):
    # the native code releases the GIL: a pure-Python counter keeps a good part of the speed
    # it has alone while a kernel computes with no Python callback to switch threads in (the
    # value solver called by the door with no check; the player's search, which only runs
    # the signal handlers); it had 0.5% of it while the native code held the GIL.  The bound
    # is generous, for a loaded machine.
    def count_for(seconds):
        n, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            n += 1
        return n

    alone = count_for(0.5) / 0.5
    counted = []
    stop = threading.Event()

    def counter():
        n = 0
        while not stop.is_set():
            n += 1
        counted.append(n)

    b5 = Board.start(5).play_removal("c3").play_removal("b3")       # about a second
    t = threading.Thread(target=counter)
    t0 = time.perf_counter()
    t.start()
    if kernel == "value":
        _native.value(b5.key, True)
    else:
        players.choose_move(START_8X8, "x", time=1.0, solver=False)
    stop.set()
    t.join()
    elapsed = time.perf_counter() - t0
    assert counted[0] / elapsed > 0.1 * alone, (counted[0], elapsed, alone)


REENTRY = """
    import sys
    import cgt, konane
    from konane import Board
    from konane._kernel import native
    b = Board.start(5).play_removal("c3").play_removal("b3")
    small = Board("xo../..ox")

    def calls(f):
        def check(n):
            f()
        return check

    for name, f in [("value", lambda: native.value(small.key, True)),
                    ("wins", lambda: native.wins(small.key, True, True)),
                    ("arithmetic", lambda: cgt.parse("{1|0}") + cgt.parse("*"))]:
        for kernel in ("value", "wins"):
            native.clear()              # each call computes (the tables keep what a stopped call proved)
            try:
                if kernel == "value":
                    native.value(b.key, True, calls(f))
                else:
                    native.wins(b.key, True, True, calls(f))
                print(kernel, name, "no error")
            except Exception as exc:
                print(kernel, name, type(exc).__name__, "called again" in str(exc))
    native.clear()
    print(konane.value(small) == konane.value(small, cache=konane.RegionCache()))
"""


def test_a_callback_that_calls_back_on_its_own_thread_is_refused_not_deadlocked():
    # a check callback (as a signal handler could) calls a kernel or cgt's arithmetic on the
    # thread whose computation holds the tables: refused with the library's re-entry error,
    # never a wait for itself: a RuntimeError for the kernel that works, the engine's
    # CGTError for another kernel (the engine is taken) and for arithmetic
    out = run_child(REENTRY, timeout=120).split("\n")
    lines = [line for line in out if line]
    expected = []
    for name in ("value", "wins", "arithmetic"):
        for kernel in ("value", "wins"):
            error = "RuntimeError" if name == kernel else "CGTError"
            expected.append(f"{kernel} {name} {error} True")
    assert lines == expected + ["True"]


CTRL_C = """
    import _thread, faulthandler, signal, sys, threading, time
    import konane
    from konane import Board, players
    from konane._kernel import native
    faulthandler.dump_traceback_later(60, exit=True)     # a Ctrl-C that never comes: out in a minute
    konane.set_progress(False)
    b = Board.start(8).play_removal("d4").play_removal("d5")
    kernels = {
        "value": lambda: konane.value(b, max_memory=None),
        "door": lambda: native.value(b.key, True),                  # no Python callback at all
        "solve": lambda: konane.solve(b, "x", max_memory=None),
        "census": lambda: konane.census(4, 6, max_memory=None),
        "player": lambda: players.choose_move(b, "x", time=60, solver=False),
    }
    timer = sys.argv[1]
    signal.signal(signal.SIGALRM, signal.default_int_handler)       # the alarm acts as Ctrl-C
    for name, call in kernels.items():
        fired = []
        def interrupt():
            fired.append(time.perf_counter())
            _thread.interrupt_main()
        if timer == "setitimer":
            signal.setitimer(signal.ITIMER_REAL, 0.5)
            at = time.perf_counter() + 0.5
        else:
            t = threading.Timer(0.5, interrupt)
            t.start()
        try:
            call()
            print(name, "not interrupted")
        except KeyboardInterrupt:
            now = time.perf_counter()
            print(name, f"{now - (fired[0] if fired else at):.3f}")
        signal.setitimer(signal.ITIMER_REAL, 0)
    print(konane.value("xo../..ox") == konane.value("xo../..ox", cache=konane.RegionCache()))
"""


@pytest.mark.parametrize("timer", ["setitimer", "thread"])
def test_an_in_process_timer_interrupts_every_kernel_within_a_second(timer):
    # a SIGALRM from signal.setitimer, or a threading.Timer calling _thread.interrupt_main
    # (which needs the GIL: the native code held it for the whole call before, so the timer
    # ran only when a Python callback let it), acts as Ctrl-C half a second into each
    # kernel; each stops within a second of it
    lines = run_child(CTRL_C.replace("sys.argv[1]", repr(timer)), timeout=300).split()
    *delays, tables_valid = lines
    names = delays[::2]
    assert names == ["value", "door", "solve", "census", "player"], lines
    for name, delay in zip(names, delays[1::2], strict=True):
        assert delay != "not" and float(delay) < 1.0, (name, delay)
    assert tables_valid == "True"


SIGINT = """
    import sys, time
    import cgt, konane
    from konane import Board
    b = Board.start(8).play_removal("d4").play_removal("d5")
    small = Board("xo.x/.ox./o..x")
    kernels = {
        "value": lambda: konane.value(b, max_memory=None, progress=False),
        "solve": lambda: konane.solve(b, "x", max_memory=None, progress=False),
    }
    for name, call in kernels.items():
        print("start", name, flush=True)
        try:
            call()
            print("finished", name, flush=True)
        except KeyboardInterrupt:
            print("interrupted", name, flush=True)
    # the engine and the kernels work on: a value against the Python solver, an outcome,
    # cgt's arithmetic
    print(konane.value(small) == konane.value(small, cache=konane.RegionCache()), konane.outcome(small)
          == konane.value(small).outcome, cgt.parse("{1|0}") + cgt.parse("{0|-1}") == 0,
          flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_from_outside_stops_a_native_computation_promptly_and_the_engine_works_on():
    # Ctrl-C: a SIGINT sent by another process (here the test) a second into each native
    # computation of a fresh interpreter (the value solver, the win/loss search; neither
    # finishes the 8x8 start) raises KeyboardInterrupt there within a second (the kernels run
    # the signal handlers at most every 10 ms); expected after them: the value of a small
    # board equals the Python solver's, its outcome the search's, and {1|0} + {0|-1} = 0
    # (by hand: {0|-1} is the negative of {1|0})
    with subprocess.Popen([sys.executable, "-c", textwrap.dedent(SIGINT)], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=dict(os.environ, KONANE_PROGRESS="0")) as child:
        try:
            delays = {}
            for name in ("value", "solve"):
                assert child.stdout.readline().split() == ["start", name]
                time.sleep(1.0)
                sent = time.perf_counter()
                child.send_signal(signal.SIGINT)
                line = child.stdout.readline().split()
                delays[name] = time.perf_counter() - sent
                assert line == ["interrupted", name], (line, child.stderr.read() if not line else "")
            assert child.stdout.readline().split() == ["True", "True", "True"]
            assert child.wait(timeout=60) == 0, child.stderr.read()
        finally:
            if child.poll() is None:
                child.kill()
    assert all(d < 1.0 for d in delays.values()), delays
