"""Documents built from plain ``{section id: text}`` mappings, kept while the mapping is unchanged.

The cookbook's calling style passes the same dict to `locate` or `check_citation` once per
citation. Building a `Document` (and then its matcher index and reference lookups) on every call
would cost O(document) per quote; instead the few most recently used mappings keep the document
built from them. A kept document is reused only when the mapping is unchanged since it was built,
so a mapping changed in place (a section added, removed, replaced or moved) gets a new document.

Knowing that a mapping is unchanged:

- A plain `dict` on CPython: its version tag (PEP 509), which CPython sets from one counter for
  every dict at each change (an item set to another object, added, removed, cleared, updated) and
  when a dict is made. So the same dict with the same tag holds the very same ids and texts, and
  a new dict that happens to get a freed one's `id` never has its tag. Reading it costs the same
  at 6,000 sections as at 6. Python has no public way to read it, so it is read from the dict's
  memory, after checking once, on dicts it makes and changes itself, that the field it reads is
  the tag and moves with every kind of change (PEP 509 defines it for CPython 3.6 on; 3.12
  deprecated it). Wherever that check fails (another Python, a free-threaded build, a CPython that
  no longer keeps the tag), the next rule is used.
- Any other mapping: its ids and texts compared with those the document was built from, by
  identity first, in C (about 25 ns per section, against a build that costs the whole text).
"""

from __future__ import annotations

import sys
import sysconfig
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping

from citecheck._models import Document

__all__ = ["KEPT_MAPPINGS", "document_of"]

KEPT_MAPPINGS = 4
"""How many mappings keep their document: a loop over citations reuses one; a few documents in
turn stay fast; older ones are let go, with their indexes."""


def _dict_version_reader() -> Callable[[dict[str, str]], int] | None:
    """A function reading a dict's version tag, or ``None`` where it cannot be read reliably."""
    if sys.implementation.name != "cpython" or sysconfig.get_config_var("Py_GIL_DISABLED"):
        return None
    import ctypes  # only here: most users never pass a plain dict

    # PyDictObject starts with the object header, then ma_used (Py_ssize_t), then ma_version_tag (uint64).
    used_at = object.__basicsize__
    alignment = ctypes.alignment(ctypes.c_uint64)
    tag_at = -(-(used_at + ctypes.sizeof(ctypes.c_ssize_t)) // alignment) * alignment
    if dict.__basicsize__ < tag_at + ctypes.sizeof(ctypes.c_uint64):
        return None

    def used(value: dict[str, str]) -> int:
        return ctypes.c_ssize_t.from_address(id(value) + used_at).value

    def version(value: dict[str, str]) -> int:
        return ctypes.c_uint64.from_address(id(value) + tag_at).value

    return version if _tag_tracks_changes(used, version) else None


def _tag_tracks_changes(used: Callable[[dict[str, str]], int], version: Callable[[dict[str, str]], int]) -> bool:
    """Whether ``version`` reads a tag that every kind of change moves, and ``used`` the size next to it."""
    probe = {str(n): f"text {n}" for n in range(3)}
    seen = {version(probe)}
    if any(used({str(n): "" for n in range(size)}) != size for size in (0, 1, 5, 40)):
        return False  # not the layout assumed: the tag would be read from the wrong place
    changes: list[Callable[[dict[str, str]], object]] = [
        lambda m: m.__setitem__("1", "another text"),  # same size, one text replaced
        lambda m: m.__setitem__("3", "added"),
        lambda m: m.pop("0"),
        lambda m: m.__setitem__("1", m.pop("1")),  # same contents, another order
        lambda m: m.update({"2": "updated"}),
        lambda m: m.setdefault("4", "set by default"),
        lambda m: m.popitem(),
        lambda m: m.clear(),
    ]
    for change in changes:
        before = version(probe)
        if version(probe) != before or len(probe) != used(probe):
            return False  # reading alone moved it: not a tag
        change(probe)
        after = version(probe)
        if after in seen:
            return False
        seen.add(after)
    fresh = [{"1": "text"} for _ in range(8)]
    return len({version(m) for m in fresh} | seen) == len(fresh) + len(seen)


_lock = threading.Lock()
_version: Callable[[dict[str, str]], int] | None = None
_version_checked = False
# id(mapping) -> (what says it is unchanged, the document built from it). What says it is unchanged
# is the dict's version tag, or its ids and texts (not the mapping, which a dict cannot be weakly
# referenced from), so that a new mapping that happens to get a freed one's id is only given its
# document when its contents are the same.
_kept: OrderedDict[int, tuple[object, Document]] = OrderedDict()


def _state_of(value: Mapping[str, str]) -> object:
    """What must be the same for ``value`` to be unchanged."""
    global _version, _version_checked
    if type(value) is dict:
        if not _version_checked:
            with _lock:
                if not _version_checked:
                    _version = _dict_version_reader()
                    _version_checked = True
        if _version is not None:
            return _version(value)
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
