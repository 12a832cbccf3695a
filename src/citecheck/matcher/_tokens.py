"""The matcher's tokenizer: what a word is, and how two words are compared.

The index (`_index.py`), the quote (`_quote.py`), the tiers and the word diffs (`_diffs.py`) all
split text with `WORD` and compare words by `key`, so a quote and its source are cut the same way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from itertools import pairwise

from citecheck._lazy_re import lazy_compile
from citecheck.matcher._confusables import mixes_scripts, skeleton

__all__ = [
    "ASCII_WORD",
    "GREEK",
    "QUESTION_MARKS",
    "SPACED_WORD",
    "UNSPACED",
    "WORD",
    "WORD_RUN",
    "is_unspaced",
    "join_words",
    "key",
    "unaccented",
    "without_accents",
]

UNSPACED = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3005-\u3007\u3041-\u30fa\u30fc-\u30ff\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
)
"""The scripts written without spaces between words, as a regular-expression class body: Thai, Lao,
Myanmar, Khmer, Japanese kana, and Han (Chinese and Japanese). Their text is matched a character
at a time."""
_UNSPACED_MARKS = (
    "\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd\u102b-\u103e\u17b4-\u17d3\u3099\u309a"
)
# Every mark of the Basic Multilingual Plane (Unicode's categories Mn, Mc and Me, as Python's
# unicodedata has them; a test checks this against it): the vowel signs and viramas of Devanagari,
# Bengali or Tamil, which ``\w`` leaves out, so a word of those scripts would fall apart at each.
_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4-\u05c5\u05c7\u0610-\u061a"
    "\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7-\u06e8\u06ea-\u06ed\u0711\u0730-\u074a"
    "\u07a6-\u07b0\u07eb-\u07f3\u07fd\u0816-\u0819\u081b-\u0823\u0825-\u0827\u0829-\u082d"
    "\u0859-\u085b\u0898-\u089f\u08ca-\u08e1\u08e3-\u0903\u093a-\u093c\u093e-\u094f\u0951-\u0957"
    "\u0962-\u0963\u0981-\u0983\u09bc\u09be-\u09c4\u09c7-\u09c8\u09cb-\u09cd\u09d7\u09e2-\u09e3\u09fe"
    "\u0a01-\u0a03\u0a3c\u0a3e-\u0a42\u0a47-\u0a48\u0a4b-\u0a4d\u0a51\u0a70-\u0a71\u0a75\u0a81-\u0a83"
    "\u0abc\u0abe-\u0ac5\u0ac7-\u0ac9\u0acb-\u0acd\u0ae2-\u0ae3\u0afa-\u0aff\u0b01-\u0b03\u0b3c"
    "\u0b3e-\u0b44\u0b47-\u0b48\u0b4b-\u0b4d\u0b55-\u0b57\u0b62-\u0b63\u0b82\u0bbe-\u0bc2"
    "\u0bc6-\u0bc8\u0bca-\u0bcd\u0bd7\u0c00-\u0c04\u0c3c\u0c3e-\u0c44\u0c46-\u0c48\u0c4a-\u0c4d"
    "\u0c55-\u0c56\u0c62-\u0c63\u0c81-\u0c83\u0cbc\u0cbe-\u0cc4\u0cc6-\u0cc8\u0cca-\u0ccd"
    "\u0cd5-\u0cd6\u0ce2-\u0ce3\u0d00-\u0d03\u0d3b-\u0d3c\u0d3e-\u0d44\u0d46-\u0d48\u0d4a-\u0d4d"
    "\u0d57\u0d62-\u0d63\u0d81-\u0d83\u0dca\u0dcf-\u0dd4\u0dd6\u0dd8-\u0ddf\u0df2-\u0df3\u0e31"
    "\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd\u0f18-\u0f19\u0f35\u0f37\u0f39"
    "\u0f3e-\u0f3f\u0f71-\u0f84\u0f86-\u0f87\u0f8d-\u0f97\u0f99-\u0fbc\u0fc6\u102b-\u103e"
    "\u1056-\u1059\u105e-\u1060\u1062-\u1064\u1067-\u106d\u1071-\u1074\u1082-\u108d\u108f"
    "\u109a-\u109d\u135d-\u135f\u1712-\u1715\u1732-\u1734\u1752-\u1753\u1772-\u1773\u17b4-\u17d3"
    "\u17dd\u180b-\u180d\u180f\u1885-\u1886\u18a9\u1920-\u192b\u1930-\u193b\u1a17-\u1a1b\u1a55-\u1a5e"
    "\u1a60-\u1a7c\u1a7f\u1ab0-\u1ace\u1b00-\u1b04\u1b34-\u1b44\u1b6b-\u1b73\u1b80-\u1b82"
    "\u1ba1-\u1bad\u1be6-\u1bf3\u1c24-\u1c37\u1cd0-\u1cd2\u1cd4-\u1ce8\u1ced\u1cf4\u1cf7-\u1cf9"
    "\u1dc0-\u1dff\u20d0-\u20f0\u2cef-\u2cf1\u2d7f\u2de0-\u2dff\u302a-\u302f\u3099-\u309a"
    "\ua66f-\ua672\ua674-\ua67d\ua69e-\ua69f\ua6f0-\ua6f1\ua802\ua806\ua80b\ua823-\ua827\ua82c"
    "\ua880-\ua881\ua8b4-\ua8c5\ua8e0-\ua8f1\ua8ff\ua926-\ua92d\ua947-\ua953\ua980-\ua983"
    "\ua9b3-\ua9c0\ua9e5\uaa29-\uaa36\uaa43\uaa4c-\uaa4d\uaa7b-\uaa7d\uaab0\uaab2-\uaab4\uaab7-\uaab8"
    "\uaabe-\uaabf\uaac1\uaaeb-\uaaef\uaaf5-\uaaf6\uabe3-\uabea\uabec-\uabed\ufb1e\ufe00-\ufe0f"
    "\ufe20-\ufe2f"
)
_LETTERS = rf"[^\W_{UNSPACED}](?:[^\W_{UNSPACED}]+|[{_MARKS}]+)*"
WORD = lazy_compile(rf"[{UNSPACED}][{_UNSPACED_MARKS}]*|{_LETTERS}(?:'{_LETTERS})*")
"""A word as the matcher sees it: letters and digits with their marks, and inner apostrophes (``isn't``).
Hyphens and underscores separate words: ``case-sensitive`` is two words (so it matches ``case
sensitive``), and ``_MUST_`` is ``MUST``; the matcher compares what stands between words apart.
In a script written without spaces (see `UNSPACED`) each character, with its vowel and tone
marks, is a word of its own, so a quote may start and end at any character."""
WORD_RUN = re.compile(r"\w+")
"""A run of letters, digits and underscores, as `re` reads ``\\w``: coarser than `WORD` (no inner
apostrophes, a Chinese run one word), for comparing how two texts write the same words."""
_SPACED_LETTERS = rf"[^\W_](?:[^\W_]+|[{_MARKS}]+)*"
SPACED_WORD = lazy_compile(rf"{_SPACED_LETTERS}(?:'{_SPACED_LETTERS})*")
"""`WORD` for text without a character of `UNSPACED`: the same words, found faster."""
ASCII_WORD = re.compile(r"[A-Za-z0-9]+(?:'[A-Za-z0-9]+)*")
"""`WORD` for ASCII text, which has no marks: the same words, found faster still (and compiled at once)."""
UNSPACED_CHAR = lazy_compile(f"[{UNSPACED}]")
"""One character of `UNSPACED`."""


def is_unspaced(text: str) -> bool:
    """Whether ``text`` holds a character of a script written without spaces (see `UNSPACED`)."""
    return not text.isascii() and UNSPACED_CHAR.search(text) is not None


def unaccented(text: str) -> str:
    """``text`` lowercased without its accents: ``nao`` is ``não``, ``Único`` gives the ``u`` of ``SUS``."""
    return without_accents(text.lower())


def without_accents(text: str) -> str:
    """``text`` without its accents, in its own case: ``peut-etre`` for ``peut-être``."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


QUESTION_MARKS = frozenset("?\uff1f")
"""The question marks a sentence ends with: ASCII and full-width."""


def join_words(words: Sequence[str]) -> str:
    """Words as a person reads them: a space between two, none between two characters of `UNSPACED`.

    ``サンプル`` is one word of Japanese to its reader, though the matcher reads it a character at
    a time; ``Err 値`` keeps its space.
    """
    if len(words) < 2 or "".join(words).isascii():
        return " ".join(words)
    parts = [words[0]]
    for left, right in pairwise(words):
        if not (UNSPACED_CHAR.fullmatch(left[-1:]) and UNSPACED_CHAR.match(right)):
            parts.append(" ")
        parts.append(right)
    return "".join(parts)


_GREEK_NAMES = (
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma sigma tau upsilon "
    "phi chi psi omega"
)
GREEK = {chr(0x3B1 + i): name for i, name in enumerate(_GREEK_NAMES.split())}
"""Lowercase Greek letters (U+03B1 to U+03C9) and their names: alpha-catenin is the same word with
the letter or its name."""


def key(word: str) -> str:
    """How two words are compared: case (fully folded), apostrophes aside, a Greek letter by name.

    A word that mixes Latin and Cyrillic letters is compared by its look-alike letters of its main
    script (``permission`` written with a Cyrillic e, U+0435, is ``permission``); the tiers that
    match it so flag it ``look_alike``.
    """
    folded = word.casefold().replace("-", "").replace("'", "")
    if folded.isascii():
        return folded
    if mixes_scripts(folded):
        folded = skeleton(folded)
    return "".join(GREEK.get(char, char) for char in folded)
