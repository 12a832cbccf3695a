"""The common words of each spaced language: what tells a word from a piece of one where a document is too short to.

A quote cut inside a word may leave a word of its own (``now`` of ``nowhere``), which says
something else, or a piece no one writes (``nformation``: a chunk's boundary), which says nothing
new. The document's own words tell most such cuts apart; a short page writes too few of them. The
words here come from pyspellchecker's frequency lists (word counts of film subtitles, one list per
language), of which the `_COMMONEST` most frequent are kept (all of the Russian list's 19,880):
even so they hold pieces of words (``ing``, ``ed``, ``re``), which the loose tier weighs
(`citecheck.matcher._tiers._loose`).

The lists are read on first use, one language at a time (0.05 to 0.7 s each; about 1.5 s and
100 MB for the five Latin-script ones, which a page whose words do not tell its language reads),
as most quotes are never cut inside a word.
"""

from __future__ import annotations

import heapq
import threading

from citecheck.matcher._confusables import script_of
from citecheck.matcher._lexicon import SPACED_LANGUAGES, likeliest_language

__all__ = ["is_common_word"]

_COMMONEST = 30_000
# The languages whose words are written in each script.
_LANGUAGES_BY_SCRIPT = {
    "CYRILLIC": ("ru",),
    "LATIN": tuple(language for language in SPACED_LANGUAGES if language != "ru"),
}


_READ: dict[str, dict[str, int]] = {}
# Threads of a batch may meet their first cut word together: one reads the list, the others wait.
_READING = threading.Lock()


def _ranks(language: str) -> dict[str, int]:
    """The `_COMMONEST` words of a language, each with its rank (0: the commonest), read once."""
    ranks = _READ.get(language)
    if ranks is None:
        with _READING:
            ranks = _READ.get(language)
            if ranks is None:
                ranks = _READ[language] = _read_ranks(language)
    return ranks


def _read_ranks(language: str) -> dict[str, int]:
    from spellchecker import SpellChecker  # read only where a quote is cut inside a word

    counts = SpellChecker(language=language, distance=1).word_frequency.dictionary
    return {word: rank for rank, word in enumerate(heapq.nlargest(_COMMONEST, counts, key=counts.__getitem__))}


def is_common_word(word: str, context: list[str], *, top: int = _COMMONEST) -> bool:
    """Whether ``word`` is one of the ``top`` commonest words of the language of ``context`` (lowercased words).

    When the words do not tell their language (`likeliest_language`), of any spaced language written
    in ``word``'s script, if most of ``context`` is written in it: a piece of a word that is a word
    in one of them may be read as that word, but a name in another script's text (``props`` in
    Thai) is read as no language's. A word of one letter, or of a script no list covers (Greek,
    Korean...), is none.
    """
    lowered = word.lower()
    if len(lowered) < 2 or not lowered.isalpha():
        return False
    told = likeliest_language(context)
    if told is not None:
        return _ranks(told).get(lowered, top) < top
    script = script_of(lowered[0])
    if script is None or 2 * sum(script_of(w[:1]) == script for w in context) <= len(context):
        return False
    return any(_ranks(language).get(lowered, top) < top for language in _LANGUAGES_BY_SCRIPT[script])
