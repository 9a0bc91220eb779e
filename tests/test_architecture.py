"""The layering of the packages (docs/architecture.md), checked on the source.

* Nothing outside ``cgt`` uses a private name of ``cgt``: konane, the benchmarks, the
  scripts, the fuzzer, the notebooks and the tests go through the public API
  (:mod:`cgt.ops`, ``Game.id``).
  The only exceptions are the tests that compare the two engine backends with each
  other in one process, which have no public name to go through.
* The graph of imports among the modules of ``cgt`` and ``konane`` has no cycle,
  counting the imports made inside functions too.
"""

from __future__ import annotations

import ast
import json
import pathlib

import networkx as nx
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("cgt", "konane")

# The Python backend's own tests check internals with no public face (Ctrl-C safety while
# interning, options of number-up-star values built on demand); the differential tests
# reach both backends through cgt.ops.engine.
PRIVATE_ALLOWED = {"tests/cgt/test_pyengine.py"}


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.AST, module: str, is_package: bool) -> list[tuple[str, list[str]]]:
    """``(imported module, names taken from it)`` for every import in ``tree``."""
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((target, [alias.name for alias in node.names]))
    return found


def _python_sources() -> list[pathlib.Path]:
    return [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]


def _code_of(path: pathlib.Path) -> list[str]:
    """The Python sources in a file: the file itself, or a notebook's code cells."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return [text]
    cells = json.loads(text)["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    # IPython magics are not Python
    return ["\n".join(line for line in src.splitlines() if not line.lstrip().startswith(("%", "!")))
            for src in code]


def _private_uses(path: pathlib.Path) -> list[str]:
    bad = []
    for src in _code_of(path):
        tree = ast.parse(src)
        for target, names in _imports(tree, "", False):
            parts = target.split(".")
            if parts[0] != "cgt":
                continue
            if any(p.startswith("_") for p in parts[1:]):
                bad.append(f"import of {target}")
            bad += [f"from {target} import {n}" for n in names if n.startswith("_")]
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                base = node.value
                while isinstance(base, ast.Attribute):
                    base = base.value
                if isinstance(base, ast.Name) and base.id == "cgt":
                    bad.append(f"cgt attribute {node.attr}")
    return bad


def _outside_cgt() -> list[pathlib.Path]:
    files = [p for p in sorted((ROOT / "konane").rglob("*.py"))]
    files += sorted((ROOT / "benchmarks").glob("*.py"))
    files += sorted((ROOT / "scripts").glob("*.py"))
    files += sorted((ROOT / "fuzz").glob("*.py"))
    files += sorted((ROOT / "notebooks").glob("*.ipynb"))
    files += sorted((ROOT / "tests").rglob("*.py"))
    return [p for p in files if str(p.relative_to(ROOT)) not in PRIVATE_ALLOWED]


@pytest.mark.parametrize("path", _outside_cgt(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_name_of_cgt_outside_cgt(path: pathlib.Path) -> None:
    assert _private_uses(path) == []


def test_the_checker_sees_private_uses(tmp_path: pathlib.Path) -> None:
    # the checker itself, on a file that breaks the rule in each way it looks for
    f = tmp_path / "bad.py"
    f.write_text("from cgt import _core\nimport cgt._deep\nfrom cgt.game import _wrap\nx = cgt._core\n")
    assert len(_private_uses(f)) == 4


def _import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    modules = {_module_name(p): p for p in _python_sources()}
    for name, path in modules.items():
        graph.add_node(name)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for target, names in _imports(tree, name, path.name == "__init__.py"):
            # `from pkg import sub` imports the submodule pkg.sub when there is one
            for t in [target] + [f"{target}.{n}" for n in names]:
                if t in modules and t != name:
                    graph.add_edge(name, t)
    return graph


def test_module_graph_has_no_cycle() -> None:
    graph = _import_graph()
    # a package's __init__ importing its own modules is how a package is built, not a
    # cycle; a module importing its package's __init__ back would be one
    inits = {n for n in graph if (ROOT / n.replace(".", "/") / "__init__.py").exists()}
    edges = [(a, b) for a, b in graph.edges if not (a in inits and b.startswith(a + "."))]
    cycles = list(nx.simple_cycles(nx.DiGraph(edges)))
    assert cycles == []


def test_graph_builder_finds_modules() -> None:
    graph = _import_graph()
    assert graph.has_edge("konane", "konane.errors") or graph.has_node("konane.errors")
    assert "cgt.ops" in graph
