"""``python -m konane``: the command line interface of :mod:`konane.cli`."""

import sys

from konane.cli import main

if __name__ == "__main__":
    sys.exit(main())
