"""Internal: see the package docstring of newsml_codecs.document."""
