"""The core import stays light (the guide: rendering and heavy libraries are imported lazily)."""

import os
import subprocess
import sys


def test_import_stays_light():
    # no plotting, notebook, sympy, networkx or numpy modules after importing the packages
    code = ("import sys, cgt, konane, konane.census\n"
            "heavy = [m for m in ('sympy', 'networkx', 'matplotlib', 'tqdm', 'IPython', 'numpy')"
            " if m in sys.modules]\n"
            "print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
