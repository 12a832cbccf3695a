"""The answer repaired: each tolerant quote becomes the source's own words, each missing one prose or marked.

What repair does, citation by citation, from step 1's evidence:

- a quote found word for word (tier ``exact``) is left as it is, byte for byte;
- a quote found by a tolerant tier (``normalized``, ``loose``, ``fuzzy``, or a plugin's) is replaced by
  the source text it matched; in an answer's prose the source's line wrapping is folded to single
  spaces, in a provider's ``cited_text`` it is kept exactly;
- a quote with an ellipsis is left as written: its source text holds what it leaves out;
- a quote that is not in the source is turned into plain prose (its quotation marks dropped) or
  marked ``[not in the source]``, as asked;
- every citation is annotated with its verdict, confidence and action.

What it never does: invent text (every word put in is the source's, at the offsets given), rewrite a
claim (the answer's own words around the quotes stay as written), or drop a claim.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from citecheck._models import Verdict, _FrozenLax, as_citation, citation_name
from citecheck._types import CitationLike
from citecheck.checker import Action, Result, view
from citecheck.errors import InvalidCitationError

if TYPE_CHECKING:
    from citecheck._models import Citation
    from citecheck.checker import Checker
    from citecheck.providers import ProviderAnswer

__all__ = ["MARK", "Change", "MissingQuotes", "RepairedAnswer", "RepairedCitation", "repair_answer", "repair_response"]

Change = Literal["kept", "replaced", "unquoted", "marked", "failed"]
"""What repair did to a quote: left it (exact, or nothing to go on), put the source's words in,
dropped the quotation marks of a quote not in the source, marked it, or nothing since its check failed."""

MissingQuotes = Literal["prose", "mark"]
"""What becomes of a quote that is not in the source: plain prose, or marked ``[not in the source]``."""

MARK = " [not in the source]"
"""What marks a quote that is not in the source (``missing="mark"``)."""

_TOLERANT_KEPT = frozenset({"exact", "ellipsis"})
_PAIRS = {'"': '"', "\u201c": "\u201d", "\u2018": "\u2019", "'": "'", "\u00ab": "\u00bb", "\u201e": "\u201c"}


class RepairedCitation(_FrozenLax):
    """One citation after repair: what changed, where its quote now is, and its verdict."""

    id: str
    """The citation's id."""
    change: Change
    """What repair did to its quote."""
    verdict: Verdict | None
    """The verdict (``None``: step 1 alone could not say, or the check failed)."""
    confidence: float | None
    """The model's confidence, when a model was asked."""
    action: Action | None
    """``auto``, ``review``, ``human`` or ``judge``; ``None`` for a failed check."""
    written: str | None
    """The quote as the answer wrote it."""
    quote: str | None
    """The quote as the repaired answer holds it (the source's words when replaced)."""
    start: int | None = None
    """Offset of the quote in the repaired answer's text (``None`` for a provider's citation, whose
    quote is not part of the answer's text)."""
    end: int | None = None
    """End offset (exclusive) of the quote in the repaired answer's text."""
    document: str | None = None
    """The source document the quote was found in."""
    section: str | None = None
    """The section it was found in."""
    source_start: int | None = None
    """Offset of the matched text in the source as given (`citecheck.Document.original`)."""
    source_end: int | None = None
    """End offset (exclusive) of the matched text in the source."""
    reason: str = ""
    """Step 1's reason, or the failure's message."""


class RepairedAnswer(_FrozenLax):
    """An answer after repair: its text, each citation's repair, and the provider's JSON repaired."""

    text: str
    """The repaired answer's text (no annotations: see `to_markdown`)."""
    citations: tuple[RepairedCitation, ...]
    """One entry per citation, in input order."""
    response: dict[str, Any] | None = None
    """For a provider's response: the response, in the provider's own shape, repaired (``anthropic``
    and ``bedrock``); ``None`` otherwise."""
    claims: tuple[tuple[int, int, tuple[str, ...]], ...] = ()
    """For a provider's answer: each claim's span of `text` and its citations' ids."""

    def to_markdown(self) -> str:
        """The repaired answer as Markdown: a footnote after each quote (or claim) gives its verdict."""
        inserts: list[tuple[int, str]] = []
        if self.claims:
            for _start, end, ids in self.claims:
                inserts.append((end, "".join(f"[^{_label(i)}]" for i in ids)))
        else:
            for citation in self.citations:
                if citation.end is not None:
                    after = citation.end + _closing(self.text, citation.start or 0, citation.end)
                    if citation.change == "marked":
                        after += len(MARK)
                    inserts.append((after, f"[^{_label(citation.id)}]"))
        text = self.text
        for position, marker in sorted(inserts, reverse=True):
            text = text[:position] + marker + text[position:]
        notes = [f"[^{_label(c.id)}]: {_note(c)}" for c in self.citations]
        return text.rstrip("\n") + "\n\n" + "\n".join(notes) + "\n"


def _label(citation_id: str) -> str:
    return re.sub(r"[^\w.-]", "-", citation_id)


def _note(citation: RepairedCitation) -> str:
    verdict = citation.verdict.value if citation.verdict is not None else "not judged"
    confidence = f", confidence {citation.confidence:.2f}" if citation.confidence is not None else ""
    parts = [f"**{verdict}**{confidence}, {citation.action or 'error'}"]
    if citation.quote and citation.start is None:
        parts.append(f"\u201c{citation.quote}\u201d")
    if citation.document is not None or citation.section is not None:
        where = ", ".join(
            part
            for part in (
                citation.document,
                f"section {citation.section}" if citation.section else None,
                f"characters {citation.source_start}-{citation.source_end}"
                if citation.source_start is not None
                else None,
            )
            if part
        )
        parts.append(where)
    parts.append(_CHANGES[citation.change])
    if citation.reason:
        parts.append(citation.reason)
    return " \u00b7 ".join(parts)


_CHANGES: dict[Change, str] = {
    "kept": "quote kept as written",
    "replaced": "quote replaced by the source's text",
    "unquoted": "not in the source: now plain prose",
    "marked": "not in the source: marked",
    "failed": "could not be checked: kept as written",
}


def _closing(text: str, start: int, end: int) -> int:
    """1 when the quote at ``text[start:end]`` is closed by a quotation mark right after it, else 0."""
    if start > 0 and end < len(text) and _PAIRS.get(text[start - 1]) == text[end]:
        return 1
    return 0


def _fold(text: str) -> str:
    return " ".join(text.split())


_Decision = Literal["kept", "replaced", "missing", "failed"]


def _decide(result: Result, written: str | None, exact: bool) -> tuple[_Decision, str | None]:
    """What becomes of a quote, and the text that stands for it: the source's, when replaced."""
    seen = view(result)
    if seen.failure is not None:
        return "failed", written
    location, match = seen.location, seen.match
    if written is None or not written.strip() or location is None:
        return "kept", written
    if location.status == "missing":
        return "missing", written
    if match is None or match.tier in _TOLERANT_KEPT:
        return "kept", written
    source = match.source_text if exact else _fold(match.source_text)
    return ("kept", written) if source == written else ("replaced", source)


def _entry(result: Result, change: Change, written: str | None, quote: str | None, **where: Any) -> RepairedCitation:
    seen = view(result)
    match = seen.match
    location = seen.location
    return RepairedCitation(
        id=seen.id,
        change=change,
        verdict=seen.verdict,
        confidence=seen.confidence,
        action=seen.action,
        written=written,
        quote=quote,
        document=location.document if location is not None else None,
        section=match.section if match is not None else None,
        source_start=match.source_start if match is not None else None,
        source_end=match.source_end if match is not None else None,
        reason=seen.failure.message if seen.failure is not None else location.reason if location is not None else "",
        **where,
    )


def _checker_of(checker: Checker | None) -> Checker:
    from citecheck.checker import Checker

    return checker if checker is not None else Checker()


def repair_answer(
    answer: str,
    citations: Iterable[CitationLike],
    documents: Any,
    *,
    checker: Checker | None = None,
    missing: MissingQuotes = "mark",
    results: Sequence[Result] | None = None,
) -> RepairedAnswer:
    """Repair an answer whose citations carry their quotes as the answer writes them.

    Each quote is looked for in ``answer`` (a second citation with the same quote takes the next
    occurrence), checked against ``documents``, and repaired as this module says.

    Args:
        answer: The answer's text.
        citations: Its citations, each with its quote exactly as ``answer`` writes it.
        documents: The sources (as `citecheck.check_citations` takes them).
        checker: The checker to check with (its judge gives the verdicts); by default `Checker()`.
        missing: What becomes of a quote that is not in the source: ``prose`` or ``mark``.
        results: The citations' results, when they were checked already (step 1 alone will do).

    Returns:
        The repaired answer.

    Raises:
        InvalidCitationError: A citation is malformed, or its quote is not in ``answer``.
    """
    listed = [as_citation(c, position) for position, c in enumerate(citations)]
    spans = _spans(answer, listed)
    checked = list(results) if results is not None else list(_checker_of(checker).check_citations(documents, listed))
    if len(checked) != len(listed):
        raise ValueError(f"{len(checked)} results for {len(listed)} citations")
    # One edit per quoted citation: the span of the answer it replaces, its new text, and the change.
    edits: dict[int, tuple[int, int, str, Change, int]] = {}  # span replaced, new text, change, quote's length
    changes: dict[int, Change] = {}
    for index, (span, result) in enumerate(zip(spans, checked, strict=True)):
        decision, text = _decide(result, listed[index].quote, exact=False)
        if span is None:
            changes[index] = "failed" if decision == "failed" else "kept"
            continue
        start, end = span
        quote = answer[start:end]
        closing = _closing(answer, start, end)
        if decision == "missing" and missing == "mark":  # the mark goes after the closing quotation mark
            edits[index] = (start, end + closing, answer[start : end + closing] + MARK, "marked", len(quote))
        elif decision == "missing":  # the quotation marks go: the words stay, no longer a quotation
            edits[index] = (start - closing, end + closing, quote, "unquoted", len(quote))
        else:
            new = quote if text is None else text
            edits[index] = (start, end, new, decision, len(new))
    pieces: list[str] = []
    placed: dict[int, tuple[int, int]] = {}
    position = shift = 0
    for index, (start, end, text, change, length) in sorted(edits.items(), key=lambda item: item[1][:2]):
        if start < position:
            raise InvalidCitationError(
                citation_name(listed[index], index), "quote", "overlaps another citation's quote in the answer"
            )
        pieces += [answer[position:start], text]
        placed[index] = (start + shift, start + shift + length)
        shift += len(text) - (end - start)
        position = end
        changes[index] = change
    pieces.append(answer[position:])
    repaired = "".join(pieces)
    entries = []
    for index, result in enumerate(checked):
        where = placed.get(index)
        if where is None:
            entries.append(_entry(result, changes[index], listed[index].quote, listed[index].quote))
            continue
        start, end = where
        entries.append(_entry(result, changes[index], listed[index].quote, repaired[start:end], start=start, end=end))
    return RepairedAnswer(text=repaired, citations=tuple(entries))


def _spans(answer: str, citations: Sequence[Citation]) -> list[tuple[int, int] | None]:
    """Where each citation's quote is written in the answer (``None``: it quotes nothing)."""
    spans: list[tuple[int, int] | None] = []
    taken: dict[str, int] = {}
    for position, citation in enumerate(citations):
        quote = citation.quote
        if quote is None or not quote.strip():
            spans.append(None)
            continue
        start = answer.find(quote, taken.get(quote, 0))
        if start < 0:
            raise InvalidCitationError(
                citation_name(citation, position),
                "quote",
                "is not in the answer's text: repair replaces a quote where the answer writes it, word for word",
            )
        taken[quote] = start + len(quote)
        spans.append((start, start + len(quote)))
    return spans


def repair_response(
    provider: str,
    response: Mapping[str, Any],
    documents: Any,
    *,
    checker: Checker | None = None,
    missing: MissingQuotes = "mark",
    judged: bool = True,
) -> RepairedAnswer:
    """Repair a provider's response: each citation's ``cited_text`` checked against the documents sent.

    The answer's text is the provider's, unchanged (its quotes are the citations' ``cited_text``,
    outside the text). In the response (``anthropic`` and ``bedrock``), a tolerantly matched
    ``cited_text`` becomes the source's exact text and a ``char_location``'s indices its offsets; a
    citation whose text is not in the source is dropped (``prose``: the claim stays, uncited) or kept
    and marked (``mark``); each citation gets a ``citecheck`` object with its verdict and change.

    Args:
        provider: One of `citecheck.providers.PROVIDERS`.
        response: The response, as the provider's JSON.
        documents: The documents sent, in the order sent.
        checker: The checker to check with; by default `Checker()`.
        missing: What becomes of a citation whose text is not in the source.
        judged: Whether the model judges (``False``: step 1 alone, no verdict but ``fabricated``).

    Returns:
        The repaired answer; `RepairedAnswer.response` is the repaired response (``None`` for a
        provider whose citations carry no quote of their own).

    Raises:
        ProviderError: The response is not in the provider's shape, or names no document given.
    """
    from citecheck.providers import check_answer, match_answer, read_response

    chosen = _checker_of(checker)
    answer = read_response(provider, response, documents)
    run = check_answer(answer, documents, checker=chosen) if judged else match_answer(answer, documents, checker=chosen)
    entries: list[RepairedCitation] = []
    for link, result in zip(answer.citations, run.results, strict=True):
        written = link.location.raw.get("cited_text") if isinstance(link.location.raw, Mapping) else None
        quote = written if isinstance(written, str) else None
        decision, text = _decide(result, quote, exact=True)
        change: Change
        if decision == "missing":
            change, text = ("marked", quote) if missing == "mark" else ("unquoted", None)
        else:
            change = decision
        entries.append(_entry(result, change, quote, text))
    repaired = _repaired_response(response, answer, entries) if provider in ("anthropic", "bedrock") else None
    claims = tuple((claim.start, claim.end, claim.citations) for claim in answer.claims)
    return RepairedAnswer(text=answer.text, citations=tuple(entries), response=repaired, claims=claims)


def _repaired_response(
    response: Mapping[str, Any], answer: ProviderAnswer, entries: Sequence[RepairedCitation]
) -> dict[str, Any]:
    """The response with each citation object repaired in place, in the provider's shape."""
    repaired = copy.deepcopy(dict(response))
    pending = list(zip(answer.citations, entries, strict=True))
    for holder, key in _citation_lists(repaired):
        kept = []
        for cited in holder[key]:
            index = next((i for i, (link, _) in enumerate(pending) if link.location.raw == cited), None)
            if index is None:
                kept.append(cited)
                continue
            _, entry = pending.pop(index)
            if entry.change == "unquoted":
                continue  # not in the source: the claim stays as prose, without this citation
            fixed = dict(cited)
            if entry.change == "replaced" and entry.quote is not None:
                fixed["cited_text"] = entry.quote
                if fixed.get("type") == "char_location" and entry.source_start is not None:
                    fixed["start_char_index"], fixed["end_char_index"] = entry.source_start, entry.source_end
            fixed["citecheck"] = {
                "verdict": entry.verdict.value if entry.verdict is not None else None,
                "confidence": entry.confidence,
                "action": entry.action,
                "change": entry.change,
            }
            kept.append(fixed)
        holder[key] = kept
    return repaired


def _citation_lists(data: Any) -> list[tuple[dict[str, Any], str]]:
    """Every ``citations`` list in a response, in document order, with the object that holds it."""
    found: list[tuple[dict[str, Any], str]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "citations" and isinstance(value, list):
                found.append((data, key))
            else:
                found.extend(_citation_lists(value))
    elif isinstance(data, list):
        for item in data:
            found.extend(_citation_lists(item))
    return found
