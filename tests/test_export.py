"""A notebook exported to HTML and read offline (issue 29): ``jupyter nbconvert --to html --execute``.

Every output must be readable without a network and without a kernel: the widget keeps a static
picture (nbconvert exports the live view of a widget whose state the executed notebook holds,
which is blank offline), games show in Unicode (their LaTeX would need MathJax from a CDN), and
every picture carries its alternative text (nbconvert warns about each image without one).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NEEDED = ("nbconvert", "nbformat", "ipykernel", "anywidget", "bs4")

CELLS = [
    "import cgt, konane\nkonane.set_progress(False)",
    'konane.BoardWidget(".ox./o..x/....")',
    "cgt.up + cgt.star",
    'konane.Board(".ox./o..x/....")',
    'cgt.parse("{3||2*|1*}").thermograph',
    "cgt.games_row([cgt.up, cgt.pm(1)], labels=['a', 'b'])",
    'konane.Match.from_moves(["c3"], konane.Board.start(4))',
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The notebook of CELLS exported by nbconvert: (the HTML's outputs, one list per cell; stderr)."""
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)} (pip install -e '.[notebook]' nbconvert)")
    import nbformat
    from bs4 import BeautifulSoup

    folder = tmp_path_factory.mktemp("export")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code) for code in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "offline.ipynb")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run([sys.executable, "-m", "nbconvert", "--to", "html", "--execute", "offline.ipynb"],
                          cwd=folder, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr[-4000:]
    soup = BeautifulSoup((folder / "offline.html").read_text("utf-8"), "html.parser")
    cells = soup.select(".jp-CodeCell")
    assert len(cells) == len(CELLS)
    return [cell.select(".jp-OutputArea-output") for cell in cells], proc.stderr


def test_the_widget_keeps_a_static_picture(exported):
    outputs, _ = exported
    widget = outputs[1]
    static = [o for o in widget if o.select(".konane-widget-static")]
    assert len(static) == 1
    picture = static[0].select_one("svg[role=img]")
    # the stones read off the picture .ox./o..x/.... (rank 3 on top): by hand
    assert picture["aria-label"] == "Konane board, 3 by 4: Black (x) on c3, d2; White (o) on b3, a2"
    assert len(picture.select("circle.stone")) == 4
    text = " ".join(static[0].get_text(" ").split())
    assert "±1" in text and "Black wins moving first by c3-a3" in text
    assert "thermograph: temperature 1" in str(static[0])
    # the live view is exported too (it draws where the widget's scripts load, and hides the picture)
    assert any(o.select('script[type="application/vnd.jupyter.widget-view+json"]') for o in widget)


def test_games_read_offline(exported):
    outputs, _ = exported
    (game,) = outputs[2]
    assert game.select_one("span.cgt-game").get_text() == "↑∗"
    (row,) = outputs[5]
    assert [td.get_text() for td in row.select("table.cgt-games td")] == ["↑", "±1"]
    for cell in outputs:
        for output in cell:
            assert "\\displaystyle" not in output.get_text()


def test_every_picture_has_its_alternative_text(exported):
    outputs, stderr = exported
    assert "Alternative text is missing" not in stderr
    (board,) = outputs[3]
    assert board.select_one("svg[role=img]")["aria-label"].startswith("Konane board, 3 by 4: Black (x) on c3")
    (thermograph,) = outputs[4]
    assert thermograph.select_one("svg[role=img]")["aria-label"] == (
        "thermograph: temperature 3/4, mean 9/4, stops 3 (Left first) and 2 (Right first)")
    (match,) = outputs[6]
    label = match.select_one("svg[role=img]")["aria-label"]
    assert "last move c3" in label and "ply 1: White (o) to remove a stone" in label
    for cell in outputs:
        for output in cell:
            assert not output.select("img:not([alt])")
            for svg in output.select("svg"):
                if svg.find_parent("svg") is None:
                    assert svg.get("aria-label"), str(svg)[:200]
