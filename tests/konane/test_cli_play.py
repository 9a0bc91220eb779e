"""Tests of ``konane play``'s levels and its ``hint`` command (konane.cli with scripted stdin)."""

import io
import re
import sys

import pytest

from konane import Board, Match, players
from konane.cli import main


def run(argv, capsys, monkeypatch, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def quick_levels(monkeypatch):
    """The searching levels with a short time a move, so that whole games are quick."""
    for level, kind in list(players.LEVELS.items()):
        if isinstance(kind, float):
            monkeypatch.setitem(players.LEVELS, level, 0.02)


def test_hint_is_a_legal_move_and_the_game_goes_on(capsys, monkeypatch):
    script = "hint\nc3\nhint\nquit\n"
    code, out, err = run(["play", "--size", "6x6", "--hint-time", "0.05", "--seed", "2"],
                         capsys, monkeypatch, script)
    assert code == 0 and err == ""
    hints = [line.split("hint: ")[1].split()[0] for line in out.splitlines() if "hint: " in line]
    assert len(hints) == 2
    start = Match(Board.start(6))
    assert start.parse_move(hints[0]) in start.legal_moves()        # a removal
    # the second hint is a capture of the position reached (replayed from the output)
    reply = [line for line in out.splitlines() if "White (o) plays" in line][0].split()[-1]
    m = Match.from_moves(["c3", reply], Board.start(6))
    assert m.parse_move(hints[1]) in m.legal_moves()
    assert out.rstrip().endswith("game abandoned.")


def test_hint_says_when_a_win_is_proved(capsys, monkeypatch):
    # 4x4: White wins every opening (Norvig 2021; checked by values in
    # test_players.py); the human plays White, the random computer removes first,
    # and the hint for White's removal is a proved win
    code, out, _ = run(["play", "--size", "4x4", "--hint-time", "2", "--human", "o", "--level", "0",
                        "--seed", "1"], capsys, monkeypatch, "hint\nquit\n")
    assert code == 0
    line = [x for x in out.splitlines() if "hint: " in x][0]
    assert "(a proved win)" in line


@pytest.mark.parametrize("level", sorted(players.LEVELS))
def test_levels_play_whole_games(level, capsys, monkeypatch, quick_levels):
    code, out, _ = run(["play", "--size", "4x5", "--human", "none", "--level", str(level), "--seed", "4"],
                       capsys, monkeypatch)
    assert code == 0
    assert f"at level {level} (" in out.splitlines()[0]
    last = out.rstrip().splitlines()[-1]
    assert "has no move:" in last and "wins after" in last


def test_opponent_names_are_levels(capsys, monkeypatch):
    _, out, _ = run(["play", "--opponent", "random", "--human", "none", "--size", "4x4", "--seed", "1"],
                    capsys, monkeypatch)
    assert "at level 0 (random)" in out
    _, same, _ = run(["play", "--level", "0", "--human", "none", "--size", "4x4", "--seed", "1"],
                     capsys, monkeypatch)
    assert same == out
    _, out, _ = run(["play", "--size", "4x4"], capsys, monkeypatch)
    assert "at level 1 (greedy)" in out


def test_level_play_against_a_scripted_human(capsys, monkeypatch, quick_levels):
    # the human (Black) removes a1 and the searching computer answers; then the
    # hints (which are not moves) leave the game where it is until the input ends
    m = Match(Board.start(4))
    script = "a1\n" + "hint\n" * 3
    code, out, _ = run(["play", "--size", "4x4", "--level", "3", "--seed", "0", "--hint-time", "0.02"],
                       capsys, monkeypatch, script)
    assert code == 0
    assert "at level 3 (search, 0.02 s a move)" in out
    assert "White (o) plays " in out and "hint: " in out
    assert out.count("hint: ") == 3 and "end of input" in out
    assert " ".join(str(x) for x in m.legal_moves()) not in out   # never asked for the moves


@pytest.mark.parametrize("argv, message", [
    (["play", "--level", "7"], "invalid level 7: expected one of 0, 1, 2, 3, 4"),
    (["play", "--level", "2", "--opponent", "greedy"], "--opponent greedy is level 1, not --level 2"),
    (["play", "--hint-time", "-1"], "invalid --hint-time -1.0"),
])
def test_bad_play_options(argv, message, capsys, monkeypatch):
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 2 and message in err and err.startswith("konane: error: ")


# --------------------------------------------------------------------------
# the board once a turn, the last move marked; why a removal is hinted
# --------------------------------------------------------------------------

def diagrams(out):
    """The diagrams of an output, each as (the lines before it, its rank lines)."""
    lines = out.splitlines()
    found, start = [], 0
    for i, line in enumerate(lines):
        if re.fullmatch(r" +a b c d( [a-z])*", line):
            top = i
            while top > 0 and re.match(r"^ ?\d+[ \[|\]]", lines[top - 1]):
                top -= 1
            found.append((lines[start:top], lines[top:i]))
            start = i + 1
    return found


def marked(rank_lines):
    """The squares written in brackets in a diagram's rank lines (read character by character)."""
    squares = set()
    for line in rank_lines:
        rank, cells = re.match(r"^ ?(\d+)(.*)$", line).groups()
        for col, i in enumerate(range(1, len(cells), 2)):
            if cells[i - 1] in "[|":
                squares.add("abcdefghij"[col] + rank)
    return squares


def test_the_board_is_shown_once_a_turn_with_the_last_move_marked(capsys, monkeypatch):
    script = "d4\nquit\n"
    code, out, _ = run(["play", "--size", "6x6", "--opponent", "random", "--seed", "7"], capsys, monkeypatch, script)
    assert code == 0
    shown = diagrams(out)
    # the start, then the position after the computer's answer: not one after the human's d4
    assert len(shown) == 2
    assert marked(shown[0][1]) == set()
    reply = re.search(r"White \(o\) plays (\w+)", out).group(1)
    assert "White (o) plays" in "\n".join(shown[1][0]) and marked(shown[1][1]) == {reply}


def test_every_move_of_the_computer_is_marked(capsys, monkeypatch):
    code, out, _ = run(["play", "--size", "5x6", "--human", "none", "--opponent", "random", "--seed", "3"],
                       capsys, monkeypatch)
    assert code == 0
    plies = re.findall(r"\((?:x|o)\) plays (\S+)", out)
    shown = diagrams(out)
    assert len(shown) == len(plies) + 1                 # the start, then once a ply
    for move, (_, ranks) in zip(plies, shown[1:], strict=True):
        squares = set(move.split("-"))                  # a removal is one square, a capture two
        assert marked(ranks) == squares, (move, ranks)


def test_a_removal_hint_says_why(capsys, monkeypatch):
    code, out, _ = run(["play", "--size", "6x6", "--hint-time", "0.05", "--seed", "1"], capsys, monkeypatch,
                       "hint\nquit\n")
    assert code == 0
    line = next(x for x in out.splitlines() if "hint: " in x)
    move = line.split("hint: ")[1].split()[0]
    assert move in ("a1", "c3", "d4", "f6")            # Black's legal first removals on 6x6
    assert "Black removes from the centre or a corner: a1, c3, d4, f6" in line
    assert (f"after {move} and White's best removal next to it, a " in line and "-ply search scores it best" in line
            and "nothing is proved" in line) or "(a proved win)" in line
