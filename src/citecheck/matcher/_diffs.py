"""Word-level differences between a quote and the source, and whether each changes the meaning.

The words are cut by the tokenizer (`_tokens.py`) and judged by the lexicon (`_lexicon.py`): a
difference changes the meaning when it touches a word of a meaning-changing class, or swaps a
word for its opposite. The matcher never passes such a quote off as found.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from rapidfuzz import fuzz

from citecheck._models import WordDiff
from citecheck.matcher._lexicon import (
    POLARITY,
    UNSPACED_MEANING_CHARS,
    UNSPACED_MODAL_FORCES,
    is_hedge,
    is_meaning_word,
    is_opposite,
    negating_verbs,
    same_alternative,
    same_korean_negation,
    same_ordinal,
    same_stem,
    unspaced_meaning_differs,
)
from citecheck.matcher._numerals import is_numeral
from citecheck.matcher._tokens import is_unspaced, join_words, key

__all__ = ["describe_difference", "is_unclear_swap", "is_word_swap", "word_diffs", "word_opcodes"]

_KINDS: dict[str, Literal["changed", "added", "omitted"]] = {
    "replace": "changed",
    "insert": "omitted",
    "delete": "added",
}


def changes_meaning(kind: str, quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether one difference changes the meaning.

    Words only spaced or punctuated differently (``3,600`` and ``3600``, ``case sensitive`` and
    ``casesensitive``) do not. Any normative keyword, negation, number, date or unit among the
    words does. A word of an opposite pair (accepted, rejected) does when it is added or left out.
    A swapped word does when it is the opposite of the source's (see `is_opposite`); not when it
    is only misspelt or inflected (``rejectd``, ``include`` for ``included``), which the fuzzy tier
    sends to review instead.
    """
    if kind == "changed" and "".join(map(key, quoted)) == "".join(map(key, source)):
        return False
    if kind == "changed" and len(quoted) == 1 == len(source):
        if same_ordinal(quoted[0], source[0]):
            return False  # "initial" for "first": a swap for review, as for any other word
        if _ELIDED_NE.match(quoted[0]) and _ELIDED_NE.match(source[0]):
            # "n'emploie" for "n'utilise": French elides its "ne" into the verb, which both keep.
            return changes_meaning(kind, [_ELIDED_NE.sub("", quoted[0])], [_ELIDED_NE.sub("", source[0])])
        if same_korean_negation(quoted[0], source[0]):
            return False  # "않는다" for "않습니다": "does not", plain for formal
    words = [w.lower() for w in (*quoted, *source)]
    # A Chinese, Japanese or Thai modal is read with the characters around it (`_unspaced_change`):
    # one swapped for another of the same force (可以 for 能够) is a paraphrase, not a new meaning.
    # A negation's character too: read in its word there ("非" of "非常", "very", does not negate).
    if any(
        is_meaning_word(w) and w not in POLARITY and w not in UNSPACED_MODAL_FORCES and w not in UNSPACED_MEANING_CHARS
        for w in words
    ):
        return True
    # "fails to" added, left out or swapped for other words says the opposite; "failed" for
    # "fails" is an inflection.
    if negating_verbs(quoted) != negating_verbs(source):
        return True
    if kind != "changed":
        return any(w in POLARITY for w in words)
    return _swapped_for_an_opposite(quoted, source)


_ELIDED_NE = re.compile(r"^n['\u2019](?=\w)", re.IGNORECASE)  # French "ne" before a vowel: "n'est", "n'utilise"

# Words whose swap for another says little of its own: articles, pronouns, prepositions, conjunctions.
_FUNCTION_WORDS = frozenset(
    {"a", "an", "the", "this", "that", "these", "those", "it", "its", "they", "their", "them", "we", "our"}
    | {"he", "she", "his", "her", "you", "your", "of", "in", "on", "at", "to", "for", "from", "by", "with"}
    | {"into", "onto", "and", "or", "as", "so", "such", "which", "who", "whom", "whose", "there", "here"}
)
_SPELLING = 75.0  # similarity of two words at or above which one is the other misspelt or respelt


def is_word_swap(quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether one word was swapped for another word (``fail`` for ``skip``).

    A verb, adjective or adverb replaced says something else, unless it is the same word inflected,
    misspelt or respelt. One word for one word, both written in letters and neither a function word; words of one stem
    (``include``, ``included``) or spelt alike (``colour``, ``color``; ``rejectd``) are not swaps.
    """
    if len(quoted) != 1 or len(source) != 1:
        return False
    a, b = quoted[0].lower(), source[0].lower()
    if not (a.isalpha() and b.isalpha()) or a in _FUNCTION_WORDS or b in _FUNCTION_WORDS:
        return False
    if is_unspaced(a + b) or same_stem(a, b):
        return False
    return fuzz.ratio(a, b) < _SPELLING


def is_unclear_swap(quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether a word swap (`is_word_swap`) may or may not change the meaning.

    It swaps no word of a listed class (a keyword, a negation, a number) and no opposite: such a
    quote goes to review, with the swap named.
    """
    if not is_word_swap(quoted, source) or _swapped_for_an_opposite(quoted, source):
        return False
    return not any(is_meaning_word(w) for w in (*quoted, *source))


def _swapped_for_an_opposite(quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether swapped words say the opposite: an opposite pair, or two polar words of other stems."""
    if any(is_opposite(q, s) for q in quoted for s in source):
        return True
    before = {w.lower() for w in source if w.lower() in POLARITY}
    after = {w.lower() for w in quoted if w.lower() in POLARITY}
    return bool(before and after) and not any(same_stem(b, a) or same_alternative(b, a) for b in before for a in after)


def word_opcodes(
    quote_words: Sequence[str], source_words: Sequence[str], *, keys: tuple[Sequence[str], Sequence[str]] | None = None
) -> list[tuple[str, int, int, int, int]]:
    """`difflib` opcodes (without the equal ones) turning the quote's words into the source's.

    Words are compared by `key`, so case and inner hyphens are not differences; pass ``keys``
    (the quote's and the source's) when they are at hand.
    """
    quote_keys, source_keys = (
        keys if keys is not None else ([key(w) for w in quote_words], [key(w) for w in source_words])
    )
    from difflib import SequenceMatcher  # only for a quote that differs from its source: an exact match needs none

    matcher = SequenceMatcher(None, quote_keys, source_keys, autojunk=False)
    return [op for op in matcher.get_opcodes() if op[0] != "equal"]


def word_diffs(
    quote_words: Sequence[str],
    source_words: Sequence[str],
    *,
    opcodes: Sequence[tuple[str, int, int, int, int]] | None = None,
) -> tuple[WordDiff, ...]:
    """The word-level differences between a quote and the source text it matched.

    Words are compared by `key`, so case and inner hyphens are not differences. Pass the
    `word_opcodes` of the same words when they are at hand, so they are not worked out again.
    """
    diffs: list[WordDiff] = []
    for op, q_start, q_end, s_start, s_end in (
        opcodes if opcodes is not None else word_opcodes(quote_words, source_words)
    ):
        quoted = join_words(quote_words[q_start:q_end])
        source = join_words(source_words[s_start:s_end])
        kind = _KINDS[op]
        meaning = changes_meaning(kind, quote_words[q_start:q_end], source_words[s_start:s_end])
        if not meaning and is_unspaced(quoted + source):
            meaning = _unspaced_change(quote_words, source_words, (q_start, q_end, s_start, s_end))
        diffs.append(WordDiff(kind=kind, quote=quoted, source=source, changes_meaning=meaning))
    return tuple(diffs)


def _unspaced_change(quote_words: Sequence[str], source_words: Sequence[str], spans: tuple[int, int, int, int]) -> bool:
    """Whether a difference in Chinese, Japanese or Thai text adds, drops or swaps a negation or a modal.

    Those words are several characters (``ない``, ``不得``, ``必须``) and a difference may take one of
    them only in part: each is read whole, in all the words (`unspaced_meaning_differs`).
    """
    return unspaced_meaning_differs(quote_words, source_words, spans)


def _numerals_swapped(quoted: str, source: str) -> bool:
    return bool(quoted and source) and not (quoted + source).isascii() and all(map(is_numeral, quoted + source))


def describe_difference(diff: WordDiff) -> str:
    """A difference in a reviewer's words, naming the words: ``changed 'skip' (source: 'fail')``."""
    if diff.kind == "changed":
        said = f"changed {diff.quote!r} (source: {diff.source!r})"
        if is_unclear_swap(diff.quote.split(), diff.source.split()):
            said += ": a word swapped for another, which may change the meaning"
        elif _numerals_swapped(diff.quote, diff.source):
            # Not called a change of meaning: numerals make up words too (十分, "very"; 千万, "by all means").
            said += ": numerals swapped for others, which may change a number"
        return said
    if diff.kind == "omitted":
        said = f"left out {diff.source!r}"
        return said + " (a hedge)" if any(is_hedge(w) for w in diff.source.split()) else said
    return f"added {diff.quote!r}"
