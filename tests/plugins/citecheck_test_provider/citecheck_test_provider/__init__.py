"""A provider adapter for citecheck's tests: ``{"answer": [{"claim", "quote", "document"}]}``, and broken ones."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from citecheck import Citation, Document
from citecheck.providers import (
    Claim,
    LinkedCitation,
    ProviderAnswer,
    ProviderLocation,
    ProviderResponseError,
    SentDocument,
)


def read_quotes(response: Any, documents: Sequence[Document | SentDocument] | Mapping[str, Document]) -> ProviderAnswer:
    """Each item of ``answer`` is a sentence of the answer, quoting one document (by its name)."""
    items = response.get("answer") if isinstance(response, Mapping) else None
    if not isinstance(items, list):
        raise ProviderResponseError("quotes", "the response", "has no answer list")
    text, claims, links = "", [], []
    for number, item in enumerate(items):
        if not isinstance(item, Mapping) or not all(isinstance(item.get(k), str) for k in ("claim", "quote")):
            raise ProviderResponseError("quotes", f"answer[{number}]", "expected claim and quote strings")
        cid = f"c{number + 1}"
        start = len(text)
        text += item["claim"] + " "
        claims.append(Claim(start=start, end=start + len(item["claim"]), text=item["claim"], citations=(cid,)))
        citation = Citation(
            id=cid, claim=item["claim"], quote=item["quote"], section=None, document=item.get("document")
        )
        location = ProviderLocation(kind="document", raw=dict(item))
        links.append(
            LinkedCitation(
                citation=citation, claim=number, source=item.get("document") or "", location=location, read="quote"
            )
        )
    return ProviderAnswer(provider="quotes", text=text.rstrip(), claims=tuple(claims), citations=tuple(links))


def read_raising(response: Any, documents: Any) -> ProviderAnswer:
    """An adapter with a bug."""
    raise KeyError("answer")


def read_wrong_type(response: Any, documents: Any) -> ProviderAnswer:
    """An adapter that returns the response itself."""
    return response  # type: ignore[no-any-return]
