"""The documents a request sent, read from the request itself (Anthropic Messages, Bedrock Converse).

Offsets, pages and blocks count in the document as sent; reading it from the request gives exactly
that text, its title and its position (``document_index`` counts the request's document blocks in
order, those inside tool results included). A document sent as plain text is parsed as the text
it is; a PDF (base64) as a PDF; custom content as one section per text block (``block 0``,
``block 1``...), so block locations can be compared. A document sent by url or file id is not in
the request: it must be given, named by that url or file id.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from citecheck._models import Document
from citecheck._safe_text import redact_credentials
from citecheck.parsers import PDFParser, parse_text
from citecheck.providers._model import ProviderResponseError, SentDocument, comparable

__all__ = ["BLOCK", "request_documents"]

BLOCK = "block "
"""The id prefix of a custom content document's sections: ``block 0`` is its first content block."""


def _blocks(request: Mapping[str, Any], provider: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every document block of the request in order, with where it is."""
    messages = request.get("messages")
    if not isinstance(messages, list):
        raise ProviderResponseError(provider, "request", "has no messages list")
    for m, message in enumerate(messages):
        content = message.get("content") if isinstance(message, Mapping) else None
        if not isinstance(content, list):
            continue
        yield from _in(content, f"messages[{m}].content", provider)


def _in(content: list[Any], where: str, provider: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for b, block in enumerate(content):
        if not isinstance(block, Mapping):
            continue
        here = f"{where}[{b}]"
        if provider == "bedrock":
            if isinstance(block.get("document"), Mapping):
                yield here, block["document"]
            result = block.get("toolResult")
            if isinstance(result, Mapping) and isinstance(result.get("content"), list):
                yield from _in(result["content"], f"{here}.toolResult.content", provider)
            continue
        if block.get("type") == "document":
            yield here, block
        elif block.get("type") == "tool_result" and isinstance(block.get("content"), list):
            yield from _in(block["content"], f"{here}.content", provider)


def _text_document(text: str, name: str) -> Document:
    return parse_text(text, name=name)


def _content_document(parts: Sequence[Any], name: str, where: str, provider: str) -> Document:
    sections: dict[str, str] = {}
    for i, part in enumerate(parts):
        text = part.get("text") if isinstance(part, Mapping) else None
        if not isinstance(text, str):
            raise ProviderResponseError(provider, f"{where}[{i}]", "a content block with no text")
        sections[f"{BLOCK}{i}"] = text
    if not sections:
        raise ProviderResponseError(provider, where, "custom content with no blocks")
    return Document.from_sections(sections, name=name)


def _decoded(data: object, where: str, provider: str) -> bytes:
    if isinstance(data, bytes | bytearray):  # boto3's request dict holds the bytes themselves
        return bytes(data)
    if not isinstance(data, str):
        raise ProviderResponseError(provider, where, "expected base64 data")
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise ProviderResponseError(provider, where, "is not base64") from None


def _utf8(data: bytes, where: str, provider: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:  # a Word or Excel file, another encoding: not text citecheck can read as sent
        raise ProviderResponseError(
            provider, where, "is not UTF-8 text: give the documents themselves, in the order sent, not the request"
        ) from None


def _anthropic(block: Mapping[str, Any], name: str, where: str) -> Document | tuple[str, ...]:
    source = block.get("source")
    if not isinstance(source, Mapping):
        raise ProviderResponseError("anthropic", f"{where}.source", "expected an object")
    kind = source.get("type")
    if kind == "text" and isinstance(source.get("data"), str):
        return _text_document(source["data"], name)
    if kind == "content" and isinstance(source.get("content"), list):
        return _content_document(source["content"], name, f"{where}.source.content", "anthropic")
    if kind == "base64":
        data = _decoded(source.get("data"), f"{where}.source.data", "anthropic")
        if source.get("media_type") == "application/pdf":
            return PDFParser().parse_bytes(data, name=name)
        return _text_document(_utf8(data, f"{where}.source.data", "anthropic"), name)
    if kind in ("url", "file"):
        return tuple(str(v) for v in (source.get("url"), source.get("file_id"), block.get("title")) if v)
    raise ProviderResponseError("anthropic", f"{where}.source.type", f"{kind!r} is not a document source type")


def _bedrock(block: Mapping[str, Any], name: str, where: str) -> Document | tuple[str, ...]:
    source = block.get("source")
    if not isinstance(source, Mapping):
        raise ProviderResponseError("bedrock", f"{where}.source", "expected an object")
    if isinstance(source.get("text"), str):
        return _text_document(source["text"], name)
    if isinstance(source.get("content"), list):
        return _content_document(source["content"], name, f"{where}.source.content", "bedrock")
    if "bytes" in source:
        data = _decoded(source.get("bytes"), f"{where}.source.bytes", "bedrock")
        if block.get("format") == "pdf":
            return PDFParser().parse_bytes(data, name=name)
        return _text_document(_utf8(data, f"{where}.source.bytes", "bedrock"), name)
    location = source.get("s3Location")
    if isinstance(location, Mapping) and location.get("uri"):
        return (str(location["uri"]), str(block.get("name") or ""))
    raise ProviderResponseError("bedrock", f"{where}.source", "has no text, content, bytes or s3Location")


def request_documents(provider: str, request: object, given: Sequence[SentDocument] = ()) -> list[SentDocument]:
    """The documents the request sent, in the order the provider counts them.

    Args:
        provider: ``anthropic`` or ``bedrock``.
        request: The request body (a dict).
        given: Documents for those the request only names (by url, file id or S3 uri), named that way.

    Raises:
        ProviderResponseError: The request has no messages, or a document block is malformed, or a
            document it names by url or file id is not among ``given``.
    """
    if provider not in ("anthropic", "bedrock"):
        raise ProviderResponseError(provider, "request", "only Anthropic and Bedrock requests carry their documents")
    if not isinstance(request, Mapping):
        raise ProviderResponseError(provider, "request", f"expected a JSON object, got {type(request).__name__}")
    read = _anthropic if provider == "anthropic" else _bedrock
    sent: list[SentDocument] = []
    for index, (where, block) in enumerate(_blocks(request, provider)):
        title = block.get("title") if provider == "anthropic" else block.get("name")
        title = title if isinstance(title, str) and title.strip() else None
        # Titles are often the page's url: a password in one is masked in the name every output shows.
        name = f"{redact_credentials(title) if title else 'document'} #{index}"
        found = read(block, name, where)
        if isinstance(found, Document):
            sent.append(SentDocument(found, title=title))
            continue
        wanted = {comparable(key) for key in found if comparable(key)}
        hits = [s for s in given if wanted & s.names()]
        if len(hits) != 1:
            shown = " / ".join(repr(key) for key in found)
            raise ProviderResponseError(
                provider, where, f"document {index} is sent as {shown}: give it as a SOURCE named that way (NAME=PATH)"
            )
        sent.append(SentDocument(hits[0].document, title=title, file_id=hits[0].file_id, url=hits[0].url))
    return sent
