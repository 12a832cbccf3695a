"""The matcher's tokenizer: what a word is, and how two words are compared.

The index (`_index.py`), the quote (`_quote.py`), the tiers and the word diffs (`_diffs.py`) all
split text with `WORD` and compare words by `key`, so a quote and its source are cut the same way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache
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
    "has_kana",
    "is_unspaced",
    "join_words",
    "key",
    "other_script",
    "unaccented",
    "unread_letter",
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


@cache
def _marks() -> str:
    """Every mark of a script (categories Mn, Mc, Me, up to U+1F000), as Python's Unicode data has them.

    The vowel signs and viramas of Devanagari, Bengali or Tamil, which a regular expression's word
    class leaves out, so a word of those scripts would fall apart at each. Read from `unicodedata`
    (about 10 ms), once, when a pattern for non-ASCII text is first compiled: each Python's Unicode
    version adds some.
    """
    category = unicodedata.category
    return "".join(char for char in map(chr, range(0x0300, _LAST_MARKED)) if category(char)[0] == "M")


_LAST_MARKED = 0x1F000  # past the scripts of the Supplementary Multilingual Plane (Newa, Chakma, Adlam...)


def _letters(excluded: str) -> str:
    """A run of letters and digits with their marks, none of ``excluded`` (a class body)."""
    return rf"[^\W_{excluded}](?:[^\W_{excluded}]+|[{_marks()}]+)*"


WORD = lazy_compile(lambda: rf"[{UNSPACED}][{_UNSPACED_MARKS}]*|{_letters(UNSPACED)}(?:'{_letters(UNSPACED)})*")
"""A word as the matcher sees it: letters and digits with their marks, and inner apostrophes (``isn't``).
Hyphens and underscores separate words: ``case-sensitive`` is two words (so it matches ``case
sensitive``), and ``_MUST_`` is ``MUST``; the matcher compares what stands between words apart.
In a script written without spaces (see `UNSPACED`) each character, with its vowel and tone
marks, is a word of its own, so a quote may start and end at any character."""
WORD_RUN = re.compile(r"\w+")
"""A run of letters, digits and underscores, as `re` reads ``\\w``: coarser than `WORD` (no inner
apostrophes, a Chinese run one word), for comparing how two texts write the same words."""
SPACED_WORD = lazy_compile(lambda: rf"{_letters('')}(?:'{_letters('')})*")
"""`WORD` for text without a character of `UNSPACED`: the same words, found faster."""
ASCII_WORD = re.compile(r"[A-Za-z0-9]+(?:'[A-Za-z0-9]+)*")
"""`WORD` for ASCII text, which has no marks: the same words, found faster still (and compiled at once)."""
UNSPACED_CHAR = lazy_compile(f"[{UNSPACED}]")
"""One character of `UNSPACED`."""


def has_kana(text: str) -> bool:
    """Whether ``text`` holds a Japanese kana (hiragana or katakana): Japanese, not Chinese, where both have Han."""
    return any("\u3040" <= char <= "\u30ff" for char in text)


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


def unread_letter(word: str) -> str | None:
    """The word's first letter of an alphabet no word list of the matcher is written for, in a word of its language.

    Those lists are written for English, French, German, Portuguese and Spanish (the Latin alphabet
    and their accents), Russian, Chinese, Japanese, Korean and Thai. A letter of a Latin or
    Cyrillic alphabet's own (Polish ``ł``, Ukrainian ``ї``) counts in any word, and so does one of a
    script without spaces (Lao, Khmer, Myanmar: a word is a character); one of another script
    (Greek, Arabic, Devanagari) in a word of three such letters at least, not a symbol of English
    prose (a Greek letter, micrometres). Never a modifier letter (the superscript n of a power).
    """
    if word.isascii():
        return None
    lowered = word.lower()
    letter = next((c for c in lowered if c.isalpha() and not c.isascii() and not _read(c)), None)
    if letter is None or unicodedata.category(letter) == "Lm":
        return None
    if other_script(letter) and not is_unspaced(letter) and sum(not c.isascii() for c in lowered) < _SCRIPT_WORD:
        return None
    return letter


def other_script(letter: str) -> bool:
    """Whether an unread letter (`unread_letter`) is of a script of its own, not a Latin or Cyrillic alphabet's."""
    return _EXTENDED.match(letter) is None


def _read(letter: str) -> bool:
    return letter in _READ_LETTERS or _READ_SCRIPT.match(letter) is not None


# Lower case, as `unread_letter` reads words (İ lowercases to i and a dot above, which is no letter).
_READ_LETTERS = frozenset("àâäæçéèêëîïôöœùûüÿßãõáíóúñºª" + "".join(map(chr, range(0x0430, 0x0450))) + "ё")
# Thai, Hangul (jamo, compatibility jamo, syllables), kana and Han with their CJK blocks, the
# half-width forms, and the supplementary ideographs: of `UNSPACED`, all but Lao, Myanmar and Khmer.
_READ_SCRIPT = lazy_compile(
    "[\u0e00-\u0e7f\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003134f]"
)
_EXTENDED = lazy_compile("[\u00c0-\u024f\u1e00-\u1eff\u0400-\u052f]")  # Latin and Cyrillic letters with marks
_SCRIPT_WORD = 3
