"""Codecs for newsml-model: NewsML XML, NavigaDoc JSON, Writer JXON, schema, service, CLI."""
