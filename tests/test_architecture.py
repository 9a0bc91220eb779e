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


# ---------------------------------------------------------------- floors, doors, names

def _floors(package: str) -> dict[str, int]:
    """The floor of each module of ``package``: 1 + the highest floor of the modules of the
    package it imports (a package's ``__init__`` importing its own modules does not count)."""
    graph = _import_graph()
    inits = {n for n in graph if (ROOT / n.replace(".", "/") / "__init__.py").exists()}
    sub = nx.DiGraph()
    sub.add_nodes_from(n for n in graph if n == package or n.startswith(package + "."))
    sub.add_edges_from((a, b) for a, b in graph.edges
                       if a in sub and b in sub and not (a in inits and b.startswith(a + ".")))
    floor: dict[str, int] = {}
    for n in reversed(list(nx.topological_sort(sub))):
        floor[n] = 1 + max((floor[m] for m in sub.successors(n)), default=0)
    return floor


@pytest.mark.parametrize("package, most", [("konane", 10), ("cgt", 10)])
def test_packages_have_few_floors(package: str, most: int) -> None:
    floor = _floors(package)
    top = max(floor, key=floor.__getitem__)
    chain = [top]
    while floor[chain[-1]] > 1:        # the longest chain of imports, for the message
        graph = _import_graph()
        chain.append(max((m for m in graph.successors(chain[-1]) if m in floor and floor[m] == floor[chain[-1]] - 1),
                         key=str))
    assert floor[top] <= most, " -> ".join(chain)


def test_the_floor_counter_counts_a_chain() -> None:
    # konane.__main__ imports the CLI, which sits above the rules: at least three floors
    floor = _floors("konane")
    assert floor["konane.__main__"] > floor["konane.cli"] > floor["konane.rules"] > floor["konane.errors"] == 1


def _native_references(path: pathlib.Path) -> list[str]:
    """How ``path`` reaches the native core: imports of ``cgt._native``, calls of
    ``engine("native")`` and reads of ``ops.NATIVE`` (the module, typed by its stub)."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.ImportFrom) and (node.module == "cgt" or (node.level and not node.module))
                and any(a.name == "_native" for a in node.names)):
            found.append("from cgt import _native")
        elif isinstance(node, ast.Attribute) and node.attr == "NATIVE":
            found.append("ops.NATIVE")
        elif isinstance(node, ast.Import) and any(a.name == "cgt._native" for a in node.names):
            found.append("import cgt._native")
        elif isinstance(node, ast.Constant) and node.value == "cgt._native":
            found.append("'cgt._native'")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "engine"
              and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == "native"):
            found.append('engine("native")')
    return found


def test_one_door_to_the_native_core_per_package() -> None:
    """``cgt.ops`` is the only module of ``cgt`` that imports the native core (``cgt.shortgame``
    takes the native base class of games from it), and ``konane._kernel.native`` the only
    module of ``konane`` that reaches it (through ``cgt.ops.NATIVE``): every Konane kernel
    goes through that door."""
    doors = {str(p.relative_to(ROOT)): refs for p in _python_sources() if (refs := _native_references(p))}
    konane_doors = {p for p in doors if p.startswith("konane/")}
    cgt_importers = {p for p, refs in doors.items() if p.startswith("cgt/") and any("engine" not in r for r in refs)}
    assert konane_doors == {"konane/_kernel/native.py"}, doors
    assert cgt_importers == {"cgt/ops.py"}, doors


def test_konane_modules_take_no_private_name_of_another_module() -> None:
    """Shared helpers are public names of a private module (``konane._calls``, the kernel),
    never ``_names`` taken from a sibling (as ``values._arguments`` once was)."""
    bad = []
    for path in _python_sources():
        if not str(path.relative_to(ROOT)).startswith("konane"):
            continue
        module = _module_name(path)
        for target, names in _imports(ast.parse(path.read_text(encoding="utf-8")), module, path.name == "__init__.py"):
            if target.startswith("konane") and target != module:
                bad += [f"{module}: from {target} import {n}" for n in names if n.startswith("_")
                        and not (ROOT / target.replace(".", "/") / f"{n}.py").exists()
                        and not (ROOT / target.replace(".", "/") / n / "__init__.py").exists()]
    assert bad == []


def test_the_public_namespaces_hold_public_names_only() -> None:
    import cgt
    import konane
    import konane.errors
    import konane.families

    for package in (cgt, konane):
        names = dir(package)
        assert not [n for n in names if n.startswith("_") or n in ("Any", "TYPE_CHECKING", "annotations")]
        assert all(hasattr(package, n) for n in names)
    assert konane.Family is konane.families.Family and "Family" in konane.__all__
    assert konane.find is konane.finding.find and not hasattr(konane, "search")
    # at the top, the errors that say what went wrong; the whole tree in konane.errors
    errors_at_top = sorted(n for n in konane.__all__ if n.endswith("Error"))
    assert errors_at_top == ["BoardParseError", "CacheFileError", "CensusFileError", "CertificateError",
                             "ClusterError", "ComputationLimitError", "IllegalMoveError", "InvalidMoveError",
                             "KonaneError", "MatchFileError", "OpeningError"]
    assert set(errors_at_top) < set(konane.errors.__all__)


# ---------------------------------------------------------------- the Rust crate's layers

def _rust_uses(path: pathlib.Path) -> set[str]:
    """The modules of the crate that a Rust file names (``crate::engine::...``,
    ``super::kernel``, ``crate::python::board``), comments left out."""
    import re
    text = "\n".join(line.split("//")[0] for line in path.read_text(encoding="utf-8").splitlines())
    used = {m for m in re.findall(r"crate::(\w+(?:::\w+)?)", text)}
    folder = path.parent.name
    used |= {f"{folder}::{m}" for m in re.findall(r"super::(\w+)", text)}
    if path.name == "mod.rs":                   # a module's root declares its files
        used |= {f"{folder}::{m}" for m in re.findall(r"^\s*(?:pub(?:\(crate\))? )?mod (\w+);", text, re.M)}
    return used


def test_the_crate_s_layers_only_look_down() -> None:
    """``src/engine/`` knows nothing of Konane or Python, ``src/konane/`` nothing of Python, and
    the binding wing ``src/python/`` looks only down: its files form a graph without a cycle
    in which nothing but the module's root names ``mod.rs``."""
    src = ROOT / "src"
    if not src.exists():
        pytest.skip("no Rust crate in this checkout")
    for path in sorted((src / "engine").rglob("*.rs")):
        assert not {u for u in _rust_uses(path) if u.split("::")[0] in ("konane", "python")}, path
        assert "pyo3" not in path.read_text(encoding="utf-8"), path
    for path in sorted((src / "konane").rglob("*.rs")):
        assert not {u for u in _rust_uses(path) if u.split("::")[0] == "python"}, path
        assert "pyo3" not in path.read_text(encoding="utf-8"), path
    files = {p.stem: p for p in (src / "python").glob("*.rs")}
    graph = nx.DiGraph()
    for name, path in files.items():
        graph.add_node(name)
        for used in _rust_uses(path):
            parts = used.split("::")
            if parts[0] == "python" and len(parts) > 1 and parts[1] in files and parts[1] != name:
                graph.add_edge(name, parts[1])
    assert list(nx.simple_cycles(graph)) == []
    assert [a for a, b in graph.edges if b == "mod"] == []
    assert set(graph.successors("mod")) | {"mod"} == set(files)      # the root declares every file
