"""Word-level differences between a quote and the source, and which of them change the meaning.

A quote may differ from its source harmlessly (case, punctuation, a hyphen) or harmfully: a
normative keyword swapped (MUST to SHOULD), a negation added or dropped, a number, date or unit
changed. The harmful kinds are listed here, so the matcher never passes an altered quote off as
found.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import Literal

from citecheck._models import WordDiff

__all__ = [
    "MEANING_WORDS",
    "WORD",
    "inverts",
    "is_meaning_word",
    "key",
    "word_diffs",
    "word_opcodes",
]

_NORMATIVE = {"must", "should", "may", "required", "shall", "optional", "recommended", "not"}
_MODALS = {"can", "could", "might", "will", "would", "need", "needs"}
_NEGATIONS = {
    "no",
    "not",
    "never",
    "neither",
    "nor",
    "none",
    "nothing",
    "nobody",
    "cannot",
    "without",
    "unless",
    "except",
    "only",
    "n't",
}
_PLAIN_NEGATIONS = {"not", "never", "cannot"}
_SHORT_GAP = 4  # words: a gap this short is all next to the words kept
_MONTHS = {
    "january",
    "february",
    "march",
    "april",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
}
_UNITS = {
    "seconds",
    "minute",
    "minutes",
    "hour",
    "hours",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "ms",
    "millisecond",
    "milliseconds",
    "byte",
    "bytes",
    "octet",
    "octets",
    "bit",
    "bits",
    "kb",
    "mb",
    "gb",
    "percent",
    "utc",
    "once",
    "twice",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "hundred",
    "thousand",
    "million",
    "first",
    "second",
    "third",
    "least",
    "most",
    "more",
    "less",
    "fewer",
    "all",
    "any",
    "every",
    "some",
}

# Words whose swap for another word reverses what a sentence says (accepted for rejected).
_POLARITY = {
    "accept",
    "accepted",
    "reject",
    "rejected",
    "allow",
    "allowed",
    "forbid",
    "forbidden",
    "permitted",
    "prohibited",
    "present",
    "absent",
    "before",
    "after",
    "earlier",
    "later",
    "true",
    "false",
    "valid",
    "invalid",
    "enable",
    "enabled",
    "disable",
    "disabled",
    "include",
    "included",
    "exclude",
    "excluded",
    "minimum",
    "maximum",
    "larger",
    "smaller",
    "greater",
    "lower",
    "higher",
    "increase",
    "decrease",
    "always",
    "sometimes",
    "mandatory",
    "public",
    "private",
    "encrypted",
    "unencrypted",
    "signed",
    "unsigned",
    "secure",
    "insecure",
    "trusted",
    "untrusted",
}

MEANING_WORDS: frozenset[str] = frozenset(_NORMATIVE | _MODALS | _NEGATIONS | _MONTHS | _UNITS | _POLARITY)
"""Words whose change changes what a quote says: normative keywords (RFC 2119), modal verbs,
negations, months, units, number words and quantifiers, and words of opposite pairs (accepted and
rejected, before and after, valid and invalid). Any word holding a digit counts too, and any
contraction with ``n't``."""

_KINDS: dict[str, Literal["changed", "added", "omitted"]] = {
    "replace": "changed",
    "insert": "omitted",
    "delete": "added",
}
WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
"""A word as the matcher sees it: letters and digits, with inner hyphens and apostrophes
(``case-sensitive``, ``isn't``). Underscores separate words, so ``_MUST_`` is ``MUST``."""


def key(word: str) -> str:
    """How two words are compared: case (fully folded: ß is ss), hyphens and apostrophes aside."""
    return word.casefold().replace("-", "").replace("'", "")


def is_meaning_word(word: str) -> bool:
    """Whether changing ``word`` changes the meaning: see `MEANING_WORDS`; any word with a digit too."""
    lowered = word.lower().replace("\u2019", "'")
    return lowered in MEANING_WORDS or lowered.endswith("n't") or any(char.isdigit() for char in word)


def _changes_meaning(kind: str, quoted: Sequence[str], source: Sequence[str]) -> bool:
    """Whether one difference changes the meaning.

    Any normative keyword, negation, number, date or unit among the words does. A word of an
    opposite pair (accepted, rejected) does when it is added or left out, or when the other side
    has another word of the pairs; not when it is only misspelt or inflected (``rejectd``,
    ``include`` for ``included``), which the fuzzy tier sends to review instead.
    """
    words = [w.lower() for w in (*quoted, *source)]
    if any(is_meaning_word(w) and w not in _POLARITY for w in words):
        return True
    if kind != "changed":
        return any(w in _POLARITY for w in words)
    before = {w.lower() for w in source if w.lower() in _POLARITY}
    after = {w.lower() for w in quoted if w.lower() in _POLARITY}
    return bool(before and after) and not any(_same_stem(b, a) for b in before for a in after)


def _same_stem(left: str, right: str) -> bool:
    stem = min(len(left), len(right), 5)
    return left[:stem] == right[:stem]


def inverts(left_out: Sequence[str]) -> bool:
    """Whether leaving these words out of a quote could invert what it says.

    It could when the words hold a plain negation (``not``, ``never``, ``cannot``, ``-n't``), or a
    negation or normative keyword right at either end, next to the words kept (``MUST ... accept``
    leaving out ``NOT``), or anywhere in a gap of a few words. A negation inside a longer clause
    left out whole (``usually no more than a few minutes``) does not.
    """
    lowered = [w.lower() for w in left_out]
    if any(w in _PLAIN_NEGATIONS or w.endswith("n't") for w in lowered):
        return True
    risky = _NORMATIVE | _NEGATIONS
    if len(lowered) <= _SHORT_GAP:
        return any(w in risky for w in lowered)
    return lowered[0] in risky or lowered[-1] in risky


def word_opcodes(quote_words: Sequence[str], source_words: Sequence[str]) -> list[tuple[str, int, int, int, int]]:
    """`difflib` opcodes (without the equal ones) turning the quote's words into the source's.

    Words are compared by `key`, so case and inner hyphens are not differences.
    """
    matcher = SequenceMatcher(None, [key(w) for w in quote_words], [key(w) for w in source_words], autojunk=False)
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
        quoted = " ".join(quote_words[q_start:q_end])
        source = " ".join(source_words[s_start:s_end])
        kind = _KINDS[op]
        meaning = _changes_meaning(kind, quote_words[q_start:q_end], source_words[s_start:s_end])
        diffs.append(WordDiff(kind=kind, quote=quoted, source=source, changes_meaning=meaning))
    return tuple(diffs)
