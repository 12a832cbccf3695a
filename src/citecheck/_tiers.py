"""The tiers: small objects that each find a prepared quote in a document's index one way.

A tier has a `name`, says which folding its index needs (`cookbook`) and whether its matches must
lie in one section (`single_section`), and has one method, ``find(prepared, index)``, returning
`TierHit`s. A hit with ``rejected`` set is only the closest text, with the reason it is not a match.
`citecheck._locate` runs a list of tiers in order and stops at the first whose hits land in the
document, the way markdown-it-py runs its rule lists; `DEFAULT_TIERS` and `COOKBOOK_TIERS` are two
such lists.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Literal, Protocol, runtime_checkable

from rapidfuzz import fuzz

from citecheck._diffs import WORD, inverts, is_meaning_word, key, word_diffs, word_opcodes
from citecheck._index import WordIndex
from citecheck._models import Flag, MatchTier, WordDiff
from citecheck._normalize import normalize
from citecheck._placement import TierHit
from citecheck._quote import PreparedQuote, between_key, in_uri, is_literal, lead_key, trail_key

__all__ = [
    "CLOSEST_THRESHOLD",
    "COOKBOOK_TIERS",
    "DEFAULT_TIERS",
    "FUZZY_THRESHOLD",
    "MAX_FUZZY_EDIT_WORDS",
    "MAX_TOLERANT_WORDS",
    "MIN_QUOTE_WORDS",
    "CookbookTier",
    "EllipsisTier",
    "FuzzyTier",
    "LooseTier",
    "NormalizedTier",
    "Tier",
    "edge_flags",
    "tier_preset",
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

_MAX_GAP_WORDS = 80  # an ellipsis leaves out at most this many words
_MAX_GROUP_WORDS = 40  # a parenthetical left out without an ellipsis holds at most this many words
_MAX_POSTINGS = 20_000  # anchor places the loose tier tries per quote
_ANCHORS = 2  # words the loose tier anchors on, rarest first, until one leads to a match
_RARE = 50  # postings of an anchor word rare enough to try after another
_MAX_VOTING_WORDS = 8
_VOTE_BUDGET = 2_000  # postings the fuzzy tier looks at per quote, rarest words first
_SHORTLIST = 50  # voted starts whose surroundings are compared with the quote
_CANDIDATES = 5
_SHIFT = 3  # fuzzy windows may start and end this many words off the voted start

# Words that limit what the words around them say: left out by an ellipsis, a person must look.
_CONDITIONS = frozenset({"unless", "except", "only", "if", "when", "whenever", "via", "provided", "until", "where"})
_NORMATIVE = frozenset({"must", "should", "may", "shall", "required", "recommended", "optional", "mustn't"})
_RELATIVES = frozenset({"that", "which", "who", "whom", "whose"})
_NEGATION_KEYS = frozenset({"not", "no", "never", "cannot", "nor", "neither", "none", "without"})
_NOT_MERGED = frozenset({"not", "no"})  # "not able" is not "notable"
_PRONOUNS = frozenset({"it", "they", "them", "this", "these", "those", "he", "she", "its", "their", "we", "you"})


@runtime_checkable
class Tier(Protocol):
    """One way of finding a quote. Subclass nothing: any object with these attributes is a tier."""

    name: str
    """The tier's name, reported in `QuoteMatch.tier` by the built-in tiers."""
    cookbook: bool
    """Whether the tier reads the index built with the cookbook's folding."""
    single_section: bool
    """Whether its matches must lie in one section."""

    def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
        """Every place the quote matches, and any closest text (a hit with ``rejected`` set)."""
        ...


def _negated(word: str) -> bool:
    # Keys drop the apostrophe: "didn't" is "didnt", "can't" is "cant".
    return word in _NEGATION_KEYS or (word.endswith("nt") and word[:-1] in _NT_STEMS)


_NT_STEMS = frozenset({"don", "doesn", "didn", "isn", "aren", "wasn", "weren", "won", "wouldn", "shouldn", "couldn"})
_NT_STEMS |= {"can", "hasn", "haven", "hadn", "mustn", "needn", "mightn", "shan", "ain"}


def _rarest(index: WordIndex, keys: Sequence[str], positions: Sequence[int]) -> tuple[int, Sequence[int]] | None:
    """The position among ``positions`` whose word is rarest in the document, with its postings."""
    best: tuple[int, Sequence[int]] | None = None
    for position in positions:
        found = index.positions(keys[position])
        if not found:
            return position, found
        if best is None or len(found) < len(best[1]):
            best = (position, found)
    return best


def _source_uri(index: WordIndex, position: int) -> bool:
    return 0 <= position < len(index) and in_uri(index.folded.text, index.starts[position])


def _word_at(index: WordIndex, offset: int) -> int:
    """The position of the word that starts at or after folded ``offset``."""
    return bisect_left(index.starts, offset)


# -- tiers 1 and 2: the folded quote as a substring ----------------------------------------------


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
        if before[-1:].isalnum() or lead_key(before, needle[:1]):
            return False
    if needle[-1:].isalnum():
        space = text.find(" ", hit.end)
        after = text[hit.end : space if space != -1 else len(text)]
        if after[:1].isalnum() or trail_key(after, uri=in_uri(text, hit.end - 1)):
            return False
    return True


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
                hits.append(_hit(index, found, needle, quote))
            found = text.find(needle, found + 1, window_end)
    return hits


# -- tier 3: fragments around ellipses -------------------------------------------------------------


def _ids(index: WordIndex, keys: Sequence[str]) -> list[int] | None:
    ids = [index.id_of.get(k) for k in keys]
    return None if None in ids else [i for i in ids if i is not None]


def _runs(index: WordIndex, keys: Sequence[str]) -> list[tuple[int, int]]:
    """Every run of document words equal to ``keys``, as (first, last) word positions."""
    wanted = _ids(index, keys)
    rarest = _rarest(index, keys, range(len(keys))) if keys and wanted is not None else None
    if rarest is None or wanted is None:
        return []
    position, postings = rarest
    ids = index.ids
    size = len(wanted)
    return [
        (p - position, p - position + size - 1)
        for p in postings
        if p >= position and ids[p - position : p - position + size].tolist() == wanted
    ]


def _runs_between(index: WordIndex, keys: Sequence[str], lo: int, hi: int) -> list[tuple[int, int]]:
    """The runs of ``keys`` that start between word ``lo`` and word ``hi``, in order."""
    wanted = _ids(index, keys)
    if wanted is None:
        return []
    ids = index.ids
    size = len(wanted)
    return [
        (first, first + size - 1)
        for first in range(max(lo, 0), min(hi, len(ids) - size) + 1)
        if ids[first] == wanted[0] and ids[first : first + size].tolist() == wanted
    ]


def _chain(
    index: WordIndex,
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
        options = _runs_between(index, fragment, placed[1] + 1, placed[1] + 1 + _MAX_GAP_WORDS)
    else:
        size = len(fragment)
        options = _runs_between(index, fragment, placed[0] - size - _MAX_GAP_WORDS, placed[0] - size)[::-1]
    for option in options:
        rest = _chain(index, fragments[1:] if forward else fragments[:-1], option, forward=forward, dead_ends=dead_ends)
        if rest is not None:
            return [option, *rest] if forward else [*rest, option]
    dead_ends.add((len(fragments), placed))
    return None


def _parenthetical(index: WordIndex, first: int, last: int) -> bool:
    """Whether words ``first`` to ``last`` are all of one parenthetical or bracketed aside."""
    opening = index.between(first).rsplit(" ", 1)[-1]
    closing = index.between(last + 1).split(" ", 1)[0]
    return ("(" in opening and ")" in closing) or ("[" in opening and "]" in closing)


def gap_flag(index: WordIndex, first: int, last: int) -> str | None:
    """What leaving out words ``first`` to ``last`` does to a quote.

    Returns:
        ``"inverts"`` when the words could invert it (a negation, or a negation or normative
        keyword next to the words kept: ``MUST ... accept`` over a ``NOT``); ``"limits"`` when
        they hold what limits it (a condition or exception, a second normative clause, a
        restrictive clause, or a negation inside a parenthetical aside); ``None`` when they hold
        none of these.
    """
    # Words as written, hyphenated compounds whole: "not-before" left out is not a "not".
    words = _COMPOUND.findall(index.folded.text[index.starts[first] : index.ends[last]])
    lowered = [w.lower() for w in words]
    if inverts(words):
        return "limits" if _parenthetical(index, first, last) else "inverts"
    if any(w in _CONDITIONS or w in _NORMATIVE for w in lowered) or _other_than(lowered):
        return "limits"
    if lowered and lowered[0] in _RELATIVES:
        return "limits"
    return None


class EllipsisTier:
    """``ellipsis``: the fragments around ellipses in order, close together, in one section.

    A chain whose left-out words could invert the quote is only the closest text; one whose
    left-out words limit it (a condition, another normative clause) is a match flagged
    ``ellipsis_gap``.
    """

    name: str = "ellipsis"
    cookbook: bool = False
    single_section: bool = True

    def find(self, prepared: PreparedQuote, index: WordIndex) -> list[TierHit]:
        fragments = prepared.fragments
        if not fragments or prepared.word_count > MAX_TOLERANT_WORDS:
            return []
        # Anchor on the fragment holding the rarest word, then look for the others only nearby.
        rarity = [min(index.count(k) for k in fragment) for fragment in fragments]
        anchor = rarity.index(min(rarity))
        hits: list[TierHit] = []
        altered: TierHit | None = None
        ahead: set[tuple[int, tuple[int, int]]] = set()
        behind: set[tuple[int, tuple[int, int]]] = set()
        for run in _runs(index, fragments[anchor]):
            after = _chain(index, fragments[anchor + 1 :], run, forward=True, dead_ends=ahead)
            before = (
                _chain(index, fragments[:anchor], run, forward=False, dead_ends=behind) if after is not None else None
            )
            if after is None or before is None:
                continue
            found = [*before, run, *after]
            differences: list[WordDiff] = []
            verdicts: list[str | None] = []
            for (_, before_last), (after_first, _) in pairwise(found):
                if after_first > before_last + 1:
                    verdict = gap_flag(index, before_last + 1, after_first - 1)
                    verdicts.append(verdict)
                    gap = " ".join(index.words(before_last + 1, after_first))
                    differences.append(
                        WordDiff(kind="omitted", quote="", source=gap, changes_meaning=verdict is not None)
                    )
            start, end = index.word_span(found[0][0], found[-1][1])
            if "inverts" in verdicts:
                reason = "leaves out words that could invert it: " + "; ".join(
                    repr(d.source) for d in differences if d.changes_meaning
                )
                altered = altered or TierHit(start, end, "ellipsis", 100.0, tuple(differences), rejected=reason)
                continue
            flags: tuple[Flag, ...] = ("ellipsis_gap",) if "limits" in verdicts else ()
            hits.append(TierHit(start, end, "ellipsis", 100.0, tuple(differences), flags))
        return hits if hits else [altered] if altered else []


def edge_flags(prepared: PreparedQuote, index: WordIndex, hit: TierHit) -> tuple[Flag, ...]:
    """What a quote that stops short of its sentence cuts off, when that limits it.

    ``ellipsis_gap`` when an ellipsis at the start (end) of the quote cuts off a condition, a
    negation or a normative keyword in the rest of the sentence before (after) the match;
    ``omitted_text`` when a quote ends its sentence with a period where the source's sentence goes
    on with one (``used with every grant.`` for ``used with every grant except for ...``), or when
    the quote starts or stops right next to a negation it leaves out (``MUST`` of ``MUST NOT``).
    """
    first = _word_at(index, hit.start)
    last = bisect_right(index.starts, hit.end - 1) - 1
    flags: list[Flag] = []
    before = first - 1 >= 0 and not _sentence_break(index.between(first)) and _negated(index.key(first - 1))
    after = last + 1 < len(index) and not _sentence_break(index.between(last + 1)) and _negated(index.key(last + 1))
    if (before and not _negated(prepared.keys[0] if prepared.keys else "")) or after:
        flags.append("omitted_text")
    if prepared.leading_ellipsis and _limiting(_sentence_before(index, first)):
        flags.append("ellipsis_gap")
    if prepared.trailing_ellipsis and _limiting(_sentence_after(index, last)):
        flags.append("ellipsis_gap")
    if prepared.ends_sentence and not prepared.trailing_ellipsis and _limiting(_sentence_after(index, last)):
        flags.append("omitted_text")
    return tuple(dict.fromkeys(flags))


def _sentence_before(index: WordIndex, first: int) -> list[str]:
    start = first
    while start > 0 and first - start < _MAX_GAP_WORDS and not _sentence_break(index.between(start)):
        start -= 1
    return index.keys(start, first)


def _sentence_after(index: WordIndex, last: int) -> list[str]:
    end = last + 1
    while end < len(index) and end - last < _MAX_GAP_WORDS and not _sentence_break(index.between(end)):
        end += 1
    return index.keys(last + 1, end)


def _limiting(words: Sequence[str]) -> bool:
    limits = any(w in _CONDITIONS or w in _NORMATIVE or w in _NEGATION_KEYS or _negated(w) for w in words)
    return limits or _other_than(words)


def _other_than(words: Sequence[str]) -> bool:
    return any(a == "other" and b == "than" for a, b in pairwise(words))


def _sentence_break(sep: str) -> bool:
    return any(mark in sep for mark in (". ", "? ", "! ", ": ")) or sep.endswith((".", ":"))


# -- tier 4: the same words, typographic punctuation aside -----------------------------------------


def _mergeable(sep: str, left: str, right: str) -> bool:
    """Whether two words with ``sep`` between them may be read as one (``AES-128``, ``AES128``)."""
    if (left.lower() in _NOT_MERGED or right.lower() in _NOT_MERGED) and "-" not in sep:
        return False
    if left[-1:].isdigit() and right[:1].isdigit():
        return False  # 3 600 is not 3600 for sure: that is for the fuzzy tier, for review
    return between_key(sep, left, right) == ""


def _standalone(sep_before: str, sep_after: str) -> bool:
    return (sep_before.endswith(" ") and sep_after.startswith(" ")) or not sep_before or not sep_after


def _source_group(index: WordIndex, j: int, step: int) -> tuple[int, bool] | None:
    """A bracketed or parenthetical aside starting (ending, walking back) at word ``j``.

    Returns:
        The position just past it, and whether it is only a reference marker (``[RFC3986]``).
    """
    if step > 0:
        opening = index.between(j).rsplit(" ", 1)[-1]
        if "(" not in opening and "[" not in opening:
            return None
        close = ")" if "(" in opening else "]"
        for k in range(j, min(j + _MAX_GROUP_WORDS, len(index))):
            if close in index.between(k + 1).split(" ", 1)[0]:
                return k + 1, close == "]" and _reference(index.words(j, k + 1)) and not _governed(index, j - 1)
        return None
    closing = index.between(j + 1).split(" ", 1)[0]
    if ")" not in closing and "]" not in closing:
        return None
    opener = "(" if ")" in closing else "["
    for k in range(j, max(j - _MAX_GROUP_WORDS, -1), -1):
        if opener in index.between(k).rsplit(" ", 1)[-1]:
            return k - 1, opener == "[" and _reference(index.words(k, j + 1)) and not _governed(index, k - 1)
    return None


_COMPOUND = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
_PREPOSITIONS = frozenset({"in", "of", "see", "by", "per", "from", "to", "and", "or", "with", "than", "as"})


def _governed(index: WordIndex, before: int) -> bool:
    """Whether a reference is part of the sentence (``defined in [RFC3986]``), not a marker."""
    return before >= 0 and index.key(before) in _PREPOSITIONS


def _reference(words: Sequence[str]) -> bool:
    """Whether bracketed words are a reference marker: ``RFC3986``, ``RFC 3986``, ``1``, ``JWS``."""
    return 0 < len(words) <= 2 and all(w.isupper() or w.isdigit() or any(c.isdigit() for c in w) for w in words)


class _Walk:
    """Aligns a quote's words with the document's, one step at a time, in either direction."""

    def __init__(self, prepared: PreparedQuote, index: WordIndex) -> None:
        self.q = prepared
        self.index = index
        self.flags: list[Flag] = []

    def _seps_agree(self, i: int, j: int, step: int) -> bool:
        q, index = self.q, self.index
        qi, sj = (i, j) if step > 0 else (i + 1, j + 1)
        quoted_sep, source_sep = q.seps[qi], index.between(sj)
        if quoted_sep == source_sep or (quoted_sep == " " and source_sep.isspace()):
            return True  # the common case, decided without looking closer
        left, right = index.words(sj - 1, sj + 1)
        # Only ? ! : ; after a word read differently in a URI: look for one only then.
        uri = any(c in source_sep for c in "?!:;") and _source_uri(index, sj - 1)
        quoted = between_key(quoted_sep, q.words[qi - 1], q.words[qi], uri=q.uri[qi - 1])
        return quoted == between_key(source_sep, left, right, uri=uri)

    def run(self, i: int, j: int, step: int) -> int | None:
        """Align quote words from ``i`` and source words from ``j`` on, towards ``step``.

        Returns:
            The last source position aligned (``j - step`` when there was nothing to align), or
            ``None`` when the words part.
        """
        q, index = self.q, self.index
        n, size = len(q.keys), len(index)
        clean = True
        budget = 4 * n + 20
        while 0 <= i < n:
            budget -= 1
            if budget < 0 or not 0 <= j < size:
                return None
            quoted, source = q.keys[i], index.key(j)
            if quoted == source:
                if clean and not self._seps_agree(i, j, step):
                    return None
                i, j, clean = i + step, j + step, True
                continue
            clean = False
            moved = self._merge(i, j, step) or self._skip(i, j, step)
            if moved is None:
                return None
            i, j = moved
        return j - step

    def _merge(self, i: int, j: int, step: int) -> tuple[int, int] | None:
        """One word on one side read as two on the other (``AES128``, ``AES-128``, ``ie``)."""
        q, index = self.q, self.index
        quoted = q.keys[i]
        j2, i2 = j + step, i + step
        if 0 <= j2 < len(index):
            a, b = sorted((j, j2))
            left, right = index.words(a, b + 1)
            if key(left) + key(right) == quoted and _mergeable(index.between(b), left, right):
                return i + step, j + 2 * step
        if 0 <= i2 < len(q.keys):
            a, b = sorted((i, i2))
            if q.keys[a] + q.keys[b] == index.key(j) and _mergeable(q.seps[b], q.words[a], q.words[b]):
                return i + 2 * step, j + step
        return None

    def _skip(self, i: int, j: int, step: int) -> tuple[int, int] | None:
        """Set aside what is not the quoted words: list bullets, reference markers, asides."""
        q, index = self.q, self.index
        if index.key(j) == "o" and _standalone(index.between(j), index.between(j + 1)):
            return i, j + step  # an RFC list bullet
        if q.keys[i] == "o" and _standalone(q.seps[i], q.seps[i + 1]):
            return i + step, j
        for first, end in q.brackets:
            if (step > 0 and i == first) or (step < 0 and i == end - 1):
                return self._quote_group(first, end, j, step)
        group = _source_group(index, j, step)
        if group is not None:
            past, marker = group
            if not marker:
                self.flags.append("omitted_text")
            return i, past
        return None

    def _quote_group(self, first: int, end: int, j: int, step: int) -> tuple[int, int] | None:
        """A bracketed run of the quote's own words.

        A reference marker or an editorial insertion the source does not have is set aside; a
        stand-in for a pronoun the source has is too, for review.
        """
        q, index = self.q, self.index
        past = end if step > 0 else first - 1
        inside = q.words[first:end]
        if not _reference(inside) and any(is_meaning_word(w) for w in inside):
            self.flags.append("substituted_words")
        if not 0 <= past < len(q.keys):
            if 0 <= j < len(index) and index.key(j) in _PRONOUNS:
                self.flags.append("substituted_words")  # [The client] for the source's "It"
            return past, j
        if q.keys[past] == index.key(j):
            return past, j
        for skipped in range(1, 4):
            jj = j + skipped * step
            stood_for = index.keys(min(j, jj), max(j, jj)) if 0 <= jj < len(index) else ["?"]
            if q.keys[past] == index.key(jj) and all(w in _PRONOUNS or w in ("the", "a", "an") for w in stood_for):
                self.flags.append("substituted_words")
                return past, jj
        return None


class LooseTier:
    """``loose``: the same words, with typographic differences aside.

    Case, quote marks, emphasis, sentence punctuation, a hyphen or dash between words (or none:
    ``AES-128``, ``AES 128``, ``AES128``), ``i.e.`` for ``ie``, list bullets and bracketed
    reference markers do not matter. Punctuation that is content does: a sign, a delimiter in
    quotation marks, a URI's or an address's punctuation. A parenthetical the quote leaves out
    without an ellipsis is flagged ``omitted_text``; a bracketed stand-in for the source's words
    ``substituted_words``.
    """

    name: str = "loose"
    cookbook: bool = False
    single_section: bool = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> list[TierHit]:
        keys = prepared.keys
        if not keys or prepared.word_count > MAX_TOLERANT_WORDS:
            return []
        # The rarest word anchors the walk; when it leads nowhere (it is also the word of a
        # reference list, or one half of a compound the source closes up), the next rarest does.
        anchors = self._anchors(prepared, index)[:_ANCHORS]
        for q_first, q_end, postings in anchors:
            # A later anchor is tried only while it is rare too: a common word costs many walks.
            if len(postings) > max(_RARE, 4 * len(anchors[0][2])):
                break
            hits = self._walks(prepared, index, q_first, q_end, postings)
            if hits or len(anchors[0][2]) > _RARE:
                return hits
        return []

    @staticmethod
    def _walks(
        prepared: PreparedQuote, index: WordIndex, q_first: int, q_end: int, postings: Sequence[int]
    ) -> list[TierHit]:
        keys = prepared.keys
        hits: list[TierHit] = []
        for p in postings[:_MAX_POSTINGS]:
            walk = _Walk(prepared, index)
            last = walk.run(q_end, p + 1, 1)
            first = walk.run(q_first - 1, p - 1, -1) if last is not None else None
            if last is None or first is None:
                continue
            first = first if q_first > 0 else p
            last = last if q_end < len(keys) else p
            left = index.words(first, first + 1)[0]
            right = index.words(last, last + 1)[0]
            if lead_key(prepared.seps[0], prepared.words[0]) != lead_key(index.between(first), left):
                continue
            quoted_end = trail_key(prepared.seps[-1], prepared.words[-1], uri=prepared.uri[-1])
            if quoted_end != trail_key(index.between(last + 1), right, uri=_source_uri(index, last)):
                continue
            start, end = index.word_span(first, last)
            hits.append(TierHit(start, end, "loose", flags=tuple(dict.fromkeys(walk.flags))))
        return hits

    @staticmethod
    def _anchors(prepared: PreparedQuote, index: WordIndex) -> list[tuple[int, int, Sequence[int]]]:
        """The quote's words (or pairs the document closes up) that are in the document, rarest first.

        Words in brackets are not anchors: they are the quote's own, as often as not.
        """
        keys = prepared.keys
        bracketed = {i for first, end in prepared.brackets for i in range(first, end)}
        found: list[tuple[int, int, Sequence[int]]] = []
        for i, word_key in enumerate(keys):
            if i in bracketed:
                continue
            options = [(i, i + 1, word_key)]
            closed = word_key + keys[i + 1] if i + 1 < len(keys) else ""
            if closed in index.id_of and _mergeable(prepared.seps[i + 1], prepared.words[i], prepared.words[i + 1]):
                options.append((i, i + 2, closed))
            found += [(first, end, index.positions(option)) for first, end, option in options if option in index.id_of]
        return sorted(found, key=lambda anchor: len(anchor[2]))


# -- tier 5: similarity ----------------------------------------------------------------------------


def _fuzzy_candidates(index: WordIndex, keys: Sequence[str]) -> list[int]:
    """Word positions where the quote may start: voted by its rarest words, ranked by overlap."""
    votes: Counter[int] = Counter()
    known = sorted({k for k in keys if index.count(k)}, key=index.count)
    budget = _VOTE_BUDGET
    for word_key in known[:_MAX_VOTING_WORDS]:
        postings = index.positions(word_key)
        offsets = [i for i, k in enumerate(keys) if k == word_key]
        # The rarest words place a quote best; a common word's postings cost much and say little.
        if len(postings) * len(offsets) > budget and votes:
            break
        budget -= len(postings) * len(offsets)
        for posting in postings:
            for offset in offsets:
                votes[posting - offset] += 1
    # Rank the best-voted starts by how many of the quote's words sit around them.
    wanted = {index.id_of[k] for k in keys if k in index.id_of}
    shortlist = [start for start, _ in votes.most_common(_SHORTLIST)]
    ids = index.ids
    return sorted(
        shortlist,
        key=lambda start: -len(wanted.intersection(ids[max(start - _SHIFT, 0) : start + len(keys) + _SHIFT])),
    )[:_CANDIDATES]


def _equal_pairs(opcodes: Sequence[tuple[str, int, int, int, int]], length: int) -> list[tuple[int, int]]:
    """The (quote, source) word offsets the opcodes leave equal, in order."""
    pairs: list[tuple[int, int]] = []
    q_at = s_at = 0
    for _, q_start, q_end, _, s_end in [*opcodes, ("end", length, length, 0, 0)]:
        pairs += [(q_at + k, s_at + k) for k in range(q_start - q_at)]
        q_at, s_at = q_end, s_end
    return pairs


def _punctuation_diffs(
    prepared: PreparedQuote, index: WordIndex, first: int, opcodes: Sequence[tuple[str, int, int, int, int]]
) -> list[WordDiff]:
    """Differences in what stands between words the fuzzy tier found equal: ``10^6`` for ``10^-6``."""
    diffs: list[WordDiff] = []
    pairs = _equal_pairs(opcodes, len(prepared.words))
    for (q_left, s_left), (i, j) in pairwise(pairs):
        if i != q_left + 1 or j != s_left + 1:
            continue
        source_sep = index.between(first + j)
        if source_sep == prepared.seps[i]:
            continue
        left, right = index.words(first + j - 1, first + j + 1)
        quoted = between_key(prepared.seps[i], prepared.words[i - 1], prepared.words[i], uri=prepared.uri[i - 1])
        if quoted != between_key(source_sep, left, right, uri=_source_uri(index, first + j - 1)):
            quoted_text = f"{prepared.words[i - 1]}{prepared.seps[i]}{prepared.words[i]}"
            diffs.append(
                WordDiff(kind="changed", quote=quoted_text, source=f"{left}{source_sep}{right}", changes_meaning=True)
            )
    return diffs + _edge_diffs(prepared, index, first, pairs)


def _edge_diffs(prepared: PreparedQuote, index: WordIndex, first: int, pairs: list[tuple[int, int]]) -> list[WordDiff]:
    """Differences in what is glued to the first and last words: ``example.com`` for ``example.com/``."""
    diffs: list[WordDiff] = []
    words = prepared.words
    if pairs and pairs[-1][0] == len(words) - 1:
        last = first + pairs[-1][1]
        source_after = index.between(last + 1)
        if trail_key(prepared.seps[-1], uri=prepared.uri[-1]) != trail_key(source_after, uri=_source_uri(index, last)):
            glued = source_after.split(" ", 1)[0]
            diffs.append(WordDiff(kind="changed", quote=words[-1], source=words[-1] + glued, changes_meaning=True))
    if pairs and pairs[0][0] == 0:
        source_before = index.between(first + pairs[0][1])
        if lead_key(prepared.seps[0], words[0]) != lead_key(source_before, words[0]):
            glued = source_before.rsplit(" ", 1)[-1]
            diffs.append(WordDiff(kind="changed", quote=words[0], source=glued + words[0], changes_meaning=True))
    return diffs


class FuzzyTier:
    """``fuzzy``: the most similar run of source words, with its word differences; always for review.

    The run takes in a negation just before or after it, so ``X activated Y`` against ``X didn't
    activate Y`` shows the negation.
    """

    name: str = "fuzzy"
    cookbook: bool = False
    single_section: bool = False

    def find(self, prepared: PreparedQuote, index: WordIndex) -> list[TierHit]:
        keys = prepared.keys
        # A short quote is placed by the exact tiers or not at all: similarity says little about a few words.
        if not keys or prepared.word_count < MIN_QUOTE_WORDS or prepared.word_count > MAX_TOLERANT_WORDS:
            return []
        best: tuple[float, int, int] | None = None
        count = len(index)
        target = " ".join(keys)
        for start in _fuzzy_candidates(index, keys):
            # The words around the candidate, looked up once; the windows are slices of them.
            base = max(start - _SHIFT, 0)
            around = index.keys(base, start + _SHIFT + len(keys) + _SHIFT + 1)
            for first in range(base, min(start + _SHIFT + 1, count)):
                for length in range(max(len(keys) - _SHIFT, 1), len(keys) + _SHIFT + 1):
                    last = min(first + length, count)
                    # A window that cannot beat the best so far is given up early (it scores 0).
                    cutoff = best[0] if best is not None else 0.0
                    score = fuzz.ratio(target, " ".join(around[first - base : last - base]), score_cutoff=cutoff)
                    if best is None or score > best[0]:
                        best = (score, first, last)
        if best is None or best[0] < CLOSEST_THRESHOLD:
            return []
        score, first, last = best
        quoted_negation = any(_negated(k) for k in keys)
        if not quoted_negation:
            # A negation that governs the matched words sits just outside them: take it in.
            for back in range(1, 4):
                if first - back >= 0 and _negated(index.key(first - back)):
                    first -= back
                    break
            if last < count and _negated(index.key(last)):
                last += 1
        quote_words = list(prepared.words)
        source_words = index.words(first, last)
        opcodes = word_opcodes(quote_words, source_words, keys=(keys, index.keys(first, last)))
        differences = word_diffs(quote_words, source_words, opcodes=opcodes)
        if score >= FUZZY_THRESHOLD and not any(d.changes_meaning for d in differences):
            # Only a match so far: look closer at literals and punctuation, which may rule it out.
            differences = _literal_diffs(prepared, index, first, opcodes, differences)
            differences += tuple(_punctuation_diffs(prepared, index, first, opcodes))
        start, end = index.word_span(first, last - 1)
        rejected = _fuzzy_rejection(score, len(quote_words), differences, opcodes)
        return [TierHit(start, end, "fuzzy", round(score, 1), differences, ("fuzzy",), rejected)]


def _literal_diffs(
    prepared: PreparedQuote,
    index: WordIndex,
    first: int,
    opcodes: Sequence[tuple[str, int, int, int, int]],
    differences: tuple[WordDiff, ...],
) -> tuple[WordDiff, ...]:
    """The differences, with any change to a literal (a URI, a quoted name, code) changing the meaning.

    ``"exp"`` for ``"nbf"`` or ``/data`` for ``/date`` names another thing, not a slip of the pen.
    """
    marked: list[WordDiff] = []
    for diff, (_, q_start, q_end, s_start, s_end) in zip(differences, opcodes, strict=True):
        literal = any(prepared.literal[q_start:q_end]) or any(
            _source_literal(index, first + j) for j in range(s_start, s_end)
        )
        marked.append(
            diff.model_copy(update={"changes_meaning": True}) if literal and not diff.changes_meaning else diff
        )
    return tuple(marked)


def _source_literal(index: WordIndex, position: int) -> bool:
    before, after = index.between(position), index.between(position + 1)
    return _source_uri(index, position) or is_literal(before, after)


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


DEFAULT_TIERS: tuple[Tier, ...] = (NormalizedTier(), EllipsisTier(), LooseTier(), FuzzyTier())
"""The tiers `citecheck.locate` runs by default, strongest first."""

COOKBOOK_TIERS: tuple[Tier, ...] = (CookbookTier(),)
"""The cookbook's one tier: an exact match after `normalize` (``strict=True``)."""


def tier_preset(name: Literal["default", "cookbook"]) -> tuple[Tier, ...]:
    """The tiers of a preset, in order: ``"default"`` or ``"cookbook"`` (what ``strict=True`` runs).

    Add or leave out a tier by passing your own list to ``locate(..., tiers=...)``::

        tiers = [*tier_preset("default"), MyTier()]
    """
    presets = {"default": DEFAULT_TIERS, "cookbook": COOKBOOK_TIERS}
    if name not in presets:
        raise ValueError(f"no tier preset named {name!r}: use 'default' or 'cookbook'")
    return presets[name]
