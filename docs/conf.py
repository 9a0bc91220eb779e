"""Sphinx configuration of the konane-cgt documentation.

Build (from the repository root)::

    python -m sphinx -W -b html docs docs/_build/html

The notebooks of ``notebooks/`` are copied into ``docs/_notebooks/`` at each
build and rendered by myst-nb, which executes them with a cache
(``docs/_build/.jupyter_cache``): a notebook is run again only when its code
changes.  The API reference is written by autodoc with numpydoc docstrings.

Math is typeset by a copy of MathJax 2 served with the site (no network
needed to read it): the one of Debian's ``libjs-mathjax`` package
(``/usr/share/javascript/mathjax``, installed by ``.ci/install-browser``) or the
folder named by ``KONANE_MATHJAX``; the files it needs (about 3 MB) are copied
into ``_static/mathjax`` at the end of the build.  Without a local copy the
pages load MathJax from its CDN, Sphinx's default.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

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

# The widget of docs/notebook.md shows its static picture (BoardWidget._repr_html_) on the
# site: no widget manager, so nothing is fetched from a CDN.  Without anywidget the page is
# shown without being executed.
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None),
                              # games and rows of games: their LaTeX (typeset by the site's MathJax)
                              # before their Unicode HTML, the form of exports read offline
                              ("html", "text/latex", 25)]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
nb_execution_excludepatterns = [] if importlib.util.find_spec("anywidget") else ["notebook.md"]

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
html_context = {"default_mode": "auto"}     # else the theme logs "invalid theme mode" in the console


# ---- docs/index.md, written to read well on GitHub too
# GitHub shows its plain list of links and hides the toctrees, which sit in an HTML comment
# opened by "<!-- sphinx:"; for the site the comment is opened up, and the list's links to
# the notebooks (../notebooks/X.ipynb, where GitHub finds them) go to their pages (_notebooks/X).
_INDEX_TOCTREE = re.compile(r"^<!-- sphinx:\n.*?\n\n(.*?)\n-->$", re.S | re.M)
_NOTEBOOK_LINK = re.compile(r"\]\(\.\./notebooks/([\w.-]+)\.ipynb\)")


# The notebooks link the guide's pages as ../docs/X.md (from notebooks/, where GitHub finds
# them); their copies in docs/_notebooks/ reach the same pages as ../X.md.
_DOCS_LINK = re.compile(r"\]\(\.\./docs/([\w.-]+\.md)\)")


def _index_for_sphinx(app: Any, docname: str, source: list[str]) -> None:
    if docname == root_doc:
        text = _INDEX_TOCTREE.sub(r"\1", source[0])
        source[0] = _NOTEBOOK_LINK.sub(r"](_notebooks/\1.ipynb)", text)
    elif docname.startswith("_notebooks/"):
        source[0] = _DOCS_LINK.sub(r"](../\1)", source[0])


# ---- MathJax served with the site
# The parts of MathJax 2 that its TeX-AMS_CHTML configuration loads (TeX in, CommonHTML out).
_MATHJAX_PARTS = ("MathJax.js", "config/TeX-AMS_CHTML.js", "extensions", "jax/element", "jax/input/TeX",
                  "jax/output/CommonHTML", "fonts/HTML-CSS/TeX/woff")


def local_mathjax() -> Path | None:
    """The folder of a local MathJax 2 (``KONANE_MATHJAX``, else Debian's libjs-mathjax), or None."""
    for candidate in (os.environ.get("KONANE_MATHJAX"), "/usr/share/javascript/mathjax"):
        if candidate and (Path(candidate) / "MathJax.js").is_file() and \
                (Path(candidate) / "config" / "TeX-AMS_CHTML.js").is_file():
            return Path(candidate)
    return None


_MATHJAX = local_mathjax()
if _MATHJAX is not None:
    mathjax_path = "mathjax/MathJax.js?config=TeX-AMS_CHTML"
    # typeset the delimiters Sphinx writes around math, \\( \\) and \\[ \\], and no dollars; myst-nb marks
    # its pages "mathjax_ignore" and the math in them "math" (the classes of its MathJax 3 setup)
    mathjax2_config = {
        "tex2jax": {"inlineMath": [["\\(", "\\)"]], "displayMath": [["\\[", "\\]"]],
                    "ignoreClass": "tex2jax_ignore|mathjax_ignore",
                    "processClass": "tex2jax_process|mathjax_process|math|output_area",
                    "processEscapes": False, "processEnvironments": False, "processRefs": False},
        "messageStyle": "none",
        "displayAlign": "left",         # as Jupyter shows LaTeX outputs
        # the theme lays out div.math for MathJax 3 (a row-reverse flex box whose mjx-container
        # grows); MathJax 2's display box must grow the same, or it sits at the right edge
        "styles": {"div.math > .MJXc-display": {"flex-grow": "1", "overflow-x": "auto"}},
    }


def _copy_mathjax(app: Any, exception: Exception | None) -> None:
    """Copy the local MathJax into ``_static/mathjax`` of an HTML build."""
    if exception is not None or _MATHJAX is None or app.builder.format != "html":
        return
    dest = Path(app.outdir) / "_static" / "mathjax"
    for part in _MATHJAX_PARTS:
        src = _MATHJAX / part
        if src.is_dir():
            shutil.copytree(src, dest / part, dirs_exist_ok=True)   # follows Debian's font symlinks
        elif src.is_file():
            (dest / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest / part)


def setup(app: Any) -> None:
    app.connect("source-read", _index_for_sphinx)
    app.connect("build-finished", _copy_mathjax)
