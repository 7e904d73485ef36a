"""Hypothesis strategies for the model (being written; see issue 6).

This first version only provides the entry-point hook that ``pyproject.toml``
registers, so that importing Hypothesis works while the strategies land.
"""

from __future__ import annotations


def _hypothesis_setup_hook() -> None:
    """Register the model's strategies with ``st.from_type`` (none registered yet)."""
