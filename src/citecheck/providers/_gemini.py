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
from citecheck.providers._builder import Builder, keyed_location, response_data
from citecheck.providers._model import ProviderAnswer, ProviderName, ProviderResponseError, SentDocument
from citecheck.providers._stream import gemini_message, is_gemini_stream

__all__ = ["read_gemini"]

_PROVIDER: ProviderName = "gemini"
# The keys of a Gemini citation's location object.
_RAW = ("chunk_index", "chunk", "support")


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
    texts: list[_Utf8] = []
    for part in parts:
        text = _get(part, "text")
        text = text if isinstance(text, str) and not _get(part, "thought") else ""
        texts.append(_Utf8(text, builder.add_text(text)))
    if len(texts) > 1:
        texts.append(_Utf8(builder.text, 0))  # the answer as a whole, the last reading tried
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
        if not isinstance(part, int) or not 0 <= part < len(parts):
            raise ProviderResponseError(_PROVIDER, f"{where}.segment.partIndex", f"no part {part} in the answer")
        start, end = _segment(texts, part, segment, where)
        claim = builder.claim_at(start, end)
        for index in _list(support, "groundingChunkIndices", where):
            if not isinstance(index, int) or not 0 <= index < len(chunks):
                raise ProviderResponseError(
                    _PROVIDER, f"{where}.groundingChunkIndices", f"no chunk {index} among {len(chunks)}"
                )
            _chunk(builder, claim, chunks[index], index, support)
    return builder.build()


def _segment(texts: Sequence[_Utf8], part: int, segment: object, where: str) -> tuple[int, int]:
    """The segment's span of the answer, in characters.

    The documented reading comes first: byte offsets into part ``partIndex``. But Gemini 3 omits
    ``partIndex`` (0) when its text is a later part (after file search's tool parts), so when that
    reading does not give the segment's own ``text``, the offsets are tried in each text part and
    in the answer as a whole (the last of ``texts``); without a ``text`` to tell, in a part that has
    text. A segment none of these reproduces is an error, not a claim guessed.
    """
    start, end = _get(segment, "startIndex") or 0, _get(segment, "endIndex")
    wanted = _get(segment, "text")
    for candidate in (texts[part], *(t for t in texts if t.text)):
        span = candidate.chars(start, end)
        if span is not None:
            claim = candidate.text[span[0] : span[1]]
            if claim == wanted if isinstance(wanted, str) else claim.strip():
                return candidate.at + span[0], candidate.at + span[1]
    raise ProviderResponseError(
        _PROVIDER,
        f"{where}.segment",
        f"startIndex {start!r} / endIndex {end!r} are not a span of the answer"
        + (f" holding {wanted!r}" if isinstance(wanted, str) else ""),
    )


class _Utf8:
    """A text whose UTF-8 byte offsets turn into character offsets in constant time each.

    Each support's offsets were found by encoding the whole part and decoding its prefix: time and a
    copy of the answer per support, quadratic in the supports. Here the text is encoded once, with
    the character count at every `_STRIDE` bytes, so an offset decodes at most a stride.
    """

    def __init__(self, text: str, at: int) -> None:
        self.text, self.at = text, at
        self._ascii = text.isascii()
        self._encoded: bytes | None = None
        self._marks: list[int] = []  # characters before byte k * _STRIDE (moved back to a character's start)
        self._failed = False

    def chars(self, start: object, end: object) -> tuple[int, int] | None:
        """Character offsets of a segment given in UTF-8 bytes; ``None`` when they are not a span of the text."""
        if not isinstance(start, int) or not isinstance(end, int):
            return None
        if self._ascii:
            return (start, end) if 0 <= start <= end <= len(self.text) else None
        encoded = self._bytes()
        if encoded is None or not 0 <= start <= end <= len(encoded):
            return None
        return self._char(encoded, start), self._char(encoded, end)

    def _bytes(self) -> bytes | None:
        if self._encoded is None and not self._failed:
            try:
                self._encoded = self.text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: no byte offsets to count
                self._failed = True
                return None
            chars, previous = 0, 0
            for mark in range(0, len(self._encoded), _STRIDE):
                mark = _char_start(self._encoded, mark)
                chars += len(self._encoded[previous:mark].decode("utf-8"))
                self._marks.append(chars)
                previous = mark
        return self._encoded

    def _char(self, encoded: bytes, offset: int) -> int:
        """``len(encoded[:offset].decode(errors="ignore"))``: whole characters in the first ``offset`` bytes."""
        if not self._marks:  # an empty text
            return 0
        block = min(offset // _STRIDE, len(self._marks) - 1)
        base = _char_start(encoded, block * _STRIDE)  # at or before the offset, at a character's start
        return self._marks[block] + len(encoded[base:offset].decode("utf-8", errors="ignore"))


_STRIDE = 4096


def _char_start(encoded: bytes, offset: int) -> int:
    """``offset``, moved back to the first byte of the character it is in."""
    while 0 < offset < len(encoded) and encoded[offset] & 0xC0 == 0x80:
        offset -= 1
    return offset


def _chunk(builder: Builder, claim: int, chunk: object, index: int, support: Mapping[str, Any]) -> None:
    # The location's object, made when the citation is read: a support citing several chunks is one
    # response object, and a dict of it per chunk was most of a Gemini citation's memory.
    raw = (index, chunk, support)
    context = _get(chunk, "retrievedContext")
    if isinstance(context, Mapping):
        text = _get(context, "text") or _get(_get(context, "ragChunk"), "text") or ""
        label = _get(context, "title") or _get(context, "uri") or f"chunk {index}"
        if isinstance(text, str) and text.strip():
            builder.chunk(claim, text, str(label), keyed_location("chunk", _RAW, raw))
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
        builder.whole(claim, sent, keyed_location("url", _RAW, raw))
