"""What every tier shares: the `Tier` protocol, the matcher's limits, and small word tests."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from citecheck.matcher._lexicon import NEGATING_VERBS, NEGATION_KEYS, NT_STEMS, foreign_negation, unspaced_negations
from citecheck.matcher.tiering import PreparedQuote, TierHit, WordIndex, in_uri

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


_NOT_MERGED = frozenset({"not", "no"})  # "not able" is not "notable"
_PRONOUNS = frozenset({"it", "they", "them", "this", "these", "those", "he", "she", "its", "their", "we", "you"})


@runtime_checkable
class Tier(Protocol):
    """One way of finding a quote. Subclass nothing: any object with these attributes is a tier.

    A tier may also have ``checks_edges = True`` when it checks itself what a quote cut at either
    end leaves out (the fuzzy tier takes in a nearby negation); otherwise the matcher checks the
    tier's match (``partial_sentence``, ``omitted_text``...), as it does for the built-in tiers.

    What a match is comes from its hit, never from the tier's name: a hit scored below 100 is a
    match by similarity (flagged ``fuzzy``, as the fuzzy tier's are), and words a match leaves out
    where the quote writes an ellipsis are the ellipsis's, whichever tier found it.
    """

    name: str
    """The tier's name: what `QuoteMatch.tier` says for its matches, unless a hit names its own
    strength (the normalized tier says ``exact`` or ``normalized``)."""
    cookbook: bool
    """Whether the tier reads the index built with the cookbook's folding."""
    single_section: bool
    """Whether its matches must lie in one section."""

    def find(self, prepared: PreparedQuote, index: WordIndex) -> Sequence[TierHit]:
        """Every place the quote matches, and any closest text (a hit with ``rejected`` set)."""
        ...


OPENING_BRACKET = re.compile(r"[(\[]")
"""A separator that opens a bracket or a parenthesis."""
_NAME_MARKS = frozenset("\"'\u201c\u201d\u2018\u2019\u201e\u00ab\u00bb")


def _named(before: str, after: str) -> bool:
    """Whether a word with ``before`` and ``after`` around it stands alone in quotation marks: a name.

    ``"none"`` names a value; read bare, it would be a negation.
    """
    return before[-1:] in _NAME_MARKS and after[:1] in _NAME_MARKS


def _negated(word: str) -> bool:
    # Keys drop the apostrophe: "didn't" is "didnt", "can't" is "cant". "fails (to)" negates too.
    if word in NEGATION_KEYS or (word.endswith("nt") and word[:-1] in NT_STEMS) or word in NEGATING_VERBS:
        return True
    # Other languages': "nicht", "não", "않는다", and a character of Chinese or Japanese ("不", "無").
    return not word.isascii() and (foreign_negation(word) or bool(unspaced_negations(word)))


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


def _sentence_break(sep: str) -> bool:
    # A closing quote mark or bracket may follow the period: 'called "state."', '(see below.)'.
    return _BREAK.search(sep) is not None


# U+3002: the full stop of Chinese and Japanese, which no space follows.
_BREAK = re.compile(r"[.?!:][\"')\]]*(?: |$)|[\u3002\uff01\uff1f]")


def page_number(index: WordIndex, position: int) -> bool:
    """Whether word ``position`` is a PDF page's number: digits on a line of their own by a form feed.

    A sentence that runs on to the next page has the page's number inside it in the text layer
    (``They can be``, ``32``, a form feed, ``administered``); a quote of the sentence leaves it out.
    """
    if not 0 < position < len(index) - 1 or not _PAGE_NUMBER.fullmatch(index.key(position)):
        return False
    around = index.source_between(position) + index.source_between(position + 1)
    return "\n" in around and "\f" in around


_PAGE_NUMBER = re.compile(r"\d{1,4}")
