"""konane._kernel.solver: properties of the computation itself (values are checked in test_values.py)."""

import random

import cgt
import konane

from .helpers import random_grid


def test_computation_makes_no_reference_cycles():
    # konane.value pauses the cyclic garbage collector while it runs (for speed); that is
    # only sound if the computation leaves no cyclic garbage behind: checked here on fresh
    # caches (the engine's operation caches too), 3x4 and 4x4 boards with holes, both rules.
    import gc

    cgt.clear_caches()
    rng = random.Random(11)
    boards = ["xoxo/o.ox/xoxo", "xoxo/ox.x/x..o/oxox", "x.xo/oxox/xo.o/oxox"]
    boards += [random_grid(rng, 4, 4) for _ in range(20)]
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        for pic in boards:
            for rules in (konane.STANDARD, konane.SINGLE_JUMP):
                konane.value(pic, rules=rules, cache=konane.RegionCache())
        found = gc.collect()
    finally:
        if was:
            gc.enable()
    assert found == 0
    assert gc.isenabled() == was


