"""A short run of fuzz/fuzz_api.py: generated inputs into every public entry point of cgt and
konane, each ending in a value that its oracle accepts or in one of the library's documented
errors (the harness's own rule).  60 inputs an entry point, so that the harness cannot rot
and a regression on hostile input shows in the suite; the long runs (10^5 an entry point) are
the harness's own command line."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_entry_point_gives_a_value_or_a_documented_error(tmp_path):
    out = tmp_path / "fuzz.json"
    r = subprocess.run([sys.executable, str(ROOT / "fuzz" / "fuzz_api.py"), "--count", "60", "--seed", "11",
                        "--timeout", "120", "--memory", "8", "--quiet", "--json", str(out)],
                       cwd=tmp_path, capture_output=True, text=True, timeout=1200,
                       env=dict(os.environ, KONANE_PROGRESS="0"))
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    lines = [line for line in r.stdout.splitlines()[1:] if line.strip()]
    assert len(lines) == 15, r.stdout                  # one row an entry point
    for line in lines:
        name, inputs, values, errors, failures = line.split()[:5]
        assert (int(inputs), int(failures)) == (60, 0), line
        assert int(values) + int(errors) == 60, line
