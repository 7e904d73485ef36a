"""News item API speed as ratios to one ``attrs.evolve`` of the item, in one run.

    python bench/bench_api.py [--number N] [FILE]

Every function of `newsml_model.newsitem` is timed on a real-size article
(the corpus text article if present, else ``tests/fixtures/article-full.xml``),
alternately with ``attrs.evolve(item)`` as the baseline, and reported as the
ratio of the medians. Mutators that take a record or a Writer mapping are
timed twice: given records (the mapping loaded with `jxon.load` beforehand)
and given mappings (structured through xmltodict on every call, issue 10).
Targets (issue 3): mutations given records at most 10x, getters at most 3x;
mappings are reported without a target. The cyclic garbage collector is off
while timing, as in ``timeit``. This reports; no test asserts a timing.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import inspect
import statistics
import sys
import time
import typing
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs
from _timing import sample_article

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem


def _first(links: tuple[nm.Link, ...], fallback: str) -> str:
    return next((link.uuid for link in links if link.uuid), fallback)


def calls(item: nm.NewsItem) -> dict[str, tuple[Any, ...]]:
    """Arguments (after `item`) for a typical call of every function on `item`."""
    assert item.item_meta is not None
    links = item.item_meta.links
    author = _first(newsitem.get_authors(item), "none")
    topic = _first(newsitem.get_links_by_type(item, ["x-im/topic"]), links[0].uuid or "")
    place = _first(tuple(link for link in links if link.type == "x-im/place"), topic)
    story = _first(newsitem.get_stories(item), topic)
    uri = next((link.uri for link in links if link.uri), "im://none")
    content_links = item.content_meta.links if item.content_meta else ()
    cm = content_links[0] if content_links else nm.Link(type="x", rel="x")
    obj = newsitem.get_news_priority(item)
    pm = {"ConceptName": "name", "ConceptBroaderRelation": "broader"}
    link = {"@rel": "subject", "@type": "x-im/topic", "@uuid": "bench-1", "@title": "Bench"}
    return {
        # mutators
        "add_author": ("b", {"name": "A", "uuid": "bench-a"}),
        "add_category": ("b", {"uuid": "bench-c", "title": "C"}),
        "add_channel": ("b", {"qcode": "imchn:bench"}, True),
        "add_concept_profile": ("b", {"uuid": "bench-p", "title": "P"}),
        "add_content_meta_link": ("b", link),
        "add_content_profile": ("b", {"uuid": "bench-p", "title": "P"}),
        "add_link": ("b", link),
        "add_location": (
            "b",
            {"uuid": "bench-l", "title": "L", "data": {"position": "POINT(1 2)"}},
        ),
        "add_simple_author": ("b", "Anna"),
        "add_story": ("b", {"uuid": "bench-s", "title": "S"}),
        "add_tag": ("b", {"uuid": "bench-t", "name": ["T"], "imType": ["x-im/topic"]}),
        "create_extended_geo_link": ([{"ConceptName": "G", "uuid": "g"}],),
        "create_news_priority": (
            "b",
            {"@id": "np", "@type": "x-im/newsvalue", "data": {"score": "2"}},
        ),
        "delete_ext_property": ("b", "itemMeta", "imext:pubstop"),
        "invalidate": (),
        "remove_all_links_by_type": ("b", "x-im/author"),
        "remove_author_by_title": ("b", newsitem.get_authors(item)[0].title),
        "remove_author_by_uuid": ("b", author),
        "remove_channel": ("b", "imchn:none"),
        "remove_content_meta_object": ("b", obj.id if obj else "none"),
        "remove_link_by_uri": ("b", uri),
        "remove_link_by_uuid": ("b", topic),
        "remove_link_by_uuid_and_rel": ("b", topic, "subject"),
        "remove_link_content_meta_by_type_and_matching_filter": ("b", cm.type, lambda link: True),
        "remove_link_content_meta_by_type_and_rel": ("b", cm.type, cm.rel),
        "remove_pub_start": ("b",),
        "remove_pub_stop": ("b",),
        "remove_section": ("b", "imsection:none"),
        "replace_source": (item, "etag"),
        "save": (),
        "set_content_meta_object": ("b", {"@id": "o1", "@type": "x-im/x", "data": {"a": "1"}}),
        "set_ed_note": ("Note",),
        "set_ext_property": ("b", "itemMeta", "imext:type", "x-im/article"),
        "set_guid": ("g",),
        "set_has_published_version": ("b", True),
        "set_language": ("b", "en_GB", "ltr"),
        "set_news_priority": (
            "b",
            {"@id": "np", "@type": "x-im/newsvalue", "data": {"score": "5"}},
        ),
        "set_pub_start": ("b", {"value": "2024-05-01T00:00:00Z"}),
        "set_pub_status": ("b", {"qcode": "stat:usable"}),
        "set_pub_stop": ("b", {"value": "2024-06-01T00:00:00Z"}),
        "set_source": (item, None, "etag"),
        "set_temporary_id": ("tmp",),
        "update_author_with_uuid": ("b", author, {"name": "J", "phone": "1"}),
        "update_concept": (
            "b",
            {"uuid": topic, "name": "N", "broader": {"uuid": "x", "name": "X"}},
            pm,
        ),
        "update_concept_data": ({"uuid": topic, "name": "V", "articleData": {"a": "b"}},),
        "update_concept_profile": ("b", {"uuid": story, "title": "T"}),
        "update_content_profile": ("b", {"uuid": story, "title": "T"}),
        "update_link_rel": ("b", {"uuid": topic, "rel": "about"}),
        "update_location": ("b", {"uuid": place, "title": "L"}),
        "update_relational_links": ("broader", {"uuid": "x", "name": "X"}, topic, pm),
        "update_section": ("b", {"qcode": "imsection:bench", "name": "B"}),
        "update_story": ("b", {"uuid": story, "title": "T"}),
        "update_tag": ("b", topic, {"name": ["T"], "imType": ["x-im/topic"]}),
        # getters with arguments
        "get_concept_by_uuid": (place,),
        "get_content_meta_link_by_type": ("x-im/image",),
        "get_content_meta_object_by_id": (obj.id if obj else "none",),
        "get_content_meta_objects_by_type": ("x-im/teaser",),
        "get_ext_property": ("itemMeta", "imext:pubstop"),
        "get_link_by_type": ("x-im/image",),
        "get_link_by_type_and_rel": ("x-im/author", "author"),
        "get_links_by_type": (["x-im/topic", "x-im/place"],),
        "get_locale": (nm.EditorConfig(language="en_US"),),
        "get_tags": (["x-im/topic"],),
    }


def as_records(fn_name: str, fn_args: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """`fn_args` with each Writer mapping loaded into the record its parameter takes.

    None when the function takes no record-or-mapping parameter (nothing to compare).
    """
    parameters = list(inspect.signature(getattr(newsitem, fn_name)).parameters.values())[1:]
    hints = typing.get_type_hints(getattr(newsitem, fn_name))
    converted = list(fn_args)
    found = False
    for index, (parameter, value) in enumerate(zip(parameters, fn_args, strict=False)):
        options = typing.get_args(hints.get(parameter.name))
        records = [o for o in options if attrs.has(o)]
        if records and any(typing.get_origin(o) is Mapping for o in options):
            found = True
            if isinstance(value, Mapping):
                # A partial record (update_tag's tag has no uuid) stays a
                # mapping: the function completes it itself.
                with contextlib.suppress(nm.InvalidArgumentError):
                    converted[index] = jxon.load(records[0], value)
    return tuple(converted) if found else None


def ratio_of_medians(
    ours: Callable[[], object], baseline: Callable[[], object], *, number: int, rounds: int = 15
) -> tuple[float, float, float]:
    """Median per-call seconds of `ours` and `baseline`, and the median of per-round ratios.

    Each round times `number` calls of one, then of the other: a load swing
    on a shared machine hits both halves of a round, so the per-round ratio
    stays meaningful even when the absolute times do not.
    """
    ours()
    baseline()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        for fn, runs in ((ours, times[0]), (baseline, times[1])):
            start = time.perf_counter()
            for _ in range(number):
                fn()
            runs.append((time.perf_counter() - start) / number)
    ratios = [a / b for a, b in zip(*times, strict=True)]
    return statistics.median(times[0]), statistics.median(times[1]), statistics.median(ratios)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, help="article (default: corpus text article)")
    parser.add_argument("--number", type=int, default=200, help="calls per timed round")
    args = parser.parse_args()
    name, raw = (args.file.name, args.file.read_bytes()) if args.file else sample_article()
    item = newsml.loads(raw)
    table = calls(item)
    warnings.simplefilter("ignore", DeprecationWarning)
    # As timeit does: the cyclic collector runs at moments unrelated to the
    # code timed (allocation counts), which only adds noise to the ratios.
    gc.disable()

    def baseline() -> object:
        return attrs.evolve(item)

    print(f"article: {name}, {len(raw) / 1024:.1f} KiB; 15 rounds x {args.number} calls, medians")
    print(f"{'function':<56}{'ours':>9}{'evolve':>9}{'ratio':>7}  target")
    worst: dict[str, float] = {}
    misses = []
    records = {n: as_records(n, table.get(n, ())) for n in newsitem.MUTATORS}
    sections: list[tuple[str, tuple[str, ...], float | None, bool]] = [
        ("mutators given records", newsitem.MUTATORS, 10.0, True),
        ("mutators given mappings", tuple(n for n in newsitem.MUTATORS if records[n]), None, False),
        ("getters", newsitem.GETTERS, 3.0, False),
    ]
    for kind, names, target, use_records in sections:
        print(f"-- {kind}")
        worst[kind] = 0.0
        for fn_name in names:
            fn: Callable[..., Any] = getattr(newsitem, fn_name)
            fn_args = table.get(fn_name, ())
            if use_records and records.get(fn_name):
                fn_args = records[fn_name]  # type: ignore[assignment]
            ours, base, ratio = ratio_of_medians(
                lambda fn=fn, fn_args=fn_args: fn(item, *fn_args), baseline, number=args.number
            )
            worst[kind] = max(worst[kind], ratio)
            mark = "" if target is None or ratio <= target else "  over"
            if mark:
                misses.append(fn_name)
            limit = "" if target is None else f"<= {target:g}"
            print(
                f"{fn_name:<56}{ours * 1e6:>7.2f}us{base * 1e6:>7.2f}us{ratio:>7.1f}  {limit}{mark}"
            )
    print(
        "; ".join(f"worst {kind} {ratio:.1f}x" for kind, ratio in worst.items())
        + f"; over target: {', '.join(misses) or 'none'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
