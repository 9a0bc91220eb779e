"""Tests of konane.censuses: konane.census and konane.Census.

Where the expected values come from is said in each test:

* ``konane.value`` -- the value of one board through the region decomposition
  and the normalised-region cache of :func:`konane.value`, a path that shares
  nothing with the census but ``cgt``'s canonical forms;
* pictures built here from ``Board.start``'s picture, for the code numbering;
* ``Board.transform`` / ``Board.color_swapped``, for the symmetries;
* recorded numbers, for the full 4x5 census (slow test).
"""

import functools
import os
import random
import sys

import pytest

import cgt
import konane
from konane import Census, census
from konane.censuses import MAX_CELLS
from konane.errors import CensusError, CensusTypeError, KonaneError, RulesTypeError

from .conftest import raised_in
from .helpers import write_first_format_census

RULES = {"standard": konane.STANDARD, "single": konane.SINGLE_JUMP}

# every code of these is checked against konane.value, under both rule sets
SMALL = [(1, 1), (2, 2), (1, 6), (6, 1), (1, 8), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2),
         (2, 5), (3, 4), (4, 3)]


@functools.cache
def cached(rows, cols, rules="standard"):
    return census(rows, cols, rules=RULES[rules], progress=False)


def picture(rows, cols, code):
    """The position of ``code`` drawn from the start picture: bit k = cell k, row-major from the top."""
    start = konane.Board.start(rows, cols).picture_rows()
    return "/".join("".join(start[r][c] if code >> (r * cols + c) & 1 else "."
                            for c in range(cols)) for r in range(rows))


def fits_start(board):
    """Every stone on a cell where Board.start has a stone of its colour."""
    start = konane.Board.start(board.rows, board.cols)
    return not (board.black_mask & ~start.black_mask) and not (board.white_mask & ~start.white_mask)


# ------------------------------------------------------------------ values

@pytest.mark.parametrize("rules", sorted(RULES))
@pytest.mark.parametrize("rows, cols", SMALL)
def test_every_code_of_small_boards_agrees_with_value(rows, cols, rules):
    # expected: konane.value of the board drawn independently from the start picture
    c = cached(rows, cols, rules)
    assert len(c) == len(c.ids) == 2 ** (rows * cols)
    for code in range(len(c)):
        expected = konane.value(picture(rows, cols, code), rules=RULES[rules], progress=False)
        assert c[code] == expected, (picture(rows, cols, code), rules)


@pytest.mark.parametrize("rows, cols, rules", [(4, 4, "standard"), (3, 5, "standard"),
                                               (4, 4, "single"), (3, 5, "single")])
def test_random_sample_agrees_with_value(rows, cols, rules):
    # expected: konane.value on 200 codes drawn with a fixed seed
    c = cached(rows, cols, rules)
    rng = random.Random(f"{rows}x{cols}-{rules}")
    for code in rng.sample(range(len(c)), 200):
        expected = konane.value(picture(rows, cols, code), rules=RULES[rules], progress=False)
        assert c.value(code) == expected, picture(rows, cols, code)


def test_rules_make_a_difference():
    # expected: worked by hand.  In 'xo.o...' White cannot move; Black's a1-c1 leads to
    # '..xo...' = {0 | 0} = *, and with multi-jumps a1-e1 leads to '....x..' = 0.  So the
    # value is {*, 0 |} = 1 with multi-jumps and {* |} = 0 with single jumps.
    multi, single = census(1, 7), census(1, 7, rules=konane.SINGLE_JUMP)
    assert multi.value("xo.o...") == konane.value("xo.o...") == 1
    assert single.value("xo.o...") == konane.value("xo.o...", rules=konane.SINGLE_JUMP) == 0
    assert census(1, 7, rules=None).ids == multi.ids


# ------------------------------------------------------------------ symmetries

def symmetry_kinds(rows, cols):
    """{k: +1 keeps the colouring, -1 swaps it} for the symmetries k of Board.transform
    that keep the shape, read off Board.start."""
    start = konane.Board.start(rows, cols)
    kinds = {}
    for k in range(8):
        image = start.transform(k)
        if (image.rows, image.cols) != (rows, cols):
            continue
        if image == start:
            kinds[k] = 1
        else:
            assert image == start.color_swapped()
            kinds[k] = -1
    return kinds


def test_which_symmetries_swap_the_colouring():
    # expected: worked by hand from the colouring (r + c + rows - 1) % 2 of Board.start:
    # a left-right mirror changes c by cols - 1 - 2c, so it swaps colours iff cols is even;
    # a top-bottom mirror swaps iff rows is even; the half turn iff rows + cols is odd.
    assert symmetry_kinds(4, 5) == {0: 1, 4: 1, 6: -1, 2: -1}
    assert symmetry_kinds(3, 4) == {0: 1, 4: -1, 6: 1, 2: -1}
    assert symmetry_kinds(4, 4) == {0: 1, 1: -1, 2: 1, 3: -1, 4: -1, 5: 1, 6: -1, 7: 1}
    assert symmetry_kinds(3, 3) == {k: 1 for k in range(8)}


@pytest.mark.parametrize("rows, cols, sample", [(3, 3, None), (2, 4, None), (3, 4, None),
                                                (4, 3, None), (1, 6, None), (4, 4, 3000),
                                                (3, 5, 3000)])
def test_symmetric_positions(rows, cols, sample):
    # expected: the image under Board.transform has the same value if the symmetry keeps
    # the colouring, and the negated value (colours swapped back) if it swaps it
    c = cached(rows, cols)
    kinds = symmetry_kinds(rows, cols)
    codes = range(len(c)) if sample is None else random.Random(1).sample(range(len(c)), sample)
    for code in codes:
        b = c.board(code)
        v = c[code]
        for k, kind in kinds.items():
            image = b.transform(k)
            if kind == 1:
                assert fits_start(image)
                assert c[image] == v
            else:
                assert fits_start(image.color_swapped())
                assert c[image.color_swapped()] == -v


# ------------------------------------------------------------------ codes and boards

@pytest.mark.parametrize("rows, cols", [(2, 3), (3, 4), (1, 5), (5, 1)])
def test_board_and_code_match_the_numbering(rows, cols):
    # expected: pictures drawn from the start picture (bit k = cell k, row-major, top row first)
    c = cached(rows, cols)
    for code in range(len(c)):
        b = konane.Board(picture(rows, cols, code))
        assert c.board(code) == b
        assert c.code(b) == c.code(str(b)) == code
        assert c.value(b) == c.value(str(b)) == c[code] == cgt.Game.from_id(c.ids[code])


def test_a_census_is_a_sequence_of_values():
    c = cached(2, 4)
    assert list(c) == [c[code] for code in range(len(c))]
    assert cgt.star in c and cgt.up not in c


def test_bad_codes_and_boards():
    c = cached(2, 3)
    for bad in (-1, 64):
        with pytest.raises(CensusError, match="census"):
            c.value(bad)
    for bad in (2.0, True, "7"):
        with pytest.raises(CensusTypeError, match="code must be an int"):
            c.board(bad)
    with pytest.raises(CensusTypeError):
        c.value(2.0)
    with pytest.raises(konane.errors.BoardTypeError):
        c.code(7)
    with pytest.raises(CensusError, match=r"'o\.o' is not a position of the 2x3 census: it is 1x3"):
        c.value("o.o")
    with pytest.raises(CensusError, match="off-board cells"):
        c.code("o.#/...")
    with pytest.raises(CensusError, match="stone on a2 has the wrong colour"):
        c.code("x.o/...")
    with pytest.raises(CensusError, match=r"invalid code 64 for the 2x3 census: expected an int in range\(64\)"):
        c.board(64)


# ------------------------------------------------------------------ summaries

@pytest.mark.parametrize("rows, cols", [(3, 3), (3, 4), (4, 4)])
def test_outcomes_and_values_add_up(rows, cols):
    # expected: the counts are a partition of the 2**(rows*cols) codes; each value's
    # outcome from cgt; find() lists exactly the codes of a value
    c = cached(rows, cols)
    n = 2 ** (rows * cols)
    oc = c.outcomes()
    assert list(oc) == list(cgt.Outcome)
    assert sum(oc.values()) == n
    vs = c.values()
    assert sum(vs.values()) == n
    for o in cgt.Outcome:
        assert oc[o] == sum(k for g, k in vs.items() if g.outcome is o)
    g, k = vs.most_common(3)[-1]
    found = list(c.find(g))
    assert len(found) == k and found == sorted(found)
    assert all(c[code] == g for code in found)
    assert list(c.find(str(g))) == found


def test_outcome_counts_on_3x3():
    # expected: counted from konane.value over all 512 codes (independent of the census)
    c = cached(3, 3)
    counts = {o: 0 for o in cgt.Outcome}
    for code in range(512):
        counts[konane.value(picture(3, 3, code), progress=False).outcome] += 1
    assert c.outcomes() == counts
    # the 3x3 board has no symmetry that swaps colours (its centre is Black) and Black
    # has 5 stones to White's 4: Black wins more positions
    assert counts[cgt.Outcome.L] > counts[cgt.Outcome.R]


def test_repr_and_html():
    c = cached(2, 4)
    assert repr(c) == ("konane.census(2, 4, rules=konane.Rules(multi_jump=True, "
                       "opening='standard'))")
    assert eval(repr(c)).ids == c.ids
    h = c._repr_html_()
    assert "<table>" in h and "256 positions" in h and "8 distinct values" in h
    assert "<td>P</td><td style='text-align:right'>130</td>" in h


def test_a_broken_display_hook_returns_none():
    c = Census(2, 3, konane.STANDARD, None)                 # damaged: no table of ids
    assert c._repr_html_() is None


# ------------------------------------------------------------------ arguments

@pytest.mark.parametrize("rows, cols, message", [
    (0, 3, r"census\(0, 3\): rows must be at least 1, got 0"),
    (3, -2, r"census\(3, -2\): cols must be at least 1, got -2"),
    (5, 5, r"census\(5, 5\): a 5x5 board has 25 cells, 2\*\*25 positions; at most 24"),
    (1, 25, r"census\(1, 25\): a 1x25 board has 25 cells"),
])
def test_bad_sizes(rows, cols, message):
    with pytest.raises(CensusError, match=message) as info:
        census(rows, cols)
    assert isinstance(info.value, ValueError) and isinstance(info.value, KonaneError)


@pytest.mark.parametrize("rows, cols, message", [
    (2.0, 3, r"census\(2.0, 3\): rows must be an int, not 2.0 \(float\)"),
    (True, 3, r"census\(True, 3\): rows must be an int, not True \(bool\)"),
    (3, "3", r"census\(3, '3'\): cols must be an int, not '3' \(str\)"),
])
def test_bad_size_types(rows, cols, message):
    with pytest.raises(CensusTypeError, match=message) as info:
        census(rows, cols)
    assert isinstance(info.value, TypeError) and isinstance(info.value, KonaneError)
    assert raised_in(info) == "census"


def test_limits_and_defaults():
    assert MAX_CELLS == 24
    assert census(3).ids == cached(3, 3).ids                # cols defaults to rows
    with pytest.raises(RulesTypeError, match="'single'"):
        census(2, 2, rules="single")
    with pytest.raises(konane.errors.KonaneTypeError, match="progress"):
        census(2, 2, progress="yes")


# ------------------------------------------------------------------ progress and interrupts

def test_progress_bar_counts_every_code(fake_tqdm):
    c = census(4, 4, progress=True)
    (bar,) = fake_tqdm.made
    assert bar.total == bar.n == len(c) == 2 ** 16 and bar.closed
    assert "4x4" in bar.desc
    census(4, 4, progress=False)                            # off: no bar
    census(3, 3, progress=True)                             # small: no bar
    assert len(fake_tqdm.made) == 1


def test_progress_follows_set_progress(fake_tqdm):
    from konane import _progress
    before = _progress._ENABLED
    konane.set_progress(False)
    try:
        census(4, 4)
    finally:
        konane.set_progress(before)
    assert fake_tqdm.made == []


def test_progress_without_tqdm(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)      # import fails
    monkeypatch.setitem(sys.modules, "tqdm", None)
    assert census(4, 4, progress=True).ids == cached(4, 4).ids


def test_interrupted_census_leaves_no_trace(fake_tqdm):
    # expected: a census after a KeyboardInterrupt equals one computed without it
    fake_tqdm.interrupt_at = 20_000
    with pytest.raises(KeyboardInterrupt):
        census(4, 4, rules=konane.SINGLE_JUMP, progress=True)
    assert fake_tqdm.made[0].closed
    fake_tqdm.interrupt_at = None
    assert census(4, 4, rules=konane.SINGLE_JUMP, progress=False).ids == cached(4, 4, "single").ids


# ------------------------------------------------------------------ the full 4x5 census

# Recorded from this module (about 6 s each); a separate brute-force dynamic program over
# the codes, without the symmetry tables, gave the same counts and 25,802 (standard) and
# 27,599 (single jump) distinct values.  L == R because the top-bottom mirror swaps colours.
FULL_4X5 = {
    "standard": ({"P": 110951, "N": 176931, "L": 380347, "R": 380347}, 25802),
    "single": ({"P": 122295, "N": 207871, "L": 359205, "R": 359205}, 27599),
}


@pytest.mark.slow
@pytest.mark.parametrize("rules", sorted(RULES))
def test_full_4x5(rules):
    c = census(4, 5, rules=RULES[rules], progress=False)
    outcomes, distinct = FULL_4X5[rules]
    assert {o.value: n for o, n in c.outcomes().items()} == outcomes
    assert len(c.values()) == distinct
    # expected: konane.value on 300 seeded codes
    rng = random.Random(f"4x5-{rules}")
    for code in rng.sample(range(len(c)), 300):
        expected = konane.value(picture(4, 5, code), rules=RULES[rules], progress=False)
        assert c[code] == expected, picture(4, 5, code)
    # expected: Board.transform, as in test_symmetric_positions
    for code in rng.sample(range(len(c)), 2000):
        b = c.board(code)
        assert c[b.transform(4)] == c[code]
        assert c[b.transform(6).color_swapped()] == -c[code]
        assert c[b.transform(2).color_swapped()] == -c[code]


# ------------------------------------------------------------------ first occurrences

def brute_firsts(c, key):
    """{key(value): first code}, by a plain scan of all codes in smallest-first order."""
    out = {}
    for code in sorted(range(len(c)), key=lambda k: (bin(k).count("1"), k)):
        k = key(c[code])
        if k is not None and k not in out:
            out[k] = code
    return out


@pytest.mark.parametrize("rows, cols", [(2, 4), (3, 3), (3, 4), (1, 8)])
def test_first_occurrences_agree_with_a_scan(rows, cols):
    # expected: a plain scan over all codes sorted by (stones, code), with cgt's predicates
    c = cached(rows, cols)
    assert c.nimbers() == dict(sorted(brute_firsts(c, lambda g: g.nim_value if g.is_nimber else None).items()))
    temps = brute_firsts(c, lambda g: g.temperature)
    assert c.temperatures() == dict(sorted(temps.items()))
    assert list(c.temperatures()) == sorted(temps)
    assert c.firsts(lambda g: g.outcome) == brute_firsts(c, lambda g: g.outcome)
    for g in c.values():
        assert c.first(g) == brute_firsts(c, lambda h, g=g: True if h == g else None)[True]
    hottest = c.hottest(3)
    top = max(temps)
    assert hottest[0][1].temperature == top
    assert [g.temperature for _, g in hottest] == sorted((g.temperature for _, g in hottest), reverse=True)
    assert c.hottest(0) == [] and len(c.hottest(10 ** 6)) == len(c.values())


def test_tinies_are_tinies():
    # expected: cgt.tiny / cgt.miny build the same values; a scan finds the same first codes
    c = cached(3, 4)
    t = c.tinies()
    assert list(t) == [cgt.tiny(1), cgt.miny(1)]
    is_tiny = {cgt.tiny(1), cgt.miny(1)}
    assert t == {g: code for g, code in brute_firsts(c, lambda g: g if g in is_tiny else None).items()}
    assert cached(2, 4).tinies() == {}


@pytest.mark.parametrize("relation, holds", [
    ("=", lambda g, t: g == t), (">=", lambda g, t: g >= t), ("<=", lambda g, t: g <= t),
    (">", lambda g, t: g > t), ("<", lambda g, t: g < t), ("||", lambda g, t: g.is_fuzzy(t))])
def test_first_with_relations(relation, holds):
    # expected: cgt's comparisons of the games, over a scan in smallest-first order
    c = cached(3, 4)
    for target in (0, 1, "*", "{1|0}", "1/2"):
        t = cgt.as_game(target)
        found = brute_firsts(c, lambda g, t=t: True if holds(g, t) else None).get(True)
        assert c.first(target, relation) == found, (target, relation)


def test_bad_relations_and_counts():
    c = cached(2, 3)
    with pytest.raises(konane.errors.SearchError, match="unknown relation '~'"):
        c.first(0, "~")
    with pytest.raises(konane.errors.SearchTypeError, match="relation must be a str"):
        c.first(0, 1)
    with pytest.raises(konane.errors.SearchTypeError, match="count must be an int"):
        c.hottest("2")
    with pytest.raises(konane.errors.SearchError, match="count must be at least 0"):
        c.hottest(-1)


# ------------------------------------------------------------------ save and load

@pytest.mark.parametrize("rows, cols, rules", [(2, 4, "standard"), (3, 4, "single"), (1, 1, "standard")])
def test_save_and_load(tmp_path, rows, cols, rules):
    c = cached(rows, cols, rules)
    path = tmp_path / "c.sqlite"
    c.save(path)
    d = Census.load(path)
    assert (d.rows, d.cols, d.rules) == (c.rows, c.cols, c.rules)
    assert d.ids == c.ids                      # same process: same ids
    c.save(str(path))                          # replaces the file
    assert Census.load(str(path)).ids == c.ids


def test_load_in_a_fresh_process(tmp_path):
    # ids belong to a process: a census loaded elsewhere has the same values
    import subprocess
    c = cached(3, 3)
    path = tmp_path / "c.sqlite"
    c.save(path)
    code = (f"import konane; c = konane.Census.load({str(path)!r}); "
            "print(';'.join(str(g) for g in c))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().split(";") == [str(g) for g in c]


def test_load_errors(tmp_path):
    from konane.errors import CensusFileError
    with pytest.raises(CensusFileError, match="no such file"):
        Census.load(tmp_path / "missing.sqlite")
    text = tmp_path / "text.sqlite"
    text.write_text("not a database at all" * 100)
    with pytest.raises(CensusFileError, match="not a census"):
        Census.load(text)
    cache = tmp_path / "cache.sqlite"
    konane.value("..ox", cache=str(cache))     # an SQLite file of another kind
    konane.clear_caches()
    with pytest.raises(CensusFileError, match="not a census"):
        Census.load(cache)
    with pytest.raises(CensusTypeError, match="path must be a str or a path"):
        Census.load(3)
    with pytest.raises(CensusTypeError, match="path must be a str or a path"):
        cached(2, 2).save(None)
    # a damaged table
    import sqlite3
    good = tmp_path / "good.sqlite"
    cached(2, 3).save(good)
    db = sqlite3.connect(good)
    with db:
        db.execute("UPDATE codes SET ids = x'0000'")
    db.close()
    with pytest.raises(CensusFileError, match="damaged"):
        Census.load(good)
    assert issubclass(CensusFileError, CensusError)


@pytest.mark.parametrize("backend", ["python", "native"])
@pytest.mark.parametrize("text", ["^30000000+{1|0}", "*3000+{1|0}"])
def test_an_old_census_holding_a_value_no_board_has_is_refused_quickly(tmp_path, backend, text):
    """A census of the first format (values as text) holding ``^30000000+{1|0}`` let a
    PanicException out of the native engine, and ``*3000+{1|0}`` took a minute: both sums
    are instant now (a switch plus a number-up-star value has a closed form), and neither
    value can be that of a 2x2 position (born on day 30000003 and 3002: no play on a 2x2
    board lasts more than 4 moves), so the file is refused as damaged.  In a subprocess with
    a memory cap and a time-out that only catches a hang."""
    import subprocess

    if backend == "native" and cgt.ops.NATIVE is None:
        pytest.skip("the native core is not built")
    c = cached(2, 2)
    texts = [str(cgt.Game.from_id(g)) for g in sorted(set(c.ids))]
    texts[0] = text
    path = tmp_path / "old.sqlite"
    write_first_format_census(path, c, texts)
    code = (f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({2048 << 20}, {2048 << 20}))\n"
            "import konane\n"
            "try:\n"
            f"    konane.Census.load({str(path)!r})\n"
            "except konane.CensusFileError as exc:\n"
            "    print(type(exc).__name__, exc)\n")
    env = dict(os.environ, KONANE_CGT_BACKEND=backend)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.startswith("CensusFileError cannot load a census from")
    assert "damaged census file (game 0 is born on day" in r.stdout
    assert "later than any position of a 2x2 board" in r.stdout
