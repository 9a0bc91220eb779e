"""Tests of the command line interface konane.cli."""

import io
import os
import re
import signal
import subprocess
import sys
import time

import pytest

import cgt
import konane
import konane.cli
from konane import Board
from konane.cli import EXAMPLES, main, parse_board, parse_memory

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_show(capsys):
    code, out, err = run(["show", "x.o./#ox."], capsys)
    assert code == 0 and err == ""
    assert out.splitlines()[:3] == ["2 x . o .", "1 # o x .", "  a b c d"]


def test_show_start_size(capsys):
    code, out, _ = run(["show", "6x6"], capsys)
    assert code == 0
    assert out.splitlines()[5] == "1 x o x o x o"
    assert "18 stones, 0 moves" in out


def test_moves(capsys):
    code, out, _ = run(["moves", "xo.o.o.", "--player", "x"], capsys)
    assert code == 0
    assert out.splitlines() == ["a1-c1", "a1-e1", "a1-g1", "3 moves for Black (x)"]


def test_moves_white_and_single_jump(capsys):
    code, out, _ = run(["moves", "..xo", "-p", "o"], capsys)
    assert out.splitlines() == ["d1-b1", "1 move for White (o)"]
    code, out, _ = run(["moves", "xo.o.o.", "--single-jump"], capsys)
    assert out.splitlines() == ["a1-c1", "1 move for Black (x)"]
    code, out, _ = run(["--single-jump", "moves", "xo.o.o."], capsys)
    assert out.splitlines() == ["a1-c1", "1 move for Black (x)"]
    code, out, _ = run(["moves", "ox.x.", "--player", "right"], capsys)
    assert out.splitlines() == ["a1-c1", "a1-e1", "2 moves for White (o)"]


def test_moves_none(capsys):
    code, out, _ = run(["moves", "8x8"], capsys)
    assert code == 0 and out.splitlines() == ["0 moves for Black (x)"]


@pytest.mark.parametrize("argv, message", [
    (["show", "x.q"], "unknown character 'q'"),
    (["moves", "x.o/.ox."], "ragged board picture"),
    (["moves", "x.o", "--player", "red"], "unknown player 'red'"),
    (["play", "--size", "big"], "invalid board size 'big'"),
])
def test_bad_input(argv, message, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and message in err and err.startswith("konane: error: ")


def test_parse_board():
    assert parse_board("6x6") == Board.start(6) and parse_board(" 9X13 ") == Board.start(9, 13)
    assert parse_board("..ox") == Board("..ox")


# --------------------------------------------------------------------------
# play
# --------------------------------------------------------------------------


def test_play_terminates_at_eof(capsys, monkeypatch):
    code, out, _ = run(["play", "--size", "4x4", "--seed", "1"], capsys, "", monkeypatch)
    assert code == 0 and "end of input" in out
    assert "4 o x o x" in out


def test_play_scripted_session(capsys, monkeypatch):
    script = "zz\nb2\nmoves\nc3\nundo\n\nquit\n"
    code, out, _ = run(["play", "--size", "4x4", "--opponent", "random", "--seed", "3"],
                       capsys, script, monkeypatch)
    assert code == 0
    assert "invalid move notation 'zz'" in out           # bad notation: asked again
    assert "White (o) plays" in out                      # the computer answered b2
    assert "illegal move 'c3': removals are allowed only in the opening" in out
    after_undo = out.split("Black (x) capture> ")[-1]
    assert "4 o x o x\n3 x o x o\n2 o x o x\n1 x o x o" in after_undo  # back to the start
    assert out.rstrip().endswith("game abandoned.")


def test_play_illegal_move_is_reported_and_asked_again(capsys, monkeypatch):
    # as White: the computer (Black) removes first; 'a1' is never legal for White
    code, out, _ = run(["play", "--size", "6x6", "--human", "o", "--seed", "0"],
                       capsys, "a1\n", monkeypatch)
    assert code == 0
    assert "Black (x) plays" in out
    assert "illegal move 'a1': White must remove one of its own stones" in out
    assert "end of input" in out


@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize("size", ["4x4", "6x6", "5x7"])
def test_computer_against_itself_finishes(opponent, size, capsys):
    code, out, _ = run(["play", "--size", size, "--human", "none", "--opponent", opponent,
                        "--seed", "11"], capsys)
    assert code == 0
    last = out.rstrip().splitlines()[-1]
    assert "has no move:" in last and "wins after" in last


def test_play_is_deterministic_with_a_seed(capsys):
    argv = ["play", "--human", "none", "--opponent", "random", "--seed", "5"]
    _, first, _ = run(argv, capsys)
    _, second, _ = run(argv, capsys)
    assert first == second


# --------------------------------------------------------------------------
# the outcome printed (from the value) against a game-tree search, python -m konane
# --------------------------------------------------------------------------


def brute_outcome(b):
    """The outcome class by a plain game-tree search, independent of the values."""
    def wins(board, player):
        other = "o" if player == "x" else "x"
        return any(not wins(o, other) for o in board.options(player))
    first_black, first_white = wins(b, "x"), wins(b, "o")
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (first_black, first_white)]


@pytest.mark.parametrize("picture", ["..ox", ".ox.", ".xoxox.", "x..o", "xo.", ".ox./o..x/...."])
def test_printed_outcome_against_a_game_tree_search(picture, capsys):
    b = Board(picture)
    code, out, err = run(["value", picture], capsys)
    assert code == 0, err
    assert f"outcome: {brute_outcome(b)} (" in out
    assert konane.value(b).outcome.value == brute_outcome(b)


def test_examples_list():
    assert len(EXAMPLES) == 6
    pictures = [str(b) for _, b in EXAMPLES]
    assert "....oxxoox..oxxxxo...." in pictures
    assert ".ox.\no..x\n...." in pictures
    four = EXAMPLES[-1][1]
    assert four.stone_count("x") == four.stone_count("o") == 7


def test_python_dash_m(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "konane", "moves", "xo.", "-p", "x"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == ["a1-c1", "1 move for Black (x)"]


def test_value_subcommand(capsys):
    code, out, err = run(["value", "..ox"], capsys)
    assert code == 0, err
    assert "value:   1" in out and "outcome: L (Black, Left, wins whoever starts)" in out
    code, out, err = run(["value", "x..o"], capsys)
    assert code == 0 and "outcome: P (the second player wins)" in out
    code, out, err = run(["value", "--single-jump", "xo.o."], capsys)
    assert code == 0 and "value:   0" in out          # {* | } = 0; with multi-jumps: 1


def test_default_prints_the_examples(capsys):
    code, out, err = run([], capsys)
    assert code == 0, err
    assert out.count("value:") == len(EXAMPLES)
    assert "    ....oxxoox..oxxxxo...." in out
    assert f"value:   {konane.value(Board('....oxxoox..oxxxxo....'))}" in out


# --------------------------------------------------------------------------
# who wins: solve and outcome; the version; removals in BOARD
# --------------------------------------------------------------------------


def test_version(capsys):
    code, out, err = run(["--version"], capsys)
    assert code == 0 and err == ""
    assert re.fullmatch(r"konane-cgt \S+, on the (native core|pure-Python engine \(no native core\))\n", out)


def test_solve_both_players(capsys):
    # .ox./o..x/.... is +-1 (Ernst 1995): whoever moves first wins, Black by c3-a3, White by
    # b3-d3 (each player's only winning move, also found by the game-tree search below)
    code, out, err = run(["solve", ".ox./o..x/...."], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:4] == ["3 . o x .", "2 o . . x", "1 . . . .", "  a b c d"]
    assert lines[4] == "Black (x) to move: Black wins, by c3-a3 (a winning move; --all gives every one)"
    assert lines[5] == "White (o) to move: White wins, by b3-d3 (a winning move; --all gives every one)"


def test_solve_one_player_all_moves_and_a_loss(capsys):
    code, out, _ = run(["solve", ".ox./o..x/....", "--to-move", "o", "--all"], capsys)
    assert code == 0 and out.splitlines()[-1] == "White (o) to move: White wins, by b3-d3 (every winning move)"
    # Norvig (2021): on 4x4 after the removals a1 and b1, White wins with Black to move
    code, out, _ = run(["solve", "4x4:a1,b1", "-p", "x"], capsys)
    assert code == 0 and out.splitlines()[-1] == "Black (x) to move: White wins, whatever Black plays"
    code, out, _ = run(["solve", "x.o", "-p", "o"], capsys)
    assert out.splitlines()[-1] == "White (o) to move: Black wins: White has no move"


@pytest.mark.parametrize("picture", ["..ox", ".ox.", ".xoxox.", "x..o", ".ox./o..x/....", "xo.o./....o"])
def test_outcome_against_a_game_tree_search(picture, capsys):
    code, out, err = run(["outcome", picture], capsys)
    assert code == 0, err
    assert out.splitlines()[-1] == f"  outcome: {_OUTCOME_LINES[brute_outcome(Board(picture))]}"
    code, solved, _ = run(["solve", picture], capsys)
    black_wins, white_wins = (f"{who} ({c}) to move: {who} wins" in solved
                              for who, c in (("Black", "x"), ("White", "o")))
    assert {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (black_wins, white_wins)] == brute_outcome(Board(picture))


_OUTCOME_LINES = {"L": "L (Black, Left, wins whoever starts)", "R": "R (White, Right, wins whoever starts)",
                  "N": "N (the first player wins)", "P": "P (the second player wins)"}


def test_a_start_board_before_its_removals_is_said(capsys):
    code, out, err = run(["value", "6x6"], capsys)
    assert code == 0 and "value:   0" in out
    assert err.startswith("konane: note: 6x6 is the full start board, before the opening removals: nobody "
                          "can move")
    assert "Black's (one of a1, c3, d4, f6)" in err and "such as 6x6:c3,b3" in err
    code, out, err = run(["outcome", "4x4:a1"], capsys)
    assert code == 0 and "White's opening removal is not made: give it after Black's, one of a2, b1" in err


def test_start_boards_after_their_removals(capsys):
    # 4x4 after a1 and b1: value 0, White (the second player) wins (Norvig 2021; the solver's
    # doctest); the board is the start board without a1 and b1
    code, out, err = run(["value", "4x4:a1,b1"], capsys)
    assert code == 0 and err == ""
    assert "    ..xo" in out and "value:   0" in out
    assert parse_board("6x6:d4,d3") == Board.start(6).play_removal("d4").play_removal("d3")
    assert parse_board(" 6X6 : d4 , d3 ") == parse_board("6x6:d4,d3")


@pytest.mark.parametrize("argv, message", [
    (["value", "4x4:b2,b2"], "illegal move 'b2': White must remove one of its own stones"),
    (["value", "4x4:c1"], "Black must remove one of its own stones from the centre"),
    (["value", "4x4:a1,a2,c3"], "after the size come the two opening removals"),
    (["value", "4x4:a1,"], "after the size come the two opening removals"),
    (["value", "..ox", "--max-memory", "lots"], "invalid --max-memory 'lots'"),
    (["solve", "..ox", "--time", "-1"], "invalid --time -1.0"),
    (["solve", "..ox", "--to-move", "red"], "unknown player 'red'"),
    (["solve", "..ox", "--threads", "0"], "threads must be at least 1, not 0"),
])
def test_bad_computing_input(argv, message, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and message in err and err.startswith("konane: error: ")


def test_threads(capsys):
    # Norvig (2021): Black wins the 5x5 opening c3 c2 with Black to move, on 2 threads too
    code, out, err = run(["solve", "5x5:c3,c2", "--to-move", "x", "--threads", "2"], capsys)
    assert code == 0 and err == "" and "Black wins, by" in out


def test_parse_memory():
    assert parse_memory("8G") == parse_memory("8 GB") == parse_memory("8GiB") == 8 * 2 ** 30
    assert parse_memory("512m") == 512 * 2 ** 20 and parse_memory("1.5K") == 1536
    assert parse_memory("123") == 123 and parse_memory("None") is None and parse_memory("2T") == 2 ** 41
    with pytest.raises(konane.errors.KonaneValueError):
        parse_memory("8Q")


# --------------------------------------------------------------------------
# limits, the early note, Ctrl-C: in the command line's terms
# --------------------------------------------------------------------------

# the first real 8x8 game position of benchmarks/data/realgames.json: one region of 31 stones,
# whose value the native solver does not finish in 20 s (benchmarks/results/)
FAR = "oxoxoxox/xox...xo/o..x..ox/..xoxo../......../..x...xo/o...ox../x....oxo"


def test_the_time_limit_in_command_line_terms(capsys):
    code, out, err = run(["value", FAR, "--time", "0.000001"], capsys)
    assert code == 1 and out == ""
    assert err.startswith("konane: konane value stopped after ")
    assert "the limit is --time 1e-06. Give a larger --time" in err
    assert "nothing is kept when the command ends" in err
    assert f"'konane outcome {FAR}'" in err and "--to-move x" in err
    for python_terms in ("time=", "max_memory=", "kept in the cache", "Traceback"):
        assert python_terms not in err


def test_the_memory_limit_in_command_line_terms(capsys, monkeypatch):
    # the limit as konane.value reports it (its numbers), said by the command line
    def stopped(*args, **kwargs):
        assert kwargs["max_memory"] == 3 * 2 ** 30
        raise konane.ComputationLimitError("konane.value stopped", positions=1234567, memory=3500 * 2 ** 20,
                                           limit="max_memory")

    monkeypatch.setattr(konane.cli, "value", stopped)
    code, out, err = run(["value", "..ox", "--max-memory", "3G"], capsys)
    assert code == 1
    assert err.startswith("konane: konane value stopped after 1,234,567 positions: the process's memory grew "
                          "by 3.4G, past --max-memory 3G. Give a larger --max-memory (such as --max-memory 16G")
    assert "max_memory=" not in err and "kept in the cache" not in err
    monkeypatch.setattr(konane.cli, "outcome", lambda *a, **k: stopped(*a, max_memory=3 * 2 ** 30))
    code, out, err = run(["outcome", "..ox"], capsys)
    assert code == 1 and "(the default)" in err and "konane outcome stopped" in err
    assert "konane solve" not in err                 # the pointer to the search is for value only


def test_a_value_out_of_reach_is_said_first(capsys, monkeypatch):
    # the note comes before the computation (here replaced by an instant one)
    monkeypatch.setattr(konane.values, "_value", lambda *args: cgt.zero)
    code, out, err = run(["value", FAR], capsys)
    assert code == 0 and "value:   0" in out
    assert err.startswith("konane: note: a region of 31 stones: such values often take minutes")
    assert f"'konane outcome {FAR}'" in err and "--time bounds this command" in err


def test_ctrl_c_prints_one_line(capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(konane.cli, "value", interrupted)
    code, out, err = run(["value", "..ox"], capsys)
    assert code == 130 and err.strip() == "konane: interrupted" and "Traceback" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_ctrl_c_in_a_real_computation():
    env = dict(os.environ, KONANE_PROGRESS="0")
    proc = subprocess.Popen([sys.executable, "-m", "konane", "value", FAR, "--time", "60"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip() == "konane: interrupted" and "Traceback" not in err


def test_a_table_refused_before_the_limit_is_said_as_such(capsys, monkeypatch):
    # the native tables refuse a growth that would pass the limit: the growth so far is below it
    def stopped(*args, **kwargs):
        raise konane.ComputationLimitError("konane.value stopped", positions=10, memory=300 * 2 ** 20,
                                           limit="max_memory")

    monkeypatch.setattr(konane.cli, "value", stopped)
    code, out, err = run(["value", "..ox", "--max-memory", "512M"], capsys)
    assert code == 1
    assert ("a table would have grown past --max-memory 512M (the process had grown by 300M). "
            "Give a larger --max-memory") in err


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_cache_keeps_what_a_stopped_command_finished(capsys, tmp_path):
    # expected: White wins 6x6 after c3, c4 with Black to move (scripts/solve_openings.py;
    # konane.solve's tests); a run stopped by --time keeps its proofs in the file and says so,
    # the next run with the same --cache finishes, and a third finds the answer in the file
    path = str(tmp_path / "kept.sqlite")
    konane.clear_caches()
    code, out, err = run(["solve", "6x6:c3,c4", "--to-move", "x", "--cache", path, "--time", "0.5"], capsys)
    assert code == 1 and f"what was finished is kept in {path}, so a second run with --cache" in err
    assert konane.RegionCache(path).info()["stored_proofs"] > 0
    konane.clear_caches()
    code, out, err = run(["solve", "6x6:c3,c4", "--to-move", "x", "--cache", path], capsys)
    assert code == 0 and "Black (x) to move: White wins, whatever Black plays" in out
    konane.clear_caches()
    s = konane.solve(Board.start(6).play_removal("c3").play_removal("c4"), "x", cache=path)
    assert s.winner == konane.WHITE and s.positions == 0            # the root is in the file
    code, out, err = run(["value", FAR, "--time", "0.000001"], capsys)
    assert "(--cache FILE keeps what was finished)" in err


@pytest.mark.skipif(not konane._kernel.native.available(), reason="the native core is not built")
def test_cache_info_and_merge(tmp_path, capsys):
    # the rows of two files (a search's proofs, a value's regions) added to a third, counted by
    # `cache info` as RegionCache.info counts them
    a, b, merged = (str(tmp_path / f"{name}.sqlite") for name in ("a", "b", "merged"))
    assert main(["solve", "5x5:c3,b3", "--to-move", "x", "--cache", a, "--threads", "1"]) == 0
    assert main(["value", "..ox/xo.x/oxox", "--cache", b]) == 0
    proofs, regions = konane.RegionCache(a).info()["stored_proofs"], konane.RegionCache(b).info()["stored"]
    capsys.readouterr()
    assert main(["cache", "merge", merged, a, b]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{a} -> {merged}: added region values 0, results of the search {proofs}, whole positions won or lost 0",
        f"{b} -> {merged}: added region values {regions}, results of the search 0, whole positions won or lost 0",
    ]
    assert main(["cache", "info", merged]) == 0
    assert capsys.readouterr().out == (f"{merged}: region values {regions}, results of the search {proofs}, "
                                       "whole positions won or lost 0\n")
    assert main(["cache", "merge", merged, a, "--min-work", "0"]) == 0
    assert "added region values 0, results of the search 0," in capsys.readouterr().out
    missing = str(tmp_path / "missing.sqlite")
    for argv in (["cache", "info", missing], ["cache", "merge", merged, missing]):
        assert main(argv) == 2
        assert "no such file" in capsys.readouterr().err
    assert not os.path.exists(missing)
