"""The common words of each spaced language: what tells a word from a piece of one where a document is too short to.

A quote cut inside a word may leave a word of its own (``now`` of ``nowhere``), which says
something else, or a piece no one writes (``nformation``: a chunk's boundary), which says nothing
new. The document's own words tell most such cuts apart; a short page writes too few of them. The
words here come from pyspellchecker's frequency lists (word counts of film subtitles, one list per
language), of which the `_COMMONEST` most frequent are kept: the rare tail of those lists holds
pieces of words too (``ing``, ``tion`` are no entries, but some such are).

The lists are read on first use, one language at a time (0.05 to 0.4 s each), as most quotes are
never cut inside a word.
"""

from __future__ import annotations

import heapq
from functools import cache

from citecheck.matcher._lexicon import SPACED_LANGUAGES, spaced_language

__all__ = ["is_common_word"]

_COMMONEST = 30_000
# The languages whose words are written in each script.
_LANGUAGES_BY_SCRIPT = {
    "cyrillic": ("ru",),
    "latin": tuple(language for language in SPACED_LANGUAGES if language != "ru"),
}


@cache
def _common_words(language: str) -> frozenset[str]:
    from spellchecker import SpellChecker  # read only where a quote is cut inside a word

    counts = SpellChecker(language=language, distance=1).word_frequency.dictionary
    return frozenset(heapq.nlargest(_COMMONEST, counts, key=counts.__getitem__))


def is_common_word(word: str, context: list[str]) -> bool:
    """Whether ``word`` is one of the commonest words of the language of ``context`` (lowercased words).

    When the words do not tell their language (`spaced_language`), of any spaced language written
    in ``word``'s script, if most of ``context`` is written in it: a piece of a word that is a word
    in one of them may be read as that word, but a name in another script's text (``props`` in
    Thai) is read as no language's. A word of one letter, or of a script no list covers (Greek,
    Korean...), is none.
    """
    lowered = word.lower()
    if len(lowered) < 2 or not lowered.isalpha():
        return False
    told = spaced_language(context)
    if told is not None:
        return lowered in _common_words(told)
    script = _script(lowered)
    if script is None or 2 * sum(_script(w) == script for w in context) <= len(context):
        return False
    return any(lowered in _common_words(language) for language in _LANGUAGES_BY_SCRIPT[script])


def _script(word: str) -> str | None:
    """The script of the word's first letter, of those whose languages have lists here."""
    first = word[:1]
    if "a" <= first <= "z" or "\u00c0" <= first <= "\u024f":
        return "latin"
    if "\u0400" <= first <= "\u04ff":
        return "cyrillic"
    return None
