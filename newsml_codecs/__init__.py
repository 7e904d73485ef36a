"""Codecs for newsml-model: pure conversions between text or JSON and the model.

What lives here: NewsML XML (`newsml_codecs.newsml`), NavigaDoc JSON
(`newsml_codecs.document`), the Writer's JXON (`newsml_codecs.jxon`), the
NavigaDoc JSON Schema (`newsml_codecs.schema`), the JSON text of documents
(`newsml_codecs.jsontext`) and Hypothesis strategies of wire text and
documents (`newsml_codecs.strategies`).

What may not: nothing stateful, no network, no files beyond the bytes and
strings handed in, and never an import of `newsml_tools`.
"""
