"""Implementation of `newsml_model.strategies` (needs Hypothesis; imported only from there).

Internal: names without an underscore here are shared between these modules,
`newsml_model.strategies` and `newsml_model._hypothesis_hook`; they are not
public API.
"""
