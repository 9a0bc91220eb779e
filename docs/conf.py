"""Sphinx configuration of the konane-cgt documentation.

Build (from the repository root)::

    python -m sphinx -W -b html docs docs/_build/html

The notebooks of ``notebooks/`` are copied into ``docs/_notebooks/`` at each
build and rendered by myst-nb, which executes them with a cache
(``docs/_build/.jupyter_cache``): a notebook is run again only when its code
changes.  The API reference is written by autodoc with numpydoc docstrings.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

# The packages are imported from the source tree, also by the notebook
# kernels that myst-nb starts (they inherit this environment).
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
os.environ.setdefault("KONANE_PROGRESS", "0")


def _copy_notebooks() -> None:
    """Mirror ``notebooks/*.ipynb`` and ``notebooks/data`` into ``docs/_notebooks`` (unchanged files are kept)."""
    src, dst = ROOT / "notebooks", DOCS / "_notebooks"
    dst.mkdir(exist_ok=True)
    wanted = {p.name for p in src.glob("*.ipynb")}
    for old in dst.glob("*.ipynb"):
        if old.name not in wanted:
            old.unlink()
    for name in sorted(wanted):
        s, d = src / name, dst / name
        if not d.exists() or d.read_bytes() != s.read_bytes():
            shutil.copyfile(s, d)
    if (src / "data").is_dir():          # the data files the notebooks read (notebook 07)
        shutil.copytree(src / "data", dst / "data", dirs_exist_ok=True)


_copy_notebooks()

from importlib.metadata import version as _dist_version  # noqa: E402

project = "konane-cgt"
author = "konane-cgt developers"
copyright = "konane-cgt developers"
release = version = _dist_version("konane-cgt")

extensions = [
    "myst_nb",
    "numpydoc",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints", ".jupyter_cache"]
root_doc = "index"

# ---- myst / myst-nb
myst_enable_extensions = ["colon_fence", "dollarmath", "deflist"]
myst_heading_anchors = 3
nb_execution_mode = os.environ.get("KONANE_DOCS_EXECUTE", "cache")
nb_execution_cache_path = str(DOCS / "_build" / ".jupyter_cache")
nb_execution_timeout = 900
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True

# ---- autodoc / numpydoc
autodoc_default_options = {"members": True, "member-order": "bysource"}
autodoc_typehints = "none"          # the numpydoc sections say the types
autosummary_generate = False
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set[str] = set()

# ---- HTML
html_theme = "pydata_sphinx_theme"
html_title = "konane-cgt"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
}
html_static_path: list[str] = []
