"""The Writer's JSON mappings (JXON) as the model reads them: keys, text, records.

A Writer plugin passes plain mappings (an author, a link, a metadata
object) where the news item API takes records. The API structures them with
`coerce`; a codec that reads JXON (``newsml_codecs.jxon``) uses the same
function and the same conventions, so a mapping means the same record
wherever it is given:

- `CDATA_KEY`: the key of text beside child elements (``keyValue``);
- `normalize_keys`: the "normalized" form drops the ``@`` of top-level keys;
- `AUTHOR_DATA_FIELDS`: the optional author fields and the ``data`` child
  names they are written under, in the Writer's order.

A bad mapping raises `InvalidArgumentError` whose ``field`` names the
offending key (``author.uuid``).
"""

from __future__ import annotations

from newsml_model._args import AUTHOR_DATA_FIELDS, coerce
from newsml_model._jxon import CDATA_KEY, normalize_keys

__all__ = ["AUTHOR_DATA_FIELDS", "CDATA_KEY", "coerce", "normalize_keys"]
