"""Laws of JXON (`newsml_codecs.jxon`): one round trip reaches a fixed point."""

from __future__ import annotations

from hypothesis import given

import newsml_model as nm
from newsml_codecs import jxon
from newsml_model.strategies import content_meta_objects, links


@given(links(max_depth=1))
def test_link_jxon_is_a_fixed_point_after_one_round_trip(link: nm.Link) -> None:
    """dump(load(dump(link))) == dump(link): JXON loses order, never content it shows."""
    shape = jxon.dump(link)
    assert shape == jxon.dump(jxon.load(nm.Link, shape))


@given(content_meta_objects(max_depth=1))
def test_object_jxon_is_a_fixed_point_after_one_round_trip(obj: nm.ContentMetaObject) -> None:
    """The same for metadata objects."""
    shape = jxon.dump(obj)
    assert shape == jxon.dump(jxon.load(nm.ContentMetaObject, shape))
