"""Step 1: find a citation's quote in the source, with no model.

Matching goes tier by tier, strongest first, and stops at the first tier that finds the quote:

1. ``exact``: the quote is in the source word for word;
2. ``normalized``: the same after `fold` (Unicode NFKC, whitespace, quote marks, dashes, soft
   hyphens, zero-width characters, words hyphenated at a line end);
3. ``ellipsis``: the parts around ``...`` are found in order, close together, in one section, and
   what the ellipsis leaves out holds no negation or normative keyword;
4. ``loose``: the same words ignoring case and punctuation;
5. ``fuzzy``: the most similar run of source words scores at least `FUZZY_THRESHOLD`.

A match that differs from the source in a word that changes the meaning (a normative keyword, a
negation, a number, date or unit; see `citecheck._diffs`) is not a match: the quote is missing and
the evidence shows the closest source text. A fuzzy match is judged, but always goes to review.

``strict=True`` reproduces the cookbook: only an exact match after `normalize` counts, in the first
section that holds it.

The folded text and a word index are built once per `Document`, so each quote costs a few
dictionary lookups rather than a pass over the whole document.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from rapidfuzz import fuzz

from citecheck._diffs import WORD as _WORD
from citecheck._diffs import inverts, key, word_diffs, word_opcodes
from citecheck._models import Citation, Document, Location, MatchTier, QuoteMatch, WordDiff, as_citation
from citecheck._normalize import Folded, fold, normalize, normalize_folded
from citecheck._plain import document_of
from citecheck._references import nearest_sections, resolve_section

__all__ = [
    "CLOSEST_THRESHOLD",
    "FUZZY_THRESHOLD",
    "MAX_FUZZY_EDIT_WORDS",
    "MAX_TOLERANT_WORDS",
    "MIN_QUOTE_WORDS",
    "find_quote",
    "locate",
    "normalize",
]

MIN_QUOTE_WORDS = 4
"""A quote of fewer words is too short to place: it is reported ``ambiguous``, never verified."""

FUZZY_THRESHOLD = 90.0
"""The least similarity (rapidfuzz ``ratio`` of the lowercased words, 0 to 100) for a fuzzy match."""

MAX_FUZZY_EDIT_WORDS = 2
"""A fuzzy match may differ from the source in at most this many words, or a tenth of the quote's
words when that is more; and the quote may not run past the matched text at either end. A larger
rewrite, such as half of another sentence spliced on, is not the same quote."""

MAX_TOLERANT_WORDS = 400
"""A quote longer than this many words is only matched exactly or normalized: the tolerant tiers'
cost grows with the quote, and no real quote is this long."""

CLOSEST_THRESHOLD = 60.0
"""The least similarity for a run of source words to be shown as a missing quote's closest text."""

_ELLIPSIS = re.compile(r"\s*(?:\[\s*(?:\.\s*){3,}\]|\[\s*\u2026\s*\]|\.{3,}|\.(?: \.){2,}|\u2026)\s*")
_MAX_GAP_WORDS = 80  # an ellipsis leaves out at most this many words
_MAX_VOTING_WORDS = 8
_VOTE_BUDGET = 2_000  # postings the fuzzy tier looks at per quote, rarest words first
_SHORTLIST = 50  # voted starts whose surroundings are compared with the quote
_CANDIDATES = 5
_SHIFT = 3  # fuzzy windows may start and end this many words off the voted start


@dataclass(frozen=True)
class _Index:
    """A document's folded text and word index, built once per document and folding."""

    folded: Folded
    starts: list[int]  # word start offsets in the folded text
    ends: list[int]
    keys: list[str]  # each word as `key` compares it
    postings: dict[str, list[int]]  # key -> the positions of its words, in order
    section_starts: list[int]  # section start offsets in Document.text, in document order
    overlapping: bool  # whether some sections overlap (a PDF's pages and headings)

    def word_span(self, first: int, last: int) -> tuple[int, int]:
        """The folded span of words ``first`` to ``last`` inclusive."""
        return self.starts[first], self.ends[last]

    def words(self, first: int, end: int) -> list[str]:
        """Words ``first`` up to ``end`` (exclusive), as they stand in the folded text."""
        text = self.folded.text
        return [text[self.starts[i] : self.ends[i]] for i in range(first, min(end, len(self.starts)))]


def _build_index(document: Document, *, cookbook: bool) -> _Index:
    folded = fold(document.text, cookbook=cookbook)
    lowered = folded.text.casefold()
    # Case-folding the whole text at once is much faster than word by word, but a few characters
    # change length when folded (ß); then offsets would drift, so fall back to one word at a time.
    same_length = len(lowered) == len(folded.text)
    found = list(_WORD.finditer(lowered if same_length else folded.text))
    starts = [m.start() for m in found]
    ends = [m.end() for m in found]
    keys = (
        [m.group().replace("-", "").replace("'", "") for m in found] if same_length else [key(m.group()) for m in found]
    )
    postings: defaultdict[str, list[int]] = defaultdict(list)
    for position, word_key in enumerate(keys):
        postings[word_key].append(position)
    sections = document.sections
    overlapping = any(after.start < before.end for before, after in pairwise(sections))
    return _Index(folded, starts, ends, keys, dict(postings), [s.start for s in sections], overlapping)


def _index(document: Document, *, cookbook: bool = False) -> _Index:
    if cookbook:
        return document.derived("matcher.cookbook", lambda d: _build_index(d, cookbook=True))
    return document.derived("matcher", lambda d: _build_index(d, cookbook=False))


@dataclass(frozen=True)
class _Hit:
    """A match in folded-text offsets, before it is placed in sections."""

    start: int
    end: int
    tier: MatchTier
    score: float = 100.0
    differences: tuple[WordDiff, ...] = ()
    rejected: str | None = None  # why this hit is only the closest text, not a match


class _Matcher:
    """The tiers, for one document and folding."""

    def __init__(self, document: Document, *, strict: bool, prefer: str | None = None) -> None:
        self.document = document
        self.strict = strict
        self.prefer = prefer  # the cited section, read first when it holds the quote
        self.index = _index(document, cookbook=strict)

    # -- placing matches in the document ------------------------------------------------------

    def place(self, hit: _Hit, *, single_section: bool) -> QuoteMatch | None:
        """The hit as a match in the document, or ``None`` when it is not inside the sections."""
        start, end = self.index.folded.span_to_original(hit.start, hit.end)
        if self.index.overlapping:
            ids = self._overlapping_sections(start, end, single_section=single_section)
        else:
            ids = self._sections(start, end, single_section=single_section)
        if not ids:
            return None
        source_start, source_end = self.document.source_span(start, end)
        return QuoteMatch(
            section=ids[0],
            sections=ids,
            start=start,
            end=end,
            source_text=self.document.text[start:end],
            source_start=source_start,
            source_end=source_end,
            tier=hit.tier,
            score=hit.score,
            differences=hit.differences,
        )

    def _sections(self, start: int, end: int, *, single_section: bool) -> tuple[str, ...]:
        """The sections a span lies in, when sections do not overlap: one, or a run of them."""
        sections = self.document.sections
        first = bisect_right(self.index.section_starts, start) - 1
        if first < 0 or start >= sections[first].end:
            return ()
        last = first
        while end > sections[last].end:
            if single_section or last + 1 >= len(sections) or sections[last + 1].start >= end:
                return ()
            last += 1
        return tuple(s.id for s in sections[first : last + 1])

    def _overlapping_sections(self, start: int, end: int, *, single_section: bool) -> tuple[str, ...]:
        """The section a span lies in when sections overlap (a PDF's pages and headings).

        Of the sections that hold the whole span, the cited one wins, then the narrowest (the
        cookbook's strict mode takes the first). A span no section holds spans the narrowest
        section at each end.
        """
        sections = self.document.sections
        holding = [s for s in sections if s.start <= start and end <= s.end]
        if holding:
            if self.strict:
                return (holding[0].id,)
            cited = next((s for s in holding if s.id == self.prefer), None)
            return ((cited or min(holding, key=lambda s: s.end - s.start)).id,)
        if single_section:
            return ()
        ends = []
        for offset in (start, end - 1):
            around = [s for s in sections if s.start <= offset < s.end]
            if not around:
                return ()
            ends.append(min(around, key=lambda s: s.end - s.start).id)
        return tuple(dict.fromkeys(ends))

    def placed(self, hits: Iterator[_Hit], *, single_section: bool | None = None) -> list[QuoteMatch]:
        """The hits placed in the document, one per start offset, in document order."""
        matches: dict[int, QuoteMatch] = {}
        for hit in hits:
            match = self.place(hit, single_section=self.strict if single_section is None else single_section)
            if match is not None:
                matches.setdefault(match.start, match)
        return [matches[start] for start in sorted(matches)]

    # -- the tiers -------------------------------------------------------------------------------

    def _rarest(self, keys: Sequence[str], positions: Sequence[int]) -> tuple[int, list[int]] | None:
        """The position among ``positions`` whose word is rarest in the document, with its postings."""
        best: tuple[int, list[int]] | None = None
        for position in positions:
            found = self.index.postings.get(keys[position])
            if found is None:
                return position, []
            if best is None or len(found) < len(best[1]):
                best = (position, found)
        return best

    def normalized(self, quote: str) -> Iterator[_Hit]:
        """Tiers 1 and 2: the folded quote as a substring of the folded text."""
        if self.strict:
            # The cookbook's search, exactly: the normalized quote anywhere in the text.
            yield from self._scan(normalize(quote), quote)
            return
        needle = normalize_folded(quote, join_breaks=False)
        hits = list(self._anchored(needle, quote))
        joined = normalize_folded(quote)
        if not hits and joined != needle:
            hits = list(self._anchored(joined, quote))
        yield from hits

    def _hit(self, found: int, needle: str, quote: str) -> _Hit:
        start, end = self.index.folded.span_to_original(found, found + len(needle))
        tier: MatchTier = "exact" if self.document.text[start:end] == quote.strip() else "normalized"
        return _Hit(found, found + len(needle), tier)

    def _scan(self, needle: str, quote: str) -> Iterator[_Hit]:
        """Every occurrence of ``needle`` in the folded text, by plain search."""
        if not needle:
            return
        text = self.index.folded.text
        found = text.find(needle)
        while found != -1:
            yield self._hit(found, needle, quote)
            found = text.find(needle, found + 1)

    def _anchored(self, needle: str, quote: str) -> Iterator[_Hit]:
        """Every occurrence of ``needle``, searched only around the places of its rarest word."""
        keys = [key(w) for w in _WORD.findall(needle)]
        if not keys:
            yield from self._scan(needle, quote)  # punctuation only: nothing to anchor on
            return
        # The first and last words may be cut mid-word, so only inner words can anchor the search.
        inner = range(1, len(keys) - 1) if len(keys) > 2 else range(len(keys))
        rarest = self._rarest(keys, inner)
        if rarest is None:
            return
        position, postings = rarest
        text = self.index.folded.text
        starts, ends = self.index.starts, self.index.ends
        seen: set[int] = set()
        for posting in postings:
            first = posting - position
            after = first + len(keys)
            # From the end of the word before the quote to the start of the word after it, so
            # punctuation around the quote's words is inside the window.
            window_start = ends[first - 1] if first >= 1 else 0
            window_end = starts[after] if after < len(starts) else len(text)
            found = text.find(needle, window_start, window_end)
            while found != -1:
                if found not in seen:
                    seen.add(found)
                    yield self._hit(found, needle, quote)
                found = text.find(needle, found + 1, window_end)

    def _runs(self, keys: Sequence[str]) -> list[tuple[int, int]]:
        """Every run of document words equal to ``keys``, as (first, last) word indexes."""
        rarest = self._rarest(keys, range(len(keys))) if keys else None
        if rarest is None:
            return []
        position, postings = rarest
        all_keys = self.index.keys
        wanted = list(keys)
        runs = []
        for posting in postings:
            first = posting - position
            if first >= 0 and all_keys[first : first + len(wanted)] == wanted:
                runs.append((first, first + len(wanted) - 1))
        return runs

    def _runs_between(self, keys: Sequence[str], lo: int, hi: int) -> list[tuple[int, int]]:
        """The runs of ``keys`` that start between word ``lo`` and word ``hi``, in order."""
        all_keys = self.index.keys
        wanted = list(keys)
        return [
            (first, first + len(wanted) - 1)
            for first in range(max(lo, 0), min(hi, len(all_keys) - len(wanted)) + 1)
            if all_keys[first : first + len(wanted)] == wanted
        ]

    def _chain(
        self,
        fragments: Sequence[Sequence[str]],
        placed: tuple[int, int],
        *,
        forward: bool,
        dead_ends: set[tuple[int, tuple[int, int]]],
    ) -> list[tuple[int, int]] | None:
        """Runs for ``fragments`` one after another from ``placed``, each within the largest gap.

        Every nearby run of a fragment is tried in turn, nearest first, so a fragment that repeats
        close by does not hide the run the next fragment needs. ``dead_ends`` remembers the
        placements that led nowhere, so repeated fragments cost no more than one pass each.
        """
        if not fragments:
            return []
        if (len(fragments), placed) in dead_ends:
            return None
        fragment = fragments[0] if forward else fragments[-1]
        if forward:
            options = self._runs_between(fragment, placed[1] + 1, placed[1] + 1 + _MAX_GAP_WORDS)
        else:
            size = len(fragment)
            options = self._runs_between(fragment, placed[0] - size - _MAX_GAP_WORDS, placed[0] - size)[::-1]
        for option in options:
            rest = self._chain(
                fragments[1:] if forward else fragments[:-1], option, forward=forward, dead_ends=dead_ends
            )
            if rest is not None:
                return [option, *rest] if forward else [*rest, option]
        dead_ends.add((len(fragments), placed))
        return None

    def loose(self, quote: str) -> Iterator[_Hit]:
        """Tier 4: the same words, ignoring case and punctuation."""
        for first, last in self._runs([key(w) for w in _WORD.findall(normalize_folded(quote))]):
            yield _Hit(*self.index.word_span(first, last), "loose")

    def ellipsis(self, quote: str) -> tuple[list[_Hit], _Hit | None]:
        """Tier 3: fragments around ellipses, in order and close together.

        Returns:
            The matches, and the first chain whose left-out words could invert the quote.
        """
        fragments = [
            [key(w) for w in _WORD.findall(normalize_folded(f))] for f in _ELLIPSIS.split(quote) if _WORD.search(f)
        ]
        if len(fragments) < 2 or not _ELLIPSIS.search(quote):
            return [], None
        # Anchor on the fragment holding the rarest word, then look for the others only nearby.
        rarity = [min(len(self.index.postings.get(k, ())) for k in fragment) for fragment in fragments]
        anchor = rarity.index(min(rarity))
        hits: list[_Hit] = []
        altered: _Hit | None = None
        ahead: set[tuple[int, tuple[int, int]]] = set()
        behind: set[tuple[int, tuple[int, int]]] = set()
        for run in self._runs(fragments[anchor]):
            after = self._chain(fragments[anchor + 1 :], run, forward=True, dead_ends=ahead)
            before = (
                self._chain(fragments[:anchor], run, forward=False, dead_ends=behind) if after is not None else None
            )
            if after is None or before is None:
                continue
            found = [*before, run, *after]
            left_out: list[str] = []
            differences: list[WordDiff] = []
            for (_, before_last), (after_first, _) in pairwise(found):
                gap = self.index.words(before_last + 1, after_first)
                if gap:
                    left_out.extend(gap)
                    differences.append(
                        WordDiff(kind="omitted", quote="", source=" ".join(gap), changes_meaning=inverts(gap))
                    )
            start, end = self.index.word_span(found[0][0], found[-1][1])
            hit = _Hit(start, end, "ellipsis", 100.0, tuple(differences))
            if inverts(left_out):
                altered = altered or hit
            else:
                hits.append(hit)
        return hits, altered

    def _fuzzy_candidates(self, keys: Sequence[str]) -> list[int]:
        """Word positions where the quote may start: voted by its rarest words, ranked by overlap."""
        votes: Counter[int] = Counter()
        known = sorted({k for k in keys if k in self.index.postings}, key=lambda k: len(self.index.postings[k]))
        budget = _VOTE_BUDGET
        for word_key in known[:_MAX_VOTING_WORDS]:
            postings = self.index.postings[word_key]
            offsets = [i for i, k in enumerate(keys) if k == word_key]
            # The rarest words place a quote best; a common word's postings cost much and say little.
            if len(postings) * len(offsets) > budget and votes:
                break
            budget -= len(postings) * len(offsets)
            for posting in postings:
                for offset in offsets:
                    votes[posting - offset] += 1
        # Rank the best-voted starts by how many of the quote's words sit around them.
        wanted = set(keys)
        all_keys = self.index.keys
        shortlist = [start for start, _ in votes.most_common(_SHORTLIST)]
        return sorted(
            shortlist,
            key=lambda start: -len(wanted.intersection(all_keys[max(start - _SHIFT, 0) : start + len(keys) + _SHIFT])),
        )[:_CANDIDATES]

    def fuzzy(self, quote: str) -> _Hit | None:
        """Tier 5: the most similar run of source words, with its word differences."""
        quote_words = _WORD.findall(normalize_folded(quote))
        keys = [key(w) for w in quote_words]
        if not keys:
            return None
        best: tuple[float, int, int] | None = None
        count = len(self.index.keys)
        target = " ".join(keys)
        for start in self._fuzzy_candidates(keys):
            for first in range(max(start - _SHIFT, 0), min(start + _SHIFT + 1, count)):
                for length in range(max(len(keys) - _SHIFT, 1), len(keys) + _SHIFT + 1):
                    last = min(first + length, count)
                    score = fuzz.ratio(target, " ".join(self.index.keys[first:last]))
                    if best is None or score > best[0]:
                        best = (score, first, last)
        if best is None or best[0] < CLOSEST_THRESHOLD:
            return None
        score, first, last = best
        source_words = self.index.words(first, last)
        opcodes = word_opcodes(quote_words, source_words)
        differences = word_diffs(quote_words, source_words, opcodes=opcodes)
        start, end = self.index.word_span(first, last - 1)
        rejected = _fuzzy_rejection(score, len(quote_words), differences, opcodes)
        return _Hit(start, end, "fuzzy", round(score, 1), differences, rejected)


def _fuzzy_rejection(
    score: float,
    quote_length: int,
    differences: Sequence[WordDiff],
    opcodes: Sequence[tuple[str, int, int, int, int]],
) -> str | None:
    """Why a fuzzy candidate is not a match, or ``None`` when it is one."""
    if score < FUZZY_THRESHOLD:
        return f"is too different (similarity {score:.0f}, under {FUZZY_THRESHOLD:.0f})"
    meaning = [d for d in differences if d.changes_meaning]
    if meaning:
        changed = "; ".join(
            f"{d.kind} {d.quote or d.source!r}" + (f" (source: {d.source!r})" if d.kind == "changed" else "")
            for d in meaning
        )
        return f"differs in words that change the meaning: {changed}"
    changed_words = sum(max(q_end - q_start, s_end - s_start) for _, q_start, q_end, s_start, s_end in opcodes)
    if changed_words > max(MAX_FUZZY_EDIT_WORDS, quote_length // 10):
        return f"differs in {changed_words} words, more than a slip"
    # Quote words beyond the matched text at either end were put there from somewhere else.
    if opcodes and (
        (opcodes[0][1] == 0 and opcodes[0][3] == opcodes[0][4])
        or (opcodes[-1][2] == quote_length and opcodes[-1][3] == opcodes[-1][4])
    ):
        return "runs past the source text it matches, as if spliced from elsewhere"
    return None


def _search(
    document: Document, quote: str, *, strict: bool, prefer: str | None = None
) -> tuple[list[QuoteMatch], QuoteMatch | None, str]:
    """Every place the quote matches at the strongest tier that finds it; else the closest text.

    Returns:
        The matches, the closest text when there are none, and why the closest is not a match.
    """
    matcher = _Matcher(document, strict=strict, prefer=prefer)
    occurrences = matcher.placed(matcher.normalized(quote))
    if strict or occurrences:
        return occurrences, None, ""
    words = len(_WORD.findall(quote))
    if words > MAX_TOLERANT_WORDS:
        return [], None, ""
    closest: QuoteMatch | None = None
    why = ""
    ellipsis_hits, altered = matcher.ellipsis(quote)
    occurrences = matcher.placed(iter(ellipsis_hits), single_section=True)
    if altered is not None:
        closest = matcher.place(altered, single_section=False)
        why = "leaves out words that could invert it: " + "; ".join(
            repr(d.source) for d in altered.differences if d.changes_meaning
        )
    if not occurrences:
        occurrences = matcher.placed(matcher.loose(quote))
    # A short quote is placed by the exact tiers or not at all: similarity says little about a few words.
    if not occurrences and words >= MIN_QUOTE_WORDS:
        hit = matcher.fuzzy(quote)
        placed = matcher.place(hit, single_section=False) if hit is not None else None
        if placed is not None and hit is not None and hit.rejected is None:
            occurrences = [placed]
        elif placed is not None and hit is not None and closest is None:
            closest, why = placed, hit.rejected or ""
    return occurrences, closest, why


def find_quote(document: Document | Mapping[str, str], quote: str, *, strict: bool = False) -> str | None:
    """The id of the first section, in document order, that holds the quote, or ``None``.

    ``document`` is a `Document` or a plain ``{section id: text}`` mapping (parse once and pass the
    `Document` when searching many quotes: its index is built once).

    Uses the tiers of `locate` (with ``strict``, the cookbook's exact match after `normalize`). A
    blank quote is never found.
    """
    if not quote.strip():
        return None
    occurrences, _, _ = _search(document_of(document), quote, strict=strict)
    return occurrences[0].section if occurrences else None


def _spanned_text(document: Document, match: QuoteMatch) -> str:
    first = document.section(match.sections[0])
    last = document.section(match.sections[-1])
    assert first is not None and last is not None
    return document.text[first.start : last.end]


def _missing_reason(closest: QuoteMatch | None, why: str, *, strict: bool) -> str:
    if strict:
        return "the quote is not in any section, even after normalizing whitespace and quote marks"
    if closest is None:
        return "the quote is not in any section"
    return f"the quote is not in any section: the closest source text, in section {closest.section}, {why}"


_WHOLE = "the document has no headings: it is read whole"

_HOW = {
    "exact": "word for word",
    "normalized": "after normalizing",
    "ellipsis": "as fragments around an ellipsis",
    "loose": "ignoring case and punctuation",
    "fuzzy": "only fuzzily, so a person should look",
}


def locate(
    document: Document | Mapping[str, str], citation: Citation | Mapping[str, Any], *, strict: bool = False
) -> Location:
    """Step 1 for one citation: where its quote is, or the section it names when it quotes nothing.

    Args:
        document: The source: a `Document`, or a plain ``{section id: text}`` mapping.
        citation: The citation: a `Citation`, or a mapping with its fields.
        strict: Reproduce the cookbook: only an exact match after `normalize` counts, and the
            first section that holds the quote is read.

    Returns:
        A `Location`: ``found`` (with every place the quote is; the one read is in the cited
        section when the quote is there), ``missing`` (with the closest source text when there is
        any), ``section-only`` for a citation without a quote, or ``ambiguous`` for a quote of fewer
        than `MIN_QUOTE_WORDS` words. A cited section that does not exist makes a citation without a
        quote ``missing``: the section is fabricated.
    """
    return _locate(document_of(document), as_citation(citation), strict=strict)


def _locate(document: Document, citation: Citation, *, strict: bool) -> Location:
    cited = citation.section if citation.section and citation.section.strip() else None
    cited_section = resolve_section(document, cited) if cited else None
    nearest = tuple(nearest_sections(document, cited)) if cited and cited_section is None else ()
    no_such_section = f"the cited section {cited!r} does not exist" + (
        f" (nearest: {', '.join(nearest)})" if nearest else ""
    )

    def location(**fields: Any) -> Location:
        return Location(
            document=document.name,
            cited=cited,
            cited_section=cited_section.id if cited_section else None,
            nearest_sections=nearest,
            **fields,
        )

    if not citation.has_quote:
        if cited_section is None:
            return location(status="missing", section=None, text=None, reason=no_such_section)
        whole = f" ({_WHOLE})" if cited_section.kind == "whole" else ""
        return location(
            status="section-only",
            section=cited_section.id,
            text=cited_section.text,
            reason=f"no quote: the judge reads the cited section {cited_section.id}{whole}",
        )

    assert citation.quote is not None
    occurrences, closest, why = _search(
        document, citation.quote, strict=strict, prefer=cited_section.id if cited_section else None
    )
    if not occurrences:
        return location(
            status="missing",
            section=None,
            text=None,
            closest=closest,
            reason=_missing_reason(closest, why, strict=strict),
        )

    in_cited = [m for m in occurrences if cited_section is not None and cited_section.id in m.sections]
    match = occurrences[0] if strict else (in_cited or occurrences)[0]
    notes: list[str] = []
    if cited and cited_section is None:
        notes.append(no_such_section)
    elif cited_section is not None and cited_section.id not in match.sections:
        notes.append(f"cited as section {cited_section.id}, found in section {match.section}")
    if len(occurrences) > 1:
        notes.append(f"the quote is in {len(occurrences)} places: sections {', '.join(m.section for m in occurrences)}")
    if len(match.sections) > 1:
        notes.append(f"the quote spans sections {', '.join(match.sections)}")
    section = document.section(match.section)
    assert section is not None
    if section.kind == "whole":
        notes.append(_WHOLE)
    detail = "".join(f"; {note}" for note in notes)

    words = len(_WORD.findall(citation.quote))
    if not strict and words < MIN_QUOTE_WORDS:
        return location(
            status="ambiguous",
            section=None,
            text=None,
            match=match,
            occurrences=tuple(occurrences),
            needs_review=True,
            reason=f"the quote has {words} word(s), fewer than {MIN_QUOTE_WORDS}: too short to place, "
            f"so no model is asked{detail}",
        )
    return location(
        status="found",
        section=section.id,
        text=section.text if len(match.sections) == 1 else _spanned_text(document, match),
        match=match,
        occurrences=tuple(occurrences),
        needs_review=match.tier == "fuzzy" or (bool(cited) and cited_section is None),
        reason=f"the quote is in section {section.id}, {_HOW[match.tier]}{detail}",
    )
