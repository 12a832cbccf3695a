"""Plain RAG answers: an answer with numbered markers (``[1]``, ``[^2]``, ``[1, 3]``) and the chunks retrieved.

The response is ``{"answer": "...", "chunks": [...]}``: each chunk a string, or an object with its
``text`` and optionally an ``id`` (the number its markers use), a ``title`` and a ``url``. Markers
count from 1 unless the chunks have ids. The sentence a marker ends is the claim; the chunk is the
section the judge reads. A chunk with no text but a title or url is looked up among the documents
given, and passages are picked from it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from citecheck._models import Document
from citecheck.providers._builder import Builder, as_data, field, location, sentence_before
from citecheck.providers._model import (
    ProviderAnswer,
    ProviderName,
    ProviderResponseError,
    SentDocument,
)
from citecheck.providers._records import Place

__all__ = ["read_numbered"]

_PROVIDER: ProviderName = "numbered"
# A marker group; "[^2]:" at a line's start defines footnote 2 and cites nothing.
_GROUP = re.compile(r"(?:\[\^?\d+(?:\s*[,;]\s*\^?\d+)*\])+(?!:)")
_NUMBER = re.compile(r"\d+")


def read_numbered(
    response: object, documents: Sequence[Document | SentDocument] | Mapping[str, Document] = ()
) -> ProviderAnswer:
    """Read an answer with numbered citation markers and its list of chunks.

    Args:
        response: ``{"answer": str, "chunks": [str | {"id", "text", "title", "url"}]}``.
        documents: Documents for chunks given without text, by title or url.

    Raises:
        ProviderResponseError: The shape is wrong, or a marker names no chunk.
        ProviderSourceError: A chunk without text names none of ``documents``.
    """
    data = as_data(response, _PROVIDER)
    text = field(data, "answer", "text", where="response", provider=_PROVIDER, kind=str)
    chunks = field(data, "chunks", "sources", "contexts", where="response", provider=_PROVIDER, kind=list)
    by_number: dict[str, Any] = {}
    for position, chunk in enumerate(chunks, start=1):
        key = str(chunk.get("id") if isinstance(chunk, Mapping) and chunk.get("id") is not None else position)
        if key in by_number:  # one would hide the other: which one a marker means cannot be told
            raise ProviderResponseError(
                _PROVIDER, f"chunks[{position - 1}].id", f"{key!r} is the id of an earlier chunk too"
            )
        by_number[key] = chunk
    builder = Builder(_PROVIDER, documents)
    builder.add_text(text)
    floor = 0
    places: dict[str, Place] = {}
    for group in _GROUP.finditer(text):
        start, end = sentence_before(text, group.start(), floor)
        floor = group.end()
        if start >= end:
            continue  # a marker with no words before it (a list of sources): nothing is claimed
        claim = builder.claim_at(start, end)
        for number in _NUMBER.findall(group.group(0)):
            chunk = by_number.get(number)
            if chunk is None:
                raise ProviderResponseError(
                    _PROVIDER, f"answer, marker {group.group(0)!r} at {group.start()}", f"no chunk {number}"
                )
            _chunk(builder, claim, number, chunk, places)
    return builder.build()


def _chunk(builder: Builder, claim: int, number: str, chunk: object, places: dict[str, Place]) -> None:
    if isinstance(chunk, str):
        builder.chunk(claim, chunk, f"[{number}]", _place(places, "chunk", number, chunk))
        return
    if not isinstance(chunk, Mapping):
        raise ProviderResponseError(_PROVIDER, f"chunks[{number}]", "expected a string or an object")
    text = chunk.get("text") or chunk.get("content") or ""
    if isinstance(text, str) and text.strip():
        builder.chunk(claim, text, str(chunk.get("title") or f"[{number}]"), _place(places, "chunk", number, chunk))
        return
    sent = builder.resolve(builder.next_id(claim), keys=(chunk.get("url"), chunk.get("title")), what="chunk")
    if sent is not None:
        builder.whole(claim, sent, _place(places, "document", number, chunk))


def _place(places: dict[str, Place], kind: str, number: str, chunk: object) -> Place:
    """The location of marker ``number``: one frozen object for every marker of that chunk, not one per citation.

    A numbered answer cites in a few bytes (``[1]``); a location per marker made it peak at 100x its JSON.
    """
    found = places.get(number)
    if found is None:
        found = places[number] = location(kind, {"marker": number, "chunk": chunk})
    return found
