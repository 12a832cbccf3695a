"""What every tier shares: the `Tier` protocol, the matcher's limits, and small word tests."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from citecheck.matcher._lexicon import NEGATING_VERBS, NEGATION_KEYS, NT_STEMS, foreign_negation, unspaced_negations
from citecheck.matcher.tiering import PreparedQuote, TierHit, WordIndex, in_uri, is_unspaced

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
    """Whether word ``position`` is a PDF page's number, which a quote of its sentence leaves out unflagged.

    A sentence that runs on to the next page has the page's number inside it in the text layer
    (``They can be``, ``32``, a form feed, ``administered``). The number is digits on a line of
    their own by a form feed (`by_form_feed`), in step with the numbers other form feeds of the
    document have (`_numbered_pages`): a number the text happens to wrap onto a line of its own
    there (``spending``, a form feed, ``21``, ``hours``) is the sentence's, which only a person can
    tell apart, so the walk sets it aside with the page's other furniture, flagged.
    """
    if not by_form_feed(index, position):
        return False
    return index.folded.to_original(index.starts[position]) in index.derived("pages", _numbered_pages)


def by_form_feed(index: WordIndex, position: int) -> bool:
    """Whether word ``position`` is digits on a line of their own by a form feed: what a page's number looks like."""
    if not 0 < position < len(index) - 1 or not _PAGE_NUMBER.fullmatch(index.key(position)):
        return False
    # Alone on its line: "spending\n175\n\f\n21 hours" has the page's number 175, not 21.
    before, after = _line_around(index, position, position)
    return "\n" in before and "\n" in after and "\f" in before + after


def _numbered_pages(index: WordIndex) -> frozenset[int]:
    """Where the text has a page's number: digits alone on the line before or after a form feed, in step with another's.

    The numbers in step are those whose value less the form feed's ordinal is another form feed's
    too (``2`` before the second, ``3`` before the third; a page without a number between breaks
    no step), or less twice the ordinal (``1``, ``3``, ``5``: a scan of two pages a sheet). The
    offsets of their first digit in `WordIndex.text`.
    """
    text = index.text
    offsets_by_step: dict[tuple[bool, int, int], set[int]] = {}
    ordinals_by_step: dict[tuple[bool, int, int], set[int]] = {}
    for ordinal, feed in enumerate(match.start() for match in _FORM_FEED.finditer(text)):
        window = max(0, feed - _PAGE_LINE_REACH)
        for after, found in (
            (False, _LAST_LINE.search(text, window, feed)),
            (True, _FIRST_LINE.match(text, feed + 1)),
        ):
            if found is None:
                continue
            for stride in (1, 2):
                step = (after, stride, int(found.group(1)) - stride * ordinal)
                offsets_by_step.setdefault(step, set()).add(found.start(1))
                ordinals_by_step.setdefault(step, set()).add(ordinal)
    return frozenset(
        offset for step, offsets in offsets_by_step.items() if len(ordinals_by_step[step]) > 1 for offset in offsets
    )


_FORM_FEED = re.compile("\f")
_PAGE_LINE_REACH = 200  # characters read back from a form feed for the page's last line
# The page's number: digits alone on the page's last line before the form feed, or its first after it.
_LAST_LINE = re.compile(r"(?:^|\n)[^\S\n\f]*(\d{1,4})[^\S\f]*\Z")
_FIRST_LINE = re.compile(r"[^\S\f]*?(\d{1,4})[^\S\n\f]*(?:\n|\Z)")


def _line_around(index: WordIndex, first: int, last: int) -> tuple[str, str]:
    """The source's own characters around words ``first`` to ``last`` back (on) to the words beside them.

    Read from the text, not from `WordIndex.source_between`: folding drops a line break between two
    characters of Chinese or Japanese, so the folded words meet with nothing between them.
    """
    text = index.text
    start, end = index.folded.span_to_original(index.starts[first], index.ends[last])
    previous = index.folded.span_to_original(index.starts[first - 1], index.ends[first - 1])[1]
    following = index.folded.span_to_original(index.starts[last + 1], index.ends[last + 1])[0]
    return text[previous:start], text[end:following]


_PAGE_NUMBER = re.compile(r"\d{1,4}")


def furniture_line(index: WordIndex, position: int, step: int) -> int | None:
    """Past a line of a page's furniture that word ``position`` starts (ends, for ``step`` -1), or ``None``.

    A text layer without the parser's page breaks puts a page's header, footer or number inside a
    sentence that runs on to the next page (``to the server``, ``12    Journal of Things, Vol. 3``,
    a form feed, ``and the server``): a line of at most `_FURNITURE_WORDS` words by a form feed;
    between blank lines, a page's number alone (``12``, ``Page 12 of 30``), or a line with a number
    inside a sentence and a section (not a heading: ``1.3. Contribution``). Words the quote leaves
    out all the same, so the walk that sets them aside flags the quote (`page_number` alone, by a
    form feed, is no such doubt).
    """
    size = len(index)
    if not 0 < position < size - 1 or not _at_line_edge(index, position, step):
        return None  # most words a walk meets: told with one offset looked up
    # In a sentence of Chinese, Japanese or Thai (its word before the line) each character is a
    # word: "285    物事ジャーナル 第3巻" is 11.
    longest = _FURNITURE_CHARACTERS if is_unspaced(index.key(position - step)[-1:]) else _FURNITURE_WORDS
    end = _line_end(index, position, step, longest)
    if end is None:
        return None
    first, last = (position, end) if step > 0 else (end, position)
    before, after = _line_around(index, first, last)
    if "\n" not in before or "\n" not in after:
        return None  # not a line of its own
    if "\f" in before + after:
        return end + step
    if not (_BLANK_LINE.search(before) and _BLANK_LINE.search(after)):
        return None
    keys = index.keys(first, last + 1)
    if not any(char.isdigit() for key in keys for char in key):
        return None  # a page's furniture has its number: "12", "Page 12 of 30", "사물 저널 제3권"
    if all(key.isdigit() or key in _PAGE_WORDS for key in keys):
        return end + step
    # A line of other words between blank lines may be a heading ("1.3. Contribution"): furniture
    # only inside a sentence (no stop before it) and inside a section (a parser's heading starts one).
    if _sentence_break(index.between(first)) or _opens_section(index, first):
        return None
    return end + step


def _at_line_edge(index: WordIndex, position: int, step: int) -> bool:
    """Whether word ``position`` opens its line of the source's text (closes it, for ``step`` -1).

    Read over the spaces beside the word only: a text of one long line costs no more.
    """
    text, folded = index.text, index.folded
    if step > 0:
        at = folded.to_original(index.starts[position])
        while at > 0 and text[at - 1].isspace() and text[at - 1] not in "\n\f":
            at -= 1  # an indent of spaces, tabs, no-break or ideographic spaces
        return at == 0 or text[at - 1] in "\n\f"
    at = folded.to_original(index.ends[position] - 1) + 1
    while at < len(text) and text[at].isspace() and text[at] not in "\n\f":
        at += 1
    return at < len(text) and text[at] in "\n\f"


def _line_end(index: WordIndex, position: int, step: int, longest: int) -> int | None:
    """The last word (the first, for ``step`` -1) of the line word ``position`` opens, within ``longest`` words.

    ``None`` for a longer line, or one that the text's end (start) closes: no furniture inside a sentence.
    """
    text, to_original, starts, ends = index.text, index.folded.to_original, index.starts, index.ends
    if step > 0:
        at = to_original(starts[position])
        newline = text.find("\n", at)
        line = text[at:newline]
    else:
        at = to_original(ends[position] - 1)
        newline = text.rfind("\n", 0, at)
        line = text[newline + 1 : at]
    if newline == -1 or sum(any(c.isalnum() for c in token) for token in line.split()) > longest:
        return None  # more words than a header has ("|" and dashes are none): told without reading them
    end = position
    if step > 0:
        while to_original(starts[end + 1]) < newline:
            end += 1
            if end - position >= longest or end + 1 >= len(index):
                return None
    else:
        while to_original(ends[end - 1] - 1) > newline:
            end -= 1
            if position - end >= longest or end < 1:
                return None
    return end


def _opens_section(index: WordIndex, first: int) -> bool:
    """Whether word ``first`` opens a section of `WordIndex.section_starts`: where a parser put a heading."""
    starts, to_original = index.section_starts, index.folded.to_original
    at = bisect_right(starts, to_original(index.starts[first]))
    return at > 0 and starts[at - 1] > to_original(index.ends[first - 1] - 1)


_FURNITURE_WORDS = 10
_PAGE_WORDS = frozenset({"page", "p", "seite", "s", "страница", "стр", "페이지", "页", "頁", "of", "von", "de"})
_FURNITURE_CHARACTERS = 30
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
