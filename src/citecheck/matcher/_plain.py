"""Documents built from plain ``{section id: text}`` mappings, kept while the mapping is unchanged.

The cookbook's calling style passes the same dict to `locate` or `check_citation` once per
citation. Building a `Document` (and then its matcher index and reference lookups) on every call
would cost O(document) per quote; instead the few most recently used mappings keep the document
built from them. A kept document is reused only when the mapping is unchanged since it was built,
so a mapping changed in place (a section added, removed, replaced or moved) gets a new document.

A mapping is unchanged when its ids and texts are the very ones the document was built from, in
the same order: compared by identity first, in C (about 25 ns per section, against a build that
costs the whole text), so a dict of 6,000 sections costs a fraction of a millisecond per call. No
interpreter internals are read: no version tag, no memory read through ctypes.
Passing the `Document` (``Document.from_sections(mapping)``, once) skips even that comparison.
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
# id(mapping) -> (its ids and texts when the document was built, the document built from it). The
# ids and texts, not the mapping (a dict cannot be weakly referenced), so that a new mapping that
# happens to get a freed one's id is only given its document when its contents are the same.
_kept: OrderedDict[int, tuple[tuple[tuple[object, ...], tuple[object, ...]], Document]] = OrderedDict()


def _state_of(value: Mapping[str, str]) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """What must be the same for ``value`` to be unchanged: its ids and texts, in order."""
    return tuple(value.keys()), tuple(value.values())


def document_of(value: Document | Mapping[str, str]) -> Document:
    """A `Document` as it is; a mapping's document, reused while the mapping is unchanged.

    Raises:
        DocumentError: ``value`` is neither a `Document` nor a mapping of strings to strings.
    """
    if isinstance(value, Document) or not isinstance(value, Mapping):
        return Document.of(value)
    state = _state_of(value)
    with _lock:
        kept = _kept.get(id(value))
        if kept is not None and kept[0] == state:
            _kept.move_to_end(id(value))
            return kept[1]
    document = Document.from_sections(value)
    with _lock:
        _kept[id(value)] = (state, document)
        _kept.move_to_end(id(value))
        while len(_kept) > KEPT_MAPPINGS:
            _kept.popitem(last=False)
    return document
