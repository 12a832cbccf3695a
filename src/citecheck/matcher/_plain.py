"""Documents built from plain ``{section id: text}`` mappings, kept while the mapping is unchanged.

The cookbook's calling style passes the same dict to `locate` or `check_citation` once per
citation. Building a `Document` (and then its matcher index and reference lookups) on every call
would cost O(document) per quote; instead the few most recently used mappings keep the document
built from them. A kept document is reused only when the mapping still holds the very same ids
and texts in the same order, so a mapping changed in place (a section added, removed or replaced)
gets a new document. That check compares the ids and texts by identity first, in C: about 25 ns
per section, against a build that costs the whole text.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping

from citecheck._models import Document

__all__ = ["KEPT_MAPPINGS", "document_of"]

KEPT_MAPPINGS = 4
"""How many mappings keep their document: a loop over citations reuses one; a few documents in
turn stay fast; older ones are let go, with their indexes."""

_lock = threading.Lock()
# id(mapping) -> (its ids, its texts, the document built from them). The ids and texts are kept
# (not the mapping, which a dict cannot be weakly referenced from) so that a new mapping that
# happens to get a freed one's id is only given its document when its contents are the same.
_kept: OrderedDict[int, tuple[tuple[object, ...], tuple[object, ...], Document]] = OrderedDict()


def document_of(value: Document | Mapping[str, str]) -> Document:
    """A `Document` as it is; a mapping's document, reused while the mapping is unchanged.

    Raises:
        DocumentError: ``value`` is neither a `Document` nor a mapping of strings to strings.
    """
    if isinstance(value, Document) or not isinstance(value, Mapping):
        return Document.of(value)
    ids, texts = tuple(value.keys()), tuple(value.values())
    with _lock:
        kept = _kept.get(id(value))
        if kept is not None and kept[0] == ids and kept[1] == texts:
            _kept.move_to_end(id(value))
            return kept[2]
    document = Document.from_sections(value)
    with _lock:
        _kept[id(value)] = (ids, texts, document)
        _kept.move_to_end(id(value))
        while len(_kept) > KEPT_MAPPINGS:
            _kept.popitem(last=False)
    return document
