"""The lossless carrier: what the reference's document drops, travelling in ``x-newsml/patch``.

Internal package: `newsml_codecs.document._convert` is its one user, and
docs/mapping.md ("Carriers") describes it for users. The flow::

    dump:  item ──dump_recording──▶ document, and each block's source node
             └─ original.pack ──▶ {"o": original, "u": uuid,
                                   "t": times,
                                   "n": anchors.record
                                        (+ "k", "b": lean.skeleton, when
                                         from_newsml read the text;
                                         "s": seal.seal of o and b, under
                                         the converter's key)}   ──▶ last property

    load:  document ──check──▶ record.read_carrier: a Carrier, its fields named
           document read as a reader sees it (empty fields absent)
             ├─ anchors.shown: digests still the anchors' ("h" in
             │   an earlier release's carrier) ──▶ the original, done
             ├─ edited, with anchors ──▶ anchored.restore (on lean.original_of's
             │                           original in to_newsml): the original's nodes
             │                           where their blocks are unchanged, the
             │                           edited blocks loaded in their place,
             │                           changed fields written where dump
             │                           reads them (declines: the patch way)
             └─ edited, the patch way ──▶ patch = make.make_patch(original, export)
                             item = load_any(document)       # the reference's export
                             apply.apply_patch(item, patch)  # what the reference dropped
                             law.keep_edits                  # edits win, else a cut of the patch
             then copies.refresh                             # renditions of changed text go

The modules, by step:

* `record`: the carrier's value read and checked once (`Carrier`).
* `original`: the carrier `dump` writes (the original, packed and bounded;
  the text `newsml.loads` read when there is one), the originals and the
  patches remembered per carrier.
* `lean`: the skeleton `from_newsml` records, and the original `to_newsml`
  builds of it, whose other nodes are text the writer copies
  (`newsml_codecs._xmlraw.Raw`), with `seal` (the skeleton's spans known
  whole under the converter's key where it cut them, so its save copies
  them unread).
* `anchors`: the anchors' wire form (``n``) and the digests of a document
  read (`Shown`, XXH3; BLAKE2b for an earlier release's anchors), which
  also tell an unedited one.
* `anchored`, with `pairing` (which node each block shows, and whether a
  block of the kind's own making is still shown), `roles` (where the
  reference keeps a block's node, and the node it makes of a block),
  `merge` (a block edited in place), `units` (a container written again),
  `titles` (where a title goes), `fields` (where an item's status, times
  and language go, and which changed properties `properties` writes into
  their ext property or contentMeta element), `elsewhere` (whether a node
  stays where the reference loads none: the result is checked), `listed`
  (whether the lists another kind's save wrote are the document's,
  without dumping the result) with `written` (what `dump` writes of those
  lists, known without dumping them), `made` (a new block's node and
  what `dump` writes of it, remembered by the block's JSON), `layout`
  (where a list's anchored nodes stand, read once per original) and
  `exports` (what a save works out of the original alone, made once per
  original): the anchored save. Their per-process tables are kept bounded
  by `newsml_codecs._bounded`.
* `make`, with `keys` (children's identity and XML text), `order` (pairing
  and order of children) and `guards` (what ties a carried run to the
  document): the patch, node by node, of what the export lacks.
* `entries` (the patch's JSON as `apply` follows it), `check` (its shape,
  before anything of it is applied), `pieces` (its XML read in place) and
  `apply`: the patch put back into the export.
* `law`: whether the result shows every edit; if not, the least part of
  the patch to leave out.
* `copies`: text NewsML holds twice (a body's plain rendition, a list's
  title), dropped or rewritten when the user changed what it copies.

A carrier of an earlier release has no anchors and goes the patch way; one
of the release before holds the patch itself instead of ``o``.
"""
