"""Tiers 1 and 2, ``exact`` and ``normalized`` (the folded quote as a substring), and the cookbook's."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from citecheck._models import MatchTier
from citecheck.matcher._index import past_glued_markers
from citecheck.matcher._normalize import FULL_WIDTH_PUNCTUATION, VECTORIZED_MIN
from citecheck.matcher._tiers._base import (
    _rarest,
)
from citecheck.matcher.tiering import (
    WORD,
    PreparedQuote,
    TierHit,
    WordIndex,
    in_uri,
    is_unspaced,
    key,
    lead_key,
    normalize,
    trail_key,
)


class NormalizedTier:
    """``exact`` and ``normalized``: the folded quote as a substring of the folded text.

    It is searched only around the places of its rarest inner word.
    """

    name: str = "normalized"
    cookbook: bool = False
    single_section: bool = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> list[TierHit]:
        same = prepared.needle == prepared.joined
        hits = _anchored(index, prepared.needle, prepared.original, prepared.keys if same else None)
        if not hits and prepared.joined != prepared.needle:
            hits = _anchored(index, prepared.joined, prepared.original, prepared.keys)
        return [hit for hit in hits if _whole_words(index, hit, prepared)]


def _whole_words(index: WordIndex, hit: TierHit, prepared: PreparedQuote) -> bool:
    """Whether a substring match takes whole words and whole tokens at both ends.

    A quote that starts inside a word (``valid`` in ``invalid``) or stops before punctuation that
    is content (``http://example.com`` of ``http://example.com/``, ``6`` of ``-6``) is not the
    source's words; the loose and fuzzy tiers judge it word by word.
    """
    text = index.folded.text
    needle = prepared.needle
    if needle[:1].isalnum():
        before = text[text.rfind(" ", 0, hit.start) + 1 : hit.start]
        # In a script without spaces every character is a word: the quote may start at any of them.
        # So may it after the full-width punctuation of one ("\u56fe 4-4\uff1as1"), folded to ASCII.
        if (
            not _unspaced_boundary(before[-1:], needle[:1])
            and (before[-1:].isalnum() or lead_key(before, needle[:1]))
            and not _after_full_width(index, hit.start)
        ):
            return False
    if needle[-1:].isalnum():
        end = past_glued_markers(text, hit.end)
        space = text.find(" ", end)
        after = text[end : space if space != -1 else len(text)]
        if _unspaced_boundary(needle[-1:], after[:1]):
            return not unicodedata.combining(after[:1] or " ")  # a Thai vowel mark is its letter's
        if after[:1].isalnum() or trail_key(after, uri=in_uri(text, hit.end - 1)):
            return False
    return True


def _after_full_width(index: WordIndex, start: int) -> bool:
    """Whether the source's own character before folded offset ``start`` is full-width punctuation."""
    at = index.folded.to_original(start)
    return at > 0 and index.text[at - 1] in FULL_WIDTH_PUNCTUATION


def _unspaced_boundary(left: str, right: str) -> bool:
    """Whether two characters meet at a word boundary because one is of a script without spaces."""
    return not (left + right).isascii() and (is_unspaced(left) or is_unspaced(right))


class CookbookTier:
    """The cookbook's search, exactly: `normalize` d quote anywhere in the `normalize` d text."""

    name: str = "cookbook"
    cookbook: bool = True
    single_section: bool = True

    def find(self, prepared: PreparedQuote, index: WordIndex) -> list[TierHit]:
        return _scan(index, normalize(prepared.original), prepared.original)


def _hit(index: WordIndex, found: int, needle: str, quote: str) -> TierHit:
    start, end = index.folded.span_to_original(found, found + len(needle))
    tier: MatchTier = "exact" if index.text[start:end] == quote.strip() else "normalized"
    return TierHit(found, found + len(needle), tier)


def _scan(index: WordIndex, needle: str, quote: str) -> list[TierHit]:
    """Every occurrence of ``needle`` in the folded text, by plain search."""
    hits: list[TierHit] = []
    if not needle:
        return hits
    text = index.folded.text
    found = text.find(needle)
    while found != -1:
        hits.append(_hit(index, found, needle, quote))
        found = text.find(needle, found + 1)
    return hits


def _anchored(index: WordIndex, needle: str, quote: str, keys: Sequence[str] | None = None) -> list[TierHit]:
    """Every occurrence of ``needle``, searched only around the places of its rarest word."""
    keys = keys if keys is not None else [key(w) for w in WORD.findall(needle)]
    if not keys:
        return _scan(index, needle, quote)  # punctuation only: nothing to anchor on
    # The first and last words may be cut mid-word, so only inner words can anchor the search.
    inner = range(1, len(keys) - 1) if len(keys) > 2 else range(len(keys))
    rarest = _rarest(index, keys, inner)
    if rarest is None:
        return []
    position, postings = rarest
    text = index.folded.text
    starts, ends = index.starts, index.ends
    hits: list[TierHit] = []
    seen: set[int] = set()
    for posting in _aligned(index, keys, inner, position, postings):
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
                hits.append(_hit(index, found, needle, quote))
            found = text.find(needle, found + 1, window_end)
    return hits


_CHECKED_WORDS = 3  # inner words besides the anchor whose ids rule out an anchor place before any search
_ARRAY_PLACES = 256  # anchor places from which the filter runs on numpy arrays, in a large text


def _aligned(
    index: WordIndex, keys: Sequence[str], inner: range, position: int, postings: Sequence[int]
) -> Sequence[int]:
    """The anchor's places where a few more of the quote's inner words stand where the quote has them.

    A substring match puts each inner word of the quote on the source's word at the same distance
    from the anchor, and an ASCII word's key is a function of its text, so a place where one of
    them is another word cannot hold the quote: it is left out before a text search. A common
    anchor word (hundreds of places) then costs a few array reads a place, not a search. Places
    near either end of the text, and words that are not ASCII, are not checked: they are searched.
    """
    if len(postings) < 2:
        return postings
    id_of = index.id_of
    checks = [(j - position, id_of[keys[j]]) for j in inner if j != position and keys[j].isascii() and keys[j] in id_of]
    if not checks:
        return postings
    ids = index.ids
    low, high = position, len(ids) - len(keys) + position  # anchors whose whole quote is inside the text
    checks = sorted(checks, key=lambda check: index.count(keys[position + check[0]]))[:_CHECKED_WORDS]
    if len(postings) > _ARRAY_PLACES and len(index.folded.text) >= VECTORIZED_MIN:
        # numpy is loaded already for a text this large (it built the index): one pass in C.
        from citecheck.matcher import _numpy_index

        return _numpy_index.aligned(postings, ids, checks, low, high)
    kept: Sequence[int] = postings
    for offset, word_id in checks:
        kept = [p for p in kept if p < low or p > high or ids[p + offset] == word_id]
        if not kept:
            break
    return kept
