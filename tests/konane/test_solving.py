"""The outcome solver: konane.outcome, konane.solve and konane.Solution.

Expected answers come from independent computations: the exact values of
:func:`konane.value` (itself tested against a brute force in ``test_solver.py``), the
brute force of ``helpers.py``, and the published results of Norvig (2021) and Ernst
(1995).  The native search (``src/konane/wins.rs``) and the pure-Python reference
search (``konane/_kernel/wins.py``) are compared with each other on the same boards, with
several thresholds of the regions settled by values (0: none, the plain search).
"""

import os
import random

import pytest
from hypothesis import given

import cgt
import konane
from konane import BLACK, WHITE, Board
from konane._kernel import native
from konane._kernel import wins as _search
from konane._progress import Progress
from konane.errors import ComputationLimitError
from konane.match import removals

from .helpers import SET, boards, brute, line_with_debris, load_script, random_grid, row_with_gaps

NATIVE = native.available()
BACKENDS = ["python"] + (["native"] if NATIVE else [])
SHAPES = [(1, 9), (2, 5), (3, 4), (4, 4), (3, 5), (2, 7), (5, 5)]


@pytest.fixture(autouse=True)
def fresh_tables():
    """Every test starts with empty transposition tables (the results must not depend on them)."""
    _search.clear()
    native.clear()
    yield


def wins(board, color, rules=konane.STANDARD, backend=None):
    b = Board(board) if isinstance(board, str) else board
    prog = Progress(False, "test")
    return _search.wins(b.key, color is BLACK, rules, prog, prog.tick, _search.Stats(), backend)


def outcome_of(black_first, white_first):
    if black_first:
        return cgt.Outcome.N if white_first else cgt.Outcome.L
    return cgt.Outcome.R if white_first else cgt.Outcome.P


def random_boards(seed, count):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        rows, cols = SHAPES[i % len(SHAPES)]
        if rows == 1 and i % 3 == 0:
            out.append(Board(rng.choice([row_with_gaps, line_with_debris])(rng)))
        else:
            out.append(Board(random_grid(rng, rows, cols, holes=i % 2 == 0)))
    return out


# ---------------------------------------------------------------- against the values

@pytest.mark.parametrize("rules", [konane.STANDARD, konane.SINGLE_JUMP], ids=["standard", "single"])
def test_outcome_equals_value_outcome_on_random_boards(rules):
    konane.set_progress(False)
    for b in random_boards(1 if rules.multi_jump else 2, 1500):
        assert konane.outcome(b, rules=rules) == konane.value(b, rules=rules).outcome, b


@pytest.mark.parametrize("small", [0, 3, 8])
@pytest.mark.parametrize("backend", BACKENDS + (["native-depth-first"] if NATIVE else []))
def test_backends_agree_with_values_for_every_threshold(backend, small, monkeypatch):
    """The plain search (small=0) and the search with values inside, on both backends (the
    native one by proof numbers, its default, and depth-first)."""
    monkeypatch.setattr(_search, "SMALL", small)
    if backend.startswith("native"):
        old = native.wins_configure(small=small, proof_numbers=backend == "native")
        backend = "native"
    try:
        for i, b in enumerate(random_boards(10 + small, 400)):
            rules = konane.STANDARD if i % 2 else konane.SINGLE_JUMP
            v = konane.value(b, rules=rules)
            got = outcome_of(wins(b, BLACK, rules, backend), wins(b, WHITE, rules, backend))
            assert got == v.outcome, (b, rules, v)
    finally:
        if backend == "native":
            native.wins_configure(*old)


def sparse_boards(seed, count):
    """Random 5x6 to 6x6 boards with a stone on about half the cells: groups far apart, where
    the footprint rule splits what the reach rule keeps whole."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        rows, cols = [(5, 6), (6, 6), (4, 8)][i % 3]
        pic = "/".join("".join(rng.choice("xo....") for _ in range(cols)) for _ in range(rows))
        out.append(Board(pic))
    return out


def native_agrees_with_values(boards, **settings):
    """The native search, configured by ``settings`` (``native.wins_configure``'s keywords) in
    fresh tables, finds the outcome of each board's value, under both rules alternately."""
    old = native.wins_configure(**settings)
    try:
        names = ["small", "max_entries", "proof_numbers", "split", "deep"]
        now = dict(zip(names, native.wins_configure(), strict=True))
        assert all(now[k] == v for k, v in settings.items()), (now, settings)
        konane.clear_caches()
        for i, b in enumerate(boards):
            rules = konane.STANDARD if i % 2 else konane.SINGLE_JUMP
            v = konane.value(b, rules=rules)
            got = outcome_of(wins(b, BLACK, rules, "native"), wins(b, WHITE, rules, "native"))
            assert got == v.outcome, (b, rules, v, settings)
    finally:
        native.wins_configure(*old)
        konane.clear_caches()


@pytest.mark.skipif(not NATIVE, reason="the native search is not built")
@pytest.mark.parametrize("split", ["reach", "footprint", "footprint-always"])
def test_every_split_rule_agrees_with_values(split):
    """The native search splits a node by the reach rule (the default) or the footprint rule
    (``benchmarks/bench_search_split.py`` measures them): the same outcomes as the values."""
    native_agrees_with_values(sparse_boards(7, 150), split=split)


@pytest.mark.skipif(not NATIVE, reason="the native search is not built")
@pytest.mark.parametrize("deep", [0, 60, 100, 400])
def test_deep_df_pn_agrees_with_values_for_every_d(deep):
    """Deep df-pn's factor (``D`` a share of the root's stones in percent: 0 plain df-pn,
    60 the default, 400 past every depth) changes the nodes searched, never the winner: the same
    outcomes as the values, no region settled by its value (``small=0``), so that the factor
    varies along every line of play."""
    native_agrees_with_values(random_boards(16, 200), small=0, deep=deep)


@pytest.mark.skipif(not NATIVE, reason="the native search is not built")
def test_a_bad_split_rule_is_refused():
    with pytest.raises(ValueError, match="split must be 'reach', 'footprint' or 'footprint-always'"):
        native.wins_configure(split="regions")
    assert native.wins_configure()[3] == "reach"


@pytest.mark.skipif(not NATIVE, reason="the native search is not built")
def test_native_and_reference_search_agree_on_bigger_boards():
    """Positions a few moves into 5x5 and 4x6 games, beyond the brute force: the two
    searches (independent code, the same algorithm) against each other."""
    rng = random.Random(5)
    for _ in range(12):
        rows, cols = rng.choice([(5, 5), (4, 6)])
        b = Board.start(rows, cols)
        b = b.play_removal(sorted(b.stones(BLACK))[rng.randrange(len(b.stones(BLACK)))])
        color = WHITE
        for _ in range(rng.randint(2, 6)):
            opts = b.options(color)
            if not opts:
                break
            b = rng.choice(opts)
            color = color.opponent
        for c in (BLACK, WHITE):
            assert wins(b, c, backend="native") == wins(b, c, backend="python"), (b, c)


@given(boards())
@SET
def test_outcome_against_brute_force(b):
    assert konane.outcome(b) == brute(b).outcome
    assert konane.outcome(b, rules=konane.SINGLE_JUMP) == brute(b, konane.SINGLE_JUMP).outcome


def test_a_board_that_is_its_own_negative_is_searched_once(monkeypatch):
    """Boards made their own negatives (each row followed by its mirror image in the other
    colour, a board under the mirror left-right; or a picture and its negative turned half a
    turn): one search for the outcome, which is the brute force's (independent; N or P); other
    boards two searches."""
    from konane import solving

    rng = random.Random(38)
    calls = []
    real = solving.wins
    monkeypatch.setattr(solving, "wins", lambda *a, **k: calls.append(a[1]) or real(*a, **k))
    swap = str.maketrans("xo", "ox")
    for i in range(60):
        rows = random_grid(rng, rng.choice([1, 2, 3]), rng.choice([1, 2, 3]), holes=i % 3 == 0).split("/")
        if i % 2:
            b = Board("/".join(r + r[::-1].translate(swap) for r in rows))
        else:
            half = Board("/".join(rows))
            b = Board("/".join(rows + [r[::-1].translate(swap) for r in reversed(rows)]))
            assert b.transform(2).color_swapped() == b and half.rows * 2 == b.rows
        assert b.is_own_negative() and b.color_swapped() != b or not b.stone_count()
        calls.clear()
        o = konane.outcome(b, progress=False)
        assert o == brute(b).outcome and o.value in "NP" and calls == [True], b
    for _ in range(60):
        b = Board(random_grid(rng, 3, 4))
        calls.clear()
        konane.outcome(b, progress=False)
        assert calls == ([True] if b.is_own_negative() else [True, False]), b


def test_long_lines_are_cut_exactly():
    """Long rows (cut exactly, as the value solver does): the search agrees with the values."""
    for k in range(2, 21):
        assert konane.outcome("xo." * k) == konane.value("xo." * k).outcome, k
    rng = random.Random(3)
    for _ in range(60):
        pic = line_with_debris(rng) + line_with_debris(rng)
        assert konane.outcome(pic) == konane.value(pic).outcome, pic


# ---------------------------------------------------------------- the moves

def mover_wins_after(after, mover, rules):
    """Whether ``mover``, having moved to ``after``, wins (the opponent to move loses): by value."""
    v = konane.value(after, rules=rules)
    return v >= 0 if mover is BLACK else v <= 0


@pytest.mark.parametrize("backend", BACKENDS)
def test_winning_moves_win_and_are_all_found(backend, monkeypatch):
    if backend == "python":
        monkeypatch.setattr(native, "available", lambda: False)
    konane.set_progress(False)
    for i, b in enumerate(random_boards(20, 300)):
        rules = konane.STANDARD if i % 3 else konane.SINGLE_JUMP
        for color in (BLACK, WHITE):
            s = konane.solve(b, color, rules=rules, all_moves=True)
            expect = [m for m, after in b.move_options(color, rules) if mover_wins_after(after, color, rules)]
            assert list(s.winning_moves) == expect, (b, color)
            assert (s.winner is color) == bool(expect)
            assert s.move == (expect[0] if expect else None)
            konane.clear_caches()
            one = konane.solve(b, color, rules=rules)
            assert one.winner is s.winner
            assert one.move is None if not expect else one.move in expect


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_tables_know_what_the_search_proved(backend, monkeypatch):
    # before a search the tables know a position only where the values of its regions settle
    # it; after, they know its answer (``known`` never searches: it counts no node)
    if backend == "python":
        monkeypatch.setattr(native, "available", lambda: False)
    prog = Progress(False, "test")
    for i, b in enumerate(random_boards(31, 120)):
        rules = konane.STANDARD if i % 3 else konane.SINGLE_JUMP
        for color in (BLACK, WHITE):
            before = _search.known(b.key, color is BLACK, rules, prog)
            stats = _search.Stats()
            answer = _search.wins(b.key, color is BLACK, rules, prog, prog.tick, stats)
            assert before in (None, answer), (b, color)
            if before is None:
                assert stats.positions > 0
            assert _search.known(b.key, color is BLACK, rules, prog) is answer, (b, color)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_winning_move_costs_no_search_beyond_the_answer(backend, monkeypatch):
    # the search that proves Black wins proves one of Black's moves winning: solve names it
    # from the table (it tried Black's moves in legal order before, proving each losing one
    # lost: 9,184 nodes in all here against 314 for the answer, natively).  The 5x5 opening
    # c3 c2; the winning moves are those of every=True (checked against the values in
    # test_winning_moves_win_and_are_all_found).  One thread: the nodes of two threads vary.
    if backend == "python":
        monkeypatch.setattr(native, "available", lambda: False)
    b = Board("xoxox/oxoxo/xo.ox/ox.xo/xoxox")
    prog = Progress(False, "test", threads=1)
    stats = _search.Stats()
    assert _search.wins(b.key, True, konane.STANDARD, prog, prog.tick, stats)
    konane.clear_caches()
    s = konane.solve(b, BLACK, threads=1)
    assert s.positions == stats.positions
    assert s.move in konane.solve(b, BLACK, all_moves=True).winning_moves


@pytest.mark.parametrize("n", [4, 5])
def test_norvig_openings(n):
    """Norvig (2021): with both stones removed and Black to move, White wins 4x4 and Black
    5x5, for the corner and the centre openings: on 4x4 White has a winning reply to every
    first removal (both replies win after a corner removal), on 5x5 every pair of removals
    is a win for Black.  Each answer is checked against the exact value too."""
    start = Board.start(n)
    for r1 in removals(start, BLACK):
        b1 = start.play_removal(r1.source)
        white_wins = []
        for r2 in removals(b1, WHITE, hole=r1.source):
            b2 = b1.play_removal(r2.source)
            s = konane.solve(b2, BLACK)
            assert s.winner is (BLACK if mover_wins_after(b2, WHITE, konane.STANDARD) is False else WHITE)
            if s.winner is WHITE:
                assert s.move is None
                white_wins.append(r2)
            else:
                assert mover_wins_after(b2.play(s.move), BLACK, konane.STANDARD)
        if n == 4:
            assert white_wins, r1
            if r1.source in konane.match.corner_cells(n, n):
                assert len(white_wins) == 2
        else:
            assert not white_wins, r1


@pytest.mark.slow
@pytest.mark.skipif(not NATIVE, reason="the native search is not built")
def test_norvig_6x6_corner_and_centre_openings():
    """Norvig (2021): White wins 6x6 with Black to move, for the corner and the centre openings:
    White has a winning reply to every first removal (both replies after a corner removal;
    after the centre removal c3, c4 and d3 win and b3, c2 lose)."""
    start = Board.start(6)
    for r1 in removals(start, BLACK):
        b1 = start.play_removal(r1.source)
        white = {str(r2) for r2 in removals(b1, WHITE, hole=r1.source)
                 if konane.solve(b1.play_removal(r2.source), BLACK).winner is WHITE}
        assert white, r1
        if str(r1) == "a1":
            assert white == {"a2", "b1"}
        if str(r1) == "c3":
            assert white == {"c4", "d3"}


def test_known_values():
    """Ernst (1995): ``.ox./o..x/....`` is +-1, ``..ox`` is 1, ``.ox.`` is *."""
    assert konane.outcome("..ox") is cgt.Outcome.L
    assert konane.outcome(".ox.") is cgt.Outcome.N
    s = konane.solve(".ox./o..x/....", "o", all_moves=True)
    assert s.winner is WHITE and [str(m) for m in s.winning_moves] == ["b3-d3"]
    s = konane.solve("xo", "o")
    assert s.winner is BLACK and s.move is None and s.winning_moves == ()


def test_match_and_board_and_picture_agree():
    m = konane.Match(Board.start(4))
    m.push("a1")
    m.push("b1")
    assert konane.outcome(m) == konane.outcome(m.board) == konane.outcome(str(m.board))


# ---------------------------------------------------------------- limits

@pytest.mark.parametrize("backend", BACKENDS)
def test_limits_raise_and_leave_the_tables_valid(backend, monkeypatch):
    if backend == "python":
        monkeypatch.setattr(native, "available", lambda: False)
    b = Board.start(5).play_removal("c3").play_removal("b3")
    with pytest.raises(ComputationLimitError) as info:
        konane.solve(b, BLACK, max_positions=50)
    assert info.value.limit == "max_positions"
    # the limits are checked every few thousand positions: a board that takes many more
    with pytest.raises(ComputationLimitError) as info:
        konane.solve(Board.start(6).play_removal("c3").play_removal("c4"), BLACK, time=1e-9)
    assert info.value.limit == "time"
    # the next calls are right
    assert konane.outcome(".ox./o..x/....") is cgt.Outcome.N
    for x in random_boards(30, 40):
        assert konane.outcome(x) == konane.value(x).outcome
    assert konane.solve(b, BLACK).winner is BLACK


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_interrupt_at_a_check_leaves_the_tables_valid(backend, monkeypatch):
    """Ctrl-C arrives as KeyboardInterrupt from the check (signal handlers run there)."""
    if backend == "python":
        monkeypatch.setattr(native, "available", lambda: False)
    calls = []

    def interrupted(self, n):
        calls.append(n)
        raise KeyboardInterrupt

    b = Board.start(5).play_removal("c3").play_removal("b3")
    with monkeypatch.context() as m:
        m.setattr(Progress, "tick", interrupted)
        with pytest.raises(KeyboardInterrupt):
            konane.solve(b, BLACK)
    assert calls
    for x in random_boards(31, 40):
        assert konane.outcome(x) == konane.value(x).outcome
    assert konane.solve(b, BLACK).winner is BLACK


def test_limits_on_outcome():
    b = Board.start(5).play_removal("c3").play_removal("b3")
    with pytest.raises(ComputationLimitError):
        konane.outcome(b, max_positions=10)
    assert konane.outcome(b) == konane.value(b).outcome


# ---------------------------------------------------------------- the Solution value

def test_solution_is_a_frozen_value_with_a_readable_repr():
    s = konane.solve(".ox./o..x/....", BLACK)
    with pytest.raises(AttributeError):
        s.winner = WHITE
    assert s.proved and s.wins and s.to_move is BLACK and s.board == Board(".ox./o..x/....")
    assert s.positions >= 0 and s.settled_by_values >= 0 and s.seconds >= 0
    assert "winner=konane.BLACK" in repr(s) and "c3-a3" in repr(s)
    assert "Black to move wins" in s.summary()
    lost = konane.solve("xo", WHITE)
    assert "White to move loses" in lost.summary()


def test_repr_pretty():
    class P:
        def __init__(self):
            self.out = []

        def text(self, t):
            self.out.append(t)

    p = P()
    konane.solve("..ox", BLACK)._repr_pretty_(p, False)
    assert "Black to move wins" in p.out[0]


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("call, error", [
    (lambda: konane.solve("xo", "z"), konane.errors.PlayerError),
    (lambda: konane.solve("xo", 3), konane.errors.PlayerTypeError),
    (lambda: konane.solve(123, "x"), konane.errors.BoardTypeError),
    (lambda: konane.outcome("x?o"), konane.BoardParseError),
    (lambda: konane.outcome("xo", rules="standard"), konane.errors.RulesTypeError),
    (lambda: konane.solve("xo", "x", time=-1), konane.errors.KonaneValueError),
    (lambda: konane.solve("xo", "x", time="1s"), konane.errors.KonaneTypeError),
    (lambda: konane.solve("xo", "x", all_moves=1), konane.errors.KonaneTypeError),
    (lambda: konane.solve("xo", "x", max_positions=-1), konane.errors.KonaneValueError),
    (lambda: konane.outcome("xo", max_memory="big"), konane.errors.KonaneTypeError),
    (lambda: konane.outcome("xo", progress="yes"), konane.errors.KonaneTypeError),
])
def test_bad_input_raises_the_library_errors(call, error):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, (TypeError, ValueError))


# ---------------------------------------------------------------- the research scripts

@pytest.mark.parametrize("extra", [[], ["--depth-first", "--fresh"]])
def test_solve_openings_script(tmp_path, extra, capsys):
    """scripts/solve_openings.py on the small boards: the table, the summaries and the JSON."""
    import json

    mod = load_script("scripts", "solve_openings")
    out = tmp_path / "openings.json"
    old = native.wins_configure() if NATIVE else None
    try:
        assert mod.main(["--sizes", "4,5", "--narrow", "1:9", "--json", str(out)] + extra) == 0
    finally:
        if old is not None:
            native.wins_configure(*old)
    doc = json.loads(out.read_text(encoding="utf-8"))
    games = {b["board"]: b["game"] for b in doc["boards"]}
    assert games["4x4"] == "White" and games["5x5"] == "Black"
    assert [n for n in range(2, 10) if games[f"1x{n}"] == "Black"] == [5, 9]
    assert all(o["winner"] in ("Black", "White") for b in doc["boards"] for o in b["openings"])
    printed = capsys.readouterr().out
    assert "4x4: White wins the game" in printed and "wrote" in printed


def test_solve_openings_script_keeps_the_openings_of_a_stopped_run(tmp_path, monkeypatch):
    """A run stopped by Ctrl-C (here at its third opening) leaves its file with the two openings
    solved, marked incomplete and with no verdict, which --hints reads; a run that ends marks
    it complete."""
    import json

    mod = load_script("scripts", "solve_openings")
    out = tmp_path / "openings.json"
    real, calls = mod.solve_opening, []

    def stopped_at_the_third(task, searched=lambda row: None):
        calls.append(task)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(task, searched)

    monkeypatch.setattr(mod, "solve_opening", stopped_at_the_third)
    with pytest.raises(KeyboardInterrupt):
        mod.main(["--sizes", "4", "--json", str(out), "--quiet"])
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["complete"] is False and list(tmp_path.iterdir()) == [out]
    (board,) = doc["boards"]
    assert board["board"] == "4x4" and len(board["openings"]) == 2 and "game" not in board
    # Norvig (2021): White wins every opening of 4x4
    assert [o["winner"] for o in board["openings"]] == ["White", "White"]
    tasks = [(4, 4, r1, r2, b2, None, False, None, None, None) for r1, r2, b2 in mod.openings(4, 4)]
    hinted = mod.hinted(tasks, str(out))
    assert sorted(map(str, hinted)) == sorted(map(str, tasks))
    first = {o["opening"] for o in board["openings"]}
    assert {f"{t[2]} {t[3]}" for t in hinted if f"{t[2]} {t[3]}" in first} == first
    monkeypatch.setattr(mod, "solve_opening", real)
    assert mod.main(["--sizes", "4", "--json", str(out), "--quiet"]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["complete"] is True


def test_solve_openings_script_first_wins_and_certifies(tmp_path, capsys):
    """--first-win stops at White's first winning reply after each first removal, --hints puts
    the replies an earlier run found winning first, --certify writes and checks the certificate
    of each settled board.  Norvig (2021): White wins 4x4 (every reply of the corner and the
    centre openings wins), Black wins 5x5."""
    import json

    mod = load_script("scripts", "solve_openings")
    full, out = tmp_path / "full.json", tmp_path / "first.json"
    assert mod.main(["--sizes", "4", "--json", str(full), "--quiet"]) == 0
    assert mod.main(["--sizes", "4,5", "--first-win", "--hints", str(full), "--certify", str(tmp_path / "certs"),
                     "--json", str(out)]) == 0
    boards = {b["board"]: b for b in json.loads(out.read_text(encoding="utf-8"))["boards"]}
    four, five = boards["4x4"], boards["5x5"]
    # one reply tried a first removal on 4x4 (each wins; the replies equal to it by a symmetry of
    # the board are counted won as well); every reply on 5x5 (none wins)
    assert len(four["openings"]) == len(four["removals"]) == 4
    assert all(v["winner"] == "White" and v["white_replies"] for v in four["removals"])
    assert len(five["openings"]) == len(mod.openings(5, 5))
    twins = [o for b in (four, five) for o in b["openings"] if "same_as" in o]
    assert twins and all(o["move"] is None and not {"certificate", "split"} & set(o) for o in twins)
    for board, winner in ((four, "White"), (five, "Black")):
        assert board["game"] == winner
        cert = board["certificate"]
        assert cert["winner"] == winner and cert["nodes"] > 0
        report = konane.verify_certificate(cert["path"])
        assert report.winner.long_name == winner and report.phase == "first removal"
    assert "certified" in capsys.readouterr().out
    # the hints: a reply marked winning goes first among the replies to its first removal
    tasks = [(4, 4, r1, r2, b2, None, False, None, None, None) for r1, r2, b2 in mod.openings(4, 4)]
    second = tasks[1]
    assert second[2] == tasks[0][2]
    hints = tmp_path / "hints.json"
    hints.write_text(json.dumps({"boards": [{"board": "4x4", "openings": [
        {"opening": f"{second[2]} {second[3]}", "winner": "White", "seconds": 1.0}]}]}), encoding="utf-8")
    order = mod.hinted(tasks, str(hints))
    assert order[0] is second and order[1] is tasks[0] and order[2:] == tasks[2:]


def test_solve_openings_script_claims_nothing_of_the_openings_not_run(tmp_path):
    """--openings runs only the openings named; an opening solved counts for its images under the
    symmetries of the board and for no other: a first removal is Black's only when every reply
    was solved (or is the image of one solved), the game White's only when every removal was.
    Norvig (2021): White wins 4x4 after every opening, so a1 a2 settles a1 and d4 (its image
    under the half turn; one winning reply is enough) but neither b2 nor c3, nor the game; Black
    wins 5x5 after every opening, and a1 a2 settles a1 (its other reply, b1, is the image of a2
    under the diagonal reflection), so the game.  On 4x5 (no diagonal reflection) a Black win
    after a1 a2 settles nothing (hand check of the rule on an invented row)."""
    import json
    import shlex

    mod = load_script("scripts", "solve_openings")
    out = tmp_path / "some.json"
    args = ["--sizes", "4,5", "--openings", " a1  a2", "--json", str(out), "--quiet"]
    assert mod.main(args) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert shlex.split(doc["command"]) == ["python", "scripts/solve_openings.py", *args]   # a command to rerun
    boards = {b["board"]: b for b in doc["boards"]}
    for board in boards.values():
        assert [o["opening"] for o in board["openings"]] == ["a1 a2"]
    assert boards["4x4"]["removals"] == [{"removal": "a1", "winner": "White", "white_replies": ["a2", "b1"]},
                                         {"removal": "d4", "winner": "White", "white_replies": ["c4", "d3"]}]
    assert boards["4x4"]["game"] is None
    assert boards["5x5"]["openings"][0]["winner"] == "Black"
    assert {"removal": "a1", "winner": "Black", "white_replies": []} in boards["5x5"]["removals"]
    assert boards["5x5"]["game"] == "Black"
    assert mod.verdicts(4, 5, [{"opening": "a1 a2", "winner": "Black"}])["removals"] == [
        {"removal": "a1", "winner": None, "white_replies": []}, {"removal": "e1", "winner": None, "white_replies": []}]
    assert mod.verdicts(4, 5, [{"opening": "a1 a2", "winner": "Black"}])["game"] is None
    with pytest.raises(SystemExit):
        mod.main(["--sizes", "4", "--openings", "z9 z8"])


def test_solve_openings_script_certifies_a_game_one_opening_at_a_time(tmp_path):
    """--certify writes each opening's certificate and joins those in its folder, earlier runs'
    included, once they settle the game: 4x4 from a1 b1 in one run and b2 c2 in the next (White
    wins after both, and the other removals are their images; Norvig 2021)."""
    import json

    mod = load_script("scripts", "solve_openings")
    certs, out = tmp_path / "certs", tmp_path / "run.json"
    assert mod.main(["--sizes", "4", "--openings", "a1 b1", "--certify", str(certs), "--json", str(out),
                     "--quiet"]) == 0
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    assert board["certificate"]["path"] is None and "b2, c3" in board["certificate"]["why"]
    (part,) = board["certificate"]["parts"]
    assert part["path"].endswith("4x4-a1-b1.cert") and part["winner"] == "White" and part["nodes"] > 0
    assert not (certs / "4x4.cert").exists()
    assert mod.main(["--sizes", "4", "--openings", "b2 c2", "--certify", str(certs), "--json", str(out),
                     "--quiet"]) == 0
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    cert = board["certificate"]
    assert cert["path"] == str(certs / "4x4.cert") and cert["parts"] == 2 and cert["winner"] == "White"
    report = konane.verify_certificate(cert["path"])
    assert report.winner is WHITE and report.phase == "first removal" and report.nodes == cert["nodes"]


def test_solve_openings_script_merges_its_runs_into_one_data_file(tmp_path):
    """--merge FILE puts each run into one data file: 4x4 solved one opening a run (a1 b1, then
    b2 c2, each certified) gives the file of two runs whose verdicts are those of one run of every
    opening (computed here; White wins 4x4 after every opening, Norvig 2021), the openings equal to
    a solved one by a symmetry marked ``same_as`` (a1 a2 is a1 b1 reflected in the diagonal), and
    the game's certificate of the second run.  A later run stopped by its limit does not replace
    a solved row."""
    import json

    mod = load_script("scripts", "solve_openings")
    certs, data, whole = tmp_path / "certs", tmp_path / "openings.json", tmp_path / "whole.json"
    for opening in ("a1 b1", "b2 c2"):
        assert mod.main(["--sizes", "4", "--openings", opening, "--certify", str(certs), "--merge", str(data),
                         "--quiet"]) == 0
    assert mod.main(["--sizes", "4", "--json", str(whole), "--quiet"]) == 0
    doc = json.loads(data.read_text(encoding="utf-8"))
    (every,) = json.loads(whole.read_text(encoding="utf-8"))["boards"]
    assert [r["command"].split("--openings ")[1].split(" --")[0] for r in doc["runs"]] == ["'a1 b1'", "'b2 c2'"]
    assert doc["rules"].startswith("standard")
    (board,) = doc["boards"]
    assert board["game"] == every["game"] == "White"
    assert [(r["removal"], r["winner"]) for r in board["removals"]] == [
        (r["removal"], r["winner"]) for r in every["removals"]]
    rows = {r["opening"]: r for r in board["openings"]}
    assert (rows["a1 b1"]["run"], rows["b2 c2"]["run"]) == (0, 1)
    assert rows["a1 a2"]["same_as"] == "a1 b1" and rows["a1 a2"]["winner"] == "White"
    assert "certificate" in rows["a1 b1"] and "certificate" not in rows["a1 a2"]
    assert set(rows) <= {f"{r1} {r2}" for r1, r2, _ in mod.openings(4, 4)}
    assert all(rows[o]["winner"] == w for o, w in ((o["opening"], o["winner"]) for o in every["openings"])
               if o in rows)
    assert board["certificate"]["run"] == 1 and board["certificate"]["winner"] == "White"
    assert konane.verify_certificate(board["certificate"]["path"]).winner is WHITE
    stopped = {"board": "4x4", "openings": [{"board": "4x4", "opening": "a1 b1", "winner": None, "limit": "time"}]}
    again = mod.merge(doc, [stopped], {"command": "a run stopped by its limit"})
    assert len(again["runs"]) == 3 and again["boards"] == doc["boards"]


def test_solve_openings_script_stops_at_ctrl_c_and_keeps_what_it_solved(tmp_path, monkeypatch):
    """Ctrl-C during a search (KeyboardInterrupt raised by the second search, as the signal
    does) stops the run after the opening in progress: its row says ``limit: interrupt``, no
    later opening is searched, no certificate is joined, and the run ends as one stopped by
    its limits: exit 130, ``--json`` not complete, and ``--merge`` keeps the opening solved
    before (White wins 4x4 a1 b1, Norvig 2021).  The same with ``--split`` (the opening's row
    from the captures searched before)."""
    import json

    mod = load_script("scripts", "solve_openings")
    real, searches = konane.solve, []

    def solve(*args, **kwargs):
        if kwargs.get("certificate") is None:
            searches.append(args[0])
            if len(searches) == 2:
                raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(konane, "solve", solve)
    certs, data, out = tmp_path / "certs", tmp_path / "openings.json", tmp_path / "run.json"
    assert mod.main(["--sizes", "4", "--certify", str(certs), "--merge", str(data), "--json", str(out),
                     "--quiet"]) == 130
    assert len(searches) == 2
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    assert json.loads(out.read_text(encoding="utf-8"))["complete"] is False
    first, second = board["openings"]
    assert (first["winner"], second["winner"], second["limit"]) == ("White", None, "interrupt")
    assert "certificate" in first and sorted(p.name for p in certs.iterdir()) == [
        f"4x4-{first['opening'].replace(' ', '-')}.cert"]
    doc = json.loads(data.read_text(encoding="utf-8"))
    assert doc["runs"][0]["complete"] is False
    rows = {r["opening"]: r for r in doc["boards"][0]["openings"]}
    assert rows[first["opening"]]["winner"] == "White" and rows[second["opening"]]["limit"] == "interrupt"
    # split: the first capture searched (b2 a2: b4-b2, which White wins), the second (d2-b2)
    # interrupted, the opening not settled
    searches.clear()
    assert mod.main(["--sizes", "4", "--openings", "b2 a2", "--split", "--json", str(out), "--quiet"]) == 130
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    (row,) = board["openings"]
    assert (row["winner"], row["limit"]) == (None, "interrupt")
    assert [c["winner"] for c in row["split"]] == ["White", None] and len(searches) == 2


def test_solve_openings_script_splits_an_opening_at_black_s_captures(tmp_path):
    """--split solves an opening as the positions after each capture of Black, one search and
    one certificate each, and stops at the first that Black wins: 4x4 a1 b1 (White wins it,
    Norvig 2021: every capture of Black) and 5x5 a1 a2 and a1 b1 (Black wins them, Norvig
    2021: one capture is enough),
    each row the sum of its searches; the 4x4 game certified from the split a1 b1 and b2 c2
    whole, joined through the captures."""
    import json

    mod = load_script("scripts", "solve_openings")
    certs, out = tmp_path / "certs", tmp_path / "run.json"
    assert mod.main(["--sizes", "4,5", "--openings", "a1 b1,a1 a2", "--split", "--certify", str(certs),
                     "--json", str(out), "--quiet"]) == 0
    four, five = json.loads(out.read_text(encoding="utf-8"))["boards"]
    (row,) = [o for o in four["openings"] if o["opening"] == "a1 b1"]
    a1b1 = Board.start(4).play_removal("a1").play_removal("b1")
    captures = [str(m) for m, _ in a1b1.move_options(BLACK)]
    assert row["winner"] == "White" and [c["capture"] for c in row["split"]] == captures
    assert all(c["winner"] == "White" for c in row["split"])
    assert row["positions"] == sum(c["positions"] for c in row["split"])
    for c in row["split"]:
        assert c["certificate"]["path"] == str(certs / f"4x4-a1-b1-{c['capture']}.cert")
        report = konane.verify_certificate(c["certificate"]["path"])
        assert report.winner is WHITE and report.to_move is WHITE
    (row,) = [o for o in five["openings"] if o["opening"] == "a1 a2"]
    assert row["winner"] == "Black" and len(row["split"]) == 1 and row["move"] == row["split"][0]["capture"]
    # 5x5: a1 a2 and a1 b1 (Black wins both, the only replies to a1) settle the game
    assert five["certificate"]["winner"] == "Black"
    assert konane.verify_certificate(five["certificate"]["path"]).winner is BLACK
    assert mod.main(["--sizes", "4", "--openings", "b2 c2", "--certify", str(certs), "--json", str(out),
                     "--quiet"]) == 0
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    cert = board["certificate"]
    # the parts: a1 b1's and a1 a2's captures (one each) and b2 c2
    assert cert["path"] == str(certs / "4x4.cert") and cert["parts"] == 3
    assert konane.verify_certificate(cert["path"]).winner is WHITE


def test_solve_openings_script_splits_an_opening_two_captures_deep(tmp_path, capsys):
    """--split 2: each capture of Black split again at White's replies, one search and one
    certificate for each position two captures deep (``RxC-r1-r2-CAPTURE-CAPTURE.cert``), the
    rows nested; the same winners as the whole searches (4x4 and 5x5, Norvig 2021: White wins
    4x4, Black 5x5), each split position its mover's once one of its captures is and the
    opponent's once all are (checked against konane.solve of the position, independently);
    the game's certificate joined from the parts two captures deep, checked by the reference
    code; each search two captures deep printed as it ends (not with --quiet); the JSON written
    into a folder the run makes."""
    import json

    mod = load_script("scripts", "solve_openings")
    whole, out, certs = tmp_path / "whole.json", tmp_path / "new" / "split.json", tmp_path / "certs"
    assert mod.main(["--sizes", "4,5", "--json", str(whole), "--quiet"]) == 0
    assert mod.main(["--sizes", "4", "--split", "2", "--quiet"]) == 0
    assert "wins (" not in capsys.readouterr().out
    assert mod.main(["--sizes", "4,5", "--split", "2", "--certify", str(certs), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    boards = json.loads(out.read_text(encoding="utf-8"))["boards"]
    expected = json.loads(whole.read_text(encoding="utf-8"))["boards"]
    for board, other in zip(boards, expected, strict=True):
        assert [(o["opening"], o["winner"]) for o in board["openings"]] == [
            (o["opening"], o["winner"]) for o in other["openings"]]
        assert board["game"] == other["game"] == ("White" if board["board"] == "4x4" else "Black")
        assert konane.verify_certificate(board["certificate"]["path"]).winner.long_name == board["game"]
    deep = 0
    for board in boards:
        n = int(board["board"].split("x")[0])
        for o in (o for o in board["openings"] if "same_as" not in o):
            b2 = Board.start(n).play_removal(o["opening"].split()[0]).play_removal(o["opening"].split()[1])
            options = dict((str(m), a) for m, a in b2.move_options(BLACK))
            for c in o["split"]:
                after = options[c["capture"]]
                assert c["winner"] == konane.solve(after, WHITE).winner.long_name
                if "same_as" in c:
                    assert "split" not in c and c["move"] is None
                    continue
                replies = [str(m) for m, _ in after.move_options(WHITE)]
                tried = [x["capture"] for x in c["split"]]
                if c["winner"] == "White":      # tried until White wins one
                    assert tried == replies[:len(tried)] and c["split"][-1]["winner"] == "White"
                    assert c["move"] == tried[-1]
                else:                           # every reply, each Black's
                    assert tried == replies and all(x["winner"] == "Black" for x in c["split"])
                for x in c["split"]:
                    if "same_as" not in x:
                        stem = f"{board['board']}-{o['opening'].replace(' ', '-')}"
                        cert = certs / f"{stem}-{c['capture']}-{x['capture']}.cert"
                        assert x["certificate"]["path"] == str(cert) and cert.exists()
                        assert (f"{board['board']} {o['opening']}, {c['capture']} {x['capture']}: "
                                f"{x['winner']} wins ({x['positions']:,} positions") in printed
                        deep += 1
                assert c["positions"] == sum(x["positions"] for x in c["split"] if "same_as" not in x)
    assert deep >= 10
    with pytest.raises(SystemExit):
        mod.main(["--sizes", "4", "--split", "-1"])


def test_solve_openings_script_runs_each_search_on_the_threads_given(tmp_path, monkeypatch):
    """--threads N: every konane.solve of the run (the searches and the certificates' writing,
    whole and split) gets threads=N; without it, konane's setting (threads=None); the winners
    are those of the default run."""
    import json

    mod = load_script("scripts", "solve_openings")
    real, seen = konane.solve, []

    def recording(*args, **kw):
        seen.append(kw.get("threads"))
        return real(*args, **kw)

    monkeypatch.setattr(mod.konane, "solve", recording)
    runs = {}
    for extra in ([], ["--threads", "1"], ["--threads", "2", "--split"]):
        seen.clear()
        out = tmp_path / f"{len(extra)}.json"
        assert mod.main(["--sizes", "4", "--certify", str(tmp_path / f"c{len(extra)}"), "--json", str(out),
                         "--quiet", *extra]) == 0
        expected = int(extra[1]) if extra else None
        assert seen and set(seen) == {expected}
        runs[len(extra)] = [(o["opening"], o["winner"])
                            for o in json.loads(out.read_text(encoding="utf-8"))["boards"][0]["openings"]]
    assert runs[0] == runs[2] == runs[3]


def test_a_split_opening_searches_a_capture_equal_to_an_earlier_one_by_a_symmetry_once(tmp_path):
    """--split: after c1 c2 on 3x5, Black's captures a1-c1 and e1-c1 leave positions that are
    mirror images (the reflection in the c file): e1-c1 is not searched, its row is a1-c1's
    result marked ``same_as`` (no certificate of its own, its figures not counted twice), and
    a1-c1's proof, joined from the opening, proves it too (the join follows the symmetry).  Who
    wins: White after both captures (computed here by konane.solve, and by the checked joined
    certificate)."""
    import json

    mod = load_script("scripts", "solve_openings")
    b2 = Board.start(3, 5).play_removal("c1").play_removal("c2")
    assert mod.capture_twins(b2) == [None, 0]
    assert [konane.solve(after, WHITE).winner for _, after in b2.move_options(BLACK)] == [WHITE, WHITE]
    certs, out = tmp_path / "certs", tmp_path / "run.json"
    assert mod.main(["--sizes", "3x5", "--openings", "c1 c2", "--split", "--certify", str(certs),
                     "--json", str(out), "--quiet"]) == 0
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    (row,) = board["openings"]
    first, twin = row["split"]
    assert (first["capture"], twin["capture"], twin["same_as"]) == ("a1-c1", "e1-c1", "a1-c1")
    assert row["winner"] == first["winner"] == twin["winner"] == "White" and "certificate" not in twin
    assert row["positions"] == first["positions"] > 0
    assert sorted(p.name for p in certs.glob("3x5-c1-c2-*.cert")) == ["3x5-c1-c2-a1-c1.cert"]
    joined = tmp_path / "c1c2.cert"
    konane.join_certificates(b2, [certs / "3x5-c1-c2-a1-c1.cert"], joined, to_move=BLACK)
    report = konane.verify_certificate(joined)
    assert report.winner is WHITE and report.to_move is BLACK


def test_a_split_opening_with_a_capture_stopped_by_a_limit_is_unsettled(tmp_path, monkeypatch):
    """--split: a capture whose search stops at a limit leaves the opening unsettled (its row
    says which limit) while the other captures are still searched: 5x5 c3 d3 (three captures
    of Black, each winning: Black wins the opening, Norvig 2021) with its first capture's search
    stopped, Black wins by the second."""
    import json

    mod = load_script("scripts", "solve_openings")
    real = mod.konane.solve
    first = Board.start(5).play_removal("c3").play_removal("d3").move_options(BLACK)[0][1]

    def limited(position, *args, **kw):
        if position == first:
            raise konane.ComputationLimitError("konane.solve stopped at time", limit="time")
        return real(position, *args, **kw)

    monkeypatch.setattr(mod.konane, "solve", limited)
    out = tmp_path / "run.json"
    assert mod.main(["--sizes", "5", "--openings", "c3 d3", "--split", "--json", str(out), "--quiet"]) == 0
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    (row,) = board["openings"]
    assert row["split"][0]["winner"] is None and row["split"][0]["limit"] == "time"
    assert row["winner"] == "Black" and row["move"] == row["split"][1]["capture"] and len(row["split"]) == 2
    # every capture stopped: unsettled, with the limit
    monkeypatch.setattr(mod.konane, "solve", lambda *a, **kw: (_ for _ in ()).throw(
        konane.ComputationLimitError("stopped", limit="max_memory")))
    assert mod.main(["--sizes", "5", "--openings", "c3 d3", "--split", "--json", str(out), "--quiet"]) == 0
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    (row,) = board["openings"]
    assert row["winner"] is None and row["limit"] == "max_memory" and len(row["split"]) == 3


def test_a_split_row_stopped_by_ctrl_c_says_so_whatever_stopped_a_capture_before():
    """--split: a row whose captures stopped at a limit and then by Ctrl-C is a row stopped by
    Ctrl-C (a rerun searches it again), not by the first capture's limit; without Ctrl-C it
    names the first limit.  The 5x5 opening c3 d3: Black has three captures (Norvig 2021)."""
    mod = load_script("scripts", "solve_openings")
    position = Board.start(5).play_removal("c3").play_removal("d3")
    (a, _), (b, _), (c, _) = position.move_options(BLACK)
    stopped = {"winner": None, "positions": 10, "seconds": 1.0, "rss_mb": None}
    lost = dict(stopped, winner="White")
    rows = [dict(stopped, capture=str(a), limit="time"), dict(lost, capture=str(b)),
            dict(stopped, capture=str(c), limit="interrupt")]
    row = mod.split_row(position, BLACK, rows)
    assert (row["winner"], row["limit"], row["positions"]) == (None, "interrupt", 30)
    row = mod.split_row(position, BLACK, rows[:2])
    assert (row["winner"], row["limit"]) == (None, "time")
    row = mod.split_row(position, BLACK, [lost, lost, lost])
    assert (row["winner"], "limit" in row) == ("White", False)


def test_solve_openings_script_gives_the_writer_what_the_search_left_of_the_memory(tmp_path, monkeypatch):
    """--max-memory-gb bounds an opening's search and its certificate together: the writer's call
    gets the limit less what the process grew during the search (measured by the resident memory,
    here made up: 1 GiB before, 1.75 GiB after), so the two cannot grow it by twice the limit; a
    search that used it all leaves the writer nothing, and the certificate is recorded as stopped.
    The time limit bounds each (the writer searches again what the table dropped)."""
    mod = load_script("scripts", "solve_openings")
    real, limits, times = mod.konane.solve, [], []
    readings = iter([2**30, 2**30 + 3 * 2**28, 2**30, 2**30 + 2**31])

    def recorded(*args, **kw):
        limits.append((kw.get("certificate") is not None, kw["max_memory"]))
        times.append(kw.get("time"))
        return real(*args, **kw)

    monkeypatch.setattr(mod.konane, "solve", recorded)
    monkeypatch.setattr(mod, "resident_memory", lambda: next(readings))
    b2 = Board.start(4).play_removal("a1").play_removal("b1")
    row = mod.search(b2, BLACK, 30.0, 2**30, None, None, str(tmp_path / "a.cert"), lambda r: None)
    assert limits == [(False, 2**30), (True, 2**28)] and row["winner"] == "White" and "certificate" in row
    assert times == [30.0, 30.0]
    row = mod.search(b2, BLACK, None, 2**30, None, None, str(tmp_path / "b.cert"), lambda r: None)
    assert limits[2:] == [(False, 2**30), (True, 0)]
    assert row["winner"] == "White" and row["certificate_stopped"]["limit"] == "max_memory"
    assert not (tmp_path / "b.cert").exists()


def test_solve_openings_script_records_a_certificate_stopped_by_a_limit(tmp_path, monkeypatch):
    """An opening's certificate that outgrows the limits is recorded as stopped (the opening's
    result stays), no file is left, and the game is not certified; a run stopped by Ctrl-C
    while it writes one keeps the search's result in its file, the certificate stopped by the
    interrupt (exit 130)."""
    import json

    mod = load_script("scripts", "solve_openings")
    real = mod.konane.solve

    def limited(*args, **kw):
        if kw.get("certificate") is not None:
            raise konane.ComputationLimitError("konane.solve stopped at max_memory", limit="max_memory")
        return real(*args, **kw)

    monkeypatch.setattr(mod.konane, "solve", limited)
    certs, out = tmp_path / "certs", tmp_path / "run.json"
    assert mod.main(["--sizes", "4", "--openings", "a1 b1", "--certify", str(certs), "--json", str(out),
                     "--quiet"]) == 0
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    (row,) = board["openings"]
    assert row["winner"] == "White" and row["certificate_stopped"]["limit"] == "max_memory"   # Norvig (2021)
    assert "certificate" not in row and list(certs.iterdir()) == []
    assert board["certificate"]["path"] is None and board["certificate"]["parts"] == []

    # stopped by Ctrl-C while it writes the certificate: the search's result is in the file
    def interrupted(*args, **kw):
        if kw.get("certificate") is not None:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(mod.konane, "solve", interrupted)
    out.unlink()
    assert mod.main(["--sizes", "4", "--openings", "a1 b1", "--certify", str(certs), "--json", str(out),
                     "--quiet"]) == 130
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["complete"] is False
    assert [(o["opening"], o["winner"], o["certificate_stopped"]["limit"]) for o in doc["boards"][0]["openings"]
            ] == [("a1 b1", "White", "interrupt")]
    assert "certificate" not in doc["boards"][0] and list(certs.iterdir()) == []


@pytest.mark.skipif(not NATIVE, reason="the reference search keeps no proved results in a cache")
def test_solve_openings_script_resumes_from_its_cache(tmp_path):
    """--cache FILE keeps the proved results: the same opening solved again in a process whose
    tables were emptied starts from them and searches fewer positions, with the same winner
    (Norvig (2021): Black wins 5x5 after a1 a2)."""
    import json

    mod = load_script("scripts", "solve_openings")
    cache, first, second = tmp_path / "proofs.sqlite", tmp_path / "first.json", tmp_path / "second.json"
    runs = []
    for out in (first, second):
        konane.clear_caches()
        assert mod.main(["--sizes", "5", "--openings", "a1 a2", "--cache", str(cache), "--json", str(out),
                         "--quiet"]) == 0
        (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
        runs.append(board["openings"][0])
    assert [r["winner"] for r in runs] == ["Black", "Black"]
    assert runs[1]["positions"] < runs[0]["positions"]
    konane.clear_caches()


@pytest.mark.parametrize("backend", BACKENDS)
def test_clear_caches_empties_the_search_tables(backend):
    """konane.clear_caches() drops the proved results of both searches (they are refilled on
    demand: the next answer is the same, here the 4x4 corner opening, won by White (Norvig))."""
    b = Board.start(4).play_removal("a1").play_removal("a2")
    assert wins(b, BLACK, backend=backend) is False
    size = (lambda: native.wins_info()["entries"]) if backend == "native" else _search.table_size
    assert size() > 0
    konane.clear_caches()
    assert size() == 0
    assert wins(b, BLACK, backend=backend) is False


def test_narrow_setups_gaps_by_hand():
    """Uiterwijk's four setups as scripts/narrow_setups.py places them (its docstring's
    conventions, checked by hand on a picture of each board)."""
    mod = load_script("scripts", "narrow_setups")
    assert mod.gap(3, 8, "horizontal corner") == ("a1", "b1")
    assert mod.gap(3, 8, "vertical corner") == ("a1", "a2")
    assert mod.gap(3, 8, "horizontal middle") == ("d2", "e2")      # row 2 of 3; columns 4, 5 of 8
    assert mod.gap(3, 7, "horizontal middle") == ("d2", "e2")      # the middle column 4 and its right
    assert mod.gap(4, 5, "horizontal middle") == ("c2", "d2")      # the lower middle row of 4
    assert mod.gap(4, 5, "vertical middle") == ("c2", "c3")        # column 3 of 5; rows 2, 3 of 4
    assert mod.gap(3, 8, "vertical middle") == ("d2", "d3")        # the left middle column of 8; row 2 and above
    assert not mod.exists(1, 9, "vertical corner") and mod.exists(1, 9, "horizontal middle")
    # the start with Black on a1, the picture's bottom row being row 1
    assert mod.board(3, 4, "horizontal corner") == konane.Board("xoxo/oxox/..xo")
    assert mod.board(2, 4, "vertical corner") == konane.Board(".xox/.oxo")


def test_narrow_setups_outcome_of_the_two_proofs_by_hand():
    """The outcome class from the two sides' checked proofs (the definitions of L, R, N, P),
    and for a side stopped, what stopped it: Ctrl-C over a limit of the other side."""
    mod = load_script("scripts", "narrow_setups")
    black, white = {"winner": "Black"}, {"winner": "White"}
    assert mod.proved_outcome({"x": black, "o": white}) == ("N", None)      # each first wins
    assert mod.proved_outcome({"x": white, "o": black}) == ("P", None)      # each first loses
    assert mod.proved_outcome({"x": black, "o": black}) == ("L", None)
    assert mod.proved_outcome({"x": white, "o": white}) == ("R", None)
    assert mod.proved_outcome({"x": {"stopped": "time"}, "o": white}) == (None, "time")
    assert mod.proved_outcome({"x": {"stopped": "max_memory"},
                               "o": {"stopped": "interrupt"}}) == (None, "interrupt")
    assert mod.proved_outcome({"x": {"stopped": "interrupt"}}) == (None, "interrupt")


@pytest.mark.skipif(not native.available(), reason="the native core is not built")
def test_narrow_setups_bounds_a_boards_searches_together():
    """``--max-memory-gb`` holds for a board's searches together: each gets what the process may
    still grow by since the board began, the tables emptied first where less than a quarter is
    left (the searches count their own growth each, and the first one's tables stay)."""
    from konane._progress import resident_memory
    mod = load_script("scripts", "narrow_setups")
    assert mod.room(None, 0) is None and mod.room(1000, None) == 1000
    now = resident_memory()
    assert 10**12 - 10**8 < mod.room(10**12, now) <= 10**12      # grown by less than 100 MB since
    konane.solve(Board.start(5).play_removal("c3").play_removal("b3"), BLACK, threads=1)
    assert native.wins_info()["entries"] > 0
    # a process grown by 1 GB past a limit of 4000 bytes: the tables emptied, a quarter given
    assert mod.room(4000, now - 10**9) == 1000
    assert native.wins_info()["entries"] == 0


def test_narrow_setups_certificates_are_written_within_the_time_of_a_search(tmp_path, monkeypatch):
    """Each side's search and proof are bounded by ``--limit-seconds``: the 3 x 32 vertical middle
    board's second proof ran past 49 minutes with no limit after its search had settled in 504 s.
    A side stopped by the time says so; the other is still written."""
    mod = load_script("scripts", "narrow_setups")
    real, seen = konane.solve, []

    def solve(*args, **kwargs):
        seen.append(kwargs.get("time"))
        if args[1] is konane.BLACK:
            raise konane.ComputationLimitError("stopped by the time", limit="time", positions=10)
        return real(*args, **kwargs)

    monkeypatch.setattr(konane, "solve", solve)
    # (2 x 4 horizontal corner: not its own negative, so each side is searched)
    out = mod.certify(mod.board(2, 4, "horizontal corner"), str(tmp_path), "2x4", limit=7.5, threads=1)
    assert seen == [7.5, 7.5]
    assert out["x"]["stopped"] == "time" and out["o"]["winner"] in ("Black", "White")


def test_narrow_setups_proves_a_board_that_is_its_own_negative_by_one_search(tmp_path, monkeypatch):
    """4 x 6 horizontal middle is its own negative (the mirror left-right exchanges its colours):
    one search, Black's; White's proof is Black's negated and checked, and its winner is the
    one a search with White to move finds (run here before the count); where Black's search
    stops, White's stops with it.  4 x 5 is not its own negative: two searches."""
    mod = load_script("scripts", "narrow_setups")
    b = mod.board(4, 6, "horizontal middle")
    expected = konane.solve(b, konane.WHITE, progress=False).winner.long_name
    real, seen = konane.solve, []

    def solve(*args, **kwargs):
        seen.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(konane, "solve", solve)
    out = mod.certify(b, str(tmp_path), "4x6", threads=1)
    assert seen == [konane.BLACK] and out["o"]["negative_of"] == "x" and out["o"]["winner"] == expected
    assert out["o"]["nodes"] > 1 and sorted(os.listdir(tmp_path)) == ["4x6-o.cert", "4x6-x.cert"]
    out = mod.certify(mod.board(4, 5, "horizontal middle"), str(tmp_path), "4x5", threads=1)
    assert seen[1:] == [konane.BLACK, konane.WHITE] and "negative_of" not in out["o"]
    # Black's search stopped by its limit: White's, the same search, is not run
    seen.clear()

    def stopped(*args, **kwargs):
        seen.append(args[1])
        raise konane.ComputationLimitError("stopped by the time", limit="time", positions=10)

    monkeypatch.setattr(konane, "solve", stopped)
    out = mod.certify(b, str(tmp_path / "stopped"), "4x6", threads=1, limit=5.0)
    assert seen == [konane.BLACK] and out["x"]["stopped"] == "time"
    assert out["o"]["negative_of"] == "x" and out["o"]["stopped"] == "time"
    assert mod.proved_outcome(out) == (None, "time")


def test_narrow_setups_script_keeps_the_boards_of_a_stopped_run(tmp_path, monkeypatch):
    """Ctrl-C (KeyboardInterrupt raised by the fourth search, as the signal does) stops the run
    at the board in progress: exit 130, the file with the boards it solved merged into what the
    file held, the board in progress unsettled (``stopped: interrupt``), no later board or
    table searched, and no temporary file.  A later run stopped by a limit on a solved board leaves
    its row solved."""
    import json

    mod = load_script("scripts", "narrow_setups")
    out = tmp_path / "narrow.json"
    assert mod.main(["--rows", "2:4", "--setups", "vertical middle", "--threads", "1", "--json", str(out)]) == 0
    real, calls = konane.outcome, []

    def stopped_at_the_fourth(*args, **kwargs):
        calls.append(args[0])
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(konane, "outcome", stopped_at_the_fourth)
    assert mod.main(["--rows", "3:3-9,4:4-5", "--setups", "vertical middle", "--threads", "1",
                     "--json", str(out)]) == 130
    assert len(calls) == 4
    doc = json.loads(out.read_text(encoding="utf-8"))
    tables = {t["rows"]: t["setups"] for t in doc["tables"]}
    assert [r["n"] for r in tables[2]["vertical middle"]["boards"]] == [2, 3, 4]
    assert [(r["n"], r["run"], r.get("stopped")) for r in tables[3]["vertical middle"]["boards"]] == [
        (3, 1, None), (4, 1, None), (5, 1, None), (6, 1, "interrupt")]
    assert 4 not in tables
    assert len(doc["runs"]) == 2 and list(tmp_path.iterdir()) == [out]
    monkeypatch.setattr(konane, "outcome", real)
    monkeypatch.setattr(mod, "outcome", lambda *args: (None, 0.0, "time"))
    assert mod.main(["--rows", "3:5-5", "--setups", "vertical middle", "--json", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    (row,) = [r for r in doc["tables"][1]["setups"]["vertical middle"]["boards"] if r["n"] == 5]
    assert (row["outcome"], row["run"]) == ("P", 1) and len(doc["runs"]) == 3


def test_narrow_setups_script_says_which_limit_stopped_a_board(tmp_path):
    """A board not settled within the limits is written unsettled, with the limit that stopped it."""
    import json

    from konane._kernel import native

    mod = load_script("scripts", "narrow_setups")
    out = tmp_path / "narrow.json"
    flags = [(["--limit-seconds", "0.01"], "time"), (["--max-memory-gb", "0.00001"], "max_memory")]
    if native.available():
        before = native.wins_configure()[1]
        flags.append((["--limit-seconds", "0.01", "--max-entries-millions", "1"], "time"))
    try:
        for flag, limit in flags:
            assert mod.main(["--rows", "4:9-10", "--setups", "horizontal middle", "--threads", "1", *flag,
                             "--json", str(out)]) == 0
            doc = json.loads(out.read_text(encoding="utf-8"))
            rows = doc["tables"][0]["setups"]["horizontal middle"]["boards"]
            assert [(r["n"], r["outcome"], r["stopped"]) for r in rows] == [(9, None, limit)]   # the column stops
        if native.available():
            assert native.wins_configure()[1] == 1_000_000
    finally:
        if native.available():
            native.wins_configure(max_entries=before)


def test_narrow_setups_certified_outcomes_are_those_of_the_proofs(tmp_path, monkeypatch):
    """With --certify no search of the outcome runs first: each side's search writes its proof
    right after it, and the board's outcome is the one the two checked proofs give, the same
    as the searches' outcomes of a run without proofs (3 x 3 to 3 x 6, two setups)."""
    import json

    mod = load_script("scripts", "narrow_setups")
    argv = ["--rows", "3:3-6", "--setups", "vertical corner,horizontal middle", "--threads", "1"]
    assert mod.main(argv + ["--json", str(tmp_path / "search.json")]) == 0

    def no_outcome(*args, **kwargs):
        raise AssertionError("konane.outcome called with --certify")

    monkeypatch.setattr(konane, "outcome", no_outcome)
    assert mod.main(argv + ["--certify", str(tmp_path / "certs"), "--json", str(tmp_path / "proofs.json")]) == 0
    runs = [json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))["tables"][0]["setups"]
            for name in ("search", "proofs")]
    for setup in ("vertical corner", "horizontal middle"):
        searched, proved = (run[setup]["boards"] for run in runs)
        assert [r["outcome"] for r in proved] == [r["outcome"] for r in searched] and len(proved) == 4
        for r in proved:
            assert all(r["certificates"][side]["nodes"] > 0 for side in ("x", "o"))


def test_narrow_setups_script_records_a_certificate_stopped_by_a_limit(tmp_path, monkeypatch):
    """A proof that cannot be written within the limits is recorded as stopped (the limit named):
    here the solve with White to move made to fail, from 3 x 3 of one setup.  Black's proof is
    written and verified as usual; the board's outcome needs both proofs, so it is unsettled, the
    row says which limit stopped it, and the column stops there."""
    import json

    mod = load_script("scripts", "narrow_setups")
    real = konane.solve

    def white_stopped(b, color, **kw):
        if color is konane.WHITE and "certificate" in kw:
            raise konane.ComputationLimitError("stopped here", limit="max_memory")
        return real(b, color, **kw)

    monkeypatch.setattr(mod.konane, "solve", white_stopped)
    out = tmp_path / "narrow.json"
    assert mod.main(["--rows", "3:3-4", "--setups", "vertical corner", "--threads", "1",
                     "--certify", str(tmp_path / "certs"), "--json", str(out)]) == 0
    rows = json.loads(out.read_text(encoding="utf-8"))["tables"][0]["setups"]["vertical corner"]["boards"]
    assert [(r["n"], r["outcome"], r["stopped"]) for r in rows] == [(3, None, "max_memory")]
    (r,) = rows
    assert r["certificates"]["o"]["stopped"] == "max_memory"
    # the error's message kept: what refused, for the next run's settings
    assert r["certificates"]["o"]["why"] == "stopped here" and "why" not in r["certificates"]["x"]
    assert r["certificates"]["x"]["nodes"] > 0 and r["certificates"]["x"]["winner"] in ("Black", "White")


def test_narrow_setups_script_keeps_blacks_proof_while_whites_runs(tmp_path, monkeypatch):
    """With --certify and --json the file is written once Black's proof is checked too: while
    White's side runs, the board's row is unsettled, ``"stopped": "in progress"``, with Black's
    checked proof (what a kill then leaves); at the end the row is the board's result (3 x 3 and
    3 x 4 vertical corner, P by the proofs: Uiterwijk's 3 x n column)."""
    import json

    mod = load_script("scripts", "narrow_setups")
    real = konane.solve
    out = tmp_path / "narrow.json"
    seen = []

    def white_looks(b, color, **kw):
        if color is konane.WHITE and "certificate" in kw:
            seen.append(json.loads(out.read_text(encoding="utf-8"))["tables"][0]["setups"]["vertical corner"])
        return real(b, color, **kw)

    monkeypatch.setattr(mod.konane, "solve", white_looks)
    assert mod.main(["--rows", "3:3-4", "--setups", "vertical corner", "--threads", "1",
                     "--certify", str(tmp_path / "certs"), "--json", str(out)]) == 0
    assert len(seen) == 2
    for n, entry in zip((3, 4), seen, strict=True):
        *before, row = entry["boards"]
        assert [r["n"] for r in before] == list(range(3, n)) and row["n"] == n
        assert (row["outcome"], row["stopped"], set(row["certificates"])) == (None, "in progress", {"x"})
        assert row["certificates"]["x"]["winner"] == "White" and row["certificates"]["x"]["nodes"] > 0
    rows = json.loads(out.read_text(encoding="utf-8"))["tables"][0]["setups"]["vertical corner"]["boards"]
    assert [(r["n"], r["outcome"], "stopped" in r) for r in rows] == [(3, "P", False), (4, "P", False)]


def test_narrow_setups_script_certifies_split_at_the_first_captures(tmp_path):
    """--certify --split: no whole search; each proof written as those of the positions after
    each first capture, joined from the position (konane.join_certificates with to_move=), and
    the board's outcome the one the two checked proofs give; the same winners and outcomes as
    the whole searches and their proofs (3 x 4 to 3 x 6, three setups), each checked by the
    reference code; where the mover wins, the captures are tried only until one wins; a capture
    whose position is the image of an earlier one's (3 x 5 vertical middle: a3-c3 and e3-c3 for
    Black, mirror images) is not solved again, and the join proves it by the earlier proof."""
    import json

    mod = load_script("scripts", "narrow_setups")
    runs = {}
    for how in ("whole", "split"):
        out = tmp_path / f"{how}.json"
        assert mod.main(["--rows", "3:4-6", "--setups", "vertical corner,horizontal middle,vertical middle",
                         "--threads", "1",
                         "--certify", str(tmp_path / how), "--json", str(out)] + (["--split"] if how == "split" else [])
                        ) == 0
        runs[how] = json.loads(out.read_text(encoding="utf-8"))["tables"][0]["setups"]
    checked, twins, negatives = 0, 0, 0
    for setup, entry in runs["split"].items():
        for row, whole in zip(entry["boards"], runs["whole"][setup]["boards"], strict=True):
            assert row["outcome"] == whole["outcome"] is not None      # the split proofs' outcome, no search
            b = mod.board(3, row["n"], setup)
            for side, color in (("x", BLACK), ("o", WHITE)):
                cert, other = row["certificates"][side], whole["certificates"][side]
                assert cert["winner"] == other["winner"] and cert["nodes"] > 0
                if "negative_of" in cert:       # a board that is its own negative: Black's proof negated
                    assert side == "o" and "negative_of" in other
                    negatives += 1
                    continue
                captures = [c["capture"] for c in cert["split"]]
                every = [str(m) for m, _ in b.move_options(color)]
                after = dict((str(m), a) for m, a in b.move_options(color))
                stem = f"3x{row['n']}-{setup.replace(' ', '-')}-{side}"
                for c in cert["split"]:
                    part = tmp_path / "split" / f"{stem}-{c['capture']}.cert"
                    if "same_as" in c:
                        assert after[c["capture"]].normalized() == after[c["same_as"]].normalized()
                        assert not part.exists()
                        twins += 1
                    else:
                        assert part.exists()
                if cert["winner"] == color.long_name:       # tried until one wins
                    assert captures == every[:len(captures)] and cert["split"][-1]["winner"] == color.long_name
                else:
                    assert captures == every
                report = konane.verify_certificate(tmp_path / "split" / f"{stem}.cert")
                assert report.winner.long_name == cert["winner"] and report.board == b and report.to_move is color
                checked += 1
    # 3 x 5 vertical middle, one twin a side; 3 x 4 and 3 x 6 horizontal middle, their own negatives
    assert checked >= 12 and twins == 2 and negatives == 2
    with pytest.raises(SystemExit):
        mod.main(["--rows", "3:4-4", "--split"])            # the proofs need a folder


def test_narrow_setups_split_board_stopped_by_a_limit_is_unsettled(tmp_path, monkeypatch):
    """--certify --split: a first capture's search stopped by its limit leaves the board
    unsettled, its row saying which limit, and the column stops there; each side's report names
    the capture whose search stopped (the first capture of 3 x 4 vertical corner, by the board's
    moves) and the limit."""
    import json

    mod = load_script("scripts", "narrow_setups")

    def stopped(*args, **kw):
        raise konane.ComputationLimitError("konane.solve stopped", limit="time")

    monkeypatch.setattr(mod.konane, "solve", stopped)
    out = tmp_path / "narrow.json"
    assert mod.main(["--rows", "3:4-5", "--setups", "vertical corner", "--certify", str(tmp_path / "certs"),
                     "--split", "--json", str(out)]) == 0
    (table,) = json.loads(out.read_text(encoding="utf-8"))["tables"]
    (row,) = table["setups"]["vertical corner"]["boards"]
    assert (row["n"], row["outcome"], row["stopped"]) == (4, None, "time")
    b = mod.board(3, 4, "vertical corner")
    for side, color in (("x", BLACK), ("o", WHITE)):
        report = row["certificates"][side]
        first = str(next(iter(b.move_options(color)))[0])
        assert report["stopped"] == "time"
        assert [(c["capture"], c["winner"], c["stopped"]) for c in report["split"]] == [(first, None, "time")]


def test_narrow_setups_script(tmp_path, capsys):
    """scripts/narrow_setups.py on small boards: every outcome equal to that of the board's
    exact value (konane.value, an independent computation), the hand arguments on 2 x n (a
    horizontal gap leaves the full row frozen: 2 x n is 1 x n; a vertical gap makes rows G and
    -G: P), the families tool's pattern, and certificates that the reference code verifies."""
    import json

    mod = load_script("scripts", "narrow_setups")
    out = tmp_path / "narrow.json"
    assert mod.main(["--rows", "1:13,2:13,3:6", "--threads", "1", "--json", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    tables = {t["rows"]: t["setups"] for t in doc["tables"]}
    seen = 0
    for rows, setups in tables.items():
        for setup, entry in setups.items():
            for row in entry["boards"]:
                b = mod.board(rows, row["n"], setup)
                if rows * row["n"] <= 18:
                    assert row["outcome"] == konane.value(b).outcome.name, (rows, row["n"], setup)
                    seen += 1
    assert seen > 40
    one = {s: {r["n"]: r["outcome"] for r in e["boards"]} for s, e in tables[1].items()}
    two = {s: {r["n"]: r["outcome"] for r in e["boards"]} for s, e in tables[2].items()}
    assert set(one) == {"horizontal corner", "horizontal middle"}        # 1 x n: no vertical gap
    for setup in one:
        assert two[setup] == one[setup], setup
    assert set(two["vertical corner"].values()) == set(two["vertical middle"].values()) == {"P"}
    assert tables[1]["horizontal middle"]["pattern"].startswith("period 4")
    assert "1xn horizontal middle, n = 2..13" in capsys.readouterr().out
    # a second run extends the file: its boards in place, its command added to the runs
    assert mod.main(["--rows", "3:7-9", "--setups", "vertical middle", "--threads", "1", "--json", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [r["command"].split()[-1] for r in doc["runs"]] == [str(out), str(out)]
    three = {t["rows"]: t["setups"] for t in doc["tables"]}[3]
    assert [(r["n"], r["run"]) for r in three["vertical middle"]["boards"]] == [(3, 0), (4, 0), (5, 0), (6, 0),
                                                                                 (7, 1), (8, 1), (9, 1)]
    assert three["vertical middle"]["checked"] == [3, 9] and three["horizontal corner"]["checked"] == [3, 6]
    # the certificates: written and checked by the reference code for both players
    certs, out = tmp_path / "certs", tmp_path / "certified.json"
    assert mod.main(["--rows", "3:5", "--threads", "1", "--certify", str(certs), "--json", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    # the winner with Black moving first, and with White moving first: the outcome class
    proved = {("Black", "Black"): "L", ("White", "White"): "R", ("Black", "White"): "N", ("White", "Black"): "P"}
    for entry in doc["tables"][0]["setups"].values():
        for row in entry["boards"]:
            black, white = row["certificates"]["x"], row["certificates"]["o"]
            assert proved[black["winner"], white["winner"]] == row["outcome"], row
            assert black["nodes"] > 0 and white["nodes"] > 0
    assert len(list(certs.iterdir())) == 2 * sum(len(e["boards"]) for e in doc["tables"][0]["setups"].values())


def test_research_scripts_show_the_searches_progress_on_request(tmp_path, monkeypatch, capsys):
    """``--progress`` on both research scripts: each search writes its progress (here standard error
    is a log: lines; one at every check) and without it nothing."""
    from konane import _progress

    monkeypatch.setattr(_progress, "DELAY", 0.0)
    monkeypatch.setattr(_progress, "LOG_EVERY", 0.0)
    monkeypatch.setattr(_progress, "can_draw_bar", lambda: False)
    openings = load_script("scripts", "solve_openings")
    narrow = load_script("scripts", "narrow_setups")
    runs = [(openings, "konane solve: ", ["--sizes", "6", "--openings", "a1 a2", "--threads", "1"]),
            (narrow, "konane outcome: ", ["--rows", "4:8-8", "--setups", "horizontal corner", "--threads", "1"])]
    old = native.wins_configure() if NATIVE else None
    try:
        for mod, head, args in runs:
            konane.clear_caches()
            assert mod.main(args + ["--progress"]) == 0
            lines = capsys.readouterr().err.splitlines()
            assert lines and all(line.startswith(head) and " positions in " in line for line in lines)
            assert any(line.startswith(head + "ended after ") for line in lines)
            konane.clear_caches()
            assert mod.main(args) == 0
            assert capsys.readouterr().err == ""
    finally:
        if old is not None:
            native.wins_configure(*old)
