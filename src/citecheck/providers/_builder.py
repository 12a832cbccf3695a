"""What every adapter shares: the answer's text and claims, mapping sources to documents, making citations."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from citecheck._models import Citation, Document, as_citation
from citecheck.matcher import find_quote
from citecheck.providers._markers import MARKERS, marker_free
from citecheck.providers._model import (
    Passage,
    ProviderAnswer,
    ProviderName,
    ProviderResponseError,
    ProviderSourceError,
    SentDocument,
    comparable,
    sent_documents,
)
from citecheck.providers._passages import pick_passages
from citecheck.providers._records import Label, Place, Records, Shared, from_records, records_of
from citecheck.providers._stream import sse_events

__all__ = [
    "Builder",
    "as_data",
    "as_plain",
    "field",
    "joined_text",
    "marker_free",
    "names",
    "optional",
    "response_data",
    "sentence_before",
]

# The longest claim read again from the answer when wanted rather than kept (see `Builder.claim`).
_READ_AGAIN = 256
_SENTENCE_END = re.compile(r"[.!?:](?=[\s\"')\]]+\S)|\n")


def _dumped(value: object) -> object:
    for method in ("model_dump", "to_dict"):
        dump = getattr(value, method, None)
        if callable(dump):
            return dump()
    return value


def as_plain(response: object) -> object:
    """A list of SDK objects (a stream's events, as the SDK yields them) as their JSON; anything else as it is."""
    if isinstance(response, list | tuple):
        return [_dumped(item) for item in response]
    return response


def response_data(
    response: object,
    provider: ProviderName,
    recognise: Callable[[object], bool],
    rebuild: Callable[[Sequence[Any]], dict[str, Any]],
    *,
    content_list: bool = False,
) -> dict[str, Any]:
    """The response as the provider's JSON object, whatever form it came in.

    A recorded stream (the server-sent event text) is split into its events; a stream's events
    (dicts, or the SDK's objects) that ``recognise`` knows are put back together by ``rebuild``;
    with ``content_list``, another list is a message's content alone (LangChain's
    ``AIMessage.content``); an SDK object is dumped.

    Raises:
        ProviderResponseError: The response is none of these.
    """
    if isinstance(response, str):
        response = sse_events(response, provider)
    response = as_plain(response)
    if isinstance(response, list) and recognise(response):
        return rebuild(response)
    if content_list and isinstance(response, list):
        return {"content": response}
    return as_data(response, provider)


def as_data(response: object, provider: str) -> dict[str, Any]:
    """The response as a JSON object: a dict as it is, an SDK object through ``model_dump`` or ``to_dict``."""
    response = _dumped(response)
    if not isinstance(response, Mapping):
        raise ProviderResponseError(provider, "the response", f"expected a JSON object, got {type(response).__name__}")
    return dict(response)


# Any surrogate code point in a decoded string is a lone one: JSON decoders join an escaped pair.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogate_at(value: object, where: str) -> str | None:
    """Where in ``value`` a string holds a lone surrogate (``content[2].text``), or ``None``."""
    stack: list[tuple[object, str]] = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return at
        elif isinstance(item, Mapping):
            for key, inner in item.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    return f"{at}.{key!r}"
                stack.append((inner, f"{at}.{key}" if at else str(key)))
        elif isinstance(item, list | tuple):
            stack.extend((inner, f"{at}[{number}]") for number, inner in enumerate(item))
    return None


def text_only(answer: ProviderAnswer) -> ProviderAnswer:
    """``answer``, refused when a text of it holds a lone surrogate (JSON may escape half a pair).

    A claim's is refused as its citation is built (`InvalidCitationError`); this is the rest: the
    answer outside any claim, a chunk, the provider's own location object. Such a string is no
    text: it would reach an output that writes it as UTF-8 (JSON, the HTML report, annotations) and
    fail there, after the whole run.

    An adapter's answer is read in its records (`records_of`), as they are: making each citation's
    and each chunk's model to read it cost more than the adapter took to read the response.

    Raises:
        ProviderResponseError: Naming where it is.
    """
    provider = answer.provider
    if _SURROGATE.search(answer.text):
        raise ProviderResponseError(provider, "the answer's text", _LONE)
    records = records_of(answer.citations)
    if records is not None:
        found = _records_surrogate(records)
        if found is not None:
            position, where = found
            cid = records.citation_id(position)
            raise ProviderResponseError(provider, f"citation {cid}'s location {where}".rstrip(), _LONE)
    else:  # a plugin's answer, of models
        for link in answer.citations:
            at = _surrogate_at(link.location.raw, "") or (link.source if _SURROGATE.search(link.source) else None)
            if at is not None:
                raise ProviderResponseError(provider, f"citation {link.citation.id}'s location {at}".rstrip(), _LONE)
    records = records_of(answer.chunks)
    if records is not None:
        for number, text in enumerate(records.doc_texts):
            name = records.doc_names[number]  # ``None``: named after the provider, no surrogate in it
            if _SURROGATE.search(text) or (name is not None and _SURROGATE.search(name)):
                raise ProviderResponseError(provider, f"chunk {number} ({records.doc_name(number)!a})", _LONE)
    else:
        for number, chunk in enumerate(answer.chunks):
            texts = [chunk.text, chunk.name or "", *(t for s in chunk.sections for t in (s.id, s.title))]
            if any(_SURROGATE.search(text) for text in texts):
                raise ProviderResponseError(provider, f"chunk {number} ({chunk.name!a})", _LONE)
    return answer


def _records_surrogate(records: Records) -> tuple[int, str] | None:
    """The first citation whose location object or source holds a lone surrogate, and where (``""``: the source)."""
    place: Place | None = None
    shared: Shared | None = None
    for position, (here, shares) in enumerate(zip(records.places, records.shared, strict=True)):
        if here is place and shares is shared:
            continue  # a location and a source shared with the citation before: read once (they held none)
        if here is not place:
            raw = here.raw if here.keys is None else dict(zip(here.keys, here.raw, strict=True))
            at = _surrogate_at(raw, "")
            if at is not None:
                return position, at
        place, shared = here, shares
        source = records.source_of(position)
        if _SURROGATE.search(source):
            return position, source
    return None


_LONE = "it holds a lone surrogate, not text"


def field(data: object, *names: str, where: str, provider: str, kind: type | tuple[type, ...] = object) -> Any:
    """The first of ``names`` in ``data`` (camelCase and snake_case spellings); a typed error when none is."""
    if isinstance(data, Mapping):
        for name in names:
            value = data.get(name)
            if value is not None:
                if not isinstance(value, kind):
                    raise ProviderResponseError(provider, f"{where}.{name}", f"unexpected {type(value).__name__}")
                return value
    raise ProviderResponseError(provider, where, f"has no {' or '.join(names)}")


def optional(data: Mapping[str, Any], name: str, *, where: str, provider: str, kind: type | tuple[type, ...]) -> Any:
    """The field ``name`` of ``data``, ``None`` when absent or null; a typed error when of another kind."""
    value = data.get(name)
    if value is None:
        return None
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise ProviderResponseError(provider, f"{where}.{name}", f"unexpected {type(value).__name__}: {value!r:.40}")
    return value


def names(data: Mapping[str, Any], *fields: str, where: str, provider: str) -> tuple[str | None, ...]:
    """The fields a citation names its source by (title, url, file id...), each a string or ``None``."""
    return tuple(optional(data, name, where=where, provider=provider, kind=str) for name in fields)


def joined_text(pieces: object, *, where: str, provider: str) -> str:
    """The ``text`` of each piece of a list, joined (Bedrock's ``content`` and ``sourceContent``); null is none."""
    if pieces is None:
        return ""
    if not isinstance(pieces, list):
        raise ProviderResponseError(provider, where, "expected a list")
    return "".join(
        optional(piece, "text", where=f"{where}[{i}]", provider=provider, kind=str) or ""
        for i, piece in enumerate(pieces)
        if isinstance(piece, Mapping)
    )


def sentence_before(text: str, index: int, floor: int = 0) -> tuple[int, int]:
    """The span of the sentence that ends at ``index`` (a marker's position), not before ``floor``."""
    end = index
    while end > floor and text[end - 1].isspace():
        end -= 1
    start = floor + _last_sentence_end(text, floor, max(floor, end - 1))
    while start < end and text[start].isspace():
        start += 1
    # A marker right before the sentence (of the previous claim) is not part of it.
    while True:
        lead = MARKERS.match(text, start)
        if lead is None or lead.end() >= end:
            break
        start = lead.end()
        while start < end and text[start].isspace():
            start += 1
    return start, end


def _last_sentence_end(text: str, floor: int, stop: int) -> int:
    """Where the sentence ending before ``stop`` begins, counted from ``floor`` (0 when nothing ends it).

    Searched backwards in windows that double: a sentence end is one character whose lookahead reads
    only forwards, so the last one in a window is the last one in ``text[floor:stop]``, and each marker
    costs its own sentence's length, not the whole answer's (which made a long answer quadratic).
    """
    width = 256
    while True:
        low = max(floor, stop - width)
        found = None
        for found in _SENTENCE_END.finditer(text, low, stop):  # noqa: B007 - the last match is the one wanted
            pass
        if found is not None:
            return found.end() - floor
        if low == floor:
            return 0
        width *= 2


class Builder:
    """Collects one response's answer text, claims and citations; reports every unmappable source at once."""

    def __init__(
        self, provider: ProviderName, documents: Sequence[Document | SentDocument] | Mapping[str, Document]
    ) -> None:
        self.provider: ProviderName = provider
        sent = sent_documents(documents)
        # Citations name their document; unnamed documents get the name the provider knows them by.
        self.sent = tuple(
            s
            if s.document.name is not None
            else SentDocument(
                s.document.model_copy(update={"name": s.title or s.file_id or s.url or f"document {i}"}),
                s.title,
                s.file_id,
                s.url,
            )
            for i, s in enumerate(sent)
        )
        self.parts: list[str] = []
        self.length = 0
        # Claims and citations as compact records, made into models when the answer is read: as
        # models, a citation of a few bytes ("[1]") peaked at 50x its JSON.
        self.records = Records(provider)
        # Claims by span (``start << 64 | end``). While each claim made comes after the last (an
        # answer read in order), only the last can match a span and no dict is kept; the first claim
        # out of order builds it, used from then on.
        self._claim_by_span: dict[int, int] | None = None
        self._shares: dict[Shared, Shared] = {}
        self.problems: list[tuple[str, str]] = []
        self.mapped_by: dict[str, str] = {}
        self._names = {id(s): s.names() for s in self.sent}
        # The answer's documents by their text: a chunk cited again is the same document.
        self._chunk_docs: dict[str, int] = {}
        self._passage_docs: dict[tuple[str, str], int] = {}
        self._shared: dict[Any, Any] = {}

    # --- the answer -------------------------------------------------------------------------

    def add_text(self, text: str) -> int:
        """Append a piece of the answer; returns its offset in the whole answer."""
        at = self.length
        self.parts.append(text)
        self.length += len(text)
        return at

    @property
    def text(self) -> str:
        """The answer so far (joined once per change, not once per claim)."""
        if len(self.parts) > 1:
            self.parts[:] = ["".join(self.parts)]
        return self.parts[0] if self.parts else ""

    def claim(self, start: int, end: int, text: str | None = None) -> int:
        """A new claim over ``start:end`` of the answer; returns its index.

        ``text``, when the caller has it, is the span's text without markers (a content block's):
        given, the answer is not joined to read it.

        Raises:
            ProviderResponseError: The span holds no words: there is nothing to check.
        """
        claim = text or marker_free(self.text[start:end])
        if not claim.strip():
            raise ProviderResponseError(
                self.provider, f"the answer's characters {start}-{end}", "a cited span with no words to check"
            )
        records = self.records
        if self._claim_by_span is None and records.counts and (start, end) <= records.last_span():
            self._index_spans()
        # A short claim is read again from the answer when wanted, not kept (given or not: it is the
        # span's text): it is most of a short citation's memory. A long one is kept, so reading it
        # again costs no more than once. Its citations, which come next, read it from `last_text`.
        kept = claim if len(claim) > _READ_AGAIN else None
        index = records.add_claim(start, end, kept)
        records.last_text = (index, claim)
        if self._claim_by_span is not None:
            self._claim_by_span.setdefault(start << 64 | end, index)
        return index

    def _index_spans(self) -> None:
        records = self.records
        self._claim_by_span = {}
        for index, (start, end) in enumerate(zip(records.claim_start, records.claim_end, strict=True)):
            self._claim_by_span.setdefault(start << 64 | end, index)

    def claim_at(self, start: int, end: int) -> int:
        """The claim over exactly this span, made when there is none: adjacent citations share it."""
        records = self.records
        if self._claim_by_span is None:
            if not records.counts or (start, end) > records.last_span():
                return self.claim(start, end)
            if (start, end) == records.last_span():
                return len(records.counts) - 1
            self._index_spans()
        assert self._claim_by_span is not None  # built just above
        found = self._claim_by_span.get(start << 64 | end)
        return self.claim(start, end) if found is None else found

    def claim_text(self, claim: int) -> str:
        """The text of a claim, as checked."""
        # The answer is joined only when the claim's text must be read from it: a claim kept or just
        # read needs no join, and joining once per citation of a block read in order was quadratic
        # (64,000 Anthropic citations: 23 s, 7.6 of them in str.join).
        return self.records.text_of(claim, lambda: self.text)

    def next_id(self, claim: int) -> str:
        """The id of the claim's next citation: ``c2.1``, ``c2.2``..."""
        return self.records.next_id(claim)

    def cited(
        self,
        text: str,
        citations: Sequence[object] | None,
        where: str,
        read: Callable[[Builder, int, object, str], None],
    ) -> None:
        """A piece of the answer that is one claim when it has citations (Anthropic and Bedrock blocks).

        Its citations stay together on that claim; ``read`` adds each one, told where it is.
        """
        at = self.add_text(text)
        if citations:
            claim = self.claim(at, at + len(text), marker_free(text))
            for number, one in enumerate(citations):
                read(self, claim, one, f"{where}[{number}]")

    # --- sources ----------------------------------------------------------------------------

    def resolve(
        self,
        name: str,
        *,
        index: int | None = None,
        keys: Sequence[str | None] = (),
        what: str = "source",
        quote: str | None = None,
    ) -> SentDocument | None:
        """The document sent that a citation names: by index, else by title, file id or url.

        A title that names no document exactly may still begin with one's file name
        (``Loyalty Program Details`` for ``loyalty_program.txt``), when only one does. A citation
        that carries the provider's verbatim ``quote`` (Anthropic, Bedrock) and names no document
        that way is the one document that holds the quote. How it was mapped is recorded
        (`LinkedCitation.mapped_by`). ``None``, with a problem recorded, when none is.
        """
        if index is not None:
            if 0 <= index < len(self.sent):
                self.mapped_by[name] = "index"
                return self.sent[index]
            self.problems.append(
                (name, f"its {what} is document {index}, but {len(self.sent)} document(s) were given: {self._listed()}")
            )
            return None
        wanted = [key for key in keys if isinstance(key, str) and key]
        for key in wanted:
            wanted_name = comparable(key)
            hits = [s for s in self.sent if wanted_name in self._names[id(s)]]
            if len(hits) == 1:
                self.mapped_by[name] = "name"
                return hits[0]
            if len(hits) > 1:
                self.problems.append((name, f"its {what} {key!r} names several documents: {self._listed(hits)}"))
                return None
        for key in wanted:
            hits = [s for s in self.sent if _begins(comparable(key), s)]
            if len(hits) == 1:
                self.mapped_by[name] = "name prefix"
                return hits[0]
        if quote is not None and quote.strip():
            holding = [s for s in self.sent if find_quote(s.document, quote) is not None]
            if len(holding) == 1:
                self.mapped_by[name] = "quote"
                return holding[0]
        shown = " / ".join(repr(k) for k in wanted) or "nothing (no index, title, file id or url)"
        self.problems.append(
            (
                name,
                f"its {what} {shown} names none of the documents given ({self._listed()}); "
                "give it as a SOURCE named that way (NAME=PATH)",
            )
        )
        return None

    def _listed(self, sent: Sequence[SentDocument] | None = None) -> str:
        shown = [s.document.name or "?" for s in (self.sent if sent is None else sent)]
        return ", ".join(shown) if shown else "none"

    # --- citations --------------------------------------------------------------------------

    def _add(
        self,
        claim: int,
        quote: str | None,
        section: str | None,
        document: str,
        *,
        source: str | Label,
        location: Place,
        read: str,
        passages: tuple[Passage, ...] = (),
        why: str = "",
        mapped_by: str = "",
        doc: int = -1,
    ) -> None:
        # Validated now, so a bad citation is an error naming it here; kept as a record, not this model.
        _citation(self.next_id(claim), self.claim_text(claim), quote, section, document)
        # Citations that differ only by claim (a chunk cited after every sentence) share one tuple; so
        # do citations of distinct chunks (named by `doc`) labelled by a `Label`.
        shared = (quote, section, None if doc >= 0 else document, source, read, passages, why, mapped_by)
        self.records.add_citation(claim, self._shares.setdefault(shared, shared), location, doc)

    def quoted(self, claim: int, quote: str, sent: SentDocument, location: Place) -> None:
        """A citation that quotes the document: step 1 finds the quote, the judge reads its section."""
        cid = self.next_id(claim)
        name = sent.document.name
        assert name is not None  # named in __init__
        self._add(
            claim,
            quote,
            None,
            name,
            source=name,
            location=location,
            read="quote",
            mapped_by=self.mapped_by.pop(cid, ""),
        )

    def chunk(self, claim: int, text: str, label: str | Label, location: Place) -> None:
        """A citation of a chunk the provider returned or was given: the chunk is the section the judge reads.

        ``label`` is the citation's `LinkedCitation.source`, or a `Label` making it from ``location``.
        """
        cid = self.next_id(claim)
        if not text.strip():
            shown = label if isinstance(label, str) else label(location)
            self.problems.append((cid, f"the chunk {shown!r} it cites has no text to read"))
            return
        # A chunk cited by many claims (``[1]`` after every sentence) is one document, not one per
        # citation; a document is held as its text, made when `ProviderAnswer.chunks` is read.
        records = self.records
        doc = self._chunk_docs.get(text)
        if doc is None:
            doc = self._chunk_docs[text] = records.add_document("chunk", text)
        self._add(claim, None, "chunk", records.doc_name(doc), source=label, location=location, read="chunk", doc=doc)

    def whole(self, claim: int, sent: SentDocument, location: Place) -> None:
        """A citation of a whole file or page: the judge reads the passages that best match the claim."""
        cid = self.next_id(claim)
        claim_text = self.claim_text(claim)
        picked = pick_passages(sent.document, claim_text)
        # The same passages picked again (claims on one topic) are one document, as a chunk cited again is.
        key = (sent.document.name or "", picked.text)
        records = self.records
        doc = self._passage_docs.get(key)
        if doc is None:
            # A running number, not the id: "c1.11" and "c11.1" compare alike once punctuation is set aside.
            name = f"{sent.document.name} passages {len(records.doc_texts) + 1}"
            doc = self._passage_docs[key] = records.add_document("passages", picked.text, name)
        name = records.doc_name(doc)
        source = sent.document.name or ""
        self._add(
            claim,
            None,
            "passages",
            name,
            source=source,
            location=location,
            read="passages",
            # Claims on one topic pick the same passages, for the same reason: one object each, shared.
            passages=self._shared.setdefault(picked.passages, picked.passages),
            why=self._shared.setdefault(picked.why, picked.why),
            mapped_by=self.mapped_by.pop(cid, ""),
        )

    def build(self) -> ProviderAnswer:
        """The answer; every unmappable source at once, as one error.

        Raises:
            ProviderSourceError: A citation names a source none of the documents is.
        """
        if self.problems:
            raise ProviderSourceError(self.provider, self.problems)
        self.records.close(self.text)
        self._claim_by_span = None
        self._shares.clear()
        claims, citations, chunks = from_records(self.records)
        return ProviderAnswer(provider=self.provider, text=self.text, claims=claims, citations=citations, chunks=chunks)


def _citation(cid: str, claim: str, quote: str | None, section: str | None, document: str) -> Citation:
    """The citation, validated: text that is no text (a lone surrogate) is an `InvalidCitationError` naming it."""
    return as_citation({"id": cid, "claim": claim, "quote": quote, "section": section, "document": document})


def _begins(key: str, sent: SentDocument) -> bool:
    # Only a file name of some length: "a.txt" must not claim every title that starts with "a".
    stems = {comparable(n.rsplit("/", 1)[-1].rsplit(".", 1)[0]) for n in (sent.document.name, sent.title) if n}
    return any(len(stem) >= 6 and key.startswith(stem) for stem in stems)


def location(kind: Any, raw: Mapping[str, Any], **fields: int | None) -> Place:
    """A provider location keeping the provider's object as it came, made when its citation is read."""
    # The provider's own object, not a copy (validation would copy it): the fields set here are the
    # adapter's own, already checked, and a copy per citation was most of a short citation's memory.
    names = tuple(fields)
    return Place(
        kind, raw if type(raw) is dict else dict(raw), None, _NAMES.setdefault(names, names), (*fields.values(),)
    )


def keyed_location(kind: Any, keys: tuple[str, ...], values: tuple[Any, ...]) -> Place:
    """A provider location whose object is ``dict(zip(keys, values))``, made (with it) when its citation is read."""
    return Place(kind, values, keys, (), ())


# The names of the fields given with a location, one tuple per combination.
_NAMES: dict[tuple[str, ...], tuple[str, ...]] = {}
