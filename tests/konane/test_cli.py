"""Tests of the command line interface konane.cli."""

import io
import os
import subprocess
import sys

import pytest

import konane
from konane import Board
from konane.cli import EXAMPLES, main, parse_board

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
