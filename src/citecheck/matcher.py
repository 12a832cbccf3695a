"""Step 1: find a citation's quote in the source, with no model.

A quote matches when it is in a section word for word after `normalize` has folded whitespace
and curly quotes, so a quote still matches across the source's line wraps.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from citecheck.models import Citation, Document, Location, QuoteMatch, Section

__all__ = ["find_quote", "locate", "normalize"]

_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})
_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """Collapse runs of whitespace to one space, fold curly quotes, and trim the ends."""
    return _SPACE.sub(" ", text.translate(_QUOTES)).strip()


@dataclass(frozen=True)
class _Index:
    """A document's normalized text, built once, with a map back to the document's offsets."""

    text: str
    # Normalized text is made of runs copied one-to-one from the source; run i starts at
    # norm_starts[i] in the normalized text and at source_starts[i] in the document.
    norm_starts: list[int]
    source_starts: list[int]
    # Each section's span in the normalized text, in document order.
    spans: list[tuple[int, int]]

    def to_source(self, offset: int) -> int:
        """The document offset of the character at ``offset`` in the normalized text."""
        run = bisect_right(self.norm_starts, offset) - 1
        return self.source_starts[run] + offset - self.norm_starts[run]

    def span_to_norm(self, start: int, end: int) -> tuple[int, int]:
        """A document span's span in the normalized text."""
        return self._to_norm(start), self._to_norm(end - 1) + 1 if end > start else self._to_norm(start)

    def _to_norm(self, offset: int) -> int:
        run = bisect_right(self.source_starts, offset) - 1
        if run < 0:
            return 0
        run_end = self.norm_starts[run + 1] - 1 if run + 1 < len(self.norm_starts) else len(self.text)
        # An offset inside the whitespace after a run maps to the one space that replaced it.
        return min(self.norm_starts[run] + offset - self.source_starts[run], run_end)


def _build_index(document: Document) -> _Index:
    source = document.text.translate(_QUOTES)
    pieces: list[str] = []
    norm_starts: list[int] = []
    source_starts: list[int] = []
    length = 0
    for run in re.finditer(r"\S+", source):
        if pieces:
            pieces.append(" ")
            length += 1
        norm_starts.append(length)
        source_starts.append(run.start())
        pieces.append(run.group())
        length += len(run.group())
    index = _Index("".join(pieces), norm_starts, source_starts, [])
    index.spans.extend(index.span_to_norm(s.start, s.end) for s in document.sections)
    return index


def _index(document: Document) -> _Index:
    index = document._memo.get("matcher")
    if not isinstance(index, _Index):
        index = _build_index(document)
        document._memo["matcher"] = index
    return index


def _match(document: Document, quote: str) -> QuoteMatch | None:
    needle = normalize(quote)
    if not needle:
        return None
    index = _index(document)
    found = index.text.find(needle)
    while found != -1:
        end = found + len(needle)
        for section, (start, stop) in zip(document.sections, index.spans, strict=True):
            if start <= found and end <= stop:
                source_start = index.to_source(found)
                source_end = index.to_source(end - 1) + 1
                original_start, original_end = document.source_span(source_start, source_end)
                return QuoteMatch(
                    section=section.id,
                    start=source_start,
                    end=source_end,
                    source_text=document.text[source_start:source_end],
                    source_start=original_start,
                    source_end=original_end,
                    method="normalized",
                )
        found = index.text.find(needle, found + 1)
    return None


def find_quote(document: Document, quote: str) -> str | None:
    """The id of the first section, in document order, that holds the quote, or ``None``.

    Both sides are normalized first (see `normalize`). A blank quote is never found.
    """
    match = _match(document, quote)
    return match.section if match else None


def resolve_section(document: Document, reference: str) -> Section | None:
    """The section a citation's section reference names, or ``None`` when there is none."""
    return document.section(reference.strip())


def locate(document: Document, citation: Citation) -> Location:
    """Step 1 for one citation: where its quote is, or the section it names when it quotes nothing.

    A citation with a quote is ``found`` in the section that holds the quote, or ``missing``. A
    citation without one (or with a blank one) is ``section-only`` when the section it names
    exists, and ``missing`` when it does not: a cited section that does not exist is fabricated.
    """
    cited = citation.section
    if not citation.has_quote:
        assert cited is not None  # Citation guarantees a section when there is no quote
        section = resolve_section(document, cited)
        if section is None:
            return Location(
                status="missing",
                cited=cited,
                section=None,
                text=None,
                reason=f"the cited section {cited!r} does not exist in the document",
            )
        return Location(
            status="section-only",
            cited=cited,
            section=section.id,
            text=section.text,
            reason=f"no quote: the judge reads the cited section {section.id}",
        )
    assert citation.quote is not None
    match = _match(document, citation.quote)
    if match is None:
        return Location(
            status="missing",
            cited=cited,
            section=None,
            text=None,
            reason="the quote is not in any section, even after normalizing whitespace and quote marks",
        )
    found = document.section(match.section)
    assert found is not None
    return Location(
        status="found",
        cited=cited,
        section=found.id,
        text=found.text,
        match=match,
        reason=f"the quote is in section {found.id}",
    )
