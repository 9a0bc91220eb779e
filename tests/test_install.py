"""The native core is found from any folder, and a missing one is said once.

After ``pip install -e ".[test]"`` (the README's test command) or ``pip install .``, the
extension module ``cgt._native`` sits inside the package ``cgt``, so a fresh interpreter
finds it whatever its working folder: these tests start one from a temporary folder and one
from ``notebooks/`` (where a notebook's kernel starts), with no ``PYTHONPATH``, and compare
its backend with the one this process runs on.  Where the checkout has a Rust crate and
cargo is on the PATH, that backend must be the native one (``.ci/run`` checks the same).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import cgt

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _fresh(code: str, cwd: pathlib.Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter started in ``cwd``, with no PYTHONPATH."""
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "KONANE_CGT_BACKEND")}
    environ.update(env)
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True,
                          env=environ, timeout=120)


def _expected_backend() -> str:
    if (ROOT / "Cargo.toml").exists() and shutil.which("cargo"):
        return "native"             # the install built it: this is what the tests check
    return cgt.backend


@pytest.mark.parametrize("where", ["temporary folder", "notebooks"])
def test_a_fresh_interpreter_finds_the_native_core_from_any_folder(where: str, tmp_path: pathlib.Path) -> None:
    cwd = tmp_path if where == "temporary folder" else ROOT / "notebooks"
    out = _fresh("import cgt, konane; print(cgt.backend, cgt.__file__)", cwd)
    assert out.returncode == 0, out.stderr
    backend, location = out.stdout.split()
    assert backend == _expected_backend(), out.stderr
    # the package itself, not a copy found through the working folder
    assert pathlib.Path(location).resolve() == pathlib.Path(cgt.__file__).resolve()


def test_a_missing_native_core_is_said_once_with_the_cause_and_the_fix(tmp_path: pathlib.Path) -> None:
    # cgt._native made unimportable (None in sys.modules), as on a machine without cargo
    code = ("import sys, warnings\n"
            "warnings.simplefilter('always')\n"
            "sys.modules['cgt._native'] = None\n"
            "import cgt, konane\n"
            "import cgt.ops, konane.values\n"
            "print(cgt.backend, konane.value('..ox'))\n")
    out = _fresh(code, tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["python", "1"]
    said = [line for line in out.stderr.splitlines() if "BackendWarning:" in line]
    assert len(said) == 1, out.stderr
    assert "15x to 45x slower" in said[0] and "cgt._native is not built" in said[0]
    assert "https://rustup.rs" in said[0] and "KONANE_CGT_BACKEND=python" in said[0]


def test_choosing_the_python_engine_says_nothing(tmp_path: pathlib.Path) -> None:
    out = _fresh("import warnings; warnings.simplefilter('error'); import cgt; print(cgt.backend)", tmp_path,
                 KONANE_CGT_BACKEND="python")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "python" and out.stderr == ""


def test_insisting_on_a_missing_native_core_names_the_fix(tmp_path: pathlib.Path) -> None:
    code = "import sys; sys.modules['cgt._native'] = None\nimport cgt"
    out = _fresh(code, tmp_path, KONANE_CGT_BACKEND="native")
    assert out.returncode != 0
    assert "BackendError: KONANE_CGT_BACKEND='native': the native core cgt._native is not built" in out.stderr
    assert "https://rustup.rs" in out.stderr
