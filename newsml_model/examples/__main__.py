"""``python -m newsml_model.examples``: the sample article on standard output."""

import sys

from newsml_model.examples import article

sys.stdout.buffer.write(article())
