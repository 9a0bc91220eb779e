"""The documentation builds without a single warning.

The default run builds it without executing the notebooks (nbmake runs them separately in
the same test command), which takes seconds; the slow test (``--runslow``) also executes
them (myst-nb, cached in ``docs/_build/.jupyter_cache``), as the published build does.
"""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NEEDED = ("sphinx", "myst_nb", "numpydoc", "pydata_sphinx_theme", "ipykernel", "matplotlib")


def _build(tmp_path, execute):
    """Build the docs with -W and check the main pages are there; return the output folder."""
    import os
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)} (pip install -e '.[docs]')")
    out = tmp_path / "html"
    env = dict(os.environ, KONANE_DOCS_EXECUTE="cache" if execute else "off", KONANE_PROGRESS="0")
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         str(ROOT / "docs"), str(out)],
        capture_output=True, text=True, timeout=3600, cwd=ROOT, env=env,
    )
    assert proc.returncode == 0, (proc.stdout[-4000:] + "\n" + proc.stderr[-8000:])
    for page in ("index.html", "api/konane.values.html", "decomposition.html",
                 "_notebooks/03-chan-tsai-1xn.html"):
        assert (out / page).is_file(), page
    return out


def test_docs_build_without_warnings_no_execution(tmp_path):
    _build(tmp_path, execute=False)


@pytest.mark.slow
def test_docs_build_without_warnings(tmp_path):
    out = _build(tmp_path, execute=True)
    # the notebooks were executed: their pages hold outputs
    assert "256 rows in" in (out / "_notebooks" / "03-chan-tsai-1xn.html").read_text("utf-8")


# ---------------------------------------------------------------- finding one's way (issue 29)

def _notebook_sources(name):
    import json
    cells = json.loads((ROOT / "notebooks" / name).read_text("utf-8"))["cells"]
    return [(c["cell_type"], "".join(c["source"])) for c in cells]


def test_the_index_and_the_tour_lead_to_the_solver_and_every_notebook():
    index = (ROOT / "docs" / "index.md").read_text("utf-8")
    head = index.split("<!-- sphinx:")[0]                 # the list GitHub shows (the site shows it too)
    assert "](solving.md)" in head
    for name in ("05-solving-boards", "06-families", "07-nimbers", "08-new-results"):
        assert f"](../notebooks/{name}.ipynb)" in head, name
    assert "_notebooks" not in head and "copies them" not in head     # no build note for readers
    (where,) = [text for kind, text in _notebook_sources("01-tour.ipynb") if text.startswith("## Where next")]
    assert "](../docs/solving.md)" in where
    for name in ("05-solving-boards", "06-families", "07-nimbers", "08-new-results"):
        assert f"]({name}.ipynb)" in where, name


def test_api_pages_list_functions_before_exceptions():
    # autodoc lists a module's members in the order of its __all__ (member-order bysource)
    import importlib
    import inspect
    pages = [p.stem for p in (ROOT / "docs" / "api").glob("*.rst") if p.stem not in ("index",)]
    for page in pages:
        module = importlib.import_module(page)
        names = getattr(module, "__all__", [])
        kinds = ["exception" if inspect.isclass(obj) and issubclass(obj, BaseException)
                 else "function" if inspect.isfunction(obj) else "other"
                 for obj in (getattr(module, n) for n in names)]
        if "function" in kinds and "exception" in kinds and not page.endswith("errors"):
            assert max(i for i, k in enumerate(kinds) if k == "function") < \
                min(i for i, k in enumerate(kinds) if k == "exception"), page


def test_module_docstrings_link_the_guide_pages():
    import re
    for path in list((ROOT / "konane").glob("*.py")) + list((ROOT / "cgt").glob("*.py")):
        if path.name.startswith("_"):
            continue
        text = path.read_text("utf-8")
        assert not re.search(r"``docs/[\w-]+\.md``", text), path.name       # a name, not a link
    assert ":doc:`docs/solving.md </solving>`" in (ROOT / "konane" / "solving.py").read_text("utf-8")


def test_thermography_writes_its_formulas_as_math():
    import cgt.thermography as th
    docs = [th.__doc__, th.Trajectory.__doc__, th.Thermograph.__doc__, th.walls_from_scaffolds.__doc__]
    text = "\n".join(docs)
    for code in ("``t >= -1``", "``LS(t) =", "``RS(t) =", "``LS >= RS``", "``-1 <= t < oo``"):
        assert code not in text, code
    assert r":math:`LS(t) = \max_{G^L} RW(G^L)(t) - t`" in th.__doc__
    assert r":math:`t \geq -1`" in th.Trajectory.__doc__


def test_notebook_05_labels_its_first_output_and_draws_an_opening():
    cells = [text for kind, text in _notebook_sources("05-solving-boards.ipynb") if kind == "code"]
    # the first output says what it shows (it was a bare tuple: the command, the CPUs, the seconds)
    assert 'print(f"data/openings.json: written by' in cells[0]
    assert not cells[0].rstrip().endswith('DATA["total_seconds"]')
    assert any("konane.svg.board(opening" in text for text in cells)
