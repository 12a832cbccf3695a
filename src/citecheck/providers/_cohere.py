"""Cohere chat v2 responses: ``message.citations`` with ``start``, ``end``, ``text`` and ``sources``.

A citation's span of the answer is the claim. Each source is a ``document`` (with the ``document``
fields sent: its text, snippet, title...) or a ``tool`` result (``tool_output``): that is the
chunk the judge reads. A source that brings no text is looked up among the documents given, by
id or title, and read as a whole document (passages picked for the claim).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from citecheck._models import Document
from citecheck.providers._builder import Builder, as_data, field, location, optional
from citecheck.providers._model import ProviderAnswer, ProviderName, ProviderResponseError, SentDocument

__all__ = ["read_cohere"]

_PROVIDER: ProviderName = "cohere"
_TEXT_FIELDS = ("text", "snippet", "content", "body", "chunk")


def read_cohere(
    response: object, documents: Sequence[Document | SentDocument] | Mapping[str, Document] = ()
) -> ProviderAnswer:
    """Read a Cohere chat v2 response.

    Args:
        response: The response (a dict, or the SDK's object).
        documents: Documents for sources that bring no text of their own, by id or title.

    Raises:
        ProviderResponseError: The response is not a chat v2 response.
        ProviderSourceError: A source brings no text and names none of ``documents``.
    """
    data = as_data(response, _PROVIDER)
    message = field(data, "message", where="response", provider=_PROVIDER, kind=Mapping)
    content = optional(message, "content", where="message", provider=_PROVIDER, kind=(str, list)) or []
    builder = Builder(_PROVIDER, documents)
    # Offsets count within one content item (``content_index``); the answer is the text items joined.
    items: dict[int, tuple[int, str]] = {}
    for position, part in enumerate([content] if isinstance(content, str) else content):
        piece = part if isinstance(part, str) else part.get("text") if isinstance(part, Mapping) else None
        if isinstance(piece, str) and (isinstance(part, str) or part.get("type", "text") == "text"):
            items[position] = (builder.add_text(piece), piece)
    for number, cited in enumerate(
        optional(message, "citations", where="message", provider=_PROVIDER, kind=list) or []
    ):
        where = f"message.citations[{number}]"
        if not isinstance(cited, Mapping):
            raise ProviderResponseError(_PROVIDER, where, "expected a citation object")
        kind = cited.get("type") or "TEXT_CONTENT"  # a null type reads as absent
        if not isinstance(kind, str):
            raise ProviderResponseError(_PROVIDER, f"{where}.type", f"expected the citation's type, got {kind!r:.40}")
        if kind != "TEXT_CONTENT":
            continue  # THINKING_CONTENT and PLAN cite the model's reasoning, not the answer: no claim to check
        at, text = items.get(optional(cited, "content_index", where=where, provider=_PROVIDER, kind=int) or 0, (0, ""))
        start, end = cited.get("start"), cited.get("end")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(text)):
            raise ProviderResponseError(
                _PROVIDER, where, f"start {start!r} and end {end!r} are not a span of the answer"
            )
        claim = builder.claim_at(at + start, at + end)
        for index, source in enumerate(field(cited, "sources", where=where, provider=_PROVIDER, kind=list)):
            _source(builder, claim, source, f"{where}.sources[{index}]")
    return builder.build()


def _source(builder: Builder, claim: int, source: object, where: str) -> None:
    if not isinstance(source, Mapping):
        raise ProviderResponseError(_PROVIDER, where, "expected a source object")
    label = str(source.get("id") or "")
    if source.get("type") == "tool" or "tool_output" in source:
        output = optional(source, "tool_output", where=where, provider=_PROVIDER, kind=Mapping) or {}
        builder.chunk(claim, _chunk_text(output), label, location("chunk", source))
        return
    fields = optional(source, "document", where=where, provider=_PROVIDER, kind=Mapping) or {}
    text = _chunk_text(fields)
    if text.strip():
        builder.chunk(claim, text, label, location("chunk", source))
        return
    # A document's fields are the user's own: an id or title may be a number.
    keys = (label, *(str(fields[k]) for k in ("id", "title") if fields.get(k) is not None))
    sent = builder.resolve(builder.next_id(claim), keys=keys, what="document")
    if sent is not None:
        builder.whole(claim, sent, location("document", source))


def _chunk_text(fields: Mapping[str, Any]) -> str:
    for name in _TEXT_FIELDS:
        value = fields.get(name)
        if isinstance(value, str) and value.strip():
            return value
    # A tool result or a document of other fields: all of it, as the model was given it.
    rest = {k: v for k, v in fields.items() if k not in ("id", "title", "url")}
    return json.dumps(rest, ensure_ascii=False, indent=1) if rest else ""
