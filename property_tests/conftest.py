"""The property suite's settings live in the repository's root ``conftest.py``.

Its Hypothesis profiles (``default`` and ``ci``, chosen with
``HYPOTHESIS_PROFILE``) hold for the whole suite, these properties included.
"""
