"""Order of matched children, for the lossless carriers (`make`).

Once each original child is paired with an exported one (which stay where
the export writes them is `newsml_model.tree.kept_in_order`), these decide which
replace an unmatched exported counterpart, and which moved children form one
run filled in the export's order.

Internal module: its names are shared with `make`.
"""

from __future__ import annotations

from itertools import pairwise

from newsml_codecs.document._carrier.keys import Parts


def pair_replacements(match: list[int], stable: set[int], exported: int) -> set[int]:
    """Pair what is left unmatched between the same two stable children, when counts agree.

    An original child the reference writes as another element (an IDF
    ``element`` without type comes back as an ``object``) then replaces its
    exported counterpart where the document puts it, and only while that
    counterpart is unchanged. Updates `match` and `stable`; returns the
    original positions paired so.
    """
    used = [False] * exported
    for j in match:
        if j >= 0:
            used[j] = True
    replaced: set[int] = set()
    x_from = e_from = 0
    for anchor in [*sorted(stable), len(match)]:
        e_to = match[anchor] if anchor < len(match) else exported
        x_gap = [k for k in range(x_from, anchor) if match[k] < 0]
        e_gap = [j for j in range(e_from, e_to) if not used[j]]
        if x_gap and len(x_gap) == len(e_gap):
            for k, j in zip(x_gap, e_gap, strict=True):
                match[k] = j
                replaced.add(k)
        x_from, e_from = anchor + 1, e_to + 1
    stable.update(replaced)
    return replaced


def ordered_runs(
    xs: list[Parts], match: list[int], stable: set[int], replaced: set[int]
) -> dict[int, int]:
    """Children of one name the export keeps in order, some of them moved, as one run.

    Every member of such a run becomes moved (out of `stable`), so its places
    are filled in the export's order at load. Returns the run of each
    member: original position -> position of the run's first member.
    """
    classes: dict[str, list[int]] = {}
    for i, j in enumerate(match):
        if j >= 0 and i not in replaced:
            classes.setdefault(xs[i][0], []).append(i)
    runs: dict[int, int] = {}
    for members in classes.values():
        if len(members) < 2 or all(i in stable for i in members):
            continue
        order = [match[i] for i in members]
        if all(a < b for a, b in pairwise(order)):
            for i in members:
                runs[i] = members[0]
                stable.discard(i)
    return runs
