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
WORD = lazy_compile(rf"[{UNSPACED}][{_UNSPACED_MARKS}]*|[^\W_{UNSPACED}]+(?:'[^\W_{UNSPACED}]+)*")
"""A word as the matcher sees it: letters and digits, with inner apostrophes (``isn't``).
Hyphens and underscores separate words: ``case-sensitive`` is two words (so it matches ``case
sensitive``), and ``_MUST_`` is ``MUST``; the matcher compares what stands between words apart.
In a script written without spaces (see `UNSPACED`) each character, with its vowel and tone
marks, is a word of its own, so a quote may start and end at any character."""
WORD_RUN = re.compile(r"\w+")
"""A run of letters, digits and underscores, as `re` reads ``\\w``: coarser than `WORD` (no inner
apostrophes, a Chinese run one word), for comparing how two texts write the same words."""
SPACED_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
"""`WORD` for text without a character of `UNSPACED` (ASCII text): the same words, found faster."""
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
