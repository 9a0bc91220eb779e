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
