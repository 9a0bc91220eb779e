"""cgt.games_row: several games shown as one LaTeX row, still a sequence of games."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import cgt
from cgt.display import GamesRow


def test_row_is_a_sequence_of_games() -> None:
    games = [cgt.up, cgt.star, cgt.pm(1)]
    row = cgt.games_row(games)
    assert isinstance(row, GamesRow) and isinstance(row, Sequence)
    assert len(row) == 3 and list(row) == games and row[0] == cgt.up and row[-1] == cgt.pm(1)
    assert cgt.star in row and row.index(cgt.pm(1)) == 2 and row.games == tuple(games)
    assert list(reversed(row)) == games[::-1]
    assert isinstance(row[1:], GamesRow) and list(row[1:]) == games[1:]
    assert row.labels is None and row[:0].labels is None
    assert row == cgt.games_row(games) and hash(row) == hash(cgt.games_row(iter(games)))
    assert row != cgt.games_row(games, labels=["a", "b", "c"])
    with pytest.raises(IndexError):
        row[3]


def test_numbers_are_converted() -> None:
    row = cgt.games_row([0, 2, 0.5])
    assert list(row) == [cgt.zero, cgt.number(2), cgt.number(cgt.to_dyadic(0.5))]


def test_latex_is_one_displaystyle_row() -> None:
    row = cgt.games_row([cgt.up, cgt.star, cgt.pm(1), cgt.parse("{2|{1|0}}")])
    latex = row._repr_latex_()
    assert latex is not None
    assert latex.startswith("$\\displaystyle ") and latex.endswith("$") and latex.count("$") == 2
    assert "\\uparrow" in latex and "\\pm 1" in latex and latex.count(",\\quad") == 3
    assert "cgt.parse" not in latex
    # each value is the game's own LaTeX
    for g in row:
        own = g._repr_latex_()
        assert own is not None and own[len("$\\displaystyle "):-1] in latex


def test_latex_with_labels_is_a_table() -> None:
    row = cgt.games_row([cgt.zero, cgt.up], labels=["3x4 #12", "a_b {c}"])
    latex = row.latex()
    assert latex.startswith("\\begin{array}{cc}") and latex.endswith("\\end{array}")
    assert "\\text{3x4 }\\#\\text{12}" in latex
    assert "\\text{a}\\_\\text{b }\\{\\text{c}\\}" in latex
    assert "0 & \\uparrow" in latex
    assert cgt.games_row([]).latex() == "\\text{(no games)}"


def test_text_forms() -> None:
    row = cgt.games_row([cgt.up, cgt.star])
    assert str(row) == "^, *"
    assert repr(row) == "cgt.games_row([cgt.parse('^'), cgt.parse('*')])"
    labelled = cgt.games_row([cgt.up], labels=["a"])
    assert str(labelled) == "a: ^"
    assert repr(labelled) == "cgt.games_row([cgt.parse('^')], labels=['a'])"
    assert eval(repr(labelled), {"cgt": cgt}) == labelled


def test_pretty_printing() -> None:
    pretty = pytest.importorskip("IPython.lib.pretty").pretty
    games = [cgt.up, cgt.star, cgt.pm(1)]
    assert pretty(cgt.games_row(games)) == "[^, *, +-1]"
    assert pretty(cgt.games_row(games[:2], labels=["a", "b"])) == "[a: ^, b: *]"
    assert pretty(cgt.games_row([])) == "[]"
    # plain lists of games and of outcomes read well too; repr stays rebuildable
    assert pretty(games) == "[^, *, +-1]"
    assert pretty([g.outcome for g in games]) == "[L, N, N]"
    assert repr(cgt.up) == "cgt.parse('^')"
    long = pretty(cgt.games_row(games * 20))
    assert long.startswith("[^,\n") and "cgt.parse" not in long


@pytest.mark.parametrize("games", ["^*", cgt.up, 3, None])
def test_bad_games_raise_type_error(games: object) -> None:
    with pytest.raises(cgt.CGTTypeError, match="games must be an iterable of games"):
        cgt.games_row(games)  # type: ignore[arg-type]


def test_bad_items_raise_not_a_game() -> None:
    with pytest.raises(cgt.NotAGameError):
        cgt.games_row([cgt.up, object()])


def test_bad_labels() -> None:
    with pytest.raises(cgt.CGTTypeError, match="labels must be None or an iterable of str"):
        cgt.games_row([cgt.up], labels="a")
    with pytest.raises(cgt.CGTTypeError, match="each label must be a str"):
        cgt.games_row([cgt.up], labels=[1])  # type: ignore[list-item]
    with pytest.raises(cgt.CGTValueError, match="got 2 labels for 1 games"):
        cgt.games_row([cgt.up], labels=["a", "b"])
    with pytest.raises(ValueError):
        cgt.games_row([], labels=["a"])


def test_bad_index() -> None:
    with pytest.raises(cgt.CGTTypeError, match="index must be an int or a slice"):
        cgt.games_row([cgt.up])["0"]  # type: ignore[call-overload]


def test_display_hook_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    row = cgt.games_row([cgt.up])

    def boom() -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(GamesRow, "latex", lambda self: boom())
    assert row._repr_latex_() is None
