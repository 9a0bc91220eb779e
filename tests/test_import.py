"""The core import stays light (the guide: rendering and heavy libraries are imported lazily)."""

import os
import subprocess
import sys


def test_import_stays_light():
    # no plotting, notebook, sympy, networkx, numpy or Dask modules after importing the packages
    code = ("import sys, cgt, konane, konane.censuses, konane.svg\n"
            "heavy = [m for m in ('sympy', 'networkx', 'matplotlib', 'tqdm', 'IPython', 'numpy', 'dask',"
            " 'distributed')"
            " if m in sys.modules]\n"
            "print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


def test_konane_names_do_not_shadow_submodules():
    # konane.census and konane.regions are the functions, never modules of those names;
    # the modules are konane.censuses and konane.decomposition
    import inspect

    import konane
    import konane.censuses
    import konane.decomposition

    assert inspect.isfunction(konane.census) and inspect.isfunction(konane.regions)
    assert inspect.isclass(konane.Census) and konane.Census is konane.censuses.Census
    assert konane.census is konane.censuses.census and konane.regions is konane.decomposition.regions
    for name in konane.__all__:
        assert not inspect.ismodule(getattr(konane, name)), name
    for attr in dir(konane):
        if inspect.ismodule(getattr(konane, attr)):
            assert attr not in konane.__all__
