"""Checking a provider's answer: step 1, the provider's location cross-checked, the claim's numbers, then the judge.

Flags this adds to step 1's (so the result goes to a person whatever the model says):

- ``provider_location_mismatch``: the provider's char offsets or pages do not hold the text step 1
  found (a page range the match lies inside agrees; offsets agree when they differ from the
  match's by whitespace only, at any place the quote occurs);
- ``claim_number_absent`` (the check step's, as on every path): a number of the claim is nowhere in
  the section the judge reads (see `citecheck.checker.absent_numbers`); here it is also checked on
  the section a provider's location places a short quote in;
- ``chosen_passages``: the provider cited a whole file or page, so the judge read passages picked
  by BM25: a verdict on text the provider never named cannot stand on its own.

All three are decided from step 1 alone, before any model call, and change no call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from citecheck._models import (
    Citation,
    CitationFailure,
    Document,
    Flag,
    FoundLocation,
    Location,
    QuoteMatch,
    Section,
)
from citecheck.checker import (
    BatchTotals,
    Checker,
    MatchResult,
    Result,
    absent_numbers,
    chosen_checker,
    flag_claim_numbers,
    item_failure,
    locate,
)
from citecheck.matcher import MatchOptions
from citecheck.providers._model import LinkedCitation, ProviderAnswer, SentDocument, sent_documents
from citecheck.providers._request import BLOCK

if TYPE_CHECKING:  # only types: reading a provider answer (`citecheck match --from`) loads no judge
    from citecheck.judge import AsyncJudge, Judge

__all__ = ["LocationCheck", "ProviderRun", "check_answer", "match_answer", "provider_documents"]


@dataclass(frozen=True)
class LocationCheck:
    """The provider's location of a cited text beside step 1's.

    Attributes:
        citation: The citation's id.
        provider: Where the provider puts it, in words (``characters 0-47 of policy.txt``).
        found: Where step 1 found it, in words; ``None`` when it did not.
        agrees: Whether they agree; ``None`` when they cannot be compared (a block index, a
            missing quote, a document without pages).
    """

    citation: str
    provider: str
    found: str | None
    agrees: bool | None


@dataclass(frozen=True)
class ProviderRun:
    """A checked provider answer: the results in citation order, and what step 1 added.

    Attributes:
        answer: The answer as the adapter read it.
        documents: The documents checked against: those given, then the provider's chunks.
        results: One result per citation, in `ProviderAnswer.citations` order.
        checks: The location cross-check of each citation whose provider gave a location.
        absent: The claim's numbers missing from the section read, by citation id.
        totals: The batch's totals (calls made, answers replayed); ``None`` for step 1 alone.
    """

    answer: ProviderAnswer
    documents: tuple[Document, ...]
    results: list[Result]
    checks: dict[str, LocationCheck] = field(default_factory=dict)
    absent: dict[str, tuple[str, ...]] = field(default_factory=dict)
    totals: BatchTotals | None = None


def provider_documents(
    answer: ProviderAnswer, documents: Sequence[Document | SentDocument] | Mapping[str, Document]
) -> tuple[Document, ...]:
    """What a provider answer is checked against: the documents given (named as the adapter names them), then chunks."""
    given: list[Document] = []
    for index, sent in enumerate(sent_documents(documents)):
        document = sent.document
        if document.name is None:
            name = sent.title or sent.file_id or sent.url or f"document {index}"
            document = document.model_copy(update={"name": name})
        if any(kept is document or (kept.name == document.name and kept == document) for kept in given):
            continue  # one file given twice (a SOURCE repeated): its citations name it, so once is enough
        given.append(document)
    return (*given, *answer.chunks)


def _pages(document: Document, match: QuoteMatch) -> list[int]:
    pages = []
    for section in document.sections:
        if section.kind == "page" and section.start < match.end and match.start < section.end:
            pages.append(int(section.id.removeprefix("p. ")))
    return pages


def _sent_document(link: LinkedCitation, documents: dict[str, Document]) -> tuple[Section, ...]:
    document = documents.get(link.source)
    return document.sections if document is not None else ()


def _span_agrees(original: str, start: int, end: int, quote: str, matches: Sequence[QuoteMatch]) -> bool:
    """Whether the provider's offsets hold its cited text: character for character, or exactly a match's span.

    Whitespace is not forgiven: offsets moved by one onto the space before a sentence hold another
    text than the one cited, and that is what a moved location looks like.
    """
    if not 0 <= start <= end <= len(original):
        return False
    return original[start:end] == quote or any((m.source_start, m.source_end) == (start, end) for m in matches)


def _cross_check(link: LinkedCitation, location: Location, documents: dict[str, Document]) -> LocationCheck | None:
    place = link.location
    if place.kind not in ("char", "page", "block") or place.start is None or place.end is None:
        return None
    if place.kind == "block" and not any(s.id.startswith(BLOCK) for s in _sent_document(link, documents)):
        return None  # blocks are only known for a custom content document read from the request
    unit = {"char": "characters", "page": "pages", "block": "blocks"}[place.kind]
    last = place.end if place.kind == "char" else place.end - 1
    span = (
        f"{unit[:-1]} {place.start}" if place.kind != "char" and last == place.start else f"{unit} {place.start}-{last}"
    )
    told = f"{span} of {link.source}"
    if location.match is None:
        return LocationCheck(link.citation.id, told, None, None)
    document = documents.get(location.document or "")
    if document is None:
        return LocationCheck(link.citation.id, told, None, None)
    match = location.match
    matches = location.occurrences or (match,)
    if place.kind == "char":
        found = f"characters {match.source_start}-{match.source_end} of {location.document}"
        quote = link.citation.quote or ""
        agrees = location.document == link.source and _span_agrees(
            document.original, place.start, place.end, quote, matches
        )
        return LocationCheck(link.citation.id, told, found, agrees)
    if place.kind == "block":
        blocks = sorted({int(s.removeprefix(BLOCK)) for s in match.sections if s.startswith(BLOCK)})
        shown = (
            f"block {blocks[0]}" if len(blocks) == 1 else f"blocks {blocks[0]}-{blocks[-1]}" if blocks else "no block"
        )
        found = f"{shown} of {location.document}"
        agrees = location.document == link.source and any(
            all(place.start <= int(s.removeprefix(BLOCK)) < place.end for s in m.sections if s.startswith(BLOCK))
            and any(s.startswith(BLOCK) for s in m.sections)
            for m in matches
        )
        return LocationCheck(link.citation.id, told, found, agrees)
    pages = _pages(document, match)
    if not pages:
        return LocationCheck(link.citation.id, told, None, None)
    shown = f"page {pages[0]}" if pages[0] == pages[-1] else f"pages {pages[0]}-{pages[-1]}"
    found = f"{shown} of {location.document}"
    agrees = location.document == link.source and any(
        all(place.start <= page < place.end for page in _pages(document, m)) and _pages(document, m) for m in matches
    )
    return LocationCheck(link.citation.id, told, found, agrees)


@dataclass
class _Extra:
    flags: list[Flag] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    placed: FoundLocation | None = None  # a short quote the provider's location places
    located: Location | None = None  # step 1's own finding, before these flags
    failed: BaseException | None = None  # why step 1 could not run on the citation
    citation: Citation | None = None  # the citation as the adapter made it (a placed one is asked without its quote)


def _placed(link: LinkedCitation, location: Location, documents: dict[str, Document]) -> FoundLocation | None:
    """A quote too short to place alone, placed by the provider: it names where, and the text is there.

    Anthropic and Bedrock return the cited text verbatim with where it is. When step 1 finds that
    short text there (or only once in the document), the place is not in doubt, so the judge reads
    its section as for any found quote; a provider location that disagrees leaves it ambiguous.
    """
    match = location.match
    if (
        location.status != "ambiguous"
        or match is None
        or link.read != "quote"
        # Any other flag is for a person: among them ``fuzzy``, which step 1 sets on a match found
        # only by similarity (scored below 100), whatever its tier is named.
        or location.flags != ("ambiguous",)
        or len(match.sections) != 1
        or location.document != link.source
    ):
        return None
    document = documents.get(location.document or "")
    section = document.section(match.section) if document is not None else None
    if section is None:
        return None
    return FoundLocation(
        document=location.document,
        cited=location.cited,
        cited_section=location.cited_section,
        occurrences=location.occurrences,
        occurrence_count=location.occurrence_count,
        match=match,
        section=section.id,
        text=section.text,
        reason=f"the quote is in section {section.id}; it is short, but the provider places it there",
    )


def _step_one(
    answer: ProviderAnswer, documents: tuple[Document, ...], options: MatchOptions
) -> tuple[dict[str, _Extra], dict[str, LocationCheck], dict[str, tuple[str, ...]]]:
    """What step 1 adds per citation, decided before any model call."""
    by_name = {d.name or "": d for d in documents}
    extras: dict[str, _Extra] = {}
    checks: dict[str, LocationCheck] = {}
    absent: dict[str, tuple[str, ...]] = {}
    for link in answer.citations:
        cid = link.citation.id
        extra = extras[cid] = _Extra(citation=link.citation)
        try:
            location = extra.located = locate(documents, link.citation, options)
        except Exception as error:  # reported as this citation's failure, as a batch does
            extra.failed = error
            continue
        placed = _placed(link, location, by_name)
        check = None if placed is None else _cross_check(link, placed, by_name)
        if placed is not None and (
            (check is not None and check.agrees)
            or ((check is None or check.agrees is None) and placed.occurrence_count == 1)
        ):
            # Its check is the one just made; the section it places the quote in is what the judge reads.
            extra.placed = location = flag_claim_numbers(link.citation.claim, placed)
        else:
            check = _cross_check(link, location, by_name)
        if check is not None:
            checks[cid] = check
            if check.agrees is False:
                extra.flags.append("provider_location_mismatch")
                extra.notes.append(f"the provider places the cited text at {check.provider}, step 1 at {check.found}")
        if location.text is not None and "claim_number_absent" in location.flags:
            absent[cid] = absent_numbers(link.citation.claim, location.text)
        if link.read == "passages":
            extra.flags.append("chosen_passages")
            spans = ", ".join(f"characters {p.start}-{p.end} (score {p.score:g})" for p in link.passages)
            extra.notes.append(
                f"the provider cited the whole of {link.source}, so the judge read passages picked for the claim: "
                f"{spans}; {link.why}"
            )
    return extras, checks, absent


def _with_extra(location: Location, extra: _Extra) -> Location:
    if extra.placed is not None and location.status in ("section-only", "ambiguous"):
        location = extra.placed
    if not extra.flags:
        return location
    flags = tuple(dict.fromkeys((*location.flags, *extra.flags)))
    reason = location.reason.rstrip(".") + "; " + "; ".join(extra.notes) + "."
    return location.model_copy(update={"flags": flags, "reason": reason})


def _apply(result: Result, extras: dict[str, _Extra], checker: Checker) -> Result:
    if isinstance(result, CitationFailure):
        extra = extras.get(result.id)
        if extra is None or result.location is None:
            return result
        return result.model_copy(update={"location": _with_extra(result.location, extra)})
    extra = extras.get(result.citation.id)
    if extra is None or (not extra.flags and extra.placed is None):
        return result
    location = _with_extra(result.location, extra)
    citation = result.citation
    if extra.placed is not None and extra.citation is not None:  # asked as a section-only citation (see `_asked`)
        citation = extra.citation
    if isinstance(result, MatchResult):
        return MatchResult(citation=citation, location=location)
    return checker.fold(citation, location, result.answer)


def _asked(answer: ProviderAnswer, extras: dict[str, _Extra]) -> list[Citation]:
    """The citations to run: a short quote the provider placed is asked as its section, which the judge reads."""
    asked = []
    for link in answer.citations:
        placed = extras[link.citation.id].placed
        citation = link.citation
        if placed is not None:
            citation = citation.model_copy(update={"quote": None, "section": placed.section})
        asked.append(citation)
    return asked


def check_answer(
    answer: ProviderAnswer,
    documents: Sequence[Document | SentDocument] | Mapping[str, Document],
    *,
    judge: Judge | AsyncJudge | None = None,
    checker: Checker | None = None,
) -> ProviderRun:
    """Check every citation of a provider answer: step 1 and its flags first, then one question each.

    Args:
        answer: What an adapter (`read_response`) returned.
        documents: The documents sent, as given to the adapter.
        judge: What answers step 2 instead of the checker's (as `citecheck.check_citations` takes it).
        checker: How to check: the preset and tiers, the auto-accept threshold, the judge, the
            questions in flight (by default `citecheck.checker.DEFAULT_CHECKER`).

    Returns:
        The results, in citation order, with the location cross-checks and the claims' absent numbers.
    """
    chosen = chosen_checker(checker, judge)
    loaded = provider_documents(answer, documents)
    extras, checks, absent = _step_one(answer, loaded, chosen.options)
    batch = chosen.check_citations(loaded, _asked(answer, extras))
    results: list[Result] = [_apply(result, extras, chosen) for result in batch]
    return ProviderRun(answer, loaded, results, checks, absent, batch.totals)


def match_answer(
    answer: ProviderAnswer,
    documents: Sequence[Document | SentDocument] | Mapping[str, Document],
    *,
    checker: Checker | None = None,
) -> ProviderRun:
    """Step 1 alone on a provider answer: where each quote is, the location cross-check, the claims' numbers.

    ``checker`` chooses how quotes match, as for `check_answer`; its judge is not asked.
    """
    loaded = provider_documents(answer, documents)
    extras, checks, absent = _step_one(answer, loaded, chosen_checker(checker).options)
    results: list[Result] = []
    # Step 1 already ran for the flags: its findings are the results (as `match_citations` gives them).
    for position, link in enumerate(answer.citations):
        extra = extras[link.citation.id]
        if extra.located is None:
            results.append(item_failure(position, link.citation.id, extra.failed or RuntimeError("not located")))
        else:
            results.append(MatchResult(citation=link.citation, location=_with_extra(extra.located, extra)))
    return ProviderRun(answer, loaded, results, checks, absent)
