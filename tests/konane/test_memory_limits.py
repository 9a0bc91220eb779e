"""Limits of memory that hold: ``max_memory`` as the native kernels' budget, growths the
system refuses as limit errors (never an abort), and the default limit read from what the
process may use.

A computation that may grow the process runs in a subprocess whose address space is capped
(``RLIMIT_AS``), so that a limit that does not hold takes down nothing but that subprocess;
the growth of the process is its peak resident size (``VmHWM``) after the computation less
before it.  The position that no kernel finishes is the 8x8 start after the removals d4 and
d5.
"""

import json
import os
import subprocess
import sys
import textwrap
from array import array

import pytest

import cgt
import konane
from konane import _progress
from konane._kernel import native as _native
from konane.errors import ComputationLimitError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIB = 1 << 20
GIB = 1 << 30

needs_linux = pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads /proc/self/status")
needs_native = pytest.mark.skipif(not _native.available(), reason="the native Konane kernels are not built")


def run_child(code, timeout=600, **env):
    """Run ``code`` in a fresh interpreter (bars off, ``env`` added to its environment); the JSON
    it prints last, or fail with its output (an abort is a negative return code)."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout, env=dict(os.environ, KONANE_PROGRESS="0", **env))
    assert r.returncode == 0, (r.returncode, r.stdout[-2000:], r.stderr[-3000:])
    return json.loads(r.stdout.strip().splitlines()[-1])


COMPUTE = """
    import json, resource, sys
    import konane

    def status(key):
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024

    what, limit, room = {what!r}, {limit!r}, {room!r}
    b = konane.Board.start(8).play_removal("d4").play_removal("d5")
    small = konane.Board("xo../..ox/o.x.")
    konane.value(small)                         # the native core started, its first arena made
    # the cap: the address space the process has now and room for the computation
    cap = status("VmSize") + room
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    konane.clear_caches()
    before = status("VmHWM")
    out = {{"cap": cap}}
    try:
        if what == "value":
            konane.value(b, max_memory=limit, progress=False)
        else:
            # the search drops entries of its tables rather than outgrow the limit: a time too
            konane.solve(b, "x", max_memory=limit, progress=False, time=20)
        out["ended"] = "finished"
    except konane.ComputationLimitError as exc:
        out["ended"], out["message"] = exc.limit, str(exc)
    out["growth"] = status("VmHWM") - before
    # the tables stay valid: the next values are right (against the Python solver)
    out["valid"] = (konane.value(small) == konane.value(small, cache=konane.RegionCache())
                    and konane.outcome(small) == konane.value(small).outcome)
    print(json.dumps(out))
"""


@needs_linux
@needs_native
@pytest.mark.parametrize("what, room", [("value", 384 * MIB),
                                        pytest.param("solve", 256 * MIB, marks=pytest.mark.slow)])   # 20 s
def test_a_computation_under_a_memory_cap_ends_with_a_limit_error_not_an_abort(what, room):
    # with no max_memory, the tables grow until the system refuses an allocation (the cap is
    # far below the machine's memory): a limit error saying how many bytes were asked for,
    # where the process died by SIGABRT before ("memory allocation of ... bytes failed").
    # The allocator (mimalloc) reserves address space 64 MiB at a time here rather than
    # 1 GiB, so that the cap leaves the computation the room given (a quicker test); the
    # next test keeps its defaults
    out = run_child(COMPUTE.format(what=what, limit=None, room=room), MIMALLOC_ARENA_RESERVE="64MiB")
    assert out["valid"]
    if what == "solve" and out["ended"] == "time":
        # the search's tables drop entries at konane's default limit (half the cap) rather
        # than grow, so the search runs to its time within the cap
        assert out["growth"] < out["cap"], out
        return
    assert out["ended"] == "max_memory", out
    assert "the system refused the " in out["message"] and " bytes that the native " in out["message"], out
    assert "max_memory=None" in out["message"]


CAPPED_FIRST = """
    import json, resource
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
    import konane
    b = konane.Board.start(8).play_removal("d4").play_removal("d5")
    out = {{"default": konane._progress.DEFAULT_MAX_MEMORY}}
    try:
        konane.value(b, max_memory=None, progress=False)
        out["ended"] = "finished"
    except konane.ComputationLimitError as exc:
        out["ended"], out["message"] = exc.limit, str(exc)
    small = konane.Board("xo../..ox/o.x.")
    out["valid"] = konane.value(small) == konane.value(small, cache=konane.RegionCache())
    print(json.dumps(out))
"""


@needs_linux
@needs_native
@pytest.mark.slow                                   # 12 s
def test_a_value_under_a_cap_of_one_and_a_half_gigabytes_ends_with_a_limit_error():
    # the process capped before it starts (1.5 GiB of address space, of which the allocator
    # reserves 1 GiB at once): the 8x8 start with no max_memory ends with a limit error where
    # it died by SIGABRT; the default limit is half the cap (by hand: 0.75 GiB)
    out = run_child(CAPPED_FIRST.format(cap=3 * GIB // 2))
    assert out["ended"] == "max_memory" and "the system refused the " in out["message"], out
    assert out["default"] == 3 * GIB // 4 and out["valid"]


@needs_linux
@needs_native
@pytest.mark.parametrize("what, limit", [("value", 384 * MIB),
                                         pytest.param("solve", 128 * MIB, marks=pytest.mark.slow),    # 20 s
                                         pytest.param("value", GIB, marks=pytest.mark.slow)])         # 45 s
def test_max_memory_holds_within_ten_percent(what, limit):
    # the native tables refuse a growth past the budget instead of making it and being
    # caught by the check of the resident memory a few thousand positions later (a table
    # that doubles overshot the limit by 20 to 110% before: 1.21 and 1.92 times these limits,
    # 1.70 for the value with 1 GiB); the cap is only a safeguard
    out = run_child(COMPUTE.format(what=what, limit=limit, room=4 * limit))
    # the search keeps within the limit by dropping entries of its tables, and ends by the
    # time (or by the limit, where what cannot drop entries outgrows it)
    assert out["ended"] == "max_memory" or (what == "solve" and out["ended"] == "time"), out
    if out["ended"] == "max_memory":
        # which of the two stops first depends on the timing of the value's two threads: a
        # table refusing to grow, or the check of the resident memory once it has just passed
        # the limit (1 run in 4 of the 384 MiB value, with the code of 2026-11-27 and the day
        # before)
        assert ("past the computation's budget" in out["message"]
                or "the process's memory grew by" in out["message"]), out
    assert out["growth"] <= 1.1 * limit, (out["growth"] / limit, out)
    assert out["valid"]


@needs_native
def test_a_search_whose_tables_outgrow_max_memory_drops_entries_and_finishes():
    # 6x6 after c3 c4, Black to move: White wins (Norvig 2021).  One thread grows the process
    # by about 64 MB without a limit; under 48 MiB the search stopped with the limit error
    # after about 900,000 positions (by hand, 2026-11-28), where its tables were refused a
    # growth: they drop their cheapest entries instead now (a quarter of the budget left to
    # what cannot), and the search finishes (by hand: 38 MB grown).  In a fresh interpreter:
    # the engine's own tables (games, stops), which cannot drop entries, grow by doublings
    # from where earlier tests of the process left them (in a process that had run other
    # files, a doubling of the stops of 14.5 MB came past the budget)
    out = run_child("""
        import json
        import konane
        b = konane.Board.start(6).play_removal("c3").play_removal("c4")
        free = konane.solve(b, "x", threads=1, progress=False)
        konane.clear_caches()
        tight = konane.solve(b, "x", threads=1, progress=False, max_memory=48 * 2**20)
        print(json.dumps([free.winner.long_name, tight.winner.long_name]))
    """)
    assert out == ["White", "White"]


@needs_linux
@needs_native
def test_the_command_line_has_a_memory_limit_by_default():
    # `konane value` passes no max_memory, so the library's default holds: half of what the
    # process may use.  The subprocess's address space is capped at 1 GiB (the allocator
    # reserving 64 MiB at a time), so its default is 512 MiB (or less, where the machine
    # or its cgroup has less): the 8x8 start, which no kernel finishes, ends as the limit
    # error of the default budget, said on stderr in the command's terms with the exit status
    # 1 (a limit reached: tests/konane/test_cli.py), neither an abort nor the system's refusal (which
    # came first with a cap of 512 MiB: the address space holds more than the resident
    # growth the budget counts, the interpreter's and the allocator's reservations)
    import resource

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (GIB, GIB))

    board = "/".join(str(konane.Board.start(8).play_removal("d4").play_removal("d5")).splitlines())
    r = subprocess.run([sys.executable, "-m", "konane", "value", board], cwd=ROOT, capture_output=True, text=True,
                       timeout=300, preexec_fn=cap,
                       env=dict(os.environ, KONANE_PROGRESS="0", MIMALLOC_ARENA_RESERVE="64MiB"))
    assert r.returncode == 1, (r.returncode, r.stdout[-2000:], r.stderr[-3000:])
    assert "konane: konane value stopped after" in r.stderr, r.stderr
    assert "past --max-memory " in r.stderr and "(the default)" in r.stderr, r.stderr
    default = r.stderr.split("past --max-memory ")[1].split(" ")[0]
    assert default.endswith("M") and float(default[:-1]) <= 512, r.stderr


@needs_native
@pytest.mark.parametrize("kernel", ["value", "wins", "census"])
def test_a_kernel_refuses_a_growth_past_its_budget(kernel):
    # the kernel's budget (max_bytes) refuses a growth it cannot make, whatever the resident
    # memory reads: cgt's memory error (a MemoryError, which konane's computations report as
    # their limit error) says how many bytes were wanted; the tables keep only finished values
    # (the search's tables drop entries rather than grow past the budget, so that it goes
    # on within it: only a budget too small for their first buckets, 64 bytes, stops it)
    b = konane.Board.start(8).play_removal("d4").play_removal("d5")
    budget = 64 if kernel == "wins" else 4 * MIB
    message = rf"needed [0-9,]+ bytes more, past the computation's budget of {budget:,} bytes"
    with pytest.raises(cgt.errors.CGTMemoryError, match=message) as e:
        if kernel == "value":
            _native.value(b.key, True, None, budget)
        elif kernel == "wins":
            _native.wins(b.key, True, True, None, budget)
        else:
            _native.census(4, 5, True, array("I", bytes(4)) * (1 << 20), None, budget)
    assert isinstance(e.value, MemoryError)
    small = konane.Board("xo.x/.ox./o..x")
    assert konane.value(small) == konane.value(small, cache=konane.RegionCache())
    assert konane.outcome(small) == konane.value(small).outcome


def test_a_memory_error_in_a_computation_is_a_limit_error(monkeypatch):
    # Python out of memory in a computation (here: raised where the counter checks) leaves
    # as the limit error, on either backend, and the next computation works
    def out_of_memory(self, n=1):
        raise MemoryError

    monkeypatch.setattr(_progress.Progress, "tick", out_of_memory)
    b = konane.Board.start(4).play_removal("a1").play_removal("b1")
    with pytest.raises(ComputationLimitError, match="Python could not allocate memory") as e:
        konane.value(b, max_memory=None, cache=konane.RegionCache())
    assert e.value.limit == "max_memory"
    monkeypatch.undo()
    assert konane.value(b) == 0                      # Norvig (2021): a loss for the first player


DEFAULT = """
    import json, resource
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
    from konane import _progress
    print(json.dumps({{"default": _progress.DEFAULT_MAX_MEMORY, "available": _progress.memory_available(),
                      "physical": _progress._physical_memory(), "cgroup": _progress._cgroup_memory_limit()}}))
"""


@pytest.mark.skipif(not hasattr(os, "sysconf"), reason="a POSIX system")
def test_the_default_limit_is_half_of_a_cap_on_the_address_space():
    # expected, by hand: a process capped at 3 GiB of address space may use at most 3 GiB
    # (where the machine and its cgroup allow more), so its default max_memory is 1.5 GiB,
    # where it was half the physical memory (at most 4 GiB) whatever the cap
    out = run_child(DEFAULT.format(cap=3 * GIB))
    others = [n for n in (out["physical"], out["cgroup"]) if n is not None]
    assert out["available"] == min([3 * GIB] + others)
    assert out["default"] == min(4 * GIB, out["available"] // 2)
    if min(others, default=4 * GIB) >= 3 * GIB:
        assert out["default"] == 3 * GIB // 2


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="ascii")


def test_the_cgroup_limits_are_read(tmp_path):
    # a fake /sys/fs/cgroup: the least limit of the process's cgroups and their ancestors,
    # v2 (memory.max, "max" for none, also under unified/ as in a hybrid hierarchy) and v1
    # (memory.limit_in_bytes, a number near 2^63 for none)
    root, proc = tmp_path / "cgroup", tmp_path / "proc_cgroup"
    write(proc, "12:cpu,cpuacct:/x\n4:memory:/a/b\n0::/c/d\n")
    write(root / "memory" / "a" / "b" / "memory.limit_in_bytes", "9223372036854771712\n")
    write(root / "memory" / "a" / "memory.limit_in_bytes", "3221225472\n")
    write(root / "c" / "d" / "memory.max", "max\n")
    write(root / "c" / "memory.max", "2147483648\n")
    assert _progress._cgroup_memory_limit(str(proc), str(root)) == 2 * GIB
    write(root / "unified" / "memory.max", "1073741824\n")          # the container's own limit
    assert _progress._cgroup_memory_limit(str(proc), str(root)) == GIB
    # no limit anywhere, an unreadable file, no cgroup file: None
    write(proc, "4:memory:/a/b\n0::/\n")
    write(root / "memory" / "a" / "memory.limit_in_bytes", "9223372036854771712\n")
    write(root / "unified" / "memory.max", "max\n")
    write(root / "memory.max", "not a number\n")
    assert _progress._cgroup_memory_limit(str(proc), str(root)) is None
    assert _progress._cgroup_memory_limit(str(tmp_path / "none"), str(root)) is None
