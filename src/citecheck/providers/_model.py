"""What a provider adapter returns: citecheck citations, each linked back to the answer and the provider."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from citecheck._models import Citation, Document, _FrozenLax
from citecheck._safe_text import redact_credentials
from citecheck.errors import ProviderError, ProviderResponseError, ProviderSourceError
from citecheck.providers._records import OrRecords

__all__ = [
    "AnswerLinks",
    "Claim",
    "LinkedCitation",
    "Passage",
    "ProviderAnswer",
    "ProviderError",
    "ProviderLocation",
    "ProviderName",
    "ProviderResponseError",
    "ProviderSourceError",
    "SentDocument",
]

ProviderName = Literal["anthropic", "bedrock", "openai", "cohere", "gemini", "numbered"]
"""The response shapes an adapter reads (``--from``)."""


class ProviderLocation(_FrozenLax):
    """Where the provider says the cited text is, in its own terms (end exclusive, as the providers give it)."""

    kind: Literal["char", "page", "block", "search_result", "chunk", "file", "url", "document"]
    """``char``: character offsets in the document sent; ``page``: pages (1-based); ``block``: content
    blocks (0-based); ``search_result``: blocks of a search result; ``chunk``: a retrieved chunk;
    ``file`` / ``url``: a whole file or page; ``document``: a document, no place in it."""
    document_index: int | None = None
    """The document's position among those sent, when the provider gives it."""
    start: int | None = None
    """First character, page or block."""
    end: int | None = None
    """End (exclusive) character, page or block."""
    raw: dict[str, Any]
    """The provider's citation object, as it came."""


class Passage(_FrozenLax):
    """A passage of a whole file or page picked for the judge, since the provider quoted nothing."""

    start: int
    """Offset of the passage in the source (`Document.original`)."""
    end: int
    """End offset (exclusive) in the source."""
    score: float
    """Its BM25 score against the claim's words."""
    rank: int
    """1 for the best passage."""


class LinkedCitation(_FrozenLax):
    """One provider citation as a citecheck `Citation`, with the link back to the answer and the provider."""

    citation: Citation
    """What citecheck checks."""
    claim: int
    """Index of the claim (in `ProviderAnswer.claims`) this citation backs."""
    source: str
    """The name of the document the provider cites (one of the documents sent, or a chunk it returned)."""
    location: ProviderLocation
    """The provider's own location."""
    read: Literal["quote", "chunk", "passages"]
    """What the judge reads: the section the quote is in, the cited chunk, or passages picked by BM25."""
    passages: tuple[Passage, ...] = ()
    """For ``passages``: the passages picked from the cited file or page, best first."""
    why: str = ""
    """Why these passages: how they were picked."""
    mapped_by: Literal["", "index", "name", "name prefix", "quote"] = ""
    """How the cited source was found among the documents given: by the provider's index, by its
    title, file id or url (``name``), by a title that begins with the file's name, or as the one
    document holding the verbatim quote (when the provider named it no other way); empty for a chunk."""


class Claim(_FrozenLax):
    """A span of the answer that one or more adjacent citations back."""

    start: int
    """Offset in `ProviderAnswer.text`."""
    end: int
    """End offset (exclusive) in `ProviderAnswer.text`."""
    text: str
    """The claim as checked (citation markers left out)."""
    citations: tuple[str, ...]
    """The ids of its citations, in the provider's order."""


class AnswerLinks(_FrozenLax):
    """A provider's answer and the link from each citation back to it, as the JSON output carries them."""

    provider: str
    """Which adapter read it: one of `PROVIDERS`, or a plugin's ``--from`` name."""
    text: str
    """The answer as the user saw it (text blocks joined)."""
    # From an adapter, `claims` and `citations` are a `RecordTuple`: compact records that read, compare,
    # hash, add and serialize as the tuple they stand for, each model made as it is read (a model per
    # citation held at once made a response of short citations peak at 13 to 53 times its JSON).
    claims: Annotated[tuple[Claim, ...], OrRecords()]
    """The cited spans, in answer order."""
    citations: Annotated[tuple[LinkedCitation, ...], OrRecords()]
    """Every citation of the response, claim by claim."""

    def redacted(self) -> AnswerLinks:
        """These links with every password and secret url parameter in the providers' own objects as ``***``.

        What the JSON output carries: a web search citation's url may hold ``user:password@``. The
        answer's text and the claims stay as they are (their offsets count in that text).
        """
        citations = tuple(
            link.model_copy(
                update={
                    "source": redact_credentials(link.source),  # a page cited by its url, which may hold a password
                    "location": link.location.model_copy(update={"raw": _redacted(link.location.raw)}),
                }
            )
            for link in self.citations
        )
        return AnswerLinks(provider=self.provider, text=self.text, claims=self.claims, citations=citations)


class ProviderAnswer(AnswerLinks):
    """A provider's answer: its text, its claims, and their citations, ready to check."""

    # From an adapter, a `RecordTuple` too: a `Document` per distinct chunk held at once made a
    # numbered answer citing thousands of chunks once each peak at 29 times its JSON.
    chunks: Annotated[tuple[Document, ...], OrRecords()] = ()
    """Documents made from what the provider returned or what was picked for the judge (chunks, passages)."""

    def link(self, citation_id: str) -> LinkedCitation | None:
        """The linked citation with this id."""
        return next((c for c in self.citations if c.citation.id == citation_id), None)


def _redacted(value: Any) -> Any:
    if isinstance(value, str):
        return redact_credentials(value)
    if isinstance(value, Mapping):
        return {key: _redacted(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_redacted(item) for item in value]
    return value


@dataclass(frozen=True)
class SentDocument:
    """A document sent to the provider, with the names the provider may cite it by.

    Attributes:
        document: The parsed document.
        title: The title sent with it (Anthropic ``title``, Bedrock ``name``, a chunk's title).
        file_id: The provider's file id (OpenAI ``file-...``).
        url: Its url or uri.
    """

    document: Document
    title: str | None = None
    file_id: str | None = None
    url: str | None = None

    def names(self) -> set[str]:
        """Every name the document answers to, compared by letters and digits."""
        names = [self.title, self.file_id, self.url, self.document.name]
        if self.document.name:
            stem = self.document.name.rsplit("/", 1)[-1]
            names += [stem, stem.rsplit(".", 1)[0]]
        return {comparable(name) for name in names if name and comparable(name)}


def comparable(name: str) -> str:
    """A name compared by its letters and digits, case folded ("Document 1" is "document1").

    A url is compared without its ``utm_`` tracking parameters: OpenAI's web search appends
    ``?utm_source=openai`` to every url it cites, and the page is the same page.
    """
    if "://" in name:
        try:
            parts = urlsplit(name)
        except ValueError:  # not a url after all ("http://[x"): compared as it is
            parts = None
        if parts is not None:
            kept = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not k.startswith("utm_")]
            name = urlunsplit(parts._replace(query=urlencode(kept)))
    return "".join(char for char in name.casefold() if char.isalnum())


def sent_documents(documents: Sequence[Document | SentDocument] | Mapping[str, Document]) -> tuple[SentDocument, ...]:
    """The documents sent, in the order sent; a mapping's keys are their titles, file ids or urls."""
    if isinstance(documents, Mapping):
        return tuple(SentDocument(document, title=key) for key, document in documents.items())
    return tuple(d if isinstance(d, SentDocument) else SentDocument(d) for d in documents)
