"""Edits win over the carrier, checked where a document was edited (the carrier law).

The law: the item loaded from an edited document shows every field a reader
of its document sees as the edit made it, or, where NewsML cannot hold the
edit, as the conversion without the carrier makes it. The carrier only
restores what the document does not show.

`make` and `apply` aim at the law by construction (guards, keys, components),
but an edit can meet the carrier in ways no guard foresaw. So `load` checks
it: a document whose visible content is the one `dump` wrote (its
anchors' digests, or the fingerprint, key ``h``, of an earlier release's
carrier) gets the carried original back, for
which the law holds by losslessness. An edited document gets the patch
derived from the original only where the result passes the law (`shows`);
where it does not, the smallest part of the patch that breaks it is left
out (one child of the root, then one child of that child), and failing
that the whole patch: the edit wins, what the carrier held there is not
restored.

Internal module.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import orjson

from newsml_codecs.document._kind_times import DOCUMENT_TIMES, instant_parts
from newsml_model import NewsItemError

Patch = dict[str, Any]
Visible = Callable[[Any], dict[str, Any]]
Apply = Callable[[Patch], Any]


def fingerprint(doc: dict[str, Any]) -> str:
    """A digest of what a reader sees of `doc` (without its carrier): `digest` of `visible_bytes`."""
    return digest(visible_bytes(doc))


def digest(data: bytes) -> str:
    """The fingerprint of `visible_bytes` (key ``h`` of earlier carriers), and the anchors' digests."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def visible_bytes(doc: dict[str, Any]) -> bytes:
    """What a reader sees of `doc` (without its carrier), as canonical JSON bytes.

    What protobuf changes on the way is left out, so a document that went
    through the service's protobuf route unedited is still recognised: field
    order (keys are sorted), empty lists, and the spelling of the document's
    times (each counts as its instant, as `load` restores the spelling of an
    unchanged instant). Anything else protobuf changed only makes the
    document count as edited, which costs time, never correctness. Their
    length is the document's size the carrier is bounded by.
    """
    seen = {key: value for key, value in doc.items() if value != []}
    for key in DOCUMENT_TIMES:
        value = seen.get(key)
        if value.__class__ is str:
            moment = instant_parts(value)
            if moment is not None:
                seen[key] = moment
    return canonical_bytes(seen)


def same_visible(got: dict[str, Any], doc: dict[str, Any]) -> bool:
    """``visible_bytes(got) == visible_bytes(doc)``, serialising only the fields that differ.

    `got` is a document `dump` wrote (strings, lists and objects only, as
    every document `dump` writes): a field of `doc` equal to its field is
    the same JSON, so only the others are written (`visible_bytes` of the
    field alone, its time as its instant). Sorted keys make the whole
    document's bytes those of its fields in order: equal fields, equal bytes.
    """
    shown = [key for key, value in got.items() if value != []]
    if len(shown) != sum(value != [] for value in doc.values()):
        return False
    for key in shown:
        if key not in doc:
            return False
        value = got[key]
        other = doc[key]
        if value != other and visible_bytes({key: value}) != visible_bytes({key: other}):
            return False
    return True


def canonical_bytes(value: Any) -> bytes:
    """`value` as JSON bytes with sorted keys (what `digest` and the carrier's digests hash)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):  # a lone surrogate, a huge integer
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        return text.encode("utf-8", "surrogatepass")


def shows(got: Any, edited: Any, want: Any) -> bool:
    """Whether the visible document `got` shows, value by value, `edited` or else `want`.

    Args:
        got: The document of the item loaded with the carrier.
        edited: The document as the user left it (no carrier).
        want: The document of the item loaded without the carrier.

    Objects agree field by field. A list agrees with whichever of the two has
    its length, element by element (an element may also be any of the user's
    in that list: a duplicated block NewsML holds once keeps the user's
    content); or, where NewsML holds the edit only in part, as a multiset
    (`_in_part`).
    """
    if got in (edited, want):
        return True
    if want is None and got.__class__ in (dict, list):
        want = got.__class__()  # the conversion lacks the whole field: each part is absent
    kinds = (got.__class__, edited.__class__, want.__class__)
    if kinds == (dict, dict, dict):
        return all(shows(got.get(k), edited.get(k), want.get(k)) for k in {*got, *edited, *want})
    if kinds != (list, list, list):
        return False
    # each element's key made once for both checks (`_key`: the most of their cost)
    keys = [list(map(_key, got)), list(map(_key, edited)), list(map(_key, want))]
    if any(
        len(got) == len(guide) and _agrees(got, guide, other, edited)
        for guide, other in ((edited, want), (want, edited))
    ) and _in_order(*keys):
        return True
    return _in_part(*keys)


def _agrees(got: list[Any], guide: list[Any], other: list[Any], edited: list[Any]) -> bool:
    """Whether each element of `got` is one of the user's or shows its place in `guide`."""
    mine = guide is edited
    return all(
        value in edited
        or shows(
            value,
            guide[i] if mine else _at(other, i),
            _at(other, i) if mine else guide[i],
        )
        for i, value in enumerate(got)
    )


def _key(value: Any) -> bytes:
    """`value`'s identity in a list: equal where ``json.dumps(value, sort_keys=True)`` is.

    orjson writes it five times faster; where it would tell apart what
    ``json.dumps`` does not, or not what it does (NaN and the infinities
    written ``null``, a datetime it writes and ``json.dumps`` refuses), or
    refuses it (a lone surrogate, a huge integer), ``json.dumps``'s text
    is the key, after a byte orjson never starts its text with.
    """
    try:
        key = orjson.dumps(value, option=_KEY_OPTIONS)
    except (TypeError, orjson.JSONEncodeError):
        key = b"null"
    if b"null" in key:  # a None, NaN or an infinity (or text saying null): json.dumps's
        return b"\0" + json.dumps(value, sort_keys=True).encode("ascii")
    return key


_KEY_OPTIONS = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


def _in_order(got: list[bytes], edited: list[bytes], want: list[bytes]) -> bool:
    """Whether the user's elements in `got` keep the user's order where NewsML can hold it.

    A reorder wins like any edit: the carrier may not put back the original
    order of what the user reordered. Two neighbours the user has the other
    way round are right only where the conversion without the carrier orders
    them so too (NewsML keeps services after links, contentMeta links after
    itemMeta's). Elements the user has more than once are not judged. The
    three lists are of the elements' keys (`_key`).
    """
    users = _positions(edited)
    theirs = _positions(want)
    kept = [k for k in got if users.get(k, -1) >= 0]
    for first, second in pairwise(kept):
        if users[first] > users[second]:
            a, b = theirs.get(first, -1), theirs.get(second, -1)
            if a < 0 or b < 0 or a > b:
                return False
    return True


def _at(values: list[Any], index: int) -> Any:
    return values[index] if index < len(values) else None


def _positions(keys: list[bytes]) -> dict[bytes, int]:
    """Each key's index (-1 for a key found more than once)."""
    at: dict[bytes, int] = {}
    for index, key in enumerate(keys):
        at[key] = -1 if key in at else index
    return at


def _in_part(mine: list[bytes], users: list[bytes], theirs: list[bytes]) -> bool:
    """A list holding the edit in part: each element the user's or the conversion's.

    What the user has and the list lacks, the conversion lacks too; the
    user's elements keep the user's order or the conversion's. The three
    lists are the keys (`_key`) of the elements of the list got, the
    user's and the conversion's.
    """
    user_count, their_count = Counter(users), Counter(theirs)
    if any(k not in user_count and k not in their_count for k in mine):
        return False
    lost = user_count - Counter(mine)
    only_users = user_count - their_count
    if any(only_users[k] < n for k, n in lost.items()):
        return False
    kept = [k for k in mine if k in user_count]
    return _subsequence(kept, users) or _subsequence(kept, theirs)


def _subsequence(keys: list[bytes], order: list[bytes]) -> bool:
    position = iter(order)
    return all(any(key == other for other in position) for key in keys)


def _neutral(entry: list[Any]) -> list[Any]:
    """`entry` doing nothing, its list position kept (run entries name others by index).

    A carried run inserts no XML; a patched or replaced child stays as the
    document has it (a moved one still moves); a removal becomes an empty run,
    so its component, missing a member, is left out whole.
    """
    if entry[0] == "v":
        return ["v", "", *entry[2:]]
    if entry[0] == "d":
        return ["v", ""]
    return [entry[0], entry[1], entry[2], 0, *entry[4:]]


def _cut(patch: Patch, indices: list[int], inner: int | None = None) -> Patch:
    """`patch` with its ``c`` entries at `indices` neutralised (those of entry `inner`'s when given).

    One copy of the list whatever the number of entries, so a cut of many
    costs what a cut of one does.
    """
    entries = list(patch["c"])
    if inner is None:
        for index in indices:
            entries[index] = _neutral(entries[index])
    else:
        entry = list(entries[inner])
        entry[3] = _cut(entry[3], indices)
        entries[inner] = entry
    return {**patch, "c": entries}


def _children(patch: Any) -> list[int]:
    """Indices of the ``c`` entries of a node patch (none for 0 or a replacement)."""
    if patch.__class__ is dict and "c" in patch:
        return list(range(len(patch["c"])))
    return []


def _narrow(candidates: list[int], attempt: Callable[[list[int]], Any]) -> tuple[list[int], Any]:
    """The fewest of `candidates` whose cut `attempt` accepts (item or None), by halving.

    Starts from all of them (None: even that fails) and keeps a half while
    one half alone passes: at most 1 + 2 log2(n) attempts, each linear in the
    document, where trying each candidate alone cost n (quadratic in all).
    """
    found = attempt(candidates) if candidates else None
    if found is None:
        return [], None
    while len(candidates) > 1:
        half = len(candidates) // 2
        for part in (candidates[:half], candidates[half:]):
            got = attempt(part)
            if got is not None:
                candidates, found = part, got
                break
        else:  # each half alone breaks the law: the cause is in both
            break
    return candidates, found


def keep_edits(
    patch: Patch,
    applied: Any,
    bare: Any,
    edited: dict[str, Any],
    apply: Apply,
    visible: Visible,
) -> Any:
    """The item of an edited document: `applied` if it passes the law, else the least cut found.

    The parts of the patch left out are found by halving (`_narrow`): first
    among the children of the root, then, where one child holds the cause,
    among that child's children. Linear in the document, times a logarithm.

    Args:
        patch: The carrier's patch, checked.
        applied: `apply` of the whole `patch`.
        bare: The item without the carrier (the conversion the law falls back on).
        edited: The document as the user left it, without the carrier.
        apply: Applies a patch to the export (the same as made `applied`).
        visible: The document a reader sees of an item (`dump` without carriers).
    """
    try:
        want = visible(bare)
    except NewsItemError:
        return bare  # the conversion itself cannot show the item: nothing to restore into

    def passes(item: Any) -> bool:
        try:
            return shows(visible(item), edited, want)
        except NewsItemError:
            return False

    def passing(cut: Patch) -> Any:
        try:
            item = apply(cut)
        except NewsItemError:
            return None
        return item if passes(item) else None

    if passes(applied):
        return applied
    roots, cut = _narrow(_children(patch), lambda indices: passing(_cut(patch, indices)))
    if cut is None:
        return bare
    if len(roots) == 1:
        # The cause is under this child: leave out only the part of it that breaks the law.
        (index,) = roots
        entry = patch["c"][index]
        inner = _children(entry[3] if entry[0] in ("s", "m", "n") else None)
        _, finer = _narrow(inner, lambda indices: passing(_cut(patch, indices, index)))
        if finer is not None:
            return finer
        # Halving fails where cutting one entry breaks another's pair (a carried
        # run and the drop that makes room for it): a few entries alone, then
        # the whole child. A bounded number of tries keeps the load linear.
        for single in inner[:_SINGLE_TRIES]:
            finer = passing(_cut(patch, [single], index))
            if finer is not None:
                return finer
    return cut


_SINGLE_TRIES = 16
"""Entries of one child tried alone when halving finds no cut (each try is a whole check)."""
