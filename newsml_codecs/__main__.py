"""``python -m newsml_codecs``: the ``newsml`` command line."""

import sys

from newsml_codecs.cli import main

sys.exit(main())
