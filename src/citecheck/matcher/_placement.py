"""Placing a tier's hits in the document: which section a match lies in, and its evidence."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from citecheck._lazy_re import lazy_compile
from citecheck._models import Document, Flag, MatchTier, QuoteMatch, Section, WordDiff
from citecheck.matcher._index import WordIndex
from citecheck.matcher._references import is_within
from citecheck.parsers import paragraph_joins

__all__ = ["Placement", "TierHit", "joins_blocks"]

# A blank line, unless the next block is a list item: items of one list are quoted together. A
# licence letters and numbers them in roman numerals too ("c. under Patent Claims", "ii. the").
_BLOCK_BREAK = re.compile(
    r"\n[ \t]*\n(?![ \t]*(?:[o*\u2022\u2013-]|\d+[.)]|[a-z][.)]|[ivx]{1,4}[.)]|\([a-z0-9]+\))[ \t])"
)


def joins_blocks(document: Document, start: int, end: int) -> bool:
    """Whether the text ``start:end`` of `Document.text` runs on across a blank line between two blocks.

    Two blocks (figure labels, table cells, paragraphs) read as one sentence may say what neither
    says alone. The blank line a removed RFC page break leaves inside a paragraph is no such line:
    the paragraph is one block (`citecheck.parsers.paragraph_joins`).
    """
    text = document.text
    breaks = list(_BLOCK_BREAK.finditer(text, start, end))
    if not breaks:
        return False
    joins = document.derived("matcher.paragraph_joins", paragraph_joins) if document.source is not None else frozenset()
    definitions = document.derived("matcher.definition_bodies", _definition_bodies)
    return any(_block_start(text, found.end()) not in joins and found.end() not in definitions for found in breaks)


# A section title that opens with a term in quotation marks (`1.4. "Covered Software"`): a definition.
_QUOTED_TERM = lazy_compile(r"[\"\u201c\u201e\u00ab][^\"\u201c\u201d\u00ab\u00bb\n]{1,80}[\"\u201d\u201c\u00bb]")


def _definition_bodies(document: Document) -> frozenset[int]:
    """Where the body of a defined term starts, after the blank line below its heading.

    A licence or a contract defines its terms one to a section, the term as the heading and the
    definition going on in lower case below it (``1.4. "Covered Software"`` / ``means Source Code
    Form ...``): the term is the subject of the definition's sentence, so the heading and the body
    read as one are no two blocks. Any other heading above a paragraph is.
    """
    text = document.text
    bodies: set[int] = set()
    for section in document.sections:
        if not _QUOTED_TERM.match(section.title.strip()):
            continue
        line_end = text.find("\n", section.start, section.end)
        if line_end < 0 or not text[section.start : line_end].rstrip().endswith(section.title.strip()):
            continue
        gap = re.match(r"\n[ \t]*\n([ \t]*)", text[line_end : section.end])
        if gap is not None and text[line_end + gap.end() : line_end + gap.end() + 1].islower():
            bodies.add(line_end + gap.start(1))  # the start of the body's line, where the break ends
    return frozenset(bodies)


def _block_start(text: str, at: int) -> int:
    """The start of the line the next block begins on, after a blank line ending at ``at``."""
    return text.rfind("\n", 0, at) + 1 if at < len(text) else at


@dataclass(frozen=True)
class TierHit:
    """A match in folded-text offsets, as a tier finds it, before it is placed in sections."""

    start: int
    """Start offset in the index's folded text."""
    end: int
    """End offset (exclusive) in the folded text."""
    tier: MatchTier | None = None
    """How it matched, as `QuoteMatch.tier` says it; ``None``: the name of the tier that found it."""
    score: float = 100.0
    """Similarity, 0 to 100. Below 100 the match was found only by similarity: step 1 flags it
    ``fuzzy`` for a person, as it does the fuzzy tier's, whatever the tier is named."""
    differences: tuple[WordDiff, ...] = ()
    """Word differences between the quote and the matched text."""
    flags: tuple[Flag, ...] = ()
    """Why a person must look at this match (``ellipsis_gap``, ``omitted_text``...)."""
    rejected: str | None = None
    """Why this is only the closest text, not a match; ``None`` for a match."""
    notes: tuple[str, ...] = ()
    """What differs or what the flags are about, in a reviewer's words (``left out a leading condition: ...``,
    a quote cut mid-word)."""


def _pages(text: str, first: Section, last: Section) -> bool:
    """Whether two sections are a page and the next, with only a page break between them.

    A tier that keeps a match in one section (the ellipsis tier's fragments) keeps it in one
    passage: a PDF's page break parts none, and a sentence runs across it.
    """
    return first.kind == last.kind == "page" and first.end <= last.start and not text[first.end : last.start].strip()


@dataclass(frozen=True)
class Placement:
    """Places hits in one document's sections."""

    document: Document
    index: WordIndex
    single_section: bool
    """Whether a match must lie in one section (the cookbook's rule, and the ellipsis tier's)."""
    prefer: str | None = None
    """The cited section, read first when several sections hold a span (overlapping sections)."""
    first_holder: bool = False
    """Of overlapping sections holding a span, take the first (the cookbook) not the narrowest."""
    tier: MatchTier = ""
    """The name of the tier whose hits these are: what a hit that names no strength reports."""

    def sections(self, start: int, end: int) -> tuple[str, ...]:
        """The ids of the sections the span ``start:end`` of `Document.text` lies in, or ``()``."""
        if self.index.overlapping:
            return self._overlapping(start, end)
        sections = self.document.sections
        first = bisect_right(self.index.section_starts, start) - 1
        if first < 0 or start >= sections[first].end:
            return ()
        last = first
        while end > sections[last].end:
            if last + 1 >= len(sections) or sections[last + 1].start >= end:
                return ()
            if self.single_section and not _pages(self.document.text, sections[last], sections[last + 1]):
                return ()
            last += 1
        return tuple(s.id for s in sections[first : last + 1])

    def _overlapping(self, start: int, end: int) -> tuple[str, ...]:
        """The section a span lies in when sections overlap (a PDF's pages and headings).

        Of the sections that hold the whole span, the cited one wins, then the narrowest (the
        cookbook's strict mode takes the first). A span no section holds spans the narrowest
        section at each end.
        """
        sections = self.document.sections
        holding = [s for s in sections if s.start <= start and end <= s.end]
        if holding:
            if self.first_holder:
                return (holding[0].id,)
            cited = next((s for s in holding if s.id == self.prefer), None)
            if cited is None and self.prefer is not None:
                # A parent cited for a quote below it: the holder in its subtree, not a page.
                below = [s for s in holding if is_within(self.document, s.id, self.prefer)]
                cited = min(below, key=lambda s: s.end - s.start) if below else None
            return ((cited or min(holding, key=lambda s: s.end - s.start)).id,)
        ends = []
        for offset in (start, end - 1):
            around = [s for s in sections if s.start <= offset < s.end]
            if not around:
                return ()
            ends.append(min(around, key=lambda s: s.end - s.start))
        if self.single_section and not _pages(self.document.text, *ends):
            return ()
        return tuple(dict.fromkeys(s.id for s in ends))

    def span(self, hit: TierHit) -> tuple[int, int]:
        """The hit's span in `Document.text`."""
        return self.index.folded.span_to_original(hit.start, hit.end)

    def match(self, hit: TierHit, span: tuple[int, int], ids: tuple[str, ...]) -> QuoteMatch:
        """The evidence for a hit already placed in sections ``ids``."""
        start, end = span
        source_start, source_end = self.document.source_span(start, end)
        return QuoteMatch(
            section=ids[0],
            sections=ids,
            start=start,
            end=end,
            source_text=self.document.text[start:end],
            source_start=source_start,
            source_end=source_end,
            tier=hit.tier or self.tier,
            score=hit.score,
            differences=hit.differences,
        )

    def place(self, hit: TierHit) -> QuoteMatch | None:
        """The hit as a match in the document, or ``None`` when it is not inside the sections."""
        span = self.span(hit)
        ids = self.sections(*span)
        return self.match(hit, span, ids) if ids else None

    def placed(self, hits: Iterable[TierHit]) -> list[tuple[int, tuple[str, ...], TierHit, tuple[int, int]]]:
        """The hits inside the sections, one per start offset, in document order.

        Each is (start, section ids, hit, span): cheap to make for thousands of hits.
        """
        kept: dict[int, tuple[int, tuple[str, ...], TierHit, tuple[int, int]]] = {}
        for hit in hits:
            span = self.span(hit)
            if span[0] in kept:
                continue
            ids = self.sections(*span)
            if ids:
                kept[span[0]] = (span[0], ids, hit, span)
        return [kept[start] for start in sorted(kept)]
