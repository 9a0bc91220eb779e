"""Tests of cgt/__init__.py: the package namespace, the one way to clear caches, and the
layering of the modules (acyclic, no function-level imports, kernels below Game)."""

import ast
import importlib
import pkgutil
import types
from fractions import Fraction
from pathlib import Path

import pytest

import cgt

CGT_DIR = Path(cgt.__file__).parent
MODULES = sorted(info.name for info in pkgutil.iter_modules(cgt.__path__) if info.name != "_native")


def test_no_attribute_shadows_a_submodule():
    for name in MODULES:
        mod = importlib.import_module(f"cgt.{name}")
        attr = getattr(cgt, name, mod)
        assert attr is mod, f"cgt.{name} is {attr!r}, not the module cgt.{name}"


def test_functions_and_modules_have_distinct_names():
    assert callable(cgt.thermograph) and not isinstance(cgt.thermograph, types.ModuleType)
    assert cgt.thermograph("{2|-1}") == cgt.parse("{2|-1}").thermograph
    assert callable(cgt.game) and cgt.game([0], [0]) == cgt.star
    assert isinstance(cgt.thermography, types.ModuleType) and isinstance(cgt.shortgame, types.ModuleType)


def test_all_names_exist():
    for name in cgt.__all__:
        assert hasattr(cgt, name), name


def test_one_public_way_to_clear_caches():
    clearers = set()
    for name in MODULES:
        mod = importlib.import_module(f"cgt.{name}")
        for attr in dir(mod):
            if "clear" in attr and not attr.startswith("_") and callable(getattr(mod, attr)):
                clearers.add(f"{name}.{attr}")
    # the package's clear_caches, and the engine's share of it that cgt.ops exposes (a backend function)
    assert {c for c in clearers if not c.startswith("_")} == {"ops.clear_caches"}
    assert callable(cgt.clear_caches)


def test_clear_caches_empties_everything(fresh_caches):
    g = cgt.parse("{3||2*|1*}")
    assert g.thermograph.temperature == Fraction(3, 4) and g.cool("1/2") == cgt.parse("{5/2|2*}")
    assert g.reduced_canonical_form == cgt.parse("{3||2|1}") and str(g + g) == "{5*|4*}"
    info = cgt.cache_info()
    assert info["add"] > 0 and info["thermographs"] > 0 and info["analysis"] > 0 and info["notation"] > 0
    cgt.clear_caches()
    info = cgt.cache_info()
    engine = {"add", "neg", "leq", "birthday", "stops", "canonical"}     # caches every backend has
    assert all(info[key] == 0 for key in engine | {"notation", "parsed", "thermographs", "analysis"})
    assert info["games"] > 0
    assert g.temperature == Fraction(3, 4) and str(g + g) == "{5*|4*}"          # recomputed alike


def test_caches_visible_and_clearable(fresh_caches):
    cgt.parse("{3||2|1}") + cgt.parse("{1|0}")
    info = cgt.cache_info()
    assert info["games"] > 0 and info["add"] > 0
    cgt.clear_caches()
    assert cgt.cache_info()["add"] == 0
    assert cgt.parse("{1|0}") + cgt.parse("{1|0}") == 1     # still correct after clearing


# ---------------------------------------------------------------- layering

def _imports(name):
    """(cgt modules imported by cgt/<name>.py, whether any import of a cgt module is inside a function)."""
    tree = ast.parse((CGT_DIR / f"{name}.py").read_text())
    found, nested = set(), False
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                targets = [node.module.split(".")[0]]
            elif node.level == 1:
                targets = [a.name for a in node.names]
            elif node.module and node.module.startswith("cgt"):
                targets = [node.module.split(".")[1]] if "." in node.module else [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name.split(".")[1] for a in node.names if a.name.startswith("cgt.")]
        targets = [t for t in targets if t in MODULES]
        if targets:
            found.update(targets)
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("cgt")):
                    nested = True
    return found, nested


def test_module_graph_is_acyclic_without_function_level_imports():
    graph = {}
    for name in MODULES:
        deps, nested = _imports(name)
        assert not nested, f"cgt/{name}.py imports a cgt module inside a function"
        graph[name] = deps - {name}
    state = {}

    def visit(n, path):
        if state.get(n) == "done":
            return
        assert state.get(n) != "open", f"import cycle: {' -> '.join(path + [n])}"
        state[n] = "open"
        for d in sorted(graph[n]):
            visit(d, path + [n])
        state[n] = "done"

    for name in MODULES:
        visit(name, [])


@pytest.mark.parametrize("kernel", ["_pyengine", "ops", "notation", "thermography", "_kernels", "errors", "outcome"])
def test_kernels_live_below_game(kernel):
    below = set()
    todo = [kernel]
    while todo:
        n = todo.pop()
        for d in _imports(n)[0]:
            if d not in below:
                below.add(d)
                todo.append(d)
    assert "shortgame" not in below and "values" not in below and "analysis" not in below


def test_only_ops_reaches_the_backend():
    for name in MODULES:
        if name in ("ops", "_pyengine", "__init__"):
            continue
        assert "_pyengine" not in _imports(name)[0], name
        assert "_pyengine" not in (CGT_DIR / f"{name}.py").read_text(), name
