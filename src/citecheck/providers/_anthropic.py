"""Anthropic Messages responses: text blocks with ``citations`` (the Citations feature).

Each cited text block is a claim; its citations (``char_location``, ``page_location``,
``content_block_location``, ``search_result_location``, ``web_search_result_location``) carry the
``cited_text`` the document holds. Char indices are 0-based and pages 1-based, ends exclusive.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from citecheck._models import Document
from citecheck.providers._builder import Builder, field, location, names, optional, response_data
from citecheck.providers._model import (
    ProviderAnswer,
    ProviderName,
    ProviderResponseError,
    SentDocument,
)
from citecheck.providers._records import Place
from citecheck.providers._stream import anthropic_message, is_anthropic_stream

__all__ = ["read_anthropic"]

_PROVIDER: ProviderName = "anthropic"
_BY_FIELD = {
    "char_location": "start_char_index",
    "page_location": "start_page_number",
    "content_block_location": "start_block_index",
}


def read_anthropic(
    response: object, documents: Sequence[Document | SentDocument] | Mapping[str, Document]
) -> ProviderAnswer:
    """Read an Anthropic Messages response (a dict, or the SDK's ``Message``).

    Args:
        response: The response, or its ``content`` list of blocks alone (as LangChain's
            ``AIMessage.content`` holds them), or a streamed response: its events, or the
            server-sent event text.
        documents: The documents sent, in order (``document_index``), or keyed by title.

    Raises:
        ProviderResponseError: The response is not a Messages response.
        ProviderSourceError: A citation names a document that is not among ``documents``.
    """
    # LangChain's AIMessage.content, and a message's content saved alone, are the list of blocks.
    data = response_data(response, _PROVIDER, is_anthropic_stream, anthropic_message, content_list=True)
    blocks = field(data, "content", where="response", provider=_PROVIDER, kind=list)
    builder = Builder(_PROVIDER, documents)
    for position, block in enumerate(blocks):
        where = f"content[{position}]"
        # A null type reads as absent (the docs' rule for every field): a text block, as a saved one may be.
        if isinstance(block, Mapping) and not isinstance(block.get("type") or "text", str):
            raise ProviderResponseError(
                _PROVIDER, f"{where}.type", f"expected the block's type, got {block['type']!r:.40}"
            )
        if not isinstance(block, Mapping) or (block.get("type") or "text") != "text":
            continue  # tool use, thinking, server tool results: no answer text, no citations
        text = field(block, "text", where=where, provider=_PROVIDER, kind=str)
        citations = optional(block, "citations", where=where, provider=_PROVIDER, kind=list)
        builder.cited(text, citations, f"{where}.citations", _one)
    return builder.build()


def _one(builder: Builder, claim: int, cited: object, where: str) -> None:
    if not isinstance(cited, Mapping):
        raise ProviderResponseError(_PROVIDER, where, "expected a citation object")
    kind = cited.get("type")
    quote = field(cited, "cited_text", where=where, provider=_PROVIDER, kind=str)
    cid = builder.next_id(claim)
    if kind == "search_result_location":
        keys = names(cited, "source", "title", where=where, provider=_PROVIDER)
        sent = builder.resolve(
            cid,
            keys=keys,
            what="search result",
            index=None if any(keys) else _int(cited, "search_result_index", where),
            quote=quote,
        )
        place = location("search_result", cited, **_span(cited, "start_block_index", "end_block_index", where))
    elif kind == "web_search_result_location":
        keys = names(cited, "url", "title", where=where, provider=_PROVIDER)
        sent = builder.resolve(cid, keys=keys, what="web page", quote=quote)
        place = location("url", cited)
    else:
        index = _int(cited, "document_index", where)
        sent = builder.resolve(
            cid,
            index=index,
            keys=names(cited, "document_title", "file_id", where=where, provider=_PROVIDER),
            what="document",
            quote=quote,
        )
        place = _document_location(kind, cited, where, index)
    if sent is not None:
        builder.quoted(claim, quote, sent, place)


def _document_location(kind: object, cited: Mapping[str, Any], where: str, index: int | None) -> Place:
    if kind is None:  # a citation saved without its type: its fields say which it is
        kind = next(
            (k for k, f in _BY_FIELD.items() if f in cited),
            "document",
        )
    if kind == "document":
        return location("document", cited, document_index=index)
    if kind == "char_location":
        return location(
            "char", cited, document_index=index, **_span(cited, "start_char_index", "end_char_index", where)
        )
    if kind == "page_location":
        return location(
            "page", cited, document_index=index, **_span(cited, "start_page_number", "end_page_number", where)
        )
    if kind == "content_block_location":
        return location(
            "block", cited, document_index=index, **_span(cited, "start_block_index", "end_block_index", where)
        )
    raise ProviderResponseError(
        _PROVIDER,
        f"{where}.type",
        f"{kind!r} is not a citation type (char_location, page_location, content_block_location, "
        "search_result_location, web_search_result_location)",
    )


def _int(data: Mapping[str, Any], name: str, where: str) -> int | None:
    value: int | None = optional(data, name, where=where, provider=_PROVIDER, kind=int)
    return value


def _span(data: Mapping[str, Any], start: str, end: str, where: str) -> dict[str, int | None]:
    return {"start": _int(data, start, where), "end": _int(data, end, where)}
