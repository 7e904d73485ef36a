"""Hypothesis profiles for the property suite.

``default`` is fast, for the edit-test loop; ``ci`` is thorough and still
keeps the whole property suite within a few minutes on two cores. Choose with
the environment variable ``HYPOTHESIS_PROFILE`` (``.ci/run`` sets ``ci``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Generated articles are big by design (every construct at once), and some
# tests build large hostile inputs: neither is a bug worth a health check.
_SLOW_BY_DESIGN = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]

settings.register_profile(
    "default", max_examples=10, deadline=None, suppress_health_check=_SLOW_BY_DESIGN
)
settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    suppress_health_check=_SLOW_BY_DESIGN,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
