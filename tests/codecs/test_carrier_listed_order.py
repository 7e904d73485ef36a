"""`listed`'s table of the order `dump` writes each role's links in, checked against `dump`.

`listed.reordered` skips the save's check where a link stands where `dump`
writes its role (`listed._ORDER`); the table restates an order the `_dump`
modules keep, so it is checked here against them: one link of each role,
given in the table's reverse order, loaded without the carrier and dumped,
comes back in the table's order.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import FIXTURES
from support.carrier import oracle

from newsml_codecs import document, newsml
from newsml_codecs.document._carrier import listed
from newsml_codecs.document._carrier.anchors import DIGESTS
from newsml_codecs.document._carrier.law import canonical_bytes
from newsml_codecs.document._config import DEFAULT
from newsml_model import ConceptItem, ItemList, Package, PlanningItem

FIXTURE = {
    PlanningItem: "kind-planningitem.xml",
    ConceptItem: "kind-concept-topic.xml",
    ItemList: "kind-list.xml",
    Package: "kind-package.xml",
}
SERVICE = {"type": "x-im/service", "data": {"why": "imext:main"}, "value": "imsection:local"}
"""A planning item's service (`roles`: ``service``), which no kind fixture holds."""


def _pool() -> list[dict[str, Any]]:
    """Every link of the kind fixtures, and a service."""
    links = [SERVICE]
    for name in FIXTURE.values():
        doc = document.dump(newsml.loads((FIXTURES / name).read_bytes()), carriers=False)
        links.extend(doc.get("links") or ())
    return links


def _role(bare: listed.Bare, link: dict[str, Any]) -> tuple[str, str] | None:
    """The role `link` is loaded into alone, and the digest of what `dump` writes back of it."""
    own = bare.own("links", link)
    if own is not None:
        return own, bare.digest(canonical_bytes(link))
    trips = bare.trips("links", [link], [bare.digest(canonical_bytes(link))], set())
    return None if not trips or trips[0] is None else trips[0]


@pytest.mark.parametrize(
    ("root", "name"), list(listed._ORDER), ids=lambda v: getattr(v, "__name__", v)
)
def test_the_order_table_is_the_order_dump_writes(root: type, name: str) -> None:
    """One link of each role the kind loads, given in the reverse of the table's order:
    the conversion without the carrier (the kind kept) writes them in the table's order."""
    order = listed._ORDER[(root, name)]
    item = newsml.loads((FIXTURES / FIXTURE[root]).read_bytes())
    doc = oracle(document.dump(item))  # its carrier emptied but for its kind and tie
    bare = listed.Bare(DEFAULT, root, doc.get("type") or "", DIGESTS["xxh3"])
    one: dict[str, dict[str, Any]] = {}
    for link in _pool():
        found = _role(bare, link)
        if found is not None and found[0] in order:
            one.setdefault(found[0], link)
    assert set(order) == set(one)  # a link of every role the table names
    given = sorted(one, key=order.index, reverse=True)
    doc["links"] = [one[role] for role in given]
    loaded = document.load(doc)
    assert root is loaded.__class__
    back = document.dump(loaded, carriers=False)
    by_digest = {bare.digest(canonical_bytes(one[role])): role for role in one}
    roles = [by_digest.get(bare.digest(canonical_bytes(link))) for link in back.get("links") or ()]
    written = [role for role in roles if role is not None]
    assert sorted(one, key=order.index) == written
