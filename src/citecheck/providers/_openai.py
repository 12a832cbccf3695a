"""OpenAI responses: Responses API, Chat Completions and Assistants messages, with their ``annotations``.

OpenAI quotes nothing. A ``url_citation`` gives the url, title and the span of the answer it
annotates (``start_index``, ``end_index``); when that span is only the link OpenAI inserted
(``([site](url))``), the claim is the sentence before it. A ``file_citation`` gives the file
(``file_id``, ``filename``) and the position in the answer it follows (``index``), or, in an
Assistants message, the span of its ``【4:0†source】`` marker: the claim is the sentence before.
Markers left in the text without an annotation name their file after the ``†``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from citecheck._models import Document
from citecheck.providers._builder import Builder, location, names, optional, response_data, sentence_before
from citecheck.providers._model import ProviderAnswer, ProviderName, ProviderResponseError, SentDocument
from citecheck.providers._stream import is_openai_stream, openai_message

__all__ = ["read_openai"]

_PROVIDER: ProviderName = "openai"
_LINK_ONLY = re.compile(r"^\s*\(?\s*\[[^\]]*\]\([^)]*\)\s*\)?\s*$")
_MARKER = re.compile(r"【(\d+)(?::(\d+))?†([^】]*)】")
_CITING = ("url_citation", "file_citation", "container_file_citation")
_TRAILING_LINKS = re.compile(r"(?:\s*\(?\s*\[[^\]]*\]\([^)]*\)\s*\)?)+\s*$")


def _before_link(text: str, start: int) -> tuple[int, int]:
    """The sentence a link inserted at ``start`` cites: before it, and before the links just ahead of it."""
    first, last = sentence_before(text, start)
    links = _TRAILING_LINKS.search(text, first, last)
    if links is not None and links.start() == first and 0 < first < start:
        return _before_link(text, first)  # nothing but links since the sentence: it is the one before them
    if links is not None and links.start() > first:
        last = links.start()
    return first, last


def read_openai(
    response: object, documents: Sequence[Document | SentDocument] | Mapping[str, Document]
) -> ProviderAnswer:
    """Read an OpenAI Responses, Chat Completions or Assistants message response.

    Args:
        response: The response (a dict, or the SDK's object), or a streamed response: its events or
            chunks in order, or the server-sent event text.
        documents: The files and pages cited, keyed by (or named with) file id, file name or url.

    Raises:
        ProviderResponseError: The response has none of the three shapes.
        ProviderSourceError: A citation names a file or page that is not among ``documents``.
    """
    data = response_data(response, _PROVIDER, is_openai_stream, openai_message)
    builder = Builder(_PROVIDER, documents)
    texts = list(_texts(data))
    for where, text, notes in texts:
        at = builder.add_text(text)
        _annotate(builder, at, text, notes, where)
        if len(texts) > 1:
            builder.add_text("\n\n")
    return builder.build()


def _texts(data: Mapping[str, Any]) -> Any:
    """Each output text of the answer: where it is, its text, its annotations."""
    if isinstance(data.get("output"), list):  # Responses API
        for i, item in enumerate(data["output"]):
            if not isinstance(item, Mapping) or item.get("type") != "message":
                continue  # web and file search calls, reasoning, tool calls
            for j, part in enumerate(
                optional(item, "content", where=f"output[{i}]", provider=_PROVIDER, kind=list) or []
            ):
                if isinstance(part, Mapping) and part.get("type") == "output_text":
                    yield f"output[{i}].content[{j}]", _text(part, f"output[{i}].content[{j}]"), part.get("annotations")
        return
    if isinstance(data.get("choices"), list):  # Chat Completions
        for i, choice in enumerate(data["choices"]):
            message = choice.get("message") if isinstance(choice, Mapping) else None
            if not isinstance(message, Mapping):
                continue
            content = message.get("content")
            if content is None:
                if message.get("annotations"):
                    raise ProviderResponseError(
                        _PROVIDER, f"choices[{i}].message.content", "is null, but the message has annotations"
                    )
                continue  # a tool call: no answer text
            if not isinstance(content, str):
                raise ProviderResponseError(
                    _PROVIDER,
                    f"choices[{i}].message.content",
                    f"expected the answer's text, got {type(content).__name__}",
                )
            yield f"choices[{i}].message", content, message.get("annotations")
        return
    if isinstance(data.get("content"), list):  # an Assistants message
        for j, part in enumerate(data["content"]):
            body = part.get("text") if isinstance(part, Mapping) else None
            if isinstance(body, Mapping):
                yield f"content[{j}].text", _text(body, f"content[{j}].text", "value"), body.get("annotations")
        return
    raise ProviderResponseError(_PROVIDER, "the response", "has no output (Responses), choices (Chat) or content")


def _names(data: Mapping[str, Any], *fields: str, where: str) -> tuple[str | None, ...]:
    return names(data, *fields, where=where, provider=_PROVIDER)


def _text(part: Mapping[str, Any], where: str, name: str = "text") -> str:
    value = part.get(name)
    if not isinstance(value, str):
        raise ProviderResponseError(_PROVIDER, f"{where}.{name}", "expected the answer's text")
    return value


def _annotate(builder: Builder, at: int, text: str, annotations: object, where: str) -> None:
    if annotations is None:
        annotations = []
    if not isinstance(annotations, list):
        raise ProviderResponseError(_PROVIDER, f"{where}.annotations", "expected a list")
    covered: list[tuple[int, int]] = []
    for number, note in enumerate(annotations):
        spot = f"{where}.annotations[{number}]"
        if not isinstance(note, Mapping):
            raise ProviderResponseError(_PROVIDER, spot, "expected an annotation object")
        kind = note.get("type")
        if not isinstance(kind, str):  # without a type, what the annotation cites cannot be told
            raise ProviderResponseError(_PROVIDER, f"{spot}.type", f"expected the annotation's type, got {kind!r:.40}")
        if kind not in _CITING:
            continue  # a file the model wrote (file_path), a gateway's own notes: no source, and maybe no span
        inner = note.get(kind) if isinstance(kind, str) else None
        body: Mapping[str, Any] = inner if isinstance(inner, Mapping) else {}
        merged = {**body, **{k: v for k, v in note.items() if k != kind}}
        start, end = merged.get("start_index"), merged.get("end_index")
        if isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(text):
            covered.append((start, end))
            span = text[start:end]
            claim_span = _before_link(text, start) if _LINK_ONLY.match(span) or _MARKER.fullmatch(span) else None
            first, last = claim_span or (start, end)
        elif isinstance(merged.get("index"), int) and 0 <= merged["index"] <= len(text):
            first, last = sentence_before(text, merged["index"])
        else:
            raise ProviderResponseError(_PROVIDER, spot, "has no start_index/end_index or index into the answer")
        claim = builder.claim_at(at + first, at + last)
        cid = builder.next_id(claim)
        quote = merged.get("quote")
        if kind == "file_citation" and isinstance(quote, str) and quote.strip():
            # Assistants v1 gave the quoted text with the file: then it is checked as a quote.
            sent = builder.resolve(
                cid, keys=_names(merged, "file_id", "filename", where=spot), what="file", quote=quote
            )
            if sent is not None:
                builder.quoted(claim, quote, sent, location("file", note))
            continue
        if kind == "url_citation":
            sent = builder.resolve(cid, keys=_names(merged, "url", "title", where=spot), what="url")
            place = location("url", note)
        else:
            sent = builder.resolve(cid, keys=_names(merged, "file_id", "filename", where=spot), what="file")
            place = location("file", note)
        if sent is not None:
            builder.whole(claim, sent, place)
    for marker in _MARKER.finditer(text):
        if any(s <= marker.start() < e for s, e in covered):
            continue
        first, last = sentence_before(text, marker.start())
        claim = builder.claim_at(at + first, at + last)
        cid = builder.next_id(claim)
        sent = builder.resolve(cid, keys=(marker.group(3),), what="file")
        if sent is not None:
            builder.whole(claim, sent, location("file", {"marker": marker.group(0)}))
