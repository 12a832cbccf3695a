"""Amazon Bedrock Converse responses: ``citationsContent`` blocks.

A ``citationsContent`` block holds the generated text (``content[].text``, the claim) and its
``citations``, each with ``sourceContent[].text`` (the cited text), a ``title`` and a ``location``:
``documentChar`` (characters), ``documentPage`` (pages, 1-based) or ``documentChunk`` (chunks),
each with ``documentIndex``, ``start`` and ``end`` (exclusive).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from citecheck._models import Document
from citecheck.providers._builder import Builder, field, joined_text, location, names, optional, response_data
from citecheck.providers._model import ProviderAnswer, ProviderName, ProviderResponseError, SentDocument
from citecheck.providers._stream import bedrock_message, is_bedrock_stream

__all__ = ["read_bedrock"]

_PROVIDER: ProviderName = "bedrock"
_KINDS = {
    "documentChar": "char",
    "documentPage": "page",
    "documentChunk": "chunk",
    "searchResultLocation": "search_result",
}


def read_bedrock(
    response: object, documents: Sequence[Document | SentDocument] | Mapping[str, Document]
) -> ProviderAnswer:
    """Read a Bedrock Converse response (``output.message.content``), or the message itself.

    Args:
        response: The response, as boto3 returns it (a dict), or the message's content list alone,
            or the events of a ConverseStream response, in order.
        documents: The documents sent, in order (``documentIndex``), or keyed by name.

    Raises:
        ProviderResponseError: The response is not a Converse response.
        ProviderSourceError: A citation names a document that is not among ``documents``.
    """
    data = response_data(response, _PROVIDER, is_bedrock_stream, bedrock_message, content_list=True)
    output = data.get("output")
    message = output.get("message", data) if isinstance(output, Mapping) else data
    blocks = field(message, "content", where="output.message", provider=_PROVIDER, kind=list)
    builder = Builder(_PROVIDER, documents)
    for position, block in enumerate(blocks):
        where = f"output.message.content[{position}]"
        if not isinstance(block, Mapping):
            raise ProviderResponseError(_PROVIDER, where, "expected a content block")
        if isinstance(block.get("text"), str):
            builder.add_text(block["text"])
            continue
        cited = block.get("citationsContent")
        if cited is None:
            continue  # tool use, reasoning, images: no answer text
        if not isinstance(cited, Mapping):
            raise ProviderResponseError(
                _PROVIDER, f"{where}.citationsContent", f"expected an object, got {type(cited).__name__}"
            )
        pieces = field(cited, "content", where=f"{where}.citationsContent", provider=_PROVIDER, kind=list)
        text = joined_text(pieces, where=f"{where}.citationsContent.content", provider=_PROVIDER)
        citations = optional(cited, "citations", where=f"{where}.citationsContent", provider=_PROVIDER, kind=list)
        builder.cited(text, citations, f"{where}.citationsContent.citations", _one)
    return builder.build()


def _one(builder: Builder, claim: int, cited: object, where: str) -> None:
    if not isinstance(cited, Mapping):
        raise ProviderResponseError(_PROVIDER, where, "expected a citation object")
    quote = joined_text(cited.get("sourceContent"), where=f"{where}.sourceContent", provider=_PROVIDER)
    place = cited.get("location") or {}
    if not isinstance(place, Mapping):
        raise ProviderResponseError(_PROVIDER, f"{where}.location", "expected an object")
    cid = builder.next_id(claim)
    title = names(cited, "title", where=where, provider=_PROVIDER)
    found = next(((key, value) for key, value in place.items() if isinstance(value, Mapping)), None)
    if found is None:
        sent = builder.resolve(cid, keys=title, what="document", quote=quote)
        spot = location("document", cited)
    else:
        key, value = found
        at = f"{where}.location.{key}"
        if key == "web":
            sent = builder.resolve(cid, keys=names(value, "url", where=at, provider=_PROVIDER) + title, what="web page")
            spot = location("url", cited)
        else:
            index, start, end = (
                optional(value, name, where=at, provider=_PROVIDER, kind=int)
                for name in ("documentIndex", "start", "end")
            )
            sent = builder.resolve(cid, index=index, keys=title, what="document", quote=quote)
            spot = location(_KINDS.get(key, "document"), cited, document_index=index, start=start, end=end)
    if sent is not None:
        if quote.strip():
            builder.quoted(claim, quote, sent, spot)
        else:  # no cited text came back (a web location may have none): the document is read in passages
            builder.whole(claim, sent, spot)
