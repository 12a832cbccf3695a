"""Google Gemini and Vertex AI grounding: ``groundingMetadata`` with ``groundingSupports`` and ``groundingChunks``.

A support's ``segment`` is the claim: a span of one part of the answer, whose ``startIndex`` and
``endIndex`` count UTF-8 bytes (not characters); ``groundingChunkIndices`` name the chunks it rests
on, with ``confidenceScores``. A chunk of ``retrievedContext`` (Vertex RAG, file search) carries its
text: that chunk is what the judge reads. A ``web`` chunk is only a uri and a title: the page is
looked up among the documents given, and passages are picked from it. REST's camelCase and the
Python SDK's snake_case are both read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from citecheck._models import Document
from citecheck.providers._builder import Builder, location, response_data
from citecheck.providers._model import ProviderAnswer, ProviderName, ProviderResponseError, SentDocument
from citecheck.providers._stream import gemini_message, is_gemini_stream

__all__ = ["read_gemini"]

_PROVIDER: ProviderName = "gemini"


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _get(data: object, name: str) -> Any:
    if not isinstance(data, Mapping):
        return None
    value = data.get(name)
    return value if value is not None else data.get(_snake(name))


def _list(data: object, name: str, where: str) -> list[Any]:
    value = _get(data, name)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ProviderResponseError(_PROVIDER, f"{where}.{name}", f"expected a list, got {type(value).__name__}")
    return value


def read_gemini(
    response: object, documents: Sequence[Document | SentDocument] | Mapping[str, Document] = ()
) -> ProviderAnswer:
    """Read a Gemini or Vertex AI ``generateContent`` response (its first candidate), or one candidate.

    Args:
        response: The response (a dict, or the SDK's object), or a streamed response: its chunks in
            order, or the server-sent event text (``alt=sse``).
        documents: The web pages or files whose chunks bring no text, keyed by (or named with) uri or title.

    Raises:
        ProviderResponseError: The response has no candidate, or a support points outside the answer.
        ProviderSourceError: A chunk brings no text and names none of ``documents``.
    """
    data = response_data(response, _PROVIDER, is_gemini_stream, gemini_message)
    candidates = _get(data, "candidates")
    candidate = candidates[0] if isinstance(candidates, list) and candidates else data
    parts = _get(_get(candidate, "content"), "parts")
    if not isinstance(parts, list):
        raise ProviderResponseError(_PROVIDER, "candidates[0].content", "has no parts")
    builder = Builder(_PROVIDER, documents)
    offsets = []
    texts = []
    for part in parts:
        text = _get(part, "text")
        text = text if isinstance(text, str) and not _get(part, "thought") else ""
        offsets.append(builder.add_text(text))
        texts.append(text)
    metadata = _get(candidate, "groundingMetadata")
    if metadata is None:
        metadata = {}
    if not isinstance(metadata, Mapping):
        raise ProviderResponseError(
            _PROVIDER, "candidates[0].groundingMetadata", f"expected an object, got {type(metadata).__name__}"
        )
    chunks = _list(metadata, "groundingChunks", "groundingMetadata")
    for number, support in enumerate(_list(metadata, "groundingSupports", "groundingMetadata")):
        where = f"groundingMetadata.groundingSupports[{number}]"
        segment = _get(support, "segment") or {}
        part = _get(segment, "partIndex") or 0
        if not isinstance(part, int) or not 0 <= part < len(texts):
            raise ProviderResponseError(_PROVIDER, f"{where}.segment.partIndex", f"no part {part} in the answer")
        start, end = _segment(texts, offsets, part, segment, where)
        claim = builder.claim_at(start, end)
        for index in _list(support, "groundingChunkIndices", where):
            if not isinstance(index, int) or not 0 <= index < len(chunks):
                raise ProviderResponseError(
                    _PROVIDER, f"{where}.groundingChunkIndices", f"no chunk {index} among {len(chunks)}"
                )
            _chunk(builder, claim, chunks[index], index, support)
    return builder.build()


def _segment(texts: list[str], offsets: list[int], part: int, segment: object, where: str) -> tuple[int, int]:
    """The segment's span of the answer, in characters.

    The documented reading comes first: byte offsets into part ``partIndex``. But Gemini 3 omits
    ``partIndex`` (0) when its text is a later part (after file search's tool parts), so when that
    reading does not give the segment's own ``text``, the offsets are tried in each text part and
    in the answer as a whole; without a ``text`` to tell, in a part that has text. A segment none of
    these reproduces is an error, not a claim guessed.
    """
    start, end = _get(segment, "startIndex") or 0, _get(segment, "endIndex")
    wanted = _get(segment, "text")
    whole = "".join(texts)
    tries = [(offsets[part], texts[part])]
    tries += [(at, text) for at, text in zip(offsets, texts, strict=True) if text] + [(0, whole)]
    for at, text in tries:
        span = _chars(text, start, end)
        if span is not None:
            claim = text[span[0] : span[1]]
            if claim == wanted if isinstance(wanted, str) else claim.strip():
                return at + span[0], at + span[1]
    raise ProviderResponseError(
        _PROVIDER,
        f"{where}.segment",
        f"startIndex {start!r} / endIndex {end!r} are not a span of the answer"
        + (f" holding {wanted!r}" if isinstance(wanted, str) else ""),
    )


def _chars(text: str, start: object, end: object) -> tuple[int, int] | None:
    """Character offsets of a segment given in UTF-8 bytes; ``None`` when they are not a span of ``text``."""
    try:
        encoded = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no byte offsets to count
        return None
    if not isinstance(start, int) or not isinstance(end, int) or not 0 <= start <= end <= len(encoded):
        return None
    return (
        len(encoded[:start].decode("utf-8", errors="ignore")),
        len(encoded[:end].decode("utf-8", errors="ignore")),
    )


def _chunk(builder: Builder, claim: int, chunk: object, index: int, support: Mapping[str, Any]) -> None:
    raw = {"chunk_index": index, "chunk": chunk, "support": support}
    context = _get(chunk, "retrievedContext")
    if isinstance(context, Mapping):
        text = _get(context, "text") or _get(_get(context, "ragChunk"), "text") or ""
        label = _get(context, "title") or _get(context, "uri") or f"chunk {index}"
        if isinstance(text, str) and text.strip():
            builder.chunk(claim, text, str(label), location("chunk", raw))
            return
        keys: tuple[Any, ...] = (_get(context, "uri"), _get(context, "title"))
    else:
        # A web page, or another kind of grounding (maps...): whatever names it.
        named = [
            value for value in (chunk.values() if isinstance(chunk, Mapping) else ()) if isinstance(value, Mapping)
        ]
        keys = tuple(_get(n, key) for n in named for key in ("uri", "title", "domain"))
    sent = builder.resolve(builder.next_id(claim), keys=keys, what="chunk")
    if sent is not None:
        builder.whole(claim, sent, location("url", raw))
