"""Let the kernels that nbmake starts import ``cgt`` and ``konane`` from this checkout.

``pytest --nbmake notebooks/`` runs each notebook in a fresh Jupyter kernel, a separate
process that inherits this environment; putting the repository root on ``PYTHONPATH`` makes
the notebooks run against the source tree even when the package is not installed.
"""

import os
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parents[1])
_paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if _ROOT not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join([_ROOT] + _paths)
os.environ.setdefault("KONANE_PROGRESS", "0")
