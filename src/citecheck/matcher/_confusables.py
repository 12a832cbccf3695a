# ruff: noqa: RUF002, RUF003  # look-alike letters are what this module is about
"""Look-alike letters of another script inside a word: Cyrillic ``е`` in ``pеrmission``, Latin ``o`` in ``слово``.

A word written mostly in Latin letters with a few Cyrillic ones that look the same (or the
reverse) reads as the same word to a person, and to every tool that folds Unicode's confusables
(UTS #39). The look-alikes come from Unicode's confusables data as `confusable_homoglyphs` ships
it, imported only when a word mixes the two scripts: most text never pays for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from citecheck._lazy_re import lazy_compile

__all__ = ["look_alike_letters", "look_alike_note", "mixes_scripts", "script_of", "skeleton", "skeletons"]

# The letters a Latin word of a European language is written in: ASCII and the accented letters of
# Latin-1 and Latin Extended-A/B (not the multiplication and division signs). Not the IPA and
# phonetic letters, which Unicode lists as confusable with Cyrillic ones (``ʍ`` for ``м``, ``ᴛ`` for
# ``т``) but no one writes in a word: read as Latin, they made every letter of ``меняeт`` look Latin.
_LATIN_LETTERS = "a-zA-Z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
_LATIN = lazy_compile(f"[{_LATIN_LETTERS}]")
_CYRILLIC = lazy_compile(r"[\u0400-\u04ff]")
_LETTER_OF = {"LATIN": _LATIN, "CYRILLIC": _CYRILLIC}
# A Latin letter next to a Cyrillic one: a word of letters that mixes the two scripts has one, and
# a regular expression of two character classes finds it fast, over one word or many joined. An
# accented Latin letter counts (``seçãо`` with a Cyrillic ``о``).
_MIXED = lazy_compile(f"[{_LATIN_LETTERS}][\u0400-\u04ff]|[\u0400-\u04ff][{_LATIN_LETTERS}]")


def script_of(letter: str) -> str | None:
    """``LATIN`` or ``CYRILLIC`` for a letter a European language writes in that script, else ``None``."""
    return next((script for script, letters in _LETTER_OF.items() if letters.fullmatch(letter)), None)


def mixes_scripts(word: str) -> bool:
    """Whether ``word`` holds a Latin letter next to a Cyrillic one; cheap, and false for ASCII."""
    return not word.isascii() and _MIXED.search(word) is not None


@cache
def _look_alike(char: str, script: str) -> str | None:
    """The letter of ``script`` (``LATIN``, ``CYRILLIC``) that Unicode lists as confusable with ``char``."""
    from confusable_homoglyphs import categories, confusables  # type: ignore[import-untyped]  # 2 MB, loaded on need

    for homoglyph in confusables.confusables_data.get(char, ()):
        glyph = homoglyph["c"]
        if len(glyph) == 1 and categories.alias(glyph) == script and _LETTER_OF[script].fullmatch(glyph):
            return str(glyph)
    return None


def _scripts(word: str) -> tuple[str, str]:
    """The word's main script and the other one.

    The word is read in the script into which all its other letters turn: Latin for ``ехресt``
    (every Cyrillic letter of it looks like a Latin one), Cyrillic for ``слoво`` (``л`` and ``в``
    look like no Latin letter, the Latin ``o`` like a Cyrillic one). When neither is so, the
    script with more letters leads, Latin on a tie.
    """
    latin, cyrillic = _LATIN.findall(word), _CYRILLIC.findall(word)
    if all(_look_alike(char, "LATIN") for char in cyrillic):
        return "LATIN", "CYRILLIC"
    if all(_look_alike(char, "CYRILLIC") for char in latin):
        return "CYRILLIC", "LATIN"
    return ("CYRILLIC", "LATIN") if len(cyrillic) > len(latin) else ("LATIN", "CYRILLIC")


def look_alike_letters(word: str) -> list[tuple[str, str]]:
    """The letters of a mixed-script word written in its minor script, each with its look-alike.

    Returns:
        ``(letter, look-alike in the word's main script)`` pairs, in order, each once; empty for a
        word that does not mix scripts or whose letters look like none of the main script's.
    """
    if not mixes_scripts(word):
        return []
    main, minor = _scripts(word)
    pairs: dict[str, str] = {}
    for char in _LETTER_OF[minor].findall(word):
        replacement = _look_alike(char, main)
        if replacement is not None:
            pairs.setdefault(char, replacement)
    return list(pairs.items())


def skeleton(word: str) -> str:
    """``word`` with its minor-script letters replaced by their look-alikes (itself when none)."""
    pairs = look_alike_letters(word)
    if not pairs:
        return word
    table: dict[str, str | int | None] = dict(pairs)
    return word.translate(str.maketrans(table))


def skeletons(keys: list[str], joined: str) -> list[str]:
    """`skeleton` of each of many words, given also joined (by any non-letter): one search when none mixes."""
    if _CYRILLIC.search(joined) is None or _MIXED.search(joined) is None:
        return keys
    return [skeleton(word) if mixes_scripts(word) else word for word in keys]


def look_alike_note(quoted: Sequence[str], source: Sequence[str]) -> str:
    """A reviewer's note naming the words of a quote or of its matched source that mix look-alike scripts ("": none).

    A word the quote writes as the source does, letter for letter (``Resultтак``, a Markdown page's
    code span run into the next word), is the source's own: no note.
    """
    quoted_set, source_set = set(quoted), set(source)
    quoted_mixed = [w for w in quoted if w not in source_set and mixes_scripts(w)]
    source_mixed = [w for w in source if w not in quoted_set and mixes_scripts(w)]
    if not quoted_mixed and not source_mixed:
        return ""
    parts = [
        f"{word!r} ({', '.join(f'{minor!r} for {main!r}' for minor, main in look_alike_letters(word))})"
        for word in dict.fromkeys([*quoted_mixed, *source_mixed])
    ]
    where = (
        "the quote and the source" if quoted_mixed and source_mixed else "the quote" if quoted_mixed else "the source"
    )
    return (
        f"words that look alike but mix two scripts, in {where}: {'; '.join(parts)}: the same word to a reader, "
        "or a deliberate trick, so a person should look"
    )
