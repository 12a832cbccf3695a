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
from citecheck.providers._builder import Builder, as_data, field, keyed_location, sentence_before
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
# A chunk's location object: ``{"marker": number, "chunk": chunk}``, made when its citation is read.
_RAW = ("marker", "chunk")
# Longer numbers name no chunk by position (and `int` refuses numbers of over 4,300 digits).
_LONGEST = 18


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
    by_number = _by_number(chunks)
    builder = Builder(_PROVIDER, documents)
    builder.add_text(text)
    floor = 0
    # One location per chunk, by position, made on its first marker (not one per citation).
    places: list[Place | None] = [None] * len(chunks)
    for group in _GROUP.finditer(text):
        start, end = sentence_before(text, group.start(), floor)
        floor = group.end()
        if start >= end:
            continue  # a marker with no words before it (a list of sources): nothing is claimed
        claim = builder.claim_at(start, end)
        for number in _NUMBER.findall(group.group(0)):
            at = _position(number, by_number, len(chunks))
            if at is None:
                raise ProviderResponseError(
                    _PROVIDER, f"answer, marker {group.group(0)!r} at {group.start()}", f"no chunk {number}"
                )
            _chunk(builder, claim, number, chunks[at], places, at)
    return builder.build()


def _by_number(chunks: list[Any]) -> dict[str, int] | None:
    """The chunks' positions by the number their markers use; ``None`` when no chunk has an id (a marker is a position).

    Raises:
        ProviderResponseError: Two chunks have one number.
    """
    if not any(isinstance(chunk, Mapping) and chunk.get("id") is not None for chunk in chunks):
        return None  # no dict, no string per chunk: thousands of chunks cost their list alone
    by_number: dict[str, int] = {}
    for position, chunk in enumerate(chunks, start=1):
        key = str(chunk.get("id") if isinstance(chunk, Mapping) and chunk.get("id") is not None else position)
        if key in by_number:  # one would hide the other: which one a marker means cannot be told
            raise ProviderResponseError(
                _PROVIDER, f"chunks[{position - 1}].id", f"{key!r} is the id of an earlier chunk too"
            )
        by_number[key] = position - 1
    return by_number


def _position(number: str, by_number: dict[str, int] | None, count: int) -> int | None:
    """The position of the chunk marker ``number`` names, ``None`` when none is."""
    if by_number is not None:
        return by_number.get(number)
    if number.startswith("0") or len(number) > _LONGEST:  # "03" is not "3": no chunk is numbered so
        return None
    position = int(number)
    return position - 1 if position <= count else None


def _chunk(builder: Builder, claim: int, number: str, chunk: object, places: list[Place | None], at: int) -> None:
    if isinstance(chunk, str):
        builder.chunk(claim, chunk, _label, _place(places, at, "chunk", number, chunk))
        return
    if not isinstance(chunk, Mapping):
        raise ProviderResponseError(_PROVIDER, f"chunks[{number}]", "expected a string or an object")
    text = chunk.get("text") or chunk.get("content") or ""
    if isinstance(text, str) and text.strip():
        builder.chunk(claim, text, _label, _place(places, at, "chunk", number, chunk))
        return
    sent = builder.resolve(builder.next_id(claim), keys=(chunk.get("url"), chunk.get("title")), what="chunk")
    if sent is not None:
        builder.whole(claim, sent, _place(places, at, "document", number, chunk))


def _label(place: Place) -> str:
    """A chunk citation's source: the chunk's title, else its marker (``[2]``), made when the citation is read.

    A string per chunk, and with it a tuple per citation of a chunk cited once, were most of what
    an answer citing thousands of distinct chunks held.
    """
    number, chunk = place.raw
    return str(chunk.get("title") or f"[{number}]") if isinstance(chunk, Mapping) else f"[{number}]"


def _place(places: list[Place | None], at: int, kind: str, number: str, chunk: object) -> Place:
    """The location of the chunk at ``at``: one frozen object for every marker of that chunk, not one per citation.

    A numbered answer cites in a few bytes (``[1]``); a location per marker made it peak at 100x its JSON.
    """
    found = places[at]
    if found is None:
        found = places[at] = keyed_location(kind, _RAW, (number, chunk))
    return found
