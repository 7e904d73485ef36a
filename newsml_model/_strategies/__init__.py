"""Implementation of `newsml_model.strategies` (needs Hypothesis; imported only from there)."""
