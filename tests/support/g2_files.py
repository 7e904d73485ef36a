"""The NewsML-G2 documents of the shared wire material, for the g2 codec's tests.

Read in place (never copied into the repository); each list is empty, and
the params skip, when ``../shared/wire`` is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support import ROOT

WIRE = ROOT.parent / "shared" / "wire"
G2_EXAMPLES = WIRE / "newsml-g2" / "examples"
TT_SAMPLE = WIRE / "ninjs" / "examples" / "xslt" / "TT_newsmlg2_sample.xml"

FRAGMENTS = {
    "LISTING_7_Group_Set_example_showing_Hierarchical_Package_Structure.xml": "groupSet",
    "LISTING_8_Group_Set_example_showing_an_ALT_Package_Mode.xml": "groupSet",
    "LISTING_25_An_NITF_marked-up_article_conveyed_in_inlineXML.xml": "contentSet",
    "LISTING_28_Illustrating_Located_Subject_and_Dateline.xml": "contentMeta",
}
"""Guideline listings that are parts of an item (file name -> root), not documents."""


def g2_documents() -> list[Path]:
    """Every NewsML-G2 document of the wire material: examples, catalogs, TT's sample."""
    if not WIRE.is_dir():
        return []
    found = sorted(WIRE.glob("newsml-g2/examples/*.xml")) + sorted(
        WIRE.glob("newsml-g2/catalogs/*.xml")
    )
    documents = [path for path in found if path.name not in FRAGMENTS]
    return [*documents, TT_SAMPLE] if TT_SAMPLE.is_file() else documents


def params(paths: list[Path]) -> list[object]:
    """`paths` as pytest params named by file, or one skipped param when there are none."""
    if not paths:
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/wire is absent"))]
    return [pytest.param(path, id=path.name) for path in paths]


def fragment_params() -> list[object]:
    """The fragment listings with their roots, as params (skipped when absent)."""
    found = [(G2_EXAMPLES / name, root) for name, root in sorted(FRAGMENTS.items())]
    present = [pytest.param(path, root, id=path.name) for path, root in found if path.is_file()]
    if not present:
        return [pytest.param(None, None, marks=pytest.mark.skip(reason="../shared/wire is absent"))]
    return present
