"""``python -m newsml_tools``: the ``newsml`` command line."""

import sys

from newsml_tools.cli import main

# Guarded: worker processes started by `spawn` (macOS, Windows) import this module.
if __name__ == "__main__":
    sys.exit(main())
